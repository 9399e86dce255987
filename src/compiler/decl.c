/* The declaration passes of a build: every type, function and global a body may refer to,
 * collected before any body compiles (script code may use what is declared later). */
#include "compiler.h"
#include "util/mem.h"
#include "emit.h"
#include "ev.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static as_engine *E(as_compiler *c) { return c->engine; }

static as_namespace *ns_from_names(as_compiler *c, as_namespace *ns, const ast_names *names)
{
    for (int i = 0; i < names->count; i++) ns = engine_child_namespace(E(c), ns, names->items[i]);
    return ns;
}

/* Is a name already used by a type, global or function in this namespace? */
static as_symbol *name_taken(as_compiler *c, as_namespace *ns, const char *name)
{
    as_symbol *s = symtab_find(&c->module->symbols, ns, name);
    if (!s) s = symtab_find(&E(c)->symbols, ns, name);
    return s;
}

/* What symbol s is, as the reference's "Name conflict" messages say it. */
static const char *symbol_kind_text(const as_symbol *s)
{
    if (s->kind == SYM_FUNC) return "a global function";
    if (s->kind == SYM_GLOBAL) return "a global property";
    if (s->kind != SYM_TYPE) return NULL;
    const as_type *t = s->ptr;
    if (t->kind == TYPE_FUNCDEF) return "a funcdef";
    if (t->kind == TYPE_ENUM || t->kind == TYPE_PRIMITIVE) return "a named type"; /* enum, typedef */
    if (t->flags & AS_OBJ_INTERFACE) return "an interface";
    if (t->flags & AS_OBJ_SCRIPT_OBJECT) return "a class";
    if (t->kind == TYPE_OBJECT && !t->module) return "an extended data type";
    return NULL;
}

void c_name_conflict(as_compiler *c, const ast_node *at, const char *name, const as_symbol *s)
{
    const char *what = symbol_kind_text(s);
    if (what) c_error(c, at, "Name conflict. '%s' is %s.", name, what);
    else c_error(c, at, "Name conflict. '%s' is already used.", name);
}

static void add_type_symbol(as_compiler *c, ast_node *n, as_namespace *ns, const char *name, as_type *t)
{
    as_symbol *s = name_taken(c, ns, name);
    /* a registered function's name is taken too (the reference's "Name conflict. 'print' is a
     * global function."); a script function of the type's name reports the conflict itself */
    if (!s || s->kind != SYM_TYPE) s = symtab_find_kind(&E(c)->symbols, ns, name, SYM_FUNC);
    if (s) {
        c_name_conflict(c, n, name, s);
        return;
    }
    symtab_add(&c->module->symbols, ns, name, SYM_TYPE, t);
}

/* ======================================================================= pass 1: names */

/* `external shared T;` names a shared type another module compiled before: one of that name in
 * ns that some other module of the engine declares shared. (Functions: external_function.) */
static bool external_exists(as_compiler *c, as_namespace *ns, const char *name)
{
    as_engine *e = E(c);
    for (int i = 0; i < e->modules.count; i++) {
        as_module *m = e->modules.data[i];
        if (m == c->module) continue;
        for (int k = 0; k < m->types.count; k++) {
            as_type *t = m->types.data[k];
            if ((t->flags & AS_OBJ_SHARED) && t->ns == ns && !strcmp(t->name, name)) return true;
        }
    }
    return false;
}

/* An external declaration whose entity no earlier module shared, or a forward declaration that
 * is not external: reported (as the reference does) and left out. An external one whose name this
 * module declares too is a name conflict, as usual. */
static bool external_missing(as_compiler *c, ast_node *n, as_namespace *ns)
{
    uint32_t mods;
    const char *name;
    ast_node *at = n;
    switch (n->kind) {
    case AST_ENUM: mods = n->u.enm.mods; name = n->u.enm.name; break;
    case AST_CLASS: case AST_INTERFACE: mods = n->u.cls.mods; name = n->u.cls.name; break;
    case AST_FUNCDEF: mods = n->u.func.mods; name = n->u.func.name; break;
    default: return false;   /* functions: declare_function, once their names are known */
    }
    bool forward = (n->kind == AST_ENUM && n->u.enm.is_forward) || ((n->kind == AST_CLASS || n->kind == AST_INTERFACE) && n->u.cls.is_forward);
    if (forward && !(mods & MOD_EXTERNAL)) {
        /* `class C;`: there are no forward declarations, only external shared ones */
        c_error(c, at, "Missing definition of '%s'", name);
        return true;
    }
    if (!(mods & MOD_EXTERNAL)) return false;
    if (symtab_find(&c->module->symbols, ns, name) || external_exists(c, ns, name)) return false;
    c_error(c, at, "External shared entity '%s' not found", name);
    return true;
}

