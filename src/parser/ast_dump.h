/* S-expression dump of an AST, for tests and debugging.
 *
 * Every node prints as `(kind@line:col attributes... children...)`, one child per indented
 * line; types print inline as their source spelling, e.g. `const ns::array<int@>[]`. */
#ifndef AS_AST_DUMP_H
#define AS_AST_DUMP_H
#include <stdio.h>
#include "ast.h"

void ast_dump(FILE *out, const ast_node *n);
/* The inline spelling of an AST_TYPE node into buf (always terminated). */
void ast_type_string(const ast_node *type, char *buf, size_t size);

#endif
