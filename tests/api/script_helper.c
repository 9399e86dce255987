/* The script helper add-on's host functions (the SDK's scripthelper, angelc_addons.h):
 * as_write_config (WriteConfigToStream), as_execute_string(_ret) (ExecuteString) and
 * as_exception_info (GetExceptionInfo). The expected texts were produced by the reference 2.38
 * library with the same registrations and scripts. */
#include "angelc.h"
#include "angelc_addons.h"
#include "check.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void dummy(as_generic *g) { (void)g; }
static int gi = 1;
static float gf = 2;

static char last_msg[256];
static int last_row, last_col, messages;
static void on_message(const as_message *m, void *u)
{
    (void)u;
    messages++;
    snprintf(last_msg, sizeof last_msg, "%s:%d:%d: %s", m->section, m->row, m->col, m->message);
    last_row = m->row;
    last_col = m->col;
}

/* The config of the registrations below as WriteConfigToStream writes it, after its first three
 * lines (library version and options) and without the `ep` lines. */
static const char expected_config[] =
    "\n"
    "// Enums\n"
    "access ffffffff\n"
    "enum Color\n"
    "enumval Color Red 0\n"
    "enumval Color Blue -7\n"
    "namespace \"ns::inner\"\n"
    "enum E2\n"
    "enumval E2 X 1\n"
    "\n"
    "// Types\n"
    "namespace \"\"\n"
    "intf IFace\n"
    "objtype \"P\" 8202\n"
    "namespace \"ns::inner\"\n"
    "objtype \"W\" 1\n"
    "namespace \"\"\n"
    "objtype \"R\" 262145\n"
    "access 6\n"
    "objtype \"Gc\" 5\n"
    "access ffffffff\n"
    "typedef real \"float\"\n"
    "funcdef \"void CB(int, const double&in)\"\n"
    "\n"
    "// Template type members\n"
    "\n"
    "// Type members\n"
    "intfmthd IFace \"int get(int) const\"\n"
    "objbeh \"P\" 1 \"void $list(int&in) { int, int }\"\n"
    "objbeh \"P\" 0 \"void P(int, int)\"\n"
    "objprop \"P\" \"int x\" 0 0\n"
    "objprop \"P\" \"float y\" 0 0\n"
    "namespace \"ns::inner\"\n"
    "objbeh \"W\" 5 \"void $beh5()\"\n"
    "objbeh \"W\" 6 \"void $beh6()\"\n"
    "objbeh \"W\" 4 \"ns::inner::W@ $list(int&in) { repeat_same { int, ? } }\"\n"
    "objbeh \"W\" 7 \"int& $beh7()\"\n"
    "objmthd \"W\" \"ns::inner::W@ opAdd(const ns::inner::W&in) const\"\n"
    "namespace \"\"\n"
    "objbeh \"R\" 3 \"R@ R()\"\n"
    "objbeh \"R\" 3 \"R@ R(int)\"\n"
    "objmthd \"R\" \"ns::inner::W@ get(ns::inner::E2) const\"\n"
    "objmthd \"R\" \"int get_count() const property\"\n"
    "access 6\n"
    "objbeh \"Gc\" 3 \"Gc@ Gc()\"\n"
    "objbeh \"Gc\" 5 \"void $beh5()\"\n"
    "objbeh \"Gc\" 6 \"void $beh6()\"\n"
    "objbeh \"Gc\" 9 \"int $beh9()\"\n"
    "objbeh \"Gc\" 10 \"void $beh10()\"\n"
    "objbeh \"Gc\" 11 \"bool $beh11()\"\n"
    "objbeh \"Gc\" 12 \"void $beh12(int&in)\"\n"
    "objbeh \"Gc\" 13 \"void $beh13(int&in)\"\n"
    "access ffffffff\n"
    "objmthd \"Gc\" \"void opCall(?&in...)\"\n"
    "\n"
    "// Functions\n"
    "namespace \"ns::inner\"\n"
    "func \"W@ make(int = 3, Color = Red)\"\n"
    "namespace \"\"\n"
    "access 6\n"
    "func \"void masked(CB@)\"\n"
    "access ffffffff\n"
    "func \"void vf(int, ?&in...)\"\n"
    "func \"int get_gp() property\"\n"
    "func \"Gc@ autoh(Gc@)\"\n"
    "func \"void outf(int&out, const int&in, P)\"\n"
    "\n"
    "// Properties\n"
    "namespace \"ns::inner\"\n"
    "prop \"int gi\"\n"
    "namespace \"\"\n"
    "prop \"const float gf\"\n"
    "\n"
    "// String factory\n"
    "\n"
    "// Default array type\n"
;

