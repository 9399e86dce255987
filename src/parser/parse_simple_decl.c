/* The fast path for registration declarations: the add-ons register about 300 functions at
 * every engine's start, nearly all of the shape `[const] T[@] [&] name(params) [const]`.
 * Through the general parser (tokens into an array, a parser state, the job queue) each cost
 * about 3,600 instructions; read here straight from the characters, about 1,500 (names interned
 * and nodes made included).
 *
 * Anything this file does not know, or any mistake, makes it give up without a word: the
 * general parser then parses the declaration again and reports exactly what it always did.
 * So the only rule here is to build, for what it accepts, the very AST the general parser
 * builds (node kinds, positions, interned names, type modifiers), as parse_type,
 * parse_typemod and parse_param_list in parse_type.c do. */
#include "parse_impl.h"
#include <string.h>

typedef struct scan {
    const char *s;             /* NUL-terminated */
    size_t i;
    as_parse_env *env;
    int32_t line;
    size_t word_pos, word_len;  /* the last word read (word_at), kept: most are asked for twice */
    int word_kind;
} scan;

/* Character classes of the words (identifiers and keywords). Any character the scan below does
 * not expect where it meets it (`:` of a scope, `=` of a default argument, `{` of a list
 * pattern, `.` of `...`, `+` of an auto handle, `[` of an array, line breaks, tabs, bytes of
 * other scripts) makes it give up. */
enum { WORD = 1, WORD_START = 2 };
#define LOWER(c) ['a' + (c)] = WORD | WORD_START, ['A' + (c)] = WORD | WORD_START
static const uint8_t char_class[256] = {
    LOWER(0), LOWER(1), LOWER(2), LOWER(3), LOWER(4), LOWER(5), LOWER(6), LOWER(7), LOWER(8),
    LOWER(9), LOWER(10), LOWER(11), LOWER(12), LOWER(13), LOWER(14), LOWER(15), LOWER(16),
    LOWER(17), LOWER(18), LOWER(19), LOWER(20), LOWER(21), LOWER(22), LOWER(23), LOWER(24), LOWER(25),
    ['_'] = WORD | WORD_START,
    ['0'] = WORD, ['1'] = WORD, ['2'] = WORD, ['3'] = WORD, ['4'] = WORD, ['5'] = WORD, ['6'] = WORD,
    ['7'] = WORD, ['8'] = WORD, ['9'] = WORD,
};
#undef LOWER

static void skip_blanks(scan *d)
{
    while (d->s[d->i] == ' ') d->i++;   /* (the string ends with a NUL) */
}

static ast_pos pos_at(const scan *d, size_t at)
{
    ast_pos p = {d->line, (int32_t)at + 1, d->env->section};
    return p;
}

static char peek(const scan *d) { return d->s[d->i]; }

/* The word (identifier or keyword) at the cursor: its length (0 if none) and token kind, as the
 * lexer would make them; the cursor does not move. */
static size_t word_at(scan *d, int *kind)
{
    if (d->word_pos != d->i) {
        size_t i = d->i;
        d->word_pos = i;
        d->word_len = 0;
        if (!(char_class[(unsigned char)d->s[i]] & WORD_START)) return 0;
        while (char_class[(unsigned char)d->s[i]] & WORD) i++;
        d->word_len = i - d->i;
        d->word_kind = (int)lex_keyword(d->s + d->i, d->word_len);
        if (d->word_kind == TK_FOREACH && d->env->no_foreach) d->word_kind = TK_IDENT;
    }
    *kind = d->word_kind;
    return d->word_len;
}

static bool is_word(const scan *d, size_t len, const char *w, size_t wlen)
{
    return wlen == len && memcmp(d->s + d->i, w, len) == 0;
}
#define IS_WORD(d, len, w) is_word((d), (len), w, sizeof w - 1)

static ast_node *simple_type(scan *d, bool allow_var, bool allow_targs);

/* `<T, U>` after a type's name, as parse_template_args reads it: one level only (a `>>` the
 * general parser splits, and `<` in an argument, are its), at a name the engine knows as a
 * template (or any name when it does not say). */
