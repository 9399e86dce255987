/* as_confine_files (issue 32): a host confines the file and filesystem add-ons to directories
 * of its choosing, before or after registering them; refusals are script exceptions naming the
 * rule; a bad root is refused with a message naming the call; the rules go with the engine. */
#define _POSIX_C_SOURCE 200809L
#include "angelc.h"
#include "angelc_addons.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "check.h"

static char last_message[512];

static void on_message(const as_message *m, void *user)
{
    (void)user;
    snprintf(last_message, sizeof last_message, "%s", m->message);
}

/* Runs `string run()` of code and returns its result or the exception (static buffer). */
static const char *run(as_engine *e, const char *code)
{
    static char result[600];
    as_module *m = as_engine_get_module(e, "t", AS_GM_ALWAYS_CREATE);
    as_module_add_section(m, "t", code, strlen(code), 0);
    if (as_module_build(m) < 0) return "build failed";
    as_context *ctx = as_context_create(e);
    as_context_prepare(ctx, as_module_function_by_decl(m, "string run()"));
    int r = as_context_execute(ctx);
    if (r == AS_EXECUTION_FINISHED) {
        size_t n;
        const char *s = as_string_data(as_context_return_object(ctx), &n);
        snprintf(result, sizeof result, "%.*s", (int)n, s);
    } else {
        snprintf(result, sizeof result, "exception: %s", r == AS_EXECUTION_EXCEPTION ? as_context_exception_string(ctx) : "?");
    }
    as_context_destroy(ctx);
    return result;
}

int main(void)
{
    char dir[] = "/tmp/angelc_sandbox_XXXXXX";
    REQUIRE(mkdtemp(dir) != NULL);
    char inside[64], ro[64], code[4096];
    snprintf(inside, sizeof inside, "%s/in", dir);
    snprintf(ro, sizeof ro, "%s/ro", dir);
    REQUIRE(mkdir(inside, 0700) == 0 && mkdir(ro, 0700) == 0);

    /* confined before the add-ons are registered */
    as_engine *e = as_engine_create();
    as_engine_set_message_callback(e, on_message, NULL);
    as_file_root roots[] = {{inside, true}, {ro, false}};
    CHECK(as_confine_files(e, roots, 2, 0) == AS_SUCCESS);
    REQUIRE(as_register_std_addons(e) >= 0);
    snprintf(code, sizeof code,
             "string run() { file f; string r;\n"
             "  r += '' + f.open('%s/a.txt', 'w') + ' '; f.writeString('hello'); f.close();\n"
             "  r += '' + f.open('%s/a.txt', 'r') + ' ' + f.readString(5) + ' '; f.close();\n"
             "  try { f.open('%s/b.txt', 'w'); } catch { r += getExceptionInfo() + ' | '; }\n"
             "  try { f.open('/etc/hostname', 'r'); } catch { r += getExceptionInfo(); }\n"
             "  return r; }\n",
             inside, inside, ro);
    const char *got = run(e, code);
    char want[1024];
    snprintf(want, sizeof want,
             "0 0 hello sandbox: in a directory this script may only read: '%s/b.txt' | "
             "sandbox: outside the directories this script may use: '/etc/hostname'", ro);
    if (!STREQ(got, want)) fprintf(stderr, "got: %s\n", got ? got : "(null)");
    CHECK(STREQ(got, want));

    /* a root that does not exist: refused, the message names the call, the old rules stay */
    as_file_root bad[] = {{"/nonexistent/angelc", false}};
    CHECK(as_confine_files(e, bad, 1, 0) == AS_INVALID_ARG);
    CHECK(strstr(last_message, "as_confine_files") != NULL);
    CHECK(as_confine_files(NULL, roots, 1, 0) == AS_INVALID_ARG);
    CHECK(as_confine_files(e, NULL, 1, 0) == AS_INVALID_ARG);

    /* replaced: no directory at all, and a write cap */
    CHECK(as_confine_files(e, NULL, 0, 0) == AS_SUCCESS);
    snprintf(code, sizeof code, "string run() { filesystem fs; try { fs.isDir('%s'); } catch { return getExceptionInfo(); } return 'no'; }", inside);
    got = run(e, code);
    CHECK(strncmp(got, "sandbox: outside", 16) == 0);
    as_engine_destroy(e);

    /* confined after registering, with a write cap */
    e = as_engine_create();
    as_engine_set_message_callback(e, on_message, NULL);
    REQUIRE(as_register_std_addons(e) >= 0);
    CHECK(as_confine_files(e, roots, 1, 8) == AS_SUCCESS);
    snprintf(code, sizeof code,
             "string run() { file f; f.open('%s/c.txt', 'w'); f.writeString('12345'); f.writeString('6789'); return 'no'; }", inside);
    got = run(e, code);
    CHECK(STREQ(got, "exception: sandbox: the scripts may write 8 bytes in all"));
    as_engine_destroy(e);

    /* an engine without rules is unconfined */
    e = as_engine_create();
    REQUIRE(as_register_std_addons(e) >= 0);
    snprintf(code, sizeof code, "string run() { file f; return '' + f.open('%s/b.txt', 'w'); }", ro);
    CHECK(STREQ(run(e, code), "0"));
    as_engine_destroy(e);

    char rm[700];
    snprintf(rm, sizeof rm, "rm -rf '%s'", dir);
    CHECK(system(rm) == 0);
    return failures ? 1 : 0;
}
