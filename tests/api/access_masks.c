/* Access masks: entities registered under a default access mask are visible only to modules
 * whose mask shares a bit with it: global functions, global properties, object types, and the
 * methods, properties and constructors of a type. Both masks default to 1; setting one returns
 * the previous one. */
#include "angelc.h"
#include <stdio.h>
#include <string.h>
#include "check.h"

static char first_error[256];
static void on_message(const as_message *m, void *user)
{
    (void)user;
    if (m->type == AS_MSG_ERROR && !first_error[0]) snprintf(first_error, sizeof first_error, "%s", m->message);
}

typedef struct Pt { int x, y; } Pt;
static void pt_init(int x, int y, Pt *p) { p->x = x; p->y = y; }
static void pt_default(Pt *p) { p->x = p->y = 0; }
static int pt_sum(const Pt *p) { return p->x + p->y; }
static int pt_secret(const Pt *p) { return p->x * 100; }
static int game_only(void) { return 1; }
static int gui_only(void) { return 2; }
static int both(void) { return 3; }
static int game_score = 40;

static int build(as_engine *e, uint32_t mask, const char *code)
{
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    CHECK(as_module_set_access_mask(m, mask) == 1);
    as_module_add_section(m, "s", code, strlen(code), 0);
    first_error[0] = 0;
    return as_module_build(m);
}

int main(void)
{
    as_engine *e = as_engine_create();
    as_engine_set_message_callback(e, on_message, NULL);
    /* the type and its general members are for everyone */
    CHECK(as_engine_set_default_access_mask(e, 0x3) == 0xFFFFFFFFu);   /* the reference's default */
    CHECK(as_register_object_type(e, "pt", sizeof(Pt), AS_OBJ_VALUE | AS_OBJ_POD | AS_OBJ_APP_CLASS) >= 0);
    CHECK(as_register_object_behaviour(e, "pt", AS_BEHAVE_CONSTRUCT, "void f()", AS_FN(pt_default), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_method(e, "pt", "int sum() const", AS_FN(pt_sum), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_property(e, "pt", "int x", (int)offsetof(Pt, x)) >= 0);
    CHECK(as_register_global_function(e, "int both()", AS_FN(both), AS_CALL_CDECL, NULL) >= 0);
    /* game scripts (bit 1) */
    CHECK(as_engine_set_default_access_mask(e, 0x1) == 0x3);
    CHECK(as_register_global_function(e, "int gameOnly()", AS_FN(game_only), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_property(e, "int gameScore", &game_score) >= 0);
    CHECK(as_register_object_method(e, "pt", "int secret() const", AS_FN(pt_secret), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_property(e, "pt", "int y", (int)offsetof(Pt, y)) >= 0);
    CHECK(as_register_object_behaviour(e, "pt", AS_BEHAVE_CONSTRUCT, "void f(int, int)", AS_FN(pt_init), AS_CALL_CDECL_OBJLAST, NULL) >= 0);
    /* gui scripts (bit 2) */
    CHECK(as_engine_set_default_access_mask(e, 0x2) == 0x1);
    CHECK(as_register_global_function(e, "int guiOnly()", AS_FN(gui_only), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_object_type(e, "Widget", 0, AS_OBJ_REF | AS_OBJ_NOCOUNT) >= 0);

    /* a game module sees the shared and the game parts */
    CHECK(build(e, 0x1, "int run() { pt p(2, 3); return both() + gameOnly() + gameScore + p.sum() + p.secret() + p.y; }") >= 0);
    as_context *ctx = as_context_create(e);
    as_module *m = as_engine_get_module(e, "m", AS_GM_ONLY_IF_EXISTS);
    CHECK(as_context_prepare(ctx, as_module_function_by_name(m, "run")) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(as_context_return_dword(ctx) == 3 + 1 + 40 + 5 + 200 + 3);
    as_context_destroy(ctx);

    /* a gui module doesn't see the game's entities */
    CHECK(build(e, 0x2, "int run() { return gameOnly(); }") < 0);
    CHECK(strstr(first_error, "gameOnly") != NULL);
    CHECK(build(e, 0x2, "int run() { return gameScore; }") < 0);
    CHECK(build(e, 0x2, "int run() { pt p; return p.secret(); }") < 0);
    CHECK(build(e, 0x2, "int run() { pt p; return p.y; }") < 0);
    CHECK(build(e, 0x2, "int run() { pt p(1, 2); return p.x; }") < 0);
    CHECK(build(e, 0x2, "int run() { pt p; p.x = 4; Widget@ w; return guiOnly() + both() + p.sum(); }") >= 0);
    /* and a game module not the gui's */
    CHECK(build(e, 0x1, "Widget@ w;") < 0);
    CHECK(strstr(first_error, "Widget") != NULL);
    CHECK(build(e, 0x1, "int run() { return guiOnly(); }") < 0);
    /* a module with both bits sees everything */
    CHECK(build(e, 0x3, "int run() { Widget@ w; pt p(1, 1); return gameOnly() + guiOnly() + p.secret(); }") >= 0);
    as_engine_destroy(e);
    if (failures) fprintf(stderr, "access_masks: %d check(s) failed\n", failures);
    return failures ? 1 : 0;
}
