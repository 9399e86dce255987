/* C types to script types: a line's C spelling of each type (checked against the function by
 * the compiler) with its compile-time kind and size becomes the script declaration, and says
 * whether the engine can call the function as it is or the dispatcher must convert. */
#include "bind_impl.h"
#include <ctype.h>
#include <string.h>

const char *ct_mutable_ref(as_engine *e)
{
    return as_engine_get_property(e, AS_EP_ALLOW_UNSAFE_REFERENCES) ? "&inout" : "&out";
}

/* ---- reading C spellings ---- */

typedef struct cspell {
    bool pointee_const;         /* const before the first '*' */
    int pointers;
    bool enum_kw;               /* spelled "enum X" */
    char base[80];              /* "unsigned int", "Vec3" (struct/enum/union dropped) */
} cspell;

static bool read_spelling(const char *s, cspell *out)
{
    memset(out, 0, sizeof *out);
    for (const char *p = s; *p;) {
        if (isspace((unsigned char)*p)) { p++; continue; }
        if (*p == '*') { out->pointers++; p++; continue; }
        if (!(isalnum((unsigned char)*p) || *p == '_')) return false;
        const char *w = p;
        while (isalnum((unsigned char)*p) || *p == '_') p++;
        size_t n = (size_t)(p - w);
        if (n == 5 && memcmp(w, "const", 5) == 0) {
            if (!out->pointers) out->pointee_const = true;
            continue;
        }
        if (n == 4 && memcmp(w, "enum", 4) == 0) out->enum_kw = true;
        if ((n == 6 && (memcmp(w, "struct", 6) == 0)) || (n == 4 && memcmp(w, "enum", 4) == 0) ||
            (n == 5 && memcmp(w, "union", 5) == 0) || (n == 8 && memcmp(w, "volatile", 8) == 0))
            continue;
        if (out->pointers) return false;   /* a word after '*' (a name): not a type */
        size_t len = strlen(out->base);
        if (len + n + 2 > sizeof out->base) return false;
        if (len) out->base[len++] = ' ';
        memcpy(out->base + len, w, n);
        out->base[len + n] = 0;
    }
    return out->base[0] != 0;
}

/* Script names of C scalar types by their spelling: the types a pointer can point to (the compiler
 * sees only the pointer), and the map type finders use (as_bind_scalar_by_c_name). */
static const char *scalar_by_name(const char *c)
{
    static const char *const map[][2] = {
        {"bool", "bool"}, {"_Bool", "bool"},
        {"signed char", "int8"}, {"int8_t", "int8"}, {"unsigned char", "uint8"}, {"uint8_t", "uint8"},
        {"short", "int16"}, {"short int", "int16"}, {"signed short", "int16"}, {"int16_t", "int16"},
        {"unsigned short", "uint16"}, {"unsigned short int", "uint16"}, {"uint16_t", "uint16"},
        {"int", "int"}, {"signed", "int"}, {"signed int", "int"}, {"int32_t", "int"},
        {"unsigned", "uint"}, {"unsigned int", "uint"}, {"uint32_t", "uint"},
        {"long long", "int64"}, {"long long int", "int64"}, {"int64_t", "int64"},
        {"unsigned long long", "uint64"}, {"unsigned long long int", "uint64"}, {"uint64_t", "uint64"},
        {"float", "float"}, {"double", "double"},
#if defined(__LP64__) || defined(_LP64)
        {"long", "int64"}, {"long int", "int64"}, {"unsigned long", "uint64"}, {"unsigned long int", "uint64"},
        {"size_t", "uint64"}, {"ssize_t", "int64"}, {"ptrdiff_t", "int64"}, {"intptr_t", "int64"}, {"uintptr_t", "uint64"},
#else
        {"long", "int"}, {"long int", "int"}, {"unsigned long", "uint"}, {"unsigned long int", "uint"},
        {"size_t", "uint"}, {"ssize_t", "int"}, {"ptrdiff_t", "int"}, {"intptr_t", "int"}, {"uintptr_t", "uint"},
#endif
    };
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (strcmp(map[i][0], c) == 0) return map[i][1];
    return NULL;
}

/* The script type of a C scalar by its kind and size. */
static const char *scalar_by_kind(as_bind_ctype ct)
{
    switch (ct.kind) {
    case AS_CK_BOOL: return ct.size == 1 ? "bool" : NULL;
    case AS_CK_CHAR: return "int8";
    case AS_CK_SINT: return ct.size == 1 ? "int8" : ct.size == 2 ? "int16" : ct.size == 4 ? "int" : ct.size == 8 ? "int64" : NULL;
    case AS_CK_UINT: return ct.size == 1 ? "uint8" : ct.size == 2 ? "uint16" : ct.size == 4 ? "uint" : ct.size == 8 ? "uint64" : NULL;
    case AS_CK_FLOAT: return ct.size == 4 ? "float" : ct.size == 8 ? "double" : NULL;
    default: return NULL;
    }
}

static void trim_copy(char *dst, size_t size, const char *s, size_t n);

