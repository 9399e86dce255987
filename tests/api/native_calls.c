/* Native (cdecl) calls: every kind of argument and return value reaches C correctly.
 *  - int8/16/32/64 and uint8/16/32/64 (sign and zero extension, extreme values), on the
 *    few-argument path and with more arguments than there are registers;
 *  - float and double, mixed with integers, more than 6 integer and 8 float arguments;
 *  - bool arguments and returns; narrow integer returns (int8, uint8, int16, uint16);
 *  - strings by const &in, string &out, primitives by &out;
 *  - handles to a registered reference type (the callee owns the reference it receives, as
 *    in the reference engine), returned handles, auto handles @+, ref objects by reference;
 *  - `?&in` (address + type id; handles arrive as the address of the handle) and `?&out`;
 *  - methods with AS_CALL_CDECL_OBJFIRST and AS_CALL_CDECL_OBJLAST with mixed and many args;
 *  - value types (C structs) passed and returned by value: two floats, three ints, 32 bytes.
 *
 * CHECK prints file:line and the condition and marks the test failed (exit 1 at the end);
 * REQUIRE exits at once. Groups run in child processes so a crash fails only its group. */
#define _POSIX_C_SOURCE 200809L
#include "angelc.h"
#include "angelc_addons.h"
#include <sys/wait.h>
#include <unistd.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

static int errors;
static char first_error[256];
static void on_message(const as_message *m, void *user)
{
    (void)user;
    if (m->type == AS_MSG_ERROR) {
        if (!errors) snprintf(first_error, sizeof first_error, "%s:%d:%d: %s", m->section, m->row, m->col, m->message);
        errors++;
    }
}

static as_engine *engine;
static as_context *ctx;

static as_module *build(const char *name, const char *code)
{
    as_module *m = as_engine_get_module(engine, name, AS_GM_ALWAYS_CREATE);
    if (!m) return NULL;
    as_module_add_section(m, name, code, strlen(code), 0);
    errors = 0;
    first_error[0] = 0;
    if (as_module_build(m) < 0) {
        fprintf(stderr, "  build of %s failed: %s\n", name, first_error);
        return NULL;
    }
    return m;
}

static bool run(as_module *m, const char *decl)
{
    as_function *f = m ? as_module_function_by_decl(m, decl) : NULL;
    if (!f) {
        fprintf(stderr, "  no function '%s'\n", decl);
        return false;
    }
    if (as_context_prepare(ctx, f) < 0) return false;
    int r = as_context_execute(ctx);
    if (r != AS_EXECUTION_FINISHED) {
        fprintf(stderr, "  '%s' ended with state %d (%s)\n", decl, r,
                r == AS_EXECUTION_EXCEPTION && as_context_exception_string(ctx) ? as_context_exception_string(ctx) : "");
        return false;
    }
    return true;
}

/* ===================================================================== integers */

static struct {
    int8_t i8; int16_t i16; int32_t i32; int64_t i64;
    uint8_t u8; uint16_t u16; uint32_t u32; uint64_t u64;
    int calls;
} seen;

/* four arguments (the register path) */
static int narrow4(int8_t a, uint8_t b, int16_t c, uint16_t d)
{
    seen.i8 = a; seen.u8 = b; seen.i16 = c; seen.u16 = d;
    seen.calls++;
    return (int)a + (int)b + (int)c + (int)d;
}
/* eight integer arguments: two go on the stack */
static int64_t all8(int8_t a, int16_t b, int32_t c, int64_t d, uint8_t e, uint16_t f, uint32_t g, uint64_t h)
{
    seen.i8 = a; seen.i16 = b; seen.i32 = c; seen.i64 = d;
    seen.u8 = e; seen.u16 = f; seen.u32 = g; seen.u64 = h;
    seen.calls++;
    return (int64_t)a + b + c + d + e + f + (int64_t)g + (int64_t)h;
}
static int8_t ret_i8(int v) { return (int8_t)v; }
static uint8_t ret_u8(int v) { return (uint8_t)v; }
static int16_t ret_i16(int v) { return (int16_t)v; }
static uint16_t ret_u16(int v) { return (uint16_t)v; }
static uint32_t ret_u32(void) { return 0xFFFFFFFFu; }
static int64_t ret_i64(void) { return INT64_MIN; }
static uint64_t ret_u64(void) { return UINT64_MAX; }

