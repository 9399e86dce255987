/* References, rename (and prepareRename) and workspace symbols.
 *
 * An occurrence is an identifier token (comments, strings and preprocessor lines skipped) in one
 * of the sources: the analysed document and the files its last good compile included, then every
 * other open document (and its includes). Each occurrence gets keys naming what it means: a
 * declaration by the outline around it ("P:ns::Class::x"), any other name by what symbols.h
 * resolves it to. Keys are strings, not pointers, so that documents compiled separately (a file
 * and the one including it) compare; a local's key holds its function's identity, so a local
 * never matches a global or another function's local of the same name. Overloads share a key:
 * they are one name to rename. */
#define _POSIX_C_SOURCE 200809L
#include "server.h"
#include "symbols.h"
#include "text.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KEYS_MAX 16
#define KEY_SIZE 600
#define SOURCES_MAX 256

typedef struct source {
    const char *path;
    const char *text;
    size_t len;
    const lsp_analysis *a;       /* the compile its names resolve in, NULL if none */
} source;

typedef struct sources {
    source list[SOURCES_MAX];
    int count;
} sources;

static bool sources_have(const sources *ss, const char *path)
{
    for (int i = 0; i < ss->count; i++)
        if (strcmp(ss->list[i].path, path) == 0) return true;
    return false;
}

static void sources_add(sources *ss, const char *path, const char *text, size_t len, const lsp_analysis *a)
{
    if (ss->count >= SOURCES_MAX || sources_have(ss, path)) return;
    ss->list[ss->count++] = (source){path, text, len, a};
}

/* A document's current text and the other sections of its last good compile. */
static void sources_add_doc(sources *ss, const lsp_doc *doc)
{
    sources_add(ss, doc->path, doc->text, doc->len, doc->good);
    for (int k = 0; doc->good && k < doc->good->section_count; k++) {
        const lsp_section *sec = &doc->good->sections[k];
        if (*sec->name) sources_add(ss, sec->name, sec->text, sec->len, doc->good);
    }
}

/* first (if any), then every open document (its current text before any compile's copy of it), then
 * the files their compiles included */
static void sources_gather(sources *ss, lsp_server *s, const lsp_doc *first)
{
    ss->count = 0;
    if (first) sources_add_doc(ss, first);
    for (lsp_doc *d = s->docs.first; d; d = d->next) sources_add(ss, d->path, d->text, d->len, d->good);
    for (lsp_doc *d = s->docs.first; d; d = d->next) sources_add_doc(ss, d);
}

static char *source_uri(lsp_server *s, const char *path)
{
    lsp_doc *open = docs_find_path(&s->docs, path);
    if (open) return strdup(open->uri);
    if (path[0] == '/') return path_to_uri(path);
    return strdup(path);
}

/* ------------------------------------------------------------------------------------- keys */

static void qualified(char *buf, size_t size, const char *tag, const char *ns, const char *owner, const char *name)
{
    snprintf(buf, size, "%s:%s%s%s%s%s", tag, ns && *ns ? ns : "", ns && *ns ? "::" : "", owner ? owner : "", owner ? "::" : "", name ? name : "");
}

/* The key of outline symbol i: what a declaration declares. */
static void outline_key(const outline *o, int i, char *buf, size_t size)
{
    const ol_symbol *os = &o->symbols[i];
    const ol_symbol *parent = os->parent >= 0 ? &o->symbols[os->parent] : NULL;
    char q[512];
    if (parent && (parent->kind == OL_CLASS || parent->kind == OL_INTERFACE)) {
        outline_qualified_name(o, os->parent, q, sizeof q);
        /* a constructor is named by its class */
        if (os->kind == OL_FUNCTION && strcmp(os->name, parent->name) == 0) qualified(buf, size, "T", NULL, NULL, q);
        else if (os->kind == OL_FUNCTION) qualified(buf, size, "M", NULL, q, os->name);
        else if (os->kind == OL_PROPERTY || os->kind == OL_VARIABLE) qualified(buf, size, "P", NULL, q, os->name);
        else qualified(buf, size, "T", NULL, q, os->name);
        return;
    }
    if (parent && parent->kind == OL_ENUM) {
        outline_qualified_name(o, os->parent, q, sizeof q);
        qualified(buf, size, "E", NULL, q, os->name);
        return;
    }
    outline_qualified_name(o, i, q, sizeof q);
    const char *tag = "T";
    switch (os->kind) {
    case OL_NAMESPACE: tag = "N"; break;
    case OL_FUNCTION:
    case OL_IMPORT: tag = "F"; break;
    case OL_VARIABLE:
    case OL_PROPERTY: tag = "G"; break;
    default: break;
    }
    qualified(buf, size, tag, NULL, NULL, q);
}

