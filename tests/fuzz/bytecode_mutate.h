/* Structure-aware mutations of saved bytecode (issue 32), for tests/fuzz/bytecode.c's
 * LLVMFuzzerCustomMutator: the blob is loaded into a scratch engine, one to four fields of its
 * functions' bytecode are edited in memory (an instruction's opcode or operands, a constant's
 * kind or value, the frame size, an object variable, a line or try entry, two instructions
 * swapped), and the module is saved again, so the result has valid sections and a valid
 * checksum and only the edited operands differ: what an attacker editing a blob on purpose
 * makes. The edits are undone before the scratch module is discarded (discarding walks the
 * constants). A blob that does not load, or an edit the saver refuses, falls back to
 * libFuzzer's byte-level mutation. Included by bytecode.c after its quiet() and register_host(). */
#ifndef FUZZ_BYTECODE_MUTATE_H
#define FUZZ_BYTECODE_MUTATE_H
#include "runtime/bytecode.h"

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);

typedef struct undo_entry {
    void *at;
    uint64_t old;
    size_t n;
} undo_entry;

static undo_entry undo_log[16];
static int undo_count;
static uint32_t mut_seed;

static uint32_t rnd(uint32_t n)
{
    mut_seed = mut_seed * 1103515245u + 12345u;
    return n ? (mut_seed >> 8) % n : 0;
}

/* Records the n bytes at p for undo, then writes v's low n bytes there. */
static void poke(void *p, uint64_t v, size_t n)
{
    if (undo_count >= 16) return;
    undo_entry *u = &undo_log[undo_count++];
    u->at = p;
    u->n = n;
    u->old = 0;
    memcpy(&u->old, p, n);
    memcpy(p, &v, n);
}

static void undo_all(void)
{
    while (undo_count > 0) {
        undo_entry *u = &undo_log[--undo_count];
        memcpy(u->at, &u->old, u->n);
    }
}

/* A value near old, a small number, a boundary, or any 16 bits. */
static uint64_t nearby(uint64_t old, uint32_t limit)
{
    switch (rnd(6)) {
    case 0: return old + 1;
    case 1: return old - 1;
    case 2: return rnd(limit ? limit : 16);
    case 3: return limit ? limit - 1 + rnd(3) : 0;
    case 4: return rnd(65536);
    default: return rnd(8);
    }
}

static void mutate_function(as_function *f, as_module *m)
{
    as_bytecode *bc = &f->bc;
    as_insn *in = &bc->code[rnd(bc->ncode)];
    switch (rnd(14)) {
    case 0: poke(&in->op, rnd(BC__COUNT), 2); break;
    case 1: case 2: poke(&in->a, nearby(in->a, bc->nslots), 2); break;
    case 3: case 4: poke(&in->b, nearby(in->b, rnd(2) ? bc->nslots : bc->nconsts), 2); break;
    case 5: poke(&in->c, nearby(in->c, rnd(2) ? bc->nslots : bc->nconsts), 2); break;
    case 6: poke(&in->sbx, (uint64_t)(int64_t)(int32_t)nearby((uint64_t)(int64_t)in->sbx, bc->ncode), 4); break;
    case 7: {   /* another instruction of this function copied over this one */
        as_insn *src = &bc->code[rnd(bc->ncode)];
        poke(in, src->raw, 8);
        break;
    }
    case 8:     /* a constant's value taken from another constant (of this or another function) */
        if (bc->nconsts) {
            uint32_t k = rnd(bc->nconsts);
            as_function *g = m->all_functions.data[rnd((uint32_t)m->all_functions.count)];
            if (g->bc.nconsts && undo_count <= 14) {   /* both pokes or neither */
                uint32_t j = rnd(g->bc.nconsts);
                /* value and kind together: the saver follows the pointers of typed constants */
                poke(&bc->consts[k], g->bc.consts[j].u64, 8);
                poke(&bc->kinds[k], g->bc.kinds[j], 1);
            } else if (bc->kinds[k] == K_RAW || bc->kinds[k] == K_TYPEID) {
                /* only a number's value: a typed constant's value is a pointer the saver follows */
                poke(&bc->consts[k], nearby(bc->consts[k].u64, 0), 8);
            }
        }
        break;
    case 9:
        if (bc->nconsts) {
            uint32_t k = rnd(bc->nconsts);
            if (bc->kinds[k] == K_RAW || bc->kinds[k] == K_TYPEID) poke(&bc->consts[k], nearby(bc->consts[k].u64, 0), 8);
            else poke(&bc->kinds[k], K_RAW, 1);   /* a pointer's bits as a number */
        }
        break;
    case 10: poke(&bc->nslots, nearby(bc->nslots, bc->nslots), 4); break;
    case 11:
        if (bc->nobjvars) {
            as_objvar *o = &bc->objvars[rnd(bc->nobjvars)];
            switch (rnd(4)) {
            case 0: poke(&o->slot, nearby(o->slot, bc->nslots), 2); break;
            case 1: poke(&o->kind, rnd(2), 1); break;
            case 2: poke(&o->start, nearby(o->start, bc->ncode), 4); break;
            default: poke(&o->end, nearby(o->end, bc->ncode), 4); break;
            }
        }
        break;
    case 12:
        if (bc->ntrys) {
            as_tryinfo *t = &bc->trys[rnd(bc->ntrys)];
            uint32_t *field = rnd(3) == 0 ? &t->start : rnd(2) ? &t->end : &t->handler;
            poke(field, nearby(*field, bc->ncode), 4);
        } else if (bc->nlines) {
            as_lineinfo *l = &bc->lines[rnd(bc->nlines)];
            poke(&l->pc, nearby(l->pc, bc->ncode), 4);
        }
        break;
    default: {  /* two instructions swapped */
        as_insn *o = &bc->code[rnd(bc->ncode)];
        uint64_t a = in->raw, b = o->raw;
        poke(in, b, 8);
        poke(o, a, 8);
        break;
    }
    }
}

static as_engine *mut_engine;
static as_ctxmgr *mut_mgr;

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed)
{
    mut_seed = seed;
    if (!mut_engine) {
        mut_engine = as_engine_create();
        mut_mgr = as_ctxmgr_create();
        as_engine_set_message_callback(mut_engine, quiet, NULL);
        as_engine_set_property(mut_engine, AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD, 0);
        if (register_host(mut_engine, mut_mgr) < 0) abort();
    }
    if (rnd(8) == 0) return LLVMFuzzerMutate(data, size, max_size);
    size_t out = 0;
    as_module *m = as_engine_get_module(mut_engine, "mutate", AS_GM_ALWAYS_CREATE);
    if (m && as_module_load_bytecode_from_memory(m, data, size, NULL) >= 0) {
        int nf = m->all_functions.count;
        for (int tries = 0, edits = 1 + (int)rnd(4); nf && tries < 20 && edits; tries++) {
            as_function *f = m->all_functions.data[rnd((uint32_t)nf)];
            if (!f->bc.ncode) continue;
            mutate_function(f, m);
            edits--;
        }
        void *blob = NULL;
        size_t n = 0;
        if (undo_count && as_module_save_bytecode_to_memory(m, rnd(4) == 0, &blob, &n) >= 0 && n <= max_size) {
            memcpy(data, blob, n);
            out = n;
        }
        as_free_mem(blob);
        undo_all();
    }
    as_engine_discard_module(mut_engine, "mutate");
    return out ? out : LLVMFuzzerMutate(data, size, max_size);
}

#endif
