/* Expressions.
 *
 * The reference parser produces a flat operand/operator list and leaves precedence to the
 * compiler; we build the tree here by precedence climbing. Operators are checked in the same
 * left-to-right order, so syntax errors are found at the same tokens.
 *
 * Node positions: binary and assignment nodes sit on their operator, member accesses and
 * method calls on the member name, index and invoke nodes on their '[' / '(', postfix
 * operators on the operator; everything else on its first token. That is where the reference
 * reports errors about those constructs. */
#include "parse_impl.h"
#include <string.h>

/* ---- operator tables ---- */

/* Binary precedence, higher binds tighter; 0 = not a binary operator. All left-associative,
 * `**` included (the reference evaluates 2**3**2 as 64). */
static int binary_prec(int k, uint8_t *op)
{
    switch (k) {
    case TK_STARSTAR: *op = OP_POW; return 11;
    case TK_STAR: *op = OP_MUL; return 10;
    case TK_SLASH: *op = OP_DIV; return 10;
    case TK_PERCENT: *op = OP_MOD; return 10;
    case TK_PLUS: *op = OP_ADD; return 9;
    case TK_MINUS: *op = OP_SUB; return 9;
    case TK_SHL: *op = OP_SHL; return 8;
    case TK_SHR: *op = OP_SHR; return 8;
    case TK_USHR: *op = OP_USHR; return 8;
    case TK_AMP: *op = OP_BAND; return 7;
    case TK_BITXOR: *op = OP_BXOR; return 6;
    case TK_BITOR: *op = OP_BOR; return 5;
    case TK_LT: *op = OP_LT; return 4;
    case TK_LE: *op = OP_LE; return 4;
    case TK_GT: *op = OP_GT; return 4;
    case TK_GE: *op = OP_GE; return 4;
    case TK_EQ: *op = OP_EQ; return 3;
    case TK_NE: *op = OP_NE; return 3;
    case TK_IS: *op = OP_IS; return 3;
    case TK_NOTIS: *op = OP_NOTIS; return 3;
    case TK_XOR: *op = OP_XOR; return 3;
    case TK_AND: *op = OP_AND; return 2;
    case TK_OR: *op = OP_OR; return 1;
    default: return 0;
    }
}

static uint8_t assign_op(int k)
{
    switch (k) {
    case TK_ASSIGN: return OP_ASSIGN;
    case TK_ADD_ASSIGN: return OP_ADD;
    case TK_SUB_ASSIGN: return OP_SUB;
    case TK_MUL_ASSIGN: return OP_MUL;
    case TK_DIV_ASSIGN: return OP_DIV;
    case TK_MOD_ASSIGN: return OP_MOD;
    case TK_POW_ASSIGN: return OP_POW;
    case TK_AND_ASSIGN: return OP_BAND;
    case TK_OR_ASSIGN: return OP_BOR;
    case TK_XOR_ASSIGN: return OP_BXOR;
    case TK_SHL_ASSIGN: return OP_SHL;
    case TK_SHR_ASSIGN: return OP_SHR;
    case TK_USHR_ASSIGN: return OP_USHR;
    default: return OP_NONE;
    }
}

static uint8_t prefix_op(int k)
{
    switch (k) {
    case TK_MINUS: return OP_NEG;
    case TK_PLUS: return OP_PLUS;
    case TK_NOT: return OP_NOT;
    case TK_INC: return OP_PREINC;
    case TK_DEC: return OP_PREDEC;
    case TK_BITNOT: return OP_BNOT;
    case TK_AT: return OP_HANDLE;
    default: return OP_NONE;
    }
}

static bool is_postfix_op(int k)
{
    return k == TK_INC || k == TK_DEC || k == TK_DOT || k == TK_LBRACKET || k == TK_LPAREN;
}

static bool is_constant(int k)
{
    switch (k) {
    case TK_INT: case TK_FLOAT: case TK_DOUBLE: case TK_STRING: case TK_MLSTRING:
    case TK_HEREDOC: case TK_TRUE: case TK_FALSE: case TK_BITS: case TK_NULL:
        return true;
    default:
        return false;
    }
}

static bool is_string(int k) { return k == TK_STRING || k == TK_MLSTRING || k == TK_HEREDOC; }

/* ---- argument lists ---- */

/* ARGLIST ::= '(' [IDENT ':'] ASSIGN {',' [IDENT ':'] ASSIGN} ')'; without parentheses it is
 * the inside of an index operator and the caller checks the ']'. */
