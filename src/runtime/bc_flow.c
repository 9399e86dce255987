/* What the slots of loaded bytecode may hold, instruction by instruction (issue 32): a forward
 * data-flow over the code, try handlers included, with three bits per slot: NUM (bits made by
 * arithmetic, a number constant, a comparison, a load of numbers, a call returning a primitive,
 * or never written: the VM does not clear frames), PTR (an address) and NUL (a cleared slot, a
 * zero), and for an address what it points to (bc_types.h: an object of type T, a handle of
 * type T, a function, n bytes of numbers; a frame address's is read from the frame's state).
 *
 * Every operand the VM dereferences must not be able to hold a NUM, and must point to what the
 * instruction uses it as: a call's object and arguments fit the declared types (a class may
 * stand for its base), a load or store at an offset hits a member of the object's type (its
 * declared type is what a 64-bit load reads; a handle member is stored only with a handle of its
 * type), an element instruction's container is of the type its layout names (an element reads
 * as the subtype), a call through a handle uses its funcdef's signature, a cast reads a script
 * object, a release or count names the type of the handle. A registered function's object,
 * return location and reference arguments must not be known to be null (the host's functions do
 * not check). So neither a number nor an object of another type can become what is followed.
 *
 * Slots whose address is taken (ADDR) are followed too: stores through a frame address write the
 * slots they cover (8 bytes stored across two slots, a list buffer's elements, are kept beside
 * them), a handle variable's address (an object variable live there) is written only with a
 * handle of its type, and a write through an address made from a frame address by an offset
 * leaves every taken slot holding bits that are not followed.
 *
 * What this does not prove: that reference counts balance (a handle stored without HSET, a FREE
 * too many, release a live object: the compiler's counting is trusted), that a list factory's
 * buffer holds what its pattern says, that an address taken while one object variable lived at a
 * slot is not used after another took the slot, and that a host function keeps no reference it is
 * given past the call. */
#include "bc_types.h"
#include "util/mem.h"
#include <stdio.h>
#include <string.h>

enum { NUM = 1, PTR = 2, NUL = 4, ANY = NUM | PTR | NUL,
       FRM = 8 /* with PTR: an address made from a frame address (an offset from it, one stored) */ };
#define MIXED UINT32_MAX    /* fa / ct differing on the paths that meet */
#define MAX_TRACKED 4096u
#define KC_IMM 0x80000000u  /* cell.kc: a small immediate (LI), in the low bits */
/* fa of an address that is not the frame's: a string constant, a type or function constant */
#define FA_KSTRING 0x10001u
#define FA_KTYPE 0x10002u
#define FA_KFUNC 0x10003u
#define FA_RETLOC 0x10004u  /* the return location a function with one is given */
/* A state: the slots, then what is stored across each two (8 bytes from the middle of one),
 * then whether the value to return has been built. */
#define NCELLS(bc) (2 * (bc)->nslots + 1)
static bool frame_fa(uint32_t fa) { return fa && fa <= 0x10000u; }

/* What one slot may hold. fa: 0, or 1 + the frame slot it holds the address of (on every path);
 * ct: 0, or 1 + the index in flow.types of the value object constructed at this slot. */
typedef struct cell {
    uint8_t bits;
    uint32_t fa, ct;
    bc_term ty;     /* what an address held points to (bc_types.h), for a non-frame address */
    uint32_t kc;    /* 1 + the type or type id constant it holds (LK), else 0 */
} cell;

typedef struct flow {
    const as_function *f;
    const as_bytecode *bc;
    uint8_t *taken;      /* slot whose address an ADDR takes: what it holds is not followed */
    uint32_t pc;         /* the instruction being checked (for decl_at) */
    uint32_t bound;      /* 1 while checking a call through a delegate: its object is not passed */
    bool nullchk;        /* checking CALLN or CALLSYSN: the VM raises on a null object */
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
    return s < F->bc->nslots ? st[s].bits : ANY;
}

static uint32_t get_fa(const flow *F, const cell *st, uint32_t s)
{
    return s < F->bc->nslots ? st[s].fa : MIXED;
}

static uint32_t object_at(const flow *F, const cell *st, uint32_t s);

/* The type of the handle object variable live at slot s at the instruction being checked, or
 * NULL: a slot whose address is taken then holds a handle of that type, whoever writes it. */
static const as_type *decl_at(const flow *F, uint32_t s)
{
    if (s >= F->bc->nslots || !F->taken[s]) return NULL;
    for (uint32_t i = 0; i < F->bc->nobjvars; i++) {
        const as_objvar *o = &F->bc->objvars[i];
        if (o->slot == s && o->kind == OV_HANDLE && F->pc >= o->start && F->pc < o->end) return o->type;
    }
    return NULL;
}

/* What the address of frame slot b points to now: the value object built there, the handle
 * variable of a declared type, or the bytes of the plain slots from b (taken ones, none of them
 * a handle variable or part of a value object). */
static bc_term frame_term(const flow *F, const cell *st, uint32_t b)
{
    uint32_t o = object_at(F, st, b);
    if (o != UINT32_MAX) return o == b && st[o].ct != MIXED ? term_obj(F->types[st[o].ct - 1]) : TERM_NONE;
    if (decl_at(F, b)) return term_href(decl_at(F, b));
    uint32_t e = b;
    while (e < F->bc->nslots && F->taken[e] && !decl_at(F, e) && object_at(F, st, e) == UINT32_MAX) e++;
    return term_raw((e - b) * 8);
}

/* What the address in slot s points to (TERM_NONE: nothing known, not to be followed). */
static bc_term get_term(const flow *F, const cell *st, uint32_t s)
{
    if (s >= F->bc->nslots) return TERM_NONE;
    if (frame_fa(st[s].fa)) return frame_term(F, st, st[s].fa - 1);
    return st[s].ty;
}

/* What is stored across slots b and b + 1 (8 bytes from the middle of b: a list buffer's
 * elements after its 32-bit count), kept after the slots. */
