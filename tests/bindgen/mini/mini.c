/* The implementation of tests/bindgen/mini/mini.h (linked into its bindgen test host). */
#include "mini.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

mini_point mini_point_make(int x, int y, mini_shape shape)
{
    mini_point p = {x, y, 1.0, shape};
    return p;
}

mini_named mini_named_make(int id)
{
    mini_named n = {id, "named"};
    return n;
}

int mini_named_id(mini_named n) { return n.id; }

double mini_point_dist2(const mini_point *a, const mini_point *b)
{
    double dx = a->x - b->x, dy = a->y - b->y;
    return dx * dx + dy * dy;
}

const char *mini_shape_name(mini_shape s)
{
    return s == MINI_CIRCLE ? "circle" : s == MINI_SQUARE ? "square" : s == MINI_TRIANGLE ? "triangle" : "?";
}

int mini_each(const char *csv, int (*visit)(void *user, int index, const char *item), void *user)
{
    int n = 0;
    char item[64];
    for (const char *p = csv; *p;) {
        size_t len = strcspn(p, ",");
        snprintf(item, sizeof item, "%.*s", (int)len, p);
        n++;
        if (visit && visit(user, n - 1, item)) break;
        p += len;
        if (*p == ',') p++;
    }
    return n;
}

int mini_divmod(int a, int b, int *quot, int *rem)
{
    if (b == 0) return -1;
    *quot = a / b;
    *rem = a % b;
    return 0;
}

struct mini_bag { long long sum; };
mini_bag *mini_bag_new(void) { return calloc(1, sizeof(mini_bag)); }
void mini_bag_free(mini_bag *bag) { free(bag); }
void mini_bag_add(mini_bag *bag, long long v) { bag->sum += v; }
long long mini_bag_sum(const mini_bag *bag) { return bag->sum; }

void mini_log(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
}
