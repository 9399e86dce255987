/* Saved bytecode (as_module_save_bytecode / as_module_load_bytecode):
 *  - a module using classes, inheritance, interfaces, handles, strings, arrays, dictionaries,
 *    globals (with initialisation order), enums, funcdefs, lambdas, namespaces, properties,
 *    shared and final classes runs the same after a round trip into a second engine whose
 *    host registrations are made in another order (other type and function ids), and the
 *    lookups (functions by declaration, globals, types, methods, declared lines) agree;
 *  - saving what was loaded gives the same bytes, in a third engine too;
 *  - debug info: exception lines and sections, variables, stripped streams (line 0, flag);
 *  - AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD on and off, host global properties at other addresses,
 *    imports bound after loading;
 *  - mismatched registrations: a missing function, type, global property, a type of another
 *    size, no string factory: AS_INVALID_CONFIGURATION, a message, an empty module and an
 *    engine that still works;
 *  - damaged streams: every truncation, flipped bytes (checksum), bad magic, version, and
 *    bytes flipped behind a repaired checksum (the structural checks): an error code, never a
 *    crash (run it under ASan);
 *  - errors of saving: a module not built, a stream that refuses data.
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

/* ---- messages and output ---- */

static char last_error[600];
static int nerrors;
static void on_message(const as_message *m, void *user)
{
    (void)user;
    if (m->type != AS_MSG_ERROR) return;
    nerrors++;
    snprintf(last_error, sizeof last_error, "%s", m->message);
}

static char out[8192];
static size_t outlen;
static void print(as_generic *g)
{
    size_t n;
    const char *s = as_string_data(as_generic_arg_object(g, 0), &n);
    if (outlen + n < sizeof out) {
        memcpy(out + outlen, s, n);
        outlen += n;
        out[outlen] = 0;
    }
}

static int host_counter = 7;
static int host_counter_b = 1000;
static int twice(int x) { return 2 * x; }
static int thrice(int x) { return 3 * x; }

/* What the engines register. `reverse` registers in another order and adds a type first, so
 * ids differ between the engines. */
typedef struct host_cfg {
    bool reverse, no_twice, no_counter, no_strings, point_size_12, no_point;
    int *counter;
} host_cfg;

static void register_point(as_engine *e, const host_cfg *c)
{
    if (c->no_point) return;
    REQUIRE(as_register_object_type(e, "point", c->point_size_12 ? 12 : 8, AS_OBJ_VALUE | AS_OBJ_POD) >= 0);
    REQUIRE(as_register_object_property(e, "point", "int x", 0) >= 0);
    REQUIRE(as_register_object_property(e, "point", "int y", 4) >= 0);
}

static as_engine *make_engine(const host_cfg *c)
{
    as_engine *e = as_engine_create();
    REQUIRE(e);
    as_engine_set_message_callback(e, on_message, NULL);
    if (c->reverse) {
        REQUIRE(as_register_enum(e, "padding") >= 0);
        register_point(e, c);
        if (!c->no_strings) REQUIRE(as_register_string(e) >= 0);
        REQUIRE(as_register_array(e, true) >= 0);
        REQUIRE(as_register_math(e) >= 0);
        if (!c->no_strings) REQUIRE(as_register_dictionary(e) >= 0);
        if (!c->no_strings) REQUIRE(as_register_string_utils(e) >= 0);
        if (!c->no_strings) REQUIRE(as_register_exception_routines(e) >= 0);
        REQUIRE(as_register_global_function(e, "int thrice(int)", AS_FN(thrice), AS_CALL_CDECL, NULL) >= 0);
        if (!c->no_twice) REQUIRE(as_register_global_function(e, "int twice(int)", AS_FN(twice), AS_CALL_CDECL, NULL) >= 0);
    } else {
        if (!c->no_strings) REQUIRE(as_register_string(e) >= 0);
        REQUIRE(as_register_array(e, true) >= 0);
        if (!c->no_strings) REQUIRE(as_register_string_utils(e) >= 0);
        REQUIRE(as_register_math(e) >= 0);
        if (!c->no_strings) REQUIRE(as_register_dictionary(e) >= 0);
        if (!c->no_strings) REQUIRE(as_register_exception_routines(e) >= 0);
        if (!c->no_twice) REQUIRE(as_register_global_function(e, "int twice(int)", AS_FN(twice), AS_CALL_CDECL, NULL) >= 0);
        REQUIRE(as_register_global_function(e, "int thrice(int)", AS_FN(thrice), AS_CALL_CDECL, NULL) >= 0);
        register_point(e, c);
    }
    if (!c->no_strings) REQUIRE(as_register_global_function(e, "void print(const string &in)", AS_FN(print), AS_CALL_GENERIC, NULL) >= 0);
    if (!c->no_counter) REQUIRE(as_register_global_property(e, "int counter", c->counter ? c->counter : &host_counter) >= 0);
    return e;
}

