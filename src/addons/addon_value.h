/* Small helpers shared by the add-ons that hold values of any type (dictionary, any, ref). */
#ifndef AS_ADDON_VALUE_H
#define AS_ADDON_VALUE_H
#include "angelc.h"
#include <string.h>

/* Bytes of a primitive or enum value of type id tid (enums are 32-bit); 0 for void and objects. */
static inline int addon_prim_size(int tid)
{
    static const int sizes[12] = {0, 1, 1, 2, 4, 8, 1, 2, 4, 8, 4, 8};
    if (tid >= 0 && tid < 12) return sizes[tid];
    if (tid & (AS_TYPEID_MASK_OBJECT | AS_TYPEID_OBJHANDLE)) return 0;
    return 4;
}

/* An enum type id (a primitive-like id above double). */
static inline bool addon_is_enum(int tid) { return tid > AS_TYPEID_DOUBLE && !(tid & AS_TYPEID_MASK_OBJECT); }

static inline void addon_raise(const char *msg)
{
    as_context *ctx = as_active_context();
    if (ctx) as_context_set_exception(ctx, msg, true);
}

/* Casts the handle obj (of type `from`) into the `?&out` handle slot *out of type id out_tid.
 * The slot should come in null; a handle it already holds is released (which angelc's compiler
 * currently needs: it can pass the script's variable itself). Returns whether a handle was put. */
static inline bool addon_cast_into(as_engine *e, void *obj, int from_tid, void **out, int out_tid)
{
    void *res = NULL, *old = *out;
    as_engine_ref_cast_object(e, obj, as_engine_type_by_id(e, from_tid), as_engine_type_by_id(e, out_tid), &res, false);
    *out = res;
    if (old) as_engine_release_object(e, old, out_tid);
    return res != NULL;
}

#endif
