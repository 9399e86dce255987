/* Building a module: parse every section, declare, compile global initialisers in dependency
 * order and function bodies, then initialise the globals. */
#include "compiler.h"
#include "emit.h"
#include "ev.h"
#include "stmt.h"
#include "opcall.h"
#include "call.h"
#include "../parser/parser.h"
#include "../vm/vm.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../aot/aot.h"

static void build_report(void *user, int section, int line, int col, as_diag_type type, const char *msg)
{
    as_compiler *c = user;
    as_module *m = c->module;
    const char *name = section >= 0 && section < m->sections.count ? m->sections.data[section].name : "";
    if (section == C_SECTION_DEFARG) name = "default arg";
    as_msgtype t = type == DIAG_ERROR ? AS_MSG_ERROR : type == DIAG_WARNING ? AS_MSG_WARNING : AS_MSG_INFORMATION;
    as_engine_write_message(c->engine, name, line, col, t, msg);
}

/* Also used by incremental.c, which compiles single functions and globals into built modules. */
void compiler_init(as_compiler *c, as_module *m)
{
    memset(c, 0, sizeof *c);
    c->engine = m->engine;
    c->module = m;
    c->arena = &m->arena;
    c->diag.report = build_report;
    c->diag.user = c;
}

int compiler_error_count(as_compiler *c)
{
    /* AS_EP_COMPILER_WARNINGS 2: the warnings stay warnings and one error, without a position,
     * fails the build, as the reference reports it */
    if (c->engine->props[AS_EP_COMPILER_WARNINGS] == 2 && c->diag.warnings > 0) {
        diag_report(&c->diag, -1, 0, 0, DIAG_ERROR, "Warnings are treated as errors by the application");
        c->diag.warnings = 0;
    }
    return c->diag.errors;
}

void compiler_abandon_fcs(void *compiler)
{
    as_compiler *c = compiler;
    while (c->live_fcs) fc_abandon(c->live_fcs);
    c->current = NULL;
}

void compiler_abandon(as_compiler *c)
{
    compiler_abandon_fcs(c);
    compiler_free_lists(c);
}

void compiler_free_lists(as_compiler *c)
{
    VEC_FREE(c->pending);
    VEC_FREE(c->new_types);
    VEC_FREE(c->enums);
    VEC_FREE(c->funcdefs);
    VEC_FREE(c->classes);
    VEC_FREE(c->mixins);
    VEC_FREE(c->dup_interfaces);
    VEC_FREE(c->cyclic_bases);
    VEC_FREE(c->funcs);
    VEC_FREE(c->vars);
    VEC_FREE(c->imports);
    VEC_FREE(c->init_order);
    VEC_FREE(c->deferred_tmpl);
    VEC_FREE(c->body_diags);
    VEC_FREE(c->usings);
    VEC_FREE(c->block_usings);
}

/* ======================================================================= global initialisers */