static as_module *build(as_engine *e, const char *name, const char *src)
{
    as_module *m = as_engine_get_module(e, name, AS_GM_ALWAYS_CREATE);
    REQUIRE(m);
    REQUIRE(as_module_add_section(m, "test.as", src, strlen(src), 0) >= 0);
    int r = as_module_build(m);
    if (r < 0) fprintf(stderr, "build failed: %s\n", last_error);
    REQUIRE(r >= 0);
    return m;
}

static void *save(as_module *m, bool strip, size_t *size)
{
    void *data = NULL;
    int r = as_module_save_bytecode_to_memory(m, strip, &data, size);
    if (r < 0) fprintf(stderr, "save failed (%d): %s\n", r, last_error);
    REQUIRE(r >= 0 && data && *size > 32);
    return data;
}

/* Runs `void main()` of m and returns what it printed (static buffer). */
static const char *run_main(as_engine *e, as_module *m)
{
    outlen = 0;
    out[0] = 0;
    as_function *f = as_module_function_by_decl(m, "void main()");
    CHECK(f != NULL);
    if (!f) return "";
    as_context *ctx = as_context_create(e);
    as_context_prepare(ctx, f);
    int r = as_context_execute(ctx);
    if (r != AS_EXECUTION_FINISHED) fprintf(stderr, "main: state %d %s\n", r, r == AS_EXECUTION_EXCEPTION ? as_context_exception_string(ctx) : "");
    CHECK(r == AS_EXECUTION_FINISHED);
    as_context_destroy(ctx);
    return out;
}

/* ======================================================================= the big script */

