#include "native.h"
#include "util/mem.h"
#include <ffi.h>
#include <stdlib.h>
#include <string.h>

#define MAX_NATIVE_ARGS 64

struct as_native {
    ffi_cif cif;
    ffi_type **atypes;
    uint16_t *arg_slots;    /* slot of each C argument, in call order */
    int nargs;
    ffi_type *rtype;
    ffi_type **struct_types;    /* built struct types to free; allocated with the first (most
                                 * functions pass no struct by value) */
    int nstructs;
    bool ret_struct;        /* value type returned by value */
    int8_t direct;          /* >= 0: number of register arguments of a direct call (no libffi) */
    uint16_t fp_args;       /* direct calls: bit i set if argument i is a float or double */
};

/* Direct calls. On the 64-bit ABIs below, integer and pointer arguments travel in general
 * registers whatever their C width, and float and double arguments in vector registers, each
 * class in order and independently of the other. So a function with up to 4 arguments of each
 * class can be called through a pointer taking 4 uint64_t words and 4 doubles: a float travels
 * as the low 32 bits of its vector register, which a double with those bits fills. The return
 * value comes back in the register of its class. This skips libffi on the hot path of most host
 * calls (sqrt, vector maths, accessors). */
#if defined(__x86_64__) || defined(__aarch64__)
#define AS_DIRECT_CALLS 1
#endif

#ifdef AS_DIRECT_CALLS
/* The integer class result r of a function returning C type rt, as a slot holds it. */
static inline void word_result(int rt, uint64_t r, as_slot *ret)
{
    as_slot out;
    out.u64 = 0;
    switch (rt) {
    case FFI_TYPE_VOID: break;
    case FFI_TYPE_UINT8: out.u32 = (uint8_t)r; break;
    case FFI_TYPE_SINT8: out.i32 = (int8_t)r; break;
    case FFI_TYPE_UINT16: out.u32 = (uint16_t)r; break;
    case FFI_TYPE_SINT16: out.i32 = (int16_t)r; break;
    case FFI_TYPE_UINT32: out.u32 = (uint32_t)r; break;
    case FFI_TYPE_SINT32: out.i32 = (int32_t)r; break;
    default: out.u64 = r; break;
    }
    *ret = out;
}

/* Invokers of the shapes most registered functions have: up to 4 integer or pointer arguments
 * and an integer, pointer or no result; one or two floats giving a float; one or two doubles
 * giving a double. Each calls through a pointer of exactly its shape (see AS_DIRECT_CALLS). */
typedef uint64_t (*fn_w0)(void);
typedef uint64_t (*fn_w1)(uint64_t);
typedef uint64_t (*fn_w2)(uint64_t, uint64_t);
typedef uint64_t (*fn_w3)(uint64_t, uint64_t, uint64_t);
typedef uint64_t (*fn_w4)(uint64_t, uint64_t, uint64_t, uint64_t);
#define FN(T) ((T)(void *)f->fnptr)
#define ARG(i) args[((const as_native *)f->native)->arg_slots[i]]
/* Each word shape in four kinds, by what the result needs: nothing (void), the register as is
 * (64-bit integers and pointers), a bool's low byte, or the general extension (word_result). */
#define WORD_INVOKERS(N, CALL) \
    static void inv_w##N(const as_function *f, as_slot *args, as_slot *ret) \
    { (void)args; word_result(((const as_native *)f->native)->rtype->type, CALL, ret); } \
    static void inv_w##N##_void(const as_function *f, as_slot *args, as_slot *ret) \
    { (void)args; (void)ret; (void)CALL; } \
    static void inv_w##N##_u64(const as_function *f, as_slot *args, as_slot *ret) \
    { (void)args; ret->u64 = CALL; } \
    static void inv_w##N##_bool(const as_function *f, as_slot *args, as_slot *ret) \
    { (void)args; ret->u64 = (uint8_t)CALL; }
