/* The `dictionary` add-on: a garbage collected reference type mapping strings to values of any
 * type, and `dictionaryValue`, the value type its index operator gives access to. The script
 * interface and the conversion rules are those of the reference's scriptdictionary add-on
 * (AngelScript 2.35.1); registered with the generic convention through the public API.
 *
 * Values: integers are stored as int64 and floats as double (the set/opAssign overloads convert
 * them), bools and enums as they are, objects as a copy made by the engine, handles with one
 * reference. Entries are allocated one by one, so a dictionaryValue reference the script holds
 * stays valid while other keys are added. Keys are kept in insertion order (the reference's
 * order is that of its hash map, which scripts cannot rely on). */
#include "angelc.h"
#include "util/mem.h"
#include "angelc_addons.h"
#include "addon_value.h"
#include "str.h"
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "reload_retype.h"
#include "vm/callops.h"

/* ======================================================================= the value */

typedef struct dict_value {
    union {
        int64_t i;
        double d;
        void *obj;
    } u;
    int type_id;            /* 0: empty (or a null handle assigned without a type) */
    uint32_t key_hash;      /* in a dictionary's entry: its key's hash (the padding otherwise);
                             * only dv_init writes it, so assigning values keeps it */
} dict_value;               /* 16 bytes: the engine comes from the dictionary or the call */

/* n bytes of a primitive (1, 2, 4 or 8), copied at a fixed size. */
static inline void copy_prim(void *dst, const void *src, int n)
{
    switch (n) {
    case 1: memcpy(dst, src, 1); break;
    case 2: memcpy(dst, src, 2); break;
    case 4: memcpy(dst, src, 4); break;
    case 8: memcpy(dst, src, 8); break;
    default: if (n > 0) memcpy(dst, src, (size_t)n); break;
    }
}

static void dv_init(dict_value *v)
{
    memset(v, 0, sizeof *v);
}

static void dv_free(as_engine *e, dict_value *v)
{
    if (v->type_id & AS_TYPEID_MASK_OBJECT) {
        void *obj = v->u.obj;
        int tid = v->type_id;
        v->u.obj = NULL;
        v->type_id = 0;
        if (obj) as_engine_release_object(e, obj, tid);
    }
}

/* Stores *value of type tid: value is the address of the primitive or of the handle, or the
 * object itself. */
static void dv_set(as_engine *e, dict_value *v, const void *value, int tid)
{
    dv_free(e, v);
    v->type_id = tid;
    if (tid & AS_TYPEID_OBJHANDLE) {
        v->u.obj = value ? *(void *const *)value : NULL;
        if (v->u.obj) as_engine_addref_object(e, v->u.obj, tid);
    } else if (tid & AS_TYPEID_MASK_OBJECT) {
        v->u.obj = value ? as_engine_create_object_copy(e, value, tid) : NULL;
        if (!v->u.obj) addon_raise("Cannot create copy of object");
    } else {
        v->u.i = 0;
        int n = addon_prim_size(tid);
        if (value) copy_prim(&v->u, value, n);
    }
}

static void dv_copy(as_engine *e, dict_value *v, const dict_value *o)
{
    if (v == o) return;
    if (o->type_id & AS_TYPEID_OBJHANDLE) dv_set(e, v, &o->u.obj, o->type_id);
    else if (o->type_id & AS_TYPEID_MASK_OBJECT) dv_set(e, v, o->u.obj, o->type_id);
    else dv_set(e, v, &o->u, o->type_id);
}

static void dv_set_int(as_engine *e, dict_value *v, int64_t x) { dv_set(e, v, &x, AS_TYPEID_INT64); }
static void dv_set_double(as_engine *e, dict_value *v, double x) { dv_set(e, v, &x, AS_TYPEID_DOUBLE); }

static int32_t low32(const dict_value *v)
{
    int32_t x;
    memcpy(&x, &v->u, 4);
    return x;
}

static bool low_bool(const dict_value *v)
{
    char c;
    memcpy(&c, &v->u, 1);
    return c != 0;
}

/* Writes the value into *out (of type tid) if the stored value can be had as that type. */
static bool dv_get(as_engine *e, const dict_value *v, void *out, int tid)
{
    int st = v->type_id;
    if (tid & AS_TYPEID_OBJHANDLE) {
        /* a handle: of a compatible type (a handle to const only into a handle to const) */
        if (!(st & AS_TYPEID_MASK_OBJECT)) return false;
        if ((st & AS_TYPEID_HANDLETOCONST) && !(tid & AS_TYPEID_HANDLETOCONST)) return false;
        addon_cast_into(e, v->u.obj, st, (void **)out, tid);
        return true;
    }
    if (tid & AS_TYPEID_MASK_OBJECT) {
        /* an object: a copy of the same type (also from a handle) */
        if ((st & ~(AS_TYPEID_OBJHANDLE | AS_TYPEID_HANDLETOCONST)) == tid && v->u.obj) {
            as_engine_assign_object(e, out, v->u.obj, tid);
            return true;
        }
        return false;
    }
    if (st == tid) {
        int n = addon_prim_size(tid);
        copy_prim(out, &v->u, n);
        return true;
    }
    /* numbers are stored as int64 or double; bools and enums are converted */
    if (tid == AS_TYPEID_DOUBLE) {
        double d;
        if (st == AS_TYPEID_INT64) d = (double)v->u.i;
        else if (st == AS_TYPEID_BOOL) d = low_bool(v) ? 1.0 : 0.0;
        else if (addon_is_enum(st)) d = (double)low32(v);
        else {
            memset(out, 0, sizeof d);
            return false;
        }
        memcpy(out, &d, sizeof d);
        return true;
    }
    if (tid == AS_TYPEID_INT64) {
        int64_t i;
        if (st == AS_TYPEID_DOUBLE) i = (int64_t)v->u.d;
        else if (st == AS_TYPEID_BOOL) i = low_bool(v) ? 1 : 0;
        else if (addon_is_enum(st)) i = low32(v);
        else {
            memset(out, 0, sizeof i);
            return false;
        }
        memcpy(out, &i, sizeof i);
        return true;
    }
    if (addon_is_enum(tid) && !(st & AS_TYPEID_MASK_OBJECT)) {
        int32_t i;
        if (st == AS_TYPEID_DOUBLE) i = (int32_t)v->u.d;
        else if (st == AS_TYPEID_INT64) i = (int32_t)v->u.i;
        else if (st == AS_TYPEID_BOOL) i = low_bool(v) ? 1 : 0;
        else if (addon_is_enum(st)) i = low32(v);
        else {
            memset(out, 0, sizeof i);
            return false;
        }
        memcpy(out, &i, sizeof i);
        return true;
    }
    if (tid == AS_TYPEID_BOOL) {
        bool b;
        if (st & AS_TYPEID_OBJHANDLE) b = v->u.obj != NULL;
        else if (st & AS_TYPEID_MASK_OBJECT) b = true;
        else {
            static const unsigned char zero[8];
            int n = addon_prim_size(st);
            b = n && memcmp(&v->u, zero, (size_t)n) != 0;
        }
        *(bool *)out = b;
        return true;
    }
    return false;
}

