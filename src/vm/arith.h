/* Integer power with the reference engine's overflow rules, shared by the VM and constant folding.
 *
 * The reference decides overflow with a table of the largest base allowed per exponent; for the
 * 64-bit types those bounds are tighter than the real limits (uint64 10 ** 19 overflows there),
 * and programs can observe it, so the same bounds are used here. The tables were measured on the
 * reference (largest |base| that does not raise, for exponents 2, 3, ...). */
#ifndef AS_ARITH_H
#define AS_ARITH_H
#include <stdbool.h>
#include <stdint.h>

static const uint32_t pow_max_i32[] = {46340, 1290, 215, 73, 35, 21, 14, 10, 8, 7, 5, 5, 4, 4, 3, 3, 3, 3, 2, 2, 2,
                                       2, 2, 2, 2, 2, 2, 2, 2, 1, 1};
static const uint32_t pow_max_u32[] = {65535, 1625, 255, 84, 40, 23, 15, 11, 9, 7, 6, 5, 4, 4, 3, 3, 3, 3, 3, 2, 2,
                                       2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1};
static const uint64_t pow_max_i64[] = {2147483647, 1664510, 46340, 5404, 1290, 463, 215, 118, 73, 49, 35, 27, 21, 17,
                                       14, 12, 10, 9, 8, 7, 7, 6, 5, 5, 5, 4, 4, 4, 4, 4, 3, 3, 3, 3, 3, 3, 3, 3,
                                       2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1};
static const uint64_t pow_max_u64[] = {3037000499u, 2097152, 55108, 6208, 1448, 511, 234, 128, 78, 52, 38, 28, 22, 18,
                                       15, 13, 11, 9, 8, 8, 7, 6, 6, 5, 5, 5, 4, 4, 4, 4, 3, 3, 3, 3, 3, 3, 3, 3,
                                       2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1};

/* Largest |base| for exponent e >= 2 in a table of n entries (exponents past it allow only 0 and ±1). */
static inline uint64_t pow_bound(const void *table, bool wide, int n, uint64_t e)
{
    if (e - 2 >= (uint64_t)n) return 1;
    return wide ? ((const uint64_t *)table)[e - 2] : ((const uint32_t *)table)[e - 2];
}

static inline uint64_t pow_loop(uint64_t base, uint64_t e)
{
    uint64_t r = 1;
    while (e) {
        if (e & 1) r *= base;
        base *= base;
        e >>= 1;
    }
    return r;
}

/* Negative exponents give 0 (even for bases 1 and -1), base 0 with exponent <= 0 overflows. */
static inline bool as_powi64(int64_t base, int64_t e, int64_t *out, const uint64_t *table, int n)
{
    if (e <= 0) {
        if (base == 0) return false;
        *out = e == 0 ? 1 : 0;
        return true;
    }
    if (e == 1) { *out = base; return true; }
    uint64_t mag = base < 0 ? 0 - (uint64_t)base : (uint64_t)base;
    if (mag > pow_bound(table, true, n, (uint64_t)e)) return false;
    *out = (int64_t)pow_loop((uint64_t)base, (uint64_t)e);
    return true;
}

static inline bool as_powu64(uint64_t base, uint64_t e, uint64_t *out, const void *table, bool wide, int n)
{
    if (e == 0) {
        if (base == 0) return false;
        *out = 1;
        return true;
    }
    if (e == 1) { *out = base; return true; }
    if (base > pow_bound(table, wide, n, e)) return false;
    *out = pow_loop(base, e);
    return true;
}

static inline bool pow_i32(int32_t b, int32_t e, int32_t *out)
{
    int64_t r;
    if (e <= 0) {
        if (b == 0) return false;
        *out = e == 0 ? 1 : 0;
        return true;
    }
    if (e == 1) { *out = b; return true; }
    uint64_t mag = b < 0 ? (uint64_t)(-(int64_t)b) : (uint64_t)b;
    if (mag > pow_bound(pow_max_i32, false, (int)(sizeof pow_max_i32 / sizeof pow_max_i32[0]), (uint64_t)e)) return false;
    r = (int64_t)pow_loop((uint64_t)(int64_t)b, (uint64_t)e);
    *out = (int32_t)r;
    return true;
}

static inline bool pow_u32(uint32_t b, uint32_t e, uint32_t *out)
{
    uint64_t r;
    if (!as_powu64(b, e, &r, pow_max_u32, false, (int)(sizeof pow_max_u32 / sizeof pow_max_u32[0]))) return false;
    *out = (uint32_t)r;
    return true;
}

static inline bool pow_i64(int64_t b, int64_t e, int64_t *out)
{
    return as_powi64(b, e, out, pow_max_i64, (int)(sizeof pow_max_i64 / sizeof pow_max_i64[0]));
}

static inline bool pow_u64(uint64_t b, uint64_t e, uint64_t *out)
{
    return as_powu64(b, e, out, pow_max_u64, true, (int)(sizeof pow_max_u64 / sizeof pow_max_u64[0]));
}

#endif
