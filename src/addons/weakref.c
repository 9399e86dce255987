/* The `weakref<T>` and `const_weakref<T>` add-on: value type templates (AS_OBJ_ASHANDLE) that refer
 * to an object without keeping it alive, with the script interface of the reference's weakref
 * add-on (AngelScript 2.35.1). Registered with the generic convention through the public API.
 *
 * A weak reference keeps the object's weak reference flag, which the engine sets when the object
 * is destroyed; get() gives a new handle only while the flag is not set. The flags come from the
 * engine (as_engine_weakref_flag): script classes have them, registered types through their
 * AS_BEHAVE_GET_WEAKREF_FLAG behaviour. */
#include "angelc.h"
#include "angelc_addons.h"
#include "addon_value.h"
#include <stdio.h>
#include <string.h>

typedef struct weak_ref {
    void *ref;
    as_type *type;                  /* the template instance, e.g. weakref<C> */
    as_lockable_shared_bool *flag;
} weak_ref;

static as_type *sub_type(const weak_ref *w) { return as_type_subtype(w->type, 0); }
static int sub_id(const weak_ref *w) { return as_type_id(sub_type(w)) | AS_TYPEID_OBJHANDLE; }
static as_engine *engine_of(const weak_ref *w) { return as_type_engine(w->type); }

/* Refers to obj (no reference is kept). */
static void w_set(weak_ref *w, void *obj)
{
    if (w->flag) as_lockable_shared_bool_release(w->flag);
    w->flag = NULL;
    w->ref = obj;
    if (obj) {
        w->flag = as_engine_weakref_flag(engine_of(w), obj, sub_type(w));
        if (w->flag) as_lockable_shared_bool_addref(w->flag);
        else w->ref = NULL;
    }
}

/* A new handle to the object, or NULL once it is gone. */
static void *w_get(const weak_ref *w)
{
    if (!w->ref || !w->flag) return NULL;
    void *r = NULL;
    as_lockable_shared_bool_lock(w->flag);
    if (!as_lockable_shared_bool_get(w->flag)) {
        as_engine_addref_object(engine_of(w), w->ref, sub_id(w));
        r = w->ref;
    }
    as_lockable_shared_bool_unlock(w->flag);
    return r;
}

static void w_copy(weak_ref *w, const weak_ref *o)
{
    if (w == o || w->ref == o->ref) return;
    /* a const_weakref may take a weakref of the same subtype; other types are refused */
    if (w->type != o->type && sub_type(w) != sub_type(o)) return;
    if (w->flag) as_lockable_shared_bool_release(w->flag);
    w->ref = o->ref;
    w->flag = o->flag;
    if (w->flag) as_lockable_shared_bool_addref(w->flag);
}

static weak_ref *self(as_generic *g) { return as_generic_object(g); }

static void f_construct(as_generic *g)
{
    weak_ref *w = self(g);
    memset(w, 0, sizeof *w);
    w->type = as_generic_arg_address(g, 0);
    as_type_addref(w->type);
}

/* weakref<T>(T@+ obj) */
static void f_construct_ref(as_generic *g)
{
    weak_ref *w = self(g);
    memset(w, 0, sizeof *w);
    w->type = as_generic_arg_address(g, 0);
    as_type_addref(w->type);
    w_set(w, as_generic_arg_address(g, 1));
}

static void f_destruct(as_generic *g)
{
    weak_ref *w = self(g);
    if (w->flag) as_lockable_shared_bool_release(w->flag);
    w->flag = NULL;
    w->ref = NULL;
    as_type_release(w->type);
    w->type = NULL;
}

/* Weak references only to reference types (not handles) with weak reference flags. */
static void f_template_callback(as_generic *g)
{
    as_type *t = as_generic_arg_address(g, 0);
    int tid = as_type_subtype_id(t, 0);
    as_type *sub = as_type_subtype(t, 0);
    bool ok = sub && (as_type_flags(sub) & AS_OBJ_REF) && !(tid & AS_TYPEID_OBJHANDLE);
    if (ok && !(as_type_flags(sub) & AS_OBJ_TEMPLATE_SUBTYPE) && !as_type_supports_weakref(sub)) {
        as_engine_write_message(as_type_engine(t), "weakref", 0, 0, AS_MSG_ERROR, "The subtype doesn't support weak references");
        ok = false;
    }
    as_generic_set_return_byte(g, ok);
}

static void m_get(as_generic *g) { as_generic_set_return_address(g, w_get(self(g))); }

static void m_assign(as_generic *g)
{
    weak_ref *w = self(g);
    w_copy(w, as_generic_arg_object(g, 0));
    as_generic_set_return_address(g, w);
}

/* @w = obj: T@ (not @+), so the reference passed in is ours to give up */
static void m_assign_ref(as_generic *g)
{
    weak_ref *w = self(g);
    void *obj = as_generic_arg_address(g, 0);
    w_set(w, obj);
    if (obj) as_engine_release_object(engine_of(w), obj, sub_id(w));
    as_generic_set_return_address(g, w);
}

