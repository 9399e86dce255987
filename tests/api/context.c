/* Contexts: preparing, arguments, execution, results.
 *  - states: a new context is UNINITIALIZED, PREPARED after prepare, FINISHED after execute;
 *    one context reused for many calls; unprepare;
 *  - as_context_set_arg_byte/word/dword/qword/float/double for every primitive parameter type,
 *    address (&in, &out references), object (string by reference and by value, a handle,
 *    a null handle, a value type by value: the script gets a copy), as_context_address_of_arg;
 *  - as_context_return_byte/word/dword/qword/float/double, return_address (a script function
 *    returning a reference), return_object (a string, a handle, a script class handle),
 *    address_of_return_value;
 *  - script class methods called from C with as_context_set_object;
 *  - a registered function prepared and run directly, found by id (as_engine_function_by_id);
 *    a `?` parameter set with as_context_set_arg_var_type;
 *  - a script class by value: the context passes a copy and gives it up when the call ends;
 *  - nested execution: a registered C function that runs another script function on a second
 *    context while the first is running (several levels deep), as_active_context() in each;
 *    preparing the running context fails with AS_CONTEXT_ACTIVE.
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
static as_module *mod;
static int string_tid;

/* ===================================================================== host types */

typedef struct { int refs, value; } Ent;
static int ent_live;
static Ent *ent_new(int v) { Ent *e = calloc(1, sizeof *e); e->refs = 1; e->value = v; ent_live++; return e; }
static Ent *ent_factory(int v) { return ent_new(v); }
static void ent_addref(Ent *e) { e->refs++; }
static void ent_release(Ent *e) { if (--e->refs == 0) { free(e); ent_live--; } }

typedef struct { float x, y; } vec2;

/* ===================================================================== nested execution */

static as_context *outer_ctx;
static int nested_depth, max_depth;
/* int host_call(int): runs the script's `int inner(int)` on a new context and doubles it */
static void host_call(as_generic *g)
{
    as_context *active = as_active_context();
    CHECK(active != NULL);
    if (nested_depth == 0) CHECK(active == outer_ctx);
    CHECK(as_context_state(active) == AS_EXECUTION_ACTIVE);
    /* the running context cannot be prepared again */
    if (nested_depth == 0) CHECK(as_context_prepare(active, as_module_function_by_name(mod, "inner")) == AS_CONTEXT_ACTIVE);
    nested_depth++;
    if (nested_depth > max_depth) max_depth = nested_depth;
    int v = (int)as_generic_arg_dword(g, 0);
    as_context *c2 = as_context_create(as_generic_engine(g));
    REQUIRE(c2 != NULL);
    as_function *inner = as_module_function_by_name(mod, "inner");
    CHECK(inner != NULL);
    int r = -1;
    if (inner && as_context_prepare(c2, inner) == AS_SUCCESS) {
        as_context_set_arg_dword(c2, 0, (uint32_t)v);
        int st = as_context_execute(c2);
        CHECK(st == AS_EXECUTION_FINISHED);
        if (st == AS_EXECUTION_FINISHED) r = (int)as_context_return_dword(c2);
    }
    as_context_destroy(c2);
    /* back in the outer call the active context is the caller's again */
    CHECK(as_active_context() == active);
    nested_depth--;
    as_generic_set_return_dword(g, (uint32_t)(r * 2));
}

static int sys_add(int a, int b) { return a + b; }

/* int vt(?&in): the type id * 1000 plus the value of an int */
static void sys_vartype(as_generic *g)
{
    void *p = as_generic_arg_address(g, 0);
    int tid = as_generic_arg_type_id(g, 0, NULL);
    as_generic_set_return_dword(g, (uint32_t)(tid * 1000 + (tid == AS_TYPEID_INT32 && p ? *(int *)p : 0)));
}

