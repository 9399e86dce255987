/* The global functions the SDK's asrun sample (2.35.1) registers besides the add-ons, as its
 * manual documents them ("System functions"):
 *
 *   string getInput()                            a line of stdin without its '\n' ("" at EOF)
 *   array<string> @getCommandLineArgs()          the arguments after the script path
 *   int exec(const string &in cmd)               runs cmd through the shell, returns its exit code
 *   int exec(const string &in cmd, string &out)  the same, capturing the command's stdout
 *   void sleep(uint ms)                          angelc extension, with the declaration of the
 *                                                SDK's context manager (asrun does not register it)
 *   createCoRoutine, yield, funcdef coroutine    the context manager's co-routines, as asrun
 *                                                registers them; main() runs through the manager
 *
 * Where asrun 2.35.1 on Linux differs from its manual, angelc follows the manual: exec returns
 * the exit code rather than the raw wait status, and the capturing exec works (asrun raises
 * "not yet implemented" outside Windows). A command killed by a signal gives 128 + the signal,
 * as in the shell; a command that cannot be started gives -1. */
#define _POSIX_C_SOURCE 200809L
#include "host.h"
#include "watch.h"
#include "angelc_addons.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

/* What the functions need between calls; lives in the engine's user data under asrun_key. */
typedef struct asrun_state {
    as_engine *engine;
    int argc;
    char **argv;        /* the script's arguments (not the script path) */
    void *args_array;   /* array<string> made on the first getCommandLineArgs(), one reference held */
    as_ctxmgr *mgr;     /* runs main() and the co-routines it creates */
    bool no_exec;       /* run --sandbox */
} asrun_state;

static const char asrun_key_tag;
#define ASRUN_KEY ((uintptr_t)&asrun_key_tag)

/* A copy of a script string with a terminating NUL, for the C library (NULL if out of memory). */
static char *string_to_c(const void *str)
{
    size_t len;
    const char *data = as_string_data(str, &len);
    char *s = malloc(len + 1);
    if (!s) return NULL;
    memcpy(s, data, len);
    s[len] = 0;
    return s;
}

/* The script's view of a wait status: the exit code, 128 + signal, or -1. */
static int exit_code_of(int status)
{
    if (status == -1) return -1;
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
    return -1;
}

/* Returns a new string holding data[0..len) through the return location (generic convention). */
static void return_string(as_generic *g, const char *data, size_t len)
{
    as_engine *e = as_generic_engine(g);
    int string_id = as_generic_return_type_id(g, NULL);
    void *str = as_engine_create_object(e, string_id);
    if (!str) {
        as_context_set_exception(as_active_context(), "Out of memory", true);
        return;
    }
    as_string_assign(str, data, len);
    as_generic_set_return_object(g, str);
    as_engine_release_object(e, str, string_id);
}

/* string getInput() */
static void get_input(as_generic *g)
{
    /* stdout is flushed first, as C++ flushes cout before reading cin: a prompt shows up. */
    fflush(stdout);
    size_t cap = 128, len = 0;
    char *line = malloc(cap);
    int c;
    while (line && (c = getchar()) != EOF && c != '\n') {
        if (len + 1 == cap) {
            char *bigger = realloc(line, cap *= 2);
            if (!bigger) { free(line); line = NULL; break; }
            line = bigger;
        }
        line[len++] = (char)c;
    }
    if (!line) {
        as_context_set_exception(as_active_context(), "Out of memory", true);
        return;
    }
    return_string(g, line, len);
    free(line);
}

/* array<string> @getCommandLineArgs()
 * Like asrun, every call returns the same array, so changes the script makes to it stay. */
static void get_command_line_args(as_generic *g)
{
    asrun_state *st = as_generic_auxiliary(g);
    if (!st->args_array) {
        as_type *array_type = as_engine_type_by_decl(st->engine, "array<string>");
        void *arr = array_type ? as_array_create(array_type, (uint32_t)st->argc) : NULL;
        if (!arr) {
            as_context_set_exception(as_active_context(), "Out of memory", true);
            return;
        }
        for (int i = 0; i < st->argc; i++) as_string_assign(as_array_at(arr, (uint32_t)i), st->argv[i], strlen(st->argv[i]));
        st->args_array = arr;
    }
    as_generic_set_return_object(g, st->args_array); /* adds the reference the caller gets */
}

/* Raises the exception asrun raises when there is no shell; false then. */
static bool shell_available(void)
{
    if (system(NULL)) return true;
    as_context_set_exception(as_active_context(), "Command interpreter not available", true);
    return false;
}

/* Under --sandbox exec raises instead of running anything. */
static bool exec_allowed(void)
{
    as_context *ctx = as_active_context();
    asrun_state *st = ctx ? as_engine_get_user_data(as_context_engine(ctx), ASRUN_KEY) : NULL;
    if (!st || !st->no_exec) return true;
    as_context_set_exception(ctx, "sandbox: exec is not allowed (--sandbox)", true);
    return false;
}

void host_forbid_exec(as_engine *e)
{
    asrun_state *st = as_engine_get_user_data(e, ASRUN_KEY);
    if (st) st->no_exec = true;
}

