/* Binding toolkit: misuse that must not compile. Each case is a small host file compiled with
 * the C compiler that built the tests (C11, -Werror); it must fail, with the toolkit's message
 * where the toolkit gives one. A correct file compiles, so the failures are the misuse's. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"

#ifndef ANGELC_TEST_CC
#define ANGELC_TEST_CC "cc"
#endif
#ifndef ANGELC_INCLUDE_DIR
#define ANGELC_INCLUDE_DIR "include"
#endif

static const char *prelude =
    "#include \"angelc_bind.h\"\n"
    "typedef struct Vec2 { float x, y; } Vec2;\n"
    "typedef struct Thing { int refs; float weight; } Thing;\n"
    "typedef struct Derived { int other; Thing base; } Derived;\n"
    "typedef struct Flags { unsigned on : 1; } Flags;\n"
    "typedef enum Mode { MODE_A, MODE_B } Mode;\n"
    "typedef struct Lamp { Mode mode; float brightness; } Lamp;\n"
    "__attribute__((unused)) static Mode mode_next(Mode m) { return m == MODE_A ? MODE_B : MODE_A; }\n"
    "static float half(float v) { return v / 2; }\n"
    "static float vec2_len(const Vec2 *v) { return v->x; }\n"
    "static void thing_free(Thing *t) { (void)t; }\n"
    "__attribute__((unused)) static void not_generic(int x) { (void)x; }\n"
    "AS_SCRIPT_FUNC(update_fn, void, float);\n"
    "AS_SCRIPT_FUNC(spawn_fn, Vec2, float);\n";

/* Compiles prelude + body (inside a function with `b` and `c`); returns the exit status and the
 * compiler's output in out. */
static int compile_as(const char *cc, const char *lang, const char *body, char *out, size_t size);
static int compile(const char *body, char *out, size_t size)
{
    return compile_as(ANGELC_TEST_CC, "c", body, out, size);
}

static int compile_as(const char *cc, const char *lang, const char *body, char *out, size_t size)
{
    char path[] = "/tmp/angelc_bind_misuse_XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) return -1;
    FILE *f = fdopen(fd, "w");
    fprintf(f, "%s\nvoid host(as_bind *b, as_bind_class *c, as_context *ctx);\n"
               "void host(as_bind *b, as_bind_class *c, as_context *ctx)\n{\n    (void)b; (void)c; (void)ctx;\n%s\n}\n",
            prelude, body);
    fclose(f);
    char src[64];
    snprintf(src, sizeof src, "%s.c", path);
    rename(path, src);
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "%s -std=%s -Wall -Wextra -Werror -fsyntax-only -x %s -I%s %s 2>&1", cc,
             strcmp(lang, "c") == 0 ? "c11" : "c++17", lang, ANGELC_INCLUDE_DIR, src);
    FILE *p = popen(cmd, "r");
    size_t n = p ? fread(out, 1, size - 1, p) : 0;
    out[n] = 0;
    int status = p ? pclose(p) : -1;
    remove(src);
    return status;
}

static void must_fail_as(const char *cc, const char *lang, const char *what, const char *body, const char *message)
{
    static char out[65536];
    int status = compile_as(cc, lang, body, out, sizeof out);
    if (status == 0) {
        fprintf(stderr, "%s: compiled, but must not\n", what);
        failures++;
    } else if (message && !strstr(out, message)) {
        fprintf(stderr, "%s: no '%s' in the compiler's output:\n%s\n", what, message, out);
        failures++;
    }
}

static void must_fail(const char *what, const char *body, const char *message)
{
    must_fail_as(ANGELC_TEST_CC, "c", what, body, message);
}

int main(void)
{
    static char out[65536];
    /* the same file with correct lines compiles */
    int ok = compile("    AS_FUNCTION(b, \"half\", half, float, float);\n"
                     "    AS_METHOD(c, \"len\", vec2_len, float, const Vec2 *);\n"
                     "    AS_REFCOUNT(c, Thing, refs, thing_free);\n"
                     "    update_fn h; update_fn_call(&h, ctx, NULL, 0.5f);\n"
                     "    spawn_fn s; Vec2 at; spawn_fn_call(&s, ctx, &at, 0.5f); spawn_fn_call(&s, ctx, NULL, 1.0f);\n"
                     "    AS_ENUM_PROPERTY(c, Lamp, mode, Mode);\n"
                     "    AS_FUNCTION(b, \"next\", mode_next, Mode, Mode);\n",
                     out, sizeof out);
    if (ok != 0) {
        fprintf(stderr, "the correct file does not compile:\n%s\n", out);
        return 1;
    }
    must_fail("a description that disagrees with the function",
              "    AS_FUNCTION(b, \"half\", half, int, int);", "half does not have the C prototype this line describes");
    must_fail("a method described with another object type",
              "    AS_METHOD(c, \"len\", vec2_len, float, const Thing *);", "vec2_len does not have the C prototype");
    must_fail("a table row that disagrees",
              "    static const as_bind_member rows[] = {AS_M_METHOD(\"len\", vec2_len, double, const Vec2 *), AS_M_END};\n"
              "    as_bind_members(c, rows);", "vec2_len does not have the C prototype");
    must_fail("a reference count that is not an int",
              "    AS_REFCOUNT(c, Thing, weight, thing_free);", "a reference count is an int member");
    must_fail("a base that is not the first member",
              "    AS_BASE(c, Derived, base, \"Thing\", NULL);", "the base must be the first member");
    must_fail("a generic function that is not void f(as_generic *)",
              "    AS_GENERIC(b, \"void f(int)\", not_generic, NULL);", "a generic function is void f(as_generic *)");
    must_fail("a C array parameter", "    AS_FUNCTION(b, \"f\", half, float, float[4]);", NULL);
    must_fail("a field that is a bit-field (use AS_BITFIELD)", "    AS_PROPERTY(c, Flags, on);", NULL);
    must_fail("a typed call with a string where the script takes a float",
              "    update_fn h; update_fn_call(&h, ctx, NULL, \"fast\");", NULL);
    must_fail("a typed call whose result goes to a variable of another type",
              "    spawn_fn s; int n; spawn_fn_call(&s, ctx, &n, 0.5f);", NULL);
    must_fail("a typed method call whose result goes to a variable of another type",
              "    spawn_fn s; float f; spawn_fn_call_on(&s, ctx, NULL, &f, 0.5f);", NULL);
    must_fail("a typed call with too many arguments", "    update_fn h; update_fn_call(&h, ctx, NULL, 1.0f, 2);", NULL);
    must_fail("an enum field of another type", "    AS_ENUM_PROPERTY(c, Lamp, brightness, Mode);",
              "the member is not of this C enum type");
#ifdef ANGELC_TEST_CXX
    /* C++ tells an enum from its integer type: describing one as the other does not compile */
    must_fail_as(ANGELC_TEST_CXX, "c++", "an enum parameter described as unsigned (C++)",
                 "    AS_FUNCTION(b, \"next\", mode_next, unsigned, unsigned);", "does not have the C prototype");
    must_fail_as(ANGELC_TEST_CXX, "c++", "an enum field of another type (C++)", "    AS_ENUM_PROPERTY(c, Lamp, brightness, Mode);", "the member is not of this C enum type");
#endif
    return failures ? 1 : 0;
}
