/* angelc standard add-ons: the script interfaces of AngelScript's SDK add-ons, registered through
 * the public API like any host's types. Each can be registered on its own. */
#ifndef ANGELC_ADDONS_H
#define ANGELC_ADDONS_H
#include "angelc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* `string` (value type, UTF-8 bytes) with its operators, methods and the string factory. */
int as_register_string(as_engine *e);
/* Global string helpers: formatInt/formatUInt/formatFloat, parseInt/parseUInt/parseFloat; and
 * split/join when array<T> is registered. */
int as_register_string_utils(as_engine *e);
/* Math functions (cos ... fraction in float, like the reference's default build), closeTo and
 * fpFromIEEE/fpToIEEE. */
int as_register_math(as_engine *e);
/* `void throw(const string &in)` and `string getExceptionInfo()`; needs `string`. */
int as_register_exception_routines(as_engine *e);

/* `array<T>` (reference type template) with the reference add-on's methods; as_default also
 * makes `T[]` mean `array<T>`. */
int as_register_array(as_engine *e, bool as_default);

/* `dictionary` (garbage collected reference type mapping strings to values of any type) and
 * `dictionaryValue`; getKeys() needs array<T> registered first. */
int as_register_dictionary(as_engine *e);

/* `any` (garbage collected reference type holding one value of any type). */
int as_register_any(as_engine *e);
/* `ref` (a generic handle to an object of any reference type). */
int as_register_handle(as_engine *e);
/* `weakref<T>` and `const_weakref<T>` (weak references to reference types). */
int as_register_weakref(as_engine *e);
/* `grid<T>` (garbage collected reference type template: a two-dimensional grid). */
int as_register_grid(as_engine *e);
/* `datetime` (value type: a point in time, calendar fields in local time). */
int as_register_datetime(as_engine *e);
/* `file` (reference type reading and writing files); needs `string`. */
int as_register_file(as_engine *e);
/* `filesystem` (reference type for directories and files); needs `string`, and array<T> and
 * `datetime` for the methods that return them. */
int as_register_filesystem(as_engine *e);

/* Reading and writing script strings from C (the objects `string` parameters point to). */
const char *as_string_data(const void *str, size_t *len);
void as_string_assign(void *str, const char *data, size_t len);

/* Script arrays from C (the objects `array<T>` parameters and handles point to). A new array of
 * a template instance (e.g. as_engine_type_by_decl(e, "array<string>")) holds one reference,
 * given up with as_engine_release_object. as_array_at gives the element (the object for object
 * elements, the handle slot for handles), NULL if out of range; as_array_insert_last copies
 * *value (the address of a T). */
void *as_array_create(as_type *array_type, uint32_t length);
uint32_t as_array_size(const void *arr);
int as_array_element_type_id(const void *arr);
void *as_array_at(void *arr, uint32_t i);
bool as_array_resize(void *arr, uint32_t length);
bool as_array_insert_last(void *arr, const void *value);

#ifdef __cplusplus
}
#endif
#endif
