/* Where the line callback stops (issue 14): exactly where the reference's does. Each script's
 * expected stops ("function:line:col depth=N state=S", one per callback) were printed by a small
 * host built against AngelScript 2.38.0 (/work/shared/reference/as-2.38: g++ -O2
 * -DAS_USE_NAMESPACE, libangelscript.a) that sets a line callback printing
 * GetFunction(0)->GetName(), GetLineNumber(0, &col), GetCallstackSize() and GetState(), and runs
 * main(); the same host with a callback calling Suspend() at its 3rd and 6th stop gave the
 * suspended run. What they show:
 *  - a stop when any script function is entered (at its first statement's line), then one per
 *    statement, none at a declaration without code (`int x;`);
 *  - a stop at the closing brace when a function runs off its end;
 *  - a stop at the head of each loop iteration besides the statements', a `try`, `do` and
 *    `foreach` stopping before their first statement, and none at a while's condition;
 *  - a last stop when the execution ends (finished, suspended, or an exception it doesn't
 *    catch), with the call stack as it is then and the state the execution ends in.
 * Scripts whose differences come from the reference's generated functions (a script class's
 * factory stub, the list-building helper of an initialisation list, which get frames and stops
 * of their own there and do not exist in angelc) are left out. */
#include "angelc.h"
#include "angelc_addons.h"
#include <stdio.h>
#include <string.h>
#include "check.h"

static char got[8192];
static int stops, suspend_at[2];

static void on_line(as_context *ctx, void *user)
{
    (void)user;
    int col = 0;
    int line = as_context_line_number(ctx, 0, &col, NULL);
    size_t n = strlen(got);
    snprintf(got + n, sizeof got - n, "%s:%d:%d depth=%u state=%d\n", as_function_name(as_context_function(ctx, 0)), line, col,
             as_context_callstack_size(ctx), (int)as_context_state(ctx));
    stops++;
    if (stops == suspend_at[0] || stops == suspend_at[1]) as_context_suspend(ctx);
}

static void print(as_generic *g) { (void)g; }

static void on_message(const as_message *m, void *user)
{
    (void)user;
    fprintf(stderr, "%s:%d:%d: %s\n", m->section, m->row, m->col, m->message);
}

/* Runs main() of src with the line callback; with suspending, the callback suspends at its 3rd
 * and 6th stop and the run goes on until it ends. */
static void run(const char *src, const char *expected, bool suspending)
{
    as_engine *e = as_engine_create();
    REQUIRE(e);
    as_engine_set_message_callback(e, on_message, NULL);
    REQUIRE(as_register_string(e) >= 0 && as_register_array(e, true) >= 0);
    REQUIRE(as_register_global_function(e, "void print(const string &in)", AS_FN(print), AS_CALL_GENERIC, NULL) >= 0);
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    REQUIRE(as_module_add_section(m, "s", src, strlen(src), 0) >= 0);
    REQUIRE(as_module_build(m) >= 0);
    as_context *ctx = as_context_create(e);
    REQUIRE(as_context_set_line_callback(ctx, on_line, NULL) >= 0);
    REQUIRE(as_context_prepare(ctx, as_module_function_by_decl(m, "void main()")) >= 0);
    got[0] = 0;
    stops = 0;
    suspend_at[0] = suspending ? 3 : -1;
    suspend_at[1] = suspending ? 6 : -1;
    int r;
    while ((r = as_context_execute(ctx)) == AS_EXECUTION_SUSPENDED) strcat(got, "suspended\n");
    CHECK(r == AS_EXECUTION_FINISHED || r == AS_EXECUTION_EXCEPTION);
    if (strcmp(got, expected) != 0) {
        fprintf(stderr, "expected:\n%s\ngot:\n%s\n", expected, got);
        failures++;
    }
    as_context_destroy(ctx);
    as_engine_destroy(e);
}

static void calls_branches_closing_brace(void)
{
    static const char src[] =
    "int add(int a, int b)\n"
    "{\n"
    "  int c;\n"
    "  c = a + b;\n"
    "  return c;\n"
    "}\n"
    "void main()\n"
    "{\n"
    "  int x;\n"
    "  int y = 2;\n"
    "  x = add(y, 3);\n"
    "  if (x > 4)\n"
    "    x++;\n"
    "  else\n"
    "    x--;\n"
    "  print(\"\" + x);\n"
    "}\n";
    static const char expected[] =
    "main:10:3 depth=1 state=6\n"
    "main:10:3 depth=1 state=6\n"
    "main:11:3 depth=1 state=6\n"
    "add:4:3 depth=2 state=6\n"
    "add:4:3 depth=2 state=6\n"
    "add:5:3 depth=2 state=6\n"
    "main:12:3 depth=1 state=6\n"
    "main:13:5 depth=1 state=6\n"
    "main:16:3 depth=1 state=6\n"
    "main:17:2 depth=1 state=6\n"
    "main:17:2 depth=1 state=0\n";
    run(src, expected, false);
}

