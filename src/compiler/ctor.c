/* Constructors of script classes: the base constructor (implicit or `super(...)`), member
 * initialisation, and the members the compiler writes itself (default constructor, opAssign).
 *
 * Order, as the reference runs it: without `super(...)` the base constructor runs first, then the
 * class's member initialisers in declaration order, then the body. With `super(...)` the body's
 * statements before it run first, then the base constructor and the member initialisers. */
#include "ctor.h"
#include "call.h"
#include "opcall.h"
#include "stmt.h"
#include <string.h>

static bool is_super_call(const ast_node *n)
{
    return n && n->kind == AST_CALL && !n->u.call.object && !n->u.call.scope.count && !n->u.call.global_scope &&
           strcmp(n->u.call.name, "super") == 0;
}

/* Does the body call super(...) anywhere? */
static bool has_super(const ast_node *n)
{
    if (!n) return false;
    switch (n->kind) {
    case AST_BLOCK:
        for (int i = 0; i < n->u.block.stmts.count; i++)
            if (has_super(n->u.block.stmts.items[i])) return true;
        return false;
    case AST_EXPRSTMT: return is_super_call(n->u.ret.expr);
    case AST_IF: return has_super(n->u.if_.then_) || has_super(n->u.if_.else_);
    default: return false;
    }
}

static void self_ev(fc *f, ev *e)
{
    ev_init(e, EV_SLOT);
    e->slot = f->fn->this_slot;
    e->type = dt_of(f->objtype, DT_HANDLE);
    e->is_this = true;
    e->from_local = true;
}

/* The class declaration's member list entry for a property, for its initialiser. */
static ast_node *declarator_in(ast_node *cls, const char *name)
{
    for (int i = 0; cls && i < cls->u.cls.members.count; i++) {
        ast_node *m = cls->u.cls.members.items[i];
        if (m->kind != AST_VAR) continue;
        for (int k = 0; k < m->u.var.decls.count; k++)
            if (m->u.var.decls.items[k]->u.decl.name == name) return m->u.var.decls.items[k];
    }
    return NULL;
}

/* The class's own declaration first, then the mixins it includes. */
static ast_node *find_declarator(as_type *t, const char *name)
{
    ast_node *d = declarator_in(t->decl, name);
    for (int i = 0; !d && i < t->nmixins; i++) d = declarator_in(t->mixin_decls[i], name);
    return d;
}

/* The declarators of a class's own members by name (the first of each), for classes with many. */
typedef struct decl_map { ast_node **slots; uint32_t cap; } decl_map;

static uint32_t ptr_hash(const void *p) { return (uint32_t)(((uintptr_t)p >> 3) * 2654435761u); }

static void decl_map_add(decl_map *m, ast_node *cls)
{
    for (int i = 0; cls && i < cls->u.cls.members.count; i++) {
        ast_node *mem = cls->u.cls.members.items[i];
        if (mem->kind != AST_VAR) continue;
        for (int k = 0; k < mem->u.var.decls.count; k++) {
            ast_node *d = mem->u.var.decls.items[k];
            for (uint32_t h = ptr_hash(d->u.decl.name) & (m->cap - 1);; h = (h + 1) & (m->cap - 1)) {
                if (!m->slots[h]) {
                    m->slots[h] = d;
                    break;
                }
                if (m->slots[h]->u.decl.name == d->u.decl.name) break;   /* the first one stays */
            }
        }
    }
}

static ast_node *decl_map_find(const decl_map *m, const char *name)
{
    for (uint32_t h = ptr_hash(name) & (m->cap - 1);; h = (h + 1) & (m->cap - 1)) {
        if (!m->slots[h]) return NULL;
        if (m->slots[h]->u.decl.name == name) return m->slots[h];
    }
}

static bool type_has_copy_ctor(const as_type *t)
{
    for (int i = 0; i < t->beh.factories.count; i++) {
        const as_function *c = t->beh.factories.data[i];
        if (c->params.count == 1 && c->params.data[0].type.type == t && !(c->params.data[0].type.flags & DT_HANDLE) &&
            c->params.data[0].inout != INOUT_OUT)
            return true;
    }
    return false;
}

