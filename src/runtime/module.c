/* Modules: sections of source, the result of a build, lookup of functions and globals. */
#include "engine.h"
#include "util/mem.h"
#include "../vm/vm.h"
#include "../compiler/compiler.h"
#include "../compiler/ev.h"
#include "../parser/parser.h"
#include "gc.h"
#include <stdlib.h>
#include <string.h>

int module_run_global_inits(as_module *m, as_context *ctx);

static as_module *module_new(as_engine *e, const char *name)
{
    VEC_RESERVE(e->modules, e->modules.count + 1);   /* room first: a module not listed would be lost */
    as_module *m = e->modules.count < e->modules.cap ? mem_calloc(1, sizeof *m) : NULL;
    if (!m) return NULL;
    m->engine = e;
    m->name = engine_intern(e, name, strlen(name));
    arena_init(&m->arena);
    symtab_init(&m->symbols);
    m->default_ns = e->global_ns;
    m->access_mask = 1;
    VEC_PUSH(e->modules, m);
    return m;
}

/* Releases the objects held by the module's globals. */
/* Drops what the globals hold; inline value objects are destroyed only when destroy_values
 * (the second pass after the collection releases what destructors stored again). */
static void release_globals(as_module *m, bool destroy_values)
{
    as_engine *e = m->engine;
    for (int i = m->globals.count; i-- > 0;) {
        as_global *g = m->globals.data[i];
        as_dtype *t = &g->type;
        if (t->type->kind == TYPE_OBJECT || t->type->kind == TYPE_FUNCDEF) {
            bool inline_value = (t->type->flags & AS_OBJ_VALUE) && !(t->flags & DT_HANDLE);
            if (inline_value) {
                if (destroy_values && (m->globals_initialised || g->init_state == 2)) vm_destroy_value(e, g->addr, t->type);
            } else {
                void *obj = *(void **)g->addr;
                *(void **)g->addr = NULL;
                if (obj) vm_release_object(e, obj, t->type);
            }
        }
    }
}

void reload_free_retired(as_module *m, bool all);

void module_clear(as_module *m)
{
    as_engine *e = m->engine;
    reload_free_retired(m, true);   /* contexts running them were unprepared before */
    mem_free(m->kept_pending);
    m->kept_pending = NULL;
    m->kept_pending_count = 0;
    mem_free(m->kept_usings);
    m->kept_usings = NULL;
    m->kept_usings_count = 0;
    /* removed globals were only unnamed: their values and storage go with the rest */
    for (int i = 0; i < m->removed_globals.count; i++) VEC_PUSH(m->globals, m->removed_globals.data[i]);
    VEC_FREE(m->removed_globals);
    if (m->built || m->globals.count) release_globals(m, true);
    /* objects of this module's classes may outlive it (held by the host, or in cycles the next
     * collection finds): its functions and types stay with the engine until it is destroyed.
     * The collection runs before the globals' storage goes: destructors may still touch them */
    if (m->built) gc_collect(e);
    if (m->built || m->globals.count) release_globals(m, false);
    /* the module's code stays until nothing uses it (reclaim.c); what reads the globals, whose
     * storage goes now, is made to raise an exception instead */
    imports_forget_module(m);
    remains_collect(e, m);
    for (int i = 0; i < m->globals.count; i++) {
        mem_free(m->globals.data[i]->addr);
        mem_free(m->globals.data[i]);
    }
    VEC_FREE(m->globals);
    VEC_FREE(m->init_order);
    if (e->has_string_factory && e->string_factory.release_constant) {
        for (int i = 0; i < m->string_consts.count; i++)
            e->string_factory.release_constant(e->string_factory.user, m->string_consts.data[i]);
    }
    VEC_FREE(m->string_consts);
    VEC_FREE(m->imports);
    VEC_FREE(m->all_functions);
    VEC_FREE(m->functions);
    for (int i = 0; i < m->types.count; i++)
        if (m->types.data[i]->module == m) m->types.data[i]->module = NULL;   /* shared ones may have passed on */
    VEC_FREE(m->types);
    VEC_FREE(m->typedefs);
    symtab_free(&m->symbols);
    symtab_init(&m->symbols);
    arena_free(&m->arena);
    arena_init(&m->arena);
    m->built = false;
    m->globals_initialised = false;
}

