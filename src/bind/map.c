/* The toolkit's small containers: growable arrays and an open-addressing map whose keys are
 * strings (copied) or pointers. Out of memory is a false return, never an abort. */
#include "bind_impl.h"
#include "util/mem.h"
#include <string.h>

bool bind_grow(void **data, int *cap, int need, size_t elem)
{
    if (need <= *cap) return true;
    int ncap = *cap ? *cap * 2 : 8;
    while (ncap < need) ncap *= 2;
    void *n = mem_realloc(*data, elem * (size_t)*cap, elem * (size_t)ncap);
    if (!n) return false;
    *data = n;
    *cap = ncap;
    return true;
}

static uint64_t hash_key(const bind_map *m, const void *key)
{
    uint64_t h = 1469598103934665603ull;
    if (m->strings) {
        for (const unsigned char *p = key; *p; p++) h = (h ^ *p) * 1099511628211ull;
    } else {
        uintptr_t v = (uintptr_t)key;
        for (int i = 0; i < (int)sizeof v; i++) h = (h ^ ((v >> (8 * i)) & 0xFF)) * 1099511628211ull;
    }
    return h;
}

static bool same_key(const bind_map *m, const void *a, const void *b)
{
    return m->strings ? strcmp(a, b) == 0 : a == b;
}

static struct bind_map_slot *find(const bind_map *m, const void *key)
{
    if (!m->cap) return NULL;
    size_t mask = (size_t)m->cap - 1;
    for (size_t i = (size_t)hash_key(m, key) & mask;; i = (i + 1) & mask) {
        struct bind_map_slot *s = &m->slots[i];
        if (!s->key) return s;
        if (same_key(m, s->key, key)) return s;
    }
}

void *bind_map_get(const bind_map *m, const void *key)
{
    if (!key) return NULL;
    struct bind_map_slot *s = find(m, key);
    return s && s->key ? s->value : NULL;
}

static bool rehash(bind_map *m, int cap)
{
    struct bind_map_slot *old = m->slots;
    int oldcap = m->cap;
    m->slots = mem_calloc((size_t)cap, sizeof *m->slots);
    if (!m->slots) {
        m->slots = old;
        return false;
    }
    m->cap = cap;
    for (int i = 0; i < oldcap; i++)
        if (old[i].key) *find(m, old[i].key) = old[i];
    mem_free(old);
    return true;
}

bool bind_map_put(bind_map *m, const void *key, void *value)
{
    if (!key) return false;
    if ((m->count + 1) * 4 >= m->cap * 3 && !rehash(m, m->cap ? m->cap * 2 : 16)) return false;
    struct bind_map_slot *s = find(m, key);
    if (!s->key) {
        if (m->strings) {
            key = mem_strdup(key);
            if (!key) return false;
        }
        s->key = key;
        m->count++;
    }
    s->value = value;
    return true;
}

void bind_map_free(bind_map *m)
{
    if (m->strings)
        for (int i = 0; i < m->cap; i++) mem_free((void *)m->slots[i].key);
    mem_free(m->slots);
    m->slots = NULL;
    m->cap = m->count = 0;
}
