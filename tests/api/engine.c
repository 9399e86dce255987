/* Engine API: as_engine_create/destroy, the message callback (section/row/col/type/text of a
 * compile error, as_engine_write_message, as_message_discard: messages dropped), engine properties (defaults
 * of the reference 2.35.1, set/get, invalid ids, AS_EP_ALLOW_UNSAFE_REFERENCES changing what
 * compiles, AS_EP_MAX_CALL_STACK_SIZE limiting recursion), user data set/get, and independent
 * engines side by side.
 *
 * CHECK prints file:line and the condition and marks the test failed (exit 1 at the end);
 * REQUIRE does the same and exits at once where going on would crash. */
#include "angelc.h"
#include "angelc_addons.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

typedef struct {
    int count, errors, warnings, infos;
    char section[64], text[256];
    int row, col;
    as_msgtype type;
    void *user;
} msglog;

static void on_message(const as_message *m, void *user)
{
    msglog *l = user;
    l->count++;
    if (m->type == AS_MSG_ERROR) l->errors++;
    else if (m->type == AS_MSG_WARNING) l->warnings++;
    else l->infos++;
    l->user = user;
    /* keep the first error (or the first message if there is no error yet) */
    if (m->type == AS_MSG_ERROR && l->errors == 1) {
        snprintf(l->section, sizeof l->section, "%s", m->section ? m->section : "(null)");
        snprintf(l->text, sizeof l->text, "%s", m->message ? m->message : "(null)");
        l->row = m->row;
        l->col = m->col;
        l->type = m->type;
    }
}

static int build(as_engine *e, const char *name, const char *section, const char *code)
{
    as_module *m = as_engine_get_module(e, name, AS_GM_ALWAYS_CREATE);
    if (!m) return -1000;
    if (as_module_add_section(m, section, code, strlen(code), 0) < 0) return -1001;
    return as_module_build(m);
}

static void test_message_callback(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e != NULL);
    msglog log;
    memset(&log, 0, sizeof log);
    CHECK(as_engine_set_message_callback(e, on_message, &log) == AS_SUCCESS);

    /* row 3, column 3: the undeclared 'y' */
    const char *bad =
        "void f() {\n"
        "  int x = 1;\n"
        "  y = x;\n"
        "}\n";
    CHECK(build(e, "m", "errors.as", bad) < 0);
    CHECK(log.errors >= 1);
    CHECK(log.user == &log);
    CHECK(strcmp(log.section, "errors.as") == 0);
    CHECK(log.row == 3);
    CHECK(log.col == 3);
    CHECK(log.type == AS_MSG_ERROR);
    CHECK(strcmp(log.text, "No matching symbol 'y'") == 0);   /* the reference's text */

    /* a syntax error */
    memset(&log, 0, sizeof log);
    CHECK(build(e, "m", "syntax.as", "void f() {\n  int x = ;\n}\n") < 0);
    CHECK(log.errors >= 1);
    CHECK(strcmp(log.section, "syntax.as") == 0);
    CHECK(log.row == 2);
    CHECK(log.col == 11);                                   /* at the ';' */
    CHECK(strcmp(log.text, "Expected expression value") == 0);

    /* a good build sends no error */
    memset(&log, 0, sizeof log);
    CHECK(build(e, "m", "ok.as", "int f() { return 1; }\n") >= 0);
    CHECK(log.errors == 0);

    /* as_engine_write_message goes to the callback unchanged */
    memset(&log, 0, sizeof log);
    CHECK(as_engine_write_message(e, "host.c", 7, 9, AS_MSG_ERROR, "host says hi") == AS_SUCCESS);
    CHECK(log.count == 1);
    CHECK(strcmp(log.section, "host.c") == 0);
    CHECK(log.row == 7 && log.col == 9);
    CHECK(strcmp(log.text, "host says hi") == 0);
    memset(&log, 0, sizeof log);
    CHECK(as_engine_write_message(e, "host.c", 1, 1, AS_MSG_WARNING, "careful") == AS_SUCCESS);
    CHECK(log.count == 1 && log.warnings == 1);
    CHECK(as_engine_write_message(e, "host.c", 1, 1, AS_MSG_INFORMATION, "fyi") == AS_SUCCESS);
    CHECK(log.count == 2 && log.infos == 1);

    /* registration errors are reported too */
    memset(&log, 0, sizeof log);
    CHECK(as_register_global_function(e, "void f(", AS_FN(test_message_callback), AS_CALL_CDECL, NULL) < 0);
    CHECK(log.errors >= 1);

    /* a second callback replaces the first */
    msglog log2;
    memset(&log, 0, sizeof log);
    memset(&log2, 0, sizeof log2);
    CHECK(as_engine_set_message_callback(e, on_message, &log2) == AS_SUCCESS);
    CHECK(build(e, "m", "errors2.as", bad) < 0);
    CHECK(log.count == 0 && log2.errors >= 1);

    /* as_message_discard drops them, as the reference does without a callback (host_messages.c
     * checks that nothing reaches stderr; default_messages.c what goes there without one) */
    CHECK(as_engine_set_message_callback(e, as_message_discard, NULL) == AS_SUCCESS);
    CHECK(build(e, "m", "dropped.as", "void f() { y; }\n") < 0);
    as_engine_destroy(e);
}

