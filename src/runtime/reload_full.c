/* Hot reload, full (declarations changed): every live object of the module's classes is
 * migrated in place to the new class (reload_objects.c), the globals are carried over by name
 * (reload_carry.c), the old functions forward to the new ones (reload_funcs.c) and the scratch
 * module's contents are swapped in. The old contents are discarded as a module (their code stays
 * while frames or handles use it, runtime/reclaim.c). */
#include "reload.h"
#include "util/mem.h"
#include "../vm/vm.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "object.h"

int module_run_global_inits(as_module *m, as_context *ctx);

/* ---------------------------------------------------------------- full reload */

static bool context_uses_module(const as_context *c, const as_module *m)
{
    if (c->prepared && c->prepared->module == m && c->state != AS_EXECUTION_FINISHED &&
        c->state != AS_EXECUTION_UNINITIALIZED)
        return true;
    for (uint32_t i = 0; i < c->ncalls; i++)
        if (c->calls[i].fn && c->calls[i].fn->module == m) return true;
    return false;
}

/* m gets s's contents and s m's; what points at either module follows its contents. */
static void swap_contents(as_module *m, as_module *s)
{
    as_module tmp = *m;
    as_engine *e = m->engine;
    const char *mname = m->name, *sname = s->name;
    VEC(as_userdata) mud, sud;
    memcpy(&mud, &m->user_data, sizeof mud);
    memcpy(&sud, &s->user_data, sizeof sud);
    uint32_t mmask = m->access_mask, smask = s->access_mask;
    as_namespace *mns = m->default_ns, *sns = s->default_ns;
    *m = *s;
    *s = tmp;
    m->name = mname;
    s->name = sname;
    memcpy(&m->user_data, &mud, sizeof mud);
    memcpy(&s->user_data, &sud, sizeof sud);
    m->access_mask = mmask;
    s->access_mask = smask;
    m->default_ns = mns;
    s->default_ns = sns;
    for (int i = 0; i < e->funcs.count; i++) {
        as_function *f = e->funcs.data[i];
        if (!f) continue;
        if (f->module == m) f->module = s;
        else if (f->module == s) f->module = m;
    }
    for (int i = 0; i < e->types.count; i++) {
        as_type *t = e->types.data[i];
        if (!t) continue;
        if (t->module == m) t->module = s;
        else if (t->module == s) t->module = m;
    }
    as_module *both[2] = {m, s};
    for (int k = 0; k < 2; k++) {
        as_module *x = both[k];
        for (int i = 0; i < x->globals.count; i++) x->globals.data[i]->module = x;
        for (int i = 0; i < x->removed_globals.count; i++) x->removed_globals.data[i]->module = x;
        for (int i = 0; i < x->retired.count; i++) x->retired.data[i]->module = x;
    }
}

int reload_full(as_module *m, as_module *s, decls *od, decls *nd, uint32_t flags, as_reload_report *r)
{
    as_engine *e = m->engine;
    r->functions_added = reload_missing_in(&nd->funcs, &od->funcs);
    r->functions_removed = reload_missing_in(&od->funcs, &nd->funcs);
    r->classes_changed = reload_types_changed(&od->types, &nd->types);
    if (flags & AS_RELOAD_SOFT_ONLY) {
        reload_refuse(r, "refused: declarations changed (%d added, %d removed functions, %d types) and only a soft reload is allowed",
               r->functions_added, r->functions_removed, r->classes_changed);
        return AS_NOT_SUPPORTED;
    }
    int using = 0;
    for (as_context *c = e->contexts; c; c = c->live_next)
        if (context_uses_module(c, m)) using++;
    if (using && !(flags & AS_RELOAD_STOP_CONTEXTS)) {
        reload_refuse(r, "refused: declarations changed while %d context%s run%s the module's code (a full reload needs it idle)",
               using, using == 1 ? "" : "s", using == 1 ? "s" : "");
        return AS_MODULE_IS_IN_USE;
    }
    /* script and host code from here on: never jumped over (allocations that fail give NULL) */
    mem_guard *held = mem_guard_suspend();
    migration mg = {.e = e, .oldm = m, .newm = s, .od = od, .nd = nd, .r = r};
    int rc = reload_objects_check(&mg, flags);
    if (rc < 0) {
        reload_objects_end(&mg);
        mem_guard_resume(held);
        return rc;
    }
    /* the new globals' initialisers run before anything of m changes: one that fails refuses */
    rc = module_run_global_inits(s, NULL);
    if (rc < 0) {
        reload_objects_end(&mg);
        mem_guard_resume(held);
        reload_refuse(r, "refused: a global variable's initialiser of the new code failed");
        return rc;
    }
    if (using) {
        contexts_forget_module(e, m);
        r->contexts_stopped = using;
    }
    /* the objects in place, then globals by name (their handles stay), then the functions */
    reload_objects_migrate(&mg);
    for (int i = 0; i < s->globals.count; i++) {
        as_global *ng = s->globals.data[i];
        char name[600];
        reload_global_name(ng, name, sizeof name);
        keyed *k = reload_key_find(&od->global_names, name);
        if (!k) {
            r->globals_added++;
            continue;
        }
        as_global *og = k->ptr;
        char tn[256];
        dtype_format(&og->type, tn, sizeof tn, true);
        switch (reload_carry(&mg, &og->type, og->addr, &ng->type, ng->addr, true)) {
        case 1: r->globals_kept++; break;
        case 2:
            r->globals_converted++;
            if (reload_conversion_lossy(&og->type, &ng->type)) {
                reload_warning(e, m->name, "reload: global '%s' converted from %s: its value may change", ng->name, tn);
                r->warnings++;
            } else {
                reload_message(e, m->name, "reload: global '%s' converted from %s", ng->name, tn);
            }
            break;
        default:
            r->globals_reinitialised++;
            reload_warning(e, m->name, "reload: global '%s' (%s) initialised again by its declaration", ng->name, tn);
            r->warnings++;
            break;
        }
    }
    reload_functions_forward(&mg);
    reload_objects_end(&mg);
    r->globals_removed = reload_missing_in(&od->global_names, &nd->global_names);
    swap_contents(m, s);
    mem_guard_resume(held);
    r->kind = AS_RELOAD_FULL;
    /* the summary names what happened, nothing that is 0 */
    char *sum = r->summary;
    size_t room = sizeof r->summary;
    snprintf(sum, room, "full:");
    const struct { int n; const char *one, *many; } parts[] = {
        {r->classes_changed, "type changed", "types changed"},
        {r->functions_added, "function added", "functions added"},
        {r->functions_removed, "function removed", "functions removed"},
        {r->globals_kept, "global kept", "globals kept"},
        {r->globals_converted, "global converted", "globals converted"},
        {r->globals_reinitialised, "global reinitialised", "globals reinitialised"},
        {r->globals_added, "global new", "globals new"},
        {r->globals_removed, "global removed", "globals removed"},
        {r->objects_migrated, "object migrated", "objects migrated"},
        {r->objects_orphaned, "object left in its old class", "objects left in their old class"},
    };
    bool first = true;
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        if (!parts[i].n) continue;
        reload_cat(sum, room, "%s %d %s", first ? "" : ",", parts[i].n, parts[i].n == 1 ? parts[i].one : parts[i].many);
        first = false;
    }
    if (first) reload_cat(sum, room, " the declarations changed");
    return AS_SUCCESS;
}

