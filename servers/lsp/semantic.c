/* Classifying a document's tokens for semantic highlighting (semantic.h). One pass over the
 * text; names are looked up in a hash table of the compile's globals built once per request (a
 * request on a 10,000-line file must not scan the engine's lists for every name), then in the
 * enclosing function's parameters and locals and its class's members. */
#define _POSIX_C_SOURCE 200809L
#include "semantic.h"
#include "analysis.h"
#include "name_table.h"
#include "server.h"
#include "symbols.h"
#include "text.h"
#include <stdlib.h>
#include <string.h>

const char *const semantic_type_names[SEM_TYPE_COUNT] = {
    "namespace", "type", "class", "enum", "interface", "parameter", "variable", "property", "enumMember",
    "function", "method", "keyword", "comment", "string", "number", "operator", "macro",
};
const char *const semantic_modifier_names[SEM_MODIFIER_COUNT] = {"declaration", "readonly", "defaultLibrary"};

/* Words that are keywords wherever they stand; the contextual ones (get, set, in, out, ...) are
 * keywords only where they name nothing. */
static const char *const contextual[] = {"abstract", "explicit", "external", "final", "from", "function", "get",
                                         "in", "inout", "out", "override", "property", "set", "shared"};

static bool is_contextual(const char *t, size_t n)
{
    for (size_t i = 0; i < sizeof contextual / sizeof *contextual; i++)
        if (strlen(contextual[i]) == n && memcmp(contextual[i], t, n) == 0) return true;
    return false;
}

static void add_cstr(name_table *t, const char *s, sem_type type, unsigned modifiers)
{
    if (s) table_add(t, s, strlen(s), type, modifiers);
}

/* Each part of a namespace path ("a::b" gives a and b). */
static void add_namespace(name_table *t, const char *ns)
{
    while (ns && *ns) {
        size_t n = strcspn(ns, ":");
        table_add(t, ns, n, SEM_NAMESPACE, 0);
        ns += n;
        while (*ns == ':') ns++;
    }
}

static sem_type type_class(const as_type *t)
{
    uint32_t f = as_type_flags(t);
    return f & AS_OBJ_ENUM ? SEM_ENUM : f & AS_OBJ_FUNCDEF ? SEM_TYPE : SEM_CLASS;
}

static void add_type(name_table *t, as_type *type, unsigned mods)
{
    if (!type) return;
    const char *name = as_type_name(type);
    if (name && !strchr(name, '<')) add_cstr(t, name, type_class(type), mods);
    add_namespace(t, as_type_namespace(type));
    /* unqualified enum values (`Fast` for Mode::Fast) */
    for (int i = 0; i < as_type_enum_value_count(type); i++) add_cstr(t, as_type_enum_value(type, i, NULL), SEM_ENUM_MEMBER, mods);
}

/* The compile's names: the module's before the engine's (a script may hide a registered name). */
static void add_compiled(name_table *t, as_engine *e, as_module *m)
{
    if (m) {
        for (int i = 0; i < as_module_type_count(m); i++) add_type(t, as_module_type_by_index(m, i), 0);
        for (int i = 0; i < as_module_function_count(m); i++) {
            as_function *f = as_module_function_by_index(m, i);
            if (!f) continue;
            add_cstr(t, as_function_name(f), SEM_FUNCTION, 0);
            add_namespace(t, as_function_namespace(f));
        }
        for (int i = 0; i < as_module_global_count(m); i++) {
            const char *name = NULL, *ns = NULL;
            bool is_const = false;
            if (as_module_global(m, i, &name, &ns, NULL, &is_const) < 0) continue;
            add_cstr(t, name, SEM_VARIABLE, is_const ? SEM_MOD_READONLY : 0);
            add_namespace(t, ns);
        }
        for (int i = 0; i < as_module_typedef_count(m); i++) {
            const char *name = NULL;
            if (as_module_typedef(m, i, &name, NULL, NULL) >= 0) add_cstr(t, name, SEM_TYPE, 0);
        }
    }
    if (!e) return;
    for (int i = 0; i < as_engine_type_count(e); i++) add_type(t, as_engine_type_by_index(e, i), SEM_MOD_DEFAULT_LIBRARY);
    for (int i = 0; i < as_engine_function_count(e); i++) {
        as_function *f = as_engine_function_by_index(e, i);
        if (!f) continue;
        add_cstr(t, as_function_name(f), SEM_FUNCTION, SEM_MOD_DEFAULT_LIBRARY);
        add_namespace(t, as_function_namespace(f));
    }
    for (int i = 0; i < as_engine_global_property_count(e); i++) {
        const char *name = NULL, *ns = NULL;
        bool is_const = false;
        if (as_engine_global_property(e, i, &name, &ns, NULL, &is_const, NULL) < 0) continue;
        add_cstr(t, name, SEM_VARIABLE, SEM_MOD_DEFAULT_LIBRARY | (is_const ? SEM_MOD_READONLY : 0));
        add_namespace(t, ns);
    }
}