static bool has_property(const as_type *t, const char *name)
{
    for (int i = 0; t && i < as_type_property_count(t); i++) {
        const char *pn = NULL;
        if (as_type_property(t, i, &pn, NULL, NULL) >= 0 && pn && strcmp(pn, name) == 0) return true;
    }
    return false;
}

static bool sym_key(sym_context *c, const sym *s, char *buf, size_t size)
{
    const char *name = NULL, *ns = NULL;
    switch (s->kind) {
    case SYM_LOCAL: snprintf(buf, size, "L:%p:%s", (void *)c->fn, s->name); return true;
    case SYM_FUNCTION: qualified(buf, size, "F", as_function_namespace(s->fn), NULL, as_function_name(s->fn)); return true;
    case SYM_METHOD: {
        /* an inherited method is its declaring class's */
        as_type *owner = as_function_object_type(s->fn) ? as_function_object_type(s->fn) : s->type;
        qualified(buf, size, "M", as_type_namespace(owner), as_type_name(owner), s->name);
        return true;
    }
    case SYM_GLOBAL:
        if (as_module_global(c->m, s->index, &name, &ns, NULL, NULL) < 0) return false;
        qualified(buf, size, "G", ns, NULL, name);
        return true;
    case SYM_ENGINE_GLOBAL:
        if (as_engine_global_property(c->e, s->index, &name, &ns, NULL, NULL, NULL) < 0) return false;
        qualified(buf, size, "G", ns, NULL, name);
        return true;
    case SYM_TYPE: qualified(buf, size, "T", as_type_namespace(s->type), NULL, as_type_name(s->type)); return true;
    case SYM_PROPERTY: {
        /* an inherited property is the base class's that declares it */
        as_type *owner = s->type;
        while (has_property(as_type_base(owner), s->name)) owner = as_type_base(owner);
        qualified(buf, size, "P", as_type_namespace(owner), as_type_name(owner), s->name);
        return true;
    }
    case SYM_ENUM_VALUE: qualified(buf, size, "E", as_type_namespace(s->type), as_type_name(s->type), s->name); return true;
    case SYM_OUTLINE: outline_key(c->ol, s->index, buf, size); return true;
    default: return false;
    }
}

/* Whether s is the host's (registered), not the script's. */
static bool sym_registered(const sym *s)
{
    if (s->kind == SYM_ENGINE_GLOBAL) return true;
    if ((s->kind == SYM_FUNCTION || s->kind == SYM_METHOD) && s->fn && !as_function_module(s->fn)) return true;
    if ((s->kind == SYM_TYPE || s->kind == SYM_PROPERTY || s->kind == SYM_ENUM_VALUE || s->kind == SYM_METHOD) && s->type &&
        !as_type_module(s->type))
        return true;
    return false;
}

typedef struct meaning {
    char keys[KEYS_MAX][KEY_SIZE];
    int count;
    bool registered;             /* one of the meanings is registered */
    bool declaration;            /* the occurrence declares it */
} meaning;

static void meaning_add(meaning *m, const char *key)
{
    for (int i = 0; i < m->count; i++)
        if (strcmp(m->keys[i], key) == 0) return;
    if (m->count < KEYS_MAX) snprintf(m->keys[m->count++], KEY_SIZE, "%s", key);
}