static cell *across(const flow *F, cell *st, uint32_t b) { return &st[F->bc->nslots + b]; }

/* Whether the value to return has been built (a state's last cell). */
static cell *built(const flow *F, cell *st) { return &st[2 * F->bc->nslots]; }

/* Whether f must build its return value in its return location before it returns (a value
 * type with a destructor, or not plain data: the caller then uses it as an object). */
static bool needs_building(const as_function *f)
{
    const as_type *t = f->ret.type;
    return f->has_retloc && t && t->kind == TYPE_OBJECT && (t->beh.destruct || !(t->flags & AS_OBJ_POD));
}

/* Slot s written: what was stored across it is gone. */
static void clear_across(const flow *F, cell *st, uint32_t s)
{
    *across(F, st, s) = (cell){NUM, 0, 0, TERM_NONE, 0};
    if (s) *across(F, st, s - 1) = (cell){NUM, 0, 0, TERM_NONE, 0};
}

/* After a write through an address: a slot whose address was taken may have been written
 * through it, a handle variable with a handle of its type (the stores check), any other slot
 * with bits that are not followed (an address there is no longer known; a frame address it
 * held is no longer known either: used as an object's address, refused). */
static void forget_taken(const flow *F, cell *st)
{
    for (uint32_t s = 0; s < F->bc->nslots; s++) {
        if (!F->taken[s]) continue;
        cell *c = &st[s];
        const as_type *d = decl_at(F, s);
        if (d) {
            c->ty = (c->bits & PTR) ? term_meet(c->ty, term_obj(d)) : term_obj(d);
            c->bits |= PTR | NUL;
        } else {
            c->bits |= NUM;
        }
        if (c->fa) c->fa = frame_fa(c->fa) ? MIXED : 0;
        clear_across(F, st, s);
    }
}

/* Memory behind the address in slot s may have been written: the plain slots it points to (a
 * frame address), or any taken slot (an address made from one). A handle variable's address
 * is written only with a handle of its type (the writers check), so it stays what it was. */
static void written_through(const flow *F, cell *st, uint32_t s)
{
    if (s >= F->bc->nslots) return;
    uint32_t fa = st[s].fa;
    if ((st[s].bits & FRM) || fa == MIXED) {
        forget_taken(F, st);
        return;
    }
    if (!frame_fa(fa)) return;
    bc_term x = frame_term(F, st, fa - 1);
    if (term_is(x, TT_HREF)) {
        cell *c = &st[fa - 1];
        c->ty = (c->bits & PTR) ? term_meet(c->ty, term_obj(term_type(x))) : term_obj(term_type(x));
        c->bits |= PTR | NUL;
        return;
    }
    if (!term_is(x, TT_RAW)) return;
    for (uint32_t b = fa - 1; b < fa - 1 + term_bytes(x) / 8; b++) {
        st[b] = (cell){(uint8_t)(st[b].bits | NUM), 0, 0, TERM_NONE, 0};
        clear_across(F, st, b);
    }
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

/* Writes v (pointing to ty) to slot s directly (false, refused, if a value object lives there or
 * s is a handle variable whose address is taken and v is not a handle of its type). */
static bool put_t(flow *F, cell *st, uint32_t pc, uint32_t s, uint8_t v, uint32_t fa, bc_term ty)
{
    if (s >= F->bc->nslots) return true;
    if (object_at(F, st, s) != UINT32_MAX) return refuse(F, pc, "a write over a value object", s);
    const as_type *d = decl_at(F, s);
    if (d && ((v & NUM) || ((v & PTR) && !term_fits(ty, d))))
        return refuse(F, pc, "a write of another type into a handle whose address is taken", s);
    st[s].bits = v;
    st[s].fa = fa;
    st[s].ty = (v & PTR) ? ty : TERM_NONE;
    st[s].kc = 0;
    clear_across(F, st, s);
    return true;
}
static bool put(flow *F, cell *st, uint32_t pc, uint32_t s, uint8_t v, uint32_t fa)
{
    return put_t(F, st, pc, s, v, fa, TERM_NONE);
}
#define set(F, st, s, v) do { if (!put((F), (st), pc, (s), (v), 0)) return false; } while (0)
#define set_t(F, st, s, v, t) do { if (!put_t((F), (st), pc, (s), (v), 0, (t))) return false; } while (0)

/* A slot's value copied to another (MOV, HSET): its bits, frame address and type. */
static bool copy_slot(flow *F, cell *st, uint32_t pc, uint32_t a, uint32_t b)
{
    uint32_t fa = b < F->bc->nslots && !F->taken[b] ? get_fa(F, st, b) : 0;
    uint32_t kc = b < F->bc->nslots ? st[b].kc : 0;
    if (!put_t(F, st, pc, a, get(F, st, b), fa, frame_fa(fa) ? TERM_NONE : get_term(F, st, b))) return false;
    if (a < F->bc->nslots) st[a].kc = kc;
    return true;
}

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
    if (fa > 0x10000u && fa != FA_RETLOC) return refuse(F, pc, "memory of a constant used directly", s);
    if (fa && object_at(F, st, fa - 1) != UINT32_MAX) return refuse(F, pc, "memory of a value object used directly", s);
    return true;
}

/* A handle or object address for type t: null, or an object of t (a class deriving from it, a
 * function of its signature for a funcdef). */
