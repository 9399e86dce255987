/* Type information:
 *  - type ids of the primitives (void 0 ... double 11) by declaration, as_engine_primitive_size;
 *  - as_engine_type_id_by_decl for registered types ("string", "Ent", "Ent@", "const Ent@"),
 *    template instances ("array<int>", "int[]", "array<Ent@>"), enums, funcdefs, interfaces,
 *    with the reference's flag bits (AS_TYPEID_APPOBJECT / SCRIPTOBJECT / TEMPLATE /
 *    OBJHANDLE / HANDLETOCONST), and errors for unknown or invalid declarations;
 *  - as_engine_type_declaration back from a type id (with and without namespace);
 *  - as_engine_type_by_id / _by_name / _by_decl, as_type_id / name / namespace / size / flags
 *    / engine, subtypes of template instances, methods by index / name / decl, properties
 *    (name, type id, offset), funcdef signatures, type user data;
 *  - a script class: its type id (AS_TYPEID_SCRIPTOBJECT) seen through a module function's
 *    return type and as_module_type_by_name, its properties and methods; the engine itself
 *    does not look into modules (the reference gives AS_INVALID_TYPE for "Pt"); the compiler's
 *    opAssign is not listed but works; script objects through as_object_* (class, properties
 *    with inherited ones first, their addresses); enum values of registered and script enums.
 *
 * CHECK prints file:line and the condition and marks the test failed (exit 1 at the end);
 * REQUIRE exits at once. Groups run in child processes so a crash fails only its group. */
#define _POSIX_C_SOURCE 200809L
#include "angelc.h"
#include "angelc_addons.h"
#include <sys/wait.h>
#include <unistd.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

static int errors;
static void on_message(const as_message *m, void *user)
{
    (void)user;
    if (m->type == AS_MSG_ERROR) errors++;
}

static as_engine *engine;

typedef struct { int refs, hp; float speed; } Ent;
typedef struct { float x, y; } vec2;
static void dummy(as_generic *g) { (void)g; }
static int ent_tid, vec2_tid, color_tid, pred_tid, iface_tid;

