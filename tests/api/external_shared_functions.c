/* `external shared` functions: a module declares a shared function another module compiled, and
 * its calls run that module's code (a crash in vm_exec before: the declaration had no code).
 *  - the call works, with the arguments and the result of the shared function;
 *  - discarding the module that compiled it leaves it working for the module that uses it;
 *  - the using module's saved bytecode carries the shared code: it loads and runs beside the
 *    module that compiled it and in an engine that never had it;
 *  - a declaration no earlier module shares (other name, other parameters, other return type) is
 *    the reference's "External shared entity 'NAME' not found". */
#include "angelc.h"
#include "angelc_addons.h"
#include <stdio.h>
#include <string.h>
#include "check.h"

static char first_error[256];
static void on_message(const as_message *m, void *user)
{
    (void)user;
    if (m->type == AS_MSG_ERROR && !first_error[0]) snprintf(first_error, sizeof first_error, "%s", m->message);
}

static as_module *build(as_engine *e, const char *name, const char *src, int expect)
{
    first_error[0] = 0;
    as_module *m = as_engine_get_module(e, name, AS_GM_ALWAYS_CREATE);
    REQUIRE(m);
    REQUIRE(as_module_add_section(m, name, src, strlen(src), 0) >= 0);
    int r = as_module_build(m);
    if ((r >= 0) != (expect >= 0)) fprintf(stderr, "build %s: %d (%s)\n", name, r, first_error);
    CHECK((r >= 0) == (expect >= 0));
    return m;
}

static int call_int(as_engine *e, as_module *m, const char *decl)
{
    as_context *ctx = as_context_create(e);
    as_function *f = as_module_function_by_decl(m, decl);
    REQUIRE(f);
    REQUIRE(as_context_prepare(ctx, f) >= 0);
    int r = as_context_execute(ctx);
    if (r != AS_EXECUTION_FINISHED)
        fprintf(stderr, "%s: %d %s\n", decl, r, r == AS_EXECUTION_EXCEPTION ? as_context_exception_string(ctx) : "");
    CHECK(r == AS_EXECUTION_FINISHED);
    int v = r == AS_EXECUTION_FINISHED ? (int)as_context_return_dword(ctx) : -1;
    as_context_destroy(ctx);
    return v;
}

static as_engine *engine(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e);
    as_engine_set_message_callback(e, on_message, NULL);
    REQUIRE(as_register_std_addons(e) >= 0);
    return e;
}

static void calls_the_shared_code(void)
{
    as_engine *e = engine();
    build(e, "A", "shared int twice(int x) { return x * 2; }\n"
                  "namespace N { shared string greet(const string &in s) { return 'hi ' + s; } }\n", 0);
    as_module *d = build(e, "D", "external shared int twice(int x);\n"
                                 "namespace N { external shared string greet(const string &in s); }\n"
                                 "int d() { return twice(4) + (N::greet('x') == 'hi x' ? 100 : 0); }\n", 0);
    CHECK(call_int(e, d, "int d()") == 108);
    /* saved, the module carries the shared function's code with it: loaded beside A or into an
     * engine that never had A, the call works */
    void *data = NULL;
    size_t size = 0;
    REQUIRE(as_module_save_bytecode_to_memory(d, false, &data, &size) >= 0);
    as_module *loaded = as_engine_get_module(e, "D2", AS_GM_ALWAYS_CREATE);
    CHECK(as_module_load_bytecode_from_memory(loaded, data, size, NULL) >= 0);
    CHECK(call_int(e, loaded, "int d()") == 108);
    as_engine *fresh = engine();
    as_module *alone = as_engine_get_module(fresh, "D", AS_GM_ALWAYS_CREATE);
    CHECK(as_module_load_bytecode_from_memory(alone, data, size, NULL) >= 0);
    CHECK(call_int(fresh, alone, "int d()") == 108);
    as_engine_destroy(fresh);
    as_free_mem(data);
    /* the module that compiled it goes; the one that uses it keeps it */
    as_module_discard(as_engine_get_module(e, "A", AS_GM_ONLY_IF_EXISTS));
    as_engine_garbage_collect(e, AS_GC_FULL_CYCLE, 1);
    CHECK(call_int(e, d, "int d()") == 108);
    as_engine_destroy(e);
}

static void unknown_or_different_is_an_error(void)
{
    as_engine *e = engine();
    build(e, "A", "shared int twice(int x) { return x * 2; }\n", 0);
    build(e, "B", "external shared int thrice(int x);\n", -1);
    CHECK(STREQ(first_error, "External shared entity 'thrice' not found"));
    build(e, "C", "external shared int twice(float x);\n", -1);
    CHECK(STREQ(first_error, "External shared entity 'twice' not found"));
    build(e, "D", "external shared double twice(int x);\n", -1);
    CHECK(STREQ(first_error, "External shared entity 'twice' not found"));
    as_engine_destroy(e);
}

int main(void)
{
    group("calls_the_shared_code", calls_the_shared_code);
    group("unknown_or_different_is_an_error", unknown_or_different_is_an_error);
    return failures ? 1 : 0;
}