WORD_INVOKERS(0, FN(fn_w0)())
WORD_INVOKERS(1, FN(fn_w1)(ARG(0).u64))
WORD_INVOKERS(2, FN(fn_w2)(ARG(0).u64, ARG(1).u64))
WORD_INVOKERS(3, FN(fn_w3)(ARG(0).u64, ARG(1).u64, ARG(2).u64))
WORD_INVOKERS(4, FN(fn_w4)(ARG(0).u64, ARG(1).u64, ARG(2).u64, ARG(3).u64))
#undef WORD_INVOKERS
static void inv_f1(const as_function *f, as_slot *args, as_slot *ret)
{
    as_slot out;
    out.u64 = 0;
    out.f32 = FN(float (*)(float))(ARG(0).f32);
    *ret = out;
}
static void inv_f2(const as_function *f, as_slot *args, as_slot *ret)
{
    as_slot out;
    out.u64 = 0;
    out.f32 = FN(float (*)(float, float))(ARG(0).f32, ARG(1).f32);
    *ret = out;
}
static void inv_d1(const as_function *f, as_slot *args, as_slot *ret)
{
    ret->f64 = FN(double (*)(double))(ARG(0).f64);
}
static void inv_d2(const as_function *f, as_slot *args, as_slot *ret)
{
    ret->f64 = FN(double (*)(double, double))(ARG(0).f64, ARG(1).f64);
}
#undef FN
#undef ARG

static void pick_invoker(as_function *f, as_native *n)
{
    int rt = n->rtype->type, fa = 0;
    for (int i = 0; i < n->nargs; i++) {
        int t = n->atypes[i]->type;
        if (t == FFI_TYPE_FLOAT) fa |= 1;
        else if (t == FFI_TYPE_DOUBLE) fa |= 2;
        else fa |= 4;
    }
    if (fa == 1 && rt == FFI_TYPE_FLOAT && (n->nargs == 1 || n->nargs == 2)) f->invoke = n->nargs == 1 ? inv_f1 : inv_f2;
    else if (fa == 2 && rt == FFI_TYPE_DOUBLE && (n->nargs == 1 || n->nargs == 2)) f->invoke = n->nargs == 1 ? inv_d1 : inv_d2;
    else if ((fa & 3) == 0 && rt != FFI_TYPE_FLOAT && rt != FFI_TYPE_DOUBLE) {
        typedef void (*invoker)(const as_function *, as_slot *, as_slot *);
        static const invoker w[4][5] = {
            {inv_w0, inv_w1, inv_w2, inv_w3, inv_w4},
            {inv_w0_void, inv_w1_void, inv_w2_void, inv_w3_void, inv_w4_void},
            {inv_w0_u64, inv_w1_u64, inv_w2_u64, inv_w3_u64, inv_w4_u64},
            {inv_w0_bool, inv_w1_bool, inv_w2_bool, inv_w3_bool, inv_w4_bool},
        };
        int kind = rt == FFI_TYPE_VOID ? 1
                 : rt == FFI_TYPE_POINTER || rt == FFI_TYPE_UINT64 || rt == FFI_TYPE_SINT64 ? 2
                 : rt == FFI_TYPE_UINT8 && n->rtype == &ffi_type_uint8 ? 3 : 0;
        if (n->nargs <= 4) f->invoke = w[kind][n->nargs];
    }
}
#endif

static ffi_type *prim_ffi_type(int prim)
{
    switch (prim) {
    case AS_TYPEID_VOID: return &ffi_type_void;
    case AS_TYPEID_BOOL: return &ffi_type_uint8;
    case AS_TYPEID_INT8: return &ffi_type_sint8;
    case AS_TYPEID_INT16: return &ffi_type_sint16;
    case AS_TYPEID_INT32: return &ffi_type_sint32;
    case AS_TYPEID_INT64: return &ffi_type_sint64;
    case AS_TYPEID_UINT8: return &ffi_type_uint8;
    case AS_TYPEID_UINT16: return &ffi_type_uint16;
    case AS_TYPEID_UINT32: return &ffi_type_uint32;
    case AS_TYPEID_UINT64: return &ffi_type_uint64;
    case AS_TYPEID_FLOAT: return &ffi_type_float;
    case AS_TYPEID_DOUBLE: return &ffi_type_double;
    }
    return NULL;
}

