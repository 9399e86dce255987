/* Checklist B7/B9/B12 (introspection): the listing functions the other API tests leave out:
 *  - what the host registered: as_engine_type_count / as_engine_type_by_index (object types,
 *    templates, enums, funcdefs, in registration order), as_engine_global_property_count /
 *    as_engine_global_property (name, namespace, type id, constness, address);
 *  - a type's constructors / factories: as_type_factory_count / as_type_factory_by_index;
 *    child funcdefs of a registered type (as_type_child_funcdef);
 *  - a module's declarations: as_module_type_count / as_module_type_by_index, as_type_base of a
 *    derived script class, as_module_global (name, namespace, type id, constness),
 *    as_module_set_default_namespace / as_module_get_default_namespace and lookups by name
 *    through it; as_module_disassemble writing something for a built module.
 *
 * CHECK prints file:line and the condition and marks the test failed (exit 1 at the end);
 * REQUIRE exits at once. */
#define _POSIX_C_SOURCE 200809L
#include "angelc.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

static void on_message(const as_message *m, void *user)
{
    (void)user;
    if (m->type == AS_MSG_ERROR) fprintf(stderr, "  [message] %s:%d:%d: %s\n", m->section, m->row, m->col, m->message);
}

static void dummy(as_generic *g) { (void)g; }
static int objs;
static void ref_factory(as_generic *g) { as_generic_set_return_address(g, &objs); }

static int g_count = 3;
static const double g_pi = 3.25;

