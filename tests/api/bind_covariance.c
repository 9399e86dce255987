/* Template covariance, a host opt-in (AS_COVARIANT / as_type_set_covariant):
 *  - a reference template Ref<T> bound through the toolkit and marked covariant: a Ref<Dog@> (a
 *    local object, a handle, a `const &in` reference) is accepted where a Ref<Animal@> or a
 *    Ref<Pet@> (an interface Dog implements) is expected, as the same object, in arguments,
 *    handle variables and assignments, and results;
 *  - an unrelated class, the other direction and a template without the opt-in (array<T>, and
 *    Box<T>) are refused with the compiler's usual message and line, as AngelScript 2.38 does;
 *  - AS_COVARIANT after anything but a reference template fails the bind at its line.
 * Groups run in child processes so a crash fails only its group. */
#define _POSIX_C_SOURCE 200809L
#include "bind_support.h"

/* Ref<T>: a counted box holding one handle, read-only for scripts (which is what makes
 * covariance sound for it) */
typedef struct Ref {
    int refs;
    void *obj;
    int obj_type;
} Ref;
static int refs_alive;

static const char *ref_check(as_type *instance, void *user)
{
    (void)user;
    return (as_type_subtype_id(instance, 0) & AS_TYPEID_OBJHANDLE) ? NULL : "Ref<T> holds handles only";
}
/* Ref<T>@ f(int&in, const T &in obj): the hidden type, then the handle */
static void ref_factory(as_generic *g)
{
    as_type *t = as_generic_arg_address(g, 0);
    Ref *r = calloc(1, sizeof *r);
    REQUIRE(r);
    r->refs = 1;
    r->obj_type = as_type_subtype_id(t, 0);
    r->obj = *(void **)as_generic_arg_address(g, 1);
    if (r->obj) as_engine_addref_object(as_generic_engine(g), r->obj, r->obj_type);
    refs_alive++;
    as_generic_set_return_address(g, r);
}
static void ref_addref(as_generic *g) { ((Ref *)as_generic_object(g))->refs++; }
static void ref_release(as_generic *g)
{
    Ref *r = as_generic_object(g);
    if (--r->refs > 0) return;
    if (r->obj) as_engine_release_object(as_generic_engine(g), r->obj, r->obj_type);
    refs_alive--;
    free(r);
}
/* const T &get() const: the handle it holds */
static void ref_get(as_generic *g) { as_generic_set_return_address(g, &((Ref *)as_generic_object(g))->obj); }

static void bind_ref(as_engine *e, const char *decl, bool covariant)
{
    as_bind *b = as_bind_begin(e, decl);
    as_bind_class *c = as_bind_template_class(b, decl, AS_OBJ_REF, ref_check, NULL, NULL);
    if (covariant) AS_COVARIANT(b);
    char reg[32];
    snprintf(reg, sizeof reg, "%.3s<T>", decl);
    char fac[64];
    snprintf(fac, sizeof fac, "%s@ f(int&in, const T &in)", reg);
    REQUIRE(as_register_object_behaviour(e, reg, AS_BEHAVE_FACTORY, fac, AS_FN(ref_factory), AS_CALL_GENERIC, NULL) >= 0);
    REQUIRE(as_register_object_behaviour(e, reg, AS_BEHAVE_ADDREF, "void f()", AS_FN(ref_addref), AS_CALL_GENERIC, NULL) >= 0);
    REQUIRE(as_register_object_behaviour(e, reg, AS_BEHAVE_RELEASE, "void f()", AS_FN(ref_release), AS_CALL_GENERIC, NULL) >= 0);
    AS_GENERIC_METHOD(c, "const T &get() const", ref_get, NULL);
    if (as_bind_end(b) != 0) fprintf(stderr, "%s", messages);
    REQUIRE(STREQ(messages, ""));
}

static as_engine *engine(void)
{
    as_engine *e = test_engine();
    bind_ref(e, "Ref<class T>", true);
    bind_ref(e, "Box<class T>", false);
    return e;
}

static const char *const classes =
    "interface Pet { string name(); }\n"
    "class Animal { string kind() const { return 'animal'; } }\n"
    "class Dog : Animal, Pet { string kind() const override { return 'dog'; } string name() { return 'rex'; } }\n"
    "class Cat { }\n";

static void test_accepted(void)
{
    as_engine *e = engine();
    CHECK(as_type_is_covariant(as_engine_type_by_name(e, "Ref")));
    CHECK(!as_type_is_covariant(as_engine_type_by_name(e, "Box")));
    char src[4096];
    snprintf(src, sizeof src, "%s%s", classes,
             "string describe(Ref<Animal@>@ r) { return r.get().kind(); }\n"
             "string describe_in(const Ref<Animal@> &in r) { return r.get().kind(); }\n"
             "string call(Ref<Pet@>@ r) { return r.get().name(); }\n"
             "Ref<Animal@>@ widen(Ref<Dog@>@ d) { return d; }\n"
             "Ref<Animal@>@ kept;\n"
             "void main() {\n"
             "  Ref<Dog@> d(Dog());\n"
             "  Ref<Dog@>@ h = d;\n"
             "  print(describe(d) + ' ' + describe(h) + ' ' + describe_in(d) + ' ' + describe_in(h) + ' ' + call(h));\n"
             "  Ref<Animal@>@ a = h;\n"
             "  print('' + (a is h) + ' ' + (a.get() is h.get()));\n"
             "  @a = null; @a = d; @kept = h;\n"
             "  Ref<Animal@>@ w = widen(h);\n"
             "  print(w.get().kind() + ' ' + (w is h) + ' ' + (kept is d));\n"
             "  Ref<const Animal@>@ c = h;\n"
             "  const Ref<Animal@>@ k = w;\n"
             "  Ref<Animal@> own(Animal());\n"
             "  print(describe(own) + ' ' + c.get().kind() + ' ' + k.get().kind());\n"
             "}\n");
    int r = run(e, src);
    CHECK(r == AS_EXECUTION_FINISHED);
    EXPECT_OUTPUT("dog dog dog dog rex\ntrue true\ndog true true\nanimal dog dog\n");
    CHECK(STREQ(messages, ""));
    as_engine_discard_module(e, "m");
    as_engine_garbage_collect(e, AS_GC_FULL_CYCLE, 1);
    as_engine_destroy(e);
    CHECK(refs_alive == 0);
}

