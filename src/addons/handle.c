/* The `ref` add-on: a generic handle (an AS_OBJ_ASHANDLE value type) that can refer to an object
 * of any reference type, with the script interface of the reference's scripthandle add-on
 * (AngelScript 2.35.1): `@r = obj`, `cast<T>(r)`, `r is obj`. Registered with the generic
 * convention through the public API. */
#include "angelc.h"
#include "angelc_addons.h"
#include "addon_value.h"
#include <stdio.h>
#include <string.h>

typedef struct script_handle {
    void *ref;
    as_type *type;
} script_handle;

/* The type is referenced too: a hot reload moves the object to a new class, and the old one
 * must outlive the handle that names it. */
static void h_release(script_handle *h)
{
    if (h->ref && h->type) {
        as_engine_release_object(as_type_engine(h->type), h->ref, as_type_id(h->type) | AS_TYPEID_OBJHANDLE);
        as_type_release(h->type);
    }
    h->ref = NULL;
    h->type = NULL;
}

static void h_set(script_handle *h, void *ref, as_type *type)
{
    if (h->ref == ref) return;
    h_release(h);
    h->ref = ref;
    h->type = ref ? type : NULL;
    if (h->ref && h->type) {
        as_engine_addref_object(as_type_engine(h->type), h->ref, as_type_id(h->type) | AS_TYPEID_OBJHANDLE);
        as_type_addref(h->type);
    }
}

/* @h = value (a `?` argument: the address of a handle, or an object); own_type is `ref` itself,
 * whose values are copied rather than referred to. */
static void h_assign(script_handle *h, as_engine *e, void *ref, int tid, as_type *own_type)
{
    if (tid == 0 || !ref) {
        h_set(h, NULL, NULL);
        return;
    }
    if (tid & AS_TYPEID_OBJHANDLE) {
        ref = *(void **)ref;
        tid &= ~(AS_TYPEID_OBJHANDLE | AS_TYPEID_HANDLETOCONST);
    }
    as_type *type = as_engine_type_by_id(e, tid);
    if (type && type == own_type) {
        const script_handle *o = ref;
        h_set(h, o->ref, o->type);
        return;
    }
    /* only reference types (function handles among them) can be referred to */
    if (!type || !(as_type_flags(type) & (AS_OBJ_REF | AS_OBJ_FUNCDEF))) {
        h_set(h, NULL, NULL);
        return;
    }
    h_set(h, ref, type);
}

static script_handle *self(as_generic *g) { return as_generic_object(g); }

static void f_construct(as_generic *g) { memset(self(g), 0, sizeof(script_handle)); }

static void f_construct_copy(as_generic *g)
{
    script_handle *h = self(g);
    const script_handle *o = as_generic_arg_object(g, 0);
    memset(h, 0, sizeof *h);
    h_set(h, o->ref, o->type);
}

static void f_construct_var(as_generic *g)
{
    script_handle *h = self(g);
    memset(h, 0, sizeof *h);
    h_assign(h, as_generic_engine(g), as_generic_arg_address(g, 0), as_generic_arg_type_id(g, 0, NULL), as_generic_auxiliary(g));
}

static void f_destruct(as_generic *g) { h_release(self(g)); }

/* cast<T>(h): a handle of type T to the object, or null */
static void m_cast(as_generic *g)
{
    script_handle *h = self(g);
    void **out = as_generic_arg_address(g, 0);
    int tid = as_generic_arg_type_id(g, 0, NULL);
    if (!(tid & AS_TYPEID_OBJHANDLE)) return;   /* cast<T> always asks for a handle */
    addon_cast_into(as_generic_engine(g), h->ref, h->type ? as_type_id(h->type) : 0, out, tid);
}

static void m_assign(as_generic *g)
{
    script_handle *h = self(g);
    const script_handle *o = as_generic_arg_object(g, 0);
    h_set(h, o->ref, o->type);
    as_generic_set_return_address(g, h);
}

