/* Statements and local variable declarations. */
#ifndef AS_STMT_H
#define AS_STMT_H
#include "ev.h"

/* Compiles a block in a new scope; returns true if every path through it returns. */
bool compile_block(fc *f, ast_node *n);
bool compile_statement(fc *f, ast_node *n);
/* The statements of a block in the current scope (a function body shares its parameters' scope). */
bool compile_block_here(fc *f, ast_node *n);
void compile_var_decl(fc *f, ast_node *n);
/* `int x(5);`, `C@ h(c);`, `E e(B);`: constructor arguments for a variable of type t that is no
 * object; reports the reference's error (the variable is then left uninitialised). */
void stmt_report_no_constructor(fc *f, const as_dtype *t, ast_node *declarator);
/* Builds an object from an initialisation list into storage (value types) or a new handle. */
void compile_initlist_into(fc *f, ast_node *list, const as_dtype *type, int storage, ev *out);

#endif
