/* angelc: compile and run AngelScript files from the command line.
 *
 *   angelc run FILE.as [ARGS...]   run `void main()` or `int main()` (its value is the exit code)
 *   angelc check FILE.as           compile only
 *   angelc disasm FILE.as          print the bytecode
 */
#include "angelc.h"
#include "angelc_addons.h"
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

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 65536, n = 0;
    char *buf = malloc(cap);
    if (!buf) { fclose(f); return NULL; }
    for (;;) {
        size_t r = fread(buf + n, 1, cap - n, f);
        n += r;
        if (n < cap) break;
        char *nb = realloc(buf, cap * 2);
        if (!nb) { free(buf); fclose(f); return NULL; }
        buf = nb;
        cap *= 2;
    }
    fclose(f);
    *len = n;
    return buf;
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
    size_t len;
    char *src = read_file(path, &len);
    if (!src) {
        perror(path);
        return 2;
    }
    as_engine *e = as_engine_create();
    if (!e || host_register(e, argc - 2, argv + 2) < 0) {
        fputs("angelc: failed to set up the engine\n", stderr);
        return 2;
    }
    as_module *m = as_engine_get_module(e, "main", AS_GM_ALWAYS_CREATE);
    as_module_add_section(m, path, src, len, 0);
    free(src);
    int r = as_module_build(m);
    if (r < 0) {
        as_engine_destroy(e);
        return 1;
    }
    if (check) {
        as_engine_destroy(e);
        return 0;
    }
    if (disasm) {
        as_module_disassemble(m, stdout);
        as_engine_destroy(e);
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
        as_engine_destroy(e);
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
    as_engine_destroy(e);
    return status;
}
