/* Resolving names for the features (symbols.h). */
#define _POSIX_C_SOURCE 200809L
#include "symbols.h"
#include "angelc_bind.h"
#include "text.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHAIN_MAX 16

static int row_of(const char *text, size_t offset)
{
    int row = 1;
    for (size_t i = 0; i < offset; i++) row += text[i] == '\n';
    return row;
}

as_function *sym_script_function(as_module *m, const char *name, const char *class_name, const char *section, int row)
{
    as_function *best = NULL;
    int best_distance = 0;
    int types = class_name ? as_module_type_count(m) : 1;   /* by_index is O(1); object_type_by_index is not */
    for (int t = 0; t < types; t++) {
        as_type *type = class_name ? as_module_type_by_index(m, t) : NULL;
        if (class_name && (!type || strcmp(as_type_name(type), class_name) != 0)) continue;
        int count = type ? as_type_method_count(type) + as_type_behaviour_count(type) + as_type_factory_count(type) : as_module_function_count(m);
        for (int i = 0; i < count; i++) {
            as_function *f;
            if (!type) f = as_module_function_by_index(m, i);
            else if (i < as_type_method_count(type)) f = as_type_method_by_index(type, i);
            else if (i < as_type_method_count(type) + as_type_behaviour_count(type)) f = as_type_behaviour_by_index(type, i - as_type_method_count(type), NULL);
            else f = as_type_factory_by_index(type, i - as_type_method_count(type) - as_type_behaviour_count(type));
            const char *fs = NULL;
            int frow = 0, fcol = 0;
            if (!f || as_function_declared_at(f, &fs, &frow, &fcol) < 0 || !fs || strcmp(fs, section) != 0) continue;
            const char *fname = as_function_name(f);
            if (!fname || (strcmp(fname, name) != 0 && !(type && name[0] == '~'))) continue;
            int d = abs(frow - row);
            if (!best || d < best_distance) {
                best = f;
                best_distance = d;
            }
        }
    }
    return best;
}

bool sym_context_init(sym_context *c, const lsp_doc *doc, size_t offset)
{
    outline *ol = outline_scan(doc->text, doc->len);
    if (!ol) return false;
    sym_context_init_outline(c, doc, offset, ol);
    c->borrowed_outline = false;
    return true;
}

bool sym_context_init_outline(sym_context *c, const lsp_doc *doc, size_t offset, outline *ol)
{
    memset(c, 0, sizeof *c);
    c->doc = doc;
    c->offset = offset;
    c->ol = ol;
    c->borrowed_outline = true;
    c->a = doc->good;
    if (c->a) {
        c->e = c->a->engine;
        c->m = c->a->module;
    }
    c->ol_fn = outline_function_at(c->ol, offset);
    if (c->ol_fn >= 0 && c->m) {
        const ol_symbol *f = &c->ol->symbols[c->ol_fn];
        const ol_symbol *parent = f->parent >= 0 ? &c->ol->symbols[f->parent] : NULL;
        const char *cls = parent && (parent->kind == OL_CLASS || parent->kind == OL_INTERFACE) ? parent->name : NULL;
        c->fn = sym_script_function(c->m, f->name, cls, doc->path, row_of(doc->text, f->name_start));
    }
    return true;
}

void sym_context_free(sym_context *c)
{
    if (!c->borrowed_outline) outline_free(c->ol);
    c->ol = NULL;
}

as_type *sym_type_of_id(as_engine *e, int type_id)
{
    if (!e || !(type_id & AS_TYPEID_MASK_OBJECT)) return NULL;
    return as_engine_type_by_id(e, type_id & ~(AS_TYPEID_OBJHANDLE | AS_TYPEID_HANDLETOCONST));
}

static as_type *class_of(const sym_context *c)
{
    return c->fn ? as_function_object_type(c->fn) : NULL;
}

static int local_index(const sym_context *c, const char *name)
{
    if (!c->fn) return -1;
    int n = as_function_var_count(c->fn);
    for (int i = 0; i < n; i++) {
        const char *vn = NULL;
        int tid;
        if (as_function_var(c->fn, i, &vn, &tid) >= 0 && vn && strcmp(vn, name) == 0) return i;
    }
    return -1;
}

