/* Parser core: token cursor, diagnostics, superficial parsing, the phase-2 job queue and the
 * public entry points. The grammar itself is in parse_decl.c, parse_stmt.c, parse_expr.c and
 * parse_type.c; parse_impl.h explains the two-phase design. */
#include "parse_impl.h"
#include "util/mem.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- tokens ---- */

as_token tk(const parser *P)
{
    as_token t = P->toks[P->cur.i];
    if (P->cur.skip) {
        /* The tail of a token whose leading '>' closed a template argument list. */
        t.pos += (uint32_t)P->cur.skip;
        t.len -= (uint32_t)P->cur.skip;
        t.col += P->cur.skip;
        t.kind = (uint8_t)lex_punct_kind(P->src + t.pos, t.len);
    }
    return t;
}


int peek_kind(const parser *P, int n)
{
    int32_t i = P->cur.i + n;
    if (i >= P->ntoks) i = P->ntoks - 1;
    return P->toks[i].kind;
}

void adv(parser *P)
{
    P->cur.skip = 0;
    if (P->cur.i < P->ntoks - 1) P->cur.i++;
}

bool accept_token(parser *P, int kind)
{
    if (tkind(P) != kind) return false;
    adv(P);
    return true;
}

void split_gt(parser *P)
{
    as_token t = tk(P);
    if (t.len > 1 && P->src[t.pos] == '>') P->cur.skip++;
    else adv(P);
}

ast_pos tok_pos(const parser *P, const as_token *t)
{
    ast_pos p = {t->line, t->col, P->env->section};
    return p;
}

ast_pos cur_pos(const parser *P)
{
    as_token t = tk(P);
    return tok_pos(P, &t);
}

const char *tok_name(parser *P, const as_token *t)
{
    return strtab_intern(P->env->names, P->src + t->pos, t->len);
}

bool ident_is(const parser *P, const as_token *t, const char *word)
{
    size_t n = strlen(word);
    return t->kind == TK_IDENT && t->len == n && memcmp(P->src + t->pos, word, n) == 0;
}

bool cur_ident_is(const parser *P, const char *word)
{
    /* (the tail of a split '>' token is punctuation, never a word) */
    return !P->cur.skip && ident_is(P, &P->toks[P->cur.i], word);
}

ast_node *new_node(parser *P, ast_kind kind, ast_pos pos)
{
    return ast_new(P->arena, kind, pos);
}

/* ---- diagnostics ---- */

static void report(parser *P, const as_token *t, as_diag_type type, const char *msg)
{
    if (P->muted) return;
    if (P->deferring) {
        ast_deferred_diag d = {P->owner, t->line, t->col, (uint8_t)type,
                               arena_strdup(P->arena, msg, strlen(msg))};
        VEC_PUSH(P->deferred, d);
        return;
    }
    if (P->env->diag) diag_report(P->env->diag, P->env->section, t->line, t->col, type, "%s", msg);
}

void perr(parser *P, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    as_token t = tk(P);
    report(P, &t, DIAG_ERROR, buf);
    P->err = P->failed = true;
    P->job_errors++;
}

/* "While parsing ..." after an unexpected end of file, pointing at where the construct began.
 * The reference also rewinds its cursor there, so the enclosing construct's recovery skips
 * that block again; with nested blocks that re-parses the rest of the file once per level,
 * exponentially. Only messages after the first error can differ, so we stay at the end. */
void pinfo_at(parser *P, pcur at, const char *msg)
{
    pcur here = mark(P);
    reset(P, at);
    as_token t = tk(P);
    reset(P, here);
    report(P, &t, DIAG_INFO, msg);
    P->err = P->failed = true;
}

void pwarn(parser *P, const as_token *t, const char *msg)
{
    report(P, t, DIAG_WARNING, msg);
}

void literal_diag(parser *P, const as_token *t, as_diag_type type, const char *msg)
{
    pending_diag d = {(uint8_t)type, t->line, t->col, msg};
    VEC_PUSH(P->pending, d);
}