/* ======================================================================= the dictionary */

/* 64 bytes and no allocator header (mem_sized_calloc): a key of up to 15 bytes is stored inline
 * in its string, which foreach hands out as it is; the hash is kept in the value's padding, and
 * the value has no engine pointer (the dictionary's is used). */
typedef struct dict_entry {
    struct dict_entry *chain;       /* next in the hash bucket */
    struct dict_entry *prev, *next; /* insertion order */
    dict_value v;                   /* v.key_hash: the key's hash */
    as_str key;
} dict_entry;

_Static_assert(sizeof(void *) != 8 || sizeof(dict_entry) == 64, "a dictionary entry is 64 bytes on 64-bit targets");

static inline uint32_t entry_hash(const dict_entry *x) { return x->v.key_hash; }
static inline uint32_t entry_klen(const dict_entry *x) { return x->key.len; }
static inline const char *entry_key(const dict_entry *x) { return str_cdata(&x->key); }
/* The key of an entry whose length is known to be below 16: always inline (entry_set_key). */
static inline const char *entry_short_key(const dict_entry *x) { return x->key.u.small; }
enum { SHORT_KEY = sizeof(((as_str *)0)->u.small) - 1 };

/* Sets the new entry's key: inline up to 15 bytes, else in a block of its exact size. */
static bool entry_set_key(dict_entry *x, const char *key, size_t n)
{
    str_init(&x->key);
    if (n > SHORT_KEY) {
        if (n > 0x7FFFFFF0u || !(x->key.u.heap = mem_alloc(n + 1))) return false;
        x->key.cap = (uint32_t)n;
    }
    char *p = str_data(&x->key);
    memcpy(p, key, n);
    p[n] = 0;
    x->key.len = (uint32_t)n;
    return true;
}

typedef struct dict {
    int refcount;
    bool gcflag;
    as_engine *engine;
    mem_account *account;   /* the entries' (allocated without a header): the one at creation */
    dict_entry **buckets;
    uint32_t nbuckets, count;
    dict_entry *first, *last;
    uint32_t version;       /* changes when a key is added or removed: ends foreach loops */
    /* the entry the last lookup found: reading a key and then writing it (a counter, a score)
     * finds it again with one compare. Relaxed atomic: reads of one dictionary on several
     * threads stay race-free, as they are without it. */
    _Atomic(dict_entry *) recent;
} dict;

/* Two words folded through one wide multiply (the high and low halves of the product xored):
 * every input bit reaches the low bits that pick the bucket. */
static inline uint64_t hash_mix(uint64_t a, uint64_t b)
{
#ifdef __SIZEOF_INT128__
    unsigned __int128 r = (unsigned __int128)a * b;
    return (uint64_t)r ^ (uint64_t)(r >> 64);
#else
    uint64_t h = (a ^ (b >> 29)) * 0xFF51AFD7ED558CCDull;
    h ^= b ^ (h >> 32);
    h *= 0xC4CEB9FE1A85EC53ull;
    return h ^ (h >> 33);
#endif
}

/* Keys of up to 16 bytes (nearly all) are two overlapping reads and one mix; longer ones take a
 * mix per 16 bytes. The lookup hashes before it tries the recent entry, so a miss costs one
 * compare of the hashes. */
#define HASH_K0 0x9E3779B97F4A7C15ull
#define HASH_K1 0xA0761D6478BD642Full

/* A key of more than 16 bytes: out of line, so the lookups of short keys need no saved
 * registers. */
static __attribute__((noinline)) uint32_t key_hash_long(const char *s, size_t n)
{
    uint64_t a, b, seed = HASH_K0 ^ n;
    for (; n > 16; s += 16, n -= 16) {
        memcpy(&a, s, 8), memcpy(&b, s + 8, 8);
        seed = hash_mix(a ^ seed, b ^ HASH_K1);
    }
    /* the last 16 bytes (overlapping what the loop read; n is 1 to 16 here) */
    s -= 16 - n;
    memcpy(&a, s, 8), memcpy(&b, s + 8, 8);
    return (uint32_t)hash_mix(a ^ seed, b ^ HASH_K1);
}

static inline uint32_t key_hash(const char *s, size_t n)
{
    const uint64_t k0 = HASH_K0, k1 = HASH_K1;
    uint64_t a, b, seed = k0 ^ n;
    if (n > 16) return key_hash_long(s, n);
    if (n >= 8) {
        memcpy(&a, s, 8), memcpy(&b, s + n - 8, 8);
    } else if (n >= 4) {
        uint32_t lo, hi;
        memcpy(&lo, s, 4), memcpy(&hi, s + n - 4, 4);
        a = lo, b = hi;
    } else {
        a = n ? (uint64_t)(unsigned char)s[0] << 16 | (uint64_t)(unsigned char)s[n / 2] << 8 | (unsigned char)s[n - 1] : 0;
        b = 0;
    }
    return (uint32_t)hash_mix(a ^ seed, b ^ k1);
}

/* Whether n bytes (n <= 16) at a and b are equal: two overlapping reads of each, no call, so
 * the lookups that use it need no saved registers. */
