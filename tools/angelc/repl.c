/* angelc repl: an interactive prompt over the engine `angelc run` sets up.
 *
 * The session is one module ("repl"). Each complete input (brackets closed) is tried as
 *   1. a type-level declaration (class, enum, namespace, ...: by its first word): the module is
 *      built again from the session's declarations plus this one; globals of primitive, enum and
 *      string types get their values back;
 *   2. a global variable (as_module_compile_global_var), kept;
 *   3. a function (as_module_compile_function with AS_COMP_ADD_TO_MODULE), kept;
 *   4. an expression: `__repl_show(EXPR)` (a generic function taking ?&in) prints its value;
 *   5. statements: the body of a function run once.
 * The declarations that were kept make up the session's text for the rebuilds of 1. Compiler
 * messages of the attempts are captured; when every attempt fails, those of the most likely
 * reading (a function if the input ends with '}', else statements) are shown.
 *
 * On a terminal, Ctrl-C drops the input being typed, or stops the one running (as_context_abort
 * from the signal handler, as --timeout does), and the session goes on; :reset starts it afresh.
 * Exception reports show the hidden wrappers (__repl_run, __repl_expr) as <input>.
 */
#define _POSIX_C_SOURCE 200809L
#include "host.h"
#include "lineread.h"
#include <ctype.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>


typedef struct sbuf {
    char *p;
    size_t n, cap;
} sbuf;

static void sb_add(sbuf *b, const char *s, size_t n)
{
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->n + n + 1) cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p) {
            fputs("angelc: out of memory\n", stderr);
            exit(ANGELC_EXIT_ERROR);
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = 0;
}
static void sb_puts(sbuf *b, const char *s) { sb_add(b, s, strlen(s)); }
static void sb_clear(sbuf *b) { b->n = 0; if (b->p) b->p[0] = 0; }
static const char *sb_str(const sbuf *b) { return b->p ? b->p : ""; }

typedef struct decl {
    char name[24];      /* the section: in[N], N counting the inputs */
    char *code;
} decl;

typedef struct repl {
    as_engine *e;
    as_module *m;
    as_context *ctx;
    const cli_limits *limits;
    decl *decls;        /* the declarations kept so far */
    int ndecls, capdecls;
    int input;          /* number of the current input */
    char section[24];   /* its section name */
    bool interactive;   /* standard input is a terminal: Ctrl-C is the repl's */
} repl;

/* --------------------------------------------------------------------------- Ctrl-C */

#define INTERRUPTS_TO_LEAVE 3   /* Ctrl-C presses that end angelc when a run does not stop */

static volatile sig_atomic_t interrupted;   /* Ctrl-C presses since the read or run began */
static volatile sig_atomic_t running;       /* an input's code runs */

static void on_interrupt(int sig)
{
    (void)sig;
    if (interrupted < INTERRUPTS_TO_LEAVE) interrupted++;
    if (running && interrupted >= INTERRUPTS_TO_LEAVE) {
        /* blocked in a native call that aborting cannot reach */
        static const char msg[] = "\nangelc: interrupted again: leaving\n";
        if (write(STDERR_FILENO, msg, sizeof msg - 1) < 0) {}
        _exit(128 + SIGINT);
    }
    /* as_context_abort only sets the context's request flags for the VM to see */
    as_context *ctx = as_active_context();
    if (ctx && as_context_state(ctx) == AS_EXECUTION_ACTIVE) as_context_abort(ctx);
}

/* While reading, the handler must end the blocked read (no SA_RESTART); otherwise interrupted
 * system calls go on. */
static void catch_interrupts(bool end_reads)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_interrupt;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = end_reads ? 0 : SA_RESTART;
    sigaction(SIGINT, &sa, NULL);
}

/* ------------------------------------------------------------------------------ values */

static void print_value(as_engine *e, void *addr, int tid, int depth);

static void print_string(const char *s, size_t n)
{
    putchar('"');
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') printf("\\%c", c);
        else if (c == '\n') fputs("\\n", stdout);
        else if (c == '\t') fputs("\\t", stdout);
        else if (c < 0x20 || c == 0x7f) printf("\\x%02x", c);
        else putchar(c);
    }
    putchar('"');
}

