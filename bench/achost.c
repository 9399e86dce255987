/* achost: angelc with timings, for the start-up and compile benchmarks (twin: refhost.cpp).
 *
 *   achost [-n N] FILE.as
 *
 * Sets up an engine N times (default 1; as_engine_create + everything `angelc run` registers,
 * via tools/angelc/host.c; all but the last engine are destroyed again), then compiles FILE.as
 * and runs its void main(). Times go to stderr as lines the bench driver reads:
 *
 *   BENCH setup <mean seconds per engine set-up>
 *   BENCH setup1 <seconds of the first set-up>
 *   BENCH compile <seconds of as_module_build, incl. adding the section>
 *   BENCH run <seconds of main()>
 */
#define _POSIX_C_SOURCE 200809L
#include "angelc.h"
#include "host.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    int n = 1, a = 1;
    if (argc > 3 && strcmp(argv[1], "-n") == 0) { n = atoi(argv[2]); a = 3; }
    if (a >= argc || n < 1) { fputs("usage: achost [-n N] FILE.as\n", stderr); return 2; }
    const char *path = argv[a];
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); return 2; }
    size_t cap = 1 << 16, len = 0, r;
    char *src = malloc(cap);
    while (src && (r = fread(src + len, 1, cap - len, f)) > 0) {
        len += r;
        if (len == cap) src = realloc(src, cap *= 2);
    }
    fclose(f);
    if (!src) return 2;

    as_engine *e = NULL;
    double setup = 0, setup1 = 0;
    for (int i = 0; i < n; i++) {
        if (e) as_engine_destroy(e);
        double t0 = now();
        e = as_engine_create();
        if (!e || host_register(e, 0, NULL) < 0) { fputs("achost: set-up failed\n", stderr); return 2; }
        double t = now() - t0;
        if (i == 0) setup1 = t;
        setup += t;
    }
    double t1 = now();
    as_module *m = as_engine_get_module(e, "main", AS_GM_ALWAYS_CREATE);
    as_module_add_section(m, path, src, len, 0);
    if (as_module_build(m) < 0) { fputs("achost: build failed\n", stderr); return 1; }
    double t2 = now();
    as_function *fn = as_module_function_by_decl(m, "void main()");
    if (!fn) { fputs("achost: no void main()\n", stderr); return 1; }
    as_context *ctx = as_context_create(e);
    as_context_prepare(ctx, fn);
    int st = as_context_execute(ctx);
    double t3 = now();
    fflush(stdout);
    if (st != AS_EXECUTION_FINISHED) { fprintf(stderr, "achost: main() did not finish (state %d)\n", st); return 1; }
    fprintf(stderr, "BENCH setup %.9f\nBENCH setup1 %.9f\nBENCH compile %.9f\nBENCH run %.9f\n", setup / n, setup1,
            t2 - t1, t3 - t2);
    as_context_destroy(ctx);
    as_engine_destroy(e);
    free(src);
    return 0;
}
