/* angelc_tests: runs the conformance scripts (tests/scripts) through `angelc run` and, with
 * --reference, through the reference host; then runs the C API test programs (build/api/api_*)
 * and the command line tests (tests/cli/NAME.sh). Every test is a subprocess in its own process
 * group, with a timeout, so a crash, a hang or a runaway output cannot take the runner down.
 * The timeout grows with the machine's load, and a test that times out while others run beside
 * it is run again alone, with a longer timeout, before it counts as a failure. With
 * --also-roundtrip the scripts then run a second time after a bytecode round trip, whatever the
 * first phase gave. The directive and output formats are specified in tests/README.md. The last
 * line printed is `N passed, N failed` (all phases); exit status 0 iff none failed.
 *
 * Usage: angelc_tests [options] [DIR_OR_FILE...]   (see usage() below)
 */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 700

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define DEFAULT_TIMEOUT 20.0
#define DEFAULT_JOBS 2
#define RETRY_TIMEOUT_MULT 3.0 /* a test that timed out runs again alone with this much longer */
#define MAX_LOAD_SCALE 4.0     /* at most this much longer on a loaded machine */
#define MAX_JOBS 64
#define OUTPUT_LIMIT (16u * 1024u * 1024u) /* per stream; past it the test is killed */
#define STDERR_TAIL 12
#define SANITIZER_LINES 30
#define SHOW_MAX 240 /* longest line shown in a failure report */

/* ------------------------------------------------------------------------------------------ */
/* small utilities                                                                             */

static void *xmalloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (!p) { fputs("angelc_tests: out of memory\n", stderr); exit(2); }
    return p;
}
static void *xrealloc(void *p, size_t n) {
    p = realloc(p, n ? n : 1);
    if (!p) { fputs("angelc_tests: out of memory\n", stderr); exit(2); }
    return p;
}
static char *xstrndup(const char *s, size_t n) {
    char *r = xmalloc(n + 1);
    memcpy(r, s, n);
    r[n] = 0;
    return r;
}
static char *xstrdup(const char *s) { return xstrndup(s, strlen(s)); }

typedef struct buf {
    char *data;
    size_t len, cap;
} buf;

static void buf_reserve(buf *b, size_t extra) {
    if (b->len + extra + 1 <= b->cap) return;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + extra + 1) cap *= 2;
    b->data = xrealloc(b->data, cap);
    b->cap = cap;
}
static void buf_add(buf *b, const char *s, size_t n) {
    buf_reserve(b, n);
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = 0;
}
static void buf_puts(buf *b, const char *s) { buf_add(b, s, strlen(s)); }
static void buf_printf(buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void buf_printf(buf *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    buf_reserve(b, (size_t)n);
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}
static void buf_free(buf *b) {
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}
static const char *buf_str(const buf *b) { return b->data ? b->data : ""; }

typedef struct strvec {
    char **v;
    size_t n, cap;
} strvec;

static void sv_push(strvec *s, char *str) {
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 8;
        s->v = xrealloc(s->v, s->cap * sizeof *s->v);
    }
    s->v[s->n++] = str;
}
static void sv_free(strvec *s) {
    for (size_t i = 0; i < s->n; i++) free(s->v[i]);
    free(s->v);
    s->v = NULL;
    s->n = s->cap = 0;
}

static double now_sec(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int starts_with(const char *s, const char *prefix) { return strncmp(s, prefix, strlen(prefix)) == 0; }

static int is_dir(const char *p) {
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}
static int is_file(const char *p) {
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}
static int is_exec_file(const char *p) { return is_file(p) && access(p, X_OK) == 0; }

static char *path_join(const char *a, const char *b) {
    size_t la = strlen(a);
    buf r = {0};
    buf_puts(&r, a);
    if (la == 0 || a[la - 1] != '/') buf_puts(&r, "/");
    buf_puts(&r, b);
    return r.data;
}

/* dirname of an absolute path, as a new string ("/" for "/x") */
static char *dir_of(const char *p) {
    const char *slash = strrchr(p, '/');
    if (!slash) return xstrdup(".");
    if (slash == p) return xstrdup("/");
    return xstrndup(p, (size_t)(slash - p));
}

/* realpath into a fresh string, or NULL */
static char *real_path(const char *p) {
    char tmp[PATH_MAX];
    if (!realpath(p, tmp)) return NULL;
    return xstrdup(tmp);
}

/* An absolute form of p without resolving symlinks (a program may dispatch on its name). */
static char *abs_path(const char *p) {
    if (p[0] == '/') return xstrdup(p);
    char cwd[PATH_MAX];
    if (!getcwd(cwd, sizeof cwd)) return xstrdup(p);
    const char *q = p;
    while (q[0] == '.' && q[1] == '/') q += 2;
    return path_join(cwd, q);
}

/* The name a file is shown under (and passed to subprocesses under, since they run in root):
 * relative to root when inside it, else absolute. */
static const char *g_root; /* absolute source-tree root */
static char *display_path(const char *abs) {
    size_t lr = strlen(g_root);
    if (strcmp(g_root, "/") != 0 && strncmp(abs, g_root, lr) == 0 && abs[lr] == '/') return xstrdup(abs + lr + 1);
    return xstrdup(abs);
}

static const char *signal_name(int sig) {
    switch (sig) {
    case SIGHUP: return "SIGHUP";
    case SIGINT: return "SIGINT";
    case SIGQUIT: return "SIGQUIT";
    case SIGILL: return "SIGILL";
    case SIGTRAP: return "SIGTRAP";
    case SIGABRT: return "SIGABRT";
    case SIGBUS: return "SIGBUS";
    case SIGFPE: return "SIGFPE";
    case SIGKILL: return "SIGKILL";
    case SIGUSR1: return "SIGUSR1";
    case SIGSEGV: return "SIGSEGV";
    case SIGUSR2: return "SIGUSR2";
    case SIGPIPE: return "SIGPIPE";
    case SIGALRM: return "SIGALRM";
    case SIGTERM: return "SIGTERM";
    case SIGXCPU: return "SIGXCPU";
    case SIGXFSZ: return "SIGXFSZ";
    case SIGSYS: return "SIGSYS";
    default: return "signal";
    }
}

/* Appends s[0..n) quoted, with escapes, shortened past SHOW_MAX bytes. */
static void buf_quote(buf *b, const char *s, size_t n) {
    buf_puts(b, "\"");
    size_t shown = n > SHOW_MAX ? SHOW_MAX : n;
    for (size_t i = 0; i < shown; i++) {
        unsigned char c = (unsigned char)s[i];
        switch (c) {
        case '"': buf_puts(b, "\\\""); break;
        case '\\': buf_puts(b, "\\\\"); break;
        case '\t': buf_puts(b, "\\t"); break;
        case '\r': buf_puts(b, "\\r"); break;
        case '\n': buf_puts(b, "\\n"); break;
        default:
            if (c < 0x20 || c == 0x7f) buf_printf(b, "\\x%02x", c);
            else buf_add(b, (const char *)&s[i], 1);
        }
    }
    buf_puts(b, "\"");
    if (shown < n) buf_printf(b, "... (%zu bytes)", n);
}

/* Lines of a text: iterate with next_line(). A final line without '\n' is still a line. */
typedef struct line_it {
    const char *p, *end;
} line_it;
static int next_line(line_it *it, const char **s, size_t *n, int *has_nl) {
    if (it->p >= it->end) return 0;
    const char *nl = memchr(it->p, '\n', (size_t)(it->end - it->p));
    *s = it->p;
    if (nl) {
        *n = (size_t)(nl - it->p);
        if (has_nl) *has_nl = 1;
        it->p = nl + 1;
    } else {
        *n = (size_t)(it->end - it->p);
        if (has_nl) *has_nl = 0;
        it->p = it->end;
    }
    return 1;
}

static const char *mem_find(const char *s, size_t n, const char *needle) {
    size_t k = strlen(needle);
    if (k == 0) return s;
    for (size_t i = 0; i + k <= n; i++)
        if (s[i] == needle[0] && memcmp(s + i, needle, k) == 0) return s + i;
    return NULL;
}

/* ------------------------------------------------------------------------------------------ */
/* directives                                                                                  */

typedef struct directives {
    strvec expect; /* stdout lines */
    int has_error, error_line;
    char *error_text; /* may be NULL */
    int has_exception;
    char *exception_text;
    int has_exit, exit_code;
    int angelc_only;
    char *only_reason;
    int min_reference; /* `reference: X.Y`: the version the expectations are of (e.g. 23800), 0: any */
    strvec args;
    int has_args;
    strvec props; /* engine-property: NAME=VALUE, passed as -p NAME=VALUE to both hosts */
    strvec warnings; /* expect-warning: "LINE TEXT", each a warning stderr must have */
    strvec infos; /* expect-info: "LINE TEXT", each an info line stderr must have */
    char *bad; /* first directive problem, or NULL */
} directives;

static void dir_free(directives *d) {
    sv_free(&d->expect);
    free(d->error_text);
    free(d->exception_text);
    free(d->only_reason);
    sv_free(&d->args);
    sv_free(&d->props);
    sv_free(&d->warnings);
    sv_free(&d->infos);
    free(d->bad);
}

static void dir_bad(directives *d, int line, const char *fmt, const char *arg) {
    if (d->bad) return;
    buf b = {0};
    buf_printf(&b, "bad directive on line %d: ", line);
    buf_printf(&b, fmt, arg);
    d->bad = b.data;
}

static char *trimmed(const char *s, size_t n) {
    while (n && (*s == ' ' || *s == '\t')) s++, n--;
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r')) n--;
    return xstrndup(s, n);
}

static int parse_int(const char *s, int *out, const char **rest) {
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || errno || v < INT_MIN || v > INT_MAX) return 0;
    *out = (int)v;
    if (rest) *rest = end;
    return 1;
}

