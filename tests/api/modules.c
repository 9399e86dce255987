/* Modules:
 *  - several modules in one engine, each with its own functions and globals of the same names;
 *    as_engine_get_module with AS_GM_ONLY_IF_EXISTS / CREATE_IF_NOT_EXISTS / ALWAYS_CREATE;
 *    as_module_name / as_module_engine;
 *  - several sections in one module (functions and classes used across sections);
 *  - build errors: negative result, message section and line numbers, line_offset of a
 *    section, an error in the second section, a module that fails and is then rebuilt;
 *  - functions by decl / by name / by index, as_function_declared_at, overloads (by name is
 *    ambiguous), functions in namespaces;
 *  - global variables by name and address: read a script global from C (int, double, string,
 *    array handle), write it from C and see the script use it, initialisers, const globals,
 *    as_module_reset_globals, AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD off;
 *  - discarding: as_module_discard, as_engine_discard_module, using the name again.
 *
 * CHECK prints file:line and the condition and marks the test failed (exit 1 at the end);
 * REQUIRE exits at once. Groups run in child processes so a crash fails only its group. */
#define _POSIX_C_SOURCE 200809L
#include "angelc.h"
#include "angelc_addons.h"
#include <sys/wait.h>
#include <unistd.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

#define MAXMSG 16
static struct { int n, errors; struct { char section[64]; int row, col; as_msgtype type; char text[200]; } m[MAXMSG]; } msgs;
static void on_message(const as_message *m, void *user)
{
    (void)user;
    if (m->type == AS_MSG_ERROR) msgs.errors++;
    if (msgs.n < MAXMSG) {
        snprintf(msgs.m[msgs.n].section, sizeof msgs.m[0].section, "%s", m->section);
        msgs.m[msgs.n].row = m->row;
        msgs.m[msgs.n].col = m->col;
        msgs.m[msgs.n].type = m->type;
        snprintf(msgs.m[msgs.n].text, sizeof msgs.m[0].text, "%s", m->message);
        msgs.n++;
    }
}
/* The first error message (or NULL). */
static int first_error(void)
{
    for (int i = 0; i < msgs.n; i++)
        if (msgs.m[i].type == AS_MSG_ERROR) return i;
    return -1;
}

static as_engine *engine;
static as_context *ctx;

static int call_int(as_function *f)
{
    if (!f || as_context_prepare(ctx, f) < 0) return -99999;
    if (as_context_execute(ctx) != AS_EXECUTION_FINISHED) return -88888;
    return (int)as_context_return_dword(ctx);
}

static as_module *module_with(const char *name, const char *code)
{
    as_module *m = as_engine_get_module(engine, name, AS_GM_ALWAYS_CREATE);
    if (!m) return NULL;
    CHECK(as_module_add_section(m, name, code, strlen(code), 0) == AS_SUCCESS);
    memset(&msgs, 0, sizeof msgs);
    int r = as_module_build(m);
    CHECK(r >= 0);
    if (r < 0) {
        int i = first_error();
        fprintf(stderr, "  build of %s failed: %s\n", name, i >= 0 ? msgs.m[i].text : "?");
    }
    return r >= 0 ? m : NULL;
}

/* ===================================================================== several modules */

