/* Stand-ins for the engine functions declared in engine_needs.h, written with the public API only.
 * Each goes when the engine implements the function (see engine_needs.h for what they cannot do). */
#include "engine_needs.h"
#include <stdlib.h>
#include <string.h>

/* ======================================================================= reference casts */

/* Calls `to@ opImplCast()` / `to@ opCast()` on obj; the result keeps one reference. */
static void *call_cast_method(as_engine *e, as_function *f, void *obj)
{
    as_context *ctx = as_context_create(e);
    if (!ctx) return NULL;
    void *res = NULL;
    if (as_context_prepare(ctx, f) >= 0 && as_context_set_object(ctx, obj) >= 0 &&
        as_context_execute(ctx) == AS_EXECUTION_FINISHED) {
        res = as_context_return_address(ctx);
        uint32_t rflags = 0;
        int rid = as_function_return_type_id(f, &rflags);
        if (res) as_engine_addref_object(e, res, rid);
    }
    as_context_destroy(ctx);
    return res;
}

int as_engine_ref_cast_object(as_engine *e, void *obj, as_type *from, as_type *to, void **out, bool implicit_only)
{
    if (!e || !out) return AS_INVALID_ARG;
    *out = NULL;
    if (!from || !to) return AS_INVALID_ARG;
    if (!obj) return AS_SUCCESS;
    if (from == to) {
        as_engine_addref_object(e, obj, as_type_id(from) | AS_TYPEID_OBJHANDLE);
        *out = obj;
        return AS_SUCCESS;
    }
    int want = as_type_id(to) | AS_TYPEID_OBJHANDLE;
    int n = as_type_method_count(from);
    for (int pass = 0; pass < 2 && !*out; pass++) {
        const char *name = pass == 0 ? "opImplCast" : "opCast";
        if (pass == 1 && implicit_only) break;
        for (int i = 0; i < n; i++) {
            as_function *f = as_type_method_by_index(from, i);
            if (!f || strcmp(as_function_name(f), name) != 0 || as_function_param_count(f) != 0) continue;
            uint32_t rflags = 0;
            int rid = as_function_return_type_id(f, &rflags);
            if ((rid & ~AS_TYPEID_HANDLETOCONST) != want || rflags != AS_TM_NONE) continue;
            *out = call_cast_method(e, f, obj);
            break;
        }
    }
    return AS_SUCCESS;
}

/* ======================================================================= weak references */

struct as_lockable_shared_bool {
    int refcount;
    int locks;
    bool value;
};

as_lockable_shared_bool *as_lockable_shared_bool_create(void)
{
    as_lockable_shared_bool *b = calloc(1, sizeof *b);
    if (b) b->refcount = 1;
    return b;
}

int as_lockable_shared_bool_addref(as_lockable_shared_bool *b) { return b ? ++b->refcount : 0; }

int as_lockable_shared_bool_release(as_lockable_shared_bool *b)
{
    if (!b) return 0;
    int r = --b->refcount;
    if (r == 0) free(b);
    return r;
}

bool as_lockable_shared_bool_get(const as_lockable_shared_bool *b) { return b && b->value; }
void as_lockable_shared_bool_set(as_lockable_shared_bool *b, bool v) { if (b) b->value = v; }
/* angelc runs a context on one thread at a time: the lock only has to nest */
void as_lockable_shared_bool_lock(as_lockable_shared_bool *b) { if (b) b->locks++; }
void as_lockable_shared_bool_unlock(as_lockable_shared_bool *b) { if (b) b->locks--; }

bool as_type_supports_weakref(const as_type *t)
{
    (void)t;
    return false;   /* neither script objects' flags nor behaviours are reachable (engine_needs.h) */
}

as_lockable_shared_bool *as_engine_weakref_flag(as_engine *e, void *obj, as_type *t)
{
    (void)e;
    (void)obj;
    (void)t;
    return NULL;
}
