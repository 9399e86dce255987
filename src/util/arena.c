#include "arena.h"
#include "util/mem.h"
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

/* sanitizer builds may poison parts of blocks (ast_new): unpoison before handing back */
#if defined(__SANITIZE_ADDRESS__)
#define ARENA_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ARENA_ASAN 1
#endif
#endif
#ifdef ARENA_ASAN
#include <sanitizer/asan_interface.h>
#define ARENA_UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION((p), (n))
#else
#define ARENA_UNPOISON(p, n) ((void)0)
#endif

struct as_arena_block {
    as_arena_block *next;
    size_t size;
    _Alignas(16) char data[];
};

void arena_init(as_arena *a) { memset(a, 0, sizeof *a); }

/* Frees the blocks from b on. */
static void free_blocks(as_arena_block *b)
{
    while (b) {
        as_arena_block *n = b->next;
        ARENA_UNPOISON(b->data, b->size);
        mem_free(b);
        b = n;
    }
}

void arena_free(as_arena *a)
{
    free_blocks(a->head);
    memset(a, 0, sizeof *a);
}

void arena_free_cleanup(void *arena) { arena_free(arena); }

void arena_reset(as_arena *a)
{
    as_arena_block *keep = a->head;
    if (!keep) return;
    free_blocks(keep->next);
    ARENA_UNPOISON(keep->data, keep->size);
    memset(keep->data, 0, (size_t)(a->cur - keep->data));
    keep->next = NULL;
    a->cur = keep->data;
    a->end = keep->data + keep->size;
    a->total = 0;
}

void *arena_alloc(as_arena *a, size_t size)
{
    size = (size + 15) & ~(size_t)15;
    if ((size_t)(a->end - a->cur) < size) {
        /* blocks grow with the arena (4 KiB to 1 MiB): few mallocs for big scripts, and little
         * zeroed for the many small arenas (a registration's scratch, a small module's build).
         * calloc hands out fresh pages already zero, so allocations need no memset */
        size_t bsize = a->head ? a->head->size * 2 : 4096;
        if (bsize > (1u << 20)) bsize = 1u << 20;
        if (bsize < size) bsize = size;
        as_arena_block *b = mem_calloc(1, sizeof *b + bsize);
        if (!b) {
            mem_fail();
            return NULL;
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
    return p;
}

char *arena_strdup(as_arena *a, const char *s, size_t len)
{
    char *p = arena_alloc(a, len + 1);
    if (!p) return NULL;
    memcpy(p, s, len);
    p[len] = 0;
    return p;
}

void arena_adopt(as_arena *into, as_arena *from)
{
    if (!from->head) return;
    /* from's blocks go behind into's first one: into keeps allocating where it was */
    as_arena_block *last = from->head;
    while (last->next) last = last->next;
    if (into->head) {
        last->next = into->head->next;
        into->head->next = from->head;
    } else {
        into->head = from->head;
        into->cur = from->cur;
        into->end = from->end;
    }
    into->total += from->total;
    memset(from, 0, sizeof *from);
}
