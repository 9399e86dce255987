/* Script code the host cannot stop is a hang (issue 17). Every context the engine runs script
 * code in for the host is within the host's reach:
 *  - global initialisers run in a context from as_engine_request_context (the host's request
 *    callbacks give it a budget or a line callback), or in the context given to
 *    as_module_reset_globals (nested, its state pushed, when it is busy with a call);
 *  - array sortAsc/sortDesc/find with a script opCmp/opEquals and sort(less) run in the calling
 *    script's context, its state pushed: the caller's budget, line callback and abort reach them;
 *  - the context manager's co-routines get their contexts from the engine too;
 *  - every loop passes a point where the line callback runs: `for(;;);` included.
 * Each group has an alarm: a hang fails it instead of the whole run. */
#define _POSIX_C_SOURCE 200809L
#include "angelc.h"
#include "angelc_addons.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

static char first_error[512];
static void on_message(const as_message *m, void *user)
{
    (void)user;
    if (m->type == AS_MSG_ERROR && !first_error[0]) snprintf(first_error, sizeof first_error, "%s", m->message);
}

static as_engine *new_engine(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e != NULL);
    as_engine_set_message_callback(e, on_message, NULL);
    as_register_string(e);
    as_register_array(e, true);
    first_error[0] = 0;
    return e;
}

static as_module *add_module(as_engine *e, const char *src)
{
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    REQUIRE(m != NULL);
    REQUIRE(as_module_add_section(m, "s", src, strlen(src), 0) >= 0);
    return m;
}

/* ---- the host's contexts: a budget, or a line callback that aborts after n lines ---- */

static int requested, returned;
static as_context *request_budget(as_engine *e, void *user)
{
    (void)user;
    requested++;
    as_context *ctx = as_context_create(e);
    if (ctx) as_context_set_budget(ctx, 100000);
    return ctx;
}
static void give_back(as_engine *e, as_context *ctx, void *user)
{
    (void)e;
    (void)user;
    returned++;
    as_context_destroy(ctx);
}

static int lines_left;
static void abort_after(as_context *ctx, void *user)
{
    (void)user;
    if (--lines_left <= 0) as_context_abort(ctx);
}
static as_context *request_line_cb(as_engine *e, void *user)
{
    (void)user;
    requested++;
    as_context *ctx = as_context_create(e);
    lines_left = 1000;
    if (ctx) as_context_set_line_callback(ctx, abort_after, NULL);
    return ctx;
}

static const char endless_init[] =
    "int spin() { int n = 0; for (;;) n++; return n; }\n"
    "int g = spin();\n"
    "int main() { return g; }\n";

static void init_budget(void)
{
    as_engine *e = new_engine();
    requested = returned = 0;
    REQUIRE(as_engine_set_context_callbacks(e, request_budget, give_back, NULL) >= 0);
    as_module *m = add_module(e, endless_init);
    CHECK(as_module_build(m) == AS_INIT_GLOBAL_VARS_FAILED);
    CHECK(STREQ(first_error, "Failed to initialize global variable 'g'"));
    CHECK(requested == 1 && returned == 1);
    as_engine_destroy(e);
}

static void init_line_callback(void)
{
    as_engine *e = new_engine();
    requested = returned = 0;
    REQUIRE(as_engine_set_context_callbacks(e, request_line_cb, give_back, NULL) >= 0);
    as_module *m = add_module(e, "int g = 0;\nint h = spin();\nint spin() { for (;;); return 1; }\n");
    CHECK(as_module_build(m) == AS_INIT_GLOBAL_VARS_FAILED);
    CHECK(STREQ(first_error, "Failed to initialize global variable 'h'"));
    CHECK(requested == 1 && returned == 1);
    as_engine_destroy(e);
}

/* as_module_reset_globals runs the initialisers in the context it is given */
static void reset_in_given_context(void)
{
    as_engine *e = new_engine();
    as_engine_set_property(e, AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD, 0);
    as_module *m = add_module(e, endless_init);
    REQUIRE(as_module_build(m) >= 0);
    as_context *ctx = as_context_create(e);
    as_context_set_budget(ctx, 50000);
    CHECK(as_module_reset_globals(m, ctx) == AS_INIT_GLOBAL_VARS_FAILED);
    CHECK(as_context_state(ctx) != AS_EXECUTION_ACTIVE);
    /* the context is usable afterwards */
    as_module *m2 = as_engine_get_module(e, "ok", AS_GM_ALWAYS_CREATE);
    const char *ok = "int f() { return 42; }\n";
    as_module_add_section(m2, "ok", ok, strlen(ok), 0);
    REQUIRE(as_module_build(m2) >= 0);
    REQUIRE(as_context_prepare(ctx, as_module_function_by_name(m2, "f")) >= 0);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(as_context_return_dword(ctx) == 42);
    as_context_destroy(ctx);
    as_engine_destroy(e);
}

/* the given context's line callback sees the initialisers' statements (issue 14: the context
 * argument was ignored) */
static int init_lines[8], n_init_lines;
static void note_line(as_context *ctx, void *user)
{
    (void)user;
    if (n_init_lines < 8) init_lines[n_init_lines++] = as_context_line_number(ctx, 0, NULL, NULL);
}

