/* Members of types with many of them (generated code) by name: an open-addressing index kept
 * beside the vectors, built when first asked and extended as members are added, so looking a
 * member up stays O(1) and declaring n members O(n). Types with few members are searched. */
#include "engine.h"
#include "util/mem.h"
#include <string.h>

#define INDEX_FROM 16

typedef struct as_name_index {
    int *slots;         /* cap entries: element + 1 of the first element with a name; 0 empty */
    int *next;          /* per element: element + 1 of the next one with its name; 0 the last */
    int *last;          /* per element that starts a chain: its last one (appending is O(1)) */
    uint32_t cap;
    int built;          /* elements indexed */
    int next_cap;
} as_name_index;

static uint32_t name_hash(const char *name) { return (uint32_t)(((uintptr_t)name >> 3) * 2654435761u); }

static const char *prop_name(const as_type *t, int i) { return t->props.data[i].name; }
static const char *method_name(const as_type *t, int i) { return t->methods.data[i]->name; }

/* Adds elements [x->built, count) to the index; false when memory ran out. */
static bool extend(as_name_index *x, const as_type *t, int count, const char *(*name_of)(const as_type *, int))
{
    if (count > x->next_cap) {
        int cap = x->next_cap ? x->next_cap : 32;
        while (cap < count) cap *= 2;
        int *n = mem_realloc(x->next, sizeof(int) * (size_t)x->next_cap, sizeof(int) * (size_t)cap);
        if (!n) return false;
        x->next = n;
        int *l = mem_realloc(x->last, sizeof(int) * (size_t)x->next_cap, sizeof(int) * (size_t)cap);
        if (!l) return false;
        x->last = l;
        x->next_cap = cap;
    }
    if ((uint32_t)count * 2 > x->cap) {
        uint32_t cap = x->cap ? x->cap * 2 : 64;
        while (cap < (uint32_t)count * 2) cap *= 2;
        int *s = mem_calloc(cap, sizeof *s);
        if (!s) return false;
        mem_free(x->slots);
        x->slots = s;
        x->cap = cap;
        x->built = 0;   /* rehash everything */
    }
    for (int i = x->built; i < count; i++) {
        const char *name = name_of(t, i);
        x->next[i] = 0;
        for (uint32_t h = name_hash(name) & (x->cap - 1);; h = (h + 1) & (x->cap - 1)) {
            int e = x->slots[h];
            if (!e) {
                x->slots[h] = i + 1;
                x->last[i] = i;
                break;
            }
            if (name_of(t, e - 1) == name) {
                x->next[x->last[e - 1]] = i + 1;
                x->last[e - 1] = i;
                break;
            }
        }
    }
    x->built = count;
    return true;
}

/* The index of a vector, up to date; NULL when searching is the way (few elements, no memory). */
static as_name_index *index_for(as_name_index **slot, const as_type *t, int count, const char *(*name_of)(const as_type *, int))
{
    if (count < INDEX_FROM) return NULL;
    as_name_index *x = *slot;
    if (!x) {
        x = mem_calloc(1, sizeof *x);
        if (!x) return NULL;
        *slot = x;
    }
    if (x->built > count) {
        /* elements were removed: index again */
        x->built = 0;
        if (x->slots) memset(x->slots, 0, sizeof(int) * x->cap);
    }
    if (x->built < count && !extend(x, t, count, name_of)) {
        type_free_indexes((as_type *)t);
        return NULL;
    }
    return x;
}

static int first_of(const as_name_index *x, const as_type *t, const char *name, const char *(*name_of)(const as_type *, int))
{
    for (uint32_t h = name_hash(name) & (x->cap - 1);; h = (h + 1) & (x->cap - 1)) {
        int e = x->slots[h];
        if (!e) return -1;
        if (name_of(t, e - 1) == name) return e - 1;
    }
}

int type_find_own_prop(as_type *t, const char *name)
{
    as_name_index *x = index_for(&t->prop_index, t, t->props.count, prop_name);
    if (x) return first_of(x, t, name, prop_name);
    for (int i = 0; i < t->props.count; i++)
        if (t->props.data[i].name == name) return i;
    return -1;
}

int type_first_method(as_type *t, const char *name)
{
    as_name_index *x = index_for(&t->method_index, t, t->methods.count, method_name);
    if (x) return first_of(x, t, name, method_name);
    for (int i = 0; i < t->methods.count; i++)
        if (t->methods.data[i]->name == name) return i;
    return -1;
}

