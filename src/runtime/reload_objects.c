/* Hot reload, full: every live object of the module's classes moves to the new class of the same
 * name in place, at its own address, so every reference to it (a script's, the host's, an
 * array's, a dictionary's, a suspended context's) stays valid. The engine lists every live
 * script object (the collector's list and the plain one, gc.c); an object's memory is its class's
 * size plus the room AS_EP_RELOAD_ROOM asked for, and a new class must fit in it.
 *
 * One object: a scratch object of the new class is made by its default constructor (members new
 * to the class get their declarations' values), the old members are carried into it by name
 * (reload_carry.c: handles moved, values copied, numbers converted), the old object's members
 * are released, the scratch object's are moved into the old memory (value objects constructed
 * there and assigned, never moved bytewise) and the scratch object is freed without running
 * its destructor. Then containers of the old types (arrays, dictionaries' values) are
 * re-typed. */
#include "reload.h"
#include "object.h"
#include "gc.h"
#include "util/mem.h"
#include "../vm/vm.h"
#include "../addons/reload_retype.h"
#include <stdio.h>
#include <string.h>

void *object_script_create(as_engine *e, as_type *t);   /* scriptobj.c */

/* ---------------------------------------------------------------- the type map */

/* The type of newm declared as t was in oldm (same kind, name and namespace), or NULL. */
static as_type *new_declared(migration *mg, const as_type *t)
{
    for (int i = 0; i < mg->newm->types.count; i++)
        if (mg->newm->types.data[i] == t) return (as_type *)t;   /* shared: kept */
    for (int i = 0; i < mg->newm->types.count; i++) {
        as_type *n = mg->newm->types.data[i];
        if (n->name == t->name && n->ns == t->ns && n->kind == t->kind &&
            (n->flags & AS_OBJ_INTERFACE) == (t->flags & AS_OBJ_INTERFACE))
            return n;
    }
    return NULL;
}

static as_type *map_type(migration *mg, as_type *t);

/* The template instance like t (array<P@>) with its subtypes mapped, if the engine has it. */
static as_type *new_instance(migration *mg, as_type *t)
{
    as_dtype subs[8];
    int n = t->subtypes.count;
    if (n > 8) return NULL;
    for (int i = 0; i < n; i++) {
        subs[i] = t->subtypes.data[i];
        subs[i].type = map_type(mg, subs[i].type);
        if (!subs[i].type) return NULL;
    }
    as_engine *e = mg->e;
    for (int i = 0; i < e->types.count; i++) {
        as_type *c = e->types.data[i];
        if (!c || c == t || c->template_base != t->template_base || c->subtypes.count != n) continue;
        bool same = true;
        for (int k = 0; same && k < n; k++)
            same = c->subtypes.data[k].type == subs[k].type && c->subtypes.data[k].flags == subs[k].flags;
        if (same) return c;
    }
    return NULL;
}

static as_type *map_type(migration *mg, as_type *t)
{
    if (!t || !reload_type_of_module(t, mg->oldm, 0)) return t;
    for (int i = 0; i < mg->mapped.count; i++)
        if (mg->mapped.data[i].old_t == t) return mg->mapped.data[i].new_t;
    as_type *n = t->module == mg->oldm ? new_declared(mg, t) : t->template_base ? new_instance(mg, t) : NULL;
    reload_class c = {t, n, 0, false};
    VEC_PUSH(mg->mapped, c);
    return n;
}

static as_type *map_type_cb(void *ctx, as_type *t) { return map_type(ctx, t); }

as_type *reload_new_class(migration *mg, const as_type *t)
{
    as_type *n = map_type(mg, (as_type *)t);
    return n && type_is_script_object(n) && !(n->flags & (AS_OBJ_INTERFACE | AS_OBJ_ABSTRACT)) ? n : NULL;
}

as_type *reload_final_type(migration *mg, void *obj)
{
    as_type *t = ((as_object *)obj)->type;
    if (t->module != mg->oldm) return t;
    as_type *n = reload_new_class(mg, t);
    if (n == t) return t;            /* a shared class, kept */
    if (mg->migrated) return NULL;   /* still of its old class: it was not migrated */
    return n;
}

