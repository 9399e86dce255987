/* Preparing the same function again and again (a host calling a script callback in a loop takes
 * a short path): every call starts from cleared arguments, and results, exceptions and suspended
 * calls of the previous one are dealt with as after any prepare. */
#include "angelc.h"
#include "check.h"

static const char *src =
    "class C { int v; C(int v) { this.v = v; } }\n"
    "int add(int a, int b) { return a + b; }\n"
    "int div(int a, int b) { return a / b; }\n"
    "C@ make(int v) { return C(v); }\n"
    "int value(C@ c) { return c.v; }\n"
    "int refv(int &in x) { return x; }\n"
    "int loop(int n) { int s = 0; for (int i = 0; i < n; i++) s += i; return s; }\n";

static as_module *build(as_engine *e)
{
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    as_module_add_section(m, "t.as", src, strlen(src), 0);
    REQUIRE(as_module_build(m) >= 0);
    return m;
}

static void loops(void)
{
    as_engine *e = as_engine_create();
    as_module *m = build(e);
    as_context *ctx = as_context_create(e);
    as_function *add = as_module_function_by_name(m, "add");
    for (int i = 0; i < 1000; i++) {
        CHECK(as_context_prepare(ctx, add) == AS_SUCCESS);
        if (i % 3) CHECK(as_context_set_arg_dword(ctx, 0, (uint32_t)i) == AS_SUCCESS);
        CHECK(as_context_set_arg_dword(ctx, 1, 7) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        /* an argument not set this time is 0, not the last call's */
        CHECK((int)as_context_return_dword(ctx) == (i % 3 ? i : 0) + 7);
    }
    /* an exception, then the same function again */
    as_function *dv = as_module_function_by_name(m, "div");
    for (int i = 0; i < 3; i++) {
        as_context_prepare(ctx, dv);
        as_context_set_arg_dword(ctx, 0, 10);
        as_context_set_arg_dword(ctx, 1, (uint32_t)(i == 1 ? 0 : 5));
        int r = as_context_execute(ctx);
        CHECK(r == (i == 1 ? AS_EXECUTION_EXCEPTION : AS_EXECUTION_FINISHED));
        if (i != 1) CHECK(as_context_return_dword(ctx) == 2);
        else CHECK(STREQ(as_context_exception_string(ctx), "Divide by zero"));
    }
    as_context_destroy(ctx);
    as_engine_destroy(e);
}

static void objects(void)
{
    as_engine *e = as_engine_create();
    as_module *m = build(e);
    as_context *ctx = as_context_create(e);
    as_function *make = as_module_function_by_name(m, "make"), *value = as_module_function_by_name(m, "value");
    void *kept = NULL;
    for (int i = 0; i < 5; i++) {
        /* the returned handle is the context's until the next prepare, which releases it */
        as_context_prepare(ctx, make);
        as_context_set_arg_dword(ctx, 0, (uint32_t)i);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        void *obj = as_context_return_object(ctx);
        REQUIRE(obj);
        if (i == 2) { kept = obj; as_engine_addref_object(e, kept, as_type_id(as_object_type(kept))); }
    }
    for (int i = 0; i < 2; i++) {
        as_context_prepare(ctx, value);
        if (i == 0) as_context_set_arg_object(ctx, 0, kept);
        /* the second time the handle is not set: null, and the script says so */
        int r = as_context_execute(ctx);
        CHECK(r == (i == 0 ? AS_EXECUTION_FINISHED : AS_EXECUTION_EXCEPTION));
        if (i == 0) CHECK(as_context_return_dword(ctx) == 2);
    }
    as_function *refv = as_module_function_by_name(m, "refv");
    int x = 41;
    as_context_prepare(ctx, refv);
    as_context_set_arg_address(ctx, 0, &x);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED && as_context_return_dword(ctx) == 41);
    /* again without the address: refused before the script runs */
    as_context_prepare(ctx, refv);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_EXCEPTION);
    as_engine_release_object(e, kept, as_type_id(as_object_type(kept)));
    as_context_destroy(ctx);
    as_engine_destroy(e);
}

static int lines;
static void suspend_soon(as_context *ctx, void *user)
{
    (void)user;
    if (++lines == 3) as_context_suspend(ctx);
}

static void suspended(void)
{
    as_engine *e = as_engine_create();
    as_module *m = build(e);
    as_context *ctx = as_context_create(e);
    as_function *loop = as_module_function_by_name(m, "loop");
    as_context_set_line_callback(ctx, suspend_soon, NULL);
    as_context_prepare(ctx, loop);
    as_context_set_arg_dword(ctx, 0, 100);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_SUSPENDED);
    /* preparing the same function drops the suspended call */
    CHECK(as_context_prepare(ctx, loop) == AS_SUCCESS);
    as_context_set_arg_dword(ctx, 0, 10);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(as_context_return_dword(ctx) == 45);
    as_context_destroy(ctx);
    as_engine_destroy(e);
}

int main(void)
{
    group("loops", loops);
    group("objects", objects);
    group("suspended", suspended);
    return failures ? 1 : 0;
}
