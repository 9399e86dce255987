/* The `array<T>` add-on: a reference type template with the script interface of the reference's
 * scriptarray add-on (AngelScript 2.35.1, default build: `length()` is a method, no STL names),
 * registered with the generic convention through the public API only.
 *
 * Storage: one buffer of elements. Primitives and enums are stored inline (1, 2, 4 or 8 bytes);
 * objects (value or reference types) and handles are stored as pointers: value-type elements are
 * heap objects from as_engine_create_object, reference-type elements and handles hold one
 * reference each. So the buffer can be moved with memcpy, and element objects keep their address
 * while the array grows.
 *
 * Behaviour follows the reference add-on, including its quirks (marked (quirk)): exceptions thrown
 * by comparison callbacks are swallowed, sortAsc/sortDesc of a range whose end wraps past 2^31
 * does nothing. */
#include "angelc.h"
#include "util/mem.h"
#include "angelc_addons.h"
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "reload_retype.h"

/* ======================================================================= the object */

typedef enum elem_kind { EK_PRIM, EK_OBJ, EK_HANDLE } elem_kind;

typedef struct as_array {
    int refcount;
    as_type *type;          /* the template instance, e.g. array<int> */
    as_engine *engine;
    int sub_id;             /* element type id (AS_TYPEID_OBJHANDLE set for handles) */
    elem_kind kind;
    uint32_t esize;         /* bytes per element in the buffer */
    uint32_t len, cap;
    unsigned char *data;
    /* While script code called by find, == or a sort runs, element objects the array lets go of
     * are kept here (the running comparison may still refer to them), released afterwards. */
    int busy;
    void **grave;
    uint32_t ngrave, capgrave;
} as_array;

static void raise(const char *msg)
{
    as_context *ctx = as_active_context();
    if (ctx) as_context_set_exception(ctx, msg, true);
}

static void oom(void) { raise("Out of memory"); }

static unsigned char *slot(const as_array *a, uint32_t i) { return a->data + (size_t)i * a->esize; }

/* What a reference to element i means to the script: the object for object elements, the slot
 * itself for primitives and handles. */
static void *elem_ref(const as_array *a, uint32_t i)
{
    unsigned char *s = slot(a, i);
    return a->kind == EK_OBJ ? *(void **)s : (void *)s;
}

static elem_kind kind_of(int sub_id)
{
    if (sub_id & AS_TYPEID_OBJHANDLE) return EK_HANDLE;
    if (sub_id & AS_TYPEID_MASK_OBJECT) return EK_OBJ;
    return EK_PRIM;
}

static uint32_t elem_size(int sub_id)
{
    if (kind_of(sub_id) != EK_PRIM) return (uint32_t)sizeof(void *);
    switch (sub_id) {
    case AS_TYPEID_BOOL: case AS_TYPEID_INT8: case AS_TYPEID_UINT8: return 1;
    case AS_TYPEID_INT16: case AS_TYPEID_UINT16: return 2;
    case AS_TYPEID_INT64: case AS_TYPEID_UINT64: case AS_TYPEID_DOUBLE: return 8;
    default: return 4;   /* int, uint, float and enums */
    }
}

/* The reference's limit: the buffer (with its 12-byte header) must fit in 32 bits. */
static bool check_max(const as_array *a, uint64_t n)
{
    uint64_t max = (0xFFFFFFFFull - 12 + 1) / a->esize;
    if (n > max) {
        raise("Too large array size");
        return false;
    }
    return true;
}

/* Makes room for at least n elements; the length is unchanged. */
static bool grow_to(as_array *a, uint32_t n)
{
    if (n <= a->cap) return true;
    uint64_t ncap = (uint64_t)a->cap * 2;
    if (ncap < n) ncap = n;
    if (ncap < 4) ncap = 4;
    uint64_t max = (0xFFFFFFFFull - 12 + 1) / a->esize;
    if (ncap > max) ncap = n;
    unsigned char *p = mem_realloc(a->data, (size_t)a->cap * a->esize, (size_t)ncap * a->esize);
    if (!p) {
        oom();
        return false;
    }
    a->data = p;
    a->cap = (uint32_t)ncap;
    return true;
}

/* An element object could not be made. For a script class that means its default constructor
 * threw (the reference accepts no array of a class without one), which the reference reports
 * like this. */
static void create_failed(const as_array *a)
{
    if (as_type_flags(as_type_subtype(a->type, 0)) & AS_OBJ_SCRIPT_OBJECT) raise("An exception occurred in a nested call");
    else oom();
}

/* Fresh elements [from, to): default objects, null handles, zero primitives. */
static bool construct(as_array *a, uint32_t from, uint32_t to)
{
    if (a->kind != EK_OBJ) {
        memset(slot(a, from), 0, (size_t)(to - from) * a->esize);
        return true;
    }
    for (uint32_t i = from; i < to; i++) {
        void *o = as_engine_create_object(a->engine, a->sub_id);
        *(void **)slot(a, i) = o;
        if (!o) {
            memset(slot(a, i), 0, (size_t)(to - i) * a->esize);
            create_failed(a);
            return false;
        }
    }
    return true;
}

static void release_elem(as_array *a, void *o)
{
    if (!o) return;
    if (a->busy) {
        if (a->ngrave == a->capgrave) {
            uint32_t ncap = a->capgrave ? a->capgrave * 2 : 8;
            void **p = mem_realloc(a->grave, a->capgrave * sizeof *p, ncap * sizeof *p);
            if (!p) return;   /* leaked rather than freed under a running comparison */
            a->grave = p;
            a->capgrave = ncap;
        }
        a->grave[a->ngrave++] = o;
        return;
    }
    as_engine_release_object(a->engine, o, a->sub_id);
}

static void destruct(as_array *a, uint32_t from, uint32_t to)
{
    if (a->kind == EK_PRIM) return;
    for (uint32_t i = from; i < to; i++) release_elem(a, *(void **)slot(a, i));
}

/* Inserts n fresh elements at `at` (clamped to the length). */
static bool insert_gap(as_array *a, uint32_t at, uint32_t n)
{
    if (n == 0) return true;
    if (!check_max(a, (uint64_t)a->len + n)) return false;
    if (at > a->len) at = a->len;
    if (!grow_to(a, a->len + n)) return false;
    memmove(slot(a, at + n), slot(a, at), (size_t)(a->len - at) * a->esize);
    if (!construct(a, at, at + n)) {
        /* the elements made before the failure go, and the gap closes again */
        destruct(a, at, at + n);
        memmove(slot(a, at), slot(a, at + n), (size_t)(a->len - at) * a->esize);
        return false;
    }
    a->len += n;
    return true;
}

/* Removes n elements at `at` (both already checked). */
static void remove_elems(as_array *a, uint32_t at, uint32_t n)
{
    if (n == 0) return;
    destruct(a, at, at + n);
    memmove(slot(a, at), slot(a, at + n), (size_t)(a->len - at - n) * a->esize);
    a->len -= n;
}