/* addr: the value (primitives, enums), the object (objects), or the handle slot (handles). */
static void print_value(as_engine *e, void *addr, int tid, int depth)
{
    if (!addr) {
        fputs("?", stdout);
        return;
    }
    if (tid & AS_TYPEID_OBJHANDLE) {
        void *obj = *(void **)addr;
        if (!obj) fputs("null", stdout);
        else print_value(e, obj, tid & ~(AS_TYPEID_OBJHANDLE | AS_TYPEID_HANDLETOCONST), depth);
        return;
    }
    switch (tid) {
    case AS_TYPEID_BOOL: fputs(*(bool *)addr ? "true" : "false", stdout); return;
    case AS_TYPEID_INT8: printf("%d", *(int8_t *)addr); return;
    case AS_TYPEID_INT16: printf("%d", *(int16_t *)addr); return;
    case AS_TYPEID_INT32: printf("%d", *(int32_t *)addr); return;
    case AS_TYPEID_INT64: printf("%lld", (long long)*(int64_t *)addr); return;
    case AS_TYPEID_UINT8: printf("%u", *(uint8_t *)addr); return;
    case AS_TYPEID_UINT16: printf("%u", *(uint16_t *)addr); return;
    case AS_TYPEID_UINT32: printf("%u", *(uint32_t *)addr); return;
    case AS_TYPEID_UINT64: printf("%llu", (unsigned long long)*(uint64_t *)addr); return;
    case AS_TYPEID_FLOAT: printf("%.9g", *(float *)addr); return;
    case AS_TYPEID_DOUBLE: printf("%.17g", *(double *)addr); return;
    default: break;
    }
    as_type *t = as_engine_type_by_id(e, tid);
    const char *decl = as_engine_type_declaration(e, tid, true);
    if (t && (as_type_flags(t) & AS_OBJ_ENUM)) {
        int v = *(int32_t *)addr;
        for (int i = 0; i < as_type_enum_value_count(t); i++) {
            int ev;
            const char *name = as_type_enum_value(t, i, &ev);
            if (ev == v) {
                printf("%s::%s (%d)", as_type_name(t), name, v);
                return;
            }
        }
        printf("%s(%d)", as_type_name(t), v);
        return;
    }
    const char *name = t ? as_type_name(t) : NULL;
    if (name && strcmp(name, "string") == 0) {
        size_t n;
        const char *s = as_string_data(addr, &n);
        print_string(s, n);
        return;
    }
    if (name && strcmp(name, "array") == 0 && depth < 3) {
        uint32_t n = as_array_size(addr);
        int et = as_array_element_type_id(addr);
        putchar('{');
        for (uint32_t i = 0; i < n && i < 20; i++) {
            if (i) fputs(", ", stdout);
            print_value(e, as_array_at(addr, i), et, depth + 1);
        }
        if (n > 20) printf(", ... (%u elements)", n);
        putchar('}');
        return;
    }
    printf("<%s>", decl ? decl : "object");
}

/* void __repl_show(?&in): prints the value of the expression the user typed. */
static void show(as_generic *g)
{
    int tid = as_generic_arg_type_id(g, 0, NULL);
    if (tid == AS_TYPEID_VOID) return;   /* a call of a void function */
    print_value(as_generic_engine(g), as_generic_arg_address(g, 0), as_generic_arg_type_id(g, 0, NULL), 0);
    putchar('\n');
    fflush(stdout);
}

/* Prints captured compiler messages, less the "Compiling ..." notes about the repl's own
 * wrapper functions, and frees them. */
static void print_messages(char *msgs)
{
    for (char *line = msgs; *line;) {
        char *nl = strchr(line, '\n');
        size_t n = nl ? (size_t)(nl - line) + 1 : strlen(line);
        bool wrapper = strstr(line, ": info: Compiling ") && (strstr(line, "$compiled") || strstr(line, "__repl_")) &&
                       (!nl || strstr(line, "Compiling ") < nl);
        if (!wrapper) fwrite(line, 1, n, stderr);
        line += n;
    }
    free(msgs);
}

/* ----------------------------------------------------------------------- reading input */