static void loops(void)
{
    static const char src[] =
    "void main()\n"
    "{\n"
    "  int sum = 0;\n"
    "  for (int i = 0; i < 2; i++)\n"
    "  {\n"
    "    sum += i;\n"
    "  }\n"
    "  int k = 0;\n"
    "  while (k < 2)\n"
    "    k++;\n"
    "  do { k--; } while (k > 0);\n"
    "  string s;\n"
    "  s = \"a\";\n"
    "}\n";
    static const char expected[] =
    "main:3:3 depth=1 state=6\n"
    "main:3:3 depth=1 state=6\n"
    "main:4:8 depth=1 state=6\n"
    "main:4:19 depth=1 state=6\n"
    "main:4:8 depth=1 state=6\n"
    "main:6:5 depth=1 state=6\n"
    "main:4:26 depth=1 state=6\n"
    "main:4:19 depth=1 state=6\n"
    "main:4:8 depth=1 state=6\n"
    "main:6:5 depth=1 state=6\n"
    "main:4:26 depth=1 state=6\n"
    "main:4:19 depth=1 state=6\n"
    "main:8:3 depth=1 state=6\n"
    "main:9:3 depth=1 state=6\n"
    "main:9:3 depth=1 state=6\n"
    "main:10:5 depth=1 state=6\n"
    "main:9:3 depth=1 state=6\n"
    "main:10:5 depth=1 state=6\n"
    "main:11:3 depth=1 state=6\n"
    "main:11:8 depth=1 state=6\n"
    "main:11:8 depth=1 state=6\n"
    "main:11:22 depth=1 state=6\n"
    "main:11:8 depth=1 state=6\n"
    "main:11:8 depth=1 state=6\n"
    "main:11:22 depth=1 state=6\n"
    "main:12:3 depth=1 state=6\n"
    "main:13:3 depth=1 state=6\n"
    "main:14:2 depth=1 state=6\n"
    "main:14:2 depth=1 state=0\n";
    run(src, expected, false);
}

static void try_switch(void)
{
    static const char src[] =
    "void main()\n"
    "{\n"
    "  int x = 1;\n"
    "  try\n"
    "  {\n"
    "    x = x / (x - 1);\n"
    "  }\n"
    "  catch\n"
    "  {\n"
    "    x = 2;\n"
    "  }\n"
    "  switch (x)\n"
    "  {\n"
    "  case 2:\n"
    "    x = 3;\n"
    "    break;\n"
    "  default:\n"
    "    x = 4;\n"
    "  }\n"
    "}\n";
    static const char expected[] =
    "main:3:3 depth=1 state=6\n"
    "main:3:3 depth=1 state=6\n"
    "main:4:3 depth=1 state=6\n"
    "main:6:5 depth=1 state=6\n"
    "main:10:5 depth=1 state=6\n"
    "main:12:3 depth=1 state=6\n"
    "main:15:5 depth=1 state=6\n"
    "main:16:5 depth=1 state=6\n"
    "main:20:2 depth=1 state=6\n"
    "main:20:2 depth=1 state=0\n";
    run(src, expected, false);
}

static void returns_and_nested_blocks(void)
{
    static const char src[] =
    "void g()\n"
    "{\n"
    "  int x = 1;\n"
    "}\n"
    "void h(bool b)\n"
    "{\n"
    "  if (b) return;\n"
    "  int y = 2;\n"
    "}\n"
    "void k()\n"
    "{\n"
    "  { int z = 3; }\n"
    "}\n"
    "int m()\n"
    "{\n"
    "  int w = 4;\n"
    "  return w;\n"
    "}\n"
    "void main()\n"
    "{\n"
    "  g();\n"
    "  h(true);\n"
    "  h(false);\n"
    "  k();\n"
    "  m();\n"
    "}\n";
    static const char expected[] =
    "main:21:3 depth=1 state=6\n"
    "main:21:3 depth=1 state=6\n"
    "g:3:3 depth=2 state=6\n"
    "g:3:3 depth=2 state=6\n"
    "g:4:2 depth=2 state=6\n"
    "main:22:3 depth=1 state=6\n"
    "h:7:3 depth=2 state=6\n"
    "h:7:3 depth=2 state=6\n"
    "h:7:10 depth=2 state=6\n"
    "main:23:3 depth=1 state=6\n"
    "h:7:3 depth=2 state=6\n"
    "h:7:3 depth=2 state=6\n"
    "h:8:3 depth=2 state=6\n"
    "h:9:2 depth=2 state=6\n"
    "main:24:3 depth=1 state=6\n"
    "k:12:5 depth=2 state=6\n"
    "k:12:5 depth=2 state=6\n"
    "k:13:2 depth=2 state=6\n"
    "main:25:3 depth=1 state=6\n"
    "m:16:3 depth=2 state=6\n"
    "m:16:3 depth=2 state=6\n"
    "m:17:3 depth=2 state=6\n"
    "main:26:2 depth=1 state=6\n"
    "main:26:2 depth=1 state=0\n";
    run(src, expected, false);
}

