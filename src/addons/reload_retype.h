/* Hot reload (runtime/reload_objects.c): the containers of the add-ons made to name a module's
 * new types instead of the old ones its full reload replaced (their elements, objects of the
 * module's classes, were migrated in place). */
#ifndef AS_RELOAD_RETYPE_H
#define AS_RELOAD_RETYPE_H
#include "angelc.h"
#include <stdbool.h>

/* The new type for old type t (t itself when it did not change). */
typedef as_type *(*reload_type_map)(void *ctx, as_type *t);

/* Whether tmpl is the array add-on's template (array<T>). */
bool array_reload_is_array_template(const as_type *tmpl);
/* Array arr (of template instance `from`) becomes an instance of `to`; false (nothing changed)
 * if its elements are not laid out alike. Arrays it holds keep their types. */
bool array_reload_retype(void *arr, as_type *from, as_type *to);
/* Whether t is the dictionary add-on's type. */
bool dictionary_reload_is_dictionary(const as_type *t);
/* The type ids of dictionary d's values mapped. */
void dictionary_reload_retype(void *d, reload_type_map map, void *ctx);

/* The same for `any` (the any add-on). */
bool any_reload_is_any(const as_type *t);
void any_reload_retype(void *any, reload_type_map map, void *ctx);

#endif
