/* Line callbacks, abort, suspend/resume and call stack inspection:
 *  - the line callback is called with the lines of the statements as they run (checked with
 *    as_context_line_number inside it), with its user pointer; cleared, it is not called;
 *  - as_context_abort from the line callback stops an endless loop: AS_EXECUTION_ABORTED, the
 *    context can be prepared again; objects of the aborted frames are released;
 *  - as_context_suspend from the line callback: AS_EXECUTION_SUSPENDED, executing again goes on
 *    where it stopped and the final result equals an uninterrupted run; suspend from a
 *    registered function (a co-operative yield); a suspended context can be unprepared or
 *    aborted;
 *  - call stack inspection from a C function called by the script: as_context_callstack_size,
 *    as_context_function per level, as_context_line_number (line, column, section) per level;
 *    the same from the line callback; and for nested contexts.
 *
 * CHECK prints file:line and the condition and marks the test failed (exit 1 at the end);
 * REQUIRE exits at once. Groups run in child processes so a crash fails only its group. */
#define _POSIX_C_SOURCE 200809L
#include "angelc.h"
#include "angelc_addons.h"
#include <sys/wait.h>
#include <unistd.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

static int errors;
static char first_error[256];
static void on_message(const as_message *m, void *user)
{
    (void)user;
    if (m->type == AS_MSG_ERROR) {
        if (!errors) snprintf(first_error, sizeof first_error, "%s:%d:%d: %s", m->section, m->row, m->col, m->message);
        errors++;
    }
}

static as_engine *engine;
static as_module *mod;

static as_function *fn(const char *name)
{
    as_function *f = as_module_function_by_name(mod, name);
    if (!f) fprintf(stderr, "  no function '%s'\n", name);
    return f;
}

typedef struct { int refs; } Res;
static int res_live;
static Res *res_factory(void) { Res *r = calloc(1, sizeof *r); r->refs = 1; res_live++; return r; }
static void res_addref(Res *r) { r->refs++; }
static void res_release(Res *r) { if (--r->refs == 0) { free(r); res_live--; } }

/* ===================================================================== call stack from C */

static struct { unsigned size; char names[8][32]; int lines[8], cols[8]; char sections[8][32]; int calls; } stack;
static void record_stack(as_context *ctx)
{
    stack.calls++;
    stack.size = as_context_callstack_size(ctx);
    for (unsigned i = 0; i < stack.size && i < 8; i++) {
        as_function *f = as_context_function(ctx, i);
        snprintf(stack.names[i], sizeof stack.names[i], "%s", f ? as_function_name(f) : "(null)");
        const char *sec = NULL;
        stack.cols[i] = -1;
        stack.lines[i] = as_context_line_number(ctx, i, &stack.cols[i], &sec);
        snprintf(stack.sections[i], sizeof stack.sections[i], "%s", sec ? sec : "(null)");
    }
    CHECK(as_context_function(ctx, stack.size) == NULL);
    CHECK(as_context_line_number(ctx, stack.size, NULL, NULL) < 0);
}
static void inspect(as_generic *g) { (void)g; record_stack(as_active_context()); }

static int yields;
static void yield_fn(as_generic *g) { (void)g; yields++; CHECK(as_context_suspend(as_active_context()) == AS_SUCCESS); }

static const char *script =
    "int lines() {\n"                                /* 1 */
    "  int a = 1;\n"                                 /* 2 */
    "  for (int i = 0; i < 2; i++)\n"                /* 3 */
    "    a += i;\n"                                  /* 4 */
    "  return a;\n"                                  /* 5 */
    "}\n"                                            /* 6 */
    "void forever() { Res r; while (true) { } }\n"   /* 7 */
    "int count = 0;\n"                               /* 8 */
    "int work() {\n"                                 /* 9 */
    "  int s = 0;\n"                                 /* 10 */
    "  for (int i = 0; i < 100; i++) {\n"            /* 11 */
    "    s += i * i;\n"                              /* 12 */
    "    count++;\n"                                 /* 13 */
    "  }\n"                                          /* 14 */
    "  return s;\n"                                  /* 15 */
    "}\n"                                            /* 16 */
    "int co() {\n"                                   /* 17 */
    "  int s = 0;\n"                                 /* 18 */
    "  for (int i = 1; i <= 3; i++) { s += i; yield(); }\n"  /* 19 */
    "  return s;\n"                                  /* 20 */
    "}\n"                                            /* 21 */
    "void c() {\n"                                   /* 22 */
    "  int x = 1;\n"                                 /* 23 */
    "  inspect();\n"                                 /* 24 */
    "}\n"                                            /* 25 */
    "void b() { c(); }\n"                            /* 26 */
    "void a() {\n"                                   /* 27 */
    "  int y = 2;\n"                                 /* 28 */
    "  b();\n"                                       /* 29 */
    "}\n"                                            /* 30 */
    "int deep(int n) { if (n == 0) { inspect(); return 0; } return deep(n - 1) + 1; }\n"   /* 31 */
    "void recurse_forever(int n) { Res r; recurse_forever(n + 1); }\n";                   /* 32 */

