/* Limits for untrusted scripts, with what the engine offers:
 *
 *   --timeout SECONDS      an interval timer: when it runs out, the script running then is
 *                          aborted (as_context_abort: the VM stops at its next statement, loop
 *                          iteration or call), again every 50 ms for whatever script runs next;
 *                          a process still going 2 s later (blocked in a native call, or in the
 *                          compiler) ends with ANGELC_EXIT_TIMEOUT.
 *   --max-instructions N   as_engine_set_budget: N steps, a step being a loop iteration (backward
 *                          jump) or a call, for the global initialisers, then N for main() with
 *                          its co-routines and callbacks (each repl input N); running out raises
 *                          the uncatchable "Script exceeded its execution budget".
 *   --max-memory BYTES     as_set_global_memory_functions with a counting allocator: every
 *                          allocation of the engine, the compiler, the add-ons and the script's
 *                          objects counts, at what the C library's allocator holds for it
 *                          (malloc_usable_size plus its header); one that would pass the cap
 *                          ends the process.
 *   --max-depth N          AS_EP_MAX_CALL_STACK_SIZE: a call nesting deeper raises "Stack overflow".
 *
 * Each stop says where the script was: " at FILE:LINE:COL in DECL" of the innermost script
 * function (stop_where). For --timeout the abort drops the frames, so the timer sets a line
 * callback on the context it aborts, which the VM calls with the frames still there.
 */
#define _POSIX_C_SOURCE 200809L
#include "host.h"
#include <signal.h>
#include <malloc.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

/* ------------------------------------------------------------------- where it stopped */

/* " at FILE:LINE:COL in DECL" where a limit stopped the script, "" if not known (compiling). */
static char stop_where[512];

/* Writes where ctx is into buf: its innermost script function, or with `exception` where its
 * exception was raised. "" when it runs no script function. Allocates nothing. */
static void describe_position(as_context *ctx, bool exception, char *buf, size_t size)
{
    int line, col = 0;
    const char *section = NULL;
    as_function *fn;
    buf[0] = 0;
    if (exception) {
        line = as_context_exception_line(ctx, &col, &section);
        fn = as_context_exception_function(ctx);
    } else {
        if (as_context_callstack_size(ctx) == 0) return;
        line = as_context_line_number(ctx, 0, &col, &section);
        fn = as_context_function(ctx, 0);
    }
    if (!fn) return;
    host_map_position(section, &line, &col);
    snprintf(buf, size, " at %s:%d:%d in %s", section ? section : "?", line, col, host_function_label(fn));
}

/* ------------------------------------------------------------------------------ memory */

static unsigned long long mem_cap, mem_used;
static bool mem_stopping;     /* past the cap: what the report allocates is not refused */

/* What a block costs as the C library's allocator sees it: the bytes it made usable (the request
 * rounded up to its size classes) and its header word, so that the cap follows the process's
 * memory rather than the bytes asked for (many small strings cost twice their length). */
static size_t block_cost(void *p) { return malloc_usable_size(p) + sizeof(size_t); }

static void *capped_alloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (!p) return NULL;
    size_t cost = block_cost(p);
    if (!mem_stopping && (cost > mem_cap || mem_used > mem_cap - cost)) {
        free(p);
        mem_stopping = true;
        char where[512] = "";
        as_context *ctx = as_active_context();
        if (ctx) describe_position(ctx, false, where, sizeof where);
        fflush(stdout);
        fprintf(stderr, "angelc: stopped: the script exceeded --max-memory %llu bytes%s\n", mem_cap, where);
        fflush(stderr);
        _exit(ANGELC_EXIT_MEMORY);   /* the engine is mid-allocation: nothing more of it runs */
    }
    mem_used += cost;
    return p;
}

static void capped_free(void *ptr)
{
    if (!ptr) return;
    mem_used -= block_cost(ptr);
    free(ptr);
}

void limits_install_memory(const cli_limits *l)
{
    if (!l->max_memory) return;
    mem_cap = l->max_memory;
    as_set_global_memory_functions(capped_alloc, capped_free);
}

/* ------------------------------------------------------------------------------- clock */

#define TICK_USEC 50000        /* after the time is up: abort whatever runs, this often */
#define GRACE_TICKS 40         /* then, 2 s later, end the process */

static volatile sig_atomic_t timed_out, ticks;
static char hard_msg[160];
static size_t hard_len;

/* The line callback of an aborted context: the VM calls it once more as the abort ends the
 * run (state ABORTED), before it drops the frames. */
static void note_abort_position(as_context *ctx, void *user)
{
    (void)user;
    if (as_context_state(ctx) == AS_EXECUTION_ABORTED && !stop_where[0])
        describe_position(ctx, false, stop_where, sizeof stop_where);
}

static void on_alarm(int sig)
{
    (void)sig;
    timed_out = 1;
    as_context *ctx = as_active_context();
    if (++ticks > GRACE_TICKS) {
        /* the main thread is stuck in a native call or the compiler, and is not coming back:
         * the position is read (describe_position writes only into fixed buffers) and the
         * process ends */
        char where[512] = "";
        if (ctx) describe_position(ctx, false, where, sizeof where);
        if (write(STDERR_FILENO, hard_msg, hard_len) < 0 || write(STDERR_FILENO, where, strlen(where)) < 0 ||
            write(STDERR_FILENO, "\n", 1) < 0) {}
        _exit(ANGELC_EXIT_TIMEOUT);
    }
    /* both only set fields of the context for the VM to see */
    if (ctx && as_context_state(ctx) == AS_EXECUTION_ACTIVE) {
        as_context_set_line_callback(ctx, note_abort_position, NULL);
        as_context_abort(ctx);
    }
}

