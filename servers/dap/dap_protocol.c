/* The debug adapter's messages: sending responses and events, reading the client's requests and
 * dispatching them on the reader thread. Requests that need the engine are queued for the stopped
 * script thread (dap_stop.c); the rest are answered here under the state lock. */
#define _POSIX_C_SOURCE 200809L
#include "dap_internal.h"
#include "common/framing.h"
#include <stdlib.h>
#include <string.h>

#define MAX_BODY ((size_t)16 << 20)   /* no DAP request is near this */

char *dap_strdup(const char *s)
{
    if (!s) return NULL;
    size_t n = strlen(s) + 1;
    char *c = malloc(n);
    if (c) memcpy(c, s, n);
    return c;
}

const char *dap_base_name(const char *path)
{
    if (!path) return "";
    const char *b = path;
    for (const char *p = path; *p; p++)
        if (*p == '/' || *p == '\\') b = p + 1;
    return b;
}

void dap_send(as_dap_server *s, cJSON *msg)
{
    if (!msg) return;
    pthread_mutex_lock(&s->write_lock);
    cJSON_AddNumberToObject(msg, "seq", ++s->seq);
    char *text = cJSON_PrintUnformatted(msg);
    if (text && s->out_fd >= 0 && frame_write(s->out_fd, text, strlen(text)) < 0) s->out_fd = -1;   /* the client is gone */
    pthread_mutex_unlock(&s->write_lock);
    free(text);
    cJSON_Delete(msg);
}

void dap_send_event(as_dap_server *s, const char *event, cJSON *body)
{
    cJSON *msg = cJSON_CreateObject();
    if (!msg) {
        cJSON_Delete(body);
        return;
    }
    cJSON_AddStringToObject(msg, "type", "event");
    cJSON_AddStringToObject(msg, "event", event);
    if (body) cJSON_AddItemToObject(msg, "body", body);
    dap_send(s, msg);
}

const char *dap_command(const cJSON *request)
{
    const cJSON *c = cJSON_GetObjectItemCaseSensitive(request, "command");
    return cJSON_IsString(c) ? c->valuestring : "";
}

cJSON *dap_arguments(const cJSON *request)
{
    cJSON *a = cJSON_GetObjectItemCaseSensitive(request, "arguments");
    return cJSON_IsObject(a) ? a : NULL;
}

void dap_respond(as_dap_server *s, const cJSON *request, bool ok, const char *message, cJSON *body)
{
    cJSON *msg = cJSON_CreateObject();
    if (!msg) {
        cJSON_Delete(body);
        return;
    }
    const cJSON *seq = cJSON_GetObjectItemCaseSensitive(request, "seq");
    cJSON_AddStringToObject(msg, "type", "response");
    cJSON_AddNumberToObject(msg, "request_seq", cJSON_IsNumber(seq) ? seq->valuedouble : 0);
    cJSON_AddBoolToObject(msg, "success", ok);
    cJSON_AddStringToObject(msg, "command", dap_command(request));
    if (message) cJSON_AddStringToObject(msg, "message", message);
    if (body) cJSON_AddItemToObject(msg, "body", body);
    dap_send(s, msg);
}

/* An integer argument, or def when missing or not a number in int range. */
static int int_arg(const cJSON *args, const char *name, int def)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(args, name);
    if (!cJSON_IsNumber(v) || v->valuedouble < -2147483648.0 || v->valuedouble > 2147483647.0) return def;
    return (int)v->valuedouble;
}

static cJSON *filter(const char *id, const char *label, bool def)
{
    cJSON *f = cJSON_CreateObject();
    cJSON_AddStringToObject(f, "filter", id);
    cJSON_AddStringToObject(f, "label", label);
    cJSON_AddBoolToObject(f, "default", def);
    return f;
}

static void initialize(as_dap_server *s, const cJSON *req)
{
    cJSON *b = cJSON_CreateObject();
    cJSON_AddBoolToObject(b, "supportsConfigurationDoneRequest", true);
    cJSON_AddBoolToObject(b, "supportsFunctionBreakpoints", true);
    cJSON_AddBoolToObject(b, "supportsConditionalBreakpoints", true);
    cJSON_AddBoolToObject(b, "supportsHitConditionalBreakpoints", true);
    cJSON_AddBoolToObject(b, "supportsLogPoints", true);
    cJSON_AddBoolToObject(b, "supportsEvaluateForHovers", true);
    cJSON_AddBoolToObject(b, "supportsSetVariable", true);
    cJSON_AddBoolToObject(b, "supportsExceptionInfoRequest", true);
    cJSON_AddBoolToObject(b, "supportTerminateDebuggee", true);
    cJSON_AddBoolToObject(b, "supportsTerminateRequest", true);
    cJSON_AddBoolToObject(b, "supportsBreakpointLocationsRequest", true);
    cJSON *filters = cJSON_AddArrayToObject(b, "exceptionBreakpointFilters");
    cJSON_AddItemToArray(filters, filter("all", "All Exceptions", false));
    cJSON_AddItemToArray(filters, filter("uncaught", "Uncaught Exceptions", true));
    pthread_mutex_lock(&s->lock);
    s->initialized = true;
    pthread_mutex_unlock(&s->lock);
    dap_respond(s, req, true, NULL, b);
}

