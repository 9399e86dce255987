/* The static library's public header: it names the library's bind unit, so every program that
 * includes it (to call the library) keeps the library's binds; none can forget AS_BIND_USE. */
#ifndef BIND_STATIC_PHYSICS_H
#define BIND_STATIC_PHYSICS_H
#include "angelc_bind.h"

AS_BIND_USE(physics);

#endif
