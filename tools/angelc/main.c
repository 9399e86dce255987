/* angelc: compile and run AngelScript files from the command line.
 *
 *   angelc run FILE.as [ARGS...]   run `void main()` or `int main()` (its value is the exit code)
 *   angelc run FILE.asb [ARGS...]  the same from bytecode saved by `angelc build`
 *   angelc run --roundtrip[=strip] FILE.as [ARGS...]
 *                                  build, save the bytecode to memory (stripped of debug info with
 *                                  =strip), load it into a fresh engine and run it there
 *   angelc build FILE.as -o OUT.asb [--strip]   compile and save the bytecode
 *   angelc check FILE.as           compile only
 *   angelc disasm FILE.as          print the bytecode
 *   -p PROPERTY=VALUE              (before FILE, any command) sets an engine property by name,
 *                                  e.g. -p DISABLE_INTEGER_DIVISION=1
 *
 * The script is loaded through the script builder, so #include, #if and metadata work as
 * under the SDK's asrun.
 */
#include "angelc.h"
#include "angelc_addons.h"
#include "angelc_builder.h"
#include "host.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(void)
{
    fputs("usage: angelc run [-p PROPERTY=VALUE]... [--roundtrip[=strip]] FILE.as|FILE.asb [ARGS...]\n"
          "       angelc build [-p PROPERTY=VALUE]... FILE.as -o OUT.asb [--strip]\n"
          "       angelc check [-p PROPERTY=VALUE]... FILE.as\n"
          "       angelc disasm [-p PROPERTY=VALUE]... FILE.as\n"
          "       angelc --version\n"
          "PROPERTY is an engine property by its AngelScript name, e.g. -p DISABLE_INTEGER_DIVISION=1\n", stderr);
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

/* Loads path with its includes through the builder and compiles it. Errors have been reported
 * when this returns a negative value. */
static int build_script(as_builder *b, as_engine *e, const char *path)
{
    as_builder_set_pragma_callback(b, pragma, NULL);
    int r = as_builder_start_module(b, e, "main");
    if (r >= 0) r = as_builder_add_file(b, path);
    if (r >= 0) r = as_builder_build(b);
    return r;
}

static void shutdown_engine(as_engine *e, as_builder *b)
{
    as_builder_destroy(b);
    host_release_asrun(e);
    as_engine_destroy(e);
}

static void print_exception(as_context *ctx)
{
    const char *section = NULL;
    int col = 0;
    int line = as_context_exception_line(ctx, &col, &section);
    fprintf(stderr, "%s:%d:%d: exception: %s\n", section ? section : "?", line, col, as_context_exception_string(ctx));
    int n = as_context_exception_frame_count(ctx);
    for (int i = 0; i < n; i++) {
        int fl = 0, fc = 0;
        const char *fs = NULL;
        as_function *fn = as_context_exception_frame(ctx, i, &fl, &fc, &fs);
        fprintf(stderr, "  in %s at %s:%d:%d\n", as_function_declaration(fn, true, true, false), fs ? fs : "?", fl, fc);
    }
}

/* Is path a saved module (starts with the bytecode magic)? */
static bool is_bytecode_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    char magic[8] = {0};
    bool yes = f && fread(magic, 1, 8, f) == 8 && memcmp(magic, "ANGELCBC", 8) == 0;
    if (f) fclose(f);
    return yes;
}

static int file_write(void *user, const void *p, size_t n) { return fwrite(p, 1, n, user) == n ? 0 : -1; }
static int file_read(void *user, void *p, size_t n) { return fread(p, 1, n, user) == n ? 0 : -1; }