static void reset_line_callback(void)
{
    as_engine *e = new_engine();
    as_engine_set_property(e, AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD, 0);
    as_module *m = add_module(e, "int f() { return 3; }\nint g = f();\n");
    REQUIRE(as_module_build(m) >= 0);
    as_context *ctx = as_context_create(e);
    REQUIRE(as_context_set_line_callback(ctx, note_line, NULL) >= 0);
    n_init_lines = 0;
    CHECK(as_module_reset_globals(m, ctx) == AS_SUCCESS);
    CHECK(n_init_lines >= 2);
    bool saw_init = false, saw_f = false;
    for (int i = 0; i < n_init_lines; i++) {
        saw_init |= init_lines[i] == 2;
        saw_f |= init_lines[i] == 1;
    }
    CHECK(saw_init && saw_f);
    CHECK(*(int *)as_module_global_address(m, 0) == 3);
    as_context_destroy(ctx);
    as_engine_destroy(e);
}

/* ... and nested when a host function calls it from the running script: the script's budget
 * applies, and the script continues afterwards */
static as_module *reset_target;
static int reset_result;
static void host_reset(as_generic *g)
{
    (void)g;
    reset_result = as_module_reset_globals(reset_target, as_active_context());
}

static void reset_nested(void)
{
    as_engine *e = new_engine();
    as_engine_set_property(e, AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD, 0);
    REQUIRE(as_register_global_function(e, "void reset()", AS_FN(host_reset), AS_CALL_GENERIC, NULL) >= 0);
    reset_target = add_module(e, "int counter = 0;\nint g = ++counter;\n"
                                 "int main() { counter = 10; reset(); return counter + g * 100; }\n");
    REQUIRE(as_module_build(reset_target) >= 0);
    as_context *ctx = as_context_create(e);
    REQUIRE(as_context_prepare(ctx, as_module_function_by_decl(reset_target, "int main()")) >= 0);
    reset_result = -99;
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(reset_result == AS_SUCCESS);
    CHECK(as_context_return_dword(ctx) == 101);
    as_context_destroy(ctx);

    /* an endless initialiser spends the caller's budget and fails */
    reset_target = add_module(e, "int spin() { for (;;); return 0; }\nint g = spin();\n"
                                 "int main() { reset(); return 7; }\n");
    REQUIRE(as_module_build(reset_target) >= 0);
    ctx = as_context_create(e);
    as_context_set_budget(ctx, 100000);
    REQUIRE(as_context_prepare(ctx, as_module_function_by_decl(reset_target, "int main()")) >= 0);
    reset_result = -99;
    int r = as_context_execute(ctx);
    CHECK(reset_result == AS_INIT_GLOBAL_VARS_FAILED);
    CHECK(r == AS_EXECUTION_FINISHED || r == AS_EXECUTION_EXCEPTION);
    as_context_destroy(ctx);
    as_engine_destroy(e);
}

/* ---- callbacks of the array add-on ---- */

static const char sort_src[] =
    "class Slow { int v; Slow(int x) { v = x; }\n"
    "  int opCmp(const Slow &in o) const { for (;;); return 0; } }\n"
    "class Fan { int v; int d; Fan(int x, int depth) { v = x; d = depth; }\n"
    "  int opCmp(const Fan &in o) const {\n"
    "    if (d > 0) { array<Fan@> a = {Fan(2, d - 1), Fan(1, d - 1), Fan(3, d - 1)}; a.sortAsc(); }\n"
    "    return v - o.v; } }\n"
    "int slow() { array<Slow@> a = {Slow(2), Slow(1)}; a.sortAsc(); return 1; }\n"
    "int fan() { array<Fan@> a = {Fan(2, 30), Fan(1, 30), Fan(3, 30)}; a.sortDesc(); return 2; }\n"
    "int less() { array<int> a = {3, 1, 2}; a.sort(function(x, y) { for (;;); return x < y; }); return 3; }\n"
    "int find() { array<Slow@> a = {Slow(2), Slow(1)}; return a.find(Slow(1)); }\n"
    "int ok() { array<Fan@> a = {Fan(2, 2), Fan(1, 2), Fan(3, 2)}; a.sortAsc(); return a[0].v * 100 + a[1].v * 10 + a[2].v; }\n";

static int run(as_engine *e, as_module *m, const char *decl, uint64_t budget, int line_limit)
{
    as_context *ctx = as_context_create(e);
    REQUIRE(ctx != NULL);
    if (budget) as_context_set_budget(ctx, budget);
    if (line_limit) {
        lines_left = line_limit;
        as_context_set_line_callback(ctx, abort_after, NULL);
    }
    as_function *fn = as_module_function_by_decl(m, decl);
    REQUIRE(fn != NULL);
    REQUIRE(as_context_prepare(ctx, fn) >= 0);
    int r = as_context_execute(ctx);
    if (r == AS_EXECUTION_FINISHED && as_context_return_dword(ctx) == 123) r = 1000;
    as_context_destroy(ctx);
    return r;
}

