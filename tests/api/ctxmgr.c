/* The context manager add-on (as_ctxmgr_*):
 *  - two host threads take turns, sleep() with a host clock skips a thread's turns until its
 *    time has passed, the kept context keeps its result after its end;
 *  - co-routines created from script and from C (as_ctxmgr_add_context_for_coroutine) share
 *    their thread's turns;
 *  - abort_all ends everything; destroying a manager with contexts still suspended releases
 *    what they hold (ASan checks the leaks);
 *  - every context, co-routines included, comes from the engine's request-context callback and
 *    goes back through its return callback, abort_all giving them back at once (issue 14);
 *  - misuse: NULL managers, functions and contexts are refused without a crash. */
#include "angelc.h"
#include "angelc_addons.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

static char out[1024];
static void print(as_generic *g)
{
    size_t n;
    const char *s = as_string_data(as_generic_arg_object(g, 0), &n);
    strncat(out, s, n < sizeof out - strlen(out) - 1 ? n : sizeof out - strlen(out) - 1);
}

static void on_message(const as_message *m, void *user)
{
    (void)user;
    fprintf(stderr, "%s:%d:%d: %s\n", m->section, m->row, m->col, m->message);
}

static uint32_t clock_ms;
static uint32_t now_ms(void) { return clock_ms; }

static const char *src =
    "int ticks = 0;\n"
    "void fast() { for (int i = 0; i < 3; i++) { print('f' + i); sleep(0); } }\n"
    "void slow() { print('s0'); sleep(100); print('s1'); }\n"
    "int answer() { yield(); print('a'); return 42; }\n"
    "void co(dictionary @d) { print('c' + int(d['n'])); yield(); print('C'); }\n"
    "void spawn() { dictionary d = {{'n', 7}}; createCoRoutine(co, d); yield(); print('S'); }\n"
    "void forever() { while (true) { ticks++; yield(); } }\n";

static as_engine *setup(as_ctxmgr *mgr, as_module **m)
{
    as_engine *e = as_engine_create();
    REQUIRE(e);
    as_engine_set_message_callback(e, on_message, NULL);
    REQUIRE(as_register_string(e) >= 0 && as_register_array(e, true) >= 0 && as_register_dictionary(e) >= 0);
    REQUIRE(as_register_global_function(e, "void print(const string &in)", AS_FN(print), AS_CALL_GENERIC, NULL) >= 0);
    REQUIRE(as_ctxmgr_register_thread_support(mgr, e) >= 0);
    REQUIRE(as_ctxmgr_register_coroutine_support(mgr, e) >= 0);
    *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    REQUIRE(as_module_add_section(*m, "m", src, strlen(src), 0) >= 0);
    REQUIRE(as_module_build(*m) >= 0);
    return e;
}

static void threads_and_sleep(void)
{
    as_ctxmgr *mgr = as_ctxmgr_create();
    as_module *m;
    as_engine *e = setup(mgr, &m);
    as_ctxmgr_set_time_callback(mgr, now_ms);
    clock_ms = 1;
    out[0] = 0;
    CHECK(as_ctxmgr_add_context(mgr, e, as_module_function_by_decl(m, "void fast()"), false));
    CHECK(as_ctxmgr_add_context(mgr, e, as_module_function_by_decl(m, "void slow()"), false));
    as_context *keep = as_ctxmgr_add_context(mgr, e, as_module_function_by_decl(m, "int answer()"), true);
    CHECK(keep);
    int turns = 0, n;
    while ((n = as_ctxmgr_execute_scripts(mgr)) > 0 && turns < 100) {
        turns++;
        clock_ms += 10; /* slow sleeps ten turns */
    }
    CHECK(n == 0);
    CHECK(strcmp(out, "f0s0f1af2s1") == 0);
    CHECK(as_context_state(keep) == AS_EXECUTION_FINISHED);
    CHECK(as_context_return_dword(keep) == 42);
    as_ctxmgr_done_with_context(mgr, keep);
    as_ctxmgr_destroy(mgr);
    as_engine_destroy(e);
}

