/* Tokenizer for AngelScript 2.35 source text. See lexer.h for the contract.
 *
 * The scanning rules follow the reference tokenizer byte for byte where it matters for
 * diagnostics: which bytes start a number, where a string ends, that `!isTrue` is `!` and
 * `isTrue`, that a lone byte the language does not know is one unrecognized token. */
#include "lexer.h"
#include "../util/vec.h"
#include <string.h>

static const char *const token_defs[TK_COUNT] = {
#define AS_TOK_DEF(name, def) def,
    AS_TOKEN_LIST(AS_TOK_DEF)
#undef AS_TOK_DEF
};

const char *tok_definition(int kind)
{
    if (kind < 0 || kind >= TK_COUNT) return "<unrecognized token>";
    return token_defs[kind];
}

/* ---- character classes ---- */

static bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
static bool is_alpha(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static bool is_hex(unsigned char c)
{
    return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static bool ident_start(unsigned char c, const as_lex_options *o)
{
    return is_alpha(c) || c == '_' || (c >= 0x80 && o->unicode_identifiers);
}

static bool ident_char(unsigned char c, const as_lex_options *o)
{
    return ident_start(c, o) || is_digit(c);
}

/* ---- keywords ---- */

typedef struct keyword { const char *word; uint8_t len, kind; } keyword;

/* Sorted by bytes (memcmp order, shorter first on a common prefix): lex_keyword bisects it. */
#define KW(w, k) {w, sizeof(w) - 1, k}
static const keyword keywords[] = {
    KW("and", TK_AND), KW("auto", TK_AUTO), KW("bool", TK_BOOL), KW("break", TK_BREAK),
    KW("case", TK_CASE), KW("cast", TK_CAST), KW("catch", TK_CATCH), KW("class", TK_CLASS),
    KW("const", TK_CONST), KW("continue", TK_CONTINUE), KW("default", TK_DEFAULT), KW("do", TK_DO),
    KW("double", TK_DOUBLE_T), KW("else", TK_ELSE), KW("enum", TK_ENUM), KW("false", TK_FALSE),
    KW("float", TK_FLOAT_T), KW("for", TK_FOR), KW("foreach", TK_FOREACH), KW("funcdef", TK_FUNCDEF), KW("if", TK_IF),
    KW("import", TK_IMPORT), KW("in", TK_IN), KW("inout", TK_INOUT), KW("int", TK_INT_T),
    KW("int16", TK_INT16), KW("int32", TK_INT_T), KW("int64", TK_INT64), KW("int8", TK_INT8),
    KW("interface", TK_INTERFACE), KW("is", TK_IS), KW("mixin", TK_MIXIN),
    KW("namespace", TK_NAMESPACE), KW("not", TK_NOT), KW("null", TK_NULL), KW("or", TK_OR),
    KW("out", TK_OUT), KW("private", TK_PRIVATE), KW("protected", TK_PROTECTED),
    KW("return", TK_RETURN), KW("switch", TK_SWITCH), KW("true", TK_TRUE), KW("try", TK_TRY),
    KW("typedef", TK_TYPEDEF), KW("uint", TK_UINT), KW("uint16", TK_UINT16), KW("uint32", TK_UINT),
    KW("uint64", TK_UINT64), KW("uint8", TK_UINT8), KW("using", TK_USING), KW("void", TK_VOID), KW("while", TK_WHILE),
    KW("xor", TK_XOR),
};
#undef KW

/* <0, 0, >0 as word[0..n) sorts before, equal to or after keyword k. */
static int keyword_cmp(const char *word, size_t n, const keyword *k)
{
    size_t m = n < k->len ? n : k->len;
    int c = memcmp(word, k->word, m);
    if (c) return c;
    return n < k->len ? -1 : n > k->len;
}

as_tok_kind lex_keyword(const char *word, size_t n)
{
    /* The longest keyword is "namespace"/"interface"/"protected" (9 bytes). */
    if (n < 2 || n > 9) return TK_IDENT;
    size_t lo = 0, hi = sizeof keywords / sizeof keywords[0];
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = keyword_cmp(word, n, &keywords[mid]);
        if (c == 0) return (as_tok_kind)keywords[mid].kind;
        if (c < 0) hi = mid;
        else lo = mid + 1;
    }
    return TK_IDENT;
}

/* ---- scanners: each returns the token length at s[0..n) (n >= 1) and sets *kind ---- */

static size_t scan_whitespace(const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    /* The UTF-8 byte order mark is whitespace anywhere, as in the reference. */
    if (n >= 3 && u[0] == 0xEF && u[1] == 0xBB && u[2] == 0xBF) return 3;
    size_t i = 0;
    while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n')) i++;
    return i;
}

/* Comment length, or 0 if s does not start a comment. An unterminated block comment runs
 * to the end of the source. */
static size_t scan_comment(const char *s, size_t n)
{
    if (n < 2 || s[0] != '/') return 0;
    if (s[1] == '/') {
        size_t i = 2;
        while (i < n && s[i] != '\n') i++;
        return i < n ? i + 1 : n;
    }
    if (s[1] == '*') {
        for (size_t i = 2; i + 1 < n; i++)
            if (s[i] == '*' && s[i + 1] == '/') return i + 2;
        return n;
    }
    return 0;
}

static int radix_of(char c)
{
    switch (c) {
    case 'x': case 'X': return 16;
    case 'd': case 'D': return 10;
    case 'o': case 'O': return 8;
    case 'b': case 'B': return 2;
    default: return 0;
    }
}

static bool digit_in_radix(unsigned char c, int radix)
{
    if (radix == 16) return is_hex(c);
    return c >= '0' && c < '0' + radix;
}

/* Numbers: 0x/0d/0o/0b bits, decimal integers, reals with '.' and/or exponent, f suffix on
 * reals only (`5f` is `5` then `f`, as in the reference). */
static size_t scan_number(const char *s, size_t n, uint8_t *kind)
{
    if (n >= 2 && s[0] == '0' && radix_of(s[1])) {
        int radix = radix_of(s[1]);
        size_t i = 2;
        while (i < n && digit_in_radix((unsigned char)s[i], radix)) i++;
        *kind = TK_BITS;
        return i;
    }
    size_t i = 0;
    while (i < n && is_digit((unsigned char)s[i])) i++;
    bool real = false;
    if (i < n && s[i] == '.') {
        real = true;
        i++;
        while (i < n && is_digit((unsigned char)s[i])) i++;
    }
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        real = true;
        i++;
        if (i < n && (s[i] == '+' || s[i] == '-')) i++;
        while (i < n && is_digit((unsigned char)s[i])) i++;
    }
    if (!real) {
        *kind = TK_INT;
        return i;
    }
    if (i < n && (s[i] == 'f' || s[i] == 'F')) {
        *kind = TK_FLOAT;
        return i + 1;
    }
    *kind = TK_DOUBLE;
    return i;
}

