/* The string functions AngelScript 2.38's string add-on adds: the variadic `format` and `scan`
 * and the method `regexFind`, registered with the generic convention through the public API.
 * Their behaviour was checked against the 2.38 reference (ashost-2.38):
 *
 *  - format(fmt, ...): each `{...}` takes the next argument in its default text (integers in
 *    decimal, bool as true/false, floating point as %f, enums as their value, strings as they
 *    are) followed by whatever is between the braces; `{{` and `}}` are braces, a lone `}` is
 *    dropped, an unclosed `{` raises "Invalid format string", too few arguments "Index out of
 *    range", other types "Unformattable"; arguments left over are ignored;
 *  - scan(str, ...): fills the arguments in order from the whitespace separated text (numbers as
 *    strtoll/strtod read them, strings up to the next white space) and returns how many it
 *    filled; it stops at the first argument it cannot fill;
 *  - regexFind(regex, start = 0, &out length): where the first match at or after `start` begins,
 *    counted from `start`, or -1; the length of the match. The reference uses std::regex's
 *    ECMAScript grammar; here POSIX extended expressions with \d \w \s (and \D \W \S) added,
 *    which covers what scripts commonly use. */
#include "angelc.h"
#include "util/mem.h"
#include "angelc_addons.h"
#include "addon_value.h"
#include "str.h"
#include <inttypes.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int string_tid(as_generic *g)
{
    as_type *t = as_engine_type_by_name(as_generic_engine(g), "string");
    return t ? as_type_id(t) : -1;
}

/* ======================================================================= format */

/* Appends the default text of argument `arg`; false (after raising) if it has none. */
static bool append_value(as_generic *g, unsigned arg, as_str *out)
{
    int tid = as_generic_arg_type_id(g, arg, NULL);
    const void *p = as_generic_arg_address(g, arg);
    char buf[64];
    int n = -1;
    if (!p) {
        addon_raise("Unformattable");
        return false;
    }
    switch (tid) {
    case AS_TYPEID_BOOL: n = snprintf(buf, sizeof buf, "%s", *(const bool *)p ? "true" : "false"); break;
    case AS_TYPEID_INT8: n = snprintf(buf, sizeof buf, "%d", *(const int8_t *)p); break;
    case AS_TYPEID_INT16: n = snprintf(buf, sizeof buf, "%d", *(const int16_t *)p); break;
    case AS_TYPEID_INT32: n = snprintf(buf, sizeof buf, "%" PRId32, *(const int32_t *)p); break;
    case AS_TYPEID_INT64: n = snprintf(buf, sizeof buf, "%" PRId64, *(const int64_t *)p); break;
    case AS_TYPEID_UINT8: n = snprintf(buf, sizeof buf, "%u", *(const uint8_t *)p); break;
    case AS_TYPEID_UINT16: n = snprintf(buf, sizeof buf, "%u", *(const uint16_t *)p); break;
    case AS_TYPEID_UINT32: n = snprintf(buf, sizeof buf, "%" PRIu32, *(const uint32_t *)p); break;
    case AS_TYPEID_UINT64: n = snprintf(buf, sizeof buf, "%" PRIu64, *(const uint64_t *)p); break;
    case AS_TYPEID_FLOAT: {
        char *big = NULL;
        double d = *(const float *)p;
        int len = snprintf(NULL, 0, "%f", d);
        if (len >= 0 && (big = mem_alloc((size_t)len + 1))) snprintf(big, (size_t)len + 1, "%f", d);
        bool ok = big && str_append(out, big, (size_t)len);
        mem_free(big);
        if (!ok) addon_raise("Out of memory");
        return ok;
    }
    case AS_TYPEID_DOUBLE: {
        /* %f of a large double is long: measure first */
        double d = *(const double *)p;
        int len = snprintf(NULL, 0, "%f", d);
        char *big = len >= 0 ? mem_alloc((size_t)len + 1) : NULL;
        if (big) snprintf(big, (size_t)len + 1, "%f", d);
        bool ok = big && str_append(out, big, (size_t)len);
        mem_free(big);
        if (!ok) addon_raise("Out of memory");
        return ok;
    }
    default:
        if (addon_is_enum(tid)) {
            n = snprintf(buf, sizeof buf, "%" PRId32, *(const int32_t *)p);
        } else if (tid == string_tid(g)) {
            const as_str *s = p;
            if (!str_append(out, str_cdata(s), s->len)) {
                addon_raise("Out of memory");
                return false;
            }
            return true;
        }
        break;
    }
    if (n < 0) {
        addon_raise("Unformattable");
        return false;
    }
    if (!str_append(out, buf, (size_t)n)) {
        addon_raise("Out of memory");
        return false;
    }
    return true;
}

