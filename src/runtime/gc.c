/* The cycle collector.
 *
 * Reference counting frees objects the moment their last reference goes; only objects that can
 * take part in cycles are tracked here: script objects of classes that hold handles, and host
 * objects of types registered with AS_OBJ_GC (the collector holds one reference to those, as in
 * the reference engine, and they report what they hold through their ENUMREFS behaviour).
 *
 * A collection is trial deletion over all tracked objects: subtract from each object's count the
 * references other tracked objects hold to it; what still has references left is reachable from
 * outside (the stack, globals, the host), and so is everything it references; the rest is
 * garbage. Garbage is destroyed in three steps so no object is freed while another still points
 * to it: run the script destructors, drop the references the objects hold, drop our own hold.
 * Collections run when the number of tracked objects has grown by as many again as survived the
 * last one (at least GC_MIN_THRESHOLD), so the cost per allocation stays constant. */
#include "gc.h"
#include "object.h"
#include "../vm/vm.h"
#include "../native/native.h"
#include <stdlib.h>
#include <string.h>

#define GC_MIN_THRESHOLD 5000u
#define GC_INDEX_MASK 0x7FFFFFFFu
#define GC_DESTRUCTED 0x80000000u   /* a script object whose destructor the collector ran */

/* ---- tracking ---- */

void gc_track_script(as_engine *e, as_object *o)
{
    VEC_PUSH(e->gc.script, o);
    o->gcflags = (o->gcflags & GC_DESTRUCTED) | (uint32_t)e->gc.script.count;
    e->gc.new_objects++;
    if (e->props[AS_EP_AUTO_GARBAGE_COLLECT] && !e->gc.running &&
        (uint64_t)(e->gc.script.count + e->gc.native.count) >= e->gc.threshold)
        gc_collect(e);
}

void gc_untrack_script(as_engine *e, as_object *o)
{
    uint32_t idx = (o->gcflags & GC_INDEX_MASK);
    if (!idx) return;
    idx--;
    if (idx < (uint32_t)e->gc.script.count && e->gc.script.data[idx] == o) {
        as_object *last = VEC_LAST(e->gc.script);
        e->gc.script.data[idx] = last;
        last->gcflags = (last->gcflags & GC_DESTRUCTED) | (idx + 1);
        e->gc.script.count--;
    }
    o->gcflags &= GC_DESTRUCTED;
}

bool gc_was_destructed(const as_object *o) { return (o->gcflags & GC_DESTRUCTED) != 0; }

int as_engine_notify_gc_new_object(as_engine *e, void *obj, as_type *type)
{
    if (!e || !obj || !type) return AS_INVALID_ARG;
    if (!type->beh.getrefcount || !type->beh.enumrefs || !type->beh.releaserefs || !type->beh.release) return AS_INVALID_TYPE;
    gc_native_entry n = {obj, type};
    VEC_PUSH(e->gc.native, n);
    e->gc.new_objects++;
    if (e->props[AS_EP_AUTO_GARBAGE_COLLECT] && !e->gc.running &&
        (uint64_t)(e->gc.script.count + e->gc.native.count) >= e->gc.threshold)
        gc_collect(e);
    return AS_SUCCESS;
}

/* ---- the graph ---- */

/* Index of a tracked object: script objects carry it, host objects are found by hash. */
typedef struct gc_pass {
    as_engine *e;
    int nscript, total;
    int32_t *count;                 /* references not explained by other tracked objects */
    uint8_t *alive;
    void **keys;                    /* host objects: open-addressed table ptr -> index */
    int32_t *vals;
    uint32_t cap;
    int32_t *work;                  /* marking work list */
    int nwork;
    int current;                    /* object whose references are being enumerated */
    bool marking;
} gc_pass;

static uint32_t ptr_hash(const void *p)
{
    uintptr_t v = (uintptr_t)p >> 3;
    v ^= v >> 17;
    v *= 0x9E3779B97F4A7C15ull;
    return (uint32_t)(v >> 29);
}

static int lookup(gc_pass *g, void *obj, as_type *t)
{
    if (!obj) return -1;
    if (t && t->kind == TYPE_OBJECT && (t->flags & AS_OBJ_SCRIPT_OBJECT)) {
        as_object *o = obj;
        uint32_t idx = o->gcflags & GC_INDEX_MASK;
        if (!idx || idx > (uint32_t)g->nscript || g->e->gc.script.data[idx - 1] != o) return -1;
        return (int)idx - 1;
    }
    if (!g->cap) return -1;
    for (uint32_t h = ptr_hash(obj) & (g->cap - 1);; h = (h + 1) & (g->cap - 1)) {
        if (!g->keys[h]) return -1;
        if (g->keys[h] == obj) return g->vals[h];
    }
}

