/* Script values for the debug adapter: the text a client shows, what a value expands into, path
 * expressions (a.b, arr[2], dict["k"], this.x) as evaluate, conditions and log points use them,
 * and values typed by the user for setVariable. Runs on a stopped script's thread. */
#define _POSIX_C_SOURCE 200809L
#include "dap_values.h"
#include "angelc_addons.h"
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *format(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0) return NULL;
    char *s = malloc((size_t)n + 1);
    if (!s) return NULL;
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return s;
}

/* The shortest text of a double that reads back the same. */
static char *double_text(double v)
{
    char buf[40];
    for (int prec = 6; prec <= 17; prec++) {
        snprintf(buf, sizeof buf, "%.*g", prec, v);
        if (strtod(buf, NULL) == v || isnan(v)) break;
    }
    return dap_strdup(buf);
}

static bool named(const as_type *t, const char *name)
{
    return t && !strcmp(as_type_name(t), name) && !as_type_namespace(t)[0];
}

dap_kind dap_value_kind(as_engine *e, int type_id, as_type **type)
{
    if (type) *type = NULL;
    if (type_id == AS_TYPEID_VOID) return KIND_VOID;
    if (type_id <= AS_TYPEID_DOUBLE && type_id > 0) return KIND_PRIMITIVE;
    as_type *t = as_engine_type_by_id(e, type_id);
    if (type) *type = t;
    if (!t) return KIND_OTHER;
    uint32_t flags = as_type_flags(t);
    if (flags & AS_OBJ_ENUM) return KIND_ENUM;
    if (flags & AS_OBJ_SCRIPT_OBJECT) return KIND_SCRIPT_OBJECT;
    if (named(t, "string") && !(type_id & AS_TYPEID_OBJHANDLE)) return KIND_STRING;
    if (named(t, "array") && (flags & AS_OBJ_TEMPLATE) && as_type_subtype_count(t) == 1) return KIND_ARRAY;
    if (named(t, "dictionary")) return KIND_DICTIONARY;
    return KIND_OTHER;
}

void *dap_object_of(void *addr, int type_id)
{
    if (!addr) return NULL;
    return (type_id & AS_TYPEID_OBJHANDLE) ? *(void **)addr : addr;
}

static char *primitive_text(const void *v, int type_id)
{
    switch (type_id) {
    case AS_TYPEID_BOOL: return dap_strdup(*(const bool *)v ? "true" : "false");
    case AS_TYPEID_INT8: return format("%d", *(const int8_t *)v);
    case AS_TYPEID_INT16: return format("%d", *(const int16_t *)v);
    case AS_TYPEID_INT32: return format("%" PRId32, *(const int32_t *)v);
    case AS_TYPEID_INT64: return format("%" PRId64, *(const int64_t *)v);
    case AS_TYPEID_UINT8: return format("%u", *(const uint8_t *)v);
    case AS_TYPEID_UINT16: return format("%u", *(const uint16_t *)v);
    case AS_TYPEID_UINT32: return format("%" PRIu32, *(const uint32_t *)v);
    case AS_TYPEID_UINT64: return format("%" PRIu64, *(const uint64_t *)v);
    case AS_TYPEID_FLOAT: return double_text(*(const float *)v);
    case AS_TYPEID_DOUBLE: return double_text(*(const double *)v);
    default: return dap_strdup("?");
    }
}

/* A string as a quoted literal, shortened past 1000 bytes. */
static char *quoted(const char *s, size_t n)
{
    size_t shown = n > 1000 ? 1000 : n;
    char *out = malloc(shown * 4 + 8);
    if (!out) return NULL;
    char *p = out;
    *p++ = '"';
    for (size_t i = 0; i < shown; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') {
            *p++ = '\\';
            *p++ = (char)c;
        } else if (c == '\n') {
            *p++ = '\\';
            *p++ = 'n';
        } else if (c == '\t') {
            *p++ = '\\';
            *p++ = 't';
        } else if (c < 0x20) {
            p += sprintf(p, "\\x%02x", c);
        } else {
            *p++ = (char)c;
        }
    }
    *p++ = '"';
    if (shown < n) p += sprintf(p, "...");
    *p = 0;
    return out;
}

