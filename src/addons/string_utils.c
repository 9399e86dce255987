/* The global string helpers of the reference string add-on (AngelScript 2.35.1 registers them
 * with RegisterStdString): formatInt/formatUInt/formatFloat and parseInt/parseUInt/parseFloat,
 * registered with the generic convention through the public API only. Also the array-free
 * halves of split/join (string_utils.h) for the array add-on to wire up.
 *
 * Every behaviour below was checked against the reference engine; the quirks are deliberate. */
#include "angelc.h"
#include "util/mem.h"
#include "angelc_addons.h"
#include "str.h"
#include "string_utils.h"
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void raise(const char *msg) { as_context_set_exception(as_active_context(), msg, true); }

static bool has_option(const as_str *options, char c)
{
    return memchr(str_cdata(options), c, options->len) != NULL;
}

/* ================================================================================ formatting */

/* The reference turns the option letters it finds anywhere in `options` (other characters are
 * ignored) into a printf conversion and lets sprintf do the work. Building the same format and
 * calling snprintf reproduces its output exactly, including what printf does with flag
 * combinations (`l` beats `0`, `+` and space are ignored for unsigned and hex conversions),
 * inf/nan and 64-bit hex of negative numbers. The format is built here from a fixed set of
 * characters (at most 10 with the terminator), never from script text. */
static void build_format(char *fmt, const as_str *options, const char *precision_and_length, char conv)
{
    char *p = fmt;
    *p++ = '%';
    if (has_option(options, 'l')) *p++ = '-';
    if (has_option(options, '+')) *p++ = '+';
    if (has_option(options, ' ')) *p++ = ' ';
    if (has_option(options, '0')) *p++ = '0';
    *p++ = '*';
    size_t n = strlen(precision_and_length);
    memcpy(p, precision_and_length, n);
    p += n;
    *p++ = conv;
    *p = 0;
}

/* Width and precision are script `uint`s handed to printf's `*`, which reads an int: like the
 * reference, values from 2^31 up become negative, i.e. a left-justified width, or no precision
 * (printf's default of 6 digits). The conversion wraps on every compiler angelc supports. */
static int printf_int_arg(uint32_t v) { return (int)v; }

/* Constructs the returned string from what snprintf printed; the first call measures it, so
 * any width or precision is honoured (the reference's fixed-size buffer is not). */
typedef int (*print_fn)(char *buf, size_t n, const char *fmt, const void *args);

static void return_formatted(as_generic *g, const char *fmt, print_fn print, const void *args)
{
    as_str *r = as_generic_return_location(g);
    str_init(r);
    int n = print(NULL, 0, fmt, args);
    if (n < 0 || !str_reserve(r, (size_t)n)) {
        raise("Out of memory");
        return;
    }
    print(str_data(r), (size_t)n + 1, fmt, args);
    r->len = (uint32_t)n;
}

typedef struct int_args { int width; uint64_t bits; } int_args;
typedef struct float_args { int width, precision; double value; } float_args;

static int print_signed(char *buf, size_t n, const char *fmt, const void *args)
{
    const int_args *a = args;
    return snprintf(buf, n, fmt, a->width, (long long)(int64_t)a->bits);
}

static int print_unsigned(char *buf, size_t n, const char *fmt, const void *args)
{
    const int_args *a = args;
    return snprintf(buf, n, fmt, a->width, (unsigned long long)a->bits);
}

static int print_float(char *buf, size_t n, const char *fmt, const void *args)
{
    const float_args *a = args;
    return snprintf(buf, n, fmt, a->width, a->precision, a->value);
}

/* `h` (lower case hex) beats `H`; hex prints the 64-bit two's complement of negative values. */
static char int_conversion(const as_str *options, char decimal)
{
    if (has_option(options, 'h')) return 'x';
    if (has_option(options, 'H')) return 'X';
    return decimal;
}

/* string formatInt(int64 val, const string &in options = "", uint width = 0) */
static void format_int(as_generic *g)
{
    const as_str *options = as_generic_arg_object(g, 1);
    int_args a = {printf_int_arg(as_generic_arg_dword(g, 2)), as_generic_arg_qword(g, 0)};
    char fmt[16];
    char conv = int_conversion(options, 'd');
    build_format(fmt, options, "ll", conv);
    /* hex conversions are unsigned: pass the same bits as unsigned long long */
    return_formatted(g, fmt, conv == 'd' ? print_signed : print_unsigned, &a);
}

/* string formatUInt(uint64 val, const string &in options = "", uint width = 0) */
static void format_uint(as_generic *g)
{
    const as_str *options = as_generic_arg_object(g, 1);
    int_args a = {printf_int_arg(as_generic_arg_dword(g, 2)), as_generic_arg_qword(g, 0)};
    char fmt[16];
    build_format(fmt, options, "ll", int_conversion(options, 'u'));
    return_formatted(g, fmt, print_unsigned, &a);
}