/* End of a job (or of a statement list): report the literal messages if it parsed cleanly. */
void flush_literal_diags(parser *P)
{
    if (P->job_errors == 0) {
        for (int i = 0; i < P->pending.count; i++) {
            pending_diag *d = &P->pending.data[i];
            as_token t = {0};
            t.line = d->line;
            t.col = d->col;
            report(P, &t, (as_diag_type)d->type, d->msg);
            if (d->type == DIAG_ERROR && !P->muted) P->failed = true;
        }
    }
    P->pending.count = 0;
    P->job_errors = 0;
}

void instead_found(parser *P)
{
    as_token t = tk(P);
    if (t.kind == TK_IDENT)
        perr(P, "Instead found identifier '%.*s'", (int)t.len, P->src + t.pos);
    else if (t.kind >= TK_FIRST_KEYWORD)
        perr(P, "Instead found reserved keyword '%s'", tok_definition(t.kind));
    else
        perr(P, "Instead found '%s'", tok_definition(t.kind));
}

void expected_tok(parser *P, const char *tok)
{
    perr(P, "Expected '%s'", tok);
    instead_found(P);
}

void expected_msg(parser *P, const char *msg)
{
    perr(P, "%s", msg);
    instead_found(P);
}

void expected_two(parser *P, const char *a, const char *b)
{
    perr(P, "Expected '%s' or '%s'", a, b);
    instead_found(P);
}

bool expect(parser *P, int kind)
{
    if (accept_token(P, kind)) return true;
    expected_tok(P, tok_definition(kind));
    return false;
}

bool enter(parser *P)
{
    if (P->depth >= PARSE_MAX_DEPTH) {
        perr(P, "Too deeply nested");
        return false;
    }
    P->depth++;
    return true;
}

/* ---- superficial parsing (phase 1) ---- */

bool skip_statement_block(parser *P)
{
    if (tkind(P) != TK_LBRACE) {
        expected_tok(P, "{");
        return false;
    }
    pcur start = mark(P);
    adv(P);
    int level = 1;
    while (level > 0) {
        int k = tkind(P);
        if (k == TK_BADSTRING) {
            perr(P, "Non-terminated string literal");
            return false;
        }
        if (k == TK_EOF) {
            perr(P, "Unexpected end of file");
            pinfo_at(P, start, "While parsing statement block");
            return false;
        }
        if (k == TK_LBRACE) level++;
        else if (k == TK_RBRACE) level--;
        adv(P);
    }
    return true;
}

/* `= expr` runs to the first ',' ';' or '}' outside brackets; `(args)` to its ')'. The
 * counters are signed and may go negative on unbalanced input, as in the reference. */
void skip_var_init(parser *P)
{
    if (accept_token(P, TK_ASSIGN)) {
        pcur start = mark(P);
        int parens = 0, braces = 0;
        for (;;) {
            int k = tkind(P);
            if (!parens && !braces && (k == TK_COMMA || k == TK_SEMI || k == TK_RBRACE)) return;
            if (k == TK_LPAREN) parens++;
            else if (k == TK_RPAREN) parens--;
            else if (k == TK_LBRACE) braces++;
            else if (k == TK_RBRACE) braces--;
            else if (k == TK_BADSTRING) {
                perr(P, "Non-terminated string literal");
                return;
            } else if (k == TK_EOF) {
                perr(P, "Unexpected end of file");
                pinfo_at(P, start, "While parsing expression");
                return;
            }
            adv(P);
        }
    }
    if (tkind(P) == TK_LPAREN) {
        pcur start = mark(P);
        adv(P);
        int level = 1;
        while (level) {
            int k = tkind(P);
            if (k == TK_BADSTRING) {
                perr(P, "Non-terminated string literal");
                return;
            }
            if (k == TK_EOF) {
                perr(P, "Unexpected end of file");
                pinfo_at(P, start, "While parsing argument list");
                return;
            }
            if (k == TK_LPAREN) level++;
            else if (k == TK_RPAREN) level--;
            adv(P);
        }
        return;
    }
    perr(P, "Expected one of: =, (");
    instead_found(P);
}

