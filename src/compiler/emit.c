#include "emit.h"
#include "util/mem.h"
#include <stdlib.h>
#include <string.h>

void fc_init(fc *f, as_compiler *c, as_function *fn, as_namespace *ns, as_type *objtype)
{
    memset(f, 0, sizeof *f);
    f->c = c;
    f->fn = fn;
    f->ns = ns;
    f->objtype = objtype;
    f->live_next = c->live_fcs;
    f->live = true;
    c->live_fcs = f;
}

static void *dup_array(const void *p, size_t n, size_t elem)
{
    if (!n) return NULL;
    void *q = mem_alloc_g(n * elem);
    memcpy(q, p, n * elem);
    return q;
}

static bool is_short_jump(as_opcode op);

/* Where a jump instruction goes (an absolute pc), or UINT32_MAX for other instructions. */
static uint32_t jump_target(const as_insn *i, uint32_t pc)
{
    switch (as_opcode_formats[i->op]) {
    case FMT_J: case FMT_AJ: return (uint32_t)((int64_t)pc + 1 + i->sbx);
    case FMT_ABJ: case FMT_AIJ: case FMT_AKJ: case FMT_ABJX: return (uint32_t)((int64_t)pc + 1 + (int16_t)i->c);
    default: return UINT32_MAX;
    }
}

void fc_move_pcs(fc *f, const uint32_t *newpc, uint32_t n)
{
#define MOVE(pc) ((pc) <= n ? newpc[(pc)] : (pc))
    for (int k = 0; k < f->objvars.count; k++) {
        f->objvars.data[k].start = MOVE(f->objvars.data[k].start);
        f->objvars.data[k].end = MOVE(f->objvars.data[k].end);
    }
    for (int k = 0; k < f->trys.count; k++) {
        f->trys.data[k].start = MOVE(f->trys.data[k].start);
        f->trys.data[k].end = MOVE(f->trys.data[k].end);
        f->trys.data[k].handler = MOVE(f->trys.data[k].handler);
    }
    for (int k = 0; k < f->vars.count; k++) {
        f->vars.data[k].start = MOVE(f->vars.data[k].start);
        f->vars.data[k].end = MOVE(f->vars.data[k].end);
    }
#undef MOVE
}

/* Short conditional jumps whose target is more than 32767 instructions away (big functions: long
 * ifs, switches with thousands of cases) become three instructions: the condition jumping over
 * the next one to a long jump to the target, and a long jump past it. Every pc of the function
 * (jumps, lines, object and variable ranges, try blocks) moves accordingly. */
