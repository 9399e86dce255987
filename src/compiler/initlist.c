/* Initialisation lists `{a, b, {c, d}}`: built into a buffer in the frame by the pattern the
 * type's list factory declares (`{repeat T}`, `{repeat {string, ?}}`, `{int, int}`), then passed
 * to the factory.
 *
 * Buffer layout: a uint32 count before each `repeat`; primitives inline at their natural
 * alignment; objects and handles as pointers (8-aligned) to values the caller keeps alive for the
 * call; `?` as an int32 type id followed by the value in the same way. */
#include "stmt.h"
#include "call.h"
#include "opcall.h"
#include <string.h>

typedef struct list_builder {
    fc *f;
    as_type *owner;         /* the type being built (its subtypes replace T) */
    int buf;                /* first slot of the buffer */
    uint32_t size;          /* bytes used so far */
    bool measure;           /* first pass: only compute the size */
    bool failed;
    VEC(ev) keep;           /* element values alive until the factory returns */
} list_builder;

static uint32_t align_to(uint32_t v, uint32_t a) { return (v + a - 1) & ~(a - 1); }

static bool resolve_pattern_type(list_builder *b, ast_node *tn, as_dtype *out)
{
    as_compiler *c = b->f->c;
    as_type *tmpl = b->owner->template_base;
    as_type *save = c->reg_template;
    bool save_reg = c->in_registration;
    c->reg_template = tmpl;
    c->in_registration = tmpl != NULL;
    bool ok = c_resolve_type(c, tn, b->owner->ns, NULL, out);
    c->reg_template = save;
    c->in_registration = save_reg;
    if (!ok) return false;
    if (tmpl) {
        for (int i = 0; i < tmpl->subtypes.count; i++) {
            if (out->type == tmpl->subtypes.data[i].type) {
                uint8_t fl = out->flags;
                *out = b->owner->subtypes.data[i];
                if (fl & DT_HANDLE) out->flags |= DT_HANDLE;
            }
        }
        if (out->type == tmpl) out->type = b->owner;
    }
    return true;
}

/* Where the next value of `size` bytes and alignment `align` goes; emits nothing when measuring. */
static uint32_t reserve(list_builder *b, uint32_t size, uint32_t align)
{
    b->size = align_to(b->size, align);
    uint32_t at = b->size;
    b->size += size;
    return at;
}

static void store_slot(list_builder *b, int src, uint32_t offset, int bytes)
{
    fc *f = b->f;
    if (b->measure) return;
    if (offset > 65535) {
        if (!b->failed) c_error(f->c, NULL, "Initialization list is too large");
        b->failed = true;
        return;
    }
    int a = slot_alloc(f, 1);
    emit(f, BC_ADDR, a, b->buf, 0);
    as_opcode op = bytes == 1 ? BC_ST8 : bytes == 2 ? BC_ST16 : bytes == 4 ? BC_ST32 : BC_ST64;
    emit(f, op, src, a, (int)offset);
    slot_free(f, a, 1);
}

static void store_const32(list_builder *b, uint32_t v, uint32_t offset)
{
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
    if (b->measure) return;
    int t = slot_alloc(b->f, 1);
    emit_load_typeid(b->f, t, dt);
    store_slot(b, t, offset, 4);
    slot_free(b->f, t, 1);
}

