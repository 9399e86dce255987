/* Types, scopes, parameter lists, and the lookahead predicates that decide what a
 * declaration or statement is.
 *
 * The parser cannot know which identifiers name types (types may be declared later in the
 * file), so, like the reference, it decides by shape: `T x` is a declaration, `T x(` followed
 * by `{` a function, and so on. The reference does know which names are registered templates;
 * we do not. So in lookahead an identifier followed by `<` counts as a template only when
 * what follows parses as a template argument list (and, in expressions, when the context
 * then demands a type: `(`, `::` or `= {`); once a type is certain, `name<` always opens
 * template arguments. */
#include "parse_impl.h"
#include <string.h>

bool is_real_type(int k)
{
    switch (k) {
    case TK_VOID: case TK_INT_T: case TK_INT8: case TK_INT16: case TK_INT64:
    case TK_UINT: case TK_UINT8: case TK_UINT16: case TK_UINT64:
    case TK_FLOAT_T: case TK_BOOL: case TK_DOUBLE_T:
        return true;
    default:
        return false;
    }
}

bool is_data_type(int k) { return k == TK_IDENT || is_real_type(k); }

uint8_t prim_of(int k)
{
    switch (k) {
    case TK_VOID: return PRIM_VOID;
    case TK_BOOL: return PRIM_BOOL;
    case TK_INT8: return PRIM_INT8;
    case TK_INT16: return PRIM_INT16;
    case TK_INT_T: return PRIM_INT;
    case TK_INT64: return PRIM_INT64;
    case TK_UINT8: return PRIM_UINT8;
    case TK_UINT16: return PRIM_UINT16;
    case TK_UINT: return PRIM_UINT;
    case TK_UINT64: return PRIM_UINT64;
    case TK_FLOAT_T: return PRIM_FLOAT;
    case TK_DOUBLE_T: return PRIM_DOUBLE;
    case TK_AUTO: return PRIM_AUTO;
    case TK_QUESTION: return PRIM_VARTYPE;
    default: return PRIM_NONE;
    }
}

bool parse_ident(parser *P, const char **name)
{
    if (tkind(P) != TK_IDENT) {
        expected_msg(P, "Expected identifier");
        return false;
    }
    as_token t = tk(P);
    *name = tok_name(P, &t);
    adv(P);
    return true;
}

/* ---- speculative checks (never report, always leave the cursor where they say) ---- */

int template_status(parser *P, const as_token *name)
{
    if (!P->env->is_template || name->kind != TK_IDENT) return -1;
    return P->env->is_template(P->env->is_template_user, tok_name(P, name)) ? 1 : 0;
}

/* The identifier just before the cursor (a type name being checked). */
static const as_token *prev_token(const parser *P)
{
    return P->cur.skip || P->cur.i == 0 ? NULL : &P->toks[P->cur.i - 1];
}

/* Is the `<` at the cursor known not to open template arguments of the name before it? */
static bool known_non_template(parser *P)
{
    const as_token *name = prev_token(P);
    return name && template_status(P, name) == 0;
}

/* At the token after a type name: is there no `<`, or a well-formed `<types>`? On success the
 * cursor is after the closing '>' (splitting `>>`); on failure it is somewhere inside.
 * `lenient` also accepts `@ const` inside the list, which a real parse does and the
 * reference's lookahead does not. */
static bool check_template_list(parser *P, bool lenient)
{
    if (tkind(P) != TK_LT || known_non_template(P)) return true;
    if (P->depth >= PARSE_MAX_DEPTH) return false;
    P->depth++;
    adv(P);
    bool ok = false;
    for (;;) {
        accept_token(P, TK_CONST);
        accept_token(P, TK_SCOPE);
        while (tkind(P) == TK_IDENT && peek_kind(P, 1) == TK_SCOPE) {
            adv(P);
            adv(P);
        }
        int k = tkind(P);
        if (!is_data_type(k)) goto done;
        adv(P);
        if (k == TK_IDENT && !check_template_list(P, lenient)) goto done;
        while (tkind(P) == TK_AT || tkind(P) == TK_LBRACKET) {
            if (tkind(P) == TK_LBRACKET) {
                adv(P);
                if (tkind(P) != TK_RBRACKET) goto done;
            }
            adv(P);
            if (lenient && tkind(P) == TK_CONST && P->toks[P->cur.i - 1].kind == TK_AT) adv(P);
        }
        if (tkind(P) != TK_COMMA) break;
        adv(P);
    }
    if (tkind(P) != TK_EOF && P->src[tk(P).pos] == '>') {
        split_gt(P);
        ok = true;
    }
done:
    P->depth--;
    return ok;
}