void parse_arglist(parser *P, ast_list *args, bool paren)
{
    if (paren && !expect(P, TK_LPAREN)) return;
    int k = tkind(P);
    if (k == TK_RPAREN || k == TK_RBRACKET) {
        if (!paren) return;
        if (k == TK_RPAREN) adv(P);
        else perr(P, "Unexpected token ']'");
        return;
    }
    int alter = P->env->alter_named_args;
    for (;;) {
        ast_node *arg = new_node(P, AST_ARG, cur_pos(P));
        int next = peek_kind(P, 1);
        if (tkind(P) == TK_IDENT && (next == TK_COLON || (alter && next == TK_ASSIGN))) {
            parse_ident(P, &arg->u.arg.name);
            if (alter == 1 && tkind(P) == TK_ASSIGN) {
                as_token t = tk(P);
                pwarn(P, &t, "Detected named argument with old syntax");
            }
            adv(P);
        }
        arg->u.arg.value = parse_assign(P);
        ast_list_push(P->arena, args, arg);
        if (P->err) return;
        if (accept_token(P, TK_COMMA)) continue;
        if (paren && !accept_token(P, TK_RPAREN)) expected_two(P, ")", ",");
        return;
    }
}

/* ---- literals ---- */

static void warn_string(void *user, const char *text)
{
    parser *P = user;
    as_token t = tk(P);
    literal_diag(P, &t, DIAG_WARNING, text);
}

/* One or more adjacent string tokens, concatenated. */
static ast_node *parse_string_literal(parser *P, ast_node *lit)
{
    lit->u.lit.kind = P->src[tk(P).pos] == '\'' ? LIT_CHAR : LIT_STRING;
    P->sbuf.len = 0;
    lex_buf_push(&P->sbuf, "", 0);
    int pieces = 0;
    while (is_string(tkind(P))) {
        as_token t = tk(P);
        const char *s = P->src + t.pos;
        if (t.kind == TK_HEREDOC) {
            lex_decode_heredoc(s, t.len, P->env->heredoc_trim_mode, &P->sbuf);
        } else {
            if (t.kind == TK_MLSTRING && !P->env->allow_multiline_strings)
                literal_diag(P, &t, DIAG_ERROR, "Multiline strings are not allowed in this application");
            lex_decode_string(s, t.len, &P->sbuf, warn_string, P);
        }
        pieces++;
        adv(P);
    }
    if (pieces > 1) lit->u.lit.kind = LIT_STRING;
    lit->u.lit.str = arena_strdup(P->arena, P->sbuf.data, P->sbuf.len);
    lit->u.lit.len = (uint32_t)P->sbuf.len;
    return lit;
}

/* LITERAL ::= NUMBER | STRING | BITS | 'true' | 'false' | 'null' */
static ast_node *parse_constant(parser *P)
{
    ast_node *lit = new_node(P, AST_LITERAL, cur_pos(P));
    as_token t = tk(P);
    const char *s = P->src + t.pos;
    switch (t.kind) {
    case TK_INT:
        lit->u.lit.kind = LIT_INT;
        lit->u.lit.overflow = !lex_int_value(s, t.len, &lit->u.lit.u64);
        break;
    case TK_BITS:
        lit->u.lit.kind = LIT_BITS;
        lit->u.lit.overflow = !lex_bits_value(s, t.len, &lit->u.lit.u64);
        break;
    case TK_FLOAT:
    case TK_DOUBLE:
        lit->u.lit.kind = t.kind == TK_FLOAT ? LIT_FLOAT : LIT_DOUBLE;
        lit->u.lit.f64 = lex_real_value(s, t.len);
        break;
    case TK_TRUE: lit->u.lit.kind = LIT_TRUE; break;
    case TK_FALSE: lit->u.lit.kind = LIT_FALSE; break;
    case TK_NULL: lit->u.lit.kind = LIT_NULL; break;
    default: return parse_string_literal(P, lit);
    }
    adv(P);
    return lit;
}

/* ---- values ---- */

/* CAST ::= 'cast' '<' TYPE '>' '(' ASSIGN ')' */
static ast_node *parse_cast(parser *P)
{
    ast_node *c = new_node(P, AST_CAST, cur_pos(P));
    adv(P);
    if (!expect(P, TK_LT)) return c;
    c->u.cast.type = parse_type(P, true, false, false);
    if (P->err) return c;
    if (!expect(P, TK_GT) || !expect(P, TK_LPAREN)) return c;
    c->u.cast.expr = parse_assign(P);
    if (!P->err) expect(P, TK_RPAREN);
    return c;
}

