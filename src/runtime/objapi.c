/* The public type-information and object API: what hosts and add-ons use to work with values of
 * types they only know by type id (containers, dictionaries, any). */
#include "engine.h"
#include "util/mem.h"
#include "object.h"
#include "../vm/vm.h"
#include "../native/native.h"
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool register_parse_signature_in_type(as_engine *e, as_type *t, const char *decl, as_function *out);

/* ======================================================================= type info */

as_type *as_engine_type_by_id(as_engine *e, int type_id)
{
    if (!e) return NULL;
    int id = type_id & ~(AS_TYPEID_OBJHANDLE | AS_TYPEID_HANDLETOCONST);
    if (id >= 0 && id < 12) return &e->prim[id];
    int idx = (id & AS_TYPEID_MASK_SEQNBR) - 12;
    if (idx < 0 || idx >= e->types.count) return NULL;
    return e->types.data[idx];
}

const char *as_type_name(const as_type *t) { return t ? t->name : NULL; }
const char *as_type_namespace(const as_type *t) { return t && t->ns ? t->ns->name : NULL; }
int as_type_id(const as_type *t) { return t ? dtype_type_id(&(as_dtype){(as_type *)t, 0}) : AS_INVALID_ARG; }
uint32_t as_type_flags(const as_type *t)
{
    if (!t) return 0;
    /* template instances (array<int>) report AS_OBJ_TEMPLATE as the reference does; inside the
     * engine the flag marks the template itself */
    return t->flags | (t->kind == TYPE_OBJECT && t->template_base ? AS_OBJ_TEMPLATE : 0);
}
int as_type_size(const as_type *t) { return t ? t->size : 0; }

int as_type_set_size(as_type *t, int size)
{
    if (!t || size <= 0 || !t->template_base || !(t->flags & AS_OBJ_VALUE) || t->engine->tmpl_instance != t)
        return AS_INVALID_ARG;
    t->size = size;
    return AS_SUCCESS;
}

int as_engine_set_template_error(as_engine *e, const char *reason)
{
    if (!e || !reason || !e->tmpl_instance) return AS_INVALID_ARG;
    char *copy = mem_strdup(reason);
    if (!copy) return AS_OUT_OF_MEMORY;
    mem_free(e->tmpl_error);
    e->tmpl_error = copy;
    return AS_SUCCESS;
}
as_engine *as_type_engine(const as_type *t) { return t ? t->engine : NULL; }
int as_type_subtype_count(const as_type *t) { return t ? t->subtypes.count : 0; }

int as_type_subtype_id(const as_type *t, int i)
{
    if (!t || i < 0 || i >= t->subtypes.count) return AS_INVALID_ARG;
    return dtype_type_id(&t->subtypes.data[i]);
}

as_type *as_type_subtype(const as_type *t, int i)
{
    if (!t || i < 0 || i >= t->subtypes.count) return NULL;
    as_type *s = t->subtypes.data[i].type;
    return s->kind == TYPE_PRIMITIVE ? NULL : s;
}

/* The opAssign the compiler writes for a script class is not listed, as in the reference. */
static bool method_listed(const as_function *m) { return !(m->attrs & FA_AUTO); }

int as_type_method_count(const as_type *t)
{
    if (!t) return 0;
    int n = 0;
    for (int i = 0; i < t->methods.count; i++) n += method_listed(t->methods.data[i]);
    return n;
}

as_function *as_type_method_by_index(const as_type *t, int i)
{
    if (!t || i < 0) return NULL;
    for (int k = 0; k < t->methods.count; k++)
        if (method_listed(t->methods.data[k]) && i-- == 0) return t->methods.data[k];
    return NULL;
}

as_function *as_type_method_by_name(const as_type *t, const char *name)
{
    if (!t || !name) return NULL;
    for (const as_type *c = t; c; c = c->base)
        for (int i = 0; i < c->methods.count; i++)
            if (method_listed(c->methods.data[i]) && strcmp(c->methods.data[i]->name, name) == 0) return c->methods.data[i];
    return NULL;
}

/* A script class's factories are its constructors: "D@ D(int)" names D::D(int). */
static bool same_returns(const as_function *m, const as_function *sig)
{
    if ((m->attrs & FA_CONSTRUCTOR) && m->objtype && type_is_script_object(m->objtype))
        return sig->ret.type == m->objtype && (sig->ret.flags & DT_HANDLE);
    return dt_same(&m->ret, &sig->ret);
}

