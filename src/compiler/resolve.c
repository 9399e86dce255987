/* Diagnostics of a build, name lookup, and type expressions to data types (including template
 * instances of registered templates). */
#include "compiler.h"
#include "emit.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ======================================================================= diagnostics */

/* A function as the reference's "Compiling ..." line declares it: without the function's own
 * namespace ("void g(int)", "void C::m()"), its types with theirs ("A::T@ g(A::T@)"). */
static void compiling_decl(const as_function *fn, char *buf, size_t n)
{
    char t[300];
    size_t len = 0;
    buf[0] = 0;
    if (!(fn->attrs & (FA_CONSTRUCTOR | FA_DESTRUCTOR))) {
        dtype_format(&fn->ret, t, sizeof t, true);
        len += (size_t)snprintf(buf + len, n - len, "%s ", t);
    }
    if (fn->objtype && len < n) len += (size_t)snprintf(buf + len, n - len, "%s::", fn->objtype->name);
    if (len < n) len += (size_t)snprintf(buf + len, n - len, "%s%s(", (fn->attrs & FA_DESTRUCTOR) ? "~" : "", fn->name);
    for (int i = 0; i < fn->params.count && len < n; i++) {
        const as_param *p = &fn->params.data[i];
        dtype_format(&p->type, t, sizeof t, true);
        len += (size_t)snprintf(buf + len, n - len, "%s%s%s%s%s%s", i ? ", " : "", t,
                                p->inout == INOUT_IN ? "&in" : p->inout == INOUT_OUT ? "&out" : p->inout == INOUT_INOUT ? "&inout" : "",
                                (fn->attrs & FA_VARIADIC) && i == fn->params.count - 1 ? "..." : "",
                                p->defarg_text ? " = " : "", p->defarg_text ? p->defarg_text : "");
    }
    if (len < n) snprintf(buf + len, n - len, ")%s", (fn->attrs & FA_CONST) ? " const" : "");
}

static void report_compiling(as_compiler *c)
{
    fc *f = c->current;
    if (!f || !f->fn || c->reported_fn == f->fn || c->no_compiling_info) return;
    if (!c->diag.report) return;   /* muted (a probe): the line is still to be shown */
    c->reported_fn = f->fn;
    char decl[600], msg[700];
    if (f->is_global_init) {
        snprintf(msg, sizeof msg, "Compiling %s", f->fn->name);
    } else {
        compiling_decl(f->fn, decl, sizeof decl);
        snprintf(msg, sizeof msg, "Compiling %s", decl);
    }
    diag_report(&c->diag, f->fn->section, f->fn->line, f->fn->col, DIAG_INFO, "%s", msg);
}

static void vreport(as_compiler *c, ast_pos pos, as_diag_type type, const char *fmt, va_list ap)
{
    char buf[1024];
    vsnprintf(buf, sizeof buf, fmt, ap);
    if (type == DIAG_WARNING && c->engine->props[AS_EP_COMPILER_WARNINGS] == 0) return;
    if (type != DIAG_INFO) report_compiling(c);
    if (c->in_defarg && pos.line >= c->defarg_base.line && pos.section == c->defarg_base.section) {
        /* inside a default argument: its own text, from line 1 */
        ast_pos b = c->defarg_base;
        pos.col = pos.line == b.line ? pos.col - b.col + 1 : pos.col;
        pos.line = pos.line - b.line + 1;
        pos.section = C_SECTION_DEFARG;
    }
    diag_report(&c->diag, pos.section, pos.line, pos.col, type, "%s", buf);
}

static void report_at(as_compiler *c, ast_pos pos, as_diag_type type, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(c, pos, type, fmt, ap);
    va_end(ap);
}