/* Builds src after the classes; the messages it printed */
static void refused(as_engine *e, const char *body, const char *want1, const char *want2)
{
    char src[4096];
    snprintf(src, sizeof src, "%s%s", classes, body);
    messages[0] = 0;
    CHECK(build(e, src) == NULL);
    EXPECT_MESSAGE(want1);
    if (want2) EXPECT_MESSAGE(want2);
}

static void test_refused(void)
{
    as_engine *e = engine();
    /* an unrelated class: the messages AngelScript 2.38 gives for any such conversion */
    refused(e,
            "void f(Ref<Animal@>@ a) {}\n"
            "void main() {\n"
            "  Ref<Cat@> c(Cat());\n"
            "  f(c);\n"
            "  Ref<Animal@>@ a = c;\n"
            "}\n",
            "test.as:8: error: No matching signatures to 'f(Ref<Cat@>&)'",
            "test.as:9: error: Can't implicitly convert from 'Ref<Cat@>&' to 'Ref<Animal@>@&'.");
    /* the other direction, and a result */
    refused(e,
            "Ref<Dog@>@ narrow(Ref<Animal@>@ a) { return a; }\n",
            "test.as:5: error: Can't implicitly convert from 'Ref<Animal@>@&' to 'Ref<Dog@>@'.", NULL);
    /* a const object does not lose its const */
    refused(e,
            "void f(Ref<Animal@>@ a) {}\n"
            "void g(Ref<const Dog@>@ d) { f(d); }\n",
            "test.as:6: error: No matching signatures to 'f(Ref<const Dog@>@&)'", NULL);
    /* without the opt-in: a template of the host's and the array are refused as before */
    refused(e,
            "void f(Box<Animal@>@ a) {}\n"
            "void main() {\n"
            "  Box<Dog@> d(Dog());\n"
            "  f(d);\n"
            "  Box<Animal@>@ a = d;\n"
            "}\n",
            "test.as:8: error: No matching signatures to 'f(Box<Dog@>&)'",
            "test.as:9: error: Can't implicitly convert from 'Box<Dog@>&' to 'Box<Animal@>@&'.");
    refused(e,
            "void f(array<Animal@>@ a) {}\n"
            "void main() {\n"
            "  array<Dog@> d;\n"
            "  f(d);\n"
            "  array<Animal@>@ a = d;\n"
            "}\n",
            "test.as:8: error: No matching signatures to 'f(Dog@[]&)'",
            "test.as:9: error: Can't implicitly convert from 'Dog@[]&' to 'Animal@[]@&'.");
    as_engine_destroy(e);
}

typedef struct Plain { int refs; } Plain;
static void plain_free(Plain *p) { free(p); }
static int plain_one(const Plain *p) { (void)p; return 1; }

static void test_misuse(void)
{
    as_engine *e = test_engine();
    /* only registered reference templates: not arrays, value templates, classes or functions */
    CHECK(as_type_set_covariant(as_engine_type_by_name(e, "array"), true) == AS_INVALID_ARG);
    CHECK(as_type_set_covariant(NULL, true) == AS_INVALID_ARG);
    CHECK(as_type_set_covariant(as_engine_type_by_name(e, "string"), true) == AS_INVALID_ARG);
    as_bind *b = as_bind_begin(e, "misuse");
    as_bind_template_class(b, "Opt<class T>", AS_OBJ_VALUE, NULL, NULL, NULL);
    int line_value = __LINE__ + 1;
    AS_COVARIANT(b);
    as_bind_class *p = AS_REF_CLASS(b, Plain, "Plain", 0);
    AS_REFCOUNT(p, Plain, refs, plain_free);
    AS_METHOD(p, "one", plain_one, int, const Plain *);
    int line_method = __LINE__ + 1;
    AS_COVARIANT(b);
    CHECK(as_bind_end(b) != 0);
    char want[200];
    snprintf(want, sizeof want, "bind_covariance.c:%d", line_value);
    EXPECT_MESSAGE(want);
    snprintf(want, sizeof want, "bind_covariance.c:%d", line_method);
    EXPECT_MESSAGE(want);
    EXPECT_MESSAGE("AS_COVARIANT: the previous bind is not a reference template class");
    CHECK(!as_type_is_covariant(as_engine_type_by_name(e, "Opt")));
    as_engine_destroy(e);
}

int main(void)
{
    group("accepted", test_accepted);
    group("refused", test_refused);
    group("misuse", test_misuse);
    return failures ? 1 : 0;
}
