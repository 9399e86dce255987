/* Debugger inspection of a context: the local variables and `this` of each script frame. */
#include "vm.h"
#include <stdio.h>

static as_callinfo *frame_at(as_context *ctx, unsigned level)
{
    if (!ctx || level >= ctx->ncalls) return NULL;
    as_callinfo *ci = &ctx->calls[ctx->ncalls - 1 - level];
    return ci->fn->kind == FN_SCRIPT ? ci : NULL;
}

static const as_varinfo *var_at(as_context *ctx, unsigned level, int var, as_callinfo **ci)
{
    *ci = frame_at(ctx, level);
    if (!*ci || var < 0 || (uint32_t)var >= (*ci)->fn->bc.nvars) return NULL;
    return &(*ci)->fn->bc.vars[var];
}

int as_context_var_count(as_context *ctx, unsigned level)
{
    as_callinfo *ci = frame_at(ctx, level);
    return ci ? (int)ci->fn->bc.nvars : AS_INVALID_ARG;
}

int as_context_var(as_context *ctx, unsigned level, int var, const char **name, int *type_id)
{
    as_callinfo *ci;
    const as_varinfo *v = var_at(ctx, level, var, &ci);
    if (!v) return AS_INVALID_ARG;
    if (name) *name = v->name;
    if (type_id) *type_id = dtype_type_id(&v->type);
    return AS_SUCCESS;
}

const char *as_context_var_declaration(as_context *ctx, unsigned level, int var)
{
    as_callinfo *ci = frame_at(ctx, level);
    return ci ? function_var_declaration(ci->fn, var) : NULL;
}

static uint32_t frame_pc(const as_callinfo *ci)
{
    return ci->pc ? (uint32_t)(ci->pc - ci->fn->bc.code) : 0;
}

bool as_context_is_var_in_scope(as_context *ctx, unsigned level, int var)
{
    as_callinfo *ci;
    const as_varinfo *v = var_at(ctx, level, var, &ci);
    if (!v) return false;
    uint32_t pc = frame_pc(ci);
    return pc >= v->start && pc < v->end;
}

void *as_context_address_of_var_ex(as_context *ctx, unsigned level, int var, bool dont_dereference, bool uninitialized_too)
{
    as_callinfo *ci;
    const as_varinfo *v = var_at(ctx, level, var, &ci);
    if (!v || (!uninitialized_too && !as_context_is_var_in_scope(ctx, level, var))) return NULL;
    as_slot *s = &ci->fp[v->slot];
    if (dont_dereference) return s;
    if (v->is_ref) return s->p;
    const as_type *t = v->type.type;
    /* reference-type objects live on the heap: the slot holds the pointer */
    if (!(v->type.flags & DT_HANDLE) && type_is_ref_type(t)) return s->p;
    return s;
}

void *as_context_address_of_var(as_context *ctx, unsigned level, int var)
{
    return as_context_address_of_var_ex(ctx, level, var, false, false);
}

void *as_context_this_pointer(as_context *ctx, unsigned level)
{
    as_callinfo *ci = frame_at(ctx, level);
    if (!ci || !ci->fn->objtype) return NULL;
    return ci->fp[ci->fn->this_slot].p;
}

int as_context_this_type_id(as_context *ctx, unsigned level)
{
    as_callinfo *ci = frame_at(ctx, level);
    if (!ci || !ci->fn->objtype) return 0;
    return dtype_type_id(&(as_dtype){ci->fn->objtype, 0});
}