static inline bool key_equal_short(const char *a, const char *b, size_t n)
{
    if (n >= 8) {
        uint64_t x, y, x2, y2;
        memcpy(&x, a, 8), memcpy(&y, b, 8);
        memcpy(&x2, a + n - 8, 8), memcpy(&y2, b + n - 8, 8);
        return ((x ^ y) | (x2 ^ y2)) == 0;
    }
    if (n >= 4) {
        uint32_t p, q, p2, q2;
        memcpy(&p, a, 4), memcpy(&q, b, 4);
        memcpy(&p2, a + n - 4, 4), memcpy(&q2, b + n - 4, 4);
        return ((p ^ q) | (p2 ^ q2)) == 0;
    }
    /* bytes 0, n/2 and n-1 are all of them for n < 4 */
    return n == 0 || (a[0] == b[0] && a[n / 2] == b[n / 2] && a[n - 1] == b[n - 1]);
}

static inline bool key_equal(const char *a, const char *b, size_t n)
{
    return n <= 16 ? key_equal_short(a, b, n) : memcmp(a, b, n) == 0;
}

/* The chain from x on, for any key (x's hash and length may match and its key not). */
static dict_entry *dict_chain_find_from(const dict *d, dict_entry *x, const char *key, size_t n, uint32_t h)
{
    for (; x; x = x->chain)
        if (entry_hash(x) == h && entry_klen(x) == n && key_equal(entry_key(x), key, n)) {
            /* the cache only: no dictionary is defined const */
            atomic_store_explicit(&((dict *)d)->recent, x, memory_order_relaxed);
            return x;
        }
    return NULL;
}

/* The entry for key in its bucket's chain (h its hash), remembered as the recent entry. The
 * first entry of the same hash and length is nearly always the key: it is confirmed inline, and
 * anything else (a long key, a collision) goes on out of line, so this needs no saved registers. */
static inline dict_entry *dict_chain_find(const dict *d, const char *key, size_t n, uint32_t h)
{
    if (!d->nbuckets) return NULL;
    dict_entry *x = d->buckets[h & (d->nbuckets - 1)];
    while (x && (entry_hash(x) != h || entry_klen(x) != n)) x = x->chain;
    if (!x || n > SHORT_KEY || !key_equal_short(entry_short_key(x), key, n)) return dict_chain_find_from(d, x, key, n, h);
    atomic_store_explicit(&((dict *)d)->recent, x, memory_order_relaxed);
    return x;
}

/* The entry for key, or NULL. A read hashes first: the recent entry is then one compare of the
 * hashes away, and a miss has the hash the chain needs. */
static inline dict_entry *dict_find(const dict *d, const char *key, size_t n)
{
    uint32_t h = key_hash(key, n);
    dict_entry *r = atomic_load_explicit(&((dict *)d)->recent, memory_order_relaxed);
    if (r && entry_hash(r) == h && entry_klen(r) == n && n <= SHORT_KEY && key_equal_short(entry_short_key(r), key, n)) return r;
    return dict_chain_find(d, key, n, h);
}

static bool dict_grow(dict *d)
{
    uint32_t nb = d->nbuckets ? d->nbuckets * 2 : 16;
    dict_entry **b = mem_calloc(nb, sizeof *b);
    if (!b) return false;
    for (dict_entry *x = d->first; x; x = x->next) {
        uint32_t i = entry_hash(x) & (nb - 1);
        x->chain = b[i];
        b[i] = x;
    }
    mem_free(d->buckets);
    d->buckets = b;
    d->nbuckets = nb;
    return true;
}

/* A new empty entry for key (hash h, not in d); NULL if out of memory (nothing raised). */
static dict_entry *dict_add_quiet(dict *d, const char *key, size_t n, uint32_t h)
{
    dict_entry *x;
    if ((d->count + 1 > d->nbuckets * 3 / 4 || !d->nbuckets) && !dict_grow(d)) return NULL;
    x = mem_sized_calloc(d->account, sizeof *x);
    if (x && !entry_set_key(x, key, n)) {
        mem_sized_free(d->account, x, sizeof *x);
        x = NULL;
    }
    if (!x) return NULL;
    dv_init(&x->v);
    x->v.key_hash = h;
    uint32_t i = h & (d->nbuckets - 1);
    x->chain = d->buckets[i];
    d->buckets[i] = x;
    x->prev = d->last;
    x->next = NULL;
    if (d->last) d->last->next = x;
    else d->first = x;
    d->last = x;
    d->count++;
    d->version++;
    return x;
}

/* The recent entry if it holds key (a short one), else NULL: no hash, no saved registers. A key
 * is usually written just after it was read (a counter, a score updated in place). */
static inline dict_entry *dict_recent(const dict *d, const char *key, size_t n)
{
    dict_entry *r = atomic_load_explicit(&((dict *)d)->recent, memory_order_relaxed);
    if (r && entry_klen(r) == n && n <= SHORT_KEY && key_equal_short(entry_short_key(r), key, n)) return r;
    return NULL;
}

/* The entry for key past the recent one, added if missing; NULL if out of memory, with nothing
 * raised (the caller raises it where the exception gets its line). */
static __attribute__((noinline)) dict_entry *dict_insert_quiet(dict *d, const char *key, size_t n)
{
    uint32_t h = key_hash(key, n);
    dict_entry *x = dict_chain_find(d, key, n, h);
    return x ? x : dict_add_quiet(d, key, n, h);
}

/* dict_insert past the recent entry, raising "Out of memory": out of line, so the inline part
 * stays small. */
static dict_entry *dict_insert_slow(dict *d, const char *key, size_t n)
{
    dict_entry *x = dict_insert_quiet(d, key, n);
    if (!x) addon_raise("Out of memory");
    return x;
}

/* The entry for key, inserted empty if missing; NULL (with an exception) if out of memory. A
 * write tries the recent entry before it hashes. */
static inline dict_entry *dict_insert(dict *d, const char *key, size_t n)
{
    dict_entry *r = dict_recent(d, key, n);
    return r ? r : dict_insert_slow(d, key, n);
}

