/* Messages without a message callback (issue 26, "No silent errors"): the engine writes them to
 * stderr as `angelc check` prints them, `section:row:col: error: text` (also when row and col are
 * 0), and `angelc: error: text` for messages without a section (registration);
 * as_message_discard silences them; setting NULL restores the default; the binding toolkit's
 * errors take the same way. stderr is captured into a temporary file. */
#define _POSIX_C_SOURCE 200809L
#include "angelc.h"
#include "angelc_addons.h"
#include "angelc_bind.h"
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "check.h"
#include "stderr_capture.h"

static char out[8192];

/* Runs fn with stderr going into out. */
static void capture_stderr(void (*fn)(void))
{
    stderr_capture c = stderr_capture_begin();
    fn();
    stderr_capture_end(c, out, sizeof out);
}

static int build(as_engine *e, const char *code)
{
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    REQUIRE(as_module_add_section(m, "script.as", code, strlen(code), 0) >= 0);
    return as_module_build(m);
}

/* How often sub occurs in out. */
static int count_in_out(const char *sub)
{
    int n = 0;
    for (const char *p = strstr(out, sub); p; p = strstr(p + 1, sub)) n++;
    return n;
}

static void show_out(void)
{
    fprintf(stderr, "stderr was:\n%s", out);
}

/* ---- no callback: stderr ---- */

static int build_result, register_result;
static void syntax_error_without_callback(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e);
    as_message_fn fn = as_message_discard;
    void *user = &fn;
    CHECK(as_engine_get_message_callback(e, &fn, &user) == AS_SUCCESS && fn == NULL && user == NULL);
    build_result = build(e, "void main()\n{\n  int x = ;\n}\n");
    register_result = as_register_global_function(e, "void (", NULL, AS_CALL_CDECL, NULL);
    as_engine_destroy(e);
}

static void errors_go_to_stderr(void)
{
    capture_stderr(syntax_error_without_callback);
    CHECK(build_result == AS_ERROR);
    CHECK(register_result < 0);
    /* the compiler's error at its place, as `angelc check` prints it */
    CHECK(strstr(out, "script.as:3:11: error: Expected expression value\n") != NULL);
    /* a registration error has no section */
    CHECK(strstr(out, "angelc: error: ") != NULL);
    CHECK(count_in_out("\n") == count_in_out("error: ") + count_in_out("info: ") + count_in_out("warning: "));
    if (failures) show_out();
}

static void warnings_and_info_too(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e);
    /* a warning: the build succeeds and still says so */
    CHECK(build(e, "void f() { int a = 1; { int a = 2; } }\n") >= 0);
    as_engine_write_message(e, "host.c", 12, 0, AS_MSG_INFORMATION, "a line without a column");
    as_engine_write_message(e, "setup", 0, 0, AS_MSG_WARNING, "a section alone");
    as_engine_write_message(e, NULL, 0, 0, AS_MSG_ERROR, "no section");
    as_engine_destroy(e);
}

static void forms_of_messages(void)
{
    capture_stderr(warnings_and_info_too);
    CHECK(strstr(out, "script.as:1:29: warning: Variable 'a' hides another variable of same name in outer scope\n") != NULL);
    CHECK(strstr(out, "host.c:12:0: info: a line without a column\n") != NULL);
    CHECK(strstr(out, "setup:0:0: warning: a section alone\n") != NULL);
    CHECK(strstr(out, "angelc: error: no section\n") != NULL);
    if (failures) show_out();
}

/* ---- switched off, and back on ---- */

static void silenced_then_restored(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e);
    CHECK(as_engine_set_message_callback(e, as_message_discard, NULL) == AS_SUCCESS);
    as_message_fn fn = NULL;
    CHECK(as_engine_get_message_callback(e, &fn, NULL) == AS_SUCCESS && fn == as_message_discard);
    build_result = build(e, "void f() { undeclared; int x = 1; { int x = 2; } }\n");
    register_result = as_register_global_function(e, "void (", NULL, AS_CALL_CDECL, NULL);
    as_engine_write_message(e, "s", 1, 1, AS_MSG_ERROR, "silenced");
    /* NULL: the default again */
    CHECK(as_engine_set_message_callback(e, NULL, NULL) == AS_SUCCESS);
    as_engine_write_message(e, "s", 2, 5, AS_MSG_ERROR, "heard");
    as_engine_destroy(e);
}

static void discard_silences(void)
{
    capture_stderr(silenced_then_restored);
    CHECK(build_result == AS_ERROR);
    CHECK(register_result < 0);
    CHECK(strcmp(out, "s:2:5: error: heard\n") == 0);
    if (failures) show_out();
}

/* A host's own callback replaces the default: nothing is printed twice. */
static int seen;
static void count_messages(const as_message *m, void *user)
{
    (void)m;
    (void)user;
    seen++;
}

static void with_callback(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e);
    as_engine_set_message_callback(e, count_messages, NULL);
    build_result = build(e, "void main() { int x = ; }\n");
    as_engine_destroy(e);
}

static void callback_replaces_default(void)
{
    capture_stderr(with_callback);
    CHECK(build_result == AS_ERROR);
    CHECK(seen > 0);
    CHECK(out[0] == 0);
    if (failures) show_out();
}

/* ---- the binding toolkit ---- */

static void bound_nothing(void) {}

static int bind_result;
static void failing_bind(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e);
    as_bind *b = as_bind_begin(e, "tools");
    REQUIRE(b);
    as_bind_fail(b, "the host's own reason");
    /* a registration made directly inside the bind */
    as_register_global_function(e, "void (", AS_FN(bound_nothing), AS_CALL_CDECL, NULL);
    /* a toolkit line: a name that is not one */
    AS_FUNCTION(b, "no such name!", bound_nothing, void, void);
    bind_result = as_bind_end(b);
    /* the default is back after the bind */
    as_message_fn fn = as_message_discard;
    CHECK(as_engine_get_message_callback(e, &fn, NULL) == AS_SUCCESS && fn == NULL);
    as_engine_destroy(e);
}

static void bind_errors_go_to_stderr(void)
{
    capture_stderr(failing_bind);
    CHECK(bind_result < 0 && bind_result == -count_in_out("bind 'tools': "));
    /* as_bind_fail; the direct call (the parser's two lines and the registration's); the line */
    CHECK(count_in_out("bind 'tools': ") == 5);
    CHECK(strstr(out, ": error: bind 'tools': Failed in call to function 'RegisterGlobalFunction' with 'void ('") != NULL);
    CHECK(strstr(out, ": error: bind 'tools': function: 'void no() such name!' failed: ") != NULL);
    CHECK(strstr(out, "default_messages.c:") != NULL);   /* the C file and line of the bind */
    CHECK(strstr(out, ": error: bind 'tools': the host's own reason\n") != NULL);
    if (failures) show_out();
}

int main(void)
{
    group("errors_go_to_stderr", errors_go_to_stderr);
    group("forms_of_messages", forms_of_messages);
    group("discard_silences", discard_silences);
    group("callback_replaces_default", callback_replaces_default);
    group("bind_errors_go_to_stderr", bind_errors_go_to_stderr);
    if (failures) fprintf(stderr, "%d failure(s)\n", failures);
    return failures ? 1 : 0;
}
