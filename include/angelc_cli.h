/* The angelc command line as a library: a program that registers its own C code and hands its
 * arguments to angelc_cli_main is a whole `angelc` — run, check, build, disasm, repl, dump-api,
 * dap and lsp, the limits, the sandbox and the debugger — whose scripts also see what it
 * registered. A custom command line in three lines:
 *
 *     #include "angelc_cli.h"
 *     static int setup(as_engine *e, void *user) { (void)user; return as_bind_run(e); }
 *     int main(int argc, char **argv) { return angelc_cli_main(argc, argv, setup, NULL); }
 *
 * Link with libangelc_cli.a before libangelc (the build's angelc_cli target). */
#ifndef ANGELC_CLI_H
#define ANGELC_CLI_H
#include <stddef.h>
#include "angelc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Called on every engine the command line makes (for running, checking, the repl, dump-api, the
 * language server), after the add-ons, print/println and asrun's functions are registered and
 * before any script compiles. A negative return is reported and stops the command. */
typedef int (*angelc_cli_setup_fn)(as_engine *e, void *user);

/* Runs the command line on argc/argv as `angelc` does and returns its exit status (documented
 * by `angelc --help`). setup may be NULL. Call it once per process: it owns standard input and
 * output, signals and the process's allocator while it runs (for --max-memory). */
int angelc_cli_main(int argc, char **argv, angelc_cli_setup_fn setup, void *user);

/* Makes `run` read the script named name from text (len bytes, not copied: it must outlive the
 * command) instead of from a file of that name: the programs `angelc aot --exe` builds embed
 * their script so. Call before angelc_cli_main. */
void angelc_cli_set_embedded_script(const char *name, const char *text, size_t len);

#ifdef __cplusplus
}
#endif
#endif
