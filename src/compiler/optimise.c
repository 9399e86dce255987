/* The bytecode optimiser: runs on a function's finished code (fc_finish), before its tables are
 * handed to the VM, unless the engine's AS_EP_OPTIMIZE_BYTECODE is 0.
 *
 *  1. Handle references the VM need not count. A handle held from ADDREF (or a CLR + HSET of a
 *     local) to its FREE over straight code that can run nothing else (no call, release,
 *     destruction, allocation, jump or statement where a line callback could run host code) is
 *     borrowed: whatever kept the object alive before keeps it alive until the FREE. The count
 *     and its object-variable entry go (the exception unwinder has nothing to release).
 *     A local's CLR + HSET that must stay counted becomes a load straight into it + ADDREF.
 *  2. Fusions: AIDXn + the load or store of the element -> AGETn / ASETn; `i++` followed by the
 *     loop's compare-and-jump -> INCJ* (the compare stays after it for the loop's entry);
 *     a store followed by the load of the same field; a value computed into a temporary and
 *     then moved into its variable is computed into the variable.
 *  3. NOPs (placeholders the compiler did not need, and what the steps above left) are removed,
 *     with every pc of the function's tables moved accordingly.
 *  4. Loops' backward jumps skip the loop's stop (SUSPEND), which the VM visits only when it
 *     has something to do there, and the body's first load when the condition just made it.
 * Each step keeps the function's observable behaviour: values, exceptions (message and line),
 * line callbacks (no statement start moves across an instruction with an effect) and what the
 * exception unwinder releases. */
#include "emit.h"
#include "util/mem.h"
#include <string.h>

enum { USE_READ = 1, USE_WRITE = 2 };

typedef struct opt {
    fc *f;
    as_insn *code;
    uint32_t n;
    uint8_t *target;        /* a jump or a catch block lands here */
    uint8_t *line;          /* 1: a line entry here, 2: a statement start (line callback) here */
    /* pcs where a slot's address (ADDR) may be held: ranges [from, to), one per ADDR of the slot
     * (a slot reused by several variables is exposed only where each of them is), listed from
     * expo_head[s] through next (indexes + 1; 0 ends a list) */
    struct expo_range { uint32_t from, to, next; } *expo;
    uint32_t nexpo, expo_cap;
    uint32_t *expo_head;
    uint8_t *ov_slot;       /* per slot: some object variable is on it */
    uint8_t *value_start;   /* per pc: a value object's variable starts here */
    uint32_t nslots;
    uint32_t *seen;         /* liveness search: generation stamps per pc */
    uint32_t gen;
    uint32_t *stack;
} opt;

static bool has_ext(const as_insn *in)
{
    unsigned fmt = as_opcode_formats[in->op];
    return fmt == FMT_ABCX || fmt == FMT_ABX || fmt == FMT_ABJX;
}

static bool is_call(unsigned op)
{
    return op == BC_CALL || op == BC_CALLSYS || op == BC_CALLV || op == BC_CALLPTR || op == BC_CALLN || op == BC_CALLSYSN;
}
static bool is_store(unsigned op) { return op >= BC_ST8 && op <= BC_ST64; }

/* Slots of a value object of the type in constant k (at least one). */
static uint32_t value_slots(const opt *o, uint32_t k)
{
    if (k >= (uint32_t)o->f->consts.count) return 1;
    const as_type *t = o->f->consts.data[k].cp;
    uint32_t n = t ? (uint32_t)(t->size + 7) / 8 : 1;
    return n ? n : 1;
}

/* What instruction in does with slot s: USE_READ and/or USE_WRITE (calls read every slot from
 * their base up and write the base; slots whose address is taken are the caller's business). */