static bool need_handle(flow *F, const cell *st, uint32_t pc, uint32_t s, const as_type *t)
{
    if (!need_ptr(F, st, pc, s)) return false;
    if (!(get(F, st, s) & PTR)) return true;
    bc_term x = get_term(F, st, s);
    if (term_fits(x, t)) return true;
    if (get_fa(F, st, s) > 0x10000u && get_fa(F, st, s) != MIXED) return refuse(F, pc, "a constant of another kind used as an object", s);
    return refuse(F, pc, x == TERM_NONE ? "an address of unknown type used as an object" : "an object of another type", s);
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
    if (fa == FA_KSTRING && t != F->f->module->engine->string_type) return refuse(F, pc, "a string constant passed as another type", s);
    if (fa > 0x10000u && fa != FA_KSTRING && fa != FA_RETLOC) return refuse(F, pc, "a type or function constant passed as an object", s);
    if (!frame_fa(fa)) return !(get(F, st, s) & PTR) || term_fits(get_term(F, st, s), t) || refuse(F, pc, "no value object of the type there", s);
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
    if (fa == FA_RETLOC) return true;
    if (!fa) {
        bc_term x = get_term(F, st, s);
        /* room of numbers, or a global's storage of the type (its initialiser builds it) */
        return !(get(F, st, s) & PTR) || (term_is(x, TT_RAW) && term_bytes(x) >= (uint32_t)t->size) || x == term_obj(t) ||
               refuse(F, pc, "a value object built over memory of another kind", s);
    }
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

/* A reference argument in s to what a parameter of type d refers to: an object of its type, a
 * handle of exactly its type (the callee may write one), or room for its number's bytes. */
/* The plain frame slot (not a handle variable or a value object) whose address s holds, with
 * room for 8 bytes, or UINT32_MAX. */
static uint32_t plain_frame_slot(const flow *F, const cell *st, uint32_t s)
{
    uint32_t fa = get_fa(F, st, s);
    bc_term x = get_term(F, st, s);
    return frame_fa(fa) && term_is(x, TT_RAW) && term_bytes(x) >= 8 ? fa - 1 : UINT32_MAX;
}

/* A reference in s to a handle of type t that the callee reads (in), writes (out) or both:
 * the address of a handle whose type fits that way, or of a plain slot (holding a handle of
 * t, unless written only; after the call it holds one: call_writes). */
static bool need_handle_ref(flow *F, const cell *st, uint32_t pc, uint32_t s, const as_type *t, unsigned inout)
{
    bc_term x = get_term(F, st, s);
    if (term_is(x, TT_HREF)) {
        const as_type *h = term_type(x);
        bool ok = inout == INOUT_IN ? type_fits(h, t) : inout == INOUT_OUT ? type_fits(t, h) : h == t;
        return ok || refuse(F, pc, "a reference to a handle of another type", s);
    }
    uint32_t slot = plain_frame_slot(F, st, s);
    if (slot != UINT32_MAX) {
        uint8_t v = get(F, st, slot);
        if (inout == INOUT_OUT || (!(v & NUM) && (!(v & PTR) || term_fits(get_term(F, st, slot), t)))) return true;
    }
    return refuse(F, pc, "a reference to a handle of another type", s);
}

static bool need_ref_to(flow *F, const cell *st, uint32_t pc, uint32_t s, const as_dtype *d, unsigned inout)
{
    if (!(get(F, st, s) & PTR)) return true;
    bc_term x = get_term(F, st, s), want = term_of_dtype(&(as_dtype){d->type, (uint8_t)(d->flags | DT_REF)});
    if (term_is(want, TT_OBJ)) return term_fits(x, d->type) || refuse(F, pc, "a reference to another type", s);
    if (term_is(want, TT_HREF)) return need_handle_ref(F, st, pc, s, d->type, inout);
    if (term_is(x, TT_RAW) && term_bytes(x) >= term_bytes(want)) return true;
    return refuse(F, pc, "a reference to a number in memory of another kind", s);
}

/* The hidden first argument of a template factory: the type constant of its instance. */
static bool need_type_const(flow *F, const cell *st, uint32_t pc, uint32_t s, const as_function *callee)
{
    uint32_t k = st[s].kc;
    const as_type *inst = callee->objtype ? callee->objtype : callee->ret.type;
    if (!k || F->bc->kinds[k - 1] != K_TYPE || F->bc->consts[k - 1].cp != inst)
        return refuse(F, pc, "not the type of the template instance made", s);
    return true;
}

/* The type id slot s holds, known: a type id constant or a small immediate (a primitive's). */
static bool type_id_in(const flow *F, const cell *st, uint32_t s, int *id)
{
    uint32_t k = s < F->bc->nslots ? st[s].kc : 0;
    if (k & KC_IMM) *id = (int)(k & ~KC_IMM);
    else if (k && F->bc->kinds[k - 1] == K_TYPEID) *id = F->bc->consts[k - 1].i32;
    else return false;
    return true;
}

/* The type a type id names (a handle's: its object type), or NULL. */
static const as_type *var_type(const flow *F, int id)
{
    int base = id & ~(AS_TYPEID_OBJHANDLE | AS_TYPEID_HANDLETOCONST);
    as_engine *e = F->f->module->engine;
    return base <= AS_TYPEID_DOUBLE ? engine_prim(e, base) : as_engine_type_by_id(e, base);
}

/* A `?` argument: an address, then the type id of what it points to (a constant), which must be
 * what the address is known to point to. */
static bool need_var_arg(flow *F, const cell *st, uint32_t pc, uint32_t s, const as_param *p)
{
    int id;
    if (s + 1 < F->bc->nslots && get(F, st, s + 1) == NUL) return true;   /* type id 0: null */
    if (!type_id_in(F, st, s + 1, &id)) return refuse(F, pc, "a variable type argument without its type id", s);
    if (!(get(F, st, s) & PTR)) return true;
    const as_type *t = var_type(F, id);
    bc_term x = get_term(F, st, s);
    bool ok;
    if (!t) ok = false;
    else if (t->kind != TYPE_OBJECT && t->kind != TYPE_FUNCDEF) ok = term_is(x, TT_RAW) && term_bytes(x) >= (t->kind == TYPE_ENUM ? 4u : (uint32_t)t->size);
    else if (id & AS_TYPEID_OBJHANDLE) return need_handle_ref(F, st, pc, s, t, p->inout);
    else ok = term_fits(x, t);
    return ok || refuse(F, pc, "a variable type argument that is not of its type id", s);
}

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
        if (!frame_fa(get_fa(F, st, a)) && !term_is(get_term(F, st, a), TT_RAW) && !term_fits(get_term(F, st, a), callee->ret.type))
            return refuse(F, pc, "a return location of another type", a);
    }
    if (function_takes_object(callee) && !F->bound) {
        uint32_t s = a + callee->this_slot;
        if (!(F->nullchk ? need_ptr : need)(F, st, pc, s)) return false;
        if (tracked(callee->objtype) && (callee->attrs & FA_CONSTRUCTOR)) {
            if (!need_room(F, st, pc, s, callee->objtype, room)) return false;
        } else if (!need_handle(F, st, pc, s, callee->objtype)) {
            return false;
        } else if (tracked(callee->objtype) && !need_object(F, st, pc, s, callee->objtype)) {
            return false;
        }
    }
    if (!callee->param_slot) return callee->params.count == 0 || refuse(F, pc, "a call whose arguments are not laid out", a);
    for (int i = 0; i < callee->params.count; i++) {
        const as_param *p = &callee->params.data[i];
        uint32_t s = a + callee->param_slot[i] - F->bound;
        if ((callee->attrs & FA_VARIADIC) && i == callee->params.count - 1) break;
        if (i == 0 && (callee->attrs & FA_TEMPLATE_TYPE)) {
            if (!need_type_const(F, st, pc, s, callee)) return false;
        } else if (p->type.type->kind == TYPE_VARTYPE) {
            if (!need_ptr(F, st, pc, s) || !need_var_arg(F, st, pc, s, p)) return false;
        } else if (p->inout != INOUT_NONE) {
            if (!need(F, st, pc, s) || !need_ref_to(F, st, pc, s, &p->type, p->inout)) return false;
            if (!by_address_of_value(&p->type) && !need_clear_room(F, st, pc, s, span_of(p->type.type))) return false;
        } else if (is_address_type(&p->type)) {
            if (!need_handle(F, st, pc, s, p->type.type)) return false;
        }
        if ((p->inout != INOUT_NONE || native) && by_address_of_value(&p->type) && !need_object(F, st, pc, s, p->type.type))
            return false;
    }
    return true;
}

