/* Checking loaded bytecode before it may run: every instruction is a known opcode whose slots are
 * inside the frame, whose constants exist and are of the kind the VM reads them as, whose jumps
 * land on instructions, and whose calls fit their arguments in the frame; the code can't run
 * off its end; the tables (object variables, try blocks, variables) stay inside the frame.
 * Then bc_flow.c follows what each slot may hold (a number, an address, null) through the
 * code and refuses a number where an address is followed (include/angelc.h says to hosts what
 * that guarantees and what it does not). */
#include "bytecode.h"
#include <stdio.h>
#include <string.h>

typedef struct vctx {
    const as_function *f;
    const as_bytecode *bc;
    const bc_ptrmap *globals;
    char *why;
    size_t n;
} vctx;

static bool bad(vctx *v, uint32_t pc, const char *what)
{
    snprintf(v->why, v->n, "instruction %u (%s): %s", pc, v->bc->code[pc].op < BC__COUNT ? as_opcode_names[v->bc->code[pc].op] : "?", what);
    return false;
}

static bool slot_ok(const vctx *v, uint32_t s) { return s < v->bc->nslots; }

static bool jump_ok(const vctx *v, uint32_t pc, int64_t off)
{
    int64_t t = (int64_t)pc + 1 + off;
    /* an EXT holds operands: landing on one would run them */
    return t >= 0 && t < (int64_t)v->bc->ncode && v->bc->code[t].op != BC_EXT;
}

/* The constant K[k] if it exists and is of kind `kind`. */
static const as_slot *konst(const vctx *v, uint32_t k, unsigned kind)
{
    if (k >= v->bc->nconsts || v->bc->kinds[k] != kind) return NULL;
    return &v->bc->consts[k];
}

static bool handle_type(const as_type *t) { return t->kind == TYPE_OBJECT || t->kind == TYPE_FUNCDEF; }

/* Arguments of callee laid out at slot a (the result comes back in a). */
static bool call_fits(const vctx *v, uint32_t a, const as_function *callee)
{
    uint32_t n = callee->nargslots ? callee->nargslots : 1;
    return (uint64_t)a + n <= v->bc->nslots;
}

static bool check_call(vctx *v, uint32_t pc, const as_insn *in)
{
    const as_slot *k = konst(v, in->b, K_FUNC);
    if (!k) return bad(v, pc, "not a function constant");
    const as_function *f = k->cp;
    bool ok;
    switch (in->op) {
    case BC_CALL: ok = f->kind == FN_SCRIPT && f->bc.ncode; break;
    case BC_CALLSYS: ok = f->kind == FN_SYSTEM; break;
    case BC_CALLN: ok = f->kind == FN_SCRIPT && f->bc.ncode && f->objtype; break;
    case BC_CALLSYSN: ok = f->kind == FN_SYSTEM && f->objtype; break;
    BC_CALL_OP_CASES: ok = f->kind == FN_SYSTEM && f->call_op == in->op; break;
    default: ok = f->objtype && (f->kind == FN_SCRIPT || f->kind == FN_INTERFACE || f->kind == FN_SYSTEM); break;
    }
    if (!ok) return bad(v, pc, "wrong kind of function");
    if (!call_fits(v, in->a, f)) return bad(v, pc, "arguments outside the frame");
    return true;
}

static int access_width(unsigned op)
{
    switch (op) {
    case BC_LDG8: case BC_LDGU8: case BC_STG8: return 1;
    case BC_LDG16: case BC_LDGU16: case BC_STG16: return 2;
    case BC_LDG32: case BC_STG32: return 4;
    default: return 8;
    }
}

static bool check_ak(vctx *v, uint32_t pc, const as_insn *in)
{
    unsigned op = in->op;
    if (op == BC_LK) {
        if (in->b >= v->bc->nconsts) return bad(v, pc, "no such constant");
        return true;
    }
    if (op == BC_CALL || op == BC_CALLSYS || op == BC_CALLV || op == BC_CALLN || op == BC_CALLSYSN || bc_is_call_op(op))
        return check_call(v, pc, in);
    if (op >= BC_LDG8 && op <= BC_STG64) {
        const as_slot *k = konst(v, in->b, K_GLOBAL);
        if (!k) return bad(v, pc, "not a global variable");
        int64_t gi = ptrmap_get(v->globals, k->cp);
        const as_module *m = v->f->module;
        if (gi < 0) return bad(v, pc, "unknown global variable");
        const as_global *g = gi < m->globals.count ? m->globals.data[gi] : m->engine->globals.data[gi - m->globals.count];
        int room = g->is_registered ? bc_global_storage(g) : 8;
        if (access_width(op) > room) return bad(v, pc, "access wider than the variable");
        return true;
    }
    if (op == BC_THROW || op == BC_HALT) return bad(v, pc, "not produced by the compiler");
    const as_slot *k = konst(v, in->b, K_TYPE);
    if (!k) return bad(v, pc, "not a type constant");
    const as_type *t = k->cp;
    switch (op) {
    case BC_ADDREF: case BC_FREE:
        if (!handle_type(t)) return bad(v, pc, "not an object type");
        break;
    case BC_DESTROY: {
        if (t->kind != TYPE_OBJECT || !(t->flags & AS_OBJ_VALUE)) return bad(v, pc, "not a value type");
        uint32_t n = (uint32_t)(t->size + 7) / 8;
        if ((uint64_t)in->a + (n ? n : 1) > v->bc->nslots) return bad(v, pc, "object outside the frame");
        break;
    }
    case BC_NEWOBJ:
        if (t->kind != TYPE_OBJECT || !(t->flags & AS_OBJ_SCRIPT_OBJECT) || (t->flags & AS_OBJ_INTERFACE) || !t->module)
            return bad(v, pc, "not a script class");
        break;
    default:
        return bad(v, pc, "unexpected constant operand");
    }
    return true;
}

