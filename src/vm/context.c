/* The context API: preparing a call, arguments, execution, results, exceptions, call stack. */
#include "vm.h"
#include "util/mem.h"
#include "stack.h"
#include "../native/native.h"
#include "../runtime/object.h"
#include <stdlib.h>
#include <string.h>

as_context *as_context_create(as_engine *e)
{
    if (!e) return NULL;
    as_context *ctx = mem_calloc(1, sizeof *ctx);
    if (!ctx) return NULL;
    ctx->engine = e;
    ctx->state = AS_EXECUTION_UNINITIALIZED;
    /* a context keeps its engine alive: as_engine_destroy first is no use-after-free */
    as_engine_addref(e);
    ctx->holds_engine = true;
    ctx->live_next = e->contexts;
    if (e->contexts) e->contexts->live_prev = ctx;
    e->contexts = ctx;
    return ctx;
}

bool contexts_running_module(as_engine *e, const struct as_module *m)
{
    for (as_context *c = e->contexts; c; c = c->live_next) {
        if (c->state != AS_EXECUTION_ACTIVE && !c->saved.count) continue;
        for (uint32_t i = 0; i < c->ncalls; i++)
            if (c->calls[i].fn && c->calls[i].fn->module == m) return true;
    }
    return false;
}

static const char *function_section(const as_function *f);

static void exc_pin(as_context *ctx, as_function *f)
{
    for (int i = 0; i < ctx->exc_pins.count; i++)
        if (ctx->exc_pins.data[i] == f) return;
    int before = ctx->exc_pins.count;
    VEC_PUSH(ctx->exc_pins, f);
    if (ctx->exc_pins.count > before) as_function_addref(f);
}

static void exc_unpin(as_context *ctx)
{
    for (int i = 0; i < ctx->exc_pins.count; i++) as_function_release(ctx->exc_pins.data[i]);
    VEC_FREE(ctx->exc_pins);
    ctx->engine->reclaim_wanted = true;   /* the discarded code may go now */
    engine_reclaim(ctx->engine);
}

void contexts_forget_module(as_engine *e, const struct as_module *m)
{
    /* unpreparing a suspended context runs code (destructors): collect the contexts first */
    int n = 0;
    for (as_context *c = e->contexts; c; c = c->live_next) n++;
    if (!n) return;
    as_context **list = mem_alloc(sizeof *list * (size_t)n);
    if (!list) return;
    int k = 0;
    for (as_context *c = e->contexts; c; c = c->live_next) {
        if (c->state != AS_EXECUTION_PREPARED && c->state != AS_EXECUTION_SUSPENDED) continue;
        bool uses = !m || (c->prepared && c->prepared->module == m);
        for (uint32_t i = 0; i < c->ncalls && !uses; i++) uses = c->calls[i].fn && c->calls[i].fn->module == m;
        if (uses) list[k++] = c;
    }
    for (int i = 0; i < k; i++) as_context_unprepare(list[i]);
    mem_free(list);
    /* a context that stopped on an exception in m still reports it (function, section, call
     * stack), as the reference's does: its functions are kept until the context is prepared */
    for (as_context *c = e->contexts; c; c = c->live_next) {
        if (!m) break;
        if (c->exc_func && c->exc_func->module == m) {
            if (!c->exc_section) c->exc_section = function_section(c->exc_func);
            exc_pin(c, c->exc_func);
        }
        for (int i = 0; i < c->exc_stack.count; i++) {
            as_exc_frame *fr = &c->exc_stack.data[i];
            if (!fr->fn || fr->fn->module != m) continue;
            if (!fr->section) fr->section = function_section(fr->fn);
            exc_pin(c, fr->fn);
        }
    }
}

static void release_result(as_context *ctx)
{
    if (ctx->retobj && ctx->retobj_type) vm_release_object(ctx->engine, ctx->retobj, ctx->retobj_type);
    ctx->retobj = NULL;
    ctx->retobj_type = NULL;
    if (ctx->retvalue_storage) {
        if (ctx->retvalue_type) vm_destroy_value(ctx->engine, ctx->retvalue_storage, ctx->retvalue_type);
        mem_free(ctx->retvalue_storage);
        ctx->retvalue_storage = NULL;
        ctx->retvalue_type = NULL;
    }
}

static void release_arg_copies_now(as_context *ctx);
static inline void release_arg_copies(as_context *ctx)
{
    if (ctx->argcopies.data) release_arg_copies_now(ctx);
}

/* Drops a suspended or prepared call, releasing what its frames hold. */
static void abandon(as_context *ctx)
{
    if (ctx->exc_pins.count) exc_unpin(ctx);
    if (ctx->state == AS_EXECUTION_SUSPENDED) {
        ctx->abort_req = true;
        ctx->trap = 1;
        vm_push_active(ctx);
        vm_exec(ctx);
        vm_pop_active(ctx);
        ctx->abort_req = false;
    }
    release_arg_copies(ctx);
    ctx->prepared = NULL;
    ctx->args = NULL;
}

