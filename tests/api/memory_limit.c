/* A per-engine memory limit (issue 17: 10 million live objects under a process cap ended in
 * SIGABRT): past as_engine_set_memory_limit an allocation fails as when memory runs out, so a
 * script that keeps allocating gets the exception "out of memory" (the string and array add-ons
 * raise their own "Out of memory"), a build fails with "out of memory", and the engine goes on
 * working once memory is given back; as_engine_memory_usage counts what the engine's calls
 * allocated. Two engines count apart. */
#define _POSIX_C_SOURCE 200809L
#include "angelc.h"
#include "angelc_addons.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include "check.h"
#include "count_alloc.h"

static char last_error[256];
static void on_message(const as_message *m, void *u)
{
    (void)u;
    if (m->type == AS_MSG_ERROR) snprintf(last_error, sizeof last_error, "%s", m->message);
}

static as_engine *new_engine(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e != NULL);
    as_engine_set_message_callback(e, on_message, NULL);
    as_register_string(e);
    as_register_array(e, true);
    return e;
}

static as_module *build(as_engine *e, const char *src)
{
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    REQUIRE(m != NULL);
    REQUIRE(as_module_add_section(m, "s", src, strlen(src), 0) >= 0);
    return as_module_build(m) >= 0 ? m : NULL;
}

static int run(as_engine *e, as_module *m, const char *decl, char *exc, size_t n)
{
    as_context *ctx = as_context_create(e);
    REQUIRE(ctx != NULL);
    REQUIRE(as_context_prepare(ctx, as_module_function_by_decl(m, decl)) >= 0);
    int r = as_context_execute(ctx);
    if (exc) snprintf(exc, n, "%s", r == AS_EXECUTION_EXCEPTION ? as_context_exception_string(ctx) : "");
    as_context_destroy(ctx);
    return r;
}

static const char hog[] =
    "class N { N@ next; array<int> pad(4); }\n"
    "N@ head;\n"
    "void objects() { for (;;) { N n; @n.next = head; @head = n; } }\n"
    "void strings() { string s = 'x'; for (;;) s += s; }\n"
    "void arrays() { array<array<int>> a; for (;;) { array<int> b(1000); a.insertLast(b); } }\n"
    "void release() { @head = null; }\n"
    "int fine() { array<int> a = {1, 2, 3}; return a[0] + a[1] + a[2]; }\n";

static void scripts_hit_the_limit(void)
{
    as_engine *e = new_engine();
    as_module *m = build(e, hog);
    REQUIRE(m != NULL);
    size_t base = 0, peak = 0;
    CHECK(as_engine_memory_usage(e, &base, &peak) == AS_SUCCESS);
    CHECK(base > 0 && peak >= base);
    CHECK(as_engine_set_memory_limit(e, base + 8u * 1024 * 1024) == AS_SUCCESS);
    static const char *const hogs[] = {"void objects()", "void strings()", "void arrays()"};
    for (int i = 0; i < 3; i++) {
        char exc[128];
        CHECK(run(e, m, hogs[i], exc, sizeof exc) == AS_EXECUTION_EXCEPTION);
        if (strcasecmp(exc, "out of memory")) fprintf(stderr, "  %s: '%s'\n", hogs[i], exc);
        CHECK(strcasecmp(exc, "out of memory") == 0);
        size_t now = 0;
        as_engine_memory_usage(e, &now, &peak);
        CHECK(peak <= base + 8u * 1024 * 1024);
        /* what the script held is given back: the engine works again */
        run(e, m, "void release()", NULL, 0);
        as_engine_garbage_collect(e, AS_GC_FULL_CYCLE, 1);
        as_engine_memory_usage(e, &now, NULL);
        CHECK(now < base + 1024 * 1024);
        as_context *ctx = as_context_create(e);
        REQUIRE(as_context_prepare(ctx, as_module_function_by_decl(m, "int fine()")) >= 0);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED && as_context_return_dword(ctx) == 6);
        as_context_destroy(ctx);
    }
    as_engine_destroy(e);
}

