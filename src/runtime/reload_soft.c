/* Hot reload, soft (same declarations): the scratch build's bodies compile again into the
 * module's own functions, whose identities stay (host pointers, handles, vtables); the code they
 * reach is the module's own. A frame running a function whose code changed goes on in a copy of
 * the function holding the old bytecode, freed once no frame uses it. */
#include "reload.h"
#include "util/mem.h"
#include "../vm/vm.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../compiler/compiler.h"

/* ---------------------------------------------------------------- retired code */

static bool frame_uses(const as_context *c, const as_function *f)
{
    for (uint32_t i = 0; i < c->ncalls; i++)
        if (c->calls[i].fn == f) return true;
    if (c->exc_func == f) return true;
    for (int i = 0; i < c->exc_stack.count; i++)
        if (c->exc_stack.data[i].fn == f) return true;
    for (int i = 0; i < c->exc_pins.count; i++)
        if (c->exc_pins.data[i] == f) return true;
    return false;
}

static bool any_frame_uses(as_engine *e, const as_function *f)
{
    for (as_context *c = e->contexts; c; c = c->live_next)
        if (frame_uses(c, f)) return true;
    return false;
}

static void bytecode_free(as_bytecode *bc)
{
    mem_free(bc->code); mem_free(bc->consts); mem_free(bc->kinds); mem_free(bc->objvars); mem_free(bc->lines);
    mem_free(bc->stmt_bits); mem_free(bc->trys); mem_free(bc->vars);
    memset(bc, 0, sizeof *bc);
}

/* A retired copy owns only its bytecode: everything else it shares with the live function.
 * What a context still names it by (an exception's frames, when the module goes) names the
 * function itself from then on. */
static void retired_free(as_engine *e, as_function *copy)
{
    as_function *self = copy->id >= 0 && copy->id < e->funcs.count ? e->funcs.data[copy->id] : NULL;
    for (as_context *c = e->contexts; c; c = c->live_next) {
        for (uint32_t i = 0; i < c->ncalls; i++)
            if (c->calls[i].fn == copy) c->calls[i].fn = self;
        if (c->exc_func == copy) c->exc_func = self;
        for (int i = 0; i < c->exc_stack.count; i++)
            if (c->exc_stack.data[i].fn == copy) c->exc_stack.data[i].fn = self;
        for (int i = 0; i < c->exc_pins.count; i++) {
            if (c->exc_pins.data[i] != copy) continue;
            c->exc_pins.data[i] = self;
            if (self) as_function_addref(self);
        }
    }
    bytecode_free(&copy->bc);
    mem_free(copy);
}

void reload_free_retired(as_module *m, bool all)
{
    int w = 0;
    for (int i = 0; i < m->retired.count; i++) {
        as_function *copy = m->retired.data[i];
        if (all || !any_frame_uses(m->engine, copy)) retired_free(m->engine, copy);
        else m->retired.data[w++] = copy;
    }
    m->retired.count = w;
    if (!w) VEC_FREE(m->retired);
}

static bool running(as_engine *e, const as_function *f)
{
    for (as_context *c = e->contexts; c; c = c->live_next)
        for (uint32_t i = 0; i < c->ncalls; i++)
            if (c->calls[i].fn == f) return true;
    return false;
}

/* The frames running f go on in `old` (f's previous bytecode), in `copy` (made beforehand when
 * f was running, with room in m's list for it); the number of frames moved. */
static int retire_running(as_module *m, as_function *f, as_bytecode *old, as_function *copy)
{
    as_engine *e = m->engine;
    int frames = 0;
    if (copy) {
        *copy = *f;
        copy->bc = *old;
        copy->refcount = 1;   /* never released: freed by reload_free_retired */
        VEC_PUSH(m->retired, copy);
        for (as_context *c = e->contexts; c; c = c->live_next) {
            for (uint32_t i = 0; i < c->ncalls; i++) {
                if (c->calls[i].fn != f) continue;
                c->calls[i].fn = copy;
                frames++;
            }
        }
    } else {
        bytecode_free(old);
    }
    return frames;
}

/* Whether two bytecodes do the same (string constants compared by their text). */
static bool same_code(as_engine *e, const as_bytecode *a, const as_bytecode *b)
{
    if (a->ncode != b->ncode || a->nconsts != b->nconsts || a->nslots != b->nslots) return false;
    if (memcmp(a->code, b->code, sizeof *a->code * a->ncode) != 0) return false;
    for (uint32_t i = 0; i < a->nconsts; i++) {
        if (a->kinds[i] != b->kinds[i]) return false;
        if (a->kinds[i] == K_STRING && e->has_string_factory && e->string_factory.get_raw_data) {
            unsigned la = 0, lb = 0;
            e->string_factory.get_raw_data(e->string_factory.user, a->consts[i].cp, NULL, &la);
            e->string_factory.get_raw_data(e->string_factory.user, b->consts[i].cp, NULL, &lb);
            if (la != lb) return false;
            char *sa = mem_alloc(la + 1), *sb = mem_alloc(lb + 1);
            bool same = false;   /* out of memory: taken as changed, which is always safe */
            if (sa && sb) {
                e->string_factory.get_raw_data(e->string_factory.user, a->consts[i].cp, sa, &la);
                e->string_factory.get_raw_data(e->string_factory.user, b->consts[i].cp, sb, &lb);
                same = memcmp(sa, sb, la) == 0;
            }
            mem_free(sa);
            mem_free(sb);
            if (!same) return false;
        } else if (a->consts[i].u64 != b->consts[i].u64) {
            return false;
        }
    }
    return true;
}

