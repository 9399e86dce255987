/* The rules of the state bc_flow.c follows (issue 32, bc_flow.h): reading a slot and what its
 * address points to, writing one (not over a value object, a handle variable only with a handle
 * of its type), what a write through an address leaves, and what each use of an operand needs
 * (an address, not a number; an object of a type; a value object built; room to build one). */
#include "bc_flow.h"

bool fl_refuse(flow *F, uint32_t pc, const char *what, uint32_t slot)
{
    unsigned op = F->bc->code[pc].op;
    snprintf(F->why, F->n, "instruction %u (%s): %s (slot %u)", pc, op < BC__COUNT ? as_opcode_names[op] : "?", what, slot);
    return false;
}

bool fl_tracked(const as_type *t) { return t && type_is_value_type(t) && t->beh.destruct; }

uint32_t fl_span_of(const as_type *t)
{
    int n = dtype_slots(&(as_dtype){(as_type *)t, 0});
    return n > 0 ? (uint32_t)n : 1;
}

/* 1 + the index of tracked type t (0 if there is no room: then the load is refused). */
uint32_t fl_type_index(flow *F, const as_type *t)
{
    for (uint32_t i = 0; i < F->ntypes; i++)
        if (F->types[i] == t) return i + 1;
    if (F->ntypes >= MAX_TRACKED) return 0;
    F->types[F->ntypes++] = t;
    if (fl_span_of(t) > F->maxspan) F->maxspan = fl_span_of(t);
    return F->ntypes;
}

uint8_t fl_get(const flow *F, const cell *st, uint32_t s)
{
    return s < F->bc->nslots ? st[s].bits : ANY;
}

uint32_t fl_get_fa(const flow *F, const cell *st, uint32_t s)
{
    return s < F->bc->nslots ? st[s].fa : MIXED;
}


/* The type of the handle object variable live at slot s at the instruction being checked, or
 * NULL: a slot whose address is taken then holds a handle of that type, whoever writes it. */
const as_type *fl_decl_at(const flow *F, uint32_t s)
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
bc_term fl_frame_term(const flow *F, const cell *st, uint32_t b)
{
    uint32_t o = fl_object_at(F, st, b);
    if (o != UINT32_MAX) return o == b && st[o].ct != MIXED ? term_obj(F->types[st[o].ct - 1]) : TERM_NONE;
    if (fl_decl_at(F, b)) return term_href(fl_decl_at(F, b));
    uint32_t e = b;
    while (e < F->bc->nslots && F->taken[e] && !fl_decl_at(F, e) && fl_object_at(F, st, e) == UINT32_MAX) e++;
    return term_raw((e - b) * 8);
}

/* What the address in slot s points to (TERM_NONE: nothing known, not to be followed). */
bc_term fl_get_term(const flow *F, const cell *st, uint32_t s)
{
    if (s >= F->bc->nslots) return TERM_NONE;
    if (frame_fa(st[s].fa)) return fl_frame_term(F, st, st[s].fa - 1);
    return st[s].ty;
}

/* What is stored across slots b and b + 1 (8 bytes from the middle of b: a list buffer's
 * elements after its 32-bit count), kept after the slots. */
cell *fl_across(const flow *F, cell *st, uint32_t b) { return &st[F->bc->nslots + b]; }

/* Whether the value to return has been fl_built(a state's last cell). */
cell *fl_built(const flow *F, cell *st) { return &st[2 * F->bc->nslots]; }

/* Whether f must build its return value in its return location before it returns (a value
 * type with a destructor, or not plain data: the caller then uses it as an object). */
bool fl_needs_building(const as_function *f)
{
    const as_type *t = f->ret.type;
    return f->has_retloc && t && t->kind == TYPE_OBJECT && (t->beh.destruct || !(t->flags & AS_OBJ_POD));
}

/* Slot s written: what was stored across it is gone. */
void fl_clear_across(const flow *F, cell *st, uint32_t s)
{
    *fl_across(F, st, s) = (cell){NUM, 0, 0, TERM_NONE, 0, 0, 0, {0, 0}};
    if (s) *fl_across(F, st, s - 1) = (cell){NUM, 0, 0, TERM_NONE, 0, 0, 0, {0, 0}};
}

