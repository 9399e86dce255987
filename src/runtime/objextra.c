/* The parts of a script object that few objects use (a weak reference flag, user data), kept
 * behind one pointer so the common object stays small. */
#include "object.h"
#include "util/mem.h"

as_object_extra *object_extra(as_object *o)
{
    if (!o->extra) o->extra = mem_calloc(1, sizeof *o->extra);
    return o->extra;
}

void object_extra_free(as_engine *e, as_object *o)
{
    if (!o->extra) return;
    object_weakref_free(o);
    userdata_cleanup(e, AS_UD_OBJECT, o, &o->extra->user_data);
    mem_free(o->extra);
    o->extra = NULL;
}

/* As asIScriptObject::SetUserData: the object is a script object; the cleanup callback of kind
 * AS_UD_OBJECT runs when it is destroyed. */
void *as_object_set_user_data(void *obj, void *data, uintptr_t key)
{
    if (!obj) return NULL;
    as_object_extra *x = object_extra(obj);
    return x ? userdata_set(&x->user_data, data, key) : NULL;
}

void *as_object_get_user_data(const void *obj, uintptr_t key)
{
    const as_object *o = obj;
    return o && o->extra ? userdata_get(&o->extra->user_data, key) : NULL;
}