void module_free(as_module *m)
{
    module_clear(m);
    for (int i = 0; i < m->sections.count; i++) mem_free(m->sections.data[i].code);
    VEC_FREE(m->sections);
    userdata_cleanup(m->engine, AS_UD_MODULE, m, &m->user_data);
    arena_free(&m->arena);
    mem_free(m);
}

as_module *as_engine_get_module(as_engine *e, const char *name, as_getmodule flag)
{
    if (!e) return NULL;
    if (!name) name = "";
    const char *iname = engine_intern(e, name, strlen(name));
    for (int i = 0; i < e->modules.count; i++) {
        as_module *m = e->modules.data[i];
        if (m->name != iname) continue;
        if (flag == AS_GM_ALWAYS_CREATE) {
            as_engine_discard_module(e, name);
            break;
        }
        return m;
    }
    if (flag == AS_GM_ONLY_IF_EXISTS) return NULL;
    return module_new(e, name);
}

int as_engine_discard_module(as_engine *e, const char *name)
{
    if (!e || !name) return AS_INVALID_ARG;
    const char *iname = engine_intern(e, name, strlen(name));
    for (int i = 0; i < e->modules.count; i++) {
        as_module *m = e->modules.data[i];
        if (m->name == iname) {
            memmove(&e->modules.data[i], &e->modules.data[i + 1], (size_t)(e->modules.count - i - 1) * sizeof(as_module *));
            e->modules.count--;
            if (e->busy) {
                /* code may be running it, or a build using it: it goes when the engine is idle */
                VEC_PUSH(e->zombie_modules, m);
            } else {
                contexts_forget_module(e, m);
                module_free(m);
                engine_reclaim(e);
            }
            return AS_SUCCESS;
        }
    }
    return AS_NO_MODULE;
}

int as_engine_module_count(as_engine *e) { return e ? e->modules.count : 0; }

as_module *as_engine_module_by_index(as_engine *e, int index)
{
    if (!e || index < 0 || index >= e->modules.count) return NULL;
    return e->modules.data[index];
}

void as_module_discard(as_module *m)
{
    if (m) as_engine_discard_module(m->engine, m->name);
}

int as_module_add_section(as_module *m, const char *name, const char *code, size_t len, int line_offset)
{
    if (!m || !code) return AS_INVALID_ARG;
    as_section s;
    s.name = engine_intern(m->engine, name ? name : "", name ? strlen(name) : 0);
    VEC_RESERVE(m->sections, m->sections.count + 1);   /* room first: a dropped section would leak its code */
    s.code = m->sections.count < m->sections.cap && s.name ? mem_alloc(len + 1) : NULL;
    if (!s.code) return AS_OUT_OF_MEMORY;
    memcpy(s.code, code, len);
    s.code[len] = 0;
    s.len = len;
    s.line_offset = line_offset;
    VEC_PUSH(m->sections, s);
    return AS_SUCCESS;
}

int as_module_build(as_module *m)
{
    if (!m) return AS_INVALID_ARG;
    as_engine *e = m->engine;
    if (e->building) return AS_BUILD_IN_PROGRESS;
    /* the build replaces the module's code: not while it runs (a host function rebuilding it) */
    if (contexts_running_module(e, m)) return AS_MODULE_IS_IN_USE;
    void *entered = engine_enter(e);
    int r = engine_verify_config(e);
    if (r == AS_SUCCESS) {
        contexts_forget_module(e, m);   /* prepared or suspended in the old code: unprepared */
        r = compiler_build(m);
    }
    /* sections are consumed by a build, as in the reference */
    for (int i = 0; i < m->sections.count; i++) mem_free(m->sections.data[i].code);
    m->sections.count = m->sections.count; /* names stay for messages and debug info */
    for (int i = 0; i < m->sections.count; i++) {
        m->sections.data[i].code = NULL;
        m->sections.data[i].len = 0;
    }
    engine_leave(e, entered);
    return r;
}

