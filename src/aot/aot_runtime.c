/* What compiled scripts call (include/angelc_aot.h, "for the generated code"): each helper does
 * what the interpreter's instruction of the same name does (src/vm/vm.c), on the same frames, so
 * that a compiled function can hand its frame back to the interpreter at any instruction.
 *
 * The convention: a helper that can end the function's C code records the instruction in the
 * innermost frame (ci->pc) and returns the AS_AOT_* status for the compiled body to return;
 * 0 means go on. */
#include "angelc_aot.h"
#include "../vm/vm.h"
#include "../vm/stack.h"
#include "../vm/arith.h"
#include "../runtime/object.h"
#include <string.h>
#include <limits.h>

const size_t as_aot_trap_offset = offsetof(as_context, trap);

_Thread_local unsigned as_aot_depth;

const as_aot_layout as_aot_offsets = {
    offsetof(as_context, chunk),
    offsetof(as_function, aot), offsetof(as_function, bc.code), offsetof(as_function, bc.consts),
    offsetof(as_stack_chunk, nslots), offsetof(as_stack_chunk, slots),
};

_Static_assert(sizeof(as_slot) == 8, "frame slots are 8 bytes");
_Static_assert(sizeof(as_insn) == 8, "instructions are 8 bytes");
/* the mirrors compiled code pushes frames with (angelc_aot.h) */
#define SAME_FIELD(a, fa, b, fb) _Static_assert(offsetof(a, fa) == offsetof(b, fb) && sizeof(((a *)0)->fa) == sizeof(((b *)0)->fb), #fa)
SAME_FIELD(as_aot_frame, fn, as_callinfo, fn);
SAME_FIELD(as_aot_frame, pc, as_callinfo, pc);
SAME_FIELD(as_aot_frame, fp, as_callinfo, fp);
SAME_FIELD(as_aot_frame, result, as_callinfo, result);
SAME_FIELD(as_aot_frame, chunk, as_callinfo, chunk);
SAME_FIELD(as_aot_frame, entry, as_callinfo, entry);
_Static_assert(sizeof(as_aot_frame) == sizeof(as_callinfo), "call records");
_Static_assert(offsetof(as_context, calls) - offsetof(as_context, chunk) == offsetof(as_aot_stack, calls), "calls");
_Static_assert(offsetof(as_context, ncalls) - offsetof(as_context, chunk) == offsetof(as_aot_stack, ncalls), "ncalls");
_Static_assert(offsetof(as_context, calls_fast) - offsetof(as_context, chunk) == offsetof(as_aot_stack, calls_fast), "calls_fast");

static inline as_callinfo *top(as_context *ctx) { return &ctx->calls[ctx->ncalls - 1]; }

static inline void set_pc(as_context *ctx, uint32_t pc)
{
    as_callinfo *ci = top(ctx);
    ci->pc = ci->fn->bc.code + pc;
}

int as_aot_throw(as_context *ctx, uint32_t pc, const char *msg)
{
    set_pc(ctx, pc);
    vm_set_exception(ctx, msg, true);
    return AS_AOT_EXCEPTION;
}

int as_aot_resume(as_context *ctx, uint32_t pc)
{
    set_pc(ctx, pc);
    return AS_AOT_RESUME;
}

/* At a trap: whether the interpreter must take the frame (an abort, suspend, line callback or
 * exception). The trap is cleared before the requests are read, as the interpreter's trap does:
 * a request another thread makes meanwhile sets it again. */
static bool wants_interpreter(as_context *ctx)
{
    ctx->trap = ctx->budget_on;
    if (!(ctx->abort_req || ctx->suspend_req || ctx->line_cb || ctx->has_exception)) return false;
    ctx->trap = 1;   /* as it was: the interpreter's trap takes it from here */
    return true;
}

/* One step of the budget, as the interpreter's BUDGET_STEP: false (the exception raised) when it
 * is spent. */
static bool budget_step(as_context *ctx)
{
    if (ctx->budget_on && ctx->budget_left-- == 0 && !vm_budget_refill(ctx)) {
        ctx->budget_left = 0;
        vm_set_exception(ctx, "Script exceeded its execution budget", false);
        return false;
    }
    return true;
}