/* ---------------------------------------------------------------- the live objects */

static const as_property *find_member(const as_type *t, const char *name)
{
    for (; t; t = t->base)
        for (int i = 0; i < t->props.count; i++)
            if (t->props.data[i].name == name) return &t->props.data[i];
    return NULL;
}

static reload_class *class_entry(migration *mg, as_type *t)
{
    for (int i = 0; i < mg->classes.count; i++)
        if (mg->classes.data[i].old_t == t) return &mg->classes.data[i];
    reload_class c = {t, reload_new_class(mg, t), 0, false};
    VEC_RESERVE(mg->classes, mg->classes.count + 1);
    if (mg->classes.count >= mg->classes.cap) return NULL;
    VEC_PUSH(mg->classes, c);
    return &VEC_LAST(mg->classes);
}

/* Why o cannot be migrated (NULL: it can), in buf. */
static const char *cannot_migrate(migration *mg, as_object *o, reload_class *c, char *buf, size_t n)
{
    if (!c->new_t) {
        snprintf(buf, n, "class '%s' is gone (or abstract) while %d of its objects live", c->old_t->name, c->live);
        return buf;
    }
    int room = object_capacity(o);
    if (c->new_t->size > room) {
        snprintf(buf, n, "class '%s' needs %d bytes, its live objects have %d (AS_EP_RELOAD_ROOM gives room)",
                 c->old_t->name, c->new_t->size, room);
        return buf;
    }
    return NULL;
}

static void consider(migration *mg, as_object *o, char *why, size_t nwhy, int *stuck)
{
    if (!o || o->type->module != mg->oldm || !type_is_script_object(o->type)) return;
    reload_class *c = class_entry(mg, o->type);
    if (!c) {
        (*stuck)++;
        return;
    }
    c->live++;
    if (c->new_t == o->type) return;   /* a shared class, kept */
    char buf[256];
    const char *no = cannot_migrate(mg, o, c, buf, sizeof buf);
    if (no) {
        if (!*stuck) snprintf(why, nwhy, "%s", no);
        (*stuck)++;
        return;
    }
    VEC_RESERVE(mg->objects, mg->objects.count + 1);
    if (mg->objects.count >= mg->objects.cap) {
        (*stuck)++;
        return;
    }
    vm_addref_object(mg->e, o, o->type);   /* nothing the reload runs frees it meanwhile */
    VEC_PUSH(mg->objects, o);
}

int reload_objects_check(migration *mg, uint32_t flags)
{
    as_engine *e = mg->e;
    gc_finish_pass(e);   /* types must not change under a collection */
    char why[300] = "";
    int stuck = 0;
    for (int i = 0; i < e->gc.script.count; i++) consider(mg, e->gc.script.data[i], why, sizeof why, &stuck);
    for (int i = 0; i < e->gc.plain.count; i++) consider(mg, e->gc.plain.data[i], why, sizeof why, &stuck);
    mg->r->objects_orphaned = stuck;
    if (stuck && !(flags & AS_RELOAD_ORPHAN_OBJECTS)) {
        reload_refuse(mg->r, "refused: %s", why[0] ? why : "out of memory listing the live objects");
        return AS_MODULE_IS_IN_USE;
    }
    return AS_SUCCESS;
}

/* ---------------------------------------------------------------- one object */

/* The bytes a member takes in its object (value members are handled apart). */
static size_t member_bytes(const as_property *p)
{
    if (reload_in_pointer_slot(&p->type)) return sizeof(void *);
    return (size_t)(p->type.type->size > 0 ? p->type.type->size : 4);
}

/* Frees scratch object n (its members already moved out) without its destructor. */
static void scratch_free(as_engine *e, as_object *n)
{
    if (n->refcount == 1) object_discard(e, n);
    else vm_release_object(e, n, n->type);   /* its constructor handed `this` out: it lives on */
}

