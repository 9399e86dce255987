/* Embedding angelc: a small game host in C.
 *
 * The host registers
 *   - `vec2`, a value type (a plain C struct of two floats) with constructors, the operators
 *     opAdd / opMul / opEquals, a length() method and the properties x and y;
 *   - `Entity`, a reference counted C struct with a name, a kind, a position and hit points,
 *     made by the host (spawn) and by scripts (its factory), with methods and properties;
 *   - the enum `Kind`, and the functions print, spawn, entityCount, entityAt;
 * compiles the script below, and then drives it from C: calls script functions with
 * arguments (int, float, handles) and reads their results (float, int, bool, string).
 *
 * Every result is checked; the program exits with 1 if anything is not as expected, so the
 * test suite runs it too (tests/api/embed_example.c includes this file). */
#include "angelc.h"
#include "angelc_addons.h"
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ============================================================================ vec2 */

typedef struct { float x, y; } vec2;

static void vec2_default(vec2 *self) { self->x = 0; self->y = 0; }
static void vec2_init(float x, float y, vec2 *self) { self->x = x; self->y = y; }
static vec2 vec2_add(const vec2 *a, const vec2 *b) { vec2 r = {a->x + b->x, a->y + b->y}; return r; }
static vec2 vec2_mul(const vec2 *a, float s) { vec2 r = {a->x * s, a->y * s}; return r; }
static bool vec2_equals(const vec2 *a, const vec2 *b) { return a->x == b->x && a->y == b->y; }
static float vec2_length(const vec2 *a) { return sqrtf(a->x * a->x + a->y * a->y); }

static int register_vec2(as_engine *e)
{
    int r = 0;
    /* a C struct of floats: no C++ constructors, so AS_OBJ_POD and AS_OBJ_APP_CLASS_ALLFLOATS */
    r |= as_register_object_type(e, "vec2", sizeof(vec2), AS_OBJ_VALUE | AS_OBJ_POD | AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_ALLFLOATS) < 0;
    r |= as_register_object_behaviour(e, "vec2", AS_BEHAVE_CONSTRUCT, "void f()", AS_FN(vec2_default), AS_CALL_CDECL_OBJFIRST, NULL) < 0;
    r |= as_register_object_behaviour(e, "vec2", AS_BEHAVE_CONSTRUCT, "void f(float x, float y)", AS_FN(vec2_init), AS_CALL_CDECL_OBJLAST, NULL) < 0;
    r |= as_register_object_method(e, "vec2", "vec2 opAdd(const vec2 &in) const", AS_FN(vec2_add), AS_CALL_CDECL_OBJFIRST, NULL) < 0;
    r |= as_register_object_method(e, "vec2", "vec2 opMul(float) const", AS_FN(vec2_mul), AS_CALL_CDECL_OBJFIRST, NULL) < 0;
    r |= as_register_object_method(e, "vec2", "bool opEquals(const vec2 &in) const", AS_FN(vec2_equals), AS_CALL_CDECL_OBJFIRST, NULL) < 0;
    r |= as_register_object_method(e, "vec2", "float length() const", AS_FN(vec2_length), AS_CALL_CDECL_OBJFIRST, NULL) < 0;
    r |= as_register_object_property(e, "vec2", "float x", offsetof(vec2, x)) < 0;
    r |= as_register_object_property(e, "vec2", "float y", offsetof(vec2, y)) < 0;
    return r ? -1 : 0;
}

/* ============================================================================ Entity */

enum { KIND_PLAYER, KIND_MONSTER, KIND_CHEST };

typedef struct {
    int refs;
    char name[32];
    int kind;       /* Kind */
    vec2 pos;
    int hp;
} Entity;

static int entities_alive;
static Entity *world[16];      /* the host keeps one reference to each spawned entity */
static unsigned world_count;

static Entity *entity_new(const char *name, size_t len, int kind, vec2 pos)
{
    Entity *en = calloc(1, sizeof *en);
    if (!en) return NULL;
    en->refs = 1;
    snprintf(en->name, sizeof en->name, "%.*s", (int)len, name);
    en->kind = kind;
    en->pos = pos;
    en->hp = kind == KIND_PLAYER ? 100 : kind == KIND_MONSTER ? 10 : 1;
    entities_alive++;
    return en;
}
static void entity_addref(Entity *en) { en->refs++; }
static void entity_release(Entity *en)
{
    if (--en->refs == 0) {
        free(en);
        entities_alive--;
    }
}

