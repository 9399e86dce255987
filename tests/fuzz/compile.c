/* libFuzzer target: any bytes as a script section must compile or fail with diagnostics, never
 * crash, hang or leak. Build with `make fuzz` (clang, -fsanitize=fuzzer,address,undefined). */
#include "angelc.h"
#include "angelc_addons.h"
#include <stddef.h>
#include <stdint.h>

static void quiet(const as_message *m, void *user)
{
    (void)m;
    (void)user;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    as_engine *e = as_engine_create();
    if (!e) return 0;
    as_engine_set_message_callback(e, quiet, NULL);
    as_register_string(e);
    as_register_string_utils(e);
    as_register_math(e);
    as_register_array(e, true);
    as_module *m = as_engine_get_module(e, "fuzz", AS_GM_ALWAYS_CREATE);
    /* global initialisers run code: keep them from running (an endless loop is not a crash) */
    as_engine_set_property(e, AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD, 0);
    as_module_add_section(m, "fuzz.as", (const char *)data, size, 0);
    as_module_build(m);
    as_engine_destroy(e);
    return 0;
}
