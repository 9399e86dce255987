/* The engine's messages when the host sets no message callback: written to stderr in the form
 * `angelc check` prints them, so a host that forgets the callback still sees why a build or a
 * registration failed. as_message_discard is the callback for hosts that want silence. */
#include "engine.h"
#include <stdio.h>

void message_print_default(const as_message *m)
{
    const char *kind = m->type == AS_MSG_ERROR ? "error" : m->type == AS_MSG_WARNING ? "warning" : "info";
    const char *section = m->section ? m->section : "";
    /* one fprintf per message: stdio locks the stream per call, so lines of engines on other
     * threads do not interleave within a line */
    if (*section) fprintf(stderr, "%s:%d:%d: %s: %s\n", section, m->row, m->col, kind, m->message);
    else fprintf(stderr, "angelc: %s: %s\n", kind, m->message);
}

void as_message_discard(const as_message *msg, void *user)
{
    (void)msg;
    (void)user;
}