/* Emits the initialisation of global g into f. */
static void emit_global_init(fc *f, as_global *g)
{
    ast_node *d = g->declarator;
    as_dtype t = g->type;
    ev lv;
    ev_init(&lv, EV_GLOBAL);
    lv.g = g;
    lv.type = t;
    lv.lvalue = true;
    emit_line(f, d->pos);
    if (dt_is_primitive(&t) || dt_is_handle(&t) || t.type->kind == TYPE_FUNCDEF) {
        ast_node *init = d->u.decl.init;
        if (d->u.decl.has_args) stmt_report_no_constructor(f, &t, d);
        if (!init) return;
        as_dtype want = t;
        want.flags &= (uint8_t)~DT_CONST;
        if (dt_is_handle(&t)) want.flags = t.flags & (DT_HANDLE | DT_CONST);
        ev rv;
        f->msg_target = MT_GLOBAL_INIT;
        compile_expr_as(f, init, &want, &rv);
        if (rv.kind == EV_ERROR) return;
        if (g->is_const && rv.kind == EV_CONST) {
            g->has_value = true;
            g->value = rv.k;
        }
        int s = ev_to_slot(f, &rv, -1);
        ev_store(f, &lv, s, d);
        ev_free(f, &rv);
        return;
    }
    if (dt_is_value_obj(&t)) {
        /* construct in place at the global's address */
        int addr = slot_alloc(f, 1);
        emit(f, BC_LK, addr, k_global(f, g), 0);
        as_type *ty = t.type;
        ev self;
        ev_init(&self, EV_SLOT);
        self.slot = (uint16_t)addr;
        self.type = dt_of(ty, DT_HANDLE);
        self.from_local = true;
        if (d->u.decl.init) {
            /* the value (an initialisation list too) is made in the frame, then copied in */
            ev rv;
            as_dtype want = dt_of(ty, 0);
            if (d->u.decl.init->kind == AST_INITLIST) compile_initlist_into(f, d->u.decl.init, &want, -1, &rv);
            else { f->msg_target = MT_GLOBAL_INIT; compile_expr_as(f, d->u.decl.init, &want, &rv); }
            if (rv.kind == EV_ERROR) return;
            if (ty->beh.copy_construct) {
                ev r;
                emit_call(f, ty->beh.copy_construct, &self, &rv, 1, d, &r);
                ev_free(f, &r);
            } else if (ty->beh.default_construct && ty->beh.copy_assign) {
                ev r;
                emit_call(f, ty->beh.default_construct, &self, NULL, 0, d, &r);
                ev_free(f, &r);
                ev_init(&self, EV_SLOT);
                self.slot = (uint16_t)addr;
                self.type = dt_of(ty, DT_HANDLE);
                self.from_local = true;
                emit_call(f, ty->beh.copy_assign, &self, &rv, 1, d, &r);
                ev_free(f, &r);
            } else if (ty->flags & AS_OBJ_POD) {
                int s = ev_address(f, &rv, -1);
                emit(f, BC_MEMCPY, addr, s, ty->size);
                ev_free(f, &rv);
            } else {
                c_error(f->c, d, "There is no copy operator for the type '%s' available.", ty->name);
                ev_free(f, &rv);
            }
            return;
        }
        /* constructor with the declarator's arguments, or the default one */
        call_args a = {0};
        arg_t st[16];
        a.v = st;
        a.n = 0;
        ast_list *args = &d->u.decl.args;
        if (args->count > 16) return;
        args_compile(f, args, &a);
        if (args_have_error(&a)) { args_free(f, &a); return; }
        if (ty->beh.factories.count == 0) {
            if (!(ty->flags & AS_OBJ_POD) || a.n) c_error(f->c, d, "No default constructor for object of type '%s'.", ty->name);
            args_free(f, &a);
            return;
        }
        int pick = pick_overload(f, ty->beh.factories.data, ty->beh.factories.count, &a, 0, ty->name, d, true);
        if (pick < 0) { args_free(f, &a); return; }
        ev r;
        emit_call_mapped(f, ty->beh.factories.data[pick], &self, &a, d, &r);
        ev_free(f, &r);
        return;
    }
    /* reference type held by value: a new object */
    ev obj;
    if (d->u.decl.init) {
        ev rv;
        f->msg_target = MT_GLOBAL_INIT;
        compile_expr_as(f, d->u.decl.init, &t, &rv);
        ev_copy_value(f, &rv, -1, &obj, d);
    } else {
        compile_new_object(f, t, d->u.decl.args.items, d->u.decl.args.count, d, &obj, -1);
    }
    if (obj.kind == EV_ERROR) return;
    int s = ev_to_slot(f, &obj, -1);
    ev_store(f, &lv, s, d);
    ev_free(f, &obj);
}

static bool global_needs_init(const as_global *g)
{
    const ast_node *d = g->declarator;
    if (d->u.decl.init || d->u.decl.has_args) return true;
    return !dt_is_primitive(&g->type) && !dt_is_handle(&g->type) && g->type.type->kind != TYPE_FUNCDEF;
}

