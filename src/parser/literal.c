/* Literal values: integers, bits, reals, string escapes and heredoc trimming.
 *
 * String decoding mirrors the reference compiler (ProcessStringConstant) because scripts can
 * observe it: `\x` takes at most two hex digits and emits one raw byte, `\u`/`\U` emit UTF-8,
 * and malformed escapes only warn. Reals are the one place we deliberately differ: the
 * reference rounds some decimal literals wrongly, we use the C library's correctly rounded
 * strtod. */
#include "lexer.h"
#include "util/mem.h"
#include <stdlib.h>
#include <string.h>
#include <locale.h>

bool lex_int_value(const char *s, size_t n, uint64_t *out)
{
    uint64_t v = 0;
    bool ok = true;
    for (size_t i = 0; i < n && s[i] >= '0' && s[i] <= '9'; i++) {
        unsigned d = (unsigned)(s[i] - '0');
        if (v > (UINT64_MAX - d) / 10) ok = false;
        v = v * 10 + d;
    }
    *out = v;
    return ok;
}

static int hex_value(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

bool lex_bits_value(const char *s, size_t n, uint64_t *out)
{
    unsigned radix = 16;
    switch (n >= 2 ? s[1] : 'x') {
    case 'd': case 'D': radix = 10; break;
    case 'o': case 'O': radix = 8; break;
    case 'b': case 'B': radix = 2; break;
    default: break;
    }
    uint64_t v = 0;
    bool ok = true;
    for (size_t i = 2; i < n; i++) {
        int d = hex_value(s[i]);
        if (d < 0 || (unsigned)d >= radix) break;
        if (v > (UINT64_MAX - (unsigned)d) / radix) ok = false;
        v = v * radix + (unsigned)d;
    }
    *out = v;
    return ok;
}

double lex_real_value(const char *s, size_t n)
{
    if (n > 0 && (s[n - 1] == 'f' || s[n - 1] == 'F')) n--;
    /* strtod needs a terminated string and honours the locale's decimal point; rewrite '.'
     * so a host that called setlocale() still gets the right value. */
    char small[64];
    char *buf = n < sizeof small ? small : mem_alloc(n + 1);
    if (!buf) return 0.0;
    memcpy(buf, s, n);
    buf[n] = 0;
    const char *dp = localeconv()->decimal_point;
    if (dp && dp[0] && dp[0] != '.' && dp[1] == 0) {
        char *dot = memchr(buf, '.', n);
        if (dot) *dot = dp[0];
    }
    double v = strtod(buf, NULL);
    if (buf != small) mem_free(buf);
    return v;
}

/* ---- byte buffer ---- */

void lex_buf_push(lex_buf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 64;
        while (cap < b->len + n + 1) cap *= 2;
        char *p = mem_realloc(b->data, b->cap, cap);
        if (!p) {
            mem_fail();   /* the parser runs guarded: the build unwinds */
            return;
        }
        b->data = p;
        b->cap = cap;
    }
    if (n) memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = 0;
}

static void push_byte(lex_buf *b, unsigned char c)
{
    char ch = (char)c;
    lex_buf_push(b, &ch, 1);
}

