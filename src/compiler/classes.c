/* Script classes, interfaces and mixins: bases, member layout, methods, constructors,
 * destructors, virtual property accessors, vtables and interface tables. */
#include "compiler.h"
#include "emit.h"
#include "ev.h"
#include "call.h"
#include "../runtime/object.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static as_engine *E(as_compiler *c) { return c->engine; }

static const char *iname(as_compiler *c, const char *s) { return engine_intern(E(c), s, strlen(s)); }

/* ======================================================================= collecting */

/* A shared class or interface of that name another live module declared: the one type all
 * modules share (issue 14: objects pass between modules and casts work). */
static as_type *find_shared_type(as_compiler *c, as_namespace *ns, const char *name, bool is_interface)
{
    as_engine *e = E(c);
    for (int i = 0; i < e->modules.count; i++) {
        as_module *m = e->modules.data[i];
        if (m == c->module) continue;
        for (int k = 0; k < m->types.count; k++) {
            as_type *t = m->types.data[k];
            if (t->kind == TYPE_OBJECT && (t->flags & AS_OBJ_SHARED) && !t->remains && t->name == name && t->ns == ns &&
                ((t->flags & AS_OBJ_INTERFACE) != 0) == is_interface && t->decl_state == 2)
                return t;
        }
    }
    return NULL;
}

static bool has_method_named(const as_type *t, const char *name)
{
    for (int i = 0; i < t->methods.count; i++)
        if (t->methods.data[i]->name == name) return true;
    return false;
}

/* The declaration must declare what the shared type has: the same properties and no method it
 * lacks (bodies are not compared: the first module's code is the one that runs). */
static bool shared_decl_matches(as_compiler *c, const ast_node *n, const as_type *t)
{
    int nprops = 0;
    for (int i = 0; i < n->u.cls.members.count; i++) {
        const ast_node *m = n->u.cls.members.items[i];
        if (m->kind == AST_VAR) {
            for (int d = 0; d < m->u.var.decls.count; d++, nprops++) {
                const ast_node *dn = m->u.var.decls.items[d];
                bool found = false;
                for (int k = 0; k < t->props.count && !found; k++) found = t->props.data[k].name == dn->u.decl.name;
                if (!found) {
                    c_error(c, dn, "Shared type '%s' doesn't match the original declaration in other module", t->name);
                    return false;
                }
            }
        } else if (m->kind == AST_FUNC && m->u.func.ret && !m->u.func.is_destructor && !has_method_named(t, m->u.func.name)) {
            c_error(c, m, "Shared type '%s' doesn't match the original declaration in other module", t->name);
            return false;
        }
    }
    if (!t->base && n->u.cls.bases.count == 0 && nprops != t->props.count) {
        c_error(c, n, "Shared type '%s' doesn't match the original declaration in other module", t->name);
        return false;
    }
    return true;
}

/* The module uses shared type t: it is listed among the module's types, found by name, and its
 * functions count as the module's for as long as the module lives (runtime/reclaim.c). */
static void adopt_shared_type(as_compiler *c, as_namespace *ns, as_type *t)
{
    as_module *m = c->module;
    VEC_PUSH(m->types, t);
    symtab_add(&m->symbols, ns, t->name, SYM_TYPE, t);
    as_engine *e = E(c);
    for (int i = 0; i < e->funcs.count; i++) {
        as_function *f = e->funcs.data[i];
        if (f && !f->remains && (f->objtype == t || (f->factory_for && f->factory_for->objtype == t))) VEC_PUSH(m->all_functions, f);
    }
}

void classes_collect(as_compiler *c, ast_node *n, as_namespace *ns)
{
    if (n->kind == AST_CLASS && n->u.cls.is_mixin) {
        decl_item it = {n, ns, NULL, NULL};
        VEC_PUSH(c->mixins, it);
        return;
    }
    as_symbol *prev = symtab_find_kind(&c->module->symbols, ns, n->u.cls.name, SYM_TYPE);
    if (!prev) prev = symtab_find_kind(&E(c)->symbols, ns, n->u.cls.name, SYM_TYPE);
    /* a registered function's name is taken too (a script function's reports the conflict) */
    if (!prev) prev = symtab_find_kind(&E(c)->symbols, ns, n->u.cls.name, SYM_FUNC);
    if (prev && n->kind == AST_INTERFACE && (n->u.cls.mods & MOD_SHARED) && E(c)->props[AS_EP_IGNORE_DUPLICATE_SHARED_INTF]) {
        /* a shared interface declared again is the same interface if it matches (2.36); after a
         * non-shared one of that name the reference takes it without a look */
        as_type *pt = prev->ptr;
        if (pt->kind == TYPE_OBJECT && pt->module == c->module && (pt->flags & AS_OBJ_INTERFACE)) {
            decl_item it = {n, ns, pt, NULL};
            if (pt->flags & AS_OBJ_SHARED) VEC_PUSH(c->dup_interfaces, it);
            return;
        }
    }
    if (prev) {
        c_name_conflict(c, n, n->u.cls.name, prev);
        return;
    }
    if (n->u.cls.mods & MOD_SHARED) {
        as_type *shared = find_shared_type(c, ns, n->u.cls.name, n->kind == AST_INTERFACE);
        if (shared) {
            /* `external shared class S;` takes it as it is */
            if ((n->u.cls.mods & MOD_EXTERNAL) || shared_decl_matches(c, n, shared)) adopt_shared_type(c, ns, shared);
            return;
        }
    }
    as_type *t = engine_new_type(E(c), TYPE_OBJECT, n->u.cls.name, ns);
    t->flags = AS_OBJ_REF | AS_OBJ_SCRIPT_OBJECT;
    if (n->kind == AST_INTERFACE) t->flags |= AS_OBJ_INTERFACE | AS_OBJ_ABSTRACT;
    if (n->u.cls.mods & MOD_ABSTRACT) t->flags |= AS_OBJ_ABSTRACT;
    if (n->u.cls.mods & MOD_FINAL) t->flags |= AS_OBJ_NOINHERIT;
    if (n->u.cls.mods & MOD_SHARED) t->flags |= AS_OBJ_SHARED;
    if (n->u.cls.implicit_handle) t->flags |= AS_OBJ_IMPLICIT_HANDLE;
    t->size = OBJECT_HEADER_SIZE;
    t->module = c->module;
    t->decl = n;
    t->decl_ns = ns;
    VEC_PUSH(c->module->types, t);
    symtab_add(&c->module->symbols, ns, n->u.cls.name, SYM_TYPE, t);
    decl_item it = {n, ns, t, NULL};
    VEC_PUSH(c->classes, it);
}

