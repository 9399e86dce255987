/* Checklist B5/B6/B7/B8 (host registration): behaviours and type kinds the other API tests do not
 * exercise from C, each compared with what AngelScript 2.35.1 does for the same registration:
 *  - a garbage collected host reference type (AS_OBJ_GC) with all five GC behaviours, objects
 *    announced with as_engine_notify_gc_new_object, references reported from ENUMREFS with
 *    as_gc_enum_reference (whose argument is the engine), cycles made by a script broken by
 *    as_engine_garbage_collect(AS_GC_FULL_CYCLE) through RELEASEREFS, as_engine_gc_statistics;
 *  - list patterns: AS_BEHAVE_LIST_FACTORY "{repeat int}" (the count, then the values) and
 *    AS_BEHAVE_LIST_CONSTRUCT "{int, int}" of a value type (4-byte elements only: the layout of
 *    8-byte elements differs, see tests/pending/api/list_buffer_layout.c);
 *  - a host template type: the hidden `int &in` type argument of its factory (the instance's
 *    as_type), AS_BEHAVE_TEMPLATE_CALLBACK rejecting an instance (a build error) and accepting
 *    others;
 *  - an AS_OBJ_NOHANDLE reference type used through a registered global property (no handles,
 *    no locals);
 *  - declaration strings: default arguments, `property` accessors registered by the host,
 *    const / non-const method overloads.
 *
 * CHECK prints file:line and the condition and marks the test failed (exit 1 at the end);
 * REQUIRE exits at once. Groups run in child processes so a crash fails only its group. */
#define _POSIX_C_SOURCE 200809L
#include "angelc.h"
#include <sys/wait.h>
#include <unistd.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

static int errors;
static bool quiet;     /* a build that must fail: keep its messages quiet */
static void on_message(const as_message *m, void *user)
{
    (void)user;
    if (m->type == AS_MSG_ERROR) {
        errors++;
        if (!quiet) fprintf(stderr, "  [message] %s:%d:%d: %s\n", m->section, m->row, m->col, m->message);
    }
}

static as_engine *new_engine(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e != NULL);
    as_engine_set_message_callback(e, on_message, NULL);
    return e;
}

static int build(as_engine *e, const char *code)
{
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    REQUIRE(m != NULL);
    REQUIRE(as_module_add_section(m, "m.as", code, strlen(code), 0) >= 0);
    errors = 0;
    return as_module_build(m);
}

/* Runs `int name()` of module m; returns the result, or -1000 - state if it did not finish. */
static int run_int(as_engine *e, const char *name)
{
    as_module *m = as_engine_get_module(e, "m", AS_GM_ONLY_IF_EXISTS);
    REQUIRE(m != NULL);
    as_function *f = as_module_function_by_name(m, name);
    REQUIRE(f != NULL);
    as_context *ctx = as_context_create(e);
    REQUIRE(ctx != NULL);
    int r = as_context_prepare(ctx, f);
    CHECK(r == AS_SUCCESS);
    r = as_context_execute(ctx);
    if (r == AS_EXECUTION_EXCEPTION) fprintf(stderr, "  exception: %s\n", as_context_exception_string(ctx));
    int v = r == AS_EXECUTION_FINISHED ? (int)as_context_return_dword(ctx) : -1000 - r;
    as_context_destroy(ctx);
    return v;
}

/* ======================================================= garbage collected host type */

typedef struct Node {
    int refs;
    bool gcflag;
    struct Node *next;     /* a handle the script sets: "Node@ next" */
    int value;
} Node;

static as_engine *gc_engine;
static as_type *node_type;
static int nodes_alive, nodes_made;
static int enum_calls, release_refs_calls, setflag_calls;
static bool enum_arg_was_engine = true;

