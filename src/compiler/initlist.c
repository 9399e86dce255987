/* Initialisation lists `{a, b, {c, d}}`: checked against the pattern the type's list factory
 * declares (`{repeat T}`, `{repeat {string, ?}}`, `{int, int}`), built into a buffer in the frame
 * by that pattern, then passed to the factory.
 *
 * Buffer layout, AngelScript 2.35.1's, so list factories written for the reference engine read it
 * unchanged: a uint32 count before each `repeat`; values of 4 bytes or more, counts and `?` type
 * ids start at the next multiple of 4 (never 8), 1- and 2-byte values follow what precedes them
 * directly; primitives inline; `?` as an int32 type id (0: null) followed by the value. Readers
 * must therefore use unaligned access. Objects and handles are pointers. (The reference stores
 * value objects inline; angelc passes a pointer to a value the caller keeps for the call, since
 * its value types, strings among them, cannot live at 4-byte alignment.) The buffer owns the
 * references of handles and reference objects as in the reference: a factory may take one by
 * clearing its pointer; the caller releases the others after the call. */
#include "stmt.h"
#include "call.h"
#include "opcall.h"
#include "util/mem.h"
#include <string.h>

/* The element count the first list matching a `repeat_same` pattern fixed for its siblings. */
typedef struct same_count {
    const ast_node *pattern;
    int count;
} same_count;

/* A reference the buffer holds at `offset`; `slot` owns it until the factory has had its say. */
typedef struct handback {
    int slot;
    uint32_t offset;
} handback;

typedef struct list_builder {
    fc *f;
    as_type *owner;         /* the type being built (its subtypes replace T) */
    int buf;                /* first slot of the buffer */
    uint32_t size;          /* bytes used so far */
    bool measure;           /* first pass: only compute the size (an upper bound), report nothing */
    bool failed;            /* an element did not compile: report the others, build nothing */
    bool mismatch;          /* the list's shape does not match the pattern: stop there */
    /* a list too large for the frame is built here instead, when it holds constant numbers only
     * (then passed as constants: BC_KADDR); not_const: an element is something else */
    uint8_t *blob;
    bool not_const;
    VEC(ev) keep;           /* element values alive until the factory returns */
    VEC(handback) back;
    VEC(same_count) same;
} list_builder;

static uint32_t align_to(uint32_t v, uint32_t a) { return (v + a - 1) & ~(a - 1); }

bool c_pattern_type(as_compiler *c, as_type *owner, const ast_node *tn, as_dtype *out)
{
    as_type *tmpl = owner->template_base;
    as_type *save = c->reg_template;
    bool save_reg = c->in_registration;
    c->reg_template = tmpl;
    c->in_registration = tmpl != NULL;
    bool ok = c_resolve_type(c, tn, owner->ns, NULL, out);
    c->reg_template = save;
    c->in_registration = save_reg;
    if (!ok) return false;
    if (tmpl) {
        for (int i = 0; i < tmpl->subtypes.count; i++) {
            if (out->type == tmpl->subtypes.data[i].type) {
                uint8_t fl = out->flags;
                *out = owner->subtypes.data[i];
                if (fl & DT_HANDLE) out->flags |= DT_HANDLE;
            }
        }
        if (out->type == tmpl) out->type = owner;
    }
    return true;
}

bool compiler_pattern_type(as_engine *e, as_type *owner, const ast_node *tn, as_dtype *out)
{
    as_compiler c;
    compiler_for_registration(e, &c);
    c.diag.report = NULL;
    mem_guard g;
    mem_guard_push(&g, NULL, NULL);
    if (setjmp(g.jb)) return false;
    bool ok = c_pattern_type(&c, owner, tn, out) && c.diag.errors == 0;
    mem_guard_end(&g);
    return ok;
}

static bool resolve_pattern_type(list_builder *b, ast_node *tn, as_dtype *out)
{
    return c_pattern_type(b->f->c, b->owner, tn, out);
}

/* Where the next value of `size` bytes goes, by the reference's packing. */
static uint32_t reserve(list_builder *b, uint32_t size)
{
    if (size >= 4) b->size = align_to(b->size, 4);
    uint32_t at = b->size;
    b->size += size;
    return at;
}

