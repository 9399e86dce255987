/* angelc: compile and run AngelScript scripts from the command line. `angelc help` (usage_text
 * below) lists the commands, options and exit statuses; README.md has the same.
 *
 * The script is loaded through the script builder, so #include, #if and metadata work as
 * under the SDK's asrun; the host registers what asrun does (host.c, asrun.c).
 */
#define _POSIX_C_SOURCE 200809L
#include "angelc.h"
#include "angelc_addons.h"
#include "angelc_bind.h"
#include "angelc_builder.h"
#include "angelc_cli.h"
#include "host.h"
#include "aot_cmd.h"
#include "dapcli.h"
#ifdef ANGELC_HAVE_SERVERS
#include "lsp/api.h"
#include "lsp/lsp.h"
#endif
#include "watch.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const char usage_text[] =
    "usage: angelc COMMAND [OPTIONS] [SCRIPT [ARGS...]]\n"
    "       angelc FILE.as [ARGS...]         the same as angelc run FILE.as ARGS... (for #!)\n"
    "\n"
    "Commands:\n"
    "  run [OPTIONS] SCRIPT [ARGS...]   compile SCRIPT and run its void main() or int main()\n"
    "  check [OPTIONS] SCRIPT           compile only, reporting errors (FILE.asb: load and verify)\n"
    "  build [OPTIONS] SCRIPT [-o OUT.asb] [--strip]\n"
    "                                   compile and save the bytecode (run OUT.asb runs it)\n"
    "  disasm [OPTIONS] SCRIPT          print the bytecode (of the script, or of FILE.asb)\n"
    "  aot [OPTIONS] SCRIPT [-o OUT.c] [--exe]\n"
    "                                   compile the script's functions to C (--exe: a program)\n"
    "  repl [OPTIONS]                   interactive prompt: declarations are kept, values printed\n"
    "  dump-api [--json]                print the API registered for scripts, with documentation\n"
    "  bindgen [OPTIONS] HEADER         write binding-toolkit code for a C header (angelc-bindgen,\n"
    "                                   docs/bindgen.md; built where libclang-dev is)\n"
#ifdef ANGELC_HAVE_SERVERS
    "  dap                              debug adapter (Debug Adapter Protocol) on stdin/stdout\n"
    "  lsp                              the language server for editors (LSP on stdin/stdout)\n"
#endif
    "  help [COMMAND]                   this text, or more about one command\n"
    "  --version                        the version\n"
    "\n"
    "SCRIPT is one of\n"
    "  FILE.as      a script file (run, check and disasm also take FILE.asb, bytecode saved by\n"
    "               build, known by its first bytes)\n"
    "  -e CODE      the script's text; without a main() function, CODE is the body of main()\n"
    "  -            the script read from standard input\n"
    "ARGS are the script's (getCommandLineArgs()).\n"
    "\n"
    "Options (before SCRIPT):\n"
    "  -p PROPERTY=VALUE      set an engine property by name, e.g. -p DISABLE_INTEGER_DIVISION=1\n"
    "  --timeout SECONDS      stop the script after SECONDS of wall time (exit 3)\n"
    "  --max-instructions N   stop the script after N steps, a step being a loop iteration or a call (exit 4)\n"
    "  --max-memory BYTES     stop when angelc holds more than BYTES (suffix K, M or G) (exit 5)\n"
    "  --max-depth N          raise \"Stack overflow\" past N nested script calls (exit 6)\n"
    "  --sandbox              untrusted scripts: exec() refused, files only under --allow-read DIR\n"
    "                         and --allow-write DIR (repeatable), writes capped by --max-write BYTES\n"
    "  --key FILE             bytecode saved (build) and accepted (run, check, disasm) only with the\n"
    "                         16-byte secret key in FILE (raw, or 32 hex digits): others' edits never load\n"
    "  --roundtrip[=strip]    (run) save the bytecode to memory (=strip: without debug information),\n"
    "                         load it into a fresh engine and run it there\n"
    "  --debug                (run) debug main() with commands from standard input (h: help)\n"
#ifdef ANGELC_HAVE_SERVERS
    "  --dap[=PORT]           (run) wait for a DAP debugger on 127.0.0.1:PORT (27979), then run\n"
#endif
    "  --watch                (run) reload FILE.as and its #includes when they change, while the\n"
    "                         script is suspended in sleep(ms) or yield() (a line per reload)\n"
    "\n"
    "Exit status:\n"
    "  0  success; int main() gives its value instead\n"
    "  1  compile error, uncaught script exception, or an output file not written\n"
    "  2  usage error: unknown command or option, bad value, unreadable script\n"
    "  3  --timeout ran out          4  --max-instructions ran out\n"
    "  5  --max-memory ran out       6  --max-depth exceeded\n";

static const char help_run[] =
    "usage: angelc run [OPTIONS] FILE.as|FILE.asb|-e CODE|- [ARGS...]\n"
    "\n"
    "Compiles the script (or loads bytecode saved by `angelc build`) and runs `void main()` or\n"
    "`int main()` through the context manager, so co-routines work; ARGS are what\n"
    "getCommandLineArgs() returns. With -e CODE the script is CODE; if CODE has no main()\n"
    "function it is compiled as the body of `void main()`:\n"
    "  angelc run -e 'print(\"\" + (6 * 7) + \"\\n\");'\n"
    "  echo 'void main() { println(\"hi\"); }' | angelc run -\n"
    "\n"
    "Compile errors print as FILE:LINE:COL: error: MESSAGE (exit 1). An uncaught exception prints\n"
    "FILE:LINE:COL: exception: MESSAGE and the script call stack; a stack of more than 16 frames\n"
    "shows its first 10 and last 5 with the count of those left out (exit 1).\n"
    "\n"
    "Options: -p PROPERTY=VALUE, --roundtrip[=strip], and the limits for untrusted scripts:\n"
    "  --timeout SECONDS      wall time for compiling and running; the script is aborted when it\n"
    "                         runs out, and a process still busy 2 s later (in a native call) ends (exit 3)\n"
    "  --max-instructions N   N steps (loop iterations and calls) for the global initialisers, then N\n"
    "                         for main() with its co-routines and callbacks (exit 4)\n"
    "  --max-memory BYTES     every allocation of the engine, compiler, add-ons and script objects\n"
    "                         counts, as the allocator holds it; the engine and add-ons take about\n"
    "                         520 KB before the script (hello world runs under --max-memory 600K) (exit 5)\n"
    "  --max-depth N          N nested script calls at most (exit 6)\n"
    "Each prints `angelc: stopped: ...` saying which limit ended the script.\n"
    "  --sandbox              exec() raises \"sandbox: exec is not allowed\"; the file and filesystem\n"
    "                         add-ons reach no file but those under the directories below\n"
    "  --allow-read DIR       scripts may read DIR and what is below it (implies --sandbox)\n"
    "  --allow-write DIR      and write, create, move and remove there (implies --sandbox)\n"
    "  --max-write BYTES      what scripts may write through `file` in all (implies --sandbox)\n"
    "Paths are resolved (.., symbolic links) before they are checked; a refused call raises a script\n"
    "exception \"sandbox: ...\". docs/sandbox.md has the set-up for untrusted scripts.\n";