/* The mixin class base name tn names (`m`, `n::m`), searched from ns outward when unqualified. */
static decl_item *find_mixin(as_compiler *c, as_namespace *ns, const ast_node *tn)
{
    if (tn->u.type.prim != PRIM_NONE || tn->u.type.targs.count || tn->u.type.nmods) return NULL;
    bool qualified = tn->u.type.global_scope || tn->u.type.scope.count;
    if (qualified) ns = c_scope_namespace(c, ns, tn->u.type.global_scope, &tn->u.type.scope, tn, false);
    for (as_namespace *s = ns; s; s = s->parent) {
        for (int i = 0; i < c->mixins.count; i++)
            if (c->mixins.data[i].ns == s && c->mixins.data[i].node->u.cls.name == tn->u.type.name) return &c->mixins.data[i];
        if (qualified || s == s->parent) break;
    }
    return NULL;
}

/* ======================================================================= helpers */

/* Conversion operators are told apart by what they return (`int opConv()` and `double opConv()`). */
static bool is_conversion_op(const char *name)
{
    return !strcmp(name, "opConv") || !strcmp(name, "opImplConv") || !strcmp(name, "opCast") || !strcmp(name, "opImplCast");
}

static bool same_signature(const as_function *a, const as_function *b)
{
    if (a->name != b->name || a->params.count != b->params.count) return false;
    if (((a->attrs ^ b->attrs) & FA_CONST) != 0) return false;
    if (is_conversion_op(a->name) && !dt_equal_ex(&a->ret, &b->ret)) return false;
    for (int i = 0; i < a->params.count; i++) {
        const as_param *p = &a->params.data[i], *q = &b->params.data[i];
        if (!dt_equal_ex(&p->type, &q->type) || p->inout != q->inout) return false;
    }
    return true;
}

static const as_property *find_prop(const as_type *t, const char *name)
{
    for (as_type *c = (as_type *)t; c; c = c->base) {
        int i = type_find_own_prop(c, name);
        if (i >= 0) return &c->props.data[i];
    }
    return NULL;
}

static void add_interface(as_type *t, as_type *i)
{
    for (int k = 0; k < t->interfaces.count; k++)
        if (t->interfaces.data[k] == i) return;
    VEC_PUSH(t->interfaces, i);
    for (int k = 0; k < i->interfaces.count; k++) add_interface(t, i->interfaces.data[k]);
}

/* ns: where the body's names are looked up (a mixin's members: the mixin's namespace). */
static void queue_body(as_compiler *c, as_function *f, ast_node *node, ast_node *body, as_type *t, as_namespace *ns)
{
    pending_func pf = {f, node, ns, t, body, NULL};
    VEC_PUSH(c->pending, pf);
}

static as_function *new_method(as_compiler *c, as_type *t, const char *name, ast_node *decl)
{
    as_function *f = engine_new_function(E(c), (t->flags & AS_OBJ_INTERFACE) ? FN_INTERFACE : FN_SCRIPT, name, t->decl_ns);
    f->module = c->module;
    f->objtype = t;
    f->decl = decl;
    if (t->flags & AS_OBJ_SHARED) f->attrs |= FA_SHARED;
    if (decl) {
        f->line = decl->pos.line;
        f->col = decl->pos.col;
        f->section = decl->pos.section;
    }
    VEC_PUSH(c->module->all_functions, f);
    return f;
}

/* ======================================================================= members */

static void add_property(as_compiler *c, as_type *t, ast_node *var, ast_node *d, as_namespace *ns, bool from_mixin)
{
    as_dtype dt;
    if (var->u.var.type->u.type.prim == PRIM_AUTO) {
        c_error(c, var, "Auto is not allowed for class members");
        return;
    }
    if (!c_resolve_type(c, var->u.var.type, ns, t, &dt)) return;
    if (dt_is_void(&dt)) {
        c_error(c, d, "Data type can't be 'void'");
        return;
    }
    if (dt.flags & DT_IMPLIED_HANDLE) {
        c_error(c, d, "Data type can't be '%s'", dt.type->name);
        return;
    }
    /* a handle to a const object is fine; a read-only member is not */
    if (((dt.flags & DT_CONST) && !dt_is_handle(&dt)) || (dt.flags & DT_HANDLE_CONST)) {
        c_error(c, var, "Class properties cannot be declared as const");
        dt.flags &= (uint8_t)~(dt_is_handle(&dt) ? DT_HANDLE_CONST : DT_CONST); /* no follow-up errors */
    }
    const char *name = d->u.decl.name;
    if (find_prop(t, name)) {
        if (from_mixin) return; /* the class (or its base) already has it */
        c_error(c, d, "Name conflict. '%s' is an object property.", name);
        return;
    }
    as_property p;
    memset(&p, 0, sizeof p);
    p.name = name;
    p.type = dt;
    p.is_private = (var->u.var.mods & MOD_PRIVATE) != 0;
    p.is_protected = (var->u.var.mods & MOD_PROTECTED) != 0;
    bool inline_value = dt_is_value_obj(&dt);
    p.is_indirect = dt.type->kind == TYPE_OBJECT && !inline_value && !(dt.flags & DT_HANDLE);
    int size = inline_value ? (dt.type->size + 7) / 8 * 8 : (dt_is_pointer(&dt) || p.is_indirect) ? 8 : dt_size(&dt);
    int align = inline_value || dt_is_pointer(&dt) || p.is_indirect ? 8 : size;
    if (align < 1) align = 1;
    int off = (t->size + align - 1) / align * align;
    p.offset = off;
    t->size = off + (size ? size : 1);
    VEC_PUSH(t->props, p);
    if (dt.type->kind == TYPE_OBJECT || dt.type->kind == TYPE_FUNCDEF) t->has_script_members = true;
}

/* `T &in`, `const T &in`, `T`: a parameter of the class's own type (by AST, before resolving). */
static bool param_is_own_type(const as_type *t, const ast_node *p)
{
    const ast_node *ty = p->u.param.type;
    return ty && ty->u.type.name == t->name && !ty->u.type.scope.count && !ty->u.type.global_scope && ty->u.type.nmods == 0;
}

