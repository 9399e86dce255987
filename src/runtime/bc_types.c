/* What the engine's types say about the memory behind an address in loaded bytecode (issue 32):
 * which member an object holds at an offset, what a container's elements are, what a global's
 * storage is, which objects fit where a type is expected. bc_flow.c asks these when it follows
 * a load, a member's address, an element or a call, so that an address read from memory has
 * the type it was declared with, not whatever the code says it is. */
#include "bc_types.h"
#include "object.h"
#include <string.h>

_Static_assert(_Alignof(as_type) >= 4 && _Alignof(as_function) >= 4, "terms tag the two low bits of a pointer");

static bool is_object_type(const as_type *t) { return t && (t->kind == TYPE_OBJECT || t->kind == TYPE_FUNCDEF); }

/* The same parameters and return type (a delegate's method against a funcdef's signature: the
 * object is bound, so it is not compared). */
static bool same_params(const as_function *a, const as_function *b)
{
    if (!a || !b || a->params.count != b->params.count) return false;
    if (a->ret.type != b->ret.type || ((a->ret.flags ^ b->ret.flags) & (DT_HANDLE | DT_REF))) return false;
    for (int i = 0; i < a->params.count; i++) {
        const as_param *p = &a->params.data[i], *q = &b->params.data[i];
        if (p->type.type != q->type.type || p->inout != q->inout || ((p->type.flags ^ q->type.flags) & (DT_HANDLE | DT_REF)))
            return false;
    }
    return true;
}

bool type_fits(const as_type *have, const as_type *want)
{
    if (!have || !want) return false;
    if (have == want) return true;
    if (have->kind == TYPE_FUNCDEF && want->kind == TYPE_FUNCDEF) return same_params(have->signature, want->signature);
    return have->kind == TYPE_OBJECT && want->kind == TYPE_OBJECT && object_is_a(have, want);
}

bool term_fits(bc_term x, const as_type *want)
{
    /* plain data: any bytes of its size are one */
    if (term_is(x, TT_RAW) && want && want->kind == TYPE_OBJECT && (want->flags & AS_OBJ_VALUE) && (want->flags & AS_OBJ_POD) &&
        !want->beh.destruct && want->size > 0 && term_bytes(x) >= (uint32_t)want->size)
        return true;
    if (term_is(x, TT_OBJ)) return type_fits(term_type(x), want);
    if (term_is(x, TT_FN)) return want && want->kind == TYPE_FUNCDEF && same_params(term_func(x), want->signature);
    return false;
}

/* The most derived type both a and b are (a class and its base: the base), or NULL. */
static const as_type *common_type(const as_type *a, const as_type *b)
{
    if (type_fits(a, b)) return b;
    if (type_fits(b, a)) return a;
    if (a->kind != TYPE_OBJECT || b->kind != TYPE_OBJECT) return NULL;
    for (const as_type *c = a->base; c; c = c->base)
        if (object_is_a(b, c)) return c;
    return NULL;
}

bc_term term_meet(bc_term a, bc_term b)
{
    if (a == b) return a;
    if (a == TERM_NONE || b == TERM_NONE) return TERM_NONE;
    switch (term_tag(a) == term_tag(b) ? term_tag(a) : 4u) {
    case TT_RAW: return term_raw(term_bytes(a) < term_bytes(b) ? term_bytes(a) : term_bytes(b));
    case TT_OBJ: {
        const as_type *t = common_type(term_type(a), term_type(b));
        return t ? term_obj(t) : TERM_NONE;
    }
    case TT_FN:
        return TERM_NONE;
    default:
        break;
    }
    /* a function where a funcdef of its signature is held: the funcdef */
    if (term_is(a, TT_OBJ) && term_fits(b, term_type(a))) return a;
    if (term_is(b, TT_OBJ) && term_fits(a, term_type(b))) return b;
    return TERM_NONE;
}

/* Bytes a value of type d takes in memory held by value (not a pointer). */
static uint32_t value_bytes(const as_dtype *d)
{
    const as_type *t = d->type;
    if (t->kind == TYPE_ENUM) return 4;
    return t->size > 0 ? (uint32_t)t->size : 0;
}

/* Whether a member or element of type d is stored as a pointer (handles, funcdefs, objects a
 * script class holds indirectly). */
static bool stored_as_pointer(const as_dtype *d, bool indirect)
{
    return (d->flags & DT_HANDLE) || d->type->kind == TYPE_FUNCDEF || (d->type->kind == TYPE_OBJECT && indirect);
}