/* The reference's Resize(uint): the difference of the lengths is taken as a 32-bit int (quirk:
 * only arrays of 1-byte elements can be long enough for it to wrap). The conversion wraps on
 * every compiler angelc supports. */
static void resize(as_array *a, uint32_t n)
{
    if (!check_max(a, n)) return;
    int32_t delta = (int32_t)(n - a->len);
    if (delta > 0) {
        insert_gap(a, a->len, (uint32_t)delta);
    } else if (delta < 0) {
        uint32_t k = (uint32_t)-(int64_t)delta;
        if (k > a->len) k = a->len;
        remove_elems(a, a->len - k, k);
    }
}

/* Element i = *value (value is the address of a T: the object, the handle slot or the primitive). */
static void set_value(as_array *a, uint32_t i, const void *value)
{
    unsigned char *s = slot(a, i);
    switch (a->kind) {
    case EK_OBJ:
        if (*(void **)s && value) as_engine_assign_object(a->engine, *(void **)s, value, a->sub_id);
        break;
    case EK_HANDLE: {
        void *old = *(void **)s, *nw = value ? *(void *const *)value : NULL;
        *(void **)s = nw;
        if (nw) as_engine_addref_object(a->engine, nw, a->sub_id);
        release_elem(a, old);
        break;
    }
    case EK_PRIM:
        memcpy(s, value, a->esize);
        break;
    }
}

static as_array *array_new(as_type *t)
{
    as_array *a = mem_calloc(1, sizeof *a);
    if (!a) {
        oom();
        return NULL;
    }
    a->refcount = 1;
    a->type = t;
    a->engine = as_type_engine(t);
    a->sub_id = as_type_subtype_id(t, 0);
    a->kind = kind_of(a->sub_id);
    a->esize = elem_size(a->sub_id);
    /* never a null buffer, so element addresses and memcpy stay defined for empty arrays */
    a->data = mem_alloc(a->esize);
    if (!a->data) {
        mem_free(a);
        oom();
        return NULL;
    }
    a->cap = 1;
    as_type_addref(t);   /* the instance (array<Node@>) lives as long as its arrays */
    /* arrays whose elements may lead back to them are the collector's too (it takes a reference
     * of its own); the template callback cleared AS_OBJ_GC for those that cannot */
    if ((as_type_flags(t) & AS_OBJ_GC) && as_engine_notify_gc_new_object(a->engine, a, t) < 0) {
        mem_free(a->data);
        mem_free(a);
        as_type_release(t);
        oom();
        return NULL;
    }
    return a;
}

static void array_free(as_array *a)
{
    destruct(a, 0, a->len);
    mem_free(a->data);
    mem_free(a->grave);
    as_type *t = a->type;
    mem_free(a);
    as_type_release(t);
}

static void array_release(as_array *a)
{
    if (a && --a->refcount == 0) array_free(a);
}

/* Around script code that may change or drop the array: keeps it and its elements alive. */
static void busy_begin(as_array *a)
{
    a->refcount++;
    a->busy++;
}

static void busy_end(as_array *a)
{
    if (--a->busy == 0) {
        while (a->ngrave) as_engine_release_object(a->engine, a->grave[--a->ngrave], a->sub_id);
    }
    array_release(a);
}

/* ======================================================================= comparisons */

/* The element type's opEquals / opCmp as the reference add-on picks them: one parameter that is
 * the element type by &in reference (not a handle) or by handle, a non-reference bool / int
 * return; for handles to const only const methods with const parameters. A second match makes
 * the lookup fail with AS_MULTIPLE_FUNCTIONS. */
typedef struct cmp_methods {
    as_function *eq, *cmp;
    int eq_rc, cmp_rc;
} cmp_methods;

static bool method_is_const(as_function *f)
{
    const char *d = as_function_declaration(f, false, false, false);
    size_t n = d ? strlen(d) : 0;
    return n >= 6 && strcmp(d + n - 6, " const") == 0;
}

static void find_cmp_methods(const as_array *a, cmp_methods *m)
{
    memset(m, 0, sizeof *m);
    as_type *sub = as_type_subtype(a->type, 0);
    bool must_be_const = (a->sub_id & AS_TYPEID_HANDLETOCONST) != 0;
    const int hbits = AS_TYPEID_OBJHANDLE | AS_TYPEID_HANDLETOCONST;
    int n = sub ? as_type_method_count(sub) : 0;
    for (int i = 0; i < n; i++) {
        as_function *f = as_type_method_by_index(sub, i);
        if (!f || as_function_param_count(f) != 1) continue;
        if (must_be_const && !method_is_const(f)) continue;
        uint32_t flags = 0;
        int ret = as_function_return_type_id(f, &flags);
        if (flags != AS_TM_NONE) continue;
        const char *name = as_function_name(f);
        bool is_cmp = ret == AS_TYPEID_INT32 && strcmp(name, "opCmp") == 0;
        bool is_eq = ret == AS_TYPEID_BOOL && strcmp(name, "opEquals") == 0;
        if (!is_cmp && !is_eq) continue;
        int ptid = 0;
        flags = 0;
        as_function_param(f, 0, &ptid, &flags, NULL);
        if ((ptid & ~hbits) != (a->sub_id & ~hbits)) continue;
        if (flags & AS_TM_INREF) {
            if ((ptid & AS_TYPEID_OBJHANDLE) || (must_be_const && !(flags & AS_TM_CONST))) continue;
        } else if (ptid & AS_TYPEID_OBJHANDLE) {
            if (must_be_const && !(ptid & AS_TYPEID_HANDLETOCONST)) continue;
        } else {
            continue;
        }
        as_function **slotp = is_cmp ? &m->cmp : &m->eq;
        int *rc = is_cmp ? &m->cmp_rc : &m->eq_rc;
        if (*slotp || *rc) {
            *slotp = NULL;
            *rc = AS_MULTIPLE_FUNCTIONS;
        } else {
            *slotp = f;
        }
    }
    if (!m->eq && !m->eq_rc) m->eq_rc = AS_NO_FUNCTION;
    if (!m->cmp && !m->cmp_rc) m->cmp_rc = AS_NO_FUNCTION;
}

/* One comparison operation (find, sort, ==): the methods and, from the first call of script
 * code, a context: the calling script's own, its state pushed (as the reference does), so the
 * caller's budget, line callback and abort reach the comparisons; else one requested from the
 * engine. */
typedef struct cmp_env {
    const as_array *a;
    cmp_methods m;
    as_context *ctx;
    bool nested;             /* ctx is the caller's, with its state pushed */
    as_function *callback;   /* sort(less) */
    bool asc;
    /* a sort notices when script code it calls resizes the array, and then stops calling */
    const unsigned char *data0;
    uint32_t len0;
    bool changed;
} cmp_env;

static void env_check(cmp_env *env)
{
    if (env->data0 && (env->a->data != env->data0 || env->a->len != env->len0)) env->changed = true;
}

static as_context *env_ctx(cmp_env *env)
{
    if (env->ctx) return env->ctx;
    as_context *active = as_active_context();
    if (active && as_context_engine(active) == env->a->engine && as_context_push_state(active) >= 0) {
        env->ctx = active;
        env->nested = true;
    } else {
        env->ctx = as_engine_request_context(env->a->engine);
    }
    return env->ctx;
}

