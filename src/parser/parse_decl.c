/* Declarations: the global scope, namespaces, classes, interfaces, enums, typedefs, funcdefs,
 * imports, functions, virtual properties and variables.
 *
 * Bodies and initializers are skipped here in phase 1 and queued (see parse_impl.h). After an
 * error the declaration list skips to the next ';' or over the next '{...}' block, as the
 * reference does, so later declarations are still checked. */
#include "parse_impl.h"
#include <string.h>

static bool cur_is_modifier(parser *P, const char *const *words)
{
    for (; *words; words++)
        if (cur_ident_is(P, *words)) return true;
    return false;
}

/* Context-sensitive modifier words in front of a declaration. */
static uint32_t parse_modifiers(parser *P, const char *const *allowed)
{
    uint32_t mods = 0;
    while (cur_is_modifier(P, allowed)) {
        if (cur_ident_is(P, "shared")) mods |= MOD_SHARED;
        else if (cur_ident_is(P, "external")) mods |= MOD_EXTERNAL;
        else if (cur_ident_is(P, "abstract")) mods |= MOD_ABSTRACT;
        else if (cur_ident_is(P, "final")) mods |= MOD_FINAL;
        adv(P);
    }
    return mods;
}

static const char *const shared_external[] = {"shared", "external", NULL};
static const char *const class_modifiers[] = {"shared", "abstract", "final", "external", NULL};

/* A function or accessor body: skipped and queued in phase 1, parsed directly otherwise. */
static void parse_body(parser *P, ast_node *owner, ast_node **slot)
{
    if (!P->defer) {
        *slot = parse_statement_block(P);
        return;
    }
    pcur at = mark(P);
    if (skip_statement_block(P))
        queue_job(P, JOB_BODY, P->in_class ? GROUP_METHOD : GROUP_FUNC, at, owner, slot);
}

static void parse_access(parser *P, uint32_t *mods)
{
    if (accept_token(P, TK_PRIVATE)) *mods |= MOD_PRIVATE;
    else if (accept_token(P, TK_PROTECTED)) *mods |= MOD_PROTECTED;
}

/* ---- variables ---- */

static void parse_declarator_init(parser *P, ast_node *d, bool deferred_init, job_group group)
{
    int k = tkind(P);
    if (k != TK_ASSIGN && k != TK_LPAREN) return;
    if (deferred_init && P->defer) {
        pcur at = mark(P);
        skip_var_init(P);
        if (!P->err) queue_job(P, JOB_VARINIT, group, at, d, NULL);
        return;
    }
    if (deferred_init) {
        parse_var_init_job(P, d);
    } else if (k == TK_LPAREN) {
        d->u.decl.has_args = true;
        parse_arglist(P, &d->u.decl.args, true);
    } else {
        adv(P);
        d->u.decl.init = tkind(P) == TK_LBRACE ? parse_initlist(P) : parse_assign(P);
    }
}

/* VAR ::= ['private'|'protected'] TYPE IDENT [('=' (INITLIST | EXPR)) | ARGLIST] {',' ...} ';'
 * Global and member initializers are deferred; local ones are parsed in place. */
ast_node *parse_declaration(parser *P, bool is_class_prop, bool is_global)
{
    ast_node *var = new_node(P, AST_VAR, cur_pos(P));
    if (is_class_prop) parse_access(P, &var->u.var.mods);
    var->u.var.type = parse_type(P, true, false, !is_class_prop);
    if (P->err) return var;
    job_group group = is_class_prop ? GROUP_MEMBERINIT : GROUP_GLOBALVAR;
    for (;;) {
        ast_node *d = new_node(P, AST_DECLARATOR, cur_pos(P));
        if (!parse_ident(P, &d->u.decl.name)) return var;
        ast_list_push(P->arena, &var->u.var.decls, d);
        parse_declarator_init(P, d, is_class_prop || is_global, group);
        if (P->err) return var;
        if (accept_token(P, TK_COMMA)) continue;
        if (accept_token(P, TK_SEMI)) return var;
        expected_two(P, ",", ";");
        return var;
    }
}

/* ---- functions ---- */

