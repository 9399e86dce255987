/* The world: entities, the frame loop, and the events scripts subscribe to (funcdef handlers)
 * and the behaviours they attach to entities (script classes implementing IBehaviour). The host
 * calls back into scripts through typed handles: checked once, called every frame. */
#include "angelc_bind.h"
#include "game.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* calls into scripts: their C signatures */
AS_SCRIPT_FUNC(update_fn, void, float);
AS_SCRIPT_FUNC(hit_fn, void, Entity *, Entity *);
AS_SCRIPT_FUNC(tick_fn, void, Entity *, float);

typedef struct Behaviour { Entity *entity; void *object; tick_fn tick; } Behaviour;

struct World {
    Entity **entities;
    int count, cap;
    hit_fn handlers[8];
    int nhandlers;
    Behaviour behaviours[32];
    int nbehaviours;
    as_engine *engine;
    as_context *ctx;
    update_fn update;
    bool has_update;
    int frame;
    float time;
    bool failed;
};

static World *the_world;
static World *world_ptr;          /* the script's global `world` handle */

World *world_create(void)
{
    World *w = calloc(1, sizeof *w);
    the_world = world_ptr = w;
    return w;
}

World *world_get(void) { return the_world; }

void world_destroy(World *w)
{
    for (int i = 0; i < w->nbehaviours; i++) {
        as_type *t = as_object_type(w->behaviours[i].object);
        as_engine_release_object(w->engine, w->behaviours[i].object, as_type_id(t));
        tick_fn_release(&w->behaviours[i].tick);
        entity_release(w->behaviours[i].entity);
    }
    for (int i = 0; i < w->nhandlers; i++) hit_fn_release(&w->handlers[i]);
    for (int i = 0; i < w->count; i++) entity_release(w->entities[i]);
    update_fn_release(&w->update);
    free(w->entities);
    if (the_world == w) the_world = world_ptr = NULL;
    free(w);
}

bool world_attach(World *w, void *engine, void *context, void *module)
{
    w->engine = engine;
    w->ctx = context;
    /* update() is optional; if the script has one, it must take a float */
    w->has_update = as_module_function_by_name(module, "update") != NULL;
    return !w->has_update || update_fn_find(&w->update, module, "update") == 0;
}

int world_entity_count(const World *w) { return w->count; }
Entity *world_entity_at(World *w, int i) { return i >= 0 && i < w->count ? w->entities[i] : NULL; }

void world_add(World *w, Entity *e)
{
    if (w->count == w->cap) {
        w->cap = w->cap ? w->cap * 2 : 16;
        w->entities = realloc(w->entities, sizeof *w->entities * (size_t)w->cap);
    }
    w->entities[w->count++] = e;
}

/* the world keeps spawned entities; scripts get them borrowed (bound as @+) */
static Player *spawn_player(World *w, const char *name, const Vec2 *at)
{
    Player *p = game_player_new(name);
    p->base.pos = *at;
    world_add(w, &p->base);
    return p;
}
static Enemy *spawn_enemy(World *w, const char *name, const Vec2 *at, int attack)
{
    Enemy *m = game_enemy_new(name, attack);
    m->base.pos = *at;
    world_add(w, &m->base);
    return m;
}
static void world_adopt(World *w, Entity *e) { world_add(w, entity_retain(e)); }
static int world_count(const World *w) { return w->count; }
static Entity *world_entity(World *w, int i) { return world_entity_at(w, i); }
static int world_frame_no(const World *w) { return w->frame; }
static float world_time(const World *w) { return w->time; }

/* handler: a function handle of funcdef HitHandler, borrowed for the call: the world keeps it */
static void world_on_hit(World *w, as_function *handler)
{
    if (!handler || w->nhandlers == 8) return;
    hit_fn_set(&w->handlers[w->nhandlers++], handler);
}

