/* Constructors and compiler-written members of script classes. */
#ifndef AS_CTOR_H
#define AS_CTOR_H
#include "stmt.h"

/* At the start of a constructor: the base constructor and member initialisers, unless the body
 * calls super(...) itself. */
void ctor_emit_prologue(fc *f, ast_node *body);
/* super(args) in a constructor body; false if `call` is not a super call. */
bool ctor_compile_super(fc *f, ast_node *call, ev *out);
void ctor_emit_member_init(fc *f, as_type *t);
/* An assignment the constructor's body initialises a member with (2.38); false for others. */
bool ctor_compile_init_assign(fc *f, ast_node *n, ev *out);
/* The body of a compiler-written opAssign. */
void ctor_emit_auto_assign(fc *f);
/* The body of a compiler-written copy constructor (2.38): the base's copy constructor, then each
 * member copied from the other object's (no initialisers, no constructor body run). */
void ctor_emit_auto_copy(fc *f);

#endif
