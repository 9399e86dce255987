#include "diag.h"
#include <stdarg.h>
#include <stdio.h>

void diag_report(as_diag *d, int section, int line, int col, as_diag_type type, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (type == DIAG_ERROR) d->errors++;
    else if (type == DIAG_WARNING) d->warnings++;
    if (d->report) d->report(d->user, section, line, col, type, buf);
}