/* "2.38" or "2.38.0" (then anything after a space, e.g. a reason) as 23800 (major*10000 +
 * minor*100 + patch); 0 if s does not start with such a version. */
static int version_number(const char *s) {
    int part[3] = {0, 0, 0}, n = 0;
    while (n < 3) {
        if (*s < '0' || *s > '9') return 0;
        long v = strtol(s, (char **)&s, 10);
        if (v > 99) return 0;
        part[n++] = (int)v;
        if (*s != '.') break;
        s++;
    }
    if ((*s && *s != ' ') || n < 2) return 0;
    return part[0] * 10000 + part[1] * 100 + part[2];
}

static void split_args(directives *d, const char *s, int line) {
    const char *p = s;
    for (;;) {
        while (*p == ' ' || *p == '\t') p++;
        if (!*p) break;
        buf a = {0};
        buf_reserve(&a, 0);
        a.data[0] = 0;
        while (*p && *p != ' ' && *p != '\t') {
            if (*p == '"' || *p == '\'') {
                char q = *p++;
                while (*p && *p != q) buf_add(&a, p++, 1);
                if (*p != q) { dir_bad(d, line, "unterminated quote in args: %s", s); buf_free(&a); return; }
                p++;
            } else {
                buf_add(&a, p++, 1);
            }
        }
        sv_push(&d->args, a.data);
    }
}

/* text: the comment's text after "//" */
static void handle_comment(directives *d, const char *text, size_t n, int line) {
    size_t i = 0;
    while (i < n && (text[i] == ' ' || text[i] == '\t')) i++;
    size_t k0 = i;
    while (i < n && ((text[i] >= 'a' && text[i] <= 'z') || text[i] == '-')) i++;
    if (i == k0 || i >= n || text[i] != ':') return;
    char *key = xstrndup(text + k0, i - k0);
    const char *v = text + i + 1;
    size_t vn = n - i - 1;
    if (strcmp(key, "expect") == 0) {
        if (vn && v[0] == ' ') v++, vn--;
        if (vn && v[vn - 1] == '\r') vn--;
        sv_push(&d->expect, xstrndup(v, vn));
    } else if (strcmp(key, "expect-error") == 0) {
        char *t = trimmed(v, vn);
        const char *rest;
        int ln;
        if (d->has_error) dir_bad(d, line, "%s", "duplicate expect-error");
        /* line 0: a message without a script position (an add-on's template callback) */
        else if (!parse_int(t, &ln, &rest) || ln < 0 || (*rest && *rest != ' ' && *rest != '\t'))
            dir_bad(d, line, "expect-error needs a line number, got \"%s\"", t);
        else {
            d->has_error = 1;
            d->error_line = ln;
            char *msg = trimmed(rest, strlen(rest));
            if (*msg) d->error_text = msg;
            else free(msg);
        }
        free(t);
    } else if (strcmp(key, "expect-warning") == 0 || strcmp(key, "expect-info") == 0) {
        char *t = trimmed(v, vn);
        const char *rest;
        int ln;
        int info = strcmp(key, "expect-info") == 0;
        if (!parse_int(t, &ln, &rest) || ln < 0 || (*rest && *rest != ' ' && *rest != '\t'))
            dir_bad(d, line, info ? "expect-info needs a line number, got \"%s\"" : "expect-warning needs a line number, got \"%s\"", t);
        else
            sv_push(info ? &d->infos : &d->warnings, xstrndup(t, strlen(t)));
        free(t);
    } else if (strcmp(key, "expect-exception") == 0) {
        if (d->has_exception) dir_bad(d, line, "%s", "duplicate expect-exception");
        else {
            d->has_exception = 1;
            d->exception_text = trimmed(v, vn);
        }
    } else if (strcmp(key, "expect-exit") == 0) {
        char *t = trimmed(v, vn);
        const char *rest;
        int code;
        if (d->has_exit) dir_bad(d, line, "%s", "duplicate expect-exit");
        else if (!parse_int(t, &code, &rest) || *rest || code < 0 || code > 255)
            dir_bad(d, line, "expect-exit needs a status 0..255, got \"%s\"", t);
        else {
            d->has_exit = 1;
            d->exit_code = code;
        }
        free(t);
    } else if (strcmp(key, "angelc-only") == 0) {
        if (!d->angelc_only) {
            d->angelc_only = 1;
            d->only_reason = trimmed(v, vn);
        }
    } else if (strcmp(key, "reference") == 0) {
        char *t = trimmed(v, vn);
        int ver = version_number(t);
        if (ver <= 0) dir_bad(d, line, "reference needs a version such as 2.38, got \"%s\"", t);
        else d->min_reference = ver;
        free(t);
    } else if (strcmp(key, "args") == 0) {
        if (d->has_args) dir_bad(d, line, "%s", "duplicate args");
        else {
            d->has_args = 1;
            char *t = trimmed(v, vn);
            split_args(d, t, line);
            free(t);
        }
    } else if (strcmp(key, "engine-property") == 0) {
        char *t = trimmed(v, vn);
        if (!strchr(t, '=') || strchr(t, ' ')) {
            dir_bad(d, line, "engine-property needs NAME=VALUE, got \"%s\"", t);
            free(t);
        } else {
            sv_push(&d->props, t);
        }
    } else if (starts_with(key, "expect")) {
        dir_bad(d, line, "unknown directive \"%s:\"", key);
    }
    free(key);
}

/* Finds `//` comments outside string literals and block comments, line by line. */
static void parse_directives(directives *d, const char *src, size_t len) {
    int in_block = 0, in_heredoc = 0, line = 0;
    line_it it = {src, src + len};
    const char *s;
    size_t n;
    while (next_line(&it, &s, &n, NULL)) {
        line++;
        size_t i = 0;
        while (i < n) {
            if (in_block) {
                const char *e = mem_find(s + i, n - i, "*/");
                if (!e) { i = n; break; }
                i = (size_t)(e - s) + 2;
                in_block = 0;
                continue;
            }
            if (in_heredoc) {
                const char *e = mem_find(s + i, n - i, "\"\"\"");
                if (!e) { i = n; break; }
                i = (size_t)(e - s) + 3;
                in_heredoc = 0;
                continue;
            }
            char c = s[i];
            if (c == '/' && i + 1 < n && s[i + 1] == '/') {
                handle_comment(d, s + i + 2, n - i - 2, line);
                break;
            }
            if (c == '/' && i + 1 < n && s[i + 1] == '*') { in_block = 1; i += 2; continue; }
            if (c == '"' && i + 2 < n && s[i + 1] == '"' && s[i + 2] == '"') { in_heredoc = 1; i += 3; continue; }
            if (c == '"' || c == '\'') {
                i++;
                while (i < n && s[i] != c) i += (s[i] == '\\') ? 2 : 1;
                i++;
                continue;
            }
            i++;
        }
    }
    if (d->has_error && d->has_exception) dir_bad(d, 0, "%s", "both expect-error and expect-exception");
    if (d->has_exit && (d->has_error || d->has_exception) && d->exit_code != 1)
        dir_bad(d, 0, "%s", "expect-exit other than 1 with expect-error/expect-exception");
}

/* ------------------------------------------------------------------------------------------ */
/* tests                                                                                       */

typedef enum kind { K_SCRIPT, K_REF, K_API, K_CLI } kind;

