/* Operators and members of objects: operator methods by the reference's names, fields,
 * property accessors, constructors, copies, conversions. */
#include "opcall.h"
#include "call.h"
#include "tmplcall.h"
#include "../runtime/object.h"
#include <stdio.h>
#include <string.h>

static as_engine *E(fc *f) { return f->c->engine; }

int find_methods(fc *f, as_type *t, const char *name, as_function **out, int max)
{
    int n = 0;
    /* conversion operators differ in what they return: a derived class's `int opConv()` leaves
     * the base's `double opConv()` visible */
    bool by_return = !strcmp(name, "opConv") || !strcmp(name, "opImplConv") || !strcmp(name, "opCast") || !strcmp(name, "opImplCast");
    for (as_type *c = t; c && n < max; c = c->base) {
        int derived = n;   /* found in more derived classes */
        for (int i = type_first_method(c, name); i >= 0 && n < max; i = type_next_method(c, i)) {
            as_function *m = c->methods.data[i];
            if (m->name != name) continue;
            if (m->masked && !(m->access & C_ACCESS(f->c))) continue;   /* outside the module's access mask */
            if (m->attrs & FA_TEMPLATE_FN) continue;   /* only a call naming subtypes has them (tmplcall.c) */
            /* an override in a derived class hides the base version (a conversion operator
             * only one returning the same type) */
            bool hidden = false;
            for (int k = 0; k < derived && !hidden; k++) {
                as_function *o = out[k];
                if (o->params.count != m->params.count || ((o->attrs ^ m->attrs) & FA_CONST)) continue;
                bool same = !by_return || dt_equal(&o->ret, &m->ret);
                for (int p = 0; p < m->params.count && same; p++)
                    same = dt_equal(&o->params.data[p].type, &m->params.data[p].type) && o->params.data[p].inout == m->params.data[p].inout;
                hidden = same;
            }
            if (!hidden) out[n++] = m;
        }
    }
    /* an interface has the methods of the interfaces it derives from (`interface I : J, K`) */
    if (t && (t->flags & AS_OBJ_INTERFACE))
        for (int i = 0; i < t->interfaces.count && n < max; i++) {
            as_function *more[64];
            int k = find_methods(f, t->interfaces.data[i], name, more, 64);
            for (int j = 0; j < k && n < max; j++) {
                bool dup = false;
                for (int d = 0; d < n && !dup; d++) dup = out[d] == more[j];
                if (!dup) out[n++] = more[j];
            }
        }
    return n;
}

static const char *iname(fc *f, const char *s) { return engine_intern(E(f), s, strlen(s)); }

static bool ev_is_const_obj(const ev *o)
{
    if (o->readonly) return true;
    return (o->type.flags & DT_CONST) != 0;
}

/* Drops methods a const object can't call, and const twins a mutable object shouldn't prefer. */
static int filter_constness(as_function **c, int n, bool obj_const)
{
    int w = 0;
    for (int i = 0; i < n; i++) {
        as_function *m = c[i];
        bool is_const = (m->attrs & FA_CONST) != 0;
        if (obj_const && !is_const) continue;
        if (!obj_const && is_const) {
            bool twin = false;
            for (int k = 0; k < n && !twin; k++) {
                as_function *o = c[k];
                if (o == m || (o->attrs & FA_CONST) || o->params.count != m->params.count) continue;
                bool same = true;
                for (int p = 0; p < m->params.count && same; p++)
                    same = dt_same_type(&o->params.data[p].type, &m->params.data[p].type);
                twin = same;
            }
            if (twin) continue;
        }
        c[w++] = m;
    }
    return w;
}

/* Checks the object of a method call for null when it may be (handles). */
static void check_object(fc *f, ev *o)
{
    (void)f;
    (void)o;
    /* the VM checks the this pointer of every method call */
}

static bool method_access_ok(fc *f, const as_function *m, const ast_node *at)
{
    if (!(m->attrs & (FA_PRIVATE | FA_PROTECTED))) return true;
    const as_type *me = f->objtype && f->fn && f->fn->objtype ? f->objtype : NULL;
    const as_type *owner = m->objtype;
    if (me == owner) return true;
    bool derived = false;
    for (const as_type *c = me ? me->base : NULL; c && !derived; c = c->base) derived = c == owner;
    if ((m->attrs & FA_PROTECTED) && derived) return true;
    char d[512];
    function_format_decl(m, d, sizeof d, true, false, false);
    c_error(f->c, at, "Illegal call to %s method '%s'", (m->attrs & FA_PRIVATE) ? "private" : "protected", d);
    return false;
}

/* A private constructor is for the class's own methods, a protected one for derived classes too.
 * as_factory: the message names it as the factory the reference shows ("A@ A()"). */
bool ctor_access_ok(fc *f, const as_function *m, const ast_node *at, bool as_factory)
{
    if (!(m->attrs & (FA_PRIVATE | FA_PROTECTED))) return true;
    const as_type *me = f->objtype && f->fn && f->fn->objtype ? f->objtype : NULL;
    const as_type *owner = m->objtype;
    if (me == owner) return true;
    bool derived = false;
    for (const as_type *c = me ? me->base : NULL; c && !derived; c = c->base) derived = c == owner;
    if ((m->attrs & FA_PROTECTED) && derived) return true;
    char d[512];
    function_format_decl(m, d, sizeof d, !as_factory, false, false);
    c_error(f->c, at, "Illegal call to %s method '%s%s%s'", (m->attrs & FA_PRIVATE) ? "private" : "protected",
            as_factory ? owner->name : "", as_factory ? "@ " : "", d);
    return false;
}

/* ======================================================================= methods */

#if defined(__GNUC__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE
#endif

/* Out of line, so its buffer is not in the frame of calls that nest. */
static NOINLINE void report_no_const_match(fc *f, const char *qname, const call_args *a, const ast_node *at)
{
    char sig[1024];
    args_signature_text(f, qname, a, sig, sizeof sig);
    size_t l = strlen(sig);
    if (l > 0 && l + 7 < sizeof sig) memcpy(sig + l, " const", 7);
    c_error(f->c, at, "No matching signatures to '%s'", sig);
}

static void method_call_among(fc *f, ev *o, const char *name, ast_list *args, const ast_node *at, ev *out,
                              as_function **cands, int n);

static void method_call_on(fc *f, ev *o, const char *name, ast_list *args, const ast_node *at, ev *out)
{
    /* the candidates: in the frame when few (calls nest as deep as the parser allows) */
    as_type *t = o->type.type;
    as_function *local[8];
    int n = t && t->kind == TYPE_OBJECT ? find_methods(f, t, name, local, 8) : 0;
    /* a call `obj.name<...>(...)` or `obj.name(...)` has the template methods too */
    bool templ_call = at->kind == AST_CALL && at->u.call.name == name && t && t->kind == TYPE_OBJECT;
    if (templ_call && n < 8) n = tmplcall_find_methods(f, t, name, local, n, 8);
    if (n < 8) {
        method_call_among(f, o, name, args, at, out, local, n);
        return;
    }
    as_function **cands = mem_alloc(sizeof *cands * 256);
    if (!cands) {
        c_error(f->c, at, "out of memory");
        ev_free(f, o);
        ev_error(out);
        return;
    }
    n = find_methods(f, t, name, cands, 256);
    if (templ_call) n = tmplcall_find_methods(f, t, name, cands, n, 256);
    method_call_among(f, o, name, args, at, out, cands, n);
    mem_free(cands);
}

static void method_call_among(fc *f, ev *o, const char *name, ast_list *args, const ast_node *at, ev *out,
                              as_function **cands, int n)
{
    as_type *t = o->type.type;
    char qname[300];
    snprintf(qname, sizeof qname, "%s::%s", t ? t->name : "", name);
    if (n == 0) {
        /* a funcdef member called like a method */
        ev member;
        if (t && t->kind == TYPE_OBJECT && compile_member_of(f, o, name, at, &member, false)) {
            call_function_value_as(f, &member, args, at, qname, out);
            return;
        }
        c_error(f->c, at, "No matching symbol '%s'", name);
        ev_free(f, o);
        ev_error(out);
        return;
    }
    /* template methods: their instances for the subtypes the call names (tmplcall.c) */
    int templ = tmplcall_resolve(f, at, cands, n, true);
    if (templ == TMPLCALL_FAILED) {
        ev_free(f, o);
        ev_error(out);
        return;
    }
    int all = n;
    n = filter_constness(cands, n, ev_is_const_obj(o));
    call_args a = {0};
    arg_t storage[ARGS_LOCAL];
    a.v = args_room(f, storage, args->count);
    a.cands = cands;
    a.ncand = n;
    args_compile(f, args, &a);
    a.cands = NULL;
    a.ncand = 0;
    if (args_have_error(&a) || (templ != TMPLCALL_OK && templ != TMPLCALL_INFER) ||
        (templ == TMPLCALL_INFER && tmplcall_infer(f, at, cands, n, &a) != TMPLCALL_OK)) {
        args_free(f, &a);
        ev_free(f, o);
        ev_error(out);
        return;
    }
    int pick = n ? pick_overload(f, cands, n, &a, 0, qname, at, true) : -1;
    if (n == 0 && all) report_no_const_match(f, qname, &a, at);
    if (pick < 0) {
        args_free(f, &a);
        ev_free(f, o);
        ev_error(out);
        return;
    }
    check_object(f, o);
    if (!method_access_ok(f, cands[pick], at)) {
        args_free(f, &a);
        ev_free(f, o);
        ev_error(out);
        return;
    }
    emit_call_mapped(f, cands[pick], o, &a, at, out);
}

/* A type name used as an object (`N::A.f()`): as written when it is a name, else the type's. */
static const char *type_expr_text(const ast_node *e, const ev *v, char *buf, size_t size)
{
    if (e->kind == AST_IDENT) return scoped_name_text(e, buf, size);
    return v->tname->name;
}

/* A funcdef declared as the reference shows it in messages: its return type, the type that owns
 * it if any, its name, its parameter types (no names, no namespace of its own). */
static void funcdef_decl_text(const as_type *fd, char *buf, size_t n)
{
    const as_function *sig = fd->signature;
    char t[300];
    size_t len = 0;
    buf[0] = 0;
    if (!sig) return;
    dtype_format(&sig->ret, t, sizeof t, true);
    len += (size_t)snprintf(buf + len, n - len, "%s ", t);
    if (fd->parent_type && len < n) {
        dtype_format(&(as_dtype){fd->parent_type, 0}, t, sizeof t, true);
        len += (size_t)snprintf(buf + len, n - len, "%s::", t);
    }
    if (len < n) len += (size_t)snprintf(buf + len, n - len, "%s(", fd->name);
    for (int i = 0; i < sig->params.count && len < n; i++) {
        const as_param *p = &sig->params.data[i];
        dtype_format(&p->type, t, sizeof t, true);
        len += (size_t)snprintf(buf + len, n - len, "%s%s%s", i ? ", " : "", t,
                                p->inout == INOUT_IN ? "&in" : p->inout == INOUT_OUT ? "&out" : p->inout == INOUT_INOUT ? "&inout" : "");
    }
    if (len < n) snprintf(buf + len, n - len, ")");
}

void opcall_method_call_with(fc *f, ast_node *n, ev *object, ev *out)
{
    ev o = *object;
    if (o.kind == EV_PROP) ev_resolve_prop(f, &o, n->u.call.object);
    if (o.kind == EV_ERROR) {
        call_args a = {0};
        arg_t storage[ARGS_LOCAL];
        a.v = args_room(f, storage, n->u.call.args.count);
        args_compile(f, &n->u.call.args, &a);
        args_free(f, &a);
        ev_error(out);
        return;
    }
    if (o.kind == EV_TYPE) {
        /* `A.test()` where A names a type */
        char written[256];
        c_error(f->c, n->u.call.object, "Expression '%s' is a data type", type_expr_text(n->u.call.object, &o, written, sizeof written));
        ev_error(out);
        return;
    }
    if (!dt_is_object(&o.type) || o.kind == EV_NS) {
        as_dtype shown = o.type;
        if (o.kind == EV_CONST) shown.flags |= DT_CONST;
        c_error(f->c, n, "Illegal operation on '%s'", c_type_text(f->c, &shown));
        ev_free(f, &o);
        ev_error(out);
        return;
    }
    method_call_on(f, &o, n->u.call.name, &n->u.call.args, n, out);
}