/* Bytes a value of type dt takes: objects and handles are pointers. */
static uint32_t elem_size(const as_dtype *dt)
{
    if (dt_is_object(dt) || dt_is_handle(dt)) return (uint32_t)sizeof(void *);
    int s = dt_size(dt);
    return s > 0 ? (uint32_t)s : 4;
}

/* The 16-bit offsets of loads and stores cannot span a big buffer: address the slot that holds
 * byte `offset` and leave the rest of it for the instruction. */
static int buffer_addr(list_builder *b, uint32_t offset, int *rest)
{
    int a = slot_alloc(b->f, 1);
    emit(b->f, BC_ADDR, a, b->buf + (int)(offset / 8), 0);
    *rest = (int)(offset % 8);
    return a;
}

static void store_slot(list_builder *b, int src, uint32_t offset, uint32_t bytes)
{
    if (b->measure) return;
    int rest;
    int a = buffer_addr(b, offset, &rest);
    as_opcode op = bytes == 1 ? BC_ST8 : bytes == 2 ? BC_ST16 : bytes == 4 ? BC_ST32 : BC_ST64;
    emit(b->f, op, src, a, rest);
    slot_free(b->f, a, 1);
}

/* n bytes of v (as ST8 .. ST64 store them) at `offset` of the constant buffer. */
static void blob_put(list_builder *b, uint64_t v, uint32_t offset, uint32_t n)
{
    if (n == 1) { uint8_t x = (uint8_t)v; memcpy(b->blob + offset, &x, 1); }
    else if (n == 2) { uint16_t x = (uint16_t)v; memcpy(b->blob + offset, &x, 2); }
    else if (n == 4) { uint32_t x = (uint32_t)v; memcpy(b->blob + offset, &x, 4); }
    else memcpy(b->blob + offset, &v, 8);
}

static void store_const32(list_builder *b, uint32_t v, uint32_t offset)
{
    if (b->blob) {
        blob_put(b, v, offset, 4);
        return;
    }
    if (b->measure) return;
    int t = slot_alloc(b->f, 1);
    as_slot k;
    k.u64 = v;
    emit_load_const(b->f, t, k, false);
    store_slot(b, t, offset, 4);
    slot_free(b->f, t, 1);
}

/* The type id of dt (NULL: 0, the null handle), a K_TYPEID constant for object types. */
static void store_typeid(list_builder *b, const as_dtype *dt, uint32_t offset)
{
    if (b->blob) {
        b->not_const = true;
        return;
    }
    if (b->measure) return;
    int t = slot_alloc(b->f, 1);
    emit_load_typeid(b->f, t, dt);
    store_slot(b, t, offset, 4);
    slot_free(b->f, t, 1);
}

/* A handle or reference object value as a reference of its own in a temp slot, which the buffer
 * shares: the factory may take it, and the caller releases it unless it did. */
static int owned_reference(list_builder *b, ev *v)
{
    fc *f = b->f;
    int s = ev_to_slot(f, v, -1);
    if (v->kind == EV_SLOT && v->temp && v->objvar >= 0 && f->objvars.data[v->objvar].slot == s &&
        f->objvars.data[v->objvar].kind == OV_HANDLE)
        return s;
    int dst = slot_alloc(f, 1);
    as_dtype type = v->type;
    emit(f, BC_MOV, dst, s, 0);
    emit(f, BC_ADDREF, dst, k_type(f, type.type), 0);
    ev_free(f, v);
    ev_init(v, EV_SLOT);
    v->type = type;
    v->slot = (uint16_t)dst;
    v->temp = true;
    v->ntemp = 1;
    v->objvar = objvar_begin(f, dst, OV_HANDLE, v->type.type);
    return dst;
}

