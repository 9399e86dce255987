/* Function calls: arguments (evaluated right to left, as the reference does), overload
 * resolution by conversion cost, argument passing by value and by reference, results. */
#include "call.h"
#include "opcall.h"
#include "ctor.h"
#include "tmplcall.h"
#include <stdio.h>
#include <string.h>

static as_engine *E(fc *f) { return f->c->engine; }

/* Registered template factories take the instance's type as a hidden first argument. */
static int hidden_params(const as_function *fn) { return (fn->attrs & FA_TEMPLATE_TYPE) ? 1 : 0; }

/* ======================================================================= arguments */

arg_t *args_room(fc *f, arg_t *local, int n)
{
    return n <= ARGS_LOCAL ? local : arena_alloc(f->c->arena, sizeof(arg_t) * (size_t)n);
}

bool args_duplicate_name(fc *f, ast_node *const *items, int n)
{
    for (int i = 0; i < n; i++) {
        if (items[i]->kind != AST_ARG || !items[i]->u.arg.name) continue;
        for (int j = 0; j < i; j++)
            if (items[j]->kind == AST_ARG && items[j]->u.arg.name == items[i]->u.arg.name) {
                c_error(f->c, items[j]->u.arg.value, "Duplicate named argument");
                return true;
            }
    }
    return false;
}

#if defined(__GNUC__)
#define CALL_NOINLINE __attribute__((noinline))
#else
#define CALL_NOINLINE
#endif

/* The method `obj.m` or (in a method) `m` names when it names nothing else: a variable or
 * property of that name, or a function, is what the name means. Out of line: its values are
 * not in the frame of the calls that nest (arguments of arguments). */
static CALL_NOINLINE as_function *method_named(fc *f, ast_node *n)
{
    as_type *t = NULL;
    const char *name;
    if (n->kind == AST_MEMBER) {
        ev o;
        if (!compile_probe(f, n->u.member.object, &o, false) || o.kind == EV_TYPE || o.kind == EV_NS ||
            !dt_is_object(&o.type) || !o.type.type || o.type.type->kind != TYPE_OBJECT)
            return NULL;
        t = o.type.type;
        name = n->u.member.name;
    } else if (n->kind == AST_IDENT && f->objtype && !n->u.ident.global_scope && !n->u.ident.scope.count &&
               !n->u.ident.scope_type && !scope_find(f, n->u.ident.name)) {
        t = f->objtype;
        name = n->u.ident.name;
    } else {
        return NULL;
    }
    as_function *m[1];
    if (find_methods(f, t, name, m, 1) <= 0) return NULL;
    ev v;
    if (compile_probe(f, n, &v, false)) return NULL;
    return m[0];
}

bool arg_method_ref(fc *f, arg_t *x)
{
    if (x->node->kind != AST_MEMBER && x->node->kind != AST_IDENT) return false;
    as_function *m = method_named(f, x->node);
    if (!m) return false;
    /* nothing to evaluate: the call has no match (pick_overload says why) */
    ev_init(&x->v, EV_FUNC);
    x->v.single = m;
    x->method = true;
    return true;
}

void args_compile(fc *f, ast_list *list, call_args *a)
{
    a->n = list ? list->count : 0;
    if (a->n && args_duplicate_name(f, list->items, a->n)) {
        for (int k = 0; k < a->n; k++) ev_init(&a->v[k].v, EV_ERROR), a->v[k].node = list->items[k], a->v[k].deferred = false, a->v[k].name = NULL;
        return;
    }
    bool named = false;
    for (int i = 0; i < a->n; i++) {
        ast_node *an = list->items[i];
        bool is_named = an->kind == AST_ARG && an->u.arg.name;
        if (named && !is_named) {
            c_error(f->c, an, "Positional arguments cannot be passed after named arguments");
            for (int k = 0; k < a->n; k++) ev_init(&a->v[k].v, EV_ERROR), a->v[k].node = list->items[k], a->v[k].deferred = false;
            return;
        }
        named = named || is_named;
    }
    for (int oi = 0; oi < a->n; oi++) {
        int i = a->order ? a->order[oi] : a->n - 1 - oi;
        ast_node *an = list->items[i];
        arg_t *x = &a->v[i];
        memset(x, 0, sizeof *x);
        x->node = an->kind == AST_ARG ? an->u.arg.value : an;
        x->name = an->kind == AST_ARG ? an->u.arg.name : NULL;
        if (x->node->kind == AST_LAMBDA || x->node->kind == AST_INITLIST) {
            x->deferred = true;
            ev_init(&x->v, EV_VOID);
            continue;
        }
        /* the enum the candidates agree on for this (positional) parameter */
        as_type *hint = f->enum_hint, *agreed = NULL;
        bool agree = a->ncand > 0 && !x->name;
        for (int c = 0; agree && c < a->ncand; c++) {
            as_function *fn = a->cands[c];
            int k = i + ((fn->attrs & FA_TEMPLATE_TYPE) ? 1 : 0);
            as_type *pt = k < fn->params.count ? fn->params.data[k].type.type : NULL;
            if (!pt || pt->kind != TYPE_ENUM || (agreed && agreed != pt)) agree = false;
            agreed = pt;
        }
        f->enum_hint = agree ? agreed : NULL;
        /* a variable passed where a candidate takes &out is written, not read; another
         * expression there is evaluated after the call (x->late) */
        bool out_arg = false;
        for (int c = 0; c < a->ncand && !out_arg && !x->name; c++) {
            as_function *fn = a->cands[c];
            int k = i + ((fn->attrs & FA_TEMPLATE_TYPE) ? 1 : 0);
            out_arg = k < fn->params.count && fn->params.data[k].inout == INOUT_OUT;
        }
        if (out_arg && x->node->kind != AST_IDENT && x->node->kind != AST_LITERAL && compile_probe(f, x->node, &x->v, false) &&
            x->v.kind != EV_FUNC && x->v.kind != EV_TYPE && x->v.kind != EV_NS) {
            x->late = true;
            f->enum_hint = hint;
            continue;
        }
        const ast_node *target = f->assign_target;
        if (out_arg && x->node->kind == AST_IDENT) f->assign_target = x->node;
        if (!arg_method_ref(f, x)) compile_expr(f, x->node, &x->v);
        f->assign_target = target;
        f->enum_hint = hint;
        if (x->v.kind == EV_PROP) ev_resolve_prop(f, &x->v, x->node);
    }
    /* a lone void expression is no argument, as in the reference: `_grab(hello())` calls
     * `_grab()` after hello() (the console sample hands every expression to _grab) */
    if (a->n == 1 && !a->v[0].name && !a->v[0].deferred && a->v[0].v.kind == EV_VOID) a->n = 0;
}

/* With named arguments the reference evaluates in parameter order, last parameter first, as
 * the first candidate whose names match lays them out. NULL: plain right-to-left order. */
const int *args_eval_order(ast_list *list, as_function **cands, int ncand, int *order, int max)
{
    int n = list->count;
    bool named = false;
    for (int i = 0; i < n; i++)
        if (list->items[i]->kind == AST_ARG && list->items[i]->u.arg.name) named = true;
    if (!named || n > max) return NULL;
    for (int c = 0; c < ncand; c++) {
        as_function *fn = cands[c];
        int hidden = hidden_params(fn), pos[64];
        bool ok = true;
        int positional = 0;
        for (int i = 0; i < n && ok; i++) {
            ast_node *an = list->items[i];
            const char *nm = an->kind == AST_ARG ? an->u.arg.name : NULL;
            if (!nm) { pos[i] = positional++; continue; }
            pos[i] = -1;
            for (int k = hidden; k < fn->params.count; k++)
                if (fn->params.data[k].name == nm) pos[i] = k - hidden;
            ok = pos[i] >= 0;
        }
        if (!ok) continue;
        for (int i = 0; i < n; i++) order[i] = i;
        for (int i = 1; i < n; i++)     /* insertion sort, descending parameter index */
            for (int k = i; k > 0 && pos[order[k]] > pos[order[k - 1]]; k--) {
                int t = order[k];
                order[k] = order[k - 1];
                order[k - 1] = t;
            }
        return order;
    }
    return NULL;
}

void args_free(fc *f, call_args *a)
{
    for (int i = 0; i < a->n; i++) ev_free(f, &a->v[i].v);
}

bool args_have_error(const call_args *a)
{
    for (int i = 0; i < a->n; i++)
        if (a->v[i].v.kind == EV_ERROR) return true;
    return false;
}

/* Text of the argument types for messages: "f(int, const string&)". */
/* A function name passed as an argument, as the reference shows it: `ns::name` (`::name` for a
 * global function), `Class::name` for a method. */
static void function_name_text(const ev *v, char *t, size_t n)
{
    const as_function *fn = v->single;
    for (const as_symbol *s = v->funcs; s && !fn; s = s->next)
        if (s->kind == SYM_FUNC) fn = s->ptr;
    if (!fn) snprintf(t, n, "<function>");
    else if (fn->objtype) snprintf(t, n, "%s::%s", fn->objtype->name, fn->name);
    else snprintf(t, n, "%s::%s", fn->ns && fn->ns->name ? fn->ns->name : "", fn->name);
}