static void env_done(cmp_env *env)
{
    if (!env->ctx) return;
    if (env->nested) {
        /* an abort in a comparison aborts the caller */
        bool aborted = as_context_state(env->ctx) == AS_EXECUTION_ABORTED;
        as_context_pop_state(env->ctx);
        if (aborted) as_context_abort(env->ctx);
    } else {
        as_engine_return_context(env->a->engine, env->ctx);
    }
    env->ctx = NULL;
    env->nested = false;
}

/* After a call of script code: an abort (or a suspension, which a nested call cannot have)
 * stops the operation: no more script code runs for it. */
static void env_after_call(cmp_env *env, int r)
{
    if (r == AS_EXECUTION_ABORTED || r == AS_EXECUTION_SUSPENDED) env->changed = true;
}

/* Calls method f on obj with the argument arg; false if it did not finish (an exception in the
 * comparison is not passed on, as in the reference). */
static bool call_method(cmp_env *env, as_function *f, void *obj, void *arg)
{
    as_context *ctx = env_ctx(env);
    if (env->changed || !ctx || as_context_prepare(ctx, f) < 0) return false;
    as_context_set_object(ctx, obj);
    as_context_set_arg_address(ctx, 0, arg);
    int r = as_context_execute(ctx);
    env_after_call(env, r);
    return r == AS_EXECUTION_FINISHED;
}

/* Primitive comparisons, by the element type as the reference does them: everything that is not
 * one of the listed types (enums) compares as a 32-bit signed int. (2.35.1 compared int64/uint64
 * by their low 32 bits too; 2.38 compares them whole.) */
static int32_t low_int32(const unsigned char *p, uint32_t size)
{
    if (size == 8) {
        uint64_t v;
        memcpy(&v, p, 8);
        return (int32_t)(uint32_t)(v & 0xFFFFFFFFu);
    }
    int32_t v;
    memcpy(&v, p, 4);
    return v;
}

#define PRIM_CASES(OP) \
    switch (sub_id) { \
    case AS_TYPEID_BOOL: return (*(const uint8_t *)x != 0) OP (*(const uint8_t *)y != 0); \
    case AS_TYPEID_INT8: return *(const int8_t *)x OP *(const int8_t *)y; \
    case AS_TYPEID_UINT8: return *(const uint8_t *)x OP *(const uint8_t *)y; \
    case AS_TYPEID_INT16: { int16_t p, q; memcpy(&p, x, 2); memcpy(&q, y, 2); return p OP q; } \
    case AS_TYPEID_UINT16: { uint16_t p, q; memcpy(&p, x, 2); memcpy(&q, y, 2); return p OP q; } \
    case AS_TYPEID_INT32: { int32_t p, q; memcpy(&p, x, 4); memcpy(&q, y, 4); return p OP q; } \
    case AS_TYPEID_UINT32: { uint32_t p, q; memcpy(&p, x, 4); memcpy(&q, y, 4); return p OP q; } \
    case AS_TYPEID_INT64: { int64_t p, q; memcpy(&p, x, 8); memcpy(&q, y, 8); return p OP q; } \
    case AS_TYPEID_UINT64: { uint64_t p, q; memcpy(&p, x, 8); memcpy(&q, y, 8); return p OP q; } \
    case AS_TYPEID_FLOAT: { float p, q; memcpy(&p, x, 4); memcpy(&q, y, 4); return p OP q; } \
    case AS_TYPEID_DOUBLE: { double p, q; memcpy(&p, x, 8); memcpy(&q, y, 8); return p OP q; } \
    default: return low_int32(x, size) OP low_int32(y, size); \
    }

static bool prim_less(int sub_id, uint32_t size, const unsigned char *x, const unsigned char *y) { PRIM_CASES(<) }
static bool prim_equal(int sub_id, uint32_t size, const unsigned char *x, const unsigned char *y) { PRIM_CASES(==) }
#undef PRIM_CASES

/* x == y for elements given as references (element slots or a script value). */
static bool equals(cmp_env *env, const void *x, const void *y)
{
    const as_array *a = env->a;
    if (a->kind == EK_PRIM) return prim_equal(a->sub_id, a->esize, x, y);
    void *ox = (void *)x, *oy = (void *)y;
    if (a->kind == EK_HANDLE) {
        ox = x ? *(void *const *)x : NULL;
        oy = y ? *(void *const *)y : NULL;
        if (ox == oy) return true;   /* also two null handles */
    }
    /* the reference would call the method on a null object and fail: not equal */
    if (!ox || !oy) return false;
    if (env->m.eq) {
        if (!call_method(env, env->m.eq, ox, oy)) return false;
        return as_context_return_byte(env->ctx) != 0;
    }
    if (env->m.cmp) {
        if (!call_method(env, env->m.cmp, ox, oy)) return false;
        return (int32_t)as_context_return_dword(env->ctx) == 0;
    }
    return false;
}

/* ======================================================================= sorting */

/* The reference sorts in three ways, and for equal elements (or a callback that is not a strict
 * weak ordering) only the same algorithm gives the same order, so each is reproduced:
 *  - primitives (sortAsc/sortDesc): an insertion sort, stable;
 *  - objects and handles (sortAsc/sortDesc): std::sort with opCmp, as libstdc++ implements it
 *    (introsort, not stable); reproduced exactly, with the same sequence of opCmp calls;
 *  - sort(less): an exchange sort (for each position, every later element that is less is
 *    swapped in), not stable, O(n^2) calls.
 * The O(n^2) ones switch to a stable merge sort for long ranges: the same result whenever no two
 * elements compare equal. */

/* less(x, y) on two element slots. */
typedef bool (*less_fn)(cmp_env *env, const unsigned char *x, const unsigned char *y);

static bool less_prim(cmp_env *env, const unsigned char *x, const unsigned char *y)
{
    const as_array *a = env->a;
    return env->asc ? prim_less(a->sub_id, a->esize, x, y) : prim_less(a->sub_id, a->esize, y, x);
}

/* Objects by opCmp (x, y are the object pointers); null handles sort first. */
static bool less_obj_ptr(cmp_env *env, void *ox, void *oy)
{
    if (env->changed) return false;
    if (!env->asc) {
        void *t = ox;
        ox = oy;
        oy = t;
    }
    if (!ox) return true;
    if (!oy) return false;
    bool ok = call_method(env, env->m.cmp, ox, oy);
    env_check(env);
    return ok && (int32_t)as_context_return_dword(env->ctx) < 0;
}

/* The script's less(a, b) on references to the elements; *failed when it did not finish. */
static bool less_callback(cmp_env *env, const unsigned char *x, const unsigned char *y, bool *failed)
{
    const as_array *a = env->a;
    void *rx = a->kind == EK_OBJ ? *(void *const *)x : (void *)x;
    void *ry = a->kind == EK_OBJ ? *(void *const *)y : (void *)y;
    as_context *ctx = env_ctx(env);
    *failed = true;
    if (env->changed || !ctx || as_context_prepare(ctx, env->callback) < 0) return false;
    as_context_set_arg_address(ctx, 0, rx);
    as_context_set_arg_address(ctx, 1, ry);
    int r = as_context_execute(ctx);
    env_after_call(env, r);
    env_check(env);
    if (r != AS_EXECUTION_FINISHED || env->changed) return false;
    *failed = false;
    return as_context_return_byte(ctx) != 0;
}

