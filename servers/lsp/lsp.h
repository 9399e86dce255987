/* The language server (`angelc lsp`): LSP 3.17 over Content-Length framing on two file
 * descriptors. It compiles each open document with angelc's own compiler, on an engine the
 * embedding program configures through lsp_host, so that diagnostics are the ones the program's
 * `check` reports. The dependency is one-way: the server knows nothing of the program that
 * runs it, only these callbacks. */
#ifndef ANGELC_LSP_H
#define ANGELC_LSP_H
#include "angelc.h"
#include "angelc_builder.h"

typedef struct lsp_host {
    /* Registers on a fresh engine what scripts may use (and its documentation) and configures
     * the builder (pragma callback, defines). The server sets its own message callback after
     * this. Negative: the engine cannot be used. */
    int (*setup)(as_engine *e, as_builder *b, void *user);
    /* Gives back what setup holds, just before the engine is destroyed (may be NULL). */
    void (*teardown)(as_engine *e, void *user);
    void *user;
} lsp_host;

/* Serves one client: reads requests from in_fd, writes responses and notifications to out_fd,
 * until `exit` or the end of the input. Returns the process exit status: 0 after shutdown and
 * exit, 1 for an exit without shutdown or input that ended (or broke) first. */
int lsp_serve(int in_fd, int out_fd, const lsp_host *host);

#endif