static bool relax_far_jumps(fc *f)
{
    uint32_t n = (uint32_t)f->code.count;
    uint32_t *target = mem_alloc(sizeof *target * (n + 1));
    uint32_t *newpc = mem_alloc(sizeof *newpc * (n + 1));
    bool *expand = mem_calloc(n + 1, 1);
    as_insn *code = NULL;
    bool ok = false;
    if (!target || !newpc || !expand) goto out;
    for (uint32_t pc = 0; pc < n; pc++) target[pc] = jump_target(&f->code.data[pc], pc);
    for (int k = 0; k < f->far_jumps.count; k++) {
        /* its own offset was cut (unless a later patch gave it a near target) */
        uint32_t at = f->far_jumps.data[k].at, to = f->far_jumps.data[k].target;
        if (at >= n || f->code.data[at].c != (uint16_t)(int16_t)((int64_t)to - (int64_t)at - 1)) continue;
        target[at] = to;
        expand[at] = true;
    }
    for (bool changed = true; changed;) {
        changed = false;
        uint32_t extra = 0;
        for (uint32_t pc = 0; pc <= n; pc++) {
            newpc[pc] = pc + extra;
            if (pc < n && expand[pc]) extra += 2;
        }
        for (uint32_t pc = 0; pc < n; pc++) {
            if (expand[pc] || target[pc] == UINT32_MAX || !is_short_jump((as_opcode)f->code.data[pc].op)) continue;
            int64_t off = (int64_t)newpc[target[pc] <= n ? target[pc] : n] - (int64_t)(newpc[pc] + 1);
            if (off < INT16_MIN || off > INT16_MAX) expand[pc] = changed = true;
        }
    }
    uint32_t total = newpc[n];
    code = mem_alloc(sizeof *code * (total ? total : 1));
    if (!code) goto out;
    for (uint32_t pc = 0; pc < n; pc++) {
        as_insn i = f->code.data[pc];
        uint32_t at = newpc[pc], to = target[pc] == UINT32_MAX ? 0 : newpc[target[pc] <= n ? target[pc] : n];
        if (expand[pc]) {
            i.c = 1;                                  /* taken: to the long jump below */
            code[at] = i;
            memset(&code[at + 1], 0, sizeof code[0] * 2);
            code[at + 1].op_ = BC_JMP;                /* not taken: past it */
            code[at + 1].sbx = 1;
            code[at + 2].op_ = BC_JMP;
            code[at + 2].sbx = (int32_t)((int64_t)to - (int64_t)(at + 3));
            continue;
        }
        if (target[pc] != UINT32_MAX) {
            int64_t off = (int64_t)to - (int64_t)(at + 1);
            if (is_short_jump((as_opcode)i.op)) i.c = (uint16_t)(int16_t)off;
            else i.sbx = (int32_t)off;
        }
        code[at] = i;
    }
    for (int k = 0; k < f->lines.count; k++) {
        uint32_t pc = f->lines.data[k].pc;
        f->lines.data[k].pc = pc <= n ? newpc[pc] : pc;
    }
    fc_move_pcs(f, newpc, n);
    mem_free(f->code.data);
    f->code.data = code;
    f->code.count = f->code.cap = (int)total;
    code = NULL;
    ok = true;
out:
    mem_free(target);
    mem_free(newpc);
    mem_free(expand);
    mem_free(code);
    VEC_FREE(f->far_jumps);
    return ok;
}

static void place_kbytes(fc *f);

/* Calls of registered functions the VM runs as instructions (vm/callops.h) become those
 * instructions, with the same operands; last, so the optimiser only ever sees calls. */
static void use_call_ops(fc *f)
{
    for (int i = 0; i < f->code.count; i++) {
        as_insn *in = &f->code.data[i];
        if ((in->op != BC_CALLSYS && in->op != BC_CALLSYSN) || in->b >= f->consts.count) continue;
        const as_function *fn = f->consts.data[in->b].cp;
        if (fn && fn->call_op) in->op = fn->call_op;
    }
}

void fc_finish(fc *f)
{
    if (f->far_jumps.count && !relax_far_jumps(f)) f->too_large = true;
    if (f->too_large || f->max > 65000) {
        ast_pos pos = {f->fn->line, f->fn->col, f->fn->section};
        c_error_pos(f->c, pos, "Function is too large (more than 65000 variables, constants or instructions to jump over)");
    } else {
        fc_optimise(f);
        use_call_ops(f);
    }
    place_kbytes(f);
    as_bytecode *bc = &f->fn->bc;
    mem_free(bc->code); mem_free(bc->consts); mem_free(bc->kinds); mem_free(bc->objvars); mem_free(bc->lines); mem_free(bc->stmt_bits); mem_free(bc->trys); mem_free(bc->vars);
    /* none of them left pointing at freed memory if a copy below runs out of memory */
    memset(bc, 0, sizeof *bc);
    bc->code = dup_array(f->code.data, (size_t)f->code.count, sizeof(as_insn));
    bc->ncode = (uint32_t)f->code.count;
    bc->consts = dup_array(f->consts.data, (size_t)f->consts.count, sizeof(as_slot));
    bc->kinds = dup_array(f->kinds, (size_t)f->consts.count, 1);
    bc->nconsts = (uint32_t)f->consts.count;
    bc->objvars = dup_array(f->objvars.data, (size_t)f->objvars.count, sizeof(as_objvar));
    bc->nobjvars = (uint32_t)f->objvars.count;
    bc->lines = dup_array(f->lines.data, (size_t)f->lines.count, sizeof(as_lineinfo));
    bc->nlines = (uint32_t)f->lines.count;
    bc->stmt_bits = mem_calloc_g(bc->ncode / 8 + 1, 1);
    for (uint32_t i = 0; i < bc->nlines; i++) {
        uint32_t pc = bc->lines[i].pc;
        if (pc < bc->ncode && bc->lines[i].cue) bc->stmt_bits[pc >> 3] |= (uint8_t)(1u << (pc & 7));
    }
    bc->trys = dup_array(f->trys.data, (size_t)f->trys.count, sizeof(as_tryinfo));
    bc->ntrys = (uint32_t)f->trys.count;
    bc->vars = dup_array(f->vars.data, (size_t)f->vars.count, sizeof(as_varinfo));
    bc->nvars = (uint32_t)f->vars.count;
    bc->nslots = (uint32_t)(f->max > f->fn->nargslots ? f->max : f->fn->nargslots);
    fc_discard(f);
}

