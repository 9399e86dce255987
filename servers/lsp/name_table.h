/* A table of names and what they are (a token type and modifiers), for classifying every name
 * of a document without scanning the engine's lists for each: built once a request, looked up
 * by the bytes of the text. The names are not copied: they must outlive the table (the engine's,
 * an outline's). */
#ifndef ANGELC_LSP_NAME_TABLE_H
#define ANGELC_LSP_NAME_TABLE_H
#include <stddef.h>

typedef struct name_entry {
    const char *name;            /* NULL: an empty slot */
    size_t len;
    unsigned char type, modifiers;
} name_entry;

typedef struct name_table {
    name_entry *slots;
    size_t cap, used;            /* cap is a power of two (or 0) */
} name_table;

/* The entry of the n bytes at s, NULL if none. */
name_entry *table_find(const name_table *t, const char *s, size_t n);
/* Adds the n bytes at s unless they are there already (what is added first wins); when out of
 * memory the name is left out. */
void table_add(name_table *t, const char *s, size_t n, int type, unsigned modifiers);
/* Frees the slots; the table is empty again. */
void table_free(name_table *t);

#endif
