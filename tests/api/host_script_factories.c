/* Factories of script classes, as a host following the manual uses them (issue 14): a type's
 * factories (as_type_factory_by_index / _by_decl) are global functions "Foo@ Foo(int)" with no
 * object type, that a context executes to get a new object from as_context_return_object or
 * as_context_address_of_return_value (the reference returned the constructor, which raised
 * "Null pointer access" when executed). What the reference 2.38 prints for the same calls:
 *   factories of `class Foo { Foo() {} Foo(int a) {} }`: "Foo@ Foo()", "Foo@ Foo(int)", kind 1
 *   (script), no object type, the module's name, the class's namespace, the constructor's
 *   section and line, private when the constructor is, found again by id;
 *   an exception in the constructor is the factory's execution's exception (and frees the object).
 * Interfaces have none. */
#include "angelc.h"
#include "angelc_addons.h"
#include <stdio.h>
#include <string.h>
#include "check.h"

static as_engine *engine;

static as_module *build(const char *code)
{
    as_module *m = as_engine_get_module(engine, "m", AS_GM_ALWAYS_CREATE);
    REQUIRE(as_module_add_section(m, "s", code, strlen(code), 0) >= 0);
    REQUIRE(as_module_build(m) >= 0);
    return m;
}

static void setup(void)
{
    engine = as_engine_create();
    REQUIRE(engine);
    REQUIRE(as_register_string(engine) >= 0);
    REQUIRE(as_register_exception_routines(engine) >= 0);
}

static void listing(void)
{
    setup();
    as_module *m = build("class Foo { int v; Foo() { v = 1; } Foo(int a) { v = a; } }\n"
                         "class P { private P() {} P(int) {} }\n"
                         "interface I {}\n"
                         "namespace ns { class Q { Q(const string &in s, int &out o) { o = int(s.length()); } } }\n");
    as_type *foo = as_module_type_by_name(m, "Foo");
    REQUIRE(foo);
    CHECK(as_type_factory_count(foo) == 2);
    as_function *f0 = as_type_factory_by_index(foo, 0), *f1 = as_type_factory_by_index(foo, 1);
    REQUIRE(f0 && f1);
    CHECK(STREQ(as_function_declaration(f0, true, false, false), "Foo@ Foo()"));
    CHECK(STREQ(as_function_declaration(f1, true, false, false), "Foo@ Foo(int)"));
    CHECK(as_function_kind(f1) == AS_FUNC_SCRIPT);
    CHECK(as_function_object_type(f1) == NULL);
    CHECK(STREQ(as_function_module_name(f1), "m"));
    CHECK(as_function_return_type_id(f1, NULL) == (as_type_id(foo) | AS_TYPEID_OBJHANDLE));
    CHECK(as_engine_function_by_id(engine, as_function_id(f1)) == f1);
    CHECK(as_type_factory_by_index(foo, 1) == f1);          /* the same function every time */
    CHECK(as_type_factory_by_decl(foo, "Foo @Foo(int)") == f1);
    CHECK(as_type_factory_by_decl(foo, "Foo @Foo()") == f0);
    CHECK(as_type_factory_by_decl(foo, "Foo @Foo(float)") == NULL);
    const char *sec = NULL;
    int row = 0;
    CHECK(as_function_declared_at(f1, &sec, &row, NULL) == AS_SUCCESS && STREQ(sec, "s") && row == 1);

    as_type *p = as_module_type_by_name(m, "P");
    CHECK(as_type_factory_count(p) == 2);
    CHECK(as_function_is_private(as_type_factory_by_index(p, 0)));
    CHECK(!as_function_is_private(as_type_factory_by_index(p, 1)));
    CHECK(as_type_factory_count(as_module_type_by_name(m, "I")) == 0);
    CHECK(as_type_factory_by_index(as_module_type_by_name(m, "I"), 0) == NULL);

    as_type *q = as_module_type_by_name(m, "ns::Q");
    REQUIRE(q && as_type_factory_count(q) == 1);
    as_function *fq = as_type_factory_by_index(q, 0);
    CHECK(STREQ(as_function_declaration(fq, true, true, true), "ns::Q@ ns::Q(const string&in s, int&out o)"));
    CHECK(STREQ(as_function_namespace(fq), "ns"));
    as_engine_destroy(engine);
}

