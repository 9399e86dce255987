/* The registration API: the host's types, behaviours, methods, properties, functions and
 * globals, from declaration strings parsed and resolved by the compiler itself. */
#include "engine.h"
#include "util/mem.h"
#include "../compiler/compiler.h"
#include "../compiler/ev.h"
#include "../parser/parser.h"
#include "../native/native.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ======================================================================= helpers */

static void reg_report(void *user, int section, int line, int col, as_diag_type type, const char *msg)
{
    as_engine *e = user;
    (void)section; (void)line; (void)col;
    as_msgtype t = type == DIAG_ERROR ? AS_MSG_ERROR : type == DIAG_WARNING ? AS_MSG_WARNING : AS_MSG_INFORMATION;
    as_engine_write_message(e, e->reg_decl ? e->reg_decl : "", 0, 0, t, msg);
}

as_compiler *compiler_for_registration(as_engine *e, as_compiler *c)
{
    memset(c, 0, sizeof *c);
    c->engine = e;
    c->arena = &e->arena;
    c->in_registration = true;
    c->diag.report = reg_report;
    c->diag.user = e;
    return c;
}

void compiler_done(as_compiler *c) { (void)c; }

static as_parse_env parse_env(as_engine *e, as_compiler *c)
{
    as_parse_env env;
    memset(&env, 0, sizeof env);
    env.arena = &e->arena;
    env.names = &e->names;
    env.diag = &c->diag;
    env.section = -1;
    env.registration = true;
    env.no_foreach = e->props[AS_EP_FOREACH_SUPPORT] == 0;
    return env;
}

static int fail(as_engine *e, const char *api, const char *decl, int code, const char *codename)
{
    /* the reference's spelling of the code: asINVALID_ARG */
    bool prefixed = strncmp(codename, "AS_", 3) == 0;
    engine_message(e, "", 0, 0, AS_MSG_ERROR, "Failed in call to function '%s' with '%s' (Code: %s%s, %d)",
                   api, decl ? decl : "", prefixed ? "as" : "", prefixed ? codename + 3 : codename, code);
    return code;
}

#define FAIL(code) fail(e, api, decl, code, #code)

/* A failed registration on an object type names the type too: "with 'Foo' and 'void f(U)'". */
static int fail_obj(as_engine *e, const char *api, const char *type, const char *decl, int code, const char *codename)
{
    char both[1200];
    snprintf(both, sizeof both, "%s' and '%s", type ? type : "", decl ? decl : "");
    return fail(e, api, both, code, codename);
}

#define FAIL_OBJ(code) fail_obj(e, api, type, decl, code, #code)

