/* The allocator all of angelc uses, and the public calls that replace it. */
#include "mem.h"
#include "angelc.h"
#include <stdint.h>

mem_alloc_fn mem_user_alloc;
mem_free_fn mem_user_free;

void *mem_calloc(size_t n, size_t size)
{
    if (!mem_user_alloc) return calloc(n, size);
    if (size && n > SIZE_MAX / size) return NULL;
    void *p = mem_alloc(n * size);
    if (p) memset(p, 0, n * size);
    return p;
}

void *mem_realloc(void *p, size_t old_size, size_t new_size)
{
    if (!mem_user_alloc) return realloc(p, new_size);
    void *q = mem_alloc(new_size);
    if (!q) return NULL;
    if (p) {
        memcpy(q, p, old_size < new_size ? old_size : new_size);
        mem_free(p);
    }
    return q;
}

char *mem_strndup(const char *s, size_t n)
{
    char *r = mem_alloc(n + 1);
    if (!r) return NULL;
    memcpy(r, s, n);
    r[n] = 0;
    return r;
}

char *mem_strdup(const char *s) { return mem_strndup(s, strlen(s)); }

/* The reference's contract: set before the first engine is made, reset after the last is gone;
 * memory allocated under one pair of functions is freed by the same pair. */
int as_set_global_memory_functions(as_alloc_fn alloc, as_free_fn free_fn)
{
    if (!alloc || !free_fn) return AS_INVALID_ARG;
    mem_user_alloc = alloc;
    mem_user_free = free_fn;
    return AS_SUCCESS;
}

int as_reset_global_memory_functions(void)
{
    mem_user_alloc = NULL;
    mem_user_free = NULL;
    return AS_SUCCESS;
}

void *as_alloc_mem(size_t size) { return mem_alloc(size); }
void as_free_mem(void *p) { mem_free(p); }
