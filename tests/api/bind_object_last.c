/* Binding toolkit: object-last C functions (`void f(int x, T *self)`) bind as methods, called
 * natively or through the dispatcher (a string on the way); an object in the middle is refused. */
#include "bind_support.h"

typedef struct Vec2 { float x, y; } Vec2;
static float vec2_scaled_x(float k, const Vec2 *self) { return k * self->x; }
static void vec2_move(float dx, float dy, Vec2 *self) { self->x += dx; self->y += dy; }
static const char *vec2_label(int n, const Vec2 *self) { return n > 0 && self->x > 0 ? "right" : "left"; }
static float vec2_get_y(const Vec2 *self) { return self->y; }
static void vec2_set_y(float y, Vec2 *self) { self->y = y; }
static float vec2_middle(float a, const Vec2 *self, float b) { return a + b + self->x; }

static void test_object_last(void)
{
    as_engine *e = test_engine();
    as_bind *b = as_bind_begin(e, "objlast");
    as_bind_class *c = AS_VALUE_CLASS(b, Vec2, "Vec2", AS_OBJ_POD);
    AS_PROPERTY(c, Vec2, x);
    AS_METHOD(c, "scaledX(k)", vec2_scaled_x, float, float, const Vec2 *);
    AS_METHOD(c, "move", vec2_move, void, float, float, Vec2 *);
    AS_METHOD(c, "label", vec2_label, const char *, int, const Vec2 *);
    AS_GETTER(c, "y", vec2_get_y, float, const Vec2 *);
    const as_bind_member rows[] = {AS_M_SETTER("y", vec2_set_y, void, float, Vec2 *), AS_M_END};
    as_bind_members(c, rows);
    REQUIRE(as_bind_end(b) == 0);
    as_type *t = as_engine_type_by_name(e, "Vec2");
    CHECK(as_type_method_by_decl(t, "float scaledX(float k) const") != NULL);
    CHECK(as_type_method_by_decl(t, "void move(float, float)") != NULL);
    CHECK(run(e, "void main() {\n"
                 "  Vec2 v; v.x = 2; v.move(1, 3); v.y = v.y + 1;\n"
                 "  print('' + v.scaledX(10) + ' ' + v.y + ' ' + v.label(1) + ' ' + v.label(0));\n"
                 "}\n") == AS_EXECUTION_FINISHED);
    EXPECT_OUTPUT("30 4 right left\n");

    /* the object in the middle is neither first nor last: refused with the line */
    messages[0] = 0;
    b = as_bind_begin(e, "middle");
    c = as_bind_class_find(b, "Vec2");
    int line = __LINE__ + 1;
    AS_METHOD(c, "middle", vec2_middle, float, float, const Vec2 *, float);
    CHECK(as_bind_end(b) == -1);
    EXPECT_MESSAGE_AT(line, "error: bind 'middle': Vec2::middle: the first (or the last) C parameter "
                      "must point to the object");
    as_engine_destroy(e);
}

int main(void)
{
    group("object last", test_object_last);
    return failures ? 1 : 0;
}
