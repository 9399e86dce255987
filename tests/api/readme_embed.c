/* The README's embedding example, compiled and run. The lines between the README-BEGIN and
 * README-END markers are the code block under "## Embedding" in README.md, and the test checks
 * that README.md shows exactly those lines: the README's code is code that builds and runs. It
 * runs a good script (its result) and one with a syntax error (the error on stderr, no result). */
#define _POSIX_C_SOURCE 200809L
/* README-BEGIN */
#include "angelc.h"
#include "angelc_addons.h"
#include <stdio.h>
#include <string.h>

static int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

/* r, after saying what failed if it is an error code */
static int check(int r, const char *what)
{
    if (r < 0) fprintf(stderr, "%s failed: %s\n", what, as_result_text(r));
    return r;
}

/* The script's score(hits, misses), or -1 if it could not be had (and stderr says why). */
static int run_score(const char *src, int hits, int misses)
{
    as_engine *e = as_engine_create();     /* messages go to stderr until a callback is set */
    if (!e) return -1;
    int r = check(as_register_std_addons(e), "registering the add-ons");  /* string, array, ... */
    if (r >= 0) r = check(as_register_global_function(e, "int clamp(int, int, int)", AS_FN(clamp),
                                                      AS_CALL_CDECL, NULL), "registering clamp");
    as_module *m = as_engine_get_module(e, "game", AS_GM_ALWAYS_CREATE);
    if (r >= 0) r = check(as_module_add_section(m, "game.as", src, strlen(src), 0), "adding game.as");
    if (r >= 0) r = check(as_module_build(m), "building game.as");   /* compile errors: on stderr */
    as_context *ctx = as_context_create(e);
    if (r >= 0) r = check(as_context_prepare(ctx, as_module_function_by_decl(m, "int score(int, int)")),
                          "preparing score");
    if (r >= 0) as_context_set_arg_dword(ctx, 0, (uint32_t)hits);
    if (r >= 0) as_context_set_arg_dword(ctx, 1, (uint32_t)misses);
    if (r >= 0) r = check(as_context_execute(ctx), "running score");
    if (r == AS_EXECUTION_EXCEPTION) fprintf(stderr, "score: %s\n", as_context_exception_string(ctx));
    int score = r == AS_EXECUTION_FINISHED ? (int)as_context_return_dword(ctx) : -1;
    as_context_destroy(ctx);
    as_engine_destroy(e);
    return score;
}
/* README-END */

#include <stdlib.h>
#include <unistd.h>
#include "check.h"
#include "stderr_capture.h"

/* The text of path from the line after the one `begin` ends on up to `end` (NULL if missing). */
static char *between(const char *path, const char *begin, const char *end)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    static char text[1 << 17];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = 0;
    char *from = strstr(text, begin);
    if (!from) return NULL;
    from = strchr(from + strlen(begin) - 1, '\n');
    if (!from) return NULL;
    from++;
    char *to = strstr(from, end);
    if (!to) return NULL;
    size_t len = (size_t)(to - from);
    char *r = malloc(len + 1);
    if (!r) return NULL;
    memcpy(r, from, len);
    r[len] = 0;
    return r;
}

/* The test runs in the repository's root (the runner's working directory). */
static void readme_shows_this_code(void)
{
    char *mine = between("tests/api/readme_embed.c", "/* README-BEGIN */", "/* README-END */");
    char *block = between("README.md", "## Embedding\n\n```c", "```\n");   /* the section's first lines */
    REQUIRE(mine && block);
    CHECK(strcmp(mine, block) == 0);
    if (strcmp(mine, block) != 0) fprintf(stderr, "README.md's embedding example differs from tests/api/readme_embed.c:\n%s", block);
    free(mine);
    free(block);
}

static const char *good =
    "int score(int hits, int misses) {\n"
    "  array<int> weight = {10, 5};\n"
    "  return clamp(hits * weight[0] - misses * weight[1], 0, 100);\n"
    "}\n";

static void good_script_scores(void)
{
    CHECK(run_score(good, 8, 3) == 65);
    CHECK(run_score(good, 12, 1) == 100);
    CHECK(run_score(good, 1, 3) == 0);
}

/* stderr into a temporary file while run_score runs; what was written, in buf. */
static int score_capturing_stderr(const char *src, char *buf, size_t n)
{
    stderr_capture c = stderr_capture_begin();
    int score = run_score(src, 8, 3);
    stderr_capture_end(c, buf, n);
    return score;
}

static void errors_are_reported(void)
{
    char out[4096];
    /* a syntax error: the compiler's message and the failed step, and no score */
    CHECK(score_capturing_stderr("int score(int hits, int misses) { return hits +; }\n", out, sizeof out) == -1);
    CHECK(strstr(out, "game.as:1:") != NULL);
    CHECK(strstr(out, ": error: ") != NULL);
    CHECK(strstr(out, "building game.as failed: error\n") != NULL);
    if (!strstr(out, "building game.as failed")) fprintf(stderr, "stderr was:\n%s", out);
    /* no such function */
    CHECK(score_capturing_stderr("int points() { return 1; }\n", out, sizeof out) == -1);
    CHECK(strstr(out, "preparing score failed: ") != NULL);
    /* a script exception */
    CHECK(score_capturing_stderr("int score(int h, int m) { return h / (m - 3); }\n", out, sizeof out) == -1);
    CHECK(strstr(out, "score: Divide by zero") != NULL);
    if (!strstr(out, "score: Divide by zero")) fprintf(stderr, "stderr was:\n%s", out);
}

int main(void)
{
    group("readme_shows_this_code", readme_shows_this_code);
    group("good_script_scores", good_script_scores);
    group("errors_are_reported", errors_are_reported);
    if (failures) fprintf(stderr, "%d failure(s)\n", failures);
    return failures ? 1 : 0;
}