/* Compiles g's initialiser into its own function. With `trial`, nothing is reported and the
 * result is thrown away if it reads a global whose initialiser has not run yet. */
static bool compile_global(as_compiler *c, as_global *g, bool trial)
{
    as_engine *e = c->engine;
    char name[512], tname[256];
    dtype_format(&g->type, tname, sizeof tname, false);
    snprintf(name, sizeof name, "%s %s", tname, g->name);
    as_function *fn = g->init_func;
    if (!fn) {
        fn = engine_new_function(e, FN_SCRIPT, engine_intern(e, name, strlen(name)), g->ns);
        fn->module = c->module;
        fn->section = g->section;
        fn->line = g->line;
        fn->col = g->col;
        function_layout_args(fn);
        VEC_PUSH(c->module->all_functions, fn);
        g->init_func = fn;
    }
    fc f;
    fc_init(&f, c, fn, g->ns, NULL);
    f.is_global_init = true;
    scope s;
    scope_push(&f, &s);
    s.is_function = true;
    as_diag saved = c->diag;
    if (trial) c->diag.report = NULL;
    c->current = &f;
    c->reading_uninit = false;
    c->checking_init = g;
    g->init_state = 1;
    emit_global_init(&f, g);
    c->checking_init = NULL;
    bool postponed = trial && c->reading_uninit;
    bool had_errors = c->diag.errors != saved.errors;
    if (trial) c->diag = saved;
    if (postponed || (trial && had_errors)) {
        g->init_state = 0;
        scope_pop(&f);
        fc_discard(&f);
        c->current = NULL;
        c->reported_fn = NULL;
        return false;
    }
    emit(&f, BC_RET, 0, 0, 0);
    f.unreachable = true;
    scope_pop(&f);
    fc_finish(&f);
    c->current = NULL;
    /* the last round (reporting) keeps the others uninitialised so every bad read is reported */
    g->init_state = trial ? 2 : 0;
    VEC_PUSH(c->init_order, g);
    return true;
}

/* A min-heap of positions in the todo list. */
typedef struct pos_heap { int *data; int count, cap; } pos_heap;

static void heap_push(pos_heap *h, int v)
{
    VEC_PUSH(*h, v);
    for (int i = h->count - 1; i > 0;) {
        int p = (i - 1) / 2;
        if (h->data[p] <= h->data[i]) break;
        int t = h->data[p]; h->data[p] = h->data[i]; h->data[i] = t;
        i = p;
    }
}

static int heap_pop(pos_heap *h)
{
    int top = h->data[0];
    h->data[0] = h->data[--h->count];
    for (int i = 0;;) {
        int l = 2 * i + 1, r = l + 1, m = i;
        if (l < h->count && h->data[l] < h->data[m]) m = l;
        if (r < h->count && h->data[r] < h->data[m]) m = r;
        if (m == i) break;
        int t = h->data[m]; h->data[m] = h->data[i]; h->data[i] = t;
        i = m;
    }
    return top;
}

/* Initialisers in rounds, as the reference orders them: each round tries the waiting globals in
 * declaration order, and one that reads a global not yet initialised waits for the next round.
 * A global is only tried again once the global it waited for is done: if that happened earlier
 * in the same round (a smaller position) it is tried in this round, else in the next; so a chain
 * of n globals each reading the next costs n compilations, not n^2. On return *n is how many
 * are left (in todo, in order): they read globals that never get initialised, or have errors. */
typedef VEC(int) int_list;
typedef struct rounds {
    int count;
    int *blocked;
    int_list *waiters;
    bool *done;
    int *pos;
    pos_heap now, next;
    mem_cleanup cleanup;   /* frees the above when running out of memory unwinds the build */
} rounds;

static void rounds_free(void *rounds_)
{
    rounds *r = rounds_;
    if (r->waiters)
        for (int i = 0; i < r->count; i++) VEC_FREE(r->waiters[i]);
    mem_free(r->pos);
    mem_free(r->blocked);
    mem_free(r->waiters);
    mem_free(r->done);
    VEC_FREE(r->now);
    VEC_FREE(r->next);
}

