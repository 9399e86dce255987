/* The debug adapter in the command line (dapcli.c; built with the editor servers,
 * ANGELC_HAVE_SERVERS): `angelc dap` and `angelc run --dap[=PORT]`. */
#ifndef ANGELC_TOOL_DAPCLI_H
#define ANGELC_TOOL_DAPCLI_H
#ifdef ANGELC_HAVE_SERVERS
#include "angelc.h"

/* `angelc dap`: a debug adapter on standard input and output. Waits for the client's `launch`,
 * then runs its program with run(argc, argv) (the `angelc run` command line it makes), the
 * script's output going to the client as `output` events; returns the exit status. */
int dapcli_adapter(int (*run)(int argc, char **argv), int argc, char **argv);
/* run --dap=PORT: listens on 127.0.0.1:PORT (0 if all is well, else the exit status after
 * saying why). */
int dapcli_listen(int port);
/* Whether main() runs under the debug adapter. */
bool dapcli_active(void);
/* The text of a script that is no file (-e CODE, standard input), for the client to show. */
void dapcli_add_source(const char *section, const char *text, size_t len);
/* Before main() runs in ctx: the module's lines, ctx attached, the client awaited. False when
 * the client went away first (main() is then not run). */
bool dapcli_before_run(as_module *m, as_context *ctx);
/* After main() ended with status: ctx detached, the client told. */
void dapcli_after_run(as_context *ctx, int status);
#endif
#endif
