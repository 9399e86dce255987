/* The string add-on's value: bytes with small-string storage inline. Shared with the other
 * add-ons that produce strings (string utils, array of strings, dictionary keys). */
#ifndef AS_ADDON_STR_H
#define AS_ADDON_STR_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct as_str {
    union {
        char *heap;         /* cap != 0 */
        char small[16];     /* cap == 0: up to 15 bytes and a terminator */
    } u;
    uint32_t len;
    uint32_t cap;           /* heap capacity, 0 while small */
} as_str;

/* The bytes, inline in the header: every string operation starts here. */
static inline char *str_data(as_str *s) { return s->cap ? s->u.heap : s->u.small; }
static inline const char *str_cdata(const as_str *s) { return s->cap ? s->u.heap : s->u.small; }
void str_init(as_str *s);
void str_free(as_str *s);
/* Room for n bytes (and the terminator); false if out of memory. Inline when it is there. */
bool str_grow(as_str *s, size_t n);
static inline bool str_reserve(as_str *s, size_t n) { return n <= (s->cap ? s->cap : sizeof s->u.small - 1) || str_grow(s, n); }
bool str_set(as_str *s, const char *data, size_t len);
bool str_append(as_str *s, const char *data, size_t len);
/* v as the reference's add-on writes numbers (C++ ostream defaults, printf's %g) into buf of
 * n bytes; returns the length (format_g.c). */
int str_format_double(char *buf, size_t n, double v);

#endif