/* "..." / '...' (escapes skip the next byte) or """...""" heredoc. An unterminated heredoc
 * runs to the end of the source; an unterminated string is TK_BADSTRING. */
static size_t scan_string(const char *s, size_t n, uint8_t *kind)
{
    if (n >= 6 && s[0] == '"' && s[1] == '"' && s[2] == '"') {
        *kind = TK_HEREDOC;
        for (size_t i = 3; i + 2 < n; i++)
            if (s[i] == '"' && s[i + 1] == '"' && s[i + 2] == '"') return i + 3;
        *kind = TK_BADSTRING;   /* "Non-terminated string literal", at its start */
        return n;
    }
    char quote = s[0];
    bool even_slashes = true;
    *kind = TK_STRING;
    for (size_t i = 1; i < n; i++) {
        if (s[i] == '\n') *kind = TK_MLSTRING;
        if (s[i] == quote && even_slashes) return i + 1;
        even_slashes = s[i] == '\\' ? !even_slashes : true;
    }
    *kind = TK_BADSTRING;
    return n;
}

typedef struct punct { const char *text; uint8_t len, kind; } punct;

/* Longest first within each leading character, so the first match is maximal munch. */
#define P(t, k) {t, sizeof(t) - 1, k}
static const punct puncts[] = {
    P(">>>=", TK_USHR_ASSIGN), P(">>>", TK_USHR), P(">>=", TK_SHR_ASSIGN), P(">>", TK_SHR),
    P(">=", TK_GE), P(">", TK_GT),
    P("<<=", TK_SHL_ASSIGN), P("<<", TK_SHL), P("<=", TK_LE), P("<", TK_LT),
    P("**=", TK_POW_ASSIGN), P("**", TK_STARSTAR), P("*=", TK_MUL_ASSIGN), P("*", TK_STAR),
    P("+=", TK_ADD_ASSIGN), P("++", TK_INC), P("+", TK_PLUS),
    P("-=", TK_SUB_ASSIGN), P("--", TK_DEC), P("-", TK_MINUS),
    P("/=", TK_DIV_ASSIGN), P("/", TK_SLASH), P("%=", TK_MOD_ASSIGN), P("%", TK_PERCENT),
    P("==", TK_EQ), P("=", TK_ASSIGN), P("!=", TK_NE), P("!", TK_NOT),
    P("|=", TK_OR_ASSIGN), P("||", TK_OR), P("|", TK_BITOR),
    P("&=", TK_AND_ASSIGN), P("&&", TK_AND), P("&", TK_AMP),
    P("^=", TK_XOR_ASSIGN), P("^^", TK_XOR), P("^", TK_BITXOR),
    P("::", TK_SCOPE), P(":", TK_COLON), P("...", TK_ELLIPSIS), P(".", TK_DOT),
    P(";", TK_SEMI), P(",", TK_COMMA), P("{", TK_LBRACE), P("}", TK_RBRACE), P("(", TK_LPAREN),
    P(")", TK_RPAREN), P("[", TK_LBRACKET), P("]", TK_RBRACKET), P("~", TK_BITNOT),
    P("@", TK_AT), P("?", TK_QUESTION),
};
#undef P

