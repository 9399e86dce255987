/* Script objects: instances of script classes, reference counted, fields inline after the header. */
#ifndef AS_OBJECT_H
#define AS_OBJECT_H
#include "engine.h"

/* What few objects need, kept out of every object's header: made on first use (objextra.c). */
typedef struct as_object_extra {
    as_lockable_shared_bool *weakref;  /* weak reference flag (runtime/weakref.c) */
    VEC(as_userdata) user_data;
    int block;                         /* a reload moved it to a class of another block size: its
                                        * memory's size (0: its class's obj_block) */
} as_object_extra;

typedef struct as_object {
    uint32_t refcount;
    uint32_t gcflags;       /* cycle collector state */
    as_type *type;
    as_object_extra *extra; /* NULL until a weak reference or user data needs it */
} as_object;

#define OBJECT_HEADER_SIZE ((int)sizeof(as_object))

/* The implementation of method f (virtual or interface) for obj's dynamic type. */
as_function *object_resolve_virtual(void *obj, as_function *f);
/* A new object of script class t: refcount 1, members zero, value members default-constructed.
 * NULL if out of memory. */
as_object *object_new(as_engine *e, as_type *t);
/* The bytes of obj's memory (its class's block, or what it was made with before a reload). */
int object_capacity(const as_object *o);
/* Destroys obj: destructors, member release, free. */
void object_free(as_engine *e, as_object *obj);
/* Frees o (refcount 1, no one else holds it) without running its destructor: a hot reload's
 * scratch object. */
void object_discard(as_engine *e, as_object *o);
/* Frees the memory of freed objects t keeps for reuse (when t goes). */
void object_cache_drain(as_type *t);
/* Is class t (or one of its bases) `target`, or does it implement interface `target`? */
bool object_is_a(const as_type *t, const as_type *target);
/* Releases the handles and objects o holds (its fields become null). */
void object_release_members(as_engine *e, as_object *o);
/* The object is dead to its weak references: its flag (if it has one) is set. */
void object_weakref_dead(as_object *o);
/* The object's memory goes: its flag is set and the object's reference to it released. */
void object_weakref_free(as_object *o);
/* o's extras, made on first use (NULL if out of memory). */
as_object_extra *object_extra(as_object *o);
/* The object is being destroyed: its user data cleanups run and its extras go (the weak
 * reference flag is released first). */
void object_extra_free(as_engine *e, as_object *o);
/* Runs value type t's default constructor at mem (a template's gets the instance as its hidden
 * first argument). */
void value_default_construct(as_engine *e, as_type *t, void *mem);
/* A property holding a value object inline. */
bool dt_is_value_member(const as_property *p);

#endif