/* A C struct of a registered value type passed by value, described from its size and flags. */
static ffi_type *struct_ffi_type(as_native *n, const as_type *t)
{
    if (n->nstructs >= MAX_NATIVE_ARGS + 1 || t->size <= 0) return NULL;
    if (!n->struct_types && !(n->struct_types = mem_calloc(MAX_NATIVE_ARGS + 1, sizeof *n->struct_types))) return NULL;
    int size = t->size;
    ffi_type *elem;
    int esize;
    if (t->flags & AS_OBJ_APP_CLASS_ALLFLOATS) {
        bool dbl = (t->flags & AS_OBJ_APP_CLASS_ALIGN8) && size % 8 == 0;
        elem = dbl ? &ffi_type_double : &ffi_type_float;
        esize = dbl ? 8 : 4;
    } else if (t->flags & AS_OBJ_APP_PRIMITIVE) {
        elem = size == 8 ? &ffi_type_uint64 : size == 4 ? &ffi_type_uint32 : size == 2 ? &ffi_type_uint16 : &ffi_type_uint8;
        esize = size >= 8 ? 8 : size;
    } else if (t->flags & AS_OBJ_APP_FLOAT) {
        elem = size == 8 ? &ffi_type_double : &ffi_type_float;
        esize = size == 8 ? 8 : 4;
    } else {
        bool wide = (t->flags & AS_OBJ_APP_CLASS_ALIGN8) || size % 8 == 0;
        elem = wide ? &ffi_type_uint64 : &ffi_type_uint32;
        esize = wide ? 8 : 4;
    }
    int count = size / esize, rest = size % esize;
    ffi_type *st = mem_calloc(1, sizeof *st + (size_t)(count + rest + 1) * sizeof(ffi_type *));
    if (!st) return NULL;
    ffi_type **elems = (ffi_type **)(st + 1);
    int k = 0;
    for (int i = 0; i < count; i++) elems[k++] = elem;
    for (int i = 0; i < rest; i++) elems[k++] = &ffi_type_uint8;
    elems[k] = NULL;
    st->type = FFI_TYPE_STRUCT;
    st->elements = elems;
    n->struct_types[n->nstructs++] = st;
    return st;
}

static ffi_type *param_ffi_type(as_native *n, const as_param *p)
{
    as_type *t = p->type.type;
    if (p->inout != INOUT_NONE || (p->type.flags & DT_HANDLE)) return &ffi_type_pointer;
    switch (t->kind) {
    case TYPE_PRIMITIVE: return prim_ffi_type(t->prim);
    case TYPE_ENUM: return &ffi_type_sint32;
    case TYPE_FUNCDEF: return &ffi_type_pointer;
    case TYPE_OBJECT:
        if (t->flags & AS_OBJ_REF) return &ffi_type_pointer;
        return struct_ffi_type(n, t);
    default: return NULL;
    }
}

/* ---- the generic convention: the function gets a view of its argument slots ---- */

typedef void (*generic_fn)(as_generic *);

static void inv_generic(const as_function *f, as_slot *args, as_slot *ret)
{
    as_generic g = {(as_function *)f, args, NULL, {.u64 = 0}};
    ((generic_fn)f->fnptr)(&g);
    if (!f->has_retloc) *ret = g.ret;
}

static void inv_generic_method(const as_function *f, as_slot *args, as_slot *ret)
{
    as_generic g = {(as_function *)f, args, args[f->this_slot].p, {.u64 = 0}};
    ((generic_fn)f->fnptr)(&g);
    if (!f->has_retloc) *ret = g.ret;
}

/* Any generic function. A small integer result written through as_generic_return_location is
 * extended as the VM expects (as_generic_set_return_byte/word did that already; again changes
 * nothing). */