/* Releases the value and frees the entry (unlinked). */
static void entry_free(dict *d, dict_entry *x)
{
    dv_free(d->engine, &x->v);
    str_free(&x->key);
    mem_sized_free(d->account, x, sizeof *x);
}

static void dict_unlink(dict *d, dict_entry *x)
{
    if (atomic_load_explicit(&d->recent, memory_order_relaxed) == x) atomic_store_explicit(&d->recent, NULL, memory_order_relaxed);
    dict_entry **p = &d->buckets[entry_hash(x) & (d->nbuckets - 1)];
    while (*p != x) p = &(*p)->chain;
    *p = x->chain;
    if (x->prev) x->prev->next = x->next;
    else d->first = x->next;
    if (x->next) x->next->prev = x->prev;
    else d->last = x->prev;
    d->count--;
    d->version++;
}

static bool dict_delete(dict *d, const char *key, size_t n)
{
    dict_entry *x = dict_find(d, key, n);
    if (!x) return false;
    dict_unlink(d, x);
    entry_free(d, x);
    return true;
}

/* Empties the dictionary. The entries are detached first: releasing a value may run script code
 * that uses the dictionary. */
static void dict_delete_all(dict *d)
{
    dict_entry *x = d->first;
    atomic_store_explicit(&d->recent, NULL, memory_order_relaxed);
    d->first = d->last = NULL;
    d->count = 0;
    d->version++;
    if (d->nbuckets) memset(d->buckets, 0, d->nbuckets * sizeof *d->buckets);
    while (x) {
        dict_entry *next = x->next;
        entry_free(d, x);
        x = next;
    }
}

/* Number types are stored as int64 and double (8 bytes). */
static bool stored_number(int tid) { return tid == AS_TYPEID_INT64 || tid == AS_TYPEID_DOUBLE; }

static inline void dict_set(dict *d, const as_str *key, const void *value, int tid)
{
    dict_entry *x = dict_insert(d, str_cdata(key), key->len);
    if (!x) return;
    /* a number over a number (a counter, a score updated in place): nothing to release, no
     * size to look up */
    if (stored_number(tid) && value && !(x->v.type_id & AS_TYPEID_MASK_OBJECT)) {
        x->v.type_id = tid;
        memcpy(&x->v.u, value, 8);
    } else {
        dv_set(d->engine, &x->v, value, tid);
    }
}

/* A new dictionary of type t (the registered type, for the collector). */
static dict *dict_new(as_engine *e, as_type *t)
{
    dict *d = mem_calloc(1, sizeof *d);
    if (!d) {
        addon_raise("Out of memory");
        return NULL;
    }
    atomic_init(&d->recent, NULL);
    d->account = mem_current_account;
    d->refcount = 1;
    d->engine = e;
    /* the collector takes a reference of its own */
    if (t && as_engine_notify_gc_new_object(e, d, t) < 0) {
        mem_free(d);
        addon_raise("Out of memory");
        return NULL;
    }
    return d;
}

static void dict_release(dict *d)
{
    d->gcflag = false;
    if (--d->refcount == 0) {
        dict_delete_all(d);
        mem_free(d->buckets);
        mem_free(d);
    }
}

/* ======================================================================= behaviours */

static dict *self(as_generic *g) { return as_generic_object(g); }
static const as_str *key_arg(as_generic *g) { return as_generic_arg_object(g, 0); }
static as_type *aux_type(as_generic *g) { return as_generic_auxiliary(g); }

static void d_factory(as_generic *g) { as_generic_set_return_address(g, dict_new(as_generic_engine(g), aux_type(g))); }

/* {repeat {string, ?}}: a uint32 count, then per entry, packed as the reference packs them: the
 * key (a pointer to the string) at the next 4-byte boundary, the value's 32-bit type id at the
 * next one and the value right after it: a primitive or enum inline in its own size, an object,
 * a handle or null (type id 0) as a pointer. Read unaligned. Numbers become int64 or double as
 * with set(). */
static void d_list_factory(as_generic *g)
{
    dict *d = dict_new(as_generic_engine(g), aux_type(g));
    if (!d) {
        as_generic_set_return_address(g, NULL);
        return;
    }
    const unsigned char *buf = as_generic_arg_address(g, 0);
    uint32_t n;
    memcpy(&n, buf, 4);
    size_t off = 4;
    for (uint32_t k = 0; k < n; k++) {
        off = (off + 3) & ~(size_t)3;
        const as_str *key;
        memcpy(&key, buf + off, sizeof key);
        off += sizeof key;
        int tid;
        memcpy(&tid, buf + off, 4);
        off += 4;
        const unsigned char *p = buf + off;
        int inline_size = addon_prim_size(tid);
        off += inline_size > 0 ? (size_t)inline_size : sizeof(void *);
        if (tid >= AS_TYPEID_INT8 && tid <= AS_TYPEID_DOUBLE) {
            int64_t i = 0;
            double f = 0;
            switch (tid) {
            case AS_TYPEID_INT8: { int8_t x; memcpy(&x, p, 1); i = x; break; }
            case AS_TYPEID_INT16: { int16_t x; memcpy(&x, p, 2); i = x; break; }
            case AS_TYPEID_INT32: { int32_t x; memcpy(&x, p, 4); i = x; break; }
            case AS_TYPEID_UINT8: { uint8_t x; memcpy(&x, p, 1); i = x; break; }
            case AS_TYPEID_UINT16: { uint16_t x; memcpy(&x, p, 2); i = x; break; }
            case AS_TYPEID_UINT32: { uint32_t x; memcpy(&x, p, 4); i = x; break; }
            case AS_TYPEID_INT64: case AS_TYPEID_UINT64: memcpy(&i, p, 8); break;
            case AS_TYPEID_FLOAT: { float x; memcpy(&x, p, 4); f = x; break; }
            case AS_TYPEID_DOUBLE: memcpy(&f, p, 8); break;
            }
            if (tid >= AS_TYPEID_FLOAT) dict_set(d, key, &f, AS_TYPEID_DOUBLE);
            else dict_set(d, key, &i, AS_TYPEID_INT64);
        } else if (inline_size > 0) {
            /* bool and enums, copied out first: dict_set reads it aligned */
            int64_t v = 0;
            memcpy(&v, p, (size_t)inline_size);
            dict_set(d, key, &v, tid);
        } else {
            void *obj;
            memcpy(&obj, p, sizeof obj);
            /* a handle is passed by its address, an object as itself */
            dict_set(d, key, (tid & AS_TYPEID_OBJHANDLE) || tid == AS_TYPEID_VOID ? (const void *)&obj : obj, tid);
        }
    }
    as_generic_set_return_address(g, d);
}

