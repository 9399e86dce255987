/* The engine's messages when the host sets no message callback: written to stderr in the form
 * `angelc check` prints them, so a host that forgets the callback still sees why a build or a
 * registration failed. as_message_discard is the callback for hosts that want silence. */
#include "engine.h"
#include <stdio.h>

void message_print_default(const as_message *m)
{
    const char *kind = m->type == AS_MSG_ERROR ? "error" : m->type == AS_MSG_WARNING ? "warning" : "info";
    const char *section = m->section ? m->section : "";
    /* one fprintf per message: stderr is unbuffered, so a line is written whole */
    if (!*section) fprintf(stderr, "angelc: %s: %s\n", kind, m->message);
    else if (m->row > 0 && m->col > 0) fprintf(stderr, "%s:%d:%d: %s: %s\n", section, m->row, m->col, kind, m->message);
    else if (m->row > 0) fprintf(stderr, "%s:%d: %s: %s\n", section, m->row, kind, m->message);   /* a C file and line (binds) */
    else fprintf(stderr, "%s: %s: %s\n", section, kind, m->message);
}

void as_message_discard(const as_message *msg, void *user)
{
    (void)msg;
    (void)user;
}
