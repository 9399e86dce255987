/* The exception routines of the reference's script helper add-on (RegisterExceptionRoutines):
 * `throw` raises a script exception that try/catch can catch, `getExceptionInfo` tells a catch
 * block what happened. Registered with the generic convention through the public API. */
#include "angelc.h"
#include "angelc_addons.h"
#include "str.h"
#include <string.h>

/* void throw(const string &in message)
 * The message is passed on as a C string, so like the reference it ends at an embedded NUL. */
static void script_throw(as_generic *g)
{
    const as_str *msg = as_generic_arg_object(g, 0);
    as_context *ctx = as_active_context();
    if (ctx) as_context_set_exception(ctx, str_cdata(msg), true);
}

/* string getExceptionInfo()
 * The message of the last exception raised in this context, thrown or built-in ("Divide by
 * zero"), also after its catch block has ended; "" before the first one. */
static void get_exception_info(as_generic *g)
{
    as_str *r = as_generic_return_location(g);
    str_init(r);
    as_context *ctx = as_active_context();
    const char *msg = ctx ? as_context_exception_string(ctx) : NULL;
    if (msg && !str_set(r, msg, strlen(msg)))
        as_context_set_exception(ctx, "Out of memory", true);
}

int as_register_exception_routines(as_engine *e)
{
    int r = as_register_global_function(e, "void throw(const string &in)", AS_FN(script_throw), AS_CALL_GENERIC, NULL);
    if (r < 0) return r;
    r = as_register_global_function(e, "string getExceptionInfo()", AS_FN(get_exception_info), AS_CALL_GENERIC, NULL);
    return r < 0 ? r : 0;
}
