/* The `string` add-on: a value type holding bytes, with the reference string add-on's script
 * interface. Registered through the public API only: the native convention where
 * nothing is returned by value, the generic one for the rest.
 *
 * Short strings live inside the object (no allocation for up to 15 bytes); the layout has no
 * pointer into itself, so objects stay valid wherever the engine keeps them. */
#include "angelc.h"
#include "util/mem.h"
#include "angelc_addons.h"
#include "str.h"
#include "string_utils.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ======================================================================= the value */

void str_init(as_str *s)
{
    memset(s, 0, sizeof *s);
}

void str_free(as_str *s)
{
    if (s->cap) mem_free(s->u.heap);
    memset(s, 0, sizeof *s);
}

/* Makes room for n bytes (plus a terminator), keeping the contents. */
/* n bytes from src to dst (apart): the short pieces scripts join (numbers, separators, names)
 * as two overlapping word moves instead of a call to memcpy. */
static inline void copy_short(char *dst, const char *src, size_t n)
{
    if (n >= 8 && n <= 16) {
        uint64_t x, y;
        memcpy(&x, src, 8), memcpy(&y, src + n - 8, 8);
        memcpy(dst, &x, 8), memcpy(dst + n - 8, &y, 8);
    } else if (n >= 4 && n < 8) {
        uint32_t x, y;
        memcpy(&x, src, 4), memcpy(&y, src + n - 4, 4);
        memcpy(dst, &x, 4), memcpy(dst + n - 4, &y, 4);
    } else if (n < 4) {
        for (size_t i = 0; i < n; i++) dst[i] = src[i];
    } else {
        memcpy(dst, src, n);
    }
}

bool str_grow(as_str *s, size_t n)
{
    if (n > 0x7FFFFFF0u) return false;
    size_t cap = s->cap ? s->cap : sizeof s->u.small - 1;
    if (n <= cap) return true;
    size_t ncap = cap * 2;
    if (ncap < n) ncap = n;
    if (ncap < 32) ncap = 32;
    if (ncap > 0x7FFFFFF0u) ncap = 0x7FFFFFF0u;
    char *p = mem_alloc(ncap + 1);
    if (!p) return false;
    memcpy(p, str_cdata(s), s->len + 1);
    if (s->cap) mem_free(s->u.heap);
    s->u.heap = p;
    s->cap = (uint32_t)ncap;
    return true;
}

bool str_set(as_str *s, const char *data, size_t len)
{
    if (!str_reserve(s, len)) return false;
    char *d = str_data(s);
    memmove(d, data, len);
    d[len] = 0;
    s->len = (uint32_t)len;
    return true;
}

bool str_append(as_str *s, const char *data, size_t len)
{
    if (len == 0) return true;
    if ((size_t)s->len + len <= (s->cap ? s->cap : sizeof s->u.small - 1)) {
        /* room already: no reallocation, so data stays valid even if it is inside s (then it
         * ends where the copy starts: the two never overlap) */
        char *d = str_data(s);
        copy_short(d + s->len, data, len);
        s->len += (uint32_t)len;
        d[s->len] = 0;
        return true;
    }
    if ((size_t)s->len + len > 0x7FFFFFF0u) return false;
    /* data may point into s itself */
    const char *old = str_cdata(s);
    bool inside = data >= old && data < old + s->len;
    size_t off = inside ? (size_t)(data - old) : 0;
    if (!str_reserve(s, s->len + len)) return false;
    if (inside) data = str_cdata(s) + off;
    char *d = str_data(s);
    memmove(d + s->len, data, len);
    s->len += (uint32_t)len;
    d[s->len] = 0;
    return true;
}


/* ======================================================================= helpers */

static void oom(void) { as_context_set_exception(as_active_context(), "Out of memory", true); }
static as_str *self(as_generic *g) { return as_generic_object(g); }
static as_str *arg(as_generic *g, unsigned i) { return as_generic_arg_object(g, i); }
static as_str *ret_new(as_generic *g)
{
    as_str *r = as_generic_return_location(g);
    str_init(r);
    return r;
}
static void set_or_oom(as_str *s, const char *d, size_t n) { if (!str_set(s, d, n)) oom(); }
static void append_or_oom(as_str *s, const char *d, size_t n) { if (!str_append(s, d, n)) oom(); }

