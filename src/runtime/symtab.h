/* Name lookup tables: (namespace, name) -> the types, functions, globals and enum values of that
 * name. Names are interned, so keys compare by pointer. */
#ifndef AS_SYMTAB_H
#define AS_SYMTAB_H
#include <stdint.h>
#include "typeinfo.h"

typedef enum as_sym_kind { SYM_TYPE, SYM_FUNC, SYM_GLOBAL, SYM_ENUMVAL } as_sym_kind;

typedef struct as_symbol {
    struct as_symbol *next;        /* next symbol with the same key */
    struct as_symbol *chain;       /* hash chain */
    as_namespace *ns;
    const char *name;
    uint8_t kind;                  /* as_sym_kind */
    void *ptr;                     /* as_type*, as_function*, as_global*, or the enum as_type* */
    int64_t value;                 /* SYM_ENUMVAL: the value */
    bool masked;                   /* registered under an access mask: visible to modules sharing a bit */
    uint32_t access;
} as_symbol;

typedef struct as_symtab {
    as_symbol **buckets;
    uint32_t nbuckets, count;
    bool masked;                   /* symbols added get the access mask below (the engine's table) */
    uint32_t access;
} as_symtab;

void symtab_init(as_symtab *t);
void symtab_free(as_symtab *t);
as_symbol *symtab_add(as_symtab *t, as_namespace *ns, const char *name, as_sym_kind kind, void *ptr);
/* First symbol with this key; walk ->next for the others (overloads). */
as_symbol *symtab_find(const as_symtab *t, as_namespace *ns, const char *name);
as_symbol *symtab_find_kind(const as_symtab *t, as_namespace *ns, const char *name, as_sym_kind kind);
/* Whether s is visible to a module with access mask `mask`. */
static inline bool symbol_visible(const as_symbol *s, uint32_t mask) { return !s->masked || (s->access & mask); }
/* Removes every symbol whose ptr is `ptr`. */
void symtab_remove_ptr(as_symtab *t, void *ptr);

#endif
