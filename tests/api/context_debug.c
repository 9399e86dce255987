/* Context control for debuggers and hosts: the line callback fires once per statement, suspend
 * from the callback and resume, abort, the execution budget against a runaway loop, nested
 * execution on the same context (push/pop state) from a registered function, local variable
 * inspection, and user data cleanup callbacks on every owner kind. */
#include "angelc.h"
#include "angelc_addons.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

static as_module *build(as_engine *e, const char *code)
{
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    REQUIRE(m != NULL);
    REQUIRE(as_module_add_section(m, "s", code, strlen(code), 0) >= 0);
    REQUIRE(as_module_build(m) >= 0);
    return m;
}

/* ---- line callback ---- */

typedef struct { int lines[64]; int n; int suspend_at; int abort_at; } line_log;

static void on_line(as_context *ctx, void *user)
{
    line_log *l = user;
    int line = as_context_line_number(ctx, 0, NULL, NULL);
    if (l->n < 64) l->lines[l->n] = line;
    l->n++;
    if (line == l->suspend_at) { l->suspend_at = -1; as_context_suspend(ctx); }
    if (line == l->abort_at) as_context_abort(ctx);
}

static void test_line_callback(void)
{
    as_engine *e = as_engine_create();
    as_module *m = build(e,
        "int f() {\n"               /* 1 */
        "  int a = 1;\n"            /* 2 */
        "  for (int i = 0; i < 2; i++)\n" /* 3 */
        "    a += i;\n"             /* 4 */
        "  return a;\n"             /* 5 */
        "}\n");
    as_function *f = as_module_function_by_name(m, "f");
    as_context *ctx = as_context_create(e);
    line_log log = {{0}, 0, -1, -1};
    CHECK(as_context_set_line_callback(ctx, on_line, &log) == AS_SUCCESS);
    CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(as_context_return_dword(ctx) == 2);
    /* every statement reports its line; the loop line comes back for each condition check.
     * As in the reference (tests/api/line_callback_stops.c), line 2 also has the stop at the
     * function's entry, and line 5 the stop at the end of the execution. */
    int seen2 = 0, seen4 = 0, seen5 = 0;
    for (int i = 0; i < log.n && i < 64; i++) {
        if (log.lines[i] == 2) seen2++;
        if (log.lines[i] == 4) seen4++;
        if (log.lines[i] == 5) seen5++;
    }
    CHECK(seen2 == 2);
    CHECK(seen4 == 2);
    CHECK(seen5 == 2);

    /* suspend inside the callback, then resume to the same result */
    log.n = 0;
    log.suspend_at = 4;
    CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_SUSPENDED);
    CHECK(as_context_state(ctx) == AS_EXECUTION_SUSPENDED);
    CHECK(as_context_line_number(ctx, 0, NULL, NULL) == 4);
    int before = log.n;
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(as_context_return_dword(ctx) == 2);
    CHECK(log.n > before);

    /* abort from the callback */
    log.n = 0;
    log.abort_at = 4;
    CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_ABORTED);
    log.abort_at = -1;

    /* cleared: no more calls */
    as_context_clear_line_callback(ctx);
    log.n = 0;
    CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(log.n == 0);
    as_context_destroy(ctx);
    as_engine_destroy(e);
}

/* ---- budget ---- */

static void test_budget(void)
{
    as_engine *e = as_engine_create();
    as_module *m = build(e,
        "int spin() { int n = 0; while (true) { try { n++; } catch { } } return n; }\n"
        "int rec(int n) { return n == 0 ? 0 : 1 + rec(n - 1); }\n"
        "int loop(int n) { int s = 0; for (int i = 0; i < n; i++) s += i; return s; }\n");
    as_context *ctx = as_context_create(e);
    CHECK(as_context_set_budget(ctx, 10000) == AS_SUCCESS);
    CHECK(as_context_prepare(ctx, as_module_function_by_name(m, "spin")) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_EXCEPTION);
    const char *msg = as_context_exception_string(ctx);
    CHECK(msg && strcmp(msg, "Script exceeded its execution budget") == 0);
    as_function *fn = as_context_exception_function(ctx);
    CHECK(fn && strcmp(as_function_name(fn), "spin") == 0);
    CHECK(as_context_exception_line(ctx, NULL, NULL) == 1);

    /* each execution gets the whole budget: a loop within it finishes, every time */
    for (int round = 0; round < 3; round++) {
        CHECK(as_context_prepare(ctx, as_module_function_by_name(m, "loop")) == AS_SUCCESS);
        as_context_set_arg_dword(ctx, 0, 5000);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        CHECK(as_context_return_dword(ctx) == 12497500);
    }
    /* recursion counts too */
    CHECK(as_context_prepare(ctx, as_module_function_by_name(m, "rec")) == AS_SUCCESS);
    as_context_set_arg_dword(ctx, 0, 20000);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_EXCEPTION);

    /* budget off again */
    CHECK(as_context_set_budget(ctx, 0) == AS_SUCCESS);
    CHECK(as_context_prepare(ctx, as_module_function_by_name(m, "loop")) == AS_SUCCESS);
    as_context_set_arg_dword(ctx, 0, 100000);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    as_context_destroy(ctx);
    as_engine_destroy(e);
}

