/* The context manager: several scripts run side by side ("threads"), each thread a ring of
 * co-routines of which one runs at a time, as the SDK's CContextMgr does it. A script gives up
 * its turn with yield() (the next co-routine of its thread runs on the next turn) or sleep(ms)
 * (its thread skips turns until the time has passed); as_ctxmgr_execute_scripts gives every
 * awake thread one turn.
 *
 * Script interface:
 *   funcdef void coroutine(dictionary@)             (as_ctxmgr_register_coroutine_support)
 *   void createCoRoutine(coroutine @fn, dictionary @args)
 *   void yield()
 *   void sleep(uint ms)                             (as_ctxmgr_register_thread_support)
 *
 * A context ends when its function returns, raises an exception or is aborted; a context the
 * host asked to keep stays with the host (as_ctxmgr_done_with_context) so it can read the result,
 * every other one is destroyed then. Functions and argument objects are held until their
 * context ends: the script may drop its own handles to them meanwhile. */
#include "angelc.h"
#include "util/mem.h"
#include "angelc_addons.h"
#include <stdlib.h>
#include <string.h>

typedef struct coroutine {
    as_context *ctx;
    as_function *fn;     /* held: a lambda or delegate must outlive the handle the script passed */
    void *arg;           /* held argument object (the dictionary of createCoRoutine), or NULL */
    int arg_type_id;
} coroutine;

typedef struct thread {
    coroutine *co;
    unsigned nco, capco;
    unsigned current;    /* the co-routine that runs on this thread's next turn */
    uint32_t sleep_until;
    as_context *keep;    /* handed back to the host when it ends instead of destroyed */
} thread;

struct as_ctxmgr {
    thread **threads;
    unsigned nthreads, capthreads;
    unsigned running;    /* index of the thread whose turn it is, during execute_scripts */
    bool in_turn;
    bool abort_pending;  /* abort_all ran during a turn: release everything after it */
    uint32_t (*now_ms)(void);
};

/* Contexts the manager runs carry it in their user data under this key. */
static const char ctxmgr_key_tag;
#define CTXMGR_KEY ((uintptr_t)&ctxmgr_key_tag)

as_ctxmgr *as_ctxmgr_create(void) { return mem_calloc(1, sizeof(as_ctxmgr)); }

void as_ctxmgr_set_time_callback(as_ctxmgr *mgr, uint32_t (*now_ms)(void))
{
    if (mgr) mgr->now_ms = now_ms;
}

/* Gives up what a co-routine holds; its context too unless the host keeps it. */
static void coroutine_free(thread *t, coroutine *c)
{
    as_engine *e = as_context_engine(c->ctx);
    as_context_set_user_data(c->ctx, NULL, CTXMGR_KEY);
    if (c->ctx != t->keep) as_engine_return_context(e, c->ctx);
    if (c->arg) as_engine_release_object(e, c->arg, c->arg_type_id);
    if (c->fn) as_function_release(c->fn);
}

static void thread_free(thread *t)
{
    for (unsigned i = 0; i < t->nco; i++) {
        /* an unfinished kept context goes back to the host as it is: aborted, never resumed */
        if (t->co[i].ctx == t->keep && as_context_state(t->keep) == AS_EXECUTION_SUSPENDED) as_context_abort(t->keep);
        coroutine_free(t, &t->co[i]);
    }
    mem_free(t->co);
    mem_free(t);
}

/* Frees every thread with its co-routines. */
static void release_all(as_ctxmgr *mgr)
{
    for (unsigned i = 0; i < mgr->nthreads; i++) thread_free(mgr->threads[i]);
    mgr->nthreads = 0;
    mgr->abort_pending = false;
}

void as_ctxmgr_destroy(as_ctxmgr *mgr)
{
    if (!mgr) return;
    release_all(mgr);
    mem_free(mgr->threads);
    mem_free(mgr);
}

/* A new context for fn, prepared and marked as the manager's; NULL if fn can't be prepared.
 * Contexts come from the engine (as_engine_request_context): a host's request-context callbacks
 * give every co-routine its line callback and budget. */
static as_context *new_context(as_ctxmgr *mgr, as_engine *e, as_function *fn)
{
    as_context *ctx = as_engine_request_context(e);
    if (!ctx) return NULL;
    if (as_context_prepare(ctx, fn) < 0) {
        as_engine_return_context(e, ctx);
        return NULL;
    }
    as_context_set_user_data(ctx, mgr, CTXMGR_KEY);
    return ctx;
}

