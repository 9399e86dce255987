#include "vec.h"
#include <stdint.h>

void *vec_grow_(void *data, int *cap, int need, size_t elem)
{
    int ncap = *cap ? *cap : 8;
    while (ncap < need) {
        if (ncap > INT32_MAX / 2) {
            fputs("angelc: array too large\n", stderr);
            abort();
        }
        ncap *= 2;
    }
    void *p = mem_realloc(data, (size_t)*cap * elem, (size_t)ncap * elem);
    if (!p) {
        fputs("angelc: out of memory\n", stderr);
        abort();
    }
    *cap = ncap;
    return p;
}