static void uncaught_exception(void)
{
    static const char src[] =
    "int z = 0;\n"
    "void f()\n"
    "{\n"
    "  int x = 1;\n"
    "  x = x / z;\n"
    "}\n"
    "void main()\n"
    "{\n"
    "  f();\n"
    "}\n";
    static const char expected[] =
    "main:9:3 depth=1 state=6\n"
    "main:9:3 depth=1 state=6\n"
    "f:4:3 depth=2 state=6\n"
    "f:4:3 depth=2 state=6\n"
    "f:5:3 depth=2 state=6\n"
    "f:5:3 depth=2 state=3\n";
    run(src, expected, false);
}

static void foreach(void)
{
    static const char src[] =
    "array<int> a = {1, 2, 3};\n"
    "void main()\n"
    "{\n"
    "  int s = 0;\n"
    "  foreach (int v : a)\n"
    "    s += v;\n"
    "  s = 1;\n"
    "}\n";
    static const char expected[] =
    "main:4:3 depth=1 state=6\n"
    "main:4:3 depth=1 state=6\n"
    "main:5:3 depth=1 state=6\n"
    "main:5:12 depth=1 state=6\n"
    "main:5:12 depth=1 state=6\n"
    "main:5:12 depth=1 state=6\n"
    "main:6:5 depth=1 state=6\n"
    "main:5:12 depth=1 state=6\n"
    "main:5:12 depth=1 state=6\n"
    "main:6:5 depth=1 state=6\n"
    "main:5:12 depth=1 state=6\n"
    "main:5:12 depth=1 state=6\n"
    "main:6:5 depth=1 state=6\n"
    "main:5:12 depth=1 state=6\n"
    "main:7:3 depth=1 state=6\n"
    "main:8:2 depth=1 state=6\n"
    "main:8:2 depth=1 state=0\n";
    run(src, expected, false);
}

static void suspend_at_stops(void)
{
    static const char src[] =
    "void g()\n"
    "{\n"
    "  int x = 1;\n"
    "}\n"
    "void h(bool b)\n"
    "{\n"
    "  if (b) return;\n"
    "  int y = 2;\n"
    "}\n"
    "void k()\n"
    "{\n"
    "  { int z = 3; }\n"
    "}\n"
    "int m()\n"
    "{\n"
    "  int w = 4;\n"
    "  return w;\n"
    "}\n"
    "void main()\n"
    "{\n"
    "  g();\n"
    "  h(true);\n"
    "  h(false);\n"
    "  k();\n"
    "  m();\n"
    "}\n";
    static const char expected[] =
    "main:21:3 depth=1 state=6\n"
    "main:21:3 depth=1 state=6\n"
    "g:3:3 depth=2 state=6\n"
    "g:3:3 depth=2 state=1\n"
    "suspended\n"
    "g:3:3 depth=2 state=6\n"
    "g:4:2 depth=2 state=6\n"
    "g:4:2 depth=2 state=1\n"
    "suspended\n"
    "main:22:3 depth=1 state=6\n"
    "h:7:3 depth=2 state=6\n"
    "h:7:3 depth=2 state=6\n"
    "h:7:10 depth=2 state=6\n"
    "main:23:3 depth=1 state=6\n"
    "h:7:3 depth=2 state=6\n"
    "h:7:3 depth=2 state=6\n"
    "h:8:3 depth=2 state=6\n"
    "h:9:2 depth=2 state=6\n"
    "main:24:3 depth=1 state=6\n"
    "k:12:5 depth=2 state=6\n"
    "k:12:5 depth=2 state=6\n"
    "k:13:2 depth=2 state=6\n"
    "main:25:3 depth=1 state=6\n"
    "m:16:3 depth=2 state=6\n"
    "m:16:3 depth=2 state=6\n"
    "m:17:3 depth=2 state=6\n"
    "main:26:2 depth=1 state=6\n"
    "main:26:2 depth=1 state=0\n";
    run(src, expected, true);
}

int main(void)
{
    group("calls branches closing brace", calls_branches_closing_brace);
    group("loops", loops);
    group("try switch", try_switch);
    group("returns and nested blocks", returns_and_nested_blocks);
    group("uncaught exception", uncaught_exception);
    group("foreach", foreach);
    group("suspend at stops", suspend_at_stops);
    return failures ? 1 : 0;
}
