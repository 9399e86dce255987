/* The document features: documentSymbol from the text outline; hover, completion, definition
 * and signature help from the names resolved by symbols.h. Each answers null (or an empty list)
 * when it knows nothing, never an error, so a half-typed document is always answered. */
#define _POSIX_C_SOURCE 200809L
#include "server.h"
#include "angelc_bind.h"
#include "symbols.h"
#include "text.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RESOLVED_MAX 16
#define COMPLETION_MAX 2000

/* LSP SymbolKind and CompletionItemKind numbers */
enum { SK_NAMESPACE = 3, SK_CLASS = 5, SK_METHOD = 6, SK_PROPERTY = 7, SK_CONSTRUCTOR = 9, SK_ENUM = 10, SK_INTERFACE = 11,
       SK_FUNCTION = 12, SK_VARIABLE = 13, SK_ENUM_MEMBER = 22, SK_TYPE_PARAMETER = 26 };
enum { CK_METHOD = 2, CK_FUNCTION = 3, CK_FIELD = 5, CK_VARIABLE = 6, CK_CLASS = 7, CK_INTERFACE = 8, CK_MODULE = 9,
       CK_PROPERTY = 10, CK_ENUM = 13, CK_KEYWORD = 14, CK_ENUM_MEMBER = 20 };

static char *uri_of(const lsp_doc *doc, const char *section)
{
    if (strcmp(section, doc->path) == 0) return strdup(doc->uri);
    if (section[0] == '/') return path_to_uri(section);
    return strdup(section);
}

/* --------------------------------------------------------------------------- documentSymbol */

int outline_symbol_kind(const outline *o, const ol_symbol *s)
{
    const ol_symbol *parent = s->parent >= 0 ? &o->symbols[s->parent] : NULL;
    bool member = parent && (parent->kind == OL_CLASS || parent->kind == OL_INTERFACE);
    switch (s->kind) {
    case OL_NAMESPACE: return SK_NAMESPACE;
    case OL_CLASS: return SK_CLASS;
    case OL_INTERFACE: return SK_INTERFACE;
    case OL_ENUM: return SK_ENUM;
    case OL_ENUM_VALUE: return SK_ENUM_MEMBER;
    case OL_FUNCTION:
        if (member && (strcmp(s->name, parent->name) == 0 || s->name[0] == '~')) return SK_CONSTRUCTOR;
        return member ? SK_METHOD : SK_FUNCTION;
    case OL_VARIABLE: return SK_VARIABLE;
    case OL_PROPERTY: return SK_PROPERTY;
    case OL_IMPORT: return SK_FUNCTION;
    default: return SK_TYPE_PARAMETER;
    }
}

cJSON *feature_document_symbol(lsp_server *s, const cJSON *params, int *code, const char **message)
{
    lsp_doc *doc = params_document(s, params, code, message);
    if (!doc) return *code ? NULL : cJSON_CreateNull();
    outline *o = outline_scan(doc->text, doc->len);
    if (!o) return cJSON_CreateArray();
    cJSON *root = cJSON_CreateArray();
    cJSON **children = calloc((size_t)o->count + 1, sizeof *children);
    for (int i = 0; children && i < o->count; i++) {
        const ol_symbol *os = &o->symbols[i];
        cJSON *sym = cJSON_CreateObject();
        cJSON_AddStringToObject(sym, "name", os->name);
        cJSON_AddStringToObject(sym, "detail", os->detail);
        cJSON_AddNumberToObject(sym, "kind", outline_symbol_kind(o, os));
        size_t end = os->end > os->name_end ? os->end : os->name_end, start = os->start < os->name_start ? os->start : os->name_start;
        cJSON_AddItemToObject(sym, "range", json_range(s, doc->text, doc->len, start, end));
        cJSON_AddItemToObject(sym, "selectionRange", json_range(s, doc->text, doc->len, os->name_start, os->name_end));
        if (os->kind == OL_NAMESPACE || os->kind == OL_CLASS || os->kind == OL_INTERFACE || os->kind == OL_ENUM) {
            children[i] = cJSON_CreateArray();
            cJSON_AddItemToObject(sym, "children", children[i]);
        }
        cJSON *into = os->parent >= 0 && children[os->parent] ? children[os->parent] : root;
        cJSON_AddItemToArray(into, sym);
    }
    free(children);
    outline_free(o);
    return root;
}

