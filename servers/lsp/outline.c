/* The text outline of a script (outline.h): a tokenizer and a statement reader that knows
 * declarations from their shape, skipping function bodies and initialisers. */
#include "outline.h"
#include "text.h"
#include <stdlib.h>
#include <string.h>

#define STATEMENT_TOKENS_MAX 4096   /* longer declarations keep their first tokens only */
#define NESTING_MAX 64              /* deeper scopes are skipped, not recursed into */
#define DETAIL_MAX 300

/* ---------------------------------------------------------------------------------- tokens */

static bool at_line_start(const char *t, size_t at)
{
    while (at > 0 && (t[at - 1] == ' ' || t[at - 1] == '\t')) at--;
    return at == 0 || t[at - 1] == '\n';
}

token token_next(const char *t, size_t len, size_t *at)
{
    size_t i = *at;
    for (;;) {
        while (i < len && (t[i] == ' ' || t[i] == '\t' || t[i] == '\r' || t[i] == '\n')) i++;
        if (i + 1 < len && t[i] == '/' && t[i + 1] == '/') {
            while (i < len && t[i] != '\n') i++;
        } else if (i + 1 < len && t[i] == '/' && t[i + 1] == '*') {
            i += 2;
            while (i < len && !(t[i] == '*' && i + 1 < len && t[i + 1] == '/')) i++;
            i = i + 2 <= len ? i + 2 : len;
        } else if (i < len && t[i] == '#' && at_line_start(t, i)) {
            while (i < len && t[i] != '\n') i++;
        } else break;
    }
    token tk = {TK_EOF, i, i};
    if (i >= len) {
        *at = i;
        return tk;
    }
    char c = t[i];
    if (text_is_ident_char(c) && !(c >= '0' && c <= '9')) {
        tk.kind = TK_IDENT;
        while (i < len && text_is_ident_char(t[i])) i++;
    } else if (c >= '0' && c <= '9') {
        tk.kind = TK_NUMBER;
        while (i < len && (text_is_ident_char(t[i]) || t[i] == '.')) i++;
    } else if (c == '"' && i + 2 < len && t[i + 1] == '"' && t[i + 2] == '"') {
        tk.kind = TK_STRING;
        i += 3;
        while (i < len && !(i + 2 < len && t[i] == '"' && t[i + 1] == '"' && t[i + 2] == '"')) i++;
        i = i + 3 <= len ? i + 3 : len;
    } else if (c == '"' || c == '\'') {
        tk.kind = TK_STRING;
        i++;
        while (i < len && t[i] != c && t[i] != '\n') i += t[i] == '\\' && i + 1 < len ? 2 : 1;
        if (i < len && t[i] == c) i++;
    } else {
        tk.kind = TK_PUNCT;
        i += c == ':' && i + 1 < len && t[i + 1] == ':' ? 2 : 1;
    }
    tk.end = i < len ? i : len;
    *at = tk.end;
    return tk;
}

bool token_is(const char *text, token t, const char *s)
{
    size_t n = strlen(s);
    return t.end - t.start == n && memcmp(text + t.start, s, n) == 0;
}

/* ------------------------------------------------------------------------------ statements */

typedef struct scanner {
    const char *t;
    size_t len, at;
    outline *o;
    bool failed;
    token *toks;                 /* the statement being read */
    int ntoks, cap;
} scanner;

static bool punct(const scanner *sc, token tk, char c)
{
    return tk.kind == TK_PUNCT && tk.end - tk.start == 1 && sc->t[tk.start] == c;
}

/* Skips to just after the '}' matching an already read '{'; returns that '}''s end. */
static size_t skip_braces(scanner *sc)
{
    int depth = 1;
    for (;;) {
        token tk = token_next(sc->t, sc->len, &sc->at);
        if (tk.kind == TK_EOF) return sc->len;
        if (punct(sc, tk, '{')) depth++;
        else if (punct(sc, tk, '}') && --depth == 0) return tk.end;
    }
}

