/* Thread safety as include/angelc.h documents it (issue 17):
 *  - independent engines on separate threads share no mutable state: 4 threads each create an
 *    engine with the add-ons, build a module (classes, handles in cycles for the collector,
 *    arrays, strings, a dictionary, exceptions), run it, save and load its bytecode, collect
 *    garbage, discard and rebuild, destroy the engine, many times over;
 *  - one engine may be used from several threads one at a time (here: a mutex), contexts and
 *    script objects of it included;
 *  - the process-wide settings, made before the threads start: the host's allocator (called
 *    from every thread), the binding toolkit's binds (run by every thread on its engine);
 *  - a weak reference flag (as_lockable_shared_bool), thread safe, shared by the threads.
 * Run it under ThreadSanitizer with `make tsan` (a build with -DANGELC_TSAN=ON in build-tsan/);
 * in the other builds it checks the results only. */
#define _POSIX_C_SOURCE 200809L
#include "angelc.h"
#include "angelc_addons.h"
#include "angelc_bind.h"
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

#define THREADS 4
#define ROUNDS 40

static const char script[] =
    "class Node { Node@ next; array<Node@> kids; string name; dictionary props;\n"
    "  Node(const string &in n) { name = n; props.set('len', int64(n.length())); } }\n"
    "interface Shape { double area() const; }\nclass Bag { int n = 7; array<int> a = {1, 2}; }\n"
    "class Sq : Shape { double s; Sq(double x) { s = x; } double area() const { return s * s; } }\n"
    "int total(array<Shape@> &in shapes) { double t = 0; for (uint i = 0; i < shapes.length(); i++) t += shapes[i].area(); return int(t); }\n"
    "int run(int seed) {\n"
    "  int sum = 0;\n"
    "  for (int i = 0; i < 50; i++) {\n"
    "    Node a('a' + i), b('bb' + i);\n"
    "    @a.next = b; @b.next = a;\n"                       /* a cycle for the collector */
    "    a.kids.insertLast(b); b.kids.insertLast(a);\n"
    "    int64 len; b.props.get('len', len); sum += int(len);\n"
    "  }\n"
    "  array<Shape@> shapes = {Sq(1), Sq(2), Sq(seed % 5)};\n"
    "  sum += total(shapes);\n"
    "  array<int> v; for (int i = 0; i < 100; i++) v.insertLast((i * 7919 + seed) % 101);\n"
    "  v.sortAsc();\n"
    "  sum += v[50];\n"
    "  try { array<int> e; sum += e[3]; } catch { sum += 1000; }\n"
    "  string s; for (int i = 0; i < 20; i++) s += formatInt(i, 'l', 3);\n"
    "  return sum + int(s.length());\n"
    "}\n";

static int expected_for(int seed)
{
    /* what run(seed) returns, computed the same way in C */
    int sum = 0;
    for (int i = 0; i < 50; i++) sum += (int)strlen("bb") + (i >= 10 ? 2 : 1);
    int s = seed % 5;
    sum += 1 + 4 + s * s;
    int v[100];
    for (int i = 0; i < 100; i++) v[i] = (i * 7919 + seed) % 101;
    for (int i = 1; i < 100; i++)
        for (int k = i; k > 0 && v[k] < v[k - 1]; k--) { int t = v[k]; v[k] = v[k - 1]; v[k - 1] = t; }
    sum += v[50];
    sum += 1000;
    return sum + 60;
}

static void on_message(const as_message *m, void *user)
{
    (void)user;
    if (m->type == AS_MSG_ERROR) fprintf(stderr, "%s:%d:%d: %s\n", m->section, m->row, m->col, m->message);
}

static as_engine *make_engine(void)
{
    as_engine *e = as_engine_create();
    if (!e) return NULL;
    as_engine_set_message_callback(e, on_message, NULL);
    as_register_string(e);
    as_register_string_utils(e);
    as_register_math(e);
    as_register_array(e, true);
    as_register_dictionary(e);
    as_register_exception_routines(e);
    return e;
}

static int run_once(as_engine *e, as_module *m, int seed)
{
    as_context *ctx = as_context_create(e);
    if (!ctx) return -1;
    int r = -2;
    if (as_context_prepare(ctx, as_module_function_by_decl(m, "int run(int)")) >= 0) {
        as_context_set_arg_dword(ctx, 0, (uint32_t)seed);
        if (as_context_execute(ctx) == AS_EXECUTION_FINISHED) r = (int)as_context_return_dword(ctx);
        else r = -3;
    }
    as_context_destroy(ctx);
    return r;
}

