/* What `angelc run` registers for scripts: the add-ons and functions the SDK's asrun sample offers. */
#ifndef ANGELC_TOOL_HOST_H
#define ANGELC_TOOL_HOST_H
#include "angelc.h"
#include "angelc_addons.h"

/* Registers the add-ons, print/println and the command line helpers; args are the script's. */
int host_register(as_engine *e, int argc, char **argv);

/* asrun's own functions (asrun.c): getInput, getCommandLineArgs, exec, sleep. argv[0] is the
 * script path and argv[1..argc) its arguments; needs string and array<string> registered. */
int host_register_asrun(as_engine *e, int argc, char **argv);
/* Gives back what host_register_asrun holds (the argument array); call before as_engine_destroy. */
void host_release_asrun(as_engine *e);

/* The context manager host_register_asrun made: `angelc run` runs main() through it. */
as_ctxmgr *host_context_manager(as_engine *e);

#endif
