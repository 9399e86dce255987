/* Hot reload, full: function identities. The new code's functions are new as_function objects;
 * a handle a global or a member holds is re-bound to the function of the same declaration (null,
 * with a warning, when there is none), and every old function forwards to its successor, so
 * handles the reload cannot see (the host's as_function pointers, arrays, dictionaries) call the
 * new code: the VM's function-handle call and as_context_prepare follow reload_to, and a
 * function whose declaration is gone raises an exception instead of running old code on objects
 * of the new classes. Delegates follow their method the same way. */
#include "reload.h"
#include "util/mem.h"
#include "../vm/vm.h"

/* The new function of the same declaration as old function f (key in the old list), or NULL. */
static as_function *successor(migration *mg, const as_function *f)
{
    for (int i = 0; i < mg->od->funcs.count; i++) {
        if (mg->od->funcs.data[i].ptr != f) continue;
        keyed *k = reload_key_find(&mg->nd->funcs, mg->od->funcs.data[i].key);
        return k ? k->ptr : NULL;
    }
    return NULL;
}

as_function *reload_function_rebound(migration *mg, as_function *f)
{
    if (f->kind == FN_DELEGATE) {
        /* the delegate itself stays (its object was migrated in place), its method follows */
        as_function *m = f->delegate_method;
        return m && m->module == mg->oldm && !successor(mg, m) ? NULL : f;
    }
    if (f->module != mg->oldm) return f;
    return successor(mg, f);
}

static bool same_dtype(const as_dtype *a, const as_dtype *b) { return a->type == b->type && a->flags == b->flags; }

bool reload_function_fits(const as_function *f, const as_type *fd)
{
    const as_function *sig = fd->signature;
    if (f->kind == FN_DELEGATE) f = f->delegate_method;
    if (!sig || !f) return false;
    if (!same_dtype(&f->ret, &sig->ret) || f->params.count != sig->params.count) return false;
    for (int i = 0; i < f->params.count; i++)
        if (!same_dtype(&f->params.data[i].type, &sig->params.data[i].type) || f->params.data[i].inout != sig->params.data[i].inout)
            return false;
    return true;
}

void reload_functions_forward(migration *mg)
{
    for (int i = 0; i < mg->od->funcs.count; i++) {
        as_function *f = mg->od->funcs.data[i].ptr;
        keyed *k = reload_key_find(&mg->nd->funcs, mg->od->funcs.data[i].key);
        as_function *to = k ? k->ptr : NULL;
        if (to == f || f->reload_to) continue;   /* shared: the same function */
        if (to) {
            as_function_addref(to);   /* released when f goes (engine_free_function) */
            f->reload_to = to;
        } else {
            f->reload_gone = true;
        }
    }
    /* other modules' imports bound to the old functions: to their successors (a gone one is
     * unbound: calling it raises "Unbound function called") */
    as_engine *e = mg->e;
    for (int i = 0; i < e->modules.count; i++) {
        as_module *x = e->modules.data[i];
        if (x == mg->oldm || x == mg->newm) continue;
        for (int k = 0; k < x->imports.count; k++) {
            as_function *imp = x->imports.data[k];
            if (imp->bound && imp->bound->module == mg->oldm) imp->bound = function_forwarded(imp->bound);
        }
    }
    /* contexts that ran an old function last would run it again without preparing it anew */
    for (as_context *c = mg->e->contexts; c; c = c->live_next)
        if (c->prepared && c->prepared->module == mg->oldm) c->again = false;
}
