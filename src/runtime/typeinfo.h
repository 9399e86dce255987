/* Types as the engine knows them: primitives, enums, funcdefs, registered and script object
 * types, template instances; and data types (a type plus handle/const/reference modifiers). */
#ifndef AS_TYPEINFO_H
#define AS_TYPEINFO_H
#include <stdbool.h>
#include <stdint.h>
#include "angelc.h"
#include "../util/vec.h"

typedef struct as_namespace as_namespace;
typedef struct as_function as_function;
typedef struct as_module as_module;

struct as_namespace {
    const char *name;        /* full name "a::b", interned; "" is the global namespace */
    const char *last;        /* last component "b" */
    as_namespace *parent;
};

typedef enum as_type_kind {
    TYPE_PRIMITIVE,          /* void .. double; prim holds AS_TYPEID_* */
    TYPE_ENUM,
    TYPE_FUNCDEF,            /* always used through handles */
    TYPE_OBJECT,             /* registered value/ref types, script classes, interfaces, template instances */
    TYPE_TEMPLATE_SUBTYPE,   /* the `T` of a registered template */
    TYPE_NULL,               /* the type of the `null` literal */
    TYPE_VARTYPE,            /* `?` in registered declarations: any type, passed as address + type id */
} as_type_kind;

/* Internal: the type is an interface. */
#define AS_OBJ_INTERFACE (1u << 30)

/* Data type modifiers. */
enum {
    DT_HANDLE       = 1 << 0,   /* T@ */
    DT_CONST        = 1 << 1,   /* the value (or the object a handle refers to) is read-only */
    DT_HANDLE_CONST = 1 << 2,   /* T@ const: the handle itself is read-only */
    DT_REF          = 1 << 3,   /* a reference (&): parameters, return values, lvalues */
    DT_AUTO_HANDLE  = 1 << 4,   /* @+ in registered declarations */
    DT_IF_HANDLE_CONST = 1 << 5,/* template subtype: const if the subtype is a handle */
    DT_IMPLIED_HANDLE = 1 << 6, /* a funcdef named without @: the handle is implied (a `&in` passes the function itself) */
};

typedef struct as_dtype {
    as_type *type;
    uint8_t flags;          /* DT_* */
} as_dtype;

typedef struct as_property {
    const char *name;
    as_dtype type;
    int offset;             /* byte offset in the object */
    bool is_private, is_protected;
    bool is_indirect;       /* the object holds a pointer to the value (script class members of ref type) */
    bool masked;            /* registered under an access mask (see as_symbol) */
    uint32_t access;
} as_property;

typedef struct as_enum_value {
    const char *name;
    int64_t value;
} as_enum_value;

typedef struct as_behaviours {
    VEC(as_function *) factories;      /* ref types: factories; value types: constructors */
    as_function *list_factory;         /* or list constructor for value types */
    as_function *destruct;
    as_function *addref, *release;
    as_function *get_weakref_flag;
    as_function *template_callback;
    as_function *getrefcount, *setgcflag, *getgcflag, *enumrefs, *releaserefs;
    as_function *copy_construct;       /* found among the constructors: T(const T &in) */
    as_function *default_construct;    /* found among the constructors/factories: no arguments */
    as_function *copy_assign;          /* opAssign(const T &in) */
} as_behaviours;

/* Interface method -> the implementation in a class. */
typedef struct as_itable_entry {
    as_function *intf;
    as_function *impl;
} as_itable_entry;

typedef struct as_userdata {
    uintptr_t key;
    void *data;
} as_userdata;

struct as_type {
    uint8_t kind;               /* as_type_kind */
    uint8_t prim;               /* TYPE_PRIMITIVE: AS_TYPEID_* */
    const char *name;           /* interned */
    as_namespace *ns;
    uint32_t flags;             /* AS_OBJ_* */
    int size;                   /* bytes of a value (primitive, value object) or 8 for references */
    int type_id;
    as_module *module;          /* declaring module for script types; NULL for registered types */
    as_engine *engine;

    as_type *base;              /* script classes: base class */
    VEC(as_type *) interfaces;
    VEC(as_property) props;
    VEC(as_function *) methods;
    VEC(as_function *) vtable;  /* script classes: virtual methods by slot */
    as_behaviours beh;

