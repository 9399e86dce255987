/* The debugger add-on (as_debugger_*, the SDK's CDebugger in C), driven by a scripted session:
 * a function breakpoint turning into a line breakpoint on entry, a line breakpoint on a line
 * without code moving to the next one with code, the call stack, local and global variables,
 * members of `this`, printing by name (locals, members, globals, a member through a handle),
 * step into / over / out, removing breakpoints, abort; every line printed is checked. Object
 * addresses are masked as ADDR. */
#include "angelc.h"
#include "angelc_addons.h"
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "check.h"

static const char *const *commands;
static int next_command;
static char output[16384];

static bool input(char *buf, size_t size, void *user)
{
    (void)user;
    if (!commands[next_command]) return false;
    snprintf(buf, size, "%s", commands[next_command]);
    /* echo the command, so the transcript reads like a session */
    size_t n = strlen(output);
    snprintf(output + n, sizeof output - n, "> %s\n", commands[next_command]);
    next_command++;
    return true;
}

/* Addresses vary: "0x55d0c3a8" becomes "ADDR". */
static void output_line(const char *line, void *user)
{
    (void)user;
    size_t n = strlen(output);
    for (const char *p = line; *p && n + 5 < sizeof output;) {
        if (p[0] == '0' && p[1] == 'x' && isxdigit((unsigned char)p[2])) {
            memcpy(output + n, "ADDR", 4);
            n += 4;
            p += 2;
            while (isxdigit((unsigned char)*p)) p++;
        } else {
            output[n++] = *p++;
        }
    }
    output[n] = 0;
}

static void on_message(const as_message *m, void *user)
{
    (void)user;
    fprintf(stderr, "%s:%d:%d: %s\n", m->section, m->row, m->col, m->message);
}

static const char script[] =
    "int g = 5;\n"                                   /* 1 */
    "string name = 'world';\n"                       /* 2 */
    "enum Color { red, green }\n"                    /* 3 */
    "class P\n"                                      /* 4 */
    "{\n"                                            /* 5 */
    "  int x = 3;\n"                                 /* 6 */
    "  string s = 'hi';\n"                           /* 7 */
    "  int twice() { return x * 2; }\n"              /* 8 */
    "}\n"                                            /* 9 */
    "int add(int a, int b)\n"                        /* 10 */
    "{\n"                                            /* 11 */
    "  int c = a + b;\n"                             /* 12 */
    "  return c;\n"                                  /* 13 */
    "}\n"                                            /* 14 */
    "void main()\n"                                  /* 15 */
    "{\n"                                            /* 16 */
    "  P p;\n"                                       /* 17 */
    "  P@ h = p;\n"                                  /* 18 */
    "  P@ none;\n"                                   /* 19 */
    "  Color col = green;\n"                         /* 20 */
    "  int total = 0;\n"                             /* 21 */
    "\n"                                             /* 22 */
    "  total = add(total, 4);\n"                     /* 23 */
    "  total += p.twice();\n"                        /* 24 */
    "  g = total;\n"                                 /* 25 */
    "}\n";                                           /* 26 */

static as_engine *setup(as_module **m)
{
    as_engine *e = as_engine_create();
    REQUIRE(e);
    as_engine_set_message_callback(e, on_message, NULL);
    REQUIRE(as_register_string(e) >= 0);
    *m = as_engine_get_module(e, "dbg", AS_GM_ALWAYS_CREATE);
    REQUIRE(as_module_add_section(*m, "dir/dbg.as", script, strlen(script), 0) >= 0);
    REQUIRE(as_module_build(*m) >= 0);
    return e;
}

static int run(const char *const *cmds, as_debugger **out_dbg)
{
    as_module *m;
    as_engine *e = setup(&m);
    commands = cmds;
    next_command = 0;
    output[0] = 0;
    as_debugger *d = as_debugger_create(input, output_line, NULL);
    REQUIRE(d);
    as_context *ctx = as_context_create(e);
    REQUIRE(as_context_set_line_callback(ctx, as_debugger_line_callback, d) >= 0);
    REQUIRE(as_context_prepare(ctx, as_module_function_by_decl(m, "void main()")) >= 0);
    int r = as_context_execute(ctx);
    int g = *(int *)as_module_global_address(m, as_module_global_index_by_name(m, "g"));
    as_context_destroy(ctx);
    if (out_dbg) *out_dbg = d;
    else as_debugger_destroy(d);
    as_engine_destroy(e);
    return r == AS_EXECUTION_FINISHED ? g : -r;
}

static void expect_output(const char *expected)
{
    if (strcmp(output, expected) != 0) {
        fprintf(stderr, "expected:\n%s\ngot:\n%s\n", expected, output);
        failures++;
    }
}

