/* The script thread's side of the debug adapter: the line callback decides whether to stop (a
 * breakpoint, a step, a pause, the entry), and a stopped script serves the queued requests that
 * need the engine until one resumes it.
 *
 * Cost: a context with a line callback runs traced (every statement calls it), several times
 * slower than without. So the callback takes itself off when there is nothing it could stop for
 * (no client, no breakpoint, no step, no pause asked for), and dap_arm puts it back when there
 * is: the interpreter switches to tracing at its next backward jump or call. dap_arm runs on the
 * reader thread, beside the running script: the interpreter reads the callback pointer as it
 * runs, which is why the callback re-checks after taking itself off (an arm in between is not
 * lost) and sets itself again on its first call after an arm (so that the interpreter's trap is
 * raised by the script's own thread). */
#define _POSIX_C_SOURCE 200809L
#include "dap_internal.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The key of the dap_thread in an attached context's user data. */
#define DAP_THREAD_KEY ((uintptr_t)0x44415054u)

dap_thread *dap_thread_by_id(as_dap_server *s, int id)
{
    for (int i = 0; i < s->nthreads; i++)
        if (s->threads[i]->id == id) return s->threads[i];
    return NULL;
}

bool dap_queue_job(as_dap_server *s, cJSON *request, int thread_id)
{
    pthread_mutex_lock(&s->lock);
    dap_thread *t = NULL;
    if (thread_id) {
        t = dap_thread_by_id(s, thread_id);
    } else {
        for (int i = 0; i < s->nthreads && !t; i++)
            if (s->threads[i]->stopped) t = s->threads[i];
    }
    dap_job *j = t && t->stopped ? malloc(sizeof *j) : NULL;
    if (j) {
        j->next = NULL;
        j->request = request;
        j->thread_id = t->id;
        if (s->jobs_tail) s->jobs_tail->next = j;
        else s->jobs = j;
        s->jobs_tail = j;
        pthread_cond_broadcast(&s->cond);
    }
    pthread_mutex_unlock(&s->lock);
    return j != NULL;
}

/* The first queued job for t (under lock). */
static dap_job *take_job(as_dap_server *s, dap_thread *t)
{
    dap_job *prev = NULL;
    for (dap_job *j = s->jobs; j; prev = j, j = j->next) {
        if (j->thread_id != t->id) continue;
        if (prev) prev->next = j->next;
        else s->jobs = j->next;
        if (s->jobs_tail == j) s->jobs_tail = prev;
        return j;
    }
    return NULL;
}

/* Stops t: tells the client why, then runs its requests until one resumes the script or the
 * client goes away. hit: breakpoint ids for the event (taken), or NULL. */
static void stop(as_dap_server *s, dap_thread *t, const char *reason, const char *text, cJSON *hit)
{
    fflush(NULL);
    dap_drain_output(s);
    pthread_mutex_lock(&s->lock);
    if (!atomic_load(&s->active) || s->terminate) {
        pthread_mutex_unlock(&s->lock);
        cJSON_Delete(hit);
        return;
    }
    t->stopped = true;
    t->step = STEP_NONE;
    t->stop_fn = as_context_function(t->ctx, 0);
    t->stop_level = as_context_callstack_size(t->ctx);
    t->stop_line = as_context_line_number(t->ctx, 0, NULL, NULL);
    cJSON *body = cJSON_CreateObject();
    cJSON_AddStringToObject(body, "reason", reason);
    cJSON_AddNumberToObject(body, "threadId", t->id);
    cJSON_AddBoolToObject(body, "allThreadsStopped", s->nthreads == 1);
    if (text) {
        cJSON_AddStringToObject(body, "description", text);
        cJSON_AddStringToObject(body, "text", text);
    }
    if (hit) cJSON_AddItemToObject(body, "hitBreakpointIds", hit);
    dap_send_event(s, "stopped", body);
    while (t->stopped && atomic_load(&s->active) && !s->stopping && !s->terminate) {
        dap_job *j = take_job(s, t);
        if (!j) {
            pthread_cond_wait(&s->cond, &s->lock);
            continue;
        }
        pthread_mutex_unlock(&s->lock);
        dap_run_job(s, t, j->request);   /* a resuming request clears t->stopped under lock */
        cJSON_Delete(j->request);
        free(j);
        pthread_mutex_lock(&s->lock);
    }
    t->stopped = false;
    bool any_stopped = false;
    for (int i = 0; i < s->nthreads; i++) any_stopped |= s->threads[i]->stopped;
    if (!any_stopped) {
        /* the values the references stood for may change now */
        s->ref_base += s->nrefs;
        s->nrefs = 0;
    }
    bool abort_it = s->terminate;
    pthread_mutex_unlock(&s->lock);
    dap_release_eval_results(t);
    if (abort_it) as_context_abort(t->ctx);
}

