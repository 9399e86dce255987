/* The code of modules that are gone: when a module is discarded or rebuilt, its functions and
 * types may still be in use (objects of its classes held by the host or waiting for the
 * collector, function handles, delegates). They become one "remains" of the engine: the
 * module's functions and types, the functions of those types, and the template instances made
 * of them (array<Node@>, and instances of registered template functions, Identity<Node@>). A remains is freed as a whole once
 *  - no object of its types is alive and nothing holds a reference to one of its types
 *    (as_type_addref: containers of a template instance),
 *  - no handle or delegate holds one of its functions (a function's own reference is its only),
 *  - no type outside it derives from, implements, contains or is made of one of its types;
 * so rebuilding a module again and again keeps the engine's memory flat. Shared entities another
 * module still uses stay out of it. Freeing happens only while the engine is idle. */
#include "engine.h"
#include "util/mem.h"
#include "object.h"
#include <stdlib.h>
#include <string.h>

typedef struct as_remains {
    VEC(as_function *) funcs;
    VEC(as_type *) types;
    VEC(const void *) strings;      /* the module's string constants, which its code uses */
} as_remains;

/* ---- collecting ---- */

static bool listed(void *const *data, int n, const void *p)
{
    for (int i = 0; i < n; i++)
        if (data[i] == p) return true;
    return false;
}

/* A shared entity another (live) module uses stays. */
static bool shared_in_use(as_engine *e, const as_module *gone, const void *p, bool is_type)
{
    for (int i = 0; i < e->modules.count; i++) {
        as_module *m = e->modules.data[i];
        if (m == gone) continue;
        if (is_type ? listed((void *const *)m->types.data, m->types.count, p)
                    : listed((void *const *)m->all_functions.data, m->all_functions.count, p))
            return true;
    }
    return false;
}

static bool add_type(as_engine *e, as_remains *r, const as_module *gone, as_type *t)
{
    if (!t || t->remains || t->kind == TYPE_PRIMITIVE) return false;
    if ((t->flags & AS_OBJ_SHARED) && shared_in_use(e, gone, t, true)) return false;
    VEC_RESERVE(r->types, r->types.count + 1);   /* (guarded: jumps before t is marked) */
    t->remains = r;
    VEC_PUSH(r->types, t);
    return true;
}

static void add_func(as_engine *e, as_remains *r, const as_module *gone, as_function *f)
{
    /* a script class's factory goes with its constructor (remains_collect) */
    if (!f || f->remains || f->kind == FN_DELEGATE || f->factory_for) return;
    if ((f->attrs & FA_SHARED) && shared_in_use(e, gone, f, false)) return;
    VEC_RESERVE(r->funcs, r->funcs.count + 1);   /* (guarded: jumps before f is marked) */
    f->remains = r;
    VEC_PUSH(r->funcs, f);
}

/* Whether dt names a type of r (directly or as a template instance's subtype). */
static bool dtype_in(const as_dtype *d, const as_remains *r) { return d->type && d->type->remains == r; }

static bool instance_of_remains(const as_type *t, const as_remains *r)
{
    if (!t->template_base) return false;
    for (int i = 0; i < t->subtypes.count; i++)
        if (dtype_in(&t->subtypes.data[i], r)) return true;
    return false;
}

static int cmp_ptr(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t)*(void *const *)a, y = (uintptr_t)*(void *const *)b;
    return x < y ? -1 : x > y;
}

/* Code that reads or writes the module's globals, whose storage goes with the module: run
 * later (a method of an object the host kept, a handle), it raises an exception instead. */