static const char help_check[] =
    "usage: angelc check [OPTIONS] FILE.as|FILE.asb|-e CODE|-\n"
    "\n"
    "Compiles the script (global variables are initialised, as when it runs) and reports errors\n"
    "as FILE:LINE:COL: error: MESSAGE. Exit 0 when it compiles, 1 when not. Takes -p and the\n"
    "limits (--timeout, --max-memory, --max-depth) of `angelc help run`.\n"
    "Bytecode saved by `angelc build` (a file starting with its magic, or named *.asb) is loaded\n"
    "instead: the loader checks its structure and the verifier each function's code, and check\n"
    "prints `FILE: bytecode loads and verifies` (exit 0) or why it does not (exit 1).\n";

static const char help_build[] =
    "usage: angelc build [OPTIONS] FILE.as|-e CODE|- [-o OUT.asb] [--strip]\n"
    "\n"
    "Compiles the script and saves its bytecode to OUT.asb; `angelc run OUT.asb` runs it without\n"
    "compiling (none of it runs when it is built: global variables are initialised by run).\n"
    "Without -o, FILE.as is saved beside it as FILE.asb (FILE.asb added to a name not\n"
    "ending in .as); -e CODE and - need -o. --strip leaves out the debug information (line\n"
    "numbers, variable names). --key FILE (16 secret bytes, raw or 32 hex digits) saves it with\n"
    "a keyed hash instead of a checksum: `angelc run --key FILE` then loads it and refuses any\n"
    "bytecode not saved with that key (edited by someone without it, or saved without a key).\n";

static const char help_aot[] =
    "usage: angelc aot [OPTIONS] FILE.as [-o OUT.c]\n"
    "       angelc aot [OPTIONS] --exe FILE.as [-o PROGRAM]\n"
    "\n"
    "Compiles the script and writes its functions as C (docs/aot.md): one C function per script\n"
    "function, on the interpreter's frames, and a table with the hash of each function's bytecode.\n"
    "Without -o, FILE.as is written to FILE_aot.c. A host compiles the file into its program and\n"
    "calls FILE_aot_register() once (include/angelc_aot.h) before building the script: the\n"
    "functions whose bytecode matches run as compiled C, any other runs interpreted, with one\n"
    "warning for the module. --exe builds a program (FILE, or -o PROGRAM) with the system C compiler\n"
    "($CC, else cc): the command line's host, the compiled script and the script itself, running\n"
    "main() as `angelc run FILE.as` does (its arguments are the script's).\n";

static const char help_disasm[] =
    "usage: angelc disasm [OPTIONS] FILE.as|FILE.asb|-e CODE|-\n"
    "\n"
    "Compiles the script, or loads the bytecode of FILE.asb (saved by `angelc build`), and prints\n"
    "each function's bytecode: instructions with their registers (rN), constants (K<n>(...) by\n"
    "value: numbers, strings, types, functions, global variables by name), jump targets, line\n"
    "numbers, object variables and try blocks. None of the script runs (global variables are\n"
    "not initialised), so bytecode from anyone can be looked at.\n";

static const char help_repl[] =
    "usage: angelc repl [OPTIONS]\n"
    "\n"
    "An interactive prompt over the same engine `angelc run` sets up. Each input is\n"
    "  - a global variable declaration (int x = 5;) or a function (int sq(int v) { return v * v; }),\n"
    "    kept in the session;\n"
    "  - a class, interface, enum, funcdef, namespace, mixin or typedef declaration: kept too (the\n"
    "    session's code is compiled again; global variables of primitive and string types keep\n"
    "    their values, others start again from their initialisers);\n"
    "  - an expression, whose value is printed (sq(x) prints 25);\n"
    "  - statements, run at once (for (int i = 0; i < 3; i++) print(\"\" + i);).\n"
    "An input whose brackets are not closed continues on the next line. :help, :reset (forget\n"
    "every declaration), :quit (or end of input: Ctrl-D). The limits of `angelc help run` apply to\n"
    "each input; a script exception or an exceeded limit is reported and the session goes on.\n"
    "On a terminal, Ctrl-C drops the input being typed or stops the one running, and the session\n"
    "goes on. "
#ifdef ANGELC_HAVE_LIBEDIT
    "Lines are edited with libedit (emacs keys, ~/.editrc; not when TERM is dumb); the\n"
    "history is kept in $ANGELC_HISTORY if set (empty: none), else ~/.angelc_history, 1000 lines.\n";
#else
    "No line editing (built without libedit): use rlwrap for that.\n";
#endif

#ifdef ANGELC_HAVE_SERVERS
static const char help_lsp[] =
    "usage: angelc lsp [--api FILE] [--stdio]\n"
    "\n"
    "The language server (Language Server Protocol 3.17) on standard input and output, for\n"
    "editors: diagnostics from angelc's compiler as `angelc check` reports them (on open and on\n"
    "each change, #include resolved next to the file, open files' unsaved text first), document\n"
    "symbols, hover, completion, go to definition and signature help. Scripts see the API of\n"
    "`angelc run`, or with --api FILE the API of a dump (`angelc dump-api` of another host, or\n"
    "as_bind_dump), registered with functions that do nothing. --stdio (what some clients pass)\n"
    "is accepted and changes nothing. Exit status:\n"
    "0 after the client's shutdown and exit, 1 if the input ended (or exit came) without shutdown.\n"
    "See docs/editors.md for editor set-ups.\n";
#endif

static const char help_dump_api[] =
    "usage: angelc dump-api [--json] [-p PROPERTY=VALUE]...\n"
    "\n"
    "Writes everything `angelc run` registers for scripts (types with their properties, methods\n"
    "and behaviours, enums, funcdefs, global functions and properties, with documentation) to\n"
    "standard output, as declarations or with --json as JSON, for editors and language servers.\n";

#ifdef ANGELC_HAVE_SERVERS
static const char help_dap[] =
    "usage: angelc dap\n"
    "\n"
    "A debug adapter (Debug Adapter Protocol) on standard input and output, for an editor to start.\n"
    "The client's launch request names the script: {\"program\": \"FILE.as\", \"args\": [...],\n"
    "\"cwd\": DIR, \"stopOnEntry\": BOOL}, or gives its text: {\"code\": \"...\"} (as run -e, shown\n"
    "through the source request); it runs as under `angelc run`, its output going to the\n"
    "client as output events and its exit status in the exited event. To debug a script started\n"
    "from a terminal instead: angelc run --dap[=PORT] FILE.as waits for a debugger to attach on\n"
    "127.0.0.1:PORT (27979). docs/editors.md has editor configurations.\n";