/* The new object an object member (p->is_indirect) starts as, made from rv (consumed). */
static void object_from_value(fc *f, as_property *p, ev *rv, const ast_node *at, ev *obj)
{
    if (rv->kind == EV_SLOT && rv->objvar >= 0 && rv->type.type == p->type.type) {
        *obj = *rv;   /* a new object becomes the member */
    } else if (rv->kind != EV_ERROR && rv->type.type == p->type.type && type_has_copy_ctor(p->type.type)) {
        copy_ref_object_ex(f, rv, at, obj, true);
    } else {
        compile_new_object(f, p->type, NULL, 0, (ast_node *)at, obj, -1);
        if (obj->kind != EV_ERROR) {
            ev tgt = *obj, r;
            tgt.temp = false;
            tgt.objvar = -1;
            tgt.lvalue = true;
            opcall_assign(f, &tgt, rv, at, &r);
            ev_free(f, &r);
        } else {
            ev_free(f, rv);
        }
    }
}

/* Stores a new object into the pointer slot of object member p of `this`. */
static void store_member_object(fc *f, as_property *p, ev *obj, const ast_node *at)
{
    ev hlv;
    ev_init(&hlv, EV_MEM);
    hlv.slot = f->fn->this_slot;
    hlv.offset = p->offset;
    hlv.type = dt_of(p->type.type, DT_HANDLE);
    hlv.lvalue = true;
    int s = ev_to_slot(f, obj, -1);
    ev_store(f, &hlv, s, at);
    ev_free(f, obj);
}

/* Initialises member p of `this` from its declarator d: the initialiser `init` (an expression
 * or list; NULL: the declarator's arguments, or the default). */
static void init_member(fc *f, as_property *p, ast_node *d, ast_node *init, const ast_node *at)
{
    bool has_args = d && d->u.decl.has_args;
    ev self, lv;
    self_ev(f, &self);
    if (!compile_field_of(f, &self, p->name, at, &lv, true)) return;
    lv.lvalue = true;
    lv.readonly = false;
    if (p->is_indirect) {
        /* an object member: a new object made from the initialiser or the declarator's args */
        ev obj;
        if (init && init->kind == AST_INITLIST) {
            compile_initlist_into(f, init, &p->type, -1, &obj);
        } else if (init) {
            ev rv;
            f->msg_target = MT_GLOBAL_INIT;
            compile_expr_as(f, init, &p->type, &rv);
            object_from_value(f, p, &rv, at, &obj);
        } else {
            compile_new_object(f, p->type, d ? d->u.decl.args.items : NULL, d ? d->u.decl.args.count : 0, (ast_node *)at, &obj, -1);
        }
        if (obj.kind == EV_ERROR) {
            ev_free(f, &lv);
            return;
        }
        /* the member slot holds the object's pointer: store it with reference counting */
        ev_free(f, &lv);
        store_member_object(f, p, &obj, at);
        return;
    }
    ev rv;
    if (init && init->kind == AST_INITLIST) {
        ev tmp, r;
        compile_initlist_into(f, init, &p->type, -1, &tmp);
        /* `T@ m = {...}`: the handle takes the new object */
        if (dt_is_handle(&p->type) && tmp.kind != EV_ERROR) {
            tmp.type.flags |= DT_HANDLE;
            tmp.handle_store = true;
        }
        assign_to(f, &lv, &tmp, at, &r);
        ev_free(f, &r);
        return;
    }
    if (!init && has_args && !dt_is_value_obj(&p->type)) {
        /* `int x(3);`, `C@ h(null);`: a primitive or a handle has no constructor */
        stmt_report_no_constructor(f, &p->type, d);
        ev_free(f, &lv);
        return;
    }
    if (!init && has_args && d->u.decl.args.count == 1) {
        ast_node *a = d->u.decl.args.items[0];
        init = a->kind == AST_ARG ? a->u.arg.value : a;
    }
    if (!init) {
        ev_free(f, &lv);
        return;
    }
    if (dt_is_value_obj(&p->type)) {
        compile_expr(f, init, &rv);
    } else {
        as_dtype want = p->type;
        want.flags &= (uint8_t)~DT_CONST;
        f->msg_target = MT_GLOBAL_INIT;
        compile_expr_as(f, init, &want, &rv);
    }
    ev r;
    if (dt_is_handle(&p->type) && rv.kind != EV_ERROR && rv.kind != EV_NULL && dt_is_ref_obj(&rv.type)) rv.type.flags |= DT_HANDLE;
    rv.handle_store = dt_is_handle(&p->type);   /* `T@ m = x;` initialises the handle */
    assign_to(f, &lv, &rv, at, &r);
    ev_free(f, &r);
}

