/* Memory reached through addresses in loaded bytecode (issue 32, bc_flow.h): what the bytes at
 * an offset behind an address are (a member of the object's type, a handle, numbers), what a
 * store there needs and leaves (a handle member takes a handle of its type and of the slot's own:
 * memory owns it after), what a load from the frame's own slots reads back, and the container of
 * an element instruction. */
#include "bc_flow.h"

/* The bytes [off, off + width) behind the address in slot s (width 0: the address of what is at
 * off, as PADD makes it): they must be a member of the object's type, the handle a handle's
 * address points to, or inside the bytes of numbers it points to. *term gets what a 64-bit load
 * there reads (a handle's object) or, for width 0, what the address made points to; *ptrm says
 * the bytes are a pointer (a handle, an object held by pointer). */
bool fl_need_bytes(flow *F, const cell *st, uint32_t pc, uint32_t s, uint32_t off, uint32_t width, bc_term *term, bool *ptrm)
{
    *term = TERM_NONE;
    *ptrm = false;
    if (!fl_need_mem(F, st, pc, s)) return false;
    if (!(fl_get(F, st, s) & PTR)) return true;   /* null: the VM raises */
    bc_term x = fl_get_term(F, st, s);
    switch (x == TERM_NONE ? 4u : term_tag(x)) {
    case TT_OBJ:
        return type_member_at(term_type(x), off, width, term, ptrm) || fl_refuse(F, pc, "no member of the object's type at that offset", s);
    case TT_HREF:
        if (off || (width && width != 8)) return fl_refuse(F, pc, "part of a handle used", s);
        *ptrm = true;
        *term = width ? term_obj(term_type(x)) : x;
        return true;
    case TT_RAW:
        if ((uint64_t)off + (width ? width : 1) > term_bytes(x)) return fl_refuse(F, pc, "memory past what the address points to", s);
        if (!width) *term = term_raw(term_bytes(x) - off);
        return true;
    default:
        return fl_refuse(F, pc, "memory behind an address of unknown type", s);
    }
}

/* A store of slot a into bytes of width at off behind slot s: a pointer member only takes a
 * handle of its type, whole. */
bool fl_need_store(flow *F, cell *st, uint32_t pc, uint32_t a, uint32_t s, uint32_t off, uint32_t width)
{
    bc_term t;
    bool ptrm;
    if (!fl_need_not_kbytes(F, st, pc, a) || !fl_need_bytes(F, st, pc, s, off, width, &t, &ptrm)) return false;
    if (ptrm && ((fl_get(F, st, a) & NUM) || ((fl_get(F, st, a) & PTR) && !term_fits(fl_get_term(F, st, a), term_type(t)))))
        return fl_refuse(F, pc, "a store of another type into a handle", a);
    if (ptrm && !ow_need_owned(F, st, pc, a)) return false;
    if (ptrm) ow_hand_over(F, st, a);   /* what it points to holds the reference now */
    uint32_t fa = fl_get_fa(F, st, s);
    if (!frame_fa(fa) || !term_is(fl_get_term(F, st, s), TT_RAW)) {
        fl_written_through(F, st, s);
        return true;
    }
    /* into plain slots of the frame: those it covers now hold it (8 bytes on one slot), bits
     * that are not followed (part of it), or it is kept across two (8 bytes from a middle); a
     * frame address stored stays one (what it points to is read when the buffer is used) */
    uint32_t lo = fa - 1 + off / 8, hi = fa - 1 + (off + width - 1) / 8;
    uint8_t v = fl_get(F, st, a);
    bc_term vt = fl_get_term(F, st, a);
    uint32_t afa = fl_get_fa(F, st, a);
    if ((v & PTR) && (frame_fa(afa) || afa == MIXED)) v |= FRM;
    if (!frame_fa(afa)) afa = 0;
    if (off % 8 == 0 && width == 8) {
        uint32_t ow = a < F->bc->nslots ? st[a].ow : 0;
        if (!fl_put_t(F, st, pc, lo, v, afa, afa ? TERM_NONE : vt)) return false;
        ow_set(F, st, lo, ow);   /* a copy, as MOV makes */
        return true;
    }
    if (off % 8 == 4 && width == 8) {
        /* the halves of lo and hi it covers overlap nothing else kept across; the others stay */
        cell l = st[lo], h = st[hi];
        st[lo] = (cell){NUM | NUL, 0, 0, TERM_NONE, 0, 0, (uint8_t)(l.hk & 1), {l.hv[0], 0}};
        st[hi] = (cell){NUM | NUL, 0, 0, TERM_NONE, 0, 0, (uint8_t)(h.hk & 2), {0, h.hv[1]}};
        *fl_across(F, st, lo) = (cell){v, afa, 0, (v & PTR) && !afa ? vt : TERM_NONE, 0, (v & PTR) && a < F->bc->nslots ? st[a].ow : 0, 0, {0, 0}};
        return true;
    }
    /* narrower: each 32-bit half it touches holds bits not followed (a known number if it is
     * all of one: a list's count or type id), what was kept across it is gone */
    cell src = a < F->bc->nslots ? st[a] : (cell){NUM, 0, 0, TERM_NONE, 0, 0, 0, {0, 0}};
    for (uint32_t u = off / 4; u <= (off + width - 1) / 4; u++) {
        uint32_t x = fa - 1 + u / 2, half = u % 2;
        if (x >= F->bc->nslots) break;
        /* what is kept across the other half survives (fl_put clears both) */
        cell old = st[x], kept = half ? *fl_across(F, st, x ? x - 1 : x) : *fl_across(F, st, x);
        if (!fl_put(F, st, pc, x, NUM | NUL, 0)) return false;
        if (half && x) *fl_across(F, st, x - 1) = kept;
        if (!half) *fl_across(F, st, x) = kept;
        st[x].hk = (uint8_t)(old.hk & ~(1u << half));
        memcpy(st[x].hv, old.hv, sizeof old.hv);
        if (width == 4 && off % 4 == 0 && (src.hk & 1)) {
            st[x].hk |= (uint8_t)(1u << half);
            st[x].hv[half] = src.hv[0];
        }
    }
    return true;
}

