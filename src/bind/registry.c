/* Binds declared anywhere in the host, collected in one list and run in a fixed order. */
#include "bind_impl.h"
#include "util/mem.h"
#include <stdlib.h>
#include <string.h>

static as_bind_entry *registry;

void as_bind_add(as_bind_entry *entry)
{
    if (!entry) return;
    for (as_bind_entry *x = registry; x; x = x->next)
        if (x == entry) return;
    entry->next = registry;
    registry = entry;
}

static int entry_order(const void *a, const void *b)
{
    const as_bind_entry *x = *(as_bind_entry *const *)a, *y = *(as_bind_entry *const *)b;
    if (x->stage != y->stage) return x->stage < y->stage ? -1 : 1;
    if (x->phase != y->phase) return x->phase < y->phase ? -1 : 1;
    return strcmp(x->name ? x->name : "", y->name ? y->name : "");
}

int as_bind_run(as_engine *e)
{
    if (!e) return AS_INVALID_ARG;
    int n = 0;
    for (as_bind_entry *x = registry; x; x = x->next) n++;
    if (!n) return 0;
    as_bind_entry **list = mem_alloc(sizeof *list * (size_t)n);
    if (!list) return AS_OUT_OF_MEMORY;
    n = 0;
    for (as_bind_entry *x = registry; x; x = x->next) list[n++] = x;
    /* types before members, then early / normal / late; the constructor order of a program's
     * object files is unspecified, so names make the order repeatable */
    qsort(list, (size_t)n, sizeof *list, entry_order);
    int failed = 0;
    for (int i = 0; i < n; i++) {
        int r = list[i]->fn ? list[i]->fn(e, list[i]->user) : 0;
        if (r < 0) {
            bind_error(e, "bind '%s' failed (%d)", list[i]->name ? list[i]->name : "?", r);
            failed++;
        }
    }
    mem_free(list);
    return -failed;
}
