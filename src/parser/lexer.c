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

/* The keyword a word is, or TK_IDENT: a switch on the length and the first byte, then the rest
 * compared at a constant length (a few loads). Called for every identifier the lexer meets. */
#define KW(rest, k) if (memcmp(w + 1, rest, sizeof(rest) - 1) == 0) return k
as_tok_kind lex_keyword(const char *word, size_t n)
{
    const char *w = word;
    switch (n) {
    case 2:
        switch (w[0]) {
        case 'd': KW("o", TK_DO); break;
        case 'i': KW("f", TK_IF); KW("n", TK_IN); KW("s", TK_IS); break;
        case 'o': KW("r", TK_OR); break;
        }
        break;
    case 3:
        switch (w[0]) {
        case 'a': KW("nd", TK_AND); break;
        case 'f': KW("or", TK_FOR); break;
        case 'i': KW("nt", TK_INT_T); break;
        case 'n': KW("ot", TK_NOT); break;
        case 'o': KW("ut", TK_OUT); break;
        case 't': KW("ry", TK_TRY); break;
        case 'x': KW("or", TK_XOR); break;
        }
        break;
    case 4:
        switch (w[0]) {
        case 'a': KW("uto", TK_AUTO); break;
        case 'b': KW("ool", TK_BOOL); break;
        case 'c': KW("ase", TK_CASE); KW("ast", TK_CAST); break;
        case 'e': KW("lse", TK_ELSE); KW("num", TK_ENUM); break;
        case 'i': KW("nt8", TK_INT8); break;
        case 'n': KW("ull", TK_NULL); break;
        case 't': KW("rue", TK_TRUE); break;
        case 'u': KW("int", TK_UINT); break;
        case 'v': KW("oid", TK_VOID); break;
        }
        break;
    case 5:
        switch (w[0]) {
        case 'b': KW("reak", TK_BREAK); break;
        case 'c': KW("atch", TK_CATCH); KW("lass", TK_CLASS); KW("onst", TK_CONST); break;
        case 'f': KW("alse", TK_FALSE); KW("loat", TK_FLOAT_T); break;
        case 'i': KW("nout", TK_INOUT); KW("nt16", TK_INT16); KW("nt32", TK_INT_T); KW("nt64", TK_INT64); break;
        case 'm': KW("ixin", TK_MIXIN); break;
        case 'u': KW("int8", TK_UINT8); KW("sing", TK_USING); break;
        case 'w': KW("hile", TK_WHILE); break;
        }
        break;
    case 6:
        switch (w[0]) {
        case 'd': KW("ouble", TK_DOUBLE_T); break;
        case 'i': KW("mport", TK_IMPORT); break;
        case 'r': KW("eturn", TK_RETURN); break;
        case 's': KW("witch", TK_SWITCH); break;
        case 'u': KW("int16", TK_UINT16); KW("int32", TK_UINT); KW("int64", TK_UINT64); break;
        }
        break;
    case 7:
        switch (w[0]) {
        case 'd': KW("efault", TK_DEFAULT); break;
        case 'f': KW("oreach", TK_FOREACH); KW("uncdef", TK_FUNCDEF); break;
        case 'p': KW("rivate", TK_PRIVATE); break;
        case 't': KW("ypedef", TK_TYPEDEF); break;
        }
        break;
    case 8:
        switch (w[0]) {
        case 'c': KW("ontinue", TK_CONTINUE); break;
        }
        break;
    case 9:
        switch (w[0]) {
        case 'i': KW("nterface", TK_INTERFACE); break;
        case 'n': KW("amespace", TK_NAMESPACE); break;
        case 'p': KW("rotected", TK_PROTECTED); break;
        }
        break;
    }
    return TK_IDENT;
}
#undef KW

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

/* Punctuation by maximal munch: a switch on the first byte, then the longest form that matches. */
static const uint8_t single_punct[256] = {
    [';'] = TK_SEMI, [','] = TK_COMMA, ['{'] = TK_LBRACE, ['}'] = TK_RBRACE, ['('] = TK_LPAREN,
    [')'] = TK_RPAREN, ['['] = TK_LBRACKET, [']'] = TK_RBRACKET, ['~'] = TK_BITNOT,
    ['@'] = TK_AT, ['?'] = TK_QUESTION,
};