static void test_properties(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e != NULL);
    msglog log;
    memset(&log, 0, sizeof log);
    as_engine_set_message_callback(e, on_message, &log);

    /* defaults of the reference engine */
    CHECK(as_engine_get_property(e, AS_EP_ALLOW_UNSAFE_REFERENCES) == 0);
    CHECK(as_engine_get_property(e, AS_EP_OPTIMIZE_BYTECODE) == 1);
    CHECK(as_engine_get_property(e, AS_EP_COPY_SCRIPT_SECTIONS) == 1);
    CHECK(as_engine_get_property(e, AS_EP_MAX_STACK_SIZE) == 0);
    CHECK(as_engine_get_property(e, AS_EP_USE_CHARACTER_LITERALS) == 0);
    CHECK(as_engine_get_property(e, AS_EP_ALLOW_MULTILINE_STRINGS) == 0);
    CHECK(as_engine_get_property(e, AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD) == 1);
    CHECK(as_engine_get_property(e, AS_EP_REQUIRE_ENUM_SCOPE) == 0);
    CHECK(as_engine_get_property(e, AS_EP_SCRIPT_SCANNER) == 1);
    CHECK(as_engine_get_property(e, AS_EP_PROPERTY_ACCESSOR_MODE) == 3);
    CHECK(as_engine_get_property(e, AS_EP_AUTO_GARBAGE_COLLECT) == 1);
    CHECK(as_engine_get_property(e, AS_EP_COMPILER_WARNINGS) == 1);
    CHECK(as_engine_get_property(e, AS_EP_MAX_NESTED_CALLS) == 100);
    CHECK(as_engine_get_property(e, AS_EP_INIT_STACK_SIZE) == 4096);
    CHECK(as_engine_get_property(e, AS_EP_INIT_CALL_STACK_SIZE) == 10);
    CHECK(as_engine_get_property(e, AS_EP_MAX_CALL_STACK_SIZE) == 0);

    /* set and get */
    CHECK(as_engine_set_property(e, AS_EP_ALLOW_UNSAFE_REFERENCES, 1) == AS_SUCCESS);
    CHECK(as_engine_get_property(e, AS_EP_ALLOW_UNSAFE_REFERENCES) == 1);
    CHECK(as_engine_set_property(e, AS_EP_MAX_CALL_STACK_SIZE, 50) == AS_SUCCESS);
    CHECK(as_engine_get_property(e, AS_EP_MAX_CALL_STACK_SIZE) == 50);
    CHECK(as_engine_set_property(e, AS_EP_COMPILER_WARNINGS, 0) == AS_SUCCESS);
    CHECK(as_engine_get_property(e, AS_EP_COMPILER_WARNINGS) == 0);
    CHECK(as_engine_set_property(e, AS_EP_COMPILER_WARNINGS, 1) == AS_SUCCESS);

    /* invalid property ids */
    CHECK(as_engine_set_property(e, (as_engine_prop)0, 1) == AS_INVALID_ARG);
    CHECK(as_engine_set_property(e, AS_EP_LAST_PROPERTY, 1) == AS_INVALID_ARG);
    CHECK(as_engine_set_property(e, (as_engine_prop)9999, 1) == AS_INVALID_ARG);
    CHECK(as_engine_set_property(e, (as_engine_prop)-3, 1) == AS_INVALID_ARG);
    CHECK(as_engine_get_property(e, (as_engine_prop)9999) == 0);

    as_engine_destroy(e);

    /* AS_EP_ALLOW_UNSAFE_REFERENCES: `int &` (inout) parameters of primitives compile only with it */
    const char *unsafe =
        "void inc(int &x) { x++; }\n"
        "int f() { int a = 41; inc(a); return a; }\n";
    e = as_engine_create();
    memset(&log, 0, sizeof log);
    as_engine_set_message_callback(e, on_message, &log);
    CHECK(build(e, "m", "unsafe.as", unsafe) < 0);
    CHECK(log.errors >= 1);
    as_engine_destroy(e);

    e = as_engine_create();
    memset(&log, 0, sizeof log);
    as_engine_set_message_callback(e, on_message, &log);
    CHECK(as_engine_set_property(e, AS_EP_ALLOW_UNSAFE_REFERENCES, 1) == AS_SUCCESS);
    CHECK(build(e, "m", "unsafe.as", unsafe) >= 0);
    CHECK(log.errors == 0);
    as_module *m = as_engine_get_module(e, "m", AS_GM_ONLY_IF_EXISTS);
    as_function *f = m ? as_module_function_by_decl(m, "int f()") : NULL;
    CHECK(f != NULL);
    if (f) {
        as_context *ctx = as_context_create(e);
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        CHECK(as_context_return_dword(ctx) == 42);
        as_context_destroy(ctx);
    }
    as_engine_destroy(e);

    /* AS_EP_MAX_CALL_STACK_SIZE: unbounded recursion ends in a "Stack overflow" exception */
    e = as_engine_create();
    memset(&log, 0, sizeof log);
    as_engine_set_message_callback(e, on_message, &log);
    CHECK(as_engine_set_property(e, AS_EP_MAX_CALL_STACK_SIZE, 50) == AS_SUCCESS);
    const char *rec =
        "int depth = 0;\n"
        "void down() { depth++; down(); }\n"
        "int ok(int n) { return n == 0 ? 0 : 1 + ok(n - 1); }\n";
    CHECK(build(e, "m", "rec.as", rec) >= 0);
    m = as_engine_get_module(e, "m", AS_GM_ONLY_IF_EXISTS);
    REQUIRE(m != NULL);
    as_context *ctx = as_context_create(e);
    f = as_module_function_by_name(m, "down");
    CHECK(f != NULL);
    if (f) {
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_EXCEPTION);
        const char *msg = as_context_exception_string(ctx);
        CHECK(msg && strcmp(msg, "Stack overflow") == 0);
        int gi = as_module_global_index_by_name(m, "depth");
        CHECK(gi >= 0);
        int *depth = gi >= 0 ? as_module_global_address(m, gi) : NULL;
        CHECK(depth != NULL);
        /* the limit counts frames; a few either way is fine */
        if (depth) CHECK(*depth >= 40 && *depth <= 60);
    }
    /* recursion within the limit works */
    f = as_module_function_by_name(m, "ok");
    CHECK(f != NULL);
    if (f) {
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        CHECK(as_context_set_arg_dword(ctx, 0, 30) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        CHECK(as_context_return_dword(ctx) == 30);
    }
    as_context_destroy(ctx);
    as_engine_destroy(e);
}