bool opcall_try_this_method(fc *f, ast_node *n, ev *out)
{
    as_function *cands[4];
    if (find_methods(f, f->objtype, n->u.call.name, cands, 4) == 0) return false;
    ev self;
    ev_init(&self, EV_SLOT);
    self.slot = f->fn->this_slot;
    self.type = dt_of(f->objtype, DT_HANDLE | ((f->fn->attrs & FA_CONST) ? DT_CONST : 0));
    self.is_this = true;
    method_call_on(f, &self, n->u.call.name, &n->u.call.args, n, out);
    return true;
}

/* Base::method(args) inside a method: the base class's implementation, without dispatch. */
bool opcall_try_scoped_type_call(fc *f, ast_node *n, ev *out)
{
    if (!f->objtype || !n->u.call.scope.count || n->u.call.scope_type) return false;
    ast_names prefix = n->u.call.scope;
    prefix.count--;
    const char *last = n->u.call.scope.items[n->u.call.scope.count - 1];
    as_namespace *ns = c_scope_namespace(f->c, f->ns, n->u.call.global_scope, &prefix, n, false);
    if (!ns) return false;
    as_type *t = c_find_type(f->c, ns, last, !prefix.count && !n->u.call.global_scope);
    bool in_chain = false;
    for (as_type *c = f->objtype; t && c && !in_chain; c = c->base) in_chain = c == t;
    /* an unqualified `A::` also names a base class declared in another namespace */
    for (as_type *c = f->objtype; !in_chain && c && !prefix.count && !n->u.call.global_scope; c = c->base)
        if (!strcmp(c->name, last)) in_chain = (t = c) != NULL;
    if (!in_chain || t->kind != TYPE_OBJECT) return false;
    ev self;
    ev_init(&self, EV_SLOT);
    self.slot = f->fn->this_slot;
    self.type = dt_of(t, DT_HANDLE | ((f->fn->attrs & FA_CONST) ? DT_CONST : 0));
    self.is_this = true;
    self.direct = true;
    method_call_on(f, &self, n->u.call.name, &n->u.call.args, n, out);
    return true;
}

void opcall_functor(fc *f, ev *obj, ast_list *args, const ast_node *at, ev *out)
{
    method_call_on(f, obj, iname(f, "opCall"), args, at, out);
}

/* ======================================================================= objects */

/* A new script object, then constructor `ctor` on it with the arguments in a. */
static void construct_with_args_fn(fc *f, as_type *t, as_function *ctor, call_args *a, const ast_node *at, ev *out)
{
    int s = slot_alloc(f, 1);
    emit(f, BC_NEWOBJ, s, k_type(f, t), 0);
    int ov = objvar_begin(f, s, OV_HANDLE, t);
    ev self, r;
    ev_init(&self, EV_SLOT);
    self.slot = (uint16_t)s;
    self.type = dt_of(t, DT_HANDLE);
    self.from_local = true;
    emit_call_mapped(f, ctor, &self, a, at, &r);
    ev_free(f, &r);
    ev_init(out, EV_SLOT);
    out->slot = (uint16_t)s;
    out->temp = true;
    out->ntemp = 1;
    out->objvar = ov;
    out->type = dt_of(t, 0);
}

/* pick_overload among t's constructors, the type named as the reference names it in "No
 * matching signatures to 'N::C(int)'", 'int[](...)': with its namespace when that is not the
 * function's. Out of line: its buffer is not in the frame of constructions that nest. */
static NOINLINE int pick_ctor(fc *f, as_type *t, as_function **cands, int n, const call_args *a, const ast_node *at, bool report)
{
    char shown[300];
    dtype_format(&(as_dtype){t, 0}, shown, sizeof shown, t->ns != f->ns);
    return pick_overload(f, cands, n, a, 0, shown, at, report);
}

/* Calls a constructor (value types, into storage) or a factory (ref types) picked for args. */
static void construct_with_args_ex(fc *f, as_type *t, call_args *a, const ast_node *at, ev *out, int storage, bool implicit_only);

static void construct_with_args(fc *f, as_type *t, call_args *a, const ast_node *at, ev *out, int storage)
{
    construct_with_args_ex(f, t, a, at, out, storage, false);
}

static void construct_with_args_ex(fc *f, as_type *t, call_args *a, const ast_node *at, ev *out, int storage, bool implicit_only)
{
    as_function **cands = t->beh.factories.data;
    int n = t->beh.factories.count;
    as_function *usable[64];
    /* a conversion: constructors marked explicit don't take part; constructors outside the
     * module's access mask never do */
    int w = 0;
    bool filtered = false;
    for (int i = 0; i < n && w < 64; i++) {
        bool ok = !(implicit_only && (cands[i]->attrs & FA_EXPLICIT)) &&
                  !(cands[i]->masked && !(cands[i]->access & C_ACCESS(f->c)));
        if (ok) usable[w++] = cands[i];
        else filtered = true;
    }
    if (filtered || n > 64) {
        cands = usable;
        n = w;
    }
    if (t->flags & AS_OBJ_INTERFACE) {
        c_error(f->c, at, "Interface '%s' cannot be instantiated", t->name);
        args_free(f, a);
        ev_error(out);
        return;
    }
    if (t->flags & AS_OBJ_ABSTRACT) {
        c_error(f->c, at, "Abstract class '%s' cannot be instantiated", t->name);
        args_free(f, a);
        ev_error(out);
        return;
    }
    if (t->flags & AS_OBJ_SCRIPT_OBJECT) {
        if (t->beh.factories.count == 0) {
            /* a class without any constructor (ALWAYS_IMPL_DEFAULT_CONSTRUCT 2, or deleted); a
             * global is told the reference's other way */
            if (f->is_global_init && a->n == 0) c_error(f->c, at, "No default constructor for object of type '%s'.", t->name);
            else c_error(f->c, at, "Data type can't be '%s'", t->name);
            args_free(f, a);
            ev_error(out);
            return;
        }
        /* an explicit `C()` is a call with no matching signature; a declaration `C c;` wants
         * the default constructor */
        bool call = at && (at->kind == AST_CALL || at->kind == AST_CONSTRUCT);
        int pick = n ? pick_ctor(f, t, cands, n, a, at, a->n > 0 || call) : -1;
        if (pick < 0) {
            if (a->n == 0 && !(call && n)) c_error(f->c, at, "No default constructor for object of type '%s'.", t->name);
            args_free(f, a);
            ev_error(out);
            return;
        }
        if (!ctor_access_ok(f, cands[pick], at, true)) {
            args_free(f, a);
            ev_error(out);
            return;
        }
        construct_with_args_fn(f, t, cands[pick], a, at, out);
        return;
    }
    if (n == 0) {
        if (a->n == 0 && (t->flags & AS_OBJ_VALUE) && (t->flags & AS_OBJ_POD)) {
            int st = storage >= 0 ? storage : value_storage(f, t);
            ev_init(out, EV_SLOT);
            out->slot = (uint16_t)st;
            out->temp = storage < 0;
            out->ntemp = (uint16_t)(storage < 0 ? dtype_slots(&(as_dtype){t, 0}) : 0);
            out->type = dt_of(t, 0);
            return;
        }
        c_error(f->c, at, "No default constructor for object of type '%s'.", t->name);
        args_free(f, a);
        ev_error(out);
        return;
    }
    int pick = pick_ctor(f, t, cands, n, a, at, true);
    if (pick < 0) {
        args_free(f, a);
        ev_error(out);
        return;
    }
    as_function *ctor = cands[pick];
    if (t->flags & AS_OBJ_VALUE) {
        int st = storage >= 0 ? storage : value_storage(f, t);
        ev self;
        ev_init(&self, EV_SLOT);
        self.slot = (uint16_t)st;
        self.type = dt_of(t, 0);
        ev r;
        emit_call_mapped(f, ctor, &self, a, at, &r);
        ev_free(f, &r);
        ev_init(out, EV_SLOT);
        out->slot = (uint16_t)st;
        out->type = dt_of(t, 0);
        if (storage < 0) {
            out->temp = true;
            out->ntemp = (uint16_t)dtype_slots(&out->type);
        }
        if (t->beh.destruct) out->objvar = objvar_begin(f, st, OV_VALUE, t);
        return;
    }
    /* reference type: the factory returns a new handle */
    emit_call_mapped(f, ctor, NULL, a, at, out);
    if (out->kind != EV_ERROR) out->type = dt_of(t, 0);
}

void compile_new_object(fc *f, as_dtype type, ast_node **args, int nargs, ast_node *at, ev *out, int storage)
{
    if (nargs > 1 && args_duplicate_name(f, args, nargs)) {
        ev_error(out);
        return;
    }
    call_args a = {0};
    arg_t st[ARGS_LOCAL];
    a.v = args_room(f, st, nargs);
    a.n = nargs;
    for (int i = nargs; i-- > 0;) {
        memset(&a.v[i], 0, sizeof a.v[i]);
        ast_node *an = args[i];
        a.v[i].node = an->kind == AST_ARG ? an->u.arg.value : an;
        a.v[i].name = an->kind == AST_ARG ? an->u.arg.name : NULL;
        if (a.v[i].node->kind == AST_LAMBDA || a.v[i].node->kind == AST_INITLIST) {
            a.v[i].deferred = true;
            ev_init(&a.v[i].v, EV_VOID);
        } else {
            if (!arg_method_ref(f, &a.v[i])) compile_expr(f, a.v[i].node, &a.v[i].v);
            if (a.v[i].v.kind == EV_PROP) ev_resolve_prop(f, &a.v[i].v, a.v[i].node);
        }
    }
    if (args_have_error(&a)) {
        args_free(f, &a);
        ev_error(out);
        return;
    }
    construct_with_args(f, type.type, &a, at, out, storage);
}

/* New object of type t from already compiled values. */
static void construct_from_evs(fc *f, as_type *t, ev *vals, int n, const ast_node *at, ev *out, int storage)
{
    call_args a = {0};
    arg_t st[4];
    a.v = st;
    a.n = n;
    for (int i = 0; i < n; i++) {
        memset(&st[i], 0, sizeof st[i]);
        st[i].v = vals[i];
        st[i].node = (ast_node *)at;
    }
    construct_with_args_ex(f, t, &a, at, out, storage, true);
}

void ev_copy_value(fc *f, ev *src, int storage, ev *out, const ast_node *at)
{
    if (src->kind == EV_ERROR) {
        ev_error(out);
        return;
    }
    as_type *t = src->type.type;
    if (!dt_is_value_obj(&src->type)) {
        /* handles and ref objects: share the object */
        *out = *src;
        ev_own_handle(f, out);
        ev_init(src, EV_VOID);
        return;
    }
    if (src->objvar >= 0 && storage < 0 && src->kind == EV_SLOT) {
        /* a temporary already: take it over */
        *out = *src;
        ev_init(src, EV_VOID);
        return;
    }
    int st = storage >= 0 ? storage : value_storage(f, t);
    if (t->beh.copy_construct) {
        ev self;
        ev_init(&self, EV_SLOT);
        self.slot = (uint16_t)st;
        self.type = dt_of(t, 0);
        ev arg = *src, r;
        ev_init(src, EV_VOID);
        emit_call(f, t->beh.copy_construct, &self, &arg, 1, (ast_node *)at, &r);
        ev_free(f, &r);
    } else if (t->beh.default_construct && t->beh.copy_assign) {
        ev self, r;
        ev_init(&self, EV_SLOT);
        self.slot = (uint16_t)st;
        self.type = dt_of(t, 0);
        emit_call(f, t->beh.default_construct, &self, NULL, 0, (ast_node *)at, &r);
        ev_free(f, &r);
        ev_init(&self, EV_SLOT);
        self.slot = (uint16_t)st;
        self.type = dt_of(t, 0);
        ev arg = *src;
        ev_init(src, EV_VOID);
        emit_call(f, t->beh.copy_assign, &self, &arg, 1, (ast_node *)at, &r);
        ev_free(f, &r);
    } else if (t->flags & AS_OBJ_POD) {
        int d = slot_alloc(f, 1);
        emit(f, BC_ADDR, d, st, 0);
        int s = ev_address(f, src, -1);
        emit(f, BC_MEMCPY, d, s, t->size);
        slot_free(f, d, 1);
        ev_free(f, src);
    } else {
        c_error(f->c, at, "There is no copy operator for the type '%s' available.", t->name);
        ev_free(f, src);
        ev_error(out);
        return;
    }
    ev_init(out, EV_SLOT);
    out->slot = (uint16_t)st;
    out->type = dt_of(t, 0);
    if (storage < 0) {
        out->temp = true;
        out->ntemp = (uint16_t)dtype_slots(&out->type);
    }
    if (t->beh.destruct) out->objvar = objvar_begin(f, st, OV_VALUE, t);
}

