/* Bump allocator for data that dies together (AST, compiler scratch).
 * One free releases every block, so the parser never frees node by node. */
#ifndef AS_ARENA_H
#define AS_ARENA_H
#include <stddef.h>

typedef struct as_arena_block as_arena_block;
typedef struct as_arena {
    as_arena_block *head;
    char *cur, *end;
    size_t total;            /* bytes handed out, for statistics */
} as_arena;

void  arena_init(as_arena *a);
void  arena_free(as_arena *a);
/* arena_free as a mem_cleanup function, for a scratch arena in a guarded operation. */
void  arena_free_cleanup(void *arena);
/* Empties the arena for reuse: its newest (largest) block stays, with what was handed out of it
 * zeroed again; the others are freed. A scratch arena reset after each use allocates once. */
void  arena_reset(as_arena *a);
/* Zeroed, 16-byte aligned memory. Out of memory: mem_fail() (inside a mem_guard the operation
 * unwinds), else NULL. */
/* Moves every block of `from` into `into` (what was allocated from `from` now lives as long
 * as `into`); `from` is left empty. */
void  arena_adopt(as_arena *into, as_arena *from);
void *arena_alloc(as_arena *a, size_t size);
char *arena_strdup(as_arena *a, const char *s, size_t len);

#define ARENA_NEW(a, T) ((T *)arena_alloc((a), sizeof(T)))

#endif
