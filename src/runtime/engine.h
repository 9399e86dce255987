/* The engine and its modules: everything registered by the host and everything a build declares. */
#ifndef AS_ENGINE_H
#define AS_ENGINE_H
#include "angelc.h"
#include "typeinfo.h"
#include "function.h"
#include "symtab.h"
#include "scoped.h"
#include "../util/arena.h"
#include "../util/strtab.h"
#include "../util/vec.h"
#include "../util/mem.h"

typedef struct as_global {
    const char *name;
    as_namespace *ns;
    as_dtype type;
    void *addr;             /* where the value (or the handle, or the object) lives */
    bool is_const;
    bool is_registered;     /* lives in the host */
    bool has_value;         /* compile-time constant: value holds it */
    as_slot value;
    as_module *module;
    /* script globals while building */
    ast_node *type_node;
    ast_node *declarator;
    int section;
    int line, col;
    uint8_t init_state;     /* 0 not compiled, 1 compiling, 2 done */
    int index;              /* in the module's globals */
    as_function *init_func; /* runs the initialiser */
    bool const_evaluating;  /* its constant value is being computed (detects cycles) */
} as_global;

/* A typedef: another name for a primitive type, listed for the host (as_engine_typedef). */
typedef struct as_typedef_entry {
    const char *name;
    as_namespace *ns;
    as_type *type;
} as_typedef_entry;

typedef struct as_section {
    const char *name;
    char *code;
    size_t len;
    int line_offset;
} as_section;

struct as_module {
    as_engine *engine;
    const char *name;
    VEC(as_section) sections;
    as_arena arena;             /* ASTs and compile-time data of the last build */
    as_symtab symbols;          /* script-declared names */
    VEC(as_function *) functions;   /* global script functions, in declaration order */
    VEC(as_function *) all_functions; /* every function the module owns (methods, lambdas, init) */
    VEC(as_function *) imports; /* `import ... from` declarations, in order */
    VEC(as_global *) globals;
    VEC(as_global *) removed_globals; /* as_module_remove_global_var: freed with the others */
    VEC(as_type *) types;       /* classes, interfaces, enums, funcdefs declared by the script */
    VEC(as_typedef_entry) typedefs; /* script typedefs, in declaration order */
    VEC(as_global *) init_order;    /* initialisers in the order they run */
    VEC(const void *) string_consts;/* string constants from the factory, released on discard */
    char *global_data;          /* storage of the globals */
    size_t global_data_size;
    bool built;
    bool globals_initialised;
    as_namespace *default_ns;
    VEC(as_userdata) user_data;
    uint32_t access_mask;           /* which registered entities its scripts see */
    /* hot reload (reload.c): copies of functions whose old code a context frame still runs
     * after a soft reload (freed once no frame uses them); a build's compiled bodies, kept
     * when keep_pending is set (the scratch module of a reload) */
    VEC(as_function *) retired;
    bool keep_pending;
    struct pending_func *kept_pending;
    int kept_pending_count;
    struct using_dir *kept_usings;  /* its `using namespace` directives, for the same */
    int kept_usings_count;
};

typedef struct gc_native_entry {
    void *obj;
    as_type *type;
} gc_native_entry;

typedef struct as_gc_state {
    VEC(struct as_object *) script;     /* tracked script objects; header gcflags holds index + 1 */
    VEC(struct as_object *) plain;      /* the other live script objects (gc_track_plain) */
    VEC(gc_native_entry) native;        /* host objects of AS_OBJ_GC types, one reference held */
    uint64_t threshold;                 /* start a collection when this many objects are tracked */
    uint64_t new_objects, total_destroyed, total_detected, collections;
    bool running;                       /* inside a step (or a sweep): never re-entered */
    struct gc_pass *pass;               /* the collection in progress (gc.c), NULL when idle */
    struct gc_pass *enumerating;        /* the pass an ENUMREFS callback reports to (gc.c) */
    int holes;                          /* script entries freed during the pass (NULL until it ends) */
    bool leaking;                       /* DISABLE_SCRIPT_CLASS_GC at shutdown: what only cycles of
                                         * script objects keep is freed without destructors */
    uint32_t stress_every, stress_count; /* ANGELC_GC_STRESS: a full cycle every stress_every new objects */
} as_gc_state;

