/* What the add-ons need from the engine that the public API (include/angelc.h) does not offer yet.
 *
 * Each function here mirrors a function of AngelScript's application interface. The dictionary,
 * any, ref and weakref add-ons are written against these declarations; engine_needs.c holds
 * stand-ins that do what the public API allows. When the engine implements a function (in
 * src/runtime, declared in include/angelc.h), its stand-in in engine_needs.c goes.
 *
 * What the stand-ins cannot do:
 *  - as_engine_ref_cast_object: without a way to ask a script object for its dynamic type or a
 *    class for its base classes and interfaces, only casts to the object's own static type, and
 *    casts through opCast / opImplCast methods, succeed. Casting a stored `Derived@` to `Base@`
 *    (or to an interface) gives null where the reference gives the object.
 *  - as_type_supports_weakref / as_engine_weakref_flag: script objects have no weak reference
 *    flag reachable through the public API, and a registered type's AS_BEHAVE_GET_WEAKREF_FLAG
 *    behaviour cannot be called through it, so no type supports weak references: weakref<T> and
 *    const_weakref<T> reject every subtype ("The subtype doesn't support weak references"). */
#ifndef AS_ADDON_ENGINE_NEEDS_H
#define AS_ADDON_ENGINE_NEEDS_H
#include "angelc.h"

/* asIScriptEngine::RefCastObject. Casts the handle `obj` of type `from` to a handle of type `to`
 * (both object types, not type ids): the same type, a base class or implemented interface of the
 * object's dynamic type (script objects), or through the type's `to@ opImplCast()` (and, unless
 * implicit_only, `to@ opCast()`) methods. On success *out holds the object with one reference
 * added for the caller; otherwise *out is NULL. A null obj gives a null *out. Returns AS_SUCCESS
 * or a negative error code for invalid arguments (an impossible cast is not an error). */
int as_engine_ref_cast_object(as_engine *e, void *obj, as_type *from, as_type *to, void **out, bool implicit_only);

/* asILockableSharedBool: the flag a weak reference watches. Made with one reference; set to true
 * by the engine when the object it belongs to is destroyed. Lock/unlock guard reading the flag
 * and adding a reference to the object as one step. */
typedef struct as_lockable_shared_bool as_lockable_shared_bool;
/* asCreateLockableSharedBool (also what a registered type's AS_BEHAVE_GET_WEAKREF_FLAG returns) */
as_lockable_shared_bool *as_lockable_shared_bool_create(void);
int as_lockable_shared_bool_addref(as_lockable_shared_bool *b);
int as_lockable_shared_bool_release(as_lockable_shared_bool *b);
bool as_lockable_shared_bool_get(const as_lockable_shared_bool *b);
void as_lockable_shared_bool_set(as_lockable_shared_bool *b, bool v);
void as_lockable_shared_bool_lock(as_lockable_shared_bool *b);
void as_lockable_shared_bool_unlock(as_lockable_shared_bool *b);

/* Whether objects of type t have a weak reference flag: script classes do, registered reference
 * types do if they registered AS_BEHAVE_GET_WEAKREF_FLAG (what the reference weakref add-on finds
 * with asITypeInfo::GetBehaviourByIndex). */
bool as_type_supports_weakref(const as_type *t);

/* asIScriptEngine::GetWeakRefFlagOfScriptObject: the weak reference flag of obj (of type t),
 * created on first use; no reference is added for the caller. NULL if t has none. */
as_lockable_shared_bool *as_engine_weakref_flag(as_engine *e, void *obj, as_type *t);

#endif
