/* Calls of registered template functions (2.38): instances and call sites (tmplcall.c). */
#ifndef AS_TMPLCALL_H
#define AS_TMPLCALL_H
#include "ev.h"

/* The instance of template function tmpl for the n subtypes subs: found, or made (a registered
 * function of the engine's, listed nowhere but in tmpl's instances). NULL if out of memory. */
as_function *tmplfn_instance(as_compiler *c, as_function *tmpl, const as_dtype *subs, int n);

enum {
    TMPLCALL_OK,        /* no templates among the candidates, or each replaced by its instance */
    TMPLCALL_FAILED,    /* reported: no subtypes, the wrong number (the arguments aren't compiled) */
    TMPLCALL_BAD_TYPE,  /* reported: a subtype is no type (the arguments are compiled, then no more) */
    TMPLCALL_INFER,     /* no subtypes written, and every template candidate lets the arguments
                         * give them: compile the arguments, then tmplcall_infer */
};
/* Replaces the template functions among the n candidates of call (an AST_CALL, or another node
 * for calls that name no subtypes) by their instances for the subtypes the call names. */
int tmplcall_resolve(fc *f, const ast_node *call, as_function **cands, int n, bool can_infer);
/* After TMPLCALL_INFER and the arguments compiled: each template candidate replaced by its
 * instance for the subtypes its arguments give (the type of the first argument whose
 * parameter is the subtype, null and lists skipped). TMPLCALL_OK or TMPLCALL_FAILED (reported). */
struct call_args;
int tmplcall_infer(fc *f, const ast_node *call, as_function **cands, int n, const struct call_args *a);
/* A method call's candidates when t has template methods of that name (find_methods leaves
 * them out, for the operators and the like): all its methods named so, in registration order
 * (at most max); else `found`, the candidates already in out. */
int tmplcall_find_methods(fc *f, as_type *t, const char *name, as_function **out, int found, int max);

#endif
