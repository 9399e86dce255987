/* Hot reload (as_module_reload, issue 28):
 *  - soft: only bodies changed: a global keeps its value, the host's as_function pointer and a
 *    script function handle call the new body, the report counts the changed functions and an
 *    information line says so;
 *  - a compile error in the new code: refused, the old code keeps running, the error reported;
 *  - a function suspended (as_context_suspend from a host function) in the middle of a changed
 *    function finishes in its old code while the functions it calls next run the new code; the
 *    next call runs the new code; a reload from inside a running script is refused;
 *  - the same for a function suspended by a line callback, and for a co-routine of the context
 *    manager suspended in yield(); a full reload while the co-routine is suspended: refused,
 *    then allowed to stop it (AS_RELOAD_STOP_CONTEXTS);
 *  - full: globals retyped (converted), kept (string, same type), added, removed;
 *  - full with classes changed while their objects live: migrated in place (a member converted,
 *    one added by its declaration, one removed, each loss a warning, a string kept, a cycle and
 *    two handles to one object kept), the host's handle is the same object in its new class; a
 *    class grown past its objects' memory, and a class removed while objects live: refused
 *    (removed: allowed with AS_RELOAD_ORPHAN_OBJECTS, the objects keep their old class);
 *  - every live object (AS_EP_RELOAD_ROOM 64): objects held only by an array, a dictionary,
 *    another object, the host, all migrated; funcdef handles re-bound (to the new body), null
 *    when the function is gone; a delegate follows its method; handles in an array and the
 *    host's as_function pointers forward to the new functions, a gone one raises an exception
 *    (or cannot be prepared);
 *  - full while a context is suspended in the module: refused, then AS_RELOAD_STOP_CONTEXTS;
 *  - reload callbacks (before and after; after only for a compile error; removed) and the
 *    console debugger watching reloads: a line breakpoint moved to the next line with code goes
 *    back to its line after a soft and a full reload;
 *  - two modules sharing a class: a full reload of one keeps the shared class and its objects
 *    (the other module, suspended with one on its stack, goes on), migrates the rest; a change
 *    to the shared class while the other module uses it is a compile error: refused;
 *  - an object of the module held in a ref (and an array of them) on another module's suspended stack:
 *    migrated, its calls through imports forwarded;
 *  - a reload from saved bytecode (as_module_reload_bytecode): full, the object and globals kept,
 *    the host's old function pointer forwards; damaged bytecode refused;
 *  - AS_RELOAD_SOFT_ONLY refuses a full reload; bad arguments; as_module_reload_from;
 *  - every allocation of a soft reload (a frame in the old code) and of a full one (objects
 *    migrated) failing in turn: no crash, the old or the new code runs, no byte left.
 * Run under valgrind by hand: valgrind --leak-check=full --error-exitcode=9 build/api/api_hot_reload */
#define _POSIX_C_SOURCE 200809L
#include "angelc.h"
#include "angelc_addons.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

static int errors, infos, warnings, setup_room;
static char first_error[256], last_info[512], last_warning[512], all_warnings[2048];
static void on_message(const as_message *m, void *user)
{
    (void)user;
    if (m->type == AS_MSG_ERROR) {
        if (!errors) snprintf(first_error, sizeof first_error, "%s:%d: %s", m->section, m->row, m->message);
        errors++;
    } else if (m->type == AS_MSG_WARNING && strncmp(m->message, "reload: ", 8) == 0) {
        warnings++;
        snprintf(last_warning, sizeof last_warning, "%s", m->message);
        size_t n = strlen(all_warnings);
        snprintf(all_warnings + n, sizeof all_warnings - n, "%s\n", m->message);
    } else if (m->type == AS_MSG_INFORMATION && strncmp(m->message, "reload: ", 8) == 0) {
        infos++;
        snprintf(last_info, sizeof last_info, "%s", m->message);
    }
}

static int recorded[64], nrecorded;
static void record(int v)
{
    if (nrecorded < 64) recorded[nrecorded++] = v;
}
static void pause_script(void) { as_context_suspend(as_active_context()); }

static as_engine *engine;
static as_module *mod;
static int reload_from_script_rc = 1;

static int reload_text(const char *code, uint32_t flags, as_reload_report *rep)
{
    as_reload_source src = {"script.as", code, strlen(code), 0};
    as_reload_options opts = {flags};
    errors = 0;
    first_error[0] = 0;
    return as_module_reload(mod, &src, 1, &opts, rep);
}

static void try_reload(void)
{
    as_reload_report rep;
    reload_from_script_rc = reload_text("void f() {}", 0, &rep);
}

static void setup(const char *code)
{
    engine = as_engine_create();
    REQUIRE(engine);
    as_engine_set_message_callback(engine, on_message, NULL);
    as_engine_set_property(engine, AS_EP_RELOAD_ROOM, setup_room);
    REQUIRE(as_register_std_addons(engine) >= 0);
    REQUIRE(as_register_global_function(engine, "void record(int)", AS_FN(record), AS_CALL_CDECL, NULL) >= 0);
    REQUIRE(as_register_global_function(engine, "void pause()", AS_FN(pause_script), AS_CALL_CDECL, NULL) >= 0);
    REQUIRE(as_register_global_function(engine, "void try_reload()", AS_FN(try_reload), AS_CALL_CDECL, NULL) >= 0);
    mod = as_engine_get_module(engine, "m", AS_GM_ALWAYS_CREATE);
    REQUIRE(as_module_add_section(mod, "script.as", code, strlen(code), 0) >= 0);
    int r = as_module_build(mod);
    if (r < 0) fprintf(stderr, "build: %s\n", first_error);
    REQUIRE(r >= 0);
    nrecorded = 0;
}

static void teardown(void)
{
    as_engine_destroy(engine);
    engine = NULL;
}

/* Runs a function of no arguments returning int (or void: 0). */
static int call_int(as_context *ctx, as_function *f)
{
    REQUIRE(f);
    REQUIRE(as_context_prepare(ctx, f) >= 0);
    int r = as_context_execute(ctx);
    if (r != AS_EXECUTION_FINISHED) fprintf(stderr, "execute: %d %s\n", r, r == AS_EXECUTION_EXCEPTION ? as_context_exception_string(ctx) : "");
    CHECK(r == AS_EXECUTION_FINISHED);
    return (int)as_context_return_dword(ctx);
}

static int call_decl(const char *decl)
{
    as_context *ctx = as_context_create(engine);
    int v = call_int(ctx, as_module_function_by_decl(mod, decl));
    as_context_destroy(ctx);
    return v;
}

/* ===================================================================== soft */

static const char soft_v1[] =
    "int counter = 0;\n"
    "funcdef int F();\n"
    "F@ handle = value;\n"
    "int value() { return 1; }\n"
    "int step() { counter++; return value() * 100 + counter; }\n"
    "int call_handle() { return handle(); }\n"
    "class C { int get() { return 10; } }\n"
    "int method() { C c; return c.get(); }\n";
