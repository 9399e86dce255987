/* Registered template functions (AngelScript 2.38): "T Identity<T>(const T &in)" and template
 * methods ("T get<T>(const T &in)") registered with the generic calling convention, called as
 * `Identity<int>(3)` / `f.get<string>("x")`. Every expectation here was observed on the 2.38
 * reference library with a probe host registering the same declarations:
 *  - registration: the id, AS_FUNC_TEMPLATE, the declaration with its subtypes ("void
 *    Pair<K,V>(const K&in, const V&in)"), the subtypes (`T`), `class T` accepted, the same
 *    declaration twice refused, non-generic conventions and accessors refused, the parse errors;
 *  - instances: what a call runs, a registered function "int Identity(const int&in)" of kind
 *    AS_FUNC_SYSTEM whose subtypes the generic function reads (ids, types, NULL for primitives,
 *    AS_INVALID_ARG out of range; AS_ERROR for other functions), shared by every module, not
 *    listed among the engine's functions; `const int`, handles, script classes, arrays, default
 *    arguments, variadics, namespaces, non-template overloads in the same call;
 *  - the compile errors, text, line and column: no subtypes, the wrong number, arguments that
 *    don't match, names that are no type (three messages), handles of value types, `auto`,
 *    `f < 2` where f names a template function;
 *  - saved bytecode calls the instances again, in this engine and a new one;
 *  - instances made of a discarded module's classes go with them; a configuration group takes
 *    its template functions' instances along; the config writer lists the templates.
 * Groups run in child processes so a crash fails only its group. */
#define _POSIX_C_SOURCE 200809L
#include "angelc.h"
#include "angelc_addons.h"
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

/* ===================================================================== messages */

static char messages[8192];
static void on_message(const as_message *m, void *user)
{
    (void)user;
    if (m->type == AS_MSG_INFORMATION && strncmp(m->message, "Compiling ", 10) == 0) return;
    size_t len = strlen(messages);
    snprintf(messages + len, sizeof messages - len, "%d:%d: %s\n", m->row, m->col, m->message);
}

/* ===================================================================== the host's functions */

