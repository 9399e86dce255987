/* angelc run --watch: reloads the running script when its files change (watch.c). */
#ifndef ANGELC_TOOL_WATCH_H
#define ANGELC_TOOL_WATCH_H
#include "angelc.h"
#include "angelc_builder.h"
#include "angelc_addons.h"
#include <stdint.h>

enum { WATCH_INTERVAL_MS = 100 };   /* how often the files are checked */
enum { WATCH_NOTHING, WATCH_RELOADED, WATCH_RESTART };

typedef struct watch_file {
    char *path;
    long long sec, size;
    long nsec;
} watch_file;

typedef struct cli_watch {
    as_module *module;
    const char *path;                     /* the script */
    void (*setup_builder)(as_builder *);  /* the pragma callback run uses */
    watch_file *files;
    int nfiles;
    uint64_t next_check;
} cli_watch;

/* Starts watching the files builder b read for module m (built from path). */
void watch_start(cli_watch *w, as_module *m, as_builder *b, const char *path, void (*setup_builder)(as_builder *));
/* Checks the files (at most every WATCH_INTERVAL_MS) and reloads the module when one changed;
 * prints one line per reload. WATCH_RESTART: a full reload stopped the contexts running the old
 * code, main() must start again. Call only between the context manager's turns. */
int watch_poll(cli_watch *w);
void watch_end(cli_watch *w);
/* Milliseconds of a monotonic clock, for the context manager's sleep(). */
uint32_t watch_now_ms(void);
/* run --watch: sleep(ms) suspends the script (the context manager's) instead of blocking, so
 * the files are checked while it sleeps. Set before host_register. */
void host_set_watch_sleep(bool on);
/* A new context manager in place of the old one, whose threads all go (their contexts must be
 * stopped: a full reload unprepared them); NULL if out of memory (the old one stays). */
as_ctxmgr *host_restart_context_manager(as_engine *e);

#endif
