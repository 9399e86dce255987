/* Allocation failure never crashes or aborts (issue 17): the Nth allocation fails, for every N
 * over a realistic workload (an engine with the add-ons, a script with classes, handles in cycles,
 * arrays, strings and a dictionary built, run, its bytecode saved and loaded, discarded, the
 * engine destroyed). Each N runs in its own child process; it must end normally: a build that
 * runs out of memory fails with "out of memory", a script raises the exception "out of memory",
 * registration returns AS_OUT_OF_MEMORY, and everything after that goes on (abort() would be a
 * signal). Under `make asan` every run is also checked for memory errors.
 *
 * The whole sweep (ALLOC_FAILURE_STRIDE=1) takes about a minute, more under ASan; by default the
 * test times its first runs and tests every kth N with k chosen to take about 10 seconds (it
 * prints k). ALLOC_FAILURE_STRIDE=k sets k. */
#define _POSIX_C_SOURCE 200809L
#include "angelc.h"
#include "angelc_addons.h"
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "check.h"

static long alloc_count, fail_at = -1;
static size_t live_bytes;

static void *failing_alloc(size_t n)
{
    if (++alloc_count == fail_at) return NULL;
    size_t *p = malloc(n + 16);
    if (!p) return NULL;
    p[0] = n;
    live_bytes += n;
    return (char *)p + 16;
}

static void counting_free(void *q)
{
    if (!q) return;
    size_t *p = (size_t *)((char *)q - 16);
    live_bytes -= p[0];
    free(p);
}

static const char script[] =
    "class Node { Node@ next; array<int> data; string name; dictionary d;\n"
    "  Node(int n) { name = 'n' + n; data.resize(n % 5); d.set('k', int64(n)); }\n"
    "  int sum() { int s = 0; for (uint i = 0; i < data.length(); i++) s += data[i]; return s + name.length(); } }\n"
    "interface Shape { double area() const; }\n"
    "class Sq : Shape { double s; Sq(double x) { s = x; } double area() const { return s * s; } }\n"
    "funcdef int Op(int, int);\n"
    "array<Node@> nodes;\n"
    "string title = 'robust';\n"
    "int apply(Op@ op, int a, int b) { return op(a, b); }\n"
    "int main() {\n"
    "  int total = 0;\n"
    "  for (int i = 0; i < 30; i++) { Node n(i); @n.next = n; nodes.insertLast(n); total += n.sum(); }\n"
    "  array<Shape@> shapes = {Sq(1), Sq(2.5)};\n"
    "  for (uint i = 0; i < shapes.length(); i++) total += int(shapes[i].area());\n"
    "  total += apply(function(a, b) { return a * b; }, 6, 7);\n"
    "  dictionary reg; reg.set('x', 5); int64 v; if (reg.get('x', v)) total += int(v);\n"
    "  string s = title; for (int i = 0; i < 10; i++) s += '-' + i;\n"
    "  try { array<int> e; total += e[5]; } catch { total += 1000; }\n"
    "  return total + int(s.length());\n"
    "}\n";

static void quiet(const as_message *m, void *u)
{
    (void)m;
    (void)u;
}

/* The workload; returns what main() returned (or a negative code where it stopped). */
static int workload(void)
{
    as_engine *e = as_engine_create();
    if (!e) return -1;
    as_engine_set_message_callback(e, quiet, NULL);
    int r = 0;
    if (as_register_string(e) < 0 || as_register_string_utils(e) < 0 || as_register_math(e) < 0 ||
        as_register_array(e, true) < 0 || as_register_dictionary(e) < 0 || as_register_exception_routines(e) < 0)
        r = -2;
    as_module *m = r ? NULL : as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    if (!r && (!m || as_module_add_section(m, "s", script, strlen(script), 0) < 0 || as_module_build(m) < 0)) r = -3;
    if (!r) {
        as_context *ctx = as_context_create(e);
        as_function *f = as_module_function_by_decl(m, "int main()");
        if (ctx && f && as_context_prepare(ctx, f) >= 0) {
            int x = as_context_execute(ctx);
            r = x == AS_EXECUTION_FINISHED ? (int)as_context_return_dword(ctx) : -4;
        } else {
            r = -5;
        }
        as_context_destroy(ctx);
        void *blob = NULL;
        size_t size = 0;
        if (as_module_save_bytecode_to_memory(m, false, &blob, &size) >= 0) {
            as_module *l = as_engine_get_module(e, "loaded", AS_GM_ALWAYS_CREATE);
            if (l) as_module_load_bytecode_from_memory(l, blob, size, NULL);
            as_free_mem(blob);
        }
        as_module_discard(m);
        as_engine_garbage_collect(e, AS_GC_FULL_CYCLE, 1);
    }
    as_engine_destroy(e);
    return r;
}

static void sweep(void)
{
    /* the allocations of a run that does not fail, and its result */
    fail_at = -1;
    alloc_count = 0;
    int want = workload();
    long total = alloc_count;
    CHECK(want > 1000);
    CHECK(live_bytes == 0);
    long stride = getenv("ALLOC_FAILURE_STRIDE") ? atol(getenv("ALLOC_FAILURE_STRIDE")) : 0;
    bool calibrate = stride < 1;
    if (calibrate) stride = 1;
    int crashed = 0, leaked = 0, wrong = 0, ran = 0;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (long n = 1; n <= total; n += stride) {
        if (calibrate && n == 21) {
            struct timespec t1;
            clock_gettime(CLOCK_MONOTONIC, &t1);
            double each = ((double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9) / 20;
            stride = (long)(each * (double)total / 10.0) + 1;
            fprintf(stderr, "  from the 21st on, one allocation in %ld of the %ld fails in turn\n", stride, total);
        }
        fflush(NULL);
        int fds[2];
        REQUIRE(pipe(fds) == 0);
        pid_t pid = fork();
        if (pid == 0) {
            close(fds[0]);
            alarm(30);
            fail_at = n;
            alloc_count = 0;
            int r = workload();
            /* what the run reports: its result and the bytes it left */
            long out[2] = {r, (long)live_bytes};
            if (write(fds[1], out, sizeof out) != (ssize_t)sizeof out) _exit(3);
            _exit(0);
        }
        close(fds[1]);
        long got[2] = {0, 0};
        ssize_t k = read(fds[0], got, sizeof got);
        close(fds[0]);
        int st = 0;
        waitpid(pid, &st, 0);
        ran++;
        if (!WIFEXITED(st) || WEXITSTATUS(st) != 0 || k != (ssize_t)sizeof got) {
            if (crashed < 10) fprintf(stderr, "  failing allocation %ld of %ld: %s %d\n", n, total,
                                      WIFSIGNALED(st) ? "signal" : "exit", WIFSIGNALED(st) ? WTERMSIG(st) : WEXITSTATUS(st));
            crashed++;
            continue;
        }
        /* a run either fails somewhere (negative) or, when the failure was absorbed, gets main()'s
         * result or the script's own handling of "out of memory" */
        if (got[0] >= 0 && got[0] != want && got[0] != 0) wrong++;
        if (got[1] != 0) leaked++;
    }
    fprintf(stderr, "  %d of %ld allocations failed one at a time: %d crashed, %d leaked, %d other results\n", ran, total,
            crashed, leaked, wrong);
    CHECK(crashed == 0);
}

int main(void)
{
    REQUIRE(as_set_global_memory_functions(failing_alloc, counting_free) >= 0);
    group_alarm = 0;
    group("every allocation failing in turn", sweep);
    return failures ? 1 : 0;
}