/* Hit conditions: "N" or "==N" (the Nth hit), ">N", ">=N", "<N", "<=N", "%N" (every Nth). */
static bool hit_condition_met(const char *cond, int hits)
{
    if (!cond) return true;
    while (*cond == ' ') cond++;
    char op[3] = {0};
    int n = 0;
    while (n < 2 && (*cond == '=' || *cond == '>' || *cond == '<' || *cond == '%')) op[n++] = *cond++;
    long v = strtol(cond, NULL, 10);
    if (!strcmp(op, ">")) return hits > v;
    if (!strcmp(op, ">=")) return hits >= v;
    if (!strcmp(op, "<")) return hits < v;
    if (!strcmp(op, "<=")) return hits <= v;
    if (!strcmp(op, "%")) return v > 0 && hits % v == 0;
    return hits == v;
}

/* A logpoint's message, to the debug console. */
static void log_point(as_dap_server *s, dap_thread *t, const char *message)
{
    char *text = dap_interpolate(s, t, message);
    if (!text) return;
    size_t n = strlen(text);
    char *line = malloc(n + 2);
    if (line) {
        memcpy(line, text, n);
        memcpy(line + n, "\n", 2);
        as_dap_output(s, "console", line, n + 1);
    }
    free(line);
    free(text);
}

/* The ids of the line breakpoints at this position whose conditions hold (NULL if none); log
 * points write their messages and never stop. */
static cJSON *line_breakpoints_hit(as_dap_server *s, dap_thread *t, const char *section, int line)
{
    cJSON *hit = NULL;
    pthread_mutex_lock(&s->lock);
    const dap_section *sec = dap_find_section(s, section);
    const char *path = sec ? sec->path : section;
    /* copies: conditions run script-side code paths without the lock */
    int n = 0;
    dap_bp *matches = NULL;
    for (int i = 0; i < s->nbps; i++) {
        dap_bp *b = &s->bps[i];
        int at = b->actual ? b->actual : b->line;
        if (at != line || !dap_bp_in_section(b, section, path)) continue;
        dap_bp *grown = realloc(matches, (size_t)(n + 1) * sizeof *grown);
        if (!grown) break;
        matches = grown;
        matches[n] = *b;
        matches[n].condition = dap_strdup(b->condition);
        matches[n].hit_condition = dap_strdup(b->hit_condition);
        matches[n].log_message = dap_strdup(b->log_message);
        n++;
    }
    pthread_mutex_unlock(&s->lock);
    for (int i = 0; i < n; i++) {
        dap_bp *b = &matches[i];
        if (!b->condition || dap_condition_true(s, t, b->condition)) {
            /* the hit count is the server's: count it there */
            int hits = 0;
            pthread_mutex_lock(&s->lock);
            for (int k = 0; k < s->nbps; k++)
                if (s->bps[k].id == b->id) hits = ++s->bps[k].hits;
            pthread_mutex_unlock(&s->lock);
            if (hit_condition_met(b->hit_condition, hits)) {
                if (b->log_message) {
                    log_point(s, t, b->log_message);
                } else {
                    if (!hit) hit = cJSON_CreateArray();
                    cJSON_AddItemToArray(hit, cJSON_CreateNumber(b->id));
                }
            }
        }
        free(b->condition);
        free(b->hit_condition);
        free(b->log_message);
    }
    free(matches);
    return hit;
}

/* The ids of the function breakpoints naming fn ("f", or "Class::f"). */
static cJSON *function_breakpoints_hit(as_dap_server *s, dap_thread *t, as_function *fn)
{
    const char *name = as_function_name(fn);
    const char *object = as_function_object_name(fn);
    char qualified[512];
    snprintf(qualified, sizeof qualified, "%s::%s", object ? object : "", name ? name : "");
    cJSON *hit = NULL;
    pthread_mutex_lock(&s->lock);
    int n = 0;
    dap_fbp *matches = NULL;
    for (int i = 0; i < s->nfbps; i++) {
        dap_fbp *f = &s->fbps[i];
        if (!(name && !strcmp(f->name, name)) && !(object && !strcmp(f->name, qualified))) continue;
        dap_fbp *grown = realloc(matches, (size_t)(n + 1) * sizeof *grown);
        if (!grown) break;
        matches = grown;
        matches[n] = *f;
        matches[n].hits = ++f->hits;
        matches[n].condition = dap_strdup(f->condition);
        matches[n].hit_condition = dap_strdup(f->hit_condition);
        matches[n].name = NULL;
        n++;
    }
    pthread_mutex_unlock(&s->lock);
    for (int i = 0; i < n; i++) {
        if ((!matches[i].condition || dap_condition_true(s, t, matches[i].condition)) &&
            hit_condition_met(matches[i].hit_condition, matches[i].hits)) {
            if (!hit) hit = cJSON_CreateArray();
            cJSON_AddItemToArray(hit, cJSON_CreateNumber(matches[i].id));
        }
        free(matches[i].condition);
        free(matches[i].hit_condition);
    }
    free(matches);
    return hit;
}


