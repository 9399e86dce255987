/* Reading the repl's lines: libedit on a terminal (when built with it), getline otherwise.
 * libedit is loaded with dlopen when the repl opens an editor, not linked: linked, it and the
 * libraries it needs (libtinfo, libbsd, libmd) cost every `angelc run` about 0.5M instructions of
 * the dynamic loader's symbol binding, a third of the start-up. */
#define _POSIX_C_SOURCE 200809L
#include "lineread.h"
#include <errno.h>
#include <limits.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>
#ifdef ANGELC_HAVE_LIBEDIT
#include <dlfcn.h>
#include <histedit.h>
#endif

struct lineread {
    volatile sig_atomic_t *interrupted;
    char *buf;              /* the line handed out */
    size_t cap;
#ifdef ANGELC_HAVE_LIBEDIT
    EditLine *el;           /* NULL: plain getline */
    History *hist;
    bool save_warned;
#endif
};

size_t strip_escapes(char *s)
{
    char *out = s;
    const char *p = s;
    while (*p) {
        if (*p != '\033') {
            *out++ = *p++;
            continue;
        }
        p++;
        if (*p == '[') {
            /* CSI: parameter bytes 0x30-0x3f and intermediate bytes 0x20-0x2f, then a final byte */
            p++;
            while (*p >= 0x20 && *p <= 0x3f) p++;
            if (*p >= 0x40 && *p <= 0x7e) p++;
        } else if (*p == 'O') {
            /* SS3: one byte follows (arrows and F1-F4 in the terminal's application mode) */
            p++;
            if (*p) p++;
        }
        /* else a lone ESC (the Escape key, Alt+key): only the ESC goes */
    }
    *out = 0;
    return (size_t)(out - s);
}

/* Waits until standard input can be read; false once *interrupted is set. SIGINT is blocked but
 * while pselect waits, so a Ctrl-C just before the wait cannot be missed (the read would block). */
static bool wait_for_input(lineread *lr)
{
    sigset_t block, was;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigprocmask(SIG_BLOCK, &block, &was);
    bool go = !*lr->interrupted;
    while (go) {
        fd_set readable;
        FD_ZERO(&readable);
        FD_SET(STDIN_FILENO, &readable);
        int r = pselect(STDIN_FILENO + 1, &readable, NULL, NULL, NULL, &was);
        if (r > 0 || (r < 0 && errno != EINTR)) break;   /* the read says what came */
        go = !*lr->interrupted;
    }
    sigprocmask(SIG_SETMASK, &was, NULL);
    return go;
}

/* Keeps the line in lr->buf, less its newline and escape sequences. */
static const char *hand_out(lineread *lr, const char *text, size_t n)
{
    if (n + 1 > lr->cap) {
        size_t cap = lr->cap ? lr->cap : 128;
        while (cap < n + 1) cap *= 2;
        char *p = realloc(lr->buf, cap);
        if (!p) return NULL;
        lr->buf = p;
        lr->cap = cap;
    }
    if (text != lr->buf) memcpy(lr->buf, text, n);
    while (n && (lr->buf[n - 1] == '\n' || lr->buf[n - 1] == '\r')) n--;
    lr->buf[n] = 0;
    strip_escapes(lr->buf);
    return lr->buf;
}

char *lineread_history_path(void)
{
    const char *set = getenv("ANGELC_HISTORY");
    if (set) return *set ? strdup(set) : NULL;
    const char *home = getenv("HOME");
    if (!home || !*home) return NULL;
    static const char name[] = "/.angelc_history";
    char *path = malloc(strlen(home) + sizeof name);
    if (path) {
        strcpy(path, home);
        strcat(path, name);
    }
    return path;
}

#ifdef ANGELC_HAVE_LIBEDIT

/* The libedit calls the repl makes, found in the library once it is loaded. */
static struct editline_api {
    bool tried, loaded;
    History *(*history_init)(void);
    void (*history_end)(History *);
    int (*history)(History *, HistEvent *, int, ...);
    EditLine *(*el_init)(const char *, FILE *, FILE *, FILE *);
    void (*el_end)(EditLine *);
    const char *(*el_gets)(EditLine *, int *);
    int (*el_set)(EditLine *, int, ...);
    int (*el_get)(EditLine *, int, ...);
    int (*el_source)(EditLine *, const char *);
} ed;

