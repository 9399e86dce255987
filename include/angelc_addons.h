/* angelc standard add-ons: the script interfaces of AngelScript's SDK add-ons, registered through
 * the public API like any host's types. Each can be registered on its own. */
#ifndef ANGELC_ADDONS_H
#define ANGELC_ADDONS_H
#include "angelc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Every add-on below in one call, in the order `angelc run` registers them: string (with
 * string_utils), array<T> as the default array (`T[]`), dictionary, math, the exception routines,
 * any, ref, weakref, grid, datetime, file and filesystem. Not print/println (the host's choice of
 * output), nor the context manager, script helper or debugger. file and filesystem give scripts
 * the process's files: a host running untrusted scripts registers the add-ons it wants one by one.
 * Returns the first failing registration's code (its message went to the message callback); a
 * second call fails with the code of re-registering `string`, leaving the engine as it was. */
int as_register_std_addons(as_engine *e);

/* `string` (value type, UTF-8 bytes) with its operators, methods and the string factory, and,
 * as the reference's RegisterStdString, the global helpers formatInt/formatUInt/formatFloat,
 * parseInt/parseUInt/parseFloat, the 2.38 additions `string format(const string &in fmt,
 * const ?&in ...)`, `uint scan(const string &in str, ?&out ...)` and `int
 * string::regexFind(const string &in regex, uint start = 0, uint &out lengthOfMatch = void) const`. */
int as_register_string(as_engine *e);
/* split/join when array<T> is registered (and the helpers above if they are not yet). */
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
/* `datetime` (value type: a point in time, calendar fields in local time, 2.38's weekDay). */
int as_register_datetime(as_engine *e);
/* `file` (reference type reading and writing files); needs `string`. */
int as_register_file(as_engine *e);
/* `filesystem` (reference type for directories and files); needs `string`, and array<T> and
 * `datetime` for the methods that return them. */
int as_register_filesystem(as_engine *e);

/* ---- untrusted scripts (docs/sandbox.md) ----
 * Confines the file and filesystem add-ons of e to the directories in roots: each path a script
 * names is resolved as the system would (`..` and symbolic links followed) and must lie in one of
 * them to be read, listed or inspected, and in a writable one to be written, created, moved or
 * removed. max_write_bytes caps what e's scripts write through `file` in all (0: no cap). A
 * refused call raises a script exception "sandbox: RULE: 'PATH'". count 0 refuses every path.
 * The paths are copied (they must exist: AS_INVALID_ARG otherwise); a later call replaces the
 * rules. Works whether the add-ons are registered before or after. */
typedef struct as_file_root {
    const char *path;
    bool writable;
} as_file_root;
int as_confine_files(as_engine *e, const as_file_root *roots, int count, uint64_t max_write_bytes);

/* Documentation for as_bind_dump (angelc_bind.h): one line for each type, constructor, method,
 * property and global function of the add-ons above that e has registered. Attached on request,
 * so that registering costs nothing for it; a doc already attached (a bind's AS_DOC) is kept.
 * Returns how many items it documented, or an error code. */
int as_addons_document(as_engine *e);
/* The same for a host's own registrations, from a table by name: "print" (or "ns::name") for a
 * global function or funcdef, "Type" for a type, "Type::name" for its methods, behaviours and
 * properties, "Type::Type" for its constructors (overloads share an entry). The texts are kept
 * by pointer: static storage. */
typedef struct as_doc_entry {
    const char *name;
    const char *doc;
} as_doc_entry;
int as_document_registrations(as_engine *e, const as_doc_entry *docs, size_t count);

/* The context manager (the SDK's CContextMgr): runs scripts side by side, each a "thread" of
 * co-routines taking turns. Contexts it creates hold it as user data; see src/addons/contextmgr.c. */
typedef struct as_ctxmgr as_ctxmgr;
as_ctxmgr *as_ctxmgr_create(void);
/* Destroys the contexts still running (unfinished kept ones are aborted and stay the host's). */
void as_ctxmgr_destroy(as_ctxmgr *mgr);
/* The clock sleep() measures with, in milliseconds; without one sleeping threads run every turn. */
void as_ctxmgr_set_time_callback(as_ctxmgr *mgr, uint32_t (*now_ms)(void));
/* Registers `void sleep(uint ms)`: the script's thread gives up its turns for ms milliseconds. */
int as_ctxmgr_register_thread_support(as_ctxmgr *mgr, as_engine *e);
/* Registers `funcdef void coroutine(dictionary@)`, `void createCoRoutine(coroutine@, dictionary@)`
 * and `void yield()`; needs `dictionary`. */
int as_ctxmgr_register_coroutine_support(as_ctxmgr *mgr, as_engine *e);
/* A new thread running fn, prepared (set its arguments before the first turn); NULL on failure.
 * With keep the context outlives its end, for the host to read, until as_ctxmgr_done_with_context. */
