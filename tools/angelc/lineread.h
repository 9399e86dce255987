/* The repl's input, one line at a time: line editing and history with libedit when the build has
 * it (ANGELC_HAVE_LIBEDIT) and the prompt is on a terminal, else plain getline. */
#ifndef ANGELC_TOOL_LINEREAD_H
#define ANGELC_TOOL_LINEREAD_H
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct lineread lineread;

typedef enum line_status {
    LINE_OK,            /* a line was read */
    LINE_END,           /* end of input (Ctrl-D on an empty line, the pipe closed) */
    LINE_INTERRUPTED,   /* *interrupted was set while reading (Ctrl-C): the line is dropped */
} line_status;

/* A reader of standard input. Lines are edited when `edit` is asked, the build has libedit, standard
 * input and output are terminals and TERM names one (not unset, empty or "dumb"). A SIGINT
 * handler of the caller sets *interrupted; installed without SA_RESTART it ends a read. */
lineread *lineread_open(bool edit, volatile sig_atomic_t *interrupted);
void lineread_close(lineread *lr);
/* Whether lines are edited (and the history kept). */
bool lineread_editing(const lineread *lr);

/* Reads one line, showing prompt first (NULL: none). *line is the line without its newline and
 * without terminal escape sequences, valid until the next call. */
line_status lineread_get(lineread *lr, const char *prompt, const char **line);

/* The history, when editing: lines added (a repeat of the previous line is not), at most
 * LINEREAD_HISTORY_SIZE kept, loaded from and saved to a file. A file that cannot be read is
 * ignored; one that cannot be written gives one warning on stderr. */
#define LINEREAD_HISTORY_SIZE 1000
void lineread_history_add(lineread *lr, const char *line);
void lineread_history_load(lineread *lr, const char *path);
void lineread_history_save(lineread *lr, const char *path);
/* The history file: $ANGELC_HISTORY when set (empty: none), else $HOME/.angelc_history. A string
 * to free(), or NULL for none. */
char *lineread_history_path(void);

/* Removes terminal escape sequences from s in place (ESC [ parameters final-byte, ESC O x, a lone
 * ESC): an arrow key read as raw bytes must not count as a bracket. Returns the new length. */
size_t strip_escapes(char *s);

#endif
