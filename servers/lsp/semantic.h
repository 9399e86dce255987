/* Semantic classification of a document's text, for textDocument/semanticTokens: every
 * comment, string, number, operator, keyword and name, with what the name is. Names are
 * classified from the compiler's reflection of the document's last successful compile (script
 * and registered functions, globals, types, enum values, a function's parameters and locals, a
 * class's properties and methods, members after `.` through symbols.h's chains) and, where that
 * says nothing (no compile yet, a name typed since), from the text outline (outline.h).
 * Declarations (the names the outline finds declared) carry SEM_MOD_DECLARATION; what the host or
 * the add-ons registered carries SEM_MOD_DEFAULT_LIBRARY. */
#ifndef ANGELC_LSP_SEMANTIC_H
#define ANGELC_LSP_SEMANTIC_H
#include "documents.h"
#include <stddef.h>

/* Token types, in the order of the legend the server advertises (semantic_type_names). */
typedef enum sem_type {
    SEM_NAMESPACE, SEM_TYPE, SEM_CLASS, SEM_ENUM, SEM_INTERFACE, SEM_PARAMETER, SEM_VARIABLE, SEM_PROPERTY,
    SEM_ENUM_MEMBER, SEM_FUNCTION, SEM_METHOD, SEM_KEYWORD, SEM_COMMENT, SEM_STRING, SEM_NUMBER, SEM_OPERATOR,
    SEM_MACRO, SEM_TYPE_COUNT
} sem_type;

/* Token modifiers, bit i for legend entry i (semantic_modifier_names). */
enum { SEM_MOD_DECLARATION = 1, SEM_MOD_READONLY = 2, SEM_MOD_DEFAULT_LIBRARY = 4 };
#define SEM_MODIFIER_COUNT 3

extern const char *const semantic_type_names[SEM_TYPE_COUNT];
extern const char *const semantic_modifier_names[SEM_MODIFIER_COUNT];

typedef struct sem_token {
    size_t start, end;           /* bytes of the document's text; may span lines (comments, strings) */
    sem_type type;
    unsigned modifiers;
} sem_token;

/* The tokens of doc's current text in order (malloc'd array, *count of them; NULL with
 * *count 0 for an empty text or when out of memory). */
sem_token *semantic_classify(const lsp_doc *doc, int *count);

#endif