/* Entity@ Entity(const string &in name, Kind kind): the script's own entities (not in the world) */
static Entity *entity_factory(const void *name, int kind)
{
    size_t len;
    const char *s = as_string_data(name, &len);
    vec2 origin = {0, 0};
    return entity_new(s, len, kind, origin);
}
static void entity_move(Entity *en, const vec2 *delta) { en->pos = vec2_add(&en->pos, delta); }
static void entity_damage(int amount, Entity *en) { en->hp -= amount; }            /* object last */
static bool entity_alive(const Entity *en) { return en->hp > 0; }

/* string name() const: a string returned by value, made with the generic convention */
static void entity_name(as_generic *g)
{
    const Entity *en = as_generic_object(g);
    as_engine *e = as_generic_engine(g);
    int string_type = as_engine_type_id_by_decl(e, "string");
    void *s = as_engine_create_object(e, string_type);
    as_string_assign(s, en->name, strlen(en->name));
    as_generic_set_return_object(g, s);     /* copied into the return location */
    as_engine_release_object(e, s, string_type);
}

/* Entity@ spawn(const string &in name, Kind kind, const vec2 &in pos) */
static Entity *spawn(const void *name, int kind, const vec2 *pos)
{
    if (world_count == sizeof world / sizeof world[0]) {
        as_context_set_exception(as_active_context(), "The world is full", true);
        return NULL;
    }
    size_t len;
    const char *s = as_string_data(name, &len);
    Entity *en = entity_new(s, len, kind, *pos);
    if (!en) return NULL;
    world[world_count++] = en;       /* the world's reference */
    entity_addref(en);               /* the one returned to the script */
    return en;
}
static unsigned entity_count(void) { return world_count; }
/* Entity@ entityAt(uint i) */
static Entity *entity_at(unsigned i)
{
    if (i >= world_count) {
        as_context_set_exception(as_active_context(), "No such entity", true);
        return NULL;
    }
    entity_addref(world[i]);
    return world[i];
}

static int register_entity(as_engine *e)
{
    int r = 0;
    r |= as_register_enum(e, "Kind") < 0;
    r |= as_register_enum_value(e, "Kind", "Player", KIND_PLAYER) < 0;
    r |= as_register_enum_value(e, "Kind", "Monster", KIND_MONSTER) < 0;
    r |= as_register_enum_value(e, "Kind", "Chest", KIND_CHEST) < 0;
    r |= as_register_object_type(e, "Entity", 0, AS_OBJ_REF) < 0;
    r |= as_register_object_behaviour(e, "Entity", AS_BEHAVE_FACTORY, "Entity@ f(const string &in name, Kind kind)", AS_FN(entity_factory), AS_CALL_CDECL, NULL) < 0;
    r |= as_register_object_behaviour(e, "Entity", AS_BEHAVE_ADDREF, "void f()", AS_FN(entity_addref), AS_CALL_CDECL_OBJFIRST, NULL) < 0;
    r |= as_register_object_behaviour(e, "Entity", AS_BEHAVE_RELEASE, "void f()", AS_FN(entity_release), AS_CALL_CDECL_OBJFIRST, NULL) < 0;
    r |= as_register_object_method(e, "Entity", "string name() const", AS_FN(entity_name), AS_CALL_GENERIC, NULL) < 0;
    r |= as_register_object_method(e, "Entity", "void move(const vec2 &in delta)", AS_FN(entity_move), AS_CALL_CDECL_OBJFIRST, NULL) < 0;
    r |= as_register_object_method(e, "Entity", "void damage(int amount)", AS_FN(entity_damage), AS_CALL_CDECL_OBJLAST, NULL) < 0;
    r |= as_register_object_method(e, "Entity", "bool alive() const", AS_FN(entity_alive), AS_CALL_CDECL_OBJFIRST, NULL) < 0;
    r |= as_register_object_property(e, "Entity", "int hp", offsetof(Entity, hp)) < 0;
    r |= as_register_object_property(e, "Entity", "vec2 pos", offsetof(Entity, pos)) < 0;
    r |= as_register_object_property(e, "Entity", "const Kind kind", offsetof(Entity, kind)) < 0;
    r |= as_register_global_function(e, "Entity@ spawn(const string &in name, Kind kind, const vec2 &in pos)", AS_FN(spawn), AS_CALL_CDECL, NULL) < 0;
    r |= as_register_global_function(e, "uint entityCount()", AS_FN(entity_count), AS_CALL_CDECL, NULL) < 0;
    r |= as_register_global_function(e, "Entity@ entityAt(uint i)", AS_FN(entity_at), AS_CALL_CDECL, NULL) < 0;
    return r ? -1 : 0;
}

/* ============================================================================ the rest */

static void print(as_generic *g)
{
    size_t n;
    const char *s = as_string_data(as_generic_arg_object(g, 0), &n);
    fwrite(s, 1, n, stdout);
}

