/* angelc script builder: loads script files into a module the way the SDK's CScriptBuilder
 * add-on does, with its small preprocessor and metadata.
 *
 *   #include "file"   adds another file (relative to the including file), each file only once
 *   #if WORD / #endif keeps the code between them only if the host defined WORD
 *   #pragma TEXT      hands TEXT to the host's pragma callback
 *   [text]            metadata before a type, function, variable, method or property: removed
 *                     from the code and queryable once the module is built
 *
 * Directives and metadata are replaced by spaces (line breaks kept), so every line and column
 * the compiler reports is the one in the file. Each file is its own script section, named by the
 * path it was loaded under ("dir/inc.as" when "dir/main.as" includes "inc.as"), so errors read
 * `dir/inc.as:3:5: error: ...`. As in the CScriptBuilder of 2.35.1: #include, #pragma and `#!`
 * lines (ignored, for shebangs) are recognised between declarations only, not inside function
 * bodies; #if anywhere outside strings and comments; there is no #else; member metadata is read
 * in class and interface bodies (also `shared`, `abstract`, `mixin` and `external` ones, not in
 * `final` ones). Unlike it, a missing include and a refused #pragma are reported at the directive
 * (not at line 0), and sections are named by the path as given, not made absolute. */
#ifndef ANGELC_BUILDER_H
#define ANGELC_BUILDER_H
#include "angelc.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct as_builder as_builder;

/* Called for each #include instead of loading the file relative to `from` (the including
 * section's name); it should call as_builder_add_file or as_builder_add_memory. A negative
 * return stops the loading with that error. */
typedef int (*as_builder_include_fn)(const char *include, const char *from, as_builder *b, void *user);
/* Called for each #pragma with the text after "#pragma" up to the end of the line. A negative
 * return reports "Invalid #pragma directive" and stops the loading. */
typedef int (*as_builder_pragma_fn)(const char *text, as_builder *b, void *user);

/* A new builder with no engine yet (NULL if out of memory). */
as_builder *as_builder_create(void);
/* Frees the builder and its metadata; the module it built stays in the engine. */
void as_builder_destroy(as_builder *b);

/* Starts a new module `name` in e (replacing a module of that name; NULL is the name "") and
 * forgets the sections and metadata of the previous one; the defines and callbacks stay. */
int as_builder_start_module(as_builder *b, as_engine *e, const char *name);
/* Loads a file with its includes. Returns 1 if it was added, 0 if that file had been added
 * already, or a negative error (reported through the engine's message callback). */
int as_builder_add_file(as_builder *b, const char *path);
/* Adds code from memory as section `name` (len bytes; its includes are relative to `name`).
 * Returns 1, 0 if a section of that name was added already, or a negative error. */
int as_builder_add_memory(as_builder *b, const char *name, const char *code, size_t len, int line_offset);
/* Compiles the module (as_module_build) and then matches the metadata to what was declared. */
int as_builder_build(as_builder *b);

as_engine *as_builder_engine(const as_builder *b);
as_module *as_builder_module(const as_builder *b);

/* Replaces the default include handling (NULL restores it). */
void as_builder_set_include_callback(as_builder *b, as_builder_include_fn fn, void *user);
/* Without a pragma callback every #pragma is an error, as in CScriptBuilder. */
void as_builder_set_pragma_callback(as_builder *b, as_builder_pragma_fn fn, void *user);
/* Defines WORD for `#if WORD`. */
int as_builder_define(as_builder *b, const char *word);

/* The sections added since as_builder_start_module, in the order they were added. */
unsigned as_builder_section_count(const as_builder *b);
const char *as_builder_section_name(const as_builder *b, unsigned i);

/* Metadata after a successful build: each returns how many strings the declaration had (0 if
 * none) and points *list at them (the text between the brackets, as written). The strings are
 * the builder's, valid until the next as_builder_start_module or as_builder_destroy. */
/* Of a class, interface or enum of the module, by type id. */
int as_builder_metadata_for_type(const as_builder *b, int type_id, const char *const **list);
/* Of a global function (or a global virtual property's get_/set_ accessor). */
int as_builder_metadata_for_func(const as_builder *b, const as_function *f, const char *const **list);
/* Of a global variable, by its as_module_global_* index. */
int as_builder_metadata_for_var(const as_builder *b, int var_index, const char *const **list);
/* Of a class property, by its as_type_property index. */
int as_builder_metadata_for_type_property(const as_builder *b, int type_id, int prop_index, const char *const **list);
/* Of a class method (or a virtual property accessor of the class). */
int as_builder_metadata_for_type_method(const as_builder *b, int type_id, const as_function *method,
                                        const char *const **list);

#ifdef __cplusplus
}
#endif
#endif
