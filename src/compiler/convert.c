/* Implicit and explicit conversions: their cost (for overload resolution) and their code. */
#include "ev.h"
#include "opcall.h"
#include <math.h>
#include <string.h>

static bool pid_signed(int p) { return p >= AS_TYPEID_INT8 && p <= AS_TYPEID_INT64; }
static bool pid_unsigned(int p) { return p >= AS_TYPEID_UINT8 && p <= AS_TYPEID_UINT64; }
static bool pid_integer(int p) { return pid_signed(p) || pid_unsigned(p); }
static bool pid_real(int p) { return p == AS_TYPEID_FLOAT || p == AS_TYPEID_DOUBLE; }
static int pid_size(int p)
{
    static const int sz[12] = {0, 1, 1, 2, 4, 8, 1, 2, 4, 8, 4, 8};
    return p >= 0 && p < 12 ? sz[p] : 0;
}

/* ---- constant conversion ---- */

static int64_t as_i64(as_slot v, int from)
{
    switch (from) {
    case AS_TYPEID_BOOL: return v.u8 != 0;
    case AS_TYPEID_INT8: case AS_TYPEID_INT16: case AS_TYPEID_INT32: return v.i32;
    case AS_TYPEID_UINT8: case AS_TYPEID_UINT16: case AS_TYPEID_UINT32: return (int64_t)v.u32;
    case AS_TYPEID_INT64: case AS_TYPEID_UINT64: return v.i64;
    default: return 0;
    }
}

static double as_f64(as_slot v, int from)
{
    switch (from) {
    case AS_TYPEID_FLOAT: return v.f32;
    case AS_TYPEID_DOUBLE: return v.f64;
    case AS_TYPEID_UINT64: return (double)v.u64;
    default: return (double)as_i64(v, from);
    }
}

/* Float to integer as the VM does it (well-defined for every input). */
static int64_t real_to_i64(double d)
{
    if (d != d || d >= 9223372036854775808.0 || d < -9223372036854775808.0) return INT64_MIN;
    return (int64_t)d;
}

as_slot conv_const(as_slot v, int from, int to)
{
    as_slot r;
    r.u64 = 0;
    if (from == to) return v;
    if (pid_real(from)) {
        double d = as_f64(v, from);
        switch (to) {
        case AS_TYPEID_FLOAT: r.f32 = (float)d; return r;
        case AS_TYPEID_DOUBLE: r.f64 = d; return r;
        case AS_TYPEID_INT64: case AS_TYPEID_UINT64: r.i64 = real_to_i64(d); return r;
        default: {
            /* everything narrower goes through the 32-bit signed conversion, as on x86 */
            as_slot t;
            t.i32 = (d != d || d >= 2147483648.0 || d <= -2147483649.0) ? INT32_MIN : (int32_t)d;
            return conv_const(t, AS_TYPEID_INT32, to);
        }
        }
    }
    int64_t i = as_i64(v, from);
    switch (to) {
    case AS_TYPEID_BOOL: r.u32 = i != 0; break;
    case AS_TYPEID_INT8: r.i32 = (int8_t)i; break;
    case AS_TYPEID_INT16: r.i32 = (int16_t)i; break;
    case AS_TYPEID_INT32: r.i32 = (int32_t)i; break;
    case AS_TYPEID_UINT8: r.u32 = (uint8_t)i; break;
    case AS_TYPEID_UINT16: r.u32 = (uint16_t)i; break;
    case AS_TYPEID_UINT32: r.u32 = (uint32_t)i; break;
    case AS_TYPEID_INT64: case AS_TYPEID_UINT64: r.i64 = i; break;
    case AS_TYPEID_FLOAT: r.f32 = from == AS_TYPEID_UINT64 ? (float)v.u64 : (float)i; break;
    case AS_TYPEID_DOUBLE: r.f64 = from == AS_TYPEID_UINT64 ? (double)v.u64 : (double)i; break;
    default: break;
    }
    return r;
}

/* ---- code ---- */

