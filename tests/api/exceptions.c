/* Script exceptions seen from the host:
 *  - built-in exceptions (divide by zero, null pointer access, index out of bounds, throw()):
 *    AS_EXECUTION_EXCEPTION, as_context_exception_string / _function / _line (with column and
 *    section), the exception call stack (as_context_exception_frame_count / _frame);
 *  - as_context_set_exception from a registered C function: uncaught (state, message, the
 *    script function and line of the call), caught by try/catch with getExceptionInfo(), and
 *    with allow_catch = false not catchable;
 *  - the exception callback: called with the context when the exception is raised, the
 *    message readable inside it;
 *  - exceptions in nested calls: a script exception on a second context inside a C function,
 *    passed on to the outer context (caught by the outer script or not);
 *  - a context is usable again after an exception; no objects leak from the unwound frames;
 *  - an exception raised by a registered function run directly by a context.
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

/* Runs a no-argument function; returns the exec state. */
static int run(as_context *ctx, const char *name)
{
    as_function *f = fn(name);
    if (!f) return -1000;
    if (as_context_prepare(ctx, f) != AS_SUCCESS) return -1001;
    return as_context_execute(ctx);
}

/* ===================================================================== host functions */

static void raise_catchable(as_generic *g) { (void)g; CHECK(as_context_set_exception(as_active_context(), "host failure", true) == AS_SUCCESS); }
static void raise_fatal(as_generic *g) { (void)g; CHECK(as_context_set_exception(as_active_context(), "fatal host failure", false) == AS_SUCCESS); }
static int after_raise;
static int raise_then_value(void)      /* cdecl: int raiseValue() — the return value is ignored */
{
    as_context_set_exception(as_active_context(), "value failure", true);
    after_raise++;
    return 123;
}

static int nested_state;
static char nested_msg[128];
/* int runNested(int mode): runs `int thrower(int)` on a second context; passes an exception on */
static void run_nested(as_generic *g)
{
    int mode = (int)as_generic_arg_dword(g, 0);
    as_context *outer = as_active_context();
    as_context *c2 = as_context_create(as_generic_engine(g));
    as_function *t = as_module_function_by_name(mod, "thrower");
    nested_state = -1;
    nested_msg[0] = 0;
    if (c2 && t && as_context_prepare(c2, t) == AS_SUCCESS) {
        as_context_set_arg_dword(c2, 0, (uint32_t)mode);
        nested_state = as_context_execute(c2);
        if (nested_state == AS_EXECUTION_EXCEPTION) {
            snprintf(nested_msg, sizeof nested_msg, "%s", as_context_exception_string(c2) ? as_context_exception_string(c2) : "(null)");
            char buf[200];
            snprintf(buf, sizeof buf, "nested: %s", nested_msg);
            as_context_set_exception(outer, buf, true);
        } else if (nested_state == AS_EXECUTION_FINISHED) {
            as_generic_set_return_dword(g, as_context_return_dword(c2));
        }
    }
    as_context_destroy(c2);
}

typedef struct { int refs; } Res;
static int res_live;
static Res *res_factory(void) { Res *r = calloc(1, sizeof *r); r->refs = 1; res_live++; return r; }
static void res_addref(Res *r) { r->refs++; }
static void res_release(Res *r) { if (--r->refs == 0) { free(r); res_live--; } }

