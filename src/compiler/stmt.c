/* Statements: blocks and scopes, local variables, control flow, return, try/catch. */
#include "stmt.h"
#include "call.h"
#include "opcall.h"
#include <string.h>
#include <stdio.h>

/* ======================================================================= variables */

static bool has_copy_ctor(const as_type *t)
{
    for (int i = 0; i < t->beh.factories.count; i++) {
        const as_function *c = t->beh.factories.data[i];
        /* an explicit copy constructor is only called explicitly (2.38) */
        if (c->params.count == 1 && c->params.data[0].type.type == t && !(c->params.data[0].type.flags & DT_HANDLE) &&
            c->params.data[0].inout != INOUT_OUT && !(c->attrs & FA_EXPLICIT))
            return true;
    }
    return false;
}

/* A constructor callable without arguments (a class without one reports that when its
 * variable is made, after the errors of its initial value). */
static bool has_default_ctor(const as_type *t)
{
    for (int i = 0; i < t->beh.factories.count; i++) {
        const as_function *c = t->beh.factories.data[i];
        if (c->params.count == 0 || c->params.data[0].defarg) return true;
    }
    return false;
}

/* The class has an opAssign taking something else than the class itself. */
static bool has_other_assign(fc *f, as_type *t)
{
    as_function *m[16];
    int n = find_methods(f, t, engine_intern(f->c->engine, "opAssign", 8), m, 16);
    for (int i = 0; i < n && i < 16; i++)
        if (m[i]->params.count == 1 && m[i]->params.data[0].type.type != t) return true;
    return false;
}

/* Constructs the value of a new variable of object type into `storage` from its declarator. */
static void init_object_var(fc *f, local_var *v, ast_node *d, int storage, const ast_node *at, bool handle_init)
{
    as_dtype t = v->type;
    t.flags &= (uint8_t)~DT_CONST;
    ev obj;
    if (handle_init && d && d->u.decl.init && d->u.decl.init->kind != AST_INITLIST) {
        /* `ref@ r = x;` of a value type that acts as a handle: default, then opHndlAssign */
        ev rv;
        compile_expr(f, d->u.decl.init, &rv);
        if (rv.kind == EV_PROP) ev_resolve_prop(f, &rv, d->u.decl.init);
        /* the handle of an object, as `@v = obj` takes it */
        if (rv.kind != EV_ERROR && rv.kind != EV_NULL && rv.kind != EV_FUNC && dt_is_ref_obj(&rv.type)) rv.type.flags |= DT_HANDLE;
        compile_new_object(f, t, NULL, 0, (ast_node *)at, &obj, storage);
        if (obj.kind != EV_ERROR && rv.kind != EV_ERROR) {
            ev lv = obj, r;
            lv.temp = false;
            lv.objvar = -1;
            lv.lvalue = true;
            lv.readonly = false;
            opcall_handle_assign_method(f, &lv, &rv, at, true, &r);
            ev_free(f, &r);
        } else {
            ev_free(f, &rv);
        }
    } else if (d && d->u.decl.init && d->u.decl.init->kind != AST_INITLIST) {
        ev rv;
        compile_expr(f, d->u.decl.init, &rv);
        if (rv.kind == EV_PROP) ev_resolve_prop(f, &rv, d->u.decl.init);
        /* an object that converts itself (opImplConv) to this type */
        if (rv.kind != EV_ERROR && rv.type.type != t.type && rv.type.type && rv.type.type->kind == TYPE_OBJECT)
            opcall_convert(f, &rv, &t, at, false);
        if (rv.kind == EV_ERROR) {
            ev_init(&obj, EV_ERROR);
        } else if (rv.type.type == t.type && rv.kind != EV_NULL) {
            ev_copy_value(f, &rv, storage, &obj, at);
            ev_free(f, &rv);
        } else {
            /* another type: default-construct, then assign (e.g. string s = 5) */
            compile_new_object(f, t, NULL, 0, (ast_node *)at, &obj, storage);
            if (obj.kind != EV_ERROR) {
                ev lv = obj, r;
                lv.temp = false;
                lv.objvar = -1;
                lv.lvalue = true;
                lv.readonly = false;
                lv.type.flags &= (uint8_t)~DT_CONST;
                f->msg_target = MT_LOCAL_INIT;
                opcall_assign(f, &lv, &rv, at, &r);
                ev_free(f, &r);
            } else {
                ev_free(f, &rv);
            }
        }
    } else if (d && d->u.decl.init) {
        compile_initlist_into(f, d->u.decl.init, &t, storage, &obj);
    } else {
        compile_new_object(f, t, d ? d->u.decl.args.items : NULL, d ? d->u.decl.args.count : 0, (ast_node *)at, &obj, storage);
    }
    if (obj.kind != EV_ERROR && obj.objvar >= 0) {
        /* the variable owns the object from here */
        v->objvar = obj.objvar;
    }
}

