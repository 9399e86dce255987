/* The array add-on from C: arrays made and read by host functions, an array returned by a
 * script function, and registration without the default array type. */
#include "angelc.h"
#include "angelc_addons.h"
#include <stdio.h>
#include <string.h>
#include "check.h"

static int errors;
static char last_error[256];
static void on_message(const as_message *m, void *user)
{
    (void)user;
    if (m->type == AS_MSG_ERROR) {
        if (!errors) snprintf(last_error, sizeof last_error, "%s", m->message);
        errors++;
    }
}

/* a value type without a default constructor */
static void nodef_construct(as_generic *g) { *(int *)as_generic_object(g) = (int)as_generic_arg_dword(g, 0); }
static void nodef_destruct(as_generic *g) { (void)g; }

/* array<string>@ names(uint n): "n0", "n1", ... made from C */
static void names(as_generic *g)
{
    as_engine *e = as_generic_engine(g);
    as_type *t = as_engine_type_by_decl(e, "array<string>");
    void *arr = as_array_create(t, 0);
    uint32_t n = as_generic_arg_dword(g, 0);
    for (uint32_t i = 0; i < n; i++) {
        char buf[16];
        snprintf(buf, sizeof buf, "n%u", (unsigned)i);
        void *s = as_engine_create_object(e, as_engine_type_id_by_decl(e, "string"));
        as_string_assign(s, buf, strlen(buf));
        as_array_insert_last(arr, s);
        as_engine_release_object(e, s, as_engine_type_id_by_decl(e, "string"));
    }
    as_generic_set_return_address(g, arr);
}

/* int total(const array<int> &in) read from C */
static void total(as_generic *g)
{
    void *arr = as_generic_arg_object(g, 0);
    int sum = 0;
    for (uint32_t i = 0; i < as_array_size(arr); i++) sum += *(int *)as_array_at(arr, i);
    CHECK(as_array_at(arr, as_array_size(arr)) == NULL);
    CHECK(as_array_element_type_id(arr) == AS_TYPEID_INT32);
    as_generic_set_return_dword(g, (uint32_t)sum);
}

static const char *script =
    "array<int>@ squares(int n) { array<int> r; for (int i = 0; i < n; i++) r.insertLast(i * i); return r; }\n"
    "int main2() {\n"
    "  array<string>@ s = names(3);\n"
    "  if (s.length() != 3 || s[2] != 'n2') return -1;\n"
    "  int[] v = {1, 2, 3, 4};\n"
    "  return total(v) + total(squares(4));\n"
    "}\n";

static as_engine *new_engine(bool as_default)
{
    as_engine *e = as_engine_create();
    as_engine_set_message_callback(e, on_message, NULL);
    CHECK(as_register_string(e) >= 0);
    CHECK(as_register_array(e, as_default) >= 0);
    return e;
}

int main(void)
{
    as_engine *e = new_engine(true);
    CHECK(as_register_global_function(e, "array<string>@ names(uint)", AS_FN(names), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_global_function(e, "int total(const array<int> &in)", AS_FN(total), AS_CALL_GENERIC, NULL) >= 0);
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    as_module_add_section(m, "array.as", script, strlen(script), 0);
    CHECK(as_module_build(m) >= 0);

    as_context *ctx = as_context_create(e);
    as_function *f = as_module_function_by_decl(m, "int main2()");
    CHECK(f != NULL);
    if (f) {
        CHECK(as_context_prepare(ctx, f) >= 0);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        CHECK((int)as_context_return_dword(ctx) == 10 + 14);
    }

    /* an array returned to C: kept past the context's next prepare by a reference of our own */
    f = as_module_function_by_decl(m, "array<int>@ squares(int)");
    CHECK(f != NULL);
    if (f) {
        int tid = as_engine_type_id_by_decl(e, "array<int>");
        CHECK(as_context_prepare(ctx, f) >= 0);
        as_context_set_arg_dword(ctx, 0, 5);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        void *arr = as_context_return_object(ctx);
        CHECK(arr != NULL);
        if (arr) {
            as_engine_addref_object(e, arr, tid);
            as_context_unprepare(ctx);
            CHECK(as_array_size(arr) == 5);
            CHECK(*(int *)as_array_at(arr, 4) == 16);
            CHECK(as_array_resize(arr, 7));
            CHECK(*(int *)as_array_at(arr, 6) == 0);
            int v = 99;
            CHECK(as_array_insert_last(arr, &v));
            CHECK(as_array_size(arr) == 8 && *(int *)as_array_at(arr, 7) == 99);
            as_engine_release_object(e, arr, tid);
        }
    }
    as_context_destroy(ctx);
    CHECK(errors == 0);
    as_engine_destroy(e);

    /* without the default array type, T[] is not a type but array<T> is */
    e = new_engine(false);
    errors = 0;
    m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    const char *bad = "void f() { int[] a; }\n";
    as_module_add_section(m, "bad.as", bad, strlen(bad), 0);
    CHECK(as_module_build(m) < 0 && errors > 0);
    errors = 0;
    m = as_engine_get_module(e, "m2", AS_GM_ALWAYS_CREATE);
    const char *good = "int f() { array<int> a = {1, 2}; return a[1]; }\n";
    as_module_add_section(m, "good.as", good, strlen(good), 0);
    CHECK(as_module_build(m) >= 0 && errors == 0);
    /* registering twice fails */
    CHECK(as_register_array(e, false) < 0);

    /* elements must be default constructible: the template callback rejects the subtype */
    CHECK(as_register_object_type(e, "nodef", 4, AS_OBJ_VALUE | AS_OBJ_APP_CLASS) >= 0);
    CHECK(as_register_object_behaviour(e, "nodef", AS_BEHAVE_CONSTRUCT, "void f(int)", AS_FN(nodef_construct), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_behaviour(e, "nodef", AS_BEHAVE_DESTRUCT, "void f()", AS_FN(nodef_destruct), AS_CALL_GENERIC, NULL) >= 0);
    errors = 0;
    m = as_engine_get_module(e, "m3", AS_GM_ALWAYS_CREATE);
    const char *nodef = "void f() { array<nodef> a; }\n";
    as_module_add_section(m, "nodef.as", nodef, strlen(nodef), 0);
    CHECK(as_module_build(m) < 0 && errors > 0);
    CHECK(strcmp(last_error, "The subtype has no default constructor") == 0);
    as_engine_destroy(e);

    if (failures) fprintf(stderr, "%d check(s) failed\n", failures);
    return failures ? 1 : 0;
}
