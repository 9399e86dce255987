/* Hot reload (as_module_reload, issue 28): the new source is built beside the module in a
 * scratch module first, so a compile error leaves the running code untouched; then a soft reload
 * (reload_soft.c) when every declaration is the same (reload_decls.c), else a full one
 * (reload_full.c). */
#include "reload.h"
#include "util/mem.h"
#include "../vm/vm.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- entry point */

/* Builds scratch module s (its sections added; or loaded from bytecode: built, always a full
 * reload, as its bodies cannot compile into m's functions) beside m and reloads m from it. */
static int reload_in(as_module *m, as_module *s, bool loaded, uint32_t flags, as_reload_report *r)
{
    as_engine *e = m->engine;
    for (as_context *c = e->contexts; c; c = c->live_next) {
        if (c->state == AS_EXECUTION_ACTIVE || c->saved.count) {
            reload_refuse(r, "refused: a context is executing (reload between executions)");
            return AS_CONTEXT_ACTIVE;
        }
    }
    reload_free_retired(m, false);
    /* compiled as m is, its globals not initialised yet */
    s->access_mask = m->access_mask;
    s->default_ns = m->default_ns;
    s->keep_pending = true;
    int rc = AS_SUCCESS;
    if (!loaded) {
        int64_t init_after = e->props[AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD];
        e->props[AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD] = 0;
        rc = as_module_build(s);
        e->props[AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD] = init_after;
    }
    if (rc < 0) {
        reload_refuse(r, "refused: the new code has compile errors; the old code keeps running");
        return rc;
    }
    decls both[2];   /* the module's declarations, then the new source's */
    memset(both, 0, sizeof both);
    decls *od = &both[0], *nd = &both[1];
    mem_cleanup freeing;   /* the lists, if running out of memory unwinds the reload */
    mem_cleanup_push(&freeing, reload_decls_free_both, both);
    reload_decls_collect(od, m);
    reload_decls_collect(nd, s);
    bool same = od->funcs.count == nd->funcs.count && od->types.count == nd->types.count &&
                od->globals.count == nd->globals.count && !reload_missing_in(&od->funcs, &nd->funcs) &&
                !reload_missing_in(&od->types, &nd->types) && !reload_missing_in(&od->globals, &nd->globals) &&
                m->imports.count == s->imports.count && !loaded;
    /* the host and a debugger see the module as it is, once more */
    r->kind = same ? AS_RELOAD_SOFT : AS_RELOAD_FULL;
    reload_tell(m, AS_RELOAD_PHASE_BEFORE, r);
    r->kind = AS_RELOAD_REFUSED;
    if (same) {
        rc = reload_soft(m, s, od, nd, r);
        if (rc == AS_SUCCESS) {
            /* messages and debug information name the new sections */
            for (int i = 0; i < m->sections.count; i++) mem_free(m->sections.data[i].code);
            VEC_FREE(m->sections);
            m->sections = s->sections;
            memset(&s->sections, 0, sizeof s->sections);
        }
    } else {
        rc = reload_full(m, s, od, nd, flags, r);
    }
    mem_cleanup_pop(&freeing);
    reload_decls_free_both(both);
    return rc;   /* the caller discards s (after a full reload: the old contents) */
}

/* Builds scratch module s (its sections added) beside m and reloads m from it; the caller
 * discards s. Everything of a reload that may run out of memory is here, out of the function
 * that holds the guard (whose locals setjmp would clobber); *scratch is what to discard whatever
 * happens. */
__attribute__((noinline))
static int reload_body(as_module *m, as_module *volatile *scratch, const as_reload_source *sections, int count,
                       as_binary_stream *bytecode, uint32_t flags, as_reload_report *r)
{
    as_module *source = *scratch;
    if (!source) {
        char name[300];
        snprintf(name, sizeof name, "$reload:%s", m->name);
        source = as_engine_get_module(m->engine, name, AS_GM_ALWAYS_CREATE);
        if (!source) return AS_OUT_OF_MEMORY;
        *scratch = source;
        if (bytecode) {
            /* its globals are initialised by the full reload, once it is sure to go on */
            as_engine *e = m->engine;
            int64_t init_after = e->props[AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD];
            e->props[AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD] = 0;
            int rc = as_module_load_bytecode(source, bytecode, NULL);
            e->props[AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD] = init_after;
            if (rc < 0) {
                reload_refuse(r, "refused: the bytecode did not load; the old code keeps running");
                return rc;
            }
            return reload_in(m, source, true, flags, r);
        }
        for (int i = 0; i < count; i++) {
            const as_reload_source *src = &sections[i];
            int rc = as_module_add_section(source, src->name, src->code, src->length, src->line_offset);
            if (rc < 0) {
                reload_refuse(r, "refused: the sections could not be added");
                return rc;
            }
        }
    }
    return reload_in(m, source, false, flags, r);
}

static int reload_guarded(as_module *m, as_module *source, const as_reload_source *sections, int count,
                          as_binary_stream *bytecode, const as_reload_options *opts, as_reload_report *r)
{
    as_engine *e = m->engine;
    if (!m->built || e->building) {
        if (source) as_module_discard(source);
        reload_refuse(r, m->built ? "refused: a build is in progress" : "refused: the module is not built");
        return m->built ? AS_BUILD_IN_PROGRESS : AS_ERROR;
    }
    as_module *volatile scratch = source;
    void *entered = engine_enter(e);
    mem_guard g;
    mem_guard_push(&g, NULL, NULL);
    int rc;
    if (setjmp(g.jb)) {
        reload_refuse(r, "refused: out of memory");
        rc = AS_OUT_OF_MEMORY;
    } else {
        rc = reload_body(m, &scratch, sections, count, bytecode, opts ? opts->flags : 0, r);
        mem_guard_end(&g);
    }
    reload_message(e, m->name, "reload: %s", r->summary);
    engine_leave(e, entered);
    /* unguarded, the engine idle again: freed now rather than left for later */
    if (scratch) as_module_discard(scratch);
    reload_tell(m, AS_RELOAD_PHASE_AFTER, r);
    return rc;
}

/* The public entry points after their argument checks (bad: refused): the report starts empty. */
static int reload_checked(bool bad, as_module *m, as_module *source, const as_reload_source *sections, int count,
                          as_binary_stream *bytecode, const as_reload_options *opts, as_reload_report *report)
{
    as_reload_report local;
    if (!report) report = &local;
    memset(report, 0, sizeof *report);
    if (bad) {
        reload_refuse(report, "refused: invalid arguments");
        return AS_INVALID_ARG;
    }
    return reload_guarded(m, source, sections, count, bytecode, opts, report);
}

int as_module_reload(as_module *m, const as_reload_source *sections, int count, const as_reload_options *opts,
                     as_reload_report *report)
{
    bool bad = !m || count < 0 || (count && !sections);
    for (int i = 0; !bad && i < count; i++) bad = !sections[i].code;
    return reload_checked(bad, m, NULL, sections, count, NULL, opts, report);
}

int as_module_reload_from(as_module *m, as_module *source, const as_reload_options *opts, as_reload_report *report)
{
    bool bad = !m || !source || source == m || source->engine != m->engine || source->built;
    return reload_checked(bad, m, source, NULL, 0, NULL, opts, report);
}

int as_module_reload_bytecode(as_module *m, as_binary_stream *in, const as_reload_options *opts, as_reload_report *report)
{
    return reload_checked(!m || !in || !in->read, m, NULL, NULL, 0, in, opts, report);
}