/* A default argument runs to the first ',' or ')' outside its own brackets. */
void skip_default_arg(parser *P)
{
    pcur start = mark(P);
    /* Open brackets as a small stack of '(' / '{'; deeper nesting is tracked by count only
     * because mismatches are only reported against the innermost kind. */
    char stack[PARSE_MAX_DEPTH];
    int depth = 0;
    for (;;) {
        int k = tkind(P);
        if (k == TK_LPAREN || k == TK_LBRACE) {
            if (depth == PARSE_MAX_DEPTH) {
                perr(P, "Too deeply nested");
                return;
            }
            stack[depth++] = k == TK_LPAREN ? '(' : '{';
        } else if (k == TK_RPAREN) {
            if (depth == 0) return;
            if (stack[depth - 1] != '(') {
                perr(P, "Unexpected token ')'");
                return;
            }
            depth--;
        } else if (k == TK_COMMA) {
            if (depth == 0) return;
        } else if (k == TK_RBRACE) {
            if (depth == 0 || stack[depth - 1] != '{') {
                perr(P, "Unexpected token '}'");
                return;
            }
            depth--;
        } else if (k == TK_SEMI) {
            perr(P, "Unexpected token ';'");
            return;
        } else if (k == TK_BADSTRING) {
            perr(P, "Non-terminated string literal");
            return;
        } else if (k == TK_EOF) {
            perr(P, "Unexpected end of file");
            pinfo_at(P, start, "While parsing expression");
            return;
        }
        adv(P);
    }
}

void queue_job(parser *P, job_kind kind, job_group group, pcur at, ast_node *node, ast_node **slot)
{
    parse_job j = {(uint8_t)kind, (uint8_t)group, at, node, slot};
    VEC_PUSH(P->jobs, j);
}

/* ---- phase 2 ---- */

/* `= {..}`, `= expr` or `(args)` of a declarator, then the reference's check that nothing
 * but the end of the declaration follows. */
void parse_var_init_job(parser *P, ast_node *decl)
{
    if (accept_token(P, TK_ASSIGN)) {
        decl->u.decl.init = tkind(P) == TK_LBRACE ? parse_initlist(P) : parse_assign(P);
    } else if (tkind(P) == TK_LPAREN) {
        decl->u.decl.has_args = true;
        parse_arglist(P, &decl->u.decl.args, true);
    } else {
        perr(P, "Expected one of: =, (");
        instead_found(P);
    }
    if (P->err) return;
    int k = tkind(P);
    if (k != TK_EOF && k != TK_SEMI && k != TK_COMMA && k != TK_RBRACE)
        perr(P, "Unexpected token '%s'", tok_definition(k));
}

static void parse_default_arg_job(parser *P, ast_node *param)
{
    param->u.param.def = parse_assign(P);
    if (P->err) return;
    int k = tkind(P);
    if (k != TK_COMMA && k != TK_RPAREN) perr(P, "Unexpected token '%s'", tok_definition(k));
}

static void parse_enum_value_job(parser *P, ast_node *ev)
{
    if (!expect(P, TK_ASSIGN)) return;
    ev->u.enumval.value = parse_assign(P);
    if (P->err) return;
    int k = tkind(P);
    if (k != TK_EOF && k != TK_SEMI && k != TK_COMMA && k != TK_RBRACE)
        perr(P, "Unexpected token '%s'", tok_definition(k));
}

static int job_order(const void *a, const void *b)
{
    const parse_job *x = a, *y = b;
    if (x->group != y->group) return x->group < y->group ? -1 : 1;
    if (x->at.i != y->at.i) return x->at.i < y->at.i ? -1 : 1;
    return 0;
}

/* Parses the queued parts in the reference's compile order. Lambda bodies found meanwhile
 * are queued too and run last, in the order they were found. */