/* attach, or launch on a server the host already runs scripts in: ready at once. */
static void attach(as_dap_server *s, const cJSON *req)
{
    dap_respond(s, req, true, NULL, NULL);
    atomic_store(&s->active, true);
    dap_send_event(s, "initialized", NULL);
}

static void launch(as_dap_server *s, cJSON *req)
{
    pthread_mutex_lock(&s->lock);
    bool queued = s->launch_mode && !s->launch_request && !s->launch_taken;
    if (queued) {
        s->launch_request = req;   /* answered by as_dap_launch_done */
        pthread_cond_broadcast(&s->cond);
    }
    bool again = s->launch_mode && !queued;
    pthread_mutex_unlock(&s->lock);
    if (queued) return;
    if (again) {
        dap_respond(s, req, false, "the program was launched already", NULL);
    } else {
        attach(s, req);
    }
    cJSON_Delete(req);
}

static void threads(as_dap_server *s, const cJSON *req)
{
    cJSON *b = cJSON_CreateObject();
    cJSON *list = cJSON_AddArrayToObject(b, "threads");
    pthread_mutex_lock(&s->lock);
    for (int i = 0; i < s->nthreads; i++) {
        cJSON *t = cJSON_CreateObject();
        cJSON_AddNumberToObject(t, "id", s->threads[i]->id);
        cJSON_AddStringToObject(t, "name", s->threads[i]->name);
        cJSON_AddItemToArray(list, t);
    }
    pthread_mutex_unlock(&s->lock);
    dap_respond(s, req, true, NULL, b);
}

static void pause_thread(as_dap_server *s, const cJSON *req)
{
    int id = int_arg(dap_arguments(req), "threadId", 0);
    pthread_mutex_lock(&s->lock);
    dap_thread *t = dap_thread_by_id(s, id);
    if (t) {
        atomic_store(&t->pause_requested, true);
        dap_arm(s);
    }
    pthread_mutex_unlock(&s->lock);
    dap_respond(s, req, t != NULL, t ? NULL : "no such thread", NULL);
}

/* The thread a request is about: its threadId, the thread of its frameId or variablesReference;
 * 0 when it names none (then the first stopped thread serves it). */
static int target_thread(as_dap_server *s, const cJSON *req)
{
    const cJSON *args = dap_arguments(req);
    int id = int_arg(args, "threadId", 0);
    if (id) return id;
    int frame = int_arg(args, "frameId", 0);
    if (frame > 0) return frame / 1000000;
    int ref = int_arg(args, "variablesReference", 0);
    if (ref > 0) {
        pthread_mutex_lock(&s->lock);
        int idx = ref - 1 - s->ref_base;
        id = idx >= 0 && idx < s->nrefs ? s->refs[idx].thread_id : -1;
        pthread_mutex_unlock(&s->lock);
        return id;
    }
    return 0;
}

/* continue, steps, stack, variables, evaluate: on the stopped script thread. */
static void to_script_thread(as_dap_server *s, cJSON *req)
{
    const char *cmd = dap_command(req);
    int id = target_thread(s, req);
    if (id >= 0 && dap_queue_job(s, req, id)) return;
    if (!strcmp(cmd, "continue")) {
        cJSON *b = cJSON_CreateObject();
        cJSON_AddBoolToObject(b, "allThreadsContinued", false);
        dap_respond(s, req, true, NULL, b);   /* it runs already */
    } else {
        dap_respond(s, req, false, id < 0 ? "the reference is no longer valid (the script ran on)" : "the script is not stopped", NULL);
    }
    cJSON_Delete(req);
}

static void disconnect(as_dap_server *s, const cJSON *req, bool terminate)
{
    const cJSON *td = cJSON_GetObjectItemCaseSensitive(dap_arguments(req), "terminateDebuggee");
    pthread_mutex_lock(&s->lock);
    /* a launched program ends with its session; an attached host keeps running unless asked */
    if (terminate || (s->launch_mode ? !cJSON_IsFalse(td) : cJSON_IsTrue(td))) dap_set_terminate(s);
    pthread_mutex_unlock(&s->lock);
    dap_respond(s, req, true, NULL, NULL);
}