static bool same_signature_as(const as_function *m, const as_function *sig)
{
    if (m->params.count != sig->params.count || !dt_equal_ex(&m->ret, &sig->ret)) return false;
    for (int i = 0; i < m->params.count; i++)
        if (!dt_equal_ex(&m->params.data[i].type, &sig->params.data[i].type) || m->params.data[i].inout != sig->params.data[i].inout)
            return false;
    return true;
}

/* Funcdef(obj.method): a function handle bound to the object. Funcdef(func) is a plain handle. */
/* A delegate of obj's method mname (nc methods of that name) the funcdef fd can't be made of.
 * Out of line: its buffer is not in the frame of expressions that nest. */
static NOINLINE void report_no_delegate(fc *f, as_type *fd, int nc, const char *mname, const as_dtype *objtype,
                                        const ast_node *a, const ast_node *n)
{
    if (nc == 0) {
        as_dtype shown = *objtype;
        shown.flags &= (uint8_t)~(DT_HANDLE | DT_CONST | DT_HANDLE_CONST);
        c_error(f->c, a, "'%s' is not a member of '%s'", mname, c_type_text(f->c, &shown));
        return;
    }
    /* the reference names the funcdef by its signature: 'bool F(int, const string&in)', a
     * template's child funcdef on its instance ('bool Test@[]::less(...)') */
    char d[800];
    funcdef_decl_text(fd, d, sizeof d);
    c_error(f->c, n, "Can't create delegate");
    c_info(f->c, n, "No matching signatures to '%s'", d);
}

static NOINLINE void compile_delegate(fc *f, as_type *fd, ast_node *n, ev *out)
{
    if (n->u.call.args.count != 1) {
        c_error(f->c, n, "A delegate is created from one method");
        ev_error(out);
        return;
    }
    ast_node *a = n->u.call.args.items[0];
    if (a->kind == AST_ARG) a = a->u.arg.value;
    /* inside a method, `fd(method)` binds this class's method to `this` */
    bool own_method = false;
    if (a->kind == AST_IDENT && !a->u.ident.global_scope && !a->u.ident.scope.count && !a->u.ident.scope_type &&
        f->objtype && f->fn->objtype && !(f->fn->attrs & FA_FACTORY) && !scope_find(f, a->u.ident.name)) {
        as_function *m[1];
        own_method = find_methods(f, f->objtype, a->u.ident.name, m, 1) > 0;
    }
    if (a->kind != AST_MEMBER && !own_method) {
        compile_expr_as(f, a, &(as_dtype){fd, DT_HANDLE}, out);
        return;
    }
    ev obj;
    const char *mname = own_method ? a->u.ident.name : a->u.member.name;
    if (own_method) {
        ev_init(&obj, EV_SLOT);
        obj.slot = f->fn->this_slot;
        obj.type = dt_of(f->objtype, DT_HANDLE | ((f->fn->attrs & FA_CONST) ? DT_CONST : 0));
        obj.is_this = true;
        obj.from_local = true;
    } else {
        compile_expr(f, a->u.member.object, &obj);
        if (obj.kind == EV_PROP) ev_resolve_prop(f, &obj, a->u.member.object);
    }
    if (obj.kind == EV_ERROR) {
        ev_error(out);
        return;
    }
    as_function *cands[32];
    int nc = obj.type.type && obj.type.type->kind == TYPE_OBJECT ? find_methods(f, obj.type.type, mname, cands, 32) : 0;
    as_function *m = NULL;
    for (int i = 0; i < nc && !m; i++)
        if (same_signature_as(cands[i], fd->signature)) m = cands[i];
    if (!m) {
        report_no_delegate(f, fd, nc, mname, &obj.type, a, n);
        ev_free(f, &obj);
        ev_error(out);
        return;
    }
    int s = ev_to_slot(f, &obj, -1);
    int d = slot_alloc(f, 1);
    emit(f, BC_DELEGATE, d, s, k_func(f, m));
    ev_free(f, &obj);
    ev_init(out, EV_SLOT);
    out->slot = (uint16_t)d;
    out->temp = true;
    out->ntemp = 1;
    out->type = dt_of(fd, DT_HANDLE);
    out->objvar = objvar_begin(f, d, OV_HANDLE, fd);
}

/* A new object equal to src (ref types held by value): the class's copy constructor, or a
 * default-constructed object assigned from src. src is consumed. A constructor taking the class
 * by value counts only when by_value_ctor is set (a variable's initialisation, as the reference
 * has it): its own argument is then copied the other way, so copying never recurses. */
void copy_ref_object_ex(fc *f, ev *src, const ast_node *at, ev *out, bool by_value_ctor)
{
    as_type *t = src->type.type;
    as_function *cc = NULL;
    for (int i = 0; i < t->beh.factories.count; i++) {
        as_function *c = t->beh.factories.data[i];
        as_inout io = c->params.count == 1 ? c->params.data[0].inout : INOUT_OUT;
        if (c->params.count == 1 && c->params.data[0].type.type == t && !(c->params.data[0].type.flags & DT_HANDLE) &&
            (io == INOUT_IN || io == INOUT_INOUT || (by_value_ctor && io == INOUT_NONE)))
            cc = c;
    }
    if (cc) {
        call_args a = {0};
        arg_t one;
        memset(&one, 0, sizeof one);
        one.v = *src;
        one.node = (ast_node *)at;
        a.v = &one;
        a.n = 1;
        construct_with_args_fn(f, t, cc, &a, at, out);
        return;
    }
    compile_new_object(f, dt_of(t, 0), NULL, 0, (ast_node *)at, out, -1);
    if (out->kind == EV_ERROR) {
        ev_free(f, src);
        return;
    }
    ev lv = ev_view(out), r;
    lv.lvalue = true;
    lv.readonly = false;
    opcall_assign(f, &lv, src, at, &r);
    ev_free(f, &r);
}

void copy_ref_object(fc *f, ev *src, const ast_node *at, ev *out) { copy_ref_object_ex(f, src, at, out, false); }

/* Whether copy_ref_object can make a t: t has a copy constructor or a default constructor (the
 * reference also copies a class with neither; angelc then assigns the object itself). */
static bool can_copy_into_new(const as_type *t)
{
    for (int i = 0; i < t->beh.factories.count; i++) {
        const as_function *c = t->beh.factories.data[i];
        if (c->params.count == 0) return true;
        if (c->params.count == 1 && c->params.data[0].type.type == t && !(c->params.data[0].type.flags & DT_HANDLE) &&
            (c->params.data[0].inout == INOUT_IN || c->params.data[0].inout == INOUT_INOUT))
            return true;
    }
    return false;
}

/* Whether objects of type from have a conversion operator producing a value of type to. */
static bool has_conversion_method(fc *f, as_type *from, as_type *to)
{
    static const char *const names[] = {"opImplConv", "opConv"};
    for (int k = 0; k < 2; k++) {
        as_function *cands[32];
        int n = find_methods(f, from, iname(f, names[k]), cands, 32);
        for (int i = 0; i < n; i++) {
            as_function *m = cands[i];
            if (!m->params.count && m->ret.type == to && !dt_is_handle(&m->ret)) return true;
            if (m->params.count == 1 && m->params.data[0].type.type->kind == TYPE_VARTYPE &&
                m->params.data[0].inout == INOUT_OUT && dt_is_void(&m->ret)) return true;
        }
    }
    return false;
}

void opcall_construct_named(fc *f, as_type *t, ast_node *n, ev *out)
{
    if (t->kind == TYPE_ENUM || t->kind == TYPE_PRIMITIVE) {
        /* E(x): explicit conversion to an enum */
        if (n->u.call.args.count != 1) {
            c_error(f->c, n, "A cast operator has one argument");
            ev_error(out);
            return;
        }
        ast_node *an = n->u.call.args.items[0];
        compile_expr(f, an->kind == AST_ARG ? an->u.arg.value : an, out);
        if (out->kind == EV_ERROR) return;
        as_dtype to = dt_of(t, 0);
        if (!conv_implicit(f, out, &to, n, true)) {
            c_error(f->c, n, "Can't implicitly convert from '%s' to '%s'.", ev_type_text(f, out), t->name);
            ev_free(f, out);
            ev_error(out);
        }
        return;
    }
    if (t->kind == TYPE_FUNCDEF) {
        compile_delegate(f, t, n, out);
        return;
    }
    if (n->u.call.args.count == 1 && t->kind == TYPE_OBJECT) {
        /* T(obj) where obj's type converts itself to T (opConv, opImplConv, opConv(?&out)) */
        ast_node *an = n->u.call.args.items[0];
        ast_node *val = an->kind == AST_ARG ? an->u.arg.value : an;
        ev probe;
        if (!(an->kind == AST_ARG && an->u.arg.name) && compile_probe(f, val, &probe, false) &&
            probe.type.type && probe.type.type->kind == TYPE_OBJECT && probe.type.type != t &&
            has_conversion_method(f, probe.type.type, t)) {
            as_dtype to = dt_of(t, 0);
            compile_expr(f, val, out);
            if (out->kind == EV_PROP) ev_resolve_prop(f, out, val);
            if (out->kind == EV_ERROR) return;
            if (!opcall_convert(f, out, &to, n, true)) {
                c_error(f->c, n, "No conversion from '%s' to '%s' available.", ev_type_text(f, out), t->name);
                ev_free(f, out);
                ev_error(out);
            }
            return;
        }
    }
    compile_new_object(f, dt_of(t, 0), n->u.call.args.items, n->u.call.args.count, n, out, -1);
    if (out->kind != EV_ERROR) out->made = n->u.call.args.count == 1 ? 1 : 2;
}

void compile_construct(fc *f, ast_node *n, ev *out)
{
    as_dtype dt;
    if (!c_resolve_type(f->c, n->u.construct.type, f->ns, f->objtype, &dt)) {
        ev_error(out);
        return;
    }
    if (dt_is_primitive(&dt) || dt.type->kind == TYPE_ENUM) {
        if (n->u.construct.args.count != 1) {
            c_error(f->c, n, "A cast operator has one argument");
            ev_error(out);
            return;
        }
        ast_node *an = n->u.construct.args.items[0];
        if (an->kind == AST_ARG && an->u.arg.name) {
            c_error(f->c, n, "Invalid use of named arguments");
            ev_error(out);
            return;
        }
        compile_expr(f, an->kind == AST_ARG ? an->u.arg.value : an, out);
        if (out->kind == EV_PROP) ev_resolve_prop(f, out, an);
        if (out->kind == EV_ERROR) return;
        dt.flags &= (uint8_t)~DT_CONST;
        bool was_const = out->kind == EV_CONST;
        if (!conv_implicit(f, out, &dt, n, true) && !opcall_convert(f, out, &dt, n, true)) {
            /* constants are shown as const on both sides, as the reference does */
            as_dtype from = out->type, to = dt;
            (void)was_const;
            if (out->kind != EV_VOID) from.flags |= DT_CONST; /* but void is only 'void' */
            to.flags |= DT_CONST;
            c_error(f->c, n, "No conversion from '%s' to '%s' available.", c_type_text(f->c, &from), c_type_text(f->c, &to));
            ev_free(f, out);
            ev_error(out);
        }
        return;
    }
    if (dt_is_void(&dt)) {
        c_error(f->c, n, "Data type can't be 'void'");
        ev_error(out);
        return;
    }
    if (dt_is_handle(&dt) && dt.type->kind == TYPE_OBJECT) {
        /* `array<T>@(x)`: a constructor makes an object, not a handle */
        c_error(f->c, n, "Can't construct handle '%s'. Use ref cast instead", c_type_text(f->c, &dt));
        ev_error(out);
        return;
    }
    compile_new_object(f, dt, n->u.construct.args.items, n->u.construct.args.count, n, out, -1);
    if (out->kind != EV_ERROR) out->made = n->u.construct.args.count == 1 ? 1 : 2;
}