static bool less_callback_plain(cmp_env *env, const unsigned char *x, const unsigned char *y)
{
    bool failed;
    return less_callback(env, x, y, &failed);
}

/* Each element moves left past the elements it is less than. */
static void insertion_sort(cmp_env *env, less_fn less, unsigned char *base, size_t n, size_t es)
{
    unsigned char tmp[16];
    for (size_t i = 1; i < n; i++) {
        memcpy(tmp, base + i * es, es);
        size_t j = i;
        while (j > 0 && less(env, tmp, base + (j - 1) * es)) {
            memcpy(base + j * es, base + (j - 1) * es, es);
            j--;
        }
        memcpy(base + j * es, tmp, es);
    }
}

/* Stable; tmp holds n/2 elements. */
static void merge_sort(cmp_env *env, less_fn less, unsigned char *base, size_t n, size_t es, unsigned char *tmp)
{
    if (n <= 16) {
        insertion_sort(env, less, base, n, es);
        return;
    }
    size_t h = n / 2;
    merge_sort(env, less, base, h, es, tmp);
    merge_sort(env, less, base + h * es, n - h, es, tmp);
    if (!less(env, base + h * es, base + (h - 1) * es)) return;   /* already in order */
    memcpy(tmp, base, h * es);
    size_t i = 0, j = h, k = 0;
    while (i < h && j < n) {
        if (less(env, base + j * es, tmp + i * es)) memcpy(base + k++ * es, base + j++ * es, es);
        else memcpy(base + k++ * es, tmp + i++ * es, es);
    }
    memcpy(base + k * es, tmp + i * es, (h - i) * es);
}

static bool stable_sort(cmp_env *env, less_fn less, unsigned char *base, size_t n, size_t es)
{
    unsigned char *tmp = mem_alloc((n / 2) * es + 1);
    if (!tmp) {
        oom();
        return false;
    }
    merge_sort(env, less, base, n, es, tmp);
    mem_free(tmp);
    return true;
}

/* ---- std::sort of libstdc++, on the element pointers. The unguarded loops of the original are
 * bounded here, which changes nothing for a consistent opCmp and avoids running off the range
 * when the order is inconsistent (e.g. several null handles, which all sort "first"). */

#define SLESS(x, y) less_obj_ptr(env, (x), (y))

static void ptr_swap(void **a, void **b)
{
    void *t = *a;
    *a = *b;
    *b = t;
}

static void std_unguarded_linear_insert(cmp_env *env, void **first, void **last)
{
    void *val = *last;
    void **next = last - 1;
    while (last > first && SLESS(val, *next)) {
        *last = *next;
        last = next;
        --next;
    }
    *last = val;
}

static void std_insertion_sort(cmp_env *env, void **first, void **last)
{
    if (first == last) return;
    for (void **i = first + 1; i != last; ++i) {
        if (SLESS(*i, *first)) {
            void *val = *i;
            memmove(first + 1, first, (size_t)(i - first) * sizeof *first);
            *first = val;
        } else {
            std_unguarded_linear_insert(env, first, i);
        }
    }
}

static void std_adjust_heap(cmp_env *env, void **first, ptrdiff_t hole, ptrdiff_t len, void *value)
{
    ptrdiff_t top = hole, child = hole;
    while (child < (len - 1) / 2) {
        child = 2 * (child + 1);
        if (SLESS(first[child], first[child - 1])) child--;
        first[hole] = first[child];
        hole = child;
    }
    if ((len & 1) == 0 && child == (len - 2) / 2) {
        child = 2 * (child + 1);
        first[hole] = first[child - 1];
        hole = child - 1;
    }
    ptrdiff_t parent = (hole - 1) / 2;
    while (hole > top && SLESS(first[parent], value)) {
        first[hole] = first[parent];
        hole = parent;
        parent = (hole - 1) / 2;
    }
    first[hole] = value;
}

static void std_heap_sort(cmp_env *env, void **first, void **last)
{
    ptrdiff_t len = last - first;
    if (len >= 2) {
        for (ptrdiff_t parent = (len - 2) / 2;; parent--) {
            std_adjust_heap(env, first, parent, len, first[parent]);
            if (parent == 0) break;
        }
    }
    while (last - first > 1) {
        --last;
        void *value = *last;
        *last = *first;
        std_adjust_heap(env, first, 0, last - first, value);
    }
}

static void std_move_median_to_first(cmp_env *env, void **result, void **a, void **b, void **c)
{
    if (SLESS(*a, *b)) {
        if (SLESS(*b, *c)) ptr_swap(result, b);
        else if (SLESS(*a, *c)) ptr_swap(result, c);
        else ptr_swap(result, a);
    } else if (SLESS(*a, *c)) {
        ptr_swap(result, a);
    } else if (SLESS(*b, *c)) {
        ptr_swap(result, c);
    } else {
        ptr_swap(result, b);
    }
}

static void **std_unguarded_partition(cmp_env *env, void **first, void **last, void **pivot)
{
    void **hi = last - 1;
    for (;;) {
        while (SLESS(*first, *pivot) && first < hi) ++first;
        --last;
        while (SLESS(*pivot, *last) && last > pivot) --last;
        if (!(first < last)) return first;
        ptr_swap(first, last);
        ++first;
    }
}

static void std_introsort_loop(cmp_env *env, void **first, void **last, int depth)
{
    while (last - first > 16) {
        if (depth == 0) {
            std_heap_sort(env, first, last);
            return;
        }
        --depth;
        void **mid = first + (last - first) / 2;
        std_move_median_to_first(env, first, first + 1, mid, last - 1);
        void **cut = std_unguarded_partition(env, first + 1, last, first);
        std_introsort_loop(env, cut, last, depth);
        last = cut;
    }
}

static void std_sort(cmp_env *env, void **first, void **last)
{
    size_t n = (size_t)(last - first);
    if (n < 2) return;
    int lg = 0;
    while ((n >> (lg + 1)) != 0) lg++;
    std_introsort_loop(env, first, last, 2 * lg);
    if (n > 16) {
        std_insertion_sort(env, first, first + 16);
        for (void **i = first + 16; i != last; ++i) std_unguarded_linear_insert(env, first, i);
    } else {
        std_insertion_sort(env, first, last);
    }
}
#undef SLESS

/* sort(less): for each position, every later element that is less than the one there is swapped
 * in. A callback that does not finish ends the pass for that position. */
static void exchange_sort(cmp_env *env, unsigned char *base, size_t n, size_t es)
{
    unsigned char tmp[16];
    for (size_t i = 0; i < n; i++) {
        for (size_t j = i + 1; j < n; j++) {
            bool failed;
            bool lt = less_callback(env, base + j * es, base + i * es, &failed);
            if (failed) break;
            if (lt) {
                memcpy(tmp, base + i * es, es);
                memcpy(base + i * es, base + j * es, es);
                memcpy(base + j * es, tmp, es);
            }
        }
    }
}

