/* Binding toolkit: one line per item, declarations derived from the C prototypes. A value class
 * (fields, constructors in place and by value, operators returning structs), a reference class
 * counted by a field, strings, enums, namespaces, globals, `?` parameters, bit-fields, generic
 * functions with user data per signature, tables of rows, and the errors of each misuse. */
#include "bind_support.h"
#include <math.h>

typedef struct Vec2 { float x, y; } Vec2;
typedef struct Mixed { double w; int id; } Mixed;
typedef struct Big { double a, b, c; int tag; } Big;
typedef enum Shape { SHAPE_CIRCLE = 1, SHAPE_BOX = 7 } Shape;
typedef struct Body { int refs; float mass; Shape shape; Vec2 pos; } Body;
typedef struct Flags { unsigned visible : 1; int layer : 5; unsigned mode : 3; } Flags;

static int bodies_alive;
static void vec2_init(Vec2 *self, float x, float y) { self->x = x; self->y = y; }
static Vec2 vec2_make(float s) { return (Vec2){s, s}; }
static Vec2 vec2_add(const Vec2 *a, const Vec2 *b) { return (Vec2){a->x + b->x, a->y + b->y}; }
static float vec2_length(const Vec2 *v) { return sqrtf(v->x * v->x + v->y * v->y); }
static void vec2_scale(Vec2 *v, float k) { v->x *= k; v->y *= k; }
static float vec2_dot(Vec2 a, Vec2 b) { return a.x * b.x + a.y * b.y; }
static Mixed mixed_make(double w, int id) { return (Mixed){w, id}; }
static double mixed_weigh(Mixed m) { return m.w * m.id; }
static Big big_make(int tag) { return (Big){1, 2, 3, tag}; }
static int big_tag(Big b) { return b.tag + (int)(b.a + b.b + b.c); }

static Body *body_new(float mass) { Body *b = calloc(1, sizeof *b); b->refs = 1; b->mass = mass; b->shape = SHAPE_BOX; bodies_alive++; return b; }
static void body_free(Body *b) { bodies_alive--; free(b); }
static float body_mass(const Body *b) { return b->mass; }
static void body_push(Body *b, const Vec2 *by) { b->pos.x += by->x; b->pos.y += by->y; }
static Body *body_heavier(Body *a, Body *b) { return a->mass >= b->mass ? a : b; }
static const char *shape_name(Shape s) { return s == SHAPE_CIRCLE ? "circle" : s == SHAPE_BOX ? "box" : "?"; }
static int count_chars(const char *s, const char *of) { int n = 0; for (; *s; s++) n += strchr(of, *s) != NULL; return n; }
static const char *greet(const char *name) { static char buf[64]; snprintf(buf, sizeof buf, "hello, %s", name); return buf; }
static int64_t ticks = 5;
static double gravity = 9.5;
static const int max_bodies = 64;
static Vec2 wind = {1, 2};
/* the as_var carries its engine: no global needed to read the type id */
static const char *describe(as_var v) { return v.engine ? as_engine_type_declaration(v.engine, v.type_id, true) : "no engine"; }
static void set_to_seven(as_var *out) { if (out->engine && out->type_id == AS_TYPEID_INT32) *(int *)out->ptr = 7; }
static const char *type_of_self(const Body *b, as_type *t) { (void)b; return as_type_name(t); }

/* one generic function behind two declarations, told apart by their user data */
static void op_generic(as_generic *g)
{
    const char *op = as_generic_auxiliary(g);
    int a = (int)as_generic_arg_dword(g, 0), b = (int)as_generic_arg_dword(g, 1);
    as_generic_set_return_dword(g, (uint32_t)(op[0] == '+' ? a + b : a * b));
}