#endif

static const char help_help[] =
    "usage: angelc help [COMMAND]\n"
    "\n"
    "Prints the overview, or the help of COMMAND (run, check, build, disasm, repl, dump-api).\n";

static int usage_error(const char *fmt, const char *arg)
{
    fputs("angelc: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\nRun 'angelc --help' for usage.\n", stderr);
    return ANGELC_EXIT_USAGE;
}

static int help(const char *cmd)
{
    const char *t = !cmd ? usage_text
        : strcmp(cmd, "run") == 0 ? help_run
        : strcmp(cmd, "check") == 0 ? help_check
        : strcmp(cmd, "build") == 0 ? help_build
        : strcmp(cmd, "disasm") == 0 ? help_disasm
        : strcmp(cmd, "aot") == 0 ? help_aot
        : strcmp(cmd, "repl") == 0 ? help_repl
        : strcmp(cmd, "dump-api") == 0 ? help_dump_api
#ifdef ANGELC_HAVE_SERVERS
        : strcmp(cmd, "dap") == 0 ? help_dap
        : strcmp(cmd, "lsp") == 0 ? help_lsp
#endif
        : strcmp(cmd, "help") == 0 ? help_help : NULL;
    if (!t) return usage_error("no command '%s'", cmd);
    fputs(t, stdout);
    return ANGELC_EXIT_OK;
}

/* asrun's #pragma handling: `#pragma debug` asks for its debugger, which angelc does not have,
 * so it is accepted and ignored; anything else is refused ("Invalid #pragma directive"). Words
 * are compared without whitespace and a trailing // comment, as asrun compares tokens. */
static int pragma(const char *text, as_builder *b, void *user)
{
    (void)b;
    (void)user;
    const char *p = text;
    while (*p == ' ' || *p == '\t' || *p == '\r') p++;
    if (strncmp(p, "debug", 5) != 0) return -1;
    p += 5;
    while (*p == ' ' || *p == '\t' || *p == '\r') p++;
    return *p == 0 || strncmp(p, "//", 2) == 0 ? 0 : -1;
}

static void shutdown_engine(as_engine *e, as_builder *b)
{
    as_builder_destroy(b);
    host_release_asrun(e);
    limits_forget_engine(e);
    as_engine_destroy(e);
}

static bool ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), t = strlen(tail);
    return n >= t && strcmp(s + n - t, tail) == 0;
}

/* Is path a saved module? It is when it starts with the bytecode magic, whatever its name; a
 * file named *.asb without it is taken for bytecode too, so that the loader says what is wrong
 * with it (damaged, or not bytecode) rather than the compiler. */
static bool is_bytecode_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    char magic[8] = {0};
    bool yes = f && fread(magic, 1, 8, f) == 8 && memcmp(magic, "ANGELCBC", 8) == 0;
    if (f) fclose(f);
    return yes || ends_with(path, ".asb");
}

/* Why the script at path can't be read (strerror), or NULL if it can. A directory opens, but
 * reading it fails: it is refused here, like a missing file, as a usage error. */
static const char *unreadable_reason(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return strerror(errno);
    struct stat st;
    int err = fstat(fileno(f), &st) != 0 ? errno : S_ISDIR(st.st_mode) ? EISDIR : 0;
    if (!err && getc(f) == EOF && ferror(f)) err = errno;
    fclose(f);
    return err ? strerror(err) : NULL;
}

/* Does path name a file, not a directory (readable or not)? For `angelc FILE ARGS...`. */
static bool names_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && !S_ISDIR(st.st_mode);
}

static int file_write(void *user, const void *p, size_t n) { return fwrite(p, 1, n, user) == n ? 0 : -1; }
static int file_read(void *user, void *p, size_t n) { return fread(p, 1, n, user) == n ? 0 : -1; }

/* Saves module m to path; 0, or 1 after printing why not. */
static int save_file(as_module *m, const char *path, bool strip)
{
    FILE *f = fopen(path, "wb");
    if (!f) {
        perror(path);
        return ANGELC_EXIT_ERROR;
    }
    as_binary_stream s = {file_write, file_read, f};
    int r = as_module_save_bytecode(m, &s, strip);
    if (fclose(f) != 0 && r >= 0) r = -1;
    if (r < 0) {
        fprintf(stderr, "%s: error: the bytecode could not be saved (%d)\n", path, r);
        remove(path);
        return ANGELC_EXIT_ERROR;
    }
    return 0;
}

static int load_file(as_module *m, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return -1;
    }
    as_binary_stream s = {file_write, file_read, f};
    int r = as_module_load_bytecode(m, &s, NULL);
    fclose(f);
    return r;
}

/* ------------------------------------------------------------------------- the command line */

typedef enum { SRC_NONE, SRC_FILE, SRC_EVAL, SRC_STDIN } source_kind;

typedef struct options {
    const char *cmd;
    char *props[64];            /* -p PROPERTY=VALUE, in order */
    int nprops;
    bool roundtrip, strip, json;
    bool exe;                   /* aot --exe */
    bool debug;                 /* run --debug: the debugger add-on on main()'s context */
    int dap_port;               /* run --dap[=PORT]: a debug adapter on that port, 0: none */
    bool watch;                 /* run --watch: reload the script when it changes (watch.c) */
    const char *out;            /* build -o, or out_buf */
    char *out_buf;              /* build's FILE.asb for FILE.as without -o */
    source_kind src;
    const char *path;           /* FILE, or the -e CODE */
    char *text;                 /* the script read from stdin */
    size_t text_len;
    int nargs;                  /* args[0] is the script's name, then its arguments */
    char **args;
    cli_limits limits;
    bool have_key;              /* --key FILE: bytecode saved and loaded with this key's hash */
    unsigned char key[16];
} options;

/* The script a program built by `angelc aot --exe` carries (angelc_cli_set_embedded_script). */
static const char *embedded_name, *embedded_text;
static size_t embedded_len;

void angelc_cli_set_embedded_script(const char *name, const char *text, size_t len)
{
    embedded_name = name;
    embedded_text = text;
    embedded_len = len;
}

static bool embedded_script(const char *path) { return embedded_name && path && strcmp(path, embedded_name) == 0; }