static void config(void)
{
    as_engine *e = as_engine_create();
    as_register_enum(e, "Color"); as_register_enum_value(e, "Color", "Red", 0); as_register_enum_value(e, "Color", "Blue", -7);
    as_register_typedef(e, "real", "float");
    as_register_funcdef(e, "void CB(int, const double &in)");
    as_register_interface(e, "IFace"); as_register_interface_method(e, "IFace", "int get(int) const");
    as_register_object_type(e, "P", 8, AS_OBJ_VALUE | AS_OBJ_POD | AS_OBJ_APP_PRIMITIVE);
    as_register_object_behaviour(e, "P", AS_BEHAVE_LIST_CONSTRUCT, "void f(int&in) {int, int}", AS_FN(dummy), AS_CALL_GENERIC, NULL);
    as_register_object_behaviour(e, "P", AS_BEHAVE_CONSTRUCT, "void f(int, int)", AS_FN(dummy), AS_CALL_GENERIC, NULL);
    as_register_object_property(e, "P", "int x", 0);
    as_register_object_property(e, "P", "real y", 4);
    as_engine_set_default_namespace(e, "ns::inner");
    as_register_enum(e, "E2"); as_register_enum_value(e, "E2", "X", 1);
    as_register_object_type(e, "W", 0, AS_OBJ_REF);
    as_register_object_behaviour(e, "W", AS_BEHAVE_ADDREF, "void f()", AS_FN(dummy), AS_CALL_GENERIC, NULL);
    as_register_object_behaviour(e, "W", AS_BEHAVE_RELEASE, "void f()", AS_FN(dummy), AS_CALL_GENERIC, NULL);
    as_register_object_behaviour(e, "W", AS_BEHAVE_GET_WEAKREF_FLAG, "int &f()", AS_FN(dummy), AS_CALL_GENERIC, NULL);
    as_register_object_behaviour(e, "W", AS_BEHAVE_LIST_FACTORY, "W@ f(int&in) {repeat_same {int, ?}}", AS_FN(dummy), AS_CALL_GENERIC, NULL);
    as_register_object_method(e, "W", "W@ opAdd(const W&in) const", AS_FN(dummy), AS_CALL_GENERIC, NULL);
    as_register_global_function(e, "W@ make(int a = 3, Color c = Red)", AS_FN(dummy), AS_CALL_GENERIC, NULL);
    as_register_global_property(e, "int gi", &gi);
    as_engine_set_default_namespace(e, "");
    as_register_object_type(e, "R", 0, AS_OBJ_REF | AS_OBJ_NOCOUNT);
    as_register_object_behaviour(e, "R", AS_BEHAVE_FACTORY, "R@ f()", AS_FN(dummy), AS_CALL_GENERIC, NULL);
    as_register_object_behaviour(e, "R", AS_BEHAVE_FACTORY, "R@ f(int)", AS_FN(dummy), AS_CALL_GENERIC, NULL);
    as_register_object_method(e, "R", "ns::inner::W@ get(ns::inner::E2) const", AS_FN(dummy), AS_CALL_GENERIC, NULL);
    as_register_object_method(e, "R", "int get_count() const property", AS_FN(dummy), AS_CALL_GENERIC, NULL);
    as_register_global_property(e, "const float gf", &gf);
    uint32_t old = as_engine_set_default_access_mask(e, 6);
    as_register_object_type(e, "Gc", 0, AS_OBJ_REF | AS_OBJ_GC);
    as_register_object_behaviour(e, "Gc", AS_BEHAVE_FACTORY, "Gc @f()", AS_FN(dummy), AS_CALL_GENERIC, NULL);
    as_register_object_behaviour(e, "Gc", AS_BEHAVE_ADDREF, "void f()", AS_FN(dummy), AS_CALL_GENERIC, NULL);
    as_register_object_behaviour(e, "Gc", AS_BEHAVE_RELEASE, "void f()", AS_FN(dummy), AS_CALL_GENERIC, NULL);
    as_register_object_behaviour(e, "Gc", AS_BEHAVE_GETREFCOUNT, "int f()", AS_FN(dummy), AS_CALL_GENERIC, NULL);
    as_register_object_behaviour(e, "Gc", AS_BEHAVE_SETGCFLAG, "void f()", AS_FN(dummy), AS_CALL_GENERIC, NULL);
    as_register_object_behaviour(e, "Gc", AS_BEHAVE_GETGCFLAG, "bool f()", AS_FN(dummy), AS_CALL_GENERIC, NULL);
    as_register_object_behaviour(e, "Gc", AS_BEHAVE_ENUMREFS, "void f(int&in)", AS_FN(dummy), AS_CALL_GENERIC, NULL);
    as_register_object_behaviour(e, "Gc", AS_BEHAVE_RELEASEREFS, "void f(int&in)", AS_FN(dummy), AS_CALL_GENERIC, NULL);
    as_register_global_function(e, "void masked(CB @)", AS_FN(dummy), AS_CALL_GENERIC, NULL);
    as_engine_set_default_access_mask(e, old);
    as_register_object_method(e, "Gc", "void opCall(?&in ...)", AS_FN(dummy), AS_CALL_GENERIC, NULL);
    as_register_global_function(e, "void vf(int, ?&in...)", AS_FN(dummy), AS_CALL_GENERIC, NULL);
    as_register_global_function(e, "int get_gp() property", AS_FN(dummy), AS_CALL_GENERIC, NULL);
    as_register_global_function(e, "Gc@+ autoh(Gc@+)", AS_FN(dummy), AS_CALL_GENERIC, NULL);
    as_register_global_function(e, "void outf(int &out, const int&in, P)", AS_FN(dummy), AS_CALL_GENERIC, NULL);
    FILE *f = tmpfile();
    REQUIRE(f != NULL);
    CHECK(as_write_config(e, f) == AS_SUCCESS);
    long size = ftell(f);
    rewind(f);
    char *text = calloc(1, (size_t)size + 1);
    REQUIRE(text && fread(text, 1, (size_t)size, f) == (size_t)size);
    fclose(f);
    /* the head: version, options, then one `ep N VALUE` line per engine property */
    CHECK(strncmp(text, "// AngelScript ", 15) == 0);
    CHECK(strstr(text, "\n// Lib options ") != NULL && strstr(text, "\n// Engine properties\nep 0 0\n") != NULL);
    CHECK(strstr(text, "\nep 2 1\n") != NULL);   /* OPTIMIZE_BYTECODE */
    /* the rest as the reference writes it */
    char *rest = strstr(text, "\n// Enums\n");
    REQUIRE(rest != NULL);
    CHECK(strcmp(rest, expected_config) == 0);
    if (strcmp(rest, expected_config) != 0) fprintf(stderr, "got:\n%s", rest);
    free(text);
    CHECK(as_write_config(NULL, stdout) == AS_INVALID_ARG && as_write_config(e, NULL) == AS_INVALID_ARG);
    CHECK(as_write_config_to_file(e, "/nonexistent-dir/x.cfg") == AS_ERROR);
    as_engine_destroy(e);
}