bool check_template(parser *P) { return check_template_list(P, false); }

/* The reference's IsType: could a type start here? *after receives the position after it
 * (after any `@`, `&` and `[]`, which it accepts so errors come later with better text). */
bool is_type(parser *P, pcur *after)
{
    pcur start = mark(P);
    accept_token(P, TK_CONST);
    if (tkind(P) != TK_AUTO) {
        accept_token(P, TK_SCOPE);
        while (tkind(P) == TK_IDENT) {
            int next = peek_kind(P, 1);
            if (next == TK_SCOPE) {
                adv(P);
                adv(P);
                continue;
            }
            if (next == TK_LT) {
                /* A template type may also be a scope: `array<int>::f` */
                pcur here = mark(P);
                adv(P);
                if (check_template(P) && tkind(P) == TK_SCOPE) {
                    adv(P);
                    continue;
                }
                reset(P, here);
            }
            break;
        }
    }
    int k = tkind(P);
    if (!is_real_type(k) && k != TK_IDENT && k != TK_AUTO) {
        reset(P, start);
        return false;
    }
    adv(P);
    if (k == TK_IDENT && !check_template(P)) {
        reset(P, start);
        return false;
    }
    for (;;) {
        int m = tkind(P);
        if (m == TK_AT) {
            adv(P);
            accept_token(P, TK_CONST);
        } else if (m == TK_LBRACKET) {
            adv(P);
            if (tkind(P) != TK_RBRACKET) {
                reset(P, start);
                return false;
            }
            adv(P);
        } else if (m == TK_AMP) {
            adv(P);
        } else {
            break;
        }
    }
    *after = mark(P);
    reset(P, start);
    return true;
}

/* From the current '(' to its matching ')': returns false at the end of the file, else
 * leaves the cursor after the ')'. */
static bool skip_parens(parser *P)
{
    int nest = 0;
    while (tkind(P) != TK_EOF) {
        if (tkind(P) == TK_LPAREN) nest++;
        else if (tkind(P) == TK_RPAREN && --nest == 0) {
            adv(P);
            return true;
        }
        adv(P);
    }
    return false;
}

static void skip_access_modifier(parser *P)
{
    if (tkind(P) == TK_PRIVATE || tkind(P) == TK_PROTECTED) adv(P);
}

/* `[private] TYPE name` followed by `;` `=` `,` or by `(...)` that is not a function body. */
bool is_var_decl(parser *P)
{
    pcur start = mark(P), after;
    bool yes = false;
    skip_access_modifier(P);
    if (!is_type(P, &after)) goto out;
    reset(P, after);
    if (!accept_token(P, TK_IDENT)) goto out;
    int k = tkind(P);
    if (k == TK_SEMI || k == TK_ASSIGN || k == TK_COMMA) {
        yes = true;
    } else if (k == TK_LPAREN) {
        /* Followed by a block, a function attribute or the end: it is a function. */
        if (skip_parens(P)) {
            k = tkind(P);
            yes = k != TK_LBRACE && k != TK_IDENT && k != TK_EOF;
        }
    }
out:
    reset(P, start);
    return yes;
}

bool is_virtprop_decl(parser *P)
{
    pcur start = mark(P), after;
    bool yes = false;
    skip_access_modifier(P);
    if (is_type(P, &after)) {
        reset(P, after);
        yes = accept_token(P, TK_IDENT) && tkind(P) == TK_LBRACE;
    }
    reset(P, start);
    return yes;
}

static bool is_func_attr(parser *P)
{
    return cur_ident_is(P, "final") || cur_ident_is(P, "override") ||
           cur_ident_is(P, "explicit") || cur_ident_is(P, "property") || cur_ident_is(P, "delete");
}

/* A function with a body: `[private] (TYPE ['&'] | ~) name (...) [const] {attr} {`. In a
 * class any `name(` counts, since constructors have no return type. */