/* Lambda parameter: `[TYPE TYPEMOD] IDENT`; the type is present when a type is followed by
 * '&' or a name. */
static ast_node *parse_lambda_param(parser *P, bool need_name)
{
    ast_node *param = new_node(P, AST_PARAM, cur_pos(P));
    pcur after;
    if (is_type(P, &after)) {
        pcur here = mark(P);
        reset(P, after);
        int k = tkind(P);
        reset(P, here);
        /* 2.38: a type without a name (`function(int a, int)`), when it can't be a name itself */
        bool nameless = (k == TK_COMMA || k == TK_RPAREN) && (after.i - here.i > 1 || tkind(P) != TK_IDENT);
        /* is_type takes the '&' along: `int &in a` stops at `in` */
        bool ref = k == TK_IN || k == TK_OUT || k == TK_INOUT;
        if (k == TK_AMP || k == TK_IDENT || nameless || ref) {
            uint32_t attrs = 0;
            param->u.param.type = parse_type(P, true, false, false);
            if (P->err) return param;
            parse_typemod(P, true, param->u.param.type, &param->u.param.ref, &attrs);
            if (P->err) return param;
        }
    }
    if ((need_name && !param->u.param.type) || tkind(P) == TK_IDENT) parse_ident(P, &param->u.param.name);
    return param;
}

/* LAMBDA ::= 'function' '(' [[TYPE TYPEMOD] IDENT {',' [TYPE TYPEMOD] IDENT}] ')' STATBLOCK
 * The body is skipped and parsed later, like the reference compiles lambdas after their
 * enclosing function. */
static ast_node *parse_lambda(parser *P)
{
    ast_node *lam = new_node(P, AST_LAMBDA, cur_pos(P));
    adv(P); /* function */
    if (!accept_token(P, TK_LPAREN)) {
        perr(P, "Expected '('");
        return lam;
    }
    ast_node *first = parse_lambda_param(P, false);
    if (P->err) return lam;
    if (first->u.param.name || first->u.param.type) {
        ast_list_push(P->arena, &lam->u.lambda.params, first);
        while (accept_token(P, TK_COMMA)) {
            ast_node *param = parse_lambda_param(P, true);
            if (P->err) return lam;
            ast_list_push(P->arena, &lam->u.lambda.params, param);
        }
    }
    if (!accept_token(P, TK_RPAREN)) {
        perr(P, "Expected ')'");
        return lam;
    }
    pcur at = mark(P);
    if (skip_statement_block(P)) queue_job(P, JOB_BODY, GROUP_LAMBDA, at, lam, &lam->u.lambda.body);
    return lam;
}

/* CONSTRUCTCALL ::= TYPE ARGLIST */
static ast_node *parse_construct_call(parser *P)
{
    ast_node *c = new_node(P, AST_CONSTRUCT, cur_pos(P));
    c->u.construct.type = parse_type(P, false, false, false);
    if (!P->err) parse_arglist(P, &c->u.construct.args, true);
    return c;
}

/* The subtypes of a template function call, `<TYPE {',' TYPE}>` (2.38), with the reference's
 * messages: a token that can't start a type is reported, then the '(' that was expected there;
 * a list that doesn't close (`<int &>`) is read as no list at all: '(' was expected at the '<'. */
static void parse_template_call_args(parser *P, ast_node *c)
{
    pcur lt = mark(P);
    adv(P); /* '<' */
    do {
        ast_node *sub = parse_type(P, true, false, false);
        if (P->err) {
            expected_tok(P, "(");
            return;
        }
        ast_list_push(P->arena, &c->u.call.targs, sub);
    } while (accept_token(P, TK_COMMA));
    if (tkind(P) == TK_EOF || P->src[tk(P).pos] != '>') {
        c->u.call.targs.count = 0;
        reset(P, lt);
        expected_tok(P, "(");
        return;
    }
    split_gt(P);
}

/* FUNCCALL ::= SCOPE IDENT ['<' TYPE {',' TYPE} '>'] ARGLIST (the subtypes only when `templ`) */
static ast_node *parse_function_call_ex(parser *P, ast_node *object, bool templ)
{
    ast_node *c = new_node(P, AST_CALL, cur_pos(P));
    c->u.call.object = object;
    parse_scope(P, &c->u.call.global_scope, &c->u.call.scope, &c->u.call.scope_type);
    if (P->err) return c;
    if (object) c->pos = cur_pos(P);
    if (!parse_ident(P, &c->u.call.name)) return c;
    if (templ && tkind(P) == TK_LT) {
        parse_template_call_args(P, c);
        if (P->err) return c;
    }
    c->u.call.args_pos = cur_pos(P);
    parse_arglist(P, &c->u.call.args, true);
    return c;
}

