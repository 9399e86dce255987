/* Script declarations derived from C signatures, and the slot helpers the typed thunks use. */
#include "bind_impl.h"
#include <ctype.h>
#include <string.h>

/* ---- thunk helpers: the generic convention's slots are 8 bytes, small integers widened ---- */

void *as_bind__arg(as_generic *g, unsigned i) { return as_generic_address_of_arg(g, i); }
void *as_bind__ret(as_generic *g) { return as_generic_return_location(g); }
void as_bind__ret_i64(as_generic *g, int64_t v) { as_generic_set_return_qword(g, (uint64_t)v); }
void as_bind__ret_u64(as_generic *g, uint64_t v) { as_generic_set_return_qword(g, v); }
void as_bind__ret_f32(as_generic *g, float v) { as_generic_set_return_float(g, v); }
void as_bind__ret_f64(as_generic *g, double v) { as_generic_set_return_double(g, v); }
void as_bind__ret_ptr(as_generic *g, void *v) { as_generic_set_return_address(g, v); }

/* ---- C spellings ---- */

typedef struct c_type {
    bool is_const;          /* `const T` or `const T *` */
    int pointers;
    char base[64];          /* "unsigned int", "Vec2", ... words joined by one space */
    char name[64];          /* the parameter's name, if any */
} c_type;

/* Splits "const Vec2 * a" into its parts; the last word is the name when has_name. */
static bool parse_c(const char *s, bool has_name, c_type *out)
{
    memset(out, 0, sizeof *out);
    char words[8][64];
    int nw = 0;
    for (const char *p = s; *p;) {
        if (isspace((unsigned char)*p)) { p++; continue; }
        if (*p == '*') { out->pointers++; p++; continue; }
        if (!(isalnum((unsigned char)*p) || *p == '_')) return false;
        const char *b = p;
        while (isalnum((unsigned char)*p) || *p == '_') p++;
        size_t n = (size_t)(p - b);
        if (n >= 64 || nw == 8) return false;
        if (n == 5 && memcmp(b, "const", 5) == 0) { out->is_const = true; continue; }
        /* a word after a '*' can only be the name */
        if (out->pointers && !(has_name && !*p)) {
            const char *q = p;
            while (isspace((unsigned char)*q)) q++;
            if (*q) return false;
        }
        memcpy(words[nw], b, n);
        words[nw][n] = 0;
        nw++;
    }
    if (has_name) {
        if (nw < 2) return false;
        strcpy(out->name, words[--nw]);
    }
    if (nw == 0) return false;
    for (int i = 0; i < nw; i++) {
        if (strlen(out->base) + strlen(words[i]) + 2 > sizeof out->base) return false;
        if (i) strcat(out->base, " ");
        strcat(out->base, words[i]);
    }
    return true;
}

/* The script name of a C scalar type, or NULL. */
static const char *scalar_name(const char *c)
{
    static const char *const map[][2] = {
        {"void", "void"}, {"bool", "bool"}, {"_Bool", "bool"},
        {"char", "int8"}, {"signed char", "int8"}, {"int8_t", "int8"}, {"unsigned char", "uint8"}, {"uint8_t", "uint8"},
        {"short", "int16"}, {"short int", "int16"}, {"int16_t", "int16"},
        {"unsigned short", "uint16"}, {"unsigned short int", "uint16"}, {"uint16_t", "uint16"},
        {"int", "int"}, {"signed", "int"}, {"signed int", "int"}, {"int32_t", "int"},
        {"unsigned", "uint"}, {"unsigned int", "uint"}, {"uint32_t", "uint"},
        {"long long", "int64"}, {"long long int", "int64"}, {"int64_t", "int64"},
        {"unsigned long long", "uint64"}, {"unsigned long long int", "uint64"}, {"uint64_t", "uint64"},
        {"float", "float"}, {"double", "double"},
#if defined(__LP64__) || defined(_LP64)
        {"long", "int64"}, {"long int", "int64"}, {"unsigned long", "uint64"}, {"size_t", "uint64"},
        {"ptrdiff_t", "int64"}, {"intptr_t", "int64"}, {"uintptr_t", "uint64"},
#else
        {"long", "int"}, {"long int", "int"}, {"unsigned long", "uint"}, {"size_t", "uint"},
#endif
    };
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (strcmp(map[i][0], c) == 0) return map[i][1];
    return NULL;
}

/* A non-const pointer parameter: the real variable where unsafe references are allowed,
 * else an output the script's variable receives after the call. */
static const char *mutable_ref(as_engine *e)
{
    return as_engine_get_property(e, AS_EP_ALLOW_UNSAFE_REFERENCES) ? "%s &inout" : "%s &out";
}