bool is_func_decl(parser *P, bool is_method)
{
    pcur start = mark(P), after;
    bool yes = false;
    if (is_method) {
        skip_access_modifier(P);
        if ((tkind(P) == TK_IDENT && peek_kind(P, 1) == TK_LPAREN) || tkind(P) == TK_BITNOT) {
            reset(P, start);
            return true;
        }
    }
    if (!is_type(P, &after)) goto out;
    reset(P, after);
    if (tkind(P) == TK_AMP) {
        yes = true;
        goto out;
    }
    if (!accept_token(P, TK_IDENT) || tkind(P) != TK_LPAREN) goto out;
    if (!skip_parens(P)) goto out;
    if (is_method) accept_token(P, TK_CONST);
    bool deleted = false;
    while (is_func_attr(P)) {
        deleted = deleted || cur_ident_is(P, "delete");
        adv(P);
    }
    /* `T f() delete;` (2.38) is a declaration without a body */
    yes = tkind(P) == TK_LBRACE || (deleted && tkind(P) == TK_SEMI);
out:
    reset(P, start);
    return yes;
}

/* `function (` ... first `)` ... `{` */
bool is_lambda(parser *P)
{
    pcur start = mark(P);
    bool yes = false;
    if (cur_ident_is(P, "function")) {
        adv(P);
        if (tkind(P) == TK_LPAREN) {
            while (tkind(P) != TK_RPAREN && tkind(P) != TK_EOF) adv(P);
            adv(P);
            yes = tkind(P) == TK_LBRACE;
        }
    }
    reset(P, start);
    return yes;
}

/* ---- real parsing ---- */

static void parse_template_args(parser *P, ast_node *type);

/* SCOPE ::= ['::'] {IDENT '::'} [IDENT '<' TYPE {',' TYPE} '>' '::'] */
void parse_scope(parser *P, bool *global, ast_names *scope, ast_node **scope_type)
{
    if (accept_token(P, TK_SCOPE)) *global = true;
    while (tkind(P) == TK_IDENT && peek_kind(P, 1) == TK_SCOPE) {
        as_token t = tk(P);
        ast_names_push(P->arena, scope, tok_name(P, &t));
        adv(P);
        adv(P);
    }
    if (!scope_type || tkind(P) != TK_IDENT || peek_kind(P, 1) != TK_LT) return;
    pcur start = mark(P);
    adv(P);
    bool is_scope = !known_non_template(P) && check_template_list(P, true) && tkind(P) == TK_SCOPE;
    reset(P, start);
    if (!is_scope) return;
    ast_node *t = new_node(P, AST_TYPE, cur_pos(P));
    as_token name = tk(P);
    t->u.type.name = tok_name(P, &name);
    adv(P);
    parse_template_args(P, t);
    if (!P->err && expect(P, TK_SCOPE)) *scope_type = t;
}

static void parse_template_args(parser *P, ast_node *type)
{
    type->u.type.targs_pos = cur_pos(P);
    adv(P); /* '<' */
    do {
        ast_node *sub = parse_type(P, true, false, false);
        if (sub) ast_list_push(P->arena, &type->u.type.targs, sub);
        if (P->err) return;
    } while (accept_token(P, TK_COMMA));
    /* `>>` and `>>>` close several lists: consume one '>' at a time. */
    if (tkind(P) == TK_EOF || P->src[tk(P).pos] != '>') {
        expected_tok(P, ">");
        return;
    }
    split_gt(P);
}

/* The array grows by doubling (its capacity is the power of two at or above nmods: only this
 * function writes it), so `T@@@...` with n modifiers costs O(n) arena, not O(n^2). */
void push_typemod(as_arena *arena, ast_node *type, ast_typemod m)
{
    int32_t n = type->u.type.nmods;
    if ((n & (n - 1)) == 0) {   /* 0 or a power of two: full */
        ast_typemod *mods = arena_alloc(arena, (size_t)(n ? 2 * n : 1) * sizeof *mods);
        if (n) memcpy(mods, type->u.type.mods, (size_t)n * sizeof *mods);
        type->u.type.mods = mods;
    }
    type->u.type.mods[type->u.type.nmods++] = m;
}

