/* Who owns the counted references in loaded bytecode (issue 32, bc_flow.h): each slot holding
 * a handle or an object's address holds a reference of its own or a borrowed one (cell.ow).
 *
 * A reference of its own comes from NEWOBJ, ADDREF, HSET, CAST, DELEGATE and a call returning a
 * handle (a host function's `T@+` excepted: the caller counts it); it is named by a token, the
 * instruction that made it, and a MOV copies the token: the slots holding one token share one
 * reference, which any of them may release once (FREE, HSET over it, a host function taking a
 * handle by value, the unwinder releasing an object variable); every other slot holding it then
 * dies (DEAD: no longer followed, as a number). A reference borrowed for the whole call (a
 * parameter: the caller holds it; `this`) may be used but not released. A reference loaded from
 * memory (a member, an element, a global, a reference returned) is borrowed from whatever holds
 * it there (OW_MEM): it dies whenever something is released (a destructor may run any code) and
 * after every call; so does an address made from one or from an owned object. A handle stored
 * into memory without counting (ST64, STG64) must be one of the slot's own: memory owns it then.
 *
 * Paths meeting: slots holding different tokens on different paths hold one token after (the
 * tokens are joined, so whatever shared one before still shares it); a token on one path and a
 * borrowed reference on another gives a borrowed one (OW_MEM). What this does not prove: that
 * counts balance (a reference overwritten is leaked, not released), nor that a host function
 * keeps only the references it counted. */
#include "bc_flow.h"
#include <stdlib.h>

void ow_set(const flow *F, cell *st, uint32_t s, uint32_t ow)
{
    if (s < F->bc->nslots) st[s].ow = (st[s].bits & PTR) ? ow : 0;
}

/* A token for the reference instruction pc makes; slots still holding one it made on an earlier
 * pass (through a loop) hold that older one, renamed (older ones made there share a name). */
uint32_t ow_new_extra(const flow *F, cell *st, uint32_t pc, bool extra)
{
    uint32_t t = (pc + 1) | (extra ? OW_EXTRA : 0);
    for (uint32_t s = 0; s < 2 * F->bc->nslots; s++)
        if (st[s].ow == t) st[s].ow = t | OW_OLD;
    return t;
}

uint32_t ow_new(const flow *F, cell *st, uint32_t pc) { return ow_new_extra(F, st, pc, false); }

/* s: a slot, or a cell kept across two (bc_flow.h) */
void ow_kill(const flow *F, cell *st, uint32_t s)
{
    if (s < 2 * F->bc->nslots) st[s] = (cell){NUM | DEAD, 0, st[s].ct, TERM_NONE, 0, 0, 0, {0, 0}};
}

void ow_kill_mem(const flow *F, cell *st)
{
    for (uint32_t s = 0; s < 2 * F->bc->nslots; s++) {
        if (st[s].ow == OW_MEM) ow_kill(F, st, s);
        else if (ow_token(st[s].ow)) st[s].ow &= ~OW_EXTRA;   /* memory may no longer hold it */
    }
}

/* Reference ow released (by the slot except, which the caller rewrites): every other slot
 * sharing it dies, and so does every reference borrowed from memory (the release may run a
 * destructor, and that any code). */
void ow_release(const flow *F, cell *st, uint32_t ow, uint32_t except)
{
    for (uint32_t s = 0; s < 2 * F->bc->nslots; s++)
        if (s != except && ow_token(ow) && st[s].ow == ow) ow_kill(F, st, s);
    if (!ow_token(ow) || !(ow & OW_EXTRA)) ow_kill_mem(F, st);
}

/* Slot s released: null, or a reference of its own. */
bool ow_need_owned(flow *F, const cell *st, uint32_t pc, uint32_t s)
{
    if (s >= F->bc->nslots || !(st[s].bits & PTR) || ow_token(st[s].ow)) return true;
    return fl_refuse(F, pc, "a reference released that the slot does not own", s);
}

/* A value of declared type d held as a counted pointer (a handle, a reference type's object, a
 * function handle), not a reference to one. */
