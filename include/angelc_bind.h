/* angelc binding toolkit: expose C types and functions to scripts with little code.
 *
 *  - Binds declared anywhere in the host (AS_BIND) run in order with as_bind_run: every type
 *    stage first (early, normal, late), then every member stage, so members may use any type.
 *  - A type database ties script types to C names, sizes and user data.
 *  - C structs and object classes are described once (fields, methods, behaviours, a base class)
 *    and bound in batches with as_bind_classes.
 *  - AS_BIND_FUNCTION / AS_BIND_METHOD derive a function's script declaration from its C
 *    signature and generate a typed thunk (generic convention) that reads the arguments straight
 *    from their slots: nothing is interpreted per call.
 *  - Documentation attached to binds goes into as_bind_dump, a listing of the bound API (text
 *    or JSON) for editors and docs.
 *  - AS_BIND_CALL calls a script function from C with typed arguments, after checking that the
 *    function's signature matches the C types.
 * Everything here is built on the public API of angelc.h. */
#ifndef ANGELC_BIND_H
#define ANGELC_BIND_H
#include "angelc.h"
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ================================================================================= registry */

typedef enum as_bind_phase { AS_BIND_EARLY, AS_BIND_NORMAL, AS_BIND_LATE } as_bind_phase;
typedef enum as_bind_stage { AS_BIND_TYPES, AS_BIND_MEMBERS } as_bind_stage;

/* One bind: registers things on e; returns < 0 on failure. */
typedef int (*as_bind_fn)(as_engine *e, void *user);

typedef struct as_bind_entry {
    const char *name;
    as_bind_stage stage;
    as_bind_phase phase;
    as_bind_fn fn;
    void *user;
    struct as_bind_entry *next;     /* the registry's list (set by as_bind_add) */
} as_bind_entry;

/* Adds a bind to the process-wide list (the entry must outlive it; usually static). */
void as_bind_add(as_bind_entry *entry);
/* Runs every bind on e: types early/normal/late, then members early/normal/late; within one
 * step in order of name. Failures are reported through the message callback; returns the
 * number of binds that failed, negated (0: all succeeded). */
int as_bind_run(as_engine *e);

/* Declares a bind anywhere in the host, run by as_bind_run:
 *     AS_BIND(vec2_type, AS_BIND_TYPES, AS_BIND_NORMAL) { return as_register_object_type(e, ...); }
 * (A static library's object file that only holds binds must be linked in whole.) */
#define AS_BIND(name, stage, phase)                                                             \
    static int name##__as_bind(as_engine *e, void *user);                                       \
    static as_bind_entry name##__as_bind_entry = {#name, stage, phase, name##__as_bind, NULL, NULL}; \
    __attribute__((constructor)) static void name##__as_bind_ctor(void) { as_bind_add(&name##__as_bind_entry); } \
    static int name##__as_bind(as_engine *e, void *user)

/* =========================================================================== type database */

typedef struct as_bind_type {
    const char *c_name;         /* "Vec2" */
    const char *script_name;    /* "vec2" */
    size_t size;                /* sizeof the C type */
    bool is_ref;                /* a reference type (handles), else a value type */
    int type_id;                /* the engine's id, once registered */
    void *user;
    const char *base;           /* script name of the base class bound with as_bind_classes, or NULL */
} as_bind_type;

/* Records that C type c_name is script type script_name (registered already or later). */
as_bind_type *as_bind_type_add(as_engine *e, const char *c_name, const char *script_name, size_t size, bool is_ref, void *user);
/* Lookups (NULL if unknown). */
as_bind_type *as_bind_type_by_c_name(as_engine *e, const char *c_name);
as_bind_type *as_bind_type_by_script_name(as_engine *e, const char *script_name);
as_bind_type *as_bind_type_by_id(as_engine *e, int type_id);

/* ================================================================================== classes */

typedef struct as_bind_field {
    const char *decl;           /* "float x" */
    size_t offset;
    const char *doc;
} as_bind_field;

typedef struct as_bind_method {
    const char *decl;           /* "float length() const" */
    as_fnptr fn;
    as_callconv cc;             /* AS_CALL_CDECL_OBJFIRST, ..., AS_CALL_GENERIC */
    const char *doc;
} as_bind_method;

