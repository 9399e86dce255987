/* Hot reload (as_module_reload, issue 28): the new source is built beside the module in a
 * scratch module first, so a compile error leaves the running code untouched. Same declarations:
 * a soft reload compiles the scratch build's bodies again into the module's own functions (their
 * identities stay, the code they reach is the module's own); a running frame keeps a copy of its
 * function holding the old code. Other declarations: a full reload swaps the scratch module's
 * contents in and carries the globals over by name; the old contents are discarded as a module
 * (their code stays while objects or frames use it, runtime/reclaim.c). */
#include "engine.h"
#include "util/mem.h"
#include "../vm/vm.h"
#include "object.h"

void *object_script_create(as_engine *e, as_type *t);   /* scriptobj.c */
#include "../compiler/compiler.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int module_run_global_inits(as_module *m, as_context *ctx);

/* ---------------------------------------------------------------- declarations as keys */

typedef struct keyed {
    char *key;
    void *ptr;
} keyed;
typedef VEC(keyed) keyed_list;

static int by_key(const void *a, const void *b) { return strcmp(((const keyed *)a)->key, ((const keyed *)b)->key); }

static void keys_free(keyed_list *l)
{
    for (int i = 0; i < l->count; i++) mem_free(l->data[i].key);
    VEC_FREE(*l);
}

static void key_add(keyed_list *l, void *ptr, const char *fmt, ...)
{
    char buf[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    size_t n = strlen(buf);
    VEC_RESERVE(*l, l->count + 1);   /* room first: a key never pushed would be lost */
    if (l->count >= l->cap) return;
    char *k = mem_alloc_g(n + 1);
    if (!k) return;
    memcpy(k, buf, n + 1);
    keyed item = {k, ptr};
    VEC_PUSH(*l, item);
}

static keyed *key_find(const keyed_list *l, const char *key)
{
    keyed probe = {(char *)key, NULL};
    return l->count ? bsearch(&probe, l->data, (size_t)l->count, sizeof probe, by_key) : NULL;
}

static const char *ns_name(const as_namespace *ns) { return ns && ns->name ? ns->name : ""; }

/* Appends to buf (bounded). */
static void cat(char *buf, size_t n, const char *fmt, ...)
{
    size_t len = strlen(buf);
    if (len + 1 >= n) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + len, n - len, fmt, ap);
    va_end(ap);
}

static bool is_init_func(const as_module *m, const as_function *f)
{
    for (int i = 0; i < m->globals.count; i++)
        if (m->globals.data[i]->init_func == f) return true;
    return false;
}

/* The functions a declaration comparison sees: not lambdas, not global initialisers. */
static bool declared_function(const as_module *m, const as_function *f)
{
    if (f->name && f->name[0] == '$') return false;
    return !is_init_func(m, f);
}

enum { KEEP_ATTRS = FA_CONST | FA_PRIVATE | FA_PROTECTED | FA_FINAL | FA_OVERRIDE | FA_EXPLICIT | FA_PROPERTY |
                    FA_SHARED | FA_CONSTRUCTOR | FA_DESTRUCTOR | FA_AUTO | FA_DELETED | FA_ABSTRACT | FA_FACTORY };

static void function_key(keyed_list *l, as_function *f)
{
    char extra[1024] = "";
    for (int i = 0; i < f->params.count; i++)
        cat(extra, sizeof extra, "|%s", f->params.data[i].defarg_text ? f->params.data[i].defarg_text : "");
    const char *decl = as_function_declaration(f, true, true, false);
    key_add(l, f, "%d %s::%s %x %s%s", f->kind, f->objtype ? ns_name(f->objtype->ns) : "",
            decl ? decl : f->name, f->attrs & KEEP_ATTRS, extra, f->vtable_index >= 0 ? " virtual" : "");
}

