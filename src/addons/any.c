/* The `any` add-on: a garbage collected reference type holding one value of any type, with the
 * script interface of the reference's scriptany add-on (AngelScript 2.35.1). Registered with the
 * generic convention through the public API.
 *
 * Integers are stored as int64 and floats as double (the store overloads convert them), bools and
 * enums as they are, objects as a copy, handles with one reference. */
#include "angelc.h"
#include "util/mem.h"
#include "angelc_addons.h"
#include "addon_value.h"
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "reload_retype.h"

typedef struct any_obj {
    int refcount;
    bool gcflag;
    as_engine *engine;
    union {
        int64_t i;
        double d;
        void *obj;
    } u;
    int type_id;
} any_obj;

static void any_free_value(any_obj *a)
{
    if (a->type_id & AS_TYPEID_MASK_OBJECT) {
        void *obj = a->u.obj;
        int tid = a->type_id;
        a->u.obj = NULL;
        a->type_id = 0;
        if (obj) as_engine_release_object(a->engine, obj, tid);
    }
}

/* value: the address of the primitive or handle, or the object itself */
static void any_store(any_obj *a, const void *value, int tid)
{
    any_free_value(a);
    a->type_id = tid;
    if (tid & AS_TYPEID_OBJHANDLE) {
        a->u.obj = value ? *(void *const *)value : NULL;
        if (a->u.obj) as_engine_addref_object(a->engine, a->u.obj, tid);
    } else if (tid & AS_TYPEID_MASK_OBJECT) {
        a->u.obj = value ? as_engine_create_object_copy(a->engine, value, tid) : NULL;
    } else {
        a->u.i = 0;
        int n = addon_prim_size(tid);
        if (n && value) memcpy(&a->u, value, (size_t)n);
    }
}

static int32_t low32(const any_obj *a)
{
    int32_t x;
    memcpy(&x, &a->u, 4);
    return x;
}

/* Writes the stored value into *out (of type tid) if it can be had as that type. */
static bool any_retrieve(const any_obj *a, void *out, int tid)
{
    int st = a->type_id;
    as_engine *e = a->engine;
    if (tid & AS_TYPEID_OBJHANDLE) {
        if (!(st & AS_TYPEID_MASK_OBJECT)) return false;
        if ((st & AS_TYPEID_HANDLETOCONST) && !(tid & AS_TYPEID_HANDLETOCONST)) return false;
        return addon_cast_into(e, a->u.obj, st, (void **)out, tid);
    }
    if (tid & AS_TYPEID_MASK_OBJECT) {
        if (st == tid && a->u.obj) {
            as_engine_assign_object(e, out, a->u.obj, tid);
            return true;
        }
        return false;
    }
    if (st == tid) {
        int n = addon_prim_size(tid);
        if (n) memcpy(out, &a->u, (size_t)n);
        return true;
    }
    /* numbers are stored as int64 or double; enums convert to them too (bools do not) */
    if (tid == AS_TYPEID_DOUBLE) {
        double d;
        if (st == AS_TYPEID_INT64) d = (double)a->u.i;
        else if (addon_is_enum(st)) d = (double)low32(a);
        else return false;
        memcpy(out, &d, sizeof d);
        return true;
    }
    if (tid == AS_TYPEID_INT64) {
        int64_t i;
        if (st == AS_TYPEID_DOUBLE) i = (int64_t)a->u.d;
        else if (addon_is_enum(st)) i = low32(a);
        else return false;
        memcpy(out, &i, sizeof i);
        return true;
    }
    if (addon_is_enum(tid) && !(st & AS_TYPEID_MASK_OBJECT)) {
        int32_t i;
        if (st == AS_TYPEID_DOUBLE) i = (int32_t)a->u.d;
        else if (st == AS_TYPEID_INT64) i = (int32_t)a->u.i;
        else if (addon_is_enum(st)) i = low32(a);
        else return false;
        memcpy(out, &i, sizeof i);
        return true;
    }
    return false;
}

/* ======================================================================= behaviours */

