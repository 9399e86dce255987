/* String interning: every identifier the engine knows is stored once, so names compare by pointer. */
#ifndef AS_STRTAB_H
#define AS_STRTAB_H
#include <stddef.h>
#include <stdint.h>

typedef struct as_strtab {
    struct strtab_entry **slots;
    uint32_t count, cap;
    /* the entries are carved from chunks (one allocation for dozens of names instead of one
     * each: an engine interns hundreds at start-up), all freed with the table */
    struct strtab_chunk *chunks;
    char *chunk_cur, *chunk_end;
} as_strtab;

void strtab_init(as_strtab *t);
void strtab_free(as_strtab *t);
/* Returns the unique, NUL-terminated copy of s[0..len); lives as long as the table. */
const char *strtab_intern(as_strtab *t, const char *s, size_t len);
const char *strtab_cstr(as_strtab *t, const char *s);
uint32_t strtab_hash(const char *s, size_t len);

#endif
