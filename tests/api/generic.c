/* The generic calling convention (as_generic):
 *  - as_generic_arg_byte/word/dword/qword/float/double for every primitive type, bool, enums;
 *  - as_generic_arg_address for &in / &out / &inout references, as_generic_arg_object for
 *    objects by value, by reference and by handle, as_generic_address_of_arg, `?&in`;
 *  - as_generic_arg_count, as_generic_arg_type_id (with the AS_TM_* modifiers);
 *  - as_generic_object and as_generic_object_type_id in methods;
 *  - as_generic_set_return_byte/word/dword/qword/float/double/address/object of every kind
 *    (primitives, a reference return, a handle with ownership passed or shared, a value type
 *    copied into the return location, a string), as_generic_return_location for a value
 *    type constructed in place, as_generic_return_type_id;
 *  - as_generic_function / as_generic_auxiliary / as_generic_engine: one C function serving
 *    several registrations told apart by their auxiliary pointer.
 *
 * CHECK prints file:line and the condition and marks the test failed (exit 1 at the end);
 * REQUIRE exits at once. Groups run in child processes so a crash fails only its group. */
#define _POSIX_C_SOURCE 200809L
#include "angelc.h"
#include "angelc_addons.h"
#include <sys/wait.h>
#include <unistd.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

static int errors;
static char first_error[256];
static void on_message(const as_message *m, void *user)
{
    (void)user;
    if (m->type == AS_MSG_ERROR) {
        if (!errors) snprintf(first_error, sizeof first_error, "%s:%d:%d: %s", m->section, m->row, m->col, m->message);
        errors++;
    }
}

static as_engine *engine;
static as_context *ctx;
static int string_tid;

static as_module *build(const char *name, const char *code)
{
    as_module *m = as_engine_get_module(engine, name, AS_GM_ALWAYS_CREATE);
    if (!m) return NULL;
    as_module_add_section(m, name, code, strlen(code), 0);
    errors = 0;
    first_error[0] = 0;
    if (as_module_build(m) < 0) {
        fprintf(stderr, "  build of %s failed: %s\n", name, first_error);
        return NULL;
    }
    return m;
}

static bool run(as_module *m, const char *decl)
{
    as_function *f = m ? as_module_function_by_decl(m, decl) : NULL;
    if (!f) {
        fprintf(stderr, "  no function '%s'\n", decl);
        return false;
    }
    if (as_context_prepare(ctx, f) < 0) return false;
    int r = as_context_execute(ctx);
    if (r != AS_EXECUTION_FINISHED) {
        fprintf(stderr, "  '%s' ended with state %d (%s)\n", decl, r,
                r == AS_EXECUTION_EXCEPTION && as_context_exception_string(ctx) ? as_context_exception_string(ctx) : "");
        return false;
    }
    return true;
}

/* ===================================================================== types used below */

typedef struct { float x, y; } vec2;
static int vec2_tid;
static void vec2_ctor(as_generic *g) { vec2 *v = as_generic_object(g); v->x = as_generic_arg_float(g, 0); v->y = as_generic_arg_float(g, 1); }
static void vec2_default(as_generic *g) { vec2 *v = as_generic_object(g); v->x = v->y = 0; }

typedef struct { int refs, value; } Obj;
static int obj_tid, obj_live;
static Obj *obj_new(int v) { Obj *o = calloc(1, sizeof *o); o->refs = 1; o->value = v; obj_live++; return o; }
static void obj_factory(as_generic *g) { as_generic_set_return_address(g, obj_new((int)as_generic_arg_dword(g, 0))); }
static void obj_addref(as_generic *g) { ((Obj *)as_generic_object(g))->refs++; }
static void obj_release(as_generic *g)
{
    Obj *o = as_generic_object(g);
    if (--o->refs == 0) { free(o); obj_live--; }
}
static void obj_rel(Obj *o) { if (o && --o->refs == 0) { free(o); obj_live--; } }