/* Stores the compiled value v of type dt at `at` and keeps it alive for the call. */
static void store_value(list_builder *b, ev *v, const as_dtype *dt, uint32_t at, uint32_t size)
{
    fc *f = b->f;
    if (b->blob) {
        if (v->kind == EV_CONST && !dt_is_pointer(dt) && !dt_is_object(dt)) blob_put(b, v->k.u64, at, size);
        else b->not_const = true;
        ev_free(f, v);
        return;
    }
    if (v->kind == EV_NULL) {
        store_slot(b, ev_to_slot(f, v, -1), at, size);
    } else if (dt_is_pointer(dt)) {
        int s = owned_reference(b, v);
        store_slot(b, s, at, size);
        handback hb = {s, at};
        VEC_PUSH(b->back, hb);
    } else if (dt_is_object(dt)) {
        store_slot(b, ev_address(f, v, -1), at, size);
    } else {
        /* a primitive is in the buffer now: its slot is free for the next element (a list of
         * 100,000 numbers needs only its buffer's slots) */
        store_slot(b, ev_to_slot(f, v, -1), at, size);
        ev_free(f, v);
        return;
    }
    VEC_PUSH(b->keep, *v);
}

/* One element of type `want` from expression n (NULL: an empty element, default value). */
static void build_value(list_builder *b, ast_node *n, as_dtype want)
{
    fc *f = b->f;
    uint32_t size = elem_size(&want);
    uint32_t at = reserve(b, size);
    if (b->measure) return;
    ev v;
    if (!n) {
        if (dt_is_handle(&want)) {
            ev_init(&v, EV_NULL);
            v.type = want;
        } else if (dt_is_object(&want)) {
            compile_new_object(f, want, NULL, 0, NULL, &v, -1);
        } else {
            as_slot z;
            z.u64 = 0;
            ev_const(f, &v, dt_prim_id(&want), z);
            v.type = want;
        }
    } else {
        as_dtype w = want;
        w.flags &= (uint8_t)~DT_CONST;
        compile_expr_as(f, n, &w, &v);
    }
    if (v.kind == EV_ERROR) {
        b->failed = true;
        return;
    }
    store_value(b, &v, &want, at, size);
}

/* A `?` element: the type id, then the value. */
static void build_any(list_builder *b, ast_node *n)
{
    fc *f = b->f;
    uint32_t id_at = reserve(b, 4);
    if (b->measure) {
        /* the value's size is unknown until compiled: reserve the widest */
        reserve(b, 8);
        return;
    }
    ev v;
    if (!n) {
        ev_init(&v, EV_NULL);
        v.type = dt_of(&f->c->engine->null_type, DT_HANDLE);
    } else if (n->kind == AST_INITLIST) {
        c_error(f->c, n, "Initialization lists cannot be used with '?'");
        ev_error(&v);
    } else {
        compile_expr(f, n, &v);
        if (v.kind == EV_PROP) ev_resolve_prop(f, &v, n);
        /* a function: a handle of the funcdef of its signature */
        if (v.kind == EV_FUNC) opcall_func_to_own_handle(f, &v, n);
        if (v.kind == EV_VOID || v.kind == EV_TYPE || v.kind == EV_NS) {
            c_error(f->c, n, "Data type can't be '%s'", v.kind == EV_VOID ? "void" : "<unknown>");
            ev_free(f, &v);
            ev_error(&v);
        }
    }
    if (v.kind == EV_ERROR) {
        b->failed = true;
        return;
    }
    store_typeid(b, v.kind == EV_NULL ? NULL : &v.type, id_at);
    uint32_t size = v.kind == EV_NULL ? (uint32_t)sizeof(void *) : elem_size(&v.type);
    store_value(b, &v, &v.type, reserve(b, size), size);
}

static void build_list(list_builder *b, ast_node *pattern, ast_node *list);

static void mismatch(list_builder *b, ast_pos at, const char *msg)
{
    if (!b->measure) c_error_pos(b->f->c, at, "%s", msg);
    b->mismatch = true;
}

/* One item of the pattern (a type or a nested pattern) from element i of the list. */
static void build_item(list_builder *b, ast_node *pitem, ast_node *list, int i)
{
    ast_node *elem = list->u.init.items.items[i];
    if (pitem->kind == AST_INITLIST) {
        if (!elem || elem->kind != AST_INITLIST) {
            mismatch(b, ast_init_item_pos(list, i), "Expected a list enclosed by { } to match pattern");
            return;
        }
        build_list(b, pitem, elem);
        return;
    }
    if (pitem->u.type.prim == PRIM_VARTYPE) {
        build_any(b, elem);
        return;
    }
    as_dtype want;
    if (!resolve_pattern_type(b, pitem, &want)) {
        b->failed = true;
        return;
    }
    build_value(b, elem, want);
}

