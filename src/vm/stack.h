/* Frame and call-info management of a context. */
#ifndef AS_STACK_H
#define AS_STACK_H
#include "vm.h"

/* Pushes a frame for f whose arguments are at args (in the caller's frame). Returns NULL and sets
 * *exc to the message on stack overflow. */
as_callinfo *stack_push_frame(as_context *ctx, as_function *f, as_slot *args, bool entry, const char **exc);
static inline void stack_pop_frame(as_context *ctx)
{
    ctx->ncalls--;
    if (ctx->ncalls) ctx->chunk = ctx->calls[ctx->ncalls - 1].chunk;
}
uint32_t stack_max_calls(const as_context *ctx);
/* Sets calls_fast after calls_cap or max_calls changed. */
static inline void stack_limits(as_context *ctx) { ctx->calls_fast = ctx->calls_cap < ctx->max_calls ? ctx->calls_cap : ctx->max_calls; }
/* First free slot above the innermost frame: where a host call places its arguments. */
as_slot *stack_top(as_context *ctx, size_t need);
void stack_free(as_context *ctx);

#endif
