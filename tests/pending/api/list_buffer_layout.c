/* PENDING (checklist B6, list patterns): angelc lays out list buffers differently from
 * AngelScript 2.35.1. The reference packs every list element at 4-byte alignment: after the
 * asUINT count of a `repeat`, 8-byte values (double, int64, and pointers of handles/objects)
 * follow directly at offset 4, and in a `{int, double}` pattern the double is at offset 4.
 * For `?` entries each value follows its 4-byte type id directly. angelc aligns 8-byte values to
 * 8 (double at offset 8 after the count, `?` values padded), so a host's list factory written
 * for the reference reads garbage. (Measured with the reference: {repeat double} {1.0, 2.5, 3.0}
 * gives 03000000 | 00000000 0000f03f | 00000000 00000440 | ...; angelc gives 03000000 00000000 |
 * 00000000 0000f03f | ....) Note angelc's own array add-on reads the angelc layout
 * (src/addons/array.c f_list_factory) and would change with it. */
#include "angelc.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;
#define CHECK(c) do { if (!(c)) { fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c); failures++; } } while (0)
#define REQUIRE(c) do { if (!(c)) { fprintf(stderr, "%s:%d: required check failed: %s\n", __FILE__, __LINE__, #c); exit(1); } } while (0)

static void on_message(const as_message *m, void *u) { (void)u; fprintf(stderr, "  [message] %s:%d:%d: %s\n", m->section, m->row, m->col, m->message); }

static unsigned char seen[64];
static int dummy_obj;
static void list_factory(as_generic *g)
{
    memcpy(seen, as_generic_arg_address(g, 0), sizeof seen);
    as_generic_set_return_address(g, &dummy_obj);
}
static void list_construct(as_generic *g) { memcpy(seen, as_generic_arg_address(g, 0), 24); }
static void nop(as_generic *g) { (void)g; }

static as_engine *E;
static void run(const char *code)
{
    as_module *m = as_engine_get_module(E, "m", AS_GM_ALWAYS_CREATE);
    REQUIRE(m && as_module_add_section(m, "m.as", code, strlen(code), 0) >= 0);
    REQUIRE(as_module_build(m) >= 0);
    as_context *ctx = as_context_create(E);
    REQUIRE(as_context_prepare(ctx, as_module_function_by_name(m, "f")) == AS_SUCCESS);
    memset(seen, 0xEE, sizeof seen);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    as_context_destroy(ctx);
}
static uint32_t u32_at(int off) { uint32_t v; memcpy(&v, seen + off, 4); return v; }
static double dbl_at(int off) { double v; memcpy(&v, seen + off, 8); return v; }

int main(void)
{
    E = as_engine_create();
    as_engine_set_message_callback(E, on_message, NULL);
    REQUIRE(as_register_object_type(E, "Dbl", 0, AS_OBJ_REF | AS_OBJ_NOCOUNT) > 0);
    REQUIRE(as_register_object_behaviour(E, "Dbl", AS_BEHAVE_LIST_FACTORY, "Dbl@ f(int&in) {repeat double}", AS_FN(list_factory), AS_CALL_GENERIC, NULL) >= 0);
    REQUIRE(as_register_object_type(E, "Any", 0, AS_OBJ_REF | AS_OBJ_NOCOUNT) > 0);
    REQUIRE(as_register_object_behaviour(E, "Any", AS_BEHAVE_LIST_FACTORY, "Any@ f(int&in) {repeat ?}", AS_FN(list_factory), AS_CALL_GENERIC, NULL) >= 0);
    REQUIRE(as_register_object_type(E, "P", 16, AS_OBJ_VALUE | AS_OBJ_POD) > 0);
    REQUIRE(as_register_object_behaviour(E, "P", AS_BEHAVE_CONSTRUCT, "void f()", AS_FN(nop), AS_CALL_GENERIC, NULL) >= 0);
    REQUIRE(as_register_object_behaviour(E, "P", AS_BEHAVE_LIST_CONSTRUCT, "void f(int&in) {int, double}", AS_FN(list_construct), AS_CALL_GENERIC, NULL) >= 0);

    /* {repeat double}: count at 0, the doubles at 4, 12, 20 */
    run("void f() { Dbl@ d = {1.0, 2.5, 3.0}; }");
    CHECK(u32_at(0) == 3);
    CHECK(dbl_at(4) == 1.0);
    CHECK(dbl_at(12) == 2.5);
    CHECK(dbl_at(20) == 3.0);

    /* {repeat ?}: count, then (type id, value) pairs, each value right after its type id */
    run("void f() { Any@ a = {1, 2.5, int8(3)}; }");
    CHECK(u32_at(0) == 3);
    CHECK(u32_at(4) == AS_TYPEID_INT32);
    CHECK(u32_at(8) == 1);
    CHECK(u32_at(12) == AS_TYPEID_DOUBLE);
    CHECK(dbl_at(16) == 2.5);
    CHECK(u32_at(24) == AS_TYPEID_INT8);
    CHECK(seen[28] == 3);

    /* {int, double}: the int at 0, the double at 4 */
    run("void f() { P p = {7, 1.5}; }");
    CHECK(u32_at(0) == 7);
    CHECK(dbl_at(4) == 1.5);

    as_engine_destroy(E);
    return failures ? 1 : 0;
}