static const char *big_src =
    "namespace zoo {\n"
    "  interface IAnimal { string speak() const; int legs() const; }\n"
    "  class Animal : IAnimal {\n"
    "    protected string name;\n"
    "    Animal(const string &in n) { name = n; }\n"
    "    string speak() const { return name + \" makes a sound\"; }\n"
    "    int legs() const { return 4; }\n"
    "    string title { get const { return \"the \" + name; } }\n"
    "  }\n"
    "  final class Bird : Animal {\n"
    "    Bird(const string &in n) { super(n); }\n"
    "    string speak() const override { return name + \" sings\"; }\n"
    "    int legs() const override { return 2; }\n"
    "  }\n"
    "}\n"
    "shared class Counter { int n; void inc() { n++; } }\n"
    "enum Color { Red, Green = 10, Blue }\n"
    "funcdef int IntOp(int);\n"
    "class Node { Node@ next; int value; Node(int v) { value = v; } ~Node() { destroyed++; } }\n"
    "class Box { point p; array<int> items; dictionary@ d; }\n"
    "int destroyed = 0;\n"
    "const int LIMIT = 3;\n"
    "int first = twice(LIMIT);\n"
    "int second = first + 1;\n"
    "string greeting = \"hi \" + formatInt(second);\n"
    "array<string> names = {\"ann\", \"bob\"};\n"
    "zoo::IAnimal@[] animals;\n"
    "int apply(IntOp@ f, int x) { return f(x); }\n"
    "int square(int x) { return x * x; }\n"
    "int prop_value { get { return 41 + 1; } }\n"
    "void main() {\n"
    "  animals.insertLast(zoo::Animal(\"cat\"));\n"
    "  animals.insertLast(zoo::Bird(\"tweety\"));\n"
    "  for (uint i = 0; i < animals.length(); i++) print(animals[i].speak() + \" \" + animals[i].legs() + \"\\n\");\n"
    "  zoo::Animal@ a = cast<zoo::Animal>(animals[1]);\n"
    "  print(a.title + \" \" + (cast<zoo::Bird>(animals[0]) is null) + \"\\n\");\n"
    "  print(greeting + \" \" + first + \" \" + second + \" \" + names[1] + \"\\n\");\n"
    "  print(\"color \" + Blue + \" \" + Color::Red + \"\\n\");\n"
    "  print(\"apply \" + apply(square, 5) + \" \" + apply(function(x) { return x - 1; }, 5) + \" \" + apply(twice, 4) + \"\\n\");\n"
    "  dictionary d;\n"
    "  d[\"n\"] = 5; d[\"s\"] = \"str\"; d[\"obj\"] = @animals[0];\n"
    "  zoo::IAnimal@ back = cast<zoo::IAnimal>(d[\"obj\"]);\n"
    "  print(\"dict \" + int(d[\"n\"]) + \" \" + string(d[\"s\"]) + \" \" + back.speak() + \"\\n\");\n"
    "  Node@ list = Node(1); @list.next = Node(2); @list.next.next = list;\n"
    "  @list = null;\n"
    "  Box b; b.p.x = 3; b.p.y = 4; b.items.insertLast(b.p.x * b.p.y); @b.d = d;\n"
    "  print(\"box \" + b.items[0] + \" \" + b.d.getSize() + \" \" + prop_value + \" \" + counter + \"\\n\");\n"
    "  Counter c; c.inc(); c.inc(); print(\"counter \" + c.n + \" \" + thrice(c.n) + \"\\n\");\n"
    "  try { array<int> e; e[1] = 0; } catch { print(\"caught \" + getExceptionInfo() + \"\\n\"); }\n"
    "  counter++;\n"
    "}\n";

static const char *big_expected_fmt =
    "cat makes a sound 4\n"
    "tweety sings 2\n"
    "the tweety true\n"
    "hi 7 6 7 bob\n"
    "color 11 0\n"
    "apply 25 4 8\n"
    "dict 5 str cat makes a sound\n"
    "box 12 3 42 %d\n"
    "counter 2 6\n"
    "caught Index out of bounds\n";