static Node *node_new(void)
{
    Node *n = calloc(1, sizeof *n);
    REQUIRE(n != NULL);
    n->refs = 1;
    nodes_alive++;
    nodes_made++;
    /* the collector takes a reference of its own (through ADDREF) */
    CHECK(as_engine_notify_gc_new_object(gc_engine, n, node_type) >= 0);
    return n;
}
static void node_factory(as_generic *g) { as_generic_set_return_address(g, node_new()); }
static void node_addref(Node *n) { n->refs++; }
static void node_release(Node *n)
{
    n->gcflag = false;
    if (--n->refs == 0) {
        if (n->next) node_release(n->next);
        nodes_alive--;
        free(n);
    }
}
static int node_refcount(Node *n) { return n->refs; }
static void node_setflag(Node *n) { n->gcflag = true; setflag_calls++; }
static bool node_getflag(Node *n) { return n->gcflag; }
static void node_enumrefs(as_generic *g)
{
    Node *n = as_generic_object(g);
    if (as_generic_arg_address(g, 0) != (void *)gc_engine) enum_arg_was_engine = false;
    enum_calls++;
    if (n->next) as_gc_enum_reference(gc_engine, n->next, node_type);
}
static void node_releaserefs(as_generic *g)
{
    Node *n = as_generic_object(g);
    release_refs_calls++;
    if (n->next) {
        Node *t = n->next;
        n->next = NULL;
        node_release(t);
    }
}