static int slot_use(const opt *o, const as_insn *in, uint32_t s)
{
    unsigned op = in->op;
    if (is_call(op)) {
        int u = s >= in->a ? USE_READ | USE_WRITE : 0;
        if (op == BC_CALLPTR && s == in->b) u |= USE_READ;
        return u;
    }
    switch (op) {
    case BC_RETV: case BC_CHKNULL: case BC_ADDREF: case BC_JT: case BC_JF: case BC_JNULL: case BC_JNNULL:
    case BC_JUMPTABLE: case BC_JEQK_I: case BC_JNEK_I: case BC_JLTK_I: case BC_JLEK_I: case BC_JGTK_I: case BC_JGEK_I:
    case BC_JEQC_I: case BC_JNEC_I: case BC_JLTC_I: case BC_JLEC_I: case BC_JGTC_I: case BC_JGEC_I:
    case BC_STG8: case BC_STG16: case BC_STG32: case BC_STG64:
        return s == in->a ? USE_READ : 0;
    case BC_INCJLTK_I: case BC_INCJLEK_I: case BC_INCJLTC_I: case BC_INCJLEC_I:
        return s == in->a ? USE_READ | USE_WRITE : 0;
    case BC_INCJLT_I: case BC_INCJLE_I: case BC_INCJLT_U: case BC_INCJLE_U: case BC_INCJLTLEN_U:
        return (s == in->a ? USE_READ | USE_WRITE : 0) | (s == in->b ? USE_READ : 0);
    case BC_JLTLEN_U:
        return s == in->a || s == in->b ? USE_READ : 0;
    case BC_FREE:
        return s == in->a ? USE_READ | USE_WRITE : 0;
    case BC_DESTROY:
        return s >= in->a && s < in->a + value_slots(o, in->b) ? USE_READ | USE_WRITE : 0;
    case BC_HSET:
        return (s == in->a ? USE_READ | USE_WRITE : 0) | (s == in->b ? USE_READ : 0);
    case BC_HSETM: case BC_SAMETYPE: case BC_MEMCPY:
        return s == in->a || s == in->b ? USE_READ : 0;
    case BC_ASET8: case BC_ASET16: case BC_ASET32: case BC_ASET64:
        return s == in->a || s == in->b || s == in->c ? USE_READ : 0;
    case BC_NOP: case BC_RET: case BC_HALT: case BC_SUSPEND: case BC_JMP: case BC_THROW: case BC_EXT:
        return 0;
    default:
        break;
    }
    if (is_store(op)) return s == in->a || s == in->b ? USE_READ : 0;
    switch (as_opcode_formats[op]) {
    case FMT_A: case FMT_AI: case FMT_AK:   /* CLR, LI, LK, LDG*, NEWOBJ */
        return s == in->a ? USE_WRITE : 0;
    case FMT_AB: case FMT_ABI: case FMT_ABO: case FMT_ABK: case FMT_ABX:
        return (s == in->b ? USE_READ : 0) | (s == in->a ? USE_WRITE : 0);
    case FMT_ABC: case FMT_ABCX:
        return (s == in->b || s == in->c ? USE_READ : 0) | (s == in->a ? USE_WRITE : 0);
    case FMT_ABJ:
        return s == in->a || s == in->b ? USE_READ : 0;
    case FMT_AJ: case FMT_AIJ: case FMT_AKJ: case FMT_AKB:
        return s == in->a ? USE_READ : 0;
    default:
        return USE_READ | USE_WRITE;
    }
}

/* Where the jump at pc goes, or UINT32_MAX. */
static uint32_t target_of(const as_insn *in, uint32_t pc)
{
    switch (as_opcode_formats[in->op]) {
    case FMT_J: case FMT_AJ: return (uint32_t)((int64_t)pc + 1 + in->sbx);
    case FMT_ABJ: case FMT_AIJ: case FMT_AKJ: case FMT_ABJX: return (uint32_t)((int64_t)pc + 1 + (int16_t)in->c);
    default: return UINT32_MAX;
    }
}

static uint32_t next_pc(const opt *o, uint32_t pc) { return pc + (has_ext(&o->code[pc]) ? 2 : 1); }

/* An OV_HANDLE object variable on slot s live at pc (the unwinder would read it there). */
static bool objvar_live(const opt *o, uint32_t s, uint32_t pc)
{
    if (s >= o->nslots || !o->ov_slot[s]) return false;
    for (int i = 0; i < o->f->objvars.count; i++) {
        const as_objvar *v = &o->f->objvars.data[i];
        if (v->slot == s && pc >= v->start && pc < v->end) return true;
    }
    return false;
}

/* Instructions that read memory through a pointer (which may be a slot's address: ADDR). */
static bool reads_memory(unsigned op)
{
    return is_call(op) || bc_is_load(op) || is_store(op) || op == BC_HSETM || op == BC_MEMCPY || op == BC_DESTROY ||
           op == BC_CAST || op == BC_SAMETYPE || (op >= BC_AIDX1 && op <= BC_ASET64) || op == BC_JLTLEN_U ||
           op == BC_INCJLTLEN_U;
}

/* Whether a value object whose variable starts at pc occupies slot s. */
static bool value_built(const opt *o, uint32_t pc, uint32_t s)
{
    for (int i = 0; i < o->f->objvars.count; i++) {
        const as_objvar *v = &o->f->objvars.data[i];
        if (v->kind == OV_VALUE && v->start == pc && s >= v->slot && s < v->slot + (uint32_t)dtype_slots(&(as_dtype){v->type, 0}))
            return true;
    }
    return false;
}

/* Whether slot s's address may be held at pc. */
static bool exposed(const opt *o, uint32_t s, uint32_t pc)
{
    for (uint32_t i = o->expo_head[s]; i; i = o->expo[i - 1].next)
        if (pc >= o->expo[i - 1].from && pc < o->expo[i - 1].to) return true;
    return false;
}

/* Whether slot s is dead after the instruction at pc: on every path from there it is written
 * before it is read (or the function returns). Gives up (false) on anything unusual. */
static bool dead_after(opt *o, uint32_t pc, uint32_t s)
{
    if (s >= o->nslots) return false;
    if (++o->gen == 0) {
        memset(o->seen, 0, sizeof *o->seen * o->n);
        o->gen = 1;
    }
    uint32_t sp = 0, steps = 0;
    o->stack[sp++] = next_pc(o, pc);
    while (sp) {
        uint32_t q = o->stack[--sp];
        for (;;) {
            if (q >= o->n) return false;
            if (o->seen[q] == o->gen) break;
            o->seen[q] = o->gen;
            if (++steps > 400) return false;
            const as_insn *in = &o->code[q];
            /* a catch block in this function may run after any instruction of its try block */
            for (int k = 0; k < o->f->trys.count; k++) {
                const as_tryinfo *t = &o->f->trys.data[k];
                if (q >= t->start && q < t->end) {
                    if (sp >= o->n) return false;
                    o->stack[sp++] = t->handler;
                }
            }
            /* an object built in place over s (its variable starts here): s was written */
            if (o->value_start[q] && value_built(o, q, s)) break;
            int u = slot_use(o, in, s);
            if ((u & USE_READ) || (reads_memory(in->op) && exposed(o, s, q))) return false;
            if (u & USE_WRITE) break;
            if (objvar_live(o, s, q)) return false;
            unsigned op = in->op;
            if (op == BC_RET || op == BC_RETV || op == BC_HALT || op == BC_THROW) break;
            if (op == BC_JUMPTABLE) return false;
            uint32_t t = target_of(in, q);
            if (t != UINT32_MAX) {
                if (op == BC_JMP) { q = t; continue; }
                if (sp >= o->n) return false;
                o->stack[sp++] = t;
            }
            q = next_pc(o, q);
        }
    }
    return true;
}