void ctor_emit_member_init(fc *f, as_type *t)
{
    /* many properties: their declarators through a map instead of a search each */
    decl_map map = {NULL, 0};
    if (t->props.count > 16 && t->decl && !t->nmixins) {
        uint32_t ndecls = 0;
        for (int i = 0; i < t->decl->u.cls.members.count; i++) {
            ast_node *mem = t->decl->u.cls.members.items[i];
            if (mem->kind == AST_VAR) ndecls += (uint32_t)mem->u.var.decls.count;
        }
        map.cap = 64;
        while (map.cap < ndecls * 2) map.cap *= 2;
        map.slots = arena_alloc(f->c->arena, sizeof *map.slots * map.cap);
        decl_map_add(&map, t->decl);
    }
    for (int i = 0; i < t->props.count; i++) {
        as_property *p = &t->props.data[i];
        /* initialised by an assignment in the constructor's body instead (2.38) */
        if (f->ctor_explicit && t == f->objtype && f->ctor_explicit[i]) continue;
        ast_node *d = map.slots ? decl_map_find(&map, p->name) : find_declarator(t, p->name);
        ast_node *init = d ? d->u.decl.init : NULL;
        bool has_args = d && d->u.decl.has_args;
        if (!init && !has_args && !p->is_indirect) continue;
        if (d) emit_line(f, d->pos);
        init_member(f, p, d, init, d);
    }
}

/* ----------------------------------------------------------------------- explicit initialisation
 *
 * 2.38: `m = expr;` in a constructor's body, before anything else in the body uses m, initialises
 * m instead of its declaration (no default object plus opAssign). The body is scanned in order
 * first: such an assignment may not be in a loop or a switch, both branches of an if must make
 * it, and m may not be used before it. */

enum { MS_UNTOUCHED, MS_ACCESSED, MS_INIT };

typedef struct ctor_scan {
    fc *f;
    as_type *t;
    VEC(const char *) shadow;   /* parameters and locals that hide members */
    VEC(const ast_node *) nodes;
    VEC(int) props;
    bool returned;              /* a return may have happened before this point */
} ctor_scan;

static int scan_prop(ctor_scan *cs, const char *name)
{
    for (int i = 0; i < cs->shadow.count; i++)
        if (cs->shadow.data[i] == name) return -1;
    for (int i = 0; i < cs->t->props.count; i++)
        if (cs->t->props.data[i].name == name) return i;
    return -1;
}

static bool is_this_ident(const ast_node *n)
{
    return n && n->kind == AST_IDENT && !n->u.ident.scope.count && !n->u.ident.global_scope && !n->u.ident.scope_type &&
           strcmp(n->u.ident.name, "this") == 0;
}

/* The member an lvalue expression names (`m` or `this.m`), or -1. */
static int member_target(ctor_scan *cs, const ast_node *n)
{
    if (n->kind == AST_IDENT && !n->u.ident.scope.count && !n->u.ident.global_scope && !n->u.ident.scope_type)
        return scan_prop(cs, n->u.ident.name);
    if (n->kind == AST_MEMBER && is_this_ident(n->u.member.object)) {
        for (int i = 0; i < cs->t->props.count; i++)
            if (cs->t->props.data[i].name == n->u.member.name) return i;
    }
    return -1;
}

static void scan_expr(ctor_scan *cs, const ast_node *n, uint8_t *st);

