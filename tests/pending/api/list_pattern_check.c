/* PENDING (checklist B6, list patterns): angelc does not check an initialisation list against a
 * fixed list pattern. For a value type registered with AS_BEHAVE_LIST_CONSTRUCT
 * "void f(int&in) {int, int}", AngelScript 2.35.1 refuses `{1, 2, 3}` ("Too many values to match
 * pattern") and `{1}` ("Not enough values to match pattern"), each followed by "Previous error
 * occurred while attempting to compile initialization list for type 'Pair'"; angelc builds
 * both, and the host's list constructor then reads a buffer that does not have the layout its
 * pattern promises. */
#include "angelc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;
#define CHECK(c) do { if (!(c)) { fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c); failures++; } } while (0)
#define REQUIRE(c) do { if (!(c)) { fprintf(stderr, "%s:%d: required check failed: %s\n", __FILE__, __LINE__, #c); exit(1); } } while (0)

static int errors;
static char first_error[256];
static void on_message(const as_message *m, void *u)
{
    (void)u;
    if (m->type == AS_MSG_ERROR && errors++ == 0) snprintf(first_error, sizeof first_error, "%s", m->message);
}
static void nop(as_generic *g) { (void)g; }

static int build(as_engine *e, const char *code)
{
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    REQUIRE(m && as_module_add_section(m, "m.as", code, strlen(code), 0) >= 0);
    errors = 0;
    first_error[0] = 0;
    return as_module_build(m);
}

int main(void)
{
    as_engine *e = as_engine_create();
    as_engine_set_message_callback(e, on_message, NULL);
    REQUIRE(as_register_object_type(e, "Pair", 8, AS_OBJ_VALUE | AS_OBJ_POD | AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_ALLINTS) > 0);
    REQUIRE(as_register_object_behaviour(e, "Pair", AS_BEHAVE_CONSTRUCT, "void f()", AS_FN(nop), AS_CALL_GENERIC, NULL) >= 0);
    REQUIRE(as_register_object_behaviour(e, "Pair", AS_BEHAVE_LIST_CONSTRUCT, "void f(int&in) {int, int}", AS_FN(nop), AS_CALL_GENERIC, NULL) >= 0);

    CHECK(build(e, "void f() { Pair p = {1, 2}; }") >= 0);
    CHECK(build(e, "void f() { Pair p = {1, 2, 3}; }") < 0);
    CHECK(strcmp(first_error, "Too many values to match pattern") == 0);
    CHECK(build(e, "void f() { Pair p = {1}; }") < 0);
    CHECK(strcmp(first_error, "Not enough values to match pattern") == 0);
    as_engine_destroy(e);
    return failures ? 1 : 0;
}
