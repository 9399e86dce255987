/* Refused bytecode leaves the engine as it was (issue 17). 600 copies of a saved module, each
 * with a few bytes changed and the checksum recomputed, are loaded into an engine whose own
 * module holds live objects (arrays of script objects in the collector, a dictionary, strings):
 * a load that is refused takes back exactly what it made (never a type something else uses),
 * the engine's memory in use returns to what it was, and discarding the modules and collecting
 * afterwards is clean (ASan in `make asan`). Blobs the verifier lets through are not run here
 * (the bytecode fuzz target runs them; include/angelc.h says what a host may trust of them:
 * not that reference counts balance), and only valid ones are run. With a key shared by the saving and the loading
 * engine (as_engine_set_bytecode_key) no edited blob loads at all, so none can run. */
#define _POSIX_C_SOURCE 200809L
#include "angelc.h"
#include "angelc_addons.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

#include "count_alloc.h"
#include "fnv1a.h"

static const char src[] =
    "enum Color { Red, Green = 5, Blue }\n"
    "interface Shape { double area() const; }\n"
    "class Base { int id; Base@ link; Base(int i) { id = i; } }\n"
    "class Sq : Base, Shape { double s; Sq(double x) { super(int(x)); s = x; } double area() const { return s * s; } }\n"
    "funcdef int Op(int, int);\n"
    "array<Base@> all;\n"
    "array<array<Sq@>> grid;\n"
    "dictionary reg;\n"
    "string title = 'hello';\n"
    "int apply(Op@ op, int a, int b) { return op(a, b); }\n"
    "int main() {\n"
    "  int total = 0;\n"
    "  for (int i = 0; i < 20; i++) { Sq s(i); @s.link = s; all.insertLast(s); total += int(s.area()) % 7; }\n"
    "  grid.resize(2); grid[1].insertLast(Sq(3));\n"
    "  reg.set('n', int64(all.length()));\n"
    "  total += apply(function(a, b) { return a * b + 1; }, 3, 4);\n"
    "  try { array<int> e; total += e[10]; } catch { total += 100; }\n"
    "  Color c = Blue; total += int(c);\n"
    "  return total + int(title.length());\n"
    "}\n";

static void quiet(const as_message *m, void *u)
{
    (void)m;
    (void)u;
}

static as_engine *new_engine(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e != NULL);
    as_engine_set_message_callback(e, quiet, NULL);
    as_register_string(e);
    as_register_array(e, true);
    as_register_dictionary(e);
    return e;
}

static int run_main(as_engine *e, as_module *m)
{
    as_context *ctx = as_context_create(e);
    REQUIRE(as_context_prepare(ctx, as_module_function_by_decl(m, "int main()")) >= 0);
    int r = as_context_execute(ctx) == AS_EXECUTION_FINISHED ? (int)as_context_return_dword(ctx) : -1;
    as_context_destroy(ctx);
    return r;
}

