/* The cycle collector.
 *
 * Reference counting frees objects the moment their last reference goes; only objects that can
 * take part in cycles are tracked here: script objects of classes that hold handles, and host
 * objects of types registered with AS_OBJ_GC (the collector holds one reference to those, as in
 * the reference engine, and they report what they hold through their ENUMREFS behaviour).
 *
 * A collection is trial deletion over the objects tracked when it starts, done in steps between
 * which the script keeps running:
 *   COUNT     copy each object's reference count;
 *   SUBTRACT  take away the references tracked objects hold to each other;
 *   MARK      what still has references left is held from outside (stack, globals, host), and
 *             so is everything it references;
 *   SWEEP     the rest is a candidate. The script may have moved references while the steps ran,
 *             so the candidates are checked again in one go: a set whose every reference comes
 *             from inside the set is unreachable, whatever happened before. Only that is
 *             destroyed, in three steps so nothing is freed while another still points to it:
 *             run the script destructors, drop the references the objects hold, drop our hold.
 * The first three phases cost time proportional to the tracked objects but are sliced into
 * steps; the sweep costs time proportional to the garbage. A collection starts when the tracked
 * objects have grown by as many again as survived the last one, and every newly tracked object
 * pays for a few units of work, so a collection finishes before the next one is due and no
 * single allocation stalls. Objects freed by reference counting during a collection leave a hole
 * in the tracking list (indices must stay put) that is closed when it ends. */
#include "gc.h"
#include "util/mem.h"
#include "object.h"
#include "../vm/vm.h"
#include "../native/native.h"
#include <stdlib.h>
#include <string.h>

#define GC_MIN_THRESHOLD 5000u
#define GC_INDEX_MASK 0x3FFFFFFFu
#define GC_DESTRUCTED 0x80000000u   /* a script object whose destructor the collector ran */
#define GC_PLAIN 0x40000000u        /* the index is in the list of objects the collector skips */
#define GC_WORK_PER_OBJECT 16       /* units of work a newly tracked object pays while collecting */
#define GC_STEP_UNITS 4096          /* units of one host-requested step */

typedef enum { PH_COUNT, PH_SUBTRACT, PH_MARK, PH_SWEEP, PH_DONE } gc_phase;

/* visit() modes: what enumerating an object's references does to each target */
typedef enum { V_SUBTRACT, V_MARK, V_RECOUNT, V_RESCUE } gc_visit;

enum { A_UNSEEN = 0, A_ALIVE = 1, A_CANDIDATE = 2 };

typedef struct gc_pass {
    as_engine *e;
    gc_phase phase;
    int nscript, total;             /* the snapshot: script objects [0, nscript), host after */
    int cursor;                     /* next object of the current phase */
    int32_t *count;                 /* references not explained by other tracked objects */
    uint8_t *alive;                 /* A_* */
    int32_t *work;                  /* marking work list */
    int nwork;
    void **keys;                    /* host objects: open-addressed table ptr -> index */
    int32_t *vals;
    uint32_t cap;
    gc_visit mode;
    long units;                     /* work done in the current step */
} gc_pass;

static int collect_step(as_engine *e, long budget);

/* ---- tracking ---- */

static void pay_for_allocation(as_engine *e)
{
    e->gc.new_objects++;
    if (!e->props[AS_EP_AUTO_GARBAGE_COLLECT] || e->gc.running) return;
    if (e->gc.stress_every) {
        /* stress mode: whole cycles, often, wherever objects are made */
        if (++e->gc.stress_count >= e->gc.stress_every) {
            e->gc.stress_count = 0;
            gc_collect(e);
        }
        return;
    }
    if (e->gc.pass) collect_step(e, GC_WORK_PER_OBJECT);
    else if ((uint64_t)(e->gc.script.count - e->gc.holes + e->gc.native.count) >= e->gc.threshold) collect_step(e, GC_WORK_PER_OBJECT);
}

static inline void track_cyclic(as_engine *e, as_object *o)
{
    VEC_PUSH(e->gc.script, o);
    o->gcflags = (o->gcflags & GC_DESTRUCTED) | (uint32_t)e->gc.script.count;
    pay_for_allocation(e);
}

void gc_track_script(as_engine *e, as_object *o) { track_cyclic(e, o); }