/* Instructions that can run no code and release nothing: a borrowed handle stays valid across
 * them. (Stores of handles go through HSETM; ADDREF only adds; CAST adds to its result.) */
static bool harmless(unsigned op)
{
    if (is_call(op) || op == BC_RET || op == BC_RETV || op == BC_HALT || op == BC_FREE || op == BC_HSET ||
        op == BC_HSETM || op == BC_DESTROY || op == BC_NEWOBJ || op == BC_DELEGATE || op == BC_SUSPEND ||
        op == BC_JUMPTABLE || op >= BC__COUNT)
        return false;
    return target_of(&(as_insn){.op = (uint16_t)op}, 0) == UINT32_MAX;
}

/* The straight code between acquiring slot x's reference at acq and its FREE at rel keeps the
 * object alive without the reference (see the top of the file). */
static bool window_borrows(const opt *o, uint32_t acq, uint32_t rel, uint32_t x, int self)
{
    if (o->target[rel]) return false;
    for (uint32_t q = next_pc(o, acq); q < rel; q = next_pc(o, q)) {
        const as_insn *in = &o->code[q];
        if (o->target[q] || (o->line[q] & 2) || !harmless(in->op)) return false;
        if (slot_use(o, in, x) & USE_WRITE) return false;
        /* the pointer copied somewhere that owns what it holds */
        if ((in->op == BC_ST64 || in->op == BC_STG64) && in->a == x) return false;
    }
    for (int i = 0; i < o->f->objvars.count; i++) {
        const as_objvar *v = &o->f->objvars.data[i];
        if (i == self) continue;
        /* another owner of x ending at the same FREE (paths joining there) */
        if (v->slot == x && v->end == rel + 1) return false;
        /* an owner starting inside the window by anything but its own ADDREF or CLR */
        if (v->start > acq + 1 && v->start <= rel) {
            const as_insn *a = &o->code[v->start - 1];
            if (!((a->op == BC_ADDREF || a->op == BC_CLR) && a->a == v->slot)) return false;
        }
    }
    return true;
}

static void make_nop(as_insn *in) { memset(in, 0, sizeof *in); in->op = BC_NOP; }

/* The instruction before pc defines slot x by loading it from memory (a member, an element,
 * a global): the pointer is held where it was loaded from. Not a call's result, which may be
 * an object nothing holds yet. */
static bool loaded_before(const opt *o, uint32_t pc, uint32_t x)
{
    if (pc == 0 || o->target[pc]) return false;
    uint32_t d = pc - 1;
    if (o->code[d].op == BC_EXT) {
        if (d == 0) return false;
        d--;
    }
    unsigned op = o->code[d].op;
    return o->code[d].a == x && (op == BC_LD64 || op == BC_AGET64 || op == BC_LDG64 || op == BC_AIDXP);
}

/* Instructions that only compute their a operand from other slots or constants (so the value
 * could be computed into another slot), and cannot raise an exception when `quiet`. */
static bool pure_def(unsigned op, bool quiet)
{
    switch (as_opcode_formats[op]) {
    case FMT_AB:
        return op != BC_ADDR && op != BC_SAMETYPE && op != BC_CALLPTR;
    case FMT_ABC:
        if (op == BC_MEMCPY) return false;
        if (quiet && (op == BC_DIV_I || op == BC_MOD_I || op == BC_DIV_U || op == BC_MOD_U || op == BC_DIV_L ||
                      op == BC_MOD_L || op == BC_DIV_UL || op == BC_MOD_UL || op == BC_DIV_F || op == BC_MOD_F ||
                      op == BC_DIV_D || op == BC_MOD_D || op == BC_POW_I || op == BC_POW_U || op == BC_POW_L ||
                      op == BC_POW_UL || op == BC_POW_F || op == BC_POW_D || op == BC_POWI_F || op == BC_POWI_D))
            return false;
        return true;
    case FMT_ABI: case FMT_AI:
        return true;
    case FMT_AK:
        return op == BC_LK || (op >= BC_LDG8 && op <= BC_LDG64);
    case FMT_ABO:
        return !quiet && (bc_is_load(op) || op == BC_PADD);
    case FMT_ABX: case FMT_ABCX:
        return !quiet && (op == BC_ALEN || (op >= BC_AIDX1 && op <= BC_AIDXP) || (op >= BC_AGET8 && op <= BC_AGET64));
    default:
        return false;
    }
}

/* ------------------------------------------------------------------ 1. borrowed handles */

