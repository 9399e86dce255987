/* The host's allocator (asSetGlobalMemoryFunctions, checklist B1/B13): once installed, every
 * allocation angelc makes goes through it and is given back through it by the time the engine
 * is destroyed, whatever the script did (classes, strings, arrays, dictionaries, exceptions,
 * garbage cycles, bytecode saved and loaded); as_alloc_mem / as_free_mem use it too. Each block
 * carries a tag, so memory from libc handed to the host's free is caught. */
#include "angelc.h"
#include "angelc_addons.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define TAG 0xA11C0C8Du
static long allocs, frees, foreign;
static void *my_alloc(size_t n)
{
    unsigned char *p = malloc(n + 16);
    if (!p) return NULL;
    uint32_t tag = TAG;
    memcpy(p, &tag, sizeof tag);
    allocs++;
    return p + 16;
}
static void my_free(void *q)
{
    if (!q) return;
    unsigned char *p = (unsigned char *)q - 16;
    uint32_t tag;
    memcpy(&tag, p, sizeof tag);
    if (tag != TAG) { foreign++; return; }   /* not ours: leaked rather than freed wrongly */
    memset(p, 0, sizeof tag);
    frees++;
    free(p);
}

static const char *script =
    "class Node { Node@ next; array<int> data = {1, 2, 3}; string name = 'n'; }\n"
    "int f() {\n"
    "  Node a; Node b; @a.next = b; @b.next = a;\n"   /* a cycle for the collector */
    "  dictionary d = {{'x', 1}, {'y', 'two'}};\n"
    "  string s; for (int i = 0; i < 100; i++) s += i;\n"
    "  array<string> words = s.split('9');\n"
    "  try { array<int> e; e[5] = 1; } catch { s += getExceptionInfo(); }\n"
    "  return int(words.length()) + int(d.getSize()) + a.data[2];\n"
    "}\n";

static as_engine *engine(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e != NULL);
    as_register_string(e);
    as_register_array(e, true);
    as_register_string_utils(e);
    as_register_dictionary(e);
    as_register_exception_routines(e);
    as_register_math(e);
    return e;
}

static int run_f(as_engine *e, as_module *m)
{
    as_context *ctx = as_context_create(e);
    REQUIRE(as_context_prepare(ctx, as_module_function_by_decl(m, "int f()")) >= 0);
    int r = as_context_execute(ctx) == AS_EXECUTION_FINISHED ? (int)as_context_return_dword(ctx) : -1;
    as_context_destroy(ctx);
    return r;
}

static void g_everything_through_the_host(void)
{
    CHECK(as_set_global_memory_functions(NULL, my_free) == AS_INVALID_ARG);
    CHECK(as_set_global_memory_functions(my_alloc, my_free) == AS_SUCCESS);
    as_engine *e = engine();
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    REQUIRE(as_module_add_section(m, "m.as", script, strlen(script), 0) >= 0);
    REQUIRE(as_module_build(m) >= 0);
    int expect = run_f(e, m);
    CHECK(expect > 3);
    void *data = NULL;
    size_t size = 0;
    REQUIRE(as_module_save_bytecode_to_memory(m, false, &data, &size) == AS_SUCCESS);
    as_engine_garbage_collect(e, AS_GC_FULL_CYCLE, 1);
    as_engine_destroy(e);

    e = engine();
    m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    CHECK(as_module_load_bytecode_from_memory(m, data, size, NULL) == AS_SUCCESS);
    as_free_mem(data);
    CHECK(run_f(e, m) == expect);
    as_engine_destroy(e);

    CHECK(allocs > 100);
    CHECK(allocs == frees);
    CHECK(foreign == 0);
    void *p = as_alloc_mem(16);
    CHECK(p != NULL && allocs == frees + 1);
    as_free_mem(p);
    CHECK(allocs == frees);
    CHECK(as_reset_global_memory_functions() == AS_SUCCESS);
    /* libc again: nothing more reaches the host */
    long before = allocs;
    as_free_mem(as_alloc_mem(8));
    as_engine_destroy(engine());
    CHECK(allocs == before);
}

int main(void)
{
    group("everything through the host", g_everything_through_the_host);
    return failures ? 1 : 0;
}