/* `X() delete;`, `X(const X &in) delete;`, `X &opAssign(const X &in) delete;` (2.38): the
 * member the compiler would write is not written. Other functions cannot be deleted. */
/* Which of the members the compiler writes a declaration is (TYPE_DELETED_*), or 0. */
static int generated_kind(const as_type *t, const ast_node *n)
{
    bool is_ctor = !n->u.func.ret && !n->u.func.is_destructor;
    int np = n->u.func.params.count;
    bool own1 = np == 1 && param_is_own_type(t, n->u.func.params.items[0]);
    if (is_ctor && np == 0) return TYPE_DELETED_DEFAULT_CTOR;
    if (is_ctor && own1) return TYPE_DELETED_COPY_CTOR;
    if (!is_ctor && !n->u.func.is_destructor && own1 && strcmp(n->u.func.name, "opAssign") == 0) return TYPE_DELETED_ASSIGN;
    return 0;
}

static void delete_member(as_compiler *c, as_type *t, ast_node *n)
{
    int kind = generated_kind(t, n);
    if (!kind) {
        c_error(c, n, "Cannot flag function that will not be auto generated as deleted");
        return;
    }
    if (n->u.func.body) {
        c_error(c, n, "Deleted functions cannot have implementation");
        return;
    }
    /* declared and deleted: reported at whichever comes second */
    for (int i = 0; i < t->decl->u.cls.members.count; i++) {
        const ast_node *m = t->decl->u.cls.members.items[i];
        if (m == n) break;
        if (m->kind == AST_FUNC && !(m->u.func.attrs & FATTR_DELETE) && generated_kind(t, m) == kind) {
            c_error(c, n, "Conflict with explicit declaration of function and deleted function");
            return;
        }
    }
    t->deleted |= (uint8_t)kind;
}

/* Is name taken by a method or child funcdef of t itself (the name of a virtual property may not be)? */
static bool own_member_named(as_compiler *c, as_type *t, const char *name, const ast_node *at)
{
    bool taken = false;
    for (int i = type_first_method(t, name); i >= 0 && !taken; i = type_next_method(t, i)) taken = t->methods.data[i]->objtype == t;
    for (int i = 0; i < t->child_funcdefs.count && !taken; i++) taken = !strcmp(t->child_funcdefs.data[i]->name, name);
    if (taken) c_error(c, at, "Name conflict. '%s' is already used.", name);
    return taken;
}

/* A method named like a virtual property of t, an accessor declared as a method (its signature,
 * the name it gives the property, its value type against the other accessor's). False when f is
 * not to be added. */
static bool method_vs_properties(as_compiler *c, as_type *t, as_function *f, const ast_node *at)
{
    if (!(f->attrs & FA_PROPERTY)) {
        for (int k = 0; k < 2; k++) {
            char name[300];
            snprintf(name, sizeof name, "%s_%s", k ? "set" : "get", f->name);
            const char *in = iname(c, name);
            for (int i = type_first_method(t, in); i >= 0; i = type_next_method(t, i)) {
                if (t->methods.data[i]->objtype == t && c_is_accessor(c, t->methods.data[i])) {
                    c_error(c, at, "Name conflict. '%s' is an object property.", f->name);
                    return false;
                }
            }
        }
        return true;
    }
    if (!accessor_check_signature(c, f, at)) return true;
    if (own_member_named(c, t, accessor_property_name(c, f), at)) return false;
    const char *other = accessor_counterpart_name(c, f);
    for (int i = type_first_method(t, other); i >= 0; i = type_next_method(t, i)) {
        if (t->methods.data[i]->objtype == t && c_is_accessor(c, t->methods.data[i])) {
            accessor_check_types(c, f, t->methods.data[i], at);
            break;
        }
    }
    return true;
}

static void add_method(as_compiler *c, as_type *t, ast_node *n, as_namespace *ns, bool from_mixin)
{
    bool is_ctor = !n->u.func.ret && !n->u.func.is_destructor;
    bool is_interface = (t->flags & AS_OBJ_INTERFACE) != 0;
    if (from_mixin && (is_ctor || n->u.func.is_destructor)) {
        c_error(c, n, "Mixin classes cannot have constructors or destructors");
        return;
    }
    if ((n->u.func.attrs & FATTR_DELETE) && !is_interface) {
        delete_member(c, t, n);
        return;
    }
    if (n->u.func.ret && !n->u.func.is_destructor && n->u.func.name == t->name) {
        c_error(c, n, "The method cannot be named with the class name");
        return;
    }
    if (!is_interface && t->decl) {
        /* declared after the same member was deleted */
        int kind = generated_kind(t, n);
        for (int i = 0; kind && i < t->decl->u.cls.members.count; i++) {
            const ast_node *m = t->decl->u.cls.members.items[i];
            if (m == n) break;
            if (m->kind == AST_FUNC && (m->u.func.attrs & FATTR_DELETE) && !m->u.func.body && generated_kind(t, m) == kind) {
                c_error(c, n, "Conflict with explicit declaration of function and deleted function");
                return;
            }
        }
    }
    if (is_ctor && n->u.func.name != t->name) {
        c_error(c, n, "The name of the constructor must be the same as the class");
        return;
    }
    if (n->u.func.is_destructor && n->u.func.name != t->name) {
        c_error(c, n, "The name of the destructor must be the same as the class");
        return;
    }
    if (is_interface && n->u.func.body) {
        c_error(c, n, "Interface methods can't have a body");
        return;
    }
    as_function *f = new_method(c, t, n->u.func.name, n);
    if (!decl_signature(c, f, n, ns, t)) return;
    if (is_ctor) {
        f->attrs |= FA_CONSTRUCTOR;
        VEC_PUSH(t->beh.factories, f);
    } else if (n->u.func.is_destructor) {
        f->attrs |= FA_DESTRUCTOR;
        if (t->beh.destruct) c_error(c, n, "A destructor is already declared");
        t->beh.destruct = f;
    } else {
        /* a mixin's method gives way to the class's own */
        for (int i = type_first_method(t, f->name); i >= 0; i = type_next_method(t, i)) {
            if (same_signature(t->methods.data[i], f)) {
                if (!from_mixin) c_error(c, n, "A function with the same name and parameters already exists");
                return;
            }
        }
        if (!method_vs_properties(c, t, f, n)) return;
        VEC_PUSH(t->methods, f);
    }
    if (is_interface) {
        f->kind = FN_INTERFACE;
        f->attrs |= FA_ABSTRACT;
        return;
    }
    if (!n->u.func.body) {
        c_error(c, n, "Missing function body");
        return;
    }
    queue_body(c, f, n, n->u.func.body, t, ns);
}