static const char soft_v2[] =
    "int counter = 0;\n"
    "funcdef int F();\n"
    "F@ handle = value;\n"
    "// a comment moves everything down a line\n"
    "int value() { return 2; }\n"
    "int step() { counter++; return value() * 100 + counter; }\n"
    "int call_handle() { return handle(); }\n"
    "class C { int get() { return 20; } }\n"
    "int method() { C c; return c.get(); }\n";

static void test_soft(void)
{
    setup(soft_v1);
    as_function *step = as_module_function_by_decl(mod, "int step()");
    as_function *value = as_module_function_by_decl(mod, "int value()");
    CHECK(call_decl("int step()") == 101);
    CHECK(call_decl("int step()") == 102);
    CHECK(call_decl("int call_handle()") == 1);
    CHECK(call_decl("int method()") == 10);
    as_reload_report rep;
    infos = 0;
    int r = reload_text(soft_v2, 0, &rep);
    CHECK(r == AS_SUCCESS);
    CHECK(rep.kind == AS_RELOAD_SOFT);
    CHECK(rep.functions_changed == 2);   /* value and C::get */
    CHECK(rep.functions_running_old == 0);
    CHECK(STREQ(rep.summary, "soft: 2 functions changed"));
    CHECK(infos >= 3);   /* one line per changed function and the summary */
    CHECK(strstr(last_info, "soft: 2 functions changed") != NULL);
    /* identities kept: the host's pointers and the handle call the new bodies */
    CHECK(as_module_function_by_decl(mod, "int step()") == step);
    CHECK(as_module_function_by_decl(mod, "int value()") == value);
    as_context *ctx = as_context_create(engine);
    CHECK(call_int(ctx, value) == 2);
    CHECK(call_int(ctx, step) == 203);   /* the counter kept its value */
    as_context_destroy(ctx);
    CHECK(call_decl("int call_handle()") == 2);
    CHECK(call_decl("int method()") == 20);
    const char *section = NULL;
    int row = 0;
    as_function_declared_at(value, &section, &row, NULL);
    CHECK(row == 5);   /* the new source's position */
    /* the same code again: nothing changed */
    r = reload_text(soft_v2, 0, &rep);
    CHECK(r == AS_SUCCESS && rep.kind == AS_RELOAD_SOFT && rep.functions_changed == 0);
    /* only a string literal changed */
    static const char strings_v1[] = "string s() { return \"a\"; }\nint n() { return s() == \"b\" ? 1 : 0; }\n";
    static const char strings_v2[] = "string s() { return \"b\"; }\nint n() { return s() == \"b\" ? 1 : 0; }\n";
    CHECK(reload_text(strings_v1, 0, &rep) == AS_SUCCESS && rep.kind == AS_RELOAD_FULL);
    CHECK(call_decl("int n()") == 0);
    CHECK(reload_text(strings_v2, 0, &rep) == AS_SUCCESS && rep.kind == AS_RELOAD_SOFT && rep.functions_changed == 1);
    CHECK(call_decl("int n()") == 1);
    teardown();
}

/* ===================================================================== compile error */

static void test_compile_error(void)
{
    setup(soft_v1);
    CHECK(call_decl("int step()") == 101);
    as_reload_report rep;
    int r = reload_text("int counter = 0;\nint value() { return 2 }\n", 0, &rep);
    CHECK(r == AS_ERROR);
    CHECK(rep.kind == AS_RELOAD_REFUSED);
    CHECK(errors > 0);
    CHECK(strstr(first_error, "script.as:2") != NULL);
    CHECK(strstr(rep.summary, "compile errors") != NULL);
    CHECK(call_decl("int step()") == 102);   /* the old code, the global kept */
    CHECK(call_decl("int call_handle()") == 1);
    /* bad arguments never crash */
    CHECK(as_module_reload(NULL, NULL, 0, NULL, NULL) == AS_INVALID_ARG);
    as_reload_source bad = {"x", NULL, 3, 0};
    CHECK(as_module_reload(mod, &bad, 1, NULL, &rep) == AS_INVALID_ARG && rep.kind == AS_RELOAD_REFUSED);
    CHECK(as_module_reload(mod, NULL, 2, NULL, NULL) == AS_INVALID_ARG);
    CHECK(as_module_reload_from(mod, mod, NULL, NULL) == AS_INVALID_ARG);
    as_module *unbuilt = as_engine_get_module(engine, "other", AS_GM_ALWAYS_CREATE);
    CHECK(as_module_reload(unbuilt, NULL, 0, NULL, &rep) == AS_ERROR && rep.kind == AS_RELOAD_REFUSED);
    teardown();
}

/* ===================================================================== suspended in old code */

static const char susp_v1[] =
    "int value() { return 1; }\n"
    "void long_fn() { record(value()); int x = 1; pause(); record(x + 10); record(value()); }\n"
    "void reload_inside() { try_reload(); }\n";
static const char susp_v2[] =
    "int value() { return 2; }\n"
    "void long_fn() { record(value()); int x = 1; pause(); record(x + 20); record(value()); }\n"
    "void reload_inside() { try_reload(); }\n";