/* Whether text has unclosed brackets, a block comment or a heredoc still open. */
static bool incomplete(const char *s)
{
    int depth = 0;
    for (const char *p = s; *p; p++) {
        if (p[0] == '/' && p[1] == '/') {
            while (*p && *p != '\n') p++;
            if (!*p) break;
        } else if (p[0] == '/' && p[1] == '*') {
            const char *end = strstr(p + 2, "*/");
            if (!end) return true;
            p = end + 1;
        } else if (p[0] == '"' && p[1] == '"' && p[2] == '"') {
            const char *end = strstr(p + 3, "\"\"\"");
            if (!end) return true;
            p = end + 2;
        } else if (*p == '"' || *p == '\'') {
            char q = *p++;
            while (*p && *p != q && *p != '\n') p += p[0] == '\\' && p[1] ? 2 : 1;
            if (!*p) break;
        } else if (*p == '(' || *p == '[' || *p == '{') {
            depth++;
        } else if (*p == ')' || *p == ']' || *p == '}') {
            depth--;
        }
    }
    return depth > 0;
}

/* The first word of s. */
static size_t first_word(const char *s, char *w, size_t cap)
{
    size_t n = 0;
    while ((isalnum((unsigned char)s[n]) || s[n] == '_') && n + 1 < cap) {
        w[n] = s[n];
        n++;
    }
    w[n] = 0;
    return n;
}

static bool word_in(const char *w, const char *const *list)
{
    for (; *list; list++)
        if (strcmp(w, *list) == 0) return true;
    return false;
}

static const char *const type_words[] = {"class", "interface", "enum", "funcdef", "namespace", "mixin", "typedef",
                                         "shared", "abstract", "final", "external", "import", NULL};
static const char *const statement_words[] = {"if", "for", "while", "do", "switch", "return", "break", "continue",
                                              "try", NULL};

/* Whether s has an assignment operator outside brackets and strings (then it is a statement,
 * not a value to print). */
static bool top_level_assignment(const char *s)
{
    int depth = 0;
    for (const char *p = s; *p; p++) {
        if (*p == '"' || *p == '\'') {
            char q = *p++;
            while (*p && *p != q) p += p[0] == '\\' && p[1] ? 2 : 1;
            if (!*p) break;
        } else if (*p == '(' || *p == '[' || *p == '{') {
            depth++;
        } else if (*p == ')' || *p == ']' || *p == '}') {
            depth--;
        } else if (*p == '=' && depth == 0) {
            char prev = p > s ? p[-1] : 0;
            if (p[1] == '=') {
                p++;
                continue;
            }
            if (prev != '=' && prev != '!' && prev != '<' && prev != '>') return true;
            if ((prev == '<' || prev == '>') && p - s >= 2 && p[-2] == prev) return true;   /* <<= >>= */
        }
    }
    return false;
}

/* ---------------------------------------------------------------------------- evaluation */

static void report_interrupt(const repl *r)
{
    fflush(stdout);
    /* on a line of its own, after the terminal's ^C */
    fputs(r->interactive ? "\nangelc: interrupted\n" : "angelc: interrupted\n", stderr);
}

/* Runs fn (no arguments) in the repl's context under the limits, reporting how it ended. */
static void execute(repl *r, as_function *fn)
{
    as_context *ctx = r->ctx;
    if (as_context_prepare(ctx, fn) < 0) {
        fputs("angelc: the input could not be prepared\n", stderr);
        return;
    }
    if (interrupted) {
        /* Ctrl-C after the input was read, while it compiled */
        as_context_unprepare(ctx);
        report_interrupt(r);
        return;
    }
    limits_apply_context(r->limits, ctx);
    running = 1;
    limits_start_clock(r->limits);
    as_context_execute(ctx);
    limits_stop_clock();
    running = 0;
    fflush(stdout);
    int state = as_context_state(ctx);
    int lim = limits_check(r->limits, ctx);
    if (state == AS_EXECUTION_EXCEPTION) print_exception(ctx);
    else if (state == AS_EXECUTION_ABORTED && interrupted && !lim) report_interrupt(r);
    else if (state != AS_EXECUTION_FINISHED && !lim) fprintf(stderr, "angelc: the input did not finish (state %d)\n", state);
    limits_report(r->limits, lim);
    as_context_unprepare(ctx);
}

typedef struct saved_global {
    char *name, *decl;
    unsigned char bytes[8];
    char *str;
    size_t len;
    bool is_string;
} saved_global;

