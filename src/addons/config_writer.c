/* WriteConfigToFile / WriteConfigToStream of the reference's script helper add-on: the
 * application interface an engine has registered, as text in the format the SDK's offline
 * compiler (asbuild) reads, so scripts can be compiled without the host:
 *
 *   // AngelScript 2.35.1               the library, its options and the engine properties
 *   ep 2 1
 *   // Enums, // Types, // Template type members, // Type members, // Functions, // Properties,
 *   // String factory, // Default array type   sections of lines such as
 *   namespace "ns"                      what follows is in ns (written when it changes)
 *   access ffffffff                     ... and registered with this access mask (likewise)
 *   objtype "array<T>" 69               a type and its flags; objbeh/objmthd/objprop its members
 *   func "string formatInt(int64, const string&in = \"\", uint = 0)"
 *
 * Declarations qualify the types of namespaces other than their function's (members count as
 * global), leave out parameter names and keep default arguments, as the reference's do;
 * behaviours other than constructors are named $behN (and list factories $list) as there. */
#include "angelc.h"
#include "angelc_addons.h"
#include <stdio.h>
#include <string.h>

typedef struct writer {
    as_engine *e;
    FILE *out;
    const char *ns;         /* namespace line in force */
    uint32_t access;        /* access line in force (0: none written yet) */
} writer;

static void set_ns(writer *w, const char *ns)
{
    if (!ns) ns = "";
    if (strcmp(ns, w->ns) == 0) return;
    fprintf(w->out, "namespace \"%s\"\n", ns);
    w->ns = ns;
}

static void set_access(writer *w, uint32_t access)
{
    if (access == w->access) return;
    fprintf(w->out, "access %x\n", (unsigned)access);
    w->access = access;
}

