/* Reference counting of every kind of object the VM holds: script objects (counted inline),
 * registered reference types (through their behaviours; scoped types by the engine, scoped.c),
 * function handles. */
#include "object.h"
#include "../vm/vm.h"
#include "../native/native.h"

void function_release(as_function *f);
void function_addref(as_function *f);

void vm_addref_object(as_engine *e, void *obj, as_type *t)
{
    if (t->kind == TYPE_FUNCDEF) {
        function_addref(obj);
        return;
    }
    if (t->flags & AS_OBJ_SCRIPT_OBJECT) {
        ((as_object *)obj)->refcount++;
        return;
    }
    if (t->flags & AS_OBJ_SCOPED) {
        scoped_addref(e, obj);
        return;
    }
    if (t->beh.addref) native_call_obj(e, t->beh.addref, obj);
}

void vm_release_object(as_engine *e, void *obj, as_type *t)
{
    if (t->kind == TYPE_FUNCDEF) {
        function_release(obj);
        return;
    }
    if (t->flags & AS_OBJ_SCRIPT_OBJECT) {
        as_object *o = obj;
        if (--o->refcount == 0) object_free(e, o);
        return;
    }
    if ((t->flags & AS_OBJ_SCOPED) && scoped_release_extra(e, obj)) return;
    if (t->beh.release) native_call_obj(e, t->beh.release, obj);
}

void vm_destroy_value(as_engine *e, void *obj, as_type *t)
{
    if (t->beh.destruct) native_call_obj(e, t->beh.destruct, obj);
}
