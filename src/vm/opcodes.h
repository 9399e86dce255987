/* The instruction set: one X-macro table generates the opcode enum, the names, the operand
 * layouts for the disassembler and verifier, and the dispatch table of the VM.
 *
 * Instructions are 8 bytes: a 16-bit opcode and three 16-bit operands a, b, c, or a and a signed
 * 32-bit sbx. Operands name frame slots (8-byte untagged cells relative to the frame pointer),
 * constants (K: the function's constant pool) or immediates. Types live in the opcode, never in
 * the value: ADD_I adds the low 32 bits of two slots as int32.
 *
 * Suffixes: I int32, U uint32, L int64, UL uint64, F float, D double, P pointer. */
#ifndef AS_OPCODES_H
#define AS_OPCODES_H
#include <stdint.h>

/* Operand layouts. */
enum {
    FMT_NONE,   /* no operands */
    FMT_A,      /* a: slot */
    FMT_AB,     /* a, b: slots */
    FMT_ABC,    /* a, b, c: slots */
    FMT_ABI,    /* a, b: slots; c: signed 16-bit immediate */
    FMT_AI,     /* a: slot; sbx: signed 32-bit immediate */
    FMT_AK,     /* a: slot; b: constant index */
    FMT_ABK,    /* a, b: slots; c: constant index */
    FMT_J,      /* sbx: jump offset */
    FMT_AJ,     /* a: slot; sbx: jump offset */
    FMT_ABJ,    /* a, b: slots; c: signed 16-bit jump offset */
    FMT_AIJ,    /* a: slot; b: signed 16-bit immediate; c: signed 16-bit jump offset */
    FMT_ABO,    /* a: slot; b: slot holding a pointer; c: byte offset */
    FMT_AKB,    /* a: slot; b: constant index; c: count or slot */
    FMT_AKJ,    /* a: slot; b: constant index; c: signed 16-bit jump offset */
    FMT_ABCX,   /* a, b, c: slots; the next instruction is an EXT with more operands */
    FMT_ABX,    /* a, b: slots; the next instruction is an EXT with more operands */
    FMT_ABJX,   /* a, b: slots; c: signed 16-bit jump offset; the next instruction is an EXT */
    FMT_X,      /* EXT: the operands of the instruction before it (never executed) */
};

