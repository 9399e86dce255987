/* The allocator all of angelc uses, and the public calls that replace it. */
#include "mem.h"
#include "angelc.h"
#include <stdint.h>

mem_alloc_fn mem_user_alloc;
mem_free_fn mem_user_free;
_Thread_local mem_guard *mem_guard_top;
_Thread_local mem_cleanup *mem_cleanup_top;
_Thread_local mem_account *mem_current_account;

typedef struct mem_header {
    size_t size;
    mem_account *acct;
} mem_header;   /* 16 bytes: blocks stay 16-byte aligned */

static void *raw_alloc(size_t n, bool zero)
{
    if (!mem_user_alloc) return zero ? calloc(1, n) : malloc(n);
    void *p = mem_user_alloc(n ? n : 1);
    if (p && zero) memset(p, 0, n);
    return p;
}

static void raw_free(void *p)
{
    if (mem_user_free) { if (p) mem_user_free(p); }
    else free(p);
}

/* Whether n more bytes fit the account's limit. */
static bool fits(const mem_account *a, size_t n) { return !a || !a->limit || (n <= a->limit && a->used <= a->limit - n); }

/* A block of n bytes charged to a (may be NULL), and given back. */
static void charge(mem_account *a, size_t n)
{
    if (!a) return;
    a->used += n;
    if (a->used > a->peak) a->peak = a->used;
    a->blocks++;
}

static void discharge(mem_account *a, size_t n)
{
    if (!a) return;
    a->used -= n;
    if (--a->blocks == 0 && a->dead) raw_free(a);
}

static void *alloc_block(size_t n, bool zero)
{
    mem_account *a = mem_current_account;
    if (n > SIZE_MAX - sizeof(mem_header) || !fits(a, n)) return NULL;
    mem_header *h = raw_alloc(n + sizeof *h, zero);
    if (!h) return NULL;
    h->size = n;
    h->acct = a;
    charge(a, n);
    return h + 1;
}

void *mem_alloc(size_t n) { return alloc_block(n, false); }

void *mem_sized_calloc(mem_account *a, size_t n)
{
    if (!fits(a, n)) return NULL;
    void *p = raw_alloc(n, true);
    if (p) charge(a, n);
    return p;
}

void mem_sized_free(mem_account *a, void *p, size_t n)
{
    if (!p) return;
    raw_free(p);
    discharge(a, n);
}

void mem_free(void *p)
{
    if (!p) return;
    mem_header *h = (mem_header *)p - 1;
    mem_account *a = h->acct;
    size_t n = h->size;
    raw_free(h);
    discharge(a, n);
}

mem_account *mem_account_new(void) { return raw_alloc(sizeof(mem_account), true); }

void mem_account_release(mem_account *a)
{
    if (!a) return;
    if (a->blocks) a->dead = true;   /* blocks outlive the engine (a buffer the host frees later) */
    else raw_free(a);
}

_Noreturn void mem_fail_jump(void)
{
    mem_guard *g = mem_guard_top;
    mem_guard_top = g->prev;
    while (mem_cleanup_top && mem_cleanup_top != g->cleanups) {
        mem_cleanup *c = mem_cleanup_top;
        mem_cleanup_top = c->prev;
        c->fn(c->ctx);
    }
    if (g->on_fail) g->on_fail(g->ctx);
    longjmp(g->jb, 1);
}

void *mem_calloc(size_t n, size_t size)
{
    if (size && n > SIZE_MAX / size) return NULL;
    return alloc_block(n * size, true);
}

void *mem_realloc(void *p, size_t old_size, size_t new_size)
{
    if (p && !mem_user_alloc) {
        /* libc grows in place when it can; the block stays with the account it was charged to */
        mem_header *h = (mem_header *)p - 1;
        mem_account *a = h->acct;
        size_t was = h->size;
        if (new_size > was && !fits(a, new_size - was)) return NULL;
        if (new_size > SIZE_MAX - sizeof *h) return NULL;
        mem_header *nh = realloc(h, new_size + sizeof *nh);
        if (!nh) return NULL;
        nh->size = new_size;
        if (a) {
            /* the same block at its new size (its count stays, so a dead account stays too) */
            a->used = a->used - was + new_size;
            if (a->used > a->peak) a->peak = a->used;
        }
        return nh + 1;
    }
    void *q = mem_alloc(new_size);
    if (!q) return NULL;
    if (p) {
        memcpy(q, p, old_size < new_size ? old_size : new_size);
        mem_free(p);
    }
    return q;
}

char *mem_strndup(const char *s, size_t n)
{
    char *r = mem_alloc(n + 1);
    if (!r) return NULL;
    memcpy(r, s, n);
    r[n] = 0;
    return r;
}

char *mem_strdup(const char *s) { return mem_strndup(s, strlen(s)); }

/* The reference's contract: set before the first engine is made, reset after the last is gone;
 * memory allocated under one pair of functions is freed by the same pair. */
int as_set_global_memory_functions(as_alloc_fn alloc, as_free_fn free_fn)
{
    if (!alloc || !free_fn) return AS_INVALID_ARG;
    mem_user_alloc = alloc;
    mem_user_free = free_fn;
    return AS_SUCCESS;
}

int as_reset_global_memory_functions(void)
{
    mem_user_alloc = NULL;
    mem_user_free = NULL;
    return AS_SUCCESS;
}

void *as_alloc_mem(size_t size) { return mem_alloc(size); }
void as_free_mem(void *p) { mem_free(p); }
