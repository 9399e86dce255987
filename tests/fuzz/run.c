/* libFuzzer target: any bytes as a script are compiled and, when they build, their global
 * initialisers and `void main()` run with a step budget, a line callback and a memory limit: no
 * crash, hang or leak whatever the script does (issue 17). Build and run with
 * `make fuzz FUZZ_TARGET=run` (clang, -fsanitize=fuzzer,address,undefined). */
#include "angelc.h"
#include "angelc_addons.h"
#include <stddef.h>
#include <stdint.h>

static void quiet(const as_message *m, void *user)
{
    (void)m;
    (void)user;
}

static int lines;
static void line_cb(as_context *ctx, void *user)
{
    (void)user;
    if (++lines > 200000) as_context_abort(ctx);
}

/* Every context the engine makes for the script gets the same bounds. */
static as_context *request(as_engine *e, void *user)
{
    (void)user;
    as_context *ctx = as_context_create(e);
    if (ctx) {
        as_context_set_budget(ctx, 100000);
        as_context_set_line_callback(ctx, line_cb, NULL);
    }
    return ctx;
}

static void give_back(as_engine *e, as_context *ctx, void *user)
{
    (void)e;
    (void)user;
    as_context_destroy(ctx);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    as_engine *e = as_engine_create();
    if (!e) return 0;
    as_engine_set_message_callback(e, quiet, NULL);
    as_engine_set_context_callbacks(e, request, give_back, NULL);
    as_register_string(e);
    as_register_string_utils(e);
    as_register_math(e);
    as_register_array(e, true);
    as_register_dictionary(e);
    as_register_exception_routines(e);
    as_engine_set_memory_limit(e, 64u << 20);
    lines = 0;
    as_module *m = as_engine_get_module(e, "fuzz", AS_GM_ALWAYS_CREATE);
    as_module_add_section(m, "fuzz.as", (const char *)data, size, 0);
    if (as_module_build(m) >= 0) {
        as_function *f = as_module_function_by_decl(m, "void main()");
        if (f) {
            as_context *ctx = request(e, NULL);
            if (ctx && as_context_prepare(ctx, f) >= 0) as_context_execute(ctx);
            as_context_destroy(ctx);
        }
    }
    as_engine_garbage_collect(e, AS_GC_FULL_CYCLE, 1);
    as_engine_destroy(e);
    return 0;
}