static bool has_nan(const as_array *a, uint32_t from, uint32_t to)
{
    for (uint32_t i = from; i < to; i++) {
        if (a->sub_id == AS_TYPEID_FLOAT) {
            float v;
            memcpy(&v, slot(a, i), 4);
            if (v != v) return true;
        } else if (a->sub_id == AS_TYPEID_DOUBLE) {
            double v;
            memcpy(&v, slot(a, i), 8);
            if (v != v) return true;
        }
    }
    return false;
}

/* The longest range sort(less) sorts with the reference's O(n^2) algorithm. */
#define EXCHANGE_SORT_MAX 1024

/* Sorts elements [from, to) of a the way its kind needs. While script code runs (opCmp, the
 * callback) the elements are sorted in a copy, which is written back only if that code left the
 * buffer alone: a script that resizes the array during its sort cannot make us write into freed
 * memory. The array itself is kept alive meanwhile. */
static void sort_range(cmp_env *env, as_array *a, uint32_t from, uint32_t to)
{
    size_t n = to - from, es = a->esize;
    if (n < 2) return;
    if (env->callback || a->kind != EK_PRIM) {
        unsigned char *work = mem_alloc(n * es);
        if (!work) {
            oom();
            return;
        }
        memcpy(work, slot(a, from), n * es);
        busy_begin(a);
        env->data0 = a->data;
        env->len0 = a->len;
        if (!env->callback) std_sort(env, (void **)(void *)work, (void **)(void *)work + n);
        else if (n <= EXCHANGE_SORT_MAX) exchange_sort(env, work, n, es);
        else stable_sort(env, less_callback_plain, work, n, es);
        env_check(env);
        if (!env->changed) memcpy(slot(a, from), work, n * es);
        mem_free(work);
        busy_end(a);
        return;
    }
    unsigned char *base = slot(a, from);
    if (n <= 16 || has_nan(a, from, to)) {
        /* NaNs are not ordered: only the reference's algorithm gives its result */
        insertion_sort(env, less_prim, base, n, es);
    } else {
        stable_sort(env, less_prim, base, n, es);
    }
}

static void no_cmp_exception(const as_array *a, const cmp_methods *m, bool for_find)
{
    char msg[512];
    as_type *sub = as_type_subtype(a->type, 0);
    const char *name = sub ? as_type_name(sub) : "?";
    if (for_find) {
        if (m->eq_rc == AS_MULTIPLE_FUNCTIONS)
            snprintf(msg, sizeof msg, "Type '%s' has multiple matching opEquals or opCmp methods", name);
        else
            snprintf(msg, sizeof msg, "Type '%s' does not have a matching opEquals or opCmp method", name);
    } else {
        if (m->cmp_rc == AS_MULTIPLE_FUNCTIONS)
            snprintf(msg, sizeof msg, "Type '%s' has multiple matching opCmp methods", name);
        else
            snprintf(msg, sizeof msg, "Type '%s' does not have a matching opCmp method", name);
    }
    raise(msg);
}

/* sortAsc / sortDesc: the reference's checks in its order; the range end is computed in int. */
static void sort_builtin(as_array *a, uint32_t start_at, uint32_t count, bool asc)
{
    cmp_env env;
    memset(&env, 0, sizeof env);
    env.a = a;
    env.asc = asc;
    if (a->kind != EK_PRIM) {
        find_cmp_methods(a, &env.m);
        if (!env.m.cmp) {
            no_cmp_exception(a, &env.m, false);
            return;
        }
    }
    if (count < 2) return;
    int32_t start = (int32_t)start_at, end = (int32_t)(start_at + count);
    if (start < 0 || start >= (int32_t)a->len || end > (int32_t)a->len) {
        raise("Index out of bounds");
        return;
    }
    if (end <= start) return;   /* (quirk) the end wrapped: the reference sorts nothing */
    sort_range(&env, a, (uint32_t)start, (uint32_t)end);
    env_done(&env);
}

/* ======================================================================= behaviours */

static as_array *self(as_generic *g) { return as_generic_object(g); }
static as_type *hidden_type(as_generic *g) { return as_generic_arg_address(g, 0); }

static void ret_array(as_generic *g, as_array *a) { as_generic_set_return_address(g, a); }

static as_array *create_len(as_type *t, uint32_t n)
{
    as_array *a = array_new(t);
    if (!a) return NULL;
    if (!check_max(a, n) || !grow_to(a, n) || !construct(a, 0, n)) {
        if (a->cap >= n) a->len = n;   /* the elements made before a failure (the rest are null) */
        array_release(a);   /* the collector may hold it too */
        return NULL;
    }
    a->len = n;
    return a;
}

static void f_factory(as_generic *g) { ret_array(g, create_len(hidden_type(g), 0)); }
static void f_factory_len(as_generic *g) { ret_array(g, create_len(hidden_type(g), as_generic_arg_dword(g, 1))); }

static void f_factory_value(as_generic *g)
{
    as_array *a = create_len(hidden_type(g), as_generic_arg_dword(g, 1));
    void *value = as_generic_arg_address(g, 2);
    if (a)
        for (uint32_t i = 0; i < a->len; i++) set_value(a, i, value);
    ret_array(g, a);
}

/* {repeat T}: a uint32 count, then the elements from offset 4 (the reference's packing: 1- and
 * 2-byte primitives packed, wider ones 4-aligned, so an 8-byte element may sit at a 4-byte
 * boundary); objects and handles as pointers. The array adds references of its own and leaves the
 * buffer's to the caller, which releases them. */
static void f_list_factory(as_generic *g)
{
    as_array *a = array_new(hidden_type(g));
    if (!a) {
        ret_array(g, NULL);
        return;
    }
    const unsigned char *buf = as_generic_arg_address(g, 1);
    uint32_t n;
    memcpy(&n, buf, 4);
    if (!check_max(a, n) || !grow_to(a, n)) {
        array_release(a);   /* the collector may hold it too */
        ret_array(g, NULL);
        return;
    }
    const unsigned char *src = buf + 4;
    if (a->kind == EK_PRIM) {
        memcpy(a->data, src, (size_t)n * a->esize);
        a->len = n;
    } else {
        uint32_t flags = as_type_flags(as_type_subtype(a->type, 0));
        for (uint32_t i = 0; i < n; i++) {
            void *v;
            memcpy(&v, src + (size_t)i * sizeof v, sizeof v);
            void *o = NULL;
            if (a->kind == EK_HANDLE || (flags & AS_OBJ_REF)) {
                if (v) as_engine_addref_object(a->engine, v, a->sub_id);
                o = v;
                if (!o && a->kind == EK_OBJ) o = as_engine_create_object(a->engine, a->sub_id);
            } else {
                o = v ? as_engine_create_object_copy(a->engine, v, a->sub_id) : as_engine_create_object(a->engine, a->sub_id);
            }
            *(void **)slot(a, i) = o;
            a->len = i + 1;
            if (!o && a->kind == EK_OBJ) {
                create_failed(a);
                array_release(a);   /* the collector may hold it too */
                ret_array(g, NULL);
                return;
            }
        }
    }
    ret_array(g, a);
}