static char *detail_of(const scanner *sc, size_t from, size_t to)
{
    char *d = malloc(DETAIL_MAX + 4);
    if (!d) return NULL;
    size_t n = 0;
    bool space = false;
    for (size_t i = from; i < to && n < DETAIL_MAX; i++) {
        char c = sc->t[i];
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') space = n > 0;
        else {
            if (space) d[n++] = ' ';
            space = false;
            d[n++] = c;
        }
    }
    if (n >= DETAIL_MAX) {
        memcpy(d + n, "...", 3);
        n += 3;
    }
    d[n] = 0;
    return d;
}

static int add_symbol(scanner *sc, ol_kind kind, size_t name_start, size_t name_end, size_t start, size_t end,
                      size_t detail_end, int parent)
{
    outline *o = sc->o;
    ol_symbol *grown = realloc(o->symbols, (size_t)(o->count + 1) * sizeof *grown);
    if (!grown) {
        sc->failed = true;
        return -1;
    }
    o->symbols = grown;
    ol_symbol *s = &grown[o->count];
    memset(s, 0, sizeof *s);
    s->kind = kind;
    s->name = malloc(name_end - name_start + 1);
    s->detail = detail_of(sc, start, detail_end);
    if (!s->name || !s->detail) {
        free(s->name);
        free(s->detail);
        sc->failed = true;
        return -1;
    }
    memcpy(s->name, sc->t + name_start, name_end - name_start);
    s->name[name_end - name_start] = 0;
    s->start = start;
    s->end = end;
    s->name_start = name_start;
    s->name_end = name_end;
    s->parent = parent;
    return o->count++;
}

static void push_token(scanner *sc, token tk)
{
    if (sc->ntoks >= STATEMENT_TOKENS_MAX) return;
    if (sc->ntoks == sc->cap) {
        int cap = sc->cap ? sc->cap * 2 : 64;
        token *grown = realloc(sc->toks, (size_t)cap * sizeof *grown);
        if (!grown) {
            sc->failed = true;
            return;
        }
        sc->toks = grown;
        sc->cap = cap;
    }
    sc->toks[sc->ntoks++] = tk;
}

static void scan_scope(scanner *sc, int parent, ol_kind scope, int nesting);

static void scan_enum_values(scanner *sc, int parent)
{
    bool expect_name = true;
    int depth = 0;
    for (;;) {
        token tk = token_next(sc->t, sc->len, &sc->at);
        if (tk.kind == TK_EOF) return;
        if (punct(sc, tk, '(') || punct(sc, tk, '{')) depth++;
        else if (punct(sc, tk, ')')) depth--;
        else if (punct(sc, tk, '}')) {
            if (depth-- == 0) {
                sc->o->symbols[parent].end = tk.end;
                return;
            }
        } else if (depth == 0 && punct(sc, tk, ',')) expect_name = true;
        else if (depth == 0 && expect_name && tk.kind == TK_IDENT) {
            add_symbol(sc, OL_ENUM_VALUE, tk.start, tk.end, tk.start, tk.end, tk.end, parent);
            expect_name = false;
        }
    }
}

/* The variables a statement ending in ';' declares: the names before '=', ',', '(' or the end,
 * outside initialisers and template arguments. */
static void add_variables(scanner *sc, int n, size_t end, int parent, ol_kind kind)
{
    size_t start = sc->toks[0].start;
    int depth = 0, angle = 0;
    bool in_init = false;
    for (int i = 0; i <= n; i++) {
        bool last = i == n;
        token tk = last ? sc->toks[0] : sc->toks[i];
        token prev = i > 0 ? sc->toks[i - 1] : tk;
        bool name_here = false;
        if (!last && (punct(sc, tk, '(') || punct(sc, tk, '[') || punct(sc, tk, '{'))) {
            if (depth == 0 && !in_init && punct(sc, tk, '(')) {
                name_here = true;
                in_init = true;
            }
            depth++;
        } else if (!last && (punct(sc, tk, ')') || punct(sc, tk, ']') || punct(sc, tk, '}'))) depth--;
        else if (!last && depth == 0 && !in_init && punct(sc, tk, '<')) angle++;
        else if (!last && depth == 0 && !in_init && punct(sc, tk, '>')) angle--;
        else if (!last && depth == 0 && punct(sc, tk, '=')) {
            name_here = !in_init;
            in_init = true;
        } else if (!last && depth == 0 && angle <= 0 && punct(sc, tk, ',')) {
            name_here = !in_init;
            in_init = false;
        } else if (last) name_here = !in_init;
        if (name_here && i >= 2 && prev.kind == TK_IDENT)
            add_symbol(sc, kind, prev.start, prev.end, start, end, end, parent);
    }
}

