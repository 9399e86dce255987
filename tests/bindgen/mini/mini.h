/* A small C library for angelc-bindgen's tests: what zlib, cJSON and SQLite do not show (a named
 * enum, a value struct, a synchronous callback, scalar out-parameters, a refused declaration). */
#ifndef MINI_H
#define MINI_H

#define MINI_VERSION 3
#define MINI_FLAGS (MINI_VERSION << 8 | 1)

typedef enum mini_shape { MINI_CIRCLE, MINI_SQUARE = 4, MINI_TRIANGLE } mini_shape;

typedef struct mini_point {
    int x, y;
    double weight;
    mini_shape shape;
} mini_point;

/* a pointer field is not bound; the struct is, without it (refused as a result by value) */
typedef struct mini_named {
    int id;
    const char *label;
} mini_named;
mini_named mini_named_make(int id);
int mini_named_id(mini_named n);

mini_point mini_point_make(int x, int y, mini_shape shape);
double mini_point_dist2(const mini_point *a, const mini_point *b);
const char *mini_shape_name(mini_shape s);

/* Calls visit(user, index, item) for each comma-separated item of csv, during the call only;
 * stops early when visit returns nonzero. Returns the number of items visited. */
int mini_each(const char *csv, int (*visit)(void *user, int index, const char *item), void *user);

/* quotient and remainder through out-parameters; -1 for a zero divisor */
int mini_divmod(int a, int b, int *quot, int *rem);

/* a counted bag of integers (opaque) */
typedef struct mini_bag mini_bag;
mini_bag *mini_bag_new(void);
void mini_bag_free(mini_bag *bag);
void mini_bag_add(mini_bag *bag, long long v);
long long mini_bag_sum(const mini_bag *bag);

void mini_log(const char *fmt, ...);   /* variadic: refused */
int mini_legacy();                     /* no prototype: refused (never defined) */
#endif
