/* Registering global functions and global properties from C:
 *  - cdecl functions taking and returning int, uint, double, float, bool, int64, uint64, void;
 *    overloads told apart by parameter type; a function returning a reference (`int &`) the
 *    script assigns through; default arguments in registered declarations;
 *  - the same signatures with AS_CALL_GENERIC;
 *  - the returned function ids and as_function_* info of registered functions, including the
 *    auxiliary pointer; the engine's list of registered global functions (by index, id, decl);
 *  - global properties by pointer: int, double, float, bool, int64, a registered POD value type
 *    and a string; the script reads values the host changes and the host sees what the script
 *    writes; `const` properties are read-only to scripts; a handle property.
 *
 * CHECK prints file:line and the condition and marks the test failed (exit 1 at the end);
 * REQUIRE exits at once. Groups run in child processes so a crash fails only its group. */
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

static int errors;
static char first_error[256];
static void on_message(const as_message *m, void *user)
{
    (void)user;
    if (m->type == AS_MSG_ERROR) {
        if (!errors) snprintf(first_error, sizeof first_error, "%s", m->message);
        errors++;
    }
}

static as_engine *engine;
static as_context *ctx;

static bool quiet;
static as_module *build(const char *name, const char *code)
{
    as_module *m = as_engine_get_module(engine, name, AS_GM_ALWAYS_CREATE);
    if (!m) return NULL;
    as_module_add_section(m, name, code, strlen(code), 0);
    errors = 0;
    first_error[0] = 0;
    if (as_module_build(m) < 0) {
        if (!quiet) fprintf(stderr, "  build of %s failed: %s\n", name, first_error);
        return NULL;
    }
    return m;
}

static bool run(as_module *m, const char *decl)
{
    as_function *f = m ? as_module_function_by_decl(m, decl) : NULL;
    if (!f) {
        fprintf(stderr, "  no function '%s'\n", decl);
        return false;
    }
    if (as_context_prepare(ctx, f) < 0) return false;
    int r = as_context_execute(ctx);
    if (r != AS_EXECUTION_FINISHED) {
        fprintf(stderr, "  '%s' ended with state %d (%s)\n", decl, r,
                r == AS_EXECUTION_EXCEPTION && as_context_exception_string(ctx) ? as_context_exception_string(ctx) : "");
        return false;
    }
    return true;
}

/* ===================================================================== cdecl functions */

static int calls_void;
static int add_i(int a, int b) { return a + b; }
static unsigned add_u(unsigned a, unsigned b) { return a + b; }
static double mul_d(double a, double b) { return a * b; }
static float mul_f(float a, float b) { return a * b; }
static bool not_b(bool v) { return !v; }
static int64_t add_i64(int64_t a, int64_t b) { return a + b; }
static uint64_t shl_u64(uint64_t v, int n) { return v << n; }
static void do_void(void) { calls_void++; }
static int kind_i(int v) { (void)v; return 1; }
static int kind_d(double v) { (void)v; return 2; }
static int kind_f(float v) { (void)v; return 3; }
static int ref_target = 5;
static int *get_ref(void) { return &ref_target; }
static int defarg(int a, int b) { return a * 100 + b; }

/* ===================================================================== generic twins */

static void g_add_i(as_generic *g) { as_generic_set_return_dword(g, (uint32_t)((int)as_generic_arg_dword(g, 0) + (int)as_generic_arg_dword(g, 1))); }
static void g_mul_d(as_generic *g) { as_generic_set_return_double(g, as_generic_arg_double(g, 0) * as_generic_arg_double(g, 1)); }
static void g_mul_f(as_generic *g) { as_generic_set_return_float(g, as_generic_arg_float(g, 0) * as_generic_arg_float(g, 1)); }
static void g_not_b(as_generic *g) { as_generic_set_return_byte(g, as_generic_arg_byte(g, 0) ? 0 : 1); }
static void g_add_i64(as_generic *g) { as_generic_set_return_qword(g, (uint64_t)((int64_t)as_generic_arg_qword(g, 0) + (int64_t)as_generic_arg_qword(g, 1))); }
static void g_void(as_generic *g) { (void)g; calls_void += 10; }
static void g_ref(as_generic *g) { as_generic_set_return_address(g, &ref_target); }

