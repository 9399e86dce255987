/* Script builder API (angelc_builder.h): metadata of types, functions, variables, properties,
 * methods and virtual properties (also in namespaces, interfaces and shared classes, and with
 * several blocks), #if with host defines, the pragma and include callbacks, files with relative
 * and duplicate includes, the section names errors are reported under, and starting a new module.
 *
 * CHECK prints file:line and the condition and marks the test failed (exit 1 at the end);
 * REQUIRE does the same and exits at once where going on would crash. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include "angelc.h"
#include "angelc_addons.h"
#include "angelc_builder.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "check.h"

/* The first error the engine reported, and how many. */
typedef struct first_error {
    int errors;
    char section[512], text[512];
    int row, col;
} first_error;

static void on_message(const as_message *m, void *user)
{
    first_error *fe = user;
    if (m->type != AS_MSG_ERROR || fe->errors++) return;
    snprintf(fe->section, sizeof fe->section, "%s", m->section);
    snprintf(fe->text, sizeof fe->text, "%s", m->message);
    fe->row = m->row;
    fe->col = m->col;
}

static as_engine *new_engine(first_error *fe)
{
    memset(fe, 0, sizeof *fe);
    as_engine *e = as_engine_create();
    REQUIRE(e != NULL);
    as_engine_set_message_callback(e, on_message, fe);
    REQUIRE(as_register_string(e) >= 0);
    REQUIRE(as_register_array(e, true) >= 0);
    return e;
}

/* The list *listp (read after the query that sets it has run) is exactly the n strings given. */
static bool list_is(int count, const char *const *const *listp, int n, const char *const *want)
{
    const char *const *list = *listp;
    if (count != n) return false;
    for (int i = 0; i < n; i++)
        if (!list || strcmp(list[i], want[i]) != 0) return false;
    return true;
}
#define LIST(...) (int)(sizeof((const char *const[]){__VA_ARGS__}) / sizeof(const char *)), (const char *const[]){__VA_ARGS__}

static int add_text(as_builder *b, const char *name, const char *code)
{
    return as_builder_add_memory(b, name, code, strlen(code), 0);
}

static const char *metadata_script =
    "[editable] [category(\"numbers\")]\n"
    "class Counter {\n"
    "  [serialize] int count = 0;\n"
    "  string plain;\n"
    "  [ spaced  out ] array<int> list;\n"
    "  [action] void bump() { count++; }\n"
    "  [query] int get(int a, int b = 2) const final { return a + b; }\n"
    "  [readonly] int twice { get { return count * 2; } set { count = value / 2; } }\n"
    "}\n"
    "[flags] enum Color { Red, Green }\n"
    "[iface] interface Shape { [draw] void draw(); }\n"
    "shared class Shared { [inside_shared] int v; }\n"
    "[config] int limit = 3;\n"
    "[made] Counter made();\n" /* a variable constructed without arguments, not a prototype */
    "int untagged = 1;\n"
    "[entry] void main() {}\n"
    "[global_prop] int answer { get { return 42; } }\n"
    "Color pick() { return Green; }\n"
    "Counter make() { return Counter(); }\n"
    "Shape@ none() { return null; }\n"
    "Shared@ shared_one() { return null; }\n"
    "namespace tools {\n"
    "  [tool] void hammer() {}\n"
    "  [tool_var] int nails = 10;\n"
    "  namespace deep { [deep] class Box { [lid] int lid; } }\n"
    "}\n";

/* The type a module function returns (the public API has no module type lookup). */
static int returned_type(as_module *m, const char *decl)
{
    as_function *f = as_module_function_by_decl(m, decl);
    REQUIRE(f != NULL);
    return as_function_return_type_id(f, NULL);
}