bool c_report_body_diags(as_compiler *c, const ast_node *owner)
{
    bool failed = false;
    for (int i = 0; i < c->body_diags.count; i++) {
        struct body_diag *b = &c->body_diags.data[i];
        if (owner && b->d->owner != owner) continue;
        /* a body compiled twice (a mixin's method in each class) stays unparsed the second time */
        failed |= b->d->type == DIAG_ERROR;
        if (b->done) continue;
        b->done = true;
        ast_pos pos = {b->d->line, b->d->col, b->section};
        if (owner) report_at(c, pos, (as_diag_type)b->d->type, "%s", b->d->msg);
        else diag_report(&c->diag, b->section, b->d->line, b->d->col, (as_diag_type)b->d->type, "%s", b->d->msg);
    }
    return failed;
}

void c_error(as_compiler *c, const ast_node *at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ast_pos pos = at ? at->pos : (ast_pos){0, 0, c->section};
    vreport(c, pos, DIAG_ERROR, fmt, ap);
    va_end(ap);
}

void c_error_pos(as_compiler *c, ast_pos pos, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(c, pos, DIAG_ERROR, fmt, ap);
    va_end(ap);
}

void c_warning(as_compiler *c, const ast_node *at, const char *fmt, ...)
{
    if (c->current && c->current->unreachable) return;
    va_list ap;
    va_start(ap, fmt);
    ast_pos pos = at ? at->pos : (ast_pos){0, 0, c->section};
    vreport(c, pos, DIAG_WARNING, fmt, ap);
    va_end(ap);
}

void c_info(as_compiler *c, const ast_node *at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ast_pos pos = at ? at->pos : (ast_pos){0, 0, c->section};
    vreport(c, pos, DIAG_INFO, fmt, ap);
    va_end(ap);
}

const char *c_type_text(as_compiler *c, const as_dtype *dt)
{
    static _Thread_local char bufs[4][256];
    static _Thread_local int next;
    char *b = bufs[next++ & 3];
    (void)c;
    dtype_format(dt, b, 256, false);
    return b;
}

/* ======================================================================= lookup */

as_symbol *c_lookup(as_compiler *c, as_namespace *ns, const char *name, as_sym_kind kind)
{
    as_symbol *s = NULL;
    if (c->module && !c->in_registration) s = symtab_find_kind(&c->module->symbols, ns, name, kind);
    if (!s) {
        /* host entities the module's access mask doesn't cover are not there for it */
        uint32_t mask = C_ACCESS(c);
        for (s = symtab_find(&c->engine->symbols, ns, name); s; s = s->next)
            if (s->kind == kind && symbol_visible(s, mask)) break;
    }
    return s;
}

int c_using_at(as_compiler *c, as_namespace *level, bool innermost, as_namespace **out, int max)
{
    int n = 0;
    for (int pass = innermost ? 0 : 1; pass < 2; pass++) {
        int count = pass == 0 ? c->block_usings.count : c->usings.count;
        for (int i = count; i-- > 0 && n < max;) {
            struct using_dir *u = pass == 0 ? &c->block_usings.data[i] : &c->usings.data[i];
            if (pass == 1 && u->in != level) continue;
            as_namespace *from = pass == 0 ? (c->current ? c->current->ns : level) : u->in;
            as_namespace *ns = c_scope_namespace(c, from, u->n->u.using_.global_scope, &u->n->u.using_.names, NULL, false);
            if (ns) out[n++] = ns;
        }
    }
    /* in declaration order (the first directive wins an ambiguity, as in the reference) */
    for (int i = 0, j = n - 1; i < j; i++, j--) {
        as_namespace *t = out[i];
        out[i] = out[j];
        out[j] = t;
    }
    return n;
}

/* A type found through `using namespace` that another namespace made visible at the same level
 * (also through the used namespaces' own directives) names differently. */