static uint32_t rng = 12345;
static uint32_t next_rand(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

static void refused_loads(void)
{
    as_engine *e = new_engine();
    as_module *base = as_engine_get_module(e, "base", AS_GM_ALWAYS_CREATE);
    REQUIRE(as_module_add_section(base, "s", src, strlen(src), 0) >= 0);
    REQUIRE(as_module_build(base) >= 0);
    int want = run_main(e, base);
    CHECK(want > 0);
    void *blob = NULL;
    size_t size = 0;
    REQUIRE(as_module_save_bytecode_to_memory(base, false, &blob, &size) >= 0);
    REQUIRE(size > 64);
    /* warm up the engine's lists with one good load and discard */
    as_module *x = as_engine_get_module(e, "x", AS_GM_ALWAYS_CREATE);
    REQUIRE(as_module_load_bytecode_from_memory(x, blob, size, NULL) >= 0);
    CHECK(run_main(e, x) == want);
    as_module_discard(x);
    as_engine_garbage_collect(e, AS_GC_FULL_CYCLE, 1);
    size_t before = live_bytes;
    uint8_t *b = malloc(size);
    REQUIRE(b != NULL);
    int refused = 0, accepted = 0;
    for (int it = 0; it < 600; it++) {
        memcpy(b, blob, size);
        int flips = 1 + (int)(next_rand() % 3);
        for (int k = 0; k < flips; k++) {
            size_t pos = 32 + next_rand() % (uint32_t)(size - 32);
            b[pos] = (uint8_t)(next_rand() & 0xFF);
        }
        uint64_t len;
        memcpy(&len, b + 16, 8);
        uint64_t sum = fnv1a(b + 32, len <= size - 32 ? (size_t)len : size - 32);
        memcpy(b + 24, &sum, 8);
        x = as_engine_get_module(e, "x", AS_GM_ALWAYS_CREATE);
        /* initialisers of what loads are not run: they are code the verifier let through */
        as_engine_set_property(e, AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD, 0);
        int r = as_module_load_bytecode_from_memory(x, b, size, NULL);
        as_engine_set_property(e, AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD, 1);
        if (r < 0) refused++;
        else accepted++;
        as_module_discard(x);
        as_engine_garbage_collect(e, AS_GC_FULL_CYCLE, 1);
    }
    fprintf(stderr, "  %d refused, %d accepted (not run)\n", refused, accepted);
    CHECK(refused > 300);
    /* the engine is as it was: its memory, and the base module still works */
    if (live_bytes > before + 8192) fprintf(stderr, "  %zu bytes more than before the loads\n", live_bytes - before);
    CHECK(live_bytes <= before + 8192);
    CHECK(run_main(e, base) == want);
    free(b);
    as_free_mem(blob);
    as_module_discard(base);
    as_engine_garbage_collect(e, AS_GC_FULL_CYCLE, 1);
    as_engine_destroy(e);
    CHECK(live_bytes == 0);
}

/* Edited bytecode never runs when the engines share a key (as_engine_set_bytecode_key): 600
 * edited copies of a keyed blob, with the checksum recomputed as before or with a hash under
 * another key, are all refused; the blob itself loads and runs; keyed and unkeyed blobs are not
 * mixed up. */
static void keyed_loads(void)
{
    static const uint8_t key[16] = "0123456789abcdef", other[16] = "fedcba9876543210";
    as_engine *e = new_engine();
    CHECK(as_engine_set_bytecode_key(e, key, 15) == AS_INVALID_ARG);
    CHECK(as_engine_set_bytecode_key(e, key, sizeof key) == AS_SUCCESS);
    as_module *base = as_engine_get_module(e, "base", AS_GM_ALWAYS_CREATE);
    REQUIRE(as_module_add_section(base, "s", src, strlen(src), 0) >= 0);
    REQUIRE(as_module_build(base) >= 0);
    int want = run_main(e, base);
    void *blob = NULL, *plain = NULL, *foreign = NULL;
    size_t size = 0, plain_size = 0, foreign_size = 0;
    REQUIRE(as_module_save_bytecode_to_memory(base, false, &blob, &size) >= 0);
    /* the same module saved without a key, and with another */
    CHECK(as_engine_set_bytecode_key(e, NULL, 0) == AS_SUCCESS);
    REQUIRE(as_module_save_bytecode_to_memory(base, false, &plain, &plain_size) >= 0);
    CHECK(as_engine_set_bytecode_key(e, other, sizeof other) == AS_SUCCESS);
    REQUIRE(as_module_save_bytecode_to_memory(base, false, &foreign, &foreign_size) >= 0);
    CHECK(as_engine_set_bytecode_key(e, key, sizeof key) == AS_SUCCESS);
    as_module *x = as_engine_get_module(e, "x", AS_GM_ALWAYS_CREATE);
    CHECK(as_module_load_bytecode_from_memory(x, plain, plain_size, NULL) == AS_ERROR);
    CHECK(as_module_load_bytecode_from_memory(x, foreign, foreign_size, NULL) == AS_ERROR);
    REQUIRE(as_module_load_bytecode_from_memory(x, blob, size, NULL) >= 0);
    CHECK(run_main(e, x) == want);
    as_module_discard(x);
    uint8_t *b = malloc(size);
    REQUIRE(b != NULL);
    int loaded = 0;
    for (int it = 0; it < 600; it++) {
        memcpy(b, blob, size);
        int flips = 1 + (int)(next_rand() % 3);
        for (int k = 0; k < flips; k++) {
            size_t pos = 32 + next_rand() % (uint32_t)(size - 32);
            b[pos] ^= (uint8_t)(1 + next_rand() % 255);   /* a change, never the same byte */
        }
        uint64_t sum = fnv1a(b + 32, size - 32);
        memcpy(b + 24, &sum, 8);   /* the checksum recomputed (half of them: kept as saved) */
        if (it & 1) memcpy(b + 24, (const uint8_t *)blob + 24, 8);
        x = as_engine_get_module(e, "x", AS_GM_ALWAYS_CREATE);
        if (as_module_load_bytecode_from_memory(x, b, size, NULL) >= 0) {
            loaded++;
            run_main(e, x);
        }
        as_module_discard(x);
    }
    CHECK(loaded == 0);
    /* a keyed blob in an engine without the key */
    CHECK(as_engine_set_bytecode_key(e, NULL, 0) == AS_SUCCESS);
    x = as_engine_get_module(e, "x", AS_GM_ALWAYS_CREATE);
    CHECK(as_module_load_bytecode_from_memory(x, blob, size, NULL) == AS_ERROR);
    CHECK(as_module_load_bytecode_from_memory(x, plain, plain_size, NULL) >= 0);
    CHECK(run_main(e, x) == want);
    free(b);
    as_free_mem(blob);
    as_free_mem(plain);
    as_free_mem(foreign);
    as_engine_destroy(e);
}

int main(void)
{
    REQUIRE(as_set_global_memory_functions(count_alloc, count_free) >= 0);
    group_alarm = 120;
    group("refused loads leave the engine as it was", refused_loads);
    group("edited bytecode never loads with a key", keyed_loads);
    return failures ? 1 : 0;
}