static int primitive_size(as_engine *e, int tid)
{
    switch (tid) {
    case AS_TYPEID_BOOL: case AS_TYPEID_INT8: case AS_TYPEID_UINT8: return 1;
    case AS_TYPEID_INT16: case AS_TYPEID_UINT16: return 2;
    case AS_TYPEID_INT32: case AS_TYPEID_UINT32: case AS_TYPEID_FLOAT: return 4;
    case AS_TYPEID_INT64: case AS_TYPEID_UINT64: case AS_TYPEID_DOUBLE: return 8;
    default: break;
    }
    as_type *t = as_engine_type_by_id(e, tid);
    return t && (as_type_flags(t) & AS_OBJ_ENUM) && !(tid & AS_TYPEID_OBJHANDLE) ? 4 : 0;
}

static bool is_string_type(as_engine *e, int tid)
{
    if (tid & AS_TYPEID_OBJHANDLE) return false;
    as_type *t = as_engine_type_by_id(e, tid);
    return t && as_type_name(t) && strcmp(as_type_name(t), "string") == 0;
}

static void add_sections(repl *r, as_module *m)
{
    as_module_add_section(m, "repl", "", 0, 0);
    for (int i = 0; i < r->ndecls; i++) as_module_add_section(m, r->decls[i].name, r->decls[i].code, strlen(r->decls[i].code), 0);
}

/* Builds the module again from the session's declarations (and extra, when not NULL); the
 * globals of primitive, enum and string types keep their values. */
static bool rebuild(repl *r, const char *extra)
{
    int n = as_module_global_count(r->m);
    saved_global *saved = calloc((size_t)(n > 0 ? n : 1), sizeof *saved);
    int nsaved = 0;
    for (int i = 0; saved && i < n; i++) {
        const char *name = NULL;
        int tid = 0;
        bool is_const = false;
        if (as_module_global(r->m, i, &name, NULL, &tid, &is_const) < 0 || is_const || !name) continue;
        void *addr = as_module_global_address(r->m, i);
        int size = primitive_size(r->e, tid);
        bool str = is_string_type(r->e, tid);
        if (!addr || (!size && !str)) continue;
        saved_global *s = &saved[nsaved++];
        s->name = strdup(name);
        const char *decl = as_engine_type_declaration(r->e, tid, true);
        s->decl = strdup(decl ? decl : "");
        if (str) {
            const char *data = as_string_data(addr, &s->len);
            s->str = malloc(s->len + 1);
            if (s->str) memcpy(s->str, data, s->len);
            s->is_string = true;
        } else {
            memcpy(s->bytes, addr, (size_t)size);
        }
    }
    as_module *m = as_engine_get_module(r->e, "repl", AS_GM_ALWAYS_CREATE);
    add_sections(r, m);
    if (extra) as_module_add_section(m, r->section, extra, strlen(extra), 0);
    bool ok = as_module_build(m) >= 0;
    if (!ok && extra) {
        /* back to the session as it was (its messages are not the user's concern) */
        char *errors = host_take_messages();
        m = as_engine_get_module(r->e, "repl", AS_GM_ALWAYS_CREATE);
        add_sections(r, m);
        as_module_build(m);
        free(host_take_messages());
        fputs(errors, stderr);
        free(errors);
    }
    r->m = m;
    for (int i = 0; i < nsaved; i++) {
        saved_global *s = &saved[i];
        int idx = as_module_global_index_by_name(m, s->name);
        const char *name = NULL;
        int tid = 0;
        if (idx >= 0 && as_module_global(m, idx, &name, NULL, &tid, NULL) >= 0) {
            const char *decl = as_engine_type_declaration(r->e, tid, true);
            void *addr = as_module_global_address(m, idx);
            if (addr && decl && strcmp(decl, s->decl) == 0) {
                if (s->is_string && s->str) as_string_assign(addr, s->str, s->len);
                else if (!s->is_string) memcpy(addr, s->bytes, (size_t)primitive_size(r->e, tid));
            }
        }
        free(s->name);
        free(s->decl);
        free(s->str);
    }
    free(saved);
    return ok;
}