static void m_equals(as_generic *g)
{
    const weak_ref *w = self(g), *o = as_generic_arg_object(g, 0);
    /* as in the reference, a const_weakref never equals a weakref (the types differ) */
    as_generic_set_return_byte(g, w->ref == o->ref && w->type == o->type);
}

static void m_equals_ref(as_generic *g) { as_generic_set_return_byte(g, self(g)->ref == as_generic_arg_address(g, 0)); }

typedef struct reg_entry {
    const char *decl;
    void (*fn)(as_generic *);
} reg_entry;

static int register_one(as_engine *e, const char *decl, const char *T, const reg_entry *behs, size_t nbehs,
                        const reg_entry *methods, size_t nmethods)
{
    int r = as_register_object_type(e, decl, (int)sizeof(weak_ref), AS_OBJ_VALUE | AS_OBJ_ASHANDLE | AS_OBJ_TEMPLATE |
                                    AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_DESTRUCTOR | AS_OBJ_APP_CLASS_ASSIGNMENT);
    if (r < 0) return r;
    static const as_behaviour kinds[] = {AS_BEHAVE_CONSTRUCT, AS_BEHAVE_CONSTRUCT, AS_BEHAVE_DESTRUCT, AS_BEHAVE_TEMPLATE_CALLBACK};
    for (size_t i = 0; i < nbehs; i++)
        if ((r = as_register_object_behaviour(e, T, kinds[i], behs[i].decl, AS_FN(behs[i].fn), AS_CALL_GENERIC, NULL)) < 0) return r;
    for (size_t i = 0; i < nmethods; i++)
        if ((r = as_register_object_method(e, T, methods[i].decl, AS_FN(methods[i].fn), AS_CALL_GENERIC, NULL)) < 0) return r;
    return 0;
}

/* A debugger's text: whether the object is still there (its type is the instance's subtype). */
static int debug_text(const void *obj, int type_id, char *buf, size_t size, void *user)
{
    (void)type_id, (void)user;
    const weak_ref *w = obj;
    bool alive = false;
    if (w->ref && w->flag) {
        as_lockable_shared_bool_lock(w->flag);
        alive = !as_lockable_shared_bool_get(w->flag);
        as_lockable_shared_bool_unlock(w->flag);
    }
    return snprintf(buf, size, "%s", !w->ref ? "null" : alive ? "alive" : "gone");
}

int as_register_weakref(as_engine *e)
{
    static const reg_entry wbeh[] = {
        {"void f(int&in)", f_construct},
        {"void f(int&in, T@+) explicit", f_construct_ref},
        {"void f()", f_destruct},
        {"bool f(int&in, bool&out)", f_template_callback},
    };
    static const reg_entry wmethods[] = {
        {"T@ opImplCast()", m_get},
        {"T@ get() const", m_get},
        {"weakref<T> &opHndlAssign(const weakref<T> &in)", m_assign},
        {"weakref<T> &opAssign(const weakref<T> &in)", m_assign},
        {"bool opEquals(const weakref<T> &in) const", m_equals},
        {"weakref<T> &opHndlAssign(T@)", m_assign_ref},
        {"bool opEquals(const T@+) const", m_equals_ref},
    };
    int r = register_one(e, "weakref<class T>", "weakref<T>", wbeh, sizeof wbeh / sizeof wbeh[0], wmethods,
                         sizeof wmethods / sizeof wmethods[0]);
    if (r < 0) return r;
    if ((r = as_type_set_debug_text(as_engine_type_by_name(e, "weakref"), debug_text, NULL)) < 0) return r;
    static const reg_entry cbeh[] = {
        {"void f(int&in)", f_construct},
        {"void f(int&in, const T@+) explicit", f_construct_ref},
        {"void f()", f_destruct},
        {"bool f(int&in, bool&out)", f_template_callback},
    };
    static const reg_entry cmethods[] = {
        {"const T@ opImplCast() const", m_get},
        {"const T@ get() const", m_get},
        {"const_weakref<T> &opHndlAssign(const const_weakref<T> &in)", m_assign},
        {"const_weakref<T> &opAssign(const const_weakref<T> &in)", m_assign},
        {"bool opEquals(const const_weakref<T> &in) const", m_equals},
        {"const_weakref<T> &opHndlAssign(const T@)", m_assign_ref},
        {"bool opEquals(const T@+) const", m_equals_ref},
        {"const_weakref<T> &opHndlAssign(const weakref<T> &in)", m_assign},
        {"bool opEquals(const weakref<T> &in) const", m_equals},
    };
    if ((r = register_one(e, "const_weakref<class T>", "const_weakref<T>", cbeh, sizeof cbeh / sizeof cbeh[0], cmethods,
                        sizeof cmethods / sizeof cmethods[0])) < 0) return r;
    return as_type_set_debug_text(as_engine_type_by_name(e, "const_weakref"), debug_text, NULL);
}