/* Parses a count or a size: digits, with K, M or G (x1024...) when suffixes is set. */
static bool parse_count(const char *s, bool suffixes, unsigned long long *out)
{
    if (*s < '0' || *s > '9') return false;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno) return false;
    unsigned shift = 0;
    if (suffixes && *end) {
        switch (*end) {
        case 'k': case 'K': shift = 10; break;
        case 'm': case 'M': shift = 20; break;
        case 'g': case 'G': shift = 30; break;
        default: return false;
        }
        end++;
        if (*end == 'B' || *end == 'b') end++;
    }
    if (*end || v > (~0ULL >> shift)) return false;
    *out = v << shift;
    return true;
}

/* --key FILE: 16 bytes, raw or as 32 hexadecimal digits (a trailing newline allowed). */
static bool read_key(const char *path, unsigned char key[16])
{
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    unsigned char buf[40];
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    while (n > 16 && (buf[n - 1] == '\n' || buf[n - 1] == '\r')) n--;
    if (n == 16) {
        memcpy(key, buf, 16);
        return true;
    }
    if (n != 32) return false;
    for (int i = 0; i < 16; i++) {
        unsigned v = 0;
        for (int k = 0; k < 2; k++) {
            int c = buf[2 * i + k];
            int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
            if (d < 0) return false;
            v = v * 16 + (unsigned)d;
        }
        key[i] = (unsigned char)v;
    }
    return true;
}

/* The value of option name at argv[*i] (--name VALUE or --name=VALUE), or NULL if argv[*i] is
 * not that option; *missing is set when the value is missing. */
static const char *opt_value(int argc, char **argv, int *i, const char *name, bool *missing)
{
    size_t l = strlen(name);
    const char *a = argv[*i];
    if (strncmp(a, name, l) != 0) return NULL;
    if (a[l] == '=') return a + l + 1;
    if (a[l] != 0) return NULL;
    if (*i + 1 >= argc) {
        *missing = true;
        return NULL;
    }
    return argv[++*i];
}

static char *read_stdin(size_t *len)
{
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    if (!buf) return NULL;
    for (;;) {
        if (n == cap) {
            char *p = realloc(buf, cap * 2);
            if (!p) {
                free(buf);
                return NULL;
            }
            buf = p;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - n, stdin);
        n += got;
        if (got == 0) break;
    }
    *len = n;
    return buf;
}

/* The engine property of -p NAME=VALUE, or AS_INVALID_ARG. */
static int property_of(const char *name_value)
{
    const char *eq = strchr(name_value, '=');
    char name[64];
    if (!eq || (size_t)(eq - name_value) >= sizeof name) return AS_INVALID_ARG;
    memcpy(name, name_value, (size_t)(eq - name_value));
    name[eq - name_value] = 0;
    return as_engine_property_by_name(name);
}

/* -p NAME=VALUE with a NAME the engine does not have: a usage error listing those it has (the
 * value is checked by the engine, setup_engine). Returns -1 when the name is known. */
static int check_property(const char *name_value)
{
    if (!strchr(name_value, '=')) return usage_error("-p needs PROPERTY=VALUE, got '%s'", name_value);
    if (property_of(name_value) >= 0) return -1;
    fprintf(stderr, "angelc: bad engine property '%s': no property '%.*s'; the properties are:\n", name_value,
            (int)strcspn(name_value, "="), name_value);
    size_t width = 0;
    for (int p = 1; p < AS_EP_LAST_PROPERTY; p++) {
        const char *n = as_engine_property_name((as_engine_prop)p);
        if (!n) continue;
        if (width && width + strlen(n) + 1 > 96) {
            fputc('\n', stderr);
            width = 0;
        }
        width += (size_t)fprintf(stderr, "%s%s", width ? " " : "  ", n);
    }
    fputc('\n', stderr);
    return ANGELC_EXIT_USAGE;
}