typedef struct as_bind_behaviour {
    as_behaviour beh;
    const char *decl;
    as_fnptr fn;
    as_callconv cc;
} as_bind_behaviour;

typedef struct as_bind_class {
    const char *c_name;         /* C type name for the type database and derived declarations */
    const char *name;           /* script name */
    size_t size;
    uint32_t flags;             /* AS_OBJ_VALUE (| AS_OBJ_POD ...) or AS_OBJ_REF ... */
    const char *base;           /* script name of a class in the same batch (or bound before) whose
                                   fields and methods this one has too; NULL for none */
    /* the object is of this class (for casts from the base down); NULL: base handles never
     * cast down to this class */
    bool (*is_instance)(const void *obj);
    const as_bind_field *fields;         /* each list ends with an entry whose decl is NULL */
    const as_bind_method *methods;
    const as_bind_behaviour *behaviours;
    const char *doc;
    void *user;                 /* kept in the type database */
} as_bind_class;

/* An as_bind_field for member `m` of C struct T. */
#define AS_BIND_FIELD(T, m, decl, doc) {decl, offsetof(T, m), doc}

/* Registers n classes: all the types first, then their behaviours, fields and methods, those
 * of their base classes (C structs that start with their base), and for reference types the
 * handle casts to the base (implicit) and from it (explicit, checked with is_instance).
 * Returns 0 or the first error (all that fail are reported). */
int as_bind_classes(as_engine *e, const as_bind_class *classes, int n);

/* ============================================================================ functions */

/* A C function described for binding: its name and its C types (as written), and a thunk. */
typedef struct as_bind_func {
    const char *name;
    const char *ret;            /* C spelling of the return type, e.g. "int" */
    int nparams;
    const char *params[8];      /* C spellings "const Vec2 * a" (type and name) */
    void (*thunk)(as_generic *g);
    bool is_method;             /* the first C parameter is the object */
} as_bind_func;

/* The script declaration of a described function (C types mapped through the type database:
 * int32_t -> int, const char* isn't supported, T* of a bound reference type -> T@+ (an auto
 * handle: the C function neither releases handles it gets nor adds a reference to one it
 * returns), const T* of a value type or scalar -> const T &in, T* of one -> T &out, or T &inout
 * when AS_EP_ALLOW_UNSAFE_REFERENCES is set; to change a value object in place, bind a method). Writes into buf; NULL if a type
 * has no script equivalent. For methods, the object parameter is left out and `const` added
 * when it points to const. */
const char *as_bind_declaration(as_engine *e, const as_bind_func *f, char *buf, size_t size);
/* Registers a described global function (its declaration derived), with documentation. */
int as_bind_function(as_engine *e, const as_bind_func *f, const char *doc);
/* Registers a described method of script type `type`, and of the classes bound with it as
 * their base (their C structs start with it, so the same function serves). */
int as_bind_method_of(as_engine *e, const char *type, const as_bind_func *f, const char *doc);

/* Slot access for thunks (the generic convention's argument slots). */
void *as_bind__arg(as_generic *g, unsigned i);
void *as_bind__ret(as_generic *g);
/* Stores a result into the return slot, widened as the engine keeps it. */
void as_bind__ret_i64(as_generic *g, int64_t v);
void as_bind__ret_u64(as_generic *g, uint64_t v);
void as_bind__ret_f32(as_generic *g, float v);
void as_bind__ret_f64(as_generic *g, double v);
void as_bind__ret_ptr(as_generic *g, void *v);

#define AS_BIND__ARG(T, g, i) (*(T *)as_bind__arg((g), (i)))
#define AS_BIND__RET(T, g, v) _Generic((T)0,                                                    \
    float: as_bind__ret_f32, double: as_bind__ret_f64,                                          \
    bool: as_bind__ret_u64, unsigned char: as_bind__ret_u64, unsigned short: as_bind__ret_u64,  \
    unsigned int: as_bind__ret_u64, unsigned long: as_bind__ret_u64,                            \
    unsigned long long: as_bind__ret_u64,                                                       \
    signed char: as_bind__ret_i64, char: as_bind__ret_i64, short: as_bind__ret_i64,             \
    int: as_bind__ret_i64, long: as_bind__ret_i64, long long: as_bind__ret_i64,                 \
    default: as_bind__ret_ptr)((g), (v))

