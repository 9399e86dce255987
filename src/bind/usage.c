/* Type usages (a type with handle, const and reference, and its subtypes) and type finders, the
 * way a host with its own reflection turns its field descriptions into script properties. */
#include "bind_impl.h"
#include <string.h>

#define HANDLE_FLAGS (AS_TYPEID_OBJHANDLE | AS_TYPEID_HANDLETOCONST)

as_type_usage as_type_usage_of(as_engine *e, int type_id, uint32_t tm_flags)
{
    as_type_usage u;
    memset(&u, 0, sizeof u);
    u.type_id = type_id & ~HANDLE_FLAGS;
    u.type = u.type_id > AS_TYPEID_DOUBLE ? as_engine_type_by_id(e, u.type_id) : NULL;
    u.is_handle = (type_id & AS_TYPEID_OBJHANDLE) != 0;
    u.is_const = (type_id & AS_TYPEID_HANDLETOCONST) || (tm_flags & AS_TM_CONST);
    u.ref = (uint8_t)(tm_flags & AS_TM_INOUTREF);
    return u;
}

int as_type_usage_parse(as_engine *e, const char *decl, as_type_usage *out)
{
    if (!e || !decl || !out) return AS_INVALID_ARG;
    char text[300];
    snprintf(text, sizeof text, "%s", decl);
    uint32_t tm = 0;
    char *amp = strrchr(text, '&');
    if (amp) {
        const char *k = amp + 1;
        while (*k == ' ') k++;
        tm = strncmp(k, "inout", 5) == 0 ? AS_TM_INOUTREF : strncmp(k, "out", 3) == 0 ? AS_TM_OUTREF : AS_TM_INREF;
        *amp = 0;
    }
    size_t n = strlen(text);
    while (n && text[n - 1] == ' ') text[--n] = 0;
    bool const_handle = n > 6 && strcmp(text + n - 6, " const") == 0 && strchr(text, '@');
    if (const_handle) text[n - 6] = 0;
    const char *t = text;
    while (*t == ' ') t++;
    bool is_const = strncmp(t, "const ", 6) == 0;
    int tid = as_engine_type_id_by_decl(e, t);
    if (tid < 0 && is_const) tid = as_engine_type_id_by_decl(e, t + 6);
    if (tid < 0) return AS_INVALID_TYPE;
    *out = as_type_usage_of(e, tid, tm | (is_const ? AS_TM_CONST : 0));
    out->is_const_handle = const_handle;
    return AS_SUCCESS;
}

int as_type_usage_subtype_count(const as_type_usage *u)
{
    return u && u->type ? as_type_subtype_count(u->type) : 0;
}

as_type_usage as_type_usage_subtype(const as_type_usage *u, int index)
{
    as_type_usage s;
    memset(&s, 0, sizeof s);
    if (!u || !u->type || index < 0 || index >= as_type_subtype_count(u->type)) return s;
    return as_type_usage_of(as_type_engine(u->type), as_type_subtype_id(u->type, index), 0);
}

int as_type_usage_type_id(const as_type_usage *u)
{
    if (!u) return AS_INVALID_ARG;
    int id = u->type_id;
    if (u->is_handle) id |= AS_TYPEID_OBJHANDLE | (u->is_const ? AS_TYPEID_HANDLETOCONST : 0);
    return id;
}

const char *as_type_usage_decl(const as_type_usage *u, char *buf, size_t size)
{
    if (!u || !buf || !size) return NULL;
    as_engine *e = u->type ? as_type_engine(u->type) : NULL;
    char name[300];
    if (u->type) snprintf(name, sizeof name, "%s", as_engine_type_declaration(e, u->type_id, true));
    else {
        static const char *const prim[] = {"void", "bool", "int8", "int16", "int", "int64", "uint8", "uint16",
                                           "uint", "uint64", "float", "double"};
        if (u->type_id < 0 || u->type_id > AS_TYPEID_DOUBLE) return NULL;
        snprintf(name, sizeof name, "%s", prim[u->type_id]);
    }
    static const char *const refs[] = {"", " &in", " &out", " &inout"};
    int n = snprintf(buf, size, "%s%s%s%s%s", u->is_const ? "const " : "", name, u->is_handle ? "@" : "",
                     u->is_const_handle ? " const" : "", refs[u->ref & 3]);
    return n >= 0 && (size_t)n < size ? buf : NULL;
}

int as_bind_add_type_finder(as_engine *e, as_bind_type_finder fn, void *user)
{
    bind_state *st = bind_state_of(e);
    if (!st || !fn) return AS_INVALID_ARG;
    struct { as_bind_type_finder fn; void *user; } f = {fn, user};
    if (!bind_grow((void **)&st->finders, &st->capfinders, st->nfinders + 1, sizeof *st->finders)) return AS_OUT_OF_MEMORY;
    st->finders[st->nfinders].fn = f.fn;
    st->finders[st->nfinders].user = f.user;
    st->nfinders++;
    return AS_SUCCESS;
}

bool as_bind_find_type(as_engine *e, const void *host_field, as_type_usage *out)
{
    bind_state *st = bind_state_peek(e);
    if (!st || !out) return false;
    for (int i = 0; i < st->nfinders; i++) {
        memset(out, 0, sizeof *out);
        if (st->finders[i].fn(e, host_field, out, st->finders[i].user)) return true;
    }
    return false;
}

void as_bind_reflected_field_at(as_bind_class *c, const char *name, size_t offset, size_t size, const void *host_field,
                                const char *file, int line)
{
    if (!c || !c->t || !name) return;
    as_type_usage u;
    char type[300], decl[400];
    if (!as_bind_find_type(c->b->e, host_field, &u)) {
        bind_error_at(c->b, file, line, "%s: no type finder knows the type of field '%s'", c->t->pub.name, name);
        return;
    }
    if (u.ref || !as_type_usage_decl(&u, type, sizeof type)) {
        bind_error_at(c->b, file, line, "%s: field '%s': a finder gave a type a property can't have", c->t->pub.name, name);
        return;
    }
    snprintf(decl, sizeof decl, "%s %s", type, name);
    as_bind_member m = {AS_BIND_M_PROPERTY, decl, NULL, {NULL, NULL, NULL, 0, 0}, 0, offset, size, NULL, NULL, file, line};
    as_bind_member_(c, &m);
}
