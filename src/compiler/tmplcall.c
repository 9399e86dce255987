/* Calls of registered template functions (2.38): `Identity<int>(3)`, `obj.get<string>("x")`.
 *
 * The template (`T Identity<T>(const T &in)`, registered with the generic calling convention) is
 * never called itself. A call names the subtypes; each template among the call's candidates is
 * replaced by its instance for them (`int Identity(const int&in)`), made on first use and shared
 * by every module (an instance made of a module's types goes with them, reclaim.c), and the
 * overload resolution goes on as for any call: a non-template function of the same name is a
 * candidate too. Subtypes given to a call whose candidates are no templates are ignored, as the
 * reference does. The messages are the reference's: a template called without subtypes or with
 * the wrong number of them, and, as its parser reports them, subtypes that name no type. */
#include "tmplcall.h"
#include "call.h"
#include <stdio.h>
#include <string.h>

/* ======================================================================= instances */

static bool same_subtypes(const as_function *inst, const as_dtype *subs, int n)
{
    if (inst->tf_subtypes.count != n) return false;
    for (int i = 0; i < n; i++) {
        const as_dtype *a = &inst->tf_subtypes.data[i];
        if (a->type != subs[i].type || a->flags != subs[i].flags) return false;
    }
    return true;
}

as_function *tmplfn_instance(as_compiler *c, as_function *tmpl, const as_dtype *subs, int n)
{
    for (as_function *i = tmpl->tf_instances; i; i = i->tf_next)
        if (same_subtypes(i, subs, n)) return i;
    as_engine *e = c->engine;
    /* the substitution of template types' methods, with stand-ins holding the subtypes */
    as_type from, to;
    memset(&from, 0, sizeof from);
    memset(&to, 0, sizeof to);
    from.kind = to.kind = TYPE_OBJECT;
    from.subtypes.data = tmpl->tf_subtypes.data;
    from.subtypes.count = from.subtypes.cap = tmpl->tf_subtypes.count;
    to.subtypes.data = (as_dtype *)subs;
    to.subtypes.count = to.subtypes.cap = n;
    as_function *f = engine_new_function(e, FN_SYSTEM, tmpl->name, tmpl->ns);
    if (!f) return NULL;
    f->attrs = tmpl->attrs & ~(uint32_t)FA_TEMPLATE_FN;
    f->masked = tmpl->masked;
    f->access = tmpl->access;
    f->objtype = tmpl->objtype;
    f->ret = c_substitute_subtypes(c, &from, &to, tmpl->ret);
    for (int i = 0; i < tmpl->params.count; i++) {
        as_param p = tmpl->params.data[i];
        p.type = c_substitute_subtypes(c, &from, &to, p.type);
        p.prim_size = 0;
        VEC_PUSH(f->params, p);
    }
    for (int i = 0; i < n; i++) VEC_PUSH(f->tf_subtypes, subs[i]);
    function_copy_binding(f, tmpl);
    f->tf_template = tmpl;
    f->tf_next = tmpl->tf_instances;
    tmpl->tf_instances = f;
    function_layout_args(f);
    extern int native_prepare(as_engine *, as_function *);
    native_prepare(e, f);
    return f;
}

/* ======================================================================= call sites */

/* The messages of resolving one subtype, held back: the reference's parser reports a name that is
 * no type where the name is (after any scope), which the resolver reports where the type starts. */
typedef struct held_msg {
    int section, line, col;
    as_diag_type type;
    char text[256];
} held_msg;
typedef struct held_msgs {
    held_msg m[8];
    int n;
    bool lost;                  /* more than fit: the rest passed on as they come (the diagnostics'
                                 * counts are kept by diag_report itself) */
    void (*report)(void *user, int section, int line, int col, as_diag_type type, const char *msg);
    void *user;
} held_msgs;

static void hold_message(void *user, int section, int line, int col, as_diag_type type, const char *msg)
{
    held_msgs *h = user;
    if (h->n == (int)(sizeof h->m / sizeof h->m[0]) || h->lost) {
        h->lost = true;
        if (h->report) h->report(h->user, section, line, col, type, msg);
        return;
    }
    held_msg *m = &h->m[h->n++];
    m->section = section;
    m->line = line;
    m->col = col;
    m->type = type;
    snprintf(m->text, sizeof m->text, "%s", msg);
}

