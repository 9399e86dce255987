/* Binding toolkit: the API dump for editors (as.predefined declarations and JSON, with docs,
 * namespaces, templates as `array<T>`, auto handles as `@+`, accessors as `property`), type
 * usages built from type ids and declarations, and type finders binding a host's own
 * reflected structs in a batch. */
#define _POSIX_C_SOURCE 200809L
#include "bind_support.h"

typedef struct Vec2 { float x, y; } Vec2;
typedef struct Node { int refs; } Node;
typedef enum Mode { MODE_IDLE, MODE_RUN = 4 } Mode;
static float vec2_len(const Vec2 *v) { return v->x + v->y; }
static Node *node_parent(Node *n) { return n; }
static float node_weight(const Node *n) { (void)n; return 1; }
static float speed = 3;

static void bind_sample(as_engine *e)
{
    as_bind *b = as_bind_begin(e, "sample");
    as_bind_class *v = AS_VALUE_CLASS(b, Vec2, "Vec2", AS_OBJ_POD);
    AS_DOC(b, "a 2D vector");
    AS_PROPERTY(v, Vec2, x);
    AS_DOC(b, "across");
    AS_METHOD(v, "length", vec2_len, float, const Vec2 *);
    AS_DOC(b, "how long\nsecond line");
    AS_NAMESPACE(b, "scene") {
        as_bind_class *n = AS_REF_CLASS(b, Node, "Node", AS_OBJ_NOCOUNT);
        AS_METHOD(n, "parent", node_parent, Node *, Node *);
        AS_GETTER(n, "weight", node_weight, float, const Node *);
        as_bind_enum *m = AS_ENUM(b, Mode, "Mode");
        AS_ENUM_VALUE(m, "Idle", MODE_IDLE);
        AS_DOC(b, "doing nothing");
        AS_ENUM_VALUE(m, "Run", MODE_RUN);
        AS_GLOBAL(b, speed);
        AS_DOC(b, "units per second");
        AS_FUNCDEF(b, "void Visitor(Node@ n)");
    }
    REQUIRE_M(as_bind_end(b) == 0);
}

static char *dump(as_engine *e, as_bind_dump_format f)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    CHECK(as_bind_dump(e, out, f) == 0);
    fclose(out);
    return buf;
}

#define EXPECT_IN(text, sub) do { if (!HAS(text, sub)) { fprintf(stderr, "%s:%d: no '%s' in:\n%s\n", __FILE__, __LINE__, sub, text); failures++; } } while (0)

static void test_predefined(void)
{
    as_engine *e = test_engine();
    bind_sample(e);
    char *p = dump(e, AS_BIND_DUMP_PREDEFINED);
    EXPECT_IN(p, "// a 2D vector\nclass Vec2 {\n");
    EXPECT_IN(p, "    // across\n    float x;\n");
    EXPECT_IN(p, "    // how long\n    // second line\n    float length() const;\n");
    EXPECT_IN(p, "namespace scene {\n");
    EXPECT_IN(p, "    class Node {\n        Node@+ parent();\n        float get_weight() const property;\n    }\n");
    EXPECT_IN(p, "    enum Mode {\n        // doing nothing\n        Idle = 0,\n        Run = 4\n    }\n");
    EXPECT_IN(p, "    funcdef void Visitor(Node@ n);\n");
    EXPECT_IN(p, "    // units per second\n    float speed;\n");
    EXPECT_IN(p, "class array<T> {\n");
    EXPECT_IN(p, "class string {\n");
    EXPECT_IN(p, "void print(const string&in);\n");
    /* the dump is itself valid AngelScript for a module on an empty engine: declarations only */
    free(p);
    p = dump(e, AS_BIND_DUMP_JSON);
    EXPECT_IN(p, "{\"kind\": \"class\", \"namespace\": \"\", \"name\": \"Vec2\", \"reference\": false, \"doc\": \"a 2D vector\", \"members\": [");
    EXPECT_IN(p, "{\"kind\": \"method\", \"decl\": \"float length() const\", \"doc\": \"how long\\nsecond line\"}");
    EXPECT_IN(p, "{\"kind\": \"enum\", \"namespace\": \"scene\", \"name\": \"Mode\", \"values\": [{\"name\": \"Idle\", \"value\": 0, \"doc\": \"doing nothing\"}, {\"name\": \"Run\", \"value\": 4}]}");
    EXPECT_IN(p, "\"name\": \"array<T>\"");
    /* balanced */
    int depth = 0;
    bool in_str = false;
    for (const char *c = p; *c; c++) {
        if (*c == '\\' && in_str) { c++; continue; }
        if (*c == '"') in_str = !in_str;
        if (!in_str && (*c == '[' || *c == '{')) depth++;
        if (!in_str && (*c == ']' || *c == '}')) depth--;
        CHECK(depth >= 0);
    }
    CHECK(depth == 0 && !in_str);
    free(p);
    as_engine_destroy(e);
}

