/* What the slots of loaded bytecode may hold, instruction by instruction (issue 32): a forward
 * data-flow over the code, try handlers included, with three bits per slot: NUM (bits made by
 * arithmetic, a number constant, a comparison, a load narrower than a pointer, a call returning
 * a primitive, or never written: the VM does not clear frames), PTR (an address: a string,
 * global or function constant, a frame address, an element, a new or cast object, a handle
 * loaded from memory or returned by a call) and NUL (a cleared slot, a zero).
 *
 * Every operand the VM dereferences (a load's or store's base, a container, an object whose
 * count is kept, a handle, a method's object, a function handle, a call's return location and
 * reference arguments) must not be able to hold a NUM; a registered function's object, return
 * location and reference arguments must not be known to be null (the host's functions do not
 * check). So a number can't become an address, however the operands are edited.
 *
 * What this does not prove, and why: which type an address points to. A 64-bit load from
 * memory (LD64, AGET64, AIDXP), a slot whose address is taken (written behind the analysis'
 * back) and the result of a call through a function handle (CALLPTR) are trusted as addresses
 * when the program uses them as such: telling a handle from an int64 there needs the layout of
 * every type the load reads and the funcdef of every handle, which is future work. A call to a
 * known function gives what its declaration returns. */
#include "bytecode.h"
#include "util/mem.h"
#include <stdio.h>
#include <string.h>

enum { NUM = 1, PTR = 2, NUL = 4, ANY = NUM | PTR | NUL };

typedef struct flow {
    const as_function *f;
    const as_bytecode *bc;
    uint8_t *taken;      /* slot whose address an ADDR takes: what it holds is not followed */
    uint8_t *leader;     /* pc starting a block: a jump target, a handler, after a jump */
    uint8_t **in;        /* the state on entry to each leader (NULL: not reached yet) */
    uint32_t *work;      /* leaders to (re)visit */
    uint32_t nwork;
    uint8_t *queued;
    char *why;
    size_t n;
    bool oom;
} flow;

static bool refuse(flow *F, uint32_t pc, const char *what, uint32_t slot)
{
    unsigned op = F->bc->code[pc].op;
    snprintf(F->why, F->n, "instruction %u (%s): %s (slot %u)", pc, op < BC__COUNT ? as_opcode_names[op] : "?", what, slot);
    return false;
}

static uint8_t get(const flow *F, const uint8_t *st, uint32_t s)
{
    if (s >= F->bc->nslots) return ANY;
    return F->taken[s] ? (PTR | NUL) : st[s];
}

static void set(const flow *F, uint8_t *st, uint32_t s, uint8_t v)
{
    if (s < F->bc->nslots) st[s] = v;
}

/* An address the VM follows (null raises an exception there, or is allowed). */
static bool need_ptr(flow *F, const uint8_t *st, uint32_t pc, uint32_t s)
{
    return !(get(F, st, s) & NUM) || refuse(F, pc, "a number used as an address", s);
}

/* An address a registered function follows without checking. */
static bool need_ref(flow *F, const uint8_t *st, uint32_t pc, uint32_t s)
{
    uint8_t v = get(F, st, s);
    if (v & NUM) return refuse(F, pc, "a number used as an address", s);
    return v != NUL || refuse(F, pc, "a null reference passed to a registered function", s);
}

static bool is_address_type(const as_dtype *d)
{
    return (d->flags & (DT_HANDLE | DT_REF)) || d->type->kind == TYPE_OBJECT || d->type->kind == TYPE_FUNCDEF;
}

/* The argument slots of a call to callee laid out at slot a. */
static bool check_args(flow *F, const uint8_t *st, uint32_t pc, uint32_t a, const as_function *callee, bool native)
{
    bool (*need)(flow *, const uint8_t *, uint32_t, uint32_t) = native ? need_ref : need_ptr;
    if (callee->has_retloc && !need_ref(F, st, pc, a)) return false;
    if (function_takes_object(callee) && !need(F, st, pc, a + callee->this_slot)) return false;
    if (!callee->param_slot) return true;
    for (int i = 0; i < callee->params.count; i++) {
        const as_param *p = &callee->params.data[i];
        uint32_t s = a + callee->param_slot[i];
        if ((callee->attrs & FA_VARIADIC) && i == callee->params.count - 1) break;
        if (p->type.type->kind == TYPE_VARTYPE) {
            if (!need_ptr(F, st, pc, s)) return false;
        } else if (p->inout != INOUT_NONE) {
            if (!need(F, st, pc, s)) return false;
        } else if (is_address_type(&p->type)) {
            if (!need_ptr(F, st, pc, s)) return false;
        }
    }
    return true;
}

