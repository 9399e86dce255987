/* Rebuilding a module keeps the engine's memory flat (issue 17: about 93 KB stayed per reload
 * until the engine was destroyed). The code of a discarded or rebuilt module is freed once
 * nothing uses it; what still does keeps it alive and working:
 *  - 2,000 rebuilds of a module with classes, interfaces, funcdefs, lambdas, arrays of its
 *    classes and a dictionary grow the memory in use (counted by the host's allocator) by no
 *    more than a few kilobytes after the first ones;
 *  - an object of an old class held by the host still runs its methods; released, its code goes;
 *  - a function handle (as_function_addref) and an array<Old@> held by the host keep theirs;
 *  - old code that uses its module's globals (gone with the module) raises an exception;
 *  - the same through bytecode loads. */
#define _POSIX_C_SOURCE 200809L
#include "angelc.h"
#include "angelc_addons.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

#include "count_alloc.h"

static const char src[] =
    "class Node { Node@ next; array<int> data; string name; dictionary d;\n"
    "  Node(int n) { name = 'n' + n; data.resize(n); }\n"
    "  int sum() { int s = 0; for (uint i = 0; i < data.length(); i++) s += data[i]; return s + 7; } }\n"
    "interface I { int f(); }\n"
    "class A : I { int f() { return 1; } }\n"
    "funcdef int CB(int);\n"
    "array<Node@> nodes;\n"
    "string greeting = 'hello';\n"
    "int apply(CB@ cb, int x) { return cb(x); }\n"
    "array<Node@>@ make() { array<Node@> a = {Node(1), Node(2)}; @a[0].next = a[1]; @a[1].next = a[0]; return a; }\n"
    "int main() { for (int i = 0; i < 10; i++) nodes.insertLast(Node(i)); A a; dictionary d; d['x'] = 1;\n"
    "  return apply(function(x) { return x * 2; }, int(nodes.length())) + a.f(); }\n";

static void on_message(const as_message *m, void *user)
{
    (void)user;
    if (m->type == AS_MSG_ERROR) fprintf(stderr, "%s:%d:%d: %s\n", m->section, m->row, m->col, m->message);
}

static as_engine *new_engine(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e != NULL);
    as_engine_set_message_callback(e, on_message, NULL);
    as_register_string(e);
    as_register_array(e, true);
    as_register_dictionary(e);
    return e;
}

static as_module *build(as_engine *e)
{
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    REQUIRE(as_module_add_section(m, "s", src, strlen(src), 0) >= 0);
    REQUIRE(as_module_build(m) >= 0);
    return m;
}

static int call_int(as_engine *e, as_function *f, void *obj)
{
    as_context *ctx = as_context_create(e);
    REQUIRE(ctx != NULL);
    REQUIRE(as_context_prepare(ctx, f) >= 0);
    if (obj) as_context_set_object(ctx, obj);
    int r = as_context_execute(ctx) == AS_EXECUTION_FINISHED ? (int)as_context_return_dword(ctx) : -1;
    as_context_destroy(ctx);
    return r;
}

static void flat_rebuilds(void)
{
    as_engine *e = new_engine();
    size_t after_warmup = 0;
    for (int i = 0; i < 2000; i++) {
        as_module *m = build(e);
        CHECK(call_int(e, as_module_function_by_decl(m, "int main()"), NULL) == 21);
        as_engine_garbage_collect(e, AS_GC_FULL_CYCLE, 1);
        if (i == 20) after_warmup = live_bytes;
    }
    size_t growth = live_bytes > after_warmup ? live_bytes - after_warmup : 0;
    if (growth > 16 * 1024) fprintf(stderr, "  grew by %zu bytes over 1980 rebuilds\n", growth);
    CHECK(growth <= 16 * 1024);
    as_engine_destroy(e);
    CHECK(live_bytes == 0);
}

static void flat_loads(void)
{
    as_engine *e = new_engine();
    as_module *m = build(e);
    void *blob = NULL;
    size_t size = 0;
    REQUIRE(as_module_save_bytecode_to_memory(m, false, &blob, &size) >= 0);
    size_t after_warmup = 0;
    for (int i = 0; i < 200; i++) {
        as_module *l = as_engine_get_module(e, "loaded", AS_GM_ALWAYS_CREATE);
        REQUIRE(as_module_load_bytecode_from_memory(l, blob, size, NULL) >= 0);
        CHECK(call_int(e, as_module_function_by_decl(l, "int main()"), NULL) == 21);
        if (i == 20) after_warmup = live_bytes;
    }
    size_t growth = live_bytes > after_warmup ? live_bytes - after_warmup : 0;
    if (growth > 16 * 1024) fprintf(stderr, "  grew by %zu bytes over 180 loads\n", growth);
    CHECK(growth <= 16 * 1024);
    as_free_mem(blob);
    as_engine_destroy(e);
    CHECK(live_bytes == 0);
}