static const char *script =
    "int divz(int a) {\n"                              /* 1 */
    "  int z = 0;\n"                                   /* 2 */
    "  return a / z;\n"                                /* 3 */
    "}\n"                                              /* 4 */
    "class C { int v; void m() {} }\n"                 /* 5 */
    "void nullcall() {\n"                              /* 6 */
    "  C@ c;\n"                                        /* 7 */
    "  c.m();\n"                                       /* 8 */
    "}\n"                                              /* 9 */
    "void oob() { array<int> a(2); a[5] = 1; }\n"      /* 10 */
    "void thr() { throw('boom'); }\n"                  /* 11 */
    "void deep3() { Res r; int z = 0; int x = 1 / z; }\n"   /* 12 */
    "void deep2() { Res r; deep3(); }\n"               /* 13 */
    "void deep1() { Res r; deep2(); }\n"               /* 14 */
    "void r1() {\n"                                    /* 15 */
    "  int x = 0;\n"                                   /* 16 */
    "  raise();\n"                                     /* 17 */
    "}\n"                                              /* 18 */
    "int caught() {\n"                                 /* 19 */
    "  try { raise(); } catch { return getExceptionInfo() == 'host failure' ? 1 : 2; }\n"
    "  return 0;\n"
    "}\n"
    "int caught_fatal() {\n"
    "  try { raiseFatal(); } catch { return 1; }\n"
    "  return 0;\n"
    "}\n"
    "int caught_builtin() {\n"
    "  int r = 0;\n"
    "  try { divz(1); } catch { r += 1; }\n"
    "  try { nullcall(); } catch { r += 10; }\n"
    "  try { thr(); } catch { if (getExceptionInfo() == 'boom') r += 100; }\n"
    "  return r;\n"
    "}\n"
    "int value() { int v = raiseValue(); return v; }\n"
    "int thrower(int mode) { if (mode == 1) throw('inner boom'); if (mode == 2) { int z = 0; return 1 / z; } return 7; }\n"
    "int nest_uncaught() { return runNested(1); }\n"
    "int nest_caught() { try { return runNested(2); } catch { return getExceptionInfo() == 'nested: Divide by zero' ? 1 : 2; } return 0; }\n"
    "int nest_ok() { return runNested(0); }\n"
    "int leak() { Res a; Res@ b = Res(); array<Res@> arr = {Res(), Res()}; deep1(); return 0; }\n"
    "int fine() { return 5; }\n";

/* ===================================================================== built-in exceptions */

static void test_builtin(void)
{
    as_context *ctx = as_context_create(engine);
    REQUIRE(ctx != NULL);
    as_function *f = fn("divz");
    REQUIRE(f != NULL);
    CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
    CHECK(as_context_set_arg_dword(ctx, 0, 5) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_EXCEPTION);
    CHECK(as_context_state(ctx) == AS_EXECUTION_EXCEPTION);
    const char *msg = as_context_exception_string(ctx);
    CHECK(msg && strcmp(msg, "Divide by zero") == 0);
    CHECK(as_context_exception_function(ctx) == f);
    int col = -1;
    const char *sec = NULL;
    CHECK(as_context_exception_line(ctx, &col, &sec) == 3);
    CHECK(col == 3);                                  /* the reference: the statement's column */
    CHECK(sec && strcmp(sec, "exc.as") == 0);
    CHECK(as_context_exception_line(ctx, NULL, NULL) == 3);

    CHECK(run(ctx, "nullcall") == AS_EXECUTION_EXCEPTION);
    msg = as_context_exception_string(ctx);
    CHECK(msg && strcmp(msg, "Null pointer access") == 0);
    CHECK(as_context_exception_line(ctx, &col, NULL) == 8);
    CHECK(col == 2 || col == 3);   /* the reference says 2 */

    CHECK(run(ctx, "oob") == AS_EXECUTION_EXCEPTION);
    msg = as_context_exception_string(ctx);
    CHECK(msg && strcmp(msg, "Index out of bounds") == 0);
    CHECK(as_context_exception_line(ctx, NULL, NULL) == 10);

    CHECK(run(ctx, "thr") == AS_EXECUTION_EXCEPTION);
    msg = as_context_exception_string(ctx);
    CHECK(msg && strcmp(msg, "boom") == 0);

    /* the exception's call stack: frame 0 is where it was raised */
    CHECK(run(ctx, "deep1") == AS_EXECUTION_EXCEPTION);
    CHECK(strcmp(as_context_exception_string(ctx), "Divide by zero") == 0);
    CHECK(as_context_exception_function(ctx) == fn("deep3"));
    int n = as_context_exception_frame_count(ctx);
    CHECK(n == 3);
    const char *names[3] = {"deep3", "deep2", "deep1"};
    int lines[3] = {12, 13, 14};
    for (int i = 0; i < n && i < 3; i++) {
        int line = -1, c = -1;
        const char *s = NULL;
        as_function *fr = as_context_exception_frame(ctx, i, &line, &c, &s);
        CHECK(fr != NULL);
        if (fr) CHECK(strcmp(as_function_name(fr), names[i]) == 0);
        CHECK(line == lines[i]);
        CHECK(s && strcmp(s, "exc.as") == 0);
    }
    CHECK(as_context_exception_frame(ctx, 3, NULL, NULL, NULL) == NULL);
    CHECK(as_context_exception_frame(ctx, -1, NULL, NULL, NULL) == NULL);
    CHECK(res_live == 0);                 /* the locals of the unwound frames are released */

    /* caught inside the script */
    CHECK(run(ctx, "caught_builtin") == AS_EXECUTION_FINISHED);
    CHECK(as_context_return_dword(ctx) == 111);

    /* the context works again */
    CHECK(run(ctx, "fine") == AS_EXECUTION_FINISHED);
    CHECK(as_context_return_dword(ctx) == 5);
    as_context_destroy(ctx);
}