/* repeat_same: the first list of this pattern fixes the count; false when n breaks it. */
static bool same_count_ok(list_builder *b, const ast_node *pattern, ast_node *list, int n)
{
    for (int i = 0; i < b->same.count; i++) {
        if (b->same.data[i].pattern != pattern) continue;
        int want = b->same.data[i].count;
        /* the reference reports these at the list's first value, not at its brace */
        ast_pos at = n > 0 ? ast_init_item_pos(list, 0) : list->pos;
        if (n > want) mismatch(b, at, "Too many values to match pattern");
        else if (n < want) mismatch(b, at, "Not enough values to match pattern");
        return n == want;
    }
    same_count sc = {pattern, n};
    VEC_PUSH(b->same, sc);
    return true;
}

static void build_list(list_builder *b, ast_node *pattern, ast_node *list)
{
    ast_list *items = &pattern->u.init.items;
    int n = list->u.init.items.count;
    if (pattern->u.init.repeat) {
        if (pattern->u.init.repeat == 2 && !same_count_ok(b, pattern, list, n)) return;
        store_const32(b, (uint32_t)n, reserve(b, 4));
        for (int i = 0; i < n && !b->mismatch; i++) build_item(b, items->items[0], list, i);
        return;
    }
    /* a fixed pattern: the values it has room for, then whether there were as many */
    for (int i = 0; i < items->count && !b->mismatch; i++) {
        if (i >= n) {
            mismatch(b, list->pos, "Not enough values to match pattern");
            return;
        }
        build_item(b, items->items[i], list, i);
    }
    if (!b->mismatch && n > items->count) mismatch(b, list->pos, "Too many values to match pattern");
}

/* One pass over the list: measuring (b->measure) or emitting into the buffer at b->buf. */
static void walk(list_builder *b, ast_node *pattern, ast_node *list)
{
    b->size = 0;
    b->failed = b->mismatch = false;
    b->same.count = 0;
    build_list(b, pattern, list);
}

/* Releases what the elements hold: the buffer's references first read back, so one the factory
 * took (it cleared the pointer) is not released again. */
static void release_elements(list_builder *b, bool called)
{
    fc *f = b->f;
    if (called) {
        for (int i = 0; i < b->back.count; i++) {
            int rest;
            int a = buffer_addr(b, b->back.data[i].offset, &rest);
            emit(f, BC_LD64, b->back.data[i].slot, a, rest);
            slot_free(f, a, 1);
        }
    }
    for (int i = b->keep.count; i-- > 0;) ev_free(f, &b->keep.data[i]);
    VEC_FREE(b->keep);
    VEC_FREE(b->back);
    VEC_FREE(b->same);
}

static void free_lists(void *builder)
{
    list_builder *b = builder;
    mem_free(b->blob);
    b->blob = NULL;
    VEC_FREE(b->keep);
    VEC_FREE(b->back);
    VEC_FREE(b->same);
}

/* `named` is the type as the context wrote it (`const Pair`, `N2@`), for the message that
 * closes a pattern mismatch. */