static void borrow_handles(opt *o)
{
    fc *f = o->f;
    for (int i = 0; i < f->objvars.count; i++) {
        as_objvar *v = &f->objvars.data[i];
        if (v->kind != OV_HANDLE || v->start == 0 || v->end <= v->start || v->end > o->n) continue;
        uint32_t x = v->slot, acq = v->start - 1, rel = v->end - 1;
        if (o->code[rel].op != BC_FREE || o->code[rel].a != x) continue;
        bool clr = o->code[acq].op == BC_CLR && o->code[acq].a == x;
        if (!clr && !(o->code[acq].op == BC_ADDREF && o->code[acq].a == x)) continue;
        if (clr) {
            /* a local handle: CLR, then the first thing done with it is HSET x, y */
            uint32_t h = next_pc(o, acq);
            while (h < rel && !o->target[h] && !slot_use(o, &o->code[h], x) && target_of(&o->code[h], h) == UINT32_MAX)
                h = next_pc(o, h);
            if (h >= rel || o->target[h] || o->code[h].op != BC_HSET || o->code[h].a != x || o->code[h].b == x) continue;
            uint32_t y = o->code[h].b;
            /* the pointer loaded straight into x and counted there: LD y, ... HSET x, y -> LD x, ...
             * ADDREF x (x is not live before, so its CLR goes) */
            uint32_t d = h - 1;
            if (d > acq && o->code[d].op != BC_EXT && o->code[d].a == y && pure_def(o->code[d].op, false) &&
                !o->line[h] && !o->target[h] && !objvar_live(o, y, h) && dead_after(o, h, y)) {
                uint16_t k = o->code[h].c;
                o->code[d].a = (uint16_t)x;
                o->code[h] = (as_insn){.op = BC_ADDREF, .a = (uint16_t)x, .b = k, .c = 0};
                make_nop(&o->code[acq]);
                v->start = h + 1;
                acq = h;
            } else {
                if (!loaded_before(o, h, y) || !window_borrows(o, h, rel, x, i)) continue;
                make_nop(&o->code[acq]);
                o->code[h] = (as_insn){.op = BC_MOV, .a = (uint16_t)x, .b = (uint16_t)y, .c = 0};
                goto release;
            }
        }
        if (!loaded_before(o, acq, x) || !window_borrows(o, acq, rel, x, i)) continue;
        make_nop(&o->code[acq]);
    release:
        /* FREE also clears the slot: kept as CLR unless nothing reads the slot before writing it */
        if (dead_after(o, rel, x)) make_nop(&o->code[rel]);
        else o->code[rel] = (as_insn){.op = BC_CLR, .a = (uint16_t)x, .b = 0, .c = 0};
        f->objvars.data[i] = f->objvars.data[f->objvars.count - 1];
        f->objvars.count--;
        i--;
    }
}

/* ---------------------------------------------------------------------------- 2. fusions */

/* The element load or store the AIDXn op pairs with, and the fused instruction (0: none). */
static unsigned fused_element(unsigned aidx, unsigned mem)
{
    switch (aidx) {
    case BC_AIDX1: return mem == BC_LD8 ? BC_AGET8 : mem == BC_LDU8 ? BC_AGETU8 : mem == BC_ST8 ? BC_ASET8 : 0;
    case BC_AIDX2: return mem == BC_LD16 ? BC_AGET16 : mem == BC_LDU16 ? BC_AGETU16 : mem == BC_ST16 ? BC_ASET16 : 0;
    case BC_AIDX4: return mem == BC_LD32 ? BC_AGET32 : mem == BC_ST32 ? BC_ASET32 : 0;
    case BC_AIDX8: return mem == BC_LD64 ? BC_AGET64 : mem == BC_ST64 ? BC_ASET64 : 0;
    default: return 0;
    }
}

/* AIDXn x, b[c]; EXT; (quiet instructions computing the value); LDn/STn v, [x+0] with x dead
 * after it -> (the quiet instructions); AGETn/ASETn v, b[c]; EXT. */
static void fuse_elements(opt *o)
{
    for (uint32_t p = 0; p + 2 < o->n; p = next_pc(o, p)) {
        as_insn ai = o->code[p];
        if (ai.op < BC_AIDX1 || ai.op > BC_AIDX8) continue;
        uint32_t x = ai.a, q = p + 2;
        while (q < o->n && !o->target[q] && !o->line[q] && pure_def(o->code[q].op, true) && !has_ext(&o->code[q])) {
            const as_insn *m = &o->code[q];
            if (m->a == x || m->a == ai.b || m->a == ai.c || (slot_use(o, m, x) & USE_READ)) break;
            q++;
        }
        if (q >= o->n || o->target[q] || o->line[q]) continue;
        as_insn mem = o->code[q];
        unsigned fused = fused_element(ai.op, mem.op);
        if (!fused || mem.b != x || mem.c != 0) continue;
        if (bc_is_load(mem.op)) {
            if (q != p + 2) continue;       /* a load follows at once */
            if (mem.a != x && !dead_after(o, q, x)) continue;
        } else if (mem.a == x || !dead_after(o, q, x)) {
            continue;
        }
        as_insn ext = o->code[p + 1];
        /* the value's instructions move up before the element access */
        for (uint32_t k = p + 2; k < q; k++) o->code[k - 2] = o->code[k];
        o->code[q - 2] = (as_insn){.op = (uint16_t)fused, .a = mem.a, .b = ai.b, .c = ai.c};
        o->code[q - 1] = ext;
        make_nop(&o->code[q]);
        p = q - 2;
    }
}