static bool type_ambiguous_through_using(as_compiler *c, as_namespace *ns, const char *name, as_type *found)
{
    for (as_namespace *n = ns; n; n = n->parent) {
        as_namespace *used[16], *all[48];
        int nu = c_using_at(c, n, n == ns, used, 16), na = 0;
        for (int i = 0; i < nu && na < 48; i++) {
            all[na++] = used[i];
            as_namespace *more[16];
            int nm = c_using_at(c, used[i], false, more, 16);
            for (int k = 0; k < nm && na < 48; k++) all[na++] = more[k];
        }
        bool seen = false;
        for (int i = 0; i < na; i++) {
            as_symbol *s = c_lookup(c, all[i], name, SYM_TYPE);
            if (!s) continue;
            if (s->ptr != found) return true;
            seen = true;
        }
        if (seen) return false;
        if (c_lookup(c, n, name, SYM_TYPE)) return false;
        if (n == n->parent) break;
    }
    return false;
}

as_type *c_find_type(as_compiler *c, as_namespace *ns, const char *name, bool search_parents)
{
    for (as_namespace *n = ns; n; n = search_parents ? n->parent : NULL) {
        as_namespace *used[16];
        int nu = search_parents ? c_using_at(c, n, n == ns, used, 16) : 0;
        for (int i = 0; i < nu; i++) {
            as_symbol *s = c_lookup(c, used[i], name, SYM_TYPE);
            if (s) return s->ptr;
        }
        as_symbol *s = c_lookup(c, n, name, SYM_TYPE);
        if (s) return s->ptr;
        if (n == n->parent) break;
    }
    return NULL;
}

static as_namespace *child_ns(as_compiler *c, as_namespace *parent, const char *name)
{
    char full[512];
    if (parent->name[0]) snprintf(full, sizeof full, "%s::%s", parent->name, name);
    else snprintf(full, sizeof full, "%s", name);
    return engine_find_namespace(c->engine, full);
}

as_namespace *c_scope_namespace(as_compiler *c, as_namespace *from, bool global_scope, const ast_names *scope,
                                const ast_node *at, bool report)
{
    if (!scope || scope->count == 0) return global_scope ? c->engine->global_ns : from;
    /* relative names are tried from the current namespace outward */
    for (as_namespace *base = global_scope ? c->engine->global_ns : from; base; base = base->parent) {
        as_namespace *ns = base;
        for (int i = 0; i < scope->count && ns; i++) ns = child_ns(c, ns, scope->items[i]);
        if (ns) return ns;
        /* relative to a namespace `using namespace` names (not while resolving those) */
        as_namespace *used[16];
        int nu = 0;
        if (!global_scope && !c->resolving_using) {
            c->resolving_using = true;
            nu = c_using_at(c, base, base == from, used, 16);
            c->resolving_using = false;
        }
        for (int k = 0; k < nu; k++) {
            ns = used[k];
            for (int i = 0; i < scope->count && ns; i++) ns = child_ns(c, ns, scope->items[i]);
            if (ns) return ns;
        }
        if (global_scope || base == base->parent) break;
    }
    if (report) {
        char full[512] = "";
        for (int i = 0; i < scope->count; i++) {
            if (i) strncat(full, "::", sizeof full - strlen(full) - 1);
            strncat(full, scope->items[i], sizeof full - strlen(full) - 1);
        }
        c_error(c, at, "Namespace '%s' doesn't exist.", full);
    }
    return NULL;
}

/* ======================================================================= types */

static as_type *prim_type(as_compiler *c, int prim)
{
    as_engine *e = c->engine;
    switch (prim) {
    case PRIM_VOID: return &e->prim[AS_TYPEID_VOID];
    case PRIM_BOOL: return &e->prim[AS_TYPEID_BOOL];
    case PRIM_INT8: return &e->prim[AS_TYPEID_INT8];
    case PRIM_INT16: return &e->prim[AS_TYPEID_INT16];
    case PRIM_INT: return &e->prim[AS_TYPEID_INT32];
    case PRIM_INT64: return &e->prim[AS_TYPEID_INT64];
    case PRIM_UINT8: return &e->prim[AS_TYPEID_UINT8];
    case PRIM_UINT16: return &e->prim[AS_TYPEID_UINT16];
    case PRIM_UINT: return &e->prim[AS_TYPEID_UINT32];
    case PRIM_UINT64: return &e->prim[AS_TYPEID_UINT64];
    case PRIM_FLOAT: return &e->prim[AS_TYPEID_FLOAT];
    case PRIM_DOUBLE: return &e->prim[AS_TYPEID_DOUBLE];
    case PRIM_VARTYPE: return &e->var_type;
    default: return NULL;
    }
}

