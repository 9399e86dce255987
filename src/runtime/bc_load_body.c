/* Loading a saved module, second half: the details of the module's types, globals and functions
 * (signatures and bytecode), its lists and symbols, then the checks that what was read holds
 * together (the runtime trusts type layouts, vtables and bytecode). */
#include "bytecode.h"
#include "util/mem.h"
#include "object.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ITEMS (1u << 24)

static bool oom(bc_loader *L)
{
    if (!L->err) L->err = AS_OUT_OF_MEMORY;
    return false;
}

static bool is_data_type(const as_type *t)
{
    return t->kind == TYPE_PRIMITIVE ? t->prim != AS_TYPEID_VOID
                                     : t->kind == TYPE_ENUM || t->kind == TYPE_FUNCDEF || t->kind == TYPE_OBJECT;
}

static bool inline_value(const as_dtype *d)
{
    return d->type->kind == TYPE_OBJECT && (d->type->flags & AS_OBJ_VALUE) && !(d->flags & DT_HANDLE);
}

/* ======================================================================= types */

/* A list of function references into a VEC(as_function *). */
static bool read_funcs_into(bc_loader *L, as_function ***data, int *count, int *cap)
{
    uint32_t n = br_count(&L->r, MAX_ITEMS);
    for (uint32_t i = 0; i < n; i++) {
        as_function *f = bl_func(L);
        if (!f) return bl_corrupt(L, "function list");
        if (*count + 1 > *cap) *data = vec_grow_(*data, cap, *count + 1, sizeof **data);
        (*data)[(*count)++] = f;
    }
    return !L->r.failed;
}
#define read_funcs(L, vec) read_funcs_into((L), &(vec)->data, &(vec)->count, &(vec)->cap)

static bool own_function(bc_loader *L, const as_function *f) { return f && f->module == L->m; }

static bool read_type(bc_loader *L, as_type *t)
{
    bc_reader *r = &L->r;
    t->base = bl_type(L);
    uint32_t n = br_count(r, MAX_ITEMS);
    for (uint32_t i = 0; i < n; i++) {
        as_type *it = bl_type(L);
        if (!it || it->kind != TYPE_OBJECT || !(it->flags & AS_OBJ_INTERFACE)) return bl_corrupt(L, "interface");
        VEC_PUSH(t->interfaces, it);
    }
    n = br_count(r, MAX_ITEMS);
    for (uint32_t i = 0; i < n; i++) {
        as_property p;
        memset(&p, 0, sizeof p);
        p.name = br_str(r, L->e);
        if (!bl_dtype(L, &p.type)) return false;
        int64_t off = br_sv(r);
        unsigned bits = br_u8(r);
        if (r->failed || !p.name || off < 0 || off > INT32_MAX || bits > 7) return bl_corrupt(L, "property");
        p.offset = (int)off;
        p.is_private = bits & 1;
        p.is_protected = (bits & 2) != 0;
        p.is_indirect = (bits & 4) != 0;
        VEC_PUSH(t->props, p);
    }
    if (!read_funcs(L, &t->methods) || !read_funcs(L, &t->vtable)) return bl_corrupt(L, "methods");
    n = br_count(r, MAX_ITEMS);
    for (uint32_t i = 0; i < n; i++) {
        as_itable_entry e;
        e.intf = bl_func(L);
        e.impl = bl_func(L);
        if (!e.intf || !e.impl) return bl_corrupt(L, "interface table");
        VEC_PUSH(t->itable, e);
    }
    if (!read_funcs(L, &t->beh.factories)) return bl_corrupt(L, "constructors");
#define GET_BEH(name) t->beh.name = bl_func(L);
    BC_BEHAVIOURS(GET_BEH)
#undef GET_BEH
    n = br_count(r, MAX_ITEMS);
    for (uint32_t i = 0; i < n; i++) {
        as_enum_value v;
        v.name = br_str(r, L->e);
        v.value = br_sv(r);
        if (!v.name) return bl_corrupt(L, "enum value");
        VEC_PUSH(t->enum_values, v);
    }
    t->signature = bl_func(L);
    /* a funcdef's signature is its own, made by this load: one naming another function (a
     * registered method) would be freed with the module while its type still lists it */
    if (t->signature && (t->kind != TYPE_FUNCDEF || t->signature->kind != FN_FUNCDEF || !own_function(L, t->signature))) {
        t->signature = NULL;   /* never released as the type's own when the load is rolled back */
        return bl_corrupt(L, "funcdef signature");
    }
    t->parent_type = bl_type(L);
    n = br_count(r, MAX_ITEMS);
    for (uint32_t i = 0; i < n; i++) {
        as_type *c = bl_type(L);
        if (!c) return bl_corrupt(L, "child funcdef");
        VEC_PUSH(t->child_funcdefs, c);
    }
    return !r->failed || bl_corrupt(L, "type");
}