/* auto_type: for `auto a = 1, b = 2.5` the first declarator's type serves them all. */
static void declare_one(fc *f, ast_node *var, ast_node *d, as_dtype *auto_type)
{
    as_dtype t;
    ast_node *tn = var->u.var.type;
    bool is_auto = tn->u.type.prim == PRIM_AUTO;
    if (is_auto && c_auto_array_error(f->c, tn)) return;
    if (is_auto && auto_type->type) {
        t = *auto_type;
        is_auto = false;
    } else if (!is_auto && !c_resolve_type(f->c, tn, f->ns, f->objtype, &t)) {
        return;
    }
    /* same scope: redeclaration error; outer scopes: shadowing is allowed, with the
     * reference's warning (a global or member of that name is hidden silently) */
    if (scope_find_in(f->scope, d->u.decl.name)) {
        c_error(f->c, d, "'%s' is already declared", d->u.decl.name);
        return;
    }
    if (scope_find(f, d->u.decl.name))
        c_warning(f->c, d, "Variable '%s' hides another variable of same name in outer scope", d->u.decl.name);
    ev init;
    ev_init(&init, EV_VOID);
    bool have_init = false;
    if (is_auto) {
        if (!d->u.decl.init || d->u.decl.init->kind == AST_LAMBDA) {
            /* a lambda has no type of its own */
            c_error(f->c, d, "Unable to resolve auto type");
            return;
        }
        compile_expr(f, d->u.decl.init, &init);
        if (init.kind == EV_PROP) ev_resolve_prop(f, &init, d->u.decl.init);
        if (init.kind == EV_ERROR) return;
        if (init.kind == EV_NULL || init.kind == EV_VOID || init.kind == EV_FUNC || init.kind == EV_TYPE) {
            c_error(f->c, d, "Unable to resolve auto type");
            ev_free(f, &init);
            return;
        }
        t = init.type;
        /* a constant string stays const; numbers become plain variables */
        if (!dt_is_object(&t)) t.flags &= (uint8_t)~DT_CONST;
        if (dt_is_ref_obj(&t) && t.type->kind == TYPE_OBJECT && !(t.type->flags & AS_OBJ_NOHANDLE)) t.flags |= DT_HANDLE;
        if (tn->u.type.is_const) t.flags |= DT_CONST;
        if (init.kind == EV_CONST && init.type.type->kind == TYPE_PRIMITIVE) {
            /* auto from a constant keeps the constant's type */
        }
        have_init = true;
        *auto_type = t;
    }
    if (dt_is_void(&t)) {
        c_error(f->c, d, "Data type can't be 'void'");
        return;
    }
    if (t.flags & DT_IMPLIED_HANDLE) {
        /* a funcdef without @ */
        c_error(f->c, d, "Data type can't be '%s'", t.type->name);
        return;
    }
    bool is_const = (t.flags & DT_CONST) && !dt_is_handle(&t);
    if (dt_is_primitive(&t) || dt_is_handle(&t) || (t.type->kind == TYPE_FUNCDEF)) {
        bool handle = dt_is_pointer(&t);
        /* the initialiser runs before the variable exists */
        if (!have_init && d->u.decl.init) {
            as_dtype want = t;
            want.flags &= (uint8_t)~DT_CONST;
            if (handle) want.flags = t.flags & (DT_HANDLE | DT_CONST);
            f->msg_target = MT_LOCAL_INIT;
            compile_expr_as(f, d->u.decl.init, &want, &init);
            have_init = init.kind != EV_ERROR;
        } else if (have_init) {
            as_dtype want = t;
            want.flags &= (uint8_t)~DT_CONST;
            if (handle) want.flags = t.flags & (DT_HANDLE | DT_CONST);
            conv_implicit(f, &init, &want, d, false);
        }
        if (d->u.decl.has_args) stmt_report_no_constructor(f, &t, d);
        int slot = slot_alloc(f, 1);
        local_var *v;
        if (handle) {
            emit(f, BC_CLR, slot, 0, 0);
            v = scope_add(f, d->u.decl.name, t, slot, false, d->pos);
            v->objvar = objvar_begin(f, slot, OV_HANDLE, t.type);
            if (have_init) {
                if (init.kind == EV_SLOT && init.objvar >= 0 && init.temp) {
                    /* take over the temporary's reference */
                    emit(f, BC_MOV, slot, init.slot, 0);
                    objvar_end(f, init.objvar);
                    slot_free(f, init.slot, 1);
                } else if (init.kind != EV_NULL) {
                    int src = ev_to_slot(f, &init, -1);
                    emit(f, BC_HSET, slot, src, k_type(f, t.type));
                    ev_free(f, &init);
                }
            }
        } else {
            if (have_init) {
                if (init.kind == EV_SLOT && init.temp && init.objvar < 0 && retarget_last(f, init.slot, slot)) {
                    ev_free(f, &init);
                } else {
                    ev_to_slot(f, &init, slot);
                    ev_free(f, &init);
                }
            }
            v = scope_add(f, d->u.decl.name, t, slot, false, d->pos);
            v->uninit = !have_init && !d->u.decl.init;
            if (is_const && init.kind == EV_CONST) {
                v->is_const_value = true;
                v->value = init.k;
            }
            if (is_const && have_init) {
                /* a constant computed at compile time folds at every use */
                ev probe;
                if (compile_const_value(f, d->u.decl.init, &probe) && conv_cost(f, &probe, &t, false) < COST_IMPOSSIBLE) {
                    conv_implicit(f, &probe, &t, NULL, false);
                    v = scope_find(f, d->u.decl.name);
                    v->is_const_value = true;
                    v->value = probe.k;
                }
            }
        }
        return;
    }
    /* objects held by value: value types inline; ref types through an owned pointer */
    if (dt_is_value_obj(&t)) {
        int storage = value_storage(f, t.type);
        local_var tmp;
        memset(&tmp, 0, sizeof tmp);
        tmp.type = t;
        tmp.objvar = -1;
        if (have_init && init.type.type == t.type) {
            ev obj;
            ev_copy_value(f, &init, storage, &obj, d);
            ev_free(f, &init);
            tmp.objvar = obj.objvar;
        } else if (have_init) {
            ev obj, r;
            compile_new_object(f, t, NULL, 0, d, &obj, storage);
            tmp.objvar = obj.objvar;
            ev lv = obj;
            lv.temp = false;
            lv.objvar = -1;
            lv.lvalue = true;
            f->msg_target = MT_LOCAL_INIT;
            opcall_assign(f, &lv, &init, d, &r);
            ev_free(f, &r);
        } else {
            /* `T@ x = ...` of a value type that acts as a handle (the @ is dropped from the type) */
            int nm = tn->u.type.nmods;
            bool handle_init = nm > 0 && tn->u.type.mods[nm - 1].kind == TYPEMOD_HANDLE && (t.type->flags & AS_OBJ_ASHANDLE);
            init_object_var(f, &tmp, d, storage, d, handle_init);
        }
        local_var *v = scope_add(f, d->u.decl.name, t, storage, false, d->pos);
        v->objvar = tmp.objvar;
        return;
    }
    /* reference type by value (script classes): a new object, owned */
    int slot = slot_alloc(f, 1);
    emit(f, BC_CLR, slot, 0, 0);
    int ov = objvar_begin(f, slot, OV_HANDLE, t.type);
    ev obj;
    ev_init(&obj, EV_ERROR);
    ast_node *init_node = d->u.decl.init;
    if (!have_init && init_node && init_node->kind == AST_INITLIST) {
        compile_initlist_into(f, init_node, &t, -1, &obj);
    } else if (have_init || init_node) {
        /* value semantics as the reference has them: a copy constructor when the class has one,
         * else a default-constructed object assigned the value; the value is computed first
         * only when the class has its own opAssign */
        as_type *ct = t.type;
        bool user_assign = ct->beh.copy_assign && !(ct->beh.copy_assign->attrs & FA_AUTO);
        bool script = (ct->flags & AS_OBJ_SCRIPT_OBJECT) != 0;
        ev fresh;
        ev_init(&fresh, EV_ERROR);
        bool copy_ctor = script && has_copy_ctor(ct) && !have_init;
        /* without a default constructor the reference reports that once, and not at all when
         * the initial value has errors of its own */
        bool tried = false;
        if (!have_init && script && !user_assign && !copy_ctor) {
            ev first;
            if (has_default_ctor(ct) || compile_probe(f, init_node, &first, false)) {
                compile_new_object(f, t, NULL, 0, d, &fresh, -1);
                tried = true;
            }
        }
        if (!have_init) {
            as_dtype want = t;
            want.flags &= (uint8_t)~DT_CONST;
            /* `foo bar = 1;` of a class with an opAssign taking that: default object, then opAssign */
            ev probe;
            bool via_assign = script && has_other_assign(f, ct) && compile_probe(f, init_node, &probe, false) &&
                              (probe.kind == EV_FUNC || (probe.kind != EV_NULL && probe.type.type != ct && conv_cost(f, &probe, &want, false) >= COST_IMPOSSIBLE));
            if (via_assign) compile_expr(f, init_node, &init);
            else { f->msg_target = MT_LOCAL_INIT; compile_expr_as(f, init_node, &want, &init); }
            if (via_assign && init.kind != EV_ERROR && fresh.kind == EV_ERROR && !tried) compile_new_object(f, t, NULL, 0, d, &fresh, -1);
            have_init = init.kind != EV_ERROR;
        }
        if (!have_init) {
            ev_free(f, &fresh);
        } else if (!script && init.kind == EV_SLOT && init.objvar >= 0 && init.type.type == ct) {
            obj = init; /* a registered type's new object (e.g. array<int>(3)) becomes the variable */
        } else if (fresh.kind == EV_ERROR && script && init.type.type == ct && has_copy_ctor(ct)) {
            copy_ref_object_ex(f, &init, d, &obj, true);
        } else {
            if (fresh.kind == EV_ERROR && !tried) compile_new_object(f, t, NULL, 0, d, &fresh, -1);
            if (fresh.kind == EV_ERROR) {
                ev_free(f, &init);
            } else {
                ev lv = fresh, r;
                lv.temp = false;
                lv.objvar = -1;
                lv.lvalue = true;
                f->msg_target = MT_LOCAL_INIT;
                opcall_assign(f, &lv, &init, d, &r);
                ev_free(f, &r);
                obj = fresh;
            }
        }
    } else {
        compile_new_object(f, t, d->u.decl.args.items, d->u.decl.args.count, d, &obj, -1);
    }
    if (obj.kind != EV_ERROR) {
        int src = ev_to_slot(f, &obj, -1);
        emit(f, BC_HSET, slot, src, k_type(f, t.type));
        ev_free(f, &obj);
    }
    local_var *v = scope_add(f, d->u.decl.name, t, slot, false, d->pos);
    v->objvar = ov;
}