/* TYPE ::= ['const'] SCOPE DATATYPE ['<' TYPE {',' TYPE} '>'] { ('[' ']') | ('@' ['const']) } */
ast_node *parse_type(parser *P, bool allow_const, bool allow_var, bool allow_auto)
{
    ast_node *type = new_node(P, AST_TYPE, cur_pos(P));
    if (!enter(P)) return type;
    if (allow_const && accept_token(P, TK_CONST)) type->u.type.is_const = true;
    parse_scope(P, &type->u.type.global_scope, &type->u.type.scope, &type->u.type.scope_type);
    if (P->err) goto out;

    int k = tkind(P);
    if (!is_data_type(k) && !(allow_var && k == TK_QUESTION) && !(allow_auto && k == TK_AUTO)) {
        if (k == TK_AUTO) perr(P, "Auto is not allowed here");
        else expected_msg(P, "Expected data type");
        goto out;
    }
    as_token t = tk(P);
    type->u.type.name_pos = cur_pos(P);
    type->u.type.prim = prim_of(k);
    if (k == TK_IDENT) type->u.type.name = tok_name(P, &t);
    adv(P);

    /* Where a type is certain, `name<` can only open template arguments. */
    if (k == TK_IDENT && tkind(P) == TK_LT && !known_non_template(P)) {
        parse_template_args(P, type);
        if (P->err) goto out;
    }

    for (;;) {
        ast_typemod m = {0};
        if (tkind(P) == TK_LBRACKET) {
            adv(P);
            if (!accept_token(P, TK_RBRACKET)) {
                expected_tok(P, "]");
                goto out;
            }
            m.kind = TYPEMOD_ARRAY;
        } else if (tkind(P) == TK_AT) {
            m.pos = cur_pos(P);
            adv(P);
            m.kind = TYPEMOD_HANDLE;
            m.handle_const = accept_token(P, TK_CONST);
        } else {
            break;
        }
        push_typemod(P->arena, type, m);
    }
out:
    leave(P);
    return type;
}

/* TYPEMOD ::= ['&' ['in' | 'out' | 'inout']], plus the registration-only `+` (auto handle)
 * and `if_handle_then_const`. */
void parse_typemod(parser *P, bool is_param, ast_node *type, uint8_t *ref, uint32_t *attrs)
{
    if (accept_token(P, TK_AMP)) {
        *ref = REF_INOUT;
        if (is_param) {
            if (accept_token(P, TK_IN)) *ref = REF_IN;
            else if (accept_token(P, TK_OUT)) *ref = REF_OUT;
            else accept_token(P, TK_INOUT);
        }
    }
    if (!P->env->registration) return;
    if (tkind(P) == TK_PLUS) {
        int n = type ? type->u.type.nmods : 0;
        if (n == 0 || type->u.type.mods[n - 1].kind != TYPEMOD_HANDLE) {
            perr(P, "Unexpected token '+'");
            return;
        }
        type->u.type.mods[n - 1].auto_handle = true;
        adv(P);
    }
    if (cur_ident_is(P, "if_handle_then_const")) {
        *attrs |= FATTR_IF_HANDLE_THEN_CONST;
        adv(P);
    }
}

/* A default argument: skipped in phase 1 (queued), parsed directly otherwise. */
static void parse_default_arg_expr(parser *P, ast_node *param);

/* The source text of tokens [from, to): the reference keeps a default argument as written, with
 * each run of white space and comments between two tokens shown as one space. */
static const char *tokens_text(parser *P, int32_t from, int32_t to)
{
    size_t n = 0;
    for (int32_t i = from; i < to; i++) n += P->toks[i].len + 1;
    char *text = arena_alloc(P->arena, n + 1);
    size_t at = 0;
    for (int32_t i = from; i < to; i++) {
        const as_token *t = &P->toks[i];
        if (i > from && t->pos > P->toks[i - 1].pos + P->toks[i - 1].len) text[at++] = ' ';
        memcpy(text + at, P->src + t->pos, t->len);
        at += t->len;
    }
    text[at] = 0;
    return text;
}

static void parse_default_arg(parser *P, ast_node *param)
{
    int32_t from = P->cur.i;
    parse_default_arg_expr(P, param);
    if (!P->err) param->u.param.def_text = tokens_text(P, from, P->cur.i);
}

static void parse_default_arg_expr(parser *P, ast_node *param)
{
    if (P->defer) {
        pcur at = mark(P);
        skip_default_arg(P);
        if (!P->err) queue_job(P, JOB_DEFARG, P->in_class ? GROUP_METHOD : GROUP_FUNC, at, param, NULL);
    } else {
        param->u.param.def = parse_assign(P);
    }
}