static bool same_signature(const as_function *m, const as_function *sig)
{
    if (m->name != sig->name || m->params.count != sig->params.count || ((m->attrs ^ sig->attrs) & (FA_CONST | FA_TEMPLATE_FN)))
        return false;
    if (!same_returns(m, sig)) return false;
    for (int p = 0; p < m->params.count; p++)
        if (!dt_same(&m->params.data[p].type, &sig->params.data[p].type) || m->params.data[p].inout != sig->params.data[p].inout)
            return false;
    return true;
}

/* Methods (of t and its bases) or factories matching a declaration. */
static as_function *find_by_decl(const as_type *t, const char *decl, bool factories)
{
    if (!t || !decl) return NULL;
    as_function sig;
    memset(&sig, 0, sizeof sig);
    if (!register_parse_signature_in_type(t->engine, (as_type *)t, decl, &sig)) return NULL;
    as_function *found = NULL;
    if (factories) {
        for (int i = 0; i < t->beh.factories.count && !found; i++)
            if (same_signature(t->beh.factories.data[i], &sig)) found = t->beh.factories.data[i];
        /* a script class's factory, which the host may execute, not its constructor */
        if (found && type_is_script_object(t)) found = type_script_factory((as_type *)t, found);
    }
    for (const as_type *c = t; c && !found && !factories; c = c->base)
        for (int i = 0; i < c->methods.count && !found; i++)
            if (method_listed(c->methods.data[i]) && same_signature(c->methods.data[i], &sig)) found = c->methods.data[i];
    VEC_FREE(sig.params);
    function_free_param_slot(sig.param_slot);
    return found;
}

as_function *as_type_method_by_decl(const as_type *t, const char *decl) { return find_by_decl(t, decl, false); }
as_function *as_type_factory_by_decl(const as_type *t, const char *decl) { return find_by_decl(t, decl, true); }

int type_property_total(const as_type *t)
{
    int n = 0;
    for (const as_type *c = t; c; c = c->base) n += c->props.count;
    return n;
}

const as_property *type_property_at(const as_type *t, int i)
{
    if (!t || i < 0) return NULL;
    const as_type *chain[64];
    int depth = 0;
    for (const as_type *c = t; c && depth < 64; c = c->base) chain[depth++] = c;
    while (depth-- > 0) {
        const as_type *c = chain[depth];
        if (i < c->props.count) return &c->props.data[i];
        i -= c->props.count;
    }
    return NULL;
}

int as_type_property_count(const as_type *t) { return t ? type_property_total(t) : 0; }

int as_type_property(const as_type *t, int i, const char **name, int *type_id, int *offset)
{
    const as_property *p = type_property_at(t, i);
    if (!p) return AS_INVALID_ARG;
    if (name) *name = p->name;
    if (type_id) *type_id = dtype_type_id(&p->type);
    if (offset) *offset = p->offset;
    return AS_SUCCESS;
}

const char *as_type_property_declaration(const as_type *t, int i, bool include_namespace)
{
    const as_property *p = type_property_at(t, i);
    if (!p) return NULL;
    char *buf = t->engine->declbuf;
    size_t n = sizeof t->engine->declbuf;
    size_t len = (size_t)snprintf(buf, n, "%s", p->is_private ? "private " : p->is_protected ? "protected " : "");
    if (len < n) dtype_format(&p->type, buf + len, n - len, include_namespace);
    len = strlen(buf);
    if (len < n) snprintf(buf + len, n - len, " %s", p->name);
    return buf;
}

int as_type_property_traits(const as_type *t, int i, bool *is_private, bool *is_protected, bool *is_reference,
                            uint32_t *access_mask)
{
    const as_property *p = type_property_at(t, i);
    if (!p) return AS_INVALID_ARG;
    if (is_private) *is_private = p->is_private;
    if (is_protected) *is_protected = p->is_protected;
    if (is_reference) *is_reference = p->is_indirect;
    if (access_mask) *access_mask = p->masked ? p->access : 0xFFFFFFFFu;
    return AS_SUCCESS;
}

/* ---- behaviours, as asITypeInfo::GetBehaviourByIndex lists them ---- */

typedef struct beh_slot {
    as_behaviour kind;
    size_t offset;      /* of the as_function * in as_behaviours */
} beh_slot;