static void d_addref(as_generic *g)
{
    dict *d = self(g);
    d->gcflag = false;
    d->refcount++;
}
static void d_release(as_generic *g) { dict_release(self(g)); }
static void d_get_refcount(as_generic *g) { as_generic_set_return_dword(g, (uint32_t)self(g)->refcount); }
static void d_set_gcflag(as_generic *g) { self(g)->gcflag = true; }
static void d_get_gcflag(as_generic *g) { as_generic_set_return_byte(g, self(g)->gcflag); }

static void d_enum_refs(as_generic *g)
{
    dict *d = self(g);
    as_engine *e = as_generic_arg_address(g, 0);
    if (!e) e = d->engine;
    for (dict_entry *x = d->first; x; x = x->next)
        if ((x->v.type_id & AS_TYPEID_MASK_OBJECT) && x->v.u.obj)
            as_gc_enum_reference(e, x->v.u.obj, as_engine_type_by_id(d->engine, x->v.type_id));
}

static void d_release_refs(as_generic *g) { dict_delete_all(self(g)); }

/* ---- hot reload ---- */

/* The mark set on the type, by which a reload knows a dictionary of this add-on. */
static const char dictionary_mark;

bool dictionary_reload_is_dictionary(const as_type *t)
{
    return t && as_type_get_user_data(t, (uintptr_t)&dictionary_mark) == &dictionary_mark;
}

void dictionary_reload_retype(void *dp, reload_type_map map, void *ctx)
{
    dict *d = dp;
    for (dict_entry *x = d->first; x; x = x->next) {
        int tid = x->v.type_id;
        if (!(tid & AS_TYPEID_MASK_OBJECT) && tid <= AS_TYPEID_DOUBLE) continue;   /* a number */
        const int flags = AS_TYPEID_OBJHANDLE | AS_TYPEID_HANDLETOCONST;
        as_type *t = as_engine_type_by_id(d->engine, tid & ~flags);
        as_type *nt = t ? map(ctx, t) : NULL;
        if (nt && nt != t) x->v.type_id = as_type_id(nt) | (tid & flags);
    }
}

/* ======================================================================= methods */

/* A shallow copy: handles are shared, objects copied. (As in the reference, assigning a
 * dictionary to itself empties it.) */
static void d_assign(as_generic *g)
{
    dict *d = self(g);
    const dict *o = as_generic_arg_object(g, 0);
    dict_delete_all(d);
    if (o)
        for (const dict_entry *x = o->first; x; x = x->next) {
            dict_entry *y = dict_insert(d, entry_key(x), entry_klen(x));
            if (y) dv_copy(d->engine, &y->v, &x->v);
        }
    as_generic_set_return_address(g, d);
}

static void d_delete(as_generic *g)
{
    const as_str *key = key_arg(g);
    as_generic_set_return_byte(g, dict_delete(self(g), str_cdata(key), key->len));
}

static void d_delete_all(as_generic *g) { dict_delete_all(self(g)); }

static void d_get_keys(as_generic *g)
{
    dict *d = self(g);
    void *arr = as_array_create(aux_type(g), d->count);
    if (!arr) {
        addon_raise("Out of memory");
        as_generic_set_return_address(g, NULL);
        return;
    }
    uint32_t i = 0;
    for (const dict_entry *x = d->first; x; x = x->next, i++) as_string_assign(as_array_at(arr, i), entry_key(x), entry_klen(x));
    as_generic_set_return_address(g, arr);
}

/* The methods scripts call most, in the native convention (object first): no generic call
 * record to fill and read back. */
/* A number over a number already stored needs no release and no size lookup: the common case of
 * a counter or a score updated in place. */
static void dn_set_int(dict *d, const as_str *key, const int64_t *v) { dict_set(d, key, v, AS_TYPEID_INT64); }
static void dn_set_double(dict *d, const as_str *key, const double *v) { dict_set(d, key, v, AS_TYPEID_DOUBLE); }
static void dn_set(dict *d, const as_str *key, const void *v, int tid) { dict_set(d, key, v, tid); }
static inline bool dn_get_as(const dict *d, const as_str *key, void *out, int tid)
{
    const dict_entry *x = dict_find(d, str_cdata(key), key->len);
    if (!x) return false;
    /* a number asked for as the type it is stored as: copied as it is */
    if (stored_number(tid) && x->v.type_id == tid) {
        memcpy(out, &x->v.u, 8);
        return true;
    }
    return dv_get(d->engine, &x->v, out, tid);
}
static bool dn_get_int(const dict *d, const as_str *key, int64_t *out) { return dn_get_as(d, key, out, AS_TYPEID_INT64); }
static bool dn_get_double(const dict *d, const as_str *key, double *out) { return dn_get_as(d, key, out, AS_TYPEID_DOUBLE); }
static bool dn_get(const dict *d, const as_str *key, void *out, int tid) { return dn_get_as(d, key, out, tid); }
static bool dn_exists(const dict *d, const as_str *key) { return dict_find(d, str_cdata(key), key->len) != NULL; }