bool dt_equal_ex(const as_dtype *a, const as_dtype *b)
{
    return a->type == b->type && ((a->flags ^ b->flags) & (DT_HANDLE | DT_CONST)) == 0;
}

/* Replaces template subtypes in d by the instance's subtypes. */
static as_dtype substitute(as_compiler *c, as_type *tmpl, as_type *inst, as_dtype d)
{
    if (d.type == tmpl) {
        d.type = inst;
        return d;
    }
    if (d.type && d.type->kind == TYPE_FUNCDEF && d.type->parent_type == tmpl) {
        for (int i = 0; i < inst->child_funcdefs.count; i++)
            if (inst->child_funcdefs.data[i]->name == d.type->name) d.type = inst->child_funcdefs.data[i];
        return d;
    }
    for (int i = 0; i < tmpl->subtypes.count; i++) {
        if (d.type == tmpl->subtypes.data[i].type) {
            as_dtype s = inst->subtypes.data[i];
            uint8_t fl = d.flags;
            d.type = s.type;
            d.flags = (uint8_t)((fl & ~DT_IF_HANDLE_CONST) | (s.flags & (DT_HANDLE | DT_CONST)));
            if ((fl & DT_HANDLE) && (s.flags & DT_HANDLE)) d.flags |= DT_HANDLE;
            if ((fl & DT_IF_HANDLE_CONST) && (s.flags & DT_HANDLE)) d.flags |= DT_CONST;
            if ((fl & DT_CONST) && (s.flags & DT_HANDLE) && !(fl & DT_HANDLE)) {
                /* const T where T is a handle: the handle is read-only, the object is not */
                d.flags = (uint8_t)((d.flags & ~DT_CONST) | DT_HANDLE_CONST | (s.flags & DT_CONST));
                if (fl & DT_IF_HANDLE_CONST) d.flags |= DT_CONST;   /* and the object too */
            }
            return d;
        }
    }
    /* other templates of the subtypes, e.g. weakref<T> in const_weakref<T>'s methods: their
     * instance for the new subtypes */
    if (d.type && d.type->template_base && d.type->subtypes.count && d.type->subtypes.count <= 8) {
        as_type *t = d.type;
        as_dtype subs[8];
        int n = t->subtypes.count;
        bool changed = false;
        for (int i = 0; i < n; i++) {
            subs[i] = substitute(c, tmpl, inst, t->subtypes.data[i]);
            if (subs[i].type != t->subtypes.data[i].type || subs[i].flags != t->subtypes.data[i].flags) changed = true;
        }
        if (changed) {
            as_type *ni = c_template_instance(c, t->template_base, subs, n, NULL);
            if (ni) d.type = ni;
        }
    }
    return d;
}

as_dtype c_substitute_subtypes(as_compiler *c, as_type *tmpl, as_type *inst, as_dtype d) { return substitute(c, tmpl, inst, d); }

static as_function *instance_function(as_compiler *c, as_engine *e, as_type *tmpl, as_type *inst, as_function *src)
{
    as_function *f = engine_new_function(e, (as_func_kind)src->kind, src->name, src->ns);
    f->attrs = src->attrs;
    f->objtype = inst;
    f->ret = substitute(c, tmpl, inst, src->ret);
    for (int i = 0; i < src->params.count; i++) {
        as_param p = src->params.data[i];
        p.type = substitute(c, tmpl, inst, p.type);
        VEC_PUSH(f->params, p);
    }
    f->list_pattern = src->list_pattern;
    function_copy_binding(f, src);
    f->intrinsic = src->intrinsic;
    function_layout_args(f);
    extern int native_prepare(as_engine *, as_function *);
    native_prepare(e, f);
    return f;
}