/* ------------------------------------------------------------------------------------ hover */

/* The word at the cursor and its meanings; 0 if none. */
static int resolve_at(sym_context *c, size_t offset, sym *found, size_t *start, size_t *end)
{
    as_type *owner;
    char scope[256];
    qual_kind q = sym_qualifier(c, offset, start, end, &owner, scope, sizeof scope);
    if (*end == *start) return 0;
    char name[256];
    snprintf(name, sizeof name, "%.*s", (int)(*end - *start), c->doc->text + *start);
    return sym_resolve(c, name, q, owner, scope, found, RESOLVED_MAX);
}

/* What a request at a position works on: the document, the offset and the symbol context there.
 * REQ_OK with c set up (sym_context_free it); REQ_NO_DOC for a document not open, REQ_NO_CONTEXT
 * when no context could be made there (empty answers); REQ_BAD for a bad request (*code,
 * *message set: no answer but the error). */
enum { REQ_BAD = -1, REQ_NO_DOC = 0, REQ_NO_CONTEXT = 1, REQ_OK = 2 };

static int request_at(lsp_server *s, const cJSON *params, lsp_doc **doc, size_t *offset, sym_context *c, int *code,
                      const char **message)
{
    int found = params_document_position(s, params, doc, offset, code, message);
    if (found <= 0) return found < 0 ? REQ_BAD : REQ_NO_DOC;
    return sym_context_init(c, *doc, *offset) ? REQ_OK : REQ_NO_CONTEXT;
}

cJSON *feature_hover(lsp_server *s, const cJSON *params, int *code, const char **message)
{
    lsp_doc *doc;
    size_t offset;
    sym_context c;
    int r = request_at(s, params, &doc, &offset, &c, code, message);
    if (r != REQ_OK) return r == REQ_BAD ? NULL : cJSON_CreateNull();
    sym found[RESOLVED_MAX];
    size_t start, end;
    int n = resolve_at(&c, offset, found, &start, &end);
    if (n == 0) {
        sym_context_free(&c);
        return cJSON_CreateNull();
    }
    size_t cap = 8192, len = 0;
    char *md = malloc(cap), decl[1024], docbuf[2048];
    if (!md) {
        sym_context_free(&c);
        return cJSON_CreateNull();
    }
    len += (size_t)snprintf(md + len, cap - len, "```angelscript\n");
    for (int i = 0; i < n && len < cap - 1100; i++) {
        const char *d = sym_declaration(&c, &found[i], decl, sizeof decl);
        len += (size_t)snprintf(md + len, cap - len, "%s\n", d);
    }
    len += (size_t)snprintf(md + len, cap - len, "```");
    if (found[0].kind == SYM_PROPERTY && len < cap - 300)
        len += (size_t)snprintf(md + len, cap - len, "\n\nproperty of `%s`", as_type_name(found[0].type));
    if (found[0].kind == SYM_LOCAL && len < cap - 100) len += (size_t)snprintf(md + len, cap - len, "\n\nlocal variable");
    const char *docs = sym_documentation(&c, &found[0], docbuf, sizeof docbuf);
    if (docs && len < cap - 10) snprintf(md + len, cap - len, "\n\n%s", docs);
    cJSON *result = cJSON_CreateObject(), *contents = cJSON_CreateObject();
    cJSON_AddStringToObject(contents, "kind", "markdown");
    cJSON_AddStringToObject(contents, "value", md);
    cJSON_AddItemToObject(result, "contents", contents);
    cJSON_AddItemToObject(result, "range", json_range(s, doc->text, doc->len, start, end));
    free(md);
    sym_context_free(&c);
    return result;
}