static void coroutines(void)
{
    as_ctxmgr *mgr = as_ctxmgr_create();
    as_module *m;
    as_engine *e = setup(mgr, &m);
    out[0] = 0;
    as_context *main_ctx = as_ctxmgr_add_context(mgr, e, as_module_function_by_decl(m, "void spawn()"), false);
    CHECK(main_ctx);
    /* from C: a co-routine in the same thread, before the thread has run */
    CHECK(as_ctxmgr_add_context_for_coroutine(mgr, main_ctx, as_module_function_by_decl(m, "int answer()")));
    CHECK(!as_ctxmgr_add_context_for_coroutine(mgr, NULL, as_module_function_by_decl(m, "int answer()")));
    while (as_ctxmgr_execute_scripts(mgr) > 0) {}
    CHECK(strcmp(out, "c7SaC") == 0); /* the ring: spawn, answer, co */
    as_ctxmgr_destroy(mgr);
    as_engine_destroy(e);
}

static void abort_and_destroy(void)
{
    as_ctxmgr *mgr = as_ctxmgr_create();
    as_module *m;
    as_engine *e = setup(mgr, &m);
    as_function *forever = as_module_function_by_decl(m, "void forever()");
    as_context *kept = as_ctxmgr_add_context(mgr, e, forever, true);
    CHECK(as_ctxmgr_add_context(mgr, e, as_module_function_by_decl(m, "void spawn()"), false));
    for (int i = 0; i < 5; i++) CHECK(as_ctxmgr_execute_scripts(mgr) >= 1);
    as_ctxmgr_abort_all(mgr);
    CHECK(as_ctxmgr_execute_scripts(mgr) == 0);
    CHECK(as_context_state(kept) == AS_EXECUTION_ABORTED);
    as_ctxmgr_done_with_context(mgr, kept);
    /* a manager destroyed while its scripts are suspended */
    kept = as_ctxmgr_add_context(mgr, e, forever, true);
    CHECK(as_ctxmgr_add_context(mgr, e, as_module_function_by_decl(m, "void spawn()"), false));
    as_ctxmgr_execute_scripts(mgr);
    as_ctxmgr_destroy(mgr);
    CHECK(as_context_state(kept) == AS_EXECUTION_ABORTED);
    as_context_destroy(kept);
    as_engine_destroy(e);
}

/* The host's context pool sees every context of the manager: co-routines made by the script
 * are requested from it, and abort_all returns them all without another turn. */
static int requested, returned, with_line_cb;
static void count_line(as_context *ctx, void *user) { (void)ctx; (void)user; }
static as_context *pool_request(as_engine *e, void *user)
{
    (void)user;
    requested++;
    as_context *ctx = as_context_create(e);
    if (ctx && as_context_set_line_callback(ctx, count_line, NULL) >= 0) with_line_cb++;
    return ctx;
}
static void pool_return(as_engine *e, as_context *ctx, void *user)
{
    (void)e;
    (void)user;
    returned++;
    as_context_destroy(ctx);
}

static void contexts_from_host_pool(void)
{
    as_ctxmgr *mgr = as_ctxmgr_create();
    as_module *m;
    as_engine *e = setup(mgr, &m);
    REQUIRE(as_engine_set_context_callbacks(e, pool_request, pool_return, NULL) >= 0);
    requested = returned = with_line_cb = 0;
    /* spawn() makes a co-routine that runs forever in its thread: two contexts, both the host's */
    as_function *spawn = as_module_function_by_decl(m, "void spawn()");
    REQUIRE(as_ctxmgr_add_context(mgr, e, spawn, false));
    const char *extra = "void spin(dictionary @d) { while (true) yield(); }\n"
                        "void many() { for (int i = 0; i < 3; i++) createCoRoutine(spin, null); while (true) yield(); }\n";
    as_module *m2 = as_engine_get_module(e, "m2", AS_GM_ALWAYS_CREATE);
    REQUIRE(as_module_add_section(m2, "m2", extra, strlen(extra), 0) >= 0);
    REQUIRE(as_module_build(m2) >= 0);
    REQUIRE(as_ctxmgr_add_context(mgr, e, as_module_function_by_decl(m2, "void many()"), false));
    for (int i = 0; i < 3; i++) CHECK(as_ctxmgr_execute_scripts(mgr) == 2);
    CHECK(requested == 7);              /* spawn + co, many + 3 spins, and the context of m2's initialisers */
    CHECK(with_line_cb == requested);
    CHECK(returned == 2);               /* co finished ('C'), the initialiser's context */
    as_ctxmgr_abort_all(mgr);
    CHECK(returned == requested);       /* no turn needed: everything is given back */
    CHECK(as_ctxmgr_execute_scripts(mgr) == 0);
    /* the manager is usable again afterwards */
    out[0] = 0;
    REQUIRE(as_ctxmgr_add_context(mgr, e, as_module_function_by_decl(m, "int answer()"), false));
    while (as_ctxmgr_execute_scripts(mgr) > 0) {}
    CHECK(strcmp(out, "a") == 0);
    CHECK(returned == requested);
    as_ctxmgr_destroy(mgr);
    as_engine_destroy(e);
}

