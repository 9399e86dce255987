/* Listing what the host registered: types (object types, templates, enums, funcdefs), global
 * properties and object behaviours, for tools such as the binding toolkit's API dump. */
#include "engine.h"

static bool is_registered_type(const as_type *t)
{
    return t && !t->module && !t->anonymous && !t->template_base && !t->parent_type &&
           (t->kind == TYPE_OBJECT || t->kind == TYPE_ENUM || t->kind == TYPE_FUNCDEF);
}

int as_engine_type_count(as_engine *e)
{
    if (!e) return 0;
    int n = 0;
    for (int i = 0; i < e->types.count; i++) n += is_registered_type(e->types.data[i]);
    return n;
}

as_type *as_engine_type_by_index(as_engine *e, int index)
{
    if (!e || index < 0) return NULL;
    for (int i = 0; i < e->types.count; i++)
        if (is_registered_type(e->types.data[i]) && index-- == 0) return e->types.data[i];
    return NULL;
}

int as_engine_global_property_count(as_engine *e) { return e ? e->globals.count : 0; }

int as_engine_global_property(as_engine *e, int index, const char **name, const char **ns, int *type_id, bool *is_const, void **address)
{
    if (!e || index < 0 || index >= e->globals.count) return AS_INVALID_ARG;
    as_global *g = e->globals.data[index];
    if (name) *name = g->name;
    if (ns) *ns = g->ns->name;
    if (type_id) *type_id = dtype_type_id(&g->type);
    if (is_const) *is_const = g->is_const;
    if (address) *address = g->addr;
    return AS_SUCCESS;
}

as_type *as_type_base(const as_type *t) { return t ? t->base : NULL; }

int as_engine_default_array_type_id(as_engine *e)
{
    if (!e || !e->default_array) return AS_INVALID_TYPE;
    return dtype_type_id(&(as_dtype){e->default_array, 0});
}

/* Access masks live on the engine's symbols (what registration added under the default mask). */
static uint32_t symbol_access(as_engine *e, as_namespace *ns, const char *name, as_sym_kind kind, const void *ptr)
{
    for (as_symbol *s = symtab_find(&e->symbols, ns, name); s; s = s->next)
        if (s->kind == kind && s->ptr == ptr) return s->masked ? s->access : 0xFFFFFFFFu;
    return 0xFFFFFFFFu;
}

uint32_t as_type_access_mask(const as_type *t)
{
    if (!t || t->module || !t->engine) return 0xFFFFFFFFu;
    return symbol_access(t->engine, t->ns, t->name, SYM_TYPE, t);
}

uint32_t as_engine_global_property_access_mask(as_engine *e, int index)
{
    if (!e || index < 0 || index >= e->globals.count) return 0;
    as_global *g = e->globals.data[index];
    return symbol_access(e, g->ns, g->name, SYM_GLOBAL, g);
}

uint32_t as_engine_typedef_access_mask(as_engine *e, int index)
{
    if (!e || index < 0 || index >= e->typedefs.count) return 0;
    as_typedef_entry *td = &e->typedefs.data[index];
    return symbol_access(e, td->ns, td->name, SYM_TYPE, td->type);
}
