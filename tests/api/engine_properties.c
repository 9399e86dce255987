/* Engine properties that change what scripts mean (checklist B3), each as AngelScript 2.35.1
 * does it (measured with the reference library): ALWAYS_IMPL_DEFAULT_CONSTRUCT,
 * DISALLOW_VALUE_ASSIGN_FOR_REF_TYPE, STRING_ENCODING = 1 (UTF-16 to the string factory),
 * SCRIPT_SCANNER = 0, BUILD_WITHOUT_LINE_CUES (fewer line callbacks), COMPILER_WARNINGS = 2 and
 * ALLOW_IMPLICIT_HANDLE_TYPES. Script-level cases are in tests/scripts/engine_properties/; value
 * ranges and MAX_NESTED_CALLS in engine_property_values.c. */
#include "angelc.h"
#include "angelc_addons.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static int errors, warnings;
static char last_error[256], first_warning[256];
static void on_message(const as_message *m, void *u)
{
    (void)u;
    if (m->type == AS_MSG_ERROR) { errors++; snprintf(last_error, sizeof last_error, "%s", m->message); }
    if (m->type == AS_MSG_WARNING && warnings++ == 0) snprintf(first_warning, sizeof first_warning, "%s", m->message);
}

static as_engine *E;
static as_engine *fresh(as_engine_prop p, int64_t v)
{
    if (E) as_engine_destroy(E);
    E = as_engine_create();
    REQUIRE(E != NULL);
    as_engine_set_message_callback(E, on_message, NULL);
    as_register_string(E);
    as_register_array(E, true);
    CHECK(as_engine_set_property(E, p, v) == AS_SUCCESS);
    return E;
}
static as_module *build(const char *code)
{
    as_module *m = as_engine_get_module(E, "m", AS_GM_ALWAYS_CREATE);
    REQUIRE(m && as_module_add_section(m, "m.as", code, strlen(code), 0) >= 0);
    errors = warnings = 0;
    last_error[0] = first_warning[0] = 0;
    return as_module_build(m) >= 0 ? m : NULL;
}
static int lines;
static void on_line(as_context *c, void *u) { (void)c; (void)u; lines++; }
/* runs int f(); -1000 - state when it does not finish */
static int run_f(as_module *m)
{
    if (!m) return -2000;
    as_context *ctx = as_context_create(E);
    REQUIRE(as_context_prepare(ctx, as_module_function_by_decl(m, "int f()")) == AS_SUCCESS);
    lines = 0;
    as_context_set_line_callback(ctx, on_line, NULL);
    int r = as_context_execute(ctx);
    int v = r == AS_EXECUTION_FINISHED ? (int)as_context_return_dword(ctx) : -1000 - r;
    as_context_destroy(ctx);
    return v;
}

/* ---- string factory ---- */
static unsigned sf_len;
static unsigned char sf_bytes[8];
static int sf_obj;
static const void *sf_get(void *u, const char *d, unsigned n)
{
    (void)u;
    if (n && !sf_len) { sf_len = n; memcpy(sf_bytes, d, n < 8 ? n : 8); }
    return &sf_obj;
}
static int sf_release(void *u, const void *s) { (void)u; (void)s; return 0; }
static int sf_raw(void *u, const void *s, char *d, unsigned *n) { (void)u; (void)s; (void)d; *n = 0; return 0; }
static void take(as_generic *g) { (void)g; }

int main(void)
{
    fresh(AS_EP_DISABLE_INTEGER_DIVISION, 1);
    CHECK(run_f(build("int f() { double d = 7/2; return int(d * 10); }")) == 35);

    fresh(AS_EP_DISALLOW_EMPTY_LIST_ELEMENTS, 1);
    CHECK(build("int f() { array<int> a = {1,,3}; return a.length(); }") == NULL);
    CHECK(strcmp(last_error, "Empty list element is not allowed") == 0);

    fresh(AS_EP_PRIVATE_PROP_AS_PROTECTED, 1);
    CHECK(run_f(build("class A { private int x = 5; } class B : A { int g() { return x; } } int f() { B b; return b.g(); }")) == 5);
    CHECK(strcmp(first_warning, "Accessing private property 'x' of parent class") == 0);

    fresh(AS_EP_ALWAYS_IMPL_DEFAULT_CONSTRUCT, 1);
    CHECK(run_f(build("class A { int v; A(int a) { v = a; } } int f() { A a; return 1; }")) == 1);

    fresh(AS_EP_DISALLOW_VALUE_ASSIGN_FOR_REF_TYPE, 1);
    CHECK(build("class A { int v; } int f() { A a, b; a = b; return a.v; }") == NULL);
    CHECK(strcmp(last_error, "Value assignment on reference types is not allowed. Did you mean to do a handle assignment?") == 0);

    fresh(AS_EP_STRING_ENCODING, 1);
    {
        as_engine_destroy(E);           /* a host string type instead of the add-on */
        E = as_engine_create();
        as_engine_set_message_callback(E, on_message, NULL);
        CHECK(as_engine_set_property(E, AS_EP_STRING_ENCODING, 1) == AS_SUCCESS);
        REQUIRE(as_register_object_type(E, "str", 8, AS_OBJ_VALUE | AS_OBJ_POD) > 0);
        as_string_factory sf = {sf_get, sf_release, sf_raw, NULL};
        REQUIRE(as_register_string_factory(E, "str", &sf) >= 0);
        REQUIRE(as_register_global_function(E, "void take(const str &in)", AS_FN(take), AS_CALL_GENERIC, NULL) >= 0);
        CHECK(build("int f() { take(\"ab\"); return 0; }") != NULL);
        CHECK(sf_len == 4);
        CHECK(memcmp(sf_bytes, "a\0b\0", 4) == 0);
    }

    fresh(AS_EP_SCRIPT_SCANNER, 0);
    CHECK(as_engine_set_property(E, AS_EP_USE_CHARACTER_LITERALS, 1) == AS_SUCCESS);
    CHECK(run_f(build("int f() { return '\xc3\xa5'; }")) == 195);

    const char *straight = "int f() {\n int a = 0;\n a++;\n a++;\n a++;\n a++;\n a++;\n a++;\n return a;\n}\n";
    fresh(AS_EP_BUILD_WITHOUT_LINE_CUES, 0);
    CHECK(run_f(build(straight)) == 6);
    int with_cues = lines;
    fresh(AS_EP_BUILD_WITHOUT_LINE_CUES, 1);
    CHECK(run_f(build(straight)) == 6);
    CHECK(lines < with_cues);
    CHECK(lines <= 2);

    fresh(AS_EP_COMPILER_WARNINGS, 2);
    CHECK(build("int f() { uint u = -1; return 1; }") == NULL);
    CHECK(warnings >= 1);
    CHECK(strcmp(first_warning, "Implicit conversion changed sign of value") == 0);
    CHECK(strcmp(last_error, "Warnings are treated as errors by the application") == 0);

    fresh(AS_EP_ALLOW_IMPLICIT_HANDLE_TYPES, 1);
    CHECK(run_f(build("class @A { int v = 2; } int f() { A a = A(); return a.v; }")) == 2);

    as_engine_destroy(E);
    return failures ? 1 : 0;
}