static void test_suspended(void)
{
    setup(susp_v1);
    as_context *ctx = as_context_create(engine);
    as_function *long_fn = as_module_function_by_decl(mod, "void long_fn()");
    REQUIRE(as_context_prepare(ctx, long_fn) >= 0);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_SUSPENDED);
    as_reload_report rep;
    CHECK(reload_text(susp_v2, 0, &rep) == AS_SUCCESS);
    CHECK(rep.kind == AS_RELOAD_SOFT);
    CHECK(rep.functions_changed == 2);
    CHECK(rep.functions_running_old == 1);
    CHECK(as_context_function(ctx, 0) != NULL);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    /* old long_fn to its end (x + 10); value() is a new call: the new code */
    CHECK(nrecorded == 3 && recorded[0] == 1 && recorded[1] == 11 && recorded[2] == 2);
    /* the next call: all new */
    nrecorded = 0;
    REQUIRE(as_context_prepare(ctx, long_fn) >= 0);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_SUSPENDED);
    /* a reload from a script that is running is refused */
    as_context *inner = as_context_create(engine);
    call_int(inner, as_module_function_by_decl(mod, "void reload_inside()"));
    CHECK(reload_from_script_rc == AS_CONTEXT_ACTIVE);
    as_context_destroy(inner);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(nrecorded == 3 && recorded[0] == 2 && recorded[1] == 21 && recorded[2] == 2);
    /* twice suspended in two generations of the code */
    nrecorded = 0;
    as_context *a = as_context_create(engine);
    REQUIRE(as_context_prepare(a, long_fn) >= 0);
    CHECK(as_context_execute(a) == AS_EXECUTION_SUSPENDED);
    CHECK(reload_text(susp_v1, 0, &rep) == AS_SUCCESS && rep.kind == AS_RELOAD_SOFT && rep.functions_running_old == 1);
    REQUIRE(as_context_prepare(ctx, long_fn) >= 0);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_SUSPENDED);
    CHECK(reload_text(susp_v2, 0, &rep) == AS_SUCCESS && rep.kind == AS_RELOAD_SOFT && rep.functions_running_old == 1);
    CHECK(as_context_execute(a) == AS_EXECUTION_FINISHED);     /* v2 code: x + 20, then value() of v2 */
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);   /* v1 code: x + 10 */
    CHECK(nrecorded == 6 && recorded[0] == 2 && recorded[1] == 1 && recorded[2] == 21 && recorded[3] == 2 &&
          recorded[4] == 11 && recorded[5] == 2);
    /* a suspended context, and declarations changed: refused, then its run ended */
    REQUIRE(as_context_prepare(a, long_fn) >= 0);
    CHECK(as_context_execute(a) == AS_EXECUTION_SUSPENDED);
    static const char full[] = "int value() { return 3; }\nint other() { return 4; }\n"
                               "void long_fn() { record(value()); pause(); }\n";
    CHECK(reload_text(full, 0, &rep) == AS_MODULE_IS_IN_USE && rep.kind == AS_RELOAD_REFUSED);
    CHECK(strstr(rep.summary, "context") != NULL);
    CHECK(reload_text(full, AS_RELOAD_SOFT_ONLY, &rep) == AS_NOT_SUPPORTED && rep.kind == AS_RELOAD_REFUSED);
    CHECK(reload_text(full, AS_RELOAD_STOP_CONTEXTS, &rep) == AS_SUCCESS && rep.kind == AS_RELOAD_FULL);
    CHECK(rep.contexts_stopped == 1 && rep.functions_added == 1 && rep.functions_removed == 1);
    CHECK(as_context_state(a) != AS_EXECUTION_SUSPENDED);
    CHECK(call_decl("int other()") == 4);
    as_context_destroy(a);
    as_context_destroy(ctx);
    teardown();
}

/* ===================================================================== line callback, co-routine */

static int suspend_at_line;
static void line_cb(as_context *ctx, void *user)
{
    (void)user;
    if (as_context_line_number(ctx, 0, NULL, NULL) == suspend_at_line) {
        suspend_at_line = 0;
        as_context_suspend(ctx);
    }
}

static const char line_v1[] =
    "int value() { return 1; }\n"
    "void work() {\n"
    "  int a = value();\n"
    "  record(a);\n"
    "  record(a + 10);\n"
    "}\n"
    "void co(dictionary@ d) { record(100 + value()); yield(); record(200 + value()); }\n"
    "void start() { createCoRoutine(co, null); yield(); yield(); }\n";
static const char line_v2[] =
    "int value() { return 2; }\n"
    "void work() {\n"
    "  int a = value();\n"
    "  record(a);\n"
    "  record(a + 20);\n"
    "}\n"
    "void co(dictionary@ d) { record(300 + value()); yield(); record(400 + value()); }\n"
    "void start() { createCoRoutine(co, null); yield(); yield(); }\n";

static void test_line_callback_and_coroutine(void)
{
    engine = NULL;
    setup("void f() {}");
    as_ctxmgr *mgr = as_ctxmgr_create();
    REQUIRE(as_ctxmgr_register_coroutine_support(mgr, engine) >= 0);
    as_reload_report rep;
    CHECK(reload_text(line_v1, 0, &rep) == AS_SUCCESS && rep.kind == AS_RELOAD_FULL);
    /* suspended by the line callback at line 4 of work(), after `a = value()` */
    as_context *ctx = as_context_create(engine);
    as_context_set_line_callback(ctx, line_cb, NULL);
    suspend_at_line = 4;
    REQUIRE(as_context_prepare(ctx, as_module_function_by_decl(mod, "void work()")) >= 0);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_SUSPENDED);
    CHECK(as_context_line_number(ctx, 0, NULL, NULL) == 4);
    CHECK(reload_text(line_v2, 0, &rep) == AS_SUCCESS && rep.kind == AS_RELOAD_SOFT && rep.functions_running_old == 1);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(nrecorded == 2 && recorded[0] == 1 && recorded[1] == 11);   /* the old code to the end */
    /* a co-routine suspended in yield() finishes in its old code, a new one runs the new */
    CHECK(reload_text(line_v1, 0, &rep) == AS_SUCCESS && rep.kind == AS_RELOAD_SOFT);
    nrecorded = 0;
    as_context *main_ctx = as_ctxmgr_add_context(mgr, engine, as_module_function_by_decl(mod, "void start()"), true);
    REQUIRE(main_ctx);
    as_ctxmgr_execute_scripts(mgr);   /* start() yields; co() records 101 and yields */
    as_ctxmgr_execute_scripts(mgr);
    CHECK(nrecorded == 1 && recorded[0] == 101);
    CHECK(reload_text(line_v2, 0, &rep) == AS_SUCCESS && rep.kind == AS_RELOAD_SOFT);
    CHECK(rep.functions_running_old == 1);   /* co(); start() did not change: it goes on in the new copy */
    while (as_ctxmgr_execute_scripts(mgr) > 0) {}
    CHECK(nrecorded == 2 && recorded[1] == 202);   /* old co(), new value() */
    as_ctxmgr_done_with_context(mgr, main_ctx);
    /* suspended in a co-routine, declarations changed: refused (the old frame cannot run on the
     * new classes and globals), then allowed to stop it */
    nrecorded = 0;
    main_ctx = as_ctxmgr_add_context(mgr, engine, as_module_function_by_decl(mod, "void start()"), true);
    REQUIRE(main_ctx);
    as_ctxmgr_execute_scripts(mgr);
    as_ctxmgr_execute_scripts(mgr);
    CHECK(nrecorded == 1 && recorded[0] == 302);
    static const char line_v3[] = "int value() { return 3; }\nint added() { return 1; }\n"
                                  "void co(dictionary@ d) { record(500 + value()); yield(); record(600 + value()); }\n"
                                  "void start() { createCoRoutine(co, null); yield(); yield(); }\n";
    CHECK(reload_text(line_v3, 0, &rep) == AS_MODULE_IS_IN_USE && rep.kind == AS_RELOAD_REFUSED);
    CHECK(strstr(rep.summary, "2 contexts run") != NULL);
    CHECK(reload_text(line_v3, AS_RELOAD_STOP_CONTEXTS, &rep) == AS_SUCCESS && rep.kind == AS_RELOAD_FULL);
    CHECK(rep.contexts_stopped == 2);
    while (as_ctxmgr_execute_scripts(mgr) > 0) {}
    CHECK(nrecorded == 1);   /* the stopped co-routine never went on */
    as_ctxmgr_done_with_context(mgr, main_ctx);
    as_context_destroy(ctx);
    as_ctxmgr_destroy(mgr);
    teardown();
}

