/* PENDING (checklist B1/B13, custom allocators): angelc has no equivalent of
 * asSetGlobalMemoryFunctions / asResetGlobalMemoryFunctions / asAllocMem / asFreeMem, which
 * hosts with their own allocators (consoles, embedded, memory budgets) use to route every
 * allocation the engine makes. Proposed names (asXxx -> as_xxx); this file does not compile
 * until they exist. Expected, as in AngelScript 2.35.1: set before the engine is created, every
 * engine allocation goes through the host's functions and each is freed through them by the
 * time the engine is destroyed; as_alloc_mem / as_free_mem use the same functions. */
#include "angelc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;
#define CHECK(c) do { if (!(c)) { fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c); failures++; } } while (0)

static long allocs, frees;
static void *my_alloc(size_t n) { allocs++; return malloc(n); }
static void my_free(void *p) { if (p) frees++; free(p); }

int main(void)
{
    CHECK(as_set_global_memory_functions(my_alloc, my_free) == AS_SUCCESS);
    as_engine *e = as_engine_create();
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    const char *code = "class A { int x = 1; } int f() { A a; return a.x; }";
    as_module_add_section(m, "m.as", code, strlen(code), 0);
    CHECK(as_module_build(m) >= 0);
    as_engine_destroy(e);
    CHECK(allocs > 0);
    CHECK(allocs == frees);
    void *p = as_alloc_mem(16);
    CHECK(p != NULL && allocs == frees + 1);
    as_free_mem(p);
    CHECK(allocs == frees);
    CHECK(as_reset_global_memory_functions() == AS_SUCCESS);
    return failures ? 1 : 0;
}