static void check_lookups(as_module *a, as_module *b)
{
    CHECK(as_module_function_count(a) == as_module_function_count(b));
    for (int i = 0; i < as_module_function_count(a); i++) {
        as_function *fa = as_module_function_by_index(a, i), *fb = as_module_function_by_index(b, i);
        char da[512];
        snprintf(da, sizeof da, "%s", as_function_declaration(fa, true, true, true));
        CHECK(strcmp(da, as_function_declaration(fb, true, true, true)) == 0);
        CHECK(as_module_function_by_decl(b, da) == fb);
        int la = 0, lb = 0;
        const char *sa = NULL, *sb = NULL;
        as_function_declared_at(fa, &sa, &la, NULL);
        as_function_declared_at(fb, &sb, &lb, NULL);
        CHECK(la == lb && la > 0 && sb && strcmp(sb, "test.as") == 0);
    }
    CHECK(as_module_function_by_decl(b, "int apply(IntOp@, int)") != NULL);
    CHECK(as_module_function_by_name(b, "square") != NULL);
    CHECK(as_module_global_count(a) == as_module_global_count(b));
    for (int i = 0; i < as_module_global_count(a); i++) {
        char ga[512];
        snprintf(ga, sizeof ga, "%s", as_module_global_declaration(a, i, true));
        CHECK(strcmp(ga, as_module_global_declaration(b, i, true)) == 0);
    }
    int gi = as_module_global_index_by_name(b, "second");
    CHECK(gi >= 0 && *(int *)as_module_global_address(b, gi) == 7);
    const void *gs = as_module_global_address(b, as_module_global_index_by_name(b, "greeting"));
    size_t n = 0;
    CHECK(gs && n == 0 && strcmp(as_string_data(gs, &n), "hi 7") == 0);
    CHECK(as_module_type_count(a) == as_module_type_count(b));
    as_type *bird = as_module_type_by_name(b, "zoo::Bird");
    CHECK(bird && as_type_method_count(bird) == as_type_method_count(as_module_type_by_name(a, "zoo::Bird")));
    CHECK(bird && as_type_method_by_decl(bird, "string speak() const") != NULL);
    as_type *color = as_module_type_by_name(b, "Color");
    int v = 0;
    CHECK(color && as_type_enum_value_count(color) == 3 && strcmp(as_type_enum_value(color, 2, &v), "Blue") == 0 && v == 11);
    CHECK(as_module_type_by_name(b, "IntOp") && as_type_funcdef_signature(as_module_type_by_name(b, "IntOp")));
}

static void g_roundtrip(void)
{
    char expected[1024];
    host_cfg ca = {0}, cb = {0};
    cb.reverse = true;
    cb.counter = &host_counter_b;
    as_engine *ea = make_engine(&ca);
    as_module *ma = build(ea, "m", big_src);
    size_t size;
    void *data = save(ma, false, &size);
    as_engine *eb = make_engine(&cb);
    /* another module first: the script types get other ids in eb */
    build(eb, "other", "class Pad { int x; } class Pad2 : Pad {} void f() { array<Pad@> a; }");
    as_module *mb = as_engine_get_module(eb, "copy", AS_GM_ALWAYS_CREATE);
    bool stripped = true;
    int r = as_module_load_bytecode_from_memory(mb, data, size, &stripped);
    if (r < 0) fprintf(stderr, "load: %s\n", last_error);
    REQUIRE(r == AS_SUCCESS);
    CHECK(!stripped);
    check_lookups(ma, mb);
    snprintf(expected, sizeof expected, big_expected_fmt, 7);
    CHECK(strcmp(run_main(ea, ma), expected) == 0);
    snprintf(expected, sizeof expected, big_expected_fmt, 1000);
    const char *got = run_main(eb, mb);
    if (strcmp(got, expected) != 0) fprintf(stderr, "got:\n%s", got);
    CHECK(strcmp(got, expected) == 0);
    CHECK(host_counter_b == 1001 && host_counter == 8);
    /* saving what was loaded gives the same bytes; so does a third engine */
    size_t size2;
    void *data2 = save(mb, false, &size2);
    CHECK(size2 == size && memcmp(data, data2, size) == 0);
    host_cfg cc = {0};
    as_engine *ec = make_engine(&cc);
    as_module *mc = as_engine_get_module(ec, "third", AS_GM_ALWAYS_CREATE);
    CHECK(as_module_load_bytecode_from_memory(mc, data2, size2, NULL) == AS_SUCCESS);
    snprintf(expected, sizeof expected, big_expected_fmt, 8);
    CHECK(strcmp(run_main(ec, mc), expected) == 0);
    /* loading again replaces the module; discarding and destroying are clean (ASan) */
    CHECK(as_module_load_bytecode_from_memory(mc, data, size, NULL) == AS_SUCCESS);
    snprintf(expected, sizeof expected, big_expected_fmt, 9);
    CHECK(strcmp(run_main(ec, mc), expected) == 0);
    as_module_discard(mc);
    as_free_mem(data);
    as_free_mem(data2);
    as_engine_destroy(ec);
    as_engine_destroy(eb);
    as_engine_destroy(ea);
}