/* string formatFloat(double val, const string &in options = "", uint width = 0, uint precision = 0)
 * Fixed notation unless `e` (beats `E`) asks for an exponent. The default precision 0 prints
 * no decimals at all, rounded by printf (half to even on the binary value). */
static void format_float(as_generic *g)
{
    const as_str *options = as_generic_arg_object(g, 1);
    float_args a = {printf_int_arg(as_generic_arg_dword(g, 2)), printf_int_arg(as_generic_arg_dword(g, 3)),
                    as_generic_arg_double(g, 0)};
    char conv = has_option(options, 'e') ? 'e' : has_option(options, 'E') ? 'E' : 'f';
    char fmt[16];
    build_format(fmt, options, ".*", conv);
    return_formatted(g, fmt, print_float, &a);
}

/* =================================================================================== parsing */

/* The byteCount output (`uint &out`): how many bytes of the input were used. */
static void set_byte_count(as_generic *g, unsigned arg, size_t n)
{
    uint32_t *out = as_generic_arg_address(g, arg);
    if (out) *out = (uint32_t)n;
}

static int digit_value(char c, unsigned base)
{
    int v = c >= '0' && c <= '9' ? c - '0'
          : c >= 'a' && c <= 'z' ? c - 'a' + 10
          : c >= 'A' && c <= 'Z' ? c - 'A' + 10 : 99;
    return v < (int)base ? v : -1;
}

/* Accumulates the digits at s[*pos...] in 64 bits. Like the reference there is no overflow
 * check: the value silently wraps modulo 2^64 and every digit still counts as used. */
static uint64_t parse_digits(const char *s, size_t *pos, unsigned base)
{
    uint64_t v = 0;
    for (int d; (d = digit_value(s[*pos], base)) >= 0; ++*pos) v = v * base + (uint64_t)d;
    return v;
}

/* The reference accepts only bases 10 and 16 (anything else returns 0 with byteCount 0), skips
 * no whitespace and knows no "0x" prefix ("0x1f" in base 16 is 0, one byte used). */
static bool supported_base(unsigned base) { return base == 10 || base == 16; }

/* int64 parseInt(const string &in, uint base = 10, uint &out byteCount = 0)
 * One optional sign; it counts as used even when no digit follows ("-" → 0, byteCount 1). */
static void parse_int(as_generic *g)
{
    const char *s = str_cdata(as_generic_arg_object(g, 0));
    unsigned base = as_generic_arg_dword(g, 1);
    size_t pos = 0;
    uint64_t v = 0;
    if (supported_base(base)) {
        bool negative = s[0] == '-';
        if (negative || s[0] == '+') pos++;
        v = parse_digits(s, &pos, base);
        if (negative) v = 0 - v;   /* wraps like the reference: "-9223372036854775809" → INT64_MAX */
    }
    set_byte_count(g, 2, pos);
    as_generic_set_return_qword(g, v);
}

/* uint64 parseUInt(const string &in, uint base = 10, uint &out byteCount = 0)
 * No sign at all: "+5" and "-5" are 0 with byteCount 0. */
static void parse_uint(as_generic *g)
{
    const char *s = str_cdata(as_generic_arg_object(g, 0));
    unsigned base = as_generic_arg_dword(g, 1);
    size_t pos = 0;
    uint64_t v = supported_base(base) ? parse_digits(s, &pos, base) : 0;
    set_byte_count(g, 2, pos);
    as_generic_set_return_qword(g, v);
}

/* strtod of the C locale. The reference switches LC_NUMERIC to "C" around the call; changing
 * the process locale is not thread-safe, so under a locale with another (single-byte) decimal
 * point a copy with '.' and that character swapped is parsed instead: byte positions, and so
 * the byte count, stay the same. */
static double strtod_c_locale(const char *s, size_t len, size_t *used)
{
    const char *dp = localeconv()->decimal_point;
    char *end;
    if (!dp || dp[0] == '.' || dp[0] == 0 || dp[1] != 0) {
        double v = strtod(s, &end);
        *used = (size_t)(end - s);
        return v;
    }
    char *copy = mem_alloc(len + 1);
    if (!copy) {
        raise("Out of memory");
        *used = 0;
        return 0.0;
    }
    for (size_t i = 0; i <= len; i++) copy[i] = s[i] == '.' ? dp[0] : s[i] == dp[0] ? '.' : s[i];
    double v = strtod(copy, &end);
    *used = (size_t)(end - copy);
    mem_free(copy);
    return v;
}

/* double parseFloat(const string &in, uint &out byteCount = 0)
 * Everything strtod accepts: leading whitespace, sign, exponent, hex floats ("0x1p4"), inf,
 * infinity, nan, nan(...); out-of-range values give ±inf or 0. Stops at an embedded NUL. */
static void parse_float(as_generic *g)
{
    const as_str *s = as_generic_arg_object(g, 0);
    size_t used;
    double v = strtod_c_locale(str_cdata(s), s->len, &used);
    set_byte_count(g, 1, used);
    as_generic_set_return_double(g, v);
}

