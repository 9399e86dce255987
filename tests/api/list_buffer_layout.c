/* List buffers are laid out as AngelScript 2.35.1 lays them out, so a host's list factory written
 * for the reference engine reads them unchanged (checklist B6, list patterns). Each expected
 * layout below was measured with the reference library:
 *   - counts of `repeat`, `?` type ids and values of 4 bytes or more start at the next multiple
 *     of 4, never 8: {repeat double} has its doubles at 4, 12, 20; {int, double} its double at 4;
 *   - 1- and 2-byte values follow what precedes them directly: {repeat int8} packs bytes,
 *     {int8, int16} has the int16 at offset 1, {repeat {bool, ?}} the second bool right after
 *     the first entry's int8 value;
 *   - `?` is a type id followed directly by the value (a null: type id 0 and a null pointer);
 *   - handles are pointers at 4-byte boundaries, and the buffer holds a reference of its own for
 *     each: the factory may take it by clearing the pointer (as the reference's array add-on
 *     does), otherwise it is released after the call. Either way no reference leaks or is
 *     released twice.
 * A global of a value type is initialised from its list too. Reads go through memcpy: 8-byte
 * values are not 8-aligned. */
#include "angelc.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

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

/* A counted reference type, to see who holds its references. */
typedef struct R { int refs; } R;
static int made, freed, refs_in_factory;
static R *taken[4];
static bool take;
static R *r_factory(void) { R *r = calloc(1, sizeof *r); r->refs = 1; made++; return r; }
static void r_addref(R *r) { r->refs++; }
static void r_release(R *r) { if (--r->refs == 0) { freed++; free(r); } }
/* {repeat R@}: notes the first handle's count; with `take` keeps the references by clearing
 * the buffer's pointers, as the reference's array add-on does */
static void handle_factory(as_generic *g)
{
    unsigned char *buf = as_generic_arg_address(g, 0);
    uint32_t n;
    memcpy(&n, buf, 4);
    memcpy(seen, buf, sizeof seen);
    for (uint32_t i = 0; i < n && i < 4; i++) {
        R *r;
        memcpy(&r, buf + 4 + 8 * i, sizeof r);
        if (i == 0) refs_in_factory = r ? r->refs : -1;
        if (take) {
            taken[i] = r;
            memset(buf + 4 + 8 * i, 0, sizeof r);
        }
    }
    as_generic_set_return_address(g, &dummy_obj);
}

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
static uint16_t u16_at(int off) { uint16_t v; memcpy(&v, seen + off, 2); return v; }
static double dbl_at(int off) { double v; memcpy(&v, seen + off, 8); return v; }
static void *ptr_at(int off) { void *v; memcpy(&v, seen + off, sizeof v); return v; }

static void reg_list(const char *type, const char *pattern)
{
    char decl[128];
    snprintf(decl, sizeof decl, "%s@ f(int&in) %s", type, pattern);
    REQUIRE(as_register_object_type(E, type, 0, AS_OBJ_REF | AS_OBJ_NOCOUNT) > 0);
    REQUIRE(as_register_object_behaviour(E, type, AS_BEHAVE_LIST_FACTORY, decl, AS_FN(list_factory), AS_CALL_GENERIC, NULL) >= 0);
}

static void setup(void)
{
    E = as_engine_create();
    as_engine_set_message_callback(E, on_message, NULL);
    reg_list("Dbl", "{repeat double}");
    reg_list("Any", "{repeat ?}");
    reg_list("I8", "{repeat int8}");
    reg_list("I8S", "{int8, int16}");
    reg_list("I8D", "{int8, double}");
    reg_list("NI8", "{repeat {repeat int8}}");
    reg_list("NI16", "{repeat {int8, int16}}");
    reg_list("BQ", "{repeat {bool, ?}}");
    REQUIRE(as_register_object_type(E, "P", 16, AS_OBJ_VALUE | AS_OBJ_POD) > 0);
    REQUIRE(as_register_object_behaviour(E, "P", AS_BEHAVE_CONSTRUCT, "void f()", AS_FN(nop), AS_CALL_GENERIC, NULL) >= 0);
    REQUIRE(as_register_object_behaviour(E, "P", AS_BEHAVE_LIST_CONSTRUCT, "void f(int&in) {int, double}", AS_FN(list_construct), AS_CALL_GENERIC, NULL) >= 0);
    REQUIRE(as_register_object_type(E, "R", 0, AS_OBJ_REF) > 0);
    REQUIRE(as_register_object_behaviour(E, "R", AS_BEHAVE_FACTORY, "R@ f()", AS_FN(r_factory), AS_CALL_CDECL, NULL) >= 0);
    REQUIRE(as_register_object_behaviour(E, "R", AS_BEHAVE_ADDREF, "void f()", AS_FN(r_addref), AS_CALL_CDECL_OBJLAST, NULL) >= 0);
    REQUIRE(as_register_object_behaviour(E, "R", AS_BEHAVE_RELEASE, "void f()", AS_FN(r_release), AS_CALL_CDECL_OBJLAST, NULL) >= 0);
    REQUIRE(as_register_object_type(E, "RH", 0, AS_OBJ_REF | AS_OBJ_NOCOUNT) > 0);
    REQUIRE(as_register_object_behaviour(E, "RH", AS_BEHAVE_LIST_FACTORY, "RH@ f(int&in) {repeat R@}", AS_FN(handle_factory), AS_CALL_GENERIC, NULL) >= 0);
}

