/* Function reflection (asIScriptFunction): kind, owner, traits, the funcdef type of a signature,
 * and the lines that have code (for debuggers). */
#include "engine.h"
#include "util/mem.h"
#include "parser/ast_dump.h"
#include <stdio.h>
#include <string.h>

as_func_type as_function_kind(const as_function *f)
{
    if (!f) return AS_FUNC_DUMMY;
    switch (f->kind) {
    case FN_SCRIPT: return f->vtable_index >= 0 ? AS_FUNC_VIRTUAL : AS_FUNC_SCRIPT;
    case FN_SYSTEM: return (f->attrs & FA_TEMPLATE_FN) ? AS_FUNC_TEMPLATE : AS_FUNC_SYSTEM;
    case FN_INTERFACE: return AS_FUNC_INTERFACE;
    case FN_FUNCDEF: return AS_FUNC_FUNCDEF;
    case FN_IMPORTED: return AS_FUNC_IMPORTED;
    case FN_DELEGATE: return AS_FUNC_DELEGATE;
    }
    return AS_FUNC_DUMMY;
}

/* factories belong to their type only by name: they are global functions */
as_type *as_function_object_type(const as_function *f) { return f && !(f->attrs & FA_FACTORY) ? f->objtype : NULL; }
as_module *as_function_module(const as_function *f) { return f ? f->module : NULL; }
bool as_function_is_private(const as_function *f) { return f && (f->attrs & FA_PRIVATE); }
bool as_function_is_read_only(const as_function *f) { return f && (f->attrs & FA_CONST); }
bool as_function_is_final(const as_function *f) { return f && (f->attrs & FA_FINAL); }
bool as_function_is_override(const as_function *f) { return f && (f->attrs & FA_OVERRIDE); }
bool as_function_is_property(const as_function *f) { return f && (f->attrs & FA_PROPERTY); }

int as_function_set_deprecated(as_function *f, const char *message)
{
    if (!f) return AS_INVALID_ARG;
    char *copy = message ? mem_strdup(message) : NULL;
    if (message && !copy) return AS_OUT_OF_MEMORY;
    mem_free(f->deprecated);
    f->deprecated = copy;
    return AS_SUCCESS;
}

int as_function_set_no_discard(as_function *f, bool on)
{
    if (!f) return AS_INVALID_ARG;
    f->no_discard = on;
    return AS_SUCCESS;
}

int as_function_set_subtype_inference(as_function *f, bool on)
{
    if (!f || !(f->attrs & FA_TEMPLATE_FN)) return AS_INVALID_ARG;
    if (on) f->attrs |= FA_INFER_SUBTYPES;
    else f->attrs &= ~(uint32_t)FA_INFER_SUBTYPES;
    return AS_SUCCESS;
}
bool as_function_is_protected(const as_function *f) { return f && (f->attrs & FA_PROTECTED); }
bool as_function_is_explicit(const as_function *f) { return f && (f->attrs & FA_EXPLICIT); }
const char *as_function_module_name(const as_function *f) { return f && f->module ? f->module->name : NULL; }
const char *as_function_object_name(const as_function *f)
{
    const as_type *t = as_function_object_type(f);
    return t ? t->name : NULL;
}
uint32_t as_function_access_mask(const as_function *f) { return f && f->masked ? f->access : 0xFFFFFFFFu; }

void *as_function_delegate_object(const as_function *f) { return f && f->kind == FN_DELEGATE ? f->delegate_obj : NULL; }
as_function *as_function_delegate_function(const as_function *f) { return f && f->kind == FN_DELEGATE ? f->delegate_method : NULL; }
as_type *as_function_delegate_object_type(const as_function *f)
{
    const as_function *m = as_function_delegate_function(f);
    return m ? m->objtype : NULL;
}

const char *as_function_param_default(const as_function *f, int i)
{
    return f && i >= 0 && i < f->params.count ? f->params.data[i].defarg_text : NULL;
}

/* ---- local variables (the debugger's view, without a running frame) ---- */

int as_function_var_count(const as_function *f) { return f && f->kind == FN_SCRIPT ? (int)f->bc.nvars : 0; }

static const as_varinfo *function_var(const as_function *f, int i)
{
    return f && f->kind == FN_SCRIPT && i >= 0 && (uint32_t)i < f->bc.nvars ? &f->bc.vars[i] : NULL;
}

int as_function_var(const as_function *f, int i, const char **name, int *type_id)
{
    const as_varinfo *v = function_var(f, i);
    if (!v) return AS_INVALID_ARG;
    if (name) *name = v->name;
    if (type_id) *type_id = dtype_type_id(&v->type);
    return AS_SUCCESS;
}

const char *function_var_declaration(const as_function *f, int i)
{
    const as_varinfo *v = function_var(f, i);
    if (!v) return NULL;
    char type[512];
    dtype_format(&v->type, type, sizeof type, true);
    char *buf = f->engine->declbuf;
    snprintf(buf, sizeof f->engine->declbuf, "%s%s %s", type, v->is_ref && !(v->type.flags & DT_REF) ? "&" : "", v->name);
    return buf;
}

