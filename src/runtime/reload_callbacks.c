/* Hot reload's callbacks (as_engine_add_reload_callback): the host and a debugger told before a
 * reload changes a module and after it is done (or refused). */
#include "reload.h"
#include "util/mem.h"

int as_engine_add_reload_callback(as_engine *e, as_reload_callback fn, void *user)
{
    if (!e || !fn) return AS_INVALID_ARG;
    VEC_RESERVE(e->reload_listeners, e->reload_listeners.count + 1);
    if (e->reload_listeners.count >= e->reload_listeners.cap) return AS_OUT_OF_MEMORY;
    struct as_reload_listener l = {fn, user};
    VEC_PUSH(e->reload_listeners, l);
    return AS_SUCCESS;
}

int as_engine_remove_reload_callback(as_engine *e, as_reload_callback fn, void *user)
{
    if (!e || !fn) return AS_INVALID_ARG;
    for (int i = 0; i < e->reload_listeners.count; i++) {
        struct as_reload_listener *l = &e->reload_listeners.data[i];
        if (l->fn != fn || l->user != user) continue;
        for (int k = i + 1; k < e->reload_listeners.count; k++) e->reload_listeners.data[k - 1] = e->reload_listeners.data[k];
        e->reload_listeners.count--;
        return AS_SUCCESS;
    }
    return AS_NO_FUNCTION;
}

void reload_tell(as_module *m, as_reload_phase phase, const as_reload_report *r)
{
    as_engine *e = m->engine;
    /* host code: never jumped over by running out of memory */
    mem_guard *held = mem_guard_suspend();
    /* a callback may remove itself: walk a snapshot of the count, re-checking the bound */
    for (int i = 0; i < e->reload_listeners.count; i++) {
        struct as_reload_listener l = e->reload_listeners.data[i];
        l.fn(m, phase, r, l.user);
        if (i < e->reload_listeners.count && (e->reload_listeners.data[i].fn != l.fn || e->reload_listeners.data[i].user != l.user)) i--;
    }
    mem_guard_resume(held);
}