/* Script objects of classes that cannot form cycles are listed too (hot reload migrates every
 * live object), in a list of their own the collector never walks: index + 1 in gcflags, with
 * GC_PLAIN set. Adding and removing are O(1) (the last entry fills the hole). */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
bool gc_track_plain(as_engine *e, as_object *o)
{
    VEC_RESERVE(e->gc.plain, e->gc.plain.count + 1);
    if (e->gc.plain.count >= e->gc.plain.cap) return false;
    VEC_PUSH(e->gc.plain, o);
    o->gcflags = (o->gcflags & GC_DESTRUCTED) | GC_PLAIN | (uint32_t)e->gc.plain.count;
    return true;
}

#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))   /* keeps gc_untrack_script small enough to inline where objects are freed */
#endif
static void untrack_plain(as_engine *e, as_object *o)
{
    uint32_t idx = (o->gcflags & GC_INDEX_MASK) - 1;
    if (idx < (uint32_t)e->gc.plain.count && e->gc.plain.data[idx] == o) {
        as_object *last = VEC_LAST(e->gc.plain);
        e->gc.plain.data[idx] = last;
        last->gcflags = (last->gcflags & GC_DESTRUCTED) | GC_PLAIN | (idx + 1);
        e->gc.plain.count--;
    }
    o->gcflags &= GC_DESTRUCTED;
}

static inline void untrack(as_engine *e, as_object *o)
{
    uint32_t idx = (o->gcflags & GC_INDEX_MASK);
    if (!idx) return;
    if (o->gcflags & GC_PLAIN) {
        untrack_plain(e, o);
        return;
    }
    idx--;
    if (idx < (uint32_t)e->gc.script.count && e->gc.script.data[idx] == o) {
        if (e->gc.pass) {
            /* indices are the collection's keys: leave a hole */
            e->gc.script.data[idx] = NULL;
            e->gc.holes++;
        } else {
            as_object *last = VEC_LAST(e->gc.script);
            e->gc.script.data[idx] = last;
            last->gcflags = (last->gcflags & GC_DESTRUCTED) | (idx + 1);
            e->gc.script.count--;
        }
    }
    o->gcflags &= GC_DESTRUCTED;
}

void gc_untrack_script(as_engine *e, as_object *o) { untrack(e, o); }

/* Out of line, for the rare callers (a reload's scratch objects, a migrated object changing
 * lists): gc_track_script and gc_untrack_script keep one caller each, so they inline there. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
void gc_untrack_any(as_engine *e, as_object *o) { untrack(e, o); }

#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
void gc_retrack(as_engine *e, as_object *o, bool cyclic)
{
    untrack(e, o);
    if (cyclic) track_cyclic(e, o);
    else gc_track_plain(e, o);
}

bool gc_was_destructed(const as_object *o) { return (o->gcflags & GC_DESTRUCTED) != 0; }
void gc_set_destructed(as_object *o) { o->gcflags |= GC_DESTRUCTED; }

int as_engine_notify_gc_new_object(as_engine *e, void *obj, as_type *type)
{
    if (!e || !obj || !type) return AS_INVALID_ARG;
    if (!type->beh.getrefcount || !type->beh.enumrefs || !type->beh.releaserefs || !type->beh.release) return AS_INVALID_TYPE;
    /* room first: without it the object is refused before a reference is taken */
    VEC_RESERVE(e->gc.native, e->gc.native.count + 1);
    if (e->gc.native.count >= e->gc.native.cap) return AS_OUT_OF_MEMORY;
    /* the collector holds a reference of its own, as in the reference engine */
    if (type->beh.addref) native_call_obj(e, type->beh.addref, obj);
    gc_native_entry n = {obj, type};
    VEC_PUSH(e->gc.native, n);
    pay_for_allocation(e);
    return AS_SUCCESS;
}

/* Closes the holes left by objects freed during a collection. */
static void compact_script_list(as_engine *e)
{
    if (!e->gc.holes) return;
    int w = 0;
    for (int i = 0; i < e->gc.script.count; i++) {
        as_object *o = e->gc.script.data[i];
        if (!o) continue;
        e->gc.script.data[w] = o;
        o->gcflags = (o->gcflags & GC_DESTRUCTED) | (uint32_t)(w + 1);
        w++;
    }
    e->gc.script.count = w;
    e->gc.holes = 0;
}

/* ---- the graph ---- */