typedef struct test {
    kind kind;
    char *name;        /* shown: path, or "ref:" path */
    char *path;        /* script or program path as passed to the subprocess (root-relative or absolute) */
    directives *d;     /* owned by the K_SCRIPT test; shared with its K_REF test */
    const char *skip;  /* reason when skipped (not run) */
    char *precheck;    /* failure decided without running */
    int done, passed;
    int started;
    int printed;       /* its result has been printed and counted */
    int deferred;      /* timed out beside other tests: runs again alone (retried) */
    int retried;
    int ref_crashed;   /* K_REF: the reference engine itself crashed (its bug): not compared */
    buf report;        /* failure details */
} test;

typedef struct tests {
    test *v;
    size_t n, cap;
} tests;

static test *add_test(tests *ts, kind k) {
    if (ts->n == ts->cap) {
        ts->cap = ts->cap ? ts->cap * 2 : 64;
        ts->v = xrealloc(ts->v, ts->cap * sizeof *ts->v);
    }
    test *t = &ts->v[ts->n++];
    memset(t, 0, sizeof *t);
    t->kind = k;
    return t;
}

/* options */
static const char *g_angelc;    /* absolute */
static const char *g_roundtrip; /* "--roundtrip" or "--roundtrip=strip": scripts run after a bytecode round trip */
static int g_aot;               /* --aot: angelc is a program with every script compiled to C (tests/aot/build.sh) */
static const char *g_reference; /* absolute, or NULL */
static int g_reference_version;   /* of the engine in g_reference (`ashost --version`), e.g. 23800 */
static char g_reference_version_text[128];
static char *g_angelc_show, *g_reference_show;
static double g_timeout = DEFAULT_TIMEOUT;
static double g_timeout_mult = 1;   /* RETRY_TIMEOUT_MULT while timed-out tests run again alone */
static int g_retry_timeouts = 1;
static int g_verbose;
static strvec g_filters;

static int passes_filter(const char *name) {
    if (g_filters.n == 0) return 1;
    for (size_t i = 0; i < g_filters.n; i++)
        if (strstr(name, g_filters.v[i])) return 1;
    return 0;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Asks the reference host which engine it is built on (`ashost --version`: "AngelScript 2.38.0"). */
static int read_reference_version(const char *ref) {
    buf cmd = {0};
    buf_printf(&cmd, "'%s' --version 2>/dev/null", ref);
    FILE *p = popen(buf_str(&cmd), "r");
    free(cmd.data);
    if (!p) return 0;
    char line[128] = "";
    if (!fgets(line, sizeof line, p)) line[0] = 0;
    pclose(p);
    line[strcspn(line, "\r\n")] = 0;
    if (!starts_with(line, "AngelScript ")) return 0;
    snprintf(g_reference_version_text, sizeof g_reference_version_text, "%s", line + 12);
    g_reference_version = version_number(g_reference_version_text);
    return g_reference_version > 0;
}

/* Collects .as files below dir (absolute) into out, recursively, skipping hidden entries. */
static void walk_scripts(const char *dir, strvec *out) {
    DIR *dp = opendir(dir);
    if (!dp) { fprintf(stderr, "angelc_tests: cannot open %s: %s\n", dir, strerror(errno)); return; }
    struct dirent *e;
    while ((e = readdir(dp))) {
        if (e->d_name[0] == '.') continue;
        char *p = path_join(dir, e->d_name);
        size_t l = strlen(e->d_name);
        if (is_dir(p)) {
            walk_scripts(p, out);
            free(p);
        } else if (l > 3 && strcmp(e->d_name + l - 3, ".as") == 0 && is_file(p)) {
            sv_push(out, p);
        } else {
            free(p);
        }
    }
    closedir(dp);
}

static char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    buf b = {0};
    char tmp[65536];
    size_t n;
    while ((n = fread(tmp, 1, sizeof tmp, f)) > 0) buf_add(&b, tmp, n);
    int err = ferror(f);
    fclose(f);
    if (err) { buf_free(&b); return NULL; }
    if (!b.data) buf_add(&b, "", 0);
    *len = b.len;
    return b.data;
}

static void add_script_tests(tests *ts, strvec *files) {
    if (files->n) qsort(files->v, files->n, sizeof *files->v, cmp_str);
    for (size_t i = 0; i < files->n; i++) {
        if (i > 0 && strcmp(files->v[i], files->v[i - 1]) == 0) continue; /* given twice */
        char *shown = display_path(files->v[i]);
        if (!passes_filter(shown)) { free(shown); continue; }
        test *t = add_test(ts, K_SCRIPT);
        t->name = shown;
        t->path = xstrdup(shown);
        t->d = xmalloc(sizeof *t->d);
        memset(t->d, 0, sizeof *t->d);
        size_t len;
        char *src = read_file(files->v[i], &len);
        if (!src) {
            buf b = {0};
            buf_printf(&b, "cannot read the script: %s", strerror(errno));
            t->precheck = b.data;
            continue;
        }
        parse_directives(t->d, src, len);
        free(src);
        if (t->d->bad) { t->precheck = xstrdup(t->d->bad); continue; }
        if (!g_reference) continue;
        directives *d = t->d;
        test *r = add_test(ts, K_REF); /* may move ts->v: don't use t after this */
        buf nb = {0};
        buf_printf(&nb, "ref:%s", shown);
        r->name = nb.data;
        r->path = xstrdup(shown);
        r->d = d;
        if (d->angelc_only) r->skip = d->only_reason[0] ? d->only_reason : "(no reason given)";
        else if (d->min_reference > g_reference_version) r->skip = "the expectations are a newer reference's behaviour";
    }
}

static void add_api_tests(tests *ts, const char *apidir) {
    DIR *dp = opendir(apidir);
    if (!dp) return; /* no api tests built */
    strvec progs = {0};
    struct dirent *e;
    while ((e = readdir(dp))) {
        if (!starts_with(e->d_name, "api_")) continue;
        char *p = path_join(apidir, e->d_name);
        if (is_exec_file(p)) sv_push(&progs, p);
        else free(p);
    }
    closedir(dp);
    if (progs.n) qsort(progs.v, progs.n, sizeof *progs.v, cmp_str);
    for (size_t i = 0; i < progs.n; i++) {
        char *shown = display_path(progs.v[i]);
        if (!passes_filter(shown)) { free(shown); continue; }
        test *t = add_test(ts, K_API);
        t->name = shown;
        t->path = xstrdup(progs.v[i]);
    }
    sv_free(&progs);
}

/* tests/cli/NAME.sh: shell scripts run with $ANGELC naming the angelc binary; exit 0 passes. */
static void add_cli_tests(tests *ts, const char *clidir) {
    DIR *dp = opendir(clidir);
    if (!dp) return;
    strvec files = {0};
    struct dirent *e;
    while ((e = readdir(dp))) {
        size_t l = strlen(e->d_name);
        if (e->d_name[0] == '.' || l < 4 || strcmp(e->d_name + l - 3, ".sh") != 0 || strcmp(e->d_name, "lib.sh") == 0) continue;
        char *p = path_join(clidir, e->d_name);
        if (is_file(p)) sv_push(&files, p);
        else free(p);
    }
    closedir(dp);
    if (files.n) qsort(files.v, files.n, sizeof *files.v, cmp_str);
    for (size_t i = 0; i < files.n; i++) {
        char *shown = display_path(files.v[i]);
        if (!passes_filter(shown)) { free(shown); continue; }
        test *t = add_test(ts, K_CLI);
        t->name = shown;
        t->path = xstrdup(files.v[i]);
    }
    sv_free(&files);
}

/* ------------------------------------------------------------------------------------------ */
/* subprocesses                                                                                */

typedef struct job {
    test *t;
    pid_t pid;
    int fd[2]; /* stdout, stderr read ends; -1 when closed */
    buf out[2];
    double deadline, timeout;
    int timed_out, overflow;
    int exited; /* the child has ended (a zombie until reap_job) */
    int status;
} job;

static volatile sig_atomic_t g_interrupted;
static void on_signal(int sig) { g_interrupted = sig; }

static void set_cloexec(int fd) { fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC); }

