/* Typed calls from C into script functions: the C argument and result types are checked
 * against the function's signature before anything runs. */
#include "bind_impl.h"
#include <string.h>

as_bind_value as_bind__i(int tid, int64_t v) { as_bind_value x; x.type_id = tid; x.v.i = v; return x; }
as_bind_value as_bind__u(int tid, uint64_t v) { as_bind_value x; x.type_id = tid; x.v.u = v; return x; }
as_bind_value as_bind__f(int tid, float v) { as_bind_value x; x.type_id = tid; x.v.u = 0; x.v.f = v; return x; }
as_bind_value as_bind__d(int tid, double v) { as_bind_value x; x.type_id = tid; x.v.d = v; return x; }
as_bind_value as_bind__p(int tid, const void *v) { as_bind_value x; x.type_id = tid; x.v.p = (void *)v; return x; }

static bool is_enum(as_engine *e, int tid)
{
    as_type *t = (tid & AS_TYPEID_MASK_OBJECT) || tid <= AS_TYPEID_DOUBLE ? NULL : as_engine_type_by_id(e, tid);
    return t && (as_type_flags(t) & AS_OBJ_ENUM);
}

/* A C value of type id have suits a script type id want (enums take int). */
static bool same_scalar(as_engine *e, int have, int want)
{
    return have == want || (have == AS_TYPEID_INT32 && is_enum(e, want));
}

static int mismatch(as_engine *e, as_function *fn, const char *what, int i)
{
    char msg[600];
    if (i >= 0) snprintf(msg, sizeof msg, "Call to '%s': argument %d does not match the C type", as_function_declaration(fn, true, true, false), i + 1);
    else snprintf(msg, sizeof msg, "Call to '%s': %s", as_function_declaration(fn, true, true, false), what);
    as_engine_write_message(e, "bind", 0, 0, AS_MSG_ERROR, msg);
    return AS_INVALID_TYPE;
}

int as_bind_call_(as_context *ctx, as_function *fn, int ret_tid, void *ret, size_t ret_size, int nargs, const as_bind_value *args)
{
    if (!ctx || !fn || nargs < 0 || (nargs && !args)) return AS_INVALID_ARG;
    as_engine *e = as_context_engine(ctx);
    if (as_function_param_count(fn) != nargs) return mismatch(e, fn, "wrong number of arguments", -1);
    /* check everything before preparing, so a mismatch leaves the context alone */
    for (int i = 0; i < nargs; i++) {
        int tid;
        uint32_t flags;
        if (as_function_param(fn, i, &tid, &flags, NULL) < 0) return AS_INVALID_ARG;
        bool scalar = args[i].type_id != 0;
        bool ref = (flags & AS_TM_INOUTREF) != 0;
        if (scalar ? (ref || !same_scalar(e, args[i].type_id, tid)) : !(ref || (tid & AS_TYPEID_MASK_OBJECT)))
            return mismatch(e, fn, NULL, i);
    }
    uint32_t rflags;
    int rtid = as_function_return_type_id(fn, &rflags);
    if (ret_tid >= 0) {
        if (ret_tid == 0 ? !(rtid & AS_TYPEID_MASK_OBJECT) && !(rflags & AS_TM_INOUTREF)
                         : (rflags & AS_TM_INOUTREF) || !same_scalar(e, ret_tid, rtid))
            return mismatch(e, fn, "the result does not match the C type", -1);
    }
    int r = as_context_prepare(ctx, fn);
    if (r < 0) return r;
    for (int i = 0; i < nargs; i++) {
        int tid;
        uint32_t flags;
        as_function_param(fn, i, &tid, &flags, NULL);
        const as_bind_value *a = &args[i];
        switch (a->type_id) {
        case 0:
            r = (flags & AS_TM_INOUTREF) ? as_context_set_arg_address(ctx, (unsigned)i, a->v.p)
                                         : as_context_set_arg_object(ctx, (unsigned)i, a->v.p);
            break;
        case AS_TYPEID_BOOL: case AS_TYPEID_INT8: case AS_TYPEID_UINT8:
            r = as_context_set_arg_byte(ctx, (unsigned)i, (uint8_t)a->v.u);
            break;
        case AS_TYPEID_INT16: case AS_TYPEID_UINT16:
            r = as_context_set_arg_word(ctx, (unsigned)i, (uint16_t)a->v.u);
            break;
        case AS_TYPEID_INT64: case AS_TYPEID_UINT64:
            r = as_context_set_arg_qword(ctx, (unsigned)i, a->v.u);
            break;
        case AS_TYPEID_FLOAT:
            r = as_context_set_arg_float(ctx, (unsigned)i, a->v.f);
            break;
        case AS_TYPEID_DOUBLE:
            r = as_context_set_arg_double(ctx, (unsigned)i, a->v.d);
            break;
        default:
            r = as_context_set_arg_dword(ctx, (unsigned)i, (uint32_t)a->v.u);
            break;
        }
        if (r < 0) return r;
    }
    r = as_context_execute(ctx);
    if (r != AS_EXECUTION_FINISHED || ret_tid < 0 || !ret) return r;
    union { uint8_t b; uint16_t w; uint32_t d; uint64_t q; float f; double g; void *p; } v;
    memset(&v, 0, sizeof v);
    switch (ret_tid) {
    case 0:
        v.p = (rflags & AS_TM_INOUTREF) || (rtid & AS_TYPEID_OBJHANDLE) ? as_context_return_address(ctx)
                                                                          : as_context_return_object(ctx);
        break;
    case AS_TYPEID_BOOL: case AS_TYPEID_INT8: case AS_TYPEID_UINT8: v.b = as_context_return_byte(ctx); break;
    case AS_TYPEID_INT16: case AS_TYPEID_UINT16: v.w = as_context_return_word(ctx); break;
    case AS_TYPEID_INT64: case AS_TYPEID_UINT64: v.q = as_context_return_qword(ctx); break;
    case AS_TYPEID_FLOAT: v.f = as_context_return_float(ctx); break;
    case AS_TYPEID_DOUBLE: v.g = as_context_return_double(ctx); break;
    default: v.d = as_context_return_dword(ctx); break;
    }
    memcpy(ret, &v, ret_size < sizeof v ? ret_size : sizeof v);
    return r;
}
