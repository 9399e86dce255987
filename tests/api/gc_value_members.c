/* Value types with garbage-collector behaviours (checklist B8/B13: ForwardGCEnumReferences,
 * ForwardGCReleaseReferences, GetObjectInGC). A registered value type (AS_OBJ_VALUE | AS_OBJ_GC)
 * that holds a handle reports it from its ENUMREFS behaviour; a script class with such a member,
 * or an array of them, then takes part in cycles the collector finds, as in AngelScript 2.35.1:
 * `n.h.hold(@n)` and `n.hs[0].hold(@n)` are freed by a full collection, not leaked until the
 * engine goes. The collector's objects can be listed. */
#include "angelc.h"
#include "angelc_addons.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

typedef struct { void *obj; int type_id; } Holder;
static as_engine *E;

static void h_construct(Holder *h) { h->obj = NULL; h->type_id = 0; }
static void h_drop(Holder *h)
{
    if (h->obj) as_engine_release_object(E, h->obj, h->type_id);
    h->obj = NULL;
}
static void h_copy(Holder *h, const Holder *o)
{
    h->obj = o->obj;
    h->type_id = o->type_id;
    if (h->obj) as_engine_addref_object(E, h->obj, h->type_id);
}
static Holder *h_assign(Holder *h, const Holder *o)
{
    if (h == o) return h;
    h_drop(h);
    h_copy(h, o);
    return h;
}
static void h_hold(Holder *h, void *ref, int type_id)
{
    h_drop(h);
    if (!(type_id & AS_TYPEID_OBJHANDLE) || !*(void **)ref) return;
    h->obj = *(void **)ref;
    h->type_id = type_id & ~AS_TYPEID_OBJHANDLE;
    as_engine_addref_object(E, h->obj, h->type_id);
}
static void h_enum(Holder *h, as_engine *e)
{
    if (h->obj) as_gc_enum_reference(e, h->obj, as_engine_type_by_id(e, h->type_id));
}
static void h_release_refs(Holder *h, as_engine *e) { (void)e; h_drop(h); }

static int destroyed;
static void note_destroyed(void) { destroyed++; }

static const char *code =
    "class Node { Holder h; array<Holder> hs(1); ~Node() { noteDestroyed(); } }\n"
    "void member_cycle() { Node n; n.h.hold(@n); }\n"
    "void array_cycle() { Node n; n.hs[0].hold(@n); }\n"
    "void no_cycle() { Node n; Node m; n.h.hold(@m); }\n";

static void setup(void)
{
    E = as_engine_create();
    REQUIRE(E != NULL);
    as_register_array(E, true);
    REQUIRE(as_register_object_type(E, "Holder", sizeof(Holder), AS_OBJ_VALUE | AS_OBJ_GC | AS_OBJ_APP_CLASS_CDAK) >= 0);
    REQUIRE(as_register_object_behaviour(E, "Holder", AS_BEHAVE_CONSTRUCT, "void f()", AS_FN(h_construct), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    REQUIRE(as_register_object_behaviour(E, "Holder", AS_BEHAVE_CONSTRUCT, "void f(const Holder &in)", AS_FN(h_copy), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    REQUIRE(as_register_object_behaviour(E, "Holder", AS_BEHAVE_DESTRUCT, "void f()", AS_FN(h_drop), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    REQUIRE(as_register_object_behaviour(E, "Holder", AS_BEHAVE_ENUMREFS, "void f(int&in)", AS_FN(h_enum), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    REQUIRE(as_register_object_behaviour(E, "Holder", AS_BEHAVE_RELEASEREFS, "void f(int&in)", AS_FN(h_release_refs), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    REQUIRE(as_register_object_method(E, "Holder", "Holder &opAssign(const Holder &in)", AS_FN(h_assign), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    REQUIRE(as_register_object_method(E, "Holder", "void hold(?&in)", AS_FN(h_hold), AS_CALL_CDECL_OBJFIRST, NULL) >= 0);
    REQUIRE(as_register_global_function(E, "void noteDestroyed()", AS_FN(note_destroyed), AS_CALL_CDECL, NULL) >= 0);
    as_engine_set_property(E, AS_EP_AUTO_GARBAGE_COLLECT, 0);
}

static as_module *build(void)
{
    as_module *m = as_engine_get_module(E, "m", AS_GM_ALWAYS_CREATE);
    REQUIRE(as_module_add_section(m, "m.as", code, strlen(code), 0) >= 0);
    REQUIRE(as_module_build(m) >= 0);
    return m;
}

static void run(as_module *m, const char *decl)
{
    as_context *ctx = as_context_create(E);
    REQUIRE(as_context_prepare(ctx, as_module_function_by_decl(m, decl)) >= 0);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    as_context_destroy(ctx);
}

static int nodes_in_gc(void)
{
    int n = 0;
    void *obj;
    as_type *t;
    for (unsigned i = 0; as_engine_object_in_gc(E, i, NULL, &obj, &t) == AS_SUCCESS; i++)
        if (obj && STREQ(as_type_name(t), "Node")) n++;
    return n;
}

static void collect_and_expect(as_module *m, const char *decl)
{
    destroyed = 0;
    run(m, decl);
    CHECK(destroyed == 0);           /* the cycle keeps it alive */
    CHECK(nodes_in_gc() == 1);
    as_engine_garbage_collect(E, AS_GC_FULL_CYCLE, 1);
    CHECK(destroyed == 1);           /* found through the value member */
    CHECK(nodes_in_gc() == 0);
}

static void g_member_cycle(void)
{
    setup();
    collect_and_expect(build(), "void member_cycle()");
    as_engine_destroy(E);
}

static void g_array_cycle(void)
{
    setup();
    collect_and_expect(build(), "void array_cycle()");
    as_engine_destroy(E);
}

static void g_no_cycle(void)
{
    setup();
    as_module *m = build();
    destroyed = 0;
    run(m, "void no_cycle()");
    CHECK(destroyed == 2);           /* plain reference counting */
    CHECK(as_engine_object_in_gc(E, 1000000, NULL, NULL, NULL) == AS_INVALID_ARG);
    as_engine_destroy(E);
}

int main(void)
{
    group("a cycle through a value member", g_member_cycle);
    group("a cycle through an array of values", g_array_cycle);
    group("no cycle", g_no_cycle);
    return failures ? 1 : 0;
}
