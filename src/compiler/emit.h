/* Per-function code generation state: the instruction buffer, constants, frame slots, scopes,
 * jump labels and the tables the VM reads (object variables, lines, try blocks, debug vars). */
#ifndef AS_EMIT_H
#define AS_EMIT_H
#include "compiler.h"

/* A local variable in scope. */
/* fc.msg_target: where a value goes, which decides how messages show the target type */
enum { MT_NONE, MT_LOCAL_INIT, MT_GLOBAL_INIT, MT_ASSIGN, MT_RETURN };

typedef struct local_var {
    const char *name;
    as_dtype type;          /* declared type (DT_REF clear) */
    uint16_t slot;
    bool is_ref;            /* slot holds the address of the value (reference parameters) */
    bool is_const_value;    /* const with a compile-time value */
    bool uninit;            /* a primitive declared without a value, not yet written or read:
                             * its first read gets the "is not initialized" warning */
    as_slot value;
    int objvar;             /* index into objvars while its object is live, else -1 */
    int varinfo;
    ast_pos pos;
} local_var;

typedef struct scope {
    struct scope *parent;
    VEC(local_var) vars;
    bool is_function;       /* outermost scope of the function (parameters) */
    int *index;             /* many variables: open-addressing index of vars by name (entry = i + 1) */
    uint32_t index_cap;
} scope;

/* Jumps waiting for their target. */
typedef VEC(uint32_t) patch_list;

typedef struct loop_ctx {
    struct loop_ctx *parent;
    scope *scope;           /* scope outside the loop body: break/continue clean up to here */
    patch_list breaks;
    patch_list continues;
    bool is_switch;         /* switch: only break applies */
} loop_ctx;

/* A short jump patched with a target too far for its 16-bit offset (emit.c). */
typedef struct far_jump { uint32_t at, target; } far_jump;

struct fc {
    as_compiler *c;
    as_function *fn;
    as_function *last_call;     /* the call emitted last (for the no-discard warning) */
    as_type *objtype;
    as_namespace *ns;
    VEC(as_insn) code;
    VEC(as_slot) consts;
    VEC(as_slot) kbytes;    /* constants BC_KADDR reads (k_bytes), placed after consts at the end */
    uint8_t *kinds;         /* as_const_kind of consts[i] (valid below consts.count; rollbacks of the count keep it in step) */
    int kinds_cap;
    uint32_t *khash;        /* big pools: open-addressing index of consts (entry = index + 1) */
    uint32_t khash_cap;
    VEC(as_objvar) objvars;
    VEC(as_lineinfo) lines;
    VEC(as_tryinfo) trys;
    VEC(as_varinfo) vars;
    VEC(uint8_t) slot_used;
    int top;                /* first slot above every slot in use */
    int max;                /* frame size so far */
    scope *scope;
    loop_ctx *loop;
    bool is_global_init;
    bool unreachable;       /* after return/break/continue in the current block */
    int try_depth;
    bool return_style;
    /* what the next compile_expr_as (or object assignment) initialises, for its messages: MT_* */
    uint8_t msg_target;
    as_type *enum_hint;     /* the enum an ambiguous enum value name should be taken from */
    bool hide_locals;       /* compiling a default argument: the caller's variables are not in scope */
    /* constructors (2.38): the assignments in the body that initialise a member instead of its
     * declaration (ctor.c), which members they are, and whether the base class's members are
     * still uninitialised (before super(...)) */
    const ast_node **ctor_init_nodes;
    int *ctor_init_props;
    int ctor_ninit;
    bool *ctor_explicit;    /* per property of the class: initialised by the body */
    bool base_uninit;
    bool picking_base_ctor; /* super(...) picks a base constructor: candidates shown as constructors */
    bool members_after_super;  /* MEMBER_INIT_MODE=0: super(...) initialises the members after it */
    bool tern_local_ref;    /* an lvalue ternary took the address of a local variable */
    bool want_lvalue;       /* compiling the target of an assignment (for `(c ? a : b) = x`) */
    /* the uninitialised-variable warning (expr.c compile_ident): a variable named by
     * assign_target is written (an assignment's target, an &out argument), one named by
     * quiet_read is read without the warning (a bare condition or switch value, as the
     * reference has it) */
    const ast_node *assign_target, *quiet_read;      /* conversion errors worded as for return values */
    uint32_t label_pc;      /* highest pc a jump targets: the peephole must not merge across it */
    bool too_large;         /* an operand did not fit its 16 bits (slot, constant, offset):
                             * fc_finish reports the function as too large */
    VEC(far_jump) far_jumps; /* short jumps too far for 16 bits: fc_finish rewrites them */
    struct probe_memo *memo; /* compile_probe results in the current statement (expr.c) */
    void *param_owns;       /* handle parameters the body may assign (func.c), or NULL */
    fc *live_next;          /* the compiler's compilations in progress (c->live_fcs) */
    bool live;
    uint32_t memo_cap, memo_count, memo_gen;
};

