/* The interpreter loop.
 *
 * Register machine over 8-byte untagged frame slots. Dispatch is computed goto where the compiler
 * has it (GCC, Clang), a switch otherwise. Exceptions are context state: an instruction that fails
 * records the message and jumps to `unwind`, which walks the frames of this activation, releasing
 * the objects live at the failing instruction, until a try block catches or the entry frame is
 * left. Host frames are never crossed with longjmp. */
#include "vm.h"
#include "util/mem.h"
#include "stack.h"
#include "arith.h"
#include "callops.h"
#include "../runtime/object.h"
#include <math.h>
#include <string.h>
#include <limits.h>

#if defined(__GNUC__) || defined(__clang__)
#define AS_COMPUTED_GOTO 1
#endif

/* Real to integer conversions as x86 does them (the reference's results): out of range gives the
 * "integer indefinite" value of the signed conversion, and unsigned targets go through it. */
static int32_t d2i(double d)
{
    if (d != d || d >= 2147483648.0 || d <= -2147483649.0) return INT32_MIN;
    return (int32_t)d;
}
static uint32_t d2u(double d) { return (uint32_t)d2i(d); }
static int64_t d2l(double d)
{
    if (d != d || d >= 9223372036854775808.0 || d < -9223372036854775808.0) return INT64_MIN;
    return (int64_t)d;
}
static uint64_t d2ul(double d) { return (uint64_t)d2l(d); }

char vm_oom_message[] = "out of memory";

void vm_free_message(char *msg)
{
    if (msg != vm_oom_message) mem_free(msg);
}

void vm_set_exception(as_context *ctx, const char *msg, bool catchable)
{
    vm_free_message(ctx->exc_msg);
    size_t n = strlen(msg);
    /* not counted against the engine's memory limit (the exception may be that it was reached);
     * without memory at all, the message says so */
    mem_account *acct = mem_current_account;
    mem_current_account = NULL;
    ctx->exc_msg = mem_alloc(n + 1);
    mem_current_account = acct;
    if (ctx->exc_msg) memcpy(ctx->exc_msg, msg, n + 1);
    else ctx->exc_msg = vm_oom_message;
    ctx->has_exception = true;
    ctx->trap = 1;   /* the VM tests only the trap after a registered function returns */
    ctx->exc_catchable = catchable;
}

/* Line of pc in f, by the line table (sorted by pc). */
static void pc_line(const as_function *f, uint32_t pc, int *line, int *col)
{
    *line = f->line;
    *col = f->col;
    const as_bytecode *bc = &f->bc;
    uint32_t lo = 0, hi = bc->nlines;
    while (lo < hi) {
        uint32_t mid = (lo + hi) / 2;
        if (bc->lines[mid].pc <= pc) lo = mid + 1;
        else hi = mid;
    }
    /* before the first statement (a function's entry): the first one's line, as the reference */
    if (lo == 0 && bc->nlines) lo = 1;
    if (lo > 0) {
        *line = bc->lines[lo - 1].line;
        *col = bc->lines[lo - 1].col;
    }
}

const as_tryinfo *vm_find_try(const as_function *f, uint32_t pc)
{
    const as_tryinfo *best = NULL;
    for (uint32_t i = 0; i < f->bc.ntrys; i++) {
        const as_tryinfo *t = &f->bc.trys[i];
        /* the innermost: the smallest range holding pc (nested blocks may start together) */
        if (pc >= t->start && pc < t->end && (!best || t->end - t->start < best->end - best->start)) best = t;
    }
    return best;
}

void vm_frame_line(const as_callinfo *ci, int *line, int *col)
{
    const as_function *f = ci->fn;
    uint32_t pc = ci->pc ? (uint32_t)(ci->pc - f->bc.code) : 0;
    pc_line(f, pc, line, col);
}

/* The reference count of obj if the VM may keep it itself: script objects, and registered
 * types that said where theirs is (as_type_set_refcount_offset); else NULL. Funcdef handles
 * (functions and delegates) always go through function_addref/release. */
static inline uint32_t *direct_count(void *obj, const as_type *t)
{
    if (t->kind != TYPE_OBJECT) return NULL;
    if (t->flags & AS_OBJ_SCRIPT_OBJECT) return &((as_object *)obj)->refcount;
    if (t->rc_direct) return (uint32_t *)(void *)((char *)obj + t->rc_offset);
    return NULL;
}

/* Releases objects of frame ci live at pc and not live at keep (UINT32_MAX: none kept). */
static void release_frame_objects(as_context *ctx, as_callinfo *frame, uint32_t pc, uint32_t keep)
{
    /* releasing may run destructors, which may move the call-info array: keep the index */
    uint32_t idx = (uint32_t)(frame - ctx->calls);
    const as_bytecode *bc = &frame->fn->bc;
    /* release in reverse order of declaration, as scopes would */
    for (uint32_t i = bc->nobjvars; i-- > 0;) {
        const as_objvar *ov = &bc->objvars[i];
        if (!(pc >= ov->start && pc < ov->end)) continue;
        if (keep != UINT32_MAX && keep >= ov->start && keep < ov->end) continue;
        as_slot *s = &ctx->calls[idx].fp[ov->slot];
        if (ov->kind == OV_HANDLE) {
            void *obj = s->p;
            s->p = NULL;
            if (obj) vm_release_object(ctx->engine, obj, ov->type);
        } else {
            vm_destroy_value(ctx->engine, s, ov->type);
        }
    }
}

/* Records where the exception happened (the innermost script frame). */
static void record_exception_position(as_context *ctx, as_callinfo *ci)
{
    ctx->exc_func = ci->fn;
    vm_frame_line(ci, &ctx->exc_line, &ctx->exc_col);
    ctx->exc_section = NULL;
    ctx->exc_stack.count = 0;
    for (uint32_t i = ctx->ncalls; i-- > 0;) {
        as_exc_frame fr;
        fr.fn = ctx->calls[i].fn;
        fr.section = NULL;
        vm_frame_line(&ctx->calls[i], &fr.line, &fr.col);
        VEC_PUSH(ctx->exc_stack, fr);
    }
}

void vm_drop_failed_result(as_context *ctx, const as_function *f, as_slot *ret)
{
    const as_type *t = f->ret.type;
    if (f->has_retloc || !(f->ret.flags & DT_HANDLE) || (f->ret.flags & (DT_AUTO_HANDLE | DT_REF)) || !ret->p ||
        !t || !type_is_ref_type(t))
        return;
    void *obj = ret->p;
    ret->p = NULL;
    vm_release_object(ctx->engine, obj, (as_type *)t);
}