static const char src_globals[] =
    "int counter = 0;\n"
    "class Keeper { int v = 5; int plain() { return v * 2; } int touch() { counter++; return counter; } }\n"
    "Keeper@ make() { return Keeper(); }\n";

static void old_code_in_use(void)
{
    as_engine *e = new_engine();
    as_module *m = build(e);
    /* an array<Node@> of old nodes (in a cycle), and a handle to an old function */
    as_context *ctx = as_context_create(e);
    REQUIRE(as_context_prepare(ctx, as_module_function_by_decl(m, "array<Node@>@ make()")) >= 0);
    REQUIRE(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    void *arr = as_context_return_object(ctx);
    REQUIRE(arr != NULL);
    as_type *arr_type = as_module_type_by_decl(m, "array<Node@>");
    REQUIRE(arr_type != NULL);
    int arr_tid = as_type_id(arr_type);
    as_engine_addref_object(e, arr, arr_tid);
    as_context_destroy(ctx);
    as_type *node = as_module_type_by_name(m, "Node");
    REQUIRE(node != NULL);
    as_function *sum = as_type_method_by_decl(node, "int sum()");
    REQUIRE(sum != NULL);
    as_function *apply = as_module_function_by_decl(m, "int apply(CB@, int)");
    REQUIRE(apply != NULL);
    as_function_addref(apply);

    for (int i = 0; i < 20; i++) build(e);
    size_t held = live_bytes;
    /* the old code still runs for what holds it */
    CHECK(as_array_size(arr) == 2);
    void **slot = as_array_at(arr, 1);
    REQUIRE(slot != NULL && *slot != NULL);
    CHECK(call_int(e, sum, *slot) == 7);
    /* released: it goes (a full cycle collects the nodes' cycle) */
    as_engine_release_object(e, arr, arr_tid);
    as_function_release(apply);
    as_engine_garbage_collect(e, AS_GC_FULL_CYCLE, 1);
    build(e);
    CHECK(live_bytes < held);
    as_engine_destroy(e);
    CHECK(live_bytes == 0);
}

/* An old object whose methods use the globals of its discarded module: the ones that do raise
 * an exception, the others run. */
static void old_code_and_globals(void)
{
    as_engine *e = new_engine();
    as_module *m = as_engine_get_module(e, "g", AS_GM_ALWAYS_CREATE);
    REQUIRE(as_module_add_section(m, "g", src_globals, strlen(src_globals), 0) >= 0);
    REQUIRE(as_module_build(m) >= 0);
    as_type *keeper = as_module_type_by_name(m, "Keeper");
    as_function *plain = as_type_method_by_decl(keeper, "int plain()");
    as_function *touch = as_type_method_by_decl(keeper, "int touch()");
    REQUIRE(plain && touch);
    as_context *ctx = as_context_create(e);
    REQUIRE(as_context_prepare(ctx, as_module_function_by_decl(m, "Keeper@ make()")) >= 0);
    REQUIRE(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    void *obj = as_context_return_object(ctx);
    REQUIRE(obj != NULL);
    int tid = as_type_id(keeper);
    as_engine_addref_object(e, obj, tid);
    as_context_destroy(ctx);
    CHECK(call_int(e, touch, obj) == 1);
    as_module_discard(m);
    CHECK(call_int(e, plain, obj) == 10);
    ctx = as_context_create(e);
    REQUIRE(as_context_prepare(ctx, touch) >= 0);
    as_context_set_object(ctx, obj);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_EXCEPTION);
    CHECK(STREQ(as_context_exception_string(ctx), "The function's module was discarded"));
    as_context_destroy(ctx);
    as_engine_release_object(e, obj, tid);
    as_engine_destroy(e);
    CHECK(live_bytes == 0);
}

int main(void)
{
    REQUIRE(as_set_global_memory_functions(count_alloc, count_free) >= 0);
    group_alarm = 120;
    group("rebuilds keep memory flat", flat_rebuilds);
    group("bytecode loads keep memory flat", flat_loads);
    group("old code stays while used", old_code_in_use);
    group("old code and the globals of its module", old_code_and_globals);
    return failures ? 1 : 0;
}