static void on_message(const as_message *m, void *user)
{
    (void)user;
    const char *kind = m->type == AS_MSG_ERROR ? "error" : m->type == AS_MSG_WARNING ? "warning" : "info";
    if (m->type != AS_MSG_INFORMATION) fprintf(stderr, "%s:%d:%d: %s: %s\n", m->section, m->row, m->col, kind, m->message);
}

static const char *game_script =
    "Entity@ hero;\n"
    "\n"
    "void setup() {\n"
    "  @hero = spawn('hero', Player, vec2(0, 0));\n"
    "  spawn('goblin', Monster, vec2(3, 4));\n"
    "  spawn('orc', Monster, vec2(-6, 8));\n"
    "  spawn('chest', Chest, vec2(1, 1));\n"
    "  print('the world has ' + entityCount() + ' entities\\n');\n"
    "}\n"
    "\n"
    "// moves the hero `steps` times by half of (dx, dy); returns its distance from the origin\n"
    "float walk(int steps, float dx, float dy) {\n"
    "  vec2 d(dx, dy);\n"
    "  for (int i = 0; i < steps; i++)\n"
    "    hero.move(d * 0.5f);\n"
    "  return hero.pos.length();\n"
    "}\n"
    "\n"
    "// the hero hits every living monster within range; returns how many died\n"
    "int attack(float range, int power) {\n"
    "  int killed = 0;\n"
    "  for (uint i = 0; i < entityCount(); i++) {\n"
    "    Entity@ e = entityAt(i);\n"
    "    if (e.kind != Monster || !e.alive()) continue;\n"
    "    vec2 diff = e.pos + hero.pos * -1.0f;\n"
    "    if (diff.length() > range) continue;\n"
    "    e.damage(power);\n"
    "    print(hero.name() + ' hits ' + e.name() + ', hp left ' + e.hp + '\\n');\n"
    "    if (!e.alive()) killed++;\n"
    "  }\n"
    "  return killed;\n"
    "}\n"
    "\n"
    "bool near(Entity@ a, Entity@ b, float range) {\n"
    "  return (a.pos + b.pos * -1.0f).length() <= range;\n"
    "}\n"
    "\n"
    "string status() {\n"
    "  return hero.name() + ' at (' + hero.pos.x + ', ' + hero.pos.y + '), hp ' + hero.hp;\n"
    "}\n"
    "\n"
    "// a script-made entity the host gets back\n"
    "Entity@ mimic(const string &in name) {\n"
    "  Entity e(name, Chest);\n"
    "  e.move(vec2(1, 2) + vec2(0.5f, 0.5f));\n"
    "  return e;\n"
    "}\n";

static int failed;
#define EXPECT(cond) do { if (!(cond)) { fprintf(stderr, "embed: unexpected result at line %d: %s\n", __LINE__, #cond); failed = 1; } } while (0)

/* Prepares a script function by declaration; NULL (and a failure) if it is missing. */
static as_function *script_fn(as_module *m, const char *decl)
{
    as_function *f = as_module_function_by_decl(m, decl);
    if (!f) {
        fprintf(stderr, "embed: no function '%s'\n", decl);
        failed = 1;
    }
    return f;
}

static int run(as_context *ctx, const char *what)
{
    int r = as_context_execute(ctx);
    if (r == AS_EXECUTION_EXCEPTION) {
        int col = 0;
        int line = as_context_exception_line(ctx, &col, NULL);
        fprintf(stderr, "embed: %s: script exception '%s' at line %d, column %d\n", what, as_context_exception_string(ctx), line, col);
    } else if (r != AS_EXECUTION_FINISHED) {
        fprintf(stderr, "embed: %s ended with state %d\n", what, r);
    }
    if (r != AS_EXECUTION_FINISHED) failed = 1;
    return r == AS_EXECUTION_FINISHED;
}