void fc_init(fc *f, as_compiler *c, as_function *fn, as_namespace *ns, as_type *objtype);
void fc_finish(fc *f);      /* moves the buffers into fn->bc */
/* Code was moved: the pcs of f's object variables, try blocks and variables go through newpc (the
 * new pc of each old pc up to n, the end included); pcs past n stay as they are. */
void fc_move_pcs(fc *f, const uint32_t *newpc, uint32_t n);
/* The finished code made faster (optimise.c): counts of borrowed handles dropped, fused
 * instructions, NOPs removed; every table's pcs kept in step. Nothing if the engine's
 * AS_EP_OPTIMIZE_BYTECODE is 0. */
void fc_optimise(fc *f);
void fc_discard(fc *f);
void fc_abandon(fc *f);     /* out of memory: frees what f holds, emitting nothing */

/* instructions */
uint32_t emit(fc *f, as_opcode op, int a, int b, int c);
uint32_t emit_sbx(fc *f, as_opcode op, int a, int32_t sbx);
uint32_t emit_pc(fc *f);
/* a jump to be patched: returns its index */
uint32_t emit_jump(fc *f, as_opcode op, int a);
void patch_jump(fc *f, uint32_t at, uint32_t target);
void patch_here(fc *f, uint32_t at);
void patch_list_here(fc *f, patch_list *l);
/* A patch list held in a C local: freed if running out of memory unwinds the compilation while
 * it is held (patch_list_hold ... patch_list_drop, in nested order). */
void patch_list_hold(patch_list *l, mem_cleanup *c);
static inline void patch_list_drop(mem_cleanup *c) { mem_cleanup_pop(c); }
/* backward jump to target */
void emit_jump_to(fc *f, as_opcode op, int a, uint32_t target);
void emit_line(fc *f, ast_pos pos);
/* A statement start where the line callback always fires: function entry and loop conditions,
 * the places the manual promises even with AS_EP_BUILD_WITHOUT_LINE_CUES. */
void emit_cue(fc *f, ast_pos pos);
/* Position information only: never a line callback stop. */
void emit_pos(fc *f, ast_pos pos);
/* The reference's stop at the head of each loop iteration (a SUSPEND of its own, reporting the
 * line of the position information before it); made with or without line cues. */
void emit_loop_stop(fc *f);
/* Brings a slot written through a reference back to the register form of small type t
 * (sign or zero extended to 32 bits); nothing for other types. */
void emit_narrow(fc *f, int slot, const as_type *t);

/* If the last instruction computes into slot `from`, make it write `to` instead. */
bool retarget_last(fc *f, int from, int to);

/* constants */
int k_int(fc *f, int64_t v);
int k_double(fc *f, double v);
/* Pointer constants say what they point to, so a saved module can rebuild them (see as_const_kind). */
/* size bytes as consecutive number constants after one holding size, for BC_KADDR: its
 * operand, which fc_finish turns into the index of the first (they go after the others, so
 * those keep indexes that fit 16-bit operands). */
int k_bytes(fc *f, const void *bytes, uint32_t size);
int k_type(fc *f, const as_type *t);
int k_func(fc *f, const as_function *fn);
int k_global(fc *f, const as_global *g);     /* the global's address */
int k_string(fc *f, const void *str);       /* a string factory constant */
/* The type id of dt (engine-specific for object types, so kept as a K_TYPEID constant). */
int k_typeid(fc *f, const as_dtype *dt);
/* Loads dt's type id into slot dst (0 for NULL: the null handle). */
void emit_load_typeid(fc *f, int dst, const as_dtype *dt);
/* An untyped pointer constant (K_PTR): works, but makes the module unsaveable. */
int k_ptr(fc *f, const void *p);
/* loads a 64-bit constant into slot dst with the shortest instruction */
void emit_load_const(fc *f, int dst, as_slot v, bool is_64bit);

/* slots */
int slot_alloc(fc *f, int n);
void slot_free(fc *f, int s, int n);
void slot_reserve_args(fc *f, int n);

/* object variables: a range during which slot holds an owned object */
int objvar_begin(fc *f, int slot, as_objvar_kind kind, as_type *t);
void objvar_end(fc *f, int idx);

/* scopes */
void scope_push(fc *f, scope *s);
/* Emits the destruction of the scope's objects; pops it when `pop`. */
void scope_cleanup(fc *f, scope *s);
void scope_pop(fc *f);
local_var *scope_find(fc *f, const char *name);
/* The variable named name declared in scope s itself, or NULL. */
local_var *scope_find_in(scope *s, const char *name);
local_var *scope_add(fc *f, const char *name, as_dtype type, int slot, bool is_ref, ast_pos pos);
/* emits cleanup for every scope from the innermost up to (not including) `until` */
void scope_cleanup_until(fc *f, scope *until);

#endif