void decl_collect(as_compiler *c, ast_node *script, as_namespace *ns)
{
    ast_list *decls = script->kind == AST_SCRIPT ? &script->u.script.decls : &script->u.ns.decls;
    for (int i = 0; i < decls->count; i++) {
        ast_node *n = decls->items[i];
        decl_item it = {n, ns, NULL, NULL};
        if (external_missing(c, n, ns)) continue;
        switch (n->kind) {
        case AST_NAMESPACE:
            decl_collect(c, n, ns_from_names(c, ns, &n->u.ns.names));
            break;
        case AST_USING: {
            struct using_dir u = {ns, n, NULL};
            VEC_PUSH(c->usings, u);
            break;
        }
        case AST_ENUM: {
            as_type *t = engine_new_type(E(c), TYPE_ENUM, n->u.enm.name, ns);
            t->flags = AS_OBJ_ENUM | ((n->u.enm.mods & MOD_SHARED) ? AS_OBJ_SHARED : 0);
            t->size = 4;
            t->module = c->module;
            VEC_PUSH(c->module->types, t);
            add_type_symbol(c, n, ns, n->u.enm.name, t);
            it.obj = t;
            VEC_PUSH(c->enums, it);
            break;
        }
        case AST_TYPEDEF: {
            as_dtype dt;
            if (c_resolve_type(c, n->u.tdef.type, ns, NULL, &dt)) {
                if (dt.type->kind != TYPE_PRIMITIVE || dt.flags) c_error(c, n, "Typedefs are only allowed for primitive types");
                else {
                    add_type_symbol(c, n, ns, n->u.tdef.name, dt.type);
                    as_typedef_entry td = {n->u.tdef.name, ns, dt.type};
                    VEC_PUSH(c->module->typedefs, td);
                }
            }
            break;
        }
        case AST_FUNCDEF: {
            as_type *t = engine_new_type(E(c), TYPE_FUNCDEF, n->u.func.name, ns);
            t->flags = AS_OBJ_FUNCDEF | ((n->u.func.mods & MOD_SHARED) ? AS_OBJ_SHARED : 0);
            t->size = 8;
            t->module = c->module;
            VEC_PUSH(c->module->types, t);
            add_type_symbol(c, n, ns, n->u.func.name, t);
            it.obj = t;
            VEC_PUSH(c->funcdefs, it);
            break;
        }
        case AST_CLASS: case AST_INTERFACE:
            classes_collect(c, n, ns);
            break;
        case AST_FUNC:
            VEC_PUSH(c->funcs, it);
            break;
        case AST_VAR:
        case AST_IMPORT:
            /* functions, globals and imports are declared in source order, so a name conflict is
             * reported at the later declaration */
            VEC_PUSH(c->funcs, it);
            break;
        case AST_VIRTPROP:
            VEC_PUSH(c->funcs, it);
            break;
        default:
            break;
        }
    }
}

/* ======================================================================= signatures */

/* A default argument's text, for declarations shown in messages and the API dump: the source's
 * (the parser keeps it as the reference shows it), interned in the engine. */
static const char *defarg_text(as_compiler *c, const ast_node *param)
{
    const char *text = param->u.param.def_text ? param->u.param.def_text : "...";
    return engine_intern(E(c), text, strlen(text));
}