static void push_utf8(lex_buf *b, uint32_t cp)
{
    unsigned char u[4];
    size_t n;
    if (cp < 0x80) { u[0] = (unsigned char)cp; n = 1; }
    else if (cp < 0x800) {
        u[0] = (unsigned char)(0xC0 | (cp >> 6));
        u[1] = (unsigned char)(0x80 | (cp & 0x3F));
        n = 2;
    } else if (cp < 0x10000) {
        u[0] = (unsigned char)(0xE0 | (cp >> 12));
        u[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        u[2] = (unsigned char)(0x80 | (cp & 0x3F));
        n = 3;
    } else {
        u[0] = (unsigned char)(0xF0 | (cp >> 18));
        u[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
        u[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        u[3] = (unsigned char)(0x80 | (cp & 0x3F));
        n = 4;
    }
    lex_buf_push(b, (const char *)u, n);
}

/* ---- string escapes ---- */

/* `\uHHHH` / `\UHHHHHHHH` starting at s[*i] == 'u'/'U'. Like the reference, a short sequence
 * warns and also swallows the byte that ended it. */
static void decode_unicode_escape(const char *s, size_t n, size_t *i, lex_buf *out,
                                  lex_warn_fn warn, void *user)
{
    int want = s[*i] == 'u' ? 4 : 8;
    uint32_t cp = 0;
    int got = 0;
    while (got < want) {
        if (*i + 1 >= n) break;
        int d = hex_value(s[*i + 1]);
        (*i)++;
        if (d < 0) break;
        cp = cp * 16 + (uint32_t)d;
        got++;
    }
    if (got != want) {
        if (warn) warn(user, want == 4 ? "Invalid unicode escape sequence, expected 4 hex digits"
                                       : "Invalid unicode escape sequence, expected 8 hex digits");
        return;
    }
    if ((cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) {
        if (warn) warn(user, "Invalid unicode code point");
        return;
    }
    push_utf8(out, cp);
}

/* `\xH[H]` starting at s[*i] == 'x': zero to two hex digits, one raw byte. */
static void decode_hex_escape(const char *s, size_t n, size_t *i, lex_buf *out)
{
    unsigned v = 0;
    int got = 0;
    while (got < 2 && *i + 1 < n && hex_value(s[*i + 1]) >= 0) {
        v = v * 16 + (unsigned)hex_value(s[*i + 1]);
        (*i)++;
        got++;
    }
    push_byte(out, (unsigned char)v);
}

void lex_decode_string(const char *s, size_t n, lex_buf *out, lex_warn_fn warn, void *user)
{
    /* Strip the quotes; a BADSTRING token has no closing one. */
    size_t end = n;
    if (n >= 2 && s[n - 1] == s[0]) end = n - 1;
    lex_buf_push(out, "", 0);
    size_t run = 1;
    for (size_t i = 1; i < end; i++) {
        if (s[i] != '\\') continue;
        lex_buf_push(out, s + run, i - run);
        if (++i >= end) { run = end; break; }
        switch (s[i]) {
        case '"': case '\'': case '\\': push_byte(out, (unsigned char)s[i]); break;
        case 'n': push_byte(out, '\n'); break;
        case 'r': push_byte(out, '\r'); break;
        case 't': push_byte(out, '\t'); break;
        case '0': push_byte(out, 0); break;
        case 'x': case 'X': decode_hex_escape(s, end, &i, out); break;
        case 'u': case 'U': decode_unicode_escape(s, end, &i, out, warn, user); break;
        default:
            if (warn) warn(user, "Invalid escape sequence");
            break;
        }
        run = i + 1;
    }
    if (run < end) lex_buf_push(out, s + run, end - run);
}

/* ---- heredoc ---- */

static bool is_line_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

void lex_decode_heredoc(const char *s, size_t n, int trim_mode, lex_buf *out)
{
    size_t from = n >= 3 ? 3 : n;
    size_t to = (n >= 6 && memcmp(s + n - 3, "\"\"\"", 3) == 0) ? n - 3 : n;
    const char *str = s + from;
    size_t len = to > from ? to - from : 0;

    /* The reference only treats the heredoc as multi-line when its first line holds nothing
     * but whitespace; only then (or in "always" mode) are both edge lines trimmed. */
    bool multiline = false;
    size_t start = 0;
    while (start < len) {
        if (str[start] == '\n') { multiline = true; start++; break; }
        if (!is_line_space(str[start])) { start = 0; break; }
        start++;
    }
    size_t end = len;
    for (size_t i = len; i > 0; i--) {
        char c = str[i - 1];
        if (c == '\n') { end = i; break; }
        if (!is_line_space(c)) { end = len; break; }
        if (i == 1) end = 0;
    }
    lex_buf_push(out, "", 0);
    if (trim_mode == 2 || (trim_mode == 1 && multiline)) {
        if (end > start) lex_buf_push(out, str + start, end - start);
    } else {
        lex_buf_push(out, str, len);
    }
}
