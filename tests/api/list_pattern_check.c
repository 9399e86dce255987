/* Initialisation lists are checked against the list pattern of the type's list factory or list
 * constructor (checklist B6, list patterns), with AngelScript 2.35.1's messages and positions
 * (measured with the reference library):
 *   - a fixed pattern {int, int}: `{1, 2, 3}` is "Too many values to match pattern" and `{1}` or
 *     `{}` "Not enough values to match pattern", at the list's brace; an empty element counts
 *     as a value (`{1, }` matches);
 *   - each is followed by "Previous error occurred while attempting to compile initialization
 *     list for type 'T'" at the outermost list, T as the context names it ('const Pair' for a
 *     `const Pair &in` argument, 'N2@' for a handle variable);
 *   - a nested pattern {int, {int, int}} reports the inner list's mismatch at the inner list, and
 *     a value where a list is expected as "Expected a list enclosed by { } to match pattern" at
 *     the value (for an empty element: at the `,` or `}` that ends it);
 *   - {repeat {repeat_same int}}: the first inner list fixes the count of the others; a list
 *     breaking it is reported at its first value;
 *   - the first mismatch ends the check, but element errors before it are all reported first
 *     (`{1, 'a', 3}`: the conversion error, then "Too many values"). */
#include "angelc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

typedef struct { char text[200]; int row, col; } msg;
static msg errs[8];
static int nerrs;
static void on_message(const as_message *m, void *u)
{
    (void)u;
    if (m->type != AS_MSG_ERROR) return;
    if (nerrs < 8) {
        snprintf(errs[nerrs].text, sizeof errs[nerrs].text, "%s", m->message);
        errs[nerrs].row = m->row;
        errs[nerrs].col = m->col;
    }
    nerrs++;
}
static void nop(as_generic *g) { (void)g; }
static int dummy;
static void list_factory(as_generic *g) { as_generic_set_return_address(g, &dummy); }

static as_engine *E;
static int build(const char *code)
{
    as_module *m = as_engine_get_module(E, "m", AS_GM_ALWAYS_CREATE);
    REQUIRE(m && as_module_add_section(m, "m.as", code, strlen(code), 0) >= 0);
    nerrs = 0;
    memset(errs, 0, sizeof errs);
    return as_module_build(m);
}
static bool err_is(int i, const char *text, int row, int col)
{
    if (i >= nerrs || strcmp(errs[i].text, text) != 0 || errs[i].row != row || errs[i].col != col) {
        fprintf(stderr, "  error %d: got %d:%d '%s', want %d:%d '%s'\n", i, i < nerrs ? errs[i].row : 0,
                i < nerrs ? errs[i].col : 0, i < nerrs ? errs[i].text : "", row, col, text);
        return false;
    }
    return true;
}

static const char *const TOO_MANY = "Too many values to match pattern";
static const char *const NOT_ENOUGH = "Not enough values to match pattern";
static const char *const NOT_LIST = "Expected a list enclosed by { } to match pattern";
static const char *const PREV_PAIR = "Previous error occurred while attempting to compile initialization list for type 'Pair'";
static const char *const PREV_N2 = "Previous error occurred while attempting to compile initialization list for type 'N2@'";
static const char *const PREV_RS = "Previous error occurred while attempting to compile initialization list for type 'RS@'";

static void setup(void)
{
    E = as_engine_create();
    as_engine_set_message_callback(E, on_message, NULL);
    REQUIRE(as_register_object_type(E, "Pair", 8, AS_OBJ_VALUE | AS_OBJ_POD | AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_ALLINTS) > 0);
    REQUIRE(as_register_object_behaviour(E, "Pair", AS_BEHAVE_CONSTRUCT, "void f()", AS_FN(nop), AS_CALL_GENERIC, NULL) >= 0);
    REQUIRE(as_register_object_behaviour(E, "Pair", AS_BEHAVE_LIST_CONSTRUCT, "void f(int&in) {int, int}", AS_FN(nop), AS_CALL_GENERIC, NULL) >= 0);
    REQUIRE(as_register_object_type(E, "N2", 0, AS_OBJ_REF | AS_OBJ_NOCOUNT) > 0);
    REQUIRE(as_register_object_behaviour(E, "N2", AS_BEHAVE_LIST_FACTORY, "N2@ f(int&in) {int, {int, int}}", AS_FN(list_factory), AS_CALL_GENERIC, NULL) >= 0);
    REQUIRE(as_register_object_type(E, "RS", 0, AS_OBJ_REF | AS_OBJ_NOCOUNT) > 0);
    REQUIRE(as_register_object_behaviour(E, "RS", AS_BEHAVE_LIST_FACTORY, "RS@ f(int&in) {repeat {repeat_same int}}", AS_FN(list_factory), AS_CALL_GENERIC, NULL) >= 0);
}