const char *as_bind_scalar_by_c_name(const char *c_type)
{
    if (!c_type) return NULL;
    cspell sp;
    char text[96];
    trim_copy(text, sizeof text, c_type, strlen(c_type));
    if (!read_spelling(text, &sp) || sp.pointers || sp.enum_kw) return NULL;
    return scalar_by_name(sp.base);
}

const char *as_bind_scalar_by_kind(as_bind_ctype ct)
{
    return scalar_by_kind(ct);
}

static void trim_copy(char *dst, size_t size, const char *s, size_t n)
{
    while (n && isspace((unsigned char)*s)) { s++; n--; }
    while (n && isspace((unsigned char)s[n - 1])) n--;
    if (n >= size) n = size - 1;
    memcpy(dst, s, n);
    dst[n] = 0;
}

/* buf = a b c (binding thousands of lines: no printf on the way); false if it did not fit */
static bool cat3(char *buf, size_t size, const char *a, const char *b, const char *c)
{
    size_t la = strlen(a), lb = strlen(b), lc = strlen(c);
    if (la + lb + lc >= size) {
        if (size) buf[0] = 0;
        return false;
    }
    memcpy(buf, a, la);
    memcpy(buf + la, b, lb);
    memcpy(buf + la + lb, c, lc + 1);
    return true;
}

/* Appends s at *len; false (and nothing more appended) once it does not fit. */
static bool app(char *buf, size_t size, size_t *len, const char *s)
{
    size_t n = strlen(s);
    if (*len + n >= size) return false;
    memcpy(buf + *len, s, n + 1);
    *len += n;
    return true;
}

void ct_classify(bind_state *st, const char *text, as_bind_ctype ct, ctinfo *out, char *err, size_t errsize)
{
    memset(out, 0, sizeof *out);
    out->ct = ct;
    trim_copy(out->text, sizeof out->text, text, strlen(text));
    cspell s;
    if (!read_spelling(out->text, &s)) {
        snprintf(err, errsize, "can't read the C type '%s'", out->text);
        return;
    }
    out->is_const = s.pointee_const;
    if (ct.kind == AS_CK_VOID) {
        if (strcmp(s.base, "void") != 0 || s.pointers) {
            snprintf(err, errsize, "the C type '%s' has no script type", out->text);
            return;
        }
        out->cls = CT_VOID;
        strcpy(out->script, "void");
        return;
    }
    bind_type *bt = bind_type_by_c(st, s.base);
    if (s.pointers == 0) {
        if (bt && bt->pub.is_enum) {
            if (ct.size != 4) {
                snprintf(err, errsize, "the C enum '%s' is %u bytes, script enums 4", out->text, (unsigned)ct.size);
                return;
            }
            out->cls = CT_ENUM;
            out->bt = bt;
        } else if (bt && !bt->pub.is_ref) {
            if (bt->pub.size != ct.size) {
                snprintf(err, errsize, "'%s' is %u bytes, but bound as a value class of %u bytes", out->text,
                         (unsigned)ct.size, (unsigned)bt->pub.size);
                return;
            }
            out->cls = CT_VALUE;
            out->bt = bt;
        } else if (bt) {
            snprintf(err, errsize, "'%s' is a reference class: pass it by pointer", out->text);
            return;
        } else if (ct.kind == AS_CK_ENUM || s.enum_kw) {
            /* an enum is not mapped to its integer type: the script would lose its names */
            snprintf(err, errsize, "the C enum '%s' has no script type: bind it with AS_ENUM first", out->text);
            return;
        } else if (strcmp(s.base, "as_var") == 0) {
            out->cls = CT_VAR;
            strcpy(out->script, "const ?&in");
            return;
        } else if (scalar_by_kind(ct)) {
            out->cls = CT_SCALAR;
            strcpy(out->script, scalar_by_kind(ct));
            return;
        } else {
            snprintf(err, errsize, "the C type '%s' has no script type (bind it as a class or enum first)", out->text);
            return;
        }
        cat3(out->script, sizeof out->script, bt->pub.name, "", "");
        return;
    }
    if (s.pointers > 1) {
        snprintf(err, errsize, "the C type '%s' has no script type (pointers to pointers)", out->text);
        return;
    }
    if (strcmp(s.base, "char") == 0) {
        if (!s.pointee_const) {
            snprintf(err, errsize, "'char *' has no script type: strings cross as 'const char *'");
            return;
        }
        out->cls = CT_CSTR;
        strcpy(out->script, "string");
        return;
    }
    static const struct { const char *c; ct_class cls; } special[] = {
        {"as_type", CT_TYPE_PTR}, {"as_var", CT_VAR_PTR}, {"as_function", CT_FUNC_PTR},
        {"as_engine", CT_ENGINE_PTR}, {"as_lockable_shared_bool", CT_WEAKFLAG_PTR}, {"void", CT_VOIDP},
    };
    for (size_t i = 0; i < sizeof special / sizeof special[0]; i++)
        if (strcmp(s.base, special[i].c) == 0) {
            out->cls = special[i].cls;
            return;
        }
    if (bt) {
        out->cls = bt->pub.is_ref ? CT_REF_PTR : bt->pub.is_enum ? CT_SCALAR_PTR : CT_VALUE_PTR;
        out->bt = bt;
        cat3(out->script, sizeof out->script, bt->pub.name, "", "");
        return;
    }
    const char *sc = scalar_by_name(s.base);
    if (sc) {
        out->cls = CT_SCALAR_PTR;
        strcpy(out->script, sc);
        return;
    }
    snprintf(err, errsize, "the C type '%s' has no script type (bind '%s' as a class or enum first)", out->text, s.base);
}