/* Builds the argv of a test (pointers into the test; argv[0] is the program). */
static char **test_argv(test *t) {
    size_t nargs = t->d ? t->d->args.n : 0, nprops = t->d ? t->d->props.n : 0;
    char **argv = xmalloc((nargs + 2 * nprops + 5) * sizeof *argv);
    size_t k = 0;
    if (t->kind == K_SCRIPT) {
        argv[k++] = (char *)g_angelc;
        argv[k++] = "run";
        for (size_t i = 0; i < nprops; i++) argv[k++] = "-p", argv[k++] = t->d->props.v[i];
        if (g_roundtrip) argv[k++] = (char *)g_roundtrip;
        argv[k++] = t->path;
    } else if (t->kind == K_REF) {
        argv[k++] = (char *)g_reference;
        for (size_t i = 0; i < nprops; i++) argv[k++] = "-p", argv[k++] = t->d->props.v[i];
        argv[k++] = t->path;
    } else if (t->kind == K_CLI) {
        argv[k++] = "/bin/sh";
        argv[k++] = t->path;
    } else {
        argv[k++] = t->path;
    }
    for (size_t i = 0; i < nargs; i++) argv[k++] = t->d->args.v[i];
    argv[k] = NULL;
    return argv;
}

/* How much longer than --timeout a test may take now: the load average per CPU, from 1 up to
 * MAX_LOAD_SCALE (a busy machine runs every test slower). */
static double load_scale(void) {
    static long ncpu;
    if (!ncpu) {
        ncpu = sysconf(_SC_NPROCESSORS_ONLN);
        if (ncpu < 1) ncpu = 1;
    }
    double load = 0;
    FILE *f = fopen("/proc/loadavg", "r");
    if (f) {
        if (fscanf(f, "%lf", &load) != 1) load = 0;
        fclose(f);
    }
    double s = load / (double)ncpu;
    return s < 1 ? 1 : s > MAX_LOAD_SCALE ? MAX_LOAD_SCALE : s;
}

