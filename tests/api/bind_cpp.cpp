// Binding toolkit from C++17: the same header, the same lines (the C++ build checks prototypes
// with static_assert and decltype instead of _Generic), run end to end.
#include "angelc.h"
#include "angelc_addons.h"
#include "angelc_bind.h"
#include "angelc_cli.h"   // declarations only: compiles as C++ too
#include "angelc_aot.h"   // the same
#include <cstdio>
#include <cstdlib>
#include <cstring>

struct Vec2 { float x, y; };
struct Flags { unsigned on : 1; int level : 4; };
struct Thing { int refs; int id; };
enum Color { RED, GREEN };
struct Lamp { Color color; int level; };

static void vec2_init(Vec2 *v, float x, float y) { v->x = x; v->y = y; }
static Vec2 vec2_add(const Vec2 *a, const Vec2 *b) { return Vec2{a->x + b->x, a->y + b->y}; }
static float vec2_sum(const Vec2 *v) { return v->x + v->y; }
static const char *color_name(Color c) { return c == RED ? "red" : "green"; }
static Thing *thing_new(int id) { Thing *t = (Thing *)calloc(1, sizeof *t); t->refs = 1; t->id = id; return t; }
static void thing_free(Thing *t) { free(t); }
static int limit = 3;
static int refusals;
static void count_errors(const as_message *m, void *) { refusals += m->type == AS_MSG_ERROR; }
static char out[256];
static void print_fn(as_generic *g)
{
    size_t n;
    const char *s = as_string_data(as_generic_arg_object(g, 0), &n);
    snprintf(out + strlen(out), sizeof out - strlen(out), "%.*s\n", (int)n, s);
}

AS_BIND_TYPES(cpp_types, AS_BIND_EARLY)
{
    as_register_string(as_bind_engine(b));
    AS_VALUE_CLASS(b, Vec2, "Vec2", AS_OBJ_POD);
    AS_VALUE_CLASS(b, Flags, "Flags", AS_OBJ_POD);
    AS_REF_CLASS(b, Thing, "Thing", 0);
    AS_VALUE_CLASS(b, Lamp, "Lamp", AS_OBJ_POD);
    as_bind_enum *c = AS_ENUM(b, Color, "Color");
    AS_ENUM_VALUE(c, "Red", RED);
    AS_ENUM_VALUE(c, "Green", GREEN);
}

static const as_bind_member vec2_rows[] = {
    AS_M_PROPERTY(Vec2, x),
    AS_M_PROPERTY(Vec2, y),
    AS_M_CONSTRUCTOR("Vec2(x, y)", vec2_init, void, Vec2 *, float, float),
    AS_M_METHOD("opAdd", vec2_add, Vec2, const Vec2 *, const Vec2 *),
    AS_M_END,
};

AS_BIND(cpp_members, AS_BIND_NORMAL)
{
    as_bind_members(as_bind_class_find(b, "Vec2"), vec2_rows);
    as_bind_class *v = as_bind_class_find(b, "Vec2");
    AS_METHOD(v, "sum", vec2_sum, float, const Vec2 *);
    AS_DOC(b, "x + y");
    as_bind_class *f = as_bind_class_find(b, "Flags");
    AS_BITFIELD(f, Flags, on);
    AS_BITFIELD(f, Flags, level);
    as_bind_class *t = as_bind_class_find(b, "Thing");
    AS_REFCOUNT(t, Thing, refs, thing_free);
    AS_CONSTRUCTOR(t, "Thing(id)", thing_new, Thing *, int);
    AS_PROPERTY(t, Thing, id);
    AS_FUNCTION(b, "colorName", color_name, const char *, Color);
    AS_ENUM_PROPERTY(as_bind_class_find(b, "Lamp"), Lamp, color, Color);   /* "Color color" */
    AS_GENERIC(b, "void print(const string &in)", print_fn, nullptr);
    /* a line in a loop binds what each iteration says */
    static const char *const sums[] = {"total", "sum2", "sum3"};
    for (const char *name : sums) AS_METHOD(v, name, vec2_sum, float, const Vec2 *);
    AS_NAMESPACE(b, "cfg") { AS_GLOBAL(b, limit); }
}

AS_SCRIPT_FUNC(main_fn, int, const char *, Vec2);

int main()
{
    as_engine *e = as_engine_create();
    if (as_bind_run(e) != 2) return 1;
    as_type *vt = as_engine_type_by_name(e, "Vec2");
    if (!as_type_method_by_name(vt, "total") || !as_type_method_by_name(vt, "sum3")) return 1;
    const char *src =
        "int main(const string &in who, Vec2 v) {\n"
        "  Vec2 w = v + Vec2(1, 1); Flags f; f.on = 1; f.level = -2;\n"
        "  Thing@ t = Thing(9); Lamp lamp; lamp.color = Green;\n"
        "  print(who + ' ' + w.sum() + ' ' + colorName(lamp.color) + ' ' + cfg::limit + ' ' + f.level + ' ' + t.id);\n"
        "  return 7;\n"
        "}\n";
    /* C++ sees a C enum member: AS_PROPERTY refuses it (C would make it uint), AS_ENUM_PROPERTY maps it */
    as_engine_set_message_callback(e, count_errors, nullptr);
    as_bind *lb = as_bind_begin(e, "lamp");
    AS_PROPERTY(as_bind_class_find(lb, "Lamp"), Lamp, color);
    if (as_bind_end(lb) != -1 || refusals != 1) return 1;
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    as_module_add_section(m, "cpp.as", src, strlen(src), 0);
    if (as_module_build(m) < 0) return 1;
    main_fn h = {};
    if (main_fn_find(&h, m, "main") != 0) return 1;
    as_context *ctx = as_context_create(e);
    int r = 0;
    int st = main_fn_call(&h, ctx, &r, "c++", Vec2{2, 3});
    main_fn_release(&h);
    as_context_destroy(ctx);
    as_engine_destroy(e);
    if (st != AS_EXECUTION_FINISHED || r != 7 || strcmp(out, "c++ 7 green 3 -2 9\n") != 0) {
        fprintf(stderr, "bind_cpp: state %d, result %d, output '%s'\n", st, r, out);
        return 1;
    }
    return 0;
}