static void type_key(keyed_list *l, as_type *t)
{
    char buf[3000] = "", tn[256];
    cat(buf, sizeof buf, "%d %s::%s %x %d", t->kind, ns_name(t->ns), t->name, t->flags, t->size);
    if (t->base) cat(buf, sizeof buf, " : %s", t->base->name);
    for (int i = 0; i < t->interfaces.count; i++) cat(buf, sizeof buf, " , %s", t->interfaces.data[i]->name);
    for (int i = 0; i < t->props.count; i++) {
        const as_property *p = &t->props.data[i];
        dtype_format(&p->type, tn, sizeof tn, true);
        cat(buf, sizeof buf, " {%s %s %d %d%d}", tn, p->name, p->offset, p->is_private, p->is_protected);
    }
    for (int i = 0; i < t->vtable.count; i++) {
        const char *d = as_function_declaration(t->vtable.data[i], true, true, false);
        cat(buf, sizeof buf, " [%s]", d ? d : "");
    }
    for (int i = 0; i < t->enum_values.count; i++)
        cat(buf, sizeof buf, " %s=%lld", t->enum_values.data[i].name, (long long)t->enum_values.data[i].value);
    if (t->signature) {
        const char *d = as_function_declaration(t->signature, true, true, false);
        cat(buf, sizeof buf, " sig %s", d ? d : "");
    }
    key_add(l, t, "%s", buf);
}

static void global_name(const as_global *g, char *buf, size_t n) { snprintf(buf, n, "%s::%s", ns_name(g->ns), g->name); }

static void global_key(keyed_list *l, as_global *g, bool with_type)
{
    char tn[256];
    dtype_format(&g->type, tn, sizeof tn, true);
    /* a constant's value is compiled into the code that reads it: another value is another declaration */
    if (with_type)
        key_add(l, g, "%s::%s %s %d %d %llx", ns_name(g->ns), g->name, tn, g->is_const, g->has_value,
                g->has_value ? (unsigned long long)g->value.u64 : 0ull);
    else {
        char name[600];
        global_name(g, name, sizeof name);
        key_add(l, g, "%s", name);
    }
}

typedef struct decls {
    keyed_list funcs, types, globals, global_names;
} decls;

static void decls_collect(decls *d, as_module *m)
{
    for (int i = 0; i < m->all_functions.count; i++) {
        as_function *f = m->all_functions.data[i];
        if (declared_function(m, f)) function_key(&d->funcs, f);   /* shared ones too: both list them */
    }
    for (int i = 0; i < m->types.count; i++) type_key(&d->types, m->types.data[i]);
    for (int i = 0; i < m->globals.count; i++) {
        global_key(&d->globals, m->globals.data[i], true);
        global_key(&d->global_names, m->globals.data[i], false);
    }
    qsort(d->funcs.data, (size_t)d->funcs.count, sizeof(keyed), by_key);
    qsort(d->types.data, (size_t)d->types.count, sizeof(keyed), by_key);
    qsort(d->globals.data, (size_t)d->globals.count, sizeof(keyed), by_key);
    qsort(d->global_names.data, (size_t)d->global_names.count, sizeof(keyed), by_key);
}

static void decls_free(decls *d)
{
    keys_free(&d->funcs);
    keys_free(&d->types);
    keys_free(&d->globals);
    keys_free(&d->global_names);
}

static void decls_free_both(void *both)
{
    decls_free(&((decls *)both)[0]);
    decls_free(&((decls *)both)[1]);
}

/* Keys of a not in b. */
static int missing_in(const keyed_list *a, const keyed_list *b)
{
    int n = 0;
    for (int i = 0; i < a->count; i++)
        if (!key_find(b, a->data[i].key)) n++;
    return n;
}

/* Types new, gone or different between two declaration lists: one per name. */
static int types_changed(const keyed_list *old_types, const keyed_list *new_types)
{
    int n = 0;
    for (int i = 0; i < new_types->count; i++)
        if (!key_find(old_types, new_types->data[i].key)) n++;
    for (int i = 0; i < old_types->count; i++) {
        if (key_find(new_types, old_types->data[i].key)) continue;
        const as_type *ot = old_types->data[i].ptr;
        bool counted = false;
        for (int k = 0; k < new_types->count && !counted; k++) {
            const as_type *nt = new_types->data[k].ptr;
            counted = nt->name == ot->name && nt->ns == ot->ns && !key_find(old_types, new_types->data[k].key);
        }
        if (!counted) n++;
    }
    return n;
}

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

