/* Shared classes and interfaces are one type across modules (issue 14), which only a host with
 * two modules can see:
 *  - modules declaring the same `shared class` / `shared interface` get the same as_type (one
 *    type id), the first module's code being the one that runs;
 *  - an object made by one module's code is used and cast (cast<S>, and the host's
 *    as_engine_ref_cast_object) by another's;
 *  - a declaration that differs is refused with the reference's message;
 *  - the type outlives the module that declared it while another module uses it: discarding the
 *    first module leaves it working, string constants of its methods included (ASan checks), and
 *    the module that still uses it becomes its module; `external shared class` takes it as it is;
 *  - once no module uses it, it goes with the last one. */
#include "angelc.h"
#include "angelc_addons.h"
#include <stdio.h>
#include <string.h>
#include "check.h"

static char first_error[256];
static int error_line, error_col;
static void on_message(const as_message *m, void *user)
{
    (void)user;
    if (m->type == AS_MSG_ERROR && !first_error[0]) {
        snprintf(first_error, sizeof first_error, "%s", m->message);
        error_line = m->row;
        error_col = m->col;
    }
}

static const char shared_decls[] =
    "shared interface I { int id(); }\n"
    "shared class S : I {\n"
    "  int v = 7;\n"
    "  int id() { return v; }\n"
    "  string name() { return 'shared-name'; }\n"
    "}\n";

static as_module *build(as_engine *e, const char *name, const char *extra, int expect)
{
    char src[2048];
    snprintf(src, sizeof src, "%s%s", shared_decls, extra);
    as_module *m = as_engine_get_module(e, name, AS_GM_ALWAYS_CREATE);
    REQUIRE(as_module_add_section(m, name, src, strlen(src), 0) >= 0);
    first_error[0] = 0;
    CHECK(as_module_build(m) == expect);
    return m;
}

/* Runs `decl` of m with a handle argument (or none); returns the int result. */
static int call_int(as_engine *e, as_module *m, const char *decl, void *handle_arg)
{
    as_context *ctx = as_context_create(e);
    REQUIRE(ctx);
    REQUIRE(as_context_prepare(ctx, as_module_function_by_decl(m, decl)) >= 0);
    if (handle_arg) REQUIRE(as_context_set_arg_address(ctx, 0, handle_arg) >= 0);
    int r = as_context_execute(ctx);
    CHECK(r == AS_EXECUTION_FINISHED);
    int v = r == AS_EXECUTION_FINISHED ? (int)as_context_return_dword(ctx) : -1000;
    as_context_destroy(ctx);
    return v;
}