/* ALEN x, b; EXT; JLT_U i, x with x dead after -> JLTLEN_U i, b; EXT (`i < arr.length()`). */
static void fuse_lengths(opt *o)
{
    for (uint32_t p = 0; p + 2 < o->n; p = next_pc(o, p)) {
        const as_insn *len = &o->code[p], *j = &o->code[p + 2];
        if (len->op != BC_ALEN || j->op != BC_JLT_U || j->b != len->a || j->a == len->a || o->target[p + 2] ||
            o->line[p + 2])
            continue;
        int32_t off = (int16_t)j->c + 2;       /* the same target, from two instructions earlier */
        if (off > INT16_MAX || !dead_after(o, p + 2, len->a)) continue;
        o->code[p] = (as_insn){.op = BC_JLTLEN_U, .a = j->a, .b = len->b, .c = (uint16_t)(int16_t)off};
        make_nop(&o->code[p + 2]);
    }
}

/* A handle compared with null and branched on (`if (h is null)`, `while (n !is null)`):
 * LI x, #0 (or CLR x); EQ_P/NE_P y, h, x; JF/JT y with x and y dead after -> JNULL/JNNULL h. */
static void fuse_null_tests(opt *o)
{
    for (uint32_t p = 0; p + 2 < o->n; p++) {
        const as_insn *z = &o->code[p], *cmp = &o->code[p + 1];
        as_insn *j = &o->code[p + 2];
        if (!((z->op == BC_LI && z->sbx == 0) || z->op == BC_CLR) || (cmp->op != BC_EQ_P && cmp->op != BC_NE_P) ||
            (j->op != BC_JF && j->op != BC_JT) || j->a != cmp->a || o->target[p + 1] || o->target[p + 2] ||
            o->line[p + 1] || o->line[p + 2])
            continue;
        uint32_t x = z->a, h;
        if (cmp->c == x && cmp->b != x) h = cmp->b;
        else if (cmp->b == x && cmp->c != x) h = cmp->c;
        else continue;
        if (!dead_after(o, p + 2, x) || !dead_after(o, p + 2, cmp->a)) continue;
        /* jump when (h == null) is true: EQ_P with JT, NE_P with JF */
        bool when_null = (cmp->op == BC_EQ_P) == (j->op == BC_JT);
        j->op = when_null ? BC_JNULL : BC_JNNULL;
        j->a = (uint16_t)h;
        make_nop(&o->code[p]);
        make_nop(&o->code[p + 1]);
    }
}

/* Loop steps: ADDK_I x, x, #1 then a compare-and-jump on x -> INCJ* (jumping where the compare
 * jumps) with the compare left after it for the loop's first entry. */
static void fuse_steps(opt *o)
{
    for (uint32_t p = 0; p + 1 < o->n; p++) {
        as_insn *inc = &o->code[p], *j = &o->code[p + 1];
        if (inc->op != BC_ADDK_I || inc->a != inc->b || (int16_t)inc->c != 1 || j->a != inc->a) continue;
        unsigned op;
        switch (j->op) {
        case BC_JLT_I: op = BC_INCJLT_I; break;
        case BC_JLE_I: op = BC_INCJLE_I; break;
        case BC_JLT_U: op = BC_INCJLT_U; break;
        case BC_JLE_U: op = BC_INCJLE_U; break;
        case BC_JLTK_I: op = BC_INCJLTK_I; break;
        case BC_JLEK_I: op = BC_INCJLEK_I; break;
        case BC_JLTC_I: op = BC_INCJLTC_I; break;
        case BC_JLEC_I: op = BC_INCJLEC_I; break;
        case BC_JLTLEN_U: op = BC_INCJLTLEN_U; break;
        default: continue;
        }
        if ((as_opcode_formats[j->op] == FMT_ABJ || as_opcode_formats[j->op] == FMT_ABJX) && j->b == j->a) continue;
        int32_t off = (int16_t)j->c + 1;
        if (off > INT16_MAX) continue;
        *inc = (as_insn){.op = (uint16_t)op, .a = j->a, .b = j->b, .c = (uint16_t)(int16_t)off};
    }
}

/* A loop's backward jump lands after the loop's stop (SUSPEND) instead of on it: the stop does
 * nothing unless the context is trapped or traced, and then the VM's backward jump steps back onto
 * it (vm.c, JUMP), so aborts, suspends, budgets and line callbacks stop there as before; a round
 * of the loop dispatches one instruction fewer.
 * When the loop's body starts with the very load its condition ends with, right before the jump
 * (`LD64 a, [this+cells]` of `i < cells.length()` and of `cells[i]` in a method), the jump lands
 * after that load too: a has just been loaded from the same place, and the jump changes neither
 * memory nor the slots involved. Trapped, the VM steps back over the load onto the stop, so after
 * a stop (host code may have run) the body loads again. */
