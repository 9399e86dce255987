#include "stack.h"
#include "util/mem.h"
#include <stdlib.h>
#include <string.h>

/* 16 KB: most scripts never go deeper (a context's first chunk is most of an empty run's stack);
 * deeper calls chain larger chunks */
#define FIRST_CHUNK_SLOTS 2048
#define MAX_CHUNK_SLOTS (1u << 20)
/* Without a limit set by the host, stop runaway recursion before it exhausts memory. */
#define DEFAULT_MAX_CALLS 1000000u
#define DEFAULT_MAX_STACK_BYTES ((size_t)256 << 20)

static size_t chunk_total_bytes(const as_context *ctx)
{
    size_t n = 0;
    for (const as_stack_chunk *c = ctx->chunk; c; c = c->prev) n += c->nslots * sizeof(as_slot);
    return n;
}

/* Makes the chunk after the current one hold at least `need` slots; NULL if over the limit
 * (*exc: "Stack overflow") or out of memory (*exc: "out of memory"). */
static as_stack_chunk *next_chunk(as_context *ctx, size_t need, const char **exc)
{
    as_stack_chunk *cur = ctx->chunk;
    if (cur && cur->next && cur->next->nslots >= need) return cur->next;
    if (cur && cur->next) {
        /* too small: drop it and any after it */
        as_stack_chunk *c = cur->next;
        while (c) {
            as_stack_chunk *n = c->next;
            mem_free(c);
            c = n;
        }
        cur->next = NULL;
    }
    size_t n = cur ? cur->nslots * 2 : FIRST_CHUNK_SLOTS;
    if (n > MAX_CHUNK_SLOTS) n = MAX_CHUNK_SLOTS;
    if (n < need) n = need;
    size_t limit = ctx->engine->props[AS_EP_MAX_STACK_SIZE] > 0 ? (size_t)ctx->engine->props[AS_EP_MAX_STACK_SIZE]
                                                                : DEFAULT_MAX_STACK_BYTES;
    if (cur && chunk_total_bytes(ctx) + n * sizeof(as_slot) > limit) {
        *exc = "Stack overflow";
        return NULL;
    }
    as_stack_chunk *c = mem_alloc(sizeof *c + (n + CHUNK_PAD) * sizeof(as_slot));
    if (!c) {
        *exc = "out of memory";
        return NULL;
    }
    c->nslots = n;
    c->end = c->slots + n;
    c->prev = cur;
    c->next = NULL;
    if (cur) cur->next = c;
    return c;
}

uint32_t stack_max_calls(const as_context *ctx)
{
    return ctx->engine->props[AS_EP_MAX_CALL_STACK_SIZE] > 0 ? (uint32_t)ctx->engine->props[AS_EP_MAX_CALL_STACK_SIZE]
                                                              : DEFAULT_MAX_CALLS;
}

static bool grow_calls(as_context *ctx)
{
    uint32_t ncap = ctx->calls_cap ? ctx->calls_cap * 2 : 64;
    as_callinfo *n = mem_realloc(ctx->calls, ctx->calls_cap * sizeof *n, ncap * sizeof *n);
    if (!n) return false;
    ctx->calls = n;
    ctx->calls_cap = ncap;
    stack_limits(ctx);
    return true;
}

as_callinfo *stack_push_frame(as_context *ctx, as_function *f, as_slot *args, bool entry, const char **exc)
{
    uint32_t max = stack_max_calls(ctx);
    ctx->max_calls = max;
    stack_limits(ctx);
    if (ctx->ncalls >= max) {
        *exc = "Stack overflow";
        return NULL;
    }
    if (ctx->ncalls == ctx->calls_cap && !grow_calls(ctx)) {
        *exc = "out of memory";
        return NULL;
    }
    /* the new frame starts above the caller's whole frame; arguments are copied in, so the
     * caller's temporaries stay intact during the call */
    as_stack_chunk *chunk = ctx->chunk;
    as_slot *fp = args;
    if (ctx->ncalls && !entry) {
        as_callinfo *top = &ctx->calls[ctx->ncalls - 1];
        fp = top->fp + top->fn->bc.nslots;
    }
    if (!entry && fp + f->bc.nslots > chunk->slots + chunk->nslots) {
        as_stack_chunk *c = next_chunk(ctx, f->bc.nslots, exc);
        if (!c) return NULL;
        fp = c->slots;
        chunk = c;
        ctx->chunk = c;
    }
    if (fp != args) memcpy(fp, args, f->nargslots * sizeof(as_slot));
    as_callinfo *ci = &ctx->calls[ctx->ncalls++];
    ci->fn = f;
    ci->fp = fp;
    ci->pc = f->bc.code;
    ci->result = args;
    ci->chunk = chunk;
    ci->entry = entry;
    return ci;
}

as_slot *stack_top(as_context *ctx, size_t need)
{
    if (!ctx->chunk) {
        const char *exc;
        ctx->chunk = next_chunk(ctx, need, &exc);
        if (!ctx->chunk) return NULL;
    }
    as_slot *top = ctx->chunk->slots;
    if (ctx->ncalls) {
        as_callinfo *ci = &ctx->calls[ctx->ncalls - 1];
        top = ci->fp + (ci->fn->kind == FN_SCRIPT ? ci->fn->bc.nslots : ci->fn->nargslots);
    }
    if (top + need > ctx->chunk->slots + ctx->chunk->nslots) {
        const char *exc;
        as_stack_chunk *c = next_chunk(ctx, need, &exc);
        if (!c) return NULL;
        ctx->chunk = c;
        top = c->slots;
    }
    return top;
}

void stack_free(as_context *ctx)
{
    as_stack_chunk *c = ctx->chunk;
    while (c && c->prev) c = c->prev;
    while (c) {
        as_stack_chunk *n = c->next;
        mem_free(c);
        c = n;
    }
    ctx->chunk = NULL;
    mem_free(ctx->calls);
    ctx->calls = NULL;
    ctx->ncalls = ctx->calls_cap = 0;
    stack_limits(ctx);
}