/* The type of what a call leaves in its slot a (a handle, an object, a reference). */
static bc_term result_term(const as_function *callee)
{
    if (callee->has_retloc) return term_obj(callee->ret.type);
    return term_of_dtype(&callee->ret);
}

/* What a call leaves in its slot a (0: nothing, a void call). */
static uint8_t result_of(const as_function *callee)
{
    if (callee->has_retloc || is_address_type(&callee->ret)) return PTR | NUL;
    if (callee->ret.type->kind == TYPE_PRIMITIVE && callee->ret.type->prim == AS_TYPEID_VOID) return 0;
    return NUM;
}

/* The bytes [off, off + width) behind the address in slot s (width 0: the address of what is at
 * off, as PADD makes it): they must be a member of the object's type, the handle a handle's
 * address points to, or inside the bytes of numbers it points to. *term gets what a 64-bit load
 * there reads (a handle's object) or, for width 0, what the address made points to; *ptrm says
 * the bytes are a pointer (a handle, an object held by pointer). */
static bool need_bytes(flow *F, const cell *st, uint32_t pc, uint32_t s, uint32_t off, uint32_t width, bc_term *term, bool *ptrm)
{
    *term = TERM_NONE;
    *ptrm = false;
    if (!need_mem(F, st, pc, s)) return false;
    if (!(get(F, st, s) & PTR)) return true;   /* null: the VM raises */
    bc_term x = get_term(F, st, s);
    switch (x == TERM_NONE ? 4u : term_tag(x)) {
    case TT_OBJ:
        return type_member_at(term_type(x), off, width, term, ptrm) || refuse(F, pc, "no member of the object's type at that offset", s);
    case TT_HREF:
        if (off || (width && width != 8)) return refuse(F, pc, "part of a handle used", s);
        *ptrm = true;
        *term = width ? term_obj(term_type(x)) : x;
        return true;
    case TT_RAW:
        if ((uint64_t)off + (width ? width : 1) > term_bytes(x)) return refuse(F, pc, "memory past what the address points to", s);
        if (!width) *term = term_raw(term_bytes(x) - off);
        return true;
    default:
        return refuse(F, pc, "memory behind an address of unknown type", s);
    }
}

/* A store of slot a into bytes of width at off behind slot s: a pointer member only takes a
 * handle of its type, whole. */
static bool need_store(flow *F, cell *st, uint32_t pc, uint32_t a, uint32_t s, uint32_t off, uint32_t width)
{
    bc_term t;
    bool ptrm;
    if (!need_bytes(F, st, pc, s, off, width, &t, &ptrm)) return false;
    if (ptrm && ((get(F, st, a) & NUM) || ((get(F, st, a) & PTR) && !term_fits(get_term(F, st, a), term_type(t)))))
        return refuse(F, pc, "a store of another type into a handle", a);
    uint32_t fa = get_fa(F, st, s);
    if (!frame_fa(fa) || !term_is(get_term(F, st, s), TT_RAW)) {
        written_through(F, st, s);
        return true;
    }
    /* into plain slots of the frame: those it covers now hold it (8 bytes on one slot), bits
     * that are not followed (part of it), or it is kept across two (8 bytes from a middle) */
    uint32_t lo = fa - 1 + off / 8, hi = fa - 1 + (off + width - 1) / 8;
    uint8_t v = get(F, st, a);
    bc_term vt = get_term(F, st, a);
    if ((v & PTR) && (frame_fa(get_fa(F, st, a)) || get_fa(F, st, a) == MIXED)) v |= FRM;
    if (off % 8 == 0 && width == 8) return put_t(F, st, pc, lo, v, 0, vt);
    if (off % 8 == 4 && width == 8) {
        /* the halves of lo and hi it covers overlap nothing else kept across */
        st[lo] = st[hi] = (cell){NUM | NUL, 0, 0, TERM_NONE, 0};
        *across(F, st, lo) = (cell){v, 0, 0, (v & PTR) ? vt : TERM_NONE, 0};
        return true;
    }
    for (uint32_t x = lo; x <= hi; x++)
        if (!put(F, st, pc, x, NUM | NUL, 0)) return false;
    return true;
}