static bool ident_char(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'; }

/* Writes text quoted, with its quotes escaped. */
static void put_quoted(writer *w, const char *text)
{
    fputc('"', w->out);
    for (const char *p = text; *p; p++) {
        if (*p == '"') fputc('\\', w->out);
        fputc(*p, w->out);
    }
    fputc('"', w->out);
}

/* decl (fully qualified) with namespace ns dropped before the names that live in it:
 * "ns::V ns::make(int)" in ns is "V make(int)". Written into buf. */
static void relative(const char *ns, const char *decl, char *buf, size_t size)
{
    if (!ns) ns = "";
    size_t nl = strlen(ns), o = 0;
    for (const char *p = decl; *p && o + 1 < size;) {
        bool at_start = p == decl || (!ident_char(p[-1]) && p[-1] != ':');
        if (nl && at_start && strncmp(p, ns, nl) == 0 && p[nl] == ':' && p[nl + 1] == ':') {
            const char *q = p + nl + 2;
            while (ident_char(*q)) q++;
            if (!(q[0] == ':' && q[1] == ':')) {
                p += nl + 2;
                continue;
            }
        }
        buf[o++] = *p++;
    }
    buf[o] = 0;
}

/* The declaration of f as the config has it, written into buf: its name without namespace
 * (rename, if given, instead), types relative to namespace ns, no parameter names, `property` on
 * accessors. */
static void function_decl(const char *ns, as_function *f, const char *rename, char *buf, size_t size)
{
    char full[1200], rest[1200];
    snprintf(full, sizeof full, "%s", as_function_declaration(f, false, true, false));
    char *paren = strchr(full, '(');
    if (paren) {
        /* the name is the identifier before the parameter list, its namespace before it */
        char *name = paren;
        while (name > full && (ident_char(name[-1]) || name[-1] == '$' || name[-1] == '~')) name--;
        char *qual = name;
        while (qual > full && (ident_char(qual[-1]) || qual[-1] == ':')) qual--;
        snprintf(rest, sizeof rest, "%s", rename ? paren : name);
        snprintf(qual, sizeof full - (size_t)(qual - full), "%s%s", rename ? rename : "", rest);
    }
    if (as_function_is_property(f)) strncat(full, " property", sizeof full - strlen(full) - 1);
    relative(ns, full, buf, size);
}

/* "array<T>" for a template, else the type's name. */
static void type_decl(as_type *t, char *buf, size_t size)
{
    int n = snprintf(buf, size, "%s", as_type_name(t));
    if (!(as_type_flags(t) & AS_OBJ_TEMPLATE) || n < 0 || (size_t)n >= size) return;
    n += snprintf(buf + n, size - (size_t)n, "<");
    for (int i = 0; i < as_type_subtype_count(t) && (size_t)n < size; i++) {
        as_type *s = as_type_subtype(t, i);
        n += snprintf(buf + n, size - (size_t)n, "%s%s", i ? ", " : "", s ? as_type_name(s) : "T");
    }
    if ((size_t)n < size) snprintf(buf + n, size - (size_t)n, ">");
}

/* Puts prefix before the text in buf (cut at the end if it does not fit). */
static void prepend(char *buf, size_t size, const char *prefix)
{
    size_t p = strlen(prefix), n = strlen(buf);
    if (p >= size) return;
    if (n + p >= size) n = size - p - 1;
    memmove(buf + p, buf, n);
    memcpy(buf, prefix, p);
    buf[n + p] = 0;
}

static bool is_interface(as_type *t)
{
    uint32_t f = as_type_flags(t);
    return (f & AS_OBJ_SCRIPT_OBJECT) && (f & AS_OBJ_ABSTRACT);
}

/* The order the reference lists behaviours in (constructors last; factories come before). */
static int behaviour_rank(as_behaviour k)
{
    static const as_behaviour order[] = {
        AS_BEHAVE_DESTRUCT, AS_BEHAVE_ADDREF, AS_BEHAVE_RELEASE, AS_BEHAVE_GETREFCOUNT, AS_BEHAVE_SETGCFLAG,
        AS_BEHAVE_GETGCFLAG, AS_BEHAVE_ENUMREFS, AS_BEHAVE_RELEASEREFS, AS_BEHAVE_TEMPLATE_CALLBACK,
        AS_BEHAVE_LIST_FACTORY, AS_BEHAVE_LIST_CONSTRUCT, AS_BEHAVE_GET_WEAKREF_FLAG, AS_BEHAVE_CONSTRUCT,
    };
    for (int i = 0; i < (int)(sizeof order / sizeof order[0]); i++)
        if (order[i] == k) return i;
    return -1;
}

static void write_behaviour(writer *w, as_type *t, const char *tdecl, as_behaviour k, as_function *f)
{
    char decl[1400], name[32];
    const char *params = NULL;
    set_access(w, as_function_access_mask(f));
    if (k == AS_BEHAVE_CONSTRUCT || k == AS_BEHAVE_DESTRUCT) {
        /* `void T(params)`, the destructor without its ~ */
        function_decl("", f, as_type_name(t), decl, sizeof decl);
        if (k == AS_BEHAVE_DESTRUCT && (params = strchr(decl, '(')) != NULL) snprintf((char *)params, sizeof decl - (size_t)(params - decl), "()");
        if (strncmp(decl, "void ", 5) != 0) prepend(decl, sizeof decl, "void ");
    } else if (k == AS_BEHAVE_FACTORY) {
        function_decl("", f, as_type_name(t), decl, sizeof decl);
    } else if (k == AS_BEHAVE_LIST_FACTORY || k == AS_BEHAVE_LIST_CONSTRUCT) {
        function_decl("", f, "$list", decl, sizeof decl);
        /* constructors carry no return type in their declaration */
        if (k == AS_BEHAVE_LIST_CONSTRUCT && strncmp(decl, "void ", 5) != 0) prepend(decl, sizeof decl, "void ");
        const char *pattern = as_function_list_pattern(f);
        if (pattern) {
            strncat(decl, " ", sizeof decl - strlen(decl) - 1);
            strncat(decl, pattern, sizeof decl - strlen(decl) - 1);
        }
    } else {
        snprintf(name, sizeof name, "$beh%d", (int)k);
        function_decl("", f, name, decl, sizeof decl);
    }
    fprintf(w->out, "objbeh \"%s\" %d ", tdecl, (int)k);
    put_quoted(w, decl);
    fputc('\n', w->out);
}

static void write_members(writer *w, as_type *t)
{
    char tdecl[300], decl[1400];
    type_decl(t, tdecl, sizeof tdecl);
    set_ns(w, as_type_namespace(t));
    if (is_interface(t)) {
        for (int i = 0; i < as_type_method_count(t); i++) {
            as_function *f = as_type_method_by_index(t, i);
            set_access(w, as_function_access_mask(f));
            function_decl("", f, NULL, decl, sizeof decl);
            fprintf(w->out, "intfmthd %s ", tdecl);
            put_quoted(w, decl);
            fputc('\n', w->out);
        }
        return;
    }
    if (as_type_flags(t) & AS_OBJ_REF)
        for (int i = 0; i < as_type_factory_count(t); i++)
            write_behaviour(w, t, tdecl, AS_BEHAVE_FACTORY, as_type_factory_by_index(t, i));
    int nbeh = as_type_behaviour_count(t);
    for (int rank = 0; behaviour_rank(AS_BEHAVE_CONSTRUCT) >= rank; rank++)
        for (int i = 0; i < nbeh; i++) {
            as_behaviour k;
            as_function *f = as_type_behaviour_by_index(t, i, &k);
            if (f && behaviour_rank(k) == rank) write_behaviour(w, t, tdecl, k, f);
        }
    for (int i = 0; i < as_type_method_count(t); i++) {
        as_function *f = as_type_method_by_index(t, i);
        set_access(w, as_function_access_mask(f));
        function_decl("", f, NULL, decl, sizeof decl);
        fprintf(w->out, "objmthd \"%s\" ", tdecl);
        put_quoted(w, decl);
        fputc('\n', w->out);
    }
    for (int i = 0; i < as_type_property_count(t); i++) {
        uint32_t access = 0xFFFFFFFFu;
        as_type_property_traits(t, i, NULL, NULL, NULL, &access);
        set_access(w, access);
        const char *pd = as_type_property_declaration(t, i, true);
        relative("", pd ? pd : "", decl, sizeof decl);
        fprintf(w->out, "objprop \"%s\" ", tdecl);
        put_quoted(w, decl);
        /* the reference's composite property offset and indirection: angelc has none */
        fputs(" 0 0\n", w->out);
    }
}

static void write_funcdef(writer *w, as_type *fd, as_type *parent)
{
    as_function *sig = as_type_funcdef_signature(fd);
    if (!sig) return;
    char decl[1400], named[400];
    set_ns(w, as_type_namespace(parent ? parent : fd));
    set_access(w, as_type_access_mask(fd));
    if (parent) {
        type_decl(parent, named, sizeof named);
        size_t n = strlen(named);
        snprintf(named + n, sizeof named - n, "::%s", as_type_name(fd));
    }
    function_decl(parent ? "" : as_type_namespace(fd), sig, parent ? named : NULL, decl, sizeof decl);
    fputs("funcdef ", w->out);
    put_quoted(w, decl);
    fputc('\n', w->out);
}

static void write_types(writer *w)
{
    int n = as_engine_type_count(w->e);
    char tdecl[300];
    fputs("\n// Enums\n", w->out);
    for (int i = 0; i < n; i++) {
        as_type *t = as_engine_type_by_index(w->e, i);
        if (!(as_type_flags(t) & AS_OBJ_ENUM)) continue;
        set_ns(w, as_type_namespace(t));
        set_access(w, as_type_access_mask(t));
        fprintf(w->out, "enum %s\n", as_type_name(t));
        for (int v = 0; v < as_type_enum_value_count(t); v++) {
            int value = 0;
            const char *name = as_type_enum_value(t, v, &value);
            fprintf(w->out, "enumval %s %s %d\n", as_type_name(t), name, value);
        }
    }
    fputs("\n// Types\n", w->out);
    for (int i = 0; i < n; i++) {
        as_type *t = as_engine_type_by_index(w->e, i);
        if (as_type_flags(t) & (AS_OBJ_ENUM | AS_OBJ_FUNCDEF)) continue;
        set_ns(w, as_type_namespace(t));
        set_access(w, as_type_access_mask(t));
        type_decl(t, tdecl, sizeof tdecl);
        if (is_interface(t)) fprintf(w->out, "intf %s\n", tdecl);
        else fprintf(w->out, "objtype \"%s\" %u\n", tdecl, (unsigned)(as_type_flags(t) & AS_OBJ_MASK_VALID_FLAGS));
    }
    for (int i = 0; i < as_engine_typedef_count(w->e); i++) {
        const char *name, *ns;
        int tid;
        as_engine_typedef(w->e, i, &name, &ns, &tid);
        set_ns(w, ns);
        set_access(w, as_engine_typedef_access_mask(w->e, i));
        fprintf(w->out, "typedef %s \"%s\"\n", name, as_engine_type_declaration(w->e, tid, true));
    }
    /* funcdefs in registration order: a template's own (array<T>::less) where the template is */
    for (int i = 0; i < n; i++) {
        as_type *t = as_engine_type_by_index(w->e, i);
        if (as_type_flags(t) & AS_OBJ_FUNCDEF) write_funcdef(w, t, NULL);
        for (int c = 0; c < as_type_child_funcdef_count(t); c++) write_funcdef(w, as_type_child_funcdef(t, c), t);
    }
    for (int pass = 0; pass < 2; pass++) {
        fputs(pass == 0 ? "\n// Template type members\n" : "\n// Type members\n", w->out);
        for (int i = 0; i < n; i++) {
            as_type *t = as_engine_type_by_index(w->e, i);
            uint32_t flags = as_type_flags(t);
            if (flags & (AS_OBJ_ENUM | AS_OBJ_FUNCDEF) || ((flags & AS_OBJ_TEMPLATE) != 0) != (pass == 0)) continue;
            write_members(w, t);
        }
    }
}

static void write_globals(writer *w)
{
    char decl[1400], full[600];
    fputs("\n// Functions\n", w->out);
    for (int i = 0; i < as_engine_function_count(w->e); i++) {
        as_function *f = as_engine_function_by_index(w->e, i);
        set_ns(w, as_function_namespace(f));
        set_access(w, as_function_access_mask(f));
        function_decl(as_function_namespace(f), f, NULL, decl, sizeof decl);
        fputs("func ", w->out);
        put_quoted(w, decl);
        fputc('\n', w->out);
    }
    fputs("\n// Properties\n", w->out);
    for (int i = 0; i < as_engine_global_property_count(w->e); i++) {
        const char *name, *ns;
        int tid;
        bool is_const;
        as_engine_global_property(w->e, i, &name, &ns, &tid, &is_const, NULL);
        set_ns(w, ns);
        set_access(w, as_engine_global_property_access_mask(w->e, i));
        snprintf(full, sizeof full, "%s%s %s", is_const ? "const " : "", as_engine_type_declaration(w->e, tid, true), name);
        relative(ns, full, decl, sizeof decl);
        fputs("prop ", w->out);
        put_quoted(w, decl);
        fputc('\n', w->out);
    }
    fputs("\n// String factory\n", w->out);
    set_ns(w, "");
    int string_id = 0;
    if (as_engine_get_string_factory(w->e, &string_id))
        fprintf(w->out, "strfactory \"%s\"\n", as_engine_type_declaration(w->e, string_id, true));
    fputs("\n// Default array type\n", w->out);
    as_type *arr = as_engine_type_by_id(w->e, as_engine_default_array_type_id(w->e));
    if (arr) {
        char tdecl[300];
        type_decl(arr, tdecl, sizeof tdecl);
        set_ns(w, as_type_namespace(arr));
        fprintf(w->out, "defarray \"%s\"\n", tdecl);
    }
}

int as_write_config(as_engine *e, FILE *out)
{
    if (!e || !out) return AS_INVALID_ARG;
    writer w = {e, out, "", 0};
    fprintf(out, "// AngelScript %s\n// Lib options %s\n// Engine properties\n", as_library_version(), as_library_options());
    for (int p = 0; p < AS_EP_LAST_PROPERTY; p++)
        fprintf(out, "ep %d %lld\n", p, (long long)as_engine_get_property(e, (as_engine_prop)p));
    write_types(&w);
    write_globals(&w);
    return ferror(out) ? AS_ERROR : AS_SUCCESS;
}

int as_write_config_to_file(as_engine *e, const char *path)
{
    if (!e || !path) return AS_INVALID_ARG;
    FILE *f = fopen(path, "w");
    if (!f) return AS_ERROR;
    int r = as_write_config(e, f);
    if (fclose(f) != 0 && r >= 0) r = AS_ERROR;
    return r;
}
