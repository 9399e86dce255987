/* Expressions: literals, names, operators on primitives, assignments, conditions.
 * Calls, constructors and operator methods are in call.c and opcall.c. */
#include "ev.h"
#include "opcall.h"
#include "call.h"
#include "../vm/arith.h"
#include <math.h>
#include <string.h>
#include <stdio.h>

static as_engine *E(fc *f) { return f->c->engine; }

void compile_initlist_expr(fc *f, ast_node *n, const as_dtype *want, ev *out);

/* ======================================================================= literals */

/* Decodes the UTF-8 code point at s (a stray byte stands for itself); *used gets its length. */
static uint32_t utf8_decode(const char *s, uint32_t len, uint32_t *used)
{
    const unsigned char *u = (const unsigned char *)s;
    *used = 1;
    if (!len) { *used = 0; return 0; }
    if (u[0] < 0x80) return u[0];
    if ((u[0] & 0xE0) == 0xC0 && len >= 2) { *used = 2; return (uint32_t)(u[0] & 0x1F) << 6 | (u[1] & 0x3F); }
    if ((u[0] & 0xF0) == 0xE0 && len >= 3) {
        *used = 3;
        return (uint32_t)(u[0] & 0x0F) << 12 | (uint32_t)(u[1] & 0x3F) << 6 | (u[2] & 0x3F);
    }
    if ((u[0] & 0xF8) == 0xF0 && len >= 4) {
        *used = 4;
        return (uint32_t)(u[0] & 0x07) << 18 | (uint32_t)(u[1] & 0x3F) << 12 | (uint32_t)(u[2] & 0x3F) << 6 | (u[3] & 0x3F);
    }
    return u[0];
}

/* AS_EP_STRING_ENCODING = 1: the string factory receives UTF-16 (host byte order). Returns the
 * byte length of the text written to out, which holds at least 2 * len bytes. */
static uint32_t utf8_to_utf16(const char *s, uint32_t len, uint16_t *out)
{
    uint32_t n = 0;
    for (uint32_t i = 0, k; i < len; i += k) {
        uint32_t cp = utf8_decode(s + i, len - i, &k);
        if (cp >= 0x10000) {
            out[n++] = (uint16_t)(0xD800 | ((cp - 0x10000) >> 10));
            out[n++] = (uint16_t)(0xDC00 | ((cp - 0x10000) & 0x3FF));
        } else {
            out[n++] = (uint16_t)cp;
        }
    }
    return n * 2;
}

static const void *string_constant(fc *f, const char *s, uint32_t len, const ast_node *at)
{
    as_engine *e = E(f);
    if (!e->has_string_factory || !e->string_type) {
        c_error(f->c, at, "Strings are not available: no string type is registered");
        return NULL;
    }
    const void *obj;
    mem_guard *g;
    /* room for the constant first: running out of memory after the factory made it would lose it */
    if (f->c->module) VEC_RESERVE(f->c->module->string_consts, f->c->module->string_consts.count + 1);
    if (e->props[AS_EP_STRING_ENCODING] == 1) {
        /* a UTF-8 sequence of k bytes becomes at most 2k bytes of UTF-16 */
        uint16_t *w = arena_alloc(f->c->arena, (size_t)len * 2 + 2);
        g = mem_guard_suspend();   /* host code: never jumped over */
        obj = e->string_factory.get_constant(e->string_factory.user, (const char *)w, utf8_to_utf16(s, len, w));
    } else {
        g = mem_guard_suspend();
        obj = e->string_factory.get_constant(e->string_factory.user, s, len);
    }
    mem_guard_resume(g);
    /* a factory that could not make the constant (out of memory) fails the build */
    if (!obj) c_error(f->c, at, "out of memory");
    if (obj && f->c->module) VEC_PUSH(f->c->module->string_consts, obj);
    return obj;
}

static void compile_literal(fc *f, ast_node *n, ev *out)
{
    as_slot v;
    v.u64 = 0;
    switch (n->u.lit.kind) {
    case LIT_INT: {
        uint64_t x = n->u.lit.u64;
        /* after the error, a 0 that no conversion warns about again (as the reference) */
        if (n->u.lit.overflow) c_error(f->c, n, "Value is too large for data type"), x = 0;
        if (x <= INT32_MAX) { v.i32 = (int32_t)x; ev_const(f, out, AS_TYPEID_INT32, v); }
        else if (x <= INT64_MAX) { v.i64 = (int64_t)x; ev_const(f, out, AS_TYPEID_INT64, v); }
        else { v.u64 = x; ev_const(f, out, AS_TYPEID_UINT64, v); }
        return;
    }
    case LIT_BITS: {
        uint64_t x = n->u.lit.u64;
        if (n->u.lit.overflow) c_error(f->c, n, "Value is too large for data type"), x = 0;
        if (x <= UINT32_MAX) { v.u32 = (uint32_t)x; ev_const(f, out, AS_TYPEID_UINT32, v); }
        else { v.u64 = x; ev_const(f, out, AS_TYPEID_UINT64, v); }
        return;
    }
    case LIT_DOUBLE: v.f64 = n->u.lit.f64; ev_const(f, out, AS_TYPEID_DOUBLE, v); return;
    case LIT_FLOAT: v.f32 = (float)n->u.lit.f64; ev_const(f, out, AS_TYPEID_FLOAT, v); return;
    case LIT_TRUE: v.u32 = 1; ev_const(f, out, AS_TYPEID_BOOL, v); return;
    case LIT_FALSE: v.u32 = 0; ev_const(f, out, AS_TYPEID_BOOL, v); return;
    case LIT_NULL:
        ev_init(out, EV_NULL);
        out->type = dt_of(&E(f)->null_type, DT_HANDLE);
        return;
    case LIT_CHAR:
        if (E(f)->props[AS_EP_USE_CHARACTER_LITERALS]) {
            /* AS_EP_SCRIPT_SCANNER = 0 reads the source as ASCII: the first byte */
            uint32_t used;
            v.u32 = E(f)->props[AS_EP_SCRIPT_SCANNER] ? utf8_decode(n->u.lit.str, n->u.lit.len, &used)
                    : n->u.lit.len ? (unsigned char)n->u.lit.str[0] : 0;
            ev_const(f, out, AS_TYPEID_UINT32, v);
            return;
        }
        /* a single-quoted string */
        /* fall through */
    case LIT_STRING: {
        const void *s = string_constant(f, n->u.lit.str, n->u.lit.len, n);
        if (!s) { ev_error(out); return; }
        ev_init(out, EV_STRING);
        out->type = dt_of(E(f)->string_type, DT_CONST);
        out->k.cp = s;
        out->readonly = true;
        return;
    }
    }
    ev_error(out);
}

/* ======================================================================= names */

/* The next symbol of a lookup chain the module may see (host entities outside its access mask
 * are skipped). */
static as_symbol *visible_from(fc *f, as_symbol *s)
{
    uint32_t mask = C_ACCESS(f->c);
    while (s && !symbol_visible(s, mask)) s = s->next;
    return s;
}

static as_symbol *lookup_in(fc *f, as_namespace *ns, const char *name)
{
    as_symbol *s = NULL;
    if (f->c->module) s = symtab_find(&f->c->module->symbols, ns, name);
    if (!s) s = visible_from(f, symtab_find(&E(f)->symbols, ns, name));
    return s;
}

/* The compile-time value of a const global of this module, computed on first use (enum values
 * and other constants may refer to constants declared later). */
static void global_const_value(fc *f, as_global *g)
{
    if (g->has_value || g->const_evaluating || !g->is_const || !g->declarator || g->module != f->c->module) return;
    if (!dt_is_primitive(&g->type)) return;
    ast_node *init = g->declarator->u.decl.init;
    if (!init || init->kind == AST_INITLIST) return;
    g->const_evaluating = true;
    as_namespace *save = f->ns;
    f->ns = g->ns;
    ev v;
    if (compile_const_value(f, init, &v)) {
        as_dtype t = g->type;
        t.flags &= (uint8_t)~DT_CONST;
        if (conv_cost(f, &v, &t, false) < COST_IMPOSSIBLE && conv_implicit(f, &v, &t, NULL, false) && v.kind == EV_CONST) {
            g->has_value = true;
            g->value = v.k;
        }
    }
    f->ns = save;
    g->const_evaluating = false;
}

/* Makes an ev for a symbol found by name. */
static bool ev_from_symbol(fc *f, as_symbol *s, ev *out, const ast_node *at)
{
    switch (s->kind) {
    case SYM_GLOBAL: {
        as_global *g = s->ptr;
        global_const_value(f, g);
        /* a const primitive with a compile-time value is that value, which shared code may use
         * as the reference does (not a constant initialised at run time, nor a const object) */
        bool pure_constant = g->is_const && g->has_value && dt_is_primitive(&g->type);
        if (f->fn && (f->fn->attrs & FA_SHARED) && !g->is_registered && !pure_constant) {
            c_error(f->c, at, "Shared code cannot access non-shared global variable '%s'", g->name);
            ev_error(out);
            return true;
        }
        if (f->is_global_init && !g->has_value) build_note_global_read(f->c, g, at);
        ev_init(out, EV_GLOBAL);
        out->g = g;
        out->type = g->type;
        out->lvalue = !g->is_const;
        out->readonly = g->is_const;
        if (g->is_const && g->has_value && dt_is_primitive(&g->type)) {
            ev_init(out, EV_CONST);
            out->type = g->type;
            out->type.flags |= DT_CONST;
            out->k = g->value;
        }
        return true;
    }
    case SYM_FUNC:
        ev_init(out, EV_FUNC);
        out->funcs = s;
        return true;
    case SYM_ENUMVAL: {
        as_slot v;
        v.i64 = s->value;
        ev_init(out, EV_CONST);
        out->type = dt_of(s->ptr, 0);
        out->k = v;
        return true;
    }
    case SYM_TYPE:
        ev_init(out, EV_TYPE);
        out->tname = s->ptr;
        return true;
    }
    (void)at;
    return false;
}

/* Global (namespace-level) lookup of an unqualified name from namespace ns outward. */
static bool lookup_global_name(fc *f, as_namespace *ns, const char *name, ev *out, const ast_node *at, bool enum_values)
{
    for (as_namespace *n = ns; n; n = n->parent) {
        /* the namespaces `using namespace` names at this level first, then the level itself */
        as_namespace *levels[17];
        int nl = c_using_at(f->c, n, n == ns, levels, 16);
        levels[nl++] = n;
        for (int li = 0; li < nl; li++) {
        as_symbol *s = lookup_in(f, levels[li], name);
        for (; s; s = visible_from(f, s->next)) {
            if (s->kind == SYM_ENUMVAL && !enum_values) continue;
            if (s->kind == SYM_ENUMVAL) {
                /* several enums have the value: the one the context expects (a declaration's or
                 * the other operand's type) */
                if (f->enum_hint)
                    for (as_symbol *o = s; o; o = visible_from(f, o->next))
                        if (o->kind == SYM_ENUMVAL && o->ptr == f->enum_hint) return ev_from_symbol(f, o, out, at);
                for (as_symbol *o = visible_from(f, s->next); o; o = visible_from(f, o->next)) {
                    if (o->kind == SYM_ENUMVAL && o->ptr != s->ptr) {
                        c_error(f->c, at, "Found multiple matching enum values");
                        ev_error(out);
                        return true;
                    }
                }
            }
            return ev_from_symbol(f, s, out, at);
        }
        }
        /* a child namespace of that name */
        char full[512];
        if (n->name[0]) snprintf(full, sizeof full, "%s::%s", n->name, name);
        else snprintf(full, sizeof full, "%s", name);
        as_namespace *child = engine_find_namespace(E(f), full);
        if (child) {
            ev_init(out, EV_NS);
            out->ns = child;
            return true;
        }
        if (n == n->parent) break;
    }
    return false;
}

/* Members of a class: properties and methods, through `this` or an object. */
bool compile_member_of(fc *f, ev *obj, const char *name, const ast_node *at, ev *out, bool report);

bool c_is_accessor(as_compiler *c, const as_function *fn)
{
    switch (c->engine->props[AS_EP_PROPERTY_ACCESSOR_MODE]) {
    case 0: return false;
    case 1: return fn->kind != FN_SCRIPT;   /* registered ones only, keyword optional */
    case 2: return true;                     /* any get_/set_ function */
    default: return (fn->attrs & FA_PROPERTY) != 0;
    }
}

bool c_virtprop_allowed(as_compiler *c, const ast_node *decl)
{
    if (c->engine->props[AS_EP_PROPERTY_ACCESSOR_MODE] >= 2) return true;
    c_error(c, decl, "Property accessors have been disabled by the application");
    return false;
}

/* A global virtual property: get_name() / set_name(v) functions marked `property`. */
/* A global virtual property `name` (get_name / set_name) of ns, or of its parents when
 * search_parents. */
static bool global_property_in(fc *f, as_namespace *ns, const char *name, ev *out, bool search_parents)
{
    char gname[300], sname[300];
    snprintf(gname, sizeof gname, "get_%s", name);
    snprintf(sname, sizeof sname, "set_%s", name);
    const char *gi = engine_intern(E(f), gname, strlen(gname)), *si = engine_intern(E(f), sname, strlen(sname));
    for (as_namespace *n = ns; n; n = n->parent) {
        as_function *getter = NULL, *setter = NULL, *igetter = NULL, *isetter = NULL;
        for (as_symbol *s = lookup_in(f, n, gi); s; s = visible_from(f, s->next)) {
            as_function *fn = s->kind == SYM_FUNC ? s->ptr : NULL;
            if (fn && c_is_accessor(f->c, fn) && fn->params.count == 0) getter = fn;
            if (fn && c_is_accessor(f->c, fn) && fn->params.count == 1) igetter = fn;
        }
        for (as_symbol *s = lookup_in(f, n, si); s; s = visible_from(f, s->next)) {
            as_function *fn = s->kind == SYM_FUNC ? s->ptr : NULL;
            if (fn && c_is_accessor(f->c, fn) && fn->params.count == 1) setter = fn;
            if (fn && c_is_accessor(f->c, fn) && fn->params.count == 2) isetter = fn;
        }
        if (getter || setter) {
            ev_init(out, EV_PROP);
            out->getter = getter;
            out->setter = setter;
            out->type = getter ? getter->ret : setter->params.data[0].type;
            return true;
        }
        if (igetter || isetter) {
            /* an indexed property: `name[i]` */
            ev_init(out, EV_PROP);
            out->getter = igetter;
            out->setter = isetter;
            out->needs_index = true;
            out->type = igetter ? igetter->ret : isetter->params.data[1].type;
            return true;
        }
        if (n == n->parent || !search_parents) break;
    }
    return false;
}