static void visit(gc_pass *g, int k)
{
    if (k < 0) return;
    if (!g->marking) {
        g->count[k]--;
        return;
    }
    if (!g->alive[k]) {
        g->alive[k] = 1;
        g->work[g->nwork++] = k;
    }
}

static gc_pass *g_current;   /* the pass an ENUMREFS callback reports to */

void as_gc_enum_reference(as_engine *e, void *ref, as_type *type)
{
    gc_pass *g = g_current;
    if (!g || g->e != e || !ref) return;
    /* host types may not know the type of what they hold: find it by pointer either way */
    int k = -1;
    if (type && type->kind == TYPE_OBJECT && (type->flags & AS_OBJ_SCRIPT_OBJECT)) k = lookup(g, ref, type);
    if (k < 0) k = lookup(g, ref, NULL);
    visit(g, k);
}

/* Calls visit() for every tracked object that object k references. */
static void enum_refs(gc_pass *g, int k)
{
    if (k < g->nscript) {
        as_object *o = g->e->gc.script.data[k];
        for (as_type *c = o->type; c; c = c->base) {
            for (int i = 0; i < c->props.count; i++) {
                as_property *p = &c->props.data[i];
                as_type *pt = p->type.type;
                if (pt->kind != TYPE_OBJECT || dt_is_value_member(p)) continue;
                void *ref = *(void **)((char *)o + p->offset);
                if (ref) visit(g, lookup(g, ref, pt));
            }
        }
        return;
    }
    gc_native_entry *n = &g->e->gc.native.data[k - g->nscript];
    g->current = k;
    gc_pass *saved = g_current;
    g_current = g;
    as_slot args[4], ret;
    memset(args, 0, sizeof args);
    as_function *f = n->type->beh.enumrefs;
    args[f->this_slot].p = n->obj;
    if (f->params.count) args[f->param_slot[0]].p = g->e;
    native_call(as_active_context(), f, args, &ret);
    g_current = saved;
}

static int native_refcount(as_engine *e, gc_native_entry *n)
{
    as_slot args[4], ret;
    memset(args, 0, sizeof args);
    as_function *f = n->type->beh.getrefcount;
    args[f->this_slot].p = n->obj;
    ret.u64 = 0;
    native_call(as_active_context(), f, args, &ret);
    (void)e;
    return ret.i32;
}

/* ---- a collection ---- */