static void stub_function(as_function *f)
{
    static const char msg[] = "The function's module was discarded";
    as_insn *code = mem_alloc(sizeof *code);
    as_slot *k = mem_alloc(sizeof *k);
    uint8_t *kinds = mem_alloc(1), *bits = mem_calloc(1, 1);
    if (!code || !k || !kinds || !bits) {
        mem_free(code);
        mem_free(k);
        mem_free(kinds);
        mem_free(bits);
        /* out of memory: the same in place (the code reads a global, so it has a constant) */
        as_bytecode *bc = &f->bc;
        if (bc->ncode && bc->nconsts) {
            bc->code[0].op = BC_THROW;
            bc->code[0].b = 0;
            bc->consts[0].u64 = 0;
            bc->consts[0].cp = msg;
            bc->kinds[0] = K_RAW;
        }
        return;
    }
    memset(code, 0, sizeof *code);
    code->op = BC_THROW;
    k->u64 = 0;
    k->cp = msg;
    kinds[0] = K_RAW;
    as_bytecode *bc = &f->bc;
    mem_free(bc->code); mem_free(bc->consts); mem_free(bc->kinds); mem_free(bc->objvars);
    mem_free(bc->stmt_bits); mem_free(bc->trys); mem_free(bc->vars);
    bc->code = code;
    bc->ncode = 1;
    bc->consts = k;
    bc->kinds = kinds;
    bc->nconsts = 1;
    bc->objvars = NULL;
    bc->nobjvars = 0;
    bc->stmt_bits = bits;
    bc->trys = NULL;
    bc->ntrys = 0;
    bc->vars = NULL;
    bc->nvars = 0;
    if (bc->nlines && bc->lines) {
        bc->nlines = 1;
        bc->lines[0].pc = 0;
    } else {
        bc->nlines = 0;
    }
}

static bool reads_global(const as_function *f, const void *const *addrs, int n, bool sorted)
{
    if (f->kind != FN_SCRIPT || !f->bc.kinds) return false;
    for (uint32_t c = 0; c < f->bc.nconsts; c++) {
        if (f->bc.kinds[c] != K_GLOBAL) continue;
        const void *p = f->bc.consts[c].cp;
        if (sorted ? bsearch(&p, addrs, (size_t)n, sizeof *addrs, cmp_ptr) != NULL : listed((void *const *)addrs, n, p))
            return true;
    }
    return false;
}

/* Stubs the functions among funcs[0..n) that use m's globals. */
static void stub_global_users(as_module *m, as_function *const *funcs, int nfuncs)
{
    int n = m->globals.count + m->removed_globals.count;
    if (!n) return;
    const void **addrs = mem_alloc(sizeof *addrs * (size_t)n);
    if (!addrs) {
        /* out of memory: one list at a time, unsorted */
        for (int i = 0; i < nfuncs; i++)
            for (int g = 0; g < m->globals.count; g++)
                if (reads_global(funcs[i], (const void *const *)&m->globals.data[g]->addr, 1, false)) {
                    stub_function(funcs[i]);
                    break;
                }
        for (int i = 0; i < nfuncs; i++)
            for (int g = 0; g < m->removed_globals.count; g++)
                if (reads_global(funcs[i], (const void *const *)&m->removed_globals.data[g]->addr, 1, false)) {
                    stub_function(funcs[i]);
                    break;
                }
        return;
    }
    int k = 0;
    for (int i = 0; i < m->globals.count; i++) addrs[k++] = m->globals.data[i]->addr;
    for (int i = 0; i < m->removed_globals.count; i++) addrs[k++] = m->removed_globals.data[i]->addr;
    qsort(addrs, (size_t)n, sizeof *addrs, cmp_ptr);
    for (int i = 0; i < nfuncs; i++)
        if (reads_global(funcs[i], addrs, n, true)) stub_function(funcs[i]);
    mem_free(addrs);
}

/* Another live module listing shared type t (NULL if none). */
static as_module *shared_user(as_engine *e, const as_module *gone, const as_type *t)
{
    for (int i = 0; i < e->modules.count; i++) {
        as_module *o = e->modules.data[i];
        if (o != gone && listed((void *const *)o->types.data, o->types.count, t)) return o;
    }
    return NULL;
}