static void test_metadata(void)
{
    first_error fe;
    as_engine *e = new_engine(&fe);
    as_builder *b = as_builder_create();
    REQUIRE(b != NULL);
    REQUIRE(as_builder_start_module(b, e, "meta") >= 0);
    CHECK(add_text(b, "meta.as", metadata_script) == 1);
    REQUIRE(as_builder_build(b) >= 0);
    CHECK(fe.errors == 0);
    as_module *m = as_builder_module(b);
    REQUIRE(m != NULL);
    CHECK(as_builder_engine(b) == e);

    const char *const *md;
    int n;
    as_function *main_fn = as_module_function_by_decl(m, "void main()");
    REQUIRE(main_fn != NULL);
    n = as_builder_metadata_for_func(b, main_fn, &md);
    CHECK(list_is(n, &md, LIST("entry")));

    int made = as_module_global_index_by_name(m, "made");
    REQUIRE(made >= 0);
    CHECK(list_is(as_builder_metadata_for_var(b, made, &md), &md, LIST("made")));
    int counter_id = returned_type(m, "Counter make()");
    CHECK(list_is(as_builder_metadata_for_type(b, counter_id, &md), &md, LIST("editable", "category(\"numbers\")")));

    as_type *counter = as_engine_type_by_id(e, counter_id);
    REQUIRE(counter != NULL);
    for (int i = 0; i < as_type_property_count(counter); i++) {
        const char *name = NULL;
        as_type_property(counter, i, &name, NULL, NULL);
        n = as_builder_metadata_for_type_property(b, counter_id, i, &md);
        if (strcmp(name, "count") == 0) CHECK(list_is(n, &md, LIST("serialize")));
        else if (strcmp(name, "list") == 0) CHECK(list_is(n, &md, LIST(" spaced  out ")));
        else CHECK(n == 0 && md == NULL);
    }
    as_function *bump = as_type_method_by_name(counter, "bump");
    as_function *get = as_type_method_by_decl(counter, "int get(int, int) const");
    as_function *get_twice = as_type_method_by_name(counter, "get_twice");
    as_function *set_twice = as_type_method_by_name(counter, "set_twice");
    REQUIRE(bump && get && get_twice && set_twice);
    CHECK(list_is(as_builder_metadata_for_type_method(b, counter_id, bump, &md), &md, LIST("action")));
    CHECK(list_is(as_builder_metadata_for_type_method(b, counter_id, get, &md), &md, LIST("query")));
    CHECK(list_is(as_builder_metadata_for_type_method(b, counter_id, get_twice, &md), &md, LIST("readonly")));
    CHECK(list_is(as_builder_metadata_for_type_method(b, counter_id, set_twice, &md), &md, LIST("readonly")));
    /* a method is not a global function, and the wrong type finds nothing */
    CHECK(as_builder_metadata_for_func(b, bump, &md) == 0 && md == NULL);
    CHECK(as_builder_metadata_for_type_method(b, counter_id + 1, bump, &md) == 0);
    CHECK(as_builder_metadata_for_type_method(b, counter_id, NULL, &md) == 0 && md == NULL);

    int limit = as_module_global_index_by_name(m, "limit");
    int untagged = as_module_global_index_by_name(m, "untagged");
    REQUIRE(limit >= 0 && untagged >= 0);
    CHECK(list_is(as_builder_metadata_for_var(b, limit, &md), &md, LIST("config")));
    CHECK(as_builder_metadata_for_var(b, untagged, &md) == 0);

    as_function *answer = as_module_function_by_name(m, "get_answer");
    REQUIRE(answer != NULL);
    CHECK(list_is(as_builder_metadata_for_func(b, answer, &md), &md, LIST("global_prop")));

    CHECK(list_is(as_builder_metadata_for_type(b, returned_type(m, "Color pick()"), &md), &md, LIST("flags")));
    int shape_id = returned_type(m, "Shape@ none()") & ~AS_TYPEID_OBJHANDLE;
    CHECK(list_is(as_builder_metadata_for_type(b, shape_id, &md), &md, LIST("iface")));
    /* interface and shared class bodies are scanned for members too (as in 2.35.1) */
    as_type *shape = as_engine_type_by_id(e, shape_id);
    REQUIRE(shape != NULL);
    CHECK(list_is(as_builder_metadata_for_type_method(b, shape_id, as_type_method_by_name(shape, "draw"), &md), &md,
                  LIST("draw")));
    int shared_id = returned_type(m, "Shared@ shared_one()") & ~AS_TYPEID_OBJHANDLE;
    CHECK(list_is(as_builder_metadata_for_type_property(b, shared_id, 0, &md), &md, LIST("inside_shared")));

    /* namespaced declarations: found in the namespace they were declared in */
    int found_hammer = 0, found_nails = 0;
    for (int i = 0; i < as_module_function_count(m); i++) {
        as_function *f = as_module_function_by_index(m, i);
        if (strcmp(as_function_name(f), "hammer") == 0) {
            CHECK(strcmp(as_function_namespace(f), "tools") == 0);
            CHECK(list_is(as_builder_metadata_for_func(b, f, &md), &md, LIST("tool")));
            found_hammer++;
        }
    }
    for (int i = 0; i < as_module_global_count(m); i++) {
        n = as_builder_metadata_for_var(b, i, &md);
        if (n && strcmp(md[0], "tool_var") == 0) found_nails++;
    }
    CHECK(found_hammer == 1 && found_nails == 1);

    as_builder_destroy(b);
    as_engine_destroy(e);
}

