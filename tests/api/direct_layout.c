/* Containers and counted types a host registers with a direct layout (as_type_set_elements,
 * as_type_set_refcount_offset, as_function_set_intrinsic): indexing and length() compile to
 * direct accesses with the same results and exceptions as the calls; the VM counts references
 * itself and calls RELEASE for the last one only; misuse is refused with a message; bytecode
 * compiled against one layout is refused by an engine whose container is laid out otherwise. */
#include "angelc.h"
#include "check.h"
#include <stddef.h>

/* A host container of ints: the layout differs from the array add-on's on purpose. */
typedef struct ivec {
    char pad[3];
    uint32_t n;
    int refs;
    int *items;
} ivec;

static int calls_index, calls_length, releases, frees;
static ivec *ivec_new(void)
{
    ivec *v = calloc(1, sizeof *v);
    v->refs = 1;
    v->n = 4;
    v->items = calloc(4, sizeof(int));
    for (int i = 0; i < 4; i++) v->items[i] = (i + 1) * 10;
    return v;
}
static void ivec_factory(as_generic *g) { as_generic_set_return_address(g, ivec_new()); }   /* the new reference is the caller's */
static void ivec_addref(as_generic *g) { ((ivec *)as_generic_object(g))->refs++; }
static void ivec_release(as_generic *g)
{
    ivec *v = as_generic_object(g);
    releases++;
    if (--v->refs == 0) { free(v->items); free(v); frees++; }
}
static void ivec_index(as_generic *g)
{
    ivec *v = as_generic_object(g);
    uint32_t i = as_generic_arg_dword(g, 0);
    calls_index++;
    if (i >= v->n) { as_context_set_exception(as_active_context(), "Index out of bounds", true); return; }
    as_generic_set_return_address(g, &v->items[i]);
}
static void ivec_length(as_generic *g) { calls_length++; as_generic_set_return_dword(g, ((ivec *)as_generic_object(g))->n); }

static char printed[512];
static void print_int(as_generic *g) { snprintf(printed + strlen(printed), sizeof printed - strlen(printed), "%d ", (int)as_generic_arg_dword(g, 0)); }

static char messages[1024];
static void on_message(const as_message *msg, void *user)
{
    (void)user;
    snprintf(messages + strlen(messages), sizeof messages - strlen(messages), "%s\n", msg->message);
}

/* An engine with ivec registered; direct: with the layout and intrinsics. */
static as_engine *make_engine(bool direct, size_t data_offset)
{
    as_engine *e = as_engine_create();
    as_engine_set_message_callback(e, on_message, NULL);
    REQUIRE(as_register_object_type(e, "ivec", 0, AS_OBJ_REF) >= 0);
    REQUIRE(as_register_object_behaviour(e, "ivec", AS_BEHAVE_FACTORY, "ivec@ f()", AS_FN(ivec_factory), AS_CALL_GENERIC, NULL) >= 0);
    REQUIRE(as_register_object_behaviour(e, "ivec", AS_BEHAVE_ADDREF, "void f()", AS_FN(ivec_addref), AS_CALL_GENERIC, NULL) >= 0);
    REQUIRE(as_register_object_behaviour(e, "ivec", AS_BEHAVE_RELEASE, "void f()", AS_FN(ivec_release), AS_CALL_GENERIC, NULL) >= 0);
    int idx = as_register_object_method(e, "ivec", "int &opIndex(uint)", AS_FN(ivec_index), AS_CALL_GENERIC, NULL);
    int len = as_register_object_method(e, "ivec", "uint length() const", AS_FN(ivec_length), AS_CALL_GENERIC, NULL);
    REQUIRE(idx >= 0 && len >= 0);
    REQUIRE(as_register_global_function(e, "void print(int)", AS_FN(print_int), AS_CALL_GENERIC, NULL) >= 0);
    if (direct) {
        as_type *t = as_engine_type_by_name(e, "ivec");
        REQUIRE(as_type_set_elements(t, data_offset, offsetof(ivec, n)) == AS_SUCCESS);
        REQUIRE(as_type_set_refcount_offset(t, offsetof(ivec, refs)) == AS_SUCCESS);
        REQUIRE(as_function_set_intrinsic(as_engine_function_by_id(e, idx), AS_INTRINSIC_INDEX) == AS_SUCCESS);
        REQUIRE(as_function_set_intrinsic(as_engine_function_by_id(e, len), AS_INTRINSIC_LENGTH) == AS_SUCCESS);
    }
    return e;
}

static const char *script =
    "class H { ivec@ v = ivec(); int sum() { int s = 0; for (uint i = 0; i < v.length(); i++) s += v[i]; return s; } }\n"
    "void main() {\n"
    "  ivec@ a = ivec(); ivec@ b = a; a[1] += 5; print(b[1]); print(a.length());\n"
    "  H h; print(h.sum());\n"
    "  uint i = 2; print(a[i]);\n"
    "  try { print(a[4]); } catch { print(-1); }\n"
    "  ivec@ n; try { print(n[0]); } catch { print(-2); }\n"
    "  @b = null; @a = null;\n"
    "}\n";