bool bl_types(bc_loader *L)
{
    for (uint32_t i = 0; i < L->ntypes; i++)
        if (!read_type(L, L->m->types.data[i])) return false;
    return true;
}

/* ======================================================================= globals */

int bc_global_storage(const as_global *g)
{
    const as_dtype *d = &g->type;
    if (inline_value(d)) return (d->type->size + 7) / 8 * 8;
    if (d->flags & DT_HANDLE || d->type->kind != TYPE_PRIMITIVE) return d->type->kind == TYPE_ENUM && !(d->flags & DT_HANDLE) ? 4 : 8;
    return d->type->size;
}

bool bl_globals(bc_loader *L)
{
    bc_reader *r = &L->r;
    for (uint32_t i = 0; i < L->nglobals; i++) {
        as_global *g = L->m->globals.data[i];
        as_dtype dt;
        if (!bl_dtype(L, &dt)) return false;
        unsigned bits = br_u8(r);
        if (r->failed || !is_data_type(dt.type) || bits > 3) return bl_corrupt(L, "global variable");
        g->type = dt;
        g->is_const = bits & 1;
        g->has_value = (bits & 2) != 0;
        if (g->has_value) {
            if (dt.type->kind != TYPE_PRIMITIVE && dt.type->kind != TYPE_ENUM) return bl_corrupt(L, "global constant");
            g->value.u64 = br_u64(r);
        }
        g->init_func = bl_func(L);
        g->section = 0;     /* with no sections (stripped): no name */
        if (!L->strip) {
            int64_t sec = br_sv(r);
            if (sec < 0 || sec >= L->m->sections.count) return bl_corrupt(L, "section");
            g->section = (int)sec;
            g->line = (int)br_sv(r);
            g->col = (int)br_sv(r);
        }
        if (r->failed) return bl_corrupt(L, "global variable");
        size_t size = inline_value(&dt) ? (size_t)(dt.type->size + 7) / 8 * 8 : 8;
        void *addr = mem_calloc(1, size ? size : 8);
        if (!addr) return oom(L);
        mem_free(g->addr);
        g->addr = addr;
    }
    return true;
}

/* ======================================================================= functions */

static bool uses_sbx(unsigned op)
{
    unsigned fmt = as_opcode_formats[op];
    return fmt == FMT_AI || fmt == FMT_J || fmt == FMT_AJ;
}

static bool read_constant(bc_loader *L, as_bytecode *bc, uint32_t k)
{
    bc_reader *r = &L->r;
    unsigned kind = br_u8(r);
    as_slot v;
    v.u64 = 0;
    switch (kind) {
    case K_RAW: v.u64 = br_u64(r); break;
    case K_TYPE: v.p = bl_type(L); break;
    case K_FUNC: v.p = bl_func(L); break;
    case K_STRING: {
        uint32_t s = br_index(r, L->nstr);
        if (!r->failed) v.cp = L->strs[s];
        break;
    }
    case K_GLOBAL: {
        as_global *g = bl_global(L);
        if (g) v.p = g->addr;
        break;
    }
    case K_TYPEID: {
        as_dtype d;
        if (!bl_dtype(L, &d)) return false;
        if (d.flags & ~(DT_HANDLE | DT_CONST)) return bl_corrupt(L, "type id");
        v.i64 = dtype_type_id(&d);
        break;
    }
    default: return bl_corrupt(L, "constant kind");
    }
    if (r->failed || (kind != K_RAW && kind != K_TYPEID && !v.p)) return bl_corrupt(L, "constant");
    bc->consts[k] = v;
    bc->kinds[k] = (uint8_t)kind;
    return true;
}