int vm_exec(as_context *ctx)
{
#ifdef AS_COMPUTED_GOTO
    static const void *const labels[BC__COUNT] = {
#define X(name, fmt) &&L_##name,
        AS_OPCODES(X)
#undef X
    };
    /* with a line callback every opcode first goes through TRACE, which fires it at statement
     * starts; without one the plain table runs and tracing costs nothing */
    static const void *const traced[BC__COUNT] = {
#define X(name, fmt) &&L__TRACE,
        AS_OPCODES(X)
#undef X
    };
    const void *const *disp = ctx->line_cb ? traced : labels;
#define CASE(name) L_##name:
#define DISPATCH() goto *disp[ip->op]
#else
#define CASE(name) case BC_##name:
#define DISPATCH() goto dispatch
#endif
#define NEXT() do { ip++; DISPATCH(); } while (0)
#define A (ip->a)
#define B (ip->b)
#define C (ip->c)
#define SC ((int16_t)ip->c)
#define SB ((int16_t)ip->b)
#define R(x) fp[x]
#define THROW_MSG(m) do { exc_text = (m); goto throw_; } while (0)

    as_callinfo *ci = &ctx->calls[ctx->ncalls - 1];
    as_slot *fp = ci->fp;
    const as_insn *ip = ci->pc;
    const as_slot *K = ci->fn->bc.consts;
    const char *exc_text = NULL;
    as_function *callee = NULL;
    int dset_tid = 0;   /* DSET_L/DSET_D: the type of the number they store */
    const unsigned stops = ctx->exec_stops;
    ctx->exec_stops = 0;   /* nested internal executions make no stops of their own */
#ifdef AS_COMPUTED_GOTO
#define TRACE_TRAP (ctx->line_cb != NULL)
    if (ctx->line_cb) ctx->trap = 1;    /* traced: backward jumps go through the trap (JUMP) */
#else
#define TRACE_TRAP 0
#endif

/* The stop at the end of an execution: the callback sees the frames as they are; what it asks
 * for (suspend) waits for the next execution. */
#define FINAL_STOP(end_state) do { \
        if ((stops & VM_STOP_FINAL) && ctx->line_cb) { \
            as_exec_state running_ = ctx->state; \
            ci->pc = ip; \
            ctx->state = (end_state); \
            ctx->line_cb(ctx, ctx->line_user); \
            ctx->state = running_; \
            ci = &ctx->calls[ctx->ncalls - 1]; \
            ctx->suspend_req = false; \
        } \
    } while (0)
/* The stop when a script function is entered (before its first statement's): the reference
 * makes it so that recursion can be stopped without line cues too. */
#define ENTRY_STOP() do { \
        if (ctx->line_cb) { \
            ci->pc = ip; \
            ctx->line_cb(ctx, ctx->line_user); \
            ci = &ctx->calls[ctx->ncalls - 1]; \
            if (ctx->abort_req) goto aborted; \
            if (ctx->suspend_req) { \
                ctx->suspend_req = false; \
                ctx->trap = ctx->budget_on; \
                ctx->resume_at = NULL; \
                FINAL_STOP(AS_EXECUTION_SUSPENDED); \
                return AS_EXECUTION_SUSPENDED; \
            } \
        } \
    } while (0)

    if (stops & VM_STOP_ENTRY) ENTRY_STOP();
    if (ci->fn->aot && ip == ci->fn->bc.code && !ctx->line_cb && !ctx->abort_req) goto run_compiled;
    DISPATCH();