/* ======================================================================= debug info */

static const char *exc_src =
    "class Thing {\n"
    "  int depth(int n) {\n"
    "    int local = n * 2;\n"
    "    if (n == 0) { array<int> a; return a[local + 5]; }\n"
    "    return depth(n - 1);\n"
    "  }\n"
    "}\n"
    "int run() { Thing t; return t.depth(2); }\n";

static as_context *exc_ctx;
static int vars_seen = -1;
static char var_decl[128];
static void on_exception(as_context *ctx, void *user)
{
    (void)user;
    vars_seen = as_context_var_count(ctx, 0);
    const char *d = vars_seen > 1 ? as_context_var_declaration(ctx, 0, 1) : NULL;
    snprintf(var_decl, sizeof var_decl, "%s", d ? d : "");
}

static void run_exc(as_engine *e, as_module *m, int *line, const char **section, int *frames)
{
    exc_ctx = as_context_create(e);
    as_context_set_exception_callback(exc_ctx, on_exception, NULL);
    CHECK(as_context_prepare(exc_ctx, as_module_function_by_decl(m, "int run()")) >= 0);
    CHECK(as_context_execute(exc_ctx) == AS_EXECUTION_EXCEPTION);
    CHECK(strcmp(as_context_exception_string(exc_ctx), "Index out of bounds") == 0);
    *section = NULL;
    *line = as_context_exception_line(exc_ctx, NULL, section);
    *frames = as_context_exception_frame_count(exc_ctx);
    as_context_destroy(exc_ctx);
}

static void g_debug_info(void)
{
    host_cfg c = {0};
    as_engine *ea = make_engine(&c), *eb = make_engine(&c);
    as_module *ma = build(ea, "m", exc_src);
    int line, frames;
    const char *sec;
    run_exc(ea, ma, &line, &sec, &frames);
    CHECK(line == 4 && sec && strcmp(sec, "test.as") == 0 && frames == 4);
    CHECK(vars_seen >= 2 && strcmp(var_decl, "int local") == 0);

    size_t size, ssize;
    void *full = save(ma, false, &size), *stripped = save(ma, true, &ssize);
    CHECK(ssize < size);
    as_module *mb = as_engine_get_module(eb, "m", AS_GM_ALWAYS_CREATE);
    bool was = true;
    CHECK(as_module_load_bytecode_from_memory(mb, full, size, &was) == AS_SUCCESS && !was);
    vars_seen = -1;
    run_exc(eb, mb, &line, &sec, &frames);
    CHECK(line == 4 && sec && strcmp(sec, "test.as") == 0 && frames == 4);
    CHECK(vars_seen >= 2 && strcmp(var_decl, "int local") == 0);

    CHECK(as_module_load_bytecode_from_memory(mb, stripped, ssize, &was) == AS_SUCCESS && was);
    vars_seen = -1;
    run_exc(eb, mb, &line, &sec, &frames);
    CHECK(line == 0 && frames == 4);
    CHECK(vars_seen == 0);
    int row = -1;
    as_function_declared_at(as_module_function_by_decl(mb, "int run()"), &sec, &row, NULL);
    CHECK(row == 0 && sec == NULL);
    /* a stripped module saves stripped again */
    size_t s2;
    void *again = save(mb, true, &s2);
    CHECK(s2 == ssize && memcmp(again, stripped, s2) == 0);
    as_free_mem(again);
    as_free_mem(full);
    as_free_mem(stripped);
    as_engine_destroy(eb);
    as_engine_destroy(ea);
}

/* ======================================================================= globals and imports */