bool opcall_can_construct_from(fc *f, as_type *t, const ev *v)
{
    if (t->kind != TYPE_OBJECT) return false;
    for (int i = 0; i < t->beh.factories.count; i++) {
        as_function *c = t->beh.factories.data[i];
        int first = (c->attrs & FA_TEMPLATE_TYPE) ? 1 : 0;   /* the hidden type argument */
        if (c->params.count - first != 1 || (c->attrs & FA_EXPLICIT)) continue;
        if (c->params.data[first].type.type == t) continue; /* copy constructor */
        if (conv_cost(f, v, &c->params.data[first].type, false) < COST_IMPOSSIBLE) return true;
    }
    return false;
}

bool opcall_can_convert_to(fc *f, const ev *v, const as_dtype *to)
{
    (void)f;
    as_type *t = v->type.type;
    if (!t || t->kind != TYPE_OBJECT) return false;
    /* to a handle: opImplCast returning a handle of that type or one derived from it */
    bool to_handle = dt_is_handle(to) && to->type && to->type->kind == TYPE_OBJECT;
    const char *name = to_handle ? engine_intern(t->engine, "opImplCast", 10) : engine_intern(t->engine, "opImplConv", 10);
    for (as_type *c = t; c; c = c->base)
        for (int i = 0; i < c->methods.count; i++) {
            as_function *m = c->methods.data[i];
            if (m->name != name || m->params.count != 0) continue;
            if (to_handle ? dt_is_handle(&m->ret) && m->ret.type && (m->ret.type == to->type || derives_from(m->ret.type, to->type))
                          : dt_same_type(&m->ret, to))
                return true;
        }
    return false;
}

static bool prim_is_floating(int prim) { return prim == AS_TYPEID_FLOAT || prim == AS_TYPEID_DOUBLE; }

/* `void opConv(?&out)` and the like: the method writes the converted value into a default
 * temporary of the target type, which becomes e. */
static void convert_through_out(fc *f, ev *e, as_function *m, const as_dtype *to, const ast_node *at)
{
    as_dtype tt = *to;
    tt.flags &= (uint8_t)~(DT_CONST | DT_REF);
    ev tmp;
    if (dt_is_value_obj(&tt) || (dt_is_ref_obj(&tt) && !dt_is_handle(&tt))) {
        compile_new_object(f, dt_of(tt.type, 0), NULL, 0, (ast_node *)at, &tmp, dt_is_value_obj(&tt) ? value_storage(f, tt.type) : -1);
        if (tmp.kind == EV_ERROR) {
            ev_free(f, e);
            *e = tmp;
            return;
        }
        if (dt_is_value_obj(&tt)) tmp.temp = true;
    } else {
        ev_init(&tmp, EV_SLOT);
        tmp.slot = (uint16_t)slot_alloc(f, 1);
        tmp.temp = true;
        tmp.ntemp = 1;
        emit(f, BC_CLR, tmp.slot, 0, 0);
        if (dt_is_pointer(&tt)) tmp.objvar = objvar_begin(f, tmp.slot, OV_HANDLE, tt.type);
    }
    tmp.type = tt;
    ev arg = ev_view(&tmp), obj = *e, r;
    arg.lvalue = true;
    emit_call(f, m, &obj, &arg, 1, (ast_node *)at, &r);
    ev_free(f, &r);
    *e = tmp;
}

bool opcall_convert(fc *f, ev *e, const as_dtype *to, const ast_node *at, bool explicit_)
{
    if (e->kind == EV_ERROR) return true;
    /* object -> other: opImplConv (or opConv when explicit); handles: opImplCast / opCast */
    as_type *t = e->type.type;
    if (t && t->kind == TYPE_OBJECT && e->kind != EV_NULL) {
        bool to_handle = dt_is_handle(to) && to->type && to->type->kind == TYPE_OBJECT;
        /* an explicit conversion prefers the explicit operator, an implicit one can only use the
         * implicit one */
        const char *impl = to_handle ? "opImplCast" : "opImplConv", *expl = to_handle ? "opCast" : "opConv";
        const char *names[2] = {explicit_ ? expl : impl, explicit_ ? impl : expl};
        /* the exact type first (implicit operators before explicit ones), then a number
         * converted on (one of the same kind, integer or floating point, before any other),
         * then `void opConv(?&out)` */
        int nk = explicit_ ? 2 : 1;
        for (int pass = 0; pass < 4; pass++) {
            for (int k = 0; k < nk; k++) {
                as_function *cands[32];
                int n = find_methods(f, t, iname(f, names[k]), cands, 32);
                if (n > 32) n = 32;
                /* the overloads of the object's constness first (a const object still converts
                 * with a non-const operator when it has no const one, as in the reference) */
                bool oc = ev_is_const_obj(e);
                for (int i = 0, w = 0; i < n; i++)
                    if (((cands[i]->attrs & FA_CONST) != 0) == oc) {
                        as_function *m = cands[i];
                        memmove(&cands[w + 1], &cands[w], sizeof *cands * (size_t)(i - w));
                        cands[w++] = m;
                    }
                for (int i = 0; i < n; i++) {
                    as_function *m = cands[i];
                    const as_dtype *rt = &m->ret;
                    bool ok;
                    if (pass == 0) {
                        ok = !m->params.count && rt->type == to->type && (to_handle || dt_same_type(rt, to));
                    } else if (pass <= 2) {
                        ok = !m->params.count && dt_is_primitive(to) && to->type->prim != AS_TYPEID_BOOL &&
                             dt_is_primitive(rt) && !(rt->flags & DT_REF) &&
                             rt->type->prim != AS_TYPEID_BOOL && rt->type->prim != AS_TYPEID_VOID &&
                             (pass == 2 || prim_is_floating(rt->type->prim) == prim_is_floating(to->type->prim));
                    } else {
                        ok = m->params.count == 1 && m->params.data[0].type.type->kind == TYPE_VARTYPE &&
                             m->params.data[0].inout == INOUT_OUT && dt_is_void(rt);
                    }
                    if (!ok) continue;
                    if (pass == 3) {
                        convert_through_out(f, e, m, to, at);
                        return e->kind != EV_ERROR;
                    }
                    ev obj = *e, r;
                    emit_call(f, m, &obj, NULL, 0, (ast_node *)at, &r);
                    *e = r;
                    return pass == 0 || conv_implicit(f, e, to, at, true);
                }
            }
        }
    }
    /* other -> object: a conversion constructor; to a handle of a reference type, the new
     * object's handle (`DS@ h = "text";` with DS(const string &in), as the reference does) */
    if (to->type && to->type->kind == TYPE_OBJECT &&
        (!dt_is_handle(to) || (!(to->type->flags & AS_OBJ_VALUE) && e->kind != EV_NULL)) && opcall_can_construct_from(f, to->type, e)) {
        ev val = *e, r;
        construct_from_evs(f, to->type, &val, 1, at, &r, -1);
        if (r.kind != EV_ERROR && dt_is_handle(to)) r.type.flags |= DT_HANDLE;
        *e = r;
        return r.kind != EV_ERROR;
    }
    return false;
}

/* ======================================================================= operators */

static const char *binop_method(int op)
{
    switch (op) {
    case OP_ADD: return "opAdd"; case OP_SUB: return "opSub"; case OP_MUL: return "opMul";
    case OP_DIV: return "opDiv"; case OP_MOD: return "opMod"; case OP_POW: return "opPow";
    case OP_BAND: return "opAnd"; case OP_BOR: return "opOr"; case OP_BXOR: return "opXor";
    case OP_SHL: return "opShl"; case OP_SHR: return "opShr"; case OP_USHR: return "opUShr";
    default: return NULL;
    }
}

static const char *assignop_method(int op)
{
    switch (op) {
    case OP_ADD: return "opAddAssign"; case OP_SUB: return "opSubAssign"; case OP_MUL: return "opMulAssign";
    case OP_DIV: return "opDivAssign"; case OP_MOD: return "opModAssign"; case OP_POW: return "opPowAssign";
    case OP_BAND: return "opAndAssign"; case OP_BOR: return "opOrAssign"; case OP_BXOR: return "opXorAssign";
    case OP_SHL: return "opShlAssign"; case OP_SHR: return "opShrAssign"; case OP_USHR: return "opUShrAssign";
    default: return NULL;
    }
}

/* Whether m can serve as the operator `name`: like the reference, an opEquals that does not
 * return bool and an opCmp that does not return int are not comparison operators (they are
 * ignored, not errors). */
static bool operator_return_fits(const char *name, const as_function *m)
{
    int want = !strcmp(name, "opEquals") ? AS_TYPEID_BOOL : !strcmp(name, "opCmp") ? AS_TYPEID_INT32 : 0;
    return !want || (m->ret.type && m->ret.type->kind == TYPE_PRIMITIVE && dt_prim_id(&m->ret) == want);
}

/* Best single-argument method of obj's type named `name` for arg; returns it and its cost. */
static as_function *best_unary_method(fc *f, const ev *obj, const char *name, const ev *arg, int *cost)
{
    *cost = COST_IMPOSSIBLE;
    as_type *t = obj->type.type;
    if (!t || t->kind != TYPE_OBJECT || obj->kind == EV_NULL) return NULL;
    as_function *cands[64];
    int n = find_methods(f, t, iname(f, name), cands, 64);
    n = filter_constness(cands, n, ev_is_const_obj(obj));
    as_function *best = NULL;
    int ties = 0;
    for (int i = 0; i < n; i++) {
        as_function *m = cands[i];
        if (m->params.count != 1 || !operator_return_fits(name, m)) continue;
        /* the opAssign the compiler writes for a base class is not one of a derived class's (the
         * reference's is a behaviour of its own class, not an inherited method) */
        if ((m->attrs & FA_AUTO) && m->objtype != t) continue;
        int c;
        const as_param *p = &m->params.data[0];
        if (p->type.type->kind == TYPE_VARTYPE) c = COST_VARTYPE;
        else if (arg->kind == EV_NULL) c = dt_is_handle(&p->type) ? COST_EXACT : COST_IMPOSSIBLE;
        else c = conv_cost(f, arg, &p->type, false);
        if (c >= COST_IMPOSSIBLE && opcall_can_construct_from(f, p->type.type, arg)) c = COST_TO_OBJECT;
        if (c < *cost) { *cost = c; best = m; ties = 0; }
        else if (c == *cost && c < COST_IMPOSSIBLE) ties++;
    }
    if (ties) *cost = -*cost - 1; /* ambiguous */
    return best;
}

static void binary_method(fc *f, const char *name, const char *rname, ev *l, ev *r, const ast_node *at, ev *out, bool *found)
{
    int lc, rc;
    as_function *lm = best_unary_method(f, l, name, r, &lc);
    as_function *rm = rname ? best_unary_method(f, r, rname, l, &rc) : NULL;
    if (!rname) rc = COST_IMPOSSIBLE;
    int la = lc < 0 ? -lc - 1 : lc, ra = rc < 0 ? -rc - 1 : rc;
    *found = lm || rm;
    if (!lm && !rm) return;
    if (lm && (!rm || la <= ra)) {
        /* a tie between the sides goes to the left operand */
        if (lc < 0) {
            c_error(f->c, at, "Found more than one matching operator");
            ev_free(f, l); ev_free(f, r);
            ev_error(out);
            return;
        }
        emit_call(f, lm, l, r, 1, (ast_node *)at, out);
        return;
    }
    if (rc < 0) {
        c_error(f->c, at, "Found more than one matching operator");
        ev_free(f, l); ev_free(f, r);
        ev_error(out);
        return;
    }
    emit_call(f, rm, r, l, 1, (ast_node *)at, out);
}

