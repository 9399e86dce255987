/* Private to the binding toolkit: the per-engine state, the bind in progress, class cursors. */
#ifndef AS_BIND_IMPL_H
#define AS_BIND_IMPL_H
/* the toolkit's own registrations report their lines themselves */
#define AS_BIND_NO_CALL_SITES
#include "angelc_bind.h"
#include <stdarg.h>

/* ---- small containers (bind/map.c): failures return false, nothing aborts ---- */

/* Grows *data (elements of size elem, *cap of them) to hold need; false if out of memory. */
bool bind_grow(void **data, int *cap, int need, size_t elem);
#define BIND_PUSH(arr, n, cap, x) \
    (bind_grow((void **)&(arr), &(cap), (n) + 1, sizeof *(arr)) ? ((arr)[(n)++] = (x), true) : false)

/* Open-addressing map from a string (copied) or a pointer to a pointer. */
typedef struct bind_map {
    struct bind_map_slot { const void *key; void *value; } *slots;
    int cap, count;
    bool strings;
} bind_map;
void *bind_map_get(const bind_map *m, const void *key);
bool bind_map_put(bind_map *m, const void *key, void *value);
void bind_map_free(bind_map *m);

/* ---- the type database ---- */

/* A member bound on a class, kept so derived classes can get it too. */
typedef struct bind_member_log {
    int what;                   /* AS_BIND_M_METHOD, ..._BEHAVIOUR, ..._PROPERTY */
    int beh;
    char *decl;                 /* the final script declaration */
    char *name;                 /* property name / method name */
    as_fnptr fn;
    as_callconv cc;
    void *aux;
    int offset;
    const char *doc;            /* state-owned */
    int func_id;                /* the registered function (0 for properties) */
} bind_member_log;

typedef struct bind_type {
    as_bind_type pub;           /* first: as_bind_type pointers are bind_type pointers */
    const char *reg_name;       /* the name members are registered with ("optional<T>" for templates) */
    bool casts_done;            /* handle casts to and from its base classes registered */
    bool is_interface;          /* declared with AS_INTERFACE: its methods are the scripts' */
    bool (*is_instance)(const void *obj);
    /* C layout of a value class as its scalar properties describe it (for by-value calls) */
    struct bind_field { uint32_t offset, size; uint8_t kind; } *fields;
    int nfields, capfields;
    void *ffi_type;             /* built on first use (ffi.c) */
    bind_member_log *log;
    int nlog, caplog;
    int copied;                 /* base members copied so far (inheritance) */
    int depth;                  /* base classes above it */
    /* templates */
    as_bind_template_check check;
    as_bind_template_size size_fn;
    void *tmpl_user;
    int declared_by;            /* run index of the bind that declared it, -1 if none */
    const char *decl_bind;      /* the bind and line that declared it (state-owned; NULL if none) */
    const char *decl_file;
    int decl_line;
} bind_type;

/* ---- per engine ---- */

typedef struct bind_failure {
    int bind_index;             /* in the run */
    char *decl;
    const char *file;
    int line;
} bind_failure;

typedef struct bind_state {
    as_engine *e;
    bind_type **types;
    int ntypes, captypes;
    bind_map by_name, by_c_name, by_user, by_id;
    bind_map docs;              /* "Type::prop", "ns::global", "Enum::Value" -> doc */
    char **strings;             /* copies the state owns */
    int nstrings, capstrings;
    void **calls;               /* prepared libffi calls (ffi.c) */
    int ncalls, capcalls;
    struct { as_bind_type_finder fn; void *user; } *finders;
    int nfinders, capfinders;
    /* the run in progress */
    bind_failure *failures;
    int nfailures, capfailures;
    const as_bind_entry **run;  /* binds of the current run, in order */
    int nrun;
    bind_map type_decl_by;      /* type name -> 1 + run index of the bind that declared it */
    as_bind *current;           /* the bind in progress */
    bool ran;                   /* as_bind_run ran on this engine */
} bind_state;

