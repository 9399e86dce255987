/* angelc binding toolkit: expose a C program's types and functions to scripts, one checked line
 * per item.
 *
 *     typedef struct Vec3 { float x, y, z; } Vec3;
 *     static Vec3 vec3_add(const Vec3 *a, const Vec3 *b);
 *     static float vec3_dot(const Vec3 *a, const Vec3 *b);
 *
 *     AS_BIND_TYPES(vec3_type, AS_BIND_EARLY) {             // declaration binds run first
 *         AS_VALUE_CLASS(b, Vec3, "Vec3", AS_OBJ_POD);       // size, alignment from the C type
 *     }
 *     AS_BIND(vec3_members, AS_BIND_NORMAL) {                // then member binds, by order
 *         as_bind_class *c = as_bind_class_find(b, "Vec3");
 *         AS_PROPERTY(c, Vec3, x);                           // "float x", offset from offsetof
 *         AS_METHOD(c, "opAdd", vec3_add, Vec3, const Vec3 *, const Vec3 *);
 *         AS_METHOD(c, "dot(other)", vec3_dot, float, const Vec3 *, const Vec3 *);
 *         AS_DOC(b, "the dot product");                      // acts on the previous bind
 *     }
 *     ...
 *     as_bind_run(engine);                                   // runs every bind, in order
 *
 * How a line is checked:
 *  - A function line restates the C prototype (return type, then parameter types; `void` for
 *    none). The host does not compile if the function has another prototype; the script
 *    declaration is derived from those same C types, so it cannot disagree with the function.
 *    A method's first C parameter is the object, or else its last (`void f(int x, T *self)`, as
 *    asbind20 accepts); `const T *` makes the method const.
 *  - C types map to script types: integers by size and sign (int32_t -> int, size_t -> uint64),
 *    float, double, bool (the map is public: as_bind_scalar_by_c_name); a C enum bound with
 *    AS_ENUM -> that enum, in parameters, results and fields (AS_ENUM_PROPERTY); a C enum not
 *    bound is refused, never an integer (C compilers see an enum as its integer type, so a line
 *    must spell the enum: C++ refuses `unsigned` for an enum at compile time); `const char *` -> string
 *    (parameters `const string &in`, results `string`); a value class by value -> by value, by
 *    `const T *` -> `const T &in`, by `T *` -> `T &out` (`T &inout` when the engine allows unsafe
 *    references); a reference class `T *` parameter -> `T@+` (the C function borrows the
 *    object); a returned `T *` of a counted class must say who owns the reference, in the name
 *    string: "T@+ find(id)" (the C function keeps it; the engine adds the script's) or
 *    "T@ make(id)" (it hands one over), else the line is refused; `as_var` ->
 *    `const ?&in`, `as_var *` -> `?&out` (with the engine of its type id); a function returning `as_var` is a template function
 *    (2.38) whose result has the type of its `as_var` arguments: `as_var pick(bool, as_var, as_var)`
 *    -> "T pick<T>(bool, const T &in, const T &in)", called as `pick<string>(c, a, b)` (or `pick(c, a, b)` after AS_INFER_SUBTYPES), returning
 *    the value its as_var points to (copied, or a reference added for handles and reference
 *    objects; one of another type is a script exception); `as_function *` -> a funcdef handle named in the line's
 *    name string ("onHit(HitHandler@ handler)"); a scalar pointer and the integer after it (its
 *    length) are one array parameter when the name string says so: "sum(const array<float> &in v)"
 *    for `float sum(const float *v, size_t n)`, "fill(array<int> &inout v)" for a mutable
 *    pointer (the function gets the elements and their count; an array longer than the length's
 *    C type can say raises a script exception); a field `float xs[3]` binds with
 *    AS_ARRAY_PROPERTY as `array<float>@ xs` (a copy out, a whole array in). An `as_type *` parameter of a method is hidden
 *    from the script and receives the object's script type. Anything else is refused with a
 *    message naming the bind, its file and line.
 *  - The name string is the script name with optional parameter names and default arguments:
 *    "lerp", "lerp(a, b, t)", "substr(start = 0, count = -1)".
 *  - A registration that fails inside a bind fails that bind: the message names the bind, the C
 *    file and line, the type and the declaration (and the bind that declares a missing type if it
 *    runs later; the bind, file and line that declared a type first when another declares it
 *    again). A raw registration through angelc.h inside a bind fails it too, reported at the
 *    call's line. Nothing needs to be returned or checked by the bind itself.
 *
 * Calls: functions whose C types the engine passes as they are (scalars, references, handles)
 * are registered as native calls; those that need a conversion (strings, values by value,
 * `?`, the hidden type) go through one libffi call prepared at registration.
 *
 * Lifetime: everything a bind passes (names, declarations, docs, tables) is copied; nothing
 * needs to outlive the call. The toolkit's per-engine state is freed with the engine.
 * Threads: binds are collected before main (static constructors) and only read by runs, so
 * several engines on several threads may run them at once (each engine from the thread that owns
 * it); as_bind_register after main and as_bind_set_enabled must not race with runs.
 *
 * Everything here is built on the public API of angelc.h; the header also compiles as C++17. */