static void compile_list(fc *f, ast_node *list, const as_dtype *type, const as_dtype *named, int storage, ev *out)
{
    as_type *t = type ? type->type : NULL;
    if (!t || t->kind != TYPE_OBJECT || !t->beh.list_factory || !t->beh.list_factory->list_pattern) {
        c_error(f->c, list, "Initialization lists cannot be used with '%s'", t ? c_type_text(f->c, type) : "?");
        ev_error(out);
        return;
    }
    as_function *lf = t->beh.list_factory;
    list_builder b;
    memset(&b, 0, sizeof b);
    b.f = f;
    b.owner = t;
    b.measure = true;
    mem_cleanup cleanup;   /* the lists, when running out of memory unwinds the compilation */
    mem_cleanup_push(&cleanup, free_lists, &b);
    walk(&b, lf->list_pattern, list);
    if (b.failed) {
        /* the pattern's own types do not resolve (reported) */
        release_elements(&b, false);
        mem_cleanup_pop(&cleanup);
        ev_error(out);
        return;
    }
    uint32_t bytes = b.size ? b.size : 4;
    int nslots = (int)((bytes + 7) / 8);
    /* frames are addressed with 16-bit slot numbers: a larger list of constant numbers is built
     * at compile time and passed as constants (the reference runs lists of a million numbers) */
    bool constant = f->top + nslots > 65000;
    if (constant) {
        b.blob = mem_alloc(bytes);
        memset(b.blob, 0, bytes);
    } else {
        b.buf = slot_alloc(f, nslots);
    }
    b.measure = false;
    walk(&b, lf->list_pattern, list);
    if (constant && !b.failed && !b.mismatch && b.not_const) {
        c_error(f->c, list, "Initialization list is too large");
        b.failed = true;
    }
    if (b.mismatch)
        c_error(f->c, list, "Previous error occurred while attempting to compile initialization list for type '%s'",
                c_type_text(f->c, named));
    if (b.failed || b.mismatch) {
        release_elements(&b, false);
        free_lists(&b);
        mem_cleanup_pop(&cleanup);
        if (!constant) slot_free(f, b.buf, nslots);
        ev_error(out);
        return;
    }
    /* the list argument is the buffer's address */
    ev arg;
    ev_init(&arg, EV_SLOT);
    int a = slot_alloc(f, 1);
    if (constant) {
        emit_sbx(f, BC_KADDR, a, k_bytes(f, b.blob, bytes));
        mem_free(b.blob);
        b.blob = NULL;
    } else {
        emit(f, BC_ADDR, a, b.buf, 0);
    }
    arg.slot = (uint16_t)a;
    arg.temp = true;
    arg.ntemp = 1;
    arg.type = dt_prim(f, AS_TYPEID_INT32);
    arg.type.flags |= DT_HANDLE; /* a pointer in a slot */
    call_args ca = {0};
    arg_t one;
    memset(&one, 0, sizeof one);
    one.v = arg;
    one.node = list;
    one.raw = true;
    ca.v = &one;
    ca.n = 1;
    ev res;
    if (t->flags & AS_OBJ_VALUE) {
        int st = storage >= 0 ? storage : value_storage(f, t);
        ev self;
        ev_init(&self, EV_SLOT);
        self.slot = (uint16_t)st;
        self.type = dt_of(t, 0);
        emit_call_mapped(f, lf, &self, &ca, list, &res);
        ev_free(f, &res);
        ev_init(&res, EV_SLOT);
        res.slot = (uint16_t)st;
        res.type = dt_of(t, 0);
        if (storage < 0) {
            res.temp = true;
            res.ntemp = (uint16_t)dtype_slots(&res.type);
        }
        if (t->beh.destruct) res.objvar = objvar_begin(f, st, OV_VALUE, t);
    } else {
        emit_call_mapped(f, lf, NULL, &ca, list, &res);
        if (res.kind != EV_ERROR) res.type = dt_of(t, 0);
    }
    release_elements(&b, res.kind != EV_ERROR);
    mem_cleanup_pop(&cleanup);
    if (!constant) slot_free(f, b.buf, nslots);
    *out = res;
}

void compile_initlist_into(fc *f, ast_node *list, const as_dtype *type, int storage, ev *out)
{
    compile_list(f, list, type, type, storage, out);
}

void compile_initlist_expr(fc *f, ast_node *n, const as_dtype *want, ev *out)
{
    as_dtype t;
    if (n->u.init.type) {
        if (!c_resolve_type(f->c, n->u.init.type, f->ns, f->objtype, &t)) {
            ev_error(out);
            return;
        }
    } else if (want && want->type) {
        t = *want;
        t.flags &= (uint8_t)~(DT_HANDLE | DT_CONST);
    } else {
        c_error(f->c, n, "Initialization lists cannot be used here");
        ev_error(out);
        return;
    }
    as_dtype named = want && !n->u.init.type ? *want : t;
    named.flags &= (uint8_t)~DT_REF;
    compile_list(f, n, &t, &named, -1, out);
    if (out->kind != EV_ERROR && want && dt_is_handle(want) && dt_is_ref_obj(&out->type)) out->type.flags |= DT_HANDLE;
}