bool decl_signature(as_compiler *c, as_function *f, ast_node *n, as_namespace *ns, as_type *objtype)
{
    bool ok = true;
    if (n->u.func.ret) {
        c->scoped_handle_ok = c->in_registration;
        bool resolved = c_resolve_type(c, n->u.func.ret, ns, objtype, &f->ret);
        c->scoped_handle_ok = false;
        if (!resolved) {
            f->ret.type = &E(c)->prim[AS_TYPEID_VOID];
            ok = false;
        }
        if (n->u.func.ret_ref) f->ret.flags |= DT_REF;
        if (resolved && n->u.func.ret_ref && dt_is_void(&f->ret) && f->ret.type->kind == TYPE_PRIMITIVE) {
            c_error(c, n->u.func.ret, "Type 'void' cannot be a reference");
            ok = false;
        }
    }
    bool seen_default = false, bad_default = false;
    if (!n->u.func.ret) f->ret.type = &E(c)->prim[AS_TYPEID_VOID];
    f->name = n->u.func.name;
    if (!f->params.cap && n->u.func.params.count > 0) {
        /* room for exactly the parameters declared: one allocation, none left to shrink (a
         * failed one leaves cap 0 and the pushes below grow as usual, or unwind) */
        f->params.data = mem_alloc(sizeof *f->params.data * (size_t)n->u.func.params.count);
        if (f->params.data) f->params.cap = n->u.func.params.count;
        else mem_fail();
    }
    for (int i = 0; i < n->u.func.params.count; i++) {
        ast_node *pn = n->u.func.params.items[i];
        as_param p;
        memset(&p, 0, sizeof p);
        if (!pn->u.param.type || !c_resolve_type(c, pn->u.param.type, ns, objtype, &p.type)) {
            p.type.type = &E(c)->prim[AS_TYPEID_INT32];
            ok = false;
        }
        /* registration: `const T &in if_handle_then_const` also makes the object const when the
         * template's subtype is a handle */
        if (pn->u.param.if_handle_then_const && p.type.type && p.type.type->kind == TYPE_TEMPLATE_SUBTYPE)
            p.type.flags |= DT_IF_HANDLE_CONST;
        switch (pn->u.param.ref) {
        case REF_IN: p.inout = INOUT_IN; break;
        case REF_OUT: p.inout = INOUT_OUT; break;
        case REF_INOUT: p.inout = INOUT_INOUT; break;
        default: p.inout = INOUT_NONE; break;
        }
        p.name = pn->u.param.name;
        p.defarg = pn->u.param.def;
        for (int k = 0; p.name && k < f->params.count; k++) {
            if (f->params.data[k].name == p.name) {
                c_error(c, pn, "Parameter already declared");
                ok = false;
            }
        }
        if (dt_is_void(&p.type) && p.type.type->kind == TYPE_PRIMITIVE) {
            if (pn->u.param.ref != REF_NONE) {
                c_error(c, pn->u.param.type, "Type 'void' cannot be a reference");
                ok = false;
            } else if (!(n->u.func.params.count == 1 && !p.name)) {
                c_error(c, pn, "Parameter type can't be 'void', because the type cannot be instantiated.");
                ok = false;
            }
            continue;
        }
        if (p.inout == INOUT_INOUT && !E(c)->props[AS_EP_ALLOW_UNSAFE_REFERENCES] && !c->in_registration) {
            /* a funcdef without @ is no handle: `F &` is refused as the reference refuses it */
            bool ref_ok = (p.type.type->kind == TYPE_OBJECT && (p.type.type->flags & AS_OBJ_REF)) ||
                          (p.type.type->kind == TYPE_FUNCDEF && !(p.type.flags & DT_IMPLIED_HANDLE)) ||
                          p.type.type->kind == TYPE_VARTYPE ||
                          p.type.type->kind == TYPE_TEMPLATE_SUBTYPE;
            if (!ref_ok) {
                c_error(c, pn, "Only object types that support object handles can use &inout. Use &in or &out instead");
                ok = false;
            }
        }
        if (p.defarg) {
            seen_default = true;
            p.defarg_text = defarg_text(c, pn);
        } else if (seen_default) {
            bad_default = true;
        }
        VEC_PUSH(f->params, p);
    }
    /* a function keeps its parameters as long as it lives: no room for more (most have one or two) */
    VEC_SHRINK(f->params);
    if (bad_default) {
        char decl[512];
        function_format_decl(f, decl, sizeof decl, true, false, false);
        c_error(c, n, "All subsequent parameters after the first default value must have default values in function '%s'", decl);
        ok = false;
    }
    if (n->u.func.is_variadic) f->attrs |= FA_VARIADIC;
    uint32_t a = n->u.func.attrs;
    if (a & FATTR_CONST) f->attrs |= FA_CONST;
    if (a & FATTR_OVERRIDE) f->attrs |= FA_OVERRIDE;
    if (a & FATTR_FINAL) f->attrs |= FA_FINAL;
    if (a & FATTR_EXPLICIT) f->attrs |= FA_EXPLICIT;
    if (a & FATTR_PROPERTY) f->attrs |= FA_PROPERTY;
    if (a & FATTR_DELETE) f->attrs |= FA_DELETED;
    uint32_t m = n->u.func.mods;
    if (m & MOD_SHARED) f->attrs |= FA_SHARED;
    if (m & MOD_PRIVATE) f->attrs |= FA_PRIVATE;
    if (m & MOD_PROTECTED) f->attrs |= FA_PROTECTED;
    f->objtype = objtype;
    f->line = n->pos.line;
    f->col = n->pos.col;
    f->section = n->pos.section;
    function_layout_args(f);
    return ok;
}