/* Saves module m to path; 0, or 1 after printing why not. */
static int save_file(as_module *m, const char *path, bool strip)
{
    FILE *f = fopen(path, "wb");
    if (!f) {
        perror(path);
        return 1;
    }
    as_binary_stream s = {file_write, file_read, f};
    int r = as_module_save_bytecode(m, &s, strip);
    if (fclose(f) != 0 && r >= 0) r = -1;
    if (r < 0) {
        fprintf(stderr, "%s: error: the bytecode could not be saved (%d)\n", path, r);
        remove(path);
        return 1;
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

/* The -p PROPERTY=VALUE options, in order. */
typedef struct {
    char **v;
    int n;
} prop_list;

/* A fresh engine with the host registrations and the -p properties; NULL (after saying why) if
 * that fails. The properties are set after the add-ons register, as a host sets them before
 * building, so they change how scripts compile and run but not what is registered. */
static as_engine *setup_engine(as_builder **b, const prop_list *props, int nargs, char **args)
{
    as_engine *e = as_engine_create();
    *b = as_builder_create();
    if (!e || !*b || host_register(e, nargs, args) < 0) {
        fputs("angelc: failed to set up the engine\n", stderr);
        if (e) shutdown_engine(e, *b);
        else as_builder_destroy(*b);
        return NULL;
    }
    for (int i = 0; i < props->n; i++) {
        const char *nv = props->v[i], *eq = strchr(nv, '=');
        char name[64];
        int p = AS_INVALID_ARG;
        if (eq && (size_t)(eq - nv) < sizeof name) {
            memcpy(name, nv, (size_t)(eq - nv));
            name[eq - nv] = 0;
            p = as_engine_property_by_name(name);
        }
        char *end = NULL;
        long long v = eq ? strtoll(eq + 1, &end, 0) : 0;
        if (p < 0 || end == eq + 1 || *end || as_engine_set_property(e, (as_engine_prop)p, v) < 0) {
            fprintf(stderr, "angelc: bad engine property '%s'\n", nv);
            shutdown_engine(e, *b);
            return NULL;
        }
    }
    return e;
}

/* Runs main() of m; returns the exit status. */
static int run_main(as_engine *e, as_module *m, const char *path)
{
    as_function *fn = as_module_function_by_decl(m, "void main()");
    bool int_main = false;
    if (!fn) {
        fn = as_module_function_by_decl(m, "int main()");
        int_main = fn != NULL;
    }
    if (!fn) {
        fprintf(stderr, "%s: error: no 'void main()' or 'int main()' function\n", path);
        return 1;
    }
    /* as asrun: main() is a thread of the context manager, so it can start co-routines; the
     * manager keeps its context for the result */
    as_ctxmgr *mgr = host_context_manager(e);
    as_context *ctx = as_ctxmgr_add_context(mgr, e, fn, true);
    if (!ctx) {
        fprintf(stderr, "%s: error: main() could not be prepared\n", path);
        return 1;
    }
    while (as_ctxmgr_execute_scripts(mgr) > 0) {}
    int state = as_context_state(ctx);
    int status = 0;
    fflush(stdout);
    if (state == AS_EXECUTION_EXCEPTION) {
        print_exception(ctx);
        status = 1;
    } else if (state != AS_EXECUTION_FINISHED) {
        fprintf(stderr, "%s: error: the script did not finish (state %d)\n", path, state);
        status = 1;
    } else if (int_main) {
        status = (int)as_context_return_dword(ctx);
    }
    as_ctxmgr_done_with_context(mgr, ctx);
    return status;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "--version") == 0) {
        printf("angelc %s (AngelScript %d.%d.%d semantics)\n", ANGELC_VERSION, ANGELC_AS_VERSION / 10000,
               ANGELC_AS_VERSION / 100 % 100, ANGELC_AS_VERSION % 100);
        return 0;
    }
    if (argc < 3) {
        usage();
        return 2;
    }
    const char *cmd = argv[1];
    bool run = strcmp(cmd, "run") == 0, check = strcmp(cmd, "check") == 0, disasm = strcmp(cmd, "disasm") == 0;
    bool build = strcmp(cmd, "build") == 0;
    if (!run && !check && !disasm && !build) {
        usage();
        return 2;
    }
    int first = 2;                      /* argv[first] is the script */
    bool roundtrip = false, strip = false;
    const char *out = NULL;
    char *prop_args[64];
    prop_list props = {prop_args, 0};
    while (first < argc && argv[first][0] == '-') {
        if (strcmp(argv[first], "-p") == 0 && first + 1 < argc && props.n < 64) {
            prop_args[props.n++] = argv[first + 1];
            first += 2;
        } else if (run && strncmp(argv[first], "--roundtrip", 11) == 0 &&
                   (argv[first][11] == 0 || strcmp(argv[first] + 11, "=strip") == 0)) {
            roundtrip = true;
            strip = argv[first][11] != 0;
            first++;
        } else {
            usage();
            return 2;
        }
    }
    if (build) {
        for (int i = first + 1; i < argc; i++) {
            if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) out = argv[++i];
            else if (strcmp(argv[i], "--strip") == 0) strip = true;
            else out = NULL, i = argc;
        }
        if (!out) {
            usage();
            return 2;
        }
    }
    if (first >= argc) {
        usage();
        return 2;
    }
    const char *path = argv[first];
    FILE *readable = fopen(path, "rb"); /* an unreadable script is a usage error (2), not a compile error */
    if (!readable) {
        perror(path);
        return 2;
    }
    fclose(readable);
    int nargs = build ? 1 : argc - first;
    as_builder *b;
    as_engine *e = setup_engine(&b, &props, nargs, argv + first);
    if (!e) return 2;
    as_module *m;
    if (run && !roundtrip && is_bytecode_file(path)) {
        m = as_engine_get_module(e, "main", AS_GM_ALWAYS_CREATE);
        if (load_file(m, path) < 0) {
            shutdown_engine(e, b);
            return 1;
        }
    } else {
        /* a round trip initialises the globals once, in the engine that runs the script */
        if (roundtrip) as_engine_set_property(e, AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD, 0);
        if (build_script(b, e, path) < 0) {
            shutdown_engine(e, b);
            return 1;
        }
        m = as_builder_module(b);
    }
    if (check) {
        shutdown_engine(e, b);
        return 0;
    }
    if (disasm) {
        as_module_disassemble(m, stdout);
        shutdown_engine(e, b);
        return 0;
    }
    if (build) {
        int status = save_file(m, out, strip);
        shutdown_engine(e, b);
        return status;
    }
    if (roundtrip) {
        void *data = NULL;
        size_t size = 0;
        int r = as_module_save_bytecode_to_memory(m, strip, &data, &size);
        shutdown_engine(e, b);
        if (r < 0) {
            fprintf(stderr, "%s: error: the bytecode could not be saved (%d)\n", path, r);
            return 1;
        }
        e = setup_engine(&b, &props, nargs, argv + first);
        if (!e) {
            as_free_mem(data);
            return 2;
        }
        m = as_engine_get_module(e, "main", AS_GM_ALWAYS_CREATE);
        r = as_module_load_bytecode_from_memory(m, data, size, NULL);
        as_free_mem(data);
        if (r < 0) {
            shutdown_engine(e, b);
            return 1;
        }
    }
    int status = run_main(e, m, path);
    shutdown_engine(e, b);
    return status;
}
