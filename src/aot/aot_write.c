/* The C writer of `angelc aot` (as_aot_write_module): one C function per script function, one C
 * block per instruction with its pc known, doing what the interpreter's instruction does
 * (src/vm/vm.c) on the same frame. Arithmetic, compares, jumps, loads and stores are inline C;
 * calls and reference counting go through the helpers of aot_runtime.c. An instruction the
 * writer does not know hands the frame to the interpreter at its pc, so opcodes added later run
 * interpreted until they are taught here. */
#include "aot.h"
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* A growable string. */
typedef struct sbuf {
    char *s;
    size_t len, cap;
    bool failed;        /* out of memory: the output is abandoned */
} sbuf;

static void sbuf_vput(sbuf *b, const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(b->s ? b->s + b->len : NULL, b->s ? b->cap - b->len : 0, fmt, ap);
    if (n < 0) {
        b->failed = true;
    } else if (!b->s || b->len + (size_t)n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + (size_t)n + 1) cap *= 2;
        char *t = realloc(b->s, cap);
        if (!t) {
            b->failed = true;
        } else {
            b->s = t;
            b->cap = cap;
            vsnprintf(b->s + b->len, b->cap - b->len, fmt, again);
            b->len += (size_t)n;
        }
    } else {
        b->len += (size_t)n;
    }
    va_end(again);
}

static void sbuf_put(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sbuf_vput(b, fmt, ap);
    va_end(ap);
}

typedef struct writer {
    sbuf insn;              /* the C of the instruction being written, frame slots as fp[N] */
    const as_module *m;     /* the module written (for calls between its compiled functions) */
    const as_function *f;
    const as_insn *code;
    const as_slot *K;
    uint32_t pc;            /* the instruction being written */
    uint8_t *target;        /* target[pc]: a jump lands there (a label) */
} writer;

#define OUT(...) sbuf_put(&w->insn, __VA_ARGS__)

static void c_name(char *buf, size_t size, int n, const as_function *f);
/* Instructions in a module up to which its calls between compiled functions are inlined. */
enum { AOT_INLINE_CALLS_MAX = 2000 };

static bool compiled_kind(const as_function *f);

/* Where a write to slot a is copied to the frame (promoted slots: their C local is written first;
 * see promote_slots). Instructions whose write is followed by more code place it themselves. */
#define WRITE_BACK "@WB@"

/* Where the instruction may leave for the interpreter (an exception, a trap at a loop's back-edge
 * or SUSPEND): the slots whose write-back is still pending are written to the frame there first
 * (see emit_function). */
#define FLUSH "@FB@"

/* The pc a jump of offset off from the instruction at pc lands on. */
static uint32_t jump_target(uint32_t pc, int32_t off) { return (uint32_t)((int64_t)pc + 1 + off); }

/* The jump offset of instruction pc, and whether it has one. */
static bool jump_offset(const as_insn *code, uint32_t pc, int32_t *off)
{
    const as_insn *i = &code[pc];
    switch (as_opcode_formats[i->op]) {
    case FMT_J: case FMT_AJ: *off = i->sbx; return true;
    case FMT_ABJ: case FMT_AIJ: case FMT_AKJ: case FMT_ABJX: *off = (int16_t)i->c; return true;
    default: return false;
    }
}

/* Where the interpreter stops on a backward jump to t with the trap set: on the loop's SUSPEND
 * just before t, or before the load after it (vm.c's JUMP). */
static uint32_t trap_pc(const writer *w, uint32_t t)
{
    if (t > 0 && w->code[t - 1].op == BC_SUSPEND) return t - 1;
    if (t > 1 && bc_is_load(w->code[t - 1].op) && w->code[t - 2].op == BC_SUSPEND) return t - 2;
    return t;
}

static void emit_goto(writer *w, uint32_t t)
{
    if (t <= w->pc) {
        OUT("{ if (AS_AOT_TRAPPED(ctx)) { " FLUSH "int r_ = as_aot_backedge(ctx, %" PRIu32 "); if (r_) return r_; } goto L%" PRIu32 "; }",
            trap_pc(w, t), t);
    } else {
        OUT("goto L%" PRIu32 ";", t);
    }
}

/* `if (cond) jump` for the instruction's own offset. */
static void emit_cjump(writer *w, const char *fmt, ...)
{
    int32_t off = 0;
    jump_offset(w->code, w->pc, &off);
    va_list ap;
    va_start(ap, fmt);
    OUT("if (");
    sbuf_vput(&w->insn, fmt, ap);
    va_end(ap);
    OUT(") ");
    emit_goto(w, jump_target(w->pc, off));
}

static void emit_throw(writer *w, const char *msg)
{
    OUT("{ " FLUSH "return as_aot_throw(ctx, %" PRIu32 ", \"%s\"); }", w->pc, msg);
}

/* The null test of a pointer p_ the block has. */
static void emit_null_check(writer *w, const char *p)
{
    OUT("if (!%s) ", p);
    emit_throw(w, "Null pointer access");
    OUT(" ");
}

/* The element c of the container in b (the EXT at pc + 1 has the offsets): d_ points to it. */
static void emit_element(writer *w, const as_insn *i, unsigned size, bool deref)
{
    const as_insn *x = &w->code[w->pc + 1];
    OUT("const char *o_ = fp[%u].p; ", i->b);
    emit_null_check(w, "o_");
    OUT("uint32_t i_ = fp[%u].u32, n_; memcpy(&n_, o_ + %u, sizeof n_); if (i_ >= n_) ", i->c, x->b);
    emit_throw(w, "Index out of bounds");
    OUT(" char *d_; memcpy(&d_, o_ + %u, sizeof d_); d_ += (size_t)i_ * %u; ", x->a, size);
    if (deref) OUT("{ char *e_; memcpy(&e_, d_, sizeof e_); d_ = e_; } ");
}

static void emit_div(writer *w, const as_insn *i, const char *t, const char *field, const char *min, const char *op)
{
    OUT("{ %s d_ = fp[%u].%s, n_ = fp[%u].%s; if (d_ == 0) ", t, i->c, field, i->b, field);
    emit_throw(w, "Divide by zero");
    if (min) {
        OUT(" if (d_ == -1 && n_ == %s) ", min);
        emit_throw(w, "Overflow in integer division");
    }
    OUT(" fp[%u].%s = n_ %s d_; }", i->a, field, op);
}

static void emit_pow(writer *w, const as_insn *i, const char *t, const char *field, const char *fn)
{
    OUT("{ %s r_; if (!%s(fp[%u].%s, fp[%u].%s, &r_)) ", t, fn, i->b, field, i->c, field);
    emit_throw(w, "Overflow in exponent operation");
    OUT(" fp[%u].%s = r_; }", i->a, field);
}

static void emit_powf(writer *w, const as_insn *i, const char *field, const char *fn, const char *exp_field, const char *cast)
{
    OUT("{ %s r_ = %s(fp[%u].%s, %sfp[%u].%s); if (isinf(r_)) ", strcmp(field, "f32") == 0 ? "float" : "double", fn, i->b,
        field, cast, i->c, exp_field);
    emit_throw(w, "Overflow in exponent operation");
    OUT(" fp[%u].%s = r_; }", i->a, field);
}

/* A real division or modulo, raising on a zero divisor. */
static void emit_fdiv(writer *w, const as_insn *i, const char *field, const char *expr_fmt)
{
    OUT("if (fp[%u].%s == 0) ", i->c, field);
    emit_throw(w, "Divide by zero");
    OUT(" fp[%u].%s = ", i->a, field);
    OUT(expr_fmt, i->b, i->c);
    OUT(";");
}

static void emit_load(writer *w, const as_insn *i, const char *t, const char *field)
{
    OUT("{ char *p_ = fp[%u].p; ", i->b);
    emit_null_check(w, "p_");
    OUT("%s v_; memcpy(&v_, p_ + %u, sizeof v_); fp[%u].%s = v_; }", t, i->c, i->a, field);
}