/* Out of memory in the middle of compiling f: its lists go, no code is emitted (the scopes are
 * not cleaned up as when a block ends). */
void fc_abandon(fc *f)
{
    for (loop_ctx *l = f->loop; l; l = l->parent) {
        VEC_FREE(l->breaks);
        VEC_FREE(l->continues);
    }
    f->loop = NULL;
    while (f->scope) {
        scope *s = f->scope;
        VEC_FREE(s->vars);
        mem_free(s->index);
        s->index = NULL;
        f->scope = s->parent;
    }
    fc_discard(f);
}

void fc_discard(fc *f)
{
    if (f->live) {
        for (fc **p = &f->c->live_fcs; *p; p = &(*p)->live_next) {
            if (*p == f) {
                *p = f->live_next;
                break;
            }
        }
        f->live = false;
    }
    VEC_FREE(f->code);
    VEC_FREE(f->consts);
    VEC_FREE(f->kbytes);
    mem_free(f->kinds);
    f->kinds = NULL;
    f->kinds_cap = 0;
    mem_free(f->khash);
    f->khash = NULL;
    mem_free(f->memo);
    f->memo = NULL;
    VEC_FREE(f->far_jumps);
    f->memo_cap = f->memo_count = 0;
    VEC_FREE(f->objvars);
    VEC_FREE(f->lines);
    VEC_FREE(f->trys);
    VEC_FREE(f->vars);
    VEC_FREE(f->slot_used);
    while (f->scope) scope_pop(f);
}

/* ---- instructions ---- */

/* Operands are 16 bits: slots, constant indexes and offsets as unsigned, immediates and short
 * jumps as signed. What does not fit makes the function too large (never wrapped code). */
static bool fits16(int v) { return v >= INT16_MIN && v <= UINT16_MAX; }

uint32_t emit(fc *f, as_opcode op, int a, int b, int c)
{
    if (!fits16(a) || !fits16(b) || !fits16(c)) f->too_large = true;
    as_insn i;
    i.op = (uint16_t)op;
    i.a = (uint16_t)a;
    i.b = (uint16_t)b;
    i.c = (uint16_t)c;
    VEC_PUSH(f->code, i);
    return (uint32_t)f->code.count - 1;
}

uint32_t emit_sbx(fc *f, as_opcode op, int a, int32_t sbx)
{
    if (!fits16(a)) f->too_large = true;
    as_insn i;
    i.op_ = (uint16_t)op;
    i.a_ = (uint16_t)a;
    i.sbx = sbx;
    VEC_PUSH(f->code, i);
    return (uint32_t)f->code.count - 1;
}

uint32_t emit_pc(fc *f) { return (uint32_t)f->code.count; }

uint32_t emit_jump(fc *f, as_opcode op, int a) { return emit_sbx(f, op, a, 0); }

static bool is_short_jump(as_opcode op)
{
    switch (op) {
    case BC_JEQ_I: case BC_JNE_I: case BC_JLT_I: case BC_JLE_I: case BC_JLT_U: case BC_JLE_U:
    case BC_JEQK_I: case BC_JNEK_I: case BC_JLTK_I: case BC_JLEK_I: case BC_JGTK_I: case BC_JGEK_I:
    case BC_JLT_D: case BC_JLE_D:
    case BC_JEQC_I: case BC_JNEC_I: case BC_JLTC_I: case BC_JLEC_I: case BC_JGTC_I: case BC_JGEC_I:
        return true;
    default:
        return false;
    }
}