as_context *as_ctxmgr_add_context(as_ctxmgr *mgr, as_engine *e, as_function *fn, bool keep);
/* A new co-routine running fn in the thread whose running context is current; NULL on failure. */
as_context *as_ctxmgr_add_context_for_coroutine(as_ctxmgr *mgr, as_context *current, as_function *fn);
/* Gives every awake thread one turn; returns how many threads are still running. */
int as_ctxmgr_execute_scripts(as_ctxmgr *mgr);
/* Frees a kept context once the host has read it. */
void as_ctxmgr_done_with_context(as_ctxmgr *mgr, as_context *ctx);
/* From a native function during a turn: the running thread sleeps / switches co-routine next. */
void as_ctxmgr_set_sleeping(as_ctxmgr *mgr, as_context *ctx, uint32_t ms);
void as_ctxmgr_next_coroutine(as_ctxmgr *mgr);
/* Aborts every context of every thread and gives them back to the engine at once (as the SDK's
 * AbortAll); kept contexts stay the host's, aborted. Called during a turn, the release happens
 * when the turn returns. */
void as_ctxmgr_abort_all(as_ctxmgr *mgr);

/* Reading and writing script strings from C (the objects `string` parameters point to). */
const char *as_string_data(const void *str, size_t *len);
void as_string_assign(void *str, const char *data, size_t len);

/* A `string` by value in C: the string object's own layout (its members are private: make one
 * with as_string_make and read it with as_string_data). A C function registered with a native
 * convention returns a string by value as this struct, e.g. "string greet(const string &in)"
 * as `as_string greet(const void *name)` returning as_string_make(...): the engine takes the
 * string over. A by-value `string` parameter arrives as an as_string the engine still owns (it
 * is destroyed after the call). With the generic convention, construct the result in place:
 * as_string_init(as_generic_return_location(g), data, len). */
typedef struct as_string {
    union { char *heap; char small[16]; } u;
    uint32_t len, cap;
} as_string;
/* A string holding data[0..len) (empty if memory runs out); the caller owns it until it hands
 * it to the engine (returned from a registered function) or gives it up with as_string_free. */
as_string as_string_make(const char *data, size_t len);
/* Constructs a string holding data[0..len) in the uninitialised memory at str. */
void as_string_init(void *str, const char *data, size_t len);
void as_string_free(as_string *s);

/* `ref` values from C (the objects `ref` parameters point to): the object the handle refers to
 * (no reference added; NULL when null) and its type (*type may be NULL); the handle type id of
 * that object (0 when null); setting it to obj of reference type `type` (NULL: null), the ref
 * holding its own reference. AS_INVALID_ARG unless type is a reference or funcdef type. */
void *as_ref_object(const void *ref, as_type **type);
int as_ref_type_id(const void *ref);
int as_ref_set(void *ref, void *obj, as_type *type);

/* `dictionary` objects from C (needs as_register_dictionary). as_dictionary_create gives a new
 * empty one with one reference (release it with as_engine_release_object and the dictionary's
 * type id). Values are stored as the script's set() stores them: integers as int64, floats as
 * double, strings and other objects as copies, handles with a reference of their own; value is
 * the address of the value, of the object, or of the handle variable (type id with
 * AS_TYPEID_OBJHANDLE). The getters convert as the script's get() does and say whether the
 * value could be had as that type (a handle gotten holds a reference for the caller).
 * as_dictionary_value gives the stored value itself (the object for objects, the handle slot for
 * handles) and its type id, NULL if the key is missing. Keys are in insertion order. */
void *as_dictionary_create(as_engine *e);
bool as_dictionary_set(void *dict, const char *key, const void *value, int type_id);
bool as_dictionary_set_int(void *dict, const char *key, int64_t value);
bool as_dictionary_set_double(void *dict, const char *key, double value);
bool as_dictionary_set_string(void *dict, const char *key, const char *text, size_t len);
bool as_dictionary_get(const void *dict, const char *key, void *out, int type_id);
bool as_dictionary_get_int(const void *dict, const char *key, int64_t *out);
bool as_dictionary_get_double(const void *dict, const char *key, double *out);
const void *as_dictionary_value(const void *dict, const char *key, int *type_id);
bool as_dictionary_exists(const void *dict, const char *key);
bool as_dictionary_delete(void *dict, const char *key);
uint32_t as_dictionary_size(const void *dict);
/* Key number index (its bytes, NUL-terminated, and *len), NULL past the end; valid until the
 * dictionary changes. */
const char *as_dictionary_key(const void *dict, uint32_t index, size_t *len);

/* `datetime` values from C (needs as_register_datetime): calendar fields in local time, as the
 * script's methods give them (month 1-12, week_day 0 = Sunday). */
typedef struct as_datetime_parts {
    int year, month, day, hour, minute, second;
    int week_day;   /* read only */
} as_datetime_parts;
int as_datetime_fields(const void *dt, as_datetime_parts *out);
/* Sets dt to that date and time; AS_INVALID_ARG (dt unchanged) if a field is out of range. */
int as_datetime_set(void *dt, const as_datetime_parts *parts);
/* A new datetime (now, or parts if not NULL): release it with as_engine_release_object and the
 * datetime type id. NULL for invalid parts or without the add-on. */