/* ------------------------------------------------------------------------------- definition */

cJSON *feature_definition(lsp_server *s, const cJSON *params, int *code, const char **message)
{
    lsp_doc *doc;
    size_t offset;
    sym_context c;
    int r = request_at(s, params, &doc, &offset, &c, code, message);
    if (r != REQ_OK) return r == REQ_BAD ? NULL : cJSON_CreateNull();
    sym found[RESOLVED_MAX];
    size_t start, end;
    int n = resolve_at(&c, offset, found, &start, &end);
    cJSON *list = cJSON_CreateArray();
    for (int i = 0; i < n; i++) {
        const char *section, *text;
        size_t len, from, to;
        if (!sym_location(&c, &found[i], &section, &text, &len, &from, &to)) continue;
        char *uri = uri_of(doc, section);
        if (!uri) continue;
        cJSON *loc = cJSON_CreateObject();
        cJSON_AddStringToObject(loc, "uri", uri);
        cJSON_AddItemToObject(loc, "range", json_range(s, text, len, from, to));
        cJSON_AddItemToArray(list, loc);
        free(uri);
    }
    sym_context_free(&c);
    if (cJSON_GetArraySize(list) == 0) {
        cJSON_Delete(list);
        return cJSON_CreateNull();
    }
    return list;
}

/* ------------------------------------------------------------------------------- completion */

typedef struct items {
    cJSON *array;
    const char **labels;         /* for leaving out duplicates (overloads) */
    int count;
} items;

static void item(items *it, const char *label, int kind, const char *detail, const char *doc)
{
    if (!label || !*label || it->count >= COMPLETION_MAX || strchr(label, '$')) return;
    for (int i = 0; i < it->count; i++)
        if (strcmp(it->labels[i], label) == 0) return;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "label", label);
    cJSON_AddNumberToObject(o, "kind", kind);
    if (detail) cJSON_AddStringToObject(o, "detail", detail);
    if (doc) cJSON_AddStringToObject(o, "documentation", doc);
    cJSON_AddItemToArray(it->array, o);
    it->labels[it->count++] = cJSON_GetObjectItemCaseSensitive(o, "label")->valuestring;
}

static void type_members(items *it, as_type *t)
{
    for (int i = 0; i < as_type_method_count(t); i++) {
        as_function *f = as_type_method_by_index(t, i);
        if (!f || strncmp(as_function_name(f), "op", 2) == 0 || strncmp(as_function_name(f), "get_", 4) == 0 ||
            strncmp(as_function_name(f), "set_", 4) == 0)
            continue;
        item(it, as_function_name(f), CK_METHOD, as_function_declaration(f, false, false, true), as_bind_function_doc(f));
    }
    for (int i = 0; i < as_type_property_count(t); i++) {
        const char *name = NULL;
        if (as_type_property(t, i, &name, NULL, NULL) >= 0) item(it, name, CK_FIELD, as_type_property_declaration(t, i, false), NULL);
    }
    /* virtual properties: get_x/set_x accessors read as x */
    for (int i = 0; i < as_type_method_count(t); i++) {
        as_function *f = as_type_method_by_index(t, i);
        const char *name = f ? as_function_name(f) : NULL;
        if (name && (strncmp(name, "get_", 4) == 0 || strncmp(name, "set_", 4) == 0) && as_function_is_property(f))
            item(it, name + 4, CK_PROPERTY, as_function_declaration(f, false, false, true), NULL);
    }
}

static int type_kind(const as_type *t)
{
    uint32_t f = as_type_flags(t);
    return f & AS_OBJ_ENUM ? CK_ENUM : CK_CLASS;
}

static bool ns_is(const char *ns, const char *want)
{
    return strcmp(ns ? ns : "", want) == 0;
}