static void init_in_rounds(as_compiler *c, as_global **todo, int *n)
{
    int count = *n;
    if (!count) return;
    rounds r = {.count = count};
    mem_cleanup_push(&r.cleanup, rounds_free, &r);
    /* waiters[k]: positions waiting for todo[k]; blocked[k]: what todo[k] waits for (-1: none) */
    int *blocked = r.blocked = mem_alloc(sizeof(int) * (size_t)count);
    int_list *waiters = r.waiters = mem_calloc((size_t)count, sizeof *waiters);
    bool *done = r.done = mem_calloc((size_t)count, 1);
    /* position in todo of each of the module's globals (-1: not waiting) */
    int nglobals = c->module->globals.count;
    int *pos = r.pos = mem_alloc(sizeof(int) * (size_t)(nglobals ? nglobals : 1));
    pos_heap *now = &r.now, *next = &r.next;
    if (!blocked || !waiters || !done || !pos) {
        c_error_pos(c, (ast_pos){0, 0, 0}, "out of memory");
        mem_cleanup_pop(&r.cleanup);
        rounds_free(&r);
        return;
    }
    for (int i = 0; i < nglobals; i++) pos[i] = -1;
    for (int i = 0; i < count; i++) {
        blocked[i] = -1;
        if (todo[i]->index >= 0 && todo[i]->index < nglobals && c->module->globals.data[todo[i]->index] == todo[i])
            pos[todo[i]->index] = i;
        heap_push(now, i);
    }
    while (now->count) {
        while (now->count) {
            int i = heap_pop(now);
            if (done[i]) continue;
            while (now->count && now->data[0] == i) heap_pop(now);   /* queued twice */
            c->uninit_global = NULL;
            if (compile_global(c, todo[i], true)) {
                done[i] = true;
                for (int k = 0; k < waiters[i].count; k++) {
                    int w = waiters[i].data[k];
                    if (w > i) heap_push(now, w);
                    else heap_push(next, w);
                }
                VEC_FREE(waiters[i]);
                continue;
            }
            /* waits for the global it read (one of the todo list), or for nothing it can get */
            as_global *g = c->uninit_global;
            int dep = g && g->index >= 0 && g->index < nglobals && c->module->globals.data[g->index] == g ? pos[g->index] : -1;
            blocked[i] = dep;
            if (dep >= 0 && !done[dep]) VEC_PUSH(waiters[dep], i);
            else if (dep >= 0) heap_push(dep < i ? now : next, i);
        }
        pos_heap t = *now;
        *now = *next;
        *next = t;
    }
    int w = 0;
    for (int i = 0; i < count; i++)
        if (!done[i]) todo[w++] = todo[i];
    *n = w;
    mem_cleanup_pop(&r.cleanup);
    rounds_free(&r);
}

typedef VEC(as_global *) global_list;
static void free_todo(void *todo)
{
    global_list *t = todo;
    VEC_FREE(*t);
}

/* The messages of the globals' initialisers are held back and given in declaration order, as
 * the reference gives them (it compiles in that order; angelc compiles the primitives first). */
typedef struct held_msg {
    int global, seq, section, line, col;
    as_diag_type type;
    char *text;
} held_msg;
typedef struct held_msgs {
    VEC(held_msg) list;
    int global;
} held_msgs;

static void hold_msg(void *user, int section, int line, int col, as_diag_type type, const char *msg)
{
    held_msgs *h = user;
    size_t n = strlen(msg) + 1;
    char *text = mem_alloc(n);
    if (!text) return;
    memcpy(text, msg, n);
    held_msg m = {h->global, h->list.count, section, line, col, type, text};
    VEC_PUSH(h->list, m);
}

static int by_global_then_seq(const void *a, const void *b)
{
    const held_msg *x = a, *y = b;
    if (x->global != y->global) return (x->global > y->global) - (x->global < y->global);
    return (x->seq > y->seq) - (x->seq < y->seq);
}