/* Whether t's context has anything to stop for, or a launched program to end. */
static bool needs_lines(as_dap_server *s, dap_thread *t)
{
    if (atomic_load(&s->ending)) return true;
    return atomic_load(&s->active) && (atomic_load(&s->nstops) > 0 || t->step != STEP_NONE || t->stop_on_entry ||
                                       atomic_load(&t->pause_requested));
}

void dap_arm(as_dap_server *s)
{
    for (int i = 0; i < s->nthreads; i++) as_context_set_line_callback(s->threads[i]->ctx, dap_line_callback, s);
}

void dap_set_terminate(as_dap_server *s)
{
    s->terminate = true;
    atomic_store(&s->ending, true);
    dap_arm(s);
}

void dap_breakpoints_changed(as_dap_server *s)
{
    atomic_store(&s->nstops, s->nbps + s->nfbps);
    atomic_store(&s->nfunction_bps, s->nfbps);
    if (s->nbps + s->nfbps > 0) dap_arm(s);
}

void dap_line_callback(as_context *ctx, void *server)
{
    as_dap_server *s = server;
    dap_thread *t = as_context_get_user_data(ctx, DAP_THREAD_KEY);
    if (!t) return;
    if (!needs_lines(s, t)) {
        /* nothing to stop for: the context runs untraced until dap_arm */
        as_context_clear_line_callback(ctx);
        t->traced = false;
        if (!needs_lines(s, t)) return;
        as_context_set_line_callback(ctx, dap_line_callback, s);   /* armed meanwhile */
    }
    bool fresh = !t->traced;
    if (fresh) {
        /* the first statement since it was armed: tracing from the script's own thread */
        t->traced = true;
        as_context_set_line_callback(ctx, dap_line_callback, s);
    }
    if (as_context_state(ctx) != AS_EXECUTION_ACTIVE) return;
    if (atomic_load(&s->ending)) {
        as_context_abort(ctx);
        return;
    }
    unsigned level = as_context_callstack_size(ctx);
    as_function *fn = as_context_function(ctx, 0);
    if (!fn) return;
    /* right after an arm the last function is not known: no entry is taken for one */
    if (fresh) t->last_fn = NULL;
    bool entered = !fresh && (level > t->last_level || (level == t->last_level && fn != t->last_fn));
    /* the common case with breakpoints set: a statement of a function with none of them, no
     * step, no pause, and no function breakpoint to look for on entry */
    if (t->step == STEP_NONE && !t->stop_on_entry && !atomic_load(&t->pause_requested) &&
        !(entered && atomic_load(&s->nfunction_bps) > 0) && dap_function_quiet(s, t, fn)) {
        t->last_fn = fn;
        t->last_level = level;
        t->stop_fn = NULL;   /* no stop on this line to keep from repeating */
        return;
    }
    if (fn != t->last_fn) {
        as_module *m = as_function_module(fn);
        if (m) dap_learn_module(s, m);
        dap_learn_function(s, fn);
    }
    t->last_fn = fn;
    t->last_level = level;
    const char *section = NULL;
    int line = as_context_line_number(ctx, 0, NULL, &section);

    if (t->stop_fn) {
        if (fn == t->stop_fn && level == t->stop_level && line == t->stop_line && !atomic_load(&t->pause_requested)) return;
        t->stop_fn = NULL;
    }
    if (t->stop_on_entry) {
        t->stop_on_entry = false;
        stop(s, t, "entry", NULL, NULL);
        return;
    }
    if (atomic_exchange(&t->pause_requested, false)) {
        stop(s, t, "pause", NULL, NULL);
        return;
    }
    cJSON *hit = entered ? function_breakpoints_hit(s, t, fn) : NULL;
    if (hit) {
        stop(s, t, "function breakpoint", NULL, hit);
        return;
    }
    hit = line_breakpoints_hit(s, t, section ? section : "", line);
    if (hit) {
        stop(s, t, "breakpoint", NULL, hit);
        return;
    }
    bool step_done = (t->step == STEP_INTO) || (t->step == STEP_OVER && level <= t->step_level) ||
                     (t->step == STEP_OUT && level < t->step_level);
    if (step_done) stop(s, t, "step", NULL, NULL);
}