/* What the identifier [start, end) of src means; ol is src's outline. */
static void meaning_at(const source *src, outline *ol, size_t start, size_t end, meaning *m)
{
    m->count = 0;
    m->registered = m->declaration = false;
    char key[KEY_SIZE];
    for (int i = 0; i < ol->count; i++)
        if (ol->symbols[i].name_start == start && ol->symbols[i].name_end == end) {
            outline_key(ol, i, key, sizeof key);
            meaning_add(m, key);
            m->declaration = true;
            return;
        }
    lsp_doc fake = {0};
    fake.uri = (char *)"";
    fake.path = (char *)src->path;
    fake.text = (char *)src->text;
    fake.len = src->len;
    fake.good = (struct lsp_analysis *)src->a;
    /* a parameter is a local of the function whose parameter list holds it */
    size_t context_at = end;
    for (int i = 0; i < ol->count; i++) {
        const ol_symbol *os = &ol->symbols[i];
        if (os->kind == OL_FUNCTION && os->body_end > os->body_start && os->name_end <= start && end <= os->body_start) context_at = os->body_start + 1;
    }
    sym_context c;
    if (!sym_context_init_outline(&c, &fake, context_at, ol)) return;
    size_t s0, e0;
    as_type *owner;
    char scope[256], name[256];
    qual_kind q = sym_qualifier(&c, start, &s0, &e0, &owner, scope, sizeof scope);
    snprintf(name, sizeof name, "%.*s", (int)(end - start), src->text + start);
    sym found[KEYS_MAX];
    int n = sym_resolve(&c, name, q, owner, scope, found, KEYS_MAX);
    for (int i = 0; i < n; i++) {
        if (sym_registered(&found[i])) m->registered = true;
        if (!sym_key(&c, &found[i], key, sizeof key)) continue;
        meaning_add(m, key);
        const char *section, *text;
        size_t len, from, to;
        if (found[i].kind == SYM_LOCAL && sym_location(&c, &found[i], &section, &text, &len, &from, &to) && from == start) m->declaration = true;
    }
    sym_context_free(&c);
}

static bool meanings_meet(const meaning *a, const meaning *b)
{
    for (int i = 0; i < a->count; i++)
        for (int k = 0; k < b->count; k++)
            if (strcmp(a->keys[i], b->keys[k]) == 0) return true;
    return false;
}

/* ------------------------------------------------------------------------------ occurrences */

typedef struct target {
    lsp_doc *doc;
    size_t start, end;           /* the word at the cursor */
    char name[256];
    meaning what;
} target;

/* The word at the request's position and its meaning: 1, 0 if there is none (or the document is
 * not open), -1 with an error. */
static int target_at(lsp_server *s, const cJSON *params, target *t, int *code, const char **message)
{
    size_t offset;
    int found = params_document_position(s, params, &t->doc, &offset, code, message);
    if (found <= 0) return found;
    if (!text_word_at(t->doc->text, t->doc->len, offset, &t->start, &t->end) || t->end - t->start >= sizeof t->name) return 0;
    if (isdigit((unsigned char)t->doc->text[t->start])) return 0;
    snprintf(t->name, sizeof t->name, "%.*s", (int)(t->end - t->start), t->doc->text + t->start);
    outline *ol = outline_scan(t->doc->text, t->doc->len);
    if (!ol) return 0;
    source src = {t->doc->path, t->doc->text, t->doc->len, t->doc->good};
    meaning_at(&src, ol, t->start, t->end, &t->what);
    outline_free(ol);
    return t->what.count > 0;
}

/* Calls each(occurrence) for every occurrence of t's symbol. */
typedef void (*occurrence_fn)(lsp_server *s, const source *src, size_t start, size_t end, bool declaration, void *user);

