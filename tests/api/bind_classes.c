/* Binding toolkit: base classes (members, behaviours and handle casts copied to derived classes
 * whatever order the binds run in, overrides kept), templates (a value template whose instances'
 * size comes from the subtype, a template callback whose refusal is reported at the script
 * line, per-instance data), and classes found by name to add members to. */
#include "bind_support.h"
#include <stdint.h>

/* ---- a hierarchy: Entity <- Player <- Boss ---- */

typedef enum Kind { KIND_ENTITY, KIND_PLAYER, KIND_BOSS } Kind;
typedef struct Entity { int refs; Kind kind; float hp; } Entity;
typedef struct Player { Entity base; int score; } Player;
typedef struct Boss { Player base; int phase; } Boss;
static int alive;

static void *make(size_t size, Kind kind) { Entity *e = calloc(1, size); e->refs = 1; e->kind = kind; e->hp = 10; alive++; return e; }
static Entity *entity_new(void) { return make(sizeof(Entity), KIND_ENTITY); }
static Player *player_new(void) { return make(sizeof(Player), KIND_PLAYER); }
static Boss *boss_new(void) { Boss *b = make(sizeof(Boss), KIND_BOSS); b->base.base.hp = 100; return b; }
static void entity_free(Entity *e) { alive--; free(e); }
static void entity_hurt(Entity *e, float by) { e->hp -= by; }
static const char *entity_describe(const Entity *e) { (void)e; return "entity"; }
static const char *player_describe(const Player *p) { (void)p; return "player"; }
static void player_score(Player *p, int by) { p->score += by; }
static bool is_player(const void *o) { return ((const Entity *)o)->kind != KIND_ENTITY; }
static bool is_boss(const void *o) { return ((const Entity *)o)->kind == KIND_BOSS; }

static void test_inheritance(void)
{
    as_engine *e = test_engine();
    /* the derived classes' bind runs first, the base members come in a later bind */
    as_bind *b = as_bind_begin(e, "derived");
    as_bind_class *ent = AS_REF_CLASS(b, Entity, "Entity", 0);
    as_bind_class *pl = AS_REF_CLASS(b, Player, "Player", 0);
    as_bind_class *boss = AS_REF_CLASS(b, Boss, "Boss", 0);
    AS_BASE(pl, Player, base, "Entity", is_player);
    AS_BASE(boss, Boss, base, "Player", is_boss);
    AS_CONSTRUCTOR(pl, "", player_new, Player *, void);
    AS_CONSTRUCTOR(boss, "", boss_new, Boss *, void);
    AS_METHOD(pl, "describe", player_describe, const char *, const Player *);   /* overrides Entity's */
    AS_DOC(b, "who it is");
    AS_METHOD(pl, "addScore", player_score, void, Player *, int);
    AS_PROPERTY(pl, Player, score);
    (void)ent;
    REQUIRE(as_bind_end(b) == 0);
    b = as_bind_begin(e, "base");
    ent = as_bind_class_find(b, "Entity");
    AS_REFCOUNT(ent, Entity, refs, entity_free);
    AS_CONSTRUCTOR(ent, "", entity_new, Entity *, void);
    AS_PROPERTY(ent, Entity, hp);
    AS_DOC(b, "hit points");
    AS_METHOD(ent, "hurt(by)", entity_hurt, void, Entity *, float);
    AS_DOC(b, "loses hit points");
    AS_METHOD(ent, "describe", entity_describe, const char *, const Entity *);
    REQUIRE(as_bind_end(b) == 0);
    REQUIRE(STREQ(messages, ""));
    int r = run(e,
        "void main() {\n"
        "  Boss@ boss = Boss(); Player@ p = Player(); Entity@ plain = Entity();\n"
        "  boss.hurt(30); boss.addScore(5); p.hurt(1);\n"
        "  print(boss.describe() + ' ' + boss.hp + ' ' + boss.score + ' ' + p.hp + ' ' + plain.describe());\n"
        "  Entity@ asEntity = boss; Player@ asPlayer = boss;\n"
        "  print(asEntity.describe() + ' ' + asEntity.hp);\n"
        "  Player@ back = cast<Player>(asEntity); Boss@ notBoss = cast<Boss>(p); Player@ notPlayer = cast<Player>(plain);\n"
        "  print('' + (back is boss) + ' ' + (notBoss is null) + ' ' + (notPlayer is null) + ' ' + (cast<Boss>(asPlayer) is boss));\n"
        "}\n");
    CHECK(r == AS_EXECUTION_FINISHED);
    /* describe on an Entity handle calls Entity's C function: C has no virtual methods */
    EXPECT_OUTPUT("player 70 5 9 entity\nentity 70\ntrue true true true\n");
    as_type *bt = as_engine_type_by_name(e, "Boss");
    CHECK(STREQ(as_bind_function_doc(as_type_method_by_name(bt, "hurt")), "loses hit points"));
    CHECK(STREQ(as_bind_function_doc(as_type_method_by_name(bt, "describe")), "who it is"));
    /* properties keep their documentation in derived classes, through every level */
    CHECK(STREQ(as_bind_doc_of(e, "Entity::hp"), "hit points"));
    CHECK(STREQ(as_bind_doc_of(e, "Player::hp"), "hit points"));
    CHECK(STREQ(as_bind_doc_of(e, "Boss::hp"), "hit points"));
    CHECK(as_bind_type_by_name(e, "Boss")->base == as_bind_type_by_name(e, "Player"));
    as_engine_destroy(e);
    CHECK(alive == 0);
}