/* FUNC ::= {'shared'|'external'} ['private'|'protected'] [((TYPE ['&']) | '~')] IDENT PARAMLIST
 *          ['const'] FUNCATTR (';' | STATBLOCK)
 * In a class, `name(` without a return type is a constructor and `~name(` a destructor. */
static ast_node *parse_function(parser *P, bool is_method)
{
    ast_node *f = new_node(P, AST_FUNC, cur_pos(P));
    if (!is_method) f->u.func.mods = parse_modifiers(P, shared_external);
    else parse_access(P, &f->u.func.mods);

    if (!is_method || (tkind(P) != TK_BITNOT && peek_kind(P, 1) != TK_LPAREN)) {
        f->u.func.ret = parse_type(P, true, false, false);
        if (P->err) return f;
        uint8_t ref = REF_NONE;
        parse_typemod(P, false, f->u.func.ret, &ref, &f->u.func.attrs);
        f->u.func.ret_ref = ref != REF_NONE;
        if (P->err) return f;
    }
    if (is_method && accept_token(P, TK_BITNOT)) f->u.func.is_destructor = true;
    if (!parse_ident(P, &f->u.func.name)) return f;
    parse_param_list(P, f);
    if (P->err) return f;
    if (is_method && accept_token(P, TK_CONST)) f->u.func.attrs |= FATTR_CONST;
    parse_method_attrs(P, &f->u.func.attrs);
    if (accept_token(P, TK_SEMI)) return f;
    parse_body(P, f, &f->u.func.body);
    return f;
}

/* A registered template function's subtypes, `<[class] IDENT {',' [class] IDENT}>` (2.38), with
 * the reference's messages: a bad name is reported, then the '(' expected there; a list that
 * doesn't close (`<T U>`) is read as no list: '(' was expected at the '<'. */
static void parse_template_params(parser *P, ast_node *f)
{
    pcur lt = mark(P);
    adv(P); /* '<' */
    do {
        accept_token(P, TK_CLASS);
        const char *name;
        if (!parse_ident(P, &name)) {
            expected_tok(P, "(");
            return;
        }
        ast_names_push(P->arena, &f->u.func.tparams, name);
    } while (accept_token(P, TK_COMMA));
    if (tkind(P) == TK_EOF || P->src[tk(P).pos] != '>') {
        f->u.func.tparams.count = 0;
        reset(P, lt);
        expected_tok(P, "(");
        return;
    }
    split_gt(P);
}

/* The reference's ParseFunctionDefinition, used by import and by registration strings:
 * TYPE TYPEMOD [SCOPE] IDENT ['<' subtypes '>'] PARAMLIST ['const'] FUNCATTR, no body (the
 * subtypes in registered functions only). */
static void parse_func_definition_into(parser *P, ast_node *f)
{
    f->u.func.ret = parse_type(P, true, false, false);
    if (P->err) return;
    uint8_t ref = REF_NONE;
    parse_typemod(P, false, f->u.func.ret, &ref, &f->u.func.attrs);
    f->u.func.ret_ref = ref != REF_NONE;
    if (P->err) return;
    parse_scope(P, &f->u.func.global_scope, &f->u.func.scope, &f->u.func.scope_type);
    if (!parse_ident(P, &f->u.func.name)) return;
    if (P->env->registration && f->kind == AST_FUNC && tkind(P) == TK_LT) {
        parse_template_params(P, f);
        if (P->err) return;
    }
    parse_param_list(P, f);
    if (P->err) return;
    if (accept_token(P, TK_CONST)) f->u.func.attrs |= FATTR_CONST;
    parse_method_attrs(P, &f->u.func.attrs);
}

ast_node *parse_func_definition(parser *P, ast_kind kind)
{
    ast_node *f = new_node(P, kind, cur_pos(P));
    parse_func_definition_into(P, f);
    return f;
}