static void test_several(void)
{
    as_module *a = module_with("A", "int g = 1;\nint which() { return 100 + g; }\nint bump() { return ++g; }\n");
    as_module *b = module_with("B", "int g = 2;\nint which() { return 200 + g; }\nint bump() { g += 10; return g; }\n");
    REQUIRE(a && b && a != b);
    CHECK(strcmp(as_module_name(a), "A") == 0 && strcmp(as_module_name(b), "B") == 0);
    CHECK(as_module_engine(a) == engine);
    CHECK(as_engine_get_module(engine, "A", AS_GM_ONLY_IF_EXISTS) == a);
    CHECK(as_engine_get_module(engine, "B", AS_GM_CREATE_IF_NOT_EXISTS) == b);
    CHECK(as_engine_get_module(engine, "C", AS_GM_ONLY_IF_EXISTS) == NULL);
    as_function *wa = as_module_function_by_name(a, "which"), *wb = as_module_function_by_name(b, "which");
    CHECK(wa && wb && wa != wb);
    CHECK(call_int(wa) == 101);
    CHECK(call_int(wb) == 202);
    CHECK(call_int(as_module_function_by_name(a, "bump")) == 2);
    CHECK(call_int(as_module_function_by_name(b, "bump")) == 12);
    CHECK(call_int(wa) == 102);
    CHECK(call_int(wb) == 212);
    /* an empty module builds */
    as_module *c = as_engine_get_module(engine, "C", AS_GM_CREATE_IF_NOT_EXISTS);
    CHECK(c != NULL);
    if (c) {
        CHECK(as_engine_get_module(engine, "C", AS_GM_ONLY_IF_EXISTS) == c);
        CHECK(as_module_build(c) >= 0);
        CHECK(as_module_function_count(c) == 0);
    }
    /* ALWAYS_CREATE replaces a module of that name */
    as_module *a2 = module_with("A", "int which() { return 999; }\n");
    CHECK(a2 != NULL);
    as_module *now = as_engine_get_module(engine, "A", AS_GM_ONLY_IF_EXISTS);
    CHECK(now == a2);
    CHECK(now && call_int(as_module_function_by_name(now, "which")) == 999);
    CHECK(call_int(wb) == 212);    /* B is untouched */
}

/* ===================================================================== sections */

static void test_sections(void)
{
    as_module *m = as_engine_get_module(engine, "S", AS_GM_ALWAYS_CREATE);
    REQUIRE(m != NULL);
    const char *s1 = "int fromA() { return helper() * 2; }\nclass Point { int x; int y; Point(int a, int b) { x = a; y = b; } }\n";
    const char *s2 = "int helper() { Point p(3, 4); return p.x + p.y; }\n";
    const char *s3 = "int total() { return fromA() + helper(); }";   /* no final newline */
    CHECK(as_module_add_section(m, "a.as", s1, strlen(s1), 0) == AS_SUCCESS);
    CHECK(as_module_add_section(m, "b.as", s2, strlen(s2), 0) == AS_SUCCESS);
    CHECK(as_module_add_section(m, "c.as", s3, strlen(s3), 0) == AS_SUCCESS);
    memset(&msgs, 0, sizeof msgs);
    CHECK(as_module_build(m) >= 0);
    CHECK(msgs.errors == 0);
    CHECK(as_module_function_count(m) == 3);
    CHECK(call_int(as_module_function_by_decl(m, "int total()")) == 21);
    /* where functions are declared */
    as_function *h = as_module_function_by_name(m, "helper");
    CHECK(h != NULL);
    if (h) {
        const char *sec = NULL;
        int row = -1, col = -1;
        CHECK(as_function_declared_at(h, &sec, &row, &col) >= 0);
        CHECK(sec && strcmp(sec, "b.as") == 0);
        CHECK(row == 1);
        CHECK(col == 1);
    }
    /* only the section's length counts: the rest of the buffer is ignored */
    as_module *m2 = as_engine_get_module(engine, "S2", AS_GM_ALWAYS_CREATE);
    const char *buf = "int seven() { return 7; }\nthis is not valid code";
    CHECK(as_module_add_section(m2, "part.as", buf, 26, 0) == AS_SUCCESS);
    memset(&msgs, 0, sizeof msgs);
    CHECK(as_module_build(m2) >= 0);
    CHECK(call_int(as_module_function_by_name(m2, "seven")) == 7);
    /* the code is copied: the host's buffer may change after add_section */
    char mutable_src[64];
    snprintf(mutable_src, sizeof mutable_src, "int eight() { return 8; }\n");
    as_module *m3 = as_engine_get_module(engine, "S3", AS_GM_ALWAYS_CREATE);
    CHECK(as_module_add_section(m3, "copy.as", mutable_src, strlen(mutable_src), 0) == AS_SUCCESS);
    memset(mutable_src, 'x', sizeof mutable_src - 1);
    CHECK(as_module_build(m3) >= 0);
    CHECK(call_int(as_module_function_by_name(m3, "eight")) == 8);
}

/* ===================================================================== build errors */

