/* The debug adapter's transports and life cycle (angelc_dap.h): a TCP listener taking one client
 * at a time, or a session over two file descriptors; waiting for a client, the launch handshake
 * of `angelc dap`, the end of the debuggee and shutting down. */
#define _GNU_SOURCE   /* accept4: libangelc's parser exports a symbol named accept */
#include "dap_internal.h"
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

static as_dap_server *server_new(void)
{
    as_dap_server *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->cond, NULL);
    pthread_mutex_init(&s->write_lock, NULL);
    atomic_init(&s->active, false);
    atomic_init(&s->bp_generation, 0);
    atomic_init(&s->nstops, 0);
    atomic_init(&s->nfunction_bps, 0);
    atomic_init(&s->ending, false);
    s->in_fd = s->out_fd = s->listen_fd = -1;
    s->wake[0] = s->wake[1] = -1;
    return s;
}

static void server_free(as_dap_server *s)
{
    dap_free_breakpoints(s);
    free(s->bps);
    free(s->fbps);
    for (int i = 0; i < s->nsections; i++) {
        free(s->sections[i].name);
        free(s->sections[i].path);
        free(s->sections[i].lines);
        free(s->sections[i].text);
    }
    free(s->sections);
    free(s->modules);
    free(s->known_fns);
    dap_free_fnames(s);
    for (int i = 0; i < s->nthreads; i++) {
        free(s->threads[i]->exception_text);
        free(s->threads[i]->name);
        free(s->threads[i]);
    }
    free(s->threads);
    while (s->jobs) {
        dap_job *j = s->jobs;
        s->jobs = j->next;
        cJSON_Delete(j->request);
        free(j);
    }
    free(s->refs);
    cJSON_Delete(s->launch_request);
    pthread_mutex_destroy(&s->lock);
    pthread_cond_destroy(&s->cond);
    pthread_mutex_destroy(&s->write_lock);
    free(s);
}

static void close_wake(as_dap_server *s)
{
    for (int i = 0; i < 2; i++)
        if (s->wake[i] >= 0) close(s->wake[i]);
    s->wake[0] = s->wake[1] = -1;
}

/* One client after another until the server stops. */
static void *accept_loop(void *arg)
{
    as_dap_server *s = arg;
    for (;;) {
        pthread_mutex_lock(&s->lock);
        bool stopping = s->stopping;
        pthread_mutex_unlock(&s->lock);
        if (stopping) break;
        /* a client, or as_dap_stop's byte on the wake pipe */
        struct pollfd p[2] = {{s->listen_fd, POLLIN, 0}, {s->wake[0], POLLIN, 0}};
        if (poll(p, 2, -1) <= 0 || (p[1].revents & POLLIN)) continue;
        int fd = accept4(s->listen_fd, NULL, NULL, SOCK_CLOEXEC);
        if (fd < 0) continue;
        /* requests and answers are small messages in turn: sent at once, not held for an ACK */
        int one = 1;
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        /* a client that stops reading cannot hold the script forever */
        struct timeval tv = {10, 0};
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
        pthread_mutex_lock(&s->write_lock);
        s->in_fd = s->out_fd = fd;
        pthread_mutex_unlock(&s->write_lock);
        dap_session(s);
        dap_client_gone(s);
        pthread_mutex_lock(&s->write_lock);
        s->in_fd = s->out_fd = -1;
        pthread_mutex_unlock(&s->write_lock);
        close(fd);
    }
    return NULL;
}