/* ---------------------------------------------------------------- report */

static void report_line(as_engine *e, const char *section, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    engine_message(e, section, 0, 0, AS_MSG_INFORMATION, "%s", buf);
}

static void refuse(as_reload_report *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->summary, sizeof r->summary, fmt, ap);
    va_end(ap);
    r->kind = AS_RELOAD_REFUSED;
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
        keyed *k = key_find(old_types, new_types->data[i].key);
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
static int soft_reload(as_module *m, as_module *s, decls *od, decls *nd, as_reload_report *r)
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
        if (pf.lambda || !declared_function(s, pf.fn)) continue;
        /* the function of m with the same declaration */
        keyed *k = NULL;
        for (int j = 0; j < nd->funcs.count && !k; j++)
            if (nd->funcs.data[j].ptr == pf.fn) k = key_find(&od->funcs, nd->funcs.data[j].key);
        if (!k) continue;
        as_function *of = k->ptr;
        if (of->kind != FN_SCRIPT) continue;
        pf.fn = of;
        pf.objtype = of->objtype;
        VEC_PUSH(st.work, pf);
        target t = {of, of->bc, NULL};
        VEC_PUSH(st.targets, t);   /* room reserved: never dropped */
        memset(&of->bc, 0, sizeof of->bc);   /* the compiler frees what it replaces */
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
        refuse(r, "refused: the new bodies did not compile into the running module");
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
        report_line(e, m->name, "reload: changed %s", d ? d : f->name);
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

/* ---------------------------------------------------------------- full reload */

static bool type_of_module(const as_type *t, const as_module *m, int depth)
{
    if (!t || depth > 16) return false;
    if (t->module == m) return true;
    for (int i = 0; i < t->subtypes.count; i++)
        if (type_of_module(t->subtypes.data[i].type, m, depth + 1)) return true;
    if (t->signature) {
        if (type_of_module(t->signature->ret.type, m, depth + 1)) return true;
        for (int i = 0; i < t->signature->params.count; i++)
            if (type_of_module(t->signature->params.data[i].type.type, m, depth + 1)) return true;
    }
    return false;
}

static bool read_number(const as_dtype *t, const void *p, double *d, int64_t *i, bool *is_float)
{
    *is_float = false;
    if (t->flags & DT_HANDLE) return false;
    if (t->type->kind == TYPE_ENUM) {
        *i = *(const int32_t *)p;
        *d = (double)*i;
        return true;
    }
    if (t->type->kind != TYPE_PRIMITIVE) return false;
    switch (t->type->prim) {
    case AS_TYPEID_BOOL: *i = *(const uint8_t *)p != 0; break;
    case AS_TYPEID_INT8: *i = *(const int8_t *)p; break;
    case AS_TYPEID_INT16: *i = *(const int16_t *)p; break;
    case AS_TYPEID_INT32: *i = *(const int32_t *)p; break;
    case AS_TYPEID_INT64: *i = *(const int64_t *)p; break;
    case AS_TYPEID_UINT8: *i = *(const uint8_t *)p; break;
    case AS_TYPEID_UINT16: *i = *(const uint16_t *)p; break;
    case AS_TYPEID_UINT32: *i = *(const uint32_t *)p; break;
    case AS_TYPEID_UINT64: *i = (int64_t)*(const uint64_t *)p; break;
    case AS_TYPEID_FLOAT: *d = *(const float *)p; *is_float = true; return true;
    case AS_TYPEID_DOUBLE: *d = *(const double *)p; *is_float = true; return true;
    default: return false;
    }
    *d = (double)*i;
    return true;
}

