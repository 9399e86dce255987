/* C structs and object classes described once and bound in batches: types first, then
 * behaviours, fields and methods (with those of a base class), then casts between handles. */
#include "bind_impl.h"
#include <string.h>

static const as_bind_class *find_class(const as_bind_class *classes, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (classes[i].name && strcmp(classes[i].name, name) == 0) return &classes[i];
    return NULL;
}

/* Whether t has a property of the name that declaration decl ends with. */
static bool has_property(as_type *t, const char *decl)
{
    char want[128];
    bind_decl_name(decl, want, sizeof want);
    for (int i = 0; t && i < as_type_property_count(t); i++) {
        const char *name;
        if (as_type_property(t, i, &name, NULL, NULL) >= 0 && strcmp(name, want) == 0) return true;
    }
    return false;
}

/* The classes' fields/methods: its own, then its bases' (a C struct starts with its base). */
static int bind_members(as_engine *e, const as_bind_class *c, const as_bind_class *from,
                        const as_bind_class *classes, int n, int depth)
{
    if (depth > 16) {
        bind_error(e, "%s: base classes nest too deep (a cycle?)", c->name);
        return AS_INVALID_DECLARATION;
    }
    int first = 0;
    as_type *t = as_engine_type_by_name(e, c->name);
    for (const as_bind_field *p = from->fields; p && p->decl; p++) {
        if (depth && has_property(t, p->decl)) continue;   /* the derived class declared it again */
        int r = as_register_object_property(e, c->name, p->decl, (int)p->offset);
        if (r < 0) {
            /* the derived class declared it again: its own wins */
            if (!first && !(depth && (r == AS_ALREADY_REGISTERED || r == AS_NAME_TAKEN))) first = r;
            continue;
        }
        if (p->doc) {
            char key[300], name[128];
            snprintf(key, sizeof key, "prop:%s::%s", c->name, bind_decl_name(p->decl, name, sizeof name));
            bind_doc_set(e, key, p->doc);
        }
    }
    for (const as_bind_method *m = from->methods; m && m->decl; m++) {
        if (depth && as_type_method_by_decl(t, m->decl)) continue;   /* overridden */
        int r = as_register_object_method(e, c->name, m->decl, m->fn, m->cc, NULL);
        if (r < 0) {
            /* overridden in the derived class */
            if (!first && !(depth && (r == AS_ALREADY_REGISTERED || r == AS_NAME_TAKEN))) first = r;
            continue;
        }
        if (m->doc) as_bind_doc_function(as_engine_function_by_id(e, r), m->doc);
    }
    if (from->base) {
        const as_bind_class *b = find_class(classes, n, from->base);
        if (!b) {
            bind_error(e, "%s: base class '%s' is not in the batch", c->name, from->base);
            return first ? first : AS_INVALID_TYPE;
        }
        int r = bind_members(e, c, b, classes, n, depth + 1);
        if (r < 0 && !first) first = r;
    }
    return first;
}

/* Handle casts: the object pointer is the same (the C struct begins with its base). The
 * auxiliary pointer is the class whose handle comes out. */
static void cast_up(as_generic *g)
{
    void *obj = as_generic_object(g);
    const as_bind_class *to = as_generic_auxiliary(g);
    as_engine *e = as_generic_engine(g);
    as_type *t = as_engine_type_by_name(e, to->name);
    if (obj && t) as_engine_addref_object(e, obj, as_type_id(t));
    as_generic_set_return_address(g, obj);
}

static void cast_down(as_generic *g)
{
    void *obj = as_generic_object(g);
    const as_bind_class *to = as_generic_auxiliary(g);
    if (!obj || !to->is_instance || !to->is_instance(obj)) {
        as_generic_set_return_address(g, NULL);
        return;
    }
    cast_up(g);
}

static int bind_casts(as_engine *e, const as_bind_class *c, const as_bind_class *classes, int n)
{
    if (!(c->flags & AS_OBJ_REF) || !c->base) return 0;
    char decl[300];
    int first = 0;
    int depth = 0;
    for (const as_bind_class *b = find_class(classes, n, c->base); b && depth < 16;
         b = b->base ? find_class(classes, n, b->base) : NULL, depth++) {
        if (!(b->flags & AS_OBJ_REF)) break;
        snprintf(decl, sizeof decl, "%s@ opImplCast()", b->name);
        int r = as_register_object_method(e, c->name, decl, AS_FN(cast_up), AS_CALL_GENERIC, (void *)b);
        if (r < 0 && !first) first = r;
        snprintf(decl, sizeof decl, "const %s@ opImplCast() const", b->name);
        r = as_register_object_method(e, c->name, decl, AS_FN(cast_up), AS_CALL_GENERIC, (void *)b);
        if (r < 0 && !first) first = r;
        if (c->is_instance) {
            snprintf(decl, sizeof decl, "%s@ opCast()", c->name);
            r = as_register_object_method(e, b->name, decl, AS_FN(cast_down), AS_CALL_GENERIC, (void *)c);
            if (r < 0 && !first) first = r;
            snprintf(decl, sizeof decl, "const %s@ opCast() const", c->name);
            r = as_register_object_method(e, b->name, decl, AS_FN(cast_down), AS_CALL_GENERIC, (void *)c);
            if (r < 0 && !first) first = r;
        }
    }
    return first;
}

int as_bind_classes(as_engine *e, const as_bind_class *classes, int n)
{
    if (!e || (n && !classes) || n < 0) return AS_INVALID_ARG;
    int first = 0;
#define KEEP(r) do { int r_ = (r); if (r_ < 0 && !first) first = r_; } while (0)
    /* every type before any member, so members may use types declared later in the batch */
    for (int i = 0; i < n; i++) {
        const as_bind_class *c = &classes[i];
        int r = as_register_object_type(e, c->name, (int)c->size, c->flags);
        if (r < 0) {
            bind_error(e, "%s: the type could not be registered (%d)", c->name, r);
            KEEP(r);
            continue;
        }
        as_bind_type *bt = as_bind_type_add(e, c->c_name ? c->c_name : c->name, c->name, c->size, (c->flags & AS_OBJ_REF) != 0, c->user);
        if (bt && c->base && !bt->base) bt->base = bind_strdup(c->base);
        if (c->doc) as_bind_doc_type(as_engine_type_by_name(e, c->name), c->doc);
    }
    for (int i = 0; i < n; i++) {
        const as_bind_class *c = &classes[i];
        for (const as_bind_behaviour *b = c->behaviours; b && b->decl; b++)
            KEEP(as_register_object_behaviour(e, c->name, b->beh, b->decl, b->fn, b->cc, NULL));
    }
    for (int i = 0; i < n; i++) KEEP(bind_members(e, &classes[i], &classes[i], classes, n, 0));
    for (int i = 0; i < n; i++) KEEP(bind_casts(e, &classes[i], classes, n));
#undef KEEP
    return first;
}