static const char module_code[] =
    "int g = 5;\n"
    "int twice(int x) { return x * 2; }\n"
    "void boom(int n) { if (n == 0) { int z = 0; z = 1 / z; } boom(n - 1); }\n"
    "class C { int v = 3; void m() { throw('from m'); } }\n";

static as_engine *helper_engine(as_module **m)
{
    as_engine *e = as_engine_create();
    REQUIRE(e != NULL);
    as_engine_set_message_callback(e, on_message, NULL);
    REQUIRE(as_register_string(e) >= 0 && as_register_exception_routines(e) >= 0);
    *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    REQUIRE(as_module_add_section(*m, "sec", module_code, strlen(module_code), 0) >= 0);
    REQUIRE(as_module_build(*m) >= 0);
    return e;
}

static void execute_string(void)
{
    as_module *m;
    as_engine *e = helper_engine(&m);
    /* statements that see the module's globals and functions */
    CHECK(as_execute_string(e, "g = twice(g);", m, NULL) == AS_EXECUTION_FINISHED);
    CHECK(*(int *)as_module_global_address(m, as_module_global_index_by_name(m, "g")) == 10);
    CHECK(as_execute_string(e, "", NULL, NULL) == AS_EXECUTION_FINISHED);
    CHECK(as_execute_string(e, "int a = 1", NULL, NULL) == AS_EXECUTION_FINISHED);   /* the ';' is added */
    /* without a module, a fresh "ExecuteString" one (the module's names are not seen) */
    messages = 0;
    CHECK(as_execute_string(e, "g = 1;", NULL, NULL) == AS_ERROR);
    CHECK(messages == 1 && STREQ(last_msg, "ExecuteString:1:1: No matching symbol 'g'"));
    CHECK(as_engine_get_module(e, "ExecuteString", AS_GM_ONLY_IF_EXISTS) != NULL);
    /* messages count the code's own lines and columns */
    CHECK(as_execute_string(e, "int x = \n nope;", m, NULL) == AS_ERROR);
    CHECK(STREQ(last_msg, "ExecuteString:2:2: No matching symbol 'nope'"));
    CHECK(as_execute_string(e, "}{", m, NULL) == AS_ERROR);
    CHECK(STREQ(last_msg, "ExecuteString:1:2: Unexpected token '{'"));
    /* an exception in a pooled context: only the state */
    CHECK(as_execute_string(e, "int x = 0; x = 1 / x;", NULL, NULL) == AS_EXECUTION_EXCEPTION);
    CHECK(as_execute_string(NULL, "", NULL, NULL) == AS_INVALID_ARG && as_execute_string(e, NULL, NULL, NULL) == AS_INVALID_ARG);

    /* with a return value */
    int ri = 0;
    double rd = 0;
    CHECK(as_execute_string_ret(e, "return twice(21);", &ri, AS_TYPEID_INT32, m, NULL) == AS_EXECUTION_FINISHED && ri == 42);
    CHECK(as_execute_string_ret(e, "return 1.5 + g", &rd, AS_TYPEID_DOUBLE, m, NULL) == AS_EXECUTION_FINISHED && rd == 11.5);
    int8_t r8 = 0;
    CHECK(as_execute_string_ret(e, "return -3;", &r8, AS_TYPEID_INT8, m, NULL) == AS_EXECUTION_FINISHED && r8 == -3);
    int sid = as_engine_type_id_by_decl(e, "string");
    void *s = as_engine_create_object(e, sid);
    REQUIRE(s != NULL);
    CHECK(as_execute_string_ret(e, "return 'abc' + g;", s, sid, m, NULL) == AS_EXECUTION_FINISHED);
    size_t n = 0;
    const char *d = as_string_data(s, &n);
    CHECK(n == 5 && memcmp(d, "abc10", 5) == 0);
    as_engine_release_object(e, s, sid);
    void *obj = NULL;
    int ch = as_module_type_id_by_decl(m, "C@");
    CHECK(as_execute_string_ret(e, "C c; c.v = 9; return c;", &obj, ch, m, NULL) == AS_EXECUTION_FINISHED);
    REQUIRE(obj != NULL);
    CHECK(*(int *)as_object_property_address(obj, 0) == 9);
    as_engine_release_object(e, obj, ch);   /* the caller's reference */
    CHECK(as_execute_string_ret(e, "return 3;", NULL, AS_TYPEID_INT32, m, NULL) == AS_EXECUTION_FINISHED);
    CHECK(as_execute_string_ret(e, "return 'abc';", &ri, AS_TYPEID_INT32, m, NULL) == AS_ERROR);
    CHECK(as_execute_string_ret(e, "return 3;", &ri, AS_TYPEID_VOID, m, NULL) == AS_ERROR);
    CHECK(STREQ(last_msg, "ExecuteString:1:1: Can't return value when return type is 'void'"));
    as_engine_destroy(e);
}