/* Slots b .. b+span written as one value (a value object built or destroyed there, a value
 * returned into them): what they held before is gone, and their bits are the value's, never an
 * address to follow. The value object recorded at b (ct) is the caller's to set or clear. */
void fl_overwritten(const flow *F, cell *st, uint32_t b, uint32_t span)
{
    for (uint32_t x = b; x < b + span && x < F->bc->nslots; x++) {
        st[x] = (cell){NUM, 0, st[x].ct, TERM_NONE, 0, 0, 0, {0, 0}};
        fl_clear_across(F, st, x);
    }
}

/* After a write through an address: a slot whose address was taken may have been written
 * through it, a handle variable with a handle of its type (the stores check), any other slot
 * with bits that are not followed (an address there is no longer known; a frame address it
 * held is no longer known either: used as an object's address, refused). */
void fl_forget_taken(const flow *F, cell *st)
{
    for (uint32_t s = 0; s < F->bc->nslots; s++) {
        if (!F->taken[s]) continue;
        cell *c = &st[s];
        const as_type *d = fl_decl_at(F, s);
        if (d) {
            c->ty = (c->bits & PTR) ? term_meet(c->ty, term_obj(d)) : term_obj(d);
            c->bits |= PTR | NUL;
            ow_rewritten(F, st, s);
        } else {
            c->bits |= NUM;
            c->ow = 0;
        }
        if (c->fa) c->fa = frame_fa(c->fa) ? MIXED : 0;
        c->hk = 0;
        fl_clear_across(F, st, s);
    }
}

/* Memory behind the address in slot s may have been written: the plain slots it points to (a
 * frame address), or any taken slot (an address made from one). A handle variable's address
 * is written only with a handle of its type (the writers check), so it stays what it was. */
void fl_written_through(const flow *F, cell *st, uint32_t s)
{
    if (s >= F->bc->nslots) return;
    uint32_t fa = st[s].fa;
    if ((st[s].bits & FRM) || fa == MIXED) {
        fl_forget_taken(F, st);
        return;
    }
    if (!frame_fa(fa)) return;
    bc_term x = fl_frame_term(F, st, fa - 1);
    if (term_is(x, TT_HREF)) {
        cell *c = &st[fa - 1];
        c->ty = (c->bits & PTR) ? term_meet(c->ty, term_obj(term_type(x))) : term_obj(term_type(x));
        c->bits |= PTR | NUL;
        c->hk = 0;
        ow_rewritten(F, st, fa - 1);
        return;
    }
    if (!term_is(x, TT_RAW)) return;
    for (uint32_t b = fa - 1; b < fa - 1 + term_bytes(x) / 8; b++) {
        st[b] = (cell){(uint8_t)(st[b].bits | NUM), 0, 0, TERM_NONE, 0, 0, 0, {0, 0}};
        fl_clear_across(F, st, b);
    }
}

/* The slot of the value object whose slots hold s, or UINT32_MAX. */
uint32_t fl_object_at(const flow *F, const cell *st, uint32_t s)
{
    if (s >= F->bc->nslots) return UINT32_MAX;
    for (uint32_t b = s + 1, n = 0; b-- > 0 && n < F->maxspan; n++) {
        uint32_t ct = st[b].ct;
        if (!ct) continue;
        uint32_t span = ct == MIXED ? F->maxspan : fl_span_of(F->types[ct - 1]);
        if (s < b + span) return b;
    }
    return UINT32_MAX;
}

/* Writes v (pointing to ty) to slot s directly (false, refused, if a value object lives there or
 * s is a handle variable whose address is taken and v is not a handle of its type). */
