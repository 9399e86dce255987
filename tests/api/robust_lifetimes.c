/* Lifetimes and misuse (issue 17); run under ASan by `make asan`, where a use-after-free fails:
 *  - contexts keep their engine alive: as_engine_destroy before the contexts (prepared,
 *    suspended with objects in their frames, finished with a returned object, pooled) leaves
 *    them unprepared and destroyable;
 *  - as_engine_destroy from inside a host function or a message callback waits until the call
 *    into the engine returns;
 *  - as_context_destroy of the context running the host function is refused;
 *  - a module discarded by its own running code goes when the call returns; rebuilding or
 *    loading it then is AS_MODULE_IS_IN_USE; a context prepared for or suspended in a module
 *    that is discarded or rebuilt is unprepared;
 *  - a NULL object for a reference parameter (const string &in) is refused, and one never set
 *    raises "Null pointer access" instead of being dereferenced. */
#define _POSIX_C_SOURCE 200809L
#include "angelc.h"
#include "angelc_addons.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

static char last_error[512];
static int nerrors;
static void on_message(const as_message *m, void *user)
{
    (void)user;
    if (m->type != AS_MSG_ERROR) return;
    nerrors++;
    snprintf(last_error, sizeof last_error, "%s", m->message);
}

static as_engine *E;

static void host_destroy_engine(as_generic *g) { as_engine_destroy(as_generic_engine(g)); }
static void host_destroy_context(as_generic *g) { (void)g; as_context_destroy(as_active_context()); }
static void host_discard(as_generic *g) { CHECK(as_engine_discard_module(as_generic_engine(g), "m") == AS_SUCCESS); }
static int rebuild_result;
static void host_rebuild(as_generic *g)
{
    as_module *m = as_engine_get_module(as_generic_engine(g), "m", AS_GM_ONLY_IF_EXISTS);
    const char *src = "int f() { return 1; }";
    as_module_add_section(m, "again", src, strlen(src), 0);
    rebuild_result = as_module_build(m);
}

static as_engine *new_engine(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e != NULL);
    as_engine_set_message_callback(e, on_message, NULL);
    as_register_string(e);
    as_register_array(e, true);
    REQUIRE(as_register_global_function(e, "void destroyEngine()", AS_FN(host_destroy_engine), AS_CALL_GENERIC, NULL) >= 0);
    REQUIRE(as_register_global_function(e, "void destroyContext()", AS_FN(host_destroy_context), AS_CALL_GENERIC, NULL) >= 0);
    REQUIRE(as_register_global_function(e, "void discardModule()", AS_FN(host_discard), AS_CALL_GENERIC, NULL) >= 0);
    REQUIRE(as_register_global_function(e, "void rebuildModule()", AS_FN(host_rebuild), AS_CALL_GENERIC, NULL) >= 0);
    nerrors = 0;
    last_error[0] = 0;
    return e;
}

static as_module *build(as_engine *e, const char *src)
{
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    REQUIRE(m != NULL);
    REQUIRE(as_module_add_section(m, "s", src, strlen(src), 0) >= 0);
    REQUIRE(as_module_build(m) >= 0);
    return m;
}

static const char objects_src[] =
    "class Holder { array<string> items; Holder@ self; }\n"
    "int counter = 0;\n"
    "Holder@ make() { Holder h; h.items.insertLast('x'); @h.self = h; return h; }\n"
    "int slow() { Holder h; @h.self = h; string s = 'abc'; for (int i = 0; i < 100; i++) counter += i; return int(s.length()); }\n"
    "int quick() { return 5; }\n";

static int suspend_countdown;
static void suspend_soon(as_context *ctx, void *user)
{
    (void)user;
    if (--suspend_countdown == 0) as_context_suspend(ctx);
}

