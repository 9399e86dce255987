#include "strtab.h"
#include "util/mem.h"
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

typedef struct strtab_entry {
    struct strtab_entry *next;
    uint32_t hash;
    uint32_t len;
    char str[];
} strtab_entry;

uint32_t strtab_hash(const char *s, size_t len)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (size_t i = 0; i < len; i++) {
        h ^= (unsigned char)s[i];
        h *= 16777619u;
    }
    return h;
}

/* A block the entries are carved from; an entry longer than a chunk gets one of its own. */
typedef struct strtab_chunk {
    struct strtab_chunk *next;
    _Alignas(8) char data[];
} strtab_chunk;

#define CHUNK_BYTES 4096

void strtab_init(as_strtab *t) { memset(t, 0, sizeof *t); }

void strtab_free(as_strtab *t)
{
    for (strtab_chunk *c = t->chunks; c;) {
        strtab_chunk *n = c->next;
        mem_free(c);
        c = n;
    }
    mem_free(t->slots);
    memset(t, 0, sizeof *t);
}

/* Room for an entry of `size` bytes (8-byte aligned), or NULL when out of memory. */
static strtab_entry *new_entry(as_strtab *t, size_t size)
{
    size = (size + 7) & ~(size_t)7;
    if ((size_t)(t->chunk_end - t->chunk_cur) < size) {
        size_t room = size > CHUNK_BYTES ? size : CHUNK_BYTES;
        strtab_chunk *c = mem_alloc(sizeof *c + room);
        if (!c) return NULL;
        if (room > CHUNK_BYTES) {
            /* a long name: its own chunk, behind the current one (whose room stays in use) */
            c->next = t->chunks ? t->chunks->next : NULL;
            if (t->chunks) t->chunks->next = c;
            else t->chunks = c;
            return (strtab_entry *)c->data;
        }
        c->next = t->chunks;
        t->chunks = c;
        t->chunk_cur = c->data;
        t->chunk_end = c->data + room;
    }
    strtab_entry *e = (strtab_entry *)t->chunk_cur;
    t->chunk_cur += size;
    return e;
}

static void grow(as_strtab *t)
{
    uint32_t ncap = t->cap ? t->cap * 2 : 256;
    strtab_entry **ns = mem_calloc(ncap, sizeof *ns);
    if (!ns) {
        mem_fail();
        return;   /* outside a guard: the chains get longer */
    }
    for (uint32_t i = 0; i < t->cap; i++) {
        strtab_entry *e = t->slots[i];
        while (e) {
            strtab_entry *n = e->next;
            e->next = ns[e->hash & (ncap - 1)];
            ns[e->hash & (ncap - 1)] = e;
            e = n;
        }
    }
    mem_free(t->slots);
    t->slots = ns;
    t->cap = ncap;
}

const char *strtab_intern(as_strtab *t, const char *s, size_t len)
{
    uint32_t h = strtab_hash(s, len);
    if (t->cap) {
        for (strtab_entry *e = t->slots[h & (t->cap - 1)]; e; e = e->next)
            if (e->hash == h && e->len == len && memcmp(e->str, s, len) == 0)
                return e->str;
    }
    if ((t->count + 1) * 4 > t->cap * 3) grow(t);
    strtab_entry *e = t->cap && len < UINT32_MAX ? new_entry(t, sizeof *e + len + 1) : NULL;
    if (!e) {
        /* out of memory outside a guard: a name nothing else has (lookups by it find nothing) */
        mem_fail();
        static const char none[] = "";
        return none;
    }
    e->hash = h;
    e->len = (uint32_t)len;
    memcpy(e->str, s, len);
    e->str[len] = 0;
    e->next = t->slots[h & (t->cap - 1)];
    t->slots[h & (t->cap - 1)] = e;
    t->count++;
    return e->str;
}

const char *strtab_cstr(as_strtab *t, const char *s) { return strtab_intern(t, s, strlen(s)); }
