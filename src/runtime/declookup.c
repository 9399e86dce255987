/* Finding types and global variables from declaration text, as the engine (registered names)
 * or a module (its scripts' names too) sees them; the typedef lists. */
#include "engine.h"
#include "../compiler/compiler.h"
#include "../parser/parser.h"
#include <stdio.h>
#include <string.h>

/* Resolves a type declaration ("const string@", "array<D@>") against registered types and, with
 * a module, the module's own. */
static bool decl_dtype_in(as_engine *e, as_module *m, const char *decl, as_dtype *out)
{
    as_compiler c;
    compiler_for_registration(e, &c);
    c.in_registration = m == NULL;
    c.module = m;
    c.diag.report = NULL;
    as_arena scratch;
    arena_init(&scratch);
    mem_cleanup scratch_cleanup;   /* running out of memory unwinds past the arena_free below */
    mem_cleanup_push(&scratch_cleanup, arena_free_cleanup, &scratch);
    as_parse_env env;
    memset(&env, 0, sizeof env);
    env.arena = &scratch;
    env.names = &e->names;
    env.diag = &c.diag;
    env.section = -1;
    env.registration = m == NULL;
    ast_node *tn = parse_type_decl(&env, decl);
    as_namespace *ns = m ? m->default_ns : e->default_ns;
    bool ok = tn && c.diag.errors == 0 && c_resolve_type(&c, tn, ns, NULL, out) && c.diag.errors == 0;
    mem_cleanup_pop(&scratch_cleanup);
    arena_free(&scratch);
    return ok;
}

/* Guarded: running out of memory while parsing the declaration is "no such type". */
static bool decl_dtype(as_engine *e, as_module *m, const char *decl, as_dtype *out)
{
    mem_guard g;
    mem_guard_push(&g, NULL, NULL);
    if (setjmp(g.jb)) return false;
    bool ok = decl_dtype_in(e, m, decl, out);
    mem_guard_end(&g);
    return ok;
}

static int type_id_by_decl(as_engine *e, as_module *m, const char *decl)
{
    as_dtype d;
    if (!decl_dtype(e, m, decl, &d)) return AS_INVALID_TYPE;
    /* a funcdef named without @ is the type itself (its handle is only implied in declarations) */
    if (d.flags & DT_IMPLIED_HANDLE) d.flags &= (uint8_t)~(DT_HANDLE | DT_IMPLIED_HANDLE);
    return dtype_type_id(&d);
}

static as_type *type_by_decl(as_engine *e, as_module *m, const char *decl)
{
    as_dtype d;
    if (!decl_dtype(e, m, decl, &d) || d.type->kind == TYPE_PRIMITIVE) return NULL;
    return d.type;
}

int as_engine_type_id_by_decl(as_engine *e, const char *decl) { return e && decl ? type_id_by_decl(e, NULL, decl) : AS_INVALID_ARG; }
as_type *as_engine_type_by_decl(as_engine *e, const char *decl) { return e && decl ? type_by_decl(e, NULL, decl) : NULL; }
int as_module_type_id_by_decl(as_module *m, const char *decl) { return m && decl ? type_id_by_decl(m->engine, m, decl) : AS_INVALID_ARG; }
as_type *as_module_type_by_decl(as_module *m, const char *decl) { return m && decl ? type_by_decl(m->engine, m, decl) : NULL; }

/* ---- global variables by name and by declaration ---- */

/* A variable's name as written ("x", "ns::x", "::x"): its namespace's full name and its own. */
typedef struct var_name {
    char ns[256];
    const char *name;
} var_name;

static bool split_var_name(const char *full, const as_namespace *dflt, var_name *out)
{
    const char *sep = NULL;
    for (const char *p = strstr(full, "::"); p; p = strstr(p + 2, "::")) sep = p;
    if (!sep) {
        snprintf(out->ns, sizeof out->ns, "%s", dflt->name);
        out->name = full;
        return true;
    }
    size_t n = (size_t)(sep - full);
    if (n >= sizeof out->ns) return false;
    memcpy(out->ns, full, n);
    out->ns[n] = 0;
    out->name = sep + 2;
    return true;
}