static void test_integers(void)
{
    CHECK(as_register_global_function(engine, "int narrow4(int8, uint8, int16, uint16)", AS_FN(narrow4), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "int64 all8(int8, int16, int, int64, uint8, uint16, uint, uint64)", AS_FN(all8), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "int8 ret_i8(int)", AS_FN(ret_i8), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "uint8 ret_u8(int)", AS_FN(ret_u8), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "int16 ret_i16(int)", AS_FN(ret_i16), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "uint16 ret_u16(int)", AS_FN(ret_u16), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "uint ret_u32()", AS_FN(ret_u32), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "int64 ret_i64()", AS_FN(ret_i64), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "uint64 ret_u64()", AS_FN(ret_u64), AS_CALL_CDECL, NULL) >= 0);
    const char *src =
        "int t_narrow() { int8 a = -128; uint8 b = 255; int16 c = -32768; uint16 d = 65535; return narrow4(a, b, c, d); }\n"
        "int64 t_all8() { return all8(-1, -2, -3, -4000000000, 200, 60000, 4000000000, 18000000000000000000); }\n"
        "bool t_rets() {\n"
        "  return ret_i8(200) == -56 && ret_u8(-1) == 255 && ret_i16(40000) == -25536 && ret_u16(-1) == 65535\n"
        "      && ret_u32() == 4294967295 && ret_i64() == -9223372036854775807 - 1 && ret_u64() == 18446744073709551615;\n"
        "}\n"
        "int t_widen() { int8 x = ret_i8(-1); int y = x; return y; }\n";
    as_module *m = build("ints", src);
    CHECK(m != NULL && errors == 0);
    if (!m) return;
    if (run(m, "int t_narrow()")) CHECK((int)as_context_return_dword(ctx) == -128 + 255 - 32768 + 65535);
    CHECK(seen.i8 == -128 && seen.u8 == 255 && seen.i16 == -32768 && seen.u16 == 65535);
    if (run(m, "int64 t_all8()")) {
        CHECK(seen.i8 == -1 && seen.i16 == -2 && seen.i32 == -3 && seen.i64 == -4000000000LL);
        CHECK(seen.u8 == 200 && seen.u16 == 60000 && seen.u32 == 4000000000u && seen.u64 == 18000000000000000000ull);
        int64_t want = (int64_t)(-1 - 2 - 3 - 4000000000LL + 200 + 60000 + 4000000000LL + (int64_t)18000000000000000000ull);
        CHECK((int64_t)as_context_return_qword(ctx) == want);
    }
    if (run(m, "bool t_rets()")) CHECK(as_context_return_byte(ctx) == 1);
    if (run(m, "int t_widen()")) CHECK((int)as_context_return_dword(ctx) == -1);
    as_module_discard(m);
}

/* ===================================================================== floats, mixed, many */

static double mixed_seen[20];
static double mixed14(int a, double b, float c, int64_t d, double e, float f, int g, double h, int i, float j,
                      double k, int l, double m, float n)
{
    double v[14] = {a, b, c, (double)d, e, f, g, h, i, j, k, l, m, n};
    memcpy(mixed_seen, v, sizeof v);
    return a + b + c + (double)d + e + f + g + h + i + j + k + l + m + n;
}
/* 8 integers and 10 floats: both register classes overflow */
static double many18(int a1, double d1, int a2, double d2, int a3, double d3, int a4, double d4, int a5, double d5,
                     int a6, double d6, int a7, double d7, int a8, double d8, float f9, float f10)
{
    double w = 0;
    int ints[8] = {a1, a2, a3, a4, a5, a6, a7, a8};
    double dbls[10] = {d1, d2, d3, d4, d5, d6, d7, d8, f9, f10};
    /* weight each position so that a swap is noticed */
    for (int k = 0; k < 8; k++) w += ints[k] * (k + 1);
    for (int k = 0; k < 10; k++) w += dbls[k] * (k + 1) * 1000;
    return w;
}
static float fret(float a, float b) { return a - b; }
static double dret(int a, float b, double c) { return a * 100.0 + b * 10.0 + c; }
static float f_of_ints(int a, int b, int c, int d, int e, int f, int g) { return (float)(a + b + c + d + e + f + g) / 2.0f; }

