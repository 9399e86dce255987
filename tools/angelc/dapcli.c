/* The debug adapter in the command line (dapcli.h): `angelc dap`, which a client launches and
 * talks to over standard input and output, and `angelc run --dap[=PORT]`, which waits for a
 * client to attach over TCP before main() runs. */
#define _POSIX_C_SOURCE 200809L
#include "dapcli.h"
#ifdef ANGELC_HAVE_SERVERS
#include "angelc_dap.h"
#include "host.h"
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static as_dap_server *server;
static bool launched;            /* `angelc dap`: the client's launch is answered by main() */
static bool listening;           /* run --dap: the server ends with main() */
static as_dap_launch launch;

bool dapcli_active(void) { return server != NULL; }

int dapcli_listen(int port)
{
    char err[160];
    server = as_dap_listen(NULL, port, err, sizeof err);
    if (!server) {
        fprintf(stderr, "angelc: the debug adapter cannot listen on 127.0.0.1:%d: %s\n", port, err);
        return ANGELC_EXIT_USAGE;
    }
    listening = true;
    fprintf(stderr, "angelc: waiting for a debugger on 127.0.0.1:%d\n", as_dap_port(server));
    /* the script's output goes to the terminal and to the client */
    setvbuf(stdout, NULL, _IOLBF, 0);
    as_dap_capture_fd(server, 1, "stdout", true);
    as_dap_capture_fd(server, 2, "stderr", true);
    return 0;
}

/* Contexts the engine hands out from now on (the context manager's co-routines) are threads
 * the client sees too. */
static int coroutines;

static as_context *request_context(as_engine *e, void *user)
{
    (void)user;
    as_context *ctx = as_context_create(e);
    if (ctx && server) {
        char name[32];
        snprintf(name, sizeof name, "co-routine %d", ++coroutines);
        as_dap_attach_context(server, ctx, name);
    }
    return ctx;
}

static void return_context(as_engine *e, as_context *ctx, void *user)
{
    (void)e;
    (void)user;
    if (server) as_dap_detach_context(server, ctx);
    as_context_destroy(ctx);
}

void dapcli_add_source(const char *section, const char *text, size_t len)
{
    if (server && text) as_dap_add_source(server, section, text, len);
}

/* run --watch --dap: each reload's new lines for the breakpoints */
static void on_reload(as_module *m, as_reload_phase phase, const as_reload_report *report, void *user)
{
    (void)user;
    if (server && phase == AS_RELOAD_PHASE_AFTER && report && report->kind != AS_RELOAD_REFUSED)
        as_dap_module_reloaded(server, m);
}

bool dapcli_before_run(as_module *m, as_context *ctx)
{
    static as_engine *watched;
    if (watched != as_module_engine(m)) {
        watched = as_module_engine(m);
        as_engine_add_reload_callback(watched, on_reload, NULL);
    }
    if (launch.no_debug) {
        as_dap_launch_done(server, true, NULL);
        return as_dap_wait_for_client(server, -1);
    }
    as_dap_add_module(server, m);
    as_dap_attach_context(server, ctx, "main");
    as_engine_set_context_callbacks(as_context_engine(ctx), request_context, return_context, NULL);
    if (launch.stop_on_entry) as_dap_stop_on_entry(server, ctx);
    if (launched) as_dap_launch_done(server, true, NULL);
    return as_dap_wait_for_client(server, -1);
}

void dapcli_after_run(as_context *ctx, int status)
{
    /* main() is over, and so are its co-routines: the engine's own pool again */
    as_engine_set_context_callbacks(as_context_engine(ctx), NULL, NULL, NULL);
    as_dap_detach_context(server, ctx);
    if (!listening) return;   /* `angelc dap` ends the session itself */
    as_dap_exited(server, status);
    as_dap_wait_disconnect(server, 2000);
    as_dap_stop(server);
    server = NULL;
    listening = false;
}

int dapcli_adapter(int (*run)(int argc, char **argv), int argc, char **argv)
{
    if (argc > 2) {
        fprintf(stderr, "angelc: dap takes no arguments (the client's launch request names the script), got '%s'\n", argv[2]);
        return ANGELC_EXIT_USAGE;
    }
    /* the protocol keeps standard input and output on descriptors of its own: what the script
     * writes to standard output becomes output events, and it reads from /dev/null (getInput()
     * must not eat the client's requests) */
    fflush(stdout);
    int protocol_in = fcntl(0, F_DUPFD_CLOEXEC, 3);
    int protocol_out = fcntl(1, F_DUPFD_CLOEXEC, 3);
    int devnull = open("/dev/null", O_RDONLY);
    if (protocol_in < 0 || protocol_out < 0 || devnull < 0 || dup2(devnull, 0) < 0) {
        perror("angelc: dap");
        return 1;
    }
    close(devnull);
    server = as_dap_open_fds(protocol_in, protocol_out);
    if (!server) {
        close(protocol_in);
        close(protocol_out);
        fputs("angelc: dap: out of memory\n", stderr);
        return 1;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    as_dap_capture_fd(server, 1, "stdout", false);
    as_dap_capture_fd(server, 2, "stderr", false);
    int status = 0;
    if (as_dap_wait_launch(server, &launch)) {
        if (launch.cwd && chdir(launch.cwd) != 0) {
            as_dap_launch_done(server, false, "the launch's cwd is not a directory that can be entered");
            status = 2;
        } else {
            /* angelc run -- PROGRAM ARGS..., or angelc run -e CODE ARGS... (args[0] is "-e") */
            char **run_argv = calloc((size_t)launch.argc + 5, sizeof *run_argv);
            if (run_argv) {
                int n = 0;
                run_argv[n++] = argv[0];
                run_argv[n++] = "run";
                if (launch.code) {
                    run_argv[n++] = "-e";
                    run_argv[n++] = launch.code;
                    memcpy(run_argv + n, launch.args + 1, (size_t)(launch.argc - 1) * sizeof *run_argv);
                    n += launch.argc - 1;
                } else {
                    run_argv[n++] = "--";
                    memcpy(run_argv + n, launch.args, (size_t)launch.argc * sizeof *run_argv);
                    n += launch.argc;
                }
                launched = true;
                status = run(n, run_argv);
                launched = false;
                free(run_argv);
            } else {
                status = 1;
            }
            /* a program that never ran (unreadable, compile errors) fails its launch; the
             * reasons went to the client's console as stderr output */
            char msg[120];
            snprintf(msg, sizeof msg, "%s did not start (exit status %d): see the debug console",
                     launch.program ? launch.program : "the code", status);
            as_dap_launch_done(server, false, msg);
        }
        as_dap_exited(server, status);
        as_dap_wait_disconnect(server, 5000);
    }
    as_dap_launch_free(&launch);
    as_dap_stop(server);
    server = NULL;
    close(protocol_in);
    close(protocol_out);
    return status;
}
#else
typedef int dapcli_not_built;   /* an empty translation unit is not ISO C */
#endif