/* What the outline's kind of declaration is as a token. */
static sem_type outline_type(const outline *o, const ol_symbol *s)
{
    bool member = s->parent >= 0 && (o->symbols[s->parent].kind == OL_CLASS || o->symbols[s->parent].kind == OL_INTERFACE);
    switch (s->kind) {
    case OL_NAMESPACE: return SEM_NAMESPACE;
    case OL_CLASS: return SEM_CLASS;
    case OL_INTERFACE: return SEM_INTERFACE;
    case OL_ENUM: return SEM_ENUM;
    case OL_ENUM_VALUE: return SEM_ENUM_MEMBER;
    case OL_FUNCTION: return member ? SEM_METHOD : SEM_FUNCTION;
    case OL_IMPORT: return SEM_FUNCTION;
    case OL_VARIABLE: return SEM_VARIABLE;
    case OL_PROPERTY: return SEM_PROPERTY;
    default: return SEM_TYPE;
    }
}

/* ------------------------------------------------------------------------------------ lexing */

typedef enum raw_kind { RAW_END, RAW_COMMENT, RAW_STRING, RAW_NUMBER, RAW_NAME, RAW_OPERATOR, RAW_DIRECTIVE, RAW_OTHER } raw_kind;

typedef struct raw {
    raw_kind kind;
    size_t start, end;
} raw;

static bool at_line_start(const char *t, size_t i)
{
    while (i > 0 && (t[i - 1] == ' ' || t[i - 1] == '\t')) i--;
    return i == 0 || t[i - 1] == '\n' || t[i - 1] == '\r';
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static raw lex(const char *t, size_t len, size_t *at)
{
    size_t i = *at;
    while (i < len && (t[i] == ' ' || t[i] == '\t' || t[i] == '\r' || t[i] == '\n')) i++;
    raw r = {RAW_END, i, i};
    if (i >= len) {
        *at = len;
        return r;
    }
    char c = t[i];
    if (c == '/' && i + 1 < len && t[i + 1] == '/') {
        r.kind = RAW_COMMENT;
        while (i < len && t[i] != '\n') i++;
    } else if (c == '/' && i + 1 < len && t[i + 1] == '*') {
        r.kind = RAW_COMMENT;
        i += 2;
        while (i < len && !(t[i] == '*' && i + 1 < len && t[i + 1] == '/')) i++;
        i = i + 2 <= len ? i + 2 : len;
    } else if (c == '#' && at_line_start(t, i)) {
        r.kind = RAW_DIRECTIVE;
        i++;
        while (i < len && text_is_ident_char(t[i])) i++;
    } else if (c == '"' && i + 2 < len && t[i + 1] == '"' && t[i + 2] == '"') {
        r.kind = RAW_STRING;
        i += 3;
        while (i < len && !(i + 2 < len && t[i] == '"' && t[i + 1] == '"' && t[i + 2] == '"')) i++;
        i = i + 3 <= len ? i + 3 : len;
    } else if (c == '"' || c == '\'') {
        r.kind = RAW_STRING;
        i++;
        while (i < len && t[i] != c && t[i] != '\n') i += t[i] == '\\' && i + 1 < len ? 2 : 1;
        if (i < len && t[i] == c) i++;
    } else if (is_digit(c) || (c == '.' && i + 1 < len && is_digit(t[i + 1]))) {
        r.kind = RAW_NUMBER;
        bool hex = c == '0' && i + 1 < len && (t[i + 1] == 'x' || t[i + 1] == 'X');
        while (i < len && (text_is_ident_char(t[i]) || t[i] == '.')) {
            /* an exponent's sign: 1e-5 */
            if (!hex && (t[i] == 'e' || t[i] == 'E') && i + 1 < len && (t[i + 1] == '-' || t[i + 1] == '+')) i++;
            i++;
        }
    } else if (text_is_ident_char(c)) {
        r.kind = RAW_NAME;
        while (i < len && text_is_ident_char(t[i])) i++;
    } else if (c == ':' && i + 1 < len && t[i + 1] == ':') {
        r.kind = RAW_OTHER;
        i += 2;
    } else if (strchr("+-*/%=<>!&|^~?:@", c)) {
        r.kind = RAW_OPERATOR;
        while (i < len && strchr("+-*/%=<>!&|^~?@", t[i]) && t[i] && !(t[i] == '/' && i + 1 < len && (t[i + 1] == '/' || t[i + 1] == '*')))
            i++;
        if (i == r.start) i++;
    } else {
        r.kind = RAW_OTHER;
        i++;
    }
    r.end = i < len ? i : len;
    *at = r.end;
    return r;
}

/* ------------------------------------------------------------------------------ classifying */

typedef struct classifier {
    const lsp_doc *doc;
    outline *ol;
    sym_context ctx;
    name_table compiled, declared;
    size_t *decl_starts;         /* the outline's name_start offsets, sorted, with their symbols */
    int *decl_symbols;
    int decl_count;
    size_t *line_starts;         /* for the compiler's rows of the outline's functions */
    int line_count;
    int fn;                      /* the outline function around the current token, -1 if none */
    int next_fn;                 /* the first outline symbol that may still hold a later token */
    as_function *compiled_fn;
} classifier;

static int row_of(const classifier *c, size_t offset)
{
    int lo = 0, hi = c->line_count - 1;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (c->line_starts[mid] <= offset) lo = mid;
        else hi = mid - 1;
    }
    return lo + 1;
}