/* Parses the options of cmd from argv[2..]; returns -1 when all is well, else an exit status. */
static int parse_options(int argc, char **argv, options *o)
{
    const char *cmd = o->cmd;
    bool run = strcmp(cmd, "run") == 0, aot = strcmp(cmd, "aot") == 0;
    bool build = strcmp(cmd, "build") == 0 || aot;
    bool takes_script = run || build || strcmp(cmd, "check") == 0 || strcmp(cmd, "disasm") == 0;
    bool dump = strcmp(cmd, "dump-api") == 0;
    int i = 2;
    for (; i < argc; i++) {
        const char *a = argv[i], *v;
        bool missing = false;
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            exit(help(cmd));
        } else if (strcmp(a, "-p") == 0) {
            if (i + 1 >= argc) return usage_error("%s needs PROPERTY=VALUE", a);
            if (o->nprops == 64) return usage_error("%s", "too many -p options");
            o->props[o->nprops++] = argv[++i];
            int r = check_property(argv[i]);
            if (r >= 0) return r;
        } else if (run && strncmp(a, "--roundtrip", 11) == 0 && (a[11] == 0 || strcmp(a + 11, "=strip") == 0)) {
            o->roundtrip = true;
            o->strip = a[11] != 0;
        } else if (run && strcmp(a, "--debug") == 0) {
            o->debug = true;
#ifdef ANGELC_HAVE_SERVERS
        } else if (run && strncmp(a, "--dap", 5) == 0 && (a[5] == 0 || a[5] == '=')) {
            unsigned long long port = 27979;
            if (a[5] && (!parse_count(a + 6, false, &port) || port == 0 || port > 65535))
                return usage_error("--dap=PORT needs a port from 1 to 65535, got '%s'", a + 6);
            o->dap_port = (int)port;
#endif
        } else if (run && strcmp(a, "--watch") == 0) {
            o->watch = true;
        } else if (aot && strcmp(a, "--exe") == 0) {
            o->exe = true;
        } else if (build && !aot && strcmp(a, "--strip") == 0) {
            o->strip = true;
        } else if (build && strcmp(a, "-o") == 0) {
            if (i + 1 >= argc) return usage_error("%s needs a file name", a);
            o->out = argv[++i];
        } else if (dump && strcmp(a, "--json") == 0) {
            o->json = true;
        } else if (!dump && ((v = opt_value(argc, argv, &i, "--timeout", &missing)) || missing)) {
            char *end = NULL;
            double t = missing ? 0 : strtod(v, &end);
            if (missing || end == v || *end || !(t > 0) || t > 1e6) return usage_error("--timeout needs SECONDS > 0, got '%s'", missing ? "" : v);
            o->limits.timeout = t;
        } else if (!dump && ((v = opt_value(argc, argv, &i, "--max-instructions", &missing)) || missing)) {
            if (missing || !parse_count(v, false, &o->limits.max_instructions) || !o->limits.max_instructions)
                return usage_error("--max-instructions needs a count > 0, got '%s'", missing ? "" : v);
        } else if (!dump && ((v = opt_value(argc, argv, &i, "--max-memory", &missing)) || missing)) {
            if (missing || !parse_count(v, true, &o->limits.max_memory) || !o->limits.max_memory)
                return usage_error("--max-memory needs BYTES > 0 (suffix K, M or G), got '%s'", missing ? "" : v);
        } else if (takes_script && ((v = opt_value(argc, argv, &i, "--key", &missing)) || missing)) {
            if (missing || !read_key(v, o->key))
                return usage_error("--key needs a file of 16 bytes (or 32 hexadecimal digits), got '%s'", missing ? "" : v);
            o->have_key = true;
        } else if (!dump && strcmp(a, "--sandbox") == 0) {
            o->limits.sandbox = true;
        } else if (!dump && (((v = opt_value(argc, argv, &i, "--allow-read", &missing)) || missing) ||
                             ((v = opt_value(argc, argv, &i, "--allow-write", &missing)) || missing))) {
            bool write = strncmp(a, "--allow-write", 13) == 0;
            struct stat st;
            if (missing || stat(v, &st) != 0 || !S_ISDIR(st.st_mode))
                return usage_error(write ? "--allow-write needs a directory that exists, got '%s'"
                                         : "--allow-read needs a directory that exists, got '%s'", missing ? "" : v);
            if (o->limits.nroots == 16) return usage_error("%s", "at most 16 --allow-read/--allow-write directories");
            o->limits.roots[o->limits.nroots++] = (as_file_root){v, write};
            o->limits.sandbox = true;
        } else if (!dump && ((v = opt_value(argc, argv, &i, "--max-write", &missing)) || missing)) {
            if (missing || !parse_count(v, true, &o->limits.max_write) || !o->limits.max_write)
                return usage_error("--max-write needs BYTES > 0 (suffix K, M or G), got '%s'", missing ? "" : v);
            o->limits.sandbox = true;
        } else if (!dump && ((v = opt_value(argc, argv, &i, "--max-depth", &missing)) || missing)) {
            unsigned long long d = 0;
            if (missing || !parse_count(v, false, &d) || d == 0 || d > 100000000)
                return usage_error("--max-depth needs a count from 1 to 100000000, got '%s'", missing ? "" : v);
            o->limits.max_depth = (unsigned)d;
        } else if (takes_script && strcmp(a, "-e") == 0) {
            if (i + 1 >= argc) return usage_error("%s needs the script's code", a);
            o->src = SRC_EVAL;
            o->path = argv[++i];
            i++;
            break;
        } else if (takes_script && strcmp(a, "-") == 0) {
            o->src = SRC_STDIN;
            o->path = "-";
            i++;
            break;
        } else if (strcmp(a, "--") == 0) {
            i++;
            if (takes_script && i < argc) {
                o->src = SRC_FILE;
                o->path = argv[i++];
            }
            break;
        } else if (a[0] == '-') {
            return usage_error("unknown option '%s'", a);
        } else if (takes_script) {
            o->src = SRC_FILE;
            o->path = a;
            i++;
            break;
        } else {
            return usage_error("unexpected argument '%s'", a);
        }
    }
    if (!takes_script) {
        if (i < argc) return usage_error("unexpected argument '%s'", argv[i]);
        return -1;
    }
    if (o->src == SRC_NONE) return usage_error("%s needs a script: FILE.as, -e CODE or -", cmd);
    if (o->watch && (o->src != SRC_FILE || o->roundtrip || o->debug || is_bytecode_file(o->path)))
        return usage_error("%s", "--watch needs a script file (FILE.as), without --roundtrip or --debug");
    if (o->debug && o->src == SRC_STDIN) return usage_error("%s", "--debug reads its commands from standard input: the script can't come from there");
    if (o->debug && o->dap_port) return usage_error("%s", "--debug and --dap are two debuggers: choose one");
    if (build) {
        /* -o OUT and --strip may also follow the script */
        for (; i < argc; i++) {
            if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) o->out = argv[++i];
            else if (!aot && strcmp(argv[i], "--strip") == 0) o->strip = true;
            else if (aot && strcmp(argv[i], "--exe") == 0) o->exe = true;
            else return usage_error("unexpected argument '%s'", argv[i]);
        }
        if (aot && o->src != SRC_FILE) return usage_error("%s", "aot needs a script file (FILE.as)");
        if (!o->out && o->src != SRC_FILE)
            return usage_error("build needs -o OUT.asb for %s (a FILE.as is saved as FILE.asb)",
                               o->src == SRC_EVAL ? "-e CODE" : "a script from standard input");
    } else if (!run && i < argc) {
        return usage_error("unexpected argument '%s' (only run passes arguments to the script)", argv[i]);
    }
    /* args[0] is the script's name: argv[i - 1] is the FILE, "-" or the CODE */
    o->args = argv + i - 1;
    o->nargs = run ? argc - i + 1 : 1;
    if (o->src == SRC_FILE) {
        /* an unreadable script is a usage error (2), not a compile error */
        const char *why = embedded_script(o->path) ? NULL : unreadable_reason(o->path);
        if (why) {
            fprintf(stderr, "angelc: cannot read '%s': %s\n", o->path, why);
            return ANGELC_EXIT_USAGE;
        }
        if (build && is_bytecode_file(o->path))
            return usage_error(aot ? "'%s' is bytecode already: aot takes a script" : "'%s' is bytecode already: build takes a script", o->path);
        if (build && !aot && !o->out) {
            /* FILE.as is saved beside it as FILE.asb */
            size_t n = strlen(o->path) - (ends_with(o->path, ".as") ? 3 : 0);
            o->out_buf = malloc(n + 5);
            if (!o->out_buf) return usage_error("%s", "out of memory");
            memcpy(o->out_buf, o->path, n);
            memcpy(o->out_buf + n, ".asb", 5);
            o->out = o->out_buf;
        }
    } else if (o->src == SRC_STDIN) {
        o->text = read_stdin(&o->text_len);
        if (!o->text) {
            fputs("angelc: cannot read the script from standard input\n", stderr);
            return ANGELC_EXIT_USAGE;
        }
    }
    return -1;
}

/* A fresh engine with the host registrations, the -p properties and the limits; NULL (after
 * saying why) if that fails. The properties are set after the add-ons register, as a host sets
 * them before building, so they change how scripts compile and run but not what is registered. */
