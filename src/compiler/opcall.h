/* Operators on objects: the reference's operator methods (opAdd, opEquals, opCmp, opAssign, ...),
 * handle identity, property accessors and conversions to and from objects. */
#ifndef AS_OPCALL_H
#define AS_OPCALL_H
#include "ev.h"

/* expr.c: primitive operators on already converted operands */
void expr_numeric_binary(fc *f, int op, ev *l, ev *r, const ast_node *at, ev *out);
void expr_compare(fc *f, int op, ev *l, ev *r, const ast_node *at, ev *out);

void opcall_binary(fc *f, int op, ev *l, ev *r, const ast_node *at, ev *out);
void opcall_compare(fc *f, int op, ev *l, ev *r, const ast_node *at, ev *out);
/* `@v = x` where v's type is a value type that acts as a handle (AS_OBJ_ASHANDLE): opHndlAssign.
 * init: the `T@ v = x;` of a declaration (its errors are a failed conversion of x, as 2.38's). */
void opcall_handle_assign_method(fc *f, ev *lv, ev *rv, const ast_node *at, bool init, ev *out);
void opcall_identity(fc *f, bool negate, ev *l, ev *r, const ast_node *at, ev *out);
void opcall_unary(fc *f, int op, ev *v, const ast_node *at, ev *out);
void opcall_incdec(fc *f, ev *lv, bool pre, bool inc, const ast_node *at, ev *out);
void opcall_assign(fc *f, ev *lv, ev *rv, const ast_node *at, ev *out);
void opcall_compound(fc *f, int op, ev *lv, ev *rv, const ast_node *at, ev *out);
void opcall_prop_set(fc *f, ev *prop, ev *rv, const ast_node *at, ev *out);
/* An object converted to bool with its opImplConv, else its opConv (contextual conversion). */
bool opcall_to_bool(fc *f, ev *e, const ast_node *at);
/* Object to something else (opImplConv/opConv, constructors of the target). */
bool opcall_convert(fc *f, ev *e, const as_dtype *to, const ast_node *at, bool explicit_);
/* A function name to a handle of funcdef type fd (picks the matching overload). */
bool opcall_func_to_handle(fc *f, ev *e, as_type *fd, const ast_node *at);
/* The funcdef a function's handle has where none is asked for (`@f` into `?`, `c ? f : g`): the
 * first funcdef declared with its signature, else an anonymous one; NULL if there is none. */
as_type *opcall_funcdef_of(fc *f, as_function *fn);
/* A function (or method, its constness aside) with the return and parameters of a funcdef's
 * signature; a read-only handle (`T@ const`) differs from a handle, as in the reference. */
bool opcall_func_fits_funcdef(const as_function *fn, const as_function *sig);
/* A function name (EV_FUNC) to a handle of opcall_funcdef_of's funcdef; reports when it cannot. */
bool opcall_func_to_own_handle(fc *f, ev *v, const ast_node *at);

/* A copy of a ref-type object held by value (copy constructor, or default + opAssign). */
void copy_ref_object(fc *f, ev *src, const ast_node *at, ev *out);
void copy_ref_object_ex(fc *f, ev *src, const ast_node *at, ev *out, bool by_value_ctor);

/* Whether a private/protected constructor may be called here (reports when not). */
bool ctor_access_ok(fc *f, const as_function *m, const ast_node *at, bool as_factory);

/* Finds methods named `name` on type t (and its bases). */
int find_methods(fc *f, as_type *t, const char *name, as_function **out, int max);

#endif
