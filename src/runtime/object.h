/* Script objects: instances of script classes, reference counted, fields inline after the header. */
#ifndef AS_OBJECT_H
#define AS_OBJECT_H
#include "engine.h"

typedef struct as_object {
    uint32_t refcount;
    uint32_t gcflags;       /* cycle collector state */
    as_type *type;
    void *weakref;          /* weak reference flag, created on demand */
} as_object;

#define OBJECT_HEADER_SIZE ((int)sizeof(as_object))

/* The implementation of method f (virtual or interface) for obj's dynamic type. */
as_function *object_resolve_virtual(void *obj, as_function *f);
/* Destroys obj: destructor, member release, free. */
void object_free(as_engine *e, as_object *obj);

#endif
