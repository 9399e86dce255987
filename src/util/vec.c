#include "vec.h"
#include <stdint.h>

void *vec_shrink_(void *data, int *cap, int count, size_t elem)
{
    if (count == 0) {
        mem_free(data);
        *cap = 0;
        return NULL;
    }
    void *p = mem_realloc(data, (size_t)*cap * elem, (size_t)count * elem);
    if (!p) return data;
    *cap = count;
    return p;
}

void *vec_grow_(void *data, int *cap, int need, size_t elem)
{
    int ncap = *cap ? *cap : 8;
    while (ncap < need) {
        if (ncap > INT32_MAX / 2) {
            mem_fail();   /* as out of memory */
            return data;
        }
        ncap *= 2;
    }
    void *p = mem_realloc(data, (size_t)*cap * elem, (size_t)ncap * elem);
    if (!p) {
        mem_fail();
        return data;      /* outside a guard: the old storage, cap unchanged */
    }
    *cap = ncap;
    return p;
}
