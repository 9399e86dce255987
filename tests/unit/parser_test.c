/* Parser tests.
 *
 *   parser_test [--update] DIR      run every .as file in DIR, compare with its .expected
 *   parser_test --dump FILE...      print the AST and diagnostics of each file
 *   parser_test --diag FILE...      print diagnostics like the reference host (file:line:col: ...)
 *   parser_test --noerr FILE...     fail if any file has an error
 *   parser_test --fuzz N FILE...    N random inputs plus every prefix of each file (robustness)
 *   parser_test --deep              deeply nested inputs must not exhaust the stack
 *   parser_test --simple FILE...    every line is a registration declaration: where the fast
 *                                   path (parse_simple_decl.c) takes one, its AST must be the
 *                                   general parser's, field by field, positions included
 *   parser_test --ref [-v] FILE...  compare the first error line (and, with -v, all parser
 *                                   messages) with the reference host ($ASHOST, default
 *                                   /tmp/ashost; see /work/shared/reference/README.md),
 *                                   telling the parser the host's template names
 *
 * A case file may start with a line `// @options: ...` naming engine settings (registration,
 * multiline, unicode, trim=N, alter=N, defer, templates=a,b for as_parse_env.is_template) and
 * an entry point (entry=script|statements|func|
 * funcdef|var|type). For the declaration entry points every further non-empty line is one
 * declaration string. The expected output is the AST dump followed by the diagnostics.
 *
 * Build: gcc -std=c11 -Wall -Wextra -Werror -Isrc tests/unit/parser_test.c src/parser/(*).c
 *        src/util/(*).c -o /tmp/parser_test      (add -fsanitize=address,undefined to fuzz) */
#define _POSIX_C_SOURCE 200809L
#include "parser/parser.h"
#include "parser/parse_impl.h"
#include "parser/ast_dump.h"
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- options and diagnostics ---- */

typedef enum { ENTRY_SCRIPT, ENTRY_STATEMENTS, ENTRY_FUNC, ENTRY_FUNCDEF, ENTRY_VAR, ENTRY_TYPE } entry_kind;

typedef struct case_opts {
    bool registration, multiline, unicode, defer;
    int trim, alter;
    char templates[128];   /* comma-separated registered template names, "" = no callback */
    entry_kind entry;
} case_opts;

typedef struct sink { FILE *out; const char *file; bool ref_style; } sink;

static const char *diag_type_name(as_diag_type t)
{
    return t == DIAG_ERROR ? "error" : t == DIAG_WARNING ? "warning" : "info";
}

static void on_diag(void *user, int section, int line, int col, as_diag_type type, const char *msg)
{
    sink *s = user;
    (void)section;
    if (s->ref_style) fprintf(s->out, "%s:%d:%d: %s: %s\n", s->file, line, col, diag_type_name(type), msg);
    else fprintf(s->out, "%d:%d: %s: %s\n", line, col, diag_type_name(type), msg);
}

static void parse_opts(const char *src, case_opts *o)
{
    memset(o, 0, sizeof *o);
    o->trim = 1;
    const char *tag = "// @options:";
    if (strncmp(src, tag, strlen(tag)) != 0) return;
    const char *end = strchr(src, '\n');
    size_t n = end ? (size_t)(end - src) : strlen(src);
    char line[256];
    if (n >= sizeof line) n = sizeof line - 1;
    memcpy(line, src, n);
    line[n] = 0;
    for (char *w = strtok(line + strlen(tag), " \t\r"); w; w = strtok(NULL, " \t\r")) {
        if (!strcmp(w, "registration")) o->registration = true;
        else if (!strcmp(w, "multiline")) o->multiline = true;
        else if (!strcmp(w, "unicode")) o->unicode = true;
        else if (!strcmp(w, "defer")) o->defer = true;
        else if (!strncmp(w, "templates=", 10)) snprintf(o->templates, sizeof o->templates, ",%s,", w + 10);
        else if (!strncmp(w, "trim=", 5)) o->trim = atoi(w + 5);
        else if (!strncmp(w, "alter=", 6)) o->alter = atoi(w + 6);
        else if (!strcmp(w, "entry=statements")) o->entry = ENTRY_STATEMENTS;
        else if (!strcmp(w, "entry=func")) o->entry = ENTRY_FUNC;
        else if (!strcmp(w, "entry=funcdef")) o->entry = ENTRY_FUNCDEF;
        else if (!strcmp(w, "entry=var")) o->entry = ENTRY_VAR;
        else if (!strcmp(w, "entry=type")) o->entry = ENTRY_TYPE;
    }
}