/* A load into slot a of width bytes at off from the plain frame slots the address in s points
 * to: what the store there left. */
static bool frame_load(flow *F, cell *st, uint32_t pc, uint32_t a, uint32_t s, uint32_t off, uint32_t width)
{
    uint32_t lo = get_fa(F, st, s) - 1 + off / 8;
    if (width == 8 && off % 8 == 0) return put_t(F, st, pc, a, get(F, st, lo), 0, get_term(F, st, lo));
    if (width == 8 && off % 8 == 4) {
        cell c = *across(F, st, lo);
        return put_t(F, st, pc, a, c.bits, 0, c.ty);
    }
    return put(F, st, pc, a, NUM | NUL, 0);
}

/* The container in slot b of an element instruction at pc (its EXT names the type): an object
 * of exactly that type. Its element: *sub (held by pointer) or *bytes of a number. */
static bool need_container(flow *F, const cell *st, uint32_t pc, uint32_t b, const as_dtype **sub, uint32_t *bytes)
{
    const as_type *t = F->bc->consts[F->bc->code[pc + 1].c].cp;
    if (!need_mem(F, st, pc, b)) return false;
    if ((get(F, st, b) & PTR) && get_term(F, st, b) != term_obj(t)) return refuse(F, pc, "not a container of the type", b);
    if (!type_element(t, sub, bytes)) return refuse(F, pc, "a container without one element type", b);
    return true;
}

/* The element width of instruction op (AIDX1 .. AIDX8, AGET*, ASET*). */
static uint32_t element_width(unsigned op)
{
    switch (op) {
    case BC_AIDX1: case BC_AGET8: case BC_AGETU8: case BC_ASET8: return 1;
    case BC_AIDX2: case BC_AGET16: case BC_AGETU16: case BC_ASET16: return 2;
    case BC_AIDX4: case BC_AGET32: case BC_ASET32: return 4;
    default: return 8;
    }
}

static int load_width(unsigned op)
{
    switch (op) {
    case BC_LD8: case BC_LDU8: case BC_ST8: return 1;
    case BC_LD16: case BC_LDU16: case BC_ST16: return 2;
    case BC_LD32: case BC_ST32: return 4;
    default: return 8;
    }
}

static const as_function *kfunc(const flow *F, uint32_t k) { return F->bc->consts[k].cp; }

/* Whether a call may write through an address it is given other than its object's and its
 * return location (those are value objects, followed as such): an out or inout reference. */
static bool writes_through(const as_function *callee)
{
    for (int i = 0; i < callee->params.count; i++)
        if (callee->params.data[i].inout == INOUT_OUT || callee->params.data[i].inout == INOUT_INOUT) return true;
    return false;
}

/* A call at slot a of callee: arguments checked, the result (and a value built) written. */
static bool do_call(flow *F, cell *st, uint32_t pc, uint32_t a, const as_function *callee, bool native)
{
    uint32_t room, built_at = 0;
    if (!check_args(F, st, pc, a, callee, native, &room)) return false;
    /* the function's own return location built by this call */
    if (callee->has_retloc) built_at = get_fa(F, st, a);
    else if ((callee->attrs & FA_CONSTRUCTOR) && function_takes_object(callee) && !F->bound) built_at = get_fa(F, st, a + callee->this_slot);
    if (writes_through(callee)) {
        /* a handle written through a reference to a plain slot: it holds one of the type now */
        uint32_t wslot[8], n = 0;
        const as_type *wtype[8];
        for (int i = 0; i < callee->params.count && callee->param_slot && n < 8; i++) {
            const as_param *p = &callee->params.data[i];
            uint32_t s = a + callee->param_slot[i] - F->bound, slot;
            if (p->inout == INOUT_IN || p->inout == INOUT_NONE || (slot = plain_frame_slot(F, st, s)) == UINT32_MAX) continue;
            const as_type *t = NULL;
            if (p->type.type->kind == TYPE_VARTYPE) {
                int id;
                if (type_id_in(F, st, s + 1, &id) && (id & AS_TYPEID_OBJHANDLE)) t = var_type(F, id);
            } else if (p->type.flags & DT_HANDLE) {
                t = p->type.type;
            }
            if (t) { wslot[n] = slot; wtype[n++] = t; }
        }
        for (int i = 0; i < callee->params.count && callee->param_slot; i++)
            if (callee->params.data[i].inout == INOUT_OUT || callee->params.data[i].inout == INOUT_INOUT)
                written_through(F, st, a + callee->param_slot[i] - F->bound);
        for (uint32_t i = 0; i < n; i++) {
            st[wslot[i]] = (cell){PTR | NUL, 0, 0, term_obj(wtype[i]), 0};
            clear_across(F, st, wslot[i]);
        }
    }
    uint8_t r = result_of(callee);
    if (r) set_t(F, st, a, r, result_term(callee));
    if (room != UINT32_MAX) st[room].ct = type_index(F, (callee->attrs & FA_CONSTRUCTOR) ? callee->objtype : callee->ret.type);
    if (built_at == FA_RETLOC) built(F, st)->bits = PTR;
    return true;
}

/* CALLPTR: the handle in b is of a funcdef (or a known function): its signature says the
 * arguments and the result. A delegate moves the arguments along for its object. */