static void bind_all(as_engine *e)
{
    as_bind *b = as_bind_begin(e, "test");
    as_bind_class *v = AS_VALUE_CLASS(b, Vec2, "Vec2", AS_OBJ_POD);
    AS_DOC(b, "a 2D vector");
    as_bind_class *mx = AS_VALUE_CLASS(b, Mixed, "Mixed", AS_OBJ_POD);
    AS_VALUE_CLASS(b, Big, "Big", AS_OBJ_POD);   /* over 16 bytes: passed by value whatever its fields */
    as_bind_class *body = AS_REF_CLASS(b, Body, "Body", 0);
    as_bind_class *fl = AS_VALUE_CLASS(b, Flags, "Flags", AS_OBJ_POD);
    as_bind_enum *shape = AS_ENUM(b, Shape, "Shape");
    AS_ENUM_VALUE(shape, "Circle", SHAPE_CIRCLE);
    AS_DOC(b, "round");
    AS_ENUM_VALUE(shape, "Box", SHAPE_BOX);

    AS_PROPERTY(v, Vec2, x);
    AS_DOC(b, "across");
    AS_PROPERTY(v, Vec2, y);
    AS_CONSTRUCTOR(v, "Vec2(x, y)", vec2_init, void, Vec2 *, float, float);
    AS_CONSTRUCTOR(v, "Vec2(s)", vec2_make, Vec2, float);
    AS_METHOD(v, "opAdd", vec2_add, Vec2, const Vec2 *, const Vec2 *);
    AS_METHOD(v, "length", vec2_length, float, const Vec2 *);
    AS_DOC(b, "the length");
    AS_METHOD(v, "scale(k = 2)", vec2_scale, void, Vec2 *, float);
    AS_FUNCTION(b, "dot(a, b)", vec2_dot, float, Vec2, Vec2);

    AS_PROPERTY(mx, Mixed, w);
    AS_PROPERTY(mx, Mixed, id);
    AS_FUNCTION(b, "makeMixed", mixed_make, Mixed, double, int);
    AS_FUNCTION(b, "weigh", mixed_weigh, double, Mixed);
    AS_FUNCTION(b, "makeBig", big_make, Big, int);
    AS_FUNCTION(b, "bigTag", big_tag, int, Big);

    AS_REFCOUNT(body, Body, refs, body_free);
    AS_CONSTRUCTOR(body, "Body(mass)", body_new, Body *, float);
    AS_GETTER(body, "mass", body_mass, float, const Body *);
    AS_PROPERTY_AS(body, Body, shape, "Shape shape");
    AS_PROPERTY_AS(body, Body, pos, "Vec2 pos");
    AS_METHOD(body, "push", body_push, void, Body *, const Vec2 *);
    AS_METHOD(body, "typeName", type_of_self, const char *, const Body *, as_type *);
    AS_FUNCTION(b, "Body@+ heavier", body_heavier, Body *, Body *, Body *);   /* returns one of its arguments: borrowed */

    AS_BITFIELD(fl, Flags, visible);
    AS_BITFIELD(fl, Flags, layer);
    AS_BITFIELD(fl, Flags, mode);

    AS_FUNCTION(b, "shapeName", shape_name, const char *, Shape);
    AS_FUNCTION(b, "countChars(s, of)", count_chars, int, const char *, const char *);
    AS_FUNCTION(b, "greet", greet, const char *, const char *);
    AS_FUNCTION(b, "describe", describe, const char *, as_var);
    AS_FUNCTION(b, "setToSeven", set_to_seven, void, as_var *);
    AS_GENERIC(b, "int add(int, int)", op_generic, "+");
    AS_GENERIC(b, "int mul(int, int)", op_generic, "*");
    AS_NAMESPACE(b, "world") {
        AS_GLOBAL(b, ticks);
        AS_DOC(b, "ticks so far");
        AS_GLOBAL(b, gravity);
        AS_GLOBAL(b, max_bodies);
        AS_NAMESPACE(b, "air") { AS_GLOBAL_AS(b, wind, "Vec2 wind"); }
    }
    REQUIRE(as_bind_end(b) == 0);
}