/* `T name { get {...} set {...} }`: methods get_name / set_name marked as property accessors. */
static void add_virtual_property(as_compiler *c, as_type *t, ast_node *n, as_namespace *ns)
{
    as_dtype dt;
    if (!c_virtprop_allowed(c, n) || !c_resolve_type(c, n->u.vprop.type, ns, t, &dt)) return;
    bool is_interface = (t->flags & AS_OBJ_INTERFACE) != 0;
    for (int i = 0; i < n->u.vprop.accessors.count; i++) {
        ast_node *acc = n->u.vprop.accessors.items[i];
        char name[300];
        snprintf(name, sizeof name, "%s_%s", acc->u.accessor.is_get ? "get" : "set", n->u.vprop.name);
        as_function *f = new_method(c, t, iname(c, name), acc);
        f->attrs |= FA_PROPERTY;
        if (acc->u.accessor.attrs & FATTR_CONST) f->attrs |= FA_CONST;
        if (acc->u.accessor.attrs & FATTR_OVERRIDE) f->attrs |= FA_OVERRIDE;
        if (acc->u.accessor.attrs & FATTR_FINAL) f->attrs |= FA_FINAL;
        if (n->u.vprop.mods & MOD_PRIVATE) f->attrs |= FA_PRIVATE;
        if (n->u.vprop.mods & MOD_PROTECTED) f->attrs |= FA_PROTECTED;
        if (acc->u.accessor.is_get) {
            f->ret = dt;
        } else {
            as_param p;
            memset(&p, 0, sizeof p);
            p.type = dt;
            p.name = iname(c, "value");
            VEC_PUSH(f->params, p);
        }
        function_layout_args(f);
        if (acc->u.accessor.body && own_member_named(c, t, n->u.vprop.name, acc->u.accessor.body)) continue;
        VEC_PUSH(t->methods, f);
        if (is_interface) {
            f->kind = FN_INTERFACE;
            f->attrs |= FA_ABSTRACT;
        } else if (acc->u.accessor.body) {
            queue_body(c, f, acc, acc->u.accessor.body, t, ns);
        } else {
            c_error(c, acc, "Missing function body");
        }
    }
}

static void add_child_funcdef(as_compiler *c, as_type *t, ast_node *n, as_namespace *ns)
{
    as_type *fd = engine_new_type(E(c), TYPE_FUNCDEF, n->u.func.name, t->decl_ns);
    fd->flags = AS_OBJ_FUNCDEF;
    fd->size = 8;
    fd->module = c->module;
    fd->parent_type = t;
    VEC_PUSH(c->module->types, fd);
    VEC_PUSH(t->child_funcdefs, fd);
    as_function *sig = engine_new_function(E(c), FN_FUNCDEF, fd->name, t->decl_ns);
    sig->module = c->module;
    VEC_PUSH(c->module->all_functions, sig);
    decl_signature(c, sig, n, ns, t);
    sig->objtype = NULL;
    function_layout_args(sig);
    fd->signature = sig;
}

/* The members declared in cls (t's own declaration or a mixin's), their types looked up in ns. */
static void add_members(as_compiler *c, as_type *t, ast_node *cls, as_namespace *ns, bool from_mixin)
{
    /* funcdefs first: member signatures may use them */
    for (int i = 0; i < cls->u.cls.members.count; i++)
        if (cls->u.cls.members.items[i]->kind == AST_FUNCDEF) add_child_funcdef(c, t, cls->u.cls.members.items[i], ns);
    for (int i = 0; i < cls->u.cls.members.count; i++) {
        ast_node *m = cls->u.cls.members.items[i];
        switch (m->kind) {
        case AST_VAR:
            if (t->flags & AS_OBJ_INTERFACE) {
                c_error(c, m, "Interfaces can't have properties");
                break;
            }
            for (int k = 0; k < m->u.var.decls.count; k++) add_property(c, t, m, m->u.var.decls.items[k], ns, from_mixin);
            break;
        case AST_FUNC: add_method(c, t, m, ns, from_mixin); break;
        case AST_VIRTPROP: add_virtual_property(c, t, m, ns); break;
        default: break;
        }
    }
}

/* ======================================================================= resolution */

static void resolve_class(as_compiler *c, as_type *t);

typedef VEC(decl_item *) mixin_list;

static void resolve_bases(as_compiler *c, as_type *t, mixin_list *mixins)
{
    ast_node *n = t->decl;
    for (int i = 0; i < n->u.cls.bases.count; i++) {
        ast_node *bn = n->u.cls.bases.items[i];
        decl_item *mx = (t->flags & AS_OBJ_INTERFACE) ? NULL : find_mixin(c, t->decl_ns, bn);
        if (mx) {
            VEC_PUSH(*mixins, mx);
            continue;
        }
        bool cyclic = false;
        for (int k = 0; k < c->cyclic_bases.count && !cyclic; k++) cyclic = c->cyclic_bases.data[k] == bn;
        if (cyclic) continue;
        as_dtype bt;
        if (!c_resolve_type(c, bn, t->decl_ns, NULL, &bt)) continue;
        as_type *b = bt.type;
        if (b->kind != TYPE_OBJECT || !(b->flags & AS_OBJ_SCRIPT_OBJECT)) {
            c_error(c, bn, "Can't inherit from '%s'", b->name);
            continue;
        }
        if (b == t) {
            c_error(c, bn, "Can't inherit from itself, or another class that inherits from this class");
            continue;
        }
        resolve_class(c, b);
        if (b->flags & AS_OBJ_INTERFACE) {
            if ((t->flags & AS_OBJ_SHARED) && !(b->flags & AS_OBJ_SHARED)) {
                c_error(c, bn, "Shared type cannot implement non-shared interface '%s'", b->name);
                continue;
            }
            add_interface(t, b);
            continue;
        }
        if (t->flags & AS_OBJ_INTERFACE) {
            c_error(c, bn, "Interfaces can only inherit from interfaces");
            continue;
        }
        if (t->base) {
            c_error(c, bn, "Can't inherit from multiple classes");
            continue;
        }
        if (b->flags & AS_OBJ_NOINHERIT) {
            c_error(c, bn, "Can't inherit from class '%s' marked as final", b->name);
            continue;
        }
        if ((t->flags & AS_OBJ_SHARED) && !(b->flags & AS_OBJ_SHARED)) {
            c_error(c, bn, "Shared class cannot inherit from non-shared class '%s'", b->name);
            continue;
        }
        for (as_type *a = b; a; a = a->base)
            if (a == t) {
                c_error(c, bn, "Can't inherit from itself, or another class that inherits from this class");
                b = NULL;
                break;
            }
        if (!b) continue;
        t->base = b;
        t->size = b->size;
        if (b->has_script_members) t->has_script_members = true;
    }
    /* the base class's interfaces after the class's own, in the reference's order */
    if (t->base)
        for (int k = 0; k < t->base->interfaces.count; k++) add_interface(t, t->base->interfaces.data[k]);
}

