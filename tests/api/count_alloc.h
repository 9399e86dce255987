/* A byte-counting allocator for the C API tests that check memory comes back: install it with
 * as_set_global_memory_functions(count_alloc, count_free) and compare live_bytes. Each test is its
 * own program, so the count is per test. */
#ifndef ANGELC_TEST_COUNT_ALLOC_H
#define ANGELC_TEST_COUNT_ALLOC_H

#include <stdlib.h>

static size_t live_bytes;

static void *count_alloc(size_t n)
{
    size_t *p = malloc(n + 16);
    if (!p) return NULL;
    p[0] = n;
    live_bytes += n;
    return (char *)p + 16;
}

static void count_free(void *q)
{
    if (!q) return;
    size_t *p = (size_t *)((char *)q - 16);
    live_bytes -= p[0];
    free(p);
}

#endif