static const char *script =
    "int8 id8(int8 v) { return v; }\n"
    "uint8 idu8(uint8 v) { return v; }\n"
    "bool notb(bool b) { return !b; }\n"
    "int16 id16(int16 v) { return v; }\n"
    "uint16 idu16(uint16 v) { return v; }\n"
    "int sum3(int a, uint b, int c) { return a + int(b) + c; }\n"
    "int64 id64(int64 v) { return v; }\n"
    "uint64 idu64(uint64 v) { return v; }\n"
    "float addf(float a, float b) { return a + b; }\n"
    "double muld(double a, double b) { return a * b; }\n"
    "double mix(int8 a, int16 b, int c, int64 d, float e, double f, bool g, uint8 h, uint16 i, uint j, uint64 k) {\n"
    "  return a + b + c + d + e + f + (g ? 1000 : 0) + h + i + j + k; }\n"
    "int g_target = 5;\n"
    "int &refret() { return g_target; }\n"
    "void outp(int &out o, double &out d) { o = 77; d = 0.5; }\n"
    "int inp(const int &in v) { return v + 1; }\n"
    "string greet(const string &in who) { return 'hi ' + who; }\n"
    "string byval(string s) { s += '!'; return s; }\n"
    "vec2 vbyval(vec2 v) { v.x += 1; return v; }\n"
    "Ent@ passthru(Ent@ e) { return e; }\n"
    "Ent@ makeEnt(int v) { return Ent(v); }\n"
    "int entval(Ent@ e) { return e is null ? -1 : e.value; }\n"
    "class Acc {\n"
    "  int total;\n"
    "  void add(int v) { total += v; }\n"
    "  int get() const { return total; }\n"
    "  string describe(const string &in p) const { return p + total; }\n"
    "}\n"
    "Acc@ newAcc() { return Acc(); }\n"
    "void nothing() {}\n"
    "int inner(int x) { if (x > 100) return x; return host_call(x * 10) + 1; }\n"
    "int outer(int x) { return host_call(x) + 3; }\n"
    "int inner_simple(int x) { return x + 1; }\n"
    "class Box { int v; }\n"
    "int boxbump(Box b) { b.v += 1; return b.v; }\n";

static as_function *fn(const char *decl)
{
    as_function *f = as_module_function_by_decl(mod, decl);
    if (!f) fprintf(stderr, "  no function '%s'\n", decl);
    return f;
}

/* ===================================================================== states */