static void emit_store(writer *w, const as_insn *i, const char *t, const char *field)
{
    OUT("{ char *p_ = fp[%u].p; ", i->b);
    emit_null_check(w, "p_");
    OUT("%s v_ = (%s)fp[%u].%s; memcpy(p_ + %u, &v_, sizeof v_); }", t, t, i->a, field, i->c);
}

static void emit_aget(writer *w, const as_insn *i, unsigned size, const char *t, const char *field)
{
    OUT("{ ");
    emit_element(w, i, size, false);
    OUT("%s v_; memcpy(&v_, d_, sizeof v_); fp[%u].%s = v_; }", t, i->a, field);
}

static void emit_aset(writer *w, const as_insn *i, unsigned size, const char *t, const char *field)
{
    OUT("{ ");
    emit_element(w, i, size, false);
    OUT("%s v_ = (%s)fp[%u].%s; memcpy(d_, &v_, sizeof v_); }", t, t, i->a, field);
}

/* The name of a function constant, for a comment (no comment closer inside). */
static void emit_callee_comment(writer *w, const void *fn)
{
    char decl[512];
    if (!fn) return;
    aot_decl(fn, decl, sizeof decl);
    for (char *p = decl; *p; p++)
        if (*p == '*' && p[1] == '/') *p = '.';
    OUT(" /* %s */", decl);
}

static void emit_call(writer *w, const char *expr)
{
    OUT("{ int r_ = %s; if (r_) return r_; }", expr);
}

/* The index among the module's compiled functions of f, or -1. */
static int compiled_index(const as_module *m, const as_function *f)
{
    int n = 0;
    for (int i = 0; i < m->all_functions.count; i++) {
        const as_function *g = m->all_functions.data[i];
        if (!compiled_kind(g)) continue;
        if (g == f) return n;
        n++;
    }
    return -1;
}

/* A call of a script function compiled in this file: as_aot_call_body (angelc_aot.h) pushes the
 * frame and calls the C function straight when it runs compiled (its body the one of this file),
 * there is room, and nothing (trap) asks the interpreter's attention; else as_aot_call. */
static bool emit_direct_call(writer *w, const as_insn *i)
{
    const as_function *callee = w->K[i->b].p;
    int idx = callee && callee->kind == FN_SCRIPT ? compiled_index(w->m, callee) : -1;
    if (idx < 0) return false;
    char name[128];
    c_name(name, sizeof name, idx, callee);
    OUT("{ int r_ = as_aot_call_body(ctx, fp, %" PRIu32 ", %u, K[%u].p, %s, %" PRIu32 ", %" PRIu32 ", %" PRIu32 ", %d); if (r_) return r_; }",
        w->pc, i->a, i->b, name, w->f->bc.nslots, callee->nargslots, callee->bc.nslots,
        i->op == BC_CALLN ? (int)callee->this_slot : -1);
    emit_callee_comment(w, callee);
    return true;
}

