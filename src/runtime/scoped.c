/* Scoped reference types have no reference count: the reference engine's compiler gives each
 * object one owner, the variable that made it, and releases it once, at the end of its scope.
 * angelc's code generator moves references between slots as pairs of add-reference and release
 * (a new object's handle stored into the variable, then the temporary let go), which for a
 * scoped object would free it at the first release. So the engine counts those transient extra
 * references itself: an add-reference records one, a release consumes one when there is any,
 * and only the release of the last reference reaches the host's RELEASE behaviour. The table is
 * empty whenever no reference is in flight, so it stays small. */
#include "scoped.h"
#include "util/mem.h"
#include "engine.h"
#include <stdlib.h>

static uint32_t slot_of(const as_scoped_refs *r, const void *obj)
{
    uintptr_t h = (uintptr_t)obj;
    h ^= h >> 17;
    h *= (uintptr_t)0x9E3779B97F4A7C15u;
    return (uint32_t)(h >> 7) & (r->cap - 1);
}

/* The entry of obj, or the free entry where it would go. */
static uint32_t find(const as_scoped_refs *r, const void *obj)
{
    uint32_t i = slot_of(r, obj);
    while (r->objs[i] && r->objs[i] != obj) i = (i + 1) & (r->cap - 1);
    return i;
}

static bool grow(as_scoped_refs *r)
{
    uint32_t ncap = r->cap ? r->cap * 2 : 16;
    as_scoped_refs n = {mem_calloc(ncap, sizeof *n.objs), mem_calloc(ncap, sizeof *n.extra), ncap, r->count};
    if (!n.objs || !n.extra) {
        mem_free(n.objs);
        mem_free(n.extra);
        return false;
    }
    for (uint32_t i = 0; i < r->cap; i++) {
        if (!r->objs[i]) continue;
        uint32_t j = find(&n, r->objs[i]);
        n.objs[j] = r->objs[i];
        n.extra[j] = r->extra[i];
    }
    mem_free(r->objs);
    mem_free(r->extra);
    *r = n;
    return true;
}

void scoped_addref(as_engine *e, void *obj)
{
    as_scoped_refs *r = &e->scoped;
    if (r->cap) {
        uint32_t i = find(r, obj);
        if (r->objs[i]) {
            r->extra[i]++;
            return;
        }
    }
    /* at most half full keeps the probes short */
    if ((r->count + 1) * 2 > r->cap && !grow(r)) return;
    uint32_t i = find(r, obj);
    r->objs[i] = obj;
    r->extra[i] = 1;
    r->count++;
}

bool scoped_release_extra(as_engine *e, void *obj)
{
    as_scoped_refs *r = &e->scoped;
    if (!r->count) return false;
    uint32_t i = find(r, obj);
    if (!r->objs[i]) return false;
    if (--r->extra[i]) return true;
    /* remove the entry, moving back the ones after it that probed past it */
    r->objs[i] = NULL;
    r->count--;
    for (uint32_t j = (i + 1) & (r->cap - 1); r->objs[j]; j = (j + 1) & (r->cap - 1)) {
        void *o = r->objs[j];
        uint32_t extra = r->extra[j];
        r->objs[j] = NULL;
        uint32_t k = find(r, o);
        r->objs[k] = o;
        r->extra[k] = extra;
    }
    return true;
}

void scoped_free(as_engine *e)
{
    mem_free(e->scoped.objs);
    mem_free(e->scoped.extra);
    e->scoped = (as_scoped_refs){0};
}