static bool migrate_one(migration *mg, as_object *o, as_type *nt)
{
    as_engine *e = mg->e;
    as_type *ot = o->type;
    int room = object_capacity(o);
    /* the tracking lists have room (reserved), the extra holding the block size is made first */
    if (ot->gc_capable != nt->gc_capable &&
        (nt->gc_capable ? e->gc.script.count >= e->gc.script.cap : e->gc.plain.count >= e->gc.plain.cap))
        return false;
    as_object *n = object_script_create(e, nt);
    if (!n) n = object_new(e, nt);   /* no default constructor (or it failed): members zero */
    if (!n) return false;
    if (room != nt->obj_block && !object_extra(o)) {
        scratch_free(e, n);
        return false;
    }
    /* the old members into the scratch object, by name */
    for (as_type *c = nt; c; c = c->base) {
        for (int i = 0; i < c->props.count; i++) {
            const as_property *np = &c->props.data[i];
            const as_property *op = find_member(ot, np->name);
            if (op) reload_carry(mg, &op->type, (char *)o + op->offset, &np->type, (char *)n + np->offset, true);
        }
    }
    /* the old object's members go (what was carried left a null or the scratch's value) */
    object_release_members(e, o);
    memset((char *)o + OBJECT_HEADER_SIZE, 0, (size_t)room - OBJECT_HEADER_SIZE);
    for (as_type *c = nt; c; c = c->base) {
        for (int i = 0; i < c->props.count; i++) {
            const as_property *p = &c->props.data[i];
            char *to = (char *)o + p->offset, *from = (char *)n + p->offset;
            if (dt_is_value_member(p)) {
                as_type *vt = p->type.type;
                if (vt->beh.default_construct) {
                    value_default_construct(e, vt, to);
                    as_engine_assign_object(e, to, from, as_type_id(vt));
                } else {
                    memcpy(to, from, (size_t)vt->size);   /* a plain value */
                }
                continue;
            }
            size_t bytes = member_bytes(p);
            memcpy(to, from, bytes);
            if (reload_in_pointer_slot(&p->type)) memset(from, 0, bytes);   /* the reference moved */
        }
    }
    if (ot->gc_capable != nt->gc_capable) {
        gc_retrack(e, o, nt->gc_capable);
    }
    o->type = nt;
    nt->live++;
    if (ot->live && --ot->live == 0 && ot->remains) e->reclaim_wanted = true;
    if (o->extra) o->extra->block = room != nt->obj_block ? room : 0;
    scratch_free(e, n);
    return true;
}

/* A migrated object's handles to objects that were not (out of memory, or allowed to stay)
 * become null: those objects keep their old class, the new code could not use them. */
static void drop_stale_handles(migration *mg, as_object *o)
{
    for (as_type *c = o->type; c; c = c->base) {
        for (int i = 0; i < c->props.count; i++) {
            const as_property *p = &c->props.data[i];
            if (!(p->type.flags & DT_HANDLE) || !type_is_script_object(p->type.type)) continue;
            void **slot = (void **)((char *)o + p->offset);
            as_object *to = *slot;
            if (!to || reload_final_type(mg, to)) continue;
            *slot = NULL;
            vm_release_object(mg->e, to, to->type);
        }
    }
}

/* One warning per member a class lost or changed with loss. */
static void report_class(migration *mg, reload_class *c)
{
    if (!c->new_t || c->new_t == c->old_t || c->reported) return;
    c->reported = true;
    as_engine *e = mg->e;
    const char *sec = mg->oldm->name;
    for (as_type *k = c->old_t; k; k = k->base) {
        for (int i = 0; i < k->props.count; i++) {
            const as_property *op = &k->props.data[i];
            const as_property *np = find_member(c->new_t, op->name);
            char ot[200], nt[200];
            dtype_format(&op->type, ot, sizeof ot, true);
            if (!np) {
                reload_warning(e, sec, "reload: member '%s::%s' (%s) removed: its value in %d object%s released",
                               c->old_t->name, op->name, ot, c->live, c->live == 1 ? "" : "s");
                mg->r->warnings++;
                continue;
            }
            dtype_format(&np->type, nt, sizeof nt, true);
            if (strcmp(ot, nt) == 0) continue;
            bool numbers = (op->type.type->kind == TYPE_PRIMITIVE || op->type.type->kind == TYPE_ENUM) &&
                           np->type.type->kind == TYPE_PRIMITIVE && !(op->type.flags & DT_HANDLE) &&
                           !(np->type.flags & DT_HANDLE);
            bool same_class = type_is_script_object(op->type.type) && type_is_script_object(np->type.type) &&
                              op->type.type->name == np->type.type->name;
            if (numbers && !reload_conversion_lossy(&op->type, &np->type)) continue;
            if (same_class) continue;
            if (numbers)
                reload_warning(e, sec, "reload: member '%s::%s' converted from %s to %s: values may change",
                               c->old_t->name, op->name, ot, nt);
            else
                reload_warning(e, sec, "reload: member '%s::%s' changed from %s to %s: initialised again by its declaration",
                               c->old_t->name, op->name, ot, nt);
            mg->r->warnings++;
        }
    }
}

