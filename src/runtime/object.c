/* Script objects: allocation with members ready, virtual dispatch, destruction. */
#include "object.h"
#include "util/mem.h"
#include "../vm/vm.h"
#include "../native/native.h"
#include "gc.h"
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

as_function *object_resolve_virtual(void *obj, as_function *f)
{
    as_object *o = obj;
    as_type *t = o->type;
    if (f->kind == FN_INTERFACE) {
        for (int i = 0; i < t->itable.count; i++)
            if (t->itable.data[i].intf == f) return t->itable.data[i].impl;
        return f;
    }
    if (f->vtable_index >= 0 && f->vtable_index < t->vtable.count) return t->vtable.data[f->vtable_index];
    return f;
}

/* Freed objects' memory a script class keeps for its next objects: up to OBJ_CACHE_BYTES of it,
 * which spares an allocator round trip for each of the small objects scripts make and drop in
 * numbers (trees, lists, temporaries). Not in sanitizer builds, which should see every use
 * after free. */
#if defined(__SANITIZE_ADDRESS__)
#define OBJ_CACHE_BYTES 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define OBJ_CACHE_BYTES 0
#endif
#endif
#ifndef OBJ_CACHE_BYTES
#define OBJ_CACHE_BYTES (64 * 1024)
#endif

/* A script object's memory has no allocator header (util/mem.h): its size is its type's block
 * (object_block_size) and it was charged to its engine's account. */
static void object_memory_free(as_type *t, void *o) { mem_sized_free(t->engine->account, o, (size_t)t->obj_block); }

/* The bytes of t's new objects: its size and the room AS_EP_RELOAD_ROOM asked for when its first
 * object was made (fixed from then on, so freed blocks fit the next objects). */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))   /* once per class */
#endif
static int object_block_size(as_engine *e, as_type *t)
{
    if (!t->obj_block) {
        int64_t room = e->props[AS_EP_RELOAD_ROOM];
        if (room < 0) room = 0;
        if (room > 1 << 20) room = 1 << 20;
        t->obj_block = t->size + (int)((room + 7) & ~(int64_t)7);
    }
    return t->obj_block;
}

#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))   /* object_new stays small: the collector's list is the common case */
#endif
static bool plain_room(as_engine *e)
{
    VEC_RESERVE(e->gc.plain, e->gc.plain.count + 1);
    return e->gc.plain.count < e->gc.plain.cap;
}

int object_capacity(const as_object *o)
{
    return o->extra && o->extra->block ? o->extra->block : o->type->obj_block;
}

void object_cache_drain(as_type *t)
{
    while (t->obj_cache) {
        void *o = t->obj_cache;
        memcpy(&t->obj_cache, o, sizeof(void *));
        object_memory_free(t, o);
    }
    t->obj_cached = 0;
}

as_object *object_new(as_engine *e, as_type *t)
{
    /* room in the collector's list first: an object it could not track would never be freed
     * from a cycle */
    if (t->gc_capable) {
        VEC_RESERVE(e->gc.script, e->gc.script.count + 1);
        if (e->gc.script.count >= e->gc.script.cap) return NULL;
    } else if (!plain_room(e)) {
        return NULL;   /* the others are listed too (a reload finds every live object) */
    }
    int block = t->obj_block ? t->obj_block : object_block_size(e, t);
    as_object *o;
    if (t->obj_cache) {
        o = t->obj_cache;
        memcpy(&t->obj_cache, o, sizeof(void *));
        t->obj_cached--;
        memset(o, 0, (size_t)block);
    } else {
        o = mem_sized_calloc(e->account, (size_t)block);
        if (!o) return NULL;
    }
    o->refcount = 1;
    o->type = t;
    t->live++;   /* the type's code stays while objects of it live (reclaim.c) */
    if (t->gc_capable) gc_track_script(e, o);
    else gc_track_plain(e, o);   /* room reserved above: cannot fail */
    /* value members are constructed before any script code runs, so the object is always
     * safe to destroy; object members are made by the constructor */
    for (as_type *c = t; c; c = c->base) {
        for (int i = 0; i < c->props.count; i++) {
            as_property *p = &c->props.data[i];
            if (!dt_is_value_member(p)) continue;
            as_type *vt = p->type.type;
            if (vt->beh.default_construct) value_default_construct(e, vt, (char *)o + p->offset);
        }
    }
    return o;
}

void value_default_construct(as_engine *e, as_type *t, void *mem)
{
    as_function *f = t->beh.default_construct;
    if (f->attrs & FA_TEMPLATE_TYPE) native_call_obj_ptr(e, f, mem, t);   /* weakref<T>(int&in): the instance */
    else native_call_obj(e, f, mem);
}

