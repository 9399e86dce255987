/* Compiling into a built module, for consoles and hot reload (asIScriptModule::CompileFunction,
 * CompileGlobalVar, RemoveFunction, RemoveGlobalVar): one function or one global variable
 * statement is parsed as a section of its own and goes through the same declaration and body
 * passes as a build, seeing what the module already declares. */
#include "compiler.h"
#include "util/mem.h"
#include "../parser/parser.h"
#include <stdlib.h>
#include <string.h>

/* Adds the code as a section (its name stays for messages and debug info, as a build's do) and
 * parses it; NULL after syntax errors. */
static ast_node *parse_piece(as_compiler *c, const char *section, const char *code, int line_offset)
{
    as_module *m = c->module;
    if (as_module_add_section(m, section, code, strlen(code), line_offset) < 0) return NULL;
    int idx = m->sections.count - 1;
    ast_node *script = compiler_parse_section(c, idx, false);
    /* the AST lives in the module's arena; the text is not needed any more */
    mem_free(m->sections.data[idx].code);
    m->sections.data[idx].code = NULL;
    m->sections.data[idx].len = 0;
    return c->diag.errors ? NULL : script;
}

/* The only declaration of the script, if it is of the given kind. */
static ast_node *single_decl(ast_node *script, ast_kind kind)
{
    ast_list *d = &script->u.script.decls;
    return d->count == 1 && d->items[0]->kind == kind ? d->items[0] : NULL;
}

static void remove_value(void **data, int *count, const void *v)
{
    int w = 0;
    for (int i = 0; i < *count; i++)
        if (data[i] != v) data[w++] = data[i];
    *count = w;
}
#define VEC_REMOVE_VALUE(vec, v) remove_value((void **)(vec).data, &(vec).count, (v))

/* Starts compiling a piece (the engine is building until the caller ends it): its only
 * declaration if that is of the kind wanted, else NULL (with a message if it parsed). */
static ast_node *begin_piece(as_compiler *c, as_module *m, const char *section, const char *code, int line_offset,
                             ast_kind kind, ast_node **script)
{
    if (!section) section = "";
    compiler_init(c, m);
    m->engine->building++;
    *script = parse_piece(c, section, code, line_offset);
    ast_node *n = *script ? single_decl(*script, kind) : NULL;
    if (*script && !n)
        engine_message(m->engine, section, 0, 0, AS_MSG_ERROR,
                       kind == AST_FUNC ? "The code must contain one and only one function"
                                        : "The code must contain one and only one global variable");
    return n;
}

/* Checks common to both entry points; AS_SUCCESS when compiling may start. */
static int can_compile(as_module *m, const char *code)
{
    if (!m || !code) return AS_INVALID_ARG;
    if (m->engine->building) return AS_BUILD_IN_PROGRESS;
    return engine_verify_config(m->engine);
}

/* What a compilation into a built module started from, so running out of memory can undo it. */
typedef struct piece_state {
    as_compiler c;
    bool started;
    int funcs0, all0, globals0, inits0, building;
} piece_state;

static void piece_start(piece_state *st, as_module *m)
{
    st->started = true;
    st->funcs0 = m->functions.count;
    st->all0 = m->all_functions.count;
    st->globals0 = m->globals.count;
    st->inits0 = m->init_order.count;
    st->building = m->engine->building;
}

/* Out of memory: the module as it was before the compilation. */
static void piece_undo(piece_state *st, as_module *m)
{
    if (!st->started) return;
    compiler_abandon(&st->c);
    m->engine->building = st->building;
    for (int i = st->funcs0; i < m->functions.count; i++) symtab_remove_ptr(&m->symbols, m->functions.data[i]);
    if (m->functions.count > st->funcs0) m->functions.count = st->funcs0;
    if (m->all_functions.count > st->all0) m->all_functions.count = st->all0;
    for (int i = st->globals0; i < m->globals.count; i++) {
        as_global *g = m->globals.data[i];
        symtab_remove_ptr(&m->symbols, g);
        mem_free(g->addr);
        mem_free(g);
    }
    if (m->globals.count > st->globals0) m->globals.count = st->globals0;
    if (m->init_order.count > st->inits0) m->init_order.count = st->inits0;
}

static int compile_function_in(piece_state *st, as_module *m, const char *section, const char *code, int line_offset,
                               uint32_t flags, as_function **out)
{
    if (out) *out = NULL;
    if (flags & ~(uint32_t)AS_COMP_ADD_TO_MODULE) return AS_INVALID_ARG;
    int r = can_compile(m, code);
    if (r < 0) return r;
    bool add = flags & AS_COMP_ADD_TO_MODULE;
    as_engine *e = m->engine;
    piece_start(st, m);
#define c (st->c)
    ast_node *script, *n = begin_piece(&c, m, section, code, line_offset, AST_FUNC, &script);
    as_function *f = NULL;
    const char *name = n ? n->u.func.name : NULL;
    if (n && !add) {
        /* a temporary function does not clash with the module's own: it is declared under a
         * name no script can write, and renamed afterwards */
        n->u.func.name = engine_intern(e, "$compiled", 9);
    }
    int funcs0 = m->functions.count;
    c.no_compiling_info = true;   /* as the reference's CompileFunction */
    if (n) {
        decl_collect(&c, script, m->default_ns);
        decl_resolve(&c);
        if (m->functions.count == funcs0 + 1) f = m->functions.data[funcs0];
        for (int i = 0; i < c.pending.count && !c.diag.errors; i++) compile_function(&c, &c.pending.data[i]);
    }
    int errors = compiler_error_count(&c);
    compiler_free_lists(&c);
    e->building--;
    if (n) n->u.func.name = name;
    if (f) {
        f->name = name;
        if (errors || !add) {
            /* out of the module's interface; the engine keeps the record, as for rebuilt modules */
            symtab_remove_ptr(&m->symbols, f);
            VEC_REMOVE_VALUE(m->functions, f);
            VEC_REMOVE_VALUE(m->all_functions, f);
        }
    }
    if (errors || !f) return AS_ERROR;
    /* the caller's reference; an added function keeps the module's too, and one left out
     * keeps the record's (so that discarding the module leaves the caller's handle valid) */
    as_function_addref(f);
    if (out) *out = f;
    else as_function_release(f);
    return AS_SUCCESS;
}