static void test_usages(void)
{
    as_engine *e = test_engine();
    bind_sample(e);
    as_type_usage u;
    REQUIRE(as_type_usage_parse(e, "const array<Vec2>@ &in", &u) == 0);
    CHECK(u.type == as_engine_type_by_decl(e, "array<Vec2>") && u.is_handle && u.is_const && u.ref == AS_TM_INREF);
    CHECK(as_type_usage_subtype_count(&u) == 1);
    as_type_usage s = as_type_usage_subtype(&u, 0);
    CHECK(s.type == as_engine_type_by_name(e, "Vec2") && !s.is_handle && !s.is_const);
    char buf[200];
    CHECK(STREQ(as_type_usage_decl(&u, buf, sizeof buf), "const Vec2[]@ &in"));   /* the default array, as the reference spells it */
    CHECK(STREQ(as_type_usage_decl(&s, buf, sizeof buf), "Vec2"));
    REQUIRE(as_type_usage_parse(e, "array<scene::Node@>", &u) == 0);
    s = as_type_usage_subtype(&u, 0);
    CHECK(s.is_handle && s.type == as_engine_type_by_decl(e, "scene::Node"));
    CHECK(STREQ(as_type_usage_decl(&s, buf, sizeof buf), "scene::Node@"));
    CHECK(as_type_usage_type_id(&s) == as_engine_type_id_by_decl(e, "scene::Node@"));
    u = as_type_usage_of(e, AS_TYPEID_FLOAT, AS_TM_OUTREF);
    CHECK(STREQ(as_type_usage_decl(&u, buf, sizeof buf), "float &out"));
    u = as_type_usage_of(e, as_engine_type_id_by_decl(e, "const scene::Node@"), 0);
    CHECK(u.is_handle && u.is_const && STREQ(as_type_usage_decl(&u, buf, sizeof buf), "const scene::Node@"));
    CHECK(as_type_usage_parse(e, "Nothing", &u) == AS_INVALID_TYPE);
    as_engine_destroy(e);
}

/* ---- a host with its own reflection ---- */

/* The host's reflection names each field's C type; scalars go through the toolkit's own map. */
typedef struct host_field { const char *name; size_t offset, size; const char *ctype; } host_field;
typedef struct Monster { float hp; int32_t level; Vec2 pos; void *names; unsigned short flags; } Monster;
#define FIELD(T, m, ctype) {#m, offsetof(T, m), sizeof(((T *)0)->m), ctype}
static const host_field monster_fields[] = {
    FIELD(Monster, hp, "float"), FIELD(Monster, level, "int32_t"), FIELD(Monster, pos, "Vec2"),
    FIELD(Monster, names, "names"), FIELD(Monster, flags, "unsigned short"),
};

