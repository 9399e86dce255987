/* Growable arrays as macros over a {data, count, cap} struct, heap-backed. */
#ifndef AS_VEC_H
#define AS_VEC_H
#include <stdlib.h>
#include "util/mem.h"
#include <stdio.h>

#define VEC(T) struct { T *data; int count, cap; }

void *vec_grow_(void *data, int *cap, int need, size_t elem);
/* Gives back the room past count (a list that is done growing); kept as it is if that fails. */
void *vec_shrink_(void *data, int *cap, int count, size_t elem);
#define VEC_SHRINK(v) ((v).cap > (v).count ? (void)((v).data = vec_shrink_((v).data, &(v).cap, (v).count, sizeof *(v).data)) : (void)0)

/* Out of memory, a vector keeps its old storage: inside a mem_guard the operation unwinds; outside
 * one VEC_RESERVE leaves cap below n and VEC_PUSH drops the item (never writes past the end). */
#define VEC_RESERVE(v, n) \
    ((n) > (v).cap ? (void)((v).data = vec_grow_((v).data, &(v).cap, (n), sizeof *(v).data)) : (void)0)
#define VEC_PUSH(v, x) \
    (VEC_RESERVE((v), (v).count + 1), (v).count < (v).cap ? (void)((v).data[(v).count++] = (x)) : (void)0)
#define VEC_FREE(v) (mem_free((v).data), (v).data = NULL, (v).count = (v).cap = 0)
#define VEC_LAST(v) ((v).data[(v).count - 1])

#endif
