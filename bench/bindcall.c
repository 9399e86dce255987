/* bindcall: the binding toolkit's costs on angelc (twin: bindcall_ref.cpp on the reference).
 *
 * Calls from a script loop into C functions bound four ways, CALLS times each:
 *   direct    int add(int, int), a toolkit line the engine calls natively
 *   dispatch  Vec3 opAdd(const Vec3 &in) const, returned by value: the toolkit's libffi dispatcher
 *   raw       the same C function registered with angelc.h (AS_CALL_CDECL_OBJFIRST, ALLFLOATS)
 *   string    int len(const string &in) from a C `int f(const char *)`: the dispatcher converts
 * Prints a checksum on stdout and "BENCH name seconds" on stderr. `bindcall --bind toolkit|raw`
 * times binding 1,000 value classes of 10 methods each, through toolkit lines or through angelc.h
 * calls, in a process of its own (also for an instruction count under valgrind). */
#define _POSIX_C_SOURCE 200809L
#include "angelc.h"
#include "angelc_addons.h"
#include "angelc_bind.h"
#include <stdio.h>
#include <string.h>
#include <time.h>

#define CALLS 2000000
#define TYPES 1000
#define METHODS 10

typedef struct Vec3 { float x, y, z; } Vec3;
static int add(int a, int b) { return a + b; }
static Vec3 vec3_add(const Vec3 *a, const Vec3 *b) { return (Vec3){a->x + b->x, a->y + b->y, a->z + b->z}; }
static int text_len(const char *s) { return (int)strlen(s); }
static float method(const void *self) { (void)self; return 1; }

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static const char *script =
    "int direct(int n) { int s = 0; for (int i = 0; i < n; i++) s = add(s, i) & 0xffff; return s; }\n"
    "float dispatch(int n) { Vec3 v, d; v.x = v.y = v.z = 0; d.x = 1; d.y = d.z = 0; for (int i = 0; i < n; i++) v = v + d; return v.x; }\n"
    "float raw(int n) { Vec3 v, d; v.x = v.y = v.z = 0; d.x = 1; d.y = d.z = 0; for (int i = 0; i < n; i++) v = v.addRaw(d); return v.x; }\n"
    "int strings(int n) { string s = 'hello'; int t = 0; for (int i = 0; i < n; i++) t += len(s); return t; }\n";

AS_SCRIPT_FUNC(count_fn, int, int);
AS_SCRIPT_FUNC(countf_fn, float, int);

static double bind_types(bool toolkit)
{
    as_engine *e = as_engine_create();
    double t0 = now();
    char name[32], decl[64];
    if (toolkit) {
        as_bind *b = as_bind_begin(e, "bench");
        static const char *const names[METHODS] = {"m0", "m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8", "m9"};
        for (int i = 0; i < TYPES; i++) {
            snprintf(name, sizeof name, "T%d", i);
            as_bind_class *c = as_bind_value_class_at(b, NULL, name, sizeof(Vec3), 4, AS_OBJ_POD, __FILE__, __LINE__);
            for (int k = 0; k < METHODS; k++) AS_METHOD(c, names[k], method, float, const void *);
        }
        if (as_bind_end(b) != 0) return -1;
    } else {
        for (int i = 0; i < TYPES; i++) {
            snprintf(name, sizeof name, "T%d", i);
            if (as_register_object_type(e, name, sizeof(Vec3), AS_OBJ_VALUE | AS_OBJ_POD | AS_OBJ_APP_CLASS) < 0) return -1;
            for (int k = 0; k < METHODS; k++) {
                snprintf(decl, sizeof decl, "float m%d() const", k);
                if (as_register_object_method(e, name, decl, AS_FN(method), AS_CALL_CDECL_OBJFIRST, NULL) < 0) return -1;
            }
        }
    }
    double t = now() - t0;
    as_engine_destroy(e);
    return t;
}

int main(int argc, char **argv)
{
    /* bindcall --bind toolkit|raw: only the binding, for an instruction count under valgrind */
    if (argc == 3 && strcmp(argv[1], "--bind") == 0) {
        bool toolkit = strcmp(argv[2], "toolkit") == 0;
        double t = bind_types(toolkit);
        fprintf(stderr, "BENCH %s %.9f\n", toolkit ? "bind" : "rawbind", t);
        return t < 0;
    }
    as_engine *e = as_engine_create();
    as_register_string(e);
    as_bind *b = as_bind_begin(e, "bench");
    as_bind_class *v = AS_VALUE_CLASS(b, Vec3, "Vec3", AS_OBJ_POD | AS_OBJ_APP_CLASS_ALLFLOATS);
    AS_PROPERTY(v, Vec3, x);
    AS_PROPERTY(v, Vec3, y);
    AS_PROPERTY(v, Vec3, z);
    AS_METHOD(v, "opAdd", vec3_add, Vec3, const Vec3 *, const Vec3 *);
    AS_FUNCTION(b, "add", add, int, int, int);
    AS_FUNCTION(b, "len", text_len, int, const char *);
    if (as_bind_end(b) != 0) return 1;
    as_register_object_method(e, "Vec3", "Vec3 addRaw(const Vec3 &in) const", AS_FN(vec3_add), AS_CALL_CDECL_OBJFIRST, NULL);
    as_module *m = as_engine_get_module(e, "bench", AS_GM_ALWAYS_CREATE);
    as_module_add_section(m, "bindcall.as", script, strlen(script), 0);
    if (as_module_build(m) < 0) return 1;
    as_context *ctx = as_context_create(e);
    count_fn direct = {0}, strings = {0};
    countf_fn dispatch = {0}, raw = {0};
    if (count_fn_find(&direct, m, "direct") || count_fn_find(&strings, m, "strings") ||
        countf_fn_find(&dispatch, m, "dispatch") || countf_fn_find(&raw, m, "raw"))
        return 1;
    int r1 = 0, r4 = 0;
    float r2 = 0, r3 = 0;
    double t0 = now();
    count_fn_call(&direct, ctx, &r1, CALLS);
    double t1 = now();
    countf_fn_call(&dispatch, ctx, &r2, CALLS);
    double t2 = now();
    countf_fn_call(&raw, ctx, &r3, CALLS);
    double t3 = now();
    count_fn_call(&strings, ctx, &r4, CALLS);
    double t4 = now();
    printf("bindcall %d calls checksum %d %.0f %.0f %d\n", CALLS, r1, r2, r3, r4);
    fprintf(stderr, "BENCH direct %.9f\nBENCH dispatch %.9f\nBENCH raw %.9f\nBENCH string %.9f\n", t1 - t0, t2 - t1, t3 - t2,
            t4 - t3);
    count_fn_release(&direct); count_fn_release(&strings); countf_fn_release(&dispatch); countf_fn_release(&raw);
    as_context_destroy(ctx);
    as_engine_destroy(e);
    return 0;
}