static bool global_property(fc *f, as_namespace *ns, const char *name, ev *out) { return global_property_in(f, ns, name, out, true); }

/* `::name`, `a::b::name` as written, for messages */
const char *scoped_name_text(const ast_node *n, char *buf, size_t size)
{
    size_t len = (size_t)snprintf(buf, size, "%s", n->u.ident.global_scope ? "::" : "");
    for (int i = 0; i < n->u.ident.scope.count && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s::", n->u.ident.scope.items[i]);
    if (len < size) snprintf(buf + len, size - len, "%s", n->u.ident.name);
    return buf;
}

static void this_ev(fc *f, ev *out)
{
    ev_init(out, EV_SLOT);
    out->slot = f->fn->this_slot;
    out->type = dt_of(f->objtype, DT_HANDLE | ((f->fn->attrs & FA_CONST) ? DT_CONST : 0));
    out->is_this = true;
}

/* An unscoped name that names nothing: a method of the class as a value, or nothing at all.
 * Out of line: kept out of the frame of expressions that nest. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void report_unknown_name(fc *f, const ast_node *n, const char *name)
{
    as_function *m[1];
    if (f->objtype && find_methods(f, f->objtype, name, m, 1) > 0)
        c_error(f->c, n, "Invalid operation on method");   /* a method of the class, as a value */
    else
        c_error(f->c, n, "No matching symbol '%s'", name);
}

static void compile_ident(fc *f, ast_node *n, ev *out)
{
    const char *name = n->u.ident.name;
    bool scoped = n->u.ident.global_scope || n->u.ident.scope.count || n->u.ident.scope_type;
    if (!scoped) {
        local_var *v = scope_find(f, name);
        if (v) {
            if (v->is_const_value) {
                ev_init(out, EV_CONST);
                out->type = v->type;
                out->k = v->value;
                return;
            }
            /* the first read of a primitive never written; not while probing (report unset) */
            if (v->uninit && f->c->diag.report && n != f->quiet_read) {
                if (n != f->assign_target) c_warning(f->c, n, "'%s' is not initialized.", name);
                v->uninit = false;
            }
            if (v->is_ref) {
                ev_init(out, EV_MEM);
                out->slot = v->slot;
                out->offset = 0;
            } else {
                ev_init(out, EV_SLOT);
                out->slot = v->slot;
                out->from_local = true;
            }
            out->type = v->type;
            out->type.flags &= (uint8_t)~DT_REF;
            out->lvalue = !(v->type.flags & DT_CONST) || dt_is_handle(&v->type);
            out->readonly = (v->type.flags & DT_CONST) != 0;
            return;
        }
        if (f->objtype && f->fn->objtype && !(f->fn->attrs & FA_FACTORY)) {
            if (strcmp(name, "this") == 0) {
                this_ev(f, out);
                return;
            }
            ev self;
            this_ev(f, &self);
            self.implicit_this = true;
            if (compile_member_of(f, &self, name, n, out, false)) return;
        }
    }
    as_namespace *ns = f->ns;
    if (scoped) {
        if (n->u.ident.scope_type) {
            /* Type<...>::name */
            as_dtype dt;
            if (!c_resolve_type(f->c, n->u.ident.scope_type, f->ns, f->objtype, &dt)) { ev_error(out); return; }
            ev tev;
            ev_init(&tev, EV_TYPE);
            tev.tname = dt.type;
            if (!compile_member_of(f, &tev, name, n, out, true)) ev_error(out);
            return;
        }
        /* the last scope part may name a type (enum, class) rather than a namespace */
        if (n->u.ident.scope.count) {
            ast_names prefix = n->u.ident.scope;
            prefix.count--;
            const char *last = n->u.ident.scope.items[n->u.ident.scope.count - 1];
            as_namespace *pns = c_scope_namespace(f->c, f->ns, n->u.ident.global_scope, &prefix, n, false);
            if (pns) {
                as_type *t = NULL;
                for (as_namespace *s = pns; s && !t; s = (prefix.count || n->u.ident.global_scope) ? NULL : s->parent)
                    t = c_find_type(f->c, s, last, false);
                if (t) {
                    ev tev;
                    ev_init(&tev, EV_TYPE);
                    tev.tname = t;
                    if (compile_member_of(f, &tev, name, n, out, true)) return;
                    ev_error(out);
                    return;
                }
            }
        }
        char written[600];
        ns = c_scope_namespace(f->c, f->ns, n->u.ident.global_scope, &n->u.ident.scope, n, false);
        if (!ns) {
            c_error(f->c, n, "No matching symbol '%s'", scoped_name_text(n, written, sizeof written));
            ev_error(out);
            return;
        }
        as_symbol *s = lookup_in(f, ns, name);
        if (s && ev_from_symbol(f, s, out, n)) return;
        if (global_property_in(f, ns, name, out, false)) return;
        char full[512];
        snprintf(full, sizeof full, "%s%s%s", ns->name, ns->name[0] ? "::" : "", name);
        as_namespace *child = engine_find_namespace(E(f), full);
        if (child) {
            ev_init(out, EV_NS);
            out->ns = child;
            return;
        }
        c_error(f->c, n, "No matching symbol '%s'", scoped_name_text(n, written, sizeof written));
        ev_error(out);
        return;
    }
    if (lookup_global_name(f, ns, name, out, n, !E(f)->props[AS_EP_REQUIRE_ENUM_SCOPE])) return;
    if (global_property(f, ns, name, out)) return;
    report_unknown_name(f, n, name);
    ev_error(out);
}

/* ======================================================================= numeric operators */

typedef enum numk { NK_I32, NK_U32, NK_I64, NK_U64, NK_F32, NK_F64, NK_BOOL, NK_NONE } numk;

static numk numk_of(int pid)
{
    switch (pid) {
    case AS_TYPEID_BOOL: return NK_BOOL;
    case AS_TYPEID_INT8: case AS_TYPEID_INT16: case AS_TYPEID_INT32: return NK_I32;
    case AS_TYPEID_UINT8: case AS_TYPEID_UINT16: case AS_TYPEID_UINT32: return NK_U32;
    case AS_TYPEID_INT64: return NK_I64;
    case AS_TYPEID_UINT64: return NK_U64;
    case AS_TYPEID_FLOAT: return NK_F32;
    case AS_TYPEID_DOUBLE: return NK_F64;
    default: return NK_NONE;
    }
}


/* The type both operands of a math operator convert to (the reference's rules: a real wins,
 * then 64-bit, then a non-constant signed operand makes the operation signed). */
static int math_type(const ev *l, const ev *r)
{
    int lp = dt_prim_id(&l->type), rp = dt_prim_id(&r->type);
    if (lp == AS_TYPEID_DOUBLE || rp == AS_TYPEID_DOUBLE) return AS_TYPEID_DOUBLE;
    if (lp == AS_TYPEID_FLOAT || rp == AS_TYPEID_FLOAT) return AS_TYPEID_FLOAT;
    bool l64 = lp == AS_TYPEID_INT64 || lp == AS_TYPEID_UINT64, r64 = rp == AS_TYPEID_INT64 || rp == AS_TYPEID_UINT64;
    bool ls = dt_is_signed(&l->type), rs = dt_is_signed(&r->type);
    bool lc = l->kind == EV_CONST, rc = r->kind == EV_CONST;
    bool lu = dt_is_unsigned(&l->type), ru = dt_is_unsigned(&r->type);
    bool sig;
    if ((ls && !lc) || (rs && !rc)) sig = true;
    else if (lu || ru) sig = false;
    else sig = true;
    if (l64 || r64) return sig ? AS_TYPEID_INT64 : AS_TYPEID_UINT64;
    return sig ? AS_TYPEID_INT32 : AS_TYPEID_UINT32;
}

static bool fold_arith(int op, numk k, as_slot a, as_slot b, as_slot *r)
{
    r->u64 = 0;
    switch (k) {
    case NK_I32: case NK_U32: {
        uint32_t x = a.u32, y = b.u32;
        if (op == OP_POW) return k == NK_I32 ? pow_i32(a.i32, b.i32, &r->i32) : pow_u32(x, y, &r->u32);
        switch (op) {
        case OP_ADD: r->u32 = x + y; return true;
        case OP_SUB: r->u32 = x - y; return true;
        case OP_MUL: r->u32 = x * y; return true;
        case OP_DIV: case OP_MOD:
            if (y == 0) return false;
            if (k == NK_I32) {
                if (a.i32 == INT32_MIN && b.i32 == -1) return false;
                r->i32 = op == OP_DIV ? a.i32 / b.i32 : a.i32 % b.i32;
            } else {
                r->u32 = op == OP_DIV ? x / y : x % y;
            }
            return true;
        case OP_BAND: r->u32 = x & y; return true;
        case OP_BOR: r->u32 = x | y; return true;
        case OP_BXOR: r->u32 = x ^ y; return true;
        case OP_SHL: r->u32 = x << (y & 31); return true;
        case OP_SHR: r->u32 = x >> (y & 31); return true;
        case OP_USHR: r->i32 = a.i32 >> (y & 31); return true;
        default: return false;
        }
    }
    case NK_I64: case NK_U64: {
        uint64_t x = a.u64, y = b.u64;
        if (op == OP_POW) return k == NK_I64 ? pow_i64(a.i64, b.i64, &r->i64) : pow_u64(x, y, &r->u64);
        switch (op) {
        case OP_ADD: r->u64 = x + y; return true;
        case OP_SUB: r->u64 = x - y; return true;
        case OP_MUL: r->u64 = x * y; return true;
        case OP_DIV: case OP_MOD:
            if (y == 0) return false;
            if (k == NK_I64) {
                if (a.i64 == INT64_MIN && b.i64 == -1) return false;
                r->i64 = op == OP_DIV ? a.i64 / b.i64 : a.i64 % b.i64;
            } else {
                r->u64 = op == OP_DIV ? x / y : x % y;
            }
            return true;
        case OP_BAND: r->u64 = x & y; return true;
        case OP_BOR: r->u64 = x | y; return true;
        case OP_BXOR: r->u64 = x ^ y; return true;
        case OP_SHL: r->u64 = x << (b.u32 & 63); return true;
        case OP_SHR: r->u64 = x >> (b.u32 & 63); return true;
        case OP_USHR: r->i64 = a.i64 >> (b.u32 & 63); return true;
        default: return false;
        }
    }
    case NK_F32:
        switch (op) {
        case OP_POW: r->f32 = powf(a.f32, b.f32); return !isinf(r->f32);
        case OP_ADD: r->f32 = a.f32 + b.f32; return true;
        case OP_SUB: r->f32 = a.f32 - b.f32; return true;
        case OP_MUL: r->f32 = a.f32 * b.f32; return true;
        case OP_DIV: if (b.f32 == 0) return false; r->f32 = a.f32 / b.f32; return true;
        case OP_MOD: if (b.f32 == 0) return false; r->f32 = fmodf(a.f32, b.f32); return true;
        default: return false;
        }
    case NK_F64:
        switch (op) {
        case OP_POW: r->f64 = pow(a.f64, b.f64); return !isinf(r->f64);
        case OP_ADD: r->f64 = a.f64 + b.f64; return true;
        case OP_SUB: r->f64 = a.f64 - b.f64; return true;
        case OP_MUL: r->f64 = a.f64 * b.f64; return true;
        case OP_DIV: if (b.f64 == 0) return false; r->f64 = a.f64 / b.f64; return true;
        case OP_MOD: if (b.f64 == 0) return false; r->f64 = fmod(a.f64, b.f64); return true;
        default: return false;
        }
    default:
        return false;
    }
}

/* The exception an operation on constants would raise (NULL if it folds or runs fine). */
static const char *fold_error(int op, numk k, as_slot a, as_slot b)
{
    if (op == OP_DIV || op == OP_MOD) {
        bool zero = (k == NK_I32 || k == NK_U32) ? b.u32 == 0 : (k == NK_I64 || k == NK_U64) ? b.u64 == 0
                  : k == NK_F32 ? b.f32 == 0 : b.f64 == 0;
        if (zero) return "Divide by zero";
    }
    if (op == OP_POW) return "Overflow in exponent operation";
    (void)a;
    return NULL;
}

static as_opcode arith_opcode(int op, numk k)
{
    static const as_opcode i32[] = {BC_ADD_I, BC_SUB_I, BC_MUL_I, BC_DIV_I, BC_MOD_I, BC_POW_I};
    static const as_opcode u32[] = {BC_ADD_I, BC_SUB_I, BC_MUL_I, BC_DIV_U, BC_MOD_U, BC_POW_U};
    static const as_opcode i64[] = {BC_ADD_L, BC_SUB_L, BC_MUL_L, BC_DIV_L, BC_MOD_L, BC_POW_L};
    static const as_opcode u64[] = {BC_ADD_L, BC_SUB_L, BC_MUL_L, BC_DIV_UL, BC_MOD_UL, BC_POW_UL};
    static const as_opcode f32[] = {BC_ADD_F, BC_SUB_F, BC_MUL_F, BC_DIV_F, BC_MOD_F, BC_POW_F};
    static const as_opcode f64[] = {BC_ADD_D, BC_SUB_D, BC_MUL_D, BC_DIV_D, BC_MOD_D, BC_POW_D};
    int i;
    switch (op) {
    case OP_ADD: i = 0; break;
    case OP_SUB: i = 1; break;
    case OP_MUL: i = 2; break;
    case OP_DIV: i = 3; break;
    case OP_MOD: i = 4; break;
    case OP_POW: i = 5; break;
    default: {
        bool w = k == NK_I64 || k == NK_U64;
        switch (op) {
        case OP_BAND: return w ? BC_AND_L : BC_AND_I;
        case OP_BOR: return w ? BC_OR_L : BC_OR_I;
        case OP_BXOR: return w ? BC_XOR_L : BC_XOR_I;
        case OP_SHL: return w ? BC_SHL_L : BC_SHL_I;
        case OP_SHR: return w ? BC_SHR_L : BC_SHR_I;
        case OP_USHR: return w ? BC_SAR_L : BC_SAR_I;
        default: return BC_NOP;
        }
    }
    }
    switch (k) {
    case NK_I32: return i32[i];
    case NK_U32: return u32[i];
    case NK_I64: return i64[i];
    case NK_U64: return u64[i];
    case NK_F32: return f32[i];
    case NK_F64: return f64[i];
    default: return BC_NOP;
    }
}

