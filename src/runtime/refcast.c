/* Reference casts of handles the host holds (what containers such as dictionary, any and ref do
 * when a script asks for a stored handle as another type): the object's own type, a funcdef of
 * the same signature, the type's opImplCast / opCast methods, and for script objects their
 * base classes and interfaces. */
#include "object.h"
#include "../vm/vm.h"
#include <string.h>

/* Types the same for a function's signature: a read-only handle (`T@ const`) differs from a
 * handle, as the reference compares them. */
static bool sig_type_same(const as_dtype *a, const as_dtype *b)
{
    return dt_same(a, b) && ((a->flags ^ b->flags) & DT_HANDLE_CONST) == 0;
}

bool function_same_signature(const as_function *a, const as_function *b)
{
    if (!a || !b) return false;
    if (!sig_type_same(&a->ret, &b->ret) || ((a->ret.flags ^ b->ret.flags) & DT_REF)) return false;
    if (a->params.count != b->params.count || ((a->attrs ^ b->attrs) & FA_CONST)) return false;
    for (int i = 0; i < a->params.count; i++)
        if (!sig_type_same(&a->params.data[i].type, &b->params.data[i].type) || a->params.data[i].inout != b->params.data[i].inout)
            return false;
    return true;
}

/* Runs method f on obj with argument slots args (the object's slot is filled in here); the
 * result in *ret. Script methods run nested in the active context (or a temporary one); an
 * exception they raise ends the call and is not passed on. Returns whether the call finished. */
static bool call_method(as_engine *e, as_function *f, void *obj, as_slot *args, as_slot *ret)
{
    ret->p = NULL;
    args[f->this_slot].p = obj;
    if (f->kind == FN_SYSTEM) {
        native_call(as_active_context(), f, args, ret);
        return true;
    }
    if (f->kind == FN_INTERFACE || f->vtable_index >= 0) f = object_resolve_virtual(obj, f);
    if (f->kind != FN_SCRIPT) return false;
    as_context *ctx = as_active_context();
    bool temp = !ctx || ctx->engine != e;
    if (temp) {
        ctx = as_context_create(e);
        if (!ctx) return false;
        vm_push_active(ctx);
    }
    int r = vm_call_script(ctx, f, args, ret);
    if (temp) {
        vm_pop_active(ctx);
        as_context_destroy(ctx);
    }
    if (r != AS_EXECUTION_FINISHED) ret->p = NULL;
    return r == AS_EXECUTION_FINISHED;
}

/* A handle-returning `to@ opImplCast()` / `to@ opCast()`: the result holds one reference. */
static void *call_cast(as_engine *e, as_function *f, void *obj)
{
    as_slot args[4], ret;
    memset(args, 0, sizeof args);
    if (f->nargslots > 4 || !call_method(e, f, obj, args, &ret)) return NULL;
    /* a registered @+ return comes without the reference the caller gets */
    if (ret.p && (f->ret.flags & DT_AUTO_HANDLE)) vm_addref_object(e, ret.p, f->ret.type);
    return ret.p;
}

static bool is_cast_name(const char *name, bool implicit_only)
{
    return strcmp(name, "opImplCast") == 0 || (!implicit_only && strcmp(name, "opCast") == 0);
}

/* `void opCast(?&out)` of a registered type (the ref add-on's). */
static bool is_universal_cast(const as_function *f)
{
    return f->kind == FN_SYSTEM && f->ret.type->kind == TYPE_PRIMITIVE && f->ret.type->prim == AS_TYPEID_VOID &&
           f->params.count == 1 && f->params.data[0].type.type->kind == TYPE_VARTYPE && f->params.data[0].inout == INOUT_OUT;
}

int as_engine_ref_cast_object(as_engine *e, void *obj, as_type *from, as_type *to, void **out, bool implicit_only)
{
    if (!out) return AS_INVALID_ARG;
    *out = NULL;
    if (!e || !from || !to) return AS_INVALID_ARG;
    bool from_fd = from->kind == TYPE_FUNCDEF, to_fd = to->kind == TYPE_FUNCDEF;
    if ((!from_fd && from->kind != TYPE_OBJECT) || (!to_fd && to->kind != TYPE_OBJECT)) return AS_INVALID_ARG;
    if (!obj) return AS_SUCCESS;   /* null casts to anything */
    if (from == to || (from_fd && to_fd && function_same_signature(from->signature, to->signature))) {
        vm_addref_object(e, obj, to);
        *out = obj;
        return AS_SUCCESS;
    }
    if (from_fd || to_fd) return AS_SUCCESS;

    /* cast methods first (the most derived class's), as the reference does */
    as_function *universal = NULL;
    for (as_type *c = from; c; c = c->base) {
        for (int i = 0; i < c->methods.count; i++) {
            as_function *m = c->methods.data[i];
            if (!is_cast_name(m->name, implicit_only)) continue;
            if (m->params.count == 0 && m->ret.type == to && (m->ret.flags & DT_HANDLE) && !(m->ret.flags & DT_REF)) {
                *out = call_cast(e, m, obj);
                return AS_SUCCESS;
            }
            if (!universal && is_universal_cast(m)) universal = m;
        }
    }
    if (universal) {
        /* the method writes the handle (with its reference) into *out */
        as_slot args[4], ret;
        memset(args, 0, sizeof args);
        if (universal->nargslots > 4) return AS_SUCCESS;
        args[universal->param_slot[0]].p = out;
        args[universal->param_slot[0] + 1].i32 = as_type_id(to) | AS_TYPEID_OBJHANDLE;
        call_method(e, universal, obj, args, &ret);
        return AS_SUCCESS;
    }

    /* script objects: up casts by the handle's type; down casts by the object's own class */
    if ((from->flags & AS_OBJ_SCRIPT_OBJECT) && (to->flags & AS_OBJ_SCRIPT_OBJECT)) {
        const as_object *o = obj;
        if (object_is_a(from, to) || (!implicit_only && object_is_a(o->type, to))) {
            vm_addref_object(e, obj, to);
            *out = obj;
        }
    }
    return AS_SUCCESS;
}
