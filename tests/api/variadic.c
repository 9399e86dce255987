/* Variadic registered functions (2.38): `T name(fixed..., T2 ...)` with the generic convention.
 *  - the last parameter takes one or more arguments; as_generic_arg_count counts them all and
 *    as_generic_arg_address / _arg_type_id / _arg_dword reach each (`?` carries a type id);
 *  - `?&out ...` arguments are written back like other &out arguments;
 *  - none given is not a match (as in the reference), nor named arguments for it;
 *  - the declaration prints with `...` after the last parameter;
 *  - CDECL cannot be variadic (AS_NOT_SUPPORTED);
 *  - saved bytecode keeps the calls. */
#include "angelc.h"
#include "angelc_addons.h"
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
        if (!errors) snprintf(first_error, sizeof first_error, "%d:%d: %s", m->row, m->col, m->message);
        errors++;
    }
}

/* int sum(int first, const ?&in ...): first plus every int argument, minus 1000 per other type */
static void g_sum(as_generic *g)
{
    int n = as_generic_arg_count(g);
    int total = (int)as_generic_arg_dword(g, 0);
    for (int i = 1; i < n; i++) {
        int tid = as_generic_arg_type_id(g, (unsigned)i, NULL);
        const void *p = as_generic_arg_address(g, (unsigned)i);
        if (tid == AS_TYPEID_INT32 && p) total += *(const int *)p;
        else total -= 1000;
    }
    /* past the end: nothing */
    if (as_generic_arg_address(g, (unsigned)n) != NULL || as_generic_arg_type_id(g, (unsigned)n, NULL) >= 0) total = -1;
    as_generic_set_return_dword(g, (uint32_t)total);
}

/* uint count(uint ...): the number of arguments and their sum in the high half */
static void g_count(as_generic *g)
{
    int n = as_generic_arg_count(g);
    uint32_t sum = 0;
    for (int i = 0; i < n; i++) sum += as_generic_arg_dword(g, (unsigned)i);
    as_generic_set_return_dword(g, (uint32_t)n | sum << 16);
}

/* void fill(int start, ?&out ...): writes start, start+1, ... into the int arguments */
static void g_fill(as_generic *g)
{
    int start = (int)as_generic_arg_dword(g, 0);
    for (int i = 1; i < as_generic_arg_count(g); i++) {
        int *p = as_generic_arg_address(g, (unsigned)i);
        if (as_generic_arg_type_id(g, (unsigned)i, NULL) == AS_TYPEID_INT32 && p) *p = start + i - 1;
    }
}

static int c_sum(int a) { return a; }

static as_engine *engine;

static int run_int(const char *code, const char *decl, int *out)
{
    as_module *m = as_engine_get_module(engine, "m", AS_GM_ALWAYS_CREATE);
    as_module_add_section(m, "m", code, strlen(code), 0);
    errors = 0;
    first_error[0] = 0;
    if (as_module_build(m) < 0) return -1;
    as_context *ctx = as_context_create(engine);
    as_context_prepare(ctx, as_module_function_by_decl(m, decl));
    int r = as_context_execute(ctx);
    if (r == AS_EXECUTION_FINISHED) *out = (int)as_context_return_dword(ctx);
    as_context_destroy(ctx);
    return r == AS_EXECUTION_FINISHED ? 0 : -2;
}

int main(void)
{
    engine = as_engine_create();
    REQUIRE(engine);
    as_engine_set_message_callback(engine, on_message, NULL);
    REQUIRE(as_register_string(engine) >= 0);
    REQUIRE(as_register_global_function(engine, "int sum(int first, const ?&in ...)", AS_FN(g_sum), AS_CALL_GENERIC, NULL) >= 0);
    REQUIRE(as_register_global_function(engine, "uint count(uint ...)", AS_FN(g_count), AS_CALL_GENERIC, NULL) >= 0);
    REQUIRE(as_register_global_function(engine, "void fill(int start, ?&out ...)", AS_FN(g_fill), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_global_function(engine, "int csum(int ...)", AS_FN(c_sum), AS_CALL_CDECL, NULL) == AS_NOT_SUPPORTED);

    as_function *f = as_engine_function_by_decl(engine, "int sum(int first, const ?&in ...)");
    CHECK(f != NULL);
    if (f) CHECK(STREQ(as_function_declaration(f, false, false, true), "int sum(int first, const ?&in...)"));

    int v = 0;
    CHECK(run_int("int t() { return sum(1, 2) + sum(10, 3, 4, 5); }", "int t()", &v) == 0);
    CHECK(v == 3 + 22);
    CHECK(run_int("int t() { string s = 'x'; return sum(100, 1, s, 2.5, 3); }", "int t()", &v) == 0);
    CHECK(v == 100 + 1 - 1000 - 1000 + 3);
    CHECK(run_int("int t() { return int(count(1) + count(1, 2, 3, 4)); }", "int t()", &v) == 0);
    CHECK(v == (int)((1u | 1u << 16) + (4u | 10u << 16)));
    CHECK(run_int("int t() { int a = 0, b = 0, c = 0; fill(7, a, b, c); return a * 100 + b * 10 + c - 700 + 0 * c; }", "int t()", &v) == 0);
    CHECK(v == 7 * 100 + 8 * 10 + 9 - 700);

    /* no argument for the variadic parameter, or a named one: no match */
    CHECK(run_int("int t() { return sum(1); }", "int t()", &v) == -1);
    CHECK(strstr(first_error, "No matching signatures") != NULL);
    CHECK(run_int("int t() { return count(); }", "int t()", &v) == -1);

    /* saved and loaded */
    {
        as_module *m = as_engine_get_module(engine, "m", AS_GM_ALWAYS_CREATE);
        const char *code = "int t() { return sum(1, 2, 3) + int(count(5, 6)); }";
        as_module_add_section(m, "m", code, strlen(code), 0);
        REQUIRE(as_module_build(m) >= 0);
        void *buf = NULL;
        size_t len = 0;
        CHECK(as_module_save_bytecode_to_memory(m, false, &buf, &len) >= 0);
        as_module *m2 = as_engine_get_module(engine, "m2", AS_GM_ALWAYS_CREATE);
        CHECK(buf && as_module_load_bytecode_from_memory(m2, buf, len, NULL) >= 0);
        as_context *ctx = as_context_create(engine);
        as_context_prepare(ctx, as_module_function_by_decl(m2, "int t()"));
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        CHECK((int)as_context_return_dword(ctx) == 6 + (int)(2u | 11u << 16));
        as_context_destroy(ctx);
        as_free_mem(buf);
    }

    as_engine_destroy(engine);
    if (failures) fprintf(stderr, "variadic: %d check(s) failed\n", failures);
    return failures ? 1 : 0;
}
