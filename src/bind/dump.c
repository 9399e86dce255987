/* The registered API, with its documentation, for editors: AngelScript declarations in the
 * as.predefined form that AngelScript language servers read, or the same as JSON. */
#include "bind_impl.h"
#include <string.h>

typedef struct dumper {
    as_engine *e;
    FILE *out;
    bool json;
    int depth;                  /* namespace blocks open (predefined) */
    int items;                  /* items in the current JSON array */
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

/* Documentation as comment lines, one per line of the text. */
static void doc_comment(dumper *d, int indent, const char *doc)
{
    while (doc && *doc) {
        size_t n = strcspn(doc, "\n");
        fprintf(d->out, "%*s// %.*s\n", indent, "", (int)n, doc);
        doc += n + (doc[n] == '\n');
    }
}

/* One declaration: a line of the class or namespace, or a JSON object. */
static void item(dumper *d, int indent, const char *kind, const char *ns, const char *decl, const char *doc)
{
    if (d->json) {
        fprintf(d->out, "%s\n%*s{\"kind\": ", d->items++ ? "," : "", indent, "");
        json_string(d->out, kind);
        if (ns) {
            fputs(", \"namespace\": ", d->out);
            json_string(d->out, ns);
        }
        fputs(", \"decl\": ", d->out);
        json_string(d->out, decl);
        if (doc) {
            fputs(", \"doc\": ", d->out);
            json_string(d->out, doc);
        }
        fputc('}', d->out);
        return;
    }
    doc_comment(d, indent, doc);
    fprintf(d->out, "%*s%s;\n", indent, "", decl);
}

/* The name a constructor shows: the class name and the parameters of its declaration. */
static void constructor_decl(as_type *t, as_function *f, bool is_template, char *buf, size_t size)
{
    const char *decl = as_function_stub_declaration(f, false);
    const char *params = strchr(decl, '(');
    if (!params) params = "()";
    /* a template's factories take the instance's type first: hidden from scripts */
    if (is_template && strncmp(params, "(int&in", 7) == 0) {
        const char *rest = params + 7;
        while (*rest == ' ' || (*rest >= 'a' && *rest <= 'z') || (*rest >= 'A' && *rest <= 'Z') || *rest == '_') rest++;
        snprintf(buf, size, "%s(%s", as_type_name(t), *rest == ',' ? rest + 2 + (rest[1] != ' ' ? -1 : 0) : rest);
        return;
    }
    snprintf(buf, size, "%s%s", as_type_name(t), params);
}

static void dump_class(dumper *d, as_type *t, int indent)
{
    uint32_t flags = as_type_flags(t);
    bool is_template = (flags & AS_OBJ_TEMPLATE) != 0;
    char head[400];
    int n = snprintf(head, sizeof head, "%s", as_type_name(t));
    if (is_template) {
        n += snprintf(head + n, sizeof head - (size_t)n, "<");
        for (int i = 0; i < as_type_subtype_count(t); i++) {
            as_type *s = as_type_subtype(t, i);
            n += snprintf(head + n, sizeof head - (size_t)n, "%s%s", i ? ", " : "", s ? as_type_name(s) : "T");
        }
        snprintf(head + n, sizeof head - (size_t)n, ">");
    }
    const char *doc = as_bind_type_doc(t);
    const char *ns = as_type_namespace(t);
    /* an interface the host registered for scripts to implement */
    const char *kind = (flags & AS_OBJ_SCRIPT_OBJECT) && (flags & AS_OBJ_ABSTRACT) ? "interface" : "class";
    if (d->json) {
        fprintf(d->out, "%s\n%*s{\"kind\": \"%s\", \"namespace\": ", d->items++ ? "," : "", indent, "", kind);
        json_string(d->out, ns);
        fputs(", \"name\": ", d->out);
        json_string(d->out, head);
        fprintf(d->out, ", \"reference\": %s", (flags & AS_OBJ_REF) ? "true" : "false");
        if (doc) {
            fputs(", \"doc\": ", d->out);
            json_string(d->out, doc);
        }
        fputs(", \"members\": [", d->out);
    } else {
        doc_comment(d, indent, doc);
        fprintf(d->out, "%*s%s %s {\n", indent, "", kind, head);
    }
    int saved = d->items;
    d->items = 0;
    char decl[700], key[400];
    /* funcdefs the type owns (array<T>::less) come first, as the class body declares them */
    for (int i = 0; i < as_type_child_funcdef_count(t); i++) {
        as_type *fd = as_type_child_funcdef(t, i);
        as_function *sig = fd ? as_type_funcdef_signature(fd) : NULL;
        if (!sig) continue;
        snprintf(decl, sizeof decl, "funcdef %s", as_function_declaration(sig, false, false, true));
        item(d, indent + 4, "funcdef", NULL, decl, as_bind_type_doc(fd));
    }
    for (int i = 0; i < as_type_behaviour_count(t); i++) {
        as_behaviour k;
        as_function *f = as_type_behaviour_by_index(t, i, &k);
        if (!f) continue;
        if (k == AS_BEHAVE_CONSTRUCT || k == AS_BEHAVE_FACTORY) constructor_decl(t, f, is_template, decl, sizeof decl);
        else if (k == AS_BEHAVE_DESTRUCT) snprintf(decl, sizeof decl, "~%s()", as_type_name(t));
        else continue;
        item(d, indent + 4, "constructor", NULL, decl, as_bind_function_doc(f));
    }
    if (flags & AS_OBJ_REF)
        for (int i = 0; i < as_type_factory_count(t); i++) {
            as_function *f = as_type_factory_by_index(t, i);
            constructor_decl(t, f, is_template, decl, sizeof decl);
            item(d, indent + 4, "constructor", NULL, decl, as_bind_function_doc(f));
        }
    for (int i = 0; i < as_type_method_count(t); i++) {
        as_function *f = as_type_method_by_index(t, i);
        item(d, indent + 4, "method", NULL, as_function_stub_declaration(f, false), as_bind_function_doc(f));
    }
    for (int i = 0; i < as_type_property_count(t); i++) {
        const char *pd = as_type_property_declaration(t, i, true);
        const char *pname = NULL;
        as_type_property(t, i, &pname, NULL, NULL);
        const as_bind_type *bt = as_bind_type_of(t);
        snprintf(key, sizeof key, "%s::%s", bt ? bt->name : as_type_name(t), pname ? pname : "");
        item(d, indent + 4, "property", NULL, pd ? pd : "", as_bind_doc_of(d->e, key));
    }
    d->items = saved;
    if (d->json) fprintf(d->out, "\n%*s]}", indent, "");
    else fprintf(d->out, "%*s}\n", indent, "");
}

static void dump_enum(dumper *d, as_type *t, int indent)
{
    const as_bind_type *bt = as_bind_type_of(t);
    const char *qual = bt ? bt->name : as_type_name(t);
    if (d->json) {
        fprintf(d->out, "%s\n%*s{\"kind\": \"enum\", \"namespace\": ", d->items++ ? "," : "", indent, "");
        json_string(d->out, as_type_namespace(t));
        fputs(", \"name\": ", d->out);
        json_string(d->out, as_type_name(t));
        if (as_bind_type_doc(t)) {
            fputs(", \"doc\": ", d->out);
            json_string(d->out, as_bind_type_doc(t));
        }
        fputs(", \"values\": [", d->out);
    } else {
        doc_comment(d, indent, as_bind_type_doc(t));
        fprintf(d->out, "%*senum %s {\n", indent, "", as_type_name(t));
    }
    int n = as_type_enum_value_count(t);
    for (int i = 0; i < n; i++) {
        int v = 0;
        const char *name = as_type_enum_value(t, i, &v);
        char key[400];
        snprintf(key, sizeof key, "%s::%s", qual, name);
        const char *doc = as_bind_doc_of(d->e, key);
        if (d->json) {
            fprintf(d->out, "%s{\"name\": ", i ? ", " : "");
            json_string(d->out, name);
            fprintf(d->out, ", \"value\": %d", v);
            if (doc) {
                fputs(", \"doc\": ", d->out);
                json_string(d->out, doc);
            }
            fputc('}', d->out);
        } else {
            doc_comment(d, indent + 4, doc);
            fprintf(d->out, "%*s%s = %d%s\n", indent + 4, "", name, v, i + 1 < n ? "," : "");
        }
    }
    if (d->json) fputs("]}", d->out);
    else fprintf(d->out, "%*s}\n", indent, "");
}

/* Opens and closes `namespace a { namespace b {` blocks to reach ns. */
static void enter_ns(dumper *d, const char **cur, const char *ns)
{
    if (d->json || strcmp(*cur, ns) == 0) return;
    for (; d->depth > 0; d->depth--) fprintf(d->out, "%*s}\n", 4 * (d->depth - 1), "");
    for (const char *p = ns; *p;) {
        size_t n = strcspn(p, ":");
        fprintf(d->out, "%*snamespace %.*s {\n", 4 * d->depth, "", (int)n, p);
        d->depth++;
        p += n;
        while (*p == ':') p++;
    }
    *cur = ns;
}

int as_bind_dump(as_engine *e, FILE *out, as_bind_dump_format format)
{
    if (!e || !out) return AS_INVALID_ARG;
    dumper d = {e, out, format == AS_BIND_DUMP_JSON, 0, 0};
    const char *cur = "";
    if (d.json) fputs("[", out);
    /* types, namespace by namespace in registration order */
    int ntypes = as_engine_type_count(e);
    for (int pass = 0; pass < 3; pass++) {
        for (int i = 0; i < ntypes; i++) {
            as_type *t = as_engine_type_by_index(e, i);
            if (!t) continue;
            uint32_t flags = as_type_flags(t);
            bool is_enum = flags & AS_OBJ_ENUM, is_fd = flags & AS_OBJ_FUNCDEF;
            if (pass != (is_enum ? 0 : is_fd ? 1 : 2)) continue;
            if (is_fd && as_type_parent_type(t)) continue;
            enter_ns(&d, &cur, as_type_namespace(t));
            int indent = d.json ? 2 : 4 * d.depth;
            if (is_enum) {
                dump_enum(&d, t, indent);
            } else if (is_fd) {
                as_function *sig = as_type_funcdef_signature(t);
                char decl[700];
                snprintf(decl, sizeof decl, "funcdef %s", sig ? as_function_declaration(sig, false, false, true) : as_type_name(t));
                item(&d, indent, "funcdef", as_type_namespace(t), decl, as_bind_type_doc(t));
            } else {
                dump_class(&d, t, indent);
            }
        }
    }
    for (int i = 0; i < as_engine_typedef_count(e); i++) {
        const char *name, *ns;
        int tid;
        as_engine_typedef(e, i, &name, &ns, &tid);
        enter_ns(&d, &cur, ns);
        char decl[400];
        snprintf(decl, sizeof decl, "typedef %s %s", as_engine_type_declaration(e, tid, false), name);
        item(&d, d.json ? 2 : 4 * d.depth, "typedef", ns, decl, NULL);
    }
    for (int i = 0; i < as_engine_function_count(e); i++) {
        as_function *f = as_engine_function_by_index(e, i);
        const char *ns = as_function_namespace(f);
        enter_ns(&d, &cur, ns ? ns : "");
        item(&d, d.json ? 2 : 4 * d.depth, "function", ns, as_function_stub_declaration(f, false), as_bind_function_doc(f));
    }
    for (int i = 0; i < as_engine_global_property_count(e); i++) {
        const char *name, *ns;
        int tid;
        bool is_const;
        as_engine_global_property(e, i, &name, &ns, &tid, &is_const, NULL);
        enter_ns(&d, &cur, ns ? ns : "");
        char decl[400], key[400];
        snprintf(decl, sizeof decl, "%s%s %s", is_const ? "const " : "", as_engine_type_declaration(e, tid, true), name);
        snprintf(key, sizeof key, "%s%s%s", ns && *ns ? ns : "", ns && *ns ? "::" : "", name);
        item(&d, d.json ? 2 : 4 * d.depth, "property", ns, decl, as_bind_doc_of(e, key));
    }
    enter_ns(&d, &cur, "");
    if (d.json) fputs("\n]\n", out);
    return ferror(out) ? AS_ERROR : AS_SUCCESS;
}