static int declared_at(const classifier *c, size_t start)
{
    int lo = 0, hi = c->decl_count - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (c->decl_starts[mid] == start) return c->decl_symbols[mid];
        if (c->decl_starts[mid] < start) lo = mid + 1;
        else hi = mid - 1;
    }
    return -1;
}

static const outline *sort_outline;
static int by_name_start(const void *a, const void *b)
{
    size_t x = sort_outline->symbols[*(const int *)a].name_start, y = sort_outline->symbols[*(const int *)b].name_start;
    return x < y ? -1 : x > y;
}

static bool classifier_init(classifier *c, const lsp_doc *doc)
{
    memset(c, 0, sizeof *c);
    c->doc = doc;
    c->fn = -1;
    c->ol = outline_scan(doc->text, doc->len);
    if (!c->ol) return false;
    sym_context_init_outline(&c->ctx, doc, 0, c->ol);
    add_compiled(&c->compiled, c->ctx.e, c->ctx.m);
    for (int i = 0; i < c->ol->count; i++) {
        const ol_symbol *s = &c->ol->symbols[i];
        table_add(&c->declared, s->name, strlen(s->name), outline_type(c->ol, s), 0);
    }
    c->decl_count = c->ol->count;
    c->decl_starts = malloc(((size_t)c->decl_count + 1) * sizeof *c->decl_starts);
    c->decl_symbols = malloc(((size_t)c->decl_count + 1) * sizeof *c->decl_symbols);
    size_t lines = 1;
    for (size_t i = 0; i < doc->len; i++) lines += doc->text[i] == '\n';
    c->line_starts = malloc(lines * sizeof *c->line_starts);
    if (!c->decl_starts || !c->decl_symbols || !c->line_starts) return false;
    for (int i = 0; i < c->decl_count; i++) c->decl_symbols[i] = i;
    sort_outline = c->ol;
    qsort(c->decl_symbols, (size_t)c->decl_count, sizeof *c->decl_symbols, by_name_start);
    for (int i = 0; i < c->decl_count; i++) c->decl_starts[i] = c->ol->symbols[c->decl_symbols[i]].name_start;
    c->line_starts[c->line_count++] = 0;
    for (size_t i = 0; i < doc->len; i++)
        if (doc->text[i] == '\n') c->line_starts[c->line_count++] = i + 1;
    return true;
}

static void classifier_free(classifier *c)
{
    if (c->ol) sym_context_free(&c->ctx);
    outline_free(c->ol);
    table_free(&c->compiled);
    table_free(&c->declared);
    free(c->decl_starts);
    free(c->decl_symbols);
    free(c->line_starts);
}

/* Moves to the outline function around offset (its declaration and body), and its compiled self.
 * Offsets only grow, so the functions (in text order, never nested) are walked once. */