static bool write_number(const as_dtype *t, void *p, double d, int64_t i, bool is_float)
{
    if (t->flags & DT_HANDLE) return false;
    if (t->type->kind != TYPE_PRIMITIVE) return false;
    if (is_float && t->type->prim != AS_TYPEID_FLOAT && t->type->prim != AS_TYPEID_DOUBLE &&
        t->type->prim != AS_TYPEID_BOOL) {
        if (d != d || d > 9.2e18 || d < -9.2e18) return false;   /* no integer holds it */
        i = (int64_t)d;
    }
    switch (t->type->prim) {
    case AS_TYPEID_BOOL: *(uint8_t *)p = is_float ? d != 0 : i != 0; break;
    case AS_TYPEID_INT8: case AS_TYPEID_UINT8: *(uint8_t *)p = (uint8_t)i; break;
    case AS_TYPEID_INT16: case AS_TYPEID_UINT16: *(uint16_t *)p = (uint16_t)i; break;
    case AS_TYPEID_INT32: case AS_TYPEID_UINT32: *(uint32_t *)p = (uint32_t)i; break;
    case AS_TYPEID_INT64: case AS_TYPEID_UINT64: *(uint64_t *)p = (uint64_t)i; break;
    case AS_TYPEID_FLOAT: *(float *)p = is_float ? (float)d : (float)i; break;
    case AS_TYPEID_DOUBLE: *(double *)p = is_float ? d : (double)i; break;
    default: return false;
    }
    return true;
}

static void swap_bytes(void *a, void *b, size_t n)
{
    unsigned char *x = a, *y = b;
    for (size_t i = 0; i < n; i++) {
        unsigned char t = x[i];
        x[i] = y[i];
        y[i] = t;
    }
}

/* Objects of the old classes re-created in the new ones while globals are carried over: each
 * old object once (handles to it share the new one, cycles included). */
typedef struct migrated {
    void *old_obj, *new_obj;
    as_type *new_type;
} migrated;
typedef struct migration {
    as_engine *e;
    as_module *oldm, *newm;
    VEC(migrated) done;
} migration;

static int carry_value(migration *mg, const as_dtype *ot, void *op, const as_dtype *nt, void *np, bool move);

static as_type *new_class_of(migration *mg, const as_type *ot)
{
    for (int i = 0; i < mg->newm->types.count; i++) {
        as_type *t = mg->newm->types.data[i];
        if (t->name == ot->name && t->ns == ot->ns && type_is_script_object(t) && !(t->flags & AS_OBJ_INTERFACE)) return t;
    }
    return NULL;
}

static const as_property *find_member(const as_type *t, const char *name)
{
    for (; t; t = t->base)
        for (int i = 0; i < t->props.count; i++)
            if (t->props.data[i].name == name) return &t->props.data[i];
    return NULL;
}

/* A reference to the new object made for old object obj (of a class of the old module), or NULL:
 * made by the new class's default constructor (so members new to it are initialised by their
 * declarations), then every member of the same name carried over as a global is. */
static void *migrate_object(migration *mg, void *obj, as_type **new_type)
{
    as_object *o = obj;
    for (int i = 0; i < mg->done.count; i++) {
        if (mg->done.data[i].old_obj != obj) continue;
        *new_type = mg->done.data[i].new_type;
        vm_addref_object(mg->e, mg->done.data[i].new_obj, *new_type);
        return mg->done.data[i].new_obj;
    }
    as_type *ot = o->type, *nt = new_class_of(mg, ot);
    void *n = nt ? object_script_create(mg->e, nt) : NULL;
    if (!n) return NULL;
    migrated rec = {obj, n, nt};
    VEC_PUSH(mg->done, rec);
    for (as_type *c = nt; c; c = c->base) {
        for (int i = 0; i < c->props.count; i++) {
            const as_property *np = &c->props.data[i];
            const as_property *op = find_member(ot, np->name);
            if (op) carry_value(mg, &op->type, (char *)obj + op->offset, &np->type, (char *)n + np->offset, false);
        }
    }
    *new_type = nt;
    return n;
}

/* Whether a value of type t lives behind a pointer in its slot (handles, reference objects). */
static bool in_pointer_slot(const as_dtype *t)
{
    return (t->flags & DT_HANDLE) || t->type->kind == TYPE_FUNCDEF || (t->type->kind == TYPE_OBJECT && !(t->type->flags & AS_OBJ_VALUE));
}