typedef struct as_message_sink {
    as_message_fn fn;
    void *user;
} as_message_sink;

typedef struct as_cleanup_entry {
    as_userdata_owner kind;
    uintptr_t key;
    as_cleanup_fn fn;
} as_cleanup_entry;

typedef struct as_config_group as_config_group;

struct as_reload_listener {
    as_reload_callback fn;
    void *user;
};

struct as_engine {
    as_strtab names;
    as_arena arena;             /* registration ASTs and other engine-lifetime data */
    as_arena reg_scratch;       /* a registration's declaration while it is resolved (register.c) */
    bool reg_scratch_busy;      /* in use: a registration made while one is resolved (a template
                                 * callback's) parses into `arena` instead */
    as_message_sink msg;
    int64_t props[AS_EP_LAST_PROPERTY];
    VEC(struct as_reload_listener) reload_listeners;   /* as_engine_add_reload_callback (reload_callbacks.c) */

    as_namespace *global_ns;
    VEC(as_namespace *) namespaces;
    as_namespace *default_ns;   /* for registrations */

    as_type prim[12];           /* void .. double, indexed by AS_TYPEID_* */
    as_type null_type;
    as_type var_type;           /* `?` */
    VEC(as_type *) types;       /* every object/enum/funcdef type; type id seq number = index */
    VEC(as_function *) funcs;   /* every function; function id = index */
    VEC(as_function *) global_funcs; /* registered global functions, in registration order */
    VEC(as_global *) globals;   /* registered global properties */
    VEC(as_typedef_entry) typedefs; /* registered typedefs, in registration order */
    as_symtab symbols;          /* registered names */
    VEC(as_module *) modules;

    as_type *string_type;
    bool budget_on;                     /* as_engine_set_budget: contexts share budget_pool */
    uint64_t budget_pool;               /* steps left, less the shares contexts hold */
    uint32_t budget_gen;                /* counts as_engine_set_budget calls: stale shares are dropped */
    as_type *tmpl_instance;             /* the instance a template callback is being asked about */
    char *tmpl_error;                   /* the reason the callback gave for refusing it */
    as_string_factory string_factory;
    bool has_string_factory;
    as_type *default_array;     /* template base registered as the default array */
    VEC(as_type *) tmplfn_subtypes; /* the `T`s of registered template functions, shared by name
                                     * as in the reference (runtime/funcsubtype.c) */