#ifndef ANGELC_BIND_H
#define ANGELC_BIND_H
#include "angelc.h"
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
#include <type_traits>
extern "C" {
#endif

/* ===================================================================================== binds */

/* Orders: any int works (AS_BIND_LATE + 100, AS_BIND_EARLY - 1, ...). */
enum { AS_BIND_EARLY = -100, AS_BIND_NORMAL = 0, AS_BIND_LATE = 100 };

/* A bind in progress: the engine, the bind's name and location, its errors, its namespace and
 * what it bound last. Valid only inside the bind (or between as_bind_begin and as_bind_end). */
typedef struct as_bind as_bind;
typedef void (*as_bind_fn)(as_bind *b);

/* One registered bind (usually made by AS_BIND / AS_BIND_TYPES; static storage). */
typedef struct as_bind_entry {
    const char *name;
    int order;
    bool declares;              /* a declaration bind (types): runs before every member bind */
    as_bind_fn fn;
    const char *file;
    int line;
    bool disabled;              /* skipped by as_bind_run (as_bind_set_enabled) */
    struct as_bind_entry *next; /* the process-wide list */
} as_bind_entry;

/* Adds a bind to the process-wide list (kept by pointer: static storage). Adding twice is harmless. */
void as_bind_register(as_bind_entry *entry);
/* Runs every enabled bind on e (once per engine: AS_ALREADY_REGISTERED the second time):
 * declaration binds, then member binds; each group by order, then
 * by name, file and line. Each bind starts in a clean scope (global namespace, nothing previous).
 * Inherited members are then copied to derived classes. Returns the number of binds run, or
 * minus the number that failed (not an AS_* code; each failure was reported through the message
 * callback, or to stderr without one: angelc.h, as_engine_set_message_callback). With
 * no binds at all it reports a warning (binds in a static library need AS_BIND_USE) and returns 0. */
int as_bind_run(as_engine *e);
/* The registered binds in run order (NULL past the end). */
int as_bind_count(void);
const as_bind_entry *as_bind_at(int index);
/* Switches the binds with this name off (false) or on for later runs; AS_INVALID_NAME if none. */
int as_bind_set_enabled(const char *name, bool enabled);

/* AS_BIND(name, order) { ...uses b... } declares a member bind at file scope;
 * AS_BIND_TYPES(name, order) { ... } a declaration bind (types, enums, funcdefs). */
#define AS_BIND(name, order) AS__BIND_DEFINE(name, order, false)
#define AS_BIND_TYPES(name, order) AS__BIND_DEFINE(name, order, true)

/* Binds that live in a static library: AS_BIND_UNIT(physics) in the library's source file and
 * AS_BIND_USE(physics) in the program make the linker keep that object file (and its binds).
 * Put AS_BIND_USE(physics) in the library's public header: every program that includes it keeps
 * the binds, and none can forget them (the linker drops an object file nothing refers to, so
 * neither the program nor as_bind_run could tell that binds are missing). */
#define AS_BIND_UNIT(unit) int as_bind_unit__##unit = 0
#define AS_BIND_USE(unit)                                                                       \
    extern int as_bind_unit__##unit;                                                            \
    AS__USED static int *const as_bind_use__##unit = &as_bind_unit__##unit

/* Binding without the list: as_bind_begin makes a bind named name on e (file and line name it in
 * messages); as_bind_end finishes it (inherited members copied) and returns 0 or minus its errors. */
as_bind *as_bind_begin_at(as_engine *e, const char *name, const char *file, int line);
#define as_bind_begin(e, name) as_bind_begin_at((e), (name), __FILE__, __LINE__)
int as_bind_end(as_bind *b);

as_engine *as_bind_engine(as_bind *b);
/* Errors so far in this bind. */
int as_bind_errors(as_bind *b);
/* Fails the bind with the host's own message (printf format). */
void as_bind_fail(as_bind *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Raw registrations (the host API of angelc.h) inside a bind fail the bind too; with this header
 * included, their messages carry the line of the call (these macros wrap the calls to note it).
 * Define AS_BIND_NO_CALL_SITES before including the header to call the functions unwrapped. */
void as_bind__site(const char *file, int line);
int as_bind__site_end(int r);
#ifndef AS_BIND_NO_CALL_SITES
#define AS__SITE(call) as_bind__site_end((as_bind__site(__FILE__, __LINE__), call))
#define as_register_object_type(...) AS__SITE(as_register_object_type(__VA_ARGS__))
#define as_register_object_behaviour(...) AS__SITE(as_register_object_behaviour(__VA_ARGS__))
#define as_register_object_method(...) AS__SITE(as_register_object_method(__VA_ARGS__))
#define as_register_object_property(...) AS__SITE(as_register_object_property(__VA_ARGS__))
#define as_register_global_function(...) AS__SITE(as_register_global_function(__VA_ARGS__))
#define as_register_global_property(...) AS__SITE(as_register_global_property(__VA_ARGS__))
#define as_register_enum(...) AS__SITE(as_register_enum(__VA_ARGS__))
#define as_register_enum_value(...) AS__SITE(as_register_enum_value(__VA_ARGS__))
#define as_register_funcdef(...) AS__SITE(as_register_funcdef(__VA_ARGS__))
#define as_register_typedef(...) AS__SITE(as_register_typedef(__VA_ARGS__))
#define as_register_interface(...) AS__SITE(as_register_interface(__VA_ARGS__))
#define as_register_interface_method(...) AS__SITE(as_register_interface_method(__VA_ARGS__))
#endif

/* Namespaces as a scope: AS_NAMESPACE(b, "game") { ...registrations in game:: ... }.
 * Scopes nest ("a" inside "b" is "b::a"); `break` or `continue` in the block leaves the scope
 * (the inner loop takes them, the outer one closes it); the bind's end closes any left open (a
 * `return` in the block). */
#define AS_NAMESPACE(b, ns)                                                                     \
    for (int as__ns_once = as_bind_namespace_push((b), (ns)); as__ns_once; as__ns_once = as_bind_namespace_pop(b)) \
        for (int as__ns_body = 1; as__ns_body; as__ns_body = 0)
int as_bind_namespace_push(as_bind *b, const char *ns);   /* returns 1 */
int as_bind_namespace_pop(as_bind *b);                    /* returns 0 */

/* ================================================================ previous-bind modifiers */
/* Each acts on what the bind registered last: a function, method, behaviour, property, type,
 * enum value, funcdef or global. */

/* Documentation, shown by as_bind_dump. */
#define AS_DOC(b, text) as_bind_doc_at((b), (text), __FILE__, __LINE__)
/* Script code that calls the function gets a compiler warning naming the replacement:
 * "'Vec3 norm() const' is deprecated: use normalized()". */
#define AS_DEPRECATED(b, text) as_bind_deprecated_at((b), (text), __FILE__, __LINE__)
/* A warning where a script ignores the function's result. */
#define AS_NODISCARD(b) as_bind_nodiscard_at((b), __FILE__, __LINE__)
void as_bind_doc_at(as_bind *b, const char *text, const char *file, int line);
void as_bind_deprecated_at(as_bind *b, const char *text, const char *file, int line);
void as_bind_nodiscard_at(as_bind *b, const char *file, int line);
/* Calls of the previous template function may leave its subtypes out: `pick(c, 'a', 'b')` takes
 * T from its arguments (an angelc opt-in: AngelScript 2.38 wants `pick<string>(c, 'a', 'b')`;
 * as_function_set_subtype_inference). Template functions and template methods. */
#define AS_INFER_SUBTYPES(b) as_bind_infer_subtypes_at((b), __FILE__, __LINE__)
void as_bind_infer_subtypes_at(as_bind *b, const char *file, int line);
/* The previous template class (a reference template) is covariant in its subtypes: a Ref<Dog@> is
 * accepted, as the same object, where a Ref<Animal@> is expected when Dog derives from or
 * implements Animal (an angelc opt-in, as_type_set_covariant). Only for types that never store a
 * T from the script: never for a mutable container (an array<Dog@> seen as array<Animal@> could
 * be given a Cat). */
#define AS_COVARIANT(b) as_bind_covariant_at((b), __FILE__, __LINE__)
void as_bind_covariant_at(as_bind *b, const char *file, int line);

/* Documentation already attached (NULL if none): of a function or type, and of a property
 * ("Type::name"), a global ("ns::name") or an enum value ("Enum::Value") by name. */
const char *as_bind_function_doc(const as_function *f);
const char *as_bind_type_doc(const as_type *t);
const char *as_bind_doc_of(as_engine *e, const char *qualified_name);

/* ============================================================================= type database */

/* What the toolkit knows of a script type: every type declared through it, and any other type
 * a bind looked up (as_bind_class_find). Owned by the engine's toolkit state. */
typedef struct as_bind_type {
    const char *name;           /* script name with namespace: "game::Vec3" */
    const char *c_name;         /* the C type it stands for ("Vec3"), NULL if none */
    as_type *type;
    int type_id;
    size_t size, align;         /* of the C type (0 if none) */
    bool is_ref;                /* reference class (handles) */
    bool is_enum;
    const struct as_bind_type *base;   /* declared base class (AS_BASE), NULL if none */
    void *user;                 /* the host's data (as_bind_type_set_user) */
    const char *doc;
} as_bind_type;

/* Lookups, each O(1); NULL if unknown. by_id ignores the handle flags of the id. */
const as_bind_type *as_bind_type_by_name(as_engine *e, const char *script_name);
const as_bind_type *as_bind_type_by_c_name(as_engine *e, const char *c_name);
const as_bind_type *as_bind_type_by_id(as_engine *e, int type_id);
const as_bind_type *as_bind_type_by_user(as_engine *e, const void *user);
const as_bind_type *as_bind_type_of(const as_type *t);
/* Attaches the host's data to a type (found again with as_bind_type_by_user). */
int as_bind_type_set_user(as_engine *e, const as_bind_type *t, void *user);

/* A type as used somewhere: the type, handle, const and reference, and its subtypes. */
typedef struct as_type_usage {
    int type_id;                /* without handle flags (AS_TYPEID_* for primitives) */
    as_type *type;              /* NULL for primitives */
    bool is_handle;             /* T@ */
    bool is_const;              /* const T, or a handle to const */
    bool is_const_handle;       /* T@ const */
    uint8_t ref;                /* 0, AS_TM_INREF, AS_TM_OUTREF or AS_TM_INOUTREF */
} as_type_usage;

/* From a type id (handle and const flags of the id) and parameter modifiers (AS_TM_*). */
as_type_usage as_type_usage_of(as_engine *e, int type_id, uint32_t tm_flags);
/* From a declaration such as "const array<Vec3>@ &in"; AS_INVALID_TYPE if it names nothing. */
int as_type_usage_parse(as_engine *e, const char *decl, as_type_usage *out);
/* Subtypes of a template instance: array<Vec3@> has one, Vec3@. */
int as_type_usage_subtype_count(const as_type_usage *u);
as_type_usage as_type_usage_subtype(const as_type_usage *u, int index);
/* The type id with handle flags. */
int as_type_usage_type_id(const as_type_usage *u);
/* The declaration text, e.g. "const array<Vec3>@ &in" (into buf; NULL if it does not fit). */
const char *as_type_usage_decl(const as_type_usage *u, char *buf, size_t size);

/* Type finders: a host with its own reflection describes a field in its own terms (host_field);
 * finders, asked in the order added, turn it into a type usage. Returns true if found. */
typedef bool (*as_bind_type_finder)(as_engine *e, const void *host_field, as_type_usage *out, void *user);
int as_bind_add_type_finder(as_engine *e, as_bind_type_finder fn, void *user);
bool as_bind_find_type(as_engine *e, const void *host_field, as_type_usage *out);

/* A field a host describes in its own terms (host_field, handed to the type finders), bound as a
 * property of c named name at offset (its size checked against the type the finders give). */
#define AS_REFLECTED_FIELD(c, name, offset, size, host_field) \
    as_bind_reflected_field_at((c), (name), (offset), (size), (host_field), __FILE__, __LINE__)

/* ==================================================================================== classes */

/* A class being bound: returned by the class macros and as_bind_class_find, valid until the
 * bind ends. After a failure it is still usable (its lines do nothing more). */
typedef struct as_bind_class as_bind_class;

/* A value class of C type T: size and alignment from T; flags add AS_OBJ_POD, AS_OBJ_APP_*,
 * AS_OBJ_GC, ... (AS_OBJ_VALUE and AS_OBJ_APP_CLASS are implied). */
#define AS_VALUE_CLASS(b, T, name, flags) \
    as_bind_value_class_at((b), #T, (name), sizeof(T), AS__ALIGNOF(T), (flags), __FILE__, __LINE__)
/* A reference class of C type T: counted (give it AS_REFCOUNT or AS_ADDREF/AS_RELEASE), or with
 * flags AS_OBJ_NOCOUNT (the host manages lifetimes), AS_OBJ_GC, AS_OBJ_NOHANDLE, AS_OBJ_SCOPED. */
#define AS_REF_CLASS(b, T, name, flags) \
    as_bind_ref_class_at((b), #T, (name), sizeof(T), AS__ALIGNOF(T), (flags), __FILE__, __LINE__)
/* A registered class (by this or another bind, or an add-on such as "string"), to add members. */
#define as_bind_class_find(b, name) as_bind_class_find_at((b), (name), __FILE__, __LINE__)
/* T starts with its base class: `member` is T's first member, of the C type bound as `base`.
 * Members, behaviours and operators of the base are copied to T (those T does not bind itself),
 * in whatever order the binds run; handles convert implicitly from T to the base, and
 * explicitly (cast<T>) from the base to T when is_instance (may be NULL: never) says so. */
#define AS_BASE(c, T, member, base, is_instance)                                                \
    as_bind_base_at((c), (base), sizeof(((T *)0)->member),                                      \
                    AS__CHECK_EXPR(offsetof(T, member) == 0, "as_bind: the base must be the first member"), \
                    (is_instance), __FILE__, __LINE__)

/* An interface that script classes implement and the host calls through (AS_SCRIPT_FUNC's
 * _find_method): AS_INTERFACE(b, "IBehaviour") in a declaration bind, then one line per method
 * with its script declaration, AS_INTERFACE_METHOD(i, "void tick(Entity@ self, float dt)").
 * A C parameter `void *` named "IBehaviour@ b" in a function line receives such an object. */
#define AS_INTERFACE(b, name) as_bind_interface_at((b), (name), __FILE__, __LINE__)
#define AS_INTERFACE_METHOD(i, decl) as_bind_interface_method_at((i), (decl), __FILE__, __LINE__)
as_bind_class *as_bind_interface_at(as_bind *b, const char *name, const char *file, int line);
void as_bind_interface_method_at(as_bind_class *i, const char *decl, const char *file, int line);

/* A template class, e.g. "optional<class T>" (value or reference flags, AS_OBJ_TEMPLATE implied).
 * check (may be NULL) is asked about each instance the scripts use: NULL accepts it; a message
 * rejects it and is reported at the script line that asked for the instance. For value
 * templates, size (may be NULL) gives each instance's size in bytes from its subtypes.
 * Per-instance data: as_type_set_user_data on the instance, from check. */
typedef const char *(*as_bind_template_check)(as_type *instance, void *user);
typedef int (*as_bind_template_size)(as_type *instance, void *user);
#define as_bind_template_class(b, decl, flags, check, size, user) \
    as_bind_template_class_at((b), (decl), (flags), (check), (size), (user), __FILE__, __LINE__)

as_bind_class *as_bind_value_class_at(as_bind *b, const char *c_name, const char *name, size_t size, size_t align,
                                      uint32_t flags, const char *file, int line);
as_bind_class *as_bind_ref_class_at(as_bind *b, const char *c_name, const char *name, size_t size, size_t align,
                                    uint32_t flags, const char *file, int line);
as_bind_class *as_bind_class_find_at(as_bind *b, const char *name, const char *file, int line);
as_bind_class *as_bind_template_class_at(as_bind *b, const char *decl, uint32_t flags, as_bind_template_check check,
                                         as_bind_template_size size, void *user, const char *file, int line);
void as_bind_base_at(as_bind_class *c, const char *base, size_t member_size, int first_member,
                     bool (*is_instance)(const void *obj), const char *file, int line);
void as_bind_reflected_field_at(as_bind_class *c, const char *name, size_t offset, size_t size, const void *host_field,
                                const char *file, int line);
/* The class's record in the type database. */
const as_bind_type *as_bind_class_type(const as_bind_class *c);

/* ====================================================================== members and functions */

/* C types as the macros describe them (kind and size from the compiler). */
enum {
    AS_CK_OTHER = 0, AS_CK_VOID, AS_CK_BOOL, AS_CK_CHAR, AS_CK_SINT, AS_CK_UINT, AS_CK_FLOAT,
    AS_CK_ENUM                  /* a C enum (C++ only: C compilers see an enum as its integer type) */
};
typedef struct as_bind_ctype {
    uint32_t size;
    uint8_t kind;               /* AS_CK_* */
} as_bind_ctype;

/* The C-to-script scalar map every bind line uses, for finders and hosts: the script type of a C
 * scalar type by its spelling ("unsigned short" -> "uint16", "int32_t" -> "int", "size_t" ->
 * "uint64" on LP64; qualifiers ignored) or by kind and size ({4, AS_CK_SINT} -> "int"); NULL
 * for anything else (pointers, enums, structs). The strings are static. AS_SCALAR_TYPE(x) is
 * that of a C lvalue x (NULL if it is no scalar; a C enum is its integer type in C, "enum" in C++). */
const char *as_bind_scalar_by_c_name(const char *c_type);
const char *as_bind_scalar_by_kind(as_bind_ctype ct);
#define AS_SCALAR_TYPE(x) AS__SCALAR_OF(x)

/* A C function's signature: the spelled types (return, parameters as written) and their kinds. */
typedef struct as_bind_sig {
    const char *ret;            /* "Vec3" */
    const char *params;         /* "const Vec3 *, float" */
    const as_bind_ctype *types; /* [0] the return type, then each parameter */
    int ntypes;
    size_t checked;             /* the compile-time prototype check (nonzero) */
} as_bind_sig;

/* What a member line binds. */
typedef enum as_bind_what {
    AS_BIND_M_END = 0,          /* ends a table */
    AS_BIND_M_FUNCTION,         /* a global function (on a bind) */
    AS_BIND_M_METHOD,           /* object first (or last: `void f(int x, T *self)`) */
    AS_BIND_M_GETTER,           /* "R get_name() const property" */
    AS_BIND_M_SETTER,           /* "void set_name(V) property" */
    AS_BIND_M_BEHAVIOUR,        /* constructor, destructor, addref, ...: beh says which */
    AS_BIND_M_PROPERTY,         /* a field by offset */
    AS_BIND_M_BITFIELD,         /* a bit-field as get_/set_ accessors */
    AS_BIND_M_REFCOUNT,         /* addref/release on an int field */
    AS_BIND_M_GENERIC,          /* a declaration with a generic-convention function and its user data */
    AS_BIND_M_DOC               /* documentation for the row before */
} as_bind_what;

/* One member: a table row (AS_M_*) or what a line macro passes (AS_METHOD, ...). */
typedef struct as_bind_member {
    as_bind_what what;
    const char *name;           /* "dot(other)", a property declaration, a doc text, ... */
    as_fnptr fn;
    as_bind_sig sig;
    int beh;                    /* AS_BEHAVE_* for behaviours */
    size_t offset, size;        /* fields: offset and size; bit-fields: bit offset and width */
    const char *ctype;          /* fields: the script type of a scalar member, "enum E" for a member
                                 * of C enum type E (AS_ENUM_PROPERTY), else NULL */
    void *user;                 /* generic functions: their user data (as_generic_auxiliary) */
    const char *file;
    int line;
} as_bind_member;

/* ---- table rows: static const as_bind_member rows[] = { AS_M_...(...), ..., AS_M_END }; ---- */
#define AS_M_METHOD(name, fn, R, ...) AS__ROW(AS_BIND_M_METHOD, name, fn, R, __VA_ARGS__)
#define AS_M_GETTER(name, fn, R, ...) AS__ROW(AS_BIND_M_GETTER, name, fn, R, __VA_ARGS__)
#define AS_M_SETTER(name, fn, R, ...) AS__ROW(AS_BIND_M_SETTER, name, fn, R, __VA_ARGS__)
#define AS_M_FUNCTION(name, fn, R, ...) AS__ROW(AS_BIND_M_FUNCTION, name, fn, R, __VA_ARGS__)
/* Constructors: of a value class `void f(T *self, ...)` (in place) or `T f(...)`; of a reference
 * class a factory `T *f(...)` returning a new reference. name: "" or "T(param names)". */
#define AS_M_CONSTRUCTOR(name, fn, R, ...) AS__ROWB(AS_BIND_M_BEHAVIOUR, AS__BEH_CTOR, name, fn, R, __VA_ARGS__)
#define AS_M_BEHAVIOUR(beh, fn, R, ...) AS__ROWB(AS_BIND_M_BEHAVIOUR, beh, "", fn, R, __VA_ARGS__)
#define AS_M_DESTRUCTOR(fn, T) AS_M_BEHAVIOUR(AS_BEHAVE_DESTRUCT, fn, void, T *)
#define AS_M_ADDREF(fn, T) AS_M_BEHAVIOUR(AS_BEHAVE_ADDREF, fn, void, T *)
#define AS_M_RELEASE(fn, T) AS_M_BEHAVIOUR(AS_BEHAVE_RELEASE, fn, void, T *)
/* A field: the script declaration derived from a scalar member ("float x"), or given. */
#define AS_M_PROPERTY(T, m) AS__FIELD(T, m, #m)
#define AS_M_PROPERTY_AS(T, m, decl) AS__FIELD(T, m, decl)
/* A field of C enum type E (bound with AS_ENUM): "Mode m" with E's script enum. The compiler
 * checks the member's type (in C only up to E's integer type: C sees no difference). */
#define AS_M_ENUM_PROPERTY(T, m, E) AS__ENUM_FIELD(T, m, E)
/* Reference counting on an int member; free_fn (void free_fn(T *)) runs when it reaches 0. */
#define AS_M_REFCOUNT(T, m, free_fn) AS__REFCOUNT(T, m, free_fn)
/* A generic-convention function void fn(as_generic *) behind a declaration; its user data comes
 * back from as_generic_auxiliary, so one function can serve several signatures. The declaration
 * may be a template function's, "T first<T>(const array<T> &in)" (2.38): fn learns the subtypes
 * of the call's instance from as_function_subtype_id(as_generic_function(g), i). */
#define AS_M_GENERIC(decl, fn, user) AS__ROWG(decl, fn, user)
#define AS_M_DOC(text) {AS_BIND_M_DOC, (text), NULL, AS__NOSIG, 0, 0, 0, NULL, NULL, __FILE__, __LINE__}
#define AS_M_END {AS_BIND_M_END, NULL, NULL, AS__NOSIG, 0, 0, 0, NULL, NULL, NULL, 0}

/* Binds the rows of a table (up to AS_M_END) on a class, or on the bind for global functions. */
void as_bind_members(as_bind_class *c, const as_bind_member *rows);
void as_bind_globals(as_bind *b, const as_bind_member *rows);

/* ---- one line each: the same rows bound at once ---- */
#define AS_METHOD(c, name, fn, R, ...) AS__LINE(c, AS_M_METHOD(name, fn, R, __VA_ARGS__))
#define AS_GETTER(c, name, fn, R, ...) AS__LINE(c, AS_M_GETTER(name, fn, R, __VA_ARGS__))
#define AS_SETTER(c, name, fn, R, ...) AS__LINE(c, AS_M_SETTER(name, fn, R, __VA_ARGS__))
#define AS_CONSTRUCTOR(c, name, fn, R, ...) AS__LINE(c, AS_M_CONSTRUCTOR(name, fn, R, __VA_ARGS__))
#define AS_BEHAVIOUR(c, beh, fn, R, ...) AS__LINE(c, AS_M_BEHAVIOUR(beh, fn, R, __VA_ARGS__))
#define AS_DESTRUCTOR(c, fn, T) AS__LINE(c, AS_M_DESTRUCTOR(fn, T))
#define AS_ADDREF(c, fn, T) AS__LINE(c, AS_M_ADDREF(fn, T))
#define AS_RELEASE(c, fn, T) AS__LINE(c, AS_M_RELEASE(fn, T))
#define AS_REFCOUNT(c, T, m, free_fn) AS__LINE(c, AS_M_REFCOUNT(T, m, free_fn))
#define AS_PROPERTY(c, T, m) AS__LINE(c, AS_M_PROPERTY(T, m))
#define AS_PROPERTY_AS(c, T, m, decl) AS__LINE(c, AS_M_PROPERTY_AS(T, m, decl))
#define AS_ENUM_PROPERTY(c, T, m, E) AS__LINE(c, AS_M_ENUM_PROPERTY(T, m, E))
/* A bit-field, read and written through `get_m() const property` / `set_m(v) property` (int or
 * uint by the field's sign; lines only, tables cannot locate bit-fields). */
#define AS_BITFIELD(c, T, m) AS__BITFIELD(c, T, m)
/* A fixed-size array field of scalars, `float m[4]`, as the property `array<float>@ m`: reading
 * gives a new array holding a copy of the elements, writing copies a whole array of the same
 * length in (another length raises a script exception). Needs the array add-on. Lines only. */
#define AS_ARRAY_PROPERTY(c, T, m)                                                              \
    as_bind_array_field_at((c), #m, offsetof(T, m), sizeof(((T *)0)->m), sizeof(((T *)0)->m[0]), \
                           AS__SCALAR_OF(((T *)0)->m[0]), AS__IS_ARRAY(((T *)0)->m), __FILE__, __LINE__)
void as_bind_array_field_at(as_bind_class *c, const char *name, size_t offset, size_t size, size_t esize,
                            const char *etype, int is_array, const char *file, int line);
#define AS_GENERIC_METHOD(c, decl, fn, user) AS__LINE(c, AS_M_GENERIC(decl, fn, user))
/* Global functions (in the bind's current namespace). */
#define AS_FUNCTION(b, name, fn, R, ...) AS__GLINE(b, AS_M_FUNCTION(name, fn, R, __VA_ARGS__))
#define AS_GENERIC(b, decl, fn, user) AS__GLINE(b, AS_M_GENERIC(decl, fn, user))
void as_bind_member_(as_bind_class *c, const as_bind_member *m);
/* probe: a T whose bit-field has every bit set; value: that field read back (negative if signed) */
void as_bind_bitfield_at(as_bind_class *c, const char *name, const void *probe, size_t size, long long value,
                         const char *file, int line);
int as_bind__ones(void);
void as_bind__zero(void *p, size_t size);
void as_bind_global_(as_bind *b, const as_bind_member *m);

/* The script declaration a function row derives (into buf; NULL with a message if it can't). */
const char *as_bind_declaration(as_bind *b, const as_bind_class *c, const as_bind_member *m, char *buf, size_t size);

/* `?` parameters: the address of the value, its type id and the engine the id belongs to (to
 * read it: as_engine_type_by_id(v.engine, v.type_id)) (as_var: `const ?&in`; as_var *: `?&out`,
 * where the function stores through ptr a value of type type_id). A function returning as_var
 * sets ptr and type_id; engine may stay NULL there. */
typedef struct as_var {
    void *ptr;
    int type_id;
    as_engine *engine;
} as_var;

/* ========================================================================== other declarations */

/* A global variable: its declaration derived from a scalar variable ("float gravity"; const
 * variables are const), or given ("Vec3 wind", checked against the variable's size). */
#define AS_GLOBAL(b, var) as_bind_global_var_at((b), #var, AS__SCALAR_OF(var), (void *)&(var), sizeof(var), AS__IS_CONST(var), __FILE__, __LINE__)
#define AS_GLOBAL_AS(b, var, decl) as_bind_global_var_at((b), (decl), AS__SCALAR_OF(var), (void *)&(var), sizeof(var), AS__IS_CONST(var), __FILE__, __LINE__)
void as_bind_global_var_at(as_bind *b, const char *decl, const char *ctype, void *address, size_t size, int is_const,
                           const char *file, int line);

/* An enum mapped from C enum type T (its values added with AS_ENUM_VALUE, documented with AS_DOC). */
typedef struct as_bind_enum as_bind_enum;
#define AS_ENUM(b, T, name) as_bind_enum_at((b), #T, (name), sizeof(T), __FILE__, __LINE__)
#define AS_ENUM_VALUE(en, name, value) as_bind_enum_value_at((en), (name), (long long)(value), __FILE__, __LINE__)
as_bind_enum *as_bind_enum_at(as_bind *b, const char *c_name, const char *name, size_t size, const char *file, int line);
void as_bind_enum_value_at(as_bind_enum *en, const char *name, long long value, const char *file, int line);

/* A funcdef, e.g. "void HitHandler(Entity@ other, int damage)". */
#define AS_FUNCDEF(b, decl) as_bind_funcdef_at((b), (decl), __FILE__, __LINE__)
void as_bind_funcdef_at(as_bind *b, const char *decl, const char *file, int line);

/* ===================================================================== calls into scripts */

/* A script function looked up and checked once, called many times with C values. Declare its C
 * signature at file scope:
 *     AS_SCRIPT_FUNC(update_fn, void, Entity *, float);
 * which defines the type update_fn and
 *     int update_fn_find(update_fn *h, as_module *m, const char *name_or_decl);
 *     int update_fn_set(update_fn *h, as_function *f);          (a handle the script gave)
 *     int update_fn_find_method(update_fn *h, as_type *t, const char *name_or_decl);
 *     int update_fn_call(update_fn *h, as_context *ctx, void *ret, Entity *a1, float a2);
 *     int update_fn_call_on(update_fn *h, as_context *ctx, void *object, void *ret, Entity *a1, float a2);
 *     void update_fn_release(update_fn *h);
 * (for a result type R other than void, ret is `R *ret`: AS_SCRIPT_FUNC(score_fn, int, ...) gives
 * `int *ret`, and a variable of another type does not compile with -Werror, nor in C++);
 * find/set check the script function's parameters and result against the C types (as the bind
 * lines map them) and fail with a message naming both; call runs it: ret (NULL to ignore) points
 * to a C variable of the result type (a `const char *` result stays valid until the handle's
 * next call; a handle result carries a reference for the caller); call_on runs a method on object
 * (a script object must be of the method's class). A handle starts zeroed (`update_fn h = {0};`):
 * find and set release what it held first, as release does. Returns the context's state
 * (AS_EXECUTION_FINISHED); an exception is reported with its message, function and line. */
typedef struct as_script_fn {
    as_function *fn;            /* with a reference */
    as_engine *engine;
    as_bind_sig sig;
    uint8_t map[16];            /* how each C value is passed (private) */
    char *text;                 /* string results (private) */
    size_t text_cap;
} as_script_fn;
#define AS_SCRIPT_FUNC(name, R, ...) AS__SCRIPT_FUNC(name, R, __VA_ARGS__)

int as_script_fn_set_(as_script_fn *h, as_function *f, const as_bind_sig *sig);
int as_script_fn_find_(as_script_fn *h, as_module *m, const char *name, const as_bind_sig *sig);
int as_script_fn_find_method_(as_script_fn *h, as_type *t, const char *name, const as_bind_sig *sig);
int as_script_fn_call_(as_script_fn *h, as_context *ctx, void *object, void *ret, const void *const *args, int nargs);
void as_script_fn_release(as_script_fn *h);

/* =================================================================================== API dump */

typedef enum as_bind_dump_format {
    AS_BIND_DUMP_PREDEFINED,    /* AngelScript declarations (as.predefined, read by editor extensions) */
    AS_BIND_DUMP_JSON           /* the same as JSON */
} as_bind_dump_format;
/* Writes every registered type (templates as `array<T>`, members and behaviours), enum, funcdef,
 * global function and property, with documentation, to out. Returns 0 or an error code. */
int as_bind_dump(as_engine *e, FILE *out, as_bind_dump_format format);

/* ======================================================================= macro machinery */
/* Everything below is for the macros above. */

#if defined(__GNUC__) || defined(__clang__)
#define AS__USED __attribute__((used))
#define AS__CTOR_ATTR __attribute__((constructor))
#else
#define AS__USED
#define AS__CTOR_ATTR
#endif

#define AS__BIND_DEFINE(name, order, declares)                                                  \
    static void name##__as_bind(as_bind *b);                                                    \
    static as_bind_entry name##__as_bind_entry = {#name, (order), (declares), name##__as_bind,  \
                                                  __FILE__, __LINE__, false, NULL};             \
    AS__CTOR_ATTR static void name##__as_bind_ctor(void) { as_bind_register(&name##__as_bind_entry); } \
    static void name##__as_bind(as_bind *b)

#define AS__CAT(a, b) AS__CAT_(a, b)
#define AS__CAT_(a, b) a##b
#define AS__EXPAND(x) x
#define AS__NARG(...) AS__EXPAND(AS__NARG_(__VA_ARGS__, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0))
#define AS__NARG_(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, n, ...) n
/* f(x) for each argument, comma separated */
#define AS__MAP(f, ...) AS__EXPAND(AS__CAT(AS__MAP, AS__NARG(__VA_ARGS__))(f, __VA_ARGS__))
#define AS__MAP1(f, x) f(x)
#define AS__MAP2(f, x, ...) f(x), AS__EXPAND(AS__MAP1(f, __VA_ARGS__))
#define AS__MAP3(f, x, ...) f(x), AS__EXPAND(AS__MAP2(f, __VA_ARGS__))
#define AS__MAP4(f, x, ...) f(x), AS__EXPAND(AS__MAP3(f, __VA_ARGS__))
#define AS__MAP5(f, x, ...) f(x), AS__EXPAND(AS__MAP4(f, __VA_ARGS__))
#define AS__MAP6(f, x, ...) f(x), AS__EXPAND(AS__MAP5(f, __VA_ARGS__))
#define AS__MAP7(f, x, ...) f(x), AS__EXPAND(AS__MAP6(f, __VA_ARGS__))
#define AS__MAP8(f, x, ...) f(x), AS__EXPAND(AS__MAP7(f, __VA_ARGS__))
#define AS__MAP9(f, x, ...) f(x), AS__EXPAND(AS__MAP8(f, __VA_ARGS__))
#define AS__MAP10(f, x, ...) f(x), AS__EXPAND(AS__MAP9(f, __VA_ARGS__))
#define AS__MAP11(f, x, ...) f(x), AS__EXPAND(AS__MAP10(f, __VA_ARGS__))
#define AS__MAP12(f, x, ...) f(x), AS__EXPAND(AS__MAP11(f, __VA_ARGS__))
/* f(x, i) with the position i from 1 */
#define AS__MAPI(f, ...) AS__EXPAND(AS__CAT(AS__MAPI, AS__NARG(__VA_ARGS__))(f, __VA_ARGS__))
#define AS__MAPI1(f, a) f(a, 1)
#define AS__MAPI2(f, a, b) AS__MAPI1(f, a), f(b, 2)
#define AS__MAPI3(f, a, b, c) AS__MAPI2(f, a, b), f(c, 3)
#define AS__MAPI4(f, a, b, c, d) AS__MAPI3(f, a, b, c), f(d, 4)
#define AS__MAPI5(f, a, b, c, d, e) AS__MAPI4(f, a, b, c, d), f(e, 5)
#define AS__MAPI6(f, a, b, c, d, e, g) AS__MAPI5(f, a, b, c, d, e), f(g, 6)
#define AS__MAPI7(f, a, b, c, d, e, g, h) AS__MAPI6(f, a, b, c, d, e, g), f(h, 7)
#define AS__MAPI8(f, a, b, c, d, e, g, h, i) AS__MAPI7(f, a, b, c, d, e, g, h), f(i, 8)

/* `void` (exactly; `void *` is not) or not */
/* AS__PROBE_void is function-like: `void ()` expands to the probe, `void * ()` does not */
#define AS__PROBE_void() ~, 1,
#define AS__SECOND(a, b, ...) b
#define AS__IS_VOID(T) AS__SECOND_(AS__CAT(AS__PROBE_, T) (), 0, ~)
#define AS__SECOND_(...) AS__EXPAND(AS__SECOND(__VA_ARGS__))
/* AS__IF_VOID(T, m) is m##1 for void, m##0 otherwise (to be applied to arguments) */
#define AS__IF_VOID(T, m) AS__CAT(m, AS__IS_VOID(T))

#ifndef __cplusplus
#define AS__ALIGNOF(T) _Alignof(T)
/* A compile-time check usable as an expression of value 1. */
#define AS__CHECK_EXPR(cond, msg) ((int)sizeof(struct { _Static_assert(cond, msg); int as__x; }))
#define AS__KIND_(T) _Generic(*(T *)0,                                                          \
    _Bool: AS_CK_BOOL, char: AS_CK_CHAR,                                                        \
    signed char: AS_CK_SINT, short: AS_CK_SINT, int: AS_CK_SINT, long: AS_CK_SINT, long long: AS_CK_SINT, \
    unsigned char: AS_CK_UINT, unsigned short: AS_CK_UINT, unsigned int: AS_CK_UINT,           \
    unsigned long: AS_CK_UINT, unsigned long long: AS_CK_UINT,                                  \
    float: AS_CK_FLOAT, double: AS_CK_FLOAT, default: AS_CK_OTHER)
#define AS__CT(T) AS__IF_VOID(T, AS__CT_)(T)
#define AS__CT_1(T) {0, AS_CK_VOID}
#define AS__CT_0(T) {(uint32_t)sizeof(T), (uint8_t)AS__KIND_(T)}
#define AS__ARRAY(type, ...) ((const type[]){__VA_ARGS__})
#define AS__SIGCHECK(fn, R, ...)                                                                \
    sizeof(struct { _Static_assert(_Generic(&(fn), R (*)(__VA_ARGS__): 1, default: 0),        \
                                   "as_bind: " #fn " does not have the C prototype this line describes"); int as__x; })
/* the script type of a scalar lvalue, NULL for others */
#define AS__SCALAR_OF(x) _Generic((x),                                                          \
    _Bool: "bool", char: "int8", signed char: "int8", unsigned char: "uint8",                   \
    short: "int16", unsigned short: "uint16", int: "int", unsigned int: "uint",                 \
    long: (sizeof(long) == 8 ? "int64" : "int"), unsigned long: (sizeof(long) == 8 ? "uint64" : "uint"), \
    long long: "int64", unsigned long long: "uint64", float: "float", double: "double", default: (const char *)0)
#define AS__IS_CONST(x) _Generic(&(x),                                                          \
    const _Bool *: 1, const char *: 1, const signed char *: 1, const unsigned char *: 1,        \
    const short *: 1, const unsigned short *: 1, const int *: 1, const unsigned int *: 1,      \
    const long *: 1, const unsigned long *: 1, const long long *: 1, const unsigned long long *: 1, \
    const float *: 1, const double *: 1, default: 0)
#define AS__MEMBER_CHECK(T, m, test) AS__CHECK_EXPR(test, "as_bind: the member has another C type")
#define AS__INT_MEMBER(T, m) _Generic(((T *)0)->m, int: 1, default: 0)
#define AS__ENUM_MEMBER(T, m, E) _Generic(((T *)0)->m, E: 1, default: 0)
/* an array (not a pointer): its address is not the address of its first element's type */
#if defined(__GNUC__) || defined(__clang__)
#define AS__IS_ARRAY(x) (!__builtin_types_compatible_p(__typeof__(x), __typeof__(&(x)[0])))
#else
#define AS__IS_ARRAY(x) 1
#endif

#define AS__FREE_CHECK(T, fn) _Generic(&(fn), void (*)(T *): 1, default: 0)
#else
#define AS__ALIGNOF(T) alignof(T)
#define AS__CHECK_EXPR(cond, msg) ([]() { static_assert(cond, msg); return 1; }())
#define AS__CT(T) as_bind_cpp::ctype<T>()
#define AS__ARRAY(type, ...) ([]() -> const type * { static const type as__a[] = {__VA_ARGS__}; return as__a; }())
#define AS__SIGCHECK(fn, R, ...) sizeof(as_bind_cpp::same_sig<decltype(&(fn)), R (*)(__VA_ARGS__)>)
#define AS__SCALAR_OF(x) (as_bind_cpp::scalar_name<typename std::remove_cv<std::remove_reference<decltype(x)>::type>::type>())
#define AS__IS_CONST(x) (std::is_const<std::remove_reference<decltype(x)>::type>::value ? 1 : 0)
#define AS__INT_MEMBER(T, m) std::is_same<decltype(((T *)0)->m), int>::value
#define AS__IS_ARRAY(x) (std::is_array<typename std::remove_reference<decltype(x)>::type>::value ? 1 : 0)
#define AS__ENUM_MEMBER(T, m, E) (std::is_enum<E>::value && std::is_same<typename std::remove_cv<decltype(((T *)0)->m)>::type, E>::value)

#define AS__FREE_CHECK(T, fn) std::is_same<decltype(&(fn)), void (*)(T *)>::value
#endif

/* a bit-field: a zeroed T whose field has every bit set shows where the field is */
#define AS__BITFIELD(c, T, m)                                                                   \
    do {                                                                                        \
        T as__p;                                                                                \
        as_bind__zero(&as__p, sizeof as__p);                                                    \
        as__p.m = as_bind__ones();                                                              \
        as_bind_bitfield_at((c), #m, &as__p, sizeof(T), (long long)as__p.m, __FILE__, __LINE__); \
    } while (0)
#define AS__NOSIG {NULL, NULL, NULL, 0, 0}
#define AS__SIG(fn, R, ...)                                                                     \
    {#R, #__VA_ARGS__, AS__ARRAY(as_bind_ctype, AS__CT(R), AS__MAP(AS__CT, __VA_ARGS__)),     \
     1 + AS__NARG(__VA_ARGS__), AS__SIGCHECK(fn, R, __VA_ARGS__)}
#define AS__ROW(what, name, fn, R, ...) \
    {what, (name), AS_FN(fn), AS__SIG(fn, R, __VA_ARGS__), 0, 0, 0, NULL, NULL, __FILE__, __LINE__}
#define AS__ROWB(what, beh, name, fn, R, ...) \
    {what, (name), AS_FN(fn), AS__SIG(fn, R, __VA_ARGS__), (beh), 0, 0, NULL, NULL, __FILE__, __LINE__}
#define AS__ROWG(decl, fn, user)                                                                \
    {AS_BIND_M_GENERIC, (decl), AS_FN(fn),                                                      \
     {NULL, NULL, NULL, 0, AS__CHECK_EXPR(AS__GENERIC_FN_OK(fn), "as_bind: a generic function is void f(as_generic *)")}, \
     0, 0, 0, NULL, (void *)(user), __FILE__, __LINE__}
#define AS__FIELD(T, m, decl) \
    {AS_BIND_M_PROPERTY, (decl), NULL, AS__NOSIG, 0, offsetof(T, m), sizeof(((T *)0)->m), AS__SCALAR_OF(((T *)0)->m), NULL, __FILE__, __LINE__}
#define AS__ENUM_FIELD(T, m, E)                                                                 \
    {AS_BIND_M_PROPERTY, #m, NULL,                                                              \
     {NULL, NULL, NULL, 0, AS__CHECK_EXPR(AS__ENUM_MEMBER(T, m, E), "as_bind: the member is not of this C enum type")}, \
     0, offsetof(T, m), sizeof(((T *)0)->m), "enum " #E, NULL, __FILE__, __LINE__}
#define AS__REFCOUNT(T, m, free_fn)                                                             \
    {AS_BIND_M_REFCOUNT, #T, AS_FN(free_fn),                                                    \
     {NULL, NULL, NULL, 0, AS__CHECK_EXPR(AS__INT_MEMBER(T, m) && AS__FREE_CHECK(T, free_fn),   \
                                          "as_bind: a reference count is an int member and its free function void f(T *)")}, \
     0, offsetof(T, m), sizeof(T), NULL, NULL, __FILE__, __LINE__}
#ifndef __cplusplus
#define AS__GENERIC_FN_OK(fn) _Generic(&(fn), void (*)(as_generic *): 1, default: 0)
#define AS__LINE(c, row) as_bind_member_((c), &(const as_bind_member)row)
#define AS__GLINE(b, row) as_bind_global_((b), &(const as_bind_member)row)
#else
#define AS__GENERIC_FN_OK(fn) std::is_same<decltype(&(fn)), void (*)(as_generic *)>::value
#define AS__LINE(c, row) do { const as_bind_member as__row = row; as_bind_member_((c), &as__row); } while (0)
#define AS__GLINE(b, row) do { const as_bind_member as__row = row; as_bind_global_((b), &as__row); } while (0)
#endif
/* the constructor behaviour: CONSTRUCT for value classes, FACTORY for reference classes */
#define AS__BEH_CTOR (-1)

/* typed script calls */
#define AS__SF_PARAM(T, i) T a##i
#define AS__SF_ARG(T, i) (const void *)&a##i

/* the result's C variable, typed so the compiler checks it (void: ignored, pass NULL) */
#define AS__SF_RET(R) AS__IF_VOID(R, AS__SF_RET_)(R)
#define AS__SF_RET_1(R) void *ret
#define AS__SF_RET_0(R) R *ret
#define AS__SF_PARAMS(...) AS__IF_VOID(AS__FIRST(__VA_ARGS__), AS__SF_PARAMS_)(__VA_ARGS__)
#define AS__SF_PARAMS_1(...)
#define AS__SF_PARAMS_0(...) , AS__MAPI(AS__SF_PARAM, __VA_ARGS__)
/* the call: the arguments' addresses in a local array */
#define AS__SF_CALL(obj, ...) AS__IF_VOID(AS__FIRST(__VA_ARGS__), AS__SF_CALL_)(obj, __VA_ARGS__)
#define AS__SF_CALL_1(obj, ...) return as_script_fn_call_(&h->f, ctx, obj, ret, NULL, 0);
#define AS__SF_CALL_0(obj, ...)                                                                 \
    const void *const as__args[] = {AS__MAPI(AS__SF_ARG, __VA_ARGS__)};                        \
    return as_script_fn_call_(&h->f, ctx, obj, ret, as__args, AS__NARG(__VA_ARGS__));
#define AS__FIRST(a, ...) a
#define AS__SCRIPT_FUNC(name, R, ...)                                                           \
    typedef struct name { as_script_fn f; } name;                                               \
    static inline const as_bind_sig *name##__sig(void)                                          \
    {                                                                                           \
        static const as_bind_ctype t[] = {AS__CT(R), AS__MAP(AS__CT, __VA_ARGS__)};             \
        static const as_bind_sig s = {#R, #__VA_ARGS__, t, 1 + AS__NARG(__VA_ARGS__), 1};       \
        return &s;                                                                              \
    }                                                                                           \
    AS__USED static inline int name##_find(name *h, as_module *m, const char *n)               \
    { return as_script_fn_find_(&h->f, m, n, name##__sig()); }                                  \
    AS__USED static inline int name##_find_method(name *h, as_type *t, const char *n)          \
    { return as_script_fn_find_method_(&h->f, t, n, name##__sig()); }                           \
    AS__USED static inline int name##_set(name *h, as_function *f)                             \
    { return as_script_fn_set_(&h->f, f, name##__sig()); }                                      \
    AS__USED static inline int name##_call(name *h, as_context *ctx, AS__SF_RET(R) AS__SF_PARAMS(__VA_ARGS__)) \
    { AS__SF_CALL(NULL, __VA_ARGS__) }                                                          \
    AS__USED static inline int name##_call_on(name *h, as_context *ctx, void *obj, AS__SF_RET(R) AS__SF_PARAMS(__VA_ARGS__)) \
    { AS__SF_CALL(obj, __VA_ARGS__) }                                                           \
    AS__USED static inline void name##_release(name *h) { as_script_fn_release(&h->f); }

#ifdef __cplusplus
}   /* extern "C" */

namespace as_bind_cpp {
template <class T> constexpr as_bind_ctype ctype()
{
    return std::is_void<T>::value ? as_bind_ctype{0, AS_CK_VOID}
         : std::is_enum<T>::value ? as_bind_ctype{(uint32_t)sizeof(typename std::conditional<std::is_void<T>::value, char, T>::type), AS_CK_ENUM}
         : std::is_same<T, bool>::value ? as_bind_ctype{(uint32_t)sizeof(bool), AS_CK_BOOL}
         : std::is_same<T, char>::value ? as_bind_ctype{1, AS_CK_CHAR}
         : std::is_floating_point<T>::value ? as_bind_ctype{(uint32_t)sizeof(typename std::conditional<std::is_void<T>::value, char, T>::type), AS_CK_FLOAT}
         : std::is_integral<T>::value ? as_bind_ctype{(uint32_t)sizeof(typename std::conditional<std::is_void<T>::value, char, T>::type),
                                                      (uint8_t)(std::is_signed<T>::value ? AS_CK_SINT : AS_CK_UINT)}
         : as_bind_ctype{(uint32_t)sizeof(typename std::conditional<std::is_void<T>::value, char, T>::type), AS_CK_OTHER};
}
template <class A, class B> struct same_sig {
    static_assert(std::is_same<A, B>::value, "as_bind: the function does not have the C prototype this line describes");
    int x;
};
template <class T> constexpr const char *scalar_name()
{
    return std::is_enum<T>::value ? "enum"   /* refused as a scalar: bound with AS_ENUM_PROPERTY */
         : std::is_same<T, bool>::value ? "bool"
         : std::is_floating_point<T>::value ? (sizeof(T) == 4 ? "float" : "double")
         : std::is_integral<T>::value ? (std::is_signed<T>::value || std::is_same<T, char>::value
                                             ? (sizeof(T) == 1 ? "int8" : sizeof(T) == 2 ? "int16" : sizeof(T) == 4 ? "int" : "int64")
                                             : (sizeof(T) == 1 ? "uint8" : sizeof(T) == 2 ? "uint16" : sizeof(T) == 4 ? "uint" : "uint64"))
         : nullptr;
}
}  // namespace as_bind_cpp
#endif

#endif