static void scan_list(ctor_scan *cs, const ast_list *l, uint8_t *st)
{
    for (int i = 0; i < l->count; i++) scan_expr(cs, l->items[i], st);
}

static void scan_expr(ctor_scan *cs, const ast_node *n, uint8_t *st)
{
    for (int guard = 0; n && guard < 100000; guard++) {
        int m = member_target(cs, n);
        if (m >= 0) {
            if (st[m] == MS_UNTOUCHED) st[m] = MS_ACCESSED;
            if (n->kind == AST_IDENT) return;
        }
        switch (n->kind) {
        case AST_ARG: n = n->u.arg.value; continue;
        case AST_CALL: scan_list(cs, &n->u.call.args, st); n = n->u.call.object; continue;
        case AST_INVOKE: scan_list(cs, &n->u.invoke.args, st); n = n->u.invoke.callee; continue;
        case AST_CONSTRUCT: scan_list(cs, &n->u.construct.args, st); return;
        case AST_CAST: n = n->u.cast.expr; continue;
        case AST_UNARY: case AST_POSTFIX: n = n->u.unary.operand; continue;
        case AST_BINARY: case AST_ASSIGN: scan_expr(cs, n->u.binary.rhs, st); n = n->u.binary.lhs; continue;
        case AST_TERNARY: scan_expr(cs, n->u.ternary.a, st); scan_expr(cs, n->u.ternary.b, st); n = n->u.ternary.cond; continue;
        case AST_MEMBER: n = n->u.member.object; continue;
        case AST_INDEX: scan_list(cs, &n->u.index.args, st); n = n->u.index.object; continue;
        case AST_INITLIST:
            for (int i = 0; i < n->u.init.items.count; i++)
                if (n->u.init.items.items[i]) scan_expr(cs, n->u.init.items.items[i], st);
            return;
        default: return;   /* literals, lambdas (their own functions), ... */
        }
    }
}

static void scan_stmt(ctor_scan *cs, const ast_node *n, uint8_t *st, bool in_loop, bool in_switch);

static void scan_stmts(ctor_scan *cs, const ast_list *l, uint8_t *st, bool in_loop, bool in_switch)
{
    for (int i = 0; i < l->count; i++) scan_stmt(cs, l->items[i], st, in_loop, in_switch);
}

