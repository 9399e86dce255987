#define _POSIX_C_SOURCE 200809L
/* The binding toolkit (angelc_bind.h): binds declared at file scope run in stage and phase
 * order; the type database; a value struct and a reference class hierarchy bound in one batch
 * (fields, methods, behaviours, base members, handle casts); declarations derived from C
 * signatures with typed thunks (ints of every width, floats, bools, pointers, methods, const
 * methods); documentation in the API dump (text and JSON); typed calls into scripts with their
 * signature checked. */
#include "angelc.h"
#include "angelc_addons.h"
#include "angelc_bind.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

static char messages[4096];
static void on_message(const as_message *m, void *user)
{
    (void)user;
    size_t n = strlen(messages);
    snprintf(messages + n, sizeof messages - n, "%s:%d: %s\n", m->section ? m->section : "", m->row, m->message);
}

/* ---- a value struct ---- */

typedef struct Vec2 { float x, y; } Vec2;

static void vec2_ctor(Vec2 *v) { v->x = v->y = 0; }
static void vec2_ctor_xy(float x, float y, Vec2 *v) { v->x = x; v->y = y; }
static float vec2_dot(const Vec2 *a, const Vec2 *b) { return a->x * b->x + a->y * b->y; }
static void vec2_scale(Vec2 *v, float k) { v->x *= k; v->y *= k; }
AS_BIND_METHOD(float, vec2_dot, (const Vec2 *, self), (const Vec2 *, other));
AS_BIND_VOID_METHOD(vec2_scale, (Vec2 *, self), (float, k));

/* ---- a reference class hierarchy: Entity <- Monster ---- */

typedef struct Entity { int refs; int kind; int hp; char name[16]; } Entity;
typedef struct Monster { Entity base; int damage; } Monster;
static int live_entities;

static Entity *entity_new(void) { Entity *e = calloc(1, sizeof *e); e->refs = 1; e->hp = 10; live_entities++; return e; }
static Monster *monster_new(void) { Monster *m = calloc(1, sizeof *m); m->base.refs = 1; m->base.kind = 1; m->base.hp = 30; m->damage = 4; live_entities++; return m; }
static void entity_addref(Entity *e) { e->refs++; }
static void entity_release(Entity *e) { if (--e->refs == 0) { live_entities--; free(e); } }
static bool is_monster(const void *obj) { return ((const Entity *)obj)->kind == 1; }
static int entity_hurt(Entity *e, int amount) { e->hp -= amount; return e->hp; }
static int monster_attack(Monster *m, Entity *target) { return target ? entity_hurt(target, m->damage) : -1; }
AS_BIND_METHOD(int, entity_hurt, (Entity *, self), (int, amount));
AS_BIND_METHOD(int, monster_attack, (Monster *, self), (Entity *, target));