static void enter_function_at(classifier *c, size_t offset)
{
    const outline *o = c->ol;
    while (c->next_fn < o->count) {
        const ol_symbol *s = &o->symbols[c->next_fn];
        if (s->kind == OL_FUNCTION && s->body_end > s->body_start && s->end > offset) break;
        c->next_fn++;
    }
    int found = -1;
    if (c->next_fn < o->count && o->symbols[c->next_fn].start <= offset) found = c->next_fn;
    if (found == c->fn) return;
    c->fn = found;
    c->compiled_fn = NULL;
    if (found >= 0 && c->ctx.m) {
        const ol_symbol *f = &o->symbols[found];
        const ol_symbol *parent = f->parent >= 0 ? &o->symbols[f->parent] : NULL;
        const char *cls = parent && (parent->kind == OL_CLASS || parent->kind == OL_INTERFACE) ? parent->name : NULL;
        c->compiled_fn = sym_script_function(c->ctx.m, f->name, cls, c->doc->path, row_of(c, f->name_start));
    }
    c->ctx.fn = c->compiled_fn;
    c->ctx.ol_fn = found;
}

/* A property or method of t (or its bases) named [s, s+n). */
static bool member_type(const as_type *t, const char *s, size_t n, sem_type *out)
{
    for (int depth = 0; t && depth < 32; depth++, t = as_type_base(t)) {
        for (int i = 0; i < as_type_property_count(t); i++) {
            const char *name = NULL;
            if (as_type_property(t, i, &name, NULL, NULL) >= 0 && name && strlen(name) == n && memcmp(name, s, n) == 0) {
                *out = SEM_PROPERTY;
                return true;
            }
        }
        for (int i = 0; i < as_type_method_count(t); i++) {
            as_function *f = as_type_method_by_index(t, i);
            const char *name = f ? as_function_name(f) : NULL;
            if (!name) continue;
            if (strlen(name) == n && memcmp(name, s, n) == 0) {
                *out = SEM_METHOD;
                return true;
            }
            /* a virtual property: get_x / set_x */
            if (strlen(name) == n + 4 && (memcmp(name, "get_", 4) == 0 || memcmp(name, "set_", 4) == 0) && memcmp(name + 4, s, n) == 0) {
                *out = SEM_PROPERTY;
                return true;
            }
        }
    }
    return false;
}

/* The enclosing function's parameter or local named [s, s+n). */
static bool local_type(const classifier *c, const char *s, size_t n, sem_type *out)
{
    const as_function *f = c->compiled_fn;
    if (!f) return false;
    int params = as_function_param_count(f), vars = as_function_var_count(f);
    for (int i = 0; i < vars; i++) {
        const char *name = NULL;
        if (as_function_var(f, i, &name, NULL) >= 0 && name && strlen(name) == n && memcmp(name, s, n) == 0) {
            *out = i < params ? SEM_PARAMETER : SEM_VARIABLE;
            return true;
        }
    }
    for (int i = 0; i < params; i++) {
        const char *name = NULL;
        if (as_function_param(f, i, NULL, NULL, &name) >= 0 && name && strlen(name) == n && memcmp(name, s, n) == 0) {
            *out = SEM_PARAMETER;
            return true;
        }
    }
    return false;
}

static sem_type sym_to_type(const sym *s, unsigned *mods)
{
    switch (s->kind) {
    case SYM_LOCAL: return SEM_VARIABLE;
    case SYM_FUNCTION:
        if (!as_function_module(s->fn)) *mods |= SEM_MOD_DEFAULT_LIBRARY;
        return SEM_FUNCTION;
    case SYM_METHOD: return SEM_METHOD;
    case SYM_ENGINE_GLOBAL: *mods |= SEM_MOD_DEFAULT_LIBRARY; return SEM_VARIABLE;
    case SYM_GLOBAL: return SEM_VARIABLE;
    case SYM_TYPE:
        if (!as_type_module(s->type)) *mods |= SEM_MOD_DEFAULT_LIBRARY;
        return type_class(s->type);
    case SYM_PROPERTY: return SEM_PROPERTY;
    case SYM_ENUM_VALUE: return SEM_ENUM_MEMBER;
    case SYM_NAMESPACE: return SEM_NAMESPACE;
    default: return SEM_TYPE_COUNT;
    }
}

/* The type of the name r, SEM_TYPE_COUNT if it is nothing known. prev and next: the tokens
 * around it. */