void stmt_report_no_constructor(fc *f, const as_dtype *t, ast_node *declarator)
{
    /* the reference reports at the '(' after the name (the syntax tree keeps no position for it) */
    ast_pos at = declarator->pos;
    at.col += (int)strlen(declarator->u.decl.name);
    if (t->type->kind != TYPE_ENUM || dt_is_handle(t)) {
        c_error_pos(f->c, at, "Only objects have constructors");
        return;
    }
    /* an enum looks for a constructor taking the arguments and finds none */
    ast_list *args = &declarator->u.decl.args;
    arg_t local[ARGS_LOCAL];
    call_args a = {0};
    a.v = args_room(f, local, args->count);
    args_compile(f, args, &a);
    if (!args_have_error(&a)) {
        char sig[1024];
        args_signature_text(f, t->type->name, &a, sig, sizeof sig);
        c_error_pos(f->c, at, "No matching signatures to '%s'", sig);
    }
    args_free(f, &a);
}

void compile_var_decl(fc *f, ast_node *n)
{
    as_dtype auto_type = {NULL, 0};
    for (int i = 0; i < n->u.var.decls.count; i++) {
        ast_node *d = n->u.var.decls.items[i];
        /* the statement's position for the first (its type), as the reference reports it */
        emit_line(f, i == 0 ? n->pos : d->pos);
        declare_one(f, n, d, &auto_type);
    }
}

/* ======================================================================= control flow */

static bool compile_stmt(fc *f, ast_node *n);

/* Compiles statements of a block; returns true if every path through it returns. */
static bool is_empty_stmt(const ast_node *n);

/* in_case: the statements of a switch case, where the reference refuses a declaration (and still
 * compiles it, so later uses of the variable are not errors of their own) */
static bool compile_stmts(fc *f, ast_list *stmts, bool in_case)
{
    bool returns = false;
    /* the first statement after return/break/continue in a block that was reachable gets the
     * reference's warning (an empty statement does not count) */
    bool warned = f->unreachable;
    for (int i = 0; i < stmts->count; i++) {
        ast_node *s = stmts->items[i];
        if (in_case && s->kind == AST_VAR)
            c_error(f->c, s, "Variables cannot be declared in switch cases, except inside statement blocks");
        if (returns || f->unreachable) {
            if (!warned && !is_empty_stmt(s)) {
                bool was = f->unreachable;
                f->unreachable = false;
                c_warning(f->c, s, "Unreachable code");
                f->unreachable = was;
                warned = true;
            }
            /* code after return/break: still compiled for errors, never run */
            bool save = f->unreachable;
            f->unreachable = true;
            if (s->kind == AST_VAR) compile_var_decl(f, s);
            else compile_stmt(f, s);
            f->unreachable = save;
            continue;
        }
        if (s->kind == AST_VAR) compile_var_decl(f, s);
        else if (compile_stmt(f, s)) returns = true;
    }
    return returns;
}