static void scan_stmt(ctor_scan *cs, const ast_node *n, uint8_t *st, bool in_loop, bool in_switch)
{
    if (!n) return;
    as_compiler *c = cs->f->c;
    int np = cs->t->props.count;
    switch (n->kind) {
    case AST_EXPRSTMT: {
        const ast_node *e = n->u.ret.expr;
        int m = e && e->kind == AST_ASSIGN && e->u.binary.op == OP_ASSIGN ? member_target(cs, e->u.binary.lhs) : -1;
        if (m < 0 || st[m] == MS_INIT) {
            scan_expr(cs, e, st);
            break;
        }
        scan_expr(cs, e->u.binary.rhs, st);
        const char *name = cs->t->props.data[m].name;
        if (in_loop) c_error(c, e, "Can't initialize the members in loops");
        else if (in_switch) c_error(c, e, "Can't initialize the members in switch");
        else if (cs->returned) c_error(c, e, "Initialization after return. All code paths must initialize the members");
        else if (st[m] == MS_ACCESSED) c_error(c, e, "The member '%s' is accessed before the initialization", name);
        else {
            VEC_PUSH(cs->nodes, e);
            VEC_PUSH(cs->props, m);
        }
        st[m] = MS_INIT;
        break;
    }
    case AST_VAR:
        for (int i = 0; i < n->u.var.decls.count; i++) {
            const ast_node *d = n->u.var.decls.items[i];
            if (d->u.decl.init) scan_expr(cs, d->u.decl.init, st);
            scan_list(cs, &d->u.decl.args, st);
            VEC_PUSH(cs->shadow, d->u.decl.name);
        }
        break;
    case AST_BLOCK: scan_stmts(cs, &n->u.block.stmts, st, in_loop, in_switch); break;
    case AST_IF: {
        scan_expr(cs, n->u.if_.cond, st);
        uint8_t *a = arena_alloc(c->arena, (size_t)np + 1), *b = arena_alloc(c->arena, (size_t)np + 1);
        memcpy(a, st, (size_t)np);
        memcpy(b, st, (size_t)np);
        bool returned = cs->returned;
        scan_stmt(cs, n->u.if_.then_, a, in_loop, in_switch);
        bool then_returned = cs->returned;
        cs->returned = returned;
        scan_stmt(cs, n->u.if_.else_, b, in_loop, in_switch);
        cs->returned = cs->returned || then_returned;
        for (int i = 0; i < np; i++) {
            if (st[i] != MS_INIT && (a[i] == MS_INIT) != (b[i] == MS_INIT) && !in_loop && !in_switch)
                c_error(c, n, "Both conditions must initialize member '%s'", cs->t->props.data[i].name);
            st[i] = a[i] > b[i] ? a[i] : b[i];
        }
        break;
    }
    case AST_WHILE: case AST_DOWHILE:
        scan_expr(cs, n->u.loop.cond, st);
        scan_stmt(cs, n->u.loop.body, st, true, in_switch);
        break;
    case AST_FOR:
        scan_stmt(cs, n->u.for_.init, st, in_loop, in_switch);
        scan_stmt(cs, n->u.for_.cond, st, true, in_switch);
        scan_list(cs, &n->u.for_.incs, st);
        scan_stmt(cs, n->u.for_.body, st, true, in_switch);
        break;
    case AST_FOREACH:
        scan_expr(cs, n->u.foreach_.expr, st);
        scan_stmt(cs, n->u.foreach_.body, st, true, in_switch);
        break;
    case AST_SWITCH:
        scan_expr(cs, n->u.switch_.expr, st);
        for (int i = 0; i < n->u.switch_.cases.count; i++) scan_stmts(cs, &n->u.switch_.cases.items[i]->u.case_.stmts, st, in_loop, true);
        break;
    case AST_RETURN:
        scan_expr(cs, n->u.ret.expr, st);
        cs->returned = true;
        break;
    case AST_TRY:
        scan_stmt(cs, n->u.try_.body, st, in_loop, in_switch);
        scan_stmt(cs, n->u.try_.handler, st, in_loop, in_switch);
        break;
    default: break;
    }
}

/* Finds the members the body initialises (see above); reports misplaced initialisations. */
static void free_scan(void *scan)
{
    ctor_scan *cs = scan;
    VEC_FREE(cs->shadow);
    VEC_FREE(cs->nodes);
    VEC_FREE(cs->props);
}

static void scan_explicit_inits(fc *f, ast_node *body)
{
    as_type *t = f->objtype;
    int np = t->props.count;
    if (!body || !np) return;
    ctor_scan cs;
    memset(&cs, 0, sizeof cs);
    cs.f = f;
    cs.t = t;
    mem_cleanup cleanup;   /* the lists, when running out of memory unwinds the build */
    mem_cleanup_push(&cleanup, free_scan, &cs);
    for (int i = 0; i < f->fn->params.count; i++)
        if (f->fn->params.data[i].name) VEC_PUSH(cs.shadow, f->fn->params.data[i].name);
    uint8_t *st = arena_alloc(f->c->arena, (size_t)np + 1);
    memset(st, 0, (size_t)np + 1);
    scan_stmt(&cs, body, st, false, false);
    if (cs.nodes.count) {
        f->ctor_explicit = arena_alloc(f->c->arena, sizeof(bool) * (size_t)np);
        memset(f->ctor_explicit, 0, sizeof(bool) * (size_t)np);
        f->ctor_ninit = cs.nodes.count;
        f->ctor_init_nodes = arena_alloc(f->c->arena, sizeof(ast_node *) * (size_t)cs.nodes.count);
        f->ctor_init_props = arena_alloc(f->c->arena, sizeof(int) * (size_t)cs.nodes.count);
        for (int i = 0; i < cs.nodes.count; i++) {
            f->ctor_init_nodes[i] = cs.nodes.data[i];
            f->ctor_init_props[i] = cs.props.data[i];
            f->ctor_explicit[cs.props.data[i]] = true;
        }
    }
    mem_cleanup_pop(&cleanup);
    free_scan(&cs);
}