/* INTFMTHD ::= TYPE ['&'] IDENT PARAMLIST ['const'] ';' */
static ast_node *parse_interface_method(parser *P)
{
    ast_node *f = new_node(P, AST_FUNC, cur_pos(P));
    f->u.func.ret = parse_type(P, true, false, false);
    if (P->err) return f;
    uint8_t ref = REF_NONE;
    parse_typemod(P, false, f->u.func.ret, &ref, &f->u.func.attrs);
    f->u.func.ret_ref = ref != REF_NONE;
    if (P->err) return f;
    if (!parse_ident(P, &f->u.func.name)) return f;
    parse_param_list(P, f);
    if (P->err) return f;
    if (accept_token(P, TK_CONST)) f->u.func.attrs |= FATTR_CONST;
    if (!accept_token(P, TK_SEMI)) expected_tok(P, ";");
    return f;
}

/* FUNCDEF ::= {'external'|'shared'} 'funcdef' TYPE ['&'] IDENT PARAMLIST ';' */
static ast_node *parse_funcdef(parser *P)
{
    ast_node *f = new_node(P, AST_FUNCDEF, cur_pos(P));
    f->u.func.mods = parse_modifiers(P, shared_external);
    if (!accept_token(P, TK_FUNCDEF)) {
        perr(P, "funcdef");
        return f;
    }
    f->u.func.ret = parse_type(P, true, false, false);
    if (P->err) return f;
    uint8_t ref = REF_NONE;
    parse_typemod(P, false, f->u.func.ret, &ref, &f->u.func.attrs);
    f->u.func.ret_ref = ref != REF_NONE;
    if (P->err) return f;
    if (!parse_ident(P, &f->u.func.name)) return f;
    parse_param_list(P, f);
    if (P->err) return f;
    if (!accept_token(P, TK_SEMI)) expected_tok(P, ";");
    return f;
}

/* IMPORT ::= 'import' TYPE ['&'] IDENT PARAMLIST FUNCATTR 'from' STRING ';' */
static ast_node *parse_import(parser *P)
{
    ast_node *f = new_node(P, AST_IMPORT, cur_pos(P));
    if (!accept_token(P, TK_IMPORT)) {
        expected_tok(P, "import");
        return f;
    }
    parse_func_definition_into(P, f);
    if (P->err) return f;
    if (!cur_ident_is(P, "from")) {
        expected_tok(P, "from");
        return f;
    }
    adv(P);
    if (tkind(P) != TK_STRING) {
        expected_msg(P, "Expected string");
        return f;
    }
    /* The reference takes the module name verbatim, without processing escapes. */
    as_token t = tk(P);
    f->u.func.module = arena_strdup(P->arena, P->src + t.pos + 1, t.len - 2);
    adv(P);
    if (!accept_token(P, TK_SEMI)) expected_tok(P, ";");
    return f;
}

/* ---- virtual properties ---- */

static ast_node *parse_accessor(parser *P, bool is_method, bool is_interface)
{
    ast_node *acc = new_node(P, AST_ACCESSOR, cur_pos(P));
    acc->u.accessor.is_get = cur_ident_is(P, "get");
    adv(P);
    if (is_method) {
        if (accept_token(P, TK_CONST)) acc->u.accessor.attrs |= FATTR_CONST;
        if (!is_interface) parse_method_attrs(P, &acc->u.accessor.attrs);
    }
    if (is_interface) {
        if (!accept_token(P, TK_SEMI)) expected_tok(P, ";");
    } else if (tkind(P) == TK_LBRACE) {
        parse_body(P, acc, &acc->u.accessor.body);
    } else if (!accept_token(P, TK_SEMI)) {
        expected_two(P, ";", "{");
    }
    return acc;
}

/* VIRTPROP ::= ['private'|'protected'] TYPE ['&'] IDENT '{' {('get'|'set') ['const'] FUNCATTR
 *              (STATBLOCK | ';')} '}' */
