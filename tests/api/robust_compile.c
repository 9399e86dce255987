/* Hostile source never crashes or hangs the compiler (issue 17):
 *  - long chains the parser builds without nesting (x + x + ... + x, - - - x, a.b.c..., f().g()...,
 *    && chains in conditions) compile without recursion, at lengths the C stack could not take;
 *  - nesting up to the parser's limit (calls, methods, constructors, indexes, funcdef calls,
 *    ternaries, assignments, casts, init lists, lambdas) compiles in small frames, and in linear
 *    time where an operand is probed before it is compiled (T(T(T(...)))) was 2^n);
 *  - nesting past it is "Too deeply nested", `C@@@...` is one error in linear time and memory;
 *  - a function whose frame, constant pool or jumps do not fit the 16-bit operands is refused
 *    ("Function is too large") instead of compiled into wrapped operands.
 * The sources are generated here: they are too big to keep as conformance scripts. */
#define _POSIX_C_SOURCE 200809L
#include "angelc.h"
#include "angelc_addons.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "check.h"

static char first_error[512];
static int nerrors;
static void on_message(const as_message *m, void *user)
{
    (void)user;
    if (m->type != AS_MSG_ERROR) return;
    if (!nerrors++) snprintf(first_error, sizeof first_error, "%s", m->message);
}

/* A growing source text. */
typedef struct text { char *p; size_t len, cap; } text;
static void add(text *t, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        size_t room = t->cap - t->len;
        int n = vsnprintf(t->p ? t->p + t->len : NULL, t->p ? room : 0, fmt, ap);
        va_end(ap);
        REQUIRE(n >= 0);
        if (t->p && (size_t)n < room) {
            t->len += (size_t)n;
            return;
        }
        t->cap = (t->cap + (size_t)n + 1) * 2;
        t->p = realloc(t->p, t->cap);
        REQUIRE(t->p != NULL);
    }
}
static void rep(text *t, const char *s, int n) { for (int i = 0; i < n; i++) add(t, "%s", s); }

static as_engine *E;
static as_module *M;

/* Builds src; returns the build's result (first error message in first_error). */
static int build(text *src)
{
    E = as_engine_create();
    REQUIRE(E != NULL);
    as_engine_set_message_callback(E, on_message, NULL);
    as_register_string(E);
    as_register_array(E, true);
    nerrors = 0;
    first_error[0] = 0;
    M = as_engine_get_module(E, "m", AS_GM_ALWAYS_CREATE);
    REQUIRE(M != NULL);
    REQUIRE(as_module_add_section(M, "s", src->p, src->len, 0) >= 0);
    int r = as_module_build(M);
    if (r < 0 && getenv("VERBOSE")) fprintf(stderr, "  build: %s\n", first_error);
    free(src->p);
    memset(src, 0, sizeof *src);
    return r;
}

/* Runs `int main()` of the built module and returns its value (-12345 when it does not finish). */
static int run_main(void)
{
    as_function *fn = as_module_function_by_decl(M, "int main()");
    REQUIRE(fn != NULL);
    as_context *ctx = as_context_create(E);
    REQUIRE(ctx != NULL);
    REQUIRE(as_context_prepare(ctx, fn) >= 0);
    int r = as_context_execute(ctx) == AS_EXECUTION_FINISHED ? (int)as_context_return_dword(ctx) : -12345;
    as_context_destroy(ctx);
    return r;
}

static void done(void)
{
    as_engine_destroy(E);
    E = NULL;
    M = NULL;
}

#define LONG 100000

static void long_sum(void)
{
    text t = {0};
    add(&t, "int main() { int x = 1; return x");
    rep(&t, " + x", LONG - 1);
    add(&t, "; }\n");
    CHECK(build(&t) >= 0);
    CHECK(run_main() == LONG);
    done();
}

static void long_prefix(void)
{
    text t = {0};
    add(&t, "int main() { int x = 7; return ");
    rep(&t, "- ", LONG);    /* an even count */
    add(&t, "x; }\n");
    CHECK(build(&t) >= 0);
    CHECK(run_main() == 7);
    done();
}