/* ===================================================================== set_exception from C */

static void test_host_exceptions(void)
{
    as_context *ctx = as_context_create(engine);
    REQUIRE(ctx != NULL);
    CHECK(run(ctx, "r1") == AS_EXECUTION_EXCEPTION);
    const char *msg = as_context_exception_string(ctx);
    CHECK(msg && strcmp(msg, "host failure") == 0);
    /* the exception is placed at the script function that called the host */
    as_function *ef = as_context_exception_function(ctx);
    CHECK(ef != NULL && ef == fn("r1"));
    int col = -1;
    CHECK(as_context_exception_line(ctx, &col, NULL) == 17);
    CHECK(col == 3);

    CHECK(run(ctx, "caught") == AS_EXECUTION_FINISHED);
    CHECK(as_context_return_dword(ctx) == 1);

    /* allow_catch = false: try/catch does not see it */
    CHECK(run(ctx, "caught_fatal") == AS_EXECUTION_EXCEPTION);
    msg = as_context_exception_string(ctx);
    CHECK(msg && strcmp(msg, "fatal host failure") == 0);

    /* a cdecl function that raises: the script does not go on with the returned value */
    after_raise = 0;
    CHECK(run(ctx, "value") == AS_EXECUTION_EXCEPTION);
    CHECK(after_raise == 1);
    msg = as_context_exception_string(ctx);
    CHECK(msg && strcmp(msg, "value failure") == 0);

    /* set_exception with no active context fails cleanly */
    CHECK(as_context_set_exception(NULL, "x", true) < 0);
    as_context_destroy(ctx);
}

/* ===================================================================== the exception callback */

static struct { int calls; as_context *ctx; char msg[128]; int state; as_function *fn; int line; void *user; } cb;
static void on_exception(as_context *ctx, void *user)
{
    cb.calls++;
    cb.ctx = ctx;
    cb.user = user;
    const char *m = as_context_exception_string(ctx);
    snprintf(cb.msg, sizeof cb.msg, "%s", m ? m : "(null)");
    cb.state = (int)as_context_state(ctx);
    cb.fn = as_context_exception_function(ctx);
    cb.line = as_context_exception_line(ctx, NULL, NULL);
}

static void test_callback(void)
{
    as_context *ctx = as_context_create(engine);
    REQUIRE(ctx != NULL);
    int token;
    CHECK(as_context_set_exception_callback(ctx, on_exception, &token) == AS_SUCCESS);
    memset(&cb, 0, sizeof cb);
    CHECK(run(ctx, "fine") == AS_EXECUTION_FINISHED);
    CHECK(cb.calls == 0);
    CHECK(run(ctx, "divz") == AS_EXECUTION_EXCEPTION);
    CHECK(cb.calls == 1);
    CHECK(cb.ctx == ctx && cb.user == &token);
    CHECK(strcmp(cb.msg, "Divide by zero") == 0);
    CHECK(cb.fn == fn("divz"));
    CHECK(cb.line == 3);
    memset(&cb, 0, sizeof cb);
    CHECK(run(ctx, "r1") == AS_EXECUTION_EXCEPTION);
    CHECK(cb.calls == 1);
    CHECK(strcmp(cb.msg, "host failure") == 0);
    CHECK(cb.fn == fn("r1"));
    /* the reference calls it for caught exceptions too, when they are raised */
    memset(&cb, 0, sizeof cb);
    CHECK(run(ctx, "caught") == AS_EXECUTION_FINISHED);
    CHECK(cb.calls == 1);
    /* cleared */
    CHECK(as_context_set_exception_callback(ctx, NULL, NULL) == AS_SUCCESS);
    memset(&cb, 0, sizeof cb);
    CHECK(run(ctx, "divz") == AS_EXECUTION_EXCEPTION);
    CHECK(cb.calls == 0);
    as_context_destroy(ctx);
}