/* ---- running one input ---- */

/* as_parse_env.is_template over the case's `templates=` list */
static bool is_template_name(void *user, const char *name)
{
    const char *list = user;
    size_t n = strlen(name);
    for (const char *p = strstr(list, name); p; p = strstr(p + 1, name))
        if (p[-1] == ',' && p[n] == ',') return true;
    return false;
}

/* --ref mode parses like the reference host, whose registered templates are these. */
static const char *forced_templates;

typedef struct run_ctx {
    as_arena arena;
    as_strtab names;
    as_diag diag;
    sink sink;
    as_parse_env env;
} run_ctx;

static void ctx_init(run_ctx *c, const case_opts *o, FILE *out, const char *file, bool ref_style)
{
    memset(c, 0, sizeof *c);
    arena_init(&c->arena);
    strtab_init(&c->names);
    c->sink = (sink){out, file, ref_style};
    c->diag.report = on_diag;
    c->diag.user = &c->sink;
    c->env.arena = &c->arena;
    c->env.names = &c->names;
    c->env.diag = &c->diag;
    c->env.registration = o->registration;
    c->env.allow_multiline_strings = o->multiline;
    c->env.allow_unicode_identifiers = o->unicode;
    c->env.heredoc_trim_mode = o->trim;
    c->env.alter_named_args = o->alter;
    c->env.defer_body_errors = o->defer;
    if (o->templates[0]) {
        c->env.is_template = is_template_name;
        c->env.is_template_user = (void *)o->templates;
    }
}

static void ctx_free(run_ctx *c)
{
    arena_free(&c->arena);
    strtab_free(&c->names);
}

/* One declaration string through a registration entry point. */
static ast_node *parse_decl_line(run_ctx *c, entry_kind entry, const char *decl)
{
    switch (entry) {
    case ENTRY_FUNC: return parse_func_decl(&c->env, decl);
    case ENTRY_FUNCDEF: return parse_funcdef_decl(&c->env, decl);
    case ENTRY_VAR: return parse_var_decl(&c->env, decl);
    default: return parse_type_decl(&c->env, decl);
    }
}

/* Parses src per its options, writing the AST (if dump) and diagnostics to out.
 * Returns the number of errors. */
static int run_source(const char *src, size_t len, const char *file, FILE *out, bool dump, bool ref_style)
{
    case_opts o;
    parse_opts(src, &o);
    if (forced_templates && !o.templates[0]) snprintf(o.templates, sizeof o.templates, "%s", forced_templates);
    run_ctx c;
    ctx_init(&c, &o, out, file, ref_style);
    if (o.entry == ENTRY_SCRIPT || o.entry == ENTRY_STATEMENTS) {
        ast_node *n = o.entry == ENTRY_SCRIPT ? parse_script(&c.env, src, len) : parse_statements(&c.env, src, len);
        if (dump) ast_dump(out, n);
        for (int i = 0; n->kind == AST_SCRIPT && i < n->u.script.ndeferred; i++) {
            const ast_deferred_diag *d = &n->u.script.deferred[i];
            fprintf(out, "deferred for %s@%d:%d: %d:%d: %s: %s\n", ast_kind_name((ast_kind)d->owner->kind),
                    d->owner->pos.line, d->owner->pos.col, d->line, d->col, diag_type_name((as_diag_type)d->type), d->msg);
        }
    } else {
        /* every line after the options line is a declaration */
        char *copy = strndup(src, len);
        char *save = NULL;
        for (char *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
            if (!strncmp(line, "//", 2) || !line[0]) continue;
            if (dump) fprintf(out, "%s\n", line);
            ast_node *n = parse_decl_line(&c, o.entry, line);
            if (dump) {
                fputs("  => ", out);
                ast_dump(out, n);
            }
        }
        free(copy);
    }
    int errors = c.diag.errors;
    ctx_free(&c);
    return errors;
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    buf[n] = 0;
    *len = n;
    return buf;
}