static void long_members(void)
{
    text t = {0};
    add(&t, "class C { C@ n; int v = 3; }\nint main() { C c; @c.n = c; int v = c");
    rep(&t, ".n", LONG);
    add(&t, ".v; @c.n = null; return v; }\n");
    CHECK(build(&t) >= 0);
    CHECK(run_main() == 3);
    done();
}

static void long_method_chain(void)
{
    /* each call's handle is a temporary: 30,000 of them fit one frame */
    text t = {0};
    add(&t, "class C { int x = 5; C@ g() { return this; } int &r() { return x; } }\nint main() { C c; return c");
    rep(&t, ".g()", 30000);
    add(&t, ".r(); }\n");
    CHECK(build(&t) >= 0);
    CHECK(run_main() == 5);
    done();
}

static void long_logic(void)
{
    text t = {0};
    add(&t, "int main() { bool b = true; int n = 0; if (b");
    rep(&t, " && b", LONG - 1);
    add(&t, ") n = 1; bool c = !b");
    rep(&t, " || !b", LONG - 1);
    add(&t, "; if (!c) n++; return n; }\n");
    CHECK(build(&t) >= 0);
    CHECK(run_main() == 2);
    done();
}

static void long_concat(void)
{
    text t = {0};
    add(&t, "int main() { string s = 'a'");
    rep(&t, " + 'a'", 9999);
    add(&t, "; return int(s.length()); }\n");
    CHECK(build(&t) >= 0);
    CHECK(run_main() == 10000);
    done();
}

/* Nesting just inside the parser's limit of 500 levels. */
#define DEEP 490

static void nested_at_limit(void)
{
    /* a ternary branch and a parenthesised assignment take two levels each */
    static const struct { const char *pre, *open, *inner, *close, *post; int depth, want; } cases[] = {
        {"int f(int a) { return a; }\n", "f(", "1", ")", "", DEEP, 1},
        {"class C { int f(int a) { return a; } }\nC c;\n", "c.f(", "2", ")", "", DEEP, 2},
        {"class C { int v; C(int a) { v = a; } C(const C &in o) { v = o.v; } }\n", "C(", "3", ")", ".v", DEEP, 3},
        {"class C { int v; C() {} C(int a) { v = a; } C(C @h) { v = h.v + 1; } }\n", "C(", "1", ")", ".v", DEEP, DEEP},
        {"funcdef int F(int);\nint f(int a) { return a; }\nF@ g = f;\n", "g(", "4", ")", "", DEEP, 4},
        {"array<int> a = {0};\n", "a[", "0", "]", "", DEEP, 0},
        {"", "(", "6", ")", "", DEEP, 6},
        {"", "int(", "7", ")", "", DEEP, 7},
        {"int x = 1;\n", "(x == 1 ? ", "8", " : 0)", "", DEEP / 2, 8},
        {"int x;\n", "(x = ", "9", ")", "", DEEP / 2, 9},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        text t = {0};
        add(&t, "%sint main() { return ", cases[i].pre);
        rep(&t, cases[i].open, cases[i].depth);
        add(&t, "%s", cases[i].inner);
        rep(&t, cases[i].close, cases[i].depth);
        add(&t, "%s; }\n", cases[i].post);
        clock_t t0 = clock();
        int r = build(&t);
        if (r < 0) fprintf(stderr, "  case %zu: %s\n", i, first_error);
        CHECK(r >= 0);
        CHECK((double)(clock() - t0) / CLOCKS_PER_SEC < 20);
        int got = r >= 0 ? run_main() : cases[i].want;
        if (got != cases[i].want) fprintf(stderr, "  case %zu: main() returned %d, want %d\n", i, got, cases[i].want);
        CHECK(got == cases[i].want);
        done();
    }
    /* lambdas nest through their bodies */
    text t = {0};
    add(&t, "funcdef int F(int);\nint main() { F@ f = ");
    rep(&t, "function(a) { F@ g = ", 240);
    add(&t, "null; return a; ");
    rep(&t, "}; return a; ", 239);
    add(&t, "}; return f(11); }\n");
    CHECK(build(&t) >= 0);
    CHECK(run_main() == 11);
    done();
}