/* One declaration whose tokens are sc->toks[0..n) and whose terminator is term (';' or '{'). */
static void declaration(scanner *sc, int n, token term, int parent, ol_kind scope, int nesting)
{
    token *tk = sc->toks;
    size_t start = tk[0].start;
    int keyword = -1, paren = -1, equals = -1;
    static const char *const keywords[] = {"namespace", "class", "interface", "enum", "funcdef", "typedef", "import"};
    for (int i = 0; i < n; i++) {
        if (paren < 0 && punct(sc, tk[i], '(')) paren = i;
        if (equals < 0 && punct(sc, tk[i], '=')) equals = i;
        for (int k = 0; keyword < 0 && paren < 0 && k < 7; k++)
            if (tk[i].kind == TK_IDENT && token_is(sc->t, tk[i], keywords[k])) keyword = k;
        if (keyword >= 0) break;
    }
    bool brace = punct(sc, term, '{');
    if (keyword >= 0 && keyword <= 3) {
        int at = -1;
        for (int i = 0; i < n; i++)
            if (tk[i].kind == TK_IDENT && token_is(sc->t, tk[i], keywords[keyword])) {
                at = i + 1;
                break;
            }
        /* namespace a::b: the last part names it */
        while (keyword == 0 && at >= 0 && at + 2 < n && token_is(sc->t, tk[at + 1], "::")) at += 2;
        if (at < 0 || at >= n || tk[at].kind != TK_IDENT) {
            if (brace) skip_braces(sc);
            return;
        }
        static const ol_kind kinds[] = {OL_NAMESPACE, OL_CLASS, OL_INTERFACE, OL_ENUM};
        int sym = add_symbol(sc, kinds[keyword], tk[at].start, tk[at].end, start, term.end, tk[n - 1].end, parent);
        if (sym < 0 || !brace) {
            if (brace) skip_braces(sc);
            return;
        }
        if (keyword == 3) scan_enum_values(sc, sym);
        else if (nesting >= NESTING_MAX) sc->o->symbols[sym].end = skip_braces(sc);
        else scan_scope(sc, sym, kinds[keyword], nesting + 1);
        return;
    }
    if (keyword >= 4 || (paren > 0 && (equals < 0 || paren < equals) && tk[paren - 1].kind == TK_IDENT &&
                         (brace || scope == OL_INTERFACE || token_is(sc->t, tk[0], "void") ||
                          token_is(sc->t, tk[0], "external")))) {
        /* a function, method, funcdef or import: named before its '(' (typedef: at the end) */
        int at = keyword == 5 ? n - 1 : paren - 1;
        if (at < 0 || tk[at].kind != TK_IDENT) {
            if (brace) skip_braces(sc);
            return;
        }
        size_t name_start = at > 0 && punct(sc, tk[at - 1], '~') ? tk[at - 1].start : tk[at].start;
        ol_kind kind = keyword == 4 ? OL_FUNCDEF : keyword == 5 ? OL_TYPEDEF : keyword == 6 ? OL_IMPORT : OL_FUNCTION;
        int sym = add_symbol(sc, kind, name_start, tk[at].end, start, term.end, tk[n - 1].end, parent);
        if (brace) {
            size_t end = skip_braces(sc);
            if (sym >= 0) {
                sc->o->symbols[sym].end = end;
                sc->o->symbols[sym].body_start = term.start;
                sc->o->symbols[sym].body_end = end;
            }
        }
        return;
    }
    ol_kind var_kind = scope == OL_CLASS || scope == OL_INTERFACE ? OL_PROPERTY : OL_VARIABLE;
    if (brace) {
        /* a virtual property: `int p { get {...} set {...} }` */
        size_t end = skip_braces(sc);
        if (tk[n - 1].kind == TK_IDENT && n >= 2) add_symbol(sc, var_kind, tk[n - 1].start, tk[n - 1].end, start, end, tk[n - 1].end, parent);
        return;
    }
    add_variables(sc, n, term.end, parent, var_kind);
}

