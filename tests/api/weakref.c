/* Weak references and reference casts through the host API:
 *  - as_lockable_shared_bool: reference counts, get/set, recursive lock, NULL arguments;
 *  - as_type_supports_weakref for script classes, interfaces, funcdefs, value and registered types;
 *  - as_engine_weakref_flag for script objects (made on demand, one flag per object whatever
 *    type it is asked through, set when the last reference goes, outliving the object) and for a
 *    registered type through its AS_BEHAVE_GET_WEAKREF_FLAG behaviour, which also makes
 *    weakref<T> accept the type in scripts; the behaviour's registration checks;
 *  - as_engine_ref_cast_object: same type, base classes and interfaces (implicit and explicit),
 *    the object's own class, funcdefs, script opImplCast, registered opImplCast / opCast / @+
 *    returns / opCast(?&out), null objects and invalid arguments; every successful cast adds
 *    exactly one reference (objects are destroyed exactly when the last one is released).
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

static int errors;
static char first_error[256];
static void on_message(const as_message *m, void *user)
{
    (void)user;
    if (m->type == AS_MSG_ERROR) {
        if (!errors) snprintf(first_error, sizeof first_error, "%s:%d:%d: %s", m->section, m->row, m->col, m->message);
        errors++;
    }
}

static as_engine *new_engine(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e);
    as_engine_set_message_callback(e, on_message, NULL);
    REQUIRE(as_register_string(e) >= 0);
    REQUIRE(as_register_array(e, true) >= 0);
    REQUIRE(as_register_weakref(e) >= 0);
    return e;
}

static as_module *build(as_engine *e, const char *name, const char *src)
{
    as_module *m = as_engine_get_module(e, name, AS_GM_ALWAYS_CREATE);
    REQUIRE(m);
    REQUIRE(as_module_add_section(m, name, src, strlen(src), 0) >= 0);
    errors = 0;
    first_error[0] = 0;
    int r = as_module_build(m);
    if (r < 0) fprintf(stderr, "build of %s failed: %s\n", name, first_error);
    REQUIRE(r >= 0);
    return m;
}

static int *global_int(as_module *m, const char *name)
{
    int i = as_module_global_index_by_name(m, name);
    REQUIRE(i >= 0);
    int *p = as_module_global_address(m, i);
    REQUIRE(p);
    return p;
}

/* ================================================================= the shared bool itself */

static void t_shared_bool(void)
{
    as_lockable_shared_bool *b = as_lockable_shared_bool_create();
    REQUIRE(b);
    CHECK(!as_lockable_shared_bool_get(b));
    as_lockable_shared_bool_set(b, true);
    CHECK(as_lockable_shared_bool_get(b));
    as_lockable_shared_bool_set(b, false);
    CHECK(!as_lockable_shared_bool_get(b));
    CHECK(as_lockable_shared_bool_addref(b) == 2);
    CHECK(as_lockable_shared_bool_addref(b) == 3);
    CHECK(as_lockable_shared_bool_release(b) == 2);
    /* the lock nests on one thread */
    as_lockable_shared_bool_lock(b);
    as_lockable_shared_bool_lock(b);
    as_lockable_shared_bool_set(b, true);
    as_lockable_shared_bool_unlock(b);
    as_lockable_shared_bool_unlock(b);
    CHECK(as_lockable_shared_bool_get(b));
    CHECK(as_lockable_shared_bool_release(b) == 1);
    CHECK(as_lockable_shared_bool_release(b) == 0);   /* freed (ASan would see a leak otherwise) */

    CHECK(as_lockable_shared_bool_addref(NULL) == AS_INVALID_ARG);
    CHECK(as_lockable_shared_bool_release(NULL) == AS_INVALID_ARG);
    CHECK(!as_lockable_shared_bool_get(NULL));
    as_lockable_shared_bool_set(NULL, true);
    as_lockable_shared_bool_lock(NULL);
    as_lockable_shared_bool_unlock(NULL);
}

/* ================================================================= script objects */

