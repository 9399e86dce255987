/* Registering an API dump on an engine (api.h). */
#define _POSIX_C_SOURCE 200809L
#include "api.h"
#include "documents.h"
#include "angelc_addons.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define API_FILE_MAX ((size_t)64 << 20)

typedef enum entry_kind {
    E_CLASS, E_INTERFACE, E_ENUM, E_ENUM_VALUE, E_FUNCDEF, E_TYPEDEF, E_CONSTRUCTOR, E_DESTRUCTOR, E_METHOD,
    E_PROPERTY, E_FUNCTION, E_GLOBAL,
} entry_kind;

typedef struct entry {
    entry_kind kind;
    char *ns;
    int owner;               /* the class, interface or enum of a member; -1 at namespace level */
    char *decl;              /* as in the dump, without ';' (a class's or enum's name with <T>) */
    int line;
    /* classes */
    bool value, is_template;
    int props;               /* properties: the value type's size and the offsets */
} entry;

struct lsp_api {
    entry *entries;
    int count;
    as_doc_entry *docs;
    int doc_count;
    char **strings;          /* the docs' texts and names, kept for as_document_registrations */
    int string_count;
};

static char *keep(lsp_api *api, char *s)
{
    if (!s) return NULL;
    char **grown = realloc(api->strings, (size_t)(api->string_count + 1) * sizeof *grown);
    if (!grown) {
        free(s);
        return NULL;
    }
    api->strings = grown;
    grown[api->string_count++] = s;
    return s;
}

static int add_entry(lsp_api *api, entry_kind kind, const char *ns, int owner, const char *decl, size_t n, int line)
{
    entry *grown = realloc(api->entries, (size_t)(api->count + 1) * sizeof *grown);
    if (!grown) return -1;
    api->entries = grown;
    entry *e = &grown[api->count];
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->ns = lsp_strdup_n(ns, strlen(ns));
    e->decl = lsp_strdup_n(decl, n);
    e->owner = owner;
    e->line = line;
    if (!e->ns || !e->decl) {
        free(e->ns);
        free(e->decl);
        return -1;
    }
    return api->count++;
}

/* The name a declaration declares: the identifier before its '(' (or its last one). */
static void declared_name(const char *decl, char *buf, size_t size)
{
    const char *end = strchr(decl, '(');
    if (!end) end = decl + strlen(decl);
    while (end > decl && (end[-1] == ' ' || end[-1] == '=' )) end--;
    const char *eq = NULL;
    if (!strchr(decl, '(') && (eq = strchr(decl, '=')) != NULL) {
        end = eq;
        while (end > decl && end[-1] == ' ') end--;
    }
    const char *start = end;
    while (start > decl && (start[-1] == '_' || (start[-1] >= 'a' && start[-1] <= 'z') || (start[-1] >= 'A' && start[-1] <= 'Z') ||
                            (start[-1] >= '0' && start[-1] <= '9') || start[-1] == '~'))
        start--;
    snprintf(buf, size, "%.*s", (int)(end - start), start);
}

/* The class name without template parameters. */
static void base_name(const char *decl, char *buf, size_t size)
{
    snprintf(buf, size, "%.*s", (int)strcspn(decl, "< "), decl);
}

static void add_doc(lsp_api *api, const char *ns, const char *owner, const char *name, const char *doc)
{
    if (!doc || !*name) return;
    size_t n = strlen(ns) + (owner ? strlen(owner) : 0) + strlen(name) + 8;
    char *key = malloc(n);
    if (!key) return;
    snprintf(key, n, "%s%s%s%s%s", ns, *ns ? "::" : "", owner ? owner : "", owner ? "::" : "", name);
    as_doc_entry *grown = realloc(api->docs, (size_t)(api->doc_count + 1) * sizeof *grown);
    if (!grown || !keep(api, key)) {
        if (!grown) free(key);
        return;
    }
    api->docs = grown;
    grown[api->doc_count].name = key;
    grown[api->doc_count++].doc = doc;
}