static void f_addref(as_generic *g) { self(g)->refcount++; }
static void f_release(as_generic *g) { array_release(self(g)); }

/* ---- garbage collector behaviours ---- */

static void f_get_refcount(as_generic *g) { as_generic_set_return_dword(g, (uint32_t)self(g)->refcount); }

static void f_enum_refs(as_generic *g)
{
    as_array *a = self(g);
    if (a->kind == EK_PRIM) return;
    as_type *sub = as_type_subtype(a->type, 0);
    /* value elements with GC behaviours say for themselves what they hold */
    bool forward = a->kind == EK_OBJ && (as_type_flags(sub) & (AS_OBJ_VALUE | AS_OBJ_GC)) == (AS_OBJ_VALUE | AS_OBJ_GC);
    for (uint32_t i = 0; i < a->len; i++) {
        void *p = *(void **)slot(a, i);
        if (!p) continue;
        if (forward) as_gc_forward_enum_references(a->engine, p, sub);
        else as_gc_enum_reference(a->engine, p, sub);
    }
}

static void f_release_refs(as_generic *g)
{
    /* breaking a cycle: let go of every element */
    as_array *a = self(g);
    destruct(a, 0, a->len);
    a->len = 0;
}

/* Accepts subtypes whose elements can be made: not void; value types need a default
 * constructor, reference types (not handles) a default factory. Also says whether the instance
 * can take part in reference cycles, as the reference does.
 *
 * The public API has no way to list a type's constructors, so registered types are probed by
 * making one object and releasing it; script classes (not yet compiled here) are accepted. */
static bool can_make_default(as_engine *e, int tid, uint32_t flags)
{
    if (flags & (AS_OBJ_SCRIPT_OBJECT | AS_OBJ_TEMPLATE_SUBTYPE)) return true;
    void *o = as_engine_create_object(e, tid);
    if (!o) return false;
    as_engine_release_object(e, o, tid);
    return true;
}

static void f_template_callback(as_generic *g)
{
    as_type *t = as_generic_arg_address(g, 0);
    bool *dont_gc = as_generic_arg_address(g, 1);
    as_engine *e = as_type_engine(t);
    int tid = as_type_subtype_id(t, 0);
    bool ok = true, no_gc = false;
    if (tid == AS_TYPEID_VOID) {
        ok = false;
    } else if ((tid & AS_TYPEID_MASK_OBJECT) && !(tid & AS_TYPEID_OBJHANDLE)) {
        as_type *sub = as_type_subtype(t, 0);
        uint32_t flags = as_type_flags(sub);
        bool script_default = true;
        if (flags & AS_OBJ_SCRIPT_OBJECT) {
            /* a script class needs a constructor without arguments (2.38 checks) */
            script_default = false;
            for (int i = 0; i < as_type_factory_count(sub) && !script_default; i++)
                script_default = as_function_param_count(as_type_factory_by_index(sub, i)) == 0;
        }
        if ((flags & AS_OBJ_FUNCDEF) || !script_default) {
            char msg[300];
            snprintf(msg, sizeof msg, "The subtype '%s' has no default factory", as_type_name(sub));
            as_engine_write_message(e, "array", 0, 0, AS_MSG_ERROR, msg);
            ok = false;
        } else if ((flags & AS_OBJ_VALUE) && !(flags & AS_OBJ_POD)) {
            if (!can_make_default(e, tid, flags)) {
                as_engine_write_message(e, "array", 0, 0, AS_MSG_ERROR, "The subtype has no default constructor");
                ok = false;
            }
        } else if (flags & AS_OBJ_REF) {
            bool found = !as_engine_get_property(e, AS_EP_DISALLOW_VALUE_ASSIGN_FOR_REF_TYPE) && can_make_default(e, tid, flags);
            if (!found) {
                as_engine_write_message(e, "array", 0, 0, AS_MSG_ERROR, "The subtype has no default factory");
                ok = false;
            }
        }
        if (!(flags & AS_OBJ_GC)) no_gc = true;
    } else if (!(tid & AS_TYPEID_OBJHANDLE)) {
        no_gc = true;   /* primitives cannot form cycles */
    } else {
        uint32_t flags = as_type_flags(as_type_subtype(t, 0));
        /* a handle to a non-GC type cannot form cycles, except for script classes that may be
         * derived from (by a class that is garbage collected) */
        if (!(flags & AS_OBJ_GC) && (!(flags & AS_OBJ_SCRIPT_OBJECT) || (flags & AS_OBJ_NOINHERIT))) no_gc = true;
    }
    if (dont_gc) *dont_gc = no_gc;
    as_generic_set_return_byte(g, ok);
}

/* ======================================================================= methods */

static void m_index(as_generic *g)
{
    as_array *a = self(g);
    uint32_t i = as_generic_arg_dword(g, 0);
    if (i >= a->len) {
        raise("Index out of bounds");
        as_generic_set_return_address(g, NULL);
        return;
    }
    as_generic_set_return_address(g, elem_ref(a, i));
}

static void copy_from(as_array *a, const as_array *o)
{
    if (o == a || !o || o->type != a->type) return;
    resize(a, o->len);
    uint32_t n = a->len < o->len ? a->len : o->len;
    for (uint32_t i = 0; i < n; i++) set_value(a, i, elem_ref(o, i));
}

static void m_assign(as_generic *g)
{
    as_array *a = self(g);
    copy_from(a, as_generic_arg_object(g, 0));
    as_generic_set_return_address(g, a);
}

/* Inserting a copy of *value; primitives and handles are read first, since value may point into
 * the buffer that is about to move. */
static void insert_value(as_array *a, uint32_t at, const void *value)
{
    if (at > a->len) {
        raise("Index out of bounds");
        return;
    }
    unsigned char tmp[16];
    if (a->kind != EK_OBJ && value) {
        memcpy(tmp, value, a->esize);
        value = tmp;
    }
    if (!insert_gap(a, at, 1)) return;
    set_value(a, at, value);
}

static void m_insert_at(as_generic *g)
{
    insert_value(self(g), as_generic_arg_dword(g, 0), as_generic_arg_address(g, 1));
}

static void m_insert_last(as_generic *g)
{
    as_array *a = self(g);
    insert_value(a, a->len, as_generic_arg_address(g, 0));
}

static void m_insert_array(as_generic *g)
{
    as_array *a = self(g);
    uint32_t at = as_generic_arg_dword(g, 0);
    const as_array *o = as_generic_arg_object(g, 1);
    if (at > a->len) {
        raise("Index out of bounds");
        return;
    }
    if (!o || o->type != a->type) {
        raise("Mismatching array types");
        return;
    }
    uint32_t n = o->len;
    if (!insert_gap(a, at, n)) return;
    if (o != a) {
        for (uint32_t i = 0; i < n; i++) set_value(a, at + i, elem_ref(o, i));
    } else {
        /* inserting the array into itself: the old elements are now before and after the gap */
        for (uint32_t i = 0; i < at; i++) set_value(a, at + i, elem_ref(a, i));
        for (uint32_t i = at + n, m = 0; i < a->len; i++, m++) set_value(a, at + at + m, elem_ref(a, i));
    }
}

