/* angelc-bindgen's state: the parsed header, what was decided about each C declaration, and the
 * text being written (docs/bindgen.md says what maps to what). */
#ifndef BINDGEN_GEN_H
#define BINDGEN_GEN_H
#define _POSIX_C_SOURCE 200809L   /* open_memstream, strdup */
#include "config.h"
#include <clang-c/Index.h>
#include <stdbool.h>
#include <stdio.h>

/* A struct of the header: a value class (complete, no destroy function) or a reference class
 * (incomplete, or with a destroy function, or named by `ref`). */
typedef struct bg_record {
    char usr[256];
    char c_type[160];           /* the C spelling of the type: "struct sqlite3" or a typedef name */
    char c_name[128];           /* the name a config names it by: typedef name, else tag */
    char script[128];           /* its script name */
    char alias[140];            /* the generated typedef: bg_v_NAME (values), bg_NAME (reference wrappers) */
    char destroy[256];          /* reference classes: the function that frees the C object ("" none) */
    bool complete, is_ref, bound;
    bool partial;               /* value classes: a field not bound (the C layout is then unknown to calls by value) */
    CXCursor decl;
} bg_record;

typedef struct bg_enum {
    char c_type[160], alias[140], script[128];
    CXCursor decl;
} bg_enum;

#define BG_MAX_RECORDS 1024
#define BG_MAX_ENUMS 1024
#define BG_MAX_FUNCS 8192
#define BG_MAX_NAMES 16384

typedef struct bg_gen {
    const bg_config *cfg;
    const char *header;         /* as given on the command line */
    const char *include;        /* what the output #includes */
    const char *ns;             /* script namespace, "" none */
    const char *id;             /* the bind names' prefix (C identifier) */
    CXTranslationUnit tu;
    bg_record rec[BG_MAX_RECORDS];
    int nrec;
    bg_enum en[BG_MAX_ENUMS];
    int nen;
    CXCursor fn[BG_MAX_FUNCS];
    int nfn;
    CXCursor macro[BG_MAX_FUNCS];
    int nmacro;
    char *names[BG_MAX_NAMES];  /* script names used so far (one namespace) */
    int nnames;
    /* the output's parts, written to memory and joined at the end */
    char *helpers_text, *wrappers_text, *types_text, *members_text, *refused_text;
    size_t helpers_len, wrappers_len, types_len, members_len, refused_len;
    FILE *helpers, *wrappers, *types, *members, *refused;
    int nrefused, nfunctions, nconstants, nclasses, nenums;
    int nmethods;               /* object-first functions bound as methods too */
} bg_gen;

/* scan.c: collects the main header's declarations and decides each struct's class. */
void bg_scan(bg_gen *g);
bg_record *bg_record_of(bg_gen *g, CXType t);     /* the bound struct t names (canonical), NULL if none */
bg_enum *bg_enum_of(bg_gen *g, CXType t);
/* types.c: C types as the wrappers spell them */
const char *bg_scalar_type(CXType t);               /* "int32_t", "double", "bool", ... or NULL */
bool bg_is_byte(CXType t);                          /* char, signed/unsigned char, void */
bool bg_is_integer(CXType t);
/* names.c */
void bg_script_name(const bg_gen *g, const char *c_name, char *out, size_t size);   /* prefixes stripped, renames */
bool bg_is_keyword(const char *s);
bool bg_claim_name(bg_gen *g, const char *script);  /* false if already used */
/* functions.c: one C function -> a wrapper and its bind line, or a refusal */
void bg_function(bg_gen *g, CXCursor fn);
/* classes.c */
void bg_emit_classes(bg_gen *g);
void bg_emit_enums(bg_gen *g);
void bg_emit_constants(bg_gen *g);
/* refusals: a comment in the output and a line on stderr */
void bg_refuse(bg_gen *g, const char *what, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* clang strings copied into buf */
const char *bg_str(CXString s, char *buf, size_t size);
#endif