#ifndef AS_COMPUTED_GOTO
dispatch:
    switch ((as_opcode)ip->op) {
#endif

    CASE(NOP) NEXT();
    CASE(MOV) R(A) = R(B); NEXT();
    CASE(LI) R(A).i64 = ip->sbx; NEXT();
    CASE(LK) R(A) = K[B]; NEXT();
    CASE(CLR) R(A).p = NULL; NEXT();
    CASE(ADDR) R(A).p = &R(B); NEXT();
    CASE(KADDR) R(A).cp = &K[ip->sbx]; NEXT();

    /* int32: wrap-around arithmetic done in uint32 to stay defined */
    CASE(ADD_I) R(A).i32 = (int32_t)(R(B).u32 + R(C).u32); NEXT();
    CASE(SUB_I) R(A).i32 = (int32_t)(R(B).u32 - R(C).u32); NEXT();
    CASE(MUL_I) R(A).i32 = (int32_t)(R(B).u32 * R(C).u32); NEXT();
    CASE(DIV_I) {
        int32_t d = R(C).i32, n = R(B).i32;
        if (d == 0) THROW_MSG("Divide by zero");
        if (d == -1 && n == INT32_MIN) THROW_MSG("Overflow in integer division");
        R(A).i32 = n / d;
        NEXT();
    }
    CASE(MOD_I) {
        int32_t d = R(C).i32, n = R(B).i32;
        if (d == 0) THROW_MSG("Divide by zero");
        if (d == -1 && n == INT32_MIN) THROW_MSG("Overflow in integer division");
        R(A).i32 = n % d;
        NEXT();
    }
    CASE(DIV_U) {
        uint32_t d = R(C).u32;
        if (d == 0) THROW_MSG("Divide by zero");
        R(A).u32 = R(B).u32 / d;
        NEXT();
    }
    CASE(MOD_U) {
        uint32_t d = R(C).u32;
        if (d == 0) THROW_MSG("Divide by zero");
        R(A).u32 = R(B).u32 % d;
        NEXT();
    }
    CASE(POW_I) {
        int32_t r;
        if (!pow_i32(R(B).i32, R(C).i32, &r)) THROW_MSG("Overflow in exponent operation");
        R(A).i32 = r;
        NEXT();
    }
    CASE(POW_U) {
        uint32_t r;
        if (!pow_u32(R(B).u32, R(C).u32, &r)) THROW_MSG("Overflow in exponent operation");
        R(A).u32 = r;
        NEXT();
    }
    CASE(ADDK_I) R(A).i32 = (int32_t)(R(B).u32 + (uint32_t)(int32_t)SC); NEXT();
    CASE(MULK_I) R(A).i32 = (int32_t)(R(B).u32 * (uint32_t)(int32_t)SC); NEXT();
    CASE(DIVK_I) R(A).i32 = R(B).i32 / (int32_t)SC; NEXT();
    CASE(MODK_I) R(A).i32 = R(B).i32 % (int32_t)SC; NEXT();
    CASE(NEG_I) R(A).i32 = (int32_t)(0u - R(B).u32); NEXT();
    CASE(BNOT_I) R(A).u32 = ~R(B).u32; NEXT();
    CASE(NOT) R(A).i32 = !R(B).u8; NEXT();
    CASE(AND_I) R(A).u32 = R(B).u32 & R(C).u32; NEXT();
    CASE(OR_I) R(A).u32 = R(B).u32 | R(C).u32; NEXT();
    CASE(XOR_I) R(A).u32 = R(B).u32 ^ R(C).u32; NEXT();
    /* shift counts are masked like the x86 instructions the reference compiles to */
    CASE(SHL_I) R(A).u32 = R(B).u32 << (R(C).u32 & 31); NEXT();
    CASE(SHR_I) R(A).u32 = R(B).u32 >> (R(C).u32 & 31); NEXT();
    CASE(SAR_I) R(A).i32 = R(B).i32 >> (R(C).u32 & 31); NEXT();

    /* int64 */
    CASE(ADD_L) R(A).u64 = R(B).u64 + R(C).u64; NEXT();
    CASE(SUB_L) R(A).u64 = R(B).u64 - R(C).u64; NEXT();
    CASE(MUL_L) R(A).u64 = R(B).u64 * R(C).u64; NEXT();
    CASE(DIV_L) {
        int64_t d = R(C).i64, n = R(B).i64;
        if (d == 0) THROW_MSG("Divide by zero");
        if (d == -1 && n == INT64_MIN) THROW_MSG("Overflow in integer division");
        R(A).i64 = n / d;
        NEXT();
    }
    CASE(MOD_L) {
        int64_t d = R(C).i64, n = R(B).i64;
        if (d == 0) THROW_MSG("Divide by zero");
        if (d == -1 && n == INT64_MIN) THROW_MSG("Overflow in integer division");
        R(A).i64 = n % d;
        NEXT();
    }
    CASE(DIV_UL) {
        uint64_t d = R(C).u64;
        if (d == 0) THROW_MSG("Divide by zero");
        R(A).u64 = R(B).u64 / d;
        NEXT();
    }
    CASE(MOD_UL) {
        uint64_t d = R(C).u64;
        if (d == 0) THROW_MSG("Divide by zero");
        R(A).u64 = R(B).u64 % d;
        NEXT();
    }
    CASE(POW_L) {
        int64_t r;
        if (!pow_i64(R(B).i64, R(C).i64, &r)) THROW_MSG("Overflow in exponent operation");
        R(A).i64 = r;
        NEXT();
    }
    CASE(POW_UL) {
        uint64_t r;
        if (!pow_u64(R(B).u64, R(C).u64, &r)) THROW_MSG("Overflow in exponent operation");
        R(A).u64 = r;
        NEXT();
    }
    CASE(ADDK_L) R(A).u64 = R(B).u64 + (uint64_t)(int64_t)SC; NEXT();
    CASE(NEG_L) R(A).u64 = 0u - R(B).u64; NEXT();
    CASE(BNOT_L) R(A).u64 = ~R(B).u64; NEXT();
    CASE(AND_L) R(A).u64 = R(B).u64 & R(C).u64; NEXT();
    CASE(OR_L) R(A).u64 = R(B).u64 | R(C).u64; NEXT();
    CASE(XOR_L) R(A).u64 = R(B).u64 ^ R(C).u64; NEXT();
    CASE(SHL_L) R(A).u64 = R(B).u64 << (R(C).u32 & 63); NEXT();
    CASE(SHR_L) R(A).u64 = R(B).u64 >> (R(C).u32 & 63); NEXT();
    CASE(SAR_L) R(A).i64 = R(B).i64 >> (R(C).u32 & 63); NEXT();

    /* float / double */
    CASE(ADD_F) R(A).f32 = R(B).f32 + R(C).f32; NEXT();
    CASE(SUB_F) R(A).f32 = R(B).f32 - R(C).f32; NEXT();
    CASE(MUL_F) R(A).f32 = R(B).f32 * R(C).f32; NEXT();
    CASE(DIV_F) {
        if (R(C).f32 == 0) THROW_MSG("Divide by zero");
        R(A).f32 = R(B).f32 / R(C).f32;
        NEXT();
    }
    CASE(MOD_F) {
        if (R(C).f32 == 0) THROW_MSG("Divide by zero");
        R(A).f32 = fmodf(R(B).f32, R(C).f32);
        NEXT();
    }
    CASE(POW_F) {
        float r = powf(R(B).f32, R(C).f32);
        if (isinf(r)) THROW_MSG("Overflow in exponent operation");
        R(A).f32 = r;
        NEXT();
    }
    CASE(NEG_F) R(A).f32 = -R(B).f32; NEXT();
    CASE(ADD_D) R(A).f64 = R(B).f64 + R(C).f64; NEXT();
    CASE(SUB_D) R(A).f64 = R(B).f64 - R(C).f64; NEXT();
    CASE(MUL_D) R(A).f64 = R(B).f64 * R(C).f64; NEXT();
    CASE(DIV_D) {
        if (R(C).f64 == 0) THROW_MSG("Divide by zero");
        R(A).f64 = R(B).f64 / R(C).f64;
        NEXT();
    }
    CASE(MOD_D) {
        if (R(C).f64 == 0) THROW_MSG("Divide by zero");
        R(A).f64 = fmod(R(B).f64, R(C).f64);
        NEXT();
    }
    CASE(POW_D) {
        double r = pow(R(B).f64, R(C).f64);
        if (isinf(r)) THROW_MSG("Overflow in exponent operation");
        R(A).f64 = r;
        NEXT();
    }
    CASE(NEG_D) R(A).f64 = -R(B).f64; NEXT();
    CASE(POWI_F) {
        float r = powf(R(B).f32, (float)R(C).i32);
        if (isinf(r)) THROW_MSG("Overflow in exponent operation");
        R(A).f32 = r;
        NEXT();
    }
    CASE(POWI_D) {
        double r = pow(R(B).f64, (double)R(C).i32);
        if (isinf(r)) THROW_MSG("Overflow in exponent operation");
        R(A).f64 = r;
        NEXT();
    }

    /* comparisons */
    CASE(EQ_I) R(A).i32 = R(B).i32 == R(C).i32; NEXT();
    CASE(NE_I) R(A).i32 = R(B).i32 != R(C).i32; NEXT();
    CASE(LT_I) R(A).i32 = R(B).i32 < R(C).i32; NEXT();
    CASE(LE_I) R(A).i32 = R(B).i32 <= R(C).i32; NEXT();
    CASE(LT_U) R(A).i32 = R(B).u32 < R(C).u32; NEXT();
    CASE(LE_U) R(A).i32 = R(B).u32 <= R(C).u32; NEXT();
    CASE(EQ_L) R(A).i32 = R(B).i64 == R(C).i64; NEXT();
    CASE(NE_L) R(A).i32 = R(B).i64 != R(C).i64; NEXT();
    CASE(LT_L) R(A).i32 = R(B).i64 < R(C).i64; NEXT();
    CASE(LE_L) R(A).i32 = R(B).i64 <= R(C).i64; NEXT();
    CASE(LT_UL) R(A).i32 = R(B).u64 < R(C).u64; NEXT();
    CASE(LE_UL) R(A).i32 = R(B).u64 <= R(C).u64; NEXT();
    CASE(EQ_F) R(A).i32 = R(B).f32 == R(C).f32; NEXT();
    CASE(NE_F) R(A).i32 = R(B).f32 != R(C).f32; NEXT();
    CASE(LT_F) R(A).i32 = R(B).f32 < R(C).f32; NEXT();
    CASE(LE_F) R(A).i32 = R(B).f32 <= R(C).f32; NEXT();
    CASE(EQ_D) R(A).i32 = R(B).f64 == R(C).f64; NEXT();
    CASE(NE_D) R(A).i32 = R(B).f64 != R(C).f64; NEXT();
    CASE(LT_D) R(A).i32 = R(B).f64 < R(C).f64; NEXT();
    CASE(LE_D) R(A).i32 = R(B).f64 <= R(C).f64; NEXT();
    CASE(EQ_P) R(A).i32 = R(B).p == R(C).p; NEXT();
    CASE(NE_P) R(A).i32 = R(B).p != R(C).p; NEXT();
    CASE(EQ_B) R(A).i32 = (R(B).u8 != 0) == (R(C).u8 != 0); NEXT();
    CASE(NE_B) R(A).i32 = (R(B).u8 != 0) != (R(C).u8 != 0); NEXT();

    /* conversions */
    CASE(SEXT8) R(A).i32 = (int8_t)R(B).u32; NEXT();
    CASE(SEXT16) R(A).i32 = (int16_t)R(B).u32; NEXT();
    CASE(ZEXT8) R(A).u32 = (uint8_t)R(B).u32; NEXT();
    CASE(ZEXT16) R(A).u32 = (uint16_t)R(B).u32; NEXT();
    CASE(I2L) R(A).i64 = R(B).i32; NEXT();
    CASE(U2L) R(A).u64 = R(B).u32; NEXT();
    CASE(I2F) R(A).f32 = (float)R(B).i32; NEXT();
    CASE(U2F) R(A).f32 = (float)R(B).u32; NEXT();
    CASE(L2F) R(A).f32 = (float)R(B).i64; NEXT();
    CASE(UL2F) R(A).f32 = (float)R(B).u64; NEXT();
    CASE(I2D) R(A).f64 = (double)R(B).i32; NEXT();
    CASE(U2D) R(A).f64 = (double)R(B).u32; NEXT();
    CASE(L2D) R(A).f64 = (double)R(B).i64; NEXT();
    CASE(UL2D) R(A).f64 = (double)R(B).u64; NEXT();
    CASE(F2I) R(A).i32 = d2i(R(B).f32); NEXT();
    CASE(F2U) R(A).u32 = d2u(R(B).f32); NEXT();
    CASE(F2L) R(A).i64 = d2l(R(B).f32); NEXT();
    CASE(F2UL) R(A).u64 = d2ul(R(B).f32); NEXT();
    CASE(D2I) R(A).i32 = d2i(R(B).f64); NEXT();
    CASE(D2U) R(A).u32 = d2u(R(B).f64); NEXT();
    CASE(D2L) R(A).i64 = d2l(R(B).f64); NEXT();
    CASE(D2UL) R(A).u64 = d2ul(R(B).f64); NEXT();
    CASE(F2D) R(A).f64 = (double)R(B).f32; NEXT();
    CASE(D2F) R(A).f32 = (float)R(B).f64; NEXT();
    CASE(TOBOOL) R(A).i32 = R(B).i32 != 0; NEXT();

    /* jumps; backward ones check the trap (suspend, abort, budget) */
    /* with a budget set the trap stays on and each backward jump and call spends one step */
#define BUDGET_STEP() do { \
        if (ctx->budget_on && ctx->budget_left-- == 0 && !vm_budget_refill(ctx)) { \
            ctx->budget_left = 0; \
            vm_set_exception(ctx, "Script exceeded its execution budget", false); \
            exc_text = NULL; \
            goto throw_; \
        } \
    } while (0)
