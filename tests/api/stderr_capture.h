/* Capturing what a test's code writes to stderr (fd 2, so the library's own writes too), for the
 * C API tests that check messages. Needs POSIX (fileno): define _POSIX_C_SOURCE before any
 * include, as those tests do; after check.h. */
#ifndef ANGELC_TEST_STDERR_CAPTURE_H
#define ANGELC_TEST_STDERR_CAPTURE_H
#if !defined(_POSIX_C_SOURCE) || _POSIX_C_SOURCE < 200112L
#error "stderr_capture.h needs _POSIX_C_SOURCE 200112L or later, defined before the first include"
#endif
#include "check.h"

/* What the code between stderr_capture_begin and stderr_capture_end writes to stderr (fd 2,
 * so the library's own writes too) lands in buf (NUL-terminated, cut at n - 1 bytes). */
typedef struct stderr_capture {
    FILE *tmp;
    int saved;
} stderr_capture;

static inline stderr_capture stderr_capture_begin(void)
{
    stderr_capture c;
    fflush(stderr);
    c.tmp = tmpfile();
    REQUIRE(c.tmp);
    c.saved = dup(2);
    REQUIRE(c.saved >= 0 && dup2(fileno(c.tmp), 2) >= 0);
    return c;
}

static inline void stderr_capture_end(stderr_capture c, char *buf, size_t n)
{
    fflush(stderr);
    dup2(c.saved, 2);
    close(c.saved);
    rewind(c.tmp);
    size_t got = fread(buf, 1, n - 1, c.tmp);
    buf[got] = 0;
    fclose(c.tmp);
}

#endif