static as_engine *setup_engine(as_builder **b, const options *o)
{
    as_engine *e = as_engine_create();
    *b = as_builder_create();
    if (!e || !*b || host_register(e, o->nargs, o->args) < 0) {
        fputs("angelc: failed to set up the engine\n", stderr);
        if (e) shutdown_engine(e, *b);
        else as_builder_destroy(*b);
        return NULL;
    }
    /* --watch: room in each script object for members a reload adds (migrated in place);
     * -p RELOAD_ROOM=N overrides it */
    if (o->watch) as_engine_set_property(e, AS_EP_RELOAD_ROOM, 64);
    for (int i = 0; i < o->nprops; i++) {
        /* the name was checked by parse_options */
        const char *nv = o->props[i], *eq = strchr(nv, '=');
        int p = property_of(nv);
        char *end = NULL;
        long long v = eq ? strtoll(eq + 1, &end, 0) : 0;
        if (p < 0 || end == eq + 1 || *end || as_engine_set_property(e, (as_engine_prop)p, v) < 0) {
            fprintf(stderr, "angelc: bad value for engine property '%s'\n", nv);
            shutdown_engine(e, *b);
            return NULL;
        }
    }
    if (o->have_key) as_engine_set_bytecode_key(e, o->key, sizeof o->key);
    if (limits_apply_engine(&o->limits, e) != 0) {
        shutdown_engine(e, *b);
        return NULL;
    }
    as_builder_set_pragma_callback(*b, pragma, NULL);
    return e;
}

/* Builds the module from one section of text (name) through the builder. */
static int build_text(as_builder *b, as_engine *e, const char *name, const char *text, size_t len, int line_offset)
{
    int r = as_builder_start_module(b, e, "main");
    if (r >= 0) r = as_builder_add_memory(b, name, text, len, line_offset);
    if (r >= 0) r = as_builder_build(b);
    return r;
}

/* -e CODE: the script CODE when that compiles to a module with main(); else CODE as the body of
 * void main(). Returns the build result; the diagnostics of the attempt that counts are printed. */
static int build_eval(as_builder *b, as_engine *e, const char *code)
{
    host_capture_messages(true);
    int r = build_text(b, e, "-e", code, strlen(code), 0);
    char *as_script = host_take_messages();
    as_module *m = r >= 0 ? as_builder_module(b) : NULL;
    if (m && (as_module_function_by_decl(m, "void main()") || as_module_function_by_decl(m, "int main()"))) {
        host_capture_messages(false);
        fputs(as_script, stderr);
        free(as_script);
        return r;
    }
    /* the body of main() */
    size_t n = strlen(code);
    char *wrapped = malloc(n + 32);
    if (!wrapped) {
        host_capture_messages(false);
        free(as_script);
        return AS_OUT_OF_MEMORY;
    }
    /* on CODE's first line, so line numbers are CODE's (at compile and at run time) */
    int len = sprintf(wrapped, "void main() {%s\n}\n", code);
    host_set_wrapped_code("-e", (int)strlen("void main() {"), code);
    int r2 = build_text(b, e, "-e", wrapped, (size_t)len, 0);
    char *as_body = host_take_messages();
    if (r2 < 0) host_set_column_shift(NULL, 0);
    host_capture_messages(false);
    free(wrapped);
    if (r2 >= 0 || (r < 0 && !strstr(code, "main"))) {
        fputs(as_body, stderr);
    } else {
        fputs(as_script, stderr);
        if (r >= 0) fputs("-e: error: no 'void main()' or 'int main()' function\n", stderr);
    }
    free(as_script);
    free(as_body);
    return r2 >= 0 ? r2 : -1;
}

/* Compiles the script into *m, or loads it when it is bytecode (*loaded set then); 0, or the
 * exit status after errors were printed. */
static int compile(as_builder *b, as_engine *e, const options *o, as_module **m, bool *loaded)
{
    int r;
    *m = NULL;
    *loaded = o->src == SRC_FILE && is_bytecode_file(o->path);
    if (*loaded) {
        as_module *mod = as_engine_get_module(e, "main", AS_GM_ALWAYS_CREATE);
        if (load_file(mod, o->path) < 0) {
            int lim = limits_check(&o->limits, NULL);
            limits_report(&o->limits, lim);
            if (!lim) fprintf(stderr, "%s: error: not loaded (bytecode saved by `angelc build` was expected)\n", o->path);
            return lim ? lim : ANGELC_EXIT_ERROR;
        }
        *m = mod;
        return 0;
    }
    if (o->src == SRC_FILE && embedded_script(o->path)) {
        r = build_text(b, e, o->path, embedded_text, embedded_len, 0);
    } else if (o->src == SRC_FILE) {
        r = as_builder_start_module(b, e, "main");
        if (r >= 0) r = as_builder_add_file(b, o->path);
        if (r >= 0) r = as_builder_build(b);
    } else if (o->src == SRC_STDIN) {
        r = build_text(b, e, "<stdin>", o->text, o->text_len, 0);
    } else {
        r = build_eval(b, e, o->path);
    }
    if (r < 0) {
        int lim = limits_check(&o->limits, NULL);
        limits_report(&o->limits, lim);
        return lim ? lim : ANGELC_EXIT_ERROR;
    }
    *m = as_builder_module(b);
    return 0;
}

/* The script's name in messages: its file, -e or <stdin> (the section names). */
static const char *script_name(const options *o)
{
    return o->src == SRC_FILE ? o->path : o->src == SRC_EVAL ? "-e" : "<stdin>";
}

/* The debugger's input and output for run --debug. */
static bool debug_input(char *buf, size_t size, void *user)
{
    (void)user;
    fputs("[dbg]> ", stdout);
    fflush(stdout);
    if (fgets(buf, (int)size, stdin)) return true;
    fputs("\n", stdout);   /* no more commands: the script's output starts on a line of its own */
    return false;
}

static void debug_output(const char *line, void *user)
{
    (void)user;
    fputs(line, stdout);
}

static void watch_builder_setup(as_builder *b) { as_builder_set_pragma_callback(b, pragma, NULL); }

/* The script's main(), and whether it is int main(); NULL if it has none. */
static as_function *find_main(as_module *m, bool *int_main)
{
    as_function *fn = as_module_function_by_decl(m, "void main()");
    *int_main = false;
    if (!fn) {
        fn = as_module_function_by_decl(m, "int main()");
        *int_main = fn != NULL;
    }
    return fn;
}

