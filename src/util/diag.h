/* Diagnostics sink shared by the parser and the compiler. */
#ifndef AS_DIAG_H
#define AS_DIAG_H

typedef enum as_diag_type { DIAG_ERROR = 0, DIAG_WARNING = 1, DIAG_INFO = 2 } as_diag_type;

typedef struct as_diag {
    /* section: index of the script section; msg is only valid during the call */
    void (*report)(void *user, int section, int line, int col, as_diag_type type, const char *msg);
    void *user;
    int errors, warnings;
} as_diag;

/* printf-style report; counts errors and warnings. */
void diag_report(as_diag *d, int section, int line, int col, as_diag_type type, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;

#endif