static void setup(void)
{
    engine = as_engine_create();
    REQUIRE(engine != NULL);
    as_engine_set_message_callback(engine, on_message, NULL);
    CHECK(as_register_string(engine) >= 0);
    CHECK(as_register_array(engine, true) >= 0);
    ent_tid = as_register_object_type(engine, "Ent", 0, AS_OBJ_REF);
    CHECK(ent_tid > 0);
    CHECK(as_register_object_behaviour(engine, "Ent", AS_BEHAVE_FACTORY, "Ent@ f()", AS_FN(dummy), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_behaviour(engine, "Ent", AS_BEHAVE_ADDREF, "void f()", AS_FN(dummy), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_behaviour(engine, "Ent", AS_BEHAVE_RELEASE, "void f()", AS_FN(dummy), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_property(engine, "Ent", "int hp", offsetof(Ent, hp)) >= 0);
    CHECK(as_register_object_property(engine, "Ent", "float speed", offsetof(Ent, speed)) >= 0);
    CHECK(as_register_object_method(engine, "Ent", "int damage(int amount, bool crit = false)", AS_FN(dummy), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_method(engine, "Ent", "float getSpeed() const", AS_FN(dummy), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_method(engine, "Ent", "void move(const vec2 &in)", AS_FN(dummy), AS_CALL_GENERIC, NULL) < 0);  /* vec2 not yet known */
    vec2_tid = as_register_object_type(engine, "vec2", sizeof(vec2), AS_OBJ_VALUE | AS_OBJ_POD | AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_ALLFLOATS);
    CHECK(vec2_tid > 0);
    CHECK(as_register_object_property(engine, "vec2", "float x", 0) >= 0);
    CHECK(as_register_object_property(engine, "vec2", "float y", 4) >= 0);
    CHECK(as_register_object_method(engine, "Ent", "void move(const vec2 &in)", AS_FN(dummy), AS_CALL_GENERIC, NULL) >= 0);
    color_tid = as_register_enum(engine, "Color");
    CHECK(color_tid > 0);
    CHECK(as_register_enum_value(engine, "Color", "Red", 1) >= 0);
    pred_tid = as_register_funcdef(engine, "bool Pred(int)");
    CHECK(pred_tid > 0);
    iface_tid = as_register_interface(engine, "IFace");
    CHECK(iface_tid > 0);
    CHECK(as_engine_set_default_namespace(engine, "gfx") == AS_SUCCESS);
    CHECK(as_register_object_type(engine, "Tex", 4, AS_OBJ_VALUE | AS_OBJ_POD | AS_OBJ_APP_PRIMITIVE) > 0);
    CHECK(as_engine_set_default_namespace(engine, "") == AS_SUCCESS);
}

/* ===================================================================== ids */

static void test_ids(void)
{
    static const char *const prims[12] = {"void", "bool", "int8", "int16", "int", "int64", "uint8", "uint16", "uint", "uint64", "float", "double"};
    static const int sizes[12] = {0, 1, 1, 2, 4, 8, 1, 2, 4, 8, 4, 8};
    for (int i = 0; i < 12; i++) {
        int id = as_engine_type_id_by_decl(engine, prims[i]);
        if (id != i) fprintf(stderr, "  type id of %s: %d\n", prims[i], id);
        CHECK(id == i);
        CHECK(as_engine_primitive_size(engine, i) == sizes[i]);
        CHECK(STREQ(as_engine_type_declaration(engine, i, true), prims[i]));
    }
    CHECK(AS_TYPEID_VOID == 0 && AS_TYPEID_BOOL == 1 && AS_TYPEID_INT32 == 4 && AS_TYPEID_DOUBLE == 11);
    CHECK(as_engine_type_id_by_decl(engine, "const int") == AS_TYPEID_INT32);
    CHECK(as_engine_type_id_by_decl(engine, "uint32") == AS_TYPEID_UINT32);    /* aliases of the language */
    CHECK(as_engine_type_id_by_decl(engine, "int32") == AS_TYPEID_INT32);

    int string_tid = as_engine_type_id_by_decl(engine, "string");
    CHECK(string_tid > 11);
    CHECK((string_tid & AS_TYPEID_MASK_OBJECT) == AS_TYPEID_APPOBJECT);
    CHECK(!(string_tid & AS_TYPEID_OBJHANDLE));
    CHECK(as_engine_type_id_by_decl(engine, "string@") < 0);                   /* a value type has no handles */
    CHECK(as_engine_type_id_by_decl(engine, "Ent") == ent_tid);
    CHECK((ent_tid & AS_TYPEID_MASK_OBJECT) == AS_TYPEID_APPOBJECT);
    CHECK(as_engine_type_id_by_decl(engine, "Ent@") == (ent_tid | AS_TYPEID_OBJHANDLE));
    CHECK(as_engine_type_id_by_decl(engine, "const Ent@") == (ent_tid | AS_TYPEID_OBJHANDLE | AS_TYPEID_HANDLETOCONST));
    CHECK(as_engine_type_id_by_decl(engine, "vec2") == vec2_tid);
    int arr = as_engine_type_id_by_decl(engine, "array<int>");
    CHECK(arr > 0 && (arr & AS_TYPEID_TEMPLATE));
    CHECK(!(arr & AS_TYPEID_OBJHANDLE));
    CHECK(as_engine_type_id_by_decl(engine, "int[]") == arr);
    CHECK(as_engine_type_id_by_decl(engine, "array<int>@") == (arr | AS_TYPEID_OBJHANDLE));
    int arrs = as_engine_type_id_by_decl(engine, "array<string>");
    CHECK(arrs > 0 && arrs != arr && (arrs & AS_TYPEID_TEMPLATE));
    CHECK(as_engine_type_id_by_decl(engine, "array<array<int>>") > 0);
    CHECK(as_engine_type_id_by_decl(engine, "Color") == color_tid);
    CHECK((color_tid & AS_TYPEID_MASK_OBJECT) == 0);                         /* enums are not objects */
    CHECK(as_engine_type_id_by_decl(engine, "Pred") == pred_tid);
    CHECK(as_engine_type_id_by_decl(engine, "Pred@") == (pred_tid | AS_TYPEID_OBJHANDLE));
    CHECK(as_engine_type_id_by_decl(engine, "IFace") == iface_tid);
    CHECK((iface_tid & AS_TYPEID_MASK_OBJECT) == AS_TYPEID_SCRIPTOBJECT);
    CHECK(as_engine_type_id_by_decl(engine, "gfx::Tex") > 0);
    CHECK(as_engine_type_id_by_decl(engine, "Tex") < 0);
    /* errors */
    CHECK(as_engine_type_id_by_decl(engine, "nosuch") == AS_INVALID_TYPE);
    CHECK(as_engine_type_id_by_decl(engine, "array<nosuch>") < 0);
    CHECK(as_engine_type_id_by_decl(engine, "") < 0);
    CHECK(as_engine_type_id_by_decl(engine, "int int") < 0);
    CHECK(as_engine_type_id_by_decl(engine, "array<") < 0);

    /* declarations back */
    CHECK(STREQ(as_engine_type_declaration(engine, string_tid, true), "string"));
    CHECK(STREQ(as_engine_type_declaration(engine, ent_tid | AS_TYPEID_OBJHANDLE, true), "Ent@"));
    CHECK(STREQ(as_engine_type_declaration(engine, ent_tid | AS_TYPEID_OBJHANDLE | AS_TYPEID_HANDLETOCONST, true), "const Ent@"));
    const char *ad = as_engine_type_declaration(engine, arr, true);
    CHECK(STREQ(ad, "int[]"));                 /* the reference, with array<T> as the default array */
    CHECK(STREQ(as_engine_type_declaration(engine, color_tid, true), "Color"));
    int tex = as_engine_type_id_by_decl(engine, "gfx::Tex");
    CHECK(STREQ(as_engine_type_declaration(engine, tex, true), "gfx::Tex"));
    CHECK(STREQ(as_engine_type_declaration(engine, tex, false), "Tex"));
    CHECK(as_engine_type_declaration(engine, 0x03FFFFF0, true) == NULL);
}

/* ===================================================================== type objects */

static void test_types(void)
{
    as_type *ent = as_engine_type_by_id(engine, ent_tid);
    REQUIRE(ent != NULL);
    CHECK(as_engine_type_by_name(engine, "Ent") == ent);
    CHECK(as_engine_type_by_decl(engine, "Ent") == ent);
    CHECK(as_engine_type_by_decl(engine, "Ent@") == ent);
    CHECK(as_engine_type_by_id(engine, ent_tid | AS_TYPEID_OBJHANDLE) == ent);
    CHECK(as_type_id(ent) == ent_tid);
    CHECK(STREQ(as_type_name(ent), "Ent"));
    CHECK(STREQ(as_type_namespace(ent), ""));
    CHECK(as_type_engine(ent) == engine);
    CHECK((as_type_flags(ent) & (AS_OBJ_REF | AS_OBJ_VALUE)) == AS_OBJ_REF);
    CHECK(as_type_subtype_count(ent) == 0);
    CHECK(as_type_subtype(ent, 0) == NULL);
    CHECK(as_type_subtype_id(ent, 0) < 0);
    /* properties */
    CHECK(as_type_property_count(ent) == 2);
    const char *name = NULL;
    int tid = -1, off = -1;
    CHECK(as_type_property(ent, 0, &name, &tid, &off) == AS_SUCCESS);
    CHECK(STREQ(name, "hp") && tid == AS_TYPEID_INT32 && off == (int)offsetof(Ent, hp));
    CHECK(as_type_property(ent, 1, &name, &tid, &off) == AS_SUCCESS);
    CHECK(STREQ(name, "speed") && tid == AS_TYPEID_FLOAT && off == (int)offsetof(Ent, speed));
    CHECK(as_type_property(ent, 2, &name, &tid, &off) < 0);
    CHECK(as_type_property(ent, -1, NULL, NULL, NULL) < 0);
    CHECK(as_type_property(ent, 0, NULL, NULL, NULL) == AS_SUCCESS);   /* outputs are optional */
    /* methods */
    CHECK(as_type_method_count(ent) == 3);
    for (int i = 0; i < as_type_method_count(ent); i++) CHECK(as_type_method_by_index(ent, i) != NULL);
    CHECK(as_type_method_by_index(ent, 3) == NULL);
    as_function *dmg = as_type_method_by_name(ent, "damage");
    CHECK(dmg != NULL);
    CHECK(as_type_method_by_decl(ent, "int damage(int, bool)") == dmg);
    CHECK(as_type_method_by_decl(ent, "int damage(int)") == NULL);
    CHECK(as_type_method_by_decl(ent, "float getSpeed() const") == as_type_method_by_name(ent, "getSpeed"));
    CHECK(as_type_method_by_decl(ent, "float getSpeed()") == NULL);     /* const is part of the signature */
    CHECK(as_type_method_by_decl(ent, "void move(const vec2 &in)") != NULL);
    CHECK(as_type_method_by_name(ent, "nosuch") == NULL);
    if (dmg) {
        CHECK(STREQ(as_function_declaration(dmg, true, false, false), "int Ent::damage(int, bool = false)"));
        CHECK(STREQ(as_function_declaration(dmg, false, false, true), "int damage(int amount, bool crit = false)"));
        CHECK(as_function_param_count(dmg) == 2);
    }

    as_type *v = as_engine_type_by_name(engine, "vec2");
    REQUIRE(v != NULL);
    CHECK(as_type_size(v) == (int)sizeof(vec2));
    CHECK((as_type_flags(v) & (AS_OBJ_VALUE | AS_OBJ_POD | AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_ALLFLOATS)) == (AS_OBJ_VALUE | AS_OBJ_POD | AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_ALLFLOATS));
    CHECK(as_type_id(v) == vec2_tid);

    as_type *str = as_engine_type_by_name(engine, "string");
    REQUIRE(str != NULL);
    CHECK(as_type_flags(str) & AS_OBJ_VALUE);
    CHECK(as_type_size(str) > 0);
    CHECK(as_type_method_by_decl(str, "uint length() const") != NULL);

    /* template instances */
    as_type *ai = as_engine_type_by_decl(engine, "array<int>");
    REQUIRE(ai != NULL);
    CHECK(STREQ(as_type_name(ai), "array"));
    CHECK(as_type_flags(ai) & AS_OBJ_REF);
    CHECK(as_type_flags(ai) & AS_OBJ_TEMPLATE);
    CHECK(as_type_subtype_count(ai) == 1);
    CHECK(as_type_subtype_id(ai, 0) == AS_TYPEID_INT32);
    CHECK(as_type_subtype(ai, 0) == NULL);                  /* no type object for a primitive */
    CHECK(as_type_method_by_decl(ai, "uint length() const") != NULL);
    CHECK(as_type_method_by_decl(ai, "void insertLast(const int &in)") != NULL);
    as_type *as_ = as_engine_type_by_decl(engine, "array<string>");
    REQUIRE(as_ != NULL);
    CHECK(as_ != ai);
    CHECK(as_type_subtype(as_, 0) == str);
    as_type *ae = as_engine_type_by_decl(engine, "array<Ent@>");
    REQUIRE(ae != NULL);
    CHECK(as_type_subtype_id(ae, 0) == (ent_tid | AS_TYPEID_OBJHANDLE));
    CHECK(as_type_subtype(ae, 0) == ent);
    CHECK(as_type_child_funcdef_count(ai) >= 0);

    /* enums, funcdefs, interfaces */
    as_type *color = as_engine_type_by_name(engine, "Color");
    REQUIRE(color != NULL);
    CHECK(as_type_flags(color) & AS_OBJ_ENUM);
    CHECK(as_type_size(color) == 4);
    CHECK(as_type_id(color) == color_tid);
    /* its values */
    CHECK(as_type_enum_value_count(color) == 1);
    int ev = 0;
    CHECK(STREQ(as_type_enum_value(color, 0, &ev), "Red") && ev == 1);
    CHECK(as_type_enum_value(color, 1, &ev) == NULL);
    CHECK(as_type_enum_value(color, -1, NULL) == NULL);
    CHECK(as_type_enum_value_count(ent) == 0);
    CHECK(as_type_enum_value(ent, 0, NULL) == NULL);
    as_type *pred = as_engine_type_by_id(engine, pred_tid);
    REQUIRE(pred != NULL);
    CHECK(as_type_flags(pred) & AS_OBJ_FUNCDEF);
    CHECK(STREQ(as_type_name(pred), "Pred"));
    as_function *sig = as_type_funcdef_signature(pred);
    CHECK(sig != NULL);
    if (sig) {
        CHECK(as_function_return_type_id(sig, NULL) == AS_TYPEID_BOOL);
        CHECK(as_function_param_count(sig) == 1);
    }
    CHECK(as_type_funcdef_signature(ent) == NULL);
    as_type *iface = as_engine_type_by_name(engine, "IFace");
    REQUIRE(iface != NULL);
    CHECK(as_type_flags(iface) & AS_OBJ_REF);
    CHECK(as_type_flags(iface) & AS_OBJ_SCRIPT_OBJECT);

    /* a namespaced type */
    CHECK(as_engine_type_by_name(engine, "Tex") == NULL);
    as_type *tex = as_engine_type_by_decl(engine, "gfx::Tex");
    REQUIRE(tex != NULL);
    CHECK(STREQ(as_type_namespace(tex), "gfx"));
    CHECK(as_engine_set_default_namespace(engine, "gfx") == AS_SUCCESS);
    CHECK(as_engine_type_by_name(engine, "Tex") == tex);
    CHECK(as_engine_set_default_namespace(engine, "") == AS_SUCCESS);

    /* user data on types */
    int a, b;
    CHECK(as_type_get_user_data(ent, 1) == NULL);
    CHECK(as_type_set_user_data(ent, &a, 1) == NULL);
    CHECK(as_type_set_user_data(ent, &b, 2) == NULL);
    CHECK(as_type_get_user_data(ent, 1) == &a && as_type_get_user_data(ent, 2) == &b);
    CHECK(as_type_set_user_data(ent, &b, 1) == &a);
    CHECK(as_type_set_user_data(ai, &a, 1) == NULL);
    CHECK(as_type_get_user_data(as_, 1) == NULL);          /* each template instance has its own */

    /* bad ids */
    CHECK(as_engine_type_by_id(engine, 0x03FFFFF0) == NULL);
    CHECK(as_engine_type_by_name(engine, "nosuch") == NULL);
    CHECK(as_engine_type_by_decl(engine, "nosuch") == NULL);
    CHECK(as_type_name(NULL) == NULL);
}

/* ===================================================================== script classes */

static void test_script_class(void)
{
    as_module *m = as_engine_get_module(engine, "m", AS_GM_ALWAYS_CREATE);
    const char *src =
        "class Pt { int x; double y; string s; Ent@ e; int get() const { return x; } void set(int v) { x = v; } }\n"
        "namespace ns { class Q { int q; } }\n"
        "Pt@ make() { return Pt(); }\n"
        "ns::Q@ makeQ() { return ns::Q(); }\n"
        "enum Dir { North, South = 5, West }\n"
        "class Pd : Pt { int z = 9; Pt inner; }\n"
        "Pd@ makePd() { Pd d; d.x = 7; d.y = 2.5; d.s = 'hi'; d.inner.x = 11; return d; }\n"
        "int assigned() { Pt a; a.x = 3; Pt b; b = a; a.x = 4; return b.x; }\n";
    as_module_add_section(m, "m.as", src, strlen(src), 0);
    errors = 0;
    CHECK(as_module_build(m) >= 0 && errors == 0);
    as_function *mk = as_module_function_by_name(m, "make");
    REQUIRE(mk != NULL);
    int h = as_function_return_type_id(mk, NULL);
    CHECK(h & AS_TYPEID_OBJHANDLE);
    int tid = h & ~AS_TYPEID_OBJHANDLE;
    CHECK((tid & AS_TYPEID_MASK_OBJECT) == AS_TYPEID_SCRIPTOBJECT);
    as_type *pt = as_engine_type_by_id(engine, tid);
    REQUIRE(pt != NULL);
    CHECK(as_type_id(pt) == tid);
    CHECK(as_module_type_by_name(m, "Pt") == pt);
    CHECK(STREQ(as_type_name(pt), "Pt"));
    CHECK(STREQ(as_type_namespace(pt), ""));
    CHECK(STREQ(as_engine_type_declaration(engine, tid, true), "Pt"));
    CHECK(STREQ(as_engine_type_declaration(engine, h, true), "Pt@"));
    CHECK(as_type_flags(pt) & AS_OBJ_REF);
    CHECK(as_type_flags(pt) & AS_OBJ_SCRIPT_OBJECT);
    CHECK(as_type_size(pt) > 0);
    /* the engine's own lookup does not see module types, as in the reference */
    int by_engine = as_engine_type_id_by_decl(engine, "Pt");
    CHECK(by_engine < 0 || by_engine == tid);
    /* properties with their types; distinct offsets */
    CHECK(as_type_property_count(pt) == 4);
    const char *want_names[4] = {"x", "y", "s", "e"};
    int want_tids[4] = {AS_TYPEID_INT32, AS_TYPEID_DOUBLE, as_engine_type_id_by_decl(engine, "string"), ent_tid | AS_TYPEID_OBJHANDLE};
    int offs[4];
    for (int i = 0; i < 4; i++) {
        const char *n = NULL;
        int t = -1;
        offs[i] = -1;
        CHECK(as_type_property(pt, i, &n, &t, &offs[i]) == AS_SUCCESS);
        CHECK(STREQ(n, want_names[i]));
        CHECK(t == want_tids[i]);
        CHECK(offs[i] >= 0);
        for (int j = 0; j < i; j++) CHECK(offs[j] != offs[i]);
    }
    /* methods: the two declared ones */
    CHECK(as_type_method_count(pt) == 2);
    as_function *get = as_type_method_by_name(pt, "get");
    CHECK(get != NULL);
    CHECK(as_type_method_by_decl(pt, "int get() const") == get);
    CHECK(as_type_method_by_decl(pt, "void set(int)") != NULL);
    if (get) CHECK(STREQ(as_function_declaration(get, true, false, false), "int Pt::get() const"));
    /* a class in a namespace */
    as_function *mq = as_module_function_by_name(m, "makeQ");
    REQUIRE(mq != NULL);
    as_type *q = as_engine_type_by_id(engine, as_function_return_type_id(mq, NULL));
    REQUIRE(q != NULL);
    CHECK(STREQ(as_type_name(q), "Q"));
    CHECK(STREQ(as_type_namespace(q), "ns"));
    CHECK(as_module_type_by_name(m, "ns::Q") == q);
    CHECK(STREQ(as_engine_type_declaration(engine, as_type_id(q), true), "ns::Q"));
    /* a script enum */
    as_type *dir = as_module_type_by_name(m, "Dir");
    CHECK(dir != NULL);
    if (dir) CHECK(as_type_flags(dir) & AS_OBJ_ENUM);
    CHECK(as_module_type_count(m) >= 3);
    if (dir) {
        CHECK(as_type_enum_value_count(dir) == 3);
        int v = -1;
        CHECK(STREQ(as_type_enum_value(dir, 0, &v), "North") && v == 0);
        CHECK(STREQ(as_type_enum_value(dir, 1, &v), "South") && v == 5);
        CHECK(STREQ(as_type_enum_value(dir, 2, &v), "West") && v == 6);
    }

    /* the compiler's opAssign is not listed (as in the reference), but assignment works */
    CHECK(as_type_method_by_name(pt, "opAssign") == NULL);
    CHECK(as_type_method_by_decl(pt, "Pt& opAssign(const Pt &in)") == NULL);
    CHECK(as_type_method_by_index(pt, 2) == NULL);
    as_context *ctx = as_context_create(engine);
    REQUIRE(ctx != NULL);
    as_function *af = as_module_function_by_name(m, "assigned");
    REQUIRE(af != NULL);
    CHECK(as_context_prepare(ctx, af) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(as_context_return_dword(ctx) == 3);

    /* script objects seen from C: class, properties (inherited first), addresses */
    as_function *mk2 = as_module_function_by_name(m, "makePd");
    REQUIRE(mk2 != NULL);
    CHECK(as_context_prepare(ctx, mk2) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    void *o = as_context_return_object(ctx);
    REQUIRE(o != NULL);
    as_type *pd = as_module_type_by_name(m, "Pd");
    REQUIRE(pd != NULL);
    CHECK(as_object_type(o) == pd);
    as_engine_addref_object(engine, o, as_type_id(pd));   /* kept past the next prepare */
    CHECK(as_object_property_count(o) == 6);
    const char *onames[6] = {"x", "y", "s", "e", "z", "inner"};
    int otids[6] = {AS_TYPEID_INT32, AS_TYPEID_DOUBLE, as_engine_type_id_by_decl(engine, "string"),
                    ent_tid | AS_TYPEID_OBJHANDLE, AS_TYPEID_INT32, tid};
    for (int i = 0; i < 6; i++) {
        CHECK(STREQ(as_object_property_name(o, i), onames[i]));
        CHECK(as_object_property_type_id(o, i) == otids[i]);
        CHECK(as_object_property_address(o, i) != NULL || i == 3);
    }
    int *px = as_object_property_address(o, 0);
    double *py = as_object_property_address(o, 1);
    int *pz = as_object_property_address(o, 4);
    if (px && py && pz) CHECK(*px == 7 && *py == 2.5 && *pz == 9);
    void *str = as_object_property_address(o, 2);
    size_t slen = 0;
    const char *sd = str ? as_string_data(str, &slen) : NULL;
    CHECK(sd && slen == 2 && memcmp(sd, "hi", 2) == 0);
    void **ph = as_object_property_address(o, 3);     /* a handle: the handle variable, null here */
    CHECK(ph != NULL && *ph == NULL);
    void *inner = as_object_property_address(o, 5);   /* a script object member: the object itself */
    CHECK(inner != NULL && as_object_type(inner) == pt);
    if (inner) {
        CHECK(STREQ(as_object_property_name(inner, 0), "x"));
        int *ix = as_object_property_address(inner, 0);
        CHECK(ix && *ix == 11);
    }
    if (px) *px = 70;                                 /* writes go to the object */
    as_function *getf = as_type_method_by_name(pt, "get");
    if (getf) {
        CHECK(as_context_prepare(ctx, getf) == AS_SUCCESS);
        CHECK(as_context_set_object(ctx, o) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        CHECK(as_context_return_dword(ctx) == 70);
    }
    CHECK(as_object_property_name(o, 6) == NULL);
    CHECK(as_object_property_name(o, -1) == NULL);
    CHECK(as_object_property_type_id(o, 6) == AS_INVALID_ARG);
    CHECK(as_object_property_address(o, 6) == NULL);
    CHECK(as_object_type(NULL) == NULL && as_object_property_count(NULL) == 0);
    as_engine_release_object(engine, o, as_type_id(pd));
    /* a host-created object and the engine's assignment (through the compiler's opAssign) */
    void *a = as_engine_create_object(engine, tid), *b = as_engine_create_object(engine, tid);
    REQUIRE(a && b);
    *(int *)as_object_property_address(a, 0) = 42;
    CHECK(as_engine_assign_object(engine, b, a, tid) == AS_SUCCESS);
    CHECK(*(int *)as_object_property_address(b, 0) == 42);
    as_engine_release_object(engine, a, tid);
    as_engine_release_object(engine, b, tid);
    as_context_destroy(ctx);
}

/* ===================================================================== functions */

static void test_function_params(void)
{
    as_module *m = as_engine_get_module(engine, "f", AS_GM_ALWAYS_CREATE);
    /* (no `= void` default: the reference accepts one and prints it as "= void") */
    const char *src = "void f(int a, const string &in b, double &out c, Ent@ d, array<int>@ e, int &inout f) {}\n";
    as_engine_set_property(engine, AS_EP_ALLOW_UNSAFE_REFERENCES, 1);
    as_module_add_section(m, "f.as", src, strlen(src), 0);
    errors = 0;
    int r = as_module_build(m);
    CHECK(r >= 0);
    as_function *f = as_module_function_by_name(m, "f");
    REQUIRE(f != NULL);
    CHECK(as_function_param_count(f) == 6);
    struct { int tid; uint32_t fl; const char *name; } want[6] = {
        {AS_TYPEID_INT32, AS_TM_NONE, "a"},
        {as_engine_type_id_by_decl(engine, "string"), AS_TM_INREF | AS_TM_CONST, "b"},
        {AS_TYPEID_DOUBLE, AS_TM_OUTREF, "c"},
        {ent_tid | AS_TYPEID_OBJHANDLE, AS_TM_NONE, "d"},
        {as_engine_type_id_by_decl(engine, "array<int>@"), AS_TM_NONE, "e"},
        {AS_TYPEID_INT32, AS_TM_INOUTREF, "f"},
    };
    for (int i = 0; i < 6; i++) {
        int tid = -1;
        uint32_t fl = 99;
        const char *name = NULL;
        CHECK(as_function_param(f, i, &tid, &fl, &name) >= 0);
        if (tid != want[i].tid || fl != want[i].fl) fprintf(stderr, "  param %d: type id %x flags %u\n", i, (unsigned)tid, (unsigned)fl);
        CHECK(tid == want[i].tid);
        CHECK(fl == want[i].fl);
        CHECK(STREQ(name, want[i].name));
    }
    CHECK(as_function_param(f, 6, NULL, NULL, NULL) < 0);
    CHECK(as_function_return_type_id(f, NULL) == AS_TYPEID_VOID);
    CHECK(STREQ(as_function_declaration(f, false, false, false),
                "void f(int, const string&in, double&out, Ent@, int[]@, int&inout)"));
}

int main(void)
{
    setup();
    group("ids", test_ids);
    group("types", test_types);
    group("script_class", test_script_class);
    group("function_params", test_function_params);
    as_engine_destroy(engine);
    if (failures) fprintf(stderr, "typeinfo: %d check(s) failed\n", failures);
    return failures ? 1 : 0;
}
