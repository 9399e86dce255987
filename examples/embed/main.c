/* Embedding angelc: register a C function, compile a script, call a script function from C. */
#include "angelc.h"
#include "angelc_addons.h"
#include <stdio.h>
#include <string.h>

static int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

static void print(as_generic *g)
{
    size_t n;
    const char *s = as_string_data(as_generic_arg_object(g, 0), &n);
    fwrite(s, 1, n, stdout);
}

static const char *script =
    "int score(int hits, int misses) {\n"
    "  int s = clamp(hits * 10 - misses * 3, 0, 100);\n"
    "  print(\"hits \" + hits + \", misses \" + misses + \" -> \" + s + \"\\n\");\n"
    "  return s;\n"
    "}\n";

int main(void)
{
    as_engine *e = as_engine_create();
    as_register_string(e);
    as_register_global_function(e, "void print(const string &in)", AS_FN(print), AS_CALL_GENERIC, NULL);
    as_register_global_function(e, "int clamp(int, int, int)", AS_FN(clamp), AS_CALL_CDECL, NULL);

    as_module *m = as_engine_get_module(e, "game", AS_GM_ALWAYS_CREATE);
    as_module_add_section(m, "score.as", script, strlen(script), 0);
    if (as_module_build(m) < 0) return 1;

    as_function *score = as_module_function_by_decl(m, "int score(int, int)");
    as_context *ctx = as_context_create(e);
    int total = 0;
    for (int round = 1; round <= 3; round++) {
        as_context_prepare(ctx, score);
        as_context_set_arg_dword(ctx, 0, (uint32_t)(round * 4));
        as_context_set_arg_dword(ctx, 1, (uint32_t)round);
        if (as_context_execute(ctx) != AS_EXECUTION_FINISHED) return 1;
        total += (int)as_context_return_dword(ctx);
    }
    printf("total %d\n", total);
    as_context_destroy(ctx);
    as_engine_destroy(e);
    return total == 37 + 74 + 100 ? 0 : 1;
}
