/* The debugger add-on: the SDK's CDebugger in C, on the line callback. It stops at breakpoints
 * (section:line, or a function by name, which becomes a line breakpoint when the function is
 * entered) and when stepping, prints where it stopped and reads commands from the host until one
 * resumes the script:
 *   c  continue          s  step into          n  step over          o  step out
 *   b  FILE:LINE | LINE | FUNC   add a breakpoint     r  N | all   remove breakpoints
 *   l  b | v | g | m     list breakpoints / local variables / globals / members of `this`
 *   p  NAME[.MEMBER...]  print a variable (local, member of `this`, or global)
 *   w  the call stack    a  abort the script     h  help
 * Everything goes through the public API; the output callback gets whole lines. */
#include "angelc.h"
#include "angelc_addons.h"
#include "util/mem.h"
#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { ACT_CONTINUE, ACT_STEP_INTO, ACT_STEP_OVER, ACT_STEP_OUT } dbg_action;

typedef struct breakpoint {
    char *name;          /* section (a line breakpoint) or function name */
    int line;
    int set_at;          /* the line asked for (a reload moves it back there) */
    bool func;
    bool needs_adjusting;  /* not yet moved onto a line with code */
} breakpoint;

struct as_debugger {
    as_debugger_input_fn input;
    as_debugger_output_fn output;
    void *user;
    dbg_action action;
    unsigned stack_level;       /* call stack size when the last step over / out was asked */
    const as_function *last_function;
    breakpoint *bps;
    int nbps, capbps;
    as_engine *watched;         /* as_debugger_watch_reloads: its reload callback is ours */
};

/* ---- output ---- */

static void out(as_debugger *d, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (d->output) d->output(buf, d->user);
}

/* The last part of a path: breakpoints match sections by file name. */
static const char *base_name(const char *s)
{
    if (!s) return "";
    const char *b = s;
    for (const char *p = s; *p; p++)
        if (*p == '/' || *p == '\\') b = p + 1;
    return b;
}

/* ---- values as text ---- */

typedef struct text {
    char *buf;
    size_t len, cap;
} text;

