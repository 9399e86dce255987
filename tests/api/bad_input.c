/* Bad input: the engine returns negative codes and reports through the message callback; it
 * never crashes. Every case runs in its own child process, so a crash is reported as such and
 * the other cases still run. Exact codes follow the reference engine where it has one.
 *  - malformed declarations: "void f(", "int", "", "void f() garbage", "void 1f()", "g()",
 *    unknown types in declarations, malformed properties and funcdefs, bad namespaces;
 *  - NULL pointers for the engine, names, declarations, modules, contexts and functions;
 *  - duplicate registrations (types, functions, methods, properties, enums, values, typedefs,
 *    funcdefs, interfaces, global properties; and names taken by another kind);
 *  - invalid type flags (AS_OBJ_REF|AS_OBJ_VALUE, neither, size 0 value types, REF|POD,
 *    VALUE|NOHANDLE, unknown bits, GC|NOCOUNT), invalid names;
 *  - behaviours illegal for the type kind, calling conventions that do not fit, methods /
 *    behaviours / properties on unknown types, enum values of unknown enums;
 *  - contexts: execute without prepare, prepare with NULL, set_arg out of range or before
 *    prepare, set_object on a global function, executing the running context from inside,
 *    a NULL object for a method;
 *  - scripts: null handle method calls (script and registered methods), exceptions in nested
 *    calls the host ignores, garbage and deeply nested source, a module discarded while one of
 *    its functions runs.
 *
 * CHECK prints file:line and the condition and marks the test failed (exit 1 at the end). */
#define _POSIX_C_SOURCE 200809L
#include "angelc.h"
#include "angelc_addons.h"
#include <sys/wait.h>
#include <unistd.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

static int nmsg, nerr;
static char last_msg[256];
static void on_message(const as_message *m, void *user)
{
    (void)user;
    nmsg++;
    if (m->type == AS_MSG_ERROR) nerr++;
    snprintf(last_msg, sizeof last_msg, "%s", m->message ? m->message : "(null)");
    CHECK(m->section != NULL);
    CHECK(m->message != NULL);
}

static as_engine *E;
static void dummy(as_generic *g) { (void)g; }
static void cfn(void) {}

static as_engine *new_engine(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e != NULL);
    as_engine_set_message_callback(e, on_message, NULL);
    return e;
}

/* r must be negative and at least one error message must have been sent */
#define BAD(call) do { nmsg = nerr = 0; int r_ = (call); if (r_ >= 0) fprintf(stderr, "  %s returned %d\n", #call, r_); \
                       CHECK(r_ < 0); CHECK(nerr >= 1); } while (0)
/* r must be exactly code, with an error message */
#define BADC(call, code) do { nmsg = nerr = 0; int r_ = (call); if (r_ != (code)) fprintf(stderr, "  %s returned %d, want %d\n", #call, r_, (code)); \
                              CHECK(r_ == (code)); CHECK(nerr >= 1); } while (0)
/* r must be exactly code (the reference sends no message for these) */
#define CODE(call, code) do { int r_ = (call); if (r_ != (code)) fprintf(stderr, "  %s returned %d, want %d\n", #call, r_, (code)); \
                              CHECK(r_ == (code)); } while (0)

/* ===================================================================== declarations */

static void case_malformed_functions(void)
{
    E = new_engine();
    BADC(as_register_global_function(E, "void f(", AS_FN(dummy), AS_CALL_GENERIC, NULL), AS_INVALID_DECLARATION);
    BADC(as_register_global_function(E, "int", AS_FN(dummy), AS_CALL_GENERIC, NULL), AS_INVALID_DECLARATION);
    BADC(as_register_global_function(E, "", AS_FN(dummy), AS_CALL_GENERIC, NULL), AS_INVALID_DECLARATION);
    BADC(as_register_global_function(E, "void f() garbage", AS_FN(dummy), AS_CALL_GENERIC, NULL), AS_INVALID_DECLARATION);
    BADC(as_register_global_function(E, "void 1f()", AS_FN(dummy), AS_CALL_GENERIC, NULL), AS_INVALID_DECLARATION);
    BADC(as_register_global_function(E, "void f(int", AS_FN(dummy), AS_CALL_GENERIC, NULL), AS_INVALID_DECLARATION);
    BADC(as_register_global_function(E, "g()", AS_FN(dummy), AS_CALL_GENERIC, NULL), AS_INVALID_DECLARATION);
    BADC(as_register_global_function(E, "void g(nosuch)", AS_FN(dummy), AS_CALL_GENERIC, NULL), AS_INVALID_DECLARATION);
    BADC(as_register_global_function(E, "nosuch g()", AS_FN(dummy), AS_CALL_GENERIC, NULL), AS_INVALID_DECLARATION);
    BAD(as_register_global_function(E, "void f(int,)", AS_FN(dummy), AS_CALL_GENERIC, NULL));
    BAD(as_register_global_function(E, "void f(int) {}", AS_FN(dummy), AS_CALL_GENERIC, NULL));
    BAD(as_register_global_function(E, ")))(((", AS_FN(dummy), AS_CALL_GENERIC, NULL));
    BAD(as_register_global_function(E, "void f(void)x", AS_FN(dummy), AS_CALL_GENERIC, NULL));
    /* the engine still works after all that */
    CHECK(as_register_global_function(E, "void ok()", AS_FN(dummy), AS_CALL_GENERIC, NULL) >= 0);
    as_module *m = as_engine_get_module(E, "m", AS_GM_ALWAYS_CREATE);
    const char *src = "void main() { ok(); }\n";
    as_module_add_section(m, "m", src, strlen(src), 0);
    CHECK(as_module_build(m) >= 0);
    as_engine_destroy(E);
}

