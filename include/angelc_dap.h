/* angelc's debug adapter: the Debug Adapter Protocol (what VS Code and other editors speak to a
 * debugger) for a host's script contexts, built on the public API (library angelc_servers, which
 * needs cJSON and POSIX threads).
 *
 * A host starts a server (a TCP port, or a pair of file descriptors such as standard input and
 * output), attaches the contexts it wants debugged and runs its scripts as usual. The adapter's
 * reader thread takes the client's requests; everything that touches the engine (call stacks,
 * variables, evaluation) runs on the script's own thread while the script is stopped, so the
 * engine is never used from two threads at once. Cost: an attached context's line callback takes
 * itself off at its first statement while there is nothing to stop for (no client, breakpoint,
 * step or pause), so the script runs untraced; the adapter's thread puts it back on the context
 * when a breakpoint is set or a pause asked for (the interpreter starts tracing at its next call
 * or backward jump). bench/dap_cost.py measures it.
 *
 * What a client sends is untrusted: a framing error closes the session, a bad request gets a
 * failed response with a message; neither stops the host. */
#ifndef ANGELC_DAP_H
#define ANGELC_DAP_H
#include "angelc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* angel-lsp's attach default. */
#define AS_DAP_DEFAULT_PORT 27979

typedef struct as_dap_server as_dap_server;

/* Listens on TCP address:port on a thread of its own, one client at a time (another may attach
 * after it disconnects). address NULL is 127.0.0.1 (only this machine: a debugger can read and
 * change everything a script holds); port 0 is AS_DAP_DEFAULT_PORT, -1 any free port
 * (as_dap_port says which). NULL on failure, with the reason in err (err_size bytes) if not NULL.
 * The host owns the server: as_dap_stop frees it. */
as_dap_server *as_dap_listen(const char *address, int port, char *err, size_t err_size);
/* A session over in_fd / out_fd (not closed by the server), e.g. 0 and 1 for an adapter a client
 * launches (`angelc dap`). The client may then send `launch`: see as_dap_wait_launch. */
as_dap_server *as_dap_open_fds(int in_fd, int out_fd);
/* The TCP port the server listens on (0 for a session over file descriptors). */
int as_dap_port(const as_dap_server *s);

/* The module's script sections and their lines with code, so that breakpoints are verified and
 * moved to the next line with code before the script runs. Call on the thread that owns the
 * engine, after building; modules not added are learnt when their code first runs. */
int as_dap_add_module(as_dap_server *s, as_module *m);
/* After a hot reload of m (call it from a reload callback, as_engine_add_reload_callback, at
 * AS_RELOAD_PHASE_AFTER when the reload was not refused; on the engine's thread): the lines are
 * learnt again from the new code, so breakpoints stay on their lines where those have code (the
 * client is sent `breakpoint` events for those that moved). AS_INVALID_ARG for NULL. */
int as_dap_module_reloaded(as_dap_server *s, as_module *m);
/* The text of a script section that is no file the client could open (code from the host's
 * memory, a script read from standard input): the client is given a sourceReference for it and
 * reads it from the server (copied; a later call replaces it). AS_INVALID_ARG, AS_OUT_OF_MEMORY. */
int as_dap_add_source(as_dap_server *s, const char *section, const char *text, size_t len);
/* Debugs ctx: sets its line and exception callbacks (replacing the host's; the adapter takes the
 * line callback off and puts it back as it needs it, from its own thread too) and makes it a
 * thread the client sees, named `name` (copied; NULL: "main"). Detach before destroying ctx. */
int as_dap_attach_context(as_dap_server *s, as_context *ctx, const char *name);
void as_dap_detach_context(as_dap_server *s, as_context *ctx);
/* Stops ctx at its first line (a `stopped` event, reason "entry") once a client is attached. */
void as_dap_stop_on_entry(as_dap_server *s, as_context *ctx);

/* Blocks until a client has attached and finished its configuration (configurationDone), at most
 * timeout_ms milliseconds (negative: no limit). True if one has. */
bool as_dap_wait_for_client(as_dap_server *s, int timeout_ms);

/* What a client's `launch` request asked for (as_dap_wait_launch). */
typedef struct as_dap_launch {
    char *program;        /* the script */
    char **args;          /* its arguments, args[0] is program; argc of them */
    int argc;
    bool stop_on_entry;
    bool no_debug;
    char *cwd;            /* NULL if not given */
    char *code;           /* the script's text instead of a program (angelc's `code`), or NULL;
                           * then program is NULL and args[0] is "-e" */
} as_dap_launch;
/* Blocks until the client sends `launch` (true; *out is filled, free it with
 * as_dap_launch_free) or goes away (false). */
bool as_dap_wait_launch(as_dap_server *s, as_dap_launch *out);
void as_dap_launch_free(as_dap_launch *l);
/* Answers the pending `launch`: ok sends the success and the `initialized` event (the client
 * then sets its breakpoints); otherwise a failure with message (copied). */
void as_dap_launch_done(as_dap_server *s, bool ok, const char *message);

/* Text for the client's debug console (category "stdout", "stderr" or "console"). */
void as_dap_output(as_dap_server *s, const char *category, const char *text, size_t len);
/* Sends everything written to fd (1 or 2) to the client as `output` events of category, through
 * a pipe put in fd's place; with tee it is written to the original fd too. Undone by
 * as_dap_stop. 0, or -1 if the pipe could not be made. */
int as_dap_capture_fd(as_dap_server *s, int fd, const char *category, bool tee);

/* The debuggee ended with status: `exited` and `terminated` events. */
void as_dap_exited(as_dap_server *s, int status);
/* Waits up to timeout_ms for the client to disconnect (after as_dap_exited). */
void as_dap_wait_disconnect(as_dap_server *s, int timeout_ms);
/* Closes the session and the listening socket, joins the threads, restores captured descriptors
 * and frees the server. Detach the contexts first, on their thread (none may be running). */
void as_dap_stop(as_dap_server *s);

#ifdef __cplusplus
}
#endif
#endif
