/* Ahead-of-time compiled scripts: the interface between angelc and the C that `angelc aot` writes.
 *
 * `angelc aot script.as -o script_aot.c` translates every script function of the module to one C
 * function working on the interpreter's own frame (the same slots, the same constants). The file
 * ends with a table (as_aot_module) and a registration function; a host compiles the file into
 * its program and calls that function once, before building the module. From then on, when the
 * engine builds or loads a module, each function whose bytecode hash matches an entry of a
 * registered table runs as compiled C; a module with functions that don't match says so once
 * (a warning through the message callback) and runs those interpreted.
 *
 * Compiled code hands its frame back to the interpreter at any instruction ("resumes" there):
 * an instruction it does not translate, a suspension, an abort, a line callback (the debugger),
 * a catch block. So compiled and interpreted functions mix freely and behave the same.
 *
 * Everything below the registration call is for the generated code only. */
#ifndef ANGELC_AOT_H
#define ANGELC_AOT_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "angelc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this interface; a table of another version is refused at registration. */
#define AS_AOT_ABI 1

/* One 8-byte frame slot or constant, as the interpreter keeps them (untagged). */
typedef union as_aot_slot {
    int32_t i32;
    uint32_t u32;
    int64_t i64;
    uint64_t u64;
    float f32;
    double f64;
    void *p;
    const void *cp;
    int8_t i8;
    uint8_t u8;
    int16_t i16;
    uint16_t u16;
} as_aot_slot;

/* What a compiled body returns. */
enum {
    AS_AOT_RETURNED,    /* the function returned (its value stored at ret); its frame is still there */
    AS_AOT_EXCEPTION,   /* an exception is set on ctx, at the pc recorded in the innermost frame */
    AS_AOT_RESUME,      /* the interpreter goes on with the innermost frame at its recorded pc */
    AS_AOT_TRAP,        /* as RESUME, through the interpreter's trap (abort, suspend, budget) first */
};

/* A compiled script function: fp is its frame (arguments in place), K its constants, ret where
 * its return value goes. Called with its frame already pushed on ctx. */
typedef int (*as_aot_body)(as_context *ctx, as_aot_slot *fp, const as_aot_slot *K, as_aot_slot *ret);

/* One compiled function: the declaration it was compiled from (with object and namespace), the
 * hash of its bytecode (as_aot_hash) and its body. */
typedef struct as_aot_entry {
    const char *decl;
    uint64_t hash;
    as_aot_body body;
} as_aot_entry;

/* The table of one generated file. */
typedef struct as_aot_module {
    uint32_t abi;               /* AS_AOT_ABI */
    const char *script;         /* the script it was compiled from (for messages) */
    const as_aot_entry *funcs;
    uint32_t nfuncs;
} as_aot_module;

/* Registers a generated table for every engine of the process (the table is not copied: it must
 * outlive them; generated tables are static). Modules built or loaded afterwards use it.
 * Returns 0, or AS_INVALID_ARG for NULL or a table of another AS_AOT_ABI. Not thread-safe:
 * register before engines build modules on other threads. */
int as_aot_register(const as_aot_module *m);
/* Forgets every registered table (modules already built keep their compiled functions). */
void as_aot_unregister_all(void);
/* The hash a table entry must have to give script function f its compiled body (0 when f has no
 * bytecode): its frame size, instructions and the constants they read. */
uint64_t as_aot_function_hash(as_function *f);
/* How many functions of m run compiled. */
int as_aot_module_compiled_count(as_module *m);

/* Writes C for every script function of the built module m to out (what `angelc aot` writes);
 * script names the source in comments and messages, reg_name is the registration function the
 * file defines (`void reg_name(void)`). Returns 0, or a negative as_result. */
int as_aot_write_module(as_module *m, FILE *out, const char *script, const char *reg_name);

/* ---- for the generated code ---- */

/* Byte offset of the context's trap word: nonzero when a compiled function must stop at its
 * next call or backward jump (abort, suspend, budget, line callback, exception). */
