/* The virtual machine: contexts (a stack of frames) and the interpreter loop. */
#ifndef AS_VM_H
#define AS_VM_H
#include "../runtime/engine.h"
#include "../runtime/object.h"
#include <stdatomic.h>
#include <string.h>

/* Frames live in chunks that never move, so a reference to a local stays valid while a callee
 * runs; a call that does not fit in the current chunk starts a new one. */
typedef struct as_stack_chunk {
    struct as_stack_chunk *prev, *next;
    size_t nslots;
    as_slot *end;           /* slots + nslots: the call fast path's bound */
    as_slot slots[];        /* nslots, and CHUNK_PAD more the fast path may copy into */
} as_stack_chunk;
/* Slots past a chunk's end that a call's argument copy may write (vm.c, CALL): three
 * arguments are copied whatever their number, so a frame at the end may spill two. */
#define CHUNK_PAD 2

typedef struct as_callinfo {
    as_function *fn;
    const as_insn *pc;      /* where the frame resumes (saved when it calls) */
    as_slot *fp;
    as_slot *result;        /* where RETV stores the returned value */
    as_stack_chunk *chunk;  /* chunk holding fp */
    uint8_t entry;          /* called from the host: the interpreter returns after this frame */
} as_callinfo;

typedef struct as_exc_frame {
    as_function *fn;
    int line, col;
    const char *section;    /* kept here when fn's module is discarded, else NULL */
} as_exc_frame;

/* A copy of an object argument passed by value, owned by the context until the call ends. */
typedef struct as_argcopy {
    void *obj;
    int type_id;
} as_argcopy;
typedef VEC(as_argcopy) as_argcopies;

/* What as_context_push_state sets aside so a registered function can run a nested call. */
typedef struct as_saved_state {
    as_exec_state state;
    as_function *prepared;
    as_slot *args, retval;
    void *retobj;  as_type *retobj_type;
    void *retvalue_storage;  as_type *retvalue_type;
    as_stack_chunk *chunk;
    uint32_t ncalls;
    char *exc_msg;
    as_function *exc_func;
    int exc_line, exc_col;
    bool exc_catchable, has_exception;
    as_argcopies argcopies;
} as_saved_state;

struct as_context {
    as_engine *engine;
    /* Written by the executing thread, read by as_context_abort from any thread (atomic: see
     * the requests below). */
    _Atomic(as_exec_state) state;

    as_stack_chunk *chunk;  /* chunk of the innermost frame */
    as_callinfo *calls;     /* calls[0..ncalls) */
    uint32_t ncalls, calls_cap;
    uint32_t max_calls;     /* call depth limit (the engine property, or a default) */
    uint32_t calls_fast;    /* the smaller of calls_cap and max_calls: the call fast path's limit
                             * (stack_limits, whenever either changes) */

    as_function *prepared;
    bool again;             /* FINISHED: preparing `prepared` again only clears its arguments
                             * (a plain script function; nothing of the call left to release) */
    as_slot *args;          /* argument slots of the prepared function */
    size_t args_room;       /* slots reserved at args */
    as_slot retval;
    void *retobj;           /* returned object owned by the context */
    as_type *retobj_type;
    char retbuf_align[8];
    void *retvalue_storage; /* value type returned by value */
    as_type *retvalue_type;
    as_argcopies argcopies; /* by-value object arguments copied by as_context_set_arg_object */

    /* exception */
    char *exc_msg;
    as_function *exc_func;
    int exc_line, exc_col;
    const char *exc_section;
    bool exc_catchable;
    bool has_exception;
    VEC(as_exc_frame) exc_stack;   /* script frames when the exception was raised, innermost first */
    VEC(as_function *) exc_pins;   /* references kept on functions of discarded modules that the
                                    * exception state names, until the next prepare */

    as_function *sys_func;  /* the registered function being called (native_call) */
    /* Requests another thread (or a signal handler) may make while the script runs:
     * as_context_abort, as_context_suspend and the line callback. Each sets its field, then the
     * trap; the interpreter clears the trap before it reads them, so a request made meanwhile
     * sets the trap again and is never lost. Atomics (lock-free, so also signal-safe); on x86 a
     * load is a plain load. */
    _Atomic(as_line_fn) line_cb;  void *_Atomic line_user;
    as_line_fn exc_cb;   void *exc_user;
    atomic_int trap;        /* checked at backward jumps and calls: suspend, abort, budget, tracing */
    atomic_bool suspend_req, abort_req;
    bool budget_on;         /* a step budget is set: the trap stays on */
    bool budget_pooled;     /* budget_left is a share of the engine's budget (as_engine_set_budget) */
    uint32_t budget_gen;    /* of the engine's budget the share was taken from */
    uint64_t budget, budget_left;   /* steps per execution, steps left in this one */
    const as_insn *resume_at;   /* statement whose line callback already ran before a suspend */
    uint8_t exec_stops;     /* for the next vm_exec: VM_STOP_* (as_context_execute sets them) */
    VEC(as_saved_state) saved;     /* push_state stack */
    struct as_context *prev_active;
    VEC(as_userdata) user_data;
    struct as_context *live_prev, *live_next;   /* the engine's live contexts (e->contexts) */
    bool holds_engine;      /* holds a reference to the engine (not while in its pool) */
};