/* Parameter lists: AS_BIND_FUNCTION(int, clamp, (int, v), (int, lo), (int, hi)) at file scope
 * defines `clamp__as_bind` (an as_bind_func) for int clamp(int v, int lo, int hi); register it
 * with as_bind_function(e, &clamp__as_bind, "doc"). Up to 6 parameters; scalar types (integers,
 * float, double, bool) and pointers. AS_BIND_VOID_FUNCTION is the same for void functions.
 * AS_BIND_METHOD(R, fn, (Vec2 *, self), ...) describes R fn(Vec2 *self, ...) as a method (the
 * first parameter is the object); register with as_bind_method_of. */
#define AS_BIND__T(p) AS_BIND__T_ p
#define AS_BIND__T_(t, n) t
#define AS_BIND__S(p) AS_BIND__S_ p
#define AS_BIND__S_(t, n) #t " " #n

#define AS_BIND__N(...) AS_BIND__N_(__VA_ARGS__, 6, 5, 4, 3, 2, 1, 0)
#define AS_BIND__N_(a, b, c, d, e, f, n, ...) n
#define AS_BIND__CAT(a, b) AS_BIND__CAT_(a, b)
#define AS_BIND__CAT_(a, b) a##b

/* argument expressions for the C call; i0 is the first slot (1 for methods: 0 is the object) */
#define AS_BIND__A1(g, o, p1) AS_BIND__ARG(AS_BIND__T(p1), g, o)
#define AS_BIND__A2(g, o, p1, p2) AS_BIND__A1(g, o, p1), AS_BIND__ARG(AS_BIND__T(p2), g, o + 1)
#define AS_BIND__A3(g, o, p1, p2, p3) AS_BIND__A2(g, o, p1, p2), AS_BIND__ARG(AS_BIND__T(p3), g, o + 2)
#define AS_BIND__A4(g, o, p1, p2, p3, p4) AS_BIND__A3(g, o, p1, p2, p3), AS_BIND__ARG(AS_BIND__T(p4), g, o + 3)
#define AS_BIND__A5(g, o, p1, p2, p3, p4, p5) AS_BIND__A4(g, o, p1, p2, p3, p4), AS_BIND__ARG(AS_BIND__T(p5), g, o + 4)
#define AS_BIND__A6(g, o, p1, p2, p3, p4, p5, p6) AS_BIND__A5(g, o, p1, p2, p3, p4, p5), AS_BIND__ARG(AS_BIND__T(p6), g, o + 5)
#define AS_BIND__D1(p1) AS_BIND__S(p1)
#define AS_BIND__D2(p1, p2) AS_BIND__S(p1), AS_BIND__S(p2)
#define AS_BIND__D3(p1, p2, p3) AS_BIND__D2(p1, p2), AS_BIND__S(p3)
#define AS_BIND__D4(p1, p2, p3, p4) AS_BIND__D3(p1, p2, p3), AS_BIND__S(p4)
#define AS_BIND__D5(p1, p2, p3, p4, p5) AS_BIND__D4(p1, p2, p3, p4), AS_BIND__S(p5)
#define AS_BIND__D6(p1, p2, p3, p4, p5, p6) AS_BIND__D5(p1, p2, p3, p4, p5), AS_BIND__S(p6)

#define AS_BIND_FUNCTION(R, fn, ...)                                                            \
    static void fn##__as_thunk(as_generic *g)                                                   \
    { AS_BIND__RET(R, g, fn(AS_BIND__CAT(AS_BIND__A, AS_BIND__N(__VA_ARGS__))(g, 0, __VA_ARGS__))); } \
    static const as_bind_func fn##__as_bind = {#fn, #R, AS_BIND__N(__VA_ARGS__),                \
        {AS_BIND__CAT(AS_BIND__D, AS_BIND__N(__VA_ARGS__))(__VA_ARGS__)}, fn##__as_thunk, false}
#define AS_BIND_VOID_FUNCTION(fn, ...)                                                          \
    static void fn##__as_thunk(as_generic *g)                                                   \
    { fn(AS_BIND__CAT(AS_BIND__A, AS_BIND__N(__VA_ARGS__))(g, 0, __VA_ARGS__)); }              \
    static const as_bind_func fn##__as_bind = {#fn, "void", AS_BIND__N(__VA_ARGS__),            \
        {AS_BIND__CAT(AS_BIND__D, AS_BIND__N(__VA_ARGS__))(__VA_ARGS__)}, fn##__as_thunk, false}