bool compile_block_here(fc *f, ast_node *n)
{
    bool r = compile_stmts(f, &n->u.block.stmts, false);
    if (r) f->unreachable = true;
    return r;
}

bool compile_block(fc *f, ast_node *n)
{
    bool was = f->unreachable;
    scope s;
    scope_push(f, &s);
    bool r = compile_stmts(f, &n->u.block.stmts, false);
    if (r) f->unreachable = true;   /* the return already released the scope's objects */
    scope_pop(f);
    f->unreachable = was;
    return r;
}

/* A statement as the body of if/while/for gets its own scope. */
static bool compile_body(fc *f, ast_node *n)
{
    if (n->kind == AST_BLOCK) return compile_block(f, n);
    scope s;
    scope_push(f, &s);
    bool r = n->kind == AST_VAR ? (compile_var_decl(f, n), false) : compile_stmt(f, n);
    if (r) f->unreachable = true;
    scope_pop(f);
    f->unreachable = false;
    return r;
}

static void push_loop(fc *f, loop_ctx *l, bool is_switch)
{
    memset(l, 0, sizeof *l);
    l->parent = f->loop;
    l->scope = f->scope;
    l->is_switch = is_switch;
    f->loop = l;
}

static void pop_loop(fc *f) { f->loop = f->loop->parent; }

static bool is_empty_stmt(const ast_node *n) { return n->kind == AST_EXPRSTMT && !n->u.ret.expr; }

static bool compile_if(fc *f, ast_node *n)
{
    if (is_empty_stmt(n->u.if_.then_)) c_error(f->c, n->u.if_.then_, "If with empty statement");
    if (n->u.if_.else_ && is_empty_stmt(n->u.if_.else_)) c_error(f->c, n->u.if_.else_, "Else with empty statement");
    patch_list to_else = {0};
    mem_cleanup hold;
    patch_list_hold(&to_else, &hold);
    compile_cond(f, n->u.if_.cond, false, &to_else);
    bool r1 = compile_body(f, n->u.if_.then_);
    if (!n->u.if_.else_) {
        patch_list_drop(&hold);
        patch_list_here(f, &to_else);
        return false;
    }
    uint32_t to_end = emit_jump(f, BC_JMP, 0);
    patch_list_drop(&hold);
    patch_list_here(f, &to_else);
    bool r2 = compile_body(f, n->u.if_.else_);
    patch_here(f, to_end);
    return r1 && r2;
}

static void compile_while(fc *f, ast_node *n)
{
    loop_ctx l;
    push_loop(f, &l, false);
    /* condition at the bottom: one branch per iteration */
    uint32_t to_cond = emit_jump(f, BC_JMP, 0);
    uint32_t top = emit_pc(f);
    emit_loop_stop(f);
    compile_body(f, n->u.loop.body);
    patch_list_here(f, &l.continues);
    patch_here(f, to_cond);
    /* the reference makes no stop at a while's condition */
    emit_pos(f, n->u.loop.cond->pos);
    patch_list back = {0};
    mem_cleanup hold;
    patch_list_hold(&back, &hold);
    compile_cond(f, n->u.loop.cond, true, &back);
    for (int i = 0; i < back.count; i++) patch_jump(f, back.data[i], top);
    patch_list_drop(&hold);
    VEC_FREE(back);
    patch_list_here(f, &l.breaks);
    pop_loop(f);
}

static void compile_dowhile(fc *f, ast_node *n)
{
    loop_ctx l;
    push_loop(f, &l, false);
    uint32_t top = emit_pc(f);
    compile_body(f, n->u.loop.body);
    patch_list_here(f, &l.continues);
    emit_loop_stop(f);
    emit_line(f, c_expr_start(n->u.loop.cond));
    patch_list back = {0};
    mem_cleanup hold;
    patch_list_hold(&back, &hold);
    compile_cond(f, n->u.loop.cond, true, &back);
    for (int i = 0; i < back.count; i++) patch_jump(f, back.data[i], top);
    patch_list_drop(&hold);
    VEC_FREE(back);
    patch_list_here(f, &l.breaks);
    pop_loop(f);
}

/* foreach_layout: the stops of the reference's foreach (none at the top of an iteration nor at
 * the condition; the increment, opForNext, has one). */
static void compile_for_loop(fc *f, ast_node *n, bool foreach_layout)
{
    scope s;
    scope_push(f, &s);
    ast_node *init = n->u.for_.init;
    if (init) {
        if (init->kind == AST_VAR) compile_var_decl(f, init);
        else if (init->u.ret.expr) {
            emit_line(f, init->pos);
            compile_discard(f, init->u.ret.expr);
        }
    }
    loop_ctx l;
    push_loop(f, &l, false);
    ast_node *cond = n->u.for_.cond ? n->u.for_.cond->u.ret.expr : NULL;
    uint32_t to_cond = emit_jump(f, BC_JMP, 0);
    uint32_t top = emit_pc(f);
    if (!foreach_layout) emit_loop_stop(f);
    compile_body(f, n->u.for_.body);
    patch_list_here(f, &l.continues);
    for (int i = 0; i < n->u.for_.incs.count; i++) {
        ast_node *inc = n->u.for_.incs.items[i];
        emit_line(f, c_expr_start(inc));
        compile_discard(f, inc);
    }
    patch_here(f, to_cond);
    if (cond) {
        if (foreach_layout) emit_pos(f, c_expr_start(cond));
        else emit_line(f, c_expr_start(cond));
        patch_list back = {0};
        mem_cleanup hold;
        patch_list_hold(&back, &hold);
        compile_cond(f, cond, true, &back);
        for (int i = 0; i < back.count; i++) patch_jump(f, back.data[i], top);
        patch_list_drop(&hold);
        VEC_FREE(back);
    } else {
        /* the loop stop at the top is where the line callback runs in `for(;;);` (budget and
         * abort are checked at the backward jump) */
        emit_jump_to(f, BC_JMP, 0, top);
    }
    patch_list_here(f, &l.breaks);
    pop_loop(f);
    scope_pop(f);
}

