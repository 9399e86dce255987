/* Binding toolkit: a C pointer and the length after it are one script array<T> parameter when
 * the name string says so: `const array<float> &in` for a const pointer, `array<int> &inout`
 * for one the function writes through; the element type, the constness and the length are
 * checked at bind time, with the line. */
#include "bind_support.h"

static float sum(const float *v, size_t n)
{
    float s = 0;
    for (size_t i = 0; i < n; i++) s += v[i];
    return s;
}
static void fill(int *out, int n, int start)
{
    for (int i = 0; i < n; i++) out[i] = start + i;
}
typedef struct Bins { int count; } Bins;
static int bins_add(Bins *b, const uint8_t *bytes, uint16_t n)
{
    for (uint16_t i = 0; i < n; i++) b->count += bytes[i];
    return b->count;
}
static float sum_no_len(const float *v, float k) { return v[0] * k; }

static void test_arrays(void)
{
    as_engine *e = test_engine();
    as_bind *b = as_bind_begin(e, "arrays");
    AS_FUNCTION(b, "sum(const array<float> &in values)", sum, float, const float *, size_t);
    AS_FUNCTION(b, "fill(int[] &inout dest, start = 0)", fill, void, int *, int, int);
    as_bind_class *c = AS_VALUE_CLASS(b, Bins, "Bins", AS_OBJ_POD);
    AS_PROPERTY(c, Bins, count);
    AS_METHOD(c, "add(const array<uint8> &in bytes)", bins_add, int, Bins *, const uint8_t *, uint16_t);
    int r = as_bind_end(b);
    if (r != 0) fprintf(stderr, "%s", messages);
    REQUIRE(r == 0);
    CHECK(as_engine_function_by_decl(e, "float sum(const array<float> &in)") != NULL);
    CHECK(run(e, "void main() {\n"
                 "  array<float> v = {1.5f, 2, 3.5f}; array<float> none;\n"
                 "  array<int> dst(4); fill(dst, 10);\n"
                 "  Bins bins; bins.add({1, 2, 3});\n"
                 "  print('' + sum(v) + ' ' + sum(none) + ' ' + dst[0] + ' ' + dst[3] + ' ' + bins.count);\n"
                 "}\n") == AS_EXECUTION_FINISHED);
    EXPECT_OUTPUT("7 0 10 13 6\n");
    /* 70000 bytes do not fit the uint16_t length: an exception, not a shortened buffer */
    CHECK(run(e, "void main() { Bins bins; array<uint8> big(70000, 1); bins.add(big); }") == AS_EXECUTION_EXCEPTION);
    EXPECT_MESSAGE("The array is longer than the C function's length parameter can say");
    as_engine_destroy(e);
}

static void test_misuse(void)
{
    as_engine *e = test_engine();
    as_bind *b = as_bind_begin(e, "misuse");
    int line = __LINE__ + 1;
    AS_FUNCTION(b, "sumD(const array<double> &in values)", sum, float, const float *, size_t);
    AS_FUNCTION(b, "sumW(array<float> &inout values)", sum, float, const float *, size_t);
    AS_FUNCTION(b, "fillC(const array<int> &in dest, start)", fill, void, int *, int, int);
    AS_FUNCTION(b, "noLen(const array<float> &in v, k)", sum_no_len, float, const float *, float);
    CHECK(as_bind_end(b) == -4);
    EXPECT_MESSAGE_AT(line, "error: bind 'misuse': global: sumD: parameter 1: 'const array<double> &in' is "
                      "not an array of the C type 'const float *' ('float')");
    EXPECT_MESSAGE("sumW: parameter 1: a const pointer is 'const array<T> &in'");
    EXPECT_MESSAGE("fillC: parameter 1: a mutable pointer is 'array<T> &inout' (the function may write the elements)");
    EXPECT_MESSAGE("noLen: parameter 1: an array is a C pointer and then its length: the C parameter after 'const float *' must be an integer");
    as_engine_destroy(e);
}

/* Fixed-size C array fields: a copy out, a whole array in. */
typedef struct Poly { int n; float xs[3]; uint8_t tags[2]; float *not_array; } Poly;

static void test_fields(void)
{
    as_engine *e = test_engine();
    as_bind *b = as_bind_begin(e, "fields");
    as_bind_class *c = AS_VALUE_CLASS(b, Poly, "Poly", AS_OBJ_POD);
    AS_ARRAY_PROPERTY(c, Poly, xs);
    AS_DOC(b, "x of each corner");
    AS_ARRAY_PROPERTY(c, Poly, tags);
    REQUIRE(as_bind_end(b) == 0);
    as_type *t = as_engine_type_by_name(e, "Poly");
    CHECK(as_type_method_by_decl(t, "array<float>@ get_xs() const property") != NULL);
    CHECK(STREQ(as_bind_function_doc(as_type_method_by_decl(t, "void set_xs(const array<float> &in) property")), "x of each corner"));
    CHECK(run(e, "void main() {\n"
                 "  Poly p; p.xs = {1, 2.5f, 4}; p.tags = {7, 9};\n"
                 "  array<float>@ copy = p.xs; copy[0] = 100;\n"
                 "  print('' + p.xs.length() + ' ' + p.xs[0] + ' ' + p.xs[2] + ' ' + copy[0] + ' ' + p.tags[1]);\n"
                 "}\n") == AS_EXECUTION_FINISHED);
    EXPECT_OUTPUT("3 1 4 100 9\n");
    CHECK(run(e, "void main() { Poly p; p.xs = {1, 2}; }") == AS_EXECUTION_EXCEPTION);
    EXPECT_MESSAGE("The array has 2 elements, the C field 3");
    /* a pointer is not an array */
    messages[0] = 0;
    b = as_bind_begin(e, "pointer");
    int line = __LINE__ + 1;
    AS_ARRAY_PROPERTY(as_bind_class_find(b, "Poly"), Poly, not_array);
    CHECK(as_bind_end(b) == -1);
    EXPECT_MESSAGE_AT(line, "error: bind 'pointer': Poly: 'not_array' is not a C array");
    as_engine_destroy(e);
}

int main(void)
{
    group("arrays", test_arrays);
    group("misuse", test_misuse);
    group("fields", test_fields);
    return failures ? 1 : 0;
}
