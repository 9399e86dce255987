/* The registered tables of compiled functions, and matching a module's functions against them. */
#include "aot.h"
#include <stdlib.h>
#include <string.h>

/* Process-wide (plain malloc, no engine's account): generated tables are static data of the program. */
static const as_aot_module **tables;
static uint32_t ntables, tables_cap;

int as_aot_register(const as_aot_module *m)
{
    if (!m || m->abi != AS_AOT_ABI || (m->nfuncs && !m->funcs)) return AS_INVALID_ARG;
    for (uint32_t i = 0; i < ntables; i++)
        if (tables[i] == m) return AS_SUCCESS;
    if (ntables == tables_cap) {
        uint32_t cap = tables_cap ? tables_cap * 2 : 4;
        const as_aot_module **t = realloc((void *)tables, cap * sizeof *t);
        if (!t) return AS_OUT_OF_MEMORY;
        tables = t;
        tables_cap = cap;
    }
    tables[ntables++] = m;
    return AS_SUCCESS;
}

void as_aot_unregister_all(void)
{
    free((void *)tables);
    tables = NULL;
    ntables = tables_cap = 0;
}

uint64_t as_aot_function_hash(as_function *f)
{
    if (!f || f->kind != FN_SCRIPT || !f->bc.code) return 0;
    return aot_hash(f);
}

int as_aot_module_compiled_count(as_module *m)
{
    if (!m) return AS_INVALID_ARG;
    int n = 0;
    for (int i = 0; i < m->all_functions.count; i++) n += m->all_functions.data[i]->aot != NULL;
    return n;
}

/* The entry for decl: the one of hash h if there is one, else any of that declaration (a
 * mismatch), else NULL. */
static const as_aot_entry *find_entry(const char *decl, uint64_t h, const as_aot_module **from)
{
    const as_aot_entry *named = NULL;
    for (uint32_t t = 0; t < ntables; t++) {
        for (uint32_t i = 0; i < tables[t]->nfuncs; i++) {
            const as_aot_entry *en = &tables[t]->funcs[i];
            if (strcmp(en->decl, decl) != 0) continue;
            if (en->hash == h) {
                *from = tables[t];
                return en;
            }
            if (!named) {
                named = en;
                *from = tables[t];
            }
        }
    }
    return named;
}

void aot_attach_module(as_module *m)
{
    if (!ntables) return;
    int matched = 0, differ = 0;
    char decl[512], first[512] = "";
    const as_aot_module *table = NULL;
    for (int i = 0; i < m->all_functions.count; i++) {
        as_function *f = m->all_functions.data[i];
        if (f->kind != FN_SCRIPT || !f->bc.code || !f->bc.ncode) continue;
        aot_decl(f, decl, sizeof decl);
        uint64_t h = aot_hash(f);
        const as_aot_module *from = NULL;
        const as_aot_entry *en = find_entry(decl, h, &from);
        f->aot = en && en->hash == h ? en->body : NULL;
        if (f->aot) {
            matched++;
            table = from;
        } else {
            if (!differ++) memcpy(first, decl, sizeof first);
            if (en) table = from;
        }
    }
    /* a module none of whose functions a table names is not one that was compiled: no word */
    if (!table || !differ) return;
    engine_message(m->engine, table->script ? table->script : "", 0, 0, AS_MSG_WARNING,
                   "compiled code does not match %d of the %d functions of module '%s' (first: '%s'): "
                   "they run interpreted",
                   differ, matched + differ, m->name ? m->name : "", first);
}