bool ow_counted(const as_dtype *d)
{
    const as_type *t = d->type;
    if (!t || (d->flags & DT_REF)) return false;
    return (d->flags & DT_HANDLE) || t->kind == TYPE_FUNCDEF || (t->kind == TYPE_OBJECT && !(t->flags & AS_OBJ_VALUE));
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static uint32_t index_of(const uint32_t *tok, uint32_t n, uint32_t t)
{
    uint32_t lo = 0, hi = n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (tok[mid] < t) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

static uint32_t find(uint32_t *par, uint32_t i)
{
    while (par[i] != i) i = par[i] = par[par[i]];
    return i;
}

/* Whether s is a handle object variable live at pc, or just ending or starting there (one the
 * compiler releases or returns: `return c ? a : b` meets in an empty one). */
static bool handle_var_at(const flow *F, uint32_t s, uint32_t pc)
{
    for (uint32_t i = 0; i < F->bc->nobjvars; i++) {
        const as_objvar *o = &F->bc->objvars[i];
        if (o->slot == s && o->kind == OV_HANDLE && pc >= o->start && pc <= o->end) return true;
    }
    return false;
}

/* Whether slot s holds different tokens in a and b, to be joined (a handle variable: released
 * later whichever path came); any other slot holding two is only borrowed after. */
static bool joins(const flow *F, const cell *a, const cell *b, uint32_t s, uint32_t pc)
{
    return ow_token(a[s].ow) && ow_token(b[s].ow) && a[s].ow != b[s].ow && s < F->bc->nslots && handle_var_at(F, s, pc);
}

/* The ownership of each slot where states a and b meet at pc, into out: the tokens a handle
 * variable holds on the two paths are joined into one class (named by its least token), so
 * slots sharing a token on either path share one after; another slot holding two tokens, or a
 * token and a borrowed reference, borrows (it can't release, and dies at any release). */
void ow_merge(flow *F, const cell *a, const cell *b, uint32_t *out, uint32_t pc)
{
    uint32_t ns = 2 * F->bc->nslots, n = 0, *tok = F->owtok, *par = F->owpar;
    for (uint32_t s = 0; s < ns; s++) {
        if (ow_token(a[s].ow)) tok[n++] = a[s].ow;
        if (ow_token(b[s].ow)) tok[n++] = b[s].ow;
    }
    qsort(tok, n, sizeof *tok, cmp_u32);
    uint32_t m = 0;
    for (uint32_t i = 0; i < n; i++)
        if (!m || tok[m - 1] != tok[i]) tok[m++] = tok[i];
    for (uint32_t i = 0; i < m; i++) par[i] = i;
    for (uint32_t s = 0; s < ns; s++) {
        if (!joins(F, a, b, s, pc)) continue;
        uint32_t x = find(par, index_of(tok, m, a[s].ow)), y = find(par, index_of(tok, m, b[s].ow));
        if (x < y) par[y] = x;
        else par[x] = y;
    }
    for (uint32_t s = 0; s < ns; s++) {
        uint32_t x = a[s].ow, y = b[s].ow;
        bool px = a[s].bits & PTR, py = b[s].bits & PTR;
        uint32_t r;
        if (x == OW_MEM || y == OW_MEM) r = OW_MEM;
        else if (ow_token(x) && ow_token(y) && x != y && !joins(F, a, b, s, pc)) r = OW_MEM;
        else if (ow_token(x) && (ow_token(y) || !py)) r = tok[find(par, index_of(tok, m, x))];
        else if (ow_token(y) && !px) r = tok[find(par, index_of(tok, m, y))];
        else if (ow_token(x) || ow_token(y)) r = OW_MEM;   /* owned on one path, borrowed on the other */
        else r = 0;
        out[s] = r;
    }
}

/* A handle variable written through its address (HSETM, a call's out reference, a store of a
 * reference of its own): the reference it held is gone (the slots sharing it die), and it
 * holds one of its own. */
void ow_rewritten(const flow *F, cell *st, uint32_t s)
{
    uint32_t old = st[s].ow, t = OW_SLOT | s;
    for (uint32_t x = 0; x < 2 * F->bc->nslots; x++)
        if (x != s && ((ow_token(old) && st[x].ow == old) || st[x].ow == t)) ow_kill(F, st, x);
    st[s].ow = t;
}

/* The address in s is written with counting (HSETM, a callee's out or inout handle): what it
 * points to is released first, so a frame slot there must hold null or a reference of its own
 * (any slot whose address is taken, for an address made from a frame address). */
bool ow_need_owned_through(flow *F, const cell *st, uint32_t pc, uint32_t s)
{
    uint32_t fa = fl_get_fa(F, st, s);
    if (frame_fa(fa)) return ow_need_owned(F, st, pc, fa - 1);
    if (!(fl_get(F, st, s) & FRM) && fa != MIXED) return true;
    for (uint32_t x = 0; x < F->bc->nslots; x++)
        if (F->taken[x] && !ow_need_owned(F, st, pc, x)) return false;
    return true;
}

/* The reference slot s owns stored into memory uncounted (ST64 of a handle, STG64): the memory
 * holds it now, and the slots sharing it borrow it from there. */
void ow_hand_over(const flow *F, cell *st, uint32_t s)
{
    uint32_t ow = s < F->bc->nslots ? st[s].ow : 0;
    if (!ow_token(ow)) return;
    for (uint32_t x = 0; x < 2 * F->bc->nslots; x++)
        if (st[x].ow == ow) st[x].ow = OW_MEM;
}