static bool simple_template_args(scan *d, ast_node *type)
{
    as_parse_env *env = d->env;
    if (env->is_template && !env->is_template(env->is_template_user, type->u.type.name)) return false;
    type->u.type.targs_pos = pos_at(d, d->i);
    d->i++;
    for (;;) {
        ast_node *sub = simple_type(d, false, false);
        if (!sub) return false;
        ast_list_push(env->arena, &type->u.type.targs, sub);
        skip_blanks(d);
        char c = peek(d);
        d->i++;
        if (c == '>') break;
        if (c != ',') return false;
    }
    return peek(d) != '>' && peek(d) != '=';   /* `>>`, `>=`: one token to the lexer */
}

/* TYPE without scope or arrays: ['const'] DATATYPE ['<' TYPE {',' TYPE} '>'] {'@' ['const']}.
 * `?` only for parameters (allow_var). NULL if the type is not of that shape. */
static ast_node *simple_type(scan *d, bool allow_var, bool allow_targs)
{
    skip_blanks(d);
    ast_node *type = ast_new(d->env->arena, AST_TYPE, pos_at(d, d->i));
    int kind;
    size_t len = word_at(d, &kind);
    if (len && kind == TK_CONST) {
        type->u.type.is_const = true;
        d->i += len;
        skip_blanks(d);
        len = word_at(d, &kind);
    }
    type->u.type.name_pos = pos_at(d, d->i);
    if (!len) {
        if (!allow_var || peek(d) != '?') return NULL;
        type->u.type.prim = PRIM_VARTYPE;
        d->i++;
    } else if (kind == TK_IDENT) {
        type->u.type.name = strtab_intern(d->env->names, d->s + d->i, len);
        d->i += len;
        skip_blanks(d);
        if (peek(d) == '<' && (!allow_targs || !simple_template_args(d, type))) return NULL;
    } else if (is_real_type(kind)) {
        type->u.type.prim = prim_of(kind);
        d->i += len;
    } else {
        return NULL;
    }
    for (;;) {
        skip_blanks(d);
        if (peek(d) != '@') return type;
        ast_typemod m = {0};
        m.kind = TYPEMOD_HANDLE;
        m.pos = pos_at(d, d->i);
        d->i++;
        skip_blanks(d);
        len = word_at(d, &kind);
        if (len && kind == TK_CONST) {
            m.handle_const = true;
            d->i += len;
        }
        push_typemod(d->env->arena, type, m);
    }
}

/* After a type and its `&` (and `in`/`out`/`inout`): the registration's `if_handle_then_const`,
 * taken as parse_typemod takes it. */
static bool accept_handle_then_const(scan *d)
{
    skip_blanks(d);
    int kind;
    size_t len = word_at(d, &kind);
    if (!len || kind != TK_IDENT || !IS_WORD(d, len, "if_handle_then_const")) return false;
    d->i += len;
    skip_blanks(d);
    return true;
}

/* After a type and its `&`: the registration's auto handle `@+` (a `+` after any other type
 * is the general parser's to report). False to give up. */
static bool accept_auto_handle(scan *d, ast_node *type)
{
    skip_blanks(d);
    if (peek(d) != '+') return true;
    int32_t n = type->u.type.nmods;
    if (n == 0 || type->u.type.mods[n - 1].kind != TYPEMOD_HANDLE) return false;
    type->u.type.mods[n - 1].auto_handle = true;
    d->i++;
    return true;
}

/* The registration's `...` (a variadic parameter). */
static bool accept_ellipsis(scan *d)
{
    skip_blanks(d);
    if (peek(d) != '.' || d->s[d->i + 1] != '.' || d->s[d->i + 2] != '.') return false;
    d->i += 3;
    return true;
}