#define AS_OPCODES(X) \
    X(NOP, NONE) \
    /* moves and constants */ \
    X(MOV, AB)          /* a = b (all 8 bytes) */ \
    X(LI, AI)           /* a.i64 = sbx */ \
    X(LK, AK)           /* a = K[b] */ \
    X(CLR, A)           /* a.p = NULL: an object variable's life starts empty */ \
    X(ADDR, AB)         /* a.p = &frame[b] */ \
    /* int32 arithmetic (results are written as 32-bit values) */ \
    X(ADD_I, ABC) X(SUB_I, ABC) X(MUL_I, ABC) X(DIV_I, ABC) X(MOD_I, ABC) \
    X(DIV_U, ABC) X(MOD_U, ABC) X(POW_I, ABC) X(POW_U, ABC) \
    X(ADDK_I, ABI)      /* a = b + imm */ \
    X(DIVK_I, ABI)      /* a = b / imm (imm not 0 or -1) */ \
    X(MODK_I, ABI)      /* a = b % imm (imm not 0 or -1) */ \
    X(MULK_I, ABI)      /* a = b * imm */ \
    X(NEG_I, AB) X(BNOT_I, AB) X(NOT, AB) \
    X(AND_I, ABC) X(OR_I, ABC) X(XOR_I, ABC) \
    X(SHL_I, ABC) X(SHR_I, ABC) X(SAR_I, ABC)   /* SHR logical (>>), SAR arithmetic (>>>) */ \
    /* int64 arithmetic */ \
    X(ADD_L, ABC) X(SUB_L, ABC) X(MUL_L, ABC) X(DIV_L, ABC) X(MOD_L, ABC) \
    X(DIV_UL, ABC) X(MOD_UL, ABC) X(POW_L, ABC) X(POW_UL, ABC) \
    X(ADDK_L, ABI) \
    X(NEG_L, AB) X(BNOT_L, AB) \
    X(AND_L, ABC) X(OR_L, ABC) X(XOR_L, ABC) \
    X(SHL_L, ABC) X(SHR_L, ABC) X(SAR_L, ABC) \
    /* float and double arithmetic */ \
    X(ADD_F, ABC) X(SUB_F, ABC) X(MUL_F, ABC) X(DIV_F, ABC) X(MOD_F, ABC) X(POW_F, ABC) X(NEG_F, AB) \
    X(ADD_D, ABC) X(SUB_D, ABC) X(MUL_D, ABC) X(DIV_D, ABC) X(MOD_D, ABC) X(POW_D, ABC) X(NEG_D, AB) \
    X(POWI_F, ABC)      /* float ** int */ \
    X(POWI_D, ABC)      /* double ** int */ \
    /* comparisons: a = (b op c) as 0/1; > and >= swap operands */ \
    X(EQ_I, ABC) X(NE_I, ABC) X(LT_I, ABC) X(LE_I, ABC) X(LT_U, ABC) X(LE_U, ABC) \
    X(EQ_L, ABC) X(NE_L, ABC) X(LT_L, ABC) X(LE_L, ABC) X(LT_UL, ABC) X(LE_UL, ABC) \
    X(EQ_F, ABC) X(NE_F, ABC) X(LT_F, ABC) X(LE_F, ABC) \
    X(EQ_D, ABC) X(NE_D, ABC) X(LT_D, ABC) X(LE_D, ABC) \
    X(EQ_P, ABC) X(NE_P, ABC) \
    X(EQ_B, ABC) X(NE_B, ABC)   /* bools: compare as truth values */ \
    /* conversions */ \
    X(SEXT8, AB) X(SEXT16, AB) X(ZEXT8, AB) X(ZEXT16, AB) \
    X(I2L, AB) X(U2L, AB) \
    X(I2F, AB) X(U2F, AB) X(L2F, AB) X(UL2F, AB) \
    X(I2D, AB) X(U2D, AB) X(L2D, AB) X(UL2D, AB) \
    X(F2I, AB) X(F2U, AB) X(F2L, AB) X(F2UL, AB) \
    X(D2I, AB) X(D2U, AB) X(D2L, AB) X(D2UL, AB) \
    X(F2D, AB) X(D2F, AB) \
    X(TOBOOL, AB)       /* a = (b.i32 != 0) */ \
    /* jumps (offsets relative to the next instruction) */ \
    X(JMP, J) X(JT, AJ) X(JF, AJ) \
    X(JEQ_I, ABJ) X(JNE_I, ABJ) X(JLT_I, ABJ) X(JLE_I, ABJ) X(JLT_U, ABJ) X(JLE_U, ABJ) \
    X(JEQK_I, AIJ) X(JNEK_I, AIJ) X(JLTK_I, AIJ) X(JLEK_I, AIJ) X(JGTK_I, AIJ) X(JGEK_I, AIJ) \
    X(JEQC_I, AKJ) X(JNEC_I, AKJ) X(JLTC_I, AKJ) X(JLEC_I, AKJ) X(JGTC_I, AKJ) X(JGEC_I, AKJ) \
    X(JLT_D, ABJ) X(JLE_D, ABJ) \
    X(JNULL, AJ) X(JNNULL, AJ) \
    X(JUMPTABLE, AKB)   /* a: int32 selector; K[b]: first jump offset constant; c: count; falls through if out of range */ \
    /* loop steps (the optimiser fuses `i++` with the loop condition after it): a.i32 += 1, */ \
    /* then the jump of the condition without INC */ \
    X(INCJLT_I, ABJ) X(INCJLE_I, ABJ) X(INCJLT_U, ABJ) X(INCJLE_U, ABJ) \
    X(INCJLTK_I, AIJ) X(INCJLEK_I, AIJ) X(INCJLTC_I, AKJ) X(INCJLEC_I, AKJ) \
    /* memory through a pointer in slot b at byte offset c (null pointer raises an exception) */ \
    X(LD8, ABO) X(LDU8, ABO) X(LD16, ABO) X(LDU16, ABO) X(LD32, ABO) X(LD64, ABO) \
    X(ST8, ABO) X(ST16, ABO) X(ST32, ABO) X(ST64, ABO)   /* *(b.p + c) = a */ \
    X(PADD, ABO)        /* a.p = b.p + c, with null check */ \
    X(CHKNULL, A)       /* raise "Null pointer access" if a.p is NULL */ \
    X(MEMCPY, ABC)      /* copy c bytes from b.p to a.p (POD value objects) */ \
    /* containers with a direct element layout (as_type_set_elements): b holds the container, c */ \
    /* the uint32 index (raising "Index out of bounds" past the count); the EXT after them has */ \
    /* a: the elements pointer's offset, b: the count's offset, c: the container type constant */ \
    X(AIDX1, ABCX) X(AIDX2, ABCX) X(AIDX4, ABCX) X(AIDX8, ABCX)  /* a.p = &element c (n bytes each) */ \
    X(AIDXP, ABCX)      /* a.p = element c (objects, stored as pointers) */ \
    X(ALEN, ABX)        /* a.u32 = the element count of b */ \
    /* element c of b read into a (as LD8 .. LD64 would) or written from a (as ST8 .. ST64) */ \
    X(AGET8, ABCX) X(AGETU8, ABCX) X(AGET16, ABCX) X(AGETU16, ABCX) X(AGET32, ABCX) X(AGET64, ABCX) \
    X(ASET8, ABCX) X(ASET16, ABCX) X(ASET32, ABCX) X(ASET64, ABCX) \
    X(JLTLEN_U, ABJX)   /* jump if a.u32 < the element count of b (`i < arr.length()`) */ \
    X(INCJLTLEN_U, ABJ) /* a.u32 += 1, then as the JLTLEN_U on a and b that follows it */ \
    X(EXT, X) \
    /* globals: K[b] holds the address */ \
    X(LDG8, AK) X(LDGU8, AK) X(LDG16, AK) X(LDGU16, AK) X(LDG32, AK) X(LDG64, AK) \
    X(STG8, AK) X(STG16, AK) X(STG32, AK) X(STG64, AK) \
    /* calls: arguments are in slots a.. of the caller; the result comes back in slot a */ \
    X(CALL, AK)         /* script function K[b] */ \
    X(CALLSYS, AK)      /* registered function K[b] */ \
    X(CALLV, AK)        /* virtual method: K[b] is the declared function; dispatch on the object in slot a */ \
    X(CALLPTR, AB)      /* function handle in slot b */ \
    X(RET, NONE) \
    X(RETV, A)          /* return the 8 bytes in slot a */ \
    /* objects */ \
    X(ADDREF, AK)       /* add a reference to the object in slot a (type K[b]); NULL is fine */ \
    X(FREE, AK)         /* release the handle in slot a (type K[b]) and clear it */ \
    X(HSET, ABK)        /* handle assignment a = b with reference counting (type K[c]) */ \
    X(HSETM, ABK)       /* handle assignment *(void **)a.p = b with reference counting (type K[c]) */ \
    X(DESTROY, AK)      /* destroy the value object stored at slot a (type K[b]) */ \
    X(NEWOBJ, AK)       /* a = a new script object of type K[b] (refcount 1, members ready) */ \
    X(CAST, ABK)        /* a = b as type K[c] (a new reference) or null */ \
    X(DELEGATE, ABK)    /* a = new delegate of method K[c] bound to the object in b */ \
    X(THROW, AK)        /* raise a script exception with message K[b] (a C string) */ \
    X(SAMETYPE, AB)     /* raise "Mismatching types in value assignment" unless objects a and b have one type */ \
    X(SUSPEND, NONE)    /* statement boundary: line callback, suspend and budget checks */ \
    X(HALT, NONE)       /* end of a host call into script */ \
    /* a CHKNULL of the object fused into the method call after it (the optimiser's drop_checks) */ \
    X(CALLN, AK)        /* as CALL, raising "Null pointer access" if the object slot is NULL */ \
    X(CALLSYSN, AK)     /* as CALLSYS, raising "Null pointer access" if the object slot is NULL */ \
    /* a.p = &K[sbx]: constants as read-only bytes (a list buffer too large for the frame, whose */ \
    /* byte length K[sbx - 1] holds; a 32-bit index, as such a buffer takes many constants) */ \
    X(KADDR, AI) \
    /* registered functions run as instructions (vm/callops.h): a call of K[b] that vm_set_call_op */ \
    /* marked compiles to its instruction instead of CALLSYS or CALLSYSN, with the same operands: */ \
    /* the arguments in slots a.. as CALLSYS lays them out, the result back in slot a. */ \
    /* the dictionary add-on (a: the dictionary, raising "Null pointer access" if NULL; a+1: the */ \
    /* key, a `const string &in`; a+2: the value's address): */ \
    X(DGET_L, AK)       /* a.u64 = (bool)get(key, int64 &out) */ \
    X(DGET_D, AK)       /* a.u64 = (bool)get(key, double &out) */ \
    X(DSET_L, AK)       /* set(key, const int64 &in) (may release an object value: as CALLSYS after) */ \
    X(DSET_D, AK)       /* set(key, const double &in) */ \
    X(DEXISTS, AK)      /* a.u64 = (bool)exists(key) */ \
    /* the math add-on: a = f(a), as the C library computes it */ \
    X(SQRT_F, AK) X(ABS_F, AK) X(FLOOR_F, AK) X(CEIL_F, AK) \
    X(SQRT_D, AK) X(ABS_D, AK) X(FLOOR_D, AK) X(CEIL_D, AK) \
    /* a C function without side effects on the engine (libm's sin, pow, ...) called straight */ \
    /* through K[b]'s function pointer: float(float), float(float, float), double(double), */ \
    /* double(double, double); the arguments in a (and a+1), the result in a */ \
    X(CALLF1, AK) X(CALLF2, AK) X(CALLD1, AK) X(CALLD2, AK)

