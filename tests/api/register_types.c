/* Registering types from C and using them from script:
 *  - value type `vec2` (POD C struct of two floats): constructors with AS_CALL_CDECL_OBJLAST and
 *    AS_CALL_CDECL_OBJFIRST, a generic copy constructor, opAssign (OBJLAST, returns a reference),
 *    methods (const, returning floats / bool / vec2 by value, generic with the return location),
 *    properties x, y by offset read and written from script, a global vec2 in a script;
 *  - value type `counted` (non-POD, owns heap memory), every behaviour AS_CALL_GENERIC:
 *    constructors, destructor, copy constructor, opAssign; construction/destruction balance when
 *    used in locals, parameters, returns, class members and arrays;
 *  - reference type `Ref` (refcounted C struct): factories (cdecl, with and without args),
 *    addref (OBJFIRST) / release (OBJLAST), methods in all three conventions, a property by
 *    offset; no object leaks once the module is gone;
 *  - enums and their values (scoped and unscoped use, as args/returns of C functions; listed
 *    with as_type_enum_value);
 *  - funcdefs (a script function and a delegate handed to C, called back from C, and the
 *    host's references given up with as_function_release);
 *  - typedefs; namespaces via as_engine_set_default_namespace;
 *  - an interface registered from C implemented by a script class and called from C.
 *
 * CHECK prints file:line and the condition and marks the test failed (exit 1 at the end);
 * REQUIRE exits at once where going on would crash. */
#define _POSIX_C_SOURCE 200809L
#include "angelc.h"
#include "angelc_addons.h"
#include <sys/wait.h>
#include <unistd.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

/* Runs a group of checks in a child process, so that a crash fails that group only. */

static int errors;
static bool expect_errors;     /* a build that must fail: keep its messages quiet */
static void on_message(const as_message *m, void *user)
{
    (void)user;
    if (m->type == AS_MSG_ERROR) {
        errors++;
        if (!expect_errors) fprintf(stderr, "  [message] %s:%d:%d: %s\n", m->section, m->row, m->col, m->message);
    }
}

static as_engine *engine;
static as_context *ctx;

static as_module *build(const char *name, const char *code)
{
    as_module *m = as_engine_get_module(engine, name, AS_GM_ALWAYS_CREATE);
    if (!m) return NULL;
    as_module_add_section(m, name, code, strlen(code), 0);
    errors = 0;
    int r = as_module_build(m);
    if (r < 0) {
        if (!expect_errors) fprintf(stderr, "  build of %s failed (%d)\n", name, r);
        return NULL;
    }
    return m;
}

/* A build that must fail. */
static bool build_fails(const char *name, const char *code)
{
    expect_errors = true;
    as_module *m = build(name, code);
    expect_errors = false;
    if (m) as_module_discard(m);
    return m == NULL && errors > 0;
}

/* Prepares and runs `decl` from m with no arguments; true if it finished. */
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

/* ===================================================================== vec2: POD, native calls */

typedef struct { float x, y; } vec2;

static void vec2_default(vec2 *self) { self->x = 0; self->y = 0; }                    /* OBJLAST, no args */
static void vec2_init(float x, float y, vec2 *self) { self->x = x; self->y = y; }     /* OBJLAST */
static void vec2_splat(vec2 *self, float s) { self->x = s; self->y = s; }              /* OBJFIRST */
static void vec2_copy(as_generic *g)                                                   /* GENERIC */
{
    vec2 *self = as_generic_object(g);
    const vec2 *o = as_generic_arg_object(g, 0);
    *self = *o;
}
static vec2 *vec2_assign(const vec2 *o, vec2 *self) { *self = *o; return self; }       /* OBJLAST */
static float vec2_length2(const vec2 *self) { return self->x * self->x + self->y * self->y; }
static vec2 vec2_add(const vec2 *self, const vec2 *o) { vec2 r = {self->x + o->x, self->y + o->y}; return r; }
static bool vec2_equals(const vec2 *o, const vec2 *self) { return self->x == o->x && self->y == o->y; }
static void vec2_mul(as_generic *g)    /* vec2 opMul(float) const: constructed in the return location */
{
    const vec2 *self = as_generic_object(g);
    float s = as_generic_arg_float(g, 0);
    vec2 *ret = as_generic_return_location(g);
    ret->x = self->x * s;
    ret->y = self->y * s;
}