/* PARAMLIST ::= '(' ['void' | (TYPE TYPEMOD [IDENT] ['=' EXPR] {',' ...})] ')' */
void parse_param_list(parser *P, ast_node *func)
{
    if (!expect(P, TK_LPAREN)) return;
    if (accept_token(P, TK_RPAREN)) return;
    if (tkind(P) == TK_VOID && peek_kind(P, 1) == TK_RPAREN) {
        adv(P);
        adv(P);
        return;
    }
    bool reg = P->env->registration;
    for (;;) {
        if (reg && tkind(P) == TK_ELLIPSIS) {
            /* registration: a bare `...` ends the list */
            func->u.func.is_variadic = true;
            adv(P);
        } else {
            ast_node *param = new_node(P, AST_PARAM, cur_pos(P));
            param->u.param.type = parse_type(P, true, reg, false);
            if (P->err) return;
            uint32_t attrs = 0;
            parse_typemod(P, true, param->u.param.type, &param->u.param.ref, &attrs);
            if (P->err) return;
            param->u.param.if_handle_then_const = (attrs & FATTR_IF_HANDLE_THEN_CONST) != 0;
            func->u.func.attrs |= attrs;
            if (reg && accept_token(P, TK_ELLIPSIS)) func->u.func.is_variadic = true;
            if (tkind(P) == TK_IDENT) parse_ident(P, &param->u.param.name);
            ast_list_push(P->arena, &func->u.func.params, param);
            if (accept_token(P, TK_ASSIGN)) {
                parse_default_arg(P, param);
                if (P->err) return;
            }
        }
        if (accept_token(P, TK_RPAREN)) return;
        if (!accept_token(P, TK_COMMA)) {
            expected_two(P, ")", ",");
            return;
        }
    }
}

/* FUNCATTR ::= {'override' | 'final' | 'explicit' | 'property'} */
void parse_method_attrs(parser *P, uint32_t *attrs)
{
    for (;;) {
        if (tkind(P) != TK_IDENT) return;   /* (most declarations end here: no word to compare) */
        if (cur_ident_is(P, "final")) *attrs |= FATTR_FINAL;
        else if (cur_ident_is(P, "override")) *attrs |= FATTR_OVERRIDE;
        else if (cur_ident_is(P, "explicit")) *attrs |= FATTR_EXPLICIT;
        else if (cur_ident_is(P, "property")) *attrs |= FATTR_PROPERTY;
        else if (cur_ident_is(P, "delete")) *attrs |= FATTR_DELETE;
        else return;
        adv(P);
    }
}

/* Registration list patterns: `{ repeat T }`, `{ repeat_same {string, ?} }`, `{ int, int }`.
 * The result is an AST_INITLIST whose items are AST_TYPE nodes or nested lists. */
ast_node *parse_list_pattern(parser *P)
{
    if (tkind(P) != TK_LBRACE) {
        expected_tok(P, "{");
        return NULL;
    }
    ast_node *list = new_node(P, AST_INITLIST, cur_pos(P));
    pcur start = mark(P);
    if (!enter(P)) return list;
    adv(P);
    bool beginning = true, after_type = false;
    while (!P->err) {
        int k = tkind(P);
        if (k == TK_RBRACE) {
            if (!after_type) expected_msg(P, "Expected data type");
            else adv(P);
            break;
        } else if (k == TK_LBRACE) {
            if (after_type) {
                expected_two(P, ",", "}");
                break;
            }
            ast_list_push(P->arena, &list->u.init.items, parse_list_pattern(P));
            after_type = true;
        } else if (cur_ident_is(P, "repeat") || cur_ident_is(P, "repeat_same")) {
            if (!beginning) {
                as_token t = tk(P);
                perr(P, "Unexpected token '%.*s'", (int)t.len, P->src + t.pos);
                break;
            }
            list->u.init.repeat = cur_ident_is(P, "repeat") ? 1 : 2;
            adv(P);
        } else if (k == TK_EOF) {
            perr(P, "Unexpected end of file");
            pinfo_at(P, start, "While parsing statement block");
            break;
        } else if (k == TK_COMMA) {
            if (!after_type) {
                expected_msg(P, "Expected data type");
                break;
            }
            adv(P);
            after_type = false;
        } else {
            if (after_type) {
                expected_two(P, ",", "}");
                break;
            }
            ast_list_push(P->arena, &list->u.init.items, parse_type(P, true, true, false));
            after_type = true;
        }
        beginning = false;
    }
    leave(P);
    return list;
}
