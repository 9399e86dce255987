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
#include "check.h"

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

int main(void)
{
    group_alarm = 120;
    group("scripts hit the limit", scripts_hit_the_limit);
    group("builds hit the limit", builds_hit_the_limit);
    group("engines count apart", engines_count_apart);
    return failures ? 1 : 0;
}