/* One instruction; returns how many it took (2 with its EXT). */
static uint32_t emit_insn(writer *w)
{
    const as_insn *i = &w->code[w->pc];
    uint32_t pc = w->pc;
    unsigned a = i->a, b = i->b, c = i->c;
    int sc = (int16_t)i->c, sb = (int16_t)i->b;
    char buf[160];
    switch ((as_opcode)i->op) {
    case BC_NOP: case BC_EXT: break;
    case BC_MOV: OUT("fp[%u] = fp[%u];", a, b); break;
    case BC_LI: OUT("fp[%u].i64 = INT64_C(%" PRId32 ");", a, i->sbx); break;
    case BC_LK: OUT("fp[%u] = K[%u];", a, b); break;
    case BC_CLR: OUT("fp[%u].p = NULL;", a); break;
    case BC_ADDR: OUT("fp[%u].p = &fp[%u];", a, b); break;
    case BC_KADDR: OUT("fp[%u].cp = &K[%" PRId32 "];", a, i->sbx); break;

#define BIN(op, expr) case BC_##op: OUT(expr ";", a, b, c); break;
    BIN(ADD_I, "fp[%u].i32 = (int32_t)(fp[%u].u32 + fp[%u].u32)")
    BIN(SUB_I, "fp[%u].i32 = (int32_t)(fp[%u].u32 - fp[%u].u32)")
    BIN(MUL_I, "fp[%u].i32 = (int32_t)(fp[%u].u32 * fp[%u].u32)")
    case BC_DIV_I: emit_div(w, i, "int32_t", "i32", "INT32_MIN", "/"); break;
    case BC_MOD_I: emit_div(w, i, "int32_t", "i32", "INT32_MIN", "%"); break;
    case BC_DIV_U: emit_div(w, i, "uint32_t", "u32", NULL, "/"); break;
    case BC_MOD_U: emit_div(w, i, "uint32_t", "u32", NULL, "%"); break;
    case BC_POW_I: emit_pow(w, i, "int32_t", "i32", "as_aot_pow_i32"); break;
    case BC_POW_U: emit_pow(w, i, "uint32_t", "u32", "as_aot_pow_u32"); break;
    case BC_ADDK_I: OUT("fp[%u].i32 = (int32_t)(fp[%u].u32 + (uint32_t)(%d));", a, b, sc); break;
    case BC_MULK_I: OUT("fp[%u].i32 = (int32_t)(fp[%u].u32 * (uint32_t)(%d));", a, b, sc); break;
    case BC_DIVK_I: OUT("fp[%u].i32 = fp[%u].i32 / (%d);", a, b, sc); break;
    case BC_MODK_I: OUT("fp[%u].i32 = fp[%u].i32 %% (%d);", a, b, sc); break;
    case BC_NEG_I: OUT("fp[%u].i32 = (int32_t)(0u - fp[%u].u32);", a, b); break;
    case BC_BNOT_I: OUT("fp[%u].u32 = ~fp[%u].u32;", a, b); break;
    case BC_NOT: OUT("fp[%u].i32 = !fp[%u].u8;", a, b); break;
    BIN(AND_I, "fp[%u].u32 = fp[%u].u32 & fp[%u].u32")
    BIN(OR_I, "fp[%u].u32 = fp[%u].u32 | fp[%u].u32")
    BIN(XOR_I, "fp[%u].u32 = fp[%u].u32 ^ fp[%u].u32")
    BIN(SHL_I, "fp[%u].u32 = fp[%u].u32 << (fp[%u].u32 & 31)")
    BIN(SHR_I, "fp[%u].u32 = fp[%u].u32 >> (fp[%u].u32 & 31)")
    BIN(SAR_I, "fp[%u].i32 = fp[%u].i32 >> (fp[%u].u32 & 31)")

    BIN(ADD_L, "fp[%u].u64 = fp[%u].u64 + fp[%u].u64")
    BIN(SUB_L, "fp[%u].u64 = fp[%u].u64 - fp[%u].u64")
    BIN(MUL_L, "fp[%u].u64 = fp[%u].u64 * fp[%u].u64")
    case BC_DIV_L: emit_div(w, i, "int64_t", "i64", "INT64_MIN", "/"); break;
    case BC_MOD_L: emit_div(w, i, "int64_t", "i64", "INT64_MIN", "%"); break;
    case BC_DIV_UL: emit_div(w, i, "uint64_t", "u64", NULL, "/"); break;
    case BC_MOD_UL: emit_div(w, i, "uint64_t", "u64", NULL, "%"); break;
    case BC_POW_L: emit_pow(w, i, "int64_t", "i64", "as_aot_pow_i64"); break;
    case BC_POW_UL: emit_pow(w, i, "uint64_t", "u64", "as_aot_pow_u64"); break;
    case BC_ADDK_L: OUT("fp[%u].u64 = fp[%u].u64 + (uint64_t)(int64_t)(%d);", a, b, sc); break;
    case BC_NEG_L: OUT("fp[%u].u64 = 0u - fp[%u].u64;", a, b); break;
    case BC_BNOT_L: OUT("fp[%u].u64 = ~fp[%u].u64;", a, b); break;
    BIN(AND_L, "fp[%u].u64 = fp[%u].u64 & fp[%u].u64")
    BIN(OR_L, "fp[%u].u64 = fp[%u].u64 | fp[%u].u64")
    BIN(XOR_L, "fp[%u].u64 = fp[%u].u64 ^ fp[%u].u64")
    BIN(SHL_L, "fp[%u].u64 = fp[%u].u64 << (fp[%u].u32 & 63)")
    BIN(SHR_L, "fp[%u].u64 = fp[%u].u64 >> (fp[%u].u32 & 63)")
    BIN(SAR_L, "fp[%u].i64 = fp[%u].i64 >> (fp[%u].u32 & 63)")

    BIN(ADD_F, "fp[%u].f32 = fp[%u].f32 + fp[%u].f32")
    BIN(SUB_F, "fp[%u].f32 = fp[%u].f32 - fp[%u].f32")
    BIN(MUL_F, "fp[%u].f32 = fp[%u].f32 * fp[%u].f32")
    case BC_DIV_F: emit_fdiv(w, i, "f32", "fp[%u].f32 / fp[%u].f32"); break;
    case BC_MOD_F: emit_fdiv(w, i, "f32", "fmodf(fp[%u].f32, fp[%u].f32)"); break;
    case BC_POW_F: emit_powf(w, i, "f32", "powf", "f32", ""); break;
    case BC_NEG_F: OUT("fp[%u].f32 = -fp[%u].f32;", a, b); break;
    BIN(ADD_D, "fp[%u].f64 = fp[%u].f64 + fp[%u].f64")
    BIN(SUB_D, "fp[%u].f64 = fp[%u].f64 - fp[%u].f64")
    BIN(MUL_D, "fp[%u].f64 = fp[%u].f64 * fp[%u].f64")
    case BC_DIV_D: emit_fdiv(w, i, "f64", "fp[%u].f64 / fp[%u].f64"); break;
    case BC_MOD_D: emit_fdiv(w, i, "f64", "fmod(fp[%u].f64, fp[%u].f64)"); break;
    case BC_POW_D: emit_powf(w, i, "f64", "pow", "f64", ""); break;
    case BC_NEG_D: OUT("fp[%u].f64 = -fp[%u].f64;", a, b); break;
    case BC_POWI_F: emit_powf(w, i, "f32", "powf", "i32", "(float)"); break;
    case BC_POWI_D: emit_powf(w, i, "f64", "pow", "i32", "(double)"); break;

    BIN(EQ_I, "fp[%u].i32 = fp[%u].i32 == fp[%u].i32")
    BIN(NE_I, "fp[%u].i32 = fp[%u].i32 != fp[%u].i32")
    BIN(LT_I, "fp[%u].i32 = fp[%u].i32 < fp[%u].i32")
    BIN(LE_I, "fp[%u].i32 = fp[%u].i32 <= fp[%u].i32")
    BIN(LT_U, "fp[%u].i32 = fp[%u].u32 < fp[%u].u32")
    BIN(LE_U, "fp[%u].i32 = fp[%u].u32 <= fp[%u].u32")
    BIN(EQ_L, "fp[%u].i32 = fp[%u].i64 == fp[%u].i64")
    BIN(NE_L, "fp[%u].i32 = fp[%u].i64 != fp[%u].i64")
    BIN(LT_L, "fp[%u].i32 = fp[%u].i64 < fp[%u].i64")
    BIN(LE_L, "fp[%u].i32 = fp[%u].i64 <= fp[%u].i64")
    BIN(LT_UL, "fp[%u].i32 = fp[%u].u64 < fp[%u].u64")
    BIN(LE_UL, "fp[%u].i32 = fp[%u].u64 <= fp[%u].u64")
    BIN(EQ_F, "fp[%u].i32 = fp[%u].f32 == fp[%u].f32")
    BIN(NE_F, "fp[%u].i32 = fp[%u].f32 != fp[%u].f32")
    BIN(LT_F, "fp[%u].i32 = fp[%u].f32 < fp[%u].f32")
    BIN(LE_F, "fp[%u].i32 = fp[%u].f32 <= fp[%u].f32")
    BIN(EQ_D, "fp[%u].i32 = fp[%u].f64 == fp[%u].f64")
    BIN(NE_D, "fp[%u].i32 = fp[%u].f64 != fp[%u].f64")
    BIN(LT_D, "fp[%u].i32 = fp[%u].f64 < fp[%u].f64")
    BIN(LE_D, "fp[%u].i32 = fp[%u].f64 <= fp[%u].f64")
    BIN(EQ_P, "fp[%u].i32 = fp[%u].p == fp[%u].p")
    BIN(NE_P, "fp[%u].i32 = fp[%u].p != fp[%u].p")
    BIN(EQ_B, "fp[%u].i32 = (fp[%u].u8 != 0) == (fp[%u].u8 != 0)")
    BIN(NE_B, "fp[%u].i32 = (fp[%u].u8 != 0) != (fp[%u].u8 != 0)")
#undef BIN

#define UN(op, expr) case BC_##op: OUT(expr ";", a, b); break;
    UN(SEXT8, "fp[%u].i32 = (int8_t)fp[%u].u32")
    UN(SEXT16, "fp[%u].i32 = (int16_t)fp[%u].u32")
    UN(ZEXT8, "fp[%u].u32 = (uint8_t)fp[%u].u32")
    UN(ZEXT16, "fp[%u].u32 = (uint16_t)fp[%u].u32")
    UN(I2L, "fp[%u].i64 = fp[%u].i32")
    UN(U2L, "fp[%u].u64 = fp[%u].u32")
    UN(I2F, "fp[%u].f32 = (float)fp[%u].i32")
    UN(U2F, "fp[%u].f32 = (float)fp[%u].u32")
    UN(L2F, "fp[%u].f32 = (float)fp[%u].i64")
    UN(UL2F, "fp[%u].f32 = (float)fp[%u].u64")
    UN(I2D, "fp[%u].f64 = (double)fp[%u].i32")
    UN(U2D, "fp[%u].f64 = (double)fp[%u].u32")
    UN(L2D, "fp[%u].f64 = (double)fp[%u].i64")
    UN(UL2D, "fp[%u].f64 = (double)fp[%u].u64")
    UN(F2I, "fp[%u].i32 = as_aot_d2i(fp[%u].f32)")
    UN(F2U, "fp[%u].u32 = (uint32_t)as_aot_d2i(fp[%u].f32)")
    UN(F2L, "fp[%u].i64 = as_aot_d2l(fp[%u].f32)")
    UN(F2UL, "fp[%u].u64 = (uint64_t)as_aot_d2l(fp[%u].f32)")
    UN(D2I, "fp[%u].i32 = as_aot_d2i(fp[%u].f64)")
    UN(D2U, "fp[%u].u32 = (uint32_t)as_aot_d2i(fp[%u].f64)")
    UN(D2L, "fp[%u].i64 = as_aot_d2l(fp[%u].f64)")
    UN(D2UL, "fp[%u].u64 = (uint64_t)as_aot_d2l(fp[%u].f64)")
    UN(F2D, "fp[%u].f64 = (double)fp[%u].f32")
    UN(D2F, "fp[%u].f32 = (float)fp[%u].f64")
    UN(TOBOOL, "fp[%u].i32 = fp[%u].i32 != 0")
#undef UN

    case BC_JMP: emit_goto(w, jump_target(pc, i->sbx)); break;
    case BC_JT: emit_cjump(w, "fp[%u].u8", a); break;
    case BC_JF: emit_cjump(w, "!fp[%u].u8", a); break;
    case BC_JNULL: emit_cjump(w, "!fp[%u].p", a); break;
    case BC_JNNULL: emit_cjump(w, "fp[%u].p", a); break;
#define JCMP(op, cmp) case BC_##op: emit_cjump(w, cmp, a, b); break;
    JCMP(JEQ_I, "fp[%u].i32 == fp[%u].i32")
    JCMP(JNE_I, "fp[%u].i32 != fp[%u].i32")
    JCMP(JLT_I, "fp[%u].i32 < fp[%u].i32")
    JCMP(JLE_I, "fp[%u].i32 <= fp[%u].i32")
    JCMP(JLT_U, "fp[%u].u32 < fp[%u].u32")
    JCMP(JLE_U, "fp[%u].u32 <= fp[%u].u32")
    JCMP(JLT_D, "fp[%u].f64 < fp[%u].f64")
    JCMP(JLE_D, "fp[%u].f64 <= fp[%u].f64")
#undef JCMP
#define JK(op, cmp) case BC_##op: emit_cjump(w, "fp[%u].i32 " cmp " (%d)", a, sb); break;
    JK(JEQK_I, "==") JK(JNEK_I, "!=") JK(JLTK_I, "<") JK(JLEK_I, "<=") JK(JGTK_I, ">") JK(JGEK_I, ">=")
#undef JK
#define JC(op, cmp) case BC_##op: emit_cjump(w, "fp[%u].i32 " cmp " (%" PRId32 ")", a, w->K[b].i32); break;
    JC(JEQC_I, "==") JC(JNEC_I, "!=") JC(JLTC_I, "<") JC(JLEC_I, "<=") JC(JGTC_I, ">") JC(JGEC_I, ">=")
#undef JC
#define INCJ(op, cmp) case BC_##op: OUT("fp[%u].u32++; " WRITE_BACK " ", a); emit_cjump(w, cmp, a, b); break;
    INCJ(INCJLT_I, "fp[%u].i32 < fp[%u].i32")
    INCJ(INCJLE_I, "fp[%u].i32 <= fp[%u].i32")
    INCJ(INCJLT_U, "fp[%u].u32 < fp[%u].u32")
    INCJ(INCJLE_U, "fp[%u].u32 <= fp[%u].u32")
#undef INCJ
    case BC_INCJLTK_I: OUT("fp[%u].u32++; " WRITE_BACK " ", a); emit_cjump(w, "fp[%u].i32 < (%d)", a, sb); break;
    case BC_INCJLEK_I: OUT("fp[%u].u32++; " WRITE_BACK " ", a); emit_cjump(w, "fp[%u].i32 <= (%d)", a, sb); break;
    case BC_INCJLTC_I: OUT("fp[%u].u32++; " WRITE_BACK " ", a); emit_cjump(w, "fp[%u].i32 < (%" PRId32 ")", a, w->K[b].i32); break;
    case BC_INCJLEC_I: OUT("fp[%u].u32++; " WRITE_BACK " ", a); emit_cjump(w, "fp[%u].i32 <= (%" PRId32 ")", a, w->K[b].i32); break;
    case BC_JUMPTABLE:
        OUT("switch (fp[%u].u32 - (uint32_t)(%" PRId32 ")) {", a, w->K[b].i32);
        for (unsigned k = 0; k < c; k++) {
            OUT(" case %u: ", k);
            emit_goto(w, jump_target(pc, w->K[b + 1 + k].i32));
        }
        OUT(" default: break; }");
        break;

    case BC_LD8: emit_load(w, i, "int8_t", "i32"); break;
    case BC_LDU8: emit_load(w, i, "uint8_t", "u32"); break;
    case BC_LD16: emit_load(w, i, "int16_t", "i32"); break;
    case BC_LDU16: emit_load(w, i, "uint16_t", "u32"); break;
    case BC_LD32: emit_load(w, i, "uint32_t", "u32"); break;
    case BC_LD64: emit_load(w, i, "uint64_t", "u64"); break;
    case BC_ST8: emit_store(w, i, "uint8_t", "u32"); break;
    case BC_ST16: emit_store(w, i, "uint16_t", "u32"); break;
    case BC_ST32: emit_store(w, i, "uint32_t", "u32"); break;
    case BC_ST64: emit_store(w, i, "uint64_t", "u64"); break;
    case BC_PADD:
        OUT("{ char *p_ = fp[%u].p; ", b);
        emit_null_check(w, "p_");
        OUT("fp[%u].p = p_ + %u; }", a, c);
        break;
    case BC_CHKNULL:
        snprintf(buf, sizeof buf, "fp[%u].p", a);
        emit_null_check(w, buf);
        break;
    case BC_MEMCPY:
        snprintf(buf, sizeof buf, "fp[%u].p", a);
        emit_null_check(w, buf);
        snprintf(buf, sizeof buf, "fp[%u].p", b);
        emit_null_check(w, buf);
        OUT("memmove(fp[%u].p, fp[%u].p, %u);", a, b, c);
        break;

    case BC_AIDX1: case BC_AIDX2: case BC_AIDX4: case BC_AIDX8: case BC_AIDXP: {
        static const unsigned sizes[] = {1, 2, 4, 8};
        bool ptr = i->op == BC_AIDXP;
        OUT("{ ");
        emit_element(w, i, ptr ? (unsigned)sizeof(void *) : sizes[i->op - BC_AIDX1], ptr);
        OUT("fp[%u].p = d_; }", a);
        return 2;
    }
    case BC_ALEN:
        OUT("{ const char *o_ = fp[%u].p; ", b);
        emit_null_check(w, "o_");
        OUT("uint32_t n_; memcpy(&n_, o_ + %u, sizeof n_); fp[%u].u32 = n_; }", w->code[pc + 1].b, a);
        return 2;
    case BC_AGET8: emit_aget(w, i, 1, "int8_t", "i32"); return 2;
    case BC_AGETU8: emit_aget(w, i, 1, "uint8_t", "u32"); return 2;
    case BC_AGET16: emit_aget(w, i, 2, "int16_t", "i32"); return 2;
    case BC_AGETU16: emit_aget(w, i, 2, "uint16_t", "u32"); return 2;
    case BC_AGET32: emit_aget(w, i, 4, "uint32_t", "u32"); return 2;
    case BC_AGET64: emit_aget(w, i, 8, "uint64_t", "u64"); return 2;
    case BC_ASET8: emit_aset(w, i, 1, "uint8_t", "u32"); return 2;
    case BC_ASET16: emit_aset(w, i, 2, "uint16_t", "u32"); return 2;
    case BC_ASET32: emit_aset(w, i, 4, "uint32_t", "u32"); return 2;
    case BC_ASET64: emit_aset(w, i, 8, "uint64_t", "u64"); return 2;
    case BC_JLTLEN_U:
        OUT("{ const char *o_ = fp[%u].p; ", b);
        emit_null_check(w, "o_");
        OUT("uint32_t n_; memcpy(&n_, o_ + %u, sizeof n_); ", w->code[pc + 1].b);
        emit_cjump(w, "fp[%u].u32 < n_", a);
        OUT(" }");
        return 2;
    case BC_INCJLTLEN_U:
        OUT("{ const char *o_ = fp[%u].p; fp[%u].u32++; " WRITE_BACK " ", b, a);
        emit_null_check(w, "o_");
        OUT("uint32_t n_; memcpy(&n_, o_ + %u, sizeof n_); ", w->code[pc + 2].b);
        emit_cjump(w, "fp[%u].u32 < n_", a);
        OUT(" }");
        break;

#define LOADG(op, t, field) case BC_##op: OUT("{ %s v_; memcpy(&v_, K[%u].p, sizeof v_); fp[%u].%s = v_; }", t, b, a, field); break;
    LOADG(LDG8, "int8_t", "i32") LOADG(LDGU8, "uint8_t", "u32") LOADG(LDG16, "int16_t", "i32")
    LOADG(LDGU16, "uint16_t", "u32") LOADG(LDG32, "uint32_t", "u32") LOADG(LDG64, "uint64_t", "u64")
#undef LOADG
#define STOREG(op, t, field) case BC_##op: OUT("{ %s v_ = (%s)fp[%u].%s; memcpy(K[%u].p, &v_, sizeof v_); }", t, t, a, field, b); break;
    STOREG(STG8, "uint8_t", "u32") STOREG(STG16, "uint16_t", "u32") STOREG(STG32, "uint32_t", "u32")
    STOREG(STG64, "uint64_t", "u64")
#undef STOREG

    case BC_CALL: case BC_CALLN:
        if (emit_direct_call(w, i)) break;
        snprintf(buf, sizeof buf, "as_aot_call(ctx, fp, %" PRIu32 ", %u, K[%u].p, %d)", pc, a, b, i->op == BC_CALLN);
        emit_call(w, buf);
        emit_callee_comment(w, w->K[b].p);
        break;
    case BC_CALLSYS: case BC_CALLSYSN:
        snprintf(buf, sizeof buf, "as_aot_callsys(ctx, fp, %" PRIu32 ", %u, K[%u].p, %d)", pc, a, b, i->op == BC_CALLSYSN);
        emit_call(w, buf);
        emit_callee_comment(w, w->K[b].p);
        break;
    case BC_CALLV:
        snprintf(buf, sizeof buf, "as_aot_callv(ctx, fp, %" PRIu32 ", %u, K[%u].p)", pc, a, b);
        emit_call(w, buf);
        emit_callee_comment(w, w->K[b].p);
        break;
    case BC_CALLPTR:
        snprintf(buf, sizeof buf, "as_aot_callptr(ctx, fp, %" PRIu32 ", %u, %u)", pc, a, b);
        emit_call(w, buf);
        break;
    case BC_RET: OUT("return AS_AOT_RETURNED;"); break;
    case BC_RETV: OUT("*ret = fp[%u]; return AS_AOT_RETURNED;", a); break;

    case BC_ADDREF: OUT("if (fp[%u].p) as_aot_addref(ctx, fp[%u].p, K[%u].p);", a, a, b); break;
    case BC_FREE:
        OUT("{ void *o_ = fp[%u].p; fp[%u].p = NULL; " WRITE_BACK " if (o_) as_aot_release(ctx, %" PRIu32 ", o_, K[%u].p); }", a, a, pc, b);
        break;
    case BC_HSET:
        OUT("{ void *n_ = fp[%u].p, *o_ = fp[%u].p; if (n_) as_aot_addref(ctx, n_, K[%u].p); fp[%u].p = n_; " WRITE_BACK " "
            "if (o_) as_aot_release(ctx, %" PRIu32 ", o_, K[%u].p); }", b, a, c, a, pc, c);
        break;
    case BC_HSETM:
        OUT("if (as_aot_hsetm(ctx, %" PRIu32 ", (void **)fp[%u].p, fp[%u].p, K[%u].p)) return AS_AOT_EXCEPTION;", pc, a, b, c);
        break;
    case BC_DESTROY: OUT("as_aot_destroy(ctx, %" PRIu32 ", &fp[%u], K[%u].p);", pc, a, b); break;
    case BC_NEWOBJ:
        OUT("{ as_aot_slot t_; if (as_aot_newobj(ctx, %" PRIu32 ", &t_, K[%u].p)) return AS_AOT_EXCEPTION; fp[%u] = t_; }", pc, b, a);
        break;
    case BC_CAST: OUT("{ as_aot_slot t_; as_aot_cast(&t_, fp[%u].p, K[%u].p); fp[%u] = t_; }", b, c, a); break;
    case BC_DELEGATE:
        OUT("{ as_aot_slot t_; if (as_aot_delegate(ctx, %" PRIu32 ", &t_, fp[%u].p, K[%u].p)) return AS_AOT_EXCEPTION; fp[%u] = t_; }",
            pc, b, c, a);
        break;
    /* the math add-on's instructions: a = f(a), as the interpreter computes it (a float's result
     * fills the slot's upper half with zeros) */
#define MATH_F(op, fn) case BC_##op: OUT("{ as_aot_slot r_; r_.u64 = 0; r_.f32 = " fn "(fp[%u].f32); fp[%u] = r_; }", a, a); break;
    MATH_F(SQRT_F, "sqrtf") MATH_F(ABS_F, "fabsf") MATH_F(FLOOR_F, "floorf") MATH_F(CEIL_F, "ceilf")
#undef MATH_F
#define MATH_D(op, fn) case BC_##op: OUT("fp[%u].f64 = " fn "(fp[%u].f64);", a, a); break;
    MATH_D(SQRT_D, "sqrt") MATH_D(ABS_D, "fabs") MATH_D(FLOOR_D, "floor") MATH_D(CEIL_D, "ceil")
#undef MATH_D
    case BC_THROW: OUT("return as_aot_throw(ctx, %" PRIu32 ", (const char *)K[%u].cp);", pc, b); break;
    case BC_SUSPEND:
        OUT("if (AS_AOT_TRAPPED(ctx)) { " FLUSH "int r_ = as_aot_suspend(ctx, %" PRIu32 "); if (r_) return r_; }", pc);
        break;
    default:
        /* not translated: the interpreter runs the function on from here */
        OUT("return as_aot_resume(ctx, %" PRIu32 ");", pc);
        break;
    }
    return 1;
}