bool fl_put_t(flow *F, cell *st, uint32_t pc, uint32_t s, uint8_t v, uint32_t fa, bc_term ty)
{
    if (s >= F->bc->nslots) return true;
    if (fl_object_at(F, st, s) != UINT32_MAX) return fl_refuse(F, pc, "a write over a value object", s);
    const as_type *d = fl_decl_at(F, s);
    if (d && ((v & NUM) || ((v & PTR) && !term_fits(ty, d))))
        return fl_refuse(F, pc, "a write of another type into a handle whose address is taken", s);
    st[s].bits = v;
    st[s].fa = fa;
    st[s].ty = (v & PTR) ? ty : TERM_NONE;
    st[s].kc = 0;
    st[s].ow = 0;
    st[s].hk = 0;
    fl_clear_across(F, st, s);
    return true;
}
bool fl_put(flow *F, cell *st, uint32_t pc, uint32_t s, uint8_t v, uint32_t fa)
{
    return fl_put_t(F, st, pc, s, v, fa, TERM_NONE);
}

/* A slot's value copied to another (MOV, HSET): its bits, frame address and type. */
bool fl_copy_slot(flow *F, cell *st, uint32_t pc, uint32_t a, uint32_t b)
{
    uint32_t fa = b < F->bc->nslots ? fl_get_fa(F, st, b) : 0;
    uint32_t kc = b < F->bc->nslots ? st[b].kc : 0;
    if (!fl_put_t(F, st, pc, a, fl_get(F, st, b), fa, frame_fa(fa) ? TERM_NONE : fl_get_term(F, st, b))) return false;
    if (a < F->bc->nslots && b < F->bc->nslots) {
        st[a].kc = kc;
        st[a].hk = st[b].hk;
        memcpy(st[a].hv, st[b].hv, sizeof st[a].hv);
    }
    if (b < F->bc->nslots) ow_set(F, st, a, st[b].ow);   /* a copy shares what b owns or borrows */
    return true;
}

/* Constant bytes (KADDR) go only to a list factory, which reads them: their address is not
 * stored, returned or passed elsewhere, so nothing writes them. */
bool fl_need_not_kbytes(flow *F, const cell *st, uint32_t pc, uint32_t s)
{
    return s >= F->bc->nslots || st[s].fa != FA_KBYTES || fl_refuse(F, pc, "the address of constant bytes used other than as a list", s);
}

/* An address the VM follows (null raises an exception there, or is allowed). */
bool fl_need_ptr(flow *F, const cell *st, uint32_t pc, uint32_t s)
{
    if (fl_get(F, st, s) & DEAD) return fl_refuse(F, pc, "a reference used after it was released", s);
    return !(fl_get(F, st, s) & NUM) || fl_refuse(F, pc, "a number used as an address", s);
}

/* An address the VM reads or writes memory through: not into a value object's slots. */
bool fl_need_mem(flow *F, const cell *st, uint32_t pc, uint32_t s)
{
    if (!fl_need_ptr(F, st, pc, s)) return false;
    uint32_t fa = fl_get_fa(F, st, s);
    if (fa == MIXED) {
        /* one of several slots (`(c ? a : b) = 5`): none may hold a value object */
        for (uint32_t x = 0; x < F->bc->nslots; x++)
            if (st[x].ct) return fl_refuse(F, pc, "an address of different slots on different paths", s);
        return true;
    }
    if (fa > 0x10000u && fa != FA_RETLOC) return fl_refuse(F, pc, "memory of a constant used directly", s);
    if (frame_fa(fa) && fl_object_at(F, st, fa - 1) != UINT32_MAX) return fl_refuse(F, pc, "memory of a value object used directly", s);
    return true;
}

/* A handle or object address for type t: null, or an object of t (a class deriving from it, a
 * function of its signature for a funcdef). */
bool fl_need_handle(flow *F, const cell *st, uint32_t pc, uint32_t s, const as_type *t)
{
    if (!fl_need_ptr(F, st, pc, s)) return false;
    if (!(fl_get(F, st, s) & PTR)) return true;
    bc_term x = fl_get_term(F, st, s);
    if (term_fits(x, t)) return true;
    if (fl_get_fa(F, st, s) > 0x10000u && fl_get_fa(F, st, s) != MIXED) return fl_refuse(F, pc, "a constant of another kind used as an object", s);
    return fl_refuse(F, pc, x == TERM_NONE ? "an address of unknown type used as an object" : "an object of another type", s);
}

