/* Registered declarations of the commonest shape take a fast path (src/parser/parse_simple_decl.c)
 * instead of the general parser. Each declaration below is registered twice: as written, and
 * with a tab before its `(`, which the fast path never takes (so the general parser reads it).
 * Both registrations must agree: accepted or refused alike, and when accepted the same stub
 * declaration (parameter names, `@+`, `property`), return type and modifiers, parameter types,
 * modifiers and names, and const / final / property / explicit flags. Global functions and methods
 * of a registered reference type (where `const`, `property` and template subtypes apply). */
#define _POSIX_C_SOURCE 200809L
#include "angelc.h"
#include "angelc_addons.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

static void generic_nop(as_generic *g) { (void)g; }

static const char *const decls[] = {
    "void f()",
    "void f(void)",
    "  int   f ( )  ",
    "int f(int, uint a, int8 b, uint64 c, double d, float, bool, int16, uint16, int32, uint32 e)",
    "const string &f(const string &in s, string &out t, string &inout u, string & v)",
    "dictionary@ f(dictionary@ const, const dictionary @ const x)",
    "void f(?&in, const ?&in a, ?&out b)",
    "int f(const string&in if_handle_then_const a)",
    "array<int>@ f(const array<string>@ &in a, array<array<int>@>@ b)",
    "array<int, int>@ f()",
    "foreach f(int foreach)",
    "int f(int &inx)",
    "dictionary@ f(dictionary @+ d)",
    "string f(const string &in fmt, const ?&in ...)",
    "uint f(?&out ...)",
    "void f(int, ...)",
    /* mistakes (both refuse most; the general parser decides) */
    "int f(int a,)",
    "int f(,int)",
    "int f(int a b)",
    "int &in f()",
    "int f(int) const",
    "int f(int) if_handle_then_const",
    "auto f()",
    "int f(const)",
    "@ f()",
    "void f(int &&)",
    "void f(void x)",
    "nosuchtype f()",
    "int f(nosuchtype)",
    "int f(int) get",
    "int 3f()",
    "int f(int)x",
    "string f(string &)",
    "dictionary@ f(dictionary @ const @ x)",
    "int f(int+)",
    "int f(int@+)",
    "dictionary@+ f()",
    "int+ f()",
    "void f(int.. a)",
    "void f(int .... a)",
    "void f(... a)",
    "void f(int ..., int)",
    "void f(dictionary@ ++)",
};

static const char *const method_decls[] = {
    "int f() const",
    "uint f() const property",
    "void f(int) property",
    "R@ f(const R &in other) const final",
    "bool f(const R@ if_handle_then_const) const",
    "int f(int) const const",
    "int f(int) explicit",
    "const int &f(uint) const",
    "void f(int) override",
    "R &f(const R&in)",
    "int f(int) delete",
};

/* The declaration with a tab before its first `(`: the general parser's (NULL if no `(`). */
static char *through_general_parser(const char *decl)
{
    const char *paren = strchr(decl, '(');
    if (!paren) return NULL;
    size_t at = (size_t)(paren - decl), n = strlen(decl);
    char *copy = malloc(n + 2);
    memcpy(copy, decl, at);
    copy[at] = '\t';
    memcpy(copy + at + 1, decl + at, n - at + 1);
    return copy;
}