/* One element of type `want` from expression n (NULL: an empty element, default value). */
static void build_value(list_builder *b, ast_node *n, as_dtype want)
{
    fc *f = b->f;
    bool object = dt_is_object(&want) || dt_is_handle(&want);
    uint32_t size = object ? 8 : (uint32_t)dt_size(&want);
    if (size == 0) size = 1;
    uint32_t at = reserve(b, size, object ? 8 : size);
    if (b->measure) return;
    ev v;
    if (!n) {
        if (dt_is_handle(&want)) {
            ev_init(&v, EV_NULL);
            v.type = want;
        } else if (object) {
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
    int s;
    if (object && !dt_is_handle(&want) && dt_is_value_obj(&want)) s = ev_address(f, &v, -1);
    else s = ev_to_slot(f, &v, -1);
    store_slot(b, s, at, object ? 8 : (int)size);
    VEC_PUSH(b->keep, v);
}

/* A `?` element: the type id, then the value. */
static void build_any(list_builder *b, ast_node *n)
{
    fc *f = b->f;
    uint32_t id_at = reserve(b, 4, 4);
    if (b->measure) {
        /* the value's size is unknown until compiled: reserve the widest */
        reserve(b, 8, 8);
        return;
    }
    ev v;
    if (!n) {
        ev_init(&v, EV_NULL);
        v.type = dt_of(&f->c->engine->null_type, DT_HANDLE);
    } else {
        compile_expr(f, n, &v);
        if (v.kind == EV_PROP) ev_resolve_prop(f, &v, n);
    }
    if (v.kind == EV_ERROR) {
        b->failed = true;
        return;
    }
    store_typeid(b, v.kind == EV_NULL ? NULL : &v.type, id_at);
    uint32_t at = reserve(b, 8, 8);
    int s;
    bool object = v.kind != EV_NULL && (dt_is_object(&v.type) || dt_is_handle(&v.type));
    if (object && dt_is_value_obj(&v.type)) s = ev_address(f, &v, -1);
    else s = ev_to_slot(f, &v, -1);
    store_slot(b, s, at, object || v.kind == EV_NULL ? 8 : dt_size(&v.type) > 4 ? 8 : dt_size(&v.type) == 0 ? 4 : dt_size(&v.type));
    VEC_PUSH(b->keep, v);
}

static void build_list(list_builder *b, ast_node *pattern, ast_node *list);

/* One item of the pattern (a type or a nested pattern) from one element of the list. */
static void build_item(list_builder *b, ast_node *pitem, ast_node *elem)
{
    if (pitem->kind == AST_INITLIST) {
        if (elem && elem->kind != AST_INITLIST) {
            if (!b->measure) c_error(b->f->c, elem, "Expected an initialization list");
            b->failed = true;
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
    if (elem && elem->kind == AST_INITLIST && !dt_is_object(&want)) {
        if (!b->measure) c_error(b->f->c, elem, "Unexpected initialization list");
        b->failed = true;
        return;
    }
    build_value(b, elem, want);
}

static int64_t g_repeat_same_count = -1;

static void build_list(list_builder *b, ast_node *pattern, ast_node *list)
{
    ast_list *items = &pattern->u.init.items;
    int n = list ? list->u.init.items.count : 0;
    ast_node **elems = list ? list->u.init.items.items : NULL;
    if (pattern->u.init.repeat) {
        if (pattern->u.init.repeat == 2 && !b->measure) {
            if (g_repeat_same_count >= 0 && g_repeat_same_count != n) {
                c_error(b->f->c, list, "Too many values to match pattern");
                b->failed = true;
            }
            g_repeat_same_count = n;
        }
        uint32_t count_at = reserve(b, 4, 4);
        store_const32(b, (uint32_t)n, count_at);
        for (int i = 0; i < n && !b->failed; i++) build_item(b, items->items[0], elems[i]);
        return;
    }
    if (n > items->count && list) {
        if (!b->measure) c_error(b->f->c, list, "Too many values to match pattern");
        b->failed = true;
        return;
    }
    for (int i = 0; i < items->count && !b->failed; i++) build_item(b, items->items[i], i < n ? elems[i] : NULL);
}

void compile_initlist_into(fc *f, ast_node *list, const as_dtype *type, int storage, ev *out)
{
    as_type *t = type ? type->type : NULL;
    if (!t || t->kind != TYPE_OBJECT || !t->beh.list_factory || !t->beh.list_factory->list_pattern) {
        c_error(f->c, list, "Initialization lists cannot be used with '%s'", t ? c_type_text(f->c, type) : "?");
        ev_error(out);
        return;
    }
    if (list->u.init.type) {
        /* `T = {...}` names the type itself */
    }
    as_function *lf = t->beh.list_factory;
    list_builder b;
    memset(&b, 0, sizeof b);
    b.f = f;
    b.owner = t;
    b.measure = true;
    build_list(&b, lf->list_pattern, list);
    if (b.failed) {
        ev_error(out);
        return;
    }
    uint32_t bytes = b.size ? b.size : 4;
    int nslots = (int)((bytes + 7) / 8);
    b.buf = slot_alloc(f, nslots);
    b.size = 0;
    b.measure = false;
    int64_t save_same = g_repeat_same_count;
    g_repeat_same_count = -1;
    build_list(&b, lf->list_pattern, list);
    g_repeat_same_count = save_same;
    if (b.failed) {
        for (int i = b.keep.count; i-- > 0;) ev_free(f, &b.keep.data[i]);
        VEC_FREE(b.keep);
        slot_free(f, b.buf, nslots);
        ev_error(out);
        return;
    }
    /* the list argument is the buffer's address */
    ev arg;
    ev_init(&arg, EV_SLOT);
    int a = slot_alloc(f, 1);
    emit(f, BC_ADDR, a, b.buf, 0);
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
    for (int i = b.keep.count; i-- > 0;) ev_free(f, &b.keep.data[i]);
    VEC_FREE(b.keep);
    slot_free(f, b.buf, nslots);
    *out = res;
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
    compile_initlist_into(f, n, &t, -1, out);
    if (out->kind != EV_ERROR && want && dt_is_handle(want) && dt_is_ref_obj(&out->type)) out->type.flags |= DT_HANDLE;
}