static bool pos_before(ast_pos a, int line, int col) { return a.line < line || (a.line == line && a.col < col); }

/* The type node in tn's tree at (line, col) named name, or NULL. */
static const ast_node *type_node_at(const ast_node *tn, int line, int col, const char *name, size_t len)
{
    if (!tn || tn->kind != AST_TYPE) return NULL;
    if (tn->pos.line == line && tn->pos.col == col && tn->u.type.name && strlen(tn->u.type.name) == len &&
        memcmp(tn->u.type.name, name, len) == 0)
        return tn;
    for (int i = 0; i < tn->u.type.targs.count; i++) {
        const ast_node *f = type_node_at(tn->u.type.targs.items[i], line, col, name, len);
        if (f) return f;
    }
    return type_node_at(tn->u.type.scope_type, line, col, name, len);
}

/* One subtype of a call. The reference's parser knows the types: a name that is none is its
 * syntax error, "Identifier 'x' is not a data type" at the name, after which it expected the
 * call's '(' there (or, inside `array<x>`, at that list's '<'). */
static bool resolve_targ(fc *f, const ast_node *tn, as_dtype *out)
{
    as_compiler *c = f->c;
    if (tn->u.type.prim == PRIM_NONE && !tn->u.type.scope.count && !tn->u.type.global_scope && !tn->u.type.scope_type) {
        as_type *t = c_find_type(c, f->ns, tn->u.type.name, true);
        if (t && (t->flags & AS_OBJ_TEMPLATE) && !t->template_base && tn->u.type.targs.count != t->subtypes.count) {
            c_error(c, tn, "Template '%s' expects %d sub type(s)", t->name, t->subtypes.count);
            return false;
        }
    }
    held_msgs h;
    memset(&h, 0, sizeof h);
    h.report = c->diag.report;
    h.user = c->diag.user;
    c->diag.report = hold_message;
    c->diag.user = &h;
    bool ok = c_resolve_type(c, tn, f->ns, f->objtype, out);
    c->diag.report = h.report;
    c->diag.user = h.user;
    /* the first error: a name that is no type? */
    held_msg *e = NULL;
    for (int i = 0; i < h.n && !e; i++)
        if (h.m[i].type == DIAG_ERROR) e = &h.m[i];
    const char *q1 = e ? strchr(e->text, '\'') : NULL, *q2 = q1 ? strchr(q1 + 1, '\'') : NULL;
    bool no_type = !ok && e && strncmp(e->text, "Identifier '", 12) == 0 && q2 && strcmp(q2, "' is not a data type") == 0;
    const ast_node *named = no_type ? type_node_at(tn, e->line, e->col, q1 + 1, (size_t)(q2 - q1 - 1)) : NULL;
    if (named && named->u.type.name_pos.line) {
        e->line = named->u.type.name_pos.line;
        e->col = named->u.type.name_pos.col;
    }
    for (int i = 0; i < h.n && h.report; i++) h.report(h.user, h.m[i].section, h.m[i].line, h.m[i].col, h.m[i].type, h.m[i].text);
    if (ok || !no_type) return ok;
    if (tn->u.type.targs.count && pos_before(tn->u.type.targs_pos, e->line, e->col)) {
        c_error_pos(c, tn->u.type.targs_pos, "Expected '('");
        c_error_pos(c, tn->u.type.targs_pos, "Instead found '<'");
    } else {
        ast_pos at = {e->line, e->col, e->section};
        c_error_pos(c, at, "Expected '('");
        c_error_pos(c, at, "Instead found identifier '%.*s'", (int)(q2 - q1 - 1), q1 + 1);
    }
    return false;
}