/* Result slot for an operation consuming l and r: reuse a temp of theirs when possible. */
static int result_slot(fc *f, ev *l, ev *r)
{
    int ls = l->kind == EV_SLOT && l->temp && l->objvar < 0 && !l->has_aux ? l->slot : -1;
    int rs = r && r->kind == EV_SLOT && r->temp && r->objvar < 0 && !r->has_aux ? r->slot : -1;
    if (ls >= 0) {
        l->temp = false;
        if (r) ev_free(f, r);
        return ls;
    }
    if (rs >= 0) {
        r->temp = false;
        ev_free(f, l);
        return rs;
    }
    ev_free(f, l);
    if (r) ev_free(f, r);
    return slot_alloc(f, 1);
}

static void set_result(fc *f, ev *out, int slot, int pid)
{
    ev_init(out, EV_SLOT);
    out->slot = (uint16_t)slot;
    out->temp = true;
    out->ntemp = 1;
    out->type = dt_prim(f, pid);
}

static bool is_bit_op(int op) { return op >= OP_BAND && op <= OP_USHR; }
static bool is_shift(int op) { return op == OP_SHL || op == OP_SHR || op == OP_USHR; }


/* Math and bitwise operators on primitive operands. l and r are consumed. */
void expr_numeric_binary(fc *f, int op, ev *l, ev *r, const ast_node *at, ev *out)
{
    int lp = dt_prim_id(&l->type), rp = dt_prim_id(&r->type);
    if (lp == AS_TYPEID_BOOL || rp == AS_TYPEID_BOOL || lp <= 0 || rp <= 0) {
        const ev *bad = (lp == AS_TYPEID_BOOL || lp <= 0) ? l : r;
        if (is_bit_op(op) && lp > 0 && rp > 0) {
            /* a bitwise operator converts a bool operand to the integer type, and can't */
            const ev *other = bad == l ? r : l;
            as_dtype to = dt_is_integer(&other->type) && other->type.type->kind != TYPE_ENUM ? other->type : dt_prim(f, AS_TYPEID_INT32);
            to.flags &= (uint8_t)~DT_CONST;
            c_error(f->c, at, "No conversion from 'bool' to '%s' available.", c_type_text(f->c, &to));
        } else {
            /* a bool is shown without const, also a constant one */
            as_dtype bt = bad->type;
            bt.flags &= (uint8_t)~DT_CONST;
            c_error(f->c, at, "No conversion from '%s' to math type available.",
                    dt_is_primitive(&bt) ? c_type_text(f->c, &bt) : ev_type_text(f, bad));
        }
        ev_free(f, l); ev_free(f, r);
        ev_error(out);
        return;
    }
    int to;
    if (is_bit_op(op)) {
        /* bitwise operators work on integers only */
        if (dt_is_real(&l->type) || dt_is_real(&r->type)) {
            c_error(f->c, at, "Illegal operation on '%s'", c_type_text(f->c, dt_is_real(&l->type) ? &l->type : &r->type));
            ev_free(f, l); ev_free(f, r);
            ev_error(out);
            return;
        }
        int lt = lp, rt = rp;
        if (is_shift(op)) {
            bool w = lt == AS_TYPEID_INT64 || lt == AS_TYPEID_UINT64;
            to = dt_is_unsigned(&l->type) ? (w ? AS_TYPEID_UINT64 : AS_TYPEID_UINT32) : (w ? AS_TYPEID_INT64 : AS_TYPEID_INT32);
            as_dtype tt = dt_prim(f, to), ut = dt_prim(f, AS_TYPEID_UINT32);
            conv_implicit(f, l, &tt, at, false);
            conv_implicit(f, r, &ut, at, false);
        } else {
            /* & | ^ take the left operand's signedness, 64 bits if either side has them */
            (void)rt;
            bool w = lt == AS_TYPEID_INT64 || lt == AS_TYPEID_UINT64 || rp == AS_TYPEID_INT64 || rp == AS_TYPEID_UINT64;
            bool uns = dt_is_unsigned(&l->type);
            if (l->kind == EV_CONST && r->kind != EV_CONST) uns = dt_is_unsigned(&r->type);
            to = uns ? (w ? AS_TYPEID_UINT64 : AS_TYPEID_UINT32) : (w ? AS_TYPEID_INT64 : AS_TYPEID_INT32);
            as_dtype tt = dt_prim(f, to);
            conv_implicit(f, l, &tt, at, false);
            conv_implicit(f, r, &tt, at, false);
        }
    } else {
        to = math_type(l, r);
        /* AS_EP_DISABLE_INTEGER_DIVISION: integer operands divide as doubles */
        if (op == OP_DIV && to != AS_TYPEID_FLOAT && to != AS_TYPEID_DOUBLE && E(f)->props[AS_EP_DISABLE_INTEGER_DIVISION])
            to = AS_TYPEID_DOUBLE;
        as_dtype tt = dt_prim(f, to);
        if (op == OP_POW && (to == AS_TYPEID_FLOAT || to == AS_TYPEID_DOUBLE) && dt_is_integer(&r->type)) {
            /* real ** int keeps the exponent integral */
            conv_implicit(f, l, &tt, at, false);
            as_dtype it = dt_prim(f, AS_TYPEID_INT32);
            conv_implicit(f, r, &it, at, false);
            numk k = numk_of(to);
            int ls = ev_to_slot(f, l, -1), rs = ev_to_slot(f, r, -1);
            int d = result_slot(f, l, r);
            emit(f, k == NK_F32 ? BC_POWI_F : BC_POWI_D, d, ls, rs);
            set_result(f, out, d, to);
            return;
        }
        conv_implicit(f, l, &tt, at, false);
        conv_implicit(f, r, &tt, at, false);
    }
    numk k = numk_of(to);
    if (l->kind == EV_CONST && r->kind == EV_CONST) {
        as_slot res;
        if (fold_arith(op, k, l->k, r->k, &res)) {
            /* as the reference: an unsigned constant minus a larger one is a signed constant
             * of the same size (uint8(5) - uint8(6) is the int -1) */
            if (op == OP_SUB && to == AS_TYPEID_UINT32 && l->k.u32 < r->k.u32) to = AS_TYPEID_INT32;
            if (op == OP_SUB && to == AS_TYPEID_UINT64 && l->k.u64 < r->k.u64) to = AS_TYPEID_INT64;
            ev_const(f, out, to, res);
            return;
        }
        /* what would raise at run time is an error when both sides are constants */
        const char *err = fold_error(op, k, l->k, r->k);
        if (err) {
            c_error(f->c, at, "%s", err);
            ev_error(out);
            return;
        }
    }
    as_opcode opc = arith_opcode(op, k);
    /* immediate forms */
    if (r->kind == EV_CONST && (k == NK_I32 || k == NK_U32) && (op == OP_ADD || op == OP_SUB || op == OP_MUL)) {
        int64_t imm = r->k.i32;
        if (op == OP_SUB) imm = -imm;
        if (imm >= INT16_MIN && imm <= INT16_MAX) {
            int ls = ev_to_slot(f, l, -1);
            int d = result_slot(f, l, NULL);
            emit(f, op == OP_MUL ? BC_MULK_I : BC_ADDK_I, d, ls, (uint16_t)(int16_t)imm);
            set_result(f, out, d, to);
            return;
        }
    }
    /* a constant on the left of + or * (`1 + f(x)`): the same, the operands swapped */
    if (l->kind == EV_CONST && r->kind != EV_CONST && (k == NK_I32 || k == NK_U32) && (op == OP_ADD || op == OP_MUL) &&
        l->k.i32 >= INT16_MIN && l->k.i32 <= INT16_MAX) {
        int rs = ev_to_slot(f, r, -1);
        int d = result_slot(f, r, NULL);
        emit(f, op == OP_MUL ? BC_MULK_I : BC_ADDK_I, d, rs, (uint16_t)(int16_t)l->k.i32);
        set_result(f, out, d, to);
        return;
    }
    if (r->kind == EV_CONST && k == NK_I32 && (op == OP_DIV || op == OP_MOD) && r->k.i32 != 0 && r->k.i32 != -1 &&
        r->k.i32 >= INT16_MIN && r->k.i32 <= INT16_MAX) {
        int ls = ev_to_slot(f, l, -1);
        int d = result_slot(f, l, NULL);
        emit(f, op == OP_DIV ? BC_DIVK_I : BC_MODK_I, d, ls, (uint16_t)(int16_t)r->k.i32);
        set_result(f, out, d, to);
        return;
    }
    if (r->kind == EV_CONST && (k == NK_I64 || k == NK_U64) && (op == OP_ADD || op == OP_SUB)) {
        int64_t imm = r->k.i64;
        if (op == OP_SUB) imm = -imm;
        if (imm >= INT16_MIN && imm <= INT16_MAX) {
            int ls = ev_to_slot(f, l, -1);
            int d = result_slot(f, l, NULL);
            emit(f, BC_ADDK_L, d, ls, (uint16_t)(int16_t)imm);
            set_result(f, out, d, to);
            return;
        }
    }
    int ls = ev_to_slot(f, l, -1);
    int rs = ev_to_slot(f, r, -1);
    int d = result_slot(f, l, r);
    emit(f, opc, d, ls, rs);
    set_result(f, out, d, to);
}

/* ======================================================================= comparisons */

static as_opcode cmp_opcode(int op, numk k, bool *swap)
{
    *swap = false;
    int o = op;
    if (o == OP_GT) { o = OP_LT; *swap = true; }
    if (o == OP_GE) { o = OP_LE; *swap = true; }
    switch (k) {
    case NK_I32: return o == OP_EQ ? BC_EQ_I : o == OP_NE ? BC_NE_I : o == OP_LT ? BC_LT_I : BC_LE_I;
    case NK_U32: return o == OP_EQ ? BC_EQ_I : o == OP_NE ? BC_NE_I : o == OP_LT ? BC_LT_U : BC_LE_U;
    case NK_I64: return o == OP_EQ ? BC_EQ_L : o == OP_NE ? BC_NE_L : o == OP_LT ? BC_LT_L : BC_LE_L;
    case NK_U64: return o == OP_EQ ? BC_EQ_L : o == OP_NE ? BC_NE_L : o == OP_LT ? BC_LT_UL : BC_LE_UL;
    case NK_F32: return o == OP_EQ ? BC_EQ_F : o == OP_NE ? BC_NE_F : o == OP_LT ? BC_LT_F : BC_LE_F;
    case NK_F64: return o == OP_EQ ? BC_EQ_D : o == OP_NE ? BC_NE_D : o == OP_LT ? BC_LT_D : BC_LE_D;
    case NK_BOOL: return o == OP_EQ ? BC_EQ_B : BC_NE_B;
    default: return BC_NOP;
    }
}

static bool fold_cmp(int op, numk k, as_slot a, as_slot b, bool *res)
{
    int c;
    switch (k) {
    case NK_I32: c = a.i32 < b.i32 ? -1 : a.i32 > b.i32; break;
    case NK_U32: c = a.u32 < b.u32 ? -1 : a.u32 > b.u32; break;
    case NK_I64: c = a.i64 < b.i64 ? -1 : a.i64 > b.i64; break;
    case NK_U64: c = a.u64 < b.u64 ? -1 : a.u64 > b.u64; break;
    case NK_BOOL: c = (a.u8 != 0) != (b.u8 != 0); if (op != OP_EQ && op != OP_NE) return false; break;
    case NK_F32:
        if (a.f32 != a.f32 || b.f32 != b.f32) { *res = op == OP_NE; return true; }
        c = a.f32 < b.f32 ? -1 : a.f32 > b.f32; break;
    case NK_F64:
        if (a.f64 != a.f64 || b.f64 != b.f64) { *res = op == OP_NE; return true; }
        c = a.f64 < b.f64 ? -1 : a.f64 > b.f64; break;
    default: return false;
    }
    switch (op) {
    case OP_EQ: *res = c == 0; return true;
    case OP_NE: *res = c != 0; return true;
    case OP_LT: *res = c < 0; return true;
    case OP_LE: *res = c <= 0; return true;
    case OP_GT: *res = c > 0; return true;
    case OP_GE: *res = c >= 0; return true;
    }
    return false;
}

/* Converts both operands of a primitive comparison to their common type; returns it or -1. */
static int compare_prepare(fc *f, int op, ev *l, ev *r, const ast_node *at)
{
    int lp = dt_prim_id(&l->type), rp = dt_prim_id(&r->type);
    if (lp == AS_TYPEID_BOOL || rp == AS_TYPEID_BOOL) {
        if (lp != rp) {
            as_dtype other = lp == AS_TYPEID_BOOL ? r->type : l->type;
            other.flags &= (uint8_t)~DT_CONST;
            /* == and != convert an integer (or enum) to bool; other comparisons the bool */
            if ((op == OP_EQ || op == OP_NE) && dt_is_integer(&other))
                c_error(f->c, at, "No conversion from '%s' to 'bool' available.", c_type_text(f->c, &other));
            else
                c_error(f->c, at, "No conversion from 'bool' to '%s' available.", c_type_text(f->c, &other));
            return -1;
        }
        if (op != OP_EQ && op != OP_NE) {
            c_error(f->c, at, "Illegal operation on this datatype");
            return -1;
        }
        return AS_TYPEID_BOOL;
    }
    if (lp <= 0 || rp <= 0) {
        c_error(f->c, at, "No conversion from '%s' to math type available.", ev_type_text(f, lp <= 0 ? l : r));
        return -1;
    }
    int to = math_type(l, r);
    /* an unsigned variable against a signed variable, or against any float or double (a
     * constant too), as the reference warns */
    bool lu = dt_is_unsigned(&l->type) && l->kind != EV_CONST, ru = dt_is_unsigned(&r->type) && r->kind != EV_CONST;
    bool ls = (dt_is_signed(&l->type) && l->kind != EV_CONST) || dt_is_real(&l->type);
    bool rs = (dt_is_signed(&r->type) && r->kind != EV_CONST) || dt_is_real(&r->type);
    if ((lu && rs) || (ls && ru)) c_warning(f->c, at, "Signed/Unsigned mismatch");
    as_dtype tt = dt_prim(f, to);
    conv_implicit(f, l, &tt, at, false);
    conv_implicit(f, r, &tt, at, false);
    return to;
}

void expr_compare(fc *f, int op, ev *l, ev *r, const ast_node *at, ev *out)
{
    int to = compare_prepare(f, op, l, r, at);
    if (to < 0) {
        ev_free(f, l); ev_free(f, r);
        ev_error(out);
        return;
    }
    numk k = numk_of(to);
    if (l->kind == EV_CONST && r->kind == EV_CONST) {
        bool res;
        if (fold_cmp(op, k, l->k, r->k, &res)) {
            as_slot v;
            v.u64 = res;
            ev_const(f, out, AS_TYPEID_BOOL, v);
            return;
        }
    }
    bool swap;
    as_opcode opc = cmp_opcode(op, k, &swap);
    int ls = ev_to_slot(f, l, -1), rs = ev_to_slot(f, r, -1);
    int d = result_slot(f, l, r);
    emit(f, opc, d, swap ? rs : ls, swap ? ls : rs);
    set_result(f, out, d, AS_TYPEID_BOOL);
}

