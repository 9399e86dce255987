/* The file confinement the file and filesystem add-ons consult (as_confine_files in
 * angelc_addons.h; src/addons/sandbox.c). Without a confinement on the engine every path is
 * allowed, as in the reference. */
#ifndef AS_ADDON_SANDBOX_H
#define AS_ADDON_SANDBOX_H
#include "angelc.h"
#include <stdbool.h>
#include <stddef.h>

typedef enum sandbox_access { SANDBOX_READ, SANDBOX_WRITE } sandbox_access;

/* Whether a script of e may read (or write, create, remove) `path` (a C string, absolute or
 * relative to the process's working directory). When not, raises the script exception naming
 * the rule and returns false. */
bool sandbox_allows(as_engine *e, const char *path, sandbox_access access);

/* Counts n bytes about to be written by e's scripts; false (with the exception raised) when
 * that would pass the engine's write limit. */
bool sandbox_may_write(as_engine *e, size_t n);

#endif