static bool read_bytecode(bc_loader *L, as_function *f)
{
    bc_reader *r = &L->r;
    as_bytecode *bc = &f->bc;
    uint64_t nslots = br_uv(r);
    bc->ncode = br_count(r, MAX_ITEMS);
    if (r->failed || nslots > 65536 || !bc->ncode) return bl_corrupt(L, "function frame");
    bc->nslots = (uint32_t)nslots;
    if (!(bc->code = mem_calloc(bc->ncode, sizeof *bc->code))) return oom(L);
    for (uint32_t i = 0; i < bc->ncode; i++) {
        as_insn *in = &bc->code[i];
        uint64_t op = br_uv(r), a = br_uv(r);
        if (op >= BC__COUNT || a > 0xFFFF) return bl_corrupt(L, "instruction");
        in->op = (uint16_t)op;
        in->a = (uint16_t)a;
        if (uses_sbx((unsigned)op)) {
            int64_t sbx = br_sv(r);
            if (sbx < INT32_MIN || sbx > INT32_MAX) return bl_corrupt(L, "instruction");
            in->sbx = (int32_t)sbx;
        } else {
            uint64_t b = br_uv(r), c = br_uv(r);
            if (b > 0xFFFF || c > 0xFFFF) return bl_corrupt(L, "instruction");
            in->b = (uint16_t)b;
            in->c = (uint16_t)c;
            /* a call's frame in place of its arguments (BC_CALL_IN_PLACE) is the compiler's to
             * decide: the verifier does not follow what the callee leaves in the caller's slots */
            if (op == BC_CALL || op == BC_CALLN || op == BC_CALLV || op == BC_CALLPTR) in->c = 0;
        }
        if (r->failed) return bl_corrupt(L, "instruction");
    }
    if (bc_needs_sentinel(bc)) {
        as_insn *code = mem_realloc(bc->code, bc->ncode * sizeof *code, (bc->ncode + 1) * sizeof *code);
        if (!code) return oom(L);
        bc->code = code;
        memset(&code[bc->ncode], 0, sizeof *code);
        code[bc->ncode++].op = BC_RET;
    }
    /* beyond 16-bit operands: the bytes BC_KADDR reads (a big initialization list) */
    bc->nconsts = br_count(r, MAX_ITEMS);
    if (bc->nconsts) {
        bc->consts = mem_calloc(bc->nconsts, sizeof *bc->consts);
        bc->kinds = mem_calloc(bc->nconsts, 1);
        if (!bc->consts || !bc->kinds) return oom(L);
    }
    for (uint32_t k = 0; k < bc->nconsts; k++)
        if (!read_constant(L, bc, k)) return false;
    bc->nobjvars = br_count(r, MAX_ITEMS);
    if (bc->nobjvars && !(bc->objvars = mem_calloc(bc->nobjvars, sizeof *bc->objvars))) return oom(L);
    for (uint32_t i = 0; i < bc->nobjvars; i++) {
        as_objvar *o = &bc->objvars[i];
        uint64_t slot = br_uv(r);
        unsigned kind = br_u8(r);
        o->type = bl_type(L);
        uint64_t start = br_uv(r), end = br_uv(r);
        if (r->failed || slot > 0xFFFF || kind > OV_VALUE || !o->type || start > UINT32_MAX || end > UINT32_MAX)
            return bl_corrupt(L, "object variable");
        o->slot = (uint16_t)slot;
        o->kind = (uint8_t)kind;
        o->start = (uint32_t)start;
        o->end = (uint32_t)end;
    }
    bc->nlines = br_count(r, MAX_ITEMS);
    if (bc->nlines && !(bc->lines = mem_calloc(bc->nlines, sizeof *bc->lines))) return oom(L);
    for (uint32_t i = 0; i < bc->nlines; i++) {
        uint64_t pc = br_uv(r);
        bc->lines[i].cue = pc & 1;
        pc >>= 1;
        if (pc > bc->ncode) return bl_corrupt(L, "line table");
        bc->lines[i].pc = (uint32_t)pc;
        if (!L->strip) {
            bc->lines[i].line = (int32_t)br_sv(r);
            bc->lines[i].col = (int32_t)br_sv(r);
        }
    }
    if (!(bc->stmt_bits = mem_calloc(bc->ncode / 8 + 1, 1))) return oom(L);
    for (uint32_t i = 0; i < bc->nlines; i++) {
        uint32_t pc = bc->lines[i].pc;
        if (pc < bc->ncode && bc->lines[i].cue) bc->stmt_bits[pc >> 3] |= (uint8_t)(1u << (pc & 7));
    }
    bc->ntrys = br_count(r, MAX_ITEMS);
    if (bc->ntrys && !(bc->trys = mem_calloc(bc->ntrys, sizeof *bc->trys))) return oom(L);
    for (uint32_t i = 0; i < bc->ntrys; i++) {
        uint64_t s = br_uv(r), e = br_uv(r), h = br_uv(r);
        if (r->failed || s > UINT32_MAX || e > UINT32_MAX || h >= bc->ncode || bc->code[h].op == BC_EXT) return bl_corrupt(L, "try block");
        bc->trys[i] = (as_tryinfo){(uint32_t)s, (uint32_t)e, (uint32_t)h};
    }
    if (L->strip) return !r->failed || bl_corrupt(L, "function");
    bc->nvars = br_count(r, MAX_ITEMS);
    if (bc->nvars && !(bc->vars = mem_calloc(bc->nvars, sizeof *bc->vars))) return oom(L);
    for (uint32_t i = 0; i < bc->nvars; i++) {
        as_varinfo *v = &bc->vars[i];
        v->name = br_str(r, L->e);
        if (!bl_dtype(L, &v->type)) return false;
        uint64_t slot = br_uv(r);
        unsigned is_ref = br_u8(r);
        uint64_t start = br_uv(r), end = br_uv(r);
        if (r->failed || !v->name || slot > 0xFFFF || is_ref > 1 || start > UINT32_MAX || end > UINT32_MAX)
            return bl_corrupt(L, "variable");
        v->slot = (uint16_t)slot;
        v->is_ref = is_ref;
        v->start = (uint32_t)start;
        v->end = (uint32_t)end;
    }
    return !r->failed || bl_corrupt(L, "function");
}

