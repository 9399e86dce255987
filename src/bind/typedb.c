/* The type database: script types tied to C names, sizes and host user data, per engine. */
#include "bind_impl.h"
#include "util/mem.h"
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define BIND_STATE_KEY ((uintptr_t)0xB1D57A7Eu)

char *bind_strdup(const char *s)
{
    return s ? mem_strdup(s) : NULL;
}

static void state_free(void *owner, void *data, uintptr_t key)
{
    (void)owner;
    (void)key;
    bind_state *st = data;
    for (int i = 0; i < st->ntypes; i++) {
        mem_free((char *)st->types[i].c_name);
        mem_free((char *)st->types[i].script_name);
        mem_free((char *)st->types[i].base);
    }
    for (int i = 0; i < st->ndocs; i++) mem_free(st->docs[i].key);
    mem_free(st->types);
    mem_free(st->docs);
    mem_free(st);
}

bind_state *bind_state_of(as_engine *e)
{
    bind_state *st = as_engine_get_user_data(e, BIND_STATE_KEY);
    if (st) return st;
    st = mem_calloc(1, sizeof *st);
    if (!st) return NULL;
    as_engine_set_user_data(e, st, BIND_STATE_KEY);
    as_engine_set_user_data_cleanup(e, AS_UD_ENGINE, BIND_STATE_KEY, state_free);
    return st;
}

void bind_error(as_engine *e, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    as_engine_write_message(e, "bind", 0, 0, AS_MSG_ERROR, buf);
}

as_bind_type *as_bind_type_add(as_engine *e, const char *c_name, const char *script_name, size_t size, bool is_ref, void *user)
{
    if (!e || !c_name || !script_name) return NULL;
    bind_state *st = bind_state_of(e);
    if (!st) return NULL;
    as_bind_type *t = as_bind_type_by_c_name(e, c_name);
    if (!t) {
        if (st->ntypes == st->cap) {
            int cap = st->cap ? st->cap * 2 : 16;
            as_bind_type *nt = mem_realloc(st->types, sizeof *nt * (size_t)st->cap, sizeof *nt * (size_t)cap);
            if (!nt) return NULL;
            st->types = nt;
            st->cap = cap;
        }
        t = &st->types[st->ntypes++];
        memset(t, 0, sizeof *t);
        t->c_name = bind_strdup(c_name);
        t->script_name = bind_strdup(script_name);
        if (!t->c_name || !t->script_name) return NULL;
    }
    t->size = size;
    t->is_ref = is_ref;
    t->user = user;
    as_type *ty = as_engine_type_by_name(e, script_name);
    t->type_id = ty ? as_type_id(ty) : 0;
    return t;
}

/* Refreshes the type id of an entry recorded before its type was registered. */
static as_bind_type *resolved(as_engine *e, as_bind_type *t)
{
    if (t && !t->type_id) {
        as_type *ty = as_engine_type_by_name(e, t->script_name);
        if (ty) t->type_id = as_type_id(ty);
    }
    return t;
}

as_bind_type *as_bind_type_by_c_name(as_engine *e, const char *c_name)
{
    bind_state *st = e ? as_engine_get_user_data(e, BIND_STATE_KEY) : NULL;
    if (!st || !c_name) return NULL;
    for (int i = 0; i < st->ntypes; i++)
        if (strcmp(st->types[i].c_name, c_name) == 0) return resolved(e, &st->types[i]);
    return NULL;
}

as_bind_type *as_bind_type_by_script_name(as_engine *e, const char *script_name)
{
    bind_state *st = e ? as_engine_get_user_data(e, BIND_STATE_KEY) : NULL;
    if (!st || !script_name) return NULL;
    for (int i = 0; i < st->ntypes; i++)
        if (strcmp(st->types[i].script_name, script_name) == 0) return resolved(e, &st->types[i]);
    return NULL;
}

as_bind_type *as_bind_type_by_id(as_engine *e, int type_id)
{
    bind_state *st = e ? as_engine_get_user_data(e, BIND_STATE_KEY) : NULL;
    if (!st) return NULL;
    int want = type_id & ~(AS_TYPEID_OBJHANDLE | AS_TYPEID_HANDLETOCONST);
    for (int i = 0; i < st->ntypes; i++) {
        as_bind_type *t = resolved(e, &st->types[i]);
        if (t->type_id && (t->type_id & ~(AS_TYPEID_OBJHANDLE | AS_TYPEID_HANDLETOCONST)) == want) return t;
    }
    return NULL;
}

void bind_doc_set(as_engine *e, const char *key, const char *doc)
{
    bind_state *st = bind_state_of(e);
    if (!st || !key) return;
    for (int i = 0; i < st->ndocs; i++)
        if (strcmp(st->docs[i].key, key) == 0) {
            st->docs[i].doc = doc;
            return;
        }
    if (st->ndocs == st->capdocs) {
        int cap = st->capdocs ? st->capdocs * 2 : 16;
        void *nd = mem_realloc(st->docs, sizeof *st->docs * (size_t)st->capdocs, sizeof *st->docs * (size_t)cap);
        if (!nd) return;
        st->docs = nd;
        st->capdocs = cap;
    }
    st->docs[st->ndocs].key = bind_strdup(key);
    st->docs[st->ndocs].doc = doc;
    if (st->docs[st->ndocs].key) st->ndocs++;
}

const char *bind_doc_get(as_engine *e, const char *key)
{
    bind_state *st = e ? as_engine_get_user_data(e, BIND_STATE_KEY) : NULL;
    if (!st || !key) return NULL;
    for (int i = 0; i < st->ndocs; i++)
        if (strcmp(st->docs[i].key, key) == 0) return st->docs[i].doc;
    return NULL;
}

const char *bind_decl_name(const char *decl, char *buf, size_t size)
{
    size_t n = strlen(decl);
    while (n && decl[n - 1] == ' ') n--;
    size_t b = n;
    while (b && (decl[b - 1] == '_' || (decl[b - 1] >= '0' && decl[b - 1] <= '9') ||
                 ((decl[b - 1] | 32) >= 'a' && (decl[b - 1] | 32) <= 'z'))) b--;
    if (n - b >= size) n = b + size - 1;
    memcpy(buf, decl + b, n - b);
    buf[n - b] = 0;
    return buf;
}

int bind_type_count(as_engine *e)
{
    bind_state *st = e ? as_engine_get_user_data(e, BIND_STATE_KEY) : NULL;
    return st ? st->ntypes : 0;
}

as_bind_type *bind_type_at(as_engine *e, int i)
{
    bind_state *st = e ? as_engine_get_user_data(e, BIND_STATE_KEY) : NULL;
    return st && i >= 0 && i < st->ntypes ? resolved(e, &st->types[i]) : NULL;
}