static void nested_past_limit(void)
{
    static const char *const opens[] = {"f(", "(", "a[", "int(", "c.f(", "-(", "{"};
    static const char *const closes[] = {")", ")", "]", ")", ")", ")", "}"};
    for (size_t i = 0; i < sizeof opens / sizeof opens[0]; i++) {
        text t = {0};
        add(&t, "class C { int f(int a) { return a; } }\nint f(int a) { return a; }\n"
                "int main() { C c; array<int> a = {0}; int x = ");
        rep(&t, opens[i], 20000);
        add(&t, "0");
        rep(&t, closes[i], 20000);
        add(&t, "; return x; }\n");
        CHECK(build(&t) < 0);
        CHECK(strstr(first_error, "Too deeply nested") != NULL);
        done();
    }
}

static void handle_of_handle(void)
{
    text t = {0};
    add(&t, "class C {}\nint main() { C");
    rep(&t, "@", 100000);
    add(&t, " x; return 0; }\n");
    clock_t t0 = clock();
    CHECK(build(&t) < 0);
    CHECK(STREQ(first_error, "Handle to handle is not allowed"));
    CHECK((double)(clock() - t0) / CLOCKS_PER_SEC < 5);
    /* (10,000 of them took 767 MB) */
    size_t peak = 0;
    CHECK(as_engine_memory_usage(E, NULL, &peak) == AS_SUCCESS);
    if (peak > (32u << 20)) fprintf(stderr, "  peak %zu bytes\n", peak);
    CHECK(peak <= (32u << 20));
    done();
}

/* A source of n blocks of ordinary code: a class with members and methods, functions with
 * loops, strings, arrays and calls between blocks. */
static void ordinary_source(text *t, int n)
{
    for (int i = 0; i < n; i++) {
        add(t, "class C%d { int a = %d; string s = 'c%d'; array<int> v = {1, 2, 3};\n"
               "  int f(int x) { int r = 0; for (int k = 0; k < x; k++) r += v[k %% 3] * a; return r; }\n"
               "  string g() const { return s + ':' + a; } }\n"
               "int h%d(int x) { C%d c; if (x > 10) return c.f(x) - %d; else return %s; }\n"
               "const int k%d = %d * 3 + 1;\n",
            i, i, i, i, i, i, i ? "h0(x + 1)" : "x", i, i);
    }
    add(t, "int main() { return h%d(11) + k%d; }\n", n - 1, n - 1);
}

/* Compilation time grows linearly with the source (a 52 MB generated source took 134 s before):
 * four times the source takes about four times as long, not sixteen. */
static void linear_growth(void)
{
    double secs[2];
    size_t bytes[2];
    for (int k = 0; k < 2; k++) {
        text t = {0};
        ordinary_source(&t, k ? 8000 : 2000);
        bytes[k] = t.len;
        clock_t t0 = clock();
        CHECK(build(&t) >= 0);
        secs[k] = (double)(clock() - t0) / CLOCKS_PER_SEC;
        int a = (k ? 8000 : 2000) - 1;   /* main() = 21a - a + 3a + 1 */
        CHECK(run_main() == 23 * a + 1);
        done();
    }
    if (secs[1] > 8 * secs[0] + 0.5)
        fprintf(stderr, "  %zu bytes: %.2f s, %zu bytes: %.2f s\n", bytes[0], secs[0], bytes[1], secs[1]);
    CHECK(secs[1] <= 8 * secs[0] + 0.5);
}

/* Shapes of generated code whose compilation was quadratic (a 52 MB source took 134 s): each
 * would take minutes at these sizes, and takes about a second now. */