/* ===================================================================== nested */

static void test_nested(void)
{
    as_context *ctx = as_context_create(engine);
    REQUIRE(ctx != NULL);
    CHECK(run(ctx, "nest_ok") == AS_EXECUTION_FINISHED);
    CHECK(as_context_return_dword(ctx) == 7);
    CHECK(nested_state == AS_EXECUTION_FINISHED);

    CHECK(run(ctx, "nest_uncaught") == AS_EXECUTION_EXCEPTION);
    CHECK(nested_state == AS_EXECUTION_EXCEPTION);
    CHECK(strcmp(nested_msg, "inner boom") == 0);
    const char *msg = as_context_exception_string(ctx);
    CHECK(msg && strcmp(msg, "nested: inner boom") == 0);
    CHECK(as_context_exception_function(ctx) == fn("nest_uncaught"));

    CHECK(run(ctx, "nest_caught") == AS_EXECUTION_FINISHED);
    CHECK(strcmp(nested_msg, "Divide by zero") == 0);
    CHECK(as_context_return_dword(ctx) == 1);

    /* objects of every unwound frame are released */
    CHECK(run(ctx, "leak") == AS_EXECUTION_EXCEPTION);
    as_context_unprepare(ctx);
    CHECK(res_live == 0);
    as_context_destroy(ctx);
}

/* ===================================================================== a registered function run directly */

static void test_direct_system(void)
{
    as_context *ctx = as_context_create(engine);
    REQUIRE(ctx != NULL);
    /* a funcdef global gives the host the registered function */
    as_module *m = as_engine_get_module(engine, "sys", AS_GM_ALWAYS_CREATE);
    const char *src = "funcdef void V();\nV@ fp = @raise;\n";
    as_module_add_section(m, "sys", src, strlen(src), 0);
    CHECK(as_module_build(m) >= 0);
    int gi = as_module_global_index_by_name(m, "fp");
    as_function **pf = gi >= 0 ? as_module_global_address(m, gi) : NULL;
    CHECK(pf && *pf);
    if (pf && *pf) {
        CHECK(as_context_prepare(ctx, *pf) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_EXCEPTION);
        const char *msg = as_context_exception_string(ctx);
        CHECK(msg && strcmp(msg, "host failure") == 0);
    }
    as_context_destroy(ctx);
}

int main(void)
{
    engine = as_engine_create();
    REQUIRE(engine != NULL);
    as_engine_set_message_callback(engine, on_message, NULL);
    CHECK(as_register_string(engine) >= 0);
    CHECK(as_register_array(engine, true) >= 0);
    CHECK(as_register_exception_routines(engine) >= 0);
    CHECK(as_register_object_type(engine, "Res", 0, AS_OBJ_REF) > 0);
    CHECK(as_register_object_behaviour(engine, "Res", AS_BEHAVE_FACTORY, "Res@ f()", AS_FN(res_factory), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_object_behaviour(engine, "Res", AS_BEHAVE_ADDREF, "void f()", AS_FN(res_addref), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_behaviour(engine, "Res", AS_BEHAVE_RELEASE, "void f()", AS_FN(res_release), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_global_function(engine, "void raise()", AS_FN(raise_catchable), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_global_function(engine, "void raiseFatal()", AS_FN(raise_fatal), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_global_function(engine, "int raiseValue()", AS_FN(raise_then_value), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "int runNested(int)", AS_FN(run_nested), AS_CALL_GENERIC, NULL) >= 0);
    mod = as_engine_get_module(engine, "exc", AS_GM_ALWAYS_CREATE);
    as_module_add_section(mod, "exc.as", script, strlen(script), 0);
    int r = as_module_build(mod);
    if (r < 0) fprintf(stderr, "  build failed: %s\n", first_error);
    REQUIRE(r >= 0);
    group("builtin", test_builtin);
    group("host_exceptions", test_host_exceptions);
    group("callback", test_callback);
    group("nested", test_nested);
    group("direct_system", test_direct_system);
    as_engine_destroy(engine);
    if (failures) fprintf(stderr, "exceptions: %d check(s) failed\n", failures);
    return failures ? 1 : 0;
}