static void skip_loop_stops(opt *o)
{
    for (uint32_t p = 0; p < o->n; p = next_pc(o, p)) {
        as_insn *j = &o->code[p];
        uint32_t t = target_of(j, p);
        if (t == UINT32_MAX || t >= p || t + 1 >= p || o->code[t].op != BC_SUSPEND) continue;
        const as_insn *first = &o->code[t + 1], *last = &o->code[p - 1];
        bool reloaded = t + 2 < p - 1 && bc_is_load(first->op) && first->raw == last->raw && first->a != first->b &&
                        !o->target[p] && !(slot_use(o, j, first->a) & USE_WRITE) && !(slot_use(o, j, first->b) & USE_WRITE);
        int step = reloaded ? 2 : 1;
        if (as_opcode_formats[j->op] == FMT_J || as_opcode_formats[j->op] == FMT_AJ) j->sbx += step;
        else j->c = (uint16_t)((int16_t)j->c + step);
    }
}

/* ST32/ST64 v, [b+o] then LD32/LD64 v, [b+o]: the load reads back what is in v already. */
static void forward_stores(opt *o)
{
    for (uint32_t p = 0; p + 1 < o->n; p++) {
        const as_insn *st = &o->code[p], *ld = &o->code[p + 1];
        if (!((st->op == BC_ST32 && ld->op == BC_LD32) || (st->op == BC_ST64 && ld->op == BC_LD64))) continue;
        if (st->a != ld->a || st->b != ld->b || st->c != ld->c || ld->a == ld->b || o->target[p + 1]) continue;
        make_nop(&o->code[p + 1]);
    }
}

/* d: OP y, ...; MOV x, y with y dead after -> OP x, ... */
static void propagate_copies(opt *o)
{
    for (uint32_t p = 1; p < o->n; p++) {
        const as_insn *mv = &o->code[p];
        if (mv->op != BC_MOV || mv->a == mv->b || o->target[p] || (o->line[p] & 2)) continue;
        uint32_t x = mv->a, y = mv->b;
        /* the definition of y, a few instructions up over ones that neither touch x or y nor
         * raise exceptions (x may be written earlier: nothing between can see it) */
        bool named = false;
        for (int i = 0; i < o->f->vars.count && !named; i++) {
            const as_varinfo *v = &o->f->vars.data[i];
            named = v->slot == x && v->start <= p + 1 && v->end + 8 >= p;
        }
        uint32_t d = p, steps = 0;
        bool found = false;
        while (d > 0 && steps++ < 8) {
            d--;
            const as_insn *in = &o->code[d];
            if (in->op == BC_EXT) continue;
            if (in->a == y && pure_def(in->op, false)) {
                found = true;
                break;
            }
            /* over an instruction that may raise, only a temporary (no variable a catch block
             * or a debugger could look at) may be written early */
            bool quiet = in->op == BC_NOP || in->op == BC_CLR || in->op == BC_ADDR || pure_def(in->op, named);
            if (!quiet || slot_use(o, in, x) || slot_use(o, in, y)) break;
        }
        if (!found) continue;
        bool clean = true;
        for (uint32_t k = d + 1; k < p && clean; k++) clean = !o->target[k] && !(o->line[k] & 2);
        for (uint32_t k = d; k <= p + 1 && clean; k++) clean = !objvar_live(o, x, k);
        if (!clean || objvar_live(o, y, p) || !dead_after(o, p, y)) continue;
        o->code[d].a = (uint16_t)x;
        make_nop(&o->code[p]);
    }
}

/* CHKNULL of the object a CALLV right after it takes: CALLV checks it itself (same message,
 * same line). */
static void drop_checks(opt *o)
{
    for (uint32_t p = 0; p + 1 < o->n; p++) {
        const as_insn *ck = &o->code[p];
        as_insn *call = &o->code[p + 1];
        if (ck->op != BC_CHKNULL || (call->op != BC_CALLV && call->op != BC_CALL && call->op != BC_CALLSYS) ||
            o->target[p + 1] || o->line[p + 1])
            continue;
        if (call->b >= (uint32_t)o->f->consts.count) continue;
        const as_function *fn = o->f->consts.data[call->b].cp;
        if (!fn || !fn->objtype || (fn->attrs & FA_FACTORY) || ck->a != call->a + fn->this_slot) continue;
        /* CALLV checks the object itself; the others take the check along */
        if (call->op == BC_CALL) call->op = BC_CALLN;
        else if (call->op == BC_CALLSYS) call->op = BC_CALLSYSN;
        make_nop(&o->code[p]);
    }
}

/* ------------------------------------------------------------------------ 3. compaction */