/* Line callback stops of an execution besides the statements, as the reference makes them:
 * one when the prepared function is entered (every script function called gets one too), and
 * one more when the execution ends (finished, suspended, aborted, or an exception it doesn't
 * catch), with the frames still in place. Engine-internal executions have neither. */
enum { VM_STOP_ENTRY = 1, VM_STOP_FINAL = 2 };
/* Runs the frames above the current entry frame until it returns. Returns an as_exec_state. */
int vm_exec(as_context *ctx);
/* The engine's budget around one execution of ctx (not of a nested one on the same context):
 * begin takes a share for a context without its own budget, end gives back what is left.
 * refill takes another share when the one in hand is spent; false when the pool is empty. */
void vm_budget_begin(as_context *ctx, bool fresh);
void vm_budget_end(as_context *ctx);
bool vm_budget_refill(as_context *ctx);
/* Raises a script exception in ctx at the current position (message copied). */
void vm_set_exception(as_context *ctx, const char *msg, bool catchable);
/* Frees an exception message (vm_oom_message, used when none could be allocated, is static). */
extern char vm_oom_message[];
void vm_free_message(char *msg);
/* The innermost try block of f protecting pc, or NULL. */
const as_tryinfo *vm_find_try(const as_function *f, uint32_t pc);
/* Line and column of the instruction a frame is at. */
void vm_frame_line(const as_callinfo *ci, int *line, int *col);
/* The active context of this thread (as_active_context), and nesting. */
extern _Thread_local as_context *vm_active;
static inline void vm_push_active(as_context *ctx)
{
    ctx->prev_active = vm_active;
    vm_active = ctx;
}
static inline void vm_pop_active(as_context *ctx) { vm_active = ctx->prev_active; }

/* Releases or destroys one object held in a frame or a variable. */
void vm_release_object(as_engine *e, void *obj, as_type *t);

/* A registered function that raised an exception and still returned a handle (a factory that
 * failed half-way, after making its object) hands over a reference nobody will take: released
 * here, *ret cleared. A borrowed handle (`@+`) is not the caller's; a result in memory may not be
 * made. Shared by the interpreter and compiled code (src/aot). */
void vm_drop_failed_result(as_context *ctx, const as_function *f, as_slot *ret);

/* The function a call through the function handle f runs, with its arguments at fp + a laid out
 * for the funcdef: a delegate's method (its object put in, the arguments after it moved up a
 * slot, a virtual one resolved), an import's bound function, a hot reload's successor. NULL with
 * *why the script exception's text when there is none. Shared by CALLPTR and compiled code. */
static inline as_function *vm_handle_callee(as_function *f, as_slot *fp, uint32_t a, const char **why)
{
    if (!f) { *why = "Unbound function called"; return NULL; }
    if (f->kind == FN_DELEGATE) {
        as_function *m = f->delegate_method;
        if (m->reload_to || m->reload_gone) {
            m = function_forwarded(m);   /* a hot reload replaced the method */
            if (!m) { *why = "Function removed by a hot reload called"; return NULL; }
        }
        int r = m->has_retloc ? 1 : 0;
        memmove(&fp[a + r + 1], &fp[a + r], (size_t)(m->nargslots - 1 - r) * sizeof(as_slot));
        fp[a + m->this_slot].p = f->delegate_obj;
        void *obj = f->delegate_obj;
        f = m;
        if (f->kind == FN_INTERFACE || f->vtable_index >= 0) f = object_resolve_virtual(obj, f);
    }
    if (f->kind == FN_IMPORTED) {
        if (!f->bound) { *why = "Unbound function called"; return NULL; }
        f = f->bound;
    }
    if (f->reload_to || f->reload_gone) {
        f = function_forwarded(f);   /* a hot reload replaced it */
        if (!f) { *why = "Function removed by a hot reload called"; return NULL; }
    }
    return f;
}
void vm_addref_object(as_engine *e, void *obj, as_type *t);
void vm_destroy_value(as_engine *e, void *obj, as_type *t);

/* Runs script method fn on obj (no arguments, e.g. a destructor) to completion, nested in the
 * calling thread's active context or in a temporary one. An exception is reported, not raised. */
void vm_call_method(as_engine *e, as_function *fn, void *obj);
/* Runs a script function with prepared argument slots; returns the exec state, result in *ret. */
int vm_call_script(as_context *ctx, as_function *fn, const as_slot *args, as_slot *ret);

/* Calls a registered function with arguments in args[] (its nargslots slots); result in *ret. */
void native_call(as_context *ctx, as_function *f, as_slot *args, as_slot *ret);

#endif