static void test_defines(void)
{
    static const char *script =
        "#if FEATURE\n"
        "int feature() { return 1; }\n"
        "#if MISSING\n"
        "int missing() { return \"not compiled\"; }\n"
        "#endif\n"
        "#endif\n"
        "#if MISSING\n"
        "int feature() { return 2; }\n"
        "#endif\n"
        "int after = 7;\n";
    first_error fe;
    as_engine *e = new_engine(&fe);
    as_builder *b = as_builder_create();
    REQUIRE(b != NULL);
    CHECK(as_builder_define(b, "FEATURE") == 0);
    CHECK(as_builder_define(b, "FEATURE") == 0); /* defining twice is harmless */
    REQUIRE(as_builder_start_module(b, e, "defs") >= 0);
    CHECK(add_text(b, "defs.as", script) == 1);
    CHECK(as_builder_build(b) >= 0);
    CHECK(fe.errors == 0);
    as_module *m = as_builder_module(b);
    CHECK(as_module_function_by_decl(m, "int feature()") != NULL);
    CHECK(as_module_function_by_decl(m, "int missing()") == NULL);

    /* without the define the code inside is gone, and later lines keep their numbers */
    as_builder_destroy(b);
    b = as_builder_create();
    REQUIRE(as_builder_start_module(b, e, "defs2") >= 0);
    CHECK(add_text(b, "defs2.as", "#if FEATURE\nint x = 1;\n#endif\nint y = \"wrong\";\n") == 1);
    CHECK(as_builder_build(b) < 0);
    CHECK(fe.errors >= 1 && fe.row == 4 && strcmp(fe.section, "defs2.as") == 0);
    as_builder_destroy(b);
    as_engine_destroy(e);
}

typedef struct pragma_log {
    int calls;
    char last[64];
} pragma_log;

static int on_pragma(const char *text, as_builder *b, void *user)
{
    (void)b;
    pragma_log *log = user;
    log->calls++;
    snprintf(log->last, sizeof log->last, "%s", text);
    return strstr(text, "refuse") ? -1 : 0;
}

static void test_pragma(void)
{
    first_error fe;
    as_engine *e = new_engine(&fe);
    as_builder *b = as_builder_create();
    REQUIRE(b != NULL);
    pragma_log log = {0};
    as_builder_set_pragma_callback(b, on_pragma, &log);
    REQUIRE(as_builder_start_module(b, e, "p") >= 0);
    CHECK(add_text(b, "p.as", "#pragma keep this\nint x = 1;\n") == 1);
    CHECK(log.calls == 1 && strcmp(log.last, " keep this") == 0);
    CHECK(as_builder_build(b) >= 0 && fe.errors == 0);

    REQUIRE(as_builder_start_module(b, e, "q") >= 0);
    CHECK(add_text(b, "q.as", "int x = 1;\n\n   #pragma refuse\n") < 0);
    CHECK(fe.errors == 1 && strcmp(fe.text, "Invalid #pragma directive") == 0);
    CHECK(strcmp(fe.section, "q.as") == 0 && fe.row == 3 && fe.col == 4);

    /* without a callback every pragma is refused */
    as_builder_set_pragma_callback(b, NULL, NULL);
    REQUIRE(as_builder_start_module(b, e, "r") >= 0);
    CHECK(add_text(b, "r.as", "#pragma anything\n") < 0);
    CHECK(fe.errors == 2);
    as_builder_destroy(b);
    as_engine_destroy(e);
}

/* Serves includes from memory: "lib" gives a function, anything else fails. */
static int on_include(const char *include, const char *from, as_builder *b, void *user)
{
    int *calls = user;
    (*calls)++;
    CHECK(strcmp(from, "main.as") == 0);
    if (strcmp(include, "lib") != 0) return -1;
    return add_text(b, "lib.as", "int lib() { return 5; }\n");
}

static void test_include_callback(void)
{
    first_error fe;
    as_engine *e = new_engine(&fe);
    as_builder *b = as_builder_create();
    REQUIRE(b != NULL);
    int calls = 0;
    as_builder_set_include_callback(b, on_include, &calls);
    REQUIRE(as_builder_start_module(b, e, "inc") >= 0);
    CHECK(add_text(b, "main.as", "#include \"lib\"\n#include \"lib\"\nint main() { return lib(); }\n") == 1);
    CHECK(calls == 2);
    CHECK(add_text(b, "main.as", "int other;") == 0); /* a section name is added once */
    CHECK(as_builder_build(b) >= 0 && fe.errors == 0);
    CHECK(as_builder_section_count(b) == 2);
    CHECK(strcmp(as_builder_section_name(b, 0), "main.as") == 0);
    CHECK(strcmp(as_builder_section_name(b, 1), "lib.as") == 0);
    CHECK(as_builder_section_name(b, 2) == NULL);

    REQUIRE(as_builder_start_module(b, e, "inc2") >= 0);
    CHECK(as_builder_section_count(b) == 0);
    CHECK(add_text(b, "main.as", "#include \"unknown\"\n") < 0);
    as_builder_destroy(b);
    as_engine_destroy(e);
}