/* Functions, variables and types of namespace ns ("" for the global one), script then registered. */
static void namespace_members(items *it, sym_context *c, const char *ns)
{
    if (c->m) {
        for (int i = 0; i < as_module_function_count(c->m); i++) {
            as_function *f = as_module_function_by_index(c->m, i);
            if (f && ns_is(as_function_namespace(f), ns)) item(it, as_function_name(f), CK_FUNCTION, as_function_declaration(f, false, true, true), NULL);
        }
        for (int i = 0; i < as_module_global_count(c->m); i++) {
            const char *name = NULL, *gns = NULL;
            if (as_module_global(c->m, i, &name, &gns, NULL, NULL) >= 0 && ns_is(gns, ns))
                item(it, name, CK_VARIABLE, as_module_global_declaration(c->m, i, true), NULL);
        }
        for (int i = 0; i < as_module_type_count(c->m); i++) {
            as_type *t = as_module_type_by_index(c->m, i);
            if (t && ns_is(as_type_namespace(t), ns)) item(it, as_type_name(t), type_kind(t), NULL, NULL);
        }
    }
    if (!c->e) return;
    for (int i = 0; i < as_engine_function_count(c->e); i++) {
        as_function *f = as_engine_function_by_index(c->e, i);
        if (f && ns_is(as_function_namespace(f), ns))
            item(it, as_function_name(f), CK_FUNCTION, as_function_declaration(f, false, true, true), as_bind_function_doc(f));
    }
    for (int i = 0; i < as_engine_global_property_count(c->e); i++) {
        const char *name = NULL, *gns = NULL;
        int tid = 0;
        if (as_engine_global_property(c->e, i, &name, &gns, &tid, NULL, NULL) >= 0 && ns_is(gns, ns))
            item(it, name, CK_VARIABLE, as_engine_type_declaration(c->e, tid, true), NULL);
    }
    for (int i = 0; i < as_engine_type_count(c->e); i++) {
        as_type *t = as_engine_type_by_index(c->e, i);
        if (t && ns_is(as_type_namespace(t), ns) && !(as_type_flags(t) & AS_OBJ_TEMPLATE && strchr(as_type_name(t), '<')))
            item(it, as_type_name(t), type_kind(t), NULL, as_bind_type_doc(t));
    }
}

/* The first part of every namespace below ns that something is registered or declared in. */
static void namespace_names(items *it, sym_context *c)
{
    for (int i = 0; c->e && i < as_engine_function_count(c->e); i++) {
        as_function *f = as_engine_function_by_index(c->e, i);
        const char *ns = f ? as_function_namespace(f) : NULL;
        if (!ns || !*ns) continue;
        char first[128];
        snprintf(first, sizeof first, "%.*s", (int)strcspn(ns, ":"), ns);
        item(it, first, CK_MODULE, "namespace", NULL);
    }
    for (int i = 0; i < c->ol->count; i++)
        if (c->ol->symbols[i].kind == OL_NAMESPACE && c->ol->symbols[i].parent < 0) item(it, c->ol->symbols[i].name, CK_MODULE, "namespace", NULL);
}

static const char *const keywords[] = {
    "and", "abstract", "auto", "bool", "break", "case", "cast", "catch", "class", "const", "continue", "default", "do",
    "double", "else", "enum", "explicit", "external", "false", "final", "float", "for", "foreach", "funcdef", "function",
    "get", "if", "import", "in", "inout", "int", "interface", "int8", "int16", "int32", "int64", "is", "mixin", "namespace",
    "not", "null", "or", "out", "override", "private", "property", "protected", "return", "set", "shared", "super",
    "switch", "this", "true", "try", "typedef", "uint", "uint8", "uint16", "uint32", "uint64", "void", "while", "xor",
};

bool lsp_is_keyword(const char *name)
{
    for (size_t k = 0; k < sizeof keywords / sizeof *keywords; k++)
        if (strcmp(keywords[k], name) == 0) return true;
    return false;
}

static int outline_completion_kind(ol_kind k)
{
    switch (k) {
    case OL_NAMESPACE: return CK_MODULE;
    case OL_CLASS: return CK_CLASS;
    case OL_INTERFACE: return CK_INTERFACE;
    case OL_ENUM: return CK_ENUM;
    case OL_ENUM_VALUE: return CK_ENUM_MEMBER;
    case OL_FUNCTION:
    case OL_IMPORT: return CK_FUNCTION;
    case OL_PROPERTY: return CK_FIELD;
    default: return CK_VARIABLE;
    }
}

