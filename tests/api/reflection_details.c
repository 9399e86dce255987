/* The rest of the reflection a host, an editor or a serialiser uses (checklist B7/B8/B9/B12),
 * each result as AngelScript 2.35.1 gives it (measured with the reference library):
 *   - registered global properties by name and by declaration, typedefs of engine and module;
 *   - a module's global variables by declaration (constness must match), its types by
 *     declaration ("D@", "array<D@>", "A::C"), its renaming;
 *   - function traits (protected, explicit), owner names, delegates' parts, default arguments,
 *     local variables with their declarations, compatibility with a funcdef, configuration
 *     group and access mask;
 *   - type traits: factories by declaration, property flags, declaring module, config group,
 *     the parent of a child funcdef, the behaviours;
 *   - user data on script objects (with a cleanup when the object goes) and objects created
 *     without running their constructor. */
#include "angelc.h"
#include "angelc_addons.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static void on_message(const as_message *m, void *u) { (void)u; fprintf(stderr, "  [message] %s:%d:%d: %s\n", m->section, m->row, m->col, m->message); }

static int g_prop = 3;
static float g_f = 1;

static const char *code =
    "namespace A { int x = 1; class C {} }\n"
    "int y = 2; const double z = 3;\n"
    "class Base { protected void prot() {} private void priv() {} }\n"
    "class D : Base { int n = 5; D() { n = 6; } D(int) explicit {} int m(int a) { return a; } }\n"
    "funcdef int CB(int, string);\n"
    "typedef int myint;\n"
    "int f(int a, string b) { double q = 1; return a; }\n"
    "int g(int a = 7, const string &in s = \"hi\") { int loc = a; { float inner = 1; } for (int i = 0; i < 1; i++) {} D@ h; return loc; }\n"
    "class P { int a; private int b; protected double c; } class Q : P { int d; }\n";

static as_engine *E;
static as_module *M;

static void setup(void)
{
    E = as_engine_create();
    REQUIRE(E != NULL);
    as_engine_set_message_callback(E, on_message, NULL);
    as_register_string(E);
    as_register_array(E, true);
    REQUIRE(as_register_global_property(E, "int g_prop", &g_prop) >= 0);
    as_engine_set_default_namespace(E, "ns");
    REQUIRE(as_register_global_property(E, "float g_f", &g_f) >= 0);
    as_engine_set_default_namespace(E, "");
    REQUIRE(as_register_typedef(E, "real", "double") >= 0);
    M = as_engine_get_module(E, "m", AS_GM_ALWAYS_CREATE);
    REQUIRE(as_module_add_section(M, "s", code, strlen(code), 0) >= 0);
    REQUIRE(as_module_build(M) >= 0);
}

static void g_engine_lookups(void)
{
    setup();
    CHECK(as_engine_global_property_index_by_name(E, "g_prop") == 0);
    CHECK(as_engine_global_property_index_by_name(E, "g_f") == AS_NO_GLOBAL_VAR);
    CHECK(as_engine_global_property_index_by_name(E, "ns::g_f") == 1);
    CHECK(as_engine_global_property_index_by_name(E, "nope") == AS_NO_GLOBAL_VAR);
    CHECK(as_engine_global_property_index_by_decl(E, "int g_prop") == 0);
    CHECK(as_engine_global_property_index_by_decl(E, "float ns::g_f") == 1);
    CHECK(as_engine_global_property_index_by_decl(E, "float g_prop") == AS_NO_GLOBAL_VAR);
    CHECK(as_engine_global_property_index_by_decl(E, "int int") == AS_INVALID_DECLARATION);
    CHECK(as_engine_typedef_count(E) == 1);
    const char *name = NULL;
    int tid = -1;
    CHECK(as_engine_typedef(E, 0, &name, NULL, &tid) == AS_SUCCESS && STREQ(name, "real") && tid == AS_TYPEID_DOUBLE);
    CHECK(as_engine_typedef(E, 1, &name, NULL, &tid) == AS_INVALID_ARG);
    as_engine_destroy(E);
}