static void write_file(const char *dir, const char *name, const char *text)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    REQUIRE(f != NULL);
    fputs(text, f);
    fclose(f);
}

static void remove_file(const char *dir, const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    unlink(path);
}

static void test_files(void)
{
    char dir[] = "/tmp/angelc_builder_XXXXXX";
    REQUIRE(mkdtemp(dir) != NULL);
    char sub[1100];
    snprintf(sub, sizeof sub, "%s/sub", dir);
    REQUIRE(mkdir(sub, 0700) == 0);
    write_file(dir, "main.as", "#include \"sub/a.inc\"\n#include \"sub/../sub/a.inc\"\nint main() { return a() + b(); }\n");
    write_file(dir, "sub/a.inc", "#include \"b.inc\"\nint a() { return 1; }\n");
    write_file(dir, "sub/b.inc", "int b() { return 2; }\n");
    write_file(dir, "bad.as", "#include \"sub/broken.inc\"\n");
    write_file(dir, "sub/broken.inc", "int ok() { return 1; }\nint broken() { return nothing; }\n");
    write_file(dir, "missing.as", "\n#include \"sub/none.inc\"\n");

    char path[1200];
    first_error fe;
    as_engine *e = new_engine(&fe);
    as_builder *b = as_builder_create();
    REQUIRE(b != NULL);
    REQUIRE(as_builder_start_module(b, e, "files") >= 0);
    snprintf(path, sizeof path, "%s/main.as", dir);
    CHECK(as_builder_add_file(b, path) == 1);
    CHECK(as_builder_add_file(b, path) == 0);
    CHECK(as_builder_section_count(b) == 3);
    CHECK(as_builder_build(b) >= 0 && fe.errors == 0);
    char want[1200];
    snprintf(want, sizeof want, "%s/sub/b.inc", dir);
    CHECK(as_builder_section_count(b) == 3 && strcmp(as_builder_section_name(b, 2), want) == 0);

    /* an error in an included file is reported under that file's name and line */
    REQUIRE(as_builder_start_module(b, e, "bad") >= 0);
    snprintf(path, sizeof path, "%s/bad.as", dir);
    CHECK(as_builder_add_file(b, path) == 1);
    CHECK(as_builder_build(b) < 0);
    snprintf(want, sizeof want, "%s/sub/broken.inc", dir);
    CHECK(fe.errors >= 1 && strcmp(fe.section, want) == 0 && fe.row == 2);

    /* a missing include is reported at the #include */
    memset(&fe, 0, sizeof fe);
    REQUIRE(as_builder_start_module(b, e, "missing") >= 0);
    snprintf(path, sizeof path, "%s/missing.as", dir);
    CHECK(as_builder_add_file(b, path) < 0);
    CHECK(fe.errors == 1 && strcmp(fe.section, path) == 0 && fe.row == 2 && fe.col == 1);
    CHECK(strstr(fe.text, "Failed to open script file") != NULL);
    /* and a missing first file at itself */
    snprintf(path, sizeof path, "%s/nothing.as", dir);
    CHECK(as_builder_add_file(b, path) < 0);
    CHECK(fe.errors == 2);

    as_builder_destroy(b);
    as_engine_destroy(e);
    remove_file(dir, "sub/a.inc");
    remove_file(dir, "sub/b.inc");
    remove_file(dir, "sub/broken.inc");
    remove_file(dir, "main.as");
    remove_file(dir, "bad.as");
    remove_file(dir, "missing.as");
    rmdir(sub);
    rmdir(dir);
}

static void test_bad_arguments(void)
{
    const char *const *md = (const char *const *)&md;
    CHECK(as_builder_add_file(NULL, "x") == AS_INVALID_ARG);
    CHECK(as_builder_build(NULL) == AS_INVALID_ARG);
    CHECK(as_builder_metadata_for_type(NULL, 1, &md) == 0 && md == NULL);
    as_builder *b = as_builder_create();
    REQUIRE(b != NULL);
    CHECK(as_builder_add_file(b, "x") == AS_INVALID_ARG); /* no module started */
    CHECK(as_builder_start_module(b, NULL, "m") == AS_INVALID_ARG);
    CHECK(as_builder_module(b) == NULL && as_builder_engine(b) == NULL);
    as_builder_destroy(b);
    as_builder_destroy(NULL);
}

int main(void)
{
    test_metadata();
    test_defines();
    test_pragma();
    test_include_callback();
    test_files();
    test_bad_arguments();
    if (failures) fprintf(stderr, "builder: %d check(s) failed\n", failures);
    return failures ? 1 : 0;
}