/* ================================================================================ split/join */

bool split_string(const as_str *s, const as_str *delim, str_part_fn emit, void *user)
{
    const char *d = str_cdata(s), *p = str_cdata(delim);
    size_t prev = 0;
    /* The reference loops forever on an empty delimiter; here it yields the whole string. */
    if (delim->len > 0) {
        for (size_t i = 0; i + delim->len <= s->len;) {
            if (memcmp(d + i, p, delim->len) != 0) {
                i++;
                continue;
            }
            if (!emit(user, d + prev, i - prev)) return false;
            i += delim->len;
            prev = i;
        }
    }
    /* (quirk) The reference assigns the last part as a C string: it ends at an embedded NUL. */
    const char *nul = memchr(d + prev, 0, s->len - prev);
    size_t rest = nul ? (size_t)(nul - (d + prev)) : s->len - prev;
    return emit(user, d + prev, rest);
}

bool join_strings(as_str *out, str_at_fn at, void *user, size_t count, const as_str *delim)
{
    for (size_t i = 0; i < count; i++) {
        const as_str *part = at(user, i);
        if (i > 0 && !str_append(out, str_cdata(delim), delim->len)) return false;
        if (!str_append(out, str_cdata(part), part->len)) return false;
    }
    return true;
}

/* ============================================================================== registration */

/* ---- split/join on array<string> ---- */

static bool append_part(void *user, const char *part, size_t len)
{
    as_str tmp;
    str_init(&tmp);
    if (!str_set(&tmp, part, len)) return false;
    bool ok = as_array_insert_last(user, &tmp);
    str_free(&tmp);
    return ok;
}

static void string_split(as_generic *g)
{
    as_engine *e = as_generic_engine(g);
    as_type *t = as_engine_type_by_decl(e, "array<string>");
    void *arr = t ? as_array_create(t, 0) : NULL;
    if (!arr) {
        as_context_set_exception(as_active_context(), "Out of memory", true);
        return;
    }
    if (!split_string(as_generic_object(g), as_generic_arg_object(g, 0), append_part, arr)) {
        as_engine_release_object(e, arr, as_type_id(t));
        as_context_set_exception(as_active_context(), "Out of memory", true);
        return;
    }
    as_generic_set_return_address(g, arr);   /* the new array's reference goes to the script */
}

static const as_str *array_string_at(void *user, size_t i) { return as_array_at(user, (uint32_t)i); }

static void string_join(as_generic *g)
{
    void *arr = as_generic_arg_object(g, 0);
    as_str *out = as_generic_return_location(g);
    str_init(out);
    if (!join_strings(out, array_string_at, arr, as_array_size(arr), as_generic_arg_object(g, 1)))
        as_context_set_exception(as_active_context(), "Out of memory", true);
}

/* The global helpers 2.35+ register with the string type itself (RegisterStdString): called by
 * as_register_string; a second call (as_register_string_utils after it) registers nothing again. */
int string_register_helpers(as_engine *e)
{
    if (as_engine_function_by_decl(e, "string formatInt(int64, const string &in, uint)")) return 0;
    static const struct {
        const char *decl;
        void (*fn)(as_generic *);
    } funcs[] = {
        {"string formatInt(int64 val, const string &in options = \"\", uint width = 0)", format_int},
        {"string formatUInt(uint64 val, const string &in options = \"\", uint width = 0)", format_uint},
        {"string formatFloat(double val, const string &in options = \"\", uint width = 0, uint precision = 0)", format_float},
        {"int64 parseInt(const string &in, uint base = 10, uint &out byteCount = 0)", parse_int},
        {"uint64 parseUInt(const string &in, uint base = 10, uint &out byteCount = 0)", parse_uint},
        {"double parseFloat(const string &in, uint &out byteCount = 0)", parse_float},
    };
    for (size_t i = 0; i < sizeof funcs / sizeof funcs[0]; i++) {
        int r = as_register_global_function(e, funcs[i].decl, AS_FN(funcs[i].fn), AS_CALL_GENERIC, NULL);
        if (r < 0) return r;
    }
    /* the 2.38 additions: format, scan (variadic) and string::regexFind */
    int rf = as_register_string_format(e);
    return rf < 0 ? rf : 0;
}

int as_register_string_utils(as_engine *e)
{
    int r0 = string_register_helpers(e);
    if (r0 < 0) return r0;
    /* split and join need the array add-on, as in the reference */
    if (as_engine_type_by_name(e, "array")) {
        int r = as_register_object_method(e, "string", "array<string>@ split(const string &in) const", AS_FN(string_split),
                                          AS_CALL_GENERIC, NULL);
        if (r < 0) return r;
        r = as_register_global_function(e, "string join(const array<string> &in, const string &in)", AS_FN(string_join),
                                        AS_CALL_GENERIC, NULL);
        if (r < 0) return r;
    }
    return 0;
}