static bool call_handle(flow *F, cell *st, uint32_t pc, uint32_t a, uint32_t b)
{
    if (!need_ptr(F, st, pc, b)) return false;
    if (!(get(F, st, b) & PTR)) return true;   /* null: the VM raises "Unbound function called" */
    bc_term x = get_term(F, st, b);
    const as_function *sig = term_is(x, TT_OBJ) && term_type(x)->kind == TYPE_FUNCDEF ? term_type(x)->signature
                           : term_is(x, TT_FN) ? term_func(x) : NULL;
    if (!sig) return refuse(F, pc, "a call through something not known to be a function handle", b);
    /* a delegate (known here, or maybe behind a funcdef) moves its arguments one slot along for
     * its object: slots up to a + the arguments of the funcdef change */
    uint32_t bound = term_is(x, TT_FN) && function_takes_object(sig) ? 1 : 0;
    uint32_t nargs = sig->nargslots - bound, end = a + nargs + 1;
    if ((uint64_t)end > F->bc->nslots) return refuse(F, pc, "arguments outside the frame", a);
    for (uint32_t s = a + 1; s < end; s++)
        if (object_at(F, st, s) != UINT32_MAX || decl_at(F, s)) return refuse(F, pc, "a value object or a handle variable among the arguments", s);
    F->bound = bound;
    bool ok = do_call(F, st, pc, a, sig, true);
    F->bound = 0;
    if (!ok) return false;
    for (uint32_t s = a + 1; s < end; s++) {
        st[s] = (cell){ANY, 0, 0, TERM_NONE, 0};
        clear_across(F, st, s);
    }
    return true;
}

