/* Every conformance script compiled and run on 4 engines in 4 threads at once (issue 32): no
 * mutable state may be shared between engines, so each thread must see exactly what the others
 * see. The threads start at different points of the list, so different scripts compile side by
 * side. Each outcome (build result, output, exception) is reduced to a hash per script and the
 * threads' hashes must agree. Scripts whose output depends on the time, the files or what only
 * the CLI's host registers are left out (see skip_script). Under ThreadSanitizer (`make tsan`)
 * this is the race detector's workload; in the other builds it checks agreement. The scripts are
 * read from tests/scripts (the runner's working directory is the repository root) or argv[1]. */
#define _XOPEN_SOURCE 700
#include "angelc.h"
#include "angelc_addons.h"
#include "angelc_builder.h"
#include <ftw.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

#define THREADS 4
#define BUDGET 20000000u

static char **paths;
static int npaths, cappaths;

/* Time, files, sleeping, co-routines, arguments, engine properties or the CLI host's extras:
 * outcomes that may differ between runs or threads for reasons that are not races. */
static bool skip_script(const char *text)
{
    static const char *const words[] = {"datetime", "filesystem", "file ", "file@", "exec(", "getEnv", "sleep",
                                        "createCoRoutine", "yield", "tmpl_", "native_add", "// args",
                                        "engine-property", "getSystemTime", "random"};
    for (size_t i = 0; i < sizeof words / sizeof *words; i++)
        if (strstr(text, words[i])) return true;
    return false;
}

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (s && fread(s, 1, (size_t)n, f) != (size_t)n) { free(s); s = NULL; }
    if (s) s[n] = 0;
    fclose(f);
    return s;
}

static int collect(const char *path, const struct stat *st, int kind, struct FTW *ftw)
{
    (void)st; (void)ftw;
    size_t n = strlen(path);
    if (kind != FTW_F || n < 3 || strcmp(path + n - 3, ".as") != 0) return 0;
    char *text = read_text(path);
    bool skip = !text || skip_script(text);
    free(text);
    if (skip) return 0;
    if (npaths == cappaths) {
        cappaths = cappaths ? cappaths * 2 : 256;
        paths = realloc(paths, (size_t)cappaths * sizeof *paths);
        REQUIRE(paths != NULL);
    }
    paths[npaths++] = strdup(path);
    return 0;
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* FNV-1a over the outcome of one script, in the order things happen. */
static void mix(uint64_t *h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) *h = (*h ^ b[i]) * 0x100000001b3ull;
}

static void print(as_generic *g)
{
    size_t n;
    const char *s = as_string_data(as_generic_arg_object(g, 0), &n);
    mix(as_generic_auxiliary(g), s, n);
}

static void on_message(const as_message *m, void *user)
{
    mix(user, m->message, strlen(m->message));
    mix(user, &m->row, sizeof m->row);
}

typedef struct job {
    int id, ran, finished;
    uint64_t *hash;    /* one per script */
} job;

static uint64_t outcome(const char *path, int *finished)
{
    uint64_t h = 0xcbf29ce484222325ull;
    as_engine *e = as_engine_create();
    if (!e) return 1;
    as_engine_set_message_callback(e, on_message, &h);
    if (as_register_std_addons(e) < 0 ||
        as_register_global_function(e, "void print(const string &in)", AS_FN(print), AS_CALL_GENERIC, &h) < 0) {
        as_engine_destroy(e);
        return 2;
    }
    as_builder *b = as_builder_create();
    int r = b ? as_builder_start_module(b, e, "m") : -1;
    if (r >= 0) r = as_builder_add_file(b, path);
    if (r >= 0) r = as_builder_build(b);
    mix(&h, &r, sizeof r);
    as_function *fn = r >= 0 ? as_module_function_by_name(as_builder_module(b), "main") : NULL;
    if (fn) {
        as_context *ctx = as_context_create(e);
        if (ctx && as_context_prepare(ctx, fn) >= 0) {
            as_context_set_budget(ctx, BUDGET);
            int x = as_context_execute(ctx);
            mix(&h, &x, sizeof x);
            if (x == AS_EXECUTION_FINISHED) ++*finished;
            if (x == AS_EXECUTION_EXCEPTION) {
                const char *msg = as_context_exception_string(ctx);
                if (msg) mix(&h, msg, strlen(msg));
            }
        }
        if (ctx) as_context_destroy(ctx);
    }
    as_builder_destroy(b);
    as_engine_garbage_collect(e, AS_GC_FULL_CYCLE, 1);
    as_engine_destroy(e);
    return h;
}

static void *worker(void *arg)
{
    job *j = arg;
    int start = j->id * npaths / THREADS;
    for (int k = 0; k < npaths; k++) {
        int i = (start + k) % npaths;
        j->hash[i] = outcome(paths[i], &j->finished);
        j->ran++;
    }
    return NULL;
}

int main(int argc, char **argv)
{
    const char *root = argc > 1 ? argv[1] : "tests/scripts";
    REQUIRE(nftw(root, collect, 16, FTW_PHYS) == 0);
    qsort(paths, (size_t)npaths, sizeof *paths, by_name);
    REQUIRE(npaths > 500);
    pthread_t t[THREADS];
    job jobs[THREADS];
    for (int i = 0; i < THREADS; i++) {
        jobs[i] = (job){i, 0, 0, calloc((size_t)npaths, sizeof(uint64_t))};
        REQUIRE(jobs[i].hash != NULL);
        REQUIRE(pthread_create(&t[i], NULL, worker, &jobs[i]) == 0);
    }
    for (int i = 0; i < THREADS; i++) pthread_join(t[i], NULL);
    int differ = 0;
    for (int s = 0; s < npaths; s++)
        for (int i = 1; i < THREADS; i++)
            if (jobs[i].hash[s] != jobs[0].hash[s]) {
                fprintf(stderr, "threads_scripts: %s: thread %d saw another outcome than thread 0\n", paths[s], i);
                differ++;
                break;
            }
    for (int i = 0; i < THREADS; i++) {
        CHECK(jobs[i].ran == npaths);
        free(jobs[i].hash);
    }
    CHECK(differ == 0);
    /* most scripts run to the end: the workload is the scripts, not their compile errors */
    CHECK(jobs[0].finished > npaths / 2);
    printf("threads_scripts: %d scripts on %d engines in %d threads (%d ran to the end), %d differed\n", npaths, THREADS,
           THREADS, jobs[0].finished, differ);
    for (int i = 0; i < npaths; i++) free(paths[i]);
    free(paths);
    return failures ? 1 : 0;
}