/* ======================================================================= unary */

static int signed_of(int p)
{
    switch (p) {
    case AS_TYPEID_UINT8: return AS_TYPEID_INT8;
    case AS_TYPEID_UINT16: return AS_TYPEID_INT16;
    case AS_TYPEID_UINT32: return AS_TYPEID_INT32;
    case AS_TYPEID_UINT64: return AS_TYPEID_INT64;
    default: return p;
    }
}

static int unsigned_of(int p)
{
    switch (p) {
    case AS_TYPEID_INT8: return AS_TYPEID_UINT8;
    case AS_TYPEID_INT16: return AS_TYPEID_UINT16;
    case AS_TYPEID_INT32: return AS_TYPEID_UINT32;
    case AS_TYPEID_INT64: return AS_TYPEID_UINT64;
    default: return p;
    }
}

static void compile_incdec_with(fc *f, ast_node *n, ast_node *operand, bool pre, bool inc, ev *lv, ev *out);

/* A prefix operator applied to its compiled operand v (consumed). */
/* Where a value that must be a bool comes from decides the wording of the error. */
typedef enum { COND_TOP, COND_LOGIC, COND_NOT } cond_ctx;
static void bool_operand_ex(fc *f, ev *e, const ast_node *at, cond_ctx ctx, const ast_node *logic);

static void compile_unary_with(fc *f, ast_node *n, ev *operand, ev *out)
{
    int op = n->u.unary.op;
    if (op == OP_PREINC || op == OP_PREDEC) {
        compile_incdec_with(f, n, n->u.unary.operand, true, op == OP_PREINC, operand, out);
        return;
    }
    if (op == OP_HANDLE) {
        *out = *operand;
        if (out->kind == EV_ERROR || out->kind == EV_FUNC || out->kind == EV_NULL) return;
        if (out->kind == EV_PROP) ev_resolve_prop(f, out, n);
        if (out->kind == EV_ERROR) return;
        if (!dt_is_ref_obj(&out->type) && out->type.type && out->type.type->kind == TYPE_OBJECT &&
            (out->type.type->flags & AS_OBJ_ASHANDLE) && !(out->type.flags & DT_HANDLE)) {
            /* a value type that acts as a handle (ref, dictionaryValue) is its own handle */
            out->lvalue = false;
            out->explicit_handle = true;
            return;
        }
        if (!dt_is_ref_obj(&out->type) || (out->type.type->flags & AS_OBJ_NOHANDLE)) {
            c_error(f->c, n, "Object handle is not supported for this type");
            ev_free(f, out);
            ev_error(out);
            return;
        }
        /* `@x` of an object variable is its handle, not a handle variable one could assign */
        if (!dt_is_handle(&out->type)) out->lvalue = false;
        out->type.flags |= DT_HANDLE;
        out->explicit_handle = true;
        return;
    }
    ev v = *operand;
    if (v.kind == EV_ERROR) { *out = v; return; }
    if (v.kind == EV_PROP) ev_resolve_prop(f, &v, n);
    if (op == OP_NOT && v.kind != EV_NULL && dt_is_object(&v.type)) {
        /* !obj: a bool only by contextual conversion (BOOL_CONVERSION_MODE=1) */
        bool_operand_ex(f, &v, n, COND_NOT, n);
        if (v.kind == EV_ERROR) { ev_error(out); return; }
    }
    if (dt_is_object(&v.type) && v.kind != EV_CONST) {
        opcall_unary(f, op, &v, n, out);
        return;
    }
    int p = dt_prim_id(&v.type);
    switch (op) {
    case OP_PLUS:
        if (p <= AS_TYPEID_BOOL) {
            c_error(f->c, n, "Illegal operation on this datatype");
            ev_free(f, &v);
            ev_error(out);
            return;
        }
        *out = v;
        out->lvalue = false;
        return;
    case OP_NEG: {
        if (p <= AS_TYPEID_BOOL) {
            c_error(f->c, n, "Illegal operation on this datatype");
            ev_free(f, &v);
            ev_error(out);
            return;
        }
        if (v.type.type->kind == TYPE_ENUM) { as_dtype it = dt_prim(f, AS_TYPEID_INT32); conv_implicit(f, &v, &it, n, false); p = AS_TYPEID_INT32; }
        /* the result is the signed type of the operand's size, without promotion */
        int to = signed_of(p);
        numk k = numk_of(p);
        if (v.kind == EV_CONST) {
            as_slot r = v.k;
            switch (k) {
            case NK_I32: case NK_U32: r.u32 = 0u - v.k.u32; break;
            case NK_I64: case NK_U64: r.u64 = 0u - v.k.u64; break;
            case NK_F32: r.f32 = -v.k.f32; break;
            case NK_F64: r.f64 = -v.k.f64; break;
            default: break;
            }
            ev_const(f, out, to, conv_const(r, to == AS_TYPEID_INT8 || to == AS_TYPEID_INT16 ? AS_TYPEID_INT32 : to, to));
            return;
        }
        int s = ev_to_slot(f, &v, -1);
        int d = result_slot(f, &v, NULL);
        emit(f, k == NK_I32 || k == NK_U32 ? BC_NEG_I : k == NK_I64 || k == NK_U64 ? BC_NEG_L : k == NK_F32 ? BC_NEG_F : BC_NEG_D, d, s, 0);
        if (to == AS_TYPEID_INT8) emit(f, BC_SEXT8, d, d, 0);
        else if (to == AS_TYPEID_INT16) emit(f, BC_SEXT16, d, d, 0);
        set_result(f, out, d, to);
        return;
    }
    case OP_NOT: {
        if (p != AS_TYPEID_BOOL) {
            c_error(f->c, n, "Illegal operation on this datatype");
            ev_free(f, &v);
            ev_error(out);
            return;
        }
        if (v.kind == EV_CONST) {
            as_slot r;
            r.u64 = !v.k.u8;
            ev_const(f, out, AS_TYPEID_BOOL, r);
            return;
        }
        int s = ev_to_slot(f, &v, -1);
        int d = result_slot(f, &v, NULL);
        emit(f, BC_NOT, d, s, 0);
        set_result(f, out, d, AS_TYPEID_BOOL);
        return;
    }
    case OP_BNOT: {
        if (!dt_is_integer(&v.type)) {
            c_error(f->c, n, "Illegal operation on this datatype");
            ev_free(f, &v);
            ev_error(out);
            return;
        }
        if (v.type.type->kind == TYPE_ENUM) p = AS_TYPEID_INT32;
        /* the result is the unsigned type of the operand's size */
        int to = unsigned_of(p);
        bool w = to == AS_TYPEID_UINT64;
        if (v.kind == EV_CONST) {
            /* the reference first converts a signed constant to the unsigned type: a negative
             * one changes sign */
            int64_t sv = p == AS_TYPEID_INT8 ? v.k.i8 : p == AS_TYPEID_INT16 ? v.k.i16 : p == AS_TYPEID_INT32 ? v.k.i32 : v.k.i64;
            if (p != to && (p == AS_TYPEID_INT8 || p == AS_TYPEID_INT16 || p == AS_TYPEID_INT32 || p == AS_TYPEID_INT64) && sv < 0)
                c_warning(f->c, n, "Implicit conversion changed sign of value");
            as_slot r;
            r.u64 = ~v.k.u64;
            ev_const(f, out, to, conv_const(r, w ? AS_TYPEID_UINT64 : AS_TYPEID_UINT32, to));
            return;
        }
        int s = ev_to_slot(f, &v, -1);
        int d = result_slot(f, &v, NULL);
        emit(f, w ? BC_BNOT_L : BC_BNOT_I, d, s, 0);
        if (to == AS_TYPEID_UINT8) emit(f, BC_ZEXT8, d, d, 0);
        else if (to == AS_TYPEID_UINT16) emit(f, BC_ZEXT16, d, d, 0);
        set_result(f, out, d, to);
        return;
    }
    }
    ev_free(f, &v);
    ev_error(out);
}

/* ++x, --x, x++, x-- (node n) on primitive lvalues; operand compiled into *operand_value
 * (consumed). The value of ++x is x's, but not an lvalue (as the reference has it). */
static void compile_incdec_with(fc *f, ast_node *n, ast_node *operand, bool pre, bool inc, ev *operand_value, ev *out)
{
    ev lv = *operand_value;
    if (lv.kind == EV_ERROR) { *out = lv; return; }
    if (dt_is_object(&lv.type) && lv.kind != EV_PROP) {
        opcall_incdec(f, &lv, pre, inc, operand, out);
        return;
    }
    if (lv.kind == EV_PROP) {
        c_error(f->c, operand, "Invalid reference. Property accessors cannot be used in combined read/write operations");
        ev_free(f, &lv);
        ev_error(out);
        return;
    }
    int p = dt_prim_id(&lv.type);
    if (!lv.lvalue || p <= AS_TYPEID_BOOL || (lv.type.type->kind == TYPE_ENUM && pre)) {
        if (lv.readonly || lv.kind == EV_CONST) c_error(f->c, n, "Reference is read-only");
        else if (!lv.lvalue && lv.kind == EV_SLOT && !lv.temp) c_error(f->c, n, "Expression is not an l-value");
        else if (!lv.lvalue) c_error(f->c, n, "Reference is temporary");
        else c_error(f->c, n, "Illegal operation on this datatype");
        ev_free(f, &lv);
        ev_error(out);
        return;
    }
    numk k = numk_of(p);
    /* current value */
    int cur;
    ev val = ev_view(&lv);
    if (lv.kind == EV_SLOT) cur = lv.slot;
    else cur = ev_to_slot(f, &val, slot_alloc(f, 1));
    int old = -1;
    if (!pre) {
        old = slot_alloc(f, 1);
        emit(f, BC_MOV, old, cur, 0);
    }
    int nv = lv.kind == EV_SLOT ? lv.slot : cur;
    switch (k) {
    case NK_I32: case NK_U32: emit(f, BC_ADDK_I, nv, cur, (uint16_t)(int16_t)(inc ? 1 : -1)); break;
    case NK_I64: case NK_U64: emit(f, BC_ADDK_L, nv, cur, (uint16_t)(int16_t)(inc ? 1 : -1)); break;
    case NK_F32: {
        int one = slot_alloc(f, 1);
        as_slot v; v.u64 = 0; v.f32 = 1.0f;
        emit_load_const(f, one, v, false);
        emit(f, inc ? BC_ADD_F : BC_SUB_F, nv, cur, one);
        slot_free(f, one, 1);
        break;
    }
    case NK_F64: {
        int one = slot_alloc(f, 1);
        as_slot v; v.f64 = 1.0;
        emit_load_const(f, one, v, true);
        emit(f, inc ? BC_ADD_D : BC_SUB_D, nv, cur, one);
        slot_free(f, one, 1);
        break;
    }
    default: break;
    }
    /* small integers wrap at their own width */
    if (p != AS_TYPEID_BOOL) emit_narrow(f, nv, lv.type.type);
    if (lv.kind != EV_SLOT) ev_store(f, &lv, nv, operand);
    if (pre) {
        if (lv.kind == EV_SLOT) {
            *out = lv;
            out->lvalue = false;
        } else {
            ev_free(f, &lv);
            set_result(f, out, cur, p);
        }
    } else {
        if (lv.kind != EV_SLOT) slot_free(f, cur, 1);
        ev_free(f, &lv);
        set_result(f, out, old, p);
    }
}

/* ======================================================================= logic */

/* Contextual conversion to bool (BOOL_CONVERSION_MODE=1, 2.38): an object used as a condition or
 * an operand of ! && || ^^ converts with its opImplConv, else its opConv, returning bool
 * (tests/scripts/lang238/bool_conversion_*.as). True when e is a bool now; false after the
 * reference's "Can't implicitly convert" when it has no such operator. */
static bool contextual_bool(fc *f, ev *e, const ast_node *at)
{
    /* `at`: where the reference reports a missing conversion (the operator of ! && || ^^) */
    if (!E(f)->props[AS_EP_BOOL_CONVERSION_MODE] || !dt_is_object(&e->type) || e->kind == EV_NULL) return false;
    if (opcall_to_bool(f, e, at)) return e->kind != EV_ERROR;
    c_error(f->c, at, "Can't implicitly convert from '%s' to 'bool'.", ev_type_text(f, e));
    return false;
}

/* A value that must be a bool: a condition (COND_TOP), an operand of ! (COND_NOT) or of
 * && || ^^ (COND_LOGIC); `logic` is the operator's node, or NULL. Two objects joined by && or || are no
 * operator the reference knows, whatever the conversion mode. */
static void bool_operand_ex(fc *f, ev *e, const ast_node *at, cond_ctx ctx, const ast_node *logic)
{
    if (e->kind == EV_ERROR) return;
    if (e->kind == EV_PROP) ev_resolve_prop(f, e, at);
    if (e->kind == EV_ERROR || dt_is_bool(&e->type)) return;
    if (ctx == COND_LOGIC && logic && dt_is_object(&e->type) && e->kind != EV_NULL) {
        /* the other operand an object too: reported once, with the left one */
        bool left = at == logic->u.binary.lhs;
        ev o;
        if (compile_probe(f, left ? logic->u.binary.rhs : logic->u.binary.lhs, &o, false) && o.kind != EV_NULL &&
            o.kind != EV_ERROR && dt_is_object(&o.type)) {
            if (left) c_error(f->c, logic, "No matching operator that takes the types '%s' and '%s' found", ev_type_text(f, e), ev_type_text(f, &o));
            ev_free(f, e);
            ev_error(e);
            return;
        }
    }
    const ast_node *where = logic ? logic : at;
    if (contextual_bool(f, e, where)) return;
    /* after a conversion was tried (mode 1) a constant is shown without const */
    ev shown = ev_view(e);
    if (E(f)->props[AS_EP_BOOL_CONVERSION_MODE] && shown.kind == EV_CONST) {
        shown.kind = EV_SLOT;
        shown.src = NULL;
    }
    if (ctx == COND_TOP)
        c_error(f->c, at, "Expression must be of boolean type, instead found '%s'", ev_type_text(f, &shown));
    else if (ctx == COND_NOT)
        c_error(f->c, where, "Illegal operation on this datatype");
    else
        c_error(f->c, where, "No conversion from '%s' to 'bool' available.", ev_type_text(f, &shown));
    ev_free(f, e);
    ev_error(e);
}

static void bool_operand(fc *f, ev *e, const ast_node *at, const ast_node *logic) { bool_operand_ex(f, e, at, COND_LOGIC, logic); }