static void exception_info(void)
{
    as_module *m;
    as_engine *e = helper_engine(&m);
    as_context *ctx = as_context_create(e);
    char *info = as_exception_info(ctx, true);
    CHECK(STREQ(info, ""));   /* nothing has run */
    as_free_mem(info);
    CHECK(as_execute_string(e, "boom(2)", m, ctx) == AS_EXECUTION_EXCEPTION);
    info = as_exception_info(ctx, false);
    CHECK(STREQ(info, "func: void boom(int)\nmodl: m\nsect: sec\nline: 3\ndesc: Divide by zero\n"));
    as_free_mem(info);
    info = as_exception_info(ctx, true);
    CHECK(STREQ(info, "func: void boom(int)\nmodl: m\nsect: sec\nline: 3\ndesc: Divide by zero\n--- call stack ---\n"
                      "sec (3): void boom(int)\nsec (3): void boom(int)\nExecuteString (1): void ExecuteString()\n"));
    as_free_mem(info);
    CHECK(as_execute_string(e, "C c;\nc.m();", m, ctx) == AS_EXECUTION_EXCEPTION);
    info = as_exception_info(ctx, true);
    CHECK(STREQ(info, "func: void C::m()\nmodl: m\nsect: sec\nline: 4\ndesc: from m\n--- call stack ---\n"
                      "ExecuteString (2): void ExecuteString()\n"));
    as_free_mem(info);
    /* the context keeps the compiled function while its exception state points into it */
    CHECK(as_execute_string(e, "\n\nthrow('ouch');", NULL, ctx) == AS_EXECUTION_EXCEPTION);
    CHECK(as_engine_discard_module(e, "ExecuteString") >= 0);
    info = as_exception_info(ctx, false);
    CHECK(info && strstr(info, "func: void ExecuteString()\n") && strstr(info, "line: 3\ndesc: ouch\n"));
    as_free_mem(info);
    CHECK(as_execute_string(e, "int k = 0;", m, ctx) == AS_EXECUTION_FINISHED);
    info = as_exception_info(ctx, true);
    CHECK(STREQ(info, ""));
    as_free_mem(info);
    CHECK(as_exception_info(NULL, true) == NULL);
    as_context_destroy(ctx);
    as_engine_destroy(e);
}

int main(void)
{
    group("config", config);
    group("execute_string", execute_string);
    group("exception_info", exception_info);
    return failures ? 1 : 0;
}
