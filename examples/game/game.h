/* The demo game's C side: value types (vectors, colours), entities with components, a world
 * with a frame loop and events. Each .c file binds what it defines, next to the code. */
#ifndef GAME_H
#define GAME_H
#include <stdbool.h>
#include <stdint.h>

/* ---- values ---- */
typedef struct Vec2 { float x, y; } Vec2;
typedef struct Color { uint8_t r, g, b, a; } Color;

/* ---- entities ---- */
typedef enum EntityKind { KIND_PLAYER, KIND_ENEMY, KIND_PICKUP } EntityKind;
typedef enum Team { TEAM_NONE, TEAM_HEROES, TEAM_MONSTERS } Team;

typedef struct Component Component;
typedef struct Entity {
    int refs;
    EntityKind kind;
    int id;
    char name[24];
    Team team;
    Vec2 pos, vel;
    float radius;
    int hp;
    bool alive;
    Component *components;      /* a list the entity owns */
} Entity;

typedef struct Player { Entity base; int score; int lives; } Player;
typedef struct Enemy { Entity base; int attack; float speed; } Enemy;

/* Components: a base with derived kinds, attached to one entity each. */
typedef enum ComponentKind { COMP_SPRITE, COMP_TRAIL } ComponentKind;
struct Component {
    int refs;
    ComponentKind kind;
    Entity *owner;              /* not counted: the owner outlives its components */
    Component *next;
};
typedef struct Sprite { Component base; Color tint; char glyph; } Sprite;
typedef struct Trail { Component base; int length; float fade; } Trail;

Player *game_player_new(const char *name);
Enemy *game_enemy_new(const char *name, int attack);
Entity *entity_retain(Entity *e);
void entity_release(Entity *e);
const char *entity_name(const Entity *e);

/* ---- the world ---- */
typedef struct World World;
World *world_create(void);
void world_destroy(World *w);
World *world_get(void);               /* the one world the scripts see */
int world_entity_count(const World *w);
Entity *world_entity_at(World *w, int i);
void world_add(World *w, Entity *e);    /* takes a reference */
/* One frame: the script's update(), each entity's behaviour, movement, collisions and their
 * events. Returns false once a script call failed. */
bool world_frame(World *w, float dt);
/* Where scripts run: the engine, a context for the world's calls, the game module. */
bool world_attach(World *w, void *engine, void *context, void *module);
extern int entities_alive;

#endif