static ast_node *parse_function_call(parser *P, ast_node *object) { return parse_function_call_ex(P, object, false); }

/* VARACCESS ::= SCOPE IDENT */
static ast_node *parse_var_access(parser *P)
{
    ast_node *id = new_node(P, AST_IDENT, cur_pos(P));
    parse_scope(P, &id->u.ident.global_scope, &id->u.ident.scope, &id->u.ident.scope_type);
    if (!P->err) parse_ident(P, &id->u.ident.name);
    return id;
}

typedef enum { NAMED_VAR, NAMED_CALL, NAMED_CONSTRUCT, NAMED_TEMPLATE_CALL } named_kind;

/* Does this name (interned) denote a registered template function (in any namespace)? The
 * reference decides `name<` by that alone: `f < 2` is then a call with a bad subtype list. */
static bool is_template_function(parser *P, const as_token *name)
{
    return P->env->is_template_function && name->kind == TK_IDENT &&
           P->env->is_template_function(P->env->is_template_user, tok_name(P, name));
}

/* Past the `@` and `[]` after a type name (`T[]@[]`), as a construct call may have them. */
static void skip_handle_and_array_marks(parser *P)
{
    for (;;) {
        if (tkind(P) == TK_AT) adv(P);
        else if (tkind(P) == TK_LBRACKET && peek_kind(P, 1) == TK_RBRACKET) {
            adv(P);
            adv(P);
        } else break;
    }
}

/* `[::] a :: b :: name ...`: a variable, a call, or a construct call of a type the parser can
 * recognise as one (`T[](...)`, `tmpl<args>(...)`). Plain `T(...)` stays a call: only the
 * compiler knows whether T is a type. */
static named_kind classify_named(parser *P)
{
    pcur start = mark(P);
    named_kind kind = NAMED_VAR;
    accept_token(P, TK_SCOPE);
    while (tkind(P) == TK_IDENT && peek_kind(P, 1) == TK_SCOPE) {
        adv(P);
        adv(P);
    }
    if (tkind(P) == TK_IDENT) {
        as_token name = tk(P);
        adv(P);
        int k = tkind(P);
        if (k == TK_LPAREN) kind = NAMED_CALL;
        else if (k == TK_LT && is_template_function(P, &name)) kind = NAMED_TEMPLATE_CALL;
        else if (k == TK_LBRACKET && peek_kind(P, 1) == TK_RBRACKET) {
            /* `T[](...)` (also `T[]@[](...)`); `a[]` alone is an empty index, as in the
             * reference when `a` is not a type */
            skip_handle_and_array_marks(P);
            if (tkind(P) == TK_LPAREN) kind = NAMED_CONSTRUCT;
        } else if (k == TK_LT && template_status(P, &name) == 1) {
            /* like the reference: a known template followed by '<' is a construct call */
            kind = NAMED_CONSTRUCT;
        } else if (k == TK_LT && check_template(P)) {
            /* `tmpl<T>@(...)`, `tmpl<T>[](...)`: the reference parses these as construct calls
             * too (and refuses a handle's) */
            skip_handle_and_array_marks(P);
            if (tkind(P) == TK_LPAREN) kind = NAMED_CONSTRUCT;
            else if (tkind(P) == TK_SCOPE) {
                /* `tmpl<T>::name`: a template scope, resolved by parse_scope */
                adv(P);
                if (tkind(P) == TK_IDENT && peek_kind(P, 1) == TK_LPAREN) kind = NAMED_CALL;
            }
        }
    }
    reset(P, start);
    return kind;
}

/* EXPRVALUE ::= 'void' | CONSTRUCTCALL | FUNCCALL | VARACCESS | CAST | LITERAL |
 *               '(' ASSIGN ')' | LAMBDA */
