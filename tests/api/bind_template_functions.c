/* Binding toolkit and registered template functions (2.38), one line each:
 *  - AS_GENERIC / AS_GENERIC_METHOD with a template declaration ("T first<T>(const array<T> &in)"),
 *    the generic function reading the instance's subtype, its user data per line;
 *  - a C function returning `as_var`: bound as a template function `T f<T>(...)` whose `as_var`
 *    parameters are `const T &in`, so the result's type is the argument's (`pick<string>(...)`),
 *    for primitives, enums, strings, value classes, handles and arrays, on globals and methods;
 *    a result of another type is a script exception; the misuses are refused with the line;
 *  - the API dump lists the templates as registered.
 * Groups run in child processes so a crash fails only its group. */
#define _POSIX_C_SOURCE 200809L
#include "bind_support.h"

typedef struct Vec2 { float x, y; } Vec2;
typedef struct Bag { int refs, count; } Bag;
typedef enum Mode { MODE_A = 1, MODE_B = 5 } Mode;

/* T pick<T>(bool first, const T &in a, const T &in b): one of its arguments back */
static as_var pick(bool first, as_var a, as_var b) { return first ? a : b; }
/* T Bag::keep<T>(const T &in v) const: counts what it kept */
static as_var bag_keep(const Bag *bag, as_var v) { ((Bag *)bag)->count++; return v; }
static int bag_count(const Bag *bag) { return bag->count; }
static Bag *bag_new(void) { Bag *b = calloc(1, sizeof *b); b->refs = 1; return b; }
static void bag_free(Bag *b) { free(b); }
/* T wrong<T>(const T &in v): returns an int whatever T is */
static int forty_two = 42;
static as_var wrong(as_var v) { (void)v; as_var r = {&forty_two, AS_TYPEID_INT32, NULL}; return r; }
/* T none<T>(): no value */
static as_var none(void) { as_var r = {NULL, 0, NULL}; return r; }

/* generic: T first<T>(const array<T> &in), user data the text it prints before */
static void first_of(as_generic *g)
{
    as_function *f = as_generic_function(g);
    as_engine *e = as_generic_engine(g);
    void *arr = as_generic_arg_object(g, 0);
    char line[200];
    snprintf(line, sizeof line, "%s%s", (const char *)as_generic_auxiliary(g),
             as_engine_type_declaration(e, as_function_subtype_id(f, 0), true));
    size_t n = strlen(output);
    snprintf(output + n, sizeof output - n, "%s\n", line);
    void *el = as_array_at(arr, 0);
    int tid = as_function_subtype_id(f, 0);
    if (tid & AS_TYPEID_MASK_OBJECT) as_generic_set_return_object(g, (tid & AS_TYPEID_OBJHANDLE) ? *(void **)el : el);
    else memcpy(as_generic_return_location(g), el, (size_t)as_engine_primitive_size(e, tid));
}

static void bind_all(as_engine *e)
{
    as_bind *b = as_bind_begin(e, "templates");
    as_bind_class *v = AS_VALUE_CLASS(b, Vec2, "Vec2", AS_OBJ_POD);
    AS_PROPERTY(v, Vec2, x);
    AS_PROPERTY(v, Vec2, y);
    as_bind_class *bag = AS_REF_CLASS(b, Bag, "Bag", 0);
    AS_REFCOUNT(bag, Bag, refs, bag_free);
    AS_CONSTRUCTOR(bag, "Bag", bag_new, Bag *, void);
    AS_GETTER(bag, "count", bag_count, int, const Bag *);
    as_bind_enum *mode = AS_ENUM(b, Mode, "Mode");
    AS_ENUM_VALUE(mode, "A", MODE_A);
    AS_ENUM_VALUE(mode, "B", MODE_B);
    AS_FUNCTION(b, "pick(first, a, b)", pick, as_var, bool, as_var, as_var);
    AS_DOC(b, "one of a and b");
    AS_METHOD(bag, "keep(v)", bag_keep, as_var, const Bag *, as_var);
    AS_FUNCTION(b, "wrong", wrong, as_var, as_var);
    AS_FUNCTION(b, "none", none, as_var, void);
    AS_GENERIC(b, "T first<T>(const array<T> &in)", first_of, "first of ");
    AS_GENERIC_METHOD(bag, "T peek<T>(const array<T> &in)", first_of, "peek of ");
    REQUIRE_M(as_bind_end(b) == 0);
}