char *dap_type_text(as_engine *e, int type_id)
{
    const char *d = as_engine_type_declaration(e, type_id, true);
    return dap_strdup(d ? d : "?");
}

char *dap_value_text(as_engine *e, void *addr, int type_id)
{
    if (!addr) return dap_strdup("null");
    as_type *t;
    dap_kind kind = dap_value_kind(e, type_id, &t);
    if (kind == KIND_VOID) return dap_strdup("void");
    if (kind == KIND_PRIMITIVE) return primitive_text(addr, type_id);
    if (kind == KIND_ENUM) {
        int v = *(const int *)addr;
        for (int i = 0, n = as_type_enum_value_count(t); i < n; i++) {
            int ev;
            const char *name = as_type_enum_value(t, i, &ev);
            if (name && ev == v) return dap_strdup(name);
        }
        return format("%d", v);
    }
    void *obj = dap_object_of(addr, type_id);
    if (!obj) return dap_strdup("null");
    if (kind == KIND_STRING) {
        size_t n = 0;
        const char *s = as_string_data(obj, &n);
        return quoted(s ? s : "", s ? n : 0);
    }
    if (kind == KIND_OTHER) {
        /* a registered type's own text, when its host gave one (as_type_set_debug_text) */
        char own[256];
        int n = as_engine_debug_text(e, obj, type_id, own, sizeof own);
        if (n >= (int)sizeof own) {
            char *all = malloc((size_t)n + 1);
            if (all && as_engine_debug_text(e, obj, type_id, all, (size_t)n + 1) >= 0) return all;
            free(all);
        }
        if (n >= 0) return dap_strdup(own);
    }
    char *decl = dap_type_text(e, type_id & ~(AS_TYPEID_OBJHANDLE | AS_TYPEID_HANDLETOCONST));
    char *text = NULL;
    if (kind == KIND_ARRAY) text = format("%s (length %" PRIu32 ")", decl ? decl : "array", as_array_size(obj));
    else if (kind == KIND_DICTIONARY) text = format("dictionary (size %" PRIu32 ")", as_dictionary_size(obj));
    else if (kind == KIND_SCRIPT_OBJECT && (type_id & AS_TYPEID_OBJHANDLE)) {
        /* through a handle: the object's own class may be a derived one */
        as_type *own = as_object_type(obj);
        text = format("%s@", own ? as_type_name(own) : decl ? decl : "?");
    } else text = format("%s", decl ? decl : "?");
    free(decl);
    return text;
}

int dap_child_count(as_engine *e, void *addr, int type_id)
{
    void *obj;
    switch (dap_value_kind(e, type_id, NULL)) {
    case KIND_SCRIPT_OBJECT:
        obj = dap_object_of(addr, type_id);
        return obj ? as_object_property_count(obj) : 0;
    case KIND_ARRAY:
        obj = dap_object_of(addr, type_id);
        return obj ? (int)(as_array_size(obj) > 1000000 ? 1000000 : as_array_size(obj)) : 0;
    case KIND_DICTIONARY:
        obj = dap_object_of(addr, type_id);
        return obj ? (int)(as_dictionary_size(obj) > 1000000 ? 1000000 : as_dictionary_size(obj)) : 0;
    default: return 0;
    }
}

/* ---- path expressions ---- */

static void set_err(char *err, size_t size, const char *fmt, const char *arg)
{
    if (err && size) snprintf(err, size, fmt, arg);
}

