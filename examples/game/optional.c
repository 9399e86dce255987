/* optional<T>: a value template whose instances are as large as their subtype needs (a flag
 * and the value), holding a primitive, a plain value (Vec2, Color) or a handle. The template
 * callback refuses other subtypes with a reason the compiler reports at the script's line, and
 * leaves per-instance data (the value's size, whether it is a handle) on the instance. */
#include "angelc_bind.h"
#include "game.h"
#include <stdint.h>
#include <string.h>

#define OPT_KEY ((uintptr_t)0x0971)

/* the header; the value follows at offset 8 */
typedef struct Optional { int32_t has; int32_t pad; } Optional;
typedef struct OptInfo { int size; bool handle; int sub_id; } OptInfo;

static OptInfo *info_of(as_type *t) { return as_type_get_user_data(t, OPT_KEY); }
static void *value_of(void *self) { return (char *)self + sizeof(Optional); }

static const char *optional_check(as_type *inst, void *user)
{
    (void)user;
    static OptInfo infos[64];
    static int ninfos;
    as_engine *e = as_type_engine(inst);
    int tid = as_type_subtype_id(inst, 0);
    OptInfo info = {0, (tid & AS_TYPEID_OBJHANDLE) != 0, tid};
    if (info.handle) info.size = (int)sizeof(void *);
    else if (tid <= AS_TYPEID_DOUBLE) info.size = as_engine_primitive_size(e, tid);
    else if (as_type_flags(as_type_subtype(inst, 0)) & AS_OBJ_POD) info.size = as_type_size(as_type_subtype(inst, 0));
    else return "optional<T> holds primitives, plain values and handles (use optional<T@> for objects)";
    if (ninfos == 64) return "too many optional<T> instances";
    infos[ninfos] = info;
    as_type_set_user_data(inst, &infos[ninfos++], OPT_KEY);
    return NULL;
}

static int optional_size(as_type *inst, void *user)
{
    (void)user;
    return (int)sizeof(Optional) + info_of(inst)->size;
}

static void take(void *self, as_type *t, const void *value)
{
    OptInfo *info = info_of(t);
    Optional *o = self;
    if (info->handle) {
        void *obj = *(void *const *)value;
        if (obj) as_engine_addref_object(as_type_engine(t), obj, info->sub_id);
        if (o->has && *(void **)value_of(self)) as_engine_release_object(as_type_engine(t), *(void **)value_of(self), info->sub_id);
    }
    memcpy(value_of(self), value, (size_t)info->size);
    o->has = 1;
}

static void optional_reset(void *self, as_type *t)
{
    Optional *o = self;
    OptInfo *info = info_of(t);
    if (o->has && info->handle && *(void **)value_of(self))
        as_engine_release_object(as_type_engine(t), *(void **)value_of(self), info->sub_id);
    o->has = 0;
}

static void optional_init(void *self) { memset(self, 0, sizeof(Optional)); }
static void optional_init_value(void *self, as_type *t, const void *value) { optional_init(self); take(self, t, value); }
static void optional_copy(void *self, as_type *t, const void *other)
{
    optional_init(self);
    if (((const Optional *)other)->has) take(self, t, value_of((void *)other));
}
static void *optional_assign(void *self, as_type *t, const void *other)
{
    if (self == other) return self;
    if (((const Optional *)other)->has) take(self, t, value_of((void *)other));
    else optional_reset(self, t);
    return self;
}
static void optional_done(void *self, as_type *t) { optional_reset(self, t); }
static bool optional_has(const void *self) { return ((const Optional *)self)->has != 0; }
static void optional_set(void *self, as_type *t, const void *value) { take(self, t, value); }
static const void *optional_get(const void *self)
{
    if (!((const Optional *)self)->has) as_context_set_exception(as_active_context(), "optional<T> is empty", true);
    return (const char *)self + sizeof(Optional);
}

AS_BIND_TYPES(optional_type, AS_BIND_EARLY)
{
    as_bind_class *o = as_bind_template_class(b, "optional<class T>", AS_OBJ_VALUE | AS_OBJ_APP_CLASS_CDAK,
                                              optional_check, optional_size, NULL);
    AS_DOC(b, "a T or nothing (value type; its size follows T)");
    AS_CONSTRUCTOR(o, "", optional_init, void, void *);
    AS_CONSTRUCTOR(o, "optional(const T &in value)", optional_init_value, void, void *, as_type *, const void *);
    AS_CONSTRUCTOR(o, "optional(const optional<T> &in other)", optional_copy, void, void *, as_type *, const void *);
    AS_BEHAVIOUR(o, AS_BEHAVE_DESTRUCT, optional_done, void, void *, as_type *);
    AS_METHOD(o, "optional<T> &opAssign(const optional<T> &in other)", optional_assign, void *, void *, as_type *, const void *);
    AS_METHOD(o, "has", optional_has, bool, const void *);
    AS_DOC(b, "whether it holds a value");
    AS_METHOD(o, "set(const T &in value)", optional_set, void, void *, as_type *, const void *);
    AS_METHOD(o, "reset", optional_reset, void, void *, as_type *);
    AS_METHOD(o, "const T &get() const", optional_get, const void *, const void *);
    AS_DOC(b, "the value; an exception if there is none");
}
