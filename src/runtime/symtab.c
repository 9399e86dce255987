#include "symtab.h"
#include "util/mem.h"
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

static uint32_t key_hash(as_namespace *ns, const char *name)
{
    uintptr_t h = (uintptr_t)ns * 31u ^ (uintptr_t)name;
    h ^= h >> 17;
    h *= 0x9E3779B1u;
    return (uint32_t)(h ^ (h >> 15));
}

void symtab_init(as_symtab *t) { memset(t, 0, sizeof *t); }

void symtab_free(as_symtab *t)
{
    for (uint32_t i = 0; i < t->nbuckets; i++) {
        as_symbol *s = t->buckets[i];
        while (s) {
            as_symbol *chain = s->chain;
            while (s) {
                as_symbol *n = s->next;
                mem_free(s);
                s = n;
            }
            s = chain;
        }
    }
    mem_free(t->buckets);
    memset(t, 0, sizeof *t);
}

static as_symbol **find_head(const as_symtab *t, as_namespace *ns, const char *name)
{
    if (!t->nbuckets) return NULL;
    as_symbol **p = &t->buckets[key_hash(ns, name) & (t->nbuckets - 1)];
    while (*p && !((*p)->ns == ns && (*p)->name == name)) p = &(*p)->chain;
    return p;
}

static void rehash(as_symtab *t)
{
    uint32_t n = t->nbuckets ? t->nbuckets * 2 : 64;
    as_symbol **nb = mem_calloc(n, sizeof *nb);
    if (!nb) {
        mem_fail();
        return;   /* outside a guard: the chains get longer */
    }
    for (uint32_t i = 0; i < t->nbuckets; i++) {
        as_symbol *s = t->buckets[i];
        while (s) {
            as_symbol *chain = s->chain;
            uint32_t b = key_hash(s->ns, s->name) & (n - 1);
            s->chain = nb[b];
            nb[b] = s;
            s = chain;
        }
    }
    mem_free(t->buckets);
    t->buckets = nb;
    t->nbuckets = n;
}

as_symbol *symtab_add(as_symtab *t, as_namespace *ns, const char *name, as_sym_kind kind, void *ptr)
{
    if (t->count + 1 > t->nbuckets) rehash(t);
    as_symbol *s = t->nbuckets ? mem_calloc(1, sizeof *s) : NULL;
    if (!s) {
        mem_fail();
        return NULL;   /* outside a guard: not added */
    }
    s->ns = ns;
    s->name = name;
    s->kind = (uint8_t)kind;
    s->ptr = ptr;
    s->masked = t->masked;
    s->access = t->access;
    as_symbol **head = find_head(t, ns, name);
    if (*head) {
        /* append to keep registration order (overload resolution reports in that order) */
        as_symbol *last = *head;
        while (last->next) last = last->next;
        last->next = s;
    } else {
        *head = s;
        t->count++;
    }
    return s;
}

as_symbol *symtab_find(const as_symtab *t, as_namespace *ns, const char *name)
{
    as_symbol **head = find_head(t, ns, name);
    return head ? *head : NULL;
}

as_symbol *symtab_find_kind(const as_symtab *t, as_namespace *ns, const char *name, as_sym_kind kind)
{
    for (as_symbol *s = symtab_find(t, ns, name); s; s = s->next)
        if (s->kind == kind) return s;
    return NULL;
}

void symtab_remove_ptr(as_symtab *t, void *ptr)
{
    for (uint32_t i = 0; i < t->nbuckets; i++) {
        as_symbol *keys = t->buckets[i], *kept = NULL, **tail = &kept;
        while (keys) {
            as_symbol *chain = keys->chain, *list = NULL, **lt = &list;
            for (as_symbol *s = keys, *n; s; s = n) {
                n = s->next;
                if (s->ptr == ptr) {
                    mem_free(s);
                } else {
                    s->next = NULL;
                    *lt = s;
                    lt = &s->next;
                }
            }
            if (list) {
                list->chain = NULL;
                *tail = list;
                tail = &list->chain;
            } else {
                t->count--;
            }
            keys = chain;
        }
        t->buckets[i] = kept;
    }
}
