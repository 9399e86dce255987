/* ExecuteString of the reference's script helper add-on: compiles a few statements as the body
 * of a function and runs it once, for consoles and tests.
 *
 * As the reference: the code becomes `RET ExecuteString() {\n CODE \n;}` compiled into the module
 * given (seeing its globals and functions) or, without one, into a fresh module named
 * "ExecuteString"; messages name the section "ExecuteString" with CODE's first line as line 1.
 * The context given runs it (and keeps its state: an exception can be read from it afterwards),
 * else one from the engine's pool does. The compiled function is kept by the context given
 * until its next ExecuteString or its destruction, since an exception state points into it. */
#include "angelc.h"
#include "angelc_addons.h"
#include "addon_value.h"
#include "util/mem.h"
#include <stdio.h>
#include <string.h>

/* The last function ExecuteString ran in a host's context, kept alive for its exception state. */
static const char kept_function_tag;
#define KEPT_FUNCTION_KEY ((uintptr_t)&kept_function_tag)

static void release_kept(void *owner, void *data, uintptr_t key)
{
    (void)owner;
    (void)key;
    as_function_release(data);
}

/* Copies the finished call's return value into ret: primitives and enums by size, a handle with
 * a reference for the caller, an object by assignment to the object ret points to. */
static int copy_return(as_engine *e, as_context *ctx, void *ret, int tid)
{
    if (tid & AS_TYPEID_OBJHANDLE) {
        void *obj = as_context_return_object(ctx);
        *(void **)ret = obj;
        if (obj) as_engine_addref_object(e, obj, tid);
        return AS_SUCCESS;
    }
    if (tid & AS_TYPEID_MASK_OBJECT) {
        void *obj = as_context_return_object(ctx);
        return obj ? as_engine_assign_object(e, ret, obj, tid) : AS_ERROR;
    }
    memcpy(ret, as_context_address_of_return_value(ctx), (size_t)addon_prim_size(tid));
    return AS_SUCCESS;
}

int as_execute_string_ret(as_engine *e, const char *code, void *ret, int ret_type_id, as_module *mod, as_context *ctx)
{
    if (!e || !code) return AS_INVALID_ARG;
    const char *ret_decl = ret_type_id == AS_TYPEID_VOID ? "void" : as_engine_type_declaration(e, ret_type_id, true);
    if (!ret_decl) return AS_INVALID_TYPE;
    size_t len = strlen(ret_decl) + strlen(code) + 32;
    char *wrapped = mem_alloc(len);
    if (!wrapped) return AS_OUT_OF_MEMORY;
    snprintf(wrapped, len, "%s ExecuteString() {\n%s\n;}", ret_decl, code);
    as_module *m = mod ? mod : as_engine_get_module(e, "ExecuteString", AS_GM_ALWAYS_CREATE);
    as_function *fn = NULL;
    int r = m ? as_module_compile_function(m, "ExecuteString", wrapped, -1, 0, &fn) : AS_OUT_OF_MEMORY;
    mem_free(wrapped);
    if (r < 0) return r;

    as_context *run = ctx ? ctx : as_engine_request_context(e);
    if (!run) {
        as_function_release(fn);
        return AS_OUT_OF_MEMORY;
    }
    r = as_context_prepare(run, fn);
    bool prepared = r >= 0;
    if (prepared) r = as_context_execute(run);
    if (r == AS_EXECUTION_FINISHED && ret && ret_type_id != AS_TYPEID_VOID) {
        int c = copy_return(e, run, ret, ret_type_id);
        if (c < 0) r = c;
    }
    if (ctx && prepared) {
        as_engine_set_user_data_cleanup(e, AS_UD_CONTEXT, KEPT_FUNCTION_KEY, release_kept);
        as_function *old = as_context_set_user_data(ctx, fn, KEPT_FUNCTION_KEY);
        if (old) as_function_release(old);
    } else {
        if (!ctx) as_engine_return_context(e, run);
        as_function_release(fn);
    }
    return r;
}

int as_execute_string(as_engine *e, const char *code, as_module *mod, as_context *ctx)
{
    return as_execute_string_ret(e, code, NULL, AS_TYPEID_VOID, mod, ctx);
}
