#include "arena.h"
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

struct as_arena_block {
    as_arena_block *next;
    size_t size;
    _Alignas(16) char data[];
};

void arena_init(as_arena *a) { memset(a, 0, sizeof *a); }

void arena_free(as_arena *a)
{
    as_arena_block *b = a->head;
    while (b) {
        as_arena_block *n = b->next;
        free(b);
        b = n;
    }
    memset(a, 0, sizeof *a);
}

void *arena_alloc(as_arena *a, size_t size)
{
    size = (size + 15) & ~(size_t)15;
    if ((size_t)(a->end - a->cur) < size) {
        size_t bsize = size > 16384 ? size : 16384;
        as_arena_block *b = malloc(sizeof *b + bsize);
        if (!b) {
            fputs("angelc: out of memory\n", stderr);
            abort();
        }
        b->next = a->head;
        b->size = bsize;
        a->head = b;
        a->cur = b->data;
        a->end = b->data + bsize;
    }
    void *p = a->cur;
    a->cur += size;
    a->total += size;
    memset(p, 0, size);
    return p;
}

char *arena_strdup(as_arena *a, const char *s, size_t len)
{
    char *p = arena_alloc(a, len + 1);
    memcpy(p, s, len);
    p[len] = 0;
    return p;
}