void as_context_destroy(as_context *ctx)
{
    if (!ctx) return;
    as_engine *e = ctx->engine;
    if (ctx->state == AS_EXECUTION_ACTIVE || ctx->saved.count) {
        /* destroying the context that runs the caller (from a host function) is refused */
        engine_message(e, "", 0, 0, AS_MSG_ERROR, "as_context_destroy: the context is executing; not destroyed");
        return;
    }
    abandon(ctx);
    release_result(ctx);
    stack_free(ctx);
    vm_free_message(ctx->exc_msg);
    VEC_FREE(ctx->exc_stack);
    VEC_FREE(ctx->saved);
    userdata_cleanup(ctx->engine, AS_UD_CONTEXT, ctx, &ctx->user_data);
    if (ctx->live_prev) ctx->live_prev->live_next = ctx->live_next;
    else if (e->contexts == ctx) e->contexts = ctx->live_next;
    if (ctx->live_next) ctx->live_next->live_prev = ctx->live_prev;
    bool held = ctx->holds_engine;
    mem_free(ctx);
    if (held) as_engine_release(e);
}

as_engine *as_context_engine(const as_context *ctx) { return ctx ? ctx->engine : NULL; }
as_exec_state as_context_state(const as_context *ctx) { return ctx ? ctx->state : AS_EXECUTION_UNINITIALIZED; }

static void learn_params(as_function *f);

static int prepare_general(as_context *ctx, as_function *f);

int as_context_prepare(as_context *ctx, as_function *f)
{
    if (ctx && f && f == ctx->prepared && ctx->state == AS_EXECUTION_FINISHED && ctx->again) {
        /* the same function again (a host calling a script callback in a loop): its frame is
         * where it was, nothing of the last call is left to release */
        as_slot *a = ctx->args;
        switch (f->nargslots) {   /* most callbacks take a few arguments: no memset call */
        case 4: a[3].u64 = 0; /* fall through */
        case 3: a[2].u64 = 0; /* fall through */
        case 2: a[1].u64 = 0; /* fall through */
        case 1: case 0: a[0].u64 = 0; break;
        default: memset(a, 0, f->nargslots * sizeof(as_slot)); break;
        }
        ctx->retval.u64 = 0;
        ctx->state = AS_EXECUTION_PREPARED;
        return AS_SUCCESS;
    }
    return prepare_general(ctx, f);
}

#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static int prepare_general(as_context *ctx, as_function *f)
{
    if (!ctx || !f) return AS_NO_FUNCTION;
    if (ctx->state == AS_EXECUTION_ACTIVE) return AS_CONTEXT_ACTIVE;
    /* a delegate: its method, called on the bound object (the host keeps the delegate alive) */
    void *bound_obj = NULL;
    if (f->kind == FN_DELEGATE) {
        bound_obj = f->delegate_obj;
        f = f->delegate_method;
        if (!f || !bound_obj) return AS_NO_FUNCTION;
    }
    if (f->reload_to || f->reload_gone) {
        f = function_forwarded(f);   /* the host's pointer to a function a hot reload replaced */
        if (!f) return AS_NO_FUNCTION;
    }
    if (f->kind != FN_SCRIPT && f->kind != FN_SYSTEM && f->kind != FN_INTERFACE) return AS_NO_FUNCTION;
    abandon(ctx);
    release_result(ctx);
    if (f->addr_params == ADDR_PARAMS_UNKNOWN) learn_params(f);
    ctx->max_calls = stack_max_calls(ctx);
    stack_limits(ctx);
    size_t need = f->kind == FN_SCRIPT ? f->bc.nslots : f->nargslots;
    ctx->args_room = need;
    if (need == 0) need = 1;
    ctx->args = stack_top(ctx, need);
    if (!ctx->args) return AS_OUT_OF_MEMORY;
    memset(ctx->args, 0, (f->nargslots ? f->nargslots : 1) * sizeof(as_slot));
    ctx->prepared = f;
    ctx->retval.u64 = 0;
    ctx->has_exception = false;
    ctx->exc_section = NULL;
    if (f->has_retloc) {
        ctx->retvalue_storage = mem_calloc(1, (size_t)f->ret.type->size + 8);
        if (!ctx->retvalue_storage) return AS_OUT_OF_MEMORY;
        ctx->args[0].p = ctx->retvalue_storage;
    }
    if (bound_obj) ctx->args[f->this_slot].p = bound_obj;
    ctx->state = AS_EXECUTION_PREPARED;
    return AS_SUCCESS;
}

int as_context_unprepare(as_context *ctx)
{
    if (!ctx) return AS_INVALID_ARG;
    if (ctx->state == AS_EXECUTION_ACTIVE) return AS_CONTEXT_ACTIVE;
    abandon(ctx);
    release_result(ctx);
    ctx->state = AS_EXECUTION_UNINITIALIZED;
    return AS_SUCCESS;
}

static void take_result(as_context *ctx, as_function *f)
{
    if (f->has_retloc) {
        ctx->retvalue_type = f->ret.type;
        return;
    }
    if (!(f->ret.flags & DT_REF) && (f->ret.type->kind == TYPE_OBJECT || f->ret.type->kind == TYPE_FUNCDEF)) {
        ctx->retobj = ctx->retval.p;
        ctx->retobj_type = ctx->retobj ? f->ret.type : NULL;
    }
}

/* Executions in progress on this thread, nested through host functions (the reference counts
 * its thread's active contexts the same way, a nested execution of one context included). */
static _Thread_local unsigned nested_executions;

