/* Compiled scripts (include/angelc_aot.h, docs/aot.md): a registered table gives the functions
 * whose bytecode hash matches their compiled body, called from the host and from interpreted
 * script alike; a module with functions that don't match gets one warning and runs those
 * interpreted; bad tables are refused. The body here is written by hand (what `angelc aot` would
 * write, plus 1000, so the test sees which one ran). */
#include "angelc.h"
#include "angelc_addons.h"
#include "angelc_aot.h"
#include <stdio.h>
#include <string.h>
#include "check.h"

static int warnings;
static char last_warning[512];

static void on_message(const as_message *m, void *user)
{
    (void)user;
    if (m->type == AS_MSG_WARNING) {
        warnings++;
        snprintf(last_warning, sizeof last_warning, "%s", m->message);
    }
}

/* int add(int a, int b): the arguments are frame slots 0 and 1, the result goes to *ret */
static int add_body(as_context *ctx, as_aot_slot *fp, const as_aot_slot *K, as_aot_slot *ret)
{
    (void)ctx;
    (void)K;
    ret->i32 = fp[0].i32 + fp[1].i32 + 1000;
    return AS_AOT_RETURNED;
}

static as_engine *engine(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e);
    as_engine_set_message_callback(e, on_message, NULL);
    return e;
}

static as_module *build(as_engine *e, const char *code)
{
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    REQUIRE(m && as_module_add_section(m, "s", code, strlen(code), 0) >= 0);
    REQUIRE(as_module_build(m) >= 0);
    return m;
}

static int call2(as_engine *e, as_function *f, int a, int b)
{
    as_context *ctx = as_context_create(e);
    REQUIRE(ctx && as_context_prepare(ctx, f) >= 0);
    if (as_function_param_count(f) == 2) {
        as_context_set_arg_dword(ctx, 0, (uint32_t)a);
        as_context_set_arg_dword(ctx, 1, (uint32_t)b);
    }
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    int r = (int)as_context_return_dword(ctx);
    as_context_destroy(ctx);
    return r;
}

static const char add_src[] = "int add(int a, int b) { return a + b; }";

static void registered(void)
{
    /* the hash of add's bytecode, from a first engine */
    as_engine *e = engine();
    as_module *m = build(e, add_src);
    as_function *add = as_module_function_by_decl(m, "int add(int, int)");
    REQUIRE(add);
    uint64_t h = as_aot_function_hash(add);
    CHECK(h != 0);
    CHECK(as_aot_module_compiled_count(m) == 0);
    as_engine_destroy(e);

    static as_aot_entry entries[1];
    entries[0] = (as_aot_entry){"int add(int, int)", 0, add_body};
    entries[0].hash = h;
    static as_aot_module table = {AS_AOT_ABI, "add.as", entries, 1};
    CHECK(as_aot_register(&table) == 0);
    CHECK(as_aot_register(&table) == 0);   /* again: nothing changes */

    /* built again: add runs compiled, called by the host */
    e = engine();
    m = build(e, add_src);
    add = as_module_function_by_decl(m, "int add(int, int)");
    CHECK(as_aot_module_compiled_count(m) == 1);
    CHECK(call2(e, add, 2, 3) == 1005);
    CHECK(warnings == 0);
    as_engine_destroy(e);

    /* beside an interpreted function the table does not have: called from it; one warning */
    e = engine();
    m = build(e, "int add(int a, int b) { return a + b; }\nint run() { return add(1, 2); }");
    CHECK(as_aot_module_compiled_count(m) == 1);
    CHECK(call2(e, as_module_function_by_decl(m, "int run()"), 0, 0) == 1003);
    CHECK(warnings == 1);
    CHECK(strstr(last_warning, "compiled code does not match 1 of the 2 functions of module 'm'") != NULL);
    CHECK(strstr(last_warning, "int run()") != NULL);
    as_engine_destroy(e);

    /* a body that changed: interpreted, with the warning */
    warnings = 0;
    e = engine();
    m = build(e, "int add(int a, int b) { return a - b; }");
    CHECK(as_aot_module_compiled_count(m) == 0);
    CHECK(call2(e, as_module_function_by_decl(m, "int add(int, int)"), 2, 3) == -1);
    CHECK(warnings == 1);
    CHECK(strstr(last_warning, "'int add(int, int)'") != NULL);
    as_engine_destroy(e);

    /* a module the table knows nothing of: no word */
    warnings = 0;
    e = engine();
    m = build(e, "int mul(int a, int b) { return a * b; }");
    CHECK(call2(e, as_module_function_by_decl(m, "int mul(int, int)"), 2, 3) == 6);
    CHECK(warnings == 0);
    as_engine_destroy(e);
    as_aot_unregister_all();
}

static void refused(void)
{
    static as_aot_module other = {AS_AOT_ABI + 1, "x.as", NULL, 0};
    CHECK(as_aot_register(NULL) == AS_INVALID_ARG);
    CHECK(as_aot_register(&other) == AS_INVALID_ARG);
    static as_aot_module no_funcs = {AS_AOT_ABI, "x.as", NULL, 3};
    CHECK(as_aot_register(&no_funcs) == AS_INVALID_ARG);
    CHECK(as_aot_function_hash(NULL) == 0);
    CHECK(as_aot_module_compiled_count(NULL) == AS_INVALID_ARG);
    CHECK(as_aot_write_module(NULL, stdout, "x", "r") == AS_INVALID_ARG);
}

int main(void)
{
    group("registered", registered);
    group("refused", refused);
    return failures ? 1 : 0;
}