static void inv_generic_any(const as_function *f, as_slot *args, as_slot *ret)
{
    as_generic g = {(as_function *)f, args, function_takes_object(f) ? args[f->this_slot].p : NULL, {.u64 = 0}};
    ((generic_fn)f->fnptr)(&g);
    if (f->has_retloc) return;
    const as_dtype *r = &f->ret;
    if (!(r->flags & (DT_REF | DT_HANDLE)) && r->type && r->type->kind == TYPE_PRIMITIVE) {
        switch (r->type->prim) {
        case AS_TYPEID_INT8: { int32_t v = (int8_t)g.ret.u8; g.ret.u64 = 0; g.ret.i32 = v; break; }
        case AS_TYPEID_INT16: { int32_t v = (int16_t)g.ret.u16; g.ret.u64 = 0; g.ret.i32 = v; break; }
        case AS_TYPEID_BOOL: case AS_TYPEID_UINT8: g.ret.u64 = g.ret.u8; break;
        case AS_TYPEID_UINT16: g.ret.u64 = g.ret.u16; break;
        default: break;
        }
    }
    *ret = g.ret;
}

static void pick_generic_invoker(as_function *f)
{
    const as_dtype *r = &f->ret;
    bool small_int = !f->has_retloc && !(r->flags & (DT_REF | DT_HANDLE)) && r->type && r->type->kind == TYPE_PRIMITIVE &&
                     (r->type->prim == AS_TYPEID_INT8 || r->type->prim == AS_TYPEID_INT16 || r->type->prim == AS_TYPEID_BOOL ||
                      r->type->prim == AS_TYPEID_UINT8 || r->type->prim == AS_TYPEID_UINT16);
    if (small_int) f->invoke = inv_generic_any;
    else f->invoke = function_takes_object(f) ? inv_generic_method : inv_generic;
}

void native_release(as_function *f)
{
    as_native *n = f->native;
    if (!n) return;
    for (int i = 0; i < n->nstructs; i++) mem_free(n->struct_types[i]);
    mem_free(n->struct_types);
    mem_free(n->atypes);
    mem_free(n->arg_slots);
    mem_free(n);
    f->native = NULL;
    f->invoke = NULL;
}

int native_prepare(as_engine *e, as_function *f)
{
    (void)e;
    f->invoke = NULL;
    if (f->callconv == AS_CALL_GENERIC) {
        pick_generic_invoker(f);
        return AS_SUCCESS;
    }
    /* variadic functions: the generic convention only (the argument count varies per call) */
    if (f->attrs & FA_VARIADIC) return AS_NOT_SUPPORTED;
    if (f->callconv != AS_CALL_CDECL && f->callconv != AS_CALL_CDECL_OBJFIRST && f->callconv != AS_CALL_CDECL_OBJLAST)
        return AS_NOT_SUPPORTED;
    as_native *n = mem_calloc(1, sizeof *n);
    if (!n) return AS_OUT_OF_MEMORY;
    int max = f->params.count * 2 + 2;
    n->atypes = mem_calloc((size_t)max, sizeof *n->atypes);
    n->arg_slots = mem_calloc((size_t)max, sizeof *n->arg_slots);
    if (!n->atypes || !n->arg_slots) goto fail;
    bool is_method = function_takes_object(f);
    if (is_method && f->callconv == AS_CALL_CDECL) goto fail_conv;
    if (!is_method && f->callconv != AS_CALL_CDECL) goto fail_conv;
    if (is_method && f->callconv == AS_CALL_CDECL_OBJFIRST) {
        n->atypes[n->nargs] = &ffi_type_pointer;
        n->arg_slots[n->nargs++] = f->this_slot;
    }
    for (int i = 0; i < f->params.count; i++) {
        const as_param *p = &f->params.data[i];
        if (p->type.type->kind == TYPE_VARTYPE) {
            /* `?`: the address, then the type id */
            n->atypes[n->nargs] = &ffi_type_pointer;
            n->arg_slots[n->nargs++] = f->param_slot[i];
            n->atypes[n->nargs] = &ffi_type_sint32;
            n->arg_slots[n->nargs++] = (uint16_t)(f->param_slot[i] + 1);
            continue;
        }
        ffi_type *t = param_ffi_type(n, p);
        if (!t) goto fail;
        n->atypes[n->nargs] = t;
        n->arg_slots[n->nargs++] = f->param_slot[i];
    }
    if (is_method && f->callconv == AS_CALL_CDECL_OBJLAST) {
        n->atypes[n->nargs] = &ffi_type_pointer;
        n->arg_slots[n->nargs++] = f->this_slot;
    }
    /* return type */
    as_type *rt = f->ret.type;
    if (f->ret.flags & (DT_HANDLE | DT_REF)) n->rtype = &ffi_type_pointer;
    else if (rt->kind == TYPE_PRIMITIVE) n->rtype = prim_ffi_type(rt->prim);
    else if (rt->kind == TYPE_ENUM) n->rtype = &ffi_type_sint32;
    else if (rt->kind == TYPE_FUNCDEF || type_is_ref_type(rt)) n->rtype = &ffi_type_pointer;
    else if (type_is_value_type(rt)) {
        n->rtype = struct_ffi_type(n, rt);
        n->ret_struct = true;
    }
    if (!n->rtype) goto fail;
    if (ffi_prep_cif(&n->cif, FFI_DEFAULT_ABI, (unsigned)n->nargs, n->rtype, n->atypes) != FFI_OK) goto fail;
    n->direct = -1;
#ifdef AS_DIRECT_CALLS
    {
        int words = 0, fps = 0;
        bool direct = n->nargs <= 8;
        for (int i = 0; i < n->nargs && direct; i++) {
            int t = n->atypes[i]->type;
            if (t == FFI_TYPE_FLOAT || t == FFI_TYPE_DOUBLE) {
                n->fp_args |= (uint16_t)(1u << i);
                fps++;
            } else {
                words++;
            }
            direct = t != FFI_TYPE_STRUCT && t != FFI_TYPE_LONGDOUBLE && words <= 4 && fps <= 4;
        }
        if (direct && !n->ret_struct && n->rtype->type != FFI_TYPE_LONGDOUBLE) {
            n->direct = (int8_t)n->nargs;
            pick_invoker(f, n);
        }
    }
#endif
    f->native = n;
    return AS_SUCCESS;
fail_conv:
    f->native = n;
    native_release(f);
    return AS_WRONG_CALLING_CONV;
fail:
    f->native = n;
    native_release(f);
    return AS_NOT_SUPPORTED;
}

