/* Native calls with float and double arguments mixed with integer ones, as the engine calls them
 * directly (without libffi): every combination of argument classes up to four of each, and
 * float, double and integer results, give the C function's result. */
#include "angelc.h"
#include "check.h"

static float f_fi(float a, int b) { return a * (float)b; }
static double d_idid(int a, double b, int c, double d) { return a + b * 10 + c * 100 + d * 1000; }
static float f_ffff(float a, float b, float c, float d) { return a - b + c * d; }
static int i_fifi(float a, int b, float c, int d) { return (int)(a * 10) + b * 100 + (int)(c * 1000) + d * 10000; }
static double d_mix8(int a, float b, double c, int d, float e, int f, double g, int h)
{
    return a + b + c + d + e + f + g + h;
}
static double d_fffff(float a, float b, float c, float d, float e) { return a + b + c + d + e; }  /* five: libffi */
static int8_t s8_d(double a) { return (int8_t)a; }
static uint16_t u16_fd(float a, double b) { return (uint16_t)(a + b); }

static char out[256];
static void record(as_generic *g) { snprintf(out + strlen(out), sizeof out - strlen(out), "%g ", as_generic_arg_double(g, 0)); }

int main(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(as_register_global_function(e, "float fi(float, int)", AS_FN(f_fi), AS_CALL_CDECL, NULL) >= 0);
    REQUIRE(as_register_global_function(e, "double idid(int, double, int, double)", AS_FN(d_idid), AS_CALL_CDECL, NULL) >= 0);
    REQUIRE(as_register_global_function(e, "float ffff(float, float, float, float)", AS_FN(f_ffff), AS_CALL_CDECL, NULL) >= 0);
    REQUIRE(as_register_global_function(e, "int fifi(float, int, float, int)", AS_FN(i_fifi), AS_CALL_CDECL, NULL) >= 0);
    REQUIRE(as_register_global_function(e, "double mix8(int, float, double, int, float, int, double, int)", AS_FN(d_mix8), AS_CALL_CDECL, NULL) >= 0);
    REQUIRE(as_register_global_function(e, "double fffff(float, float, float, float, float)", AS_FN(d_fffff), AS_CALL_CDECL, NULL) >= 0);
    REQUIRE(as_register_global_function(e, "int8 s8(double)", AS_FN(s8_d), AS_CALL_CDECL, NULL) >= 0);
    REQUIRE(as_register_global_function(e, "uint16 u16(float, double)", AS_FN(u16_fd), AS_CALL_CDECL, NULL) >= 0);
    REQUIRE(as_register_global_function(e, "void record(double)", AS_FN(record), AS_CALL_GENERIC, NULL) >= 0);
    const char *src =
        "void main() {\n"
        "  record(fi(1.5f, 4)); record(idid(1, 2.5, 3, 4.25)); record(ffff(1, 2, 3, 4));\n"
        "  record(fifi(0.5f, 2, 0.25f, 3)); record(mix8(1, 0.5f, 0.25, 2, 0.125f, 3, 4.5, 5));\n"
        "  record(fffff(1, 2, 3, 4, 5)); record(s8(-7.9)); record(u16(40000.5f, 5.5));\n"
        "}\n";
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    as_module_add_section(m, "t.as", src, strlen(src), 0);
    REQUIRE(as_module_build(m) >= 0);
    as_context *ctx = as_context_create(e);
    as_context_prepare(ctx, as_module_function_by_name(m, "main"));
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    if (!STREQ(out, "6 4576 11 30455 16.375 15 -7 40006 ")) {
        fprintf(stderr, "native_float_args: got '%s'\n", out);
        failures++;
    }
    as_context_destroy(ctx);
    as_engine_destroy(e);
    return failures ? 1 : 0;
}
