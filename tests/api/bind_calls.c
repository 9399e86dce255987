/* Binding toolkit: typed calls into scripts. A handle declared from the C signature is looked up
 * and checked once (a mismatch names both types), then called many times: scalars, enums, C
 * strings both ways, structs by value and by reference, handles with their types checked,
 * references, methods of script objects, function handles the script hands over, and
 * exceptions reported with message, function and line. */
#include "bind_support.h"

typedef struct Vec2 { float x, y; } Vec2;
typedef enum Team { TEAM_RED, TEAM_BLUE } Team;
typedef struct Unit { int refs; int id; } Unit;
typedef struct Other { int refs; } Other;
static Unit *unit_new(void) { Unit *u = calloc(1, sizeof *u); u->refs = 1; u->id = 7; return u; }
static void unit_free(Unit *u) { free(u); }
static Other *other_new(void) { Other *o = calloc(1, sizeof *o); o->refs = 1; return o; }
static void other_free(Other *o) { free(o); }

AS_SCRIPT_FUNC(add_fn, int, int, int);
AS_SCRIPT_FUNC(scale_fn, Vec2, Vec2, float);
AS_SCRIPT_FUNC(len_fn, float, const Vec2 *);
AS_SCRIPT_FUNC(greet_fn, const char *, const char *, Team);
AS_SCRIPT_FUNC(tick_fn, void, void);
AS_SCRIPT_FUNC(unit_fn, int, Unit *);
AS_SCRIPT_FUNC(make_unit_fn, Unit *, int);
AS_SCRIPT_FUNC(describe_fn, const char *, double);
AS_SCRIPT_FUNC(twice_fn, void, int *);
AS_SCRIPT_FUNC(wrong_fn, int, double, int);
AS_SCRIPT_FUNC(other_fn, int, Other *);
AS_SCRIPT_FUNC(cb_fn, int, int);

static const char *script =
    "int add(int a, int b) { return a + b; }\n"
    "Vec2 scale(Vec2 v, float k) { Vec2 r; r.x = v.x * k; r.y = v.y * k; return r; }\n"
    "float len(const Vec2 &in v) { return v.x + v.y; }\n"
    "string greet(const string &in name, Team t) { return 'hi ' + name + (t == Blue ? ' (blue)' : ' (red)'); }\n"
    "int ticks = 0;\n"
    "void tick() { ticks++; }\n"
    "int unitId(Unit@ u) { return u is null ? -1 : u.id; }\n"
    "Unit@ makeUnit(int id) { Unit@ u = Unit(); u.id = id; return u; }\n"
    "string describe(double v) { return 'some value ' + v; }\n"
    "void twice(int &out x) { x = 42; }\n"
    "int fail(int x) { int[] a; return a[x]; }\n"
    "funcdef int Callback(int);\n"
    "int triple(int x) { return 3 * x; }\n"
    "Callback@ pick() { return triple; }\n"
    "class Counter { int n = 0; int add(int k) { n += k; return n; } }\n"
    "class Other2 { int x = 1; }\n";

static as_engine *setup(as_module **m)
{
    as_engine *e = test_engine();
    as_bind *b = as_bind_begin(e, "calls");
    as_bind_class *v = AS_VALUE_CLASS(b, Vec2, "Vec2", AS_OBJ_POD);
    AS_PROPERTY(v, Vec2, x);
    AS_PROPERTY(v, Vec2, y);
    as_bind_enum *t = AS_ENUM(b, Team, "Team");
    AS_ENUM_VALUE(t, "Red", TEAM_RED);
    AS_ENUM_VALUE(t, "Blue", TEAM_BLUE);
    as_bind_class *u = AS_REF_CLASS(b, Unit, "Unit", 0);
    AS_REFCOUNT(u, Unit, refs, unit_free);
    AS_CONSTRUCTOR(u, "", unit_new, Unit *, void);
    AS_PROPERTY(u, Unit, id);
    as_bind_class *o = AS_REF_CLASS(b, Other, "Other", 0);
    AS_REFCOUNT(o, Other, refs, other_free);
    AS_CONSTRUCTOR(o, "", other_new, Other *, void);
    REQUIRE_M(as_bind_end(b) == 0);
    *m = build(e, script);
    if (!*m) fprintf(stderr, "%s", messages);
    REQUIRE_M(*m != NULL);
    return e;
}

