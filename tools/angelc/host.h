/* What `angelc run` registers for scripts: the add-ons and functions the SDK's asrun sample offers. */
#ifndef ANGELC_TOOL_HOST_H
#define ANGELC_TOOL_HOST_H
#include "angelc.h"
#include "angelc_addons.h"
#include "angelc_cli.h"

/* Registers the add-ons, print/println and the command line helpers, then a custom command
 * line's own (host_set_setup); args are the script's. */
int host_register(as_engine *e, int argc, char **argv);
/* What angelc_cli_main was given: called at the end of every host_register. */
void host_set_setup(angelc_cli_setup_fn setup, void *user);

/* asrun's own functions (asrun.c): getInput, getCommandLineArgs, exec, sleep. argv[0] is the
 * script path and argv[1..argc) its arguments; needs string and array<string> registered. */
int host_register_asrun(as_engine *e, int argc, char **argv);
/* Attaches the documentation `angelc dump-api` shows: the add-ons', print's and println's
 * (host_document), asrun's functions' (host_document_asrun). */
int host_document(as_engine *e);
int host_document_asrun(as_engine *e);
/* Makes exec() raise "sandbox: exec is not allowed" on e (run --sandbox). */
void host_forbid_exec(as_engine *e);
/* Gives back what host_register_asrun holds (the argument array); call before as_engine_destroy. */
void host_release_asrun(as_engine *e);

/* While on, compiler messages are kept instead of printed; host_take_messages returns them
 * (a string to free(), "" if none) and starts a new buffer. */
void host_capture_messages(bool on);
char *host_take_messages(void);
/* Code compiled wrapped in a function header on its own first line (-e, the repl): columns of
 * section's line 1 are reported `shift` less, as the user typed them (NULL: none). */
void host_set_column_shift(const char *section, int shift);
int host_shift_column(const char *section, int line, int col);
/* The same for code wrapped as `HEADER{CODE\n}` (-e without main()): besides the shift, a
 * position on the lines after CODE's (the wrapper's `}`) is placed just after CODE's last
 * character. host_set_column_shift forgets the code. */
void host_set_wrapped_code(const char *section, int shift, const char *code);
/* A position in section (FILE:LINE:COL of a message or an exception) as the user wrote it. */
void host_map_position(const char *section, int *line, int *col);
/* A function as the user knows it, in stack traces and stop reports: its declaration, or
 * "<input>" for the wrappers the repl compiles around what was typed. */
const char *host_function_label(as_function *fn);

/* The context manager host_register_asrun made: `angelc run` runs main() through it. */
as_ctxmgr *host_context_manager(as_engine *e);

/* Exit statuses of the command line (documented in `angelc --help` and the README). */
enum {
    ANGELC_EXIT_OK = 0,
    ANGELC_EXIT_ERROR = 1,          /* compile error, uncaught script exception, output not written */
    ANGELC_EXIT_USAGE = 2,          /* bad command line, unreadable script */
    ANGELC_EXIT_TIMEOUT = 3,        /* --timeout */
    ANGELC_EXIT_INSTRUCTIONS = 4,   /* --max-instructions */
    ANGELC_EXIT_MEMORY = 5,         /* --max-memory */
    ANGELC_EXIT_DEPTH = 6,          /* --max-depth */
};

/* ---- limits for untrusted scripts (limits.c) ---- */
typedef struct cli_limits {
    double timeout;                 /* seconds of wall time, 0: none */
    unsigned long long max_instructions;  /* budget steps (loop iterations and calls), 0: none */
    unsigned long long max_memory;  /* bytes allocated through angelc, 0: none */
    unsigned max_depth;             /* nested script calls, 0: the engine's default */
    /* --sandbox: no exec, the file add-ons confined to roots (--allow-read/--allow-write) */
    bool sandbox;
    int nroots;
    as_file_root roots[16];
    unsigned long long max_write;   /* --max-write: bytes the script may write, 0: no cap */
} cli_limits;

/* Installs the memory cap (before the first engine is created). */
void limits_install_memory(const cli_limits *l);
/* Starts the --timeout clock (a no-op without one): when it runs out the running script is
 * aborted; a script that does not stop within a grace period (in a native call, or compiling)
 * ends the process with ANGELC_EXIT_TIMEOUT. limits_stop_clock disarms it. */
void limits_start_clock(const cli_limits *l);
void limits_stop_clock(void);
/* Whether the clock ran out since it was started. */
bool limits_timed_out(void);
/* Applies --max-depth, --max-instructions (a budget for all that runs on the engine, global
 * initialisers and co-routines included) and the sandbox to an engine (0, or an exit status
 * after saying why); limits_apply_context refills the budget for what ctx runs next (main(),
 * a repl input). */
int limits_apply_engine(const cli_limits *l, as_engine *e);
void limits_apply_context(const cli_limits *l, as_context *ctx);
/* Before an engine limits_apply_engine saw is destroyed. */
void limits_forget_engine(as_engine *e);
/* After a script stopped: the exit status of the limit that stopped it, 0 if none did. ctx may
 * be NULL (compiling). limits_report prints `angelc: stopped: ...` for such a status. */
int limits_check(const cli_limits *l, as_context *ctx);
void limits_report(const cli_limits *l, int status);

/* Prints an uncaught exception and the script call stack (long stacks folded) to stderr. */
void print_exception(as_context *ctx);

/* The interactive prompt (repl.c); returns the exit status. */
int repl_run(as_engine *e, const cli_limits *l);

#endif