static ast_node *parse_value(parser *P)
{
    int k = tkind(P);
    if (k == TK_VOID) {
        ast_node *v = new_node(P, AST_VOIDEXPR, cur_pos(P));
        adv(P);
        return v;
    }
    if (is_real_type(k)) return parse_construct_call(P);
    if (k == TK_IDENT || k == TK_SCOPE) {
        if (is_lambda(P)) return parse_lambda(P);
        switch (classify_named(P)) {
        case NAMED_CONSTRUCT: return parse_construct_call(P);
        case NAMED_CALL: return parse_function_call(P, NULL);
        case NAMED_TEMPLATE_CALL: return parse_function_call_ex(P, NULL, true);
        default: return parse_var_access(P);
        }
    }
    if (k == TK_CAST) return parse_cast(P);
    if (is_constant(k)) return parse_constant(P);
    if (k == TK_LPAREN) {
        adv(P);
        ast_node *e = parse_assign(P);
        if (!P->err) expect(P, TK_RPAREN);
        return e;
    }
    expected_msg(P, "Expected expression value");
    return NULL;
}

/* EXPRPOSTOP ::= ('.' (FUNCCALL | IDENT)) | ('[' ARGS ']') | ARGLIST | '++' | '--' */
static ast_node *parse_postfix(parser *P, ast_node *e)
{
    ast_pos pos = cur_pos(P);
    int k = tkind(P);
    if (k == TK_DOT) {
        adv(P);
        if (peek_kind(P, 1) == TK_LPAREN) return parse_function_call(P, e);
        if (tkind(P) == TK_IDENT && peek_kind(P, 1) == TK_LT) {
            /* `obj.name<types>(`: a template method call, whatever the method is. The reference
             * looks ahead for a list of known types here (`f.v < n >> 1` stays a comparison);
             * without the script's types at hand, the '(' after the list decides. */
            pcur at = mark(P);
            adv(P);
            bool templ = check_template(P) && tkind(P) == TK_LPAREN;
            reset(P, at);
            if (templ) return parse_function_call_ex(P, e, true);
        }
        ast_node *m = new_node(P, AST_MEMBER, cur_pos(P));
        m->u.member.object = e;
        parse_ident(P, &m->u.member.name);
        return m;
    }
    if (k == TK_LBRACKET) {
        ast_node *ix = new_node(P, AST_INDEX, pos);
        ix->u.index.object = e;
        adv(P);
        parse_arglist(P, &ix->u.index.args, false);
        if (!P->err) expect(P, TK_RBRACKET);
        return ix;
    }
    if (k == TK_LPAREN) {
        ast_node *inv = new_node(P, AST_INVOKE, pos);
        inv->u.invoke.callee = e;
        parse_arglist(P, &inv->u.invoke.args, true);
        return inv;
    }
    ast_node *pf = new_node(P, AST_POSTFIX, pos);
    pf->u.unary.op = k == TK_INC ? OP_POSTINC : OP_POSTDEC;
    pf->u.unary.operand = e;
    adv(P);
    return pf;
}

/* `TYPE = {...}` anonymous init list, when the type is recognisable as one: a primitive, a
 * template instance or an array `T[]` (`int[] = {1, 2}`). A plain name followed by `= {` is
 * parsed as an assignment of the list; the compiler treats `Name = {..}` as a typed list when
 * Name turns out to be a type. */
static bool at_typed_initlist(parser *P)
{
    int k = tkind(P);
    if (!is_data_type(k)) return false;
    pcur start = mark(P);
    adv(P);
    bool templated = k == TK_IDENT && tkind(P) == TK_LT;
    bool ok = k != TK_IDENT || check_template(P);
    while (ok && tkind(P) == TK_LBRACKET && peek_kind(P, 1) == TK_RBRACKET) {
        templated = true;
        adv(P);
        adv(P);
    }
    ok = ok && (k != TK_IDENT || templated) && tkind(P) == TK_ASSIGN && peek_kind(P, 1) == TK_LBRACE;
    reset(P, start);
    return ok;
}

/* EXPRTERM ::= ([TYPE '='] INITLIST) | ({EXPRPREOP} EXPRVALUE {EXPRPOSTOP}) */
static ast_node *parse_term(parser *P)
{
    if (at_typed_initlist(P)) {
        ast_node *type = parse_type(P, false, false, false);
        if (P->err) return NULL;
        adv(P); /* = */
        ast_node *list = parse_initlist(P);
        if (list) list->u.init.type = type;
        return list;
    }
    if (tkind(P) == TK_LBRACE) return parse_initlist(P);

    /* Prefix operators apply to the whole postfix expression; they are consecutive tokens,
     * so remember where they start and wrap them innermost-first afterwards. */
    int32_t first = P->cur.i;
    int nops = 0;
    while (!P->cur.skip && prefix_op(tkind(P))) {
        nops++;
        adv(P);
    }
    ast_node *e = parse_value(P);
    while (!P->err && is_postfix_op(tkind(P))) e = parse_postfix(P, e);
    for (int n = nops - 1; n >= 0; n--) {
        const as_token *t = &P->toks[first + n];
        ast_node *u = new_node(P, AST_UNARY, tok_pos(P, t));
        u->u.unary.op = prefix_op(t->kind);
        u->u.unary.operand = e;
        e = u;
    }
    return e;
}