/* One parameter: TYPE ['&' ['in'|'out'|'inout']] ['+'] ['if_handle_then_const'] ['...'] [IDENT]. */
static ast_node *simple_param(scan *d, ast_node *f)
{
    skip_blanks(d);
    ast_node *param = ast_new(d->env->arena, AST_PARAM, pos_at(d, d->i));
    param->u.param.type = simple_type(d, true, true);
    if (!param->u.param.type) return NULL;
    skip_blanks(d);
    if (peek(d) == '&') {
        d->i++;
        param->u.param.ref = REF_INOUT;
        skip_blanks(d);
        int kind;
        size_t len = word_at(d, &kind);
        if (len && (kind == TK_IN || kind == TK_OUT || kind == TK_INOUT)) {
            param->u.param.ref = kind == TK_IN ? REF_IN : kind == TK_OUT ? REF_OUT : REF_INOUT;
            d->i += len;
        }
    }
    if (!accept_auto_handle(d, param->u.param.type)) return NULL;
    if (accept_handle_then_const(d)) {
        param->u.param.if_handle_then_const = true;
        f->u.func.attrs |= FATTR_IF_HANDLE_THEN_CONST;
    }
    if (accept_ellipsis(d)) f->u.func.is_variadic = true;
    int kind;
    size_t len = word_at(d, &kind);
    if (len) {
        if (kind != TK_IDENT) return NULL;
        param->u.param.name = strtab_intern(d->env->names, d->s + d->i, len);
        d->i += len;
    }
    return param;
}

ast_node *parse_simple_func_decl(as_parse_env *env, const char *decl)
{
    if (!decl || !env->registration) return NULL;
    /* (a declaration with a default argument or a list pattern is parsed into the engine's
     * arena: given up on at once, it leaves nothing there) */
    if (strpbrk(decl, "={")) return NULL;
    scan d = {decl, 0, env, 1 + env->line_offset, (size_t)-1, 0, 0};
    skip_blanks(&d);
    if (!peek(&d)) return NULL;
    ast_node *f = ast_new(env->arena, AST_FUNC, pos_at(&d, d.i));
    f->u.func.ret = simple_type(&d, false, true);
    if (!f->u.func.ret) return NULL;
    skip_blanks(&d);
    if (peek(&d) == '&') {
        d.i++;
        f->u.func.ret_ref = true;
    }
    if (!accept_auto_handle(&d, f->u.func.ret)) return NULL;
    if (accept_handle_then_const(&d)) f->u.func.attrs |= FATTR_IF_HANDLE_THEN_CONST;
    int kind;
    size_t len = word_at(&d, &kind);
    if (!len || kind != TK_IDENT) return NULL;
    f->u.func.name = strtab_intern(env->names, d.s + d.i, len);
    d.i += len;
    skip_blanks(&d);
    if (peek(&d) != '(') return NULL;
    d.i++;
    skip_blanks(&d);
    /* `()` and `(void)` declare no parameter */
    len = word_at(&d, &kind);
    if (len && kind == TK_VOID) {
        scan after = d;
        after.i += len;
        skip_blanks(&after);
        if (peek(&after) == ')') d.i = after.i;
    }
    if (peek(&d) == ')') {
        d.i++;
    } else {
        for (;;) {
            if (accept_ellipsis(&d)) {
                f->u.func.is_variadic = true;   /* a bare `...` */
            } else {
                ast_node *param = simple_param(&d, f);
                if (!param) return NULL;
                ast_list_push(env->arena, &f->u.func.params, param);
            }
            skip_blanks(&d);
            char c = peek(&d);
            d.i++;
            if (c == ')') break;
            if (c != ',') return NULL;
        }
    }
    skip_blanks(&d);
    len = word_at(&d, &kind);
    if (len && kind == TK_CONST) {
        f->u.func.attrs |= FATTR_CONST;
        d.i += len;
        skip_blanks(&d);
    }
    /* FUNCATTR, as parse_method_attrs reads it */
    while ((len = word_at(&d, &kind)) != 0 && kind == TK_IDENT) {
        uint32_t attr = IS_WORD(&d, len, "final") ? FATTR_FINAL : IS_WORD(&d, len, "override") ? FATTR_OVERRIDE
                      : IS_WORD(&d, len, "explicit") ? FATTR_EXPLICIT : IS_WORD(&d, len, "property") ? FATTR_PROPERTY
                      : IS_WORD(&d, len, "delete") ? FATTR_DELETE : 0;
        if (!attr) break;
        f->u.func.attrs |= attr;
        d.i += len;
        skip_blanks(&d);
    }
    return peek(&d) ? NULL : f;
}