static void register_vec2(void)
{
    int tid = as_register_object_type(engine, "vec2", sizeof(vec2),
                                      AS_OBJ_VALUE | AS_OBJ_POD | AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_ALLFLOATS);
    CHECK(tid > 0);
    CHECK((tid & AS_TYPEID_APPOBJECT) != 0);
    CHECK(as_register_object_behaviour(engine, "vec2", AS_BEHAVE_CONSTRUCT, "void f()", AS_FN(vec2_default), AS_CALL_CDECL_OBJLAST, NULL) >= 0);
    CHECK(as_register_object_behaviour(engine, "vec2", AS_BEHAVE_CONSTRUCT, "void f(float, float)", AS_FN(vec2_init), AS_CALL_CDECL_OBJLAST, NULL) >= 0);
    CHECK(as_register_object_behaviour(engine, "vec2", AS_BEHAVE_CONSTRUCT, "void f(float)", AS_FN(vec2_splat), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_behaviour(engine, "vec2", AS_BEHAVE_CONSTRUCT, "void f(const vec2 &in)", AS_FN(vec2_copy), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_method(engine, "vec2", "vec2 &opAssign(const vec2 &in)", AS_FN(vec2_assign), AS_CALL_CDECL_OBJLAST, NULL) >= 0);
    CHECK(as_register_object_method(engine, "vec2", "float length2() const", AS_FN(vec2_length2), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_method(engine, "vec2", "vec2 opAdd(const vec2 &in) const", AS_FN(vec2_add), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_method(engine, "vec2", "bool opEquals(const vec2 &in) const", AS_FN(vec2_equals), AS_CALL_CDECL_OBJLAST, NULL) >= 0);
    CHECK(as_register_object_method(engine, "vec2", "vec2 opMul(float) const", AS_FN(vec2_mul), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_property(engine, "vec2", "float x", offsetof(vec2, x)) >= 0);
    CHECK(as_register_object_property(engine, "vec2", "float y", offsetof(vec2, y)) >= 0);
}

static void test_vec2(void)
{
    const char *src =
        "vec2 g_v(5, 6);\n"
        "float t_len() { vec2 a(3, 4); return a.length2(); }\n"
        "vec2 t_add() { vec2 a(1, 2); vec2 b(3, 4); return a + b; }\n"
        "float t_mul() { vec2 a(1, 2); vec2 c = a * 3; return c.x + c.y; }\n"
        "bool t_assign() { vec2 a(1, 2); vec2 b; b = a; b.x = 10; return a.x == 1 && b.x == 10 && b.y == 2; }\n"
        "float t_splat() { vec2 s(2.5f); return s.x * s.y; }\n"
        "bool t_copy() { vec2 a(1, 2); vec2 b(a); vec2 c = a; return a == b && b == c && !(a == vec2(2, 1)); }\n"
        "float t_default() { vec2 d; return d.x + d.y; }\n"
        "float t_global() { g_v.y += 1; return g_v.x * 10 + g_v.y; }\n"
        "vec2 t_byval(vec2 v) { v.x *= 2; return v; }\n"
        "void t_out(vec2 &out o) { o = vec2(7, 8); }\n"
        "float t_chain() { vec2 a(1, 1); vec2 b; vec2 c; c = b = a + a; return c.x + b.y; }\n";
    as_module *m = build("vec2", src);
    CHECK(m != NULL && errors == 0);
    if (!m) return;
    if (run(m, "float t_len()")) CHECK(as_context_return_float(ctx) == 25.0f);
    if (run(m, "vec2 t_add()")) {
        vec2 *r = as_context_return_object(ctx);
        CHECK(r != NULL);
        if (r) CHECK(r->x == 4.0f && r->y == 6.0f);
        CHECK(as_context_address_of_return_value(ctx) == r);
    }
    if (run(m, "float t_mul()")) CHECK(as_context_return_float(ctx) == 9.0f);
    if (run(m, "bool t_assign()")) CHECK(as_context_return_byte(ctx) == 1);
    if (run(m, "float t_splat()")) CHECK(as_context_return_float(ctx) == 6.25f);
    if (run(m, "bool t_copy()")) CHECK(as_context_return_byte(ctx) == 1);
    if (run(m, "float t_default()")) CHECK(as_context_return_float(ctx) == 0.0f);
    if (run(m, "float t_global()")) CHECK(as_context_return_float(ctx) == 57.0f);
    if (run(m, "float t_chain()")) CHECK(as_context_return_float(ctx) == 4.0f);
    /* the global from C */
    int gi = as_module_global_index_by_name(m, "g_v");
    CHECK(gi >= 0);
    vec2 *gv = gi >= 0 ? as_module_global_address(m, gi) : NULL;
    CHECK(gv != NULL);
    if (gv) CHECK(gv->x == 5.0f && gv->y == 7.0f);
    /* by value in and out */
    as_function *f = as_module_function_by_decl(m, "vec2 t_byval(vec2)");
    CHECK(f != NULL);
    if (f) {
        vec2 in = {1.5f, -2.0f};
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        CHECK(as_context_set_arg_object(ctx, 0, &in) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        vec2 *r = as_context_return_object(ctx);
        CHECK(r && r->x == 3.0f && r->y == -2.0f);
        CHECK(in.x == 1.5f);     /* the script got a copy */
    }
    f = as_module_function_by_decl(m, "void t_out(vec2 &out)");
    CHECK(f != NULL);
    if (f) {
        vec2 out = {0, 0};
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        CHECK(as_context_set_arg_address(ctx, 0, &out) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        CHECK(out.x == 7.0f && out.y == 8.0f);
    }
    as_module_discard(m);
}

/* ===================================================================== counted: non-POD, generic */

typedef struct { int id; int *heap; } counted;
static int n_construct, n_copy, n_destruct, n_assign, n_live_heap;

static void counted_default(as_generic *g)
{
    counted *c = as_generic_object(g);
    c->id = 0;
    c->heap = malloc(sizeof(int));
    *c->heap = 0;
    n_construct++;
    n_live_heap++;
}
static void counted_init(as_generic *g)
{
    counted *c = as_generic_object(g);
    c->id = (int)as_generic_arg_dword(g, 0);
    c->heap = malloc(sizeof(int));
    *c->heap = c->id;
    n_construct++;
    n_live_heap++;
}
static void counted_copy(as_generic *g)
{
    counted *c = as_generic_object(g);
    const counted *o = as_generic_arg_object(g, 0);
    c->id = o->id;
    c->heap = malloc(sizeof(int));
    *c->heap = *o->heap;
    n_copy++;
    n_live_heap++;
}
static void counted_destruct(as_generic *g)
{
    counted *c = as_generic_object(g);
    free(c->heap);
    c->heap = NULL;
    n_destruct++;
    n_live_heap--;
}
static void counted_assign(as_generic *g)
{
    counted *c = as_generic_object(g);
    const counted *o = as_generic_arg_object(g, 0);
    c->id = o->id;
    *c->heap = *o->heap;
    n_assign++;
    as_generic_set_return_address(g, c);
}
static void counted_get(as_generic *g)
{
    const counted *c = as_generic_object(g);
    as_generic_set_return_dword(g, (uint32_t)(*c->heap + 0 * c->id));
}
static void counted_set(as_generic *g)
{
    counted *c = as_generic_object(g);
    *c->heap = (int)as_generic_arg_dword(g, 0);
}

static void register_counted(void)
{
    CHECK(as_register_object_type(engine, "counted", sizeof(counted), AS_OBJ_VALUE | AS_OBJ_APP_CLASS_CDAK) > 0);
    CHECK(as_register_object_behaviour(engine, "counted", AS_BEHAVE_CONSTRUCT, "void f()", AS_FN(counted_default), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_behaviour(engine, "counted", AS_BEHAVE_CONSTRUCT, "void f(int)", AS_FN(counted_init), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_behaviour(engine, "counted", AS_BEHAVE_CONSTRUCT, "void f(const counted &in)", AS_FN(counted_copy), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_behaviour(engine, "counted", AS_BEHAVE_DESTRUCT, "void f()", AS_FN(counted_destruct), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_method(engine, "counted", "counted &opAssign(const counted &in)", AS_FN(counted_assign), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_method(engine, "counted", "int get() const", AS_FN(counted_get), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_method(engine, "counted", "void set(int)", AS_FN(counted_set), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_property(engine, "counted", "int id", offsetof(counted, id)) >= 0);
}

static void test_counted(void)
{
    const char *src =
        "counted g_c(100);\n"
        "int c_basic() { counted a(5); counted b = a; counted c; c = b; c.set(c.get() + 1); return a.get() + b.get() + c.get(); }\n"
        "counted pass(counted v) { v.set(v.get() * 2); return v; }\n"
        "int c_pass() { counted a(4); counted b = pass(a); return a.get() * 100 + b.get(); }\n"
        "class Holder { counted c = counted(3); int v() { return c.get(); } }\n"
        "int c_member() { Holder h; Holder@ k = Holder(); return h.v() + k.v(); }\n"
        "int c_array() { array<counted> arr(3); arr[1].set(9); counted x(1); arr.insertLast(x); return arr[1].get() + arr[3].get() + int(arr.length()); }\n"
        "int c_loop() { int s = 0; for (int i = 0; i < 50; i++) { counted t(i); s += t.get(); } return s; }\n"
        "int c_prop() { counted a(8); a.id = 12; return a.id; }\n"
        "int c_global() { g_c.set(g_c.get() + 1); return g_c.get(); }\n";
    as_module *m = build("counted", src);
    CHECK(m != NULL && errors == 0);
    if (!m) return;
    n_construct = n_copy = n_destruct = n_assign = 0;
    int base_live = n_live_heap;    /* the global g_c */
    CHECK(base_live == 1);
    if (run(m, "int c_basic()")) CHECK(as_context_return_dword(ctx) == 16);
    CHECK(n_assign >= 1);
    CHECK(n_copy >= 1);
    if (run(m, "int c_pass()")) CHECK(as_context_return_dword(ctx) == 408);
    if (run(m, "int c_member()")) CHECK(as_context_return_dword(ctx) == 6);
    if (run(m, "int c_array()")) CHECK(as_context_return_dword(ctx) == 14);
    if (run(m, "int c_loop()")) CHECK(as_context_return_dword(ctx) == 1225);
    if (run(m, "int c_prop()")) CHECK(as_context_return_dword(ctx) == 12);
    if (run(m, "int c_global()")) CHECK(as_context_return_dword(ctx) == 101);
    as_context_unprepare(ctx);
    as_engine_garbage_collect(engine, AS_GC_FULL_CYCLE, 1);
    /* everything made by the runs is destroyed again; only the global is alive */
    CHECK(n_live_heap == base_live);
    CHECK(n_construct + n_copy == n_destruct);
    /* a returned value type owned by the context until the next prepare */
    const char *src2 = "counted mk(int v) { return counted(v); }\n";
    as_module *m2 = build("counted2", src2);
    CHECK(m2 != NULL);
    if (m2) {
        as_function *f = as_module_function_by_decl(m2, "counted mk(int)");
        CHECK(f != NULL);
        if (f) {
            CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
            CHECK(as_context_set_arg_dword(ctx, 0, 77) == AS_SUCCESS);
            CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
            counted *c = as_context_return_object(ctx);
            CHECK(c && c->id == 77 && c->heap && *c->heap == 77);
            CHECK(n_live_heap == base_live + 1);
            as_context_unprepare(ctx);
            CHECK(n_live_heap == base_live);
        }
        as_module_discard(m2);
    }
    as_module_discard(m);
    CHECK(n_live_heap == 0);       /* the global went with the module */
}

/* ===================================================================== Ref: reference type */

typedef struct { int refs; int value; } Ref;
static int ref_live;

static Ref *ref_new(int v)
{
    Ref *r = calloc(1, sizeof *r);
    r->refs = 1;
    r->value = v;
    ref_live++;
    return r;
}
static Ref *ref_factory(void) { return ref_new(0); }
static Ref *ref_factory_v(int v) { return ref_new(v); }
static void ref_addref(Ref *r) { r->refs++; }                       /* OBJFIRST */
static void ref_release(Ref *r)                                     /* OBJLAST */
{
    if (--r->refs == 0) {
        free(r);
        ref_live--;
    }
}
static int ref_get(const Ref *r) { return r->value; }              /* OBJFIRST */
static void ref_set(int v, Ref *r) { r->value = v; }               /* OBJLAST */
static void ref_add(as_generic *g)                                  /* GENERIC */
{
    Ref *r = as_generic_object(g);
    r->value += (int)as_generic_arg_dword(g, 0);
}
static void ref_refs(as_generic *g) { as_generic_set_return_dword(g, (uint32_t)((Ref *)as_generic_object(g))->refs); }

static void register_ref(void)
{
    int tid = as_register_object_type(engine, "Ref", 0, AS_OBJ_REF);
    CHECK(tid > 0);
    CHECK(as_register_object_behaviour(engine, "Ref", AS_BEHAVE_FACTORY, "Ref@ f()", AS_FN(ref_factory), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_object_behaviour(engine, "Ref", AS_BEHAVE_FACTORY, "Ref@ f(int)", AS_FN(ref_factory_v), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_object_behaviour(engine, "Ref", AS_BEHAVE_ADDREF, "void f()", AS_FN(ref_addref), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_behaviour(engine, "Ref", AS_BEHAVE_RELEASE, "void f()", AS_FN(ref_release), AS_CALL_CDECL_OBJLAST, NULL) >= 0);
    CHECK(as_register_object_method(engine, "Ref", "int get() const", AS_FN(ref_get), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_method(engine, "Ref", "void set(int)", AS_FN(ref_set), AS_CALL_CDECL_OBJLAST, NULL) >= 0);
    CHECK(as_register_object_method(engine, "Ref", "void add(int)", AS_FN(ref_add), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_method(engine, "Ref", "int refs() const", AS_FN(ref_refs), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_property(engine, "Ref", "int value", offsetof(Ref, value)) >= 0);
}

static void test_ref(void)
{
    const char *src =
        "Ref@ keep;\n"
        "Ref g_r(11);\n"
        "int r_basic() { Ref r; r.value = 7; r.set(r.get() + 1); Ref@ h = r; h.add(2); return r.value; }\n"
        "int r_same() { Ref a(1); Ref@ b = a; Ref@ c = b; return (a is c && !(c is null)) ? 1 : 0; }\n"
        "void r_keep() { @keep = Ref(42); }\n"
        "int r_kept() { return keep is null ? -1 : keep.get(); }\n"
        "void r_drop() { @keep = null; }\n"
        "int r_refs() { Ref a; Ref@ b = a; Ref@ c = a; return a.refs(); }\n"
        "Ref@ r_make(int v) { return Ref(v); }\n"
        "int r_global() { g_r.add(1); return g_r.value; }\n"
        "int r_many() { int s = 0; for (int i = 0; i < 100; i++) { Ref t(i); s += t.value; } return s; }\n";
    as_module *m = build("ref", src);
    CHECK(m != NULL && errors == 0);
    if (!m) return;
    CHECK(ref_live == 1);     /* g_r */
    if (run(m, "int r_basic()")) CHECK(as_context_return_dword(ctx) == 10);
    if (run(m, "int r_same()")) CHECK(as_context_return_dword(ctx) == 1);
    CHECK(run(m, "void r_keep()"));
    CHECK(ref_live == 2);
    if (run(m, "int r_kept()")) CHECK(as_context_return_dword(ctx) == 42);
    CHECK(run(m, "void r_drop()"));
    CHECK(ref_live == 1);
    if (run(m, "int r_refs()")) CHECK(as_context_return_dword(ctx) >= 3);
    if (run(m, "int r_global()")) CHECK(as_context_return_dword(ctx) == 12);
    if (run(m, "int r_many()")) CHECK(as_context_return_dword(ctx) == 4950);
    CHECK(ref_live == 1);
    /* a handle returned to C: the context holds it until the next prepare; the host can keep its own */
    as_function *f = as_module_function_by_decl(m, "Ref@ r_make(int)");
    CHECK(f != NULL);
    if (f) {
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        CHECK(as_context_set_arg_dword(ctx, 0, 5) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        Ref *r = as_context_return_object(ctx);
        CHECK(r && r->value == 5 && r->refs == 1);
        if (r) {
            int tid = as_engine_type_id_by_decl(engine, "Ref");
            as_engine_addref_object(engine, r, tid);
            CHECK(r->refs == 2);
            as_context_unprepare(ctx);
            CHECK(r->refs == 1);
            CHECK(ref_live == 2);
            as_engine_release_object(engine, r, tid);
            CHECK(ref_live == 1);
        }
    }
    as_module_discard(m);
    CHECK(ref_live == 0);
}

/* ===================================================================== enums, funcdefs, typedefs */

static int mix(int a, int b) { return a | b; }                       /* Color mix(Color, Color) */
static int is_green(int c) { return c == 2; }                        /* int isGreen(Color) */

static as_function *stored_op;
static void set_op(as_function *f) { stored_op = f; }               /* void setOp(BinOp@) */
static float half(float v) { return v / 2; }                         /* real half(real) */

static void test_enum_funcdef_typedef(void)
{
    CHECK(as_register_enum(engine, "Color") >= 0);
    CHECK(as_register_enum_value(engine, "Color", "Red", 1) >= 0);
    CHECK(as_register_enum_value(engine, "Color", "Green", 2) >= 0);
    CHECK(as_register_enum_value(engine, "Color", "Blue", 4) >= 0);
    CHECK(as_register_enum_value(engine, "Color", "Neg", -7) >= 0);
    as_type *color = as_engine_type_by_name(engine, "Color");
    CHECK(color != NULL);
    CHECK(as_type_enum_value_count(color) == 4);
    int nv = 0;
    CHECK(as_type_enum_value(color, 3, &nv) != NULL && strcmp(as_type_enum_value(color, 3, &nv), "Neg") == 0 && nv == -7);
    CHECK(as_type_enum_value(color, 4, &nv) == NULL);
    CHECK(as_register_global_function(engine, "Color mix(Color, Color)", AS_FN(mix), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(engine, "int isGreen(Color)", AS_FN(is_green), AS_CALL_CDECL, NULL) >= 0);
    int fd = as_register_funcdef(engine, "int BinOp(int, int)");
    CHECK(fd >= 0);
    CHECK(as_register_global_function(engine, "void setOp(BinOp@)", AS_FN(set_op), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_typedef(engine, "real", "float") >= 0);
    CHECK(as_register_global_function(engine, "real half(real)", AS_FN(half), AS_CALL_CDECL, NULL) >= 0);

    const char *src =
        "int e_mix() { Color c = mix(Red, Color::Blue); return int(c); }\n"
        "int e_green() { return isGreen(Green) + isGreen(Color::Red); }\n"
        "Color e_ret() { return Color::Neg; }\n"
        "int e_switch(Color c) { switch (c) { case Red: return 10; case Green: return 20; } return 0; }\n"
        "int add(int a, int b) { return a + b; }\n"
        "int mul(int a, int b) { return a * b; }\n"
        "void install(bool m) { if (m) setOp(@mul); else setOp(@add); }\n"
        "class Scaler { int k; Scaler(int k) { this.k = k; } int apply(int a, int b) { return (a + b) * k; } }\n"
        "Scaler g_scaler(10);\n"
        "void installDelegate() { setOp(BinOp(g_scaler.apply)); }\n"
        "real t_real() { real r = half(5.0f); return r; }\n";
    as_module *m = build("enums", src);
    CHECK(m != NULL && errors == 0);
    if (!m) return;
    if (run(m, "int e_mix()")) CHECK(as_context_return_dword(ctx) == 5);
    if (run(m, "int e_green()")) CHECK(as_context_return_dword(ctx) == 1);
    if (run(m, "Color e_ret()")) CHECK((int)as_context_return_dword(ctx) == -7);
    as_function *f = as_module_function_by_decl(m, "int e_switch(Color)");
    CHECK(f != NULL);
    if (f) {
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        CHECK(as_context_set_arg_dword(ctx, 0, 2) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        CHECK(as_context_return_dword(ctx) == 20);
    }
    if (run(m, "real t_real()")) CHECK(as_context_return_float(ctx) == 2.5f);
    CHECK(as_module_function_by_decl(m, "float t_real()") != NULL);   /* typedef is the same type */

    /* funcdef: the script gives C a function; C calls it */
    f = as_module_function_by_decl(m, "void install(bool)");
    CHECK(f != NULL);
    for (int which = 0; f && which < 2; which++) {
        stored_op = NULL;
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        CHECK(as_context_set_arg_byte(ctx, 0, (uint8_t)which) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        CHECK(stored_op != NULL);
        if (!stored_op) continue;
        CHECK(strcmp(as_function_name(stored_op), which ? "mul" : "add") == 0);
        as_context *c2 = as_context_create(engine);
        CHECK(as_context_prepare(c2, stored_op) == AS_SUCCESS);
        as_context_set_arg_dword(c2, 0, 6);
        as_context_set_arg_dword(c2, 1, 7);
        CHECK(as_context_execute(c2) == AS_EXECUTION_FINISHED);
        CHECK(as_context_return_dword(c2) == (which ? 42u : 13u));
        as_context_destroy(c2);
        /* the host got a reference with the handle: keep one more, then give both up */
        int n = as_function_addref(stored_op);
        CHECK(n >= 2);
        CHECK(as_function_release(stored_op) == n - 1);
        CHECK(as_function_release(stored_op) == n - 2);
    }
    /* a delegate (a method bound to an object) called back from C */
    stored_op = NULL;
    if (run(m, "void installDelegate()")) {
        CHECK(stored_op != NULL);
        if (stored_op) {
            as_context *c2 = as_context_create(engine);
            CHECK(as_context_prepare(c2, stored_op) == AS_SUCCESS);
            as_context_set_arg_dword(c2, 0, 2);
            as_context_set_arg_dword(c2, 1, 3);
            CHECK(as_context_execute(c2) == AS_EXECUTION_FINISHED);
            CHECK(as_context_return_dword(c2) == 50);
            /* a delegate keeps its object: the method sees the same g_scaler */
            CHECK(as_context_prepare(c2, stored_op) == AS_SUCCESS);
            as_context_set_arg_dword(c2, 0, 1);
            as_context_set_arg_dword(c2, 1, 1);
            CHECK(as_context_execute(c2) == AS_EXECUTION_FINISHED);
            CHECK(as_context_return_dword(c2) == 20);
            as_context_destroy(c2);
            /* the host holds the only reference: the delegate goes with it */
            CHECK(as_function_addref(stored_op) == 2);
            CHECK(as_function_release(stored_op) == 1);
            CHECK(as_function_release(stored_op) == 0);
        }
    }
    as_type *bt = as_engine_type_by_decl(engine, "BinOp");
    CHECK(bt != NULL);
    if (bt) {
        CHECK((as_type_flags(bt) & AS_OBJ_FUNCDEF) != 0);
        as_function *sig = as_type_funcdef_signature(bt);
        CHECK(sig != NULL);
        if (sig) CHECK(strcmp(as_function_declaration(sig, false, false, false), "int BinOp(int, int)") == 0);
    }
    as_module_discard(m);
}

/* ===================================================================== namespaces */

static int triple(int v) { return v * 3; }
static int thirty(int v) { return v * 30; }
static int ns_counter = 1000;

static void test_namespaces(void)
{
    CHECK(strcmp(as_engine_get_default_namespace(engine), "") == 0);
    CHECK(as_engine_set_default_namespace(engine, "game::util") == AS_SUCCESS);
    CHECK(strcmp(as_engine_get_default_namespace(engine), "game::util") == 0);
    CHECK(as_register_global_function(engine, "int triple(int)", AS_FN(triple), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_enum(engine, "Mode") >= 0);
    CHECK(as_register_enum_value(engine, "Mode", "Fast", 7) >= 0);
    CHECK(as_register_global_property(engine, "int counter", &ns_counter) >= 0);
    CHECK(as_register_object_type(engine, "Tag", sizeof(int), AS_OBJ_VALUE | AS_OBJ_POD | AS_OBJ_APP_PRIMITIVE) > 0);
    CHECK(as_register_object_property(engine, "Tag", "int id", 0) >= 0);
    CHECK(as_engine_set_default_namespace(engine, "game") == AS_SUCCESS);
    CHECK(as_register_global_function(engine, "int triple(int)", AS_FN(thirty), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_engine_set_default_namespace(engine, "") == AS_SUCCESS);
    CHECK(strcmp(as_engine_get_default_namespace(engine), "") == 0);

    const char *src =
        "int n_calls() { return game::util::triple(3) + game::triple(1); }\n"
        "int n_enum() { return int(game::util::Mode::Fast) + int(game::util::Fast); }\n"
        "int n_prop() { game::util::counter += 1; return game::util::counter; }\n"
        "int n_type() { game::util::Tag t; t.id = 4; return t.id; }\n"
        "namespace game { int inside() { return triple(2) + util::triple(2); } }\n"
        "int n_unqualified() { return triple(1); }\n";
    CHECK(build_fails("ns", src));   /* triple is not visible in the global namespace */
    as_module *m;
    const char *src_ok =
        "int n_calls() { return game::util::triple(3) + game::triple(1); }\n"
        "int n_enum() { return int(game::util::Mode::Fast) + int(game::util::Fast); }\n"
        "int n_prop() { game::util::counter += 1; return game::util::counter; }\n"
        "int n_type() { game::util::Tag t; t.id = 4; return t.id; }\n"
        "namespace game { int inside() { return triple(2) + util::triple(2); } }\n";
    m = build("ns", src_ok);
    CHECK(m != NULL && errors == 0);
    if (!m) return;
    if (run(m, "int n_calls()")) CHECK(as_context_return_dword(ctx) == 39);
    if (run(m, "int n_enum()")) CHECK(as_context_return_dword(ctx) == 14);
    if (run(m, "int n_prop()")) CHECK(as_context_return_dword(ctx) == 1001);
    CHECK(ns_counter == 1001);
    if (run(m, "int n_type()")) CHECK(as_context_return_dword(ctx) == 4);
    if (run(m, "int game::inside()")) CHECK(as_context_return_dword(ctx) == 66);   /* the reference finds scoped decls */
    as_function *inside = as_module_function_by_name(m, "game::inside");
    CHECK(inside != NULL);
    if (inside) CHECK(strcmp(as_function_namespace(inside), "game") == 0);
    as_type *tag = as_engine_type_by_decl(engine, "game::util::Tag");
    CHECK(tag != NULL);
    if (tag) {
        CHECK(strcmp(as_type_name(tag), "Tag") == 0);
        CHECK(strcmp(as_type_namespace(tag), "game::util") == 0);
        CHECK(strcmp(as_engine_type_declaration(engine, as_type_id(tag), true), "game::util::Tag") == 0);
        CHECK(strcmp(as_engine_type_declaration(engine, as_type_id(tag), false), "Tag") == 0);
    }
    CHECK(as_engine_type_by_decl(engine, "Tag") == NULL);     /* not in the global namespace */
    as_module_discard(m);
}

/* ===================================================================== interfaces from C */

static void test_interface(void)
{
    int it = as_register_interface(engine, "IShape");
    CHECK(it > 0);
    CHECK(as_register_interface_method(engine, "IShape", "float area() const") >= 0);
    CHECK(as_register_interface_method(engine, "IShape", "int sides()") >= 0);

    const char *bad = "class Half : IShape { float area() const { return 0; } }\n";
    CHECK(build_fails("shape_bad", bad));   /* sides() is missing */

    const char *src =
        "class Square : IShape {\n"
        "  float s;\n"
        "  Square(float s) { this.s = s; }\n"
        "  float area() const { return s * s; }\n"
        "  int sides() { return 4; }\n"
        "}\n"
        "class Tri : IShape {\n"
        "  float area() const { return 0.5f; }\n"
        "  int sides() { return 3; }\n"
        "}\n"
        "IShape@ make(int k) { if (k == 3) return Tri(); return Square(float(k)); }\n"
        "float total() { array<IShape@> a = {make(3), make(2), make(4)}; float t = 0; for (uint i = 0; i < a.length(); i++) t += a[i].area(); return t; }\n";
    as_module *m = build("shape", src);
    CHECK(m != NULL && errors == 0);
    if (!m) return;
    if (run(m, "float total()")) CHECK(as_context_return_float(ctx) == 20.5f);

    as_type *ishape = as_engine_type_by_name(engine, "IShape");
    CHECK(ishape != NULL);
    if (!ishape) return;
    CHECK(as_type_method_count(ishape) == 2);
    as_function *area = as_type_method_by_decl(ishape, "float area() const");
    as_function *sides = as_type_method_by_name(ishape, "sides");
    CHECK(area != NULL && sides != NULL);
    as_function *make = as_module_function_by_decl(m, "IShape@ make(int)");
    CHECK(make != NULL);
    if (!area || !sides || !make) return;
    int handle_tid = as_engine_type_id_by_decl(engine, "IShape@");
    CHECK(handle_tid > 0 && (handle_tid & AS_TYPEID_OBJHANDLE));
    as_context *c2 = as_context_create(engine);
    for (int k = 2; k <= 4; k++) {
        CHECK(as_context_prepare(ctx, make) == AS_SUCCESS);
        as_context_set_arg_dword(ctx, 0, (uint32_t)k);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        void *obj = as_context_return_object(ctx);
        CHECK(obj != NULL);
        if (!obj) continue;
        /* the interface method dispatches to the script class's implementation */
        CHECK(as_context_prepare(c2, area) == AS_SUCCESS);
        CHECK(as_context_set_object(c2, obj) == AS_SUCCESS);
        CHECK(as_context_execute(c2) == AS_EXECUTION_FINISHED);
        CHECK(as_context_return_float(c2) == (k == 3 ? 0.5f : (float)(k * k)));
        CHECK(as_context_prepare(c2, sides) == AS_SUCCESS);
        CHECK(as_context_set_object(c2, obj) == AS_SUCCESS);
        CHECK(as_context_execute(c2) == AS_EXECUTION_FINISHED);
        CHECK(as_context_return_dword(c2) == (k == 3 ? 3u : 4u));
        /* the host keeps the object past the next prepare */
        as_engine_addref_object(engine, obj, handle_tid);
        as_context_unprepare(ctx);
        CHECK(as_context_prepare(c2, sides) == AS_SUCCESS);
        CHECK(as_context_set_object(c2, obj) == AS_SUCCESS);
        CHECK(as_context_execute(c2) == AS_EXECUTION_FINISHED);
        as_context_unprepare(c2);
        as_engine_release_object(engine, obj, handle_tid);
    }
    as_context_destroy(c2);
    as_module_discard(m);
}

int main(void)
{
    engine = as_engine_create();
    REQUIRE(engine != NULL);
    as_engine_set_message_callback(engine, on_message, NULL);
    CHECK(as_register_string(engine) >= 0);
    CHECK(as_register_array(engine, true) >= 0);
    register_vec2();
    register_counted();
    register_ref();
    ctx = as_context_create(engine);
    REQUIRE(ctx != NULL);
    group("vec2", test_vec2);
    group("counted", test_counted);
    group("ref", test_ref);
    group("enum_funcdef_typedef", test_enum_funcdef_typedef);
    group("namespaces", test_namespaces);
    group("interface", test_interface);
    as_context_destroy(ctx);
    as_engine_destroy(engine);
    CHECK(ref_live == 0);
    CHECK(n_live_heap == 0);
    if (failures) fprintf(stderr, "register_types: %d check(s) failed\n", failures);
    return failures ? 1 : 0;
}