/* The vtable's slots by name while it is built (classes with many methods stay linear). */
typedef struct slot_index { int *heads, *next; uint32_t cap; } slot_index;

static uint32_t name_hash(const char *name) { return (uint32_t)(((uintptr_t)name >> 3) * 2654435761u); }

/* The bucket chain for a name: slots with that name (and others sharing the bucket). */
static int *slot_bucket(slot_index *x, const char *name) { return &x->heads[name_hash(name) & (x->cap - 1)]; }

static void slot_index_add(slot_index *x, const as_type *t, int k)
{
    int *head = slot_bucket(x, t->vtable.data[k]->name);
    x->next[k] = *head;
    *head = k + 1;
}

static void build_vtable(as_compiler *c, as_type *t)
{
    if (t->base)
        for (int i = 0; i < t->base->vtable.count; i++) VEC_PUSH(t->vtable, t->base->vtable.data[i]);
    slot_index x = {NULL, NULL, 0};
    int total = t->vtable.count + t->methods.count;
    if (total > 32) {
        x.cap = 64;
        while (x.cap < (uint32_t)total) x.cap *= 2;
        x.heads = mem_calloc(x.cap, sizeof *x.heads);
        x.next = mem_alloc(sizeof *x.next * (size_t)total);
        if (!x.heads || !x.next) {
            mem_free(x.heads);
            mem_free(x.next);
            x.heads = x.next = NULL;
        } else {
            for (int k = 0; k < t->vtable.count; k++) slot_index_add(&x, t, k);
        }
    }
    for (int i = 0; i < t->methods.count; i++) {
        as_function *m = t->methods.data[i];
        int slot = -1;
        if (x.heads) {
            /* the highest matching slot, as the search below finds it */
            for (int k = *slot_bucket(&x, m->name); k; k = x.next[k - 1])
                if (k - 1 > slot && same_signature(t->vtable.data[k - 1], m)) slot = k - 1;
        } else {
            for (int k = 0; k < t->vtable.count; k++)
                if (same_signature(t->vtable.data[k], m)) slot = k;
        }
        if (slot >= 0) {
            as_function *base = t->vtable.data[slot];
            if (!dt_equal_ex(&base->ret, &m->ret) || ((base->ret.flags ^ m->ret.flags) & DT_REF)) {
                char d[512];
                function_format_decl(base, d, sizeof d, true, false, false);
                c_error(c, t->decl, "The method in the derived class must have the same return type as in the base class: '%s'", d);
            }
            if (base->attrs & FA_FINAL) {
                char d[512];
                function_format_decl(base, d, sizeof d, true, false, false);
                c_error(c, t->decl, "Method '%s' declared as final and cannot be overridden", d);
            }
            base->attrs |= FA_OVERRIDDEN;
            t->vtable.data[slot] = m;
        } else {
            slot = t->vtable.count;
            VEC_PUSH(t->vtable, m);
            if (x.heads) slot_index_add(&x, t, slot);
        }
        m->vtable_index = slot;
        if ((m->attrs & FA_OVERRIDE) && (!t->base || slot >= t->base->vtable.count)) {
            bool in_intf = false;
            for (int k = 0; k < t->interfaces.count && !in_intf; k++) {
                as_type *it = t->interfaces.data[k];
                for (int j = 0; j < it->methods.count && !in_intf; j++) in_intf = same_signature(it->methods.data[j], m);
            }
            if (!in_intf) {
                char d[512];
                function_format_decl(m, d, sizeof d, true, false, false);
                c_error(c, t->decl, "Method '%s' marked as override but does not replace any base class or interface method", d);
            }
        }
    }
    /* interface methods: what implements each */
    for (int k = 0; k < t->interfaces.count; k++) {
        as_type *it = t->interfaces.data[k];
        for (int j = 0; j < it->methods.count; j++) {
            as_function *im = it->methods.data[j];
            as_function *impl = NULL;
            if (x.heads) {
                /* the lowest matching slot, as the search below finds it */
                int best = -1;
                for (int k = *slot_bucket(&x, im->name); k; k = x.next[k - 1])
                    if ((best < 0 || k - 1 < best) && same_signature(t->vtable.data[k - 1], im)) best = k - 1;
                if (best >= 0) impl = t->vtable.data[best];
            } else {
                for (int v = 0; v < t->vtable.count && !impl; v++)
                    if (same_signature(t->vtable.data[v], im)) impl = t->vtable.data[v];
            }
            if (!impl) {
                if (!(t->flags & AS_OBJ_ABSTRACT)) {
                    char d[512];
                    function_format_decl(im, d, sizeof d, true, false, false);
                    c_error(c, t->decl, "Missing implementation of '%s'", d);
                }
                continue;
            }
            as_itable_entry e = {im, impl};
            VEC_PUSH(t->itable, e);
        }
    }
    mem_free(x.heads);
    mem_free(x.next);
}

void register_find_special_behaviours(as_type *t);

static bool has_default_ctor(const as_type *t)
{
    for (int i = 0; i < t->beh.factories.count; i++)
        if (t->beh.factories.data[i]->params.count == 0) return true;
    return false;
}

