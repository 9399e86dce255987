/* Script values for the debug adapter (dap_values.c): on a stopped script's thread only. Values
 * are given as the engine's debugging functions give them: the address of the value (the object
 * for objects, the handle variable for handles) and its type id. */
#ifndef ANGELC_DAP_VALUES_H
#define ANGELC_DAP_VALUES_H
#include "dap_internal.h"

typedef enum {
    KIND_VOID, KIND_PRIMITIVE, KIND_ENUM, KIND_STRING, KIND_SCRIPT_OBJECT, KIND_ARRAY, KIND_DICTIONARY, KIND_OTHER
} dap_kind;

/* What the value is (array and dictionary: the add-ons'); *type gets its type if not NULL. */
dap_kind dap_value_kind(as_engine *e, int type_id, as_type **type);
/* The object a value holds: itself, or what its handle points at (NULL for a null handle). */
void *dap_object_of(void *addr, int type_id);
/* The text of a value and of a type, as a client shows them (malloc'd). */
char *dap_value_text(as_engine *e, void *addr, int type_id);
char *dap_type_text(as_engine *e, int type_id);
/* How many children a value expands into: members, elements, keys (0: not expandable). */
int dap_child_count(as_engine *e, void *addr, int type_id);
/* The value of a path expression at a level of ctx's stack: NAME (a local, `this`, a member of
 * `this`, a global), then .MEMBER, [INDEX] of arrays, ["KEY"] of dictionaries. False with the
 * reason in err. */
bool dap_path_value(as_context *ctx, unsigned level, const char *expr, void **addr, int *type_id, char *err, size_t err_size);
/* The same, and *is_path (if not NULL) says whether expr had a path's form at all. */
bool dap_path_value_ex(as_context *ctx, unsigned level, const char *expr, void **addr, int *type_id, char *err, size_t err_size,
                       bool *is_path);
/* Sets a primitive, enum or string value from the user's text. */
bool dap_assign(as_engine *e, void *addr, int type_id, const char *text, char *err, size_t err_size);
/* A breakpoint condition: PATH (true unless zero, false or null) or PATH OP VALUE with OP one of
 * == != < <= > >= and VALUE a number, true/false, an enum value, "string", null or another path.
 * 1 true, 0 false, -1 when it cannot be evaluated (err says why). */
int dap_condition(as_context *ctx, unsigned level, const char *cond, char *err, size_t err_size);

#endif