bool ctor_compile_init_assign(fc *f, ast_node *n, ev *out)
{
    for (int i = 0; i < f->ctor_ninit; i++) {
        if (f->ctor_init_nodes[i] != n) continue;
        as_property *p = &f->objtype->props.data[f->ctor_init_props[i]];
        init_member(f, p, find_declarator(f->objtype, p->name), n->u.binary.rhs, n);
        ev_init(out, EV_VOID);
        out->type = dt_prim(f, AS_TYPEID_VOID);
        return true;
    }
    return false;
}

/* Calls a constructor of the base class with the given arguments (NULL: the default one). */
static void call_base_ctor(fc *f, ast_list *args, const ast_node *at)
{
    as_type *base = f->objtype->base;
    call_args a = {0};
    arg_t st[16];
    a.v = st;
    if (args && args->count > 16) return;
    if (args) args_compile(f, args, &a);
    if (args_have_error(&a)) {
        args_free(f, &a);
        return;
    }
    char name[300];
    snprintf(name, sizeof name, "%s::super", f->objtype->name);
    int pick = pick_base_ctor(f, base->beh.factories.data, base->beh.factories.count, &a, name, at, args != NULL);
    if (pick < 0) {
        if (!args) c_error(f->c, at, "Base class doesn't have default constructor. Make explicit call to base constructor");
        args_free(f, &a);
        return;
    }
    if (!ctor_access_ok(f, base->beh.factories.data[pick], at, false)) {
        args_free(f, &a);
        return;
    }
    ev self, r;
    self_ev(f, &self);
    emit_call_mapped(f, base->beh.factories.data[pick], &self, &a, at, &r);
    ev_free(f, &r);
}

/* 2.38's order: without super(...) the base constructor, then the members, then the body; with
 * it the members first, then the body, whose super(...) runs the base constructor (the base's
 * members may not be used before it). MEMBER_INIT_MODE=0 has the order before 2.38: with
 * super(...) the members are initialised right after it, and no assignment in the body
 * initialises a member (tests/scripts/lang238/member_init_mode_0_*.as). */
void ctor_emit_prologue(fc *f, ast_node *body)
{
    if (!f->c->engine->props[AS_EP_MEMBER_INIT_MODE]) {
        if (body && has_super(body)) {
            f->members_after_super = true;
            return;
        }
        if (f->objtype->base) call_base_ctor(f, NULL, body ? body : f->objtype->decl);
        ctor_emit_member_init(f, f->objtype);
        return;
    }
    scan_explicit_inits(f, body);
    if (body && has_super(body)) {
        ctor_emit_member_init(f, f->objtype);
        f->base_uninit = f->objtype->base != NULL;
        return;
    }
    /* the constructor the compiler writes reports at the class */
    if (f->objtype->base) call_base_ctor(f, NULL, body ? body : f->objtype->decl);
    ctor_emit_member_init(f, f->objtype);
}

bool ctor_compile_super(fc *f, ast_node *call, ev *out)
{
    if (!is_super_call(call)) return false;
    ev_init(out, EV_VOID);
    out->type = dt_prim(f, AS_TYPEID_VOID);
    if (!(f->fn->attrs & FA_CONSTRUCTOR) || !f->objtype) {
        c_error(f->c, call, "No matching symbol 'super'");
        ev_error(out);
        return true;
    }
    if (!f->objtype->base) {
        c_error(f->c, call, "The class has no base class");
        ev_error(out);
        return true;
    }
    call_base_ctor(f, &call->u.call.args, call);
    f->base_uninit = false;
    if (f->members_after_super) ctor_emit_member_init(f, f->objtype);
    return true;
}

/* The `other` parameter of a compiler-written copy constructor or opAssign. */
static void other_ev(fc *f, ev *e)
{
    ev_init(e, EV_SLOT);
    e->slot = (uint16_t)f->fn->param_slot[0];
    e->type = dt_of(f->objtype, DT_HANDLE | DT_CONST);
    e->from_local = true;
    e->is_this = true;
}