extern const size_t as_aot_trap_offset;
#if defined(__cplusplus) || defined(__STDC_NO_ATOMICS__)
#define AS_AOT_TRAPPED(ctx) (*(volatile int *)(void *)((char *)(ctx) + as_aot_trap_offset))
#else
#include <stdatomic.h>
/* an atomic_int: other threads set it (as_context_abort, as_context_suspend) */
#define AS_AOT_TRAPPED(ctx) \
    atomic_load_explicit((atomic_int *)(void *)((char *)(ctx) + as_aot_trap_offset), memory_order_relaxed)
#endif

/* The interpreter's call stack, as compiled code pushes a frame for a call between two compiled
 * functions itself: mirrors of its call record and of the context's stack fields (src/vm/vm.h;
 * aot_runtime.c asserts they agree), reached through the offsets below. */
typedef struct as_aot_frame {
    const void *fn;             /* the function */
    const void *pc;             /* its instruction where it called (8-byte instructions) */
    as_aot_slot *fp;            /* its frame */
    as_aot_slot *result;        /* where its return value goes */
    void *chunk;                /* the stack chunk holding fp */
    uint8_t entry;              /* 0: called from script */
} as_aot_frame;
typedef struct as_aot_stack {
    void *chunk;                /* chunk of the innermost frame */
    as_aot_frame *calls;        /* calls[0 .. ncalls) */
    uint32_t ncalls, calls_cap, max_calls;
    uint32_t calls_fast;        /* a frame may be pushed straight while ncalls < calls_fast */
} as_aot_stack;
typedef struct as_aot_layout {
    size_t stack;               /* in the context: its as_aot_stack */
    size_t fn_body, fn_code, fn_consts;  /* in a function: its as_aot_body, code, constants */
    size_t chunk_nslots, chunk_slots;    /* in a stack chunk: its size in slots, its first slot */
} as_aot_layout;
extern const as_aot_layout as_aot_offsets;
#define AS_AOT_AT(p, off, T) (*(T *)(void *)((char *)(p) + (off)))
#define AS_AOT_STACK(ctx) ((as_aot_stack *)(void *)((char *)(ctx) + as_aot_offsets.stack))
#define AS_AOT_FN_BODY(f) AS_AOT_AT(f, as_aot_offsets.fn_body, as_aot_body)
#define AS_AOT_FN_CODE(f) AS_AOT_AT(f, as_aot_offsets.fn_code, const uint64_t *)
#define AS_AOT_FN_CONSTS(f) AS_AOT_AT(f, as_aot_offsets.fn_consts, const as_aot_slot *)
#define AS_AOT_CHUNK_END(ch) ((as_aot_slot *)(void *)((char *)(ch) + as_aot_offsets.chunk_slots) + \
                              AS_AOT_AT(ch, as_aot_offsets.chunk_nslots, size_t))

/* Compiled functions calling each other nest on the C stack: past AS_AOT_MAX_DEPTH such calls
 * (counted per thread in as_aot_depth) a call goes to the interpreter, whose frames are on the
 * heap, so deep recursion stops with "Stack overflow" as interpreted, never with a crash. */
#define AS_AOT_MAX_DEPTH 1000u
#ifdef __cplusplus
extern thread_local unsigned as_aot_depth;
#else
extern _Thread_local unsigned as_aot_depth;
#endif

/* Raises exception msg (a static string) at instruction pc of the innermost frame; returns
 * AS_AOT_EXCEPTION. */
int as_aot_throw(as_context *ctx, uint32_t pc, const char *msg);
/* Records pc in the innermost frame and returns AS_AOT_RESUME: the interpreter goes on there. */
int as_aot_resume(as_context *ctx, uint32_t pc);
/* A backward jump to pc with the trap set (resume_pc: where the interpreter would stop, the
 * loop's SUSPEND). Returns 0 to go on, else the status to return. */
int as_aot_backedge(as_context *ctx, uint32_t resume_pc);
/* A SUSPEND at pc with the trap set. Returns 0 to go on, else the status to return. */
int as_aot_suspend(as_context *ctx, uint32_t pc);
/* The script function in slot fp[a].. called by instruction pc (CALL, CALLN: null_check then
 * checks the object slot; CALLV: virtual dispatch; CALLPTR: a function handle in fp[b]).
 * Returns 0 when the call returned, else the status to return. */
