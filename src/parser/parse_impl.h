/* Internal interface shared by the parser's source files (parser.c, parse_type.c,
 * parse_decl.c, parse_stmt.c, parse_expr.c). Not for use outside src/parser.
 *
 * How parsing works, and why:
 *
 * The reference engine parses a script in two steps, and the order of its error messages
 * follows from that. First the declarations are parsed while function bodies, variable
 * initializers, enum values and default arguments are only skipped over ("superficially
 * parsed": brackets matched, strings checked). If that step finds an error nothing else is
 * reported. Otherwise the skipped parts are parsed one by one as the compiler reaches them:
 * enum values, then global variables, then global functions, then class methods.
 *
 * We do the same: phase 1 records every skipped part as a job, phase 2 sorts the jobs into
 * the reference's order and parses them, muted when phase 1 failed so the AST is still
 * complete but no message the reference would not print appears.
 *
 * Error handling copies the reference too: an error sets `err`, every parse function returns
 * as soon as it sees it, and the nearest statement block or declaration list skips ahead to a
 * synchronisation token and clears it. Errors are always reported at the current token. */
#ifndef AS_PARSE_IMPL_H
#define AS_PARSE_IMPL_H
#include "parser.h"
#include "lexer.h"
#include "../util/vec.h"

/* Nesting limit for anything recursive (parentheses, blocks, init lists, template arguments,
 * namespaces), so hostile input cannot exhaust the C stack. */
#define PARSE_MAX_DEPTH 500

/* A position in the token array. `skip` counts leading '>' characters already consumed from
 * the current token, so `>>` closing two template argument lists can be split. */
typedef struct pcur {
    int32_t i;
    int32_t skip;
} pcur;

typedef enum job_kind { JOB_BODY, JOB_VARINIT, JOB_ENUMVAL, JOB_DEFARG } job_kind;

/* Phase-2 order of the reference compiler. */
typedef enum job_group {
    GROUP_ENUM, GROUP_GLOBALVAR, GROUP_FUNC, GROUP_METHOD, GROUP_MEMBERINIT,
    GROUP_LAMBDA    /* lambda bodies: compiled after the function that contains them */
} job_group;

typedef struct parse_job {
    uint8_t kind, group;
    pcur at;            /* the '{', '=' or '(' that starts the skipped part */
    ast_node *node;     /* the owner: function, accessor, lambda, declarator, enum value,
                         * parameter being completed */
    ast_node **slot;    /* where a body goes */
} parse_job;

/* A compile-time message about a literal (bad escape, multi-line string). The reference
 * reports these while compiling, i.e. only for code that parsed cleanly, so they wait until
 * the end of the job and are dropped if it had a syntax error. */
typedef struct pending_diag {
    uint8_t type;       /* as_diag_type */
    int32_t line, col;
    const char *msg;    /* static text */
} pending_diag;

typedef struct parser {
    as_parse_env *env;
    as_arena *arena;
    const char *src;
    size_t len;
    as_token *toks;
    int32_t ntoks;
    pcur cur;
    bool err;        /* unwinding a syntax error (reference: isSyntaxError) */
    bool failed;     /* some error was found (reference: errorWhileParsing) */
    bool muted;      /* phase 2 after a failed phase 1: parse, but report nothing */
    bool defer;      /* phase 1: skip bodies and initializers, queue them as jobs */
    bool in_class;   /* jobs queued now belong to a class */
    int depth;
    VEC(parse_job) jobs;
    VEC(pending_diag) pending;
    int job_errors;  /* errors reported since the current job started */
    bool deferring;  /* phase 2 with env->defer_body_errors: record instead of report */
    const ast_node *owner;          /* node the current job completes */
    VEC(ast_deferred_diag) deferred;
    lex_buf sbuf;    /* scratch buffer for string literals */
    mem_cleanup cleanup;   /* frees the above if running out of memory unwinds the parse */
} parser;

