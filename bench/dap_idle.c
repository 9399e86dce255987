/* The debug adapter with no client: a host that listens (as_dap_listen) and attaches its context
 * but nobody connects. Runs SCRIPT's main() once plain and once attached, alternating, ROUNDS
 * times, and prints the median seconds of each, the script's output going to /dev/null
 * (print/println registered here). Built and run by bench/dap_cost.py.
 * Usage: dap_idle SCRIPT [ROUNDS] */
#define _POSIX_C_SOURCE 200809L
#include "angelc.h"
#include "angelc_addons.h"
#include "angelc_dap.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void print(as_generic *g)
{
    size_t n = 0;
    const char *s = as_string_data(as_generic_arg_address(g, 0), &n);
    (void)s, (void)n;   /* the output is checked by the plain runs of dap_cost.py */
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Seconds main() took, or a negative number when it did not run. */
static double run(const char *code, size_t len, const char *name, as_dap_server *server)
{
    as_engine *e = as_engine_create();
    if (!e || as_register_std_addons(e) < 0 ||
        as_register_global_function(e, "void print(const string &in)", AS_FN(print), AS_CALL_GENERIC, NULL) < 0 ||
        as_register_global_function(e, "void println(const string &in)", AS_FN(print), AS_CALL_GENERIC, NULL) < 0)
        return -1;
    as_module *m = as_engine_get_module(e, "main", AS_GM_ALWAYS_CREATE);
    double took = -1;
    if (as_module_add_section(m, name, code, len, 0) >= 0 && as_module_build(m) >= 0) {
        as_context *ctx = as_context_create(e);
        as_function *fn = as_module_function_by_decl(m, "void main()");
        if (ctx && fn && as_context_prepare(ctx, fn) >= 0) {
            if (server) {
                as_dap_add_module(server, m);
                as_dap_attach_context(server, ctx, "main");
            }
            double start = now();
            if (as_context_execute(ctx) == AS_EXECUTION_FINISHED) took = now() - start;
            if (server) as_dap_detach_context(server, ctx);
        }
        if (ctx) as_context_destroy(ctx);
    }
    as_engine_destroy(e);
    return took;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs("usage: dap_idle SCRIPT [ROUNDS]\n", stderr);
        return 2;
    }
    int rounds = argc > 2 ? atoi(argv[2]) : 5;
    if (rounds < 1 || rounds > 100) rounds = 5;
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    static char code[1 << 20];
    size_t len = fread(code, 1, sizeof code, f);
    fclose(f);
    char err[160];
    as_dap_server *server = as_dap_listen(NULL, -1, err, sizeof err);
    if (!server) {
        fprintf(stderr, "dap_idle: cannot listen: %s\n", err);
        return 1;
    }
    double plain[100], idle[100];
    for (int r = 0; r < rounds; r++) {
        plain[r] = run(code, len, argv[1], NULL);
        idle[r] = run(code, len, argv[1], server);
        if (plain[r] < 0 || idle[r] < 0) {
            fprintf(stderr, "dap_idle: %s did not run\n", argv[1]);
            as_dap_stop(server);
            return 1;
        }
    }
    as_dap_stop(server);
    qsort(plain, (size_t)rounds, sizeof *plain, cmp);
    qsort(idle, (size_t)rounds, sizeof *idle, cmp);
    printf("%.4f %.4f\n", plain[rounds / 2], idle[rounds / 2]);
    return 0;
}
