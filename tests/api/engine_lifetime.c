/* The engine's own lifetime and context supply (checklist B8): AddRef/Release/ShutDownAndRelease
 * as as_engine_addref / as_engine_release / as_engine_destroy -- destroy discards the modules
 * and collects the garbage at once, but the engine itself lives until its last reference goes
 * (the engine cleanup runs then) -- and SetContextCallbacks, the host's own context pool behind
 * as_engine_request_context / as_engine_return_context. */
#include "angelc.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static int destructed, engine_cleanups;
static void note(void) { destructed++; }
static void on_engine_cleanup(void *owner, void *data, uintptr_t key) { (void)owner; (void)data; (void)key; engine_cleanups++; }

static void g_references(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e);
    REQUIRE(as_register_global_function(e, "void note()", AS_FN(note), AS_CALL_CDECL, NULL) >= 0);
    as_engine_set_user_data(e, (void *)0x1, 7);
    as_engine_set_user_data_cleanup(e, AS_UD_ENGINE, 7, on_engine_cleanup);
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    const char *code = "class C { C@ self; ~C() { note(); } } C@ g = C(); void make() { C c; @c.self = c; }";
    REQUIRE(as_module_add_section(m, "m.as", code, strlen(code), 0) >= 0);
    REQUIRE(as_module_build(m) >= 0);
    as_context *ctx = as_context_create(e);
    REQUIRE(as_context_prepare(ctx, as_module_function_by_name(m, "make")) >= 0);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    as_context_destroy(ctx);

    CHECK(as_engine_addref(e) == 2);
    as_engine_destroy(e);                 /* shut down: the scripts go, the engine stays */
    CHECK(destructed == 2);               /* the global's object and the cycle */
    CHECK(engine_cleanups == 0);
    CHECK(as_engine_get_module(e, "m", AS_GM_ONLY_IF_EXISTS) == NULL);
    CHECK(as_engine_get_user_data(e, 7) == (void *)0x1);
    CHECK(as_engine_release(e) == 0);     /* the last reference frees it */
    CHECK(engine_cleanups == 1);

    as_engine *f = as_engine_create();
    CHECK(as_engine_addref(f) == 2 && as_engine_release(f) == 1);
    CHECK(as_engine_release(f) == 0);     /* release alone may free it too */
    CHECK(as_engine_addref(NULL) == 0 && as_engine_release(NULL) == 0);
}

static int requested, returned;
static as_context *host_request(as_engine *e, void *user)
{
    (void)user;
    requested++;
    return as_context_create(e);
}
static void host_return(as_engine *e, as_context *ctx, void *user)
{
    (void)e;
    (void)user;
    returned++;
    as_context_destroy(ctx);
}

static void g_context_callbacks(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e);
    CHECK(as_engine_set_context_callbacks(e, host_request, NULL, NULL) == AS_INVALID_ARG);
    CHECK(as_engine_set_context_callbacks(e, host_request, host_return, NULL) == AS_SUCCESS);
    as_context *c = as_engine_request_context(e);
    CHECK(c != NULL && requested == 1);
    as_engine_return_context(e, c);
    CHECK(returned == 1);
    /* back to the engine's own pool: a returned context is handed out again */
    CHECK(as_engine_set_context_callbacks(e, NULL, NULL, NULL) == AS_SUCCESS);
    c = as_engine_request_context(e);
    REQUIRE(c);
    as_engine_return_context(e, c);
    CHECK(as_engine_request_context(e) == c);
    CHECK(requested == 1 && returned == 1);
    as_context_destroy(c);
    as_engine_destroy(e);
}

int main(void)
{
    group("references", g_references);
    group("context callbacks", g_context_callbacks);
    return failures ? 1 : 0;
}