static const beh_slot single_behaviours[] = {
    {AS_BEHAVE_DESTRUCT, offsetof(as_behaviours, destruct)},
    {AS_BEHAVE_ADDREF, offsetof(as_behaviours, addref)},
    {AS_BEHAVE_RELEASE, offsetof(as_behaviours, release)},
    {AS_BEHAVE_GET_WEAKREF_FLAG, offsetof(as_behaviours, get_weakref_flag)},
    {AS_BEHAVE_TEMPLATE_CALLBACK, offsetof(as_behaviours, template_callback)},
    {AS_BEHAVE_GETREFCOUNT, offsetof(as_behaviours, getrefcount)},
    {AS_BEHAVE_SETGCFLAG, offsetof(as_behaviours, setgcflag)},
    {AS_BEHAVE_GETGCFLAG, offsetof(as_behaviours, getgcflag)},
    {AS_BEHAVE_ENUMREFS, offsetof(as_behaviours, enumrefs)},
    {AS_BEHAVE_RELEASEREFS, offsetof(as_behaviours, releaserefs)},
};

/* Constructors count as behaviours (a reference type's factories are listed by
 * as_type_factory_*), then the list factory or constructor, then the rest. */
static as_function *behaviour_at(const as_type *t, int i, as_behaviour *kind)
{
    if (!t || i < 0) return NULL;
    bool ctors = !type_is_ref_type(t) || type_is_script_object(t);
    int n = ctors ? t->beh.factories.count : 0;
    if (i < n) {
        *kind = AS_BEHAVE_CONSTRUCT;
        return t->beh.factories.data[i];
    }
    i -= n;
    if (t->beh.list_factory && i-- == 0) {
        *kind = type_is_ref_type(t) ? AS_BEHAVE_LIST_FACTORY : AS_BEHAVE_LIST_CONSTRUCT;
        return t->beh.list_factory;
    }
    for (size_t k = 0; k < sizeof single_behaviours / sizeof *single_behaviours; k++) {
        as_function *f = *(as_function *const *)((const char *)&t->beh + single_behaviours[k].offset);
        if (f && i-- == 0) {
            *kind = single_behaviours[k].kind;
            return f;
        }
    }
    return NULL;
}

int as_type_behaviour_count(const as_type *t)
{
    as_behaviour kind;
    int n = 0;
    while (behaviour_at(t, n, &kind)) n++;
    return n;
}

as_function *as_type_behaviour_by_index(const as_type *t, int i, as_behaviour *kind)
{
    as_behaviour k = AS_BEHAVE_MAX;
    as_function *f = behaviour_at(t, i, &k);
    if (kind) *kind = k;
    return f;
}

as_module *as_type_module(const as_type *t) { return t ? t->module : NULL; }
as_type *as_type_parent_type(const as_type *t) { return t ? t->parent_type : NULL; }

int as_type_child_funcdef_count(const as_type *t) { return t ? t->child_funcdefs.count : 0; }

as_type *as_type_child_funcdef(const as_type *t, int i)
{
    if (!t || i < 0 || i >= t->child_funcdefs.count) return NULL;
    return t->child_funcdefs.data[i];
}

as_function *as_type_funcdef_signature(const as_type *t) { return t && t->kind == TYPE_FUNCDEF ? t->signature : NULL; }

int as_type_enum_value_count(const as_type *t) { return t && t->kind == TYPE_ENUM ? t->enum_values.count : 0; }

const char *as_type_enum_value(const as_type *t, int i, int *value)
{
    if (!t || t->kind != TYPE_ENUM || i < 0 || i >= t->enum_values.count) return NULL;
    if (value) *value = (int)t->enum_values.data[i].value;
    return t->enum_values.data[i].name;
}


/* ======================================================================= objects */

static as_type *object_type(as_engine *e, int type_id)
{
    as_type *t = as_engine_type_by_id(e, type_id);
    return t && (t->kind == TYPE_OBJECT || t->kind == TYPE_FUNCDEF) ? t : NULL;
}

void *object_script_create(as_engine *e, as_type *t);          /* runtime/scriptobj.c */
void *object_script_copy(as_engine *e, as_type *t, const void *src);
int object_script_assign(as_engine *e, as_type *t, void *dst, const void *src);