static void engine_before_contexts(void)
{
    E = new_engine();
    as_module *m = build(E, objects_src);
    as_context *prepared = as_context_create(E);
    REQUIRE(as_context_prepare(prepared, as_module_function_by_decl(m, "int quick()")) >= 0);
    as_context *suspended = as_context_create(E);
    REQUIRE(as_context_prepare(suspended, as_module_function_by_decl(m, "int slow()")) >= 0);
    suspend_countdown = 5;
    as_context_set_line_callback(suspended, suspend_soon, NULL);
    CHECK(as_context_execute(suspended) == AS_EXECUTION_SUSPENDED);
    as_context *finished = as_context_create(E);
    REQUIRE(as_context_prepare(finished, as_module_function_by_decl(m, "Holder@ make()")) >= 0);
    CHECK(as_context_execute(finished) == AS_EXECUTION_FINISHED);
    CHECK(as_context_return_object(finished) != NULL);
    as_context *pooled = as_engine_request_context(E);
    REQUIRE(pooled != NULL);
    as_engine_return_context(E, pooled);
    as_context *unused = as_context_create(E);

    as_engine_destroy(E);
    /* the contexts still work as contexts: unprepared, and destroyable in any order */
    CHECK(as_context_state(prepared) == AS_EXECUTION_UNINITIALIZED);
    CHECK(as_context_execute(prepared) == AS_CONTEXT_NOT_PREPARED);
    CHECK(as_context_execute(suspended) == AS_CONTEXT_NOT_PREPARED);
    CHECK(as_context_engine(unused) == E);
    as_context_destroy(suspended);
    as_context_destroy(finished);
    as_context_destroy(unused);
    as_context_destroy(prepared);   /* the last reference: the engine goes now */
}

static void destroy_engine_in_host_call(void)
{
    E = new_engine();
    as_module *m = build(E, "int counter = 3;\nint f() { destroyEngine(); string s = 'still here'; counter += int(s.length()); return counter; }\n");
    as_context *ctx = as_context_create(E);
    REQUIRE(as_context_prepare(ctx, as_module_function_by_decl(m, "int f()")) >= 0);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(as_context_return_dword(ctx) == 13);
    /* the engine was shut down when the call returned: the context is what keeps it */
    CHECK(as_engine_module_count(E) == 0);
    as_context_destroy(ctx);
}

static as_engine *victim;
static void destroy_on_message(const as_message *m, void *user)
{
    (void)m;
    (void)user;
    if (victim) as_engine_destroy(victim);
    victim = NULL;
}

static void destroy_engine_in_message_callback(void)
{
    E = as_engine_create();
    REQUIRE(E != NULL);
    victim = E;
    as_engine_set_message_callback(E, destroy_on_message, NULL);
    as_module *m = as_engine_get_module(E, "m", AS_GM_ALWAYS_CREATE);
    const char *src = "void f() { undefined(); }\nvoid g() { alsoUndefined(); }\n";
    as_module_add_section(m, "s", src, strlen(src), 0);
    CHECK(as_module_build(m) < 0);   /* the engine goes when the build returns */
    CHECK(victim == NULL);
}

static void destroy_running_context(void)
{
    E = new_engine();
    as_module *m = build(E, "int f() { destroyContext(); return 8; }\n");
    as_context *ctx = as_context_create(E);
    REQUIRE(as_context_prepare(ctx, as_module_function_by_decl(m, "int f()")) >= 0);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(as_context_return_dword(ctx) == 8);
    CHECK(strstr(last_error, "not destroyed") != NULL);
    as_context_destroy(ctx);
    as_engine_destroy(E);
}

static void discard_own_module(void)
{
    E = new_engine();
    as_module *m = build(E, "array<string> names = {'a', 'b'};\nint total = 0;\n"
                            "int f() { discardModule(); names.insertLast('c'); total += int(names.length()); return total; }\n");
    as_context *ctx = as_context_create(E);
    REQUIRE(as_context_prepare(ctx, as_module_function_by_decl(m, "int f()")) >= 0);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(as_context_return_dword(ctx) == 3);
    CHECK(as_engine_module_count(E) == 0);
    as_context_destroy(ctx);
    as_engine_destroy(E);
}

static void rebuild_own_module(void)
{
    E = new_engine();
    as_module *m = build(E, "int g = 4;\nint f() { rebuildModule(); return g; }\n");
    as_context *ctx = as_context_create(E);
    REQUIRE(as_context_prepare(ctx, as_module_function_by_decl(m, "int f()")) >= 0);
    rebuild_result = 0;
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(rebuild_result == AS_MODULE_IS_IN_USE);
    CHECK(as_context_return_dword(ctx) == 4);
    as_context_destroy(ctx);
    as_engine_destroy(E);
}

