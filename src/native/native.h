/* Calls into host code: libffi calls prepared once at registration for the C conventions, and the
 * generic convention that hands the function a view of its argument slots. */
#ifndef AS_NATIVE_H
#define AS_NATIVE_H
#include "../vm/vm.h"

/* What a generic function sees of its call: made on the C stack for each call, so it holds only
 * what every call needs (the engine is fn's, a by-value result's location is in slot 0). */
struct as_generic {
    as_function *fn;
    as_slot *args;          /* the argument slots (layout of fn) */
    void *obj;              /* methods: the object */
    as_slot ret;            /* primitive / handle / reference result */
};

/* Prepares the call of a registered function (libffi cif, argument mapping). Returns AS_SUCCESS or
 * AS_NOT_SUPPORTED for signatures the convention cannot express. */
int native_prepare(as_engine *e, as_function *f);
void native_release(as_function *f);

/* Calls a registered behaviour or method that takes only the object (addref, release, destructor,
 * default constructor) or the object and one pointer argument (copy constructor, opAssign). */
void native_call_obj(as_engine *e, as_function *f, void *obj);
void native_call_obj_ptr(as_engine *e, as_function *f, void *obj, void *arg);
/* A registered factory taking no arguments; returns the new object. */
void *native_call_factory0(as_engine *e, as_function *f);

#endif