void run_jobs(parser *P)
{
    P->defer = false;
    P->muted = P->muted || P->failed;
    if (P->jobs.count > 1) qsort(P->jobs.data, (size_t)P->jobs.count, sizeof *P->jobs.data, job_order);
    for (int n = 0; n < P->jobs.count; n++) {
        parse_job j = P->jobs.data[n]; /* copy: parsing may grow the queue */
        P->err = false;
        P->depth = 0;
        P->job_errors = 0;
        P->pending.count = 0;
        P->owner = j.node;
        reset(P, j.at);
        switch (j.kind) {
        case JOB_BODY: *j.slot = parse_statement_block(P); break;
        case JOB_VARINIT: parse_var_init_job(P, j.node); break;
        case JOB_ENUMVAL: parse_enum_value_job(P, j.node); break;
        case JOB_DEFARG: parse_default_arg_job(P, j.node); break;
        }
        flush_literal_diags(P);
    }
    P->jobs.count = 0;
}

/* ---- setup ---- */

/* A short source's tokens (a registered declaration's): one buffer per thread, lent to one parser
 * at a time, instead of an allocation and a free for each of the hundreds of declarations an
 * engine's set-up parses. A source of fewer bytes than it has room for cannot fill it (a token
 * takes at least a byte, plus the end of file), so the lexer never grows it. */
#define SHORT_TOKENS 128
static _Thread_local as_token short_tokens[SHORT_TOKENS];
static _Thread_local bool short_tokens_lent;

static void parser_release(void *parser_)
{
    parser *P = parser_;
    if (P->toks == short_tokens) short_tokens_lent = false;
    else mem_free(P->toks);
    VEC_FREE(P->jobs);
    VEC_FREE(P->pending);
    VEC_FREE(P->deferred);
    mem_free(P->sbuf.data);
    P->toks = NULL;
    P->sbuf.data = NULL;
}

static void free_tokens(void *toks) { VEC_FREE(*(as_token_array *)toks); }

static void parser_init(parser *P, as_parse_env *env, const char *src, size_t len)
{
    memset(P, 0, sizeof *P);
    mem_cleanup_push(&P->cleanup, parser_release, P);
    P->env = env;
    P->arena = env->arena;
    P->src = src ? src : "";
    P->len = src ? len : 0;
    as_lex_options opt = {env->allow_unicode_identifiers, env->registration, env->line_offset, env->no_foreach};
    as_token_array toks = {0};
    if (P->len + 1 < SHORT_TOKENS && !short_tokens_lent) {
        short_tokens_lent = true;
        toks.data = short_tokens;
        toks.cap = SHORT_TOKENS;
        lex_tokenize(P->src, P->len, &opt, &toks);
        P->toks = toks.data;
        P->ntoks = toks.count;
        P->defer = true;
        return;
    }
    mem_cleanup held;   /* the tokens until P holds them */
    mem_cleanup_push(&held, free_tokens, &toks);
    if (!lex_tokenize(P->src, P->len, &opt, &toks)) {
        /* Too large for 32-bit offsets: parse an empty section and say why. */
        lex_tokenize("", 0, &opt, &toks);
        if (env->diag) diag_report(env->diag, env->section, 1, 1, DIAG_ERROR, "Script section is too large");
        P->failed = true;
    }
    mem_cleanup_pop(&held);
    P->toks = toks.data;
    P->ntoks = toks.count;
    P->defer = true;
}

static void parser_free(parser *P)
{
    mem_cleanup_pop(&P->cleanup);
    parser_release(P);
}

/* Registration strings end after the declaration. */
static void expect_end(parser *P)
{
    if (P->err || tkind(P) == TK_EOF) return;
    expected_tok(P, tok_definition(TK_EOF));
}

/* ---- entry points ---- */

ast_node *parse_script(as_parse_env *env, const char *src, size_t len)
{
    parser P;
    parser_init(&P, env, src, len);
    ast_pos start = {1, 1, env->section};
    ast_node *script = new_node(&P, AST_SCRIPT, start);
    parse_decls(&P, &script->u.script.decls, false);
    P.deferring = env->defer_body_errors;
    run_jobs(&P);
    if (P.deferred.count) {
        size_t size = (size_t)P.deferred.count * sizeof *P.deferred.data;
        script->u.script.deferred = arena_alloc(P.arena, size);
        memcpy(script->u.script.deferred, P.deferred.data, size);
        script->u.script.ndeferred = P.deferred.count;
    }
    parser_free(&P);
    return script;
}