static int property_index(const as_type *t, const char *name)
{
    int n = t ? as_type_property_count(t) : 0;
    for (int i = 0; i < n; i++) {
        const char *pn = NULL;
        if (as_type_property(t, i, &pn, NULL, NULL) >= 0 && pn && strcmp(pn, name) == 0) return i;
    }
    return -1;
}

/* The type of a name that starts a member chain (a variable), NULL if unknown. */
static as_type *type_of_name(sym_context *c, const char *name)
{
    if (!c->e) return NULL;
    if (strcmp(name, "this") == 0) return class_of(c);
    int tid = 0, i;
    if ((i = local_index(c, name)) >= 0) {
        const char *vn;
        as_function_var(c->fn, i, &vn, &tid);
        return sym_type_of_id(c->e, tid);
    }
    as_type *cls = class_of(c);
    if ((i = property_index(cls, name)) >= 0) {
        as_type_property(cls, i, NULL, &tid, NULL);
        return sym_type_of_id(c->e, tid);
    }
    if (c->m && (i = as_module_global_index_by_name(c->m, name)) >= 0) {
        as_module_global(c->m, i, NULL, NULL, &tid, NULL);
        return sym_type_of_id(c->e, tid);
    }
    if ((i = as_engine_global_property_index_by_name(c->e, name)) >= 0) {
        as_engine_global_property(c->e, i, NULL, NULL, &tid, NULL, NULL);
        return sym_type_of_id(c->e, tid);
    }
    return NULL;
}

static size_t skip_space_back(const char *t, size_t at)
{
    while (at > 0 && (t[at - 1] == ' ' || t[at - 1] == '\t' || t[at - 1] == '\r' || t[at - 1] == '\n')) at--;
    return at;
}

typedef struct link {
    char name[128];
    bool call;                   /* name(...) */
    int indexes;                 /* [..] after it */
} link;

/* The '(' or '[' matching the ')' or ']' at close, (size_t)-1 if none (strings are not skipped:
 * an approximation). */
static size_t matching_open(const char *t, size_t close)
{
    int depth = 0;
    for (size_t i = close + 1; i-- > 0;) {
        if (t[i] == ')' || t[i] == ']') depth++;
        else if ((t[i] == '(' || t[i] == '[') && --depth == 0) return i;
        else if (t[i] == ';' || t[i] == '{' || t[i] == '}') break;
    }
    return (size_t)-1;
}

/* The return type of the first function named name: a method of t, or (t NULL) a global
 * function or a method of the enclosing class. */
static as_type *call_type(sym_context *c, as_type *t, const char *name)
{
    as_function *f = NULL;
    as_type *cls = t ? t : class_of(c);
    if (cls) f = as_type_method_by_name(cls, name);
    if (!f && !t && c->m) f = as_module_function_by_name(c->m, name);
    for (int i = 0; !f && !t && c->e && i < as_engine_function_count(c->e); i++) {
        as_function *g = as_engine_function_by_index(c->e, i);
        if (g && strcmp(as_function_name(g), name) == 0) f = g;
    }
    if (!f && !t) {
        /* a constructor call: Type(...) */
        as_type *type = NULL;
        if (c->m) type = as_module_type_by_name(c->m, name);
        if (!type && c->e) type = as_engine_type_by_name(c->e, name);
        return type;
    }
    return f ? sym_type_of_id(c->e, as_function_return_type_id(f, NULL)) : NULL;
}

static as_type *type_of_chain(sym_context *c, const link *chain, int count)
{
    if (!c->e) return NULL;
    as_type *type = NULL;
    for (int i = 0; i < count; i++) {
        if (chain[i].call) type = call_type(c, i ? type : NULL, chain[i].name);
        else if (i == 0) type = type_of_name(c, chain[i].name);
        else {
            int p = property_index(type, chain[i].name), tid = 0;
            as_function *getter = NULL;
            if (p >= 0) {
                as_type_property(type, p, NULL, &tid, NULL);
                type = sym_type_of_id(c->e, tid);
            } else {
                /* a virtual property: get_name() */
                char accessor[140];
                snprintf(accessor, sizeof accessor, "get_%s", chain[i].name);
                getter = type ? as_type_method_by_name(type, accessor) : NULL;
                type = getter ? sym_type_of_id(c->e, as_function_return_type_id(getter, NULL)) : NULL;
            }
        }
        for (int k = 0; k < chain[i].indexes && type; k++) {
            as_function *index = as_type_method_by_name(type, "opIndex");
            type = index ? sym_type_of_id(c->e, as_function_return_type_id(index, NULL)) : NULL;
        }
        if (!type) return NULL;
    }
    return type;
}