/* A load into slot a of width bytes at off from the plain frame slots the address in s points
 * to: what the store there left. */
bool fl_frame_load(flow *F, cell *st, uint32_t pc, uint32_t a, uint32_t s, uint32_t off, uint32_t width)
{
    uint32_t lo = fl_get_fa(F, st, s) - 1 + off / 8;
    if (width == 8 && off % 8 == 0) {
        /* a frame address read back is one made from a frame address: writes through it are seen */
        uint8_t v = fl_get(F, st, lo);
        uint32_t fa = fl_get_fa(F, st, lo);
        if ((v & PTR) && (frame_fa(fa) || fa == MIXED)) v |= FRM;
        uint32_t ow = lo < F->bc->nslots ? st[lo].ow : 0;
        if (!fl_put_t(F, st, pc, a, v, 0, fl_get_term(F, st, lo))) return false;
        ow_set(F, st, a, ow);
        return true;
    }
    if (width == 8 && off % 8 == 4) {
        cell c = *fl_across(F, st, lo);
        if (!fl_put_t(F, st, pc, a, c.bits, 0, c.ty)) return false;
        ow_set(F, st, a, c.ow);
        return true;
    }
    return fl_put(F, st, pc, a, NUM | NUL, 0);
}

/* The container in slot b of an element instruction at pc (its EXT names the type): an object
 * of exactly that type. Its element: *sub (held by pointer) or *bytes of a number. */
bool fl_need_container(flow *F, const cell *st, uint32_t pc, uint32_t b, const as_dtype **sub, uint32_t *bytes)
{
    const as_type *t = F->bc->consts[F->bc->code[pc + 1].c].cp;
    if (!fl_need_mem(F, st, pc, b)) return false;
    if ((fl_get(F, st, b) & PTR) && fl_get_term(F, st, b) != term_obj(t)) return fl_refuse(F, pc, "not a container of the type", b);
    if (!type_element(t, sub, bytes)) return fl_refuse(F, pc, "a container without one element type", b);
    return true;
}

/* The element width of instruction op (AIDX1 .. AIDX8, AGET*, ASET*). */
uint32_t fl_element_width(unsigned op)
{
    switch (op) {
    case BC_AIDX1: case BC_AGET8: case BC_AGETU8: case BC_ASET8: return 1;
    case BC_AIDX2: case BC_AGET16: case BC_AGETU16: case BC_ASET16: return 2;
    case BC_AIDX4: case BC_AGET32: case BC_ASET32: return 4;
    default: return 8;
    }
}

int fl_load_width(unsigned op)
{
    switch (op) {
    case BC_LD8: case BC_LDU8: case BC_ST8: return 1;
    case BC_LD16: case BC_LDU16: case BC_ST16: return 2;
    case BC_LD32: case BC_ST32: return 4;
    default: return 8;
    }
}
