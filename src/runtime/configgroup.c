/* Configuration groups: parts of the registered interface that can be removed again (a
 * plug-in's types, functions and properties). Methods, behaviours and properties of a type
 * belong to the type's group. A group is in use, and can't be removed, while a built module
 * exists or anything registered outside the group refers to one of its types. */
#include "engine.h"
#include "util/mem.h"
#include <stdlib.h>
#include <string.h>

struct as_config_group {
    char *name;
    VEC(as_type *) types;
    VEC(as_function *) funcs;
    VEC(as_global *) globals;
};

static as_config_group *find_group(as_engine *e, const char *name)
{
    for (int i = 0; i < e->groups.count; i++)
        if (strcmp(e->groups.data[i]->name, name) == 0) return e->groups.data[i];
    return NULL;
}

int as_engine_begin_config_group(as_engine *e, const char *name)
{
    if (!e || !name) return AS_INVALID_ARG;
    if (e->cur_group) return AS_NOT_SUPPORTED;      /* groups don't nest */
    if (find_group(e, name)) return AS_NAME_TAKEN;
    as_config_group *g = mem_calloc(1, sizeof *g);
    if (!g) return AS_OUT_OF_MEMORY;
    g->name = mem_strdup(name);
    if (!g->name) { mem_free(g); return AS_OUT_OF_MEMORY; }
    VEC_PUSH(e->groups, g);
    e->cur_group = g;
    return AS_SUCCESS;
}

int as_engine_end_config_group(as_engine *e)
{
    if (!e) return AS_INVALID_ARG;
    if (!e->cur_group) return AS_NOT_SUPPORTED;
    e->cur_group = NULL;
    return AS_SUCCESS;
}

void config_group_note_type(as_engine *e, as_type *t) { if (e->cur_group && !e->building) VEC_PUSH(e->cur_group->types, t); }
void config_group_note_function(as_engine *e, as_function *f)
{
    /* methods and behaviours go with their type */
    if (e->cur_group && !e->building && !f->objtype) VEC_PUSH(e->cur_group->funcs, f);
}
void config_group_note_global(as_engine *e, as_global *g) { if (e->cur_group && !e->building) VEC_PUSH(e->cur_group->globals, g); }

/* ---- what is in the group ---- */

static bool in_types(const as_config_group *g, const as_type *t)
{
    for (; t; t = t->template_base) {
        for (int i = 0; i < g->types.count; i++)
            if (g->types.data[i] == t) return true;
        if (t->parent_type && in_types(g, t->parent_type)) return true;
    }
    return false;
}

static bool dtype_uses(const as_config_group *g, const as_dtype *d)
{
    if (!d->type) return false;
    if (in_types(g, d->type)) return true;
    for (int i = 0; i < d->type->subtypes.count; i++)
        if (dtype_uses(g, &d->type->subtypes.data[i])) return true;
    return false;
}

static bool function_uses(const as_config_group *g, const as_function *f)
{
    if (dtype_uses(g, &f->ret)) return true;
    for (int i = 0; i < f->params.count; i++)
        if (dtype_uses(g, &f->params.data[i].type)) return true;
    return false;
}

static bool in_funcs(const as_config_group *g, const as_function *f)
{
    for (int i = 0; i < g->funcs.count; i++)
        if (g->funcs.data[i] == f) return true;
    return false;
}

/* Belongs to the group: its own functions, whatever its types own, and the instances of its
 * template functions. */
static bool owned(const as_config_group *g, const as_function *f)
{
    if (f->tf_template) return owned(g, f->tf_template);
    return in_funcs(g, f) || (f->objtype && in_types(g, f->objtype));
}

/* GetConfigGroup of functions and types: the name of the group that registered them, NULL
 * for the default group and for script entities. */
const char *as_function_config_group(const as_function *f)
{
    if (!f || f->kind != FN_SYSTEM) return NULL;
    for (int i = 0; i < f->engine->groups.count; i++)
        if (owned(f->engine->groups.data[i], f)) return f->engine->groups.data[i]->name;
    return NULL;
}

const char *as_type_config_group(const as_type *t)
{
    if (!t || t->module) return NULL;
    for (int i = 0; i < t->engine->groups.count; i++)
        if (in_types(t->engine->groups.data[i], t)) return t->engine->groups.data[i]->name;
    return NULL;
}