/* Runs main() of m; returns the exit status. With --watch, b is the builder that built m. */
static int run_main(as_module *m, as_engine *e, as_builder *b, const options *o)
{
    const char *name = script_name(o);
    bool int_main;
    as_function *fn = find_main(m, &int_main);
    if (!fn) {
        fprintf(stderr, "%s: error: no 'void main()' or 'int main()' function\n", name);
        return ANGELC_EXIT_ERROR;
    }
    /* as asrun: main() is a thread of the context manager, so it can start co-routines; the
     * manager keeps its context for the result */
    as_ctxmgr *mgr = host_context_manager(e);
    as_context *ctx = as_ctxmgr_add_context(mgr, e, fn, true);
    if (!ctx) {
        fprintf(stderr, "%s: error: main() could not be prepared\n", name);
        return ANGELC_EXIT_ERROR;
    }
    limits_apply_context(&o->limits, ctx);
#ifdef ANGELC_HAVE_SERVERS
    if (o->dap_port && dapcli_listen(o->dap_port) != 0) {
        as_ctxmgr_done_with_context(mgr, ctx);
        return ANGELC_EXIT_USAGE;
    }
    if (o->src == SRC_EVAL) dapcli_add_source("-e", o->path, strlen(o->path));
    else if (o->src == SRC_STDIN) dapcli_add_source("<stdin>", o->text, o->text_len);
    if (dapcli_active() && !dapcli_before_run(m, ctx)) {
        /* the client went away before the script was configured to run */
        dapcli_after_run(ctx, ANGELC_EXIT_ERROR);
        as_ctxmgr_done_with_context(mgr, ctx);
        return ANGELC_EXIT_ERROR;
    }
#endif
    as_debugger *dbg = NULL;
    if (o->debug) {
        /* the SDK's asrun -d: the debugger on main()'s context, commands from standard input */
        dbg = as_debugger_create(debug_input, debug_output, NULL);
        if (dbg) as_context_set_line_callback(ctx, as_debugger_line_callback, dbg);
    }
    if (o->watch) {
        /* what the script prints shows up as it runs, to see each reload take effect */
        setvbuf(stdout, NULL, _IOLBF, 0);
        cli_watch w;
        watch_start(&w, m, b, o->path, watch_builder_setup);
        /* a short nap per round: the script sleeping costs no processor, yield() stays quick */
        const struct timespec tick = {0, 1000000L};
        while (as_ctxmgr_execute_scripts(mgr) > 0 && !limits_timed_out()) {
            if (watch_poll(&w) == WATCH_RESTART) {
                /* the old main() was stopped: the new one starts, with the globals carried over */
                as_ctxmgr *fresh = host_restart_context_manager(e);
                as_ctxmgr_done_with_context(mgr, ctx);
                ctx = NULL;
                if (fresh) mgr = fresh;
                as_function *new_main = fresh ? find_main(m, &int_main) : NULL;
                ctx = new_main ? as_ctxmgr_add_context(mgr, e, new_main, true) : NULL;
                if (!ctx) {
                    fprintf(stderr, "%s: error: no 'void main()' or 'int main()' function to restart\n", name);
                    watch_end(&w);
                    return ANGELC_EXIT_ERROR;
                }
                limits_apply_context(&o->limits, ctx);
            }
            nanosleep(&tick, NULL);
        }
        watch_end(&w);
    }
    while (as_ctxmgr_execute_scripts(mgr) > 0 && !limits_timed_out()) {}
    int state = as_context_state(ctx);
    int status = 0;
    fflush(stdout);
    int lim = limits_check(&o->limits, ctx);
    if (state == AS_EXECUTION_EXCEPTION) {
        print_exception(ctx);
        status = ANGELC_EXIT_ERROR;
    } else if (state != AS_EXECUTION_FINISHED && !lim) {
        fprintf(stderr, "%s: error: the script did not finish (state %d)\n", name, state);
        status = ANGELC_EXIT_ERROR;
    } else if (int_main) {
        status = (int)as_context_return_dword(ctx);
    }
    if (lim) {
        /* the reason comes after the exception report it explains */
        limits_report(&o->limits, lim);
        status = lim;
    }
#ifdef ANGELC_HAVE_SERVERS
    if (dapcli_active()) dapcli_after_run(ctx, status);
#endif
    as_ctxmgr_done_with_context(mgr, ctx);
    as_debugger_destroy(dbg);
    return status;
}

/* The API `angelc run` registers, for editors. */
static int dump_api(const options *o)
{
    as_builder *b;
    as_engine *e = setup_engine(&b, o);
    if (!e) return ANGELC_EXIT_ERROR;
    int r = host_document(e);
    if (r >= 0) r = as_bind_dump(e, stdout, o->json ? AS_BIND_DUMP_JSON : AS_BIND_DUMP_PREDEFINED);
    if (fflush(stdout) != 0) r = -1;
    shutdown_engine(e, b);
    if (r < 0) {
        fprintf(stderr, "angelc: dump-api failed (%d)\n", r);
        return ANGELC_EXIT_ERROR;
    }
    return 0;
}

static int repl(const options *o)
{
    as_builder *b;
    as_engine *e = setup_engine(&b, o);
    if (!e) return ANGELC_EXIT_ERROR;
    int status = repl_run(e, &o->limits);
    shutdown_engine(e, b);
    return status;
}

/* Saves the round trip of *m (run --roundtrip) and loads it into a fresh engine, which replaces
 * *e, *b and *m; 0, or the exit status after saying why not (*e is then NULL). */
static int round_trip(as_engine **e, as_builder **b, as_module **m, const options *o)
{
    void *data = NULL;
    size_t size = 0;
    int r = as_module_save_bytecode_to_memory(*m, o->strip, &data, &size);
    shutdown_engine(*e, *b);
    *e = NULL;
    if (r < 0) {
        fprintf(stderr, "%s: error: the bytecode could not be saved (%d)\n", script_name(o), r);
        return ANGELC_EXIT_ERROR;
    }
    *e = setup_engine(b, o);
    if (!*e) {
        as_free_mem(data);
        return ANGELC_EXIT_USAGE;
    }
    *m = as_engine_get_module(*e, "main", AS_GM_ALWAYS_CREATE);
    r = as_module_load_bytecode_from_memory(*m, data, size, NULL);
    as_free_mem(data);
    if (r < 0) {
        int lim = limits_check(&o->limits, NULL);
        limits_report(&o->limits, lim);
        shutdown_engine(*e, *b);
        *e = NULL;
        return lim ? lim : ANGELC_EXIT_ERROR;
    }
    return 0;
}

/* run, check, build and disasm: compiles (or loads) the script and does the command's work. */
static int script_command(const options *o)
{
    const char *cmd = o->cmd;
    as_builder *b;
    as_engine *e = setup_engine(&b, o);
    if (!e) return ANGELC_EXIT_USAGE;
    /* a round trip initialises the globals once, in the engine that runs the script; build,
     * disasm and aot only read the code: none of the script runs (untrusted bytecode can be
     * looked at without running it) */
    bool reads_only = strcmp(cmd, "build") == 0 || strcmp(cmd, "disasm") == 0 || strcmp(cmd, "aot") == 0;
    if (o->roundtrip || reads_only) as_engine_set_property(e, AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD, 0);
    as_module *m;
    bool loaded;
    int status = compile(b, e, o, &m, &loaded);
    if (status) {
        shutdown_engine(e, b);
        return status;
    }
    if (strcmp(cmd, "check") == 0) {
        if (loaded) printf("%s: bytecode loads and verifies\n", o->path);
    } else if (strcmp(cmd, "disasm") == 0) {
        as_module_disassemble(m, stdout);
    } else if (strcmp(cmd, "aot") == 0) {
        status = aot_command(m, o->path, o->out, o->exe);
    } else if (strcmp(cmd, "build") == 0) {
        status = save_file(m, o->out, o->strip);
    } else {
        if (o->roundtrip && (status = round_trip(&e, &b, &m, o)) != 0) return status;
        status = run_main(m, e, b, o);
    }
    limits_stop_clock();
    shutdown_engine(e, b);
    return status;
}