/* The token is `len` bytes of kind k. */
#define PUNCT(len, k) return (*kind = (k), (size_t)(len))

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
    char c1 = n > 1 ? s[1] : 0, c2 = n > 2 ? s[2] : 0, c3 = n > 3 ? s[3] : 0;
    switch (s[0]) {
    case '>':
        if (c1 == '>') {
            if (c2 == '>') {
                if (c3 == '=') PUNCT(4, TK_USHR_ASSIGN);
                PUNCT(3, TK_USHR);
            }
            if (c2 == '=') PUNCT(3, TK_SHR_ASSIGN);
            PUNCT(2, TK_SHR);
        }
        if (c1 == '=') PUNCT(2, TK_GE);
        PUNCT(1, TK_GT);
    case '<':
        if (c1 == '<') {
            if (c2 == '=') PUNCT(3, TK_SHL_ASSIGN);
            PUNCT(2, TK_SHL);
        }
        if (c1 == '=') PUNCT(2, TK_LE);
        PUNCT(1, TK_LT);
    case '*':
        if (c1 == '*') {
            if (c2 == '=') PUNCT(3, TK_POW_ASSIGN);
            PUNCT(2, TK_STARSTAR);
        }
        if (c1 == '=') PUNCT(2, TK_MUL_ASSIGN);
        PUNCT(1, TK_STAR);
    case '+':
        if (c1 == '=') PUNCT(2, TK_ADD_ASSIGN);
        if (c1 == '+') PUNCT(2, TK_INC);
        PUNCT(1, TK_PLUS);
    case '-':
        if (c1 == '=') PUNCT(2, TK_SUB_ASSIGN);
        if (c1 == '-') PUNCT(2, TK_DEC);
        PUNCT(1, TK_MINUS);
    case '/':
        if (c1 == '=') PUNCT(2, TK_DIV_ASSIGN);
        PUNCT(1, TK_SLASH);
    case '%':
        if (c1 == '=') PUNCT(2, TK_MOD_ASSIGN);
        PUNCT(1, TK_PERCENT);
    case '=':
        if (c1 == '=') PUNCT(2, TK_EQ);
        PUNCT(1, TK_ASSIGN);
    case '!':
        if (c1 == '=') PUNCT(2, TK_NE);
        PUNCT(1, TK_NOT);
    case '|':
        if (c1 == '=') PUNCT(2, TK_OR_ASSIGN);
        if (c1 == '|') PUNCT(2, TK_OR);
        PUNCT(1, TK_BITOR);
    case '&':
        if (c1 == '=') PUNCT(2, TK_AND_ASSIGN);
        if (c1 == '&') PUNCT(2, TK_AND);
        PUNCT(1, TK_AMP);
    case '^':
        if (c1 == '=') PUNCT(2, TK_XOR_ASSIGN);
        if (c1 == '^') PUNCT(2, TK_XOR);
        PUNCT(1, TK_BITXOR);
    case ':':
        if (c1 == ':') PUNCT(2, TK_SCOPE);
        PUNCT(1, TK_COLON);
    case '.':
        if (c1 == '.' && c2 == '.' && o->ellipsis) PUNCT(3, TK_ELLIPSIS);
        PUNCT(1, TK_DOT);
    default:
        return 0;
    }
}
#undef PUNCT

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
        /* blanks and line breaks one at a time here, without a token (the commonest bytes) */
        unsigned char c = (unsigned char)src[pos];
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            pos++;
            if (c == '\n') {
                line++;
                line_start = pos;
            }
            eof_shift = 0;
            continue;
        }
        uint8_t kind;
        size_t l;
        if (is_alpha(c) || c == '_') {
            /* an ASCII identifier or keyword (the commonest token) */
            l = 1;
            while (l < len - pos && ident_char((unsigned char)src[pos + l], opt)) l++;
            kind = (uint8_t)lex_keyword(src + pos, l);
            if (kind == TK_FOREACH && opt->no_foreach) kind = TK_IDENT;
        } else {
            l = lex_scan_token(src + pos, len - pos, opt, &kind);
        }
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