static bool read_function(bc_loader *L, as_function *f)
{
    bc_reader *r = &L->r;
    uint64_t attrs = br_uv(r);
    if (attrs >= (1u << 18)) return bl_corrupt(L, "function attributes");
    f->attrs = (uint32_t)attrs;
    f->objtype = bl_type(L);
    if (f->objtype && (f->objtype->module != L->m || f->objtype->kind != TYPE_OBJECT)) return bl_corrupt(L, "method");
    if (!bl_dtype(L, &f->ret)) return false;
    uint32_t n = br_count(r, 255);
    for (uint32_t i = 0; i < n; i++) {
        as_param p;
        memset(&p, 0, sizeof p);
        if (!bl_dtype(L, &p.type)) return false;
        unsigned inout = br_u8(r), bits = br_u8(r);
        if (bits & 1) p.name = br_str(r, L->e);
        if (bits & 2) p.defarg_text = br_str(r, L->e);
        if (r->failed || inout > INOUT_INOUT || bits > 3 || (!is_data_type(p.type.type) && p.type.type->kind != TYPE_VARTYPE))
            return bl_corrupt(L, "parameter");
        p.inout = (uint8_t)inout;
        VEC_PUSH(f->params, p);
    }
    int64_t vi = br_sv(r);
    if (vi < -1 || vi > INT32_MAX) return bl_corrupt(L, "virtual method");
    f->vtable_index = (int)vi;
    if (br_u8(r)) f->import_module = br_str(r, L->e);
    if ((f->kind == FN_IMPORTED) != (f->import_module != NULL)) return bl_corrupt(L, "import");
    if (!L->strip) {
        int64_t sec = br_sv(r);
        if (sec < -1 || sec >= L->m->sections.count) return bl_corrupt(L, "section");
        f->section = (int)sec;
        f->line = (int)br_sv(r);
        f->col = (int)br_sv(r);
    }
    function_layout_args(f);
    unsigned has_code = br_u8(r);
    if (r->failed || has_code > 1 || (has_code && f->kind != FN_SCRIPT)) return bl_corrupt(L, "function");
    return !has_code || read_bytecode(L, f);
}

bool bl_functions(bc_loader *L)
{
    for (uint32_t i = 0; i < L->nfuncs; i++)
        if (!read_function(L, L->m->all_functions.data[i])) return false;
    return true;
}

/* ======================================================================= lists and checks */

