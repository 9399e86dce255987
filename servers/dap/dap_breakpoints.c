/* Breakpoints of the debug adapter: the client's line, function and exception breakpoints, and
 * the lines with code of the script sections they are checked against. A line breakpoint on a
 * line without code moves to the next line with code of its section; while its section is not
 * known yet (its module was not added and has not run) it stays unverified, and a `breakpoint`
 * event tells the client where it went once the section's code is first seen. */
#define _XOPEN_SOURCE 700
#include "dap_internal.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>

char *dap_resolve_path(const char *path)
{
    char buf[PATH_MAX];
    if (path && path[0] && realpath(path, buf)) return dap_strdup(buf);
    return dap_strdup(path ? path : "");
}

/* Whether a breakpoint's path names this section: the same resolved path, or a bare file name
 * matching the section's. */
static bool path_matches(const char *bp_path, const dap_section *sec)
{
    if (!strcmp(bp_path, sec->path) || !strcmp(bp_path, sec->name)) return true;
    return !strchr(bp_path, '/') && !strcmp(bp_path, dap_base_name(sec->path));
}

static const dap_section *section_of_path(as_dap_server *s, const char *path)
{
    for (int i = 0; i < s->nsections; i++)
        if (path_matches(path, &s->sections[i])) return &s->sections[i];
    return NULL;
}

const dap_section *dap_find_section(as_dap_server *s, const char *name)
{
    for (int i = 0; i < s->nsections; i++)
        if (!strcmp(s->sections[i].name, name)) return &s->sections[i];
    return NULL;
}

/* The first line >= line with code in sec, or 0. */
static int next_line_with_code(const dap_section *sec, int line)
{
    int lo = 0, hi = sec->nlines;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (sec->lines[mid] < line) lo = mid + 1;
        else hi = mid;
    }
    return lo < sec->nlines ? sec->lines[lo] : 0;
}

dap_section *dap_add_section(as_dap_server *s, const char *name)
{
    dap_section *sec = (dap_section *)dap_find_section(s, name);
    if (sec) return sec;
    dap_section *grown = realloc(s->sections, (size_t)(s->nsections + 1) * sizeof *grown);
    if (!grown) return NULL;
    s->sections = grown;
    sec = &s->sections[s->nsections];
    memset(sec, 0, sizeof *sec);
    sec->name = dap_strdup(name);
    sec->path = dap_resolve_path(name);
    if (!sec->name || !sec->path) {
        free(sec->name);
        free(sec->path);
        return NULL;
    }
    s->nsections++;
    return sec;
}

static void add_line(dap_section *sec, int line)
{
    int lo = 0, hi = sec->nlines;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (sec->lines[mid] < line) lo = mid + 1;
        else hi = mid;
    }
    if (lo < sec->nlines && sec->lines[lo] == line) return;
    if (sec->nlines == sec->cap) {
        int cap = sec->cap ? sec->cap * 2 : 32;
        int *grown = realloc(sec->lines, (size_t)cap * sizeof *grown);
        if (!grown) return;
        sec->lines = grown;
        sec->cap = cap;
    }
    memmove(&sec->lines[lo + 1], &sec->lines[lo], (size_t)(sec->nlines - lo) * sizeof *sec->lines);
    sec->lines[lo] = line;
    sec->nlines++;
}

/* Marks fn learnt (under lock); false if it was already. */
static bool mark_known(as_dap_server *s, const as_function *fn)
{
    int lo = 0, hi = s->nknown;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if ((uintptr_t)s->known_fns[mid] < (uintptr_t)fn) lo = mid + 1;
        else hi = mid;
    }
    if (lo < s->nknown && s->known_fns[lo] == fn) return false;
    if (s->nknown == s->capknown) {
        int cap = s->capknown ? s->capknown * 2 : 64;
        const as_function **grown = realloc(s->known_fns, (size_t)cap * sizeof *grown);
        if (!grown) return true;   /* learnt again next time: slower, not wrong */
        s->known_fns = grown;
        s->capknown = cap;
    }
    memmove(&s->known_fns[lo + 1], &s->known_fns[lo], (size_t)(s->nknown - lo) * sizeof *s->known_fns);
    s->known_fns[lo] = fn;
    s->nknown++;
    return true;
}

/* The index of name in the sorted function names, or where it would go (*found says which). */
static int fname_index(as_dap_server *s, const char *name, bool *found)
{
    int lo = 0, hi = s->nfnames;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (strcmp(s->fnames[mid].name, name) < 0) lo = mid + 1;
        else hi = mid;
    }
    *found = lo < s->nfnames && !strcmp(s->fnames[lo].name, name);
    return lo;
}

