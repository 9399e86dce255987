/* Content-Length framing for the language server and the debug adapter (framing.h). */
#define _POSIX_C_SOURCE 200809L
#include "framing.h"
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#define HEADER_LINE_MAX 1024   /* a header line longer than this is not one a client sends */
#define HEADER_LINES_MAX 32
#define DEFAULT_MAX_BODY ((size_t)64 << 20)

struct frame_reader {
    int fd;
    size_t max_body;
    char buf[8192];
    size_t at, end;            /* unread bytes are buf[at..end) */
    char error[160];
};

frame_reader *frame_reader_new(int fd, size_t max_body)
{
    frame_reader *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->fd = fd;
    r->max_body = max_body ? max_body : DEFAULT_MAX_BODY;
    return r;
}

void frame_reader_free(frame_reader *r) { free(r); }

const char *frame_reader_error(const frame_reader *r) { return r->error; }

bool frame_reader_ready(const frame_reader *r)
{
    if (r->at < r->end) return true;
    struct pollfd p = {r->fd, POLLIN, 0};
    return poll(&p, 1, 0) > 0;
}

/* Refills the buffer: 1 if bytes came, 0 at the end of the stream, -1 on a read error. */
static int fill(frame_reader *r)
{
    r->at = r->end = 0;
    for (;;) {
        ssize_t n = read(r->fd, r->buf, sizeof r->buf);
        if (n > 0) {
            r->end = (size_t)n;
            return 1;
        }
        if (n == 0) return 0;
        if (errno != EINTR) return -1;
    }
}

static frame_status fail(frame_reader *r, const char *what)
{
    snprintf(r->error, sizeof r->error, "%s", what);
    return FRAME_ERROR;
}

/* One header line without its "\r\n" (a bare "\n" is accepted) into line. */
static frame_status read_line(frame_reader *r, char *line, size_t *n, int first)
{
    *n = 0;
    for (;;) {
        if (r->at == r->end) {
            int got = fill(r);
            if (got < 0) return fail(r, "read failed");
            if (got == 0) return first && *n == 0 ? FRAME_EOF : fail(r, "the stream ended inside a header");
        }
        char c = r->buf[r->at++];
        if (c == '\n') {
            if (*n && line[*n - 1] == '\r') (*n)--;
            line[*n] = 0;
            return FRAME_OK;
        }
        if (*n + 1 >= HEADER_LINE_MAX) return fail(r, "a header line is too long");
        line[(*n)++] = c;
    }
}

frame_status frame_read(frame_reader *r, char **body, size_t *len)
{
    *body = NULL;
    *len = 0;
    char line[HEADER_LINE_MAX];
    size_t n;
    long long length = -1;
    for (int lines = 0;; lines++) {
        if (lines > HEADER_LINES_MAX) return fail(r, "too many header lines");
        frame_status st = read_line(r, line, &n, lines == 0);
        if (st != FRAME_OK) return st;
        if (n == 0) {
            if (lines == 0) continue;   /* stray blank lines between messages */
            break;
        }
        static const char key[] = "content-length:";
        if (n >= sizeof key - 1 && strncasecmp(line, key, sizeof key - 1) == 0) {
            char *end;
            const char *v = line + sizeof key - 1;
            while (*v == ' ' || *v == '\t') v++;
            errno = 0;
            length = strtoll(v, &end, 10);
            while (*end == ' ' || *end == '\t') end++;
            if (errno || end == v || *end || length < 0) return fail(r, "Content-Length is not a number");
        } else if (!memchr(line, ':', n)) {
            return fail(r, "a header line has no ':'");
        }
    }
    if (length < 0) return fail(r, "a message has no Content-Length header");
    if ((unsigned long long)length > r->max_body) return fail(r, "a message is larger than the limit");
    char *b = malloc((size_t)length + 1);
    if (!b) return fail(r, "out of memory for a message");
    size_t have = 0;
    while (have < (size_t)length) {
        if (r->at == r->end) {
            int got = fill(r);
            if (got <= 0) {
                free(b);
                return fail(r, got < 0 ? "read failed" : "the stream ended inside a message");
            }
        }
        size_t take = r->end - r->at;
        if (take > (size_t)length - have) take = (size_t)length - have;
        memcpy(b + have, r->buf + r->at, take);
        r->at += take;
        have += take;
    }
    b[have] = 0;
    *body = b;
    *len = have;
    return FRAME_OK;
}

/* A socket is written with MSG_NOSIGNAL: a client that went away must not raise SIGPIPE in the
 * host (whose signal handling is its own); a pipe falls back to write. */
static int write_all(int fd, const char *p, size_t n)
{
    int is_socket = 1;
    while (n) {
        ssize_t w = is_socket ? send(fd, p, n, MSG_NOSIGNAL) : write(fd, p, n);
        if (w < 0 && is_socket && errno == ENOTSOCK) {
            is_socket = 0;
            continue;
        }
        if (w < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

int frame_write(int fd, const char *body, size_t len)
{
    char head[64];
    int hn = snprintf(head, sizeof head, "Content-Length: %zu\r\n\r\n", len);
    if (write_all(fd, head, (size_t)hn) != 0) return -1;
    return write_all(fd, body, len);
}