static bool starts_with(const char *s, const char *prefix) { return strncmp(s, prefix, strlen(prefix)) == 0; }

static bool parse(lsp_api *api, char *text)
{
    char ns[512] = "";
    int ns_depth = 0, open = -1;   /* open: the class, interface or enum being read */
    size_t doc_len = 0;
    char *doc = NULL;
    int line_no = 0;
    for (char *line = text; line && *line;) {
        char *next = strchr(line, '\n');
        if (next) *next++ = 0;
        line_no++;
        char *s = line, *e = line + strlen(line);
        while (*s == ' ' || *s == '\t') s++;
        while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r')) e--;
        *e = 0;
        line = next;
        if (!*s) continue;
        if (starts_with(s, "//")) {
            /* documentation for the declaration that follows */
            s += 2;
            if (*s == ' ') s++;
            size_t n = strlen(s);
            char *grown = realloc(doc, doc_len + n + 2);
            if (!grown) return false;
            doc = grown;
            if (doc_len) doc[doc_len++] = '\n';
            memcpy(doc + doc_len, s, n + 1);
            doc_len += n;
            continue;
        }
        const char *kept_doc = doc ? keep(api, doc) : NULL;
        doc = NULL;
        doc_len = 0;
        char name[256];
        if (strcmp(s, "}") == 0) {
            if (open >= 0) open = -1;
            else if (ns_depth > 0) {
                char *sep = strrchr(ns, ':');
                if (sep && sep > ns) sep[-1] = 0;
                else ns[0] = 0;
                ns_depth--;
            }
            continue;
        }
        if (open < 0 && starts_with(s, "namespace ") && e[-1] == '{') {
            size_t n = strlen(ns);
            snprintf(ns + n, sizeof ns - n, "%s%.*s", n ? "::" : "", (int)(e - 1 - (s + 10)), s + 10);
            for (size_t k = strlen(ns); k > 0 && ns[k - 1] == ' '; k--) ns[k - 1] = 0;
            ns_depth++;
            continue;
        }
        bool is_class = starts_with(s, "class "), is_intf = starts_with(s, "interface "), is_enum = starts_with(s, "enum ");
        if (open < 0 && (is_class || is_intf || is_enum) && e[-1] == '{') {
            const char *head = s + (is_class ? 6 : is_intf ? 10 : 5);
            const char *head_end = e - 1;
            while (head_end > head && head_end[-1] == ' ') head_end--;
            open = add_entry(api, is_class ? E_CLASS : is_intf ? E_INTERFACE : E_ENUM, ns, -1, head, (size_t)(head_end - head), line_no);
            if (open < 0) return false;
            api->entries[open].is_template = memchr(head, '<', (size_t)(head_end - head)) != NULL;
            base_name(api->entries[open].decl, name, sizeof name);
            add_doc(api, ns, NULL, name, kept_doc);
            continue;
        }
        if (open >= 0 && api->entries[open].kind == E_ENUM) {
            size_t n = strlen(s);
            if (n && s[n - 1] == ',') n--;
            if (add_entry(api, E_ENUM_VALUE, ns, open, s, n, line_no) < 0) return false;
            continue;
        }
        size_t n = strlen(s);
        if (n && s[n - 1] == ';') n--;
        s[n] = 0;
        entry_kind kind;
        char owner_name[256] = "";
        if (open >= 0) {
            base_name(api->entries[open].decl, owner_name, sizeof owner_name);
            size_t on = strlen(owner_name);
            if (starts_with(s, "funcdef ")) kind = E_FUNCDEF;   /* the type's own: array<T>::less */
            else if (s[0] == '~') kind = E_DESTRUCTOR;
            else if (strncmp(s, owner_name, on) == 0 && s[on] == '(') kind = E_CONSTRUCTOR;
            else kind = strchr(s, '(') ? E_METHOD : E_PROPERTY;
            if (kind == E_DESTRUCTOR) api->entries[open].value = true;
            if (kind == E_PROPERTY) api->entries[open].props++;
        } else if (starts_with(s, "funcdef ")) kind = E_FUNCDEF;
        else if (starts_with(s, "typedef ")) kind = E_TYPEDEF;
        else kind = strchr(s, '(') ? E_FUNCTION : E_GLOBAL;
        if (add_entry(api, kind, ns, open, s, n, line_no) < 0) return false;
        declared_name(s, name, sizeof name);
        if (kind == E_CONSTRUCTOR) snprintf(name, sizeof name, "%s", owner_name);
        if (kind != E_DESTRUCTOR && kind != E_GLOBAL) add_doc(api, ns, open >= 0 ? owner_name : NULL, name, kept_doc);
    }
    free(doc);
    /* a class without a destructor is still a value type when something returns it by value */
    for (int i = 0; i < api->count; i++) {
        entry *c = &api->entries[i];
        if (c->kind != E_CLASS || c->value) continue;
        char name[256];
        size_t n = strlen(c->decl);
        snprintf(name, sizeof name, "%s", c->decl);
        for (int k = 0; k < api->count && !c->value; k++) {
            const char *d = api->entries[k].decl;
            if (api->entries[k].kind != E_METHOD && api->entries[k].kind != E_FUNCTION) continue;
            if (strncmp(d, "const ", 6) == 0) d += 6;
            c->value = strncmp(d, name, n) == 0 && d[n] == ' ';
        }
    }
    return true;
}