/* Running out of memory while an instance is made leaves it half made: it is no longer found
 * (what it holds stays with the engine until it goes, or a refused load takes it back). */
static void instance_broken(void *type)
{
    as_type *t = type;
    engine_unindex_instance(t->engine, t);
    t->inst_broken = true;
}

as_type *c_template_instance(as_compiler *c, as_type *tmpl, const as_dtype *subs, int nsubs, const ast_node *at)
{
    as_engine *e = c->engine;
    if (nsubs != tmpl->subtypes.count) {
        c_error(c, at, "Wrong number of template arguments for '%s'", tmpl->name);
        return NULL;
    }
    as_type *known = engine_find_instance(e, tmpl, subs, nsubs);
    if (known) return known;
    for (int i = 0; i < nsubs; i++) {
        if (subs[i].type->kind == TYPE_PRIMITIVE && subs[i].type->prim == AS_TYPEID_VOID) {
            char name[300];
            snprintf(name, sizeof name, "%s<void>", tmpl->name);
            c_error(c, at, "Attempting to instantiate invalid template type '%s'", name);
            return NULL;
        }
    }
    as_type *inst = engine_new_type(e, TYPE_OBJECT, tmpl->name, tmpl->ns);
    if (!inst) return NULL;   /* out of memory outside a guard */
    inst->flags = tmpl->flags & ~AS_OBJ_TEMPLATE;
    inst->size = tmpl->size;
    inst->template_base = tmpl;
    inst->rc_direct = tmpl->rc_direct;
    inst->rc_offset = tmpl->rc_offset;
    inst->elems_direct = tmpl->elems_direct;
    inst->elems_data = tmpl->elems_data;
    inst->elems_len = tmpl->elems_len;
    inst->module = NULL;
    mem_cleanup cleanup;
    mem_cleanup_push(&cleanup, instance_broken, inst);
    for (int i = 0; i < nsubs; i++) VEC_PUSH(inst->subtypes, subs[i]);
    engine_index_instance(e, inst);
    /* the host may reject the subtype (not asked about another template's own `T`, as in
     * weakref<T> used by const_weakref<T>'s registration) */
    bool generic = false;
    for (int i = 0; i < nsubs; i++) generic = generic || subs[i].type->kind == TYPE_TEMPLATE_SUBTYPE;
    bool incomplete = false;
    for (int i = 0; i < nsubs; i++) {
        const as_type *st = subs[i].type;
        incomplete = incomplete || (st->kind == TYPE_OBJECT && (st->flags & AS_OBJ_SCRIPT_OBJECT) && st->decl_state != 2 &&
                                    !(subs[i].flags & DT_HANDLE));
    }
    if (tmpl->beh.template_callback && !generic && incomplete) {
        /* a class declared later (or being declared): asked when the classes are complete; a
         * class being loaded from bytecode was checked when the bytecode was made */
        struct deferred_tmpl d = {inst, at ? at->pos : (ast_pos){0, 0, c->section}, at != NULL};
        if (!c->in_registration) VEC_PUSH(c->deferred_tmpl, d);
    } else if (tmpl->beh.template_callback && !generic) {
        bool dont_gc = false;
        extern bool native_template_callback(as_engine *, as_function *, as_type *, bool *);
        as_type *asked = e->tmpl_instance;
        e->tmpl_instance = inst;
        bool accepted = native_template_callback(e, tmpl->beh.template_callback, inst, &dont_gc);
        e->tmpl_instance = asked;
        char *why = e->tmpl_error;
        e->tmpl_error = NULL;
        if (!accepted) {
            char name[300];
            char sub[256];
            dtype_format(&subs[0], sub, sizeof sub, false);
            snprintf(name, sizeof name, "%s<%s>", tmpl->name, sub);
            /* the host's reason, if it gave one, at the script line that asked */
            c_error(c, at, "Attempting to instantiate invalid template type '%s'%s%s", name, why ? ": " : "", why ? why : "");
            mem_free(why);
            mem_cleanup_pop(&cleanup);
            e->types.data[(inst->type_id & AS_TYPEID_MASK_SEQNBR) - 12] = NULL;
            engine_free_type(e, inst);
            return NULL;
        }
        mem_free(why);
        if (dont_gc) inst->flags &= ~AS_OBJ_GC;
    }
    /* child funcdefs first: method signatures refer to them */
    for (int i = 0; i < tmpl->child_funcdefs.count; i++) {
        as_type *cf = tmpl->child_funcdefs.data[i];
        as_type *ncf = engine_new_type(e, TYPE_FUNCDEF, cf->name, cf->ns);
        ncf->flags = cf->flags;
        ncf->size = cf->size;
        ncf->parent_type = inst;
        ncf->signature = instance_function(c, e, tmpl, inst, cf->signature);
        ncf->signature->objtype = NULL;
        function_layout_args(ncf->signature);
        VEC_PUSH(inst->child_funcdefs, ncf);
    }
    as_behaviours *b = &tmpl->beh;
    for (int i = 0; i < b->factories.count; i++) VEC_PUSH(inst->beh.factories, instance_function(c, e, tmpl, inst, b->factories.data[i]));
#define COPY_BEH(name) if (b->name) inst->beh.name = instance_function(c, e, tmpl, inst, b->name)
    COPY_BEH(list_factory);
    COPY_BEH(destruct);
    COPY_BEH(addref);
    COPY_BEH(release);
    COPY_BEH(get_weakref_flag);
    COPY_BEH(getrefcount);
    COPY_BEH(setgcflag);
    COPY_BEH(getgcflag);
    COPY_BEH(enumrefs);
    COPY_BEH(releaserefs);
#undef COPY_BEH
    for (int i = 0; i < tmpl->methods.count; i++) VEC_PUSH(inst->methods, instance_function(c, e, tmpl, inst, tmpl->methods.data[i]));
    for (int i = 0; i < tmpl->props.count; i++) {
        as_property p = tmpl->props.data[i];
        p.type = substitute(c, tmpl, inst, p.type);
        VEC_PUSH(inst->props, p);
    }
    extern void register_find_special_behaviours(as_type *t);
    register_find_special_behaviours(inst);
    mem_cleanup_pop(&cleanup);
    return inst;
}