/* The engine's toolkit state, created on first use and freed with the engine. */
bind_state *bind_state_of(as_engine *e);
bind_state *bind_state_peek(as_engine *e);
/* A copy of s the state owns (NULL stays NULL; NULL when out of memory). */
const char *bind_keep(bind_state *st, const char *s);
const char *bind_keepn(bind_state *st, const char *s, size_t n);
/* A copy of size bytes the state owns. */
void *bind_keep_bytes(bind_state *st, const void *data, size_t size);

/* ---- the bind in progress ---- */

typedef enum prev_kind { PREV_NONE, PREV_FUNCTION, PREV_TYPE, PREV_DOCKEY } prev_kind;

struct as_bind {
    as_engine *e;
    bind_state *st;
    const char *name, *file;
    int line;
    int run_index;              /* in as_bind_run, else -1 */
    int errors;
    bool standalone;            /* made by as_bind_begin */
    /* the host's message callback, restored at the end */
    as_message_fn host_fn;
    void *host_user;
    uint32_t access_mask;       /* the engine's default access mask when the bind began */
    int quiet;                  /* >0: engine errors are collected in msg instead of forwarded */
    char msg[512];
    /* namespaces */
    char ns[256];
    int ns_depth;
    size_t ns_len[16];
    /* what was bound last */
    prev_kind prev;
    int prev_func;
    as_type *prev_type;
    char prev_key[256];
    /* class and enum cursors, freed with the bind */
    void **cursors;
    int ncursors, capcursors;
};

/* A cursor on a class or an enum: lines bind on t (NULL after a failure: they do nothing). */
struct as_bind_class {
    as_bind *b;
    bind_type *t;
};
struct as_bind_enum {
    as_bind *b;
    bind_type *t;
};
/* A new cursor of size bytes owned by b (NULL if out of memory). */
void *bind_cursor_new(as_bind *b, size_t size);

