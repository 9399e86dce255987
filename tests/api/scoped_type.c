/* Scoped reference types (AS_OBJ_SCOPED, checklist B5) registered as the AngelScript 2.35.1
 * manual does ("Registering a scoped reference type"): the factory "S @f()" registers; each
 * `S s;` calls the factory once and the RELEASE behaviour once when the variable goes out of
 * scope (no double free, whatever temporaries the code generator makes); handles `S@` stay a
 * compile error. */
#include "angelc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static int errors;
static void on_message(const as_message *m, void *u) { (void)u; if (m->type == AS_MSG_ERROR) errors++; }

typedef struct { int v; } S;
static int made, released;
static S *s_factory(void) { S *s = malloc(sizeof *s); s->v = 5; made++; return s; }
static void s_release(S *s) { if (s) { released++; free(s); } }
static int s_get(const S *s) { return s->v; }

static as_module *build(as_engine *e, const char *code)
{
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    REQUIRE(m && as_module_add_section(m, "m.as", code, strlen(code), 0) >= 0);
    errors = 0;
    return as_module_build(m) >= 0 ? m : NULL;
}

int main(void)
{
    as_engine *e = as_engine_create();
    as_engine_set_message_callback(e, on_message, NULL);
    REQUIRE(as_register_object_type(e, "S", 0, AS_OBJ_REF | AS_OBJ_SCOPED) > 0);
    CHECK(as_register_object_behaviour(e, "S", AS_BEHAVE_FACTORY, "S @f()", AS_FN(s_factory), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_object_behaviour(e, "S", AS_BEHAVE_RELEASE, "void f()", AS_FN(s_release), AS_CALL_CDECL_OBJLAST, NULL) >= 0);
    CHECK(as_register_object_method(e, "S", "int get() const", AS_FN(s_get), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);

    as_module *m = build(e, "int f() { S s; int x = s.get(); { S t; x += t.get(); } return x; }");
    CHECK(m != NULL);
    if (m) {
        as_context *ctx = as_context_create(e);
        CHECK(as_context_prepare(ctx, as_module_function_by_name(m, "f")) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        CHECK(as_context_return_dword(ctx) == 10);
        as_context_destroy(ctx);
        CHECK(made == 2);
        CHECK(released == 2);
    }
    CHECK(build(e, "void g() { S@ h; }") == NULL);
    CHECK(errors >= 1);
    as_engine_destroy(e);
    return failures ? 1 : 0;
}