static void compile_for(fc *f, ast_node *n) { compile_for_loop(f, n, false); }

/* ----------------------------------------------------------------------- foreach (2.38)
 *
 * `foreach (T1 a, T2 b : expr) body` compiles as the loop the manual describes:
 *
 *     auto $c = expr;                       (a handle for reference types: evaluated once)
 *     for (auto $i = $c.opForBegin(); !$c.opForEnd($i); $i = $c.opForNext($i))   (@$i for handles)
 *     { T1 a = $c.opForValue0($i); T2 b = $c.opForValue1($i); body }
 *
 * (a single variable takes opForValue, else opForValue0). The hidden names start with '$', which
 * no script identifier can. */

static ast_node *fe_ident(fc *f, const char *name, ast_pos pos)
{
    ast_node *n = ast_new(f->c->arena, AST_IDENT, pos);
    n->u.ident.name = name;
    return n;
}

static const char *fe_name(fc *f, const char *s) { return engine_intern(f->c->engine, s, strlen(s)); }

/* $c.method($i) (or $c.method() when it is NULL) */
static ast_node *fe_call(fc *f, const char *cont, const char *method, const char *iter, ast_pos pos)
{
    ast_node *n = ast_new(f->c->arena, AST_CALL, pos);
    n->u.call.object = fe_ident(f, cont, pos);
    n->u.call.name = fe_name(f, method);
    if (iter) {
        ast_node *a = ast_new(f->c->arena, AST_ARG, pos);
        a->u.arg.value = fe_ident(f, iter, pos);
        ast_list_push(f->c->arena, &n->u.call.args, a);
    }
    return n;
}

/* `TYPE name = init;` (type NULL: auto) */
static ast_node *fe_var(fc *f, ast_node *type, const char *name, ast_node *init, ast_pos pos)
{
    ast_node *v = ast_new(f->c->arena, AST_VAR, pos);
    if (!type) {
        type = ast_new(f->c->arena, AST_TYPE, pos);
        type->u.type.prim = PRIM_AUTO;
    }
    v->u.var.type = type;
    ast_node *d = ast_new(f->c->arena, AST_DECLARATOR, pos);
    d->u.decl.name = name;
    d->u.decl.init = init;
    ast_list_push(f->c->arena, &v->u.var.decls, d);
    return v;
}

static bool fe_has_method(fc *f, as_type *t, const char *name)
{
    as_function *m[1];
    return find_methods(f, t, fe_name(f, name), m, 1) > 0;
}

static void compile_foreach(fc *f, ast_node *n)
{
    ast_node *body = n->u.foreach_.body;
    int nvars = n->u.foreach_.vars.count;
    if (!body || !n->u.foreach_.expr || nvars == 0) return;
    /* the hidden parts stop where the reference's do: at the first variable's declaration */
    ast_pos pos = n->u.foreach_.vars.items[0]->pos;
    const char *cname = fe_name(f, "$foreach_container"), *iname = fe_name(f, "$foreach_iterator");
    scope s;
    scope_push(f, &s);
    ast_node *cdecl = fe_var(f, NULL, cname, n->u.foreach_.expr, n->u.foreach_.expr->pos);
    cdecl->pos = pos;
    compile_var_decl(f, cdecl);
    local_var *cv = scope_find(f, cname);
    if (!cv) {
        scope_pop(f);
        return;
    }
    as_dtype ct = cv->type;
    as_type *t = ct.type;
    bool ok = t && (t->kind == TYPE_OBJECT) && fe_has_method(f, t, "opForBegin") && fe_has_method(f, t, "opForEnd") &&
              fe_has_method(f, t, "opForNext");
    const char *single = NULL;
    if (ok && nvars == 1) {
        single = fe_has_method(f, t, "opForValue") ? "opForValue" : fe_has_method(f, t, "opForValue0") ? "opForValue0" : NULL;
        ok = single != NULL;
    } else if (ok) {
        for (int i = 0; i < nvars && ok; i++) {
            char name[32];
            snprintf(name, sizeof name, "opForValue%d", i);
            ok = fe_has_method(f, t, name);
        }
    }
    if (!ok) {
        c_error(f->c, body, "Type '%s' is not valid type for foreach loops", c_type_text(f->c, &ct));
        scope_pop(f);
        return;
    }
    compile_var_decl(f, fe_var(f, NULL, iname, fe_call(f, cname, "opForBegin", NULL, pos), pos));
    local_var *iv = scope_find(f, iname);
    if (!iv || iv->name != iname) {
        scope_pop(f);
        return;
    }
    /* the loop */
    ast_node *loop = ast_new(f->c->arena, AST_FOR, pos);
    ast_node *cond = ast_new(f->c->arena, AST_EXPRSTMT, pos);
    ast_node *notend = ast_new(f->c->arena, AST_UNARY, pos);
    notend->u.unary.op = OP_NOT;
    notend->u.unary.operand = fe_call(f, cname, "opForEnd", iname, pos);
    cond->u.ret.expr = notend;
    loop->u.for_.cond = cond;
    ast_node *lhs = fe_ident(f, iname, pos);
    if (dt_is_handle(&iv->type)) {
        ast_node *h = ast_new(f->c->arena, AST_UNARY, pos);
        h->u.unary.op = OP_HANDLE;
        h->u.unary.operand = lhs;
        lhs = h;
    }
    ast_node *next = ast_new(f->c->arena, AST_ASSIGN, pos);
    next->u.binary.op = OP_ASSIGN;
    next->u.binary.lhs = lhs;
    next->u.binary.rhs = fe_call(f, cname, "opForNext", iname, pos);
    ast_list_push(f->c->arena, &loop->u.for_.incs, next);
    ast_node *blk = ast_new(f->c->arena, AST_BLOCK, body->pos);
    for (int i = 0; i < nvars; i++) {
        ast_node *v = n->u.foreach_.vars.items[i];
        char name[32];
        snprintf(name, sizeof name, "opForValue%d", i);
        ast_node *get = fe_call(f, cname, single ? single : name, iname, pos);
        ast_list_push(f->c->arena, &blk->u.block.stmts, fe_var(f, v->u.var.type, v->u.var.decls.items[0]->u.decl.name, get, pos));
    }
    ast_list_push(f->c->arena, &blk->u.block.stmts, body);
    loop->u.for_.body = blk;
    compile_for_loop(f, loop, true);
    scope_pop(f);
}

