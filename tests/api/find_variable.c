/* as_context_find_variable: what a name stands for in a frame, as the script's code there sees
 * it: the innermost local in scope (a shadowing block, a parameter), `this` and its members,
 * globals of the function's namespace before enclosing ones, qualified names, properties the host
 * registered, frames further up the stack, and refusals. The checks run in a registered function
 * the script calls (`probe(N)`), on the frames of the calling context. */
#include "angelc.h"
#include "angelc_addons.h"
#include <stdio.h>
#include <string.h>
#include "check.h"

static int host_value = 77;
static int host_ns_value = 88;
static int probes;

/* The int the name stands for at level, or -999 when it is not found. */
static int int_of(as_context *ctx, unsigned level, const char *name)
{
    void *addr = NULL;
    int tid = 0;
    if (as_context_find_variable(ctx, level, name, &addr, &tid) != AS_SUCCESS) return -999;
    if (tid != AS_TYPEID_INT32 || !addr) return -998;
    return *(int *)addr;
}

static void probe(as_generic *g)
{
    as_context *ctx = as_active_context();
    int which = (int)as_generic_arg_dword(g, 0);
    probes++;
    void *addr;
    int tid;
    switch (which) {
    case 1: /* in outer::inner::f(): the innermost namespace first, then the enclosing ones */
        CHECK(int_of(ctx, 0, "g") == 3);
        CHECK(int_of(ctx, 0, "only_outer") == 20);
        CHECK(int_of(ctx, 0, "top") == 100);
        CHECK(int_of(ctx, 0, "::g") == 1);
        CHECK(int_of(ctx, 0, "outer::g") == 2);
        CHECK(int_of(ctx, 0, "outer::inner::g") == 3);
        CHECK(int_of(ctx, 0, "::outer::inner::g") == 3);
        CHECK(int_of(ctx, 0, "x") == 3);
        CHECK(int_of(ctx, 0, "hostValue") == 77);
        CHECK(int_of(ctx, 0, "outer::hostNs") == 88);
        CHECK(int_of(ctx, 0, "hostNs") == 88);   /* from inside outer:: */
        /* a caller's frame: main()'s x after its block ended */
        CHECK(int_of(ctx, 1, "x") == 1);
        CHECK(int_of(ctx, 1, "g") == 1);
        CHECK(as_context_find_variable(ctx, 1, "only_outer", &addr, &tid) == AS_NO_GLOBAL_VAR);
        break;
    case 2: /* in P::hit(int hp_arg): parameters and locals, then this and members, then globals */
        CHECK(int_of(ctx, 0, "hp_arg") == 5);
        CHECK(int_of(ctx, 0, "local") == 6);
        CHECK(int_of(ctx, 0, "hp") == 7);
        CHECK(int_of(ctx, 0, "g") == 9);         /* a local named like the global hides it */
        CHECK(int_of(ctx, 0, "base_member") == 4);   /* inherited */
        CHECK(as_context_find_variable(ctx, 0, "this", &addr, &tid) == AS_SUCCESS);
        CHECK(addr == as_context_this_pointer(ctx, 0) && tid == as_context_this_type_id(ctx, 0));
        CHECK(int_of(ctx, 0, "top") == 100);
        break;
    case 3: /* in main(), inside a block declaring another x */
        CHECK(int_of(ctx, 0, "x") == 2);
        CHECK(as_context_find_variable(ctx, 0, "this", &addr, &tid) == AS_NO_GLOBAL_VAR);
        CHECK(as_context_find_variable(ctx, 0, "s", &addr, &tid) == AS_SUCCESS);
        CHECK(tid == as_engine_type_id_by_decl(as_context_engine(ctx), "string"));
        CHECK(addr && strcmp(as_string_data(addr, NULL), "text") == 0);
        CHECK(as_context_find_variable(ctx, 0, "h", &addr, &tid) == AS_SUCCESS);   /* a handle: its variable */
        CHECK((tid & AS_TYPEID_OBJHANDLE) && addr && *(void **)addr == NULL);
        break;
    case 4: /* after the block: the outer x again */
        CHECK(int_of(ctx, 0, "x") == 1);
        /* refusals */
        CHECK(as_context_find_variable(ctx, 0, "nosuch", &addr, &tid) == AS_NO_GLOBAL_VAR && addr == NULL);
        CHECK(as_context_find_variable(ctx, 0, "nosuch::x", &addr, &tid) == AS_NO_GLOBAL_VAR);
        CHECK(as_context_find_variable(ctx, 0, "", &addr, &tid) == AS_INVALID_ARG);
        CHECK(as_context_find_variable(ctx, 0, "outer::", &addr, &tid) == AS_INVALID_ARG);
        CHECK(as_context_find_variable(ctx, 0, NULL, &addr, &tid) == AS_INVALID_ARG);
        CHECK(as_context_find_variable(NULL, 0, "x", &addr, &tid) == AS_INVALID_ARG);
        CHECK(as_context_find_variable(ctx, 50, "x", &addr, &tid) == AS_INVALID_ARG);
        CHECK(as_context_find_variable(ctx, 0, "x", NULL, NULL) == AS_SUCCESS);
        break;
    default: CHECK(!"an unknown probe"); break;
    }
}

static const char script[] =
    "int g = 1;\n"
    "int top = 100;\n"
    "namespace outer {\n"
    "  int g = 2;\n"
    "  int only_outer = 20;\n"
    "  namespace inner {\n"
    "    int g = 3;\n"
    "    void f() { int x = g; probe(1); }\n"
    "  }\n"
    "}\n"
    "class Base { int base_member = 4; }\n"
    "class P : Base {\n"
    "  int hp = 7;\n"
    "  void hit(int hp_arg) { int local = hp_arg + 1; int g = 9; probe(2); }\n"
    "}\n"
    "void main() {\n"
    "  int x = 1;\n"
    "  string s = 'text';\n"
    "  P@ h;\n"
    "  { int x = 2; probe(3); }\n"
    "  probe(4);\n"
    "  outer::inner::f();\n"
    "  P p; p.hit(5);\n"
    "}\n";

static void on_message(const as_message *m, void *user)
{
    (void)user;
    if (m->type == AS_MSG_ERROR) fprintf(stderr, "%s:%d:%d: %s\n", m->section, m->row, m->col, m->message);
}

static void lookups(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e && as_register_std_addons(e) >= 0);
    as_engine_set_message_callback(e, on_message, NULL);
    REQUIRE(as_register_global_function(e, "void probe(int)", AS_FN(probe), AS_CALL_GENERIC, NULL) >= 0);
    REQUIRE(as_register_global_property(e, "int hostValue", &host_value) >= 0);
    REQUIRE(as_engine_set_default_namespace(e, "outer") >= 0);
    REQUIRE(as_register_global_property(e, "int hostNs", &host_ns_value) >= 0);
    REQUIRE(as_engine_set_default_namespace(e, "") >= 0);
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    REQUIRE(as_module_add_section(m, "s", script, strlen(script), 0) >= 0);
    REQUIRE(as_module_build(m) >= 0);
    as_context *ctx = as_context_create(e);
    REQUIRE(as_context_prepare(ctx, as_module_function_by_name(m, "main")) >= 0);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(probes == 4);
    /* not running: no frame */
    CHECK(as_context_find_variable(ctx, 0, "g", NULL, NULL) == AS_INVALID_ARG);
    as_context_destroy(ctx);
    as_engine_destroy(e);
}

int main(void)
{
    group_alarm = 30;
    group("lookups", lookups);
    if (failures) fprintf(stderr, "%d failure(s)\n", failures);
    return failures ? 1 : 0;
}