#ifdef ANGELC_HAVE_SERVERS
/* The language server's engines get what `angelc run` registers, documented as dump-api shows. */
static int lsp_setup(as_engine *e, as_builder *b, void *user)
{
    (void)user;
    int r = host_register(e, 0, NULL);
    if (r >= 0) r = host_document(e);
    as_builder_set_pragma_callback(b, pragma, NULL);
    return r;
}

static void lsp_teardown(as_engine *e, void *user)
{
    (void)user;
    host_release_asrun(e);
}

/* --api FILE: the engines get the API of a dump instead (servers/lsp/api.h). */
static int lsp_setup_from_api(as_engine *e, as_builder *b, void *user)
{
    lsp_api_register(user, e, NULL);
    as_builder_set_pragma_callback(b, pragma, NULL);
    return 0;
}

static int lsp_command(int argc, char **argv)
{
    const char *api_path = NULL;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) return help("lsp");
        if (strcmp(argv[i], "--api") == 0) {
            if (++i == argc) return usage_error("%s", "lsp: --api needs a FILE");
            api_path = argv[i];
        } else if (strcmp(argv[i], "--stdio") != 0) return usage_error("lsp: unknown option '%s'", argv[i]);
    }
    if (!api_path) {
        lsp_host host = {lsp_setup, lsp_teardown, NULL};
        return lsp_serve(0, 1, &host);
    }
    const char *why = NULL;
    lsp_api *api = lsp_api_load(api_path, &why);
    if (!api) {
        fprintf(stderr, "angelc: lsp: --api %s: %s\n", api_path, why);
        return ANGELC_EXIT_USAGE;
    }
    /* what does not register is said once, on standard error (the editor's server log) */
    as_engine *trial = as_engine_create();
    if (trial) {
        lsp_api_register(api, trial, stderr);
        as_engine_destroy(trial);
    }
    lsp_host host = {lsp_setup_from_api, NULL, api};
    int status = lsp_serve(0, 1, &host);
    lsp_api_free(api);
    return status;
}
#endif

/* A known command (argv[1]) with its options and script. */
static int command(int argc, char **argv)
{
    options o;
    memset(&o, 0, sizeof o);
    o.cmd = argv[1];
    int status = parse_options(argc, argv, &o);
    if (status < 0 && o.watch) host_set_watch_sleep(true);
    if (status < 0) {
        limits_install_memory(&o.limits);
        if (strcmp(o.cmd, "dump-api") == 0) {
            status = dump_api(&o);
        } else if (strcmp(o.cmd, "repl") == 0) {
            status = repl(&o);    /* the repl times each input on its own */
        } else {
            limits_start_clock(&o.limits);
            status = script_command(&o);
        }
    }
    free(o.text);
    free(o.out_buf);
    return status;
}

/* `angelc bindgen ARGS...` runs angelc-bindgen (tools/bindgen, built where libclang is) from
 * beside this program, else from PATH. */
static int bindgen_command(int argc, char **argv)
{
    char self[4096], path[4200];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    char **args = calloc((size_t)argc, sizeof *args);
    if (!args) return usage_error("%s", "out of memory");
    args[0] = "angelc-bindgen";
    memcpy(args + 1, argv + 2, (size_t)(argc - 2) * sizeof *args);
    if (n > 0) {
        self[n] = 0;
        char *slash = strrchr(self, '/');
        if (slash) {
            *slash = 0;
            snprintf(path, sizeof path, "%s/angelc-bindgen", self);
            if (access(path, X_OK) == 0) execv(path, args);
        }
    }
    execvp("angelc-bindgen", args);
    free(args);
    fputs("angelc: bindgen: angelc-bindgen was not found beside angelc nor on PATH (it is built where libclang-dev is)\n", stderr);
    return ANGELC_EXIT_USAGE;
}

int angelc_cli_main(int argc, char **argv, angelc_cli_setup_fn setup, void *user)
{
    host_set_setup(setup, user);
    if (argc < 2) {
        fputs(usage_text, stderr);
        return ANGELC_EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0 || strcmp(cmd, "version") == 0) {
        printf("angelc %s (AngelScript %s)\n", ANGELC_VERSION, ANGELC_AS_VERSION_STRING);
        return 0;
    }
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        if (argc > 3) return usage_error("help takes one command, got '%s'", argv[3]);
        return help(argc > 2 ? argv[2] : NULL);
    }
#ifdef ANGELC_HAVE_SERVERS
    if (strcmp(cmd, "lsp") == 0) return lsp_command(argc, argv);
#endif
    if (strcmp(cmd, "bindgen") == 0) return bindgen_command(argc, argv);
    static const char *const commands[] = {"run", "check", "build", "aot", "disasm", "repl", "dump-api"};
#ifdef ANGELC_HAVE_SERVERS
    if (strcmp(cmd, "dap") == 0) {
        if (argc == 3 && (strcmp(argv[2], "-h") == 0 || strcmp(argv[2], "--help") == 0)) return help("dap");
        return dapcli_adapter(command, argc, argv);
    }
#endif
    bool known = false;
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++) known |= strcmp(cmd, commands[i]) == 0;
    if (!known && cmd[0] != '-' && (names_file(cmd) || strchr(cmd, '/') || ends_with(cmd, ".as") || ends_with(cmd, ".asb"))) {
        /* `angelc FILE ARGS...` is `angelc run -- FILE ARGS...`: what a script's
         * `#!/usr/bin/env angelc` line makes of it. A word that is a path but no file to read
         * (missing, a directory) is taken for a script too, and refused as one. */
        char **run_argv = malloc(((size_t)argc + 3) * sizeof *run_argv);
        if (!run_argv) return usage_error("%s", "out of memory");
        run_argv[0] = argv[0];
        run_argv[1] = "run";
        run_argv[2] = "--";
        memcpy(run_argv + 3, argv + 1, (size_t)argc * sizeof *run_argv);   /* with argv's NULL */
        int status = command(argc + 2, run_argv);
        free(run_argv);
        return status;
    }
    if (!known) {
        if (cmd[0] == '-') return usage_error("unknown option '%s' (a command comes first)", cmd);
        fprintf(stderr, "angelc: no command '%s', and no script file of that name\n", cmd);
        fputs("The commands: run, check, build, disasm, repl, dump-api, help. Run 'angelc --help' for usage.\n", stderr);
        return ANGELC_EXIT_USAGE;
    }

    return command(argc, argv);
}