/* Checks instruction pc against the state st and applies its effect to st. */
static bool step(flow *F, cell *st, uint32_t pc)
{
    const as_bytecode *bc = F->bc;
    const as_insn *in = &bc->code[pc];
    unsigned op = in->op, fmt = as_opcode_formats[op];
    uint32_t A = in->a, B = in->b;
    bc_term t;
    bool ptrm;
    const as_dtype *sub;
    uint32_t bytes;
    switch (op) {
    case BC_RET:
        return !(built(F, st)->bits & NUL) || refuse(F, pc, "a return before the value returned is built", 0);
    case BC_NOP: case BC_SUSPEND: case BC_JMP: case BC_EXT: case BC_JUMPTABLE:
    case BC_JT: case BC_JF: case BC_JNULL: case BC_JNNULL: case BC_CHKNULL:
        return true;
    case BC_MOV: return copy_slot(F, st, pc, A, B);
    case BC_LI:
        set(F, st, A, in->sbx ? NUM : NUL);
        if (in->sbx > 0 && in->sbx <= AS_TYPEID_DOUBLE && A < bc->nslots) st[A].kc = KC_IMM | (uint32_t)in->sbx;
        return true;
    case BC_LK: {
        unsigned kind = bc->kinds[B];
        const void *k = bc->consts[B].cp;
        uint32_t fa = kind == K_STRING ? FA_KSTRING : kind == K_TYPE ? FA_KTYPE : kind == K_FUNC ? FA_KFUNC : 0;
        const as_global *g = kind == K_GLOBAL ? global_at(F->f->module, k) : NULL;
        if (kind == K_GLOBAL && !g) return refuse(F, pc, "an unknown global's address", A);
        /* a method's constant is no function handle (CALLPTR would call it without its object) */
        t = kind == K_STRING ? term_obj(F->f->module->engine->string_type)
          : kind == K_FUNC ? (((const as_function *)k)->objtype ? TERM_NONE : term_fn(k))
          : g ? term_global_addr(g) : TERM_NONE;
        if (!put_t(F, st, pc, A, kind == K_RAW ? (bc->consts[B].u64 ? NUM : NUL) : kind == K_TYPEID ? NUM : PTR, fa, t)) return false;
        if ((kind == K_TYPE || kind == K_TYPEID) && A < bc->nslots) st[A].kc = B + 1;
        return true;
    }
    case BC_CLR: set(F, st, A, NUL); return true;
    case BC_ADDR: return put(F, st, pc, A, PTR, B + 1);
    case BC_KADDR:
        set_t(F, st, A, PTR, term_raw((uint32_t)bc->consts[in->sbx - 1].u64));
        return true;
    case BC_RETV:
        if (built(F, st)->bits & NUL) return refuse(F, pc, "a return before the value returned is built", A);
        if (F->f->ret.flags & DT_REF) {
            /* a reference the caller follows as its declared type: not into this frame */
            bc_term want = term_of_dtype(&F->f->ret), x = get_term(F, st, A);
            if (!need_ptr(F, st, pc, A)) return false;
            if (!(get(F, st, A) & PTR)) return true;
            if ((get(F, st, A) & FRM) || frame_fa(get_fa(F, st, A)) || get_fa(F, st, A) == MIXED) return refuse(F, pc, "a reference into the frame returned", A);
            bool ok = term_is(want, TT_OBJ) ? term_fits(x, term_type(want)) : term_is(want, TT_HREF) ? x == want
                    : term_is(x, TT_RAW) && term_bytes(x) >= term_bytes(want);
            return ok || refuse(F, pc, "a returned reference of another type", A);
        }
        if (is_address_type(&F->f->ret) || F->f->has_retloc) {
            if (!need_ptr(F, st, pc, A)) return false;
            if (!F->f->has_retloc && (get(F, st, A) & PTR) && !term_fits(get_term(F, st, A), F->f->ret.type))
                return refuse(F, pc, "a returned handle of another type", A);
        }
        return true;
    case BC_LD8: case BC_LDU8: case BC_LD16: case BC_LDU16: case BC_LD32: case BC_LD64:
        if (!need_bytes(F, st, pc, B, in->c, (uint32_t)load_width(op), &t, &ptrm)) return false;
        if (frame_fa(get_fa(F, st, B)) && term_is(get_term(F, st, B), TT_RAW)) return frame_load(F, st, pc, A, B, in->c, (uint32_t)load_width(op));
        if (ptrm) set_t(F, st, A, PTR | NUL, t);
        else set(F, st, A, NUM | NUL);
        return true;
    case BC_ST8: case BC_ST16: case BC_ST32: case BC_ST64:
        return need_store(F, st, pc, A, B, in->c, (uint32_t)load_width(op));
    case BC_PADD:
        if (!need_bytes(F, st, pc, B, in->c, 0, &t, &ptrm)) return false;
        set_t(F, st, A, (get(F, st, B) & FRM) || frame_fa(get_fa(F, st, B)) || get_fa(F, st, B) == MIXED ? PTR | FRM : PTR, t);
        return true;
    case BC_MEMCPY: {
        bc_term ta = get_term(F, st, A), tb = get_term(F, st, B);
        if (!need_mem(F, st, pc, A) || !need_mem(F, st, pc, B)) return false;
        bool ok_a = term_is(ta, TT_RAW) ? term_bytes(ta) >= in->c : term_is(ta, TT_OBJ) && term_type(ta)->kind == TYPE_OBJECT &&
                    (term_type(ta)->flags & AS_OBJ_POD) && (uint32_t)term_type(ta)->size >= in->c;
        bool ok_b = term_is(tb, TT_RAW) ? term_bytes(tb) >= in->c : tb == ta && ok_a;
        if (!ok_a || !ok_b) return refuse(F, pc, "a copy between memory of other kinds or sizes", A);
        written_through(F, st, A);
        return true;
    }
    case BC_AIDX1: case BC_AIDX2: case BC_AIDX4: case BC_AIDX8: case BC_AIDXP:
    case BC_AGET8: case BC_AGETU8: case BC_AGET16: case BC_AGETU16: case BC_AGET32: case BC_AGET64: {
        if (!need_container(F, st, pc, B, &sub, &bytes)) return false;
        uint32_t w = element_width(op);
        if (w != bytes || (op == BC_AIDXP && !sub)) return refuse(F, pc, "not the element size of the container", B);
        if (op == BC_AIDXP || (op == BC_AGET64 && sub)) set_t(F, st, A, PTR | NUL, term_obj(sub->type));
        else if (op >= BC_AIDX1 && op <= BC_AIDX8) set_t(F, st, A, PTR, sub ? term_href(sub->type) : term_raw(w));
        else set(F, st, A, NUM | NUL);
        return true;
    }
    case BC_ASET8: case BC_ASET16: case BC_ASET32: case BC_ASET64:
        if (!need_container(F, st, pc, B, &sub, &bytes)) return false;
        if (sub || element_width(op) != bytes) return refuse(F, pc, "not a number element of the size", B);
        return true;
    case BC_ALEN: case BC_JLTLEN_U: case BC_INCJLTLEN_U: {
        if (op == BC_INCJLTLEN_U) {
            if (!need_mem(F, st, pc, B)) return false;   /* the JLTLEN_U after it checks the container */
        } else if (!need_container(F, st, pc, B, &sub, &bytes)) {
            return false;
        }
        if (op != BC_JLTLEN_U) set(F, st, A, NUM);
        return true;
    }
    case BC_LDG64: {
        const as_global *g = global_at(F->f->module, bc->consts[B].cp);
        if (!g) return refuse(F, pc, "an unknown global", A);
        t = term_global_addr(g);
        if (term_is(t, TT_HREF)) set_t(F, st, A, PTR | NUL, term_obj(term_type(t)));
        else set(F, st, A, NUM | NUL);
        return true;
    }
    case BC_STG64: case BC_STG32: case BC_STG16: case BC_STG8: {
        const as_global *g = global_at(F->f->module, bc->consts[B].cp);
        if (!g) return refuse(F, pc, "an unknown global", A);
        t = term_global_addr(g);
        if (term_is(t, TT_OBJ)) return refuse(F, pc, "a store over a value object", A);
        if (term_is(t, TT_HREF) && op != BC_STG64) return refuse(F, pc, "part of a handle stored", A);
        if (term_is(t, TT_HREF) && ((get(F, st, A) & NUM) || ((get(F, st, A) & PTR) && !term_fits(get_term(F, st, A), term_type(t)))))
            return refuse(F, pc, "a store of another type into a handle", A);
        return true;
    }
    case BC_CALL: case BC_CALLN: case BC_CALLV: case BC_CALLSYS: case BC_CALLSYSN: {
        const as_function *callee = kfunc(F, B);
        bool native = op == BC_CALLSYS || op == BC_CALLSYSN || (op == BC_CALLV && callee->kind == FN_SYSTEM);
        F->nullchk = op == BC_CALLN || op == BC_CALLSYSN;
        bool ok = do_call(F, st, pc, A, callee, native);
        F->nullchk = false;
        return ok;
    }
    case BC_CALLPTR:
        return call_handle(F, st, pc, A, B);
    case BC_ADDREF: {
        const as_type *k = bc->consts[B].cp;
        if (!need_handle(F, st, pc, A, k)) return false;
        /* a function counted as a funcdef's handle (`c ? f : g`): held as that funcdef now */
        if (k->kind == TYPE_FUNCDEF && (get(F, st, A) & PTR) && !frame_fa(st[A].fa)) st[A].ty = term_obj(k);
        return true;
    }
    case BC_FREE:
        if (!need_handle(F, st, pc, A, bc->consts[B].cp)) return false;
        set(F, st, A, NUL);
        return true;
    case BC_HSET: {
        const as_type *k = bc->consts[in->c].cp;
        if (!need_handle(F, st, pc, A, k) || !need_handle(F, st, pc, B, k)) return false;
        if (k->kind == TYPE_FUNCDEF && (get(F, st, B) & PTR)) return put_t(F, st, pc, A, get(F, st, B), 0, term_obj(k));
        return copy_slot(F, st, pc, A, B);
    }
    case BC_HSETM: {
        const as_type *k = bc->consts[in->c].cp;
        if (!need_bytes(F, st, pc, A, 0, 8, &t, &ptrm) || !need_handle(F, st, pc, B, k)) return false;
        if (get(F, st, A) & PTR) {
            bc_term h = get_term(F, st, A);
            if (!term_is(h, TT_HREF) || !type_fits(term_type(h), k)) return refuse(F, pc, "not the address of a handle of the type", A);
            if ((get(F, st, B) & PTR) && !term_fits(get_term(F, st, B), term_type(h))) return refuse(F, pc, "a handle of another type stored", B);
        }
        written_through(F, st, A);
        return true;
    }
    case BC_DESTROY: {
        const as_type *k = bc->consts[B].cp;
        if (!tracked(k)) return true;
        uint32_t ti = type_index(F, k);
        if (!ti || st[A].ct != ti) return refuse(F, pc, "no value object of the type to destroy", A);
        st[A].ct = 0;
        return true;
    }
    case BC_NEWOBJ: set_t(F, st, A, PTR, term_obj(bc->consts[B].cp)); return true;
    case BC_CAST: {
        const as_type *k = bc->consts[in->c].cp;
        if (!need_ptr(F, st, pc, B)) return false;
        bc_term x = get_term(F, st, B);
        if ((get(F, st, B) & PTR) && !(term_is(x, TT_OBJ) && (term_type(x)->flags & AS_OBJ_SCRIPT_OBJECT)))
            return refuse(F, pc, "a cast of something not known to be a script object", B);
        set_t(F, st, A, PTR | NUL, term_obj(k));
        return true;
    }
    case BC_DELEGATE: {
        const as_function *m = kfunc(F, in->c);
        if (!need_handle(F, st, pc, B, m->objtype)) return false;
        set_t(F, st, A, PTR, term_fn(m));
        return true;
    }
    case BC_SAMETYPE:
        for (uint32_t s = A;; s = B) {
            bc_term x = get_term(F, st, s);
            if (!need_ptr(F, st, pc, s)) return false;
            if ((get(F, st, s) & PTR) && !(term_is(x, TT_OBJ) && (term_type(x)->flags & AS_OBJ_SCRIPT_OBJECT)))
                return refuse(F, pc, "not known to be a script object", s);
            if (s == B) return true;
        }
    default:
        break;
    }
    /* the rest compute numbers into a (conditional jumps and global stores compute nothing) */
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

/* The type of the address a cell holds in state st (a frame address's from the state). */
static bc_term cell_term(const flow *F, const cell *st, uint32_t s)
{
    return frame_fa(st[s].fa) ? frame_term(F, st, st[s].fa - 1) : st[s].ty;
}

/* Merges st into the entry state of leader pc, queuing it when that grew. */
static void flow_into(flow *F, uint32_t pc, const cell *st)
{
    uint32_t n = NCELLS(F->bc);
    bool grew = false;
    if (!F->in[pc]) {
        if (!(F->in[pc] = mem_alloc((n ? n : 1) * sizeof(cell)))) {
            F->oom = true;
            return;
        }
        memcpy(F->in[pc], st, n * sizeof(cell));
        grew = true;
    } else {
        cell *in = F->in[pc];
        for (uint32_t s = 0; s < n; s++) {
            cell *c = &in[s];
            cell m = {(uint8_t)(c->bits | st[s].bits), meet(c->fa, st[s].fa), meet(c->ct, st[s].ct), TERM_NONE, c->kc == st[s].kc ? c->kc : 0};
            if (!frame_fa(m.fa)) {
                /* the type of the address on the paths where it is one */
                bc_term a = cell_term(F, in, s), b = cell_term(F, st, s);
                m.ty = !(c->bits & PTR) ? b : !(st[s].bits & PTR) ? a : term_meet(a, b);
                if (!(m.bits & PTR)) m.ty = TERM_NONE;
            }
            if (m.bits != c->bits || m.fa != c->fa || m.ct != c->ct || m.ty != c->ty || m.kc != c->kc) {
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
        memcpy(tmp, st, NCELLS(F->bc) * sizeof(cell));
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
        if (o->kind == OV_HANDLE && (get(F, st, o->slot) & PTR) && !term_fits(get_term(F, st, o->slot), o->type))
            return refuse(F, pc, "an object variable holding another type", o->slot);
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
        F->pc = pc;
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
            /* a list buffer: the store or load just after reaches past the slot */
            const as_insn *nx = pc + 1 < bc->ncode ? &bc->code[pc + 1] : NULL;
            if (nx && nx->op >= BC_LD8 && nx->op <= BC_ST64 && nx->b == in->a) {
                uint32_t n = (nx->c + (uint32_t)load_width(nx->op) + 7) / 8;
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
    for (uint32_t s = 0; s < 2 * F->bc->nslots; s++) st[s] = (cell){s < F->bc->nslots ? ANY : NUM, 0, 0, TERM_NONE, 0};
    /* the value to return: built (PTR) or maybe not yet (NUL) */
    *built(F, st) = (cell){needs_building(f) ? NUL : PTR, 0, 0, TERM_NONE, 0};
    /* the return location is room, not an object, until something is built there */
    if (f->has_retloc) st[0] = (cell){PTR, FA_RETLOC, 0, term_raw(span_of(f->ret.type) * 8), 0};
    if (function_takes_object(f)) st[f->this_slot] = (cell){PTR, 0, 0, term_obj(f->objtype), 0};
    for (int i = 0; f->param_slot && i < f->params.count; i++) {
        const as_param *p = &f->params.data[i];
        uint32_t s = f->param_slot[i];
        if ((f->attrs & FA_VARIADIC) && i == f->params.count - 1) break;
        if (p->type.type->kind == TYPE_VARTYPE) { st[s].bits = PTR | NUL; st[s + 1].bits = NUM; }
        else if (p->inout != INOUT_NONE) {
            st[s].bits = PTR | NUL;
            st[s].ty = term_of_dtype(&(as_dtype){p->type.type, (uint8_t)(p->type.flags | DT_REF)});
        } else if (is_address_type(&p->type)) {
            st[s].bits = PTR | NUL;
            st[s].ty = term_of_dtype(&p->type);
        } else st[s].bits = NUM;
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
    cell *st = mem_alloc((2 * ns + 1) * sizeof(cell)), *tmp = mem_alloc((2 * ns + 1) * sizeof(cell));
    bool ok = F.taken && F.leader && F.queued && F.in && F.work && st && tmp;
    if (ok) {
        mark_leaders(&F);
        entry_state(&F, st);
        flow_into(&F, 0, st);
        while (ok && F.nwork && !F.oom) {
            uint32_t pc = F.work[--F.nwork];
            F.queued[pc] = 0;
            memcpy(st, F.in[pc], NCELLS(bc) * sizeof(cell));
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
