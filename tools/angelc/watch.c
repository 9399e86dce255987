/* angelc run --watch (issue 28): the script and the files it #includes are checked by
 * modification time while it runs; a change reloads the module (as_module_reload_from) between
 * the turns of the context manager, i.e. while the script is suspended in sleep(ms) or yield().
 * A soft reload swaps function bodies (the running loop itself finishes its current call in the
 * old code); a full one carries the globals over and, when the module's code was on a context's
 * stack, restarts main(). Compile errors are printed and the old code keeps running. */
#define _POSIX_C_SOURCE 200809L
#include "host.h"
#include "watch.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

static uint64_t now_ms64(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

uint32_t watch_now_ms(void) { return (uint32_t)now_ms64(); }

/* A file's state: 0 when it can't be read (a change too when it comes back). */
static void file_stamp(const char *path, watch_file *f)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        f->sec = f->nsec = 0;
        f->size = -1;
        return;
    }
    f->sec = (long long)st.st_mtim.tv_sec;
    f->nsec = st.st_mtim.tv_nsec;
    f->size = (long long)st.st_size;
}

static void files_free(cli_watch *w)
{
    for (int i = 0; i < w->nfiles; i++) free(w->files[i].path);
    free(w->files);
    w->files = NULL;
    w->nfiles = 0;
}

/* The files to watch: the builder's sections that are files (the script and its #includes). */
static void files_from(cli_watch *w, as_builder *b)
{
    files_free(w);
    unsigned n = as_builder_section_count(b);
    w->files = calloc(n + 1, sizeof *w->files);
    if (!w->files) return;
    w->files[w->nfiles].path = strdup(w->path);
    if (w->files[w->nfiles].path) file_stamp(w->path, &w->files[w->nfiles++]);
    for (unsigned i = 0; i < n; i++) {
        const char *name = as_builder_section_name(b, i);
        struct stat st;
        if (!name || strcmp(name, w->path) == 0 || stat(name, &st) != 0) continue;
        w->files[w->nfiles].path = strdup(name);
        if (w->files[w->nfiles].path) file_stamp(name, &w->files[w->nfiles++]);
    }
}

void watch_start(cli_watch *w, as_module *m, as_builder *b, const char *path, void (*setup_builder)(as_builder *))
{
    memset(w, 0, sizeof *w);
    w->module = m;
    w->path = path;
    w->setup_builder = setup_builder;
    w->next_check = now_ms64() + WATCH_INTERVAL_MS;
    files_from(w, b);
}

void watch_end(cli_watch *w) { files_free(w); }

static bool changed(cli_watch *w)
{
    bool any = false;
    for (int i = 0; i < w->nfiles; i++) {
        watch_file now;
        file_stamp(w->files[i].path, &now);
        if (now.sec != w->files[i].sec || now.nsec != w->files[i].nsec || now.size != w->files[i].size) any = true;
    }
    return any;
}

/* Prints the messages of a reload but its information lines (the summary says it all). */
static void print_messages(char *text)
{
    for (char *line = text; line && *line;) {
        char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line + 1) : strlen(line);
        if (!strstr(line, ": info: reload: ") || (end && strstr(line, ": info: reload: ") > end))
            fwrite(line, 1, len, stderr);
        line += len;
    }
}

int watch_poll(cli_watch *w)
{
    uint64_t now = now_ms64();
    if (now < w->next_check) return WATCH_NOTHING;
    w->next_check = now + WATCH_INTERVAL_MS;
    if (!changed(w)) return WATCH_NOTHING;
    as_engine *e = as_module_engine(w->module);
    as_builder *b = as_builder_create();
    if (!b) return WATCH_NOTHING;
    if (w->setup_builder) w->setup_builder(b);
    host_capture_messages(true);
    int r = as_builder_start_module(b, e, "$watch");
    if (r >= 0) r = as_builder_add_file(b, w->path);
    as_reload_report rep;
    memset(&rep, 0, sizeof rep);
    if (r >= 0) {
        /* the files as they are now, read or not: the next change is the next edit */
        files_from(w, b);
        as_reload_options opts = {AS_RELOAD_STOP_CONTEXTS | AS_RELOAD_ORPHAN_OBJECTS};
        r = as_module_reload_from(w->module, as_builder_module(b), &opts, &rep);
    } else {
        as_module *src = as_builder_module(b);
        if (src) as_module_discard(src);
        snprintf(rep.summary, sizeof rep.summary, "the script could not be read");
        for (int i = 0; i < w->nfiles; i++) file_stamp(w->files[i].path, &w->files[i]);
    }
    char *msgs = host_take_messages();
    host_capture_messages(false);
    print_messages(msgs);
    free(msgs);
    as_builder_destroy(b);
    if (r < 0 || rep.kind == AS_RELOAD_REFUSED) {
        const char *why = strncmp(rep.summary, "refused: ", 9) == 0 ? rep.summary + 9 : rep.summary;
        fprintf(stderr, "angelc: %s not reloaded (%s)\n", w->path, why);
        return WATCH_NOTHING;
    }
    fprintf(stderr, "angelc: reloaded %s (%s%s)\n", w->path, rep.summary, rep.contexts_stopped ? "; main() restarted" : "");
    return rep.contexts_stopped ? WATCH_RESTART : WATCH_RELOADED;
}