static void m_remove_at(as_generic *g)
{
    as_array *a = self(g);
    uint32_t i = as_generic_arg_dword(g, 0);
    if (i >= a->len) {
        raise("Index out of bounds");
        return;
    }
    remove_elems(a, i, 1);
}

static void m_remove_last(as_generic *g)
{
    as_array *a = self(g);
    if (a->len == 0) {
        raise("Index out of bounds");
        return;
    }
    remove_elems(a, a->len - 1, 1);
}

static void m_remove_range(as_generic *g)
{
    as_array *a = self(g);
    uint32_t start = as_generic_arg_dword(g, 0), count = as_generic_arg_dword(g, 1);
    if (count == 0) return;
    if (start > a->len) {
        raise("Index out of bounds");
        return;
    }
    if ((uint64_t)start + count > a->len) count = a->len - start;
    remove_elems(a, start, count);
}

static void m_length(as_generic *g) { as_generic_set_return_dword(g, self(g)->len); }

/* foreach (2.38): the iterator is the index; opForValue0 is the element, opForValue1 the index */
static void m_for_begin(as_generic *g) { as_generic_set_return_dword(g, 0); }
static void m_for_end(as_generic *g) { as_generic_set_return_byte(g, as_generic_arg_dword(g, 0) >= self(g)->len); }
static void m_for_next(as_generic *g) { as_generic_set_return_dword(g, as_generic_arg_dword(g, 0) + 1); }
static void m_for_index(as_generic *g) { as_generic_set_return_dword(g, as_generic_arg_dword(g, 0)); }
static void m_is_empty(as_generic *g) { as_generic_set_return_byte(g, self(g)->len == 0); }

static void m_reserve(as_generic *g)
{
    as_array *a = self(g);
    uint32_t n = as_generic_arg_dword(g, 0);
    if (n <= a->cap || !check_max(a, n)) return;
    unsigned char *p = mem_realloc(a->data, (size_t)a->cap * a->esize, (size_t)n * a->esize);
    if (!p) {
        oom();
        return;
    }
    a->data = p;
    a->cap = n;
}

static void m_resize(as_generic *g) { resize(self(g), as_generic_arg_dword(g, 0)); }

static void m_sort_asc(as_generic *g) { sort_builtin(self(g), 0, self(g)->len, true); }
static void m_sort_desc(as_generic *g) { sort_builtin(self(g), 0, self(g)->len, false); }
static void m_sort_asc_range(as_generic *g) { sort_builtin(self(g), as_generic_arg_dword(g, 0), as_generic_arg_dword(g, 1), true); }
static void m_sort_desc_range(as_generic *g) { sort_builtin(self(g), as_generic_arg_dword(g, 0), as_generic_arg_dword(g, 1), false); }

static void m_sort_callback(as_generic *g)
{
    as_array *a = self(g);
    as_function *less = as_generic_arg_address(g, 0);
    uint32_t start = as_generic_arg_dword(g, 1), count = as_generic_arg_dword(g, 2);
    if (count < 2) return;
    uint64_t end = (uint64_t)start + count;
    if (end > a->len) end = a->len;
    if (start >= a->len) {
        raise("Index out of bounds");
        return;
    }
    if (!less) return;
    cmp_env env;
    memset(&env, 0, sizeof env);
    env.a = a;
    env.callback = less;
    sort_range(&env, a, start, (uint32_t)end);
    env_done(&env);
}

static void m_reverse(as_generic *g)
{
    as_array *a = self(g);
    unsigned char tmp[16];
    size_t es = a->esize;
    for (uint32_t i = 0, j = a->len; i + 1 < j; i++, j--) {
        memcpy(tmp, slot(a, i), es);
        memcpy(slot(a, i), slot(a, j - 1), es);
        memcpy(slot(a, j - 1), tmp, es);
    }
}

static int find_from(as_array *a, uint32_t start, const void *value)
{
    cmp_env env;
    memset(&env, 0, sizeof env);
    env.a = a;
    if (a->kind != EK_PRIM) {
        find_cmp_methods(a, &env.m);
        if (!env.m.eq && !env.m.cmp) {
            no_cmp_exception(a, &env.m, true);
            return -1;
        }
    }
    int r = -1;
    busy_begin(a);   /* opEquals may change the array or drop the script's last reference */
    for (uint32_t i = start; i < a->len; i++) {
        if (equals(&env, elem_ref(a, i), value)) {
            r = (int)i;
            break;
        }
    }
    env_done(&env);
    busy_end(a);
    return r;
}

static void m_find(as_generic *g) { as_generic_set_return_dword(g, (uint32_t)find_from(self(g), 0, as_generic_arg_address(g, 0))); }
static void m_find_from(as_generic *g)
{
    as_generic_set_return_dword(g, (uint32_t)find_from(self(g), as_generic_arg_dword(g, 0), as_generic_arg_address(g, 1)));
}

static int find_by_ref(const as_array *a, uint32_t start, const void *ref)
{
    if (a->kind == EK_HANDLE) {
        void *p = ref ? *(void *const *)ref : NULL;
        for (uint32_t i = start; i < a->len; i++)
            if (*(void **)slot(a, i) == p) return (int)i;
    } else {
        for (uint32_t i = start; i < a->len; i++)
            if (elem_ref(a, i) == ref) return (int)i;
    }
    return -1;
}

static void m_find_by_ref(as_generic *g) { as_generic_set_return_dword(g, (uint32_t)find_by_ref(self(g), 0, as_generic_arg_address(g, 0))); }
static void m_find_by_ref_from(as_generic *g)
{
    as_generic_set_return_dword(g, (uint32_t)find_by_ref(self(g), as_generic_arg_dword(g, 0), as_generic_arg_address(g, 1)));
}

static bool array_equals(as_array *a, const as_array *o)
{
    if (!o || o->type != a->type || o->len != a->len) return false;
    cmp_env env;
    memset(&env, 0, sizeof env);
    env.a = a;
    if (a->kind != EK_PRIM) find_cmp_methods(a, &env.m);
    bool eq = true;
    as_array *other = (as_array *)o;
    busy_begin(a);
    busy_begin(other);
    for (uint32_t i = 0; i < a->len && eq; i++) eq = i < o->len && equals(&env, elem_ref(a, i), elem_ref(o, i));
    env_done(&env);
    busy_end(other);
    busy_end(a);
    return eq;
}

static void m_equals(as_generic *g) { as_generic_set_return_byte(g, array_equals(self(g), as_generic_arg_object(g, 0))); }

/* ======================================================================= C interface */

void *as_array_create(as_type *array_type, uint32_t length)
{
    if (!array_type || as_type_subtype_count(array_type) != 1) return NULL;
    return create_len(array_type, length);
}