void reload_objects_migrate(migration *mg)
{
    as_engine *e = mg->e;
    /* no collection starts while classes change */
    int64_t auto_gc = e->props[AS_EP_AUTO_GARBAGE_COLLECT];
    e->props[AS_EP_AUTO_GARBAGE_COLLECT] = 0;
    VEC_RESERVE(e->gc.script, e->gc.script.count + mg->objects.count);
    VEC_RESERVE(e->gc.plain, e->gc.plain.count + mg->objects.count);
    /* one context for every constructor (else each would make its own) */
    as_context *ctx = mg->objects.count ? as_context_create(e) : NULL;
    if (ctx) vm_push_active(ctx);
    int done = 0;
    for (int i = 0; i < mg->objects.count; i++) {
        as_object *o = mg->objects.data[i];
        reload_class *c = class_entry(mg, o->type);
        if (c && c->new_t && migrate_one(mg, o, c->new_t)) done++;
        else mg->failed++;
    }
    if (ctx) {
        vm_pop_active(ctx);
        as_context_destroy(ctx);
    }
    mg->migrated = true;
    if (mg->failed || mg->r->objects_orphaned)
        for (int i = 0; i < mg->objects.count; i++)
            if (mg->objects.data[i]->type->module != mg->oldm) drop_stale_handles(mg, mg->objects.data[i]);
    for (int i = 0; i < mg->classes.count; i++) report_class(mg, &mg->classes.data[i]);
    mg->r->objects_migrated = done;
    mg->r->objects_orphaned += mg->failed;
    reload_containers_retype_all(mg);
    e->props[AS_EP_AUTO_GARBAGE_COLLECT] = auto_gc;
}

void reload_objects_end(migration *mg)
{
    for (int i = 0; i < mg->objects.count; i++) {
        as_object *o = mg->objects.data[i];
        vm_release_object(mg->e, o, o->type);
    }
    VEC_FREE(mg->objects);
    VEC_FREE(mg->classes);
    VEC_FREE(mg->mapped);
}

/* ---------------------------------------------------------------- containers */

bool reload_container_retype(migration *mg, void *obj, as_type *from, as_type *to)
{
    if (!from->template_base || from->template_base != to->template_base || !array_reload_is_array_template(from->template_base))
        return false;
    if (!array_reload_retype(obj, from, to)) return false;
    /* the collector knows the array by its type */
    for (int i = 0; i < mg->e->gc.native.count; i++)
        if (mg->e->gc.native.data[i].obj == obj) mg->e->gc.native.data[i].type = to;
    return true;
}

void reload_containers_retype_all(migration *mg)
{
    as_engine *e = mg->e;
    for (int i = 0; i < e->gc.native.count; i++) {
        gc_native_entry *g = &e->gc.native.data[i];
        if (dictionary_reload_is_dictionary(g->type)) {
            dictionary_reload_retype(g->obj, map_type_cb, mg);
            continue;
        }
        if (any_reload_is_any(g->type)) {
            any_reload_retype(g->obj, map_type_cb, mg);
            continue;
        }
        if (!g->type->template_base || !array_reload_is_array_template(g->type->template_base) ||
            !reload_type_of_module(g->type, mg->oldm, 0))
            continue;
        as_type *to = map_type(mg, g->type);
        if (to && array_reload_retype(g->obj, g->type, to)) g->type = to;
    }
}
