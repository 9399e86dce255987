/* The type database: what the toolkit knows of each script type (its C type, size, base class,
 * the host's data), found in O(1) by script name, C name, type id, host data or the as_type. */
#include "bind_impl.h"
#include "util/mem.h"
#include <string.h>

#define BIND_STATE_KEY ((uintptr_t)0xB1D57A7Eu)

static void type_free(bind_type *t)
{
    for (int i = 0; i < t->nlog; i++) {
        mem_free(t->log[i].decl);
        mem_free(t->log[i].name);
    }
    mem_free(t->log);
    mem_free(t->fields);
    mem_free(t->ffi_type);
    mem_free(t);
}

static void state_free(void *owner, void *data, uintptr_t key)
{
    (void)owner;
    (void)key;
    bind_state *st = data;
    for (int i = 0; i < st->ntypes; i++) type_free(st->types[i]);
    for (int i = 0; i < st->nstrings; i++) mem_free(st->strings[i]);
    for (int i = 0; i < st->ncalls; i++) bind_call_free(st->calls[i]);
    for (int i = 0; i < st->nfailures; i++) mem_free(st->failures[i].decl);
    mem_free(st->types);
    mem_free(st->strings);
    mem_free(st->calls);
    mem_free(st->finders);
    mem_free(st->failures);
    bind_map_free(&st->by_name);
    bind_map_free(&st->by_c_name);
    bind_map_free(&st->by_user);
    bind_map_free(&st->by_id);
    bind_map_free(&st->docs);
    bind_map_free(&st->type_decl_by);
    mem_free(st);
}

bind_state *bind_state_peek(as_engine *e)
{
    return e ? as_engine_get_user_data(e, BIND_STATE_KEY) : NULL;
}

bind_state *bind_state_of(as_engine *e)
{
    if (!e) return NULL;
    bind_state *st = as_engine_get_user_data(e, BIND_STATE_KEY);
    if (st) return st;
    st = mem_calloc(1, sizeof *st);
    if (!st) return NULL;
    st->e = e;
    st->by_name.strings = st->by_c_name.strings = st->docs.strings = st->type_decl_by.strings = true;
    as_engine_set_user_data(e, st, BIND_STATE_KEY);
    as_engine_set_user_data_cleanup(e, AS_UD_ENGINE, BIND_STATE_KEY, state_free);
    return st;
}

const char *bind_keepn(bind_state *st, const char *s, size_t n)
{
    if (!s || !st) return NULL;
    char *c = mem_strndup(s, n);
    if (!c) return NULL;
    if (!BIND_PUSH(st->strings, st->nstrings, st->capstrings, c)) {
        mem_free(c);
        return NULL;
    }
    return c;
}

void *bind_keep_bytes(bind_state *st, const void *data, size_t size)
{
    if (!st) return NULL;
    char *c = mem_alloc(size ? size : 1);
    if (!c) return NULL;
    memcpy(c, data, size);
    if (!BIND_PUSH(st->strings, st->nstrings, st->capstrings, c)) {
        mem_free(c);
        return NULL;
    }
    return c;
}

const char *bind_keep(bind_state *st, const char *s)
{
    return s ? bind_keepn(st, s, strlen(s)) : NULL;
}

/* The qualified script name of t: "ns::Name" (templates by their name alone). */
static void qualified_name(const as_type *t, char *buf, size_t size)
{
    const char *ns = as_type_namespace(t);
    if (ns && *ns) snprintf(buf, size, "%s::%s", ns, as_type_name(t));
    else snprintf(buf, size, "%s", as_type_name(t));
}

static bind_type *record(bind_state *st, as_type *t, const char *c_name, size_t size, size_t align, bool is_ref)
{
    bind_type *bt = mem_calloc(1, sizeof *bt);
    if (!bt) return NULL;
    if (!BIND_PUSH(st->types, st->ntypes, st->captypes, bt)) {
        mem_free(bt);
        return NULL;
    }
    char name[300];
    qualified_name(t, name, sizeof name);
    bt->pub.name = bind_keep(st, name);
    bt->reg_name = bt->pub.name;
    bt->pub.c_name = bind_keep(st, c_name);
    bt->pub.type = t;
    bt->pub.type_id = as_type_id(t);
    bt->pub.size = size;
    bt->pub.align = align;
    bt->pub.is_ref = is_ref;
    bt->pub.is_enum = (as_type_flags(t) & AS_OBJ_ENUM) != 0;
    bt->declared_by = -1;
    as_type_set_user_data(t, bt, BIND_TYPE_KEY);
    bind_map_put(&st->by_name, name, bt);
    if (c_name) bind_map_put(&st->by_c_name, c_name, bt);
    bind_map_put(&st->by_id, (void *)(uintptr_t)(as_type_id(t) & ~(AS_TYPEID_OBJHANDLE | AS_TYPEID_HANDLETOCONST)), bt);
    return bt;
}

bind_type *bind_type_new(as_bind *b, const char *c_name, as_type *t, size_t size, size_t align, bool is_ref)
{
    bind_type *bt = as_type_get_user_data(t, BIND_TYPE_KEY);
    if (bt) {
        if (c_name && !bt->pub.c_name) {
            bt->pub.c_name = bind_keep(b->st, c_name);
            bind_map_put(&b->st->by_c_name, c_name, bt);
        }
        bt->pub.size = size;
        bt->pub.align = align;
    } else {
        bt = record(b->st, t, c_name, size, align, is_ref);
    }
    if (bt) bt->declared_by = b->run_index;
    return bt;
}