static bool same_params(const as_function *a, const as_function *b)
{
    if (a->params.count != b->params.count) return false;
    for (int i = 0; i < a->params.count; i++) {
        const as_param *p = &a->params.data[i], *q = &b->params.data[i];
        if (!dt_equal_ex(&p->type, &q->type) || p->inout != q->inout) return false;
    }
    return ((a->attrs ^ b->attrs) & FA_CONST) == 0;
}

/* Property x takes its name from its accessors, which no function or type of the namespace may
 * have: reported at the accessor declared after such a function or type... */
static bool property_name_free(as_compiler *c, as_namespace *ns, const char *name, const ast_node *at)
{
    for (as_symbol *s = name_taken(c, ns, name); s; s = s->next) {
        if (s->kind == SYM_FUNC || s->kind == SYM_TYPE) {
            c_error(c, at, "Name conflict. '%s' is already used.", name);
            return false;
        }
    }
    return true;
}

/* ...and at the function declared after an accessor. Also checks an accessor declared as a
 * function (`int get_x() property`): its signature and its value type against the other
 * accessor's. False when f is not to be declared. */
static bool function_vs_properties(as_compiler *c, as_function *f, const ast_node *at, as_namespace *ns)
{
    if (!(f->attrs & FA_PROPERTY)) {
        for (int k = 0; k < 2; k++) {
            char name[300];
            snprintf(name, sizeof name, "%s_%s", k ? "set" : "get", f->name);
            as_symbol *s = name_taken(c, ns, engine_intern(E(c), name, strlen(name)));
            for (; s; s = s->next) {
                if (s->kind == SYM_FUNC && c_is_accessor(c, s->ptr)) {
                    c_error(c, at, "Name conflict. '%s' is a virtual property.", f->name);
                    return false;
                }
            }
        }
        return true;
    }
    if (!accessor_check_signature(c, f, at)) return true;
    if (!property_name_free(c, ns, accessor_property_name(c, f), at)) return false;
    for (as_symbol *s = name_taken(c, ns, accessor_counterpart_name(c, f)); s; s = s->next) {
        if (s->kind == SYM_FUNC && c_is_accessor(c, s->ptr)) {
            accessor_check_types(c, f, s->ptr, at);
            break;
        }
    }
    return true;
}