/* AS_EP_MAX_NESTED_CALLS: an execution that would nest deeper raises "Too many nested calls"
 * before the function runs, located at its first line as in the reference. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static int refuse_nesting(as_context *ctx, as_function *f)
{
    vm_set_exception(ctx, "Too many nested calls", false);
    ctx->exc_func = f;
    ctx->exc_line = f->kind == FN_SCRIPT && f->bc.nlines ? f->bc.lines[0].line : 0;
    ctx->exc_col = f->kind == FN_SCRIPT && f->bc.nlines ? f->bc.lines[0].col : 0;
    ctx->exc_stack.count = 0;
    ctx->state = AS_EXECUTION_EXCEPTION;
    release_arg_copies(ctx);
    return AS_EXECUTION_EXCEPTION;
}

static inline int execute(as_context *ctx);
static int missing_reference_arg(const as_context *ctx, const as_function *f);

/* The host calling a plain script function (as_function.host_plain) on a context with nothing
 * else going on, the commonest callback: execute's checks that cannot apply skipped, the frame
 * set up in place. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((always_inline))   /* into as_context_execute: one function entry per call */
#endif
static inline int execute_plain(as_context *ctx, as_function *f)
{
    as_context *prev_active = ctx->prev_active;
    as_engine *e = ctx->engine;
    nested_executions++;
    void *entered = engine_enter(e);
    vm_push_active(ctx);
    ctx->state = AS_EXECUTION_ACTIVE;
    ctx->ncalls = 1;
    as_callinfo *ci = &ctx->calls[0];
    ci->fn = f;
    ci->fp = ctx->args;
    ci->pc = f->bc.code;
    ci->chunk = ctx->chunk;
    ci->entry = 1;
    ci->result = &ctx->retval;
    ctx->resume_at = NULL;
    vm_budget_begin(ctx, true);
    ctx->exec_stops = VM_STOP_ENTRY | VM_STOP_FINAL;
    int r = vm_exec(ctx);
    vm_budget_end(ctx);
    vm_pop_active(ctx);
    ctx->state = (as_exec_state)r;
    if (r != AS_EXECUTION_SUSPENDED) release_arg_copies(ctx);
    /* nothing to take from the result; preparing f again only clears its arguments (the
     * argument copies went above) */
    ctx->again = r == AS_EXECUTION_FINISHED;
    engine_leave(e, entered);
    nested_executions--;
    ctx->prev_active = prev_active;
    return r;
}

#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static int execute_general(as_context *ctx)
{
    /* a nested execution of this same context (after as_context_push_state) links it to itself
     * in the active chain: what it linked to before is restored when it returns */
    as_context *prev_active = ctx->prev_active;
    as_engine *e = ctx->engine;
    nested_executions++;
    void *entered = engine_enter(e);
    int r = execute(ctx);
    engine_leave(e, entered);
    nested_executions--;
    ctx->prev_active = prev_active;
    return r;
}

int as_context_execute(as_context *ctx)
{
    if (!ctx) return AS_INVALID_ARG;
    if (ctx->state == AS_EXECUTION_PREPARED) {
        as_function *f = ctx->prepared;
        if (nested_executions >= (uint64_t)ctx->engine->props[AS_EP_MAX_NESTED_CALLS]) return refuse_nesting(ctx, f);
        ctx->again = false;
        if (f->host_plain && ctx->ncalls == 0 && ctx->calls_cap > 0 && !ctx->saved.count) return execute_plain(ctx, f);
    } else if (ctx->state != AS_EXECUTION_SUSPENDED) {
        return AS_CONTEXT_NOT_PREPARED;
    }
    return execute_general(ctx);
}

/* A prepared interface or virtual method: the object's class says which body runs, whose frame
 * may need more room than the declaration promised. false with the exception set if none can. */
static bool resolve_virtual_entry(as_context *ctx, as_function **fp)
{
    as_function *f = *fp;
    void *obj = ctx->args[f->this_slot].p;
    as_function *real = obj ? object_resolve_virtual(obj, f) : NULL;
    if (!real || real->kind == FN_INTERFACE) {
        vm_set_exception(ctx, obj ? "Unbound function called" : "Null pointer access", false);
        ctx->exc_func = f;
        ctx->exc_line = 0;
        ctx->exc_stack.count = 0;
        return false;
    }
    size_t need = real->kind == FN_SCRIPT ? real->bc.nslots : real->nargslots;
    if (need > ctx->args_room) {
        as_slot saved[64];
        uint32_t n = f->nargslots < 64 ? f->nargslots : 64;
        memcpy(saved, ctx->args, n * sizeof(as_slot));
        ctx->args = stack_top(ctx, need);
        if (!ctx->args) {
            vm_set_exception(ctx, "Stack overflow", false);
            return false;
        }
        memcpy(ctx->args, saved, n * sizeof(as_slot));
        ctx->args_room = need;
    }
    *fp = real;
    return true;
}

