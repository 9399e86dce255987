/* Debuggers' text for values of registered types (as_type_set_debug_text): the host's callback,
 * kept on the type so the debugger add-on and the debug adapter both find it. */
#include "engine.h"
#include "typeinfo.h"

int as_type_set_debug_text(as_type *t, as_type_text_fn fn, void *user)
{
    if (!t || t->kind == TYPE_PRIMITIVE) return AS_INVALID_ARG;
    t->debug_text = fn;
    t->debug_text_user = fn ? user : NULL;
    return AS_SUCCESS;
}

int as_engine_debug_text(as_engine *e, const void *obj, int type_id, char *buf, size_t size)
{
    if (!e || !obj) return AS_INVALID_ARG;
    as_type *t = as_engine_type_by_id(e, type_id);
    if (!t || t->kind == TYPE_PRIMITIVE) return AS_NO_FUNCTION;
    /* an instance without its own callback uses its template's */
    as_type *with = t->debug_text ? t : t->template_base && t->template_base->debug_text ? t->template_base : NULL;
    if (!with) return AS_NO_FUNCTION;
    char spare[1];
    if (!buf || !size) {
        buf = spare;
        size = sizeof spare;
    }
    buf[0] = 0;
    int n = with->debug_text(obj, type_id & ~(AS_TYPEID_OBJHANDLE | AS_TYPEID_HANDLETOCONST), buf, size, with->debug_text_user);
    buf[size - 1] = 0;   /* whatever the callback wrote, the text ends inside buf */
    return n < 0 ? AS_NO_FUNCTION : n;
}