static ast_node *parse_virtprop(parser *P, bool is_method, bool is_interface)
{
    ast_node *vp = new_node(P, AST_VIRTPROP, cur_pos(P));
    if (is_method) parse_access(P, &vp->u.vprop.mods);
    vp->u.vprop.type = parse_type(P, true, false, false);
    if (P->err) return vp;
    uint8_t ref = REF_NONE;
    uint32_t attrs = 0;
    parse_typemod(P, false, vp->u.vprop.type, &ref, &attrs);
    vp->u.vprop.is_ref = ref != REF_NONE;
    pcur name_at = mark(P);
    if (P->err || !parse_ident(P, &vp->u.vprop.name)) return vp;
    if (!expect(P, TK_LBRACE)) return vp;
    for (;;) {
        if (cur_ident_is(P, "get") || cur_ident_is(P, "set")) {
            ast_list_push(P->arena, &vp->u.vprop.accessors, parse_accessor(P, is_method, is_interface));
            if (P->err) return vp;
        } else if (accept_token(P, TK_RBRACE)) {
            if (vp->u.vprop.accessors.count == 0) {
                /* `int x { }` (reported at the name, parsing goes on) */
                pcur end = mark(P);
                reset(P, name_at);
                perr(P, "Virtual property must have at least one get or set accessor");
                reset(P, end);
                P->err = false;
            }
            return vp;
        } else {
            expected_msg(P, "Expected one of: get, set, }");
            return vp;
        }
    }
}

/* ---- types ---- */

/* `: A, ns::B` after a class or interface name. Like the reference, a missing name does
 * not stop the list: the caller still wants its '{'. */
static void parse_bases(parser *P, ast_list *bases)
{
    do {
        ast_node *b = new_node(P, AST_TYPE, cur_pos(P));
        parse_scope(P, &b->u.type.global_scope, &b->u.type.scope, &b->u.type.scope_type);
        if (parse_ident(P, &b->u.type.name)) ast_list_push(P->arena, bases, b);
    } while (accept_token(P, TK_COMMA));
}

static void parse_class_members(parser *P, ast_node *cls)
{
    while (tkind(P) != TK_RBRACE && tkind(P) != TK_EOF) {
        ast_node *m = NULL;
        if (tkind(P) == TK_FUNCDEF) m = parse_funcdef(P);
        else if (is_func_decl(P, true)) m = parse_function(P, true);
        else if (is_virtprop_decl(P)) m = parse_virtprop(P, true, false);
        else if (is_var_decl(P)) m = parse_declaration(P, true, false);
        else if (accept_token(P, TK_SEMI)) continue;
        else {
            expected_msg(P, "Expected method or property");
            return;
        }
        ast_list_push(P->arena, &cls->u.cls.members, m);
        if (P->err) return;
    }
    if (!accept_token(P, TK_RBRACE)) expected_tok(P, "}");
}

/* CLASS ::= {'shared'|'abstract'|'final'|'external'} 'class' ['@'] IDENT
 *           (';' | ([':' IDENT {',' IDENT}] '{' {VIRTPROP | FUNC | VAR | FUNCDEF} '}')) */
static ast_node *parse_class(parser *P)
{
    ast_node *cls = new_node(P, AST_CLASS, cur_pos(P));
    cls->u.cls.mods = parse_modifiers(P, class_modifiers);
    if (!accept_token(P, TK_CLASS)) {
        expected_tok(P, "class");
        return cls;
    }
    if (P->env->allow_implicit_handle_types && accept_token(P, TK_AT)) cls->u.cls.implicit_handle = true;
    if (!parse_ident(P, &cls->u.cls.name)) return cls;
    if (accept_token(P, TK_SEMI)) {
        cls->u.cls.is_forward = true;
        return cls;
    }
    if (accept_token(P, TK_COLON)) parse_bases(P, &cls->u.cls.bases);
    /* (like the reference, a bad base name is followed by the complaint about '{') */
    if (!expect(P, TK_LBRACE) || P->err) return cls;
    bool was_in_class = P->in_class;
    P->in_class = true;
    parse_class_members(P, cls);
    P->in_class = was_in_class;
    return cls;
}

/* MIXIN ::= 'mixin' CLASS */
static ast_node *parse_mixin(parser *P)
{
    ast_pos pos = cur_pos(P);
    if (!accept_token(P, TK_MIXIN)) {
        ast_node *none = new_node(P, AST_CLASS, pos);
        expected_tok(P, "mixin");
        return none;
    }
    ast_node *cls = parse_class(P);
    cls->pos = pos;
    cls->u.cls.is_mixin = true;
    return cls;
}