/* Compiles; the initialisers, if any, to run after the guard (-1: none). */
static int compile_global_var_in(piece_state *st, as_module *m, const char *section, const char *code, int line_offset,
                                 int *run_from)
{
    *run_from = -1;
    int r = can_compile(m, code);
    if (r < 0) return r;
    as_engine *e = m->engine;
    piece_start(st, m);
    ast_node *script, *n = begin_piece(&c, m, section, code, line_offset, AST_VAR, &script);
    int globals0 = m->globals.count, inits0 = m->init_order.count;
    if (n) {
        decl_collect(&c, script, m->default_ns);
        decl_resolve(&c);
        if (!c.diag.errors) compile_new_globals(&c, globals0);
    }
    int errors = compiler_error_count(&c);
    if (!errors)
        for (int i = 0; i < c.init_order.count; i++) VEC_PUSH(m->init_order, c.init_order.data[i]);
    compiler_free_lists(&c);
    e->building--;
    if (errors || !n) {
        /* nothing ran: the new variables go again */
        for (int i = globals0; i < m->globals.count; i++) {
            as_global *g = m->globals.data[i];
            symtab_remove_ptr(&m->symbols, g);
            mem_free(g->addr);
            mem_free(g);
        }
        m->globals.count = globals0;
        return AS_ERROR;
    }
    if (e->props[AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD]) *run_from = inits0;
    return AS_SUCCESS;
}
#undef c

int as_module_remove_function(as_module *m, as_function *fn)
{
    if (!m || !fn) return AS_INVALID_ARG;
    int before = m->functions.count;
    VEC_REMOVE_VALUE(m->functions, fn);
    if (m->functions.count == before) return AS_NO_FUNCTION;
    /* other functions of the module may still call it: its code stays with the module */
    symtab_remove_ptr(&m->symbols, fn);
    return AS_SUCCESS;
}

int as_module_remove_global_var(as_module *m, int index)
{
    if (!m || index < 0 || index >= m->globals.count) return AS_INVALID_ARG;
    as_global *g = m->globals.data[index];
    /* functions compiled against it may still run: its storage and value live on until the
     * module is cleared, but no name or index finds it */
    symtab_remove_ptr(&m->symbols, g);
    memmove(&m->globals.data[index], &m->globals.data[index + 1], (size_t)(m->globals.count - index - 1) * sizeof(as_global *));
    m->globals.count--;
    for (int i = index; i < m->globals.count; i++) m->globals.data[i]->index = i;
    VEC_PUSH(m->removed_globals, g);
    return AS_SUCCESS;
}

/* The public entry points mark the engine busy: the message callback may destroy it. */
int as_module_compile_function(as_module *m, const char *section, const char *code, int line_offset,
                               uint32_t flags, as_function **out)
{
    if (!m) {
        if (out) *out = NULL;
        return AS_INVALID_ARG;
    }
    as_engine *e = m->engine;
    void *entered = engine_enter(e);
    piece_state st;
    memset(&st, 0, sizeof st);
    int r;
    mem_guard g;
    mem_guard_push(&g, compiler_abandon_fcs, &st.c);   /* the compilations live in the frames unwound */
    if (setjmp(g.jb)) {
        piece_undo(&st, m);
        if (out) *out = NULL;
        engine_message(e, section ? section : "", 0, 0, AS_MSG_ERROR, "out of memory");
        r = AS_OUT_OF_MEMORY;
    } else {
        r = compile_function_in(&st, m, section, code, line_offset, flags, out);
        mem_guard_end(&g);
    }
    engine_leave(e, entered);
    return r;
}

int as_module_compile_global_var(as_module *m, const char *section, const char *code, int line_offset)
{
    if (!m) return AS_INVALID_ARG;
    as_engine *e = m->engine;
    void *entered = engine_enter(e);
    piece_state st;
    memset(&st, 0, sizeof st);
    int r, run_from = -1;
    mem_guard g;
    mem_guard_push(&g, compiler_abandon_fcs, &st.c);   /* the compilations live in the frames unwound */
    if (setjmp(g.jb)) {
        piece_undo(&st, m);
        engine_message(e, section ? section : "", 0, 0, AS_MSG_ERROR, "out of memory");
        r = AS_OUT_OF_MEMORY;
    } else {
        r = compile_global_var_in(&st, m, section, code, line_offset, &run_from);
        mem_guard_end(&g);
        if (r >= 0 && run_from >= 0) r = module_run_global_inits_from(m, run_from);   /* unguarded: script code */
    }
    engine_leave(e, entered);
    return r;
}