/* ===================================================================== line callback */

static struct { int n; int lines[256]; void *user; as_context *ctx; } seen;
static void on_line(as_context *ctx, void *user)
{
    seen.user = user;
    seen.ctx = ctx;
    if (seen.n < 256) seen.lines[seen.n++] = as_context_line_number(ctx, 0, NULL, NULL);
}

static void test_line_callback(void)
{
    as_context *ctx = as_context_create(engine);
    REQUIRE(ctx != NULL);
    int token;
    memset(&seen, 0, sizeof seen);
    CHECK(as_context_set_line_callback(ctx, on_line, &token) == AS_SUCCESS);
    as_function *f = fn("lines");
    REQUIRE(f != NULL);
    CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(as_context_return_dword(ctx) == 2);
    CHECK(seen.n > 0);
    CHECK(seen.user == &token && seen.ctx == ctx);
    /* every statement line is reported, in order of execution; the loop body twice */
    int count[7] = {0};
    bool in_range = true;
    for (int i = 0; i < seen.n; i++) {
        if (seen.lines[i] < 1 || seen.lines[i] > 6) in_range = false;
        else count[seen.lines[i]]++;
    }
    if (!in_range || count[2] < 1 || count[4] != 2) {
        fprintf(stderr, "  lines seen:");
        for (int i = 0; i < seen.n; i++) fprintf(stderr, " %d", seen.lines[i]);
        fprintf(stderr, "\n");
    }
    CHECK(in_range);
    CHECK(count[2] >= 1);
    CHECK(count[3] >= 3);      /* init + condition checks */
    CHECK(count[4] == 2);      /* the reference reports it exactly twice */
    CHECK(count[5] >= 1);
    CHECK(seen.n > 0 && seen.lines[0] == 2);
    CHECK(seen.n > 0 && seen.lines[seen.n - 1] == 5);
    /* line 4 comes after the first line 3 and before the last line 5 */
    int first3 = -1, first4 = -1;
    for (int i = 0; i < seen.n; i++) {
        if (seen.lines[i] == 3 && first3 < 0) first3 = i;
        if (seen.lines[i] == 4 && first4 < 0) first4 = i;
    }
    CHECK(first3 >= 0 && first4 > first3);
    /* cleared */
    as_context_clear_line_callback(ctx);
    memset(&seen, 0, sizeof seen);
    CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(seen.n == 0);
    /* set to NULL also clears */
    CHECK(as_context_set_line_callback(ctx, on_line, NULL) == AS_SUCCESS);
    CHECK(as_context_set_line_callback(ctx, NULL, NULL) == AS_SUCCESS);
    CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(seen.n == 0);
    as_context_destroy(ctx);
}

/* ===================================================================== abort */

static int abort_after, line_calls;
static void abort_cb(as_context *ctx, void *user)
{
    (void)user;
    if (++line_calls == abort_after) CHECK(as_context_abort(ctx) == AS_SUCCESS);
}