void c_run_deferred_template_checks(as_compiler *c)
{
    extern bool native_template_callback(as_engine *, as_function *, as_type *, bool *);
    for (int i = 0; i < c->deferred_tmpl.count; i++) {
        as_type *inst = c->deferred_tmpl.data[i].inst;
        bool dont_gc = false;
        if (!native_template_callback(c->engine, inst->template_base->beh.template_callback, inst, &dont_gc)) {
            char name[300], sub[256];
            dtype_format(&inst->subtypes.data[0], sub, sizeof sub, false);
            snprintf(name, sizeof name, "%s<%s>", inst->template_base->name, sub);
            c_error_pos(c, c->deferred_tmpl.data[i].pos, "Attempting to instantiate invalid template type '%s'", name);
        } else if (dont_gc) {
            inst->flags &= ~AS_OBJ_GC;
        }
    }
    VEC_FREE(c->deferred_tmpl);
}

bool c_auto_array_error(as_compiler *c, const ast_node *tn)
{
    if (tn->u.type.prim != PRIM_AUTO) return false;
    for (int i = 0; i < tn->u.type.nmods; i++)
        if (tn->u.type.mods[i].kind == TYPEMOD_ARRAY) {
            c_error(c, tn, "Data type can't be '<auto>'");
            return true;
        }
    return false;
}