int ct_split_params(const char *params, char out[][96], int max)
{
    int n = 0, depth = 0;
    const char *start = params;
    for (const char *p = params;; p++) {
        if (*p == '(' || *p == '<' || *p == '[') depth++;
        else if (*p == ')' || *p == '>' || *p == ']') depth--;
        if ((*p == ',' && depth == 0) || !*p) {
            if (n == max) return -1;
            trim_copy(out[n++], 96, start, (size_t)(p - start));
            if (!*p) break;
            start = p + 1;
        }
    }
    return n;
}

/* ---- the name string: "[ret] name[(param, ...)] [trailing]" ---- */

typedef struct name_spec {
    char ret[160];              /* a result type written in the name string, or "" */
    char name[128];
    bool has_params;
    int nparams;
    struct { char type[160], name[64], def[160]; } p[BIND_MAX_PARAMS];
    char trailing[64];
} name_spec;

static bool is_ident(const char *s)
{
    if (!*s || !(isalpha((unsigned char)*s) || *s == '_')) return false;
    for (; *s; s++)
        if (!(isalnum((unsigned char)*s) || *s == '_')) return false;
    return true;
}

/* Splits "type words name" into the type and a trailing identifier name. */
static void split_type_name(const char *s, char *type, size_t tsize, char *name, size_t nsize)
{
    size_t n = strlen(s);
    size_t e = n;
    while (e && isspace((unsigned char)s[e - 1])) e--;
    size_t w = e;
    while (w && (isalnum((unsigned char)s[w - 1]) || s[w - 1] == '_')) w--;
    char last[160];
    trim_copy(last, sizeof last, s + w, e - w);
    char before = w > 0 ? s[w - 1] : ' ';
    /* "&in" / "&out" / "&inout" end a type: they are no names */
    bool ref_word = before == '&' && (strcmp(last, "in") == 0 || strcmp(last, "out") == 0 || strcmp(last, "inout") == 0);
    if (is_ident(last) && (isspace((unsigned char)before) || before == '&' || before == '@' || before == '*') &&
        !ref_word && strcmp(last, "const") != 0) {
        trim_copy(type, tsize, s, w);
        trim_copy(name, nsize, last, strlen(last));
    } else {
        trim_copy(type, tsize, s, e);
        name[0] = 0;
    }
}

static bool parse_name(const char *text, name_spec *ns, char *err, size_t errsize)
{
    memset(ns, 0, sizeof *ns);
    const char *open = strchr(text, '(');
    const char *head_end = open ? open : text + strlen(text);
    char head[300];
    trim_copy(head, sizeof head, text, (size_t)(head_end - text));
    if (!open && (strchr(head, '@') || strchr(head, '&'))) {
        /* "Entity@+ owner": a result type (a getter's ownership) and the name */
        split_type_name(head, ns->ret, sizeof ns->ret, ns->name, sizeof ns->name);
        if (!ns->name[0]) {
            snprintf(err, errsize, "no name after the type in '%s'", text);
            return false;
        }
    } else if (!open) {
        /* "name" or "name trailing" */
        const char *sp = head;
        while (*sp && !isspace((unsigned char)*sp)) sp++;
        trim_copy(ns->name, sizeof ns->name, head, (size_t)(sp - head));
        trim_copy(ns->trailing, sizeof ns->trailing, sp, strlen(sp));
    } else {
        split_type_name(head, ns->ret, sizeof ns->ret, ns->name, sizeof ns->name);
        if (!ns->name[0] && is_ident(ns->ret)) {
            strcpy(ns->name, ns->ret);
            ns->ret[0] = 0;
        }
        ns->has_params = true;
        int depth = 0;
        bool quote = false;
        const char *start = open + 1, *p = open + 1;
        for (;; p++) {
            if (!*p) {
                snprintf(err, errsize, "unbalanced parentheses in '%s'", text);
                return false;
            }
            if (*p == '"') quote = !quote;
            if (quote) continue;
            if (*p == '(' || *p == '<') depth++;
            if ((*p == ')' || *p == '>') && depth > 0) { depth--; continue; }
            if ((*p == ',' && depth == 0) || (*p == ')' && depth == 0)) {
                char piece[400];
                trim_copy(piece, sizeof piece, start, (size_t)(p - start));
                if (piece[0] || *p == ',') {
                    if (ns->nparams == BIND_MAX_PARAMS) {
                        snprintf(err, errsize, "too many parameters in '%s'", text);
                        return false;
                    }
                    char *eq = NULL;
                    for (char *q = piece; *q; q++)
                        if (*q == '=' && q[1] != '=') { eq = q; break; }
                    if (eq) {
                        trim_copy(ns->p[ns->nparams].def, sizeof ns->p[0].def, eq + 1, strlen(eq + 1));
                        *eq = 0;
                    }
                    split_type_name(piece, ns->p[ns->nparams].type, sizeof ns->p[0].type, ns->p[ns->nparams].name,
                                    sizeof ns->p[0].name);
                    if (!ns->p[ns->nparams].name[0] && is_ident(ns->p[ns->nparams].type)) {
                        /* a lone identifier is a name */
                        strcpy(ns->p[ns->nparams].name, ns->p[ns->nparams].type);
                        ns->p[ns->nparams].type[0] = 0;
                    }
                    ns->nparams++;
                }
                start = p + 1;
                if (*p == ')') break;
            }
        }
        trim_copy(ns->trailing, sizeof ns->trailing, p + 1, strlen(p + 1));
        /* "get() const": constness comes from the object's C pointer */
        if (strncmp(ns->trailing, "const", 5) == 0 && (!ns->trailing[5] || isspace((unsigned char)ns->trailing[5])))
            trim_copy(ns->trailing, sizeof ns->trailing, ns->trailing + 5, strlen(ns->trailing + 5));
    }
    return true;
}