/* What a call leaves in its slot a. */
static uint8_t result_of(const as_function *callee)
{
    if (callee->has_retloc || is_address_type(&callee->ret)) return PTR | NUL;
    if (callee->ret.type->kind == TYPE_PRIMITIVE && callee->ret.type->prim == AS_TYPEID_VOID) return ANY;
    return NUM;
}

static const as_function *kfunc(const flow *F, uint32_t k) { return F->bc->consts[k].cp; }

/* Checks instruction pc against the state st and applies its effect to st. */
static bool step(flow *F, uint8_t *st, uint32_t pc)
{
    const as_bytecode *bc = F->bc;
    const as_insn *in = &bc->code[pc];
    unsigned op = in->op, fmt = as_opcode_formats[op];
    uint32_t A = in->a, B = in->b, C = in->c;
    switch (op) {
    case BC_NOP: case BC_RET: case BC_SUSPEND: case BC_JMP: case BC_EXT: case BC_JUMPTABLE:
    case BC_JT: case BC_JF: case BC_JNULL: case BC_JNNULL: case BC_CHKNULL:
        return true;
    case BC_MOV: set(F, st, A, get(F, st, B)); return true;
    case BC_LI: set(F, st, A, in->sbx ? NUM : NUL); return true;
    case BC_LK: {
        unsigned kind = bc->kinds[B];
        set(F, st, A, kind == K_RAW ? (bc->consts[B].u64 ? NUM : NUL) : kind == K_TYPEID ? NUM : PTR);
        return true;
    }
    case BC_CLR: set(F, st, A, NUL); return true;
    case BC_ADDR: case BC_KADDR: set(F, st, A, PTR); return true;
    case BC_RETV:
        if (is_address_type(&F->f->ret) || F->f->has_retloc) return need_ptr(F, st, pc, A);
        return true;
    case BC_LD8: case BC_LDU8: case BC_LD16: case BC_LDU16: case BC_LD32:
        if (!need_ptr(F, st, pc, B)) return false;
        set(F, st, A, NUM);
        return true;
    case BC_LD64:
        if (!need_ptr(F, st, pc, B)) return false;
        set(F, st, A, ANY & ~NUM);   /* trusted: see the head of the file */
        return true;
    case BC_ST8: case BC_ST16: case BC_ST32: case BC_ST64:
        return need_ptr(F, st, pc, B);
    case BC_PADD:
        if (!need_ptr(F, st, pc, B)) return false;
        set(F, st, A, PTR);
        return true;
    case BC_MEMCPY:
        return need_ptr(F, st, pc, A) && need_ptr(F, st, pc, B);
    case BC_AIDX1: case BC_AIDX2: case BC_AIDX4: case BC_AIDX8:
        if (!need_ptr(F, st, pc, B)) return false;
        set(F, st, A, PTR);
        return true;
    case BC_AIDXP: case BC_AGET64:
        if (!need_ptr(F, st, pc, B)) return false;
        set(F, st, A, PTR | NUL);
        return true;
    case BC_ALEN: case BC_AGET8: case BC_AGETU8: case BC_AGET16: case BC_AGETU16: case BC_AGET32:
        if (!need_ptr(F, st, pc, B)) return false;
        set(F, st, A, NUM);
        return true;
    case BC_ASET8: case BC_ASET16: case BC_ASET32: case BC_ASET64:
        return need_ptr(F, st, pc, B);
    case BC_JLTLEN_U:
        return need_ptr(F, st, pc, B);
    case BC_INCJLTLEN_U:
        if (!need_ptr(F, st, pc, B)) return false;
        set(F, st, A, NUM);
        return true;
    case BC_LDG64: {
        const as_global *g = NULL;
        for (int i = 0; i < F->f->module->globals.count && !g; i++)
            if (F->f->module->globals.data[i]->addr == bc->consts[B].cp) g = F->f->module->globals.data[i];
        set(F, st, A, g && !is_address_type(&g->type) ? NUM : (PTR | NUL));
        return true;
    }
    case BC_CALL: case BC_CALLN: case BC_CALLV: case BC_CALLSYS: case BC_CALLSYSN: {
        const as_function *callee = kfunc(F, B);
        bool native = op == BC_CALLSYS || op == BC_CALLSYSN;
        if (op == BC_CALLV && callee->kind == FN_SYSTEM) native = true;
        if (!check_args(F, st, pc, A, callee, native)) return false;
        set(F, st, A, result_of(callee));
        return true;
    }
    case BC_CALLPTR:
        if (!need_ptr(F, st, pc, B)) return false;
        /* the funcdef is not known here: a delegate moves the arguments along */
        for (uint32_t s = A + 1; s < bc->nslots; s++) st[s] = ANY;
        set(F, st, A, PTR | NUL);   /* trusted: see the head of the file */
        return true;
    case BC_ADDREF:
        return need_ptr(F, st, pc, A);
    case BC_FREE:
        if (!need_ptr(F, st, pc, A)) return false;
        set(F, st, A, NUL);
        return true;
    case BC_HSET:
        if (!need_ptr(F, st, pc, A) || !need_ptr(F, st, pc, B)) return false;
        set(F, st, A, get(F, st, B));
        return true;
    case BC_HSETM:
        return need_ptr(F, st, pc, A) && need_ptr(F, st, pc, B);
    case BC_DESTROY:
        return true;
    case BC_NEWOBJ: set(F, st, A, PTR); return true;
    case BC_CAST:
        if (!need_ptr(F, st, pc, B)) return false;
        set(F, st, A, PTR | NUL);
        return true;
    case BC_DELEGATE:
        if (!need_ptr(F, st, pc, B)) return false;
        set(F, st, A, PTR);
        return true;
    case BC_SAMETYPE:
        return need_ptr(F, st, pc, A) && need_ptr(F, st, pc, B);
    default:
        break;
    }
    /* the rest compute numbers into a (conditional jumps compute nothing) */
    if (fmt == FMT_ABJ || fmt == FMT_AIJ || fmt == FMT_AKJ) {
        if (op >= BC_INCJLT_I && op <= BC_INCJLEC_I) set(F, st, A, NUM);
        return true;
    }
    if (fmt == FMT_AB || fmt == FMT_ABC || fmt == FMT_ABI || fmt == FMT_AI || fmt == FMT_AK || fmt == FMT_ABK) {
        (void)C;
        set(F, st, A, NUM);
        return true;
    }
    return true;
}