static void remove_nops(opt *o)
{
    fc *f = o->f;
    uint32_t n = o->n, *newpc = mem_alloc(sizeof *newpc * (n + 1));
    if (!newpc) return;
    /* a NOP holding a statement start stays when the instruction its entry would move to has
     * a line entry of its own (a `do` before its first statement): the line callback stops at
     * both, each with its line. newpc[pc] is first 1 for each instruction kept. */
    bool later_line = false;
    for (uint32_t pc = n; pc-- > 0;) {
        bool nop = o->code[pc].op == BC_NOP;
        bool keep = !nop || ((o->line[pc] & 2) && later_line);
        newpc[pc] = keep;
        if (keep) later_line = o->line[pc] != 0;
        else if (o->line[pc]) later_line = true;    /* its entry moves to the next one kept */
    }
    uint32_t k = 0;
    for (uint32_t pc = 0; pc < n; pc++) {
        uint32_t kept = newpc[pc];
        newpc[pc] = k;
        k += kept;
    }
    newpc[n] = k;
    if (k == n) {
        mem_free(newpc);
        return;
    }
#define MOVE(pc) ((pc) <= n ? newpc[(pc)] : (pc))
    for (uint32_t pc = 0; pc < n; pc++) {
        as_insn in = o->code[pc];
        if (newpc[pc + 1] == newpc[pc]) continue;   /* removed */
        uint32_t t = target_of(&in, pc);
        if (t != UINT32_MAX) {
            int64_t off = (int64_t)MOVE(t) - (int64_t)(newpc[pc] + 1);
            if (as_opcode_formats[in.op] == FMT_J || as_opcode_formats[in.op] == FMT_AJ) in.sbx = (int32_t)off;
            else in.c = (uint16_t)(int16_t)off;
        }
        o->code[newpc[pc]] = in;
    }
    /* line entries of removed instructions go to the next one; of several there, the last wins
     * (as a lookup would find it) and a statement start stays one */
    int w = 0;
    for (int i = 0; i < f->lines.count; i++) {
        as_lineinfo li = f->lines.data[i];
        li.pc = MOVE(li.pc);
        if (w > 0 && f->lines.data[w - 1].pc == li.pc) {
            li.cue |= f->lines.data[w - 1].cue;
            f->lines.data[w - 1] = li;
        } else {
            f->lines.data[w++] = li;
        }
    }
    f->lines.count = w;
    for (uint32_t i = 0; i < o->nexpo; i++) {
        o->expo[i].from = MOVE(o->expo[i].from);
        o->expo[i].to = MOVE(o->expo[i].to);
    }
#undef MOVE
    fc_move_pcs(f, newpc, n);
    f->code.count = (int)k;
    o->n = k;
    mem_free(newpc);
}

/* ------------------------------------------------------------------- calls in place */

/* Whether a named variable on slot s is in scope at pc (a debugger or the host may read it while
 * the call at pc runs: it must keep its value even when nothing reads it afterwards). */
static bool named_at(const opt *o, uint32_t s, uint32_t pc)
{
    for (int i = 0; i < o->f->vars.count; i++) {
        const as_varinfo *v = &o->f->vars.data[i];
        uint32_t span = v->is_ref ? 1 : (uint32_t)dtype_slots(&v->type);
        if (v->slot <= s && s < v->slot + (span ? span : 1) && pc >= v->start && pc < v->end) return true;
    }
    return false;
}

/* Marks the script calls whose callee's frame can start at the arguments (BC_CALL_IN_PLACE):
 * every slot of the caller above the call's first one is dead after the call (written before
 * it is read on every path, a catch block included), holds no object the unwinder would
 * release, no address of it is held, and no named variable is in scope there. The callee then
 * runs over those slots and nothing needs copying. Frames with many slots above the call are
 * left as they are (the search per slot is bounded; so is the time spent here). */
static void mark_in_place_calls(opt *o)
{
    for (uint32_t pc = 0; pc < o->n; pc = next_pc(o, pc)) {
        as_insn *in = &o->code[pc];
        if ((in->op != BC_CALL && in->op != BC_CALLN) || in->c) continue;
        uint32_t a = in->a;
        if (a >= o->nslots || o->nslots - a > 17) continue;
        /* the first argument's slot gets the result: nothing else may be held there */
        bool ok = !named_at(o, a, pc) && !objvar_live(o, a, pc) && !exposed(o, a, pc);
        for (uint32_t s = a + 1; s < o->nslots && ok; s++)
            ok = !named_at(o, s, pc) && !objvar_live(o, s, pc) && !exposed(o, s, pc) && dead_after(o, pc, s);
        if (ok) in->c = BC_CALL_IN_PLACE;
    }
}

/* ------------------------------------------------------------------------------- driver */

static bool analyse(opt *o)
{
    fc *f = o->f;
    o->code = f->code.data;
    o->n = (uint32_t)f->code.count;
    memset(o->target, 0, o->n + 1);
    memset(o->line, 0, o->n + 1);
    memset(o->value_start, 0, o->n + 1);
    for (int i = 0; i < f->objvars.count; i++)
        if (f->objvars.data[i].kind == OV_VALUE && f->objvars.data[i].start <= o->n) o->value_start[f->objvars.data[i].start] = 1;
    for (uint32_t pc = 0; pc < o->n; pc++) {
        if (o->code[pc].op == BC_JUMPTABLE || o->code[pc].op >= BC__COUNT) return false;
        uint32_t t = target_of(&o->code[pc], pc);
        if (t != UINT32_MAX) {
            if (t > o->n) return false;
            o->target[t] = 1;
        }
    }
    for (int i = 0; i < f->trys.count; i++) {
        const as_tryinfo *t = &f->trys.data[i];
        if (t->handler > o->n || t->start > o->n || t->end > o->n) return false;
        o->target[t->handler] = 1;
    }
    for (int i = 0; i < f->lines.count; i++) {
        uint32_t pc = f->lines.data[i].pc;
        if (pc <= o->n) o->line[pc] |= (uint8_t)(1 | (f->lines.data[i].cue ? 2 : 0));
    }
    return true;
}