/* The VM's instructions for get, set and exists (vm/callops.h): the same as the methods. */
bool dict_vm_get(const void *d, const void *key, void *out, int tid) { return dn_get_as(d, key, out, tid); }
void dict_vm_set(void *d, const void *key, const void *value, int tid) { dict_set(d, key, value, tid); }
bool dict_vm_set_number(void *dp, const void *keyp, const void *value, int tid)
{
    dict *d = dp;
    const as_str *key = keyp;
    const char *k = str_cdata(key);
    dict_entry *x = dict_recent(d, k, key->len);
    if (!x) x = dict_insert_quiet(d, k, key->len);
    /* out of memory (raised by dict_vm_set) or an object value (a release) take dict_vm_set */
    if (!x || (x->v.type_id & AS_TYPEID_MASK_OBJECT)) return false;
    x->v.type_id = tid;
    memcpy(&x->v.u, value, 8);
    return true;
}
bool dict_vm_exists(const void *d, const void *key) { return dn_exists(d, key); }
static dict_value *dn_index(dict *d, const as_str *key)
{
    dict_entry *x = dict_insert(d, str_cdata(key), key->len);
    return x ? &x->v : NULL;
}
static dict_value *dn_index_const(dict *d, const as_str *key)
{
    dict_entry *x = dict_find(d, str_cdata(key), key->len);
    if (!x) addon_raise("Invalid access to non-existing value");
    return x ? &x->v : NULL;
}
static uint32_t dn_get_size(const dict *d) { return d->count; }
static bool dn_is_empty(const dict *d) { return d->count == 0; }

/* ======================================================================= dictionaryValue */

static dict_value *vself(as_generic *g) { return as_generic_object(g); }

static void v_construct(as_generic *g) { dv_init(vself(g)); }
static void v_destruct(as_generic *g) { dv_free(as_generic_engine(g), vself(g)); }

static void v_assign_value(as_generic *g)
{
    dict_value *v = vself(g);
    dv_copy(as_generic_engine(g), v, as_generic_arg_object(g, 0));
    as_generic_set_return_address(g, v);
}

static void v_assign_var(as_generic *g)
{
    dict_value *v = vself(g);
    dv_set(as_generic_engine(g), v, as_generic_arg_address(g, 0), as_generic_arg_type_id(g, 0, NULL));
    as_generic_set_return_address(g, v);
}

static void v_assign_double(as_generic *g)
{
    dict_value *v = vself(g);
    dv_set_double(as_generic_engine(g), v, as_generic_arg_double(g, 0));
    as_generic_set_return_address(g, v);
}

static void v_assign_int(as_generic *g)
{
    dict_value *v = vself(g);
    dv_set_int(as_generic_engine(g), v, (int64_t)as_generic_arg_qword(g, 0));
    as_generic_set_return_address(g, v);
}

/* cast<T>(v) and T(v): the stored value as T, or T's default when it cannot be had. */
static void v_cast(as_generic *g)
{
    dv_get(as_generic_engine(g), vself(g), as_generic_arg_address(g, 0), as_generic_arg_type_id(g, 0, NULL));
}

static void v_conv_int(as_generic *g)
{
    int64_t i = 0;
    dv_get(as_generic_engine(g), vself(g), &i, AS_TYPEID_INT64);
    as_generic_set_return_qword(g, (uint64_t)i);
}

static void v_conv_double(as_generic *g)
{
    double d = 0;
    dv_get(as_generic_engine(g), vself(g), &d, AS_TYPEID_DOUBLE);
    as_generic_set_return_double(g, d);
}

/* ======================================================================= foreach (2.38) */

/* dictionaryIter: where a foreach loop over a dictionary is. It holds a reference to its
 * dictionary, so the entry it points at is only read while the dictionary is alive and has not
 * gained or lost a key since (any such change ends the loop, as the reference's guard does). */
typedef struct dict_iter {
    int refcount;
    dict *d;
    dict_entry *cur;
    uint32_t version;
} dict_iter;

static void it_addref(as_generic *g) { ((dict_iter *)as_generic_object(g))->refcount++; }

static void iter_release(dict_iter *it)
{
    if (it && --it->refcount == 0) {
        dict_release(it->d);
        mem_free(it);
    }
}

static void it_release(as_generic *g) { iter_release(as_generic_object(g)); }

/* The iterator argument (a handle the callee owns, T@): valid for this dictionary or NULL. */
static dict_iter *iter_arg(as_generic *g, dict_iter **owned)
{
    dict_iter *it = as_generic_arg_address(g, 0);
    *owned = it;
    if (!it || it->d != self(g)) return NULL;
    if (it->version != it->d->version) it->cur = NULL;
    return it;
}

static void d_for_begin(as_generic *g)
{
    dict *d = self(g);
    dict_iter *it = mem_calloc(1, sizeof *it);
    if (!it) {
        addon_raise("Out of memory");
        as_generic_set_return_address(g, NULL);
        return;
    }
    it->refcount = 1;
    it->d = d;
    d->refcount++;
    it->cur = d->first;
    it->version = d->version;
    as_generic_set_return_address(g, it);
}

static void d_for_end(as_generic *g)
{
    dict_iter *owned, *it = iter_arg(g, &owned);
    as_generic_set_return_byte(g, !it || !it->cur);
    iter_release(owned);
}

static void d_for_next(as_generic *g)
{
    dict_iter *owned, *it = iter_arg(g, &owned);
    if (it && it->cur) it->cur = it->cur->next;
    /* the argument's reference becomes the returned one */
    as_generic_set_return_address(g, owned);
}

static const dict_entry *for_entry(as_generic *g)
{
    dict_iter *owned, *it = iter_arg(g, &owned);
    const dict_entry *x = it ? it->cur : NULL;
    iter_release(owned);
    if (!x) addon_raise("Invalid access to non-existing value");
    return x;
}

static void d_for_value(as_generic *g)
{
    const dict_entry *x = for_entry(g);
    as_generic_set_return_address(g, x ? (void *)&x->v : NULL);
}

static void d_for_key(as_generic *g)
{
    dict_entry *x = (dict_entry *)for_entry(g);
    /* a reference into the entry, valid as long as the key is there (as d[key] is) */
    as_generic_set_return_address(g, x ? &x->key : NULL);
}

/* ======================================================================= registration */

typedef struct reg_entry {
    const char *decl;
    void (*fn)(as_generic *);
} reg_entry;