static bool ends_block(unsigned op)
{
    return op == BC_JMP || op == BC_RET || op == BC_RETV || op == BC_HALT || op == BC_THROW;
}

static int32_t jump_offset(const as_insn *in, bool *has)
{
    unsigned fmt = as_opcode_formats[in->op];
    *has = true;
    if (fmt == FMT_J || fmt == FMT_AJ) return in->sbx;
    if (fmt == FMT_ABJ || fmt == FMT_AIJ || fmt == FMT_AKJ || fmt == FMT_ABJX) return (int16_t)in->c;
    *has = false;
    return 0;
}

/* Merges st into the entry state of leader pc, queuing it when that grew. */
static void flow_into(flow *F, uint32_t pc, const uint8_t *st)
{
    uint32_t n = F->bc->nslots;
    bool grew = false;
    if (!F->in[pc]) {
        if (!(F->in[pc] = mem_alloc(n ? n : 1))) {
            F->oom = true;
            return;
        }
        memcpy(F->in[pc], st, n);
        grew = true;
    } else {
        for (uint32_t s = 0; s < n; s++) {
            uint8_t m = F->in[pc][s] | st[s];
            if (m != F->in[pc][s]) {
                F->in[pc][s] = m;
                grew = true;
            }
        }
    }
    if (grew && !F->queued[pc]) {
        F->queued[pc] = 1;
        F->work[F->nwork++] = pc;
    }
}

/* Handlers of the try blocks holding pc get the state there (an exception may leave at pc). */
static void flow_to_handlers(flow *F, uint32_t pc, const uint8_t *st)
{
    for (uint32_t i = 0; i < F->bc->ntrys; i++) {
        const as_tryinfo *t = &F->bc->trys[i];
        if (pc >= t->start && pc < t->end) flow_into(F, t->handler, st);
    }
}

/* Object variables live at pc are released by the unwinder: a handle one can't hold a number. */
static bool check_live_objects(flow *F, const uint8_t *st, uint32_t pc)
{
    for (uint32_t i = 0; i < F->bc->nobjvars; i++) {
        const as_objvar *o = &F->bc->objvars[i];
        if (o->kind == OV_HANDLE && pc >= o->start && pc < o->end && (get(F, st, o->slot) & NUM))
            return refuse(F, pc, "an object variable that may hold a number", o->slot);
    }
    return true;
}

