/* Saved modules: the byte encoding (varints, strings, checksum), pointer maps for the saver, and
 * the memory-buffer forms of save and load. */
#include "bytecode.h"
#include "util/mem.h"
#include <stdlib.h>
#include <string.h>

uint64_t bc_checksum(const uint8_t *p, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

/* SipHash-2-4 (Aumasson and Bernstein): a keyed hash, so a forger without the key cannot
 * compute the tag of an edited payload. */
#define ROTL(x, b) (uint64_t)(((x) << (b)) | ((x) >> (64 - (b))))
#define SIPROUND() do { \
        v0 += v1; v1 = ROTL(v1, 13); v1 ^= v0; v0 = ROTL(v0, 32); \
        v2 += v3; v3 = ROTL(v3, 16); v3 ^= v2; \
        v0 += v3; v3 = ROTL(v3, 21); v3 ^= v0; \
        v2 += v1; v1 = ROTL(v1, 17); v1 ^= v2; v2 = ROTL(v2, 32); \
    } while (0)

static uint64_t le64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++) v |= (uint64_t)p[i] << (8 * i);
    return v;
}

uint64_t bc_mac(const uint8_t key[16], const uint8_t *p, size_t n)
{
    uint64_t k0 = le64(key), k1 = le64(key + 8);
    uint64_t v0 = 0x736f6d6570736575ull ^ k0, v1 = 0x646f72616e646f6dull ^ k1;
    uint64_t v2 = 0x6c7967656e657261ull ^ k0, v3 = 0x7465646279746573ull ^ k1;
    size_t whole = n - n % 8;
    for (size_t i = 0; i < whole; i += 8) {
        uint64_t m = le64(p + i);
        v3 ^= m;
        SIPROUND();
        SIPROUND();
        v0 ^= m;
    }
    uint64_t last = (uint64_t)(n & 0xFF) << 56;
    for (size_t i = 0; i < n % 8; i++) last |= (uint64_t)p[whole + i] << (8 * i);
    v3 ^= last;
    SIPROUND();
    SIPROUND();
    v0 ^= last;
    v2 ^= 0xFF;
    for (int i = 0; i < 4; i++) SIPROUND();
    return v0 ^ v1 ^ v2 ^ v3;
}

int as_engine_set_bytecode_key(as_engine *e, const void *key, size_t len)
{
    if (!e || (key == NULL) != (len == 0) || (key && len != 16)) return AS_INVALID_ARG;
    e->has_bc_key = key != NULL;
    if (key) memcpy(e->bc_key, key, 16);
    else memset(e->bc_key, 0, sizeof e->bc_key);
    return AS_SUCCESS;
}

/* ======================================================================= writing */

void bw_bytes(bc_buf *b, const void *p, size_t n)
{
    if (b->failed || !n) return;
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + n) cap *= 2;
        uint8_t *np = mem_realloc(b->p, b->cap, cap);
        if (!np) {
            b->failed = true;
            return;
        }
        b->p = np;
        b->cap = cap;
    }
    memcpy(b->p + b->len, p, n);
    b->len += n;
}

void bw_u8(bc_buf *b, unsigned v)
{
    uint8_t c = (uint8_t)v;
    bw_bytes(b, &c, 1);
}

void bw_uv(bc_buf *b, uint64_t v)
{
    uint8_t tmp[10];
    int n = 0;
    do {
        uint8_t c = v & 0x7F;
        v >>= 7;
        tmp[n++] = (uint8_t)(c | (v ? 0x80 : 0));
    } while (v);
    bw_bytes(b, tmp, (size_t)n);
}

void bw_sv(bc_buf *b, int64_t v) { bw_uv(b, ((uint64_t)v << 1) ^ (uint64_t)(v >> 63)); }

void bw_u64(bc_buf *b, uint64_t v)
{
    uint8_t tmp[8];
    for (int i = 0; i < 8; i++) tmp[i] = (uint8_t)(v >> (8 * i));
    bw_bytes(b, tmp, 8);
}

void bw_strn(bc_buf *b, const char *s, size_t n)
{
    bw_uv(b, n);
    bw_bytes(b, s, n);
}

void bw_str(bc_buf *b, const char *s) { bw_strn(b, s ? s : "", s ? strlen(s) : 0); }

/* ======================================================================= reading */

unsigned br_u8(bc_reader *r)
{
    if (r->failed || r->p >= r->end) {
        r->failed = true;
        return 0;
    }
    return *r->p++;
}

uint64_t br_uv(bc_reader *r)
{
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
        unsigned c = br_u8(r);
        if (r->failed) return 0;
        if (shift == 63 && c > 1) break;
        v |= (uint64_t)(c & 0x7F) << shift;
        if (!(c & 0x80)) return v;
    }
    r->failed = true;
    return 0;
}

int64_t br_sv(bc_reader *r)
{
    uint64_t u = br_uv(r);
    return (int64_t)(u >> 1) ^ -(int64_t)(u & 1);
}

uint64_t br_u64(bc_reader *r)
{
    if (r->failed || r->end - r->p < 8) {
        r->failed = true;
        return 0;
    }
    uint64_t v = 0;
    for (int i = 0; i < 8; i++) v |= (uint64_t)r->p[i] << (8 * i);
    r->p += 8;
    return v;
}