void args_signature_text(fc *f, const char *name, const call_args *a, char *buf, size_t n)
{
    size_t len = (size_t)snprintf(buf, n, "%s(", name);
    /* as the reference lists them: positional arguments first, named ones last to first */
    int order[256], no = 0, npos = 0;
    for (int i = 0; i < a->n && no < 256; i++)
        if (!a->v[i].name) order[no++] = i, npos++;
    for (int i = a->n; i-- > 0 && no < 256;)
        if (a->v[i].name) order[no++] = i;
    for (int oi = 0; oi < no && len < n; oi++) {
        int i = order[oi];
        const ev *v = &a->v[i].v;
        char t[256];
        if (a->v[i].deferred) snprintf(t, sizeof t, "%s", a->v[i].node->kind == AST_LAMBDA ? "$func@const" : "{...}");
        else if (v->kind == EV_NULL) snprintf(t, sizeof t, "<null handle>");
        else if (v->kind == EV_FUNC) function_name_text(v, t, sizeof t);
        else if (v->kind == EV_VOIDARG) snprintf(t, sizeof t, "void");
        else snprintf(t, sizeof t, "%s", ev_type_text(f, v));
        if (a->v[i].name)
            len += (size_t)snprintf(buf + len, n - len, "%s%s: %s", oi ? ", " : "", a->v[i].name, t);
        else
            len += (size_t)snprintf(buf + len, n - len, "%s%s", oi ? ", " : "", t);
        (void)npos;
    }
    if (len < n) snprintf(buf + len, n - len, ")");
}


/* Maps call arguments to parameter positions; false if the call can't match this function. */
static bool map_args(const as_function *fn, const call_args *a, int *param_of_arg, int skip_params)
{
    skip_params += hidden_params(fn);
    int np = fn->params.count - skip_params;
    bool seen_named = false;
    int positional = 0;
    for (int i = 0; i < a->n; i++) {
        if (a->v[i].name) {
            seen_named = true;
            int p = -1;
            for (int k = 0; k < np; k++)
                if (fn->params.data[k + skip_params].name == a->v[i].name) p = k;
            if (p < 0) return false;
            param_of_arg[i] = p;
        } else {
            if (seen_named) return false;
            param_of_arg[i] = positional++;
        }
    }
    /* a variadic function's last parameter takes any number of arguments (also none) */
    bool variadic = (fn->attrs & FA_VARIADIC) && np > 0;
    if (variadic)
        for (int i = 0; i < a->n; i++)
            if (param_of_arg[i] >= np - 1) {
                if (a->v[i].name) return false;
                param_of_arg[i] = np - 1;
            }
    if (a->n > np && !variadic) return false;
    /* every parameter is given or has a default; none twice */
    bool given[256] = {false};
    if (np > 256) return false;
    for (int i = 0; i < a->n; i++) {
        if (param_of_arg[i] >= np) return false;
        if (given[param_of_arg[i]] && !(variadic && param_of_arg[i] == np - 1)) return false;
        given[param_of_arg[i]] = true;
    }
    for (int k = 0; k < np - (variadic ? 1 : 0); k++)
        if (!given[k] && !fn->params.data[k + skip_params].defarg) return false;
    /* as in the reference, the variadic parameter takes at least one argument */
    if (variadic && !given[np - 1]) return false;
    return true;
}

/* A lambda fits a funcdef with as many parameters; those it gives a type must have the funcdef's
 * (so explicit types pick between funcdef overloads). */
static bool lambda_matches(fc *f, const ast_node *lambda, const as_type *fd)
{
    if (!fd || fd->kind != TYPE_FUNCDEF || !fd->signature) return false;
    const as_function *sig = fd->signature;
    if (lambda->u.lambda.params.count != sig->params.count) return false;
    for (int i = 0; i < sig->params.count; i++) {
        const ast_node *pn = lambda->u.lambda.params.items[i];
        if (!pn->u.param.type) continue;
        /* quietly: the lambda's own compilation reports a bad type */
        as_diag saved = f->c->diag;
        f->c->diag.report = NULL;
        as_dtype t;
        bool ok = c_resolve_type(f->c, pn->u.param.type, f->ns, f->objtype, &t);
        f->c->diag = saved;
        if (!ok) continue;
        as_inout io = pn->u.param.ref == REF_IN ? INOUT_IN : pn->u.param.ref == REF_OUT ? INOUT_OUT :
                      pn->u.param.ref == REF_INOUT ? INOUT_INOUT : INOUT_NONE;
        if (!dt_equal_ex(&t, &sig->params.data[i].type) || io != sig->params.data[i].inout) return false;
    }
    return true;
}

/* Cost of passing argument x to parameter p of fn. */
static int arg_cost(fc *f, const arg_t *x, const as_param *p, const as_function *fn)
{
    if (x->raw) return COST_EXACT;
    if (x->method) return COST_IMPOSSIBLE;
    if (x->deferred) {
        if (x->node->kind == AST_LAMBDA) return lambda_matches(f, x->node, p->type.type) ? COST_EXACT : COST_IMPOSSIBLE;
        /* init list: any object type that has a list constructor */
        as_type *t = p->type.type;
        return t && t->kind == TYPE_OBJECT && t->beh.list_factory ? COST_TO_OBJECT : COST_IMPOSSIBLE;
    }
    const ev *v = &x->v;
    if (v->kind == EV_ERROR) return COST_EXACT;
    if (v->kind == EV_VOIDARG) return p->inout == INOUT_OUT ? COST_EXACT : COST_IMPOSSIBLE;
    /* null for an &out handle discards the output */
    if (v->kind == EV_NULL && p->inout == INOUT_OUT) return dt_is_pointer(&p->type) ? COST_EXACT : COST_IMPOSSIBLE;
    if (p->type.type->kind == TYPE_VARTYPE) return COST_VARTYPE;
    if (p->inout == INOUT_OUT) {
        /* the value flows back into the argument (an lvalue: checked when passing) */
        ev back;
        ev_init(&back, EV_SLOT);
        back.type = p->type;
        as_dtype to = v->type;
        int c = conv_cost(f, &back, &to, false);
        return c;
    }
    if (p->inout == INOUT_INOUT && !E(f)->props[AS_EP_ALLOW_UNSAFE_REFERENCES]) {
        /* references to ref types only: the object itself is passed */
        if (!dt_is_ref_obj(&v->type) && !dt_is_handle(&v->type)) return COST_IMPOSSIBLE;
        /* a const object cannot be passed by a non-const reference */
        if (!dt_is_handle(&v->type) && !(p->type.flags & DT_CONST) && (v->readonly || (v->type.flags & DT_CONST))) return COST_IMPOSSIBLE;
    }
    if (v->kind == EV_FUNC) return conv_cost(f, v, &p->type, false);
    int c = conv_cost(f, v, &p->type, false);
    if (c >= COST_IMPOSSIBLE && p->type.type->kind == TYPE_OBJECT &&
        (!dt_is_handle(&p->type) || (!(p->type.type->flags & AS_OBJ_VALUE) && v->kind != EV_NULL))) {
        /* conversion to an object through a constructor; not into a constructor's own type
         * (the copy constructor would need itself to convert its argument) */
        bool own_type = ((fn->attrs & FA_CONSTRUCTOR) || fn->behaviour == AS_BEHAVE_FACTORY || fn->behaviour == AS_BEHAVE_CONSTRUCT) &&
                        (fn->objtype == p->type.type || fn->ret.type == p->type.type);
        if (!own_type && opcall_can_construct_from(f, p->type.type, v)) c = COST_TO_OBJECT;
    }
    /* an object's opImplConv (opImplCast to a handle), also to an object of another class */
    if (c >= COST_IMPOSSIBLE && dt_is_object(&v->type)) {
        if (opcall_can_convert_to(f, v, &p->type)) c = COST_OBJ_TO_PRIM;
    }
    return c;
}

int pick_base_ctor(fc *f, as_function **cands, int ncand, const call_args *a, const char *name,
                   const ast_node *at, bool report)
{
    f->picking_base_ctor = true;   /* per compilation, never a static: engines compile on threads */
    int pick = pick_overload(f, cands, ncand, a, 0, name, at, report);
    f->picking_base_ctor = false;
    return pick;
}

/* A candidate in the list after "No/Multiple matching signatures", as the reference declares
 * it: namespaces, the object type (a template instance as its type: `int[]::insertLast`) and
 * the parameter names included; a script class's constructors as the factories that call them
 * (`N::C@ N::C(int a)`), a template's factories as `int[]@ $fact(uint length)`. */