void compile_globals(as_compiler *c)
{
    as_module *m = c->module;
    held_msgs held = {{0}, 0};
    as_diag saved = c->diag;
    /* primitives first, then objects, each in declaration order; an initialiser that reads a
     * global not yet initialised waits for it */
    for (int phase = 0; phase < 2; phase++) {
        global_list todo = {0};
        mem_cleanup cleanup;   /* the list, when running out of memory unwinds the build */
        mem_cleanup_push(&cleanup, free_todo, &todo);
        for (int i = 0; i < m->globals.count; i++) {
            as_global *g = m->globals.data[i];
            bool prim = dt_is_primitive(&g->type);
            if (prim != (phase == 0)) continue;
            if (!global_needs_init(g)) {
                g->init_state = 2;
                continue;
            }
            VEC_PUSH(todo, g);
        }
        init_in_rounds(c, (as_global **)todo.data, &todo.count);
        /* what is left reads uninitialised globals or has errors: compile for the messages */
        for (int i = 0; i < todo.count; i++) {
            held.global = todo.data[i]->index;
            c->diag.report = saved.report ? hold_msg : NULL;
            c->diag.user = &held;
            compile_global(c, todo.data[i], false);
            c->diag.report = saved.report;
            c->diag.user = saved.user;
        }
        for (int i = 0; i < todo.count; i++) todo.data[i]->init_state = 2;
        mem_cleanup_pop(&cleanup);
        VEC_FREE(todo);
    }
    if (held.list.count) qsort(held.list.data, (size_t)held.list.count, sizeof *held.list.data, by_global_then_seq);
    for (int i = 0; i < held.list.count; i++) {
        held_msg *h = &held.list.data[i];
        if (saved.report) saved.report(saved.user, h->section, h->line, h->col, h->type, h->text);
        mem_free(h->text);
    }
    VEC_FREE(held.list);
}

/* Compiles the initialisers of m->globals[from..], declared by a compilation into a built
 * module (incremental.c): the other globals are initialised already. */
void compile_new_globals(as_compiler *c, int from)
{
    as_module *m = c->module;
    for (int i = from; i < m->globals.count; i++) {
        as_global *g = m->globals.data[i];
        if (global_needs_init(g)) compile_global(c, g, false);
        g->init_state = 2;
    }
}

/* Called by the expression compiler when a global variable is read. */
void build_note_global_read(as_compiler *c, as_global *g, const ast_node *at)
{
    if (!c->checking_init || g->module != c->module) return;
    if (g->init_state == 2 || g == c->checking_init) return;
    if (!global_needs_init(g)) return;
    if (!c->reading_uninit) c->uninit_global = g;   /* the first one it waits for */
    c->reading_uninit = true;
    c_error(c, at, "Use of uninitialized global variable '%s'.", g->name);
}

/* ======================================================================= running initialisers */

/* Runs the initialisers m->init_order[from..] in ctx, or when ctx is NULL in a context requested
 * from the engine (the host's request-context callbacks: its line callback, budget and abort
 * reach the initialisers). A context busy with a call (a host function running as_module_reset_globals)
 * runs them nested, its state pushed. */
