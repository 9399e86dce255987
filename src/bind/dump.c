/* Documentation attached to binds, and a listing of the whole registered API (text or JSON)
 * for editors and documentation generators. */
#include "bind_impl.h"
#include <string.h>

void as_bind_doc_function(as_function *f, const char *doc) { if (f) as_function_set_user_data(f, (void *)doc, BIND_DOC_KEY); }
void as_bind_doc_type(as_type *t, const char *doc) { if (t) as_type_set_user_data(t, (void *)doc, BIND_DOC_KEY); }
const char *as_bind_function_doc(const as_function *f) { return f ? as_function_get_user_data(f, BIND_DOC_KEY) : NULL; }
const char *as_bind_type_doc(const as_type *t) { return t ? as_type_get_user_data(t, BIND_DOC_KEY) : NULL; }

int as_bind_global_property(as_engine *e, const char *decl, void *address, const char *doc)
{
    int r = as_register_global_property(e, decl, address);
    if (r < 0 || !doc) return r;
    char key[400], name[128];
    snprintf(key, sizeof key, "global:%s::%s", as_engine_get_default_namespace(e), bind_decl_name(decl, name, sizeof name));
    bind_doc_set(e, key, doc);
    return r;
}

typedef struct dumper {
    as_engine *e;
    FILE *out;
    bool json;
    int items;          /* items written in the current JSON array */
} dumper;

static void json_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
        if (*p == '"' || *p == '\\') fprintf(out, "\\%c", *p);
        else if (*p == '\n') fputs("\\n", out);
        else if (*p == '\t') fputs("\\t", out);
        else if (*p < 0x20) fprintf(out, "\\u%04x", *p);
        else fputc(*p, out);
    }
    fputc('"', out);
}

/* One entry: a kind, a declaration and its documentation. */
static void item(dumper *d, int indent, const char *kind, const char *decl, const char *doc)
{
    if (d->json) {
        fprintf(d->out, "%s\n%*s{\"kind\": ", d->items++ ? "," : "", indent, "");
        json_string(d->out, kind);
        fputs(", \"decl\": ", d->out);
        json_string(d->out, decl);
        if (doc) {
            fputs(", \"doc\": ", d->out);
            json_string(d->out, doc);
        }
        fputc('}', d->out);
        return;
    }
    fprintf(d->out, "%*s%s %s\n", indent, "", kind, decl);
    if (doc) fprintf(d->out, "%*s    // %s\n", indent, "", doc);
}

static void dump_type(dumper *d, as_type *t)
{
    char decl[512];
    const char *name = as_type_name(t);
    const char *ns = as_type_namespace(t);
    uint32_t flags = as_type_flags(t);
    const char *kind = (flags & AS_OBJ_ENUM) ? "enum" : (flags & AS_OBJ_FUNCDEF) ? "funcdef" :
                       (flags & AS_OBJ_VALUE) ? "value" : "ref";
    if (flags & AS_OBJ_FUNCDEF) {
        as_function *sig = as_type_funcdef_signature(t);
        snprintf(decl, sizeof decl, "%s", sig ? as_function_declaration(sig, false, true, true) : name);
    } else if (ns && *ns) {
        snprintf(decl, sizeof decl, "%s::%s", ns, name);
    } else {
        snprintf(decl, sizeof decl, "%s", name);
    }
    if (d->json) {
        fprintf(d->out, "%s\n  {\"kind\": ", d->items++ ? "," : "");
        json_string(d->out, kind);
        fputs(", \"name\": ", d->out);
        json_string(d->out, decl);
        if (as_bind_type_doc(t)) {
            fputs(", \"doc\": ", d->out);
            json_string(d->out, as_bind_type_doc(t));
        }
        fputs(", \"members\": [", d->out);
    } else {
        fprintf(d->out, "%s %s\n", kind, decl);
        if (as_bind_type_doc(t)) fprintf(d->out, "    // %s\n", as_bind_type_doc(t));
    }
    int saved = d->items;
    d->items = 0;
    if (flags & AS_OBJ_ENUM) {
        for (int i = 0; i < as_type_enum_value_count(t); i++) {
            int v;
            const char *vn = as_type_enum_value(t, i, &v);
            snprintf(decl, sizeof decl, "%s = %d", vn ? vn : "?", v);
            item(d, 4, "value", decl, NULL);
        }
    }
    for (int i = 0; i < as_type_factory_count(t); i++) {
        as_function *f = as_type_factory_by_index(t, i);
        item(d, 4, (flags & AS_OBJ_REF) ? "factory" : "constructor", as_function_declaration(f, false, false, true), as_bind_function_doc(f));
    }
    for (int i = 0; i < as_type_property_count(t); i++) {
        const char *pn;
        int tid;
        if (as_type_property(t, i, &pn, &tid, NULL) < 0) continue;
        const char *tn = as_engine_type_declaration(d->e, tid, true);
        snprintf(decl, sizeof decl, "%s %s", tn ? tn : "?", pn);
        char key[600];
        snprintf(key, sizeof key, "prop:%s::%s", name, pn);
        item(d, 4, "property", decl, bind_doc_get(d->e, key));
    }
    for (int i = 0; i < as_type_method_count(t); i++) {
        as_function *m = as_type_method_by_index(t, i);
        item(d, 4, "method", as_function_declaration(m, false, false, true), as_bind_function_doc(m));
    }
    d->items = saved;
    if (d->json) fputs("]}", d->out);
}

int as_bind_dump(as_engine *e, FILE *out, as_bind_dump_format format)
{
    if (!e || !out) return AS_INVALID_ARG;
    dumper d = {e, out, format == AS_BIND_DUMP_JSON, 0};
    if (d.json) fputs("{\"types\": [", out);
    for (int i = 0; i < as_engine_type_count(e); i++) dump_type(&d, as_engine_type_by_index(e, i));
    if (d.json) fputs("\n],\n\"functions\": [", out);
    d.items = 0;
    for (int i = 0; i < as_engine_function_count(e); i++) {
        as_function *f = as_engine_function_by_index(e, i);
        item(&d, 2, "function", as_function_declaration(f, false, true, true), as_bind_function_doc(f));
    }
    if (d.json) fputs("\n],\n\"properties\": [", out);
    d.items = 0;
    for (int i = 0; i < as_engine_global_property_count(e); i++) {
        const char *name, *ns;
        int tid;
        bool is_const;
        if (as_engine_global_property(e, i, &name, &ns, &tid, &is_const, NULL) < 0) continue;
        const char *tn = as_engine_type_declaration(e, tid, true);
        char decl[512];
        snprintf(decl, sizeof decl, "%s%s %s%s%s", is_const ? "const " : "", tn ? tn : "?",
                 ns && *ns ? ns : "", ns && *ns ? "::" : "", name);
        char key[600];
        snprintf(key, sizeof key, "global:%s::%s", ns ? ns : "", name);
        item(&d, 2, "property", decl, bind_doc_get(e, key));
    }
    if (d.json) fputs("\n]}\n", out);
    return ferror(out) ? AS_ERROR : AS_SUCCESS;
}
