/* The binding toolkit in a host: a particle simulation exposed to a script with one table
 * per C type and one line per C function.
 *
 *   - `Particle` (a value struct) and the reference classes `Body` <- `Planet` are described
 *     once and bound in a batch; Planet gets Body's fields and methods and handle casts;
 *   - free functions are bound from their C signatures (AS_BIND_FUNCTION), so their script
 *     declarations can't drift from the C code;
 *   - the binds are declared next to the code they bind (AS_BIND) and as_bind_run runs them in
 *     order: types first, then members;
 *   - the host calls script functions with AS_BIND_CALL, which refuses a call whose C types
 *     don't match the script's signature;
 *   - `example_bind --dump` prints the bound API as JSON, for an editor's completion.
 *
 * Every result is checked; the program exits with 1 if anything is not as expected, so the
 * test suite runs it too (tests/api/bind_example.c includes this file). */
#include "angelc.h"
#include "angelc_addons.h"
#include "angelc_bind.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ============================================================================ C types */

typedef struct Particle { float x, v; } Particle;

typedef struct Body { int refs; int is_planet; float mass; } Body;
typedef struct Planet { Body body; int moons; } Planet;
static int live_bodies;

static Body *body_new(void) { Body *b = calloc(1, sizeof *b); b->refs = 1; b->mass = 1; live_bodies++; return b; }
static Planet *planet_new(void) { Planet *p = calloc(1, sizeof *p); p->body.refs = 1; p->body.is_planet = 1; p->body.mass = 100; live_bodies++; return p; }
static void body_addref(Body *b) { b->refs++; }
static void body_release(Body *b) { if (--b->refs == 0) { live_bodies--; free(b); } }
static bool is_planet(const void *b) { return ((const Body *)b)->is_planet; }
static void particle_init(float x, float v, Particle *p) { p->x = x; p->v = v; }

/* methods: the first C parameter is the object */
static float body_weight(const Body *b, float g) { return b->mass * g; }
static void planet_add_moon(Planet *p) { p->moons++; }
AS_BIND_METHOD(float, body_weight, (const Body *, self), (float, g));
AS_BIND_VOID_METHOD0(planet_add_moon, (Planet *, self));

static void particle_step(Particle *p, float dt) { p->x += p->v * dt; }
AS_BIND_VOID_METHOD(particle_step, (Particle *, self), (float, dt));

/* free functions */
static float lerp(float a, float b, float t) { return a + (b - a) * t; }
static int64_t ticks_total;
static int64_t advance(int32_t ticks) { ticks_total += ticks; return ticks_total; }
AS_BIND_FUNCTION(float, lerp, (float, a), (float, b), (float, t));
AS_BIND_FUNCTION(int64_t, advance, (int32_t, ticks));

/* ============================================================================ binds */

static const as_bind_class sim_classes[] = {
    {"Particle", "Particle", sizeof(Particle), AS_OBJ_VALUE | AS_OBJ_POD | AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_ALLFLOATS, NULL, NULL,
     (const as_bind_field[]){AS_BIND_FIELD(Particle, x, "float x", "position"), AS_BIND_FIELD(Particle, v, "float v", "velocity"), {NULL, 0, NULL}},
     NULL,
     (const as_bind_behaviour[]){{AS_BEHAVE_CONSTRUCT, "void f(float x, float v)", AS_FN(particle_init), AS_CALL_CDECL_OBJLAST}, {0, NULL, NULL, 0}},
     "a point moving along a line", NULL},
    {"Body", "Body", sizeof(Body), AS_OBJ_REF, NULL, NULL,
     (const as_bind_field[]){AS_BIND_FIELD(Body, mass, "float mass", "kilograms"), {NULL, 0, NULL}},
     NULL,
     (const as_bind_behaviour[]){
         {AS_BEHAVE_FACTORY, "Body@ f()", AS_FN(body_new), AS_CALL_CDECL},
         {AS_BEHAVE_ADDREF, "void f()", AS_FN(body_addref), AS_CALL_CDECL_OBJFIRST},
         {AS_BEHAVE_RELEASE, "void f()", AS_FN(body_release), AS_CALL_CDECL_OBJFIRST},
         {0, NULL, NULL, 0}},
     "something with mass", NULL},
    {"Planet", "Planet", sizeof(Planet), AS_OBJ_REF, "Body", is_planet,
     (const as_bind_field[]){AS_BIND_FIELD(Planet, moons, "int moons", NULL), {NULL, 0, NULL}},
     NULL,
     (const as_bind_behaviour[]){
         {AS_BEHAVE_FACTORY, "Planet@ f()", AS_FN(planet_new), AS_CALL_CDECL},
         {AS_BEHAVE_ADDREF, "void f()", AS_FN(body_addref), AS_CALL_CDECL_OBJFIRST},
         {AS_BEHAVE_RELEASE, "void f()", AS_FN(body_release), AS_CALL_CDECL_OBJFIRST},
         {0, NULL, NULL, 0}},
     "a body with moons", NULL},
};

