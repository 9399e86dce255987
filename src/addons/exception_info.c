/* GetExceptionInfo of the reference's script helper add-on: the details of a context's script
 * exception as text for the host to log, in the reference's layout:
 *
 *   func: void boom(int)
 *   modl: main
 *   sect: script.as
 *   line: 12
 *   desc: Divide by zero
 *   --- call stack ---            (with show_stack: the callers, innermost first)
 *   script.as (20): void main()
 *
 * A caller that is a registered function shows as `{...application...}: DECL`. */
#include "angelc.h"
#include "angelc_addons.h"
#include "util/mem.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct text {
    char *p;
    size_t n, cap;
    bool failed;
} text;

static void add(text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int need = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (t->failed || need < 0) return;
    if (t->n + (size_t)need + 1 > t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 256;
        while (cap < t->n + (size_t)need + 1) cap *= 2;
        char *p = mem_realloc(t->p, t->cap, cap);
        if (!p) {
            t->failed = true;
            return;
        }
        t->p = p;
        t->cap = cap;
    }
    va_start(ap, fmt);
    vsnprintf(t->p + t->n, t->cap - t->n, fmt, ap);
    va_end(ap);
    t->n += (size_t)need;
}

static const char *or_empty(const char *s) { return s ? s : ""; }

char *as_exception_info(as_context *ctx, bool show_stack)
{
    if (!ctx) return NULL;
    text t = {NULL, 0, 0, false};
    add(&t, "%s", "");
    if (as_context_state(ctx) == AS_EXECUTION_EXCEPTION) {
        as_function *f = as_context_exception_function(ctx);
        const char *section = NULL;
        if (f) as_function_declared_at(f, &section, NULL, NULL);
        add(&t, "func: %s\n", f ? as_function_declaration(f, true, false, false) : "");
        add(&t, "modl: %s\n", f ? or_empty(as_function_module_name(f)) : "");
        add(&t, "sect: %s\n", or_empty(section));
        add(&t, "line: %d\n", as_context_exception_line(ctx, NULL, NULL));
        add(&t, "desc: %s\n", or_empty(as_context_exception_string(ctx)));
        if (show_stack) {
            add(&t, "--- call stack ---\n");
            /* the stack as it was when the exception was raised; frame 0 is the function above */
            int frames = as_context_exception_frame_count(ctx);
            for (int i = 1; i < frames; i++) {
                int line = 0;
                const char *sect = NULL;
                as_function *caller = as_context_exception_frame(ctx, i, &line, NULL, &sect);
                if (!caller) add(&t, "{...script engine...}\n");
                else if (as_function_kind(caller) == AS_FUNC_SYSTEM)
                    add(&t, "{...application...}: %s\n", as_function_declaration(caller, true, false, false));
                else add(&t, "%s (%d): %s\n", or_empty(sect), line, as_function_declaration(caller, true, false, false));
            }
        }
    }
    if (t.failed) {
        mem_free(t.p);
        return NULL;
    }
    return t.p;
}
