/* Statements and statement blocks (phase 2: function bodies). */
#include "parse_impl.h"

static ast_node *parse_statement(parser *P);

/* EXPRSTAT ::= [ASSIGN] ';' */
static ast_node *parse_expr_statement(parser *P)
{
    ast_node *s = new_node(P, AST_EXPRSTMT, cur_pos(P));
    if (accept_token(P, TK_SEMI)) return s;
    s->u.ret.expr = parse_assign(P);
    if (!P->err && !accept_token(P, TK_SEMI)) expected_tok(P, ";");
    return s;
}

/* `(` ASSIGN `)` of if / while / switch / do-while */
static ast_node *parse_paren_condition(parser *P)
{
    if (!expect(P, TK_LPAREN)) return NULL;
    ast_node *cond = parse_assign(P);
    if (!P->err) expect(P, TK_RPAREN);
    return cond;
}

/* IF ::= 'if' '(' ASSIGN ')' STATEMENT ['else' STATEMENT] */
static ast_node *parse_if(parser *P)
{
    ast_node *s = new_node(P, AST_IF, cur_pos(P));
    adv(P);
    s->u.if_.cond = parse_paren_condition(P);
    if (P->err) return s;
    s->u.if_.then_ = parse_statement(P);
    if (P->err) return s;
    if (accept_token(P, TK_ELSE)) s->u.if_.else_ = parse_statement(P);
    return s;
}

/* FOR ::= 'for' '(' (VAR | EXPRSTAT) EXPRSTAT [ASSIGN {',' ASSIGN}] ')' STATEMENT */
static ast_node *parse_for(parser *P)
{
    ast_node *s = new_node(P, AST_FOR, cur_pos(P));
    adv(P);
    if (!expect(P, TK_LPAREN)) return s;
    s->u.for_.init = is_var_decl(P) ? parse_declaration(P, false, false) : parse_expr_statement(P);
    if (P->err) return s;
    s->u.for_.cond = parse_expr_statement(P);
    if (P->err) return s;
    if (!accept_token(P, TK_RPAREN)) {
        for (;;) {
            ast_node *inc = parse_assign(P);
            ast_list_push(P->arena, &s->u.for_.incs, inc);
            if (P->err) return s;
            if (accept_token(P, TK_COMMA)) continue;
            if (accept_token(P, TK_RPAREN)) break;
            expected_msg(P, "Expected one of: ,, )");
            return s;
        }
    }
    s->u.for_.body = parse_statement(P);
    return s;
}

/* FOREACH ::= 'foreach' '(' TYPE IDENTIFIER {',' TYPE IDENTIFIER} ':' ASSIGN ')' STATEMENT (2.38) */
static ast_node *parse_foreach(parser *P)
{
    ast_node *s = new_node(P, AST_FOREACH, cur_pos(P));
    adv(P);
    if (!expect(P, TK_LPAREN)) return s;
    for (;;) {
        ast_node *v = new_node(P, AST_VAR, cur_pos(P));
        v->u.var.type = parse_type(P, true, false, true);
        if (P->err) return s;
        ast_node *d = new_node(P, AST_DECLARATOR, cur_pos(P));
        if (!parse_ident(P, &d->u.decl.name)) return s;
        ast_list_push(P->arena, &v->u.var.decls, d);
        ast_list_push(P->arena, &s->u.foreach_.vars, v);
        if (accept_token(P, TK_COMMA)) continue;
        if (accept_token(P, TK_COLON)) break;
        expected_msg(P, "Expected one of: ,, :");
        return s;
    }
    s->u.foreach_.expr = parse_assign(P);
    if (P->err || !expect(P, TK_RPAREN)) return s;
    s->u.foreach_.body = parse_statement(P);
    return s;
}

/* WHILE ::= 'while' '(' ASSIGN ')' STATEMENT */
static ast_node *parse_while(parser *P)
{
    ast_node *s = new_node(P, AST_WHILE, cur_pos(P));
    adv(P);
    s->u.loop.cond = parse_paren_condition(P);
    if (P->err) return s;
    s->u.loop.body = parse_statement(P);
    return s;
}

/* DOWHILE ::= 'do' STATEMENT 'while' '(' ASSIGN ')' ';' */
static ast_node *parse_do_while(parser *P)
{
    ast_node *s = new_node(P, AST_DOWHILE, cur_pos(P));
    adv(P);
    s->u.loop.body = parse_statement(P);
    if (P->err) return s;
    if (!accept_token(P, TK_WHILE)) {
        expected_tok(P, "while");
        return s;
    }
    s->u.loop.cond = parse_paren_condition(P);
    if (!P->err) expect(P, TK_SEMI);
    return s;
}

/* RETURN ::= 'return' [ASSIGN] ';' */
static ast_node *parse_return(parser *P)
{
    ast_node *s = new_node(P, AST_RETURN, cur_pos(P));
    adv(P);
    if (accept_token(P, TK_SEMI)) return s;
    s->u.ret.expr = parse_assign(P);
    if (!P->err) expect(P, TK_SEMI);
    return s;
}

/* BREAK ::= 'break' ';'    CONTINUE ::= 'continue' ';' */
static ast_node *parse_jump(parser *P, ast_kind kind)
{
    ast_node *s = new_node(P, kind, cur_pos(P));
    adv(P);
    expect(P, TK_SEMI);
    return s;
}

static bool ends_case(int k)
{
    return k == TK_CASE || k == TK_DEFAULT || k == TK_RBRACE || k == TK_BREAK;
}

/* CASE ::= (('case' EXPR) | 'default') ':' {STATEMENT}
 * A trailing `break;` belongs to the case, as in the reference. */