static uint32_t ptr_hash(const void *p)
{
    uintptr_t v = (uintptr_t)p >> 3;
    v ^= v >> 17;
    v *= 0x9E3779B97F4A7C15ull;
    return (uint32_t)(v >> 29);
}

/* Index of a tracked object of the snapshot: script objects carry it, host objects are found by hash. */
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
    g->units++;
    switch (g->mode) {
    case V_SUBTRACT:
        g->count[k]--;
        break;
    case V_MARK:
        if (g->alive[k] == A_UNSEEN) {
            g->alive[k] = A_ALIVE;
            g->work[g->nwork++] = k;
        }
        break;
    case V_RECOUNT:
        if (g->alive[k] == A_CANDIDATE) g->count[k]--;
        break;
    case V_RESCUE:
        if (g->alive[k] == A_CANDIDATE) {
            g->alive[k] = A_ALIVE;
            g->work[g->nwork++] = k;
        }
        break;
    }
}

/* The pass an ENUMREFS callback reports to is the engine's (e->gc.enumerating): engines on
 * other threads collect at the same time. */
void as_gc_enum_reference(as_engine *e, void *ref, as_type *type)
{
    gc_pass *g = e ? e->gc.enumerating : NULL;
    if (!g || g->e != e || !ref) return;
    /* host types may not know the type of what they hold: find it by pointer either way */
    int k = -1;
    if (type && type->kind == TYPE_OBJECT && (type->flags & AS_OBJ_SCRIPT_OBJECT)) k = lookup(g, ref, type);
    if (k < 0) k = lookup(g, ref, NULL);
    visit(g, k);
}

/* The object at snapshot index k, or NULL if reference counting freed it meanwhile. */
static void *object_at(gc_pass *g, int k)
{
    if (k < g->nscript) return g->e->gc.script.data[k];
    return g->e->gc.native.data[k - g->nscript].obj;
}

/* Runs an ENUMREFS behaviour of obj with the pass as the one as_gc_enum_reference reports to. */
static void enum_with(gc_pass *g, as_function *f, void *obj)
{
    gc_pass *saved = g->e->gc.enumerating;
    g->e->gc.enumerating = g;
    native_call_obj_ptr(g->e, f, obj, g->e);
    g->e->gc.enumerating = saved;
}

void as_gc_forward_enum_references(as_engine *e, void *ref, as_type *type)
{
    /* only from inside a collection, for a value the calling object holds */
    gc_pass *g = e ? e->gc.enumerating : NULL;
    if (!g || g->e != e || !ref || !type || !type->beh.enumrefs) return;
    enum_with(g, type->beh.enumrefs, ref);
}

void as_gc_forward_release_references(as_engine *e, void *ref, as_type *type)
{
    if (!e || !ref || !type || !type->beh.releaserefs) return;
    native_call_obj_ptr(e, type->beh.releaserefs, ref, e);
}

/* Calls visit() for every tracked object that object k references. */
static void enum_refs(gc_pass *g, int k)
{
    g->units++;
    if (k < g->nscript) {
        as_object *o = g->e->gc.script.data[k];
        if (!o) return;
        for (as_type *c = o->type; c; c = c->base) {
            for (int i = 0; i < c->props.count; i++) {
                as_property *p = &c->props.data[i];
                as_type *pt = p->type.type;
                if (pt->kind != TYPE_OBJECT) continue;
                char *at = (char *)o + p->offset;
                if (dt_is_value_member(p)) {
                    /* a value member with GC behaviours reports what it holds */
                    if (pt->beh.enumrefs) enum_with(g, pt->beh.enumrefs, at);
                    continue;
                }
                void *ref = *(void **)at;
                if (ref) visit(g, lookup(g, ref, pt));
            }
        }
        return;
    }
    gc_native_entry *n = &g->e->gc.native.data[k - g->nscript];
    enum_with(g, n->type->beh.enumrefs, n->obj);
}

static int native_refcount(gc_native_entry *n)
{
    as_slot args[4], ret;
    memset(args, 0, sizeof args);
    as_function *f = n->type->beh.getrefcount;
    args[f->this_slot].p = n->obj;
    ret.u64 = 0;
    native_call(as_active_context(), f, args, &ret);
    return ret.i32;
}

/* References held from anywhere, minus the collector's own hold on host objects. */
static int32_t refcount_of(gc_pass *g, int k)
{
    if (k < g->nscript) return (int32_t)g->e->gc.script.data[k]->refcount;
    return native_refcount(&g->e->gc.native.data[k - g->nscript]) - 1;
}

