/* Call machinery shared by call.c and opcall.c. */
#ifndef AS_CALL_H
#define AS_CALL_H
#include "ev.h"

typedef struct arg_t {
    ev v;
    ast_node *node;         /* the argument expression */
    const char *name;       /* named argument, or NULL */
    bool deferred;          /* lambda or init list: compiled once the parameter type is known */
    bool raw;               /* the slot value as is (a list buffer's address) */
    bool late;              /* maybe an &out argument: v is its type only (compile_probe), and
                             * the expression is compiled after the call, as the reference does
                             * (an element's address taken before would dangle if the callee
                             * resized its array) */
    bool method;            /* a class method named as a value (`obj.m`, `m` in a method): no
                             * parameter takes it (the reference wants a delegate) */
} arg_t;

typedef struct call_args {
    arg_t *v;
    int n;
    const int *order;       /* evaluation order (indexes into v), or NULL for right to left */
    as_function **cands;    /* the candidates, when known while compiling the arguments: an */
    int ncand;              /* enum value name several enums have takes their parameter's enum */
} call_args;

/* Room for the n arguments of a call: `local` (ARGS_LOCAL of them, in the caller's frame) when
 * they fit, else arena memory. Frames stay small: calls nest as deep as the parser allows. */
#define ARGS_LOCAL 4
arg_t *args_room(fc *f, arg_t *local, int n);

/* Evaluation order for calls with named arguments (see call.c). */
const int *args_eval_order(ast_list *list, as_function **cands, int ncand, int *order, int max);

/* Compiles the arguments right to left (the reference's evaluation order). */
/* A name given to two arguments: reports "Duplicate named argument" (at the first one's value)
 * and returns true. */
bool args_duplicate_name(fc *f, ast_node *const *items, int n);
void args_compile(fc *f, ast_list *list, call_args *a);
/* An argument x->node that names a class method (`obj.m`, `m` in a method) becomes x->method
 * (true); else nothing is compiled (false). */
bool arg_method_ref(fc *f, arg_t *x);
void args_free(fc *f, call_args *a);
bool args_have_error(const call_args *a);
void args_signature_text(fc *f, const char *name, const call_args *a, char *buf, size_t n);
/* Index of the best candidate, or -1 (reporting "No matching signatures"/"Multiple matching
 * signatures" when `report`). skip_params ignores leading parameters. */
int pick_overload(fc *f, as_function **cands, int ncand, const call_args *a, int skip_params,
                  const char *name, const ast_node *at, bool report);
/* The same for super(...): the candidates, the base class's constructors, are shown as such. */
int pick_base_ctor(fc *f, as_function **cands, int ncand, const call_args *a, const char *name,
                   const ast_node *at, bool report);
/* Emits the call of fn with object obj (NULL for functions) and the arguments in a. */
void emit_call_mapped(fc *f, as_function *fn, ev *obj, call_args *a, const ast_node *at, ev *out);
void call_function_value(fc *f, ev *callee, ast_list *args, const ast_node *at, ev *out);
/* The same, naming the call `shown` in its messages ('C::cb' for a member; NULL: as written). */
void call_function_value_as(fc *f, ev *callee, ast_list *args, const ast_node *at, const char *shown, ev *out);
int value_storage(fc *f, as_type *t);

/* opcall.c entry points used by calls */
/* obj.method(args) with the object already compiled (consumed) */
void opcall_method_call_with(fc *f, ast_node *n, ev *object, ev *out);
bool opcall_try_this_method(fc *f, ast_node *n, ev *out);
bool opcall_try_scoped_type_call(fc *f, ast_node *n, ev *out);
void opcall_construct_named(fc *f, as_type *t, ast_node *n, ev *out);
void opcall_functor(fc *f, ev *obj, ast_list *args, const ast_node *at, ev *out);
bool opcall_can_construct_from(fc *f, as_type *t, const ev *v);
bool opcall_can_convert_to(fc *f, const ev *v, const as_dtype *to);

void c_info(as_compiler *c, const ast_node *at, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

#endif