static void keep(repl *r, const char *code)
{
    if (r->ndecls == r->capdecls) {
        int cap = r->capdecls ? r->capdecls * 2 : 16;
        decl *d = realloc(r->decls, (size_t)cap * sizeof *d);
        if (!d) return;
        r->decls = d;
        r->capdecls = cap;
    }
    decl *d = &r->decls[r->ndecls];
    d->code = strdup(code);
    if (!d->code) return;
    snprintf(d->name, sizeof d->name, "%s", r->section);
    r->ndecls++;
}

static void eval(repl *r, const char *code)
{
    char word[32];
    first_word(code, word, sizeof word);
    size_t len = strlen(code);
    bool ends_block = len && code[len - 1] == '}';
    bool statement_like = code[0] == '{' || word_in(word, statement_words);

    snprintf(r->section, sizeof r->section, "in[%d]", ++r->input);
    host_set_column_shift(NULL, 0);
    host_capture_messages(true);
    if (word_in(word, type_words)) {
        bool ok = rebuild(r, code);
        char *msgs = host_take_messages();
        host_capture_messages(false);
        print_messages(msgs);
        if (ok) keep(r, code);
        return;
    }

    sbuf text = {0};
    char *fn_errors = NULL;
    as_function *fn = NULL;
    if (!statement_like) {
        /* a global variable: the declaration needs its ';' */
        sb_puts(&text, code);
        if (!ends_block && code[len - 1] != ';') sb_puts(&text, ";");
        if (as_module_compile_global_var(r->m, r->section, sb_str(&text), 0) >= 0) {
            char *msgs = host_take_messages();
            host_capture_messages(false);
            print_messages(msgs);
            keep(r, sb_str(&text));
            free(text.p);
            return;
        }
        free(host_take_messages());
        if (ends_block) {
            if (as_module_compile_function(r->m, r->section, code, 0, AS_COMP_ADD_TO_MODULE, &fn) >= 0) {
                char *msgs = host_take_messages();
                host_capture_messages(false);
                print_messages(msgs);
                if (fn) as_function_release(fn);
                keep(r, code);
                free(text.p);
                return;
            }
            fn_errors = host_take_messages();
        }
        if (!ends_block && !top_level_assignment(code)) {
            /* an expression: its value is printed */
            size_t n = len;
            while (n && (code[n - 1] == ';' || isspace((unsigned char)code[n - 1]))) n--;
            /* wrapped on the input's first line, so lines stay the input's; columns are shifted back */
            static const char head[] = "void __repl_expr() { __repl_show(";
            sb_clear(&text);
            sb_puts(&text, head);
            sb_add(&text, code, n);
            sb_puts(&text, "\n); }\n");
            fn = NULL;
            host_set_column_shift(r->section, (int)sizeof head - 1);
            if (as_module_compile_function(r->m, r->section, sb_str(&text), 0, 0, &fn) >= 0 && fn) {
                char *msgs = host_take_messages();
                host_capture_messages(false);
                print_messages(msgs);
                execute(r, fn);
                as_function_release(fn);
                free(fn_errors);
                free(text.p);
                return;
            }
            free(host_take_messages());
        }
    }
    /* statements */
    static const char head[] = "void __repl_run() { ";
    sb_clear(&text);
    sb_puts(&text, head);
    sb_puts(&text, code);
    sb_puts(&text, ends_block || code[len - 1] == ';' ? "\n}\n" : ";\n}\n");
    fn = NULL;
    host_set_column_shift(r->section, (int)sizeof head - 1);
    int rc = as_module_compile_function(r->m, r->section, sb_str(&text), 0, 0, &fn);
    char *msgs = host_take_messages();
    host_capture_messages(false);
    if (rc >= 0 && fn) {
        print_messages(msgs);
        execute(r, fn);
        as_function_release(fn);
    } else if (fn_errors) {
        print_messages(fn_errors);
        free(msgs);
    } else {
        print_messages(msgs);
    }
    host_set_column_shift(NULL, 0);
    if (rc >= 0 && fn) free(fn_errors);
    free(text.p);
}

static void trim(sbuf *b)
{
    if (!b->p) return;
    size_t start = 0;
    while (start < b->n && isspace((unsigned char)b->p[start])) start++;
    size_t end = b->n;
    while (end > start && isspace((unsigned char)b->p[end - 1])) end--;
    memmove(b->p, b->p + start, end - start);
    b->n = end - start;
    b->p[b->n] = 0;
}