typedef struct NotEntity { double d; } NotEntity;
typedef struct Wrapper { NotEntity inner; int x; } Wrapper;

static void test_base_misuse(void)
{
    as_engine *e = test_engine();
    as_bind *b = as_bind_begin(e, "bases");
    as_bind_class *ent = AS_REF_CLASS(b, Entity, "Entity", AS_OBJ_NOCOUNT);
    as_bind_class *w = AS_REF_CLASS(b, Wrapper, "Wrapper", AS_OBJ_NOCOUNT);
    AS_BASE(w, Wrapper, inner, "Entity", NULL);          /* Entity is not a NotEntity */
    AS_BASE(w, Wrapper, inner, "Nothing", NULL);
    AS_BASE(ent, Entity, refs, "Entity", NULL);          /* itself */
    CHECK(as_bind_end(b) == -3);
    EXPECT_MESSAGE("Wrapper: its first member is 8 bytes, but base class 'Entity' is the C type Entity of 12 bytes");
    EXPECT_MESSAGE("Wrapper: no base class 'Nothing'");
    EXPECT_MESSAGE("Entity: 'Entity' can't be its base class");
    as_engine_destroy(e);
}

/* ---- a value template: optional<T>, its size from T ---- */

typedef struct OptHeader { int32_t has; int32_t pad; } OptHeader;   /* the value follows, 8-aligned */

static int sub_size(as_type *inst)
{
    as_engine *e = as_type_engine(inst);
    int tid = as_type_subtype_id(inst, 0);
    if (tid & AS_TYPEID_OBJHANDLE) return (int)sizeof(void *);
    if (tid <= AS_TYPEID_DOUBLE) return as_engine_primitive_size(e, tid);
    return as_type_size(as_type_subtype(inst, 0));
}
static int opt_size(as_type *inst, void *user) { (void)user; return (int)sizeof(OptHeader) + sub_size(inst); }
static int instances_checked;
static const char *opt_check(as_type *inst, void *user)
{
    (void)user;
    int tid = as_type_subtype_id(inst, 0);
    as_type *sub = as_type_subtype(inst, 0);
    instances_checked++;
    if ((tid & AS_TYPEID_MASK_OBJECT) && !(tid & AS_TYPEID_OBJHANDLE) && !(as_type_flags(sub) & AS_OBJ_POD))
        return "optional<T> holds primitives and plain values only";
    as_type_set_user_data(inst, (void *)(intptr_t)sub_size(inst), 77);   /* per-instance data */
    return NULL;
}
static void opt_init(void *self) { memset(self, 0, sizeof(OptHeader)); }
static void opt_done(void *self) { ((OptHeader *)self)->has = 0; }
static bool opt_has(const void *self) { return ((const OptHeader *)self)->has != 0; }
static void opt_set(void *self, as_type *t, const void *value)
{
    ((OptHeader *)self)->has = 1;
    memcpy((char *)self + sizeof(OptHeader), value, (size_t)(intptr_t)as_type_get_user_data(t, 77));
}
static const void *opt_get(const void *self) { return (const char *)self + sizeof(OptHeader); }