static void contexts_of_discarded_module(void)
{
    E = new_engine();
    as_module *m = build(E, objects_src);
    as_context *prepared = as_context_create(E);
    REQUIRE(as_context_prepare(prepared, as_module_function_by_decl(m, "int quick()")) >= 0);
    as_context *suspended = as_context_create(E);
    REQUIRE(as_context_prepare(suspended, as_module_function_by_decl(m, "int slow()")) >= 0);
    suspend_countdown = 5;
    as_context_set_line_callback(suspended, suspend_soon, NULL);
    CHECK(as_context_execute(suspended) == AS_EXECUTION_SUSPENDED);
    /* rebuilt: the old code goes, the contexts are unprepared */
    m = build(E, objects_src);
    CHECK(as_context_execute(prepared) == AS_CONTEXT_NOT_PREPARED);
    CHECK(as_context_execute(suspended) == AS_CONTEXT_NOT_PREPARED);
    REQUIRE(as_context_prepare(prepared, as_module_function_by_decl(m, "int quick()")) >= 0);
    REQUIRE(as_context_prepare(suspended, as_module_function_by_decl(m, "int slow()")) >= 0);
    suspend_countdown = 5;
    CHECK(as_context_execute(suspended) == AS_EXECUTION_SUSPENDED);
    /* discarded: the same */
    as_module_discard(m);
    CHECK(as_context_execute(prepared) == AS_CONTEXT_NOT_PREPARED);
    CHECK(as_context_execute(suspended) == AS_CONTEXT_NOT_PREPARED);
    as_context_destroy(prepared);
    as_context_destroy(suspended);
    as_engine_destroy(E);
}

static void null_reference_arguments(void)
{
    E = new_engine();
    as_module *m = build(E, "int len(const string &in s) { return int(s.length()); }\n"
                            "void put(int &out x) { x = 1; }\n"
                            "int handle(array<int>@ a) { return a is null ? -1 : int(a.length()); }\n");
    as_context *ctx = as_context_create(E);
    as_function *len = as_module_function_by_decl(m, "int len(const string &in)");
    REQUIRE(len != NULL);
    REQUIRE(as_context_prepare(ctx, len) >= 0);
    CHECK(as_context_set_arg_object(ctx, 0, NULL) == AS_INVALID_ARG);
    REQUIRE(as_context_prepare(ctx, len) >= 0);
    CHECK(as_context_set_arg_address(ctx, 0, NULL) == AS_INVALID_ARG);
    /* never set */
    REQUIRE(as_context_prepare(ctx, len) >= 0);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_EXCEPTION);
    CHECK(STREQ(as_context_exception_string(ctx), "Null pointer access"));
    REQUIRE(as_context_prepare(ctx, as_module_function_by_decl(m, "void put(int &out)")) >= 0);
    CHECK(as_context_set_arg_address(ctx, 0, NULL) == AS_INVALID_ARG);
    REQUIRE(as_context_prepare(ctx, as_module_function_by_decl(m, "void put(int &out)")) >= 0);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_EXCEPTION);
    /* a null handle is a value */
    REQUIRE(as_context_prepare(ctx, as_module_function_by_decl(m, "int handle(array<int>@)")) >= 0);
    CHECK(as_context_set_arg_object(ctx, 0, NULL) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK((int)as_context_return_dword(ctx) == -1);
    as_context_destroy(ctx);
    as_engine_destroy(E);
}

int main(void)
{
    group_alarm = 60;
    group("engine destroyed before its contexts", engine_before_contexts);
    group("engine destroyed inside a host function", destroy_engine_in_host_call);
    group("engine destroyed inside the message callback", destroy_engine_in_message_callback);
    group("running context destroyed inside a host function", destroy_running_context);
    group("module discarded by its own code", discard_own_module);
    group("module rebuilt by its own code", rebuild_own_module);
    group("contexts of a rebuilt or discarded module", contexts_of_discarded_module);
    group("NULL reference arguments", null_reference_arguments);
    return failures ? 1 : 0;
}