/* Whether evaluating n may change a local variable: an assignment, ++ or --, or a call (which
 * may take it by reference). */
static bool may_change_locals(const ast_node *n)
{
    if (!n) return false;
    switch (n->kind) {
    case AST_LITERAL: case AST_IDENT: return false;
    case AST_BINARY: return may_change_locals(n->u.binary.lhs) || may_change_locals(n->u.binary.rhs);
    case AST_UNARY:
        return n->u.unary.op == OP_PREINC || n->u.unary.op == OP_PREDEC || may_change_locals(n->u.unary.operand);
    default: return true;
    }
}

/* The reference widens a left operand of a type narrower than 32 bits (and a bool) into a copy
 * before the right operand runs: a local variable the right side changes keeps its old value
 * there (`u8 + (++u8)` is 15 for 7); wider locals are read when the operator executes. */
static void copy_narrow_local(fc *f, ev *l, const ast_node *rhs)
{
    if (l->kind != EV_SLOT || l->temp || !dt_is_primitive(&l->type) || !may_change_locals(rhs)) return;
    int pid = dt_prim_id(&l->type);
    if (pid != AS_TYPEID_BOOL && pid != AS_TYPEID_INT8 && pid != AS_TYPEID_INT16 && pid != AS_TYPEID_UINT8 && pid != AS_TYPEID_UINT16)
        return;
    int d = slot_alloc(f, 1);
    emit(f, BC_MOV, d, l->slot, 0);
    as_dtype t = l->type;
    t.flags &= (uint8_t)~DT_CONST;
    ev_init(l, EV_SLOT);
    l->slot = (uint16_t)d;
    l->temp = true;
    l->ntemp = 1;
    l->type = t;
}

/* a && b, a || b as values */
static void compile_logic_with(fc *f, ast_node *n, ev *lhs, ev *out)
{
    int op = n->u.binary.op;
    if (op == OP_XOR) {
        ev l = *lhs, r;
        bool_operand(f, &l, n->u.binary.lhs, n);
        copy_narrow_local(f, &l, n->u.binary.rhs);
        compile_expr(f, n->u.binary.rhs, &r);
        bool_operand(f, &r, n->u.binary.rhs, n);
        if (l.kind == EV_ERROR || r.kind == EV_ERROR) { ev_free(f, &l); ev_free(f, &r); ev_error(out); return; }
        if (l.kind == EV_CONST && r.kind == EV_CONST) {
            as_slot v;
            v.u64 = (l.k.u8 != 0) != (r.k.u8 != 0);
            ev_const(f, out, AS_TYPEID_BOOL, v);
            return;
        }
        int ls = ev_to_slot(f, &l, -1), rs = ev_to_slot(f, &r, -1);
        int d = result_slot(f, &l, &r);
        emit(f, BC_NE_B, d, ls, rs);
        set_result(f, out, d, AS_TYPEID_BOOL);
        return;
    }
    ev l = *lhs;
    bool_operand(f, &l, n->u.binary.lhs, n);
    if (l.kind == EV_ERROR) {
        ev r;
        compile_expr(f, n->u.binary.rhs, &r);
        ev_free(f, &r);
        ev_error(out);
        return;
    }
    if (l.kind == EV_CONST) {
        bool lv = l.k.u8 != 0;
        if ((op == OP_AND && !lv) || (op == OP_OR && lv)) {
            /* the right side is still compiled for errors, but never runs */
            uint32_t skip = emit_jump(f, BC_JMP, 0);
            ev r;
            compile_expr(f, n->u.binary.rhs, &r);
            ev_free(f, &r);
            patch_here(f, skip);
            ev_const(f, out, AS_TYPEID_BOOL, l.k);
            return;
        }
        compile_expr(f, n->u.binary.rhs, out);
        bool_operand(f, out, n->u.binary.rhs, n);
        return;
    }
    int d = ev_to_slot(f, &l, -1);
    if (!(l.temp && l.objvar < 0)) d = slot_alloc(f, 1), emit(f, BC_MOV, d, l.slot, 0), ev_free(f, &l);
    uint32_t j = emit_jump(f, op == OP_AND ? BC_JF : BC_JT, d);
    ev r;
    compile_expr(f, n->u.binary.rhs, &r);
    bool_operand(f, &r, n->u.binary.rhs, n);
    if (r.kind != EV_ERROR) ev_to_slot(f, &r, d);
    ev_free(f, &r);
    patch_here(f, j);
    set_result(f, out, d, AS_TYPEID_BOOL);
}

/* ======================================================================= conditions */

/* The right operand of a binary operator whose left operand l is compiled: `arr == {1, 2}`
 * builds the list as an object of the left operand's type. */
static void compile_right_operand(fc *f, const ev *l, ast_node *rn, ev *r)
{
    if (rn->kind == AST_INITLIST && !rn->u.init.type && l->kind != EV_ERROR && l->kind != EV_NULL && dt_is_object(&l->type)) {
        as_dtype want = l->type;
        want.flags &= (uint8_t)~(DT_HANDLE | DT_CONST);
        compile_initlist_expr(f, rn, &want, r);
    } else {
        /* `e == cYes`: an enum value name several enums have takes the left operand's enum */
        as_type *hint = f->enum_hint;
        if (l->kind != EV_ERROR && l->type.type && l->type.type->kind == TYPE_ENUM) f->enum_hint = l->type.type;
        compile_expr(f, rn, r);
        f->enum_hint = hint;
    }
}

static bool cmp_branch(fc *f, ast_node *n, bool jump_if, patch_list *pl)
{
    int op = n->u.binary.op;
    ev l, r;
    compile_expr(f, n->u.binary.lhs, &l);
    compile_right_operand(f, &l, n->u.binary.rhs, &r);
    if (l.kind == EV_PROP) ev_resolve_prop(f, &l, n->u.binary.lhs);
    if (r.kind == EV_PROP) ev_resolve_prop(f, &r, n->u.binary.rhs);
    if ((l.kind == EV_VOIDARG || r.kind == EV_VOIDARG) && l.kind != EV_ERROR && r.kind != EV_ERROR) {
        c_error(f->c, n, "Void cannot be an operand in expressions");
        ev_free(f, &l); ev_free(f, &r);
        return true;
    }
    if (l.kind == EV_ERROR || r.kind == EV_ERROR) { ev_free(f, &l); ev_free(f, &r); return true; }
    if (!dt_is_primitive(&l.type) || !dt_is_primitive(&r.type) || l.kind == EV_NULL || r.kind == EV_NULL) {
        /* objects: compute the value and branch on it */
        ev res;
        opcall_compare(f, op, &l, &r, n, &res);
        if (res.kind == EV_ERROR) return true;
        if (res.kind == EV_CONST) {
            if ((res.k.u8 != 0) == jump_if) VEC_PUSH(*pl, emit_jump(f, BC_JMP, 0));
            return true;
        }
        int s = ev_to_slot(f, &res, -1);
        ev_free(f, &res);
        VEC_PUSH(*pl, emit_jump(f, jump_if ? BC_JT : BC_JF, s));
        return true;
    }
    int to = compare_prepare(f, op, &l, &r, n);
    if (to < 0) { ev_free(f, &l); ev_free(f, &r); return true; }
    numk k = numk_of(to);
    if (l.kind == EV_CONST && r.kind == EV_CONST) {
        bool res;
        if (fold_cmp(op, k, l.k, r.k, &res)) {
            if (res == jump_if) VEC_PUSH(*pl, emit_jump(f, BC_JMP, 0));
            return true;
        }
    }
    /* the branch is taken when (l op r) == jump_if: negate op for jump_if false */
    int bop = op;
    if (!jump_if) {
        switch (op) {
        case OP_EQ: bop = OP_NE; break;
        case OP_NE: bop = OP_EQ; break;
        case OP_LT: bop = OP_GE; break;
        case OP_LE: bop = OP_GT; break;
        case OP_GT: bop = OP_LE; break;
        case OP_GE: bop = OP_LT; break;
        }
        if (k == NK_F32 || k == NK_F64) {
            /* NaN: !(a < b) is not (a >= b); compute the value and branch on it */
            bool swap;
            as_opcode opc = cmp_opcode(op, k, &swap);
            int ls = ev_to_slot(f, &l, -1), rs = ev_to_slot(f, &r, -1);
            int d = result_slot(f, &l, &r);
            emit(f, opc, d, swap ? rs : ls, swap ? ls : rs);
            slot_free(f, d, 1);
            VEC_PUSH(*pl, emit_jump(f, BC_JF, d));
            return true;
        }
    }
    if (k == NK_I32 && r.kind == EV_CONST && r.k.i32 >= INT16_MIN && r.k.i32 <= INT16_MAX) {
        int ls = ev_to_slot(f, &l, -1);
        as_opcode opc = bop == OP_EQ ? BC_JEQK_I : bop == OP_NE ? BC_JNEK_I : bop == OP_LT ? BC_JLTK_I
                      : bop == OP_LE ? BC_JLEK_I : bop == OP_GT ? BC_JGTK_I : BC_JGEK_I;
        int imm = r.k.i32;
        ev_free(f, &l);
        VEC_PUSH(*pl, emit(f, opc, ls, (uint16_t)(int16_t)imm, 0));
        return true;
    }
    if (k == NK_I32 && r.kind == EV_CONST) {
        /* a wider constant: compared from the constant pool */
        int ls = ev_to_slot(f, &l, -1);
        as_opcode opc = bop == OP_EQ ? BC_JEQC_I : bop == OP_NE ? BC_JNEC_I : bop == OP_LT ? BC_JLTC_I
                      : bop == OP_LE ? BC_JLEC_I : bop == OP_GT ? BC_JGTC_I : BC_JGEC_I;
        int kidx = k_int(f, r.k.i32);
        ev_free(f, &l);
        VEC_PUSH(*pl, emit(f, opc, ls, kidx, 0));
        return true;
    }
    if (k == NK_I32 || k == NK_U32 || (k == NK_F64 && bop != OP_EQ && bop != OP_NE)) {
        int ls = ev_to_slot(f, &l, -1), rs = ev_to_slot(f, &r, -1);
        bool swap = bop == OP_GT || bop == OP_GE;
        int o = bop == OP_GT ? OP_LT : bop == OP_GE ? OP_LE : bop;
        as_opcode opc;
        if (k == NK_F64) opc = o == OP_LT ? BC_JLT_D : BC_JLE_D;
        else if (o == OP_EQ) opc = BC_JEQ_I;
        else if (o == OP_NE) opc = BC_JNE_I;
        else if (k == NK_I32) opc = o == OP_LT ? BC_JLT_I : BC_JLE_I;
        else opc = o == OP_LT ? BC_JLT_U : BC_JLE_U;
        ev_free(f, &l);
        ev_free(f, &r);
        VEC_PUSH(*pl, emit(f, opc, swap ? rs : ls, swap ? ls : rs, 0));
        return true;
    }
    /* general: compute the boolean */
    bool swap;
    as_opcode opc = cmp_opcode(op, k, &swap);
    int ls = ev_to_slot(f, &l, -1), rs = ev_to_slot(f, &r, -1);
    int d = result_slot(f, &l, &r);
    emit(f, opc, d, swap ? rs : ls, swap ? ls : rs);
    slot_free(f, d, 1);
    VEC_PUSH(*pl, emit_jump(f, jump_if ? BC_JT : BC_JF, d));
    return true;
}

static void compile_cond_in(fc *f, ast_node *n, bool jump_if, patch_list *pl, cond_ctx ctx, const ast_node *logic, int depth);

void compile_cond(fc *f, ast_node *n, bool jump_if, patch_list *pl) { compile_cond_in(f, n, jump_if, pl, COND_TOP, NULL, 0); }

/* Conditions made of ! && || become branches; past COND_MAX_DEPTH of them the rest is computed
 * as a value (compile_expr compiles long chains without recursion) and branched on. */
#define COND_MAX_DEPTH 64

static void compile_cond_in(fc *f, ast_node *n, bool jump_if, patch_list *pl, cond_ctx ctx, const ast_node *logic, int depth)
{
    if (depth < COND_MAX_DEPTH && n->kind == AST_UNARY && n->u.unary.op == OP_NOT) {
        compile_cond_in(f, n->u.unary.operand, !jump_if, pl, COND_NOT, n, depth + 1);
        return;
    }
    if (depth < COND_MAX_DEPTH && n->kind == AST_BINARY && (n->u.binary.op == OP_AND || n->u.binary.op == OP_OR)) {
        bool is_and = n->u.binary.op == OP_AND;
        if (is_and == !jump_if) {
            /* (a && b) jumping when false: either false jumps. (a || b) jumping when true: either. */
            compile_cond_in(f, n->u.binary.lhs, jump_if, pl, COND_LOGIC, n, depth + 1);
            compile_cond_in(f, n->u.binary.rhs, jump_if, pl, COND_LOGIC, n, depth + 1);
        } else {
            /* (a && b) jumping when true: if !a skip; if b jump */
            patch_list skip = {0};
            mem_cleanup hold;
            patch_list_hold(&skip, &hold);
            compile_cond_in(f, n->u.binary.lhs, !jump_if, &skip, COND_LOGIC, n, depth + 1);
            compile_cond_in(f, n->u.binary.rhs, jump_if, pl, COND_LOGIC, n, depth + 1);
            patch_list_drop(&hold);
            patch_list_here(f, &skip);
        }
        return;
    }
    if (n->kind == AST_BINARY && n->u.binary.op >= OP_EQ && n->u.binary.op <= OP_GE) {
        cmp_branch(f, n, jump_if, pl);
        return;
    }
    ev v;
    const ast_node *quiet = f->quiet_read;
    if (ctx == COND_TOP && n->kind == AST_IDENT) f->quiet_read = n;
    compile_expr(f, n, &v);
    f->quiet_read = quiet;
    if (ctx == COND_NOT && v.kind != EV_ERROR && dt_is_primitive(&v.type) && !dt_is_bool(&v.type)) {
        c_error(f->c, logic, "Illegal operation on this datatype");
        ev_free(f, &v);
        return;
    }
    bool_operand_ex(f, &v, n, ctx, logic);
    if (v.kind == EV_ERROR) return;
    if (v.kind == EV_CONST) {
        if ((v.k.u8 != 0) == jump_if) VEC_PUSH(*pl, emit_jump(f, BC_JMP, 0));
        return;
    }
    int s = ev_to_slot(f, &v, -1);
    ev_free(f, &v);
    VEC_PUSH(*pl, emit_jump(f, jump_if ? BC_JT : BC_JF, s));
}

/* ======================================================================= binary dispatcher */

