/* `angelc aot` (aot_cmd.c). */
#ifndef ANGELC_TOOL_AOT_CMD_H
#define ANGELC_TOOL_AOT_CMD_H
#include "angelc.h"

/* Writes the C of built module m compiled from script to out_path (NULL: SCRIPT_aot.c beside it,
 * "-": standard output), or with exe builds the program out_path (NULL: SCRIPT without .as).
 * Returns the exit status, after saying what failed. */
int aot_command(as_module *m, const char *script, const char *out_path, bool exe);

#endif
