/* PENDING (checklist B9, incremental builds): angelc has no equivalent of
 * asIScriptModule::CompileFunction / CompileGlobalVar / RemoveFunction / RemoveGlobalVar, which
 * hosts use for consoles (the SDK's ExecuteString helper compiles "void ExecuteString() {...}"
 * against a built module) and for hot reload. The names below are proposals in angelc's
 * naming (asXxx -> as_xxx); this file does not compile until they exist. Expected behaviour, as
 * in AngelScript 2.35.1:
 *   - as_module_compile_function(m, section, code, line_offset, flags, &fn): compiles one
 *     function that may use the module's globals and functions; with AS_COMP_ADD_TO_MODULE (1)
 *     it becomes part of the module (as_module_function_by_name finds it), without it only the
 *     caller holds it (one reference, given up with as_function_release); errors go to the
 *     message callback and return AS_ERROR; code that is not exactly one function gives
 *     AS_ERROR too;
 *   - as_module_compile_global_var(m, section, code, line_offset): adds and initialises one
 *     global variable;
 *   - as_module_remove_function(m, fn) / as_module_remove_global_var(m, index): take them out
 *     again (AS_NO_FUNCTION / AS_NO_GLOBAL_VAR when there is no such thing). */
#include "angelc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;
#define CHECK(c) do { if (!(c)) { fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c); failures++; } } while (0)
#define REQUIRE(c) do { if (!(c)) { fprintf(stderr, "%s:%d: required check failed: %s\n", __FILE__, __LINE__, #c); exit(1); } } while (0)

static int errors;
static void on_message(const as_message *m, void *u) { (void)u; if (m->type == AS_MSG_ERROR) errors++; }

static int call_int(as_engine *e, as_function *f)
{
    as_context *ctx = as_context_create(e);
    REQUIRE(as_context_prepare(ctx, f) == AS_SUCCESS);
    int r = as_context_execute(ctx) == AS_EXECUTION_FINISHED ? (int)as_context_return_dword(ctx) : -1;
    as_context_destroy(ctx);
    return r;
}

int main(void)
{
    as_engine *e = as_engine_create();
    as_engine_set_message_callback(e, on_message, NULL);
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    const char *code = "int counter = 40; int twice(int x) { return 2 * x; }";
    REQUIRE(as_module_add_section(m, "m.as", code, strlen(code), 0) >= 0);
    REQUIRE(as_module_build(m) >= 0);
    int nfuncs = as_module_function_count(m);

    /* a temporary function using the module's entities */
    as_function *f = NULL;
    CHECK(as_module_compile_function(m, "console", "int run() { counter += 1; return twice(counter); }", 0, 0, &f) >= 0);
    REQUIRE(f != NULL);
    CHECK(call_int(e, f) == 82);
    CHECK(as_module_function_count(m) == nfuncs);          /* not added */
    as_function_release(f);

    /* added to the module, then removed */
    f = NULL;
    CHECK(as_module_compile_function(m, "console", "int added() { return 7; }", 0, AS_COMP_ADD_TO_MODULE, &f) >= 0);
    CHECK(as_module_function_by_name(m, "added") == f);
    CHECK(as_module_remove_function(m, f) >= 0);
    CHECK(as_module_function_by_name(m, "added") == NULL);
    if (f) as_function_release(f);

    /* errors */
    errors = 0;
    f = NULL;
    CHECK(as_module_compile_function(m, "console", "int bad() { return nosuch; }", 0, 0, &f) == AS_ERROR);
    CHECK(errors >= 1 && f == NULL);
    CHECK(as_module_compile_function(m, "console", "int a() { return 1; } int b() { return 2; }", 0, 0, &f) == AS_ERROR);

    /* global variables */
    CHECK(as_module_compile_global_var(m, "console", "int extra = counter * 2;", 0) >= 0);
    int idx = as_module_global_index_by_name(m, "extra");
    CHECK(idx >= 0);
    if (idx >= 0) {
        CHECK(*(int *)as_module_global_address(m, idx) == 82);
        CHECK(as_module_remove_global_var(m, idx) >= 0);
        CHECK(as_module_global_index_by_name(m, "extra") < 0);
    }
    CHECK(as_module_remove_global_var(m, 99) == AS_NO_GLOBAL_VAR);
    as_engine_destroy(e);
    return failures ? 1 : 0;
}
