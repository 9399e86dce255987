/* What a name in a document means, for hover, completion, definition and signature help: the
 * text around the cursor (outline.h) joined with the compiler's reflection of the document's
 * last successful compile (the public API of angelc.h: module functions, globals and types,
 * functions' local variables, types' methods and properties, enum values; angelc_bind.h for
 * registered documentation).
 *
 * Precision: names are resolved the way a reader would, not the compiler: a local of the
 * enclosing function, a member of its class, a script global, then the registered API. A member
 * after '.' is resolved when the expression before it is a chain of names, calls and indexing
 * (`a.b.`, `this.`, `f().x[2].`) whose types are known: locals, globals, properties, virtual
 * properties, the return type of the first function or method of a called name, opIndex's;
 * casts, literals and parenthesised expressions before the '.' are not followed, nor strings
 * holding brackets. Overloads are listed, not chosen. Until the document compiles once, only the text
 * outline is known (no types). Positions of script types, globals and properties come from the
 * outline (the reflection API gives lines for functions only), of locals from a search back
 * through the function's text. */
#ifndef ANGELC_LSP_SYMBOLS_H
#define ANGELC_LSP_SYMBOLS_H
#include "analysis.h"
#include "outline.h"

typedef struct sym_context {
    const lsp_doc *doc;
    outline *ol;                 /* of the document's current text */
    const lsp_analysis *a;       /* the last successful compile, NULL if none */
    as_engine *e;
    as_module *m;
    as_function *fn;             /* the script function around the cursor (reflection), or NULL */
    int ol_fn;                   /* the same in the outline, -1 if none */
    size_t offset;
    bool borrowed_outline;       /* ol is the caller's (sym_context_init_outline) */
} sym_context;

/* false when out of memory. */
bool sym_context_init(sym_context *c, const lsp_doc *doc, size_t offset);
/* The same with ol, the outline of doc's text the caller already has (and keeps). */
bool sym_context_init_outline(sym_context *c, const lsp_doc *doc, size_t offset, outline *ol);
void sym_context_free(sym_context *c);

typedef enum sym_kind {
    SYM_NONE, SYM_LOCAL, SYM_FUNCTION, SYM_METHOD, SYM_GLOBAL, SYM_ENGINE_GLOBAL, SYM_TYPE, SYM_PROPERTY,
    SYM_ENUM_VALUE, SYM_NAMESPACE, SYM_OUTLINE, SYM_KEYWORD,
} sym_kind;

typedef struct sym {
    sym_kind kind;
    as_function *fn;             /* SYM_FUNCTION, SYM_METHOD */
    as_type *type;               /* SYM_TYPE; the owner of SYM_PROPERTY, SYM_ENUM_VALUE, SYM_METHOD */
    int index;                   /* local, global, property, enum value index; outline symbol */
    const char *name;            /* valid while the context lives */
} sym;

/* What the cursor's qualifier is: nothing, `EXPR.` or `NAME::`. */
typedef enum qual_kind { QUAL_NONE, QUAL_MEMBER, QUAL_SCOPE } qual_kind;

/* The word at the cursor ([*start, *end), maybe empty just after '.' or '::') and what comes
 * before it. For QUAL_MEMBER, *owner is the type of the expression before the '.' (NULL if
 * unknown); for QUAL_SCOPE, scope holds the name before '::'. */
qual_kind sym_qualifier(sym_context *c, size_t offset, size_t *start, size_t *end, as_type **owner, char *scope, size_t scope_size);

/* Every meaning of name at the cursor (overloads, or one symbol), into out (at most max);
 * returns how many. */
int sym_resolve(sym_context *c, const char *name, qual_kind q, as_type *owner, const char *scope, sym *out, int max);

/* The declaration of s as code (a buffer of the context's, valid until the next call). */
const char *sym_declaration(sym_context *c, const sym *s, char *buf, size_t size);
/* Its documentation: registered, or the comment above a script declaration (buf); NULL if none. */
const char *sym_documentation(sym_context *c, const sym *s, char *buf, size_t size);
/* Where s is declared: a section name (the document's path for itself) and the byte range of
 * its name in text; false for registered symbols. */
bool sym_location(sym_context *c, const sym *s, const char **section, const char **text, size_t *len, size_t *start, size_t *end);

/* The script function (a method of class_name when not NULL) named name that section declares
 * nearest to 1-based row, NULL if none. */
as_function *sym_script_function(as_module *m, const char *name, const char *class_name, const char *section, int row);

/* The type of a type id (handles and const stripped), NULL for primitives. */
as_type *sym_type_of_id(as_engine *e, int type_id);

#endif
