/* Binding toolkit: binds declared at file scope run in order (declaration binds first, then by
 * order, then by name), each in a clean scope; they can be listed and switched off by name and
 * run on several engines; a failure fails its bind with the bind's name and the line, and says
 * when a type it needs is declared by a bind that runs later. */
#include "bind_support.h"

static char trace[512];
static void note(const char *what)
{
    size_t n = strlen(trace);
    snprintf(trace + n, sizeof trace - n, "%s%s", n ? " " : "", what);
}

typedef struct Counter { int n; } Counter;
static void counter_add(Counter *c, int k) { c->n += k; }
static int counter_get(const Counter *c) { return c->n; }

/* declared in a scrambled order on purpose */
AS_BIND(late_plus, AS_BIND_LATE + 100) { (void)b; note("late+100"); }
AS_BIND(normal_b, AS_BIND_NORMAL) { (void)b; note("normal_b"); }
AS_BIND(normal_a, AS_BIND_NORMAL) { (void)b; note("normal_a"); }
AS_BIND(before_early, AS_BIND_EARLY - 1) { (void)b; note("early-1"); }
AS_BIND(between, -50) { (void)b; note("-50"); }
AS_BIND(members, AS_BIND_EARLY)
{
    note("members");
    as_bind_class *c = as_bind_class_find(b, "Counter");
    AS_METHOD(c, "add", counter_add, void, Counter *, int);
    AS_METHOD(c, "get", counter_get, int, const Counter *);
}
AS_BIND_TYPES(types_late, AS_BIND_LATE) { (void)b; note("types_late"); }
AS_BIND_TYPES(types, AS_BIND_NORMAL)
{
    note("types");
    AS_VALUE_CLASS(b, Counter, "Counter", AS_OBJ_POD);
}
/* leaves a namespace open: the next bind must not start in it */
AS_BIND(ns_leak, AS_BIND_NORMAL + 1)
{
    note("ns_leak");
    as_bind_namespace_push(b, "leaky");
}
AS_BIND(after_leak, AS_BIND_NORMAL + 2)
{
    note("after_leak");
    if (strcmp(as_engine_get_default_namespace(as_bind_engine(b)), "") != 0) note("LEAKED");
}
/* a bind switched off by name */
AS_BIND(switched_off, AS_BIND_NORMAL) { (void)b; note("SWITCHED_OFF_RAN"); }

static void test_order(void)
{
    as_engine *e = test_engine();
    CHECK(as_bind_set_enabled("switched_off", false) == 0);
    CHECK(as_bind_set_enabled("no_such_bind", false) == AS_INVALID_NAME);
    int ran = as_bind_run(e);
    CHECK(ran == 10);
    if (!STREQ(trace, "types types_late early-1 members -50 normal_a normal_b ns_leak after_leak late+100"))
        fprintf(stderr, "order: %s\n", trace), failures++;
    CHECK(STREQ(messages, ""));
    CHECK(as_bind_run(e) == AS_ALREADY_REGISTERED);
    EXPECT_MESSAGE("as_bind_run: the binds ran on this engine already");
    messages[0] = 0;
    CHECK(run(e, "void main() { Counter c; c.add(2); c.add(3); print('' + c.get()); }") == 0);
    EXPECT_OUTPUT("5\n");
    /* the list in run order */
    CHECK(as_bind_count() == 14);   /* with the three of the failure group */
    CHECK(STREQ(as_bind_at(0)->name, "types") && as_bind_at(0)->declares);
    CHECK(STREQ(as_bind_at(2)->name, "before_early") && as_bind_at(2)->order == AS_BIND_EARLY - 1);
    CHECK(as_bind_at(14) == NULL);
    as_engine_destroy(e);
    /* a second engine gets the same */
    trace[0] = 0;
    as_engine *e2 = test_engine();
    CHECK(as_bind_run(e2) == 10);
    CHECK(run(e2, "void main() { Counter c; c.add(4); print('' + c.get()); }") == 0);
    EXPECT_OUTPUT("4\n");
    as_engine_destroy(e2);
}

/* ---- failures ---- */