/* INTERFACE ::= {'external'|'shared'} 'interface' IDENT
 *               (';' | ([':' IDENT {',' IDENT}] '{' {VIRTPROP | INTFMTHD} '}')) */
static ast_node *parse_interface(parser *P)
{
    ast_node *in = new_node(P, AST_INTERFACE, cur_pos(P));
    in->u.cls.mods = parse_modifiers(P, shared_external);
    if (!accept_token(P, TK_INTERFACE)) {
        expected_tok(P, "interface");
        return in;
    }
    if (!parse_ident(P, &in->u.cls.name)) return in;
    if (accept_token(P, TK_SEMI)) {
        in->u.cls.is_forward = true;
        return in;
    }
    if (accept_token(P, TK_COLON)) parse_bases(P, &in->u.cls.bases);
    if (!expect(P, TK_LBRACE) || P->err) return in;
    while (tkind(P) != TK_RBRACE && tkind(P) != TK_EOF) {
        ast_node *m;
        if (is_virtprop_decl(P)) m = parse_virtprop(P, true, true);
        else if (accept_token(P, TK_SEMI)) continue;
        else m = parse_interface_method(P);
        ast_list_push(P->arena, &in->u.cls.members, m);
        if (P->err) return in;
    }
    if (!accept_token(P, TK_RBRACE)) expected_tok(P, "}");
    return in;
}

/* ENUM ::= {'shared'|'external'} 'enum' IDENT
 *          (';' | ('{' IDENT ['=' EXPR] {',' IDENT ['=' EXPR]} '}')) */
static ast_node *parse_enum(parser *P)
{
    ast_node *e = new_node(P, AST_ENUM, cur_pos(P));
    e->u.enm.mods = parse_modifiers(P, shared_external);
    if (!accept_token(P, TK_ENUM)) {
        expected_tok(P, "enum");
        return e;
    }
    if (!parse_ident(P, &e->u.enm.name)) return e;
    if (accept_token(P, TK_SEMI)) {
        e->u.enm.is_forward = true;
        return e;
    }
    if (!accept_token(P, TK_LBRACE)) {
        expected_msg(P, "Expected one of: {, ;");
        return e;
    }
    while (tkind(P) != TK_RBRACE) {
        ast_node *v = new_node(P, AST_ENUMVAL, cur_pos(P));
        if (!parse_ident(P, &v->u.enumval.name)) return e;
        ast_list_push(P->arena, &e->u.enm.values, v);
        if (tkind(P) == TK_ASSIGN) {
            pcur at = mark(P);
            if (P->defer) {
                skip_var_init(P);
                if (P->err) return e;
                queue_job(P, JOB_ENUMVAL, GROUP_ENUM, at, v, NULL);
            } else {
                adv(P);
                v->u.enumval.value = parse_assign(P);
                if (P->err) return e;
            }
        }
        if (!accept_token(P, TK_COMMA)) break;
    }
    if (!accept_token(P, TK_RBRACE)) expected_tok(P, "}");
    return e;
}

/* TYPEDEF ::= 'typedef' PRIMTYPE IDENT ';' */
static ast_node *parse_typedef(parser *P)
{
    ast_node *td = new_node(P, AST_TYPEDEF, cur_pos(P));
    if (!accept_token(P, TK_TYPEDEF)) {
        expected_tok(P, "typedef");
        return td;
    }
    int k = tkind(P);
    if (!is_real_type(k) || k == TK_VOID) {
        perr(P, "Unexpected token '%s'", tok_definition(k));
        return td;
    }
    td->u.tdef.type = parse_type(P, false, false, false);
    if (!parse_ident(P, &td->u.tdef.name)) return td;
    /* (sic) the reference names the token it found as the one it expected */
    if (!accept_token(P, TK_SEMI)) expected_tok(P, tok_definition(tkind(P)));
    return td;
}

/* ---- namespaces and the global scope ---- */