static void g_globals_and_imports(void)
{
    host_cfg c = {0};
    as_engine *ea = make_engine(&c);
    as_module *ma = build(ea, "main",
        "import int libf(int) from \"lib\";\n"
        "int calls = 0;\n"
        "int a = next();\n"
        "int b = a * 10;\n"
        "int next() { return ++calls; }\n"
        "int use() { return libf(b) + a; }\n");
    CHECK(as_module_imported_function_count(ma) == 1);
    size_t size;
    void *data = save(ma, false, &size);

    as_engine *eb = make_engine(&c);
    build(eb, "lib", "int libf(int x) { return x + 100; }");
    as_engine_set_property(eb, AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD, 0);
    as_module *mb = as_engine_get_module(eb, "main", AS_GM_ALWAYS_CREATE);
    REQUIRE(as_module_load_bytecode_from_memory(mb, data, size, NULL) == AS_SUCCESS);
    int ia = as_module_global_index_by_name(mb, "a"), ib = as_module_global_index_by_name(mb, "b");
    CHECK(ia >= 0 && ib >= 0 && *(int *)as_module_global_address(mb, ia) == 0);
    CHECK(as_module_reset_globals(mb, NULL) == AS_SUCCESS);
    CHECK(*(int *)as_module_global_address(mb, ia) == 1 && *(int *)as_module_global_address(mb, ib) == 10);
    CHECK(as_module_imported_function_count(mb) == 1);
    CHECK(strcmp(as_module_imported_function_declaration(mb, 0), "int libf(int)") == 0);
    CHECK(strcmp(as_module_imported_function_source(mb, 0), "lib") == 0);
    as_context *ctx = as_context_create(eb);
    as_function *use = as_module_function_by_decl(mb, "int use()");
    CHECK(as_context_prepare(ctx, use) >= 0 && as_context_execute(ctx) == AS_EXECUTION_EXCEPTION);
    CHECK(strcmp(as_context_exception_string(ctx), "Unbound function called") == 0);
    CHECK(as_module_bind_all_imported_functions(mb) == AS_SUCCESS);
    CHECK(as_context_prepare(ctx, use) >= 0 && as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(as_context_return_dword(ctx) == 111);
    as_context_destroy(ctx);

    /* the initialisation after loading, as after building */
    as_engine_set_property(eb, AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD, 1);
    as_module *m2 = as_engine_get_module(eb, "main2", AS_GM_ALWAYS_CREATE);
    REQUIRE(as_module_load_bytecode_from_memory(m2, data, size, NULL) == AS_SUCCESS);
    CHECK(*(int *)as_module_global_address(m2, as_module_global_index_by_name(m2, "b")) == 10);
    /* a failing initialiser: the code and the message of a build */
    as_engine_set_property(ea, AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD, 0);
    as_module *mf = build(ea, "fail", "int z = 0; int bad = 1 / z;");
    size_t fsize;
    void *fdata = save(mf, false, &fsize);
    nerrors = 0;
    as_module *m3 = as_engine_get_module(eb, "fail", AS_GM_ALWAYS_CREATE);
    CHECK(as_module_load_bytecode_from_memory(m3, fdata, fsize, NULL) == AS_INIT_GLOBAL_VARS_FAILED);
    CHECK(nerrors == 1 && strstr(last_error, "Failed to initialize global variable 'bad'"));
    as_free_mem(fdata);
    as_free_mem(data);
    as_engine_destroy(eb);
    as_engine_destroy(ea);
}

/* ======================================================================= mismatches */

static const char *mismatch_src =
    "point origin;\n"
    "int f() { origin.x = 1; return twice(origin.x) + counter + int(\"s\".length()); }\n";

static void expect_mismatch(const void *data, size_t size, host_cfg cfg, const char *text)
{
    as_engine *e = make_engine(&cfg);
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    int types = as_engine_type_count(e);
    nerrors = 0;
    last_error[0] = 0;
    int r = as_module_load_bytecode_from_memory(m, data, size, NULL);
    CHECK(r == AS_INVALID_CONFIGURATION);
    CHECK(nerrors == 1);
    if (!strstr(last_error, text)) fprintf(stderr, "message: %s\n", last_error);
    CHECK(strstr(last_error, text) != NULL);
    CHECK(as_module_function_count(m) == 0 && as_module_global_count(m) == 0 && as_module_type_count(m) == 0);
    CHECK(as_engine_type_count(e) == types);
    /* the engine still works */
    if (!cfg.no_strings) {
        as_module *m2 = build(e, "ok", "int g() { return 5; }");
        as_context *ctx = as_context_create(e);
        CHECK(as_context_prepare(ctx, as_module_function_by_decl(m2, "int g()")) >= 0);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED && as_context_return_dword(ctx) == 5);
        as_context_destroy(ctx);
    }
    as_engine_destroy(e);
}