/* ---- modes ---- */

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int run_cases(const char *dir, bool update)
{
    DIR *d = opendir(dir);
    if (!d) {
        perror(dir);
        return 1;
    }
    char *names[4096];
    int count = 0;
    struct dirent *e;
    while ((e = readdir(d)) && count < 4096) {
        size_t l = strlen(e->d_name);
        if (l > 3 && !strcmp(e->d_name + l - 3, ".as")) names[count++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)count, sizeof *names, cmp_names);
    int failed = 0;
    for (int i = 0; i < count; i++) {
        char path[1024], exp_path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        snprintf(exp_path, sizeof exp_path, "%.*s.expected", (int)(strlen(path) - 3), path);
        size_t len;
        char *src = read_file(path, &len);
        char *actual = NULL;
        size_t actual_len = 0;
        FILE *mem = open_memstream(&actual, &actual_len);
        run_source(src, len, names[i], mem, true, false);
        fclose(mem);
        size_t exp_len = 0;
        char *expected = read_file(exp_path, &exp_len);
        if (update) {
            FILE *f = fopen(exp_path, "wb");
            fwrite(actual, 1, actual_len, f);
            fclose(f);
        } else if (!expected || exp_len != actual_len || memcmp(expected, actual, actual_len)) {
            printf("FAIL %s\n", names[i]);
            char tmp[] = "/tmp/parser_test_actual_XXXXXX";
            int fd = mkstemp(tmp);
            if (fd >= 0) {
                FILE *f = fdopen(fd, "wb");
                fwrite(actual, 1, actual_len, f);
                fclose(f);
                char cmd[3000];
                snprintf(cmd, sizeof cmd, "diff -u '%s' '%s' | head -40", exp_path, tmp);
                if (system(cmd) < 0) perror("diff");
                remove(tmp);
            }
            failed++;
        }
        free(expected);
        free(actual);
        free(src);
        free(names[i]);
    }
    printf("%d cases, %d failed%s\n", count, failed, update ? " (expected files updated)" : "");
    return failed != 0;
}

static int run_files(int argc, char **argv, bool dump, bool ref_style, bool noerr)
{
    int bad = 0;
    for (int i = 0; i < argc; i++) {
        size_t len;
        char *src = read_file(argv[i], &len);
        if (!src) {
            perror(argv[i]);
            return 1;
        }
        int errors = run_source(src, len, argv[i], stdout, dump, ref_style);
        if (noerr && errors) {
            printf("ERRORS in %s\n", argv[i]);
            bad++;
        }
        free(src);
    }
    if (noerr) printf("%d files, %d with errors\n", argc, bad);
    return bad != 0;
}

/* Robustness: nothing is checked but termination; ASan/UBSan catch the rest. */
static void parse_quiet(const char *src, size_t len, bool registration)
{
    case_opts o = {0};
    o.registration = registration;
    o.trim = 1;
    FILE *null = fopen("/dev/null", "w");
    run_ctx c;
    ctx_init(&c, &o, null, "fuzz", false);
    parse_script(&c.env, src, len);
    parse_statements(&c.env, src, len);
    /* the declaration entry points take C strings */
    char *z = strndup(src, len);
    parse_func_decl(&c.env, z);
    parse_type_decl(&c.env, z);
    parse_var_decl(&c.env, z);
    free(z);
    ctx_free(&c);
    fclose(null);
}