static void test_errors(void)
{
    /* the error in the second section, line 3 */
    as_module *m = as_engine_get_module(engine, "E", AS_GM_ALWAYS_CREATE);
    const char *ok = "int good() { return 1; }\n";
    const char *bad = "int bad1() { return 1; }\n\nint bad2() { return undefined_thing; }\n";
    as_module_add_section(m, "ok.as", ok, strlen(ok), 0);
    as_module_add_section(m, "bad.as", bad, strlen(bad), 0);
    memset(&msgs, 0, sizeof msgs);
    int r = as_module_build(m);
    CHECK(r < 0);
    CHECK(msgs.errors >= 1);
    int i = first_error();
    CHECK(i >= 0);
    if (i >= 0) {
        CHECK(strcmp(msgs.m[i].section, "bad.as") == 0);
        CHECK(msgs.m[i].row == 3);
        CHECK(msgs.m[i].col == 21);
        CHECK(strstr(msgs.m[i].text, "undefined_thing") != NULL);
    }
    /* a failed module has no functions to call */
    CHECK(as_module_function_by_name(m, "good") == NULL);

    /* line_offset is added to reported rows */
    m = as_engine_get_module(engine, "E2", AS_GM_ALWAYS_CREATE);
    const char *bad2 = "void f() {\n  int x = 1\n}\n";    /* missing ';' at row 2 (+10) */
    CHECK(as_module_add_section(m, "offset.as", bad2, strlen(bad2), 10) == AS_SUCCESS);
    memset(&msgs, 0, sizeof msgs);
    CHECK(as_module_build(m) < 0);
    i = first_error();
    CHECK(i >= 0);
    if (i >= 0) {
        CHECK(strcmp(msgs.m[i].section, "offset.as") == 0);
        CHECK(msgs.m[i].row == 13);     /* the reference reports the '}' on line 3 */
    }

    /* several errors, all reported, in order */
    m = as_engine_get_module(engine, "E3", AS_GM_ALWAYS_CREATE);
    const char *many = "void a() { x1 = 1; }\nvoid b() { x2 = 2; }\nvoid c() { x3 = 3; }\n";
    as_module_add_section(m, "many.as", many, strlen(many), 0);
    memset(&msgs, 0, sizeof msgs);
    CHECK(as_module_build(m) < 0);
    CHECK(msgs.errors == 3);
    int rows[3] = {0, 0, 0}, k = 0;
    for (int j = 0; j < msgs.n && k < 3; j++)
        if (msgs.m[j].type == AS_MSG_ERROR) rows[k++] = msgs.m[j].row;
    CHECK(rows[0] == 1 && rows[1] == 2 && rows[2] == 3);

    /* a module that failed can be filled again and built */
    m = as_engine_get_module(engine, "E", AS_GM_ALWAYS_CREATE);
    as_module_add_section(m, "fixed.as", ok, strlen(ok), 0);
    memset(&msgs, 0, sizeof msgs);
    CHECK(as_module_build(m) >= 0);
    CHECK(call_int(as_module_function_by_name(m, "good")) == 1);

    /* type errors and duplicate definitions */
    m = as_engine_get_module(engine, "E4", AS_GM_ALWAYS_CREATE);
    const char *dup = "int f() { return 1; }\nint f() { return 2; }\n";
    as_module_add_section(m, "dup.as", dup, strlen(dup), 0);
    memset(&msgs, 0, sizeof msgs);
    CHECK(as_module_build(m) < 0);
    i = first_error();
    CHECK(i >= 0 && msgs.m[i].row == 2);
}

/* ===================================================================== functions */