static void test_floats(void)
{
    CHECK(as_register_global_function(engine, "double mixed14(int, double, float, int64, double, float, int, double, int, float, double, int, double, float)",
                                      AS_FN(mixed14), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "double many18(int, double, int, double, int, double, int, double, int, double, int, double, int, double, int, double, float, float)",
                                      AS_FN(many18), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "float fret(float, float)", AS_FN(fret), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "double dret(int, float, double)", AS_FN(dret), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "float f_of_ints(int, int, int, int, int, int, int)", AS_FN(f_of_ints), AS_CALL_CDECL, NULL) >= 0);
    const char *src =
        "double t_mixed() { return mixed14(1, 2.5, 3.25f, 4, 5.5, 6.75f, 7, 8.125, 9, 10.5f, 11.25, 12, 13.5, 14.25f); }\n"
        "double t_many() { return many18(1, 0.5, 2, 1.5, 3, 2.5, 4, 3.5, 5, 4.5, 6, 5.5, 7, 6.5, 8, 7.5, 8.5f, 9.5f); }\n"
        "float t_fret() { return fret(10.5f, 0.25f); }\n"
        "double t_dret() { return dret(3, 2.5f, 0.125); }\n"
        "float t_fints() { return f_of_ints(1, 2, 3, 4, 5, 6, 7); }\n";
    as_module *m = build("floats", src);
    CHECK(m != NULL && errors == 0);
    if (!m) return;
    if (run(m, "double t_mixed()")) {
        double want[14] = {1, 2.5, 3.25, 4, 5.5, 6.75, 7, 8.125, 9, 10.5, 11.25, 12, 13.5, 14.25};
        for (int i = 0; i < 14; i++) {
            if (mixed_seen[i] != want[i]) fprintf(stderr, "  mixed14 arg %d: got %g, want %g\n", i, mixed_seen[i], want[i]);
            CHECK(mixed_seen[i] == want[i]);
        }
        CHECK(as_context_return_double(ctx) == 108.625);
    }
    if (run(m, "double t_many()")) {
        double w = 0;
        for (int k = 0; k < 8; k++) w += (k + 1) * (k + 1);
        double d[10] = {0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5};
        for (int k = 0; k < 10; k++) w += d[k] * (k + 1) * 1000;
        CHECK(as_context_return_double(ctx) == w);
    }
    if (run(m, "float t_fret()")) CHECK(as_context_return_float(ctx) == 10.25f);
    if (run(m, "double t_dret()")) CHECK(as_context_return_double(ctx) == 325.125);
    if (run(m, "float t_fints()")) CHECK(as_context_return_float(ctx) == 14.0f);
    as_module_discard(m);
}

/* ===================================================================== bool */

static int bools3(bool a, bool b, bool c) { return (a ? 4 : 0) + (b ? 2 : 0) + (c ? 1 : 0); }
static bool is_pos(int v) { return v > 0; }
static bool bool_mixed(int a, bool b, double c, bool d, float e, bool f, int64_t g, bool h)
{
    return b && !d && f && !h && a == 1 && c == 2.0 && e == 3.0f && g == 4;
}

static void test_bools(void)
{
    CHECK(as_register_global_function(engine, "int bools3(bool, bool, bool)", AS_FN(bools3), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "bool is_pos(int)", AS_FN(is_pos), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "bool bool_mixed(int, bool, double, bool, float, bool, int64, bool)", AS_FN(bool_mixed), AS_CALL_CDECL, NULL) >= 0);
    const char *src =
        "int t_b3() { return bools3(true, false, true) * 10 + bools3(false, true, false); }\n"
        "bool t_pos() { return is_pos(5) && !is_pos(-5) && (is_pos(1) == true); }\n"
        "int t_posint() { int n = 0; for (int i = -3; i <= 3; i++) if (is_pos(i)) n++; return n; }\n"
        "bool t_bm() { return bool_mixed(1, true, 2.0, false, 3.0f, true, 4, false); }\n";
    as_module *m = build("bools", src);
    CHECK(m != NULL && errors == 0);
    if (!m) return;
    if (run(m, "int t_b3()")) CHECK(as_context_return_dword(ctx) == 52);
    if (run(m, "bool t_pos()")) CHECK(as_context_return_byte(ctx) == 1);
    if (run(m, "int t_posint()")) CHECK(as_context_return_dword(ctx) == 3);
    if (run(m, "bool t_bm()")) CHECK(as_context_return_byte(ctx) == 1);
    as_module_discard(m);
}

/* ===================================================================== strings and &out */

static char last_str[64];
static int slen(const void *s)
{
    size_t n = 0;
    const char *d = as_string_data(s, &n);
    snprintf(last_str, sizeof last_str, "%.*s", (int)n, d);
    return (int)n;
}
static void sout(void *s, int n)
{
    char buf[32];
    snprintf(buf, sizeof buf, "n=%d", n);
    as_string_assign(s, buf, strlen(buf));
}
static int s2(int pre, const void *a, double mid, const void *b)
{
    size_t na, nb;
    as_string_data(a, &na);
    as_string_data(b, &nb);
    return pre + (int)mid + (int)(na * 10 + nb);
}
static void divmod(int a, int b, int *q, int *r) { *q = a / b; *r = a % b; }
static void outs(int8_t *a, double *b, bool *c, int64_t *d, float *e, uint16_t *f)
{
    *a = -5; *b = 0.75; *c = true; *d = -123456789012LL; *e = 1.5f; *f = 65000;
}

static void out16(int16_t *v) { *v = -300; }