static const char *const fuzz_words[] = {
    "class", "{", "}", "(", ")", ";", "int", "x", "=", "f", "<", ">", ">>", "[", "]", "@", "&",
    "function", "cast", "\"s", "\"\"\"", "'", "/*", "//", "\n", "::", ",", ":", "?", "{repeat",
    "namespace", "enum", "interface", "get", "set", "const", "0x", "1.5e", "!is", "...", "#",
    "\\", "\xEF\xBB\xBF", "\0", "void", "return", "if", "for", "switch", "case", "default",
};

static int run_fuzz(long n, int argc, char **argv)
{
    srand(12345);
    char buf[512];
    for (long i = 0; i < n; i++) {
        size_t len = 0;
        int mode = rand() % 2;
        while (len < sizeof buf - 16 && rand() % 64) {
            if (mode) {
                const char *w = fuzz_words[rand() % (int)(sizeof fuzz_words / sizeof *fuzz_words)];
                size_t wl = strlen(w);
                if (!wl) wl = 1; /* the NUL byte entry */
                memcpy(buf + len, w, wl);
                len += wl;
                buf[len++] = ' ';
            } else {
                buf[len++] = (char)(rand() % 256);
            }
        }
        parse_quiet(buf, len, i % 3 == 0);
    }
    for (int f = 0; f < argc; f++) {
        size_t len;
        char *src = read_file(argv[f], &len);
        if (!src) continue;
        for (size_t l = 0; l <= len; l++) {
            /* an exact-size copy so ASan sees reads past the end */
            char *p = malloc(l ? l : 1);
            memcpy(p, src, l);
            parse_quiet(p, l, false);
            free(p);
        }
        free(src);
    }
    printf("fuzz: %ld random inputs, %d files' prefixes: ok\n", n, argc);
    return 0;
}

static int run_deep(void)
{
    static const char *const units[][3] = {
        {"void f(){ x = ", "(", "; }"},
        {"void f()", "{", ""},
        {"void f(){ x = ", "{", ""},
        {"void f(){ ", "if(1)", ";}"},
        {"", "namespace a{", ""},
        {"array<", "array<", "int"},
        {"void f(){ x = ", "-", "1;}"},
        {"void f(){ x = ", "a.", "b;}"},
        {"void f(){ x = ", "f(", ""},
        {"void f(){ x = ", "cast<", ""},
        {"void f(){ ", "function(){", ""},
        {"void f(){ x = 1", "+1", ";}"},
        {"void f(){ x = ", "a=", "1;}"},
        {"void f(){ x = ", "a?b:", "c;}"},
    };
    const size_t reps = 100000;
    for (size_t u = 0; u < sizeof units / sizeof *units; u++) {
        size_t pl = strlen(units[u][0]), ul = strlen(units[u][1]), sl = strlen(units[u][2]);
        size_t len = pl + ul * reps + sl;
        char *src = malloc(len);
        memcpy(src, units[u][0], pl);
        for (size_t i = 0; i < reps; i++) memcpy(src + pl + i * ul, units[u][1], ul);
        memcpy(src + pl + ul * reps, units[u][2], sl);
        parse_quiet(src, len, false);
        free(src);
    }
    printf("deep: ok\n");
    return 0;
}

/* ---- differential check against the reference host ---- */

/* Reads all output of a command. */
static char *run_command(const char *cmd)
{
    FILE *p = popen(cmd, "r");
    if (!p) return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while ((got = fread(buf + n, 1, cap - n - 1, p)) > 0) {
        n += got;
        if (n + 1 >= cap) buf = realloc(buf, cap *= 2);
    }
    pclose(p);
    buf[n] = 0;
    return buf;
}

/* Keeps the diagnostics the parser can produce: drops the reference's "Compiling ..." infos
 * (the compiler prints those) and the "file:" prefix. */
static char *filter_ref_output(const char *out)
{
    char *res = malloc(strlen(out) + 1), *w = res;
    char line[2048];
    while (*out) {
        const char *end = strchr(out, '\n');
        size_t n = end ? (size_t)(end - out) : strlen(out);
        size_t k = n < sizeof line ? n : sizeof line - 1;
        memcpy(line, out, k);
        line[k] = 0;
        out += n + (end ? 1 : 0);
        char *colon = strchr(line, ':');
        bool diag = strstr(line, ": error: ") || strstr(line, ": warning: ") || strstr(line, ": info: ");
        if (!colon || !diag || strstr(line, ": info: Compiling ")) continue;
        w += sprintf(w, "%s\n", colon + 1);
    }
    *w = 0;
    return res;
}