void conv_emit_prim(fc *f, int dst, int src, int from, int to)
{
    if (from == to) {
        if (dst != src) emit(f, BC_MOV, dst, src, 0);
        return;
    }
    /* 8/16-bit values live in slots extended to 32 bits, so small ints behave as their 32-bit kin */
    int fk = from, tk = to;
    if (fk == AS_TYPEID_INT8 || fk == AS_TYPEID_INT16) fk = AS_TYPEID_INT32;
    if (fk == AS_TYPEID_UINT8 || fk == AS_TYPEID_UINT16 || fk == AS_TYPEID_BOOL) fk = AS_TYPEID_UINT32;
    as_opcode narrow = BC_NOP;
    switch (tk) {
    case AS_TYPEID_INT8: narrow = BC_SEXT8; tk = AS_TYPEID_INT32; break;
    case AS_TYPEID_INT16: narrow = BC_SEXT16; tk = AS_TYPEID_INT32; break;
    case AS_TYPEID_UINT8: narrow = BC_ZEXT8; tk = AS_TYPEID_UINT32; break;
    case AS_TYPEID_UINT16: narrow = BC_ZEXT16; tk = AS_TYPEID_UINT32; break;
    case AS_TYPEID_BOOL: emit(f, BC_TOBOOL, dst, src, 0); return;
    default: break;
    }
    as_opcode op = BC_NOP;
    bool f32 = fk == AS_TYPEID_INT32, u32 = fk == AS_TYPEID_UINT32;
    bool f64i = fk == AS_TYPEID_INT64, f64u = fk == AS_TYPEID_UINT64;
    switch (tk) {
    case AS_TYPEID_INT32: case AS_TYPEID_UINT32:
        if (fk == AS_TYPEID_FLOAT) op = tk == AS_TYPEID_INT32 ? BC_F2I : BC_F2U;
        else if (fk == AS_TYPEID_DOUBLE) op = tk == AS_TYPEID_INT32 ? BC_D2I : BC_D2U;
        break; /* from any integer: the low 32 bits already are the value */
    case AS_TYPEID_INT64: case AS_TYPEID_UINT64:
        if (f32) op = BC_I2L;
        else if (u32) op = BC_U2L;
        else if (fk == AS_TYPEID_FLOAT) op = tk == AS_TYPEID_INT64 ? BC_F2L : BC_F2UL;
        else if (fk == AS_TYPEID_DOUBLE) op = tk == AS_TYPEID_INT64 ? BC_D2L : BC_D2UL;
        break;
    case AS_TYPEID_FLOAT:
        op = f32 ? BC_I2F : u32 ? BC_U2F : f64i ? BC_L2F : f64u ? BC_UL2F : fk == AS_TYPEID_DOUBLE ? BC_D2F : BC_NOP;
        break;
    case AS_TYPEID_DOUBLE:
        op = f32 ? BC_I2D : u32 ? BC_U2D : f64i ? BC_L2D : f64u ? BC_UL2D : fk == AS_TYPEID_FLOAT ? BC_F2D : BC_NOP;
        break;
    default: break;
    }
    int cur = src;
    if (op != BC_NOP) {
        emit(f, op, dst, cur, 0);
        cur = dst;
    }
    if (narrow != BC_NOP) {
        emit(f, narrow, dst, cur, 0);
        cur = dst;
    }
    if (cur != dst) emit(f, BC_MOV, dst, cur, 0);
}

/* ---- costs ---- */

/* As the reference ranks them: among integers of one signedness widening comes before narrowing
 * (2.38; 2.35.1 ranked them the same), a change of signedness costs the same at any size,
 * int<->real conversions come last. */
static int prim_cost(int from, int to)
{
    if (from == to) return COST_EXACT;
    if (from == AS_TYPEID_BOOL || to == AS_TYPEID_BOOL) return COST_IMPOSSIBLE;
    if (pid_integer(from) && pid_integer(to)) {
        if (pid_signed(from) != pid_signed(to)) return COST_SIGN;
        return pid_size(to) > pid_size(from) ? COST_SIZE : COST_NARROW;
    }
    if (pid_integer(from) && pid_real(to)) return COST_INT_TO_FLOAT;
    if (pid_real(from) && pid_integer(to)) return COST_FLOAT_TO_INT;
    if (pid_real(from) && pid_real(to)) return COST_SIZE;
    return COST_IMPOSSIBLE;
}

bool derives_from(const as_type *t, const as_type *base)
{
    for (const as_type *c = t; c; c = c->base) {
        if (c == base) return true;
        for (int i = 0; i < c->interfaces.count; i++)
            if (c->interfaces.data[i] == base || derives_from(c->interfaces.data[i], base)) return true;
    }
    return false;
}

/* A covariant template's instance to another of the same template (as_type_set_covariant): each
 * subtype the same, or a handle to a class that derives from (or implements) the other's handle
 * type, no const dropped. The object stays the same one: a reference conversion. */
static bool covariant_converts(const as_type *from, const as_type *to)
{
    if (!from->template_base || from->template_base != to->template_base || !from->template_base->covariant ||
        from->subtypes.count != to->subtypes.count)
        return false;
    for (int i = 0; i < from->subtypes.count; i++) {
        const as_dtype *a = &from->subtypes.data[i], *b = &to->subtypes.data[i];
        if (dt_same(a, b)) continue;
        if (!a->type || !b->type || !(a->flags & DT_HANDLE) || !(b->flags & DT_HANDLE)) return false;
        if ((a->flags & DT_CONST) && !(b->flags & DT_CONST)) return false;
        if (a->type != b->type && !derives_from(a->type, b->type) && !covariant_converts(a->type, b->type)) return false;
    }
    return true;
}