    /* templates: `array<T>` has subtypes {T} and template_base NULL; `array<int>` has subtypes {int}
     * and template_base pointing at `array<T>`. */
    VEC(as_dtype) subtypes;
    as_type *template_base;
    bool covariant;             /* registered ref template: T<Derived@> converts to T<Base@> (as_type_set_covariant) */

    VEC(as_enum_value) enum_values;  /* TYPE_ENUM */
    as_function *signature;          /* TYPE_FUNCDEF */
    as_type *parent_type;            /* child funcdefs: the owning object type */
    VEC(as_type *) child_funcdefs;   /* funcdefs declared inside this type (array<T>::less) */

    VEC(as_userdata) user_data;
    const char *doc;                 /* documentation attached by the binding toolkit */
    as_type_text_fn debug_text;      /* a debugger's text for its values (as_type_set_debug_text) */
    void *debug_text_user;

    /* script classes */
    VEC(as_itable_entry) itable;     /* interface methods this class implements */
    struct ast_node *decl;           /* the class declaration (module arena) while the module lives */
    struct ast_node **mixin_decls;   /* mixin classes included (module arena) */
    int nmixins;
    as_namespace *decl_ns;
    int decl_state;                  /* 0 named, 1 resolving, 2 done */
    bool gc_capable;                 /* may take part in reference cycles */
    bool has_script_members;         /* holds handles or objects that need releasing */
    bool anonymous;                  /* funcdef made for as_function_type_id: not registered, not listed */
    /* lifetime (reclaim.c): script objects of the type alive, plus references the host and the
     * add-ons took (as_type_addref: a template instance's containers); orphaned when the module
     * that made it went, freed with the rest of that module's code once nothing uses it */
    uint32_t live;
    struct as_remains *remains;      /* the remains it belongs to once orphaned, else NULL */
    /* classes with many members: props and methods by name (typeindex.c), built on demand */
    struct as_name_index *prop_index, *method_index;
    struct as_type *inst_next;       /* template instances: the engine's instance index chain */
    bool inst_indexed;
    bool inst_broken;                /* its making ran out of memory: never found again */
    uint8_t deleted;                 /* script class: TYPE_DELETED_* members declared `delete` (2.38) */
    /* speed (objapi.c): the int reference count at rc_offset, counted by the VM itself; the
     * elements behind the pointer at elems_data, their uint32 count at elems_len */
    bool rc_direct, elems_direct;
    uint16_t rc_offset, elems_data, elems_len;
    /* script classes: memory of freed objects kept for the next ones (object.c), a list linked
     * through each block's first word */
    void *obj_cache;
    uint32_t obj_cached;
    int obj_block;                   /* script classes: bytes of each object's memory, size plus the
                                      * room for a reload (AS_EP_RELOAD_ROOM), set by the first */
};

/* Property i of t itself named name, or -1; methods of t itself named name in declaration order
 * (first_method then next_method, -1 at the end). Linear for a few members, hashed for many. */
int type_find_own_prop(as_type *t, const char *name);
int type_first_method(as_type *t, const char *name);
int type_next_method(as_type *t, int i);
void type_free_indexes(as_type *t);


enum { TYPE_DELETED_DEFAULT_CTOR = 1, TYPE_DELETED_COPY_CTOR = 2, TYPE_DELETED_ASSIGN = 4 };

/* Type classification helpers. */
/* Same type, handle-ness and constness (references and read-only handles ignored). */
static inline bool dt_same(const as_dtype *a, const as_dtype *b)
{
    return a->type == b->type && ((a->flags ^ b->flags) & (DT_HANDLE | DT_CONST)) == 0;
}

static inline bool type_is_primitive(const as_type *t) { return t->kind == TYPE_PRIMITIVE; }
static inline bool type_is_object(const as_type *t) { return t->kind == TYPE_OBJECT; }
static inline bool type_is_ref_type(const as_type *t) { return t->kind == TYPE_OBJECT && (t->flags & AS_OBJ_REF); }
static inline bool type_is_value_type(const as_type *t) { return t->kind == TYPE_OBJECT && (t->flags & AS_OBJ_VALUE); }
static inline bool type_is_script_object(const as_type *t) { return t->kind == TYPE_OBJECT && (t->flags & AS_OBJ_SCRIPT_OBJECT); }

#endif