cJSON *feature_completion(lsp_server *s, const cJSON *params, int *code, const char **message)
{
    lsp_doc *doc;
    size_t offset;
    sym_context c;
    int r = request_at(s, params, &doc, &offset, &c, code, message);
    if (r != REQ_OK) return r == REQ_BAD ? NULL : r == REQ_NO_DOC ? cJSON_CreateNull() : cJSON_CreateArray();
    items it = {cJSON_CreateArray(), calloc(COMPLETION_MAX, sizeof(const char *)), 0};
    if (!it.labels) {
        sym_context_free(&c);
        return it.array;
    }
    size_t start, end;
    as_type *owner;
    char scope[256];
    qual_kind q = sym_qualifier(&c, offset, &start, &end, &owner, scope, sizeof scope);
    if (q == QUAL_MEMBER) {
        if (owner) type_members(&it, owner);
    } else if (q == QUAL_SCOPE) {
        sym found[RESOLVED_MAX];
        int n = 0;
        /* an enum's values, a class's members or a namespace's */
        if (c.e) {
            const char *last = scope;
            for (const char *p = scope; (p = strstr(p, "::")); p += 2) last = p + 2;
            n = sym_resolve(&c, last, QUAL_NONE, NULL, "", found, RESOLVED_MAX);
        }
        bool typed = false;
        for (int i = 0; i < n; i++)
            if (found[i].kind == SYM_TYPE) {
                typed = true;
                as_type *t = found[i].type;
                if (as_type_flags(t) & AS_OBJ_ENUM)
                    for (int k = 0; k < as_type_enum_value_count(t); k++) item(&it, as_type_enum_value(t, k, NULL), CK_ENUM_MEMBER, as_type_name(t), NULL);
                else type_members(&it, t);
            }
        if (!typed) namespace_members(&it, &c, scope);
        for (int i = 0; i < c.ol->count; i++) {
            const ol_symbol *os = &c.ol->symbols[i];
            if (os->parent >= 0 && strcmp(c.ol->symbols[os->parent].name, scope) == 0 && os->kind != OL_PROPERTY)
                item(&it, os->name, outline_completion_kind(os->kind), os->detail, NULL);
        }
    } else {
        if (c.fn)
            for (int i = 0; i < as_function_var_count(c.fn); i++) {
                const char *name = NULL;
                if (as_function_var(c.fn, i, &name, NULL) >= 0) item(&it, name, CK_VARIABLE, as_function_var_declaration(c.fn, i), NULL);
            }
        if (c.fn && as_function_object_type(c.fn)) type_members(&it, as_function_object_type(c.fn));
        namespace_members(&it, &c, "");
        namespace_names(&it, &c);
        /* what the text declares, also before it compiles */
        for (int i = 0; i < c.ol->count; i++) {
            const ol_symbol *os = &c.ol->symbols[i];
            if (os->parent < 0 && os->kind != OL_ENUM_VALUE) item(&it, os->name, outline_completion_kind(os->kind), os->detail, NULL);
        }
        for (size_t k = 0; k < sizeof keywords / sizeof *keywords; k++) item(&it, keywords[k], CK_KEYWORD, NULL, NULL);
    }
    free(it.labels);
    sym_context_free(&c);
    cJSON *list = cJSON_CreateObject();
    cJSON_AddBoolToObject(list, "isIncomplete", false);
    cJSON_AddItemToObject(list, "items", it.array);
    return list;
}

/* --------------------------------------------------------------------------- signature help */