int conv_cost(fc *f, const ev *e, const as_dtype *to, bool explicit_)
{
    (void)f;
    if (e->kind == EV_ERROR) return COST_EXACT;
    if (to->type && to->type->kind == TYPE_VARTYPE) return COST_VARTYPE;
    if (e->kind == EV_NULL) return dt_is_handle(to) || (to->type && to->type->kind == TYPE_FUNCDEF) ? COST_EXACT : COST_IMPOSSIBLE;
    if (e->kind == EV_FUNC) {
        if (!to->type || to->type->kind != TYPE_FUNCDEF) return COST_IMPOSSIBLE;
        const as_function *sig = to->type->signature;
        if (!sig || e->single) return COST_EXACT;  /* the matching overload is checked on conversion */
        for (const as_symbol *s = e->funcs; s; s = s->next)
            if (s->kind == SYM_FUNC && opcall_func_fits_funcdef(s->ptr, sig)) return COST_EXACT;
        return COST_IMPOSSIBLE;
    }
    if (e->kind == EV_VOID || e->kind == EV_TYPE || e->kind == EV_NS || e->kind == EV_VOIDARG) return COST_IMPOSSIBLE;
    const as_dtype *from = &e->type;
    int fp = dt_prim_id(from), tp = dt_prim_id(to);
    if (fp > 0 && tp > 0) {
        /* enums */
        if (to->type->kind == TYPE_ENUM) {
            if (from->type == to->type) return COST_EXACT;
            return explicit_ && from->type->kind != TYPE_ENUM && pid_integer(fp) ? COST_SIZE : COST_IMPOSSIBLE;
        }
        if (from->type->kind == TYPE_ENUM) {
            if (!pid_integer(tp) && !pid_real(tp)) return COST_IMPOSSIBLE;
            /* an enum is an int: to other types it costs what int would, and at least this */
            if (tp == AS_TYPEID_INT32) return COST_ENUM_SAME;
            int c = prim_cost(AS_TYPEID_INT32, tp);
            if (c == COST_NARROW) c = COST_SIZE;   /* an enum's size changes cost the same either way */
            return c > COST_ENUM_DIFF ? c : COST_ENUM_DIFF;
        }
        int c = prim_cost(fp, tp);
        /* const costs nothing for a primitive (the reference finds f(int) and f(const int &in) equally good) */
        return c;
    }
    if (fp >= 0 || tp >= 0) {
        if (fp == AS_TYPEID_VOID || tp == AS_TYPEID_VOID) return COST_IMPOSSIBLE;
        /* object <-> primitive needs opConv / constructors: handled by the object conversion code */
        return COST_IMPOSSIBLE;
    }
    /* objects */
    if (!from->type || !to->type) return COST_IMPOSSIBLE;
    if (from->type == to->type) {
        int c = COST_EXACT;
        /* a const object can't become a non-const handle or reference */
        if ((from->flags & DT_CONST) && !(to->flags & DT_CONST) && dt_is_handle(to) && dt_is_handle(from)) return COST_IMPOSSIBLE;
        if ((from->flags ^ to->flags) & DT_CONST) c = COST_CONST;
        if (((from->flags ^ to->flags) & DT_HANDLE) && to->type->kind == TYPE_OBJECT) {
            if ((to->flags & DT_HANDLE) && (to->type->flags & (AS_OBJ_NOHANDLE | AS_OBJ_VALUE)) && !(to->type->flags & AS_OBJ_ASHANDLE))
                return COST_IMPOSSIBLE;
            /* taking the handle costs nothing, adding const does (as in the reference: for a Foo,
             * Foo@ beats const Foo@ and const Foo &in; Foo and Foo@ are equally good) */
        }
        return c;
    }
    if (from->type->kind == TYPE_OBJECT && to->type->kind == TYPE_OBJECT &&
        (derives_from(from->type, to->type) || covariant_converts(from->type, to->type)))
        return COST_REF_CAST;
    /* a handle of another funcdef with the same signature (2.38): the same function */
    if (from->type->kind == TYPE_FUNCDEF && to->type->kind == TYPE_FUNCDEF && from->type->signature && to->type->signature) {
        extern bool function_same_signature(const as_function *a, const as_function *b);
        if (function_same_signature(from->type->signature, to->type->signature)) return COST_REF_CAST;
    }
    return COST_IMPOSSIBLE;
}

