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
#define MIXED UINT32_MAX    /* fa / ct differing on the paths that meet */
#define MAX_TRACKED 4096u
/* fa of an address that is not the frame's: a string constant, a type or function constant */
#define FA_KSTRING 0x10001u
#define FA_KTYPE 0x10002u
#define FA_KFUNC 0x10003u
static bool frame_fa(uint32_t fa) { return fa && fa <= 0x10000u; }

/* What one slot may hold. fa: 0, or 1 + the frame slot it holds the address of (on every path);
 * ct: 0, or 1 + the index in flow.types of the value object constructed at this slot. */
typedef struct cell {
    uint8_t bits;
    uint32_t fa, ct;
} cell;

typedef struct flow {
    const as_function *f;
    const as_bytecode *bc;
    uint8_t *taken;      /* slot whose address an ADDR takes: what it holds is not followed */
    uint8_t *leader;     /* pc starting a block: a jump target, a handler, after a jump */
    cell **in;           /* the state on entry to each leader (NULL: not reached yet) */
    const as_type *types[MAX_TRACKED];  /* value types with a destructor built in the frame */
    uint32_t ntypes, maxspan;
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

static bool tracked(const as_type *t) { return t && type_is_value_type(t) && t->beh.destruct; }

static uint32_t span_of(const as_type *t)
{
    int n = dtype_slots(&(as_dtype){(as_type *)t, 0});
    return n > 0 ? (uint32_t)n : 1;
}

/* 1 + the index of tracked type t (0 if there is no room: then the load is refused). */
static uint32_t type_index(flow *F, const as_type *t)
{
    for (uint32_t i = 0; i < F->ntypes; i++)
        if (F->types[i] == t) return i + 1;
    if (F->ntypes >= MAX_TRACKED) return 0;
    F->types[F->ntypes++] = t;
    if (span_of(t) > F->maxspan) F->maxspan = span_of(t);
    return F->ntypes;
}

static uint8_t get(const flow *F, const cell *st, uint32_t s)
{
    if (s >= F->bc->nslots) return ANY;
    return F->taken[s] ? (PTR | NUL) : st[s].bits;
}

static uint32_t get_fa(const flow *F, const cell *st, uint32_t s)
{
    return s < F->bc->nslots ? st[s].fa : MIXED;
}

/* After a write through an address: a slot whose address was taken may have been written, so
 * the frame address it held is no longer known (used as an object's address, refused), and a
 * constant it held is now any address (trusted as memory is: see the head of the file). */
static void forget_taken(const flow *F, cell *st)
{
    for (uint32_t s = 0; s < F->bc->nslots; s++)
        if (F->taken[s] && st[s].fa) st[s].fa = frame_fa(st[s].fa) ? MIXED : 0;
}

/* The slot of the value object whose slots hold s, or UINT32_MAX. */
static uint32_t object_at(const flow *F, const cell *st, uint32_t s)
{
    for (uint32_t b = s + 1, n = 0; b-- > 0 && n < F->maxspan; n++) {
        uint32_t ct = st[b].ct;
        if (!ct) continue;
        uint32_t span = ct == MIXED ? F->maxspan : span_of(F->types[ct - 1]);
        if (s < b + span) return b;
    }
    return UINT32_MAX;
}

/* Writes v to slot s directly (false, refused, if a value object lives there). */
static bool put(flow *F, cell *st, uint32_t pc, uint32_t s, uint8_t v, uint32_t fa)
{
    if (s >= F->bc->nslots) return true;
    if (object_at(F, st, s) != UINT32_MAX) return refuse(F, pc, "a write over a value object", s);
    st[s].bits = v;
    st[s].fa = fa;
    return true;
}
#define set(F, st, s, v) do { if (!put((F), (st), pc, (s), (v), 0)) return false; } while (0)

/* An address the VM follows (null raises an exception there, or is allowed). */
static bool need_ptr(flow *F, const cell *st, uint32_t pc, uint32_t s)
{
    return !(get(F, st, s) & NUM) || refuse(F, pc, "a number used as an address", s);
}

/* An address the VM reads or writes memory through: not into a value object's slots. */
static bool need_mem(flow *F, const cell *st, uint32_t pc, uint32_t s)
{
    if (!need_ptr(F, st, pc, s)) return false;
    uint32_t fa = get_fa(F, st, s);
    if (fa == MIXED) {
        /* one of several slots (`(c ? a : b) = 5`): none may hold a value object */
        for (uint32_t x = 0; x < F->bc->nslots; x++)
            if (st[x].ct) return refuse(F, pc, "an address of different slots on different paths", s);
        return true;
    }
    if (fa > 0x10000u) return refuse(F, pc, "memory of a constant used directly", s);
    if (fa && object_at(F, st, fa - 1) != UINT32_MAX) return refuse(F, pc, "memory of a value object used directly", s);
    return true;
}

/* A handle or object address for type t (NULL: a function handle): a constant only of its kind. */
static bool need_handle(flow *F, const cell *st, uint32_t pc, uint32_t s, const as_type *t)
{
    if (!need_ptr(F, st, pc, s)) return false;
    uint32_t fa = get_fa(F, st, s);
    bool ok = fa == FA_KTYPE ? false
            : fa == FA_KFUNC ? !t || t->kind == TYPE_FUNCDEF
            : fa == FA_KSTRING ? t && t == F->f->module->engine->string_type : true;
    return ok || refuse(F, pc, "a constant of another kind used as an object", s);
}

/* An address a registered function follows without checking. */
static bool need_ref(flow *F, const cell *st, uint32_t pc, uint32_t s)
{
    uint8_t v = get(F, st, s);
    if (v & NUM) return refuse(F, pc, "a number used as an address", s);
    return v != NUL || refuse(F, pc, "a null reference passed to a registered function", s);
}

/* The address in s of a constructed value object of tracked type t. */
static bool need_object(flow *F, const cell *st, uint32_t pc, uint32_t s, const as_type *t)
{
    uint32_t fa = get_fa(F, st, s);
    if (fa == MIXED) return refuse(F, pc, "an address of different slots on different paths", s);
    if (!fa) return true;   /* not a frame address: trusted (see the head of the file) */
    if (fa == FA_KSTRING) {
        if (t == F->f->module->engine->string_type) return true;
        return refuse(F, pc, "a string constant passed as another type", s);
    }
    if (fa > 0x10000u) return refuse(F, pc, "a type or function constant passed as an object", s);
    uint32_t ti = type_index(F, t);
    if (!ti || st[fa - 1].ct != ti) return refuse(F, pc, "no value object of the type there", fa - 1);
    return true;
}

/* The address in s of frame room where a value object of tracked type t is to be built;
 * returns the slot (UINT32_MAX: not a frame address) in *at. */
static bool need_room(flow *F, const cell *st, uint32_t pc, uint32_t s, const as_type *t, uint32_t *at)
{
    uint32_t fa = get_fa(F, st, s);
    *at = UINT32_MAX;
    if (fa == MIXED) return refuse(F, pc, "an address of different slots on different paths", s);
    if (!fa) return true;
    if (!frame_fa(fa)) return refuse(F, pc, "a value object built over a constant", s);
    uint32_t b = fa - 1, span = span_of(t);
    if ((uint64_t)b + span > F->bc->nslots) return refuse(F, pc, "a value object outside the frame", b);
    for (uint32_t x = b; x < b + span; x++)
        if (object_at(F, st, x) != UINT32_MAX) return refuse(F, pc, "a value object built over another", b);
    if (!type_index(F, t)) return refuse(F, pc, "too many value types", b);
    *at = b;
    return true;
}

/* A reference in s to room of `slots` slots written by a callee (an out value, a primitive's
 * reference, a plain value returned): if in the frame, inside it and clear of value objects. */
static bool need_clear_room(flow *F, const cell *st, uint32_t pc, uint32_t s, uint32_t slots)
{
    uint32_t fa = get_fa(F, st, s);
    if (!frame_fa(fa)) return true;
    uint32_t b = fa - 1;
    if ((uint64_t)b + slots > F->bc->nslots) return refuse(F, pc, "a reference past the frame", b);
    for (uint32_t x = b; x < b + slots; x++)
        if (object_at(F, st, x) != UINT32_MAX) return refuse(F, pc, "a reference into a value object", b);
    return true;
}

static bool is_address_type(const as_dtype *d)
{
    return (d->flags & (DT_HANDLE | DT_REF)) || d->type->kind == TYPE_OBJECT || d->type->kind == TYPE_FUNCDEF;
}

/* A parameter or object passed as the address of a value object (not a handle). */
static bool by_address_of_value(const as_dtype *d) { return !(d->flags & DT_HANDLE) && tracked(d->type); }

/* The argument slots of a call to callee laid out at slot a; *room gets where it builds a
 * value object (its return location, or the object of a constructor), UINT32_MAX if nowhere. */
static bool check_args(flow *F, const cell *st, uint32_t pc, uint32_t a, const as_function *callee, bool native, uint32_t *room)
{
    bool (*need)(flow *, const cell *, uint32_t, uint32_t) = native ? need_ref : need_ptr;
    *room = UINT32_MAX;
    if (callee->has_retloc) {
        if (!need_ref(F, st, pc, a)) return false;
        if (tracked(callee->ret.type) && !need_room(F, st, pc, a, callee->ret.type, room)) return false;
        if (!tracked(callee->ret.type) && !need_clear_room(F, st, pc, a, span_of(callee->ret.type))) return false;
    }
    if (function_takes_object(callee)) {
        uint32_t s = a + callee->this_slot;
        if (!need(F, st, pc, s) || !need_handle(F, st, pc, s, callee->objtype)) return false;
        if (tracked(callee->objtype)) {
            if (callee->attrs & FA_CONSTRUCTOR) {
                if (!need_room(F, st, pc, s, callee->objtype, room)) return false;
            } else if (!need_object(F, st, pc, s, callee->objtype)) {
                return false;
            }
        }
    }
    if (!callee->param_slot) return true;
    for (int i = 0; i < callee->params.count; i++) {
        const as_param *p = &callee->params.data[i];
        uint32_t s = a + callee->param_slot[i];
        if ((callee->attrs & FA_VARIADIC) && i == callee->params.count - 1) break;
        if (p->type.type->kind == TYPE_VARTYPE) {
            if (!need_ptr(F, st, pc, s)) return false;
        } else if (p->inout != INOUT_NONE) {
            if (!need(F, st, pc, s)) return false;
            if (!by_address_of_value(&p->type) && !need_clear_room(F, st, pc, s, span_of(p->type.type))) return false;
        } else if (is_address_type(&p->type)) {
            if (!need_handle(F, st, pc, s, p->type.type)) return false;
        }
        if ((p->inout != INOUT_NONE || native) && by_address_of_value(&p->type) && !need_object(F, st, pc, s, p->type.type))
            return false;
    }
    return true;
}

/* What a call leaves in its slot a (0: nothing, a void call). */
static uint8_t result_of(const as_function *callee)
{
    if (callee->has_retloc || is_address_type(&callee->ret)) return PTR | NUL;
    if (callee->ret.type->kind == TYPE_PRIMITIVE && callee->ret.type->prim == AS_TYPEID_VOID) return 0;
    return NUM;
}

static const as_function *kfunc(const flow *F, uint32_t k) { return F->bc->consts[k].cp; }

/* Checks instruction pc against the state st and applies its effect to st. */
static bool step(flow *F, cell *st, uint32_t pc)
{
    const as_bytecode *bc = F->bc;
    const as_insn *in = &bc->code[pc];
    unsigned op = in->op, fmt = as_opcode_formats[op];
    uint32_t A = in->a, B = in->b;
    switch (op) {
    case BC_NOP: case BC_RET: case BC_SUSPEND: case BC_JMP: case BC_EXT: case BC_JUMPTABLE:
    case BC_JT: case BC_JF: case BC_JNULL: case BC_JNNULL: case BC_CHKNULL:
        return true;
    case BC_MOV: return put(F, st, pc, A, get(F, st, B), get_fa(F, st, B));
    case BC_LI: set(F, st, A, in->sbx ? NUM : NUL); return true;
    case BC_LK: {
        unsigned kind = bc->kinds[B];
        uint32_t fa = kind == K_STRING ? FA_KSTRING : kind == K_TYPE ? FA_KTYPE : kind == K_FUNC ? FA_KFUNC : 0;
        return put(F, st, pc, A, kind == K_RAW ? (bc->consts[B].u64 ? NUM : NUL) : kind == K_TYPEID ? NUM : PTR, fa);
    }
    case BC_CLR: set(F, st, A, NUL); return true;
    case BC_ADDR: return put(F, st, pc, A, PTR, B + 1);
    case BC_KADDR: set(F, st, A, PTR); return true;
    case BC_RETV:
        if (is_address_type(&F->f->ret) || F->f->has_retloc) return need_ptr(F, st, pc, A);
        return true;
    case BC_LD8: case BC_LDU8: case BC_LD16: case BC_LDU16: case BC_LD32:
        if (!need_mem(F, st, pc, B)) return false;
        set(F, st, A, NUM);
        return true;
    case BC_LD64:
        if (!need_mem(F, st, pc, B)) return false;
        set(F, st, A, PTR | NUL);   /* trusted: see the head of the file */
        return true;
    case BC_ST8: case BC_ST16: case BC_ST32: case BC_ST64:
        if (!need_mem(F, st, pc, B)) return false;
        forget_taken(F, st);
        return true;
    case BC_PADD:
        if (!need_mem(F, st, pc, B)) return false;
        set(F, st, A, PTR);
        return true;
    case BC_MEMCPY:
        if (!need_mem(F, st, pc, A) || !need_mem(F, st, pc, B)) return false;
        forget_taken(F, st);
        return true;
    case BC_AIDX1: case BC_AIDX2: case BC_AIDX4: case BC_AIDX8:
        if (!need_mem(F, st, pc, B)) return false;
        set(F, st, A, PTR);
        return true;
    case BC_AIDXP: case BC_AGET64:
        if (!need_mem(F, st, pc, B)) return false;
        set(F, st, A, PTR | NUL);
        return true;
    case BC_ALEN: case BC_AGET8: case BC_AGETU8: case BC_AGET16: case BC_AGETU16: case BC_AGET32:
        if (!need_mem(F, st, pc, B)) return false;
        set(F, st, A, NUM);
        return true;
    case BC_JLTLEN_U:
        return need_mem(F, st, pc, B);
    case BC_ASET8: case BC_ASET16: case BC_ASET32: case BC_ASET64:
        if (!need_mem(F, st, pc, B)) return false;
        forget_taken(F, st);
        return true;
    case BC_INCJLTLEN_U:
        if (!need_mem(F, st, pc, B)) return false;
        set(F, st, A, NUM);
        return true;
    case BC_LDG64: {
        const as_global *g = NULL;
        for (int i = 0; i < F->f->module->globals.count && !g; i++)
            if (F->f->module->globals.data[i]->addr == bc->consts[B].cp) g = F->f->module->globals.data[i];
        set(F, st, A, g && !is_address_type(&g->type) ? NUM : (PTR | NUL));
        return true;
    }
    case BC_CALL: case BC_CALLN: case BC_CALLV: case BC_CALLSYS: case BC_CALLSYSN: BC_CALL_OP_CASES: {
        const as_function *callee = kfunc(F, B);
        bool native = op == BC_CALLSYS || op == BC_CALLSYSN || bc_is_call_op(op) || (op == BC_CALLV && callee->kind == FN_SYSTEM);
        uint32_t room;
        if (!check_args(F, st, pc, A, callee, native, &room)) return false;
        forget_taken(F, st);
        uint8_t r = result_of(callee);
        if (r) set(F, st, A, r);
        if (room != UINT32_MAX) st[room].ct = type_index(F, (callee->attrs & FA_CONSTRUCTOR) ? callee->objtype : callee->ret.type);
        return true;
    }
    case BC_CALLPTR:
        if (!need_handle(F, st, pc, B, NULL)) return false;
    {
        /* the funcdef is not known here: a value it returns is built where the object variable
         * starting just after the call says (trusted: see the head of the file) */
        uint32_t fa = get_fa(F, st, A), room = UINT32_MAX;
        const as_type *t = NULL;
        for (uint32_t i = 0; frame_fa(fa) && i < bc->nobjvars && !t; i++) {
            const as_objvar *o = &bc->objvars[i];
            if (o->slot == fa - 1 && o->kind == OV_VALUE && o->start > pc && o->start <= pc + 4 && tracked(o->type)) t = o->type;
        }
        if (t && !need_room(F, st, pc, A, t, &room)) return false;
        /* a delegate moves the arguments along */
        for (uint32_t s = A + 1; s < bc->nslots; s++) {
            if (object_at(F, st, s) != UINT32_MAX) continue;
            st[s].bits = ANY;
            st[s].fa = 0;
        }
        forget_taken(F, st);
        set(F, st, A, PTR | NUL);   /* trusted: see the head of the file */
        if (room != UINT32_MAX) st[room].ct = type_index(F, t);
        return true;
    }
    case BC_ADDREF:
        return need_handle(F, st, pc, A, bc->consts[B].cp);
    case BC_FREE:
        if (!need_handle(F, st, pc, A, bc->consts[B].cp)) return false;
        set(F, st, A, NUL);
        return true;
    case BC_HSET:
        if (!need_handle(F, st, pc, A, bc->consts[in->c].cp) || !need_handle(F, st, pc, B, bc->consts[in->c].cp)) return false;
        return put(F, st, pc, A, get(F, st, B), get_fa(F, st, B));
    case BC_HSETM:
        if (!need_mem(F, st, pc, A) || !need_handle(F, st, pc, B, bc->consts[in->c].cp)) return false;
        forget_taken(F, st);
        return true;
    case BC_DESTROY: {
        const as_type *t = bc->consts[B].cp;
        if (!tracked(t)) return true;
        uint32_t ti = type_index(F, t);
        if (!ti || st[A].ct != ti) return refuse(F, pc, "no value object of the type to destroy", A);
        st[A].ct = 0;
        return true;
    }
    case BC_NEWOBJ: set(F, st, A, PTR); return true;
    case BC_CAST:
        if (!need_handle(F, st, pc, B, bc->consts[in->c].cp)) return false;
        set(F, st, A, PTR | NUL);
        return true;
    case BC_DELEGATE:
        if (!need_handle(F, st, pc, B, kfunc(F, in->c)->objtype)) return false;
        set(F, st, A, PTR);
        return true;
    case BC_SAMETYPE:
        return need_handle(F, st, pc, A, NULL) && need_handle(F, st, pc, B, NULL) &&
               (get_fa(F, st, A) != FA_KFUNC || refuse(F, pc, "a function as an object", A)) &&
               (get_fa(F, st, B) != FA_KFUNC || refuse(F, pc, "a function as an object", B));
    default:
        break;
    }
    /* the rest compute numbers into a (conditional jumps compute nothing) */
    if (fmt == FMT_ABJ || fmt == FMT_AIJ || fmt == FMT_AKJ) {
        if (op >= BC_INCJLT_I && op <= BC_INCJLEC_I) set(F, st, A, NUM);
        return true;
    }
    if (fmt == FMT_AB || fmt == FMT_ABC || fmt == FMT_ABI || fmt == FMT_AI || fmt == FMT_AK || fmt == FMT_ABK) set(F, st, A, NUM);
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

static uint32_t meet(uint32_t a, uint32_t b) { return a == b ? a : MIXED; }

/* Merges st into the entry state of leader pc, queuing it when that grew. */
static void flow_into(flow *F, uint32_t pc, const cell *st)
{
    uint32_t n = F->bc->nslots;
    bool grew = false;
    if (!F->in[pc]) {
        if (!(F->in[pc] = mem_alloc((n ? n : 1) * sizeof(cell)))) {
            F->oom = true;
            return;
        }
        memcpy(F->in[pc], st, n * sizeof(cell));
        grew = true;
    } else {
        for (uint32_t s = 0; s < n; s++) {
            cell *c = &F->in[pc][s];
            cell m = {(uint8_t)(c->bits | st[s].bits), meet(c->fa, st[s].fa), meet(c->ct, st[s].ct)};
            if (m.bits != c->bits || m.fa != c->fa || m.ct != c->ct) {
                *c = m;
                grew = true;
            }
        }
    }
    if (grew && !F->queued[pc]) {
        F->queued[pc] = 1;
        F->work[F->nwork++] = pc;
    }
}

/* Whether the VM may leave op by an exception or an abort, unwinding the frame there (the
 * compiler's object variables stay live past their scope's end, where nothing can raise). */
static bool may_raise(unsigned op)
{
    switch (op) {
    case BC_NOP: case BC_MOV: case BC_LI: case BC_LK: case BC_CLR: case BC_ADDR: case BC_KADDR:
    case BC_RET: case BC_RETV: case BC_FREE: case BC_DESTROY: case BC_ADDREF: case BC_HSET: case BC_EXT:
        return false;
    default:
        return true;
    }
}

static bool live_at(const as_objvar *o, uint32_t pc) { return pc >= o->start && pc < o->end; }

/* An exception at pc (if the instruction there may raise) goes to the handler of each try
 * block holding pc, with the object variables live at pc and not at the handler released
 * or destroyed by the unwinder (vm.c, release_frame_objects). */
static void flow_to_handlers(flow *F, uint32_t pc, const cell *st, cell *tmp)
{
    if (!may_raise(F->bc->code[pc].op)) return;
    for (uint32_t i = 0; i < F->bc->ntrys; i++) {
        const as_tryinfo *t = &F->bc->trys[i];
        if (pc < t->start || pc >= t->end) continue;
        memcpy(tmp, st, F->bc->nslots * sizeof(cell));
        for (uint32_t j = 0; j < F->bc->nobjvars; j++) {
            const as_objvar *o = &F->bc->objvars[j];
            if (!live_at(o, pc) || live_at(o, t->handler) || o->slot >= F->bc->nslots) continue;
            if (o->kind == OV_HANDLE) tmp[o->slot].bits = NUL;
            else tmp[o->slot].ct = 0;
        }
        flow_into(F, t->handler, tmp);
    }
}

/* Object variables live at pc are released or destroyed by the unwinder: a handle one can't
 * hold a number, a value one is constructed, of its type. */
static bool check_live_objects(flow *F, const cell *st, uint32_t pc)
{
    if (!may_raise(F->bc->code[pc].op)) return true;
    for (uint32_t i = 0; i < F->bc->nobjvars; i++) {
        const as_objvar *o = &F->bc->objvars[i];
        if (pc < o->start || pc >= o->end) continue;
        if (o->kind == OV_HANDLE && (get(F, st, o->slot) & NUM))
            return refuse(F, pc, "an object variable that may hold a number", o->slot);
        if (o->kind == OV_VALUE && tracked(o->type)) {
            uint32_t ti = type_index(F, o->type);
            if (!ti || st[o->slot].ct != ti) return refuse(F, pc, "an object variable not constructed there", o->slot);
        }
    }
    return true;
}

static bool run_block(flow *F, uint32_t start, cell *st, cell *tmp)
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
        flow_to_handlers(F, pc, st, tmp);
        if (!step(F, st, pc)) return false;
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
static void entry_state(const flow *F, cell *st)
{
    const as_function *f = F->f;
    for (uint32_t s = 0; s < F->bc->nslots; s++) st[s] = (cell){ANY, 0, 0};
    if (f->has_retloc) st[0].bits = PTR;
    if (function_takes_object(f)) st[f->this_slot].bits = PTR;
    for (int i = 0; f->param_slot && i < f->params.count; i++) {
        const as_param *p = &f->params.data[i];
        uint32_t s = f->param_slot[i];
        if ((f->attrs & FA_VARIADIC) && i == f->params.count - 1) break;
        if (p->type.type->kind == TYPE_VARTYPE) { st[s].bits = PTR | NUL; st[s + 1].bits = NUM; }
        else if (p->inout != INOUT_NONE) st[s].bits = PTR | NUL;
        else if (is_address_type(&p->type)) st[s].bits = PTR | NUL;
        else st[s].bits = NUM;
    }
}

bool bc_verify_flow(const as_function *f, char *why, size_t n)
{
    const as_bytecode *bc = &f->bc;
    flow *Fp = mem_calloc(1, sizeof *Fp);
    if (!Fp) {
        snprintf(why, n, "out of memory checking the code");
        return false;
    }
    flow F_ = {.f = f, .bc = bc, .why = why, .n = n};
    *Fp = F_;
#define F (*Fp)
    uint32_t ns = bc->nslots ? bc->nslots : 1;
    F.taken = mem_calloc(ns, 1);
    F.leader = mem_calloc(bc->ncode + 1, 1);
    F.queued = mem_calloc(bc->ncode + 1, 1);
    F.in = mem_calloc(bc->ncode + 1, sizeof *F.in);
    F.work = mem_calloc(bc->ncode + 1, sizeof *F.work);
    cell *st = mem_alloc(ns * sizeof(cell)), *tmp = mem_alloc(ns * sizeof(cell));
    bool ok = F.taken && F.leader && F.queued && F.in && F.work && st && tmp;
    if (ok) {
        mark_leaders(&F);
        entry_state(&F, st);
        flow_into(&F, 0, st);
        while (ok && F.nwork && !F.oom) {
            uint32_t pc = F.work[--F.nwork];
            F.queued[pc] = 0;
            memcpy(st, F.in[pc], bc->nslots * sizeof(cell));
            ok = run_block(&F, pc, st, tmp);
        }
    }
    if (!F.taken || !F.leader || !F.queued || !F.in || !F.work || !st || !tmp || F.oom) {
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
    mem_free(tmp);
#undef F
    mem_free(Fp);
    return ok;
}