static void g_mismatch(void)
{
    host_cfg c = {0};
    as_engine *ea = make_engine(&c);
    as_module *ma = build(ea, "m", mismatch_src);
    size_t size;
    void *data = save(ma, false, &size);
    host_cfg x = {0};
    x.no_twice = true;
    expect_mismatch(data, size, x, "the function 'int twice(int)' is not registered");
    x = (host_cfg){0};
    x.no_counter = true;
    expect_mismatch(data, size, x, "the global property 'counter' is not registered");
    x = (host_cfg){0};
    x.no_point = true;
    expect_mismatch(data, size, x, "the type 'point' is not registered");
    x = (host_cfg){0};
    x.point_size_12 = true;
    expect_mismatch(data, size, x, "the registered type 'point' is not the same");
    x = (host_cfg){0};
    x.no_strings = true;
    x.no_twice = false;
    expect_mismatch(data, size, x, "is not registered");
    /* the same registrations in another order load fine */
    x = (host_cfg){0};
    x.reverse = true;
    as_engine *e = make_engine(&x);
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    CHECK(as_module_load_bytecode_from_memory(m, data, size, NULL) == AS_SUCCESS);
    as_context *ctx = as_context_create(e);
    CHECK(as_context_prepare(ctx, as_module_function_by_decl(m, "int f()")) >= 0);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED && as_context_return_dword(ctx) == 2 + 7 + 1);
    as_context_destroy(ctx);
    as_engine_destroy(e);
    as_free_mem(data);
    as_engine_destroy(ea);
}

/* ======================================================================= damaged streams */