static bool global_named(const as_global *g, const var_name *v)
{
    return strcmp(g->name, v->name) == 0 && strcmp(g->ns->name, v->ns) == 0;
}

static int index_by_name(as_global *const *globals, int count, const as_namespace *dflt, const char *name)
{
    var_name v;
    if (!split_var_name(name, dflt, &v)) return AS_NO_GLOBAL_VAR;
    for (int i = 0; i < count; i++)
        if (global_named(globals[i], &v)) return i;
    return AS_NO_GLOBAL_VAR;
}

static bool ident_char(char c) { return c == '_' || c == ':' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

/* "const int ns::x": the type must match exactly, constness included (as the reference). */
static int index_by_decl(as_engine *e, as_module *m, as_global *const *globals, int count, const as_namespace *dflt,
                         const char *decl)
{
    size_t len = strlen(decl);
    while (len && (decl[len - 1] == ' ' || decl[len - 1] == '\t')) len--;
    size_t start = len;
    while (start && ident_char(decl[start - 1])) start--;
    char type[256], name[256];
    if (start == 0 || start == len || start >= sizeof type || len - start >= sizeof name) return AS_INVALID_DECLARATION;
    memcpy(type, decl, start);
    type[start] = 0;
    memcpy(name, decl + start, len - start);
    name[len - start] = 0;
    const char *last = strrchr(name, ':');
    last = last ? last + 1 : name;
    if (!*last || parse_is_keyword(last, strlen(last))) return AS_INVALID_DECLARATION;
    as_dtype d;
    if (!decl_dtype(e, m, type, &d)) return AS_INVALID_DECLARATION;
    bool is_const = (d.flags & DT_CONST) != 0;
    d.flags &= (uint8_t)~DT_CONST;
    var_name v;
    if (!split_var_name(name, dflt, &v)) return AS_NO_GLOBAL_VAR;
    for (int i = 0; i < count; i++) {
        const as_global *g = globals[i];
        as_dtype gt = g->type;
        gt.flags &= (uint8_t)~DT_CONST;
        if (global_named(g, &v) && g->is_const == is_const && dt_same(&gt, &d)) return i;
    }
    return AS_NO_GLOBAL_VAR;
}

int as_engine_global_property_index_by_name(as_engine *e, const char *name)
{
    return e && name ? index_by_name(e->globals.data, e->globals.count, e->default_ns, name) : AS_INVALID_ARG;
}

int as_engine_global_property_index_by_decl(as_engine *e, const char *decl)
{
    return e && decl ? index_by_decl(e, NULL, e->globals.data, e->globals.count, e->default_ns, decl) : AS_INVALID_ARG;
}

int as_module_global_index_by_decl(as_module *m, const char *decl)
{
    return m && decl ? index_by_decl(m->engine, m, m->globals.data, m->globals.count, m->default_ns, decl) : AS_INVALID_ARG;
}

/* ---- typedefs ---- */

static int typedef_at(const as_typedef_entry *list, int count, int index, const char **name, const char **ns, int *type_id)
{
    if (index < 0 || index >= count) return AS_INVALID_ARG;
    const as_typedef_entry *t = &list[index];
    if (name) *name = t->name;
    if (ns) *ns = t->ns->name;
    if (type_id) *type_id = t->type->type_id;
    return AS_SUCCESS;
}

int as_engine_typedef_count(as_engine *e) { return e ? e->typedefs.count : 0; }
int as_engine_typedef(as_engine *e, int index, const char **name, const char **ns, int *type_id)
{
    return e ? typedef_at(e->typedefs.data, e->typedefs.count, index, name, ns, type_id) : AS_INVALID_ARG;
}
int as_module_typedef_count(const as_module *m) { return m ? m->typedefs.count : 0; }
int as_module_typedef(const as_module *m, int index, const char **name, const char **ns, int *type_id)
{
    return m ? typedef_at(m->typedefs.data, m->typedefs.count, index, name, ns, type_id) : AS_INVALID_ARG;
}
