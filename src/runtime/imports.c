/* Functions a module imports from other modules (`import void f(int) from "other";`): the host
 * binds each to a function of matching signature; calling one that is unbound raises
 * "Unbound function called". */
#include "engine.h"
#include "util/mem.h"
#include "../compiler/compiler.h"
#include <string.h>

static as_function *import_at(const as_module *m, int index)
{
    if (!m || index < 0 || index >= m->imports.count) return NULL;
    return m->imports.data[index];
}

int as_module_imported_function_count(const as_module *m) { return m ? m->imports.count : 0; }

const char *as_module_imported_function_declaration(as_module *m, int index)
{
    as_function *f = import_at(m, index);
    if (!f) return NULL;
    function_format_decl(f, m->engine->declbuf, sizeof m->engine->declbuf, false, true, false);
    return m->engine->declbuf;
}

const char *as_module_imported_function_source(const as_module *m, int index)
{
    as_function *f = import_at(m, index);
    return f ? f->import_module : NULL;
}

int as_module_imported_function_index_by_decl(as_module *m, const char *decl)
{
    if (!m || !decl) return AS_INVALID_ARG;
    char want[1024], have[1024];
    as_function sig;
    memset(&sig, 0, sizeof sig);
    if (!register_parse_signature(m->engine, m, decl, &sig)) return AS_INVALID_DECLARATION;
    function_format_decl(&sig, want, sizeof want, false, true, false);
    VEC_FREE(sig.params);
    function_free_param_slot(sig.param_slot);
    for (int i = 0; i < m->imports.count; i++) {
        function_format_decl(m->imports.data[i], have, sizeof have, false, true, false);
        if (strcmp(want, have) == 0) return i;
    }
    return AS_NO_FUNCTION;
}

/* Same return type and parameters: arguments laid out for one suit the other. */
static bool same_signature(const as_function *a, const as_function *b)
{
    if (!dt_equal_ex(&a->ret, &b->ret) || a->params.count != b->params.count) return false;
    for (int i = 0; i < a->params.count; i++)
        if (!dt_equal_ex(&a->params.data[i].type, &b->params.data[i].type) || a->params.data[i].inout != b->params.data[i].inout)
            return false;
    return true;
}

int as_module_bind_imported_function(as_module *m, int index, as_function *fn)
{
    as_function *imp = import_at(m, index);
    if (!imp) return AS_NO_FUNCTION;
    if (!fn) {
        imp->bound = NULL;
        return AS_SUCCESS;
    }
    if (fn->engine != m->engine || fn->objtype || (fn->kind != FN_SCRIPT && fn->kind != FN_SYSTEM)) return AS_INVALID_ARG;
    if (!same_signature(imp, fn)) return AS_INVALID_INTERFACE;
    imp->bound = fn;
    return AS_SUCCESS;
}

int as_module_unbind_imported_function(as_module *m, int index)
{
    as_function *imp = import_at(m, index);
    if (!imp) return AS_NO_FUNCTION;
    imp->bound = NULL;
    return AS_SUCCESS;
}

int as_module_bind_all_imported_functions(as_module *m)
{
    if (!m) return AS_INVALID_ARG;
    bool all = true;
    for (int i = 0; i < m->imports.count; i++) {
        as_function *imp = m->imports.data[i];
        as_module *src = as_engine_get_module(m->engine, imp->import_module, AS_GM_ONLY_IF_EXISTS);
        as_function *fn = NULL;
        if (src) {
            /* the same name in the same namespace with the same signature */
            for (int k = 0; k < src->functions.count && !fn; k++) {
                as_function *c = src->functions.data[k];
                if (c->name == imp->name && c->ns == imp->ns && same_signature(c, imp)) fn = c;
            }
        }
        if (fn) imp->bound = fn;
        else all = false;
    }
    return all ? AS_SUCCESS : AS_CANT_BIND_ALL_FUNCTIONS;
}

int as_module_unbind_all_imported_functions(as_module *m)
{
    if (!m) return AS_INVALID_ARG;
    for (int i = 0; i < m->imports.count; i++) m->imports.data[i]->bound = NULL;
    return AS_SUCCESS;
}

void imports_forget_module(as_module *gone)
{
    as_engine *e = gone->engine;
    for (int i = 0; i < e->modules.count; i++) {
        as_module *m = e->modules.data[i];
        for (int k = 0; k < m->imports.count; k++)
            if (m->imports.data[k]->bound && m->imports.data[k]->bound->module == gone) m->imports.data[k]->bound = NULL;
    }
}
