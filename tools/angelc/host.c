#include "host.h"
#include "angelc_addons.h"
#include <stdio.h>
#include <string.h>

static void message(const as_message *m, void *user)
{
    (void)user;
    const char *t = m->type == AS_MSG_ERROR ? "error" : m->type == AS_MSG_WARNING ? "warning" : "info";
    if (m->section && *m->section) fprintf(stderr, "%s:%d:%d: %s: %s\n", m->section, m->row, m->col, t, m->message);
    else fprintf(stderr, "angelc: %s: %s\n", t, m->message);
}

static void print(as_generic *g)
{
    size_t n;
    const char *s = as_string_data(as_generic_arg_object(g, 0), &n);
    fwrite(s, 1, n, stdout);
}

static void println(as_generic *g)
{
    print(g);
    fputc('\n', stdout);
}

static int native_add(int a, int b) { return a + b; }

int host_register(as_engine *e, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    as_engine_set_message_callback(e, message, NULL);
    int r;
    if ((r = as_register_string(e)) < 0) return r;
    if ((r = as_register_array(e, true)) < 0) return r;
    if ((r = as_register_string_utils(e)) < 0) return r;
    if ((r = as_register_dictionary(e)) < 0) return r;
    if ((r = as_register_math(e)) < 0) return r;
    if ((r = as_register_exception_routines(e)) < 0) return r;
    if ((r = as_register_any(e)) < 0) return r;
    if ((r = as_register_handle(e)) < 0) return r;
    if ((r = as_register_weakref(e)) < 0) return r;
    if ((r = as_register_grid(e)) < 0) return r;
    if ((r = as_register_datetime(e)) < 0) return r;
    if ((r = as_register_file(e)) < 0) return r;
    if ((r = as_register_filesystem(e)) < 0) return r;   /* as asrun does; the reference host has none */
    if ((r = as_register_global_function(e, "void print(const string &in)", AS_FN(print), AS_CALL_GENERIC, NULL)) < 0) return r;
    if ((r = as_register_global_function(e, "void println(const string &in)", AS_FN(println), AS_CALL_GENERIC, NULL)) < 0) return r;
    if ((r = as_register_global_function(e, "int native_add(int, int)", AS_FN(native_add), AS_CALL_CDECL, NULL)) < 0) return r;
    if ((r = host_register_asrun(e, argc, argv)) < 0) return r;
    return 0;
}