/* `int prop { get {...} set {...} }` at namespace scope: functions get_prop / set_prop. */
static void declare_global_property(as_compiler *c, decl_item *it)
{
    ast_node *n = it->node;
    as_dtype dt;
    if (!c_virtprop_allowed(c, n) || !c_resolve_type(c, n->u.vprop.type, it->ns, NULL, &dt)) return;
    for (int i = 0; i < n->u.vprop.accessors.count; i++) {
        ast_node *acc = n->u.vprop.accessors.items[i];
        char name[300];
        snprintf(name, sizeof name, "%s_%s", acc->u.accessor.is_get ? "get" : "set", n->u.vprop.name);
        as_function *f = engine_new_function(E(c), FN_SCRIPT, engine_intern(E(c), name, strlen(name)), it->ns);
        f->module = c->module;
        f->attrs |= FA_PROPERTY;
        f->line = acc->pos.line;
        f->col = acc->pos.col;
        f->section = acc->pos.section;
        VEC_PUSH(c->module->all_functions, f);
        if (acc->u.accessor.is_get) {
            f->ret = dt;
        } else {
            as_param p;
            memset(&p, 0, sizeof p);
            p.type = dt;
            p.name = engine_intern(E(c), "value", 5);
            VEC_PUSH(f->params, p);
        }
        function_layout_args(f);
        if (!acc->u.accessor.body) {
            c_error(c, acc, "Missing function body");
            continue;
        }
        if (!property_name_free(c, it->ns, n->u.vprop.name, acc->u.accessor.body)) continue;
        symtab_add(&c->module->symbols, it->ns, f->name, SYM_FUNC, f);
        VEC_PUSH(c->module->functions, f);
        pending_func pf = {f, acc, it->ns, NULL, acc->u.accessor.body, NULL};
        VEC_PUSH(c->pending, pf);
    }
}

/* The shared function `external shared` f names: compiled by another module, in f's namespace,
 * of its name, parameters and return type. */
static as_function *external_function(as_compiler *c, as_namespace *ns, const as_function *f)
{
    as_engine *e = E(c);
    for (int i = 0; i < e->modules.count; i++) {
        as_module *m = e->modules.data[i];
        if (m == c->module) continue;
        for (int k = 0; k < m->functions.count; k++) {
            as_function *fn = m->functions.data[k];
            if ((fn->attrs & FA_SHARED) && fn->ns == ns && !strcmp(fn->name, f->name) && same_params(fn, f) &&
                dt_equal_ex(&fn->ret, &f->ret))
                return fn;
        }
    }
    return NULL;
}

static void declare_function(as_compiler *c, decl_item *it)
{
    ast_node *n = it->node;
    if (n->kind == AST_VIRTPROP) {
        declare_global_property(c, it);
        return;
    }
    as_function *f = engine_new_function(E(c), FN_SCRIPT, n->u.func.name, it->ns);
    f->module = c->module;
    f->decl = n;
    VEC_PUSH(c->module->all_functions, f);
    if (!n->u.func.ret) {
        c_error(c, n, "Expected data type");
        return;
    }
    if (!decl_signature(c, f, n, it->ns, NULL)) return;
    if (f->attrs & FA_CONST) c_error(c, n, "Only object methods can be const");
    /* a function with the same signature, or a variable of that name */
    for (as_symbol *s = name_taken(c, it->ns, f->name); s; s = s->next) {
        if (s->kind == SYM_FUNC && same_params(s->ptr, f)) {
            c_error(c, n, "A function with the same name and parameters already exists");
            return;
        }
        if (s->kind == SYM_GLOBAL || s->kind == SYM_TYPE) {
            c_name_conflict(c, n, f->name, s);
            return;
        }
    }
    if (!function_vs_properties(c, f, n, it->ns)) return;
    if (n->u.func.mods & MOD_EXTERNAL) {
        /* `external shared` declares no code of its own: calls go to the function the other
         * module compiled, which this module's list keeps alive while it is used here */
        as_function *shared = external_function(c, it->ns, f);
        if (!shared) {
            c_error(c, n, "External shared entity '%s' not found", f->name);
            return;
        }
        symtab_add(&c->module->symbols, it->ns, shared->name, SYM_FUNC, shared);
        VEC_PUSH(c->module->all_functions, shared);
        return;
    }
    if (!n->u.func.body && !(n->u.func.mods & MOD_EXTERNAL)) {
        c_error(c, n, "Missing function body");
        return;
    }
    symtab_add(&c->module->symbols, it->ns, f->name, SYM_FUNC, f);
    VEC_PUSH(c->module->functions, f);
    if (n->u.func.body) {
        pending_func pf = {f, n, it->ns, NULL, n->u.func.body, NULL};
        VEC_PUSH(c->pending, pf);
    }
}