/* ===================================================================== full: globals */

static void test_full_globals(void)
{
    setup("int counter = 5;\ndouble ratio = 1.5;\nstring name = 'a';\narray<int> arr = {1, 2};\n"
          "enum E { A, B, C }\nE e = A;\nint bump() { counter += 10; name += 'b'; e = C; return counter; }\n");
    CHECK(call_decl("int bump()") == 15);
    as_reload_report rep;
    static const char v2[] =
        "float counter = 0;\nint ratio = 0;\nstring name = 'x';\nint added = 7;\nenum E { A, B, C, D }\nE e = A;\n"
        "int get_counter() { return int(counter * 2); }\nint get_ratio() { return ratio; }\n"
        "int name_ok() { return name == 'ab' ? 1 : 0; }\nint get_added() { return added; }\n"
        "int get_e() { return int(e); }\n";
    int r = reload_text(v2, 0, &rep);
    CHECK(r == AS_SUCCESS);
    CHECK(rep.kind == AS_RELOAD_FULL);
    CHECK(rep.globals_converted == 2);   /* counter int -> float, ratio double -> int */
    CHECK(rep.globals_kept == 2);        /* name, e */
    CHECK(rep.globals_added == 1);
    CHECK(rep.globals_removed == 1);     /* arr */
    CHECK(rep.classes_changed == 1);     /* E (a value added) */
    CHECK(STREQ(rep.summary, "full: 1 type changed, 5 functions added, 1 function removed, 2 globals kept, "
                             "2 globals converted, 1 global new, 1 global removed"));
    if (!STREQ(rep.summary, "full: 1 type changed, 5 functions added, 1 function removed, 2 globals kept, "
                            "2 globals converted, 1 global new, 1 global removed")) fprintf(stderr, "%s\n", rep.summary);
    CHECK(call_decl("int get_counter()") == 30);
    CHECK(call_decl("int get_ratio()") == 1);
    CHECK(call_decl("int name_ok()") == 1);
    CHECK(call_decl("int get_added()") == 7);
    CHECK(call_decl("int get_e()") == 2);
    CHECK(as_module_function_by_decl(mod, "int bump()") == NULL);
    teardown();
}

/* ===================================================================== full: classes */

static void test_full_classes(void)
{
    setup("class P { int x = 1; string name = 'n'; double gone = 2; Q@ q; }\n"
          "class Q { int v = 5; P@ back; }\n"
          "P@ g = P();\nP@ g2 = g;\n"
          "void set() { g.x = 42; g.name = 'n2'; @g.q = Q(); g.q.v = 9; @g.q.back = g; }\n"
          "int get_x() { return g.x; }\n");
    call_decl("void set()");
    as_reload_report rep;
    static const char v2[] =
        "class P { float x = 1; string name; int y = 3; Q@ q; }\n"
        "class Q { int v; P@ back; }\n"
        "P@ g;\nP@ g2;\n"
        "int get_x() { return int(g.x * 10); }\nint get_y() { return g.y; }\n"
        "int name_ok() { return g.name == 'n2' ? 1 : 0; }\nint get_v() { return g.q.v; }\n"
        "int shared() { return (g.q.back is g ? 1 : 0) + (g2 is g ? 2 : 0); }\n";
    /* a host reference: the object migrates in place, the pointer stays valid */
    int gi = as_module_global_index_by_name(mod, "g");
    void *obj = *(void **)as_module_global_address(mod, gi);
    REQUIRE(obj);
    as_type *old_type = as_module_type_by_name(mod, "P");
    as_engine_addref_object(engine, obj, as_type_id(old_type));
    int warnings_before = warnings;
    CHECK(reload_text(v2, 0, &rep) == AS_SUCCESS);
    CHECK(rep.kind == AS_RELOAD_FULL && rep.objects_migrated == 2 && rep.globals_kept == 2 && rep.objects_orphaned == 0);
    /* warnings: P::x int -> float may round (large ints), P::gone removed */
    CHECK(rep.warnings == 2 && warnings - warnings_before == 2 && strstr(all_warnings, "'P::x' converted from int to float") &&
          strstr(all_warnings, "'P::gone' (double) removed"));
    CHECK(call_decl("int get_x()") == 420);   /* int member to float: converted */
    CHECK(call_decl("int get_y()") == 3);     /* a new member: its declaration */
    CHECK(call_decl("int name_ok()") == 1);
    CHECK(call_decl("int get_v()") == 9);
    CHECK(call_decl("int shared()") == 3);    /* the cycle and the two handles kept */
    CHECK(*(void **)as_module_global_address(mod, as_module_global_index_by_name(mod, "g")) == obj);
    as_type *new_type = as_module_type_by_name(mod, "P");
    CHECK(new_type && new_type != old_type && as_object_type(obj) == new_type);
    CHECK(as_object_property_count(obj) == 4 && STREQ(as_object_property_name(obj, 2), "y"));
    CHECK(*(int *)as_object_property_address(obj, 2) == 3);
    as_engine_release_object(engine, obj, as_type_id(new_type));
    /* a class that grows past its objects' memory: refused (AS_EP_RELOAD_ROOM gives room) */
    static const char v3[] = "class P { float x = 1; string name; int y = 3; Q@ q; double a, b, c; }\n"
                             "class Q { int v; P@ back; }\nP@ g;\nP@ g2;\nint get_y() { return g.y; }\n";
    CHECK(reload_text(v3, 0, &rep) == AS_MODULE_IS_IN_USE);
    CHECK(rep.kind == AS_RELOAD_REFUSED && strstr(rep.summary, "class 'P' needs") != NULL);
    CHECK(call_decl("int get_x()") == 420);   /* the old code still */
    /* a class removed while objects live: refused, unless allowed (they keep the old class) */
    static const char v4[] = "class Q { int v; }\nQ@ g2;\nint n() { return 1; }\n";
    CHECK(reload_text(v4, 0, &rep) == AS_MODULE_IS_IN_USE);
    CHECK(rep.kind == AS_RELOAD_REFUSED && strstr(rep.summary, "class 'P' is gone") != NULL);
    CHECK(reload_text(v4, AS_RELOAD_ORPHAN_OBJECTS, &rep) == AS_SUCCESS);
    CHECK(rep.kind == AS_RELOAD_FULL && rep.objects_orphaned == 1 && rep.objects_migrated == 1);
    CHECK(call_decl("int n()") == 1);
    teardown();
}

/* ===================================================================== full: every live object */