static void test_wide_values(void)
{
    setup();
    /* {repeat double}: count at 0, the doubles at 4, 12, 20 */
    run("void f() { Dbl@ d = {1.0, 2.5, 3.0}; }");
    CHECK(u32_at(0) == 3);
    CHECK(dbl_at(4) == 1.0);
    CHECK(dbl_at(12) == 2.5);
    CHECK(dbl_at(20) == 3.0);

    /* {int, double}: the int at 0, the double at 4 */
    run("void f() { P p = {7, 1.5}; }");
    CHECK(u32_at(0) == 7);
    CHECK(dbl_at(4) == 1.5);

    /* {int8, double}: the double at the next multiple of 4 */
    run("void f() { I8D@ a = {1, 2.0}; }");
    CHECK(seen[0] == 1);
    CHECK(dbl_at(4) == 2.0);
    as_engine_destroy(E);
}

static void test_small_values(void)
{
    setup();
    run("void f() { I8@ a = {1, 2, 3}; }");
    CHECK(u32_at(0) == 3);
    CHECK(seen[4] == 1 && seen[5] == 2 && seen[6] == 3);

    run("void f() { I8S@ a = {1, 2}; }");
    CHECK(seen[0] == 1);
    CHECK(u16_at(1) == 2);

    /* nested counts are 4-aligned after packed bytes */
    run("void f() { NI8@ a = {{1, 2, 3}, {4}, {5, 6}}; }");
    CHECK(u32_at(0) == 3);
    CHECK(u32_at(4) == 3);
    CHECK(seen[8] == 1 && seen[9] == 2 && seen[10] == 3);
    CHECK(u32_at(12) == 1);
    CHECK(seen[16] == 4);
    CHECK(u32_at(20) == 2);
    CHECK(seen[24] == 5 && seen[25] == 6);

    /* repeated fixed groups of small values are packed back to back */
    run("void f() { NI16@ a = {{1, 2}, {3, 4}}; }");
    CHECK(u32_at(0) == 2);
    CHECK(seen[4] == 1);
    CHECK(u16_at(5) == 2);
    CHECK(seen[7] == 3);
    CHECK(u16_at(8) == 4);
    as_engine_destroy(E);
}

static void test_var_type(void)
{
    setup();
    /* {repeat ?}: count, then (type id, value) pairs, each value right after its type id */
    run("void f() { Any@ a = {1, 2.5, int8(3), int16(6), null}; }");
    CHECK(u32_at(0) == 5);
    CHECK(u32_at(4) == AS_TYPEID_INT32);
    CHECK(u32_at(8) == 1);
    CHECK(u32_at(12) == AS_TYPEID_DOUBLE);
    CHECK(dbl_at(16) == 2.5);
    CHECK(u32_at(24) == AS_TYPEID_INT8);
    CHECK(seen[28] == 3);
    CHECK(u32_at(32) == AS_TYPEID_INT16);
    CHECK(u16_at(36) == 6);
    CHECK(u32_at(40) == 0);
    CHECK(ptr_at(44) == NULL);

    /* a bool after a 1-byte value is not aligned; the next type id is */
    run("void f() { BQ@ a = {{true, int8(1)}, {false, 2}}; }");
    CHECK(u32_at(0) == 2);
    CHECK(seen[4] == 1);
    CHECK(u32_at(8) == AS_TYPEID_INT8);
    CHECK(seen[12] == 1);
    CHECK(seen[13] == 0);
    CHECK(u32_at(16) == AS_TYPEID_INT32);
    CHECK(u32_at(20) == 2);
    as_engine_destroy(E);
}

/* a global of a value type is initialised from its list too (when the module is built) */
static void test_global(void)
{
    setup();
    memset(seen, 0xEE, sizeof seen);
    const char *code = "P g = {9, 0.5};";
    as_module *m = as_engine_get_module(E, "m", AS_GM_ALWAYS_CREATE);
    REQUIRE(m && as_module_add_section(m, "m.as", code, strlen(code), 0) >= 0);
    CHECK(as_module_build(m) >= 0);
    CHECK(u32_at(0) == 9);
    CHECK(dbl_at(4) == 0.5);
    as_engine_destroy(E);
}

static void test_handles(void)
{
    setup();
    /* pointers at 4, 12, 20; the buffer holds a reference of its own */
    made = freed = 0;
    take = false;
    run("void f() { R r; RH@ a = {r, null, R()}; }");
    CHECK(u32_at(0) == 3);
    CHECK(ptr_at(4) != NULL);
    CHECK(ptr_at(12) == NULL);
    CHECK(ptr_at(20) != NULL);
    CHECK(refs_in_factory == 2);
    CHECK(made == 2 && freed == 2);

    /* the factory takes the references: it then holds the only ones */
    made = freed = 0;
    take = true;
    memset(taken, 0, sizeof taken);
    run("void f() { R r; RH@ a = {r, R()}; }");
    CHECK(made == 2 && freed == 0);
    CHECK(taken[0] && taken[0]->refs == 1);
    CHECK(taken[1] && taken[1]->refs == 1);
    if (taken[0]) r_release(taken[0]);
    if (taken[1]) r_release(taken[1]);
    CHECK(freed == 2);
    as_engine_destroy(E);
}

int main(void)
{
    group("wide_values", test_wide_values);
    group("small_values", test_small_values);
    group("var_type", test_var_type);
    group("global", test_global);
    group("handles", test_handles);
    return failures ? 1 : 0;
}