static void t_add(text *t, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    size_t add = (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1;
    if (t->len + add + 1 > t->cap) {
        size_t cap = (t->len + add + 1) * 2;
        char *b = mem_realloc(t->buf, t->cap, cap);
        if (!b) return;
        t->buf = b;
        t->cap = cap;
    }
    memcpy(t->buf + t->len, tmp, add);
    t->len += add;
    t->buf[t->len] = 0;
}

static void value_text(text *t, as_engine *e, const void *v, int type_id, int depth);

/* Members of a script object: { a = 1, b = "x" } */
static void members_text(text *t, as_engine *e, void *obj, int depth)
{
    int n = as_object_property_count(obj);
    t_add(t, " {");
    for (int i = 0; i < n; i++) {
        t_add(t, "%s%s = ", i ? ", " : " ", as_object_property_name(obj, i));
        value_text(t, e, as_object_property_address(obj, i), as_object_property_type_id(obj, i), depth - 1);
    }
    t_add(t, " }");
}

static void value_text(text *t, as_engine *e, const void *v, int type_id, int depth)
{
    if (!v) {
        t_add(t, "<null>");
        return;
    }
    switch (type_id) {
    case AS_TYPEID_VOID: t_add(t, "<void>"); return;
    case AS_TYPEID_BOOL: t_add(t, "%s", *(const bool *)v ? "true" : "false"); return;
    case AS_TYPEID_INT8: t_add(t, "%d", *(const int8_t *)v); return;
    case AS_TYPEID_INT16: t_add(t, "%d", *(const int16_t *)v); return;
    case AS_TYPEID_INT32: t_add(t, "%" PRId32, *(const int32_t *)v); return;
    case AS_TYPEID_INT64: t_add(t, "%" PRId64, *(const int64_t *)v); return;
    case AS_TYPEID_UINT8: t_add(t, "%u", *(const uint8_t *)v); return;
    case AS_TYPEID_UINT16: t_add(t, "%u", *(const uint16_t *)v); return;
    case AS_TYPEID_UINT32: t_add(t, "%" PRIu32, *(const uint32_t *)v); return;
    case AS_TYPEID_UINT64: t_add(t, "%" PRIu64, *(const uint64_t *)v); return;
    case AS_TYPEID_FLOAT: t_add(t, "%g", *(const float *)v); return;
    case AS_TYPEID_DOUBLE: t_add(t, "%g", *(const double *)v); return;
    default: break;
    }
    as_type *ty = as_engine_type_by_id(e, type_id);
    if (!ty) {
        t_add(t, "<?>");
        return;
    }
    uint32_t flags = as_type_flags(ty);
    if (flags & AS_OBJ_ENUM) {
        int val = *(const int *)v;
        for (int i = 0, n = as_type_enum_value_count(ty); i < n; i++) {
            int ev;
            const char *name = as_type_enum_value(ty, i, &ev);
            if (name && ev == val) {
                t_add(t, "%s", name);
                return;
            }
        }
        t_add(t, "%d", val);
        return;
    }
    const void *obj = v;
    if (type_id & AS_TYPEID_OBJHANDLE) {
        obj = *(void *const *)v;
        if (!obj) {
            t_add(t, "<null>");
            return;
        }
    }
    if (!(type_id & AS_TYPEID_OBJHANDLE) && !strcmp(as_type_name(ty), "string") && !as_type_namespace(ty)[0]) {
        size_t n;
        const char *s = as_string_data(obj, &n);
        t_add(t, "\"%.*s\"", (int)(n > 400 ? 400 : n), s ? s : "");
        return;
    }
    /* a registered type's own text, when its host gave one (as_type_set_debug_text) */
    char own[400];
    if (!(flags & AS_OBJ_SCRIPT_OBJECT) && as_engine_debug_text(e, obj, type_id, own, sizeof own) >= 0) {
        t_add(t, "%s", own);
        return;
    }
    t_add(t, "{%s %p}", as_type_name(ty), obj);
    if ((flags & AS_OBJ_SCRIPT_OBJECT) && !(type_id & AS_TYPEID_OBJHANDLE) && depth > 0) members_text(t, e, (void *)obj, depth);
}

char *as_debugger_value_to_string(as_engine *e, const void *value, int type_id, int expand_depth)
{
    if (!e) return NULL;
    text t = {0};
    value_text(&t, e, value, type_id, expand_depth);
    if (!t.buf) {
        t.buf = mem_alloc(1);
        if (t.buf) t.buf[0] = 0;
    }
    return t.buf;
}

static void out_value(as_debugger *d, as_engine *e, const char *prefix, const void *v, int type_id)
{
    text t = {0};
    value_text(&t, e, v, type_id, 1);
    out(d, "%s%s\n", prefix, t.buf ? t.buf : "");
    mem_free(t.buf);
}

/* ---- breakpoints ---- */

static int add_bp(as_debugger *d, const char *name, int line, bool func)
{
    if (!d || !name) return AS_INVALID_ARG;
    if (d->nbps == d->capbps) {
        int cap = d->capbps ? d->capbps * 2 : 8;
        breakpoint *b = mem_realloc(d->bps, (size_t)d->capbps * sizeof *b, (size_t)cap * sizeof *b);
        if (!b) return AS_OUT_OF_MEMORY;
        d->bps = b;
        d->capbps = cap;
    }
    size_t n = strlen(name);
    char *copy = mem_alloc(n + 1);
    if (!copy) return AS_OUT_OF_MEMORY;
    memcpy(copy, name, n + 1);
    d->bps[d->nbps++] = (breakpoint){copy, line, line, func, !func};
    return AS_SUCCESS;
}

int as_debugger_add_file_breakpoint(as_debugger *d, const char *section, int line)
{
    if (!d || !section || line <= 0) return AS_INVALID_ARG;
    out(d, "Setting break point in file '%s' at line %d\n", base_name(section), line);
    return add_bp(d, base_name(section), line, false);
}

void as_debugger_reloaded(as_debugger *d)
{
    if (!d) return;
    d->last_function = NULL;   /* may be freed; a new function may take its address */
    for (int i = 0; i < d->nbps; i++) {
        breakpoint *b = &d->bps[i];
        if (b->func) continue;
        b->line = b->set_at;
        b->needs_adjusting = true;
    }
}

static void on_reload(as_module *m, as_reload_phase phase, const as_reload_report *r, void *user)
{
    (void)m;
    if (phase == AS_RELOAD_PHASE_AFTER && r->kind != AS_RELOAD_REFUSED) as_debugger_reloaded(user);
}

int as_debugger_watch_reloads(as_debugger *d, as_engine *e)
{
    if (!d || !e || d->watched) return AS_INVALID_ARG;
    int r = as_engine_add_reload_callback(e, on_reload, d);
    if (r >= 0) d->watched = e;
    return r;
}

int as_debugger_add_func_breakpoint(as_debugger *d, const char *func)
{
    if (!d || !func || !func[0]) return AS_INVALID_ARG;
    out(d, "Adding deferred break point for function '%s'\n", func);
    return add_bp(d, func, 0, true);
}

static void remove_bp(as_debugger *d, int i)
{
    mem_free(d->bps[i].name);
    memmove(&d->bps[i], &d->bps[i + 1], (size_t)(d->nbps - i - 1) * sizeof *d->bps);
    d->nbps--;
}

/* Whether ctx stands on a breakpoint; function breakpoints become line breakpoints on entry,
 * line breakpoints on lines without code move to the next line with code. */
static bool check_breakpoint(as_debugger *d, as_context *ctx)
{
    const char *section = NULL;
    int line = as_context_line_number(ctx, 0, NULL, &section);
    const char *file = base_name(section);
    as_function *fn = as_context_function(ctx, 0);
    if (fn != d->last_function) {
        d->last_function = fn;
        for (int i = 0; i < d->nbps; i++) {
            breakpoint *b = &d->bps[i];
            if (b->func && !strcmp(b->name, as_function_name(fn))) {
                out(d, "Entering function '%s'. Transforming it into break point\n", b->name);
                char *copy = mem_alloc(strlen(file) + 1);
                if (!copy) continue;
                strcpy(copy, file);
                mem_free(b->name);
                b->name = copy;
                b->line = line;
                b->set_at = line;
                b->func = false;
                b->needs_adjusting = false;
            }
        }
    }
    for (int i = 0; i < d->nbps; i++) {
        breakpoint *b = &d->bps[i];
        if (b->func || !b->needs_adjusting || strcmp(b->name, file) != 0) continue;
        /* only within the current function can the next line with code be found */
        int next = as_function_find_next_line_with_code(fn, b->line);
        if (next >= 0 && next != b->line) {
            out(d, "Moving break point %d in file '%s' to next line with code at line %d\n", i, file, next);
            b->line = next;
        }
        if (next >= 0) b->needs_adjusting = false;
    }
    for (int i = 0; i < d->nbps; i++) {
        breakpoint *b = &d->bps[i];
        if (!b->func && b->line == line && !strcmp(b->name, file)) {
            out(d, "Reached break point %d in file '%s' at line %d\n", i, file, line);
            return true;
        }
    }
    return false;
}

/* ---- listings ---- */

static void print_callstack(as_debugger *d, as_context *ctx)
{
    for (unsigned i = 0, n = as_context_callstack_size(ctx); i < n; i++) {
        const char *section = NULL;
        int line = as_context_line_number(ctx, i, NULL, &section);
        as_function *f = as_context_function(ctx, i);
        out(d, "%s:%d; %s\n", section && section[0] ? base_name(section) : "{unnamed}", line, as_function_declaration(f, true, false, false));
    }
}

static void list_locals(as_debugger *d, as_context *ctx)
{
    as_engine *e = as_context_engine(ctx);
    for (int i = 0, n = as_context_var_count(ctx, 0); i < n; i++) {
        const char *name;
        int tid;
        if (as_context_var(ctx, 0, i, &name, &tid) < 0 || !name || !name[0] || name[0] == '$') continue;
        if (!as_context_is_var_in_scope(ctx, 0, i)) continue;
        char prefix[300];
        snprintf(prefix, sizeof prefix, "%s = ", as_context_var_declaration(ctx, 0, i));
        out_value(d, e, prefix, as_context_address_of_var(ctx, 0, i), tid);
    }
}

static void list_members(as_debugger *d, as_context *ctx)
{
    void *obj = as_context_this_pointer(ctx, 0);
    if (!obj) {
        out(d, "No this pointer\n");
        return;
    }
    as_engine *e = as_context_engine(ctx);
    for (int i = 0, n = as_object_property_count(obj); i < n; i++) {
        char prefix[300];
        snprintf(prefix, sizeof prefix, "%s %s = ", as_engine_type_declaration(e, as_object_property_type_id(obj, i), false),
                 as_object_property_name(obj, i));
        out_value(d, e, prefix, as_object_property_address(obj, i), as_object_property_type_id(obj, i));
    }
}

static void list_globals(as_debugger *d, as_context *ctx)
{
    as_module *m = as_function_module(as_context_function(ctx, 0));
    if (!m) return;
    as_engine *e = as_context_engine(ctx);
    for (int i = 0, n = as_module_global_count(m); i < n; i++) {
        int tid;
        if (as_module_global(m, i, NULL, NULL, &tid, NULL) < 0) continue;
        char prefix[300];
        snprintf(prefix, sizeof prefix, "%s = ", as_module_global_declaration(m, i, false));
        out_value(d, e, prefix, as_module_global_address(m, i), tid);
    }
}

static void list_breakpoints(as_debugger *d)
{
    for (int i = 0; i < d->nbps; i++) {
        if (d->bps[i].func) out(d, "%d - %s\n", i, d->bps[i].name);
        else out(d, "%d - %s:%d\n", i, d->bps[i].name, d->bps[i].line);
    }
}

/* ---- printing a variable ---- */

/* NAME[.MEMBER...]: NAME as the script sees it at the stopped line (as_context_find_variable). */
static void print_value(as_debugger *d, as_context *ctx, const char *expr)
{
    char name[256];
    const char *p = expr;
    while (isspace((unsigned char)*p)) p++;
    void *addr = NULL;
    int tid = 0;
    bool first = true;
    for (;;) {
        size_t n = 0;
        if (!isdigit((unsigned char)p[0]))
            /* the first name may be qualified: ns::x, ::x */
            while (isalnum((unsigned char)p[n]) || p[n] == '_' || (first && p[n] == ':' && p[n + 1] == ':' && (n += 1)))
                n++;
        if (n == 0 || n >= sizeof name) {
            out(d, "Invalid expression. Expected identifier\n");
            return;
        }
        memcpy(name, p, n);
        name[n] = 0;
        p += n;
        if (first) {
            if (as_context_find_variable(ctx, 0, name, &addr, &tid) < 0) {
                out(d, "Invalid expression. No matching symbol\n");
                return;
            }
            first = false;
        } else {
            /* a member of a script object (through a handle too) */
            void *obj = (tid & AS_TYPEID_OBJHANDLE) ? (addr ? *(void **)addr : NULL) : addr;
            if (!obj || !(tid & AS_TYPEID_SCRIPTOBJECT)) {
                out(d, obj ? "Invalid expression. No matching symbol\n" : "Null pointer access\n");
                return;
            }
            int k, count = as_object_property_count(obj);
            for (k = 0; k < count && strcmp(as_object_property_name(obj, k), name) != 0; k++) {}
            if (k == count) {
                out(d, "Invalid expression. No matching symbol\n");
                return;
            }
            addr = as_object_property_address(obj, k);
            tid = as_object_property_type_id(obj, k);
        }
        while (isspace((unsigned char)*p)) p++;
        if (*p == '.') {
            p++;
            continue;
        }
        if (*p) {
            out(d, "Invalid expression. Expected identifier\n");
            return;
        }
        break;
    }
    out_value(d, as_context_engine(ctx), "", addr, tid);
}

/* ---- commands ---- */

static void print_help(as_debugger *d)
{
    out(d, " c - Continue\n");
    out(d, " s - Step into\n");
    out(d, " n - Next step\n");
    out(d, " o - Step out\n");
    out(d, " b - Set break point\n");
    out(d, " r - Remove break point\n");
    out(d, " l - List various things\n");
    out(d, " w - Where am I?\n");
    out(d, " a - Abort execution\n");
    out(d, " p - Print value\n");
    out(d, " h - Print this help text\n");
}

static bool all_digits(const char *s)
{
    if (!*s) return false;
    for (; *s; s++)
        if (!isdigit((unsigned char)*s)) return false;
    return true;
}

bool as_debugger_interpret(as_debugger *d, const char *cmd, as_context *ctx)
{
    if (!d || !cmd) return true;
    while (isspace((unsigned char)*cmd)) cmd++;
    if (!*cmd) return false;
    char arg[512];
    const char *a = cmd + 1;
    while (isspace((unsigned char)*a)) a++;
    snprintf(arg, sizeof arg, "%s", a);
    for (size_t n = strlen(arg); n && isspace((unsigned char)arg[n - 1]);) arg[--n] = 0;
    switch (cmd[0]) {
    case 'c':
        d->action = ACT_CONTINUE;
        return true;
    case 's':
        d->action = ACT_STEP_INTO;
        return true;
    case 'n':
        d->action = ACT_STEP_OVER;
        d->stack_level = ctx ? as_context_callstack_size(ctx) : 0;
        return true;
    case 'o':
        d->action = ACT_STEP_OUT;
        d->stack_level = ctx ? as_context_callstack_size(ctx) : 0;
        return true;
    case 'b': {
        char *colon = strrchr(arg, ':');
        if (colon && all_digits(colon + 1)) {
            *colon = 0;
            as_debugger_add_file_breakpoint(d, arg, atoi(colon + 1));
        } else if (all_digits(arg)) {
            const char *section = NULL;
            if (ctx) as_context_line_number(ctx, 0, NULL, &section);
            if (section) as_debugger_add_file_breakpoint(d, section, atoi(arg));
            else out(d, "No current file\n");
        } else if (arg[0]) {
            as_debugger_add_func_breakpoint(d, arg);
        } else {
            out(d, "Incorrect format for setting break point, expected one of:\n b <file name>:<line number>\n b <function name>\n");
        }
        return false;
    }
    case 'r':
        if (!strcmp(arg, "all")) {
            while (d->nbps) remove_bp(d, d->nbps - 1);
            out(d, "All break points have been removed\n");
        } else if (all_digits(arg) && atoi(arg) < d->nbps) {
            remove_bp(d, atoi(arg));
        } else {
            out(d, "Incorrect format for removing break points, expected:\n r <all|number of break point>\n");
        }
        return false;
    case 'l':
        if (arg[0] == 'b') list_breakpoints(d);
        else if (arg[0] == 'v' && ctx) list_locals(d, ctx);
        else if (arg[0] == 'g' && ctx) list_globals(d, ctx);
        else if (arg[0] == 'm' && ctx) list_members(d, ctx);
        else out(d, "Expected one of: l b, l v, l g, l m\n");
        return false;
    case 'p':
        if (!arg[0]) out(d, "Incorrect format for print, expected:\n p <expression>\n");
        else if (ctx) print_value(d, ctx, arg);
        return false;
    case 'w':
        if (ctx) print_callstack(d, ctx);
        return false;
    case 'a':
        if (ctx) as_context_abort(ctx);
        return true;
    case 'h':
        print_help(d);
        return false;
    default:
        out(d, "Unknown command\n");
        return false;
    }
}

/* Commands from the host until one resumes the script (no more input: continue). */
static void take_commands(as_debugger *d, as_context *ctx)
{
    char line[512];
    for (;;) {
        if (!d->input || !d->input(line, sizeof line, d->user)) {
            d->action = ACT_CONTINUE;
            return;
        }
        line[sizeof line - 1] = 0;
        if (as_debugger_interpret(d, line, ctx)) return;
    }
}

void as_debugger_line_callback(as_context *ctx, void *debugger)
{
    as_debugger *d = debugger;
    /* the stop at the end of an execution (finished, suspended, ...) is not a line */
    if (!d || !ctx || as_context_state(ctx) != AS_EXECUTION_ACTIVE) return;
    unsigned level = as_context_callstack_size(ctx);
    switch (d->action) {
    case ACT_CONTINUE:
        if (!check_breakpoint(d, ctx)) return;
        break;
    case ACT_STEP_OVER:
        if (level > d->stack_level && !check_breakpoint(d, ctx)) return;
        break;
    case ACT_STEP_OUT:
        if (level >= d->stack_level && !check_breakpoint(d, ctx)) return;
        break;
    case ACT_STEP_INTO:
        check_breakpoint(d, ctx);   /* to say a breakpoint was reached */
        break;
    }
    const char *section = NULL;
    int line = as_context_line_number(ctx, 0, NULL, &section);
    out(d, "%s:%d; %s\n", section && section[0] ? base_name(section) : "{unnamed}", line,
        as_function_declaration(as_context_function(ctx, 0), true, false, false));
    take_commands(d, ctx);
}

as_debugger *as_debugger_create(as_debugger_input_fn input, as_debugger_output_fn output, void *user)
{
    as_debugger *d = mem_calloc(1, sizeof *d);
    if (!d) return NULL;
    d->input = input;
    d->output = output;
    d->user = user;
    d->action = ACT_STEP_INTO;
    return d;
}

void as_debugger_destroy(as_debugger *d)
{
    if (!d) return;
    if (d->watched) as_engine_remove_reload_callback(d->watched, on_reload, d);
    while (d->nbps) remove_bp(d, d->nbps - 1);
    mem_free(d->bps);
    mem_free(d);
}