static int start_job(job *j, test *t) {
    memset(j, 0, sizeof *j);
    j->t = t;
    j->fd[0] = j->fd[1] = -1;
    int po[2], pe[2];
    if (pipe(po) != 0) return -1;
    if (pipe(pe) != 0) { close(po[0]); close(po[1]); return -1; }
    set_cloexec(po[0]); set_cloexec(po[1]); set_cloexec(pe[0]); set_cloexec(pe[1]);
    char **argv = test_argv(t);
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        free(argv);
        close(po[0]); close(po[1]); close(pe[0]); close(pe[1]);
        return -1;
    }
    if (pid == 0) {
        setpgid(0, 0);
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        signal(SIGPIPE, SIG_DFL);
        int devnull = open("/dev/null", O_RDONLY);
        if (devnull >= 0) { dup2(devnull, 0); close(devnull); }
        dup2(po[1], 1);
        dup2(pe[1], 2);
        if (chdir(g_root) != 0) { dprintf(2, "angelc_tests: cannot chdir to %s: %s\n", g_root, strerror(errno)); _exit(127); }
        if (t->kind == K_CLI) setenv("ANGELC", g_angelc, 1);
        execv(argv[0], argv);
        dprintf(2, "angelc_tests: cannot execute %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    free(argv);
    setpgid(pid, pid); /* also from the parent, so a timeout kill can't miss the group */
    close(po[1]);
    close(pe[1]);
    fcntl(po[0], F_SETFL, fcntl(po[0], F_GETFL) | O_NONBLOCK);
    fcntl(pe[0], F_SETFL, fcntl(pe[0], F_GETFL) | O_NONBLOCK);
    j->pid = pid;
    j->fd[0] = po[0];
    j->fd[1] = pe[0];
    j->timeout = g_timeout * g_timeout_mult * load_scale();
    j->deadline = now_sec() + j->timeout;
    return 0;
}

static void kill_group(job *j) { kill(-j->pid, SIGKILL); }

static void close_fd(job *j, int k) {
    if (j->fd[k] >= 0) close(j->fd[k]);
    j->fd[k] = -1;
}

static void drain(job *j, int k) {
    char tmp[65536];
    for (;;) {
        ssize_t n = read(j->fd[k], tmp, sizeof tmp);
        if (n > 0) {
            buf_add(&j->out[k], tmp, (size_t)n);
            if (j->out[k].len > OUTPUT_LIMIT) {
                if (!j->overflow) kill_group(j);
                j->overflow = 1 + k;
                close_fd(j, k);
                return;
            }
            continue;
        }
        if (n == 0) { close_fd(j, k); return; }
        if (errno == EINTR) continue;
        if (errno != EAGAIN && errno != EWOULDBLOCK) close_fd(j, k);
        return;
    }
}

/* Whether the child has ended, without reaping it: while it is a zombie its pid, and so its
 * process group id, cannot be reused, so killing the group stays safe until reap_job(). */
static int child_ended(job *j) {
    siginfo_t si;
    memset(&si, 0, sizeof si);
    return waitid(P_PID, (id_t)j->pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 && si.si_pid != 0;
}

/* Kills what is left of the child's process group, then reaps the child. */
static void reap_job(job *j) {
    kill_group(j);
    int st = 0;
    while (waitpid(j->pid, &st, 0) < 0 && errno == EINTR) {}
    j->status = st;
}

/* ------------------------------------------------------------------------------------------ */
/* checking results                                                                            */

/* The earliest sanitizer report in err: its pattern and where its line starts. */
static int has_sanitizer_report(const buf *err, const char **which, size_t *line_start) {
    static const char *pats[] = {"ERROR: AddressSanitizer", "ERROR: LeakSanitizer", "runtime error:",
                                 "ERROR: UndefinedBehaviorSanitizer", "Sanitizer has encountered a fatal error"};
    const char *best = NULL;
    for (size_t i = 0; i < sizeof pats / sizeof *pats; i++) {
        const char *m = mem_find(buf_str(err), err->len, pats[i]);
        if (m && (!best || m < best)) { best = m; *which = pats[i]; }
    }
    if (!best) return 0;
    while (best > err->data && best[-1] != '\n') best--;
    *line_start = (size_t)(best - err->data);
    return 1;
}

/* s[0..n) is "FILE:LINE:COL" (FILE non-empty, may itself contain ':'). */
static int parse_position(const char *s, size_t n, int *line, int *col) {
    size_t i = n;
    while (i > 0 && s[i - 1] >= '0' && s[i - 1] <= '9') i--;
    if (i == n || i < 2 || s[i - 1] != ':' || n - i > 9) return 0;
    size_t c0 = i;
    i--;
    size_t le = i;
    while (i > 0 && s[i - 1] >= '0' && s[i - 1] <= '9') i--;
    if (i == le || i < 2 || s[i - 1] != ':' || le - i > 9) return 0;
    int l = 0, c = 0;
    for (size_t k = i; k < le; k++) l = l * 10 + (s[k] - '0');
    for (size_t k = c0; k < n; k++) c = c * 10 + (s[k] - '0');
    *line = l;
    *col = c;
    return 1;
}

typedef struct diag_line {
    const char *s; /* whole line */
    size_t n;
    int positioned, line, col;
    const char *msg; /* after the marker */
    size_t msgn;
} diag_line;

/* First stderr line containing marker (e.g. ": error: "). If need_position, only lines whose text
 * before the marker is FILE:LINE:COL count. */
static int find_diag(const buf *err, const char *marker, int need_position, diag_line *out) {
    line_it it = {buf_str(err), buf_str(err) + err->len};
    const char *s;
    size_t n;
    while (next_line(&it, &s, &n, NULL)) {
        if (n && s[n - 1] == '\r') n--;
        const char *m = mem_find(s, n, marker);
        if (!m) continue;
        diag_line d = {s, n, 0, 0, 0, m + strlen(marker), (size_t)(s + n - (m + strlen(marker)))};
        d.positioned = parse_position(s, (size_t)(m - s), &d.line, &d.col);
        if (need_position && !d.positioned) continue;
        *out = d;
        return 1;
    }
    return 0;
}

/* First stderr line that starts with prefix. */
static int find_prefixed(const buf *err, const char *prefix, diag_line *out) {
    line_it it = {buf_str(err), buf_str(err) + err->len};
    const char *s;
    size_t n;
    size_t k = strlen(prefix);
    while (next_line(&it, &s, &n, NULL)) {
        if (n && s[n - 1] == '\r') n--;
        if (n >= k && memcmp(s, prefix, k) == 0) {
            diag_line d = {s, n, 0, 0, 0, s + k, n - k};
            *out = d;
            return 1;
        }
    }
    return 0;
}

static size_t count_lines(const buf *b) {
    size_t n = 0;
    for (size_t i = 0; i < b->len; i++) n += b->data[i] == '\n';
    if (b->len && b->data[b->len - 1] != '\n') n++;
    return n;
}

/* Returns 1 if out equals the expect lines; else describes the first differing line. */
static int check_stdout(const directives *d, const buf *out, buf *rep) {
    line_it it = {buf_str(out), buf_str(out) + out->len};
    for (size_t i = 0;; i++) {
        const char *gs = NULL;
        size_t gn = 0;
        int gnl = 0;
        int hg = next_line(&it, &gs, &gn, &gnl);
        int he = i < d->expect.n;
        if (!hg && !he) return 1;
        const char *es = he ? d->expect.v[i] : NULL;
        size_t en = he ? strlen(es) : 0;
        if (hg && he && gn == en && memcmp(gs, es, en) == 0 && gnl) continue;
        buf_printf(rep, "  stdout differs at line %zu (%zu line%s expected, %zu output%s):\n", i + 1, d->expect.n,
                   d->expect.n == 1 ? "" : "s", count_lines(out),
                   d->expect.n ? "" : "; the script has no // expect: lines");
        buf_puts(rep, "    expected: ");
        if (he) buf_quote(rep, es, en);
        else buf_puts(rep, "<end of output>");
        buf_puts(rep, "\n    got:      ");
        if (hg) {
            buf_quote(rep, gs, gn);
            if (!gnl) buf_puts(rep, " (no newline at the end of the output)");
        } else {
            buf_puts(rep, "<end of output>");
        }
        buf_puts(rep, "\n");
        return 0;
    }
}

static void add_lines(buf *rep, const buf *b, size_t from, size_t skip, size_t max) {
    line_it it = {b->data + from, b->data + b->len};
    const char *s;
    size_t n;
    for (size_t i = 0; i < skip + max && next_line(&it, &s, &n, NULL); i++) {
        if (i < skip) continue;
        buf_puts(rep, "    | ");
        if (n > SHOW_MAX * 2) {
            buf_add(rep, s, SHOW_MAX * 2);
            buf_printf(rep, "... (%zu bytes)", n);
        } else {
            buf_add(rep, s, n);
        }
        buf_puts(rep, "\n");
    }
}

/* The sanitizer's report from its first line (its head says what went wrong and where). */
static void add_report(buf *rep, const buf *b, size_t from) {
    buf rest = {b->data + from, b->len - from, 0};
    size_t total = count_lines(&rest);
    if (total > SANITIZER_LINES) buf_printf(rep, "  sanitizer report (first %d of %zu lines):\n", SANITIZER_LINES, total);
    else buf_puts(rep, "  sanitizer report:\n");
    add_lines(rep, b, from, 0, SANITIZER_LINES);
}

static void add_tail(buf *rep, const char *what, const buf *b) {
    if (b->len == 0) return;
    size_t total = count_lines(b);
    size_t skip = total > STDERR_TAIL ? total - STDERR_TAIL : 0;
    if (skip) buf_printf(rep, "  %s (last %d of %zu lines):\n", what, STDERR_TAIL, total);
    else buf_printf(rep, "  %s:\n", what);
    add_lines(rep, b, 0, skip, total);
}

static void add_command(buf *rep, const test *t) {
    buf_puts(rep, "  command: ");
    if (t->kind == K_SCRIPT || t->kind == K_REF) {
        if (t->kind == K_SCRIPT) buf_printf(rep, "%s run", g_angelc_show);
        else buf_puts(rep, g_reference_show);
        for (size_t i = 0; t->d && i < t->d->props.n; i++) buf_printf(rep, " -p %s", t->d->props.v[i]);
        if (t->kind == K_SCRIPT && g_roundtrip) buf_printf(rep, " %s", g_roundtrip);
        buf_printf(rep, " %s", t->path);
    } else if (t->kind == K_CLI) {
        buf_printf(rep, "ANGELC=%s sh %s", g_angelc_show, t->name);
    } else {
        buf_puts(rep, t->name);
    }
    if (t->d)
        for (size_t i = 0; i < t->d->args.n; i++) buf_printf(rep, " %s", t->d->args.v[i]);
    buf_printf(rep, "   (in %s)\n", g_root);
}

/* Whether stderr has a `FILE:LINE:COL: TAG MSG` line (TAG ": warning: ", ": info: ") on `line`
 * whose MSG contains text. */
static int has_diag(const buf *err, const char *tag, int line, const char *text) {
    line_it it = {buf_str(err), buf_str(err) + err->len};
    const char *s;
    size_t n;
    while (next_line(&it, &s, &n, NULL)) {
        if (n && s[n - 1] == '\r') n--;
        const char *m = mem_find(s, n, tag);
        int ln, col;
        if (!m || !parse_position(s, (size_t)(m - s), &ln, &col) || ln != line) continue;
        const char *msg = m + strlen(tag);
        if (!*text || mem_find(msg, (size_t)(s + n - msg), text)) return 1;
    }
    return 0;
}

/* expect-warning and expect-info: angelc's stderr, and the reference's when it is 2.38 or newer
 * (older references word some warnings differently or lack them). */
static void check_warnings(const job *j, buf *rep, int *ok) {
    const test *t = j->t;
    if (t->kind == K_REF && g_reference_version < 23800) return;
    for (int info = 0; info < 2; info++) {
        const strvec *want = info ? &t->d->infos : &t->d->warnings;
        for (size_t i = 0; i < want->n; i++) {
            const char *w = want->v[i];
            int line = 0;
            const char *rest = w;
            parse_int(w, &line, &rest);
            while (*rest == ' ' || *rest == '\t') rest++;
            if (!has_diag(&j->out[1], info ? ": info: " : ": warning: ", line, rest)) {
                buf_printf(rep, "  expected %s on line %d containing ", info ? "an info line" : "a warning", line);
                buf_quote(rep, rest, strlen(rest));
                buf_puts(rep, ", stderr has none\n");
                *ok = 0;
            }
        }
    }
}

static void check_script(const job *j, buf *rep, int *ok) {
    const test *t = j->t;
    const directives *d = t->d;
    const buf *err = &j->out[1];
    int ref = t->kind == K_REF;
    int st = WEXITSTATUS(j->status);
    diag_line dl;
    int have_err = find_diag(err, ": error: ", 0, &dl);
    if (d->has_error) {
        if (st != 1) buf_printf(rep, "  expected a compile error on line %d (exit 1), got exit status %d\n", d->error_line, st), *ok = 0;
        if (!have_err) {
            buf_printf(rep, "  expected a compile error on line %d, but stderr has no \": error: \" line\n", d->error_line);
            *ok = 0;
        } else if (!dl.positioned && d->error_line != 0) {
            buf_puts(rep, "  the first error has no FILE:LINE:COL position: ");
            buf_quote(rep, dl.s, dl.n);
            buf_puts(rep, "\n");
            *ok = 0;
        } else if (dl.positioned && dl.line != d->error_line) {
            buf_printf(rep, "  the first error is on line %d, expected line %d: ", dl.line, d->error_line);
            buf_quote(rep, dl.s, dl.n);
            buf_puts(rep, "\n");
            *ok = 0;
        } else if (!ref && d->error_text && !mem_find(dl.msg, dl.msgn, d->error_text)) {
            buf_puts(rep, "  the first error message ");
            buf_quote(rep, dl.msg, dl.msgn);
            buf_puts(rep, " does not contain ");
            buf_quote(rep, d->error_text, strlen(d->error_text));
            buf_puts(rep, "\n");
            *ok = 0;
        }
    } else if (d->has_exception) {
        diag_line ex;
        int found = ref ? find_prefixed(err, "exception: ", &ex) : find_diag(err, ": exception: ", 1, &ex);
        if (st != 1) buf_printf(rep, "  expected an uncaught exception (exit 1), got exit status %d\n", st), *ok = 0;
        if (have_err) {
            buf_puts(rep, "  unexpected compile error: ");
            buf_quote(rep, dl.s, dl.n);
            buf_puts(rep, "\n");
            *ok = 0;
        } else if (!found) {
            buf_printf(rep, "  expected the exception ");
            buf_quote(rep, d->exception_text, strlen(d->exception_text));
            buf_printf(rep, ", but stderr has no \"%s\" line\n", ref ? "exception: MSG" : "FILE:LINE:COL: exception: MSG");
            *ok = 0;
        } else if (ex.msgn != strlen(d->exception_text) || memcmp(ex.msg, d->exception_text, ex.msgn) != 0) {
            buf_puts(rep, "  exception message ");
            buf_quote(rep, ex.msg, ex.msgn);
            buf_puts(rep, ", expected ");
            buf_quote(rep, d->exception_text, strlen(d->exception_text));
            buf_puts(rep, "\n");
            *ok = 0;
        }
    } else {
        int want = d->has_exit ? d->exit_code : 0;
        if (st != want) buf_printf(rep, "  exit status %d, expected %d\n", st, want), *ok = 0;
        if (g_aot && !ref && mem_find(err->data, err->len, "compiled code does not match")) {
            /* the engine's word that some function ran interpreted (src/aot/aot_registry.c) */
            buf_puts(rep, "  ran (partly) interpreted: the compiled code does not match\n");
            *ok = 0;
        }
        if (have_err) {
            buf_puts(rep, "  unexpected compile error: ");
            buf_quote(rep, dl.s, dl.n);
            buf_puts(rep, "\n");
            *ok = 0;
        }
    }
}

static void check_result(job *j) {
    test *t = j->t;
    buf *rep = &t->report;
    int ok = 1;
    const char *san = NULL;
    size_t san_at = 0;
    int san_found = has_sanitizer_report(&j->out[1], &san, &san_at);
    if (j->timed_out && g_retry_timeouts && !t->retried) {
        /* maybe only slow beside the others: it runs again alone before it counts */
        t->deferred = 1;
        t->done = 1;
        return;
    }
    if (j->timed_out) {
        buf_printf(rep, "  timed out after %.3g s (process group killed)%s\n", j->timeout,
                   t->retried ? "; it had timed out beside other tests and ran again alone" : "");
        ok = 0;
    } else if (j->overflow) {
        buf_printf(rep, "  %s exceeded %u MiB (process group killed)\n", j->overflow == 1 ? "stdout" : "stderr",
                   OUTPUT_LIMIT / (1024u * 1024u));
        ok = 0;
    } else if (WIFSIGNALED(j->status) && t->kind == K_REF && !san_found) {
        /* An oracle that crashes (an older reference's failed assertion, say) says nothing about
         * angelc, whose own run of the script is still checked against its directives: reported,
         * never a failure. */
        int sig = WTERMSIG(j->status);
        buf_printf(rep, "%s (signal %d)", signal_name(sig), sig);
        t->ref_crashed = 1;
        t->done = 1;
        return;
    } else if (WIFSIGNALED(j->status)) {
        int sig = WTERMSIG(j->status);
        buf_printf(rep, "  crashed with %s (signal %d)\n", signal_name(sig), sig);
        ok = 0;
    }
    if (san_found) {
        buf_printf(rep, "  sanitizer report on stderr (\"%s\")\n", san);
        ok = 0;
    }
    int ran_to_end = !j->timed_out && !j->overflow && WIFEXITED(j->status);
    if (t->kind == K_API || t->kind == K_CLI) {
        if (ran_to_end && WEXITSTATUS(j->status) != 0) {
            buf_printf(rep, "  exit status %d, expected 0\n", WEXITSTATUS(j->status));
            ok = 0;
        }
        if (!ok) add_tail(rep, "stdout", &j->out[0]);
    } else {
        if (!j->overflow && !check_stdout(t->d, &j->out[0], rep)) ok = 0;
        if (ran_to_end) check_script(j, rep, &ok);
        if (ran_to_end) check_warnings(j, rep, &ok);
    }
    if (!ok) {
        add_command(rep, t);
        if (san_found) {
            /* what came before the report, less the report's own "=====" rule and blank lines */
            const char *e = j->out[1].data;
            size_t h = san_at; /* start of the report's line: e[h - 1] is a '\n' */
            while (h > 0) {
                size_t ls = h - 1;
                while (ls > 0 && e[ls - 1] != '\n') ls--;
                int junk = 1;
                for (size_t q = ls; q < h - 1; q++)
                    if (e[q] != '=' && e[q] != ' ' && e[q] != '\r') junk = 0;
                if (!junk) break;
                h = ls;
            }
            buf head = {j->out[1].data, h, 0};
            add_tail(rep, "stderr before the sanitizer report", &head);
        }
        if (san_found) add_report(rep, &j->out[1], san_at);
        else add_tail(rep, "stderr", &j->out[1]);
    }
    t->passed = ok;
    t->done = 1;
}

/* ------------------------------------------------------------------------------------------ */
/* driver                                                                                      */

static size_t g_passed, g_failed, g_skipped, g_ref_crashed;
static size_t g_phase_total, g_phase_printed; /* for the progress lines */

/* Progress while the tests run: a line at each tenth of the phase (a log keeps them), or one line
 * rewritten in place when stderr is a terminal. On stderr, so stdout's lines stay the results. */
static int g_progress_tty = -1;
static void print_progress(void) {
    int tty = g_progress_tty < 0 ? (g_progress_tty = isatty(2)) : g_progress_tty;
    g_phase_printed++;
    size_t n = g_phase_printed, total = g_phase_total;
    if (tty) {
        fprintf(stderr, "\r%zu of %zu (%zu failed)%s", n, total, g_failed, n == total ? "\r\033[K" : "");
    } else if (total >= 50 && n < total && (n * 10 / total) != ((n - 1) * 10 / total)) {
        fprintf(stderr, "angelc_tests: %zu%% (%zu of %zu, %zu failed)\n", n * 100 / total, n, total, g_failed);
    }
    fflush(stderr);
}

static void print_result(test *t) {
    if (t->printed) return;
    if (t->deferred && !t->retried) {
        if (g_verbose) printf("TIMEOUT %s%s: runs again alone later\n", t->kind == K_REF ? "[reference] " : "", t->name);
        fflush(stdout);
        return;
    }
    t->printed = 1;
    /* a result line on stdout starts on a fresh line under a terminal's progress line */
    if (g_progress_tty == 1 && (t->ref_crashed || (!t->skip && !t->passed))) fputs("\r\033[K", stderr);
    if (t->retried && g_verbose) printf("(%s ran again alone after a timeout)\n", t->name);
    if (t->skip) {
        g_skipped++;
        if (g_verbose) printf("SKIP %s: %s\n", t->name, t->skip);
    } else if (t->ref_crashed) {
        g_ref_crashed++;
        printf("NOTE [reference] %s: the reference engine crashed with %s; not compared (angelc's run is "
               "checked against the script's expectations)\n", t->name, buf_str(&t->report));
    } else if (t->passed) {
        g_passed++;
        if (g_verbose) printf("PASS %s\n", t->name);
    } else {
        g_failed++;
        printf("FAIL %s%s\n%s", t->kind == K_REF ? "[reference] " : "", t->name, buf_str(&t->report));
    }
    fflush(stdout);
    print_progress();
}

static void finish_job_buffers(job *j) {
    close_fd(j, 0);
    close_fd(j, 1);
    buf_free(&j->out[0]);
    buf_free(&j->out[1]);
}

/* Is a job running the script or program at path? */
static int running_path(const job *jobs, const int *used, int njobs, const char *path) {
    for (int s = 0; s < njobs; s++)
        if (used[s] && strcmp(jobs[s].t->path, path) == 0) return 1;
    return 0;
}

static int run_all(tests *ts, int njobs) {
    job jobs[MAX_JOBS];
    int used[MAX_JOBS] = {0};
    double exit_time[MAX_JOBS];
    size_t next_start = 0, next_print = 0;
    int nactive = 0;
    while (next_print < ts->n) {
        if (g_interrupted) break;
        while (nactive < njobs && next_start < ts->n) {
            /* a script's two runs (angelc, reference) never overlap: scripts that write files
             * would race on them. A later test may start first; results print in order. */
            while (next_start < ts->n && ts->v[next_start].started) next_start++;
            if (next_start >= ts->n) break;
            size_t pick = next_start;
            while (pick < ts->n && pick < next_start + 8 &&
                   (ts->v[pick].started || running_path(jobs, used, njobs, ts->v[pick].path)))
                pick++;
            if (pick >= ts->n || pick >= next_start + 8) break;
            test *t = &ts->v[pick];
            t->started = 1;
            while (next_start < ts->n && ts->v[next_start].started) next_start++;
            if (t->skip) { t->done = 1; continue; }
            if (t->precheck) {
                buf_printf(&t->report, "  %s\n", t->precheck);
                t->done = 1;
                continue;
            }
            int slot = 0;
            while (used[slot]) slot++;
            if (start_job(&jobs[slot], t) != 0) {
                buf_printf(&t->report, "  cannot start the test: %s\n", strerror(errno));
                t->done = 1;
                continue;
            }
            used[slot] = 1;
            exit_time[slot] = 0;
            nactive++;
        }
        while (next_print < ts->n && ts->v[next_print].done) print_result(&ts->v[next_print++]);
        if (nactive == 0) continue;

        struct pollfd pfd[2 * MAX_JOBS];
        int pj[2 * MAX_JOBS], pk[2 * MAX_JOBS];
        int np = 0;
        double now = now_sec();
        int timeout_ms = 100;
        for (int s = 0; s < njobs; s++) {
            if (!used[s]) continue;
            for (int k = 0; k < 2; k++) {
                if (jobs[s].fd[k] < 0) continue;
                pfd[np].fd = jobs[s].fd[k];
                pfd[np].events = POLLIN;
                pfd[np].revents = 0;
                pj[np] = s;
                pk[np] = k;
                np++;
            }
            if (!jobs[s].timed_out) {
                double left = jobs[s].deadline - now;
                int ms = left <= 0 ? 0 : (int)(left * 1000) + 1;
                if (ms < timeout_ms) timeout_ms = ms;
            }
            if (jobs[s].fd[0] < 0 && jobs[s].fd[1] < 0) timeout_ms = timeout_ms < 5 ? timeout_ms : 5;
        }
        int r = poll(pfd, (nfds_t)np, timeout_ms);
        if (r < 0 && errno != EINTR) { perror("angelc_tests: poll"); return -1; }
        for (int i = 0; r > 0 && i < np; i++)
            if (pfd[i].revents && jobs[pj[i]].fd[pk[i]] >= 0) drain(&jobs[pj[i]], pk[i]);
        now = now_sec();
        for (int s = 0; s < njobs; s++) {
            if (!used[s]) continue;
            job *j = &jobs[s];
            if (!j->exited && child_ended(j)) {
                j->exited = 1;
                exit_time[s] = now;
            }
            if (!j->exited && !j->timed_out && now >= j->deadline) {
                kill_group(j);
                j->timed_out = 1;
            }
            /* a descendant that left the process group may hold the pipes open: give up on it */
            if (j->exited && (j->fd[0] >= 0 || j->fd[1] >= 0) && now - exit_time[s] > 2.0) {
                if (j->fd[0] >= 0) drain(j, 0);
                if (j->fd[1] >= 0) drain(j, 1);
                close_fd(j, 0);
                close_fd(j, 1);
            }
            if (j->exited && j->fd[0] < 0 && j->fd[1] < 0) {
                reap_job(j);
                check_result(j);
                finish_job_buffers(j);
                used[s] = 0;
                nactive--;
            }
        }
    }
    if (g_interrupted) {
        for (int s = 0; s < njobs; s++) {
            if (!used[s]) continue;
            reap_job(&jobs[s]);
            finish_job_buffers(&jobs[s]);
        }
        fprintf(stderr, "angelc_tests: interrupted\n");
        return -1;
    }
    return 0;
}

/* Runs the tests in parallel, then those that timed out there again one at a time. */
static int run_phase(tests *ts, int njobs) {
    g_phase_total = ts->n;
    g_phase_printed = 0;
    int rc = run_all(ts, njobs);
    if (rc != 0) return rc;
    size_t n = 0;
    for (size_t i = 0; i < ts->n; i++) {
        test *t = &ts->v[i];
        if (t->deferred && !t->retried) {
            t->retried = 1;
            t->started = t->done = t->passed = 0;
            buf_free(&t->report);
            n++;
        }
    }
    if (n == 0) return 0;
    printf("angelc_tests: %zu test%s timed out beside other tests; running %s again alone with a %g times longer timeout\n",
           n, n == 1 ? "" : "s", n == 1 ? "it" : "them", RETRY_TIMEOUT_MULT);
    fflush(stdout);
    g_timeout_mult = RETRY_TIMEOUT_MULT;
    rc = run_all(ts, 1);
    g_timeout_mult = 1;
    return rc;
}

static void free_tests(tests *ts) {
    for (size_t i = 0; i < ts->n; i++) {
        test *t = &ts->v[i];
        free(t->name);
        free(t->path);
        free(t->precheck);
        buf_free(&t->report);
        if (t->kind == K_SCRIPT) { dir_free(t->d); free(t->d); }
    }
    free(ts->v);
    memset(ts, 0, sizeof *ts);
}

static void usage(FILE *f) {
    fputs("usage: angelc_tests [options] [DIR_OR_FILE...]\n"
          "Runs the .as scripts below each DIR (recursively) or each FILE through `angelc run`, checking\n"
          "their // directives (tests/README.md). Without DIR_OR_FILE: ROOT/tests/scripts and the api\n"
          "test programs BUILD/api/api_* and the command line tests ROOT/tests/cli/*.sh (run by sh with\n"
          "ANGELC set to the angelc binary). An executable FILE that is not .as is run as an api test.\n"
          "  --angelc PATH      angelc binary (default: BUILD/angelc)\n"
          "  --reference PATH   also run each script not marked angelc-only on this reference host (ashost)\n"
          "  --filter SUBSTR    only tests whose path contains SUBSTR (repeatable: any of them)\n"
          "  --root DIR         source tree (default: from BUILD/CMakeCache.txt, else the nearest directory\n"
          "                     above BUILD or the current directory holding tests/scripts)\n"
          "  --api-dir DIR      api test programs (default: BUILD/api)\n"
          "  --no-api           do not run the api tests\n"
          "  --roundtrip[=strip] run scripts as `angelc run --roundtrip[=strip]`: saved to bytecode (stripped\n"
          "                     of debug info) and loaded into a fresh engine before they run\n"
          "  --also-roundtrip[=strip] after the tests (whatever their result), run the scripts again as with\n"
          "                     --roundtrip (not on the reference); the last line counts both phases\n"
          "  --timeout SECS     per test process (default 20), times the load average per CPU (1 to 4)\n"
          "  --no-retry         a timed-out test fails at once (default: it runs again alone, 3x the timeout)\n"
          "  --aot              the scripts only, on BUILD/aot/angelc-aot (tests/aot/build.sh: every script\n"
          "                     compiled to C, docs/aot.md); a script any of whose functions ran\n"
          "                     interpreted (\"compiled code does not match\") fails\n"
          "  -j N, --jobs N     parallel processes (default 2)\n"
          "  -v, --verbose      also list passing and skipped tests\n"
          "BUILD is the directory of this executable. Tests run with ROOT as the working directory.\n"
          "The last line is `N passed, N failed`; the exit status is 0 iff nothing failed.\n",
          f);
}

static char *find_exe_dir(const char *argv0) {
    char tmp[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", tmp, sizeof tmp - 1);
    if (n > 0) {
        tmp[n] = 0;
        return dir_of(tmp);
    }
    if (strchr(argv0, '/')) {
        char *p = real_path(argv0);
        if (p) {
            char *d = dir_of(p);
            free(p);
            return d;
        }
    }
    return real_path(".");
}

static int is_source_root(const char *dir) {
    char *a = path_join(dir, "tests/scripts");
    char *b = path_join(dir, "CMakeLists.txt");
    int ok = is_dir(a) && is_file(b);
    free(a);
    free(b);
    return ok;
}

static char *root_from_cache(const char *builddir) {
    char *cache = path_join(builddir, "CMakeCache.txt");
    FILE *f = fopen(cache, "r");
    free(cache);
    if (!f) return NULL;
    char line[PATH_MAX + 64];
    char *found = NULL;
    const char *key = "CMAKE_HOME_DIRECTORY:INTERNAL=";
    while (!found && fgets(line, sizeof line, f)) {
        if (!starts_with(line, key)) continue;
        size_t l = strlen(line);
        while (l && (line[l - 1] == '\n' || line[l - 1] == '\r')) line[--l] = 0;
        found = real_path(line + strlen(key));
    }
    fclose(f);
    if (found && !is_source_root(found)) { free(found); found = NULL; }
    return found;
}

static char *root_upwards(const char *start) {
    char *d = real_path(start);
    while (d) {
        if (is_source_root(d)) return d;
        if (strcmp(d, "/") == 0) break;
        char *up = dir_of(d);
        free(d);
        d = up;
    }
    free(d);
    return NULL;
}

static const char *opt_value(int argc, char **argv, int *i, const char *name) {
    size_t l = strlen(name);
    const char *a = argv[*i];
    if (strncmp(a, name, l) == 0 && a[l] == '=') return a + l + 1;
    if (strcmp(a, name) == 0) {
        if (*i + 1 >= argc) { fprintf(stderr, "angelc_tests: %s needs a value\n", name); exit(2); }
        return argv[++*i];
    }
    return NULL;
}

int main(int argc, char **argv) {
    const char *opt_angelc = NULL, *opt_ref = NULL, *opt_root = NULL, *opt_api = NULL, *also_roundtrip = NULL;
    int no_api = 0, njobs = DEFAULT_JOBS;
    strvec positional = {0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if ((v = opt_value(argc, argv, &i, "--angelc"))) opt_angelc = v;
        else if ((v = opt_value(argc, argv, &i, "--reference"))) opt_ref = v;
        else if ((v = opt_value(argc, argv, &i, "--filter"))) sv_push(&g_filters, xstrdup(v));
        else if ((v = opt_value(argc, argv, &i, "--root"))) opt_root = v;
        else if ((v = opt_value(argc, argv, &i, "--api-dir"))) opt_api = v;
        else if ((v = opt_value(argc, argv, &i, "--timeout"))) {
            char *end;
            g_timeout = strtod(v, &end);
            if (*end || !(g_timeout > 0)) { fprintf(stderr, "angelc_tests: bad --timeout %s\n", v); return 2; }
        } else if ((v = opt_value(argc, argv, &i, "--jobs")) || (v = opt_value(argc, argv, &i, "-j")) ||
                   (starts_with(a, "-j") && a[2] && (v = a + 2))) {
            char *end;
            long n = strtol(v, &end, 10);
            if (*end || n < 1 || n > MAX_JOBS) { fprintf(stderr, "angelc_tests: -j needs 1..%d\n", MAX_JOBS); return 2; }
            njobs = (int)n;
        } else if (strcmp(a, "--no-api") == 0) no_api = 1;
        else if (strcmp(a, "--roundtrip") == 0 || strcmp(a, "--roundtrip=strip") == 0) g_roundtrip = a;
        else if (strcmp(a, "--also-roundtrip") == 0 || strcmp(a, "--also-roundtrip=strip") == 0)
            also_roundtrip = strcmp(a, "--also-roundtrip") == 0 ? "--roundtrip" : "--roundtrip=strip";
        else if (strcmp(a, "--no-retry") == 0) g_retry_timeouts = 0;
        else if (strcmp(a, "--aot") == 0) { g_aot = 1; no_api = 1; }
        else if (strcmp(a, "-v") == 0 || strcmp(a, "--verbose") == 0) g_verbose = 1;
        else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) { usage(stdout); return 0; }
        else if (strcmp(a, "--") == 0) { while (++i < argc) sv_push(&positional, xstrdup(argv[i])); }
        else if (a[0] == '-' && a[1]) { fprintf(stderr, "angelc_tests: unknown option %s\n", a); usage(stderr); return 2; }
        else sv_push(&positional, xstrdup(a));
    }

    char *exe_dir = find_exe_dir(argv[0]);
    char *root = NULL;
    if (opt_root) {
        root = real_path(opt_root);
        if (!root || !is_dir(root)) { fprintf(stderr, "angelc_tests: --root %s is not a directory\n", opt_root); return 2; }
    } else {
        root = root_from_cache(exe_dir);
        if (!root) root = root_upwards(exe_dir);
        if (!root) root = root_upwards(".");
        if (!root && positional.n) root = real_path(".");
        if (!root) {
            fprintf(stderr, "angelc_tests: cannot find the source tree (a directory with tests/scripts and "
                            "CMakeLists.txt) from %s or the current directory; pass --root DIR\n", exe_dir);
            return 2;
        }
    }
    g_root = root;

    char *angelc = NULL, *reference = NULL;
    int angelc_ok;
    if (opt_angelc) {
        angelc = abs_path(opt_angelc);
        angelc_ok = is_exec_file(angelc);
    } else {
        angelc = path_join(exe_dir, g_aot ? "aot/angelc-aot" : "angelc");
        angelc_ok = is_exec_file(angelc);
    }
    g_angelc = angelc;
    g_angelc_show = display_path(angelc);
    if (opt_ref) {
        reference = abs_path(opt_ref);
        if (!is_exec_file(reference)) {
            fprintf(stderr, "angelc_tests: --reference %s is not an executable file\n", opt_ref);
            return 2;
        }
        g_reference = reference;
        g_reference_show = display_path(reference);
        if (!read_reference_version(reference)) {
            fprintf(stderr, "angelc_tests: %s --version did not print `AngelScript X.Y.Z`\n", opt_ref);
            return 2;
        }
    }

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    sigaction(SIGPIPE, &sa, NULL); /* our stdout went away: stop the tests rather than orphan them */

    tests ts = {0};
    strvec scripts = {0}, progs = {0};
    if (positional.n == 0) {
        char *dir = path_join(root, "tests/scripts");
        if (is_dir(dir)) walk_scripts(dir, &scripts);
        free(dir);
    }
    for (size_t i = 0; i < positional.n; i++) {
        char *p = real_path(positional.v[i]);
        if (!p) { fprintf(stderr, "angelc_tests: %s: %s\n", positional.v[i], strerror(errno)); return 2; }
        size_t l = strlen(p);
        if (is_dir(p)) { walk_scripts(p, &scripts); free(p); }
        else if (l > 3 && strcmp(p + l - 3, ".as") == 0) sv_push(&scripts, p);
        else if (is_exec_file(p)) sv_push(&progs, p);
        else { fprintf(stderr, "angelc_tests: %s is neither a directory, a .as script nor a program\n", positional.v[i]); return 2; }
    }
    add_script_tests(&ts, &scripts);
    if (positional.n == 0 && !no_api) {
        char *apidir = opt_api ? xstrdup(opt_api) : path_join(exe_dir, "api");
        add_api_tests(&ts, apidir);
        free(apidir);
        char *clidir = path_join(root, "tests/cli");
        add_cli_tests(&ts, clidir);
        free(clidir);
    } else if (progs.n) {
        if (progs.n) qsort(progs.v, progs.n, sizeof *progs.v, cmp_str);
        for (size_t i = 0; i < progs.n; i++) {
            char *shown = display_path(progs.v[i]);
            if (!passes_filter(shown)) { free(shown); continue; }
            test *t = add_test(&ts, K_API);
            t->name = shown;
            t->path = xstrdup(progs.v[i]);
        }
    }

    size_t nscripts = 0, nref = 0, napi = 0, ncli = 0;
    for (size_t i = 0; i < ts.n; i++) {
        if (ts.v[i].kind == K_SCRIPT) nscripts++;
        else if (ts.v[i].kind == K_REF) nref++;
        else if (ts.v[i].kind == K_CLI) ncli++;
        else napi++;
    }
    if ((nscripts || ncli) && !angelc_ok) {
        fprintf(stderr, "angelc_tests: angelc is not an executable file: %s (build it, or pass --angelc PATH)\n", angelc);
        return 2;
    }
    printf("angelc_tests: %zu scripts, %zu reference runs, %zu api tests, %zu command line tests (angelc %s, reference %s%s%s, %d jobs, root %s)\n",
           nscripts, nref, napi, ncli, g_angelc_show, g_reference ? g_reference_show : "not used",
           g_reference ? ": AngelScript " : "", g_reference ? g_reference_version_text : "", njobs, root);
    fflush(stdout);

    int rc = run_phase(&ts, njobs);
    free_tests(&ts);

    /* the round-trip phase runs whatever the first gave, so every failure shows in one run */
    if (rc == 0 && also_roundtrip && nscripts) {
        size_t p1 = g_passed, f1 = g_failed;
        printf("angelc_tests: phase 1 done (%zu passed, %zu failed); phase 2: the %zu scripts again after a bytecode "
               "round trip (angelc run %s)\n", p1, f1, nscripts, also_roundtrip);
        fflush(stdout);
        g_roundtrip = also_roundtrip;
        g_reference = NULL;
        add_script_tests(&ts, &scripts);
        rc = run_phase(&ts, njobs);
        free_tests(&ts);
        if (rc == 0) printf("angelc_tests: phase 2 done (%zu passed, %zu failed)\n", g_passed - p1, g_failed - f1);
    }

    if (rc == 0) {
        if (g_skipped) printf("%zu skipped (angelc-only, or another reference's behaviour: not run on the reference)\n", g_skipped);
        if (g_ref_crashed)
            printf("%zu reference run%s crashed the reference engine (its bug, listed above as NOTE): not compared\n",
                   g_ref_crashed, g_ref_crashed == 1 ? "" : "s");
        printf("%zu passed, %zu failed\n", g_passed, g_failed);
    }
    fflush(stdout);

    sv_free(&scripts);
    sv_free(&progs);
    sv_free(&positional);
    sv_free(&g_filters);
    free(g_angelc_show);
    free(g_reference_show);
    free(angelc);
    free(reference);
    free(root);
    free(exe_dir);
    if (rc != 0) return g_interrupted ? 130 : 2;
    return g_failed == 0 ? 0 : 1;
}