int as_aot_backedge(as_context *ctx, uint32_t resume_pc)
{
    set_pc(ctx, resume_pc);
    /* what the interpreter must do itself: it takes the frame at its trap */
    if (wants_interpreter(ctx)) return AS_AOT_TRAP;
    if (!budget_step(ctx)) return AS_AOT_EXCEPTION;
    return 0;
}

int as_aot_suspend(as_context *ctx, uint32_t pc)
{
    /* the interpreter runs the SUSPEND again, with the trap still set */
    if (wants_interpreter(ctx)) return as_aot_resume(ctx, pc);
    return 0;
}

int as_aot_call(as_context *ctx, as_slot *fp, uint32_t pc, uint32_t a, void *callee, int null_check)
{
    as_function *f = callee;
    as_callinfo *ci = top(ctx);
    ci->pc = ci->fn->bc.code + pc;
    if (null_check && !fp[a + f->this_slot].p) {
        vm_set_exception(ctx, "Null pointer access", true);
        return AS_AOT_EXCEPTION;
    }
    if (ctx->trap) {
        /* as the interpreter's call: abort, then one step of the budget */
        if (ctx->abort_req || ctx->has_exception) return AS_AOT_TRAP;
        if (!budget_step(ctx)) return AS_AOT_EXCEPTION;
    }
    as_slot *args = fp + a;
    as_slot *nfp = fp + ci->fn->bc.nslots;
    as_stack_chunk *ch = ci->chunk;
    as_callinfo *nci;
    if (ctx->ncalls < ctx->calls_fast && nfp + f->bc.nslots <= ch->slots + ch->nslots) {
        for (uint32_t i = 0, n = f->nargslots; i < n; i++) nfp[i] = args[i];
        nci = ci + 1;
        ctx->ncalls++;
        nci->fn = f;
        nci->fp = nfp;
        nci->result = args;
        nci->chunk = ch;
        nci->entry = 0;
    } else {
        const char *exc = NULL;
        nci = stack_push_frame(ctx, f, args, false, &exc);
        if (!nci) {
            vm_set_exception(ctx, exc ? exc : "Stack overflow", true);
            return AS_AOT_EXCEPTION;
        }
    }
    nci->pc = f->bc.code;
    /* the interpreter runs the callee: not compiled, traced, or too deep for the C stack */
    if (!f->aot || ctx->line_cb || as_aot_depth >= AS_AOT_MAX_DEPTH) return AS_AOT_RESUME;
    as_aot_depth++;
    int r = f->aot(ctx, nci->fp, f->bc.consts, args);
    as_aot_depth--;
    if (r != AS_AOT_RETURNED) return r;
    stack_pop_frame(ctx);
    return 0;
}

/* A registered function called through CALLV or CALLPTR (no trap test after it, as there). */
static int call_native(as_context *ctx, as_slot *fp, uint32_t a, as_function *f)
{
    native_call(ctx, f, fp + a, fp + a);
    if (ctx->has_exception) {
        vm_drop_failed_result(ctx, f, fp + a);
        return AS_AOT_EXCEPTION;
    }
    return 0;
}

int as_aot_callsys(as_context *ctx, as_slot *fp, uint32_t pc, uint32_t a, void *fn, int null_check)
{
    as_function *f = fn;
    set_pc(ctx, pc);
    if (null_check && !fp[a + f->this_slot].p) {
        vm_set_exception(ctx, "Null pointer access", true);
        return AS_AOT_EXCEPTION;
    }
    if (f->invoke) {
        as_function *outer = ctx->sys_func;
        ctx->sys_func = f;
        f->invoke(f, fp + a, fp + a);
        ctx->sys_func = outer;
    } else {
        native_call(ctx, f, fp + a, fp + a);
    }
    if (ctx->trap) {
        if (ctx->has_exception) {
            vm_drop_failed_result(ctx, f, fp + a);
            return AS_AOT_EXCEPTION;
        }
        /* abort or suspend asked for by the function: the interpreter's trap after the call */
        set_pc(ctx, pc + 1);
        return AS_AOT_TRAP;
    }
    return 0;
}