int as_register_dictionary(as_engine *e)
{
    int r;
    const char *V = "dictionaryValue", *D = "dictionary";
    r = as_register_object_type(e, V, (int)sizeof(dict_value), AS_OBJ_VALUE | AS_OBJ_ASHANDLE | AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_CONSTRUCTOR | AS_OBJ_APP_CLASS_DESTRUCTOR);
    if (r < 0) return r;
    if ((r = as_register_object_behaviour(e, V, AS_BEHAVE_CONSTRUCT, "void f()", AS_FN(v_construct), AS_CALL_GENERIC, NULL)) < 0) return r;
    if ((r = as_register_object_behaviour(e, V, AS_BEHAVE_DESTRUCT, "void f()", AS_FN(v_destruct), AS_CALL_GENERIC, NULL)) < 0) return r;
    static const reg_entry vmethods[] = {
        {"dictionaryValue &opAssign(const dictionaryValue &in)", v_assign_value},
        {"dictionaryValue &opHndlAssign(const ?&in)", v_assign_var},
        {"dictionaryValue &opHndlAssign(const dictionaryValue &in)", v_assign_value},
        {"dictionaryValue &opAssign(const ?&in)", v_assign_var},
        {"dictionaryValue &opAssign(double)", v_assign_double},
        {"dictionaryValue &opAssign(int64)", v_assign_int},
        {"void opCast(?&out)", v_cast},
        {"void opConv(?&out)", v_cast},
        {"int64 opConv()", v_conv_int},
        {"double opConv()", v_conv_double},
    };
    for (size_t i = 0; i < sizeof vmethods / sizeof vmethods[0]; i++)
        if ((r = as_register_object_method(e, V, vmethods[i].decl, AS_FN(vmethods[i].fn), AS_CALL_GENERIC, NULL)) < 0) return r;

    r = as_register_object_type(e, D, 0, AS_OBJ_REF | AS_OBJ_GC);
    if (r < 0) return r;
    /* the functions that need a type at run time get it as their auxiliary pointer */
    as_type *dtype = as_engine_type_by_name(e, D);
    as_type_set_user_data(dtype, (void *)&dictionary_mark, (uintptr_t)&dictionary_mark);
    as_type *keys = as_engine_type_by_decl(e, "array<string>");
    static const struct {
        as_behaviour beh;
        const char *decl;
        void (*fn)(as_generic *);
    } behaviours[] = {
        {AS_BEHAVE_FACTORY, "dictionary@ f()", d_factory},
        {AS_BEHAVE_LIST_FACTORY, "dictionary @f(int &in) {repeat {string, ?}}", d_list_factory},
        {AS_BEHAVE_ADDREF, "void f()", d_addref},
        {AS_BEHAVE_RELEASE, "void f()", d_release},
        {AS_BEHAVE_GETREFCOUNT, "int f()", d_get_refcount},
        {AS_BEHAVE_SETGCFLAG, "void f()", d_set_gcflag},
        {AS_BEHAVE_GETGCFLAG, "bool f()", d_get_gcflag},
        {AS_BEHAVE_ENUMREFS, "void f(int&in)", d_enum_refs},
        {AS_BEHAVE_RELEASEREFS, "void f(int&in)", d_release_refs},
    };
    for (size_t i = 0; i < sizeof behaviours / sizeof behaviours[0]; i++)
        if ((r = as_register_object_behaviour(e, D, behaviours[i].beh, behaviours[i].decl, AS_FN(behaviours[i].fn), AS_CALL_GENERIC, dtype)) < 0) return r;
    static const reg_entry methods[] = {
        {"dictionary &opAssign(const dictionary &in)", d_assign},
        {"bool delete(const string &in)", d_delete},
        {"void deleteAll()", d_delete_all},
    };
    for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
        if ((r = as_register_object_method(e, D, methods[i].decl, AS_FN(methods[i].fn), AS_CALL_GENERIC, NULL)) < 0) return r;
    /* op: the instruction the VM runs for a call (vm/callops.h), or 0 */
    static const struct {
        const char *decl;
        as_fnptr fn;
        as_opcode op;
    } native[] = {
        {"void set(const string &in, const ?&in)", AS_FN(dn_set), 0},
        {"bool get(const string &in, ?&out) const", AS_FN(dn_get), 0},
        {"void set(const string &in, const int64&in)", AS_FN(dn_set_int), BC_DSET_L},
        {"bool get(const string &in, int64&out) const", AS_FN(dn_get_int), BC_DGET_L},
        {"void set(const string &in, const double&in)", AS_FN(dn_set_double), BC_DSET_D},
        {"bool get(const string &in, double&out) const", AS_FN(dn_get_double), BC_DGET_D},
        {"bool exists(const string &in) const", AS_FN(dn_exists), BC_DEXISTS},
        {"bool isEmpty() const", AS_FN(dn_is_empty), 0},
        {"uint getSize() const", AS_FN(dn_get_size), 0},
        {"dictionaryValue &opIndex(const string &in)", AS_FN(dn_index), 0},
        {"const dictionaryValue &opIndex(const string &in) const", AS_FN(dn_index_const), 0},
    };
    for (size_t i = 0; i < sizeof native / sizeof native[0]; i++) {
        if ((r = as_register_object_method(e, D, native[i].decl, native[i].fn, AS_CALL_CDECL_OBJFIRST, NULL)) < 0) return r;
        if (native[i].op) vm_set_call_op(e, r, native[i].op);
    }
    if (keys && (r = as_register_object_method(e, D, "array<string> @getKeys() const", AS_FN(d_get_keys), AS_CALL_GENERIC, keys)) < 0)
        return r;
    /* foreach (2.38): `foreach (auto value, auto key : dict)` */
    const char *I = "dictionaryIter";
    if ((r = as_register_object_type(e, I, 0, AS_OBJ_REF)) < 0) return r;
    if ((r = as_register_object_behaviour(e, I, AS_BEHAVE_ADDREF, "void f()", AS_FN(it_addref), AS_CALL_GENERIC, NULL)) < 0) return r;
    if ((r = as_register_object_behaviour(e, I, AS_BEHAVE_RELEASE, "void f()", AS_FN(it_release), AS_CALL_GENERIC, NULL)) < 0) return r;
    static const reg_entry for_methods[] = {
        {"dictionaryIter@ opForBegin() const", d_for_begin},
        {"bool opForEnd(dictionaryIter@) const", d_for_end},
        {"dictionaryIter@ opForNext(dictionaryIter@) const", d_for_next},
        {"const dictionaryValue &opForValue0(dictionaryIter@) const", d_for_value},
        {"const string &opForValue1(dictionaryIter@) const", d_for_key},
    };
    for (size_t i = 0; i < sizeof for_methods / sizeof for_methods[0]; i++)
        if ((r = as_register_object_method(e, D, for_methods[i].decl, AS_FN(for_methods[i].fn), AS_CALL_GENERIC, NULL)) < 0) return r;
    return 0;
}