static void test_functions(void)
{
    const char *src =
        "int f(int a) { return a; }\n"
        "int f(double a) { return int(a * 10); }\n"
        "float single(float x, const string &in s) { return x + float(s.length()); }\n"
        "namespace ns { int g() { return 5; } }\n"
        "void v() {}\n";
    as_module *m = module_with("F", src);
    REQUIRE(m != NULL);
    CHECK(as_module_function_count(m) == 5);
    int seen = 0;
    for (int i = 0; i < as_module_function_count(m); i++) {
        as_function *f = as_module_function_by_index(m, i);
        CHECK(f != NULL);
        if (f) seen++;
    }
    CHECK(seen == 5);
    CHECK(as_module_function_by_index(m, 5) == NULL);
    CHECK(as_module_function_by_index(m, -1) == NULL);
    /* by name: overloaded names are ambiguous */
    CHECK(as_module_function_by_name(m, "f") == NULL);
    CHECK(as_module_function_by_name(m, "single") != NULL);
    CHECK(as_module_function_by_name(m, "nosuch") == NULL);
    /* by decl tells overloads apart; parameter names and spacing do not matter */
    as_function *fi = as_module_function_by_decl(m, "int f(int)");
    as_function *fd = as_module_function_by_decl(m, "int f(double)");
    CHECK(fi && fd && fi != fd);
    CHECK(as_module_function_by_decl(m, "int f(int a)") == fi);
    CHECK(as_module_function_by_decl(m, "int  f( int )") == fi);
    CHECK(as_module_function_by_decl(m, "int f(float)") == NULL);
    CHECK(as_module_function_by_decl(m, "void f(int)") == NULL);       /* the return type counts */
    CHECK(as_module_function_by_decl(m, "float single(float, const string &in)") != NULL);
    CHECK(as_module_function_by_decl(m, "float single(float, string)") == NULL);
    CHECK(as_module_function_by_decl(m, "int g()") == NULL);            /* in ns only */
    CHECK(as_module_function_by_decl(m, "int ns::g()") != NULL);
    CHECK(as_module_function_by_decl(m, "not a declaration") == NULL);
    if (fd) {
        CHECK(as_context_prepare(ctx, fd) == AS_SUCCESS);
        CHECK(as_context_set_arg_double(ctx, 0, 4.2) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        CHECK(as_context_return_dword(ctx) == 42);
    }
    as_function *s = as_module_function_by_name(m, "single");
    if (s) {
        CHECK(strcmp(as_function_name(s), "single") == 0);
        CHECK(strcmp(as_function_declaration(s, false, false, false), "float single(float, const string&in)") == 0);
        CHECK(strcmp(as_function_declaration(s, false, false, true), "float single(float x, const string&in s)") == 0);
        CHECK(as_function_param_count(s) == 2);
        CHECK(as_function_return_type_id(s, NULL) == AS_TYPEID_FLOAT);
        int row = 0;
        as_function_declared_at(s, NULL, &row, NULL);
        CHECK(row == 3);
    }
    /* the namespaced function */
    as_function *g = NULL;
    for (int i = 0; i < as_module_function_count(m); i++) {
        as_function *f = as_module_function_by_index(m, i);
        if (f && strcmp(as_function_name(f), "g") == 0) g = f;
    }
    CHECK(g != NULL);
    if (g) {
        CHECK(strcmp(as_function_namespace(g), "ns") == 0);
        CHECK(strcmp(as_function_declaration(g, false, true, false), "int ns::g()") == 0);
        CHECK(strcmp(as_function_declaration(g, false, false, false), "int g()") == 0);
        CHECK(call_int(g) == 5);
    }
    /* scoped names and declarations, as the reference resolves them (verified with a probe):
     * by name the scope is relative to the default namespace ("::" for the global one), and
     * there is no search of parent namespaces; by declaration the scope is from the global
     * namespace, and an unscoped declaration is also looked for in the parents of the default */
    CHECK(as_module_function_by_name(m, "ns::g") == g);
    CHECK(as_module_function_by_name(m, "::ns::g") == g);
    CHECK(as_module_function_by_name(m, "g") == NULL);
    CHECK(as_module_function_by_name(m, "nosuch::g") == NULL);
    CHECK(as_module_function_by_name(m, "::v") != NULL);
    CHECK(as_module_set_default_namespace(m, "ns") == AS_SUCCESS);
    CHECK(as_module_function_by_name(m, "g") == g);
    CHECK(as_module_function_by_name(m, "ns::g") == NULL);         /* would be ns::ns::g */
    CHECK(as_module_function_by_name(m, "v") == NULL);
    CHECK(as_module_function_by_name(m, "::v") != NULL);
    CHECK(as_module_function_by_decl(m, "int g()") == g);
    CHECK(as_module_function_by_decl(m, "int ns::g()") == g);
    CHECK(as_module_function_by_decl(m, "void v()") == as_module_function_by_name(m, "::v"));
    CHECK(as_module_set_default_namespace(m, "") == AS_SUCCESS);
    CHECK(as_module_function_by_decl(m, "int ::ns::g()") == g);
    CHECK(as_module_function_by_decl(m, "int nosuch::g()") == NULL);
}

/* ===================================================================== globals */

static void test_globals(void)
{
    const char *src =
        "int counter = 40 + 2;\n"
        "double ratio = 0.5;\n"
        "string name = 'angel' + 'c';\n"
        "const int LIMIT = 99;\n"
        "array<int>@ list = {1, 2, 3};\n"
        "int8 small = -3;\n"
        "namespace ns { int hidden = 7; }\n"
        "int use() { counter++; return counter; }\n"
        "double useRatio() { return ratio * 4; }\n"
        "int nameLen() { return int(name.length()); }\n"
        "int listSum() { int s = 0; for (uint i = 0; i < list.length(); i++) s += list[i]; return s; }\n";
    as_module *m = module_with("G", src);
    REQUIRE(m != NULL);
    CHECK(as_module_global_count(m) == 7);
    int ic = as_module_global_index_by_name(m, "counter");
    int ir = as_module_global_index_by_name(m, "ratio");
    int in = as_module_global_index_by_name(m, "name");
    int il = as_module_global_index_by_name(m, "LIMIT");
    int ia = as_module_global_index_by_name(m, "list");
    int is = as_module_global_index_by_name(m, "small");
    CHECK(ic >= 0 && ir >= 0 && in >= 0 && il >= 0 && ia >= 0 && is >= 0);
    CHECK(as_module_global_index_by_name(m, "nosuch") == AS_NO_GLOBAL_VAR);
    CHECK(as_module_global_index_by_name(m, "hidden") < 0);    /* in ns only */
    int *counter = as_module_global_address(m, ic);
    double *ratio = as_module_global_address(m, ir);
    void *name = as_module_global_address(m, in);
    const int *limit = as_module_global_address(m, il);
    void **list = as_module_global_address(m, ia);
    int8_t *small = as_module_global_address(m, is);
    CHECK(as_module_global_address(m, 100) == NULL);
    CHECK(as_module_global_address(m, -1) == NULL);
    REQUIRE(counter && ratio && name && limit && list && small);
    /* initialised by the build */
    CHECK(*counter == 42);
    CHECK(*ratio == 0.5);
    size_t n = 0;
    const char *d = as_string_data(name, &n);
    CHECK(n == 6 && memcmp(d, "angelc", 6) == 0);
    CHECK(*limit == 99);
    CHECK(*small == -3);
    CHECK(*list != NULL);
    if (*list) {
        CHECK(as_array_size(*list) == 3);
        int *e2 = as_array_at(*list, 2);
        CHECK(e2 && *e2 == 3);
    }
    /* the script changes them, the host sees it; the host changes them, the script sees it */
    CHECK(call_int(as_module_function_by_name(m, "use")) == 43);
    CHECK(*counter == 43);
    *counter = 1000;
    CHECK(call_int(as_module_function_by_name(m, "use")) == 1001);
    *ratio = 2.25;
    as_function *ur = as_module_function_by_name(m, "useRatio");
    CHECK(ur && as_context_prepare(ctx, ur) >= 0 && as_context_execute(ctx) == AS_EXECUTION_FINISHED && as_context_return_double(ctx) == 9.0);
    as_string_assign(name, "abc", 3);
    CHECK(call_int(as_module_function_by_name(m, "nameLen")) == 3);
    if (*list) {
        int v = 10;
        CHECK(as_array_insert_last(*list, &v));
        CHECK(call_int(as_module_function_by_name(m, "listSum")) == 16);
    }
    /* reset runs the initialisers again */
    CHECK(as_module_reset_globals(m, NULL) >= 0);
    CHECK(*(int *)as_module_global_address(m, ic) == 42);
    n = 0;
    d = as_string_data(as_module_global_address(m, in), &n);
    CHECK(n == 6 && memcmp(d, "angelc", 6) == 0);
    CHECK(call_int(as_module_function_by_name(m, "listSum")) == 6);
}

static void test_no_init(void)
{
    CHECK(as_engine_set_property(engine, AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD, 0) == AS_SUCCESS);
    as_module *m = module_with("NI", "int x = 5;\nint getx() { return x; }\n");
    REQUIRE(m != NULL);
    int ix = as_module_global_index_by_name(m, "x");
    CHECK(ix >= 0);
    int *x = ix >= 0 ? as_module_global_address(m, ix) : NULL;
    CHECK(x != NULL);
    if (x) CHECK(*x == 0);
    CHECK(as_module_reset_globals(m, NULL) >= 0);
    x = ix >= 0 ? as_module_global_address(m, ix) : NULL;
    if (x) CHECK(*x == 5);
    CHECK(call_int(as_module_function_by_name(m, "getx")) == 5);
    CHECK(as_engine_set_property(engine, AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD, 1) == AS_SUCCESS);
}

/* ===================================================================== discard */

static void test_discard(void)
{
    as_module *m = module_with("D", "int f() { return 1; }\n");
    REQUIRE(m != NULL);
    as_module_discard(m);
    CHECK(as_engine_get_module(engine, "D", AS_GM_ONLY_IF_EXISTS) == NULL);
    CHECK(as_engine_discard_module(engine, "D") == AS_NO_MODULE);
    CHECK(as_engine_discard_module(engine, "never") == AS_NO_MODULE);
    /* the name can be used again */
    m = module_with("D", "int f() { return 2; }\n");
    REQUIRE(m != NULL);
    CHECK(call_int(as_module_function_by_name(m, "f")) == 2);
    CHECK(as_engine_discard_module(engine, "D") == AS_SUCCESS);
    CHECK(as_engine_get_module(engine, "D", AS_GM_ONLY_IF_EXISTS) == NULL);
    /* many modules made and discarded */
    for (int i = 0; i < 50; i++) {
        char name[16], code[64];
        snprintf(name, sizeof name, "M%d", i);
        snprintf(code, sizeof code, "int v() { return %d; }\nstring s = 'x%d';\n", i, i);
        as_module *mi = module_with(name, code);
        CHECK(mi && call_int(as_module_function_by_name(mi, "v")) == i);
        if (i % 2) as_module_discard(mi);
    }
    for (int i = 0; i < 50; i++) {
        char name[16];
        snprintf(name, sizeof name, "M%d", i);
        as_module *mi = as_engine_get_module(engine, name, AS_GM_ONLY_IF_EXISTS);
        CHECK((mi != NULL) == (i % 2 == 0));
        if (mi) CHECK(call_int(as_module_function_by_name(mi, "v")) == i);
    }
    /* an object of a discarded module's class that the host still holds */
    as_module *cm = module_with("Cls", "class K { int v = 3; }\nK@ make() { return K(); }\n");
    REQUIRE(cm != NULL);
    as_function *mk = as_module_function_by_name(cm, "make");
    CHECK(mk && as_context_prepare(ctx, mk) >= 0 && as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    void *obj = as_context_return_object(ctx);
    CHECK(obj != NULL);
    int tid = as_function_return_type_id(mk, NULL);
    if (obj) as_engine_addref_object(engine, obj, tid);
    as_context_unprepare(ctx);
    as_module_discard(cm);
    if (obj) as_engine_release_object(engine, obj, tid);   /* must not crash */
}

int main(void)
{
    engine = as_engine_create();
    REQUIRE(engine != NULL);
    as_engine_set_message_callback(engine, on_message, NULL);
    CHECK(as_register_string(engine) >= 0);
    CHECK(as_register_array(engine, true) >= 0);
    ctx = as_context_create(engine);
    REQUIRE(ctx != NULL);
    group("several", test_several);
    group("sections", test_sections);
    group("errors", test_errors);
    group("functions", test_functions);
    group("globals", test_globals);
    group("no_init", test_no_init);
    group("discard", test_discard);
    as_context_destroy(ctx);
    as_engine_destroy(engine);
    if (failures) fprintf(stderr, "modules: %d check(s) failed\n", failures);
    return failures ? 1 : 0;
}