/* A constructor taking one object of t (by reference, value or handle; not &out): a copy
 * constructor as the reference counts them. */
static as_function *copy_ctor_of(const as_type *t)
{
    for (int i = 0; i < t->beh.factories.count; i++) {
        as_function *f = t->beh.factories.data[i];
        if (f->params.count == 1 && f->params.data[0].type.type == t && f->params.data[0].inout != INOUT_OUT) return f;
    }
    return NULL;
}

/* The constructors the class declares (none written by the compiler yet) all take nothing. */
static bool only_default_ctors(const as_type *t)
{
    for (int i = 0; i < t->beh.factories.count; i++)
        if (t->beh.factories.data[i]->params.count) return false;
    return true;
}

static as_function *new_implicit_method(as_compiler *c, as_type *t, const char *name, uint32_t attrs)
{
    as_function *f = new_method(c, t, name, NULL);
    f->attrs |= attrs;
    f->line = t->decl->pos.line;
    f->col = t->decl->pos.col;
    f->section = t->decl->pos.section;
    return f;
}

/* `const T &in other`, the parameter of the copy constructor and opAssign the compiler writes. */
static void add_other_param(as_compiler *c, as_function *f, as_type *t)
{
    as_param p;
    memset(&p, 0, sizeof p);
    p.type = dt_of(t, DT_CONST);
    p.inout = INOUT_IN;
    p.name = iname(c, "other");
    VEC_PUSH(f->params, p);
    function_layout_args(f);
}

/* Whether the compiler writes t's copy constructor (2.38, AS_EP_ALWAYS_IMPL_DEFAULT_COPY_CONSTRUCT
 * 0: when the class declares no constructor taking arguments, 1: whenever it declares no copy
 * constructor, 2: never; AS_EP_ALWAYS_IMPL_DEFAULT_CONSTRUCT 2 also means never for a class
 * declaring no constructor). It copies the base with the base's copy constructor, which must take
 * a const object. */
static bool wants_default_copy_ctor(as_compiler *c, const as_type *t)
{
    int64_t mode = E(c)->props[AS_EP_ALWAYS_IMPL_DEFAULT_COPY_CONSTRUCT];
    if (mode == 2 || copy_ctor_of(t) || (t->deleted & TYPE_DELETED_COPY_CTOR)) return false;
    if (mode == 0 && !only_default_ctors(t)) return false;
    if (E(c)->props[AS_EP_ALWAYS_IMPL_DEFAULT_CONSTRUCT] == 2 && t->beh.factories.count == 0) return false;
    if (t->base) {
        const as_function *bc = copy_ctor_of(t->base);
        if (!bc || !(bc->params.data[0].type.flags & DT_CONST)) return false;
    }
    return true;
}

/* Whether the compiler writes t's copy opAssign (2.38, AS_EP_ALWAYS_IMPL_DEFAULT_COPY 0: when the
 * class declares no opAssign at all, 1: whenever it declares no copy opAssign, 2: never). */
static bool wants_default_copy_assign(as_compiler *c, const as_type *t)
{
    int64_t mode = E(c)->props[AS_EP_ALWAYS_IMPL_DEFAULT_COPY];
    if (mode == 2 || (t->deleted & TYPE_DELETED_ASSIGN)) return false;
    const char *assign = iname(c, "opAssign");
    for (int i = 0; i < t->methods.count; i++) {
        as_function *m = t->methods.data[i];
        if (m->name != assign || m->objtype != t) continue;
        if (mode == 0 || (m->params.count == 1 && m->params.data[0].type.type == t)) return false;
    }
    /* an opAssign a base class declares is inherited instead (the reference's: `d = dd` then
     * calls B::opAssign) */
    for (const as_type *b = t->base; b && mode == 0; b = b->base)
        for (int i = 0; i < b->methods.count; i++)
            if (b->methods.data[i]->name == assign && b->methods.data[i]->objtype == b && !(b->methods.data[i]->attrs & FA_AUTO)) return false;
    return true;
}

/* The constructors and opAssign the compiler writes when the class declares none (with
 * AS_EP_ALWAYS_IMPL_DEFAULT_CONSTRUCT 1, the default constructor whenever it is not declared;
 * with 2, never). */
static void add_implicit_members(as_compiler *c, as_type *t)
{
    int64_t ctor_mode = E(c)->props[AS_EP_ALWAYS_IMPL_DEFAULT_CONSTRUCT];
    bool copy_ctor = wants_default_copy_ctor(c, t), copy_assign = wants_default_copy_assign(c, t);
    if ((t->beh.factories.count == 0 || (ctor_mode == 1 && !has_default_ctor(t))) && ctor_mode != 2 &&
        !(t->deleted & TYPE_DELETED_DEFAULT_CTOR)) {
        as_function *f = new_implicit_method(c, t, t->name, FA_CONSTRUCTOR | FA_AUTO);
        function_layout_args(f);
        VEC_PUSH(t->beh.factories, f);
        queue_body(c, f, NULL, NULL, t, t->decl_ns);
    }
    if (copy_ctor) {
        as_function *f = new_implicit_method(c, t, t->name, FA_CONSTRUCTOR | FA_AUTO);
        add_other_param(c, f, t);
        VEC_PUSH(t->beh.factories, f);
        queue_body(c, f, NULL, NULL, t, t->decl_ns);
    }
    if (copy_assign) {
        as_function *f = new_implicit_method(c, t, iname(c, "opAssign"), FA_AUTO);
        f->ret = dt_of(t, DT_REF);
        add_other_param(c, f, t);
        VEC_PUSH(t->methods, f);
        queue_body(c, f, NULL, NULL, t, t->decl_ns);
    }
}

static bool can_form_cycles(const as_dtype *d)
{
    as_type *t = d->type;
    if (t->kind == TYPE_FUNCDEF) return true;    /* a delegate can hold any object */
    if (t->kind != TYPE_OBJECT) return false;
    if (t->flags & AS_OBJ_SCRIPT_OBJECT) return !(t->flags & AS_OBJ_NOINHERIT) || t->gc_capable || t->decl_state == 1;
    return (t->flags & AS_OBJ_GC) != 0;
}

