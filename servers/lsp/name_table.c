/* A hash table of names (name_table.h): open addressing, FNV-1a. */
#include "name_table.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static uint64_t hash_name(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603u;
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211u;
    return h;
}

name_entry *table_find(const name_table *t, const char *s, size_t n)
{
    if (!t->cap) return NULL;
    for (size_t i = hash_name(s, n) & (t->cap - 1);; i = (i + 1) & (t->cap - 1)) {
        name_entry *e = &t->slots[i];
        if (!e->name) return NULL;
        if (e->len == n && memcmp(e->name, s, n) == 0) return e;
    }
}

void table_add(name_table *t, const char *s, size_t n, int type, unsigned modifiers)
{
    if (!s || !n || table_find(t, s, n)) return;
    if ((t->used + 1) * 2 > t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 256;
        name_entry *slots = calloc(cap, sizeof *slots);
        if (!slots) return;
        for (size_t i = 0; i < t->cap; i++) {
            if (!t->slots[i].name) continue;
            size_t k = hash_name(t->slots[i].name, t->slots[i].len) & (cap - 1);
            while (slots[k].name) k = (k + 1) & (cap - 1);
            slots[k] = t->slots[i];
        }
        free(t->slots);
        t->slots = slots;
        t->cap = cap;
    }
    size_t k = hash_name(s, n) & (t->cap - 1);
    while (t->slots[k].name) k = (k + 1) & (t->cap - 1);
    t->slots[k] = (name_entry){s, n, (unsigned char)type, (unsigned char)modifiers};
    t->used++;
}

void table_free(name_table *t)
{
    free(t->slots);
    t->slots = NULL;
    t->cap = t->used = 0;
}
