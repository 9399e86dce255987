/* Hot reload's cost (issue 28), angelc only (the reference has no hot reload):
 *
 *   reload soft FILE      builds FILE (gen_compile.awk's script), then reloads it with one body
 *                         changed, ROUNDS times: a soft reload (every declaration the same)
 *   reload full N         N live objects of a class (held by an array, none by a global handle),
 *                         then a full reload that adds a member to the class and converts one:
 *                         every object migrates in place
 *
 * Each prints `BENCH <key> <seconds>` on stderr (the fastest of the rounds) and a line on stdout
 * saying what it checked. Exit status 1 if a reload failed or the state was not kept. */
#define _POSIX_C_SOURCE 200809L
#include "angelc.h"
#include "angelc_addons.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define ROUNDS 5

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* CPU time of the process: what a reload costs when the machine is shared (wall time is too) */
static double cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void on_message(const as_message *m, void *user)
{
    (void)user;
    if (m->type == AS_MSG_ERROR) fprintf(stderr, "%s:%d:%d: %s\n", m->section, m->row, m->col, m->message);
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    if (buf) buf[n] = 0;
    fclose(f);
    *len = (size_t)n;
    return buf;
}

static void print_nothing(as_generic *g) { (void)g; }

static as_engine *new_engine(int room)
{
    as_engine *e = as_engine_create();
    as_engine_set_message_callback(e, on_message, NULL);
    as_engine_set_property(e, AS_EP_RELOAD_ROOM, room);
    as_register_std_addons(e);
    /* what gen_compile.awk's main() calls (never run here) */
    as_register_global_function(e, "void print(const string &in)", AS_FN(print_nothing), AS_CALL_GENERIC, NULL);
    return e;
}

static int run_int(as_context *ctx, as_module *m, const char *decl)
{
    as_function *f = as_module_function_by_decl(m, decl);
    if (!f || as_context_prepare(ctx, f) < 0 || as_context_execute(ctx) != AS_EXECUTION_FINISHED) return -1;
    return (int)as_context_return_dword(ctx);
}

/* One body changed: the first "return s;" of the script (f0's) becomes "return s + 1;". */
static int bench_soft(const char *path)
{
    size_t len = 0;
    char *src = read_file(path, &len);
    if (!src) {
        fprintf(stderr, "reload: cannot read %s\n", path);
        return 1;
    }
    char *at = strstr(src, "  return s;\n");
    if (!at) {
        fprintf(stderr, "reload: %s is not gen_compile.awk's script\n", path);
        return 1;
    }
    size_t pre = (size_t)(at - src);
    char *changed = malloc(len + 8);
    memcpy(changed, src, pre);
    strcpy(changed + pre, "  return s + 1;\n");
    strcat(changed + pre, at + strlen("  return s;\n"));
    int lines = 0;
    for (const char *p = src; *p; p++) lines += *p == '\n';
    as_engine *e = new_engine(0);
    as_module *m = as_engine_get_module(e, "bench", AS_GM_ALWAYS_CREATE);
    as_module_add_section(m, path, src, len, 0);
    if (as_module_build(m) < 0) return 1;
    double best = 1e9, best_cpu = 1e9;
    int bad = 0;
    for (int r = 0; r < ROUNDS; r++) {
        const char *code = r % 2 == 0 ? changed : src;
        as_reload_source s = {path, code, strlen(code), 0};
        as_reload_report rep;
        double t0 = now(), c0 = cpu();
        int rc = as_module_reload(m, &s, 1, NULL, &rep);
        double t = now() - t0, c = cpu() - c0;
        if (c < best_cpu) best_cpu = c;
        if (rc != AS_SUCCESS || rep.kind != AS_RELOAD_SOFT || rep.functions_changed != 1) {
            fprintf(stderr, "reload: soft reload %d: %s\n", r, rep.summary);
            bad = 1;
        }
        if (t < best) best = t;
    }
    printf("soft reload of %d lines (one body changed): %.1f ms (%.1f ms of CPU)\n", lines, best * 1e3, best_cpu * 1e3);
    fprintf(stderr, "BENCH reload_soft %.6f\nBENCH reload_soft_cpu %.6f\n", best, best_cpu);
    as_engine_destroy(e);
    free(changed);
    free(src);
    return bad;
}

static const char full_v1[] =
    "class P { int id; double x = 1.5; string name = 'p'; P@ next; }\n"
    "array<P@> all;\n"
    "void make(int n) { all.reserve(n); for (int i = 0; i < n; i++) { P p; p.id = i; all.insertLast(p); if (i > 0) @all[i - 1].next = p; } }\n";
static const char full_v2[] =
    "class P { int id; float x = 1.5f; string name = 'p'; P@ next; int hits = 3; }\n"
    "array<P@> all;\n"
    "int check() { int s = 0; for (uint i = 0; i < all.length(); i++) s += all[i].hits + (all[i].id == int(i) ? 0 : 1000); "
    "return s; }\n"
    "int linked() { int n = 0; for (P@ p = all[0]; p !is null; @p = p.next) n++; return n; }\n";

static int bench_full(int n)
{
    double best = 1e9, best_cpu = 1e9;
    int bad = 0;
    for (int r = 0; r < ROUNDS; r++) {
        as_engine *e = new_engine(16);
        as_module *m = as_engine_get_module(e, "bench", AS_GM_ALWAYS_CREATE);
        as_module_add_section(m, "full.as", full_v1, strlen(full_v1), 0);
        if (as_module_build(m) < 0) return 1;
        as_context *ctx = as_context_create(e);
        as_context_prepare(ctx, as_module_function_by_decl(m, "void make(int)"));
        as_context_set_arg_dword(ctx, 0, (uint32_t)n);
        if (as_context_execute(ctx) != AS_EXECUTION_FINISHED) return 1;
        as_context_unprepare(ctx);
        as_reload_source s = {"full.as", full_v2, strlen(full_v2), 0};
        as_reload_report rep;
        double t0 = now(), c0 = cpu();
        int rc = as_module_reload(m, &s, 1, NULL, &rep);
        double t = now() - t0, c = cpu() - c0;
        if (c < best_cpu) best_cpu = c;
        if (rc != AS_SUCCESS || rep.kind != AS_RELOAD_FULL || rep.objects_migrated != n ||
            run_int(ctx, m, "int check()") != 3 * n || run_int(ctx, m, "int linked()") != n) {
            fprintf(stderr, "reload: full reload of %d objects: %s\n", n, rep.summary);
            bad = 1;
        }
        if (t < best) best = t;
        as_context_destroy(ctx);
        as_engine_destroy(e);
    }
    printf("full reload with %d live objects migrated: %.1f ms (%.1f ms of CPU, %.0f ns per object)\n", n, best * 1e3,
           best_cpu * 1e3, best_cpu * 1e9 / n);
    fprintf(stderr, "BENCH reload_full_%d %.6f\nBENCH reload_full_%d_cpu %.6f\n", n, best, n, best_cpu);
    return bad;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "soft") == 0) return bench_soft(argv[2]);
    if (argc == 3 && strcmp(argv[1], "full") == 0) return bench_full(atoi(argv[2]));
    fprintf(stderr, "usage: reload soft FILE | reload full N\n");
    return 2;
}
