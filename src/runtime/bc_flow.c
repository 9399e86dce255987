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
 * A backward jump the VM takes with its trap set lands before its target (the loop's stop):
 * that landing is a path too (trap_landing).
 *
 * Ownership is followed too (bc_flow_own.c): a reference is released only by a slot holding one
 * of its own, and a slot borrowing what was released is no longer followed.
 *
 * A list factory's buffer is walked by its pattern at the call (bc_flow_list.c): its counts and
 * type ids are known numbers (cell.hk), its pointers objects or handles of the pattern's types.
 *
 * What this does not prove: that reference counts balance (a reference overwritten is leaked, not
 * released), that a reference borrowed from memory outlives a call that may release it (the
 * compiler keeps one across calls: a global's handle across an argument's constructor), that an
 * address taken while one object variable lived at a slot is not used after another took the
 * slot, and that a host function keeps no reference it is given past the call. */
#include "bc_flow.h"
#include "util/mem.h"


static const as_function *kfunc(const flow *F, uint32_t k) { return F->bc->consts[k].cp; }

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
        return !(fl_built(F, st)->bits & NUL) || fl_refuse(F, pc, "a return before the value returned is built", 0);
    case BC_NOP: case BC_SUSPEND: case BC_JMP: case BC_EXT: case BC_JUMPTABLE:
    case BC_JT: case BC_JF: case BC_JNULL: case BC_JNNULL: case BC_CHKNULL:
        return true;
    case BC_MOV: return fl_copy_slot(F, st, pc, A, B);
    case BC_LI:
        set(F, st, A, in->sbx ? NUM : NUL);
        if (in->sbx > 0 && in->sbx <= AS_TYPEID_DOUBLE && A < bc->nslots) st[A].kc = KC_IMM | (uint32_t)in->sbx;
        if (A < bc->nslots) fl_set_known(&st[A], (uint64_t)(int64_t)in->sbx);
        return true;
    case BC_LK: {
        unsigned kind = bc->kinds[B];
        const void *k = bc->consts[B].cp;
        uint32_t fa = kind == K_STRING ? FA_KSTRING : kind == K_TYPE ? FA_KTYPE : kind == K_FUNC ? FA_KFUNC : 0;
        const as_global *g = kind == K_GLOBAL ? global_at(F->f->module, k) : NULL;
        if (kind == K_GLOBAL && !g) return fl_refuse(F, pc, "an unknown global's address", A);
        /* a method's constant is no function handle (CALLPTR would call it without its object) */
        t = kind == K_STRING ? term_obj(F->f->module->engine->string_type)
          : kind == K_FUNC ? (((const as_function *)k)->objtype ? TERM_NONE : term_fn(k))
          : g ? term_global_addr(g) : TERM_NONE;
        if (!fl_put_t(F, st, pc, A, kind == K_RAW ? (bc->consts[B].u64 ? NUM : NUL) : kind == K_TYPEID ? NUM : PTR, fa, t)) return false;
        if ((kind == K_TYPE || kind == K_TYPEID) && A < bc->nslots) st[A].kc = B + 1;
        if ((kind == K_RAW || kind == K_TYPEID) && A < bc->nslots) fl_set_known(&st[A], bc->consts[B].u64);
        return true;
    }
    case BC_CLR: set(F, st, A, NUL); return true;
    case BC_ADDR: return fl_put(F, st, pc, A, PTR, B + 1);
    case BC_KADDR:
        /* constant bytes: not to be written or read by the code, only passed to a list factory
         * (kc names the constant holding their length, the bytes follow it) */
        if (!fl_put_t(F, st, pc, A, PTR, FA_KBYTES, term_raw((uint32_t)bc->consts[in->sbx - 1].u64))) return false;
        if (A < bc->nslots) st[A].kc = (uint32_t)in->sbx;
        return true;
    case BC_RETV:
        if (!fl_need_not_kbytes(F, st, pc, A)) return false;
        if (fl_built(F, st)->bits & NUL) return fl_refuse(F, pc, "a return before the value returned is built", A);
        if (F->f->ret.flags & DT_REF) {
            /* a reference the caller follows as its declared type: not into this frame */
            bc_term want = term_of_dtype(&F->f->ret), x = fl_get_term(F, st, A);
            if (!fl_need_ptr(F, st, pc, A)) return false;
            if (!(fl_get(F, st, A) & PTR)) return true;
            if ((fl_get(F, st, A) & FRM) || frame_fa(fl_get_fa(F, st, A)) || fl_get_fa(F, st, A) == MIXED) return fl_refuse(F, pc, "a reference into the frame returned", A);
            bool ok = term_is(want, TT_OBJ) ? term_fits(x, term_type(want)) : term_is(want, TT_HREF) ? x == want
                    : term_is(x, TT_RAW) && term_bytes(x) >= term_bytes(want);
            return ok || fl_refuse(F, pc, "a returned reference of another type", A);
        }
        if (fl_is_address_type(&F->f->ret) || F->f->has_retloc) {
            if (!fl_need_ptr(F, st, pc, A)) return false;
            /* the caller releases a handle returned: this frame's own reference */
            if (!F->f->has_retloc && ow_counted(&F->f->ret) && !ow_need_owned(F, st, pc, A)) return false;
            if (!F->f->has_retloc && (fl_get(F, st, A) & PTR) && !term_fits(fl_get_term(F, st, A), F->f->ret.type))
                return fl_refuse(F, pc, "a returned handle of another type", A);
        }
        return true;
    case BC_LD8: case BC_LDU8: case BC_LD16: case BC_LDU16: case BC_LD32: case BC_LD64:
        if (!fl_need_bytes(F, st, pc, B, in->c, (uint32_t)fl_load_width(op), &t, &ptrm)) return false;
        if (frame_fa(fl_get_fa(F, st, B)) && term_is(fl_get_term(F, st, B), TT_RAW)) return fl_frame_load(F, st, pc, A, B, in->c, (uint32_t)fl_load_width(op));
        if (ptrm) set_t(F, st, A, PTR | NUL, t);
        else set(F, st, A, NUM | NUL);
        ow_set(F, st, A, OW_MEM);   /* borrowed from the object it was loaded from */
        return true;
    case BC_ST8: case BC_ST16: case BC_ST32: case BC_ST64:
        return fl_need_store(F, st, pc, A, B, in->c, (uint32_t)fl_load_width(op));
    case BC_PADD: {
        if (!fl_need_bytes(F, st, pc, B, in->c, 0, &t, &ptrm)) return false;
        /* an address into an object lives as long as the object: one borrowed is followed as
         * long as a reference loaded from memory would be */
        uint32_t ow = B < bc->nslots && st[B].ow ? OW_MEM : 0;
        set_t(F, st, A, (fl_get(F, st, B) & FRM) || frame_fa(fl_get_fa(F, st, B)) || fl_get_fa(F, st, B) == MIXED ? PTR | FRM : PTR, t);
        ow_set(F, st, A, ow);
        return true;
    }
    case BC_MEMCPY: {
        bc_term ta = fl_get_term(F, st, A), tb = fl_get_term(F, st, B);
        if (!fl_need_mem(F, st, pc, A) || !fl_need_mem(F, st, pc, B)) return false;
        bool ok_a = term_is(ta, TT_RAW) ? term_bytes(ta) >= in->c : term_is(ta, TT_OBJ) && term_type(ta)->kind == TYPE_OBJECT &&
                    (term_type(ta)->flags & AS_OBJ_POD) && (uint32_t)term_type(ta)->size >= in->c;
        bool ok_b = term_is(tb, TT_RAW) ? term_bytes(tb) >= in->c : tb == ta && ok_a;
        if (!ok_a || !ok_b) return fl_refuse(F, pc, "a copy between memory of other kinds or sizes", A);
        fl_written_through(F, st, A);
        return true;
    }
    case BC_AIDX1: case BC_AIDX2: case BC_AIDX4: case BC_AIDX8: case BC_AIDXP:
    case BC_AGET8: case BC_AGETU8: case BC_AGET16: case BC_AGETU16: case BC_AGET32: case BC_AGET64: {
        if (!fl_need_container(F, st, pc, B, &sub, &bytes)) return false;
        uint32_t w = fl_element_width(op);
        if (w != bytes || (op == BC_AIDXP && !sub)) return fl_refuse(F, pc, "not the element size of the container", B);
        if (op == BC_AIDXP || (op == BC_AGET64 && sub)) set_t(F, st, A, PTR | NUL, term_obj(sub->type));
        else if (op >= BC_AIDX1 && op <= BC_AIDX8) set_t(F, st, A, PTR, sub ? term_href(sub->type) : term_raw(w));
        else set(F, st, A, NUM | NUL);
        ow_set(F, st, A, OW_MEM);   /* an element (or its address): the container's */
        return true;
    }
    case BC_ASET8: case BC_ASET16: case BC_ASET32: case BC_ASET64:
        if (!fl_need_container(F, st, pc, B, &sub, &bytes)) return false;
        if (sub || fl_element_width(op) != bytes) return fl_refuse(F, pc, "not a number element of the size", B);
        return true;
    case BC_ALEN: case BC_JLTLEN_U: case BC_INCJLTLEN_U: {
        if (op == BC_INCJLTLEN_U) {
            if (!fl_need_mem(F, st, pc, B)) return false;   /* the JLTLEN_U after it checks the container */
        } else if (!fl_need_container(F, st, pc, B, &sub, &bytes)) {
            return false;
        }
        if (op != BC_JLTLEN_U) set(F, st, A, NUM);
        return true;
    }
    case BC_LDG64: {
        const as_global *g = global_at(F->f->module, bc->consts[B].cp);
        if (!g) return fl_refuse(F, pc, "an unknown global", A);
        t = term_global_addr(g);
        if (term_is(t, TT_HREF)) set_t(F, st, A, PTR | NUL, term_obj(term_type(t)));
        else set(F, st, A, NUM | NUL);
        ow_set(F, st, A, OW_MEM);
        return true;
    }
    case BC_STG64: case BC_STG32: case BC_STG16: case BC_STG8: {
        const as_global *g = global_at(F->f->module, bc->consts[B].cp);
        if (!g) return fl_refuse(F, pc, "an unknown global", A);
        t = term_global_addr(g);
        if (term_is(t, TT_OBJ)) return fl_refuse(F, pc, "a store over a value object", A);
        if (term_is(t, TT_HREF) && op != BC_STG64) return fl_refuse(F, pc, "part of a handle stored", A);
        if (term_is(t, TT_HREF) && ((fl_get(F, st, A) & NUM) || ((fl_get(F, st, A) & PTR) && !term_fits(fl_get_term(F, st, A), term_type(t)))))
            return fl_refuse(F, pc, "a store of another type into a handle", A);
        if (term_is(t, TT_HREF)) {
            if (!ow_need_owned(F, st, pc, A)) return false;
            ow_hand_over(F, st, A);   /* the global holds the reference now */
        }
        return true;
    }
    case BC_CALL: case BC_CALLN: case BC_CALLV: case BC_CALLSYS: case BC_CALLSYSN: BC_CALL_OP_CASES: {
        const as_function *callee = kfunc(F, B);
        /* an instruction of its own (vm/callops.h) checks its object for null itself */
        bool native = op == BC_CALLSYS || op == BC_CALLSYSN || bc_is_call_op(op) || (op == BC_CALLV && callee->kind == FN_SYSTEM);
        F->nullchk = op == BC_CALLN || op == BC_CALLSYSN || bc_is_call_op(op);
        F->pure = op >= BC_SQRT_F && op <= BC_CALLD2;
        bool ok = fl_do_call(F, st, pc, A, callee, native);
        F->nullchk = F->pure = false;
        return ok;
    }
    case BC_CALLPTR:
        return fl_call_handle(F, st, pc, A, B);
    case BC_ADDREF: {
        const as_type *k = bc->consts[B].cp;
        if (!fl_need_handle(F, st, pc, A, k)) return false;
        /* a function counted as a funcdef's handle (`c ? f : g`): held as that funcdef now */
        if (k->kind == TYPE_FUNCDEF && (fl_get(F, st, A) & PTR) && !frame_fa(st[A].fa)) st[A].ty = term_obj(k);
        /* a reference of its own now; counted over a borrowed one, releasing it drops only that */
        bool extra = A < bc->nslots && (st[A].ow == OW_MEM || st[A].ow == 0);
        ow_set(F, st, A, ow_new_extra(F, st, pc, extra));
        return true;
    }
    case BC_FREE: {
        if (!fl_need_handle(F, st, pc, A, bc->consts[B].cp) || !ow_need_owned(F, st, pc, A)) return false;
        uint32_t ow = st[A].ow;
        bool held = fl_get(F, st, A) & PTR;
        set(F, st, A, NUL);
        if (held) ow_release(F, st, ow, A);
        return true;
    }
    case BC_HSET: {
        const as_type *k = bc->consts[in->c].cp;
        if (!fl_need_handle(F, st, pc, A, k) || !fl_need_handle(F, st, pc, B, k) || !ow_need_owned(F, st, pc, A)) return false;
        uint32_t ow = st[A].ow;
        bool held = fl_get(F, st, A) & PTR;
        if (k->kind == TYPE_FUNCDEF && (fl_get(F, st, B) & PTR)) {
            if (!fl_put_t(F, st, pc, A, fl_get(F, st, B), 0, term_obj(k))) return false;
        } else if (!fl_copy_slot(F, st, pc, A, B)) {
            return false;
        }
        /* counted: a reference of its own (as the VM adds it first), then the one it held
         * released (renamed if made here on an earlier pass) */
        uint32_t t = ow_new(F, st, pc);
        if (ow == t) ow |= OW_OLD;
        ow_set(F, st, A, t);
        if (held) ow_release(F, st, ow, A);
        return true;
    }
    case BC_HSETM: {
        const as_type *k = bc->consts[in->c].cp;
        if (!fl_need_bytes(F, st, pc, A, 0, 8, &t, &ptrm) || !fl_need_handle(F, st, pc, B, k)) return false;
        if (fl_get(F, st, A) & PTR) {
            bc_term h = fl_get_term(F, st, A);
            if (!term_is(h, TT_HREF) || !type_fits(term_type(h), k)) return fl_refuse(F, pc, "not the address of a handle of the type", A);
            if ((fl_get(F, st, B) & PTR) && !term_fits(fl_get_term(F, st, B), term_type(h))) return fl_refuse(F, pc, "a handle of another type stored", B);
        }
        if (!ow_need_owned_through(F, st, pc, A)) return false;
        fl_written_through(F, st, A);
        ow_kill_mem(F, st);   /* what the handle held is released */
        return true;
    }
    case BC_DESTROY: {
        const as_type *k = bc->consts[B].cp;
        if (!fl_tracked(k)) return true;
        uint32_t ti = fl_type_index(F, k);
        if (!ti || st[A].ct != ti) return fl_refuse(F, pc, "no value object of the type to destroy", A);
        st[A].ct = 0;
        fl_overwritten(F, st, A, fl_span_of(k));   /* what the destructor leaves is not followed */
        ow_kill_mem(F, st);   /* a destructor may release anything */
        return true;
    }
    case BC_NEWOBJ:
        set_t(F, st, A, PTR, term_obj(bc->consts[B].cp));
        ow_set(F, st, A, ow_new(F, st, pc));
        return true;
    case BC_CAST: {
        const as_type *k = bc->consts[in->c].cp;
        if (!fl_need_ptr(F, st, pc, B)) return false;
        bc_term x = fl_get_term(F, st, B);
        if ((fl_get(F, st, B) & PTR) && !(term_is(x, TT_OBJ) && (term_type(x)->flags & AS_OBJ_SCRIPT_OBJECT)))
            return fl_refuse(F, pc, "a cast of something not known to be a script object", B);
        set_t(F, st, A, PTR | NUL, term_obj(k));
        ow_set(F, st, A, ow_new(F, st, pc));   /* a new reference */
        return true;
    }
    case BC_DELEGATE: {
        const as_function *m = kfunc(F, in->c);
        if (!fl_need_handle(F, st, pc, B, m->objtype)) return false;
        set_t(F, st, A, PTR, term_fn(m));
        ow_set(F, st, A, ow_new(F, st, pc));
        return true;
    }
    case BC_SAMETYPE:
        for (uint32_t s = A;; s = B) {
            bc_term x = fl_get_term(F, st, s);
            if (!fl_need_ptr(F, st, pc, s)) return false;
            if ((fl_get(F, st, s) & PTR) && !(term_is(x, TT_OBJ) && (term_type(x)->flags & AS_OBJ_SCRIPT_OBJECT)))
                return fl_refuse(F, pc, "not known to be a script object", s);
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

/* Where the VM lands when a backward jump to t is trapped (a budget, a line callback, a
 * suspend: vm.c's JUMP): on the loop's stop just before t, or before the load before t, from
 * where the code runs on to t; UINT32_MAX if nowhere else. */
static uint32_t trap_landing(const as_bytecode *bc, uint32_t pc, int64_t off)
{
    int64_t t = (int64_t)pc + 1 + off;
    if (off >= 0 || t < 1) return UINT32_MAX;
    if (bc->code[t - 1].op == BC_SUSPEND) return (uint32_t)t - 1;
    if (t >= 2 && bc_is_load(bc->code[t - 1].op) && bc->code[t - 2].op == BC_SUSPEND) return (uint32_t)t - 2;
    return UINT32_MAX;
}

static uint32_t meet(uint32_t a, uint32_t b) { return a == b ? a : MIXED; }

/* The type of the address a cell holds in state st (a frame address's from the state). */
static bc_term cell_term(const flow *F, const cell *st, uint32_t s)
{
    return frame_fa(st[s].fa) ? fl_frame_term(F, st, st[s].fa - 1) : st[s].ty;
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
        ow_merge(F, in, st, F->owout, pc);
        for (uint32_t s = 0; s < n; s++) {
            cell *c = &in[s];
            cell m = {(uint8_t)(c->bits | st[s].bits), meet(c->fa, st[s].fa), meet(c->ct, st[s].ct), TERM_NONE, c->kc == st[s].kc ? c->kc : 0,
                      s < 2 * F->bc->nslots ? F->owout[s] : 0, 0, {c->hv[0], c->hv[1]}};
            /* a half known on both paths, the same number */
            for (unsigned h = 0; h < 2; h++)
                if ((c->hk & st[s].hk & (1u << h)) && c->hv[h] == st[s].hv[h]) m.hk |= (uint8_t)(1u << h);
            if (!frame_fa(m.fa)) {
                /* the type of the address on the paths where it is one */
                bc_term a = cell_term(F, in, s), b = cell_term(F, st, s);
                m.ty = !(c->bits & PTR) ? b : !(st[s].bits & PTR) ? a : term_meet(a, b);
                if (!(m.bits & PTR)) m.ty = TERM_NONE;
            }
            if (m.bits != c->bits || m.fa != c->fa || m.ct != c->ct || m.ty != c->ty || m.kc != c->kc || m.ow != c->ow || m.hk != c->hk) {
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
            if (o->kind == OV_HANDLE) {
                /* released: whatever shares its reference dies */
                uint32_t ow = tmp[o->slot].ow;
                bool held = tmp[o->slot].bits & PTR;
                tmp[o->slot].bits = NUL;
                tmp[o->slot].hk = 0;
                tmp[o->slot].ow = 0;
                if (held) ow_release(F, tmp, ow, o->slot);
            } else {
                tmp[o->slot].ct = 0;
                ow_kill_mem(F, tmp);
            }
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
        if (o->kind == OV_HANDLE && (fl_get(F, st, o->slot) & NUM))
            return fl_refuse(F, pc, "an object variable that may hold a number", o->slot);
        if (o->kind == OV_HANDLE && (fl_get(F, st, o->slot) & PTR) && !term_fits(fl_get_term(F, st, o->slot), o->type))
            return fl_refuse(F, pc, "an object variable holding another type", o->slot);
        if (o->kind == OV_HANDLE && (fl_get(F, st, o->slot) & PTR) && !ow_token(st[o->slot].ow))
            return fl_refuse(F, pc, "an object variable holding a reference it does not own", o->slot);
        /* the unwinder releases each: two sharing one reference would release it twice */
        for (uint32_t j = 0; o->kind == OV_HANDLE && j < i; j++) {
            const as_objvar *p = &F->bc->objvars[j];
            if (p->kind == OV_HANDLE && p->slot != o->slot && pc >= p->start && pc < p->end && p->slot < F->bc->nslots &&
                (fl_get(F, st, o->slot) & PTR) && st[o->slot].ow == st[p->slot].ow)
                return fl_refuse(F, pc, "object variables sharing one reference", o->slot);
        }
        if (o->kind == OV_VALUE && fl_tracked(o->type)) {
            uint32_t ti = fl_type_index(F, o->type);
            if (!ti || st[o->slot].ct != ti) return fl_refuse(F, pc, "an object variable not constructed there", o->slot);
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
        if (has && trap_landing(bc, pc, off) != UINT32_MAX) flow_into(F, trap_landing(bc, pc, off), st);
        if (in->op == BC_JUMPTABLE)
            for (uint32_t i = 1; i <= in->c; i++) {
                int32_t o = bc->consts[in->b + i].i32;
                flow_into(F, (uint32_t)((int64_t)pc + 1 + o), st);
                if (trap_landing(bc, pc, o) != UINT32_MAX) flow_into(F, trap_landing(bc, pc, o), st);
            }
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
        if (has && trap_landing(bc, pc, off) != UINT32_MAX) F->leader[trap_landing(bc, pc, off)] = 1;
        if (in->op == BC_JUMPTABLE)
            for (uint32_t i = 1; i <= in->c; i++) {
                int32_t o = bc->consts[in->b + i].i32;
                F->leader[(int64_t)pc + 1 + o] = 1;
                if (trap_landing(bc, pc, o) != UINT32_MAX) F->leader[trap_landing(bc, pc, o)] = 1;
            }
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
                uint32_t n = (nx->c + (uint32_t)fl_load_width(nx->op) + 7) / 8;
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
    for (uint32_t s = 0; s < 2 * F->bc->nslots; s++) st[s] = (cell){s < F->bc->nslots ? ANY : NUM, 0, 0, TERM_NONE, 0, 0, 0, {0, 0}};
    /* the value to return: fl_built(PTR) or maybe not yet (NUL) */
    *fl_built(F, st) = (cell){fl_needs_building(f) ? NUL : PTR, 0, 0, TERM_NONE, 0, 0, 0, {0, 0}};
    /* the return location is room, not an object, until something is built there */
    if (f->has_retloc) st[0] = (cell){PTR, FA_RETLOC, 0, term_raw(fl_span_of(f->ret.type) * 8), 0, 0, 0, {0, 0}};
    if (function_takes_object(f)) st[f->this_slot] = (cell){PTR, 0, 0, term_obj(f->objtype), 0, 0, 0, {0, 0}};
    for (int i = 0; f->param_slot && i < f->params.count; i++) {
        const as_param *p = &f->params.data[i];
        uint32_t s = f->param_slot[i];
        if ((f->attrs & FA_VARIADIC) && i == f->params.count - 1) break;
        if (p->type.type->kind == TYPE_VARTYPE) { st[s].bits = PTR | NUL; st[s + 1].bits = NUM; }
        else if (p->inout != INOUT_NONE) {
            st[s].bits = PTR | NUL;
            st[s].ty = term_of_dtype(&(as_dtype){p->type.type, (uint8_t)(p->type.flags | DT_REF)});
        } else if (fl_is_address_type(&p->type)) {
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
    uint32_t *owroom = mem_alloc(10 * (size_t)ns * sizeof(uint32_t));
    if (owroom) {
        F.owtok = owroom;
        F.owpar = owroom + 4 * ns;
        F.owout = owroom + 8 * ns;
    }
    bool ok = F.taken && F.leader && F.queued && F.in && F.work && st && tmp && owroom;
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
    if (!F.taken || !F.leader || !F.queued || !F.in || !F.work || !st || !tmp || !owroom || F.oom) {
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
    mem_free(owroom);
#undef F
    mem_free(Fp);
    return ok;
}