/* A registered member type the compiler's copies leave alone: a reference type it cannot assign
 * (a scoped type, say), or a script class whose opAssign is deleted (2.38). */
static bool uncopyable_member(const as_property *p)
{
    const as_type *pt = p->type.type;
    if (dt_is_pointer(&p->type) && !p->is_indirect) return false;
    if (pt->kind != TYPE_OBJECT) return false;
    if (!(pt->flags & AS_OBJ_SCRIPT_OBJECT)) return (pt->flags & AS_OBJ_REF) && !pt->beh.copy_assign;
    return (pt->deleted & TYPE_DELETED_ASSIGN) != 0;
}

/* An object handle in a slot (this, the parameter, or a cast of one) to copy members through. */
static void object_ev(fc *f, ev *e, int slot, as_type *t, bool is_const)
{
    ev_init(e, EV_SLOT);
    e->slot = (uint16_t)slot;
    e->type = dt_of(t, (uint8_t)(DT_HANDLE | (is_const ? DT_CONST : 0)));
    e->from_local = true;
    e->is_this = true;
    (void)f;
}

/* dst.p = rv (consumed), dst the handle in slot self_slot of class self_type: a handle member
 * takes the handle, any other member the value. */
static void assign_member_in(fc *f, int self_slot, as_type *self_type, as_property *p, ev *rv)
{
    ev self, lv, r;
    object_ev(f, &self, self_slot, self_type, false);
    if (!compile_field_of(f, &self, p->name, NULL, &lv, false)) {
        ev_free(f, rv);
        return;
    }
    lv.lvalue = true;
    lv.readonly = false;
    if (dt_is_pointer(&p->type) && !p->is_indirect) {
        int s = ev_to_slot(f, rv, -1);
        ev_store(f, &lv, s, NULL);
        ev_free(f, rv);
        ev_free(f, &lv);
        return;
    }
    assign_to(f, &lv, rv, NULL, &r);
    ev_free(f, &r);
}

/* this.p = rv (consumed). */
static void assign_member(fc *f, as_property *p, ev *rv)
{
    assign_member_in(f, f->fn->this_slot, f->objtype, p, rv);
}

void ctor_emit_auto_copy(fc *f)
{
    as_type *t = f->objtype;
    const ast_node *at = t->decl;
    if (t->base) {
        as_function *bc = NULL;
        for (int i = 0; i < t->base->beh.factories.count && !bc; i++) {
            as_function *c = t->base->beh.factories.data[i];
            if (c->params.count == 1 && c->params.data[0].type.type == t->base && c->params.data[0].inout != INOUT_OUT) bc = c;
        }
        if (bc) {
            ev self, other, r;
            self_ev(f, &self);
            other_ev(f, &other);
            emit_call(f, bc, &self, &other, 1, (ast_node *)at, &r);
            ev_free(f, &r);
        }
    }
    for (int i = 0; i < t->props.count; i++) {
        as_property *p = &t->props.data[i];
        if (uncopyable_member(p)) {
            /* made as its declaration says, not copied */
            init_member(f, p, find_declarator(t, p->name), NULL, at);
            continue;
        }
        ev other, rv;
        other_ev(f, &other);
        if (!compile_field_of(f, &other, p->name, NULL, &rv, false)) continue;
        rv.type.flags &= (uint8_t)~DT_CONST;
        if (p->is_indirect) {
            ev obj;
            object_from_value(f, p, &rv, at, &obj);
            if (obj.kind != EV_ERROR) store_member_object(f, p, &obj, at);
            continue;
        }
        assign_member(f, p, &rv);
    }
}

/* Copies the members of class t and its bases (base members first) from the object in slot
 * src_slot into the one in dst_slot, both of class t. */
