/* A text outline of AngelScript source: the declarations a file makes (namespaces, classes,
 * interfaces, enums and their values, functions, methods, variables, properties, funcdefs,
 * typedefs, imports), with where each starts and ends. It reads the text as written, so it
 * works on code that does not compile (while the user types); it is an approximation: no
 * preprocessing of #if, and a global `Foo f(1);` reads as a variable, `void f();` as a function.
 * The compiler's reflection (analysis.h) says what the names mean; this says where they are. */
#ifndef ANGELC_LSP_OUTLINE_H
#define ANGELC_LSP_OUTLINE_H
#include <stdbool.h>
#include <stddef.h>

typedef enum ol_kind {
    OL_NAMESPACE, OL_CLASS, OL_INTERFACE, OL_ENUM, OL_ENUM_VALUE, OL_FUNCTION, OL_VARIABLE,
    OL_PROPERTY, OL_FUNCDEF, OL_TYPEDEF, OL_IMPORT,
} ol_kind;

typedef struct ol_symbol {
    ol_kind kind;
    char *name;
    char *detail;               /* the declaration's text up to its body, white space collapsed */
    size_t start, end;          /* the whole declaration, body included: text[start, end) */
    size_t name_start, name_end;
    size_t body_start, body_end;   /* a function's { ... } (both 0 if it has none) */
    int parent;                 /* index of the enclosing namespace/class/enum, -1 at file level */
} ol_symbol;

typedef struct outline {
    ol_symbol *symbols;          /* in text order, parents before their members */
    int count;
} outline;

/* NULL only when out of memory. */
outline *outline_scan(const char *text, size_t len);
void outline_free(outline *o);
/* The innermost function whose body contains offset, -1 if none. */
int outline_function_at(const outline *o, size_t offset);
/* The qualified name of symbol i ("ns::Class::name"), into buf. */
void outline_qualified_name(const outline *o, int i, char *buf, size_t size);

/* Tokens, for the features' look-arounds: comments, white space and preprocessor lines are
 * skipped. */
typedef enum tk_kind { TK_EOF, TK_IDENT, TK_NUMBER, TK_STRING, TK_PUNCT } tk_kind;
typedef struct token {
    tk_kind kind;
    size_t start, end;
} token;
token token_next(const char *text, size_t len, size_t *at);
bool token_is(const char *text, token t, const char *s);

#endif