static any_obj *self(as_generic *g) { return as_generic_object(g); }

/* A new any; aux is the registered type, for the collector (which keeps a reference of its own). */
static any_obj *any_new(as_generic *g)
{
    any_obj *a = mem_calloc(1, sizeof *a);
    if (!a) {
        addon_raise("Out of memory");
        return NULL;
    }
    a->engine = as_generic_engine(g);
    a->refcount = 1;
    if (as_engine_notify_gc_new_object(a->engine, a, as_generic_auxiliary(g)) < 0) {
        mem_free(a);
        addon_raise("Out of memory");
        return NULL;
    }
    return a;
}

static void any_release(any_obj *a)
{
    a->gcflag = false;
    if (--a->refcount == 0) {
        any_free_value(a);
        mem_free(a);
    }
}

static void f_factory(as_generic *g) { as_generic_set_return_address(g, any_new(g)); }

static void f_factory_var(as_generic *g)
{
    any_obj *a = any_new(g);
    if (a) any_store(a, as_generic_arg_address(g, 0), as_generic_arg_type_id(g, 0, NULL));
    as_generic_set_return_address(g, a);
}

static void f_factory_int(as_generic *g)
{
    any_obj *a = any_new(g);
    if (a) any_store(a, as_generic_arg_address(g, 0), AS_TYPEID_INT64);
    as_generic_set_return_address(g, a);
}

static void f_factory_double(as_generic *g)
{
    any_obj *a = any_new(g);
    if (a) any_store(a, as_generic_arg_address(g, 0), AS_TYPEID_DOUBLE);
    as_generic_set_return_address(g, a);
}

static void f_addref(as_generic *g)
{
    any_obj *a = self(g);
    a->gcflag = false;
    a->refcount++;
}
static void f_release(as_generic *g) { any_release(self(g)); }
static void f_get_refcount(as_generic *g) { as_generic_set_return_dword(g, (uint32_t)self(g)->refcount); }
static void f_set_gcflag(as_generic *g) { self(g)->gcflag = true; }
static void f_get_gcflag(as_generic *g) { as_generic_set_return_byte(g, self(g)->gcflag); }

static void f_enum_refs(as_generic *g)
{
    any_obj *a = self(g);
    as_engine *e = as_generic_arg_address(g, 0);
    if ((a->type_id & AS_TYPEID_MASK_OBJECT) && a->u.obj)
        as_gc_enum_reference(e ? e : a->engine, a->u.obj, as_engine_type_by_id(a->engine, a->type_id));
}

static void f_release_refs(as_generic *g) { any_free_value(self(g)); }

/* ======================================================================= methods */

/* a = b: a copy of b's value (handles shared, objects copied) */
static void m_assign(as_generic *g)
{
    any_obj *a = self(g);
    const any_obj *o = as_generic_arg_object(g, 0);
    if (o && o != a) {
        if (o->type_id & AS_TYPEID_OBJHANDLE) any_store(a, &o->u.obj, o->type_id);
        else if (o->type_id & AS_TYPEID_MASK_OBJECT) any_store(a, o->u.obj, o->type_id);
        else any_store(a, &o->u, o->type_id);
    }
    as_generic_set_return_address(g, a);
}

static void m_store(as_generic *g) { any_store(self(g), as_generic_arg_address(g, 0), as_generic_arg_type_id(g, 0, NULL)); }
static void m_store_int(as_generic *g) { any_store(self(g), as_generic_arg_address(g, 0), AS_TYPEID_INT64); }
static void m_store_double(as_generic *g) { any_store(self(g), as_generic_arg_address(g, 0), AS_TYPEID_DOUBLE); }

static void m_retrieve(as_generic *g)
{
    as_generic_set_return_byte(g, any_retrieve(self(g), as_generic_arg_address(g, 0), as_generic_arg_type_id(g, 0, NULL)));
}
static void m_retrieve_int(as_generic *g) { as_generic_set_return_byte(g, any_retrieve(self(g), as_generic_arg_address(g, 0), AS_TYPEID_INT64)); }
static void m_retrieve_double(as_generic *g) { as_generic_set_return_byte(g, any_retrieve(self(g), as_generic_arg_address(g, 0), AS_TYPEID_DOUBLE)); }

