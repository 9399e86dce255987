/* Engine property values and the nesting limit (checklist B3), as AngelScript 2.35.1 has them
 * (measured with the reference library):
 *   - as_engine_set_property refuses an unknown mode with AS_INVALID_ARG and keeps the old one:
 *     SCRIPT_SCANNER and STRING_ENCODING take 0..1, COMPILER_WARNINGS, ALTER_SYNTAX_NAMED_ARGS
 *     and HEREDOC_TRIM_MODE 0..2, PROPERTY_ACCESSOR_MODE 0..3;
 *   - the other properties are stored as the reference stores them: flags as 0 or 1, the stack
 *     sizes in whole dwords (INIT_STACK_SIZE at least 4 bytes), the counts as 32-bit numbers
 *     (MAX_NESTED_CALLS saturates);
 *   - MAX_NESTED_CALLS (default 100): an execution started while that many are already running
 *     on the thread (a host function running a script on another context, recursively) raises
 *     "Too many nested calls" at the first line of its function, and the outer ones go on. */
#include "angelc.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

static void test_values(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e != NULL);
    static const struct { as_engine_prop p; int max; } modes[] = {
        {AS_EP_SCRIPT_SCANNER, 1}, {AS_EP_STRING_ENCODING, 1}, {AS_EP_PROPERTY_ACCESSOR_MODE, 3},
        {AS_EP_COMPILER_WARNINGS, 2}, {AS_EP_ALTER_SYNTAX_NAMED_ARGS, 2}, {AS_EP_HEREDOC_TRIM_MODE, 2},
    };
    for (unsigned i = 0; i < sizeof modes / sizeof *modes; i++) {
        int64_t before = as_engine_get_property(e, modes[i].p);
        CHECK(as_engine_set_property(e, modes[i].p, 7) == AS_INVALID_ARG);
        CHECK(as_engine_set_property(e, modes[i].p, -1) == AS_INVALID_ARG);
        CHECK(as_engine_set_property(e, modes[i].p, modes[i].max + 1) == AS_INVALID_ARG);
        CHECK(as_engine_get_property(e, modes[i].p) == before);
        CHECK(as_engine_set_property(e, modes[i].p, modes[i].max) == AS_SUCCESS);
        CHECK(as_engine_get_property(e, modes[i].p) == modes[i].max);
        CHECK(as_engine_set_property(e, modes[i].p, before) == AS_SUCCESS);
    }
    /* flags */
    CHECK(as_engine_set_property(e, AS_EP_ALLOW_UNSAFE_REFERENCES, 5) == AS_SUCCESS);
    CHECK(as_engine_get_property(e, AS_EP_ALLOW_UNSAFE_REFERENCES) == 1);
    CHECK(as_engine_set_property(e, AS_EP_ALLOW_UNSAFE_REFERENCES, 0) == AS_SUCCESS);
    CHECK(as_engine_get_property(e, AS_EP_ALLOW_UNSAFE_REFERENCES) == 0);
    /* stack sizes in dwords */
    CHECK(as_engine_set_property(e, AS_EP_MAX_STACK_SIZE, 4097) == AS_SUCCESS);
    CHECK(as_engine_get_property(e, AS_EP_MAX_STACK_SIZE) == 4096);
    CHECK(as_engine_set_property(e, AS_EP_MAX_STACK_SIZE, 0) == AS_SUCCESS);
    CHECK(as_engine_get_property(e, AS_EP_MAX_STACK_SIZE) == 0);
    CHECK(as_engine_set_property(e, AS_EP_INIT_STACK_SIZE, 1) == AS_SUCCESS);
    CHECK(as_engine_get_property(e, AS_EP_INIT_STACK_SIZE) == 4);
    /* 32-bit counts */
    CHECK(as_engine_set_property(e, AS_EP_MAX_NESTED_CALLS, -1) == AS_SUCCESS);
    CHECK(as_engine_get_property(e, AS_EP_MAX_NESTED_CALLS) == 4294967295);
    CHECK(as_engine_set_property(e, AS_EP_MAX_CALL_STACK_SIZE, 0x100000000LL) == AS_SUCCESS);
    CHECK(as_engine_get_property(e, AS_EP_MAX_CALL_STACK_SIZE) == 0);
    as_engine_destroy(e);
}

/* ---- nested executions ---- */
static as_engine *E;
static as_module *M;
static int depth, max_depth, exceptions, exc_line, exc_col, stop;
static char exc_text[128];

