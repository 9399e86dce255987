/* Doubles as text the way the reference's string add-on writes them (a C++ ostream's defaults,
 * printf's %g: 6 significant digits, trailing zeros dropped, an exponent below 1e-4 and from
 * 1e6), without printf for the numbers scripts join to strings most (1e-4 <= |v| < 1e15).
 *
 * The 6 digits are v scaled by an exact power of ten (10^k, |k| <= 22) and rounded: the scaled
 * double carries one rounding error of at most half its last bit, and a scaled value below 2^20
 * that is not exactly halfway between integers is at least a whole bit away from halfway, so
 * rounding it rounds the exact product the same way. Exactly halfway, the exact remainder (fma)
 * says which way the exact value lies, and a true tie goes to the even digit as printf does. */
#include "str.h"
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static const double pow10_exact[23] = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

/* a * 10^k rounded to an integer as the exact product would round (ties to even). */
static double scaled_round(double a, int k)
{
    double y, rem;
    if (k >= 0) {
        double p = pow10_exact[k];
        y = a * p;
        rem = fma(a, p, -y);            /* exact: a*p - y */
    } else {
        double p = pow10_exact[-k];
        y = a / p;
        rem = fma(-y, p, a);            /* exact: a - y*p, the sign of (exact quotient - y) */
    }
    double fl = (double)(int64_t)y, f = y - fl;    /* 0 < y < 2^24: truncation is floor */
    if (f != 0.5) return f < 0.5 ? fl : fl + 1;
    if (rem > 0) return fl + 1;
    if (rem < 0) return fl;
    return ((int64_t)fl & 1) == 0 ? fl : fl + 1;
}

/* 10^e for e = -5 .. 16 (nearest doubles below 1): the exponent estimate's check. */
static const double pow10_near[22] = {
    1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
    1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
};

/* %g of v into buf (at least 32 bytes), or -1 where the fast path does not apply. */
static int format_g_fast(char *buf, double v)
{
    if (!isfinite(v)) return -1;
    char *o = buf;
    if (v == 0) {
        if (signbit(v)) *o++ = '-';
        *o++ = '0';
        *o = 0;
        return (int)(o - buf);
    }
    double a = fabs(v);
    if (a < 1e-4 || a >= 1e15) return -1;
    /* decimal exponent from the binary one: floor(e2 * log10(2)) is right or one too small
     * (a near a power of ten may still be misjudged: the loop below puts that right) */
    uint64_t bits;
    memcpy(&bits, &a, sizeof bits);
    int e2 = (int)((bits >> 52) & 0x7FF) - 1023;
    int e = (e2 * 78913) >> 18;
    if (e + 6 < 22 && a >= pow10_near[e + 6]) e++;
    double r = 0;
    for (int tries = 0; tries < 3; tries++) {
        int k = 5 - e;
        if (k < -22 || k > 22) return -1;
        r = scaled_round(a, k);
        if (r < 100000) e--;
        else if (r > 1000000) e++;
        else break;
    }
    if (r < 100000 || r > 1000000) return -1;
    if (r == 1000000) {     /* rounded up to the next power of ten */
        r = 100000;
        e++;
    }
    char d[6];
    uint32_t digits = (uint32_t)r;
    for (int i = 5; i >= 0; i--) {
        d[i] = (char)('0' + digits % 10);
        digits /= 10;
    }
    int nd = 6;
    while (nd > 1 && d[nd - 1] == '0') nd--;    /* trailing zeros go */
    if (v < 0) *o++ = '-';
    if (e < -4 || e >= 6) {
        *o++ = d[0];
        if (nd > 1) {
            *o++ = '.';
            for (int i = 1; i < nd; i++) *o++ = d[i];
        }
        *o++ = 'e';
        *o++ = e < 0 ? '-' : '+';
        int x = e < 0 ? -e : e;
        if (x >= 100) *o++ = (char)('0' + x / 100);
        *o++ = (char)('0' + x / 10 % 10);
        *o++ = (char)('0' + x % 10);
    } else if (e >= 0) {
        for (int i = 0; i <= e; i++) *o++ = d[i];
        if (nd > e + 1) {
            *o++ = '.';
            for (int i = e + 1; i < nd; i++) *o++ = d[i];
        }
    } else {
        *o++ = '0';
        *o++ = '.';
        for (int i = -1; i > e; i--) *o++ = '0';
        for (int i = 0; i < nd; i++) *o++ = d[i];
    }
    *o = 0;
    return (int)(o - buf);
}

int str_format_double(char *buf, size_t n, double v)
{
    if (n >= 32) {
        int len = format_g_fast(buf, v);
        if (len >= 0) return len;
    }
    return snprintf(buf, n, "%g", v);
}