    VEC(as_userdata) user_data;
    VEC(as_cleanup_entry) cleanups;
    VEC(as_config_group *) groups;  /* configuration groups (configgroup.c) */
    as_config_group *cur_group;     /* between begin and end */
    uint32_t default_access;        /* access mask given to what is registered now */
    as_gc_state gc;
    as_circular_ref_fn cycle_cb;    /* told of each object of a garbage cycle (gc.c) */
    void *cycle_user;
    VEC(struct as_context *) ctx_pool;  /* returned contexts for reuse (vm/ctxpool.c) */
    as_request_context_fn ctx_request;  /* the host's own pool, if it set one */
    as_return_context_fn ctx_return;
    void *ctx_user;
    int refcount;               /* as_engine_addref/_release; created with 1 */
    as_scoped_refs scoped;      /* extra references of scoped objects (scoped.c) */
    int building;               /* a build is in progress */
    /* lifetimes (engine.c): contexts hold a reference to their engine; calls that run script code
     * or host callbacks mark the engine busy, and what would free what they use waits for them */
    struct as_context *contexts;        /* live contexts, linked through their live_next */
    int busy;                           /* builds, loads, executions, collections in progress */
    bool destroy_pending;               /* as_engine_destroy while busy: done when the engine is idle */
    bool freeing;                       /* engine_free runs: references taken meanwhile free nothing */
    struct mem_account *account;        /* what its calls allocate (as_engine_set_memory_limit) */
    VEC(as_module *) zombie_modules;    /* discarded while busy: freed when the engine is idle */
    VEC(struct as_remains *) remains;   /* code of discarded or rebuilt modules (reclaim.c) */
    bool reclaim_wanted;                /* an orphan may have become free: look when idle */
    VEC(int) free_func_ids;             /* ids of freed functions, given to new ones */
    VEC(int) free_type_slots;           /* e->types slots of freed types, for types made by builds */
    struct as_creation_log *creation_log; /* a bytecode load in progress notes what it makes */
    bool has_bc_key;                    /* bytecode is authenticated with bc_key (bc_stream.c) */
    uint8_t bc_key[16];
    as_type **inst_buckets;             /* template instances by template and subtypes (typeindex.c) */
    uint32_t inst_cap, inst_count;
    int config_checked;         /* types[0..config_checked) were verified (verify.c) */
    bool config_invalid;        /* a registered type lacks behaviours: every build fails */
    char declbuf[1024];         /* as_*_declaration results */
    /* registration in progress: for error messages */
    const char *reg_decl;
};

/* ---- engine internals used across the library ---- */

/* User data slots (a VEC(as_userdata) *); cleanup calls the host's callbacks, then frees the slots. */
void *userdata_set(void *vec, void *data, uintptr_t key);
void *userdata_get(const void *vec, uintptr_t key);
void userdata_cleanup(as_engine *e, as_userdata_owner kind, void *owner, void *vec);
/* Configuration groups: what registration adds to the open group; freeing one. */
void config_group_note_type(as_engine *e, as_type *t);
void config_group_note_function(as_engine *e, as_function *f);
void config_group_note_global(as_engine *e, as_global *g);
void config_group_free(as_config_group *g);
void config_group_forget(as_engine *e, void *ptr);
/* Verifies the types registered since the last call (verify.c): AS_SUCCESS, or
 * AS_INVALID_CONFIGURATION with the reference's messages. Called before builds and loads. */
int engine_verify_config(as_engine *e);
/* Same parameters, return type and constness: funcdefs that differ only in name (refcast.c). */
bool function_same_signature(const as_function *a, const as_function *b);
/* Declaration of local variable i of script function f, e.g. "const string& s" (engine-owned
 * buffer), or NULL (funcinfo.c). */
const char *function_var_declaration(const as_function *f, int i);
/* Code of a module that is cleared (discarded, rebuilt, a failed build or load) becomes the
 * engine's "remains": its functions and types, and the template instances made of them, are
 * freed together once no object, handle, type or function uses them any more (reclaim.c). */
struct as_module;
void remains_collect(as_engine *e, struct as_module *m);
/* Puts f, made after its module went, into the remains r it belongs with (reclaim.c). */
void remains_adopt(as_engine *e, struct as_remains *r, as_function *f);
/* The factory the host sees for script class t's constructor ctor (factory.c); NULL for other types. */
as_function *type_script_factory(as_type *t, as_function *ctor);
/* What a bytecode load made, so a refused one can take it back (bc_load.c). */
typedef struct as_creation_log {
    VEC(as_function *) funcs;
    VEC(as_type *) types;
} as_creation_log;
/* Frees a function or type made and never used (its id or slot is given to the next one). */
void engine_unmake_function(as_engine *e, as_function *f);
void engine_unmake_type(as_engine *e, as_type *t);
/* Template instances by template and subtypes (typeindex.c): lookups in O(1). */
void engine_index_instance(as_engine *e, as_type *t);
void engine_unindex_instance(as_engine *e, as_type *t);
as_type *engine_find_instance(as_engine *e, const as_type *tmpl, const as_dtype *subs, int n);
void engine_free_instance_index(as_engine *e);
/* Frees the remains nothing uses; only when the engine is idle. */
void engine_reclaim(as_engine *e);
/* Frees every remains, used or not (the engine goes). */
void remains_free_all(as_engine *e);
/* Destroys the contexts in the engine's pool (vm/ctxpool.c). */
void ctxpool_free(as_engine *e);
/* Around public calls that run script code or host callbacks (engine.c): engine_leave does what
 * waited for the engine to be idle (modules discarded meanwhile, as_engine_destroy). */