/* ---- hot reload ---- */

/* The mark set on the type, by which a reload knows an `any` of this add-on. */
static const char any_mark;

bool any_reload_is_any(const as_type *t)
{
    return t && as_type_get_user_data(t, (uintptr_t)&any_mark) == &any_mark;
}

void any_reload_retype(void *obj, reload_type_map map, void *ctx)
{
    any_obj *a = obj;
    int tid = a->type_id;
    if (!(tid & AS_TYPEID_MASK_OBJECT) && tid <= AS_TYPEID_DOUBLE) return;   /* a number */
    const int flags = AS_TYPEID_OBJHANDLE | AS_TYPEID_HANDLETOCONST;
    as_type *t = as_engine_type_by_id(a->engine, tid & ~flags);
    as_type *nt = t ? map(ctx, t) : NULL;
    if (nt && nt != t) a->type_id = as_type_id(nt) | (tid & flags);
}

/* ======================================================================= registration */

/* A debugger's text: the type of the value it holds. */
static int debug_text(const void *obj, int type_id, char *buf, size_t size, void *user)
{
    (void)type_id, (void)user;
    const any_obj *a = obj;
    const char *held = a->type_id ? as_engine_type_declaration(a->engine, a->type_id, true) : NULL;
    return snprintf(buf, size, "any (%s)", held ? held : "empty");
}

int as_register_any(as_engine *e)
{
    int r = as_register_object_type(e, "any", 0, AS_OBJ_REF | AS_OBJ_GC);
    if (r < 0) return r;
    as_type *t = as_engine_type_by_name(e, "any");
    as_type_set_user_data(t, (void *)&any_mark, (uintptr_t)&any_mark);
    static const struct {
        as_behaviour beh;
        const char *decl;
        void (*fn)(as_generic *);
    } behaviours[] = {
        {AS_BEHAVE_FACTORY, "any@ f()", f_factory},
        {AS_BEHAVE_FACTORY, "any@ f(?&in) explicit", f_factory_var},
        {AS_BEHAVE_FACTORY, "any@ f(const int64&in) explicit", f_factory_int},
        {AS_BEHAVE_FACTORY, "any@ f(const double&in) explicit", f_factory_double},
        {AS_BEHAVE_ADDREF, "void f()", f_addref},
        {AS_BEHAVE_RELEASE, "void f()", f_release},
        {AS_BEHAVE_GETREFCOUNT, "int f()", f_get_refcount},
        {AS_BEHAVE_SETGCFLAG, "void f()", f_set_gcflag},
        {AS_BEHAVE_GETGCFLAG, "bool f()", f_get_gcflag},
        {AS_BEHAVE_ENUMREFS, "void f(int&in)", f_enum_refs},
        {AS_BEHAVE_RELEASEREFS, "void f(int&in)", f_release_refs},
    };
    for (size_t i = 0; i < sizeof behaviours / sizeof behaviours[0]; i++)
        if ((r = as_register_object_behaviour(e, "any", behaviours[i].beh, behaviours[i].decl, AS_FN(behaviours[i].fn), AS_CALL_GENERIC, t)) < 0) return r;
    static const struct {
        const char *decl;
        void (*fn)(as_generic *);
    } methods[] = {
        {"any &opAssign(any&in)", m_assign},
        {"void store(?&in)", m_store},
        {"void store(const int64&in)", m_store_int},
        {"void store(const double&in)", m_store_double},
        {"bool retrieve(?&out) const", m_retrieve},
        {"bool retrieve(int64&out) const", m_retrieve_int},
        {"bool retrieve(double&out) const", m_retrieve_double},
    };
    for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
        if ((r = as_register_object_method(e, "any", methods[i].decl, AS_FN(methods[i].fn), AS_CALL_GENERIC, NULL)) < 0) return r;
    return as_type_set_debug_text(t, debug_text, NULL);
}