static void m_assign_var(as_generic *g)
{
    script_handle *h = self(g);
    h_assign(h, as_generic_engine(g), as_generic_arg_address(g, 0), as_generic_arg_type_id(g, 0, NULL), as_generic_auxiliary(g));
    as_generic_set_return_address(g, h);
}

static void m_equals(as_generic *g)
{
    const script_handle *h = self(g), *o = as_generic_arg_object(g, 0);
    as_generic_set_return_byte(g, h->ref == o->ref && h->type == o->type);
}

static void m_equals_var(as_generic *g)
{
    const script_handle *h = self(g);
    void *ref = as_generic_arg_address(g, 0);
    int tid = as_generic_arg_type_id(g, 0, NULL);
    if (tid == 0) ref = NULL;
    if ((tid & AS_TYPEID_OBJHANDLE) && ref) ref = *(void **)ref;
    as_generic_set_return_byte(g, ref == h->ref);
}

/* A debugger's text: the type of what it refers to, or null. */
static int debug_text(const void *obj, int type_id, char *buf, size_t size, void *user)
{
    (void)type_id, (void)user;
    const script_handle *h = obj;
    if (!h->ref || !h->type) return snprintf(buf, size, "ref (null)");
    const char *ns = as_type_namespace(h->type);
    return snprintf(buf, size, "ref to %s%s%s@", ns && ns[0] ? ns : "", ns && ns[0] ? "::" : "", as_type_name(h->type));
}

int as_register_handle(as_engine *e)
{
    int r = as_register_object_type(e, "ref", (int)sizeof(script_handle), AS_OBJ_VALUE | AS_OBJ_ASHANDLE | AS_OBJ_APP_CLASS_CDAK);
    if (r < 0) return r;
    as_type *t = as_engine_type_by_name(e, "ref");
    static const struct {
        as_behaviour beh;
        const char *decl;
        void (*fn)(as_generic *);
    } behaviours[] = {
        {AS_BEHAVE_CONSTRUCT, "void f()", f_construct},
        {AS_BEHAVE_CONSTRUCT, "void f(const ref &in)", f_construct_copy},
        {AS_BEHAVE_CONSTRUCT, "void f(const ?&in)", f_construct_var},
        {AS_BEHAVE_DESTRUCT, "void f()", f_destruct},
    };
    for (size_t i = 0; i < sizeof behaviours / sizeof behaviours[0]; i++)
        if ((r = as_register_object_behaviour(e, "ref", behaviours[i].beh, behaviours[i].decl, AS_FN(behaviours[i].fn), AS_CALL_GENERIC, t)) < 0) return r;
    static const struct {
        const char *decl;
        void (*fn)(as_generic *);
    } methods[] = {
        {"void opCast(?&out)", m_cast},
        {"ref &opHndlAssign(const ref &in)", m_assign},
        {"ref &opHndlAssign(const ?&in)", m_assign_var},
        {"bool opEquals(const ref &in) const", m_equals},
        {"bool opEquals(const ?&in) const", m_equals_var},
    };
    for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
        if ((r = as_register_object_method(e, "ref", methods[i].decl, AS_FN(methods[i].fn), AS_CALL_GENERIC, t)) < 0) return r;
    return as_type_set_debug_text(t, debug_text, NULL);
}

/* ======================================================================= C access */

void *as_ref_object(const void *ref, as_type **type)
{
    const script_handle *h = ref;
    if (type) *type = h ? h->type : NULL;
    return h ? h->ref : NULL;
}

int as_ref_type_id(const void *ref)
{
    const script_handle *h = ref;
    return h && h->ref && h->type ? as_type_id(h->type) | AS_TYPEID_OBJHANDLE : 0;
}

int as_ref_set(void *ref, void *obj, as_type *type)
{
    script_handle *h = ref;
    if (!h || (obj && (!type || !(as_type_flags(type) & (AS_OBJ_REF | AS_OBJ_FUNCDEF))))) return AS_INVALID_ARG;
    h_set(h, obj, type);
    return AS_SUCCESS;
}