static const char *script_src =
    "interface I {}\n"
    "class Base : I {}\n"
    "class Derived : Base { ~Derived() { dtors++; } }\n"
    "class Other {}\n"
    "class Caster { Other@ o = Other(); Other@ opImplCast() { calls++; return o; } ~Caster() { dtors++; } }\n"
    "int dtors, calls;\n"
    "funcdef int F(int);\n"
    "funcdef int G(int);\n"
    "funcdef int H(float);\n"
    "int twice(int x) { return 2 * x; }\n";

static void t_supports(void)
{
    as_engine *e = new_engine();
    REQUIRE(as_register_object_type(e, "plain", 0, AS_OBJ_REF | AS_OBJ_NOCOUNT) > 0);
    as_module *m = build(e, "s", script_src);
    CHECK(as_type_supports_weakref(as_module_type_by_name(m, "Base")));
    CHECK(as_type_supports_weakref(as_module_type_by_name(m, "Derived")));
    CHECK(!as_type_supports_weakref(as_module_type_by_name(m, "I")));
    CHECK(!as_type_supports_weakref(as_module_type_by_name(m, "F")));
    CHECK(!as_type_supports_weakref(as_engine_type_by_name(e, "string")));
    CHECK(!as_type_supports_weakref(as_engine_type_by_decl(e, "array<int>")));
    CHECK(!as_type_supports_weakref(as_engine_type_by_name(e, "plain")));
    CHECK(!as_type_supports_weakref(as_engine_type_by_id(e, AS_TYPEID_INT32)));
    CHECK(!as_type_supports_weakref(NULL));
    /* scripts see the same: weakref<plain> is refused */
    as_module *bad = as_engine_get_module(e, "bad", AS_GM_ALWAYS_CREATE);
    const char *src = "void f() { weakref<plain> w; }\n";
    as_module_add_section(bad, "bad", src, strlen(src), 0);
    errors = 0;
    CHECK(as_module_build(bad) < 0);
    CHECK(strstr(first_error, "The subtype doesn't support weak references") != NULL);
    as_engine_destroy(e);
}

static void t_script_flag(void)
{
    as_engine *e = new_engine();
    as_module *m = build(e, "s", script_src);
    int *dtors = global_int(m, "dtors");
    as_type *derived = as_module_type_by_name(m, "Derived"), *base = as_module_type_by_name(m, "Base");
    as_type *intf = as_module_type_by_name(m, "I");
    void *obj = as_engine_create_object(e, as_type_id(derived));
    REQUIRE(obj);
    as_lockable_shared_bool *flag = as_engine_weakref_flag(e, obj, derived);
    REQUIRE(flag);
    CHECK(as_engine_weakref_flag(e, obj, derived) == flag);   /* made once */
    CHECK(as_engine_weakref_flag(e, obj, base) == flag);      /* the object's, whatever the handle type */
    CHECK(as_engine_weakref_flag(e, obj, intf) == NULL);      /* interfaces have no flags */
    CHECK(as_engine_weakref_flag(e, NULL, derived) == NULL);
    CHECK(!as_lockable_shared_bool_get(flag));
    CHECK(as_lockable_shared_bool_addref(flag) == 2);         /* ours, as a weak reference keeps it */
    /* a second strong reference: the flag stays clear while one is left */
    as_engine_addref_object(e, obj, as_type_id(derived) | AS_TYPEID_OBJHANDLE);
    as_engine_release_object(e, obj, as_type_id(derived) | AS_TYPEID_OBJHANDLE);
    CHECK(!as_lockable_shared_bool_get(flag));
    CHECK(*dtors == 0);
    as_engine_release_object(e, obj, as_type_id(derived) | AS_TYPEID_OBJHANDLE);
    CHECK(*dtors == 1);
    CHECK(as_lockable_shared_bool_get(flag));                 /* dead, and the flag outlives it */
    CHECK(as_lockable_shared_bool_release(flag) == 0);
    /* an object never asked for its flag has none to leak */
    void *o2 = as_engine_create_object(e, as_type_id(base));
    REQUIRE(o2);
    as_engine_release_object(e, o2, as_type_id(base));
    as_engine_destroy(e);
}