int as_aot_callv(as_context *ctx, as_slot *fp, uint32_t pc, uint32_t a, void *declared)
{
    as_function *f = declared;
    set_pc(ctx, pc);
    as_object *obj = fp[a + f->this_slot].p;
    if (!obj) {
        vm_set_exception(ctx, "Null pointer access", true);
        return AS_AOT_EXCEPTION;
    }
    f = object_resolve_virtual(obj, f);
    if (f->kind == FN_SCRIPT) return as_aot_call(ctx, fp, pc, a, f, 0);
    return call_native(ctx, fp, a, f);
}

int as_aot_callptr(as_context *ctx, as_slot *fp, uint32_t pc, uint32_t a, uint32_t b)
{
    const char *why;
    as_function *f = vm_handle_callee(fp[b].p, fp, a, &why);
    if (!f) return as_aot_throw(ctx, pc, why);
    if (f->kind == FN_SCRIPT) return as_aot_call(ctx, fp, pc, a, f, 0);
    set_pc(ctx, pc);
    return call_native(ctx, fp, a, f);
}

/* The reference count the VM keeps itself (script objects, types that said where theirs is). */
static inline uint32_t *direct_count(void *obj, const as_type *t)
{
    if (t->kind != TYPE_OBJECT) return NULL;
    if (t->flags & AS_OBJ_SCRIPT_OBJECT) return &((as_object *)obj)->refcount;
    if (t->rc_direct) return (uint32_t *)(void *)((char *)obj + t->rc_offset);
    return NULL;
}

void as_aot_addref(as_context *ctx, void *obj, void *type)
{
    uint32_t *n = direct_count(obj, type);
    if (n) (*n)++;
    else vm_addref_object(ctx->engine, obj, type);
}

void as_aot_release(as_context *ctx, uint32_t pc, void *obj, void *type)
{
    uint32_t *n = direct_count(obj, type);
    if (n && *n > 1) {
        (*n)--;
        return;
    }
    set_pc(ctx, pc);   /* a destructor may look at the call stack */
    vm_release_object(ctx->engine, obj, type);
}

int as_aot_hsetm(as_context *ctx, uint32_t pc, void **dst, void *obj, void *type)
{
    if (!dst) return as_aot_throw(ctx, pc, "Null pointer access");
    void *old = *dst;
    if (obj) as_aot_addref(ctx, obj, type);
    *dst = obj;
    if (old) as_aot_release(ctx, pc, old, type);
    return 0;
}

void as_aot_destroy(as_context *ctx, uint32_t pc, void *value, void *type)
{
    set_pc(ctx, pc);
    vm_destroy_value(ctx->engine, value, type);
}

int as_aot_newobj(as_context *ctx, uint32_t pc, as_slot *dst, void *type)
{
    as_object *o = object_new(ctx->engine, type);
    if (!o) return as_aot_throw(ctx, pc, "out of memory");
    dst->p = o;
    return 0;
}

void as_aot_cast(as_slot *dst, void *obj, void *type)
{
    as_object *o = obj;
    dst->p = NULL;
    if (o && object_is_a(o->type, type)) {
        o->refcount++;
        dst->p = o;
    }
}

int as_aot_delegate(as_context *ctx, uint32_t pc, as_slot *dst, void *obj, void *method)
{
    if (!obj) return as_aot_throw(ctx, pc, "Null pointer access");
    as_function *d = function_new_delegate(ctx->engine, obj, method);
    if (!d) return as_aot_throw(ctx, pc, "out of memory");
    dst->p = d;
    return 0;
}

int as_aot_pow_i32(int32_t b, int32_t e, int32_t *out) { return pow_i32(b, e, out); }
int as_aot_pow_u32(uint32_t b, uint32_t e, uint32_t *out) { return pow_u32(b, e, out); }
int as_aot_pow_i64(int64_t b, int64_t e, int64_t *out) { return pow_i64(b, e, out); }
int as_aot_pow_u64(uint64_t b, uint64_t e, uint64_t *out) { return pow_u64(b, e, out); }

/* As the interpreter's d2i and d2l: out of range gives the x86 "integer indefinite" value. */
int32_t as_aot_d2i(double d)
{
    if (d != d || d >= 2147483648.0 || d <= -2147483649.0) return INT32_MIN;
    return (int32_t)d;
}

int64_t as_aot_d2l(double d)
{
    if (d != d || d >= 9223372036854775808.0 || d < -9223372036854775808.0) return INT64_MIN;
    return (int64_t)d;
}