qual_kind sym_qualifier(sym_context *c, size_t offset, size_t *start, size_t *end, as_type **owner, char *scope, size_t scope_size)
{
    const char *t = c->doc->text;
    size_t len = c->doc->len;
    *owner = NULL;
    if (scope_size) scope[0] = 0;
    if (!text_word_at(t, len, offset, start, end)) *start = *end = offset > len ? len : offset;
    size_t at = skip_space_back(t, *start);
    if (at >= 2 && t[at - 1] == ':' && t[at - 2] == ':') {
        /* NAME::NAME::word: the whole scope */
        size_t scope_end = at - 2, s, e;
        size_t first = scope_end;
        while (text_word_at(t, len, skip_space_back(t, first), &s, &e) && e == skip_space_back(t, first)) {
            first = s;
            size_t before = skip_space_back(t, s);
            if (before >= 2 && t[before - 1] == ':' && t[before - 2] == ':') first = before - 2;
            else break;
        }
        /* copy without white space */
        size_t n = 0;
        for (size_t i = first; i < scope_end && n + 1 < scope_size; i++)
            if (t[i] != ' ' && t[i] != '\t' && t[i] != '\r' && t[i] != '\n') scope[n++] = t[i];
        if (scope_size) scope[n] = 0;
        return QUAL_SCOPE;
    }
    if (at >= 1 && t[at - 1] == '.' && !(at >= 2 && t[at - 2] >= '0' && t[at - 2] <= '9')) {
        /* a chain of names, calls and indexing: a.b().c[i].word */
        link chain[CHAIN_MAX];
        int count = 0;
        size_t dot = at - 1;
        for (;;) {
            size_t before = skip_space_back(t, dot), s, e;
            link l = {"", false, 0};
            /* trailing [..] and one (..), read backwards */
            while (before > 0 && t[before - 1] == ']' && l.indexes < 8) {
                size_t open = matching_open(t, before - 1);
                if (open == (size_t)-1) break;
                l.indexes++;
                before = skip_space_back(t, open);
            }
            if (before > 0 && t[before - 1] == ')') {
                size_t open = matching_open(t, before - 1);
                if (open != (size_t)-1) {
                    l.call = true;
                    before = skip_space_back(t, open);
                }
            }
            if (count == CHAIN_MAX || !text_word_at(t, len, before, &s, &e) || e != before || e - s >= sizeof l.name) {
                count = -1;   /* a cast, a literal, a parenthesised expression: not followed */
                break;
            }
            memcpy(l.name, t + s, e - s);
            l.name[e - s] = 0;
            memmove(chain + 1, chain, sizeof chain[0] * (size_t)count);
            chain[0] = l;
            count++;
            size_t prior = skip_space_back(t, s);
            if (prior >= 1 && t[prior - 1] == '.') dot = prior - 1;
            else break;
        }
        if (count > 0) *owner = type_of_chain(c, chain, count);
        return QUAL_MEMBER;
    }
    return QUAL_NONE;
}

static bool add(sym *out, int max, int *n, sym s)
{
    if (*n >= max) return false;
    out[(*n)++] = s;
    return true;
}

static bool ns_is(const char *ns, const char *want)
{
    return strcmp(ns ? ns : "", want ? want : "") == 0;
}

/* Types named name in scope (NULL: any), module first. */
static void add_types(sym_context *c, const char *name, const char *scope, sym *out, int max, int *n)
{
    if (c->m)
        for (int i = 0; i < as_module_type_count(c->m); i++) {
            as_type *t = as_module_type_by_index(c->m, i);
            if (t && strcmp(as_type_name(t), name) == 0 && (!scope || ns_is(as_type_namespace(t), scope)))
                add(out, max, n, (sym){SYM_TYPE, NULL, t, i, as_type_name(t)});
        }
    if (*n) return;
    for (int i = 0; c->e && i < as_engine_type_count(c->e); i++) {
        as_type *t = as_engine_type_by_index(c->e, i);
        if (t && strcmp(as_type_name(t), name) == 0 && (!scope || ns_is(as_type_namespace(t), scope)))
            add(out, max, n, (sym){SYM_TYPE, NULL, t, i, as_type_name(t)});
    }
}