/* ================================================================= a registered type with flags */

typedef struct thing {
    int refs;
    as_lockable_shared_bool *flag;
} thing;
static int thing_live, flag_calls;

static thing *thing_factory(void)
{
    thing *t = calloc(1, sizeof *t);
    t->refs = 1;
    thing_live++;
    return t;
}
static void thing_addref(thing *t) { t->refs++; }
static void thing_release(thing *t)
{
    if (t->refs == 1 && t->flag) as_lockable_shared_bool_set(t->flag, true);
    if (--t->refs == 0) {
        if (t->flag) as_lockable_shared_bool_release(t->flag);
        free(t);
        thing_live--;
    }
}
static as_lockable_shared_bool *thing_weakref_flag(thing *t)
{
    flag_calls++;
    if (!t->flag) t->flag = as_lockable_shared_bool_create();
    return t->flag;
}
static void *no_flag(void *obj) { (void)obj; return NULL; }

static void register_thing(as_engine *e)
{
    REQUIRE(as_register_object_type(e, "thing", 0, AS_OBJ_REF) > 0);
    REQUIRE(as_register_object_behaviour(e, "thing", AS_BEHAVE_FACTORY, "thing@ f()", AS_FN(thing_factory), AS_CALL_CDECL, NULL) >= 0);
    REQUIRE(as_register_object_behaviour(e, "thing", AS_BEHAVE_ADDREF, "void f()", AS_FN(thing_addref), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    REQUIRE(as_register_object_behaviour(e, "thing", AS_BEHAVE_RELEASE, "void f()", AS_FN(thing_release), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    REQUIRE(as_register_object_behaviour(e, "thing", AS_BEHAVE_GET_WEAKREF_FLAG, "int &f()", AS_FN(thing_weakref_flag), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
}

static void t_registered_flag(void)
{
    as_engine *e = new_engine();
    register_thing(e);
    as_type *tt = as_engine_type_by_name(e, "thing");
    CHECK(as_type_supports_weakref(tt));
    thing *t = as_engine_create_object(e, as_type_id(tt));
    REQUIRE(t);
    flag_calls = 0;
    as_lockable_shared_bool *flag = as_engine_weakref_flag(e, t, tt);
    CHECK(flag_calls == 1);
    CHECK(flag && flag == t->flag);
    as_engine_release_object(e, t, as_type_id(tt));
    CHECK(thing_live == 0);

    /* weakref<thing> in a script: the behaviour hands out the flag the type sets */
    as_module *m = build(e, "w",
        "bool run() {\n"
        "  thing@ t = thing();\n"
        "  weakref<thing> w(t);\n"
        "  const_weakref<thing> c(t);\n"
        "  bool alive = w.get() is t && c.get() is t;\n"
        "  @t = null;\n"
        "  return alive && w.get() is null && c.get() is null;\n"
        "}\n");
    as_context *ctx = as_context_create(e);
    REQUIRE(ctx);
    REQUIRE(as_context_prepare(ctx, as_module_function_by_name(m, "run")) >= 0);
    flag_calls = 0;
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(as_context_return_byte(ctx) == 1);
    CHECK(flag_calls == 2);
    CHECK(thing_live == 0);
    as_context_destroy(ctx);
    as_engine_destroy(e);
}

static void t_registration(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e);
    as_engine_set_message_callback(e, on_message, NULL);
    REQUIRE(as_register_object_type(e, "R", 0, AS_OBJ_REF | AS_OBJ_NOCOUNT) > 0);
    REQUIRE(as_register_object_type(e, "V", 4, AS_OBJ_VALUE | AS_OBJ_POD) > 0);
    REQUIRE(as_register_object_type(e, "S", 0, AS_OBJ_REF | AS_OBJ_SCOPED) > 0);
    /* the codes the reference engine gives */
    CHECK(as_register_object_behaviour(e, "R", AS_BEHAVE_GET_WEAKREF_FLAG, "int &f(int)", AS_FN(no_flag), AS_CALL_CDECL_OBJFIRST, NULL) == AS_INVALID_DECLARATION);
    CHECK(as_register_object_behaviour(e, "R", AS_BEHAVE_GET_WEAKREF_FLAG, "int f()", AS_FN(no_flag), AS_CALL_CDECL_OBJFIRST, NULL) == AS_INVALID_DECLARATION);
    CHECK(as_register_object_behaviour(e, "V", AS_BEHAVE_GET_WEAKREF_FLAG, "int &f()", AS_FN(no_flag), AS_CALL_CDECL_OBJFIRST, NULL) == AS_ILLEGAL_BEHAVIOUR_FOR_TYPE);
    CHECK(as_register_object_behaviour(e, "S", AS_BEHAVE_GET_WEAKREF_FLAG, "int &f()", AS_FN(no_flag), AS_CALL_CDECL_OBJFIRST, NULL) == AS_ILLEGAL_BEHAVIOUR_FOR_TYPE);
    CHECK(!as_type_supports_weakref(as_engine_type_by_name(e, "R")));
    CHECK(as_register_object_behaviour(e, "R", AS_BEHAVE_GET_WEAKREF_FLAG, "int &f()", AS_FN(no_flag), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_behaviour(e, "R", AS_BEHAVE_GET_WEAKREF_FLAG, "int &f()", AS_FN(no_flag), AS_CALL_CDECL_OBJFIRST, NULL) == AS_ALREADY_REGISTERED);
    CHECK(as_type_supports_weakref(as_engine_type_by_name(e, "R")));
    /* a type whose behaviour gives no flag: weak references can't watch it */
    int dummy;
    CHECK(as_engine_weakref_flag(e, &dummy, as_engine_type_by_name(e, "R")) == NULL);
    as_engine_destroy(e);
}

/* ================================================================= reference casts: script */

static void t_cast_script(void)
{
    as_engine *e = new_engine();
    as_module *m = build(e, "s", script_src);
    int *dtors = global_int(m, "dtors"), *calls = global_int(m, "calls");
    as_type *intf = as_module_type_by_name(m, "I"), *base = as_module_type_by_name(m, "Base");
    as_type *derived = as_module_type_by_name(m, "Derived"), *other = as_module_type_by_name(m, "Other");
    as_type *caster = as_module_type_by_name(m, "Caster");
    int hid = as_type_id(derived) | AS_TYPEID_OBJHANDLE;
    void *obj = as_engine_create_object(e, as_type_id(derived));
    REQUIRE(obj);
    void *out = (void *)1;

    /* up casts, implicit or not */
    CHECK(as_engine_ref_cast_object(e, obj, derived, derived, &out, true) == AS_SUCCESS && out == obj);
    as_engine_release_object(e, out, hid);
    CHECK(as_engine_ref_cast_object(e, obj, derived, base, &out, true) == AS_SUCCESS && out == obj);
    as_engine_release_object(e, out, hid);
    CHECK(as_engine_ref_cast_object(e, obj, derived, intf, &out, true) == AS_SUCCESS && out == obj);
    as_engine_release_object(e, out, hid);
    /* down casts by the object's own class: only explicit */
    CHECK(as_engine_ref_cast_object(e, obj, base, derived, &out, true) == AS_SUCCESS && out == NULL);
    CHECK(as_engine_ref_cast_object(e, obj, base, derived, &out, false) == AS_SUCCESS && out == obj);
    as_engine_release_object(e, out, hid);
    CHECK(as_engine_ref_cast_object(e, obj, intf, derived, &out, false) == AS_SUCCESS && out == obj);
    as_engine_release_object(e, out, hid);
    CHECK(as_engine_ref_cast_object(e, obj, intf, base, &out, false) == AS_SUCCESS && out == obj);
    as_engine_release_object(e, out, hid);
    /* unrelated: no object, still success */
    out = (void *)1;
    CHECK(as_engine_ref_cast_object(e, obj, derived, other, &out, false) == AS_SUCCESS && out == NULL);
    CHECK(*dtors == 0);   /* every cast added the reference that was released */
    as_engine_release_object(e, obj, hid);
    CHECK(*dtors == 1);

    /* a script opImplCast runs (nested in a temporary context here) */
    void *c = as_engine_create_object(e, as_type_id(caster));
    REQUIRE(c);
    *calls = 0;
    CHECK(as_engine_ref_cast_object(e, c, caster, other, &out, true) == AS_SUCCESS && out != NULL);
    CHECK(*calls == 1);
    void *again = NULL;
    CHECK(as_engine_ref_cast_object(e, c, caster, other, &again, true) == AS_SUCCESS && again == out);
    as_engine_release_object(e, again, as_type_id(other) | AS_TYPEID_OBJHANDLE);
    as_engine_release_object(e, c, as_type_id(caster) | AS_TYPEID_OBJHANDLE);
    CHECK(*dtors == 2);
    as_engine_release_object(e, out, as_type_id(other) | AS_TYPEID_OBJHANDLE);   /* ours outlived its owner */

    /* funcdefs: the same signature under another name */
    as_function *fn = as_module_function_by_name(m, "twice");
    as_type *F = as_module_type_by_name(m, "F"), *G = as_module_type_by_name(m, "G"), *H = as_module_type_by_name(m, "H");
    REQUIRE(fn && F && G && H);
    CHECK(as_engine_ref_cast_object(e, fn, F, G, &out, true) == AS_SUCCESS && out == fn);
    as_engine_release_object(e, out, as_type_id(G) | AS_TYPEID_OBJHANDLE);
    CHECK(as_engine_ref_cast_object(e, fn, F, H, &out, false) == AS_SUCCESS && out == NULL);

    /* null objects and invalid arguments */
    out = (void *)1;
    CHECK(as_engine_ref_cast_object(e, NULL, base, derived, &out, false) == AS_SUCCESS && out == NULL);
    CHECK(as_engine_ref_cast_object(e, obj, base, derived, NULL, false) == AS_INVALID_ARG);
    out = (void *)1;
    CHECK(as_engine_ref_cast_object(e, obj, NULL, derived, &out, false) == AS_INVALID_ARG && out == NULL);
    CHECK(as_engine_ref_cast_object(e, obj, as_engine_type_by_id(e, AS_TYPEID_INT32), derived, &out, false) == AS_INVALID_ARG);
    CHECK(as_engine_ref_cast_object(NULL, obj, base, derived, &out, false) == AS_INVALID_ARG);
    as_engine_destroy(e);
}

/* ================================================================= reference casts: registered */

typedef struct target { int refs; } target;
static int target_live;
static target *target_new(void)
{
    target *t = calloc(1, sizeof *t);
    t->refs = 1;
    target_live++;
    return t;
}
static void target_addref(target *t) { t->refs++; }
static void target_release(target *t)
{
    if (--t->refs == 0) {
        free(t);
        target_live--;
    }
}

/* one C type registered as several script types, each with its own kind of cast method */
typedef struct holder { int refs; target *t; } holder;
static holder *holder_new(void)
{
    holder *h = calloc(1, sizeof *h);
    h->refs = 1;
    h->t = target_new();
    return h;
}
static void holder_addref(holder *h) { h->refs++; }
static void holder_release(holder *h)
{
    if (--h->refs == 0) {
        target_release(h->t);
        free(h);
    }
}
static target *holder_get(holder *h) { target_addref(h->t); return h->t; }   /* target@: with a reference */
static target *holder_peek(holder *h) { return h->t; }                      /* target@+: without */
static int target_tid;
static void holder_var_cast(as_generic *g)                                    /* void opCast(?&out) */
{
    holder *h = as_generic_object(g);
    void **out = as_generic_arg_address(g, 0);
    if (as_generic_arg_type_id(g, 0, NULL) == (target_tid | AS_TYPEID_OBJHANDLE)) {
        target_addref(h->t);
        *out = h->t;
    }
}

static void register_holder(as_engine *e, const char *name, const char *decl, as_fnptr fn, as_callconv cc)
{
    char buf[64];
    REQUIRE(as_register_object_type(e, name, 0, AS_OBJ_REF) > 0);
    snprintf(buf, sizeof buf, "%s@ f()", name);
    REQUIRE(as_register_object_behaviour(e, name, AS_BEHAVE_FACTORY, buf, AS_FN(holder_new), AS_CALL_CDECL, NULL) >= 0);
    REQUIRE(as_register_object_behaviour(e, name, AS_BEHAVE_ADDREF, "void f()", AS_FN(holder_addref), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    REQUIRE(as_register_object_behaviour(e, name, AS_BEHAVE_RELEASE, "void f()", AS_FN(holder_release), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    REQUIRE(as_register_object_method(e, name, decl, fn, cc, NULL) >= 0);
}

static void t_cast_registered(void)
{
    as_engine *e = new_engine();
    REQUIRE(as_register_object_type(e, "target", 0, AS_OBJ_REF) > 0);
    REQUIRE(as_register_object_behaviour(e, "target", AS_BEHAVE_FACTORY, "target@ f()", AS_FN(target_new), AS_CALL_CDECL, NULL) >= 0);
    REQUIRE(as_register_object_behaviour(e, "target", AS_BEHAVE_ADDREF, "void f()", AS_FN(target_addref), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    REQUIRE(as_register_object_behaviour(e, "target", AS_BEHAVE_RELEASE, "void f()", AS_FN(target_release), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    register_holder(e, "implicit", "target@ opImplCast()", AS_FN(holder_get), AS_CALL_CDECL_OBJFIRST);
    register_holder(e, "explicit", "target@ opCast()", AS_FN(holder_get), AS_CALL_CDECL_OBJFIRST);
    register_holder(e, "autohandle", "target@+ opImplCast()", AS_FN(holder_peek), AS_CALL_CDECL_OBJFIRST);
    register_holder(e, "varcast", "void opCast(?&out)", AS_FN(holder_var_cast), AS_CALL_GENERIC);
    as_type *tt = as_engine_type_by_name(e, "target");
    target_tid = as_type_id(tt);
    int thid = target_tid | AS_TYPEID_OBJHANDLE;
    static const struct { const char *name; bool implicit_ok; } kinds[] = {
        {"implicit", true}, {"explicit", false}, {"autohandle", true}, {"varcast", false},
    };
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        as_type *ht = as_engine_type_by_name(e, kinds[k].name);
        REQUIRE(ht);
        int hhid = as_type_id(ht) | AS_TYPEID_OBJHANDLE;
        holder *h = as_engine_create_object(e, as_type_id(ht));
        REQUIRE(h);
        void *out = (void *)1;
        CHECK(as_engine_ref_cast_object(e, h, ht, tt, &out, true) == AS_SUCCESS);
        CHECK(out == (kinds[k].implicit_ok ? (void *)h->t : NULL));
        if (out) as_engine_release_object(e, out, thid);
        CHECK(h->t->refs == 1);
        CHECK(as_engine_ref_cast_object(e, h, ht, tt, &out, false) == AS_SUCCESS && out == h->t);
        CHECK(h->t->refs == 2);   /* exactly one reference for us */
        target *kept = out;
        /* no cast to an unrelated type (nor to the holder's own type from the target) */
        void *none = (void *)1;
        CHECK(as_engine_ref_cast_object(e, h, ht, as_engine_type_by_name(e, "string"), &none, false) == AS_SUCCESS && none == NULL);
        CHECK(as_engine_ref_cast_object(e, kept, tt, ht, &none, false) == AS_SUCCESS && none == NULL);
        as_engine_release_object(e, h, hhid);
        CHECK(kept->refs == 1);
        as_engine_release_object(e, kept, thid);
    }
    CHECK(target_live == 0);
    as_engine_destroy(e);
}

int main(void)
{
    group("shared_bool", t_shared_bool);
    group("supports", t_supports);
    group("script_flag", t_script_flag);
    group("registered_flag", t_registered_flag);
    group("registration", t_registration);
    group("cast_script", t_cast_script);
    group("cast_registered", t_cast_registered);
    if (failures) fprintf(stderr, "weakref: %d check(s) failed\n", failures);
    return failures ? 1 : 0;
}