static const char live_v1[] =
    "class Item { int id; string label; Item(int i) { id = i; label = 'item' + i; } Item() {} }\n"
    "class Bag { array<Item@> items; Item@ best; }\n"
    "funcdef int Fn(int);\n"
    "array<Item@> only_in_array;\ndictionary dict;\nBag@ bag;\n"
    "Fn@ fn_handle = twice;\nFn@ fn_gone = gone;\nFn@ delegate;\narray<Fn@> fns;\n"
    "int twice(int x) { return x * 2; }\nint gone(int x) { return -x; }\n"
    "class Calc { int k = 3; int mul(int x) { return x * k; } }\nCalc@ calc = Calc();\n"
    "void init() {\n"
    "  for (int i = 0; i < 3; i++) only_in_array.insertLast(Item(i));\n"
    "  dict.set('a', @Item(10));\n"
    "  @bag = Bag(); bag.items.insertLast(Item(20)); @bag.best = bag.items[0];\n"
    "  @delegate = Fn(calc.mul); fns.insertLast(twice); fns.insertLast(Fn(calc.mul)); fns.insertLast(gone);\n"
    "}\n"
    "Item@ make_item() { return Item(99); }\n";
static const char live_v2[] =
    "class Item { double id; string label; int score = 7; Item(int i) { id = i; label = 'item' + i; } Item() {} }\n"
    "class Bag { array<Item@> items; Item@ best; int extra = 5; }\n"
    "funcdef int Fn(int);\n"
    "array<Item@> only_in_array;\ndictionary dict;\nBag@ bag;\n"
    "Fn@ fn_handle;\nFn@ fn_gone;\nFn@ delegate;\narray<Fn@> fns;\n"
    "int twice(int x) { return x * 3; }\n"
    "class Calc { int k = 3; int pad = 1; int mul(int x) { return x * k + pad; } }\nCalc@ calc;\n"
    "int check_array() { int s = 0; for (uint i = 0; i < only_in_array.length(); i++) s += int(only_in_array[i].id) + only_in_array[i].score; return s; }\n"
    "int check_dict() { Item@ it; if (!dict.get('a', @it) || it is null) return -1; return int(it.id) + it.score; }\n"
    "int check_bag() { return int(bag.items[0].id) + bag.extra + (bag.best is bag.items[0] ? 100 : 0); }\n"
    "int check_fn() { return fn_handle(5); }\n"
    "int check_gone() { return fn_gone is null ? 1 : 0; }\n"
    "int check_delegate() { return delegate(5); }\n"
    "int check_fns() { return fns[0](1) * 100 + fns[1](1); }\n"
    "int call_third() { return fns[2](1); }\n"
    "int item_score(Item@ it) { return int(it.id) + it.score; }\n";

static int call_with_object(as_context *ctx, const char *decl, void *obj)
{
    as_function *f = as_module_function_by_decl(mod, decl);
    REQUIRE(f && as_context_prepare(ctx, f) >= 0);
    CHECK(as_context_set_arg_object(ctx, 0, obj) >= 0);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    return (int)as_context_return_dword(ctx);
}

static void test_full_live_objects(void)
{
    setup_room = 64;
    setup(live_v1);
    setup_room = 0;
    call_decl("void init()");
    /* the host holds an object no script references, and function pointers */
    as_context *ctx = as_context_create(engine);
    REQUIRE(as_context_prepare(ctx, as_module_function_by_decl(mod, "Item@ make_item()")) >= 0);
    REQUIRE(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    void *host_item = as_context_return_object(ctx);
    as_type *old_item = as_module_type_by_name(mod, "Item");
    REQUIRE(host_item && old_item);
    as_engine_addref_object(engine, host_item, as_type_id(old_item));
    as_function *twice = as_module_function_by_decl(mod, "int twice(int)");
    as_function *gone = as_module_function_by_decl(mod, "int gone(int)");
    REQUIRE(twice && gone);
    as_function_addref(twice);
    as_function_addref(gone);
    as_reload_report rep;
    CHECK(reload_text(live_v2, 0, &rep) == AS_SUCCESS);
    CHECK(rep.kind == AS_RELOAD_FULL && rep.objects_orphaned == 0);
    CHECK(rep.objects_migrated == 8);   /* 3 in the array, 1 in the dictionary, the bag and its item, calc, the host's */
    if (rep.objects_migrated != 8) fprintf(stderr, "%s\n", rep.summary);
    CHECK(call_decl("int check_array()") == 0 + 1 + 2 + 3 * 7);
    CHECK(call_decl("int check_dict()") == 17);
    CHECK(call_decl("int check_bag()") == 125);
    CHECK(call_decl("int check_fn()") == 15);        /* re-bound to the new twice */
    CHECK(call_decl("int check_gone()") == 1);       /* gone: null */
    CHECK(call_decl("int check_delegate()") == 16);  /* the delegate follows Calc::mul */
    CHECK(call_decl("int check_fns()") == 304);      /* handles in an array forward */
    /* calling the one that is gone raises an exception */
    as_context *c2 = as_context_create(engine);
    REQUIRE(as_context_prepare(c2, as_module_function_by_decl(mod, "int call_third()")) >= 0);
    CHECK(as_context_execute(c2) == AS_EXECUTION_EXCEPTION);
    CHECK(strstr(as_context_exception_string(c2), "hot reload") != NULL);
    as_context_destroy(c2);
    /* the host's object, migrated at its address */
    as_type *new_item = as_module_type_by_name(mod, "Item");
    CHECK(new_item != old_item && as_object_type(host_item) == new_item);
    CHECK(call_with_object(ctx, "int item_score(Item@)", host_item) == 106);
    /* the host's function pointers: the old twice forwards, gone cannot be prepared */
    REQUIRE(as_context_prepare(ctx, twice) >= 0);
    as_context_set_arg_dword(ctx, 0, 5);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED && as_context_return_dword(ctx) == 15);
    CHECK(as_context_prepare(ctx, gone) < 0);
    as_function_release(twice);
    as_function_release(gone);
    as_engine_release_object(engine, host_item, as_type_id(new_item));
    as_context_destroy(ctx);
    teardown();
}

/* ===================================================================== callbacks, debugger */

static char phases[256];
static void on_reload_cb(as_module *m, as_reload_phase phase, const as_reload_report *r, void *user)
{
    (void)user;
    size_t n = strlen(phases);
    snprintf(phases + n, sizeof phases - n, "%s:%s:%d ", phase == AS_RELOAD_PHASE_BEFORE ? "before" : "after",
             as_module_name(m), (int)r->kind);
}

static char dbg_out[4096];
static void dbg_output(const char *line, void *user)
{
    (void)user;
    size_t n = strlen(dbg_out);
    snprintf(dbg_out + n, sizeof dbg_out - n, "%s", line);
}
static bool dbg_input(char *buf, size_t size, void *user)
{
    (void)user;
    snprintf(buf, size, "c");
    return true;
}