static const char repl_help[] =
    "Type a declaration (int x = 5;  int sq(int v) { return v * v; }  class P { int a; }), an\n"
    "expression (sq(x) prints its value) or statements (for (int i = 0; i < 3; i++) println(\"\" + i);).\n"
    "Input continues while brackets are open. :help shows this, :reset forgets every declaration,\n"
    ":quit (or end of input, Ctrl-D) leaves. Ctrl-C drops the input being typed, or stops the one\n"
    "running; the session goes on.\n";

/* Forgets every declaration: the session starts again from an empty module. */
static bool reset(repl *r)
{
    for (int i = 0; i < r->ndecls; i++) free(r->decls[i].code);
    r->ndecls = 0;
    r->m = as_engine_get_module(r->e, "repl", AS_GM_ALWAYS_CREATE);
    add_sections(r, r->m);
    return as_module_build(r->m) >= 0;
}

/* Reads and evaluates inputs until :quit or the end of input. */
static void session(repl *r, lineread *lr, bool prompts)
{
    sbuf input = {0};
    for (;;) {
        const char *line;
        interrupted = 0;
        if (r->interactive) catch_interrupts(true);
        line_status got = lineread_get(lr, !prompts ? NULL : input.n ? "... " : "> ", &line);
        if (r->interactive) catch_interrupts(false);
        if (got == LINE_INTERRUPTED) {
            /* Ctrl-C: the input being typed (all its lines) is dropped; the session stays */
            if (prompts) putchar('\n');
            sb_clear(&input);
            continue;
        }
        if (got == LINE_END) {
            if (prompts) putchar('\n');
            trim(&input);
            if (input.n) eval(r, input.p);
            break;
        }
        lineread_history_add(lr, line);
        sb_puts(&input, line);
        sb_puts(&input, "\n");
        if (incomplete(sb_str(&input))) continue;
        trim(&input);
        if (input.n == 0) continue;
        if (strcmp(input.p, ":quit") == 0 || strcmp(input.p, ":q") == 0) break;
        if (strcmp(input.p, ":help") == 0) {
            fputs(repl_help, stdout);
        } else if (strcmp(input.p, ":reset") == 0) {
            if (!reset(r)) fputs("angelc: the session could not be reset\n", stderr);
            else if (prompts) puts("(the session was reset: every declaration is forgotten)");
        } else {
            eval(r, input.p);
        }
        fflush(stdout);
        sb_clear(&input);
    }
    free(input.p);
}

int repl_run(as_engine *e, const cli_limits *limits)
{
    repl r;
    memset(&r, 0, sizeof r);
    r.e = e;
    r.limits = limits;
    if (as_register_global_function(e, "void __repl_show(?&in)", AS_FN(show), AS_CALL_GENERIC, NULL) < 0) {
        fputs("angelc: the repl could not set up its engine\n", stderr);
        return ANGELC_EXIT_ERROR;
    }
    r.ctx = as_context_create(e);
    if (!r.ctx || !reset(&r)) {
        fputs("angelc: the repl could not set up its engine\n", stderr);
        if (r.ctx) as_context_destroy(r.ctx);
        return ANGELC_EXIT_ERROR;
    }
    r.interactive = isatty(STDIN_FILENO);
    bool prompts = r.interactive && isatty(STDOUT_FILENO);
    lineread *lr = lineread_open(prompts, &interrupted);
    if (!lr) {
        fputs("angelc: out of memory\n", stderr);
        as_context_destroy(r.ctx);
        return ANGELC_EXIT_ERROR;
    }
    struct sigaction old_interrupt;
    if (r.interactive) sigaction(SIGINT, NULL, &old_interrupt);
    char *history = lineread_editing(lr) ? lineread_history_path() : NULL;
    lineread_history_load(lr, history);
    if (prompts) printf("angelc %s: declarations are kept, expressions print their values (:help, :quit)\n", ANGELC_VERSION);

    session(&r, lr, prompts);

    lineread_history_save(lr, history);
    free(history);
    lineread_close(lr);
    if (r.interactive) sigaction(SIGINT, &old_interrupt, NULL);
    for (int i = 0; i < r.ndecls; i++) free(r.decls[i].code);
    free(r.decls);
    as_context_destroy(r.ctx);
    return ANGELC_EXIT_OK;
}