/* Records a function name (the first of overloads is kept) for function breakpoints. */
static void add_fname(as_dap_server *s, const char *name, const char *path, int line)
{
    bool found;
    int at = fname_index(s, name, &found);
    if (found) return;
    if (s->nfnames == s->capfnames) {
        int cap = s->capfnames ? s->capfnames * 2 : 32;
        dap_fname *grown = realloc(s->fnames, (size_t)cap * sizeof *grown);
        if (!grown) return;
        s->fnames = grown;
        s->capfnames = cap;
    }
    dap_fname f = {dap_strdup(name), dap_strdup(path), line};
    if (!f.name || !f.path) {
        free(f.name);
        free(f.path);
        return;
    }
    memmove(&s->fnames[at + 1], &s->fnames[at], (size_t)(s->nfnames - at) * sizeof *s->fnames);
    s->fnames[at] = f;
    s->nfnames++;
}

void dap_free_fnames(as_dap_server *s)
{
    for (int i = 0; i < s->nfnames; i++) {
        free(s->fnames[i].name);
        free(s->fnames[i].path);
    }
    free(s->fnames);
    s->fnames = NULL;
    s->nfnames = s->capfnames = 0;
}

/* The lines with code of one script function (under lock). */
static void learn_function(as_dap_server *s, as_function *fn)
{
    if (!fn || !mark_known(s, fn)) return;
    const char *name = as_function_script_section_name(fn);
    int row = 0;
    if (!name || as_function_declared_at(fn, NULL, &row, NULL) < 0) return;
    dap_section *sec = dap_add_section(s, name);
    if (!sec) return;
    int first = as_function_find_next_line_with_code(fn, row);
    for (int line = first; line > 0; line = as_function_find_next_line_with_code(fn, line + 1))
        add_line(sec, line);
    const char *fname = as_function_name(fn), *object = as_function_object_name(fn);
    if (first > 0 && fname && fname[0] && fname[0] != '$') {
        add_fname(s, fname, sec->path, first);
        if (object) {
            char qualified[512];
            snprintf(qualified, sizeof qualified, "%s::%s", object, fname);
            add_fname(s, qualified, sec->path, first);
        }
    }
}

/* Breakpoints placed again on the lines now known (a section seen for the first time, or a
 * function such as a lambda whose lines the module did not list), and the client told. */
static void place_pending(as_dap_server *s)
{
    for (int i = 0; i < s->nbps; i++) {
        dap_bp *b = &s->bps[i];
        const dap_section *sec = section_of_path(s, b->path);
        int line = sec ? next_line_with_code(sec, b->line) : 0;
        if (!line || line == b->actual) continue;
        b->actual = line;
        cJSON *body = cJSON_CreateObject();
        cJSON_AddStringToObject(body, "reason", "changed");
        cJSON *bp = cJSON_AddObjectToObject(body, "breakpoint");
        cJSON_AddNumberToObject(bp, "id", b->id);
        cJSON_AddBoolToObject(bp, "verified", true);
        cJSON_AddNumberToObject(bp, "line", line);
        dap_send_event(s, "breakpoint", body);
    }
}

void dap_learn_module(as_dap_server *s, as_module *m)
{
    if (!m) return;
    pthread_mutex_lock(&s->lock);
    for (int i = 0; i < s->nmodules; i++)
        if (s->modules[i] == m) {
            pthread_mutex_unlock(&s->lock);
            return;
        }
    as_module **grown = realloc(s->modules, (size_t)(s->nmodules + 1) * sizeof *grown);
    if (grown) {
        s->modules = grown;
        s->modules[s->nmodules++] = m;
        for (int i = 0, n = as_module_function_count(m); i < n; i++) learn_function(s, as_module_function_by_index(m, i));
        for (int i = 0, n = as_module_object_type_count(m); i < n; i++) {
            as_type *t = as_module_object_type_by_index(m, i);
            for (int k = 0, c = as_type_method_count(t); k < c; k++) learn_function(s, as_type_method_by_index(t, k));
            for (int k = 0, c = as_type_behaviour_count(t); k < c; k++) learn_function(s, as_type_behaviour_by_index(t, k, NULL));
            for (int k = 0, c = as_type_factory_count(t); k < c; k++) learn_function(s, as_type_factory_by_index(t, k));
        }
        place_pending(s);
    }
    pthread_mutex_unlock(&s->lock);
}

/* A hot reload changed code the lines were learnt from: everything learnt is forgotten and the
 * modules learnt again, so breakpoints resolve against the new code (moved ones reported), and
 * the threads' quiet functions are worked out again (a new breakpoint generation). */