static void test_calls(void)
{
    as_module *m;
    as_engine *e = setup(&m);
    as_context *ctx = as_context_create(e);

    add_fn add = {0};
    REQUIRE_M(add_fn_find(&add, m, "add") == 0);
    int sum = 0;
    for (int i = 0; i < 1000; i++) CHECK(add_fn_call(&add, ctx, &sum, i, 1) == AS_EXECUTION_FINISHED && sum == i + 1);

    scale_fn scale = {0};
    REQUIRE_M(scale_fn_find(&scale, m, "Vec2 scale(Vec2, float)") == 0);
    Vec2 r = {0, 0};
    CHECK(scale_fn_call(&scale, ctx, &r, (Vec2){1.5f, -2}, 2) == 0 && r.x == 3 && r.y == -4);

    len_fn len = {0};
    REQUIRE_M(len_fn_find(&len, m, "len") == 0);
    float l = 0;
    Vec2 v = {2, 5};
    CHECK(len_fn_call(&len, ctx, &l, &v) == 0 && l == 7);
    CHECK(len_fn_call(&len, ctx, &l, NULL) == AS_INVALID_ARG);
    EXPECT_MESSAGE("a NULL pointer for a reference parameter");

    greet_fn greet = {0};
    REQUIRE_M(greet_fn_find(&greet, m, "greet") == 0);
    const char *text = NULL;
    CHECK(greet_fn_call(&greet, ctx, &text, "ann", TEAM_BLUE) == 0 && STREQ(text, "hi ann (blue)"));
    CHECK(greet_fn_call(&greet, ctx, &text, NULL, TEAM_RED) == 0 && STREQ(text, "hi  (red)"));

    tick_fn tick = {0};
    REQUIRE_M(tick_fn_find(&tick, m, "tick") == 0);
    for (int i = 0; i < 3; i++) CHECK(tick_fn_call(&tick, ctx, NULL) == 0);
    CHECK(*(int *)as_module_global_address(m, as_module_global_index_by_name(m, "ticks")) == 3);

    unit_fn uid = {0};
    REQUIRE_M(unit_fn_find(&uid, m, "unitId") == 0);
    Unit *unit = unit_new();
    int id = 0;
    CHECK(unit_fn_call(&uid, ctx, &id, unit) == 0 && id == 7);
    CHECK(unit_fn_call(&uid, ctx, &id, NULL) == 0 && id == -1);
    CHECK(unit->refs == 1);

    make_unit_fn mk = {0};
    REQUIRE_M(make_unit_fn_find(&mk, m, "makeUnit") == 0);
    Unit *made = NULL;
    CHECK(make_unit_fn_call(&mk, ctx, &made, 42) == 0 && made && made->id == 42);
    as_context_unprepare(ctx);
    CHECK(made && made->refs == 1);   /* the caller's reference */
    if (made) unit_free(made);
    unit_free(unit);

    describe_fn desc = {0};
    REQUIRE_M(describe_fn_find(&desc, m, "describe") == 0);
    CHECK(describe_fn_call(&desc, ctx, &text, 1.5) == 0 && STREQ(text, "some value 1.5"));

    twice_fn twice = {0};
    REQUIRE_M(twice_fn_find(&twice, m, "twice") == 0);
    int x = 21;
    CHECK(twice_fn_call(&twice, ctx, NULL, &x) == 0 && x == 42);

    /* a function handle the script gives */
    as_function *pick = as_module_function_by_name(m, "pick");
    as_context_prepare(ctx, pick);
    REQUIRE_M(as_context_execute(ctx) == 0);
    as_function *cb = as_context_return_address(ctx);
    cb_fn callback = {0};
    REQUIRE_M(cb_fn_set(&callback, cb) == 0);
    int tripled = 0;
    CHECK(cb_fn_call(&callback, ctx, &tripled, 5) == 0 && tripled == 15);

    /* a method of a script object */
    as_type *counter_t = as_module_type_by_name(m, "Counter");
    void *counter = as_engine_create_object(e, as_type_id(counter_t));
    cb_fn addk = {0};
    REQUIRE_M(cb_fn_find_method(&addk, counter_t, "add") == 0);
    int n = 0;
    CHECK(cb_fn_call_on(&addk, ctx, counter, &n, 4) == 0 && n == 4);
    CHECK(cb_fn_call_on(&addk, ctx, counter, &n, 5) == 0 && n == 9);
    /* the object must be of the method's class, and a method needs one */
    messages[0] = 0;
    void *other_obj = as_engine_create_object(e, as_type_id(as_module_type_by_name(m, "Other2")));
    CHECK(cb_fn_call_on(&addk, ctx, other_obj, &n, 1) == AS_INVALID_TYPE);
    EXPECT_MESSAGE("typed call: the object is a 'Other2', not a 'Counter'");
    CHECK(cb_fn_call(&addk, ctx, &n, 1) == AS_INVALID_ARG);
    EXPECT_MESSAGE("typed call: a method needs its object");
    CHECK(cb_fn_call_on(&callback, ctx, counter, &n, 1) == AS_INVALID_ARG);
    as_engine_release_object(e, other_obj, as_type_id(as_module_type_by_name(m, "Other2")));
    as_engine_release_object(e, counter, as_type_id(counter_t));

    /* exceptions: the state, and a message with the function and line */
    add_fn fail = {0};
    REQUIRE_M(add_fn_find(&fail, m, "fail") == AS_INVALID_TYPE);   /* fail takes one int */
    cb_fn failing = {0};
    REQUIRE_M(cb_fn_find(&failing, m, "fail") == 0);
    messages[0] = 0;
    CHECK(cb_fn_call(&failing, ctx, &n, 3) == AS_EXECUTION_EXCEPTION);
    EXPECT_MESSAGE("test.as:11: error: script exception in 'int fail(int)': Index out of bounds (in 'int fail(int)')");

    add_fn_release(&add); scale_fn_release(&scale); len_fn_release(&len); greet_fn_release(&greet);
    tick_fn_release(&tick); unit_fn_release(&uid); make_unit_fn_release(&mk); describe_fn_release(&desc);
    twice_fn_release(&twice); cb_fn_release(&callback); cb_fn_release(&addk); cb_fn_release(&failing);
    as_function_release(cb);
    as_context_destroy(ctx);
    as_engine_destroy(e);
}