static void sort_budget(void)
{
    as_engine *e = new_engine();
    as_module *m = add_module(e, sort_src);
    REQUIRE(as_module_build(m) >= 0);
    /* the comparisons spend the caller's budget: its end stops the script */
    CHECK(run(e, m, "int slow()", 200000, 0) == AS_EXECUTION_EXCEPTION);
    CHECK(run(e, m, "int fan()", 200000, 0) == AS_EXECUTION_EXCEPTION);
    CHECK(run(e, m, "int less()", 200000, 0) == AS_EXECUTION_EXCEPTION);
    CHECK(run(e, m, "int find()", 200000, 0) == AS_EXECUTION_EXCEPTION);
    /* the caller's line callback runs in them and its abort ends the caller too */
    CHECK(run(e, m, "int slow()", 0, 5000) == AS_EXECUTION_ABORTED);
    CHECK(run(e, m, "int fan()", 0, 5000) == AS_EXECUTION_ABORTED);
    CHECK(run(e, m, "int less()", 0, 5000) == AS_EXECUTION_ABORTED);
    CHECK(run(e, m, "int find()", 0, 5000) == AS_EXECUTION_ABORTED);
    /* comparisons that finish still sort, nested sorts included */
    CHECK(run(e, m, "int ok()", 0, 0) == 1000);
    as_engine_destroy(e);
}

/* ---- loops ---- */

static void empty_loops(void)
{
    static const char *const loops[] = {
        "int f() { for (;;); return 0; }",
        "int f() { for (;;) {} return 0; }",
        "int f() { while (true); return 0; }",
        "int f() { while (true) {} return 0; }",
        "int f() { do ; while (true); return 0; }",
        "int f() { do {} while (true); return 0; }",
        "int f() { int i = 0; for (;; i++); return 0; }",
        "int f() { for (int i = 0;;) { int j; } return 0; }",
    };
    for (size_t i = 0; i < sizeof loops / sizeof loops[0]; i++) {
        as_engine *e = new_engine();
        as_module *m = add_module(e, loops[i]);
        REQUIRE(as_module_build(m) >= 0);
        int r = run(e, m, "int f()", 0, 100);
        if (r != AS_EXECUTION_ABORTED) fprintf(stderr, "  %s: %d\n", loops[i], r);
        CHECK(r == AS_EXECUTION_ABORTED);
        /* and the budget alone */
        CHECK(run(e, m, "int f()", 10000, 0) == AS_EXECUTION_EXCEPTION);
        as_engine_destroy(e);
    }
    /* with AS_EP_BUILD_WITHOUT_LINE_CUES too */
    as_engine *e = new_engine();
    as_engine_set_property(e, AS_EP_BUILD_WITHOUT_LINE_CUES, 1);
    as_module *m = add_module(e, loops[0]);
    REQUIRE(as_module_build(m) >= 0);
    CHECK(run(e, m, "int f()", 0, 100) == AS_EXECUTION_ABORTED);
    as_engine_destroy(e);
}

/* ---- the context manager ---- */

static void ctxmgr_contexts(void)
{
    as_engine *e = new_engine();
    as_register_dictionary(e);
    requested = returned = 0;
    REQUIRE(as_engine_set_context_callbacks(e, request_budget, give_back, NULL) >= 0);
    as_ctxmgr *mgr = as_ctxmgr_create();
    REQUIRE(as_ctxmgr_register_coroutine_support(mgr, e) >= 0);
    as_module *m = add_module(e, "void main() { for (;;) yield(); }\n");
    REQUIRE(as_module_build(m) >= 0);
    REQUIRE(as_ctxmgr_add_context(mgr, e, as_module_function_by_decl(m, "void main()"), false) != NULL);
    /* each turn is an execution with the budget: main() yields, so it goes on until aborted */
    for (int i = 0; i < 10; i++) CHECK(as_ctxmgr_execute_scripts(mgr) == 1);
    as_ctxmgr_abort_all(mgr);
    as_ctxmgr_execute_scripts(mgr);
    as_ctxmgr_destroy(mgr);
    CHECK(requested >= 1 && requested == returned);
    /* a co-routine that never yields ends with the budget (the functions are registered) */
    mgr = as_ctxmgr_create();
    m = add_module(e, "void main() { for (;;); }\n");
    REQUIRE(as_module_build(m) >= 0);
    REQUIRE(as_ctxmgr_add_context(mgr, e, as_module_function_by_decl(m, "void main()"), false) != NULL);
    CHECK(as_ctxmgr_execute_scripts(mgr) == 0);
    as_ctxmgr_destroy(mgr);
    CHECK(requested == returned);
    as_engine_destroy(e);
}

int main(void)
{
    group_alarm = 60;
    group("global initialiser with a budget", init_budget);
    group("global initialiser with a line callback", init_line_callback);
    group("reset_globals in a given context", reset_in_given_context);
    group("reset_globals nested", reset_nested);
    group("reset_globals under the given context's line callback", reset_line_callback);
    group("array callbacks in the caller's context", sort_budget);
    group("empty loops call the line callback", empty_loops);
    group("context manager contexts from the engine", ctxmgr_contexts);
    return failures ? 1 : 0;
}