static const as_bind_class classes[] = {
    {"Vec2", "vec2", sizeof(Vec2), AS_OBJ_VALUE | AS_OBJ_POD | AS_OBJ_APP_CLASS, NULL, NULL,
     (const as_bind_field[]){AS_BIND_FIELD(Vec2, x, "float x", "horizontal"), AS_BIND_FIELD(Vec2, y, "float y", NULL), {NULL, 0, NULL}},
     NULL,
     (const as_bind_behaviour[]){
         {AS_BEHAVE_CONSTRUCT, "void f()", AS_FN(vec2_ctor), AS_CALL_CDECL_OBJLAST},
         {AS_BEHAVE_CONSTRUCT, "void f(float, float)", AS_FN(vec2_ctor_xy), AS_CALL_CDECL_OBJLAST},
         {0, NULL, NULL, 0}},
     "a 2D vector", NULL},
    {"Entity", "Entity", sizeof(Entity), AS_OBJ_REF, NULL, NULL,
     (const as_bind_field[]){AS_BIND_FIELD(Entity, hp, "int hp", "hit points"), {NULL, 0, NULL}},
     NULL,
     (const as_bind_behaviour[]){
         {AS_BEHAVE_FACTORY, "Entity@ f()", AS_FN(entity_new), AS_CALL_CDECL},
         {AS_BEHAVE_ADDREF, "void f()", AS_FN(entity_addref), AS_CALL_CDECL_OBJFIRST},
         {AS_BEHAVE_RELEASE, "void f()", AS_FN(entity_release), AS_CALL_CDECL_OBJFIRST},
         {0, NULL, NULL, 0}},
     "anything in the world", NULL},
    {"Monster", "Monster", sizeof(Monster), AS_OBJ_REF, "Entity", is_monster,
     (const as_bind_field[]){AS_BIND_FIELD(Monster, damage, "int damage", NULL), {NULL, 0, NULL}},
     NULL,
     (const as_bind_behaviour[]){
         {AS_BEHAVE_FACTORY, "Monster@ f()", AS_FN(monster_new), AS_CALL_CDECL},
         {AS_BEHAVE_ADDREF, "void f()", AS_FN(entity_addref), AS_CALL_CDECL_OBJFIRST},
         {AS_BEHAVE_RELEASE, "void f()", AS_FN(entity_release), AS_CALL_CDECL_OBJFIRST},
         {0, NULL, NULL, 0}},
     NULL, NULL},
};

/* ---- functions with derived declarations ---- */

static int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
static int8_t neg8(int8_t v) { return (int8_t)-v; }
static uint16_t wrap16(uint16_t v) { return (uint16_t)(v + 1); }
static int64_t big(int64_t a, uint64_t b) { return a * (int64_t)b; }
static double mix(double a, float b, bool twice) { return twice ? 2 * (a + b) : a + b; }
static void split(const Vec2 *v, float *x, float *y) { *x = v->x; *y = v->y; }
static int counter;
static void tick(void) { counter++; }
static int ticks(void) { return counter; }
AS_BIND_FUNCTION(int, clamp, (int, v), (int, lo), (int, hi));
AS_BIND_FUNCTION(int8_t, neg8, (int8_t, v));
AS_BIND_FUNCTION(uint16_t, wrap16, (uint16_t, v));
AS_BIND_FUNCTION(int64_t, big, (int64_t, a), (uint64_t, b));
AS_BIND_FUNCTION(double, mix, (double, a), (float, b), (bool, twice));
AS_BIND_VOID_FUNCTION(split, (const Vec2 *, v), (float *, x), (float *, y));
AS_BIND_VOID_FUNCTION0(tick);
AS_BIND_FUNCTION0(int, ticks);

/* ---- binds declared at file scope, run by as_bind_run in stage/phase order ---- */

static char order[64];
static void note(char c) { size_t n = strlen(order); if (n + 1 < sizeof order) { order[n] = c; order[n + 1] = 0; } }

AS_BIND(late_members, AS_BIND_MEMBERS, AS_BIND_LATE) { (void)e; (void)user; note('d'); return 0; }
AS_BIND(classes_bind, AS_BIND_TYPES, AS_BIND_NORMAL)
{
    (void)user;
    note('b');
    return as_bind_classes(e, classes, (int)(sizeof classes / sizeof classes[0]));
}
AS_BIND(early_types, AS_BIND_TYPES, AS_BIND_EARLY) { (void)user; note('a'); return as_register_string(e); }
AS_BIND(functions_bind, AS_BIND_MEMBERS, AS_BIND_NORMAL)
{
    (void)user;
    note('c');
    int r = 0;
    if ((r = as_bind_function(e, &clamp__as_bind, "clamps v into [lo, hi]")) < 0) return r;
    if ((r = as_bind_function(e, &neg8__as_bind, NULL)) < 0) return r;
    if ((r = as_bind_function(e, &wrap16__as_bind, NULL)) < 0) return r;
    if ((r = as_bind_function(e, &big__as_bind, NULL)) < 0) return r;
    if ((r = as_bind_function(e, &mix__as_bind, NULL)) < 0) return r;
    if ((r = as_bind_function(e, &split__as_bind, "the components of v")) < 0) return r;
    if ((r = as_bind_function(e, &tick__as_bind, NULL)) < 0) return r;
    if ((r = as_bind_function(e, &ticks__as_bind, NULL)) < 0) return r;
    if ((r = as_bind_method_of(e, "vec2", &vec2_dot__as_bind, "dot product")) < 0) return r;
    if ((r = as_bind_method_of(e, "vec2", &vec2_scale__as_bind, NULL)) < 0) return r;
    if ((r = as_bind_method_of(e, "Entity", &entity_hurt__as_bind, NULL)) < 0) return r;
    if ((r = as_bind_method_of(e, "Monster", &monster_attack__as_bind, NULL)) < 0) return r;
    static int speed = 7;
    return as_bind_global_property(e, "int g_speed", &speed, "units per tick");
}