static void test_states(void)
{
    as_context *ctx = as_context_create(engine);
    REQUIRE(ctx != NULL);
    CHECK(as_context_engine(ctx) == engine);
    CHECK(as_context_state(ctx) == AS_EXECUTION_UNINITIALIZED);
    CHECK(as_context_execute(ctx) == AS_CONTEXT_NOT_PREPARED);
    as_function *f = fn("void nothing()");
    REQUIRE(f != NULL);
    CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
    CHECK(as_context_state(ctx) == AS_EXECUTION_PREPARED);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(as_context_state(ctx) == AS_EXECUTION_FINISHED);
    /* a finished context cannot be executed again without prepare */
    CHECK(as_context_execute(ctx) == AS_CONTEXT_NOT_PREPARED);
    CHECK(as_context_unprepare(ctx) == AS_SUCCESS);
    CHECK(as_context_state(ctx) == AS_EXECUTION_UNINITIALIZED);
    /* prepared twice in a row, then executed */
    as_function *s3 = fn("int sum3(int, uint, int)");
    REQUIRE(s3 != NULL);
    CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
    CHECK(as_context_prepare(ctx, s3) == AS_SUCCESS);
    CHECK(as_context_set_arg_dword(ctx, 0, 1) == AS_SUCCESS);
    CHECK(as_context_set_arg_dword(ctx, 1, 2) == AS_SUCCESS);
    CHECK(as_context_set_arg_dword(ctx, 2, 3) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(as_context_return_dword(ctx) == 6);
    /* arguments are zero when not set */
    CHECK(as_context_prepare(ctx, s3) == AS_SUCCESS);
    CHECK(as_context_set_arg_dword(ctx, 1, 5) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(as_context_return_dword(ctx) == 5);
    /* one context, many calls */
    int64_t total = 0;
    for (int i = 0; i < 1000; i++) {
        if (as_context_prepare(ctx, s3) != AS_SUCCESS) { CHECK(!"prepare in loop"); break; }
        as_context_set_arg_dword(ctx, 0, (uint32_t)i);
        as_context_set_arg_dword(ctx, 1, 1);
        as_context_set_arg_dword(ctx, 2, (uint32_t)-i);
        if (as_context_execute(ctx) != AS_EXECUTION_FINISHED) { CHECK(!"execute in loop"); break; }
        total += (int)as_context_return_dword(ctx);
    }
    CHECK(total == 1000);
    /* several contexts at once */
    as_context *c2 = as_context_create(engine);
    CHECK(as_context_prepare(ctx, s3) == AS_SUCCESS);
    CHECK(as_context_prepare(c2, s3) == AS_SUCCESS);
    as_context_set_arg_dword(ctx, 0, 10);
    as_context_set_arg_dword(c2, 0, 20);
    CHECK(as_context_execute(c2) == AS_EXECUTION_FINISHED);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(as_context_return_dword(ctx) == 10 && as_context_return_dword(c2) == 20);
    as_context_destroy(c2);
    /* a prepared, never executed context can be destroyed */
    c2 = as_context_create(engine);
    CHECK(as_context_prepare(c2, s3) == AS_SUCCESS);
    as_context_destroy(c2);
    as_context_destroy(ctx);
}

/* ===================================================================== arguments and returns */

static void test_args_returns(void)
{
    as_context *ctx = as_context_create(engine);
    REQUIRE(ctx != NULL);
    as_function *f;
#define CALL1(decl, setter, val) (f = fn(decl)) && as_context_prepare(ctx, f) == AS_SUCCESS && \
                                 setter(ctx, 0, val) == AS_SUCCESS && as_context_execute(ctx) == AS_EXECUTION_FINISHED
    if (CALL1("int8 id8(int8)", as_context_set_arg_byte, (uint8_t)0xF0)) CHECK(as_context_return_byte(ctx) == 0xF0);
    else CHECK(!"id8");
    if (CALL1("uint8 idu8(uint8)", as_context_set_arg_byte, 200)) CHECK(as_context_return_byte(ctx) == 200);
    else CHECK(!"idu8");
    if (CALL1("bool notb(bool)", as_context_set_arg_byte, 0)) CHECK(as_context_return_byte(ctx) == 1);
    else CHECK(!"notb");
    if (CALL1("bool notb(bool)", as_context_set_arg_byte, 1)) CHECK(as_context_return_byte(ctx) == 0);
    else CHECK(!"notb 1");
    if (CALL1("int16 id16(int16)", as_context_set_arg_word, (uint16_t)-12345)) CHECK((int16_t)as_context_return_word(ctx) == -12345);
    else CHECK(!"id16");
    if (CALL1("uint16 idu16(uint16)", as_context_set_arg_word, 54321)) CHECK(as_context_return_word(ctx) == 54321);
    else CHECK(!"idu16");
    if (CALL1("int64 id64(int64)", as_context_set_arg_qword, (uint64_t)-987654321012345LL)) CHECK((int64_t)as_context_return_qword(ctx) == -987654321012345LL);
    else CHECK(!"id64");
    if (CALL1("uint64 idu64(uint64)", as_context_set_arg_qword, 0xFEDCBA9876543210ull)) CHECK(as_context_return_qword(ctx) == 0xFEDCBA9876543210ull);
    else CHECK(!"idu64");
    /* two float / double args */
    f = fn("float addf(float, float)");
    if (f) {
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        CHECK(as_context_set_arg_float(ctx, 0, 1.25f) == AS_SUCCESS);
        CHECK(as_context_set_arg_float(ctx, 1, -3.5f) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        CHECK(as_context_return_float(ctx) == -2.25f);
    }
    f = fn("double muld(double, double)");
    if (f) {
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        CHECK(as_context_set_arg_double(ctx, 0, 1e100) == AS_SUCCESS);
        CHECK(as_context_set_arg_double(ctx, 1, -2.5) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        CHECK(as_context_return_double(ctx) == -2.5e100);
    }
    /* every kind at once */
    f = fn("double mix(int8, int16, int, int64, float, double, bool, uint8, uint16, uint, uint64)");
    if (f) {
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        CHECK(as_context_set_arg_byte(ctx, 0, (uint8_t)-1) == AS_SUCCESS);
        CHECK(as_context_set_arg_word(ctx, 1, (uint16_t)-2) == AS_SUCCESS);
        CHECK(as_context_set_arg_dword(ctx, 2, (uint32_t)-3) == AS_SUCCESS);
        CHECK(as_context_set_arg_qword(ctx, 3, (uint64_t)-4) == AS_SUCCESS);
        CHECK(as_context_set_arg_float(ctx, 4, 0.5f) == AS_SUCCESS);
        CHECK(as_context_set_arg_double(ctx, 5, 0.25) == AS_SUCCESS);
        CHECK(as_context_set_arg_byte(ctx, 6, 1) == AS_SUCCESS);
        CHECK(as_context_set_arg_byte(ctx, 7, 200) == AS_SUCCESS);
        CHECK(as_context_set_arg_word(ctx, 8, 60000) == AS_SUCCESS);
        CHECK(as_context_set_arg_dword(ctx, 9, 4000000000u) == AS_SUCCESS);
        CHECK(as_context_set_arg_qword(ctx, 10, 5) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        double want = -1 - 2 - 3 - 4 + 0.5 + 0.25 + 1000 + 200 + 60000 + 4000000000.0 + 5;
        CHECK(as_context_return_double(ctx) == want);
        if (as_context_return_double(ctx) != want) fprintf(stderr, "  mix returned %.17g, want %.17g\n", as_context_return_double(ctx), want);
    }
    /* writing the argument slot directly */
    f = fn("int sum3(int, uint, int)");
    if (f) {
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        int *a0 = as_context_address_of_arg(ctx, 0);
        CHECK(a0 != NULL);
        if (a0) *a0 = 40;
        as_context_set_arg_dword(ctx, 2, 2);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        CHECK(as_context_return_dword(ctx) == 42);
    }
    /* a reference return */
    f = fn("int &refret()");
    if (f) {
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        int *p = as_context_return_address(ctx);
        int gi = as_module_global_index_by_name(mod, "g_target");
        CHECK(p != NULL && p == as_module_global_address(mod, gi));
        if (p) CHECK(*p == 5);
    }
    /* &out and &in by address */
    f = fn("void outp(int &out, double &out)");
    if (f) {
        int o = 0;
        double d = 0;
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        CHECK(as_context_set_arg_address(ctx, 0, &o) == AS_SUCCESS);
        CHECK(as_context_set_arg_address(ctx, 1, &d) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        CHECK(o == 77 && d == 0.5);
    }
    f = fn("int inp(const int &in)");
    if (f) {
        int v = 41;
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        CHECK(as_context_set_arg_address(ctx, 0, &v) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        CHECK(as_context_return_dword(ctx) == 42);
    }
    /* strings: by reference (object or address), returned as an object */
    void *who = as_engine_create_object(engine, string_tid);
    REQUIRE(who != NULL);
    as_string_assign(who, "bob", 3);
    f = fn("string greet(const string &in)");
    if (f) {
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        CHECK(as_context_set_arg_object(ctx, 0, who) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        void *r = as_context_return_object(ctx);
        CHECK(r != NULL);
        CHECK(as_context_address_of_return_value(ctx) == r);
        size_t n = 0;
        const char *d = r ? as_string_data(r, &n) : "";
        CHECK(n == 6 && memcmp(d, "hi bob", 6) == 0);
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        CHECK(as_context_set_arg_address(ctx, 0, who) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        r = as_context_return_object(ctx);
        d = r ? as_string_data(r, &n) : "";
        CHECK(n == 6 && memcmp(d, "hi bob", 6) == 0);
    }
    /* by value: the script works on a copy */
    f = fn("string byval(string)");
    if (f) {
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        CHECK(as_context_set_arg_object(ctx, 0, who) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        void *r = as_context_return_object(ctx);
        size_t n = 0;
        const char *d = r ? as_string_data(r, &n) : "";
        CHECK(n == 4 && memcmp(d, "bob!", 4) == 0);
        d = as_string_data(who, &n);
        CHECK(n == 3 && memcmp(d, "bob", 3) == 0);     /* the host's string is unchanged */
    }
    f = fn("vec2 vbyval(vec2)");
    if (f) {
        vec2 v = {1, 2};
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        CHECK(as_context_set_arg_object(ctx, 0, &v) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        vec2 *r = as_context_return_object(ctx);
        CHECK(r && r->x == 2 && r->y == 2);
        CHECK(v.x == 1);                                 /* the host's value is unchanged */
    }
    /* a script class by value: a copy too, given up when the call ends */
    as_type *box = as_module_type_by_name(mod, "Box");
    f = fn("int boxbump(Box)");
    if (box && f) {
        void *b = as_engine_create_object(engine, as_type_id(box));
        REQUIRE(b != NULL);
        int *bv = as_object_property_address(b, 0);
        REQUIRE(bv != NULL);
        *bv = 10;
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        CHECK(as_context_set_arg_object(ctx, 0, b) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        CHECK(as_context_return_dword(ctx) == 11);
        CHECK(*bv == 10);
        /* prepared but never run: the copy goes with the next prepare */
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        CHECK(as_context_set_arg_object(ctx, 0, b) == AS_SUCCESS);
        CHECK(as_context_set_arg_object(ctx, 0, NULL) == AS_INVALID_ARG);   /* no object to copy */
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        as_engine_release_object(engine, b, as_type_id(box));
    } else CHECK(!"Box");
    as_context_unprepare(ctx);
    as_engine_release_object(engine, who, string_tid);

    /* handles: the context does not take over the host's reference */
    Ent *e = ent_new(9);
    f = fn("Ent@ passthru(Ent@)");
    if (f) {
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        CHECK(as_context_set_arg_object(ctx, 0, e) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        Ent *r = as_context_return_object(ctx);
        CHECK(r == e);
        CHECK(e->refs == 2);            /* the host's and the returned one the context holds */
        as_context_unprepare(ctx);
        CHECK(e->refs == 1);
    }
    f = fn("int entval(Ent@)");
    if (f) {
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        CHECK(as_context_set_arg_object(ctx, 0, e) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        CHECK(as_context_return_dword(ctx) == 9);
        CHECK(e->refs == 1);
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        CHECK(as_context_set_arg_object(ctx, 0, NULL) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        CHECK((int)as_context_return_dword(ctx) == -1);
        /* a handle set by address also works */
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        CHECK(as_context_set_arg_address(ctx, 0, e) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        CHECK(as_context_return_dword(ctx) == 9);
    }
    ent_release(e);
    CHECK(ent_live == 0);
    f = fn("Ent@ makeEnt(int)");
    if (f) {
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        as_context_set_arg_dword(ctx, 0, 3);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        Ent *r = as_context_return_object(ctx);
        CHECK(r && r->value == 3 && r->refs == 1);
        CHECK(ent_live == 1);
        /* the next prepare releases it */
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        CHECK(ent_live == 0);
    }

    /* wrong kinds of argument setters and indices */
    f = fn("double muld(double, double)");
    if (f) {
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        CHECK(as_context_set_arg_dword(ctx, 0, 1) == AS_INVALID_TYPE);
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        CHECK(as_context_set_arg_float(ctx, 0, 1) == AS_INVALID_TYPE);
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        CHECK(as_context_set_arg_double(ctx, 2, 1) == AS_INVALID_ARG);
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        CHECK(as_context_set_arg_object(ctx, 0, &f) == AS_INVALID_TYPE);
    }
    f = fn("int sum3(int, uint, int)");
    if (f) {
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        CHECK(as_context_set_arg_qword(ctx, 0, 1) == AS_INVALID_TYPE);
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        CHECK(as_context_set_arg_byte(ctx, 0, 1) == AS_INVALID_TYPE);
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        CHECK(as_context_set_arg_dword(ctx, 3, 1) == AS_INVALID_ARG);
        CHECK(as_context_prepare(ctx, f) == AS_SUCCESS);
        CHECK(as_context_set_arg_dword(ctx, 100000, 1) == AS_INVALID_ARG);
        CHECK(as_context_address_of_arg(ctx, 3) == NULL);
    }
    as_context_destroy(ctx);
}

/* ===================================================================== script objects */

static void test_script_methods(void)
{
    as_context *ctx = as_context_create(engine);
    REQUIRE(ctx != NULL);
    as_function *mk = fn("Acc@ newAcc()");
    REQUIRE(mk != NULL);
    CHECK(as_context_prepare(ctx, mk) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    void *acc = as_context_return_object(ctx);
    REQUIRE(acc != NULL);
    int tid = as_function_return_type_id(mk, NULL);
    CHECK(tid & AS_TYPEID_OBJHANDLE);
    CHECK(tid & AS_TYPEID_SCRIPTOBJECT);
    as_engine_addref_object(engine, acc, tid);     /* keep it past the next prepare */
    as_type *t = as_engine_type_by_id(engine, tid);
    REQUIRE(t != NULL);
    CHECK(strcmp(as_type_name(t), "Acc") == 0);
    as_function *add = as_type_method_by_decl(t, "void add(int)");
    as_function *get = as_type_method_by_name(t, "get");
    as_function *describe = as_type_method_by_decl(t, "string describe(const string &in) const");
    CHECK(add && get && describe);
    for (int i = 1; add && i <= 4; i++) {
        CHECK(as_context_prepare(ctx, add) == AS_SUCCESS);
        CHECK(as_context_set_object(ctx, acc) == AS_SUCCESS);
        CHECK(as_context_set_arg_dword(ctx, 0, (uint32_t)i) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    }
    if (get) {
        CHECK(as_context_prepare(ctx, get) == AS_SUCCESS);
        CHECK(as_context_set_object(ctx, acc) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        CHECK(as_context_return_dword(ctx) == 10);
    }
    if (describe) {
        void *p = as_engine_create_object(engine, string_tid);
        as_string_assign(p, "total=", 6);
        CHECK(as_context_prepare(ctx, describe) == AS_SUCCESS);
        CHECK(as_context_set_object(ctx, acc) == AS_SUCCESS);
        CHECK(as_context_set_arg_object(ctx, 0, p) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        void *r = as_context_return_object(ctx);
        size_t n = 0;
        const char *d = r ? as_string_data(r, &n) : "";
        CHECK(n == 8 && memcmp(d, "total=10", 8) == 0);
        as_context_unprepare(ctx);
        as_engine_release_object(engine, p, string_tid);
    }
    /* set_object on a global function is an error */
    as_function *g = fn("void nothing()");
    if (g) {
        CHECK(as_context_prepare(ctx, g) == AS_SUCCESS);
        CHECK(as_context_set_object(ctx, acc) < 0);
    }
    as_engine_release_object(engine, acc, tid);
    as_context_destroy(ctx);
}

/* ===================================================================== registered functions */

static void test_system_function(void)
{
    as_context *ctx = as_context_create(engine);
    REQUIRE(ctx != NULL);
    /* find the registered function through a script global, and by its id */
    int id = as_register_global_function(engine, "int sys_add2(int, int)", AS_FN(sys_add), AS_CALL_CDECL, NULL);
    CHECK(id >= 0);
    as_function *sys = NULL;
    as_type *dummy = NULL;
    (void)dummy;
    /* through a funcdef-typed script global that points at it */
    as_module *m = as_engine_get_module(engine, "sys", AS_GM_ALWAYS_CREATE);
    const char *src = "funcdef int F(int, int);\nF@ fp = @sys_add2;\n";
    as_module_add_section(m, "sys", src, strlen(src), 0);
    errors = 0;
    CHECK(as_module_build(m) >= 0);
    int gi = as_module_global_index_by_name(m, "fp");
    as_function **pf = gi >= 0 ? as_module_global_address(m, gi) : NULL;
    CHECK(pf && *pf);
    sys = pf ? *pf : NULL;
    if (sys) {
        CHECK(as_function_id(sys) == id);
        CHECK(as_context_prepare(ctx, sys) == AS_SUCCESS);
        CHECK(as_context_set_arg_dword(ctx, 0, 20) == AS_SUCCESS);
        CHECK(as_context_set_arg_dword(ctx, 1, 22) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        CHECK(as_context_return_dword(ctx) == 42);
    }
    /* ... or directly by its id */
    CHECK(as_engine_function_by_id(engine, id) == sys);
    CHECK(as_engine_function_by_id(engine, -1) == NULL);
    CHECK(as_engine_function_by_id(engine, 1 << 30) == NULL);
    /* a `?` parameter: address and type id */
    int vid = as_register_global_function(engine, "int vt(?&in)", AS_FN(sys_vartype), AS_CALL_GENERIC, NULL);
    as_function *vt = as_engine_function_by_id(engine, vid);
    CHECK(vt != NULL);
    if (vt) {
        int v = 7;
        CHECK(as_context_prepare(ctx, vt) == AS_SUCCESS);
        CHECK(as_context_set_arg_var_type(ctx, 0, &v, AS_TYPEID_INT32) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        CHECK(as_context_return_dword(ctx) == AS_TYPEID_INT32 * 1000 + 7);
        double d = 1;
        CHECK(as_context_prepare(ctx, vt) == AS_SUCCESS);
        CHECK(as_context_set_arg_var_type(ctx, 0, &d, AS_TYPEID_DOUBLE) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        CHECK(as_context_return_dword(ctx) == AS_TYPEID_DOUBLE * 1000);
        CHECK(as_context_prepare(ctx, vt) == AS_SUCCESS);
        CHECK(as_context_set_arg_var_type(ctx, 1, &d, AS_TYPEID_DOUBLE) == AS_INVALID_ARG);
    }
    if (sys) {   /* only for `?` parameters */
        int v = 1;
        CHECK(as_context_prepare(ctx, sys) == AS_SUCCESS);
        CHECK(as_context_set_arg_var_type(ctx, 0, &v, AS_TYPEID_INT32) == AS_INVALID_TYPE);
    }
    as_context_destroy(ctx);
    as_module_discard(m);
}

/* ===================================================================== nested */

static void test_nested(void)
{
    as_context *ctx = as_context_create(engine);
    REQUIRE(ctx != NULL);
    outer_ctx = ctx;
    as_function *outer = fn("int outer(int)");
    REQUIRE(outer != NULL);
    CHECK(as_active_context() == NULL);
    CHECK(as_context_prepare(ctx, outer) == AS_SUCCESS);
    CHECK(as_context_set_arg_dword(ctx, 0, 5) == AS_SUCCESS);
    max_depth = 0;
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    /* outer(5) = host_call(5) + 3; host_call(v) = 2 * inner(v); inner(5) = host_call(50) + 1;
     * inner(50) = host_call(500) + 1; inner(500) = 500 */
    int want = 2 * (2 * (2 * 500 + 1) + 1) + 3;
    CHECK((int)as_context_return_dword(ctx) == want);
    CHECK(max_depth == 3);
    CHECK(as_active_context() == NULL);
    /* the outer context is usable afterwards */
    CHECK(as_context_prepare(ctx, outer) == AS_SUCCESS);
    CHECK(as_context_set_arg_dword(ctx, 0, 200) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK((int)as_context_return_dword(ctx) == 2 * 200 + 3);
    as_context_destroy(ctx);
}

int main(void)
{
    engine = as_engine_create();
    REQUIRE(engine != NULL);
    as_engine_set_message_callback(engine, on_message, NULL);
    CHECK(as_register_string(engine) >= 0);
    string_tid = as_engine_type_id_by_decl(engine, "string");
    CHECK(as_register_object_type(engine, "Ent", 0, AS_OBJ_REF) > 0);
    CHECK(as_register_object_behaviour(engine, "Ent", AS_BEHAVE_FACTORY, "Ent@ f(int)", AS_FN(ent_factory), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_object_behaviour(engine, "Ent", AS_BEHAVE_ADDREF, "void f()", AS_FN(ent_addref), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_behaviour(engine, "Ent", AS_BEHAVE_RELEASE, "void f()", AS_FN(ent_release), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_property(engine, "Ent", "int value", offsetof(Ent, value)) >= 0);
    CHECK(as_register_object_type(engine, "vec2", sizeof(vec2), AS_OBJ_VALUE | AS_OBJ_POD | AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_ALLFLOATS) > 0);
    CHECK(as_register_object_property(engine, "vec2", "float x", 0) >= 0);
    CHECK(as_register_object_property(engine, "vec2", "float y", 4) >= 0);
    CHECK(as_register_global_function(engine, "int host_call(int)", AS_FN(host_call), AS_CALL_GENERIC, NULL) >= 0);
    mod = as_engine_get_module(engine, "ctx", AS_GM_ALWAYS_CREATE);
    as_module_add_section(mod, "ctx.as", script, strlen(script), 0);
    int r = as_module_build(mod);
    if (r < 0) fprintf(stderr, "  build failed: %s\n", first_error);
    REQUIRE(r >= 0);
    group("states", test_states);
    group("args_returns", test_args_returns);
    group("script_methods", test_script_methods);
    group("system_function", test_system_function);
    group("nested", test_nested);
    as_engine_destroy(engine);
    if (failures) fprintf(stderr, "context: %d check(s) failed\n", failures);
    return failures ? 1 : 0;
}
