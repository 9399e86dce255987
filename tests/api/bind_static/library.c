/* A static library whose object file holds nothing but binds: a program keeps them only if it
 * names the unit (AS_BIND_USE); otherwise the linker drops the file, and its binds with it. */
#include "angelc_bind.h"

AS_BIND_UNIT(physics);

typedef struct Body { float mass; } Body;
static float body_weight(const Body *b, float g) { return b->mass * g; }

AS_BIND_TYPES(physics_types, AS_BIND_NORMAL) { AS_VALUE_CLASS(b, Body, "Body", AS_OBJ_POD); }
AS_BIND(physics_members, AS_BIND_NORMAL)
{
    as_bind_class *c = as_bind_class_find(b, "Body");
    AS_PROPERTY(c, Body, mass);
    AS_METHOD(c, "weight(g)", body_weight, float, const Body *, float);
}