int type_next_method(as_type *t, int i)
{
    as_name_index *x = t->method_index;
    if (x && x->built == t->methods.count && i < x->built) return x->next[i] - 1;
    const char *name = t->methods.data[i]->name;
    for (int k = i + 1; k < t->methods.count; k++)
        if (t->methods.data[k]->name == name) return k;
    return -1;
}

static void free_index(as_name_index **slot)
{
    as_name_index *x = *slot;
    if (!x) return;
    mem_free(x->slots);
    mem_free(x->next);
    mem_free(x->last);
    mem_free(x);
    *slot = NULL;
}

void type_free_indexes(as_type *t)
{
    free_index(&t->prop_index);
    free_index(&t->method_index);
}

/* ---- template instances ---- */

static uint32_t instance_hash(const as_type *tmpl, const as_dtype *subs, int n)
{
    uintptr_t h = (uintptr_t)tmpl * 31u;
    for (int i = 0; i < n; i++) h = h * 1000003u ^ ((uintptr_t)subs[i].type * 17u + (subs[i].flags & (DT_HANDLE | DT_CONST)));
    h ^= h >> 16;
    return (uint32_t)(h * 2654435761u);
}

static bool same_subs(const as_type *t, const as_dtype *subs, int n)
{
    if (t->subtypes.count != n) return false;
    for (int i = 0; i < n; i++)
        if (t->subtypes.data[i].type != subs[i].type || ((t->subtypes.data[i].flags ^ subs[i].flags) & (DT_HANDLE | DT_CONST)))
            return false;
    return true;
}

static void instance_rehash(as_engine *e)
{
    uint32_t cap = e->inst_cap ? e->inst_cap * 2 : 64;
    as_type **b = mem_calloc(cap, sizeof *b);
    if (!b) return;
    for (uint32_t i = 0; i < e->inst_cap; i++) {
        for (as_type *t = e->inst_buckets[i], *n; t; t = n) {
            n = t->inst_next;
            uint32_t h = instance_hash(t->template_base, t->subtypes.data, t->subtypes.count) & (cap - 1);
            t->inst_next = b[h];
            b[h] = t;
        }
    }
    mem_free(e->inst_buckets);
    e->inst_buckets = b;
    e->inst_cap = cap;
}

void engine_index_instance(as_engine *e, as_type *t)
{
    if (!t->template_base || t->inst_indexed || t->inst_broken) return;
    if (e->inst_count + 1 > e->inst_cap) instance_rehash(e);
    if (!e->inst_cap) return;   /* out of memory: the search below still finds it */
    uint32_t h = instance_hash(t->template_base, t->subtypes.data, t->subtypes.count) & (e->inst_cap - 1);
    t->inst_next = e->inst_buckets[h];
    e->inst_buckets[h] = t;
    t->inst_indexed = true;
    e->inst_count++;
}

void engine_unindex_instance(as_engine *e, as_type *t)
{
    if (!t->inst_indexed || !e->inst_cap) return;
    uint32_t h = instance_hash(t->template_base, t->subtypes.data, t->subtypes.count) & (e->inst_cap - 1);
    for (as_type **p = &e->inst_buckets[h]; *p; p = &(*p)->inst_next) {
        if (*p == t) {
            *p = t->inst_next;
            t->inst_indexed = false;
            e->inst_count--;
            return;
        }
    }
}

as_type *engine_find_instance(as_engine *e, const as_type *tmpl, const as_dtype *subs, int n)
{
    if (e->inst_cap) {
        uint32_t h = instance_hash(tmpl, subs, n) & (e->inst_cap - 1);
        for (as_type *t = e->inst_buckets[h]; t; t = t->inst_next)
            if (t->template_base == tmpl && same_subs(t, subs, n)) return t;
    }
    /* instances the index does not know (made while memory ran out) */
    if (e->inst_count == 0 || !e->inst_cap) {
        for (int i = 0; i < e->types.count; i++) {
            as_type *t = e->types.data[i];
            if (t && t->template_base == tmpl && !t->inst_broken && same_subs(t, subs, n)) return t;
        }
    }
    return NULL;
}

void engine_free_instance_index(as_engine *e)
{
    mem_free(e->inst_buckets);
    e->inst_buckets = NULL;
    e->inst_cap = e->inst_count = 0;
}