static bool thread_push(thread *t, as_context *ctx, as_function *fn)
{
    if (t->nco == t->capco) {
        unsigned cap = t->capco ? t->capco * 2 : 4;
        coroutine *co = mem_realloc(t->co, t->capco * sizeof *co, cap * sizeof *co);
        if (!co) return false;
        t->co = co;
        t->capco = cap;
    }
    as_function_addref(fn);
    t->co[t->nco++] = (coroutine){ctx, fn, NULL, 0};
    return true;
}

as_context *as_ctxmgr_add_context(as_ctxmgr *mgr, as_engine *e, as_function *fn, bool keep)
{
    if (!mgr || !e || !fn) return NULL;
    if (mgr->nthreads == mgr->capthreads) {
        unsigned cap = mgr->capthreads ? mgr->capthreads * 2 : 4;
        thread **ts = mem_realloc(mgr->threads, mgr->capthreads * sizeof *ts, cap * sizeof *ts);
        if (!ts) return NULL;
        mgr->threads = ts;
        mgr->capthreads = cap;
    }
    thread *t = mem_calloc(1, sizeof *t);
    as_context *ctx = t ? new_context(mgr, e, fn) : NULL;
    if (!ctx || !thread_push(t, ctx, fn)) {
        if (ctx) as_engine_return_context(e, ctx);
        mem_free(t);
        return NULL;
    }
    t->keep = keep ? ctx : NULL;
    mgr->threads[mgr->nthreads++] = t;
    return ctx;
}

/* The thread whose running co-routine is ctx, or NULL. */
static thread *thread_running(as_ctxmgr *mgr, const as_context *ctx)
{
    for (unsigned i = 0; i < mgr->nthreads; i++) {
        thread *t = mgr->threads[i];
        if (t->nco && t->co[t->current].ctx == ctx) return t;
    }
    return NULL;
}

/* A new co-routine in the thread whose running context is current; NULL on failure. */
static coroutine *add_coroutine(as_ctxmgr *mgr, as_context *current, as_function *fn)
{
    thread *t = thread_running(mgr, current);
    if (!t) return NULL;
    as_context *ctx = new_context(mgr, as_context_engine(current), fn);
    if (!ctx) return NULL;
    if (!thread_push(t, ctx, fn)) {
        as_engine_return_context(as_context_engine(ctx), ctx);
        return NULL;
    }
    return &t->co[t->nco - 1];
}

as_context *as_ctxmgr_add_context_for_coroutine(as_ctxmgr *mgr, as_context *current, as_function *fn)
{
    if (!mgr || !current || !fn) return NULL;
    coroutine *c = add_coroutine(mgr, current, fn);
    return c ? c->ctx : NULL;
}

void as_ctxmgr_next_coroutine(as_ctxmgr *mgr)
{
    if (!mgr || !mgr->in_turn) return;
    thread *t = mgr->threads[mgr->running];
    if (++t->current >= t->nco) t->current = 0;
}

void as_ctxmgr_set_sleeping(as_ctxmgr *mgr, as_context *ctx, uint32_t ms)
{
    if (!mgr) return;
    thread *t = thread_running(mgr, ctx);
    if (t) t->sleep_until = (mgr->now_ms ? mgr->now_ms() : 0) + ms;
}

void as_ctxmgr_done_with_context(as_ctxmgr *mgr, as_context *ctx)
{
    (void)mgr; /* a kept context left the manager when it ended */
    if (ctx) as_engine_return_context(as_context_engine(ctx), ctx);
}

/* As the SDK's AbortAll: every co-routine of every thread is aborted and its context given back
 * at once (a kept one goes to the host, aborted). From inside a turn (a host function the running
 * script called) the running context can't go yet: everything is aborted now and released when
 * the turn returns. */
void as_ctxmgr_abort_all(as_ctxmgr *mgr)
{
    if (!mgr) return;
    for (unsigned i = 0; i < mgr->nthreads; i++) {
        thread *t = mgr->threads[i];
        for (unsigned k = 0; k < t->nco; k++) as_context_abort(t->co[k].ctx);
    }
    if (mgr->in_turn) {
        mgr->abort_pending = true;
        return;
    }
    release_all(mgr);
}