/* ======================================================================= C access */

/* A dictionary made from C: the engine's default factory (as the script's `dictionary()`). */
void *as_dictionary_create(as_engine *e)
{
    int tid = e ? as_engine_type_id_by_decl(e, "dictionary") : AS_INVALID_ARG;
    return tid < 0 ? NULL : as_engine_create_object(e, tid);
}

bool as_dictionary_set(void *dictionary, const char *key, const void *value, int type_id)
{
    dict *d = dictionary;
    if (!d || !key || (type_id & AS_TYPEID_MASK_OBJECT && !(type_id & AS_TYPEID_OBJHANDLE) && !value)) return false;
    if (type_id == AS_TYPEID_VOID) return false;
    if (type_id != AS_TYPEID_DOUBLE && type_id != AS_TYPEID_FLOAT && !(type_id & AS_TYPEID_MASK_OBJECT) &&
        type_id != AS_TYPEID_BOOL && !addon_is_enum(type_id)) {
        /* integers are kept as int64, as the script's set() does */
        int64_t i = 0;
        switch (type_id) {
        case AS_TYPEID_INT8: i = *(const int8_t *)value; break;
        case AS_TYPEID_INT16: i = *(const int16_t *)value; break;
        case AS_TYPEID_INT32: i = *(const int32_t *)value; break;
        case AS_TYPEID_INT64: i = *(const int64_t *)value; break;
        case AS_TYPEID_UINT8: i = *(const uint8_t *)value; break;
        case AS_TYPEID_UINT16: i = *(const uint16_t *)value; break;
        case AS_TYPEID_UINT32: i = *(const uint32_t *)value; break;
        case AS_TYPEID_UINT64: i = (int64_t)*(const uint64_t *)value; break;
        default: return false;
        }
        return as_dictionary_set_int(dictionary, key, i);
    }
    if (type_id == AS_TYPEID_FLOAT) return as_dictionary_set_double(dictionary, key, *(const float *)value);
    dict_entry *x = dict_insert(d, key, strlen(key));
    if (!x) return false;
    dv_set(d->engine, &x->v, value, type_id);
    /* a copy that could not be made leaves the entry empty */
    return !((type_id & AS_TYPEID_MASK_OBJECT) && !(type_id & AS_TYPEID_OBJHANDLE) && !x->v.u.obj);
}

bool as_dictionary_set_int(void *dictionary, const char *key, int64_t value)
{
    dict *d = dictionary;
    dict_entry *x = d && key ? dict_insert(d, key, strlen(key)) : NULL;
    if (!x) return false;
    dv_set_int(d->engine, &x->v, value);
    return true;
}

bool as_dictionary_set_double(void *dictionary, const char *key, double value)
{
    dict *d = dictionary;
    dict_entry *x = d && key ? dict_insert(d, key, strlen(key)) : NULL;
    if (!x) return false;
    dv_set_double(d->engine, &x->v, value);
    return true;
}

bool as_dictionary_set_string(void *dictionary, const char *key, const char *text, size_t len)
{
    dict *d = dictionary;
    int tid = d ? as_engine_type_id_by_decl(d->engine, "string") : AS_INVALID_ARG;
    if (!d || !key || (!text && len) || tid < 0) return false;
    as_str s;
    str_init(&s);
    if (!str_set(&s, text ? text : "", len)) return false;
    bool ok = as_dictionary_set(dictionary, key, &s, tid);
    str_free(&s);
    return ok;
}

bool as_dictionary_get(const void *dictionary, const char *key, void *out, int type_id)
{
    const dict *d = dictionary;
    const dict_entry *x = d && key && out ? dict_find(d, key, strlen(key)) : NULL;
    return x && dv_get(d->engine, &x->v, out, type_id);
}

bool as_dictionary_get_int(const void *dictionary, const char *key, int64_t *out)
{
    return as_dictionary_get(dictionary, key, out, AS_TYPEID_INT64);
}

bool as_dictionary_get_double(const void *dictionary, const char *key, double *out)
{
    return as_dictionary_get(dictionary, key, out, AS_TYPEID_DOUBLE);
}

const void *as_dictionary_value(const void *dictionary, const char *key, int *type_id)
{
    const dict *d = dictionary;
    const dict_entry *x = d && key ? dict_find(d, key, strlen(key)) : NULL;
    if (type_id) *type_id = x ? x->v.type_id : 0;
    if (!x) return NULL;
    if (x->v.type_id & AS_TYPEID_OBJHANDLE) return &x->v.u.obj;
    if (x->v.type_id & AS_TYPEID_MASK_OBJECT) return x->v.u.obj;
    return &x->v.u;
}

bool as_dictionary_exists(const void *dictionary, const char *key)
{
    const dict *d = dictionary;
    return d && key && dict_find(d, key, strlen(key)) != NULL;
}

bool as_dictionary_delete(void *dictionary, const char *key)
{
    dict *d = dictionary;
    return d && key && dict_delete(d, key, strlen(key));
}

uint32_t as_dictionary_size(const void *dictionary)
{
    const dict *d = dictionary;
    return d ? d->count : 0;
}

const char *as_dictionary_key(const void *dictionary, uint32_t index, size_t *len)
{
    const dict *d = dictionary;
    const dict_entry *x = d ? d->first : NULL;
    for (uint32_t i = 0; x && i < index; i++) x = x->next;
    if (len) *len = x ? entry_klen(x) : 0;
    return x ? entry_key(x) : NULL;
}