static void resolve_class(as_compiler *c, as_type *t)
{
    if (t->decl_state == 2) return;
    if (!t->decl) {
        /* registered by the host (an interface): nothing to resolve */
        t->decl_state = 2;
        return;
    }
    if (t->decl_state == 1) {
        c_error(c, t->decl, "Can't inherit from itself, or another class that inherits from this class");
        return;
    }
    t->decl_state = 1;
    mixin_list mixins = {0};
    resolve_bases(c, t, &mixins);
    add_members(c, t, t->decl, t->decl_ns, false);
    if (mixins.count) {
        t->mixin_decls = arena_alloc(c->arena, sizeof(ast_node *) * (size_t)mixins.count);
        t->nmixins = mixins.count;
    }
    for (int i = 0; i < mixins.count; i++) {
        ast_node *mn = mixins.data[i]->node;
        t->mixin_decls[i] = mn;
        for (int k = 0; k < mn->u.cls.bases.count; k++) {
            as_dtype it;
            if (!c_resolve_type(c, mn->u.cls.bases.items[k], mixins.data[i]->ns, NULL, &it)) continue;
            if (!(it.type->flags & AS_OBJ_INTERFACE)) {
                c_error(c, mn->u.cls.bases.items[k], "Mixin class cannot inherit from classes");
                continue;
            }
            resolve_class(c, it.type);
            add_interface(t, it.type);
        }
        add_members(c, t, mn, mixins.data[i]->ns, true);
    }
    VEC_FREE(mixins);
    t->size = (t->size + 7) / 8 * 8;
    if (!(t->flags & AS_OBJ_INTERFACE)) {
        add_implicit_members(c, t);
        build_vtable(c, t);
        for (int i = 0; i < t->props.count; i++)
            if (can_form_cycles(&t->props.data[i].type)) t->gc_capable = true;
        if (t->base && t->base->gc_capable) t->gc_capable = true;
    } else {
        /* interface methods from the interfaces this one extends */
    }
    register_find_special_behaviours(t);
    t->decl_state = 2;
}

/* Whether each member of t the compiler-written copy constructor copies has a copy constructor
 * itself (a script class member without one leaves t without one, as in the reference), and
 * the base class has one taking a const object. */
static bool members_copyable(const as_type *t)
{
    if (t->base) {
        const as_function *bc = copy_ctor_of(t->base);
        if (!bc || !(bc->params.data[0].type.flags & DT_CONST)) return false;
    }
    for (int i = 0; i < t->props.count; i++) {
        const as_property *p = &t->props.data[i];
        const as_type *pt = p->type.type;
        if (p->is_indirect && pt->kind == TYPE_OBJECT && (pt->flags & AS_OBJ_SCRIPT_OBJECT) &&
            !(pt->deleted & TYPE_DELETED_ASSIGN) && !copy_ctor_of(pt))
            return false;
    }
    return true;
}

/* Takes back the copy constructors written for classes whose members (or base) turned out not
 * copyable, until none changes: one taken back can leave a class holding it by value without. */
static void drop_uncopyable_copy_ctors(as_compiler *c)
{
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < c->classes.count; i++) {
            as_type *t = c->classes.data[i].obj;
            for (int k = 0; k < t->beh.factories.count; k++) {
                as_function *f = t->beh.factories.data[k];
                if (!(f->attrs & FA_AUTO) || f->params.count != 1 || members_copyable(t)) continue;
                f->attrs |= FA_DELETED;   /* its queued body compiles to nothing */
                for (int j = k + 1; j < t->beh.factories.count; j++) t->beh.factories.data[j - 1] = t->beh.factories.data[j];
                t->beh.factories.count--;
                register_find_special_behaviours(t);
                changed = true;
                break;
            }
        }
    }
}

/* A shared interface declared again (IGNORE_DUPLICATE_SHARED_INTF): each of its methods must be
 * one of the first declaration's, with the same return type (it may leave some out; bases are
 * not compared), as the reference checks it (tests/scripts/lang238/ignore_duplicate_shared_*.as). */
static void check_duplicate_interface(as_compiler *c, const decl_item *it)
{
    as_type *t = it->obj;
    ast_node *n = it->node;
    for (int i = 0; i < n->u.cls.members.count; i++) {
        ast_node *m = n->u.cls.members.items[i];
        if (m->kind != AST_FUNC) continue;
        as_function *f = new_method(c, t, m->u.func.name, m);
        if (!decl_signature(c, f, m, it->ns, t)) return;
        bool found = false;
        for (int k = type_first_method(t, f->name); k >= 0 && !found; k = type_next_method(t, k))
            found = same_signature(t->methods.data[k], f) && dt_equal_ex(&t->methods.data[k]->ret, &f->ret);
        if (!found) {
            c_error(c, m, "Shared type '%s' doesn't match the original declaration in other module", t->name);
            return;
        }
    }
}

/* Inheritance cycles as the reference finds them: the classes in declaration order, each base
 * link taken unless the base already leads back to the class, which is reported at the base's
 * name and left out (so `A : C`, `B : A`, `C : B` is reported at C's base). */
typedef struct class_map { as_type **keys; int *vals; uint32_t cap; } class_map;

static int class_index(const class_map *m, const as_type *t)
{
    for (uint32_t h = name_hash((const char *)t) & (m->cap - 1);; h = (h + 1) & (m->cap - 1)) {
        if (!m->keys[h]) return -1;
        if (m->keys[h] == t) return m->vals[h];
    }
}

/* each class's bases taken so far (indices into c->classes) */
typedef struct cycle_links { int n; VEC(int) *of; } cycle_links;

static void free_cycle_links(void *links_)
{
    cycle_links *l = links_;
    for (int i = 0; i < l->n; i++) VEC_FREE(l->of[i]);
    mem_free(l->of);
    l->of = NULL;
}