uint32_t as_array_size(const void *arr) { return arr ? ((const as_array *)arr)->len : 0; }

int as_array_element_type_id(const void *arr) { return arr ? ((const as_array *)arr)->sub_id : AS_INVALID_ARG; }

void *as_array_at(void *arr, uint32_t i)
{
    as_array *a = arr;
    return a && i < a->len ? elem_ref(a, i) : NULL;
}

bool as_array_resize(void *arr, uint32_t length)
{
    as_array *a = arr;
    if (!a) return false;
    resize(a, length);
    return a->len == length;
}

bool as_array_insert_last(void *arr, const void *value)
{
    as_array *a = arr;
    if (!a) return false;
    uint32_t n = a->len;
    insert_value(a, n, value);
    return a->len == n + 1;
}

/* ======================================================================= registration */

typedef struct reg_entry {
    const char *decl;
    void (*fn)(as_generic *);
} reg_entry;

/* The VM counts references and reads elements and the length itself (the storage rule above is
 * the one as_type_set_elements describes), so that `a[i]` and `a.length()` cost no call. */
static int register_direct_layout(as_engine *e)
{
    as_type *t = as_engine_type_by_name(e, "array");
    if (!t) return AS_ERROR;
    int r = as_type_set_refcount_offset(t, offsetof(as_array, refcount));
    if (r >= 0) r = as_type_set_elements(t, offsetof(as_array, data), offsetof(as_array, len));
    return r;
}

/* ======================================================================= hot reload */

/* The mark set on the template, by which a reload knows an array of this add-on. */
static const char array_mark;

bool array_reload_is_array_template(const as_type *tmpl)
{
    return tmpl && as_type_get_user_data(tmpl, (uintptr_t)&array_mark) == &array_mark;
}

bool array_reload_retype(void *arr, as_type *from, as_type *to)
{
    as_array *a = arr;
    if (a->type == to) return true;
    if (a->type != from) return false;
    int sub_id = as_type_subtype_id(to, 0);
    if (kind_of(sub_id) != a->kind || elem_size(sub_id) != a->esize) return false;
    as_type_addref(to);
    as_type_release(a->type);
    a->type = to;
    a->sub_id = sub_id;
    return true;
}

int as_register_array(as_engine *e, bool as_default)
{
    static const char *T = "array<T>";
    int r = as_register_object_type(e, "array<class T>", 0, AS_OBJ_REF | AS_OBJ_GC | AS_OBJ_TEMPLATE);
    if (r < 0) return r;
    as_type_set_user_data(as_engine_type_by_name(e, "array"), (void *)&array_mark, (uintptr_t)&array_mark);
    static const struct {
        as_behaviour beh;
        const char *decl;
        void (*fn)(as_generic *);
    } behaviours[] = {
        {AS_BEHAVE_TEMPLATE_CALLBACK, "bool f(int&in, bool&out)", f_template_callback},
        {AS_BEHAVE_FACTORY, "array<T>@ f(int&in)", f_factory},
        {AS_BEHAVE_FACTORY, "array<T>@ f(int&in, uint length) explicit", f_factory_len},
        {AS_BEHAVE_FACTORY, "array<T>@ f(int&in, uint length, const T &in value)", f_factory_value},
        {AS_BEHAVE_LIST_FACTORY, "array<T>@ f(int&in type, int&in list) {repeat T}", f_list_factory},
        {AS_BEHAVE_ADDREF, "void f()", f_addref},
        {AS_BEHAVE_RELEASE, "void f()", f_release},
        {AS_BEHAVE_GETREFCOUNT, "int f()", f_get_refcount},
        {AS_BEHAVE_ENUMREFS, "void f(int&in)", f_enum_refs},
        {AS_BEHAVE_RELEASEREFS, "void f(int&in)", f_release_refs},
    };
    for (size_t i = 0; i < sizeof behaviours / sizeof behaviours[0]; i++) {
        r = as_register_object_behaviour(e, T, behaviours[i].beh, behaviours[i].decl, AS_FN(behaviours[i].fn), AS_CALL_GENERIC, NULL);
        if (r < 0) return r;
    }
    static const reg_entry methods[] = {
        {"T &opIndex(uint index)", m_index},
        {"const T &opIndex(uint index) const", m_index},
        {"array<T> &opAssign(const array<T>&in)", m_assign},
        {"void insertAt(uint index, const T&in value)", m_insert_at},
        {"void insertAt(uint index, const array<T>& arr)", m_insert_array},
        {"void insertLast(const T&in value)", m_insert_last},
        {"void removeAt(uint index)", m_remove_at},
        {"void removeLast()", m_remove_last},
        {"void removeRange(uint start, uint count)", m_remove_range},
        {"uint length() const", m_length},
        {"void reserve(uint length)", m_reserve},
        {"void resize(uint length)", m_resize},
        {"void sortAsc()", m_sort_asc},
        {"void sortAsc(uint startAt, uint count)", m_sort_asc_range},
        {"void sortDesc()", m_sort_desc},
        {"void sortDesc(uint startAt, uint count)", m_sort_desc_range},
        {"void reverse()", m_reverse},
        {"int find(const T&in if_handle_then_const value) const", m_find},
        {"int find(uint startAt, const T&in if_handle_then_const value) const", m_find_from},
        {"int findByRef(const T&in if_handle_then_const value) const", m_find_by_ref},
        {"int findByRef(uint startAt, const T&in if_handle_then_const value) const", m_find_by_ref_from},
        {"bool opEquals(const array<T>&in) const", m_equals},
        {"bool isEmpty() const", m_is_empty},
        {"uint opForBegin() const", m_for_begin},
        {"bool opForEnd(uint) const", m_for_end},
        {"uint opForNext(uint) const", m_for_next},
        {"const T &opForValue0(uint index) const", m_index},
        {"uint opForValue1(uint index) const", m_for_index},
    };
    for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++) {
        r = as_register_object_method(e, T, methods[i].decl, AS_FN(methods[i].fn), AS_CALL_GENERIC, NULL);
        if (r < 0) return r;
        /* indexing and length() compile to direct accesses (see register_direct_layout) */
        as_intrinsic what = methods[i].fn == m_index ? AS_INTRINSIC_INDEX : methods[i].fn == m_length ? AS_INTRINSIC_LENGTH : AS_INTRINSIC_NONE;
        if (what != AS_INTRINSIC_NONE && (r = as_function_set_intrinsic(as_engine_function_by_id(e, r), what)) < 0) return r;
    }
    if ((r = register_direct_layout(e)) < 0) return r;
    r = as_register_funcdef(e, "bool array<T>::less(const T&in if_handle_then_const a, const T&in if_handle_then_const b)");
    if (r < 0) return r;
    r = as_register_object_method(e, T, "void sort(const less &in, uint startAt = 0, uint count = uint(-1))",
                                  AS_FN(m_sort_callback), AS_CALL_GENERIC, NULL);
    if (r < 0) return r;
    if (as_default && (r = as_register_default_array_type(e, T)) < 0) return r;
    return 0;
}
