/* `angelc lsp --api FILE`: the engine configured from an API dump (the as.predefined form
 * `angelc dump-api` and as_bind_dump write) instead of the command line's add-ons, so that
 * scripts for another host are checked against that host's API. Every declaration is
 * registered with a generic function that does nothing: the server compiles, never runs.
 *
 * The dump does not say everything a registration needs, so some of it is inferred: a class
 * with a destructor (`~T()`), or that something returns by value, is a value type, any other a
 * reference type without reference counting; the string factory goes to a global `string`
 * type, the default array to `array<T>`, and the initialisation lists of the standard add-ons' array<T>, dictionary and grid<T> are
 * added when those types are there (list patterns are not in the dump). Declarations that fail
 * to register are reported (lsp_api_register's report) and left out: the dump leaves out
 * funcdefs declared in a class (array<T>::less), so what names them fails. */
#ifndef ANGELC_LSP_API_H
#define ANGELC_LSP_API_H
#include "angelc.h"
#include <stdio.h>

typedef struct lsp_api lsp_api;

/* Reads and parses the dump at path; NULL (with *error set) if it cannot be read. */
lsp_api *lsp_api_load(const char *path, const char **error);
void lsp_api_free(lsp_api *api);
/* Registers the API on e; each declaration that fails is written to report (if not NULL).
 * Returns how many failed. */
int lsp_api_register(const lsp_api *api, as_engine *e, FILE *report);

#endif
