/* Imports between modules: `import ... from "mod"` declarations, binding all by declaration,
 * binding one by hand (signature checked), calls through the binding with default arguments,
 * unbinding, and an import left dangling when its source module is discarded. */
#include "angelc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

static as_module *build(as_engine *e, const char *name, const char *code)
{
    as_module *m = as_engine_get_module(e, name, AS_GM_ALWAYS_CREATE);
    REQUIRE(m != NULL);
    REQUIRE(as_module_add_section(m, name, code, strlen(code), 0) >= 0);
    REQUIRE(as_module_build(m) >= 0);
    return m;
}

static int call_int(as_context *ctx, as_module *m, const char *decl, int *result)
{
    as_function *f = as_module_function_by_decl(m, decl);
    if (!f || as_context_prepare(ctx, f) < 0) return -100;
    int r = as_context_execute(ctx);
    if (r == AS_EXECUTION_FINISHED && result) *result = (int)as_context_return_dword(ctx);
    return r;
}

int main(void)
{
    as_engine *e = as_engine_create();
    as_module *lib = build(e, "lib",
        "int add(int a, int b) { return a + b; }\n"
        "namespace n { int twice(int x) { return 2 * x; } }\n"
        "int counter = 0;\n"
        "void bump() { counter++; }\n"
        "int other(int a, int b) { return a * b; }\n");
    as_module *app = build(e, "app",
        "import int add(int a, int b = 10) from \"lib\";\n"
        "namespace n { import int twice(int) from \"lib\"; }\n"
        "import void bump() from \"lib\";\n"
        "import void missing() from \"nowhere\";\n"
        "int run() { bump(); return add(1) + add(2, 3) + n::twice(4); }\n"
        "void callMissing() { missing(); }\n");
    CHECK(as_module_imported_function_count(app) == 4);
    CHECK(as_module_imported_function_count(lib) == 0);
    const char *d = as_module_imported_function_declaration(app, 0);
    CHECK(d && strcmp(d, "int add(int, int = 10)") == 0);
    d = as_module_imported_function_declaration(app, 1);
    CHECK(d && strcmp(d, "int n::twice(int)") == 0);
    CHECK(strcmp(as_module_imported_function_source(app, 3), "nowhere") == 0);
    CHECK(as_module_imported_function_index_by_decl(app, "void bump()") == 2);
    CHECK(as_module_imported_function_index_by_decl(app, "void nope()") == AS_NO_FUNCTION);
    CHECK(as_module_imported_function_declaration(app, 4) == NULL);

    as_context *ctx = as_context_create(e);
    int r = 0;
    /* unbound: the call raises a script exception */
    CHECK(call_int(ctx, app, "int run()", &r) == AS_EXECUTION_EXCEPTION);
    CHECK(strcmp(as_context_exception_string(ctx), "Unbound function called") == 0);

    /* bind all: one source module is missing */
    CHECK(as_module_bind_all_imported_functions(app) == AS_CANT_BIND_ALL_FUNCTIONS);
    CHECK(call_int(ctx, app, "int run()", &r) == AS_EXECUTION_FINISHED);
    CHECK(r == 11 + 5 + 8);
    int gi = as_module_global_index_by_name(lib, "counter");
    CHECK(gi >= 0 && *(int *)as_module_global_address(lib, gi) == 1);
    CHECK(call_int(ctx, app, "void callMissing()", NULL) == AS_EXECUTION_EXCEPTION);

    /* bind by hand: the signature must match */
    as_function *other = as_module_function_by_name(lib, "other");
    as_function *bump = as_module_function_by_name(lib, "bump");
    CHECK(as_module_bind_imported_function(app, 0, other) == AS_SUCCESS);   /* int(int,int) */
    CHECK(call_int(ctx, app, "int run()", &r) == AS_EXECUTION_FINISHED);
    CHECK(r == 10 + 6 + 8);
    CHECK(as_module_bind_imported_function(app, 0, bump) == AS_INVALID_INTERFACE);
    CHECK(as_module_bind_imported_function(app, 9, bump) == AS_NO_FUNCTION);
    CHECK(as_module_unbind_imported_function(app, 0) == AS_SUCCESS);
    CHECK(call_int(ctx, app, "int run()", &r) == AS_EXECUTION_EXCEPTION);

    /* the source module goes: its imports are unbound, not left pointing at freed globals */
    CHECK(as_module_bind_all_imported_functions(app) == AS_CANT_BIND_ALL_FUNCTIONS);
    as_module_discard(lib);
    CHECK(call_int(ctx, app, "int run()", &r) == AS_EXECUTION_EXCEPTION);
    CHECK(as_module_unbind_all_imported_functions(app) == AS_SUCCESS);

    as_context_destroy(ctx);
    as_engine_destroy(e);
    if (failures) fprintf(stderr, "imports: %d check(s) failed\n", failures);
    return failures ? 1 : 0;
}