static void builds_hit_the_limit(void)
{
    as_engine *e = new_engine();
    size_t now = 0;
    as_engine_memory_usage(e, &now, NULL);
    /* a large script in a limit too small for it */
    size_t len = 2u * 1024 * 1024;
    char *src = malloc(len + 64);
    REQUIRE(src != NULL);
    size_t at = 0;
    for (int i = 0; at + 64 < len; i++) at += (size_t)snprintf(src + at, 64, "int f%d(int a) { return a + %d; }\n", i, i);
    CHECK(as_engine_set_memory_limit(e, now + 256 * 1024) == AS_SUCCESS);
    as_module *m = as_engine_get_module(e, "big", AS_GM_ALWAYS_CREATE);
    REQUIRE(m != NULL);
    int r = as_module_add_section(m, "big", src, at, 0);
    if (r >= 0) r = as_module_build(m);
    CHECK(r == AS_OUT_OF_MEMORY);
    CHECK(STREQ(last_error, "out of memory"));
    /* with room, the same engine builds it */
    CHECK(as_engine_set_memory_limit(e, 0) == AS_SUCCESS);
    m = as_engine_get_module(e, "big", AS_GM_ALWAYS_CREATE);
    REQUIRE(as_module_add_section(m, "big", src, at, 0) >= 0);
    CHECK(as_module_build(m) >= 0);
    free(src);
    as_engine_destroy(e);
}

static void engines_count_apart(void)
{
    as_engine *a = new_engine(), *b = new_engine();
    as_module *ma = build(a, hog);
    REQUIRE(ma != NULL);
    size_t b0 = 0, b1 = 0;
    as_engine_memory_usage(b, &b0, NULL);
    CHECK(as_engine_set_memory_limit(a, 4u * 1024 * 1024) == AS_SUCCESS);
    CHECK(run(a, ma, "void objects()", NULL, 0) == AS_EXECUTION_EXCEPTION);
    as_engine_memory_usage(b, &b1, NULL);
    CHECK(b1 == b0);
    as_engine_destroy(a);
    as_engine_destroy(b);
}

/* 10 million live objects of a class with a handle member under a process cap (the issue's
 * SIGABRT): the allocation that fails raises "out of memory" in the script, which can be given
 * back and run again. The cap is the host's allocator refusing past 64 MB, and (without a
 * sanitizer, whose shadow memory needs the address space) RLIMIT_AS on the process. */
static const char million[] =
    "class N { N@ next; int v; }\n"
    "N@ head;\n"
    "int count = 0;\n"
    "void fill() { for (int i = 0; i < 10000000; i++) { N n; n.v = i; @n.next = head; @head = n; count++; } }\n"
    "void release() { @head = null; }\n";

static size_t cap;
/* count_alloc with a cap on the bytes live at once */
static void *capped_alloc(size_t n) { return n > cap - live_bytes ? NULL : count_alloc(n); }

static void fill_until_out_of_memory(void)
{
    as_engine *e = new_engine();
    as_module *m = build(e, million);
    REQUIRE(m != NULL);
    for (int round = 0; round < 2; round++) {
        char exc[128];
        CHECK(run(e, m, "void fill()", exc, sizeof exc) == AS_EXECUTION_EXCEPTION);
        if (strcmp(exc, "out of memory")) fprintf(stderr, "  fill(): '%s'\n", exc);
        CHECK(strcmp(exc, "out of memory") == 0);
        run(e, m, "void release()", NULL, 0);
        as_engine_garbage_collect(e, AS_GC_FULL_CYCLE, 1);
    }
    as_engine_destroy(e);
}

static void host_allocator_cap(void)
{
    cap = 64u << 20;
    REQUIRE(as_set_global_memory_functions(capped_alloc, count_free) >= 0);
    fill_until_out_of_memory();
    CHECK(live_bytes == 0);
}

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SANITIZED 1
#endif

#ifndef SANITIZED
static void address_space_cap(void)
{
    /* what the process maps now, and 256 MB more */
    FILE *f = fopen("/proc/self/statm", "r");
    unsigned long pages = 0;
    if (!f || fscanf(f, "%lu", &pages) != 1) {
        if (f) fclose(f);
        fprintf(stderr, "  no /proc/self/statm: not checked\n");
        return;
    }
    fclose(f);
    struct rlimit rl;
    rl.rlim_cur = rl.rlim_max = (rlim_t)pages * (rlim_t)sysconf(_SC_PAGESIZE) + (256u << 20);
    REQUIRE(setrlimit(RLIMIT_AS, &rl) == 0);
    fill_until_out_of_memory();
}
#endif

int main(void)
{
    group_alarm = 120;
    group("10 million objects under the host allocator's cap", host_allocator_cap);
#ifndef SANITIZED
    group("10 million objects under an address space limit", address_space_cap);
#endif
    group("scripts hit the limit", scripts_hit_the_limit);
    group("builds hit the limit", builds_hit_the_limit);
    group("engines count apart", engines_count_apart);
    return failures ? 1 : 0;
}