static int first_error_line(const char *diags)
{
    const char *e = strstr(diags, ": error: ");
    if (!e) return 0;
    while (e > diags && e[-1] != '\n') e--;
    return atoi(e);
}

static int run_ref(int argc, char **argv)
{
    bool verbose = argc > 0 && !strcmp(argv[0], "-v");
    if (verbose) argc--, argv++;
    forced_templates = ",array,grid,weakref,const_weakref,";
    const char *host = getenv("ASHOST") ? getenv("ASHOST") : "/tmp/ashost";
    int bad = 0, differ = 0;
    for (int i = 0; i < argc; i++) {
        char cmd[2048];
        snprintf(cmd, sizeof cmd, "'%s' '%s' 2>&1 >/dev/null", host, argv[i]);
        char *raw = run_command(cmd);
        char *ref = filter_ref_output(raw ? raw : "");
        size_t len;
        char *src = read_file(argv[i], &len);
        char *ours = NULL;
        size_t ours_len = 0;
        FILE *mem = open_memstream(&ours, &ours_len);
        if (src) run_source(src, len, argv[i], mem, false, false);
        fclose(mem);
        int rl = first_error_line(ref), ol = first_error_line(ours);
        if (rl != ol) {
            printf("LINE MISMATCH %s: reference %d, ours %d\n--- reference\n%s--- ours\n%s", argv[i], rl, ol, ref, ours);
            bad++;
        } else if (strcmp(ref, ours)) {
            differ++;
            if (verbose) printf("TEXT DIFFERS %s\n--- reference\n%s--- ours\n%s", argv[i], ref, ours);
        }
        free(raw);
        free(ref);
        free(ours);
        free(src);
    }
    printf("%d scripts: %d first-error line mismatches, %d with other differences in the messages\n", argc, bad, differ);
    return bad != 0;
}

/* ---- the fast path for registration declarations against the general parser ---- */

static bool same_pos(ast_pos a, ast_pos b) { return a.line == b.line && a.col == b.col && a.section == b.section; }

static bool same_type(const ast_node *a, const ast_node *b)
{
    if (!a || !b) return a == b;
    const ast_node *x = a, *y = b;
    if (x->kind != AST_TYPE || y->kind != AST_TYPE || !same_pos(x->pos, y->pos)) return false;
    if (x->u.type.is_const != y->u.type.is_const || x->u.type.global_scope != y->u.type.global_scope ||
        x->u.type.scope.count != y->u.type.scope.count || x->u.type.scope_type || y->u.type.scope_type ||
        x->u.type.prim != y->u.type.prim || x->u.type.name != y->u.type.name ||
        !same_pos(x->u.type.name_pos, y->u.type.name_pos) || x->u.type.targs.count != y->u.type.targs.count ||
        !same_pos(x->u.type.targs_pos, y->u.type.targs_pos) || x->u.type.nmods != y->u.type.nmods)
        return false;
    for (int i = 0; i < x->u.type.targs.count; i++)
        if (!same_type(x->u.type.targs.items[i], y->u.type.targs.items[i])) return false;
    for (int i = 0; i < x->u.type.nmods; i++) {
        const ast_typemod *m = &x->u.type.mods[i], *n = &y->u.type.mods[i];
        if (m->kind != n->kind || m->handle_const != n->handle_const || m->auto_handle != n->auto_handle ||
            !same_pos(m->pos, n->pos))
            return false;
    }
    return true;
}