void dap_relearn(as_dap_server *s)
{
    pthread_mutex_lock(&s->lock);
    s->nknown = 0;
    for (int i = 0; i < s->nsections; i++) s->sections[i].nlines = 0;
    dap_free_fnames(s);
    as_module **modules = s->modules;
    int n = s->nmodules;
    s->modules = NULL;
    s->nmodules = 0;
    pthread_mutex_unlock(&s->lock);
    for (int i = 0; i < n; i++) dap_learn_module(s, modules[i]);
    free(modules);
    atomic_fetch_add(&s->bp_generation, 1);
}

/* A function the module lists did not cover (a lambda, a function compiled later): its lines are
 * learnt when it is first entered. */
void dap_learn_function(as_dap_server *s, as_function *fn)
{
    pthread_mutex_lock(&s->lock);
    int before = s->nknown;
    learn_function(s, fn);
    if (s->nknown != before) place_pending(s);
    pthread_mutex_unlock(&s->lock);
}

static void free_bp(dap_bp *b)
{
    free(b->path);
    free(b->condition);
    free(b->hit_condition);
    free(b->log_message);
}

static char *string_arg(const cJSON *o, const char *name)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);
    return cJSON_IsString(v) && v->valuestring[0] ? dap_strdup(v->valuestring) : NULL;
}

void dap_set_breakpoints(as_dap_server *s, const cJSON *req)
{
    const cJSON *args = dap_arguments(req);
    const cJSON *source = cJSON_GetObjectItemCaseSensitive(args, "source");
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(args, "breakpoints");
    char *resolved = dap_source_path(s, source);
    if (!resolved || (list && !cJSON_IsArray(list))) {
        free(resolved);
        dap_respond(s, req, false, "setBreakpoints needs source.path (or a sourceReference) and a breakpoints array", NULL);
        return;
    }
    cJSON *body = cJSON_CreateObject();
    cJSON *out = cJSON_AddArrayToObject(body, "breakpoints");
    pthread_mutex_lock(&s->lock);
    /* the request replaces the source's breakpoints */
    int kept = 0;
    for (int i = 0; i < s->nbps; i++) {
        if (!strcmp(s->bps[i].path, resolved)) free_bp(&s->bps[i]);
        else s->bps[kept++] = s->bps[i];
    }
    s->nbps = kept;
    const dap_section *sec = section_of_path(s, resolved);
    const cJSON *item;
    cJSON_ArrayForEach(item, list)
    {
        cJSON *reply = cJSON_CreateObject();
        cJSON_AddItemToArray(out, reply);
        const cJSON *line = cJSON_GetObjectItemCaseSensitive(item, "line");
        if (!cJSON_IsNumber(line) || line->valuedouble < 1 || line->valuedouble > 1e8) {
            cJSON_AddBoolToObject(reply, "verified", false);
            cJSON_AddStringToObject(reply, "message", "no line number");
            continue;
        }
        dap_bp *grown = realloc(s->bps, (size_t)(s->nbps + 1) * sizeof *grown);
        if (!grown) {
            cJSON_AddBoolToObject(reply, "verified", false);
            cJSON_AddStringToObject(reply, "message", "out of memory");
            continue;
        }
        s->bps = grown;
        dap_bp *b = &s->bps[s->nbps++];
        memset(b, 0, sizeof *b);
        b->id = ++s->next_bp_id;
        b->path = dap_strdup(resolved);
        b->line = (int)line->valuedouble;
        b->condition = string_arg(item, "condition");
        b->hit_condition = string_arg(item, "hitCondition");
        b->log_message = string_arg(item, "logMessage");
        b->actual = sec ? next_line_with_code(sec, b->line) : 0;
        cJSON_AddNumberToObject(reply, "id", b->id);
        cJSON_AddBoolToObject(reply, "verified", b->actual != 0);
        cJSON_AddNumberToObject(reply, "line", b->actual ? b->actual : b->line);
        if (!b->actual)
            cJSON_AddStringToObject(reply, "message", sec ? "no code at or after this line" : "the script is not loaded (yet)");
        cJSON_AddItemToObject(reply, "source", cJSON_Duplicate(source, true));
    }
    atomic_fetch_add(&s->bp_generation, 1);
    dap_breakpoints_changed(s);
    pthread_mutex_unlock(&s->lock);
    free(resolved);
    dap_respond(s, req, true, NULL, body);
}