/* Frames (and a suspended context's resume point) in old code move to the same instruction of
 * identical code. */
static void relocate_frames(as_engine *e, const as_bytecode *old, const as_bytecode *now)
{
    uintptr_t lo = (uintptr_t)old->code, hi = (uintptr_t)(old->code + old->ncode);
    for (as_context *c = e->contexts; c; c = c->live_next) {
        for (uint32_t i = 0; i < c->ncalls; i++) {
            uintptr_t pc = (uintptr_t)c->calls[i].pc;
            if (pc >= lo && pc <= hi) c->calls[i].pc = now->code + (pc - lo) / sizeof(as_insn);
        }
        uintptr_t at = (uintptr_t)c->resume_at;
        if (at && at >= lo && at <= hi) c->resume_at = now->code + (at - lo) / sizeof(as_insn);
    }
}

/* ---------------------------------------------------------------- soft reload */

typedef struct target {
    as_function *fn;          /* the module's function */
    as_bytecode old;          /* its code before */
    as_function *copy;        /* made beforehand when a frame runs it: it may keep the old code */
} target;

static as_type *type_counterpart(const keyed_list *old_types, const keyed_list *new_types, as_type *nt)
{
    if (!nt) return NULL;
    for (int i = 0; i < new_types->count; i++) {
        if (new_types->data[i].ptr != nt) continue;
        keyed *k = reload_key_find(old_types, new_types->data[i].key);
        return k ? k->ptr : NULL;
    }
    return NULL;
}

/* The messages of compiling the bodies again: errors only, named by the new sections. */
static void errors_only(void *user, int section, int line, int col, as_diag_type type, const char *msg)
{
    as_module *s = user;
    if (type != DIAG_ERROR) return;
    const char *name = section >= 0 && section < s->sections.count ? s->sections.data[section].name : "";
    as_engine_write_message(s->engine, name, line, col, AS_MSG_ERROR, msg);
}

typedef struct class_decl {
    as_type *t;
    ast_node *decl;
    ast_node **mixins;
    int nmixins;
} class_decl;

/* A soft reload in progress: what undoes it (compile errors, or running out of memory, when the
 * guard's jump unwinds it). */
typedef struct soft_state {
    as_module *m;
    VEC(target) targets;
    VEC(pending_func) work;
    VEC(class_decl) classes;
    as_compiler c;
    bool compiling;
    int all0;
} soft_state;

static void soft_free(soft_state *st)
{
    VEC_FREE(st->targets);
    VEC_FREE(st->work);
    VEC_FREE(st->classes);
}

/* Every function keeps its old code, every class its old declaration. */
static void soft_undo(void *state)
{
    soft_state *st = state;
    as_module *m = st->m;
    if (st->compiling) {
        compiler_abandon(&st->c);
        m->engine->building--;
        st->compiling = false;
    }
    for (int i = 0; i < st->targets.count; i++) {
        bytecode_free(&st->targets.data[i].fn->bc);
        st->targets.data[i].fn->bc = st->targets.data[i].old;
        mem_free(st->targets.data[i].copy);
    }
    for (int i = 0; i < st->classes.count; i++) {
        st->classes.data[i].t->decl = st->classes.data[i].decl;
        st->classes.data[i].t->mixin_decls = st->classes.data[i].mixins;
        st->classes.data[i].t->nmixins = st->classes.data[i].nmixins;
    }
    if (m->all_functions.count > st->all0) m->all_functions.count = st->all0;   /* lambdas made: the engine keeps them */
    soft_free(st);
}