_Thread_local as_context *vm_active;

as_context *as_active_context(void) { return vm_active; }

static void call_native(as_context *ctx, as_function *f, as_slot *args, as_slot *ret)
{
    if (f->invoke) {
        f->invoke(f, args, ret);
        return;
    }
    if (f->callconv == AS_CALL_GENERIC) {
        inv_generic_any(f, args, ret);
        return;
    }
    as_native *n = f->native;
#ifdef AS_DIRECT_CALLS
    if (n->direct >= 0) {
        uint64_t w[4] = {0, 0, 0, 0};
        double d[4] = {0, 0, 0, 0};
        int nw = 0, nd = 0;
        for (int i = 0; i < n->direct; i++) {
            uint64_t bits = args[n->arg_slots[i]].u64;
            if (n->fp_args & (1u << i)) memcpy(&d[nd++], &bits, sizeof bits);
            else w[nw++] = bits;
        }
        int rt = n->rtype->type;
        as_slot out;
        out.u64 = 0;
        if (rt == FFI_TYPE_FLOAT || rt == FFI_TYPE_DOUBLE) {
            if (rt == FFI_TYPE_FLOAT) {
                typedef float (*ff)(uint64_t, uint64_t, uint64_t, uint64_t, double, double, double, double);
                out.f32 = ((ff)(void *)f->fnptr)(w[0], w[1], w[2], w[3], d[0], d[1], d[2], d[3]);
            } else {
                typedef double (*fd)(uint64_t, uint64_t, uint64_t, uint64_t, double, double, double, double);
                out.f64 = ((fd)(void *)f->fnptr)(w[0], w[1], w[2], w[3], d[0], d[1], d[2], d[3]);
            }
        } else {
            typedef uint64_t (*fw)(uint64_t, uint64_t, uint64_t, uint64_t, double, double, double, double);
            uint64_t r = ((fw)(void *)f->fnptr)(w[0], w[1], w[2], w[3], d[0], d[1], d[2], d[3]);
            word_result(rt, r, &out);
        }
        *ret = out;
        (void)ctx;
        return;
    }
#endif
    void *av[MAX_NATIVE_ARGS * 2 + 2];
    for (int i = 0; i < n->nargs; i++) {
        as_slot *s = &args[n->arg_slots[i]];
        /* value types by value are passed as the address of a copy: ffi wants the bytes */
        av[i] = n->atypes[i]->type == FFI_TYPE_STRUCT ? s->p : (void *)s;
    }
    if (n->ret_struct) {
        ffi_call(&n->cif, (void (*)(void))f->fnptr, args[0].p, av);
    } else {
        ffi_arg r[2] = {0, 0};
        ffi_call(&n->cif, (void (*)(void))f->fnptr, r, av);
        as_slot out;
        out.u64 = 0;
        switch (n->rtype->type) {
        case FFI_TYPE_VOID: break;
        case FFI_TYPE_FLOAT: memcpy(&out.f32, r, sizeof(float)); break;
        case FFI_TYPE_DOUBLE: memcpy(&out.f64, r, sizeof(double)); break;
        case FFI_TYPE_UINT8: out.u32 = (uint8_t)r[0]; break;
        case FFI_TYPE_SINT8: out.i32 = (int8_t)r[0]; break;
        case FFI_TYPE_UINT16: out.u32 = (uint16_t)r[0]; break;
        case FFI_TYPE_SINT16: out.i32 = (int16_t)r[0]; break;
        case FFI_TYPE_UINT32: out.u32 = (uint32_t)r[0]; break;
        case FFI_TYPE_SINT32: out.i32 = (int32_t)r[0]; break;
        default: memcpy(&out.u64, r, sizeof(uint64_t)); break;
        }
        *ret = out;
    }
    (void)ctx;
}

