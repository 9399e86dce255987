/* Every allocation angelc makes goes through these, so a host that installs its own functions
 * (as_set_global_memory_functions) sees them all. Without host functions they are libc's, with
 * one test of a global in the way. The host interface has no realloc, so callers that grow a
 * block say how big it was. */
#ifndef ANGELC_MEM_H
#define ANGELC_MEM_H

#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <stdbool.h>

typedef void *(*mem_alloc_fn)(size_t size);
typedef void (*mem_free_fn)(void *ptr);
extern mem_alloc_fn mem_user_alloc;   /* NULL: libc */
extern mem_free_fn mem_user_free;

/* Each block has a 16-byte header: its size and the account (an engine's memory use, see
 * as_engine_set_memory_limit) it was charged to. What is allocated while a thread runs a call of
 * an engine (a build, an execution, a collection, a load) is charged to that engine's account,
 * and an allocation past its limit fails (NULL) as when memory runs out. */
typedef struct mem_account {
    size_t used, peak, limit;   /* bytes; limit 0: none */
    size_t blocks;              /* blocks charged to it and not freed yet */
    bool dead;                  /* its engine is gone: freed with its last block */
} mem_account;
extern _Thread_local mem_account *mem_current_account;

void *mem_alloc(size_t n);
void mem_free(void *p);
/* Blocks without the header, for memory whose owner knows its size and account when it frees it
 * (script objects: their type's size, their engine's account): small objects stay in the
 * allocator's smaller size class. Zeroed; freed with the same account and size. */
void *mem_sized_calloc(mem_account *a, size_t n);
void mem_sized_free(mem_account *a, void *p, size_t n);
/* An account (not itself charged to one), and its release by the engine it belongs to. */
mem_account *mem_account_new(void);
void mem_account_release(mem_account *a);
/* Zeroed n * size bytes; NULL on overflow. */
void *mem_calloc(size_t n, size_t size);
/* Grows or shrinks p (old_size bytes, may be NULL) to new_size; on failure p is left as it was. */
void *mem_realloc(void *p, size_t old_size, size_t new_size);
char *mem_strdup(const char *s);
char *mem_strndup(const char *s, size_t n);

/* Running out of memory where giving up is the only way (the compiler's arenas, lists and
 * tables): mem_fail() jumps back to the innermost guard of this thread, which unwinds the whole
 * operation (a build fails with "out of memory"). Outside a guard it returns, and the caller
 * carries on with what it has (a list not grown: VEC_PUSH drops the item; a NULL). Guards are
 * never set around host code (callbacks), so no host frame is jumped over. */
typedef struct mem_cleanup mem_cleanup;
typedef struct mem_guard {
    jmp_buf jb;
    struct mem_guard *prev;
    mem_cleanup *cleanups;   /* the cleanup stack's top when the guard was pushed */
    /* run at the point of failure, before the jump, while the frames being unwound still exist
     * (what they own can only be freed then), or NULL */
    void (*on_fail)(void *ctx);
    void *ctx;
} mem_guard;
extern _Thread_local mem_guard *mem_guard_top;
/* What a function holds only in its own frame (a parser's token array, a scratch list) would be
 * lost when a guard's jump unwinds the frame: it registers a cleanup for the time it holds it.
 * A jump runs the cleanups pushed since its guard (innermost first) before it leaves; pops are
 * in reverse order of pushes, whether or not a guard is set. */
struct mem_cleanup {
    mem_cleanup *prev;
    void (*fn)(void *ctx);
    void *ctx;
};
extern _Thread_local mem_cleanup *mem_cleanup_top;
static inline void mem_cleanup_push(mem_cleanup *c, void (*fn)(void *), void *ctx)
{
    c->prev = mem_cleanup_top;
    c->fn = fn;
    c->ctx = ctx;
    mem_cleanup_top = c;
}
static inline void mem_cleanup_pop(mem_cleanup *c) { mem_cleanup_top = c->prev; }
/* mem_guard_push(&g, on_fail, ctx); if (setjmp(g.jb)) { out of memory: clean up } then the work,
 * then mem_guard_end(&g). */
static inline void mem_guard_push(mem_guard *g, void (*on_fail)(void *), void *ctx)
{
    g->cleanups = mem_cleanup_top;
    g->prev = mem_guard_top;
    g->on_fail = on_fail;
    g->ctx = ctx;
    mem_guard_top = g;
}
static inline void mem_guard_end(mem_guard *g) { mem_guard_top = g->prev; }
/* Around calls into host code inside a guarded operation. */
static inline mem_guard *mem_guard_suspend(void) { mem_guard *g = mem_guard_top; mem_guard_top = NULL; return g; }
static inline void mem_guard_resume(mem_guard *g) { mem_guard_top = g; }
_Noreturn void mem_fail_jump(void);
static inline void mem_fail(void) { if (mem_guard_top) mem_fail_jump(); }
/* mem_alloc/mem_calloc that jump on failure inside a guard (else may return NULL). */
static inline void *mem_alloc_g(size_t n) { void *p = mem_alloc(n); if (!p) mem_fail(); return p; }
static inline void *mem_calloc_g(size_t n, size_t size) { void *p = mem_calloc(n, size); if (!p) mem_fail(); return p; }

#endif