/* Runs fn(b) as bind `entry` of a run (registry.c). */
int bind_run_one(as_engine *e, const as_bind_entry *entry, int run_index);
/* Reports an error of b at file:line (NULL: the bind's own) and counts it. */
void bind_error_at(as_bind *b, const char *file, int line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
void bind_verror_at(as_bind *b, const char *file, int line, const char *fmt, va_list ap);
/* Around an engine registration: collect its messages, then report a failure of code r (< 0)
 * naming what, the declaration and the engine's message. Returns r. */
void bind_engine_begin(as_bind *b);
int bind_engine_end(as_bind *b, int r, const char *file, int line, const char *what, const char *decl);
/* The previous bind is now this (for AS_DOC and friends). */
void bind_set_prev_function(as_bind *b, int func_id);
void bind_set_prev_type(as_bind *b, as_type *t);
void bind_set_prev_key(as_bind *b, const char *key);
/* Copies base members to derived classes (classes.c). */
void bind_finish_inheritance(as_bind *b);
/* Explains failures whose declaration names a type a later bind declares (registry.c). */
void bind_explain_failures(bind_state *st);

/* ---- type database (typedb.c) ---- */

bind_type *bind_type_new(as_bind *b, const char *c_name, as_type *t, size_t size, size_t align, bool is_ref);
bind_type *bind_type_for(bind_state *st, as_type *t);   /* finds or makes the record of t */
bind_type *bind_type_by_c(bind_state *st, const char *c_name);
bind_type *bind_type_by_script(bind_state *st, const char *name);
bool bind_type_log(bind_type *t, const bind_member_log *entry);
/* Before b declares the type name (a class, template, enum or funcdef) at file:line: false, with
 * an error naming the bind and line that declared it first, if one did. */
bool bind_type_unclaimed(as_bind *b, const char *name, const char *what, const char *file, int line);
/* Records that b declared t at file:line. */
void bind_type_claim(as_bind *b, bind_type *t, const char *file, int line);
void bind_type_add_field(bind_type *t, uint32_t offset, uint32_t size, uint8_t kind);
/* Documentation keyed by qualified name. */
void bind_doc_put(bind_state *st, const char *key, const char *doc);
#define BIND_DOC_KEY ((uintptr_t)0xB1D0D0Cu)
#define BIND_TYPE_KEY ((uintptr_t)0xB1D7E9Eu)

/* ---- C types and declarations (ctypes.c) ---- */

typedef enum ct_class {
    CT_BAD, CT_VOID, CT_SCALAR, CT_ENUM, CT_CSTR, CT_VALUE, CT_VALUE_PTR, CT_REF_PTR, CT_SCALAR_PTR,
    CT_VAR, CT_VAR_PTR, CT_TYPE_PTR, CT_FUNC_PTR, CT_ENGINE_PTR, CT_WEAKFLAG_PTR, CT_VOIDP,
    CT_ARRAY,                   /* a scalar pointer the name string makes an array<T> */
    CT_ARRAY_LEN                /* the integer after it: the array's length, hidden */
} ct_class;

typedef struct ctinfo {
    ct_class cls;
    bool is_const;              /* pointee const */
    char text[96];              /* the C spelling, trimmed */
    char script[160];           /* the script type: "int", "game::Vec3" */
    bind_type *bt;              /* value, reference and enum classes */
    as_bind_ctype ct;
} ctinfo;

/* Classifies the C type text (with its compile-time kind); on failure cls is CT_BAD and err says why. */
void ct_classify(bind_state *st, const char *text, as_bind_ctype ct, ctinfo *out, char *err, size_t errsize);
/* Splits a signature's parameter text at top-level commas into n trimmed pieces. */
int ct_split_params(const char *params, char out[][96], int max);

/* How a function row is registered, worked out from its C types. */
#define BIND_MAX_PARAMS 12
typedef struct bind_plan {
    char decl[1024];
    bool dispatch;              /* needs the libffi dispatcher */
    as_callconv cc;             /* for a direct registration */
    int nc;                     /* C parameters */
    ctinfo ret;
    ctinfo params[BIND_MAX_PARAMS];
    int script_arg[BIND_MAX_PARAMS];   /* generic argument index of each C parameter, -1 hidden */
    bool self_first;            /* C parameter 0 is the object */
    int self_index;             /* the object's C parameter (0, or the last: object-last), -1 if none */
    bool construct_by_value;    /* constructor returning the value */
    bool templ;                 /* returns as_var: a template function `T f<T>(...)` whose as_var
                                 * parameters are `const T &in` */
} bind_plan;
/* Plans row m (a function, method, accessor or behaviour) on class t (NULL for globals). */
bool bind_plan_row(as_bind *b, bind_type *t, const as_bind_member *m, bind_plan *p);
/* The mutable reference spelling for parameters: "&out", or "&inout" with unsafe references. */
const char *ct_mutable_ref(as_engine *e);

/* ---- the libffi dispatcher (ffi.c) ---- */

/* Prepares a call for plan p to fn; the returned record is the registration's auxiliary
 * pointer for bind_dispatch. NULL with a message if the C types can't be called. */
void *bind_call_prepare(as_bind *b, const bind_plan *p, as_fnptr fn, const char *file, int line);
void bind_dispatch(as_generic *g);
void bind_call_free(void *call);
/* Prepares every call interface once layouts are known; reports those that cannot be. */
void bind_calls_ready(as_bind *b);
/* Reads a script string argument as a C string (into buf if it fits, else allocated: *heap). */
const char *bind_cstring_of(as_engine *e, const void *str, char *buf, size_t size, char **heap);
/* Makes a script string from a C string (the string factory's object; release with bind_string_release). */
const void *bind_string_make(as_engine *e, const char *s);
void bind_string_release(as_engine *e, const void *str);

/* ---- misc ---- */
/* The last identifier of a declaration ("const int x" -> "x"), before any '=' default. */
const char *bind_decl_name(const char *decl, char *buf, size_t size);
void bind_qualify(as_bind *b, const char *name, char *buf, size_t size);

#endif