/* Member `name` of the value: a property of a script object. */
static bool member(void **addr, int *type_id, const char *name, char *err, size_t err_size)
{
    void *obj = dap_object_of(*addr, *type_id);
    if (!obj) {
        set_err(err, err_size, "null pointer access reading '%s'", name);
        return false;
    }
    if (!(*type_id & AS_TYPEID_SCRIPTOBJECT)) {
        set_err(err, err_size, "no member '%s' (only script objects have members here)", name);
        return false;
    }
    for (int i = 0, n = as_object_property_count(obj); i < n; i++) {
        if (strcmp(as_object_property_name(obj, i), name) != 0) continue;
        *addr = as_object_property_address(obj, i);
        *type_id = as_object_property_type_id(obj, i);
        return true;
    }
    set_err(err, err_size, "no member '%s'", name);
    return false;
}

/* Element [index] of an array, or ["key"] of a dictionary. */
static bool element(as_engine *e, void **addr, int *type_id, const char *key, bool is_string, char *err, size_t err_size)
{
    dap_kind kind = dap_value_kind(e, *type_id, NULL);
    void *obj = dap_object_of(*addr, *type_id);
    if ((kind == KIND_ARRAY || kind == KIND_DICTIONARY) && !obj) {
        set_err(err, err_size, "%snull pointer access", "");
        return false;
    }
    if (kind == KIND_ARRAY && !is_string) {
        char *end;
        errno = 0;
        unsigned long long i = strtoull(key, &end, 10);
        if (errno || *end || i >= as_array_size(obj)) {
            set_err(err, err_size, "index %s is out of bounds", key);
            return false;
        }
        *addr = as_array_at(obj, (uint32_t)i);
        *type_id = as_array_element_type_id(obj);
        return true;
    }
    if (kind == KIND_DICTIONARY && is_string) {
        int tid = 0;
        const void *v = as_dictionary_value(obj, key, &tid);
        if (!v) {
            set_err(err, err_size, "no key \"%s\"", key);
            return false;
        }
        *addr = (void *)v;
        *type_id = tid;
        return true;
    }
    set_err(err, err_size, "%s cannot be indexed so", kind == KIND_ARRAY ? "an array" : kind == KIND_DICTIONARY ? "a dictionary" : "the value");
    return false;
}

/* Whether what follows a path's first name keeps the form of a path: .NAME, [DIGITS] and
 * ["KEY"] to the end (sets *is_path). */
static bool check_path_syntax(const char *p, bool *is_path)
{
    size_t n = 0;
    while (isalnum((unsigned char)p[n]) || p[n] == '_' || p[n] == ':' || (unsigned char)p[n] >= 0x80) n++;
    p += n;
    for (;;) {
        while (isspace((unsigned char)*p)) p++;
        if (!*p) break;
        if (*p == '.') {
            p++;
            while (isspace((unsigned char)*p)) p++;
            if (!isalpha((unsigned char)*p) && *p != '_' && (unsigned char)*p < 0x80) return false;
            while (isalnum((unsigned char)*p) || *p == '_' || (unsigned char)*p >= 0x80) p++;
        } else if (*p == '[') {
            p++;
            while (isspace((unsigned char)*p)) p++;
            if (*p == '"') {
                const char *close = strchr(p + 1, '"');
                if (!close) return false;
                p = close + 1;
            } else {
                if (!isdigit((unsigned char)*p)) return false;
                while (isdigit((unsigned char)*p)) p++;
            }
            while (isspace((unsigned char)*p)) p++;
            if (*p != ']') return false;
            p++;
        } else {
            return false;
        }
    }
    *is_path = true;
    return true;
}

bool dap_path_value(as_context *ctx, unsigned level, const char *expr, void **addr, int *type_id, char *err, size_t err_size)
{
    return dap_path_value_ex(ctx, level, expr, addr, type_id, err, err_size, NULL);
}