static void g_module_lookups(void)
{
    setup();
    CHECK(as_module_global_index_by_decl(M, "int y") == 1);
    CHECK(as_module_global_index_by_decl(M, "int A::x") == 0);
    CHECK(as_module_global_index_by_decl(M, "const double z") == 2);
    CHECK(as_module_global_index_by_decl(M, "double z") == AS_NO_GLOBAL_VAR);
    CHECK(as_module_global_index_by_decl(M, "int z") == AS_NO_GLOBAL_VAR);
    CHECK(as_module_global_index_by_decl(M, "int x") == AS_NO_GLOBAL_VAR);
    int d = as_module_type_id_by_decl(M, "D");
    CHECK(d > 0 && (d & AS_TYPEID_SCRIPTOBJECT));
    CHECK(as_module_type_id_by_decl(M, "D@") == (d | AS_TYPEID_OBJHANDLE));
    CHECK(as_module_type_id_by_decl(M, "int") == AS_TYPEID_INT32);
    CHECK(as_module_type_id_by_decl(M, "nope") == AS_INVALID_TYPE);
    CHECK(as_module_type_id_by_decl(M, "array<D@>") > 0);
    CHECK(as_engine_type_id_by_decl(E, "D") == AS_INVALID_TYPE);   /* the engine sees no script types */
    as_type *D = as_module_type_by_decl(M, "D");
    CHECK(D && STREQ(as_type_name(D), "D"));
    CHECK(as_module_type_by_decl(M, "D@") == D);
    as_type *C = as_module_type_by_decl(M, "A::C");
    CHECK(C && STREQ(as_type_name(C), "C"));
    CHECK(as_module_typedef_count(M) == 1);
    const char *name = NULL;
    int tid = -1;
    CHECK(as_module_typedef(M, 0, &name, NULL, &tid) == AS_SUCCESS && STREQ(name, "myint") && tid == AS_TYPEID_INT32);
    /* a module loaded from bytecode lists them too */
    void *data = NULL;
    size_t size = 0;
    REQUIRE(as_module_save_bytecode_to_memory(M, true, &data, &size) == AS_SUCCESS);
    as_module *L = as_engine_get_module(E, "loaded", AS_GM_ALWAYS_CREATE);
    CHECK(as_module_load_bytecode_from_memory(L, data, size, NULL) == AS_SUCCESS);
    as_free_mem(data);
    name = NULL;
    CHECK(as_module_typedef_count(L) == 1 && as_module_typedef(L, 0, &name, NULL, &tid) == AS_SUCCESS && STREQ(name, "myint"));
    CHECK(as_module_type_id_by_decl(L, "myint") == AS_TYPEID_INT32);
    CHECK(as_module_set_name(M, "renamed") == AS_SUCCESS && STREQ(as_module_name(M), "renamed"));
    CHECK(as_engine_get_module(E, "renamed", AS_GM_ONLY_IF_EXISTS) == M);
    CHECK(as_engine_get_module(E, "m", AS_GM_ONLY_IF_EXISTS) == NULL);
    as_engine_destroy(E);
}

