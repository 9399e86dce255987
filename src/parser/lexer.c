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

typedef struct keyword { const char *word; uint8_t kind; } keyword;

static const keyword keywords[] = {
    {"and", TK_AND}, {"auto", TK_AUTO}, {"bool", TK_BOOL}, {"break", TK_BREAK},
    {"case", TK_CASE}, {"cast", TK_CAST}, {"catch", TK_CATCH}, {"class", TK_CLASS},
    {"const", TK_CONST}, {"continue", TK_CONTINUE}, {"default", TK_DEFAULT}, {"do", TK_DO},
    {"double", TK_DOUBLE_T}, {"else", TK_ELSE}, {"enum", TK_ENUM}, {"false", TK_FALSE},
    {"float", TK_FLOAT_T}, {"for", TK_FOR}, {"funcdef", TK_FUNCDEF}, {"if", TK_IF},
    {"import", TK_IMPORT}, {"in", TK_IN}, {"inout", TK_INOUT}, {"int", TK_INT_T},
    {"int8", TK_INT8}, {"int16", TK_INT16}, {"int32", TK_INT_T}, {"int64", TK_INT64},
    {"interface", TK_INTERFACE}, {"is", TK_IS}, {"mixin", TK_MIXIN},
    {"namespace", TK_NAMESPACE}, {"not", TK_NOT}, {"null", TK_NULL}, {"or", TK_OR},
    {"out", TK_OUT}, {"private", TK_PRIVATE}, {"protected", TK_PROTECTED},
    {"return", TK_RETURN}, {"switch", TK_SWITCH}, {"true", TK_TRUE}, {"try", TK_TRY},
    {"typedef", TK_TYPEDEF}, {"uint", TK_UINT}, {"uint8", TK_UINT8}, {"uint16", TK_UINT16},
    {"uint32", TK_UINT}, {"uint64", TK_UINT64}, {"void", TK_VOID}, {"while", TK_WHILE},
    {"xor", TK_XOR},
};

as_tok_kind lex_keyword(const char *word, size_t n)
{
    /* The longest keyword is "namespace"/"interface"/"protected" (9 bytes). */
    if (n < 2 || n > 9) return TK_IDENT;
    for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++) {
        const char *k = keywords[i].word;
        if (k[0] == word[0] && strlen(k) == n && memcmp(k, word, n) == 0)
            return (as_tok_kind)keywords[i].kind;
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

typedef struct punct { const char *text; uint8_t kind; } punct;

/* Longest first within each leading character, so the first match is maximal munch. */
static const punct puncts[] = {
    {">>>=", TK_USHR_ASSIGN}, {">>>", TK_USHR}, {">>=", TK_SHR_ASSIGN}, {">>", TK_SHR},
    {">=", TK_GE}, {">", TK_GT},
    {"<<=", TK_SHL_ASSIGN}, {"<<", TK_SHL}, {"<=", TK_LE}, {"<", TK_LT},
    {"**=", TK_POW_ASSIGN}, {"**", TK_STARSTAR}, {"*=", TK_MUL_ASSIGN}, {"*", TK_STAR},
    {"+=", TK_ADD_ASSIGN}, {"++", TK_INC}, {"+", TK_PLUS},
    {"-=", TK_SUB_ASSIGN}, {"--", TK_DEC}, {"-", TK_MINUS},
    {"/=", TK_DIV_ASSIGN}, {"/", TK_SLASH}, {"%=", TK_MOD_ASSIGN}, {"%", TK_PERCENT},
    {"==", TK_EQ}, {"=", TK_ASSIGN}, {"!=", TK_NE}, {"!", TK_NOT},
    {"|=", TK_OR_ASSIGN}, {"||", TK_OR}, {"|", TK_BITOR},
    {"&=", TK_AND_ASSIGN}, {"&&", TK_AND}, {"&", TK_AMP},
    {"^=", TK_XOR_ASSIGN}, {"^^", TK_XOR}, {"^", TK_BITXOR},
    {"::", TK_SCOPE}, {":", TK_COLON}, {"...", TK_ELLIPSIS}, {".", TK_DOT},
    {";", TK_SEMI}, {",", TK_COMMA}, {"{", TK_LBRACE}, {"}", TK_RBRACE}, {"(", TK_LPAREN},
    {")", TK_RPAREN}, {"[", TK_LBRACKET}, {"]", TK_RBRACKET}, {"~", TK_BITNOT},
    {"@", TK_AT}, {"?", TK_QUESTION},
};

static size_t scan_punct(const char *s, size_t n, const as_lex_options *o, uint8_t *kind)
{
    /* `!is` is one token unless an identifier continues right after it (`!isTrue`). */
    if (n >= 3 && s[0] == '!' && s[1] == 'i' && s[2] == 's' &&
        !(n > 3 && (is_alpha((unsigned char)s[3]) || is_digit((unsigned char)s[3]) || s[3] == '_'))) {
        *kind = TK_NOTIS;
        return 3;
    }
    for (size_t i = 0; i < sizeof puncts / sizeof puncts[0]; i++) {
        const char *t = puncts[i].text;
        if (t[0] != s[0]) continue;
        size_t tl = strlen(t);
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
static size_t scan_token(const char *s, size_t n, const as_lex_options *o, uint8_t *kind)
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
    int32_t line = 1;
    size_t line_start = 0, pos = 0;
    int32_t eof_shift = 0;
    while (pos < len) {
        uint8_t kind;
        size_t l = scan_token(src + pos, len - pos, opt, &kind);
        if (kind != TK_COUNT) {
            as_token t = {kind, (uint32_t)pos, (uint32_t)l, line, (int32_t)(pos - line_start + 1)};
            VEC_PUSH(*out, t);
        }
        /* The reference measures an unterminated heredoc one byte past the end of the
         * source, so the end of file it reports next is one column further right. */
        eof_shift = kind == TK_HEREDOC && memcmp(src + pos + l - 3, "\"\"\"", 3) != 0;
        track_lines(src, pos, pos + l, &line, &line_start);
        pos += l;
    }
    as_token eof = {TK_EOF, (uint32_t)len, 0, line, (int32_t)(len - line_start + 1) + eof_shift};
    VEC_PUSH(*out, eof);
    return true;
}