/* An object made by m's `I@ make()`, with a reference for the caller. */
static void *make(as_engine *e, as_module *m)
{
    as_context *ctx = as_context_create(e);
    REQUIRE(ctx);
    REQUIRE(as_context_prepare(ctx, as_module_function_by_decl(m, "I@ make()")) >= 0);
    REQUIRE(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    void *obj = *(void **)as_context_address_of_return_value(ctx);
    REQUIRE(obj);
    as_engine_addref_object(e, obj, as_object_type_id(obj));
    as_context_destroy(ctx);
    return obj;
}

static void one_type(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e);
    as_engine_set_message_callback(e, on_message, NULL);
    REQUIRE(as_register_string(e) >= 0);
    as_module *a = build(e, "a", "I@ make() { S s; s.v = 41; return s; }\n", AS_SUCCESS);
    as_module *b = build(e, "b", "int castBack(I@ i) { S@ s = cast<S>(i); return s is null ? -1 : s.id() + 1; }\n"
                                 "int nameLength(I@ i) { S@ s = cast<S>(i); return s.name().length(); }\n",
                         AS_SUCCESS);
    as_type *sa = as_module_type_by_name(a, "S"), *sb = as_module_type_by_name(b, "S");
    as_type *ia = as_module_type_by_name(a, "I"), *ib = as_module_type_by_name(b, "I");
    CHECK(sa && sa == sb && as_type_id(sa) == as_type_id(sb));
    CHECK(ia && ia == ib);
    CHECK(as_module_object_type_count(b) == 2);
    /* made by a, cast by b's code */
    void *obj = make(e, a);
    CHECK(as_object_type(obj) == sb);
    CHECK(call_int(e, b, "int castBack(I@)", obj) == 42);
    CHECK(call_int(e, b, "int nameLength(I@)", obj) == 11);
    /* and by the host, between the two modules' views of the types */
    void *out = NULL;
    CHECK(as_engine_ref_cast_object(e, obj, ia, sb, &out, false) == AS_SUCCESS && out == obj);
    if (out) as_engine_release_object(e, out, as_type_id(sb));
    /* the first module's code runs: b's declaration is only checked */
    as_module *c = as_engine_get_module(e, "c", AS_GM_ALWAYS_CREATE);
    const char *csrc = "shared interface I { int id(); }\n"
                       "shared class S : I { int v = 7; int id() { return v * 1000; } string name() { return ''; } }\n"
                       "int useC(I@ i) { return i.id(); }\n";
    REQUIRE(as_module_add_section(c, "c", csrc, strlen(csrc), 0) >= 0);
    CHECK(as_module_build(c) == AS_SUCCESS);
    CHECK(call_int(e, c, "int useC(I@)", obj) == 41);
    /* the declaring module goes: the type stays with the modules that use it */
    as_module_discard(a);
    as_engine_garbage_collect(e, AS_GC_FULL_CYCLE, 1);
    CHECK(as_type_module(sb) == b || as_type_module(sb) == c);
    CHECK(call_int(e, b, "int nameLength(I@)", obj) == 11);   /* its string constant lives on */
    CHECK(call_int(e, b, "int castBack(I@)", obj) == 42);
    /* a rebuilt module takes the same type again, also through `external shared class` */
    as_module *d = as_engine_get_module(e, "d", AS_GM_ALWAYS_CREATE);
    const char *dsrc = "external shared interface I;\nexternal shared class S;\n"
                       "int useD(I@ i) { S@ s = cast<S>(i); return s.v; }\n";
    REQUIRE(as_module_add_section(d, "d", dsrc, strlen(dsrc), 0) >= 0);
    first_error[0] = 0;
    CHECK(as_module_build(d) == AS_SUCCESS);
    if (first_error[0]) fprintf(stderr, "d: %s\n", first_error);
    CHECK(as_module_type_by_name(d, "S") == sb);
    CHECK(call_int(e, d, "int useD(I@)", obj) == 41);
    as_engine_release_object(e, obj, as_type_id(sb));
    as_module_discard(b);
    as_module_discard(c);
    as_module_discard(d);
    as_engine_garbage_collect(e, AS_GC_FULL_CYCLE, 1);
    /* nobody uses it now: a new declaration makes a new type */
    as_module *f = build(e, "f", "I@ make() { return S(); }\n", AS_SUCCESS);
    as_type *sf = as_module_type_by_name(f, "S");
    CHECK(sf != NULL && as_type_module(sf) == f);
    as_engine_destroy(e);
}

static void mismatch(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e);
    as_engine_set_message_callback(e, on_message, NULL);
    REQUIRE(as_register_string(e) >= 0);
    build(e, "a", "", AS_SUCCESS);
    /* a method the original lacks (the reference: "b:1:53: Shared type 'S' doesn't match ...") */
    as_module *b = as_engine_get_module(e, "b", AS_GM_ALWAYS_CREATE);
    const char *bsrc = "shared class S : I { int v = 7; int id() { return v; } int extra() { return 1; } }\n"
                       "shared interface I { int id(); }\n";
    REQUIRE(as_module_add_section(b, "b", bsrc, strlen(bsrc), 0) >= 0);
    first_error[0] = 0;
    CHECK(as_module_build(b) < 0);
    CHECK(STREQ(first_error, "Shared type 'S' doesn't match the original declaration in other module"));
    if (error_col != 56) fprintf(stderr, "col %d\n", error_col);
    CHECK(error_line == 1 && error_col == 56);
    /* a property it lacks (the reference reports it at the property's name) */
    as_module *c = as_engine_get_module(e, "c", AS_GM_ALWAYS_CREATE);
    const char *csrc = "shared class S { int w; }\n";
    REQUIRE(as_module_add_section(c, "c", csrc, strlen(csrc), 0) >= 0);
    first_error[0] = 0;
    CHECK(as_module_build(c) < 0);
    CHECK(STREQ(first_error, "Shared type 'S' doesn't match the original declaration in other module"));
    CHECK(error_line == 1 && error_col == 22);
    /* the failed builds took nothing away from the original */
    as_module *a = as_engine_get_module(e, "a", AS_GM_ONLY_IF_EXISTS);
    REQUIRE(a);
    as_type *s = as_module_type_by_name(a, "S");
    CHECK(s && as_type_module(s) == a);
    as_engine_destroy(e);
}

int main(void)
{
    group("one type across modules", one_type);
    group("a declaration that differs", mismatch);
    return failures ? 1 : 0;
}