void patch_jump(fc *f, uint32_t at, uint32_t target)
{
    if (target > f->label_pc) f->label_pc = target;
    as_insn *i = &f->code.data[at];
    int32_t off = (int32_t)target - (int32_t)(at + 1);
    if (is_short_jump((as_opcode)i->op)) {
        if (off < INT16_MIN || off > INT16_MAX) {
            far_jump fj = {at, target};
            VEC_PUSH(f->far_jumps, fj);
        }
        i->c = (uint16_t)(int16_t)off;
    } else {
        i->sbx = off;
    }
}

void patch_here(fc *f, uint32_t at) { patch_jump(f, at, emit_pc(f)); }

static void free_patch_list(void *l) { VEC_FREE(*(patch_list *)l); }
void patch_list_hold(patch_list *l, mem_cleanup *c) { mem_cleanup_push(c, free_patch_list, l); }

void patch_list_here(fc *f, patch_list *l)
{
    for (int i = 0; i < l->count; i++) patch_here(f, l->data[i]);
    VEC_FREE(*l);
}

void emit_jump_to(fc *f, as_opcode op, int a, uint32_t target)
{
    uint32_t at = emit_jump(f, op, a);
    patch_jump(f, at, target);
}

bool retarget_last(fc *f, int from, int to)
{
    uint32_t pc = emit_pc(f);
    if (pc == 0 || f->label_pc >= pc) return false;
    as_insn *i = &f->code.data[pc - 1];
    if (i->a != from) return false;
    switch (as_opcode_formats[i->op]) {
    case FMT_AB: case FMT_ABC: case FMT_ABI: case FMT_AI: case FMT_ABK:
        break;
    case FMT_AK:
        if (i->op == BC_CALL || i->op == BC_CALLSYS || i->op == BC_CALLV || i->op == BC_CALLN || i->op == BC_CALLSYSN ||
            i->op == BC_ADDREF || i->op == BC_FREE ||
            i->op == BC_DESTROY || i->op == BC_THROW || (i->op >= BC_STG8 && i->op <= BC_STG64))
            return false;
        break;
    case FMT_ABO:
        if (i->op >= BC_ST8 && i->op <= BC_ST64) return false;
        break;
    default:
        return false;
    }
    if (i->op == BC_HSET || i->op == BC_HSETM || i->op == BC_CALLPTR || i->op == BC_ADDR || i->op == BC_SAMETYPE) return false;
    i->a = (uint16_t)to;
    return true;
}

void emit_narrow(fc *f, int slot, const as_type *t)
{
    if (!t || t->kind != TYPE_PRIMITIVE) return;
    switch (t->prim) {
    case AS_TYPEID_INT8: emit(f, BC_SEXT8, slot, slot, 0); break;
    case AS_TYPEID_INT16: emit(f, BC_SEXT16, slot, slot, 0); break;
    case AS_TYPEID_BOOL:
    case AS_TYPEID_UINT8: emit(f, BC_ZEXT8, slot, slot, 0); break;
    case AS_TYPEID_UINT16: emit(f, BC_ZEXT16, slot, slot, 0); break;
    default: break;
    }
}

static void add_line(fc *f, ast_pos pos, bool cue)
{
    as_lineinfo li = {emit_pc(f), pos.line, pos.col, cue};
    if (f->lines.count && VEC_LAST(f->lines).pc == li.pc) {
        li.cue |= VEC_LAST(f->lines).cue;
        VEC_LAST(f->lines) = li;
        return;
    }
    VEC_PUSH(f->lines, li);
}

void emit_line(fc *f, ast_pos pos) { add_line(f, pos, !f->c->engine->props[AS_EP_BUILD_WITHOUT_LINE_CUES]); }

void emit_cue(fc *f, ast_pos pos) { add_line(f, pos, true); }

void emit_pos(fc *f, ast_pos pos) { add_line(f, pos, false); }

