/* The debug adapter's shared state (angelc_dap.h). Two kinds of thread touch it: the session's
 * reader thread (requests, under `lock`) and the script threads (the line callback, which serves
 * the requests needing the engine while its context is stopped). */
#ifndef ANGELC_DAP_INTERNAL_H
#define ANGELC_DAP_INTERNAL_H
#include "angelc.h"
#include "angelc_dap.h"
#include <cjson/cJSON.h>
#include <pthread.h>
#include <stdatomic.h>

typedef enum { STEP_NONE, STEP_INTO, STEP_OVER, STEP_OUT } dap_step;

/* A line breakpoint of the client's (setBreakpoints). */
typedef struct dap_bp {
    int id;
    char *path;           /* the client's source path, resolved (realpath) when possible */
    int line;             /* as asked */
    int actual;           /* the line with code it moved to; 0 until known */
    char *condition, *hit_condition, *log_message;
    int hits;
} dap_bp;

/* A function breakpoint (setFunctionBreakpoints): stops when a function of that name is entered. */
typedef struct dap_fbp {
    int id;
    char *name;           /* "f" or "Class::f" */
    char *condition, *hit_condition;
    int hits;
} dap_fbp;

/* The lines with code of one script section (as_dap_add_module, or learnt as code runs). */
typedef struct dap_section {
    char *name;           /* the section name */
    char *path;           /* its realpath, or a copy of name */
    int *lines;           /* sorted, unique */
    int nlines, cap;
    char *text;           /* the host's copy of a section that is no file (as_dap_add_source) */
    size_t text_len;
    int ref;              /* its sourceReference (1...), 0 when the client reads the file */
} dap_section;

/* A function breakpoints can name: where it starts. */
typedef struct dap_fname {
    char *name;
    char *path;           /* its section's resolved path */
    int line;             /* its first line with code */
} dap_fname;

/* A function the line callback need not look at (dap_quiet.c). */
typedef struct dap_quiet_entry {
    const as_function *fn;
    int gen;              /* the bp_generation it was worked out for */
    bool quiet;           /* no line breakpoint within its lines */
} dap_quiet_entry;
#define DAP_QUIET_CACHE 64

/* A context the client sees as a thread. */
typedef struct dap_thread {
    int id;
    as_context *ctx;
    char *name;
    bool stop_on_entry;
    /* only the script thread: */
    bool traced;                  /* its line callback runs (it is taken off while idle: dap_arm) */
    dap_quiet_entry quiet[DAP_QUIET_CACHE];
    dap_step step;
    unsigned step_level;
    const as_function *last_fn;
    unsigned last_level;
    /* where it last stopped: a statement of the same line that follows does not stop again */
    const as_function *stop_fn;
    unsigned stop_level;
    int stop_line;
    bool in_exception_stop;
    bool exception_caught;
    char *exception_text;
    void **eval_results;          /* dictionaries holding evaluated values until it resumes */
    int neval_results;
    /* under lock: */
    bool stopped;
    atomic_bool pause_requested;
} dap_thread;

/* A request waiting for a stopped thread to run it. */
typedef struct dap_job {
    struct dap_job *next;
    cJSON *request;
    int thread_id;
} dap_job;

/* What a variablesReference stands for while a thread is stopped. */
typedef enum { REF_LOCALS, REF_THIS, REF_GLOBALS, REF_VALUE } dap_ref_kind;
typedef struct dap_ref {
    dap_ref_kind kind;
    int thread_id;
    unsigned level;
    as_module *module;
    void *addr;
    int type_id;
} dap_ref;

struct as_dap_server {
    pthread_mutex_t lock;         /* the state below */
    pthread_cond_t cond;          /* jobs queued, a thread resumed, the client came or went */
    pthread_mutex_t write_lock;   /* one message at a time on out_fd */
    atomic_bool active;           /* a client is attached: the line callback's one test */
    int in_fd, out_fd;            /* the client's; -1 when none */
    bool own_fds;                 /* a TCP connection (closed here) */
    int listen_fd, port;
    int wake[2];                  /* TCP: a byte in wake[1] ends the accept loop's wait (as_dap_stop) */
    bool stopping;
    pthread_t thread;             /* accept loop (TCP) or reader (fds) */
    bool thread_started;
    int seq;
    /* client state */
    bool initialized;             /* `initialize` answered */
    bool configured;              /* configurationDone came */
    bool disconnected;            /* the client went away or disconnected */
    bool terminate;               /* the client asked to end the debuggee (launch mode) */
    bool launch_mode;             /* a session over fds: `launch` is awaited */
    cJSON *launch_request;        /* received, not yet answered */
    bool launch_taken;
    bool exited;
    /* breakpoints */
    dap_bp *bps;
    int nbps;
    dap_fbp *fbps;
    int nfbps;
    int next_bp_id;
    bool exc_all, exc_uncaught;
    atomic_int bp_generation;     /* bumped when breakpoints change */
    atomic_int nstops;            /* line and function breakpoints: contexts need their line callback */
    atomic_int nfunction_bps;     /* function breakpoints: entries are looked at */
    atomic_bool ending;           /* terminate is set: the line callback aborts the scripts */
    /* lines with code */
    dap_section *sections;
    int nsections;
    int next_source_ref;
    as_module **modules;
    int nmodules;
    const as_function **known_fns;   /* whose lines are learnt, sorted by address */
    int nknown, capknown;
    struct dap_fname *fnames;        /* names of the known functions ("f", "Class::f"), sorted */
    int nfnames, capfnames;
    /* threads and jobs */
    dap_thread **threads;
    int nthreads;
    int next_thread_id;
    dap_job *jobs, *jobs_tail;
    dap_ref *refs;                /* valid while a thread is stopped: ids ref_base+1... */
    int nrefs, capref, ref_base;
    /* output capture */
    struct dap_capture *captures[2];
};