int as_aot_call(as_context *ctx, as_aot_slot *fp, uint32_t pc, uint32_t a, void *callee, int null_check);
int as_aot_callv(as_context *ctx, as_aot_slot *fp, uint32_t pc, uint32_t a, void *declared);
int as_aot_callptr(as_context *ctx, as_aot_slot *fp, uint32_t pc, uint32_t a, uint32_t b);
/* A registered function f called by instruction pc with arguments at fp[a] (CALLSYS, CALLSYSN).
 * Returns 0 to go on, else the status to return. */
int as_aot_callsys(as_context *ctx, as_aot_slot *fp, uint32_t pc, uint32_t a, void *f, int null_check);
/* Reference counting and objects, as the interpreter's ADDREF, FREE, HSET, HSETM, DESTROY,
 * NEWOBJ, CAST, DELEGATE, SAMETYPE. Those returning int give 0 to go on, else the status. */
void as_aot_addref(as_context *ctx, void *obj, void *type);
void as_aot_release(as_context *ctx, uint32_t pc, void *obj, void *type);
int as_aot_hsetm(as_context *ctx, uint32_t pc, void **dst, void *obj, void *type);
void as_aot_destroy(as_context *ctx, uint32_t pc, void *value, void *type);
int as_aot_newobj(as_context *ctx, uint32_t pc, as_aot_slot *dst, void *type);
void as_aot_cast(as_aot_slot *dst, void *obj, void *type);
int as_aot_delegate(as_context *ctx, uint32_t pc, as_aot_slot *dst, void *obj, void *method);
/* Integer power and real to integer conversions with the interpreter's rules (0 on overflow). */
int as_aot_pow_i32(int32_t b, int32_t e, int32_t *out);
int as_aot_pow_u32(uint32_t b, uint32_t e, uint32_t *out);
int as_aot_pow_i64(int64_t b, int64_t e, int64_t *out);
int as_aot_pow_u64(uint64_t b, uint64_t e, uint64_t *out);
int32_t as_aot_d2i(double d);
int64_t as_aot_d2l(double d);

/* A call (CALL, CALLN) by instruction pc of a compiled function with nslots frame slots of script
 * function f with nargs argument slots at fp[a]: when f runs as body (compiled in the same file),
 * its frame (callee_nslots) fits, and nothing asks for the interpreter (trap, depth), its frame is
 * pushed here and body called straight; else as_aot_call. this_slot: CALLN's object slot (from a),
 * checked not null, or -1. Returns 0 when the call returned, else the status to return. */
#if defined(__GNUC__) && defined(AS_AOT_INLINE_CALLS)
#define AS_AOT_CALL_INLINE static inline __attribute__((always_inline))
#else
#define AS_AOT_CALL_INLINE static inline
#endif
AS_AOT_CALL_INLINE int as_aot_call_body(as_context *ctx, as_aot_slot *fp, uint32_t pc, uint32_t a, const void *f,
                                   as_aot_body body, uint32_t nslots, uint32_t nargs, uint32_t callee_nslots,
                                   int this_slot)
{
    as_aot_stack *st = AS_AOT_STACK(ctx);
    as_aot_frame *ci = st->calls + st->ncalls - 1;
    as_aot_slot *nfp = fp + nslots;
    if (!AS_AOT_TRAPPED(ctx) && AS_AOT_FN_BODY(f) == body && (this_slot < 0 || fp[a + (uint32_t)this_slot].p) &&
        as_aot_depth < AS_AOT_MAX_DEPTH && st->ncalls < st->calls_fast && nfp + callee_nslots <= AS_AOT_CHUNK_END(ci->chunk)) {
        ci->pc = AS_AOT_FN_CODE(ci->fn) + pc;
        for (uint32_t k = 0; k < nargs; k++) nfp[k] = fp[a + k];
        ci[1].fn = f;
        ci[1].fp = nfp;
        ci[1].result = &fp[a];
        ci[1].chunk = ci->chunk;
        ci[1].entry = 0;
        st->ncalls++;
        as_aot_depth++;
        int r = body(ctx, nfp, AS_AOT_FN_CONSTS(f), &fp[a]);
        as_aot_depth--;
        if (r == AS_AOT_RETURNED) {
            st->ncalls--;
            st->chunk = st->calls[st->ncalls - 1].chunk;
        }
        return r;
    }
    return as_aot_call(ctx, fp, pc, a, (void *)f, this_slot >= 0);
}

#ifdef __cplusplus
}
#endif
#endif