/* int exec(const string &in cmd) */
static int exec_command(const void *cmd_str)
{
    if (!exec_allowed()) return -1;
    char *cmd = string_to_c(cmd_str);
    if (!cmd) {
        as_context_set_exception(as_active_context(), "Out of memory", true);
        return -1;
    }
    int code = -1;
    if (shell_available()) {
        fflush(stdout); /* the command writes to the same stdout: keep the order of the output */
        code = exit_code_of(system(cmd));
    }
    free(cmd);
    return code;
}

/* int exec(const string &in cmd, string &out output): output gets everything cmd writes to
 * stdout (its stderr is not captured). */
static int exec_command_capture(const void *cmd_str, void *output)
{
    if (!exec_allowed()) return -1;
    char *cmd = string_to_c(cmd_str);
    if (!cmd) {
        as_context_set_exception(as_active_context(), "Out of memory", true);
        return -1;
    }
    int code = -1;
    FILE *pipe = NULL;
    if (shell_available()) {
        fflush(stdout);
        pipe = popen(cmd, "r");
    }
    free(cmd);
    if (!pipe) return code;
    size_t cap = 4096, len = 0, n;
    char *text = malloc(cap);
    while (text && (n = fread(text + len, 1, cap - len, pipe)) > 0) {
        len += n;
        if (len < cap) continue;
        char *bigger = realloc(text, cap *= 2);
        if (!bigger) free(text);
        text = bigger;
    }
    code = exit_code_of(pclose(pipe));
    if (!text) {
        as_context_set_exception(as_active_context(), "Out of memory", true);
        return -1;
    }
    as_string_assign(output, text, len);
    free(text);
    return code;
}

/* void sleep(uint ms) */
static void sleep_ms(uint32_t ms)
{
    struct timespec left = {(time_t)(ms / 1000), (long)(ms % 1000) * 1000000L};
    while (nanosleep(&left, &left) == -1 && errno == EINTR) {}
}

/* run --watch: sleep() is the context manager's, which suspends the script */
static bool watch_sleep;
void host_set_watch_sleep(bool on) { watch_sleep = on; }

static const as_doc_entry asrun_docs[] = {
    {"getInput", "a line of standard input without its newline (\"\" at the end of input)"},
    {"getCommandLineArgs", "the script's arguments: those after the script on angelc's command line"},
    {"exec", "runs a command through the shell and returns its exit code; the second form captures its output"},
};

int host_document_asrun(as_engine *e)
{
    return as_document_registrations(e, asrun_docs, sizeof asrun_docs / sizeof asrun_docs[0]);
}

int host_register_asrun(as_engine *e, int argc, char **argv)
{
    host_release_asrun(e); /* registering twice must not leak the first state */
    asrun_state *st = calloc(1, sizeof *st);
    if (!st) return AS_OUT_OF_MEMORY;
    st->engine = e;
    st->argc = argc > 1 ? argc - 1 : 0; /* argv[0] is the script */
    st->argv = argc > 1 ? argv + 1 : NULL;
    as_engine_set_user_data(e, st, ASRUN_KEY);
    int r;
    if (!(st->mgr = as_ctxmgr_create())) return AS_OUT_OF_MEMORY;
    if ((r = as_ctxmgr_register_coroutine_support(st->mgr, e)) < 0) return r;
    if ((r = as_register_global_function(e, "string getInput()", AS_FN(get_input), AS_CALL_GENERIC, NULL)) < 0) return r;
    if ((r = as_register_global_function(e, "array<string> @getCommandLineArgs()", AS_FN(get_command_line_args),
                                         AS_CALL_GENERIC, st)) < 0) return r;
    if ((r = as_register_global_function(e, "int exec(const string &in)", AS_FN(exec_command), AS_CALL_CDECL, NULL)) < 0) return r;
    if ((r = as_register_global_function(e, "int exec(const string &in, string &out)", AS_FN(exec_command_capture),
                                         AS_CALL_CDECL, NULL)) < 0) return r;
    if (watch_sleep) {
        as_ctxmgr_set_time_callback(st->mgr, watch_now_ms);
        if ((r = as_ctxmgr_register_thread_support(st->mgr, e)) < 0) return r;
    } else if ((r = as_register_global_function(e, "void sleep(uint)", AS_FN(sleep_ms), AS_CALL_CDECL, NULL)) < 0) {
        return r;
    }
    return 0;
}

void host_release_asrun(as_engine *e)
{
    asrun_state *st = as_engine_set_user_data(e, NULL, ASRUN_KEY);
    if (!st) return;
    as_ctxmgr_destroy(st->mgr);
    if (st->args_array) as_engine_release_object(e, st->args_array, as_engine_type_id_by_decl(e, "array<string>"));
    free(st);
}

as_ctxmgr *host_restart_context_manager(as_engine *e)
{
    asrun_state *st = as_engine_get_user_data(e, ASRUN_KEY);
    if (!st) return NULL;
    as_ctxmgr *fresh = as_ctxmgr_create();
    if (!fresh) return NULL;
    /* the old threads' contexts were unprepared: they go back to the engine as they are */
    as_ctxmgr_destroy(st->mgr);
    st->mgr = fresh;
    if (watch_sleep) as_ctxmgr_set_time_callback(fresh, watch_now_ms);
    return fresh;
}

as_ctxmgr *host_context_manager(as_engine *e)
{
    asrun_state *st = as_engine_get_user_data(e, ASRUN_KEY);
    return st ? st->mgr : NULL;
}