/* A backward jump may land just after a loop's stop (SUSPEND: the optimiser's skip_loop_stops), or
 * after the stop and the load that follows it; trapped, it goes back onto the stop, where the loop
 * stopped before. A context with a line callback stays trapped (TRACE_TRAP), so the callback still
 * stops on the loop's line each round. */
#define JUMP(off) do { \
        int32_t o_ = (off); \
        ip += o_ + 1; \
        if (o_ < 0 && ctx->trap) { \
            if (ip > ci->fn->bc.code && ip[-1].op == BC_SUSPEND) ip--; \
            else if (ip - 1 > ci->fn->bc.code && bc_is_load(ip[-1].op) && ip[-2].op == BC_SUSPEND) ip -= 2; \
            goto trap; \
        } \
        DISPATCH(); \
    } while (0)
    CASE(JMP) JUMP(ip->sbx);
    CASE(JT) if (R(A).u8) JUMP(ip->sbx); NEXT();
    CASE(JF) if (!R(A).u8) JUMP(ip->sbx); NEXT();
    CASE(JEQ_I) if (R(A).i32 == R(B).i32) JUMP(SC); NEXT();
    CASE(JNE_I) if (R(A).i32 != R(B).i32) JUMP(SC); NEXT();
    CASE(JLT_I) if (R(A).i32 < R(B).i32) JUMP(SC); NEXT();
    CASE(JLE_I) if (R(A).i32 <= R(B).i32) JUMP(SC); NEXT();
    CASE(JLT_U) if (R(A).u32 < R(B).u32) JUMP(SC); NEXT();
    CASE(JLE_U) if (R(A).u32 <= R(B).u32) JUMP(SC); NEXT();
    CASE(JEQK_I) if (R(A).i32 == SB) JUMP(SC); NEXT();
    CASE(JNEK_I) if (R(A).i32 != SB) JUMP(SC); NEXT();
    CASE(JLTK_I) if (R(A).i32 < SB) JUMP(SC); NEXT();
    CASE(JLEK_I) if (R(A).i32 <= SB) JUMP(SC); NEXT();
    CASE(JGTK_I) if (R(A).i32 > SB) JUMP(SC); NEXT();
    CASE(JGEK_I) if (R(A).i32 >= SB) JUMP(SC); NEXT();
    CASE(JEQC_I) if (R(A).i32 == K[B].i32) JUMP(SC); NEXT();
    CASE(JNEC_I) if (R(A).i32 != K[B].i32) JUMP(SC); NEXT();
    CASE(JLTC_I) if (R(A).i32 < K[B].i32) JUMP(SC); NEXT();
    CASE(JLEC_I) if (R(A).i32 <= K[B].i32) JUMP(SC); NEXT();
    CASE(JGTC_I) if (R(A).i32 > K[B].i32) JUMP(SC); NEXT();
    CASE(JGEC_I) if (R(A).i32 >= K[B].i32) JUMP(SC); NEXT();
    CASE(JLT_D) if (R(A).f64 < R(B).f64) JUMP(SC); NEXT();
    CASE(JLE_D) if (R(A).f64 <= R(B).f64) JUMP(SC); NEXT();
    CASE(INCJLT_I) R(A).u32++; if (R(A).i32 < R(B).i32) JUMP(SC); NEXT();
    CASE(INCJLE_I) R(A).u32++; if (R(A).i32 <= R(B).i32) JUMP(SC); NEXT();
    CASE(INCJLT_U) R(A).u32++; if (R(A).u32 < R(B).u32) JUMP(SC); NEXT();
    CASE(INCJLE_U) R(A).u32++; if (R(A).u32 <= R(B).u32) JUMP(SC); NEXT();
    CASE(INCJLTK_I) R(A).u32++; if (R(A).i32 < SB) JUMP(SC); NEXT();
    CASE(INCJLEK_I) R(A).u32++; if (R(A).i32 <= SB) JUMP(SC); NEXT();
    CASE(INCJLTC_I) R(A).u32++; if (R(A).i32 < K[B].i32) JUMP(SC); NEXT();
    CASE(INCJLEC_I) R(A).u32++; if (R(A).i32 <= K[B].i32) JUMP(SC); NEXT();
    CASE(JNULL) if (!R(A).p) JUMP(ip->sbx); NEXT();
    CASE(JNNULL) if (R(A).p) JUMP(ip->sbx); NEXT();
    CASE(JUMPTABLE) {
        uint32_t sel = R(A).u32 - (uint32_t)K[B].i32;  /* K[b] = lowest case value */
        if (sel < C) JUMP(K[B + 1 + sel].i32);
        NEXT();
    }

    /* memory through pointers */