static as_type *type_named(sym_context *c, const char *qualified)
{
    const char *colon = NULL;
    for (const char *p = qualified; (p = strstr(p, "::")); p += 2) colon = p;
    char ns[256] = "";
    const char *name = qualified;
    if (colon) {
        snprintf(ns, sizeof ns, "%.*s", (int)(colon - qualified), qualified);
        name = colon + 2;
    }
    sym found[1];
    int n = 0;
    add_types(c, name, colon ? ns : NULL, found, 1, &n);
    return n ? found[0].type : NULL;
}

static void add_members(as_type *t, const char *name, sym *out, int max, int *n)
{
    int before = *n;
    for (int i = 0; i < as_type_method_count(t); i++) {
        as_function *f = as_type_method_by_index(t, i);
        if (f && strcmp(as_function_name(f), name) == 0) add(out, max, n, (sym){SYM_METHOD, f, t, i, as_function_name(f)});
    }
    int p = property_index(t, name);
    if (p >= 0) {
        const char *pn;
        as_type_property(t, p, &pn, NULL, NULL);
        add(out, max, n, (sym){SYM_PROPERTY, NULL, t, p, pn});
    }
    /* the reflection may list only a class's own methods: look in its bases too */
    if (*n == before && as_type_base(t)) add_members(as_type_base(t), name, out, max, n);
}

static void add_enum_values(as_type *t, const char *name, sym *out, int max, int *n)
{
    for (int i = 0; i < as_type_enum_value_count(t); i++) {
        const char *vn = as_type_enum_value(t, i, NULL);
        if (vn && strcmp(vn, name) == 0) add(out, max, n, (sym){SYM_ENUM_VALUE, NULL, t, i, vn});
    }
}

/* Global functions, variables and types named name in namespace scope (NULL: any). */
static void add_globals(sym_context *c, const char *name, const char *scope, sym *out, int max, int *n)
{
    if (c->m) {
        for (int i = 0; i < as_module_function_count(c->m); i++) {
            as_function *f = as_module_function_by_index(c->m, i);
            if (f && strcmp(as_function_name(f), name) == 0 && (!scope || ns_is(as_function_namespace(f), scope)))
                add(out, max, n, (sym){SYM_FUNCTION, f, NULL, i, as_function_name(f)});
        }
        for (int i = 0; i < as_module_global_count(c->m); i++) {
            const char *gn = NULL, *gns = NULL;
            if (as_module_global(c->m, i, &gn, &gns, NULL, NULL) >= 0 && gn && strcmp(gn, name) == 0 && (!scope || ns_is(gns, scope)))
                add(out, max, n, (sym){SYM_GLOBAL, NULL, NULL, i, gn});
        }
    }
    if (c->e) {
        for (int i = 0; i < as_engine_function_count(c->e); i++) {
            as_function *f = as_engine_function_by_index(c->e, i);
            if (f && strcmp(as_function_name(f), name) == 0 && (!scope || ns_is(as_function_namespace(f), scope)))
                add(out, max, n, (sym){SYM_FUNCTION, f, NULL, i, as_function_name(f)});
        }
        for (int i = 0; i < as_engine_global_property_count(c->e); i++) {
            const char *gn = NULL, *gns = NULL;
            if (as_engine_global_property(c->e, i, &gn, &gns, NULL, NULL, NULL) >= 0 && gn && strcmp(gn, name) == 0 &&
                (!scope || ns_is(gns, scope)))
                add(out, max, n, (sym){SYM_ENGINE_GLOBAL, NULL, NULL, i, gn});
        }
    }
    add_types(c, name, scope, out, max, n);
}