/* ---- a collection ---- */

static void pass_free(gc_pass *g)
{
    mem_free(g->count);
    mem_free(g->alive);
    mem_free(g->work);
    mem_free(g->keys);
    mem_free(g->vals);
    mem_free(g);
}

static gc_pass *pass_start(as_engine *e)
{
    gc_pass *g = mem_calloc(1, sizeof *g);
    if (!g) return NULL;
    g->e = e;
    g->nscript = e->gc.script.count;
    g->total = g->nscript + e->gc.native.count;
    size_t n = g->total ? (size_t)g->total : 1;
    int nnative = g->total - g->nscript;
    g->cap = 1;
    while (g->cap < (uint32_t)nnative * 2 + 2) g->cap <<= 1;
    g->count = mem_alloc(sizeof(int32_t) * n);
    g->alive = mem_calloc(n, 1);
    g->work = mem_alloc(sizeof(int32_t) * n);
    g->keys = mem_calloc(g->cap, sizeof(void *));
    g->vals = mem_alloc(sizeof(int32_t) * g->cap);
    if (!g->count || !g->alive || !g->work || !g->keys || !g->vals) {
        pass_free(g);
        return NULL;
    }
    for (int i = 0; i < nnative; i++) {
        void *obj = e->gc.native.data[i].obj;
        uint32_t h = ptr_hash(obj) & (g->cap - 1);
        while (g->keys[h]) h = (h + 1) & (g->cap - 1);
        g->keys[h] = obj;
        g->vals[h] = g->nscript + i;
    }
    g->phase = PH_COUNT;
    return g;
}