#define PTR_OR_THROW(p) do { if (!(p)) THROW_MSG("Null pointer access"); } while (0)
#define LOAD(T, field) { char *p_ = R(B).p; PTR_OR_THROW(p_); T v_; memcpy(&v_, p_ + C, sizeof v_); R(A).field = v_; NEXT(); }
#define STORE(T, field) { char *p_ = R(B).p; PTR_OR_THROW(p_); T v_ = (T)R(A).field; memcpy(p_ + C, &v_, sizeof v_); NEXT(); }
    CASE(LD8) LOAD(int8_t, i32)
    CASE(LDU8) LOAD(uint8_t, u32)
    CASE(LD16) LOAD(int16_t, i32)
    CASE(LDU16) LOAD(uint16_t, u32)
    CASE(LD32) LOAD(uint32_t, u32)
    CASE(LD64) LOAD(uint64_t, u64)
    CASE(ST8) STORE(uint8_t, u32)
    CASE(ST16) STORE(uint16_t, u32)
    CASE(ST32) STORE(uint32_t, u32)
    CASE(ST64) STORE(uint64_t, u64)
    CASE(PADD) { char *p_ = R(B).p; PTR_OR_THROW(p_); R(A).p = p_ + C; NEXT(); }
    CASE(CHKNULL) PTR_OR_THROW(R(A).p); NEXT();
    CASE(MEMCPY) {
        PTR_OR_THROW(R(A).p);
        PTR_OR_THROW(R(B).p);
        memmove(R(A).p, R(B).p, C);
        NEXT();
    }

    /* containers with a direct element layout: the EXT after the instruction has the offsets of
     * the elements pointer (a) and of their count (b) */
#define ELEMENT(size, deref) { \
        const char *o_ = R(B).p; \
        PTR_OR_THROW(o_); \
        uint32_t i_ = R(C).u32, n_; \
        memcpy(&n_, o_ + ip[1].b, sizeof n_); \
        if (i_ >= n_) THROW_MSG("Index out of bounds"); \
        char *d_; \
        memcpy(&d_, o_ + ip[1].a, sizeof d_); \
        d_ += (size_t)i_ * (size); \
        if (deref) { char *e_; memcpy(&e_, d_, sizeof e_); d_ = e_; } \
        R(A).p = d_; \
        ip += 2; \
        DISPATCH(); \
    }
    CASE(AIDX1) ELEMENT(1, 0)
    CASE(AIDX2) ELEMENT(2, 0)
    CASE(AIDX4) ELEMENT(4, 0)
    CASE(AIDX8) ELEMENT(8, 0)
    CASE(AIDXP) ELEMENT(sizeof(void *), 1)
    CASE(ALEN) {
        const char *o_ = R(B).p;
        PTR_OR_THROW(o_);
        uint32_t n_;
        memcpy(&n_, o_ + ip[1].b, sizeof n_);
        R(A).u32 = n_;
        ip += 2;
        DISPATCH();
    }
    /* an element read or written in place (AIDXn fused with the load or store after it) */
#define ELEMENT_AT(size, p_) \
        char *p_; \
        { \
            const char *o_ = R(B).p; \
            PTR_OR_THROW(o_); \
            uint32_t i_ = R(C).u32, n_; \
            memcpy(&n_, o_ + ip[1].b, sizeof n_); \
            if (i_ >= n_) THROW_MSG("Index out of bounds"); \
            memcpy(&p_, o_ + ip[1].a, sizeof p_); \
            p_ += (size_t)i_ * (size); \
        }
#define AGET(T, field) { ELEMENT_AT(sizeof(T), e_) T v_; memcpy(&v_, e_, sizeof v_); R(A).field = v_; ip += 2; DISPATCH(); }
#define ASET(T, field) { ELEMENT_AT(sizeof(T), e_) T v_ = (T)R(A).field; memcpy(e_, &v_, sizeof v_); ip += 2; DISPATCH(); }
    CASE(AGET8) AGET(int8_t, i32)
    CASE(AGETU8) AGET(uint8_t, u32)
    CASE(AGET16) AGET(int16_t, i32)
    CASE(AGETU16) AGET(uint16_t, u32)
    CASE(AGET32) AGET(uint32_t, u32)
    CASE(AGET64) AGET(uint64_t, u64)
    CASE(ASET8) ASET(uint8_t, u32)
    CASE(ASET16) ASET(uint16_t, u32)
    CASE(ASET32) ASET(uint32_t, u32)
    CASE(ASET64) ASET(uint64_t, u64)
    /* loop conditions on a container's length: the EXT (after this JLTLEN_U, or after the one
     * following INCJLTLEN_U) has the count's offset */
    CASE(JLTLEN_U) {
        const char *o_ = R(B).p;
        PTR_OR_THROW(o_);
        uint32_t n_;
        memcpy(&n_, o_ + ip[1].b, sizeof n_);
        if (R(A).u32 < n_) JUMP(SC);
        ip += 2;
        DISPATCH();
    }
    CASE(INCJLTLEN_U) {
        const char *o_ = R(B).p;
        R(A).u32++;
        PTR_OR_THROW(o_);
        uint32_t n_;
        memcpy(&n_, o_ + ip[2].b, sizeof n_);
        if (R(A).u32 < n_) JUMP(SC);
        NEXT();
    }
    CASE(EXT) THROW_MSG("Unrecognized byte code");   /* operands, never run (the verifier sees to it) */

    /* globals */