static void test_fixed(void)
{
    setup();
    CHECK(build("void f() { Pair p = {1, 2}; }") >= 0);
    CHECK(build("void f() { Pair p = {1, }; }") >= 0);
    CHECK(build("void f() { Pair p = {, }; }") >= 0);

    CHECK(build("void f() { Pair p = {1, 2, 3}; }") < 0);
    CHECK(nerrs == 2 && err_is(0, TOO_MANY, 1, 21) && err_is(1, PREV_PAIR, 1, 21));
    CHECK(build("void f() { Pair p = {1}; }") < 0);
    CHECK(nerrs == 2 && err_is(0, NOT_ENOUGH, 1, 21) && err_is(1, PREV_PAIR, 1, 21));
    CHECK(build("void f() { Pair p = {}; }") < 0);
    CHECK(err_is(0, NOT_ENOUGH, 1, 21));
    CHECK(build("void f() { Pair p = {1, 2, }; }") < 0);
    CHECK(err_is(0, TOO_MANY, 1, 21));
    CHECK(build("void f() {\n  Pair p =\n     {1,\n      2, 3, 4};\n}") < 0);
    CHECK(nerrs == 2 && err_is(0, TOO_MANY, 3, 6) && err_is(1, PREV_PAIR, 3, 6));

    /* every list is checked: two mismatches, two pairs of messages */
    CHECK(build("void f() { Pair p = {1, 2, 3}; Pair q = {1}; }") < 0);
    CHECK(nerrs == 4 && err_is(2, NOT_ENOUGH, 1, 41) && err_is(3, PREV_PAIR, 1, 41));

    /* element errors come first, in order */
    CHECK(build("void f() { Pair p = {{1}, {2}, 3}; }") < 0);
    CHECK(nerrs == 4 && err_is(0, "Initialization lists cannot be used with 'int'", 1, 22) &&
          err_is(1, "Initialization lists cannot be used with 'int'", 1, 27) && err_is(2, TOO_MANY, 1, 21));

    /* other contexts, and the type as each names it */
    CHECK(build("void g(const Pair &in p) {} void f() { g({1, 2, 3}); }") < 0);
    CHECK(err_is(0, TOO_MANY, 1, 42) &&
          err_is(1, "Previous error occurred while attempting to compile initialization list for type 'const Pair'", 1, 42));
    CHECK(build("Pair g() { return {1, 2, 3}; }") < 0);
    CHECK(err_is(0, TOO_MANY, 1, 19) && err_is(1, PREV_PAIR, 1, 19));
    CHECK(build("Pair g = {1, 2, 3};") < 0);
    CHECK(err_is(0, TOO_MANY, 1, 10) && err_is(1, PREV_PAIR, 1, 10));
    CHECK(build("class C { Pair p = {1, 2, 3}; }") < 0);
    CHECK(err_is(0, TOO_MANY, 1, 20) && err_is(1, PREV_PAIR, 1, 20));
    CHECK(build("void f() { Pair p = {1, 2}; p = {1, 2, 3}; }") < 0);
    CHECK(err_is(0, TOO_MANY, 1, 33) && err_is(1, PREV_PAIR, 1, 33));
    as_engine_destroy(E);
}

static void test_nested(void)
{
    setup();
    CHECK(build("void f() { N2@ n = {1, {2, 3}}; }") >= 0);
    CHECK(build("void f() { N2@ n = {1, {2, 3, 4}}; }") < 0);
    CHECK(nerrs == 2 && err_is(0, TOO_MANY, 1, 24) && err_is(1, PREV_N2, 1, 20));
    CHECK(build("void f() { N2@ n = {1, {2}}; }") < 0);
    CHECK(err_is(0, NOT_ENOUGH, 1, 24) && err_is(1, PREV_N2, 1, 20));
    CHECK(build("void f() { N2@ n = {1, 2}; }") < 0);
    CHECK(err_is(0, NOT_LIST, 1, 24) && err_is(1, PREV_N2, 1, 20));
    CHECK(build("void f() { N2@ n = {1,  }; }") < 0);
    CHECK(err_is(0, NOT_LIST, 1, 25));
    /* the first mismatch ends the check */
    CHECK(build("void f() { N2@ n = {1, {2, 3, 4}, 5}; }") < 0);
    CHECK(nerrs == 2 && err_is(0, TOO_MANY, 1, 24));
    CHECK(build("void f() { N2@ n = {1, {2, 3}, 4}; }") < 0);
    CHECK(nerrs == 2 && err_is(0, TOO_MANY, 1, 20));
    as_engine_destroy(E);
}

static void test_repeat_same(void)
{
    setup();
    CHECK(build("void f() { RS@ n = {{1, 2}, {3, 4}}; }") >= 0);
    CHECK(build("void f() { RS@ n = {{1, 2}, {3}}; }") < 0);
    CHECK(nerrs == 2 && err_is(0, NOT_ENOUGH, 1, 30) && err_is(1, PREV_RS, 1, 20));
    CHECK(build("void f() { RS@ n = {{1, 2}, {3, 4, 5}}; }") < 0);
    CHECK(err_is(0, TOO_MANY, 1, 30));
    CHECK(build("void f() { RS@ n = {{1, 2}, {3}, {4, 5, 6}}; }") < 0);
    CHECK(nerrs == 2 && err_is(0, NOT_ENOUGH, 1, 30));
    CHECK(build("void f() { RS@ n = {{1}, 2}; }") < 0);
    CHECK(err_is(0, NOT_LIST, 1, 26) && err_is(1, PREV_RS, 1, 20));
    as_engine_destroy(E);
}

int main(void)
{
    group("fixed", test_fixed);
    group("nested", test_nested);
    group("repeat_same", test_repeat_same);
    return failures ? 1 : 0;
}
