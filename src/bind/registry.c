/* Binds declared anywhere in the host, collected in one process-wide list before main and run in
 * a fixed order: declaration binds, then member binds; each by order, then name, file, line. */
#include "bind_impl.h"
#include "util/mem.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static as_bind_entry *registry;
static const as_bind_entry **sorted;   /* the run order, kept as binds are registered */
static int nsorted, capsorted;

static int entry_order(const void *a, const void *b)
{
    const as_bind_entry *x = *(const as_bind_entry *const *)a, *y = *(const as_bind_entry *const *)b;
    if (x->declares != y->declares) return x->declares ? -1 : 1;
    if (x->order != y->order) return x->order < y->order ? -1 : 1;
    int c = strcmp(x->name ? x->name : "", y->name ? y->name : "");
    if (c) return c;
    c = strcmp(x->file ? x->file : "", y->file ? y->file : "");
    if (c) return c;
    return x->line < y->line ? -1 : x->line > y->line;
}

/* Binds register from static constructors, before main and on one thread; the list is kept in
 * run order then (the constructor order of a program's object files is unspecified, sorting
 * makes runs repeatable), so runs on several threads only read it. */
void as_bind_register(as_bind_entry *entry)
{
    if (!entry) return;
    for (as_bind_entry *x = registry; x; x = x->next)
        if (x == entry) return;
    if (!bind_grow((void **)&sorted, &capsorted, nsorted + 1, sizeof *sorted)) return;
    entry->next = registry;
    registry = entry;
    int i = nsorted++;
    while (i > 0 && entry_order(&sorted[i - 1], &(const as_bind_entry *){entry}) > 0) {
        sorted[i] = sorted[i - 1];
        i--;
    }
    sorted[i] = entry;
}

int as_bind_count(void)
{
    return nsorted;
}

const as_bind_entry *as_bind_at(int index)
{
    return index >= 0 && index < nsorted ? sorted[index] : NULL;
}

int as_bind_set_enabled(const char *name, bool enabled)
{
    int found = 0;
    for (as_bind_entry *x = registry; x; x = x->next)
        if (name && x->name && strcmp(x->name, name) == 0) {
            x->disabled = !enabled;
            found++;
        }
    return found ? AS_SUCCESS : AS_INVALID_NAME;
}

int as_bind_run(as_engine *e)
{
    if (!e) return AS_INVALID_ARG;
    bind_state *st = bind_state_of(e);
    if (!st) return AS_OUT_OF_MEMORY;
    if (st->ran) {
        as_engine_write_message(e, "as_bind_run", 0, 0, AS_MSG_ERROR,
                                "as_bind_run: the binds ran on this engine already (run them once per engine)");
        return AS_ALREADY_REGISTERED;
    }
    st->ran = true;
    if (nsorted == 0) {
        as_engine_write_message(e, "as_bind_run", 0, 0, AS_MSG_WARNING,
                                "as_bind_run: no binds registered (binds in a static library need AS_BIND_UNIT in it "
                                "and AS_BIND_USE in the program, best in the library's header)");
        return 0;
    }
    st->run = sorted;
    st->nrun = nsorted;
    int ran = 0, failed = 0;
    for (int i = 0; i < nsorted; i++) {
        if (sorted[i]->disabled) continue;
        ran++;
        if (bind_run_one(e, sorted[i], i) < 0) failed++;
    }
    /* members of base classes, copied to derived classes once every bind has run */
    as_bind *fin = as_bind_begin_at(e, "inheritance", "as_bind_run", 0);
    if (fin && as_bind_end(fin) < 0) failed++;
    bind_explain_failures(st);
    for (int i = 0; i < st->nfailures; i++) mem_free(st->failures[i].decl);
    st->nfailures = 0;
    st->run = NULL;
    st->nrun = 0;
    bind_map_free(&st->type_decl_by);
    st->type_decl_by.strings = true;
    return failed ? -failed : ran;
}

/* The identifiers of a declaration, one at a time: returns the next position or NULL. */
static const char *next_ident(const char *p, char *buf, size_t size)
{
    while (*p && !(isalpha((unsigned char)*p) || *p == '_')) p++;
    if (!*p) return NULL;
    size_t n = 0;
    while (isalnum((unsigned char)*p) || *p == '_' || (p[0] == ':' && p[1] == ':')) {
        if (n + 2 < size) {
            buf[n++] = *p;
            if (*p == ':') buf[n++] = *++p;
        } else if (*p == ':') {
            p++;
        }
        p++;
    }
    buf[n] = 0;
    return p;
}

void bind_explain_failures(bind_state *st)
{
    for (int i = 0; i < st->nfailures; i++) {
        bind_failure *f = &st->failures[i];
        char id[256];
        for (const char *p = f->decl; p && (p = next_ident(p, id, sizeof id));) {
            int by = (int)(intptr_t)bind_map_get(&st->type_decl_by, id) - 1;
            if (by <= f->bind_index || by >= st->nrun) continue;
            const as_bind_entry *later = st->run[by], *self = st->run[f->bind_index];
            char msg[700];
            snprintf(msg, sizeof msg,
                     "bind '%s': type '%s' is declared by bind '%s' (%s:%d), which runs after it (%s %d, order %d); "
                     "declare it in an AS_BIND_TYPES bind or give that bind a lower order",
                     self->name, id, later->name, later->file, later->line, self->declares ? "declaration bind of order" : "order",
                     self->order, later->order);
            as_engine_write_message(st->e, f->file ? f->file : "", f->line, 0, AS_MSG_INFORMATION, msg);
            break;
        }
    }
}