static void g_function_traits(void)
{
    setup();
    as_type *B = as_module_type_by_name(M, "Base"), *D = as_module_type_by_name(M, "D");
    REQUIRE(B && D);
    as_function *prot = as_type_method_by_name(B, "prot"), *priv = as_type_method_by_name(B, "priv");
    CHECK(prot && as_function_is_protected(prot) && !as_function_is_private(prot));
    CHECK(priv && as_function_is_private(priv) && !as_function_is_protected(priv));
    as_function *f0 = as_type_factory_by_decl(D, "D@ D()"), *f1 = as_type_factory_by_decl(D, "D@ D(int)");
    CHECK(f0 && !as_function_is_explicit(f0));
    CHECK(f1 && as_function_is_explicit(f1));
    CHECK(as_type_factory_by_decl(D, "D D(int)") == NULL);
    as_function *m = as_type_method_by_name(D, "m");
    as_function *f = as_module_function_by_name(M, "f");
    REQUIRE(m && f);
    CHECK(STREQ(as_function_module_name(f), "m"));
    CHECK(STREQ(as_function_object_name(m), "D"));
    CHECK(as_function_object_name(f) == NULL);
    int cb = as_module_type_id_by_decl(M, "CB@");
    CHECK(as_function_is_compatible_with_type_id(f, cb));
    CHECK(as_function_is_compatible_with_type_id(f, as_module_type_id_by_decl(M, "CB")));
    CHECK(!as_function_is_compatible_with_type_id(f, AS_TYPEID_INT32));
    CHECK(!as_function_is_compatible_with_type_id(m, cb));
    CHECK(as_function_config_group(f) == NULL);
    CHECK(as_function_access_mask(f) == 0xFFFFFFFFu);
    CHECK(as_function_delegate_object(f) == NULL && as_function_delegate_function(f) == NULL && as_function_delegate_object_type(f) == NULL);
    void *obj = as_engine_create_object(E, as_type_id(D));
    REQUIRE(obj != NULL);
    as_function *dg = as_engine_create_delegate(E, m, obj);
    CHECK(dg && as_function_delegate_object(dg) == obj && as_function_delegate_object_type(dg) == D && as_function_delegate_function(dg) == m);
    as_function_release(dg);
    as_engine_release_object(E, obj, as_type_id(D));
    as_engine_destroy(E);
}

static void g_function_vars(void)
{
    setup();
    as_function *g = as_module_function_by_name(M, "g"), *f = as_module_function_by_name(M, "f");
    REQUIRE(g && f);
    CHECK(STREQ(as_function_param_default(g, 0), "7"));
    CHECK(STREQ(as_function_param_default(g, 1), "\"hi\""));
    CHECK(as_function_param_default(f, 0) == NULL && as_function_param_default(g, 2) == NULL);
    static const char *decls[] = {"int a", "const string& s", "int loc", "float inner", "int i", "D@ h"};
    CHECK(as_function_var_count(g) == 6);
    for (int i = 0; i < 6 && i < as_function_var_count(g); i++) {
        const char *d = as_function_var_declaration(g, i);
        if (!STREQ(d, decls[i])) fprintf(stderr, "  var %d: '%s', expected '%s'\n", i, d ? d : "(null)", decls[i]);
        CHECK(STREQ(d, decls[i]));
    }
    const char *name = NULL;
    int tid = -1;
    CHECK(as_function_var(f, 1, &name, &tid) == AS_SUCCESS && STREQ(name, "b") && tid == as_engine_type_id_by_decl(E, "string"));
    CHECK(as_function_var(f, 2, &name, &tid) == AS_SUCCESS && STREQ(name, "q") && tid == AS_TYPEID_DOUBLE);
    CHECK(as_function_var(g, 99, &name, &tid) == AS_INVALID_ARG && as_function_var_declaration(g, 99) == NULL);
    as_engine_destroy(E);
}

static void g_type_traits(void)
{
    setup();
    as_type *Q = as_module_type_by_name(M, "Q"), *D = as_module_type_by_name(M, "D");
    REQUIRE(Q && D);
    static const char *names[] = {"a", "b", "c", "d"};
    static const bool priv[] = {false, true, false, false}, prot[] = {false, false, true, false};
    CHECK(as_type_property_count(Q) == 4);
    for (int i = 0; i < 4; i++) {
        const char *n = NULL;
        bool pr = !priv[i], pt = !prot[i], ref = true;
        uint32_t mask = 0;
        CHECK(as_type_property(Q, i, &n, NULL, NULL) == AS_SUCCESS && STREQ(n, names[i]));
        CHECK(as_type_property_traits(Q, i, &pr, &pt, &ref, &mask) == AS_SUCCESS);
        CHECK(pr == priv[i] && pt == prot[i] && !ref && mask == 0xFFFFFFFFu);
    }
    CHECK(as_type_property_traits(Q, 4, NULL, NULL, NULL, NULL) == AS_INVALID_ARG);
    CHECK(as_type_module(D) == M);
    as_type *str = as_engine_type_by_name(E, "string");
    CHECK(as_type_module(str) == NULL && as_type_config_group(str) == NULL && as_type_config_group(D) == NULL);
    as_type *arr = as_engine_type_by_name(E, "array");
    CHECK(as_type_parent_type(as_engine_type_by_decl(E, "array<int>")) == NULL);
    REQUIRE(arr && as_type_child_funcdef_count(arr) > 0);
    CHECK(as_type_parent_type(as_type_child_funcdef(arr, 0)) == arr);
    as_engine_destroy(E);
}