int sym_resolve(sym_context *c, const char *name, qual_kind q, as_type *owner, const char *scope, sym *out, int max)
{
    int n = 0;
    if (!*name) return 0;
    if (q == QUAL_MEMBER) {
        if (owner) add_members(owner, name, out, max, &n);
        return n;
    }
    if (q == QUAL_SCOPE) {
        as_type *t = c->e ? type_named(c, scope) : NULL;
        if (t && (as_type_flags(t) & AS_OBJ_ENUM)) add_enum_values(t, name, out, max, &n);
        else if (t) add_members(t, name, out, max, &n);
        if (!n && c->e) add_globals(c, name, scope, out, max, &n);
        if (!n)
            for (int i = 0; i < c->ol->count; i++) {
                const ol_symbol *s = &c->ol->symbols[i];
                if (strcmp(s->name, name) == 0 && s->parent >= 0 && strcmp(c->ol->symbols[s->parent].name, scope) == 0)
                    add(out, max, &n, (sym){SYM_OUTLINE, NULL, NULL, i, s->name});
            }
        return n;
    }
    int i = local_index(c, name);
    if (i >= 0) {
        const char *vn;
        as_function_var(c->fn, i, &vn, NULL);
        add(out, max, &n, (sym){SYM_LOCAL, NULL, NULL, i, vn});
        return n;
    }
    if (strcmp(name, "this") == 0 && class_of(c)) {
        add(out, max, &n, (sym){SYM_TYPE, NULL, class_of(c), 0, as_type_name(class_of(c))});
        return n;
    }
    as_type *cls = class_of(c);
    if (cls) add_members(cls, name, out, max, &n);
    if (!n && c->e) add_globals(c, name, NULL, out, max, &n);
    if (!n && c->m)
        for (int k = 0; k < as_module_enum_count(c->m); k++) add_enum_values(as_module_enum_by_index(c->m, k), name, out, max, &n);
    if (!n)
        for (int k = 0; k < c->ol->count; k++)
            if (strcmp(c->ol->symbols[k].name, name) == 0) add(out, max, &n, (sym){SYM_OUTLINE, NULL, NULL, k, c->ol->symbols[k].name});
    return n;
}

/* ---------------------------------------------------------------------------- declarations */

static const char *type_word(const as_type *t)
{
    uint32_t f = as_type_flags(t);
    return f & AS_OBJ_ENUM ? "enum" : f & AS_OBJ_FUNCDEF ? "funcdef" : "class";
}

const char *sym_declaration(sym_context *c, const sym *s, char *buf, size_t size)
{
    const char *d = NULL;
    switch (s->kind) {
    case SYM_LOCAL: d = as_function_var_declaration(c->fn, s->index); break;
    case SYM_FUNCTION:
    case SYM_METHOD: d = as_function_declaration(s->fn, true, true, true); break;
    case SYM_GLOBAL: d = as_module_global_declaration(c->m, s->index, true); break;
    case SYM_ENGINE_GLOBAL: {
        const char *name = NULL, *ns = NULL;
        int tid = 0;
        bool is_const = false;
        as_engine_global_property(c->e, s->index, &name, &ns, &tid, &is_const, NULL);
        const char *td = as_engine_type_declaration(c->e, tid, true);
        snprintf(buf, size, "%s%s %s%s%s", is_const ? "const " : "", td ? td : "?", ns && *ns ? ns : "", ns && *ns ? "::" : "", name ? name : "");
        return buf;
    }
    case SYM_TYPE: {
        const char *ns = as_type_namespace(s->type);
        if (as_type_flags(s->type) & AS_OBJ_FUNCDEF) {
            as_function *sig = as_type_funcdef_signature(s->type);
            snprintf(buf, size, "funcdef %s", sig ? as_function_declaration(sig, false, true, false) : as_type_name(s->type));
            return buf;
        }
        as_type *base = as_type_base(s->type);
        snprintf(buf, size, "%s %s%s%s%s%s", type_word(s->type), ns && *ns ? ns : "", ns && *ns ? "::" : "", as_type_name(s->type),
                 base ? " : " : "", base ? as_type_name(base) : "");
        return buf;
    }
    case SYM_PROPERTY: d = as_type_property_declaration(s->type, s->index, true); break;
    case SYM_ENUM_VALUE: {
        int value = 0;
        const char *vn = as_type_enum_value(s->type, s->index, &value);
        snprintf(buf, size, "%s::%s = %d", as_type_name(s->type), vn ? vn : "", value);
        return buf;
    }
    case SYM_OUTLINE: d = c->ol->symbols[s->index].detail; break;
    default: break;
    }
    snprintf(buf, size, "%s", d ? d : s->name ? s->name : "");
    return buf;
}