/* An address a registered function follows without checking. */
bool fl_need_ref(flow *F, const cell *st, uint32_t pc, uint32_t s)
{
    uint8_t v = fl_get(F, st, s);
    if (v & DEAD) return fl_refuse(F, pc, "a reference used after it was released", s);
    if (v & NUM) return fl_refuse(F, pc, "a number used as an address", s);
    return v != NUL || fl_refuse(F, pc, "a null reference passed to a registered function", s);
}

/* The address in s of a constructed value object of tracked type t. */
bool fl_need_object(flow *F, const cell *st, uint32_t pc, uint32_t s, const as_type *t)
{
    uint32_t fa = fl_get_fa(F, st, s);
    if (fa == MIXED) return fl_refuse(F, pc, "an address of different slots on different paths", s);
    if (fa == FA_KSTRING && t != F->f->module->engine->string_type) return fl_refuse(F, pc, "a string constant passed as another type", s);
    if (fa > 0x10000u && fa != FA_KSTRING && fa != FA_RETLOC) return fl_refuse(F, pc, "a type or function constant passed as an object", s);
    if (!frame_fa(fa)) return !(fl_get(F, st, s) & PTR) || term_fits(fl_get_term(F, st, s), t) || fl_refuse(F, pc, "no value object of the type there", s);
    uint32_t ti = fl_type_index(F, t);
    if (!ti || st[fa - 1].ct != ti) return fl_refuse(F, pc, "no value object of the type there", fa - 1);
    return true;
}

/* The address in s of frame room where a value object of tracked type t is to be built;
 * returns the slot (UINT32_MAX: not a frame address) in *at. */
bool fl_need_room(flow *F, const cell *st, uint32_t pc, uint32_t s, const as_type *t, uint32_t *at)
{
    uint32_t fa = fl_get_fa(F, st, s);
    *at = UINT32_MAX;
    if (fa == MIXED) return fl_refuse(F, pc, "an address of different slots on different paths", s);
    if (fa == FA_RETLOC) return true;
    if (!fa) {
        bc_term x = fl_get_term(F, st, s);
        /* room of numbers, or a global's storage of the type (its initialiser builds it) */
        return !(fl_get(F, st, s) & PTR) || (term_is(x, TT_RAW) && term_bytes(x) >= (uint32_t)t->size) || x == term_obj(t) ||
               fl_refuse(F, pc, "a value object built over memory of another kind", s);
    }
    if (!frame_fa(fa)) return fl_refuse(F, pc, "a value object built over a constant", s);
    uint32_t b = fa - 1, span = fl_span_of(t);
    if ((uint64_t)b + span > F->bc->nslots) return fl_refuse(F, pc, "a value object outside the frame", b);
    for (uint32_t x = b; x < b + span; x++)
        if (fl_object_at(F, st, x) != UINT32_MAX) return fl_refuse(F, pc, "a value object built over another", b);
    if (!fl_type_index(F, t)) return fl_refuse(F, pc, "too many value types", b);
    *at = b;
    return true;
}

/* A reference in s to room of `slots` slots written by a callee (an out value, a primitive's
 * reference, a plain value returned): if in the frame, inside it and clear of value objects. */
bool fl_need_clear_room(flow *F, const cell *st, uint32_t pc, uint32_t s, uint32_t slots)
{
    uint32_t fa = fl_get_fa(F, st, s);
    if (!frame_fa(fa)) return true;
    uint32_t b = fa - 1;
    if ((uint64_t)b + slots > F->bc->nslots) return fl_refuse(F, pc, "a reference past the frame", b);
    for (uint32_t x = b; x < b + slots; x++)
        if (fl_object_at(F, st, x) != UINT32_MAX) return fl_refuse(F, pc, "a reference into a value object", b);
    return true;
}

bool fl_is_address_type(const as_dtype *d)
{
    return (d->flags & (DT_HANDLE | DT_REF)) || d->type->kind == TYPE_OBJECT || d->type->kind == TYPE_FUNCDEF;
}

/* A parameter or object passed as the address of a value object (not a handle). */
bool fl_by_address_of_value(const as_dtype *d) { return !(d->flags & DT_HANDLE) && fl_tracked(d->type); }

/* A reference argument in s to what a parameter of type d refers to: an object of its type, a
 * handle of exactly its type (the callee may write one), or room for its number's bytes. */