bool dap_path_value_ex(as_context *ctx, unsigned level, const char *expr, void **addr, int *type_id, char *err, size_t err_size,
                       bool *is_path)
{
    bool ignored;
    if (!is_path) is_path = &ignored;
    *is_path = false;
    as_engine *e = as_context_engine(ctx);
    const char *p = expr;
    char name[256];
    bool first = true;
    while (isspace((unsigned char)*p)) p++;
    for (;;) {
        if (first || *p == '.') {
            if (!first) p++;
            while (isspace((unsigned char)*p)) p++;
            size_t n = 0;
            if (!isdigit((unsigned char)p[0]))
                while (isalnum((unsigned char)p[n]) || p[n] == '_' || (p[n] == ':' && p[n + 1] == ':' && (n += 1)) ||
                       (unsigned char)p[n] >= 0x80)
                    n++;
            if (n == 0 || n >= sizeof name) {
                set_err(err, err_size, "%sexpected a name (only paths such as a.b[2] are evaluated)", "");
                return false;
            }
            if (first && !check_path_syntax(p, is_path)) {
                /* not a path after all: the compiler's business */
                set_err(err, err_size, "%snot a path such as a.b[2]", "");
                return false;
            }
            memcpy(name, p, n);
            name[n] = 0;
            p += n;
            if (first) {
                if (as_context_find_variable(ctx, level, name, addr, type_id) < 0) {
                    set_err(err, err_size, "no variable '%s' here", name);
                    return false;
                }
                first = false;
            } else if (!member(addr, type_id, name, err, err_size)) {
                return false;
            }
        } else if (*p == '[') {
            p++;
            while (isspace((unsigned char)*p)) p++;
            bool is_string = *p == '"';
            size_t n = 0;
            if (is_string) {
                p++;
                while (p[n] && p[n] != '"' && n < sizeof name - 1) name[n] = p[n], n++;
                if (p[n] != '"') {
                    set_err(err, err_size, "%sunterminated string", "");
                    return false;
                }
                p += n + 1;
            } else {
                while (isdigit((unsigned char)p[n]) && n < sizeof name - 1) name[n] = p[n], n++;
                p += n;
            }
            name[n] = 0;
            while (isspace((unsigned char)*p)) p++;
            if ((!is_string && n == 0) || *p != ']') {
                set_err(err, err_size, "%sexpected a number or a \"key\" between [ and ]", "");
                return false;
            }
            p++;
            if (!element(e, addr, type_id, name, is_string, err, err_size)) return false;
        } else if (!*p) {
            return true;
        } else {
            set_err(err, err_size, "unexpected '%.20s' (only paths such as a.b[2] are evaluated)", p);
            return false;
        }
        while (isspace((unsigned char)*p)) p++;
    }
}

/* ---- values typed by the user ---- */

static bool parse_int(const char *text, bool is_unsigned, int64_t *out)
{
    char *end;
    errno = 0;
    if (is_unsigned) {
        if (*text == '-') return false;
        uint64_t v = strtoull(text, &end, 0);
        *out = (int64_t)v;
    } else {
        *out = strtoll(text, &end, 0);
    }
    while (isspace((unsigned char)*end)) end++;
    return !errno && end != text && !*end;
}