static void each_occurrence(lsp_server *s, const target *t, occurrence_fn each, void *user)
{
    sources *ss = malloc(sizeof *ss);
    meaning *m = malloc(sizeof *m);
    if (!ss || !m) {
        free(ss);
        free(m);
        return;
    }
    sources_gather(ss, s, t->doc);
    for (int i = 0; i < ss->count; i++) {
        const source *src = &ss->list[i];
        outline *ol = outline_scan(src->text, src->len);
        if (!ol) continue;
        size_t at = 0;
        for (;;) {
            token tk = token_next(src->text, src->len, &at);
            if (tk.kind == TK_EOF) break;
            if (tk.kind != TK_IDENT || !token_is(src->text, tk, t->name)) continue;
            meaning_at(src, ol, tk.start, tk.end, m);
            if (meanings_meet(m, &t->what)) each(s, src, tk.start, tk.end, m->declaration, user);
        }
        outline_free(ol);
    }
    free(m);
    free(ss);
}

typedef struct reference_list {
    cJSON *list;
    bool include_declaration;
} reference_list;

static void add_reference(lsp_server *s, const source *src, size_t start, size_t end, bool declaration, void *user)
{
    reference_list *r = user;
    if (declaration && !r->include_declaration) return;
    char *uri = source_uri(s, src->path);
    if (!uri) return;
    cJSON *loc = cJSON_CreateObject();
    cJSON_AddStringToObject(loc, "uri", uri);
    cJSON_AddItemToObject(loc, "range", json_range(s, src->text, src->len, start, end));
    cJSON_AddItemToArray(r->list, loc);
    free(uri);
}

cJSON *feature_references(lsp_server *s, const cJSON *params, int *code, const char **message)
{
    target *t = calloc(1, sizeof *t);
    if (!t) return cJSON_CreateNull();
    int found = target_at(s, params, t, code, message);
    if (found < 0) {
        free(t);
        return NULL;
    }
    const cJSON *context = cJSON_GetObjectItemCaseSensitive(params, "context");
    const cJSON *include = cJSON_IsObject(context) ? cJSON_GetObjectItemCaseSensitive(context, "includeDeclaration") : NULL;
    reference_list r = {cJSON_CreateArray(), cJSON_IsTrue(include)};
    if (found > 0) each_occurrence(s, t, add_reference, &r);
    free(t);
    return r.list;
}

/* ----------------------------------------------------------------------------------- rename */

static bool is_identifier(const char *name)
{
    if (!name || !(isalpha((unsigned char)name[0]) || name[0] == '_')) return false;
    for (const char *p = name; *p; p++)
        if (!text_is_ident_char(*p)) return false;
    return strlen(name) < 256 && !lsp_is_keyword(name);
}

/* The renameable symbol at the position: 1, or 0/-1 with *code and *message set. */
static int rename_target(lsp_server *s, const cJSON *params, target *t, int *code, const char **message)
{
    int found = target_at(s, params, t, code, message);
    if (found < 0) return -1;
    *code = RPC_INVALID_PARAMS;
    if (!t->doc) *message = "the document is not open";
    else if (t->name[0] && lsp_is_keyword(t->name)) *message = "a keyword cannot be renamed";
    else if (found == 0) *message = "there is no symbol to rename here";
    else if (t->what.registered) *message = "the symbol is registered by the host, not declared in a script: it cannot be renamed";
    else {
        *code = 0;
        return 1;
    }
    return 0;
}

cJSON *feature_prepare_rename(lsp_server *s, const cJSON *params, int *code, const char **message)
{
    target *t = calloc(1, sizeof *t);
    if (!t) return cJSON_CreateNull();
    cJSON *result = NULL;
    if (rename_target(s, params, t, code, message) > 0) {
        result = cJSON_CreateObject();
        cJSON_AddItemToObject(result, "range", json_range(s, t->doc->text, t->doc->len, t->start, t->end));
        cJSON_AddStringToObject(result, "placeholder", t->name);
    }
    free(t);
    return result;
}

typedef struct edits {
    cJSON *changes;              /* uri -> TextEdit[] */
    const char *new_name;
} edits;