void limits_start_clock(const cli_limits *l)
{
    timed_out = 0;
    ticks = 0;
    stop_where[0] = 0;
    if (!(l->timeout > 0)) return;
    int n = snprintf(hard_msg, sizeof hard_msg,
                     "angelc: stopped: the script ran for more than --timeout %g seconds (and did not stop)", l->timeout);
    hard_len = n > 0 ? (size_t)n : 0;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGALRM, &sa, NULL);
    struct itimerval it;
    memset(&it, 0, sizeof it);
    it.it_value.tv_sec = (time_t)l->timeout;
    it.it_value.tv_usec = (suseconds_t)((l->timeout - (double)(time_t)l->timeout) * 1e6);
    if (it.it_value.tv_sec == 0 && it.it_value.tv_usec == 0) it.it_value.tv_usec = 1;
    it.it_interval.tv_usec = TICK_USEC;
    setitimer(ITIMER_REAL, &it, NULL);
}

void limits_stop_clock(void)
{
    struct itimerval it;
    memset(&it, 0, sizeof it);
    setitimer(ITIMER_REAL, &it, NULL);
}

bool limits_timed_out(void)
{
    return timed_out != 0;
}

/* ---------------------------------------------------------------------- depth, budget */

/* The engine whose budget --max-instructions set: a global initialiser that spends it stops the
 * build, with no context for limits_check to look at. */
static as_engine *budgeted;

int limits_apply_engine(const cli_limits *l, as_engine *e)
{
    if (l->max_depth) as_engine_set_property(e, AS_EP_MAX_CALL_STACK_SIZE, l->max_depth);
    if (l->max_instructions) {
        as_engine_set_budget(e, l->max_instructions);
        budgeted = e;
    }
    if (!l->sandbox) return 0;
    host_forbid_exec(e);
    if (as_confine_files(e, l->roots, l->nroots, l->max_write) < 0) return ANGELC_EXIT_USAGE;
    return 0;
}

void limits_apply_context(const cli_limits *l, as_context *ctx)
{
    if (l->max_instructions) as_engine_set_budget(as_context_engine(ctx), l->max_instructions);
}

void limits_forget_engine(as_engine *e)
{
    if (budgeted == e) budgeted = NULL;
}

int limits_check(const cli_limits *l, as_context *ctx)
{
    if (timed_out) {
        if (ctx) as_context_clear_line_callback(ctx);   /* note_abort_position's work is done */
        return ANGELC_EXIT_TIMEOUT;
    }
    if (!ctx && budgeted && l->max_instructions && as_engine_budget_left(budgeted) == 0) return ANGELC_EXIT_INSTRUCTIONS;
    if (!ctx || as_context_state(ctx) != AS_EXECUTION_EXCEPTION) return 0;
    const char *ex = as_context_exception_string(ctx);
    if (!ex) return 0;
    int status = l->max_instructions && strcmp(ex, "Script exceeded its execution budget") == 0 ? ANGELC_EXIT_INSTRUCTIONS
               : l->max_depth && strcmp(ex, "Stack overflow") == 0 ? ANGELC_EXIT_DEPTH : 0;
    if (status) describe_position(ctx, true, stop_where, sizeof stop_where);
    return status;
}

void limits_report(const cli_limits *l, int status)
{
    fflush(stdout);
    switch (status) {
    case ANGELC_EXIT_TIMEOUT:
        fprintf(stderr, "angelc: stopped: the script ran for more than --timeout %g seconds%s\n", l->timeout, stop_where);
        break;
    case ANGELC_EXIT_INSTRUCTIONS:
        fprintf(stderr, "angelc: stopped: the script exceeded --max-instructions %llu (loop iterations and calls)%s\n",
                l->max_instructions, stop_where);
        break;
    case ANGELC_EXIT_DEPTH:
        fprintf(stderr, "angelc: stopped: the script exceeded --max-depth %u nested calls%s\n", l->max_depth, stop_where);
        break;
    default:
        break;
    }
    stop_where[0] = 0;
}

/* ------------------------------------------------------------------- exception report */

#define TRACE_HEAD 10   /* a longer stack shows its first and last frames */
#define TRACE_TAIL 5

static void print_frame(as_context *ctx, int i)
{
    int fl = 0, fc = 0;
    const char *fs = NULL;
    as_function *fn = as_context_exception_frame(ctx, i, &fl, &fc, &fs);
    host_map_position(fs, &fl, &fc);
    fprintf(stderr, "  in %s at %s:%d:%d\n", host_function_label(fn), fs ? fs : "?", fl, fc);
}

void print_exception(as_context *ctx)
{
    const char *section = NULL;
    int col = 0;
    int line = as_context_exception_line(ctx, &col, &section);
    host_map_position(section, &line, &col);
    fprintf(stderr, "%s:%d:%d: exception: %s\n", section ? section : "?", line, col, as_context_exception_string(ctx));
    int n = as_context_exception_frame_count(ctx);
    if (n <= TRACE_HEAD + TRACE_TAIL + 1) {
        for (int i = 0; i < n; i++) print_frame(ctx, i);
        return;
    }
    for (int i = 0; i < TRACE_HEAD; i++) print_frame(ctx, i);
    fprintf(stderr, "  ... %d more frames ...\n", n - TRACE_HEAD - TRACE_TAIL);
    for (int i = n - TRACE_TAIL; i < n; i++) print_frame(ctx, i);
}