/* The comment on the lines just above the line holding offset: `//` lines or a block comment. */
static const char *comment_above(const char *text, size_t offset, char *buf, size_t size)
{
    size_t line = offset;
    while (line > 0 && text[line - 1] != '\n') line--;
    size_t n = 0;
    buf[0] = 0;
    /* gather the comment's lines bottom-up into lines[], then join them top-down */
    size_t starts[64], ends[64];
    int count = 0;
    bool block = false;
    while (line > 0 && count < 64) {
        size_t prev_end = line - 1, prev = prev_end;
        while (prev > 0 && text[prev - 1] != '\n') prev--;
        size_t s = prev, e = prev_end;
        while (s < e && (text[s] == ' ' || text[s] == '\t')) s++;
        while (e > s && (text[e - 1] == ' ' || text[e - 1] == '\t' || text[e - 1] == '\r')) e--;
        if (!block && e - s >= 2 && text[s] == '/' && text[s + 1] == '/') {
            s += 2;
            while (s < e && (text[s] == '/' || text[s] == '!')) s++;
        } else if (!block && count == 0 && e - s >= 2 && text[e - 2] == '*' && text[e - 1] == '/') {
            block = true;
            e -= 2;
            if (e - s >= 2 && text[s] == '/' && text[s + 1] == '*') {
                s += 2;
                block = false;
                while (s < e && (text[s] == '*' || text[s] == '!')) s++;
                starts[count] = s;
                ends[count++] = e;
                break;
            }
        } else if (block) {
            bool opening = e - s >= 2 && text[s] == '/' && text[s + 1] == '*';
            if (opening) s += 2;
            while (s < e && (text[s] == '*' || text[s] == '!')) s++;
            starts[count] = s;
            ends[count++] = e;
            line = prev;
            if (opening) break;
            continue;
        } else break;
        starts[count] = s;
        ends[count++] = e;
        line = prev;
    }
    for (int i = count - 1; i >= 0; i--) {
        size_t s = starts[i], e = ends[i];
        if (s < e && text[s] == ' ') s++;
        if (s >= e && (n == 0 || i == 0)) continue;
        size_t k = e - s;
        if (n + k + 2 >= size) break;
        memcpy(buf + n, text + s, k);
        n += k;
        buf[n++] = '\n';
    }
    while (n > 0 && buf[n - 1] == '\n') n--;
    buf[n] = 0;
    return n ? buf : NULL;
}

const char *sym_documentation(sym_context *c, const sym *s, char *buf, size_t size)
{
    char name[512];
    const char *doc = NULL;
    switch (s->kind) {
    case SYM_FUNCTION:
    case SYM_METHOD: doc = as_bind_function_doc(s->fn); break;
    case SYM_TYPE: doc = as_bind_type_doc(s->type); break;
    case SYM_ENGINE_GLOBAL: {
        const char *gn = NULL, *ns = NULL;
        as_engine_global_property(c->e, s->index, &gn, &ns, NULL, NULL, NULL);
        snprintf(name, sizeof name, "%s%s%s", ns && *ns ? ns : "", ns && *ns ? "::" : "", gn ? gn : "");
        doc = as_bind_doc_of(c->e, name);
        break;
    }
    case SYM_PROPERTY:
    case SYM_ENUM_VALUE:
        snprintf(name, sizeof name, "%s::%s", as_type_name(s->type), s->name);
        doc = as_bind_doc_of(c->e, name);
        break;
    default: break;
    }
    if (doc) return doc;
    const char *section, *text;
    size_t len, start, end;
    if (s->kind == SYM_LOCAL || !sym_location(c, s, &section, &text, &len, &start, &end)) return NULL;
    return comment_above(text, start, buf, size);
}

/* ------------------------------------------------------------------------------- locations */

/* The name of a symbol in an outline of text that matches s. */
static int outline_match(const outline *o, const sym *s)
{
    for (int i = 0; i < o->count; i++) {
        const ol_symbol *os = &o->symbols[i];
        if (strcmp(os->name, s->name) != 0) continue;
        const char *parent = os->parent >= 0 ? o->symbols[os->parent].name : NULL;
        bool in_type = parent && o->symbols[os->parent].kind != OL_NAMESPACE;
        switch (s->kind) {
        case SYM_TYPE:
            if (os->kind == OL_CLASS || os->kind == OL_INTERFACE || os->kind == OL_ENUM || os->kind == OL_FUNCDEF || os->kind == OL_TYPEDEF) return i;
            break;
        case SYM_GLOBAL:
            if (os->kind == OL_VARIABLE && !in_type) return i;
            break;
        case SYM_FUNCTION:
            if ((os->kind == OL_FUNCTION || os->kind == OL_IMPORT) && !in_type) return i;
            break;
        case SYM_METHOD:
        case SYM_PROPERTY:
        case SYM_ENUM_VALUE:
            if (in_type && strcmp(parent, as_type_name(s->type)) == 0 &&
                (os->kind == OL_FUNCTION || os->kind == OL_PROPERTY || os->kind == OL_ENUM_VALUE))
                return i;
            break;
        default: break;
        }
    }
    return -1;
}