static void test_declarations(void)
{
    as_engine *e = test_engine();
    bind_all(e);
    REQUIRE_M(STREQ(messages, ""));
    as_function *f = as_engine_function_by_decl(e, "T pick<T>(bool, const T &in, const T &in)");
    REQUIRE_M(f);
    CHECK(as_function_kind(f) == AS_FUNC_TEMPLATE);
    CHECK(STREQ(as_function_declaration(f, true, true, true), "T pick<T>(bool first, const T&in a, const T&in b)"));
    as_type *bag = as_engine_type_by_name(e, "Bag");
    as_function *k = as_type_method_by_decl(bag, "T keep<T>(const T &in) const");
    REQUIRE_M(k);
    CHECK(as_function_kind(k) == AS_FUNC_TEMPLATE);
    CHECK(as_function_kind(as_type_method_by_decl(bag, "T peek<T>(const array<T> &in)")) == AS_FUNC_TEMPLATE);
    CHECK(as_function_kind(as_engine_function_by_decl(e, "T first<T>(const array<T> &in)")) == AS_FUNC_TEMPLATE);
    /* the dump lists them as registered */
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    REQUIRE(out);
    CHECK(as_bind_dump(e, out, AS_BIND_DUMP_PREDEFINED) == 0);
    fclose(out);
    CHECK(HAS(text, "T pick<T>(bool first, const T&in a, const T&in b);"));
    CHECK(HAS(text, "T keep<T>(const T&in v) const;"));
    CHECK(HAS(text, "T first<T>(const T[]&in);"));
    if (!HAS(text, "T pick<T>(")) fprintf(stderr, "dump:\n%s", text);
    free(text);
    as_engine_destroy(e);
}

static void test_calls(void)
{
    as_engine *e = test_engine();
    bind_all(e);
    int r = run(e,
                "class C { string name = 'c'; }\n"
                "void main() {\n"
                "  print('' + pick<int>(true, 1, 2) + ' ' + pick<double>(false, 1.5, 2.5));\n"
                "  print(pick<string>(false, 'left', 'right'));\n"
                "  Vec2 a, b; a.x = 1; b.x = 2;\n"
                "  print('' + pick<Vec2>(false, a, b).x);\n"
                "  print('' + (pick<Mode>(true, Mode::B, Mode::A) == Mode::B));\n"
                "  C c1, c2; c2.name = 'second';\n"
                "  C@ h = pick<C@>(false, c1, c2);\n"
                "  print(h.name + ' ' + (h is c2));\n"
                "  array<int> x = {1}, y = {2, 3};\n"
                "  print('' + pick<array<int>>(false, x, y).length());\n"
                "  Bag bag;\n"
                "  print(bag.keep<string>('kept') + ' ' + bag.keep<int>(7) + ' ' + bag.count);\n"
                "  print('' + first<int>({4, 5}) + ' ' + first<string>({'s'}));\n"
                "  print('' + bag.peek<float>({0.5f}));\n"
                "}\n");
    CHECK(r == AS_EXECUTION_FINISHED);
    EXPECT_OUTPUT("1 2.5\nright\n2\ntrue\nsecond true\n2\nkept 7 2\nfirst of int\nfirst of string\n4 s\npeek of float\n0.5\n");
    /* a result that isn't a T */
    output[0] = messages[0] = 0;
    CHECK(run(e, "void main() { print(wrong<string>('x')); }") == AS_EXECUTION_EXCEPTION);
    EXPECT_MESSAGE("exception: The bound function returned a 'int' for T = 'string'");
    messages[0] = 0;
    CHECK(run(e, "void main() { print('' + wrong<int>(1)); }") == AS_EXECUTION_FINISHED);
    EXPECT_OUTPUT("42\n");
    messages[0] = 0;
    CHECK(run(e, "void main() { none<int>(); }") == AS_EXECUTION_EXCEPTION);
    EXPECT_MESSAGE("exception: The bound function returned no value for T = 'int'");
    /* scripts name the subtype, as for any template function */
    messages[0] = 0;
    CHECK(run(e, "void main() { pick(true, 1, 2); }") == -1);
    EXPECT_MESSAGE("Template 'pick' expects 1 sub type(s)");
    as_engine_destroy(e);
}

static as_var pick2(as_var a) { return a; }