void dap_exception_callback(as_context *ctx, void *server)
{
    as_dap_server *s = server;
    if (!atomic_load_explicit(&s->active, memory_order_acquire)) return;
    dap_thread *t = as_context_get_user_data(ctx, DAP_THREAD_KEY);
    if (!t) return;
    bool caught = as_context_will_exception_be_caught(ctx);
    pthread_mutex_lock(&s->lock);
    bool wanted = s->exc_all || (s->exc_uncaught && !caught);
    pthread_mutex_unlock(&s->lock);
    if (!wanted) return;
    const char *text = as_context_exception_string(ctx);
    free(t->exception_text);
    t->exception_text = dap_strdup(text ? text : "");
    t->exception_caught = caught;
    t->in_exception_stop = true;
    stop(s, t, "exception", t->exception_text, NULL);
    t->in_exception_stop = false;
}

int as_dap_attach_context(as_dap_server *s, as_context *ctx, const char *name)
{
    if (!s || !ctx) return AS_INVALID_ARG;
    dap_thread *t = calloc(1, sizeof *t);
    if (!t) return AS_OUT_OF_MEMORY;
    t->ctx = ctx;
    t->name = dap_strdup(name ? name : "main");
    atomic_init(&t->pause_requested, false);
    pthread_mutex_lock(&s->lock);
    dap_thread **grown = t->name ? realloc(s->threads, (size_t)(s->nthreads + 1) * sizeof *grown) : NULL;
    if (!grown) {
        pthread_mutex_unlock(&s->lock);
        free(t->name);
        free(t);
        return AS_OUT_OF_MEMORY;
    }
    s->threads = grown;
    s->threads[s->nthreads++] = t;
    t->id = ++s->next_thread_id;
    pthread_mutex_unlock(&s->lock);
    as_context_set_user_data(ctx, t, DAP_THREAD_KEY);
    as_context_set_line_callback(ctx, dap_line_callback, s);
    as_context_set_exception_callback(ctx, dap_exception_callback, s);
    if (atomic_load(&s->active)) {
        cJSON *body = cJSON_CreateObject();
        cJSON_AddStringToObject(body, "reason", "started");
        cJSON_AddNumberToObject(body, "threadId", t->id);
        dap_send_event(s, "thread", body);
    }
    return AS_SUCCESS;
}

void as_dap_detach_context(as_dap_server *s, as_context *ctx)
{
    if (!s || !ctx) return;
    dap_thread *t = as_context_get_user_data(ctx, DAP_THREAD_KEY);
    if (!t) return;
    /* out of the list first: dap_arm does not set the callback again once it is cleared */
    pthread_mutex_lock(&s->lock);
    for (int i = 0; i < s->nthreads; i++)
        if (s->threads[i] == t) {
            memmove(&s->threads[i], &s->threads[i + 1], (size_t)(s->nthreads - i - 1) * sizeof *s->threads);
            s->nthreads--;
            break;
        }
    pthread_mutex_unlock(&s->lock);
    as_context_clear_line_callback(ctx);
    as_context_set_exception_callback(ctx, NULL, NULL);
    as_context_set_user_data(ctx, NULL, DAP_THREAD_KEY);
    if (atomic_load(&s->active)) {
        cJSON *body = cJSON_CreateObject();
        cJSON_AddStringToObject(body, "reason", "exited");
        cJSON_AddNumberToObject(body, "threadId", t->id);
        dap_send_event(s, "thread", body);
    }
    dap_release_eval_results(t);
    free(t->exception_text);
    free(t->name);
    free(t);
}

void as_dap_stop_on_entry(as_dap_server *s, as_context *ctx)
{
    if (!s || !ctx) return;
    dap_thread *t = as_context_get_user_data(ctx, DAP_THREAD_KEY);
    if (!t) return;
    t->stop_on_entry = true;
    as_context_set_line_callback(ctx, dap_line_callback, s);
}

/* A request that resumes t: how, then t is no longer stopped. */
void dap_resume(as_dap_server *s, dap_thread *t, dap_step step)
{
    t->step = step;
    t->step_level = as_context_callstack_size(t->ctx);
    /* on t's own thread: a step from an exception stop needs the line callback back */
    if (step != STEP_NONE) as_context_set_line_callback(t->ctx, dap_line_callback, s);
    pthread_mutex_lock(&s->lock);
    t->stopped = false;
    pthread_mutex_unlock(&s->lock);
}
