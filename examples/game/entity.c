/* Entities (Player and Enemy derive from Entity) and their components (Sprite and Trail derive
 * from Component), reference counted, and their binds. */
#include "angelc_bind.h"
#include "game.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int next_id = 1;
int entities_alive;

static void *entity_alloc(size_t size, EntityKind kind, const char *name, Team team)
{
    Entity *e = calloc(1, size);
    if (!e) return NULL;
    e->refs = 1;
    e->kind = kind;
    e->id = next_id++;
    snprintf(e->name, sizeof e->name, "%s", name ? name : "");
    e->team = team;
    e->radius = 1;
    e->hp = 10;
    e->alive = true;
    entities_alive++;
    return e;
}

static void component_release(Component *c);

Entity *entity_retain(Entity *e) { e->refs++; return e; }

/* the script behaviour is released by the world before the last reference goes */
static void entity_free(Entity *e)
{
    for (Component *c = e->components, *next; c; c = next) {
        next = c->next;
        c->owner = NULL;
        component_release(c);
    }
    entities_alive--;
    free(e);
}

void entity_release(Entity *e)
{
    if (--e->refs == 0) entity_free(e);
}

const char *entity_name(const Entity *e) { return e->name; }
static void entity_set_name(Entity *e, const char *name) { snprintf(e->name, sizeof e->name, "%s", name); }
Player *game_player_new(const char *name) { Player *p = entity_alloc(sizeof *p, KIND_PLAYER, name, TEAM_HEROES); p->lives = 3; return p; }
Enemy *game_enemy_new(const char *name, int attack) { Enemy *m = entity_alloc(sizeof *m, KIND_ENEMY, name, TEAM_MONSTERS); m->attack = attack; m->speed = 1; return m; }
static Entity *pickup_new(const char *name) { Entity *e = entity_alloc(sizeof *e, KIND_PICKUP, name, TEAM_NONE); e->hp = 1; return e; }
static void entity_damage(Entity *e, int amount)
{
    e->hp -= amount;
    if (e->hp <= 0) { e->hp = 0; e->alive = false; }
}
static float entity_distance(const Entity *a, const Entity *b) { return hypotf(a->pos.x - b->pos.x, a->pos.y - b->pos.y); }
static void player_add_score(Player *p, int points) { p->score += points; }
static bool is_player(const void *e) { return ((const Entity *)e)->kind == KIND_PLAYER; }
static bool is_enemy(const void *e) { return ((const Entity *)e)->kind == KIND_ENEMY; }

/* ---- components ---- */

static void *component_alloc(size_t size, ComponentKind kind, Entity *owner)
{
    Component *c = calloc(1, size);
    if (!c) return NULL;
    c->refs = 2;                /* the owner's and the caller's */
    c->kind = kind;
    c->owner = owner;
    c->next = owner->components;
    owner->components = c;
    return c;
}
static void component_free(Component *c) { free(c); }
static void component_release(Component *c)
{
    if (--c->refs == 0) component_free(c);
}
/* the returned component carries the caller's reference: the script's */
static Sprite *entity_add_sprite(Entity *e, const Color *tint, int8_t glyph)
{
    Sprite *s = component_alloc(sizeof *s, COMP_SPRITE, e);
    s->tint = *tint;
    s->glyph = (char)glyph;
    return s;                   /* bound as Sprite@: its reference goes to the script */
}
static Trail *entity_add_trail(Entity *e, int length)
{
    Trail *t = component_alloc(sizeof *t, COMP_TRAIL, e);
    t->length = length;
    t->fade = 0.5f;
    return t;
}
static int entity_component_count(const Entity *e)
{
    int n = 0;
    for (const Component *c = e->components; c; c = c->next) n++;
    return n;
}
static Component *entity_component(Entity *e, int i)
{
    Component *c = e->components;
    while (c && i-- > 0) c = c->next;
    return c;
}
static Entity *component_owner(const Component *c) { return c->owner; }
static bool is_sprite(const void *c) { return ((const Component *)c)->kind == COMP_SPRITE; }
static bool is_trail(const void *c) { return ((const Component *)c)->kind == COMP_TRAIL; }

/* ---- binds ---- */