static void find_inheritance_cycles(as_compiler *c)
{
    int n = c->classes.count;
    if (!n) return;
    class_map m = {NULL, NULL, 16};
    while (m.cap < (uint32_t)n * 2) m.cap *= 2;
    m.keys = arena_alloc(c->arena, sizeof *m.keys * m.cap);
    m.vals = arena_alloc(c->arena, sizeof *m.vals * m.cap);
    memset(m.keys, 0, sizeof *m.keys * m.cap);
    for (int i = 0; i < n; i++) {
        as_type *t = c->classes.data[i].obj;
        uint32_t h = name_hash((const char *)t) & (m.cap - 1);
        while (m.keys[h]) h = (h + 1) & (m.cap - 1);
        m.keys[h] = t;
        m.vals[h] = i;
    }
    /* the links taken so far: each class's bases (indices), and a DFS stack / seen marks */
    int *stack = arena_alloc(c->arena, sizeof(int) * (size_t)n);
    int *seen = arena_alloc(c->arena, sizeof(int) * (size_t)n);
    cycle_links links = {n, mem_calloc((size_t)n, sizeof *links.of)};
    if (!links.of) return;
    /* the lists grow while a guard may unwind the build (out of memory) */
    mem_cleanup hold;
    mem_cleanup_push(&hold, free_cycle_links, &links);
    for (int i = 0; i < n; i++) seen[i] = -1;
    as_diag saved = c->diag;
    int stamp = 0;
    for (int i = 0; i < n; i++) {
        as_type *t = c->classes.data[i].obj;
        ast_node *d = t->decl;
        for (int k = 0; d && k < d->u.cls.bases.count; k++) {
            ast_node *bn = d->u.cls.bases.items[k];
            if (!(t->flags & AS_OBJ_INTERFACE) && find_mixin(c, t->decl_ns, bn)) continue;
            /* quietly: resolve_bases reports what is wrong with the name */
            as_dtype bt;
            c->diag.report = NULL;
            bool ok = c_resolve_type(c, bn, t->decl_ns, NULL, &bt);
            c->diag = saved;
            int b = ok ? class_index(&m, bt.type) : -1;
            if (b < 0) continue;
            /* does b lead back to i? */
            bool cycle = false;
            int top = 0;
            stamp++;
            stack[top++] = b;
            seen[b] = stamp;
            while (top && !cycle) {
                int x = stack[--top];
                if (x == i) cycle = true;
                for (int j = 0; j < links.of[x].count && !cycle; j++) {
                    int y = links.of[x].data[j];
                    if (seen[y] != stamp) {
                        seen[y] = stamp;
                        stack[top++] = y;
                    }
                }
            }
            if (cycle) {
                c_error(c, bn, (t->flags & AS_OBJ_INTERFACE) ? "Can't implement itself, or another interface that implements this interface"
                                                            : "Can't inherit from itself, or another class that inherits from this class");
                VEC_PUSH(c->cyclic_bases, bn);
                continue;
            }
            VEC_PUSH(links.of[i], b);
        }
    }
    mem_cleanup_pop(&hold);
    free_cycle_links(&links);
}

/* A member of a script class type that has no constructor at all (ALWAYS_IMPL_DEFAULT_CONSTRUCT=2,
 * or only deleted ones) could never be made: "Data type can't be 'C'" at the member. */
static void check_member_types(as_compiler *c)
{
    for (int i = 0; i < c->classes.count; i++) {
        as_type *t = c->classes.data[i].obj;
        ast_node *cls = t->decl;
        for (int k = 0; cls && k < cls->u.cls.members.count; k++) {
            ast_node *m = cls->u.cls.members.items[k];
            if (m->kind != AST_VAR) continue;
            for (int j = 0; j < m->u.var.decls.count; j++) {
                ast_node *d = m->u.var.decls.items[j];
                int pi = type_find_own_prop(t, d->u.decl.name);
                if (pi < 0) continue;
                const as_property *p = &t->props.data[pi];
                const as_type *pt = p->type.type;
                if (p->is_indirect && (pt->flags & AS_OBJ_SCRIPT_OBJECT) && !(pt->flags & AS_OBJ_INTERFACE) &&
                    pt->beh.factories.count == 0 && pt->decl_state == 2)
                    c_error(c, d, "Data type can't be '%s'", pt->name);
            }
        }
    }
}

/* The declarator of t's own property `name`: in the class, else in the first mixin giving it
 * (*mixin: that mixin's declaration, or NULL). */
static const ast_node *property_declarator(const as_type *t, const char *name, const ast_node **mixin)
{
    *mixin = NULL;
    for (int k = -1; k < t->nmixins; k++) {
        const ast_node *cls = k < 0 ? t->decl : t->mixin_decls[k];
        for (int j = 0; cls && j < cls->u.cls.members.count; j++) {
            const ast_node *m = cls->u.cls.members.items[j];
            for (int d = 0; m->kind == AST_VAR && d < m->u.var.decls.count; d++) {
                if (m->u.var.decls.items[d]->u.decl.name != name) continue;
                if (k >= 0) *mixin = cls;
                return m->u.var.decls.items[d];
            }
        }
    }
    return t->decl;
}

/* "Previous error occurred while including mixin", at the mixin's name in t's base list. */
static void note_mixin(as_compiler *c, const as_type *t, const ast_node *mixin)
{
    for (int i = 0; i < t->decl->u.cls.bases.count; i++) {
        const ast_node *bn = t->decl->u.cls.bases.items[i];
        const decl_item *mx = find_mixin(c, t->decl_ns, bn);
        if (mx && mx->node == mixin) {
            c_info(c, bn, "Previous error occurred while including mixin");
            return;
        }
    }
}

/* A property may not share its name with a method of its class, its own or inherited (a method
 * beside an inherited property is allowed). Like the reference, this is checked after all
 * classes are declared and only when nothing failed before (it reports the property). */
void classes_check_property_names(as_compiler *c)
{
    for (int i = 0; i < c->classes.count; i++) {
        as_type *t = c->classes.data[i].obj;
        if (!t || !t->decl || (t->flags & AS_OBJ_INTERFACE)) continue;
        for (int k = 0; k < t->props.count; k++) {
            const char *name = t->props.data[k].name;
            bool method = false;
            for (int v = 0; v < t->vtable.count && !method; v++) method = t->vtable.data[v]->name == name;
            if (!method) continue;
            const ast_node *mixin;
            c_error(c, property_declarator(t, name, &mixin), "Name conflict. '%s' is a class method.", name);
            if (mixin) note_mixin(c, t, mixin);
        }
    }
}

void decl_classes_resolve(as_compiler *c)
{
    find_inheritance_cycles(c);
    for (int i = 0; i < c->classes.count; i++) resolve_class(c, c->classes.data[i].obj);
    check_member_types(c);
    drop_uncopyable_copy_ctors(c);
    for (int i = 0; i < c->dup_interfaces.count; i++) check_duplicate_interface(c, &c->dup_interfaces.data[i]);
}