static bool group_in_use(as_engine *e, const as_config_group *g)
{
    for (int i = 0; i < e->modules.count; i++)
        if (e->modules.data[i]->built) return true;
    for (int i = 0; i < e->funcs.count; i++) {
        as_function *f = e->funcs.data[i];
        /* an instance of another group's template function made of its types goes with it */
        if (f && f->kind == FN_SYSTEM && !owned(g, f) && !f->tf_template && function_uses(g, f)) return true;
    }
    for (int i = 0; i < e->globals.count; i++) {
        as_global *gl = e->globals.data[i];
        bool mine = false;
        for (int k = 0; k < g->globals.count && !mine; k++) mine = g->globals.data[k] == gl;
        if (!mine && dtype_uses(g, &gl->type)) return true;
    }
    for (int i = 0; i < e->types.count; i++) {
        as_type *t = e->types.data[i];
        if (!t || in_types(g, t) || t->module) continue;
        for (int k = 0; k < t->props.count; k++)
            if (dtype_uses(g, &t->props.data[k].type)) return true;
    }
    return false;
}

/* ---- removal ---- */

static void drop_function(as_engine *e, as_function *f)
{
    symtab_remove_ptr(&e->symbols, f);
    for (int i = 0; i < e->global_funcs.count; i++)
        if (e->global_funcs.data[i] == f) {
            memmove(&e->global_funcs.data[i], &e->global_funcs.data[i + 1], sizeof(as_function *) * (size_t)(e->global_funcs.count - i - 1));
            e->global_funcs.count--;
            break;
        }
    engine_free_function(e, f);
}

int as_engine_remove_config_group(as_engine *e, const char *name)
{
    if (!e || !name) return AS_INVALID_ARG;
    as_config_group *g = find_group(e, name);
    if (!g) return AS_INVALID_ARG;
    if (e->cur_group == g) return AS_NOT_SUPPORTED;
    if (group_in_use(e, g)) return AS_CONFIG_GROUP_IS_IN_USE;
    /* functions first (their types' methods and behaviours too), then globals, then types */
    for (int i = 0; i < e->funcs.count; i++) {
        /* instances of template functions first: they are told by their template */
        as_function *f = e->funcs.data[i];
        if (f && f->tf_template && (owned(g, f) || function_uses(g, f))) drop_function(e, f);
    }
    for (int i = 0; i < e->funcs.count; i++) {
        as_function *f = e->funcs.data[i];
        if (f && owned(g, f)) drop_function(e, f);
    }
    for (int k = 0; k < g->globals.count; k++) {
        as_global *gl = g->globals.data[k];
        symtab_remove_ptr(&e->symbols, gl);
        for (int i = 0; i < e->globals.count; i++)
            if (e->globals.data[i] == gl) {
                memmove(&e->globals.data[i], &e->globals.data[i + 1], sizeof(as_global *) * (size_t)(e->globals.count - i - 1));
                e->globals.count--;
                break;
            }
        mem_free(gl);
    }
    for (int i = 0; i < e->types.count; i++) {
        as_type *t = e->types.data[i];
        if (!t || !in_types(g, t)) continue;
        symtab_remove_ptr(&e->symbols, t);   /* the type's name and its enum values */
        if (e->string_type == t) {
            e->string_type = NULL;
            e->has_string_factory = false;
        }
        if (e->default_array == t) e->default_array = NULL;
        engine_free_type(e, t);
    }
    for (int i = 0; i < e->groups.count; i++)
        if (e->groups.data[i] == g) {
            e->groups.data[i] = e->groups.data[--e->groups.count];
            break;
        }
    config_group_free(g);
    return AS_SUCCESS;
}

void config_group_free(as_config_group *g)
{
    if (!g) return;
    VEC_FREE(g->types);
    VEC_FREE(g->funcs);
    VEC_FREE(g->globals);
    mem_free(g->name);
    mem_free(g);
}

/* An entity freed while still listed (a registration that failed after creating it). */
void config_group_forget(as_engine *e, void *ptr)
{
    for (int i = 0; i < e->groups.count; i++) {
        as_config_group *g = e->groups.data[i];
        for (int k = 0; k < g->types.count; k++)
            if ((void *)g->types.data[k] == ptr) g->types.data[k--] = g->types.data[--g->types.count];
        for (int k = 0; k < g->funcs.count; k++)
            if ((void *)g->funcs.data[k] == ptr) g->funcs.data[k--] = g->funcs.data[--g->funcs.count];
    }
}