/* With a primitive on one side the reference tries to convert the object and reports that. */
static void no_operator_ex(fc *f, int op, const ev *l, const ev *r, const ast_node *at)
{
    bool lp = dt_is_primitive(&l->type) && l->kind != EV_NULL, rp = dt_is_primitive(&r->type) && r->kind != EV_NULL;
    if (lp != rp) {
        const ev *obj = lp ? r : l, *prim = lp ? l : r;
        as_dtype pt = prim->type;
        pt.flags &= (uint8_t)~DT_CONST;
        if (op >= OP_ADD && op <= OP_USHR)
            c_error(f->c, at, "No conversion from '%s' to math type available.", ev_type_text(f, obj));
        else
            c_error(f->c, at, "No conversion from '%s' to '%s' available.", ev_type_text(f, obj), c_type_text(f->c, &pt));
        return;
    }
    c_error(f->c, at, "No matching operator that takes the types '%s' and '%s' found", ev_type_text(f, l), ev_type_text(f, r));
}

static void no_operator(fc *f, const ev *l, const ev *r, const ast_node *at) { no_operator_ex(f, OP_EQ, l, r, at); }

/* An object operand with opImplConv to a primitive joins a primitive operation. */
static bool implicit_to_primitive(fc *f, ev *e, const ast_node *at)
{
    as_type *t = e->type.type;
    if (!t || t->kind != TYPE_OBJECT || e->kind == EV_NULL) return false;
    as_function *cands[16];
    int n = find_methods(f, t, iname(f, "opImplConv"), cands, 16);
    for (int i = 0; i < n; i++) {
        if (cands[i]->params.count || !dt_is_primitive(&cands[i]->ret)) continue;
        ev obj = *e, r;
        emit_call(f, cands[i], &obj, NULL, 0, (ast_node *)at, &r);
        *e = r;
        return r.kind != EV_ERROR;
    }
    return false;
}

void opcall_binary(fc *f, int op, ev *l, ev *r, const ast_node *at, ev *out)
{
    const char *name = binop_method(op);
    char rname[32];
    snprintf(rname, sizeof rname, "%s_r", name ? name : "");
    bool found = false;
    if (name) binary_method(f, name, rname, l, r, at, out, &found);
    if (found) return;
    if ((dt_is_primitive(&l->type) || implicit_to_primitive(f, l, at)) && (dt_is_primitive(&r->type) || implicit_to_primitive(f, r, at)) &&
        l->kind != EV_NULL && r->kind != EV_NULL) {
        expr_numeric_binary(f, op, l, r, at, out);
        return;
    }
    no_operator_ex(f, op, l, r, at);
    ev_free(f, l);
    ev_free(f, r);
    ev_error(out);
}

/* A function handle (or a function name) as an operand of a comparison. */
static bool is_funcdef_operand(const ev *v)
{
    return v->kind == EV_FUNC || (v->kind != EV_NULL && v->kind != EV_ERROR && v->type.type && v->type.type->kind == TYPE_FUNCDEF);
}

void opcall_compare(fc *f, int op, ev *l, ev *r, const ast_node *at, ev *out)
{
    bool found = false;
    /* null on one side with a handle on the other: identity */
    if ((l->kind == EV_NULL && dt_is_handle(&r->type)) || (r->kind == EV_NULL && dt_is_handle(&l->type)) ||
        (l->kind == EV_NULL && r->kind == EV_NULL)) {
        if (op == OP_EQ || op == OP_NE) {
            const ev *other = l->kind == EV_NULL ? r : l;
            if (other->kind != EV_NULL && !other->explicit_handle)
                c_warning(f->c, at, "The operand is implicitly converted to handle in order to compare them");
            opcall_identity(f, op == OP_NE, l, r, at, out);
            return;
        }
    }
    /* `@a == @b`: the handles themselves, as the reference compares them (with one `@`, the
     * other side is taken as a handle too, and a warning says so) */
    if ((op == OP_EQ || op == OP_NE) && (l->explicit_handle || r->explicit_handle) && (dt_is_handle(&l->type) || l->kind == EV_FUNC) &&
        (dt_is_handle(&r->type) || r->kind == EV_FUNC)) {
        if (!l->explicit_handle || !r->explicit_handle) c_warning(f->c, at, "The operand is implicitly converted to handle in order to compare them");
        opcall_identity(f, op == OP_NE, l, r, at, out);
        return;
    }
    if (op == OP_EQ || op == OP_NE) {
        ev eq;
        binary_method(f, "opEquals", "opEquals", l, r, at, &eq, &found);
        if (found) {
            if (eq.kind == EV_ERROR || op == OP_EQ) { *out = eq; return; }
            int s = ev_to_slot(f, &eq, -1);
            int d = eq.temp && eq.objvar < 0 ? s : slot_alloc(f, 1);
            if (d != s) ev_free(f, &eq);
            emit(f, BC_NOT, d, s, 0);
            ev_init(out, EV_SLOT);
            out->slot = (uint16_t)d;
            out->temp = true;
            out->ntemp = 1;
            out->type = dt_prim(f, AS_TYPEID_BOOL);
            return;
        }
    }
    /* opCmp: l.opCmp(r) op 0, or r.opCmp(l) reversed */
    int lc, rc;
    as_function *lm = best_unary_method(f, l, "opCmp", r, &lc);
    as_function *rm = best_unary_method(f, r, "opCmp", l, &rc);
    if (lm || rm) {
        /* a negative cost: several overloads fit equally (-cost - 1 is the cost) */
        int la = lc < 0 ? -lc - 1 : lc, ra = rc < 0 ? -rc - 1 : rc;
        bool reversed = !(lm && (!rm || la <= ra));
        if (reversed ? rc < 0 : lc < 0) {
            c_error(f->c, at, "Found more than one matching operator");
            ev_free(f, l); ev_free(f, r);
            ev_error(out);
            return;
        }
        ev res;
        if (!reversed) emit_call(f, lm, l, r, 1, (ast_node *)at, &res);
        else emit_call(f, rm, r, l, 1, (ast_node *)at, &res);
        if (res.kind == EV_ERROR) { *out = res; return; }
        int s = ev_to_slot(f, &res, -1);
        int d = res.temp && res.objvar < 0 ? s : slot_alloc(f, 1);
        if (d != s) ev_free(f, &res);
        int zero = slot_alloc(f, 1);
        emit_sbx(f, BC_LI, zero, 0);
        int o = op;
        if (reversed) {
            switch (op) { case OP_LT: o = OP_GT; break; case OP_LE: o = OP_GE; break; case OP_GT: o = OP_LT; break; case OP_GE: o = OP_LE; break; }
        }
        switch (o) {
        case OP_EQ: emit(f, BC_EQ_I, d, s, zero); break;
        case OP_NE: emit(f, BC_NE_I, d, s, zero); break;
        case OP_LT: emit(f, BC_LT_I, d, s, zero); break;
        case OP_LE: emit(f, BC_LE_I, d, s, zero); break;
        case OP_GT: emit(f, BC_LT_I, d, zero, s); break;
        case OP_GE: emit(f, BC_LE_I, d, zero, s); break;
        }
        slot_free(f, zero, 1);
        ev_init(out, EV_SLOT);
        out->slot = (uint16_t)d;
        out->temp = true;
        out->ntemp = 1;
        out->type = dt_prim(f, AS_TYPEID_BOOL);
        return;
    }
    if ((is_funcdef_operand(l) || is_funcdef_operand(r)) && (l->kind != EV_FUNC || r->kind != EV_FUNC)) {
        /* function handles compare with `is` only: the reference tries them as numbers and
         * reports each side (a function name as the other side's funcdef handle) */
        ev *sides[2] = {l, r};
        bool made[2] = {false, false};
        for (int i = 0; i < 2; i++) {
            ev *o = sides[1 - i];
            if (sides[i]->kind == EV_FUNC && is_funcdef_operand(o) && o->kind != EV_FUNC)
                made[i] = opcall_func_to_handle(f, sides[i], o->type.type, at);
        }
        for (int i = 0; i < 2; i++) {
            if (sides[i]->kind == EV_ERROR || sides[i]->kind == EV_FUNC || !dt_is_handle(&sides[i]->type)) continue;
            c_error(f->c, at, "No conversion from '%s' to 'int64' available.",
                    made[i] ? c_type_text(f->c, &sides[i]->type) : ev_type_text(f, sides[i]));
        }
        ev_free(f, l); ev_free(f, r);
        ev_error(out);
        return;
    }
    /* two object handles without opEquals: no operator (the reference's; identity is `is`) */
    if ((dt_is_primitive(&l->type) || implicit_to_primitive(f, l, at)) && (dt_is_primitive(&r->type) || implicit_to_primitive(f, r, at)) &&
        l->kind != EV_NULL && r->kind != EV_NULL) {
        expr_compare(f, op, l, r, at, out);
        return;
    }
    no_operator(f, l, r, at);
    ev_free(f, l);
    ev_free(f, r);
    ev_error(out);
}

static bool is_ashandle_value(const ev *v)
{
    return v->kind != EV_NULL && v->type.type && v->type.type->kind == TYPE_OBJECT &&
           (v->type.type->flags & AS_OBJ_ASHANDLE) && !dt_is_handle(&v->type);
}

/* `T@ v = x;` of a value type that acts as a handle: the reference converts x to T and reports
 * that it can't, at x. */
static void handle_init_error(fc *f, const ev *lv, const ev *rv, const ast_node *at)
{
    as_dtype to = lv->type;
    to.flags &= (uint8_t)~(DT_HANDLE | DT_HANDLE_CONST | DT_REF | DT_CONST);
    const ast_node *n = rv->src ? rv->src : at;
    c_error_pos(f->c, c_expr_start(n), "Can't implicitly convert from '%s' to '%s'.", ev_type_text(f, rv), c_type_text(f->c, &to));
}

void opcall_handle_assign_method(fc *f, ev *lv, ev *rv, const ast_node *at, bool init, ev *out)
{
    int cost;
    if (rv->kind != EV_ERROR && rv->kind != EV_NULL && rv->kind != EV_FUNC &&
        (!dt_is_object(&rv->type) || (dt_is_value_obj(&rv->type) && !(rv->type.type->flags & AS_OBJ_ASHANDLE)))) {
        /* a handle of a number or of a value (`@r = 1`, `@r = 'a'`) */
        if (rv->pos.line) c_error_pos(f->c, rv->pos, "Object handle is not supported for this type");
        else c_error(f->c, at, "Object handle is not supported for this type");
        if (init) handle_init_error(f, lv, rv, at);
        ev_free(f, lv);
        ev_free(f, rv);
        ev_error(out);
        return;
    }
    as_function *m = best_unary_method(f, lv, "opHndlAssign", rv, &cost);
    if (!m || cost >= COST_IMPOSSIBLE || cost < 0) {
        if (m && cost < 0) c_error(f->c, at, "Found more than one matching operator");
        else if (init) handle_init_error(f, lv, rv, at);
        else c_error(f->c, at, "No appropriate opHndlAssign method found in '%s' for handle assignment", c_type_text(f->c, &lv->type));
        ev_free(f, lv);
        ev_free(f, rv);
        ev_error(out);
        return;
    }
    rv->explicit_handle = true;
    emit_call(f, m, lv, rv, 1, (ast_node *)at, out);
}

static bool is_scoped(const as_dtype *d) { return d->type && d->type->kind == TYPE_OBJECT && (d->type->flags & AS_OBJ_SCOPED); }