static inline int execute(as_context *ctx)
{
    as_function *f = ctx->prepared;
    int r;
    vm_push_active(ctx);
    if (ctx->state == AS_EXECUTION_PREPARED && missing_reference_arg(ctx, f) >= 0) {
        /* an object or reference argument the host never set: the callee would dereference NULL */
        vm_set_exception(ctx, "Null pointer access", false);
        ctx->exc_func = f;
        ctx->exc_line = 0;
        ctx->exc_stack.count = 0;
        vm_pop_active(ctx);
        ctx->state = AS_EXECUTION_EXCEPTION;
        release_arg_copies(ctx);
        return AS_EXECUTION_EXCEPTION;
    }
    if (ctx->state == AS_EXECUTION_PREPARED) {
        ctx->state = AS_EXECUTION_ACTIVE;
        if ((f->kind == FN_INTERFACE || (f->kind == FN_SCRIPT && f->vtable_index >= 0)) && !resolve_virtual_entry(ctx, &f)) {
            vm_pop_active(ctx);
            ctx->state = AS_EXECUTION_EXCEPTION;
            return AS_EXECUTION_EXCEPTION;
        }
        if (f->kind == FN_SYSTEM) {
            native_call(ctx, f, ctx->args, &ctx->retval);
            r = ctx->has_exception ? AS_EXECUTION_EXCEPTION : AS_EXECUTION_FINISHED;
            if (r == AS_EXECUTION_EXCEPTION) {
                ctx->exc_func = f;
                ctx->exc_line = 0;
                ctx->exc_stack.count = 0;
            }
        } else {
            const char *exc = NULL;
            as_callinfo *ci;
            if (ctx->ncalls == 0 && ctx->calls_cap > 0) {
                /* the outermost call: its frame is the prepared argument area (max_calls was
                 * read from the engine when the function was prepared) */
                ctx->ncalls = 1;
                ci = &ctx->calls[0];
                ci->fn = f;
                ci->fp = ctx->args;
                ci->pc = f->bc.code;
                ci->chunk = ctx->chunk;
                ci->entry = 1;
            } else {
                ci = stack_push_frame(ctx, f, ctx->args, true, &exc);
            }
            if (!ci) {
                vm_set_exception(ctx, exc ? exc : "Stack overflow", false);
                ctx->exc_func = f;
                r = AS_EXECUTION_EXCEPTION;
            } else {
                ci->result = &ctx->retval;
                ctx->resume_at = NULL;
                /* a nested execution (after push_state: add-on callbacks, initialisers) spends
                 * what is left of the outer one's budget instead of starting a new one */
                if (!ctx->saved.count) vm_budget_begin(ctx, true);
                ctx->exec_stops = VM_STOP_ENTRY | VM_STOP_FINAL;
                r = vm_exec(ctx);
                if (!ctx->saved.count) vm_budget_end(ctx);
            }
        }
    } else {
        ctx->state = AS_EXECUTION_ACTIVE;
        ctx->exec_stops = VM_STOP_FINAL;
        if (!ctx->saved.count) vm_budget_begin(ctx, false);
        r = vm_exec(ctx);
        if (!ctx->saved.count) vm_budget_end(ctx);
    }
    vm_pop_active(ctx);
    ctx->state = (as_exec_state)r;
    if (r != AS_EXECUTION_SUSPENDED) release_arg_copies(ctx);
    if (r == AS_EXECUTION_FINISHED) take_result(ctx, f);
    ctx->again = false;
    return r;
}

int as_context_abort(as_context *ctx)
{
    if (!ctx) return AS_INVALID_ARG;
    ctx->abort_req = true;
    ctx->trap = 1;
    if (ctx->state == AS_EXECUTION_SUSPENDED) {
        abandon(ctx);
        ctx->state = AS_EXECUTION_ABORTED;
    }
    return AS_SUCCESS;
}

int as_context_suspend(as_context *ctx)
{
    if (!ctx) return AS_INVALID_ARG;
    ctx->suspend_req = true;
    ctx->trap = 1;
    return AS_SUCCESS;
}

/* ---- arguments ---- */

/* Gives up the by-value object arguments the context copied for the call. */
static void release_arg_copies_now(as_context *ctx)
{
    for (int i = ctx->argcopies.count; i-- > 0;)
        as_engine_release_object(ctx->engine, ctx->argcopies.data[i].obj, ctx->argcopies.data[i].type_id);
    VEC_FREE(ctx->argcopies);
}

/* A wrong argument puts the context in the error state until the next prepare (as the reference). */
static int arg_fail(as_context *ctx, int code)
{
    ctx->state = AS_EXECUTION_ERROR;
    return code;
}

/* The parameter arg of the prepared function, or an error code in *err. */
static const as_param *arg_param(as_context *ctx, unsigned arg, int *err)
{
    if (!ctx) {
        *err = AS_INVALID_ARG;
        return NULL;
    }
    if (ctx->state != AS_EXECUTION_PREPARED || !ctx->prepared) {
        *err = AS_CONTEXT_NOT_PREPARED;
        return NULL;
    }
    if (arg >= (unsigned)ctx->prepared->params.count) {
        *err = arg_fail(ctx, AS_INVALID_ARG);
        return NULL;
    }
    return &ctx->prepared->params.data[arg];
}

static as_slot *arg_slot(as_context *ctx, unsigned arg)
{
    if (!ctx || ctx->state != AS_EXECUTION_PREPARED || !ctx->prepared) return NULL;
    as_function *f = ctx->prepared;
    if (arg >= (unsigned)f->params.count) return NULL;
    return &ctx->args[f->param_slot[arg]];
}