bool dap_assign(as_engine *e, void *addr, int type_id, const char *text, char *err, size_t err_size)
{
    as_type *t;
    dap_kind kind = dap_value_kind(e, type_id, &t);
    while (isspace((unsigned char)*text)) text++;
    int64_t iv;
    if (kind == KIND_PRIMITIVE) {
        if (type_id == AS_TYPEID_BOOL) {
            if (!strcmp(text, "true")) *(bool *)addr = true;
            else if (!strcmp(text, "false")) *(bool *)addr = false;
            else goto bad;
            return true;
        }
        if (type_id == AS_TYPEID_FLOAT || type_id == AS_TYPEID_DOUBLE) {
            char *end;
            double d = strtod(text, &end);
            while (isspace((unsigned char)*end)) end++;
            if (end == text || *end) goto bad;
            if (type_id == AS_TYPEID_FLOAT) *(float *)addr = (float)d;
            else *(double *)addr = d;
            return true;
        }
        bool is_unsigned = type_id >= AS_TYPEID_UINT8;
        if (!parse_int(text, is_unsigned, &iv)) goto bad;
        switch (type_id) {
        case AS_TYPEID_INT8: if (iv < INT8_MIN || iv > INT8_MAX) goto range; *(int8_t *)addr = (int8_t)iv; break;
        case AS_TYPEID_INT16: if (iv < INT16_MIN || iv > INT16_MAX) goto range; *(int16_t *)addr = (int16_t)iv; break;
        case AS_TYPEID_INT32: if (iv < INT32_MIN || iv > INT32_MAX) goto range; *(int32_t *)addr = (int32_t)iv; break;
        case AS_TYPEID_INT64: *(int64_t *)addr = iv; break;
        case AS_TYPEID_UINT8: if ((uint64_t)iv > UINT8_MAX) goto range; *(uint8_t *)addr = (uint8_t)iv; break;
        case AS_TYPEID_UINT16: if ((uint64_t)iv > UINT16_MAX) goto range; *(uint16_t *)addr = (uint16_t)iv; break;
        case AS_TYPEID_UINT32: if ((uint64_t)iv > UINT32_MAX) goto range; *(uint32_t *)addr = (uint32_t)iv; break;
        default: *(uint64_t *)addr = (uint64_t)iv; break;
        }
        return true;
    }
    if (kind == KIND_ENUM) {
        for (int i = 0, n = as_type_enum_value_count(t); i < n; i++) {
            int ev;
            const char *name = as_type_enum_value(t, i, &ev);
            if (name && !strcmp(name, text)) {
                *(int *)addr = ev;
                return true;
            }
        }
        if (!parse_int(text, false, &iv) || iv < INT32_MIN || iv > INT32_MAX) goto bad;
        *(int *)addr = (int)iv;
        return true;
    }
    if (kind == KIND_STRING) {
        size_t n = strlen(text);
        /* "text" sets text; anything else is taken as it is */
        if (n >= 2 && text[0] == '"' && text[n - 1] == '"') as_string_assign(addr, text + 1, n - 2);
        else as_string_assign(addr, text, n);
        return true;
    }
    set_err(err, err_size, "%sonly numbers, bool, enums and strings can be set", "");
    return false;
bad:
    set_err(err, err_size, "'%s' is not a value of this type", text);
    return false;
range:
    set_err(err, err_size, "%s is out of the type's range", text);
    return false;
}

/* ---- conditions ---- */

/* The value as a number for comparisons (primitives, enums); false for other kinds. */
static bool numeric(as_engine *e, void *addr, int type_id, double *out)
{
    dap_kind kind = dap_value_kind(e, type_id, NULL);
    if (!addr) return false;
    if (kind == KIND_ENUM) {
        *out = *(const int *)addr;
        return true;
    }
    if (kind != KIND_PRIMITIVE) return false;
    switch (type_id) {
    case AS_TYPEID_BOOL: *out = *(const bool *)addr; return true;
    case AS_TYPEID_INT8: *out = *(const int8_t *)addr; return true;
    case AS_TYPEID_INT16: *out = *(const int16_t *)addr; return true;
    case AS_TYPEID_INT32: *out = *(const int32_t *)addr; return true;
    case AS_TYPEID_INT64: *out = (double)*(const int64_t *)addr; return true;
    case AS_TYPEID_UINT8: *out = *(const uint8_t *)addr; return true;
    case AS_TYPEID_UINT16: *out = *(const uint16_t *)addr; return true;
    case AS_TYPEID_UINT32: *out = *(const uint32_t *)addr; return true;
    case AS_TYPEID_UINT64: *out = (double)*(const uint64_t *)addr; return true;
    case AS_TYPEID_FLOAT: *out = *(const float *)addr; return true;
    case AS_TYPEID_DOUBLE: *out = *(const double *)addr; return true;
    default: return false;
    }
}