/* The context knows which registered function it is calling (as_context_system_function). */
void native_call(as_context *ctx, as_function *f, as_slot *args, as_slot *ret)
{
    if (!ctx) {
        call_native(ctx, f, args, ret);
        return;
    }
    as_function *outer = ctx->sys_func;
    ctx->sys_func = f;
    call_native(ctx, f, args, ret);
    ctx->sys_func = outer;
}

/* ---- calls the runtime makes itself (behaviours) ---- */

static void call_with_slots(as_engine *e, as_function *f, as_slot *args, as_slot *ret)
{
    as_context *ctx = vm_active;
    native_call(ctx, f, args, ret);
    (void)e;
}

void native_call_obj(as_engine *e, as_function *f, void *obj)
{
    as_slot args[4], ret;
    memset(args, 0, sizeof args);
    args[f->this_slot].p = obj;
    call_with_slots(e, f, args, &ret);
}

void native_call_obj_ptr(as_engine *e, as_function *f, void *obj, void *arg)
{
    as_slot args[4], ret;
    memset(args, 0, sizeof args);
    args[f->this_slot].p = obj;
    if (f->params.count > 0) args[f->param_slot[0]].p = arg;
    call_with_slots(e, f, args, &ret);
}

void *native_call_factory0(as_engine *e, as_function *f)
{
    as_slot args[4], ret;
    memset(args, 0, sizeof args);
    ret.p = NULL;
    call_with_slots(e, f, args, &ret);
    return ret.p;
}

/* ======================================================================= as_generic accessors */

/* Every accessor takes a NULL generic (a host bug) as "no call": NULL, 0 or AS_INVALID_ARG. */
as_engine *as_generic_engine(as_generic *g) { return g && g->fn ? g->fn->engine : NULL; }
as_function *as_generic_function(as_generic *g) { return g ? g->fn : NULL; }
void *as_generic_auxiliary(as_generic *g) { return g && g->fn ? g->fn->aux : NULL; }
/* Not inlined into hosts by link-time optimisation: its NULL case would make GCC warn about what a
 * host does with the object (the host passes its own generic, never NULL). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
void *as_generic_object(as_generic *g) { return g ? g->obj : NULL; }
int as_generic_object_type_id(as_generic *g)
{
    if (!g || !g->fn) return AS_INVALID_ARG;
    return g->fn->objtype ? dtype_type_id(&(as_dtype){g->fn->objtype, 0}) : 0;
}
/* A variadic function's last parameter: its slot holds the number of arguments given for it,
 * which follow, each as wide as the parameter (two slots for `?`). */