/* ---- nested execution on the same context ---- */

static as_function *g_twice;

/* registered as `int callback(int)`: calls script function twice(x) on the calling context */
static void callback(as_generic *g)
{
    int x = (int)as_generic_arg_dword(g, 0);
    as_context *ctx = as_active_context();
    int r = -1;
    if (as_context_push_state(ctx) == AS_SUCCESS) {
        CHECK(as_context_is_nested(ctx, NULL));
        if (as_context_prepare(ctx, g_twice) == AS_SUCCESS) {
            as_context_set_arg_dword(ctx, 0, (uint32_t)x);
            if (as_context_execute(ctx) == AS_EXECUTION_FINISHED) r = (int)as_context_return_dword(ctx);
        }
        CHECK(as_context_pop_state(ctx) == AS_SUCCESS);
    }
    as_generic_set_return_dword(g, (uint32_t)r);
}

static void test_nested(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(as_register_string(e) >= 0);
    REQUIRE(as_register_global_function(e, "int callback(int)", AS_FN(callback), AS_CALL_GENERIC, NULL) >= 0);
    as_module *m = build(e,
        "int twice(int x) { string s = 'x'; return x * 2; }\n"
        "int outer(int a) { string keep = 'k'; int b = callback(a) + callback(a + 1); return b + keep.length(); }\n");
    g_twice = as_module_function_by_name(m, "twice");
    as_context *ctx = as_context_create(e);
    CHECK(!as_context_is_nested(ctx, NULL));
    CHECK(as_context_push_state(ctx) < 0);   /* only while running */
    CHECK(as_context_prepare(ctx, as_module_function_by_name(m, "outer")) == AS_SUCCESS);
    as_context_set_arg_dword(ctx, 0, 10);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(as_context_return_dword(ctx) == 20 + 22 + 1);
    CHECK(!as_context_is_nested(ctx, NULL));
    as_context_destroy(ctx);
    as_engine_destroy(e);
}

/* ---- variable inspection ---- */

typedef struct { int done; int a; int found_s; int in_scope_late; const char *decl_ok; void *self; int this_tid; } inspect_log;

static void inspect(as_context *ctx, void *user)
{
    inspect_log *l = user;
    if (l->done || as_context_line_number(ctx, 0, NULL, NULL) != 5) return;
    l->done = 1;
    int n = as_context_var_count(ctx, 0);
    for (int i = 0; i < n; i++) {
        const char *name;
        int tid;
        CHECK(as_context_var(ctx, 0, i, &name, &tid) == AS_SUCCESS);
        if (strcmp(name, "a") == 0) {
            CHECK(tid == AS_TYPEID_INT32);
            CHECK(as_context_is_var_in_scope(ctx, 0, i));
            int *p = as_context_address_of_var(ctx, 0, i);
            if (p) l->a = *p;
            const char *d = as_context_var_declaration(ctx, 0, i);
            l->decl_ok = d && strcmp(d, "int a") == 0 ? "ok" : d;
        } else if (strcmp(name, "s") == 0) {
            l->found_s = 1;
            size_t len;
            const char *txt = as_string_data(as_context_address_of_var(ctx, 0, i), &len);
            CHECK(len == 2 && memcmp(txt, "hi", 2) == 0);
        } else if (strcmp(name, "late") == 0) {
            l->in_scope_late = as_context_is_var_in_scope(ctx, 0, i);
            /* out of scope: only the uninitialized_too form answers */
            CHECK(as_context_address_of_var(ctx, 0, i) == NULL);
            CHECK(as_context_address_of_var_ex(ctx, 0, i, false, true) != NULL);
        }
        /* the slot itself, for every variable in scope */
        if (as_context_is_var_in_scope(ctx, 0, i)) CHECK(as_context_address_of_var_ex(ctx, 0, i, true, false) != NULL);
    }
    CHECK(as_context_var(ctx, 0, n, NULL, NULL) < 0);
    l->self = as_context_this_pointer(ctx, 0);
    l->this_tid = as_context_this_type_id(ctx, 0);
    CHECK(as_context_this_pointer(ctx, 1) == NULL);   /* run() is a global function */
}