static uint64_t fnv(const uint8_t *p, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

/* White box: the header's last 8 bytes are the FNV-1a of the payload after it. */
static void fix_checksum(uint8_t *d, size_t size)
{
    uint64_t h = fnv(d + 32, size - 32);
    for (int i = 0; i < 8; i++) d[24 + i] = (uint8_t)(h >> (8 * i));
}

static void g_damaged(void)
{
    host_cfg c = {0};
    as_engine *ea = make_engine(&c);
    as_module *ma = build(ea, "m", big_src);
    size_t size;
    uint8_t *data = save(ma, false, &size);
    as_engine *eb = make_engine(&c);
    as_engine_set_property(eb, AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD, 0);
    as_module *mb = as_engine_get_module(eb, "m", AS_GM_ALWAYS_CREATE);
    int types = as_engine_type_count(eb);
    /* every truncation */
    int bad = 0;
    for (size_t n = 0; n < size; n++) {
        nerrors = 0;
        int r = as_module_load_bytecode_from_memory(mb, data, n, NULL);
        if (r != AS_ERROR || nerrors != 1) bad++;
    }
    CHECK(bad == 0);
    CHECK(as_module_function_count(mb) == 0);
    /* flipped bytes anywhere: the checksum or the header notices */
    uint8_t *copy = malloc(size);
    REQUIRE(copy);
    bad = 0;
    for (size_t i = 0; i < size; i += 7) {
        memcpy(copy, data, size);
        copy[i] ^= 0x5A;
        if (as_module_load_bytecode_from_memory(mb, copy, size, NULL) != AS_ERROR) bad++;
    }
    CHECK(bad == 0);
    memcpy(copy, data, size);
    copy[0] = 'X';
    nerrors = 0;
    CHECK(as_module_load_bytecode_from_memory(mb, copy, size, NULL) == AS_ERROR && strstr(last_error, "not angelc bytecode"));
    memcpy(copy, data, size);
    copy[8] = 99;
    CHECK(as_module_load_bytecode_from_memory(mb, copy, size, NULL) == AS_ERROR && strstr(last_error, "another version"));
    /* the failed loads left nothing behind in the engine */
    CHECK(as_engine_type_count(eb) == types);
    /* flipped bytes behind a repaired checksum: the structural checks; loading must not crash
     * (the code is never run: a flip can give well-formed nonsense) */
    int failed = 0, loaded = 0;
    static const uint8_t masks[] = {0x01, 0x80, 0xFF, 0x10};
    /* every byte once, the masks in turn (every byte with every mask is too slow under ASan) */
    for (size_t i = 32; i < size; i++) {
        memcpy(copy, data, size);
        copy[i] ^= masks[i % sizeof masks];
        fix_checksum(copy, size);
        int r = as_module_load_bytecode_from_memory(mb, copy, size, NULL);
        if (r == AS_SUCCESS) loaded++;
        else if (r == AS_ERROR || r == AS_INVALID_CONFIGURATION) failed++;
        else bad++;
    }
    CHECK(bad == 0);
    CHECK(failed > loaded);
    /* an unchanged copy still loads */
    CHECK(as_module_load_bytecode_from_memory(mb, data, size, NULL) == AS_SUCCESS);
    free(copy);
    as_free_mem(data);
    as_engine_destroy(eb);
    as_engine_destroy(ea);
}

/* ======================================================================= saving */

static int refuse_after;
static int limited_write(void *user, const void *p, size_t n)
{
    (void)user;
    (void)p;
    if ((int)n > refuse_after) return -1;
    refuse_after -= (int)n;
    return 0;
}

static void g_save_errors(void)
{
    host_cfg c = {0};
    as_engine *e = make_engine(&c);
    as_module *m = as_engine_get_module(e, "empty", AS_GM_ALWAYS_CREATE);
    void *data = NULL;
    size_t size = 0;
    CHECK(as_module_save_bytecode_to_memory(m, false, &data, &size) == AS_ERROR && !data && size == 0);
    CHECK(as_module_save_bytecode(NULL, NULL, false) == AS_INVALID_ARG);
    CHECK(as_module_load_bytecode(m, NULL, NULL) == AS_INVALID_ARG);
    m = build(e, "m", "int f() { return 1; }");
    as_binary_stream s = {limited_write, NULL, NULL};
    refuse_after = 10;
    CHECK(as_module_save_bytecode(m, &s, false) == AS_ERROR);
    refuse_after = 1 << 20;
    CHECK(as_module_save_bytecode(m, &s, false) == AS_SUCCESS);
    /* a module built from nothing saves and loads */
    as_module *z = build(e, "z", "");
    void *zd = save(z, true, &size);
    as_module *z2 = as_engine_get_module(e, "z2", AS_GM_ALWAYS_CREATE);
    CHECK(as_module_load_bytecode_from_memory(z2, zd, size, NULL) == AS_SUCCESS);
    as_free_mem(zd);
    as_engine_destroy(e);
}

int main(void)
{
    group("roundtrip", g_roundtrip);
    group("debug_info", g_debug_info);
    group("globals_and_imports", g_globals_and_imports);
    group("mismatch", g_mismatch);
    group("damaged", g_damaged);
    group("save_errors", g_save_errors);
    if (failures) fprintf(stderr, "bytecode: %d check(s) failed\n", failures);
    return failures ? 1 : 0;
}
