/* Which functions can stop at a line: with breakpoints set, every statement of an attached
 * context calls the line callback, and most run in functions with no breakpoint in them. A
 * thread keeps a small cache of such quiet functions (for the breakpoints' generation), so the
 * callback answers those statements without the lock or a line look-up. */
#include "dap_internal.h"
#include <string.h>

/* The breakpoint b is in section (resolved path path): as line_breakpoints_hit matches them. */
bool dap_bp_in_section(const dap_bp *b, const char *section, const char *path)
{
    if (!strcmp(b->path, path) || !strcmp(b->path, section)) return true;
    return !strchr(b->path, '/') && !strcmp(b->path, dap_base_name(path));
}

/* Whether a line breakpoint lies within fn's lines (under lock). Lambdas inside fn count as its
 * lines: a quiet answer is only ever a safe one. */
static bool has_line_breakpoint(as_dap_server *s, as_function *fn)
{
    const char *section = as_function_script_section_name(fn);
    int row = 0;
    if (!section || as_function_declared_at(fn, NULL, &row, NULL) < 0) return true;
    int last = row;
    for (int line = as_function_find_next_line_with_code(fn, row); line > 0; line = as_function_find_next_line_with_code(fn, line + 1))
        last = line;
    const dap_section *sec = dap_find_section(s, section);
    const char *path = sec ? sec->path : section;
    for (int i = 0; i < s->nbps; i++) {
        const dap_bp *b = &s->bps[i];
        int at = b->actual ? b->actual : b->line;
        if (at >= row && at <= last && dap_bp_in_section(b, section, path)) return true;
    }
    return false;
}

bool dap_function_quiet(as_dap_server *s, dap_thread *t, as_function *fn)
{
    int gen = atomic_load(&s->bp_generation);
    dap_quiet_entry *q = &t->quiet[((uintptr_t)fn >> 4) % DAP_QUIET_CACHE];
    if (q->fn == fn && q->gen == gen) return q->quiet;
    /* first seen (for these breakpoints): its module and lines are learnt as the callback would */
    as_module *m = as_function_module(fn);
    if (m) dap_learn_module(s, m);
    dap_learn_function(s, fn);
    pthread_mutex_lock(&s->lock);
    bool quiet = !has_line_breakpoint(s, fn);
    pthread_mutex_unlock(&s->lock);
    q->fn = fn;
    q->gen = gen;
    q->quiet = quiet;
    return quiet;
}