/* f stays for heir, which uses it: it loses its module (whose sections go), and the string
 * constants its code uses are made again for heir (the gone module's go with it). */
static void hand_over_function(as_engine *e, as_function *f, as_module *heir)
{
    f->module = NULL;
    if (f->kind != FN_SCRIPT || !f->bc.kinds || !e->has_string_factory) return;
    for (uint32_t c = 0; c < f->bc.nconsts; c++) {
        if (f->bc.kinds[c] != K_STRING || !f->bc.consts[c].cp) continue;
        const as_string_factory *sf = &e->string_factory;
        unsigned len = 0;
        if (sf->get_raw_data(sf->user, f->bc.consts[c].cp, NULL, &len) < 0) continue;
        char *data = mem_alloc(len + 1u);
        if (!data) continue;
        const void *copy = NULL;
        if (sf->get_raw_data(sf->user, f->bc.consts[c].cp, data, &len) >= 0) copy = sf->get_constant(sf->user, data, len);
        mem_free(data);
        if (!copy) continue;   /* out of memory: the function keeps the old one */
        VEC_RESERVE(heir->string_consts, heir->string_consts.count + 1);
        if (heir->string_consts.count >= heir->string_consts.cap) {
            if (sf->release_constant) sf->release_constant(sf->user, copy);
            continue;
        }
        VEC_PUSH(heir->string_consts, copy);
        f->bc.consts[c].cp = copy;
    }
}

/* Another live module listing shared function f (`external shared`; NULL if none). */
static as_module *shared_function_user(as_engine *e, const as_module *gone, const as_function *f)
{
    for (int i = 0; i < e->modules.count; i++) {
        as_module *o = e->modules.data[i];
        if (o != gone && listed((void *const *)o->all_functions.data, o->all_functions.count, f)) return o;
    }
    return NULL;
}

/* Shared types and their functions, and shared functions, that other modules still use stay:
 * the types pass to one of those modules, the functions to the module that uses them. */
static void hand_over_shared(as_engine *e, as_module *m)
{
    for (int i = 0; i < m->types.count; i++) {
        as_type *t = m->types.data[i];
        if (t->remains || !(t->flags & AS_OBJ_SHARED) || t->module != m) continue;
        as_module *heir = shared_user(e, m, t);
        if (!heir) continue;
        t->module = heir;
        for (int k = 0; k < e->funcs.count; k++) {
            as_function *f = e->funcs.data[k];
            if (!f || f->remains || (f->objtype != t && !(f->factory_for && f->factory_for->objtype == t))) continue;
            if (f->module != m && f->module != NULL) continue;   /* NULL: handed over before */
            hand_over_function(e, f, heir);
        }
    }
    for (int i = 0; i < m->functions.count; i++) {
        as_function *f = m->functions.data[i];
        if (f->remains || !(f->attrs & FA_SHARED) || f->module != m || f->objtype) continue;
        as_module *heir = shared_function_user(e, m, f);
        if (heir) hand_over_function(e, f, heir);
    }
}


/* Out of memory while collecting: nothing is marked as r's; m's code stays with the engine
 * until it goes, made safe from the globals going now. */
static void collect_failed(as_engine *e, as_module *m, as_remains *r)
{
    if (r) {
        for (int i = 0; i < e->types.count; i++)
            if (e->types.data[i] && e->types.data[i]->remains == r) e->types.data[i]->remains = NULL;
        for (int i = 0; i < e->funcs.count; i++)
            if (e->funcs.data[i] && e->funcs.data[i]->remains == r) e->funcs.data[i]->remains = NULL;
        VEC_FREE(r->types);
        VEC_FREE(r->funcs);
        VEC_FREE(r->strings);
        mem_free(r);
    }
    stub_global_users(m, m->all_functions.data, m->all_functions.count);
}