void opcall_identity(fc *f, bool negate, ev *l, ev *r, const ast_node *at, ev *out)
{
    if (l->kind == EV_ERROR || r->kind == EV_ERROR) {
        ev_free(f, l); ev_free(f, r);
        ev_error(out);
        return;
    }
    if (is_ashandle_value(l) || is_ashandle_value(r)) {
        /* a value type that acts as a handle compares identity with its opEquals */
        as_function *eq[1];
        if (find_methods(f, (is_ashandle_value(l) ? l : r)->type.type, iname(f, "opEquals"), eq, 1) <= 0) {
            c_error(f->c, at, "No appropriate opEquals method found");   /* dictionaryValue */
            ev_free(f, l); ev_free(f, r);
            ev_error(out);
            return;
        }
        opcall_compare(f, negate ? OP_NE : OP_EQ, l, r, at, out);
        return;
    }
    /* `h is func`: the function as a handle of the other side's funcdef */
    if (l->kind == EV_FUNC && r->kind != EV_FUNC && r->kind != EV_NULL && r->type.type && r->type.type->kind == TYPE_FUNCDEF &&
        !opcall_func_to_handle(f, l, r->type.type, at)) {
        ev_free(f, r);
        ev_error(out);
        return;
    }
    if (r->kind == EV_FUNC && l->kind != EV_FUNC && l->kind != EV_NULL && l->type.type && l->type.type->kind == TYPE_FUNCDEF &&
        !opcall_func_to_handle(f, r, l->type.type, at)) {
        ev_free(f, l);
        ev_error(out);
        return;
    }
    /* a scoped object is held by pointer but never as a handle (there are no S@) */
    bool lh = l->kind == EV_NULL || (dt_is_pointer(&l->type) && !is_scoped(&l->type));
    bool rh = r->kind == EV_NULL || (dt_is_pointer(&r->type) && !is_scoped(&r->type));
    if (!lh || !rh) {
        c_error(f->c, at, "Both operands must be handles when comparing identity");
        ev_free(f, l); ev_free(f, r);
        ev_error(out);
        return;
    }
    if (l->kind == EV_NULL && r->kind == EV_NULL) {
        as_slot v;
        v.u64 = !negate;
        ev_const(f, out, AS_TYPEID_BOOL, v);
        return;
    }
    int ls = ev_to_slot(f, l, -1), rs = ev_to_slot(f, r, -1);
    /* compare first: releasing a temporary handle (a call's result) clears its slot */
    int d = slot_alloc(f, 1);
    emit(f, negate ? BC_NE_P : BC_EQ_P, d, ls, rs);
    ev_free(f, l);
    ev_free(f, r);
    ev_init(out, EV_SLOT);
    out->slot = (uint16_t)d;
    out->temp = true;
    out->ntemp = 1;
    out->type = dt_prim(f, AS_TYPEID_BOOL);
}

void opcall_unary(fc *f, int op, ev *v, const ast_node *at, ev *out)
{
    const char *name = op == OP_NEG ? "opNeg" : op == OP_BNOT ? "opCom" : NULL;
    if (name) {
        as_function *cands[8];
        int n = find_methods(f, v->type.type, iname(f, name), cands, 8);
        n = filter_constness(cands, n, ev_is_const_obj(v));
        for (int i = 0; i < n; i++) {
            if (cands[i]->params.count == 0) {
                emit_call(f, cands[i], v, NULL, 0, (ast_node *)at, out);
                return;
            }
        }
    }
    if (name) c_error(f->c, at, "Function '%s()' not found", name);
    else c_error(f->c, at, "Illegal operation on this datatype");
    ev_free(f, v);
    ev_error(out);
}

void opcall_incdec(fc *f, ev *lv, bool pre, bool inc, const ast_node *at, ev *out)
{
    const char *name = pre ? (inc ? "opPreInc" : "opPreDec") : (inc ? "opPostInc" : "opPostDec");
    as_function *cands[8];
    int n = find_methods(f, lv->type.type, iname(f, name), cands, 8);
    for (int i = 0; i < n; i++) {
        if (cands[i]->params.count == 0) {
            emit_call(f, cands[i], lv, NULL, 0, (ast_node *)at, out);
            return;
        }
    }
    c_error(f->c, at, "Illegal operation on '%s'", c_type_text(f->c, &lv->type));
    ev_free(f, lv);
    ev_error(out);
}

void opcall_assign(fc *f, ev *lv, ev *rv, const ast_node *at, ev *out)
{
    /* a declaration's initialisation or an assignment: how messages show the target */
    int site = f->msg_target ? f->msg_target : MT_ASSIGN;
    f->msg_target = MT_NONE;
    /* the opAssign the compiler writes copies members by value whatever the property says */
    if (E(f)->props[AS_EP_DISALLOW_VALUE_ASSIGN_FOR_REF_TYPE] && lv->type.type && (lv->type.type->flags & AS_OBJ_REF) &&
        !(f->fn->attrs & FA_AUTO)) {
        c_error(f->c, at, "Value assignment on reference types is not allowed. Did you mean to do a handle assignment?");
        ev_free(f, rv); ev_free(f, lv);
        ev_error(out);
        return;
    }
    if (lv->readonly || (lv->type.flags & DT_CONST)) {
        c_error(f->c, at, "Reference is read-only");
        ev_free(f, rv); ev_free(f, lv);
        ev_error(out);
        return;
    }
    if (!lv->lvalue && lv->objvar >= 0) {
        /* assigning to a temporary is allowed for objects; the reference does it too */
    }
    int cost;
    as_function *m = best_unary_method(f, lv, "opAssign", rv, &cost);
    if (m && cost >= 0) {
        as_type *lt = lv->type.type, *rt = rv->kind == EV_NULL ? NULL : rv->type.type;
        if ((m->attrs & FA_AUTO) && rt && rt != lt && (rt->flags & AS_OBJ_SCRIPT_OBJECT) && object_is_a(rt, lt) &&
            !rv->temp && can_copy_into_new(lt)) {
            /* as the reference: an object (not a temporary) of a derived class by its declared
             * type is first copied into a new object of the assigned class (its copy
             * constructor), so the free opAssign copies that base part, and refuses it when the
             * assigned object really is of a derived class */
            ev copy;
            rv->type.type = lt;
            copy_ref_object(f, rv, at, &copy);
            if (copy.kind == EV_ERROR) {
                ev_free(f, lv);
                ev_error(out);
                return;
            }
            *rv = copy;
        }
        emit_call(f, m, lv, rv, 1, (ast_node *)at, out);
        return;
    }
    if (m && cost < 0) {
        c_error(f->c, at, "Found more than one matching operator");
        ev_free(f, rv); ev_free(f, lv);
        ev_error(out);
        return;
    }
    if (dt_is_value_obj(&lv->type) && (lv->type.type->flags & AS_OBJ_POD) && rv->type.type == lv->type.type) {
        int d = ev_address(f, lv, -1);
        int s = ev_address(f, rv, -1);
        emit(f, BC_MEMCPY, d, s, lv->type.type->size);
        ev_free(f, rv);
        *out = *lv;
        return;
    }
    /* a value of another type is first converted to the target's type, as the reference does,
     * and that fails; a value of the same type finds no opAssign */
    if (rv->kind == EV_NULL || rv->type.type != lv->type.type) {
        as_dtype target = lv->type;
        target.flags &= (uint8_t)~DT_HANDLE;
        const char *from = ev_conv_text(f, rv, &target);
        if (rv->kind == EV_NULL && !dt_is_value_obj(&target)) from = c_type_text(f->c, &(as_dtype){target.type, DT_HANDLE});
        c_error_pos(f->c, c_expr_start(rv->src ? rv->src : at), "Can't implicitly convert from '%s' to '%s'.", from, dt_target_text_in(f, &target, site));
    } else {
        c_error(f->c, at, "No appropriate opAssign method found in '%s' for value assignment", c_type_text(f->c, &lv->type));
    }
    ev_free(f, rv); ev_free(f, lv);
    ev_error(out);
}

static void prop_get_borrowed(fc *f, ev *prop, const ast_node *at, ev *out);

void opcall_compound(fc *f, int op, ev *lv, ev *rv, const ast_node *at, ev *out)
{
    if (lv->kind == EV_PROP) {
        if (lv->index) {
            c_error(f->c, at, "Compound assignments with indexed property accessors are not supported");
            ev_free(f, rv); ev_free(f, lv);
            ev_error(out);
            return;
        }
        /* get, operate, set: the object is evaluated once */
        if (!lv->getter || !lv->setter) {
            c_error(f->c, at, lv->getter ? "The property has no set accessor" : "The property has no get accessor");
            ev_free(f, rv); ev_free(f, lv);
            ev_error(out);
            return;
        }
        ev cur, res;
        prop_get_borrowed(f, lv, at, &cur);
        if (cur.kind == EV_ERROR) {
            ev_free(f, rv); ev_free(f, lv);
            ev_error(out);
            return;
        }
        if (dt_is_primitive(&cur.type) && dt_is_primitive(&rv->type)) expr_numeric_binary(f, op, &cur, rv, at, &res);
        else opcall_binary(f, op, &cur, rv, at, &res);
        if (res.kind == EV_ERROR) {
            ev_free(f, lv);
            ev_error(out);
            return;
        }
        as_dtype pt = lv->setter->params.data[lv->setter->params.count - 1].type;
        if (!conv_implicit(f, &res, &pt, at, false)) {
            c_error(f->c, at, "Can't implicitly convert from '%s' to '%s'.", c_type_text(f->c, &res.type), c_type_text(f->c, &pt));
            ev_free(f, &res); ev_free(f, lv);
            ev_error(out);
            return;
        }
        opcall_prop_set(f, lv, &res, at, out);
        return;
    }
    const char *name = assignop_method(op);
    int cost;
    as_function *m = name ? best_unary_method(f, lv, name, rv, &cost) : NULL;
    if (!m && name && ev_is_const_obj(lv) && lv->type.type && lv->type.type->kind == TYPE_OBJECT) {
        as_function *any[2];
        if (find_methods(f, lv->type.type, iname(f, name), any, 2)) {
            c_error(f->c, at, "Illegal operation on '%s'", c_type_text(f->c, &lv->type));
            ev_free(f, rv); ev_free(f, lv);
            ev_error(out);
            return;
        }
    }
    if (m && cost >= 0) {
        if (lv->readonly || (lv->type.flags & DT_CONST && !dt_is_handle(&lv->type))) {
            c_error(f->c, at, "Reference is read-only");
            ev_free(f, rv); ev_free(f, lv);
            ev_error(out);
            return;
        }
        emit_call(f, m, lv, rv, 1, (ast_node *)at, out);
        return;
    }
    if (m) c_error(f->c, at, "Found more than one matching operator");
    else no_operator(f, lv, rv, at);
    ev_free(f, rv);
    ev_free(f, lv);
    ev_error(out);
}

void opcall_prop_set(fc *f, ev *prop, ev *rv, const ast_node *at, ev *out)
{
    if (!prop->setter) {
        c_error(f->c, at, "The property has no set accessor");
        ev_free(f, rv);
        ev_free(f, prop);
        ev_error(out);
        return;
    }
    /* `p = x` on a handle property (no @): the value of the object the getter gives (as for
     * handle variables); `@p = x` calls the setter */
    as_dtype pt = prop->setter->params.data[prop->setter->params.count - 1].type;
    if (dt_is_handle(&pt) && pt.type->kind != TYPE_FUNCDEF && !rv->handle_store && !rv->explicit_handle && rv->kind != EV_NULL && prop->getter) {
        ev_resolve_prop(f, prop, at);
        if (prop->kind == EV_ERROR) {
            ev_free(f, rv);
            ev_error(out);
            return;
        }
        opcall_assign(f, prop, rv, at, out);
        return;
    }
    ev obj;
    ev *objp = NULL;
    if (prop->obj) {
        obj = *prop->obj;
        objp = &obj;
    }
    if (prop->index) {
        ev args[2] = {*prop->index, *rv};
        emit_call(f, prop->setter, objp, args, 2, (ast_node *)at, out);
        return;
    }
    emit_call(f, prop->setter, objp, rv, 1, (ast_node *)at, out);
}

void ev_resolve_prop(fc *f, ev *e, const ast_node *at)
{
    if (e->kind != EV_PROP) return;
    if (e->needs_index) {
        c_error(f->c, at, "Property accessor with index must be used with index");
        ev_free(f, e);
        ev_error(e);
        return;
    }
    if (!e->getter) {
        c_error(f->c, at ? at : NULL, "The property has no get accessor");
        ev_free(f, e);
        ev_error(e);
        return;
    }
    ev obj, *objp = NULL;
    if (e->obj) {
        obj = *e->obj;
        objp = &obj;
    }
    as_function *g = e->getter;
    ev idx;
    bool has_index = e->index != NULL;
    if (has_index) idx = *e->index;
    emit_call(f, g, objp, has_index ? &idx : NULL, has_index ? 1 : 0, (ast_node *)at, e);
}

