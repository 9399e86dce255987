/* Compiling into a built module (checklist B9, incremental builds), as asIScriptModule::
 * CompileFunction / CompileGlobalVar / RemoveFunction / RemoveGlobalVar do in AngelScript 2.35.1
 * (return codes and messages measured with the reference library):
 *   - as_module_compile_function(m, section, code, line_offset, flags, &fn): compiles one
 *     function that may use the module's globals and functions; with AS_COMP_ADD_TO_MODULE (1)
 *     it becomes part of the module (as_module_function_by_name finds it), without it only the
 *     caller holds it (one reference, given up with as_function_release) and it may even share
 *     a module function's signature; errors go to the message callback (section name and line
 *     offset as given) and return AS_ERROR; code that is not exactly one function gives AS_ERROR
 *     and "The code must contain one and only one function"; other flags are AS_INVALID_ARG;
 *   - as_module_compile_global_var(m, section, code, line_offset): adds and initialises the
 *     variables of one declaration (AS_INIT_GLOBAL_VARS_FAILED when the initialiser throws);
 *   - as_module_remove_function(m, fn) / as_module_remove_global_var(m, index): take them out
 *     again (AS_NO_FUNCTION / AS_INVALID_ARG when there is no such thing); functions compiled
 *     against a removed variable still run. */
#include "angelc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