/* Mismatches are refused when the handle is made, naming the C type and the script's. */
static void test_mismatch(void)
{
    as_module *m;
    as_engine *e = setup(&m);
    messages[0] = 0;
    wrong_fn w = {0};
    CHECK(wrong_fn_find(&w, m, "add") == AS_INVALID_TYPE);
    EXPECT_MESSAGE("typed call to 'int add(int a, int b)': parameter 1: the C type 'double' can't pass to the script's 'int a'");
    other_fn o = {0};
    CHECK(other_fn_find(&o, m, "unitId") == AS_INVALID_TYPE);
    EXPECT_MESSAGE("parameter 1: the C type 'Other *' can't pass to the script's 'Unit@ u'");
    len_fn l = {0};
    CHECK(len_fn_find(&l, m, "greet") == AS_INVALID_TYPE);
    EXPECT_MESSAGE("the C signature has 1 parameters, the script function 2");
    add_fn a = {0};
    CHECK(add_fn_find(&a, m, "nothing") == AS_NO_FUNCTION);
    EXPECT_MESSAGE("module 'm' has no function 'nothing'");
    greet_fn g = {0};
    CHECK(greet_fn_find(&g, m, "scale") == AS_INVALID_TYPE);
    /* an unchecked handle refuses to call */
    as_context *ctx = as_context_create(e);
    int r = 0;
    CHECK(add_fn_call(&a, ctx, &r, 1, 2) == AS_NO_FUNCTION);
    as_context_destroy(ctx);
    as_engine_destroy(e);
}

int main(void)
{
    group("calls", test_calls);
    group("mismatch", test_mismatch);
    return failures ? 1 : 0;
}
