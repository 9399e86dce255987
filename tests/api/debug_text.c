/* Debuggers' text for registered types (as_type_set_debug_text, as_engine_debug_text): a host's
 * callback for its own value type, the text cut to the buffer with the whole length returned,
 * a template's callback serving its instances, removal, refusals; the debugger add-on printing
 * it; the add-ons' own texts (datetime, ref, any, weakref). */
#include "angelc.h"
#include "angelc_addons.h"
#include <stdio.h>
#include <string.h>
#include "check.h"

typedef struct vec2 {
    float x, y;
} vec2;

static int calls;

static int vec2_text(const void *obj, int type_id, char *buf, size_t size, void *user)
{
    const vec2 *v = obj;
    calls++;
    CHECK(user == &calls);
    CHECK(type_id > 0 && !(type_id & AS_TYPEID_OBJHANDLE));
    return snprintf(buf, size, "(%g, %g)", v->x, v->y);
}

static int array_text(const void *obj, int type_id, char *buf, size_t size, void *user)
{
    (void)user, (void)type_id;
    return snprintf(buf, size, "%u elements", as_array_size(obj));
}

static int declines(const void *obj, int type_id, char *buf, size_t size, void *user)
{
    (void)obj, (void)type_id, (void)buf, (void)size, (void)user;
    return -1;
}

static as_engine *engine(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e && as_register_std_addons(e) >= 0);
    REQUIRE(as_register_object_type(e, "vec2", (int)sizeof(vec2), AS_OBJ_VALUE | AS_OBJ_POD | AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_ALLFLOATS) >= 0);
    REQUIRE(as_register_object_property(e, "vec2", "float x", 0) >= 0);
    REQUIRE(as_register_object_property(e, "vec2", "float y", 4) >= 0);
    return e;
}

static void host_type(void)
{
    as_engine *e = engine();
    as_type *t = as_engine_type_by_name(e, "vec2");
    int tid = as_type_id(t);
    vec2 v = {1.5f, -2};
    char buf[64];
    /* none yet: the debugger's own text */
    CHECK(as_engine_debug_text(e, &v, tid, buf, sizeof buf) == AS_NO_FUNCTION);
    CHECK(as_type_set_debug_text(t, vec2_text, &calls) == AS_SUCCESS);
    CHECK(as_engine_debug_text(e, &v, tid, buf, sizeof buf) == 9 && STREQ(buf, "(1.5, -2)"));
    /* through a handle's type id too; cut to the buffer, with the whole length */
    CHECK(as_engine_debug_text(e, &v, tid | AS_TYPEID_OBJHANDLE, buf, 5) == 9 && STREQ(buf, "(1.5"));
    CHECK(as_engine_debug_text(e, &v, tid, NULL, 0) == 9);
    CHECK(calls == 3);
    /* the debugger add-on prints it */
    char *s = as_debugger_value_to_string(e, &v, tid, 1);
    CHECK(STREQ(s, "(1.5, -2)"));
    as_free_mem(s);
    /* a callback that declines, removal, refusals */
    CHECK(as_type_set_debug_text(t, declines, NULL) == AS_SUCCESS);
    CHECK(as_engine_debug_text(e, &v, tid, buf, sizeof buf) == AS_NO_FUNCTION);
    CHECK(as_type_set_debug_text(t, NULL, NULL) == AS_SUCCESS);
    CHECK(as_engine_debug_text(e, &v, tid, buf, sizeof buf) == AS_NO_FUNCTION);
    s = as_debugger_value_to_string(e, &v, tid, 1);
    CHECK(s && strncmp(s, "{vec2 ", 6) == 0);
    as_free_mem(s);
    CHECK(as_type_set_debug_text(NULL, vec2_text, NULL) == AS_INVALID_ARG);
    CHECK(as_type_set_debug_text(as_engine_type_by_id(e, AS_TYPEID_INT32), vec2_text, NULL) == AS_INVALID_ARG);
    int i = 3;
    CHECK(as_engine_debug_text(e, &i, AS_TYPEID_INT32, buf, sizeof buf) == AS_NO_FUNCTION);
    CHECK(as_engine_debug_text(e, NULL, tid, buf, sizeof buf) == AS_INVALID_ARG);
    CHECK(as_engine_debug_text(NULL, &v, tid, buf, sizeof buf) == AS_INVALID_ARG);
    CHECK(as_engine_debug_text(e, &v, 999999, buf, sizeof buf) == AS_NO_FUNCTION);
    as_engine_destroy(e);
}