static void test_strings_out(void)
{
    CHECK(as_register_global_function(engine, "void out16(int16 &out)", AS_FN(out16), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "int slen(const string &in)", AS_FN(slen), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "void sout(string &out, int)", AS_FN(sout), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "int s2(int, const string &in, double, const string &in)", AS_FN(s2), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "void divmod(int, int, int &out, int &out)", AS_FN(divmod), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "void outs(int8 &out, double &out, bool &out, int64 &out, float &out, uint16 &out)", AS_FN(outs), AS_CALL_CDECL, NULL) >= 0);
    const char *src =
        "int t_slen() { string s = 'hello'; return slen(s) + slen('abc') + slen(s + ' world'); }\n"
        "string t_sout() { string s; sout(s, 42); return s; }\n"
        "int t_s2() { return s2(1000, 'ab', 200.5, 'xyz'); }\n"
        "int t_divmod() { int q, r; divmod(17, 5, q, r); return q * 10 + r; }\n"
        "int8 o_a; double o_b; bool o_c = false; int64 o_d; float o_e; uint16 o_f; int16 o_g; int o_h;\n"
        "void t_outs() { outs(o_a, o_b, o_c, o_d, o_e, o_f); out16(o_g); o_h = o_a; }\n"
        "int t_out_local8() { int8 a; double b; bool c; int64 d; float e; uint16 f; outs(a, b, c, d, e, f); return a; }\n"
        "int t_out_local16() { int16 g; out16(g); return g; }\n"
        "int t_discard() { int q; divmod(9, 2, q, void); return q; }\n";
    as_module *m = build("strings", src);
    CHECK(m != NULL && errors == 0);
    if (!m) return;
    if (run(m, "int t_slen()")) CHECK(as_context_return_dword(ctx) == 5 + 3 + 11);
    CHECK(strcmp(last_str, "hello world") == 0);
    if (run(m, "string t_sout()")) {
        void *s = as_context_return_object(ctx);
        CHECK(s != NULL);
        size_t n = 0;
        const char *d = s ? as_string_data(s, &n) : "";
        CHECK(n == 4 && memcmp(d, "n=42", 4) == 0);
    }
    if (run(m, "int t_s2()")) CHECK(as_context_return_dword(ctx) == 1223);
    if (run(m, "int t_divmod()")) CHECK(as_context_return_dword(ctx) == 32);
    if (run(m, "void t_outs()")) {
        /* read the script's globals after the &out write-backs */
        const char *names[] = {"o_a", "o_b", "o_c", "o_d", "o_e", "o_f", "o_g", "o_h"};
        void *p[8];
        for (int i = 0; i < 8; i++) {
            int gi = as_module_global_index_by_name(m, names[i]);
            p[i] = gi >= 0 ? as_module_global_address(m, gi) : NULL;
            CHECK(p[i] != NULL);
            if (!p[i]) return;
        }
        CHECK(*(int8_t *)p[0] == -5);
        CHECK(*(double *)p[1] == 0.75);
        CHECK(*(bool *)p[2] == true);
        CHECK(*(int64_t *)p[3] == -123456789012LL);
        CHECK(*(float *)p[4] == 1.5f);
        CHECK(*(uint16_t *)p[5] == 65000);
        CHECK(*(int16_t *)p[6] == -300);
        CHECK(*(int *)p[7] == -5);        /* int8 -5 widened by the script */
    }
    /* the same into local variables */
    if (run(m, "int t_out_local8()")) CHECK((int)as_context_return_dword(ctx) == -5);
    if (run(m, "int t_out_local16()")) CHECK((int)as_context_return_dword(ctx) == -300);
    if (run(m, "int t_discard()")) CHECK(as_context_return_dword(ctx) == 4);
    as_module_discard(m);
}

/* ===================================================================== handles */

typedef struct { int refs, value; } Ent;
static int ent_live;
static Ent *ent_new(int v) { Ent *e = calloc(1, sizeof *e); e->refs = 1; e->value = v; ent_live++; return e; }
static Ent *ent_factory(void) { return ent_new(0); }
static Ent *ent_factory_v(int v) { return ent_new(v); }
static void ent_addref(Ent *e) { e->refs++; }
static void ent_release(Ent *e) { if (--e->refs == 0) { free(e); ent_live--; } }

static Ent *stored;
static int refs_seen;
static void store(Ent *e) { if (stored) ent_release(stored); stored = e; }               /* void store(Ent@) */
static Ent *fetch(void) { if (stored) ent_addref(stored); return stored; }               /* Ent@ fetch() */
static int peek_handle(Ent *e) { int v = e ? e->value : -1; refs_seen = e ? e->refs : 0; if (e) ent_release(e); return v; } /* int peek(Ent@) */
static Ent *pick(Ent *a, Ent *b, bool first)                                              /* Ent@ pick(Ent@, Ent@, bool) */
{
    Ent *keep = first ? a : b, *drop = first ? b : a;
    if (drop) ent_release(drop);
    return keep;
}
static Ent *choose_auto(Ent *a, Ent *b, bool first) { return first ? a : b; }           /* Ent@+ choose(Ent@+, Ent@+, bool) */
static int by_ref(Ent *e) { e->value++; return e->value; }                               /* int byRef(Ent &inout) */
static Ent *make_ent(int v) { return ent_new(v); }                                       /* Ent@ makeEnt(int) */
static bool is_null(Ent *e) { if (e) ent_release(e); return e == NULL; }                 /* bool isNull(Ent@) */