/* The C name of function index n of the file. */
static void c_name(char *buf, size_t size, int n, const as_function *f)
{
    int len = snprintf(buf, size, "aot_%d_", n);
    for (const char *p = f->name; p && *p && (size_t)len + 1 < size; p++)
        buf[len++] = (char)((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ? *p : '_');
    buf[len] = 0;
}

/* decl as a C string literal's contents. */
static void emit_c_string(FILE *out, const char *s)
{
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') fputc('\\', out);
        if ((unsigned char)*s < 32) fprintf(out, "\\%03o", (unsigned char)*s);
        else fputc(*s, out);
    }
}

/* Whether instruction i writes its slot a (as a value: not a store through it, not a test). */
static bool writes_a(const as_insn *i)
{
    switch ((as_opcode)i->op) {
    case BC_ST8: case BC_ST16: case BC_ST32: case BC_ST64:
    case BC_ASET8: case BC_ASET16: case BC_ASET32: case BC_ASET64:
    case BC_STG8: case BC_STG16: case BC_STG32: case BC_STG64:
    case BC_HSETM: case BC_CHKNULL: case BC_ADDREF: case BC_DESTROY: case BC_THROW: case BC_SAMETYPE:
    case BC_MEMCPY: case BC_RETV: case BC_JUMPTABLE: case BC_JLTLEN_U: case BC_EXT: case BC_NOP:
    case BC_CALL: case BC_CALLN: case BC_CALLSYS: case BC_CALLSYSN: case BC_CALLV: case BC_CALLPTR:
        return false;
    default:
        break;
    }
    switch (as_opcode_formats[i->op]) {
    case FMT_A: case FMT_AB: case FMT_ABC: case FMT_ABI: case FMT_AI: case FMT_AK: case FMT_ABK: case FMT_ABO:
    case FMT_ABCX: case FMT_ABX:
        return true;
    default:
        /* the loop steps write a; the other jumps only test */
        return (i->op >= BC_INCJLT_I && i->op <= BC_INCJLEC_I) || i->op == BC_INCJLTLEN_U;
    }
}