/* Breakpoints, variables, the call stack, stepping */
static void session(void)
{
    static const char *const cmds[] = {
        "b add", "b 22", "l b", "c",
        "w", "l v", "p h.x", "p none.x", "p col", "p name", "p nothing", "p 1a", "l g", "s",
        "w", "l v", "p a", "r 0", "l b", "o",
        "s", "l m", "p x", "p this", "p s", "n", "n",
        "r all", "l b", "c",
        NULL};
    CHECK(run(cmds, NULL) == 10);
    expect_output(
        "dbg.as:17; void main()\n"
        "> b add\n"
        "Adding deferred break point for function 'add'\n"
        "> b 22\n"
        "Setting break point in file 'dbg.as' at line 22\n"
        "> l b\n"
        "0 - add\n"
        "1 - dbg.as:22\n"
        "> c\n"
        "Moving break point 1 in file 'dbg.as' to next line with code at line 23\n"
        "Reached break point 1 in file 'dbg.as' at line 23\n"
        "dbg.as:23; void main()\n"
        "> w\n"
        "dbg.as:23; void main()\n"
        "> l v\n"
        "P p = {P ADDR} { x = 3, s = \"hi\" }\n"
        "P@ h = {P ADDR}\n"
        "P@ none = <null>\n"
        "Color col = green\n"
        "int total = 0\n"
        "> p h.x\n"
        "3\n"
        "> p none.x\n"
        "Null pointer access\n"
        "> p col\n"
        "green\n"
        "> p name\n"
        "\"world\"\n"
        "> p nothing\n"
        "Invalid expression. No matching symbol\n"
        "> p 1a\n"
        "Invalid expression. Expected identifier\n"
        "> l g\n"
        "int g = 5\n"
        "string name = \"world\"\n"
        "> s\n"
        "Entering function 'add'. Transforming it into break point\n"
        "Reached break point 0 in file 'dbg.as' at line 12\n"
        "dbg.as:12; int add(int, int)\n"
        "> w\n"
        "dbg.as:12; int add(int, int)\n"
        "dbg.as:23; void main()\n"
        "> l v\n"
        "int a = 0\n"
        "int b = 4\n"
        "> p a\n"
        "0\n"
        "> r 0\n"
        "> l b\n"
        "0 - dbg.as:23\n"
        "> o\n"
        "dbg.as:24; void main()\n"
        "> s\n"
        "dbg.as:8; int P::twice()\n"
        "> l m\n"
        "int x = 3\n"
        "string s = \"hi\"\n"
        "> p x\n"
        "3\n"
        "> p this\n"
        "{P ADDR} { x = 3, s = \"hi\" }\n"
        "> p s\n"
        "\"hi\"\n"
        "> n\n"
        "dbg.as:8; int P::twice()\n"
        "> n\n"
        "dbg.as:25; void main()\n"
        "> r all\n"
        "All break points have been removed\n"
        "> l b\n"
        "> c\n");
}

/* Breakpoints set by the host before the run; abort from the prompt */
static as_debugger *host_dbg;
static void host_breakpoints_and_abort(void)
{
    static const char *const cmds[] = {"c", "p total", "a", NULL};
    as_module *m;
    as_engine *e = setup(&m);
    commands = cmds;
    next_command = 0;
    output[0] = 0;
    host_dbg = as_debugger_create(input, output_line, NULL);
    REQUIRE(host_dbg);
    CHECK(as_debugger_add_file_breakpoint(host_dbg, "dbg.as", 25) == AS_SUCCESS);
    CHECK(as_debugger_add_file_breakpoint(host_dbg, NULL, 3) == AS_INVALID_ARG);
    CHECK(as_debugger_add_func_breakpoint(host_dbg, "") == AS_INVALID_ARG);
    as_context *ctx = as_context_create(e);
    REQUIRE(as_context_set_line_callback(ctx, as_debugger_line_callback, host_dbg) >= 0);
    REQUIRE(as_context_prepare(ctx, as_module_function_by_decl(m, "void main()")) >= 0);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_ABORTED);
    expect_output(
        "Setting break point in file 'dbg.as' at line 25\n"
        "dbg.as:17; void main()\n"
        "> c\n"
        "Reached break point 0 in file 'dbg.as' at line 25\n"
        "dbg.as:25; void main()\n"
        "> p total\n"
        "10\n"
        "> a\n");
    /* values as the debugger prints them, for a host's own display */
    int v = -7;
    char *s = as_debugger_value_to_string(e, &v, AS_TYPEID_INT32, 0);
    CHECK(STREQ(s, "-7"));
    as_free_mem(s);
    s = as_debugger_value_to_string(e, NULL, AS_TYPEID_INT32, 0);
    CHECK(STREQ(s, "<null>"));
    as_free_mem(s);
    /* out of input: the script runs on to its end */
    commands = cmds + 3;
    next_command = 0;
    REQUIRE(as_context_prepare(ctx, as_module_function_by_decl(m, "void main()")) >= 0);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    CHECK(!as_debugger_interpret(host_dbg, "zz", ctx));
    CHECK(!as_debugger_interpret(host_dbg, "h", ctx));
    CHECK(as_debugger_interpret(host_dbg, "c", ctx));
    as_debugger_line_callback(NULL, host_dbg);
    as_debugger_line_callback(ctx, NULL);
    as_context_destroy(ctx);
    as_debugger_destroy(host_dbg);
    as_debugger_destroy(NULL);
    as_engine_destroy(e);
}

int main(void)
{
    group("session", session);
    group("host breakpoints and abort", host_breakpoints_and_abort);
    return failures ? 1 : 0;
}
