/* Requests made to a running context from outside its thread (include/angelc.h, Threads): a
 * watchdog thread aborting or suspending a runaway script, a debugger thread setting and clearing
 * the line callback while the script runs, and a signal handler aborting it. Each request must
 * take effect, at any moment it is made: one that was lost would leave the script running, and
 * the group hangs (group_alarm counts it as a failure). `make tsan` runs it under
 * ThreadSanitizer: the context's request fields are atomics, so no data race is reported. */
#define _POSIX_C_SOURCE 200809L
#include "angelc.h"
#include "angelc_addons.h"
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include "check.h"

#define ROUNDS 100

static const char script[] =
    "int counter = 0;\n"
    "void bump() { counter++; }\n"
    "void spin() { while (true) counter++; }\n"                 /* backward jumps only */
    "void spin_calls() { while (true) bump(); }\n"              /* calls and backward jumps */
    "void spin_nested() { for (;;) { for (int i = 0; i < 1000; i++) counter += i; bump(); } }\n";

static void on_message(const as_message *m, void *user)
{
    (void)user;
    fprintf(stderr, "%s:%d:%d: %s\n", m->section, m->row, m->col, m->message);
}

static as_engine *engine;
static as_module *module;

static void set_up(void)
{
    engine = as_engine_create();
    REQUIRE(engine);
    as_engine_set_message_callback(engine, on_message, NULL);
    module = as_engine_get_module(engine, "m", AS_GM_ALWAYS_CREATE);
    REQUIRE(as_module_add_section(module, "requests", script, strlen(script), 0) >= 0);
    REQUIRE(as_module_build(module) >= 0);
}

static as_function *function(const char *decl)
{
    as_function *f = as_module_function_by_decl(module, decl);
    REQUIRE(f);
    return f;
}

/* Sleeps 0 to about 2 ms, varied per round, so requests land at every point of the loop. */
static void pause_a_little(int round)
{
    struct timespec ts = {0, (long)((round * 7919) % 2000) * 1000};
    nanosleep(&ts, NULL);
}

/* Waits until the worker's execution has begun (a request before it would meet a context at
 * rest: an abort then drops a suspended call on this thread, racing the worker's execute). */
static void wait_until_active(as_context *ctx)
{
    while (as_context_state(ctx) != AS_EXECUTION_ACTIVE) {
        struct timespec ts = {0, 10000};
        nanosleep(&ts, NULL);
    }
}

struct run {
    as_context *ctx;
    int result;
};

static void *execute(void *arg)
{
    struct run *r = arg;
    r->result = as_context_execute(r->ctx);
    return NULL;
}

/* Executes ctx on a new thread; once it runs, waits a little (varied by round), makes the
 * request from this thread and returns what the execution returned. */
static int execute_then(as_context *ctx, int round, int (*request)(as_context *))
{
    struct run r = {ctx, -1};
    pthread_t t;
    REQUIRE(pthread_create(&t, NULL, execute, &r) == 0);
    wait_until_active(ctx);
    pause_a_little(round);
    CHECK(request(ctx) == AS_SUCCESS);
    pthread_join(t, NULL);
    return r.result;
}

static void watchdog_aborts(void)
{
    set_up();
    const char *decls[] = {"void spin()", "void spin_calls()", "void spin_nested()"};
    as_context *ctx = as_context_create(engine);
    for (int round = 0; round < ROUNDS; round++) {
        REQUIRE(as_context_prepare(ctx, function(decls[round % 3])) >= 0);
        CHECK(execute_then(ctx, round, as_context_abort) == AS_EXECUTION_ABORTED);
    }
    as_context_destroy(ctx);
    as_engine_release(engine);
}

static void watchdog_suspends(void)
{
    set_up();
    as_context *ctx = as_context_create(engine);
    for (int round = 0; round < ROUNDS / 4; round++) {
        REQUIRE(as_context_prepare(ctx, function(round % 2 ? "void spin_calls()" : "void spin()")) >= 0);
        CHECK(execute_then(ctx, round, as_context_suspend) == AS_EXECUTION_SUSPENDED);
        /* resumed on another thread, then aborted from this one */
        CHECK(execute_then(ctx, round + 1, as_context_abort) == AS_EXECUTION_ABORTED);
    }
    as_context_destroy(ctx);
    as_engine_release(engine);
}

static atomic_int lines_seen;

/* Runs on the script's thread: counts statements, and stops the script after 500. */
static void count_lines(as_context *ctx, void *user)
{
    CHECK(user == &lines_seen);
    if (atomic_fetch_add(&lines_seen, 1) + 1 == 500) as_context_abort(ctx);
}

static void line_callback_from_another_thread(void)
{
    set_up();
    as_context *ctx = as_context_create(engine);
    for (int round = 0; round < ROUNDS / 4; round++) {
        atomic_store(&lines_seen, 0);
        REQUIRE(as_context_prepare(ctx, function(round % 2 ? "void spin_nested()" : "void spin()")) >= 0);
        struct run r = {ctx, -1};
        pthread_t t;
        REQUIRE(pthread_create(&t, NULL, execute, &r) == 0);
        wait_until_active(ctx);
        /* armed and disarmed while it runs (as a debugger with nothing to stop for does)... */
        for (int i = 0; i < 20; i++) {
            pause_a_little(round + i);
            as_context_set_line_callback(ctx, count_lines, &lines_seen);
            as_context_clear_line_callback(ctx);
        }
        /* ...then armed for good: the callback itself ends the run */
        as_context_set_line_callback(ctx, count_lines, &lines_seen);
        pthread_join(t, NULL);
        CHECK(r.result == AS_EXECUTION_ABORTED);
        CHECK(atomic_load(&lines_seen) >= 500);
        as_context_clear_line_callback(ctx);
    }
    as_context_destroy(ctx);
    as_engine_release(engine);
}

static as_context *volatile alarm_target;

/* SIGVTALRM: as_context_abort is lock-free, so a signal handler may call it. */

static void on_alarm(int sig)
{
    (void)sig;
    as_context_abort(alarm_target);
}

static void signal_handler_aborts(void)
{
    set_up();
    as_context *ctx = as_context_create(engine);
    alarm_target = ctx;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;
    sigemptyset(&sa.sa_mask);
    /* the CPU-time timer: the real-time one is group()'s hang guard (alarm) */
    REQUIRE(sigaction(SIGVTALRM, &sa, NULL) == 0);
    for (int round = 0; round < ROUNDS / 4; round++) {
        REQUIRE(as_context_prepare(ctx, function(round % 2 ? "void spin_calls()" : "void spin_nested()")) >= 0);
        struct itimerval it = {{0, 0}, {0, 200 + (round * 7919) % 1500}};
        REQUIRE(setitimer(ITIMER_VIRTUAL, &it, NULL) == 0);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_ABORTED);
    }
    signal(SIGVTALRM, SIG_DFL);
    as_context_destroy(ctx);
    as_engine_release(engine);
}

int main(void)
{
    group_alarm = 120;
    group("a watchdog thread aborts runaway loops", watchdog_aborts);
    group("a watchdog thread suspends, another resumes, then it aborts", watchdog_suspends);
    group("the line callback set and cleared from another thread", line_callback_from_another_thread);
    group("a signal handler aborts", signal_handler_aborts);
    return failures ? 1 : 0;
}
