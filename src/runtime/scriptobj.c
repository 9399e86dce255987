/* Script class instances created from the host side (as_engine_create_object and friends). */
#include "object.h"

void *object_script_create(as_engine *e, as_type *t)
{
    (void)e;
    (void)t;
    return NULL; /* script classes arrive with the object model */
}

void *object_script_copy(as_engine *e, as_type *t, const void *src)
{
    (void)e;
    (void)t;
    (void)src;
    return NULL;
}

int object_script_assign(as_engine *e, as_type *t, void *dst, const void *src)
{
    (void)e;
    (void)t;
    (void)dst;
    (void)src;
    return AS_NOT_SUPPORTED;
}