ast_node *parse_statements(as_parse_env *env, const char *src, size_t len)
{
    parser P;
    parser_init(&P, env, src, len);
    P.defer = false;
    ast_node *block = new_node(&P, AST_BLOCK, cur_pos(&P));
    parse_statements_to_eof(&P, block);
    flush_literal_diags(&P);
    run_jobs(&P);
    parser_free(&P);
    return block;
}

/* Shared tail of the registration entry points: finish queued default arguments, check the
 * end, and return NULL when anything went wrong. */
static ast_node *finish_decl(parser *P, ast_node *n)
{
    if (!P->err) expect_end(P);
    bool failed_decl = P->failed;
    run_jobs(P);
    bool failed = failed_decl || P->failed;
    parser_free(P);
    return failed ? NULL : n;
}

ast_node *parse_func_decl(as_parse_env *env, const char *decl)
{
    ast_node *simple = parse_simple_func_decl(env, decl);
    return simple ? simple : parse_func_decl_general(env, decl);
}

ast_node *parse_func_decl_general(as_parse_env *env, const char *decl)
{
    parser P;
    parser_init(&P, env, decl, decl ? strlen(decl) : 0);
    ast_node *f = parse_func_definition(&P, AST_FUNC);
    if (!P.err && env->registration && tkind(&P) == TK_LBRACE)
        f->u.func.list_pattern = parse_list_pattern(&P);
    return finish_decl(&P, f);
}

ast_node *parse_funcdef_decl(as_parse_env *env, const char *decl)
{
    parser P;
    parser_init(&P, env, decl, decl ? strlen(decl) : 0);
    ast_node *f = parse_func_definition(&P, AST_FUNCDEF);
    return finish_decl(&P, f);
}

ast_node *parse_var_decl(as_parse_env *env, const char *decl)
{
    parser P;
    parser_init(&P, env, decl, decl ? strlen(decl) : 0);
    ast_node *var = new_node(&P, AST_VAR, cur_pos(&P));
    var->u.var.type = parse_type(&P, true, false, false);
    if (!P.err) {
        var->u.var.is_ref = accept_token(&P, TK_AMP);
        ast_node *d = new_node(&P, AST_DECLARATOR, cur_pos(&P));
        parse_scope(&P, &d->u.decl.global_scope, &d->u.decl.scope, NULL);
        if (parse_ident(&P, &d->u.decl.name)) ast_list_push(P.arena, &var->u.var.decls, d);
    }
    return finish_decl(&P, var);
}

/* "array<class T, class U>": a template declaration; anything else is a plain type. */
static bool is_template_decl(parser *P)
{
    pcur save = mark(P);
    bool yes = tkind(P) == TK_IDENT && peek_kind(P, 1) == TK_LT && peek_kind(P, 2) == TK_CLASS;
    reset(P, save);
    return yes;
}

static ast_node *parse_template_decl(parser *P)
{
    ast_node *type = new_node(P, AST_TYPE, cur_pos(P));
    type->u.type.template_decl = true;
    if (!parse_ident(P, &type->u.type.name)) return type;
    if (!expect(P, TK_LT)) return type;
    do {
        accept_token(P, TK_CLASS);
        ast_node *sub = new_node(P, AST_TYPE, cur_pos(P));
        if (!parse_ident(P, &sub->u.type.name)) return type;
        ast_list_push(P->arena, &type->u.type.targs, sub);
    } while (accept_token(P, TK_COMMA));
    if (tkind(P) != TK_GT) expected_tok(P, ">");
    else adv(P);
    return type;
}

ast_node *parse_type_decl(as_parse_env *env, const char *decl)
{
    parser P;
    parser_init(&P, env, decl, decl ? strlen(decl) : 0);
    ast_node *type = env->registration && is_template_decl(&P) ? parse_template_decl(&P)
                                                               : parse_type(&P, true, false, false);
    return finish_decl(&P, type);
}

bool parse_is_keyword(const char *word, size_t len)
{
    if (!word) return false;
    if (len == 3 && memcmp(word, "!is", 3) == 0) return true;
    return lex_keyword(word, len) != TK_IDENT;
}