static void template_instances(void)
{
    as_engine *e = engine();
    as_type *tmpl = as_engine_type_by_name(e, "array");
    REQUIRE(tmpl);
    CHECK(as_type_set_debug_text(tmpl, array_text, NULL) == AS_SUCCESS);
    int tid = as_engine_type_id_by_decl(e, "array<int>");
    REQUIRE(tid > 0);
    void *arr = as_engine_create_object(e, tid);
    REQUIRE(arr);
    as_array_resize(arr, 4);
    char buf[64];
    CHECK(as_engine_debug_text(e, arr, tid, buf, sizeof buf) > 0 && STREQ(buf, "4 elements"));
    /* an instance's own callback comes first */
    CHECK(as_type_set_debug_text(as_engine_type_by_id(e, tid), declines, NULL) == AS_SUCCESS);
    CHECK(as_engine_debug_text(e, arr, tid, buf, sizeof buf) == AS_NO_FUNCTION);
    as_engine_release_object(e, arr, tid);
    as_engine_destroy(e);
}

static void addon_texts(void)
{
    as_engine *e = engine();
    char buf[128];
    as_datetime_parts parts = {2024, 2, 29, 13, 45, 10, 0};
    void *dt = as_datetime_create(e, &parts);
    REQUIRE(dt);
    int dt_id = as_engine_type_id_by_decl(e, "datetime");
    CHECK(as_engine_debug_text(e, dt, dt_id, buf, sizeof buf) == 19 && STREQ(buf, "2024-02-29 13:45:10"));
    as_engine_release_object(e, dt, dt_id);

    /* ref, any and weakref through a script's variables */
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    REQUIRE(m);
    const char *code = "class C {}\n"
                       "C@ keep = C();\n"
                       "ref@ r = keep;\n"
                       "ref@ none;\n"
                       "any a(3.5);\n"
                       "any empty;\n"
                       "weakref<C> w(keep);\n"
                       "weakref<C> gone(C());\n";
    REQUIRE(as_module_add_section(m, "m", code, strlen(code), 0) >= 0);
    REQUIRE(as_module_build(m) >= 0);
    static const struct {
        const char *name, *text;
    } want[] = {
        {"r", "ref to C@"}, {"none", "ref (null)"}, {"a", "any (double)"}, {"empty", "any (empty)"}, {"w", "alive"}, {"gone", "gone"},
    };
    for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
        int g = as_module_global_index_by_name(m, want[i].name);
        int tid = 0;
        REQUIRE(g >= 0 && as_module_global(m, g, NULL, NULL, &tid, NULL) >= 0);
        void *addr = as_module_global_address(m, g);
        const void *obj = (tid & AS_TYPEID_OBJHANDLE) ? *(void **)addr : addr;
        buf[0] = 0;
        int n = as_engine_debug_text(e, obj, tid, buf, sizeof buf);
        if (n < 0 || strcmp(buf, want[i].text) != 0) {
            fprintf(stderr, "%s: got %d \"%s\", want \"%s\"\n", want[i].name, n, buf, want[i].text);
            failures++;
        }
    }
    as_engine_destroy(e);
}

int main(void)
{
    group_alarm = 30;
    group("host_type", host_type);
    group("template_instances", template_instances);
    group("addon_texts", addon_texts);
    if (failures) fprintf(stderr, "%d failure(s)\n", failures);
    return failures ? 1 : 0;
}