bc_term term_of_dtype(const as_dtype *d)
{
    const as_type *t = d->type;
    if (!t || t->kind == TYPE_VARTYPE) return TERM_NONE;
    if (d->flags & DT_REF) {
        if (!is_object_type(t)) return term_raw(value_bytes(d));
        /* a funcdef named without @ passes the function itself */
        if (t->kind == TYPE_FUNCDEF && (!(d->flags & DT_HANDLE) || (d->flags & DT_IMPLIED_HANDLE))) return term_obj(t);
        return (d->flags & DT_HANDLE) ? term_href(t) : term_obj(t);
    }
    if (is_object_type(t)) return term_obj(t);
    return TERM_NONE;
}

static bool member_in(const as_type *t, uint32_t off, uint32_t width, bc_term *term, bool *ptr_member, int depth)
{
    if (depth > 16) return false;
    for (const as_type *c = t; c; c = c->base) {
        for (int i = 0; i < c->props.count; i++) {
            const as_property *p = &c->props.data[i];
            if (p->offset < 0 || !p->type.type) continue;
            uint32_t po = (uint32_t)p->offset;
            bool ptr = stored_as_pointer(&p->type, p->is_indirect || (t->flags & AS_OBJ_SCRIPT_OBJECT && p->type.type->kind == TYPE_OBJECT && !(p->type.type->flags & AS_OBJ_VALUE)));
            uint32_t size = ptr ? 8 : value_bytes(&p->type);
            if (off < po || (uint64_t)off + (width ? width : 1) > (uint64_t)po + size) continue;
            if (ptr) {
                if (off != po || (width && width != 8)) return false;   /* part of a pointer */
                *ptr_member = true;
                *term = width ? term_obj(p->type.type) : term_href(p->type.type);
                return true;
            }
            *ptr_member = false;
            if (p->type.type->kind == TYPE_OBJECT) {
                /* an inline value object: its own address, or one of its members */
                if (!width && off == po) {
                    *term = term_obj(p->type.type);
                    return true;
                }
                return member_in(p->type.type, off - po, width, term, ptr_member, depth + 1);
            }
            *term = width ? TERM_NONE : term_raw(size - (off - po));
            return true;
        }
    }
    return false;
}

bool type_member_at(const as_type *t, uint32_t off, uint32_t width, bc_term *term, bool *ptr_member)
{
    *term = TERM_NONE;
    *ptr_member = false;
    return t && t->kind == TYPE_OBJECT && member_in(t, off, width, term, ptr_member, 0);
}

/* The element type of a container: its one subtype, else what its method marked as the index
 * intrinsic refers to (a host's container of one type), or NULL. */
static const as_dtype *element_dtype(const as_type *t)
{
    if (t->subtypes.count == 1 && t->subtypes.data[0].type) return &t->subtypes.data[0];
    const as_dtype *found = NULL;
    for (int i = 0; i < t->methods.count; i++) {
        const as_function *m = t->methods.data[i];
        if (m->intrinsic != AS_INTRINSIC_INDEX || !m->ret.type) continue;
        if (found && (found->type != m->ret.type || ((found->flags ^ m->ret.flags) & DT_HANDLE))) return NULL;
        found = &m->ret;
    }
    return found;
}

bool type_element(const as_type *t, const as_dtype **sub, uint32_t *bytes)
{
    const as_dtype *d = t ? element_dtype(t) : NULL;
    if (!d) return false;
    *sub = NULL;
    if (d->type->kind == TYPE_TEMPLATE_SUBTYPE || d->type->kind == TYPE_VARTYPE) return false;
    if (is_object_type(d->type)) {
        *sub = d;
        *bytes = 8;
    } else {
        *bytes = value_bytes(d);
    }
    return *bytes > 0;
}

const as_global *global_at(const as_module *m, const void *addr)
{
    for (int i = 0; i < m->globals.count; i++)
        if (m->globals.data[i]->addr == addr) return m->globals.data[i];
    const as_engine *e = m->engine;
    for (int i = 0; i < e->globals.count; i++)
        if (e->globals.data[i]->addr == addr) return e->globals.data[i];
    return NULL;
}

bc_term term_global_addr(const as_global *g)
{
    const as_dtype *d = &g->type;
    if (!is_object_type(d->type)) return term_raw((uint32_t)bc_global_storage(g));
    if ((d->type->flags & AS_OBJ_VALUE) && !(d->flags & DT_HANDLE) && d->type->kind == TYPE_OBJECT) return term_obj(d->type);
    return term_href(d->type);
}