/* `funcdef bool less(...)` in the body of `array<T>`: registered as `bool array<T>::less(...)`. */
static int register_child_funcdef(as_engine *e, const entry *en, const char *owner)
{
    const char *sig = en->decl + 8, *paren = strchr(sig, '(');
    if (!paren) return AS_INVALID_ARG;
    const char *name = paren;
    while (name > sig && (isalnum((unsigned char)name[-1]) || name[-1] == '_')) name--;
    char decl[1024];
    int n = snprintf(decl, sizeof decl, "%.*s%s::%s", (int)(name - sig), sig, owner, name);
    if (n < 0 || (size_t)n >= sizeof decl) return AS_INVALID_ARG;
    return as_register_funcdef(e, decl);
}

lsp_api *lsp_api_load(const char *path, const char **error)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        *error = "cannot open it";
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    char *text = malloc(cap);
    for (;;) {
        if (!text) break;
        size_t got = fread(text + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0) break;
        if (n + 1 == cap) {
            char *grown = cap < API_FILE_MAX ? realloc(text, cap * 2) : NULL;
            if (!grown) {
                free(text);
                text = NULL;
                break;
            }
            text = grown;
            cap *= 2;
        }
    }
    bool failed = ferror(f) || !text;
    fclose(f);
    if (failed) {
        free(text);
        *error = "cannot read it (or it is too large)";
        return NULL;
    }
    text[n] = 0;
    lsp_api *api = calloc(1, sizeof *api);
    if (!api || !parse(api, text)) {
        free(text);
        lsp_api_free(api);
        *error = "out of memory";
        return NULL;
    }
    free(text);
    return api;
}

void lsp_api_free(lsp_api *api)
{
    if (!api) return;
    for (int i = 0; i < api->count; i++) {
        free(api->entries[i].ns);
        free(api->entries[i].decl);
    }
    free(api->entries);
    for (int i = 0; i < api->string_count; i++) free(api->strings[i]);
    free(api->strings);
    free(api->docs);
    free(api);
}

/* ------------------------------------------------------------------------------ registering */

static void does_nothing(as_generic *g) { (void)g; }

/* Storage every registered global points at: scripts are compiled, never run, so it is never
 * read or written. */
static _Alignas(16) unsigned char no_storage[256];

static const void *string_constant(void *user, const char *data, unsigned len)
{
    (void)user;
    (void)data;
    (void)len;
    return no_storage;
}
static int string_release(void *user, const void *str)
{
    (void)user;
    (void)str;
    return 0;
}
static int string_raw(void *user, const void *str, char *data, unsigned *len)
{
    (void)user;
    (void)str;
    (void)data;
    *len = 0;
    return 0;
}
static const as_string_factory dummy_strings = {string_constant, string_release, string_raw, NULL};