static inline void *engine_enter(as_engine *e)  /* returns what engine_leave restores (the memory account) */
{
    e->busy++;
    mem_account *prev = mem_current_account;
    mem_current_account = e->account;
    return prev;
}
void engine_idle(as_engine *e);
static inline void engine_leave(as_engine *e, void *entered)
{
    mem_current_account = entered;
    /* idle: what waited for the calls in progress to end (mostly nothing) */
    if (--e->busy == 0 && (e->zombie_modules.count || e->reclaim_wanted || e->destroy_pending)) engine_idle(e);
}
/* Unprepares the live contexts that are prepared for, or suspended in, code of module m (all of
 * them for m NULL): they would run code whose module is gone (vm/context.c). */
void contexts_forget_module(as_engine *e, const struct as_module *m);
/* Whether a context is executing code of module m now (its frames are on the C stack). */
bool contexts_running_module(as_engine *e, const struct as_module *m);
/* Property i of t counting inherited ones first, and how many there are (objapi.c). */
const as_property *type_property_at(const as_type *t, int i);
int type_property_total(const as_type *t);
/* Unbinds every import bound to a function of module gone (it is being discarded or rebuilt). */
void imports_forget_module(as_module *gone);
/* Parses a function declaration as in registration, resolving types as module m sees them (m
 * NULL: as registrations in the engine's default namespace see them). */
bool register_parse_signature(as_engine *e, as_module *m, const char *decl, as_function *out);
as_namespace *engine_namespace(as_engine *e, const char *full_name);   /* finds or creates */
as_namespace *engine_find_namespace(as_engine *e, const char *full_name);
bool namespace_name_valid(const char *full_name);
as_namespace *engine_child_namespace(as_engine *e, as_namespace *parent, const char *name);
const char *engine_intern(as_engine *e, const char *s, size_t len);
/* Where a message goes without a message callback: stderr, in the command line's form (messages.c). */
void message_print_default(const as_message *m);
void engine_message(as_engine *e, const char *section, int row, int col, as_msgtype type, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;
as_type *engine_new_type(as_engine *e, as_type_kind kind, const char *name, as_namespace *ns);
/* A funcdef type (handles only) whose signature is sig, named after it. */
as_type *engine_new_funcdef(as_engine *e, as_function *sig, as_namespace *ns);
as_function *engine_new_function(as_engine *e, as_func_kind kind, const char *name, as_namespace *ns);
void engine_free_function(as_engine *e, as_function *f);
void engine_free_type(as_engine *e, as_type *t);
as_type *engine_prim(as_engine *e, int type_id);

/* Registered template functions (funcsubtype.c): the shared subtype type named iname (interned),
 * made when create; unlinking an instance from its template, or a template from its instances,
 * as either is freed. */
as_type *tmplfn_subtype(as_engine *e, const char *iname, bool create);
void tmplfn_forget(as_function *f);

/* Computes the argument slot layout of f from its signature. */
void function_layout_args(as_function *f);
/* Frees a param_slot function_layout_args made (the shared layouts are not freed). */
void function_free_param_slot(uint16_t *slots);
/* Declaration text into buf (size n). */
void function_format_decl(const as_function *f, char *buf, size_t n, bool include_obj, bool include_ns, bool param_names);
void dtype_format(const as_dtype *dt, char *buf, size_t n, bool include_ns);
int dtype_type_id(const as_dtype *dt);
/* Slots a value of this data type takes in a frame (value objects are stored inline). */
int dtype_slots(const as_dtype *dt);

#endif
