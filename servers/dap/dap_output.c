/* The debuggee's output for the debug adapter: `output` events, and the capture of a file
 * descriptor (the script's standard output) through a pipe. The capture's thread forwards what
 * comes; a script about to stop drains the pipe itself first, so its output arrives before the
 * `stopped` event. */
#define _POSIX_C_SOURCE 200809L
#include "dap_internal.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct dap_capture {
    as_dap_server *s;
    int fd;                /* the descriptor captured */
    int saved;             /* where it pointed before */
    int pipe_r;
    bool tee;
    char category[16];
    pthread_t thread;
    pthread_mutex_t mu;    /* one reader of the pipe at a time */
    char partial[4];       /* an incomplete UTF-8 sequence held back for the next read */
    size_t npartial;
} dap_capture;

void as_dap_output(as_dap_server *s, const char *category, const char *text, size_t len)
{
    if (!s || !text || !len) return;
    char *copy = malloc(len + 1);
    if (!copy) return;
    memcpy(copy, text, len);
    copy[len] = 0;
    /* a NUL byte would cut the text short: shown as a space */
    for (size_t i = 0; i < len; i++)
        if (!copy[i]) copy[i] = ' ';
    cJSON *body = cJSON_CreateObject();
    cJSON_AddStringToObject(body, "category", category ? category : "console");
    cJSON_AddStringToObject(body, "output", copy);
    free(copy);
    dap_send_event(s, "output", body);
}

/* How many bytes at the end of buf[0..n) start a UTF-8 sequence that is not complete. */
static size_t incomplete_tail(const unsigned char *buf, size_t n)
{
    for (size_t back = 1; back <= 3 && back <= n; back++) {
        unsigned char c = buf[n - back];
        if ((c & 0xC0) == 0x80) continue;   /* a continuation byte: look further back */
        size_t need = (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 1;
        return need > back ? back : 0;
    }
    return 0;
}

/* Forwards what the pipe holds now (under c->mu); false at its end. */
static bool forward(dap_capture *c)
{
    unsigned char buf[8192];
    for (;;) {
        memcpy(buf, c->partial, c->npartial);
        ssize_t n = read(c->pipe_r, buf + c->npartial, sizeof buf - c->npartial);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return errno == EAGAIN || errno == EWOULDBLOCK;
        if (n == 0) {
            if (c->npartial) as_dap_output(c->s, c->category, (const char *)buf, c->npartial);
            c->npartial = 0;
            return false;
        }
        if (c->tee) {
            for (ssize_t done = 0; done < n;) {
                ssize_t w = write(c->saved, buf + c->npartial + done, (size_t)(n - done));
                if (w < 0 && errno == EINTR) continue;
                if (w <= 0) break;
                done += w;
            }
        }
        size_t total = c->npartial + (size_t)n;
        size_t keep = incomplete_tail(buf, total);
        if (total > keep) as_dap_output(c->s, c->category, (const char *)buf, total - keep);
        memcpy(c->partial, buf + total - keep, keep);
        c->npartial = keep;
    }
}

static void *capture_thread(void *arg)
{
    dap_capture *c = arg;
    for (;;) {
        struct pollfd p = {c->pipe_r, POLLIN, 0};
        int r = poll(&p, 1, -1);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) break;
        pthread_mutex_lock(&c->mu);
        bool more = forward(c);
        pthread_mutex_unlock(&c->mu);
        if (!more) break;
    }
    return NULL;
}

int as_dap_capture_fd(as_dap_server *s, int fd, const char *category, bool tee)
{
    int slot = fd == 1 ? 0 : fd == 2 ? 1 : -1;
    if (!s || slot < 0 || s->captures[slot]) return -1;
    dap_capture *c = calloc(1, sizeof *c);
    int p[2];
    if (!c || pipe(p) < 0) {
        free(c);
        return -1;
    }
    c->s = s;
    c->fd = fd;
    c->tee = tee;
    snprintf(c->category, sizeof c->category, "%s", category ? category : "stdout");
    c->saved = dup(fd);
    c->pipe_r = p[0];
    fcntl(p[0], F_SETFD, FD_CLOEXEC);
    fcntl(p[0], F_SETFL, fcntl(p[0], F_GETFL) | O_NONBLOCK);
    pthread_mutex_init(&c->mu, NULL);
    if (c->saved < 0 || dup2(p[1], fd) < 0) goto fail;
    fcntl(c->saved, F_SETFD, FD_CLOEXEC);
    close(p[1]);
    p[1] = -1;
    if (pthread_create(&c->thread, NULL, capture_thread, c) != 0) {
        dup2(c->saved, fd);
        goto fail;
    }
    s->captures[slot] = c;
    return 0;
fail:
    if (p[1] >= 0) close(p[1]);
    close(p[0]);
    if (c->saved >= 0) close(c->saved);
    pthread_mutex_destroy(&c->mu);
    free(c);
    return -1;
}

void dap_drain_output(as_dap_server *s)
{
    for (int i = 0; i < 2; i++) {
        dap_capture *c = s->captures[i];
        if (!c) continue;
        pthread_mutex_lock(&c->mu);
        forward(c);
        pthread_mutex_unlock(&c->mu);
    }
}

void dap_stop_captures(as_dap_server *s)
{
    for (int i = 0; i < 2; i++) {
        dap_capture *c = s->captures[i];
        if (!c) continue;
        /* the descriptor points back where it did: the pipe's last writer is gone, its reader
         * sees the end after forwarding the rest */
        dup2(c->saved, c->fd);
        pthread_join(c->thread, NULL);
        close(c->saved);
        close(c->pipe_r);
        pthread_mutex_destroy(&c->mu);
        free(c);
        s->captures[i] = NULL;
    }
}
