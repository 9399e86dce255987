/* Ahead-of-time compilation, inside the engine: the bytecode hash both sides agree on, and the
 * step that gives a built or loaded module's functions their registered compiled bodies. */
#ifndef AS_AOT_H
#define AS_AOT_H
#include "../runtime/engine.h"

/* The hash of f's compiled form: its frame size, instructions and the constants they read (numbers
 * by value, functions by declaration, types by name). Compiled code of one hash runs the same as
 * the interpreter on a function of that hash. */
uint64_t aot_hash(const as_function *f);
/* The declaration a table names f by (object and namespace included) into buf. */
void aot_decl(const as_function *f, char *buf, size_t n);
/* Gives m's functions their compiled bodies from the registered tables; a module of which some
 * but not all functions match gets one warning. Nothing happens when no table is registered. */
void aot_attach_module(as_module *m);

#endif