/* int nest(int n): runs g(n + 1) on a new context */
static void nest(as_generic *g)
{
    int n = (int)as_generic_arg_dword(g, 0);
    as_context *c = as_context_create(E);
    if (++depth > max_depth) max_depth = depth;
    int r = as_context_prepare(c, as_module_function_by_decl(M, "int g(int)"));
    if (r >= 0) {
        as_context_set_arg_dword(c, 0, (uint32_t)n + 1);
        r = as_context_execute(c);
    }
    if (r == AS_EXECUTION_EXCEPTION && exceptions++ == 0) {
        snprintf(exc_text, sizeof exc_text, "%s", as_context_exception_string(c));
        exc_line = as_context_exception_line(c, &exc_col, NULL);
    }
    as_generic_set_return_dword(g, r == AS_EXECUTION_FINISHED ? as_context_return_dword(c) : (uint32_t)n);
    as_context_destroy(c);
    depth--;
}

/* Runs f() with the given limit, g returning when n reaches stop_at (deep C recursion: each
 * level is a VM invocation on the C stack); returns f's result, or -1000 - state. */
static int run_nested(int64_t limit, int stop_at)
{
    stop = stop_at;
    E = as_engine_create();
    REQUIRE(E != NULL);
    if (limit >= 0) REQUIRE(as_engine_set_property(E, AS_EP_MAX_NESTED_CALLS, limit) == AS_SUCCESS);
    REQUIRE(as_register_global_function(E, "int nest(int)", AS_FN(nest), AS_CALL_GENERIC, NULL) >= 0);
    REQUIRE(as_register_global_property(E, "const int stop", &stop) >= 0);
    M = as_engine_get_module(E, "m", AS_GM_ALWAYS_CREATE);
    const char *code = "\n\nint g(int n)\n{\n  if (n >= stop) return n;\n  return nest(n);\n}\nint f() { return g(0); }\n";
    REQUIRE(as_module_add_section(M, "m.as", code, strlen(code), 0) >= 0);
    REQUIRE(as_module_build(M) >= 0);
    depth = max_depth = exceptions = exc_line = exc_col = 0;
    exc_text[0] = 0;
    as_context *ctx = as_context_create(E);
    REQUIRE(as_context_prepare(ctx, as_module_function_by_decl(M, "int f()")) == AS_SUCCESS);
    int r = as_context_execute(ctx);
    int v = r == AS_EXECUTION_FINISHED ? (int)as_context_return_dword(ctx) : -1000 - r;
    if (r == AS_EXECUTION_EXCEPTION) snprintf(exc_text, sizeof exc_text, "%s", as_context_exception_string(ctx));
    as_context_destroy(ctx);
    CHECK(as_active_context() == NULL);
    as_engine_destroy(E);
    return v;
}

static void test_nesting(void)
{
    /* 3: the outer execution and two nested ones run; the third nested one is refused */
    CHECK(run_nested(3, 50) == 2);
    CHECK(exceptions == 1 && max_depth == 3);
    CHECK(strcmp(exc_text, "Too many nested calls") == 0);
    CHECK(exc_line == 5 && exc_col == 3);
    /* 0: not even the outer execution */
    CHECK(run_nested(0, 50) == -1000 - AS_EXECUTION_EXCEPTION);
    CHECK(strcmp(exc_text, "Too many nested calls") == 0);
    /* within the limit (the default, 100): g returns at 30 */
    CHECK(run_nested(-1, 30) == 30);
    CHECK(exceptions == 0 && max_depth == 30);
    CHECK(run_nested(30, 30) == 29);
    CHECK(exceptions == 1);
}

/* names as the command line's -p and the test runner's engine-property directive spell them */
static void test_names(void)
{
    CHECK(STREQ(as_engine_property_name(AS_EP_DISABLE_INTEGER_DIVISION), "DISABLE_INTEGER_DIVISION"));
    CHECK(as_engine_property_name(0) == NULL && as_engine_property_name(AS_EP_LAST_PROPERTY) == NULL);
    CHECK(as_engine_property_by_name("disable_integer_division") == AS_EP_DISABLE_INTEGER_DIVISION);
    CHECK(as_engine_property_by_name("AS_EP_MAX_NESTED_CALLS") == AS_EP_MAX_NESTED_CALLS);
    CHECK(as_engine_property_by_name("NO_SUCH_PROPERTY") == AS_INVALID_ARG);
    CHECK(as_engine_property_by_name(NULL) == AS_INVALID_ARG);
    for (int p = 1; p < AS_EP_LAST_PROPERTY; p++)
        CHECK(as_engine_property_by_name(as_engine_property_name((as_engine_prop)p)) == p);
}

int main(void)
{
    test_names();
    test_values();
    test_nesting();
    return failures ? 1 : 0;
}