typedef struct job { int id, errors; } job;

static void *independent(void *arg)
{
    job *j = arg;
    for (int round = 0; round < ROUNDS; round++) {
        as_engine *e = make_engine();
        if (!e) { j->errors++; continue; }
        as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
        as_module_add_section(m, "threads", script, strlen(script), 0);
        if (as_module_build(m) < 0) { j->errors++; as_engine_destroy(e); continue; }
        int seed = j->id * 100 + round;
        if (run_once(e, m, seed) != expected_for(seed)) j->errors++;
        as_engine_garbage_collect(e, AS_GC_FULL_CYCLE, 1);
        /* through bytecode into a second module */
        void *blob = NULL;
        size_t size = 0;
        if (as_module_save_bytecode_to_memory(m, round & 1, &blob, &size) < 0) j->errors++;
        as_module *m2 = as_engine_get_module(e, "loaded", AS_GM_ALWAYS_CREATE);
        if (!blob || as_module_load_bytecode_from_memory(m2, blob, size, NULL) < 0) j->errors++;
        else if (run_once(e, m2, seed + 1) != expected_for(seed + 1)) j->errors++;
        as_free_mem(blob);
        /* discarded and built again */
        as_module_discard(m);
        m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
        as_module_add_section(m, "threads", script, strlen(script), 0);
        if (as_module_build(m) < 0 || run_once(e, m, seed + 2) != expected_for(seed + 2)) j->errors++;
        as_engine_garbage_collect(e, AS_GC_FULL_CYCLE, 1);
        as_engine_destroy(e);
    }
    return NULL;
}

static void independent_engines(void)
{
    pthread_t t[THREADS];
    job jobs[THREADS];
    for (int i = 0; i < THREADS; i++) {
        jobs[i] = (job){i, 0};
        REQUIRE(pthread_create(&t[i], NULL, independent, &jobs[i]) == 0);
    }
    for (int i = 0; i < THREADS; i++) {
        pthread_join(t[i], NULL);
        if (jobs[i].errors) fprintf(stderr, "  thread %d: %d errors\n", i, jobs[i].errors);
        CHECK(jobs[i].errors == 0);
    }
}

/* One engine, used by one thread at a time. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static as_engine *shared;
static as_module *shared_module;
static void *shared_obj;   /* a script object made on one thread, used and released on others */

static void *turns(void *arg)
{
    job *j = arg;
    for (int round = 0; round < ROUNDS; round++) {
        pthread_mutex_lock(&lock);
        int seed = j->id * 100 + round;
        if (run_once(shared, shared_module, seed) != expected_for(seed)) j->errors++;
        if (round == 0 && j->id == 0) {
            as_type *t = as_module_type_by_name(shared_module, "Bag");
            shared_obj = t ? as_engine_create_object(shared, as_type_id(t)) : NULL;
            if (!shared_obj) j->errors++;
        } else if (round == ROUNDS - 1 && j->id == 1 && shared_obj) {
            as_engine_release_object(shared, shared_obj, as_type_id(as_module_type_by_name(shared_module, "Bag")));
            shared_obj = NULL;
        }
        as_engine_garbage_collect(shared, AS_GC_ONE_STEP, 1);
        pthread_mutex_unlock(&lock);
    }
    return NULL;
}

static void one_engine_in_turns(void)
{
    shared = make_engine();
    REQUIRE(shared != NULL);
    shared_module = as_engine_get_module(shared, "m", AS_GM_ALWAYS_CREATE);
    as_module_add_section(shared_module, "threads", script, strlen(script), 0);
    REQUIRE(as_module_build(shared_module) >= 0);
    pthread_t t[THREADS];
    job jobs[THREADS];
    for (int i = 0; i < THREADS; i++) {
        jobs[i] = (job){i, 0};
        REQUIRE(pthread_create(&t[i], NULL, turns, &jobs[i]) == 0);
    }
    for (int i = 0; i < THREADS; i++) {
        pthread_join(t[i], NULL);
        CHECK(jobs[i].errors == 0);
    }
    if (shared_obj) as_engine_release_object(shared, shared_obj, as_type_id(as_module_type_by_name(shared_module, "Bag")));
    as_engine_destroy(shared);
}