static void candidate_text(const as_function *fn, bool base_ctor, char *buf, size_t n)
{
    char obj[300] = "", ret[300] = "", t[300];
    size_t len = 0;
    int first = hidden_params(fn);
    bool ctor = (fn->attrs & FA_CONSTRUCTOR) != 0;
    if (fn->objtype) {
        as_dtype ot = dt_of(fn->objtype, 0);
        dtype_format(&ot, obj, sizeof obj, true);
    }
    if (!ctor) dtype_format(&fn->ret, ret, sizeof ret, true);
    if (first) {
        len = (size_t)snprintf(buf, n, "%s $fact(", ret);
    } else if (ctor && fn->objtype && (fn->objtype->flags & AS_OBJ_SCRIPT_OBJECT) && !base_ctor) {
        len = (size_t)snprintf(buf, n, "%s@ %s(", obj, obj);
    } else if (ctor) {
        len = (size_t)snprintf(buf, n, "%s::%s(", obj, fn->name);
    } else if (function_takes_object(fn)) {
        len = (size_t)snprintf(buf, n, "%s %s::%s(", ret, obj, fn->name);
    } else {
        const char *ns = fn->ns && fn->ns->name && fn->ns->name[0] ? fn->ns->name : NULL;
        len = (size_t)snprintf(buf, n, "%s %s%s%s(", ret, ns ? ns : "", ns ? "::" : "", fn->name);
    }
    for (int i = first; i < fn->params.count && len < n; i++) {
        const as_param *p = &fn->params.data[i];
        dtype_format(&p->type, t, sizeof t, true);
        len += (size_t)snprintf(buf + len, n - len, "%s%s%s%s%s%s%s%s", i > first ? ", " : "", t,
                                p->inout == INOUT_IN ? "&in" : p->inout == INOUT_OUT ? "&out" : p->inout == INOUT_INOUT ? "&inout" : "",
                                (fn->attrs & FA_VARIADIC) && i == fn->params.count - 1 ? "..." : "",
                                p->name ? " " : "", p->name ? p->name : "",
                                p->defarg_text ? " = " : "", p->defarg_text ? p->defarg_text : "");
    }
    if (len < n) snprintf(buf + len, n - len, ")%s", (fn->attrs & FA_CONST) ? " const" : "");
}

/* Where the reference lists a method among its class's: the base class's methods first (an
 * override in the place of the method it overrides), each class's in declaration order. */
static void method_rank(const as_function *m, int *depth, int *index)
{
    *depth = 0;
    *index = 0;
    if (!m->objtype || (m->attrs & FA_CONSTRUCTOR)) return;
    int level = 0;
    for (as_type *c = m->objtype; c; c = c->base) level++;
    for (as_type *c = m->objtype; c; c = c->base, level--)
        for (int i = 0; i < c->methods.count; i++) {
            const as_function *o = c->methods.data[i];
            if (o->name == m->name && (o == m || function_same_signature(o, m))) {
                *depth = level;
                *index = i;
                break;
            }
        }
}

/* The candidates to list (indexes into cands) in the reference's order. */
static void candidates_in_order(as_function **cands, int *which, int n)
{
    int depth[256], index[256];
    for (int i = 0; i < n && i < 256; i++) method_rank(cands[which[i]], &depth[i], &index[i]);
    for (int i = 1; i < n && i < 256; i++)     /* insertion sort: stable */
        for (int k = i; k > 0 && (depth[k] < depth[k - 1] || (depth[k] == depth[k - 1] && index[k] < index[k - 1])); k--) {
            int t = which[k]; which[k] = which[k - 1]; which[k - 1] = t;
            t = depth[k]; depth[k] = depth[k - 1]; depth[k - 1] = t;
            t = index[k]; index[k] = index[k - 1]; index[k - 1] = t;
        }
}

/* "No matching signatures" (with "Candidates are:" and the candidates) or "Multiple matching
 * signatures" (with the equally good ones). Out of line: its buffers are not in the frame of
 * calls that nest. */
static CALL_NOINLINE void report_no_match(fc *f, as_function **cands, int ncand, const int *alive, int nalive,
                                          const call_args *a, const char *name, const ast_node *at)
{
    char sig[1024];
    args_signature_text(f, name, a, sig, sizeof sig);
    bool method = false;
    for (int i = 0; i < a->n; i++) method = method || a->v[i].method;
    if (method) {
        /* the reference lists no candidates then, but what is wrong */
        c_error(f->c, at, "No matching signatures to '%s'", sig);
        c_error(f->c, at, "Can't pass class method as arg directly. Use a delegate object instead");
        return;
    }
    if (nalive == 0) {
        c_error(f->c, at, "No matching signatures to '%s'", sig);
        c_info(f->c, at, "Candidates are:");
    } else {
        c_error(f->c, at, "Multiple matching signatures to '%s'", sig);
    }
    int shown[256], nshown = 0;
    for (int i = 0; i < (nalive ? nalive : ncand) && nshown < 256; i++) shown[nshown++] = nalive ? alive[i] : i;
    candidates_in_order(cands, shown, nshown);
    for (int i = 0; i < nshown; i++) {
        char d[1024];
        candidate_text(cands[shown[i]], f->picking_base_ctor, d, sizeof d);
        c_info(f->c, at, "%s", d);
    }
}

int pick_overload(fc *f, as_function **cands, int ncand, const call_args *a, int skip_params,
                  const char *name, const ast_node *at, bool report)
{
    int alive[256];
    int nalive = 0;
    int map[256];
    if (a->n > 256) return -1;
    /* the candidates accepting every argument, ranked by the sum of conversion costs */
    int total[256];
    int best = COST_IMPOSSIBLE;
    for (int i = 0; i < ncand && nalive < 256; i++) {
        as_function *fn = cands[i];
        if (!map_args(fn, a, map, skip_params)) continue;
        int sum = 0;
        for (int ai = 0; ai < a->n && sum < COST_IMPOSSIBLE; ai++) {
            int c = arg_cost(f, &a->v[ai], &fn->params.data[map[ai] + skip_params + hidden_params(fn)], fn);
            sum = c >= COST_IMPOSSIBLE ? COST_IMPOSSIBLE : sum + c;
        }
        if (sum >= COST_IMPOSSIBLE) continue;
        total[nalive] = sum;
        alive[nalive++] = i;
        if (sum < best) best = sum;
    }
    int w = 0;
    for (int k = 0; k < nalive; k++)
        if (total[k] == best) alive[w++] = alive[k];
    nalive = w;
    if (nalive == 1) return alive[0];
    if (report && !args_have_error(a)) report_no_match(f, cands, ncand, alive, nalive, a, name, at);
    return -1;
}

/* ======================================================================= passing */

typedef struct post_out {
    ev target;          /* the argument lvalue */
    const ast_node *late;   /* or the expression giving it, compiled after the call */
    ev tmp;             /* where the callee wrote */
    const ast_node *at;
    bool narrow;        /* narrow_slot was written through a reference: re-extend a small int */
    int narrow_slot;
} post_out;
typedef VEC(post_out) post_vec;

/* After the call: re-extends small integers written through references, assigns each &out
 * temporary to its argument, and frees the temporaries. */
static void write_backs(fc *f, post_vec *posts)
{
    for (int i = 0; i < posts->count; i++) {
        post_out *po = &posts->data[i];
        if (po->narrow) emit_narrow(f, po->narrow_slot, po->tmp.type.type);
        if (po->late) {
            const ast_node *target = f->assign_target;
            f->assign_target = po->late;
            compile_expr(f, (ast_node *)po->late, &po->target);
            f->assign_target = target;
        }
        if (po->target.kind != EV_VOIDARG && po->target.kind != EV_ERROR) {
            ev val = ev_view(&po->tmp), dummy, tgt = po->target;
            val.handle_store = dt_is_handle(&val.type);   /* an &out handle hands over the handle */
            assign_to(f, &tgt, &val, po->at, &dummy);
            ev_free(f, &dummy);
        }
        ev_free(f, &po->tmp);
    }
    VEC_FREE(*posts);
}

/* Default storage for an object temp of type t: inline slots for value types. */
int value_storage(fc *f, as_type *t)
{
    as_dtype d = dt_of(t, 0);
    return slot_alloc(f, dtype_slots(&d));
}

/* An &out argument: the callee writes into a fresh default temporary of the given type, which
 * is assigned to the argument after the call (a callee that never writes leaves the default). */
