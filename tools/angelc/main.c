/* angelc: compile and run AngelScript files from the command line.
 *
 *   angelc run FILE.as [ARGS...]   run `void main()` or `int main()` (its value is the exit code)
 *   angelc check FILE.as           compile only
 *   angelc disasm FILE.as          print the bytecode
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
    fputs("usage: angelc run FILE.as [ARGS...]\n"
          "       angelc check FILE.as\n"
          "       angelc disasm FILE.as\n"
          "       angelc --version\n", stderr);
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
    const char *cmd = argv[1], *path = argv[2];
    bool run = strcmp(cmd, "run") == 0, check = strcmp(cmd, "check") == 0, disasm = strcmp(cmd, "disasm") == 0;
    if (!run && !check && !disasm) {
        usage();
        return 2;
    }
    FILE *readable = fopen(path, "rb"); /* an unreadable script is a usage error (2), not a compile error */
    if (!readable) {
        perror(path);
        return 2;
    }
    fclose(readable);
    as_engine *e = as_engine_create();
    as_builder *b = as_builder_create();
    if (!e || !b || host_register(e, argc - 2, argv + 2) < 0) {
        fputs("angelc: failed to set up the engine\n", stderr);
        if (e) shutdown_engine(e, b);
        return 2;
    }
    if (build_script(b, e, path) < 0) {
        shutdown_engine(e, b);
        return 1;
    }
    as_module *m = as_builder_module(b);
    if (check) {
        shutdown_engine(e, b);
        return 0;
    }
    if (disasm) {
        as_module_disassemble(m, stdout);
        shutdown_engine(e, b);
        return 0;
    }
    as_function *fn = as_module_function_by_decl(m, "void main()");
    bool int_main = false;
    if (!fn) {
        fn = as_module_function_by_decl(m, "int main()");
        int_main = fn != NULL;
    }
    if (!fn) {
        fprintf(stderr, "%s: error: no 'void main()' or 'int main()' function\n", path);
        shutdown_engine(e, b);
        return 1;
    }
    as_context *ctx = as_context_create(e);
    as_context_prepare(ctx, fn);
    int state = as_context_execute(ctx);
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
    as_context_destroy(ctx);
    shutdown_engine(e, b);
    return status;
}