static void case_malformed_other(void)
{
    E = new_engine();
    static int gv;
    CHECK(as_register_object_type(E, "V", 4, AS_OBJ_VALUE | AS_OBJ_POD) > 0);
    BADC(as_register_global_property(E, "int", &gv), AS_INVALID_DECLARATION);
    BAD(as_register_global_property(E, "", &gv));
    BAD(as_register_global_property(E, "nosuch x", &gv));
    BAD(as_register_global_property(E, "int 1x", &gv));
    BADC(as_register_global_property(E, "int gnull", NULL), AS_INVALID_ARG);
    BADC(as_register_object_property(E, "V", "int", 0), AS_INVALID_DECLARATION);
    BAD(as_register_object_property(E, "V", "nosuch x", 0));
    BADC(as_register_object_method(E, "V", "void m(", AS_FN(dummy), AS_CALL_GENERIC, NULL), AS_INVALID_DECLARATION);
    BADC(as_register_funcdef(E, "void (int)"), AS_INVALID_DECLARATION);
    BAD(as_register_funcdef(E, "void F(nosuch)"));
    BAD(as_register_funcdef(E, ""));
    BADC(as_register_typedef(E, "td", "nosuch"), AS_INVALID_TYPE);
    BAD(as_register_typedef(E, "1td", "float"));
    BAD(as_register_typedef(E, "vt", "V"));          /* only primitives can be typedef'd */
    BADC(as_register_enum(E, "1E"), AS_INVALID_NAME);
    CHECK(as_register_enum(E, "En") >= 0);
    BADC(as_register_enum_value(E, "En", "1A", 1), AS_INVALID_NAME);
    BAD(as_register_enum_value(E, "V", "A", 1));      /* not an enum */
    BAD(as_register_enum_value(E, "NoEnum", "A", 1));
    BAD(as_register_interface(E, "1I"));
    CHECK(as_register_interface(E, "I") > 0);
    BADC(as_register_interface_method(E, "I", "void f("), AS_INVALID_DECLARATION);
    BAD(as_register_interface_method(E, "NoIface", "void f()"));
    BAD(as_register_interface_method(E, "V", "void f()"));
    /* namespaces */
    CHECK(as_engine_set_default_namespace(E, "a::") < 0);
    CHECK(as_engine_set_default_namespace(E, "1a") < 0);
    CHECK(as_engine_set_default_namespace(E, "a b") < 0);
    CHECK(strcmp(as_engine_get_default_namespace(E), "") == 0);    /* unchanged by the failures */
    CHECK(as_engine_set_default_namespace(E, "a::b") == AS_SUCCESS);
    CHECK(as_engine_set_default_namespace(E, "") == AS_SUCCESS);
    /* string factory and default array */
    BAD(as_register_default_array_type(E, "V"));
    BAD(as_register_default_array_type(E, "nosuch"));
    as_string_factory sf;
    memset(&sf, 0, sizeof sf);
    CHECK(as_register_string_factory(E, "V", &sf) < 0);        /* no get_constant */
    CHECK(as_register_string_factory(E, "V", NULL) < 0);
    as_engine_destroy(E);
}

static void case_long_names(void)
{
    E = new_engine();
    char name[2000], decl[2100];
    memset(name, 'a', sizeof name - 1);
    name[sizeof name - 1] = 0;
    /* long names must either work or fail cleanly */
    int r = as_register_object_type(E, name, 4, AS_OBJ_VALUE | AS_OBJ_POD);
    if (r >= 0) {
        snprintf(decl, sizeof decl, "void f(%s)", name);
        as_register_global_function(E, decl, AS_FN(dummy), AS_CALL_GENERIC, NULL);
        as_register_object_method(E, name, "void m()", AS_FN(dummy), AS_CALL_GENERIC, NULL);
        as_register_object_property(E, name, "int x", 0);
    } else {
        CHECK(nerr >= 1);
    }
    as_register_object_method(E, name, "void m()", AS_FN(dummy), AS_CALL_GENERIC, NULL);
    snprintf(decl, sizeof decl, "void %s()", name);
    as_register_global_function(E, decl, AS_FN(dummy), AS_CALL_GENERIC, NULL);
    CHECK(as_engine_set_default_namespace(E, name) == AS_SUCCESS || 1);
    as_engine_set_default_namespace(E, "");
    as_engine_type_id_by_decl(E, name);
    as_engine_destroy(E);
}

