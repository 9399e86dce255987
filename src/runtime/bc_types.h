/* What an address in loaded bytecode points to (issue 32): the type terms bc_flow.c follows
 * beside its number/address/null bits, and what the engine's types say about the memory behind
 * them (property layouts, container elements, globals, function signatures). Internal. */
#ifndef AS_BC_TYPES_H
#define AS_BC_TYPES_H
#include "bytecode.h"
#include <stdint.h>

/* A term: 0 (nothing known about the address), or a pointer tagged in its two low bits:
 *   OBJ(T)  the address of an object of type T (a handle's value, a value object, a function
 *           handle of funcdef T);
 *   HREF(T) the address of a handle of type T (a handle variable, property or element);
 *   FN(f)   the function f itself (a function constant, a delegate of method f);
 *   RAW(n)  the address of n bytes of numbers (a primitive's reference, constant bytes). */
typedef uintptr_t bc_term;
enum { TT_OBJ = 0, TT_RAW = 1, TT_HREF = 2, TT_FN = 3 };
#define TERM_NONE ((bc_term)0)

static inline bc_term term_obj(const as_type *t) { return (bc_term)t; }
static inline bc_term term_href(const as_type *t) { return (bc_term)t | TT_HREF; }
static inline bc_term term_fn(const as_function *f) { return (bc_term)f | TT_FN; }
static inline bc_term term_raw(uint32_t bytes) { return ((bc_term)bytes << 2) | TT_RAW; }
static inline unsigned term_tag(bc_term x) { return (unsigned)(x & 3); }
static inline const as_type *term_type(bc_term x) { return (const as_type *)(x & ~(bc_term)3); }
static inline const as_function *term_func(bc_term x) { return (const as_function *)(x & ~(bc_term)3); }
static inline uint32_t term_bytes(bc_term x) { return (uint32_t)(x >> 2); }
static inline bool term_is(bc_term x, unsigned tag) { return x != TERM_NONE && term_tag(x) == tag; }

/* The least term holding both (an object's common base, the smaller byte room), else NONE. */
bc_term term_meet(bc_term a, bc_term b);

/* Whether an object of type have may be used where type want is expected (the same type, a
 * class deriving from it or implementing it, a funcdef of the same signature). */
bool type_fits(const as_type *have, const as_type *want);
/* Whether term x is an object usable as a want (OBJ of a fitting type, or a function of
 * want's signature when want is a funcdef). */
bool term_fits(bc_term x, const as_type *want);

/* The term of a value of declared type d held in a slot (a handle, an object's address, a
 * reference), NONE for a number. */
bc_term term_of_dtype(const as_dtype *d);

/* What the bytes [off, off + width) of an object of type t hold (width 0: the address of
 * the member at off, as PADD makes it). Sets *term to the term of what a 64-bit load there reads
 * (OBJ of a handle's or indirect member's type) or, for width 0, of the member's address
 * (HREF of a handle, OBJ of an inline value, RAW of numbers); *ptr_member says the bytes are a
 * pointer member (only whole 64-bit loads, never stores). False: no member there. */
bool type_member_at(const as_type *t, uint32_t off, uint32_t width, bc_term *term, bool *ptr_member);

/* The element of container type t: stored as a pointer (objects, handles: *sub set) or as
 * `bytes` bytes of a number. False if t has no single element subtype. */
bool type_element(const as_type *t, const as_dtype **sub, uint32_t *bytes);

/* The global whose storage is at addr (the module's, then the engine's), or NULL. */
const as_global *global_at(const as_module *m, const void *addr);
/* The term of a global's address (LK of its constant) and of a 64-bit load of it. */
bc_term term_global_addr(const as_global *g);

#endif