/* NAMESPACE ::= 'namespace' IDENT {'::' IDENT} '{' SCRIPT '}' */
/* USING ::= 'using' 'namespace' ['::'] IDENT {'::' IDENT} ';' (2.38) */
ast_node *parse_using(parser *P)
{
    ast_node *u = new_node(P, AST_USING, cur_pos(P));
    adv(P);
    if (!expect(P, TK_NAMESPACE)) return u;
    if (accept_token(P, TK_SCOPE)) u->u.using_.global_scope = true;
    do {
        const char *name;
        if (!parse_ident(P, &name)) return u;
        ast_names_push(P->arena, &u->u.using_.names, name);
    } while (accept_token(P, TK_SCOPE));
    expect(P, TK_SEMI);
    return u;
}

static ast_node *parse_namespace(parser *P)
{
    ast_node *ns = new_node(P, AST_NAMESPACE, cur_pos(P));
    if (!accept_token(P, TK_NAMESPACE)) {
        expected_tok(P, "namespace");
        return ns;
    }
    do {
        const char *name;
        if (!parse_ident(P, &name)) return ns;
        ast_names_push(P->arena, &ns->u.ns.names, name);
    } while (accept_token(P, TK_SCOPE));
    if (tkind(P) != TK_LBRACE) {
        expected_tok(P, "{");
        return ns;
    }
    pcur start = mark(P);
    adv(P);
    if (!enter(P)) return ns;
    parse_decls(P, &ns->u.ns.decls, true);
    leave(P);
    if (P->err) return ns;
    if (accept_token(P, TK_RBRACE)) return ns;
    if (tkind(P) == TK_EOF) perr(P, "Unexpected end of file");
    else expected_tok(P, "}");
    pinfo_at(P, start, "While parsing namespace");
    return ns;
}

/* A declaration that starts with a type: virtual property, variable or function. */
static ast_node *parse_typed_decl(parser *P)
{
    if (is_virtprop_decl(P)) return parse_virtprop(P, false, false);
    if (is_var_decl(P)) return parse_declaration(P, false, true);
    return parse_function(P, false);
}

/* One global declaration, or NULL for a stray ';' or an error. */
static ast_node *parse_decl(parser *P)
{
    pcur start = mark(P);
    /* Look past the modifiers to see what is being declared. */
    parse_modifiers(P, class_modifiers);
    int k = tkind(P);
    pcur after_mods = mark(P);
    reset(P, start);
    switch (k) {
    case TK_IMPORT: return parse_import(P);
    case TK_ENUM: return parse_enum(P);
    case TK_TYPEDEF: return parse_typedef(P);
    case TK_CLASS: return parse_class(P);
    case TK_MIXIN: return parse_mixin(P);
    case TK_INTERFACE: return parse_interface(P);
    case TK_FUNCDEF: return parse_funcdef(P);
    case TK_NAMESPACE: return parse_namespace(P);
    case TK_USING: return parse_using(P);
    case TK_SEMI: adv(P); return NULL;
    default:
        if (k == TK_CONST || k == TK_SCOPE || k == TK_AUTO || is_data_type(k)) return parse_typed_decl(P);
        reset(P, after_mods);
        perr(P, "Unexpected token '%s'", tok_definition(k));
        return NULL;
    }
}

/* After an error: skip to the next ';' or over the next '{...}', as the reference does. */
static void recover_decl(parser *P)
{
    while (tkind(P) != TK_SEMI && tkind(P) != TK_EOF && tkind(P) != TK_LBRACE) adv(P);
    if (tkind(P) == TK_LBRACE) {
        int level = 1;
        adv(P);
        while (level > 0 && tkind(P) != TK_EOF) {
            if (tkind(P) == TK_LBRACE) level++;
            else if (tkind(P) == TK_RBRACE) level--;
            adv(P);
        }
    } else {
        accept_token(P, TK_SEMI);
    }
    P->err = false;
}

/* SCRIPT ::= {IMPORT | ENUM | TYPEDEF | CLASS | MIXIN | INTERFACE | FUNCDEF | VIRTPROP | VAR |
 *             FUNC | NAMESPACE | ';'} */
void parse_decls(parser *P, ast_list *out, bool in_block)
{
    for (;;) {
        while (!P->err) {
            int k = tkind(P);
            if (k == TK_EOF || (in_block && k == TK_RBRACE)) return;
            ast_node *d = parse_decl(P);
            if (d) ast_list_push(P->arena, out, d);
        }
        recover_decl(P);
    }
}
