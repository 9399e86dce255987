/* Constructors of script classes: the base constructor (implicit or `super(...)`), member
 * initialisation, and the members the compiler writes itself (default constructor, opAssign).
 *
 * Order, as the reference runs it: without `super(...)` the base constructor runs first, then the
 * class's member initialisers in declaration order, then the body. With `super(...)` the body's
 * statements before it run first, then the base constructor and the member initialisers. */
#include "ctor.h"
#include "call.h"
#include "opcall.h"
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
        ast_node *d = map.slots ? decl_map_find(&map, p->name) : find_declarator(t, p->name);
        ast_node *init = d ? d->u.decl.init : NULL;
        bool has_args = d && d->u.decl.has_args;
        if (!init && !has_args && !p->is_indirect) continue;
        if (d) emit_line(f, d->pos);
        ev self, lv;
        self_ev(f, &self);
        if (!compile_member_of(f, &self, p->name, d, &lv, true)) continue;
        lv.lvalue = true;
        lv.readonly = false;
        if (p->is_indirect) {
            /* an object member: a new object made from the initialiser or the declarator's args */
            ev obj;
            if (init && init->kind == AST_INITLIST) {
                compile_initlist_into(f, init, &p->type, -1, &obj);
            } else if (init) {
                ev rv;
                compile_expr_as(f, init, &p->type, &rv);
                if (rv.kind == EV_SLOT && rv.objvar >= 0 && rv.type.type == p->type.type) obj = rv;
                else {
                    compile_new_object(f, p->type, NULL, 0, d, &obj, -1);
                    if (obj.kind != EV_ERROR) {
                        ev tgt = obj, r;
                        tgt.temp = false;
                        tgt.objvar = -1;
                        tgt.lvalue = true;
                        opcall_assign(f, &tgt, &rv, d, &r);
                        ev_free(f, &r);
                    } else {
                        ev_free(f, &rv);
                    }
                }
            } else {
                compile_new_object(f, p->type, d ? d->u.decl.args.items : NULL, d ? d->u.decl.args.count : 0, d, &obj, -1);
            }
            if (obj.kind == EV_ERROR) {
                ev_free(f, &lv);
                continue;
            }
            /* the member slot holds the object's pointer: store it with reference counting */
            ev_free(f, &lv);
            ev hlv;
            ev_init(&hlv, EV_MEM);
            hlv.slot = f->fn->this_slot;
            hlv.offset = p->offset;
            hlv.type = dt_of(p->type.type, DT_HANDLE);
            hlv.lvalue = true;
            int s = ev_to_slot(f, &obj, -1);
            ev_store(f, &hlv, s, d);
            ev_free(f, &obj);
            continue;
        }
        ev rv;
        if (init && init->kind == AST_INITLIST) {
            ev tmp, r;
            compile_initlist_into(f, init, &p->type, -1, &tmp);
            assign_to(f, &lv, &tmp, d, &r);
            ev_free(f, &r);
            continue;
        }
        if (!init && has_args && d->u.decl.args.count == 1) {
            ast_node *a = d->u.decl.args.items[0];
            init = a->kind == AST_ARG ? a->u.arg.value : a;
        }
        if (!init) {
            ev_free(f, &lv);
            continue;
        }
        if (dt_is_value_obj(&p->type)) {
            compile_expr(f, init, &rv);
        } else {
            as_dtype want = p->type;
            want.flags &= (uint8_t)~DT_CONST;
            compile_expr_as(f, init, &want, &rv);
        }
        ev r;
        if (dt_is_handle(&p->type) && rv.kind != EV_ERROR && rv.kind != EV_NULL && dt_is_ref_obj(&rv.type)) rv.type.flags |= DT_HANDLE;
        assign_to(f, &lv, &rv, d, &r);
        ev_free(f, &r);
    }
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
    int pick = pick_overload(f, base->beh.factories.data, base->beh.factories.count, &a, 0, base->name, at, args != NULL);
    if (pick < 0) {
        if (!args) c_error(f->c, at, "Base class doesn't have default constructor. Make explicit call to base constructor");
        args_free(f, &a);
        return;
    }
    ev self, r;
    self_ev(f, &self);
    emit_call_mapped(f, base->beh.factories.data[pick], &self, &a, at, &r);
    ev_free(f, &r);
}

void ctor_emit_prologue(fc *f, ast_node *body)
{
    if (body && has_super(body)) return;
    if (f->objtype->base) call_base_ctor(f, NULL, body ? body : NULL);
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
    ctor_emit_member_init(f, f->objtype);
    return true;
}

/* this = other, member by member (base members first): the opAssign a class gets for free. */
void ctor_emit_auto_assign(fc *f)
{
    as_type *chain[64];
    int n = 0;
    for (as_type *c = f->objtype; c && n < 64; c = c->base) chain[n++] = c;
    int other_slot = f->fn->param_slot[0];
    /* through a base class handle the objects may be of different classes */
    emit(f, BC_SAMETYPE, f->fn->this_slot, other_slot, 0);
    for (int k = n; k-- > 0;) {
        as_type *c = chain[k];
        for (int i = 0; i < c->props.count; i++) {
            as_property *p = &c->props.data[i];
            /* a registered type that cannot be assigned (a scoped type, say) is left as it is:
             * the reference's default copy skips it the same way */
            as_type *pt = p->type.type;
            if (!dt_is_pointer(&p->type) || p->is_indirect) {
                if (pt->kind == TYPE_OBJECT && !(pt->flags & AS_OBJ_SCRIPT_OBJECT) && (pt->flags & AS_OBJ_REF) &&
                    !pt->beh.copy_assign)
                    continue;
            }
            ev self, other, lv, rv, r;
            self_ev(f, &self);
            ev_init(&other, EV_SLOT);
            other.slot = (uint16_t)other_slot;
            other.type = dt_of(f->objtype, DT_HANDLE | DT_CONST);
            other.from_local = true;
            other.is_this = true;
            if (!compile_member_of(f, &self, p->name, NULL, &lv, false)) continue;
            if (!compile_member_of(f, &other, p->name, NULL, &rv, false)) continue;
            lv.lvalue = true;
            lv.readonly = false;
            rv.type.flags &= (uint8_t)~DT_CONST;
            if (dt_is_pointer(&p->type) && !p->is_indirect) {
                int s = ev_to_slot(f, &rv, -1);
                ev_store(f, &lv, s, NULL);
                ev_free(f, &rv);
                ev_free(f, &lv);
                continue;
            }
            assign_to(f, &lv, &rv, NULL, &r);
            ev_free(f, &r);
        }
    }
    emit(f, BC_RETV, f->fn->this_slot, 0, 0);
}