static void register_types(void)
{
    vec2_tid = as_register_object_type(engine, "vec2", sizeof(vec2), AS_OBJ_VALUE | AS_OBJ_POD | AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_ALLFLOATS);
    CHECK(vec2_tid > 0);
    CHECK(as_register_object_behaviour(engine, "vec2", AS_BEHAVE_CONSTRUCT, "void f()", AS_FN(vec2_default), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_behaviour(engine, "vec2", AS_BEHAVE_CONSTRUCT, "void f(float, float)", AS_FN(vec2_ctor), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_property(engine, "vec2", "float x", 0) >= 0);
    CHECK(as_register_object_property(engine, "vec2", "float y", 4) >= 0);
    obj_tid = as_register_object_type(engine, "Obj", 0, AS_OBJ_REF);
    CHECK(obj_tid > 0);
    CHECK(as_register_object_behaviour(engine, "Obj", AS_BEHAVE_FACTORY, "Obj@ f(int)", AS_FN(obj_factory), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_behaviour(engine, "Obj", AS_BEHAVE_ADDREF, "void f()", AS_FN(obj_addref), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_behaviour(engine, "Obj", AS_BEHAVE_RELEASE, "void f()", AS_FN(obj_release), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_property(engine, "Obj", "int value", offsetof(Obj, value)) >= 0);
    CHECK(as_register_enum(engine, "Kind") >= 0);
    CHECK(as_register_enum_value(engine, "Kind", "K1", 1) >= 0);
    CHECK(as_register_enum_value(engine, "Kind", "KNeg", -2) >= 0);
}

/* ===================================================================== arguments */

static struct {
    int8_t i8; uint8_t u8; int16_t i16; uint16_t u16; int32_t i32; uint32_t u32; int64_t i64; uint64_t u64;
    float f; double d; bool b; int kind;
    int nargs; int tids[16]; uint32_t flags[16];
} got;

/* void prims(int8, uint8, int16, uint16, int, uint, int64, uint64, float, double, bool, Kind) */
static void prims(as_generic *g)
{
    got.nargs = as_generic_arg_count(g);
    for (int i = 0; i < got.nargs && i < 16; i++) got.tids[i] = as_generic_arg_type_id(g, (unsigned)i, &got.flags[i]);
    got.i8 = (int8_t)as_generic_arg_byte(g, 0);
    got.u8 = as_generic_arg_byte(g, 1);
    got.i16 = (int16_t)as_generic_arg_word(g, 2);
    got.u16 = as_generic_arg_word(g, 3);
    got.i32 = (int32_t)as_generic_arg_dword(g, 4);
    got.u32 = as_generic_arg_dword(g, 5);
    got.i64 = (int64_t)as_generic_arg_qword(g, 6);
    got.u64 = as_generic_arg_qword(g, 7);
    got.f = as_generic_arg_float(g, 8);
    got.d = as_generic_arg_double(g, 9);
    got.b = as_generic_arg_byte(g, 10) != 0;
    got.kind = (int)as_generic_arg_dword(g, 11);
    /* the slot of an argument holds the value itself */
    int *slot = as_generic_address_of_arg(g, 4);
    CHECK(slot != NULL && *slot == got.i32);
    double *dslot = as_generic_address_of_arg(g, 9);
    CHECK(dslot != NULL && *dslot == got.d);
    /* out of range */
    CHECK(as_generic_arg_type_id(g, 12, NULL) < 0);
    CHECK(as_generic_address_of_arg(g, 12) == NULL);
}

static struct { int in_val; void *str; void *vec; void *obj_byref; void *obj_handle; int handle_refs; int var_tid; int var_val; } refs;

/* void refargs(const int &in, int &out, const string &in, string &out, const vec2 &in, vec2 &out, Obj &inout, Obj@, ?&in) */
static void refargs(as_generic *g)
{
    int *in = as_generic_arg_address(g, 0);
    refs.in_val = in ? *in : -1;
    int *out = as_generic_arg_address(g, 1);
    if (out) *out = refs.in_val * 2;
    const void *s = as_generic_arg_object(g, 2);
    size_t n = 0;
    const char *d = s ? as_string_data(s, &n) : "";
    void *so = as_generic_arg_object(g, 3);
    if (so) {
        char buf[64];
        snprintf(buf, sizeof buf, "[%.*s]", (int)n, d);
        as_string_assign(so, buf, strlen(buf));
    }
    CHECK(as_generic_arg_address(g, 2) == s);   /* references: address and object agree */
    const vec2 *vi = as_generic_arg_object(g, 4);
    vec2 *vo = as_generic_arg_object(g, 5);
    if (vi && vo) { vo->x = vi->y; vo->y = vi->x; }
    Obj *byref = as_generic_arg_object(g, 6);
    if (byref) byref->value += 100;
    Obj *h = as_generic_arg_object(g, 7);
    refs.handle_refs = h ? h->refs : -1;
    if (h) h->value += 1000;
    obj_rel(h);       /* the callee owns the handle it receives */
    uint32_t fl;
    refs.var_tid = as_generic_arg_type_id(g, 8, &fl);
    void *va = as_generic_arg_address(g, 8);
    refs.var_val = refs.var_tid == AS_TYPEID_INT32 && va ? *(int *)va : -1;
    /* for `?` the slot holds the address */
    void **vslot = as_generic_address_of_arg(g, 8);
    CHECK(vslot != NULL && *vslot == va);
    /* modifiers */
    CHECK(as_generic_arg_type_id(g, 0, &fl) == AS_TYPEID_INT32 && fl == (AS_TM_INREF | AS_TM_CONST));
    CHECK(as_generic_arg_type_id(g, 1, &fl) == AS_TYPEID_INT32 && fl == AS_TM_OUTREF);
    CHECK(as_generic_arg_type_id(g, 2, &fl) == string_tid && fl == (AS_TM_INREF | AS_TM_CONST));
    CHECK(as_generic_arg_type_id(g, 5, &fl) == vec2_tid && fl == AS_TM_OUTREF);
    CHECK(as_generic_arg_type_id(g, 6, &fl) == obj_tid && fl == AS_TM_INOUTREF);
    CHECK(as_generic_arg_type_id(g, 7, &fl) == (obj_tid | AS_TYPEID_OBJHANDLE) && fl == AS_TM_NONE);
    CHECK(as_generic_arg_count(g) == 9);
}

/* float byval(vec2, string): objects by value */
static void byval(as_generic *g)
{
    vec2 *v = as_generic_arg_object(g, 0);
    void *s = as_generic_arg_object(g, 1);
    size_t n = 0;
    if (s) as_string_data(s, &n);
    v->x = 1000;     /* the callee's copy: the caller's value stays */
    as_generic_set_return_float(g, v->y + (float)n);
}

static void test_args(void)
{
    CHECK(as_register_global_function(engine, "void prims(int8, uint8, int16, uint16, int, uint, int64, uint64, float, double, bool, Kind)",
                                      AS_FN(prims), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_global_function(engine, "void refargs(const int &in, int &out, const string &in, string &out, const vec2 &in, vec2 &out, Obj &inout, Obj@, ?&in)",
                                      AS_FN(refargs), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_global_function(engine, "float byval(vec2, string)", AS_FN(byval), AS_CALL_GENERIC, NULL) >= 0);
    const char *src =
        "void t_prims() { prims(-100, 200, -30000, 60000, -2000000000, 4000000000, -9000000000000000000, 18000000000000000000, 1.5f, -2.25, true, KNeg); }\n"
        "string g_so; vec2 g_vo; int g_out;\n"
        "int t_refs() { Obj o(1); Obj@ h = Obj(2); int v = 55;\n"
        "  refargs(21, g_out, 'abc', g_so, vec2(1, 2), g_vo, o, h, v);\n"
        "  return o.value * 10000 + h.value; }\n"
        "bool t_byval() { vec2 v(3, 4); string s = 'hello'; float r = byval(v, s); return r == 9 && v.x == 3; }\n";
    as_module *m = build("args", src);
    CHECK(m != NULL && errors == 0);
    if (!m) return;
    memset(&got, 0, sizeof got);
    if (run(m, "void t_prims()")) {
        CHECK(got.nargs == 12);
        CHECK(got.i8 == -100 && got.u8 == 200);
        CHECK(got.i16 == -30000 && got.u16 == 60000);
        CHECK(got.i32 == -2000000000 && got.u32 == 4000000000u);
        CHECK(got.i64 == -9000000000000000000LL && got.u64 == 18000000000000000000ull);
        CHECK(got.f == 1.5f && got.d == -2.25 && got.b);
        CHECK(got.kind == -2);
        int want[12] = {AS_TYPEID_INT8, AS_TYPEID_UINT8, AS_TYPEID_INT16, AS_TYPEID_UINT16, AS_TYPEID_INT32, AS_TYPEID_UINT32,
                        AS_TYPEID_INT64, AS_TYPEID_UINT64, AS_TYPEID_FLOAT, AS_TYPEID_DOUBLE, AS_TYPEID_BOOL,
                        as_engine_type_id_by_decl(engine, "Kind")};
        for (int i = 0; i < 12; i++) {
            CHECK(got.tids[i] == want[i]);
            CHECK(got.flags[i] == AS_TM_NONE);
        }
    }
    if (run(m, "int t_refs()")) CHECK(as_context_return_dword(ctx) == 1011002);
    CHECK(refs.in_val == 21);
    CHECK(refs.handle_refs >= 2);
    CHECK(refs.var_tid == AS_TYPEID_INT32 && refs.var_val == 55);
    {
        int gi = as_module_global_index_by_name(m, "g_out");
        int *p = gi >= 0 ? as_module_global_address(m, gi) : NULL;
        CHECK(p && *p == 42);
        gi = as_module_global_index_by_name(m, "g_so");
        void *s = gi >= 0 ? as_module_global_address(m, gi) : NULL;
        size_t n = 0;
        const char *d = s ? as_string_data(s, &n) : "";
        CHECK(n == 5 && memcmp(d, "[abc]", 5) == 0);
        gi = as_module_global_index_by_name(m, "g_vo");
        vec2 *v = gi >= 0 ? as_module_global_address(m, gi) : NULL;
        CHECK(v && v->x == 2 && v->y == 1);
    }
    if (run(m, "bool t_byval()")) CHECK(as_context_return_byte(ctx) == 1);
    as_module_discard(m);
    CHECK(obj_live == 0);
}

/* ===================================================================== returns */

static int ret_global = 5;
static Obj *kept;
static void r_i8(as_generic *g) { CHECK(as_generic_return_type_id(g, NULL) == AS_TYPEID_INT8); as_generic_set_return_byte(g, (uint8_t)(int8_t)-7); }
static void r_u8(as_generic *g) { as_generic_set_return_byte(g, 250); }
static void r_bool(as_generic *g) { as_generic_set_return_byte(g, 1); }
static void r_i16(as_generic *g) { as_generic_set_return_word(g, (uint16_t)(int16_t)-1234); }
static void r_u16(as_generic *g) { as_generic_set_return_word(g, 65000); }
static void r_i32(as_generic *g) { as_generic_set_return_dword(g, (uint32_t)-123456); }
static void r_u32(as_generic *g) { as_generic_set_return_dword(g, 4000000000u); }
static void r_i64(as_generic *g) { as_generic_set_return_qword(g, (uint64_t)-1234567890123LL); }
static void r_u64(as_generic *g) { as_generic_set_return_qword(g, 18000000000000000000ull); }
static void r_float(as_generic *g) { CHECK(as_generic_return_type_id(g, NULL) == AS_TYPEID_FLOAT); as_generic_set_return_float(g, -0.375f); }
static void r_double(as_generic *g) { as_generic_set_return_double(g, 1e300); }
static void r_enum(as_generic *g) { as_generic_set_return_dword(g, (uint32_t)-2); }
static void r_ref(as_generic *g)                                /* int &r_ref() */
{
    uint32_t fl = 0;
    CHECK(as_generic_return_type_id(g, &fl) == AS_TYPEID_INT32);
    CHECK(fl != AS_TM_NONE);          /* a reference return */
    as_generic_set_return_address(g, &ret_global);
}
static void r_new(as_generic *g) { as_generic_set_return_address(g, obj_new(31)); }     /* Obj@ r_new(): ownership passes */
static void r_kept(as_generic *g)                                                          /* Obj@ r_kept(): engine adds a ref */
{
    CHECK(as_generic_return_type_id(g, NULL) == (obj_tid | AS_TYPEID_OBJHANDLE));
    as_generic_set_return_object(g, kept);
}
static void r_null(as_generic *g) { as_generic_set_return_object(g, NULL); }
static void r_vec_copy(as_generic *g)                                                      /* vec2 r_vec_copy(): copied */
{
    vec2 local = {1.25f, 2.5f};
    CHECK(as_generic_return_type_id(g, NULL) == vec2_tid);
    CHECK(as_generic_set_return_object(g, &local) >= 0);
}
static void r_vec_inplace(as_generic *g)                                                   /* vec2 r_vec_inplace(float) */
{
    vec2 *loc = as_generic_return_location(g);
    CHECK(loc != NULL);
    if (loc) { loc->x = as_generic_arg_float(g, 0); loc->y = -loc->x; }
}
static void r_string(as_generic *g)                                                        /* string r_string(int) */
{
    char buf[32];
    snprintf(buf, sizeof buf, "s%d", (int)as_generic_arg_dword(g, 0));
    void *loc = as_generic_return_location(g);
    CHECK(loc != NULL);
    /* construct a string in the return location: copy a host string into it */
    void *tmp = as_engine_create_object(as_generic_engine(g), string_tid);
    as_string_assign(tmp, buf, strlen(buf));
    CHECK(as_generic_set_return_object(g, tmp) >= 0);
    as_engine_release_object(as_generic_engine(g), tmp, string_tid);
}
static void r_prim_loc(as_generic *g)                                                      /* int r_prim_loc(): via the slot */
{
    int *slot = as_generic_return_location(g);
    CHECK(slot != NULL);
    if (slot) *slot = 8080;
}

static void test_returns(void)
{
    struct { const char *decl; void (*fn)(as_generic *); } regs[] = {
        {"int8 r_i8()", r_i8}, {"uint8 r_u8()", r_u8}, {"bool r_bool()", r_bool}, {"int16 r_i16()", r_i16},
        {"uint16 r_u16()", r_u16}, {"int r_i32()", r_i32}, {"uint r_u32()", r_u32}, {"int64 r_i64()", r_i64},
        {"uint64 r_u64()", r_u64}, {"float r_float()", r_float}, {"double r_double()", r_double}, {"Kind r_enum()", r_enum},
        {"int &r_ref()", r_ref}, {"Obj@ r_new()", r_new}, {"Obj@ r_kept()", r_kept}, {"Obj@ r_null()", r_null},
        {"vec2 r_vec_copy()", r_vec_copy}, {"vec2 r_vec_inplace(float)", r_vec_inplace}, {"string r_string(int)", r_string},
        {"int r_prim_loc()", r_prim_loc},
    };
    for (size_t i = 0; i < sizeof regs / sizeof regs[0]; i++) {
        int r = as_register_global_function(engine, regs[i].decl, AS_FN(regs[i].fn), AS_CALL_GENERIC, NULL);
        if (r < 0) fprintf(stderr, "  cannot register %s: %d\n", regs[i].decl, r);
        CHECK(r >= 0);
    }
    const char *src =
        "int t_i8() { return r_i8(); }\n"
        "int t_u8() { return r_u8(); }\n"
        "bool t_bool() { return r_bool(); }\n"
        "int t_i16() { return r_i16(); }\n"
        "int t_u16() { return r_u16(); }\n"
        "bool t_words() { return r_i32() == -123456 && r_u32() == 4000000000 && r_i64() == -1234567890123 && r_u64() == 18000000000000000000; }\n"
        "bool t_floats() { return r_float() == -0.375f && r_double() == 1e300; }\n"
        "int t_enum() { return int(r_enum()); }\n"
        "int t_ref() { r_ref() = 9; r_ref() *= 2; return r_ref(); }\n"
        "int t_new() { Obj@ a = r_new(); Obj@ b = r_new(); return a.value + b.value; }\n"
        "int t_kept() { Obj@ k = r_kept(); Obj@ k2 = r_kept(); return (k is k2 ? 1000 : 0) + k.value; }\n"
        "bool t_null() { return r_null() is null; }\n"
        "float t_vec_copy() { vec2 v = r_vec_copy(); return v.x + v.y; }\n"
        "float t_vec_inplace() { vec2 v = r_vec_inplace(3.5f); return v.x * 10 + v.y; }\n"
        "string t_string() { return r_string(12) + r_string(-3); }\n"
        "int t_prim_loc() { return r_prim_loc(); }\n"
        "int8 s_i8() { return r_i8(); }\n"
        "int16 s_i16() { return r_i16(); }\n";
    as_module *m = build("rets", src);
    CHECK(m != NULL && errors == 0);
    if (!m) return;
    if (run(m, "int t_i8()")) CHECK((int)as_context_return_dword(ctx) == -7);
    if (run(m, "int t_u8()")) CHECK((int)as_context_return_dword(ctx) == 250);
    if (run(m, "bool t_bool()")) CHECK(as_context_return_byte(ctx) == 1);
    if (run(m, "int t_i16()")) CHECK((int)as_context_return_dword(ctx) == -1234);
    if (run(m, "int t_u16()")) CHECK((int)as_context_return_dword(ctx) == 65000);
    if (run(m, "bool t_words()")) CHECK(as_context_return_byte(ctx) == 1);
    if (run(m, "bool t_floats()")) CHECK(as_context_return_byte(ctx) == 1);
    if (run(m, "int t_enum()")) CHECK((int)as_context_return_dword(ctx) == -2);
    ret_global = 5;
    if (run(m, "int t_ref()")) CHECK(as_context_return_dword(ctx) == 18);
    CHECK(ret_global == 18);
    if (run(m, "int t_new()")) CHECK(as_context_return_dword(ctx) == 62);
    CHECK(obj_live == 0);
    kept = obj_new(7);
    if (run(m, "int t_kept()")) CHECK(as_context_return_dword(ctx) == 1007);
    CHECK(kept->refs == 1);    /* the engine's references are given back */
    obj_rel(kept);
    CHECK(obj_live == 0);
    if (run(m, "bool t_null()")) CHECK(as_context_return_byte(ctx) == 1);
    if (run(m, "float t_vec_copy()")) CHECK(as_context_return_float(ctx) == 3.75f);
    if (run(m, "float t_vec_inplace()")) CHECK(as_context_return_float(ctx) == 31.5f);
    if (run(m, "string t_string()")) {
        void *s = as_context_return_object(ctx);
        size_t n = 0;
        const char *d = s ? as_string_data(s, &n) : "";
        CHECK(n == 6 && memcmp(d, "s12s-3", 6) == 0);
    }
    if (run(m, "int t_prim_loc()")) CHECK(as_context_return_dword(ctx) == 8080);
    if (run(m, "int8 s_i8()")) CHECK((int8_t)as_context_return_byte(ctx) == -7);
    if (run(m, "int16 s_i16()")) CHECK((int16_t)as_context_return_word(ctx) == -1234);
    as_module_discard(m);
    CHECK(obj_live == 0);
}

/* ===================================================================== methods, function, aux */

static int which_calls[3];
/* One C function for three registrations: the auxiliary pointer says which. */
static void dispatch(as_generic *g)
{
    int *slot = as_generic_auxiliary(g);
    as_function *f = as_generic_function(g);
    CHECK(f != NULL);
    CHECK(as_function_auxiliary(f) == (void *)slot);
    CHECK(as_generic_engine(g) == engine);
    if (slot) (*slot)++;
    const char *name = f ? as_function_name(f) : "";
    int v = (int)as_generic_arg_dword(g, 0);
    if (strcmp(name, "twice") == 0) v *= 2;
    else if (strcmp(name, "neg") == 0) v = -v;
    else if (strcmp(name, "sq") == 0) v *= v;
    as_generic_set_return_dword(g, (uint32_t)v);
}

/* Obj methods: int Obj::add(int), Obj@ Obj::me(), int Obj::tid() const */
static void obj_add(as_generic *g)
{
    Obj *o = as_generic_object(g);
    CHECK(o != NULL);
    CHECK(as_generic_object_type_id(g) == obj_tid);
    if (o) o->value += (int)as_generic_arg_dword(g, 0);
    as_generic_set_return_dword(g, o ? (uint32_t)o->value : 0);
}
static void obj_me(as_generic *g) { as_generic_set_return_object(g, as_generic_object(g)); }
static void vec2_len2(as_generic *g)
{
    const vec2 *v = as_generic_object(g);
    CHECK(as_generic_object_type_id(g) == vec2_tid);
    as_generic_set_return_float(g, v->x * v->x + v->y * v->y);
}
static void vec2_swapped(as_generic *g)   /* vec2 swapped() const, written into the return location */
{
    const vec2 *v = as_generic_object(g);
    vec2 *r = as_generic_return_location(g);
    CHECK(r != NULL && r != v);
    if (r) { r->x = v->y; r->y = v->x; }
}

static void test_methods_aux(void)
{
    CHECK(as_register_global_function(engine, "int twice(int)", AS_FN(dispatch), AS_CALL_GENERIC, &which_calls[0]) >= 0);
    CHECK(as_register_global_function(engine, "int neg(int)", AS_FN(dispatch), AS_CALL_GENERIC, &which_calls[1]) >= 0);
    CHECK(as_register_global_function(engine, "int sq(int)", AS_FN(dispatch), AS_CALL_GENERIC, &which_calls[2]) >= 0);
    CHECK(as_register_object_method(engine, "Obj", "int add(int)", AS_FN(obj_add), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_method(engine, "Obj", "Obj@ me()", AS_FN(obj_me), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_method(engine, "vec2", "float len2() const", AS_FN(vec2_len2), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_method(engine, "vec2", "vec2 swapped() const", AS_FN(vec2_swapped), AS_CALL_GENERIC, NULL) >= 0);
    const char *src =
        "int t_aux() { return twice(5) + neg(3) + sq(4) + sq(2); }\n"
        "int t_obj() { Obj o(1); o.add(2); return o.me().add(3); }\n"
        "float t_vec() { vec2 v(3, 4); vec2 s = v.swapped(); return v.len2() + s.x * 100; }\n";
    as_module *m = build("aux", src);
    CHECK(m != NULL && errors == 0);
    if (!m) return;
    if (run(m, "int t_aux()")) CHECK(as_context_return_dword(ctx) == 10 - 3 + 16 + 4);
    CHECK(which_calls[0] == 1 && which_calls[1] == 1 && which_calls[2] == 2);
    if (run(m, "int t_obj()")) CHECK(as_context_return_dword(ctx) == 6);
    if (run(m, "float t_vec()")) CHECK(as_context_return_float(ctx) == 425.0f);
    as_module_discard(m);
    CHECK(obj_live == 0);
}

int main(void)
{
    engine = as_engine_create();
    REQUIRE(engine != NULL);
    as_engine_set_message_callback(engine, on_message, NULL);
    CHECK(as_register_string(engine) >= 0);
    string_tid = as_engine_type_id_by_decl(engine, "string");
    CHECK(string_tid > 0);
    register_types();
    ctx = as_context_create(engine);
    REQUIRE(ctx != NULL);
    group("args", test_args);
    group("returns", test_returns);
    group("methods_aux", test_methods_aux);
    as_context_destroy(ctx);
    as_engine_destroy(engine);
    if (failures) fprintf(stderr, "generic: %d check(s) failed\n", failures);
    return failures ? 1 : 0;
}