void *as_datetime_create(as_engine *e, const as_datetime_parts *parts);
/* Seconds since the epoch (UTC). */
int64_t as_datetime_seconds(const void *dt);

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

/* ---- The script helper add-on's host functions (the SDK's scripthelper): ExecuteString,
 * WriteConfigToFile, GetExceptionInfo ---- */

/* Compiles code as the body of `void ExecuteString()` in mod (seeing its globals; NULL: a fresh
 * module "ExecuteString") and runs it in ctx (NULL: a context from the engine's pool). Returns
 * the execution state (AS_EXECUTION_FINISHED, _EXCEPTION, ...) or a negative error (AS_ERROR after
 * compile errors, which go to the message callback, section "ExecuteString", code's first line
 * being line 1). A ctx given keeps the call's state for the host to read (e.g. as_exception_info)
 * and holds the compiled function until its next ExecuteString or its destruction. */
int as_execute_string(as_engine *e, const char *code, as_module *mod, as_context *ctx);
/* The same with code as the body of `RET ExecuteString()`, RET the type of ret_type_id (code
 * then says `return ...;`). When it finishes, ret (may be NULL) gets the value: a primitive or
 * enum is copied, a handle stored with a reference for the caller, an object assigned to the
 * object of that type ret points to. */
int as_execute_string_ret(as_engine *e, const char *code, void *ret, int ret_type_id, as_module *mod, as_context *ctx);

/* Writes everything registered (engine properties, enums, types and their members, functions,
 * properties, string factory, default array) in the text format of the reference's
 * WriteConfigToStream, which the SDK's offline compiler reads. AS_ERROR if writing fails. */
int as_write_config(as_engine *e, FILE *out);
int as_write_config_to_file(as_engine *e, const char *path);

/* The details of ctx's script exception as the reference's GetExceptionInfo formats them
 * ("func: ...\nmodl: ...\nsect: ...\nline: ...\ndesc: ...\n", with show_stack the callers
 * after "--- call stack ---"); "" when ctx is not in the exception state. A new string to free
 * with as_free_mem; NULL if ctx is NULL or memory runs out. */
char *as_exception_info(as_context *ctx, bool show_stack);

/* ---- The debugger add-on (the SDK's CDebugger): breakpoints, stepping, the call stack and
 * variables, on a context's line callback ---- */

typedef struct as_debugger as_debugger;
/* Gives the next command line (NUL-terminated, at most size bytes with the NUL) in buf; false
 * when there is no more input (the script then continues). */
typedef bool (*as_debugger_input_fn)(char *buf, size_t size, void *user);
/* Gets each line the debugger prints, with its '\n'. */
typedef void (*as_debugger_output_fn)(const char *line, void *user);
/* A debugger reading commands from input and writing to output (either may be NULL); it starts
 * stepping, so the first line the script runs stops. NULL if out of memory. */
as_debugger *as_debugger_create(as_debugger_input_fn input, as_debugger_output_fn output, void *user);
void as_debugger_destroy(as_debugger *d);
/* The line callback to set on the contexts to debug: as_context_set_line_callback(ctx,
 * as_debugger_line_callback, d). At a breakpoint or step it prints "FILE:LINE; DECLARATION" and
 * takes commands until one resumes the script:
 *   c continue, s step into, n step over, o step out, a abort,
 *   b FILE:LINE | LINE | FUNCTION (a breakpoint), r N | all (remove),
 *   l b | v | g | m (list breakpoints, local variables, globals, members of `this`),
 *   p NAME[.MEMBER...] (print a local, member of `this` or global), w (call stack), h (help).
 * Values print as numbers, true/false, enum value names, "text" for strings, <null> for null
 * handles, a registered type's own text when it has one (as_type_set_debug_text) and
 * {TYPE ADDRESS} for other objects (a script object by value with its members). */
void as_debugger_line_callback(as_context *ctx, void *debugger);
/* Breakpoints from the host: a line of a section (matched by file name, moved to the next line
 * with code when the function is entered), or a function by name (a breakpoint at its first
 * line when it is entered). */
int as_debugger_add_file_breakpoint(as_debugger *d, const char *section, int line);
int as_debugger_add_func_breakpoint(as_debugger *d, const char *function);
/* After a hot reload: line breakpoints go back to the lines they were set at (each is moved
 * to the next line with code again, in the new code) and function breakpoints not yet reached
 * stay by name; nothing of the old code is remembered. as_debugger_watch_reloads calls it after
 * every reload of e's modules (as_engine_add_reload_callback) until as_debugger_destroy, which
 * then needs e alive. */
void as_debugger_reloaded(as_debugger *d);
int as_debugger_watch_reloads(as_debugger *d, as_engine *e);
/* Runs one command line as if it was read from the input; true if it resumes the script. */
bool as_debugger_interpret(as_debugger *d, const char *command, as_context *ctx);
/* The text the debugger prints for the value at value of type type_id (members of script
 * objects expanded expand_depth levels): a new string to free with as_free_mem. */
char *as_debugger_value_to_string(as_engine *e, const void *value, int type_id, int expand_depth);

#ifdef __cplusplus
}
#endif
#endif