/* For read-modify-write on a property: the object and index stay owned by prop, the getter
 * borrows them. */
static void prop_get_borrowed(fc *f, ev *prop, const ast_node *at, ev *out)
{
    ev copy = *prop, obj, idx;
    if (prop->obj) {
        obj = ev_view(prop->obj);
        copy.obj = &obj;
    }
    if (prop->index) {
        idx = ev_view(prop->index);
        copy.index = &idx;
    }
    ev_resolve_prop(f, &copy, at);
    *out = copy;
}

bool opcall_to_bool(fc *f, ev *e, const ast_node *at)
{
    as_dtype bt = dt_prim(f, AS_TYPEID_BOOL);
    /* opImplConv first, then opConv (as the reference picks them) */
    if (e->type.type && e->type.type->kind == TYPE_OBJECT)
        return opcall_convert(f, e, &bt, at, false) || opcall_convert(f, e, &bt, at, true);
    return false;
}

bool opcall_func_fits_funcdef(const as_function *fn, const as_function *sig)
{
    /* a funcdef named without @ (`funcdef F G();`) is not F@: no script function has it */
    if (fn->params.count != sig->params.count || !dt_equal_ex(&fn->ret, &sig->ret) ||
        ((fn->ret.flags ^ sig->ret.flags) & (DT_HANDLE_CONST | DT_IMPLIED_HANDLE)))
        return false;
    for (int i = 0; i < fn->params.count; i++)
        if (!dt_equal_ex(&fn->params.data[i].type, &sig->params.data[i].type) ||
            ((fn->params.data[i].type.flags ^ sig->params.data[i].type.flags) & (DT_HANDLE_CONST | DT_IMPLIED_HANDLE)) ||
            fn->params.data[i].inout != sig->params.data[i].inout)
            return false;
    return true;
}

as_type *opcall_funcdef_of(fc *f, as_function *fn)
{
    as_engine *e = E(f);
    for (int i = 0; i < e->types.count; i++) {
        as_type *t = e->types.data[i];
        if (t && t->kind == TYPE_FUNCDEF && !t->anonymous && t->signature && !t->signature->objtype &&
            function_same_signature(t->signature, fn))
            return t;
    }
    int tid = as_function_type_id(fn);
    as_type *t = tid > 0 ? (as_type *)as_engine_type_by_id(e, tid) : NULL;
    return t && t->kind == TYPE_FUNCDEF ? t : NULL;
}

bool opcall_func_to_own_handle(fc *f, ev *v, const ast_node *at)
{
    as_function *fn = v->single;
    int nf = fn ? 1 : 0;
    for (as_symbol *s = v->funcs; s && !v->single; s = s->next)
        if (s->kind == SYM_FUNC) fn = s->ptr, nf++;
    as_type *fd = nf == 1 ? opcall_funcdef_of(f, fn) : NULL;
    if (!fd) {
        c_error(f->c, at, nf > 1 ? "Multiple matching signatures to '%s'" : "Can't implicitly convert from '%s' to '?'", fn ? fn->name : "");
        ev_free(f, v);
        ev_error(v);
        return false;
    }
    return opcall_func_to_handle(f, v, fd, at);
}

bool opcall_func_to_handle(fc *f, ev *e, as_type *fd, const ast_node *at)
{
    as_function *sig = fd->signature;
    as_function *match = NULL;
    for (as_symbol *s = e->funcs; s; s = s->next) {
        if (s->kind != SYM_FUNC) continue;
        as_function *fn = s->ptr;
        if (opcall_func_fits_funcdef(fn, sig)) {
            match = fn;
            break;
        }
    }
    if (!match && e->single) match = e->single;
    if (!match) {
        c_error(f->c, at, "Can't implicitly convert from '$func@const' to '%s'.", dt_target_text(f, &(as_dtype){fd, DT_HANDLE}));
        ev_error(e);
        return false;
    }
    int d = slot_alloc(f, 1);
    emit(f, BC_LK, d, k_func(f, match), 0);
    ev_init(e, EV_SLOT);
    e->slot = (uint16_t)d;
    e->temp = true;
    e->ntemp = 1;
    e->type = dt_of(fd, DT_HANDLE);
    e->from_local = true; /* functions outlive the call */
    return true;
}

/* ======================================================================= members */

/* Private members are for the declaring class's methods, protected ones for derived classes too.
 * A member named through an object (`o.p`, `this.p`) is, as in the reference, for methods of the
 * object's own type only: whatever class declared it (a derived class may not read a protected
 * property through a base handle, a base class not through a derived one), while an inherited
 * private property is readable that way. Returns true (after reporting) when the access is
 * illegal. */
static bool report_access(fc *f, const ev *obj, const as_type *owner, const as_property *p, const ast_node *at)
{
    const as_type *me = f->objtype && f->fn && f->fn->objtype ? f->objtype : NULL;
    if (f->fn && (f->fn->attrs & FA_AUTO)) return false;
    if (!obj->implicit_this) {
        if (me && me == obj->type.type) return false;
        c_error(f->c, at, "Illegal access to %s property '%s'", p->is_private ? "private" : "protected", p->name);
        return true;
    }
    if (me == owner) return false;
    bool derived = false;
    for (const as_type *c = me ? me->base : NULL; c && !derived; c = c->base) derived = c == owner;
    if (p->is_protected && derived) return false;
    if (p->is_private && derived && E(f)->props[AS_EP_PRIVATE_PROP_AS_PROTECTED]) {
        c_warning(f->c, at, "Accessing private property '%s' of parent class", p->name);
        return false;
    }
    if (p->is_private && derived) c_error(f->c, at, "Illegal access to inherited private property '%s'", p->name);
    else c_error(f->c, at, "Illegal access to %s property '%s'", p->is_private ? "private" : "protected", p->name);
    return true;
}

/* obj.name through the property accessors get_name / set_name, when t has them. */
static bool member_accessor(fc *f, ev *obj, as_type *t, const char *name, ev *out)
{
    char gname[300], sname[300];
    snprintf(gname, sizeof gname, "get_%s", name);
    snprintf(sname, sizeof sname, "set_%s", name);
    as_function *g[4], *s[4];
    int ng = find_methods(f, t, iname(f, gname), g, 4), ns = find_methods(f, t, iname(f, sname), s, 4);
    as_function *getter = NULL, *setter = NULL, *igetter = NULL, *isetter = NULL;
    for (int i = 0; i < ng; i++) if (c_is_accessor(f->c, g[i]) && g[i]->params.count == 0) getter = g[i];
    for (int i = 0; i < ns; i++) if (c_is_accessor(f->c, s[i]) && s[i]->params.count == 1) setter = s[i];
    for (int i = 0; i < ng; i++) if (c_is_accessor(f->c, g[i]) && g[i]->params.count == 1) igetter = g[i];
    for (int i = 0; i < ns; i++) if (c_is_accessor(f->c, s[i]) && s[i]->params.count == 2) isetter = s[i];
    bool indexed = !getter && !setter && (igetter || isetter);
    if (indexed) getter = igetter, setter = isetter;
    if (!getter && !setter) return false;
    ev_init(out, EV_PROP);
    out->getter = getter;
    out->setter = setter;
    out->needs_index = indexed;
    out->type = getter ? getter->ret : setter->params.data[indexed ? 1 : 0].type;
    out->obj = arena_alloc(f->c->arena, sizeof(ev));
    *out->obj = *obj;
    return true;
}

static bool member_of_ex(fc *f, ev *obj, const char *name, const ast_node *at, ev *out, bool report, bool direct);

bool compile_member_of(fc *f, ev *obj, const char *name, const ast_node *at, ev *out, bool report)
{
    return member_of_ex(f, obj, name, at, out, report, false);
}

bool compile_field_of(fc *f, ev *obj, const char *name, const ast_node *at, ev *out, bool report)
{
    return member_of_ex(f, obj, name, at, out, report, true);
}

/* direct: the member variable itself even when accessors of its name exist (initialising,
 * copying) */
static bool member_of_ex(fc *f, ev *obj, const char *name, const ast_node *at, ev *out, bool report, bool direct)
{
    if (obj->kind == EV_TYPE) {
        as_type *t = obj->tname;
        if (t->kind == TYPE_ENUM) {
            for (int i = 0; i < t->enum_values.count; i++) {
                if (t->enum_values.data[i].name == name) {
                    as_slot v;
                    v.i64 = t->enum_values.data[i].value;
                    ev_init(out, EV_CONST);
                    out->type = dt_of(t, DT_CONST);
                    out->k = v;
                    return true;
                }
            }
        }
        if (report) {
            /* Type::member names an object's member without an object */
            bool member = false;
            if (t->kind == TYPE_OBJECT) {
                char acc[300];
                as_function *m[1];
                for (as_type *c = t; c && !member; c = c->base) member = type_find_own_prop(c, name) >= 0;
                snprintf(acc, sizeof acc, "get_%s", name);
                member = member || find_methods(f, t, name, m, 1) > 0 || find_methods(f, t, iname(f, acc), m, 1) > 0;
                snprintf(acc, sizeof acc, "set_%s", name);
                member = member || find_methods(f, t, iname(f, acc), m, 1) > 0;
            }
            if (member) c_error(f->c, at, "Cannot access non-static member '%s' like this", name);
            else c_error(f->c, at, "No matching symbol '%s::%s'", t->name, name);
        }
        return false;
    }
    as_type *t = obj->type.type;
    if (!t || t->kind != TYPE_OBJECT) {
        if (report) c_error(f->c, at, "Illegal operation on '%s'", c_type_text(f->c, &obj->type));
        return false;
    }
    /* a property with accessors of its name is reached through them, as in the reference: the
     * member itself only inside those accessors */
    bool in_own_accessor = f->fn && f->fn->objtype && f->fn->name && (!strncmp(f->fn->name, "get_", 4) || !strncmp(f->fn->name, "set_", 4)) &&
                           !strcmp(f->fn->name + 4, name) && c_is_accessor(f->c, f->fn);
    if (!direct && !in_own_accessor) {
        bool has_member = false;
        for (as_type *c = t; c && !has_member; c = c->base) has_member = type_find_own_prop(c, name) >= 0;
        if (has_member && member_accessor(f, obj, t, name, out)) return true;
    }
    for (as_type *c = t; c; c = c->base) {
        for (int i = type_find_own_prop(c, name); i >= 0; i = -1) {
            as_property *p = &c->props.data[i];
            if (p->masked && !(p->access & C_ACCESS(f->c))) continue;   /* outside the access mask */
            if ((p->is_private || p->is_protected) && report_access(f, obj, c, p, at)) {
                ev_error(out);
                return true;
            }
            if (obj->is_this && f->base_uninit && c != f->objtype) {
                /* a base class member before super(...) has run (2.38) */
                c_error(f->c, at, "The member '%s' is accessed before the initialization", name);
                ev_error(out);
                return true;
            }
            bool obj_const = ev_is_const_obj(obj);
            /* the field is at the object's address plus its offset */
            if (dt_is_value_obj(&obj->type)) {
                if (obj->kind == EV_MEM) {
                    *out = *obj;
                    out->offset += p->offset;
                } else {
                    int a = ev_address(f, obj, -1);
                    *out = *obj;
                    ev_init(out, EV_MEM);
                    out->slot = (uint16_t)a;
                    out->offset = p->offset;
                    /* ownership of the object temp and the address slot moves to the member */
                    out->temp = obj->temp;
                    out->ntemp = obj->ntemp;
                    out->objvar = obj->objvar;
                    out->has_aux = obj->has_aux;
                    out->aux = obj->aux;
                    out->keep = obj->keep;
                    if (obj->temp || obj->objvar >= 0) {
                        /* keep the object alive: the ev's slot is the address, free both at the end */
                        out->slot = (uint16_t)a;
                    }
                }
            } else {
                int s = ev_to_slot(f, obj, -1);
                ev_init(out, EV_MEM);
                out->slot = (uint16_t)s;
                out->offset = p->offset;
                out->temp = obj->temp;
                out->ntemp = obj->ntemp;
                out->objvar = obj->objvar;
                out->has_aux = obj->has_aux;
                out->aux = obj->aux;
                out->keep = obj->keep;   /* what the object refers into stays alive with the member */
            }
            out->type = p->type;
            if (obj_const && !(p->type.flags & DT_HANDLE)) out->type.flags |= DT_CONST;
            out->lvalue = !obj_const && !(p->type.flags & DT_CONST);
            out->readonly = obj_const || (p->type.flags & DT_CONST);
            /* object members (is_indirect) hold their object's pointer like a handle does */
            return true;
        }
    }
    if (member_accessor(f, obj, t, name, out)) return true;
    if (report) {
        as_function *m[1];
        if (find_methods(f, t, name, m, 1)) c_error(f->c, at, "Invalid operation on method");
        else c_error(f->c, at, "'%s' is not a member of '%s'", name, c_type_text(f->c, &obj->type));
    }
    return false;
}

