/* Inside the script builder (angelc_builder.h): builder.c loads and preprocesses the sections,
 * builder_meta.c extracts the metadata and matches it to the built module. Both walk a section
 * as the lexer's tokens (whitespace and comments are the gaps between them). */
#ifndef AS_BUILDER_IMPL_H
#define AS_BUILDER_IMPL_H
#include "angelc_builder.h"
#include "parser/lexer.h"
#include "util/vec.h"

typedef VEC(char *) str_list;

/* What the declaration after a metadata block is, as CScriptBuilder classifies it. */
typedef enum meta_decl_kind {
    MD_TYPE = 1,     /* class, interface or enum: name */
    MD_FUNC,         /* function or method: decl (its signature text) */
    MD_VAR,          /* variable or property: name */
    MD_VIRTPROP,     /* virtual property: name (its accessors get the metadata) */
    MD_FUNC_OR_VAR   /* `T x(...);` is a variable with arguments or a prototype: both kept */
} meta_decl_kind;

/* A declaration with metadata, found while loading and matched after the build. */
typedef struct meta_decl {
    meta_decl_kind kind;
    char *name, *decl;
    char *parent_class;  /* "" outside classes */
    char *ns;            /* "a::b", "" for the global namespace */
    str_list meta;
} meta_decl;

/* Metadata matched to something of the built module: that of decls.data[decl]. */
typedef enum meta_target { MT_TYPE, MT_FUNC, MT_VAR, MT_METHOD, MT_PROP } meta_target;
typedef struct meta_entry {
    meta_target target;
    int type_id;   /* MT_TYPE, MT_METHOD, MT_PROP */
    int key;       /* function id (MT_FUNC, MT_METHOD), variable or property index */
    int decl;
} meta_entry;

struct as_builder {
    as_engine *engine;
    as_module *module;
    as_builder_include_fn include_fn;
    void *include_user;
    as_builder_pragma_fn pragma_fn;
    void *pragma_user;
    str_list defines;
    str_list sections;       /* names, in the order added */
    str_list included;       /* what makes a section a duplicate: resolved path or section name */
    VEC(meta_decl) decls;
    VEC(meta_entry) entries;
};

/* One section being preprocessed: its text (modified in place) and tokens. */
typedef struct builder_scan {
    as_builder *b;
    const char *section;
    int line_offset;
    char *text;
    size_t len;
    as_token_array toks;   /* ends with TK_EOF */
    char *cur_class;       /* class whose body is being scanned, "" if none */
    char *cur_ns;          /* namespace being scanned, "" for the global one */
} builder_scan;

/* Heap copy of s[0..n) (aborts if out of memory, like the rest of angelc's containers). */
char *builder_strndup(const char *s, size_t n);
void str_list_free(str_list *l);

/* Spaces over text[from..to), line breaks kept, so positions after it do not move. */
void builder_blank(char *text, size_t from, size_t to);
/* Token i is the punctuation or word `word`. */
bool scan_tok_is(const builder_scan *s, int i, const char *word);

/* At the '[' of token i: records the metadata blocks there and the declaration they belong to,
 * blanks the blocks, and returns the index of the token after them. */
int meta_scan(builder_scan *s, int i);
/* After the build: matches the recorded declarations to the module's types, functions and
 * variables. */
void meta_resolve(as_builder *b);
/* Forgets the declarations and matches of the last module. */
void meta_clear(as_builder *b);

#endif