/* ---- spelling each C type in the declaration ---- */

/* The script spelling of a parameter (or result when !param); false if it has none. */
static bool spell(as_bind *b, const ctinfo *c, bool param, char *buf, size_t size)
{
    const char *k = c->is_const ? "const " : "";
    switch (c->cls) {
    case CT_SCALAR: case CT_ENUM: case CT_VOID: case CT_VALUE:
        return cat3(buf, size, c->script, "", "");
    case CT_CSTR:
        return cat3(buf, size, param ? "const string &in" : "string", "", "");
    case CT_VALUE_PTR: case CT_SCALAR_PTR:
        if (!param) return cat3(buf, size, k, c->script, " &");
        if (c->is_const) return cat3(buf, size, "const ", c->script, " &in");
        return cat3(buf, size, c->script, " ", ct_mutable_ref(b->e));
    case CT_REF_PTR:
        return cat3(buf, size, k, c->script, "@+");
    case CT_VAR:
        return param && cat3(buf, size, "const ?&in", "", "");
    case CT_VAR_PTR:
        return param && cat3(buf, size, "?&out", "", "");
    default:
        return false;
    }
}

/* Whether the reference class of c counts references (not AS_OBJ_NOCOUNT or scoped). */
static bool counted(const ctinfo *c)
{
    const as_type *t = c->bt ? c->bt->pub.type : NULL;
    return !t || !(as_type_flags(t) & (AS_OBJ_NOCOUNT | AS_OBJ_SCOPED));
}

/* Whether snprintf's result n fitted a buffer of size bytes. */
static bool fits(int n, size_t size) { return n >= 0 && (size_t)n < size; }

/* An explicit script type from the name string for C type c: where C can't say (void pointers,
 * funcdef handles) or narrows (an enum for an int); otherwise it must name the same type. */
static bool accept_override(as_bind *b, const ctinfo *c, const char *over, bool param, char *buf, size_t size,
                            char *err, size_t errsize)
{
    char clean[200];
    snprintf(clean, sizeof clean, "%s", over);
    /* the type without reference modifiers and handle marks */
    char base[200];
    snprintf(base, sizeof base, "%s", clean);
    char *amp = strchr(base, '&');
    if (amp) *amp = 0;
    size_t n = strlen(base);
    while (n && (base[n - 1] == ' ' || base[n - 1] == '@' || base[n - 1] == '+')) base[--n] = 0;
    const char *core = strncmp(base, "const ", 6) == 0 ? base + 6 : base;
    bool handle = strchr(clean, '@') != NULL, ref = strchr(clean, '&') != NULL;
    int tid = strcmp(core, "?") == 0 ? -1 : as_engine_type_id_by_decl(b->e, core);
    as_type *t = tid > AS_TYPEID_DOUBLE ? as_engine_type_by_id(b->e, tid) : NULL;
    switch (c->cls) {
    case CT_FUNC_PTR:
        if (!t || !(as_type_flags(t) & AS_OBJ_FUNCDEF) || !handle || ref) {
            snprintf(err, errsize, "'%s' for C type 'as_function *' must be a funcdef handle", over);
            return false;
        }
        return fits(snprintf(buf, size, "%s%s", clean, strchr(clean, '+') ? "" : "+"), size);
    case CT_VOIDP:
        if (!(ref || handle) || (tid < 0 && !ref)) {
            snprintf(err, errsize, "'%s' for C type '%s' must be a reference or a handle", over, c->text);
            return false;
        }
        if (handle && !strchr(clean, '+') && !ref) return fits(snprintf(buf, size, "%s+", clean), size);
        return fits(snprintf(buf, size, "%s", clean), size);
    case CT_SCALAR:
        if (t && (as_type_flags(t) & AS_OBJ_ENUM) && c->ct.size == 4 && !ref && !handle)
            return fits(snprintf(buf, size, "%s", clean), size);
        break;
    default:
        break;
    }
    char derived[200];
    if (spell(b, c, param, derived, sizeof derived)) {
        int dt = as_engine_type_id_by_decl(b->e, c->script);
        if (dt >= 0 && dt == tid) return fits(snprintf(buf, size, "%s", clean), size);
    }
    snprintf(err, errsize, "the script type '%s' does not match the C type '%s'", over, c->text);
    return false;
}