static const uint8_t single_punct[256] = {
    [';'] = TK_SEMI, [','] = TK_COMMA, ['{'] = TK_LBRACE, ['}'] = TK_RBRACE, ['('] = TK_LPAREN,
    [')'] = TK_RPAREN, ['['] = TK_LBRACKET, [']'] = TK_RBRACKET, ['~'] = TK_BITNOT,
    ['@'] = TK_AT, ['?'] = TK_QUESTION,
};

static size_t scan_punct(const char *s, size_t n, const as_lex_options *o, uint8_t *kind)
{
    /* `!is` is one token unless an identifier continues right after it (`!isTrue`). */
    if (n >= 3 && s[0] == '!' && s[1] == 'i' && s[2] == 's' &&
        !(n > 3 && (is_alpha((unsigned char)s[3]) || is_digit((unsigned char)s[3]) || s[3] == '_'))) {
        *kind = TK_NOTIS;
        return 3;
    }
    /* the commonest tokens are single characters nothing longer starts with */
    if (single_punct[(unsigned char)s[0]]) {
        *kind = single_punct[(unsigned char)s[0]];
        return 1;
    }
    for (size_t i = 0; i < sizeof puncts / sizeof puncts[0]; i++) {
        const char *t = puncts[i].text;
        if (t[0] != s[0]) continue;
        size_t tl = puncts[i].len;
        if (tl > n || memcmp(t, s, tl) != 0) continue;
        if (puncts[i].kind == TK_ELLIPSIS && !o->ellipsis) continue;
        *kind = puncts[i].kind;
        return tl;
    }
    return 0;
}

as_tok_kind lex_punct_kind(const char *s, size_t n)
{
    as_lex_options o = {0};
    uint8_t kind = TK_UNKNOWN;
    if (n == 0) return TK_UNKNOWN;
    size_t l = scan_punct(s, n, &o, &kind);
    return l == n ? (as_tok_kind)kind : TK_UNKNOWN;
}

/* One token (or whitespace/comment, reported as kind TK_COUNT) at s[0..n), n >= 1. */
size_t lex_scan_token(const char *s, size_t n, const as_lex_options *o, uint8_t *kind)
{
    unsigned char c = (unsigned char)s[0];
    size_t l;
    if ((l = scan_whitespace(s, n)) || (l = scan_comment(s, n))) {
        *kind = TK_COUNT;
        return l;
    }
    if (is_digit(c) || (c == '.' && n > 1 && is_digit((unsigned char)s[1])))
        return scan_number(s, n, kind);
    if (c == '"' || c == '\'') return scan_string(s, n, kind);
    if (ident_start(c, o)) {
        l = 1;
        while (l < n && ident_char((unsigned char)s[l], o)) l++;
        *kind = (uint8_t)lex_keyword(s, l);
        if (*kind == TK_FOREACH && o->no_foreach) *kind = TK_IDENT;
        return l;
    }
    if ((l = scan_punct(s, n, o, kind))) return l;
    *kind = TK_UNKNOWN;
    return 1;
}

/* Advances the line/column counters over src[from..to). */
static void track_lines(const char *src, size_t from, size_t to, int32_t *line, size_t *line_start)
{
    const char *p = src + from, *end = src + to;
    while ((p = memchr(p, '\n', (size_t)(end - p))) != NULL) {
        (*line)++;
        p++;
        *line_start = (size_t)(p - src);
    }
}

bool lex_tokenize(const char *src, size_t len, const as_lex_options *opt, as_token_array *out)
{
    if (len >= UINT32_MAX) return false;
    /* one generous reservation instead of a chain of copies: a token per 4 bytes is more than
     * real code has, and pages never written cost nothing */
    if (len / 4 + 16 < (size_t)INT32_MAX / 2) VEC_RESERVE(*out, (int)(len / 4 + 16));
    int32_t line = 1 + opt->line_offset;
    size_t line_start = 0, pos = 0;
    int32_t eof_shift = 0;
    while (pos < len) {
        uint8_t kind;
        size_t l = lex_scan_token(src + pos, len - pos, opt, &kind);
        if (kind != TK_COUNT) {
            as_token t = {kind, (uint32_t)pos, (uint32_t)l, line, (int32_t)(pos - line_start + 1)};
            VEC_PUSH(*out, t);
        }
        /* The reference measures an unterminated heredoc one byte past the end of the
         * source, so the end of file it reports next is one column further right. */
        eof_shift = kind == TK_HEREDOC && memcmp(src + pos + l - 3, "\"\"\"", 3) != 0;
        /* only whitespace, comments and strings can hold a line break */
        if (kind == TK_COUNT || src[pos] == '"' || src[pos] == '\'') track_lines(src, pos, pos + l, &line, &line_start);
        pos += l;
    }
    as_token eof = {TK_EOF, (uint32_t)len, 0, line, (int32_t)(len - line_start + 1) + eof_shift};
    VEC_PUSH(*out, eof);
    return true;
}