/* Returns whether the switch returns on every path (2.38): it has a default case, nothing breaks
 * out of it, and its last case does not fall off its end. */
static bool compile_switch(fc *f, ast_node *n)
{
    ev v;
    const ast_node *quiet = f->quiet_read;
    f->quiet_read = n->u.switch_.expr;   /* no uninitialised-variable warning here (the reference's) */
    compile_expr(f, n->u.switch_.expr, &v);
    f->quiet_read = quiet;
    if (v.kind == EV_PROP) ev_resolve_prop(f, &v, n->u.switch_.expr);
    if (v.kind == EV_ERROR) return false;
    if (!dt_is_integer(&v.type)) {
        c_error(f->c, n->u.switch_.expr, "Switch expressions must be integral numbers");
        ev_free(f, &v);
        return false;
    }
    as_dtype st = v.type;
    st.flags &= (uint8_t)~DT_CONST;
    if (st.type->kind == TYPE_ENUM) st = dt_prim(f, AS_TYPEID_INT32);
    int pid = dt_prim_id(&st);
    if (pid == AS_TYPEID_INT8 || pid == AS_TYPEID_INT16) st = dt_prim(f, AS_TYPEID_INT32);
    if (pid == AS_TYPEID_UINT8 || pid == AS_TYPEID_UINT16) st = dt_prim(f, AS_TYPEID_UINT32);
    /* as the reference: a 64-bit switch works on the low 32 bits */
    if (pid == AS_TYPEID_INT64 || pid == AS_TYPEID_UINT64) st = dt_prim(f, AS_TYPEID_INT32);
    conv_implicit(f, &v, &st, n, false);
    const bool wide = false;
    int sel = slot_alloc(f, 1);
    ev_to_slot(f, &v, sel);
    ev_free(f, &v);
    int ncases = n->u.switch_.cases.count;
    /* a switch with only a default case is as empty as one without cases (the reference's rule) */
    if (ncases == 0 || (ncases == 1 && !n->u.switch_.cases.items[0]->u.case_.value)) {
        c_error(f->c, n, "Empty switch statement");
        slot_free(f, sel, 1);
        return false;
    }
    for (int i = 0; i < ncases - 1; i++) {
        if (!n->u.switch_.cases.items[i]->u.case_.value) {
            c_error(f->c, n->u.switch_.cases.items[i], "The default case must be the last one");
            slot_free(f, sel, 1);
            return false;
        }
    }
    uint32_t *jumps = arena_alloc(f->c->arena, sizeof(uint32_t) * (size_t)(ncases + 1));
    int64_t *values = arena_alloc(f->c->arena, sizeof(int64_t) * (size_t)(ncases + 1));
    /* the case values seen, by hash (entry = case index + 1): duplicates found in O(1) each */
    uint32_t seen_cap = 16;
    while (seen_cap < (uint32_t)ncases * 2) seen_cap *= 2;
    int *seen = arena_alloc(f->c->arena, sizeof(int) * seen_cap);
    int default_case = -1;
    int tmp = slot_alloc(f, 1);
    for (int i = 0; i < ncases; i++) {
        ast_node *c = n->u.switch_.cases.items[i];
        if (!c->u.case_.value) {
            if (default_case >= 0) c_error(f->c, c, "Multiple 'default' cases");
            default_case = i;
            continue;
        }
        ev cv;
        if (!compile_const_value(f, c->u.case_.value, &cv)) {
            compile_expr(f, c->u.case_.value, &cv);
            if (cv.kind != EV_ERROR) c_error(f->c, c->u.case_.value, "Case expressions must be constants");
            ev_free(f, &cv);
            jumps[i] = UINT32_MAX;
            continue;
        }
        if (!dt_is_integer(&cv.type)) {
            c_error(f->c, c->u.case_.value, "Case expressions must be integral numbers");
            jumps[i] = UINT32_MAX;
            continue;
        }
        /* warnings at the start of the value (the reference's), not at an operator in it */
        const ast_node *start = c->u.case_.value;
        while (start->kind == AST_BINARY) start = start->u.binary.lhs;
        conv_implicit(f, &cv, &st, start, false);
        int64_t val = wide ? cv.k.i64 : (int64_t)(dt_is_unsigned(&st) ? (int64_t)cv.k.u32 : (int64_t)cv.k.i32);
        for (uint32_t h = (uint32_t)(((uint64_t)val * 0x9E3779B97F4A7C15ull) >> 32) & (seen_cap - 1);; h = (h + 1) & (seen_cap - 1)) {
            if (!seen[h]) {
                seen[h] = i + 1;
                break;
            }
            if (values[seen[h] - 1] == val) {
                c_error(f->c, c->u.case_.value, "Duplicate switch case");
                break;
            }
        }
        values[i] = val;
        if (!wide && val >= INT16_MIN && val <= INT16_MAX) {
            jumps[i] = emit(f, BC_JEQK_I, sel, (uint16_t)(int16_t)val, 0);
        } else {
            as_slot k;
            k.i64 = val;
            emit_load_const(f, tmp, k, wide);
            emit(f, wide ? BC_EQ_L : BC_EQ_I, tmp, sel, tmp);
            jumps[i] = emit_jump(f, BC_JT, tmp);
        }
    }
    slot_free(f, tmp, 1);
    uint32_t to_default = emit_jump(f, BC_JMP, 0);
    loop_ctx l;
    push_loop(f, &l, true);
    scope s;
    scope_push(f, &s);
    bool last_returns = false;
    for (int i = 0; i < ncases; i++) {
        ast_node *c = n->u.switch_.cases.items[i];
        uint32_t here = emit_pc(f);
        if (i == default_case) patch_jump(f, to_default, here);
        else if (jumps[i] != UINT32_MAX) {
            patch_jump(f, jumps[i], here);   /* a short one too far is rewritten by fc_finish */
        }
        f->unreachable = false;
        last_returns = compile_stmts(f, &c->u.case_.stmts, true);
    }
    bool returns = default_case >= 0 && last_returns && l.breaks.count == 0;
    f->unreachable = false;
    scope_pop(f);
    if (default_case < 0) patch_here(f, to_default);
    patch_list_here(f, &l.breaks);
    VEC_FREE(l.continues);
    pop_loop(f);
    slot_free(f, sel, 1);
    return returns;
}