static void place_out_temp(fc *f, const as_dtype *type, ev *v, arg_t *x, int slot, post_vec *posts, const ast_node *at)
{
    /* the callee writes into a temporary; it is assigned to the argument after the call */
    post_out po;
    memset(&po, 0, sizeof po);
    po.at = x->node;
    ev_init(&po.tmp, EV_SLOT);
    po.tmp.type = *type;
    if (dt_is_value_obj(type)) {
        int st = value_storage(f, type->type);
        compile_new_object(f, dt_of(type->type, 0), NULL, 0, (ast_node *)at, &po.tmp, st);
        emit(f, BC_ADDR, slot, st, 0);
    } else if (dt_is_ref_obj(type) && !dt_is_handle(type) && type->type->kind == TYPE_OBJECT) {
        compile_new_object(f, dt_of(type->type, 0), NULL, 0, (ast_node *)at, &po.tmp, -1);
        if (po.tmp.kind != EV_ERROR) emit(f, BC_MOV, slot, po.tmp.slot, 0);
    } else {
        int t = slot_alloc(f, 1);
        po.tmp.slot = (uint16_t)t;
        po.tmp.temp = true;
        po.tmp.ntemp = 1;
        /* cleared so a callee that never writes leaves a defined value */
        emit(f, BC_CLR, t, 0, 0);
        if (dt_is_pointer(type)) po.tmp.objvar = objvar_begin(f, t, OV_HANDLE, type->type);
        po.narrow = true;
        po.narrow_slot = t;
        emit(f, BC_ADDR, slot, t, 0);
    }
    bool zero = v->kind == EV_CONST && x->node && x->node->kind == AST_LITERAL && x->node->u.lit.kind == LIT_INT && v->k.u64 == 0;
    if (v->kind == EV_VOIDARG || v->kind == EV_NULL || zero) {
        /* `void`, and as in the reference a literal 0 or null: the output is discarded */
        ev_free(f, v);
        ev_init(&po.target, EV_VOIDARG);
    } else if (!v->lvalue && v->kind != EV_PROP) {
        c_error(f->c, x->node, "Output argument expression is not assignable");
        ev_init(&po.target, EV_ERROR);
    } else if (x->late) {
        po.late = x->node;
        x->late = false;
    } else {
        po.target = *v;
        ev_init(v, EV_VOID);
    }
    VEC_PUSH(*posts, po);
}

static bool has_explicit_copy_ctor(const as_type *t)
{
    for (int i = 0; i < t->beh.factories.count; i++) {
        const as_function *c = t->beh.factories.data[i];
        if (c->params.count == 1 && c->params.data[0].type.type == t && !(c->params.data[0].type.flags & DT_HANDLE) &&
            (c->attrs & FA_EXPLICIT))
            return true;
    }
    return false;
}

/* The address of the variable in slot v->slot as the argument: the callee writes the variable's
 * bytes, so a small integer is re-extended after the call. */
static void pass_in_place(fc *f, const ev *v, int slot, post_vec *posts)
{
    emit(f, BC_ADDR, slot, v->slot, 0);
    post_out po;
    memset(&po, 0, sizeof po);
    ev_init(&po.target, EV_VOIDARG);
    ev_init(&po.tmp, EV_VOID);
    po.tmp.type = v->type;
    po.narrow = true;
    po.narrow_slot = v->slot;
    VEC_PUSH(*posts, po);
}

/* Whether fn makes or assigns a pt from its argument (a constructor, factory or opAssign of pt):
 * the argument it copies from is passed as it is, or copying it would call fn again. */
static bool copies_type(const as_function *fn, const as_type *pt)
{
    return fn && (fn->objtype == pt || fn->ret.type == pt) &&
           ((fn->attrs & FA_CONSTRUCTOR) || fn->behaviour == AS_BEHAVE_FACTORY || strcmp(fn->name, "opAssign") == 0);
}

/* Places one argument into its slot. Adds &out write-backs to posts. */
static void place_arg(fc *f, as_function *fn, const as_param *p, arg_t *x, int slot, bool native,
                      post_vec *posts, const ast_node *at)
{
    ev *v = &x->v;
    if (x->raw) {
        ev_to_slot(f, v, slot);
        return;
    }
    if (x->late && p->inout != INOUT_OUT) {
        /* the candidate picked takes it otherwise: compiled here after all */
        x->late = false;
        compile_expr(f, x->node, v);
    }
    if (x->deferred) {
        compile_expr_as(f, x->node, &p->type, v);
        x->deferred = false;
    }
    if (v->kind == EV_ERROR) return;
    if (v->kind == EV_PROP) ev_resolve_prop(f, v, x->node);
    as_type *pt = p->type.type;

    if (pt->kind == TYPE_VARTYPE && v->kind == EV_FUNC && !opcall_func_to_own_handle(f, v, x->node)) return;
    if (pt->kind == TYPE_VARTYPE && p->inout == INOUT_IN && v->kind != EV_NULL && v->kind != EV_ERROR && dt_is_handle(&v->type) &&
        !v->explicit_handle && v->type.type->kind == TYPE_OBJECT && !(v->type.type->flags & AS_OBJ_ASHANDLE)) {
        /* a handle given as `?&in` without `@` stands for its object (null: an exception) */
        int s = ev_to_slot(f, v, -1);
        emit(f, BC_CHKNULL, s, 0, 0);
        v->type.flags &= (uint8_t)~DT_HANDLE;
    }
    if (pt->kind == TYPE_VARTYPE) {
        /* `?`: address of the value (a copy for &in) and its type id */
        int tid = v->kind == EV_NULL ? 0 : dtype_type_id(&v->type);
        if (v->kind == EV_NULL) tid = 0;
        as_dtype tdt = v->type;     /* object type ids are engine-specific: emitted as K_TYPEID */
        if (p->inout == INOUT_OUT && v->kind != EV_NULL && v->kind != EV_VOIDARG) {
            /* as for typed &out: a default temporary of the argument's type, assigned back */
            as_dtype ot = v->type;
            ot.flags &= (uint8_t)~(DT_CONST | DT_REF);
            place_out_temp(f, &ot, v, x, slot, posts, at);
        } else if (p->inout == INOUT_OUT || p->inout == INOUT_INOUT) {
            if (dt_is_handle(&v->type) && v->kind == EV_SLOT) emit(f, BC_ADDR, slot, v->slot, 0);
            else if (dt_is_pointer(&v->type) && !dt_is_handle(&v->type)) ev_to_slot(f, v, slot);
            else if (v->kind == EV_SLOT) emit(f, BC_ADDR, slot, v->slot, 0);
            else ev_address(f, v, slot);
        } else if (dt_is_value_obj(&v->type) || (dt_is_ref_obj(&v->type) && !dt_is_handle(&v->type))) {
            ev_address(f, v, slot);
        } else if (v->kind == EV_SLOT && v->temp && v->ntemp <= 1) {
            /* a temporary already: its own slot (an owned handle stays owned until after the call) */
            emit(f, BC_ADDR, slot, v->slot, 0);
        } else {
            /* primitives and handles: copy into a temp slot and pass its address */
            int t = slot_alloc(f, 1);
            if (v->kind == EV_NULL) emit_sbx(f, BC_LI, t, 0);
            else ev_to_slot(f, v, t);
            emit(f, BC_ADDR, slot, t, 0);
            /* v now stands for t until the call ends; what v owned (a reference the copied
             * handle relies on) is kept with it */
            ev *held = NULL;
            if (v->objvar >= 0 || v->temp || v->keep) {
                held = arena_alloc(f->c->arena, sizeof(ev));
                *held = *v;
            }
            ev_init(v, EV_SLOT);
            v->slot = (uint16_t)t;
            v->temp = true;
            v->ntemp = 1;
            v->keep = held;
        }
        if (tid) {
            emit_load_typeid(f, slot + 1, &tdt);
        } else {
            as_slot tv;
            tv.i64 = 0;
            emit_load_const(f, slot + 1, tv, false);
        }
        return;
    }

    if (p->inout == INOUT_OUT) {
        if (!x->late && native && v->kind == EV_SLOT && v->lvalue && !v->temp && v->objvar < 0 && !v->keep &&
            dt_is_primitive(&v->type) && !dt_is_pointer(&v->type) && v->type.type == p->type.type) {
            /* a registered function writes a local number in place: no temporary to clear and
             * copy back. One that leaves it unwritten (dictionary::get of a missing key) leaves
             * its value, where the reference copies back an uninitialised temporary */
            pass_in_place(f, v, slot, posts);
            ev_init(v, EV_VOID);
            return;
        }
        place_out_temp(f, &p->type, v, x, slot, posts, at);
        return;
    }

    if (p->inout == INOUT_INOUT) {
        /* the real object (or variable, with unsafe references) */
        if (dt_is_value_obj(&v->type)) {
            ev_address(f, v, slot);
        } else if (dt_is_pointer(&v->type)) {
            if (!conv_implicit(f, v, &p->type, x->node, false)) {
                c_error(f->c, x->node, "Can't implicitly convert from '%s' to '%s'.", ev_type_text(f, v), c_type_text(f->c, &p->type));
                return;
            }
            ev_own_handle(f, v);
            ev_to_slot(f, v, slot);
        } else if (v->lvalue && (v->kind == EV_SLOT || v->kind == EV_MEM || v->kind == EV_GLOBAL)) {
            if (v->kind == EV_SLOT) {
                pass_in_place(f, v, slot, posts);
            } else {
                ev_address(f, v, slot);
            }
        } else {
            int t = slot_alloc(f, 1);
            ev_to_slot(f, v, t);
            emit(f, BC_ADDR, slot, t, 0);
        }
        return;
    }

    /* by value or &in */
    if (v->kind == EV_FUNC && pt->kind == TYPE_FUNCDEF) {
        if (!opcall_func_to_handle(f, v, pt, x->node)) return;
    }
    /* a constant's conversion warnings: the reference places them at a negated literal's
     * number (`f(-1)`), not at its minus */
    const ast_node *warn_at = x->node;
    while (v->kind == EV_CONST && warn_at && warn_at->kind == AST_UNARY && warn_at->u.unary.op == OP_NEG) warn_at = warn_at->u.unary.operand;
    if (!conv_implicit(f, v, &p->type, warn_at, false)) {
        if (!opcall_convert(f, v, &p->type, x->node, false)) {
            c_error(f->c, x->node, "Can't implicitly convert from '%s' to '%s'.", ev_type_text(f, v), c_type_text(f->c, &p->type));
            return;
        }
    }
    if (dt_is_value_obj(&p->type)) {
        /* an object in memory the callee may free or move (an element of an array it resizes, a
         * member of an object a handle it clears held) is copied: only `this`'s members and
         * what a reference parameter names outlive any call (the reference copies a global
         * and a member reached through a handle too, and passes those by reference) */
        bool may_move = !copies_type(fn, pt) && ((v->kind == EV_MEM && v->slot >= f->fn->nargslots) || v->kind == EV_GLOBAL);
        if (p->inout == INOUT_IN && ((p->type.flags & DT_CONST) || v->objvar >= 0 || v->kind == EV_STRING) && !may_move) {
            /* const &in: the object itself (temporaries and constants live until the call ends) */
            ev_address(f, v, slot);
        } else {
            /* by value or non-const &in: a copy the caller owns */
            ev copy;
            ev_copy_value(f, v, -1, &copy, x->node);
            ev_free(f, v);
            *v = copy;
            ev_address(f, v, slot);
        }
        return;
    }
    if (dt_is_ref_obj(&p->type) && !dt_is_handle(&p->type)) {
        /* ref type object by reference or value; a non-const &in also gets a copy (the callee
         * may change it, the caller's object must not change) */
        bool own_copy_op = copies_type(fn, pt);
        bool copy_in = p->inout == INOUT_IN && !(p->type.flags & DT_CONST) && pt->kind == TYPE_OBJECT && v->objvar < 0 &&
                       !(pt->flags & (AS_OBJ_NOCOUNT | AS_OBJ_SCOPED)) && !own_copy_op;
        if ((p->inout == INOUT_NONE && pt->kind == TYPE_OBJECT && (pt->flags & AS_OBJ_SCRIPT_OBJECT) && v->objvar < 0) || copy_in) {
            /* by value: the callee gets its own copy */
            if (copy_in && has_explicit_copy_ctor(pt)) {
                c_error(f->c, x->node, "Can't implicitly call explicit copy constructor");
                return;
            }
            ev copy;
            copy_ref_object(f, v, x->node, &copy);
            *v = copy;
        } else {
            ev_own_handle(f, v);
        }
        ev_to_slot(f, v, slot);
        return;
    }
    if (dt_is_pointer(&p->type) && p->inout == INOUT_IN && !(p->type.flags & DT_IMPLIED_HANDLE)) {
        /* a reference to a handle: the address of a slot holding it (the callee copies it) */
        ev_own_handle(f, v);
        int t = v->kind == EV_SLOT ? v->slot : ev_to_slot(f, v, -1);
        emit(f, BC_ADDR, slot, t, 0);
        return;
    }
    if (dt_is_pointer(&p->type)) {
        ev_own_handle(f, v);
        ev_to_slot(f, v, slot);
        /* by value the host function takes over a reference; a funcdef by &in (`const less &in`,
         * a handle without its @) it only borrows for the call, as the reference passes it */
        if (native && !(p->type.flags & DT_AUTO_HANDLE) && p->inout != INOUT_IN && v->kind != EV_NULL)
            emit(f, BC_ADDREF, slot, k_type(f, pt), 0);
        return;
    }
    if (p->inout == INOUT_IN) {
        /* primitive &in: the address of a copy */
        int t = slot_alloc(f, 1);
        ev_to_slot(f, v, t);
        ev_free(f, v);
        ev_init(v, EV_SLOT);
        v->slot = (uint16_t)t;
        v->temp = true;
        v->ntemp = 1;
        emit(f, BC_ADDR, slot, t, 0);
        return;
    }
    if (v->kind == EV_SLOT && v->temp && v->objvar < 0 && retarget_last(f, v->slot, slot)) return;
    ev_to_slot(f, v, slot);
}