static void test_misuse(void)
{
    as_engine *e = test_engine();
    as_bind *b = as_bind_begin(e, "bad");
    AS_FUNCTION(b, "int pick2(a)", pick2, as_var, as_var);
    AS_FUNCTION(b, "pick2(const ?&in a)", pick2, as_var, as_var);
    CHECK(as_bind_end(b) < 0);
    EXPECT_MESSAGE("pick2: the result of C type as_var is the template's subtype T: give no result type");
    EXPECT_MESSAGE("pick2: parameter 1: an as_var parameter of a function returning as_var is 'const T &in': give no type");
    /* the declaration the line would register */
    b = as_bind_begin(e, "decl");
    char buf[200];
    as_bind_member m = AS_M_FUNCTION("pick2(v)", pick2, as_var, as_var);
    CHECK(STREQ(as_bind_declaration(b, NULL, &m, buf, sizeof buf), "T pick2<T>(const T &in v)"));
    as_bind_end(b);
    as_engine_destroy(e);
}

/* The host's opt-in: calls of `pick` may leave T out, the arguments give it. Without it the call
 * is refused as the reference 2.38 refuses it. */
static as_var pick_inferred(bool first, as_var a, as_var b) { return first ? a : b; }
static void test_inferred(void)
{
    as_engine *e = test_engine();
    as_bind *b = as_bind_begin(e, "inferred");
    AS_FUNCTION(b, "choose(first, a, b)", pick_inferred, as_var, bool, as_var, as_var);
    AS_INFER_SUBTYPES(b);
    AS_FUNCTION(b, "strict(first, a, b)", pick_inferred, as_var, bool, as_var, as_var);
    as_bind_class *bag = AS_REF_CLASS(b, Bag, "Bag", 0);
    AS_REFCOUNT(bag, Bag, refs, bag_free);
    AS_CONSTRUCTOR(bag, "Bag", bag_new, Bag *, void);
    AS_GETTER(bag, "count", bag_count, int, const Bag *);
    int line = __LINE__ + 1;
    AS_INFER_SUBTYPES(b);   /* the previous bind is a getter */
    AS_METHOD(bag, "keep(v)", bag_keep, as_var, const Bag *, as_var);
    AS_INFER_SUBTYPES(b);   /* template methods too */
    AS_METHOD(bag, "hold(v)", bag_keep, as_var, const Bag *, as_var);
    CHECK(as_bind_end(b) == -1);
    EXPECT_MESSAGE_AT(line, "error: bind 'inferred': AS_INFER_SUBTYPES: the previous bind is "
                      "not a template function or method");
    messages[0] = 0;
    CHECK(run(e, "void main() {\n"
                 "  string s = choose(false, 'a', 'b'); int i = choose(true, 4, 5); double d = choose(false, 1.5, 2.5);\n"
                 "  Bag x; Bag y; Bag@ h = choose(true, @x, @y);\n"
                 "  print(s + ' ' + i + ' ' + d + ' ' + (h is x) + ' ' + choose<int>(false, 1, 2));\n"
                 "}\n") == AS_EXECUTION_FINISHED);
    EXPECT_OUTPUT("b 4 2.5 true 2\n");
    output[0] = 0;
    CHECK(run(e, "void main() {\n"
                 "  Bag x; string k = x.keep('kept'); int n = x.keep(7); Bag@ h = x.keep(@x);\n"
                 "  print(k + ' ' + n + ' ' + (h is x) + ' ' + x.keep<double>(0.5) + ' ' + x.count);\n"
                 "}\n") == AS_EXECUTION_FINISHED);
    EXPECT_OUTPUT("kept 7 true 0.5 4\n");
    CHECK(run(e, "void main() { string s = strict(false, 'a', 'b'); }") < 0);
    EXPECT_MESSAGE("Template 'strict' expects 1 sub type(s)");
    messages[0] = 0;
    CHECK(run(e, "void main() {\n  Bag x;\n  string s = x.hold('a');\n}\n") < 0);
    EXPECT_MESSAGE("test.as:3: error: Template 'hold' expects 1 sub type(s)");
    as_engine_destroy(e);
}

int main(void)
{
    group_alarm = 60;
    group("declarations", test_declarations);
    group("calls", test_calls);
    group("misuse", test_misuse);
    group("inferred", test_inferred);
    return failures ? 1 : 0;
}