static void compile_break(fc *f, ast_node *n, bool is_continue)
{
    loop_ctx *l = f->loop;
    if (is_continue)
        while (l && l->is_switch) l = l->parent;
    if (!l) {
        c_error(f->c, n, is_continue ? "Invalid 'continue'" : "Invalid 'break'");
        return;
    }
    if (!f->unreachable) {
        scope_cleanup_until(f, l->scope);
        uint32_t j = emit_jump(f, BC_JMP, 0);
        if (is_continue) VEC_PUSH(l->continues, j);
        else VEC_PUSH(l->breaks, j);
    }
    f->unreachable = true;
}

/* Copies an object into the memory a pointer slot points to (returning value types). */
static void construct_at(fc *f, int addr_slot, ev *src, const ast_node *at)
{
    as_type *t = src->type.type;
    if (t->beh.copy_construct) {
        as_function *cc = t->beh.copy_construct;
        ev self, r;
        ev_init(&self, EV_SLOT);
        self.slot = (uint16_t)addr_slot;
        self.type = dt_of(t, DT_HANDLE);   /* the slot holds the address: pass it as is */
        self.from_local = true;
        ev arg = *src;
        ev_init(src, EV_VOID);
        emit_call(f, cc, &self, &arg, 1, (ast_node *)at, &r);
        ev_free(f, &r);
        return;
    }
    if (t->flags & AS_OBJ_POD) {
        int s = ev_address(f, src, -1);
        emit(f, BC_MEMCPY, addr_slot, s, t->size);
        ev_free(f, src);
        return;
    }
    c_error(f->c, at, "There is no copy operator for the type '%s' available.", t->name);
    ev_free(f, src);
}

static void compile_return(fc *f, ast_node *n)
{
    as_dtype rt = f->fn->ret;
    ast_node *e = n->u.ret.expr;
    if (dt_is_void(&rt) && !(rt.flags & DT_REF)) {
        if (e) {
            ev v;
            compile_expr(f, e, &v);
            if (v.kind != EV_ERROR && v.kind != EV_VOID) c_error(f->c, n, "Can't return value when return type is 'void'");
            ev_free(f, &v);
        }
        if (!f->unreachable) {
            func_emit_exit_placeholders(f);
            scope_cleanup_until(f, NULL);
            emit(f, BC_RET, 0, 0, 0);
        }
        f->unreachable = true;
        return;
    }
    if (!e) {
        c_error(f->c, n, "Must return a value");
        f->unreachable = true;
        return;
    }
    as_dtype want = rt;
    want.flags &= (uint8_t)~(DT_REF | DT_CONST);
    if (dt_is_handle(&rt)) want.flags = rt.flags & (DT_HANDLE | DT_CONST);
    ev v;
    if (rt.flags & DT_REF) {
        /* `return c ? a : b;` returns a reference to the chosen one */
        f->want_lvalue = e->kind == AST_TERNARY;
        f->tern_local_ref = false;
        compile_expr(f, e, &v);
        f->want_lvalue = false;
        if (v.kind == EV_ERROR) { f->unreachable = true; return; }
        if (e->kind == AST_TERNARY && f->tern_local_ref) {
            c_error(f->c, n, "Resulting reference cannot be returned. Returned references must not refer to local variables.");
            ev_free(f, &v);
            f->unreachable = true;
            return;
        }
        /* `return this;` from a method returning its class by reference: the object itself,
         * which outlives the call (the `C &opAssign(...) { ...; return this; }` pattern) */
        bool self = v.is_this && v.type.type == want.type && dt_is_ref_obj(&want) && !dt_is_handle(&rt);
        if (self) {
            ev_free(f, &v);
            func_emit_exit_placeholders(f);
            scope_cleanup_until(f, NULL);
            emit(f, BC_RETV, f->fn->this_slot, 0, 0);
            f->unreachable = true;
            return;
        }
        if (v.kind != EV_SLOT && v.kind != EV_CONST && dt_same_type(&v.type, &want) && !(rt.flags & DT_CONST) &&
            (v.readonly || ((v.type.flags & DT_CONST) && !dt_is_handle(&v.type)))) {
            /* a const method's member by a non-const reference */
            char tn[300];
            dtype_format(&want, tn, sizeof tn, false);
            c_error(f->c, n, "Can't implicitly convert from 'const %s%s' to '%s&'.", tn, dt_is_primitive(&want) ? "&" : "", tn);
            ev_free(f, &v);
            f->unreachable = true;
            return;
        }
        if (!dt_same_type(&v.type, &want) || v.kind == EV_SLOT || v.kind == EV_CONST) {
            c_error(f->c, n, "Can't return reference to local value.");
            ev_free(f, &v);
            f->unreachable = true;
            return;
        }
        int a = ev_address(f, &v, -1);
        if (dt_is_pointer(&v.type) && v.kind == EV_MEM) {
            a = slot_alloc(f, 1);
            if (v.offset) emit(f, BC_PADD, a, v.slot, v.offset);
            else emit(f, BC_MOV, a, v.slot, 0);
        }
        /* references this expression held to get at the value (e.g. on the object whose
         * member is returned) go before leaving; the address stays valid through the owner */
        ev_free(f, &v);
        func_emit_exit_placeholders(f);
        scope_cleanup_until(f, NULL);
        emit(f, BC_RETV, a, 0, 0);
        f->unreachable = true;
        return;
    }
    /* an object returned by value from a handle: there must be one (null: an exception) */
    ev probe;
    bool from_handle = dt_is_pointer(&want) && !dt_is_handle(&want) && want.type->kind == TYPE_OBJECT &&
                       compile_probe(f, e, &probe, false) && probe.kind != EV_NULL && dt_is_handle(&probe.type);
    f->return_style = true;
    compile_expr_as(f, e, &want, &v);
    f->return_style = false;
    if (v.kind == EV_ERROR) {
        f->unreachable = true;
        return;
    }
    if (f->fn->has_retloc) {
        /* construct the result where the caller asked */
        int addr = slot_alloc(f, 1);
        emit(f, BC_MOV, addr, 0, 0);
        construct_at(f, addr, &v, n);
        slot_free(f, addr, 1);
        func_emit_exit_placeholders(f);
        scope_cleanup_until(f, NULL);
        emit(f, BC_RET, 0, 0, 0);
        f->unreachable = true;
        return;
    }
    int s;
    if (dt_is_ref_obj(&want) && !dt_is_handle(&want) && want.type->kind == TYPE_OBJECT &&
        (want.type->flags & AS_OBJ_SCRIPT_OBJECT) && !(v.kind == EV_SLOT && v.objvar >= 0 && v.temp)) {
        /* returning an object by value: the caller gets a copy, not the variable's object */
        ev copy;
        copy_ref_object(f, &v, e, &copy);
        if (copy.kind == EV_ERROR) {
            f->unreachable = true;
            return;
        }
        v = copy;
    }
    bool check_null = from_handle && v.kind != EV_NULL;
    if (dt_is_pointer(&want)) {
        /* hand an owned reference to the caller */
        if (v.kind == EV_SLOT && v.objvar >= 0 && v.temp) {
            s = v.slot;
            objvar_end(f, v.objvar);
        } else {
            s = slot_alloc(f, 1);
            ev_to_slot(f, &v, s);
            if (v.kind != EV_NULL && !(v.kind == EV_SLOT && v.objvar >= 0 && v.slot == s)) {
                if (v.objvar >= 0) {
                    /* loading made an owned copy in s */
                    objvar_end(f, v.objvar);
                } else {
                    emit(f, BC_ADDREF, s, k_type(f, want.type), 0);
                    ev_free(f, &v);
                }
            }
        }
    } else {
        s = ev_to_slot(f, &v, -1);
    }
    if (check_null) emit(f, BC_CHKNULL, s, 0, 0);
    if (!f->unreachable) {
        func_emit_exit_placeholders(f);
        scope_cleanup_until(f, NULL);
        emit(f, BC_RETV, s, 0, 0);
    }
    f->unreachable = true;
}

