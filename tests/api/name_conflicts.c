/* A type's property and method may not share a name, as in the AngelScript 2.38 reference:
 *  - registered: as_register_object_property with the name of a registered method, or
 *    as_register_object_method with the name of a registered property, fails with
 *    AS_NAME_TAKEN and the reference's messages (for a property "Name conflict. 'hit' is a
 *    class method." in section "Property" at 1,5, then both: "Failed in call to function
 *    'RegisterObjectProperty' with 'Ent' and 'int hit' (Code: asNAME_TAKEN, -9)"); the type
 *    keeps what it had, and other names, overloads and other types are unaffected;
 *  - in a script class (own or inherited method, a mixin's property): the build fails with
 *    "Name conflict. 'x' is a class method." on the property's line; a method beside an
 *    inherited property builds.
 * CHECK prints file:line and the condition and marks the test failed (exit 1 at the end). */
#include "angelc.h"
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "check.h"

typedef struct { int refs, hp, hit; } Ent;
static void dummy(as_generic *g) { (void)g; }

/* the first error since error_count was set to 0, and the last */
static char first_message[512], first_section[64], last_message[512];
static int first_row, first_col, last_row, error_count;
static void on_message(const as_message *m, void *user)
{
    (void)user;
    if (m->type != AS_MSG_ERROR) return;
    if (error_count++ == 0) {
        snprintf(first_message, sizeof first_message, "%s", m->message);
        snprintf(first_section, sizeof first_section, "%s", m->section);
        first_row = m->row;
        first_col = m->col;
    }
    last_row = m->row;
    snprintf(last_message, sizeof last_message, "%s", m->message);
}

static as_engine *new_engine(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e != NULL);
    as_engine_set_message_callback(e, on_message, NULL);
    REQUIRE(as_register_object_type(e, "Ent", 0, AS_OBJ_REF | AS_OBJ_NOCOUNT) > 0);
    REQUIRE(as_register_object_type(e, "Other", 0, AS_OBJ_REF | AS_OBJ_NOCOUNT) > 0);
    return e;
}

static void g_property_after_method(void)
{
    as_engine *e = new_engine();
    CHECK(as_register_object_method(e, "Ent", "void hit(int)", AS_FN(dummy), AS_CALL_GENERIC, NULL) >= 0);
    error_count = 0;
    CHECK(as_register_object_property(e, "Ent", "int hit", offsetof(Ent, hit)) == AS_NAME_TAKEN);
    /* as the reference: the conflict at the name in the declaration, then the failed call */
    CHECK(error_count == 2);
    CHECK(STREQ(first_section, "Property") && first_row == 1 && first_col == 5);
    CHECK(STREQ(first_message, "Name conflict. 'hit' is a class method."));
    CHECK(STREQ(last_message, "Failed in call to function 'RegisterObjectProperty' with 'Ent' and 'int hit' (Code: asNAME_TAKEN, -9)"));
    /* nothing was added; other names and other types still register */
    as_type *t = as_engine_type_by_name(e, "Ent");
    CHECK(t && as_type_property_count(t) == 0 && as_type_method_count(t) == 1);
    CHECK(as_register_object_property(e, "Ent", "int hp", offsetof(Ent, hp)) >= 0);
    CHECK(as_register_object_property(e, "Other", "int hit", 0) >= 0);
    as_engine_release(e);
}

static void g_method_after_property(void)
{
    as_engine *e = new_engine();
    CHECK(as_register_object_property(e, "Ent", "int hit", offsetof(Ent, hit)) >= 0);
    error_count = 0;
    CHECK(as_register_object_method(e, "Ent", "void hit(int)", AS_FN(dummy), AS_CALL_GENERIC, NULL) == AS_NAME_TAKEN);
    CHECK(error_count == 1);
    CHECK(STREQ(last_message, "Failed in call to function 'RegisterObjectMethod' with 'Ent' and 'void hit(int)' (Code: asNAME_TAKEN, -9)"));
    CHECK(as_register_object_method(e, "Ent", "int hit() const", AS_FN(dummy), AS_CALL_GENERIC, NULL) == AS_NAME_TAKEN);
    as_type *t = as_engine_type_by_name(e, "Ent");
    CHECK(t && as_type_property_count(t) == 1 && as_type_method_count(t) == 0);
    /* overloads of a method with a free name are still fine */
    CHECK(as_register_object_method(e, "Ent", "void heal(int)", AS_FN(dummy), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_method(e, "Ent", "void heal(float)", AS_FN(dummy), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_method(e, "Other", "void hit(int)", AS_FN(dummy), AS_CALL_GENERIC, NULL) >= 0);
    /* a script sees the property */
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    const char *src = "int f(Ent@ e) { e.heal(1); return e.hit; }\n";
    CHECK(as_module_add_section(m, "ok", src, strlen(src), 0) >= 0);
    error_count = 0;
    CHECK(as_module_build(m) >= 0);
    CHECK(error_count == 0);
    as_engine_release(e);
}

/* Builds src in a new module; the build's result. */
static int build(as_engine *e, const char *src)
{
    as_module *m = as_engine_get_module(e, "s", AS_GM_ALWAYS_CREATE);
    REQUIRE(m != NULL);
    CHECK(as_module_add_section(m, "s", src, strlen(src), 0) >= 0);
    error_count = 0;
    last_message[0] = 0;
    return as_module_build(m);
}

static void g_script_classes(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e != NULL);
    as_engine_set_message_callback(e, on_message, NULL);
    CHECK(build(e, "class A {\n  int x;\n  void x() {}\n}\n") < 0);
    CHECK(error_count == 1 && last_row == 2);
    CHECK(STREQ(last_message, "Name conflict. 'x' is a class method."));
    CHECK(build(e, "class A {\n  void x() {}\n  int x;\n}\n") < 0);
    CHECK(last_row == 3 && STREQ(last_message, "Name conflict. 'x' is a class method."));
    CHECK(build(e, "class B { void x() {} }\nclass A : B {\n  int x;\n}\n") < 0);
    CHECK(last_row == 3 && STREQ(last_message, "Name conflict. 'x' is a class method."));
    CHECK(build(e, "mixin class M { int x; }\nclass A : M {\n  void x() {}\n}\n") < 0);
    CHECK(last_row == 1 && STREQ(last_message, "Name conflict. 'x' is a class method."));
    /* a method beside an inherited property is allowed */
    CHECK(build(e, "class B { int x; }\nclass A : B {\n  void x() {}\n}\n") >= 0);
    CHECK(error_count == 0);
    as_engine_release(e);
}

int main(void)
{
    group("property after method", g_property_after_method);
    group("method after property", g_method_after_property);
    group("script classes", g_script_classes);
    if (failures) fprintf(stderr, "name_conflicts: %d failure(s)\n", failures);
    return failures ? 1 : 0;
}