/* `import void f(int) from "mod";`: a function bound at run time (as_module_bind_*) */
static void declare_import(as_compiler *c, decl_item *it)
{
    ast_node *n = it->node;
    as_function *f = engine_new_function(E(c), FN_IMPORTED, n->u.func.name, it->ns);
    f->module = c->module;
    f->decl = n;
    f->import_module = n->u.func.module;
    f->line = n->pos.line;
    f->col = n->pos.col;
    f->section = n->pos.section;
    VEC_PUSH(c->module->all_functions, f);
    if (!decl_signature(c, f, n, it->ns, NULL)) return;
    for (as_symbol *s = name_taken(c, it->ns, f->name); s; s = s->next) {
        if (s->kind == SYM_FUNC && same_params(s->ptr, f)) {
            c_error(c, n, "A function with the same name and parameters already exists");
            return;
        }
        if (s->kind == SYM_GLOBAL || s->kind == SYM_TYPE) {
            c_name_conflict(c, n, f->name, s);
            return;
        }
    }
    symtab_add(&c->module->symbols, it->ns, f->name, SYM_FUNC, f);
    VEC_PUSH(c->module->imports, f);
}

/* ======================================================================= enums */

static void resolve_enum(as_compiler *c, decl_item *it)
{
    ast_node *n = it->node;
    as_type *t = it->obj;
    if (!t) return;
    as_function dummy;
    memset(&dummy, 0, sizeof dummy);
    dummy.name = t->name;
    dummy.ns = it->ns;
    dummy.ret.type = &E(c)->prim[AS_TYPEID_VOID];
    dummy.engine = E(c);
    fc f;
    fc_init(&f, c, &dummy, it->ns, NULL);
    f.is_global_init = true;
    scope s;
    scope_push(&f, &s);
    int64_t next = 0;
    for (int i = 0; i < n->u.enm.values.count; i++) {
        ast_node *v = n->u.enm.values.items[i];
        int64_t val = next;
        if (v->u.enumval.value) {
            ev e;
            if (compile_const_value(&f, v->u.enumval.value, &e) && dt_is_integer(&e.type)) {
                as_dtype it32 = dt_prim(&f, AS_TYPEID_INT32);
                conv_implicit(&f, &e, &it32, NULL, false);
                val = e.k.i32;
            } else {
                c_error(c, v, "Expression must be constant");
            }
        }
        for (as_symbol *o = symtab_find(&c->module->symbols, it->ns, v->u.enumval.name); o; o = o->next)
            if (o->kind == SYM_ENUMVAL && o->ptr == t) {
                c_error(c, v, "Name conflict. '%s' is already used.", v->u.enumval.name);
                break;
            }
        as_enum_value ev_ = {v->u.enumval.name, val};
        VEC_PUSH(t->enum_values, ev_);
        as_symbol *sym = symtab_add(&c->module->symbols, it->ns, v->u.enumval.name, SYM_ENUMVAL, t);
        sym->value = val;
        next = val + 1;
    }
    scope_pop(&f);
    fc_discard(&f);
}

/* ======================================================================= funcdefs */

static void resolve_funcdef(as_compiler *c, decl_item *it)
{
    as_type *t = it->obj;
    as_function *sig = engine_new_function(E(c), FN_FUNCDEF, t->name, it->ns);
    sig->module = c->module;
    VEC_PUSH(c->module->all_functions, sig);
    decl_signature(c, sig, it->node, it->ns, NULL);
    t->signature = sig;
    if (it->node->u.func.mods & MOD_SHARED) {
        /* a shared funcdef outlives the module: it may only name shared types */
        for (int i = -1; i < sig->params.count; i++) {
            as_type *pt = i < 0 ? sig->ret.type : sig->params.data[i].type.type;
            if (pt && pt->module && pt != t && !(pt->flags & AS_OBJ_SHARED) &&
                (pt->kind == TYPE_OBJECT || pt->kind == TYPE_ENUM || pt->kind == TYPE_FUNCDEF)) {
                c_error(c, it->node, "Shared code cannot use non-shared type '%s'", pt->name);
                break;
            }
        }
    }
}

/* ======================================================================= globals */

/* The type an expression would have, compiled in a throwaway function. */
/* The type of e, compiled in a discarded frame; with `report`, e's own errors are reported (true
 * when there were some). */