static void register_ent(void)
{
    CHECK(as_register_object_type(engine, "Ent", 0, AS_OBJ_REF) > 0);
    CHECK(as_register_object_behaviour(engine, "Ent", AS_BEHAVE_FACTORY, "Ent@ f()", AS_FN(ent_factory), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_object_behaviour(engine, "Ent", AS_BEHAVE_FACTORY, "Ent@ f(int)", AS_FN(ent_factory_v), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_object_behaviour(engine, "Ent", AS_BEHAVE_ADDREF, "void f()", AS_FN(ent_addref), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_behaviour(engine, "Ent", AS_BEHAVE_RELEASE, "void f()", AS_FN(ent_release), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_property(engine, "Ent", "int value", offsetof(Ent, value)) >= 0);
}

static void test_handles(void)
{
    CHECK(as_register_global_function(engine, "void store(Ent@)", AS_FN(store), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "Ent@ fetch()", AS_FN(fetch), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "int peek(Ent@)", AS_FN(peek_handle), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "Ent@ pick(Ent@, Ent@, bool)", AS_FN(pick), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "Ent@+ choose(Ent@+, Ent@+, bool)", AS_FN(choose_auto), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "int byRef(Ent &inout)", AS_FN(by_ref), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "Ent@ makeEnt(int)", AS_FN(make_ent), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "bool isNull(Ent@)", AS_FN(is_null), AS_CALL_CDECL, NULL) >= 0);
    const char *src =
        "void t_store() { Ent e(7); store(e); }\n"
        "int t_fetch() { Ent@ e = fetch(); return e is null ? -1 : e.value; }\n"
        "int t_peek() { Ent e(3); Ent@ h = e; return peek(h) * 10 + peek(e); }\n"
        "int t_pick() { Ent a(1); Ent b(2); return pick(a, b, true).value * 10 + pick(a, b, false).value; }\n"
        "int t_choose() { Ent a(1); Ent b(2); Ent@ c = choose(a, b, false); return c.value + choose(a, b, true).value * 10; }\n"
        "int t_byref() { Ent e(5); byRef(e); return byRef(e); }\n"
        "int t_make() { int s = 0; for (int i = 0; i < 10; i++) s += makeEnt(i).value; return s; }\n"
        "bool t_null() { Ent@ n; return isNull(n) && isNull(null) && !isNull(Ent()); }\n"
        "void t_clear() { store(null); }\n";
    as_module *m = build("handles", src);
    CHECK(m != NULL && errors == 0);
    if (!m) return;
    CHECK(run(m, "void t_store()"));
    CHECK(stored != NULL && stored->value == 7 && stored->refs == 1);
    CHECK(ent_live == 1);
    if (run(m, "int t_fetch()")) CHECK(as_context_return_dword(ctx) == 7);
    CHECK(stored && stored->refs == 1);
    if (run(m, "int t_peek()")) CHECK(as_context_return_dword(ctx) == 33);
    CHECK(refs_seen >= 2);   /* the script's variable and the callee's reference */
    if (run(m, "int t_pick()")) CHECK(as_context_return_dword(ctx) == 12);
    if (run(m, "int t_choose()")) CHECK(as_context_return_dword(ctx) == 12);
    if (run(m, "int t_byref()")) CHECK(as_context_return_dword(ctx) == 7);
    if (run(m, "int t_make()")) CHECK(as_context_return_dword(ctx) == 45);
    if (run(m, "bool t_null()")) CHECK(as_context_return_byte(ctx) == 1);
    CHECK(ent_live == 1);
    CHECK(run(m, "void t_clear()"));
    CHECK(stored == NULL);
    CHECK(ent_live == 0);
    as_module_discard(m);
    CHECK(ent_live == 0);
}

/* ===================================================================== ?&in, ?&out */

static struct { int tid; void *addr; int ival; double dval; char sval[32]; void *handle; int calls; } var;
static void var_in(void *ref, int tid)
{
    var.calls++;
    var.tid = tid;
    var.addr = ref;
    if (tid == AS_TYPEID_INT32) var.ival = *(int *)ref;
    else if (tid == AS_TYPEID_DOUBLE) var.dval = *(double *)ref;
    else if (tid == as_engine_type_id_by_decl(engine, "string")) {
        size_t n;
        const char *d = as_string_data(ref, &n);
        snprintf(var.sval, sizeof var.sval, "%.*s", (int)n, d);
    } else if (tid & AS_TYPEID_OBJHANDLE) var.handle = *(void **)ref;
}
static int var_in2(int before, void *ref, int tid, double after)   /* int var2(int, ?&in, double) */
{
    return before + (tid == AS_TYPEID_INT32 ? *(int *)ref : -1000) + (int)after;
}
static void var_out(void *ref, int tid)
{
    if (tid == AS_TYPEID_INT32) *(int *)ref = 42;
    else if (tid == AS_TYPEID_DOUBLE) *(double *)ref = 4.5;
    else if (tid == as_engine_type_id_by_decl(engine, "string")) as_string_assign(ref, "out!", 4);
}

static void test_var_type(void)
{
    CHECK(as_register_global_function(engine, "void var(?&in)", AS_FN(var_in), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "int var2(int, ?&in, double)", AS_FN(var_in2), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "void varout(?&out)", AS_FN(var_out), AS_CALL_CDECL, NULL) >= 0);
    const char *src =
        "Ent@ g_e;\n"
        "void t_int() { int i = 7; var(i); }\n"
        "void t_double() { var(2.5); }\n"
        "void t_string() { string s = 'abc'; var(s); }\n"
        "void t_handle() { Ent e(9); @g_e = e; var(@e); }\n"
        "int t_var2() { return var2(100, 20, 3.0); }\n"
        "bool t_out() { int i = 0; double d = 0; string s; varout(i); varout(d); varout(s); return i == 42 && d == 4.5 && s == 'out!'; }\n"
        "void t_clear() { @g_e = null; }\n";
    as_module *m = build("vartype", src);
    CHECK(m != NULL && errors == 0);
    if (!m) return;
    memset(&var, 0, sizeof var);
    if (run(m, "void t_int()")) CHECK(var.tid == AS_TYPEID_INT32 && var.ival == 7);
    if (run(m, "void t_double()")) CHECK(var.tid == AS_TYPEID_DOUBLE && var.dval == 2.5);
    if (run(m, "void t_string()")) {
        CHECK(var.tid == as_engine_type_id_by_decl(engine, "string"));
        CHECK(strcmp(var.sval, "abc") == 0);
    }
    if (run(m, "void t_handle()")) {
        int ent_h = as_engine_type_id_by_decl(engine, "Ent@");
        CHECK(ent_h > 0 && (ent_h & AS_TYPEID_OBJHANDLE));
        CHECK(var.tid == ent_h);                               /* handle flag in the type id */
        int gi = as_module_global_index_by_name(m, "g_e");
        Ent **ge = gi >= 0 ? as_module_global_address(m, gi) : NULL;
        CHECK(ge != NULL);
        if (ge) CHECK(var.handle == *ge && *ge && (*ge)->value == 9);   /* the address of the handle */
    }
    if (run(m, "int t_var2()")) CHECK(as_context_return_dword(ctx) == 123);
    if (run(m, "bool t_out()")) CHECK(as_context_return_byte(ctx) == 1);
    CHECK(run(m, "void t_clear()"));
    CHECK(ent_live == 0);
    as_module_discard(m);
}

/* ===================================================================== methods */

static double m_first(const Ent *self, int a, double b, float c) { return self->value * 1000 + a * 100 + b * 10 + c; }
static double m_last(int a, double b, float c, Ent *self) { return self->value * 1000 + a * 100 + b * 10 + c; }
static int64_t m_many_last(int a, int b, int c, int d, int e, int f, int g, Ent *self)
{
    return (int64_t)self->value * 10000000 + a * 1000000 + b * 100000 + c * 10000 + d * 1000 + e * 100 + f * 10 + g;
}
static int64_t m_many_first(Ent *self, int a, int b, int c, int d, int e, int f, int g)
{
    return (int64_t)self->value * 10000000 + a * 1000000 + b * 100000 + c * 10000 + d * 1000 + e * 100 + f * 10 + g;
}
static void m_set(Ent *self, int v) { self->value = v; }
static Ent *m_self(Ent *self) { ent_addref(self); return self; }    /* Ent@ self() */

static void test_methods(void)
{
    CHECK(as_register_object_method(engine, "Ent", "double first(int, double, float) const", AS_FN(m_first), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_method(engine, "Ent", "double last(int, double, float) const", AS_FN(m_last), AS_CALL_CDECL_OBJLAST, NULL) >= 0);
    CHECK(as_register_object_method(engine, "Ent", "int64 manyLast(int, int, int, int, int, int, int)", AS_FN(m_many_last), AS_CALL_CDECL_OBJLAST, NULL) >= 0);
    CHECK(as_register_object_method(engine, "Ent", "int64 manyFirst(int, int, int, int, int, int, int)", AS_FN(m_many_first), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_method(engine, "Ent", "void set(int)", AS_FN(m_set), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_method(engine, "Ent", "Ent@ self()", AS_FN(m_self), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    const char *src =
        "double t_first() { Ent e(2); return e.first(3, 4.5, 0.25f); }\n"
        "double t_last() { Ent e(2); return e.last(3, 4.5, 0.25f); }\n"
        "int64 t_manyLast() { Ent e(8); return e.manyLast(1, 2, 3, 4, 5, 6, 7); }\n"
        "int64 t_manyFirst() { Ent e(8); return e.manyFirst(1, 2, 3, 4, 5, 6, 7); }\n"
        "int t_chain() { Ent e; e.self().self().set(6); return e.value; }\n";
    as_module *m = build("methods", src);
    CHECK(m != NULL && errors == 0);
    if (!m) return;
    if (run(m, "double t_first()")) CHECK(as_context_return_double(ctx) == 2345.25);
    if (run(m, "double t_last()")) CHECK(as_context_return_double(ctx) == 2345.25);
    if (run(m, "int64 t_manyLast()")) CHECK(as_context_return_qword(ctx) == 81234567u);
    if (run(m, "int64 t_manyFirst()")) CHECK(as_context_return_qword(ctx) == 81234567u);
    if (run(m, "int t_chain()")) CHECK(as_context_return_dword(ctx) == 6);
    CHECK(ent_live == 0);
    as_module_discard(m);
}

/* ===================================================================== value types by value */

typedef struct { float x, y; } vec2;
typedef struct { int x, y, z; } ivec3;
typedef struct { int64_t a, b, c, d; } big;

static float vlen2(vec2 v) { return v.x * v.x + v.y * v.y; }
static vec2 mkvec(float x, float y) { vec2 v = {x, y}; return v; }
static int isum(ivec3 v) { return v.x * 100 + v.y * 10 + v.z; }
static ivec3 mkivec(int x, int y, int z) { ivec3 v = {x, y, z}; return v; }
static int64_t bigsum(big b) { return b.a * 1000 + b.b * 100 + b.c * 10 + b.d; }
static big mkbig(int64_t v) { big b = {v, v + 1, v + 2, v + 3}; return b; }
typedef struct { float x, y, z; } vec3;
typedef struct { double a, b; } dvec2;
typedef struct { int a, b; } ipair;
static vec3 mkvec3(float x, float y, float z) { vec3 v = {x, y, z}; return v; }
static float v3sum(vec3 v) { return v.x * 100 + v.y * 10 + v.z; }
static dvec2 mkdvec2(double a, double b) { dvec2 v = {a, b}; return v; }
static double d2diff(dvec2 v, int k) { return (v.a - v.b) * k; }
static ipair mkipair(int a, int b) { ipair p = {a, b}; return p; }
static int ipdiff(int k, ipair p) { return (p.a - p.b) * k; }
static double vmix(int a, vec2 v, double d, ivec3 w, float f) { return a + vlen2(v) + d + isum(w) + f; }
static vec2 vscale(const vec2 *self, float s) { vec2 r = {self->x * s, self->y * s}; return r; }  /* method returning by value */

static void test_value_types(void)
{
    CHECK(as_register_object_type(engine, "vec2", sizeof(vec2), AS_OBJ_VALUE | AS_OBJ_POD | AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_ALLFLOATS) > 0);
    CHECK(as_register_object_property(engine, "vec2", "float x", offsetof(vec2, x)) >= 0);
    CHECK(as_register_object_property(engine, "vec2", "float y", offsetof(vec2, y)) >= 0);
    CHECK(as_register_object_method(engine, "vec2", "vec2 scale(float) const", AS_FN(vscale), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_type(engine, "ivec3", sizeof(ivec3), AS_OBJ_VALUE | AS_OBJ_POD | AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_ALLINTS) > 0);
    CHECK(as_register_object_property(engine, "ivec3", "int x", offsetof(ivec3, x)) >= 0);
    CHECK(as_register_object_property(engine, "ivec3", "int y", offsetof(ivec3, y)) >= 0);
    CHECK(as_register_object_property(engine, "ivec3", "int z", offsetof(ivec3, z)) >= 0);
    CHECK(as_register_object_type(engine, "big", sizeof(big), AS_OBJ_VALUE | AS_OBJ_POD | AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_ALLINTS | AS_OBJ_APP_CLASS_ALIGN8) > 0);
    CHECK(as_register_object_property(engine, "big", "int64 a", offsetof(big, a)) >= 0);
    CHECK(as_register_object_property(engine, "big", "int64 d", offsetof(big, d)) >= 0);
    CHECK(as_register_global_function(engine, "float vlen2(vec2)", AS_FN(vlen2), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "vec2 mkvec(float, float)", AS_FN(mkvec), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "int isum(ivec3)", AS_FN(isum), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "ivec3 mkivec(int, int, int)", AS_FN(mkivec), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "int64 bigsum(big)", AS_FN(bigsum), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "big mkbig(int64)", AS_FN(mkbig), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "double vmix(int, vec2, double, ivec3, float)", AS_FN(vmix), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_object_type(engine, "vec3", sizeof(vec3), AS_OBJ_VALUE | AS_OBJ_POD | AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_ALLFLOATS) > 0);
    CHECK(as_register_object_property(engine, "vec3", "float z", offsetof(vec3, z)) >= 0);
    CHECK(as_register_object_type(engine, "dvec2", sizeof(dvec2), AS_OBJ_VALUE | AS_OBJ_POD | AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_ALLFLOATS | AS_OBJ_APP_CLASS_ALIGN8) > 0);
    CHECK(as_register_object_property(engine, "dvec2", "double b", offsetof(dvec2, b)) >= 0);
    CHECK(as_register_object_type(engine, "ipair", sizeof(ipair), AS_OBJ_VALUE | AS_OBJ_POD | AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_ALLINTS) > 0);
    CHECK(as_register_object_property(engine, "ipair", "int b", offsetof(ipair, b)) >= 0);
    CHECK(as_register_global_function(engine, "vec3 mkvec3(float, float, float)", AS_FN(mkvec3), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "float v3sum(vec3)", AS_FN(v3sum), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "dvec2 mkdvec2(double, double)", AS_FN(mkdvec2), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "double d2diff(dvec2, int)", AS_FN(d2diff), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "ipair mkipair(int, int)", AS_FN(mkipair), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "int ipdiff(int, ipair)", AS_FN(ipdiff), AS_CALL_CDECL, NULL) >= 0);
    const char *src =
        "float t_vec3() { vec3 v = mkvec3(1, 2, 3); v.z += 1; return v3sum(v); }\n"
        "double t_dvec2() { dvec2 v = mkdvec2(10.5, 0.25); v.b += 0.25; return d2diff(v, 2); }\n"
        "int t_ipair() { ipair p = mkipair(9, 4); p.b += 1; return ipdiff(3, p); }\n"
        "float t_vec() { vec2 v = mkvec(3, 4); return vlen2(v) + v.x; }\n"
        "int t_ivec() { ivec3 v = mkivec(1, 2, 3); v.z += 1; return isum(v); }\n"
        "int64 t_big() { big b = mkbig(1); return bigsum(b) + b.d * 10000; }\n"
        "double t_vmix() { return vmix(1, mkvec(1, 2), 0.5, mkivec(4, 5, 6), 0.25f); }\n"
        "float t_scale() { vec2 v = mkvec(1, 2).scale(3); return v.x * 10 + v.y; }\n";
    as_module *m = build("values", src);
    CHECK(m != NULL && errors == 0);
    if (!m) return;
    if (run(m, "float t_vec()")) CHECK(as_context_return_float(ctx) == 28.0f);
    if (run(m, "float t_vec3()")) CHECK(as_context_return_float(ctx) == 124.0f);
    if (run(m, "double t_dvec2()")) CHECK(as_context_return_double(ctx) == 20.0);
    if (run(m, "int t_ipair()")) CHECK(as_context_return_dword(ctx) == 12);
    if (run(m, "int t_ivec()")) CHECK(as_context_return_dword(ctx) == 124);
    if (run(m, "int64 t_big()")) CHECK(as_context_return_qword(ctx) == 1234u + 40000u);
    if (run(m, "double t_vmix()")) CHECK(as_context_return_double(ctx) == 1 + 5 + 0.5 + 456 + 0.25);
    if (run(m, "float t_scale()")) CHECK(as_context_return_float(ctx) == 36.0f);
    as_module_discard(m);
}

int main(void)
{
    engine = as_engine_create();
    REQUIRE(engine != NULL);
    as_engine_set_message_callback(engine, on_message, NULL);
    CHECK(as_register_string(engine) >= 0);
    register_ent();
    ctx = as_context_create(engine);
    REQUIRE(ctx != NULL);
    group("integers", test_integers);
    group("floats", test_floats);
    group("bools", test_bools);
    group("strings_out", test_strings_out);
    group("handles", test_handles);
    group("var_type", test_var_type);
    group("methods", test_methods);
    group("value_types", test_value_types);
    as_context_destroy(ctx);
    as_engine_destroy(engine);
    if (failures) fprintf(stderr, "native_calls: %d check(s) failed\n", failures);
    return failures ? 1 : 0;
}