static bool editline_sym(void *lib, const char *name, void *fn, size_t size)
{
    void *sym = dlsym(lib, name);
    if (!sym || size != sizeof sym) return false;
    memcpy(fn, &sym, size);
    return true;
}

/* Loads libedit the first time; false (plain getline) when it is not there. The library stays
 * loaded for the process. */
static bool editline_load(void)
{
    if (ed.tried) return ed.loaded;
    ed.tried = true;
    void *lib = dlopen("libedit.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!lib) lib = dlopen("libedit.so", RTLD_NOW | RTLD_LOCAL);
    if (!lib) return false;
    /* (dlsym's object pointer copied into a function pointer: POSIX's contract for dlsym) */
#define EDITLINE_SYM(name) editline_sym(lib, #name, &ed.name, sizeof ed.name)
    ed.loaded = EDITLINE_SYM(history_init) && EDITLINE_SYM(history_end) && EDITLINE_SYM(history) &&
                EDITLINE_SYM(el_init) && EDITLINE_SYM(el_end) && EDITLINE_SYM(el_gets) &&
                EDITLINE_SYM(el_set) && EDITLINE_SYM(el_get) && EDITLINE_SYM(el_source);
#undef EDITLINE_SYM
    return ed.loaded;
}

/* libedit decodes keys, and decides at el_init and EL_EDITOR which characters insert, by the
 * locale's LC_CTYPE; in the "C" locale that the rest of angelc keeps, a non-ASCII character would
 * be dropped. So the user's LC_CTYPE (from the environment) is set only around libedit's calls:
 * user_ctype sets it and returns the previous one for back_to_ctype. */
static char *user_ctype(void)
{
    const char *was = setlocale(LC_CTYPE, NULL);
    char *saved = was ? strdup(was) : NULL;
    setlocale(LC_CTYPE, "");
    return saved;
}

static void back_to_ctype(char *saved)
{
    if (!saved) return;
    setlocale(LC_CTYPE, saved);
    free(saved);
}

static const char *current_prompt = "";

static char *prompt_of(EditLine *el)
{
    (void)el;
    return (char *)current_prompt;
}

/* libedit's key reader (EL_GETCFN): its own retries a read that a signal ended, so the first
 * Ctrl-C would be lost; this one ends the line at once. One character, decoded in the locale. */
static int read_key(EditLine *el, wchar_t *key)
{
    lineread *lr = NULL;
    ed.el_get(el, EL_CLIENTDATA, &lr);
    char bytes[MB_LEN_MAX];
    size_t n = 0;
    *key = 0;
    for (;;) {
        if (!wait_for_input(lr)) return -1;
        ssize_t got = read(STDIN_FILENO, &bytes[n], 1);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return (int)got;
        n++;
        mbstate_t state;
        memset(&state, 0, sizeof state);
        size_t used = mbrtowc(key, bytes, n, &state);
        if (used == (size_t)-2 && n < sizeof bytes) continue;   /* more bytes of one character */
        if (used == (size_t)-1 || used == (size_t)-2) {
            n = 0;   /* not a character: dropped, as libedit's own reader does */
            continue;
        }
        return 1;
    }
}

static bool terminal_usable(void)
{
    const char *term = getenv("TERM");
    return isatty(STDIN_FILENO) && isatty(STDOUT_FILENO) && term && *term && strcmp(term, "dumb") != 0;
}

static void open_editor(lineread *lr)
{
    if (!editline_load()) return;
    HistEvent ev;
    lr->hist = ed.history_init();
    if (!lr->hist) return;
    ed.history(lr->hist, &ev, H_SETSIZE, LINEREAD_HISTORY_SIZE);
    ed.history(lr->hist, &ev, H_SETUNIQUE, 1);
    /* the key map too: characters U+0080-U+00FF insert only when printable at EL_EDITOR */
    char *engine_ctype = user_ctype();
    lr->el = ed.el_init("angelc", stdin, stdout, stderr);
    if (!lr->el) {
        back_to_ctype(engine_ctype);
        ed.history_end(lr->hist);
        lr->hist = NULL;
        return;
    }
    ed.el_set(lr->el, EL_EDITOR, "emacs");
    /* libedit's handlers put the terminal back for Ctrl-Z and Ctrl-C and pass the signal on */
    ed.el_set(lr->el, EL_SIGNAL, 1);
    ed.el_set(lr->el, EL_PROMPT, prompt_of);
    ed.el_set(lr->el, EL_CLIENTDATA, lr);
    ed.el_set(lr->el, EL_GETCFN, read_key);
    ed.el_set(lr->el, EL_HIST, ed.history, lr->hist);
    ed.el_source(lr->el, NULL);   /* the user's ~/.editrc (key bindings), if any */
    back_to_ctype(engine_ctype);
}

#endif

lineread *lineread_open(bool edit, volatile sig_atomic_t *interrupted)
{
    lineread *lr = calloc(1, sizeof *lr);
    if (!lr) return NULL;
    lr->interrupted = interrupted;
#ifdef ANGELC_HAVE_LIBEDIT
    if (edit && terminal_usable()) open_editor(lr);
#else
    (void)edit;
#endif
    return lr;
}

void lineread_close(lineread *lr)
{
    if (!lr) return;
#ifdef ANGELC_HAVE_LIBEDIT
    if (lr->el) ed.el_end(lr->el);
    if (lr->hist) ed.history_end(lr->hist);
#endif
    free(lr->buf);
    free(lr);
}

bool lineread_editing(const lineread *lr)
{
#ifdef ANGELC_HAVE_LIBEDIT
    return lr->el != NULL;
#else
    (void)lr;
    return false;
#endif
}

#ifdef ANGELC_HAVE_LIBEDIT
static const char *edited_line(lineread *lr, int *count)
{
    char *engine_ctype = user_ctype();
    const char *got = ed.el_gets(lr->el, count);
    back_to_ctype(engine_ctype);
    return got;
}
#endif

line_status lineread_get(lineread *lr, const char *prompt, const char **line)
{
    *line = NULL;
    fflush(stdout);
#ifdef ANGELC_HAVE_LIBEDIT
    if (lr->el) {
        current_prompt = prompt ? prompt : "";
        int count = 0;
        const char *got = edited_line(lr, &count);
        /* interrupted, el_gets hands back what was typed so far: it is dropped */
        if (*lr->interrupted) return LINE_INTERRUPTED;
        if (!got || count <= 0) return LINE_END;
        *line = hand_out(lr, got, (size_t)count);
        return *line ? LINE_OK : LINE_END;
    }
#endif
    if (prompt) {
        fputs(prompt, stdout);
        fflush(stdout);
    }
    /* A terminal's read in canonical mode gives one line at most, which getline takes whole:
     * nothing is left in stdin's buffer that the wait would not see. */
    struct termios mode;
    if (tcgetattr(STDIN_FILENO, &mode) == 0 && (mode.c_lflag & ICANON) && !wait_for_input(lr)) return LINE_INTERRUPTED;
    ssize_t got = getline(&lr->buf, &lr->cap, stdin);
    if (*lr->interrupted) {
        clearerr(stdin);   /* the read ended with EINTR: stdin goes on */
        return LINE_INTERRUPTED;
    }
    if (got < 0) return LINE_END;
    *line = hand_out(lr, lr->buf, (size_t)got);
    return LINE_OK;
}

void lineread_history_add(lineread *lr, const char *line)
{
#ifdef ANGELC_HAVE_LIBEDIT
    HistEvent ev;
    if (lr->hist && line && *line) ed.history(lr->hist, &ev, H_ENTER, line);
#else
    (void)lr;
    (void)line;
#endif
}

void lineread_history_load(lineread *lr, const char *path)
{
#ifdef ANGELC_HAVE_LIBEDIT
    HistEvent ev;
    if (lr->hist && path) ed.history(lr->hist, &ev, H_LOAD, path);   /* none yet is no error */
#else
    (void)lr;
    (void)path;
#endif
}

void lineread_history_save(lineread *lr, const char *path)
{
#ifdef ANGELC_HAVE_LIBEDIT
    HistEvent ev;
    if (!lr->hist || !path) return;
    if (ed.history(lr->hist, &ev, H_SAVE, path) < 0 && !lr->save_warned) {
        fprintf(stderr, "angelc: warning: the history could not be saved to %s\n", path);
        lr->save_warned = true;
    }
#else
    (void)lr;
    (void)path;
#endif
}