/* Compiles the scratch module's bodies into m's functions. AS_SUCCESS, else m as it was. */
int reload_soft(as_module *m, as_module *s, decls *od, decls *nd, as_reload_report *r)
{
    as_engine *e = m->engine;
    soft_state st;
    memset(&st, 0, sizeof st);
    st.m = m;
    st.all0 = m->all_functions.count;
    mem_cleanup undo;
    mem_cleanup_push(&undo, soft_undo, &st);
    /* class declarations: the constructors' member initialisers come from there */
    for (int i = 0; i < s->types.count; i++) {
        as_type *nt = s->types.data[i];
        as_type *ot = type_counterpart(&od->types, &nd->types, nt);
        if (!ot || !nt->decl) continue;
        class_decl cd = {ot, ot->decl, ot->mixin_decls, ot->nmixins};
        VEC_PUSH(st.classes, cd);
        ot->decl = nt->decl;
        ot->mixin_decls = nt->mixin_decls;
        ot->nmixins = nt->nmixins;
    }
    VEC_RESERVE(st.work, s->kept_pending_count);
    VEC_RESERVE(st.targets, s->kept_pending_count);
    for (int i = 0; i < s->kept_pending_count; i++) {
        pending_func pf = s->kept_pending[i];
        if (pf.lambda || !reload_declared_function(s, pf.fn)) continue;
        /* the function of m with the same declaration */
        keyed *k = NULL;
        for (int j = 0; j < nd->funcs.count && !k; j++)
            if (nd->funcs.data[j].ptr == pf.fn) k = reload_key_find(&od->funcs, nd->funcs.data[j].key);
        if (!k) continue;
        as_function *of = k->ptr;
        if (of->kind != FN_SCRIPT) continue;
        pf.fn = of;
        pf.objtype = of->objtype;
        VEC_PUSH(st.work, pf);
        target t = {of, of->bc, NULL};
        VEC_PUSH(st.targets, t);   /* room reserved: never dropped */
        memset(&of->bc, 0, sizeof of->bc);   /* the compiler frees what it replaces */
        of->aot = NULL;                      /* compiled code was of the old body */
    }
    compiler_init(&st.c, m);
    st.c.no_compiling_info = true;
    /* the scratch build said everything already: only an error (not expected) is news */
    st.c.diag.report = errors_only;
    st.c.diag.user = s;
    e->building++;
    st.compiling = true;
    for (int i = 0; i < st.work.count; i++) VEC_PUSH(st.c.pending, st.work.data[i]);
    /* the new source's `using namespace` directives (their nodes live in s's arena) */
    for (int i = 0; i < s->kept_usings_count; i++) VEC_PUSH(st.c.usings, s->kept_usings[i]);
    for (int i = 0; i < st.c.pending.count && !st.c.diag.errors; i++) compile_function(&st.c, &st.c.pending.data[i]);
    int errors = compiler_error_count(&st.c);
    compiler_free_lists(&st.c);
    e->building--;
    st.compiling = false;
    if (errors) {
        /* unexpected (the scratch build compiled them) */
        soft_undo(&st);
        mem_cleanup_pop(&undo);
        reload_refuse(r, "refused: the new bodies did not compile into the running module");
        return AS_ERROR;
    }
    /* what the frames running old code need, while failing can still undo everything */
    int copies = 0;
    for (int i = 0; i < st.targets.count; i++) {
        if (!running(e, st.targets.data[i].fn)) continue;
        st.targets.data[i].copy = mem_alloc_g(sizeof(as_function));
        copies++;
    }
    VEC_RESERVE(m->retired, m->retired.count + copies);
    mem_cleanup_pop(&undo);
    /* from here on nothing fails (nothing jumps: the string factory is host code) */
    mem_guard *held = mem_guard_suspend();
    for (int i = 0; i < st.targets.count; i++) {
        target *t = &st.targets.data[i];
        as_function *f = t->fn;
        if (same_code(e, &t->old, &f->bc)) {
            /* the same instructions: frames go on in the new copy at the same places */
            relocate_frames(e, &t->old, &f->bc);
            bytecode_free(&t->old);
            mem_free(t->copy);
            t->copy = NULL;
            continue;
        }
        r->functions_changed++;
        const char *d = as_function_declaration(f, true, true, false);
        reload_message(e, m->name, "reload: changed %s", d ? d : f->name);
        r->functions_running_old += retire_running(m, f, &t->old, t->copy);
        t->copy = NULL;
    }
    /* positions of the new source */
    for (int i = 0; i < st.work.count; i++) {
        pending_func *pf = &st.work.data[i];
        if (!pf->node) continue;
        pf->fn->decl = pf->node;
        pf->fn->line = pf->node->pos.line;
        pf->fn->col = pf->node->pos.col;
        pf->fn->section = pf->node->pos.section;
    }
    /* the new ASTs (class declarations, bodies' default arguments) live with m now */
    arena_adopt(&m->arena, &s->arena);
    mem_guard_resume(held);
    soft_free(&st);
    r->kind = AS_RELOAD_SOFT;
    if (r->functions_running_old)
        snprintf(r->summary, sizeof r->summary, "soft: %d function%s changed, %d frame%s finishing in old code",
                 r->functions_changed, r->functions_changed == 1 ? "" : "s", r->functions_running_old,
                 r->functions_running_old == 1 ? "" : "s");
    else
        snprintf(r->summary, sizeof r->summary, "soft: %d function%s changed", r->functions_changed,
                 r->functions_changed == 1 ? "" : "s");
    return AS_SUCCESS;
}