/* ===================================================================== NULL pointers */

static void case_null_pointers(void)
{
    E = new_engine();
    CHECK(as_register_global_function(NULL, "void f()", AS_FN(dummy), AS_CALL_GENERIC, NULL) < 0);
    CHECK(as_register_global_function(E, NULL, AS_FN(dummy), AS_CALL_GENERIC, NULL) < 0);
    CHECK(as_register_object_type(NULL, "T", 4, AS_OBJ_VALUE | AS_OBJ_POD) < 0);
    CHECK(as_register_object_type(E, NULL, 4, AS_OBJ_VALUE | AS_OBJ_POD) < 0);
    CHECK(as_register_object_method(E, NULL, "void f()", AS_FN(dummy), AS_CALL_GENERIC, NULL) < 0);
    CHECK(as_register_object_behaviour(E, NULL, AS_BEHAVE_CONSTRUCT, "void f()", AS_FN(dummy), AS_CALL_GENERIC, NULL) < 0);
    CHECK(as_register_object_property(E, "T", NULL, 0) < 0);
    CHECK(as_register_global_property(E, NULL, &nmsg) < 0);
    CHECK(as_register_enum(E, NULL) < 0);
    CHECK(as_register_enum_value(E, NULL, "A", 1) < 0);
    CHECK(as_register_funcdef(E, NULL) < 0);
    CHECK(as_register_typedef(E, NULL, "int") < 0);
    CHECK(as_register_typedef(E, "t", NULL) < 0);
    CHECK(as_register_interface(E, NULL) < 0);
    CHECK(as_register_interface_method(E, NULL, "void f()") < 0);
    CHECK(as_engine_set_default_namespace(E, NULL) < 0);
    CHECK(as_engine_set_message_callback(NULL, on_message, NULL) < 0);
    CHECK(as_engine_set_property(NULL, AS_EP_OPTIMIZE_BYTECODE, 1) < 0);
    CHECK(as_engine_write_message(E, NULL, 0, 0, AS_MSG_ERROR, NULL) < 0);
    CHECK(as_engine_type_id_by_decl(E, NULL) < 0);
    CHECK(as_engine_type_by_decl(E, NULL) == NULL);
    CHECK(as_engine_type_by_name(E, NULL) == NULL);
    CHECK(as_engine_get_module(NULL, "m", AS_GM_ALWAYS_CREATE) == NULL);
    CHECK(as_engine_discard_module(E, NULL) < 0);
    CHECK(as_module_add_section(NULL, "s", "x", 1, 0) < 0);
    as_module *m = as_engine_get_module(E, "m", AS_GM_ALWAYS_CREATE);
    REQUIRE(m != NULL);
    CHECK(as_module_add_section(m, "s", NULL, 10, 0) < 0);
    CHECK(as_module_add_section(m, NULL, "int f() { return 1; }", 21, 0) >= 0);   /* an unnamed section is fine */
    CHECK(as_module_build(NULL) < 0);
    CHECK(as_module_build(m) >= 0);
    CHECK(as_module_function_by_decl(m, NULL) == NULL);
    CHECK(as_module_function_by_name(m, NULL) == NULL);
    CHECK(as_module_function_by_decl(NULL, "int f()") == NULL);
    CHECK(as_module_global_index_by_name(m, NULL) < 0);
    CHECK(as_module_global_address(NULL, 0) == NULL);
    as_module_discard(NULL);
    CHECK(as_context_create(NULL) == NULL);
    as_context_destroy(NULL);
    CHECK(as_context_prepare(NULL, as_module_function_by_name(m, "f")) < 0);
    CHECK(as_context_execute(NULL) < 0);
    CHECK(as_context_set_arg_dword(NULL, 0, 1) < 0);
    CHECK(as_context_abort(NULL) < 0);
    CHECK(as_context_suspend(NULL) < 0);
    CHECK(as_context_exception_string(NULL) == NULL);
    CHECK(as_function_name(NULL) == NULL || 1);
    CHECK(as_type_name(NULL) == NULL);
    as_engine_release_object(E, NULL, as_engine_type_id_by_decl(E, "int"));
    as_engine_destroy(E);
    as_engine_destroy(NULL);
}

/* ===================================================================== duplicates */

