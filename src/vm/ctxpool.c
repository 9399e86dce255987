/* The engine's context pool (asIScriptEngine::RequestContext / ReturnContext): hosts that run
 * many short calls reuse contexts and their stacks instead of creating one each time. */
#include "vm.h"

int as_engine_set_context_callbacks(as_engine *e, as_request_context_fn request, as_return_context_fn ret, void *user)
{
    if (!e || (!request) != (!ret)) return AS_INVALID_ARG;
    e->ctx_request = request;
    e->ctx_return = ret;
    e->ctx_user = user;
    return AS_SUCCESS;
}

as_context *as_engine_request_context(as_engine *e)
{
    if (!e) return NULL;
    if (e->ctx_request) return e->ctx_request(e, e->ctx_user);
    if (e->ctx_pool.count) {
        /* pooled contexts do not keep the engine alive; handed out, they do again */
        as_context *ctx = e->ctx_pool.data[--e->ctx_pool.count];
        as_engine_addref(e);
        ctx->holds_engine = true;
        return ctx;
    }
    return as_context_create(e);
}

void as_engine_return_context(as_engine *e, as_context *ctx)
{
    if (!e || !ctx || ctx->engine != e) return;
    if (e->ctx_return) {
        e->ctx_return(e, ctx, e->ctx_user);
        return;
    }
    /* a context still running a call can't be unprepared: returning it then is a host error,
     * and it is left alone rather than handed out again while in use */
    if (as_context_unprepare(ctx) < 0) return;
    VEC_RESERVE(e->ctx_pool, e->ctx_pool.count + 1);
    if (e->ctx_pool.count >= e->ctx_pool.cap) {
        as_context_destroy(ctx);   /* out of memory: not kept */
        return;
    }
    VEC_PUSH(e->ctx_pool, ctx);
    if (ctx->holds_engine) {
        ctx->holds_engine = false;
        as_engine_release(e);    /* may free the engine, and the pool with ctx */
    }
}

void ctxpool_free(as_engine *e)
{
    for (int i = 0; i < e->ctx_pool.count; i++) as_context_destroy(e->ctx_pool.data[i]);
    VEC_FREE(e->ctx_pool);
}