void emit_loop_stop(fc *f)
{
    ast_pos pos = {f->fn->line, f->fn->col, f->fn->section};
    if (f->lines.count) {
        pos.line = VEC_LAST(f->lines).line;
        pos.col = VEC_LAST(f->lines).col;
    }
    add_line(f, pos, true);
    emit(f, BC_SUSPEND, 0, 0, 0);
}

/* ---- constants ---- */

static uint32_t k_hash(uint64_t v) { return (uint32_t)((v * 0x9E3779B97F4A7C15ull) >> 32); }

/* Rebuilds the index at twice the pool size (entries past a rolled-back count are dropped). */
static void k_rehash(fc *f)
{
    uint32_t cap = 64;
    while (cap < (uint32_t)f->consts.count * 2) cap *= 2;
    uint32_t *h = mem_calloc_g(cap, sizeof *h);   /* before the old one goes: nothing dangles if it unwinds */
    mem_free(f->khash);
    f->khash = h;
    f->khash_cap = cap;
    for (int i = 0; i < f->consts.count; i++) {
        uint32_t h = k_hash(f->consts.data[i].u64) & (f->khash_cap - 1);
        while (f->khash[h]) h = (h + 1) & (f->khash_cap - 1);
        f->khash[h] = (uint32_t)i + 1;
    }
}

/* Appends v of kind k (the kinds array follows the pool's count, which rollbacks may lower). */
static int k_push(fc *f, as_slot v, uint8_t k)
{
    VEC_PUSH(f->consts, v);
    if (f->consts.count > f->kinds_cap) {
        int cap = f->kinds_cap ? f->kinds_cap * 2 : 16;
        while (cap < f->consts.count) cap *= 2;
        uint8_t *nk = mem_realloc(f->kinds, (size_t)f->kinds_cap, (size_t)cap);
        if (!nk) mem_fail_jump();   /* the compiler always runs guarded */
        f->kinds = nk;
        f->kinds_cap = cap;
    }
    f->kinds[f->consts.count - 1] = k;
    return f->consts.count - 1;
}

static int k_add_kind(fc *f, as_slot v, uint8_t k)
{
    /* small pools (most functions) are searched; big ones (a main() calling thousands of
     * functions) go through the index so adding stays O(1) */
    if (f->consts.count < 32) {
        for (int i = 0; i < f->consts.count; i++)
            if (f->consts.data[i].u64 == v.u64 && f->kinds[i] == k) return i;
        return k_push(f, v, k);
    }
    if (!f->khash || (uint32_t)f->consts.count * 2 >= f->khash_cap) k_rehash(f);
    uint32_t h = k_hash(v.u64) & (f->khash_cap - 1);
    for (;; h = (h + 1) & (f->khash_cap - 1)) {
        uint32_t e = f->khash[h];
        if (!e) break;
        /* entries at or past count were rolled back: reuse the cell */
        if (e - 1 >= (uint32_t)f->consts.count) break;
        if (f->consts.data[e - 1].u64 == v.u64 && f->kinds[e - 1] == k) return (int)e - 1;
    }
    int idx = k_push(f, v, k);
    f->khash[h] = (uint32_t)f->consts.count;
    return idx;
}

static int k_add(fc *f, as_slot v) { return k_add_kind(f, v, K_RAW); }

static int k_pointer(fc *f, const void *p, uint8_t k) { as_slot s; s.u64 = 0; s.cp = p; return k_add_kind(f, s, k); }

int k_bytes(fc *f, const void *bytes, uint32_t size)
{
    as_slot len;
    len.u64 = size;
    VEC_PUSH(f->kbytes, len);
    int first = f->kbytes.count;
    for (uint32_t at = 0; at < size; at += 8) {
        as_slot v;
        v.u64 = 0;
        memcpy(&v, (const uint8_t *)bytes + at, size - at < 8 ? size - at : 8);
        VEC_PUSH(f->kbytes, v);
    }
    return first;
}

/* The constants of k_bytes after the others: each BC_KADDR's operand becomes an index. */
static void place_kbytes(fc *f)
{
    if (!f->kbytes.count) return;
    int base = f->consts.count;
    for (int i = 0; i < f->kbytes.count; i++) k_push(f, f->kbytes.data[i], K_RAW);
    for (int pc = 0; pc < f->code.count; pc++)
        if (f->code.data[pc].op == BC_KADDR) f->code.data[pc].sbx += base;
    VEC_FREE(f->kbytes);
}

