/* Reference counting on behalf of scoped reference types (AS_OBJ_SCOPED), which have none. */
#ifndef AS_SCOPED_H
#define AS_SCOPED_H
#include <stdbool.h>
#include <stdint.h>

typedef struct as_engine as_engine;

/* Extra references of scoped objects in flight: open addressing on the object's address. */
typedef struct as_scoped_refs {
    void **objs;            /* NULL: a free entry */
    uint32_t *extra;        /* references beyond the owner's */
    uint32_t cap, count;    /* cap is 0 or a power of two */
} as_scoped_refs;

/* One more reference to the scoped object obj. */
void scoped_addref(as_engine *e, void *obj);
/* Drops one of obj's extra references; false when it has none, and the host's RELEASE is due. */
bool scoped_release_extra(as_engine *e, void *obj);
void scoped_free(as_engine *e);

#endif