static as_module *build(as_engine *e, const char *code)
{
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    REQUIRE(as_module_add_section(m, "s", code, strlen(code), 0) >= 0);
    int r = as_module_build(m);
    if (r < 0) fprintf(stderr, "build failed:\n%s", messages);
    REQUIRE(r >= 0);
    return m;
}

int main(void)
{
    as_engine *e = as_engine_create();
    as_engine_set_message_callback(e, on_message, NULL);
    CHECK(as_bind_run(e) == 0);
    CHECK(strcmp(order, "abcd") == 0);

    /* type database */
    as_bind_type *bt = as_bind_type_by_c_name(e, "Vec2");
    CHECK(bt && strcmp(bt->script_name, "vec2") == 0 && bt->size == sizeof(Vec2) && !bt->is_ref);
    as_bind_type *mt = as_bind_type_by_script_name(e, "Monster");
    CHECK(mt && mt->is_ref && mt->type_id > 0);
    CHECK(mt && as_bind_type_by_id(e, mt->type_id | AS_TYPEID_OBJHANDLE) == mt);
    CHECK(as_bind_type_by_c_name(e, "Nope") == NULL);

    /* derived declarations */
    char decl[256];
    CHECK(as_bind_declaration(e, &clamp__as_bind, decl, sizeof decl) && strcmp(decl, "int clamp(int v, int lo, int hi)") == 0);
    CHECK(as_bind_declaration(e, &split__as_bind, decl, sizeof decl) && strcmp(decl, "void split(const vec2 &in v, float &out x, float &out y)") == 0);
    CHECK(as_bind_declaration(e, &vec2_dot__as_bind, decl, sizeof decl) && strcmp(decl, "float vec2_dot(const vec2 &in other) const") == 0);
    CHECK(as_bind_declaration(e, &monster_attack__as_bind, decl, sizeof decl) && strcmp(decl, "int monster_attack(Entity@+ target)") == 0);

    as_module *m = build(e,
        "int run() {\n"
        "  vec2 a(3, 4); vec2 b; b.x = 1; b.y = 2;\n"
        "  float x, y; split(a, x, y);\n"
        "  a.vec2_scale(2);\n"
        "  tick(); tick();\n"
        "  Monster@ m = Monster();\n"
        "  Entity@ target = Entity();\n"
        "  Entity@ asEntity = m;\n"                  /* implicit upcast */
        "  Monster@ back = cast<Monster>(asEntity);\n" /* checked downcast */
        "  Monster@ notOne = cast<Monster>(target);\n"
        "  int left = m.monster_attack(target);\n"   /* 10 - 4 */
        "  m.entity_hurt(5);\n"                      /* base method on the derived class: 30 - 5 */
        "  int r = clamp(15, 0, 10) + neg8(3) + int(wrap16(65535)) + int(big(-3, 4));\n" /* 10 - 3 + 0 - 12 = -5 */
        "  if (back is m && notOne is null && m.hp == 25 && target.hp == left && m.damage == 4)\n"
        "    r += 1000;\n"
        "  return r + int(a.vec2_dot(b)) + int(x + y) + ticks() + int(mix(1.5, 0.5f, true)) + g_speed;\n"
        "}\n"
        "int twice(int v) { return 2 * v; }\n"
        "double half(double v, float w) { return v / 2 + w; }\n"
        "Entity@ pick(Entity@ e) { return e; }\n");
    as_context *ctx = as_context_create(e);
    int r = 0;
    /* 1000 - 5 + dot((6,8),(1,2)) = 22 + 7 + 2 + 4 + 7 */
    CHECK(AS_BIND_CALL0(ctx, as_module_function_by_name(m, "run"), &r) == AS_EXECUTION_FINISHED);
    CHECK(r == 1000 - 5 + 22 + 7 + 2 + 4 + 7);
    CHECK(live_entities == 0);

    /* typed calls: matching signatures run, others are refused before anything runs */
    int t = 0;
    CHECK(AS_BIND_CALL(ctx, as_module_function_by_name(m, "twice"), &t, 21) == AS_EXECUTION_FINISHED && t == 42);
    double h = 0;
    CHECK(AS_BIND_CALL(ctx, as_module_function_by_name(m, "half"), &h, 3.0, 0.25f) == AS_EXECUTION_FINISHED && h == 1.75);
    messages[0] = 0;
    CHECK(AS_BIND_CALL(ctx, as_module_function_by_name(m, "twice"), &t, 2.5) == AS_INVALID_TYPE);
    CHECK(strstr(messages, "argument 1 does not match") != NULL);
    CHECK(AS_BIND_CALL(ctx, as_module_function_by_name(m, "twice"), &h, 1) == AS_INVALID_TYPE);
    CHECK(AS_BIND_CALL(ctx, as_module_function_by_name(m, "twice"), &t, 1, 2) == AS_INVALID_TYPE);
    Entity *ent = entity_new();
    Entity *got = NULL;
    CHECK(AS_BIND_CALL(ctx, as_module_function_by_name(m, "pick"), &got, ent) == AS_EXECUTION_FINISHED && got == ent);
    as_context_unprepare(ctx);
    entity_release(ent);

    /* the API dump, with documentation */
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    REQUIRE(f);
    CHECK(as_bind_dump(e, f, AS_BIND_DUMP_TEXT) == 0);
    fclose(f);
    CHECK(strstr(text, "value vec2") && strstr(text, "// a 2D vector"));
    CHECK(strstr(text, "property float x") && strstr(text, "// horizontal"));
    CHECK(strstr(text, "function int clamp(int v, int lo, int hi)") && strstr(text, "// clamps v into [lo, hi]"));
    CHECK(strstr(text, "method float vec2_dot(const vec2&in other) const") && strstr(text, "// dot product"));
    CHECK(strstr(text, "property int g_speed") && strstr(text, "// units per tick"));
    CHECK(strstr(text, "ref Monster") && strstr(text, "method Entity@ opImplCast()"));
    free(text);
    f = open_memstream(&text, &len);
    REQUIRE(f);
    CHECK(as_bind_dump(e, f, AS_BIND_DUMP_JSON) == 0);
    fclose(f);
    CHECK(strncmp(text, "{\"types\": [", 11) == 0);
    CHECK(strstr(text, "{\"kind\": \"function\", \"decl\": \"int clamp(int v, int lo, int hi)\", \"doc\": \"clamps v into [lo, hi]\"}"));
    CHECK(strstr(text, "\"functions\": [") && strstr(text, "\"properties\": ["));
    free(text);

    /* a described function whose types have no script equivalent is refused with a message */
    static const as_bind_func bad = {"bad", "void", 1, {"struct Unknown * p"}, NULL, false};
    messages[0] = 0;
    CHECK(as_bind_function(e, &bad, NULL) == AS_INVALID_DECLARATION);
    CHECK(strstr(messages, "no script type") != NULL);

    as_context_destroy(ctx);
    as_engine_destroy(e);
    CHECK(live_entities == 0);
    if (failures) fprintf(stderr, "bind: %d check(s) failed\n", failures);
    return failures ? 1 : 0;
}
