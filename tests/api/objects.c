/* The object API: as_engine_create_object / _create_object_copy / _assign_object /
 * _release_object / _addref_object for
 *  - a registered value type with constructor, copy constructor, opAssign and destructor
 *    (each call counted: the right behaviour runs, every construction is matched by one
 *    destruction);
 *  - a POD value type without behaviours (zeroed, byte copies);
 *  - a registered reference type (default factory, addref/release, copy through opAssign);
 *  - a script class (constructor runs, members initialised, copy and assignment copy the
 *    members, release destroys: its destructor runs), handed to a script function;
 *  - the string add-on type and array<int>;
 *  - invalid uses: handle type ids, unknown type ids, NULL objects (NULL / negative results).
 *
 * CHECK prints file:line and the condition and marks the test failed (exit 1 at the end);
 * REQUIRE exits at once. Groups run in child processes so a crash fails only its group. */
#define _POSIX_C_SOURCE 200809L
#include "angelc.h"
#include "angelc_addons.h"
#include <sys/wait.h>
#include <unistd.h>
#include <stddef.h>
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

/* ===================================================================== a counted value type */

typedef struct { int magic, value; char *buf; } box;
static struct { int ctor, copy, assign, dtor; } n;
#define MAGIC 0x5EED

static void box_ctor(box *b) { b->magic = MAGIC; b->value = 7; b->buf = malloc(8); n.ctor++; }                    /* OBJFIRST */
static void box_copy(const box *o, box *b) { b->magic = MAGIC; b->value = o->value; b->buf = malloc(8); n.copy++; }   /* OBJLAST */
static box *box_assign(box *b, const box *o) { b->value = o->value; n.assign++; return b; }                           /* OBJFIRST */
static void box_dtor(box *b) { CHECK(b->magic == MAGIC); b->magic = 0; free(b->buf); b->buf = NULL; n.dtor++; }      /* OBJFIRST */

typedef struct { int a, b, c; } pod;

/* ===================================================================== a reference type */

typedef struct { int refs, value; } node;
static int node_live, node_assigns;
static node *node_factory(void) { node *x = calloc(1, sizeof *x); x->refs = 1; x->value = 11; node_live++; return x; }
static void node_addref(node *x) { x->refs++; }
static void node_release(node *x) { if (--x->refs == 0) { free(x); node_live--; } }
static node *node_assign(node *x, const node *o) { x->value = o->value; node_assigns++; return x; }

static int dtor_calls;
static void note_dtor(as_generic *g) { (void)g; dtor_calls++; }
/* void keep(?&in): a host function keeping a script object it gets as a handle */
static void *kept_obj;
static int kept_tid;
static void keep(void *ref, int tid)
{
    CHECK(tid & AS_TYPEID_OBJHANDLE);
    CHECK(tid & AS_TYPEID_SCRIPTOBJECT);
    kept_tid = tid;
    kept_obj = *(void **)ref;
    if (kept_obj) as_engine_addref_object(engine, kept_obj, tid);
}

