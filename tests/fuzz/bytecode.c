/* libFuzzer target: any bytes loaded as saved bytecode (issues 17 and 32). The header's payload
 * length and checksum are recomputed first, so mutations reach the loader's structure checks and
 * the verifier instead of stopping at the checksum (as a blob edited on purpose would), and a
 * structure-aware mutator (bytecode_mutate.h) edits operands, constants, frames and tables of
 * valid blobs, saving them again. A load is refused with a message or accepted; an accepted
 * module is looked through (its functions' and types' declarations), its global initialisers
 * and `main` run (with a step budget, a line callback and a memory limit), then it is
 * discarded, garbage collected, and the engine destroyed; a refused one must take back
 * everything it made. Nothing may crash or leak: the verifier (src/runtime/bc_verify.c)
 * refuses code that could misuse a slot. The engine has what `angelc build` registers (the
 * add-ons; the command line's own functions as stubs), so blobs saved by `angelc build` from
 * tests/scripts load: they are the seeds (make fuzz FUZZ_TARGET=bytecode). */
#include "angelc.h"
#include "angelc_addons.h"
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "../api/fnv1a.h"

static void quiet(const as_message *m, void *user)
{
    (void)m;
    (void)user;
}

static void stub(as_generic *g) { (void)g; }

/* string getInput(): "" (a stub returning a value type must still build it, or the caller's
 * code destroys a string that never was) */
static void empty_input(as_generic *g)
{
    as_engine *e = as_generic_engine(g);
    int id = as_generic_return_type_id(g, NULL);
    void *str = as_engine_create_object(e, id);
    if (!str) {
        as_context_set_exception(as_active_context(), "Out of memory", true);
        return;
    }
    as_generic_set_return_object(g, str);
    as_engine_release_object(e, str, id);
}

/* What tools/angelc/host.c registers, with stubs for the command line's own functions. */
static int register_host(as_engine *e, as_ctxmgr *mgr)
{
    static const char *const stubs[] = {
        "void print(const string &in)", "void println(const string &in)", "int native_add(int, int)",
        "array<string> @getCommandLineArgs()", "int exec(const string &in)",
        "int exec(const string &in, string &out)", "void sleep(uint)",
    };
    if (as_register_string(e) < 0 || as_register_array(e, true) < 0 || as_register_string_utils(e) < 0 ||
        as_register_dictionary(e) < 0 || as_register_math(e) < 0 || as_register_exception_routines(e) < 0 ||
        as_register_any(e) < 0 || as_register_handle(e) < 0 || as_register_weakref(e) < 0 || as_register_grid(e) < 0 ||
        as_register_datetime(e) < 0 || as_register_file(e) < 0 || as_register_filesystem(e) < 0)
        return -1;
    for (size_t i = 0; i < sizeof stubs / sizeof stubs[0]; i++)
        if (as_register_global_function(e, stubs[i], AS_FN(stub), AS_CALL_GENERIC, NULL) < 0) return -1;
    if (as_register_global_function(e, "string getInput()", AS_FN(empty_input), AS_CALL_GENERIC, NULL) < 0) return -1;
    return as_ctxmgr_register_coroutine_support(mgr, e);
}

static int lines;
static void line_cb(as_context *ctx, void *user)
{
    (void)user;
    if (++lines > 200000) as_context_abort(ctx);
}

static void run_main(as_engine *e, as_module *m)
{
    as_function *f = as_module_function_by_decl(m, "void main()");
    if (!f) f = as_module_function_by_decl(m, "int main()");
    if (!f) return;
    as_context *ctx = as_context_create(e);
    if (!ctx) return;
    as_context_set_budget(ctx, 100000);
    lines = 0;
    as_context_set_line_callback(ctx, line_cb, NULL);
    if (as_context_prepare(ctx, f) >= 0) as_context_execute(ctx);
    as_context_destroy(ctx);
}

#ifndef LLVMFuzzerTestOneInput   /* not when tests/api/fuzz_regressions.c replays inputs */
#include "bytecode_mutate.h"
#endif

/* Reads back what the load made, as a host looking at a module would. */
static void look_through(as_module *m)
{
    for (int i = 0; i < as_module_function_count(m); i++) {
        as_function *f = as_module_function_by_index(m, i);
        if (f) as_function_declaration(f, true, true, true);
    }
    for (int i = 0; i < as_module_type_count(m); i++) {
        as_type *t = as_module_type_by_index(m, i);
        if (t) as_type_name(t);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 32 || size > (1u << 20)) return 0;
    /* the header as the saver writes it: 8 bytes of magic, version, flags, the payload's length
     * and its FNV-1a checksum (little-endian), then the payload */
    uint8_t *blob = malloc(size);
    if (!blob) return 0;
    memcpy(blob, data, size);
    uint64_t len = size - 32, sum = fnv1a(blob + 32, size - 32);
    for (int i = 0; i < 8; i++) {
        blob[16 + i] = (uint8_t)(len >> (8 * i));
        blob[24 + i] = (uint8_t)(sum >> (8 * i));
    }
    as_engine *e = as_engine_create();
    as_ctxmgr *mgr = as_ctxmgr_create();
    if (e && mgr) {
        as_engine_set_message_callback(e, quiet, NULL);
        as_engine_set_memory_limit(e, 256u << 20);
        /* the code runs: initialisers and co-routines within a budget, no file touched */
        as_engine_set_budget(e, 200000);
        as_confine_files(e, NULL, 0, 1);
        if (register_host(e, mgr) >= 0) {
            as_module *m = as_engine_get_module(e, "fuzz", AS_GM_ALWAYS_CREATE);
            if (m && as_module_load_bytecode_from_memory(m, blob, size, NULL) >= 0) {
                look_through(m);
                run_main(e, m);
            }
            as_engine_discard_module(e, "fuzz");
            as_engine_garbage_collect(e, AS_GC_FULL_CYCLE, 1);
        }
    }
    as_engine_destroy(e);
    as_ctxmgr_destroy(mgr);
    free(blob);
    return 0;
}