static void register_node(as_engine *e)
{
    gc_engine = e;
    REQUIRE(as_register_object_type(e, "Node", 0, AS_OBJ_REF | AS_OBJ_GC) > 0);
    node_type = as_engine_type_by_name(e, "Node");
    REQUIRE(node_type != NULL);
    CHECK(as_type_flags(node_type) & AS_OBJ_GC);
    CHECK(as_register_object_behaviour(e, "Node", AS_BEHAVE_FACTORY, "Node@ f()", AS_FN(node_factory), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_behaviour(e, "Node", AS_BEHAVE_ADDREF, "void f()", AS_FN(node_addref), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_behaviour(e, "Node", AS_BEHAVE_RELEASE, "void f()", AS_FN(node_release), AS_CALL_CDECL_OBJLAST, NULL) >= 0);
    CHECK(as_register_object_behaviour(e, "Node", AS_BEHAVE_GETREFCOUNT, "int f()", AS_FN(node_refcount), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_behaviour(e, "Node", AS_BEHAVE_SETGCFLAG, "void f()", AS_FN(node_setflag), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_behaviour(e, "Node", AS_BEHAVE_GETGCFLAG, "bool f()", AS_FN(node_getflag), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_behaviour(e, "Node", AS_BEHAVE_ENUMREFS, "void f(int&in)", AS_FN(node_enumrefs), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_behaviour(e, "Node", AS_BEHAVE_RELEASEREFS, "void f(int&in)", AS_FN(node_releaserefs), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_property(e, "Node", "Node@ next", (int)offsetof(Node, next)) >= 0);
    CHECK(as_register_object_property(e, "Node", "int value", (int)offsetof(Node, value)) >= 0);
    /* GC behaviours are for reference types; a value type may not have GETREFCOUNT */
    CHECK(as_register_object_type(e, "Val", 4, AS_OBJ_VALUE | AS_OBJ_POD) > 0);
    quiet = true;
    CHECK(as_register_object_behaviour(e, "Val", AS_BEHAVE_GETREFCOUNT, "int f()", AS_FN(node_refcount), AS_CALL_CDECL_OBJFIRST, NULL) == AS_ILLEGAL_BEHAVIOUR_FOR_TYPE);
    quiet = false;
}

static void test_gc_host_type(void)
{
    as_engine *e = new_engine();
    register_node(e);
    const char *code =
        "int cycle() { Node a; Node b; @a.next = b; @b.next = a; a.value = 1; b.value = 2; return a.next.value + b.next.value; }\n"
        "int chain() { Node a; Node b; @a.next = b; return a.next is b ? 1 : 0; }\n"
        "int self() { Node a; @a.next = a; return 7; }\n";
    REQUIRE(build(e, code) >= 0);

    /* a chain without cycles: reference counting frees it once the collector lets go */
    CHECK(run_int(e, "chain") == 1);
    CHECK(as_engine_garbage_collect(e, AS_GC_FULL_CYCLE, 1) >= 0);
    CHECK(nodes_alive == 0);

    /* two nodes holding each other (and one holding itself) stay alive until a full cycle */
    nodes_made = 0;
    CHECK(run_int(e, "cycle") == 3);
    CHECK(run_int(e, "self") == 7);
    CHECK(nodes_made == 3);
    CHECK(nodes_alive == 3);
    unsigned size = 0, destroyed0 = 0, detected0 = 0, new0 = 0, newdestroyed0 = 0;
    as_engine_gc_statistics(e, &size, &destroyed0, &detected0, &new0, &newdestroyed0);
    CHECK(size >= 3);
    enum_calls = release_refs_calls = 0;
    CHECK(as_engine_garbage_collect(e, AS_GC_FULL_CYCLE, 1) >= 0);
    CHECK(nodes_alive == 0);
    CHECK(enum_calls >= 3);
    CHECK(enum_arg_was_engine);
    CHECK(release_refs_calls >= 3);
    unsigned destroyed1 = 0, detected1 = 0;
    as_engine_gc_statistics(e, &size, &destroyed1, &detected1, NULL, NULL);
    CHECK(size == 0);
    CHECK(detected1 >= detected0 + 3);
    CHECK(destroyed1 >= destroyed0 + 3);

    /* a garbage cycle left behind when the engine goes is still broken and freed */
    CHECK(run_int(e, "cycle") == 3);
    CHECK(nodes_alive == 2);
    as_engine_destroy(e);
    CHECK(nodes_alive == 0);
}

/* ======================================================================= list patterns */

typedef struct { int refs; int n; int sum; int first, last; } IntList;
static int lists_alive;

static void intlist_list_factory(as_generic *g)
{
    const unsigned char *buf = as_generic_arg_address(g, 0);
    IntList *l = calloc(1, sizeof *l);
    REQUIRE(l != NULL);
    l->refs = 1;
    uint32_t n;
    memcpy(&n, buf, 4);               /* the count of the repeat ... */
    l->n = (int)n;
    for (uint32_t i = 0; i < n; i++) {
        int v;
        memcpy(&v, buf + 4 + 4 * i, 4);   /* ... then the values */
        l->sum += v;
        if (i == 0) l->first = v;
        l->last = v;
    }
    lists_alive++;
    as_generic_set_return_address(g, l);
}
static void intlist_addref(as_generic *g) { ((IntList *)as_generic_object(g))->refs++; }
static void intlist_release(as_generic *g)
{
    IntList *l = as_generic_object(g);
    if (--l->refs == 0) {
        lists_alive--;
        free(l);
    }
}

typedef struct { int a, b; } Pair;
static void pair_default(Pair *p) { p->a = p->b = -1; }
static void pair_list(as_generic *g)
{
    Pair *p = as_generic_object(g);
    const unsigned char *buf = as_generic_arg_address(g, 0);
    memcpy(&p->a, buf, 4);
    memcpy(&p->b, buf + 4, 4);
}

static void test_list_patterns(void)
{
    as_engine *e = new_engine();
    REQUIRE(as_register_object_type(e, "IntList", 0, AS_OBJ_REF) > 0);
    CHECK(as_register_object_behaviour(e, "IntList", AS_BEHAVE_LIST_FACTORY, "IntList@ f(int&in) {repeat int}", AS_FN(intlist_list_factory), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_behaviour(e, "IntList", AS_BEHAVE_ADDREF, "void f()", AS_FN(intlist_addref), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_behaviour(e, "IntList", AS_BEHAVE_RELEASE, "void f()", AS_FN(intlist_release), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_property(e, "IntList", "const int n", (int)offsetof(IntList, n)) >= 0);
    CHECK(as_register_object_property(e, "IntList", "const int sum", (int)offsetof(IntList, sum)) >= 0);
    CHECK(as_register_object_property(e, "IntList", "const int first", (int)offsetof(IntList, first)) >= 0);
    CHECK(as_register_object_property(e, "IntList", "const int last", (int)offsetof(IntList, last)) >= 0);
    REQUIRE(as_register_object_type(e, "Pair", (int)sizeof(Pair), AS_OBJ_VALUE | AS_OBJ_POD | AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_ALLINTS) > 0);
    CHECK(as_register_object_behaviour(e, "Pair", AS_BEHAVE_CONSTRUCT, "void f()", AS_FN(pair_default), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_behaviour(e, "Pair", AS_BEHAVE_LIST_CONSTRUCT, "void f(int&in) {int, int}", AS_FN(pair_list), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_property(e, "Pair", "int a", (int)offsetof(Pair, a)) >= 0);
    CHECK(as_register_object_property(e, "Pair", "int b", (int)offsetof(Pair, b)) >= 0);

    /* the pattern is checked when registering */
    quiet = true;
    CHECK(as_register_object_behaviour(e, "IntList", AS_BEHAVE_LIST_FACTORY, "IntList@ f(int&in) {repeat", AS_FN(intlist_list_factory), AS_CALL_GENERIC, NULL) < 0);
    quiet = false;

    const char *code =
        "int lst() { IntList@ l = {3, 4, 5, 6}; return l.n * 1000 + l.sum * 10 + (l.first == 3 && l.last == 6 ? 1 : 0); }\n"
        "int one() { IntList@ l = {42}; return l.n * 100 + l.sum; }\n"
        "int empty() { IntList@ l = {}; return l.n; }\n"
        "int pair() { Pair p = {7, -9}; Pair q; return p.a * 100 + p.b + (q.a == -1 ? 10000 : 0); }\n";
    REQUIRE(build(e, code) >= 0);
    CHECK(run_int(e, "lst") == 4181);
    CHECK(run_int(e, "one") == 142);
    CHECK(run_int(e, "empty") == 0);
    CHECK(run_int(e, "pair") == 10691);
    CHECK(lists_alive == 0);

    /* (that a Pair needs exactly two ints is in tests/pending/api/list_pattern_check.c) */
    as_engine_destroy(e);
}

/* ==================================================================== host template type */

typedef struct { int refs; as_type *type; int subtype_id; } Box;
static int callback_calls;

static void box_factory(as_generic *g)
{
    Box *b = calloc(1, sizeof *b);
    REQUIRE(b != NULL);
    b->refs = 1;
    b->type = as_generic_arg_address(g, 0);   /* the hidden `int &in`: the instance's type */
    b->subtype_id = b->type ? as_type_subtype_id(b->type, 0) : -1;
    as_generic_set_return_address(g, b);
}
static void box_addref(as_generic *g) { ((Box *)as_generic_object(g))->refs++; }
static void box_release(as_generic *g)
{
    Box *b = as_generic_object(g);
    if (--b->refs == 0) free(b);
}
static void box_subtype(as_generic *g) { as_generic_set_return_dword(g, (uint32_t)((Box *)as_generic_object(g))->subtype_id); }
static void box_callback(as_generic *g)
{
    as_type *t = as_generic_arg_address(g, 0);
    bool *dont_gc = as_generic_arg_address(g, 1);
    callback_calls++;
    bool ok = t != NULL && as_type_subtype_id(t, 0) != AS_TYPEID_DOUBLE;   /* no box<double> */
    if (dont_gc) *dont_gc = true;
    as_generic_set_return_byte(g, ok);
}

static void test_template(void)
{
    as_engine *e = new_engine();
    REQUIRE(as_register_object_type(e, "box<class T>", 0, AS_OBJ_REF | AS_OBJ_TEMPLATE) > 0);
    CHECK(as_register_object_behaviour(e, "box<T>", AS_BEHAVE_TEMPLATE_CALLBACK, "bool f(int&in, bool&out)", AS_FN(box_callback), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_behaviour(e, "box<T>", AS_BEHAVE_FACTORY, "box<T>@ f(int&in)", AS_FN(box_factory), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_behaviour(e, "box<T>", AS_BEHAVE_ADDREF, "void f()", AS_FN(box_addref), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_behaviour(e, "box<T>", AS_BEHAVE_RELEASE, "void f()", AS_FN(box_release), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_method(e, "box<T>", "int subtype() const", AS_FN(box_subtype), AS_CALL_GENERIC, NULL) >= 0);

    as_type *tmpl = as_engine_type_by_name(e, "box");
    REQUIRE(tmpl != NULL);
    CHECK(as_type_flags(tmpl) & AS_OBJ_TEMPLATE);

    REQUIRE(build(e, "int f() { box<int> a; box<float> b; return a.subtype() * 100 + b.subtype(); }\n") >= 0);
    CHECK(callback_calls >= 2);
    CHECK(run_int(e, "f") == AS_TYPEID_INT32 * 100 + AS_TYPEID_FLOAT);

    /* the instance is a type of its own, with the subtype */
    as_type *bi = as_engine_type_by_decl(e, "box<int>");
    CHECK(bi != NULL);
    if (bi) {
        CHECK(as_type_subtype_count(bi) == 1);
        CHECK(as_type_subtype_id(bi, 0) == AS_TYPEID_INT32);
        CHECK(as_type_id(bi) & AS_TYPEID_TEMPLATE);
    }

    /* the callback refuses box<double>: the script does not build */
    quiet = true;
    CHECK(build(e, "void g() { box<double> d; }\n") < 0);
    CHECK(errors >= 1);
    CHECK(as_engine_type_by_decl(e, "box<double>") == NULL);
    quiet = false;
    as_engine_destroy(e);
}

/* ===================================================================== NOHANDLE type */

typedef struct { int counter; } Sys;
static Sys the_sys = {41};
static int sys_bump(Sys *s) { return ++s->counter; }

static void test_nohandle(void)
{
    as_engine *e = new_engine();
    REQUIRE(as_register_object_type(e, "Sys", 0, AS_OBJ_REF | AS_OBJ_NOHANDLE) > 0);
    CHECK(as_register_object_method(e, "Sys", "int bump()", AS_FN(sys_bump), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_global_property(e, "Sys sys", &the_sys) >= 0);
    REQUIRE(build(e, "int f() { sys.bump(); return sys.bump(); }\n") >= 0);
    CHECK(run_int(e, "f") == 43);
    CHECK(the_sys.counter == 43);
    /* no handles of it, and no instances (there is no factory) */
    quiet = true;
    CHECK(build(e, "void g() { Sys@ h; }\n") < 0);
    CHECK(build(e, "void g() { Sys s; }\n") < 0);
    quiet = false;
    as_engine_destroy(e);
}

/* =========================================================== declaration string features */

static int add3(int a, int b, int c) { return a * 100 + b * 10 + c; }
static int prop_value = 5;
static int get_level(void) { return prop_value; }
static void set_level(int v) { prop_value = v; }
typedef struct { int v; } Counter;
static int counter_get(Counter *c) { return c->v; }
static int counter_get_const(const Counter *c) { return -c->v; }
static void counter_init(Counter *c) { c->v = 3; }

static void test_declarations(void)
{
    as_engine *e = new_engine();
    /* default arguments */
    CHECK(as_register_global_function(e, "int add3(int a, int b = 2, int c = 1 + 2)", AS_FN(add3), AS_CALL_CDECL, NULL) >= 0);
    /* a virtual property made of host accessors */
    CHECK(as_register_global_function(e, "int get_level() property", AS_FN(get_level), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_global_function(e, "void set_level(int) property", AS_FN(set_level), AS_CALL_CDECL, NULL) >= 0);
    /* const and non-const overloads of a method */
    REQUIRE(as_register_object_type(e, "Counter", (int)sizeof(Counter), AS_OBJ_VALUE | AS_OBJ_POD | AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_ALLINTS) > 0);
    CHECK(as_register_object_behaviour(e, "Counter", AS_BEHAVE_CONSTRUCT, "void f()", AS_FN(counter_init), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_method(e, "Counter", "int get()", AS_FN(counter_get), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_method(e, "Counter", "int get() const", AS_FN(counter_get_const), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);

    as_function *f = as_engine_function_by_decl(e, "int add3(int, int, int)");
    CHECK(f != NULL);
    if (f) CHECK(as_function_param_count(f) == 3);

    const char *code =
        "int defaults() { return add3(9) * 10000 + add3(9, 8); }\n"
        "int prop() { int before = level; level = 12; return before * 100 + level; }\n"
        "int overloads() { Counter c; const Counter k; return c.get() * 10 + k.get(); }\n";
    REQUIRE(build(e, code) >= 0);
    CHECK(run_int(e, "defaults") == 9230000 + 983);
    CHECK(run_int(e, "prop") == 512);
    CHECK(prop_value == 12);
    CHECK(run_int(e, "overloads") == 27);
    as_engine_destroy(e);
}

int main(void)
{
    group("gc_host_type", test_gc_host_type);
    group("list_patterns", test_list_patterns);
    group("template", test_template);
    group("nohandle", test_nohandle);
    group("declarations", test_declarations);
    if (failures) fprintf(stderr, "checklist_behaviours: %d group(s) failed\n", failures);
    return failures ? 1 : 0;
}