/* The slots a call leaves changed in the frame: its arguments and result [*a, *a + *n). */
static bool call_area(const as_bytecode *bc, const as_insn *i, uint32_t *a, uint32_t *n)
{
    *a = i->a;
    switch ((as_opcode)i->op) {
    case BC_CALL: case BC_CALLN: case BC_CALLSYS: case BC_CALLSYSN: case BC_CALLV: {
        const as_function *callee = bc->consts[i->b].p;
        *n = callee && callee->nargslots ? callee->nargslots : 1;
        return true;
    }
    case BC_CALLPTR:
        /* the callee is known only when it runs (a delegate's arguments move up a slot) */
        *n = bc->nslots > i->a ? bc->nslots - i->a : 1;
        return true;
    default:
        return false;
    }
}

/* Slots kept in C locals (s<N>), which the compiler can hold in registers: all of them. Loads
 * read the local; each write goes to the local and then to the frame (write-through, or deferred
 * to where the frame may be looked at: emit_function), so the frame is what the interpreter would
 * have for helpers, exceptions and a hand-over. After a call the slots it may have changed are read back, and a slot whose
 * address is taken (ADDR, a value object DESTROYed in place: *aliased) is read back after every
 * instruction that writes through a pointer (clobbers). */
/* Most slots whose address is taken that promote_slots keeps in locals. */
#define AOT_MAX_ALIASED_LOCALS 16