bool dt_is_value_member(const as_property *p)
{
    return p->type.type->kind == TYPE_OBJECT && (p->type.type->flags & AS_OBJ_VALUE) && !(p->type.flags & DT_HANDLE);
}

/* Releases the members of o (all classes of its chain), last declared first. */
void object_release_members(as_engine *e, as_object *o)
{
    for (as_type *c = o->type; c; c = c->base) {
        for (int i = c->props.count; i-- > 0;) {
            as_property *p = &c->props.data[i];
            as_type *pt = p->type.type;
            if (pt->kind != TYPE_OBJECT && pt->kind != TYPE_FUNCDEF) continue;
            char *at = (char *)o + p->offset;
            if (dt_is_value_member(p)) {
                vm_destroy_value(e, at, pt);
            } else {
                void *ref = *(void **)at;
                *(void **)at = NULL;
                if (ref) vm_release_object(e, ref, pt);
            }
        }
    }
}

/* Freeing an object releases its members, which may free the objects they hold: a list of a
 * million nodes would recurse a million deep. Past a few levels an object is made ready to go
 * (weak references told, destructors run, out of the collector) and waits in a list the
 * outermost call works through. The list needs no memory (there may be none left: freeing is
 * how it comes back): it runs through the waiting objects' own headers, whose count and
 * collector state are done with by then. */
static _Thread_local int free_depth;
static _Thread_local as_object *waiting;   /* linked through the first 8 bytes of each */

static void object_free_rest(as_engine *e, as_object *obj);

/* The first part of freeing: false if a destructor resurrected the object. */
static bool object_free_start(as_engine *e, as_object *obj)
{
    as_type *t = obj->type;
    /* weak references see the object gone before its destructor runs (as in the reference) */
    object_weakref_dead(obj);
    /* destructors run derived first; the object is kept alive while they run */
    bool has_dtor = false;
    for (as_type *c = t; c && !has_dtor && !gc_was_destructed(obj) && !e->gc.leaking; c = c->base) has_dtor = c->beh.destruct != NULL;
    if (has_dtor) {
        obj->refcount = 1;
        for (as_type *c = t; c; c = c->base)
            if (c->beh.destruct) vm_call_method(e, c->beh.destruct, obj);
        if (--obj->refcount != 0) {
            /* resurrected by its destructor: it lives on, the destructor has run (once, as in
             * the reference) */
            gc_set_destructed(obj);
            return false;
        }
    }
    gc_untrack_script(e, obj);
    return true;
}

void object_free(as_engine *e, as_object *obj)
{
    _Static_assert(sizeof(void *) <= offsetof(as_object, type), "the link fits before the type");
    if (free_depth >= 16) {
        if (object_free_start(e, obj)) {
            memcpy((char *)obj, &waiting, sizeof(void *));
            waiting = obj;
        }
        return;
    }
    free_depth++;
    if (object_free_start(e, obj)) object_free_rest(e, obj);
    if (free_depth == 1) {
        while (waiting) {
            as_object *o = waiting;
            memcpy(&waiting, (const char *)o, sizeof(void *));
            object_free_rest(o->type->engine, o);
        }
    }
    free_depth--;
}

static void object_free_rest(as_engine *e, as_object *obj)
{
    as_type *t = obj->type;
    int block = t->obj_block;
    if (obj->extra) {
        if (obj->extra->block) block = obj->extra->block;   /* a reload moved it to another class */
        object_extra_free(e, obj);
    }
    object_release_members(e, obj);
    if (block != t->obj_block) {
        mem_sized_free(e->account, obj, (size_t)block);
    } else if (((size_t)t->obj_cached + 1) * (size_t)t->size <= OBJ_CACHE_BYTES) {
        memcpy(obj, &t->obj_cache, sizeof(void *));
        t->obj_cache = obj;
        t->obj_cached++;
    } else {
        object_memory_free(t, obj);
    }
    if (t->live && --t->live == 0 && t->remains) e->reclaim_wanted = true;
}

void object_discard(as_engine *e, as_object *o)
{
    gc_untrack_any(e, o);
    object_free_rest(e, o);
}

bool object_is_a(const as_type *t, const as_type *target)
{
    for (const as_type *c = t; c; c = c->base) {
        if (c == target) return true;
        for (int i = 0; i < c->interfaces.count; i++)
            if (c->interfaces.data[i] == target) return true;
    }
    return false;
}