static void test_template(void)
{
    as_engine *e = test_engine();
    as_bind *b = as_bind_begin(e, "optional");
    as_bind_class *o = as_bind_template_class(b, "optional<class T>", AS_OBJ_VALUE, opt_check, opt_size, NULL);
    AS_DOC(b, "maybe a T");
    AS_CONSTRUCTOR(o, "", opt_init, void, void *);
    AS_DESTRUCTOR(o, opt_done, void);
    AS_METHOD(o, "has", opt_has, bool, const void *);
    AS_METHOD(o, "set(const T &in value)", opt_set, void, void *, as_type *, const void *);
    AS_METHOD(o, "const T &get()", opt_get, const void *, const void *);
    if (as_bind_end(b) != 0) fprintf(stderr, "%s", messages);
    REQUIRE(STREQ(messages, ""));
    REQUIRE(STREQ(messages, ""));
    int r = run(e,
        "void main() {\n"
        "  optional<int> a; optional<double> d; optional<int8> c;\n"
        "  print('' + a.has()); a.set(42); d.set(2.5); c.set(-3);\n"
        "  print('' + a.has() + ' ' + a.get() + ' ' + d.get() + ' ' + c.get());\n"
        "}\n");
    CHECK(r == AS_EXECUTION_FINISHED);
    EXPECT_OUTPUT("false\ntrue 42 2.5 -3\n");
    as_type *od = as_engine_type_by_decl(e, "optional<double>");
    as_type *oc = as_engine_type_by_decl(e, "optional<int8>");
    CHECK(od && as_type_size(od) == 16);
    CHECK(oc && as_type_size(oc) == 9);
    CHECK(instances_checked >= 3);
    as_type *tmpl = as_engine_type_by_name(e, "optional");
    CHECK(tmpl && STREQ(as_bind_type_doc(tmpl), "maybe a T") && as_bind_type_of(tmpl) && as_bind_type_of(tmpl)->type_id > 0);
    /* refused subtypes: the host's reason, at the script's line */
    messages[0] = 0;
    CHECK(run(e, "void main() {\n  optional<string> s;\n}\n") == -1);
    EXPECT_MESSAGE("test.as:2: error: Attempting to instantiate invalid template type 'optional<string>': optional<T> holds primitives and plain values only");
    as_engine_destroy(e);
}

/* ---- adding to a class another part of the program registered ---- */

static int str_vowels(const void *s)
{
    size_t len;
    const char *d = as_string_data(s, &len);
    int n = 0;
    for (size_t i = 0; i < len; i++) n += strchr("aeiou", d[i]) != NULL;
    return n;
}

static void test_existing(void)
{
    as_engine *e = test_engine();
    as_bind *b = as_bind_begin(e, "extend string");
    as_bind_class *s = as_bind_class_find(b, "string");
    AS_METHOD(s, "vowels", str_vowels, int, const void *);
    REQUIRE(as_bind_end(b) == 0);
    CHECK(run(e, "void main() { print('' + 'education'.vowels()); }") == 0);
    EXPECT_OUTPUT("5\n");
    as_engine_destroy(e);
}

int main(void)
{
    group("inheritance", test_inheritance);
    group("base_misuse", test_base_misuse);
    group("template", test_template);
    group("existing", test_existing);
    return failures ? 1 : 0;
}
