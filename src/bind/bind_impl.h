/* Private to the binding toolkit: the per-engine state. */
#ifndef AS_BIND_IMPL_H
#define AS_BIND_IMPL_H
#include "angelc_bind.h"

typedef struct bind_state {
    as_bind_type *types;
    int ntypes, cap;
    /* documentation of things without a user data slot (properties), keyed by text */
    struct { char *key; const char *doc; } *docs;
    int ndocs, capdocs;
} bind_state;

/* The engine's toolkit state, created on first use (freed with the engine). */
bind_state *bind_state_of(as_engine *e);
/* Reports a toolkit error through the engine's message callback. */
void bind_error(as_engine *e, const char *fmt, ...);
/* Documentation for a key like "prop:vec2::x" or "global:g_speed". */
void bind_doc_set(as_engine *e, const char *key, const char *doc);
const char *bind_doc_get(as_engine *e, const char *key);
/* A malloc'd copy of s (NULL stays NULL). */
char *bind_strdup(const char *s);
/* Types of the database in order, for walking them. */
int bind_type_count(as_engine *e);
as_bind_type *bind_type_at(as_engine *e, int i);
/* The last identifier of a declaration ("const int x" -> "x") into buf. */
const char *bind_decl_name(const char *decl, char *buf, size_t size);
/* The user data key the toolkit stores documentation under. */
#define BIND_DOC_KEY ((uintptr_t)0xB1D0D0Cu)

#endif