int main(void)
{
    as_engine *e = as_engine_create();
    if (!e) return 1;
    as_engine_set_message_callback(e, on_message, NULL);
    if (as_register_string(e) < 0 || register_vec2(e) < 0 || register_entity(e) < 0 ||
        as_register_global_function(e, "void print(const string &in)", AS_FN(print), AS_CALL_GENERIC, NULL) < 0) {
        fprintf(stderr, "embed: registration failed\n");
        as_engine_destroy(e);
        return 1;
    }

    as_module *m = as_engine_get_module(e, "game", AS_GM_ALWAYS_CREATE);
    as_module_add_section(m, "game.as", game_script, strlen(game_script), 0);
    int built = as_module_build(m);
    if (built < 0) {
        fprintf(stderr, "embed: the script did not compile: %s\n", as_result_text(built));
        as_engine_destroy(e);
        return 1;
    }
    as_context *ctx = as_context_create(e);

    /* setup(): the script spawns four entities through the host */
    as_function *f = script_fn(m, "void setup()");
    if (f && as_context_prepare(ctx, f) >= 0 && run(ctx, "setup")) {
        EXPECT(world_count == 4);
        EXPECT(world_count == 4 && strcmp(world[1]->name, "goblin") == 0 && world[1]->kind == KIND_MONSTER);
    }

    /* walk(4, 1, 2): the hero ends at (2, 4) */
    f = script_fn(m, "float walk(int, float, float)");
    if (f && as_context_prepare(ctx, f) >= 0) {
        as_context_set_arg_dword(ctx, 0, 4);
        as_context_set_arg_float(ctx, 1, 1.0f);
        as_context_set_arg_float(ctx, 2, 2.0f);
        if (run(ctx, "walk")) {
            float dist = as_context_return_float(ctx);
            printf("the hero walked to (%g, %g), %.3f from the start\n", world[0]->pos.x, world[0]->pos.y, dist);
            EXPECT(fabsf(dist - sqrtf(20.0f)) < 1e-5f);
            EXPECT(world[0]->pos.x == 2.0f && world[0]->pos.y == 4.0f);
        }
    }

    /* attack(2.5, 7) twice: the goblin is in range and dies on the second hit; the orc is far */
    f = script_fn(m, "int attack(float, int)");
    int kills[2] = {-1, -1};
    for (int round = 0; f && round < 2; round++) {
        if (as_context_prepare(ctx, f) < 0) break;
        as_context_set_arg_float(ctx, 0, 2.5f);
        as_context_set_arg_dword(ctx, 1, 7);
        if (run(ctx, "attack")) kills[round] = (int)as_context_return_dword(ctx);
    }
    printf("monsters killed: %d, then %d\n", kills[0], kills[1]);
    EXPECT(kills[0] == 0 && kills[1] == 1);
    EXPECT(world_count == 4 && world[1]->hp == -4 && world[2]->hp == 10);

    /* near(hero, chest, 3.5): entity handles passed from C */
    f = script_fn(m, "bool near(Entity@, Entity@, float)");
    if (f && world_count == 4 && as_context_prepare(ctx, f) >= 0) {
        as_context_set_arg_object(ctx, 0, world[0]);
        as_context_set_arg_object(ctx, 1, world[3]);
        as_context_set_arg_float(ctx, 2, 3.5f);
        if (run(ctx, "near")) EXPECT(as_context_return_byte(ctx) == 1);     /* (2,4) to (1,1): 3.16 */
        EXPECT(world[0]->refs == 2 && world[3]->refs == 1);                /* the world's and `hero` */
    }

    /* status(): a string back from the script */
    f = script_fn(m, "string status()");
    if (f && as_context_prepare(ctx, f) >= 0 && run(ctx, "status")) {
        size_t n;
        const char *s = as_string_data(as_context_return_object(ctx), &n);
        printf("status: %.*s\n", (int)n, s);
        const char *want = "hero at (2, 4), hp 100";
        EXPECT(n == strlen(want) && memcmp(s, want, n) == 0);
    }

    /* mimic("box"): an entity made by the script, kept by the host */
    f = script_fn(m, "Entity@ mimic(const string &in)");
    Entity *kept = NULL;
    if (f && as_context_prepare(ctx, f) >= 0) {
        int string_type = as_engine_type_id_by_decl(e, "string");
        void *name = as_engine_create_object(e, string_type);
        as_string_assign(name, "box", 3);
        as_context_set_arg_object(ctx, 0, name);
        if (run(ctx, "mimic")) {
            kept = as_context_return_object(ctx);
            if (kept) entity_addref(kept);     /* the context lets go of its reference on the next prepare */
        }
        as_context_unprepare(ctx);
        as_engine_release_object(e, name, string_type);
    }
    EXPECT(kept != NULL);
    if (kept) {
        printf("the script made '%s' at (%g, %g)\n", kept->name, kept->pos.x, kept->pos.y);
        EXPECT(strcmp(kept->name, "box") == 0 && kept->kind == KIND_CHEST && kept->refs == 1);
        EXPECT(kept->pos.x == 1.5f && kept->pos.y == 2.5f);
        entity_release(kept);
    }

    as_context_destroy(ctx);
    as_engine_destroy(e);       /* releases the script's `hero` */
    for (unsigned i = 0; i < world_count; i++) entity_release(world[i]);
    world_count = 0;
    EXPECT(entities_alive == 0);

    printf(failed ? "embed example: FAILED\n" : "embed example: all results as expected\n");
    return failed ? 1 : 0;
}
