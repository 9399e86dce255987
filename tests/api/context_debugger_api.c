/* What debuggers use (checklist B10/B12/B17): FindNextLineWithCode moves a breakpoint on a blank
 * line to the next line with code; the context names the registered function it is calling
 * (any convention); an exception callback learns whether a try block will catch. Expected
 * results are AngelScript 2.35.1's. */
#include "angelc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static as_function *seen_system;
static void host_fn(int x)
{
    (void)x;
    seen_system = as_context_system_function(as_active_context());
}
static int caught_flags[2], ncaught;
static void on_exception(as_context *ctx, void *u)
{
    (void)u;
    if (ncaught < 2) caught_flags[ncaught++] = as_context_will_exception_be_caught(ctx);
}

int main(void)
{
    as_engine *e = as_engine_create();
    int reg = as_register_global_function(e, "void host(int)", AS_FN(host_fn), AS_CALL_CDECL, NULL);
    REQUIRE(reg >= 0);
    const char *code =
        "int f() {\n"          /* 1 */
        "\n"                   /* 2 */
        "  // a comment\n"     /* 3 */
        "  int a = 1;\n"       /* 4 */
        "  host(a);\n"         /* 5 */
        "  return a;\n"        /* 6 */
        "}\n"                  /* 7 */
        "void thrower() { int y = 0; int z = 1 / y; }\n"                  /* 8: "Divide by zero" */
        "void g() { try { thrower(); } catch {} thrower(); }\n";           /* 9 */
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    REQUIRE(as_module_add_section(m, "dbg.as", code, strlen(code), 0) >= 0);
    REQUIRE(as_module_build(m) >= 0);
    as_function *f = as_module_function_by_name(m, "f");
    REQUIRE(f != NULL);

    CHECK(as_function_find_next_line_with_code(f, 2) == 4);
    CHECK(as_function_find_next_line_with_code(f, 3) == 4);
    CHECK(as_function_find_next_line_with_code(f, 5) == 5);
    CHECK(as_function_find_next_line_with_code(f, 20) < 0);

    as_context *ctx = as_context_create(e);
    REQUIRE(as_context_prepare(ctx, f) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(seen_system != NULL && as_function_id(seen_system) == reg);

    CHECK(as_context_set_exception_callback(ctx, on_exception, NULL) >= 0);
    REQUIRE(as_context_prepare(ctx, as_module_function_by_name(m, "g")) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_EXCEPTION);
    CHECK(ncaught == 2);
    CHECK(caught_flags[0] == 1);     /* inside try */
    CHECK(caught_flags[1] == 0);     /* not caught */
    as_context_destroy(ctx);
    as_engine_destroy(e);
    return failures ? 1 : 0;
}