static void string_format(as_generic *g)
{
    const as_str *fmt = as_generic_arg_object(g, 0);
    as_str *out = as_generic_return_location(g);
    str_init(out);
    int nargs = as_generic_arg_count(g);
    unsigned next = 1;
    const char *s = str_cdata(fmt);
    size_t n = fmt->len, i = 0;
    while (i < n) {
        char c = s[i];
        if (c == '{' && i + 1 < n && s[i + 1] == '{') {
            if (!str_append(out, "{", 1)) goto oom;
            i += 2;
        } else if (c == '}') {
            /* `}}` is a brace; a lone one is dropped */
            if (i + 1 < n && s[i + 1] == '}' && !str_append(out, "}", 1)) goto oom;
            i += i + 1 < n && s[i + 1] == '}' ? 2 : 1;
        } else if (c == '{') {
            size_t close = i + 1;
            while (close < n && s[close] != '}') close++;
            if (close >= n) {
                addon_raise("Invalid format string");
                return;
            }
            if ((int)next >= nargs) {
                addon_raise("Index out of range");
                return;
            }
            if (!append_value(g, next++, out)) return;
            if (!str_append(out, s + i + 1, close - i - 1)) goto oom;
            i = close + 1;
        } else {
            size_t j = i;
            while (j < n && s[j] != '{' && s[j] != '}') j++;
            if (!str_append(out, s + i, j - i)) goto oom;
            i = j;
        }
    }
    return;
oom:
    addon_raise("Out of memory");
}

/* ======================================================================= scan */

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

/* Reads argument `arg` from s[*pos..n); false when it cannot. */
static bool scan_one(as_generic *g, unsigned arg, const char *s, size_t n, size_t *pos)
{
    while (*pos < n && is_space(s[*pos])) (*pos)++;
    if (*pos >= n) return false;
    int tid = as_generic_arg_type_id(g, arg, NULL);
    void *p = as_generic_arg_address(g, arg);
    if (!p) return false;
    /* a bounded copy: strtoll/strtod need a terminated string */
    size_t end = *pos;
    while (end < n && !is_space(s[end])) end++;
    char tok[128];
    size_t len = end - *pos < sizeof tok - 1 ? end - *pos : sizeof tok - 1;
    memcpy(tok, s + *pos, len);
    tok[len] = 0;
    char *stop = tok;
    bool integer = (tid >= AS_TYPEID_INT8 && tid <= AS_TYPEID_UINT64) || addon_is_enum(tid);
    if (integer) {
        long long v = strtoll(tok, &stop, 10);
        if (stop == tok) return false;
        switch (addon_prim_size(tid)) {
        case 1: { int8_t x = (int8_t)v; memcpy(p, &x, 1); break; }
        case 2: { int16_t x = (int16_t)v; memcpy(p, &x, 2); break; }
        case 4: { int32_t x = (int32_t)v; memcpy(p, &x, 4); break; }
        default: { int64_t x = (int64_t)v; memcpy(p, &x, 8); break; }
        }
    } else if (tid == AS_TYPEID_FLOAT || tid == AS_TYPEID_DOUBLE) {
        double v = strtod(tok, &stop);
        if (stop == tok) return false;
        if (tid == AS_TYPEID_FLOAT) {
            float x = (float)v;
            memcpy(p, &x, sizeof x);
        } else {
            memcpy(p, &v, sizeof v);
        }
    } else if (tid == string_tid(g)) {
        if (!str_set(p, s + *pos, end - *pos)) {
            addon_raise("Out of memory");
            return false;
        }
        *pos = end;
        return true;
    } else {
        return false;
    }
    *pos += (size_t)(stop - tok);
    return true;
}

static void string_scan(as_generic *g)
{
    const as_str *str = as_generic_arg_object(g, 0);
    const char *s = str_cdata(str);
    size_t n = str->len, pos = 0;
    uint32_t count = 0;
    int nargs = as_generic_arg_count(g);
    for (int a = 1; a < nargs; a++) {
        if (!scan_one(g, (unsigned)a, s, n, &pos)) break;
        count++;
    }
    as_generic_set_return_dword(g, count);
}

/* ======================================================================= regexFind */