static int errors, infos;
static char last_error[256], last_section[64];
static int last_row;
static void on_message(const as_message *m, void *u)
{
    (void)u;
    if (m->type == AS_MSG_INFORMATION) infos++;
    if (m->type != AS_MSG_ERROR) return;
    errors++;
    snprintf(last_error, sizeof last_error, "%s", m->message);
    snprintf(last_section, sizeof last_section, "%s", m->section);
    last_row = m->row;
}

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
    CHECK(as_module_remove_global_var(m, 99) == AS_INVALID_ARG);     /* measured: not AS_NO_GLOBAL_VAR */

    /* messages: the section name and the line offset */
    errors = 0;
    infos = 0;
    CHECK(as_module_compile_function(m, "console", "int bad() {\n  return nosuch; }", 10, 0, &f) == AS_ERROR);
    CHECK(strcmp(last_error, "No matching symbol 'nosuch'") == 0 && strcmp(last_section, "console") == 0 && last_row == 12);
    CHECK(infos == 0);   /* no "Compiling int bad()" before the error, as the reference (2.38) */
    /* the line offset counts at run time too: exception lines and where the function is declared */
    f = NULL;
    CHECK(as_module_compile_function(m, "console", "int late() {\n  int z = 0;\n  return 1 / z; }", 10, 0, &f) >= 0);
    REQUIRE(f != NULL);
    {
        as_context *ctx = as_context_create(e);
        REQUIRE(as_context_prepare(ctx, f) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_EXCEPTION);
        CHECK(as_context_exception_line(ctx, NULL, NULL) == 13);
        const char *sect = NULL;
        int row = 0, col = 0;
        CHECK(as_function_declared_at(f, &sect, &row, &col) >= 0 && row == 11 && col == 1 && STREQ(sect, "console"));
        as_context_destroy(ctx);
        as_function_release(f);
    }
    CHECK(as_module_compile_function(m, "console", "int x = 1;", 0, 0, &f) == AS_ERROR);
    CHECK(strcmp(last_error, "The code must contain one and only one function") == 0);
    CHECK(as_module_compile_function(m, "console", "int z() { return 1; }", 0, 2, &f) == AS_INVALID_ARG);
    CHECK(as_module_compile_function(m, "console", NULL, 0, 0, &f) == AS_INVALID_ARG);

    /* a temporary function may have a module function's signature; the module's is unchanged */
    f = NULL;
    CHECK(as_module_compile_function(m, "console", "int twice(int x) { return 3 * x; }", 0, 0, &f) >= 0);
    if (f) as_function_release(f);
    f = NULL;
    CHECK(as_module_compile_function(m, "console", "int run() { return twice(5); }", 0, 0, &f) >= 0);
    REQUIRE(f != NULL);
    CHECK(call_int(e, f) == 10);
    as_function_release(f);
    /* ... but an added one may not ("A function with the same name and parameters already
     * exists"; the reference 2.35.1 adds a second function of the same signature) */
    errors = 0;
    CHECK(as_module_compile_function(m, "console", "int twice(int x) { return 3 * x; }", 0, AS_COMP_ADD_TO_MODULE, NULL) == AS_ERROR);
    CHECK(errors >= 1);
    as_function *tw = as_module_function_by_name(m, "twice");
    REQUIRE(tw != NULL);
    CHECK(as_module_remove_function(m, tw) >= 0);
    CHECK(as_module_remove_function(m, tw) == AS_NO_FUNCTION);
    CHECK(as_module_function_count(m) == nfuncs - 1);

    /* globals: several of one declaration, conflicts, failing initialisers, removal under use */
    CHECK(as_module_compile_global_var(m, "console", "int a = 1, b = a + 1;", 0) >= 0);
    CHECK(as_module_global_index_by_name(m, "b") >= 0 && *(int *)as_module_global_address(m, as_module_global_index_by_name(m, "b")) == 2);
    int nglobals = as_module_global_count(m);
    CHECK(as_module_compile_global_var(m, "console", "int q() { return 1; }", 0) == AS_ERROR);
    CHECK(strcmp(last_error, "The code must contain one and only one global variable") == 0);
    CHECK(as_module_compile_global_var(m, "console", "int counter = 1;", 0) == AS_ERROR);
    CHECK(as_module_compile_global_var(m, "console", "int e2 = nosuch;", 0) == AS_ERROR);
    CHECK(as_module_global_count(m) == nglobals);
    CHECK(as_module_compile_global_var(m, "console", "int e5 = counter / (counter - 41);", 0) == AS_INIT_GLOBAL_VARS_FAILED);
    f = NULL;
    CHECK(as_module_compile_function(m, "console", "int readA() { return a + b; }", 0, 0, &f) >= 0);
    REQUIRE(f != NULL);
    CHECK(as_module_remove_global_var(m, as_module_global_index_by_name(m, "a")) >= 0);
    CHECK(as_module_global_index_by_name(m, "a") < 0);
    CHECK(call_int(e, f) == 3);
    as_function_release(f);

    /* the caller's handle outlives the module: discarding it leaves the function usable
     * until the caller releases it (it was freed with the module: a use after free) */
    {
        as_module *tmp = as_engine_get_module(e, "tmp", AS_GM_ALWAYS_CREATE);
        REQUIRE(as_module_build(tmp) >= 0);
        f = NULL;
        CHECK(as_module_compile_function(tmp, "held", "int held() { return 6 * 7; }", 0, 0, &f) >= 0);
        REQUIRE(f != NULL);
        CHECK(as_engine_discard_module(e, "tmp") >= 0);
        CHECK(STREQ(as_function_declaration(f, true, false, false), "int held()"));
        CHECK(call_int(e, f) == 42);
        as_function_release(f);
    }

    /* a context stopped on an exception keeps reporting it after the module is discarded */
    {
        as_module *tmp = as_engine_get_module(e, "tmp2", AS_GM_ALWAYS_CREATE);
        const char *boom = "void inner() { int z = 0; z = 1 / z; }\nvoid boom() { inner(); }";
        REQUIRE(as_module_add_section(tmp, "boom.as", boom, strlen(boom), 0) >= 0);
        REQUIRE(as_module_build(tmp) >= 0);
        as_context *ctx = as_context_create(e);
        REQUIRE(as_context_prepare(ctx, as_module_function_by_name(tmp, "boom")) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_EXCEPTION);
        CHECK(as_engine_discard_module(e, "tmp2") >= 0);
        CHECK(STREQ(as_function_declaration(as_context_exception_function(ctx), true, false, false), "void inner()"));
        const char *sect = NULL;
        CHECK(as_context_exception_line(ctx, NULL, &sect) == 1 && STREQ(sect, "boom.as"));
        as_context_destroy(ctx);
    }

    /* the module still rebuilds from new sections */
    const char *again = "int f() { return 5; }";
    REQUIRE(as_module_add_section(m, "again.as", again, strlen(again), 0) >= 0);
    CHECK(as_module_build(m) >= 0);
    CHECK(call_int(e, as_module_function_by_name(m, "f")) == 5);
    as_engine_destroy(e);
    return failures ? 1 : 0;
}