/* A local's declaration: the last `TYPE name` before the cursor in its function. */
static bool local_location(sym_context *c, const char *name, size_t *start, size_t *end)
{
    if (c->ol_fn < 0) return false;
    const char *t = c->doc->text;
    size_t at = c->ol->symbols[c->ol_fn].start, stop = c->offset;
    token prev = {TK_EOF, 0, 0}, cur = token_next(t, c->doc->len, &at);
    bool found = false;
    while (cur.kind != TK_EOF && cur.start < stop) {
        size_t peek_at = at;
        token next = token_next(t, c->doc->len, &peek_at);
        bool after_type = prev.kind == TK_IDENT || (prev.kind == TK_PUNCT && strchr(">@]&", t[prev.start]) && prev.end - prev.start == 1);
        bool before_end = next.kind == TK_PUNCT && strchr("=;,)(:", t[next.start]);
        if (cur.kind == TK_IDENT && token_is(t, cur, name) && after_type && before_end &&
            !(prev.kind == TK_IDENT && (token_is(t, prev, "return") || token_is(t, prev, "case")))) {
            *start = cur.start;
            *end = cur.end;
            found = true;
        }
        prev = cur;
        cur = token_next(t, c->doc->len, &at);
    }
    return found;
}

bool sym_location(sym_context *c, const sym *s, const char **section, const char **text, size_t *len, size_t *start, size_t *end)
{
    if (s->kind == SYM_LOCAL) {
        *section = c->doc->path;
        *text = c->doc->text;
        *len = c->doc->len;
        return local_location(c, s->name, start, end);
    }
    if (s->kind == SYM_OUTLINE) {
        const ol_symbol *os = &c->ol->symbols[s->index];
        *section = c->doc->path;
        *text = c->doc->text;
        *len = c->doc->len;
        *start = os->name_start;
        *end = os->name_end;
        return true;
    }
    /* registered symbols have no place in a script */
    if ((s->kind == SYM_FUNCTION || s->kind == SYM_METHOD) && !as_function_module(s->fn)) return false;
    if (s->kind == SYM_ENGINE_GLOBAL || s->kind == SYM_NAMESPACE || s->kind == SYM_KEYWORD || s->kind == SYM_NONE) return false;
    if (s->type && !as_type_module(s->type)) return false;
    /* the document's current text first, then the other files of the compile */
    const char *fn_section = NULL;
    int fn_row = 0, fn_col = 0;
    if (s->fn) as_function_declared_at(s->fn, &fn_section, &fn_row, &fn_col);
    if (!fn_section || strcmp(fn_section, c->doc->path) == 0) {
        int i = outline_match(c->ol, s);
        if (i >= 0) {
            *section = c->doc->path;
            *text = c->doc->text;
            *len = c->doc->len;
            *start = c->ol->symbols[i].name_start;
            *end = c->ol->symbols[i].name_end;
            return true;
        }
    }
    for (int k = 0; c->a && k < c->a->section_count; k++) {
        const lsp_section *sec = &c->a->sections[k];
        if (strcmp(sec->name, c->doc->path) == 0 || (fn_section && strcmp(fn_section, sec->name) != 0)) continue;
        outline *o = outline_scan(sec->text, sec->len);
        int i = o ? outline_match(o, s) : -1;
        if (i >= 0) {
            *section = sec->name;
            *text = sec->text;
            *len = sec->len;
            *start = o->symbols[i].name_start;
            *end = o->symbols[i].name_end;
        } else if (fn_section) {
            /* the compiler's line when the outline did not find it */
            *section = sec->name;
            *text = sec->text;
            *len = sec->len;
            *start = text_offset_of_row_col(sec->text, sec->len, fn_row, fn_col);
            *end = text_token_end(sec->text, sec->len, *start);
            i = 0;
        }
        outline_free(o);
        if (i >= 0) return true;
    }
    return false;
}