typedef enum as_opcode {
#define X(name, fmt) BC_##name,
    AS_OPCODES(X)
#undef X
    BC__COUNT
} as_opcode;

typedef union as_insn {
    struct { uint16_t op, a, b, c; };
    struct { uint16_t op_, a_; int32_t sbx; };
    uint64_t raw;
} as_insn;

/* The case labels of the instructions that stand for a registered function's call (DGET_L to
 * CALLD2): the verifier checks their arguments as it does CALLSYS's. */
#define BC_CALL_OP_CASES \
    case BC_DGET_L: case BC_DGET_D: case BC_DSET_L: case BC_DSET_D: case BC_DEXISTS: \
    case BC_SQRT_F: case BC_ABS_F: case BC_FLOOR_F: case BC_CEIL_F: \
    case BC_SQRT_D: case BC_ABS_D: case BC_FLOOR_D: case BC_CEIL_D: \
    case BC_CALLF1: case BC_CALLF2: case BC_CALLD1: case BC_CALLD2
static inline int bc_is_call_op(unsigned op) { return op >= BC_DGET_L && op <= BC_CALLD2; }
/* CALL and CALLN with c == BC_CALL_IN_PLACE: the callee's frame may start at the arguments (slot a)
 * instead of above the caller's frame, its arguments left where they are, because no slot of
 * the caller's above a is read after the call (the optimiser proves it: optimise.c,
 * mark_in_place_calls). Only compiled code has it: loading bytecode clears it (bc_load_body.c),
 * since the verifier does not follow what the callee leaves in those slots. */
#define BC_CALL_IN_PLACE 1

/* A load of a field (LD8 ... LD64: a slot from [slot + offset]). */
static inline int bc_is_load(unsigned op) { return op >= BC_LD8 && op <= BC_LD64; }

extern const char *const as_opcode_names[BC__COUNT];
extern const uint8_t as_opcode_formats[BC__COUNT];

#endif