/* Reads declarations up to the '}' closing the scope (or the end of the text). */
static void scan_scope(scanner *sc, int parent, ol_kind scope, int nesting)
{
    while (!sc->failed) {
        token first = token_next(sc->t, sc->len, &sc->at);
        if (first.kind == TK_EOF) {
            if (parent >= 0) sc->o->symbols[parent].end = sc->len;
            return;
        }
        if (punct(sc, first, '}')) {
            if (parent < 0) continue;   /* a stray '}' at file level */
            sc->o->symbols[parent].end = first.end;
            return;
        }
        if (punct(sc, first, ';')) continue;
        if (punct(sc, first, '[')) {
            /* metadata before a declaration */
            int depth = 1;
            while (depth > 0) {
                token tk = token_next(sc->t, sc->len, &sc->at);
                if (tk.kind == TK_EOF) break;
                if (punct(sc, tk, '[')) depth++;
                else if (punct(sc, tk, ']')) depth--;
            }
            continue;
        }
        sc->ntoks = 0;
        push_token(sc, first);
        int depth = punct(sc, first, '(') || punct(sc, first, '[') ? 1 : 0;
        bool after_equals = false;
        token term = {TK_EOF, sc->len, sc->len};
        for (;;) {
            token tk = token_next(sc->t, sc->len, &sc->at);
            if (tk.kind == TK_EOF) break;
            if (punct(sc, tk, '(') || punct(sc, tk, '[')) depth++;
            else if ((punct(sc, tk, ')') || punct(sc, tk, ']')) && depth > 0) depth--;
            else if (depth == 0 && punct(sc, tk, '=')) after_equals = true;
            else if (depth == 0 && punct(sc, tk, ';')) {
                term = tk;
                break;
            } else if (depth == 0 && punct(sc, tk, '{')) {
                if (!after_equals) {
                    term = tk;
                    break;
                }
                skip_braces(sc);   /* an initialisation list */
                continue;
            } else if (punct(sc, tk, '}')) {
                sc->at = tk.start;   /* the scope ends inside this statement */
                term = tk;
                term.end = tk.start;
                break;
            }
            push_token(sc, tk);
        }
        if (term.kind == TK_EOF || (punct(sc, term, '}'))) term = (token){TK_PUNCT, sc->toks[sc->ntoks - 1].end, sc->toks[sc->ntoks - 1].end};
        declaration(sc, sc->ntoks, term, parent, scope, nesting);
    }
}

outline *outline_scan(const char *text, size_t len)
{
    outline *o = calloc(1, sizeof *o);
    if (!o) return NULL;
    scanner sc = {text, len, 0, o, false, NULL, 0, 0};
    scan_scope(&sc, -1, OL_NAMESPACE, 0);
    free(sc.toks);
    if (sc.failed) {
        outline_free(o);
        return NULL;
    }
    return o;
}

void outline_free(outline *o)
{
    if (!o) return;
    for (int i = 0; i < o->count; i++) {
        free(o->symbols[i].name);
        free(o->symbols[i].detail);
    }
    free(o->symbols);
    free(o);
}

int outline_function_at(const outline *o, size_t offset)
{
    int best = -1;
    for (int i = 0; i < o->count; i++) {
        const ol_symbol *s = &o->symbols[i];
        if (s->kind == OL_FUNCTION && s->body_end > s->body_start && offset > s->body_start && offset < s->body_end) best = i;
    }
    return best;
}

void outline_qualified_name(const outline *o, int i, char *buf, size_t size)
{
    if (!size) return;
    buf[0] = 0;
    if (i < 0 || i >= o->count) return;
    if (o->symbols[i].parent >= 0) {
        outline_qualified_name(o, o->symbols[i].parent, buf, size);
        size_t n = strlen(buf);
        if (n + 2 < size) memcpy(buf + n, "::", 3);
    }
    size_t n = strlen(buf), m = strlen(o->symbols[i].name);
    if (n + m < size) memcpy(buf + n, o->symbols[i].name, m + 1);
}