static void test_functions(void)
{
    int id = as_register_global_function(engine, "int add_i(int, int)", AS_FN(add_i), AS_CALL_CDECL, NULL);
    CHECK(id >= 0);
    CHECK(as_register_global_function(engine, "uint add_u(uint, uint)", AS_FN(add_u), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "double mul_d(double, double)", AS_FN(mul_d), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "float mul_f(float, float)", AS_FN(mul_f), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "bool not_b(bool)", AS_FN(not_b), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "int64 add_i64(int64, int64)", AS_FN(add_i64), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "uint64 shl_u64(uint64, int)", AS_FN(shl_u64), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "void do_void()", AS_FN(do_void), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "int kind(int)", AS_FN(kind_i), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "int kind(double)", AS_FN(kind_d), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "int kind(float)", AS_FN(kind_f), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "int &get_ref()", AS_FN(get_ref), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "int defarg(int a, int b = 7)", AS_FN(defarg), AS_CALL_CDECL, NULL) >= 0);

    int gid = as_register_global_function(engine, "int g_add_i(int, int)", AS_FN(g_add_i), AS_CALL_GENERIC, &calls_void);
    CHECK(gid >= 0 && gid != id);
    CHECK(as_register_global_function(engine, "double g_mul_d(double, double)", AS_FN(g_mul_d), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_global_function(engine, "float g_mul_f(float, float)", AS_FN(g_mul_f), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_global_function(engine, "bool g_not_b(bool)", AS_FN(g_not_b), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_global_function(engine, "int64 g_add_i64(int64, int64)", AS_FN(g_add_i64), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_global_function(engine, "void g_void()", AS_FN(g_void), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_global_function(engine, "int &g_ref()", AS_FN(g_ref), AS_CALL_GENERIC, NULL) >= 0);

    const char *src =
        "int f_i() { return add_i(40, 2) + add_i(-50, 8); }\n"                       /* 0 */
        "uint f_u() { return add_u(4000000000, 294967295); }\n"                      /* 4294967295 */
        "double f_d() { return mul_d(1.5, -4.25); }\n"
        "float f_f() { return mul_f(1.5f, 3.0f); }\n"
        "bool f_b() { return not_b(false) && !not_b(true); }\n"
        "int64 f_i64() { return add_i64(5000000000, -1); }\n"
        "uint64 f_u64() { return shl_u64(1, 40); }\n"
        "void f_void() { do_void(); do_void(); g_void(); }\n"
        "int f_kind() { return kind(1) * 100 + kind(1.0) * 10 + kind(1.0f); }\n"
        "int f_ref() { get_ref() = 77; g_ref() += 1; return get_ref(); }\n"
        "int f_defarg() { return defarg(3) + defarg(1, 2); }\n"
        "int g_i() { return g_add_i(40, 2); }\n"
        "double g_d() { return g_mul_d(1.5, -4.25); }\n"
        "float g_f() { return g_mul_f(1.5f, 3.0f); }\n"
        "bool g_b() { return g_not_b(false) && !g_not_b(true); }\n"
        "int64 g_i64() { return g_add_i64(5000000000, -1); }\n"
        "int mixed() { return int(mul_d(add_i(1, 2), 2.0) + mul_f(2.0f, 2.0f)); }\n";
    as_module *m = build("funcs", src);
    CHECK(m != NULL && errors == 0);
    if (!m) return;
    if (run(m, "int f_i()")) CHECK(as_context_return_dword(ctx) == 0);
    if (run(m, "uint f_u()")) CHECK(as_context_return_dword(ctx) == 4294967295u);
    if (run(m, "double f_d()")) CHECK(as_context_return_double(ctx) == -6.375);
    if (run(m, "float f_f()")) CHECK(as_context_return_float(ctx) == 4.5f);
    if (run(m, "bool f_b()")) CHECK(as_context_return_byte(ctx) == 1);
    if (run(m, "int64 f_i64()")) CHECK((int64_t)as_context_return_qword(ctx) == 4999999999LL);
    if (run(m, "uint64 f_u64()")) CHECK(as_context_return_qword(ctx) == (1ull << 40));
    calls_void = 0;
    if (run(m, "void f_void()")) CHECK(calls_void == 12);
    if (run(m, "int f_kind()")) CHECK(as_context_return_dword(ctx) == 123);
    ref_target = 5;
    if (run(m, "int f_ref()")) CHECK(as_context_return_dword(ctx) == 78);
    CHECK(ref_target == 78);
    if (run(m, "int f_defarg()")) CHECK(as_context_return_dword(ctx) == 307 + 102);
    if (run(m, "int g_i()")) CHECK(as_context_return_dword(ctx) == 42);
    if (run(m, "double g_d()")) CHECK(as_context_return_double(ctx) == -6.375);
    if (run(m, "float g_f()")) CHECK(as_context_return_float(ctx) == 4.5f);
    if (run(m, "bool g_b()")) CHECK(as_context_return_byte(ctx) == 1);
    if (run(m, "int64 g_i64()")) CHECK((int64_t)as_context_return_qword(ctx) == 4999999999LL);
    if (run(m, "int mixed()")) CHECK(as_context_return_dword(ctx) == 10);

    /* registered functions can be run directly by a context */
    as_function *reg = NULL;
    as_function *f_i = as_module_function_by_decl(m, "int f_i()");
    CHECK(f_i != NULL);
    CHECK(as_module_function_by_decl(m, "int add_i(int, int)") == NULL);   /* not a module function */
    (void)reg;
    as_module_discard(m);
}

/* info about registered functions, through a generic function that looks at itself */
static int self_info_id = -1;
static void self_info(as_generic *g)
{
    as_function *f = as_generic_function(g);
    REQUIRE(f != NULL);
    CHECK(strcmp(as_function_name(f), "self_info") == 0);
    CHECK(strcmp(as_function_namespace(f), "") == 0);
    CHECK(as_function_param_count(f) == 2);
    CHECK(as_generic_arg_count(g) == 2);
    CHECK(strcmp(as_function_declaration(f, false, false, false), "int self_info(double, const string&in)") == 0);
    CHECK(strcmp(as_function_declaration(f, false, false, true), "int self_info(double d, const string&in s)") == 0);
    int tid = -1;
    uint32_t fl = 99;
    const char *name = NULL;
    CHECK(as_function_param(f, 0, &tid, &fl, &name) >= 0);
    CHECK(tid == AS_TYPEID_DOUBLE && fl == AS_TM_NONE);
    CHECK(name && strcmp(name, "d") == 0);
    CHECK(as_function_param(f, 1, &tid, &fl, &name) >= 0);
    CHECK(tid == as_engine_type_id_by_decl(as_generic_engine(g), "string"));
    CHECK(fl == (AS_TM_INREF | AS_TM_CONST));
    CHECK(as_function_param(f, 2, &tid, &fl, &name) < 0);
    CHECK(as_function_return_type_id(f, NULL) == AS_TYPEID_INT32);
    CHECK(as_function_auxiliary(f) == (void *)&calls_void);
    CHECK(as_generic_auxiliary(g) == (void *)&calls_void);
    CHECK(as_function_id(f) == self_info_id);
    const char *sec = NULL;
    int row = -1;
    as_function_declared_at(f, &sec, &row, NULL);
    CHECK(row == 0);
    if (row != 0) fprintf(stderr, "  declared_at row of a registered function: %d\n", row);
    as_generic_set_return_dword(g, 1);
}

static void test_function_info(void)
{
    self_info_id = as_register_global_function(engine, "int self_info(double d, const string &in s)", AS_FN(self_info), AS_CALL_GENERIC, &calls_void);
    CHECK(self_info_id >= 0);
    as_module *m = build("info", "int t() { return self_info(1.0, 'x'); }\n");
    CHECK(m != NULL);
    if (m && run(m, "int t()")) CHECK(as_context_return_dword(ctx) == 1);

    /* the engine's list of registered global functions: in registration order, by declaration */
    as_function *self = as_engine_function_by_id(engine, self_info_id);
    REQUIRE(self != NULL);
    CHECK(strcmp(as_function_name(self), "self_info") == 0);
    int n = as_engine_function_count(engine);
    CHECK(n >= 1);
    CHECK(as_engine_function_by_index(engine, n - 1) == self);
    CHECK(as_engine_function_by_index(engine, n) == NULL);
    CHECK(as_engine_function_by_index(engine, -1) == NULL);
    for (int i = 0; i < n; i++) {
        as_function *f = as_engine_function_by_index(engine, i);
        CHECK(f != NULL && as_engine_function_by_id(engine, as_function_id(f)) == f);
    }
    CHECK(as_engine_function_by_decl(engine, "int self_info(double, const string &in)") == self);
    CHECK(as_engine_function_by_decl(engine, "int self_info(double d, const string&in s)") == self);
    CHECK(as_engine_function_by_decl(engine, "int self_info(float, const string &in)") == NULL);
    CHECK(as_engine_function_by_decl(engine, "void self_info(double, const string &in)") == NULL);
    CHECK(as_engine_function_by_decl(engine, "not a decl") == NULL);
    /* namespaces: scoped declarations, and the default namespace's parents */
    CHECK(as_engine_set_default_namespace(engine, "info") == AS_SUCCESS);
    int nid = as_register_global_function(engine, "int ns_fn()", AS_FN(self_info), AS_CALL_GENERIC, NULL);
    CHECK(nid >= 0);
    as_function *nsf = as_engine_function_by_id(engine, nid);
    CHECK(as_engine_function_by_decl(engine, "int ns_fn()") == nsf);
    CHECK(as_engine_function_by_decl(engine, "int self_info(double, const string &in)") == self);
    CHECK(as_engine_set_default_namespace(engine, "") == AS_SUCCESS);
    CHECK(as_engine_function_by_decl(engine, "int ns_fn()") == NULL);
    CHECK(as_engine_function_by_decl(engine, "int info::ns_fn()") == nsf);
    CHECK(as_engine_function_count(engine) == n + 1);
    /* methods and behaviours are not global functions */
    CHECK(as_register_object_type(engine, "lone", 0, AS_OBJ_REF | AS_OBJ_NOCOUNT) > 0);
    CHECK(as_register_object_method(engine, "lone", "int m()", AS_FN(self_info), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_engine_function_count(engine) == n + 1);
}

/* ===================================================================== global properties */

typedef struct { int a, b; } pair;
static int g_int = 10;
static double g_double = 2.5;
static float g_float = 1.25f;
static bool g_bool = false;
static int64_t g_int64 = -5;
static const int g_const = 99;
static pair g_pair = {1, 2};
static uint8_t g_u8 = 250;
static int16_t g_i16 = -300;

static int ref_live;
typedef struct { int refs, v; } obj;
static obj *obj_factory(void) { obj *o = calloc(1, sizeof *o); o->refs = 1; ref_live++; return o; }
static void obj_addref(obj *o) { o->refs++; }
static void obj_release(obj *o) { if (--o->refs == 0) { free(o); ref_live--; } }
static obj *g_handle;

static void test_properties(void)
{
    CHECK(as_register_global_property(engine, "int g_int", &g_int) >= 0);
    CHECK(as_register_global_property(engine, "double g_double", &g_double) >= 0);
    CHECK(as_register_global_property(engine, "float g_float", &g_float) >= 0);
    CHECK(as_register_global_property(engine, "bool g_bool", &g_bool) >= 0);
    CHECK(as_register_global_property(engine, "int64 g_int64", &g_int64) >= 0);
    CHECK(as_register_global_property(engine, "const int g_const", (void *)&g_const) >= 0);
    CHECK(as_register_global_property(engine, "uint8 g_u8", &g_u8) >= 0);
    CHECK(as_register_global_property(engine, "int16 g_i16", &g_i16) >= 0);
    CHECK(as_register_object_type(engine, "pair", sizeof(pair), AS_OBJ_VALUE | AS_OBJ_POD | AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_ALLINTS) > 0);
    CHECK(as_register_object_property(engine, "pair", "int a", 0) >= 0);
    CHECK(as_register_object_property(engine, "pair", "int b", 4) >= 0);
    CHECK(as_register_global_property(engine, "pair g_pair", &g_pair) >= 0);
    CHECK(as_register_object_type(engine, "obj", 0, AS_OBJ_REF) > 0);
    CHECK(as_register_object_behaviour(engine, "obj", AS_BEHAVE_FACTORY, "obj@ f()", AS_FN(obj_factory), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_object_behaviour(engine, "obj", AS_BEHAVE_ADDREF, "void f()", AS_FN(obj_addref), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_behaviour(engine, "obj", AS_BEHAVE_RELEASE, "void f()", AS_FN(obj_release), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_property(engine, "obj", "int v", offsetof(obj, v)) >= 0);
    CHECK(as_register_global_property(engine, "obj@ g_handle", &g_handle) >= 0);
    /* a host string */
    CHECK(as_engine_type_id_by_decl(engine, "string") > 0);
    void *host_str = as_engine_create_object(engine, as_engine_type_id_by_decl(engine, "string"));
    REQUIRE(host_str != NULL);
    as_string_assign(host_str, "host", 4);
    CHECK(as_register_global_property(engine, "string g_str", host_str) >= 0);

    const char *src =
        "int p_read() { return g_int + g_const; }\n"
        "void p_write() { g_int = 123; g_double *= 2; g_float += 1; g_bool = !g_bool; g_int64 = g_int64 * 1000000000; g_u8 += 10; g_i16 -= 1; }\n"
        "int p_pair() { g_pair.a += 10; g_pair.b = g_pair.a * 2; return g_pair.a + g_pair.b; }\n"
        "void p_handle() { @g_handle = obj(); g_handle.v = 5; }\n"
        "int p_handle_read() { return g_handle is null ? -1 : g_handle.v; }\n"
        "void p_handle_clear() { @g_handle = null; }\n"
        "int p_str() { g_str += '!'; return int(g_str.length()); }\n";
    as_module *m = build("props", src);
    CHECK(m != NULL && errors == 0);
    if (!m) return;
    if (run(m, "int p_read()")) CHECK(as_context_return_dword(ctx) == 109);
    g_int = 1;     /* the host changes it; the script sees the new value */
    if (run(m, "int p_read()")) CHECK(as_context_return_dword(ctx) == 100);
    CHECK(run(m, "void p_write()"));
    CHECK(g_int == 123);
    CHECK(g_double == 5.0);
    CHECK(g_float == 2.25f);
    CHECK(g_bool == true);
    CHECK(g_int64 == -5000000000LL);
    CHECK(g_u8 == 4);           /* 260 wraps */
    CHECK(g_i16 == -301);
    if (run(m, "int p_pair()")) CHECK(as_context_return_dword(ctx) == 33);
    CHECK(g_pair.a == 11 && g_pair.b == 22);
    CHECK(run(m, "void p_handle()"));
    CHECK(g_handle != NULL && g_handle->v == 5 && g_handle->refs == 1);
    CHECK(ref_live == 1);
    if (g_handle) g_handle->v = 8;
    if (run(m, "int p_handle_read()")) CHECK(as_context_return_dword(ctx) == 8);
    CHECK(run(m, "void p_handle_clear()"));
    CHECK(g_handle == NULL && ref_live == 0);
    if (run(m, "int p_str()")) CHECK(as_context_return_dword(ctx) == 5);
    size_t n = 0;
    const char *d = as_string_data(host_str, &n);
    CHECK(n == 5 && memcmp(d, "host!", 5) == 0);

    /* const properties cannot be written by scripts */
    quiet = true;
    CHECK(build("props_bad", "void f() { g_const = 1; }\n") == NULL);
    quiet = false;
    CHECK(errors >= 1);
    CHECK(g_const == 99);
    as_module_discard(m);
    as_engine_release_object(engine, host_str, as_engine_type_id_by_decl(engine, "string"));
}

/* A host object of a reference type registered as a global (not a handle): the pointer is the
 * object itself, as in the reference. Needs the registrations of test_properties. */
static void test_ref_object_global(void)
{
    CHECK(as_register_object_type(engine, "obj", 0, AS_OBJ_REF) > 0);
    CHECK(as_register_object_behaviour(engine, "obj", AS_BEHAVE_FACTORY, "obj@ f()", AS_FN(obj_factory), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_object_behaviour(engine, "obj", AS_BEHAVE_ADDREF, "void f()", AS_FN(obj_addref), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_behaviour(engine, "obj", AS_BEHAVE_RELEASE, "void f()", AS_FN(obj_release), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_property(engine, "obj", "int v", offsetof(obj, v)) >= 0);
    obj *host_obj = obj_factory();
    host_obj->v = 3;
    CHECK(as_register_global_property(engine, "obj g_obj", host_obj) >= 0);
    as_module *m = build("refglobal",
        "int p_read() { return g_obj.v; }\n"
        "int p_obj() { g_obj.v *= 7; obj@ h = g_obj; h.v += 1; return g_obj.v; }\n");
    CHECK(m != NULL);
    if (!m) return;
    if (run(m, "int p_read()")) CHECK(as_context_return_dword(ctx) == 3);
    if (run(m, "int p_obj()")) CHECK(as_context_return_dword(ctx) == 22);
    CHECK(host_obj->v == 22);
    CHECK(host_obj->refs == 1);
    as_module_discard(m);
    CHECK(host_obj->refs == 1);
    obj_release(host_obj);
    CHECK(ref_live == 0);
}

int main(void)
{
    engine = as_engine_create();
    REQUIRE(engine != NULL);
    as_engine_set_message_callback(engine, on_message, NULL);
    CHECK(as_register_string(engine) >= 0);
    ctx = as_context_create(engine);
    REQUIRE(ctx != NULL);
    group("functions", test_functions);
    group("function_info", test_function_info);
    group("properties", test_properties);
    group("ref_object_global", test_ref_object_global);
    as_context_destroy(ctx);
    as_engine_destroy(engine);
    if (failures) fprintf(stderr, "register_funcs: %d check(s) failed\n", failures);
    return failures ? 1 : 0;
}