int k_int(fc *f, int64_t v) { as_slot s; s.i64 = v; return k_add(f, s); }
int k_double(fc *f, double v) { as_slot s; s.f64 = v; return k_add(f, s); }
int k_ptr(fc *f, const void *p) { return k_pointer(f, p, K_PTR); }
int k_type(fc *f, const as_type *t) { return k_pointer(f, t, K_TYPE); }
int k_func(fc *f, const as_function *fn) { return k_pointer(f, fn, K_FUNC); }
int k_global(fc *f, const as_global *g) { return k_pointer(f, g->addr, K_GLOBAL); }
int k_string(fc *f, const void *str) { return k_pointer(f, str, K_STRING); }
int k_typeid(fc *f, const as_dtype *dt) { as_slot s; s.i64 = dtype_type_id(dt); return k_add_kind(f, s, K_TYPEID); }

void emit_load_typeid(fc *f, int dst, const as_dtype *dt)
{
    /* primitive ids are the same in every engine: an immediate */
    if (!dt || !dt->type || dt->type->kind == TYPE_PRIMITIVE) emit_sbx(f, BC_LI, dst, dt && dt->type ? dtype_type_id(dt) : 0);
    else emit(f, BC_LK, dst, k_typeid(f, dt), 0);
}

void emit_load_const(fc *f, int dst, as_slot v, bool is_64bit)
{
    /* 32-bit values only need their low half right; LI sign-extends a 32-bit immediate */
    int64_t iv = is_64bit ? v.i64 : (int64_t)v.i32;
    if (iv >= INT32_MIN && iv <= INT32_MAX) {
        emit_sbx(f, BC_LI, dst, (int32_t)iv);
        return;
    }
    emit(f, BC_LK, dst, k_add(f, v), 0);
}

/* ---- slots ---- */

int slot_alloc(fc *f, int n)
{
    int s = f->top;
    VEC_RESERVE(f->slot_used, s + n);
    while (f->slot_used.count < s + n) VEC_PUSH(f->slot_used, 0);
    for (int i = 0; i < n; i++) f->slot_used.data[s + i] = 1;
    f->top = s + n;
    if (f->top > f->max) f->max = f->top;
    if (f->max > 65000) {
        /* frames are addressed with 16-bit operands: fc_finish reports the function */
        f->too_large = true;
        f->max = 65000;
    }
    return s;
}

void slot_free(fc *f, int s, int n)
{
    for (int i = 0; i < n && s + i < f->slot_used.count; i++) f->slot_used.data[s + i] = 0;
    while (f->top > 0 && !f->slot_used.data[f->top - 1]) f->top--;
}

void slot_reserve_args(fc *f, int n)
{
    if (n) slot_alloc(f, n);
}

/* ---- object variables ---- */

int objvar_begin(fc *f, int slot, as_objvar_kind kind, as_type *t)
{
    as_objvar ov = {(uint16_t)slot, (uint8_t)kind, t, emit_pc(f), UINT32_MAX};
    VEC_PUSH(f->objvars, ov);
    return f->objvars.count - 1;
}

void objvar_end(fc *f, int idx)
{
    if (idx >= 0 && idx < f->objvars.count && f->objvars.data[idx].end == UINT32_MAX)
        f->objvars.data[idx].end = emit_pc(f);
}

/* ---- scopes ---- */

void scope_push(fc *f, scope *s)
{
    memset(s, 0, sizeof *s);
    s->parent = f->scope;
    f->scope = s;
}

/* Scopes with many variables (generated code) are indexed, so lookups stay O(1). */
#define SCOPE_INDEX_FROM 16

static uint32_t name_hash(const char *name) { return (uint32_t)(((uintptr_t)name >> 3) * 2654435761u); }

