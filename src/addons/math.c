/* The math add-on (the reference's RegisterScriptMath): the C library's math functions,
 * closeTo() and the IEEE 754 bit conversions, registered through the public API.
 *
 * Like the reference, one set of the math functions is registered, in float unless
 * AS_MATH_USE_FLOAT is defined as 0 (the reference's AS_USE_FLOAT). The Debian 2.35.1 build the
 * conformance tests run against uses the default, so `sqrt(2.0)` is a float there; closeTo and
 * fpFromIEEE/fpToIEEE always come in both float and double.
 *
 * The plain functions are registered as C function pointers with AS_CALL_CDECL, so scripts
 * reach libm through the engine's native (libffi) calls; only the few that need adapting have
 * wrappers. */
#include "angelc.h"
#include "angelc_addons.h"
#include "vm/callops.h"
#include <math.h>
#include <string.h>

#ifndef AS_MATH_USE_FLOAT
#define AS_MATH_USE_FLOAT 1
#endif

/* ================================================================================ wrappers */

/* The fractional part, with the sign of the value: fraction(-2.25) is -0.25. */
#if AS_MATH_USE_FLOAT
static float fraction_f(float v)
{
    float int_part;
    return modff(v, &int_part);
}
#else
static double fraction_d(double v)
{
    double int_part;
    return modf(v, &int_part);
}
#endif

/* True when a and b are equal (also both the same infinity), or when one is 0 and the other is
 * within epsilon of it, or else when their difference relative to |a| + |b| is below epsilon.
 * NaN is close to nothing. The float version computes in float, as the reference does. */
static bool close_to_f(float a, float b, float epsilon)
{
    if (a == b) return true;
    float diff = fabsf(a - b);
    if ((a == 0 || b == 0) && diff < epsilon) return true;
    return diff / (fabsf(a) + fabsf(b)) < epsilon;
}

static bool close_to_d(double a, double b, double epsilon)
{
    if (a == b) return true;
    double diff = fabs(a - b);
    if ((a == 0 || b == 0) && diff < epsilon) return true;
    return diff / (fabs(a) + fabs(b)) < epsilon;
}

/* Bit-exact conversions (memcpy, not a value conversion, so NaN payloads survive). */
static float from_ieee_f(uint32_t raw)
{
    float f;
    memcpy(&f, &raw, sizeof f);
    return f;
}

static uint32_t to_ieee_f(float f)
{
    uint32_t raw;
    memcpy(&raw, &f, sizeof raw);
    return raw;
}

static double from_ieee_d(uint64_t raw)
{
    double d;
    memcpy(&d, &raw, sizeof d);
    return d;
}

static uint64_t to_ieee_d(double d)
{
    uint64_t raw;
    memcpy(&raw, &d, sizeof raw);
    return raw;
}

/* ============================================================================== registration */

/* op: the instruction the VM runs for a call (vm/callops.h), or 0 */
typedef struct math_func {
    const char *decl;
    as_fnptr fn;
    as_opcode op;
} math_func;

/* In the reference's registration order. */
static const math_func common_funcs[] = {
    {"float fpFromIEEE(uint)", AS_FN(from_ieee_f), 0},
    {"uint fpToIEEE(float)", AS_FN(to_ieee_f), 0},
    {"double fpFromIEEE(uint64)", AS_FN(from_ieee_d), 0},
    {"uint64 fpToIEEE(double)", AS_FN(to_ieee_d), 0},
    {"bool closeTo(float, float, float = 0.00001f)", AS_FN(close_to_f), 0},
    {"bool closeTo(double, double, double = 0.0000000001)", AS_FN(close_to_d), 0},
};

/* The 18 functions of one precision: T is the type, S the libm suffix ("f" or nothing), P the
 * suffix of the instructions (F or D). sqrt, abs, floor and ceil are instructions of their own;
 * the others are called straight through their pointer (CALLF1 ...: libm touches no engine). */
#define MATH_FUNCS(T, S, P, frac) \
    {#T " cos(" #T ")", AS_FN(cos##S), BC_CALL##P##1}, {#T " sin(" #T ")", AS_FN(sin##S), BC_CALL##P##1}, \
    {#T " tan(" #T ")", AS_FN(tan##S), BC_CALL##P##1}, {#T " acos(" #T ")", AS_FN(acos##S), BC_CALL##P##1}, \
    {#T " asin(" #T ")", AS_FN(asin##S), BC_CALL##P##1}, {#T " atan(" #T ")", AS_FN(atan##S), BC_CALL##P##1}, \
    {#T " atan2(" #T ", " #T ")", AS_FN(atan2##S), BC_CALL##P##2}, {#T " cosh(" #T ")", AS_FN(cosh##S), BC_CALL##P##1}, \
    {#T " sinh(" #T ")", AS_FN(sinh##S), BC_CALL##P##1}, {#T " tanh(" #T ")", AS_FN(tanh##S), BC_CALL##P##1}, \
    {#T " log(" #T ")", AS_FN(log##S), BC_CALL##P##1}, {#T " log10(" #T ")", AS_FN(log10##S), BC_CALL##P##1}, \
    {#T " pow(" #T ", " #T ")", AS_FN(pow##S), BC_CALL##P##2}, {#T " sqrt(" #T ")", AS_FN(sqrt##S), BC_SQRT_##P}, \
    {#T " ceil(" #T ")", AS_FN(ceil##S), BC_CEIL_##P}, {#T " abs(" #T ")", AS_FN(fabs##S), BC_ABS_##P}, \
    {#T " floor(" #T ")", AS_FN(floor##S), BC_FLOOR_##P}, {#T " fraction(" #T ")", AS_FN(frac), BC_CALL##P##1}
#if AS_MATH_USE_FLOAT
static const math_func math_funcs[] = {MATH_FUNCS(float, f, F, fraction_f)};
#else
static const math_func math_funcs[] = {MATH_FUNCS(double, , D, fraction_d)};
#endif

static int register_all(as_engine *e, const math_func *funcs, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        int r = as_register_global_function(e, funcs[i].decl, funcs[i].fn, AS_CALL_CDECL, NULL);
        if (r < 0) return r;
        if (funcs[i].op) vm_set_call_op(e, r, funcs[i].op);
    }
    return 0;
}

int as_register_math(as_engine *e)
{
    int r = register_all(e, common_funcs, sizeof common_funcs / sizeof common_funcs[0]);
    if (r < 0) return r;
    return register_all(e, math_funcs, sizeof math_funcs / sizeof math_funcs[0]);
}