int as_module_reset_globals(as_module *m, as_context *ctx)
{
    if (!m || !m->built) return AS_ERROR;
    as_engine *e = m->engine;
    void *entered = engine_enter(e);
    int r = module_run_global_inits(m, ctx);
    engine_leave(e, entered);
    return r;
}

const char *as_module_name(const as_module *m) { return m ? m->name : NULL; }

int as_module_set_name(as_module *m, const char *name)
{
    if (!m || !name) return AS_INVALID_ARG;
    m->name = engine_intern(m->engine, name, strlen(name));
    return AS_SUCCESS;
}
as_engine *as_module_engine(const as_module *m) { return m ? m->engine : NULL; }
int as_module_function_count(const as_module *m) { return m ? m->functions.count : 0; }

as_function *as_module_function_by_index(const as_module *m, int index)
{
    if (!m || index < 0 || index >= m->functions.count) return NULL;
    return m->functions.data[index];
}

/* "f", "ns::f" (relative to the default namespace) or "::ns::f" (from the global one): the
 * namespace and the last part of the name, as the reference splits them. */
static as_namespace *split_scoped_name(as_module *m, const char *name, const char **last)
{
    const char *sep = NULL;
    for (const char *q = strstr(name, "::"); q; q = strstr(q + 2, "::")) sep = q;
    if (!sep) {
        *last = name;
        return m->default_ns;
    }
    *last = sep + 2;
    if (sep == name) return m->engine->global_ns;
    char scope[512];
    bool absolute = strncmp(name, "::", 2) == 0;
    const char *from = absolute ? name + 2 : name;
    size_t n = (size_t)(sep - from);
    const char *base = absolute ? "" : m->default_ns->name;
    if (n + strlen(base) + 3 > sizeof scope) return NULL;
    snprintf(scope, sizeof scope, "%s%s%.*s", base, base[0] ? "::" : "", (int)n, from);
    return engine_find_namespace(m->engine, scope);
}

as_function *as_module_function_by_name(as_module *m, const char *name)
{
    if (!m || !name) return NULL;
    const char *last;
    as_namespace *ns = split_scoped_name(m, name, &last);
    if (!ns) return NULL;
    as_function *found = NULL;
    const char *n = engine_intern(m->engine, last, strlen(last));
    for (int i = 0; i < m->functions.count; i++) {
        as_function *f = m->functions.data[i];
        if (f->name == n && f->ns == ns) {
            if (found) return NULL; /* ambiguous */
            found = f;
        }
    }
    return found;
}

static bool same_signature(const as_function *f, const as_function *sig)
{
    if (f->name != sig->name || f->params.count != sig->params.count) return false;
    if (!dt_equal_ex(&f->ret, &sig->ret)) return false;
    for (int k = 0; k < f->params.count; k++)
        if (!dt_equal_ex(&f->params.data[k].type, &sig->params.data[k].type) || f->params.data[k].inout != sig->params.data[k].inout)
            return false;
    return true;
}

as_function *as_module_function_by_decl(as_module *m, const char *decl)
{
    if (!m || !decl) return NULL;
    as_function sig;
    memset(&sig, 0, sizeof sig);
    if (!register_parse_signature(m->engine, m, decl, &sig)) return NULL;
    as_function *found = NULL;
    /* the declaration's namespace, then its parents */
    for (as_namespace *ns = sig.ns; ns && !found; ns = ns->parent == ns ? NULL : ns->parent) {
        for (int i = 0; i < m->functions.count && !found; i++) {
            as_function *f = m->functions.data[i];
            if (f->ns == ns && same_signature(f, &sig)) found = f;
        }
        if (ns == m->engine->global_ns) break;
    }
    VEC_FREE(sig.params);
    function_free_param_slot(sig.param_slot);
    return found;
}