/* Functions without parameters. */
#define AS_BIND_FUNCTION0(R, fn)                                                                \
    static void fn##__as_thunk(as_generic *g) { AS_BIND__RET(R, g, fn()); }                     \
    static const as_bind_func fn##__as_bind = {#fn, #R, 0, {NULL}, fn##__as_thunk, false}
#define AS_BIND_VOID_FUNCTION0(fn)                                                              \
    static void fn##__as_thunk(as_generic *g) { (void)g; fn(); }                                \
    static const as_bind_func fn##__as_bind = {#fn, "void", 0, {NULL}, fn##__as_thunk, false}

/* Methods: the first parameter is the object, taken from the call's object. */
#define AS_BIND__M1(g, self) ((AS_BIND__T(self))as_generic_object(g))
#define AS_BIND_METHOD(R, fn, self, ...)                                                        \
    static void fn##__as_thunk(as_generic *g)                                                   \
    { AS_BIND__RET(R, g, fn(AS_BIND__M1(g, self), AS_BIND__CAT(AS_BIND__A, AS_BIND__N(__VA_ARGS__))(g, 0, __VA_ARGS__))); } \
    static const as_bind_func fn##__as_bind = {#fn, #R, 1 + AS_BIND__N(__VA_ARGS__),            \
        {AS_BIND__S(self), AS_BIND__CAT(AS_BIND__D, AS_BIND__N(__VA_ARGS__))(__VA_ARGS__)}, fn##__as_thunk, true}
#define AS_BIND_METHOD0(R, fn, self)                                                            \
    static void fn##__as_thunk(as_generic *g) { AS_BIND__RET(R, g, fn(AS_BIND__M1(g, self))); } \
    static const as_bind_func fn##__as_bind = {#fn, #R, 1, {AS_BIND__S(self)}, fn##__as_thunk, true}
#define AS_BIND_VOID_METHOD(fn, self, ...)                                                      \
    static void fn##__as_thunk(as_generic *g)                                                   \
    { fn(AS_BIND__M1(g, self), AS_BIND__CAT(AS_BIND__A, AS_BIND__N(__VA_ARGS__))(g, 0, __VA_ARGS__)); } \
    static const as_bind_func fn##__as_bind = {#fn, "void", 1 + AS_BIND__N(__VA_ARGS__),        \
        {AS_BIND__S(self), AS_BIND__CAT(AS_BIND__D, AS_BIND__N(__VA_ARGS__))(__VA_ARGS__)}, fn##__as_thunk, true}
#define AS_BIND_VOID_METHOD0(fn, self)                                                          \
    static void fn##__as_thunk(as_generic *g) { fn(AS_BIND__M1(g, self)); }                     \
    static const as_bind_func fn##__as_bind = {#fn, "void", 1, {AS_BIND__S(self)}, fn##__as_thunk, true}

/* ============================================================================ documentation */

/* Attaches documentation to a registered function or type (what as_bind_* store themselves). */
void as_bind_doc_function(as_function *f, const char *doc);
void as_bind_doc_type(as_type *t, const char *doc);
const char *as_bind_function_doc(const as_function *f);
const char *as_bind_type_doc(const as_type *t);
/* Registers a global property (as as_register_global_property) with its documentation. */
int as_bind_global_property(as_engine *e, const char *decl, void *address, const char *doc);

typedef enum as_bind_dump_format { AS_BIND_DUMP_TEXT, AS_BIND_DUMP_JSON } as_bind_dump_format;
/* Writes every registered type (with its properties, methods and behaviours), enum, funcdef,
 * global function and global property, with documentation, to out. Returns 0 or an error. */
int as_bind_dump(as_engine *e, FILE *out, as_bind_dump_format format);

/* ======================================================================= calls into scripts */

typedef struct as_bind_value {
    int type_id;                /* AS_TYPEID_* of the C value (0 for a pointer: object/handle) */
    union { int64_t i; uint64_t u; float f; double d; void *p; } v;
} as_bind_value;