int tmplcall_resolve(fc *f, const ast_node *call, as_function **cands, int n, bool can_infer)
{
    int first = -1;
    for (int i = 0; i < n && first < 0; i++)
        if (cands[i]->attrs & FA_TEMPLATE_FN) first = i;
    if (first < 0) return TMPLCALL_OK;
    const ast_list *targs = call->kind == AST_CALL ? &call->u.call.targs : NULL;
    if (!targs || !targs->count) {
        /* the host's opt-in (as_function_set_subtype_inference): the arguments will say */
        bool infer = can_infer && call->kind == AST_CALL;
        for (int i = first; i < n && infer; i++)
            if ((cands[i]->attrs & FA_TEMPLATE_FN) && !(cands[i]->attrs & FA_INFER_SUBTYPES)) infer = false;
        if (infer) return TMPLCALL_INFER;
        ast_pos at = call->kind == AST_CALL && call->u.call.args_pos.line ? call->u.call.args_pos : call->pos;
        c_error_pos(f->c, at, "Template '%s' expects %d sub type(s)", cands[first]->name, cands[first]->tf_subtypes.count);
        return TMPLCALL_FAILED;
    }
    /* the subtypes first: the reference's parser reports a name that is no type before all else */
    enum { MAX_SUBS = 16 };
    as_dtype subs[MAX_SUBS];
    int ns = targs->count;
    if (ns > MAX_SUBS) ns = MAX_SUBS;
    for (int i = 0; i < ns; i++) {
        if (!resolve_targ(f, targs->items[i], &subs[i])) return TMPLCALL_BAD_TYPE;
        /* a funcdef named without @ is its handle here; references and auto handles aren't types */
        subs[i].flags &= (uint8_t)(DT_HANDLE | DT_CONST | DT_HANDLE_CONST);
    }
    for (int i = first; i < n; i++) {
        as_function *t = cands[i];
        if (!(t->attrs & FA_TEMPLATE_FN) || t->tf_subtypes.count == targs->count) continue;
        c_error(f->c, targs->items[0], "Template '%s' expects %d sub type(s)", t->name, t->tf_subtypes.count);
        return TMPLCALL_FAILED;
    }
    for (int i = first; i < n; i++) {
        if (!(cands[i]->attrs & FA_TEMPLATE_FN)) continue;
        as_function *inst = tmplfn_instance(f->c, cands[i], subs, ns);
        if (!inst) {
            c_error(f->c, call, "out of memory");
            return TMPLCALL_FAILED;
        }
        cands[i] = inst;
    }
    return TMPLCALL_OK;
}

int tmplcall_infer(fc *f, const ast_node *call, as_function **cands, int n, const call_args *a)
{
    enum { MAX_SUBS = 16 };
    for (int i = 0; i < n; i++) {
        as_function *t = cands[i];
        if (!(t->attrs & FA_TEMPLATE_FN)) continue;
        as_dtype subs[MAX_SUBS];
        int ns = t->tf_subtypes.count;
        bool ok = ns <= MAX_SUBS;
        for (int s = 0; s < ns && ok; s++) {
            ok = false;
            for (int p = 0; p < t->params.count && p < a->n && !ok; p++) {
                const arg_t *x = &a->v[p];
                if (x->name) break;   /* named arguments: positions are not parameters */
                if (t->params.data[p].type.type != t->tf_subtypes.data[s].type || x->deferred || x->v.kind == EV_NULL ||
                    !x->v.type.type || (type_is_primitive(x->v.type.type) && x->v.type.type->prim == AS_TYPEID_VOID))
                    continue;
                subs[s].type = x->v.type.type;
                subs[s].flags = (uint8_t)(x->v.type.flags & DT_HANDLE);
                ok = true;
            }
        }
        if (!ok) {
            c_error(f->c, call, "Template '%s' expects %d sub type(s)", t->name, ns);
            return TMPLCALL_FAILED;
        }
        as_function *inst = tmplfn_instance(f->c, t, subs, ns);
        if (!inst) {
            c_error(f->c, call, "out of memory");
            return TMPLCALL_FAILED;
        }
        cands[i] = inst;
    }
    return TMPLCALL_OK;
}

int tmplcall_find_methods(fc *f, as_type *t, const char *name, as_function **out, int found, int max)
{
    bool any = false;
    for (int i = type_first_method(t, name); i >= 0 && !any; i = type_next_method(t, i))
        any = t->methods.data[i]->name == name && (t->methods.data[i]->attrs & FA_TEMPLATE_FN);
    if (!any) return found;
    /* all of them in the order they were registered (a registered type has no base class) */
    int n = 0;
    for (int i = type_first_method(t, name); i >= 0 && n < max; i = type_next_method(t, i)) {
        as_function *m = t->methods.data[i];
        if (m->name != name || (m->masked && !(m->access & C_ACCESS(f->c)))) continue;
        out[n++] = m;
    }
    return n;
}
