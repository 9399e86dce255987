/* hostcall: host -> script call overhead on angelc.
 *
 * Compiles `int f(int a, int b) { return a + b; }` and calls it CALLS times from C, reusing one
 * context: as_context_prepare, two as_context_set_arg_dword, as_context_execute,
 * as_context_return_dword. Prints the checksum of the results on stdout (the line bench/run.sh
 * checks) and the loop time on stderr as "BENCH calls <seconds>" plus nanoseconds per call.
 * Twins: hostcall_ref.cpp (reference engine), hostcall_lua.c (Lua C API). */
#define _POSIX_C_SOURCE 200809L
#include "angelc.h"
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define CALLS 1000000

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(void)
{
    static const char *src = "int f(int a, int b) { return a + b; }\n";
    as_engine *e = as_engine_create();
    as_module *m = as_engine_get_module(e, "bench", AS_GM_ALWAYS_CREATE);
    as_module_add_section(m, "hostcall.as", src, strlen(src), 0);
    if (as_module_build(m) < 0) return 1;
    as_function *f = as_module_function_by_decl(m, "int f(int, int)");
    if (!f) { fputs("hostcall: no f\n", stderr); return 1; }
    as_context *ctx = as_context_create(e);
    uint32_t sum = 0;
    double t0 = now();
    for (uint32_t i = 0; i < CALLS; i++) {
        as_context_prepare(ctx, f);
        as_context_set_arg_dword(ctx, 0, i);
        as_context_set_arg_dword(ctx, 1, i & 7);
        if (as_context_execute(ctx) != AS_EXECUTION_FINISHED) { fputs("hostcall: execute failed\n", stderr); return 1; }
        sum = sum * 31 + as_context_return_dword(ctx);
    }
    double t = now() - t0;
    printf("hostcall %d calls checksum %u\n", CALLS, (unsigned)sum);
    fprintf(stderr, "BENCH calls %.9f\nhostcall: %.1f ns per call\n", t, t * 1e9 / CALLS);
    as_context_destroy(ctx);
    as_engine_destroy(e);
    return 0;
}
