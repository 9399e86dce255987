/* Hot reload: a module's declarations as text keys, to tell a soft reload (every key the same)
 * from a full one; the report's messages. */
#include "reload.h"
#include "util/mem.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int by_key(const void *a, const void *b) { return strcmp(((const keyed *)a)->key, ((const keyed *)b)->key); }

static void keys_free(keyed_list *l)
{
    for (int i = 0; i < l->count; i++) mem_free(l->data[i].key);
    VEC_FREE(*l);
}

static void key_add(keyed_list *l, void *ptr, const char *fmt, ...)
{
    char buf[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    size_t n = strlen(buf);
    VEC_RESERVE(*l, l->count + 1);   /* room first: a key never pushed would be lost */
    if (l->count >= l->cap) return;
    char *k = mem_alloc_g(n + 1);
    if (!k) return;
    memcpy(k, buf, n + 1);
    keyed item = {k, ptr};
    VEC_PUSH(*l, item);
}

keyed *reload_key_find(const keyed_list *l, const char *key)
{
    keyed probe = {(char *)key, NULL};
    return l->count ? bsearch(&probe, l->data, (size_t)l->count, sizeof probe, by_key) : NULL;
}

static const char *ns_name(const as_namespace *ns) { return ns && ns->name ? ns->name : ""; }

/* Appends to buf (bounded). */
void reload_cat(char *buf, size_t n, const char *fmt, ...)
{
    size_t len = strlen(buf);
    if (len + 1 >= n) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + len, n - len, fmt, ap);
    va_end(ap);
}

static bool is_init_func(const as_module *m, const as_function *f)
{
    for (int i = 0; i < m->globals.count; i++)
        if (m->globals.data[i]->init_func == f) return true;
    return false;
}

/* The functions a declaration comparison sees: not lambdas, not global initialisers. */
bool reload_declared_function(const as_module *m, const as_function *f)
{
    if (f->name && f->name[0] == '$') return false;
    return !is_init_func(m, f);
}

enum { KEEP_ATTRS = FA_CONST | FA_PRIVATE | FA_PROTECTED | FA_FINAL | FA_OVERRIDE | FA_EXPLICIT | FA_PROPERTY |
                    FA_SHARED | FA_CONSTRUCTOR | FA_DESTRUCTOR | FA_AUTO | FA_DELETED | FA_ABSTRACT | FA_FACTORY };

static void function_key(keyed_list *l, as_function *f)
{
    char extra[1024] = "";
    for (int i = 0; i < f->params.count; i++)
        reload_cat(extra, sizeof extra, "|%s", f->params.data[i].defarg_text ? f->params.data[i].defarg_text : "");
    const char *decl = as_function_declaration(f, true, true, false);
    key_add(l, f, "%d %s::%s %x %s%s", f->kind, f->objtype ? ns_name(f->objtype->ns) : "",
            decl ? decl : f->name, f->attrs & KEEP_ATTRS, extra, f->vtable_index >= 0 ? " virtual" : "");
}

static void type_key(keyed_list *l, as_type *t)
{
    char buf[3000] = "", tn[256];
    reload_cat(buf, sizeof buf, "%d %s::%s %x %d", t->kind, ns_name(t->ns), t->name, t->flags, t->size);
    if (t->base) reload_cat(buf, sizeof buf, " : %s", t->base->name);
    for (int i = 0; i < t->interfaces.count; i++) reload_cat(buf, sizeof buf, " , %s", t->interfaces.data[i]->name);
    for (int i = 0; i < t->props.count; i++) {
        const as_property *p = &t->props.data[i];
        dtype_format(&p->type, tn, sizeof tn, true);
        reload_cat(buf, sizeof buf, " {%s %s %d %d%d}", tn, p->name, p->offset, p->is_private, p->is_protected);
    }
    for (int i = 0; i < t->vtable.count; i++) {
        const char *d = as_function_declaration(t->vtable.data[i], true, true, false);
        reload_cat(buf, sizeof buf, " [%s]", d ? d : "");
    }
    for (int i = 0; i < t->enum_values.count; i++)
        reload_cat(buf, sizeof buf, " %s=%lld", t->enum_values.data[i].name, (long long)t->enum_values.data[i].value);
    if (t->signature) {
        const char *d = as_function_declaration(t->signature, true, true, false);
        reload_cat(buf, sizeof buf, " sig %s", d ? d : "");
    }
    key_add(l, t, "%s", buf);
}

void reload_global_name(const as_global *g, char *buf, size_t n) { snprintf(buf, n, "%s::%s", ns_name(g->ns), g->name); }

static void global_key(keyed_list *l, as_global *g, bool with_type)
{
    char tn[256];
    dtype_format(&g->type, tn, sizeof tn, true);
    /* a constant's value is compiled into the code that reads it: another value is another declaration */
    if (with_type)
        key_add(l, g, "%s::%s %s %d %d %llx", ns_name(g->ns), g->name, tn, g->is_const, g->has_value,
                g->has_value ? (unsigned long long)g->value.u64 : 0ull);
    else {
        char name[600];
        reload_global_name(g, name, sizeof name);
        key_add(l, g, "%s", name);
    }
}

/* (an empty list has no array: qsort must not be given its NULL) */
static void keys_sort(keyed_list *l)
{
    if (l->count) qsort(l->data, (size_t)l->count, sizeof(keyed), by_key);
}

void reload_decls_collect(decls *d, as_module *m)
{
    for (int i = 0; i < m->all_functions.count; i++) {
        as_function *f = m->all_functions.data[i];
        if (reload_declared_function(m, f)) function_key(&d->funcs, f);   /* shared ones too: both list them */
    }
    for (int i = 0; i < m->types.count; i++) type_key(&d->types, m->types.data[i]);
    for (int i = 0; i < m->globals.count; i++) {
        global_key(&d->globals, m->globals.data[i], true);
        global_key(&d->global_names, m->globals.data[i], false);
    }
    keys_sort(&d->funcs);
    keys_sort(&d->types);
    keys_sort(&d->globals);
    keys_sort(&d->global_names);
}

static void decls_free(decls *d)
{
    keys_free(&d->funcs);
    keys_free(&d->types);
    keys_free(&d->globals);
    keys_free(&d->global_names);
}

void reload_decls_free_both(void *both)
{
    decls_free(&((decls *)both)[0]);
    decls_free(&((decls *)both)[1]);
}

/* Keys of a not in b. */
int reload_missing_in(const keyed_list *a, const keyed_list *b)
{
    int n = 0;
    for (int i = 0; i < a->count; i++)
        if (!reload_key_find(b, a->data[i].key)) n++;
    return n;
}

/* Types new, gone or different between two declaration lists: one per name. */
int reload_types_changed(const keyed_list *old_types, const keyed_list *new_types)
{
    int n = 0;
    for (int i = 0; i < new_types->count; i++)
        if (!reload_key_find(old_types, new_types->data[i].key)) n++;
    for (int i = 0; i < old_types->count; i++) {
        if (reload_key_find(new_types, old_types->data[i].key)) continue;
        const as_type *ot = old_types->data[i].ptr;
        bool counted = false;
        for (int k = 0; k < new_types->count && !counted; k++) {
            const as_type *nt = new_types->data[k].ptr;
            counted = nt->name == ot->name && nt->ns == ot->ns && !reload_key_find(old_types, new_types->data[k].key);
        }
        if (!counted) n++;
    }
    return n;
}

/* ---------------------------------------------------------------- report */

void reload_refuse(as_reload_report *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->summary, sizeof r->summary, fmt, ap);
    va_end(ap);
    r->kind = AS_RELOAD_REFUSED;
}