static bool probe_type_ex(as_compiler *c, as_namespace *ns, ast_node *e, ev *out, bool report)
{
    as_function dummy;
    memset(&dummy, 0, sizeof dummy);
    dummy.name = "";
    dummy.ns = ns;
    dummy.ret.type = &E(c)->prim[AS_TYPEID_VOID];
    dummy.engine = E(c);
    fc f;
    fc_init(&f, c, &dummy, ns, NULL);
    f.is_global_init = true;
    scope s;
    scope_push(&f, &s);
    bool ok;
    if (report) {
        int errors = c->diag.errors;
        ev v;
        compile_expr(&f, e, &v);
        ev_free(&f, &v);
        ok = c->diag.errors != errors;
    } else {
        ok = compile_probe(&f, e, out, false);
    }
    scope_pop(&f);
    fc_discard(&f);
    return ok;
}

static bool probe_type(as_compiler *c, as_namespace *ns, ast_node *e, ev *out) { return probe_type_ex(c, ns, e, out, false); }

/* Returns false when it is an auto whose initialiser names what is not declared yet and
 * !last_try: declare_auto_later tries again once the others are declared. */
static bool declare_globals(as_compiler *c, decl_item *it, bool last_try)
{
    ast_node *n = it->node;
    if (E(c)->props[AS_EP_DISALLOW_GLOBAL_VARS]) {
        c_error(c, n, "Global variables have been disabled by the application");
        return true;
    }
    as_dtype t;
    bool is_auto = n->u.var.type->u.type.prim == PRIM_AUTO;
    if (is_auto && c_auto_array_error(c, n->u.var.type)) return true;
    if (is_auto) {
        /* the type of the first initialiser */
        ast_node *d0 = n->u.var.decls.items[0];
        ev v;
        ev_init(&v, EV_VOID);
        if (!d0->u.decl.init || !probe_type(c, it->ns, d0->u.decl.init, &v) || v.kind == EV_NULL) {
            if (d0->u.decl.init && v.kind != EV_NULL && !last_try) return false;
            /* the initialiser's own error (a name never declared), else the auto's (also for a
             * lambda, which has no type of its own) */
            if (!(d0->u.decl.init && v.kind != EV_NULL && d0->u.decl.init->kind != AST_LAMBDA &&
                  probe_type_ex(c, it->ns, d0->u.decl.init, &v, true)))
                c_error(c, n, "Unable to resolve auto type");
            return true;
        }
        t = v.type;
        if (!dt_is_object(&t)) t.flags &= (uint8_t)~DT_CONST;
        if (dt_is_ref_obj(&t) && t.type->kind == TYPE_OBJECT && !(t.type->flags & AS_OBJ_NOHANDLE)) t.flags |= DT_HANDLE;
        if (n->u.var.type->u.type.is_const) t.flags |= DT_CONST;
    } else if (!c_resolve_type(c, n->u.var.type, it->ns, NULL, &t)) {
        return true;
    }
    if (dt_is_void(&t)) {
        c_error(c, n, "Data type can't be 'void'");
        return true;
    }
    if (t.flags & DT_IMPLIED_HANDLE) {
        c_error(c, n, "Data type can't be '%s'", t.type->name);
        return true;
    }
    for (int i = 0; i < n->u.var.decls.count; i++) {
        ast_node *d = n->u.var.decls.items[i];
        as_symbol *s = name_taken(c, it->ns, d->u.decl.name);
        while (s && s->kind == SYM_ENUMVAL) s = s->next;
        if (s) {
            c_name_conflict(c, d, d->u.decl.name, s);
            continue;
        }
        VEC_RESERVE(c->module->globals, c->module->globals.count + 1);   /* before the record it will hold */
        as_global *g = mem_calloc_g(1, sizeof *g);
        g->name = d->u.decl.name;
        g->ns = it->ns;
        g->type = t;
        g->is_const = (t.flags & DT_CONST) && !dt_is_handle(&t);
        g->module = c->module;
        g->type_node = n->u.var.type;
        g->declarator = d;
        g->section = d->pos.section;
        g->line = d->pos.line;
        g->col = d->pos.col;
        g->index = c->module->globals.count;
        size_t size = dt_is_value_obj(&t) ? (size_t)(t.type->size + 7) / 8 * 8 : 8;
        g->addr = mem_calloc(1, size ? size : 8);
        if (!g->addr) {
            mem_free(g);
            mem_fail();
        }
        VEC_PUSH(c->module->globals, g);
        symtab_add(&c->module->symbols, it->ns, g->name, SYM_GLOBAL, g);
    }
    return true;
}