static void collect(as_engine *e, as_module *m, as_remains *r)
{
    for (int i = 0; i < m->types.count; i++) add_type(e, r, m, m->types.data[i]);
    /* template instances of them (array<Node@>, array<array<Node@>>), and child funcdefs */
    for (bool more = true; more;) {
        more = false;
        for (int i = 0; i < e->types.count; i++) {
            as_type *t = e->types.data[i];
            if (!t || t->remains) continue;
            if (instance_of_remains(t, r) || (t->parent_type && t->parent_type->remains == r)) more |= add_type(e, r, m, t);
        }
    }
    for (int i = 0; i < m->all_functions.count; i++) add_func(e, r, m, m->all_functions.data[i]);
    /* behaviours, methods and signatures of those types; the module's other functions */
    for (int i = 0; i < e->funcs.count; i++) {
        as_function *f = e->funcs.data[i];
        if (!f || f->remains) continue;
        if (f->module == m || (f->objtype && f->objtype->remains == r)) add_func(e, r, m, f);
    }
    for (int i = 0; i < r->types.count; i++) {
        as_type *t = r->types.data[i];
        if (t->signature && !t->signature->remains) add_func(e, r, m, t->signature);
    }
    /* instances of registered template functions made of them (Identity<Node@>) */
    for (int i = 0; i < e->funcs.count; i++) {
        as_function *f = e->funcs.data[i];
        if (!f || f->remains || !f->tf_template) continue;
        for (int k = 0; k < f->tf_subtypes.count; k++)
            if (dtype_in(&f->tf_subtypes.data[k], r)) {
                add_func(e, r, m, f);
                break;
            }
    }
    for (int i = 0; i < e->funcs.count; i++) {
        as_function *f = e->funcs.data[i];
        if (f && !f->remains && f->factory_for && f->factory_for->remains == r) {
            VEC_RESERVE(r->funcs, r->funcs.count + 1);
            f->remains = r;
            VEC_PUSH(r->funcs, f);
        }
    }
    /* funcdefs made for a signature of them (as_function_type_id) */
    for (int i = 0; i < e->types.count; i++) {
        as_type *t = e->types.data[i];
        if (t && !t->remains && t->kind == TYPE_FUNCDEF && t->signature && t->signature->remains == r) add_type(e, r, m, t);
    }
    /* room for what is moved below, so nothing after this can fail */
    VEC_RESERVE(r->strings, m->string_consts.count);
    VEC_RESERVE(e->remains, e->remains.count + 1);
}

void remains_collect(as_engine *e, as_module *m)
{
    as_remains *r = mem_calloc(1, sizeof *r);
    if (!r) {
        collect_failed(e, m, NULL);
        return;
    }
    /* the lists grow under a guard: running out of memory anywhere takes the marks back */
    mem_guard g;
    mem_guard_push(&g, NULL, NULL);
    if (setjmp(g.jb)) {
        collect_failed(e, m, r);
        hand_over_shared(e, m);
        return;
    }
    collect(e, m, r);
    mem_guard_end(&g);
    hand_over_shared(e, m);
    if (!r->types.count && !r->funcs.count) {
        /* nothing to keep (the room collect reserved goes too) */
        VEC_FREE(r->types);
        VEC_FREE(r->funcs);
        VEC_FREE(r->strings);
        mem_free(r);
        return;
    }
    stub_global_users(m, r->funcs.data, r->funcs.count);
    /* the string constants its code uses stay with it */
    for (int i = 0; i < m->string_consts.count; i++) VEC_PUSH(r->strings, m->string_consts.data[i]);
    m->string_consts.count = 0;
    for (int i = 0; i < r->types.count; i++)
        if (r->types.data[i]->module == m) r->types.data[i]->module = NULL;
    for (int i = 0; i < r->funcs.count; i++)
        if (r->funcs.data[i]->module == m) r->funcs.data[i]->module = NULL;
    VEC_PUSH(e->remains, r);
    e->reclaim_wanted = true;
}