bind_type *bind_type_for(bind_state *st, as_type *t)
{
    if (!t) return NULL;
    bind_type *bt = as_type_get_user_data(t, BIND_TYPE_KEY);
    if (bt) return bt;
    uint32_t flags = as_type_flags(t);
    return record(st, t, NULL, 0, 0, (flags & AS_OBJ_REF) != 0);
}

bind_type *bind_type_by_c(bind_state *st, const char *c_name)
{
    return st ? bind_map_get(&st->by_c_name, c_name) : NULL;
}

/* A registered type by name ("Vec3", "game::Vec3"): from the map, else from the engine. */
bind_type *bind_type_by_script(bind_state *st, const char *name)
{
    if (!st || !name) return NULL;
    bind_type *bt = bind_map_get(&st->by_name, name);
    if (bt) return bt;
    as_type *t = as_engine_type_by_decl(st->e, name);
    if (!t) t = as_engine_type_by_name(st->e, name);
    return t ? bind_type_for(st, t) : NULL;
}

bool bind_type_log(bind_type *t, const bind_member_log *entry)
{
    return BIND_PUSH(t->log, t->nlog, t->caplog, *entry);
}

bool bind_type_unclaimed(as_bind *b, const char *name, const char *what, const char *file, int line)
{
    if (!name) return true;
    /* "optional<class T>" is known as "optional" */
    char plain[300], q[400];
    snprintf(plain, sizeof plain, "%.*s", (int)strcspn(name, "<"), name);
    bind_qualify(b, plain, q, sizeof q);
    const bind_type *t = bind_map_get(&b->st->by_name, q);
    if (!t || !t->decl_file) return true;
    bind_error_at(b, file, line, "%s '%s' is declared already, by bind '%s' at %s:%d (a type is declared by one bind)", what,
                  q, t->decl_bind, t->decl_file, t->decl_line);
    return false;
}

void bind_type_claim(as_bind *b, bind_type *t, const char *file, int line)
{
    if (!t) return;
    t->decl_bind = bind_keep(b->st, b->name);
    t->decl_file = bind_keep(b->st, file ? file : b->file);
    t->decl_line = file ? line : b->line;
}

void bind_type_add_field(bind_type *t, uint32_t offset, uint32_t size, uint8_t kind)
{
    for (int i = 0; i < t->nfields; i++)
        if (t->fields[i].offset == offset) return;
    struct bind_field f = {offset, size, kind};
    BIND_PUSH(t->fields, t->nfields, t->capfields, f);
}

void bind_doc_put(bind_state *st, const char *key, const char *doc)
{
    const char *kept = bind_keep(st, doc);
    if (kept) bind_map_put(&st->docs, key, (void *)kept);
}

/* ---- public lookups ---- */

const as_bind_type *as_bind_type_by_name(as_engine *e, const char *script_name)
{
    bind_state *st = bind_state_peek(e);
    return st ? (const as_bind_type *)bind_map_get(&st->by_name, script_name) : NULL;
}

const as_bind_type *as_bind_type_by_c_name(as_engine *e, const char *c_name)
{
    return (const as_bind_type *)bind_type_by_c(bind_state_peek(e), c_name);
}

const as_bind_type *as_bind_type_by_id(as_engine *e, int type_id)
{
    bind_state *st = bind_state_peek(e);
    if (!st) return NULL;
    uintptr_t key = (uintptr_t)(type_id & ~(AS_TYPEID_OBJHANDLE | AS_TYPEID_HANDLETOCONST));
    return key ? bind_map_get(&st->by_id, (void *)key) : NULL;
}

const as_bind_type *as_bind_type_by_user(as_engine *e, const void *user)
{
    bind_state *st = bind_state_peek(e);
    return st ? bind_map_get(&st->by_user, user) : NULL;
}

const as_bind_type *as_bind_type_of(const as_type *t)
{
    return t ? as_type_get_user_data(t, BIND_TYPE_KEY) : NULL;
}

int as_bind_type_set_user(as_engine *e, const as_bind_type *t, void *user)
{
    bind_state *st = bind_state_peek(e);
    if (!st || !t) return AS_INVALID_ARG;
    bind_type *bt = (bind_type *)t;
    if (bt->pub.user && bind_map_get(&st->by_user, bt->pub.user) == bt) bind_map_put(&st->by_user, bt->pub.user, NULL);
    bt->pub.user = user;
    if (user && !bind_map_put(&st->by_user, user, bt)) return AS_OUT_OF_MEMORY;
    return AS_SUCCESS;
}

const char *as_bind_function_doc(const as_function *f) { return f ? as_function_get_user_data(f, BIND_DOC_KEY) : NULL; }
const char *as_bind_type_doc(const as_type *t)
{
    const as_bind_type *bt = as_bind_type_of(t);
    return bt ? bt->doc : NULL;
}
const char *as_bind_doc_of(as_engine *e, const char *qualified_name)
{
    bind_state *st = bind_state_peek(e);
    return st ? bind_map_get(&st->docs, qualified_name) : NULL;
}