/* Checks the candidates against the graph as it is now and destroys the closed part. */
static int sweep(gc_pass *g)
{
    as_engine *e = g->e;
    /* candidates: not reached by marking and still alive */
    int ncand = 0;
    for (int k = 0; k < g->total; k++) {
        if (g->alive[k] == A_UNSEEN && object_at(g, k)) {
            g->alive[k] = A_CANDIDATE;
            g->count[k] = refcount_of(g, k);
            ncand++;
        } else {
            g->alive[k] = A_ALIVE;
        }
    }
    if (!ncand) return 0;
    g->mode = V_RECOUNT;
    for (int k = 0; k < g->total; k++)
        if (g->alive[k] == A_CANDIDATE) enum_refs(g, k);
    /* a candidate referenced from outside the set rescues what it references */
    g->nwork = 0;
    for (int k = 0; k < g->total; k++) {
        if (g->alive[k] == A_CANDIDATE && g->count[k] > 0) {
            g->alive[k] = A_ALIVE;
            g->work[g->nwork++] = k;
        }
    }
    g->mode = V_RESCUE;
    while (g->nwork) enum_refs(g, g->work[--g->nwork]);

    VEC(as_object *) dead_script = {0};
    VEC(gc_native_entry) dead_native = {0};
    /* room for every candidate first: out of memory, the garbage waits for a later collection */
    VEC_RESERVE(dead_script, ncand);
    VEC_RESERVE(dead_native, ncand);
    if (dead_script.cap < ncand || dead_native.cap < ncand) {
        VEC_FREE(dead_script);
        VEC_FREE(dead_native);
        return 0;
    }
    for (int k = 0; k < g->nscript; k++)
        if (g->alive[k] == A_CANDIDATE) VEC_PUSH(dead_script, e->gc.script.data[k]);
    int nnative = g->total - g->nscript;
    for (int i = 0; i < nnative; i++)
        if (g->alive[g->nscript + i] == A_CANDIDATE) VEC_PUSH(dead_native, e->gc.native.data[i]);
    /* host objects leave the tracking list: the hold we release below was the collector's */
    if (dead_native.count) {
        int w = 0;
        for (int i = 0; i < e->gc.native.count; i++)
            if (i >= nnative || g->alive[g->nscript + i] != A_CANDIDATE) e->gc.native.data[w++] = e->gc.native.data[i];
        e->gc.native.count = w;
    }
    if (e->cycle_cb) {
        for (int i = 0; i < dead_script.count; i++) e->cycle_cb(dead_script.data[i]->type, dead_script.data[i], e->cycle_user);
        for (int i = 0; i < dead_native.count; i++) e->cycle_cb(dead_native.data[i].type, dead_native.data[i].obj, e->cycle_user);
    }
    for (int i = 0; i < dead_script.count; i++) dead_script.data[i]->refcount++;
    for (int i = 0; i < dead_script.count && !e->gc.leaking; i++) {
        as_object *o = dead_script.data[i];
        if (gc_was_destructed(o)) continue;   /* resurrected by its destructor once already */
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
    int destroyed = dead_script.count + dead_native.count;
    e->gc.total_detected += (uint64_t)destroyed;
    e->gc.total_destroyed += (uint64_t)destroyed;
    VEC_FREE(dead_script);
    VEC_FREE(dead_native);
    return destroyed;
}

/* Host objects only the collector still holds go too. */
static void release_unheld_native(as_engine *e)
{
    for (int i = 0; i < e->gc.native.count;) {
        gc_native_entry n = e->gc.native.data[i];
        if (native_refcount(&n) == 1) {
            e->gc.native.data[i] = VEC_LAST(e->gc.native);
            e->gc.native.count--;
            vm_release_object(e, n.obj, n.type);
            e->gc.total_destroyed++;
        } else {
            i++;
        }
    }
}

/* Advances the collection (starting one if none runs) by about budget units of work (< 0: to
 * the end). Returns the objects destroyed, or -1 while the collection is not finished. */
static int collect_step(as_engine *e, long budget)
{
    if (e->gc.running) return -1;
    e->gc.running = true;
    gc_pass *g = e->gc.pass;
    if (!g) {
        g = pass_start(e);
        if (!g) {
            e->gc.running = false;
            return 0;
        }
        e->gc.pass = g;
    }
    g->units = 0;
    int destroyed = -1;
    while (budget < 0 || g->units < budget) {
        if (g->phase == PH_COUNT) {
            if (g->cursor == g->total) { g->phase = PH_SUBTRACT; g->cursor = 0; continue; }
            int k = g->cursor++;
            g->count[k] = object_at(g, k) ? refcount_of(g, k) : 0;
            g->units++;
        } else if (g->phase == PH_SUBTRACT) {
            if (g->cursor == g->total) {
                /* roots: what outside references keep alive */
                g->nwork = 0;
                /* DISABLE_SCRIPT_CLASS_GC: script objects are freed by reference counting
                 * only, so the collector takes them as held from outside */
                bool script_roots = e->props[AS_EP_DISABLE_SCRIPT_CLASS_GC] && !e->gc.leaking;
                for (int k = 0; k < g->total; k++) {
                    if ((g->count[k] > 0 || (script_roots && k < g->nscript)) && object_at(g, k)) {
                        g->alive[k] = A_ALIVE;
                        g->work[g->nwork++] = k;
                    }
                }
                g->units += g->total / 8;
                g->phase = PH_MARK;
                continue;
            }
            g->mode = V_SUBTRACT;
            enum_refs(g, g->cursor++);
        } else if (g->phase == PH_MARK) {
            if (!g->nwork) { g->phase = PH_SWEEP; continue; }
            g->mode = V_MARK;
            enum_refs(g, g->work[--g->nwork]);
        } else {
            destroyed = sweep(g);
            g->phase = PH_DONE;
            break;
        }
    }
    if (g->phase == PH_DONE) {
        e->gc.pass = NULL;
        pass_free(g);
        compact_script_list(e);
        release_unheld_native(e);
        e->gc.collections++;
        uint64_t live = (uint64_t)(e->gc.script.count + e->gc.native.count);
        e->gc.threshold = live * 2 > GC_MIN_THRESHOLD ? live * 2 : GC_MIN_THRESHOLD;
    }
    e->gc.running = false;
    return destroyed;
}

int gc_collect(as_engine *e)
{
    if (e->gc.running) return 0;
    /* finish the collection in progress (it may miss what became garbage since it started),
     * then run a whole one */
    int destroyed = 0;
    if (e->gc.pass) {
        int r = collect_step(e, -1);
        if (r > 0) destroyed += r;
    }
    int r = collect_step(e, -1);
    if (r > 0) destroyed += r;
    return destroyed;
}

void gc_init(as_engine *e)
{
    e->gc.threshold = GC_MIN_THRESHOLD;
    /* ANGELC_GC_STRESS=N (read as the engine is made): a full cycle at every Nth new object */
    const char *stress = getenv("ANGELC_GC_STRESS");
    if (stress) {
        long n = strtol(stress, NULL, 10);
        e->gc.stress_every = n > 0 && n < 1000000000L ? (uint32_t)n : 0;
    }
}

/* At engine shutdown: collect until nothing is left that only cycles keep. */
void gc_shutdown(as_engine *e)
{
    /* DISABLE_SCRIPT_CLASS_GC: cycles of script objects were never collected; the reference leaks
     * them, destructors never run. Their memory is freed here with no script code running. */
    e->gc.leaking = e->props[AS_EP_DISABLE_SCRIPT_CLASS_GC] != 0;
    for (int round = 0; round < 16; round++)
        if (gc_collect(e) == 0) break;
    /* what is left is still referenced from the host; forget it */
    for (int i = 0; i < e->gc.script.count; i++)
        if (e->gc.script.data[i]) e->gc.script.data[i]->gcflags &= GC_DESTRUCTED;
    for (int i = 0; i < e->gc.plain.count; i++) e->gc.plain.data[i]->gcflags &= GC_DESTRUCTED;
    VEC_FREE(e->gc.script);
    VEC_FREE(e->gc.plain);
    VEC_FREE(e->gc.native);
}

void gc_finish_pass(as_engine *e)
{
    if (e->gc.pass && !e->gc.running) collect_step(e, -1);
}

/* ---- public API ---- */

static int garbage_collect(as_engine *e, unsigned flags, unsigned iterations);

/* Destructors run script code and host callbacks: the engine is busy meanwhile. */
int as_engine_garbage_collect(as_engine *e, unsigned flags, unsigned iterations)
{
    if (!e) return AS_INVALID_ARG;
    void *entered = engine_enter(e);
    int r = garbage_collect(e, flags, iterations);
    engine_leave(e, entered);
    return r;
}

static int garbage_collect(as_engine *e, unsigned flags, unsigned iterations)
{
    if (flags & AS_GC_ONE_STEP) {
        /* bounded work; a new collection only starts once enough objects accumulated */
        if (!e->gc.pass && (uint64_t)(e->gc.script.count + e->gc.native.count) < e->gc.threshold) return 0;
        unsigned n = iterations ? iterations : 1;
        int r = 0;
        for (unsigned i = 0; i < n; i++) {
            r = collect_step(e, GC_STEP_UNITS);
            if (r >= 0) break;
        }
        return e->gc.pass ? 1 : 0;
    }
    gc_collect(e);
    return 0;
}

int as_engine_object_in_gc(as_engine *e, unsigned index, unsigned *seq, void **obj, as_type **type)
{
    if (!e) return AS_INVALID_ARG;
    unsigned n = 0;
    for (int i = 0; i < e->gc.script.count; i++) {
        as_object *o = e->gc.script.data[i];
        if (!o || n++ != index) continue;
        if (seq) *seq = (unsigned)i;
        if (obj) *obj = o;
        if (type) *type = o->type;
        return AS_SUCCESS;
    }
    for (int i = 0; i < e->gc.native.count; i++) {
        gc_native_entry *g = &e->gc.native.data[i];
        if (!g->obj || n++ != index) continue;
        if (seq) *seq = (unsigned)(e->gc.script.count + i);
        if (obj) *obj = g->obj;
        if (type) *type = g->type;
        return AS_SUCCESS;
    }
    return AS_INVALID_ARG;
}

int as_engine_set_circular_ref_callback(as_engine *e, as_circular_ref_fn fn, void *user)
{
    if (!e) return AS_INVALID_ARG;
    e->cycle_cb = fn;
    e->cycle_user = user;
    return AS_SUCCESS;
}

void as_engine_gc_statistics(as_engine *e, unsigned *current_size, unsigned *total_destroyed, unsigned *total_detected,
                             unsigned *new_objects, unsigned *total_new_destroyed)
{
    if (!e) return;
    if (current_size) *current_size = (unsigned)(e->gc.script.count - e->gc.holes + e->gc.native.count);
    if (total_destroyed) *total_destroyed = (unsigned)e->gc.total_destroyed;
    if (total_detected) *total_detected = (unsigned)e->gc.total_detected;
    if (new_objects) *new_objects = (unsigned)e->gc.new_objects;
    if (total_new_destroyed) *total_new_destroyed = (unsigned)e->gc.total_destroyed;
}