static void test_callbacks_debugger(void)
{
    static const char v1[] = "int value() { return 1; }\nint f() {\n\n  int a = value();\n  return a;\n}\n";
    static const char v2[] = "int value() { return 2; }\nint f() {\n  int a = value();\n  return a + 0;\n}\n";
    static const char v3[] = "int value() { return 3; }\nint g() { return 1; }\nint f() {\n  int a = value();\n  return a;\n}\n";
    setup(v1);
    phases[0] = 0;
    CHECK(as_engine_add_reload_callback(engine, on_reload_cb, NULL) == AS_SUCCESS);
    CHECK(as_engine_add_reload_callback(NULL, on_reload_cb, NULL) == AS_INVALID_ARG);
    as_debugger *d = as_debugger_create(dbg_input, dbg_output, NULL);
    REQUIRE(d);
    CHECK(as_debugger_watch_reloads(d, engine) == AS_SUCCESS);
    CHECK(as_debugger_add_file_breakpoint(d, "dir/script.as", 3) == AS_SUCCESS);
    as_context *ctx = as_context_create(engine);
    as_context_set_line_callback(ctx, as_debugger_line_callback, d);
    as_debugger_interpret(d, "c", ctx);   /* it starts stepping: run to the breakpoint */
    dbg_out[0] = 0;
    CHECK(call_int(ctx, as_module_function_by_decl(mod, "int f()")) == 1);
    CHECK(strstr(dbg_out, "Reached break point 0 in file 'script.as' at line 4") != NULL);   /* line 3 has no code */
    as_reload_report rep;
    CHECK(reload_text(v2, 0, &rep) == AS_SUCCESS && rep.kind == AS_RELOAD_SOFT);
    CHECK(STREQ(phases, "before:m:1 after:m:1 "));
    dbg_out[0] = 0;
    CHECK(call_int(ctx, as_module_function_by_decl(mod, "int f()")) == 2);
    CHECK(strstr(dbg_out, "Reached break point 0 in file 'script.as' at line 3") != NULL);   /* back at its line */
    /* a compile error: only after, refused */
    phases[0] = 0;
    CHECK(reload_text("int f( {", 0, &rep) < 0);
    CHECK(STREQ(phases, "after:m:0 "));
    /* full: the debugger forgets the old functions, the breakpoint stays at its line */
    phases[0] = 0;
    CHECK(reload_text(v3, 0, &rep) == AS_SUCCESS && rep.kind == AS_RELOAD_FULL);
    CHECK(STREQ(phases, "before:m:2 after:m:2 "));
    dbg_out[0] = 0;
    CHECK(call_int(ctx, as_module_function_by_decl(mod, "int f()")) == 3);
    CHECK(strstr(dbg_out, "Reached break point 0 in file 'script.as' at line 4") != NULL);
    CHECK(as_engine_remove_reload_callback(engine, on_reload_cb, NULL) == AS_SUCCESS);
    CHECK(as_engine_remove_reload_callback(engine, on_reload_cb, NULL) == AS_NO_FUNCTION);
    phases[0] = 0;
    CHECK(reload_text(v2, 0, &rep) == AS_SUCCESS);
    CHECK(phases[0] == 0);
    as_context_destroy(ctx);
    as_debugger_destroy(d);
    teardown();
}

/* ===================================================================== two modules, a shared class */

/* The module under reload built from lib (objects made with 16 bytes of room), and a second
 * module "user" from user_src (its imports bound) whose `void hold()` is suspended in pause(). */
static as_context *hold_in_user_module(const char *lib, const char *user_src)
{
    setup_room = 16;
    setup(lib);
    setup_room = 0;
    as_module *user = as_engine_get_module(engine, "user", AS_GM_ALWAYS_CREATE);
    REQUIRE(as_module_add_section(user, "user.as", user_src, strlen(user_src), 0) >= 0);
    REQUIRE(as_module_build(user) >= 0);
    REQUIRE(as_module_bind_all_imported_functions(user) >= 0);
    as_context *held = as_context_create(engine);
    REQUIRE(as_context_prepare(held, as_module_function_by_decl(user, "void hold()")) >= 0);
    return held;
}

static void test_shared_modules(void)
{
    static const char lib_v1[] = "shared class S { int v = 1; int get() { return v; } }\nclass Local { int a = 1; }\n"
                                 "S@ mine = S();\nLocal@ loc = Local();\nint f() { mine.v++; return mine.v + loc.a; }\n";
    static const char lib_v2[] = "shared class S { int v = 1; int get() { return v; } }\nclass Local { int a = 1; int b = 2; }\n"
                                 "S@ mine = S();\nLocal@ loc = Local();\nint f() { mine.v++; return mine.v * 10 + loc.a + loc.b; }\n";
    static const char lib_bad[] = "shared class S { int v = 1; int w; int get() { return v; } }\n"
                                  "S@ mine = S();\nint f() { return 0; }\n";
    static const char user_src[] = "shared class S { int v = 1; int get() { return v; } }\nS@ keep = S();\n"
                                   "void hold() { S s; s.v = 5; pause(); record(s.get() + keep.get()); }\n";
    as_context *held = hold_in_user_module(lib_v1, user_src);
    CHECK(call_decl("int f()") == 3);
    /* the other module suspended with an object of the shared class on its stack */
    CHECK(as_context_execute(held) == AS_EXECUTION_SUSPENDED);
    as_reload_report rep;
    CHECK(reload_text(lib_v2, 0, &rep) == AS_SUCCESS && rep.kind == AS_RELOAD_FULL);
    CHECK(rep.objects_migrated == 1);   /* Local; S is shared: kept as it is, with its objects */
    CHECK(call_decl("int f()") == 33);  /* mine kept (v 2 -> 3), loc migrated (b new) */
    CHECK(as_context_execute(held) == AS_EXECUTION_FINISHED);
    CHECK(nrecorded == 1 && recorded[0] == 6);
    /* the shared class changed while another module uses it: refused, the old code keeps running */
    errors = 0;
    CHECK(reload_text(lib_bad, 0, &rep) < 0 && rep.kind == AS_RELOAD_REFUSED);
    CHECK(errors > 0);
    CHECK(call_decl("int f()") == 43);
    as_context_destroy(held);
    teardown();
}

/* ===================================================================== another module's stack */