static bool is_variadic(const as_function *f) { return (f->attrs & FA_VARIADIC) && f->params.count > 0; }
static int variadic_count(as_generic *g)
{
    int32_t n = g->args[g->fn->param_slot[g->fn->params.count - 1]].i32;
    return n < 0 ? 0 : n;
}

int as_generic_arg_count(as_generic *g)
{
    if (!g || !g->fn) return AS_INVALID_ARG;
    if (is_variadic(g->fn)) return g->fn->params.count - 1 + variadic_count(g);
    return g->fn->params.count;
}

/* A variadic function's parameter `arg` (see arg_slot_param). */
static as_slot *variadic_arg_slot(as_generic *g, unsigned arg, const as_param **param)
{
    const as_function *f = g->fn;
    if (arg >= (unsigned)f->params.count - 1) {
        unsigned k = arg - ((unsigned)f->params.count - 1);
        if (k >= (unsigned)variadic_count(g)) return NULL;
        const as_param *p = &f->params.data[f->params.count - 1];
        if (param) *param = p;
        return &g->args[f->param_slot[f->params.count - 1] + 1 + k * (p->type.type->kind == TYPE_VARTYPE ? 2u : 1u)];
    }
    if (param) *param = &f->params.data[arg];
    return &g->args[f->param_slot[arg]];
}

/* The parameter argument `arg` is passed as, and its first slot (NULL if there is none). Inline:
 * every generic function reads its arguments through here. */
static inline as_slot *arg_slot_param(as_generic *g, unsigned arg, const as_param **param)
{
    if (!g || !g->fn) return NULL;
    const as_function *f = g->fn;
    if (is_variadic(f)) return variadic_arg_slot(g, arg, param);
    if (arg >= (unsigned)f->params.count) return NULL;
    if (param) *param = &f->params.data[arg];
    return &g->args[f->param_slot[arg]];
}

static as_slot *arg_slot(as_generic *g, unsigned arg) { return arg_slot_param(g, arg, NULL); }

int as_generic_arg_type_id(as_generic *g, unsigned arg, uint32_t *flags)
{
    const as_param *p = NULL;
    as_slot *slot = arg_slot_param(g, arg, &p);
    if (!slot) return AS_INVALID_ARG;
    if (flags) {
        uint32_t fl = p->inout == INOUT_IN ? AS_TM_INREF : p->inout == INOUT_OUT ? AS_TM_OUTREF
                    : p->inout == INOUT_INOUT ? AS_TM_INOUTREF : AS_TM_NONE;
        if (p->type.flags & DT_CONST) fl |= AS_TM_CONST;
        *flags = fl;
    }
    if (p->type.type->kind == TYPE_VARTYPE) {
        /* `?`: the type id travels in the slot after the address */
        return slot[1].i32;
    }
    return dtype_type_id(&p->type);
}

uint8_t as_generic_arg_byte(as_generic *g, unsigned arg) { as_slot *s = arg_slot(g, arg); return s ? s->u8 : 0; }
uint16_t as_generic_arg_word(as_generic *g, unsigned arg) { as_slot *s = arg_slot(g, arg); return s ? s->u16 : 0; }
uint32_t as_generic_arg_dword(as_generic *g, unsigned arg) { as_slot *s = arg_slot(g, arg); return s ? s->u32 : 0; }
uint64_t as_generic_arg_qword(as_generic *g, unsigned arg) { as_slot *s = arg_slot(g, arg); return s ? s->u64 : 0; }
float as_generic_arg_float(as_generic *g, unsigned arg) { as_slot *s = arg_slot(g, arg); return s ? s->f32 : 0; }
double as_generic_arg_double(as_generic *g, unsigned arg) { as_slot *s = arg_slot(g, arg); return s ? s->f64 : 0; }
void *as_generic_arg_address(as_generic *g, unsigned arg) { as_slot *s = arg_slot(g, arg); return s ? s->p : NULL; }
void *as_generic_arg_object(as_generic *g, unsigned arg) { as_slot *s = arg_slot(g, arg); return s ? s->p : NULL; }
void *as_generic_address_of_arg(as_generic *g, unsigned arg) { return arg_slot(g, arg); }