static void setup(void)
{
    engine = as_engine_create();
    REQUIRE(engine != NULL);
    as_engine_set_message_callback(engine, on_message, NULL);
    CHECK(as_register_string(engine) >= 0);
    CHECK(as_register_array(engine, true) >= 0);
    CHECK(as_register_object_type(engine, "box", sizeof(box), AS_OBJ_VALUE | AS_OBJ_APP_CLASS_CDAK) > 0);
    CHECK(as_register_object_behaviour(engine, "box", AS_BEHAVE_CONSTRUCT, "void f()", AS_FN(box_ctor), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_behaviour(engine, "box", AS_BEHAVE_CONSTRUCT, "void f(const box &in)", AS_FN(box_copy), AS_CALL_CDECL_OBJLAST, NULL) >= 0);
    CHECK(as_register_object_behaviour(engine, "box", AS_BEHAVE_DESTRUCT, "void f()", AS_FN(box_dtor), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_method(engine, "box", "box &opAssign(const box &in)", AS_FN(box_assign), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_property(engine, "box", "int value", offsetof(box, value)) >= 0);
    CHECK(as_register_object_type(engine, "pod", sizeof(pod), AS_OBJ_VALUE | AS_OBJ_POD | AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_ALLINTS) > 0);
    CHECK(as_register_object_property(engine, "pod", "int a", offsetof(pod, a)) >= 0);
    CHECK(as_register_object_type(engine, "node", 0, AS_OBJ_REF) > 0);
    CHECK(as_register_object_behaviour(engine, "node", AS_BEHAVE_FACTORY, "node@ f()", AS_FN(node_factory), AS_CALL_CDECL, NULL) >= 0);
    CHECK(as_register_object_behaviour(engine, "node", AS_BEHAVE_ADDREF, "void f()", AS_FN(node_addref), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_behaviour(engine, "node", AS_BEHAVE_RELEASE, "void f()", AS_FN(node_release), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_method(engine, "node", "node &opAssign(const node &in)", AS_FN(node_assign), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    CHECK(as_register_object_property(engine, "node", "int value", offsetof(node, value)) >= 0);
    CHECK(as_register_global_function(engine, "void noteDtor()", AS_FN(note_dtor), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_global_function(engine, "void keep(?&in)", AS_FN(keep), AS_CALL_CDECL, NULL) >= 0);
}

/* ===================================================================== value types */

static void test_value_type(void)
{
    int tid = as_engine_type_id_by_decl(engine, "box");
    REQUIRE(tid > 0);
    memset(&n, 0, sizeof n);
    box *a = as_engine_create_object(engine, tid);
    REQUIRE(a != NULL);
    CHECK(n.ctor == 1 && a->magic == MAGIC && a->value == 7);
    a->value = 42;
    box *b = as_engine_create_object_copy(engine, a, tid);
    REQUIRE(b != NULL);
    CHECK(b != a);
    CHECK(n.copy == 1 && n.ctor == 1);          /* the copy constructor, not ctor + assign */
    CHECK(b->value == 42 && b->magic == MAGIC && b->buf != a->buf);
    box *c = as_engine_create_object(engine, tid);
    REQUIRE(c != NULL);
    CHECK(as_engine_assign_object(engine, c, a, tid) == AS_SUCCESS);
    CHECK(n.assign == 1 && c->value == 42);
    CHECK(as_engine_assign_object(engine, c, c, tid) == AS_SUCCESS);    /* self-assignment is harmless */
    /* addref does nothing for value types */
    as_engine_addref_object(engine, a, tid);
    as_engine_release_object(engine, a, tid);
    as_engine_release_object(engine, b, tid);
    as_engine_release_object(engine, c, tid);
    CHECK(n.dtor == 3);
    CHECK(n.ctor + n.copy == n.dtor);

    /* a POD type without behaviours: zeroed, byte-copied */
    int ptid = as_engine_type_id_by_decl(engine, "pod");
    REQUIRE(ptid > 0);
    pod *p = as_engine_create_object(engine, ptid);
    REQUIRE(p != NULL);
    CHECK(p->a == 0 && p->b == 0 && p->c == 0);
    p->a = 1; p->b = 2; p->c = 3;
    pod *q = as_engine_create_object_copy(engine, p, ptid);
    REQUIRE(q != NULL);
    CHECK(q->a == 1 && q->b == 2 && q->c == 3);
    pod *r = as_engine_create_object(engine, ptid);
    REQUIRE(r != NULL);
    CHECK(as_engine_assign_object(engine, r, q, ptid) == AS_SUCCESS);
    CHECK(r->c == 3);
    as_engine_release_object(engine, p, ptid);
    as_engine_release_object(engine, q, ptid);
    as_engine_release_object(engine, r, ptid);

    /* an object made by the host, used by a script */
    as_module *m = as_engine_get_module(engine, "v", AS_GM_ALWAYS_CREATE);
    const char *src = "int get(const box &in b) { return b.value; }\nvoid set(box &out b) { box t; t.value = 99; b = t; }\n";
    as_module_add_section(m, "v", src, strlen(src), 0);
    CHECK(as_module_build(m) >= 0);
    box *h = as_engine_create_object(engine, tid);
    REQUIRE(h != NULL);
    h->value = 5;
    as_context *ctx = as_context_create(engine);
    as_function *get = as_module_function_by_name(m, "get");
    as_function *set = as_module_function_by_name(m, "set");
    CHECK(get && set);
    if (get) {
        CHECK(as_context_prepare(ctx, get) == AS_SUCCESS);
        CHECK(as_context_set_arg_object(ctx, 0, h) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        CHECK(as_context_return_dword(ctx) == 5);
    }
    if (set) {
        CHECK(as_context_prepare(ctx, set) == AS_SUCCESS);
        CHECK(as_context_set_arg_address(ctx, 0, h) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        CHECK(h->value == 99);
        CHECK(h->magic == MAGIC);
    }
    as_context_destroy(ctx);
    as_engine_release_object(engine, h, tid);
    as_module_discard(m);
    CHECK(n.ctor + n.copy == n.dtor);
}

/* ===================================================================== reference types */

static void test_ref_type(void)
{
    int tid = as_engine_type_id_by_decl(engine, "node");
    REQUIRE(tid > 0);
    node *a = as_engine_create_object(engine, tid);
    REQUIRE(a != NULL);
    CHECK(a->refs == 1 && a->value == 11 && node_live == 1);
    as_engine_addref_object(engine, a, tid);
    CHECK(a->refs == 2);
    as_engine_release_object(engine, a, tid);
    CHECK(a->refs == 1 && node_live == 1);
    a->value = 30;
    node *b = as_engine_create_object_copy(engine, a, tid);
    REQUIRE(b != NULL);
    CHECK(b != a && b->value == 30 && b->refs == 1 && node_live == 2);
    node *c = as_engine_create_object(engine, tid);
    REQUIRE(c != NULL);
    node_assigns = 0;
    CHECK(as_engine_assign_object(engine, c, a, tid) == AS_SUCCESS);
    CHECK(node_assigns == 1 && c->value == 30);
    /* the handle type id works for addref/release too */
    as_engine_addref_object(engine, c, tid | AS_TYPEID_OBJHANDLE);
    CHECK(c->refs == 2);
    as_engine_release_object(engine, c, tid | AS_TYPEID_OBJHANDLE);
    CHECK(c->refs == 1);
    as_engine_release_object(engine, a, tid);
    as_engine_release_object(engine, b, tid);
    as_engine_release_object(engine, c, tid);
    CHECK(node_live == 0);
    /* a handle type id cannot make an object */
    CHECK(as_engine_create_object(engine, tid | AS_TYPEID_OBJHANDLE) == NULL);
}

/* ===================================================================== script classes */

static void test_script_class(void)
{
    as_module *m = as_engine_get_module(engine, "s", AS_GM_ALWAYS_CREATE);
    const char *src =
        "class Player {\n"
        "  string name = 'nobody';\n"
        "  int score;\n"
        "  node@ n;\n"
        "  array<int> hist = {1, 2};\n"
        "  Player() { score = 10; @n = node(); }\n"
        "  ~Player() { noteDtor(); }\n"
        "}\n"
        "class Plain { int v = 3; }\n"
        "Player@ make() { return Player(); }\n"
        "int scoreOf(Player@ p) { return p.score + int(p.hist.length()) * 1000; }\n"
        "string nameOf(Player@ p) { return p.name; }\n"
        "void rename(Player@ p, const string &in s) { p.name = s; p.score++; p.hist.insertLast(3); }\n"
        "void handOver() { Player p; p.score = 77; keep(@p); }\n";
    as_module_add_section(m, "s", src, strlen(src), 0);
    errors = 0;
    int r = as_module_build(m);
    if (r < 0) fprintf(stderr, "  build failed: %s\n", first_error);
    REQUIRE(r >= 0);
    as_function *mk = as_module_function_by_name(m, "make");
    REQUIRE(mk != NULL);
    int tid = as_function_return_type_id(mk, NULL) & ~AS_TYPEID_OBJHANDLE;
    as_type *t = as_module_type_by_name(m, "Player");
    CHECK(t != NULL && as_type_id(t) == tid);
    as_context *ctx = as_context_create(engine);
    as_function *score = as_module_function_by_name(m, "scoreOf");
    as_function *name = as_module_function_by_name(m, "nameOf");
    as_function *rename = as_module_function_by_name(m, "rename");
    REQUIRE(score && name && rename);

    node_live = 0;
    dtor_calls = 0;
    void *p = as_engine_create_object(engine, tid);
    REQUIRE(p != NULL);
    CHECK(node_live == 1);          /* the constructor ran */
    CHECK(as_context_prepare(ctx, score) == AS_SUCCESS);
    CHECK(as_context_set_arg_object(ctx, 0, p) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(as_context_return_dword(ctx) == 2010);

    void *s = as_engine_create_object(engine, as_engine_type_id_by_decl(engine, "string"));
    REQUIRE(s != NULL);
    as_string_assign(s, "ann", 3);
    CHECK(as_context_prepare(ctx, rename) == AS_SUCCESS);
    CHECK(as_context_set_arg_object(ctx, 0, p) == AS_SUCCESS);
    CHECK(as_context_set_arg_object(ctx, 1, s) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);

    /* a copy has copies of the members */
    void *q = as_engine_create_object_copy(engine, p, tid);
    REQUIRE(q != NULL);
    CHECK(q != p);
    CHECK(as_context_prepare(ctx, score) == AS_SUCCESS);
    CHECK(as_context_set_arg_object(ctx, 0, q) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(as_context_return_dword(ctx) == 3011);
    CHECK(as_context_prepare(ctx, name) == AS_SUCCESS);
    CHECK(as_context_set_arg_object(ctx, 0, q) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    void *nm = as_context_return_object(ctx);
    size_t len = 0;
    const char *d = nm ? as_string_data(nm, &len) : "";
    CHECK(len == 3 && memcmp(d, "ann", 3) == 0);
    /* changing the copy leaves the original */
    as_string_assign(s, "zed", 3);
    CHECK(as_context_prepare(ctx, rename) == AS_SUCCESS);
    CHECK(as_context_set_arg_object(ctx, 0, q) == AS_SUCCESS);
    CHECK(as_context_set_arg_object(ctx, 1, s) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(as_context_prepare(ctx, score) == AS_SUCCESS);
    CHECK(as_context_set_arg_object(ctx, 0, p) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(as_context_return_dword(ctx) == 3011);
    /* assignment: p = q */
    CHECK(as_engine_assign_object(engine, p, q, tid) == AS_SUCCESS);
    CHECK(as_context_prepare(ctx, score) == AS_SUCCESS);
    CHECK(as_context_set_arg_object(ctx, 0, p) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(as_context_return_dword(ctx) == 4012);
    as_context_unprepare(ctx);
    /* release: the destructor runs and the members are released */
    as_engine_addref_object(engine, p, tid);
    as_engine_release_object(engine, p, tid);
    CHECK(dtor_calls == 0);
    as_engine_release_object(engine, p, tid);
    as_engine_release_object(engine, q, tid);
    as_engine_garbage_collect(engine, AS_GC_FULL_CYCLE, 1);
    CHECK(dtor_calls == 2);
    CHECK(node_live == 0);
    as_engine_release_object(engine, s, as_engine_type_id_by_decl(engine, "string"));

    /* a script object handed to the host, which keeps it after the script returns */
    as_function *ho = as_module_function_by_name(m, "handOver");
    REQUIRE(ho != NULL);
    dtor_calls = 0;
    kept_obj = NULL;
    CHECK(as_context_prepare(ctx, ho) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(kept_obj != NULL);
    CHECK(dtor_calls == 0);          /* the host's reference keeps it alive */
    if (kept_obj) {
        CHECK(as_context_prepare(ctx, score) == AS_SUCCESS);
        CHECK(as_context_set_arg_object(ctx, 0, kept_obj) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        CHECK(as_context_return_dword(ctx) == 2077);
        as_context_unprepare(ctx);
        CHECK(kept_tid == (tid | AS_TYPEID_OBJHANDLE));
        as_engine_release_object(engine, kept_obj, kept_tid);
        as_engine_garbage_collect(engine, AS_GC_FULL_CYCLE, 1);
        CHECK(dtor_calls == 1);
    }
    CHECK(node_live == 0);

    /* a class without a constructor of its own */
    as_type *plain = as_module_type_by_name(m, "Plain");
    CHECK(plain != NULL);
    if (plain) {
        int ptid = as_type_id(plain);
        void *o = as_engine_create_object(engine, ptid);
        CHECK(o != NULL);
        if (o) {
            void *o2 = as_engine_create_object_copy(engine, o, ptid);
            CHECK(o2 != NULL);
            if (o2) as_engine_release_object(engine, o2, ptid);
            as_engine_release_object(engine, o, ptid);
        }
    }
    as_context_destroy(ctx);
    as_module_discard(m);
}

/* ===================================================================== add-on types */

static void test_addon_types(void)
{
    int stid = as_engine_type_id_by_decl(engine, "string");
    void *a = as_engine_create_object(engine, stid);
    REQUIRE(a != NULL);
    size_t len = 99;
    as_string_data(a, &len);
    CHECK(len == 0);
    as_string_assign(a, "hello, world", 12);
    void *b = as_engine_create_object_copy(engine, a, stid);
    REQUIRE(b != NULL);
    const char *d = as_string_data(b, &len);
    CHECK(len == 12 && memcmp(d, "hello, world", 12) == 0);
    void *c = as_engine_create_object(engine, stid);
    CHECK(as_engine_assign_object(engine, c, b, stid) == AS_SUCCESS);
    as_string_assign(b, "x", 1);
    d = as_string_data(c, &len);
    CHECK(len == 12 && memcmp(d, "hello, world", 12) == 0);
    as_engine_release_object(engine, a, stid);
    as_engine_release_object(engine, b, stid);
    as_engine_release_object(engine, c, stid);

    int atid = as_engine_type_id_by_decl(engine, "array<int>");
    void *arr = as_engine_create_object(engine, atid);
    REQUIRE(arr != NULL);
    CHECK(as_array_size(arr) == 0);
    for (int i = 0; i < 5; i++) CHECK(as_array_insert_last(arr, &i));
    void *arr2 = as_engine_create_object_copy(engine, arr, atid);
    REQUIRE(arr2 != NULL);
    CHECK(arr2 != arr && as_array_size(arr2) == 5);
    int *e4 = as_array_at(arr2, 4);
    CHECK(e4 && *e4 == 4);
    *(int *)as_array_at(arr, 0) = 100;
    CHECK(*(int *)as_array_at(arr2, 0) == 0);      /* a deep copy */
    void *arr3 = as_engine_create_object(engine, atid);
    CHECK(as_engine_assign_object(engine, arr3, arr, atid) == AS_SUCCESS);
    CHECK(as_array_size(arr3) == 5 && *(int *)as_array_at(arr3, 0) == 100);
    as_engine_release_object(engine, arr, atid);
    as_engine_release_object(engine, arr2, atid);
    as_engine_release_object(engine, arr3, atid);
}

/* ===================================================================== invalid uses */

static void test_invalid(void)
{
    CHECK(as_engine_create_object(engine, 0x03FFFFF0) == NULL);
    CHECK(as_engine_create_object(engine, AS_TYPEID_INT32) == NULL);
    CHECK(as_engine_create_object(engine, -1) == NULL);
    int tid = as_engine_type_id_by_decl(engine, "box");
    CHECK(as_engine_create_object_copy(engine, NULL, tid) == NULL);
    box b;
    CHECK(as_engine_assign_object(engine, &b, NULL, tid) < 0);
    CHECK(as_engine_assign_object(engine, NULL, &b, tid) < 0);
    CHECK(as_engine_assign_object(engine, &b, &b, 0x03FFFFF0) < 0);
    as_engine_release_object(engine, NULL, tid);          /* nothing happens */
    as_engine_addref_object(engine, NULL, tid);
    /* a value type without a default constructor cannot be made */
    CHECK(as_register_object_type(engine, "nodef", 4, AS_OBJ_VALUE | AS_OBJ_APP_PRIMITIVE) > 0);
    CHECK(as_register_object_behaviour(engine, "nodef", AS_BEHAVE_CONSTRUCT, "void f(int)", AS_FN(note_dtor), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_register_object_behaviour(engine, "nodef", AS_BEHAVE_DESTRUCT, "void f()", AS_FN(note_dtor), AS_CALL_GENERIC, NULL) >= 0);
    CHECK(as_engine_create_object(engine, as_engine_type_id_by_decl(engine, "nodef")) == NULL);
    as_engine_release_object(engine, &b, 0x03FFFFF0);     /* unknown type: ignored */
}

int main(void)
{
    setup();
    group("value_type", test_value_type);
    group("ref_type", test_ref_type);
    group("script_class", test_script_class);
    group("addon_types", test_addon_types);
    group("invalid", test_invalid);
    as_engine_destroy(engine);
    if (failures) fprintf(stderr, "objects: %d check(s) failed\n", failures);
    return failures ? 1 : 0;
}