/* An address put into the argument area of the call that follows it (a reference argument:
 * &in, &out, &inout) is used by that call only: a reference never outlives the call it is passed
 * to, unless the call returns a reference (which could be that one). Returns the pc after that
 * call, or n (the function's end) when the address may go anywhere else (a call through a
 * handle or returning a reference, read or overwritten first, a jump or a return first). */
static uint32_t ref_arg_end(opt *o, uint32_t pc, uint32_t n)
{
    const as_insn *code = o->f->code.data;
    uint32_t a = code[pc].a;
    for (uint32_t q = pc + 1; q < n; q += has_ext(&code[q]) ? 2 : 1) {
        const as_insn *in = &code[q];
        unsigned op = in->op;
        if (is_call(op)) {
            if (op == BC_CALLPTR || in->a > a || in->b >= (uint32_t)o->f->consts.count) return n;
            const as_function *fn = o->f->consts.data[in->b].cp;
            return fn && !(fn->ret.flags & DT_REF) ? q + 1 : n;
        }
        if (target_of(in, q) != UINT32_MAX || op == BC_RET || op == BC_RETV || op == BC_HALT || op == BC_THROW ||
            op == BC_JUMPTABLE || slot_use(o, in, a))
            return n;
    }
    return n;
}

/* The slots an ADDR at pc exposes from in->b, and the pc its exposure ends at: during a value
 * object's life, its address reaches all its slots until it ends; before (the call that builds
 * it writes there) and for anything else, the slot itself, to the end of the call it is passed
 * to or of the function. */
static void addr_range(opt *o, uint32_t pc, uint32_t n, uint32_t *span, uint32_t *to)
{
    const fc *f = o->f;
    const as_insn *in = &f->code.data[pc];
    *span = 1;
    *to = n;
    for (int i = 0; i < f->objvars.count; i++) {
        const as_objvar *v = &f->objvars.data[i];
        if (v->kind == OV_VALUE && v->slot == in->b && v->start <= pc && v->end > pc && v->end <= n) {
            *span = (uint32_t)dtype_slots(&(as_dtype){v->type, 0});
            *to = v->end;
        }
    }
    if (*span == 1 && *to == n) *to = ref_arg_end(o, pc, n);
}

/* Adds the range [from, to) to slot s's exposure; false if out of memory. */
static bool expose(opt *o, uint32_t s, uint32_t from, uint32_t to)
{
    if (o->nexpo == o->expo_cap) {
        uint32_t cap = o->expo_cap ? o->expo_cap * 2 : 32;
        struct expo_range *p = mem_realloc(o->expo, sizeof *p * o->expo_cap, sizeof *p * cap);
        if (!p) return false;
        o->expo = p;
        o->expo_cap = cap;
    }
    o->expo[o->nexpo] = (struct expo_range){from, to, o->expo_head[s]};
    o->expo_head[s] = ++o->nexpo;
    return true;
}

void fc_optimise(fc *f)
{
    if (!f->c->engine->props[AS_EP_OPTIMIZE_BYTECODE] || f->code.count < 2) return;
    opt o;
    memset(&o, 0, sizeof o);
    o.f = f;
    uint32_t n = (uint32_t)f->code.count;
    o.nslots = (uint32_t)(f->max > f->fn->nargslots ? f->max : f->fn->nargslots);
    o.target = mem_alloc(n + 1);
    o.line = mem_alloc(n + 1);
    o.value_start = mem_alloc(n + 1);
    o.expo_head = mem_calloc(o.nslots + 1, sizeof *o.expo_head);
    o.ov_slot = mem_calloc(o.nslots + 1, 1);
    o.seen = mem_calloc(n + 1, sizeof *o.seen);
    o.stack = mem_alloc(sizeof *o.stack * (n + 1));
    if (!o.target || !o.line || !o.value_start || !o.expo_head || !o.ov_slot || !o.seen || !o.stack) goto out;
    for (int i = 0; i < f->objvars.count; i++)
        if (f->objvars.data[i].slot < o.nslots) o.ov_slot[f->objvars.data[i].slot] = 1;
    /* a slot whose address is taken (a local passed by reference, an object built in place)
     * may be read through the address by what reads memory: from the ADDR to the end of the
     * object living there (all its slots), to the end of the call it is an argument of, or to
     * the end of the function */
    for (uint32_t pc = 0; pc < n; pc++) {
        const as_insn *in = &f->code.data[pc];
        if (in->op != BC_ADDR) continue;
        uint32_t span, to;
        addr_range(&o, pc, n, &span, &to);
        for (uint32_t sl = in->b; sl < in->b + span && sl < o.nslots; sl++)
            if (!expose(&o, sl, pc, to)) goto out;
    }
    if (!analyse(&o)) goto out;
    borrow_handles(&o);
    remove_nops(&o);
    if (!analyse(&o)) goto out;
    fuse_elements(&o);
    forward_stores(&o);
    propagate_copies(&o);
    drop_checks(&o);
    fuse_lengths(&o);
    fuse_null_tests(&o);
    remove_nops(&o);
    if (!analyse(&o)) goto out;
    fuse_steps(&o);
    skip_loop_stops(&o);
    mark_in_place_calls(&o);
out:
    mem_free(o.target);
    mem_free(o.line);
    mem_free(o.value_start);
    mem_free(o.expo);
    mem_free(o.expo_head);
    mem_free(o.ov_slot);
    mem_free(o.seen);
    mem_free(o.stack);
}
