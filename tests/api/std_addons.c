/* as_register_std_addons: one call registers the standard add-ons (as luaL_openlibs); a script
 * using string, array, dictionary, math and the others runs; a second call fails cleanly (an
 * error code and a message, the engine still working, no memory lost). */
#include "angelc.h"
#include "angelc_addons.h"
#include <stdio.h>
#include <string.h>
#include "check.h"
#include "count_alloc.h"

static int errors;
static char last_error[300];
static void on_message(const as_message *m, void *user)
{
    (void)user;
    if (m->type != AS_MSG_ERROR) return;
    errors++;
    snprintf(last_error, sizeof last_error, "%s:%d:%d: %s", m->section, m->row, m->col, m->message);
}

static const char *script =
    "class Obj {}\n"
    "int main() {\n"
    "  string s = 'a,b,c';\n"
    "  array<string>@ parts = s.split(',');\n"                    /* string_utils */
    "  int[] n = {3, 1, 2};\n"                                     /* the default array */
    "  n.sortAsc();\n"
    "  dictionary d;\n"
    "  d.set('k', 40);\n"
    "  int64 k = 0;\n"
    "  d.get('k', k);\n"
    "  float r = sqrt(4.0f) + abs(-1.0f);\n"                       /* math: 3 */
    "  any a(2);\n"
    "  int two = 0;\n"
    "  a.retrieve(two);\n"
    "  grid<int> g(2, 2);\n"
    "  g[1, 1] = 5;\n"
    "  datetime t;\n"
    "  ref@ h = d;\n"
    "  Obj o;\n"
    "  weakref<Obj> w(o);\n"
    "  string caught;\n"
    "  try { throw('oops'); } catch { caught = getExceptionInfo(); }\n"
    "  if (parts.length() != 3 || join(parts, '+') != 'a+b+c' || n[0] != 1 || caught != 'oops' ||\n"
    "      h is null || w.get() is null || t.year < 2000 || formatInt(7) != '7') return -1;\n"
    "  return int(k) + int(r) + two + g[1, 1] - 6;\n"              /* 40 + 3 + 2 + 5 - 6 = 44 */
    "}\n";

static int run_main(as_engine *e)
{
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    REQUIRE(m && as_module_add_section(m, "s", script, strlen(script), 0) >= 0);
    int r = as_module_build(m);
    if (r < 0) {
        fprintf(stderr, "build: %s (%s)\n", as_result_text(r), last_error);
        return -1000;
    }
    as_context *ctx = as_context_create(e);
    REQUIRE(ctx);
    REQUIRE(as_context_prepare(ctx, as_module_function_by_name(m, "main")) >= 0);
    int result = -2000;
    r = as_context_execute(ctx);
    if (r == AS_EXECUTION_FINISHED) result = (int)as_context_return_dword(ctx);
    else if (r == AS_EXECUTION_EXCEPTION) fprintf(stderr, "exception: %s\n", as_context_exception_string(ctx));
    as_context_destroy(ctx);
    return result;
}

static void script_runs(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e);
    as_engine_set_message_callback(e, on_message, NULL);
    CHECK(as_register_std_addons(e) == AS_SUCCESS);
    CHECK(errors == 0);
    CHECK(run_main(e) == 44);
    /* what is there, by declaration */
    CHECK(as_engine_type_id_by_decl(e, "string") > 0);
    CHECK(as_engine_type_id_by_decl(e, "int[]") == as_engine_type_id_by_decl(e, "array<int>"));
    const char *types[] = {"dictionary", "any", "ref", "datetime", "file", "filesystem"};
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) CHECK(as_engine_type_by_name(e, types[i]) != NULL);
    CHECK(as_engine_function_by_decl(e, "float sqrt(float)") != NULL);
    /* print is the host's, not an add-on */
    CHECK(as_engine_function_by_decl(e, "void print(const string &in)") == NULL);
    as_engine_destroy(e);
}

static void twice_fails_cleanly(void)
{
    REQUIRE(as_set_global_memory_functions(count_alloc, count_free) == AS_SUCCESS);
    as_engine *e = as_engine_create();
    REQUIRE(e);
    as_engine_set_message_callback(e, on_message, NULL);
    CHECK(as_register_std_addons(e) == AS_SUCCESS);
    int types = as_engine_type_count(e), functions = as_engine_function_count(e);
    errors = 0;
    int r = as_register_std_addons(e);
    CHECK(r < 0);
    CHECK(strcmp(as_result_text(r), "unknown result code") != 0);
    CHECK(errors >= 1);                                    /* and said why */
    CHECK(as_engine_type_count(e) == types && as_engine_function_count(e) == functions);
    CHECK(run_main(e) == 44);                              /* the engine still works */
    as_engine_destroy(e);
    CHECK(live_bytes == 0);
    if (live_bytes) fprintf(stderr, "%zu bytes not given back\n", live_bytes);
    as_reset_global_memory_functions();
}

static void null_engine(void)
{
    CHECK(as_register_std_addons(NULL) == AS_INVALID_ARG);
}

int main(void)
{
    group("script_runs", script_runs);
    group("twice_fails_cleanly", twice_fails_cleanly);
    group("null_engine", null_engine);
    if (failures) fprintf(stderr, "%d failure(s)\n", failures);
    return failures ? 1 : 0;
}
