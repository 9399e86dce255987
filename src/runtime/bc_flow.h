/* The state bc_flow.c follows through loaded bytecode (issue 32): what each slot may hold and
 * what each address points to, and the helpers that read, write and check it, shared by the
 * walk over the code (bc_flow.c), the state's own rules (bc_flow_state.c) and the checks of
 * calls (bc_flow_calls.c). Internal. */
#ifndef AS_BC_FLOW_H
#define AS_BC_FLOW_H
#include "bc_types.h"
#include <stdio.h>
#include <string.h>

enum { NUM = 1, PTR = 2, NUL = 4, ANY = NUM | PTR | NUL,
       FRM = 8,  /* with PTR: an address made from a frame address (an offset from it, one stored) */
       DEAD = 16 /* with NUM: a reference its owner released (bc_flow_own.c): not to be followed */ };
#define MIXED UINT32_MAX    /* fa / ct differing on the paths that meet */
#define MAX_TRACKED 4096u
#define KC_IMM 0x80000000u  /* cell.kc: a small immediate (LI), in the low bits */
/* fa of an address that is not the frame's: a string constant, a type or function constant */
#define FA_KSTRING 0x10001u
#define FA_KTYPE 0x10002u
#define FA_KFUNC 0x10003u
#define FA_RETLOC 0x10004u  /* the return location a function with one is given */
#define FA_KBYTES 0x10005u  /* constant bytes (KADDR): only a list factory reads them */
/* A state: the slots, then what is stored across each two (8 bytes from the middle of one),
 * then whether the value to return has been built. */
#define NCELLS(bc) (2 * (bc)->nslots + 1)
static inline bool frame_fa(uint32_t fa) { return fa && fa <= 0x10000u; }

/* What one slot may hold. fa: 0, or 1 + the frame slot it holds the address of (on every path);
 * ct: 0, or 1 + the index in flow.types of the value object constructed at this slot. */
typedef struct cell {
    uint8_t bits;
    uint32_t fa, ct;
    bc_term ty;     /* what an address held points to (bc_types.h), for a non-frame address */
    uint32_t kc;    /* 1 + the type or type id constant it holds (LK), else 0 */
    uint32_t ow;    /* the reference it holds (bc_flow_own.c): 0 none owned, OW_MEM, or a token */
    /* which of the slot's two 32-bit halves (bit 0: its first 4 bytes) hold a known number, hv:
     * a list buffer's counts and type ids (bc_flow_list.c); every write clears them */
    uint8_t hk;
    uint32_t hv[2];
} cell;

/* cell.ow: 0 holds no reference of its own (a number, null, a reference borrowed for the whole
 * call: a parameter, `this`, a constant), OW_MEM a reference borrowed from memory (a member, an
 * element, a global, a reference returned: it may die whenever anything is released or called),
 * else a token naming one counted reference, shared by the slots holding copies of it. */
#define OW_MEM UINT32_MAX
#define OW_OLD 0x40000000u   /* a token made at the same instruction on an earlier pass */
#define OW_SLOT 0x20000000u  /* a handle variable's own reference, written through its address */
/* A reference counted over one that memory or the caller holds (ADDREF of a borrowed one): its
 * release drops only the count it added, so it kills only the slots sharing it, as long as
 * nothing was released or stored since (ow_kill_mem makes it a plain token then). */
#define OW_EXTRA 0x10000000u
static inline bool ow_token(uint32_t ow) { return ow && ow != OW_MEM; }

typedef struct flow {
    const as_function *f;
    const as_bytecode *bc;
    uint8_t *taken;      /* slot whose address an ADDR takes: what it holds is not followed */
    uint32_t pc;         /* the instruction being checked (for decl_at) */
    uint32_t bound;      /* 1 while checking a call through a delegate: its object is not passed */
    bool nullchk;        /* checking CALLN or CALLSYSN: the VM raises on a null object */
    bool via_handle;     /* checking CALLPTR: what it calls (a host function or not) is unknown */
    bool pure;           /* checking a math instruction (SQRT_F .. CALLD2): it releases nothing */
    uint32_t *owtok, *owpar, *owout;   /* ow_merge's room: the tokens met, their classes, the result */
    uint8_t *leader;     /* pc starting a block: a jump target, a handler, after a jump */
    cell **in;           /* the state on entry to each leader (NULL: not reached yet) */
    const as_type *types[MAX_TRACKED];  /* value types with a destructor built in the frame */
    uint32_t ntypes, maxspan;
    uint32_t *work;      /* leaders to (re)visit */
    uint32_t nwork;
    uint8_t *queued;
    char *why;
    size_t n;
    bool oom;
} flow;

#define set(F, st, s, v) do { if (!fl_put((F), (st), pc, (s), (v), 0)) return false; } while (0)
#define set_t(F, st, s, v, t) do { if (!fl_put_t((F), (st), pc, (s), (v), 0, (t))) return false; } while (0)