static bool is_self_of(const ctinfo *c, const bind_type *t)
{
    if (c->cls == CT_VOIDP) return t && !t->pub.c_name;
    if (c->cls != CT_VALUE_PTR && c->cls != CT_REF_PTR) return false;
    for (const as_bind_type *x = &t->pub; x; x = x->base)
        if (x == &c->bt->pub) return true;
    return false;
}

static const char *behaviour_name(int beh)
{
    static const char *const names[] = {"CONSTRUCT", "LIST_CONSTRUCT", "DESTRUCT", "FACTORY", "LIST_FACTORY", "ADDREF",
                                        "RELEASE", "GET_WEAKREF_FLAG", "TEMPLATE_CALLBACK", "GETREFCOUNT", "SETGCFLAG",
                                        "GETGCFLAG", "ENUMREFS", "RELEASEREFS"};
    return beh >= 0 && beh < (int)(sizeof names / sizeof names[0]) ? names[beh] : "?";
}

/* Whether the name string's type is an array of scalars, "const array<float> &in" or
 * "int[] &inout": then the array's element type id in *elem, and whether it is const &in. */
static bool array_decl(as_bind *b, const char *over, int *elem, bool *is_const_in)
{
    char core[160];
    cat3(core, sizeof core, over, "", "");
    *is_const_in = false;
    size_t n = strlen(core);
    if (n > 3 && strcmp(core + n - 3, "&in") == 0) {
        *is_const_in = true;
        core[n - 3] = 0;
    } else if (n > 6 && strcmp(core + n - 6, "&inout") == 0) {
        core[n - 6] = 0;
    } else {
        return false;
    }
    char *start = core;
    while (isspace((unsigned char)*start)) start++;
    bool cnst = strncmp(start, "const ", 6) == 0;
    if (cnst) start += 6;
    if (cnst != *is_const_in) return false;
    int tid = as_engine_type_id_by_decl(b->e, start);
    as_type *t = tid > AS_TYPEID_DOUBLE && !(tid & AS_TYPEID_OBJHANDLE) ? as_engine_type_by_id(b->e, tid) : NULL;
    if (!t || (as_engine_default_array_type_id(b->e) < 0) || as_type_subtype_count(t) != 1) return false;
    char name[64];
    snprintf(name, sizeof name, "%s", as_type_name(t));
    if (strcmp(name, "array") != 0) {
        as_type *def = as_engine_type_by_id(b->e, as_engine_default_array_type_id(b->e));
        if (!def || strcmp(as_type_name(def), name) != 0) return false;
    }
    *elem = as_type_subtype_id(t, 0);
    return true;
}

static bool is_int_kind(uint8_t k)
{
    return k == AS_CK_SINT || k == AS_CK_UINT || k == AS_CK_CHAR;
}

#define PLAN_FAIL(...) do { bind_error_at(b, m->file, m->line, __VA_ARGS__); return false; } while (0)