static void test_lines(void)
{
    as_engine *e = test_engine();
    bind_all(e);
    REQUIRE(STREQ(messages, ""));
    int r = run(e,
        "void main() {\n"
        "  Vec2 a(3, 4); Vec2 b(1);\n"
        "  Vec2 c = a + b;\n"
        "  print('' + c.x + ',' + c.y + ' len ' + a.length() + ' dot ' + dot(a, b));\n"
        "  a.scale(); print('' + a.x); a.scale(0.5f); print('' + a.x);\n"
        "  Mixed m = makeMixed(1.5, 4); print('' + m.w + ' ' + m.id + ' ' + weigh(m));\n"
        "  print('' + bigTag(makeBig(10)));\n"
        "  Body@ p = Body(2); Body@ q = Body(5);\n"
        "  p.push(Vec2(1, 2)); p.push(Vec2(1, 2));\n"
        "  print('' + p.mass + ' ' + p.pos.x + ' ' + p.pos.y + ' ' + (p.shape == Box) + ' ' + shapeName(p.shape));\n"
        "  print('' + (heavier(p, q) is q) + ' ' + heavier(p, q).mass + ' ' + p.typeName());\n"
        "  print('' + countChars('banana', 'an') + ' ' + greet('you') + ' ' + shapeName(Circle));\n"
        "  print(describe(1.5f) + ' ' + describe(p) + ' ' + describe(@p) + ' ' + describe('s'));\n"
        "  int seven = 0; setToSeven(seven); print('' + seven);\n"
        "  print('' + add(3, 4) + ' ' + mul(3, 4));\n"
        "  print('' + world::ticks + ' ' + world::gravity + ' ' + world::max_bodies + ' ' + world::air::wind.y);\n"
        "  Flags f; f.visible = 1; f.layer = -3; f.mode = 5;\n"
        "  print('' + f.visible + ' ' + f.layer + ' ' + f.mode);\n"
        "}\n");
    CHECK(r == AS_EXECUTION_FINISHED);
    EXPECT_OUTPUT("4,5 len 5 dot 7\n6\n3\n1.5 4 6\n16\n2 2 4 true box\ntrue 5 Body\n5 hello, you circle\nfloat Body Body@ string\n7\n7 12\n5 9.5 64 2\n1 -3 5\n");
    /* the C bit-fields hold what the script wrote */
    as_engine_destroy(e);
    CHECK(bodies_alive == 0);
}

static void test_declarations(void)
{
    as_engine *e = test_engine();
    bind_all(e);
    as_type *v = as_engine_type_by_name(e, "Vec2");
    CHECK(as_type_size(v) == (int)sizeof(Vec2));
    CHECK(as_type_method_by_decl(v, "Vec2 opAdd(const Vec2 &in) const") != NULL);
    CHECK(as_type_method_by_decl(v, "float length() const") != NULL);
    CHECK(as_type_method_by_decl(v, "void scale(float)") != NULL);
    as_function *scale = as_type_method_by_name(v, "scale");
    CHECK(STREQ(as_function_declaration(scale, false, false, true), "void scale(float k = 2)"));
    CHECK(STREQ(as_bind_function_doc(as_type_method_by_name(v, "length")), "the length"));
    CHECK(STREQ(as_bind_type_doc(v), "a 2D vector"));
    CHECK(STREQ(as_bind_doc_of(e, "Vec2::x"), "across"));
    CHECK(STREQ(as_bind_doc_of(e, "Shape::Circle"), "round"));
    CHECK(STREQ(as_bind_doc_of(e, "world::ticks"), "ticks so far"));
    as_type *body = as_engine_type_by_name(e, "Body");
    CHECK(STREQ(as_function_stub_declaration(as_type_method_by_name(body, "get_mass"), false), "float get_mass() const property"));
    as_function *heavier = as_engine_function_by_decl(e, "Body@ heavier(Body@, Body@)");
    CHECK(heavier != NULL);
    if (heavier) CHECK(STREQ(as_function_stub_declaration(heavier, false), "Body@+ heavier(Body@+, Body@+)"));
    CHECK(as_engine_function_by_decl(e, "string greet(const string &in)") != NULL);
    CHECK(as_engine_function_by_decl(e, "int countChars(const string &in, const string &in)") != NULL);
    /* the type database */
    const as_bind_type *tv = as_bind_type_by_c_name(e, "Vec2");
    REQUIRE(tv != NULL);
    CHECK(STREQ(tv->name, "Vec2") && tv->size == sizeof(Vec2) && !tv->is_ref && tv->type == v);
    CHECK(as_bind_type_by_name(e, "Vec2") == tv && as_bind_type_of(v) == tv);
    CHECK(as_bind_type_by_id(e, as_type_id(v)) == tv);
    CHECK(as_bind_type_by_id(e, as_type_id(body) | AS_TYPEID_OBJHANDLE) == as_bind_type_of(body));
    static int host_data;
    CHECK(as_bind_type_set_user(e, tv, &host_data) == 0);
    CHECK(as_bind_type_by_user(e, &host_data) == tv && tv->user == &host_data);
    CHECK(as_bind_type_by_c_name(e, "Shape") && as_bind_type_by_c_name(e, "Shape")->is_enum);
    as_engine_destroy(e);
}