/* Carries the value at op (type ot, of the old module) to np (type nt, the new module's).
 * move: the old slot may give its reference up (a global going with the old contents), else the
 * new one takes a reference of its own. 1 kept, 2 converted, 0 left as it was. */
static int carry_value(migration *mg, const as_dtype *ot, void *op, const as_dtype *nt, void *np, bool move)
{
    as_engine *e = mg->e;
    if (type_of_module(ot->type, mg->oldm, 0)) {
        /* enums of the module: the value, when both are enums of the same name */
        if (ot->type->kind == TYPE_ENUM && nt->type->kind == TYPE_ENUM && ot->type->name == nt->type->name) {
            *(int32_t *)np = *(int32_t *)op;
            return 1;
        }
        /* objects of the module's classes: re-created in the new class of the same name */
        if (type_is_script_object(ot->type) && type_is_script_object(nt->type) && ot->type->name == nt->type->name &&
            in_pointer_slot(ot) && in_pointer_slot(nt)) {
            void *old_obj = *(void **)op, *prev = *(void **)np;
            as_type *made_type = NULL;
            void *made = old_obj ? migrate_object(mg, old_obj, &made_type) : NULL;
            if (old_obj && !made) return 0;
            if (made && !object_is_a(made_type, nt->type)) {
                vm_release_object(e, made, made_type);
                return 0;
            }
            *(void **)np = made;
            if (prev) vm_release_object(e, prev, nt->type);
            return 1;
        }
        return 0;
    }
    if (ot->type == nt->type && !((ot->flags ^ nt->flags) & DT_HANDLE)) {
        as_type *t = ot->type;
        if (t->kind == TYPE_PRIMITIVE || t->kind == TYPE_ENUM) {
            memcpy(np, op, (size_t)(t->size > 0 ? t->size : 8));
            return 1;
        }
        if (in_pointer_slot(ot)) {
            if (move || (t->flags & AS_OBJ_SCOPED)) {
                swap_bytes(np, op, sizeof(void *));   /* the only reference moves */
            } else {
                void *obj = *(void **)op, *prev = *(void **)np;
                if (obj) vm_addref_object(e, obj, t);
                *(void **)np = obj;
                if (prev) vm_release_object(e, prev, t);
            }
            return 1;
        }
        /* a value in place: copied by its type's assignment */
        return as_engine_assign_object(e, np, op, as_type_id(t)) >= 0 ? 1 : 0;
    }
    double d = 0;
    int64_t i = 0;
    bool is_float = false;
    if (read_number(ot, op, &d, &i, &is_float)) {
        char tmp[8];
        memcpy(tmp, np, sizeof tmp);
        if (write_number(nt, np, d, i, is_float)) return 2;
        memcpy(np, tmp, sizeof tmp);
    }
    return 0;
}

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

