/* Weak references: the lockable shared bool an object's weak references watch, and the engine's
 * side of it. Script objects make their flag on first request and set it when their reference
 * count reaches zero (runtime/object.c); registered types hand theirs out through the
 * AS_BEHAVE_GET_WEAKREF_FLAG behaviour and set it themselves. */
#include "object.h"
#include "util/mem.h"
#include "../vm/vm.h"
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

struct as_lockable_shared_bool {
    atomic_int refcount;
    atomic_bool value;
    mtx_t lock;     /* recursive: a holder may call code that locks it again */
};

as_lockable_shared_bool *as_lockable_shared_bool_create(void)
{
    as_lockable_shared_bool *b = mem_alloc(sizeof *b);
    if (!b) return NULL;
    if (mtx_init(&b->lock, mtx_plain | mtx_recursive) != thrd_success) {
        mem_free(b);
        return NULL;
    }
    atomic_init(&b->refcount, 1);
    atomic_init(&b->value, false);
    return b;
}

int as_lockable_shared_bool_addref(as_lockable_shared_bool *b)
{
    if (!b) return AS_INVALID_ARG;
    return atomic_fetch_add(&b->refcount, 1) + 1;
}

int as_lockable_shared_bool_release(as_lockable_shared_bool *b)
{
    if (!b) return AS_INVALID_ARG;
    int r = atomic_fetch_sub(&b->refcount, 1) - 1;
    if (r == 0) {
        mtx_destroy(&b->lock);
        mem_free(b);
    }
    return r;
}

bool as_lockable_shared_bool_get(const as_lockable_shared_bool *b)
{
    return b && atomic_load(&((as_lockable_shared_bool *)b)->value);
}

void as_lockable_shared_bool_set(as_lockable_shared_bool *b, bool v)
{
    if (b) atomic_store(&b->value, v);
}

void as_lockable_shared_bool_lock(as_lockable_shared_bool *b)
{
    if (b) mtx_lock(&b->lock);
}

void as_lockable_shared_bool_unlock(as_lockable_shared_bool *b)
{
    if (b) mtx_unlock(&b->lock);
}

bool as_type_supports_weakref(const as_type *t)
{
    if (!t || t->kind != TYPE_OBJECT || !(t->flags & AS_OBJ_REF)) return false;
    /* script classes (not interfaces, which have no flag of their own, as in the reference) */
    if (t->flags & AS_OBJ_SCRIPT_OBJECT) return !(t->flags & AS_OBJ_INTERFACE);
    return t->beh.get_weakref_flag != NULL;
}

as_lockable_shared_bool *as_engine_weakref_flag(as_engine *e, void *obj, const as_type *t)
{
    if (!e || !obj || !as_type_supports_weakref(t)) return NULL;
    if (t->flags & AS_OBJ_SCRIPT_OBJECT) {
        as_object_extra *x = object_extra(obj);
        if (!x) return NULL;
        if (!x->weakref) x->weakref = as_lockable_shared_bool_create();
        return x->weakref;
    }
    /* the behaviour: `int &f()` returning the object's flag (no reference for the caller) */
    as_function *f = t->beh.get_weakref_flag;
    as_slot args[4], ret;
    memset(args, 0, sizeof args);
    ret.p = NULL;
    args[f->this_slot].p = obj;
    native_call(as_active_context(), f, args, &ret);
    return ret.p;
}

void object_weakref_dead(as_object *o)
{
    if (o->extra && o->extra->weakref) as_lockable_shared_bool_set(o->extra->weakref, true);
}

void object_weakref_free(as_object *o)
{
    if (!o->extra || !o->extra->weakref) return;
    as_lockable_shared_bool_set(o->extra->weakref, true);
    as_lockable_shared_bool_release(o->extra->weakref);
    o->extra->weakref = NULL;
}