/* One turn of thread i; false if the thread ended (and was removed). */
static bool run_turn(as_ctxmgr *mgr, unsigned i)
{
    thread *t = mgr->threads[i];
    unsigned cur = t->current;
    as_context *ctx = t->co[cur].ctx;
    as_engine *e = as_context_engine(ctx);
    unsigned gc_before = 0, gc_after = 0;
    as_engine_gc_statistics(e, &gc_before, NULL, NULL, NULL, NULL);
    mgr->running = i;
    mgr->in_turn = true;
    int r = as_context_execute(ctx);
    mgr->in_turn = false;
    as_engine_gc_statistics(e, &gc_after, NULL, NULL, NULL, NULL);
    bool alive = true;
    if (r != AS_EXECUTION_SUSPENDED) {
        coroutine done = t->co[cur];
        memmove(&t->co[cur], &t->co[cur + 1], (t->nco - cur - 1) * sizeof *t->co);
        t->nco--;
        if (t->current >= t->nco) t->current = 0;
        coroutine_free(t, &done);
        if (t->nco == 0) {
            thread_free(t);
            memmove(&mgr->threads[i], &mgr->threads[i + 1], (mgr->nthreads - i - 1) * sizeof *mgr->threads);
            mgr->nthreads--;
            alive = false;
        }
    }
    /* as the SDK's manager: garbage made during the turn goes at once, otherwise a step */
    if (gc_after > gc_before) as_engine_garbage_collect(e, AS_GC_FULL_CYCLE | AS_GC_DESTROY_GARBAGE, 1);
    as_engine_garbage_collect(e, AS_GC_ONE_STEP | AS_GC_DETECT_GARBAGE, 1);
    return alive;
}

int as_ctxmgr_execute_scripts(as_ctxmgr *mgr)
{
    if (!mgr) return 0;
    uint32_t now = mgr->now_ms ? mgr->now_ms() : UINT32_MAX;
    for (unsigned i = 0; i < mgr->nthreads;) {
        if (!(mgr->threads[i]->sleep_until < now)) { /* still asleep */
            i++;
            continue;
        }
        if (run_turn(mgr, i)) i++;
        if (mgr->abort_pending) release_all(mgr);
    }
    return (int)mgr->nthreads;
}

/* ======================================================================= script functions */

static as_ctxmgr *active_manager(as_context **ctx)
{
    *ctx = as_active_context();
    return *ctx ? as_context_get_user_data(*ctx, CTXMGR_KEY) : NULL;
}

/* void yield() */
static void script_yield(as_generic *g)
{
    (void)g;
    as_context *ctx;
    as_ctxmgr *mgr = active_manager(&ctx);
    if (!mgr) return; /* not run by a manager: nothing to switch to */
    as_context_suspend(ctx);
    as_ctxmgr_next_coroutine(mgr);
}

/* void sleep(uint ms) */
static void script_sleep(as_generic *g)
{
    as_context *ctx;
    as_ctxmgr *mgr = active_manager(&ctx);
    if (!mgr) return;
    as_context_suspend(ctx);
    as_ctxmgr_set_sleeping(mgr, ctx, as_generic_arg_dword(g, 0));
}

/* void createCoRoutine(coroutine @fn, dictionary @args)
 * Handles passed to a host function are its references: the co-routine keeps args', fn's goes
 * once the co-routine holds its own. */
static void script_create_coroutine(as_generic *g)
{
    as_function *fn = as_generic_arg_object(g, 0);
    void *args = as_generic_arg_object(g, 1);
    int args_tid = as_generic_arg_type_id(g, 1, NULL);
    as_context *ctx;
    as_ctxmgr *mgr = active_manager(&ctx);
    coroutine *c = fn && mgr ? add_coroutine(mgr, ctx, fn) : NULL;
    if (fn) as_function_release(fn);
    if (!c) {
        if (args) as_engine_release_object(as_generic_engine(g), args, args_tid);
        if (fn && mgr) as_context_set_exception(ctx, "Failed to create the co-routine", true);
        return;
    }
    if (args) {
        c->arg = args;
        c->arg_type_id = args_tid;
        as_context_set_arg_object(c->ctx, 0, args);
    }
}

int as_ctxmgr_register_coroutine_support(as_ctxmgr *mgr, as_engine *e)
{
    int r;
    (void)mgr; /* the scripts find their manager in their context */
    if ((r = as_register_funcdef(e, "void coroutine(dictionary@)")) < 0) return r;
    if ((r = as_register_global_function(e, "void createCoRoutine(coroutine @, dictionary @)",
                                         AS_FN(script_create_coroutine), AS_CALL_GENERIC, NULL)) < 0) return r;
    if ((r = as_register_global_function(e, "void yield()", AS_FN(script_yield), AS_CALL_GENERIC, NULL)) < 0) return r;
    return 0;
}

int as_ctxmgr_register_thread_support(as_ctxmgr *mgr, as_engine *e)
{
    (void)mgr;
    int r = as_register_global_function(e, "void sleep(uint)", AS_FN(script_sleep), AS_CALL_GENERIC, NULL);
    return r < 0 ? r : 0;
}