AS_BIND(sim_string, AS_BIND_TYPES, AS_BIND_EARLY) { (void)user; return as_register_string(e); }
AS_BIND(sim_types, AS_BIND_TYPES, AS_BIND_NORMAL)
{
    (void)user;
    return as_bind_classes(e, sim_classes, (int)(sizeof sim_classes / sizeof sim_classes[0]));
}
AS_BIND(sim_members, AS_BIND_MEMBERS, AS_BIND_NORMAL)
{
    (void)user;
    int r;
    if ((r = as_bind_method_of(e, "Body", &body_weight__as_bind, "weight under gravity g")) < 0) return r;
    if ((r = as_bind_method_of(e, "Planet", &planet_add_moon__as_bind, NULL)) < 0) return r;
    if ((r = as_bind_method_of(e, "Particle", &particle_step__as_bind, "moves by the velocity for dt seconds")) < 0) return r;
    if ((r = as_bind_function(e, &lerp__as_bind, "linear interpolation")) < 0) return r;
    return as_bind_function(e, &advance__as_bind, "adds ticks to the clock, returns the total");
}

/* ============================================================================ the script */

static const char *script =
    "float simulate(int steps, float dt) {\n"
    "  Particle p(0, 2);\n"
    "  for (int i = 0; i < steps; i++) p.particle_step(dt);\n"
    "  return p.x;\n"
    "}\n"
    "int64 clock() { advance(5); return advance(10); }\n"
    "float planets() {\n"
    "  Planet@ earth = Planet();\n"
    "  earth.planet_add_moon();\n"
    "  Body@ b = earth;\n"                               /* a Planet is a Body */
    "  Planet@ again = cast<Planet>(b);\n"
    "  Planet@ none = cast<Planet>(Body());\n"
    "  if (again !is earth || none !is null) return -1;\n"
    "  return b.body_weight(9.5f) + earth.moons + lerp(0, 10, 0.25f);\n"
    "}\n";

static int check(bool ok, const char *what)
{
    if (!ok) fprintf(stderr, "example_bind: %s\n", what);
    return ok ? 0 : 1;
}

int main(int argc, char **argv)
{
    as_engine *e = as_engine_create();
    if (as_bind_run(e) != 0) return 1;
    if (argc > 1 && strcmp(argv[1], "--dump") == 0) {
        as_bind_dump(e, stdout, AS_BIND_DUMP_JSON);
        as_engine_destroy(e);
        return 0;
    }
    as_module *m = as_engine_get_module(e, "sim", AS_GM_ALWAYS_CREATE);
    as_module_add_section(m, "sim.as", script, strlen(script), 0);
    if (as_module_build(m) < 0) return 1;

    as_context *ctx = as_context_create(e);
    int bad = 0;
    float x = 0;
    bad += check(AS_BIND_CALL(ctx, as_module_function_by_name(m, "simulate"), &x, 10, 0.5f) == AS_EXECUTION_FINISHED && x == 10.0f,
                 "simulate(10, 0.5) should be 10");
    int64_t t = 0;
    bad += check(AS_BIND_CALL0(ctx, as_module_function_by_name(m, "clock"), &t) == AS_EXECUTION_FINISHED && t == 15, "clock() should be 15");
    float w = 0;
    bad += check(AS_BIND_CALL0(ctx, as_module_function_by_name(m, "planets"), &w) == AS_EXECUTION_FINISHED && w == 950.0f + 1 + 2.5f,
                 "planets() should be 953.5");
    /* the C types must match: simulate takes (int, float), not (double, double) */
    bad += check(AS_BIND_CALL(ctx, as_module_function_by_name(m, "simulate"), &x, 10.0, 0.5) == AS_INVALID_TYPE,
                 "a call with the wrong C types should be refused");
    printf("simulate: %g, clock: %lld, planets: %g\n", x, (long long)t, w);
    as_context_destroy(ctx);
    as_engine_destroy(e);
    bad += check(live_bodies == 0, "every Body should be released");
    return bad ? 1 : 0;
}