typedef struct Gadget { int id; } Gadget;
static int gadget_id(const Gadget *g) { return g->id; }
static void raw_fn(as_generic *g) { (void)g; }

/* These binds only run in the failure group (switched on there). */
AS_BIND(uses_gadget, 0)
{
    /* Gadget is declared by a bind that runs later: the failure says so */
    as_bind_class *c = as_bind_class_find(b, "Gadget");
    AS_METHOD(c, "id", gadget_id, int, const Gadget *);
    AS_FUNCTION(b, "makeNothing", gadget_id, int, const Gadget *);
}
AS_BIND(declares_gadget, 10)
{
    AS_REF_CLASS(b, Gadget, "Gadget", AS_OBJ_NOCOUNT);
}
AS_BIND(forgets_to_check, 20)
{
    /* a direct registration that fails: the bind fails although it returns nothing */
    as_register_global_function(as_bind_engine(b), "void broken(Unknown)", AS_FN(raw_fn), AS_CALL_GENERIC, NULL);
}

static const char *const failing[] = {"uses_gadget", "declares_gadget", "forgets_to_check"};

static void test_failures(void)
{
    for (int i = 0; i < as_bind_count(); i++) as_bind_set_enabled(as_bind_at(i)->name, false);
    for (int i = 0; i < 3; i++) as_bind_set_enabled(failing[i], true);
    as_engine *e = test_engine();
    CHECK(as_bind_run(e) == -2);
    EXPECT_MESSAGE("error: bind 'uses_gadget': no class 'Gadget'");
    EXPECT_MESSAGE("info: bind 'uses_gadget': type 'Gadget' is declared by bind 'declares_gadget' (");
    EXPECT_MESSAGE("which runs after it (order 0, order 10)");
    EXPECT_MESSAGE("error: bind 'uses_gadget': global: makeNothing: parameter 1: the C type 'const Gadget *' has no script type");
    EXPECT_MESSAGE("bind_order.c:");
    EXPECT_MESSAGE("error: bind 'forgets_to_check': ");
    as_engine_destroy(e);
}

/* Two binds declare one type: the second's error names the first declarer, its file and line. */
typedef enum Mode { MODE_A, MODE_B } Mode;
static void test_declared_twice(void)
{
    as_engine *e = test_engine();
    as_bind *b = as_bind_begin(e, "first");
    int class_line = __LINE__ + 1;
    AS_REF_CLASS(b, Gadget, "Gadget", AS_OBJ_NOCOUNT);
    int enum_line = __LINE__ + 1;
    AS_ENUM(b, Mode, "Mode");
    AS_NAMESPACE(b, "ui") { AS_VALUE_CLASS(b, Counter, "Panel", AS_OBJ_POD); }
    REQUIRE(as_bind_end(b) == 0);
    b = as_bind_begin(e, "second");
    AS_REF_CLASS(b, Gadget, "Gadget", AS_OBJ_NOCOUNT);
    AS_ENUM(b, Mode, "Mode");
    AS_NAMESPACE(b, "ui") { AS_VALUE_CLASS(b, Counter, "Panel", AS_OBJ_POD); }
    AS_VALUE_CLASS(b, Counter, "Panel", AS_OBJ_POD);   /* another namespace: another type */
    CHECK(as_bind_end(b) == -3);
    char want[600];
    snprintf(want, sizeof want, "error: bind 'second': reference class 'Gadget' is declared already, by bind 'first' at %s:%d",
             __FILE__, class_line);
    EXPECT_MESSAGE(want);
    snprintf(want, sizeof want, "error: bind 'second': enum 'Mode' is declared already, by bind 'first' at %s:%d", __FILE__,
             enum_line);
    EXPECT_MESSAGE(want);
    EXPECT_MESSAGE("value class 'ui::Panel' is declared already, by bind 'first'");
    as_engine_destroy(e);
}

int main(void)
{
    for (int i = 0; i < 3; i++) as_bind_set_enabled(failing[i], false);
    group("order", test_order);
    group("failures", test_failures);
    group("declared twice", test_declared_twice);
    return failures ? 1 : 0;
}