/* ---- applying ---- */

static void warn_const_conv(fc *f, const ast_node *at, as_slot v, int from, int to)
{
    if (!at) return;
    as_slot r = conv_const(v, from, to);
    if (pid_real(from) && pid_integer(to)) {
        double d = as_f64(v, from);
        as_slot back = conv_const(r, to, AS_TYPEID_DOUBLE);
        if (back.f64 != d) c_warning(f->c, at, "Implicit conversion of value is not exact");
        return;
    }
    if (pid_integer(from) && pid_real(to)) {
        /* 16777217 has no float; the reference checks a uint64 as an int64 */
        int as = from == AS_TYPEID_UINT64 ? AS_TYPEID_INT64 : from;
        as_slot back = conv_const(conv_const(v, as, to), to, as);
        if (as_i64(back, as) != as_i64(v, as)) c_warning(f->c, at, "Implicit conversion of value is not exact");
        return;
    }
    if (pid_integer(from) && pid_integer(to)) {
        as_slot back = conv_const(r, to, from);
        int64_t orig = as_i64(v, from);
        bool neg = pid_signed(from) && orig < 0;
        if (neg && pid_unsigned(to)) {
            /* as the reference: the sign changes, and a uint8 or uint16 has no room either */
            c_warning(f->c, at, "Implicit conversion changed sign of value");
            if (pid_size(to) < 4) c_warning(f->c, at, "Value is too large for data type");
        } else if (back.i64 != v.i64 && as_i64(back, from) != orig) {
            c_warning(f->c, at, "Value is too large for data type");
        } else if (pid_unsigned(from) && pid_signed(to) && as_i64(r, to) < 0) {
            /* the reference reads a uint or uint64 as an int or int64 first: negative there, it
             * changed sign; else (uint8(250) to int8) it does not fit */
            int64_t as_signed = from == AS_TYPEID_UINT32 ? (int64_t)(int32_t)v.u32 : from == AS_TYPEID_UINT64 ? v.i64 : orig;
            c_warning(f->c, at, as_signed < 0 ? "Implicit conversion changed sign of value" : "Value is too large for data type");
        }
    }
}

bool conv_implicit(fc *f, ev *e, const as_dtype *to, const ast_node *at, bool explicit_)
{
    if (e->kind == EV_ERROR) return true;
    if (e->kind == EV_PROP) ev_resolve_prop(f, e, at);
    if (e->kind == EV_ERROR) return true;
    int cost = conv_cost(f, e, to, explicit_);
    if (cost >= COST_IMPOSSIBLE) return false;
    if (to->type && to->type->kind == TYPE_VARTYPE) return true;
    int fp = dt_prim_id(&e->type), tp = dt_prim_id(to);
    if (e->kind == EV_NULL) {
        e->type = *to;
        e->type.flags &= (uint8_t)~DT_REF;
        return true;
    }
    if (fp > 0 && tp > 0) {
        if (e->kind == EV_CONST) {
            if (!explicit_) warn_const_conv(f, at, e->k, fp, tp);
            e->k = conv_const(e->k, fp, tp);
            e->type = *to;
            e->type.flags |= DT_CONST;
            return true;
        }
        if (fp == tp || (pid_size(fp) == pid_size(tp) && pid_size(fp) == 4 && pid_integer(fp) && pid_integer(tp)) ||
            (pid_integer(fp) && pid_integer(tp) && pid_size(fp) == 8 && pid_size(tp) == 8)) {
            /* same bits: only the type changes */
            e->type = *to;
            e->type.flags &= (uint8_t)~DT_REF;
            return true;
        }
        if (!explicit_ && at && pid_real(fp) && pid_integer(tp))
            c_warning(f->c, at, "Float value truncated in implicit conversion to integer");
        int src = ev_to_slot(f, e, -1);
        int dst = e->temp ? src : slot_alloc(f, 1);
        conv_emit_prim(f, dst, src, fp, tp);
        if (!e->temp) {
            e->slot = (uint16_t)dst;
            e->temp = true;
            e->ntemp = 1;
        }
        e->type = *to;
        e->type.flags &= (uint8_t)~(DT_REF | DT_CONST);
        e->lvalue = false;
        return true;
    }
    /* objects: same object, a base class or interface; the pointer doesn't change */
    uint8_t keep = e->type.flags;
    e->type.type = to->type;
    e->type.flags = (uint8_t)((to->flags & (DT_HANDLE | DT_CONST)) | (keep & DT_CONST));
    if (!(to->flags & DT_HANDLE)) e->type.flags &= (uint8_t)~DT_HANDLE;
    return true;
}