#define LOADG(T, field) { T v_; memcpy(&v_, K[B].p, sizeof v_); R(A).field = v_; NEXT(); }
#define STOREG(T, field) { T v_ = (T)R(A).field; memcpy(K[B].p, &v_, sizeof v_); NEXT(); }
    CASE(LDG8) LOADG(int8_t, i32)
    CASE(LDGU8) LOADG(uint8_t, u32)
    CASE(LDG16) LOADG(int16_t, i32)
    CASE(LDGU16) LOADG(uint16_t, u32)
    CASE(LDG32) LOADG(uint32_t, u32)
    CASE(LDG64) LOADG(uint64_t, u64)
    CASE(STG8) STOREG(uint8_t, u32)
    CASE(STG16) STOREG(uint16_t, u32)
    CASE(STG32) STOREG(uint32_t, u32)
    CASE(STG64) STOREG(uint64_t, u64)

    /* calls */
    CASE(CALLN) {
        callee = K[B].p;
        PTR_OR_THROW(R(A + callee->this_slot).p);
        if (C) goto call_in_place;
        goto call_script;
    }
    CASE(CALLSYSN) {
        const as_function *f = K[B].p;
        PTR_OR_THROW(R(A + f->this_slot).p);
        goto callsys;
    }
    /* A frame for callee pushed inline, its arguments copied from fp + A, when the call array
     * and the chunk have room below the depth limit; else nothing happens. */
#define PUSH_FRAME_INLINE(nfp_, ch_) do { \
        as_slot *args_ = fp + A; \
        uint32_t n_ = callee->nargslots; \
        /* most functions take few slots: three copied without a test of how many (the reads \
         * stay in the caller's frame and the slots after it, the writes in the new frame or the \
         * chunk's CHUNK_PAD; what is copied past n is the callee's uninitialised locals) */ \
        if (n_ <= 3) { \
            (nfp_)[0] = args_[0]; \
            (nfp_)[1] = args_[1]; \
            (nfp_)[2] = args_[2]; \
        } else { \
            for (uint32_t i_ = 0; i_ < n_; i_++) (nfp_)[i_] = args_[i_]; \
        } \
        ci++; \
        ctx->ncalls++; \
        ci->fn = callee; \
        ci->fp = (nfp_); \
        ci->result = args_; \
        ci->chunk = (ch_); \
        ci->entry = 0; \
    } while (0)
    CASE(CALL) {
        callee = K[B].p;
        if (C) {
        call_in_place:;
            /* BC_CALL_IN_PLACE (opcodes.h): the callee's frame starts at its arguments, nothing
             * copied; else (trapped, no room) as any call */
            as_slot *nfp = fp + A;
            as_stack_chunk *ch = ci->chunk;
            if (!ctx->trap && ctx->ncalls < ctx->calls_fast && nfp + callee->bc.nslots <= ch->end) {
                ci->pc = ip;
                ci++;
                ctx->ncalls++;
                ci->fn = callee;
                ci->fp = nfp;
                ci->result = nfp;
                ci->chunk = ch;
                ci->entry = 0;
                fp = nfp;
                K = callee->bc.consts;
                ip = callee->bc.code;
#ifndef AS_COMPUTED_GOTO
                ENTRY_STOP();
                if (callee->aot && !ctx->line_cb) goto run_compiled;
#else
                if (callee->aot) goto run_compiled;
#endif
                DISPATCH();
            }
        }
    call_script:
        ci->pc = ip;
        {
            /* fast path: no trap (abort, suspend, budget; with computed gotos tracing keeps the
             * trap set too, so there is no entry stop to make), room for the frame */
            as_slot *nfp = fp + ci->fn->bc.nslots;
            as_stack_chunk *ch = ci->chunk;
            if (!ctx->trap && ctx->ncalls < ctx->calls_fast && nfp + callee->bc.nslots <= ch->end) {
                PUSH_FRAME_INLINE(nfp, ch);
                fp = nfp;
                K = callee->bc.consts;
                ip = callee->bc.code;
#ifndef AS_COMPUTED_GOTO
                ENTRY_STOP();   /* (the switch loop traces without the trap) */
                if (callee->aot && !ctx->line_cb) goto run_compiled;
#else
                if (callee->aot) goto run_compiled;
#endif
                DISPATCH();
            }
            if (ctx->trap) {
                /* give the host a chance to stop a runaway recursion */
                if (ctx->abort_req) goto aborted;
                BUDGET_STEP();
            }
            if (ctx->ncalls < ctx->calls_fast && nfp + callee->bc.nslots <= ch->end) {
                PUSH_FRAME_INLINE(nfp, ch);
            } else {
                as_callinfo *nci = stack_push_frame(ctx, callee, fp + A, false, &exc_text);
                if (!nci) goto throw_;
                ci = nci;
            }
        }
        fp = ci->fp;
        K = callee->bc.consts;
        ip = callee->bc.code;
        ENTRY_STOP();
        if (callee->aot && !ctx->line_cb) goto run_compiled;
        DISPATCH();
    }
    CASE(CALLV) {
        as_function *f = K[B].p;
        as_object *obj = R(A + f->this_slot).p;
        PTR_OR_THROW(obj);
        f = object_resolve_virtual(obj, f);   /* the class's override or interface implementation */
        if (f->kind == FN_SCRIPT) { callee = f; goto call_script; }
        ci->pc = ip;
        native_call(ctx, f, fp + A, fp + A);
        ci = &ctx->calls[ctx->ncalls - 1];
        if (ctx->has_exception) { vm_drop_failed_result(ctx, f, fp + A); exc_text = NULL; goto throw_; }
        NEXT();
    }
    CASE(CALLSYS) {
    callsys:;
        as_function *f = K[B].p;
        ci->pc = ip;
        if (f->invoke) {
            /* the commonest signatures, called straight (as native_call would) */
            as_function *outer = ctx->sys_func;
            ctx->sys_func = f;
            f->invoke(f, fp + A, fp + A);
            ctx->sys_func = outer;
        } else {
            native_call(ctx, f, fp + A, fp + A);
        }
        ci = &ctx->calls[ctx->ncalls - 1];
        /* an exception sets the trap too (vm_set_exception): one test on the way out */
        if (ctx->trap) {
            if (ctx->has_exception) { vm_drop_failed_result(ctx, f, fp + A); exc_text = NULL; goto throw_; }
            ip++;
            goto trap;   /* abort or suspend asked for by the native function */
        }
        ip++;
        DISPATCH();
    }
    /* registered functions run as instructions (callops.h): the arguments where CALLSYS has them */