void dap_breakpoint_locations(as_dap_server *s, const cJSON *req)
{
    const cJSON *args = dap_arguments(req);
    const cJSON *source = cJSON_GetObjectItemCaseSensitive(args, "source");
    const cJSON *line = cJSON_GetObjectItemCaseSensitive(args, "line");
    const cJSON *end = cJSON_GetObjectItemCaseSensitive(args, "endLine");
    char *resolved = dap_source_path(s, source);
    if (!resolved || !cJSON_IsNumber(line)) {
        free(resolved);
        dap_respond(s, req, false, "breakpointLocations needs source.path (or a sourceReference) and line", NULL);
        return;
    }
    double first = line->valuedouble, last = cJSON_IsNumber(end) ? end->valuedouble : first;
    cJSON *body = cJSON_CreateObject();
    cJSON *list = cJSON_AddArrayToObject(body, "breakpoints");
    pthread_mutex_lock(&s->lock);
    const dap_section *sec = resolved ? section_of_path(s, resolved) : NULL;
    for (int i = 0; sec && i < sec->nlines && sec->lines[i] <= last; i++) {
        if (sec->lines[i] < first) continue;
        cJSON *at = cJSON_CreateObject();
        cJSON_AddNumberToObject(at, "line", sec->lines[i]);
        cJSON_AddItemToArray(list, at);
    }
    pthread_mutex_unlock(&s->lock);
    free(resolved);
    dap_respond(s, req, true, NULL, body);
}

void dap_set_function_breakpoints(as_dap_server *s, const cJSON *req)
{
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(dap_arguments(req), "breakpoints");
    if (!cJSON_IsArray(list)) {
        dap_respond(s, req, false, "setFunctionBreakpoints needs a breakpoints array", NULL);
        return;
    }
    cJSON *body = cJSON_CreateObject();
    cJSON *out = cJSON_AddArrayToObject(body, "breakpoints");
    pthread_mutex_lock(&s->lock);
    for (int i = 0; i < s->nfbps; i++) {
        free(s->fbps[i].name);
        free(s->fbps[i].condition);
        free(s->fbps[i].hit_condition);
    }
    s->nfbps = 0;
    const cJSON *item;
    cJSON_ArrayForEach(item, list)
    {
        cJSON *reply = cJSON_CreateObject();
        cJSON_AddItemToArray(out, reply);
        char *name = string_arg(item, "name");
        dap_fbp *grown = name ? realloc(s->fbps, (size_t)(s->nfbps + 1) * sizeof *grown) : NULL;
        if (!grown) {
            free(name);
            cJSON_AddBoolToObject(reply, "verified", false);
            cJSON_AddStringToObject(reply, "message", "no function name");
            continue;
        }
        s->fbps = grown;
        dap_fbp *f = &s->fbps[s->nfbps++];
        memset(f, 0, sizeof *f);
        f->id = ++s->next_bp_id;
        f->name = name;
        f->condition = string_arg(item, "condition");
        f->hit_condition = string_arg(item, "hitCondition");
        cJSON_AddNumberToObject(reply, "id", f->id);
        /* verified when a loaded module has it; a function compiled later still stops */
        bool found;
        int at = fname_index(s, name, &found);
        cJSON_AddBoolToObject(reply, "verified", found);
        if (found) {
            cJSON_AddNumberToObject(reply, "line", s->fnames[at].line);
            cJSON *src = cJSON_AddObjectToObject(reply, "source");
            cJSON_AddStringToObject(src, "name", dap_base_name(s->fnames[at].path));
            cJSON_AddStringToObject(src, "path", s->fnames[at].path);
        } else {
            cJSON_AddStringToObject(reply, "message", "no function of that name is loaded (yet)");
        }
    }
    dap_breakpoints_changed(s);
    pthread_mutex_unlock(&s->lock);
    dap_respond(s, req, true, NULL, body);
}

void dap_set_exception_breakpoints(as_dap_server *s, const cJSON *req)
{
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(dap_arguments(req), "filters");
    bool all = false, uncaught = false;
    const cJSON *item;
    cJSON_ArrayForEach(item, list)
    {
        if (!cJSON_IsString(item)) continue;
        if (!strcmp(item->valuestring, "all")) all = true;
        else if (!strcmp(item->valuestring, "uncaught")) uncaught = true;
    }
    pthread_mutex_lock(&s->lock);
    s->exc_all = all;
    s->exc_uncaught = uncaught;
    pthread_mutex_unlock(&s->lock);
    dap_respond(s, req, true, NULL, NULL);
}

void dap_free_breakpoints(as_dap_server *s)
{
    for (int i = 0; i < s->nbps; i++) free_bp(&s->bps[i]);
    s->nbps = 0;
    for (int i = 0; i < s->nfbps; i++) {
        free(s->fbps[i].name);
        free(s->fbps[i].condition);
        free(s->fbps[i].hit_condition);
    }
    s->nfbps = 0;
    s->exc_all = s->exc_uncaught = false;
    atomic_fetch_add(&s->bp_generation, 1);
    dap_breakpoints_changed(s);
}