static void test_abort(void)
{
    int r;
    as_context *ctx = as_context_create(engine);
    REQUIRE(ctx != NULL);
    CHECK(as_context_set_line_callback(ctx, abort_cb, NULL) == AS_SUCCESS);
    as_function *f = fn("forever");
    REQUIRE(f != NULL);
    line_calls = 0;
    abort_after = 1000;
    CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
    r = as_context_execute(ctx);
    CHECK(r == AS_EXECUTION_ABORTED);
    if (r != AS_EXECUTION_ABORTED) fprintf(stderr, "  forever() ended with %d after %d line callbacks\n", r, line_calls);
    CHECK(as_context_state(ctx) == AS_EXECUTION_ABORTED);
    /* stops at once: the one call after the abort is the stop at the end of the execution,
     * which the reference makes too (state ABORTED) */
    CHECK(line_calls == 1001);
    as_context_unprepare(ctx);
    CHECK(res_live == 0);
    /* the context can run again, and the abort request does not stick */
    as_context_clear_line_callback(ctx);
    as_function *w = fn("work");
    REQUIRE(w != NULL);
    CHECK(as_context_prepare(ctx, w) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(as_context_return_dword(ctx) == 328350);
    /* abort in the middle of a recursion */
    CHECK(as_context_set_line_callback(ctx, abort_cb, NULL) == AS_SUCCESS);
    line_calls = 0;
    abort_after = 300;
    as_function *rf = fn("recurse_forever");
    REQUIRE(rf != NULL);
    CHECK(as_context_prepare(ctx, rf) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_ABORTED);
    as_context_unprepare(ctx);
    CHECK(res_live == 0);
    as_context_destroy(ctx);
}

/* ===================================================================== suspend / resume */

static int suspend_every, suspend_calls;
static void suspend_cb(as_context *ctx, void *user)
{
    (void)user;
    if (++suspend_calls % suspend_every == 0) CHECK(as_context_suspend(ctx) == AS_SUCCESS);
}

static void test_suspend(void)
{
    as_context *ctx = as_context_create(engine);
    REQUIRE(ctx != NULL);
    int ci = as_module_global_index_by_name(mod, "count");
    int *count = ci >= 0 ? as_module_global_address(mod, ci) : NULL;
    REQUIRE(count != NULL);
    as_function *w = fn("work");
    REQUIRE(w != NULL);
    *count = 0;
    CHECK(as_context_set_line_callback(ctx, suspend_cb, NULL) == AS_SUCCESS);
    suspend_every = 7;
    suspend_calls = 0;
    CHECK(as_context_prepare(ctx, w) == AS_SUCCESS);
    int r, suspends = 0, last_count = -1;
    bool progress = true;
    while ((r = as_context_execute(ctx)) == AS_EXECUTION_SUSPENDED) {
        suspends++;
        CHECK(as_context_state(ctx) == AS_EXECUTION_SUSPENDED);
        if (*count < last_count) progress = false;
        last_count = *count;
        /* while suspended the call stack can be looked at */
        if (suspends == 3) {
            CHECK(as_context_callstack_size(ctx) == 1);
            CHECK(as_context_function(ctx, 0) == w);
            int line = as_context_line_number(ctx, 0, NULL, NULL);
            CHECK(line >= 10 && line <= 15);
        }
        if (suspends > 10000) break;
    }
    CHECK(r == AS_EXECUTION_FINISHED);
    CHECK(progress);
    CHECK(suspends == suspend_calls / 7);
    CHECK(suspends > 10);
    CHECK(as_context_return_dword(ctx) == 328350);
    CHECK(*count == 100);       /* no statement ran twice */

    /* suspend from a registered function: a co-operative yield */
    as_context_clear_line_callback(ctx);
    as_function *co = fn("co");
    REQUIRE(co != NULL);
    yields = 0;
    CHECK(as_context_prepare(ctx, co) == AS_SUCCESS);
    suspends = 0;
    while ((r = as_context_execute(ctx)) == AS_EXECUTION_SUSPENDED) {
        suspends++;
        CHECK(yields == suspends);
        if (suspends > 10) break;
    }
    CHECK(r == AS_EXECUTION_FINISHED);
    CHECK(suspends == 3);
    if (suspends != 3) fprintf(stderr, "  co(): %d suspends, %d yields, end state %d\n", suspends, yields, r);
    CHECK(as_context_return_dword(ctx) == 6);

    /* a suspended context given up: unprepare, or abort */
    yields = 0;
    CHECK(as_context_prepare(ctx, co) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_SUSPENDED);
    CHECK(as_context_unprepare(ctx) == AS_SUCCESS);
    CHECK(as_context_state(ctx) == AS_EXECUTION_UNINITIALIZED);
    CHECK(as_context_prepare(ctx, co) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_SUSPENDED);
    CHECK(as_context_abort(ctx) == AS_SUCCESS);
    CHECK(as_context_state(ctx) == AS_EXECUTION_ABORTED);
    CHECK(as_context_execute(ctx) < 0 || as_context_state(ctx) != AS_EXECUTION_FINISHED);
    /* and works again */
    CHECK(as_context_prepare(ctx, w) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(as_context_return_dword(ctx) == 328350);
    /* a suspended context destroyed */
    as_context *c2 = as_context_create(engine);
    CHECK(as_context_prepare(c2, co) == AS_SUCCESS);
    CHECK(as_context_execute(c2) == AS_EXECUTION_SUSPENDED);
    as_context_destroy(c2);
    as_context_destroy(ctx);
}

/* ===================================================================== call stack */

static void test_callstack(void)
{
    as_context *ctx = as_context_create(engine);
    REQUIRE(ctx != NULL);
    CHECK(as_context_callstack_size(ctx) == 0);
    CHECK(as_context_function(ctx, 0) == NULL);
    as_function *fa = fn("a");
    REQUIRE(fa != NULL);
    memset(&stack, 0, sizeof stack);
    CHECK(as_context_prepare(ctx, fa) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(stack.calls == 1);
    /* script frames only, innermost first (the reference: c, b, a) */
    CHECK(stack.size == 3);
    CHECK(strcmp(stack.names[0], "c") == 0);
    CHECK(strcmp(stack.names[1], "b") == 0);
    CHECK(strcmp(stack.names[2], "a") == 0);
    CHECK(stack.lines[0] == 24 && stack.cols[0] == 3);
    CHECK(stack.lines[1] == 26 && stack.cols[1] == 12);
    CHECK(stack.lines[2] == 29 && stack.cols[2] == 3);
    CHECK(strcmp(stack.sections[0], "cb.as") == 0 && strcmp(stack.sections[2], "cb.as") == 0);
    /* a deeper stack */
    as_function *deep = fn("deep");
    REQUIRE(deep != NULL);
    memset(&stack, 0, sizeof stack);
    CHECK(as_context_prepare(ctx, deep) == AS_SUCCESS);
    CHECK(as_context_set_arg_dword(ctx, 0, 20) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(as_context_return_dword(ctx) == 20);
    CHECK(stack.size == 21);
    CHECK(strcmp(stack.names[0], "deep") == 0 && strcmp(stack.names[7], "deep") == 0);
    CHECK(stack.lines[0] == 31);
    /* after the call there is no stack */
    CHECK(as_context_callstack_size(ctx) == 0);
    as_context_destroy(ctx);
}

/* the call stack from the line callback */
static struct { int calls, maxdepth; bool ok; } lcs;
static void stack_line_cb(as_context *ctx, void *user)
{
    (void)user;
    lcs.calls++;
    unsigned n = as_context_callstack_size(ctx);
    if ((int)n > lcs.maxdepth) lcs.maxdepth = (int)n;
    if (n == 0 || !as_context_function(ctx, 0) || !as_context_function(ctx, n - 1)) lcs.ok = false;
    else if (strcmp(as_function_name(as_context_function(ctx, n - 1)), "a") != 0) lcs.ok = false;
}

static void test_callstack_in_line_callback(void)
{
    as_context *ctx = as_context_create(engine);
    REQUIRE(ctx != NULL);
    memset(&lcs, 0, sizeof lcs);
    lcs.ok = true;
    CHECK(as_context_set_line_callback(ctx, stack_line_cb, NULL) == AS_SUCCESS);
    as_function *fa = fn("a");
    REQUIRE(fa != NULL);
    CHECK(as_context_prepare(ctx, fa) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(lcs.calls > 3);
    CHECK(lcs.ok);
    CHECK(lcs.maxdepth == 3);
    as_context_destroy(ctx);
}

int main(void)
{
    engine = as_engine_create();
    REQUIRE(engine != NULL);
    as_engine_set_message_callback(engine, on_message, NULL);
    CHECK(as_register_string(engine) >= 0);
    CHECK(as_register_object_type(engine, "Res", 0, AS_OBJ_REF) > 0);
    CHECK(as_register_object_behaviour(engine, "Res", AS_BEHAVE_FACTORY, "Res@ f()", AS_FN(res_factory), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_object_behaviour(engine, "Res", AS_BEHAVE_ADDREF, "void f()", AS_FN(res_addref), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_behaviour(engine, "Res", AS_BEHAVE_RELEASE, "void f()", AS_FN(res_release), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_global_function(engine, "void inspect()", AS_FN(inspect), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_global_function(engine, "void yield()", AS_FN(yield_fn), AS_CALL_GENERIC, NULL) >= 0);
    mod = as_engine_get_module(engine, "cb", AS_GM_ALWAYS_CREATE);
    as_module_add_section(mod, "cb.as", script, strlen(script), 0);
    int r = as_module_build(mod);
    if (r < 0) fprintf(stderr, "  build failed: %s\n", first_error);
    REQUIRE(r >= 0);
    group("line_callback", test_line_callback);
    group("abort", test_abort);
    group("suspend", test_suspend);
    group("callstack", test_callstack);
    group("callstack_in_line_callback", test_callstack_in_line_callback);
    as_engine_destroy(engine);
    if (failures) fprintf(stderr, "callbacks: %d check(s) failed\n", failures);
    return failures ? 1 : 0;
}