/* Variable i becomes the one its name finds (the latest declared wins). */
static void index_put(scope *s, int i)
{
    uint32_t mask = s->index_cap - 1;
    const char *name = s->vars.data[i].name;
    for (uint32_t h = name_hash(name) & mask;; h = (h + 1) & mask) {
        int e = s->index[h];
        if (!e || s->vars.data[e - 1].name == name) {
            s->index[h] = i + 1;
            return;
        }
    }
}

static void index_grow(scope *s)
{
    uint32_t cap = s->index_cap ? s->index_cap * 2 : 64;
    while (cap < (uint32_t)s->vars.count * 2) cap *= 2;
    int *idx = mem_calloc(cap, sizeof *idx);
    if (!idx) return;   /* out of memory: lookups stay linear */
    mem_free(s->index);
    s->index = idx;
    s->index_cap = cap;
    for (int i = 0; i < s->vars.count; i++) index_put(s, i);
}

local_var *scope_find_in(scope *s, const char *name)
{
    if (s->index && (uint32_t)s->vars.count * 2 <= s->index_cap) {
        uint32_t mask = s->index_cap - 1;
        for (uint32_t h = name_hash(name) & mask;; h = (h + 1) & mask) {
            int e = s->index[h];
            if (!e) return NULL;
            if (s->vars.data[e - 1].name == name) return &s->vars.data[e - 1];
        }
    }
    for (int i = s->vars.count; i-- > 0;)
        if (s->vars.data[i].name == name) return &s->vars.data[i];
    return NULL;
}

local_var *scope_find(fc *f, const char *name)
{
    if (f->hide_locals) return NULL;
    for (scope *s = f->scope; s; s = s->parent) {
        local_var *v = scope_find_in(s, name);
        if (v) return v;
    }
    return NULL;
}

local_var *scope_add(fc *f, const char *name, as_dtype type, int slot, bool is_ref, ast_pos pos)
{
    local_var v;
    memset(&v, 0, sizeof v);
    v.name = name;
    v.type = type;
    v.slot = (uint16_t)slot;
    v.is_ref = is_ref;
    v.objvar = -1;
    v.pos = pos;
    as_varinfo vi = {name, type, (uint16_t)slot, is_ref, emit_pc(f), UINT32_MAX};
    VEC_PUSH(f->vars, vi);
    v.varinfo = f->vars.count - 1;
    scope *s = f->scope;
    VEC_PUSH(s->vars, v);
    if (s->vars.count >= SCOPE_INDEX_FROM) {
        if ((uint32_t)s->vars.count * 2 > s->index_cap) index_grow(s);
        else index_put(s, s->vars.count - 1);
    }
    return &VEC_LAST(s->vars);
}

/* Emits what ends the life of one variable's object (without closing its range). */
static void emit_var_cleanup(fc *f, local_var *v)
{
    if (v->objvar < 0) return;
    as_objvar *ov = &f->objvars.data[v->objvar];
    if (ov->kind == OV_HANDLE) emit(f, BC_FREE, ov->slot, k_type(f, ov->type), 0);
    else emit(f, BC_DESTROY, ov->slot, k_type(f, ov->type), 0);
}

void scope_cleanup(fc *f, scope *s)
{
    for (int i = s->vars.count; i-- > 0;) emit_var_cleanup(f, &s->vars.data[i]);
}

void scope_cleanup_until(fc *f, scope *until)
{
    for (scope *s = f->scope; s && s != until; s = s->parent) scope_cleanup(f, s);
}

void scope_pop(fc *f)
{
    scope *s = f->scope;
    if (!s) return;
    while (f->c->block_usings.count && VEC_LAST(f->c->block_usings).scope == s) f->c->block_usings.count--;
    if (!f->unreachable) scope_cleanup(f, s);
    for (int i = s->vars.count; i-- > 0;) {
        local_var *v = &s->vars.data[i];
        objvar_end(f, v->objvar);
        if (v->varinfo >= 0 && v->varinfo < f->vars.count) f->vars.data[v->varinfo].end = emit_pc(f);
        if (!s->is_function) slot_free(f, v->slot, v->is_ref ? 1 : dtype_slots(&v->type));
    }
    VEC_FREE(s->vars);
    mem_free(s->index);
    s->index = NULL;
    s->index_cap = 0;
    f->scope = s->parent;
}