void remains_adopt(as_engine *e, as_remains *r, as_function *f)
{
    (void)e;
    f->module = NULL;
    /* out of memory, f stays with the engine until it goes */
    VEC_RESERVE(r->funcs, r->funcs.count + 1);
    if (r->funcs.count >= r->funcs.cap) return;
    f->remains = r;
    VEC_PUSH(r->funcs, f);
}

/* ---- freeing ---- */

/* A type outside r that uses a type of r. */
static bool type_uses(const as_type *t, const as_remains *r)
{
    if ((t->base && t->base->remains == r) || (t->parent_type && t->parent_type->remains == r)) return true;
    for (int i = 0; i < t->interfaces.count; i++)
        if (t->interfaces.data[i]->remains == r) return true;
    for (int i = 0; i < t->props.count; i++)
        if (dtype_in(&t->props.data[i].type, r)) return true;
    for (int i = 0; i < t->subtypes.count; i++)
        if (dtype_in(&t->subtypes.data[i], r)) return true;
    return false;
}

static bool in_use(as_engine *e, const as_remains *r)
{
    for (int i = 0; i < r->types.count; i++)
        if (r->types.data[i]->live) return true;
    for (int i = 0; i < r->funcs.count; i++)
        if (r->funcs.data[i]->refcount > 1) return true;
    for (int i = 0; i < e->types.count; i++) {
        const as_type *t = e->types.data[i];
        if (t && t->remains != r && type_uses(t, r)) return true;
    }
    for (int i = 0; i < e->funcs.count; i++) {
        /* a delegate (its object keeps the type alive too), or a function outside r whose
         * signature is made of r's types (a funcdef of another module cannot be) */
        const as_function *f = e->funcs.data[i];
        if (f && f->remains != r && f->kind == FN_DELEGATE && f->delegate_method && f->delegate_method->remains == r) return true;
    }
    return false;
}

static void release_strings(as_engine *e, as_remains *r)
{
    if (e->has_string_factory && e->string_factory.release_constant)
        for (int i = 0; i < r->strings.count; i++) e->string_factory.release_constant(e->string_factory.user, r->strings.data[i]);
    VEC_FREE(r->strings);
}

static void remains_free(as_engine *e, as_remains *r)
{
    release_strings(e, r);
    for (int i = 0; i < r->funcs.count; i++) engine_unmake_function(e, r->funcs.data[i]);
    for (int i = 0; i < r->types.count; i++) engine_unmake_type(e, r->types.data[i]);
    VEC_FREE(r->funcs);
    VEC_FREE(r->types);
    mem_free(r);
}

void engine_reclaim(as_engine *e)
{
    if (e->busy || e->gc.pass || !e->reclaim_wanted) return;
    e->reclaim_wanted = false;
    /* freeing one remains can free another (a type of one made of another's) */
    for (bool more = true; more;) {
        more = false;
        for (int i = 0; i < e->remains.count; i++) {
            as_remains *r = e->remains.data[i];
            if (in_use(e, r)) continue;
            e->remains.data[i--] = e->remains.data[--e->remains.count];
            remains_free(e, r);
            more = true;
        }
    }
}

void remains_free_all(as_engine *e)
{
    /* the engine's own lists free the functions and types themselves */
    for (int i = 0; i < e->remains.count; i++) {
        as_remains *r = e->remains.data[i];
        release_strings(e, r);
        VEC_FREE(r->funcs);
        VEC_FREE(r->types);
        mem_free(r);
    }
    VEC_FREE(e->remains);
}

/* ---- the host's references to types (asITypeInfo::AddRef/Release) ---- */

int as_type_addref(as_type *t)
{
    if (!t) return AS_INVALID_ARG;
    if (t->kind == TYPE_PRIMITIVE) return 1;
    return (int)++t->live;
}

int as_type_release(as_type *t)
{
    if (!t) return AS_INVALID_ARG;
    if (t->kind == TYPE_PRIMITIVE || !t->live) return 0;
    if (--t->live == 0 && t->remains) t->engine->reclaim_wanted = true;
    return (int)t->live;
}