/* ---- tables: the same rows, bound in a batch ---- */

static const as_bind_member vec2_rows[] = {
    AS_M_PROPERTY(Vec2, x),
    AS_M_PROPERTY(Vec2, y),
    AS_M_DOC("up"),
    AS_M_CONSTRUCTOR("Vec2(x, y)", vec2_init, void, Vec2 *, float, float),
    AS_M_METHOD("opAdd", vec2_add, Vec2, const Vec2 *, const Vec2 *),
    AS_M_METHOD("length", vec2_length, float, const Vec2 *),
    AS_M_END,
};
static const as_bind_member global_rows[] = {
    AS_M_FUNCTION("dot", vec2_dot, float, Vec2, Vec2),
    AS_M_DOC("the dot product"),
    AS_M_GENERIC("int add(int, int)", op_generic, "+"),
    AS_M_END,
};

static void test_tables(void)
{
    as_engine *e = test_engine();
    as_bind *b = as_bind_begin(e, "tables");
    as_bind_class *v = AS_VALUE_CLASS(b, Vec2, "Vec2", AS_OBJ_POD);
    /* tables need not outlive the call: bind from a copy on the heap, then free it */
    as_bind_member *rows = malloc(sizeof vec2_rows);
    memcpy(rows, vec2_rows, sizeof vec2_rows);
    char *doc = malloc(3);
    strcpy(doc, "up");
    rows[2].name = doc;
    as_bind_members(v, rows);
    memset(rows, 0xAB, sizeof vec2_rows);
    free(rows);
    free(doc);
    as_bind_globals(b, global_rows);
    REQUIRE(as_bind_end(b) == 0);
    CHECK(STREQ(as_bind_doc_of(e, "Vec2::y"), "up"));
    CHECK(STREQ(as_bind_function_doc(as_engine_function_by_decl(e, "float dot(Vec2, Vec2)")), "the dot product"));
    CHECK(run(e, "void main() { Vec2 a(3, 4); print('' + (a + a).length() + ' ' + dot(a, a) + ' ' + add(1, 2)); }") == 0);
    EXPECT_OUTPUT("10 25 3\n");
    as_engine_destroy(e);
}

/* ---- misuse: each line fails with a message naming the bind, file, line and declaration ---- */

typedef struct Opaque Opaque;
static int first_of(const int *values) { return values[0]; }
static int takes_opaque(Opaque *o) { (void)o; return 0; }
static int takes_charp(char *s) { (void)s; return 0; }
static void takes_vec_wrong(float f) { (void)f; }
static float vec2_len_by_value(Vec2 v) { return v.x; }