/* abort_all from a host function during a turn: the running script stops and everything is
 * released when its turn returns */
static as_ctxmgr *abort_mgr;
static void host_abort_all(as_generic *g)
{
    (void)g;
    as_ctxmgr_abort_all(abort_mgr);
}

static void abort_from_script(void)
{
    as_ctxmgr *mgr = as_ctxmgr_create();
    as_module *m;
    as_engine *e = setup(mgr, &m);
    abort_mgr = mgr;
    REQUIRE(as_register_global_function(e, "void abortAll()", AS_FN(host_abort_all), AS_CALL_GENERIC, NULL) >= 0);
    REQUIRE(as_engine_set_context_callbacks(e, pool_request, pool_return, NULL) >= 0);
    requested = returned = 0;
    const char *src2 = "void stopper() { yield(); abortAll(); print('not reached'); }\n";
    as_module *m2 = as_engine_get_module(e, "m2", AS_GM_ALWAYS_CREATE);
    REQUIRE(as_module_add_section(m2, "m2", src2, strlen(src2), 0) >= 0);
    REQUIRE(as_module_build(m2) >= 0);
    out[0] = 0;
    REQUIRE(as_ctxmgr_add_context(mgr, e, as_module_function_by_decl(m, "void forever()"), false));
    REQUIRE(as_ctxmgr_add_context(mgr, e, as_module_function_by_decl(m2, "void stopper()"), false));
    CHECK(as_ctxmgr_execute_scripts(mgr) == 2);
    CHECK(as_ctxmgr_execute_scripts(mgr) == 0);
    CHECK(strcmp(out, "") == 0);
    CHECK(returned == requested);
    as_ctxmgr_destroy(mgr);
    as_engine_destroy(e);
}

static void misuse(void)
{
    CHECK(as_ctxmgr_execute_scripts(NULL) == 0);
    CHECK(as_ctxmgr_add_context(NULL, NULL, NULL, false) == NULL);
    as_ctxmgr_next_coroutine(NULL);
    as_ctxmgr_abort_all(NULL);
    as_ctxmgr_destroy(NULL);
    as_ctxmgr *mgr = as_ctxmgr_create();
    as_module *m;
    as_engine *e = setup(mgr, &m);
    CHECK(as_ctxmgr_add_context(mgr, e, NULL, false) == NULL);
    as_ctxmgr_next_coroutine(mgr); /* outside a turn: nothing */
    /* yield and sleep on a context the manager doesn't run: they return at once */
    as_context *ctx = as_context_create(e);
    CHECK(as_context_prepare(ctx, as_module_function_by_decl(m, "int answer()")) >= 0);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED && as_context_return_dword(ctx) == 42);
    as_context_destroy(ctx);
    as_ctxmgr_destroy(mgr);
    as_engine_destroy(e);
}

int main(void)
{
    threads_and_sleep();
    coroutines();
    abort_and_destroy();
    misuse();
    group("contexts from the host's pool", contexts_from_host_pool);
    group("abort_all during a turn", abort_from_script);
    return failures ? 1 : 0;
}