/* A binary operator applied to its compiled left operand (consumed): the right one is compiled here. */
static void compile_binary_with(fc *f, ast_node *n, ev *lhs, ev *out)
{
    int op = n->u.binary.op;
    if (op == OP_AND || op == OP_OR || op == OP_XOR) {
        compile_logic_with(f, n, lhs, out);
        return;
    }
    if (op == OP_IS || op == OP_NOTIS) {
        ev l = *lhs, r;
        compile_expr(f, n->u.binary.rhs, &r);
        opcall_identity(f, op == OP_NOTIS, &l, &r, n, out);
        return;
    }
    ev l = *lhs, r;
    /* globals and memory are read before the right side runs (locals are read when the
     * operator executes, as in the reference) */
    if (l.kind == EV_PROP) ev_resolve_prop(f, &l, n->u.binary.lhs);
    if ((l.kind == EV_MEM || l.kind == EV_GLOBAL) && dt_is_primitive(&l.type)) ev_to_slot(f, &l, -1);
    copy_narrow_local(f, &l, n->u.binary.rhs);
    compile_right_operand(f, &l, n->u.binary.rhs, &r);
    if (r.kind == EV_PROP) ev_resolve_prop(f, &r, n->u.binary.rhs);
    if ((l.kind == EV_VOIDARG || r.kind == EV_VOIDARG) && l.kind != EV_ERROR && r.kind != EV_ERROR) {
        c_error(f->c, n, "Void cannot be an operand in expressions");
        ev_free(f, &l);
        ev_free(f, &r);
        ev_error(out);
        return;
    }
    if (l.kind == EV_ERROR || r.kind == EV_ERROR) {
        ev_free(f, &l);
        ev_free(f, &r);
        ev_error(out);
        return;
    }
    bool objects = !dt_is_primitive(&l.type) || !dt_is_primitive(&r.type) || l.kind == EV_NULL || r.kind == EV_NULL;
    if (op >= OP_EQ && op <= OP_GE) {
        if (objects) opcall_compare(f, op, &l, &r, n, out);
        else expr_compare(f, op, &l, &r, n, out);
        return;
    }
    if (objects) {
        opcall_binary(f, op, &l, &r, n, out);
        return;
    }
    expr_numeric_binary(f, op, &l, &r, n, out);
}

/* ======================================================================= assignment */

void assign_to(fc *f, ev *lv, ev *rv, const ast_node *at, ev *out)
{
    if (lv->kind == EV_ERROR || rv->kind == EV_ERROR) {
        ev_free(f, rv);
        ev_free(f, lv);
        ev_error(out);
        return;
    }
    if (lv->kind == EV_PROP) {
        opcall_prop_set(f, lv, rv, at, out);
        return;
    }
    if (dt_is_value_obj(&lv->type) || (dt_is_ref_obj(&lv->type) && !dt_is_handle(&lv->type))) {
        opcall_assign(f, lv, rv, at, out);
        return;
    }
    if (!lv->lvalue) {
        c_error(f->c, at, lv->readonly && lv->kind == EV_MEM ? "Reference is read-only" : "Expression is not an l-value");
        ev_free(f, rv);
        ev_free(f, lv);
        ev_error(out);
        return;
    }
    if (dt_is_handle(&lv->type) && !(lv->type.type->kind == TYPE_FUNCDEF) && !rv->handle_store) {
        /* `h = x` (no @ on the left) assigns the value of the object h points to, whatever x is;
         * `h = @x` and `h = null` are mistakes */
        if (rv->kind == EV_NULL || rv->explicit_handle) {
            c_error(f->c, at, "Can't implicitly convert from '%s@' to '%s&'.", lv->type.type->name, lv->type.type->name);
            ev_free(f, rv);
            ev_free(f, lv);
            ev_error(out);
            return;
        }
        opcall_assign(f, lv, rv, at, out);
        return;
    }
    as_dtype to = lv->type;
    to.flags &= (uint8_t)~DT_CONST;
    if (dt_is_handle(&lv->type)) to.flags = lv->type.flags & (DT_HANDLE | DT_CONST);
    if (rv->kind == EV_FUNC && lv->type.type->kind == TYPE_FUNCDEF) {
        if (!opcall_func_to_handle(f, rv, lv->type.type, at)) {
            ev_free(f, lv);
            ev_error(out);
            return;
        }
    }
    if (!conv_implicit(f, rv, &to, at, false)) {
        /* the target as the reference shows it: a handle `B@`, a primitive as its expression */
        ev shown = ev_view(lv);
        shown.type.flags &= (uint8_t)~(dt_is_handle(&lv->type) ? DT_HANDLE_CONST : DT_CONST);
        const char *target = dt_is_handle(&lv->type) ? c_type_text(f->c, &shown.type) : ev_type_text(f, &shown);
        /* `@h = obj`: the reference converts the object itself, a reference to it ('C&'), not the
         * handle taken of it (a constructed object keeps its own text) */
        char from[300];
        if (rv->handle_of_object && !rv->made) {
            as_dtype obj = rv->type;
            obj.flags &= (uint8_t)~(DT_HANDLE | DT_HANDLE_CONST | DT_REF);
            snprintf(from, sizeof from, "%s&", c_type_text(f->c, &obj));
        } else {
            snprintf(from, sizeof from, "%s", ev_conv_text(f, rv, &lv->type));
        }
        /* at the start of the value's expression (`h.m`, `a + b`), as the reference reports it */
        c_error_pos(f->c, c_expr_start(rv->src ? rv->src : at), "Can't implicitly convert from '%s' to '%s'.", from, target);
        ev_free(f, rv);
        ev_free(f, lv);
        ev_error(out);
        return;
    }
    int src;
    if (lv->kind == EV_SLOT && !dt_is_pointer(&lv->type) && rv->kind == EV_SLOT && rv->temp && rv->objvar < 0 &&
        retarget_last(f, rv->slot, lv->slot)) {
        src = lv->slot;
    } else if (lv->kind == EV_SLOT && !dt_is_pointer(&lv->type) && rv->kind == EV_CONST) {
        ev_to_slot(f, rv, lv->slot);
        src = lv->slot;
    } else {
        src = ev_to_slot(f, rv, -1);
        ev_store(f, lv, src, at);
    }
    ev_free(f, rv);
    /* the value of an assignment is the assigned variable (or memory) */
    *out = *lv;
    (void)src;
}

void compile_initlist_expr(fc *f, ast_node *n, const as_dtype *want, ev *out);

bool ctor_compile_init_assign(fc *f, ast_node *n, ev *out);

static void compile_assign(fc *f, ast_node *n, ev *out);

/* ----------------------------------------------------------------------- s = s + x
 * `s = s + x` on a local string is `s += x`: the string grows in place instead of being copied
 * whole into a new one every time (a loop doing it a million times is linear, not quadratic).
 * Only where nothing can tell the difference: s is a local string variable (no reference can
 * alias it), x does not mention s, and the operands after x in `s = s + x + "y" + 1` are
 * literals (nothing can throw between two appends and leave s half-built). */

static bool list_mentions(const ast_list *l, const char *name);

/* Whether an expression may read or write the variable `name` (true when unsure). */
static bool mentions(const ast_node *n, const char *name)
{
    if (!n) return false;
    switch (n->kind) {
    case AST_LITERAL: return false;
    case AST_IDENT: return n->u.ident.name == name || strcmp(n->u.ident.name, name) == 0;
    case AST_ARG: return mentions(n->u.arg.value, name);
    case AST_CALL: return mentions(n->u.call.object, name) || list_mentions(&n->u.call.args, name);
    case AST_UNARY: case AST_POSTFIX: return mentions(n->u.unary.operand, name);
    case AST_BINARY: return mentions(n->u.binary.lhs, name) || mentions(n->u.binary.rhs, name);
    case AST_MEMBER: return mentions(n->u.member.object, name);
    case AST_INDEX: return mentions(n->u.index.object, name) || list_mentions(&n->u.index.args, name);
    case AST_CAST: return mentions(n->u.cast.expr, name);
    case AST_CONSTRUCT: return list_mentions(&n->u.construct.args, name);
    case AST_TERNARY:
        return mentions(n->u.ternary.cond, name) || mentions(n->u.ternary.a, name) || mentions(n->u.ternary.b, name);
    default: return true;
    }
}

static bool list_mentions(const ast_list *l, const char *name)
{
    for (int i = 0; i < l->count; i++)
        if (mentions(l->items[i], name)) return true;
    return false;
}

static bool is_plain_ident(const ast_node *n)
{
    return n->kind == AST_IDENT && !n->u.ident.global_scope && !n->u.ident.scope.count && !n->u.ident.scope_type;
}

/* Compiles `s = s + x ...` as appends when that is safe; false when it is not that case. */
static bool compile_append_assign(fc *f, ast_node *n, ev *out)
{
    ast_node *lhs = n->u.binary.lhs, *rhs = n->u.binary.rhs;
    if (!is_plain_ident(lhs) || rhs->kind != AST_BINARY || rhs->u.binary.op != OP_ADD) return false;
    ast_node *ops[8];
    int nops = 0;
    ast_node *left = rhs;
    while (left->kind == AST_BINARY && left->u.binary.op == OP_ADD) {
        if (nops == 8) return false;
        ops[nops++] = left->u.binary.rhs;
        left = left->u.binary.lhs;
    }
    if (!is_plain_ident(left) || strcmp(left->u.ident.name, lhs->u.ident.name) != 0) return false;
    /* ops[nops - 1] is appended first; the later ones must be literals */
    if (mentions(ops[nops - 1], lhs->u.ident.name)) return false;
    for (int i = 0; i < nops - 1; i++)
        if (ops[i]->kind != AST_LITERAL || ops[i]->u.lit.kind == LIT_NULL) return false;
    ev probe;
    if (!f->c->engine->string_type || !compile_probe(f, lhs, &probe, false)) return false;
    if (probe.kind != EV_SLOT || probe.type.type != f->c->engine->string_type || probe.type.flags != 0 || !probe.lvalue)
        return false;
    /* what the string's opAdd and opAddAssign both take: a string or a number or bool */
    ev first;
    if (!compile_probe(f, ops[nops - 1], &first, false) || dt_is_handle(&first.type)) return false;
    if (first.type.type != f->c->engine->string_type && !dt_is_primitive(&first.type)) return false;
    for (int i = nops - 1; i >= 0; i--) {
        /* `s += op`, reported at the assignment (only the binary member: a node is allocated
         * as large as its kind needs, so *n is not copied whole) */
        ast_node add;
        memset(&add, 0, sizeof add);
        add.kind = n->kind;
        add.pos = n->pos;
        add.u.binary.op = OP_ADD;
        add.u.binary.lhs = lhs;
        add.u.binary.rhs = ops[i];
        compile_assign(f, &add, out);
        if (i > 0) ev_free(f, out);
        if (out->kind == EV_ERROR) return true;
    }
    return true;
}

static void compile_assign(fc *f, ast_node *n, ev *out)
{
    int op = n->u.binary.op;
    if (f->ctor_ninit && ctor_compile_init_assign(f, n, out)) return;
    if (op == OP_ASSIGN && compile_append_assign(f, n, out)) return;
    if (op == OP_ASSIGN) {
        /* the right side runs first, as in the reference */
        ev rv, lv;
        ast_node *lhs = n->u.binary.lhs;
        bool handle_assign = lhs->kind == AST_UNARY && lhs->u.unary.op == OP_HANDLE;
        if (n->u.binary.rhs->kind == AST_INITLIST && !handle_assign && lhs->kind == AST_IDENT &&
            !lhs->u.ident.scope.count && !lhs->u.ident.scope_type && !n->u.binary.rhs->u.init.type) {
            /* `dictionary = {...}`: an anonymous list of a named type, when no variable has that name */
            ev probe;
            as_type *lt = NULL;
            bool value = compile_probe(f, lhs, &probe, false) && probe.kind != EV_TYPE;
            if (!value) lt = c_find_type(f->c, f->ns, lhs->u.ident.name, true);
            if (lt && lt->kind == TYPE_OBJECT) {
                as_dtype want = dt_of(lt, 0);
                compile_initlist_expr(f, n->u.binary.rhs, &want, out);
                return;
            }
        }
        as_type *saved_hint = f->enum_hint;
        if (n->u.binary.rhs->kind == AST_IDENT && !handle_assign) {
            /* `e = cYes`: an enum value name several enums have takes the left side's enum */
            ev probe;
            if (compile_probe(f, lhs, &probe, false) && probe.type.type && probe.type.type->kind == TYPE_ENUM) f->enum_hint = probe.type.type;
        }
        if (n->u.binary.rhs->kind == AST_INITLIST) {
            /* `x = {...}`: the list takes the type of the left side */
            ev probe;
            if (compile_probe(f, handle_assign ? lhs->u.unary.operand : lhs, &probe, false)) {
                as_dtype want = probe.type;
                want.flags &= (uint8_t)~(DT_CONST | DT_HANDLE);
                compile_initlist_expr(f, n->u.binary.rhs, &want, &rv);
            } else {
                compile_expr(f, n->u.binary.rhs, &rv);
            }
        } else {
            compile_expr(f, n->u.binary.rhs, &rv);
        }
        f->enum_hint = saved_hint;
        f->want_lvalue = true;
        f->assign_target = handle_assign ? lhs->u.unary.operand : lhs;
        compile_expr(f, handle_assign ? lhs->u.unary.operand : lhs, &lv);
        f->assign_target = NULL;
        f->want_lvalue = false;
        if (handle_assign && lv.kind != EV_ERROR && rv.kind != EV_ERROR && lv.type.type && lv.type.type->kind == TYPE_OBJECT &&
            (lv.type.type->flags & AS_OBJ_ASHANDLE) && !dt_is_handle(&lv.type)) {
            if (rv.kind == EV_PROP) ev_resolve_prop(f, &rv, n);
            /* `@v = obj` hands over a handle to obj */
            if (rv.kind != EV_ERROR && rv.kind != EV_NULL && rv.kind != EV_FUNC && dt_is_ref_obj(&rv.type)) rv.type.flags |= DT_HANDLE;
            opcall_handle_assign_method(f, &lv, &rv, n, false, out);
            return;
        }
        if (handle_assign && lv.kind != EV_ERROR) {
            if (!dt_is_handle(&lv.type) || (lv.type.flags & DT_HANDLE_CONST)) {
                /* `T@ const`: the handle itself is read-only */
                bool ro = dt_is_handle(&lv.type) && (lv.kind == EV_MEM || lv.kind == EV_GLOBAL);
                c_error(f->c, n, ro ? "Reference is read-only" : "Expression is not an l-value");
                ev_free(f, &lv);
                ev_free(f, &rv);
                ev_error(out);
                return;
            }
            if (rv.kind != EV_ERROR && rv.kind != EV_NULL && rv.kind != EV_FUNC && dt_is_ref_obj(&rv.type) && !dt_is_handle(&rv.type)) {
                rv.type.flags |= DT_HANDLE;
                rv.handle_of_object = true;
            }
            rv.handle_store = true;
        }
        assign_to(f, &lv, &rv, n, out);
        return;
    }
    /* compound: lhs op= rhs, lhs evaluated once */
    ev rv, lv;
    compile_expr(f, n->u.binary.rhs, &rv);
    compile_expr(f, n->u.binary.lhs, &lv);
    if (lv.kind == EV_ERROR || rv.kind == EV_ERROR) { ev_free(f, &rv); ev_free(f, &lv); ev_error(out); return; }
    if (dt_is_object(&lv.type) || lv.kind == EV_PROP) {
        if (rv.kind == EV_PROP) ev_resolve_prop(f, &rv, n);
        opcall_compound(f, op, &lv, &rv, n, out);
        return;
    }
    if (rv.kind == EV_PROP) ev_resolve_prop(f, &rv, n);
    if (!lv.lvalue) {
        c_error(f->c, n, lv.readonly ? "Reference is read-only" : "Expression is not an l-value");
        ev_free(f, &rv); ev_free(f, &lv); ev_error(out);
        return;
    }
    if (!dt_is_primitive(&rv.type)) {
        opcall_compound(f, op, &lv, &rv, n, out);
        return;
    }
    ev cur = ev_view(&lv);
    if (lv.kind != EV_SLOT) ev_to_slot(f, &cur, -1);
    ev res;
    expr_numeric_binary(f, op, &cur, &rv, n, &res);
    if (res.kind == EV_ERROR) { ev_free(f, &lv); ev_error(out); return; }
    as_dtype to = lv.type;
    to.flags &= (uint8_t)~DT_CONST;
    if (!conv_implicit(f, &res, &to, n, false)) {
        c_error(f->c, n, "Can't implicitly convert from '%s' to '%s'.", c_type_text(f->c, &res.type), c_type_text(f->c, &to));
        ev_free(f, &res);
        ev_free(f, &lv);
        ev_error(out);
        return;
    }
    int src;
    if (lv.kind == EV_SLOT && res.kind == EV_SLOT && res.temp && retarget_last(f, res.slot, lv.slot)) src = lv.slot;
    else {
        src = ev_to_slot(f, &res, -1);
        ev_store(f, &lv, src, n);
    }
    ev_free(f, &res);
    /* the value of `x op= y` is x itself (read again where it is used) */
    *out = lv;
}