static void test_misuse(void)
{
    as_engine *e = test_engine();
    as_bind *b = as_bind_begin(e, "misuse");
    as_bind_class *v = AS_VALUE_CLASS(b, Vec2, "Vec2", AS_OBJ_POD);
    int line = __LINE__ + 1;
    AS_FUNCTION(b, "opaque", takes_opaque, int, Opaque *);
    AS_FUNCTION(b, "charp", takes_charp, int, char *);
    AS_METHOD(v, "wrong", takes_vec_wrong, void, float);
    AS_METHOD(v, "byValue", vec2_len_by_value, float, Vec2);
    AS_METHOD(v, "length(a, b)", vec2_length, float, const Vec2 *);
    AS_PROPERTY_AS(v, Vec2, x, "int x");
    AS_PROPERTY_AS(v, Vec2, y, "double y");
    as_bind_class *none = as_bind_class_find(b, "Nothing");
    AS_METHOD(none, "length", vec2_length, float, const Vec2 *);   /* does nothing more */
    AS_DEPRECATED(b, "x");
    AS_METHOD(v, "length", vec2_length, float, const Vec2 *);
    AS_METHOD(v, "length", vec2_length, float, const Vec2 *);      /* registered twice */
    AS_FUNCTION(b, "firstOf", first_of, int, const int *);          /* one int, or an array? */
    AS_FUNCTION(b, "firstOf(const int &in value)", first_of, int, const int *);   /* said explicitly */
    AS_FUNCTION(b, "firstOf(const float &in value)", first_of, int, const int *); /* and it must be true */
    CHECK(as_bind_end(b) == -12);
    EXPECT_MESSAGE_AT(line, "error: bind 'misuse': global: opaque: parameter 1: the C type 'Opaque *' has no script type");
    EXPECT_MESSAGE("'char *' has no script type: strings cross as 'const char *'");
    EXPECT_MESSAGE("Vec2::wrong: the first (or the last) C parameter must point to the object (a Vec2 *)");
    EXPECT_MESSAGE("Vec2::byValue: the first (or the last) C parameter must point to the object");
    EXPECT_MESSAGE("'length(a, b)' names 2 parameters, the C function has 0 for the script");
    EXPECT_MESSAGE("property 'int x': the C member is 'float'");
    EXPECT_MESSAGE("property 'double y': the C member is 'float'");
    EXPECT_MESSAGE("no class 'Nothing'");
    EXPECT_MESSAGE("AS_DEPRECATED: only functions and methods can be deprecated");
    EXPECT_MESSAGE("Vec2: method: 'float length() const' failed");
    EXPECT_MESSAGE("firstOf: parameter 1: 'const int *' may point to one value or to an array: give its script type in the name string, e.g. \"firstOf(int &out value)\"");
    EXPECT_MESSAGE("firstOf: parameter 1: the script type 'const float &in' does not match the C type 'const int *'");
    CHECK(as_engine_function_by_decl(e, "int firstOf(const int &in)") != NULL);
    as_engine_destroy(e);
}

/* `break` inside AS_NAMESPACE leaves the namespace: what follows is registered globally. */
static int seven(void) { return 7; }

static void test_namespace_break(void)
{
    as_engine *e = test_engine();
    as_bind *b = as_bind_begin(e, "namespaces");
    for (int i = 0; i < 2; i++) {
        AS_NAMESPACE(b, "inner") {
            if (i == 0) break;                  /* leaves inner:: */
            AS_FUNCTION(b, "seven", seven, int, void);
        }
    }
    AS_NAMESPACE(b, "other") {
        continue;                               /* so does continue */
    }
    AS_FUNCTION(b, "globalSeven", seven, int, void);
    CHECK(as_bind_end(b) == 0);
    CHECK(as_engine_function_by_decl(e, "int inner::seven()") != NULL);
    CHECK(as_engine_function_by_decl(e, "int globalSeven()") != NULL);
    CHECK(run(e, "void main() { print('' + (inner::seven() + globalSeven())); }") >= 0);
    EXPECT_OUTPUT("14\n");
    as_engine_destroy(e);
}

/* A returned counted object must say who owns its reference: refused with the line otherwise;
 * `T@` hands one over (no leak), `T@+` borrows (the engine adds the script's). */
static Body *body_make(float mass) { return body_new(mass); }