static as_engine *engine;
static char log_text[4096];
static void logf_(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void logf_(const char *fmt, ...)
{
    size_t len = strlen(log_text);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(log_text + len, sizeof log_text - len, fmt, ap);
    va_end(ap);
}

/* T Identity<T>(const T &in): copies its argument back, by the subtype it learns */
static void identity(as_generic *g)
{
    as_function *f = as_generic_function(g);
    int tid = as_function_subtype_id(f, 0);
    logf_("[%s]", as_function_declaration(f, true, false, false));
    void *a = as_generic_arg_address(g, 0);
    if (tid & AS_TYPEID_OBJHANDLE) as_generic_set_return_object(g, *(void **)a);
    else if (tid & AS_TYPEID_MASK_OBJECT) as_generic_set_return_object(g, a);
    else memcpy(as_generic_return_location(g), a, (size_t)as_engine_primitive_size(engine, tid));
}

/* void Print<T>(const T &in): logs the value by its subtype */
static void print_value(as_generic *g)
{
    as_function *f = as_generic_function(g);
    int tid = as_function_subtype_id(f, 0);
    void *a = as_generic_arg_address(g, 0);
    if (tid == AS_TYPEID_INT32) logf_("int %d;", *(int *)a);
    else if (tid == as_engine_type_id_by_decl(engine, "string")) logf_("string %s;", as_string_data(a, NULL));
    else if (tid == as_engine_type_id_by_decl(engine, "array<int>")) logf_("array of %u;", as_array_size(a));
    else logf_("%s;", as_engine_type_declaration(engine, tid, true));
}

/* any other template: logs the instance, its subtypes and arguments; int results are 42 */
static void describe(as_generic *g)
{
    as_function *f = as_generic_function(g);
    logf_("%s<", as_function_declaration(f, true, true, false));
    for (int i = 0; i < as_function_subtype_count(f); i++)
        logf_("%s%s", i ? "," : "", as_engine_type_declaration(engine, as_function_subtype_id(f, i), true));
    logf_("> args %d%s;", as_generic_arg_count(g), as_generic_object(g) ? " on object" : "");
    if (as_generic_return_type_id(g, NULL) == AS_TYPEID_INT32) as_generic_set_return_dword(g, 42);
}

static void say(as_generic *g) { logf_("%s", as_string_data(as_generic_arg_object(g, 0), NULL)); }
static void foo_init(as_generic *g) { *(int *)as_generic_object(g) = 7; }
static void not_generic(void) {}

static int id_identity, id_pair, id_get;

static as_engine *make_engine(void)
{
    as_engine *e = engine = as_engine_create();
    as_engine_set_message_callback(e, on_message, NULL);
    REQUIRE(as_register_string(e) >= 0);
    REQUIRE(as_register_array(e, true) >= 0);
    REQUIRE(as_register_global_function(e, "void say(const string &in)", AS_FN(say), AS_CALL_GENERIC, NULL) >= 0);
    REQUIRE(as_register_object_type(e, "Foo", 4, AS_OBJ_VALUE | AS_OBJ_POD | AS_OBJ_APP_PRIMITIVE) >= 0);
    REQUIRE(as_register_object_behaviour(e, "Foo", AS_BEHAVE_CONSTRUCT, "void f()", AS_FN(foo_init), AS_CALL_GENERIC, NULL) >= 0);
    id_identity = as_register_global_function(e, "T Identity<T>(const T &in)", AS_FN(identity), AS_CALL_GENERIC, NULL);
    REQUIRE(as_register_global_function(e, "void Print<T>(const T &in)", AS_FN(print_value), AS_CALL_GENERIC, NULL) > 0);
    id_pair = as_register_global_function(e, "void Pair<K,V>(const K &in, const V &in)", AS_FN(describe), AS_CALL_GENERIC, NULL);
    id_get = as_register_object_method(e, "Foo", "T get<T>(const T &in)", AS_FN(describe), AS_CALL_GENERIC, NULL);
    REQUIRE(as_register_global_function(e, "int Count<T>()", AS_FN(describe), AS_CALL_GENERIC, NULL) > 0);
    REQUIRE(as_register_global_function(e, "void Dup3<T>(const T&in)", AS_FN(describe), AS_CALL_GENERIC, NULL) > 0);
    REQUIRE(as_register_global_function(e, "void Dup3<T,U>(const T&in, const U&in)", AS_FN(describe), AS_CALL_GENERIC, NULL) > 0);
    REQUIRE(as_register_global_function(e, "void Var<T>(const T&in ...)", AS_FN(describe), AS_CALL_GENERIC, NULL) > 0);
    REQUIRE(as_register_global_function(e, "void Def<T>(const T&in, int x = 3)", AS_FN(describe), AS_CALL_GENERIC, NULL) > 0);
    REQUIRE(as_register_global_function(e, "void Arr<T>(const array<T>&in)", AS_FN(describe), AS_CALL_GENERIC, NULL) > 0);
    REQUIRE(as_register_global_function(e, "void Ov(float)", AS_FN(describe), AS_CALL_GENERIC, NULL) > 0);
    REQUIRE(as_register_global_function(e, "void Ov<T>(const T&in)", AS_FN(describe), AS_CALL_GENERIC, NULL) > 0);
    REQUIRE(as_engine_set_default_namespace(e, "ns") >= 0);
    REQUIRE(as_register_global_function(e, "void Nsf<T>(const T&in)", AS_FN(describe), AS_CALL_GENERIC, NULL) > 0);
    REQUIRE(as_engine_set_default_namespace(e, "") >= 0);
    REQUIRE(id_identity > 0 && id_pair > 0 && id_get > 0);
    return e;
}

static as_module *build(const char *name, const char *code)
{
    as_module *m = as_engine_get_module(engine, name, AS_GM_ALWAYS_CREATE);
    if (!m) return NULL;
    as_module_add_section(m, "s", code, strlen(code), 0);
    messages[0] = 0;
    return as_module_build(m) >= 0 ? m : NULL;
}

static bool run(as_module *m)
{
    as_context *ctx = as_context_create(engine);
    log_text[0] = 0;
    bool ok = m && as_context_prepare(ctx, as_module_function_by_decl(m, "void main()")) >= 0 &&
              as_context_execute(ctx) == AS_EXECUTION_FINISHED;
    as_context_destroy(ctx);
    return ok;
}

/* The messages of building code (a compile error expected). */
static const char *errors_of(const char *code)
{
    CHECK(build("errors", code) == NULL);
    return messages;
}

/* ===================================================================== registration */

static void test_registration(void)
{
    as_engine *e = make_engine();
    as_function *t = as_engine_function_by_id(e, id_identity);
    CHECK(as_function_kind(t) == AS_FUNC_TEMPLATE);
    CHECK(STREQ(as_function_declaration(t, true, true, false), "T Identity<T>(const T&in)"));
    CHECK(as_function_subtype_count(t) == 1);
    CHECK(STREQ(as_type_name(as_function_subtype(t, 0)), "T"));
    CHECK(STREQ(as_engine_type_declaration(e, as_function_subtype_id(t, 0), true), "T"));
    CHECK(as_function_subtype_id(t, 1) == AS_INVALID_ARG);
    CHECK(as_function_subtype(t, 1) == NULL);
    as_function *p = as_engine_function_by_id(e, id_pair);
    CHECK(STREQ(as_function_declaration(p, true, true, false), "void Pair<K,V>(const K&in, const V&in)"));
    CHECK(as_function_subtype_count(p) == 2);
    CHECK(STREQ(as_type_name(as_function_subtype(p, 1)), "V"));
    /* T is one type wherever a template function names it */
    CHECK(as_function_subtype_id(as_engine_function_by_id(e, id_get), 0) == as_function_subtype_id(t, 0));
    as_function *g = as_engine_function_by_id(e, id_get);
    CHECK(as_function_kind(g) == AS_FUNC_TEMPLATE);
    CHECK(STREQ(as_function_declaration(g, true, false, false), "T Foo::get<T>(const T&in)"));
    CHECK(STREQ(as_type_name(as_function_object_type(g)), "Foo"));
    /* other functions have none */
    as_function *s = as_engine_function_by_decl(e, "void say(const string &in)");
    CHECK(as_function_subtype_count(s) == 0);
    CHECK(as_function_subtype_id(s, 0) == AS_ERROR);
    CHECK(as_function_subtype(s, 0) == NULL);
    CHECK(as_function_kind(s) == AS_FUNC_SYSTEM);
    /* found by their own declaration only */
    CHECK(as_engine_function_by_decl(e, "T Identity<T>(const T &in)") == t);
    CHECK(as_engine_function_by_decl(e, "int Identity(const int &in)") == NULL);
    CHECK(as_engine_function_by_decl(e, "T Identity(const T &in)") == NULL);
    as_type *foo = as_engine_type_by_name(e, "Foo");
    CHECK(as_type_method_by_decl(foo, "T get<T>(const T &in)") == g);

    /* accepted: `class T`, spaces, the same name with other subtypes or other parameters */
    messages[0] = 0;
    CHECK(as_register_global_function(e, "void A1<class T>(const T&in)", AS_FN(describe), AS_CALL_GENERIC, NULL) > 0);
    CHECK(as_register_global_function(e, "void A6 <T> (const T&in)", AS_FN(describe), AS_CALL_GENERIC, NULL) > 0);
    CHECK(as_register_global_function(e, "void Dup2<T>(const T&in)", AS_FN(describe), AS_CALL_GENERIC, NULL) > 0);
    CHECK(as_register_global_function(e, "void Dup2<U>(const U&in)", AS_FN(describe), AS_CALL_GENERIC, NULL) > 0);
    CHECK(as_register_global_function(e, "T@ A13<T>(T@)", AS_FN(describe), AS_CALL_GENERIC, NULL) > 0);
    CHECK(STREQ(messages, ""));

    /* refused */
    messages[0] = 0;
    CHECK(as_register_global_function(e, "void Dup2<T>(const T&in)", AS_FN(describe), AS_CALL_GENERIC, NULL) == AS_ALREADY_REGISTERED);
    CHECK(strstr(messages, "Failed in call to function 'RegisterGlobalFunction' with 'void Dup2<T>(const T&in)' (Code: asALREADY_REGISTERED, -13)"));
    messages[0] = 0;
    CHECK(as_register_global_function(e, "T CId<T>(const T &in)", AS_FN(not_generic), AS_CALL_CDECL, NULL) == AS_NOT_SUPPORTED);
    CHECK(STREQ(messages, "0:0: Failed in call to function 'RegisterGlobalFunction' with 'T CId<T>(const T &in)' (Code: asNOT_SUPPORTED, -7)\n"));
    messages[0] = 0;
    CHECK(as_register_object_method(e, "Foo", "T get2<T>(const T&in)", AS_FN(not_generic), AS_CALL_CDECL_OBJLAST, NULL) == AS_NOT_SUPPORTED);
    CHECK(STREQ(messages, "0:0: Failed in call to function 'RegisterObjectMethod' with 'T get2<T>(const T&in)' (Code: asNOT_SUPPORTED, -7)\n"));
    messages[0] = 0;
    CHECK(as_register_object_method(e, "Foo", "void c3<T>() property", AS_FN(describe), AS_CALL_GENERIC, NULL) == AS_INVALID_DECLARATION);
    CHECK(STREQ(messages, "0:0: Failed in call to function 'RegisterObjectMethod' with 'Foo' and 'void c3<T>() property' (Code: asINVALID_DECLARATION, -10)\n"));
    /* the parse errors (the reference's texts; angelc reports registration messages at 0:0) */
    messages[0] = 0;
    CHECK(as_register_global_function(e, "void Bad1<int>(int)", AS_FN(describe), AS_CALL_GENERIC, NULL) == AS_INVALID_DECLARATION);
    CHECK(strstr(messages, "Expected identifier\n0:0: Instead found reserved keyword 'int'\n0:0: Expected '('\n"
                           "0:0: Instead found reserved keyword 'int'\n"));
    messages[0] = 0;
    CHECK(as_register_global_function(e, "void Bad4<>()", AS_FN(describe), AS_CALL_GENERIC, NULL) == AS_INVALID_DECLARATION);
    CHECK(strstr(messages, "Expected identifier\n0:0: Instead found '>'\n0:0: Expected '('\n0:0: Instead found '>'\n"));
    messages[0] = 0;
    CHECK(as_register_global_function(e, "void Bad5<T>", AS_FN(describe), AS_CALL_GENERIC, NULL) == AS_INVALID_DECLARATION);
    CHECK(strstr(messages, "Expected '('\n0:0: Instead found '<end of file>'\n"));
    messages[0] = 0;
    CHECK(as_register_global_function(e, "void A4<T U>(const T&in)", AS_FN(describe), AS_CALL_GENERIC, NULL) == AS_INVALID_DECLARATION);
    CHECK(strstr(messages, "Expected '('\n0:0: Instead found '<'\n"));
    messages[0] = 0;
    CHECK(as_register_global_function(e, "void A12<T>(const T&in, U)", AS_FN(describe), AS_CALL_GENERIC, NULL) == AS_INVALID_DECLARATION);
    CHECK(strstr(messages, "Identifier 'U' is not a data type"));
    /* behaviours can't be templates: the engine calls them naming no subtypes */
    CHECK(as_register_object_behaviour(e, "Foo", AS_BEHAVE_CONSTRUCT, "void f<T>(const T&in)", AS_FN(describe), AS_CALL_GENERIC, NULL) ==
          AS_INVALID_DECLARATION);
    as_engine_destroy(e);
}

/* ===================================================================== calls */

static void test_calls(void)
{
    as_engine *e = make_engine();
    int before = as_engine_function_count(e);
    as_module *m = build("calls",
                         "class C { int x = 5; }\n"
                         "void main() {\n"
                         "  int i = Identity<int>(3);\n"
                         "  string s = Identity<string>('x');\n"
                         "  double d = Identity<double>(2.5);\n"
                         "  say('=' + i + s + d + ';');\n"
                         "  array<int> a = {1, 2, 3};\n"
                         "  Print<array<int>>(a);\n"
                         "  Print<int>(5);\n"
                         "  Print<string>('hey');\n"
                         "  Pair<int, string>(1, 'a');\n"
                         "  Foo f;\n"
                         "  int g = f.get<int>(9);\n"
                         "  say('g=' + g + ';');\n"
                         "  say('count=' + Count<double>() + ';');\n"
                         "  C c;\n"
                         "  C@ h = Identity<C@>(c);\n"
                         "  say('h.x=' + h.x + ';');\n"
                         "  const int k = Identity<const int>(4);\n"
                         "  Print<C>(c);\n"
                         "}\n");
    REQUIRE(m);
    CHECK(run(m));
    CHECK(STREQ(log_text,
                "[int Identity(const int&in)][string Identity(const string&in)][double Identity(const double&in)]=3x2.5;"
                "array of 3;int 5;string hey;"
                "void Pair(const int&in, const string&in)<int,string> args 2;"
                "int Foo::get(const int&in)<int> args 1 on object;g=42;"
                "int Count()<double> args 0;count=42;"
                "[C@ Identity(C@const&in)]h.x=5;"
                "[const int Identity(const int&in)]C;"));
    /* the instances are listed nowhere, and shared */
    CHECK(as_engine_function_count(e) == before);
    as_module *m2 = build("again", "void main() { Identity<int>(1); Print<int>(2); Count<double>(); }");
    REQUIRE(m2);
    CHECK(run(m2));
    CHECK(STREQ(log_text, "[int Identity(const int&in)]int 2;int Count()<double> args 0;"));
    as_engine_destroy(e);
}

/* What the host function learns, read from inside the call. */
static int seen_ids[4];
static as_type *seen_types[4];
static const char *seen_decl;
static int seen_kind, seen_out_of_range;
static void learn(as_generic *g)
{
    as_function *f = as_generic_function(g);
    for (int i = 0; i < 2; i++) {
        seen_ids[i] = as_function_subtype_id(f, i);
        seen_types[i] = as_function_subtype(f, i);
    }
    seen_out_of_range = as_function_subtype_id(f, 2);
    seen_kind = as_function_kind(f);
    seen_decl = as_function_declaration(f, true, true, true);
}

static void test_subtypes_seen(void)
{
    as_engine *e = make_engine();
    REQUIRE(as_register_global_function(e, "void Learn<A,B>(const A &in a, B b)", AS_FN(learn), AS_CALL_GENERIC, NULL) > 0);
    as_module *m = build("learn", "class C {} void main() { C c; Learn<int, C@>(1, c); }");
    REQUIRE(m);
    CHECK(run(m));
    CHECK(seen_ids[0] == AS_TYPEID_INT32);
    CHECK(seen_types[0] == NULL);
    int ctid = as_module_type_id_by_decl(m, "C");
    CHECK(seen_ids[1] == (ctid | AS_TYPEID_OBJHANDLE));
    CHECK(seen_types[1] && STREQ(as_type_name(seen_types[1]), "C"));
    CHECK(seen_out_of_range == AS_INVALID_ARG);
    CHECK(seen_kind == AS_FUNC_SYSTEM);
    CHECK(STREQ(seen_decl, "void Learn(const int&in a, C@ b)"));
    as_engine_destroy(e);
}

static void test_overloads_and_forms(void)
{
    as_engine *e = make_engine();
    as_module *m = build("forms",
                         "void main() {\n"
                         "  Var<int>(1, 2, 3);\n"
                         "  Def<int>(1);\n"
                         "  array<float> a = {1};\n"
                         "  Arr<float>(a);\n"
                         "  ns::Nsf<int>(1);\n"
                         "  Ov<float>(1);\n"           /* the instance and Ov(float) both take it */
                         "  Ov<string>(2.5f);\n"       /* only Ov(float) does */
                         "  Dup3<int>;\n"
                         "}\n");
    CHECK(m == NULL);   /* `Dup3<int>;` is no call */
    CHECK(strstr(messages, "9:12: Expected '('\n9:12: Instead found ';'\n"));
    m = build("forms",
              "void main() {\n"
              "  Var<int>(1, 2, 3);\n"
              "  Def<int>(1);\n"
              "  array<float> a = {1};\n"
              "  Arr<float>(a);\n"
              "  ns::Nsf<int>(1);\n"
              "  Ov<string>(2.5f);\n"
              "  Foo f;\n"
              "  int v = 1;\n"
              "  bool r = v < 2;\n"       /* names no template function: a comparison */
              "}\n");
    REQUIRE(m);
    CHECK(run(m));
    CHECK(STREQ(log_text,
                "void Var(const int&in...)<int> args 3;"
                "void Def(const int&in, int = 3)<int> args 2;"
                "void Arr(const float[]&in)<float> args 1;"
                "void ns::Nsf(const int&in)<int> args 1;"
                "void Ov(float)<> args 1;"));
    as_engine_destroy(e);
}

/* ===================================================================== errors */

static void test_errors(void)
{
    as_engine *e = make_engine();
    CHECK(STREQ(errors_of("void main() {\n  int a = Identity(3);\n}"), "2:19: Template 'Identity' expects 1 sub type(s)\n"));
    CHECK(STREQ(errors_of("void main() {\n  int b = Identity<int, int>(3);\n}"), "2:20: Template 'Identity' expects 1 sub type(s)\n"));
    CHECK(STREQ(errors_of("void main() {\n  int f = Count();\n}"), "2:16: Template 'Count' expects 1 sub type(s)\n"));
    CHECK(STREQ(errors_of("void main() {\n  Pair<int>(1, 2);\n}"), "2:8: Template 'Pair' expects 2 sub type(s)\n"));
    CHECK(STREQ(errors_of("void main() {\n  Foo f;\n  f.get(9);\n}"), "3:8: Template 'get' expects 1 sub type(s)\n"));
    CHECK(STREQ(errors_of("void main() {\n  Foo f;\n  f.get<int,int>(9);\n}"), "3:9: Template 'get' expects 1 sub type(s)\n"));
    /* templates of one name with different counts: the first that differs is reported */
    CHECK(STREQ(errors_of("void main() {\n  Dup3<int>(1);\n  Dup3<int,float>(1, 2);\n}"),
                "2:8: Template 'Dup3' expects 2 sub type(s)\n3:8: Template 'Dup3' expects 1 sub type(s)\n"));
    /* a non-template of the name doesn't spare a call without subtypes */
    CHECK(STREQ(errors_of("void main() {\n  Ov(1);\n}"), "2:5: Template 'Ov' expects 1 sub type(s)\n"));
    /* the arguments don't match the instance (the reference also prints "Candidates are:") */
    const char *msg = errors_of("void main() {\n  int c = Identity<int>('x');\n}");
    CHECK(strstr(msg, "2:11: No matching signatures to 'Identity(const string)'\n"));
    CHECK(strstr(msg, "2:11: int Identity(const int&in)\n"));
    msg = errors_of("void main() {\n  Foo f;\n  f.get<string>(9);\n}");
    CHECK(strstr(msg, "3:5: No matching signatures to 'Foo::get(const int)'\n"));
    CHECK(strstr(msg, "3:5: string Foo::get(const string&in)\n"));
    msg = errors_of("void main() {\n  Identity<void>(3);\n}");
    CHECK(strstr(msg, "2:3: No matching signatures to 'Identity(const int)'\n"));
    CHECK(strstr(msg, "2:3: void Identity(const void&in)\n"));
    /* subtypes that are no types: the reference's parser reports them */
    CHECK(STREQ(errors_of("void main() {\n  int e = Identity<nosuch>(3);\n}"),
                "2:20: Identifier 'nosuch' is not a data type\n2:20: Expected '('\n2:20: Instead found identifier 'nosuch'\n"));
    CHECK(STREQ(errors_of("void main() {\n  Print<nosuch@>(null);\n}"),
                "2:9: Identifier 'nosuch' is not a data type\n2:9: Expected '('\n2:9: Instead found identifier 'nosuch'\n"));
    CHECK(STREQ(errors_of("void main() {\n  Print<array<nosuch>>(null);\n}"),
                "2:15: Identifier 'nosuch' is not a data type\n2:14: Expected '('\n2:14: Instead found '<'\n"));
    CHECK(STREQ(errors_of("void main() {\n  Print<array<array<nosuch>>>(1);\n}"),
                "2:21: Identifier 'nosuch' is not a data type\n2:14: Expected '('\n2:14: Instead found '<'\n"));
    CHECK(STREQ(errors_of("void main() {\n  Print< array < nosuch > >(1);\n}"),
                "2:18: Identifier 'nosuch' is not a data type\n2:16: Expected '('\n2:16: Instead found '<'\n"));
    /* a scoped name: at the name itself, after the scope */
    CHECK(STREQ(errors_of("void main() {\n  Print<string::x>(1);\n}"),
                "2:17: Identifier 'x' is not a data type\n2:17: Expected '('\n2:17: Instead found identifier 'x'\n"));
    CHECK(STREQ(errors_of("void main() {\n  Print<array<nons::x>>(1);\n}"),
                "2:21: Identifier 'x' is not a data type\n2:14: Expected '('\n2:14: Instead found '<'\n"));
    CHECK(STREQ(errors_of("void main() {\n  Pair<int, nosuch>(1, 2);\n}"),
                "2:13: Identifier 'nosuch' is not a data type\n2:13: Expected '('\n2:13: Instead found identifier 'nosuch'\n"));
    CHECK(STREQ(errors_of("void main() {\n  int d = Identity<>(3);\n}"),
                "2:20: Expected data type\n2:20: Instead found '>'\n2:20: Expected '('\n2:20: Instead found '>'\n"));
    CHECK(STREQ(errors_of("void main() {\n  Print<auto>(1);\n}"),
                "2:9: Auto is not allowed here\n2:9: Expected '('\n2:9: Instead found reserved keyword 'auto'\n"));
    CHECK(STREQ(errors_of("void main() {\n  Print<int &>(1);\n}"), "2:8: Expected '('\n2:8: Instead found '<'\n"));
    /* a name of a template function opens subtypes, even where a variable has the name */
    CHECK(STREQ(errors_of("void main() {\n  int Identity = 1;\n  bool r = Identity < 2;\n}"),
                "3:23: Expected data type\n3:23: Instead found '<integer constant>'\n3:23: Expected '('\n"
                "3:23: Instead found '<integer constant>'\n"));
    /* subtypes that are types, but wrong: one message, then the arguments are compiled */
    CHECK(STREQ(errors_of("void main() {\n  Print<array>(1);\n}"), "2:9: Template 'array' expects 1 sub type(s)\n"));
    CHECK(STREQ(errors_of("void main() {\n  Print<Foo@>(1);\n}"), "2:12: Object handle is not supported for this type\n"));
    CHECK(STREQ(errors_of("void main() {\n  Identity<Foo@>(undefinedVar);\n  Identity<int,int>(undefinedVar);\n}"),
                "2:15: Object handle is not supported for this type\n2:18: No matching symbol 'undefinedVar'\n"
                "3:12: Template 'Identity' expects 1 sub type(s)\n"));
    /* script functions can't be templates */
    CHECK(strstr(errors_of("T Mine<T>(T a) { return a; }\nvoid main() {}"), "1:7: Expected '('\n1:7: Instead found '<'\n"));
    as_engine_destroy(e);
}

/* ===================================================================== bytecode */

static const char *saved_code =
    "class C { int x = 5; }\n"
    "void main() {\n"
    "  int i = Identity<int>(3);\n"
    "  string s = Identity<string>('x');\n"
    "  Print<array<int>>({1, 2});\n"
    "  Foo f;\n"
    "  say('=' + i + s + f.get<int>(1) + ';');\n"
    "  C c;\n"
    "  say('x=' + Identity<C@>(c).x + ';');\n"
    "}\n";

static void test_bytecode(void)
{
    as_engine *e = make_engine();
    as_module *m = build("saved", saved_code);
    REQUIRE(m);
    CHECK(run(m));
    char expected[sizeof log_text];
    snprintf(expected, sizeof expected, "%s", log_text);
    CHECK(STREQ(expected, "[int Identity(const int&in)][string Identity(const string&in)]array of 2;"
                          "int Foo::get(const int&in)<int> args 1 on object;=3x42;[C@ Identity(C@const&in)]x=5;"));
    void *data = NULL;
    size_t size = 0;
    REQUIRE(as_module_save_bytecode_to_memory(m, false, &data, &size) >= 0);
    /* into the same engine: the same instances */
    as_module *m2 = as_engine_get_module(e, "loaded", AS_GM_ALWAYS_CREATE);
    CHECK(as_module_load_bytecode_from_memory(m2, data, size, NULL) >= 0);
    CHECK(run(m2));
    CHECK(STREQ(log_text, expected));
    as_engine_destroy(e);
    /* into a new engine with the same registrations: made again */
    e = make_engine();
    as_module *m3 = as_engine_get_module(e, "fresh", AS_GM_ALWAYS_CREATE);
    CHECK(as_module_load_bytecode_from_memory(m3, data, size, NULL) >= 0);
    CHECK(run(m3));
    CHECK(STREQ(log_text, expected));
    as_engine_destroy(e);
    /* into an engine without the template: refused, with a message */
    e = as_engine_create();
    as_engine_set_message_callback(e, on_message, NULL);
    as_register_string(e);
    as_register_array(e, true);
    messages[0] = 0;
    as_module *m4 = as_engine_get_module(e, "missing", AS_GM_ALWAYS_CREATE);
    CHECK(as_module_load_bytecode_from_memory(m4, data, size, NULL) < 0);
    CHECK(strstr(messages, "is not registered"));
    as_engine_destroy(e);
    as_free_mem(data);
}

/* ===================================================================== lifetimes */

static void test_lifetimes(void)
{
    as_engine *e = make_engine();
    as_module *m = build("classes", "class C {} void main() { C c; Identity<C@>(c); Identity<int>(1); }");
    REQUIRE(m);
    CHECK(run(m));
    /* the instances are found through the generic call's log: look them up by id instead */
    int class_inst = -1, int_inst = -1;
    for (int id = 0; id < 4096; id++) {
        as_function *f = as_engine_function_by_id(e, id);
        if (!f || strcmp(as_function_name(f), "Identity") || as_function_kind(f) != AS_FUNC_SYSTEM) continue;
        if (as_function_subtype_id(f, 0) == AS_TYPEID_INT32) int_inst = id;
        else class_inst = id;
    }
    CHECK(class_inst > 0 && int_inst > 0);
    as_module_discard(m);
    as_engine_garbage_collect(e, AS_GC_FULL_CYCLE, 1);
    /* the one made of the module's class went with it; the other stays for the next module */
    CHECK(as_engine_function_by_id(e, class_inst) == NULL);
    CHECK(as_engine_function_by_id(e, int_inst) != NULL);
    as_engine_destroy(e);

    /* a configuration group's template function takes its instances along */
    e = make_engine();
    REQUIRE(as_engine_begin_config_group(e, "plugin") >= 0);
    int tid = as_register_global_function(e, "T Twice<T>(const T &in)", AS_FN(identity), AS_CALL_GENERIC, NULL);
    REQUIRE(tid > 0);
    REQUIRE(as_engine_end_config_group(e) >= 0);
    CHECK(STREQ(as_function_config_group(as_engine_function_by_id(e, tid)), "plugin"));
    m = build("plugin", "void main() { Twice<int>(1); }");
    REQUIRE(m);
    CHECK(run(m));
    int inst = -1;
    for (int id = 0; id < 4096; id++) {
        as_function *f = as_engine_function_by_id(e, id);
        if (f && STREQ(as_function_name(f), "Twice") && as_function_kind(f) == AS_FUNC_SYSTEM) inst = id;
    }
    CHECK(inst > 0);
    CHECK(STREQ(as_function_config_group(as_engine_function_by_id(e, inst)), "plugin"));
    CHECK(as_engine_remove_config_group(e, "plugin") == AS_CONFIG_GROUP_IS_IN_USE);
    as_module_discard(m);
    as_engine_garbage_collect(e, AS_GC_FULL_CYCLE, 1);
    CHECK(as_engine_remove_config_group(e, "plugin") == AS_SUCCESS);
    CHECK(as_engine_function_by_id(e, tid) == NULL);
    CHECK(as_engine_function_by_id(e, inst) == NULL);
    /* and the name is free for the next one */
    CHECK(as_register_global_function(e, "T Twice<T>(const T &in)", AS_FN(identity), AS_CALL_GENERIC, NULL) > 0);
    CHECK(build("plugin2", "void main() { Twice<int>(1); }") != NULL);
    as_engine_destroy(e);
}

/* ===================================================================== listings */

static void test_config_writer(void)
{
    as_engine *e = make_engine();
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    REQUIRE(out);
    CHECK(as_write_config(e, out) >= 0);
    fclose(out);
    /* as the reference's WriteConfigToStream writes them */
    CHECK(strstr(text, "func \"T Identity<T>(const T&in)\"\n"));
    CHECK(strstr(text, "func \"void Pair<K,V>(const K&in, const V&in)\"\n"));
    CHECK(strstr(text, "objmthd \"Foo\" \"T get<T>(const T&in)\"\n"));
    CHECK(strstr(text, "namespace \"ns\"\nfunc \"void Nsf<T>(const T&in)\"\n"));
    free(text);
    as_engine_destroy(e);
}

int main(void)
{
    group_alarm = 60;
    group("registration", test_registration);
    group("calls", test_calls);
    group("subtypes_seen", test_subtypes_seen);
    group("overloads_and_forms", test_overloads_and_forms);
    group("errors", test_errors);
    group("bytecode", test_bytecode);
    group("lifetimes", test_lifetimes);
    group("config_writer", test_config_writer);
    if (failures) fprintf(stderr, "template_functions: %d failure(s)\n", failures);
    return failures ? 1 : 0;
}