static bool dt_is_pointer_type(const as_dtype *d)
{
    return (d->flags & DT_HANDLE) || (d->type && d->type->kind == TYPE_FUNCDEF);
}

/* Parameters whose slot must hold an address the callee dereferences: objects that are not
 * handles (by reference or by value), and primitives by reference. NULL for them is refused. */
static bool param_needs_address(const as_param *p)
{
    const as_type *t = p->type.type;
    if (!t || t->kind == TYPE_VARTYPE || dt_is_pointer_type(&p->type)) return false;
    return t->kind == TYPE_OBJECT || p->inout != INOUT_NONE;
}

/* The index of the first parameter of f left NULL that must not be, or -1. */
static int missing_reference_arg(const as_context *ctx, const as_function *f)
{
    if (f->addr_params != ADDR_PARAMS_SOME) return -1;
    for (int i = 0; i < f->params.count; i++)
        if (param_needs_address(&f->params.data[i]) && !ctx->args[f->param_slot[i]].p) return i;
    return -1;
}

/* Bytes of a primitive or enum parameter passed by value; 0 for anything else. */
static int param_prim_size(const as_param *p)
{
    if (p->inout != INOUT_NONE || dt_is_pointer_type(&p->type)) return 0;
    if (p->type.type->kind == TYPE_ENUM) return 4;
    if (p->type.type->kind != TYPE_PRIMITIVE) return 0;
    return p->type.type->size;
}

/* What setting arguments and executing need to know of f's parameters, learnt when it is first
 * prepared (a function's parameters never change once it can be called). */
static void learn_params(as_function *f)
{
    f->addr_params = ADDR_PARAMS_NONE;
    for (int i = 0; i < f->params.count; i++) {
        as_param *p = &f->params.data[i];
        if (param_needs_address(p)) f->addr_params = ADDR_PARAMS_SOME;
        p->prim_size = (uint8_t)param_prim_size(p);
    }
    as_type *rt = f->ret.type;
    bool ret_plain = !f->has_retloc && ((f->ret.flags & DT_REF) || (rt->kind != TYPE_OBJECT && rt->kind != TYPE_FUNCDEF));
    f->host_plain = f->kind == FN_SCRIPT && f->vtable_index < 0 && f->addr_params != ADDR_PARAMS_SOME && ret_plain;
}

/* byte/word/dword: the size in memory must match; float (one 32-bit word on the reference's
 * stack) takes any type up to 4 bytes; qword/double take the 8-byte types. Small ints are kept
 * sign- or zero-extended to 32 bits in the slot, as the VM expects. */
#define SET_ARG(name, T, field, ok_size) \
    int as_context_set_arg_##name(as_context *ctx, unsigned arg, T v) \
    { \
        int err = AS_ERROR; \
        const as_param *p = arg_param(ctx, arg, &err); \
        if (!p) return err; \
        int size = p->prim_size; \
        if (!(ok_size)) return arg_fail(ctx, AS_INVALID_TYPE); \
        as_slot *s = &ctx->args[ctx->prepared->param_slot[arg]]; \
        s->u64 = 0; \
        s->field = v; \
        if (size < 4) { \
            int prim = p->type.type->kind == TYPE_PRIMITIVE ? p->type.type->prim : -1; \
            if (size == 1) s->i32 = prim == AS_TYPEID_INT8 ? (int32_t)(int8_t)s->u8 : (int32_t)s->u8; \
            else s->i32 = prim == AS_TYPEID_INT16 ? (int32_t)(int16_t)s->u16 : (int32_t)s->u16; \
        } \
        return AS_SUCCESS; \
    }
SET_ARG(byte, uint8_t, u8, size == 1)
SET_ARG(word, uint16_t, u16, size == 2)
SET_ARG(dword, uint32_t, u32, size == 4)
SET_ARG(qword, uint64_t, u64, size == 8)
SET_ARG(double, double, f64, size == 8)
#undef SET_ARG

int as_context_set_arg_float(as_context *ctx, unsigned arg, float v)
{
    int err = AS_ERROR;
    const as_param *p = arg_param(ctx, arg, &err);
    if (!p) return err;
    int size = p->prim_size;
    if (size < 1 || size > 4) return arg_fail(ctx, AS_INVALID_TYPE);
    as_slot *s = &ctx->args[ctx->prepared->param_slot[arg]];
    s->u64 = 0;
    s->f32 = v;
    return AS_SUCCESS;
}

int as_context_set_arg_address(as_context *ctx, unsigned arg, void *addr)
{
    int err = AS_ERROR;
    const as_param *p = arg_param(ctx, arg, &err);
    if (!p) return err;
    if (p->inout == INOUT_NONE && !dt_is_pointer_type(&p->type)) return arg_fail(ctx, AS_INVALID_TYPE);
    if (!addr && param_needs_address(p)) return arg_fail(ctx, AS_INVALID_ARG);
    ctx->args[ctx->prepared->param_slot[arg]].p = addr;
    return AS_SUCCESS;
}