void *as_engine_create_object(as_engine *e, int type_id)
{
    as_type *t = object_type(e, type_id);
    if (!t || (type_id & AS_TYPEID_OBJHANDLE)) return NULL;
    if (t->flags & AS_OBJ_SCRIPT_OBJECT) return object_script_create(e, t);
    if (t->flags & AS_OBJ_VALUE) {
        void *mem = mem_calloc(1, (size_t)(t->size > 0 ? t->size : 1));
        if (!mem) return NULL;
        if (t->beh.default_construct) value_default_construct(e, t, mem);
        else if (!(t->flags & AS_OBJ_POD)) {
            mem_free(mem);
            return NULL;
        }
        return mem;
    }
    as_function *f = t->beh.default_construct;
    if (!f) return NULL;
    if (f->attrs & FA_TEMPLATE_TYPE) {
        as_slot args[2], ret;
        args[0].p = t;
        args[1].u64 = 0;
        ret.p = NULL;
        native_call(as_active_context(), f, args, &ret);
        return ret.p;
    }
    return native_call_factory0(e, f);
}

void *as_engine_create_object_copy(as_engine *e, const void *obj, int type_id)
{
    as_type *t = object_type(e, type_id);
    if (!t || !obj) return NULL;
    if (t->flags & AS_OBJ_SCRIPT_OBJECT) return object_script_copy(e, t, obj);
    if (t->flags & AS_OBJ_VALUE) {
        void *mem = mem_calloc(1, (size_t)(t->size > 0 ? t->size : 1));
        if (!mem) return NULL;
        if (t->beh.copy_construct) {
            native_call_obj_ptr(e, t->beh.copy_construct, mem, (void *)obj);
        } else if (t->beh.default_construct && t->beh.copy_assign) {
            value_default_construct(e, t, mem);
            as_slot args[4], ret;
            memset(args, 0, sizeof args);
            args[t->beh.copy_assign->this_slot].p = mem;
            args[t->beh.copy_assign->param_slot[0]].p = (void *)obj;
            native_call(as_active_context(), t->beh.copy_assign, args, &ret);
        } else if (t->flags & AS_OBJ_POD) {
            memcpy(mem, obj, (size_t)t->size);
        } else {
            mem_free(mem);
            return NULL;
        }
        return mem;
    }
    /* a reference type: a new object assigned from obj */
    void *n = as_engine_create_object(e, type_id);
    if (n && as_engine_assign_object(e, n, obj, type_id) < 0) {
        as_engine_release_object(e, n, type_id);
        return NULL;
    }
    return n;
}

int as_engine_assign_object(as_engine *e, void *dst, const void *src, int type_id)
{
    as_type *t = object_type(e, type_id);
    if (!t || !dst || !src) return AS_INVALID_ARG;
    if (dst == src) return AS_SUCCESS;
    if (t->flags & AS_OBJ_SCRIPT_OBJECT) return object_script_assign(e, t, dst, src);
    if (t->beh.copy_assign) {
        as_slot args[4], ret;
        memset(args, 0, sizeof args);
        args[t->beh.copy_assign->this_slot].p = dst;
        args[t->beh.copy_assign->param_slot[0]].p = (void *)src;
        native_call(as_active_context(), t->beh.copy_assign, args, &ret);
        return AS_SUCCESS;
    }
    if (t->flags & AS_OBJ_POD) {
        memcpy(dst, src, (size_t)t->size);
        return AS_SUCCESS;
    }
    return AS_NOT_SUPPORTED;
}

void as_engine_release_object(as_engine *e, void *obj, int type_id)
{
    as_type *t = object_type(e, type_id);
    if (!t || !obj) return;
    if ((t->flags & AS_OBJ_VALUE) && !(type_id & AS_TYPEID_OBJHANDLE)) {
        vm_destroy_value(e, obj, t);
        mem_free(obj);
        return;
    }
    vm_release_object(e, obj, t);
}

void as_engine_addref_object(as_engine *e, void *obj, int type_id)
{
    as_type *t = object_type(e, type_id);
    if (!t || !obj || ((t->flags & AS_OBJ_VALUE) && !(type_id & AS_TYPEID_OBJHANDLE))) return;
    vm_addref_object(e, obj, t);
}

/* ======================================================================= lookups by text */

#include "../compiler/compiler.h"
#include "../parser/parser.h"