static bool has_behaviour(const as_type *t, as_behaviour want, int *count)
{
    *count = 0;
    for (int i = 0; i < as_type_behaviour_count(t); i++) {
        as_behaviour k;
        REQUIRE(as_type_behaviour_by_index(t, i, &k) != NULL);
        if (k == want) (*count)++;
    }
    return *count > 0;
}

static void g_behaviours(void)
{
    setup();
    as_type *D = as_module_type_by_name(M, "D");
    int n;
    CHECK(has_behaviour(D, AS_BEHAVE_CONSTRUCT, &n) && n == 2);   /* D() and D(int) */
    as_type *arr = as_engine_type_by_decl(E, "array<int>");
    REQUIRE(arr);
    CHECK(!has_behaviour(arr, AS_BEHAVE_CONSTRUCT, &n));          /* factories are listed apart */
    CHECK(has_behaviour(arr, AS_BEHAVE_LIST_FACTORY, &n) && n == 1);
    CHECK(has_behaviour(arr, AS_BEHAVE_ENUMREFS, &n) && has_behaviour(arr, AS_BEHAVE_RELEASEREFS, &n));
    as_type *str = as_engine_type_by_name(E, "string");
    CHECK(has_behaviour(str, AS_BEHAVE_CONSTRUCT, &n) && has_behaviour(str, AS_BEHAVE_DESTRUCT, &n) && n == 1);
    as_behaviour k = AS_BEHAVE_CONSTRUCT;
    CHECK(as_type_behaviour_by_index(str, as_type_behaviour_count(str), &k) == NULL && k == AS_BEHAVE_MAX);
    CHECK(as_type_behaviour_count(NULL) == 0);
    as_engine_destroy(E);
}

static int cleaned;
static void *cleaned_data;
static void on_cleanup(void *owner, void *data, uintptr_t key) { (void)owner; (void)key; cleaned++; cleaned_data = data; }

static void g_objects(void)
{
    setup();
    as_type *D = as_module_type_by_name(M, "D");
    REQUIRE(D);
    CHECK(as_engine_set_user_data_cleanup(E, AS_UD_OBJECT, 5, on_cleanup) == AS_SUCCESS);
    void *obj = as_engine_create_object(E, as_type_id(D));
    REQUIRE(obj);
    CHECK(*(int *)as_object_property_address(obj, 0) == 6);
    CHECK(as_object_get_user_data(obj, 5) == NULL);
    CHECK(as_object_set_user_data(obj, (void *)0x10, 5) == NULL);
    CHECK(as_object_get_user_data(obj, 5) == (void *)0x10);
    CHECK(as_object_set_user_data(obj, (void *)0x20, 5) == (void *)0x10);
    CHECK(as_object_get_user_data(obj, 6) == NULL);
    as_engine_release_object(E, obj, as_type_id(D));
    CHECK(cleaned == 1 && cleaned_data == (void *)0x20);

    /* no constructor ran: n is 0, not 5 (initialiser) or 6 (constructor) */
    void *u = as_engine_create_uninitialized_object(E, D);
    REQUIRE(u);
    CHECK(as_object_type(u) == D && *(int *)as_object_property_address(u, 0) == 0);
    as_engine_release_object(E, u, as_type_id(D));
    CHECK(as_engine_create_uninitialized_object(E, as_engine_type_by_name(E, "string")) == NULL);
    CHECK(as_engine_create_uninitialized_object(E, NULL) == NULL);
    as_engine_destroy(E);
}

int main(void)
{
    group("engine lookups", g_engine_lookups);
    group("module lookups", g_module_lookups);
    group("function traits", g_function_traits);
    group("function variables", g_function_vars);
    group("type traits", g_type_traits);
    group("behaviours", g_behaviours);
    group("objects", g_objects);
    return failures ? 1 : 0;
}