/* ======================================================================= behaviours */

/* The behaviours and the methods that return no string by value take the native convention
 * (object first): the engine calls them straight, without a generic call's argument lookups. */
static void s_construct(as_str *s) { str_init(s); }
static void s_copy(as_str *s, const as_str *o)
{
    str_init(s);
    set_or_oom(s, str_cdata(o), o->len);
}
static void s_destruct(as_str *s) { str_free(s); }

/* ======================================================================= operators */

static as_str *s_assign(as_str *s, const as_str *o)
{
    if (s != o) set_or_oom(s, str_cdata(o), o->len);
    return s;
}

static as_str *s_add_assign(as_str *s, const as_str *o)
{
    append_or_oom(s, str_cdata(o), o->len);
    return s;
}

static bool s_equals(const as_str *s, const as_str *o)
{
    return s->len == o->len && memcmp(str_cdata(s), str_cdata(o), s->len) == 0;
}

static int s_cmp(const as_str *s, const as_str *o)
{
    size_t n = s->len < o->len ? s->len : o->len;
    int c = memcmp(str_cdata(s), str_cdata(o), n);
    if (c == 0) c = s->len < o->len ? -1 : s->len > o->len ? 1 : 0;
    return c < 0 ? -1 : c > 0 ? 1 : 0;
}

/* r (new, empty) becomes a followed by b: one reservation, two copies. */
static void concat_into(as_str *r, const char *a, size_t na, const char *b, size_t nb)
{
    if (!str_reserve(r, na + nb)) { oom(); return; }
    char *d = str_data(r);
    copy_short(d, a, na);
    copy_short(d + na, b, nb);
    d[na + nb] = 0;
    r->len = (uint32_t)(na + nb);
}

static void s_add(as_generic *g)
{
    as_str *s = self(g), *o = arg(g, 0), *r = ret_new(g);
    concat_into(r, str_cdata(s), s->len, str_cdata(o), o->len);
}

/* Decimal digits of v with a leading '-' when negative, into buf (n >= 21); returns the length.
 * Numbers joined to strings are frequent in scripts: no printf on that path. */
static int format_int(char *buf, size_t n, uint64_t v, bool negative)
{
    static const char pairs[201] =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
        "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
        "8081828384858687888990919293949596979899";
    char tmp[24];
    int at = 24;                /* digits fill tmp from the end, two at a time */
    if (negative) v = 0 - v;   /* the magnitude, INT64_MIN included */
    while (v >= 100) {
        unsigned d = (unsigned)(v % 100) * 2;
        v /= 100;
        tmp[--at] = pairs[d + 1];
        tmp[--at] = pairs[d];
    }
    if (v >= 10) {
        tmp[--at] = pairs[v * 2 + 1];
        tmp[--at] = pairs[v * 2];
    } else {
        tmp[--at] = (char)('0' + v);
    }
    if (negative) tmp[--at] = '-';
    int len = 24 - at;
    if ((size_t)len + 1 > n) return len;
    memcpy(buf, tmp + at, (size_t)len);
    buf[len] = 0;
    return len;
}

/* Text of a primitive argument, by kind. */
typedef enum { K_DOUBLE, K_FLOAT, K_INT64, K_UINT64, K_BOOL } prim_kind;

static int prim_text(as_generic *g, unsigned i, prim_kind k, char *buf, size_t n)
{
    switch (k) {
    case K_DOUBLE: return str_format_double(buf, n, as_generic_arg_double(g, i));
    case K_FLOAT: return str_format_double(buf, n, (double)as_generic_arg_float(g, i));
    case K_INT64: {
        uint64_t v = as_generic_arg_qword(g, i);
        return format_int(buf, n, v, (int64_t)v < 0);
    }
    case K_UINT64: return format_int(buf, n, as_generic_arg_qword(g, i), false);
    case K_BOOL: return snprintf(buf, n, "%s", as_generic_arg_byte(g, i) ? "true" : "false");
    }
    return 0;
}