AS_BIND_TYPES(entity_types, AS_BIND_NORMAL)
{
    as_bind_enum *kind = AS_ENUM(b, EntityKind, "EntityKind");
    AS_ENUM_VALUE(kind, "Player", KIND_PLAYER);
    AS_ENUM_VALUE(kind, "Enemy", KIND_ENEMY);
    AS_ENUM_VALUE(kind, "Pickup", KIND_PICKUP);
    AS_DOC(b, "collected on touch");
    as_bind_enum *team = AS_ENUM(b, Team, "Team");
    AS_ENUM_VALUE(team, "None", TEAM_NONE);
    AS_ENUM_VALUE(team, "Heroes", TEAM_HEROES);
    AS_ENUM_VALUE(team, "Monsters", TEAM_MONSTERS);

    as_bind_class *entity = AS_REF_CLASS(b, Entity, "Entity", 0);
    AS_DOC(b, "anything in the world");
    AS_BASE(AS_REF_CLASS(b, Player, "Player", 0), Player, base, "Entity", is_player);
    AS_BASE(AS_REF_CLASS(b, Enemy, "Enemy", 0), Enemy, base, "Entity", is_enemy);
    (void)entity;
    AS_REF_CLASS(b, Component, "Component", 0);
    AS_BASE(AS_REF_CLASS(b, Sprite, "Sprite", 0), Sprite, base, "Component", is_sprite);
    AS_BASE(AS_REF_CLASS(b, Trail, "Trail", 0), Trail, base, "Component", is_trail);
}

AS_BIND(entity_members, AS_BIND_NORMAL)
{
    as_bind_class *e = as_bind_class_find(b, "Entity");
    AS_REFCOUNT(e, Entity, refs, entity_free);
    AS_CONSTRUCTOR(e, "Entity(name)", pickup_new, Entity *, const char *);
    AS_PROPERTY_AS(e, Entity, id, "const int id");
    AS_PROPERTY_AS(e, Entity, kind, "const EntityKind kind");
    AS_PROPERTY_AS(e, Entity, team, "Team team");
    AS_PROPERTY_AS(e, Entity, pos, "Vec2 pos");
    AS_PROPERTY_AS(e, Entity, vel, "Vec2 vel");
    AS_PROPERTY(e, Entity, radius);
    AS_PROPERTY(e, Entity, hp);
    AS_PROPERTY_AS(e, Entity, alive, "const bool alive");
    AS_GETTER(e, "name", entity_name, const char *, const Entity *);
    AS_SETTER(e, "name", entity_set_name, void, Entity *, const char *);
    AS_METHOD(e, "damage(amount)", entity_damage, void, Entity *, int);
    AS_DOC(b, "takes hit points away; at 0 the entity dies");
    AS_METHOD(e, "distanceTo(other)", entity_distance, float, const Entity *, const Entity *);
    AS_METHOD(e, "Sprite@ addSprite(tint, glyph)", entity_add_sprite, Sprite *, Entity *, const Color *, int8_t);
    AS_METHOD(e, "Trail@ addTrail(length)", entity_add_trail, Trail *, Entity *, int);
    AS_METHOD(e, "componentCount", entity_component_count, int, const Entity *);
    AS_METHOD(e, "Component@+ component(index)", entity_component, Component *, Entity *, int);

    as_bind_class *p = as_bind_class_find(b, "Player");
    AS_CONSTRUCTOR(p, "Player(name)", game_player_new, Player *, const char *);
    AS_PROPERTY(p, Player, score);
    AS_PROPERTY(p, Player, lives);
    AS_METHOD(p, "addScore(points)", player_add_score, void, Player *, int);

    as_bind_class *m = as_bind_class_find(b, "Enemy");
    AS_CONSTRUCTOR(m, "Enemy(name, attack)", game_enemy_new, Enemy *, const char *, int);
    AS_PROPERTY(m, Enemy, attack);   /* not `damage`: a method of Entity has that name */
    AS_PROPERTY(m, Enemy, speed);
}

AS_BIND(component_members, AS_BIND_NORMAL)
{
    as_bind_class *c = as_bind_class_find(b, "Component");
    AS_REFCOUNT(c, Component, refs, component_free);
    AS_GETTER(c, "Entity@+ owner", component_owner, Entity *, const Component *);
    as_bind_class *s = as_bind_class_find(b, "Sprite");
    AS_PROPERTY_AS(s, Sprite, tint, "Color tint");
    AS_PROPERTY(s, Sprite, glyph);
    as_bind_class *t = as_bind_class_find(b, "Trail");
    AS_PROPERTY(t, Trail, length);
    AS_PROPERTY(t, Trail, fade);
}