/* ======================================================================= ternary */

/* ----------------------------------------------------------------------- result type (2.38)
 *
 * The result type of `c ? a : b` when the branches differ, as 2.38 has it:
 *  - numbers: a floating point branch makes it float (double if either is double); otherwise
 *    an unsigned branch wins over a signed one (uint8 over int16); else the larger size.
 *    An enum counts as int, two different enums do not mix, nor bool with numbers;
 *  - null with a handle: the handle's type; null with null: null;
 *  - objects: the same type, or the base class / interface one branch converts to (a handle);
 *  - functions: a funcdef handle with a function of its signature; two functions of the same
 *    signature: the first funcdef declared with it. */

static bool tern_is_number(int pid) { return pid >= AS_TYPEID_INT8 && pid <= AS_TYPEID_DOUBLE; }
static bool tern_is_unsigned(int pid) { return pid >= AS_TYPEID_UINT8 && pid <= AS_TYPEID_UINT64; }
static int tern_size(int pid)
{
    switch (pid) {
    case AS_TYPEID_INT8: case AS_TYPEID_UINT8: return 1;
    case AS_TYPEID_INT16: case AS_TYPEID_UINT16: return 2;
    case AS_TYPEID_INT64: case AS_TYPEID_UINT64: case AS_TYPEID_DOUBLE: return 8;
    default: return 4;
    }
}

/* The one function an EV_FUNC names, or NULL (reporting when there are several). */
static as_function *tern_single_func(fc *f, const ev *e, const ast_node *at)
{
    if (e->single) return e->single;
    as_function *fn = NULL;
    int n = 0;
    for (as_symbol *s = e->funcs; s; s = s->next)
        if (s->kind == SYM_FUNC) {
            fn = s->ptr;
            n++;
        }
    if (n > 1) {
        c_error(f->c, at, "Multiple matching signatures to '%s::%s'", fn->ns ? fn->ns->name : "", fn->name);
        return NULL;
    }
    return fn;
}

typedef enum { TU_FAIL, TU_TYPE, TU_NULL, TU_REPORTED } tern_unify_result;

static tern_unify_result ternary_unify(fc *f, const ev *a, const ev *b, const ast_node *an, const ast_node *bn, as_dtype *rt)
{
    if (a->kind == EV_NULL && b->kind == EV_NULL) return TU_NULL;
    if (a->kind == EV_FUNC || b->kind == EV_FUNC) {
        /* a function stands for a handle of the first funcdef declared with its signature */
        as_type *ta = NULL, *tb = NULL;
        if (a->kind == EV_FUNC) {
            as_function *fa = tern_single_func(f, a, an);
            if (!fa) return TU_REPORTED;
            ta = opcall_funcdef_of(f, fa);
        } else if (a->kind != EV_NULL) {
            ta = a->type.type;
        }
        if (b->kind == EV_FUNC) {
            as_function *fb = tern_single_func(f, b, bn);
            if (!fb) return TU_REPORTED;
            tb = opcall_funcdef_of(f, fb);
        } else if (b->kind != EV_NULL) {
            tb = b->type.type;
        }
        if (a->kind == EV_NULL) ta = tb;
        if (b->kind == EV_NULL) tb = ta;
        if (!ta || ta != tb || ta->kind != TYPE_FUNCDEF) return TU_FAIL;
        *rt = dt_of(ta, DT_HANDLE);
        return TU_TYPE;
    }
    if (a->kind == EV_NULL || b->kind == EV_NULL) {
        const ev *o = a->kind == EV_NULL ? b : a;
        if (!dt_is_pointer(&o->type) && !(o->type.type && o->type.type->kind == TYPE_FUNCDEF)) return TU_FAIL;
        *rt = o->type;
        if (dt_is_ref_obj(rt) || rt->type->kind == TYPE_FUNCDEF) rt->flags |= DT_HANDLE;
        return TU_TYPE;
    }
    if (!a->type.type || !b->type.type) return TU_FAIL;
    if (a->type.type == b->type.type) {
        *rt = a->type;
        rt->flags = (uint8_t)(rt->flags | (b->type.flags & (DT_HANDLE | DT_CONST)));
        return TU_TYPE;
    }
    int pa = dt_prim_id(&a->type), pb = dt_prim_id(&b->type);
    if (pa > 0 || pb > 0) {
        if (!tern_is_number(pa) || !tern_is_number(pb)) return TU_FAIL;
        if (a->type.type->kind == TYPE_ENUM && b->type.type->kind == TYPE_ENUM) return TU_FAIL;
        int r;
        if (pa == AS_TYPEID_DOUBLE || pb == AS_TYPEID_DOUBLE) r = AS_TYPEID_DOUBLE;
        else if (pa == AS_TYPEID_FLOAT || pb == AS_TYPEID_FLOAT) r = AS_TYPEID_FLOAT;
        else if (tern_is_unsigned(pa) != tern_is_unsigned(pb)) r = tern_is_unsigned(pa) ? pa : pb;
        else r = tern_size(pa) >= tern_size(pb) ? pa : pb;
        *rt = dt_prim(f, r);
        return TU_TYPE;
    }
    /* objects: one converts to the other's class or interface */
    const ev *from = NULL, *to = NULL;
    if (derives_from(a->type.type, b->type.type)) from = a, to = b;
    else if (derives_from(b->type.type, a->type.type)) from = b, to = a;
    if (!to || !dt_is_ref_obj(&to->type)) return TU_FAIL;
    *rt = to->type;
    rt->flags = (uint8_t)(rt->flags | DT_HANDLE | (from->type.flags & DT_CONST));
    return TU_TYPE;
}

/* Converts a compiled branch to the result type rt. */
static bool ternary_convert(fc *f, ev *v, const as_dtype *rt, const ast_node *at)
{
    if (v->kind == EV_ERROR) return false;
    if (v->kind == EV_FUNC) return rt->type && rt->type->kind == TYPE_FUNCDEF && opcall_func_to_handle(f, v, rt->type, at);
    if (v->kind == EV_NULL || (v->type.type == rt->type && ((v->type.flags ^ rt->flags) & DT_HANDLE) == 0)) return true;
    as_dtype want = *rt;
    want.flags &= (uint8_t)~DT_CONST;
    if (dt_is_handle(rt)) want.flags |= (uint8_t)(rt->flags & DT_CONST);
    return conv_implicit(f, v, &want, at, false);
}

typedef enum { TERN_PLAIN, TERN_HANDLE, TERN_VALUE, TERN_LVALUE } tern_mode;

/* Stops a temporary's object range at the current instruction without releasing it: its
 * ownership moved elsewhere. */
static void ev_disown(fc *f, ev *e)
{
    if (e->objvar >= 0) {
        objvar_end(f, e->objvar);
        e->objvar = -1;
    }
}

/* One branch's value into the result (slot d or value storage). */
static void ternary_branch(fc *f, ev *v, tern_mode mode, int d, const ast_node *at)
{
    switch (mode) {
    case TERN_VALUE: {
        ev tmp;
        ev_copy_value(f, v, d, &tmp, at);
        /* the result's life starts where the branches meet */
        if (tmp.objvar >= 0) {
            f->objvars.data[tmp.objvar].start = f->objvars.data[tmp.objvar].end = emit_pc(f);
        }
        break;
    }
    case TERN_LVALUE:
        if (v->kind == EV_SLOT) f->tern_local_ref = true;
        if (v->kind == EV_SLOT) emit(f, BC_ADDR, d, v->slot, 0);
        else ev_address(f, v, d);
        break;
    case TERN_HANDLE:
        if (v->kind == EV_NULL) {
            emit_sbx(f, BC_LI, d, 0);
        } else if (v->kind == EV_SLOT && v->temp && v->objvar >= 0) {
            emit(f, BC_MOV, d, v->slot, 0);   /* the temporary's reference moves to the result */
            ev_disown(f, v);
        } else {
            ev_to_slot(f, v, d);
            emit(f, BC_ADDREF, d, k_type(f, v->type.type), 0);
        }
        break;
    case TERN_PLAIN:
        ev_to_slot(f, v, d);
        break;
    }
    ev_free(f, v);
}

/* c ? a : b. The reference requires both branches to have the same type (each primitive type
 * converts to every other, so a mix is ambiguous). As an assignment target, both branches must
 * be lvalues and the result is the address of the chosen one. Temporaries of a branch die in
 * the branch; the result owns its value from where the branches meet. */
static void compile_ternary(fc *f, ast_node *n, ev *out)
{
    bool as_lvalue = f->want_lvalue;
    f->want_lvalue = false;
    ast_node *an = n->u.ternary.a, *bn = n->u.ternary.b;
    bool a_list = an->kind == AST_INITLIST && !an->u.init.type, b_list = bn->kind == AST_INITLIST && !bn->u.init.type;
    patch_list to_else = {0};
    mem_cleanup hold;
    patch_list_hold(&to_else, &hold);
    compile_cond(f, n->u.ternary.cond, false, &to_else);
    if (a_list && b_list) {
        /* neither branch says what the lists make */
        c_error(f->c, an, "Unable to resolve auto type");
        VEC_FREE(to_else);
        ev_error(out);
        return;
    }
    /* what the second branch is, to know the result type before the first one is stored */
    ev bp;
    bool have_bp = !b_list && compile_probe(f, bn, &bp, false);
    if (have_bp && bp.kind == EV_PROP) have_bp = false;
    ev a;
    if (a_list) {
        if (have_bp && bp.kind != EV_NULL && bp.kind != EV_FUNC && dt_is_object(&bp.type)) {
            as_dtype want = bp.type;
            want.flags &= (uint8_t)~(DT_HANDLE | DT_CONST);
            compile_initlist_expr(f, an, &want, &a);
        } else {
            compile_initlist_expr(f, an, NULL, &a);
        }
    } else {
        compile_expr(f, an, &a);
    }
    if (a.kind == EV_PROP) ev_resolve_prop(f, &a, an);
    bool ok = a.kind != EV_ERROR;
    as_dtype rt = a.type;
    bool null_result = false;
    tern_mode mode = TERN_PLAIN;
    if (ok && b_list) {
        /* the list takes the first branch's type */
        if (a.kind == EV_NULL || a.kind == EV_FUNC || !dt_is_object(&a.type)) {
            c_error(f->c, bn, "Initialization lists cannot be used here");
            ok = false;
        }
    } else if (ok && have_bp) {
        bool same_lvalues = as_lvalue && a.lvalue && bp.lvalue && a.kind != EV_NULL && bp.kind != EV_NULL &&
                            dt_same_type(&a.type, &bp.type);
        if (!same_lvalues) {
            tern_unify_result u = ternary_unify(f, &a, &bp, an, bn, &rt);
            if (u == TU_FAIL) c_error(f->c, n->u.ternary.cond, "Can't find unambiguous implicit conversion to make both expressions have the same type");
            if (u == TU_FAIL || u == TU_REPORTED) ok = false;
            null_result = u == TU_NULL;
        }
    }
    if (ok && !null_result && !(as_lvalue && a.lvalue) && !ternary_convert(f, &a, &rt, an)) ok = false;
    ev a_info = a;
    if (ok) {
        if (as_lvalue && a.lvalue && (a.kind == EV_SLOT || a.kind == EV_MEM || a.kind == EV_GLOBAL)) mode = TERN_LVALUE;
        else if (null_result) mode = TERN_HANDLE;
        else if (dt_is_value_obj(&rt)) mode = TERN_VALUE;
        else if (dt_is_pointer(&rt)) mode = TERN_HANDLE;
    }
    int nslots = mode == TERN_VALUE ? dtype_slots(&rt) : 1;
    int d = mode == TERN_VALUE ? value_storage(f, rt.type) : slot_alloc(f, 1);
    if (ok) ternary_branch(f, &a, mode, d, an);
    else ev_free(f, &a);
    uint32_t to_end = emit_jump(f, BC_JMP, 0);
    patch_list_drop(&hold);
    patch_list_here(f, &to_else);
    ev b;
    if (b_list && ok) {
        as_dtype want = rt;
        want.flags &= (uint8_t)~(DT_HANDLE | DT_CONST);
        compile_initlist_expr(f, bn, &want, &b);
    } else {
        compile_expr(f, bn, &b);
    }
    if (b.kind == EV_PROP) ev_resolve_prop(f, &b, bn);
    if (b.kind == EV_ERROR) ok = false;
    if (ok && !have_bp && !b_list) {
        /* the probe could not tell: the branches must agree as they are */
        bool match = (a_info.kind == EV_NULL || b.kind == EV_NULL) ? (dt_is_pointer(&a_info.type) || dt_is_pointer(&b.type) ||
                                                                        (a_info.kind == EV_NULL && b.kind == EV_NULL))
                                                                     : dt_same_type(&a_info.type, &b.type);
        if (!match) {
            c_error(f->c, n->u.ternary.cond, "Can't find unambiguous implicit conversion to make both expressions have the same type");
            ok = false;
        }
    }
    if (ok && mode == TERN_LVALUE && !b.lvalue) {
        c_error(f->c, bn, "Expression is not an l-value");
        ok = false;
    }
    if (ok && mode != TERN_LVALUE && !null_result && !ternary_convert(f, &b, &rt, bn)) ok = false;
    if (ok) ternary_branch(f, &b, mode, d, bn);
    else ev_free(f, &b);
    patch_here(f, to_end);
    if (!ok) {
        slot_free(f, d, nslots);
        ev_error(out);
        return;
    }
    if (null_result) {
        /* null : null is the null constant */
        slot_free(f, d, nslots);
        ev_init(out, EV_NULL);
        return;
    }
    if (a_info.kind == EV_NULL && !have_bp) rt = b.type;
    ev_init(out, mode == TERN_LVALUE ? EV_MEM : EV_SLOT);
    out->slot = (uint16_t)d;
    out->temp = true;
    out->ntemp = (uint16_t)nslots;
    out->type = rt;
    out->type.flags &= (uint8_t)~DT_CONST;
    if (dt_is_handle(&rt)) out->type.flags |= (uint8_t)(rt.flags & DT_CONST);
    out->lvalue = mode == TERN_LVALUE;
    if (mode == TERN_HANDLE && dt_is_pointer(&rt)) out->objvar = objvar_begin(f, d, OV_HANDLE, rt.type);
    if (mode == TERN_VALUE && rt.type->beh.destruct) out->objvar = objvar_begin(f, d, OV_VALUE, rt.type);
}

