/* What `angelc run` registers for scripts: the add-ons and functions the SDK's asrun sample offers. */
#ifndef ANGELC_TOOL_HOST_H
#define ANGELC_TOOL_HOST_H
#include "angelc.h"

/* Registers the add-ons, print/println and the command line helpers; args are the script's. */
int host_register(as_engine *e, int argc, char **argv);

#endif
