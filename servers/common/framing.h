/* The base protocol the Language Server Protocol and the Debug Adapter Protocol share: each
 * message is `Content-Length: N\r\n` (other header lines allowed and ignored), a blank line, then
 * N bytes of JSON. What a client sends is untrusted: headers and bodies are bounded, and a
 * malformed header is reported, never trusted. */
#ifndef ANGELC_FRAMING_H
#define ANGELC_FRAMING_H
#include <stdbool.h>
#include <stddef.h>

typedef enum frame_status {
    FRAME_OK,        /* a message was read */
    FRAME_EOF,       /* the peer closed the stream between messages */
    FRAME_ERROR,     /* a read failed, the stream ended inside a message, or a header was malformed
                      * or too large: the stream cannot be trusted to resynchronise */
} frame_status;

/* Reads messages from a file descriptor (a pipe, standard input or a socket), buffered. */
typedef struct frame_reader frame_reader;

/* A reader of fd (not owned: closing it stays the caller's); max_body bounds one message's
 * length (0: 64 MiB). NULL when out of memory. */
frame_reader *frame_reader_new(int fd, size_t max_body);
void frame_reader_free(frame_reader *r);

/* The next message's body, NUL-terminated, in *body (malloc'd, the caller frees it) and its length
 * in *len. On FRAME_ERROR, frame_reader_error says why. */
frame_status frame_read(frame_reader *r, char **body, size_t *len);
const char *frame_reader_error(const frame_reader *r);
/* Whether frame_read can start without waiting: bytes are buffered or the descriptor has some
 * (or its end). A server uses it to see that a client has sent more already. */
bool frame_reader_ready(const frame_reader *r);

/* Writes one message (header and body) to fd, all of it or nothing more after a failure: 0, or -1
 * when the peer is gone (a socket never raises SIGPIPE; a closed pipe does, as any write). Not thread safe: callers writing from several threads hold a lock. */
int frame_write(int fd, const char *body, size_t len);

#endif