/* ======================================================================= the call */

/* Where the text of an expression starts (its leftmost token). */
ast_pos c_expr_start(const ast_node *n)
{
    for (int guard = 0; n && guard < 100000; guard++) {
        const ast_node *next = NULL;
        switch (n->kind) {
        case AST_BINARY: case AST_ASSIGN: next = n->u.binary.lhs; break;
        case AST_POSTFIX: next = n->u.unary.operand; break;
        case AST_MEMBER: next = n->u.member.object; break;
        case AST_INDEX: next = n->u.index.object; break;
        case AST_INVOKE: next = n->u.invoke.callee; break;
        case AST_CALL: next = n->u.call.object; break;
        case AST_TERNARY: next = n->u.ternary.cond; break;
        default: break;
        }
        if (!next || next->pos.line > n->pos.line || (next->pos.line == n->pos.line && next->pos.col > n->pos.col)) return n->pos;
        n = next;
    }
    return n ? n->pos : (ast_pos){0, 0, 0};
}

/* A default argument compiles as the reference compiles it: as code of its own (messages in
 * a section named "default arg", positions counted from the expression's start), seeing the
 * function's namespace but not the caller's variables nor `this`. */
static void emit_default_arg(fc *f, as_function *fn, const as_param *p, int index, arg_t *x, const ast_node *at)
{
    memset(x, 0, sizeof *x);
    x->node = p->defarg;
    if (p->inout == INOUT_OUT) {
        /* an &out parameter's default only says the argument may be left out: discard it */
        ev_init(&x->v, EV_VOIDARG);
        x->v.type = dt_prim(f, AS_TYPEID_VOID);
        return;
    }
    as_compiler *c = f->c;
    as_namespace *save = f->ns;
    as_type *save_obj = f->objtype;
    bool save_hide = f->hide_locals, save_in = c->in_defarg;
    ast_pos save_base = c->defarg_base;
    if (fn->ns) f->ns = fn->ns;
    f->objtype = NULL;
    f->hide_locals = true;
    c->in_defarg = true;
    c->defarg_base = c_expr_start(p->defarg);
    int errors = c->diag.errors;
    compile_expr(f, p->defarg, &x->v);
    /* as the reference: a value that can't become the parameter's type is the default's fault */
    if (c->diag.errors == errors && x->v.kind != EV_ERROR && x->v.kind != EV_PROP && arg_cost(f, x, p, fn) >= COST_IMPOSSIBLE)
        c_error_pos(c, c->defarg_base, "The type of the default argument expression doesn't match the function parameter type");
    f->ns = save;
    f->objtype = save_obj;
    f->hide_locals = save_hide;
    c->in_defarg = save_in;
    c->defarg_base = save_base;
    if (c->diag.errors > errors && !save_in) {
        char decl[600];
        function_format_decl(fn, decl, sizeof decl, true, true, false);
        c_error(c, at, "Failed while compiling default arg for parameter %d in function '%s'", index, decl);
        ev_free(f, &x->v);
        ev_error(&x->v);
    }
}

/* The tables of a call with more than CALL_LOCAL parameters or arguments go on the heap. */
#define CALL_LOCAL 8

/* After a call: the object is done with, unless the result refers into a temporary object,
 * which is then kept (returned, for the result's `keep`) until the result is used. */
static ev *call_keep_object(fc *f, const as_function *fn, ev *obj)
{
    if (obj && (fn->ret.flags & DT_REF) && (obj->objvar >= 0 || obj->temp || obj->keep)) {
        ev *keep = arena_alloc(f->c->arena, sizeof(ev));
        *keep = *obj;
        return keep;
    }
    if (obj) ev_free(f, obj);
    return NULL;
}

/* The value a call of fn left at slot base (its nslots argument slots, from base; a value
 * returned by value at retstore). */
static void call_result(fc *f, const as_function *fn, int base, int nslots, int retstore, bool native, ev *out)
{
    as_dtype rt = fn->ret;
    ev res;
    if (fn->has_retloc) {
        ev_init(&res, EV_SLOT);
        res.slot = (uint16_t)retstore;
        res.temp = true;
        res.ntemp = (uint16_t)dtype_slots(&rt);
        res.type = rt;
        res.objvar = objvar_begin(f, retstore, OV_VALUE, rt.type);
        slot_free(f, base, nslots);
    } else if ((rt.flags & DT_REF) && dt_is_ref_obj(&rt) && !(rt.flags & DT_HANDLE)) {
        /* a reference to a reference type's object is the object's address itself */
        slot_free(f, base + 1, nslots - 1);
        ev_init(&res, EV_SLOT);
        res.slot = (uint16_t)base;
        res.temp = true;
        res.ntemp = 1;
        res.type = rt;
        res.type.flags &= (uint8_t)~DT_REF;
        res.lvalue = !(rt.flags & DT_CONST);
        res.readonly = (rt.flags & DT_CONST) != 0;
    } else if (rt.flags & DT_REF) {
        /* a reference: the address is in the base slot */
        slot_free(f, base + 1, nslots - 1);
        ev_init(&res, EV_MEM);
        res.slot = (uint16_t)base;
        res.offset = 0;
        res.temp = true;
        res.ntemp = 1;
        res.type = rt;
        res.type.flags &= (uint8_t)~DT_REF;
        res.lvalue = !(rt.flags & DT_CONST);
        res.readonly = (rt.flags & DT_CONST) != 0;
    } else if (dt_is_void(&rt)) {
        slot_free(f, base, nslots);
        ev_init(&res, EV_VOID);
        res.type = rt;
    } else {
        slot_free(f, base + 1, nslots - 1);
        ev_init(&res, EV_SLOT);
        res.slot = (uint16_t)base;
        res.temp = true;
        res.ntemp = 1;
        res.type = rt;
        if (dt_is_pointer(&rt)) {
            if (native && (rt.flags & DT_AUTO_HANDLE)) emit(f, BC_ADDREF, base, k_type(f, rt.type), 0);
            res.objvar = objvar_begin(f, base, OV_HANDLE, rt.type);
        }
    }
    *out = res;
}