static void test_engine_lists(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e != NULL);
    as_engine_set_message_callback(e, on_message, NULL);
    CHECK(as_engine_type_count(e) == 0);
    CHECK(as_engine_global_property_count(e) == 0);

    REQUIRE(as_register_object_type(e, "Vec", 8, AS_OBJ_VALUE | AS_OBJ_POD) > 0);
    REQUIRE(as_register_object_type(e, "Res", 0, AS_OBJ_REF | AS_OBJ_NOCOUNT) > 0);
    REQUIRE(as_register_enum(e, "Color") >= 0);
    REQUIRE(as_register_enum_value(e, "Color", "Red", 1) >= 0);
    REQUIRE(as_register_funcdef(e, "void Callback(int)") >= 0);
    REQUIRE(as_register_funcdef(e, "bool Res::Filter(int)") >= 0);        /* a child funcdef */
    CHECK(as_register_object_behaviour(e, "Vec", AS_BEHAVE_CONSTRUCT, "void f()", AS_FN(dummy), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_behaviour(e, "Vec", AS_BEHAVE_CONSTRUCT, "void f(float, float)", AS_FN(dummy), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_behaviour(e, "Res", AS_BEHAVE_FACTORY, "Res@ f()", AS_FN(ref_factory), AS_CALL_GENERIC, NULL) >= 0);
    REQUIRE(as_engine_set_default_namespace(e, "cfg") == AS_SUCCESS);
    CHECK(as_register_global_property(e, "int count", &g_count) >= 0);
    REQUIRE(as_engine_set_default_namespace(e, "") == AS_SUCCESS);
    CHECK(as_register_global_property(e, "const double pi", (void *)&g_pi) >= 0);

    /* the registered types, in registration order */
    int n = as_engine_type_count(e);
    CHECK(n >= 4);
    const char *want[] = {"Vec", "Res", "Color", "Callback"};
    int found = 0;
    for (int i = 0; i < n; i++) {
        as_type *t = as_engine_type_by_index(e, i);
        CHECK(t != NULL);
        if (t && found < 4 && STREQ(as_type_name(t), want[found])) found++;
    }
    CHECK(found == 4);
    CHECK(as_engine_type_by_index(e, n) == NULL);
    CHECK(as_engine_type_by_index(e, -1) == NULL);
    as_type *color = as_engine_type_by_name(e, "Color");
    CHECK(color && (as_type_flags(color) & AS_OBJ_ENUM));
    as_type *cb = as_engine_type_by_name(e, "Callback");
    CHECK(cb && (as_type_flags(cb) & AS_OBJ_FUNCDEF));

    /* global properties */
    CHECK(as_engine_global_property_count(e) == 2);
    const char *name = NULL, *ns = NULL;
    int tid = -1;
    bool is_const = true;
    void *addr = NULL;
    CHECK(as_engine_global_property(e, 0, &name, &ns, &tid, &is_const, &addr) >= 0);
    CHECK(STREQ(name, "count"));
    CHECK(STREQ(ns, "cfg"));
    CHECK(tid == AS_TYPEID_INT32);
    CHECK(!is_const);
    CHECK(addr == &g_count);
    CHECK(as_engine_global_property(e, 1, &name, &ns, &tid, &is_const, &addr) >= 0);
    CHECK(STREQ(name, "pi"));
    CHECK(STREQ(ns, ""));
    CHECK(tid == AS_TYPEID_DOUBLE);
    CHECK(is_const);
    CHECK(addr == (void *)&g_pi);
    CHECK(as_engine_global_property(e, 1, NULL, NULL, NULL, NULL, NULL) >= 0);   /* outputs may be NULL */
    CHECK(as_engine_global_property(e, 2, &name, NULL, NULL, NULL, NULL) < 0);
    CHECK(as_engine_global_property(e, -1, &name, NULL, NULL, NULL, NULL) < 0);

    /* constructors and factories */
    as_type *vec = as_engine_type_by_name(e, "Vec"), *res = as_engine_type_by_name(e, "Res");
    REQUIRE(vec && res);
    CHECK(as_type_factory_count(vec) == 2);
    CHECK(as_type_factory_count(res) == 1);
    as_function *f0 = as_type_factory_by_index(res, 0);
    CHECK(f0 != NULL);
    if (f0) CHECK(as_function_return_type_id(f0, NULL) == (as_type_id(res) | AS_TYPEID_OBJHANDLE));
    int two_params = 0;
    for (int i = 0; i < as_type_factory_count(vec); i++) {
        as_function *c = as_type_factory_by_index(vec, i);
        CHECK(c != NULL);
        if (c && as_function_param_count(c) == 2) two_params++;
    }
    CHECK(two_params == 1);
    CHECK(as_type_factory_by_index(res, 1) == NULL);

    /* the child funcdef */
    CHECK(as_type_child_funcdef_count(res) == 1);
    as_type *filter = as_type_child_funcdef(res, 0);
    CHECK(filter != NULL);
    if (filter) {
        CHECK(STREQ(as_type_name(filter), "Filter"));
        as_function *sig = as_type_funcdef_signature(filter);
        CHECK(sig && as_function_param_count(sig) == 1);
    }
    CHECK(as_type_child_funcdef(res, 1) == NULL);
    as_engine_destroy(e);
}

static void test_module_lists(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e != NULL);
    as_engine_set_message_callback(e, on_message, NULL);
    const char *code =
        "interface IShape { int area(); }\n"
        "class Base { int id = 1; }\n"
        "class Square : Base, IShape { int side = 3; int area() { return side * side; } }\n"
        "enum Dir { North, South }\n"
        "funcdef int Op(int);\n"
        "namespace tools { int helper() { return 5; } const int limit = 9; }\n"
        "int counter = 4;\n"
        "int main() { Square s; return s.area() + tools::helper(); }\n";
    as_module *m = as_engine_get_module(e, "mod", AS_GM_ALWAYS_CREATE);
    REQUIRE(m != NULL);
    REQUIRE(as_module_add_section(m, "mod.as", code, strlen(code), 0) >= 0);
    REQUIRE(as_module_build(m) >= 0);

    /* declared types */
    int n = as_module_type_count(m);
    CHECK(n >= 5);
    bool seen_iface = false, seen_base = false, seen_square = false, seen_dir = false, seen_op = false;
    for (int i = 0; i < n; i++) {
        as_type *t = as_module_type_by_index(m, i);
        CHECK(t != NULL);
        if (!t) continue;
        const char *tn = as_type_name(t);
        if (STREQ(tn, "IShape")) seen_iface = true;
        if (STREQ(tn, "Base")) seen_base = true;
        if (STREQ(tn, "Square")) seen_square = true;
        if (STREQ(tn, "Dir")) seen_dir = (as_type_flags(t) & AS_OBJ_ENUM) != 0;
        if (STREQ(tn, "Op")) seen_op = (as_type_flags(t) & AS_OBJ_FUNCDEF) != 0;
    }
    CHECK(seen_iface && seen_base && seen_square && seen_dir && seen_op);
    CHECK(as_module_type_by_index(m, n) == NULL);

    as_type *square = as_module_type_by_name(m, "Square"), *base = as_module_type_by_name(m, "Base");
    REQUIRE(square && base);
    CHECK(as_type_base(square) == base);
    CHECK(as_type_base(base) == NULL);
    CHECK(as_type_flags(square) & AS_OBJ_SCRIPT_OBJECT);

    /* globals with namespace, type and constness */
    CHECK(as_module_global_count(m) == 2);
    bool seen_counter = false, seen_limit = false;
    for (int i = 0; i < as_module_global_count(m); i++) {
        const char *name = NULL, *ns = NULL;
        int tid = -1;
        bool is_const = false;
        CHECK(as_module_global(m, i, &name, &ns, &tid, &is_const) >= 0);
        if (STREQ(name, "counter")) seen_counter = STREQ(ns, "") && tid == AS_TYPEID_INT32 && !is_const;
        if (STREQ(name, "limit")) seen_limit = STREQ(ns, "tools") && tid == AS_TYPEID_INT32 && is_const;
    }
    CHECK(seen_counter && seen_limit);
    CHECK(as_module_global(m, 2, NULL, NULL, NULL, NULL) < 0);

    /* the module's default namespace steers lookups by name */
    CHECK(STREQ(as_module_get_default_namespace(m), ""));
    CHECK(as_module_function_by_name(m, "helper") == NULL);
    CHECK(as_module_set_default_namespace(m, "tools") >= 0);
    CHECK(STREQ(as_module_get_default_namespace(m), "tools"));
    CHECK(as_module_function_by_name(m, "helper") != NULL);
    CHECK(as_module_global_index_by_name(m, "limit") >= 0);
    CHECK(as_module_set_default_namespace(m, "") >= 0);
    CHECK(STREQ(as_module_get_default_namespace(m), ""));

    /* the disassembly lists the module's code */
    FILE *tmp = tmpfile();
    if (tmp) {
        CHECK(as_module_disassemble(m, tmp) >= 0);
        CHECK(ftell(tmp) > 0);
        fclose(tmp);
    }
    as_engine_destroy(e);
}

int main(void)
{
    test_engine_lists();
    test_module_lists();
    if (failures) fprintf(stderr, "checklist_introspection: %d check(s) failed\n", failures);
    return failures ? 1 : 0;
}