static bool scalar_finder(as_engine *e, const void *field, as_type_usage *out, void *user)
{
    (void)user;
    const char *script = as_bind_scalar_by_c_name(((const host_field *)field)->ctype);
    return script && as_type_usage_parse(e, script, out) == 0;
}
static bool struct_finder(as_engine *e, const void *field, as_type_usage *out, void *user)
{
    const host_field *f = field;
    (void)user;
    if (strcmp(f->ctype, "Vec2") == 0) return as_type_usage_parse(e, "Vec2", out) == 0;
    if (strcmp(f->ctype, "names") == 0) return as_type_usage_parse(e, "array<string>@", out) == 0;
    return false;
}

/* The scalar map itself: spellings, kinds, lvalues. */
static void test_scalar_map(void)
{
    CHECK(STREQ(as_bind_scalar_by_c_name("unsigned short"), "uint16"));
    CHECK(STREQ(as_bind_scalar_by_c_name(" const int32_t "), "int"));
    CHECK(STREQ(as_bind_scalar_by_c_name("size_t"), sizeof(size_t) == 8 ? "uint64" : "uint"));
    CHECK(STREQ(as_bind_scalar_by_c_name("double"), "double"));
    CHECK(as_bind_scalar_by_c_name("int *") == NULL);
    CHECK(as_bind_scalar_by_c_name("enum Kind") == NULL);
    CHECK(as_bind_scalar_by_c_name("Vec2") == NULL);
    CHECK(STREQ(as_bind_scalar_by_kind((as_bind_ctype){4, AS_CK_SINT}), "int"));
    CHECK(STREQ(as_bind_scalar_by_kind((as_bind_ctype){1, AS_CK_UINT}), "uint8"));
    CHECK(as_bind_scalar_by_kind((as_bind_ctype){16, AS_CK_FLOAT}) == NULL);
    Monster m;
    CHECK(STREQ(AS_SCALAR_TYPE(m.flags), "uint16"));
    CHECK(AS_SCALAR_TYPE(m.pos) == NULL);
}

static void test_finders(void)
{
    as_engine *e = test_engine();
    bind_sample(e);
    CHECK(as_bind_add_type_finder(e, scalar_finder, NULL) == 0);
    CHECK(as_bind_add_type_finder(e, struct_finder, NULL) == 0);
    as_bind *b = as_bind_begin(e, "reflected");
    as_bind_class *c = AS_VALUE_CLASS(b, Monster, "Monster", AS_OBJ_POD);
    for (size_t i = 0; i < sizeof monster_fields / sizeof monster_fields[0]; i++) {
        const host_field *f = &monster_fields[i];
        AS_REFLECTED_FIELD(c, f->name, f->offset, f->size, f);
    }
    static const host_field bad = {"bad", 0, 4, "struct Unknown"};
    AS_REFLECTED_FIELD(c, "bad", 0, 4, &bad);
    CHECK(as_bind_end(b) == -1);
    EXPECT_MESSAGE("Monster: no type finder knows the type of field 'bad'");
    as_type *t = as_engine_type_by_name(e, "Monster");
    CHECK(as_type_property_count(t) == 5);
    CHECK(STREQ(as_type_property_declaration(t, 1, false), "int level"));
    CHECK(STREQ(as_type_property_declaration(t, 4, false), "uint16 flags"));
    CHECK(STREQ(as_type_property_declaration(t, 2, false), "Vec2 pos"));
    CHECK(STREQ(as_type_property_declaration(t, 3, false), "string[]@ names"));
    CHECK(run(e, "void main() { Monster m; m.hp = 5; m.pos.x = 2; m.level = 3; print('' + (m.hp + m.pos.x + m.level)); }") == 0);
    EXPECT_OUTPUT("10\n");
    as_engine_destroy(e);
}

int main(void)
{
    group("predefined", test_predefined);
    group("usages", test_usages);
    group("finders", test_finders);
    group("scalar map", test_scalar_map);
    return failures ? 1 : 0;
}