static int gvar;
static void case_duplicates(void)
{
    E = new_engine();
    CHECK(as_register_object_type(E, "V", 4, AS_OBJ_VALUE | AS_OBJ_POD) > 0);
    CHECK(as_register_object_type(E, "R", 0, AS_OBJ_REF | AS_OBJ_NOCOUNT) > 0);
    CODE(as_register_object_type(E, "V", 4, AS_OBJ_VALUE | AS_OBJ_POD), AS_ALREADY_REGISTERED);
    CODE(as_register_object_type(E, "V", 0, AS_OBJ_REF), AS_ALREADY_REGISTERED);
    CHECK(as_register_global_function(E, "void f()", AS_FN(dummy), AS_CALL_GENERIC, NULL) >= 0);
    BADC(as_register_global_function(E, "void f()", AS_FN(dummy), AS_CALL_GENERIC, NULL), AS_ALREADY_REGISTERED);
    BAD(as_register_global_function(E, "int f()", AS_FN(dummy), AS_CALL_GENERIC, NULL));  /* differs only by return type */
    CHECK(as_register_global_function(E, "void f(int)", AS_FN(dummy), AS_CALL_GENERIC, NULL) >= 0);  /* an overload is fine */
    CHECK(as_register_object_method(E, "V", "void m()", AS_FN(dummy), AS_CALL_GENERIC, NULL) >= 0);
    BADC(as_register_object_method(E, "V", "void m()", AS_FN(dummy), AS_CALL_GENERIC, NULL), AS_ALREADY_REGISTERED);
    CHECK(as_register_object_method(E, "V", "void m() const", AS_FN(dummy), AS_CALL_GENERIC, NULL) >= 0);   /* const overload */
    CHECK(as_register_object_property(E, "V", "int p", 0) >= 0);
    BADC(as_register_object_property(E, "V", "int p", 0), AS_NAME_TAKEN);
    CHECK(as_register_global_property(E, "int g", &gvar) >= 0);
    BADC(as_register_global_property(E, "int g", &gvar), AS_NAME_TAKEN);
    CHECK(as_register_enum(E, "En") >= 0);
    CODE(as_register_enum(E, "En"), AS_ALREADY_REGISTERED);
    CHECK(as_register_enum_value(E, "En", "A", 1) >= 0);
    BADC(as_register_enum_value(E, "En", "A", 2), AS_ALREADY_REGISTERED);
    CHECK(as_register_typedef(E, "real", "float") >= 0);
    CODE(as_register_typedef(E, "real", "double"), AS_ALREADY_REGISTERED);
    CHECK(as_register_funcdef(E, "void FD()") >= 0);
    CHECK(as_register_funcdef(E, "void FD()") < 0);
    CHECK(as_register_interface(E, "I") > 0);
    CHECK(as_register_interface(E, "I") < 0);
    /* a name taken by another kind */
    CHECK(as_register_enum(E, "V") < 0);
    CHECK(as_register_interface(E, "V") < 0);
    CHECK(as_register_funcdef(E, "void V()") < 0);
    CHECK(as_register_global_property(E, "int V", &gvar) < 0);
    CHECK(as_register_object_type(E, "En", 4, AS_OBJ_VALUE | AS_OBJ_POD) < 0);
    /* add-ons registered twice */
    CHECK(as_register_string(E) >= 0);
    CHECK(as_register_string(E) < 0);
    as_engine_destroy(E);
}

/* ===================================================================== flags */

static void case_flags(void)
{
    E = new_engine();
    BADC(as_register_object_type(E, "T1", 4, AS_OBJ_REF | AS_OBJ_VALUE), AS_INVALID_ARG);
    BADC(as_register_object_type(E, "T2", 4, 0), AS_INVALID_ARG);
    BADC(as_register_object_type(E, "T3", 0, AS_OBJ_VALUE | AS_OBJ_POD), AS_INVALID_ARG);
    BADC(as_register_object_type(E, "T4", -4, AS_OBJ_VALUE | AS_OBJ_POD), AS_INVALID_ARG);
    BADC(as_register_object_type(E, "T5", 0, AS_OBJ_REF | AS_OBJ_POD), AS_INVALID_ARG);
    BADC(as_register_object_type(E, "T6", 4, AS_OBJ_VALUE | AS_OBJ_NOHANDLE), AS_INVALID_ARG);
    BADC(as_register_object_type(E, "T7", 4, AS_OBJ_VALUE | 0x40000000u), AS_INVALID_ARG);
    BADC(as_register_object_type(E, "T8", 0, AS_OBJ_REF | AS_OBJ_GC | AS_OBJ_NOCOUNT), AS_INVALID_ARG);
    BADC(as_register_object_type(E, "1bad", 0, AS_OBJ_REF), AS_INVALID_NAME);
    BAD(as_register_object_type(E, "int", 0, AS_OBJ_REF));
    BAD(as_register_object_type(E, "", 0, AS_OBJ_REF));
    BAD(as_register_object_type(E, "a b", 0, AS_OBJ_REF));
    BAD(as_register_object_type(E, "T<int>", 0, AS_OBJ_REF));     /* a template needs AS_OBJ_TEMPLATE and `class T` */
    /* none of them exists afterwards */
    CHECK(as_engine_type_by_name(E, "T1") == NULL);
    CHECK(as_engine_type_by_name(E, "T3") == NULL);
    CHECK(as_engine_type_by_name(E, "T5") == NULL);
    as_engine_destroy(E);
}