const char *as_function_var_declaration(const as_function *f, int i) { return function_var_declaration(f, i); }

/* Registered functions and the methods of shared classes are shared, as in the reference. */
bool as_function_is_shared(const as_function *f)
{
    if (!f) return false;
    if (f->kind == FN_SYSTEM) return true;
    if (f->objtype && (f->objtype->flags & AS_OBJ_SHARED)) return true;
    return (f->attrs & FA_SHARED) != 0;
}

/* ---- the funcdef of a signature ---- */

/* Whether a data type needs no module: a registered type, template instances of such. */
static bool dtype_registered(const as_dtype *d)
{
    const as_type *t = d->type;
    if (!t || t->module) return false;
    for (int i = 0; i < t->subtypes.count; i++)
        if (!dtype_registered(&t->subtypes.data[i])) return false;
    return true;
}

static bool signature_registered(const as_function *f)
{
    if (!dtype_registered(&f->ret)) return false;
    for (int i = 0; i < f->params.count; i++)
        if (!dtype_registered(&f->params.data[i].type)) return false;
    return true;
}

/* An unlisted engine funcdef with f's signature, named after f (as the reference makes one). */
static as_type *new_anonymous_funcdef(as_engine *e, const as_function *f)
{
    as_config_group *group = e->cur_group;
    e->cur_group = NULL;   /* it belongs to no configuration group */
    as_function *sig = engine_new_function(e, FN_FUNCDEF, f->name, f->ns);
    if (!sig) {
        e->cur_group = group;
        return NULL;
    }
    sig->ret = f->ret;
    for (int i = 0; i < f->params.count; i++) {
        as_param p = f->params.data[i];
        p.defarg = NULL;
        p.defarg_text = NULL;
        VEC_PUSH(sig->params, p);
    }
    sig->attrs = f->attrs & FA_CONST;
    function_layout_args(sig);
    as_type *t = engine_new_funcdef(e, sig, f->ns);
    if (!t) {
        e->cur_group = group;
        return NULL;
    }
    t->anonymous = true;
    e->cur_group = group;
    return t;
}

int as_function_type_id(as_function *f)
{
    if (!f) return AS_INVALID_ARG;
    if (f->kind == FN_DELEGATE && f->delegate_method) f = f->delegate_method;
    as_engine *e = f->engine;
    as_type *found = NULL;
    for (int i = 0; i < e->types.count && !found; i++) {
        as_type *t = e->types.data[i];
        if (t && t->kind == TYPE_FUNCDEF && t->signature && function_same_signature(t->signature, f)) found = t;
    }
    if (!found && signature_registered(f)) found = new_anonymous_funcdef(e, f);
    if (!found) return 0;
    return dtype_type_id(&(as_dtype){found, DT_HANDLE});
}

bool as_function_is_compatible_with_type_id(const as_function *f, int type_id)
{
    if (!f) return false;
    if (f->kind == FN_DELEGATE && f->delegate_method) f = f->delegate_method;
    const as_type *t = as_engine_type_by_id(f->engine, type_id);
    return t && t->kind == TYPE_FUNCDEF && t->signature && function_same_signature(t->signature, f);
}

/* ---- lines ---- */

int as_function_find_next_line_with_code(const as_function *f, int line)
{
    if (!f || f->kind != FN_SCRIPT || !f->bc.nlines || line < f->line) return -1;
    int best = -1;
    for (uint32_t i = 0; i < f->bc.nlines; i++) {
        int l = f->bc.lines[i].line;
        if (l >= line && (best < 0 || l < best)) best = l;
    }
    return best;
}

/* A list pattern as the reference prints it: `{ repeat T }`, `{ repeat { string, ? } }`. */
typedef struct pattern_buf { char *p; size_t size, len; } pattern_buf;

static void pattern_put(pattern_buf *b, const char *s)
{
    size_t n = strlen(s);
    if (b->len + n < b->size) {
        memcpy(b->p + b->len, s, n + 1);
        b->len += n;
    }
}

static void format_pattern(const ast_node *list, pattern_buf *b)
{
    char tmp[256];
    pattern_put(b, "{ ");
    pattern_put(b, list->u.init.repeat == 1 ? "repeat " : list->u.init.repeat == 2 ? "repeat_same " : "");
    for (int i = 0; i < list->u.init.items.count; i++) {
        const ast_node *item = list->u.init.items.items[i];
        if (i) pattern_put(b, ", ");
        if (!item) continue;
        if (item->kind == AST_INITLIST) {
            format_pattern(item, b);
            continue;
        }
        ast_type_string(item, tmp, sizeof tmp);
        pattern_put(b, tmp);
    }
    pattern_put(b, " }");
}

const char *as_function_list_pattern(as_function *f)
{
    if (!f || !f->list_pattern || f->list_pattern->kind != AST_INITLIST) return NULL;
    pattern_buf b = {f->engine->declbuf, sizeof f->engine->declbuf, 0};
    b.p[0] = 0;
    format_pattern(f->list_pattern, &b);
    return b.p;
}