static ast_node *parse_binary(parser *P, int min_prec)
{
    ast_node *lhs = parse_term(P);
    uint8_t op = OP_NONE;
    int prec;
    while (!P->err && (prec = binary_prec(tkind(P), &op)) >= min_prec && prec > 0) {
        ast_node *b = new_node(P, AST_BINARY, cur_pos(P));
        adv(P);
        b->u.binary.op = op;
        b->u.binary.lhs = lhs;
        b->u.binary.rhs = parse_binary(P, prec + 1);
        lhs = b;
    }
    return lhs;
}

/* EXPR ::= EXPRTERM {EXPROP EXPRTERM} */
ast_node *parse_expr(parser *P) { return parse_binary(P, 1); }

/* CONDITION ::= EXPR ['?' ASSIGN ':' ASSIGN] */
static ast_node *parse_condition(parser *P)
{
    ast_node *cond = parse_expr(P);
    if (P->err || tkind(P) != TK_QUESTION) return cond;
    ast_node *t = new_node(P, AST_TERNARY, cond ? cond->pos : cur_pos(P));
    t->u.ternary.cond = cond;
    adv(P);
    t->u.ternary.a = parse_assign(P);
    if (P->err) return t;
    if (!expect(P, TK_COLON)) return t;
    t->u.ternary.b = parse_assign(P);
    return t;
}

/* ASSIGN ::= CONDITION [ASSIGNOP ASSIGN] (right-associative) */
ast_node *parse_assign(parser *P)
{
    if (!enter(P)) return NULL;
    ast_node *lhs = parse_condition(P);
    uint8_t op;
    if (!P->err && (op = assign_op(tkind(P))) != OP_NONE) {
        ast_node *a = new_node(P, AST_ASSIGN, cur_pos(P));
        adv(P);
        a->u.binary.op = op;
        a->u.binary.lhs = lhs;
        a->u.binary.rhs = parse_assign(P);
        lhs = a;
    }
    leave(P);
    return lhs;
}

/* INITLIST ::= '{' [ASSIGN | INITLIST] {',' [ASSIGN | INITLIST]} '}'
 * Empty elements are NULL items, exactly where the reference puts them ({1,,2} and {1,}). */
ast_node *parse_initlist(parser *P)
{
    ast_node *list = new_node(P, AST_INITLIST, cur_pos(P));
    if (!expect(P, TK_LBRACE)) return list;
    if (!enter(P)) return list;
    ast_list *items = &list->u.init.items;
    if (accept_token(P, TK_RBRACE)) goto out;
    for (;;) {
        int k = tkind(P);
        if (k == TK_COMMA) {
            /* asEP_DISALLOW_EMPTY_LIST_ELEMENTS: an empty element is an error at the comma
             * after it, and a trailing comma ends the list without one */
            if (P->env->disallow_empty_list_elements) {
                as_token t = tk(P);
                literal_diag(P, &t, DIAG_ERROR, "Empty list element is not allowed");
            }
            ast_init_push_empty(P->arena, list, cur_pos(P));
            adv(P);
            if (tkind(P) == TK_RBRACE) {
                ast_init_push_empty(P->arena, list, cur_pos(P));
                adv(P);
                goto out;
            }
            continue;
        }
        if (k == TK_RBRACE) {
            ast_init_push_empty(P->arena, list, cur_pos(P));
            adv(P);
            goto out;
        }
        ast_list_push(P->arena, items, k == TK_LBRACE ? parse_initlist(P) : parse_assign(P));
        if (P->err) goto out;
        if (accept_token(P, TK_COMMA)) {
            if (P->env->disallow_empty_list_elements && accept_token(P, TK_RBRACE)) goto out;
            continue;
        }
        if (accept_token(P, TK_RBRACE)) goto out;
        expected_two(P, "}", ",");
        goto out;
    }
out:
    leave(P);
    return list;
}
