/* A loop over a member array in a method (`i < cells.length()`, `cells[i]`): the optimiser lets
 * the loop's backward jump skip the body's load of `cells`, which the condition has just made
 * (optimise.c, skip_loop_stops). When the context stops at the loop's head (a line callback, a
 * suspend), host code may run and replace the member: after the stop the body must load it
 * again. Here a suspended loop has its array replaced by another context's script (the old
 * array is freed: a stale load would read freed memory, which ASan reports) and must go on
 * with the new one; with the optimiser off the result is the same. */
#include "angelc.h"
#include "angelc_addons.h"
#include <string.h>
#include "check.h"

static const char src[] =
    "class Grid {\n"
    "  array<int>@ cells = array<int> = {1, 2, 3, 4};\n"
    "  int sum() {\n"
    "    int s = 0;\n"
    "    for (uint i = 0; i < cells.length(); i++)\n"
    "      s += cells[i];\n"
    "    return s;\n"
    "  }\n"
    "}\n"
    "Grid g;\n"
    "int run() { return g.sum(); }\n"
    "void swap() { @g.cells = array<int> = {10, 20, 30, 40, 50, 60}; }\n";

static int head_stops, suspend_at;

/* Suspends at the suspend_at-th stop on the loop's line (5): two before the first round, then
 * two in each round (the step `i++`, then the head of the next round). */
static void on_line(as_context *ctx, void *user)
{
    (void)user;
    if (as_context_line_number(ctx, 0, NULL, NULL) == 5 && ++head_stops == suspend_at) as_context_suspend(ctx);
}

/* run() suspended at the given stop, swap() run meanwhile on another context, then run() resumed:
 * its result. */
static int sum_with_swap(bool optimise, int at)
{
    as_engine *e = as_engine_create();
    REQUIRE(e);
    REQUIRE(as_register_array(e, true) >= 0);
    as_engine_set_property(e, AS_EP_OPTIMIZE_BYTECODE, optimise ? 1 : 0);
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    REQUIRE(as_module_add_section(m, "s", src, strlen(src), 0) >= 0);
    REQUIRE(as_module_build(m) >= 0);
    as_context *ctx = as_context_create(e), *other = as_context_create(e);
    REQUIRE(ctx && other);
    REQUIRE(as_context_set_line_callback(ctx, on_line, NULL) >= 0);
    head_stops = 0;
    suspend_at = at;
    REQUIRE(as_context_prepare(ctx, as_module_function_by_decl(m, "int run()")) >= 0);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_SUSPENDED);
    REQUIRE(as_context_prepare(other, as_module_function_by_decl(m, "void swap()")) >= 0);
    CHECK(as_context_execute(other) == AS_EXECUTION_FINISHED);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    int r = (int)as_context_return_dword(ctx);
    as_context_destroy(other);
    as_context_destroy(ctx);
    as_engine_destroy(e);
    return r;
}

static void reload_after_stop(void)
{
    /* suspended at the 3rd, 5th, 7th stop on the loop's line: before the first round (all of the
     * new array), after one round (1 + 20 + ... + 60), after two (1 + 2 + 30 + ... + 60) */
    static const int expected[] = {210, 201, 183};
    for (int k = 0; k < 3; k++) {
        int opt = sum_with_swap(true, 3 + 2 * k), plain = sum_with_swap(false, 3 + 2 * k);
        if (opt != expected[k] || plain != expected[k])
            fprintf(stderr, "suspended at stop %d: optimised %d, plain %d, expected %d\n", 3 + 2 * k, opt, plain, expected[k]);
        CHECK(opt == expected[k] && plain == expected[k]);
    }
}

int main(void)
{
    group("reload after stop", reload_after_stop);
    return failures ? 1 : 0;
}