static void add_edit(lsp_server *s, const source *src, size_t start, size_t end, bool declaration, void *user)
{
    (void)declaration;
    edits *ed = user;
    char *uri = source_uri(s, src->path);
    if (!uri) return;
    cJSON *list = cJSON_GetObjectItemCaseSensitive(ed->changes, uri);
    if (!list) {
        list = cJSON_CreateArray();
        cJSON_AddItemToObject(ed->changes, uri, list);
    }
    cJSON *edit = cJSON_CreateObject();
    cJSON_AddItemToObject(edit, "range", json_range(s, src->text, src->len, start, end));
    cJSON_AddStringToObject(edit, "newText", ed->new_name);
    cJSON_AddItemToArray(list, edit);
    free(uri);
}

cJSON *feature_rename(lsp_server *s, const cJSON *params, int *code, const char **message)
{
    const cJSON *new_name = cJSON_IsObject(params) ? cJSON_GetObjectItemCaseSensitive(params, "newName") : NULL;
    if (!cJSON_IsString(new_name)) {
        *code = RPC_INVALID_PARAMS;
        *message = "newName is missing";
        return NULL;
    }
    if (!is_identifier(new_name->valuestring)) {
        *code = RPC_INVALID_PARAMS;
        *message = "the new name is not an identifier (or is a keyword)";
        return NULL;
    }
    target *t = calloc(1, sizeof *t);
    if (!t) return cJSON_CreateNull();
    cJSON *result = NULL;
    if (rename_target(s, params, t, code, message) > 0) {
        edits ed = {cJSON_CreateObject(), new_name->valuestring};
        each_occurrence(s, t, add_edit, &ed);
        result = cJSON_CreateObject();
        cJSON_AddItemToObject(result, "changes", ed.changes);
    }
    free(t);
    return result;
}

/* --------------------------------------------------------------------------- workspace symbol */

static bool contains_ignoring_case(const char *haystack, const char *needle)
{
    size_t n = strlen(needle);
    for (const char *h = haystack;; h++) {
        size_t k = 0;
        while (k < n && h[k] && tolower((unsigned char)h[k]) == tolower((unsigned char)needle[k])) k++;
        if (k == n) return true;
        if (!*h) return false;
    }
}

cJSON *feature_workspace_symbol(lsp_server *s, const cJSON *params, int *code, const char **message)
{
    const cJSON *query = cJSON_IsObject(params) ? cJSON_GetObjectItemCaseSensitive(params, "query") : NULL;
    if (!cJSON_IsString(query)) {
        *code = RPC_INVALID_PARAMS;
        *message = "query is missing";
        return NULL;
    }
    sources *ss = malloc(sizeof *ss);
    cJSON *list = cJSON_CreateArray();
    if (!ss) return list;
    sources_gather(ss, s, NULL);
    for (int i = 0; i < ss->count; i++) {
        const source *src = &ss->list[i];
        outline *ol = outline_scan(src->text, src->len);
        char *uri = ol ? source_uri(s, src->path) : NULL;
        for (int k = 0; uri && k < ol->count; k++) {
            const ol_symbol *os = &ol->symbols[k];
            if (!contains_ignoring_case(os->name, query->valuestring)) continue;
            cJSON *sym = cJSON_CreateObject(), *loc = cJSON_CreateObject();
            cJSON_AddStringToObject(sym, "name", os->name);
            cJSON_AddNumberToObject(sym, "kind", outline_symbol_kind(ol, os));
            cJSON_AddStringToObject(loc, "uri", uri);
            cJSON_AddItemToObject(loc, "range", json_range(s, src->text, src->len, os->name_start, os->name_end));
            cJSON_AddItemToObject(sym, "location", loc);
            if (os->parent >= 0) {
                char container[512];
                outline_qualified_name(ol, os->parent, container, sizeof container);
                cJSON_AddStringToObject(sym, "containerName", container);
            }
            cJSON_AddItemToArray(list, sym);
        }
        free(uri);
        outline_free(ol);
    }
    free(ss);
    return list;
}
