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

/* Reading and writing script strings from C (the objects `string` parameters point to). */
const char *as_string_data(const void *str, size_t *len);
void as_string_assign(void *str, const char *data, size_t len);

#ifdef __cplusplus
}
#endif
#endif