static void test_other_stack(void)
{
    static const char lib_v1[] = "class Local { int a = 1; }\nref@ make() { Local l; l.a = 7; return l; }\n"
                                 "int score(ref@ r) { Local@ l = cast<Local>(r); return l is null ? -1 : l.a; }\n";
    static const char lib_v2[] = "class Local { int a = 1; int b = 30; }\nref@ make() { return Local(); }\n"
                                 "int score(ref@ r) { Local@ l = cast<Local>(r); return l is null ? -1 : l.a + l.b; }\n";
    static const char user_src[] = "import ref@ make() from 'm';\nimport int score(ref@ r) from 'm';\n"
                                   "void hold() { ref@ r = make(); array<ref@> keep = {r}; record(score(r)); pause(); "
                                   "record(score(r)); record(score(keep[0])); }\n";
    as_context *held = hold_in_user_module(lib_v1, user_src);
    CHECK(as_context_execute(held) == AS_EXECUTION_SUSPENDED);
    CHECK(nrecorded == 1 && recorded[0] == 7);
    as_reload_report rep;
    CHECK(reload_text(lib_v2, 0, &rep) == AS_SUCCESS && rep.kind == AS_RELOAD_FULL && rep.objects_migrated == 1);
    /* the object on the other module's stack (in a ref and an any) migrated; the imports forward */
    int er = as_context_execute(held);
    CHECK(er == AS_EXECUTION_FINISHED);
    if (er == AS_EXECUTION_EXCEPTION) fprintf(stderr, "exception: %s\n", as_context_exception_string(held));
    CHECK(nrecorded == 3 && recorded[1] == 37 && recorded[2] == 37);
    as_context_destroy(held);
    teardown();
}

/* ===================================================================== saved bytecode */

typedef struct mem_in {
    as_binary_stream s;
    const unsigned char *data;
    size_t size, at;
} mem_in;
static int mem_read(void *user, void *p, size_t n)
{
    mem_in *in = user;
    if (n > in->size - in->at) return -1;
    memcpy(p, in->data + in->at, n);
    in->at += n;
    return 0;
}

/* The bytecode of code built in a module of its own (same engine, same registrations). */
static void *bytecode_of(const char *code, size_t *size)
{
    as_module *tmp = as_engine_get_module(engine, "bytecode_src", AS_GM_ALWAYS_CREATE);
    REQUIRE(as_module_add_section(tmp, "script.as", code, strlen(code), 0) >= 0);
    REQUIRE(as_module_build(tmp) >= 0);
    void *data = NULL;
    REQUIRE(as_module_save_bytecode_to_memory(tmp, false, &data, size) >= 0);
    as_module_discard(tmp);
    return data;
}

static void test_bytecode(void)
{
    setup_room = 32;
    setup("class P { int x = 1; }\nP@ g = P();\nint counter = 5;\nint get() { g.x++; return g.x * 100 + counter; }\n");
    setup_room = 0;
    CHECK(call_decl("int get()") == 205);
    as_function *get = as_module_function_by_decl(mod, "int get()");
    as_function_addref(get);
    size_t size = 0;
    void *data = bytecode_of("class P { int x = 1; int y = 7; }\nP@ g;\nint counter;\n"
                             "int get() { g.x++; return g.x * 1000 + counter + g.y; }\n", &size);
    mem_in in = {{NULL, mem_read, NULL}, data, size, 0};
    in.s.user = &in;
    as_reload_report rep;
    CHECK(as_module_reload_bytecode(mod, &in.s, NULL, &rep) == AS_SUCCESS);
    CHECK(rep.kind == AS_RELOAD_FULL && rep.objects_migrated == 1 && rep.globals_kept == 2);
    CHECK(call_decl("int get()") == 3012);   /* the object and the counter kept, y new */
    /* the host's old pointer forwards */
    as_context *ctx = as_context_create(engine);
    CHECK(call_int(ctx, get) == 4012);
    as_context_destroy(ctx);
    as_function_release(get);
    /* the same bodies again: still full (saved bodies do not compile into the module) */
    in.at = 0;
    CHECK(as_module_reload_bytecode(mod, &in.s, NULL, &rep) == AS_SUCCESS && rep.kind == AS_RELOAD_FULL);
    CHECK(call_decl("int get()") == 5012);
    /* damaged bytecode: refused, the old code runs */
    ((unsigned char *)data)[size / 2] ^= 0x55;
    in.at = 0;
    errors = 0;
    CHECK(as_module_reload_bytecode(mod, &in.s, NULL, &rep) < 0 && rep.kind == AS_RELOAD_REFUSED);
    CHECK(strstr(rep.summary, "bytecode") != NULL);
    CHECK(call_decl("int get()") == 6012);
    CHECK(as_module_reload_bytecode(mod, NULL, NULL, &rep) == AS_INVALID_ARG);
    as_free_mem(data);
    teardown();
}

/* ===================================================================== reload from a module */

static void test_reload_from(void)
{
    setup(soft_v1);
    CHECK(call_decl("int step()") == 101);
    as_module *src = as_engine_get_module(engine, "src", AS_GM_ALWAYS_CREATE);
    REQUIRE(as_module_add_section(src, "a.as", soft_v2, strlen(soft_v2), 0) >= 0);
    as_reload_report rep;
    CHECK(as_module_reload_from(mod, src, NULL, &rep) == AS_SUCCESS && rep.kind == AS_RELOAD_SOFT);
    CHECK(as_engine_get_module(engine, "src", AS_GM_ONLY_IF_EXISTS) == NULL);   /* consumed */
    CHECK(call_decl("int step()") == 202);
    /* `using namespace` at file scope, and a mixin: their bodies compile again as they were */
    static const char ns_v1[] = "namespace A { int k() { return 1; } }\nusing namespace A;\n"
                                "mixin class M { int mm() { return k() + 10; } }\nclass C : M {}\n"
                                "int use() { C c; return k() * 100 + c.mm(); }\n";
    static const char ns_v2[] = "namespace A { int k() { return 2; } }\nusing namespace A;\n"
                                "mixin class M { int mm() { return k() + 20; } }\nclass C : M {}\n"
                                "int use() { C c; return k() * 100 + c.mm(); }\n";
    CHECK(reload_text(ns_v1, 0, &rep) == AS_SUCCESS && rep.kind == AS_RELOAD_FULL);
    CHECK(call_decl("int use()") == 111);
    CHECK(reload_text(ns_v2, 0, &rep) == AS_SUCCESS && rep.kind == AS_RELOAD_SOFT && rep.functions_changed == 2);
    CHECK(call_decl("int use()") == 222);
    /* the reloaded module saves and loads as bytecode */
    void *data = NULL;
    size_t size = 0;
    CHECK(as_module_save_bytecode_to_memory(mod, false, &data, &size) >= 0);
    as_module *copy = as_engine_get_module(engine, "copy", AS_GM_ALWAYS_CREATE);
    CHECK(data && as_module_load_bytecode_from_memory(copy, data, size, NULL) >= 0);
    as_free_mem(data);
    as_context *ctx = as_context_create(engine);
    CHECK(call_int(ctx, as_module_function_by_decl(copy, "int use()")) == 222);
    /* a module loaded from bytecode reloads from source */
    as_reload_source src1 = {"ns.as", ns_v1, strlen(ns_v1), 0};
    CHECK(as_module_reload(copy, &src1, 1, NULL, &rep) == AS_SUCCESS && rep.kind == AS_RELOAD_SOFT);
    CHECK(call_int(ctx, as_module_function_by_decl(copy, "int use()")) == 111);
    as_context_destroy(ctx);
    as_module_discard(copy);
    /* a constant's new value is a declaration change: the code that read it compiles again */
    CHECK(reload_text("const int N = 5;\nint n() { return N; }\n", 0, &rep) == AS_SUCCESS);
    CHECK(call_decl("int n()") == 5);
    CHECK(reload_text("const int N = 6;\nint n() { return N; }\n", 0, &rep) == AS_SUCCESS && rep.kind == AS_RELOAD_FULL);
    CHECK(call_decl("int n()") == 6);
    /* shared entities: the new source reuses them, they are the same declarations */
    static const char sh_v1[] = "shared class S { int v = 1; }\nshared int twice(int x) { return x * 2; }\n"
                                "S@ s = S();\nint get() { s.v++; return twice(s.v); }\n";
    static const char sh_v2[] = "shared class S { int v = 1; }\nshared int twice(int x) { return x * 2; }\n"
                                "S@ s = S();\nint get() { s.v++; return twice(s.v) + 1000; }\n";
    static const char sh_v3[] = "shared class S { int v = 1; }\nshared int twice(int x) { return x * 2; }\n"
                                "S@ s = S();\nint added;\nint get() { s.v++; return twice(s.v) + 2000; }\n";
    CHECK(reload_text(sh_v1, 0, &rep) == AS_SUCCESS && rep.kind == AS_RELOAD_FULL);
    CHECK(call_decl("int get()") == 4);
    CHECK(reload_text(sh_v2, 0, &rep) == AS_SUCCESS && rep.kind == AS_RELOAD_SOFT && rep.functions_changed == 1);
    CHECK(call_decl("int get()") == 1006);
    CHECK(reload_text(sh_v3, AS_RELOAD_ORPHAN_OBJECTS, &rep) == AS_SUCCESS && rep.kind == AS_RELOAD_FULL);
    CHECK(rep.objects_migrated == 0);   /* the shared class is kept, and its object as it is */
    CHECK(call_decl("int get()") == 2008);
    CHECK(as_module_reload(mod, NULL, 0, &(as_reload_options){AS_RELOAD_ORPHAN_OBJECTS}, &rep) == AS_SUCCESS && rep.kind == AS_RELOAD_FULL);   /* empty */
    CHECK(as_module_function_count(mod) == 0);
    teardown();
}