int as_context_set_arg_object(as_context *ctx, unsigned arg, void *obj)
{
    int err = AS_ERROR;
    const as_param *p = arg_param(ctx, arg, &err);
    if (!p) return err;
    as_type *t = p->type.type;
    if (t->kind != TYPE_OBJECT && t->kind != TYPE_FUNCDEF) return arg_fail(ctx, AS_INVALID_TYPE);
    if (!obj && param_needs_address(p)) return arg_fail(ctx, AS_INVALID_ARG);
    if (p->inout == INOUT_NONE && !dt_is_pointer_type(&p->type)) {
        /* by value: the script gets its own copy, which the context gives up when the call ends */
        if (!obj) return arg_fail(ctx, AS_INVALID_ARG);
        int tid = dtype_type_id(&(as_dtype){t, 0});
        void *copy = as_engine_create_object_copy(ctx->engine, obj, tid);
        if (!copy) return arg_fail(ctx, AS_ERROR);
        as_argcopy c = {copy, tid};
        VEC_PUSH(ctx->argcopies, c);
        obj = copy;
    }
    /* handles and references: the script borrows the object for the call; the host keeps its reference */
    ctx->args[ctx->prepared->param_slot[arg]].p = obj;
    return AS_SUCCESS;
}

int as_context_set_arg_var_type(as_context *ctx, unsigned arg, void *ptr, int type_id)
{
    int err = AS_ERROR;
    const as_param *p = arg_param(ctx, arg, &err);
    if (!p) return err;
    if (p->type.type->kind != TYPE_VARTYPE) return arg_fail(ctx, AS_INVALID_TYPE);
    as_slot *s = &ctx->args[ctx->prepared->param_slot[arg]];
    s[0].p = ptr;
    s[1].u64 = 0;
    s[1].i32 = type_id;
    return AS_SUCCESS;
}

void *as_context_address_of_arg(as_context *ctx, unsigned arg) { return arg_slot(ctx, arg); }

int as_context_set_object(as_context *ctx, void *obj)
{
    if (!ctx || ctx->state != AS_EXECUTION_PREPARED) return AS_CONTEXT_NOT_PREPARED;
    if (!ctx->prepared->objtype) return arg_fail(ctx, AS_ERROR);   /* not a method */
    ctx->args[ctx->prepared->this_slot].p = obj;
    return AS_SUCCESS;
}

/* ---- results ---- */

uint8_t as_context_return_byte(as_context *ctx) { return ctx ? ctx->retval.u8 : 0; }
uint16_t as_context_return_word(as_context *ctx) { return ctx ? ctx->retval.u16 : 0; }
uint32_t as_context_return_dword(as_context *ctx) { return ctx ? ctx->retval.u32 : 0; }
uint64_t as_context_return_qword(as_context *ctx) { return ctx ? ctx->retval.u64 : 0; }
float as_context_return_float(as_context *ctx) { return ctx ? ctx->retval.f32 : 0; }
double as_context_return_double(as_context *ctx) { return ctx ? ctx->retval.f64 : 0; }
void *as_context_return_address(as_context *ctx) { return ctx ? ctx->retval.p : NULL; }

void *as_context_return_object(as_context *ctx)
{
    if (!ctx) return NULL;
    if (ctx->retvalue_storage) return ctx->retvalue_storage;
    return ctx->retobj;
}

void *as_context_address_of_return_value(as_context *ctx)
{
    if (!ctx) return NULL;
    if (ctx->retvalue_storage) return ctx->retvalue_storage;
    return &ctx->retval;
}

/* ---- exceptions ---- */

int as_context_set_exception(as_context *ctx, const char *message, bool allow_catch)
{
    if (!ctx) return AS_INVALID_ARG;
    vm_set_exception(ctx, message ? message : "", allow_catch);
    return AS_SUCCESS;
}

const char *as_context_exception_string(as_context *ctx) { return ctx ? ctx->exc_msg : NULL; }
as_function *as_context_exception_function(as_context *ctx) { return ctx ? ctx->exc_func : NULL; }

/* The frames the unwinding would visit: this activation's, up to its entry frame. */
bool as_context_will_exception_be_caught(as_context *ctx)
{
    if (!ctx || !ctx->has_exception || !ctx->exc_catchable) return false;
    for (uint32_t i = ctx->ncalls; i-- > 0;) {
        const as_callinfo *ci = &ctx->calls[i];
        uint32_t pc = ci->pc ? (uint32_t)(ci->pc - ci->fn->bc.code) : 0;
        if (vm_find_try(ci->fn, pc)) return true;
        if (ci->entry) break;
    }
    return false;
}

as_function *as_context_system_function(as_context *ctx) { return ctx ? ctx->sys_func : NULL; }

static const char *function_section(const as_function *f)
{
    if (f && f->module && f->section >= 0 && f->section < f->module->sections.count) return f->module->sections.data[f->section].name;
    return NULL;
}

int as_context_exception_line(as_context *ctx, int *col, const char **section)
{
    if (!ctx) return AS_INVALID_ARG;
    if (col) *col = ctx->exc_col;
    if (section) *section = ctx->exc_section ? ctx->exc_section : function_section(ctx->exc_func);
    return ctx->exc_line;
}

int as_context_exception_frame_count(as_context *ctx) { return ctx ? ctx->exc_stack.count : 0; }