void dap_handle(as_dap_server *s, cJSON *req)
{
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(req, "type");
    if (!cJSON_IsString(type) || strcmp(type->valuestring, "request") != 0) {
        /* responses to reverse requests (we send none) and events are not for us */
        if (!cJSON_IsString(type) || strcmp(type->valuestring, "response") != 0)
            dap_respond(s, req, false, "not a request", NULL);
        cJSON_Delete(req);
        return;
    }
    const char *cmd = dap_command(req);
    if (!cmd[0]) {
        dap_respond(s, req, false, "the request has no command", NULL);
    } else if (!strcmp(cmd, "initialize")) {
        initialize(s, req);
    } else if (!strcmp(cmd, "launch")) {
        launch(s, req);
        return;
    } else if (!strcmp(cmd, "attach")) {
        attach(s, req);
    } else if (!strcmp(cmd, "setBreakpoints")) {
        dap_set_breakpoints(s, req);
    } else if (!strcmp(cmd, "breakpointLocations")) {
        dap_breakpoint_locations(s, req);
    } else if (!strcmp(cmd, "setFunctionBreakpoints")) {
        dap_set_function_breakpoints(s, req);
    } else if (!strcmp(cmd, "setExceptionBreakpoints")) {
        dap_set_exception_breakpoints(s, req);
    } else if (!strcmp(cmd, "configurationDone")) {
        pthread_mutex_lock(&s->lock);
        s->configured = true;
        pthread_cond_broadcast(&s->cond);
        pthread_mutex_unlock(&s->lock);
        dap_respond(s, req, true, NULL, NULL);
    } else if (!strcmp(cmd, "source")) {
        dap_source_request(s, req);
    } else if (!strcmp(cmd, "threads")) {
        threads(s, req);
    } else if (!strcmp(cmd, "pause")) {
        pause_thread(s, req);
    } else if (!strcmp(cmd, "continue") || !strcmp(cmd, "next") || !strcmp(cmd, "stepIn") || !strcmp(cmd, "stepOut") ||
               !strcmp(cmd, "stackTrace") || !strcmp(cmd, "scopes") || !strcmp(cmd, "variables") ||
               !strcmp(cmd, "evaluate") || !strcmp(cmd, "setVariable") || !strcmp(cmd, "exceptionInfo")) {
        to_script_thread(s, req);
        return;
    } else if (!strcmp(cmd, "disconnect") || !strcmp(cmd, "terminate")) {
        disconnect(s, req, !strcmp(cmd, "terminate"));
    } else {
        char msg[160];
        snprintf(msg, sizeof msg, "unknown command '%.100s'", cmd);
        dap_respond(s, req, false, msg, NULL);
    }
    cJSON_Delete(req);
}

void dap_client_gone(as_dap_server *s)
{
    pthread_mutex_lock(&s->lock);
    atomic_store(&s->active, false);
    s->disconnected = true;
    s->initialized = s->configured = false;
    if (s->launch_mode) dap_set_terminate(s);   /* nobody is left to debug the launched program */
    dap_free_breakpoints(s);
    while (s->jobs) {
        dap_job *j = s->jobs;
        s->jobs = j->next;
        cJSON_Delete(j->request);
        free(j);
    }
    s->jobs_tail = NULL;
    for (int i = 0; i < s->nthreads; i++) atomic_store(&s->threads[i]->pause_requested, false);
    pthread_cond_broadcast(&s->cond);
    pthread_mutex_unlock(&s->lock);
}

static void reader_cleanup(void *reader) { frame_reader_free(reader); }

void dap_session(as_dap_server *s)
{
    pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, NULL);
    frame_reader *r = frame_reader_new(s->in_fd, MAX_BODY);
    if (!r) return;
    pthread_cleanup_push(reader_cleanup, r);
    pthread_mutex_lock(&s->lock);
    s->disconnected = false;
    pthread_mutex_unlock(&s->lock);
    for (;;) {
        char *body = NULL;
        size_t len = 0;
        /* the host may cancel a reader of a pipe that will never end (as_dap_stop): only while
         * it waits for input, holding no lock */
        pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, NULL);
        frame_status st = frame_read(r, &body, &len);
        pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, NULL);
        if (st != FRAME_OK) break;   /* a framing error leaves nothing to resynchronise on */
        cJSON *req = cJSON_ParseWithLength(body, len);
        free(body);
        if (!cJSON_IsObject(req)) {
            cJSON_Delete(req);
            cJSON *fake = cJSON_CreateObject();
            dap_respond(s, fake, false, "the message is not a JSON object", NULL);
            cJSON_Delete(fake);
            continue;
        }
        bool bye = !strcmp(dap_command(req), "disconnect");
        dap_handle(s, req);
        pthread_mutex_lock(&s->write_lock);
        bool gone = s->out_fd < 0;   /* a write failed: the client is gone */
        pthread_mutex_unlock(&s->write_lock);
        if (bye || gone) break;
    }
    pthread_cleanup_pop(1);
}
