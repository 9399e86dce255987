/* `angelc` itself: the command line (angelc_cli_main, main.c) with nothing of its own added. */
#include "angelc_cli.h"

int main(int argc, char **argv) { return angelc_cli_main(argc, argv, NULL, NULL); }
