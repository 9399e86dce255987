/* The call stack stays readable after an uncaught exception (issue 14): as in the reference
 * 2.38, as_context_callstack_size / _function / _line_number give the frames where the
 * exception was raised (the reference printed "r=3 size=2 f:5 main:9" for this script) until
 * the next prepare; a finished execution has none. */
#include "angelc.h"
#include <stdio.h>
#include <string.h>
#include "check.h"

static void after_exception(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e);
    const char *src = "int z = 0;\nvoid f()\n{\n  int x = 1;\n  x = x / z;\n}\nvoid main()\n{\n  f();\n}\n"
                      "int ok() { return 1; }\n";
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    REQUIRE(as_module_add_section(m, "sec", src, strlen(src), 0) >= 0);
    REQUIRE(as_module_build(m) >= 0);
    as_context *ctx = as_context_create(e);
    REQUIRE(as_context_prepare(ctx, as_module_function_by_decl(m, "void main()")) >= 0);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_EXCEPTION);
    CHECK(as_context_callstack_size(ctx) == 2);
    const char *section = NULL;
    int col = 0;
    CHECK(STREQ(as_function_name(as_context_function(ctx, 0)), "f"));
    CHECK(as_context_line_number(ctx, 0, &col, &section) == 5 && col == 3 && STREQ(section, "sec"));
    CHECK(STREQ(as_function_name(as_context_function(ctx, 1)), "main"));
    CHECK(as_context_line_number(ctx, 1, NULL, NULL) == 9);
    CHECK(as_context_function(ctx, 2) == NULL && as_context_line_number(ctx, 2, NULL, NULL) < 0);
    /* the frames' variables are gone */
    CHECK(as_context_var_count(ctx, 0) <= 0 || as_context_address_of_var(ctx, 0, 0) == NULL);
    /* the next prepare starts afresh */
    REQUIRE(as_context_prepare(ctx, as_module_function_by_decl(m, "int ok()")) >= 0);
    CHECK(as_context_callstack_size(ctx) == 0);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(as_context_callstack_size(ctx) == 0);
    as_context_destroy(ctx);
    as_engine_destroy(e);
}

int main(void)
{
    group("after an uncaught exception", after_exception);
    return failures ? 1 : 0;
}