#define PRIM_OPS(suffix, kind) \
    static void s_assign_##suffix(as_generic *g) \
    { \
        char b[64]; \
        int n = prim_text(g, 0, kind, b, sizeof b); \
        set_or_oom(self(g), b, (size_t)n); \
        as_generic_set_return_address(g, self(g)); \
    } \
    static void s_add_assign_##suffix(as_generic *g) \
    { \
        char b[64]; \
        int n = prim_text(g, 0, kind, b, sizeof b); \
        append_or_oom(self(g), b, (size_t)n); \
        as_generic_set_return_address(g, self(g)); \
    } \
    static void s_add_##suffix(as_generic *g) \
    { \
        char b[64]; \
        int n = prim_text(g, 0, kind, b, sizeof b); \
        as_str *s = self(g), *r = ret_new(g); \
        concat_into(r, str_cdata(s), s->len, b, (size_t)n); \
    } \
    static void s_add_r_##suffix(as_generic *g) \
    { \
        char b[64]; \
        int n = prim_text(g, 0, kind, b, sizeof b); \
        as_str *s = self(g), *r = ret_new(g); \
        concat_into(r, b, (size_t)n, str_cdata(s), s->len); \
    }
PRIM_OPS(double, K_DOUBLE)
PRIM_OPS(float, K_FLOAT)
PRIM_OPS(int64, K_INT64)
PRIM_OPS(uint64, K_UINT64)
PRIM_OPS(bool, K_BOOL)

static char *s_index(as_str *s, uint32_t i)
{
    if (i >= s->len) {
        as_context_set_exception(as_active_context(), "Out of range", true);
        return NULL;
    }
    return str_data(s) + i;
}

/* ======================================================================= methods */

static uint32_t s_length(const as_str *s) { return s->len; }
static bool s_is_empty(const as_str *s) { return s->len == 0; }

static void s_resize(as_str *s, uint32_t n)
{
    if (n > s->len) {
        if (!str_reserve(s, n)) { oom(); return; }
        memset(str_data(s) + s->len, 0, n - s->len);
    }
    s->len = n;
    str_data(s)[n] = 0;
}

static void s_substr(as_generic *g)
{
    as_str *s = self(g), *r = ret_new(g);
    uint32_t start = as_generic_arg_dword(g, 0);
    int32_t count = (int32_t)as_generic_arg_dword(g, 1);
    if (start >= s->len || count == 0) return;
    size_t avail = s->len - start;
    size_t n = count < 0 ? avail : (size_t)count;
    if (n > avail) n = avail;
    set_or_oom(r, str_cdata(s) + start, n);
}

static int find_sub(const as_str *s, const as_str *sub, size_t start)
{
    if (start > s->len) return -1;
    if (sub->len == 0) return (int)start;
    const char *d = str_cdata(s), *p = str_cdata(sub);
    for (size_t i = start; i + sub->len <= s->len; i++)
        if (d[i] == p[0] && memcmp(d + i, p, sub->len) == 0) return (int)i;
    return -1;
}

static void s_find_first(as_generic *g)
{
    as_generic_set_return_dword(g, (uint32_t)find_sub(self(g), arg(g, 0), as_generic_arg_dword(g, 1)));
}

static void s_find_last(as_generic *g)
{
    as_str *s = self(g), *sub = arg(g, 0);
    int32_t start = (int32_t)as_generic_arg_dword(g, 1);
    size_t from = start < 0 ? (size_t)-1 : (size_t)start;
    int res = -1;
    if (sub->len <= s->len) {
        size_t last = s->len - sub->len;
        if (from > last) from = last;
        const char *d = str_cdata(s), *p = str_cdata(sub);
        for (size_t i = from + 1; i-- > 0;)
            if (memcmp(d + i, p, sub->len) == 0) { res = (int)i; break; }
    }
    as_generic_set_return_dword(g, (uint32_t)res);
}

static bool in_set(const as_str *chars, char c) { return memchr(str_cdata(chars), c, chars->len) != NULL; }

static void find_of(as_generic *g, bool want, bool last)
{
    as_str *s = self(g), *chars = arg(g, 0);
    int32_t start = (int32_t)as_generic_arg_dword(g, 1);
    const char *d = str_cdata(s);
    int res = -1;
    if (!last) {
        for (size_t i = start < 0 ? 0 : (size_t)start; i < s->len; i++)
            if (in_set(chars, d[i]) == want) { res = (int)i; break; }
    } else if (s->len) {
        size_t from = start < 0 || (size_t)start >= s->len ? s->len - 1 : (size_t)start;
        for (size_t i = from + 1; i-- > 0;)
            if (in_set(chars, d[i]) == want) { res = (int)i; break; }
    }
    as_generic_set_return_dword(g, (uint32_t)res);
}
static void s_find_first_of(as_generic *g) { find_of(g, true, false); }
static void s_find_first_not_of(as_generic *g) { find_of(g, false, false); }
static void s_find_last_of(as_generic *g) { find_of(g, true, true); }
static void s_find_last_not_of(as_generic *g) { find_of(g, false, true); }