/* "array<T>" as RegisterObjectType wants it: "array<class T>". */
static void registration_name(const char *decl, char *buf, size_t size)
{
    size_t n = 0;
    for (const char *p = decl; *p && n + 8 < size; p++) {
        buf[n++] = *p;
        if (*p == '<' || *p == ',') {
            while (p[1] == ' ') p++;
            memcpy(buf + n, "class ", 6);
            n += 6;
        }
    }
    buf[n] = 0;
}

static void fail(FILE *report, const entry *e, const char *what, int r)
{
    if (report) fprintf(report, "angelc lsp: API file line %d: %s '%s' could not be registered (%d)\n", e->line, what, e->decl, r);
}

static int register_types(const lsp_api *api, as_engine *e, FILE *report)
{
    int failures = 0;
    for (int i = 0; i < api->count; i++) {
        const entry *en = &api->entries[i];
        char name[512];
        int r = 0;
        as_engine_set_default_namespace(e, en->ns);
        if (en->kind == E_CLASS) {
            registration_name(en->decl, name, sizeof name);
            /* a value type without a destructor is plain data (as the engine requires) */
            bool has_destructor = false;
            for (int k = i + 1; k < api->count && api->entries[k].owner == i; k++) has_destructor |= api->entries[k].kind == E_DESTRUCTOR;
            uint32_t flags = en->value ? AS_OBJ_VALUE : AS_OBJ_REF | AS_OBJ_NOCOUNT;
            if (en->value && !has_destructor) flags |= AS_OBJ_POD;
            if (en->is_template) flags |= AS_OBJ_TEMPLATE;
            r = as_register_object_type(e, name, en->value ? 8 * (en->props + 2) : 0, flags);
        } else if (en->kind == E_INTERFACE) r = as_register_interface(e, en->decl);
        else if (en->kind == E_ENUM) r = as_register_enum(e, en->decl);
        if (r < 0) {
            fail(report, en, "the type", r);
            failures++;
        }
    }
    return failures;
}

static int register_member(const lsp_api *api, as_engine *e, const entry *en, int *offset)
{
    const entry *owner = &api->entries[en->owner];
    char decl[1200], base[256];
    base_name(owner->decl, base, sizeof base);
    const char *params = strchr(en->decl, '(');
    switch (en->kind) {
    case E_ENUM_VALUE: {
        char vn[256];
        declared_name(en->decl, vn, sizeof vn);
        const char *eq = strchr(en->decl, '=');
        return as_register_enum_value(e, owner->decl, vn, eq ? (int)strtol(eq + 1, NULL, 0) : 0);
    }
    case E_CONSTRUCTOR:
        if (owner->value) {
            snprintf(decl, sizeof decl, "void f%s", params);
            return as_register_object_behaviour(e, owner->decl, AS_BEHAVE_CONSTRUCT, decl, AS_FN(does_nothing), AS_CALL_GENERIC, NULL);
        }
        if (owner->is_template) {
            /* a template's factories take the instance's type first (the dump hides it) */
            bool none = strncmp(params, "()", 2) == 0;
            snprintf(decl, sizeof decl, "%s@ f(int&in%s%s", owner->decl, none ? "" : ", ", params + 1);
        } else snprintf(decl, sizeof decl, "%s@ f%s", owner->decl, params);
        return as_register_object_behaviour(e, owner->decl, AS_BEHAVE_FACTORY, decl, AS_FN(does_nothing), AS_CALL_GENERIC, NULL);
    case E_DESTRUCTOR:
        return as_register_object_behaviour(e, owner->decl, AS_BEHAVE_DESTRUCT, "void f()", AS_FN(does_nothing), AS_CALL_GENERIC, NULL);
    case E_METHOD:
        if (owner->kind == E_INTERFACE) return as_register_interface_method(e, owner->decl, en->decl);
        return as_register_object_method(e, owner->decl, en->decl, AS_FN(does_nothing), AS_CALL_GENERIC, NULL);
    case E_PROPERTY: {
        int r = as_register_object_property(e, owner->decl, en->decl, *offset);
        *offset += 8;
        return r;
    }
    default: return 0;
    }
}