/* ---- the process-wide things angelc.h allows: set before the threads start ---- */

/* The host's allocator, set before the first engine and reset after the last: called from every
 * thread (thread safe on the host's side), every byte given back. */
static atomic_long host_bytes, host_blocks;
static void *host_alloc(size_t n)
{
    size_t *p = malloc(n + 16);
    if (!p) return NULL;
    p[0] = n;
    atomic_fetch_add(&host_bytes, (long)n);
    atomic_fetch_add(&host_blocks, 1);
    return (char *)p + 16;
}
static void host_free(void *q)
{
    if (!q) return;
    size_t *p = (size_t *)((char *)q - 16);
    atomic_fetch_sub(&host_bytes, (long)p[0]);
    free(p);
}

static void host_allocator(void)
{
    REQUIRE(as_set_global_memory_functions(host_alloc, host_free) >= 0);
    independent_engines();
    CHECK(atomic_load(&host_bytes) == 0);
    CHECK(atomic_load(&host_blocks) > 1000);
    CHECK(as_reset_global_memory_functions() >= 0);
}

/* The binding toolkit's list of binds, filled before main(), run by every thread on its own
 * engine. */
static int32_t twice(int32_t x) { return 2 * x; }
AS_BIND(threads_twice, AS_BIND_NORMAL)
{
    AS_FUNCTION(b, "twice", twice, int32_t, int32_t);
}

static void *bind_runs(void *arg)
{
    job *j = arg;
    for (int round = 0; round < ROUNDS; round++) {
        as_engine *e = as_engine_create();
        if (!e) { j->errors++; continue; }
        as_engine_set_message_callback(e, on_message, NULL);
        as_register_string(e);
        if (as_bind_run(e) < 0) j->errors++;
        as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
        const char *src = "int run(int x) { return twice(x) + 1; }";
        as_module_add_section(m, "binds", src, strlen(src), 0);
        if (as_module_build(m) < 0 || run_once(e, m, j->id + round) != 2 * (j->id + round) + 1) j->errors++;
        as_engine_destroy(e);
    }
    return NULL;
}

static void binds_on_threads(void)
{
    pthread_t t[THREADS];
    job jobs[THREADS];
    for (int i = 0; i < THREADS; i++) {
        jobs[i] = (job){i, 0};
        REQUIRE(pthread_create(&t[i], NULL, bind_runs, &jobs[i]) == 0);
    }
    for (int i = 0; i < THREADS; i++) {
        pthread_join(t[i], NULL);
        CHECK(jobs[i].errors == 0);
    }
}

/* A weak reference flag is the one object angelc.h calls thread safe: threads take and drop
 * references and read it under its lock while one sets it. */
static as_lockable_shared_bool *flag;
static void *flag_user(void *arg)
{
    job *j = arg;
    for (int i = 0; i < 20000; i++) {
        as_lockable_shared_bool_addref(flag);
        as_lockable_shared_bool_lock(flag);
        bool dead = as_lockable_shared_bool_get(flag);
        if (j->id == 0 && i == 10000) as_lockable_shared_bool_set(flag, true);
        as_lockable_shared_bool_unlock(flag);
        if (i > 10000 && j->id == 0 && !dead) j->errors++;
        as_lockable_shared_bool_release(flag);
    }
    return NULL;
}

static void shared_flag(void)
{
    flag = as_lockable_shared_bool_create();
    REQUIRE(flag != NULL);
    pthread_t t[THREADS];
    job jobs[THREADS];
    for (int i = 0; i < THREADS; i++) {
        jobs[i] = (job){i, 0};
        REQUIRE(pthread_create(&t[i], NULL, flag_user, &jobs[i]) == 0);
    }
    for (int i = 0; i < THREADS; i++) {
        pthread_join(t[i], NULL);
        CHECK(jobs[i].errors == 0);
    }
    CHECK(as_lockable_shared_bool_get(flag));
    CHECK(as_lockable_shared_bool_release(flag) == 0);
}

int main(void)
{
    group_alarm = 300;
    group("independent engines on 4 threads", independent_engines);
    group("one engine, 4 threads taking turns", one_engine_in_turns);
    group("the host's allocator on 4 threads", host_allocator);
    group("binds run on 4 threads", binds_on_threads);
    group("a weak reference flag shared by 4 threads", shared_flag);
    return failures ? 1 : 0;
}