/* What the reference reports when std::string::insert/erase throw std::out_of_range out of the
 * native call: scripts that print getExceptionInfo() see the same text. */
#define APP_EXCEPTION "Caught an exception from the application"

static void s_insert(as_generic *g)
{
    as_str *s = self(g), *o = arg(g, 1);
    uint32_t pos = as_generic_arg_dword(g, 0);
    if (pos > s->len) {
        as_context_set_exception(as_active_context(), APP_EXCEPTION, true);
        return;
    }
    as_str tmp;
    str_init(&tmp);
    if (!str_set(&tmp, str_cdata(o), o->len) || !str_reserve(s, (size_t)s->len + o->len)) {
        str_free(&tmp);
        oom();
        return;
    }
    char *d = str_data(s);
    memmove(d + pos + tmp.len, d + pos, s->len - pos + 1);
    memcpy(d + pos, str_cdata(&tmp), tmp.len);
    s->len += tmp.len;
    str_free(&tmp);
}

static void s_erase(as_generic *g)
{
    as_str *s = self(g);
    uint32_t pos = as_generic_arg_dword(g, 0);
    int32_t count = (int32_t)as_generic_arg_dword(g, 1);
    if (pos > s->len) {
        as_context_set_exception(as_active_context(), APP_EXCEPTION, true);
        return;
    }
    size_t n = count < 0 ? s->len - pos : (size_t)count;
    if (n > s->len - pos) n = s->len - pos;
    char *d = str_data(s);
    memmove(d + pos, d + pos + n, s->len - pos - n + 1);
    s->len -= (uint32_t)n;
}

/* ======================================================================= factory */

static const void *factory_get(void *user, const char *data, unsigned len)
{
    (void)user;
    as_str *s = mem_alloc(sizeof *s);
    if (!s) return NULL;
    str_init(s);
    if (!str_set(s, data, len)) {
        mem_free(s);
        return NULL;
    }
    return s;
}

static int factory_release(void *user, const void *str)
{
    (void)user;
    as_str *s = (as_str *)str;
    str_free(s);
    mem_free(s);
    return 0;
}

static int factory_raw(void *user, const void *str, char *data, unsigned *len)
{
    (void)user;
    const as_str *s = str;
    if (len) *len = s->len;
    if (data) memcpy(data, str_cdata(s), s->len);
    return 0;
}

const char *as_string_data(const void *str, size_t *len)
{
    const as_str *s = str;
    if (len) *len = s ? s->len : 0;
    return s ? str_cdata(s) : "";
}

void as_string_assign(void *str, const char *data, size_t len) { str_set(str, data, len); }

/* as_string (angelc_addons.h) is the public face of as_str: the same layout, member for member. */
#include <stddef.h>
_Static_assert(sizeof(as_string) == sizeof(as_str) && _Alignof(as_string) == _Alignof(as_str), "as_string layout");
_Static_assert(offsetof(as_string, len) == offsetof(as_str, len) && offsetof(as_string, cap) == offsetof(as_str, cap),
               "as_string layout");

void as_string_init(void *str, const char *data, size_t len)
{
    if (!str) return;
    str_init(str);
    if (data && len && !str_set(str, data, len)) str_init(str);
}

as_string as_string_make(const char *data, size_t len)
{
    as_string s;
    as_string_init(&s, data, len);
    return s;
}

void as_string_free(as_string *s)
{
    if (!s) return;
    str_free((as_str *)(void *)s);
    str_init((as_str *)(void *)s);
}

/* ======================================================================= registration */

typedef struct reg_method {
    const char *decl;
    void (*fn)(as_generic *);
} reg_method;

