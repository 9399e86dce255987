/* Value types: 2D vectors and colours, and their binds. */
#include "angelc_bind.h"
#include "game.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

static void vec2_init(Vec2 *v, float x, float y) { v->x = x; v->y = y; }
static Vec2 vec2_add(const Vec2 *a, const Vec2 *b) { return (Vec2){a->x + b->x, a->y + b->y}; }
static Vec2 vec2_sub(const Vec2 *a, const Vec2 *b) { return (Vec2){a->x - b->x, a->y - b->y}; }
static Vec2 vec2_scale(const Vec2 *a, float k) { return (Vec2){a->x * k, a->y * k}; }
static Vec2 vec2_neg(const Vec2 *a) { return (Vec2){-a->x, -a->y}; }
static bool vec2_equals(const Vec2 *a, const Vec2 *b) { return a->x == b->x && a->y == b->y; }
static float vec2_length(const Vec2 *a) { return sqrtf(a->x * a->x + a->y * a->y); }
static float vec2_dot(const Vec2 *a, const Vec2 *b) { return a->x * b->x + a->y * b->y; }
static Vec2 vec2_normalized(const Vec2 *a)
{
    float l = vec2_length(a);
    return l > 0 ? (Vec2){a->x / l, a->y / l} : (Vec2){0, 0};
}
static const char *vec2_str(const Vec2 *a)
{
    static char buf[64];
    snprintf(buf, sizeof buf, "(%.1f, %.1f)", a->x, a->y);
    return buf;
}
static Vec2 lerp2(Vec2 a, Vec2 b, float t) { return (Vec2){a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t}; }

static void color_init(Color *c, uint8_t r, uint8_t g, uint8_t b, uint8_t a) { *c = (Color){r, g, b, a}; }
static Color color_hex(const char *hex)
{
    unsigned v = 0;
    if (hex[0] == '#') hex++;
    sscanf(hex, "%6x", &v);
    return (Color){(uint8_t)(v >> 16), (uint8_t)(v >> 8), (uint8_t)v, 255};
}
static const char *color_str(const Color *c)
{
    static char buf[16];
    snprintf(buf, sizeof buf, "#%02x%02x%02x", c->r, c->g, c->b);
    return buf;
}
static Color color_mix(const Color *a, const Color *b, float t)
{
    return (Color){(uint8_t)(a->r + (b->r - a->r) * t), (uint8_t)(a->g + (b->g - a->g) * t),
                   (uint8_t)(a->b + (b->b - a->b) * t), (uint8_t)(a->a + (b->a - a->a) * t)};
}

AS_BIND_TYPES(value_types, AS_BIND_EARLY)
{
    AS_VALUE_CLASS(b, Vec2, "Vec2", AS_OBJ_POD);
    AS_DOC(b, "a 2D vector (value type)");
    AS_VALUE_CLASS(b, Color, "Color", AS_OBJ_POD);
    AS_DOC(b, "an RGBA colour (value type)");
}

AS_BIND(vec2_members, AS_BIND_NORMAL)
{
    as_bind_class *v = as_bind_class_find(b, "Vec2");
    AS_PROPERTY(v, Vec2, x);
    AS_PROPERTY(v, Vec2, y);
    AS_CONSTRUCTOR(v, "Vec2(x, y)", vec2_init, void, Vec2 *, float, float);
    AS_METHOD(v, "opAdd", vec2_add, Vec2, const Vec2 *, const Vec2 *);
    AS_METHOD(v, "opSub", vec2_sub, Vec2, const Vec2 *, const Vec2 *);
    AS_METHOD(v, "opMul", vec2_scale, Vec2, const Vec2 *, float);
    AS_METHOD(v, "opMul_r", vec2_scale, Vec2, const Vec2 *, float);
    AS_METHOD(v, "opNeg", vec2_neg, Vec2, const Vec2 *);
    AS_METHOD(v, "opEquals", vec2_equals, bool, const Vec2 *, const Vec2 *);
    AS_METHOD(v, "length", vec2_length, float, const Vec2 *);
    AS_DOC(b, "the Euclidean length");
    AS_METHOD(v, "dot(other)", vec2_dot, float, const Vec2 *, const Vec2 *);
    AS_METHOD(v, "normalized", vec2_normalized, Vec2, const Vec2 *);
    AS_NODISCARD(b);
    AS_METHOD(v, "str", vec2_str, const char *, const Vec2 *);
    AS_FUNCTION(b, "lerp(a, b, t)", lerp2, Vec2, Vec2, Vec2, float);
    AS_DOC(b, "the point t of the way from a to b");
}

AS_BIND(color_members, AS_BIND_NORMAL)
{
    as_bind_class *c = as_bind_class_find(b, "Color");
    AS_PROPERTY(c, Color, r);
    AS_PROPERTY(c, Color, g);
    AS_PROPERTY(c, Color, b);
    AS_PROPERTY(c, Color, a);
    AS_CONSTRUCTOR(c, "Color(r, g, b, a = 255)", color_init, void, Color *, uint8_t, uint8_t, uint8_t, uint8_t);
    AS_METHOD(c, "str", color_str, const char *, const Color *);
    AS_METHOD(c, "mix(other, t)", color_mix, Color, const Color *, const Color *, float);
    AS_FUNCTION(b, "hex(code)", color_hex, Color, const char *);
    AS_DOC(b, "a colour from \"#rrggbb\"");
}
