/* Counterparts of reference interface methods that angelc's C API otherwise answers with a more
 * general call (docs/host-api-map.md lists them all): the reference's separate lists of object
 * types, enums and funcdefs over the one list of registered types, and small conveniences a host
 * porting call for call expects. Built on the public API only. */
#include "angelc.h"
#include "function.h"

/* ---- engine: the registered types by kind ---- */

static bool is_enum(const as_type *t) { return (as_type_flags(t) & AS_OBJ_ENUM) != 0; }
static bool is_funcdef(const as_type *t) { return (as_type_flags(t) & AS_OBJ_FUNCDEF) != 0; }
static bool is_object(const as_type *t) { return !is_enum(t) && !is_funcdef(t); }

static int engine_count(as_engine *e, bool (*kind)(const as_type *))
{
    int n = 0;
    for (int i = 0, c = as_engine_type_count(e); i < c; i++) n += kind(as_engine_type_by_index(e, i));
    return n;
}

static as_type *engine_nth(as_engine *e, bool (*kind)(const as_type *), int index)
{
    if (index < 0) return NULL;
    for (int i = 0, c = as_engine_type_count(e); i < c; i++) {
        as_type *t = as_engine_type_by_index(e, i);
        if (kind(t) && index-- == 0) return t;
    }
    return NULL;
}

int as_engine_object_type_count(as_engine *e) { return engine_count(e, is_object); }
as_type *as_engine_object_type_by_index(as_engine *e, int index) { return engine_nth(e, is_object, index); }
int as_engine_enum_count(as_engine *e) { return engine_count(e, is_enum); }
as_type *as_engine_enum_by_index(as_engine *e, int index) { return engine_nth(e, is_enum, index); }
int as_engine_funcdef_count(as_engine *e) { return engine_count(e, is_funcdef); }
as_type *as_engine_funcdef_by_index(as_engine *e, int index) { return engine_nth(e, is_funcdef, index); }

/* ---- module: classes and interfaces, enums ---- */

static bool is_script_class(const as_type *t) { return (as_type_flags(t) & AS_OBJ_SCRIPT_OBJECT) != 0; }

static int module_count(const as_module *m, bool (*kind)(const as_type *))
{
    int n = 0;
    for (int i = 0, c = as_module_type_count(m); i < c; i++) n += kind(as_module_type_by_index(m, i));
    return n;
}

static as_type *module_nth(const as_module *m, bool (*kind)(const as_type *), int index)
{
    if (index < 0) return NULL;
    for (int i = 0, c = as_module_type_count(m); i < c; i++) {
        as_type *t = as_module_type_by_index(m, i);
        if (kind(t) && index-- == 0) return t;
    }
    return NULL;
}

int as_module_object_type_count(const as_module *m) { return module_count(m, is_script_class); }
as_type *as_module_object_type_by_index(const as_module *m, int index) { return module_nth(m, is_script_class, index); }
int as_module_enum_count(const as_module *m) { return module_count(m, is_enum); }
as_type *as_module_enum_by_index(const as_module *m, int index) { return module_nth(m, is_enum, index); }

/* ---- small conveniences ---- */

int as_object_type_id(const void *obj)
{
    as_type *t = obj ? as_object_type(obj) : NULL;
    return t ? as_type_id(t) : AS_INVALID_ARG;
}

as_engine *as_object_engine(const void *obj)
{
    as_type *t = obj ? as_object_type(obj) : NULL;
    return t ? as_type_engine(t) : NULL;
}

const char *as_context_var_name(as_context *ctx, unsigned level, int var)
{
    const char *name = NULL;
    return as_context_var(ctx, level, var, &name, NULL) < 0 ? NULL : name;
}

int as_context_var_type_id(as_context *ctx, unsigned level, int var)
{
    int tid = AS_INVALID_ARG;
    int r = as_context_var(ctx, level, var, NULL, &tid);
    return r < 0 ? r : tid;
}

const char *as_function_script_section_name(const as_function *f)
{
    const char *section = NULL;
    if (!f || as_function_declared_at(f, &section, NULL, NULL) < 0) return NULL;
    return section;
}

bool as_function_is_variadic(const as_function *f) { return f && (f->attrs & FA_VARIADIC) != 0; }

as_engine *as_function_engine(const as_function *f) { return f ? f->engine : NULL; }