int as_register_string(as_engine *e)
{
    int r = as_register_object_type(e, "string", (int)sizeof(as_str), AS_OBJ_VALUE | AS_OBJ_APP_CLASS_CDAK);
    if (r < 0) return r;
    static const as_string_factory factory = {factory_get, factory_release, factory_raw, NULL};
    if ((r = as_register_string_factory(e, "string", &factory)) < 0) return r;
    const int objfirst = AS_CALL_CDECL_OBJFIRST;
    if ((r = as_register_object_behaviour(e, "string", AS_BEHAVE_CONSTRUCT, "void f()", AS_FN(s_construct), objfirst, NULL)) < 0) return r;
    if ((r = as_register_object_behaviour(e, "string", AS_BEHAVE_CONSTRUCT, "void f(const string &in)", AS_FN(s_copy), objfirst, NULL)) < 0) return r;
    if ((r = as_register_object_behaviour(e, "string", AS_BEHAVE_DESTRUCT, "void f()", AS_FN(s_destruct), objfirst, NULL)) < 0) return r;
    static const struct { const char *decl; as_fnptr fn; } native_methods[] = {
        {"string &opAssign(const string &in)", AS_FN(s_assign)},
        {"string &opAddAssign(const string &in)", AS_FN(s_add_assign)},
        {"bool opEquals(const string &in) const", AS_FN(s_equals)},
        {"int opCmp(const string &in) const", AS_FN(s_cmp)},
        {"uint length() const", AS_FN(s_length)},
        {"void resize(uint)", AS_FN(s_resize)},
        {"bool isEmpty() const", AS_FN(s_is_empty)},
        {"uint8 &opIndex(uint)", AS_FN(s_index)},
        {"const uint8 &opIndex(uint) const", AS_FN(s_index)},
    };
    for (size_t i = 0; i < sizeof native_methods / sizeof native_methods[0]; i++)
        if ((r = as_register_object_method(e, "string", native_methods[i].decl, native_methods[i].fn, objfirst, NULL)) < 0) return r;
    static const reg_method methods[] = {
        {"string opAdd(const string &in) const", s_add},
        {"string &opAssign(double)", s_assign_double},
        {"string &opAddAssign(double)", s_add_assign_double},
        {"string opAdd(double) const", s_add_double},
        {"string opAdd_r(double) const", s_add_r_double},
        {"string &opAssign(float)", s_assign_float},
        {"string &opAddAssign(float)", s_add_assign_float},
        {"string opAdd(float) const", s_add_float},
        {"string opAdd_r(float) const", s_add_r_float},
        {"string &opAssign(int64)", s_assign_int64},
        {"string &opAddAssign(int64)", s_add_assign_int64},
        {"string opAdd(int64) const", s_add_int64},
        {"string opAdd_r(int64) const", s_add_r_int64},
        {"string &opAssign(uint64)", s_assign_uint64},
        {"string &opAddAssign(uint64)", s_add_assign_uint64},
        {"string opAdd(uint64) const", s_add_uint64},
        {"string opAdd_r(uint64) const", s_add_r_uint64},
        {"string &opAssign(bool)", s_assign_bool},
        {"string &opAddAssign(bool)", s_add_assign_bool},
        {"string opAdd(bool) const", s_add_bool},
        {"string opAdd_r(bool) const", s_add_r_bool},
        {"string substr(uint start = 0, int count = -1) const", s_substr},
        {"int findFirst(const string &in, uint start = 0) const", s_find_first},
        {"int findFirstOf(const string &in, uint start = 0) const", s_find_first_of},
        {"int findFirstNotOf(const string &in, uint start = 0) const", s_find_first_not_of},
        {"int findLast(const string &in, int start = -1) const", s_find_last},
        {"int findLastOf(const string &in, int start = -1) const", s_find_last_of},
        {"int findLastNotOf(const string &in, int start = -1) const", s_find_last_not_of},
        {"void insert(uint pos, const string &in other)", s_insert},
        {"void erase(uint pos, int count = -1)", s_erase},
    };
    for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++) {
        r = as_register_object_method(e, "string", methods[i].decl, AS_FN(methods[i].fn), AS_CALL_GENERIC, NULL);
        if (r < 0) return r;
    }
    /* the global helpers (formatInt ... parseFloat, format, scan) and regexFind come with the
     * type, as RegisterStdString registers them */
    return string_register_helpers(e);
}