/* A method marked with as_function_set_intrinsic on a container with a direct element layout:
 * the element's address or the count without a call. false (nothing emitted) when the call
 * is not of the plain shape, which then compiles as a call. */
static bool emit_intrinsic(fc *f, as_function *fn, ev *obj, call_args *a, const ast_node *at, ev *out)
{
    as_type *ct = fn->objtype;
    if (!ct || !ct->elems_direct || !obj || dt_is_value_obj(&obj->type)) return false;
    bool index = fn->intrinsic == AS_INTRINSIC_INDEX;
    if (a->n != (index ? 1 : 0)) return false;
    as_opcode op = BC_ALEN;
    if (index) {
        arg_t *x = &a->v[0];
        if (x->name || x->deferred || x->raw || x->v.kind == EV_PROP || !dt_is_primitive(&x->v.type)) return false;
        if (conv_cost(f, &x->v, &fn->params.data[0].type, false) >= COST_IMPOSSIBLE) return false;
        as_dtype et = fn->ret;
        et.flags &= (uint8_t)~DT_REF;
        if (dt_is_pointer(&et) && dt_is_handle(&et)) op = BC_AIDX8;
        else if (dt_is_object(&et)) op = BC_AIDXP;
        else if (dt_is_primitive(&et)) {
            switch (dt_size(&et)) {
            case 1: op = BC_AIDX1; break;
            case 2: op = BC_AIDX2; break;
            case 4: op = BC_AIDX4; break;
            case 8: op = BC_AIDX8; break;
            default: return false;
            }
        } else return false;
        if (!conv_implicit(f, &x->v, &fn->params.data[0].type, x->node, false)) return false;
    }
    f->last_call = fn;
    int idx = index ? ev_to_slot(f, &a->v[0].v, -1) : 0;
    /* as for a call: a handle read from memory is held while the element is in use */
    if (!obj->is_this) ev_own_handle(f, obj);
    int os = ev_to_slot(f, obj, -1);
    int base = slot_alloc(f, 1);
    emit(f, op, base, os, idx);
    emit(f, BC_EXT, ct->elems_data, ct->elems_len, k_type(f, ct));
    ev *keep = call_keep_object(f, fn, obj);
    args_free(f, a);
    call_result(f, fn, base, 1, -1, true, out);
    out->keep = keep;
    (void)at;
    return true;
}

typedef struct call_scratch {
    void *map, *by_param, *defs;   /* heap blocks, or NULL */
    post_vec *posts;
} call_scratch;

static void free_call_scratch(void *scratch)
{
    call_scratch *cs = scratch;
    mem_free(cs->map);
    mem_free(cs->by_param);
    mem_free(cs->defs);
    if (cs->posts) VEC_FREE(*cs->posts);
    memset(cs, 0, sizeof *cs);
}

void emit_call_mapped(fc *f, as_function *fn, ev *obj, call_args *a, const ast_node *at, ev *out)
{
    if (fn->deprecated) c_warning(f->c, at, "'%s' is deprecated%s%s", as_function_declaration(fn, true, true, false),
                                  fn->deprecated[0] ? ": " : "", fn->deprecated);
    if (fn->intrinsic && emit_intrinsic(f, fn, obj, a, at, out)) return;
    f->last_call = fn;
    int nparams = fn->params.count;
    if (nparams > 256) nparams = 256;
    int map_local[CALL_LOCAL];
    arg_t *by_param_local[CALL_LOCAL];
    /* what the call holds on the heap, freed if running out of memory unwinds the compilation */
    call_scratch scratch = {0};
    mem_cleanup cleanup;
    mem_cleanup_push(&cleanup, free_call_scratch, &scratch);
    int *map = a->n <= CALL_LOCAL ? map_local : (scratch.map = mem_alloc(sizeof(int) * (size_t)a->n));
    arg_t **by_param = nparams <= CALL_LOCAL ? by_param_local : (scratch.by_param = mem_alloc(sizeof(arg_t *) * (size_t)nparams));
    arg_t *defs = NULL;
    int hidden = hidden_params(fn), ndefs = 0;
    /* variadic: the arguments of the last parameter go after its count slot, in order */
    bool variadic = (fn->attrs & FA_VARIADIC) && nparams > hidden;
    int nvar = 0, vwidth = variadic && fn->params.data[nparams - 1].type.type->kind == TYPE_VARTYPE ? 2 : 1;
    if (map && by_param) {
        memset(by_param, 0, sizeof(arg_t *) * (size_t)nparams);
        if (!map_args(fn, a, map, 0)) {
            /* callers checked already; be safe */
            for (int i = 0; i < a->n; i++) map[i] = i;
        }
        for (int i = 0; i < a->n; i++)
            if (map[i] + hidden < nparams && !(variadic && map[i] + hidden == nparams - 1)) by_param[map[i] + hidden] = &a->v[i];
        for (int k = nparams; k-- > hidden;)
            if (!by_param[k] && fn->params.data[k].defarg) ndefs++;
        if (ndefs) defs = scratch.defs = mem_alloc(sizeof(arg_t) * (size_t)ndefs);
    }
    if (!map || !by_param || (ndefs && !defs)) {
        c_error(f->c, at, "out of memory");
        mem_cleanup_pop(&cleanup);
        free_call_scratch(&scratch);
        args_free(f, a);
        if (obj) ev_free(f, obj);
        ev_error(out);
        return;
    }
    ndefs = 0;
    for (int k = nparams; k-- > hidden;) {
        if (!by_param[k] && fn->params.data[k].defarg) {
            emit_default_arg(f, fn, &fn->params.data[k], k, &defs[ndefs], at);
            by_param[k] = &defs[ndefs++];
        }
    }
    bool native = fn->kind == FN_SYSTEM;
    bool is_method = function_takes_object(fn);
    /* storage for a value type returned by value, below the argument area */
    int retstore = -1;
    if (fn->has_retloc) retstore = value_storage(f, fn->ret.type);
    if (variadic)
        for (int i = 0; i < a->n; i++)
            if (map[i] + hidden == nparams - 1) nvar++;
    int nslots = (fn->nargslots ? fn->nargslots : 1) + nvar * vwidth;
    int base = slot_alloc(f, nslots);
    post_vec posts = {0};
    scratch.posts = &posts;
    /* arguments right to left */
    if (variadic) {
        int vbase = base + fn->param_slot[nparams - 1];
        for (int i = a->n, j = nvar; i-- > 0;)
            if (map[i] + hidden == nparams - 1) {
                j--;
                place_arg(f, fn, &fn->params.data[nparams - 1], &a->v[i], vbase + 1 + j * vwidth, native, &posts, at);
            }
        as_slot cnt;
        cnt.i64 = nvar;
        emit_load_const(f, vbase, cnt, false);
    }
    for (int k = nparams; k-- > hidden;) {
        if (!by_param[k] || (variadic && k == nparams - 1)) continue;
        place_arg(f, fn, &fn->params.data[k], by_param[k], base + fn->param_slot[k], native, &posts, at);
    }
    if (hidden) emit(f, BC_LK, base + fn->param_slot[0], k_type(f, fn->objtype), 0);
    if (is_method) {
        if (obj) {
            if (dt_is_value_obj(&obj->type)) ev_address(f, obj, base + fn->this_slot);
            else {
                if (!obj->is_this) ev_own_handle(f, obj);
                ev_to_slot(f, obj, base + fn->this_slot);
                /* a method never runs on null: dispatching calls check it themselves */
                if (!obj->is_this && !(fn->attrs & FA_CONSTRUCTOR)) emit(f, BC_CHKNULL, base + fn->this_slot, 0, 0);
            }
        }
    }
    if (retstore >= 0) emit(f, BC_ADDR, base, retstore, 0);
    /* the call */
    as_opcode op = BC_CALL;
    if (fn->kind == FN_SYSTEM) op = BC_CALLSYS;
    else if (fn->kind == FN_INTERFACE ||
             (fn->vtable_index >= 0 && fn->objtype && ((fn->attrs & FA_OVERRIDDEN) || (fn->objtype->flags & AS_OBJ_SHARED))))
        op = BC_CALLV;
    if (obj && obj->direct && fn->kind == FN_SCRIPT) op = BC_CALL; /* Base::method() */
    if (fn->kind == FN_IMPORTED) op = BC_CALLPTR;
    if (op == BC_CALLPTR) {
        int fs = slot_alloc(f, 1);
        emit(f, BC_LK, fs, k_func(f, fn), 0);
        emit(f, BC_CALLPTR, base, fs, 0);
        slot_free(f, fs, 1);
    } else {
        emit(f, op, base, k_func(f, fn), 0);
    }
    ev *keep_obj = call_keep_object(f, fn, obj);
    for (int i = 0; i < ndefs; i++) ev_free(f, &defs[i].v);
    ev res;
    call_result(f, fn, base, nslots, retstore, native, &res);
    write_backs(f, &posts);
    mem_cleanup_pop(&cleanup);
    free_call_scratch(&scratch);
    args_free(f, a);
    res.keep = keep_obj;
    *out = res;
}