static uint8_t *promote_slots(const as_bytecode *bc, uint8_t **aliased)
{
    uint8_t *p = malloc(bc->nslots + 1);
    *aliased = calloc(bc->nslots + 1, 1);
    if (!p || !*aliased) {
        free(p);
        free(*aliased);
        return NULL;
    }
    memset(p, 1, bc->nslots + 1);
    uint32_t naliased = 0;
    for (uint32_t pc = 0; pc < bc->ncode; pc++) {
        const as_insn *i = &bc->code[pc];
        uint32_t s = i->op == BC_ADDR ? i->b : i->op == BC_DESTROY ? i->a : UINT32_MAX;
        if (s < bc->nslots && !(*aliased)[s]) {
            (*aliased)[s] = 1;
            naliased++;
        }
    }
    /* many of them: read back after every clobber would make the C grow with their product;
     * they stay in the frame instead (no local, so nothing to read back) */
    if (naliased > AOT_MAX_ALIASED_LOCALS)
        for (uint32_t s = 0; s < bc->nslots; s++)
            if ((*aliased)[s]) {
                p[s] = 0;
                (*aliased)[s] = 0;
            }
    return p;
}

/* Whether instruction i may write memory a slot's address points to. */
static bool clobbers(const as_insn *i)
{
    switch ((as_opcode)i->op) {
    case BC_ST8: case BC_ST16: case BC_ST32: case BC_ST64:
    case BC_ASET8: case BC_ASET16: case BC_ASET32: case BC_ASET64:
    case BC_MEMCPY: case BC_HSETM: case BC_DESTROY:
    case BC_CALL: case BC_CALLN: case BC_CALLSYS: case BC_CALLSYSN: case BC_CALLV: case BC_CALLPTR:
        return true;
    default:
        return false;
    }
}

/* The instruction's C (w->insn) with promoted slots as their locals, into body. */
static void rewrite_insn(sbuf *body, const char *text, const uint8_t *promoted, uint32_t nslots, uint8_t *used)
{
    bool close = false;   /* a widened 32-bit write is open: ")" before its ";" */
    for (const char *t = text; *t;) {
        unsigned long slot;
        char *end;
        if (strncmp(t, "fp[", 3) == 0 && (t == text || t[-1] != '&') && t[3] >= '0' && t[3] <= '9' &&
            (slot = strtoul(t + 3, &end, 10), *end == ']') && slot < nslots && promoted[slot]) {
            used[slot] = 1;
            t = end + 1;
            /* a 32-bit integer written to a local fills all of it (no merge with the old upper half;
             * only the written half goes to the frame, as the interpreter writes it) */
            if (!close && (strncmp(t, ".i32 = ", 7) == 0 || strncmp(t, ".u32 = ", 7) == 0)) {
                sbuf_put(body, "s%lu.u64 = (uint32_t)(", slot);
                t += 7;
                close = true;
            } else if (strncmp(t, ".u32++", 6) == 0) {
                sbuf_put(body, "s%lu.u64 = (uint32_t)(s%lu.u32 + 1u)", slot, slot);
                t += 6;
            } else {
                sbuf_put(body, "s%lu", slot);
            }
        } else if (strncmp(t, "@F[", 3) == 0) {
            sbuf_put(body, "fp[");
            t += 3;
        } else if (strncmp(t, WRITE_BACK, sizeof WRITE_BACK - 1) == 0) {
            t += sizeof WRITE_BACK - 1;
        } else {
            if (*t == ';' && close) {
                sbuf_put(body, ")");
                close = false;
            }
            sbuf_put(body, "%c", *t++);
        }
    }
}

/* Whether instruction text writes 32 bits of slot a (the write-through writes those only). */
static bool narrow_write(const char *text, unsigned a)
{
    char pat[3][40];
    snprintf(pat[0], sizeof pat[0], "fp[%u].i32 = ", a);
    snprintf(pat[1], sizeof pat[1], "fp[%u].u32 = ", a);
    snprintf(pat[2], sizeof pat[2], "fp[%u].u32++", a);
    return strstr(text, pat[0]) || strstr(text, pat[1]) || strstr(text, pat[2]);
}

/* What an instruction's C does with the frame, for deferring write-backs (emit_function). */
enum { INSN_PURE, INSN_IMPURE, INSN_RETURN };
typedef struct insn_info {
    uint8_t kind;       /* INSN_*: PURE reads and writes only locals, memory through pointers and
                           the constants, and leaves only by FLUSH points and jumps */
    uint8_t defer;      /* its write of slot a is not written back at once (a PURE instruction
                           writing a promoted slot whose address is never taken) */
    uint8_t narrow;     /* that write is of 32 bits */
    uint8_t step;       /* 1, or 2 with its EXT */
} insn_info;

/* Whether text (an instruction's C, slots as fp[N]) is PURE: every way to the interpreter it has
 * is a FLUSH point, it calls no helper that reads the frame, and takes no slot's address. */
static uint8_t classify_insn(const as_insn *i, const char *text)
{
    if (i->op == BC_RET || i->op == BC_RETV) return INSN_RETURN;
    if (!text) return INSN_PURE;
    static const char *const allowed[] = {
        FLUSH "return as_aot_throw(", FLUSH "int r_ = as_aot_backedge(", FLUSH "int r_ = as_aot_suspend(",
        "if (r_) return r_;", "AS_AOT_TRAPPED(ctx)", "as_aot_d2i(", "as_aot_d2l(", "as_aot_pow_", "as_aot_slot r_;",
    };
    static const char *const impure[] = {"as_aot_", "AS_AOT", "return", "&fp", "fp +", "fp,", "fp)", "*ret"};
    char *t = malloc(strlen(text) + 1);
    if (!t) return INSN_IMPURE;
    strcpy(t, text);
    for (size_t k = 0; k < sizeof allowed / sizeof *allowed; k++)
        for (char *m; (m = strstr(t, allowed[k])) != NULL;) memset(m, ' ', strlen(allowed[k]));
    for (char *m; (m = strstr(t, WRITE_BACK)) != NULL;) memset(m, ' ', sizeof WRITE_BACK - 1);
    uint8_t kind = INSN_PURE;
    for (size_t k = 0; k < sizeof impure / sizeof *impure && kind == INSN_PURE; k++)
        if (strstr(t, impure[k])) kind = INSN_IMPURE;
    free(t);
    return kind;
}

/* The write-back of the slots pending in dirty (1: 32 bits, 2: all of it) into b; as frame slots
 * @F[N] (left so by rewrite_insn) when at, else fp[N]. */
static void put_flush(sbuf *b, const uint8_t *dirty, uint32_t nslots, bool at, uint8_t *used)
{
    const char *f = at ? "@F" : "fp";
    for (uint32_t s = 0; s < nslots; s++) {
        if (dirty[s] == 1) sbuf_put(b, "%s[%u].u32 = s%u.u32; ", f, s, s);
        else if (dirty[s] == 2) sbuf_put(b, "%s[%u] = s%u; ", f, s, s);
        if (dirty[s]) used[s] = 1;
    }
}