/* ======================================================================= pass 2 */

void decl_classes_resolve(as_compiler *c);
void classes_check_property_names(as_compiler *c);

/* The namespace named like class t (namespace A beside class A), if the script has one. */
static as_namespace *class_namespace(as_compiler *c, const as_type *t)
{
    char full[512];
    if (t->decl_ns->name[0]) snprintf(full, sizeof full, "%s::%s", t->decl_ns->name, t->name);
    else snprintf(full, sizeof full, "%s", t->name);
    return engine_find_namespace(E(c), full);
}

static void member_vs_namespace(as_compiler *c, const ast_node *at, as_namespace *ns, const char *name)
{
    as_symbol *s = name_taken(c, ns, name);
    while (s && s->kind == SYM_ENUMVAL) s = s->next;
    if (!s) return;
    char full[600];
    snprintf(full, sizeof full, "%s::%s", ns->name, name);
    c_name_conflict(c, at, full, s);
}

/* A member of class A may not share its name with a function, global or type of namespace A
 * (class A { void C() {} } beside namespace A { void C() {} }); the member is reported. Like
 * the reference, methods are checked with the functions (props false) and properties later. */
static void check_members_vs_class_namespace(as_compiler *c, bool props)
{
    for (int i = 0; i < c->classes.count; i++) {
        as_type *t = c->classes.data[i].obj;
        as_namespace *ns = t && t->decl ? class_namespace(c, t) : NULL;
        for (int k = -1; ns && k < t->nmixins; k++) {
            const ast_node *cls = k < 0 ? t->decl : t->mixin_decls[k];
            for (int j = 0; j < cls->u.cls.members.count; j++) {
                const ast_node *m = cls->u.cls.members.items[j];
                if (!props && m->kind == AST_FUNC && m->u.func.ret && !m->u.func.is_destructor &&
                    !(m->u.func.attrs & FATTR_DELETE))
                    member_vs_namespace(c, m, ns, m->u.func.name);
                for (int d = 0; props && m->kind == AST_VAR && d < m->u.var.decls.count; d++)
                    member_vs_namespace(c, m->u.var.decls.items[d], ns, m->u.var.decls.items[d]->u.decl.name);
            }
        }
    }
}

void decl_resolve(as_compiler *c)
{
    for (int i = 0; i < c->funcdefs.count; i++) resolve_funcdef(c, &c->funcdefs.data[i]);
    /* like the reference, global functions and variables are declared before class members,
     * so that errors come in its order */
    VEC(decl_item *) later = {0};
    for (int i = 0; i < c->funcs.count; i++) {
        decl_item *it = &c->funcs.data[i];
        if (it->node->kind == AST_VAR) {
            if (!declare_globals(c, it, false)) VEC_PUSH(later, it);
        }
        else if ((it->node->kind == AST_FUNC || it->node->kind == AST_IMPORT) && (it->node->u.func.attrs & FATTR_DELETE))
            c_error(c, it->node, "Cannot flag function that will not be auto generated as deleted");
        else if (it->node->kind == AST_IMPORT) declare_import(c, it);
        else declare_function(c, it);
    }
    /* auto globals whose initialisers name globals declared after them: again while that helps,
     * then with their errors */
    for (bool progress = true; progress && later.count;) {
        progress = false;
        int w = 0;
        for (int i = 0; i < later.count; i++) {
            if (declare_globals(c, later.data[i], false)) progress = true;
            else later.data[w++] = later.data[i];
        }
        later.count = w;
    }
    for (int i = 0; i < later.count; i++) declare_globals(c, later.data[i], true);
    VEC_FREE(later);
    decl_classes_resolve(c);
    c_run_deferred_template_checks(c);
    check_members_vs_class_namespace(c, false);
    if (c->diag.errors == 0) classes_check_property_names(c);
    if (c->diag.errors == 0) check_members_vs_class_namespace(c, true);
    /* enum values may use constants declared anywhere: after the globals */
    for (int i = 0; i < c->enums.count; i++) resolve_enum(c, &c->enums.data[i]);
}

