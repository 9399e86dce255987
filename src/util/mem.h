/* Every allocation angelc makes goes through these, so a host that installs its own functions
 * (as_set_global_memory_functions) sees them all. Without host functions they are libc's, with
 * one test of a global in the way. The host interface has no realloc, so callers that grow a
 * block say how big it was. */
#ifndef ANGELC_MEM_H
#define ANGELC_MEM_H

#include <stdlib.h>
#include <string.h>

typedef void *(*mem_alloc_fn)(size_t size);
typedef void (*mem_free_fn)(void *ptr);
extern mem_alloc_fn mem_user_alloc;   /* NULL: libc */
extern mem_free_fn mem_user_free;

static inline void *mem_alloc(size_t n) { return mem_user_alloc ? mem_user_alloc(n ? n : 1) : malloc(n); }
static inline void mem_free(void *p)
{
    if (mem_user_free) { if (p) mem_user_free(p); }
    else free(p);
}
/* Zeroed n * size bytes; NULL on overflow. */
void *mem_calloc(size_t n, size_t size);
/* Grows or shrinks p (old_size bytes, may be NULL) to new_size; on failure p is left as it was. */
void *mem_realloc(void *p, size_t old_size, size_t new_size);
char *mem_strdup(const char *s);
char *mem_strndup(const char *s, size_t n);

#endif