/* The ECMAScript shorthand classes in POSIX extended syntax; NULL if out of memory. */
static char *posix_pattern(const char *re, size_t n)
{
    size_t cap = n * 16 + 1, len = 0;
    char *out = mem_alloc(cap);
    if (!out) return NULL;
    bool in_bracket = false;
    for (size_t i = 0; i < n; i++) {
        char c = re[i];
        if (c == '\\' && i + 1 < n) {
            const char *rep = NULL;
            switch (re[i + 1]) {
            case 'd': rep = in_bracket ? "0-9" : "[0-9]"; break;
            case 'D': rep = in_bracket ? NULL : "[^0-9]"; break;
            case 'w': rep = in_bracket ? "_[:alnum:]" : "[_[:alnum:]]"; break;
            case 'W': rep = in_bracket ? NULL : "[^_[:alnum:]]"; break;
            case 's': rep = in_bracket ? "[:space:]" : "[[:space:]]"; break;
            case 'S': rep = in_bracket ? NULL : "[^[:space:]]"; break;
            default: break;
            }
            if (rep) {
                size_t l = strlen(rep);
                memcpy(out + len, rep, l);
                len += l;
                i++;
                continue;
            }
            out[len++] = c;
            out[len++] = re[++i];
            continue;
        }
        if (c == '[' && !in_bracket) {
            in_bracket = true;
            out[len++] = c;
            /* `[]...]` and `[^]...]`: the first ] is a member */
            if (i + 1 < n && re[i + 1] == '^') out[len++] = re[++i];
            if (i + 1 < n && re[i + 1] == ']') out[len++] = re[++i];
            continue;
        }
        if (c == '[' && in_bracket && i + 1 < n && (re[i + 1] == ':' || re[i + 1] == '.' || re[i + 1] == '=')) {
            /* a class name like [:alpha:] inside a bracket */
            char kind = re[i + 1];
            out[len++] = c;
            out[len++] = re[++i];
            while (i + 1 < n && !(re[i + 1] == kind && i + 2 < n && re[i + 2] == ']')) out[len++] = re[++i];
            if (i + 2 < n) {
                out[len++] = re[++i];
                out[len++] = re[++i];
            }
            continue;
        }
        if (c == ']' && in_bracket) in_bracket = false;
        out[len++] = c;
    }
    out[len] = 0;
    return out;
}

static void string_regex_find(as_generic *g)
{
    const as_str *self = as_generic_object(g);
    const as_str *re = as_generic_arg_object(g, 0);
    uint32_t start = as_generic_arg_dword(g, 1);
    uint32_t *len_out = as_generic_arg_address(g, 2);
    if (len_out) *len_out = 0;
    as_generic_set_return_dword(g, (uint32_t)-1);
    char *pat = posix_pattern(str_cdata(re), re->len);
    if (!pat) {
        addon_raise("Out of memory");
        return;
    }
    regex_t rx;
    int rc = regcomp(&rx, pat, REG_EXTENDED);
    mem_free(pat);
    if (rc != 0) {
        addon_raise("Caught an exception from the application");
        return;
    }
    if (start <= self->len) {
        /* the subject from `start` as its own string (^ matches there, as in the reference) */
        size_t n = self->len - start;
        char *subj = mem_alloc(n + 1);
        if (!subj) {
            regfree(&rx);
            addon_raise("Out of memory");
            return;
        }
        memcpy(subj, str_cdata(self) + start, n);
        subj[n] = 0;
        regmatch_t m;
        if (regexec(&rx, subj, 1, &m, 0) == 0 && m.rm_so >= 0) {
            as_generic_set_return_dword(g, (uint32_t)m.rm_so);
            if (len_out) *len_out = (uint32_t)(m.rm_eo - m.rm_so);
        }
        mem_free(subj);
    }
    regfree(&rx);
}

int as_register_string_format(as_engine *e)
{
    int r = as_register_global_function(e, "string format(const string &in fmt, const ?&in ...)", AS_FN(string_format),
                                        AS_CALL_GENERIC, NULL);
    if (r < 0) return r;
    r = as_register_global_function(e, "uint scan(const string &in str, ?&out ...)", AS_FN(string_scan), AS_CALL_GENERIC, NULL);
    if (r < 0) return r;
    r = as_register_object_method(e, "string", "int regexFind(const string &in regex, uint start = 0, uint &out lengthOfMatch = void) const",
                                  AS_FN(string_regex_find), AS_CALL_GENERIC, NULL);
    return r < 0 ? r : 0;
}