bool c_resolve_type(as_compiler *c, const ast_node *tn, as_namespace *ns, as_type *objtype, as_dtype *out)
{
    as_dtype d = {NULL, 0};
    if (tn->u.type.prim != PRIM_NONE) {
        if (tn->u.type.prim == PRIM_AUTO) {
            if (!c_auto_array_error(c, tn)) c_error(c, tn, "Unable to resolve auto type");
            return false;
        }
        d.type = prim_type(c, tn->u.type.prim);
        if (!d.type) {
            c_error(c, tn, "Expected data type");
            return false;
        }
    } else {
        const char *name = tn->u.type.name;
        as_type *t = NULL;
        /* template subtypes and the class's own child types come first */
        if (c->in_registration && c->reg_template) {
            for (int i = 0; i < c->reg_template->subtypes.count; i++)
                if (c->reg_template->subtypes.data[i].type->name == name) t = c->reg_template->subtypes.data[i].type;
        }
        if (!t && tn->u.type.scope_type) {
            /* Type<...>::child */
            as_dtype parent;
            if (!c_resolve_type(c, tn->u.type.scope_type, ns, objtype, &parent)) return false;
            for (int i = 0; i < parent.type->child_funcdefs.count; i++)
                if (parent.type->child_funcdefs.data[i]->name == name) t = parent.type->child_funcdefs.data[i];
            if (!t) {
                c_error(c, tn, "Identifier '%s' is not a data type", name);
                return false;
            }
        }
        /* child funcdefs of the class or template being declared */
        for (as_type *o = c->reg_template ? c->reg_template : objtype; !t && o; o = o->base)
            for (int i = 0; i < o->child_funcdefs.count; i++)
                if (o->child_funcdefs.data[i]->name == name) t = o->child_funcdefs.data[i];
        if (!t) {
            bool scoped = tn->u.type.global_scope || tn->u.type.scope.count;
            if (scoped) {
                as_namespace *sns = c_scope_namespace(c, ns, tn->u.type.global_scope, &tn->u.type.scope, tn, false);
                if (sns) t = c_find_type(c, sns, name, false);
                if (!t && tn->u.type.scope.count) {
                    /* Class::Funcdef: the last scope part names a type */
                    ast_names prefix = tn->u.type.scope;
                    prefix.count--;
                    as_namespace *pns = c_scope_namespace(c, ns, tn->u.type.global_scope, &prefix, tn, false);
                    as_type *owner = pns ? c_find_type(c, pns, tn->u.type.scope.items[prefix.count], !prefix.count) : NULL;
                    for (int i = 0; owner && i < owner->child_funcdefs.count; i++)
                        if (owner->child_funcdefs.data[i]->name == name) t = owner->child_funcdefs.data[i];
                }
            } else {
                t = c_find_type(c, ns, name, true);
                if (t && type_ambiguous_through_using(c, ns, name, t)) {
                    c_error(c, tn, "Ambiguous symbol name '%s'", name);
                    return false;
                }
            }
        }
        if (!t) {
            /* in a declaration (not a function body) the reference names where it looked */
            as_namespace *where = ns;
            if (tn->u.type.global_scope || tn->u.type.scope.count) {
                as_namespace *sns = c_scope_namespace(c, ns, tn->u.type.global_scope, &tn->u.type.scope, tn, false);
                if (sns) where = sns;
            }
            /* in a function body only when a type of that name exists in another namespace */
            bool elsewhere = false;
            for (int i = 0; c->current && i < c->engine->types.count && !elsewhere; i++)
                elsewhere = c->engine->types.data[i] && c->engine->types.data[i]->name && !strcmp(c->engine->types.data[i]->name, name);
            if ((c->current && !elsewhere) || c->in_registration || !where)
                c_error(c, tn, "Identifier '%s' is not a data type", name);
            else if (!where->name || !where->name[0])
                c_error(c, tn, "Identifier '%s' is not a data type in global namespace", name);
            else
                c_error(c, tn, "Identifier '%s' is not a data type in namespace '%s' or parent", name, where->name);
            return false;
        }
        d.type = t;
        if (tn->u.type.targs.count) {
            if (!(t->flags & AS_OBJ_TEMPLATE)) {
                c_error(c, tn, "Type '%s' is not a template type", t->name);
                return false;
            }
            as_dtype subs[8];
            int n = tn->u.type.targs.count;
            if (n > 8) n = 8;
            for (int i = 0; i < n; i++) {
                if (!c_resolve_type(c, tn->u.type.targs.items[i], ns, objtype, &subs[i])) return false;
                /* `array<FD>` in a script means funcdef values, which the template may refuse */
                if ((subs[i].flags & DT_IMPLIED_HANDLE) && !c->in_registration)
                    subs[i].flags &= (uint8_t)~(DT_HANDLE | DT_IMPLIED_HANDLE);
            }
            if (c->in_registration && c->reg_template && t == c->reg_template) {
                /* the template itself inside its own registration: array<T> */
            } else if (t->subtypes.count && t->subtypes.data[0].type->kind == TYPE_TEMPLATE_SUBTYPE) {
                /* the template's own subtypes name the template itself (array<T> in array<T>'s
                 * methods); another template of them is an instance to substitute later */
                bool own = true;
                for (int i = 0; i < n; i++) own = own && i < t->subtypes.count && subs[i].type == t->subtypes.data[i].type;
                if (!own) {
                    as_type *inst = c_template_instance(c, t, subs, n, tn);
                    if (!inst) return false;
                    d.type = inst;
                }
            }
        } else if ((t->flags & AS_OBJ_TEMPLATE) && !(c->in_registration && c->reg_template == t)) {
            c_error(c, tn, "Template '%s' needs template arguments", t->name);
            return false;
        }
    }
    if (tn->u.type.is_const) d.flags |= DT_CONST;
    for (int i = 0; i < tn->u.type.nmods; i++) {
        const ast_typemod *m = &tn->u.type.mods[i];
        if (m->kind == TYPEMOD_ARRAY) {
            as_type *arr = c->engine->default_array;
            if (!arr) {
                c_error(c, tn, "The default array type is not registered");
                return false;
            }
            as_dtype sub = d;
            sub.flags &= (uint8_t)~DT_CONST;   /* `const int[]` is a const array of int */
            as_type *inst = c_template_instance(c, arr, &sub, 1, tn);
            if (!inst) return false;
            d.type = inst;
            d.flags &= DT_CONST;
        } else {
            as_type *t = d.type;
            bool ok = t->kind == TYPE_OBJECT && (t->flags & AS_OBJ_REF) && !(t->flags & AS_OBJ_NOHANDLE) &&
                      (!(t->flags & AS_OBJ_SCOPED) || c->scoped_handle_ok);
            ok = ok || t->kind == TYPE_FUNCDEF || t->kind == TYPE_TEMPLATE_SUBTYPE || (t->kind == TYPE_OBJECT && (t->flags & AS_OBJ_ASHANDLE));
            if (!ok) {
                c_error_pos(c, m->pos, "Object handle is not supported for this type");
                return false;
            }
            if (d.flags & DT_HANDLE) {
                c_error_pos(c, m->pos, "Handle to handle is not allowed");
                return false;
            }
            /* a value type that acts as a handle takes the @ but stays a value (as the reference) */
            if (t->kind == TYPE_OBJECT && (t->flags & AS_OBJ_ASHANDLE)) continue;
            d.flags |= DT_HANDLE;
            if (m->handle_const) d.flags |= DT_HANDLE_CONST;
            if (m->auto_handle) d.flags |= DT_AUTO_HANDLE;
        }
    }
    if (d.type->kind == TYPE_FUNCDEF && !(d.flags & DT_HANDLE)) d.flags |= DT_HANDLE | DT_IMPLIED_HANDLE;
    /* a type declared `class @X` (or registered AS_OBJ_IMPLICIT_HANDLE) is always used by handle */
    if (d.type->kind == TYPE_OBJECT && (d.type->flags & AS_OBJ_IMPLICIT_HANDLE)) d.flags |= DT_HANDLE;
    *out = d;
    return true;
}