static bool read_symbols(bc_loader *L)
{
    bc_reader *r = &L->r;
    uint32_t n = br_count(r, MAX_ITEMS);
    for (uint32_t i = 0; i < n; i++) {
        const char *nsname = br_str(r, L->e);
        const char *name = br_str(r, L->e);
        unsigned kind = br_u8(r);
        if (r->failed || !nsname || !namespace_name_valid(nsname) || !name || kind > SYM_ENUMVAL) return bl_corrupt(L, "symbol");
        void *ptr = NULL;
        if (kind == SYM_FUNC) {
            as_function *f = bl_func(L);
            if (own_function(L, f)) ptr = f;
        } else if (kind == SYM_GLOBAL) {
            as_global *g = bl_global(L);
            if (g && g->module == L->m) ptr = g;
        } else {
            as_type *t = bl_type(L);
            if (t && (kind == SYM_TYPE || t->kind == TYPE_ENUM)) ptr = t;
        }
        int64_t value = kind == SYM_ENUMVAL ? br_sv(r) : 0;
        if (r->failed || !ptr) return bl_corrupt(L, "symbol");
        as_symbol *s = symtab_add(&L->m->symbols, engine_namespace(L->e, nsname), name, (as_sym_kind)kind, ptr);
        s->value = value;
    }
    return true;
}

static bool read_typedefs(bc_loader *L)
{
    bc_reader *r = &L->r;
    uint32_t n = br_count(r, MAX_ITEMS);
    for (uint32_t i = 0; i < n; i++) {
        const char *nsname = br_str(r, L->e);
        const char *name = br_str(r, L->e);
        as_type *t = bl_type(L);
        if (r->failed || !nsname || !namespace_name_valid(nsname) || !name || !t || t->kind != TYPE_PRIMITIVE)
            return bl_corrupt(L, "typedef");
        as_typedef_entry td = {name, engine_namespace(L->e, nsname), t};
        VEC_PUSH(L->m->typedefs, td);
    }
    return true;
}

static bool is_method_of(const as_function *f, const as_type *t)
{
    for (const as_type *c = t; c && f; c = c->base)
        if (f->objtype == c) return true;
    return false;
}

static bool same_layout(const as_function *a, const as_function *b)
{
    return a->nargslots == b->nargslots && a->has_retloc == b->has_retloc && a->this_slot == b->this_slot;
}

static bool check_props(bc_loader *L, const as_type *t)
{
    for (int i = 0; i < t->props.count; i++) {
        const as_property *p = &t->props.data[i];
        const as_dtype *d = &p->type;
        if (!is_data_type(d->type) || t->kind != TYPE_OBJECT || (t->flags & AS_OBJ_INTERFACE)) return bl_corrupt(L, "property type");
        bool value = inline_value(d);
        bool indirect = d->type->kind == TYPE_OBJECT && !value && !(d->flags & DT_HANDLE);
        int bytes = value ? (d->type->size + 7) / 8 * 8 : (d->flags & DT_HANDLE) || indirect || d->type->kind == TYPE_FUNCDEF ? 8
                  : d->type->kind == TYPE_ENUM ? 4 : d->type->size;
        if (p->is_indirect != indirect || p->offset < OBJECT_HEADER_SIZE || (int64_t)p->offset + bytes > t->size)
            return bl_corrupt(L, "property layout");
    }
    return true;
}