static void linear_scale(void)
{
    clock_t t0 = clock();
    text t = {0};
    add(&t, "int g0 = 1;\n");   /* each global reads the next: initialised last to first */
    for (int i = 1; i < 10000; i++) add(&t, "int g%d = g%d + 1;\n", i, i + 1);
    add(&t, "int g10000 = 0;\nint main() { return g1; }\n");
    CHECK(build(&t) >= 0);
    CHECK(run_main() == 9999);
    done();
    add(&t, "int main() {\n");   /* locals */
    for (int i = 0; i < 60000; i++) add(&t, "int v%d = %d;\n", i, i & 7);   /* slots: within 16 bits */
    add(&t, "return v59999 + v0; }\n");
    CHECK(build(&t) >= 0);
    CHECK(run_main() == 7);
    done();
    add(&t, "int main() { int x = 99999, r = 0; switch (x) {\n");   /* switch cases */
    for (int i = 0; i < 100000; i++) add(&t, "case %d: r = %d; break;\n", i, i & 15);
    add(&t, "} return r; }\n");
    CHECK(build(&t) >= 0);
    CHECK(run_main() == 15);
    done();
    add(&t, "enum E {");   /* enum values */
    for (int i = 0; i < 200000; i++) add(&t, "%sV%d", i ? "," : "", i);
    add(&t, "}\nint main() { return int(V199999) - 199990; }\n");
    CHECK(build(&t) >= 0);
    CHECK(run_main() == 9);
    done();
    add(&t, "class C {\n");   /* methods and properties of one class */
    for (int i = 0; i < 30000; i++) add(&t, "int m%d() { return p%d; }\n", i, i % 100);
    for (int i = 0; i < 10000; i++) add(&t, "int p%d = %d;\n", i, i & 3);   /* 40 KB of them: offsets fit 16 bits */
    add(&t, "}\nint main() { C c; return c.m29999() + c.p9999; }\n");
    CHECK(build(&t) >= 0);
    CHECK(run_main() == 6);
    done();
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    if (secs > 50) fprintf(stderr, "  took %.1f s\n", secs);
    CHECK(secs < 50);
}

/* Jumps over more than 32767 instructions: short conditional jumps are rewritten through long
 * ones (they used to wrap their 16-bit offsets and jump into the middle of the function). */
static void far_jumps(void)
{
    text t = {0};
    add(&t, "int main() { int x = 2, y = 1, z = 0;\n if (x < y) {\n");
    rep(&t, "z = z + x * y - 1;\n", 20000);
    add(&t, "}\n if (x > y) { z = 5; while (z < 1000) { z++; if (z == 3) {\n");
    rep(&t, "z = z + x * y - 1;\n", 20000);
    add(&t, "} } }\n try { if (z == 1000) { array<int> a; z += a[1]; }\n");
    rep(&t, "z = z + x * y - 1;\n", 20000);
    add(&t, "} catch { z += 1; }\n return z; }\n");
    CHECK(build(&t) >= 0);
    CHECK(run_main() == 1001);
    /* the same code through bytecode (the verifier checks every jump) */
    void *blob = NULL;
    size_t size = 0;
    CHECK(as_module_save_bytecode_to_memory(M, false, &blob, &size) >= 0);
    M = as_engine_get_module(E, "loaded", AS_GM_ALWAYS_CREATE);
    CHECK(blob && as_module_load_bytecode_from_memory(M, blob, size, NULL) >= 0);
    as_free_mem(blob);
    CHECK(run_main() == 1001);
    done();
}

static void too_large(void)
{
    /* 70,000 handle temporaries alive at once: more slots than the 16-bit operands reach */
    text t = {0};
    add(&t, "class C { int x = 5; C@ g() { return this; } int &r() { return x; } }\nint main() { C c; return c");
    rep(&t, ".g()", 70000);
    add(&t, ".r(); }\n");
    CHECK(build(&t) < 0);
    CHECK(strstr(first_error, "Function is too large") != NULL);
    done();
    /* 70,000 distinct constants */
    add(&t, "int main() { int64 z = 0;\n");
    for (int i = 0; i < 70000; i++) add(&t, "z += %lld;\n", 10000000000LL + i);
    add(&t, "return int(z & 0xFF); }\n");
    CHECK(build(&t) < 0);
    CHECK(strstr(first_error, "Function is too large") != NULL);
    done();
}

int main(void)
{
    group_alarm = 120;
    group("long sum", long_sum);
    group("long prefix operators", long_prefix);
    group("long member chain", long_members);
    group("long method chain", long_method_chain);
    group("long logic chains", long_logic);
    group("long string concatenation", long_concat);
    group("nesting at the parser's limit", nested_at_limit);
    group("nesting past the parser's limit", nested_past_limit);
    group("handle of handle", handle_of_handle);
    group("linear compilation of large sources", linear_scale);
    group("compilation time grows linearly", linear_growth);
    group("jumps over more than 32767 instructions", far_jumps);
    group("function too large", too_large);
    return failures ? 1 : 0;
}