as_function *as_context_exception_frame(as_context *ctx, int i, int *line, int *col, const char **section)
{
    if (!ctx || i < 0 || i >= ctx->exc_stack.count) return NULL;
    as_exc_frame *fr = &ctx->exc_stack.data[i];
    if (line) *line = fr->line;
    if (col) *col = fr->col;
    if (section) *section = fr->section ? fr->section : function_section(fr->fn);
    return fr->fn;
}

int as_context_set_line_callback(as_context *ctx, as_line_fn fn, void *user)
{
    if (!ctx) return AS_INVALID_ARG;
    ctx->line_user = user;   /* before the callback: a running interpreter reads them the other way round */
    ctx->line_cb = fn;
    ctx->trap = 1;   /* a running interpreter switches to tracing at its next check */
    return AS_SUCCESS;
}

void as_context_clear_line_callback(as_context *ctx)
{
    if (!ctx) return;
    ctx->line_cb = NULL;
}

int as_context_set_exception_callback(as_context *ctx, as_line_fn fn, void *user)
{
    if (!ctx) return AS_INVALID_ARG;
    ctx->exc_cb = fn;
    ctx->exc_user = user;
    return AS_SUCCESS;
}

/* After an uncaught exception the frames are gone, but the call stack stays readable until the
 * next prepare, as in the reference (where it is kept for the host's debugger): the frames
 * recorded when the exception was raised, innermost first. */
static const as_exc_frame *unwound_frame(const as_context *ctx, unsigned level)
{
    if (ctx->ncalls || ctx->state != AS_EXECUTION_EXCEPTION || level >= (unsigned)ctx->exc_stack.count) return NULL;
    return &ctx->exc_stack.data[level];
}

unsigned as_context_callstack_size(as_context *ctx)
{
    if (!ctx) return 0;
    if (!ctx->ncalls && ctx->state == AS_EXECUTION_EXCEPTION) return (unsigned)ctx->exc_stack.count;
    return ctx->ncalls;
}

as_function *as_context_function(as_context *ctx, unsigned level)
{
    if (!ctx) return NULL;
    const as_exc_frame *fr = unwound_frame(ctx, level);
    if (fr) return fr->fn;
    if (level >= ctx->ncalls) return NULL;
    return ctx->calls[ctx->ncalls - 1 - level].fn;
}

int as_context_line_number(as_context *ctx, unsigned level, int *col, const char **section)
{
    if (!ctx) return AS_INVALID_ARG;
    const as_exc_frame *fr = unwound_frame(ctx, level);
    if (fr) {
        if (col) *col = fr->col;
        if (section) *section = fr->section ? fr->section : function_section(fr->fn);
        return fr->line;
    }
    if (level >= ctx->ncalls) return AS_INVALID_ARG;
    as_callinfo *ci = &ctx->calls[ctx->ncalls - 1 - level];
    int line, c;
    vm_frame_line(ci, &line, &c);
    if (col) *col = c;
    if (section) *section = function_section(ci->fn);
    return line;
}

/* ======================================================================= budgets */

/* Steps a context takes from the engine's pool at a time: refilling is off the hot path, and
 * the pool is exact but for the shares of contexts running nested in one another. */
#define BUDGET_SHARE 4096u

static uint64_t take_share(as_engine *e)
{
    uint64_t n = e->budget_pool < BUDGET_SHARE ? e->budget_pool : BUDGET_SHARE;
    e->budget_pool -= n;
    return n;
}

void vm_budget_begin(as_context *ctx, bool fresh)
{
    as_engine *e = ctx->engine;
    if (ctx->budget) {
        if (fresh) ctx->budget_left = ctx->budget;
        return;
    }
    ctx->budget_on = e->budget_on;
    if (!e->budget_on) return;
    ctx->trap = 1;
    ctx->budget_pooled = true;
    ctx->budget_gen = e->budget_gen;
    ctx->budget_left = take_share(e);
}

void vm_budget_end(as_context *ctx)
{
    if (!ctx->budget_pooled) return;
    as_engine *e = ctx->engine;
    if (e->budget_on && ctx->budget_gen == e->budget_gen && ctx->budget_left != UINT64_MAX) e->budget_pool += ctx->budget_left;
    ctx->budget_left = 0;
    ctx->budget_pooled = false;
}

bool vm_budget_refill(as_context *ctx)
{
    as_engine *e = ctx->engine;
    if (!ctx->budget_pooled || !e->budget_on || ctx->budget_gen != e->budget_gen) return false;
    uint64_t n = take_share(e);
    if (!n) return false;
    ctx->budget_left = n - 1;   /* the step being taken */
    return true;
}

int as_engine_set_budget(as_engine *e, uint64_t steps)
{
    if (!e) return AS_INVALID_ARG;
    e->budget_on = steps != 0;
    e->budget_pool = steps;
    e->budget_gen++;
    return AS_SUCCESS;
}

uint64_t as_engine_budget_left(const as_engine *e)
{
    return e && e->budget_on ? e->budget_pool : UINT64_MAX;
}

/* ======================================================================= nested calls */

int as_context_set_budget(as_context *ctx, uint64_t steps)
{
    if (!ctx) return AS_INVALID_ARG;
    ctx->budget = steps;
    ctx->budget_left = steps;
    ctx->budget_on = steps != 0;
    ctx->trap = 1;
    return AS_SUCCESS;
}