static void copy_members(fc *f, as_type *t, int dst_slot, int src_slot)
{
    as_type *chain[64];
    int n = 0;
    for (as_type *c = t; c && n < 64; c = c->base) chain[n++] = c;
    for (int k = n; k-- > 0;) {
        as_type *c = chain[k];
        for (int i = 0; i < c->props.count; i++) {
            as_property *p = &c->props.data[i];
            /* the reference's default copy skips these the same way */
            if (uncopyable_member(p)) continue;
            ev other, rv;
            object_ev(f, &other, src_slot, t, true);
            if (!compile_field_of(f, &other, p->name, NULL, &rv, false)) continue;
            rv.type.flags &= (uint8_t)~DT_CONST;
            assign_member_in(f, dst_slot, t, p, &rv);
        }
    }
}

static int class_depth(const as_type *t)
{
    int d = 0;
    for (const as_type *c = t->base; c; c = c->base) d++;
    return d;
}

/* The classes of this module deriving from t (not t itself), deepest first: the first of them
 * an object is (a cast that succeeds) is then its class. Shared code names shared classes only. */
static bool derives_here(const as_type *t, const as_type *x)
{
    if (x == t || x->kind != TYPE_OBJECT || !(x->flags & AS_OBJ_SCRIPT_OBJECT) || (x->flags & AS_OBJ_INTERFACE)) return false;
    if ((t->flags & AS_OBJ_SHARED) && !(x->flags & AS_OBJ_SHARED)) return false;
    for (const as_type *c = x->base; c; c = c->base)
        if (c == t) return true;
    return false;
}

static int derived_classes(fc *f, as_type *t, as_type ***out)
{
    as_module *m = f->c->module;
    /* counted first: the list lives in the build's arena, and every class of a module with
     * thousands of them has one */
    int count = 0;
    for (int i = 0; i < m->types.count; i++) count += derives_here(t, m->types.data[i]);
    as_type **list = arena_alloc(f->c->arena, sizeof(as_type *) * (size_t)(count + 1));
    int n = 0;
    for (int i = 0; i < m->types.count && n < count; i++) {
        as_type *x = m->types.data[i];
        if (!derives_here(t, x)) continue;
        int d = class_depth(x), j = n++;
        for (; j > 0 && class_depth(list[j - 1]) < d; j--) list[j] = list[j - 1];
        list[j] = x;
    }
    *out = list;
    return n;
}

/* A handle in a new slot: slot `from` cast to class x (null when it is not one), released on an
 * exception until ev_free. */
static void cast_to_class(fc *f, int from, as_type *x, ev *out)
{
    int d = slot_alloc(f, 1);
    emit(f, BC_CAST, d, from, k_type(f, x));
    ev_init(out, EV_SLOT);
    out->slot = (uint16_t)d;
    out->temp = true;
    out->ntemp = 1;
    out->type = dt_of(x, DT_HANDLE);
    out->objvar = objvar_begin(f, d, OV_HANDLE, x);
}

/* this = other, member by member (base members first): the opAssign a class gets for free. As
 * the reference's, it copies the members of the class `this` really is (reached through a base
 * class handle), from an object of that class or one deriving from it; any other object raises
 * "Mismatching types in value assignment". Assigning a derived object to a base class value
 * copies the base part. */
void ctor_emit_auto_assign(fc *f)
{
    int this_slot = f->fn->this_slot, other_slot = f->fn->param_slot[0];
    as_type **derived;
    int nderived = derived_classes(f, f->objtype, &derived);
    for (int i = 0; i < nderived; i++) {
        as_type *x = derived[i];
        ev self_x, other_x;
        cast_to_class(f, this_slot, x, &self_x);
        uint32_t not_x = emit_jump(f, BC_JNULL, self_x.slot);
        cast_to_class(f, other_slot, x, &other_x);
        uint32_t other_is_x = emit_jump(f, BC_JNNULL, other_x.slot);
        emit(f, BC_SAMETYPE, this_slot, other_slot, 0);   /* raises: this is an x, other is not */
        patch_here(f, other_is_x);
        copy_members(f, x, self_x.slot, other_x.slot);
        ev_free(f, &other_x);
        ev_free(f, &self_x);
        emit(f, BC_RETV, this_slot, 0, 0);
        patch_here(f, not_x);
    }
    /* `this` is of this very class: other is too, or derives from it */
    copy_members(f, f->objtype, this_slot, other_slot);
    emit(f, BC_RETV, this_slot, 0, 0);
}