static bool same_func(const ast_node *a, const ast_node *b)
{
    if (a->kind != b->kind || !same_pos(a->pos, b->pos)) return false;
    if (a->u.func.name != b->u.func.name || a->u.func.mods != b->u.func.mods || a->u.func.attrs != b->u.func.attrs || a->u.func.ret_ref != b->u.func.ret_ref ||
        a->u.func.is_destructor != b->u.func.is_destructor || a->u.func.is_variadic != b->u.func.is_variadic || a->u.func.body || b->u.func.body ||
        a->u.func.list_pattern || b->u.func.list_pattern || a->u.func.global_scope != b->u.func.global_scope ||
        a->u.func.scope.count != b->u.func.scope.count || a->u.func.scope_type || b->u.func.scope_type || a->u.func.tparams.count != b->u.func.tparams.count ||
        !same_type(a->u.func.ret, b->u.func.ret) || a->u.func.params.count != b->u.func.params.count)
        return false;
    for (int i = 0; i < a->u.func.params.count; i++) {
        const ast_node *p = a->u.func.params.items[i], *q = b->u.func.params.items[i];
        if (p->kind != AST_PARAM || q->kind != AST_PARAM || !same_pos(p->pos, q->pos) ||
            !same_type(p->u.param.type, q->u.param.type) || p->u.param.ref != q->u.param.ref ||
            p->u.param.name != q->u.param.name || p->u.param.def || q->u.param.def ||
            p->u.param.def_text || q->u.param.def_text ||
            p->u.param.if_handle_then_const != q->u.param.if_handle_then_const)
            return false;
    }
    return true;
}

static int run_simple(int argc, char **argv)
{
    int taken = 0, left = 0, bad = 0;
    /* each file twice: without and with the engine's answer to which names are templates */
    for (int i = 0; i < 2 * argc; i++) {
        size_t len;
        char *src = read_file(argv[i / 2], &len);
        if (!src) {
            printf("cannot read %s\n", argv[i / 2]);
            return 1;
        }
        case_opts o;
        memset(&o, 0, sizeof o);
        o.registration = true;
        if (i % 2) snprintf(o.templates, sizeof o.templates, ",array,weakref,");
        run_ctx c;
        ctx_init(&c, &o, stdout, argv[i / 2], false);
        c.env.line_offset = 4;
        c.env.section = 2;
        char *save = NULL;
        for (char *line = strtok_r(src, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
            if (!strncmp(line, "//", 2) || !line[0]) continue;
            ast_node *fast = parse_simple_func_decl(&c.env, line);
            if (!fast) {
                left++;
                continue;
            }
            taken++;
            int errors = c.diag.errors;
            ast_node *general = parse_func_decl_general(&c.env, line);
            if (!general || c.diag.errors != errors || !same_func(fast, general)) {
                printf("DIFFERS: %s\n  fast    => ", line);
                ast_dump(stdout, fast);
                printf("  general => ");
                if (general) ast_dump(stdout, general);
                else printf("(error)\n");
                bad++;
            }
        }
        ctx_free(&c);
        free(src);
    }
    printf("%d declarations through the fast path (%d differ from the general parser), %d left to it\n", taken, bad,
           left);
    return bad != 0;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[1], "--simple")) return run_simple(argc - 2, argv + 2);
    if (argc >= 2 && !strcmp(argv[1], "--ref")) return run_ref(argc - 2, argv + 2);
    if (argc >= 2 && !strcmp(argv[1], "--dump")) return run_files(argc - 2, argv + 2, true, false, false);
    if (argc >= 2 && !strcmp(argv[1], "--diag")) return run_files(argc - 2, argv + 2, false, true, false);
    if (argc >= 2 && !strcmp(argv[1], "--noerr")) return run_files(argc - 2, argv + 2, false, true, true);
    if (argc >= 3 && !strcmp(argv[1], "--fuzz")) return run_fuzz(atol(argv[2]), argc - 3, argv + 3);
    if (argc >= 2 && !strcmp(argv[1], "--deep")) return run_deep();
    if (argc >= 3 && !strcmp(argv[1], "--update")) return run_cases(argv[2], true);
    if (argc == 2) return run_cases(argv[1], false);
    fprintf(stderr, "usage: parser_test [--update] DIR | --dump|--diag|--noerr FILE... | --fuzz N FILE... | --deep | --ref [-v] FILE...\n");
    return 2;
}