bool bind_plan_row(as_bind *b, bind_type *t, const as_bind_member *m, bind_plan *p)
{
    memset(p, 0, sizeof *p);
    p->self_index = -1;
    char err[300];
    const char *owner = t ? t->pub.name : "global";
    if (!m->sig.ret || !m->sig.types || m->sig.ntypes < 1) PLAN_FAIL("%s: a function line without a signature", owner);
    /* the C types */
    ct_classify(b->st, m->sig.ret, m->sig.types[0], &p->ret, err, sizeof err);
    if (p->ret.cls == CT_BAD) PLAN_FAIL("%s: %s: result: %s", owner, m->name, err);
    char texts[BIND_MAX_PARAMS + 1][96];
    int nc = ct_split_params(m->sig.params ? m->sig.params : "", texts, BIND_MAX_PARAMS + 1);
    if (nc != m->sig.ntypes - 1 || nc > BIND_MAX_PARAMS) PLAN_FAIL("%s: %s: too many parameters (at most %d)", owner, m->name, BIND_MAX_PARAMS);
    if (nc == 1 && m->sig.types[1].kind == AS_CK_VOID) {
        if (strcmp(texts[0], "void") != 0) PLAN_FAIL("%s: %s: the C type '%s' has no script type", owner, m->name, texts[0]);
        nc = 0;
    }
    p->nc = nc;
    for (int i = 0; i < nc; i++) {
        ct_classify(b->st, texts[i], m->sig.types[1 + i], &p->params[i], err, sizeof err);
        if (p->params[i].cls == CT_BAD) PLAN_FAIL("%s: %s: parameter %d: %s", owner, m->name, i + 1, err);
    }
    name_spec ns;
    if (!parse_name(m->name ? m->name : "", &ns, err, sizeof err)) PLAN_FAIL("%s: %s", owner, err);

    /* the object, and what the declaration looks like */
    int first = 0;
    bool is_const = false;
    const char *fixed_ret = NULL;       /* behaviours have fixed declarations */
    char fname[160];
    cat3(fname, sizeof fname, ns.name, "", "");
    p->cc = AS_CALL_CDECL;
    switch (m->what) {
    case AS_BIND_M_FUNCTION:
        break;
    case AS_BIND_M_METHOD: case AS_BIND_M_GETTER: case AS_BIND_M_SETTER:
        if (!t) PLAN_FAIL("%s: a method needs a class", m->name);
        /* the object is the first C parameter, or else the last (`void f(int x, T *self)`) */
        if (nc > 0 && is_self_of(&p->params[0], t)) p->self_index = 0;
        else if (nc > 1 && is_self_of(&p->params[nc - 1], t)) p->self_index = nc - 1;
        else
            PLAN_FAIL("%s::%s: the first (or the last) C parameter must point to the object (a %s%s)", owner, ns.name,
                      t->pub.c_name ? t->pub.c_name : "void", " *");
        first = p->self_index == 0 ? 1 : 0;
        is_const = p->params[p->self_index].is_const;
        p->self_first = p->self_index == 0;
        p->cc = p->self_first ? AS_CALL_CDECL_OBJFIRST : AS_CALL_CDECL_OBJLAST;
        if (m->what == AS_BIND_M_GETTER) {
            if (nc != 1 || p->ret.cls == CT_VOID) PLAN_FAIL("%s::%s: a getter takes only the object and returns a value", owner, ns.name);
            cat3(fname, sizeof fname, "get_", ns.name, "");
        } else if (m->what == AS_BIND_M_SETTER) {
            if (nc != 2 || p->ret.cls != CT_VOID) PLAN_FAIL("%s::%s: a setter takes the object and the value, and returns void", owner, ns.name);
            cat3(fname, sizeof fname, "set_", ns.name, "");
        }
        break;
    case AS_BIND_M_BEHAVIOUR: {
        if (!t) PLAN_FAIL("%s: a behaviour needs a class", m->name);
        int beh = m->beh;
        if (beh == AS__BEH_CTOR || beh == AS_BEHAVE_CONSTRUCT || beh == AS_BEHAVE_FACTORY) {
            if (t->pub.is_ref) {
                if (p->ret.cls != CT_REF_PTR || p->ret.bt != t)
                    PLAN_FAIL("%s: a reference class's constructor is a factory returning a new %s *", owner,
                              t->pub.c_name ? t->pub.c_name : t->pub.name);
                snprintf(p->ret.script, sizeof p->ret.script, "%s@", t->pub.name);
                fixed_ret = p->ret.script;
            } else if (p->ret.cls == CT_VOID && nc > 0 && is_self_of(&p->params[0], t) &&
                       (p->params[0].cls == CT_VOIDP || p->params[0].bt == t) && !p->params[0].is_const) {
                first = 1;
                p->self_first = true;
                p->self_index = 0;
                p->cc = AS_CALL_CDECL_OBJFIRST;
                fixed_ret = "void";
            } else if (p->ret.cls == CT_VALUE && p->ret.bt == t) {
                p->construct_by_value = true;
                fixed_ret = "void";
            } else {
                PLAN_FAIL("%s: a value class's constructor is void f(%s *self, ...) or %s f(...)", owner,
                          t->pub.c_name ? t->pub.c_name : "T", t->pub.c_name ? t->pub.c_name : "T");
            }
            snprintf(fname, sizeof fname, "f");
            break;
        }
        /* the others take the object first and have fixed signatures */
        if (nc == 0 || !is_self_of(&p->params[0], t)) PLAN_FAIL("%s: behaviour %s: the first C parameter must point to the object", owner, behaviour_name(beh));
        first = 1;
        p->self_first = true;
        p->self_index = 0;
        p->cc = AS_CALL_CDECL_OBJFIRST;
        snprintf(fname, sizeof fname, "f");
        static const struct { int beh; ct_class ret; int nargs; ct_class arg; const char *decl; } fixed[] = {
            {AS_BEHAVE_DESTRUCT, CT_VOID, 0, CT_BAD, "void f()"},
            {AS_BEHAVE_ADDREF, CT_VOID, 0, CT_BAD, "void f()"},
            {AS_BEHAVE_RELEASE, CT_VOID, 0, CT_BAD, "void f()"},
            {AS_BEHAVE_SETGCFLAG, CT_VOID, 0, CT_BAD, "void f()"},
            {AS_BEHAVE_GETREFCOUNT, CT_SCALAR, 0, CT_BAD, "int f()"},
            {AS_BEHAVE_GETGCFLAG, CT_SCALAR, 0, CT_BAD, "bool f()"},
            {AS_BEHAVE_ENUMREFS, CT_VOID, 1, CT_ENGINE_PTR, "void f(int&in)"},
            {AS_BEHAVE_RELEASEREFS, CT_VOID, 1, CT_ENGINE_PTR, "void f(int&in)"},
            {AS_BEHAVE_GET_WEAKREF_FLAG, CT_WEAKFLAG_PTR, 0, CT_BAD, "int &f()"},
        };
        /* the object's type may be asked for too (a hidden as_type * parameter) */
        int hidden = 0;
        for (int i = 1; i < nc; i++) hidden += p->params[i].cls == CT_TYPE_PTR;
        int arg = 1;
        while (arg < nc && p->params[arg].cls == CT_TYPE_PTR) arg++;
        for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
            if (fixed[i].beh != beh) continue;
            bool ok = p->ret.cls == fixed[i].ret && nc - hidden == 1 + fixed[i].nargs &&
                      (fixed[i].nargs == 0 || (arg < nc && p->params[arg].cls == fixed[i].arg));
            if (ok && beh == AS_BEHAVE_GETREFCOUNT) ok = strcmp(p->ret.script, "int") == 0;
            if (ok && beh == AS_BEHAVE_GETGCFLAG) ok = strcmp(p->ret.script, "bool") == 0;
            if (!ok) PLAN_FAIL("%s: behaviour %s has the script declaration '%s': the C function does not fit it", owner,
                               behaviour_name(beh), fixed[i].decl);
            snprintf(p->decl, sizeof p->decl, "%s", fixed[i].decl);
            for (int k = 0; k < nc; k++) p->script_arg[k] = k == arg && fixed[i].nargs ? 0 : -1;
            p->dispatch = hidden > 0;
            return true;
        }
        PLAN_FAIL("%s: behaviour %s can't be bound from a C prototype (use AS_GENERIC or the host API)", owner, behaviour_name(beh));
    }
    default:
        PLAN_FAIL("%s: not a function line", owner);
    }

    /* a result of C type as_var: a template function (2.38) returning a value of its subtype T,
     * which its as_var parameters take too, "T pick<T>(bool, const T &in, const T &in)" */
    if (p->ret.cls == CT_VAR && !fixed_ret) {
        if (ns.ret[0]) PLAN_FAIL("%s: %s: the result of C type as_var is the template's subtype T: give no result type", owner, ns.name);
        p->templ = true;
        strcpy(p->ret.script, "T");
        size_t fl = strlen(fname);
        if (fl + 3 >= sizeof fname) PLAN_FAIL("%s: %s: the declaration is too long", owner, ns.name);
        strcpy(fname + fl, "<T>");
    }

    /* arrays: a scalar pointer whose name-string type is an array of that scalar, and the
     * integer after it, its length, are one script parameter (`const array<float> &in` for a
     * const pointer, `array<float> &inout` for one the function writes through) */
    if (ns.has_params) {
        for (int i = first, k = 0; i < nc && k < ns.nparams; i++) {
            ctinfo *c = &p->params[i];
            if (i == p->self_index || c->cls == CT_TYPE_PTR) continue;
            int elem = 0;
            bool const_in = false;
            if (c->cls == CT_SCALAR_PTR && ns.p[k].type[0] && array_decl(b, ns.p[k].type, &elem, &const_in)) {
                if (elem != as_engine_type_id_by_decl(b->e, c->script))
                    PLAN_FAIL("%s: %s: parameter %d: '%s' is not an array of the C type '%s' ('%s')", owner, ns.name, k + 1,
                              ns.p[k].type, c->text, c->script);
                if (const_in != c->is_const)
                    PLAN_FAIL("%s: %s: parameter %d: a %s pointer is %s", owner, ns.name, k + 1, c->is_const ? "const" : "mutable",
                              c->is_const ? "'const array<T> &in'" : "'array<T> &inout' (the function may write the elements)");
                if (i + 1 >= nc || p->params[i + 1].cls != CT_SCALAR || !is_int_kind(p->params[i + 1].ct.kind))
                    PLAN_FAIL("%s: %s: parameter %d: an array is a C pointer and then its length: the C parameter after '%s' "
                              "must be an integer", owner, ns.name, k + 1, c->text);
                c->cls = CT_ARRAY;
                p->params[i + 1].cls = CT_ARRAY_LEN;
                i++;
            }
            k++;
        }
    }

    /* the declaration */
    int visible = 0;
    for (int i = first; i < nc; i++)
        if (p->params[i].cls != CT_TYPE_PTR && p->params[i].cls != CT_ARRAY_LEN && i != p->self_index) visible++;
    if (ns.has_params && ns.nparams != visible)
        PLAN_FAIL("%s: '%s' names %d parameters, the C function has %d for the script", owner, m->name, ns.nparams, visible);
    char ret[200];
    if (fixed_ret) {
        cat3(ret, sizeof ret, fixed_ret, "", "");
    } else if (ns.ret[0]) {
        if (!accept_override(b, &p->ret, ns.ret, false, ret, sizeof ret, err, sizeof err)) PLAN_FAIL("%s: %s: result: %s", owner, ns.name, err);
    } else if (p->ret.cls == CT_SCALAR_PTR) {
        PLAN_FAIL("%s: %s: the result '%s' may point to one value or to an array: give its script type in the name "
                  "string, e.g. \"%s &%s()\"", owner, ns.name, p->ret.text, p->ret.script, ns.name);
    } else if (p->ret.cls == CT_REF_PTR && counted(&p->ret)) {
        /* C can't say whether a returned pointer carries a reference: a guess either leaks or
         * frees an object still in use, so the line says it */
        PLAN_FAIL("%s: %s: the result '%s' is a reference-counted object: say who owns the reference in the name "
                  "string: \"%s@+ %s\" when the C function keeps it (borrowed: the engine adds the script's), "
                  "\"%s@ %s\" when it hands one over to the caller", owner, ns.name, p->ret.text, p->ret.script,
                  m->name, p->ret.script, m->name);
    } else if (p->templ) {
        cat3(ret, sizeof ret, "T", "", "");
    } else if (!spell(b, &p->ret, false, ret, sizeof ret)) {
        PLAN_FAIL("%s: %s: the C result '%s' has no script type here", owner, ns.name, p->ret.text);
    }
    if (ns.ret[0] && fixed_ret) PLAN_FAIL("%s: a constructor's name string can't give a result type", owner);
    size_t len = 0;
    bool fit = app(p->decl, sizeof p->decl, &len, ret) && app(p->decl, sizeof p->decl, &len, " ") &&
               app(p->decl, sizeof p->decl, &len, fname) && app(p->decl, sizeof p->decl, &len, "(");
    int k = 0;
    for (int i = 0; i < first; i++) p->script_arg[i] = -1;
    for (int i = first; i < nc; i++) {
        const ctinfo *c = &p->params[i];
        if (i == p->self_index) {
            p->script_arg[i] = -1;
            continue;
        }
        if (c->cls == CT_ARRAY_LEN) {
            p->script_arg[i] = k - 1;   /* the array's: the dispatcher passes its length */
            continue;
        }
        if (c->cls == CT_TYPE_PTR) {
            if (p->self_index < 0) PLAN_FAIL("%s: %s: an as_type * parameter (the object's type) needs a method", owner, ns.name);
            p->script_arg[i] = -1;
            continue;
        }
        p->script_arg[i] = k;
        char ps[200];
        const char *over = ns.has_params ? ns.p[k].type : "";
        if (p->templ && c->cls == CT_VAR) {
            if (over[0]) PLAN_FAIL("%s: %s: parameter %d: an as_var parameter of a function returning as_var is 'const T &in': give no type",
                                   owner, ns.name, k + 1);
            cat3(ps, sizeof ps, "const T &in", "", "");
        } else if (c->cls == CT_ARRAY) {
            cat3(ps, sizeof ps, over, "", "");
        } else if (over[0]) {
            if (!accept_override(b, c, over, true, ps, sizeof ps, err, sizeof err))
                PLAN_FAIL("%s: %s: parameter %d: %s", owner, ns.name, k + 1, err);
        } else if (c->cls == CT_SCALAR_PTR) {
            PLAN_FAIL("%s: %s: parameter %d: '%s' may point to one value or to an array: give its script type in the name "
                      "string, e.g. \"%s(%s &out value)\"", owner, ns.name, k + 1, c->text, ns.name, c->script);
        } else if (!spell(b, c, true, ps, sizeof ps)) {
            if (c->cls == CT_FUNC_PTR || c->cls == CT_VOIDP)
                PLAN_FAIL("%s: %s: parameter %d: give the script type of C type '%s' in the name string, e.g. \"%s(Handler@ h)\"",
                          owner, ns.name, k + 1, c->text, ns.name);
            PLAN_FAIL("%s: %s: parameter %d: the C type '%s' has no script type here", owner, ns.name, k + 1, c->text);
        }
        fit = fit && (k == 0 || app(p->decl, sizeof p->decl, &len, ", ")) && app(p->decl, sizeof p->decl, &len, ps);
        if (ns.has_params && ns.p[k].name[0])
            fit = fit && app(p->decl, sizeof p->decl, &len, " ") && app(p->decl, sizeof p->decl, &len, ns.p[k].name);
        if (ns.has_params && ns.p[k].def[0])
            fit = fit && app(p->decl, sizeof p->decl, &len, " = ") && app(p->decl, sizeof p->decl, &len, ns.p[k].def);
        k++;
    }
    fit = fit && app(p->decl, sizeof p->decl, &len, is_const ? ") const" : ")");
    if (m->what == AS_BIND_M_GETTER || m->what == AS_BIND_M_SETTER) fit = fit && app(p->decl, sizeof p->decl, &len, " property");
    if (ns.trailing[0]) fit = fit && app(p->decl, sizeof p->decl, &len, " ") && app(p->decl, sizeof p->decl, &len, ns.trailing);
    if (!fit) PLAN_FAIL("%s: %s: the declaration is too long", owner, ns.name);

    /* the engine calls the function itself unless a value must be converted */
    p->dispatch = p->construct_by_value || p->ret.cls == CT_CSTR || p->ret.cls == CT_VALUE || p->templ;
    for (int i = 0; i < nc; i++) {
        ct_class c = p->params[i].cls;
        if (c == CT_CSTR || c == CT_VALUE || c == CT_VAR || c == CT_VAR_PTR || c == CT_TYPE_PTR || c == CT_ARRAY) p->dispatch = true;
    }
    return true;
}

const char *as_bind_declaration(as_bind *b, const as_bind_class *c, const as_bind_member *m, char *buf, size_t size)
{
    if (!b || !m || !buf || !size) return NULL;
    bind_plan plan;
    if (!bind_plan_row(b, c ? c->t : NULL, m, &plan)) return NULL;
    if (strlen(plan.decl) >= size) return NULL;
    strcpy(buf, plan.decl);
    return buf;
}