bool fl_refuse(flow *F, uint32_t pc, const char *what, uint32_t slot);
bool fl_tracked(const as_type *t);
uint32_t fl_span_of(const as_type *t);
uint32_t fl_type_index(flow *F, const as_type *t);
uint8_t fl_get(const flow *F, const cell *st, uint32_t s);
uint32_t fl_get_fa(const flow *F, const cell *st, uint32_t s);
const as_type *fl_decl_at(const flow *F, uint32_t s);
bc_term fl_frame_term(const flow *F, const cell *st, uint32_t b);
bc_term fl_get_term(const flow *F, const cell *st, uint32_t s);
cell *fl_across(const flow *F, cell *st, uint32_t b);
cell *fl_built(const flow *F, cell *st);
bool fl_needs_building(const as_function *f);
void fl_clear_across(const flow *F, cell *st, uint32_t s);
void fl_overwritten(const flow *F, cell *st, uint32_t b, uint32_t span);
void fl_forget_taken(const flow *F, cell *st);
void fl_written_through(const flow *F, cell *st, uint32_t s);
uint32_t fl_object_at(const flow *F, const cell *st, uint32_t s);
bool fl_put_t(flow *F, cell *st, uint32_t pc, uint32_t s, uint8_t v, uint32_t fa, bc_term ty);
bool fl_put(flow *F, cell *st, uint32_t pc, uint32_t s, uint8_t v, uint32_t fa);
bool fl_copy_slot(flow *F, cell *st, uint32_t pc, uint32_t a, uint32_t b);
bool fl_need_not_kbytes(flow *F, const cell *st, uint32_t pc, uint32_t s);
bool fl_need_ptr(flow *F, const cell *st, uint32_t pc, uint32_t s);
bool fl_need_mem(flow *F, const cell *st, uint32_t pc, uint32_t s);
bool fl_need_handle(flow *F, const cell *st, uint32_t pc, uint32_t s, const as_type *t);
bool fl_need_ref(flow *F, const cell *st, uint32_t pc, uint32_t s);
bool fl_need_object(flow *F, const cell *st, uint32_t pc, uint32_t s, const as_type *t);
bool fl_need_room(flow *F, const cell *st, uint32_t pc, uint32_t s, const as_type *t, uint32_t *at);
bool fl_need_clear_room(flow *F, const cell *st, uint32_t pc, uint32_t s, uint32_t slots);
bool fl_is_address_type(const as_dtype *d);
bool fl_by_address_of_value(const as_dtype *d);
uint8_t fl_result_of(const as_function *callee);
bool fl_do_call(flow *F, cell *st, uint32_t pc, uint32_t a, const as_function *callee, bool native);
bool fl_call_handle(flow *F, cell *st, uint32_t pc, uint32_t a, uint32_t b);
const as_type *fl_var_type(const flow *F, int id);

/* Memory through addresses (bc_flow_mem.c). */
bool fl_need_bytes(flow *F, const cell *st, uint32_t pc, uint32_t s, uint32_t off, uint32_t width, bc_term *term, bool *ptrm);
bool fl_need_store(flow *F, cell *st, uint32_t pc, uint32_t a, uint32_t s, uint32_t off, uint32_t width);
bool fl_frame_load(flow *F, cell *st, uint32_t pc, uint32_t a, uint32_t s, uint32_t off, uint32_t width);
bool fl_need_container(flow *F, const cell *st, uint32_t pc, uint32_t b, const as_dtype **sub, uint32_t *bytes);
uint32_t fl_element_width(unsigned op);
int fl_load_width(unsigned op);

/* List buffers (bc_flow_list.c). */
void fl_set_known(cell *c, uint64_t v);
bool fl_check_list(flow *F, const cell *st, uint32_t pc, uint32_t s, const as_function *factory);

/* Ownership (bc_flow_own.c). */
void ow_set(const flow *F, cell *st, uint32_t s, uint32_t ow);
uint32_t ow_new(const flow *F, cell *st, uint32_t pc);
uint32_t ow_new_extra(const flow *F, cell *st, uint32_t pc, bool extra);
void ow_kill(const flow *F, cell *st, uint32_t s);
void ow_release(const flow *F, cell *st, uint32_t ow, uint32_t except);
void ow_kill_mem(const flow *F, cell *st);
bool ow_need_owned(flow *F, const cell *st, uint32_t pc, uint32_t s);
bool ow_counted(const as_dtype *d);
void ow_merge(flow *F, const cell *a, const cell *b, uint32_t *out, uint32_t pc);
void ow_hand_over(const flow *F, cell *st, uint32_t s);
void ow_rewritten(const flow *F, cell *st, uint32_t s);
bool ow_need_owned_through(flow *F, const cell *st, uint32_t pc, uint32_t s);

#endif