/* The call the cursor is in: the offset of its '(' and the index of the argument. */
static bool open_call(sym_context *c, size_t offset, size_t *paren, int *argument)
{
    size_t at = c->ol_fn >= 0 ? c->ol->symbols[c->ol_fn].body_start : 0;
    size_t stack[64];
    int commas[64], depth = 0;
    for (;;) {
        token tk = token_next(c->doc->text, c->doc->len, &at);
        if (tk.kind == TK_EOF || tk.end > offset) break;
        if (tk.kind != TK_PUNCT) continue;
        char ch = c->doc->text[tk.start];
        if (ch == '(') {
            if (depth < 64) {
                stack[depth] = tk.start;
                commas[depth] = 0;
            }
            depth++;
        } else if (ch == ')' && depth > 0) depth--;
        else if (ch == ',' && depth > 0 && depth <= 64) commas[depth - 1]++;
        else if ((ch == ';' || ch == '{' || ch == '}') && tk.end - tk.start == 1) depth = 0;
    }
    if (depth == 0 || depth > 64) return false;
    *paren = stack[depth - 1];
    *argument = commas[depth - 1];
    return true;
}

cJSON *feature_signature_help(lsp_server *s, const cJSON *params, int *code, const char **message)
{
    lsp_doc *doc;
    size_t offset;
    sym_context c;
    int r = request_at(s, params, &doc, &offset, &c, code, message);
    if (r != REQ_OK) return r == REQ_BAD ? NULL : cJSON_CreateNull();
    size_t paren = 0;
    int argument = 0;
    sym found[RESOLVED_MAX];
    int n = 0;
    if (open_call(&c, offset, &paren, &argument)) {
        size_t name_end = paren;
        while (name_end > 0 && (doc->text[name_end - 1] == ' ' || doc->text[name_end - 1] == '\t')) name_end--;
        size_t start, end;
        n = resolve_at(&c, name_end, found, &start, &end);
    }
    cJSON *sigs = cJSON_CreateArray();
    int active = -1;
    for (int i = 0; i < n; i++) {
        if (found[i].kind != SYM_FUNCTION && found[i].kind != SYM_METHOD) continue;
        const char *label = as_function_declaration(found[i].fn, false, true, true);
        cJSON *sig = cJSON_CreateObject(), *ps = cJSON_CreateArray();
        cJSON_AddStringToObject(sig, "label", label);
        /* each parameter by its offsets in the label: top-level commas inside the parentheses */
        const char *open = strchr(label, '(');
        int nesting = 0;
        size_t from = open ? (size_t)(open - label) + 1 : 0;
        for (size_t k = from; open && label[k]; k++) {
            char ch = label[k];
            if (ch == '<' || ch == '(') nesting++;
            else if ((ch == '>' || ch == ')') && nesting > 0) nesting--;
            else if ((ch == ',' && nesting == 0) || (ch == ')' && nesting == 0)) {
                size_t a = from, b = k;
                while (a < b && label[a] == ' ') a++;
                if (b > a) {
                    cJSON *p = cJSON_CreateObject(), *range = cJSON_CreateArray();
                    cJSON_AddItemToArray(range, cJSON_CreateNumber((double)a));
                    cJSON_AddItemToArray(range, cJSON_CreateNumber((double)b));
                    cJSON_AddItemToObject(p, "label", range);
                    cJSON_AddItemToArray(ps, p);
                }
                from = k + 1;
                if (ch == ')') break;
            }
        }
        cJSON_AddItemToObject(sig, "parameters", ps);
        const char *d = as_bind_function_doc(found[i].fn);
        if (d) cJSON_AddStringToObject(sig, "documentation", d);
        if (active < 0 && as_function_param_count(found[i].fn) > argument) active = cJSON_GetArraySize(sigs);
        cJSON_AddItemToArray(sigs, sig);
    }
    sym_context_free(&c);
    if (cJSON_GetArraySize(sigs) == 0) {
        cJSON_Delete(sigs);
        return cJSON_CreateNull();
    }
    cJSON *help = cJSON_CreateObject();
    cJSON_AddItemToObject(help, "signatures", sigs);
    cJSON_AddNumberToObject(help, "activeSignature", active < 0 ? 0 : active);
    cJSON_AddNumberToObject(help, "activeParameter", argument);
    return help;
}