/* behaviour: an IBehaviour script object, borrowed: the world keeps a reference */
static void world_control(World *w, Entity *e, void *behaviour)
{
    if (!e || !behaviour || w->nbehaviours == 32) return;
    Behaviour *b = &w->behaviours[w->nbehaviours];
    as_type *t = as_object_type(behaviour);
    if (tick_fn_find_method(&b->tick, t, "tick") < 0) return;
    as_engine_addref_object(w->engine, behaviour, as_type_id(t));
    b->entity = entity_retain(e);
    b->object = behaviour;
    w->nbehaviours++;
}

static void game_log(const char *text)
{
    printf("[%3d] %s\n", the_world ? the_world->frame : 0, text);
}

/* ---- the frame ---- */

static bool check(World *w, int r)
{
    if (r != AS_EXECUTION_FINISHED) w->failed = true;
    return !w->failed;
}

bool world_frame(World *w, float dt)
{
    w->frame++;
    w->time += dt;
    if (w->has_update && !check(w, update_fn_call(&w->update, w->ctx, NULL, dt))) return false;
    for (int i = 0; i < w->nbehaviours; i++) {
        Behaviour *b = &w->behaviours[i];
        if (b->entity->alive && !check(w, tick_fn_call_on(&b->tick, w->ctx, b->object, NULL, b->entity, dt))) return false;
    }
    for (int i = 0; i < w->count; i++) {
        Entity *e = w->entities[i];
        if (!e->alive) continue;
        e->pos.x += e->vel.x * dt;
        e->pos.y += e->vel.y * dt;
    }
    /* touching pairs: each handler hears of each pair once a frame */
    for (int i = 0; i < w->count; i++)
        for (int j = i + 1; j < w->count; j++) {
            Entity *a = w->entities[i], *b = w->entities[j];
            float dx = a->pos.x - b->pos.x, dy = a->pos.y - b->pos.y, r = a->radius + b->radius;
            if (!a->alive || !b->alive || dx * dx + dy * dy > r * r) continue;
            for (int h = 0; h < w->nhandlers; h++)
                if (!check(w, hit_fn_call(&w->handlers[h], w->ctx, NULL, a, b))) return false;
        }
    return true;
}

/* ---- binds ---- */

AS_BIND_TYPES(world_types, AS_BIND_NORMAL + 10)
{
    AS_REF_CLASS(b, World, "World", AS_OBJ_NOCOUNT);
    AS_DOC(b, "the game world: spawns entities, runs frames, raises events");
    AS_FUNCDEF(b, "void HitHandler(Entity@ a, Entity@ b)");
    AS_DOC(b, "called when two entities touch");
    /* an interface scripts implement, the world calls tick() through it */
    as_bind_class *behaviour = AS_INTERFACE(b, "IBehaviour");
    AS_DOC(b, "a script object that steers an entity");
    AS_INTERFACE_METHOD(behaviour, "void tick(Entity@ self, float dt)");
}

AS_BIND(world_members, AS_BIND_NORMAL)
{
    as_bind_class *w = as_bind_class_find(b, "World");
    AS_METHOD(w, "Player@+ spawnPlayer(name, at)", spawn_player, Player *, World *, const char *, const Vec2 *);
    AS_METHOD(w, "Enemy@+ spawnEnemy(name, at, attack = 1)", spawn_enemy, Enemy *, World *, const char *, const Vec2 *, int);
    AS_METHOD(w, "add(entity)", world_adopt, void, World *, Entity *);
    AS_DOC(b, "puts an entity the script made into the world");
    AS_GETTER(w, "count", world_count, int, const World *);
    AS_METHOD(w, "Entity@+ entity(index)", world_entity, Entity *, World *, int);
    AS_GETTER(w, "frame", world_frame_no, int, const World *);
    AS_GETTER(w, "time", world_time, float, const World *);
    AS_METHOD(w, "onHit(HitHandler@ handler)", world_on_hit, void, World *, as_function *);
    AS_METHOD(w, "control(entity, IBehaviour@ behaviour)", world_control, void, World *, Entity *, void *);
    AS_DOC(b, "lets a script object steer an entity: its tick() runs every frame");
    AS_GLOBAL_AS(b, world_ptr, "World@ const world");
    AS_FUNCTION(b, "log(text)", game_log, void, const char *);
    AS_DOC(b, "prints a line of the trace, with the frame number");
}