/* ===================================================================== out of memory */

/* Allocation number fail_at (counting from when it is set) fails; live bytes counted. */
static long alloc_count, fail_at = -1;
static size_t live_bytes;
static void *failing_alloc(size_t n)
{
    if (fail_at >= 0 && alloc_count++ == fail_at) return NULL;
    size_t *p = malloc(n + 16);
    if (!p) return NULL;
    p[0] = n;
    live_bytes += n;
    return (char *)p + 16;
}
static void counted_free(void *q)
{
    if (!q) return;
    size_t *p = (size_t *)((char *)q - 16);
    live_bytes -= p[0];
    free(p);
}

/* One reload with allocation n failing: nothing crashes, the module runs the old code or the
 * new, and every byte comes back. true once n is past the reload's last allocation. */
static bool reload_failing_at(long n, const char *v1, const char *v2, const char *decl, int old_value, int new_value,
                              uint32_t flags, bool suspend)
{
    setup(v1);
    as_context *held = NULL;
    if (suspend) {
        held = as_context_create(engine);
        REQUIRE(as_context_prepare(held, as_module_function_by_decl(mod, "void long_fn()")) >= 0);
        CHECK(as_context_execute(held) == AS_EXECUTION_SUSPENDED);
    }
    as_reload_report rep;
    alloc_count = 0;
    fail_at = n;
    int r = reload_text(v2, flags, &rep);
    bool past = alloc_count <= n;   /* the failure never came */
    fail_at = -1;
    CHECK(r == AS_SUCCESS || rep.kind == AS_RELOAD_REFUSED);
    /* a full reload short of memory to re-create an object initialises its global again */
    if (!(r == AS_SUCCESS && rep.globals_reinitialised)) {
        int v = call_decl(decl);
        CHECK(v == (r == AS_SUCCESS ? new_value : old_value));
    }
    if (held) {
        as_context_execute(held);
        as_context_destroy(held);
    }
    teardown();
    CHECK(live_bytes == 0);
    if (live_bytes) fprintf(stderr, "allocation %ld failing (%s): %zu bytes left\n", n, suspend ? "S" : "F", live_bytes);
    live_bytes = 0;
    return past;
}

static void test_out_of_memory(void)
{
    as_set_global_memory_functions(failing_alloc, counted_free);
    const char *only = getenv("HOT_RELOAD_FAIL_AT");   /* "S:N" or "F:N": one case, to debug it */
    if (only) {
        static const char f1[] = "class P { int x = 7; }\nP@ g = P();\nint get() { return g.x; }\n";
        static const char f2[] = "class P { int x = 1; int y = 2; }\nP@ g;\nint counter;\nint get() { return g.x * 10; }\n";
        if (only[0] == 'S') reload_failing_at(atol(only + 2), susp_v1, susp_v2, "int value()", 1, 2, 0, true);
        else reload_failing_at(atol(only + 2), f1, f2, "int get()", 7, 70, AS_RELOAD_ORPHAN_OBJECTS, false);
        as_reset_global_memory_functions();
        return;
    }
    /* soft, a frame left in the old code */
    long n = 0;
    while (!reload_failing_at(n, susp_v1, susp_v2, "int value()", 1, 2, 0, true) && n < 20000) n++;
    CHECK(n < 20000 && n > 50);   /* a sweep over every allocation of the reload */
    /* full, objects migrated */
    static const char v1[] = "class P { int x = 7; }\nP@ g = P();\nint get() { return g.x; }\n";
    static const char v2[] = "class P { int x = 1; int y = 2; }\nP@ g;\nint counter;\nint get() { return g.x * 10; }\n";
    n = 0;
    while (!reload_failing_at(n, v1, v2, "int get()", 7, 70, AS_RELOAD_ORPHAN_OBJECTS, false) && n < 20000) n++;
    CHECK(n < 20000 && n > 50);   /* a sweep over every allocation of the reload */
    as_reset_global_memory_functions();
}

int main(void)
{
    group_alarm = 300;
    group("soft", test_soft);
    group("compile_error", test_compile_error);
    group("suspended", test_suspended);
    group("line_callback_coroutine", test_line_callback_and_coroutine);
    group("full_globals", test_full_globals);
    group("full_classes", test_full_classes);
    group("full_live_objects", test_full_live_objects);
    group("callbacks_debugger", test_callbacks_debugger);
    group("bytecode", test_bytecode);
    group("shared_modules", test_shared_modules);
    group("other_stack", test_other_stack);
    group("reload_from", test_reload_from);
    group("out_of_memory", test_out_of_memory);
    if (failures) fprintf(stderr, "hot_reload: %d failure(s)\n", failures);
    return failures ? 1 : 0;
}