static ast_node *parse_case(parser *P)
{
    ast_node *c = new_node(P, AST_CASE, cur_pos(P));
    if (accept_token(P, TK_CASE)) {
        c->u.case_.value = parse_expr(P);
        if (P->err) return c;
    } else {
        adv(P); /* default */
    }
    if (!expect(P, TK_COLON)) return c;
    while (!ends_case(tkind(P))) {
        ast_node *s = is_var_decl(P) ? parse_declaration(P, false, false) : parse_statement(P);
        if (s) ast_list_push(P->arena, &c->u.case_.stmts, s);
        if (P->err) return c;
    }
    if (tkind(P) == TK_BREAK) ast_list_push(P->arena, &c->u.case_.stmts, parse_jump(P, AST_BREAK));
    return c;
}

/* SWITCH ::= 'switch' '(' ASSIGN ')' '{' {CASE} '}' */
static ast_node *parse_switch(parser *P)
{
    ast_node *s = new_node(P, AST_SWITCH, cur_pos(P));
    adv(P);
    s->u.switch_.expr = parse_paren_condition(P);
    if (P->err || !expect(P, TK_LBRACE)) return s;
    while (!accept_token(P, TK_RBRACE)) {
        if (tkind(P) != TK_CASE && tkind(P) != TK_DEFAULT) {
            expected_msg(P, "Expected one of: case, default");
            return s;
        }
        ast_list_push(P->arena, &s->u.switch_.cases, parse_case(P));
        if (P->err) return s;
    }
    return s;
}

/* TRY ::= 'try' STATBLOCK 'catch' STATBLOCK */
static ast_node *parse_try(parser *P)
{
    ast_node *s = new_node(P, AST_TRY, cur_pos(P));
    adv(P);
    s->u.try_.body = parse_statement_block(P);
    if (P->err) return s;
    if (!accept_token(P, TK_CATCH)) {
        expected_tok(P, "catch");
        return s;
    }
    s->u.try_.handler = parse_statement_block(P);
    return s;
}

static ast_node *parse_statement_kind(parser *P)
{
    switch (tkind(P)) {
    case TK_IF: return parse_if(P);
    case TK_FOR: return parse_for(P);
    case TK_FOREACH: return parse_foreach(P);
    case TK_USING: return parse_using(P);
    case TK_WHILE: return parse_while(P);
    case TK_RETURN: return parse_return(P);
    case TK_LBRACE: return parse_statement_block(P);
    case TK_BREAK: return parse_jump(P, AST_BREAK);
    case TK_CONTINUE: return parse_jump(P, AST_CONTINUE);
    case TK_DO: return parse_do_while(P);
    case TK_SWITCH: return parse_switch(P);
    case TK_TRY: return parse_try(P);
    default:
        if (is_var_decl(P)) {
            perr(P, "Unexpected variable declaration");
            return NULL;
        }
        return parse_expr_statement(P);
    }
}

/* STATEMENT ::= IF | FOR | WHILE | RETURN | STATBLOCK | BREAK | CONTINUE | DOWHILE | SWITCH |
 *               EXPRSTAT | TRY */
static ast_node *parse_statement(parser *P)
{
    if (!enter(P)) return NULL;
    ast_node *s = parse_statement_kind(P);
    leave(P);
    return s;
}

static ast_node *parse_block_item(parser *P)
{
    return is_var_decl(P) ? parse_declaration(P, false, false) : parse_statement(P);
}

/* After an error inside a block: skip to the next ';' (consumed), over the next '{...}', or
 * up to the '}' that may close this block. Returns false at the end of the file. */
static bool recover_statement(parser *P)
{
    int k;
    while ((k = tkind(P)) != TK_SEMI && k != TK_EOF && k != TK_LBRACE && k != TK_RBRACE) adv(P);
    if (k == TK_LBRACE) {
        int level = 1;
        adv(P);
        while (level > 0 && tkind(P) != TK_EOF) {
            if (tkind(P) == TK_LBRACE) level++;
            else if (tkind(P) == TK_RBRACE) level--;
            adv(P);
        }
    } else if (k == TK_SEMI) {
        adv(P);
    } else if (k == TK_EOF) {
        return false;
    }
    P->err = false;
    return true;
}

/* STATBLOCK ::= '{' {VAR | STATEMENT} '}' */
ast_node *parse_statement_block(parser *P)
{
    ast_node *b = new_node(P, AST_BLOCK, cur_pos(P));
    if (tkind(P) != TK_LBRACE) {
        expected_tok(P, "{");
        return b;
    }
    pcur start = mark(P);
    adv(P);
    if (!enter(P)) return b;
    for (;;) {
        while (!P->err) {
            ast_pos brace = cur_pos(P);
            if (accept_token(P, TK_RBRACE)) {
                b->u.block.end = brace;
                leave(P);
                return b;
            }
            ast_node *s = parse_block_item(P);
            if (s) ast_list_push(P->arena, &b->u.block.stmts, s);
        }
        if (!recover_statement(P)) {
            perr(P, "Unexpected end of file");
            pinfo_at(P, start, "While parsing statement block");
            leave(P);
            return b;
        }
    }
}

/* Statements up to the end of the input (ExecuteString-style code, no braces). A stray '}'
 * has no block to close here, so it is an error of its own. */
void parse_statements_to_eof(parser *P, ast_node *block)
{
    for (;;) {
        while (!P->err) {
            if (tkind(P) == TK_EOF) return;
            if (tkind(P) == TK_RBRACE) {
                perr(P, "Unexpected token '}'");
                adv(P);
                P->err = false;
                continue;
            }
            ast_node *s = parse_block_item(P);
            if (s) ast_list_push(P->arena, &block->u.block.stmts, s);
        }
        if (!recover_statement(P)) return;
    }
}