void compile_member_with(fc *f, ast_node *n, ev *object, ev *out)
{
    ev obj = *object;
    if (obj.kind == EV_PROP) ev_resolve_prop(f, &obj, n->u.member.object);
    if (obj.kind == EV_ERROR) {
        ev_error(out);
        return;
    }
    if (obj.kind == EV_TYPE) {
        /* `A.v` where A names a type (A::v would name its member) */
        char written[256];
        c_error(f->c, n->u.member.object, "Expression '%s' is a data type", type_expr_text(n->u.member.object, &obj, written, sizeof written));
        ev_error(out);
        return;
    }
    if (!compile_member_of(f, &obj, n->u.member.name, n, out, true)) {
        ev_free(f, &obj);
        ev_error(out);
    }
}

void compile_index_with(fc *f, ast_node *n, ev *object, ev *out)
{
    ev obj = *object;
    if (obj.kind == EV_PROP && obj.needs_index) {
        /* name[i] of an indexed property: get_name(i) / set_name(i, v) */
        if (n->u.index.args.count != 1) {
            c_error(f->c, n, "Property accessor with index must be used with index");
            ev_free(f, &obj);
            ev_error(out);
            return;
        }
        ast_node *an = n->u.index.args.items[0];
        as_function *any = obj.getter ? obj.getter : obj.setter;
        ev *idx = arena_alloc(f->c->arena, sizeof(ev));
        compile_expr_as(f, an->kind == AST_ARG ? an->u.arg.value : an, &any->params.data[0].type, idx);
        if (idx->kind == EV_ERROR) {
            ev_free(f, &obj);
            ev_error(out);
            return;
        }
        *out = obj;
        out->needs_index = false;
        out->index = idx;
        return;
    }
    if (obj.kind == EV_PROP) ev_resolve_prop(f, &obj, n->u.index.object);
    if (obj.kind == EV_ERROR) {
        ev_error(out);
        return;
    }
    if (!dt_is_object(&obj.type)) {
        c_error(f->c, n, "Type '%s' doesn't support the indexing operator", c_type_text(f->c, &obj.type));
        ev_free(f, &obj);
        ev_error(out);
        return;
    }
    /* 2.35 has no named arguments in `[]`: such an index matches no opIndex */
    for (int i = 0; i < n->u.index.args.count; i++) {
        ast_node *an = n->u.index.args.items[i];
        if (an->kind == AST_ARG && an->u.arg.name) {
            c_error(f->c, n, "No matching signatures to '%s::opIndex()'", obj.type.type->name);
            ev_free(f, &obj);
            ev_error(out);
            return;
        }
    }
    as_function *cands[4];
    if (!find_methods(f, obj.type.type, iname(f, "opIndex"), cands, 4)) {
        as_function *g[4], *s[4];
        int ng = find_methods(f, obj.type.type, iname(f, "get_opIndex"), g, 4);
        int ns = find_methods(f, obj.type.type, iname(f, "set_opIndex"), s, 4);
        as_function *getter = NULL, *setter = NULL;
        for (int i = 0; i < ng; i++) if (c_is_accessor(f->c, g[i]) && g[i]->params.count == 1) getter = g[i];
        for (int i = 0; i < ns; i++) if (c_is_accessor(f->c, s[i]) && s[i]->params.count == 2) setter = s[i];
        if ((getter || setter) && n->u.index.args.count == 1) {
            /* indexed property accessors: get_opIndex(i) / set_opIndex(i, v) */
            ast_node *an = n->u.index.args.items[0];
            as_function *any = getter ? getter : setter;
            ev *idx = arena_alloc(f->c->arena, sizeof(ev));
            compile_expr_as(f, an->kind == AST_ARG ? an->u.arg.value : an, &any->params.data[0].type, idx);
            if (idx->kind == EV_ERROR) {
                ev_free(f, &obj);
                ev_error(out);
                return;
            }
            ev_init(out, EV_PROP);
            out->getter = getter;
            out->setter = setter;
            out->type = getter ? getter->ret : setter->params.data[1].type;
            out->obj = arena_alloc(f->c->arena, sizeof(ev));
            *out->obj = obj;
            out->index = idx;
            return;
        }
    }
    method_call_on(f, &obj, iname(f, "opIndex"), &n->u.index.args, n, out);
}

/* cast<T>(h): an up-cast is free, a down-cast or cross-cast checks the object's class at run
 * time (null if it isn't one), an object with opCast/opImplCast converts itself. */
void compile_lambda_as(fc *f, ast_node *n, as_type *fd, ev *out);

/* cast<T>(x) of what has no type to convert from (an init list, void). Out of line: kept out
 * of the frame of expressions that nest. */
static NOINLINE void report_no_cast(fc *f, const char *from, const as_dtype *to, const ast_node *n)
{
    /* a value of the ASHANDLE type (`ref`) is shown without its @ */
    as_dtype shown = *to;
    if (shown.type->flags & AS_OBJ_ASHANDLE) shown.flags &= (uint8_t)~DT_HANDLE;
    c_error(f->c, n, "No conversion from '%s' to '%s' available.", from, c_type_text(f->c, &shown));
}

void compile_cast(fc *f, ast_node *n, ev *out)
{
    as_dtype to;
    if (!c_resolve_type(f->c, n->u.cast.type, f->ns, f->objtype, &to)) {
        ev v;
        compile_expr(f, n->u.cast.expr, &v);
        ev_free(f, &v);
        ev_error(out);
        return;
    }
    to.flags |= DT_HANDLE;
    if (to.type->kind == TYPE_FUNCDEF && n->u.cast.expr->kind == AST_LAMBDA) {
        /* cast<FD>(function(a) { ... }): the lambda takes the funcdef's signature */
        compile_lambda_as(f, n->u.cast.expr, to.type, out);
        return;
    }
    if (n->u.cast.expr->kind == AST_INITLIST) {
        report_no_cast(f, "<anonymous initialization list>", &to, n);
        ev_error(out);
        return;
    }
    compile_expr(f, n->u.cast.expr, out);
    if (out->kind == EV_PROP) ev_resolve_prop(f, out, n->u.cast.expr);
    if (out->kind == EV_ERROR) return;
    if (out->kind == EV_VOID) {
        report_no_cast(f, "void", &to, n);
        ev_error(out);
        return;
    }
    if (out->kind == EV_NULL) {
        out->type = to;
        return;
    }
    as_type *from = out->type.type;
    if (to.type->kind == TYPE_FUNCDEF) {
        /* cast<FD>(f): a function, a handle of a funcdef with the same signature, or an object
         * that converts itself (dictionaryValue, ...) */
        if (out->kind == EV_FUNC) {
            if (!opcall_func_to_handle(f, out, to.type, n)) ev_error(out);
            return;
        }
        if (from && from->kind == TYPE_FUNCDEF && conv_implicit(f, out, &to, n, true)) return;
        if (from && from->kind == TYPE_OBJECT && opcall_convert(f, out, &to, n, true)) return;
        c_error(f->c, n, "Can't convert from '%s' to '%s'", ev_type_text(f, out), c_type_text(f->c, &to));
        ev_free(f, out);
        ev_error(out);
        return;
    }
    if (!from || from->kind != TYPE_OBJECT || !(to.type->kind == TYPE_OBJECT)) {
        c_error(f->c, n, "Illegal target type for reference cast");
        ev_free(f, out);
        ev_error(out);
        return;
    }
    if (from == to.type || object_is_a(from, to.type)) {
        out->type.type = to.type;
        out->type.flags |= DT_HANDLE | (to.flags & DT_CONST);   /* cast<const T>: a handle to const */
        return;
    }
    if (opcall_convert(f, out, &to, n, true)) return;
    if ((from->flags & AS_OBJ_SCRIPT_OBJECT) && (to.type->flags & AS_OBJ_SCRIPT_OBJECT)) {
        int s = ev_to_slot(f, out, -1);
        int d = slot_alloc(f, 1);
        emit(f, BC_CAST, d, s, k_type(f, to.type));
        ev_free(f, out);
        ev_init(out, EV_SLOT);
        out->slot = (uint16_t)d;
        out->temp = true;
        out->ntemp = 1;
        out->type = to;
        out->objvar = objvar_begin(f, d, OV_HANDLE, to.type);
        return;
    }
    c_error(f->c, n, "Can't convert from '%s' to '%s'", c_type_text(f->c, &out->type), c_type_text(f->c, &to));
    ev_free(f, out);
    ev_error(out);
}

void compile_lambda(fc *f, ast_node *n, ev *out)
{
    /* a lambda where no funcdef gives it a signature */
    c_error(f->c, n, "Invalid expression: stand-alone anonymous function");
    ev_error(out);
}

/* function(a, b) { ... } where a funcdef is expected: a new function with the funcdef's
 * signature (explicit parameter types must agree), compiled like any other. No captures. */
void compile_lambda_as(fc *f, ast_node *n, as_type *fd, ev *out)
{
    as_function *sig = fd->signature;
    ast_list *ps = &n->u.lambda.params;
    if (!sig || ps->count != sig->params.count) {
        c_error(f->c, n, "Can't implicitly convert from '$func@const' to '%s'.", dt_target_text(f, &(as_dtype){fd, DT_HANDLE}));
        ev_error(out);
        return;
    }
    as_compiler *c = f->c;
    char name[64];
    snprintf(name, sizeof name, "$lambda%d", ++c->lambda_count);
    as_function *lf = engine_new_function(E(f), FN_SCRIPT, iname(f, name), f->ns);
    lf->module = c->module;
    VEC_PUSH(c->module->all_functions, lf);
    lf->ret = sig->ret;
    lf->line = n->pos.line;
    lf->col = n->pos.col;
    lf->section = n->pos.section;
    for (int i = 0; i < ps->count; i++) {
        ast_node *pn = ps->items[i];
        as_param p = sig->params.data[i];
        p.name = pn->u.param.name;
        p.defarg = NULL;
        p.defarg_text = NULL;
        if (pn->u.param.type) {
            as_dtype dt;
            as_inout io = pn->u.param.ref == REF_IN ? INOUT_IN : pn->u.param.ref == REF_OUT ? INOUT_OUT :
                          pn->u.param.ref == REF_INOUT ? INOUT_INOUT : INOUT_NONE;
            if (c_resolve_type(c, pn->u.param.type, f->ns, NULL, &dt) && (!dt_equal_ex(&dt, &p.type) || io != p.inout)) {
                c_error(c, n, "Can't implicitly convert from '$func@const' to '%s'.", dt_target_text(f, &(as_dtype){fd, DT_HANDLE}));
                ev_error(out);
                return;
            }
        }
        VEC_PUSH(lf->params, p);
    }
    function_layout_args(lf);
    pending_func pf = {lf, n, f->ns, NULL, n->u.lambda.body, n};
    VEC_PUSH(c->pending, pf);
    int d = slot_alloc(f, 1);
    emit(f, BC_LK, d, k_func(f, lf), 0);
    ev_init(out, EV_SLOT);
    out->slot = (uint16_t)d;
    out->temp = true;
    out->ntemp = 1;
    out->type = dt_of(fd, DT_HANDLE);
    out->from_local = true; /* the function outlives the call */
}