static int run_global_inits_from(as_module *m, int from, as_context *given)
{
    as_engine *e = m->engine;
    as_context *ctx = given;
    bool pushed = false;
    if (ctx) {
        if (as_context_engine(ctx) != e) return AS_INVALID_ARG;
        if (as_context_state(ctx) == AS_EXECUTION_ACTIVE) {
            if (as_context_push_state(ctx) < 0) return AS_ERROR;
            pushed = true;
        }
    } else {
        ctx = as_engine_request_context(e);
        if (!ctx) return AS_OUT_OF_MEMORY;
        if (as_context_engine(ctx) != e) return AS_INVALID_ARG;
    }
    int rc = AS_SUCCESS;
    for (int i = from; i < m->init_order.count; i++) {
        as_global *g = m->init_order.data[i];
        if (!g->init_func) continue;
        as_context_prepare(ctx, g->init_func);
        int r = as_context_execute(ctx);
        if (r != AS_EXECUTION_FINISHED) {
            const char *sec = g->section < m->sections.count ? m->sections.data[g->section].name : "";
            engine_message(e, sec, g->line, g->col, AS_MSG_ERROR, "Failed to initialize global variable '%s'", g->name);
            if (r == AS_EXECUTION_EXCEPTION) {
                char decl[512];
                function_format_decl(g->init_func, decl, sizeof decl, true, true, false);
                engine_message(e, sec, g->line, 0, AS_MSG_INFORMATION, "Exception '%s' in '%s'",
                               as_context_exception_string(ctx), g->init_func->name);
            }
            rc = AS_INIT_GLOBAL_VARS_FAILED;
            break;
        }
    }
    if (pushed) {
        /* an abort of the initialisers aborts the caller too */
        bool aborted = as_context_state(ctx) == AS_EXECUTION_ABORTED;
        as_context_pop_state(ctx);
        if (aborted) as_context_abort(ctx);
    } else if (given) {
        as_context_unprepare(ctx);
    } else {
        as_engine_return_context(e, ctx);
    }
    if (from == 0) m->globals_initialised = rc == AS_SUCCESS;   /* globals added later leave the others as they are */
    return rc;
}

static int run_global_inits(as_module *m) { return run_global_inits_from(m, 0, NULL); }

int module_run_global_inits(as_module *m, as_context *ctx) { return run_global_inits_from(m, 0, ctx); }
int module_run_global_inits_from(as_module *m, int from) { return run_global_inits_from(m, from, NULL); }

/* ======================================================================= the build */

/* The parser's question (2.38): is `name<` the start of a template function call? Any registered
 * template function of that name, in any namespace, makes it one, as in the reference. */
static bool is_template_function_name(void *user, const char *name)
{
    as_engine *e = user;
    for (int i = 0; i < e->global_funcs.count; i++)
        if (e->global_funcs.data[i]->name == name && (e->global_funcs.data[i]->attrs & FA_TEMPLATE_FN)) return true;
    return false;
}

ast_node *compiler_parse_section(as_compiler *c, int section, bool defer_body_errors)
{
    as_module *m = c->module;
    as_engine *e = m->engine;
    as_parse_env env;
    memset(&env, 0, sizeof env);
    env.arena = &m->arena;
    env.names = &e->names;
    env.diag = &c->diag;
    env.section = section;
    /* positions carry the section's line offset: messages, line numbers at run time and the
     * lines functions are declared at all count from it, as the reference's do */
    env.line_offset = m->sections.data[section].line_offset;
    env.allow_multiline_strings = e->props[AS_EP_ALLOW_MULTILINE_STRINGS] != 0;
    env.allow_unicode_identifiers = e->props[AS_EP_ALLOW_UNICODE_IDENTIFIERS] != 0;
    env.heredoc_trim_mode = (int)e->props[AS_EP_HEREDOC_TRIM_MODE];
    env.alter_named_args = (int)e->props[AS_EP_ALTER_SYNTAX_NAMED_ARGS];
    env.disallow_empty_list_elements = e->props[AS_EP_DISALLOW_EMPTY_LIST_ELEMENTS] != 0;
    env.allow_implicit_handle_types = e->props[AS_EP_ALLOW_IMPLICIT_HANDLE_TYPES] != 0;
    env.is_template_function = is_template_function_name;
    env.is_template_user = e;
    env.no_foreach = e->props[AS_EP_FOREACH_SUPPORT] == 0;
    env.defer_body_errors = defer_body_errors;
    return parse_script(&env, m->sections.data[section].code, m->sections.data[section].len);
}

/* The parser's second-step messages of a script: those of function bodies wait for the
 * function's compilation (c_report_body_diags); the others (initialisers, enum values, default
 * arguments) are reported now, as they were found. */