static bool run_block(flow *F, uint32_t start, uint8_t *st)
{
    const as_bytecode *bc = F->bc;
    for (uint32_t pc = start; pc < bc->ncode; pc++) {
        if (pc != start && F->leader[pc]) {
            flow_into(F, pc, st);
            return true;
        }
        const as_insn *in = &bc->code[pc];
        if (in->op == BC_EXT) continue;
        if (!check_live_objects(F, st, pc)) return false;
        flow_to_handlers(F, pc, st);
        if (!step(F, st, pc)) return false;
        flow_to_handlers(F, pc, st);
        bool has;
        int32_t off = jump_offset(in, &has);
        if (has) flow_into(F, (uint32_t)((int64_t)pc + 1 + off), st);
        if (in->op == BC_JUMPTABLE)
            for (uint32_t i = 1; i <= in->c; i++) flow_into(F, (uint32_t)((int64_t)pc + 1 + bc->consts[in->b + i].i32), st);
        if (ends_block(in->op)) return true;
    }
    return true;
}

static void mark_leaders(flow *F)
{
    const as_bytecode *bc = F->bc;
    F->leader[0] = 1;
    for (uint32_t i = 0; i < bc->ntrys; i++) F->leader[bc->trys[i].handler] = 1;
    for (uint32_t pc = 0; pc < bc->ncode; pc++) {
        const as_insn *in = &bc->code[pc];
        bool has;
        int32_t off = jump_offset(in, &has);
        if (has) F->leader[(int64_t)pc + 1 + off] = 1;
        if (in->op == BC_JUMPTABLE)
            for (uint32_t i = 1; i <= in->c; i++) F->leader[(int64_t)pc + 1 + bc->consts[in->b + i].i32] = 1;
        if (in->op == BC_ADDR && in->b < bc->nslots) {
            uint32_t span = 1;
            for (uint32_t i = 0; i < bc->nobjvars; i++)
                if (bc->objvars[i].slot == in->b && bc->objvars[i].kind == OV_VALUE) {
                    uint32_t n = (uint32_t)dtype_slots(&(as_dtype){bc->objvars[i].type, 0});
                    if (n > span) span = n;
                }
            for (uint32_t s = in->b; s < bc->nslots && s < in->b + span; s++) F->taken[s] = 1;
        }
    }
}

/* The entry state: arguments by their parameter types, everything else unknown bits. */
static void entry_state(const flow *F, uint8_t *st)
{
    const as_function *f = F->f;
    memset(st, ANY, F->bc->nslots);
    if (f->has_retloc) st[0] = PTR;
    if (function_takes_object(f)) st[f->this_slot] = PTR;
    for (int i = 0; f->param_slot && i < f->params.count; i++) {
        const as_param *p = &f->params.data[i];
        uint32_t s = f->param_slot[i];
        if ((f->attrs & FA_VARIADIC) && i == f->params.count - 1) break;
        if (p->type.type->kind == TYPE_VARTYPE) { st[s] = PTR | NUL; st[s + 1] = NUM; }
        else if (p->inout != INOUT_NONE) st[s] = PTR | NUL;
        else if (is_address_type(&p->type)) st[s] = PTR | NUL;
        else st[s] = NUM;
    }
}

bool bc_verify_flow(const as_function *f, char *why, size_t n)
{
    const as_bytecode *bc = &f->bc;
    flow F = {f, bc, NULL, NULL, NULL, NULL, 0, NULL, why, n, false};
    uint32_t ns = bc->nslots ? bc->nslots : 1;
    F.taken = mem_calloc(ns, 1);
    F.leader = mem_calloc(bc->ncode + 1, 1);
    F.queued = mem_calloc(bc->ncode + 1, 1);
    F.in = mem_calloc(bc->ncode + 1, sizeof *F.in);
    F.work = mem_calloc(bc->ncode + 1, sizeof *F.work);
    uint8_t *st = mem_alloc(ns);
    bool ok = F.taken && F.leader && F.queued && F.in && F.work && st;
    if (ok) {
        mark_leaders(&F);
        entry_state(&F, st);
        flow_into(&F, 0, st);
        while (ok && F.nwork && !F.oom) {
            uint32_t pc = F.work[--F.nwork];
            F.queued[pc] = 0;
            memcpy(st, F.in[pc], bc->nslots);
            ok = run_block(&F, pc, st);
        }
    }
    if (!F.taken || !F.leader || !F.queued || !F.in || !F.work || !st || F.oom) {
        snprintf(why, n, "out of memory checking the code");
        ok = false;
    }
    for (uint32_t pc = 0; F.in && pc <= bc->ncode; pc++) mem_free(F.in[pc]);
    mem_free(F.in);
    mem_free(F.taken);
    mem_free(F.leader);
    mem_free(F.queued);
    mem_free(F.work);
    mem_free(st);
    return ok;
}