static void compile_try(fc *f, ast_node *n)
{
    as_tryinfo t;
    t.start = emit_pc(f);
    f->try_depth++;
    compile_block(f, n->u.try_.body);
    f->try_depth--;
    bool body_unreachable = f->unreachable;
    f->unreachable = false;
    uint32_t skip = emit_jump(f, BC_JMP, 0);
    t.end = emit_pc(f);
    t.handler = emit_pc(f);
    VEC_PUSH(f->trys, t);
    compile_block(f, n->u.try_.handler);
    patch_here(f, skip);
    (void)body_unreachable;
}

static bool compile_stmt(fc *f, ast_node *n)
{
    /* what compile_probe learnt holds within one statement */
    f->memo_gen++;
    f->memo_count = 0;
    switch (n->kind) {
    case AST_BLOCK: return compile_block(f, n);
    case AST_EXPRSTMT:
        if (n->u.ret.expr) {
            emit_line(f, n->pos);
            f->last_call = NULL;
            compile_discard(f, n->u.ret.expr);
            /* a host function marked no-discard whose result the statement drops */
            as_function *called = f->last_call;
            int kind = n->u.ret.expr->kind;
            if (called && called->no_discard && (kind == AST_CALL || kind == AST_INVOKE))
                c_warning(f->c, n->u.ret.expr, "The result of '%s' should not be discarded",
                          as_function_declaration(called, true, true, false));
        }
        return false;
    case AST_IF: emit_line(f, n->pos); return compile_if(f, n);
    case AST_WHILE: emit_line(f, n->pos); compile_while(f, n); return false;
    case AST_DOWHILE:
        /* the do's own stop, before the body's first statement (as in the reference) */
        emit_line(f, n->pos);
        emit(f, BC_NOP, 0, 0, 0);
        compile_dowhile(f, n);
        return false;
    case AST_FOR: emit_line(f, n->pos); compile_for(f, n); return false;
    case AST_SWITCH: emit_line(f, n->pos); return compile_switch(f, n);
    case AST_BREAK: emit_line(f, n->pos); compile_break(f, n, false); return false;
    case AST_CONTINUE: emit_line(f, n->pos); compile_break(f, n, true); return false;
    case AST_RETURN: emit_line(f, n->pos); compile_return(f, n); return true;
    case AST_TRY:
        /* a stop of its own before the block's first statement, as in the reference */
        emit_line(f, n->pos);
        emit(f, BC_NOP, 0, 0, 0);
        compile_try(f, n);
        return false;
    case AST_FOREACH:
        /* its own stop, then the container's (as in the reference) */
        emit_line(f, n->pos);
        emit(f, BC_NOP, 0, 0, 0);
        compile_foreach(f, n);
        return false;
    case AST_USING: {
        /* `using namespace` in a block: for the rest of the block */
        struct using_dir u = {f->ns, n, f->scope};
        VEC_PUSH(f->c->block_usings, u);
        return false;
    }
    case AST_VAR: compile_var_decl(f, n); return false;
    default:
        c_error(f->c, n, "Unexpected statement");
        return false;
    }
}

bool compile_statement(fc *f, ast_node *n) { return compile_stmt(f, n); }
