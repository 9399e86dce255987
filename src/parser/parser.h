/* Parser: source text -> AST (ast.h). Reports syntax errors through as_diag and recovers at the
 * next statement or declaration, so one run reports what the reference engine would report. */
#ifndef AS_PARSER_H
#define AS_PARSER_H
#include <stddef.h>
#include <stdbool.h>
#include "ast.h"
#include "../util/diag.h"
#include "../util/strtab.h"

typedef struct as_parse_env {
    as_arena *arena;        /* where nodes and decoded strings go */
    as_strtab *names;       /* identifier interning */
    as_diag *diag;
    int section;            /* section index stored in every ast_pos */
    int line_offset;        /* added to every line number (as_module_add_section's line_offset) */
    /* Registration declarations allow `?`, `@+`, `class T` template parameters,
     * `if_handle_then_const`, `...` variadics and `{ repeat T }` list patterns. */
    bool registration;
    /* engine properties that change lexing */
    bool allow_multiline_strings;   /* asEP_ALLOW_MULTILINE_STRINGS */
    bool allow_unicode_identifiers; /* asEP_ALLOW_UNICODE_IDENTIFIERS */
    int heredoc_trim_mode;          /* asEP_HEREDOC_TRIM_MODE: 0 never, 1 multi-line (default), 2 always */
    int alter_named_args;           /* asEP_ALTER_SYNTAX_NAMED_ARGS: 0 ':' only, 1/2 also '=' */
    bool disallow_empty_list_elements; /* asEP_DISALLOW_EMPTY_LIST_ELEMENTS */
    bool allow_implicit_handle_types;  /* asEP_ALLOW_IMPLICIT_HANDLE_TYPES: `class @X` */
    bool no_foreach;                /* asEP_FOREACH_SUPPORT=0: `foreach` is an ordinary identifier */
    /* Added. parse_script reports syntax errors in two steps, like the reference: first the
     * declarations (bodies, initializers, enum values and default arguments only skipped),
     * then, only if that succeeded, the skipped parts. The reference reports the second kind
     * while it compiles each function, interleaved with its semantic errors, and not at all
     * for functions it never reaches (or default arguments no call uses). Set this to get
     * them on script.deferred instead of through diag, to report at that point. */
    bool defer_body_errors;
    /* Added, optional. Does this name (interned) denote a registered template type? The
     * reference parser asks its engine; with this set we decide `name<` exactly as it does.
     * When NULL, `name<...>` is taken as a template wherever it parses as one. */
    bool (*is_template)(void *user, const char *name);
    void *is_template_user;
    /* Added, optional. Does this name (interned) denote a registered template function (2.38)?
     * Then `name<` opens its subtypes, as in the reference (called with is_template_user). */
    bool (*is_template_function)(void *user, const char *name);
} as_parse_env;

/* A whole script section. Returns AST_SCRIPT (never NULL; errors are in env->diag). */
ast_node *parse_script(as_parse_env *env, const char *src, size_t len);

/* Registration strings. Each returns NULL on a syntax error (reported through env->diag). */
ast_node *parse_func_decl(as_parse_env *env, const char *decl);  /* "int f(const string &in, int = 0) const" -> AST_FUNC (no body) */
ast_node *parse_funcdef_decl(as_parse_env *env, const char *decl); /* "bool cb(int)" -> AST_FUNCDEF */
ast_node *parse_var_decl(as_parse_env *env, const char *decl);   /* "const int x" / "int &y" -> AST_VAR with one declarator */
ast_node *parse_type_decl(as_parse_env *env, const char *decl);  /* "array<int>@" -> AST_TYPE; also "array<class T>" */

/* A statement block's contents for ExecuteString-style helpers: "a = 1; print(a);" -> AST_BLOCK */
ast_node *parse_statements(as_parse_env *env, const char *src, size_t len);

/* Is `word` a reserved keyword of the language (not usable as an identifier)? */
bool parse_is_keyword(const char *word, size_t len);

#endif