/* ---- dap_protocol.c: messages ---- */
void dap_send(as_dap_server *s, cJSON *msg);   /* takes msg */
void dap_send_event(as_dap_server *s, const char *event, cJSON *body);
void dap_respond(as_dap_server *s, const cJSON *request, bool ok, const char *message, cJSON *body);
const char *dap_command(const cJSON *request);
cJSON *dap_arguments(const cJSON *request);
/* Dispatches one request on the reader thread. */
void dap_handle(as_dap_server *s, cJSON *request);
/* The client went away: forget its state and resume stopped scripts. */
void dap_client_gone(as_dap_server *s);
/* Reads and handles messages from in_fd until it ends. */
void dap_session(as_dap_server *s);

/* ---- dap_breakpoints.c ---- */
void dap_learn_module(as_dap_server *s, as_module *m);        /* script thread; takes lock */
void dap_relearn(as_dap_server *s);                          /* after a hot reload; takes lock */
void dap_set_breakpoints(as_dap_server *s, const cJSON *request);
void dap_set_function_breakpoints(as_dap_server *s, const cJSON *request);
/* The lines with code in source between line and endLine. */
void dap_breakpoint_locations(as_dap_server *s, const cJSON *request);
void dap_set_exception_breakpoints(as_dap_server *s, const cJSON *request);
/* The path a source stands for: realpath, or the text itself (malloc'd). */
char *dap_resolve_path(const char *path);
const dap_section *dap_find_section(as_dap_server *s, const char *name);   /* under lock */
dap_section *dap_add_section(as_dap_server *s, const char *name);          /* under lock; NULL if out of memory */
void dap_free_breakpoints(as_dap_server *s);
void dap_free_fnames(as_dap_server *s);

/* ---- dap_stop.c: the script thread ---- */
void dap_line_callback(as_context *ctx, void *server);
void dap_exception_callback(as_context *ctx, void *server);
/* The thread entry of a thread id (under lock); NULL if none. */
dap_thread *dap_thread_by_id(as_dap_server *s, int id);
/* A resuming request (continue, a step) run on t's thread: t runs on. */
void dap_resume(as_dap_server *s, dap_thread *t, dap_step step);
void dap_learn_function(as_dap_server *s, as_function *fn);   /* script thread; takes lock */
/* Puts the line callback back on every attached context (under lock): something may need a stop
 * (breakpoints, a pause, the end of a launched program). */
void dap_arm(as_dap_server *s);
/* Sets terminate (under lock): the scripts are aborted at their next statement. */
void dap_set_terminate(as_dap_server *s);
/* Counts the breakpoints into nstops and arms the contexts if there are any (under lock). */
void dap_breakpoints_changed(as_dap_server *s);
/* Requests for a stopped thread: queued (true), or false when the thread is not stopped. */
bool dap_queue_job(as_dap_server *s, cJSON *request, int thread_id);

/* ---- dap_quiet.c ---- */
/* Whether fn has no line breakpoint in it (script thread; cached per thread, learns fn). */
bool dap_function_quiet(as_dap_server *s, dap_thread *t, as_function *fn);
/* Whether breakpoint b is in the section named section whose resolved path is path. */
bool dap_bp_in_section(const dap_bp *b, const char *section, const char *path);

/* ---- dap_inspect.c: stack, scopes, variables, evaluate (script thread, stopped) ---- */
void dap_run_job(as_dap_server *s, dap_thread *t, cJSON *request);
int dap_new_ref(as_dap_server *s, dap_ref ref);   /* under lock */
/* Whether a value is true for a breakpoint condition. */
bool dap_condition_true(as_dap_server *s, dap_thread *t, const char *condition);
/* A logpoint's message with its {expressions} replaced (malloc'd). */
char *dap_interpolate(as_dap_server *s, dap_thread *t, const char *message);

/* ---- dap_eval.c: expressions by the compiler (script thread, stopped) ---- */
bool dap_eval_compiled(dap_thread *t, unsigned level, const char *expr, void **addr, int *type_id, char *err, size_t err_size);
void dap_release_eval_results(dap_thread *t);
/* A path, else the compiler: the value of expr at a level of t's stack. */
bool dap_evaluate(dap_thread *t, unsigned level, const char *expr, void **addr, int *type_id, char *err, size_t err_size);

/* ---- dap_source.c: sections the client reads through us (sourceReference) ---- */
/* The Source object for a section (under lock): its path, or its sourceReference when the host
 * gave its text and no file of that name exists. */
cJSON *dap_source_json(as_dap_server *s, const char *section);
/* The section path a client's Source object names (its sourceReference, path or name; malloc'd, resolved). */
char *dap_source_path(as_dap_server *s, const cJSON *source);
/* The `source` request: the text of a sourceReference. */
void dap_source_request(as_dap_server *s, const cJSON *request);

/* ---- dap_output.c ---- */
void dap_drain_output(as_dap_server *s);
void dap_stop_captures(as_dap_server *s);

/* small helpers */
char *dap_strdup(const char *s);
const char *dap_base_name(const char *path);

#endif