/* dirty after a PURE instruction's deferred write of slot a. A 32-bit write over a pending 64-bit
 * one leaves it 64 bits: the local holds the value zero-extended, the upper half no code reads. */
static void mark_dirty(uint8_t *dirty, const insn_info *in, unsigned a)
{
    uint8_t v = in->narrow ? 1 : 2;
    if (dirty[a] < v) dirty[a] = v;
}

/* into[] joined with from[] (the larger pending write); whether into changed */
static bool join_dirty(uint8_t *into, const uint8_t *from, uint32_t n)
{
    bool changed = false;
    for (uint32_t s = 0; s < n; s++)
        if (from[s] > into[s]) {
            into[s] = from[s];
            changed = true;
        }
    return changed;
}

/* The jump targets of instruction pc, into t (at most max); how many. */
static unsigned jump_targets(const as_bytecode *bc, uint32_t pc, uint32_t *t, unsigned max)
{
    int32_t off;
    unsigned n = 0;
    if (jump_offset(bc->code, pc, &off)) {
        t[n++] = jump_target(pc, off);
    } else if (bc->code[pc].op == BC_JUMPTABLE) {
        for (unsigned k = 0; k < bc->code[pc].c && n < max; k++) t[n++] = jump_target(pc, bc->consts[bc->code[pc].b + 1 + k].i32);
    }
    return n;
}

/* The instruction's C with its markers placed: WRITE_BACK as the write of slot a to the frame
 * when a is promoted (wb), unless deferred (then slot a becomes pending in dirty); FLUSH as the write-back of what is
 * pending there. */
static void place_markers(writer *w, const insn_info *in, bool wb, unsigned a, uint8_t *dirty, uint32_t nslots, uint8_t *used)
{
    sbuf t = {0};
    const char *s = w->insn.s;
    bool narrow = in->narrow;
    while (*s) {
        if (strncmp(s, WRITE_BACK, sizeof WRITE_BACK - 1) == 0) {
            s += sizeof WRITE_BACK - 1;
            if (!wb) continue;   /* slot a is not promoted: written to the frame already */
            if (in->defer) mark_dirty(dirty, in, a);
            else if (narrow) sbuf_put(&t, "@F[%u].u32 = s%u.u32;", a, a);
            else sbuf_put(&t, "@F[%u] = s%u;", a, a);
        } else if (strncmp(s, FLUSH, sizeof FLUSH - 1) == 0) {
            s += sizeof FLUSH - 1;
            put_flush(&t, dirty, nslots, true, used);
        } else {
            const char *e = s + 1;
            while (*e && *e != '@') e++;
            sbuf_put(&t, "%.*s", (int)(e - s), s);
            s = e;
        }
    }
    if (t.failed) w->insn.failed = true;
    free(w->insn.s);
    w->insn = t;
}

static int emit_function(FILE *out, const as_module *m, as_function *f, int n)
{
    writer wr = {{0}, m, f, f->bc.code, f->bc.consts, 0, NULL}, *w = &wr;
    const as_bytecode *bc = &f->bc;
    sbuf body = {0};
    uint32_t ns = bc->nslots;
    w->target = calloc(bc->ncode + 1, 1);
    uint8_t *aliased = NULL, *promoted = promote_slots(bc, &aliased), *used = calloc(ns + 1, 1);
    insn_info *info = calloc(bc->ncode + 1, sizeof *info);
    uint8_t *dirty = calloc(ns + 1, 1), **label_in = calloc(bc->ncode + 1, sizeof *label_in);
    bool ok = w->target && promoted && used && info && dirty && label_in;
    if (ok) {
        for (uint32_t pc = 0; pc < bc->ncode; pc++) {
            uint32_t t[64];
            unsigned nt = jump_targets(bc, pc, t, 64);
            for (unsigned k = 0; k < nt; k++)
                if (t[k] <= bc->ncode) w->target[t[k]] = 1;
            if (bc->code[pc].op == BC_JUMPTABLE)
                for (unsigned k = 64; k < bc->code[pc].c; k++) {
                    uint32_t x = jump_target(pc, bc->consts[bc->code[pc].b + 1 + k].i32);
                    if (x <= bc->ncode) w->target[x] = 1;
                }
        }
    }
    /* Write-backs deferred: a PURE instruction's write of a promoted slot whose address is never
     * taken stays in the local until the code may need the frame: before an IMPURE instruction
     * (all pending slots), at the FLUSH points inside PURE ones (a throw, a trap), never before a
     * return (the frame is done). Which slots may be pending at a label is the join over the ways
     * into it, found by going over the code until nothing changes. A function too large for that
     * writes every slot through (nothing deferred). */
    size_t nlabels = 0;
    for (uint32_t pc = 0; ok && pc <= bc->ncode; pc++) nlabels += w->target[pc];
    bool defer = ok && nlabels * (size_t)(ns + 1) <= ((size_t)1 << 24);
    for (uint32_t pc = 0; ok && pc < bc->ncode;) {
        const as_insn *i = &bc->code[pc];
        w->pc = pc;
        w->insn.len = 0;
        if (w->insn.s) w->insn.s[0] = 0;
        insn_info *in = &info[pc];
        in->step = (uint8_t)emit_insn(w);
        in->kind = classify_insn(i, w->insn.s);
        bool wb = writes_a(i) && i->a < ns && promoted[i->a];
        in->narrow = wb && w->insn.s && narrow_write(w->insn.s, i->a);
        in->defer = defer && wb && in->kind == INSN_PURE && !aliased[i->a];
        if (defer && w->target[pc] && !(label_in[pc] = calloc(ns + 1, 1))) ok = false;
        pc += in->step;
    }
    if (ok && defer && w->target[bc->ncode] && !(label_in[bc->ncode] = calloc(ns + 1, 1))) ok = false;
    for (bool changed = defer; ok && changed;) {
        changed = false;
        memset(dirty, 0, ns + 1);
        for (uint32_t pc = 0; pc < bc->ncode;) {
            const insn_info *in = &info[pc];
            if (label_in[pc]) {
                changed |= join_dirty(label_in[pc], dirty, ns);
                memcpy(dirty, label_in[pc], ns);
            }
            if (in->kind == INSN_IMPURE) memset(dirty, 0, ns + 1);
            else if (in->kind == INSN_PURE && in->defer) {
                unsigned a = bc->code[pc].a;
                mark_dirty(dirty, in, a);
            }
            uint32_t t[64];
            unsigned nt = jump_targets(bc, pc, t, 64);
            for (unsigned k = 0; k < nt; k++)
                if (t[k] <= bc->ncode && label_in[t[k]]) changed |= join_dirty(label_in[t[k]], dirty, ns);
            if (bc->code[pc].op == BC_JUMPTABLE && bc->code[pc].c > 64) {
                /* more cases than jump_targets gave: every label gets what is pending here */
                for (uint32_t x = 0; x <= bc->ncode; x++)
                    if (label_in[x]) changed |= join_dirty(label_in[x], dirty, ns);
            }
            for (uint32_t k = 1; k < in->step; k++)
                if (label_in[pc + k]) {
                    changed |= join_dirty(label_in[pc + k], dirty, ns);
                    memcpy(dirty, label_in[pc + k], ns);
                }
            pc += in->step;
        }
    }
    if (!ok) {
        free(w->target);
        free(promoted);
        free(aliased);
        free(used);
        free(info);
        free(dirty);
        if (label_in)
            for (uint32_t pc = 0; pc <= bc->ncode; pc++) free(label_in[pc]);
        free(label_in);
        free(w->insn.s);
        return AS_OUT_OF_MEMORY;
    }
    memset(dirty, 0, ns + 1);
    uint32_t line_i = 0;
    int last_line = -1;
    for (uint32_t pc = 0; pc < bc->ncode;) {
        while (line_i < bc->nlines && bc->lines[line_i].pc < pc) line_i++;
        if (line_i < bc->nlines && bc->lines[line_i].pc == pc && bc->lines[line_i].line != last_line) {
            last_line = bc->lines[line_i].line;
            sbuf_put(&body, "    /* line %d */\n", last_line);
        }
        if (w->target[pc]) sbuf_put(&body, "L%" PRIu32 ":;\n", pc);
        if (label_in[pc]) memcpy(dirty, label_in[pc], ns);
        sbuf_put(&body, "    /* %" PRIu32 " %s */ ", pc, as_opcode_names[bc->code[pc].op]);
        w->pc = pc;
        w->insn.len = 0;
        if (w->insn.s) w->insn.s[0] = 0;
        const as_insn *i = &bc->code[pc];
        const insn_info *in = &info[pc];
        uint32_t step = emit_insn(w);
        /* the write-through of a promoted slot a: where the instruction placed it, else after it */
        bool wb = writes_a(i) && i->a < ns && promoted[i->a];
        if (wb && w->insn.s && !strstr(w->insn.s, WRITE_BACK)) OUT(" " WRITE_BACK);
        if (in->kind == INSN_IMPURE) {
            /* what is pending goes to the frame before the instruction may look at it */
            put_flush(&body, dirty, ns, false, used);
            memset(dirty, 0, ns + 1);
        }
        if (w->insn.s) {
            place_markers(w, in, wb, i->a, dirty, ns, used);
            if (w->insn.s) rewrite_insn(&body, w->insn.s, promoted, ns, used);
        }
        uint32_t ca, cn;
        if (!call_area(bc, i, &ca, &cn)) ca = cn = 0;
        /* what the call or the store may have changed, read back */
        for (uint32_t s = 0; s < ns; s++)
            if (promoted[s] && ((s >= ca && s < ca + cn) || (aliased[s] && clobbers(i)))) {
                sbuf_put(&body, " s%u = fp[%u];", s, s);
                used[s] = 1;
            }
        sbuf_put(&body, "\n");
        for (uint32_t k = 1; k < step; k++)
            if (w->target[pc + k]) {
                sbuf_put(&body, "L%" PRIu32 ":;\n", pc + k);
                if (label_in[pc + k]) memcpy(dirty, label_in[pc + k], ns);
            }
        pc += step;
    }
    if (w->target[bc->ncode]) sbuf_put(&body, "L%" PRIu32 ":;\n", bc->ncode);
    sbuf_put(&body, "    return as_aot_resume(ctx, %" PRIu32 ");   /* not reached: the code ends with a return */\n}\n",
             bc->ncode ? bc->ncode - 1 : 0);

    char name[128], decl[512];
    c_name(name, sizeof name, n, f);
    aot_decl(f, decl, sizeof decl);
    for (char *p = decl; *p; p++)
        if (*p == '*' && p[1] == '/') *p = '.';
    const char *section = as_function_script_section_name(f);
    fprintf(out, "\n/* %s (%s:%d) */\nstatic int %s(as_context *ctx, as_aot_slot *fp, const as_aot_slot *K, as_aot_slot *ret)\n{\n",
            decl, section ? section : "", f->line, name);
    fprintf(out, "    (void)ctx; (void)fp; (void)K; (void)ret;\n");
    /* the promoted slots start as the frame has them (the compiler drops the loads not needed) */
    int col = 0;
    for (uint32_t s = 0; s < bc->nslots; s++) {
        if (!used[s]) continue;
        if (col == 0) fprintf(out, "    as_aot_slot");
        fprintf(out, "%s s%u = fp[%u]", col ? "," : "", s, s);
        if (++col == 8) {
            fprintf(out, ";\n");
            col = 0;
        }
    }
    if (col) fprintf(out, ";\n");
    /* a slot a call leaves but nothing reads is still fine */
    col = 0;
    for (uint32_t s = 0; s < bc->nslots; s++) {
        if (!used[s]) continue;
        fprintf(out, "%s(void)s%u;", col ? " " : "    ", s);
        if (++col == 12) {
            fprintf(out, "\n");
            col = 0;
        }
    }
    if (col) fprintf(out, "\n");
    bool failed = body.failed || w->insn.failed;
    if (!failed && body.s) fwrite(body.s, 1, body.len, out);
    free(body.s);
    free(w->insn.s);
    free(w->target);
    free(promoted);
    free(aliased);
    free(used);
    free(info);
    free(dirty);
    for (uint32_t pc = 0; pc <= bc->ncode; pc++) free(label_in[pc]);
    free(label_in);
    return failed ? AS_OUT_OF_MEMORY : 0;
}