static int full_reload(as_module *m, as_module *s, decls *od, decls *nd, uint32_t flags, as_reload_report *r)
{
    as_engine *e = m->engine;
    r->functions_added = missing_in(&nd->funcs, &od->funcs);
    r->functions_removed = missing_in(&od->funcs, &nd->funcs);
    r->classes_changed = types_changed(&od->types, &nd->types);
    if (flags & AS_RELOAD_SOFT_ONLY) {
        refuse(r, "refused: declarations changed (%d added, %d removed functions, %d types) and only a soft reload is allowed",
               r->functions_added, r->functions_removed, r->classes_changed);
        return AS_NOT_SUPPORTED;
    }
    int using = 0;
    for (as_context *c = e->contexts; c; c = c->live_next)
        if (context_uses_module(c, m)) using++;
    if (using && !(flags & AS_RELOAD_STOP_CONTEXTS)) {
        refuse(r, "refused: declarations changed while %d context%s run%s the module's code (a full reload needs it idle)",
               using, using == 1 ? "" : "s", using == 1 ? "s" : "");
        return AS_MODULE_IS_IN_USE;
    }
    uint32_t live = 0;
    for (int i = 0; i < m->types.count; i++)
        if (type_is_script_object(m->types.data[i])) live += m->types.data[i]->live;
    if (live && !(flags & AS_RELOAD_ORPHAN_OBJECTS)) {
        refuse(r, "refused: declarations changed while %u object%s of the module's classes live (only those the globals reach are re-created)",
               live, live == 1 ? "" : "s");
        return AS_MODULE_IS_IN_USE;
    }
    /* script and host code from here on: never jumped over (allocations that fail give NULL) */
    mem_guard *held = mem_guard_suspend();
    /* the new globals' initialisers run before anything of m changes: one that fails refuses */
    int rc = module_run_global_inits(s, NULL);
    if (rc < 0) {
        mem_guard_resume(held);
        refuse(r, "refused: a global variable's initialiser of the new code failed");
        return rc;
    }
    if (using) {
        contexts_forget_module(e, m);
        r->contexts_stopped = using;
    }
    /* globals by name */
    migration mg = {e, m, s, {0}};
    for (int i = 0; i < s->globals.count; i++) {
        as_global *ng = s->globals.data[i];
        char name[600];
        global_name(ng, name, sizeof name);
        keyed *k = key_find(&od->global_names, name);
        if (!k) {
            r->globals_added++;
            continue;
        }
        as_global *og = k->ptr;
        char tn[256];
        dtype_format(&og->type, tn, sizeof tn, true);
        switch (carry_value(&mg, &og->type, og->addr, &ng->type, ng->addr, true)) {
        case 1: r->globals_kept++; break;
        case 2:
            r->globals_converted++;
            report_line(e, m->name, "reload: global '%s' converted from %s", ng->name, tn);
            break;
        default:
            r->globals_reinitialised++;
            report_line(e, m->name, "reload: global '%s' (%s) initialised again by its declaration", ng->name, tn);
            break;
        }
    }
    r->objects_migrated = mg.done.count;
    r->objects_orphaned = live > (uint32_t)mg.done.count ? (int)(live - (uint32_t)mg.done.count) : 0;
    VEC_FREE(mg.done);
    r->globals_removed = missing_in(&od->global_names, &nd->global_names);
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
        cat(sum, room, "%s %d %s", first ? "" : ",", parts[i].n, parts[i].n == 1 ? parts[i].one : parts[i].many);
        first = false;
    }
    if (first) cat(sum, room, " the declarations changed");
    return AS_SUCCESS;
}

/* ---------------------------------------------------------------- entry point */

/* Builds scratch module s (its sections added) beside m and reloads m from it; s goes. */
static int reload_in(as_module *m, as_module *s, uint32_t flags, as_reload_report *r)
{
    as_engine *e = m->engine;
    for (as_context *c = e->contexts; c; c = c->live_next) {
        if (c->state == AS_EXECUTION_ACTIVE || c->saved.count) {
            refuse(r, "refused: a context is executing (reload between executions)");
            return AS_CONTEXT_ACTIVE;
        }
    }
    reload_free_retired(m, false);
    /* compiled as m is, its globals not initialised yet */
    s->access_mask = m->access_mask;
    s->default_ns = m->default_ns;
    s->keep_pending = true;
    int64_t init_after = e->props[AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD];
    e->props[AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD] = 0;
    int rc = as_module_build(s);
    e->props[AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD] = init_after;
    if (rc < 0) {
        refuse(r, "refused: the new code has compile errors; the old code keeps running");
        return rc;
    }
    decls both[2];   /* the module's declarations, then the new source's */
    memset(both, 0, sizeof both);
    decls *od = &both[0], *nd = &both[1];
    mem_cleanup freeing;   /* the lists, if running out of memory unwinds the reload */
    mem_cleanup_push(&freeing, decls_free_both, both);
    decls_collect(od, m);
    decls_collect(nd, s);
    bool same = od->funcs.count == nd->funcs.count && od->types.count == nd->types.count &&
                od->globals.count == nd->globals.count && !missing_in(&od->funcs, &nd->funcs) &&
                !missing_in(&od->types, &nd->types) && !missing_in(&od->globals, &nd->globals) &&
                m->imports.count == s->imports.count;
    if (same) {
        rc = soft_reload(m, s, od, nd, r);
        if (rc == AS_SUCCESS) {
            /* messages and debug information name the new sections */
            for (int i = 0; i < m->sections.count; i++) mem_free(m->sections.data[i].code);
            VEC_FREE(m->sections);
            m->sections = s->sections;
            memset(&s->sections, 0, sizeof s->sections);
        }
    } else {
        rc = full_reload(m, s, od, nd, flags, r);
    }
    mem_cleanup_pop(&freeing);
    decls_free_both(both);
    return rc;   /* the caller discards s (after a full reload: the old contents) */
}