int as_module_global_count(const as_module *m) { return m ? m->globals.count : 0; }

int as_module_global_index_by_name(const as_module *m, const char *name)
{
    if (!m || !name) return AS_INVALID_ARG;
    for (int i = 0; i < m->globals.count; i++)
        if (strcmp(m->globals.data[i]->name, name) == 0 && m->globals.data[i]->ns == m->default_ns) return i;
    return AS_NO_GLOBAL_VAR;
}

void *as_module_global_address(as_module *m, int index)
{
    if (!m || index < 0 || index >= m->globals.count) return NULL;
    as_global *g = m->globals.data[index];
    /* ref objects held by value: the object itself */
    if (g->type.type->kind == TYPE_OBJECT && (g->type.type->flags & AS_OBJ_REF) && !(g->type.flags & DT_HANDLE))
        return *(void **)g->addr;
    return g->addr;
}

int as_module_set_default_namespace(as_module *m, const char *ns)
{
    if (!m || !ns || !namespace_name_valid(ns)) return AS_INVALID_ARG;
    as_namespace *n = engine_namespace(m->engine, ns);
    if (!n) return AS_OUT_OF_MEMORY;
    m->default_ns = n;
    return AS_SUCCESS;
}

const char *as_module_get_default_namespace(const as_module *m) { return m ? m->default_ns->name : NULL; }

int as_module_global(const as_module *m, int index, const char **name, const char **ns, int *type_id, bool *is_const)
{
    if (!m || index < 0 || index >= m->globals.count) return AS_INVALID_ARG;
    const as_global *g = m->globals.data[index];
    if (name) *name = g->name;
    if (ns) *ns = g->ns->name;
    if (type_id) *type_id = dtype_type_id(&g->type);
    if (is_const) *is_const = g->is_const;
    return AS_SUCCESS;
}

const char *as_module_global_declaration(as_module *m, int index, bool include_namespace)
{
    if (!m || index < 0 || index >= m->globals.count) return NULL;
    const as_global *g = m->globals.data[index];
    char type[512];
    dtype_format(&g->type, type, sizeof type, true);
    char *buf = m->engine->declbuf;
    bool ns = include_namespace && g->ns->name[0];
    snprintf(buf, sizeof m->engine->declbuf, "%s%s %s%s%s", g->is_const ? "const " : "", type,
             ns ? g->ns->name : "", ns ? "::" : "", g->name);
    return buf;
}

int as_module_type_count(const as_module *m) { return m ? m->types.count : 0; }

as_type *as_module_type_by_index(const as_module *m, int index)
{
    if (!m || index < 0 || index >= m->types.count) return NULL;
    return m->types.data[index];
}

as_type *as_module_type_by_name(as_module *m, const char *name)
{
    if (!m || !name) return NULL;
    /* "ns::T" names its namespace; a bare name is looked up in the default namespace */
    const char *last = name, *p;
    while ((p = strstr(last, "::"))) last = p + 2;
    as_namespace *ns = m->default_ns;
    if (last != name) {
        char buf[256];
        size_t n = (size_t)(last - 2 - name);
        if (n >= sizeof buf) return NULL;
        memcpy(buf, name, n);
        buf[n] = 0;
        ns = engine_find_namespace(m->engine, buf);
        if (!ns) return NULL;
    }
    for (int i = 0; i < m->types.count; i++) {
        as_type *t = m->types.data[i];
        if (t->ns == ns && strcmp(t->name, last) == 0) return t;
    }
    return NULL;
}

uint32_t as_module_set_access_mask(as_module *m, uint32_t mask)
{
    if (!m) return 0;
    uint32_t old = m->access_mask;
    m->access_mask = mask;
    return old;
}