#define DICT_OR_THROW(d_) void *d_ = R(A).p; PTR_OR_THROW(d_)
    CASE(DGET_L) { DICT_OR_THROW(d); R(A).u64 = (uint8_t)dict_vm_get(d, R(A + 1).cp, R(A + 2).p, AS_TYPEID_INT64); NEXT(); }
    CASE(DGET_D) { DICT_OR_THROW(d); R(A).u64 = (uint8_t)dict_vm_get(d, R(A + 1).cp, R(A + 2).p, AS_TYPEID_DOUBLE); NEXT(); }
    CASE(DEXISTS) { DICT_OR_THROW(d); R(A).u64 = (uint8_t)dict_vm_exists(d, R(A + 1).cp); NEXT(); }
    /* a number over a number or as a new key: no call record, no trap test */
    CASE(DSET_L) dset_tid = AS_TYPEID_INT64; goto dset;
    CASE(DSET_D) dset_tid = AS_TYPEID_DOUBLE; goto dset;
    dset: {
        DICT_OR_THROW(d);
        const int tid = dset_tid;
        ci->pc = ip;   /* a new key allocates: a memory limit stops the script at this line */
        if (dict_vm_set_number(d, R(A + 1).cp, R(A + 2).cp, tid)) NEXT();
        /* out of memory, or an object value replaced: its release may run script code or raise
         * an exception: as after CALLSYS */
        as_function *outer = ctx->sys_func;
        ctx->sys_func = K[B].p;
        dict_vm_set(d, R(A + 1).cp, R(A + 2).cp, tid);
        ctx->sys_func = outer;
        ci = &ctx->calls[ctx->ncalls - 1];
        if (ctx->trap) {
            if (ctx->has_exception) { exc_text = NULL; goto throw_; }
            ip++;
            goto trap;
        }
        NEXT();
    }
#define MATH_F(expr) { float x_ = R(A).f32; as_slot r_; r_.u64 = 0; r_.f32 = (expr); R(A) = r_; NEXT(); }
    CASE(SQRT_F) MATH_F(sqrtf(x_))
    CASE(ABS_F) MATH_F(fabsf(x_))
    CASE(FLOOR_F) MATH_F(floorf(x_))
    CASE(CEIL_F) MATH_F(ceilf(x_))
    CASE(SQRT_D) R(A).f64 = sqrt(R(A).f64); NEXT();
    CASE(ABS_D) R(A).f64 = fabs(R(A).f64); NEXT();
    CASE(FLOOR_D) R(A).f64 = floor(R(A).f64); NEXT();
    CASE(CEIL_D) R(A).f64 = ceil(R(A).f64); NEXT();
    CASE(CALLF1) {
        float (*fn_)(float) = (float (*)(float))((const as_function *)K[B].p)->fnptr;
        MATH_F(fn_(x_))
    }
    CASE(CALLF2) {
        float (*fn_)(float, float) = (float (*)(float, float))((const as_function *)K[B].p)->fnptr;
        float y_ = R(A + 1).f32;
        MATH_F(fn_(x_, y_))
    }
    CASE(CALLD1) {
        double (*fn_)(double) = (double (*)(double))((const as_function *)K[B].p)->fnptr;
        R(A).f64 = fn_(R(A).f64);
        NEXT();
    }
    CASE(CALLD2) {
        double (*fn_)(double, double) = (double (*)(double, double))((const as_function *)K[B].p)->fnptr;
        R(A).f64 = fn_(R(A).f64, R(A + 1).f64);
        NEXT();
    }
    CASE(CALLPTR) {
        const char *why;
        as_function *f = vm_handle_callee(R(B).p, fp, A, &why);
        if (!f) THROW_MSG(why);
        if (f->kind == FN_SCRIPT) { callee = f; goto call_script; }
        ci->pc = ip;
        native_call(ctx, f, fp + A, fp + A);
        ci = &ctx->calls[ctx->ncalls - 1];
        if (ctx->has_exception) { vm_drop_failed_result(ctx, f, fp + A); exc_text = NULL; goto throw_; }
        NEXT();
    }
    CASE(RETV) {
        *ci->result = R(A);
        goto do_return;
    }
    CASE(RET) {
    do_return:
        if (ci->entry) {
            FINAL_STOP(AS_EXECUTION_FINISHED);
            stack_pop_frame(ctx);
            return AS_EXECUTION_FINISHED;
        }
        ctx->ncalls--;
        ci--;
        ctx->chunk = ci->chunk;
        fp = ci->fp;
        K = ci->fn->bc.consts;
        ip = ci->pc;
        NEXT();
    }

    /* objects */
    /* objects whose count the VM keeps itself (direct_count) are counted inline; the last
     * release and every other type go through their behaviours */
#define ADDREF_OBJ(obj, t) do { \
        uint32_t *n_ = direct_count((obj), (t)); \
        if (n_) (*n_)++; \
        else vm_addref_object(ctx->engine, (obj), (t)); \
    } while (0)
#define RELEASE_OBJ(obj, t) do { \
        uint32_t *n_ = direct_count((obj), (t)); \
        if (n_ && *n_ > 1) (*n_)--; \
        else { \
            ci->pc = ip; \
            vm_release_object(ctx->engine, (obj), (t)); \
            ci = &ctx->calls[ctx->ncalls - 1]; \
        } \
    } while (0)
    CASE(ADDREF) {
        void *obj = R(A).p;
        if (obj) ADDREF_OBJ(obj, (as_type *)K[B].p);
        NEXT();
    }
    CASE(FREE) {
        void *obj = R(A).p;
        R(A).p = NULL;
        if (obj) RELEASE_OBJ(obj, (as_type *)K[B].p);
        NEXT();
    }
    CASE(HSET) {
        void *nobj = R(B).p, *old = R(A).p;
        as_type *t = K[C].p;
        if (nobj) ADDREF_OBJ(nobj, t);
        R(A).p = nobj;
        if (old) RELEASE_OBJ(old, t);
        NEXT();
    }
    CASE(HSETM) {
        void **dst = R(A).p;
        PTR_OR_THROW(dst);
        void *nobj = R(B).p, *old = *dst;
        as_type *t = K[C].p;
        if (nobj) ADDREF_OBJ(nobj, t);
        *dst = nobj;
        if (old) RELEASE_OBJ(old, t);
        NEXT();
    }
    CASE(DESTROY) {
        ci->pc = ip;
        vm_destroy_value(ctx->engine, &R(A), K[B].p);
        ci = &ctx->calls[ctx->ncalls - 1];
        NEXT();
    }
    CASE(NEWOBJ) {
        as_object *o = object_new(ctx->engine, K[B].p);
        if (!o) THROW_MSG("out of memory");
        R(A).p = o;
        NEXT();
    }
    CASE(CAST) {
        /* a = b if b's dynamic type is (or implements) K[c], else null; a new reference */
        as_object *o = R(B).p;
        R(A).p = NULL;
        if (o && object_is_a(o->type, K[C].p)) {
            o->refcount++;
            R(A).p = o;
        }
        NEXT();
    }
    CASE(DELEGATE) {
        /* a = a function handle binding method K[c] to the object in slot b */
        void *obj = R(B).p;
        PTR_OR_THROW(obj);
        as_function *d = function_new_delegate(ctx->engine, obj, K[C].p);
        if (!d) THROW_MSG("out of memory");
        R(A).p = d;
        NEXT();
    }
    CASE(THROW) THROW_MSG(K[B].cp);
    CASE(SAMETYPE) {
        /* the assignment the compiler writes copies members of one class only */
        as_object *a = R(A).p, *b = R(B).p;
        if (a && b && a->type != b->type) THROW_MSG("Mismatching types in value assignment");
        NEXT();
    }
    CASE(SUSPEND) {
        /* the loop stop (emit_loop_stop): abort and suspend are honoured, the budget is spent
         * by the loop's backward jump only */
        if (ctx->trap) {
            ci->pc = ip;
            if (ctx->abort_req) goto aborted;
            ip++;   /* the trap goes on with the next instruction */
            goto trap_spent;
        }
        NEXT();
    }