static sem_type classify_name(classifier *c, raw r, raw prev, raw next, unsigned *mods)
{
    const char *t = c->doc->text, *s = t + r.start;
    size_t n = r.end - r.start;
    char name[256];
    if (n >= sizeof name) return SEM_TYPE_COUNT;
    memcpy(name, s, n);
    name[n] = 0;
    int decl = declared_at(c, r.start);
    if (decl >= 0) {
        *mods |= SEM_MOD_DECLARATION;
        return outline_type(c->ol, &c->ol->symbols[decl]);
    }
    if (!is_contextual(s, n) && lsp_is_keyword(name)) return SEM_KEYWORD;
    enter_function_at(c, r.start);
    c->ctx.offset = r.start;
    bool after_dot = prev.kind == RAW_OTHER && t[prev.start] == '.' && prev.end - prev.start == 1;
    bool after_scope = prev.kind == RAW_OTHER && prev.end - prev.start == 2;
    bool before_scope = next.kind == RAW_OTHER && next.end - next.start == 2;
    bool before_call = next.kind == RAW_OTHER && t[next.start] == '(';
    sym found[4];
    sem_type type;
    if (after_dot) {
        size_t ws, we;
        as_type *owner = NULL;
        char scope[8];
        sym_qualifier(&c->ctx, r.start, &ws, &we, &owner, scope, sizeof scope);
        if (owner && member_type(owner, s, n, &type)) return type;
        return before_call ? SEM_METHOD : SEM_PROPERTY;   /* not known: as it reads */
    }
    if (after_scope && c->ctx.e) {
        size_t ws, we;
        as_type *owner = NULL;
        char scope[256];
        if (sym_qualifier(&c->ctx, r.start, &ws, &we, &owner, scope, sizeof scope) == QUAL_SCOPE && scope[0]) {
            int k = sym_resolve(&c->ctx, name, QUAL_SCOPE, NULL, scope, found, 4);
            if (k > 0 && found[0].kind != SYM_OUTLINE && (type = sym_to_type(&found[0], mods)) != SEM_TYPE_COUNT) return type;
        }
    }
    if (!after_scope && local_type(c, s, n, &type)) {
        /* a parameter's name in the function's own declaration */
        if (c->fn >= 0 && r.start < c->ol->symbols[c->fn].body_start) *mods |= SEM_MOD_DECLARATION;
        return type;
    }
    if (!after_scope && c->compiled_fn && member_type(as_function_object_type(c->compiled_fn), s, n, &type)) return type;
    name_entry *e = table_find(&c->compiled, s, n);
    if (e && before_scope && e->type != SEM_CLASS && e->type != SEM_ENUM && e->type != SEM_INTERFACE) e = NULL;
    if (!e) e = table_find(&c->declared, s, n);
    if (e) {
        /* a script interface reads as a class in the reflection; the outline knows better */
        name_entry *d = e->type == SEM_CLASS ? table_find(&c->declared, s, n) : NULL;
        *mods |= e->modifiers;
        return d && d->type == SEM_INTERFACE ? SEM_INTERFACE : (sem_type)e->type;
    }
    if (before_scope) return SEM_NAMESPACE;
    if (lsp_is_keyword(name)) return SEM_KEYWORD;
    return SEM_TYPE_COUNT;
}

static bool push(sem_token **list, int *count, int *cap, size_t start, size_t end, sem_type type, unsigned mods)
{
    if (*count == *cap) {
        int grown_cap = *cap ? *cap * 2 : 1024;
        sem_token *grown = realloc(*list, (size_t)grown_cap * sizeof *grown);
        if (!grown) return false;
        *list = grown;
        *cap = grown_cap;
    }
    (*list)[(*count)++] = (sem_token){start, end, type, mods};
    return true;
}

sem_token *semantic_classify(const lsp_doc *doc, int *count)
{
    *count = 0;
    classifier c;
    if (!classifier_init(&c, doc)) {
        classifier_free(&c);
        return NULL;
    }
    sem_token *list = NULL;
    int cap = 0;
    size_t at = 0;
    raw prev = {RAW_END, 0, 0}, cur = lex(doc->text, doc->len, &at);
    /* comments are left out of prev/next: a name's neighbours are code */
    while (cur.kind != RAW_END) {
        size_t peek = at;
        raw next = lex(doc->text, doc->len, &peek);
        while (next.kind == RAW_COMMENT) next = lex(doc->text, doc->len, &peek);
        sem_type type = SEM_TYPE_COUNT;
        unsigned mods = 0;
        switch (cur.kind) {
        case RAW_COMMENT: type = SEM_COMMENT; break;
        case RAW_STRING: type = SEM_STRING; break;
        case RAW_NUMBER: type = SEM_NUMBER; break;
        case RAW_OPERATOR: type = SEM_OPERATOR; break;
        case RAW_DIRECTIVE: type = SEM_MACRO; break;
        case RAW_NAME: type = classify_name(&c, cur, prev, next, &mods); break;
        default: break;
        }
        if (type != SEM_TYPE_COUNT && !push(&list, count, &cap, cur.start, cur.end, type, mods)) break;
        if (cur.kind != RAW_COMMENT) prev = cur;
        cur = lex(doc->text, doc->len, &at);
    }
    classifier_free(&c);
    return list;
}