/* Appends the script spelling of C type t (as a parameter when param) to buf; false if none. */
static bool script_type(as_engine *e, const c_type *t, bool param, char *buf, size_t size)
{
    const char *sc = scalar_name(t->base);
    as_bind_type *bt = sc ? NULL : as_bind_type_by_c_name(e, t->base);
    size_t len = strlen(buf);
    char *o = buf + len;
    size_t room = size - len;
    int w;
    if (sc) {
        if (t->pointers == 0) w = snprintf(o, room, "%s", sc);
        else if (t->pointers == 1 && strcmp(sc, "void") != 0)
            w = param ? snprintf(o, room, t->is_const ? "const %s &in" : mutable_ref(e), sc)
                      : snprintf(o, room, t->is_const ? "const %s &" : "%s &", sc);
        else return false;
    } else if (bt) {
        if (t->pointers != 1) return false;   /* objects go by pointer */
        /* auto handles: the C side sees borrowed pointers, the engine keeps the counts */
        if (bt->is_ref) w = snprintf(o, room, t->is_const ? "const %s@+" : "%s@+", bt->script_name);
        else if (param) w = snprintf(o, room, t->is_const ? "const %s &in" : mutable_ref(e), bt->script_name);
        else w = snprintf(o, room, t->is_const ? "const %s &" : "%s &", bt->script_name);
    } else {
        return false;
    }
    return w >= 0 && (size_t)w < room;
}

const char *as_bind_declaration(as_engine *e, const as_bind_func *f, char *buf, size_t size)
{
    if (!e || !f || !buf || size < 8 || f->nparams < (f->is_method ? 1 : 0) || f->nparams > 8) return NULL;
    buf[0] = 0;
    c_type t;
    if (!parse_c(f->ret, false, &t) || !script_type(e, &t, false, buf, size)) {
        bind_error(e, "%s: no script type for the C return type '%s'", f->name, f->ret);
        return NULL;
    }
    size_t len = strlen(buf);
    if (snprintf(buf + len, size - len, " %s(", f->name) >= (int)(size - len)) return NULL;
    bool const_method = false;
    for (int i = 0; i < f->nparams; i++) {
        if (!parse_c(f->params[i], true, &t)) {
            bind_error(e, "%s: can't read the C parameter '%s'", f->name, f->params[i]);
            return NULL;
        }
        if (f->is_method && i == 0) {
            /* the object: only its constness shows */
            if (t.pointers != 1) {
                bind_error(e, "%s: a method's first parameter must point to the object", f->name);
                return NULL;
            }
            const_method = t.is_const;
            continue;
        }
        len = strlen(buf);
        if (i > (f->is_method ? 1 : 0) && snprintf(buf + len, size - len, ", ") >= (int)(size - len)) return NULL;
        if (!script_type(e, &t, true, buf, size)) {
            bind_error(e, "%s: no script type for the C parameter '%s'", f->name, f->params[i]);
            return NULL;
        }
        len = strlen(buf);
        if (snprintf(buf + len, size - len, " %s", t.name) >= (int)(size - len)) return NULL;
    }
    len = strlen(buf);
    if (snprintf(buf + len, size - len, const_method ? ") const" : ")") >= (int)(size - len)) return NULL;
    return buf;
}

int as_bind_function(as_engine *e, const as_bind_func *f, const char *doc)
{
    char decl[512];
    if (!as_bind_declaration(e, f, decl, sizeof decl)) return AS_INVALID_DECLARATION;
    int r = as_register_global_function(e, decl, AS_FN(f->thunk), AS_CALL_GENERIC, NULL);
    if (r < 0) return r;
    if (doc) as_bind_doc_function(as_engine_function_by_id(e, r), doc);
    return r;
}

static int method_on(as_engine *e, const char *type, const char *decl, const as_bind_func *f, const char *doc, int depth)
{
    as_type *t = as_engine_type_by_name(e, type);
    if (depth && t && as_type_method_by_decl(t, decl)) return 0;   /* the derived class has its own */
    int r = as_register_object_method(e, type, decl, AS_FN(f->thunk), AS_CALL_GENERIC, NULL);
    if (r < 0) return r;
    if (doc) as_bind_doc_function(as_engine_function_by_id(e, r), doc);
    if (depth > 16) return r;
    for (int i = 0; i < bind_type_count(e); i++) {
        as_bind_type *d = bind_type_at(e, i);
        if (d->base && strcmp(d->base, type) == 0) {
            int rd = method_on(e, d->script_name, decl, f, doc, depth + 1);
            if (rd < 0) return rd;
        }
    }
    return r;
}

int as_bind_method_of(as_engine *e, const char *type, const as_bind_func *f, const char *doc)
{
    char decl[512];
    if (!f || !f->is_method || !type) return AS_INVALID_ARG;
    if (!as_bind_declaration(e, f, decl, sizeof decl)) return AS_INVALID_DECLARATION;
    return method_on(e, type, decl, f, doc, 0);
}