#ifdef AS_COMPUTED_GOTO
/* Under a line callback a fused loop step (INCJ*) does its increment only: the condition after
 * it, a statement start of its own, then stops as it does unfused. */
#define TRACED_RUN() do { \
        unsigned op_ = ip->op; \
        if ((op_ >= BC_INCJLT_I && op_ <= BC_INCJLEC_I) || op_ == BC_INCJLTLEN_U) { \
            R(A).u32++; \
            ip++; \
            DISPATCH(); \
        } \
        goto *labels[op_]; \
    } while (0)
L__TRACE: {
        const as_bytecode *bc = &ci->fn->bc;
        uint32_t pc = (uint32_t)(ip - bc->code);
        if (!(bc->stmt_bits[pc >> 3] & (1u << (pc & 7)))) TRACED_RUN();
        if (ctx->resume_at == ip) {
            /* resuming where the callback suspended: it already ran for this statement */
            ctx->resume_at = NULL;
            TRACED_RUN();
        }
        ci->pc = ip;
        if (ctx->line_cb) ctx->line_cb(ctx, ctx->line_user);
        if (!ctx->line_cb) disp = labels;
        if (ctx->abort_req) goto aborted;
        if (ctx->suspend_req) {
            ctx->suspend_req = false;
            ctx->trap = ctx->budget_on;
            ctx->resume_at = ip;
            FINAL_STOP(AS_EXECUTION_SUSPENDED);
            return AS_EXECUTION_SUSPENDED;
        }
        TRACED_RUN();
    }
#endif
    CASE(HALT) {
        return AS_EXECUTION_FINISHED;
    }

#ifndef AS_COMPUTED_GOTO
    default:
        THROW_MSG("Unrecognized byte code");
    }
#endif

run_compiled: {
        /* the function at the top runs as compiled C (src/aot) on this frame; it returns, or
         * hands the innermost frame back at a recorded pc (AS_AOT_* in angelc_aot.h) */
        int r_ = ci->fn->aot(ctx, fp, K, ci->result);
        ci = &ctx->calls[ctx->ncalls - 1];
        if (r_ == AS_AOT_RETURNED) goto do_return;
        fp = ci->fp;
        K = ci->fn->bc.consts;
        ip = ci->pc;
        if (r_ == AS_AOT_EXCEPTION) { exc_text = NULL; goto throw_; }
        if (r_ == AS_AOT_TRAP) goto trap;
        DISPATCH();
    }

trap:
    /* a backward jump or statement boundary with the trap set */
    ci->pc = ip;
    if (ctx->abort_req) goto aborted;
    BUDGET_STEP();
trap_spent:
    /* cleared before the requests are read: one made meanwhile (another thread, a signal
     * handler) sets it again after its own field, so it is seen at the next check */
    ctx->trap = ctx->budget_on;
    if (ctx->abort_req) goto aborted;
#ifdef AS_COMPUTED_GOTO
    /* a line callback set while running: switch to the tracing table (which keeps the trap on) */
    disp = ctx->line_cb ? traced : labels;
    if (disp == traced) ctx->trap = 1;
#else
    if (ctx->line_cb) ctx->line_cb(ctx, ctx->line_user);
    if (ctx->abort_req) goto aborted;
#endif
    if (ctx->suspend_req) {
        ctx->suspend_req = false;
        FINAL_STOP(AS_EXECUTION_SUSPENDED);
        return AS_EXECUTION_SUSPENDED;
    }
    DISPATCH();

aborted:
    FINAL_STOP(AS_EXECUTION_ABORTED);
    /* a nested execution's abort stays requested: the outer execution stops too */
    ctx->abort_req = ctx->saved.count > 0;
    ctx->trap = ctx->abort_req || ctx->budget_on;
    /* drop the frames of this activation, releasing their objects */
    for (;;) {
        as_callinfo *c = &ctx->calls[ctx->ncalls - 1];
        uint32_t pc = (uint32_t)(c->pc - c->fn->bc.code);
        release_frame_objects(ctx, c, pc, UINT32_MAX);
        c = &ctx->calls[ctx->ncalls - 1];
        bool entry = c->entry;
        stack_pop_frame(ctx);
        if (entry) break;
    }
    return AS_EXECUTION_ABORTED;

throw_:
    ci->pc = ip;
    if (exc_text) vm_set_exception(ctx, exc_text, true);
    record_exception_position(ctx, ci);
    if (ctx->exc_cb) ctx->exc_cb(ctx, ctx->exc_user);
    if ((stops & VM_STOP_FINAL) && ctx->line_cb && !as_context_will_exception_be_caught(ctx)) FINAL_STOP(AS_EXECUTION_EXCEPTION);
    /* unwind: look for a try block in each frame of this activation */
    for (;;) {
        ci = &ctx->calls[ctx->ncalls - 1];
        as_function *f = ci->fn;
        uint32_t pc = (uint32_t)(ci->pc - f->bc.code);
        if (ctx->exc_catchable) {
            const as_tryinfo *best = vm_find_try(f, pc);
            if (best) {
                release_frame_objects(ctx, ci, pc, best->handler);
                ci = &ctx->calls[ctx->ncalls - 1];
                ctx->has_exception = false;
                fp = ci->fp;
                K = f->bc.consts;
                ip = f->bc.code + best->handler;
                DISPATCH();
            }
        }
        release_frame_objects(ctx, ci, pc, UINT32_MAX);
        ci = &ctx->calls[ctx->ncalls - 1];
        bool entry = ci->entry;
        stack_pop_frame(ctx);
        if (entry) break;
    }
    return AS_EXECUTION_EXCEPTION;
}
