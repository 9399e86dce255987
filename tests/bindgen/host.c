/* The host of the bindgen tests: the public API, the binds angelc-bindgen generated for one
 * library (linked in beside this file), the standard add-ons and print/println; runs the
 * script's void main(). Exit status 0 only if the script compiled and main() finished. */
#include "angelc.h"
#include "angelc_addons.h"
#include "angelc_bind.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void on_message(const as_message *m, void *user)
{
    (void)user;
    static const char *const kinds[] = {"error", "warning", "info"};
    if (m->type == AS_MSG_INFORMATION) return;
    fprintf(stderr, "%s:%d:%d: %s: %s\n", m->section, m->row, m->col, kinds[m->type], m->message);
}

static void print_text(as_generic *g)
{
    size_t n;
    const char *s = as_string_data(as_generic_arg_object(g, 0), &n);
    fwrite(s, 1, n, stdout);
    if (as_generic_auxiliary(g)) fputc('\n', stdout);
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    if (buf) buf[n] = 0;
    fclose(f);
    return buf;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s SCRIPT\n", argv[0]);
        return 2;
    }
    as_engine *e = as_engine_create();
    as_engine_set_message_callback(e, on_message, NULL);
    static int newline = 1;
    bool ok = as_register_std_addons(e) >= 0 &&
              as_register_global_function(e, "void print(const string &in)", AS_FN(print_text), AS_CALL_GENERIC, NULL) >= 0 &&
              as_register_global_function(e, "void println(const string &in)", AS_FN(print_text), AS_CALL_GENERIC, &newline) >= 0 &&
              as_bind_run(e) > 0;
    char *src = ok ? read_file(argv[1]) : NULL;
    if (ok && !src) fprintf(stderr, "%s: cannot read %s\n", argv[0], argv[1]);
    ok = src != NULL;
    as_module *m = ok ? as_engine_get_module(e, "test", AS_GM_ALWAYS_CREATE) : NULL;
    if (ok) ok = as_module_add_section(m, argv[1], src, strlen(src), 0) >= 0 && as_module_build(m) >= 0;
    free(src);
    as_function *main_fn = ok ? as_module_function_by_decl(m, "void main()") : NULL;
    if (ok && !main_fn) fprintf(stderr, "%s: no void main()\n", argv[1]);
    ok = main_fn != NULL;
    if (ok) {
        as_context *ctx = as_context_create(e);
        ok = as_context_prepare(ctx, main_fn) >= 0 && as_context_execute(ctx) == AS_EXECUTION_FINISHED;
        if (!ok && as_context_state(ctx) == AS_EXECUTION_EXCEPTION)
            fprintf(stderr, "%s: exception: %s\n", argv[1], as_context_exception_string(ctx));
        as_context_destroy(ctx);
    }
    as_engine_destroy(e);
    return ok ? 0 : 1;
}
