/* The bindgen tests' programs: a custom angelc command line (include/angelc_cli.h) made of the
 * binds angelc-bindgen generated for one library (linked in beside this file) and three lines:
 * `bindgen_zlib run test.as`, `bindgen_zlib repl`, `bindgen_zlib dump-api` all work. */
#include "angelc_bind.h"
#include "angelc_cli.h"

static int setup(as_engine *e, void *user) { (void)user; return as_bind_run(e); }
int main(int argc, char **argv) { return angelc_cli_main(argc, argv, setup, (void *)0); }