int as_engine_primitive_size(as_engine *e, int type_id)
{
    (void)e;
    static const int sizes[12] = {0, 1, 1, 2, 4, 8, 1, 2, 4, 8, 4, 8};
    if (type_id < 0 || type_id >= 12) return 0;
    return sizes[type_id];
}

as_type *as_engine_type_by_name(as_engine *e, const char *name)
{
    if (!e || !name) return NULL;
    const char *n = engine_intern(e, name, strlen(name));
    for (as_namespace *ns = e->default_ns; ns; ns = ns->parent) {
        as_symbol *s = symtab_find_kind(&e->symbols, ns, n, SYM_TYPE);
        if (s) return ((as_type *)s->ptr)->kind == TYPE_PRIMITIVE ? NULL : s->ptr;
        if (ns == ns->parent) break;
    }
    return NULL;
}

const char *as_engine_type_declaration(as_engine *e, int type_id, bool include_namespace)
{
    if (!e) return NULL;
    as_type *t = as_engine_type_by_id(e, type_id);
    if (!t) return NULL;
    as_dtype d = {t, 0};
    if (type_id & AS_TYPEID_OBJHANDLE) d.flags |= DT_HANDLE;
    if (type_id & AS_TYPEID_HANDLETOCONST) d.flags |= DT_CONST;
    dtype_format(&d, e->declbuf, sizeof e->declbuf, include_namespace);
    return e->declbuf;
}

/* ---- speed: reference counts and elements the VM reads itself ---- */

static int layout_fail(as_engine *e, const char *api, const char *why)
{
    if (e) engine_message(e, "", 0, 0, AS_MSG_ERROR, "%s: %s", api, why);
    return AS_INVALID_ARG;
}

int as_type_set_refcount_offset(as_type *t, size_t offset)
{
    if (!t) return AS_INVALID_ARG;
    if (t->kind != TYPE_OBJECT || !(t->flags & AS_OBJ_REF) || (t->flags & (AS_OBJ_SCOPED | AS_OBJ_NOCOUNT | AS_OBJ_SCRIPT_OBJECT)))
        return layout_fail(t->engine, "as_type_set_refcount_offset", "not a counted reference type");
    if (offset > 0xFFFF - sizeof(int))
        return layout_fail(t->engine, "as_type_set_refcount_offset", "offset too large");
    t->rc_direct = true;
    t->rc_offset = (uint16_t)offset;
    return AS_SUCCESS;
}

int as_type_set_elements(as_type *t, size_t data_offset, size_t length_offset)
{
    if (!t) return AS_INVALID_ARG;
    if (t->kind != TYPE_OBJECT || !(t->flags & AS_OBJ_REF) || (t->flags & AS_OBJ_SCRIPT_OBJECT))
        return layout_fail(t->engine, "as_type_set_elements", "not a registered reference type");
    if (data_offset > 0xFFFF - sizeof(void *) || length_offset > 0xFFFF - sizeof(uint32_t))
        return layout_fail(t->engine, "as_type_set_elements", "offset too large");
    t->elems_direct = true;
    t->elems_data = (uint16_t)data_offset;
    t->elems_len = (uint16_t)length_offset;
    return AS_SUCCESS;
}

int as_function_set_intrinsic(as_function *f, as_intrinsic what)
{
    if (!f) return AS_INVALID_ARG;
    bool ok = f->kind == FN_SYSTEM && f->objtype && f->behaviour < 0;
    const as_type *uint_t = NULL;
    if (ok && what == AS_INTRINSIC_INDEX) {
        uint_t = f->params.count == 1 ? f->params.data[0].type.type : NULL;
        ok = uint_t && uint_t->kind == TYPE_PRIMITIVE && uint_t->prim == AS_TYPEID_UINT32 &&
             !(f->params.data[0].type.flags & DT_REF) && (f->ret.flags & DT_REF);
    } else if (ok && what == AS_INTRINSIC_LENGTH) {
        uint_t = f->ret.type;
        ok = f->params.count == 0 && uint_t && uint_t->kind == TYPE_PRIMITIVE && uint_t->prim == AS_TYPEID_UINT32 &&
             !(f->ret.flags & DT_REF);
    } else if (what != AS_INTRINSIC_NONE) {
        ok = false;
    }
    if (!ok) return layout_fail(f->engine, "as_function_set_intrinsic", "the method's declaration does not have that shape");
    f->intrinsic = (uint8_t)what;
    return AS_SUCCESS;
}