static void test_ownership(void)
{
    as_engine *e = test_engine();
    as_bind *b = as_bind_begin(e, "ownership");
    as_bind_class *body = AS_REF_CLASS(b, Body, "Body", 0);
    AS_REFCOUNT(body, Body, refs, body_free);
    AS_GETTER(body, "mass", body_mass, float, const Body *);
    int line = __LINE__ + 1;
    AS_FUNCTION(b, "make(mass)", body_make, Body *, float);
    CHECK(as_bind_end(b) == -1);
    EXPECT_MESSAGE_AT(line, "error: bind 'ownership': global: make: the result 'Body *' is a "
                      "reference-counted object: say who owns the reference in the name string: \"Body@+ make(mass)\" when the C "
                      "function keeps it");
    CHECK(as_engine_function_by_decl(e, "Body@ make(float)") == NULL);
    as_engine_destroy(e);

    /* stated: a new object handed over is released with the script's handle */
    e = test_engine();
    b = as_bind_begin(e, "ownership");
    body = AS_REF_CLASS(b, Body, "Body", 0);
    AS_REFCOUNT(body, Body, refs, body_free);
    AS_GETTER(body, "mass", body_mass, float, const Body *);
    AS_FUNCTION(b, "Body@ make(mass)", body_make, Body *, float);
    CHECK(as_bind_end(b) == 0);
    int before = bodies_alive;
    CHECK(run(e, "void main() { float m = 0; for (int i = 0; i < 10; i++) { Body@ x = make(2); m += x.mass; } print('' + m); }") >= 0);
    EXPECT_OUTPUT("20\n");
    CHECK(bodies_alive == before);
    as_engine_destroy(e);
}

/* A failed registration made directly through angelc.h inside a bind fails the bind too. */
static void test_raw_failure(void)
{
    as_engine *e = test_engine();
    as_bind *b = as_bind_begin(e, "raw");
    int call_line = __LINE__ + 1;
    as_register_global_function(e, "void f(Missing)", AS_FN(test_raw_failure), AS_CALL_CDECL, NULL);
    CHECK(as_bind_errors(b) >= 1);
    CHECK(as_bind_end(b) < 0);
    /* reported at the call's line, not the bind's */
    char where[200];
    snprintf(where, sizeof where, "bind_lines.c:%d: error: bind 'raw': ", call_line);
    EXPECT_MESSAGE(where);
    /* the call site is forgotten after the call: a later message outside it is not placed there */
    messages[0] = 0;
    b = as_bind_begin(e, "raw2");
    int bind_line = __LINE__ - 1;
    as_engine_write_message(e, "x", 0, 0, AS_MSG_ERROR, "late");
    CHECK(as_bind_end(b) < 0);
    snprintf(where, sizeof where, "bind_lines.c:%d: error: bind 'raw2': late", bind_line);
    EXPECT_MESSAGE(where);
    as_engine_destroy(e);
}

/* Previous-bind modifiers that reach the compiler: deprecated and no-discard warnings. */
static float old_length(const Vec2 *v) { return v->x; }
static void test_warnings(void)
{
    as_engine *e = test_engine();
    as_bind *b = as_bind_begin(e, "warn");
    as_bind_class *v = AS_VALUE_CLASS(b, Vec2, "Vec2", AS_OBJ_POD);
    AS_METHOD(v, "len", old_length, float, const Vec2 *);
    AS_DEPRECATED(b, "use length()");
    AS_METHOD(v, "length", vec2_length, float, const Vec2 *);
    AS_NODISCARD(b);
    AS_NODISCARD(b);
    REQUIRE(as_bind_end(b) == 0);
    CHECK(run(e, "void main() { Vec2 a; float x = a.len(); a.length(); x = a.length(); }") == 0);
    EXPECT_MESSAGE("test.as:1: warning: 'float Vec2::len() const' is deprecated: use length()");
    EXPECT_MESSAGE("test.as:1: warning: The result of 'float Vec2::length() const' should not be discarded");
    CHECK(strstr(strstr(messages, "discarded") + 1, "discarded") == NULL);
    as_engine_destroy(e);
}

int main(void)
{
    group("lines", test_lines);
    group("declarations", test_declarations);
    group("tables", test_tables);
    group("misuse", test_misuse);
    group("ownership", test_ownership);
    group("namespace_break", test_namespace_break);
    group("raw_failure", test_raw_failure);
    group("warnings", test_warnings);
    return failures ? 1 : 0;
}
