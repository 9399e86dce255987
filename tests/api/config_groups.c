/* Configuration groups: registering a plug-in's interface in a group, removing it again (its
 * types with their methods and behaviours, functions, properties, enums and funcdefs go; the
 * names can be registered again), refusal while a module is built or while something outside
 * the group uses its types, and the misuse errors (nesting, unknown names, unbalanced end). */
#include "angelc.h"
#include "angelc_addons.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

static int errors;
static void on_message(const as_message *m, void *user) { (void)user; if (m->type == AS_MSG_ERROR) errors++; }

typedef struct Gadget { int refs; int power; } Gadget;
static int live;
static Gadget *gadget_new(void) { Gadget *g = calloc(1, sizeof *g); g->refs = 1; g->power = 3; live++; return g; }
static void gadget_addref(Gadget *g) { g->refs++; }
static void gadget_release(Gadget *g) { if (--g->refs == 0) { live--; free(g); } }
static int gadget_boost(Gadget *g, int k) { return g->power * k; }
static int plugin_version(void) { return 7; }
static int level = 5;

static int register_plugin(as_engine *e)
{
    int r;
    if ((r = as_engine_begin_config_group(e, "plugin")) < 0) return r;
    if ((r = as_register_object_type(e, "Gadget", 0, AS_OBJ_REF)) < 0) return r;
    if ((r = as_register_object_behaviour(e, "Gadget", AS_BEHAVE_FACTORY, "Gadget@ f()", AS_FN(gadget_new), AS_CALL_CDECL, NULL)) < 0) return r;
    if ((r = as_register_object_behaviour(e, "Gadget", AS_BEHAVE_ADDREF, "void f()", AS_FN(gadget_addref), AS_CALL_CDECL_OBJFIRST, NULL)) < 0) return r;
    if ((r = as_register_object_behaviour(e, "Gadget", AS_BEHAVE_RELEASE, "void f()", AS_FN(gadget_release), AS_CALL_CDECL_OBJFIRST, NULL)) < 0) return r;
    if ((r = as_register_object_method(e, "Gadget", "int boost(int)", AS_FN(gadget_boost), AS_CALL_CDECL_OBJFIRST, NULL)) < 0) return r;
    if ((r = as_register_object_property(e, "Gadget", "int power", (int)offsetof(Gadget, power))) < 0) return r;
    if ((r = as_register_global_function(e, "int pluginVersion()", AS_FN(plugin_version), AS_CALL_CDECL, NULL)) < 0) return r;
    if ((r = as_register_global_property(e, "int pluginLevel", &level)) < 0) return r;
    if ((r = as_register_enum(e, "Mode")) < 0) return r;
    if ((r = as_register_enum_value(e, "Mode", "Fast", 2)) < 0) return r;
    if ((r = as_register_funcdef(e, "int GadgetCallback(Gadget@)")) < 0) return r;
    return as_engine_end_config_group(e);
}

static int build(as_engine *e, const char *code)
{
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    as_module_add_section(m, "s", code, strlen(code), 0);
    return as_module_build(m);
}

static const char *uses_plugin =
    "int run() { Gadget g; Mode m = Fast; return g.boost(2) + g.power + pluginVersion() + pluginLevel + int(m); }\n";

int main(void)
{
    as_engine *e = as_engine_create();
    as_engine_set_message_callback(e, on_message, NULL);
    CHECK(as_register_string(e) >= 0);
    CHECK(register_plugin(e) == 0);

    /* the plug-in works */
    CHECK(build(e, uses_plugin) >= 0);
    as_context *ctx = as_context_create(e);
    as_module *m = as_engine_get_module(e, "m", AS_GM_ONLY_IF_EXISTS);
    CHECK(as_context_prepare(ctx, as_module_function_by_name(m, "run")) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(as_context_return_dword(ctx) == 6 + 3 + 7 + 5 + 2);
    as_context_destroy(ctx);

    /* in use while a module is built */
    CHECK(as_engine_remove_config_group(e, "plugin") == AS_CONFIG_GROUP_IS_IN_USE);
    as_engine_discard_module(e, "m");
    CHECK(live == 0);

    /* in use while something outside the group refers to its types */
    CHECK(as_register_global_function(e, "void useGadget(Gadget@)", AS_FN(plugin_version), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_engine_remove_config_group(e, "plugin") == AS_CONFIG_GROUP_IS_IN_USE);

    /* misuse */
    CHECK(as_engine_remove_config_group(e, "nope") == AS_INVALID_ARG);
    CHECK(as_engine_end_config_group(e) == AS_NOT_SUPPORTED);
    CHECK(as_engine_begin_config_group(e, "plugin") == AS_NAME_TAKEN);
    CHECK(as_engine_begin_config_group(e, "other") == AS_SUCCESS);
    CHECK(as_engine_begin_config_group(e, "nested") == AS_NOT_SUPPORTED);
    CHECK(as_engine_remove_config_group(e, "other") == AS_NOT_SUPPORTED);   /* still open */
    CHECK(as_engine_end_config_group(e) == AS_SUCCESS);
    CHECK(as_engine_remove_config_group(e, "other") == AS_SUCCESS);

    /* a second engine: the same plug-in, no outside users: it goes away entirely */
    as_engine *e2 = as_engine_create();
    as_engine_set_message_callback(e2, on_message, NULL);
    CHECK(register_plugin(e2) == 0);
    int types_before = as_engine_type_count(e2);
    CHECK(as_engine_remove_config_group(e2, "plugin") == AS_SUCCESS);
    CHECK(as_engine_type_count(e2) == types_before - 3);   /* Gadget, Mode, GadgetCallback */
    CHECK(as_engine_type_by_name(e2, "Gadget") == NULL);
    CHECK(as_engine_function_by_decl(e2, "int pluginVersion()") == NULL);
    CHECK(as_engine_global_property_count(e2) == 0);
    errors = 0;
    CHECK(build(e2, uses_plugin) < 0);
    CHECK(errors > 0);
    /* the names are free again */
    CHECK(register_plugin(e2) == 0);
    errors = 0;
    CHECK(build(e2, uses_plugin) >= 0);
    CHECK(errors == 0);
    as_engine_destroy(e2);

    as_engine_destroy(e);
    CHECK(live == 0);
    if (failures) fprintf(stderr, "config_groups: %d check(s) failed\n", failures);
    return failures ? 1 : 0;
}