uint32_t br_index(bc_reader *r, uint32_t limit)
{
    uint64_t v = br_uv(r);
    if (r->failed || v >= limit) {
        r->failed = true;
        return 0;
    }
    return (uint32_t)v;
}

uint32_t br_count(bc_reader *r, uint32_t max)
{
    uint64_t v = br_uv(r);
    if (r->failed || v > max || v > (uint64_t)(r->end - r->p)) {
        r->failed = true;
        return 0;
    }
    return (uint32_t)v;
}

const uint8_t *br_bytes(bc_reader *r, size_t *n)
{
    uint64_t len = br_uv(r);
    *n = 0;
    if (r->failed || len > (uint64_t)(r->end - r->p)) {
        r->failed = true;
        return NULL;
    }
    const uint8_t *s = r->p;
    r->p += len;
    *n = (size_t)len;
    return s;
}

const char *br_str(bc_reader *r, as_engine *e)
{
    size_t n;
    const uint8_t *s = br_bytes(r, &n);
    if (!s) return NULL;
    /* names never hold NUL bytes: interning would cut them */
    if (memchr(s, 0, n)) {
        r->failed = true;
        return NULL;
    }
    return engine_intern(e, (const char *)s, n);
}

/* ======================================================================= pointer maps */

static uint32_t ptr_hash(const void *p)
{
    uint64_t v = (uint64_t)(uintptr_t)p;
    v ^= v >> 33;
    v *= 0xff51afd7ed558ccdull;
    v ^= v >> 33;
    return (uint32_t)v;
}

int64_t ptrmap_get(const bc_ptrmap *m, const void *key)
{
    if (!m->cap) return -1;
    for (uint32_t h = ptr_hash(key) & (m->cap - 1);; h = (h + 1) & (m->cap - 1)) {
        if (!m->keys[h]) return -1;
        if (m->keys[h] == key) return m->vals[h];
    }
}

bool ptrmap_put(bc_ptrmap *m, const void *key, uint32_t val)
{
    if ((m->count + 1) * 2 > m->cap) {
        uint32_t cap = m->cap ? m->cap * 2 : 64;
        const void **keys = mem_calloc(cap, sizeof *keys);
        uint32_t *vals = mem_calloc(cap, sizeof *vals);
        if (!keys || !vals) {
            mem_free(keys);
            mem_free(vals);
            return false;
        }
        for (uint32_t i = 0; i < m->cap; i++) {
            if (!m->keys[i]) continue;
            uint32_t h = ptr_hash(m->keys[i]) & (cap - 1);
            while (keys[h]) h = (h + 1) & (cap - 1);
            keys[h] = m->keys[i];
            vals[h] = m->vals[i];
        }
        mem_free(m->keys);
        mem_free(m->vals);
        m->keys = keys;
        m->vals = vals;
        m->cap = cap;
    }
    uint32_t h = ptr_hash(key) & (m->cap - 1);
    while (m->keys[h] && m->keys[h] != key) h = (h + 1) & (m->cap - 1);
    if (!m->keys[h]) m->count++;
    m->keys[h] = key;
    m->vals[h] = val;
    return true;
}

void ptrmap_free(bc_ptrmap *m)
{
    mem_free(m->keys);
    mem_free(m->vals);
    memset(m, 0, sizeof *m);
}

/* ======================================================================= memory buffers */

typedef struct mem_out {
    bc_buf buf;
} mem_out;

static int mem_write(void *user, const void *p, size_t n)
{
    mem_out *o = user;
    bw_bytes(&o->buf, p, n);
    return o->buf.failed ? AS_OUT_OF_MEMORY : 0;
}

static int no_read(void *user, void *p, size_t n)
{
    (void)user;
    (void)p;
    (void)n;
    return AS_ERROR;
}

int as_module_save_bytecode_to_memory(as_module *m, bool strip_debug_info, void **data, size_t *size)
{
    if (!data || !size) return AS_INVALID_ARG;
    *data = NULL;
    *size = 0;
    mem_out o;
    memset(&o, 0, sizeof o);
    as_binary_stream s = {mem_write, no_read, &o};
    int r = as_module_save_bytecode(m, &s, strip_debug_info);
    if (r < 0) {
        mem_free(o.buf.p);
        return r;
    }
    *data = o.buf.p;
    *size = o.buf.len;
    return r;
}

typedef struct mem_in {
    const uint8_t *p;
    size_t left;
} mem_in;

static int mem_read(void *user, void *p, size_t n)
{
    mem_in *in = user;
    if (n > in->left) return AS_ERROR;
    memcpy(p, in->p, n);
    in->p += n;
    in->left -= n;
    return 0;
}

static int no_write(void *user, const void *p, size_t n)
{
    (void)user;
    (void)p;
    (void)n;
    return AS_ERROR;
}

int as_module_load_bytecode_from_memory(as_module *m, const void *data, size_t size, bool *was_debug_info_stripped)
{
    if (!data && size) return AS_INVALID_ARG;
    mem_in in = {data, size};
    as_binary_stream s = {no_write, mem_read, &in};
    return as_module_load_bytecode(m, &s, was_debug_info_stripped);
}