static void test_user_data(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e != NULL);
    int a = 1, b = 2, c = 3;
    CHECK(as_engine_get_user_data(e, 0) == NULL);
    CHECK(as_engine_get_user_data(e, 1234) == NULL);
    CHECK(as_engine_set_user_data(e, &a, 0) == NULL);          /* returns the previous value */
    CHECK(as_engine_get_user_data(e, 0) == &a);
    CHECK(as_engine_set_user_data(e, &b, 1000) == NULL);
    CHECK(as_engine_get_user_data(e, 1000) == &b);
    CHECK(as_engine_get_user_data(e, 0) == &a);
    CHECK(as_engine_set_user_data(e, &c, 0) == &a);
    CHECK(as_engine_get_user_data(e, 0) == &c);
    CHECK(as_engine_set_user_data(e, NULL, 1000) == &b);
    CHECK(as_engine_get_user_data(e, 1000) == NULL);
    /* pointer-sized keys */
    CHECK(as_engine_set_user_data(e, &b, (uintptr_t)&test_user_data) == NULL);
    CHECK(as_engine_get_user_data(e, (uintptr_t)&test_user_data) == &b);
    as_engine_destroy(e);
}

static void test_two_engines(void)
{
    /* registrations and modules of one engine are not seen by another */
    as_engine *e1 = as_engine_create(), *e2 = as_engine_create();
    REQUIRE(e1 && e2 && e1 != e2);
    msglog l1, l2;
    memset(&l1, 0, sizeof l1);
    memset(&l2, 0, sizeof l2);
    as_engine_set_message_callback(e1, on_message, &l1);
    as_engine_set_message_callback(e2, on_message, &l2);
    CHECK(as_register_enum(e1, "Only1") >= 0);
    CHECK(as_register_enum_value(e1, "Only1", "A", 1) >= 0);
    CHECK(build(e1, "m", "a.as", "int f() { return int(A); }\n") >= 0);
    CHECK(build(e2, "m", "b.as", "int f() { return int(A); }\n") < 0);
    CHECK(l1.errors == 0 && l2.errors >= 1);
    CHECK(as_engine_type_by_name(e1, "Only1") != NULL);
    CHECK(as_engine_type_by_name(e2, "Only1") == NULL);
    as_engine_destroy(e2);
    /* e1 still works after e2 is gone */
    as_module *m = as_engine_get_module(e1, "m", AS_GM_ONLY_IF_EXISTS);
    CHECK(m != NULL);
    as_function *f = m ? as_module_function_by_name(m, "f") : NULL;
    CHECK(f != NULL);
    if (f) {
        as_context *ctx = as_context_create(e1);
        CHECK(as_context_engine(ctx) == e1);
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        CHECK(as_context_return_dword(ctx) == 1);
        as_context_destroy(ctx);
    }
    CHECK(m == NULL || as_module_engine(m) == e1);
    as_engine_destroy(e1);

    /* many create/destroy cycles with the add-ons registered */
    for (int i = 0; i < 20; i++) {
        as_engine *e = as_engine_create();
        REQUIRE(e != NULL);
        CHECK(as_register_string(e) >= 0);
        CHECK(as_register_array(e, true) >= 0);
        CHECK(as_register_math(e) >= 0);
        as_engine_destroy(e);
    }
}

int main(void)
{
    test_message_callback();
    test_properties();
    test_user_data();
    test_two_engines();
    if (failures) fprintf(stderr, "engine: %d check(s) failed\n", failures);
    return failures ? 1 : 0;
}