int gc_collect(as_engine *e)
{
    if (e->gc.running) return 0;
    e->gc.running = true;
    gc_pass g;
    memset(&g, 0, sizeof g);
    g.e = e;
    g.nscript = e->gc.script.count;
    g.total = g.nscript + e->gc.native.count;
    int destroyed = 0;
    if (g.total == 0) goto done;
    g.count = malloc(sizeof(int32_t) * (size_t)g.total);
    g.alive = calloc((size_t)g.total, 1);
    g.work = malloc(sizeof(int32_t) * (size_t)g.total);
    int nnative = g.total - g.nscript;
    g.cap = 1;
    while (g.cap < (uint32_t)nnative * 2 + 2) g.cap <<= 1;
    g.keys = calloc(g.cap, sizeof(void *));
    g.vals = malloc(sizeof(int32_t) * g.cap);
    if (!g.count || !g.alive || !g.work || !g.keys || !g.vals) goto cleanup;
    for (int i = 0; i < nnative; i++) {
        void *obj = e->gc.native.data[i].obj;
        uint32_t h = ptr_hash(obj) & (g.cap - 1);
        while (g.keys[h]) h = (h + 1) & (g.cap - 1);
        g.keys[h] = obj;
        g.vals[h] = g.nscript + i;
    }
    /* counts, minus what tracked objects explain */
    for (int i = 0; i < g.nscript; i++) g.count[i] = (int32_t)e->gc.script.data[i]->refcount;
    for (int i = 0; i < nnative; i++) g.count[g.nscript + i] = native_refcount(e, &e->gc.native.data[i]) - 1;
    for (int k = 0; k < g.total; k++) enum_refs(&g, k);
    /* what outside references keep alive, and what that references */
    g.marking = true;
    for (int k = 0; k < g.total; k++) {
        if (g.count[k] > 0 && !g.alive[k]) {
            g.alive[k] = 1;
            g.work[g.nwork++] = k;
        }
    }
    while (g.nwork) enum_refs(&g, g.work[--g.nwork]);
    /* the rest is garbage: hold it, run destructors, break references, let go */
    {
        VEC(as_object *) dead_script = {0};
        VEC(gc_native_entry) dead_native = {0};
        for (int k = 0; k < g.nscript; k++)
            if (!g.alive[k]) VEC_PUSH(dead_script, e->gc.script.data[k]);
        for (int i = 0; i < nnative; i++)
            if (!g.alive[g.nscript + i]) VEC_PUSH(dead_native, e->gc.native.data[i]);
        /* host objects leave the tracking list: the hold we release below was the collector's */
        if (dead_native.count) {
            int w = 0;
            for (int i = 0; i < nnative; i++)
                if (g.alive[g.nscript + i]) e->gc.native.data[w++] = e->gc.native.data[i];
            e->gc.native.count = w;
        }
        for (int i = 0; i < dead_script.count; i++) dead_script.data[i]->refcount++;
        for (int i = 0; i < dead_script.count; i++) {
            as_object *o = dead_script.data[i];
            for (as_type *c = o->type; c; c = c->base)
                if (c->beh.destruct) vm_call_method(e, c->beh.destruct, o);
            o->gcflags |= GC_DESTRUCTED;
        }
        for (int i = 0; i < dead_script.count; i++) object_release_members(e, dead_script.data[i]);
        for (int i = 0; i < dead_native.count; i++) {
            gc_native_entry *n = &dead_native.data[i];
            native_call_obj_ptr(e, n->type->beh.releaserefs, n->obj, e);
        }
        for (int i = 0; i < dead_script.count; i++) vm_release_object(e, dead_script.data[i], dead_script.data[i]->type);
        for (int i = 0; i < dead_native.count; i++) vm_release_object(e, dead_native.data[i].obj, dead_native.data[i].type);
        destroyed = dead_script.count + dead_native.count;
        e->gc.total_detected += (uint64_t)destroyed;
        e->gc.total_destroyed += (uint64_t)destroyed;
        VEC_FREE(dead_script);
        VEC_FREE(dead_native);
    }
    /* host objects only the collector still holds are released too */
    for (int i = 0; i < e->gc.native.count;) {
        gc_native_entry n = e->gc.native.data[i];
        if (native_refcount(e, &n) == 1) {
            e->gc.native.data[i] = VEC_LAST(e->gc.native);
            e->gc.native.count--;
            vm_release_object(e, n.obj, n.type);
            e->gc.total_destroyed++;
        } else {
            i++;
        }
    }
cleanup:
    free(g.count);
    free(g.alive);
    free(g.work);
    free(g.keys);
    free(g.vals);
done:
    e->gc.collections++;
    {
        uint64_t live = (uint64_t)(e->gc.script.count + e->gc.native.count);
        e->gc.threshold = live * 2 > GC_MIN_THRESHOLD ? live * 2 : GC_MIN_THRESHOLD;
    }
    e->gc.running = false;
    return destroyed;
}

void gc_init(as_engine *e) { e->gc.threshold = GC_MIN_THRESHOLD; }

/* At engine shutdown: collect until nothing is left that only cycles keep. */
void gc_shutdown(as_engine *e)
{
    for (int round = 0; round < 16; round++)
        if (gc_collect(e) == 0) break;
    /* what is left is still referenced from the host; forget it */
    for (int i = 0; i < e->gc.script.count; i++) e->gc.script.data[i]->gcflags &= GC_DESTRUCTED;
    VEC_FREE(e->gc.script);
    VEC_FREE(e->gc.native);
}

/* ---- public API ---- */

int as_engine_garbage_collect(as_engine *e, unsigned flags, unsigned iterations)
{
    (void)iterations;
    if (!e) return AS_INVALID_ARG;
    if (flags & AS_GC_ONE_STEP) {
        /* a step collects only when enough new objects accumulated since the last cycle */
        if ((uint64_t)(e->gc.script.count + e->gc.native.count) < e->gc.threshold) return 0;
    }
    gc_collect(e);
    return 0;
}

void as_engine_gc_statistics(as_engine *e, unsigned *current_size, unsigned *total_destroyed, unsigned *total_detected,
                             unsigned *new_objects, unsigned *total_new_destroyed)
{
    if (!e) return;
    if (current_size) *current_size = (unsigned)(e->gc.script.count + e->gc.native.count);
    if (total_destroyed) *total_destroyed = (unsigned)e->gc.total_destroyed;
    if (total_detected) *total_detected = (unsigned)e->gc.total_detected;
    if (new_objects) *new_objects = (unsigned)e->gc.new_objects;
    if (total_new_destroyed) *total_new_destroyed = (unsigned)e->gc.total_destroyed;
}