static bool valid_identifier(const char *s)
{
    if (!s || !*s) return false;
    if (!(*s == '_' || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z'))) return false;
    for (const char *p = s; *p; p++)
        if (!(*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9'))) return false;
    return !parse_is_keyword(s, strlen(s));
}

/* The type named iname (interned) in ns or a namespace around it. */
static as_type *find_type_from(as_engine *e, as_namespace *ns, const char *iname)
{
    for (as_namespace *s = ns; s; s = s->parent) {
        as_symbol *sym = symtab_find_kind(&e->symbols, s, iname, SYM_TYPE);
        if (sym) return sym->ptr;
        if (s == s->parent) break;
    }
    return NULL;
}

static as_type *find_registered_type(as_engine *e, const char *name)
{
    /* "T", the commonest (every method's type is named): no copy, no search for `<` or `::` */
    size_t plain = strcspn(name, ":< ");
    if (!name[plain]) return find_type_from(e, e->default_ns, engine_intern(e, name, plain));
    /* "ns::T", or a template declaration "array<T>" / "array<class T>" */
    char base[256];
    size_t n = strcspn(name, "<");
    if (n >= sizeof base) return NULL;
    memcpy(base, name, n);
    base[n] = 0;
    while (n && base[n - 1] == ' ') base[--n] = 0;
    as_namespace *ns = e->default_ns;
    const char *last = base;
    const char *sep = strstr(base, "::");
    if (sep) {
        const char *p = base, *q;
        while ((q = strstr(p, "::"))) last = q + 2, p = q + 2;
        char nsname[256];
        size_t l = (size_t)(last - 2 - base);
        memcpy(nsname, base, l);
        nsname[l] = 0;
        ns = engine_find_namespace(e, nsname);
        if (!ns) return NULL;
    }
    return find_type_from(e, ns, engine_intern(e, last, strlen(last)));
}

/* The object type a method, behaviour or property is registered on; NULL with *code set (and
 * the reference's message for an unknown name) if there is none. */
static as_type *registration_object_type(as_engine *e, const char *name, int *code)
{
    as_type *t = find_registered_type(e, name);
    if (t) {
        *code = AS_INVALID_OBJECT;
        return t->kind == TYPE_OBJECT ? t : NULL;
    }
    *code = AS_INVALID_TYPE;
    char nsname[256] = "", last[256];
    const char *sep = NULL;
    for (const char *q = strstr(name, "::"); q; q = strstr(q + 2, "::")) sep = q;
    size_t nl = sep ? (size_t)(sep - name) : 0;
    if (nl >= sizeof nsname) nl = sizeof nsname - 1;
    memcpy(nsname, name, nl);
    nsname[nl] = 0;
    snprintf(last, sizeof last, "%.*s", (int)strcspn(sep ? sep + 2 : name, "<"), sep ? sep + 2 : name);
    as_namespace *ns = sep ? engine_find_namespace(e, nsname) : e->default_ns;
    if (!ns) engine_message(e, "", 1, 1, AS_MSG_ERROR, "Namespace '%s' doesn't exist.", nsname);
    else if (!ns->name[0]) engine_message(e, "", 1, 1, AS_MSG_ERROR, "Identifier '%s' is not a data type in global namespace", last);
    else engine_message(e, "", 1, 1, AS_MSG_ERROR, "Identifier '%s' is not a data type in namespace '%s'", last, ns->name);
    return NULL;
}

/* A template function's subtypes in scope while its declaration resolves: a stand-in type whose
 * subtypes they are (the resolver finds subtypes through reg_template), with objtype's child
 * funcdefs. The subtypes are the engine's shared `T`s (made when create, else all must exist).
 * Not for methods of template types, whose own subtypes are in scope. */
#define TMPLFN_MAX_SUBTYPES 16
typedef struct tmplfn_scope {
    as_type stand_in;
    as_dtype subs[TMPLFN_MAX_SUBTYPES];
} tmplfn_scope;

static bool tmplfn_scope_init(as_engine *e, tmplfn_scope *s, const ast_node *n, as_type *objtype, bool create)
{
    const ast_names *names = &n->u.func.tparams;
    memset(&s->stand_in, 0, sizeof s->stand_in);
    if (names->count > TMPLFN_MAX_SUBTYPES) return false;
    for (int i = 0; i < names->count; i++) {
        s->subs[i].type = tmplfn_subtype(e, names->items[i], create);
        s->subs[i].flags = 0;
        if (!s->subs[i].type) return false;
    }
    s->stand_in.kind = TYPE_OBJECT;
    s->stand_in.name = n->u.func.name;
    s->stand_in.subtypes.data = s->subs;
    s->stand_in.subtypes.count = s->stand_in.subtypes.cap = names->count;
    if (objtype) s->stand_in.child_funcdefs = objtype->child_funcdefs;
    return true;
}

static as_function *reg_function_ast(as_engine *e, as_compiler *c, ast_node *n, as_type *objtype, as_namespace *ns, bool *ok);

/* The registration scratch arena emptied, after a registration or when running out of memory
 * unwinds one. */
static void reg_scratch_done(void *engine)
{
    as_engine *e = engine;
    arena_reset(&e->reg_scratch);
    e->reg_scratch_busy = false;
}

/* Resolves a function declaration for a registration; the caller fills kind-specific fields.
 * The declaration is parsed into a scratch arena, emptied once it is resolved, unless it has
 * default arguments (`=`, compiled where the function is called) or a list pattern (`{`, walked
 * where an initialisation list is built): those few stay in the engine's arena. (The engine's
 * arena held every registration's syntax tree: a third of a fresh engine's memory with the
 * standard add-ons.) */
static as_function *reg_function_in(as_engine *e, const char *decl, as_type *objtype, as_type *scope, as_namespace *ns, bool *ok)
{
    as_compiler c;
    compiler_for_registration(e, &c);
    c.reg_template = scope && (scope->flags & AS_OBJ_TEMPLATE) ? scope : NULL;
    e->reg_decl = decl;
    as_parse_env env = parse_env(e, &c);
    /* (a registration made while another is resolved, from a template callback, parses into the
     * engine's arena too) */
    bool scratch = decl && !strchr(decl, '=') && !strchr(decl, '{') && !e->reg_scratch_busy;
    mem_cleanup done;   /* running out of memory unwinds past the reset below */
    if (scratch) {
        env.arena = &e->reg_scratch;
        e->reg_scratch_busy = true;
        mem_cleanup_push(&done, reg_scratch_done, e);
    }
    as_function *f = reg_function_ast(e, &c, parse_func_decl(&env, decl), objtype, ns, ok);
    if (scratch) {
        mem_cleanup_pop(&done);
        reg_scratch_done(e);
    }
    return f;
}

static as_function *reg_function_ast(as_engine *e, as_compiler *c, ast_node *n, as_type *objtype, as_namespace *ns, bool *ok)
{
    *ok = false;
    if (!n) {
        e->reg_decl = NULL;
        return NULL;
    }
    tmplfn_scope tscope;
    if (n->u.func.tparams.count) {
        /* "T get<T>(const T &in)": a template function (2.38); not an accessor, which a property
         * access would call without subtypes */
        if (n->u.func.attrs & FATTR_PROPERTY) {
            e->reg_decl = NULL;
            return NULL;
        }
        if (c->reg_template || !tmplfn_scope_init(e, &tscope, n, objtype, true)) {
            engine_message(e, "", 0, 0, AS_MSG_ERROR, c->reg_template ? "Template types can't have template methods"
                                                                      : "Too many template subtypes");
            e->reg_decl = NULL;
            return NULL;
        }
        c->reg_template = &tscope.stand_in;
    }
    as_function *f = engine_new_function(e, FN_SYSTEM, n->u.func.name, ns);
    f->list_pattern = n->u.func.list_pattern;
    f->masked = true;
    f->access = e->default_access;
    if (n->u.func.tparams.count) {
        f->attrs |= FA_TEMPLATE_FN;
        for (int i = 0; i < n->u.func.tparams.count; i++) VEC_PUSH(f->tf_subtypes, tscope.subs[i]);
    }
    if (!decl_signature(c, f, n, ns, objtype) || c->diag.errors) {
        e->reg_decl = NULL;
        engine_free_function(e, f);
        return NULL;
    }
    e->reg_decl = NULL;
    *ok = true;
    config_group_note_function(e, f);
    return f;
}

static as_function *reg_function(as_engine *e, const char *decl, as_type *objtype, as_namespace *ns, bool *ok)
{
    return reg_function_in(e, decl, objtype, objtype, ns, ok);
}

/* A reference type passed or returned by value, which a host function cannot do: the object's
 * life is the engine's, so hosts take and give such objects by handle or by reference (as the
 * reference engine requires, refusing e.g. "void f(R)" and "R f()"). */
static bool by_value_ref(const as_dtype *d)
{
    return d->type && d->type->kind == TYPE_OBJECT && (d->type->flags & AS_OBJ_REF) &&
           !(d->flags & (DT_HANDLE | DT_REF));
}

/* Whether a function the host implements has a signature it can implement. */
static bool native_signature_ok(const as_function *f)
{
    if (by_value_ref(&f->ret)) return false;
    for (int i = 0; i < f->params.count; i++)
        if (f->params.data[i].inout == INOUT_NONE && by_value_ref(&f->params.data[i].type)) return false;
    return true;
}

/* reg_function_in for a function with a native implementation: also refuses what natives can't do. */
static as_function *reg_native_in(as_engine *e, const char *decl, as_type *objtype, as_type *scope, as_namespace *ns, bool *ok)
{
    as_function *f = reg_function_in(e, decl, objtype, scope, ns, ok);
    if (f && !native_signature_ok(f)) {
        engine_free_function(e, f);
        *ok = false;
        return NULL;
    }
    return f;
}

static int bind_native(as_engine *e, as_function *f, as_fnptr fn, as_callconv cc, void *aux)
{
    f->fnptr = fn;
    f->callconv = cc;
    f->aux = aux;
    if (!fn) return AS_INVALID_ARG;
    return native_prepare(e, f);
}

void register_find_special_behaviours(as_type *t)
{
    t->beh.copy_construct = NULL;
    t->beh.default_construct = NULL;
    t->beh.copy_assign = NULL;
    for (int i = 0; i < t->beh.factories.count; i++) {
        as_function *c = t->beh.factories.data[i];
        int skip = (c->attrs & FA_TEMPLATE_TYPE) ? 1 : 0;
        int np = c->params.count - skip;
        if (np == 0) t->beh.default_construct = c;
        if (np == 1) {
            const as_param *p = &c->params.data[skip];
            if (p->type.type == t && !(p->type.flags & DT_HANDLE) && p->inout != INOUT_OUT) t->beh.copy_construct = c;
        }
    }
    const char *assign = engine_intern(t->engine, "opAssign", 8);
    for (int i = 0; i < t->methods.count; i++) {
        as_function *m = t->methods.data[i];
        if (m->name == assign && m->params.count == 1 && m->params.data[0].type.type == t &&
            !(m->params.data[0].type.flags & DT_HANDLE))
            t->beh.copy_assign = m;
    }
}

/* ======================================================================= object types */

/* The AS_OBJ_APP_* bits: how the host's C type is laid out, for native calls by value. */
#define APP_KINDS (AS_OBJ_APP_CLASS | AS_OBJ_APP_PRIMITIVE | AS_OBJ_APP_FLOAT | AS_OBJ_APP_ARRAY)
#define APP_CLASS_DETAILS (AS_OBJ_APP_CLASS_CONSTRUCTOR | AS_OBJ_APP_CLASS_DESTRUCTOR | AS_OBJ_APP_CLASS_ASSIGNMENT | \
                           AS_OBJ_APP_CLASS_COPY_CONSTRUCTOR | AS_OBJ_APP_CLASS_ALLINTS | AS_OBJ_APP_CLASS_ALLFLOATS)
#define APP_ANY (APP_KINDS | APP_CLASS_DETAILS | AS_OBJ_APP_CLASS_ALIGN8 | AS_OBJ_APP_CLASS_MORE_CONSTRUCTORS)

static bool at_most_one_bit(uint32_t bits) { return (bits & (bits - 1)) == 0; }

/* The combinations of type flags the reference accepts (measured against every pair and triple
 * of flags): a host's inconsistent description is refused before it can mislead the VM. */
static bool object_flags_valid(as_engine *e, uint32_t flags, int byte_size)
{
    bool is_ref = flags & AS_OBJ_REF, is_value = flags & AS_OBJ_VALUE;
    if (is_ref == is_value || (flags & ~AS_OBJ_MASK_VALID_FLAGS)) return false;
    if (is_ref) {
        /* the layout hints, POD and ASHANDLE only mean something for values */
        if (flags & (AS_OBJ_POD | AS_OBJ_ASHANDLE | APP_ANY)) return false;
        /* one way of managing the object's lifetime at most */
        if (!at_most_one_bit(flags & (AS_OBJ_GC | AS_OBJ_NOHANDLE | AS_OBJ_SCOPED | AS_OBJ_NOCOUNT))) return false;
        /* implicit handle types are experimental and need handles */
        if ((flags & AS_OBJ_IMPLICIT_HANDLE) &&
            (!e->props[AS_EP_ALLOW_IMPLICIT_HANDLE_TYPES] || (flags & (AS_OBJ_NOHANDLE | AS_OBJ_SCOPED))))
            return false;
        return true;
    }
    if (byte_size <= 0) return false;
    if (flags & (AS_OBJ_NOHANDLE | AS_OBJ_SCOPED | AS_OBJ_NOCOUNT | AS_OBJ_IMPLICIT_HANDLE)) return false;
    /* a POD can be neither a handle wrapper nor a template (whose instances hold subtypes) */
    if ((flags & AS_OBJ_POD) && (flags & (AS_OBJ_ASHANDLE | AS_OBJ_TEMPLATE))) return false;
    /* the C type is one kind of thing, and only a class has class details */
    if (!at_most_one_bit(flags & APP_KINDS)) return false;
    if ((flags & APP_CLASS_DETAILS) && !(flags & AS_OBJ_APP_CLASS)) return false;
    return true;
}

static int register_object_type_in(as_engine *e, const char *decl, int byte_size, uint32_t flags)
{
    const char *api = "RegisterObjectType";
    if (!e || !decl) return AS_INVALID_ARG;
    if (!object_flags_valid(e, flags, byte_size)) return FAIL(AS_INVALID_ARG);
    bool is_value = flags & AS_OBJ_VALUE;
    /* a template: "name<class T, class U>" */
    const char *lt = strchr(decl, '<');
    char name[256];
    size_t n = lt ? (size_t)(lt - decl) : strlen(decl);
    if (n >= sizeof name) return FAIL(AS_INVALID_NAME);
    memcpy(name, decl, n);
    name[n] = 0;
    while (n && name[n - 1] == ' ') name[--n] = 0;
    if (!valid_identifier(name)) return FAIL(AS_INVALID_NAME);
    if (lt && !(flags & AS_OBJ_TEMPLATE)) return FAIL(AS_INVALID_NAME);
    const char *iname = engine_intern(e, name, strlen(name));
    as_type *existing = find_registered_type(e, name);
    if (existing && existing->ns == e->default_ns) {
        if (lt && existing->template_base == NULL && !(existing->flags & AS_OBJ_TEMPLATE)) return FAIL(AS_ALREADY_REGISTERED);
        if (!lt || (existing->flags & AS_OBJ_TEMPLATE)) return FAIL(AS_ALREADY_REGISTERED);
    }
    if (lt) {
        /* template specialisation "array<float>" vs generic "array<class T>" */
        if (!strstr(lt, "class ")) {
            as_type *tmpl = existing;
            if (!tmpl) return FAIL(AS_INVALID_NAME);
            as_compiler c;
            compiler_for_registration(e, &c);
            as_parse_env env = parse_env(e, &c);
            ast_node *tn = parse_type_decl(&env, decl);
            if (!tn) return FAIL(AS_INVALID_DECLARATION);
            as_type *t = engine_new_type(e, TYPE_OBJECT, iname, e->default_ns);
            t->flags = flags & ~AS_OBJ_TEMPLATE;
            t->size = is_value ? byte_size : 8;
            t->template_base = tmpl;
            for (int i = 0; i < tn->u.type.targs.count; i++) {
                as_dtype sd;
                if (!c_resolve_type(&c, tn->u.type.targs.items[i], e->default_ns, NULL, &sd)) return FAIL(AS_INVALID_DECLARATION);
                VEC_PUSH(t->subtypes, sd);
            }
            engine_index_instance(e, t);
            return t->type_id | AS_TYPEID_TEMPLATE;
        }
    } else if (flags & AS_OBJ_TEMPLATE) {
        return FAIL(AS_INVALID_NAME);
    }
    as_type *t = engine_new_type(e, TYPE_OBJECT, iname, e->default_ns);
    t->flags = flags;
    t->size = is_value ? byte_size : 8;
    if (lt) {
        const char *p = lt + 1;
        while (*p) {
            while (*p == ' ' || *p == ',') p++;
            if (strncmp(p, "class", 5) != 0) break;
            p += 5;
            while (*p == ' ') p++;
            const char *s = p;
            while (*p && *p != ',' && *p != '>' && *p != ' ') p++;
            as_type *sub = engine_new_type(e, TYPE_TEMPLATE_SUBTYPE, engine_intern(e, s, (size_t)(p - s)), e->default_ns);
            sub->flags = AS_OBJ_TEMPLATE_SUBTYPE;
            sub->size = 8;
            as_dtype sd = {sub, 0};
            VEC_PUSH(t->subtypes, sd);
            while (*p == ' ') p++;
            if (*p == '>') break;
        }
        if (!t->subtypes.count) return FAIL(AS_INVALID_DECLARATION);
    }
    symtab_add(&e->symbols, e->default_ns, iname, SYM_TYPE, t);
    return dtype_type_id(&(as_dtype){t, 0});
}

static int register_object_behaviour_in(as_engine *e, const char *type, as_behaviour beh, const char *decl,
                                 as_fnptr fn, as_callconv cc, void *aux)
{
    const char *api = "RegisterObjectBehaviour";
    if (!e || !type || !decl) return AS_INVALID_ARG;
    int code;
    as_type *t = registration_object_type(e, type, &code);
    if (!t) return code == AS_INVALID_TYPE ? FAIL_OBJ(AS_INVALID_TYPE) : FAIL_OBJ(AS_INVALID_OBJECT);
    bool ok;
    bool is_factory = beh == AS_BEHAVE_FACTORY || beh == AS_BEHAVE_LIST_FACTORY;
    as_function *f = reg_native_in(e, decl, is_factory ? NULL : t, t, t->ns, &ok);
    if (!ok) return FAIL_OBJ(AS_INVALID_DECLARATION);
    if (f->attrs & FA_TEMPLATE_FN) {
        /* behaviours are called by the engine, which names no subtypes */
        engine_free_function(e, f);
        return FAIL_OBJ(AS_INVALID_DECLARATION);
    }
    if (beh == AS_BEHAVE_FACTORY && !(t->flags & AS_OBJ_VALUE) && (f->ret.type != t || !(f->ret.flags & DT_HANDLE))) {
        /* a factory gives a handle to a new object of its own type */
        engine_free_function(e, f);
        return FAIL_OBJ(AS_INVALID_DECLARATION);
    }
    f->objtype = t;
    f->behaviour = beh;
    if (is_factory) f->attrs |= FA_FACTORY;
    if (beh == AS_BEHAVE_LIST_FACTORY || beh == AS_BEHAVE_LIST_CONSTRUCT) f->attrs |= FA_LIST;
    if (beh == AS_BEHAVE_CONSTRUCT || beh == AS_BEHAVE_LIST_CONSTRUCT) f->attrs |= FA_CONSTRUCTOR;
    if (beh == AS_BEHAVE_DESTRUCT) f->attrs |= FA_DESTRUCTOR;
    if ((t->flags & AS_OBJ_TEMPLATE) && (is_factory || beh == AS_BEHAVE_CONSTRUCT || beh == AS_BEHAVE_LIST_CONSTRUCT) &&
        f->params.count && f->params.data[0].inout == INOUT_IN && f->params.data[0].type.type->kind == TYPE_PRIMITIVE)
        f->attrs |= FA_TEMPLATE_TYPE;   /* the hidden type info argument */
    f->name = t->name;
    function_layout_args(f);
    int r = bind_native(e, f, fn, cc, aux);
    if (r < 0) {
        engine_free_function(e, f);
        return fail_obj(e, api, type, decl, r, r == AS_WRONG_CALLING_CONV ? "asWRONG_CALLING_CONV" : "asNOT_SUPPORTED");
    }
    bool value = t->flags & AS_OBJ_VALUE;
    /* a scoped type's one reference is its variable's: nothing counts, shares or collects it */
    bool uncounted = value || (t->flags & AS_OBJ_SCOPED);
    switch (beh) {
    case AS_BEHAVE_CONSTRUCT:
        if (!value || !dt_is_void(&f->ret)) goto illegal;
        VEC_PUSH(t->beh.factories, f);
        break;
    case AS_BEHAVE_FACTORY:
        if (value) goto illegal;
        VEC_PUSH(t->beh.factories, f);
        break;
    case AS_BEHAVE_LIST_CONSTRUCT:
    case AS_BEHAVE_LIST_FACTORY:
        t->beh.list_factory = f;
        break;
    case AS_BEHAVE_DESTRUCT:
        if (!value) goto illegal;
        t->beh.destruct = f;
        break;
    /* reference counting (and the collector's count and flag) belong to reference types */
    case AS_BEHAVE_ADDREF: if (uncounted) goto illegal; t->beh.addref = f; break;
    case AS_BEHAVE_RELEASE: if (value) goto illegal; t->beh.release = f; break;
    case AS_BEHAVE_GET_WEAKREF_FLAG:
        /* `int &f()` handing out the object's as_lockable_shared_bool (runtime/weakref.c) */
        if (value || (t->flags & AS_OBJ_SCOPED)) goto illegal;
        if (f->params.count || !(f->ret.flags & DT_REF) || t->beh.get_weakref_flag) {
            int code = t->beh.get_weakref_flag ? AS_ALREADY_REGISTERED : AS_INVALID_DECLARATION;
            engine_free_function(e, f);
            return fail_obj(e, api, type, decl, code, code == AS_ALREADY_REGISTERED ? "asALREADY_REGISTERED" : "asINVALID_DECLARATION");
        }
        t->beh.get_weakref_flag = f;
        break;
    case AS_BEHAVE_TEMPLATE_CALLBACK: t->beh.template_callback = f; break;
    case AS_BEHAVE_GETREFCOUNT: if (uncounted) goto illegal; t->beh.getrefcount = f; break;
    case AS_BEHAVE_SETGCFLAG: if (uncounted) goto illegal; t->beh.setgcflag = f; break;
    case AS_BEHAVE_GETGCFLAG: if (uncounted) goto illegal; t->beh.getgcflag = f; break;
    case AS_BEHAVE_ENUMREFS: if (t->flags & AS_OBJ_SCOPED) goto illegal; t->beh.enumrefs = f; break;
    case AS_BEHAVE_RELEASEREFS: if (t->flags & AS_OBJ_SCOPED) goto illegal; t->beh.releaserefs = f; break;
    default: goto illegal;
    }
    register_find_special_behaviours(t);
    return f->id;
illegal:
    engine_free_function(e, f);
    engine_message(e, "", 0, 0, AS_MSG_ERROR, "The behaviour is not compatible with the type");
    return FAIL_OBJ(AS_ILLEGAL_BEHAVIOUR_FOR_TYPE);
}

/* Same parameter types and reference kinds: the functions can't be overloads of each other. */
static bool same_params(const as_function *a, const as_function *b)
{
    if (a->params.count != b->params.count) return false;
    for (int p = 0; p < a->params.count; p++)
        if (!dt_equal_ex(&a->params.data[p].type, &b->params.data[p].type) || a->params.data[p].inout != b->params.data[p].inout)
            return false;
    return true;
}

static bool is_conversion_op(const char *name)
{
    return strcmp(name, "opConv") == 0 || strcmp(name, "opImplConv") == 0 ||
           strcmp(name, "opCast") == 0 || strcmp(name, "opImplCast") == 0;
}

static int register_object_method_in(as_engine *e, const char *type, const char *decl, as_fnptr fn, as_callconv cc, void *aux)
{
    const char *api = "RegisterObjectMethod";
    if (!e || !type || !decl) return AS_INVALID_ARG;
    int code;
    as_type *t = registration_object_type(e, type, &code);
    if (!t) return code == AS_INVALID_TYPE ? FAIL_OBJ(AS_INVALID_TYPE) : FAIL_OBJ(AS_INVALID_OBJECT);
    if (cc == AS_CALL_CDECL) return FAIL_OBJ(AS_WRONG_CALLING_CONV);
    bool ok;
    as_function *f = reg_native_in(e, decl, t, t, t->ns, &ok);
    if (!ok) return FAIL_OBJ(AS_INVALID_DECLARATION);
    if ((f->attrs & FA_TEMPLATE_FN) && cc != AS_CALL_GENERIC) {
        /* the instances' subtypes reach the host through as_generic_function (the reference's
         * message names only the declaration here) */
        engine_free_function(e, f);
        return FAIL(AS_NOT_SUPPORTED);
    }
    for (int i = 0; i < t->methods.count; i++) {
        as_function *m = t->methods.data[i];
        if (m->name != f->name || ((m->attrs ^ f->attrs) & (FA_CONST | FA_TEMPLATE_FN)) || !same_params(m, f)) continue;
        /* conversion operators are told apart by what they return */
        if (is_conversion_op(f->name) && !dt_equal_ex(&m->ret, &f->ret)) continue;
        {
            engine_free_function(e, f);
            return FAIL_OBJ(AS_ALREADY_REGISTERED);
        }
    }
    /* a method may not be named like a property of the type (nor a property like a method) */
    for (int i = 0; i < t->props.count; i++) {
        if (t->props.data[i].name == f->name) {
            engine_free_function(e, f);
            return FAIL_OBJ(AS_NAME_TAKEN);
        }
    }
    int r = bind_native(e, f, fn, cc, aux);
    if (r < 0) {
        engine_free_function(e, f);
        return fail_obj(e, api, type, decl, r, r == AS_WRONG_CALLING_CONV ? "asWRONG_CALLING_CONV" : "asNOT_SUPPORTED");
    }
    VEC_PUSH(t->methods, f);
    /* of the special behaviours a method can only be the copy assignment (the walk over all
     * methods for every one registered made a type's registration quadratic) */
    if (strcmp(f->name, "opAssign") == 0) register_find_special_behaviours(t);
    return f->id;
}

static int register_object_property_in(as_engine *e, const char *type, const char *decl, int offset)
{
    const char *api = "RegisterObjectProperty";
    if (!e || !type || !decl) return AS_INVALID_ARG;
    int code;
    as_type *t = registration_object_type(e, type, &code);
    if (!t) return code == AS_INVALID_TYPE ? FAIL_OBJ(AS_INVALID_TYPE) : FAIL_OBJ(AS_INVALID_OBJECT);
    if (offset < 0 || (t->size > 0 && (t->flags & AS_OBJ_VALUE) && offset >= t->size)) return FAIL_OBJ(AS_INVALID_ARG);
    as_compiler c;
    compiler_for_registration(e, &c);
    c.reg_template = (t->flags & AS_OBJ_TEMPLATE) ? t : NULL;
    e->reg_decl = decl;
    as_parse_env env = parse_env(e, &c);
    ast_node *n = parse_var_decl(&env, decl);
    as_dtype dt;
    if (!n || !c_resolve_type(&c, n->u.var.type, t->ns, t, &dt)) {
        e->reg_decl = NULL;
        return FAIL_OBJ(AS_INVALID_DECLARATION);
    }
    e->reg_decl = NULL;
    as_property p;
    memset(&p, 0, sizeof p);
    p.name = n->u.var.decls.items[0]->u.decl.name;
    p.type = dt;
    p.offset = offset;
    p.masked = true;
    p.access = e->default_access;
    for (int i = 0; i < t->props.count; i++)
        if (t->props.data[i].name == p.name) return FAIL_OBJ(AS_NAME_TAKEN);
    for (int i = 0; i < t->methods.count; i++) {
        if (t->methods.data[i]->name == p.name) {
            /* the reference names the conflict first, at the name in the declaration */
            const ast_node *d = n->u.var.decls.items[0];
            engine_message(e, "Property", d->pos.line, d->pos.col, AS_MSG_ERROR, "Name conflict. '%s' is a class method.", p.name);
            return FAIL_OBJ(AS_NAME_TAKEN);
        }
    }
    VEC_PUSH(t->props, p);
    return AS_SUCCESS;
}

/* ======================================================================= globals */

static bool global_name_taken(as_engine *e, as_namespace *ns, const char *name, bool for_function)
{
    for (as_symbol *s = symtab_find(&e->symbols, ns, name); s; s = s->next) {
        if (s->kind == SYM_GLOBAL || s->kind == SYM_TYPE) return true;
        if (!for_function && s->kind == SYM_FUNC) return true;
    }
    return false;
}

static int register_global_function_in(as_engine *e, const char *decl, as_fnptr fn, as_callconv cc, void *aux)
{
    const char *api = "RegisterGlobalFunction";
    if (!e || !decl) return AS_INVALID_ARG;
    if (cc != AS_CALL_CDECL && cc != AS_CALL_GENERIC) return FAIL(AS_NOT_SUPPORTED);
    bool ok;
    as_function *f = reg_native_in(e, decl, NULL, NULL, e->default_ns, &ok);
    if (!ok) return FAIL(AS_INVALID_DECLARATION);
    if ((f->attrs & FA_TEMPLATE_FN) && cc != AS_CALL_GENERIC) {
        /* the instances' subtypes reach the host through as_generic_function */
        engine_free_function(e, f);
        return FAIL(AS_NOT_SUPPORTED);
    }
    if (global_name_taken(e, e->default_ns, f->name, true)) {
        engine_free_function(e, f);
        return FAIL(AS_NAME_TAKEN);
    }
    for (as_symbol *s = symtab_find(&e->symbols, e->default_ns, f->name); s; s = s->next) {
        if (s->kind != SYM_FUNC) continue;
        as_function *o = s->ptr;
        if (same_params(o, f) && !((o->attrs ^ f->attrs) & FA_TEMPLATE_FN)) {
            engine_free_function(e, f);
            return FAIL(AS_ALREADY_REGISTERED);
        }
    }
    int r = bind_native(e, f, fn, cc, aux);
    if (r < 0) {
        engine_free_function(e, f);
        return fail(e, api, decl, r, "asNOT_SUPPORTED");
    }
    symtab_add(&e->symbols, e->default_ns, f->name, SYM_FUNC, f);
    VEC_PUSH(e->global_funcs, f);
    return f->id;
}

static int register_global_property_in(as_engine *e, const char *decl, void *ptr)
{
    const char *api = "RegisterGlobalProperty";
    if (!e || !decl) return AS_INVALID_ARG;
    if (!ptr) return FAIL(AS_INVALID_ARG);
    as_compiler c;
    compiler_for_registration(e, &c);
    e->reg_decl = decl;
    as_parse_env env = parse_env(e, &c);
    ast_node *n = parse_var_decl(&env, decl);
    as_dtype dt;
    if (!n || !c_resolve_type(&c, n->u.var.type, e->default_ns, NULL, &dt)) {
        e->reg_decl = NULL;
        return FAIL(AS_INVALID_DECLARATION);
    }
    e->reg_decl = NULL;
    const char *name = n->u.var.decls.items[0]->u.decl.name;
    if (global_name_taken(e, e->default_ns, name, false)) return FAIL(AS_NAME_TAKEN);
    /* A reference type held by value: ptr is the object itself. Scripts reach such a global
     * through a cell holding the object pointer, as they do their own globals of that kind; the
     * cell lives right after the record. */
    bool ref_by_value = dt.type->kind == TYPE_OBJECT && (dt.type->flags & AS_OBJ_REF) && !(dt.flags & DT_HANDLE);
    as_global *g = mem_calloc(1, sizeof *g + (ref_by_value ? sizeof(void *) : 0));
    if (!g) return AS_OUT_OF_MEMORY;
    g->name = name;
    g->ns = e->default_ns;
    g->type = dt;
    g->addr = ptr;
    if (ref_by_value) {
        void **cell = (void **)(g + 1);
        *cell = ptr;
        g->addr = cell;
    }
    g->is_const = (dt.flags & DT_CONST) && !(dt.flags & DT_HANDLE);
    g->is_registered = true;
    g->init_state = 2;
    VEC_PUSH(e->globals, g);
    config_group_note_global(e, g);
    symtab_add(&e->symbols, e->default_ns, name, SYM_GLOBAL, g);
    return AS_SUCCESS;
}

static int register_string_factory_in(as_engine *e, const char *type_decl, const as_string_factory *factory)
{
    const char *api = "RegisterStringFactory";
    const char *decl = type_decl;
    if (!e || !type_decl || !factory || !factory->get_constant) return AS_INVALID_ARG;
    as_type *t = find_registered_type(e, type_decl);
    if (!t) return FAIL(AS_INVALID_TYPE);
    e->string_type = t;
    e->string_factory = *factory;
    e->has_string_factory = true;
    return AS_SUCCESS;
}

const as_string_factory *as_engine_get_string_factory(as_engine *e, int *type_id)
{
    if (type_id) *type_id = e && e->has_string_factory ? as_type_id(e->string_type) : AS_INVALID_TYPE;
    return e && e->has_string_factory ? &e->string_factory : NULL;
}

static int register_default_array_type_in(as_engine *e, const char *type_decl)
{
    const char *api = "RegisterDefaultArrayType";
    const char *decl = type_decl;
    if (!e || !type_decl) return AS_INVALID_ARG;
    as_type *t = find_registered_type(e, type_decl);
    if (!t || !(t->flags & AS_OBJ_TEMPLATE)) return FAIL(AS_INVALID_TYPE);
    e->default_array = t;
    return AS_SUCCESS;
}

/* ======================================================================= enums, funcdefs, typedefs */

static int register_enum_in(as_engine *e, const char *name)
{
    const char *api = "RegisterEnum";
    const char *decl = name;
    if (!e || !name) return AS_INVALID_ARG;
    if (!valid_identifier(name)) return FAIL(AS_INVALID_NAME);
    const char *iname = engine_intern(e, name, strlen(name));
    if (global_name_taken(e, e->default_ns, iname, false)) return FAIL(AS_ALREADY_REGISTERED);
    as_type *t = engine_new_type(e, TYPE_ENUM, iname, e->default_ns);
    t->flags = AS_OBJ_ENUM;
    t->size = 4;
    symtab_add(&e->symbols, e->default_ns, iname, SYM_TYPE, t);
    return t->type_id;
}

static int register_enum_value_in(as_engine *e, const char *enum_name, const char *name, int value)
{
    const char *api = "RegisterEnumValue";
    const char *decl = name;
    if (!e || !enum_name || !name) return AS_INVALID_ARG;
    as_type *t = find_registered_type(e, enum_name);
    if (!t || t->kind != TYPE_ENUM) return FAIL(AS_INVALID_TYPE);
    if (!valid_identifier(name)) return FAIL(AS_INVALID_NAME);
    const char *iname = engine_intern(e, name, strlen(name));
    for (int i = 0; i < t->enum_values.count; i++)
        if (t->enum_values.data[i].name == iname) return FAIL(AS_ALREADY_REGISTERED);
    as_enum_value v = {iname, value};
    VEC_PUSH(t->enum_values, v);
    as_symbol *s = symtab_add(&e->symbols, t->ns, iname, SYM_ENUMVAL, t);
    s->value = value;
    return AS_SUCCESS;
}

/* "bool array<T>::less(...)": splits off the owner type; writes the plain declaration into buf. */
static as_type *funcdef_owner(as_engine *e, const char *decl, char *buf, size_t n)
{
    const char *paren = NULL;
    int depth = 0;
    for (const char *p = decl; *p; p++) {
        if (*p == '<') depth++;
        else if (*p == '>') depth--;
        else if (*p == '(' && depth == 0) { paren = p; break; }
    }
    if (!paren) return NULL;
    const char *name_end = paren;
    while (name_end > decl && name_end[-1] == ' ') name_end--;
    const char *name = name_end;
    while (name > decl && (name[-1] == '_' || (name[-1] >= 'a' && name[-1] <= 'z') || (name[-1] >= 'A' && name[-1] <= 'Z') ||
                           (name[-1] >= '0' && name[-1] <= '9')))
        name--;
    if (name - decl < 2 || name[-1] != ':' || name[-2] != ':') return NULL;
    const char *owner_end = name - 2, *owner = owner_end;
    depth = 0;
    while (owner > decl) {
        char ch = owner[-1];
        if (ch == '>') depth++;
        else if (ch == '<') depth--;
        else if ((ch == ' ' || ch == '&' || ch == '@') && depth == 0) break;
        owner--;
    }
    char oname[256];
    size_t ol = (size_t)(owner_end - owner);
    if (ol >= sizeof oname) return NULL;
    memcpy(oname, owner, ol);
    oname[ol] = 0;
    as_type *t = find_registered_type(e, oname);
    if (!t) return NULL;
    snprintf(buf, n, "%.*s%s", (int)(owner - decl), decl, name);
    return t;
}

static int register_funcdef_in(as_engine *e, const char *decl)
{
    const char *api = "RegisterFuncdef";
    if (!e || !decl) return AS_INVALID_ARG;
    bool ok;
    char plain[1024];
    as_type *owner = funcdef_owner(e, decl, plain, sizeof plain);
    if (owner) {
        as_function *f = reg_function(e, plain, owner, owner->ns, &ok);
        if (!ok) return FAIL(AS_INVALID_DECLARATION);
        f->kind = FN_FUNCDEF;
        f->objtype = NULL;
        function_layout_args(f);
        as_type *t = engine_new_funcdef(e, f, owner->ns);
        t->parent_type = owner;
        VEC_PUSH(owner->child_funcdefs, t);
        return dtype_type_id(&(as_dtype){t, 0});
    }
    as_function *f = reg_function(e, decl, NULL, e->default_ns, &ok);
    if (!ok) return FAIL(AS_INVALID_DECLARATION);
    if (global_name_taken(e, e->default_ns, f->name, false)) {
        engine_free_function(e, f);
        return FAIL(AS_NAME_TAKEN);
    }
    f->kind = FN_FUNCDEF;
    as_type *t = engine_new_funcdef(e, f, e->default_ns);
    symtab_add(&e->symbols, e->default_ns, f->name, SYM_TYPE, t);
    return dtype_type_id(&(as_dtype){t, 0});
}

static int register_typedef_in(as_engine *e, const char *name, const char *decl)
{
    const char *api = "RegisterTypedef";
    if (!e || !name || !decl) return AS_INVALID_ARG;
    if (!valid_identifier(name)) return FAIL(AS_INVALID_NAME);
    as_compiler c;
    compiler_for_registration(e, &c);
    as_parse_env env = parse_env(e, &c);
    ast_node *tn = parse_type_decl(&env, decl);
    as_dtype dt;
    if (!tn || !c_resolve_type(&c, tn, e->default_ns, NULL, &dt) || dt.type->kind != TYPE_PRIMITIVE || dt.flags)
        return FAIL(AS_INVALID_TYPE);
    const char *iname = engine_intern(e, name, strlen(name));
    if (global_name_taken(e, e->default_ns, iname, false)) return FAIL(AS_ALREADY_REGISTERED);
    symtab_add(&e->symbols, e->default_ns, iname, SYM_TYPE, dt.type);
    as_typedef_entry td = {iname, e->default_ns, dt.type};
    VEC_PUSH(e->typedefs, td);
    return dt.type->type_id;
}

static int register_interface_in(as_engine *e, const char *name)
{
    const char *api = "RegisterInterface";
    const char *decl = name;
    if (!e || !name) return AS_INVALID_ARG;
    if (!valid_identifier(name)) return FAIL(AS_INVALID_NAME);
    const char *iname = engine_intern(e, name, strlen(name));
    if (global_name_taken(e, e->default_ns, iname, false)) return FAIL(AS_ALREADY_REGISTERED);
    as_type *t = engine_new_type(e, TYPE_OBJECT, iname, e->default_ns);
    t->flags = AS_OBJ_REF | AS_OBJ_SCRIPT_OBJECT | AS_OBJ_ABSTRACT | AS_OBJ_INTERFACE;
    t->size = 8;
    symtab_add(&e->symbols, e->default_ns, iname, SYM_TYPE, t);
    return dtype_type_id(&(as_dtype){t, 0});
}

static int register_interface_method_in(as_engine *e, const char *intf, const char *decl)
{
    const char *api = "RegisterInterfaceMethod";
    if (!e || !intf || !decl) return AS_INVALID_ARG;
    as_type *t = find_registered_type(e, intf);
    if (!t || !(t->flags & AS_OBJ_INTERFACE)) return FAIL(AS_INVALID_INTERFACE);
    bool ok;
    as_function *f = reg_function(e, decl, t, t->ns, &ok);
    if (!ok) return FAIL(AS_INVALID_DECLARATION);
    if (f->attrs & FA_TEMPLATE_FN) {
        engine_free_function(e, f);
        return FAIL(AS_INVALID_DECLARATION);
    }
    f->kind = FN_INTERFACE;
    VEC_PUSH(t->methods, f);
    return f->id;
}

/* For as_module_function_by_decl: the signature of a declaration in a module's scope. */
static bool register_parse_signature_in(as_engine *e, as_module *m, const char *decl, as_function *out)
{
    as_compiler c;
    compiler_for_registration(e, &c);
    c.in_registration = m == NULL;   /* no module: a registered function's declaration */
    c.module = m;
    c.diag.report = NULL;
    as_arena scratch;
    arena_init(&scratch);
    mem_cleanup scratch_cleanup;   /* running out of memory unwinds past the arena_free below */
    mem_cleanup_push(&scratch_cleanup, arena_free_cleanup, &scratch);
    as_parse_env env = parse_env(e, &c);
    env.arena = &scratch;
    env.registration = m == NULL;
    ast_node *n = parse_func_decl(&env, decl);
    bool ok = false;
    as_namespace *dns = m ? m->default_ns : e->default_ns;
    tmplfn_scope tscope;
    if (n && n->u.func.tparams.count) {
        /* a template function's declaration names subtypes some template has */
        if (!tmplfn_scope_init(e, &tscope, n, NULL, false)) n = NULL;
        else c.reg_template = &tscope.stand_in;
        if (n) out->attrs |= FA_TEMPLATE_FN;
    }
    if (n && c.diag.errors == 0) {
        out->engine = e;
        out->name = n->u.func.name;
        out->ns = dns;
        out->ret.type = &e->prim[AS_TYPEID_VOID];
        ok = decl_signature(&c, out, n, dns, NULL) && c.diag.errors == 0;
        /* a scoped name "ns::f" names its namespace from the global one, as in the reference */
        if (ok && (n->u.func.global_scope || n->u.func.scope.count)) {
            out->ns = c_scope_namespace(&c, e->global_ns, true, &n->u.func.scope, n, false);
            ok = out->ns != NULL;
        }
        /* default args point into the scratch arena: drop them */
        for (int i = 0; i < out->params.count; i++) out->params.data[i].defarg = NULL;
    }
    mem_cleanup_pop(&scratch_cleanup);
    arena_free(&scratch);
    return ok;
}

/* The template callback: bool f(int &in typeInfo, bool &out dontGC). */
bool native_template_callback(as_engine *e, as_function *cb, as_type *inst, bool *dont_gc)
{
    as_slot args[4], ret;
    memset(args, 0, sizeof args);
    bool dg = false;
    args[cb->param_slot[0]].p = inst;
    if (cb->params.count > 1) args[cb->param_slot[1]].p = &dg;
    ret.u64 = 0;
    mem_guard *g = mem_guard_suspend();   /* host code: never jumped over */
    native_call(NULL, cb, args, &ret);
    mem_guard_resume(g);
    *dont_gc = dg;
    (void)e;
    return ret.u8 != 0;
}

/* For as_type_method_by_decl: a method declaration in the scope of an object type. */
static bool register_parse_signature_in_type_in(as_engine *e, as_type *t, const char *decl, as_function *out)
{
    as_compiler c;
    compiler_for_registration(e, &c);
    c.diag.report = NULL;
    /* a script class's methods name the module's types too */
    c.module = t->module;
    c.in_registration = t->module == NULL;
    as_type *tmpl = t->template_base ? t->template_base : ((t->flags & AS_OBJ_TEMPLATE) ? t : NULL);
    c.reg_template = tmpl;
    as_arena scratch;
    arena_init(&scratch);
    mem_cleanup scratch_cleanup;   /* running out of memory unwinds past the arena_free below */
    mem_cleanup_push(&scratch_cleanup, arena_free_cleanup, &scratch);
    as_parse_env env = parse_env(e, &c);
    env.arena = &scratch;
    ast_node *n = parse_func_decl(&env, decl);
    bool ok = false;
    tmplfn_scope tscope;
    if (n && n->u.func.tparams.count) {
        /* a template method's declaration names subtypes some template has */
        if (tmpl || !tmplfn_scope_init(e, &tscope, n, t, false)) n = NULL;
        else c.reg_template = &tscope.stand_in;
        if (n) out->attrs |= FA_TEMPLATE_FN;
    }
    if (n && c.diag.errors == 0) {
        out->engine = e;
        out->name = n->u.func.name;
        out->ns = t->ns;
        out->ret.type = &e->prim[AS_TYPEID_VOID];
        ok = decl_signature(&c, out, n, t->ns, t) && c.diag.errors == 0;
        for (int i = 0; i < out->params.count; i++) out->params.data[i].defarg = NULL;
        if (ok && t->template_base) {
            /* T in the declaration means the instance's subtype */
            for (int i = 0; i < out->params.count; i++)
                for (int s = 0; s < tmpl->subtypes.count; s++)
                    if (out->params.data[i].type.type == tmpl->subtypes.data[s].type) {
                        uint8_t fl = out->params.data[i].type.flags;
                        out->params.data[i].type = t->subtypes.data[s];
                        out->params.data[i].type.flags |= fl & DT_CONST;
                    }
            for (int s = 0; s < tmpl->subtypes.count; s++)
                if (out->ret.type == tmpl->subtypes.data[s].type) out->ret.type = t->subtypes.data[s].type;
        }
    }
    mem_cleanup_pop(&scratch_cleanup);
    arena_free(&scratch);
    return ok;
}

/* ---- the public entry points: guarded, so running out of memory fails the registration ---- */

static int registration_out_of_memory(as_engine *e)
{
    engine_message(e, "", 0, 0, AS_MSG_ERROR, "out of memory");
    return AS_OUT_OF_MEMORY;
}

int as_register_object_type(as_engine *e, const char *decl, int byte_size, uint32_t flags)
{
    if (!e) return AS_INVALID_ARG;
    mem_account *prev = mem_current_account;
    mem_current_account = e->account;   /* charged to the engine */
    mem_guard g;
    mem_guard_push(&g, NULL, NULL);
    if (setjmp(g.jb)) {
        mem_current_account = prev;
        return registration_out_of_memory(e);
    }
    int r = register_object_type_in(e, decl, byte_size, flags);
    mem_guard_end(&g);
    mem_current_account = prev;
    return r;
}

int as_register_object_behaviour(as_engine *e, const char *type, as_behaviour beh, const char *decl,
                                 as_fnptr fn, as_callconv cc, void *aux)
{
    if (!e) return AS_INVALID_ARG;
    mem_account *prev = mem_current_account;
    mem_current_account = e->account;   /* charged to the engine */
    mem_guard g;
    mem_guard_push(&g, NULL, NULL);
    if (setjmp(g.jb)) {
        mem_current_account = prev;
        return registration_out_of_memory(e);
    }
    int r = register_object_behaviour_in(e, type, beh, decl, fn, cc, aux);
    mem_guard_end(&g);
    mem_current_account = prev;
    return r;
}

int as_register_object_method(as_engine *e, const char *type, const char *decl, as_fnptr fn, as_callconv cc, void *aux)
{
    if (!e) return AS_INVALID_ARG;
    mem_account *prev = mem_current_account;
    mem_current_account = e->account;   /* charged to the engine */
    mem_guard g;
    mem_guard_push(&g, NULL, NULL);
    if (setjmp(g.jb)) {
        mem_current_account = prev;
        return registration_out_of_memory(e);
    }
    int r = register_object_method_in(e, type, decl, fn, cc, aux);
    mem_guard_end(&g);
    mem_current_account = prev;
    return r;
}

int as_register_object_property(as_engine *e, const char *type, const char *decl, int offset)
{
    if (!e) return AS_INVALID_ARG;
    mem_account *prev = mem_current_account;
    mem_current_account = e->account;   /* charged to the engine */
    mem_guard g;
    mem_guard_push(&g, NULL, NULL);
    if (setjmp(g.jb)) {
        mem_current_account = prev;
        return registration_out_of_memory(e);
    }
    int r = register_object_property_in(e, type, decl, offset);
    mem_guard_end(&g);
    mem_current_account = prev;
    return r;
}

int as_register_global_function(as_engine *e, const char *decl, as_fnptr fn, as_callconv cc, void *aux)
{
    if (!e) return AS_INVALID_ARG;
    mem_account *prev = mem_current_account;
    mem_current_account = e->account;   /* charged to the engine */
    mem_guard g;
    mem_guard_push(&g, NULL, NULL);
    if (setjmp(g.jb)) {
        mem_current_account = prev;
        return registration_out_of_memory(e);
    }
    int r = register_global_function_in(e, decl, fn, cc, aux);
    mem_guard_end(&g);
    mem_current_account = prev;
    return r;
}

int as_register_global_property(as_engine *e, const char *decl, void *ptr)
{
    if (!e) return AS_INVALID_ARG;
    mem_account *prev = mem_current_account;
    mem_current_account = e->account;   /* charged to the engine */
    mem_guard g;
    mem_guard_push(&g, NULL, NULL);
    if (setjmp(g.jb)) {
        mem_current_account = prev;
        return registration_out_of_memory(e);
    }
    int r = register_global_property_in(e, decl, ptr);
    mem_guard_end(&g);
    mem_current_account = prev;
    return r;
}

int as_register_string_factory(as_engine *e, const char *type_decl, const as_string_factory *factory)
{
    if (!e) return AS_INVALID_ARG;
    mem_account *prev = mem_current_account;
    mem_current_account = e->account;   /* charged to the engine */
    mem_guard g;
    mem_guard_push(&g, NULL, NULL);
    if (setjmp(g.jb)) {
        mem_current_account = prev;
        return registration_out_of_memory(e);
    }
    int r = register_string_factory_in(e, type_decl, factory);
    mem_guard_end(&g);
    mem_current_account = prev;
    return r;
}

int as_register_default_array_type(as_engine *e, const char *type_decl)
{
    if (!e) return AS_INVALID_ARG;
    mem_account *prev = mem_current_account;
    mem_current_account = e->account;   /* charged to the engine */
    mem_guard g;
    mem_guard_push(&g, NULL, NULL);
    if (setjmp(g.jb)) {
        mem_current_account = prev;
        return registration_out_of_memory(e);
    }
    int r = register_default_array_type_in(e, type_decl);
    mem_guard_end(&g);
    mem_current_account = prev;
    return r;
}

int as_register_enum(as_engine *e, const char *name)
{
    if (!e) return AS_INVALID_ARG;
    mem_account *prev = mem_current_account;
    mem_current_account = e->account;   /* charged to the engine */
    mem_guard g;
    mem_guard_push(&g, NULL, NULL);
    if (setjmp(g.jb)) {
        mem_current_account = prev;
        return registration_out_of_memory(e);
    }
    int r = register_enum_in(e, name);
    mem_guard_end(&g);
    mem_current_account = prev;
    return r;
}

int as_register_enum_value(as_engine *e, const char *enum_name, const char *name, int value)
{
    if (!e) return AS_INVALID_ARG;
    mem_account *prev = mem_current_account;
    mem_current_account = e->account;   /* charged to the engine */
    mem_guard g;
    mem_guard_push(&g, NULL, NULL);
    if (setjmp(g.jb)) {
        mem_current_account = prev;
        return registration_out_of_memory(e);
    }
    int r = register_enum_value_in(e, enum_name, name, value);
    mem_guard_end(&g);
    mem_current_account = prev;
    return r;
}

int as_register_funcdef(as_engine *e, const char *decl)
{
    if (!e) return AS_INVALID_ARG;
    mem_account *prev = mem_current_account;
    mem_current_account = e->account;   /* charged to the engine */
    mem_guard g;
    mem_guard_push(&g, NULL, NULL);
    if (setjmp(g.jb)) {
        mem_current_account = prev;
        return registration_out_of_memory(e);
    }
    int r = register_funcdef_in(e, decl);
    mem_guard_end(&g);
    mem_current_account = prev;
    return r;
}

int as_register_typedef(as_engine *e, const char *name, const char *decl)
{
    if (!e) return AS_INVALID_ARG;
    mem_account *prev = mem_current_account;
    mem_current_account = e->account;   /* charged to the engine */
    mem_guard g;
    mem_guard_push(&g, NULL, NULL);
    if (setjmp(g.jb)) {
        mem_current_account = prev;
        return registration_out_of_memory(e);
    }
    int r = register_typedef_in(e, name, decl);
    mem_guard_end(&g);
    mem_current_account = prev;
    return r;
}

int as_register_interface(as_engine *e, const char *name)
{
    if (!e) return AS_INVALID_ARG;
    mem_account *prev = mem_current_account;
    mem_current_account = e->account;   /* charged to the engine */
    mem_guard g;
    mem_guard_push(&g, NULL, NULL);
    if (setjmp(g.jb)) {
        mem_current_account = prev;
        return registration_out_of_memory(e);
    }
    int r = register_interface_in(e, name);
    mem_guard_end(&g);
    mem_current_account = prev;
    return r;
}

int as_register_interface_method(as_engine *e, const char *intf, const char *decl)
{
    if (!e) return AS_INVALID_ARG;
    mem_account *prev = mem_current_account;
    mem_current_account = e->account;   /* charged to the engine */
    mem_guard g;
    mem_guard_push(&g, NULL, NULL);
    if (setjmp(g.jb)) {
        mem_current_account = prev;
        return registration_out_of_memory(e);
    }
    int r = register_interface_method_in(e, intf, decl);
    mem_guard_end(&g);
    mem_current_account = prev;
    return r;
}

/* A signature that failed to parse keeps nothing: the caller frees only a parsed one. */
static bool signature_failed(as_function *out)
{
    VEC_FREE(out->params);
    function_free_param_slot(out->param_slot);
    out->param_slot = NULL;
    return false;
}

/* Guarded: running out of memory while parsing the declaration is "not found". */
bool register_parse_signature(as_engine *e, as_module *m, const char *decl, as_function *out)
{
    mem_guard g;
    mem_guard_push(&g, NULL, NULL);
    if (setjmp(g.jb)) return signature_failed(out);
    bool ok = register_parse_signature_in(e, m, decl, out);
    mem_guard_end(&g);
    return ok || signature_failed(out);
}

/* Guarded: running out of memory while parsing the declaration is "not found". */
bool register_parse_signature_in_type(as_engine *e, as_type *t, const char *decl, as_function *out)
{
    mem_guard g;
    mem_guard_push(&g, NULL, NULL);
    if (setjmp(g.jb)) return signature_failed(out);
    bool ok = register_parse_signature_in_type_in(e, t, decl, out);
    mem_guard_end(&g);
    return ok || signature_failed(out);
}
