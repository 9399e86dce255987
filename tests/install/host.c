/* The smallest useful host: registers a C function, compiles a script that uses it and the
 * string add-on, calls a script function with arguments and checks the result. tests/install/run.sh
 * builds it against an installed angelc (pkg-config, find_package) and as a parent project
 * (add_subdirectory, FetchContent). Exit status 0 when everything worked. */
#include "angelc.h"
#include "angelc_addons.h"
#include <stdio.h>
#include <string.h>

static int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

static void message(const as_message *m, void *user)
{
    (void)user;
    fprintf(stderr, "%s:%d:%d: %s\n", m->section, m->row, m->col, m->message);
}

static const char script[] =
    "int score(int hits, int misses) {\n"
    "    string s = \"hits: \" + hits;\n"
    "    return clamp(hits * 10 - misses * 3, 0, 100) + int(s.length());\n"
    "}\n";

int main(void)
{
    as_engine *e = as_engine_create();
    if (!e) return 1;
    as_engine_set_message_callback(e, message, NULL);
    if (as_register_string(e) < 0 ||
        as_register_global_function(e, "int clamp(int, int, int)", AS_FN(clamp), AS_CALL_CDECL, NULL) < 0) {
        fputs("host: registration failed\n", stderr);
        return 1;
    }
    as_module *m = as_engine_get_module(e, "host", AS_GM_ALWAYS_CREATE);
    as_module_add_section(m, "host.as", script, strlen(script), 0);
    if (as_module_build(m) < 0) return 1;
    as_context *ctx = as_context_create(e);
    as_context_prepare(ctx, as_module_function_by_decl(m, "int score(int, int)"));
    as_context_set_arg_dword(ctx, 0, 12);
    as_context_set_arg_dword(ctx, 1, 3);
    int r = as_context_execute(ctx);
    int score = r == AS_EXECUTION_FINISHED ? (int)as_context_return_dword(ctx) : -1;
    as_context_destroy(ctx);
    as_engine_destroy(e);
    printf("angelc %s: score %d\n", ANGELC_VERSION, score);
    return score == 100 + 8 ? 0 : 1;   /* clamp(111) = 100, "hits: 12" is 8 characters */
}