static void take_body_diags(as_compiler *c, const ast_node *script)
{
    for (int i = 0; i < script->u.script.ndeferred; i++) {
        const ast_deferred_diag *d = &script->u.script.deferred[i];
        unsigned k = d->owner ? d->owner->kind : AST_SCRIPT;
        if (k == AST_FUNC || k == AST_ACCESSOR || k == AST_LAMBDA) {
            struct body_diag b = {d, script->pos.section, false};
            VEC_PUSH(c->body_diags, b);
        } else {
            diag_report(&c->diag, script->pos.section, d->line, d->col, (as_diag_type)d->type, "%s", d->msg);
        }
    }
}

void module_clear(as_module *m);

typedef VEC(ast_node *) script_list;

/* Parses and compiles (guarded by the caller); the number of errors. */
static int compile_module(as_module *m, as_compiler *c, script_list *scripts)
{
    as_engine *e = m->engine;
    module_clear(m);
    compiler_init(c, m);
    e->building++;
    for (int i = 0; i < m->sections.count; i++) {
        ast_node *s = compiler_parse_section(c, i, true);
        VEC_PUSH(*scripts, s);
    }
    for (int i = 0; i < scripts->count; i++) take_body_diags(c, scripts->data[i]);
    if (c->diag.errors == 0) {
        for (int i = 0; i < scripts->count; i++) decl_collect(c, scripts->data[i], e->global_ns);
        decl_resolve(c);
        compile_globals(c);
        for (int i = 0; i < c->pending.count; i++) compile_function(c, &c->pending.data[i]);
    }
    /* bodies never compiled (their declaration failed): their messages all the same */
    c_report_body_diags(c, NULL);
    VEC_FREE(*scripts);
    for (int i = 0; i < c->init_order.count; i++) VEC_PUSH(m->init_order, c->init_order.data[i]);
    if (m->keep_pending && c->pending.count) {
        /* a hot reload compiles these bodies again into the module it replaces (reload.c) */
        m->kept_pending = mem_alloc_g(sizeof *m->kept_pending * (size_t)c->pending.count);
        memcpy(m->kept_pending, c->pending.data, sizeof *m->kept_pending * (size_t)c->pending.count);
        m->kept_pending_count = c->pending.count;
    }
    if (m->keep_pending && c->usings.count) {
        m->kept_usings = mem_alloc_g(sizeof *m->kept_usings * (size_t)c->usings.count);
        memcpy(m->kept_usings, c->usings.data, sizeof *m->kept_usings * (size_t)c->usings.count);
        m->kept_usings_count = c->usings.count;
    }
    int errors = compiler_error_count(c);
    compiler_free_lists(c);
    e->building--;
    return errors;
}

/* The build. Running out of memory anywhere in the parser or the compiler unwinds to the guard
 * here: the build fails with "out of memory" and the module is left empty. The initialisers run
 * after it, unguarded (they are script and host code). */
int compiler_build(as_module *m)
{
    as_engine *e = m->engine;
    as_compiler c;
    script_list scripts = {0};
    int building = e->building;
    memset(&c, 0, sizeof c);
    mem_guard g;
    mem_guard_push(&g, compiler_abandon_fcs, &c);   /* the functions being compiled live in the frames unwound */
    if (setjmp(g.jb)) {
        compiler_abandon(&c);
        VEC_FREE(scripts);
        e->building = building;
        engine_message(e, "", 0, 0, AS_MSG_ERROR, "out of memory");
        module_clear(m);
        return AS_OUT_OF_MEMORY;
    }
    int errors = compile_module(m, &c, &scripts);
    mem_guard_end(&g);
    if (errors) {
        module_clear(m);
        return AS_ERROR;
    }
    m->built = true;
    aot_attach_module(m);   /* registered compiled functions (src/aot) */
    if (e->props[AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD]) {
        int r = run_global_inits(m);
        if (r < 0) return r;
    }
    return AS_SUCCESS;
}