static bool check_type(bc_loader *L, as_type *t)
{
    bool cls = t->kind == TYPE_OBJECT && !(t->flags & AS_OBJ_INTERFACE);
    uint32_t steps = 0;
    for (as_type *b = t->base; b; b = b->base)
        if (++steps > L->ntypes || b->module != L->m || b->kind != TYPE_OBJECT || (b->flags & AS_OBJ_INTERFACE) || !cls || b->size > t->size)
            return bl_corrupt(L, "base class");
    if (!check_props(L, t)) return false;
    if (t->kind != TYPE_OBJECT && (t->methods.count || t->vtable.count || t->itable.count || t->beh.factories.count || t->interfaces.count))
        return bl_corrupt(L, "members of a type without them");
    for (int i = 0; i < t->methods.count; i++)
        if (t->methods.data[i]->objtype != t) return bl_corrupt(L, "method");
    for (int i = 0; i < t->vtable.count; i++) {
        as_function *f = t->vtable.data[i];
        if (!is_method_of(f, t) || f->vtable_index != i || (t->base && i < t->base->vtable.count && !same_layout(f, t->base->vtable.data[i])))
            return bl_corrupt(L, "virtual table");
    }
    for (int i = 0; i < t->itable.count; i++) {
        const as_itable_entry *e = &t->itable.data[i];
        if (e->intf->kind != FN_INTERFACE || !e->intf->objtype || !is_method_of(e->impl, t) || !same_layout(e->intf, e->impl))
            return bl_corrupt(L, "interface table");
    }
    for (int i = 0; i < t->beh.factories.count; i++) {
        as_function *f = t->beh.factories.data[i];
        if (f->objtype != t || f->kind != FN_SCRIPT || !cls) return bl_corrupt(L, "constructor");
    }
    if (t->beh.destruct && (t->beh.destruct->objtype != t || t->beh.destruct->kind != FN_SCRIPT || t->beh.destruct->params.count))
        return bl_corrupt(L, "destructor");
    if (t->beh.list_factory || t->beh.addref || t->beh.release || t->beh.get_weakref_flag || t->beh.template_callback ||
        t->beh.getrefcount || t->beh.setgcflag || t->beh.getgcflag || t->beh.enumrefs || t->beh.releaserefs)
        return bl_corrupt(L, "behaviour of a script type");
    if ((t->kind == TYPE_FUNCDEF) != (t->signature != NULL) || (t->signature && t->signature->kind != FN_FUNCDEF))
        return bl_corrupt(L, "funcdef");
    if (t->enum_values.count && t->kind != TYPE_ENUM) return bl_corrupt(L, "enum");
    for (int i = 0; i < t->child_funcdefs.count; i++)
        if (t->child_funcdefs.data[i]->module != L->m || t->child_funcdefs.data[i]->parent_type != t) return bl_corrupt(L, "child funcdef");
    return true;
}

static bool check_all(bc_loader *L)
{
    as_module *m = L->m;
    for (uint32_t i = 0; i < L->ntypes; i++)
        if (!check_type(L, m->types.data[i])) return false;
    bc_ptrmap globals;
    memset(&globals, 0, sizeof globals);
    bool ok = true;
    for (int i = 0; i < m->globals.count && ok; i++) {
        as_global *g = m->globals.data[i];
        ok = ptrmap_put(&globals, g->addr, (uint32_t)i) || oom(L);
        as_function *init = g->init_func;
        if (ok && init && (!own_function(L, init) || init->kind != FN_SCRIPT || !init->bc.ncode || init->nargslots || init->objtype))
            ok = bl_corrupt(L, "global initialiser");
    }
    for (int i = 0; i < L->e->globals.count && ok; i++)
        if (ptrmap_get(&globals, L->e->globals.data[i]->addr) < 0)
            ok = ptrmap_put(&globals, L->e->globals.data[i]->addr, (uint32_t)(m->globals.count + i)) || oom(L);
    for (uint32_t i = 0; i < L->nfuncs && ok; i++) {
        as_function *f = m->all_functions.data[i];
        if (f->vtable_index >= 0 && (!f->objtype || f->vtable_index >= f->objtype->vtable.count)) {
            ok = bl_corrupt(L, "virtual method");
        } else if (f->bc.ncode) {
            char why[200];
            if (!bc_verify_function(f, &globals, why, sizeof why)) {
                char what[1400], decl[1024];
                function_format_decl(f, decl, sizeof decl, true, true, false);
                snprintf(what, sizeof what, "%s in %s", why, decl);
                ok = bl_corrupt(L, what);
            }
        }
    }
    ptrmap_free(&globals);
    return ok;
}

bool bl_lists(bc_loader *L)
{
    as_module *m = L->m;
    bc_reader *r = &L->r;
    if (!read_funcs(L, &m->functions) || !read_funcs(L, &m->imports)) return bl_corrupt(L, "function lists");
    for (int i = 0; i < m->functions.count; i++) {
        as_function *f = m->functions.data[i];
        if (!own_function(L, f) || f->kind != FN_SCRIPT || f->objtype) return bl_corrupt(L, "global function");
    }
    for (int i = 0; i < m->imports.count; i++)
        if (!own_function(L, m->imports.data[i]) || m->imports.data[i]->kind != FN_IMPORTED) return bl_corrupt(L, "import");
    uint32_t n = br_count(r, MAX_ITEMS);
    for (uint32_t i = 0; i < n; i++) {
        as_global *g = bl_global(L);
        if (!g || g->module != m) return bl_corrupt(L, "initialisation order");
        VEC_PUSH(m->init_order, g);
    }
    return read_symbols(L) && read_typedefs(L) && check_all(L);
}