/* ======================================================================= named calls */

/* Collects functions named `name` visible from the call site (no scope given): at most max of
 * them into out; returns how many there are. */
static int collect_global_funcs(fc *f, as_namespace *ns, const char *name, bool search_parents,
                                as_function **out, int max)
{
    int n = 0;
    for (as_namespace *s = ns; s && n == 0; s = search_parents ? s->parent : NULL) {
        /* with the namespaces `using namespace` names at this level */
        as_namespace *levels[17];
        int nl = search_parents ? c_using_at(f->c, s, s == ns, levels, 16) : 0;
        levels[nl++] = s;
        for (int li = 0; li < nl; li++)
            for (int pass = 0; pass < 2; pass++) {
                as_symtab *t = pass == 0 ? (f->c->module ? &f->c->module->symbols : NULL) : &E(f)->symbols;
                if (!t) continue;
                for (as_symbol *sym = symtab_find(t, levels[li], name); sym; sym = sym->next)
                    if (sym->kind == SYM_FUNC && symbol_visible(sym, C_ACCESS(f->c))) {
                        if (n < max) out[n] = sym->ptr;
                        n++;
                    }
            }
        if (s == s->parent) break;
    }
    return n;
}

static bool has_other_symbol(fc *f, as_namespace *ns, const char *name, ev *out, const ast_node *at)
{
    /* a variable (funcdef handle) or type with this name */
    for (as_namespace *s = ns; s; s = s->parent) {
        for (int pass = 0; pass < 2; pass++) {
            as_symtab *t = pass == 0 ? (f->c->module ? &f->c->module->symbols : NULL) : &E(f)->symbols;
            if (!t) continue;
            for (as_symbol *sym = symtab_find(t, s, name); sym; sym = sym->next) {
                if (!symbol_visible(sym, C_ACCESS(f->c))) continue;
                if (sym->kind == SYM_GLOBAL) {
                    ev_init(out, EV_GLOBAL);
                    out->g = sym->ptr;
                    out->type = out->g->type;
                    return true;
                }
                if (sym->kind == SYM_TYPE) {
                    ev_init(out, EV_TYPE);
                    out->tname = sym->ptr;
                    return true;
                }
            }
        }
        if (s == s->parent) break;
    }
    (void)at;
    return false;
}

void call_function_value(fc *f, ev *callee, ast_list *args, const ast_node *at, ev *out);

/* A call of the global functions named like n among cands (nc of them). */
static void call_global(fc *f, ast_node *n, as_function **cands, int nc, ev *out)
{
    const char *name = n->u.call.name;
    /* template functions: their instances for the subtypes the call names (tmplcall.c) */
    int templ = tmplcall_resolve(f, n, cands, nc, true);
    if (templ == TMPLCALL_FAILED) {
        ev_error(out);
        return;
    }
    call_args a = {0};
    arg_t storage[ARGS_LOCAL];
    a.v = args_room(f, storage, n->u.call.args.count);
    int order[64];
    a.order = args_eval_order(&n->u.call.args, cands, nc, order, 64);
    a.cands = cands;
    a.ncand = nc;
    args_compile(f, &n->u.call.args, &a);
    a.order = NULL;
    a.cands = NULL;
    a.ncand = 0;
    if (args_have_error(&a) || (templ != TMPLCALL_OK && templ != TMPLCALL_INFER) ||
        (templ == TMPLCALL_INFER && tmplcall_infer(f, n, cands, nc, &a) != TMPLCALL_OK)) {
        args_free(f, &a);
        ev_error(out);
        return;
    }
    /* messages name it with the scope as written (`N::f`; not a leading `::`) */
    char written[600];
    size_t len = 0;
    written[0] = 0;
    for (int i = 0; i < n->u.call.scope.count && len < sizeof written; i++)
        len += (size_t)snprintf(written + len, sizeof written - len, "%s::", n->u.call.scope.items[i]);
    if (len < sizeof written) snprintf(written + len, sizeof written - len, "%s", name);
    int pick = pick_overload(f, cands, nc, &a, 0, written, n, true);
    if (pick < 0) {
        args_free(f, &a);
        ev_error(out);
        return;
    }
    emit_call_mapped(f, cands[pick], NULL, &a, n, out);
}

/* The funcdef a call names when it is a class's or template instance's child funcdef:
 * `fd(obj.method)` inside the class, `C::fd(...)`, `array<T@>::less(...)`; else NULL. */
static as_type *child_funcdef_called(fc *f, ast_node *n)
{
    const char *name = n->u.call.name;
    as_type *owner = NULL;
    if (n->u.call.scope_type) {
        as_dtype parent;
        if (!c_resolve_type(f->c, n->u.call.scope_type, f->ns, f->objtype, &parent)) return NULL;
        owner = parent.type;
    } else if (n->u.call.scope.count) {
        ast_names prefix = n->u.call.scope;
        prefix.count--;
        as_namespace *pns = c_scope_namespace(f->c, f->ns, n->u.call.global_scope, &prefix, n, false);
        owner = pns ? c_find_type(f->c, pns, n->u.call.scope.items[prefix.count], !prefix.count && !n->u.call.global_scope) : NULL;
    } else if (!n->u.call.global_scope) {
        for (as_type *o = f->objtype; o; o = o->base)
            for (int i = 0; i < o->child_funcdefs.count; i++)
                if (o->child_funcdefs.data[i]->name == name) return o->child_funcdefs.data[i];
        return NULL;
    }
    for (int i = 0; owner && i < owner->child_funcdefs.count; i++)
        if (owner->child_funcdefs.data[i]->name == name) return owner->child_funcdefs.data[i];
    return NULL;
}