/* Builds scratch module s (its sections added) beside m and reloads m from it; the caller
 * discards s. Everything of a reload that may run out of memory is here, out of the function
 * that holds the guard (whose locals setjmp would clobber); *scratch is what to discard whatever
 * happens. */
__attribute__((noinline))
static int reload_body(as_module *m, as_module *volatile *scratch, const as_reload_source *sections, int count,
                       uint32_t flags, as_reload_report *r)
{
    as_module *source = *scratch;
    if (!source) {
        char name[300];
        snprintf(name, sizeof name, "$reload:%s", m->name);
        source = as_engine_get_module(m->engine, name, AS_GM_ALWAYS_CREATE);
        if (!source) return AS_OUT_OF_MEMORY;
        *scratch = source;
        for (int i = 0; i < count; i++) {
            const as_reload_source *src = &sections[i];
            int rc = as_module_add_section(source, src->name, src->code, src->length, src->line_offset);
            if (rc < 0) {
                refuse(r, "refused: the sections could not be added");
                return rc;
            }
        }
    }
    return reload_in(m, source, flags, r);
}

static int reload_guarded(as_module *m, as_module *source, const as_reload_source *sections, int count,
                          const as_reload_options *opts, as_reload_report *r)
{
    as_engine *e = m->engine;
    if (!m->built || e->building) {
        if (source) as_module_discard(source);
        refuse(r, m->built ? "refused: a build is in progress" : "refused: the module is not built");
        return m->built ? AS_BUILD_IN_PROGRESS : AS_ERROR;
    }
    as_module *volatile scratch = source;
    void *entered = engine_enter(e);
    mem_guard g;
    mem_guard_push(&g, NULL, NULL);
    int rc;
    if (setjmp(g.jb)) {
        refuse(r, "refused: out of memory");
        rc = AS_OUT_OF_MEMORY;
    } else {
        rc = reload_body(m, &scratch, sections, count, opts ? opts->flags : 0, r);
        mem_guard_end(&g);
    }
    report_line(e, m->name, "reload: %s", r->summary);
    engine_leave(e, entered);
    /* unguarded, the engine idle again: freed now rather than left for later */
    if (scratch) as_module_discard(scratch);
    return rc;
}

int as_module_reload(as_module *m, const as_reload_source *sections, int count, const as_reload_options *opts,
                     as_reload_report *report)
{
    bool bad = !m || count < 0 || (count && !sections);
    for (int i = 0; !bad && i < count; i++) bad = !sections[i].code;
    if (bad) {
        if (report) {
            memset(report, 0, sizeof *report);
            refuse(report, "refused: invalid arguments");
        }
        return AS_INVALID_ARG;
    }
    as_reload_report local;
    if (!report) report = &local;
    memset(report, 0, sizeof *report);
    return reload_guarded(m, NULL, sections, count, opts, report);
}

int as_module_reload_from(as_module *m, as_module *source, const as_reload_options *opts, as_reload_report *report)
{
    if (!m || !source || source == m || source->engine != m->engine || source->built) {
        if (report) {
            memset(report, 0, sizeof *report);
            refuse(report, "refused: invalid arguments");
        }
        return AS_INVALID_ARG;
    }
    as_reload_report local;
    if (!report) report = &local;
    memset(report, 0, sizeof *report);
    return reload_guarded(m, source, NULL, 0, opts, report);
}