static void check_same_function(as_function *a, as_function *b, const char *decl)
{
    char sa[512], sb[512];
    snprintf(sa, sizeof sa, "%s", as_function_stub_declaration(a, true));
    snprintf(sb, sizeof sb, "%s", as_function_stub_declaration(b, true));
    if (strcmp(sa, sb) != 0) fprintf(stderr, "  %s: '%s' vs '%s'\n", decl, sa, sb);
    CHECK(strcmp(sa, sb) == 0);
    uint32_t fa = 0, fb = 0;
    CHECK(as_function_return_type_id(a, &fa) == as_function_return_type_id(b, &fb));
    CHECK(fa == fb);
    CHECK(as_function_param_count(a) == as_function_param_count(b));
    for (int i = 0; i < as_function_param_count(a) && i < as_function_param_count(b); i++) {
        int ta = 0, tb = 0;
        const char *na = NULL, *nb = NULL;
        fa = fb = 0;
        CHECK(as_function_param(a, i, &ta, &fa, &na) >= 0);
        CHECK(as_function_param(b, i, &tb, &fb, &nb) >= 0);
        CHECK(ta == tb && fa == fb);
        CHECK((!na && !nb) || (na && nb && strcmp(na, nb) == 0));
    }
    CHECK(as_function_is_read_only(a) == as_function_is_read_only(b));
    CHECK(as_function_is_final(a) == as_function_is_final(b));
    CHECK(as_function_is_property(a) == as_function_is_property(b));
    CHECK(as_function_is_explicit(a) == as_function_is_explicit(b));
    CHECK(as_function_is_override(a) == as_function_is_override(b));
    CHECK(as_function_is_variadic(a) == as_function_is_variadic(b));
}

/* Registers decl and its general-parser twin (each in an engine of its own, so the same name
 * is free in both) and compares the results. */
static void compare(const char *decl, bool method)
{
    char *general = through_general_parser(decl);
    REQUIRE(general);
    as_function *fn[2] = {NULL, NULL};
    int r[2];
    as_engine *e[2];
    for (int k = 0; k < 2; k++) {
        e[k] = as_engine_create();
        REQUIRE(e[k]);
        as_engine_set_message_callback(e[k], as_message_discard, NULL);
        as_register_string(e[k]);
        as_register_array(e[k], true);
        as_register_dictionary(e[k]);
        REQUIRE(as_register_object_type(e[k], "R", 0, AS_OBJ_REF | AS_OBJ_NOCOUNT) >= 0);
        const char *d = k ? general : decl;
        r[k] = method ? as_register_object_method(e[k], "R", d, AS_FN(generic_nop), AS_CALL_GENERIC, NULL)
                      : as_register_global_function(e[k], d, AS_FN(generic_nop), AS_CALL_GENERIC, NULL);
        if (r[k] >= 0) fn[k] = as_engine_function_by_id(e[k], r[k]);
    }
    if ((r[0] >= 0) != (r[1] >= 0)) fprintf(stderr, "  %s: %d vs %d\n", decl, r[0], r[1]);
    CHECK((r[0] >= 0) == (r[1] >= 0));
    if (r[0] < 0) CHECK(r[0] == r[1]);
    if (fn[0] && fn[1]) check_same_function(fn[0], fn[1], decl);
    for (int k = 0; k < 2; k++) as_engine_release(e[k]);
    free(general);
}

static void global_functions(void)
{
    int accepted = 0;
    for (size_t i = 0; i < sizeof decls / sizeof *decls; i++) compare(decls[i], false);
    /* (the first ones must really register: the comparison is not of two failures) */
    as_engine *e = as_engine_create();
    as_engine_set_message_callback(e, as_message_discard, NULL);
    as_register_string(e);
    as_register_array(e, true);
    as_register_dictionary(e);
    static const int must_register[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 13, 14};
    for (size_t j = 0; j < sizeof must_register / sizeof *must_register; j++) {
        size_t i = (size_t)must_register[j];
        char name[32];
        snprintf(name, sizeof name, "f%zu", i);
        const char *f = strstr(decls[i], "f");
        char buf[256];
        snprintf(buf, sizeof buf, "%.*s%s%s", (int)(f - decls[i]), decls[i], name, f + 1);
        if (as_register_global_function(e, buf, AS_FN(generic_nop), AS_CALL_GENERIC, NULL) >= 0) accepted++;
        else fprintf(stderr, "  refused: %s\n", buf);
    }
    CHECK(accepted == (int)(sizeof must_register / sizeof *must_register));
    as_engine_release(e);
}

static void methods(void)
{
    for (size_t i = 0; i < sizeof method_decls / sizeof *method_decls; i++) compare(method_decls[i], true);
}

int main(void)
{
    group("global_functions", global_functions);
    group("methods", methods);
    if (failures) fprintf(stderr, "register_simple_decls: %d failures\n", failures);
    return failures ? 1 : 0;
}