/* The initialisation lists of the standard add-ons' containers (list patterns are not in the dump). */
static void register_lists(as_engine *e)
{
    as_engine_set_default_namespace(e, "");
    if (as_engine_type_by_name(e, "array"))
        as_register_object_behaviour(e, "array<T>", AS_BEHAVE_LIST_FACTORY, "array<T>@ f(int&in, int&in) {repeat T}",
                                     AS_FN(does_nothing), AS_CALL_GENERIC, NULL);
    if (as_engine_type_by_name(e, "grid"))
        as_register_object_behaviour(e, "grid<T>", AS_BEHAVE_LIST_FACTORY, "grid<T>@ f(int&in, int&in) {repeat {repeat_same T}}",
                                     AS_FN(does_nothing), AS_CALL_GENERIC, NULL);
    if (as_engine_type_by_name(e, "dictionary"))
        as_register_object_behaviour(e, "dictionary", AS_BEHAVE_LIST_FACTORY, "dictionary@ f(int&in) {repeat {string, ?}}",
                                     AS_FN(does_nothing), AS_CALL_GENERIC, NULL);
}

static void quiet(const as_message *m, void *user)
{
    (void)m;
    (void)user;
}

int lsp_api_register(const lsp_api *api, as_engine *e, FILE *report)
{
    /* the engine's own words on a failed registration would repeat on every compile; the report
     * says it once (the server sets its message callback after this) */
    as_engine_set_message_callback(e, quiet, NULL);
    int failures = register_types(api, e, report);
    as_engine_set_default_namespace(e, "");
    if (as_engine_type_by_name(e, "array")) as_register_default_array_type(e, "array<T>");
    if (as_engine_type_by_name(e, "string")) as_register_string_factory(e, "string", &dummy_strings);
    /* funcdefs and typedefs name types; members and functions name both. Templates get their
     * members before anything names an instance (string's `string[]@ split()`), since an
     * instance made earlier would lack them. */
    for (int pass = 0; pass < 3; pass++) {
        int offset = 0, owner = -1;
        if (pass == 2) register_lists(e);
        for (int i = 0; i < api->count; i++) {
            const entry *en = &api->entries[i];
            bool early = en->kind == E_FUNCDEF || en->kind == E_TYPEDEF || en->kind == E_ENUM_VALUE;
            bool of_template = en->owner >= 0 && api->entries[en->owner].is_template;
            int wanted = early ? 0 : of_template ? 1 : 2;
            if (en->kind == E_CLASS || en->kind == E_INTERFACE || en->kind == E_ENUM || wanted != pass) continue;
            as_engine_set_default_namespace(e, en->ns);
            if (en->owner != owner) {
                owner = en->owner;
                offset = 0;
            }
            int r;
            if (en->kind == E_FUNCDEF && en->owner >= 0) r = register_child_funcdef(e, en, api->entries[en->owner].decl);
            else if (en->owner >= 0) r = register_member(api, e, en, &offset);
            else if (en->kind == E_FUNCDEF) r = as_register_funcdef(e, en->decl + 8);
            else if (en->kind == E_TYPEDEF) {
                /* typedef TYPE NAME */
                char type[128], name[128];
                r = sscanf(en->decl + 8, "%127s %127s", type, name) == 2 ? as_register_typedef(e, name, type) : AS_INVALID_ARG;
            } else if (en->kind == E_FUNCTION) r = as_register_global_function(e, en->decl, AS_FN(does_nothing), AS_CALL_GENERIC, NULL);
            else r = as_register_global_property(e, en->decl, no_storage);
            if (r < 0) {
                fail(report, en, "the declaration", r);
                failures++;
            }
        }
    }
    as_engine_set_default_namespace(e, "");
    if (api->doc_count) as_document_registrations(e, api->docs, (size_t)api->doc_count);
    return failures;
}