int as_generic_return_type_id(as_generic *g, uint32_t *flags)
{
    if (!g || !g->fn) return AS_INVALID_ARG;
    if (flags) *flags = (g->fn->ret.flags & DT_REF) ? AS_TM_INOUTREF : 0;
    return dtype_type_id(&g->fn->ret);
}
/* small ints travel sign- or zero-extended to 32 bits, as the VM expects */
static bool returns_prim(as_generic *g, int prim)
{
    const as_dtype *r = &g->fn->ret;
    return !(r->flags & (DT_REF | DT_HANDLE)) && r->type->kind == TYPE_PRIMITIVE && r->type->prim == prim;
}
int as_generic_set_return_byte(as_generic *g, uint8_t v)
{
    if (!g || !g->fn) return AS_INVALID_ARG;
    g->ret.u64 = 0;
    g->ret.i32 = returns_prim(g, AS_TYPEID_INT8) ? (int32_t)(int8_t)v : (int32_t)v;
    return 0;
}
int as_generic_set_return_word(as_generic *g, uint16_t v)
{
    if (!g || !g->fn) return AS_INVALID_ARG;
    g->ret.u64 = 0;
    g->ret.i32 = returns_prim(g, AS_TYPEID_INT16) ? (int32_t)(int16_t)v : (int32_t)v;
    return 0;
}
int as_generic_set_return_dword(as_generic *g, uint32_t v) { if (!g) return AS_INVALID_ARG; g->ret.u64 = 0; g->ret.u32 = v; return 0; }
int as_generic_set_return_qword(as_generic *g, uint64_t v) { if (!g) return AS_INVALID_ARG; g->ret.u64 = v; return 0; }
int as_generic_set_return_float(as_generic *g, float v) { if (!g) return AS_INVALID_ARG; g->ret.u64 = 0; g->ret.f32 = v; return 0; }
int as_generic_set_return_double(as_generic *g, double v) { if (!g) return AS_INVALID_ARG; g->ret.f64 = v; return 0; }
int as_generic_set_return_address(as_generic *g, void *addr) { if (!g) return AS_INVALID_ARG; g->ret.p = addr; return 0; }

int as_generic_set_return_object(as_generic *g, void *obj)
{
    if (!g || !g->fn) return AS_INVALID_ARG;
    as_function *f = g->fn;
    as_type *t = f->ret.type;
    /* a reference type by value (an instance of a template function, `T f<T>()` as array<int>)
     * is returned as a handle is: the engine gets a reference to the object */
    bool ref_by_value = t && t->kind == TYPE_OBJECT && (t->flags & AS_OBJ_REF) && !(f->ret.flags & DT_REF);
    if ((f->ret.flags & DT_HANDLE) || ref_by_value) {
        if (obj) vm_addref_object(f->engine, obj, t);
        g->ret.p = obj;
        return 0;
    }
    if (f->ret.flags & DT_REF) {
        g->ret.p = obj;
        return 0;
    }
    void *retloc = f->has_retloc ? g->args[0].p : NULL;
    if (retloc) {
        if (!obj) return AS_INVALID_ARG;
        if (!t->beh.copy_construct) {
            if (t->flags & AS_OBJ_POD) {
                memcpy(retloc, obj, (size_t)t->size);
                return 0;
            }
            return AS_ERROR;
        }
        native_call_obj_ptr(f->engine, t->beh.copy_construct, retloc, obj);
        return 0;
    }
    return AS_ERROR;
}

void *as_generic_return_location(as_generic *g)
{
    if (!g || !g->fn) return NULL;
    return g->fn->has_retloc ? g->args[0].p : &g->ret;
}