void compile_call(fc *f, ast_node *n, ev *out)
{
    const char *name = n->u.call.name;
    if (n->u.call.object) {
        /* compile_expr compiles the object first and calls opcall_method_call_with */
        c_error(f->c, n, "Unexpected expression");
        ev_error(out);
        return;
    }
    if (ctor_compile_super(f, n, out)) return;
    bool scoped = n->u.call.global_scope || n->u.call.scope.count || n->u.call.scope_type;
    if (!scoped) {
        /* a local funcdef handle variable */
        local_var *lv = scope_find(f, name);
        if (lv) {
            ev callee;
            ev_init(&callee, lv->is_ref ? EV_MEM : EV_SLOT);
            callee.slot = lv->slot;
            callee.type = lv->type;
            callee.from_local = true;
            call_function_value(f, &callee, &n->u.call.args, n, out);
            return;
        }
        /* methods of the class being compiled, or a funcdef member called like one */
        if (f->objtype && f->fn->objtype && opcall_try_this_method(f, n, out)) return;
        if (f->objtype && f->fn->objtype && !(f->fn->attrs & FA_FACTORY)) {
            ev self, member;
            ev_init(&self, EV_SLOT);
            self.slot = f->fn->this_slot;
            self.type = dt_of(f->objtype, DT_HANDLE);
            self.is_this = true;
            if (compile_member_of(f, &self, name, n, &member, false)) {
                call_function_value(f, &member, &n->u.call.args, n, out);
                return;
            }
            if (strcmp(name, "this") == 0) {
                /* this(args): the object's opCall */
                opcall_functor(f, &self, &n->u.call.args, n, out);
                return;
            }
        }
    }
    as_type *child_fd = child_funcdef_called(f, n);
    if (child_fd) {
        /* a delegate (or a function handle) of a child funcdef */
        opcall_construct_named(f, child_fd, n, out);
        return;
    }
    as_namespace *ns = f->ns;
    bool search_parents = !scoped;
    if (scoped) {
        if (n->u.call.scope_type || n->u.call.scope.count) {
            /* Type::method() (explicit base call) or ns::f() */
            if (opcall_try_scoped_type_call(f, n, out)) return;
        }
        ns = c_scope_namespace(f->c, f->ns, n->u.call.global_scope, &n->u.call.scope, n, false);
        if (!ns && n->u.call.scope.count) {
            /* Type::method(): a method without an object */
            ast_names prefix = n->u.call.scope;
            prefix.count--;
            as_namespace *pns = c_scope_namespace(f->c, f->ns, n->u.call.global_scope, &prefix, n, false);
            as_type *t = pns ? c_find_type(f->c, pns, n->u.call.scope.items[prefix.count], !prefix.count && !n->u.call.global_scope) : NULL;
            as_function *m[1];
            if (t && f->objtype && f->fn->objtype && t->kind == TYPE_OBJECT && find_methods(f, t, name, m, 1) > 0) {
                /* inside another class's method: the reference's wording */
                char written[600];
                size_t len = 0;
                written[0] = 0;
                for (int i = 0; i < n->u.call.scope.count && len < sizeof written; i++)
                    len += (size_t)snprintf(written + len, sizeof written - len, "%s::", n->u.call.scope.items[i]);
                c_error(f->c, n, "Method '%s%s' is not part of object '%s'", written, name, f->objtype->name);
                ev_error(out);
                return;
            }
            if (t) {
                ev tev;
                ev_init(&tev, EV_TYPE);
                tev.tname = t;
                ev ignored;
                if (compile_member_of(f, &tev, name, n, &ignored, true)) ev_free(f, &ignored);
                ev_error(out);
                return;
            }
        }
        if (!ns) ns = c_scope_namespace(f->c, f->ns, n->u.call.global_scope, &n->u.call.scope, n, true);
        if (!ns) {
            ev_error(out);
            return;
        }
    }
    /* the candidates: in the frame when few (calls nest as deep as the parser allows) */
    as_function *local[8];
    int nc = collect_global_funcs(f, ns, name, search_parents, local, 8);
    if (nc > 8) {
        as_function **cands = mem_alloc(sizeof *cands * (size_t)nc);
        if (!cands) {
            c_error(f->c, n, "out of memory");
            ev_error(out);
            return;
        }
        collect_global_funcs(f, ns, name, search_parents, cands, nc);
        call_global(f, n, cands, nc, out);
        mem_free(cands);
        return;
    }
    if (nc == 0) {
        ev other;
        if (has_other_symbol(f, ns, name, &other, n)) {
            if (other.kind == EV_TYPE) {
                /* Type(args): a constructor call or conversion */
                opcall_construct_named(f, other.tname, n, out);
                return;
            }
            call_function_value(f, &other, &n->u.call.args, n, out);
            return;
        }
        /* the name as written, with its scope */
        char written[600];
        size_t len = (size_t)snprintf(written, sizeof written, "%s", n->u.call.global_scope ? "::" : "");
        for (int i = 0; i < n->u.call.scope.count && len < sizeof written; i++)
            len += (size_t)snprintf(written + len, sizeof written - len, "%s::", n->u.call.scope.items[i]);
        if (len < sizeof written) snprintf(written + len, sizeof written - len, "%s", name);
        c_error(f->c, n, "No matching symbol '%s'", written);
        ev_error(out);
        return;
    }
    call_global(f, n, local, nc, out);
}

void emit_call(fc *f, as_function *fn, ev *obj, ev *args, int nargs, ast_node *at, ev *out)
{
    call_args a = {0};
    arg_t storage[ARGS_LOCAL];
    a.v = args_room(f, storage, nargs);
    a.n = nargs;
    for (int i = 0; i < nargs; i++) {
        memset(&a.v[i], 0, sizeof a.v[i]);
        a.v[i].v = args[i];
        a.v[i].node = at;
    }
    emit_call_mapped(f, fn, obj, &a, at, out);
}

/* pick_overload for a function handle's call, named as the reference names it: as written
 * when called by name ('g', 'N::g'), `shown` when given, else the funcdef. Out of line: its
 * buffer is not in the frame of calls that nest. */
static CALL_NOINLINE int pick_value_call(fc *f, as_function *sig, const call_args *a, const ast_node *at, const char *shown)
{
    char written[600];
    if (!shown && at->kind == AST_CALL && !at->u.call.object) {
        size_t len = (size_t)snprintf(written, sizeof written, "%s", at->u.call.global_scope ? "::" : "");
        for (int i = 0; i < at->u.call.scope.count && len < sizeof written; i++)
            len += (size_t)snprintf(written + len, sizeof written - len, "%s::", at->u.call.scope.items[i]);
        if (len < sizeof written) snprintf(written + len, sizeof written - len, "%s", at->u.call.name);
        shown = written;
    }
    return pick_overload(f, &sig, 1, a, 0, shown ? shown : sig->name, at, true);
}

/* Calls a function handle held in a variable or expression value. */
void call_function_value(fc *f, ev *callee, ast_list *args, const ast_node *at, ev *out)
{
    call_function_value_as(f, callee, args, at, NULL, out);
}

void call_function_value_as(fc *f, ev *callee, ast_list *args, const ast_node *at, const char *shown, ev *out)
{
    if (callee->kind == EV_PROP) ev_resolve_prop(f, callee, at);
    as_type *t = callee->type.type;
    if (callee->kind == EV_ERROR) {
        ev_error(out);
        return;
    }
    if (!t || t->kind != TYPE_FUNCDEF || !t->signature) {
        if (dt_is_object(&callee->type)) {
            opcall_functor(f, callee, args, at, out);
            return;
        }
        /* a name is reported with its type; any other expression (`null()`, `(1)()`) plainly */
        if (at->kind == AST_CALL)
            c_error(f->c, at, "Expression doesn't form a function call. '%s' evaluates to the non-function type '%s'", at->u.call.name,
                    c_type_text(f->c, &callee->type));
        else
            c_error(f->c, at, "Expression doesn't evaluate to a function");
        ev_free(f, callee);
        ev_error(out);
        return;
    }
    as_function *sig = t->signature;
    call_args a = {0};
    arg_t storage[ARGS_LOCAL];
    a.v = args_room(f, storage, args->count);
    args_compile(f, args, &a);
    if (args_have_error(&a) || pick_value_call(f, sig, &a, at, shown) < 0) {
        args_free(f, &a);
        ev_free(f, callee);
        ev_error(out);
        return;
    }
    /* the handle must stay alive through the call */
    ev_own_handle(f, callee);
    int hs = ev_to_slot(f, callee, -1);
    /* build the argument area the way the signature lays it out, then call through the handle */
    int nparams = sig->params.count;
    int map_local[CALL_LOCAL];
    arg_t *by_param_local[CALL_LOCAL];
    int *map = a.n <= CALL_LOCAL ? map_local : mem_alloc(sizeof(int) * (size_t)a.n);
    arg_t **by_param = nparams <= CALL_LOCAL ? by_param_local : mem_alloc(sizeof(arg_t *) * (size_t)(nparams ? nparams : 1));
    if (!map || !by_param) {
        c_error(f->c, at, "out of memory");
        if (map != map_local) mem_free(map);
        if (by_param != by_param_local) mem_free(by_param);
        args_free(f, &a);
        ev_free(f, callee);
        ev_error(out);
        return;
    }
    map_args(sig, &a, map, 0);
    memset(by_param, 0, sizeof(arg_t *) * (size_t)nparams);
    for (int i = 0; i < a.n; i++)
        if (map[i] >= 0 && map[i] < nparams) by_param[map[i]] = &a.v[i];
    int retstore = -1;
    if (sig->has_retloc) retstore = value_storage(f, sig->ret.type);
    /* a delegate needs a `this` slot: reserve one more in front, the VM fills it */
    int base = slot_alloc(f, sig->nargslots + 1);
    post_vec posts = {0};
    for (int k = nparams; k-- > 0;) {
        if (!by_param[k]) continue;
        place_arg(f, sig, &sig->params.data[k], by_param[k], base + sig->param_slot[k], false, &posts, at);
    }
    if (retstore >= 0) emit(f, BC_ADDR, base, retstore, 0);
    emit(f, BC_CALLPTR, base, hs, 0);
    ev_free(f, callee);
    ev res;
    as_dtype rt = sig->ret;
    if (sig->has_retloc) {
        ev_init(&res, EV_SLOT);
        res.slot = (uint16_t)retstore;
        res.temp = true;
        res.ntemp = (uint16_t)dtype_slots(&rt);
        res.type = rt;
        res.objvar = objvar_begin(f, retstore, OV_VALUE, rt.type);
        slot_free(f, base, sig->nargslots + 1);
    } else if (dt_is_void(&rt)) {
        slot_free(f, base, sig->nargslots + 1);
        ev_init(&res, EV_VOID);
        res.type = rt;
    } else {
        slot_free(f, base + 1, sig->nargslots);
        ev_init(&res, (rt.flags & DT_REF) ? EV_MEM : EV_SLOT);
        res.slot = (uint16_t)base;
        res.temp = true;
        res.ntemp = 1;
        res.type = rt;
        res.type.flags &= (uint8_t)~DT_REF;
        if (!(rt.flags & DT_REF) && dt_is_pointer(&rt)) res.objvar = objvar_begin(f, base, OV_HANDLE, rt.type);
        if (rt.flags & DT_REF) res.lvalue = true;
    }
    write_backs(f, &posts);
    args_free(f, &a);
    if (map != map_local) mem_free(map);
    if (by_param != by_param_local) mem_free(by_param);
    *out = res;
}

void compile_invoke_with(fc *f, ast_node *n, ev *callee, ev *out)
{
    call_function_value(f, callee, &n->u.invoke.args, n, out);
}
