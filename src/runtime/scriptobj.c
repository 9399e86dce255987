/* Script class instances created from the host side (as_engine_create_object and friends, used
 * by containers): the script constructor and opAssign run nested in the active context. */
#include "object.h"
#include "../vm/vm.h"
#include <string.h>

/* Runs script method fn on obj with one pointer argument; true if it finished. */
static bool call_with_ptr(as_engine *e, as_function *fn, void *obj, const void *arg)
{
    as_context *ctx = as_active_context();
    bool temp = !ctx || ctx->engine != e;
    if (temp) {
        ctx = as_context_create(e);
        if (!ctx) return false;
        vm_push_active(ctx);
    }
    as_slot args[8], ret;
    memset(args, 0, sizeof args);
    if (fn->nargslots > 8) return false;
    args[fn->this_slot].p = obj;
    if (fn->params.count) args[fn->param_slot[0]].cp = arg;
    ret.p = NULL;
    int r = vm_call_script(ctx, fn, args, &ret);
    /* a handle the method returns (an opAssign returning T@) is the caller's to release */
    if (r == AS_EXECUTION_FINISHED && ret.p && (fn->ret.flags & DT_HANDLE) && !(fn->ret.flags & DT_REF))
        vm_release_object(e, ret.p, fn->ret.type);
    if (temp) {
        vm_pop_active(ctx);
        as_context_destroy(ctx);
    }
    return r == AS_EXECUTION_FINISHED;
}

void *object_script_create(as_engine *e, as_type *t)
{
    if ((t->flags & (AS_OBJ_ABSTRACT | AS_OBJ_INTERFACE)) || !t->beh.default_construct) return NULL;
    as_object *o = object_new(e, t);
    if (!o) return NULL;
    if (!call_with_ptr(e, t->beh.default_construct, o, NULL)) {
        vm_release_object(e, o, t);
        return NULL;
    }
    return o;
}

void *as_engine_create_uninitialized_object(as_engine *e, const as_type *t)
{
    if (!e || !t || t->engine != e || !type_is_script_object(t) || (t->flags & (AS_OBJ_ABSTRACT | AS_OBJ_INTERFACE))) return NULL;
    return object_new(e, (as_type *)t);
}

int object_script_assign(as_engine *e, as_type *t, void *dst, const void *src)
{
    as_function *assign = t->beh.copy_assign;
    if (!assign) return AS_NOT_SUPPORTED;
    return call_with_ptr(e, assign, dst, src) ? AS_SUCCESS : AS_ERROR;
}

/* The constructor that copies: one parameter of the class's own type by reference, or a handle
 * of it (as the reference takes `T(T@)` for copies too). */
static as_function *copy_ctor(as_type *t)
{
    if (t->beh.copy_construct) return t->beh.copy_construct;
    for (int i = 0; i < t->beh.factories.count; i++) {
        as_function *c = t->beh.factories.data[i];
        if (c->params.count == 1 && c->params.data[0].type.type == t && (c->params.data[0].type.flags & DT_HANDLE) &&
            c->params.data[0].inout == INOUT_NONE && c->kind == FN_SCRIPT)
            return c;
    }
    return NULL;
}

void *object_script_copy(as_engine *e, as_type *t, const void *src)
{
    as_function *cc = (t->flags & (AS_OBJ_ABSTRACT | AS_OBJ_INTERFACE)) ? NULL : copy_ctor(t);
    if (cc) {
        as_object *o = object_new(e, t);
        if (!o) return NULL;
        if (!call_with_ptr(e, cc, o, src)) {
            vm_release_object(e, o, t);
            return NULL;
        }
        return o;
    }
    void *o = object_script_create(e, t);
    if (o && object_script_assign(e, t, o, src) < 0) {
        vm_release_object(e, o, t);
        return NULL;
    }
    return o;
}

/* ======================================================================= introspection */

as_type *as_object_type(const void *obj) { return obj ? ((const as_object *)obj)->type : NULL; }

int as_object_property_count(const void *obj) { return obj ? type_property_total(((const as_object *)obj)->type) : 0; }

/* Property i of the object's class, inherited ones first (as the reference numbers them). */
static const as_property *object_property(const void *obj, int i)
{
    return obj ? type_property_at(((const as_object *)obj)->type, i) : NULL;
}

const char *as_object_property_name(const void *obj, int i)
{
    const as_property *p = object_property(obj, i);
    return p ? p->name : NULL;
}

int as_object_property_type_id(const void *obj, int i)
{
    const as_property *p = object_property(obj, i);
    return p ? dtype_type_id(&p->type) : AS_INVALID_ARG;
}

void *as_object_property_address(void *obj, int i)
{
    const as_property *p = object_property(obj, i);
    if (!p) return NULL;
    char *at = (char *)obj + p->offset;
    /* members of reference types are held by pointer: the address of the object itself */
    return p->is_indirect ? *(void **)at : at;
}