as_dap_server *as_dap_listen(const char *address, int port, char *err, size_t err_size)
{
    if (err && err_size) err[0] = 0;
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons((uint16_t)(port == 0 ? AS_DAP_DEFAULT_PORT : port < 0 ? 0 : port));
    if (port > 65535 || inet_pton(AF_INET, address ? address : "127.0.0.1", &addr.sin_addr) != 1) {
        if (err) snprintf(err, err_size, "bad address or port");
        return NULL;
    }
    as_dap_server *s = server_new();
    if (!s) {
        if (err) snprintf(err, err_size, "out of memory");
        return NULL;
    }
    s->listen_fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    int one = 1;
    if (s->listen_fd >= 0) setsockopt(s->listen_fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    socklen_t len = sizeof addr;
    if (s->listen_fd < 0 || pipe2(s->wake, O_CLOEXEC) < 0 || bind(s->listen_fd, (struct sockaddr *)&addr, sizeof addr) < 0 || listen(s->listen_fd, 1) < 0 ||
        getsockname(s->listen_fd, (struct sockaddr *)&addr, &len) < 0) {
        if (err) snprintf(err, err_size, "%s", strerror(errno));
        if (s->listen_fd >= 0) close(s->listen_fd);
        close_wake(s);
        server_free(s);
        return NULL;
    }
    s->port = ntohs(addr.sin_port);
    if (pthread_create(&s->thread, NULL, accept_loop, s) != 0) {
        if (err) snprintf(err, err_size, "no thread");
        close(s->listen_fd);
        close_wake(s);
        server_free(s);
        return NULL;
    }
    s->thread_started = true;
    return s;
}

static void *fd_reader(void *arg)
{
    as_dap_server *s = arg;
    dap_session(s);
    dap_client_gone(s);
    return NULL;
}

as_dap_server *as_dap_open_fds(int in_fd, int out_fd)
{
    as_dap_server *s = server_new();
    if (!s) return NULL;
    s->in_fd = in_fd;
    s->out_fd = out_fd;
    s->launch_mode = true;
    if (pthread_create(&s->thread, NULL, fd_reader, s) != 0) {
        server_free(s);
        return NULL;
    }
    s->thread_started = true;
    return s;
}

int as_dap_port(const as_dap_server *s) { return s ? s->port : 0; }

int as_dap_add_module(as_dap_server *s, as_module *m)
{
    if (!s || !m) return AS_INVALID_ARG;
    dap_learn_module(s, m);
    return AS_SUCCESS;
}

int as_dap_module_reloaded(as_dap_server *s, as_module *m)
{
    if (!s || !m) return AS_INVALID_ARG;
    dap_relearn(s);
    dap_learn_module(s, m);
    return AS_SUCCESS;
}

/* Waits on the condition until pred(s) or the deadline (under lock); true if pred holds. */
static bool wait_until(as_dap_server *s, bool (*pred)(as_dap_server *), int timeout_ms)
{
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    if (timeout_ms >= 0) {
        deadline.tv_sec += timeout_ms / 1000;
        deadline.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
        if (deadline.tv_nsec >= 1000000000L) {
            deadline.tv_sec++;
            deadline.tv_nsec -= 1000000000L;
        }
    }
    while (!pred(s)) {
        if (timeout_ms < 0) pthread_cond_wait(&s->cond, &s->lock);
        else if (pthread_cond_timedwait(&s->cond, &s->lock, &deadline) == ETIMEDOUT) return pred(s);
    }
    return true;
}

static bool is_configured(as_dap_server *s) { return s->configured || s->stopping || (s->launch_mode && s->disconnected); }

bool as_dap_wait_for_client(as_dap_server *s, int timeout_ms)
{
    if (!s) return false;
    pthread_mutex_lock(&s->lock);
    bool ok = wait_until(s, is_configured, timeout_ms) && s->configured;
    pthread_mutex_unlock(&s->lock);
    return ok;
}

static bool has_launch(as_dap_server *s) { return s->launch_request || s->disconnected || s->stopping; }

static char *launch_string(const cJSON *args, const char *name)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(args, name);
    return cJSON_IsString(v) && v->valuestring[0] ? dap_strdup(v->valuestring) : NULL;
}