static bool check_abk(vctx *v, uint32_t pc, const as_insn *in)
{
    if (in->op == BC_DELEGATE) {
        const as_slot *k = konst(v, in->c, K_FUNC);
        if (!k || !((const as_function *)k->cp)->objtype) return bad(v, pc, "not a method constant");
        return true;
    }
    const as_slot *k = konst(v, in->c, K_TYPE);
    if (!k || !handle_type(k->cp)) return bad(v, pc, "not an object type constant");
    return true;
}

/* A container instruction and its EXT: the layout there must be the one the container type
 * has in this engine (bytecode from a host laying its containers out otherwise is refused). */
static bool check_elements(vctx *v, uint32_t pc, const as_insn *in)
{
    unsigned fmt = as_opcode_formats[in->op];
    bool ok = slot_ok(v, in->a) && slot_ok(v, in->b) && (fmt != FMT_ABCX || slot_ok(v, in->c));
    if (!ok) return bad(v, pc, "slot outside the frame");
    if (fmt == FMT_ABJX && !jump_ok(v, pc, (int16_t)in->c)) return bad(v, pc, "jump outside the code");
    if (pc + 1 >= v->bc->ncode || v->bc->code[pc + 1].op != BC_EXT) return bad(v, pc, "no operands after it");
    const as_insn *x = &v->bc->code[pc + 1];
    const as_slot *k = konst(v, x->c, K_TYPE);
    const as_type *t = k ? k->cp : NULL;
    if (!t || !t->elems_direct || t->elems_data != x->a || t->elems_len != x->b)
        return bad(v, pc, "not the container layout of the type");
    return true;
}

static bool check_insn(vctx *v, uint32_t pc)
{
    const as_insn *in = &v->bc->code[pc];
    unsigned op = in->op;
    if (op >= BC__COUNT) return bad(v, pc, "unknown opcode");
    switch (as_opcode_formats[op]) {
    case FMT_NONE:
        if (op == BC_HALT) return bad(v, pc, "not produced by the compiler");
        return true;
    case FMT_A: case FMT_AI:
        if (!slot_ok(v, in->a)) return bad(v, pc, "slot outside the frame");
        if (op == BC_KADDR) {
            /* K[sbx - 1] is the byte length of the constants from K[sbx]: all numbers, all there */
            const as_slot *len = in->sbx > 0 ? konst(v, (uint32_t)in->sbx - 1, K_RAW) : NULL;
            if (!len || len->u64 == 0 || len->u64 > (uint64_t)(v->bc->nconsts - (uint32_t)in->sbx) * 8) return bad(v, pc, "bad constant bytes");
            for (uint32_t i = (uint32_t)in->sbx; i < (uint32_t)in->sbx + (uint32_t)((len->u64 + 7) / 8); i++)
                if (!konst(v, i, K_RAW)) return bad(v, pc, "bad constant bytes");
        }
        return true;
    case FMT_AB: case FMT_ABI: case FMT_ABO:
        if ((op == BC_DIVK_I || op == BC_MODK_I) && ((int16_t)in->c == 0 || (int16_t)in->c == -1))
            return bad(v, pc, "division by 0 or -1 without its check");   /* the VM divides unchecked */
        return (slot_ok(v, in->a) && slot_ok(v, in->b)) || bad(v, pc, "slot outside the frame");
    case FMT_ABC:
        if (!slot_ok(v, in->a) || !slot_ok(v, in->b) || (op != BC_MEMCPY && !slot_ok(v, in->c))) return bad(v, pc, "slot outside the frame");
        return true;
    case FMT_AK:
        if (!slot_ok(v, in->a)) return bad(v, pc, "slot outside the frame");
        return check_ak(v, pc, in);
    case FMT_ABK:
        if (!slot_ok(v, in->a) || !slot_ok(v, in->b)) return bad(v, pc, "slot outside the frame");
        return check_abk(v, pc, in);
    case FMT_J:
        return jump_ok(v, pc, in->sbx) || bad(v, pc, "jump outside the code");
    case FMT_AJ:
        if (!slot_ok(v, in->a)) return bad(v, pc, "slot outside the frame");
        return jump_ok(v, pc, in->sbx) || bad(v, pc, "jump outside the code");
    case FMT_ABJ:
        if (!slot_ok(v, in->a) || !slot_ok(v, in->b)) return bad(v, pc, "slot outside the frame");
        if (op == BC_INCJLTLEN_U) {
            /* reads the operands of the JLTLEN_U on the same slots that must follow it */
            const as_insn *next = pc + 1 < v->bc->ncode ? &v->bc->code[pc + 1] : NULL;
            if (!next || next->op != BC_JLTLEN_U || next->a != in->a || next->b != in->b) return bad(v, pc, "no JLTLEN_U after it");
        }
        return jump_ok(v, pc, (int16_t)in->c) || bad(v, pc, "jump outside the code");
    case FMT_AIJ:
        if (!slot_ok(v, in->a)) return bad(v, pc, "slot outside the frame");
        return jump_ok(v, pc, (int16_t)in->c) || bad(v, pc, "jump outside the code");
    case FMT_AKJ:
        if (!slot_ok(v, in->a)) return bad(v, pc, "slot outside the frame");
        if (!konst(v, in->b, K_RAW)) return bad(v, pc, "not a number constant");
        return jump_ok(v, pc, (int16_t)in->c) || bad(v, pc, "jump outside the code");
    case FMT_AKB: {
        /* JUMPTABLE: K[b] the lowest case, K[b+1 .. b+c] the jump offsets */
        if (!slot_ok(v, in->a)) return bad(v, pc, "slot outside the frame");
        if ((uint32_t)in->b + in->c >= v->bc->nconsts) return bad(v, pc, "table outside the constants");
        for (uint32_t i = 0; i <= in->c; i++) {
            const as_slot *k = konst(v, in->b + i, K_RAW);
            if (!k || (i && !jump_ok(v, pc, k->i32))) return bad(v, pc, "bad jump table");
        }
        return true;
    }
    case FMT_ABCX: case FMT_ABX: case FMT_ABJX:
        return check_elements(v, pc, in);
    case FMT_X: {
        unsigned before = pc ? v->bc->code[pc - 1].op : BC__COUNT;
        bool after_one = before < BC__COUNT && (as_opcode_formats[before] == FMT_ABCX || as_opcode_formats[before] == FMT_ABX ||
                                                as_opcode_formats[before] == FMT_ABJX);
        return after_one || bad(v, pc, "operands without an instruction");
    }
    default:
        return bad(v, pc, "unknown operand layout");
    }
}

