/* Compiler messages a host sees (issue 14), as the reference 2.38 gives them:
 *  - a local variable declared in an inner block with the name of a variable of an outer block
 *    of the same function (a parameter, a for variable, a local) gets the warning "Variable 'a'
 *    hides another variable of same name in outer scope" at its name; a local with the name of
 *    a global or of a member is not warned about; in the same block it is the error "'a' is
 *    already declared";
 *  - with as_message_discard as the callback nothing is written anywhere (as the reference
 *    without a callback; without one angelc writes them to stderr: tests/api/default_messages.c);
 *  - as_builder_start_module with a NULL name starts the module "" (CScriptBuilder takes 0). */
#define _POSIX_C_SOURCE 200809L
#include "angelc.h"
#include "angelc_addons.h"
#include "angelc_builder.h"
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "check.h"
#include "stderr_capture.h"

#define MAXMSG 32
static struct { int n; struct { int row, col; as_msgtype type; char text[200]; } m[MAXMSG]; } msgs;

static void on_message(const as_message *m, void *user)
{
    (void)user;
    if (msgs.n < MAXMSG) {
        msgs.m[msgs.n].row = m->row;
        msgs.m[msgs.n].col = m->col;
        msgs.m[msgs.n].type = m->type;
        snprintf(msgs.m[msgs.n].text, sizeof msgs.m[0].text, "%s", m->message);
        msgs.n++;
    }
}

/* Whether a message of this type, place and text was given. */
static bool said(as_msgtype type, int row, int col, const char *text)
{
    for (int i = 0; i < msgs.n; i++)
        if (msgs.m[i].type == type && msgs.m[i].row == row && msgs.m[i].col == col && strcmp(msgs.m[i].text, text) == 0)
            return true;
    return false;
}

static int count_type(as_msgtype type)
{
    int n = 0;
    for (int i = 0; i < msgs.n; i++) n += msgs.m[i].type == type;
    return n;
}

static int build(as_engine *e, const char *code)
{
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    REQUIRE(as_module_add_section(m, "s", code, strlen(code), 0) >= 0);
    return as_module_build(m);
}

static void hides_warning(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e && as_register_string(e) >= 0);
    as_engine_set_message_callback(e, on_message, NULL);
    msgs.n = 0;
    CHECK(build(e, "int g;\n"
                   "void f(int a)\n"
                   "{\n"
                   "  int g = 1;\n"                             /* a global: no warning */
                   "  { int a = 2; }\n"                          /* 5:9 the parameter */
                   "  for (int i = 0; i < 1; i++) { int i = 3; }\n" /* 6:37 the for variable */
                   "  int j;\n"
                   "  for (int j = 0; j < 1; j++) {}\n"          /* 8:12 a local */
                   "  if (true) { int k; { string k; } }\n"      /* 9:31 */
                   "}\n"
                   "class C { int p; void m(int q) { int p = 1; { int q = 2; } } }\n") >= 0); /* 11:51 */
    const char *w = "Variable '%s' hides another variable of same name in outer scope";
    char t[128];
    snprintf(t, sizeof t, w, "a");
    CHECK(said(AS_MSG_WARNING, 5, 9, t));
    snprintf(t, sizeof t, w, "i");
    CHECK(said(AS_MSG_WARNING, 6, 37, t));
    snprintf(t, sizeof t, w, "j");
    CHECK(said(AS_MSG_WARNING, 8, 12, t));
    snprintf(t, sizeof t, w, "k");
    CHECK(said(AS_MSG_WARNING, 9, 31, t));
    snprintf(t, sizeof t, w, "q");
    CHECK(said(AS_MSG_WARNING, 11, 51, t));
    CHECK(count_type(AS_MSG_WARNING) == 5);
    CHECK(count_type(AS_MSG_ERROR) == 0);

    /* the same block: an error, not a warning */
    msgs.n = 0;
    CHECK(build(e, "void h(int a) { int a = 2; }\n") < 0);
    CHECK(said(AS_MSG_ERROR, 1, 21, "'a' is already declared"));
    CHECK(count_type(AS_MSG_WARNING) == 0);
    as_engine_destroy(e);
}

/* stderr into a temporary file while fn runs; what was written, in buf. */
static void capture_stderr(void (*fn)(void), char *buf, size_t n)
{
    stderr_capture c = stderr_capture_begin();
    fn();
    stderr_capture_end(c, buf, n);
}

static int silent_result;
static void build_discarding(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e);
    as_engine_set_message_callback(e, as_message_discard, NULL);
    silent_result = build(e, "void f() { undeclared; int x = 1; { int x = 2; } }\n");
    /* registration errors too */
    if (as_register_global_function(e, "void (", NULL, AS_CALL_CDECL, NULL) >= 0) silent_result = 0;
    as_engine_destroy(e);
}

static void silent_when_discarding(void)
{
    char out[4096];
    capture_stderr(build_discarding, out, sizeof out);
    CHECK(silent_result < 0);
    CHECK(out[0] == 0);
    if (out[0]) fprintf(stderr, "written to stderr: %s\n", out);
}

static void builder_null_name(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e && as_register_string(e) >= 0);
    as_engine_set_message_callback(e, on_message, NULL);
    as_builder *b = as_builder_create();
    REQUIRE(b);
    CHECK(as_builder_start_module(b, e, NULL) == 0);
    as_module *m = as_builder_module(b);
    REQUIRE(m);
    CHECK(STREQ(as_module_name(m), ""));
    CHECK(as_engine_get_module(e, "", AS_GM_ONLY_IF_EXISTS) == m);
    const char *code = "int f() { return 42; }";
    CHECK(as_builder_add_memory(b, "x", code, strlen(code), 0) == 1);
    CHECK(as_builder_build(b) >= 0);
    CHECK(as_module_function_by_name(m, "f") != NULL);
    CHECK(as_builder_start_module(b, NULL, NULL) == AS_INVALID_ARG);
    as_builder_destroy(b);
    as_engine_destroy(e);
}

int main(void)
{
    group("hides_warning", hides_warning);
    group("silent_when_discarding", silent_when_discarding);
    group("builder_null_name", builder_null_name);
    if (failures) fprintf(stderr, "%d failure(s)\n", failures);
    return failures ? 1 : 0;
}