static void executing(void)
{
    setup();
    as_module *m = build("int made = 0, freed = 0;\n"
                         "class Foo { int v; Foo() { v = 1; made++; } Foo(int a) { v = a; made++; } ~Foo() { freed++; } }\n"
                         "class Q { Q(const string &in s, int &out o) { o = int(s.length()); } }\n"
                         "class T { T() { throw('bad'); } }\n");
    as_type *foo = as_module_type_by_name(m, "Foo");
    as_context *ctx = as_context_create(engine);
    REQUIRE(ctx);
    /* as the manual: prepare the factory, set the arguments, execute, take the object */
    REQUIRE(as_context_prepare(ctx, as_type_factory_by_decl(foo, "Foo @Foo(int)")) >= 0);
    CHECK(as_context_set_arg_dword(ctx, 0, 7) >= 0);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    void *obj = *(void **)as_context_address_of_return_value(ctx);
    REQUIRE(obj);
    CHECK(as_context_return_object(ctx) == obj);
    CHECK(as_object_type(obj) == foo);
    CHECK(*(int *)as_object_property_address(obj, 0) == 7);
    as_engine_addref_object(engine, obj, as_type_id(foo));   /* kept past the context's next prepare */
    REQUIRE(as_context_prepare(ctx, as_type_factory_by_index(foo, 0)) >= 0);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    void *obj2 = as_context_return_object(ctx);
    CHECK(obj2 && obj2 != obj && *(int *)as_object_property_address(obj2, 0) == 1);
    CHECK(*(int *)as_module_global_address(m, as_module_global_index_by_name(m, "made")) == 2);
    as_context_unprepare(ctx);
    int *freed = as_module_global_address(m, as_module_global_index_by_name(m, "freed"));
    CHECK(*freed == 1);
    as_engine_release_object(engine, obj, as_type_id(foo));
    CHECK(*freed == 2);

    /* references and objects passed through to the constructor */
    as_type *q = as_module_type_by_name(m, "Q");
    int str_id = as_engine_type_id_by_decl(engine, "string");
    void *s = as_engine_create_object(engine, str_id);
    as_string_assign(s, "four", 4);
    int out = 0;
    REQUIRE(as_context_prepare(ctx, as_type_factory_by_index(q, 0)) >= 0);
    CHECK(as_context_set_arg_object(ctx, 0, s) >= 0);
    CHECK(as_context_set_arg_address(ctx, 1, &out) >= 0);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(out == 4);
    CHECK(as_object_type(as_context_return_object(ctx)) == q);
    as_engine_release_object(engine, s, str_id);

    /* the constructor's exception is the execution's; the object goes (ASan sees a leak otherwise) */
    as_type *t = as_module_type_by_name(m, "T");
    REQUIRE(as_context_prepare(ctx, as_type_factory_by_index(t, 0)) >= 0);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_EXCEPTION);
    CHECK(STREQ(as_context_exception_string(ctx), "bad"));
    CHECK(as_context_exception_line(ctx, NULL, NULL) == 4);
    as_context_destroy(ctx);
    as_engine_destroy(engine);
}

/* A factory asked for after its module was discarded (an object of the class kept alive) still
 * runs, and goes with the class's code. */
static void after_discard(void)
{
    setup();
    as_module *m = build("class Foo { int v = 3; }");
    as_type *foo = as_module_type_by_name(m, "Foo");
    as_function *made_before = as_type_factory_by_index(foo, 0);
    as_context *ctx = as_context_create(engine);
    REQUIRE(as_context_prepare(ctx, made_before) >= 0 && as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    void *obj = as_context_return_object(ctx);
    as_engine_addref_object(engine, obj, as_type_id(foo));
    as_context_unprepare(ctx);
    as_engine_discard_module(engine, "m");
    /* the class lives on with the object */
    as_type *t = as_object_type(obj);
    CHECK(t == foo);
    CHECK(as_type_factory_by_index(t, 0) == made_before);
    as_engine_release_object(engine, obj, as_type_id(foo));
    as_engine_garbage_collect(engine, AS_GC_FULL_CYCLE, 1);

    /* a rebuilt module's class has factories of its own */
    m = build("class Foo { int v = 4; }");
    foo = as_module_type_by_name(m, "Foo");
    REQUIRE(as_context_prepare(ctx, as_type_factory_by_index(foo, 0)) >= 0 && as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(*(int *)as_object_property_address(as_context_return_object(ctx), 0) == 4);
    as_context_destroy(ctx);
    as_engine_destroy(engine);
}

int main(void)
{
    group("listing", listing);
    group("executing", executing);
    group("after_discard", after_discard);
    if (failures) fprintf(stderr, "%d failure(s)\n", failures);
    return failures ? 1 : 0;
}