int as_context_push_state(as_context *ctx)
{
    if (!ctx) return AS_INVALID_ARG;
    if (ctx->state != AS_EXECUTION_ACTIVE) return AS_ERROR;
    as_saved_state st = {
        ctx->state, ctx->prepared, ctx->args, ctx->retval, ctx->retobj, ctx->retobj_type,
        ctx->retvalue_storage, ctx->retvalue_type, ctx->chunk, ctx->ncalls,
        ctx->exc_msg, ctx->exc_func, ctx->exc_line, ctx->exc_col, ctx->exc_catchable, ctx->has_exception,
        ctx->argcopies,
    };
    memset(&ctx->argcopies, 0, sizeof ctx->argcopies);
    VEC_PUSH(ctx->saved, st);
    ctx->prepared = NULL;
    ctx->args = NULL;
    ctx->retobj = NULL;
    ctx->retobj_type = NULL;
    ctx->retvalue_storage = NULL;
    ctx->retvalue_type = NULL;
    ctx->exc_msg = NULL;
    ctx->has_exception = false;
    ctx->state = AS_EXECUTION_UNINITIALIZED;
    return AS_SUCCESS;
}

int as_context_pop_state(as_context *ctx)
{
    if (!ctx || ctx->saved.count == 0) return AS_ERROR;
    if (ctx->state == AS_EXECUTION_ACTIVE) return AS_CONTEXT_ACTIVE;
    abandon(ctx);
    release_result(ctx);
    as_saved_state st = ctx->saved.data[--ctx->saved.count];
    vm_free_message(ctx->exc_msg);
    ctx->state = st.state;
    ctx->again = false;
    ctx->prepared = st.prepared;
    ctx->args = st.args;
    ctx->retval = st.retval;
    ctx->retobj = st.retobj;
    ctx->retobj_type = st.retobj_type;
    ctx->retvalue_storage = st.retvalue_storage;
    ctx->retvalue_type = st.retvalue_type;
    ctx->chunk = st.chunk;
    ctx->ncalls = st.ncalls;
    ctx->exc_msg = st.exc_msg;
    ctx->exc_func = st.exc_func;
    ctx->exc_line = st.exc_line;
    ctx->exc_col = st.exc_col;
    ctx->exc_catchable = st.exc_catchable;
    ctx->has_exception = st.has_exception;
    if (ctx->has_exception) ctx->trap = 1;   /* as vm_set_exception */
    ctx->argcopies = st.argcopies;
    return AS_SUCCESS;
}

bool as_context_is_nested(const as_context *ctx, unsigned *depth)
{
    unsigned n = ctx ? (unsigned)ctx->saved.count : 0;
    if (depth) *depth = n;
    return n > 0;
}

int vm_call_script(as_context *ctx, as_function *fn, const as_slot *args, as_slot *ret)
{
    /* keep an exception being unwound (destructors run during unwinding) */
    bool had = ctx->has_exception, catchable = ctx->exc_catchable;
    char *msg = ctx->exc_msg;
    as_function *efn = ctx->exc_func;
    int eline = ctx->exc_line, ecol = ctx->exc_col;
    ctx->exc_msg = NULL;
    ctx->has_exception = false;
    as_slot *frame = stack_top(ctx, fn->bc.nslots ? fn->bc.nslots : 1);
    int r;
    as_slot dummy;
    if (!frame) {
        r = AS_EXECUTION_EXCEPTION;
    } else {
        memcpy(frame, args, fn->nargslots * sizeof(as_slot));
        const char *exc = NULL;
        as_callinfo *ci = stack_push_frame(ctx, fn, frame, true, &exc);
        if (!ci) {
            r = AS_EXECUTION_EXCEPTION;
        } else {
            ci->result = ret ? ret : &dummy;
            as_exec_state saved = ctx->state;
            ctx->state = AS_EXECUTION_ACTIVE;
            r = vm_exec(ctx);
            ctx->state = saved;
        }
    }
    if (r == AS_EXECUTION_EXCEPTION && ctx->exc_msg && (fn->attrs & FA_DESTRUCTOR)) {
        char decl[512];
        function_format_decl(fn, decl, sizeof decl, true, true, false);
        engine_message(ctx->engine, "", 0, 0, AS_MSG_ERROR, "Exception '%s' in '%s' was not caught", ctx->exc_msg, decl);
    }
    vm_free_message(ctx->exc_msg);
    ctx->exc_msg = msg;
    ctx->has_exception = had;
    if (had) ctx->trap = 1;   /* as vm_set_exception */
    ctx->exc_catchable = catchable;
    ctx->exc_func = efn;
    ctx->exc_line = eline;
    ctx->exc_col = ecol;
    return r;
}

void vm_call_method(as_engine *e, as_function *fn, void *obj)
{
    if (fn->kind != FN_SCRIPT) {
        native_call_obj(e, fn, obj);
        return;
    }
    as_context *ctx = as_active_context();
    bool temp = !ctx || ctx->engine != e;
    if (temp) {
        ctx = as_context_create(e);
        if (!ctx) return;
        vm_push_active(ctx);
    }
    as_slot args[4];
    memset(args, 0, sizeof args);
    args[fn->this_slot].p = obj;
    vm_call_script(ctx, fn, args, NULL);
    if (temp) {
        vm_pop_active(ctx);
        as_context_destroy(ctx);
    }
}