static as_module *build(as_engine *e, const char *src)
{
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    as_module_add_section(m, "t.as", src, strlen(src), 0);
    return as_module_build(m) >= 0 ? m : NULL;
}

static void run_main(as_engine *e, as_module *m)
{
    as_context *ctx = as_context_create(e);
    as_context_prepare(ctx, as_module_function_by_name(m, "main"));
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    as_context_destroy(ctx);
}

/* The same output with and without the direct layout; no calls with it. */
static void same_results(void)
{
    const char *expect = "25 4 100 30 -1 -2 ";
    for (int direct = 0; direct < 2; direct++) {
        printed[0] = 0;
        calls_index = calls_length = releases = frees = 0;
        as_engine *e = make_engine(direct, offsetof(ivec, items));
        as_module *m = build(e, script);
        REQUIRE(m);
        run_main(e, m);
        if (!STREQ(printed, expect)) { fprintf(stderr, "direct=%d printed '%s'\n", direct, printed); failures++; }
        if (direct) {
            CHECK(calls_index == 0 && calls_length == 0);
            /* counted by the VM: RELEASE runs for the last reference of each object only */
            if (releases != frees) { fprintf(stderr, "releases %d frees %d\n", releases, frees); failures++; }
        } else {
            CHECK(calls_index > 0 && calls_length > 0);
            CHECK(releases > frees);
        }
        as_engine_destroy(e);
        if (frees != 2) { fprintf(stderr, "direct=%d frees %d releases %d\n", direct, frees, releases); failures++; }   /* a and h.v */
    }
}

static void misuse(void)
{
    messages[0] = 0;
    as_engine *e = make_engine(false, 0);
    as_type *t = as_engine_type_by_name(e, "ivec");
    CHECK(as_type_set_elements(NULL, 0, 0) == AS_INVALID_ARG);
    CHECK(as_type_set_elements(as_engine_type_by_name(e, "int"), 0, 0) == AS_INVALID_ARG);
    CHECK(as_type_set_elements(t, 70000, 0) == AS_INVALID_ARG);
    CHECK(as_type_set_refcount_offset(t, 70000) == AS_INVALID_ARG);
    int fid = as_register_object_method(e, "ivec", "int sum(int)", AS_FN(ivec_length), AS_CALL_GENERIC, NULL);
    REQUIRE(fid >= 0);
    CHECK(as_function_set_intrinsic(as_engine_function_by_id(e, fid), AS_INTRINSIC_INDEX) == AS_INVALID_ARG);
    CHECK(as_function_set_intrinsic(as_engine_function_by_id(e, fid), AS_INTRINSIC_LENGTH) == AS_INVALID_ARG);
    CHECK(as_function_set_intrinsic(as_engine_function_by_id(e, fid), (as_intrinsic)99) == AS_INVALID_ARG);
    CHECK(strstr(messages, "as_type_set_elements: ") != NULL);
    CHECK(strstr(messages, "as_function_set_intrinsic: the method's declaration does not have that shape") != NULL);
    /* marked intrinsics without a layout are plain calls */
    int idx = as_register_object_method(e, "ivec", "int &get(uint)", AS_FN(ivec_index), AS_CALL_GENERIC, NULL);
    CHECK(as_function_set_intrinsic(as_engine_function_by_id(e, idx), AS_INTRINSIC_INDEX) == AS_SUCCESS);
    printed[0] = 0;
    as_module *m = build(e, "void main() { ivec v; print(v.get(3)); }\n");
    REQUIRE(m);
    run_main(e, m);
    CHECK(STREQ(printed, "40 "));
    as_engine_destroy(e);
}

/* Bytecode saved with one layout loads where the layout is the same and is refused elsewhere. */
static void bytecode_layout(void)
{
    as_engine *e = make_engine(true, offsetof(ivec, items));
    as_module *m = build(e, script);
    REQUIRE(m);
    void *data = NULL;
    size_t size = 0;
    REQUIRE(as_module_save_bytecode_to_memory(m, false, &data, &size) >= 0);
    as_engine_destroy(e);

    as_engine *same = make_engine(true, offsetof(ivec, items));
    as_module *m2 = as_engine_get_module(same, "m", AS_GM_ALWAYS_CREATE);
    CHECK(as_module_load_bytecode_from_memory(m2, data, size, NULL) >= 0);
    printed[0] = 0;
    run_main(same, m2);
    CHECK(STREQ(printed, "25 4 100 30 -1 -2 "));
    as_engine_destroy(same);

    messages[0] = 0;
    as_engine *other = make_engine(true, offsetof(ivec, pad));
    as_module *m3 = as_engine_get_module(other, "m", AS_GM_ALWAYS_CREATE);
    CHECK(as_module_load_bytecode_from_memory(m3, data, size, NULL) < 0);
    CHECK(strstr(messages, "not the container layout of the type") != NULL);
    as_engine_destroy(other);
    as_free_mem(data);
}

int main(void)
{
    group("same_results", same_results);
    group("misuse", misuse);
    group("bytecode_layout", bytecode_layout);
    if (failures) fprintf(stderr, "direct_layout: %d failure(s)\n", failures);
    return failures ? 1 : 0;
}