static bool compiled_kind(const as_function *f) { return f->kind == FN_SCRIPT && f->bc.code && f->bc.ncode; }

int as_aot_write_module(as_module *m, FILE *out, const char *script, const char *reg_name)
{
    if (!m || !out || !reg_name || !m->built) return AS_INVALID_ARG;
    fprintf(out, "/* Generated by `angelc aot` from %s: the script's functions compiled to C (include/angelc_aot.h).\n"
                 " * Each function works on the interpreter's frame; a module whose bytecode differs runs interpreted. */\n",
            script ? script : "");
    /* a small module's calls between its functions are inlined whole (recursion like fib's pays
     * for an out-of-line call body); a large one keeps them out of line, or its C takes minutes
     * to compile at -O2 */
    size_t ncode = 0;
    for (int i = 0; i < m->all_functions.count; i++)
        if (compiled_kind(m->all_functions.data[i])) ncode += m->all_functions.data[i]->bc.ncode;
    if (ncode <= AOT_INLINE_CALLS_MAX) fprintf(out, "#define AS_AOT_INLINE_CALLS 1\n");
    fprintf(out, "#include \"angelc_aot.h\"\n#include <math.h>\n#include <string.h>\n");
    /* every function declared first: they call each other */
    char name[128], decl[512];
    int n = 0;
    for (int i = 0; i < m->all_functions.count; i++) {
        as_function *f = m->all_functions.data[i];
        if (!compiled_kind(f)) continue;
        c_name(name, sizeof name, n++, f);
        fprintf(out, "static int %s(as_context *ctx, as_aot_slot *fp, const as_aot_slot *K, as_aot_slot *ret);\n", name);
    }
    n = 0;
    for (int i = 0; i < m->all_functions.count; i++) {
        as_function *f = m->all_functions.data[i];
        if (!compiled_kind(f)) continue;
        int r = emit_function(out, m, f, n++);
        if (r < 0) return r;
    }
    fprintf(out, "\nstatic const as_aot_entry aot_funcs[] = {\n");
    n = 0;
    for (int i = 0; i < m->all_functions.count; i++) {
        as_function *f = m->all_functions.data[i];
        if (!compiled_kind(f)) continue;
        c_name(name, sizeof name, n++, f);
        aot_decl(f, decl, sizeof decl);
        fprintf(out, "    {\"");
        emit_c_string(out, decl);
        fprintf(out, "\", UINT64_C(0x%016" PRIx64 "), %s},\n", aot_hash(f), name);
    }
    if (!n) fprintf(out, "    {\"\", 0, 0},\n");
    fprintf(out, "};\n\nstatic const as_aot_module aot_table = {AS_AOT_ABI, \"");
    emit_c_string(out, script ? script : "");
    fprintf(out, "\", aot_funcs, %d};\n\n", n);
    fprintf(out, "/* Registers the compiled functions (before the module is built or loaded). */\n");
    fprintf(out, "void %s(void);\nvoid %s(void) { as_aot_register(&aot_table); }\n", reg_name, reg_name);
    return ferror(out) ? AS_ERROR : 0;
}
