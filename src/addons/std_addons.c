/* as_register_std_addons: every standard add-on in one call (as Lua's luaL_openlibs), in the
 * order `angelc run` registers them; each add-on's own file says what it registers. */
#include "angelc_addons.h"

int as_register_std_addons(as_engine *e)
{
    if (!e) return AS_INVALID_ARG;
    int r;
    /* an add-on's methods that use another type are registered only if it is there first:
     * string before array (array<string>), array before string_utils (split/join), dictionary
     * (getKeys) and filesystem; datetime before filesystem */
    if ((r = as_register_string(e)) < 0) return r;
    if ((r = as_register_array(e, true)) < 0) return r;
    if ((r = as_register_string_utils(e)) < 0) return r;
    if ((r = as_register_dictionary(e)) < 0) return r;
    if ((r = as_register_math(e)) < 0) return r;
    if ((r = as_register_exception_routines(e)) < 0) return r;
    if ((r = as_register_any(e)) < 0) return r;
    if ((r = as_register_handle(e)) < 0) return r;
    if ((r = as_register_weakref(e)) < 0) return r;
    if ((r = as_register_grid(e)) < 0) return r;
    if ((r = as_register_datetime(e)) < 0) return r;
    if ((r = as_register_file(e)) < 0) return r;
    if ((r = as_register_filesystem(e)) < 0) return r;
    return AS_SUCCESS;
}