/* ===================================================================== behaviours and conventions */

static void case_behaviours(void)
{
    E = new_engine();
    CHECK(as_register_object_type(E, "V", 4, AS_OBJ_VALUE | AS_OBJ_POD) > 0);
    CHECK(as_register_object_type(E, "R", 0, AS_OBJ_REF) > 0);
    /* a complete reference type: the build below must not fail for missing behaviours */
    CHECK(as_register_object_behaviour(E, "R", AS_BEHAVE_ADDREF, "void f()", AS_FN(dummy), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_behaviour(E, "R", AS_BEHAVE_RELEASE, "void f()", AS_FN(dummy), AS_CALL_GENERIC, NULL) >= 0);
    BADC(as_register_object_behaviour(E, "R", AS_BEHAVE_CONSTRUCT, "void f()", AS_FN(dummy), AS_CALL_GENERIC, NULL), AS_ILLEGAL_BEHAVIOUR_FOR_TYPE);
    BAD(as_register_object_behaviour(E, "V", AS_BEHAVE_FACTORY, "V@ f()", AS_FN(dummy), AS_CALL_GENERIC, NULL));
    BAD(as_register_object_behaviour(E, "V", AS_BEHAVE_CONSTRUCT, "int f()", AS_FN(dummy), AS_CALL_GENERIC, NULL));
    BADC(as_register_object_behaviour(E, "V", AS_BEHAVE_ADDREF, "void f()", AS_FN(dummy), AS_CALL_GENERIC, NULL), AS_ILLEGAL_BEHAVIOUR_FOR_TYPE);
    BADC(as_register_object_behaviour(E, "R", AS_BEHAVE_DESTRUCT, "void f()", AS_FN(dummy), AS_CALL_GENERIC, NULL), AS_ILLEGAL_BEHAVIOUR_FOR_TYPE);
    BAD(as_register_object_behaviour(E, "R", (as_behaviour)999, "void f()", AS_FN(dummy), AS_CALL_GENERIC, NULL));
    BAD(as_register_object_behaviour(E, "R", (as_behaviour)-1, "void f()", AS_FN(dummy), AS_CALL_GENERIC, NULL));
    BAD(as_register_object_behaviour(E, "V", AS_BEHAVE_CONSTRUCT, "void f(", AS_FN(dummy), AS_CALL_GENERIC, NULL));
    /* calling conventions */
    BAD(as_register_object_method(E, "V", "void m()", AS_FN(cfn), AS_CALL_CDECL, NULL));
    BAD(as_register_global_function(E, "void g()", AS_FN(cfn), AS_CALL_CDECL_OBJFIRST, NULL));
    BAD(as_register_global_function(E, "void g()", AS_FN(cfn), AS_CALL_CDECL_OBJLAST, NULL));
    BAD(as_register_global_function(E, "void g()", AS_FN(cfn), (as_callconv)1, NULL));        /* THISCALL etc. */
    BAD(as_register_global_function(E, "void g()", AS_FN(cfn), (as_callconv)99, NULL));
    BAD(as_register_object_method(E, "V", "void m()", AS_FN(cfn), (as_callconv)3, NULL));
    /* unknown types (the reference: AS_INVALID_TYPE) */
    BAD(as_register_object_method(E, "nosuch", "void f()", AS_FN(dummy), AS_CALL_GENERIC, NULL));
    BAD(as_register_object_behaviour(E, "nosuch", AS_BEHAVE_FACTORY, "nosuch@ f()", AS_FN(dummy), AS_CALL_GENERIC, NULL));
    BAD(as_register_object_property(E, "nosuch", "int x", 0));
    CODE(as_register_object_method(E, "nosuch", "void f()", AS_FN(dummy), AS_CALL_GENERIC, NULL), AS_INVALID_TYPE);
    CODE(as_register_object_property(E, "nosuch", "int x", 0), AS_INVALID_TYPE);
    /* methods of enums / primitives */
    CHECK(as_register_enum(E, "En") >= 0);
    BAD(as_register_object_method(E, "En", "void f()", AS_FN(dummy), AS_CALL_GENERIC, NULL));
    BAD(as_register_object_method(E, "int", "void f()", AS_FN(dummy), AS_CALL_GENERIC, NULL));
    /* a script using the type still builds with what did register */
    as_module *m = as_engine_get_module(E, "m", AS_GM_ALWAYS_CREATE);
    const char *src = "void f() { V v; }\n";
    as_module_add_section(m, "m", src, strlen(src), 0);
    CHECK(as_module_build(m) >= 0);
    as_engine_destroy(E);
}

/* ===================================================================== contexts */

static as_module *script_module(as_engine *e, const char *code)
{
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    REQUIRE(m != NULL);
    as_module_add_section(m, "m.as", code, strlen(code), 0);
    int r = as_module_build(m);
    if (r < 0) fprintf(stderr, "  build failed: %s\n", last_msg);
    REQUIRE(r >= 0);
    return m;
}

static void case_context_misuse(void)
{
    E = new_engine();
    as_module *m = script_module(E, "int f(int a, double b) { return a; }\nclass C { int v; int get() { return v; } }\n");
    as_function *f = as_module_function_by_name(m, "f");
    REQUIRE(f != NULL);
    as_context *ctx = as_context_create(E);
    REQUIRE(ctx != NULL);
    CODE(as_context_execute(ctx), AS_CONTEXT_NOT_PREPARED);
    CODE(as_context_set_arg_dword(ctx, 0, 1), AS_CONTEXT_NOT_PREPARED);
    CODE(as_context_prepare(ctx, NULL), AS_NO_FUNCTION);
    CODE(as_context_execute(ctx), AS_CONTEXT_NOT_PREPARED);
    /* a wrong argument leaves the context in the error state until the next prepare (verified
     * with the reference: later setters and execute return AS_CONTEXT_NOT_PREPARED) */
    CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
    CODE(as_context_set_arg_dword(ctx, 2, 1), AS_INVALID_ARG);
    CHECK(as_context_state(ctx) == AS_EXECUTION_ERROR);
    CODE(as_context_set_arg_dword(ctx, 0, 1), AS_CONTEXT_NOT_PREPARED);
    CODE(as_context_execute(ctx), AS_CONTEXT_NOT_PREPARED);
    CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
    CODE(as_context_set_arg_double(ctx, 7, 1), AS_INVALID_ARG);
    CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
    CODE(as_context_set_arg_dword(ctx, (unsigned)-1, 1), AS_INVALID_ARG);
    CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
    CODE(as_context_set_arg_address(ctx, 5, &nmsg), AS_INVALID_ARG);
    CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
    CODE(as_context_set_arg_object(ctx, 5, &nmsg), AS_INVALID_ARG);
    CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
    CHECK(as_context_address_of_arg(ctx, 2) == NULL);
    CHECK(as_context_set_object(ctx, &nmsg) < 0);       /* not a method */
    CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
    CHECK(as_context_set_arg_dword(ctx, 0, 3) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(as_context_return_dword(ctx) == 3);
    /* results of the wrong kind are harmless */
    CHECK(as_context_return_object(ctx) == NULL);
    /* after execution, setting args needs a new prepare */
    CODE(as_context_set_arg_dword(ctx, 0, 1), AS_CONTEXT_NOT_PREPARED);
    /* a method prepared without an object */
    as_type *c = as_module_type_by_name(m, "C");
    as_function *get = c ? as_type_method_by_name(c, "get") : NULL;
    CHECK(get != NULL);
    if (get) {
        CHECK(as_context_prepare(ctx, get) == AS_SUCCESS);
        int r = as_context_execute(ctx);
        CHECK(r == AS_EXECUTION_EXCEPTION || r < 0);
        if (r == AS_EXECUTION_EXCEPTION) CHECK(strcmp(as_context_exception_string(ctx), "Null pointer access") == 0);
        CHECK(as_context_prepare(ctx, get) == AS_SUCCESS);
        CHECK(as_context_set_object(ctx, NULL) == AS_SUCCESS || 1);
        r = as_context_execute(ctx);
        CHECK(r == AS_EXECUTION_EXCEPTION || r < 0);
    }
    /* unprepare twice, destroy after */
    CHECK(as_context_unprepare(ctx) == AS_SUCCESS);
    CHECK(as_context_unprepare(ctx) == AS_SUCCESS);
    CODE(as_context_execute(ctx), AS_CONTEXT_NOT_PREPARED);
    as_context_destroy(ctx);
    as_engine_destroy(E);
}

/* a registered function that misuses the context running it */
static as_function *g_self_fn;
static int reentry_results[4];
static void reenter(as_generic *g)
{
    (void)g;
    as_context *ctx = as_active_context();
    reentry_results[0] = as_context_execute(ctx);
    reentry_results[1] = as_context_prepare(ctx, g_self_fn);
    reentry_results[2] = as_context_unprepare(ctx);
    reentry_results[3] = (int)as_context_state(ctx);
}

static void case_context_reentry(void)
{
    E = new_engine();
    CHECK(as_register_global_function(E, "void reenter()", AS_FN(reenter), AS_CALL_GENERIC, NULL) >= 0);
    as_module *m = script_module(E, "int f() { int a = 1; reenter(); return a + 1; }\n");
    g_self_fn = as_module_function_by_name(m, "f");
    REQUIRE(g_self_fn != NULL);
    as_context *ctx = as_context_create(E);
    CHECK(as_context_prepare(ctx, g_self_fn) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(as_context_return_dword(ctx) == 2);
    CHECK(reentry_results[0] < 0);             /* already running */
    CHECK(reentry_results[1] == AS_CONTEXT_ACTIVE);
    CHECK(reentry_results[2] == AS_CONTEXT_ACTIVE);
    CHECK(reentry_results[3] == AS_EXECUTION_ACTIVE);
    as_context_destroy(ctx);
    as_engine_destroy(E);
}

/* ===================================================================== script-level failures */

typedef struct { int refs, calls; } Obj;
static int obj_method_calls;
static Obj *obj_factory(void) { Obj *o = calloc(1, sizeof *o); o->refs = 1; return o; }
static void obj_addref(Obj *o) { o->refs++; }
static void obj_release(Obj *o) { if (--o->refs == 0) free(o); }
static int obj_method(Obj *o) { obj_method_calls++; return o->calls++; }

static void case_null_handles(void)
{
    E = new_engine();
    CHECK(as_register_object_type(E, "Obj", 0, AS_OBJ_REF) > 0);
    CHECK(as_register_object_behaviour(E, "Obj", AS_BEHAVE_FACTORY, "Obj@ f()", AS_FN(obj_factory), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_object_behaviour(E, "Obj", AS_BEHAVE_ADDREF, "void f()", AS_FN(obj_addref), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_behaviour(E, "Obj", AS_BEHAVE_RELEASE, "void f()", AS_FN(obj_release), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_method(E, "Obj", "int method()", AS_FN(obj_method), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    as_module *m = script_module(E,
        "class C { int v; int get() { return v; } }\n"
        "int script_null() { C@ c; return c.get(); }\n"
        "int script_null_field() { C@ c; return c.v; }\n"
        "int host_null() { Obj@ o; return o.method(); }\n"
        "int host_ok() { Obj o; return o.method() + o.method(); }\n"
        "int caught() { Obj@ o; try { o.method(); } catch { return 7; } return 0; }\n");
    as_context *ctx = as_context_create(E);
    const char *names[] = {"script_null", "script_null_field", "host_null"};
    for (int i = 0; i < 3; i++) {
        as_function *f = as_module_function_by_name(m, names[i]);
        REQUIRE(f != NULL);
        obj_method_calls = 0;
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_EXCEPTION);
        const char *msg = as_context_exception_string(ctx);
        CHECK(msg && strcmp(msg, "Null pointer access") == 0);
        CHECK(obj_method_calls == 0);        /* the host method is not called with NULL */
    }
    as_function *ok = as_module_function_by_name(m, "host_ok");
    CHECK(as_context_prepare(ctx, ok) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(as_context_return_dword(ctx) == 1);
    as_function *caught = as_module_function_by_name(m, "caught");
    CHECK(as_context_prepare(ctx, caught) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(as_context_return_dword(ctx) == 7);
    as_context_destroy(ctx);
    as_engine_destroy(E);
}

/* a host function that runs a failing script function and ignores the failure */
static as_module *g_mod;
static int nested_state;
static void ignore_nested(as_generic *g)
{
    as_context *c2 = as_context_create(as_generic_engine(g));
    as_function *f = as_module_function_by_name(g_mod, "fails");
    nested_state = -1;
    if (c2 && f && as_context_prepare(c2, f) == AS_SUCCESS) nested_state = as_context_execute(c2);
    as_context_destroy(c2);
    as_generic_set_return_dword(g, 5);
}

static void case_nested_exception_ignored(void)
{
    E = new_engine();
    CHECK(as_register_string(E) >= 0);
    CHECK(as_register_array(E, true) >= 0);
    CHECK(as_register_global_function(E, "int ignoreNested()", AS_FN(ignore_nested), AS_CALL_GENERIC, NULL) >= 0);
    g_mod = script_module(E,
        "int fails() { array<int> a; string s = 'x'; return a[3]; }\n"
        "int outer() { string keep = 'k'; int r = ignoreNested(); return r + int(keep.length()); }\n");
    as_context *ctx = as_context_create(E);
    as_function *outer = as_module_function_by_name(g_mod, "outer");
    REQUIRE(outer != NULL);
    CHECK(as_context_prepare(ctx, outer) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);    /* the outer call is not affected */
    CHECK(as_context_return_dword(ctx) == 6);
    CHECK(nested_state == AS_EXECUTION_EXCEPTION);
    as_context_destroy(ctx);
    as_engine_destroy(E);
}

static void discard_running(as_generic *g) { CHECK(as_engine_discard_module(as_generic_engine(g), "m") == AS_SUCCESS); }

static void case_discard_while_running(void)
{
    E = new_engine();
    CHECK(as_register_string(E) >= 0);
    CHECK(as_register_global_function(E, "void discardMe()", AS_FN(discard_running), AS_CALL_GENERIC, NULL) >= 0);
    as_module *m = script_module(E,
        "string g = 'global';\n"
        "int helper(int v) { return v * 2; }\n"
        "int f() { string s = 'local'; discardMe(); return helper(int(s.length())) + 1; }\n");
    as_function *f = as_module_function_by_name(m, "f");
    REQUIRE(f != NULL);
    as_context *ctx = as_context_create(E);
    CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
    /* the reference keeps the module's code alive while a context uses it */
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(as_context_return_dword(ctx) == 11);
    CHECK(as_engine_get_module(E, "m", AS_GM_ONLY_IF_EXISTS) == NULL);
    as_context_destroy(ctx);
    as_engine_destroy(E);
}

static void case_bad_sources(void)
{
    E = new_engine();
    CHECK(as_register_string(E) >= 0);
    const char *srcs[] = {
        "\x01\x02\x03\xff\xfe garbage",
        "void f() { string s = \"unterminated; }\n",
        "void f() { /* unterminated comment\n",
        "class {",
        "void f() { int x = 1 +; }",
        "}}}}{{{{",
        "int f() { return 1 }",
        "void f(int a = ) {}",
        "namespace { }",
        "void f() { f(; }",
        "enum E { A = B, B = A }",
        "class A : A {}",
        "class A : B {} class B : A {}",
        "interface I : I {}",
        "void f() { int[] a = {1, 2, {3}}; }",
        "funcdef void F(F@);\n",
        "",
    };
    for (size_t i = 0; i < sizeof srcs / sizeof srcs[0]; i++) {
        as_module *m = as_engine_get_module(E, "m", AS_GM_ALWAYS_CREATE);
        as_module_add_section(m, "bad.as", srcs[i], strlen(srcs[i]), 0);
        nerr = 0;
        int r = as_module_build(m);
        /* everything but the empty script, the recursive funcdef and the enum fails */
        if (i + 1 < sizeof srcs / sizeof srcs[0] && strncmp(srcs[i], "funcdef", 7) != 0 && strncmp(srcs[i], "enum", 4) != 0) {
            if (r >= 0) fprintf(stderr, "  source %zu built\n", i);
            CHECK(r < 0);
            CHECK(nerr >= 1);
        }
    }
    /* deep nesting */
    size_t depth = 2000;
    char *deep = malloc(depth * 2 + 64);
    REQUIRE(deep != NULL);
    strcpy(deep, "int f() { return ");
    size_t p = strlen(deep);
    for (size_t i = 0; i < depth; i++) deep[p++] = '(';
    deep[p++] = '1';
    for (size_t i = 0; i < depth; i++) deep[p++] = ')';
    strcpy(deep + p, "; }\n");
    as_module *m = as_engine_get_module(E, "deep", AS_GM_ALWAYS_CREATE);
    as_module_add_section(m, "deep.as", deep, strlen(deep), 0);
    as_module_build(m);      /* builds or fails cleanly */
    free(deep);
    /* a section of length 0, and a zero byte in the middle of a section */
    m = as_engine_get_module(E, "z", AS_GM_ALWAYS_CREATE);
    CHECK(as_module_add_section(m, "empty.as", "", 0, 0) == AS_SUCCESS);
    CHECK(as_module_add_section(m, "nul.as", "int f() { return 1; }\0garbage", 29, 0) == AS_SUCCESS);
    as_module_build(m);
    as_engine_destroy(E);
}

int main(void)
{
    group_alarm = 20;      /* a hang counts as a failure too */
    group("malformed_functions", case_malformed_functions);
    group("malformed_other", case_malformed_other);
    group("long_names", case_long_names);
    group("null_pointers", case_null_pointers);
    group("duplicates", case_duplicates);
    group("flags", case_flags);
    group("behaviours", case_behaviours);
    group("context_misuse", case_context_misuse);
    group("context_reentry", case_context_reentry);
    group("null_handles", case_null_handles);
    group("nested_exception_ignored", case_nested_exception_ignored);
    group("discard_while_running", case_discard_while_running);
    group("bad_sources", case_bad_sources);
    if (failures) fprintf(stderr, "bad_input: %d check(s) failed\n", failures);
    return failures ? 1 : 0;
}