/* ---- parser.c: tokens ---- */
as_token tk(const parser *P);                /* current token */
/* kind of the current token (inline: the parser asks for it at every step) */
static inline int tkind(const parser *P) { return P->cur.skip ? tk(P).kind : P->toks[P->cur.i].kind; }
int peek_kind(const parser *P, int n);       /* kind n tokens ahead (n >= 1), no splitting */
void adv(parser *P);
bool accept_token(parser *P, int kind);
void split_gt(parser *P);                    /* consume one '>' of the current token */
static inline pcur mark(const parser *P) { return P->cur; }
static inline void reset(parser *P, pcur c) { P->cur = c; }
ast_pos tok_pos(const parser *P, const as_token *t);
ast_pos cur_pos(const parser *P);
const char *tok_name(parser *P, const as_token *t);     /* interned token text */
bool ident_is(const parser *P, const as_token *t, const char *word);
bool cur_ident_is(const parser *P, const char *word);
ast_node *new_node(parser *P, ast_kind kind, ast_pos pos);

/* ---- parser.c: diagnostics ---- */
void perr(parser *P, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void pinfo_at(parser *P, pcur at, const char *msg);
void pwarn(parser *P, const as_token *t, const char *msg);
void literal_diag(parser *P, const as_token *t, as_diag_type type, const char *msg);
void flush_literal_diags(parser *P);
void instead_found(parser *P);                /* "Instead found ..." for the current token */
void expected_tok(parser *P, const char *tok); /* "Expected 'tok'" + instead found */
void expected_msg(parser *P, const char *msg); /* msg + instead found */
void expected_two(parser *P, const char *a, const char *b); /* "Expected 'a' or 'b'" */
bool expect(parser *P, int kind);             /* consume kind or report expected_tok */
bool enter(parser *P);                        /* nesting depth check */
static inline void leave(parser *P) { P->depth--; }

/* ---- parser.c: superficial parsing and jobs ---- */
bool skip_statement_block(parser *P);         /* `{ ... }` matched; false on error */
void skip_var_init(parser *P);                /* `= expr` or `(args)` */
void skip_default_arg(parser *P);
void queue_job(parser *P, job_kind kind, job_group group, pcur at, ast_node *node, ast_node **slot);
void parse_var_init_job(parser *P, ast_node *decl);
void run_jobs(parser *P);

/* ---- parse_simple_decl.c ---- */
/* A registration declaration of the commonest shape (`T@ name(const T &in a, U@+, ...) const
 * property`: no scope, nested template arguments, default argument, list pattern or template
 * function subtypes) parsed straight from its characters
 * into the AST the general parser makes; NULL (nothing reported) for anything else, which then
 * goes through the general parser and its messages. */
ast_node *parse_simple_func_decl(as_parse_env *env, const char *decl);
/* parse_func_decl without the fast path (the unit tests compare the two). */
ast_node *parse_func_decl_general(as_parse_env *env, const char *decl);

/* ---- parse_type.c ---- */
bool is_real_type(int kind);
bool is_data_type(int kind);                  /* identifier or primitive */
uint8_t prim_of(int kind);                    /* ast_prim of a type keyword, PRIM_NONE if none */
void push_typemod(as_arena *arena, ast_node *type, ast_typemod m);   /* appends a suffix modifier */
ast_node *parse_type(parser *P, bool allow_const, bool allow_var, bool allow_auto);
void parse_scope(parser *P, bool *global, ast_names *scope, ast_node **scope_type);
bool parse_ident(parser *P, const char **name);
void parse_typemod(parser *P, bool is_param, ast_node *type, uint8_t *ref, uint32_t *attrs);
void parse_param_list(parser *P, ast_node *func);
void parse_method_attrs(parser *P, uint32_t *attrs);
ast_node *parse_list_pattern(parser *P);
bool check_template(parser *P);               /* speculative `<types>` after a type name */
int template_status(parser *P, const as_token *name); /* 1 template, 0 not, -1 unknown */
bool is_type(parser *P, pcur *after);
bool is_var_decl(parser *P);
bool is_virtprop_decl(parser *P);
bool is_func_decl(parser *P, bool is_method);
bool is_lambda(parser *P);

/* ---- parse_decl.c ---- */
void parse_decls(parser *P, ast_list *out, bool in_block);
ast_node *parse_func_definition(parser *P, ast_kind kind);
ast_node *parse_declaration(parser *P, bool is_class_prop, bool is_global);
ast_node *parse_using(parser *P);

/* ---- parse_stmt.c ---- */
ast_node *parse_statement_block(parser *P);
void parse_statements_to_eof(parser *P, ast_node *block);

/* ---- parse_expr.c ---- */
ast_node *parse_assign(parser *P);
ast_node *parse_expr(parser *P);
ast_node *parse_initlist(parser *P);
void parse_arglist(parser *P, ast_list *args, bool paren);

#endif