static void test_inspection(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(as_register_string(e) >= 0);
    as_module *m = build(e,
        "class C {\n"
        "  int m(int a) {\n"
        "    string s = 'hi';\n"
        "    a += 1;\n"
        "    return a;\n"           /* 5: inspected here */
        "    int late = 3;\n"
        "  }\n"
        "}\n"
        "int run() { C c; return c.m(41); }\n");
    as_context *ctx = as_context_create(e);
    inspect_log log;
    memset(&log, 0, sizeof log);
    as_context_set_line_callback(ctx, inspect, &log);
    CHECK(as_context_prepare(ctx, as_module_function_by_name(m, "run")) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(as_context_return_dword(ctx) == 42);
    CHECK(log.done);
    CHECK(log.a == 42);
    CHECK(log.found_s);
    CHECK(!log.in_scope_late);
    CHECK(log.decl_ok && strcmp(log.decl_ok, "ok") == 0);
    CHECK(log.self != NULL);
    as_type *c = as_module_type_by_name(m, "C");
    CHECK(c != NULL);
    CHECK(c && log.this_tid == as_type_id(c));
    CHECK(as_context_var_count(ctx, 5) < 0);
    as_context_destroy(ctx);
    as_engine_destroy(e);
}

/* ---- user data cleanup ---- */

static int cleaned[5];

static void on_cleanup(void *owner, void *data, uintptr_t key)
{
    (void)owner;
    CHECK(key == 7);
    int kind = *(int *)data;
    if (kind >= 0 && kind < 5) cleaned[kind]++;
}

static void test_user_data(void)
{
    static int kinds[5] = {AS_UD_ENGINE, AS_UD_MODULE, AS_UD_CONTEXT, AS_UD_FUNCTION, AS_UD_TYPE};
    as_engine *e = as_engine_create();
    for (int k = 0; k < 5; k++) CHECK(as_engine_set_user_data_cleanup(e, (as_userdata_owner)k, 7, on_cleanup) == AS_SUCCESS);
    CHECK(as_engine_set_user_data_cleanup(e, (as_userdata_owner)99, 7, on_cleanup) < 0);
    as_module *m = build(e, "class T {} void f() {}\n");
    as_context *ctx = as_context_create(e);
    as_function *f = as_module_function_by_name(m, "f");
    as_type *t = as_module_type_by_name(m, "T");
    REQUIRE(t && f);
    CHECK(as_engine_set_user_data(e, &kinds[0], 7) == NULL);
    CHECK(as_module_set_user_data(m, &kinds[1], 7) == NULL);
    CHECK(as_context_set_user_data(ctx, &kinds[2], 7) == NULL);
    CHECK(as_function_set_user_data(f, &kinds[3], 7) == NULL);
    CHECK(as_type_set_user_data(t, &kinds[4], 7) == NULL);
    CHECK(as_module_get_user_data(m, 7) == &kinds[1]);
    CHECK(as_context_get_user_data(ctx, 7) == &kinds[2]);
    CHECK(as_function_get_user_data(f, 7) == &kinds[3]);
    CHECK(as_module_get_user_data(m, 8) == NULL);
    /* another key has no cleanup */
    as_module_set_user_data(m, &kinds[0], 8);
    as_context_destroy(ctx);
    CHECK(cleaned[AS_UD_CONTEXT] == 1);
    as_engine_destroy(e);
    CHECK(cleaned[AS_UD_ENGINE] == 1);
    CHECK(cleaned[AS_UD_MODULE] == 1);
    CHECK(cleaned[AS_UD_FUNCTION] == 1);
    CHECK(cleaned[AS_UD_TYPE] == 1);
}

int main(void)
{
    test_line_callback();
    test_budget();
    test_nested();
    test_inspection();
    test_user_data();
    if (failures) fprintf(stderr, "context_debug: %d check(s) failed\n", failures);
    return failures ? 1 : 0;
}