#define AS_BIND__TID(x) _Generic((x),                                                           \
    bool: AS_TYPEID_BOOL, signed char: AS_TYPEID_INT8, char: AS_TYPEID_INT8, short: AS_TYPEID_INT16, \
    int: AS_TYPEID_INT32, long long: AS_TYPEID_INT64, long: AS_TYPEID_INT64,                    \
    unsigned char: AS_TYPEID_UINT8, unsigned short: AS_TYPEID_UINT16, unsigned int: AS_TYPEID_UINT32, \
    unsigned long long: AS_TYPEID_UINT64, unsigned long: AS_TYPEID_UINT64,                      \
    float: AS_TYPEID_FLOAT, double: AS_TYPEID_DOUBLE, default: 0)
as_bind_value as_bind__i(int tid, int64_t v);
as_bind_value as_bind__u(int tid, uint64_t v);
as_bind_value as_bind__f(int tid, float v);
as_bind_value as_bind__d(int tid, double v);
as_bind_value as_bind__p(int tid, const void *v);
#define AS_BIND__VAL(x) _Generic((x),                                                           \
    float: as_bind__f, double: as_bind__d,                                                      \
    bool: as_bind__u, unsigned char: as_bind__u, unsigned short: as_bind__u,                    \
    unsigned int: as_bind__u, unsigned long: as_bind__u, unsigned long long: as_bind__u,        \
    signed char: as_bind__i, char: as_bind__i, short: as_bind__i, int: as_bind__i,              \
    long: as_bind__i, long long: as_bind__i, default: as_bind__p)(AS_BIND__TID(x), (x))

/* Prepares fn on ctx, checks that it takes exactly these argument types and returns what *ret
 * points to (ret may be NULL for void functions, or to ignore the result), sets the arguments,
 * executes and stores the result. Returns the as_exec_state, or AS_INVALID_TYPE (with a message)
 * when the signature does not match. Pointer arguments go to object handle or reference
 * parameters; a pointer result receives the returned address or handle (not added a reference). */
int as_bind_call_(as_context *ctx, as_function *fn, int ret_tid, void *ret, size_t ret_size, int nargs, const as_bind_value *args);
#define AS_BIND_CALL(ctx, fn, ret, ...)                                                         \
    as_bind_call_((ctx), (fn), AS_BIND__TID(*(ret)), (ret), sizeof *(ret),                      \
                  (int)(sizeof((as_bind_value[]){AS_BIND__MAP(__VA_ARGS__)}) / sizeof(as_bind_value)), \
                  (as_bind_value[]){AS_BIND__MAP(__VA_ARGS__)})
/* A call whose result is ignored or void. */
#define AS_BIND_CALL_VOID(ctx, fn, ...)                                                         \
    as_bind_call_((ctx), (fn), -1, NULL, 0,                                                     \
                  (int)(sizeof((as_bind_value[]){AS_BIND__MAP(__VA_ARGS__)}) / sizeof(as_bind_value)), \
                  (as_bind_value[]){AS_BIND__MAP(__VA_ARGS__)})
/* Calls without arguments. */
#define AS_BIND_CALL0(ctx, fn, ret) as_bind_call_((ctx), (fn), AS_BIND__TID(*(ret)), (ret), sizeof *(ret), 0, NULL)
#define AS_BIND_CALL_VOID0(ctx, fn) as_bind_call_((ctx), (fn), -1, NULL, 0, 0, NULL)

#define AS_BIND__MAP(...) AS_BIND__CAT(AS_BIND__MAP, AS_BIND__N(__VA_ARGS__))(__VA_ARGS__)
#define AS_BIND__MAP1(a) AS_BIND__VAL(a)
#define AS_BIND__MAP2(a, b) AS_BIND__VAL(a), AS_BIND__VAL(b)
#define AS_BIND__MAP3(a, b, c) AS_BIND__MAP2(a, b), AS_BIND__VAL(c)
#define AS_BIND__MAP4(a, b, c, d) AS_BIND__MAP3(a, b, c), AS_BIND__VAL(d)
#define AS_BIND__MAP5(a, b, c, d, e) AS_BIND__MAP4(a, b, c, d), AS_BIND__VAL(e)
#define AS_BIND__MAP6(a, b, c, d, e, f) AS_BIND__MAP5(a, b, c, d, e), AS_BIND__VAL(f)

#ifdef __cplusplus
}
#endif
#endif