/* ======================================================================= entry points */

void compile_cast(fc *f, ast_node *n, ev *out);
void compile_lambda(fc *f, ast_node *n, ev *out);
void compile_initlist_expr(fc *f, ast_node *n, const as_dtype *want, ev *out);

/* The operand a node compiles before anything else, for the nodes that do: prefix and postfix
 * operators, the left side of binary operators, the object of members, indexes and method calls,
 * the callee of an invocation. Chains of them (`x + x + ... + x`, `- - - x`, `a.b.c.d`) are
 * compiled in a loop rather than by recursion, so their length is not limited by the C stack. */
static ast_node *first_operand(const ast_node *n)
{
    switch (n->kind) {
    case AST_UNARY: case AST_POSTFIX: return n->u.unary.operand;
    case AST_BINARY: return n->u.binary.lhs;
    case AST_MEMBER: return n->u.member.object;
    case AST_INDEX: return n->u.index.object;
    case AST_INVOKE: return n->u.invoke.callee;
    case AST_CALL: return n->u.call.object;     /* NULL for a function call */
    default: return NULL;
    }
}

/* n applied to the already compiled value of first_operand(n) (consumed). */
static void compile_with_operand(fc *f, ast_node *n, ev *v, ev *out)
{
    switch (n->kind) {
    case AST_UNARY: compile_unary_with(f, n, v, out); break;
    case AST_POSTFIX: compile_incdec_with(f, n, n->u.unary.operand, false, n->u.unary.op == OP_POSTINC, v, out); break;
    case AST_BINARY: compile_binary_with(f, n, v, out); break;
    case AST_MEMBER: compile_member_with(f, n, v, out); break;
    case AST_INDEX: compile_index_with(f, n, v, out); break;
    case AST_INVOKE: compile_invoke_with(f, n, v, out); break;
    case AST_CALL: opcall_method_call_with(f, n, v, out); break;
    default: ev_free(f, v); ev_error(out); break;
    }
    out->pos = n->pos;
}

/* Nesting of compile_expr through what is not a chain (arguments, parentheses, conditions):
 * the parser limits it already (PARSE_MAX_DEPTH); this is the compiler's own guard. */
#define COMPILE_MAX_DEPTH 2000

static void compile_node(fc *f, ast_node *n, ev *out)
{
    if (f->c->expr_depth >= COMPILE_MAX_DEPTH) {
        c_error(f->c, n, "Too deeply nested");
        ev_error(out);
        out->pos = n->pos;
        return;
    }
    f->c->expr_depth++;
    /* only a ternary directly on the left of `=` is compiled as an lvalue */
    bool wl = f->want_lvalue;
    f->want_lvalue = wl && n->kind == AST_TERNARY;
    switch (n->kind) {
    case AST_LITERAL: compile_literal(f, n, out); break;
    case AST_IDENT: compile_ident(f, n, out); break;
    case AST_ASSIGN: compile_assign(f, n, out); break;
    case AST_TERNARY: compile_ternary(f, n, out); break;
    case AST_CALL: compile_call(f, n, out); break;
    case AST_CONSTRUCT: compile_construct(f, n, out); break;
    case AST_CAST: compile_cast(f, n, out); break;
    case AST_LAMBDA: compile_lambda(f, n, out); break;
    case AST_INITLIST: compile_initlist_expr(f, n, NULL, out); break;
    case AST_VOIDEXPR:
        ev_init(out, EV_VOIDARG);
        out->type = dt_prim(f, AS_TYPEID_VOID);
        break;
    default:
        c_error(f->c, n, "Unexpected expression");
        ev_error(out);
        break;
    }
    out->pos = n->pos;
    f->c->expr_depth--;
}

void compile_expr(fc *f, ast_node *n, ev *out)
{
    if (!first_operand(n)) {
        compile_node(f, n, out);
        out->src = n;
        return;
    }
    /* the chain from n down to the first node that is not part of one */
    ast_node *local[16];
    ast_node **chain = local;
    int count = 0, cap = 16;
    ast_node *base = n;
    for (ast_node *c; (c = first_operand(base)); base = c) {
        if (count == cap) {
            ast_node **grown = mem_alloc((size_t)cap * 2 * sizeof *grown);
            if (!grown) {
                if (chain != local) mem_free(chain);
                c_error(f->c, n, "out of memory");
                ev_error(out);
                out->pos = n->pos;
                return;
            }
            memcpy(grown, chain, (size_t)count * sizeof *grown);
            if (chain != local) mem_free(chain);
            chain = grown;
            cap *= 2;
        }
        chain[count++] = base;
    }
    /* none of these is a ternary: as for compile_node, no lvalue is wanted below */
    f->want_lvalue = false;
    ev v;
    compile_node(f, base, &v);
    for (int i = count; i-- > 0;) {
        ev r;
        compile_with_operand(f, chain[i], &v, &r);
        v = r;
    }
    if (chain != local) mem_free(chain);
    *out = v;
    out->src = n;
}

void compile_expr_as(fc *f, ast_node *n, const as_dtype *want, ev *out)
{
    if (n->kind == AST_INITLIST) {
        compile_initlist_expr(f, n, want, out);
        return;
    }
    if (n->kind == AST_LAMBDA && want && want->type && want->type->kind == TYPE_FUNCDEF) {
        extern void compile_lambda_as(fc *f, ast_node *n, as_type *fd, ev *out);
        compile_lambda_as(f, n, want->type, out);
        return;
    }
    /* the context of this conversion's messages, not of those inside the expression */
    int site = f->return_style ? MT_RETURN : f->msg_target;
    f->return_style = false;
    f->msg_target = MT_NONE;
    as_type *hint = f->enum_hint;
    f->enum_hint = want->type && want->type->kind == TYPE_ENUM ? want->type : NULL;
    compile_expr(f, n, out);
    f->enum_hint = hint;
    if (out->kind == EV_ERROR) return;
    if (out->kind == EV_PROP) ev_resolve_prop(f, out, n);
    if (out->kind == EV_ERROR) return;
    if (out->kind == EV_FUNC && want->type && want->type->kind == TYPE_FUNCDEF) {
        if (!opcall_func_to_handle(f, out, want->type, n)) ev_error(out);
        return;
    }
    if (!conv_implicit(f, out, want, n, false)) {
        if (opcall_convert(f, out, want, n, false)) return;
        /* a return value of a primitive type: the reference's other wording */
        if (site == MT_RETURN && !dt_is_object(want))
            c_error(f->c, n, "No conversion from '%s' to '%s' available.", ev_conv_text(f, out, want), c_type_text(f->c, want));
        else
            c_error_pos(f->c, c_expr_start(n), "Can't implicitly convert from '%s' to '%s'.", ev_conv_text(f, out, want), dt_target_text_in(f, want, site));
        ev_free(f, out);
        ev_error(out);
    }
}

void compile_discard(fc *f, ast_node *n)
{
    ev v;
    /* x++ whose value nobody reads is ++x: no copy of the old value (enums only have the
     * postfix form, objects have their own operators) */
    if (n->kind == AST_POSTFIX) {
        ev probe;
        if (compile_probe(f, n->u.unary.operand, &probe, false) && dt_is_primitive(&probe.type) &&
            probe.type.type->kind != TYPE_ENUM) {
            ast_node pre;
            memcpy(&pre, n, ast_node_size(AST_POSTFIX));
            pre.kind = AST_UNARY;
            pre.u.unary.op = n->u.unary.op == OP_POSTINC ? OP_PREINC : OP_PREDEC;
            compile_expr(f, &pre, &v);
            ev_free(f, &v);
            return;
        }
    }
    compile_expr(f, n, &v);
    if (v.kind == EV_PROP) ev_resolve_prop(f, &v, n);
    if (v.kind == EV_FUNC) {
        /* a function name on its own: which function, and what to do with it? */
        c_error(f->c, n, "Invalid expression: ambiguous name");
    }
    ev_free(f, &v);
}

/* Constant folding without code: compile into a throwaway buffer and keep only constants. */
bool compile_const_value(fc *f, ast_node *n, ev *out)
{
    return compile_probe(f, n, out, true);
}

/* compile_probe's results, by node and what name lookup depends on. An expression may probe
 * its operand and then compile it (T(x) checks x for conversion operators first): without the
 * memo, nesting such expressions n deep would compile the innermost one 2^n times. */
typedef struct probe_memo {
    const ast_node *node;
    const scope *scope;
    int nvars;
    const as_namespace *ns;
    const as_type *objtype;
    uint32_t gen;
    bool need_const, want_lvalue, ok;
    ev v;
} probe_memo;

static uint32_t memo_hash(const ast_node *n) { return (uint32_t)(((uintptr_t)n >> 4) * 2654435761u); }

static probe_memo *memo_find(fc *f, const ast_node *n, bool need_const, bool insert)
{
    if (insert && (f->memo_count + 1) * 2 > f->memo_cap) {
        uint32_t ncap = f->memo_cap ? f->memo_cap * 2 : 64;
        probe_memo *nm = mem_calloc(ncap, sizeof *nm);
        if (!nm) return NULL;
        for (uint32_t i = 0; i < f->memo_cap; i++) {
            probe_memo *e = &f->memo[i];
            if (!e->node || e->gen != f->memo_gen) continue;
            uint32_t h = memo_hash(e->node) & (ncap - 1);
            while (nm[h].node) h = (h + 1) & (ncap - 1);
            nm[h] = *e;
        }
        mem_free(f->memo);
        f->memo = nm;
        f->memo_cap = ncap;
    }
    if (!f->memo_cap) return NULL;
    int nvars = f->scope ? f->scope->vars.count : 0;
    for (uint32_t h = memo_hash(n) & (f->memo_cap - 1);; h = (h + 1) & (f->memo_cap - 1)) {
        probe_memo *e = &f->memo[h];
        if (!e->node || e->gen != f->memo_gen) {
            if (!insert) return NULL;
            memset(e, 0, sizeof *e);
            e->node = n;
            e->scope = f->scope;
            e->nvars = nvars;
            e->ns = f->ns;
            e->objtype = f->objtype;
            e->gen = f->memo_gen;
            e->need_const = need_const;
            e->want_lvalue = f->want_lvalue;
            f->memo_count++;
            return e;
        }
        if (e->node == n && e->scope == f->scope && e->nvars == nvars && e->ns == f->ns && e->objtype == f->objtype &&
            e->need_const == need_const && e->want_lvalue == f->want_lvalue)
            return insert ? NULL : e;
    }
}

bool compile_probe(fc *f, ast_node *n, ev *out, bool need_const)
{
    probe_memo *known = memo_find(f, n, need_const, false);
    if (known) {
        if (known->ok) *out = known->v;
        return known->ok;
    }
    if (need_const) switch (n->kind) {
    case AST_LITERAL:
        if (n->u.lit.kind == LIT_STRING || n->u.lit.kind == LIT_NULL) return false;
        if (n->u.lit.kind == LIT_CHAR && !E(f)->props[AS_EP_USE_CHARACTER_LITERALS]) return false;
        break;
    case AST_IDENT: case AST_UNARY: case AST_BINARY: case AST_CONSTRUCT: case AST_TERNARY:
        break;
    default:
        return false;
    }
    /* compile in a sandbox: save the code position and discard what was emitted */
    int code = f->code.count, consts = f->consts.count, kbytes = f->kbytes.count, objs = f->objvars.count, top = f->top;
    uint32_t label = f->label_pc;
    int errors = f->c->diag.errors, warnings = f->c->diag.warnings;
    void (*report)(void *, int, int, int, as_diag_type, const char *) = f->c->diag.report;
    f->c->diag.report = NULL;
    ev v;
    compile_expr(f, n, &v);
    if (v.kind == EV_PROP) ev_resolve_prop(f, &v, n);
    bool ok = (v.kind == EV_CONST || !need_const) && v.kind != EV_ERROR && f->c->diag.errors == errors;
    ev_free(f, &v);
    f->code.count = code;
    f->consts.count = consts;
    f->kbytes.count = kbytes;
    f->objvars.count = objs;
    f->label_pc = label;
    while (f->top > top) slot_free(f, f->top - 1, 1);
    f->c->diag.report = report;
    f->c->diag.errors = errors;
    f->c->diag.warnings = warnings;
    if (ok) *out = v;
    probe_memo *m = memo_find(f, n, need_const, true);
    if (m) {
        m->ok = ok;
        m->v = v;
    }
    return ok;
}