bool as_dap_wait_launch(as_dap_server *s, as_dap_launch *out)
{
    memset(out, 0, sizeof *out);
    if (!s) return false;
    for (;;) {
        pthread_mutex_lock(&s->lock);
        wait_until(s, has_launch, -1);
        cJSON *req = s->launch_request;
        pthread_mutex_unlock(&s->lock);
        if (!req) return false;
        const cJSON *args = dap_arguments(req);
        out->program = launch_string(args, "program");
        out->code = out->program ? NULL : launch_string(args, "code");
        out->cwd = launch_string(args, "cwd");
        out->stop_on_entry = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(args, "stopOnEntry"));
        out->no_debug = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(args, "noDebug"));
        const cJSON *list = cJSON_GetObjectItemCaseSensitive(args, "args");
        int n = cJSON_IsArray(list) ? cJSON_GetArraySize(list) : 0;
        out->args = calloc((size_t)n + 2, sizeof *out->args);
        if ((out->program || out->code) && out->args) {
            out->args[out->argc++] = dap_strdup(out->program ? out->program : "-e");
            const cJSON *a;
            cJSON_ArrayForEach(a, list)
            {
                char num[32];
                if (cJSON_IsNumber(a)) snprintf(num, sizeof num, "%g", a->valuedouble);
                out->args[out->argc++] = dap_strdup(cJSON_IsString(a) ? a->valuestring : cJSON_IsNumber(a) ? num : "");
            }
            return true;
        }
        /* a launch without a program: refused, the client may try again */
        as_dap_launch_free(out);
        as_dap_launch_done(s, false, "launch needs \"program\": the script to run (or \"code\": its text)");
        pthread_mutex_lock(&s->lock);
        s->launch_taken = false;
        pthread_mutex_unlock(&s->lock);
    }
}

void as_dap_launch_free(as_dap_launch *l)
{
    if (!l) return;
    for (int i = 0; i < l->argc; i++) free(l->args[i]);
    free(l->args);
    free(l->program);
    free(l->cwd);
    free(l->code);
    memset(l, 0, sizeof *l);
}

void as_dap_launch_done(as_dap_server *s, bool ok, const char *message)
{
    if (!s) return;
    pthread_mutex_lock(&s->lock);
    cJSON *req = s->launch_request;
    s->launch_request = NULL;
    s->launch_taken = true;
    pthread_mutex_unlock(&s->lock);
    if (!req) return;
    dap_respond(s, req, ok, ok ? NULL : message, NULL);
    cJSON_Delete(req);
    if (ok) {
        atomic_store(&s->active, true);
        dap_send_event(s, "initialized", NULL);
    }
}

void as_dap_exited(as_dap_server *s, int status)
{
    if (!s) return;
    fflush(NULL);
    dap_drain_output(s);
    cJSON *body = cJSON_CreateObject();
    cJSON_AddNumberToObject(body, "exitCode", status);
    dap_send_event(s, "exited", body);
    dap_send_event(s, "terminated", NULL);
    pthread_mutex_lock(&s->lock);
    s->exited = true;
    pthread_mutex_unlock(&s->lock);
}

static bool is_disconnected(as_dap_server *s) { return s->disconnected || s->stopping; }

void as_dap_wait_disconnect(as_dap_server *s, int timeout_ms)
{
    if (!s) return;
    pthread_mutex_lock(&s->lock);
    wait_until(s, is_disconnected, timeout_ms);
    pthread_mutex_unlock(&s->lock);
}

void as_dap_stop(as_dap_server *s)
{
    if (!s) return;
    fflush(NULL);
    pthread_mutex_lock(&s->lock);
    s->stopping = true;
    atomic_store(&s->active, false);
    pthread_cond_broadcast(&s->cond);
    pthread_mutex_unlock(&s->lock);
    if (s->thread_started) {
        if (s->listen_fd >= 0) {
            /* the accept loop wakes and notices `stopping`; a client still connected is cut off */
            pthread_mutex_lock(&s->write_lock);
            if (s->in_fd >= 0) shutdown(s->in_fd, SHUT_RDWR);
            pthread_mutex_unlock(&s->write_lock);
            if (write(s->wake[1], "", 1) < 0) { /* the pipe is ours and empty: cannot fail */ }
        } else {
            /* a reader of a pipe cannot be woken: it ends at the client's disconnect, or now */
            pthread_mutex_lock(&s->lock);
            bool gone = s->disconnected;
            pthread_mutex_unlock(&s->lock);
            if (!gone) pthread_cancel(s->thread);
        }
        pthread_join(s->thread, NULL);
    }
    dap_stop_captures(s);
    if (s->listen_fd >= 0) close(s->listen_fd);
    close_wake(s);
    server_free(s);
}