int dap_condition(as_context *ctx, unsigned level, const char *cond, char *err, size_t err_size)
{
    static const char *const ops[] = {"==", "!=", "<=", ">=", "<", ">"};
    const char *op = NULL;
    const char *at = NULL;
    bool in_string = false;
    for (const char *p = cond; *p && !op; p++) {
        if (*p == '"') in_string = !in_string;
        if (in_string) continue;
        for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
            if (!strncmp(p, ops[i], strlen(ops[i]))) {
                op = ops[i];
                at = p;
                break;
            }
    }
    char left[512];
    size_t n = op ? (size_t)(at - cond) : strlen(cond);
    if (n >= sizeof left) {
        set_err(err, err_size, "%sthe condition is too long", "");
        return -1;
    }
    memcpy(left, cond, n);
    left[n] = 0;
    void *addr;
    int tid;
    if (!dap_path_value(ctx, level, left, &addr, &tid, err, err_size)) return -1;
    as_engine *e = as_context_engine(ctx);
    double lv, rv;
    if (!op) {
        /* a bare path: true when not zero, false or null */
        if (numeric(e, addr, tid, &lv)) return lv != 0;
        return dap_object_of(addr, tid) != NULL;
    }
    const char *right = at + strlen(op);
    while (isspace((unsigned char)*right)) right++;
    char rtext[512];
    snprintf(rtext, sizeof rtext, "%s", right);
    for (size_t k = strlen(rtext); k && isspace((unsigned char)rtext[k - 1]);) rtext[--k] = 0;
    int cmp;
    if (dap_value_kind(e, tid, NULL) == KIND_STRING) {
        size_t rl = strlen(rtext);
        if (rl < 2 || rtext[0] != '"' || rtext[rl - 1] != '"') {
            set_err(err, err_size, "%sa string compares with a \"string\"", "");
            return -1;
        }
        size_t ln;
        const char *ls = as_string_data(addr, &ln);
        cmp = strncmp(ls ? ls : "", rtext + 1, rl - 2);
        if (!cmp) cmp = ln < rl - 2 ? -1 : ln > rl - 2 ? 1 : 0;
    } else if (!strcmp(rtext, "null")) {
        cmp = dap_object_of(addr, tid) != NULL;
    } else if (numeric(e, addr, tid, &lv)) {
        void *raddr;
        int rtid;
        char *end;
        rv = strtod(rtext, &end);
        if (!strcmp(rtext, "true")) rv = 1;
        else if (!strcmp(rtext, "false")) rv = 0;
        else if (end == rtext || *end) {
            /* a variable, or an enum value name */
            if (dap_value_kind(e, tid, NULL) == KIND_ENUM) {
                as_type *t = as_engine_type_by_id(e, tid);
                bool found = false;
                for (int i = 0, c = as_type_enum_value_count(t); i < c && !found; i++) {
                    int ev;
                    const char *name = as_type_enum_value(t, i, &ev);
                    if (name && !strcmp(name, rtext)) rv = ev, found = true;
                }
                if (!found && (!dap_path_value(ctx, level, rtext, &raddr, &rtid, err, err_size) || !numeric(e, raddr, rtid, &rv)))
                    return -1;
            } else if (!dap_path_value(ctx, level, rtext, &raddr, &rtid, err, err_size) || !numeric(e, raddr, rtid, &rv)) {
                return -1;
            }
        }
        cmp = lv < rv ? -1 : lv > rv ? 1 : 0;
    } else {
        set_err(err, err_size, "%sonly numbers, enums, strings and null compare", "");
        return -1;
    }
    if (!strcmp(op, "==")) return cmp == 0;
    if (!strcmp(op, "!=")) return cmp != 0;
    if (!strcmp(op, "<")) return cmp < 0;
    if (!strcmp(op, "<=")) return cmp <= 0;
    if (!strcmp(op, ">")) return cmp > 0;
    return cmp >= 0;
}