bool bc_needs_sentinel(const as_bytecode *bc)
{
    if (!bc->ncode) return true;
    unsigned last = bc->code[bc->ncode - 1].op;
    if (last != BC_RET && last != BC_RETV && last != BC_JMP) return true;
    for (uint32_t pc = 0; pc < bc->ncode; pc++) {
        const as_insn *in = &bc->code[pc];
        if (in->op >= BC__COUNT) continue;
        unsigned fmt = as_opcode_formats[in->op];
        int64_t off;
        if (fmt == FMT_J || fmt == FMT_AJ) off = in->sbx;
        else if (fmt == FMT_ABJ || fmt == FMT_AIJ || fmt == FMT_AKJ || fmt == FMT_ABJX) off = (int16_t)in->c;
        else continue;
        if ((int64_t)pc + 1 + off == (int64_t)bc->ncode) return true;
    }
    return false;
}

bool bc_verify_function(const as_function *f, const bc_ptrmap *globals, char *why, size_t n)
{
    const as_bytecode *bc = &f->bc;
    vctx v = {f, bc, globals, why, n};
    if (bc->nslots < f->nargslots || !bc->ncode) {
        snprintf(why, n, "frame smaller than the arguments");
        return false;
    }
    for (uint32_t pc = 0; pc < bc->ncode; pc++)
        if (!check_insn(&v, pc)) return false;
    unsigned last = bc->code[bc->ncode - 1].op;
    if (last != BC_RET && last != BC_RETV && last != BC_JMP) {
        snprintf(why, n, "the code runs off its end");
        return false;
    }
    for (uint32_t i = 0; i < bc->nobjvars; i++) {
        const as_objvar *o = &bc->objvars[i];
        uint32_t size = o->kind == OV_VALUE ? (uint32_t)dtype_slots(&(as_dtype){o->type, 0}) : 1;
        bool type_ok = handle_type(o->type) && (o->kind != OV_VALUE || (o->type->flags & AS_OBJ_VALUE));
        if ((uint64_t)o->slot + size > bc->nslots || !type_ok || o->start > bc->ncode ||
            (o->end > bc->ncode && o->end != UINT32_MAX)) {
            snprintf(why, n, "object variable %u", i);
            return false;
        }
    }
    for (uint32_t i = 0; i < bc->nvars; i++) {
        if (bc->vars[i].slot >= bc->nslots) {
            snprintf(why, n, "variable %u outside the frame", i);
            return false;
        }
    }
    /* the shape holds: now what the slots may hold where they are used (bc_flow.c) */
    return bc_verify_flow(f, why, n);
}
