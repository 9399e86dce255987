/* angelc — the AngelScript language in C11.
 *
 * The host API: engines, registration of the host's types and functions, modules, contexts.
 * Concepts and numeric constants follow AngelScript's application interface (asIScriptEngine,
 * asIScriptModule, asIScriptContext, asIScriptGeneric), in C naming: asXxx -> as_xxx.
 * Every function returning int returns a negative AS_* error code on failure.
 *
 * Threads. angelc has no locks; what it guarantees is that engines share nothing:
 *  - Separate engines may be used on separate threads at the same time, with everything made
 *    from each (modules, contexts, functions, types, script objects, add-on objects). The
 *    library keeps no mutable process-wide state apart from the two things below; per-thread
 *    state (as_active_context, the nesting count of executions) is thread-local.
 *  - One engine, and everything made from it, must be used by one thread at a time. A host may
 *    hand an engine from thread to thread (a mutex, or any other happens-before ordering), also
 *    between the calls of one suspended context; two contexts of one engine must not execute
 *    at the same time on two threads, and no other call may be made on the engine meanwhile
 *    (registration, builds, garbage collection, releasing its objects).
 *  - Objects never cross engines: a script object or add-on object belongs to the engine that
 *    made it, and is only passed to that engine's functions.
 *  - Process-wide: as_set_global_memory_functions / as_reset_global_memory_functions (called
 *    before the first engine is created and after the last one is destroyed, while no other
 *    thread uses angelc), and the binding toolkit's list of declared binds (angelc_bind.h:
 *    filled before threads start, read by as_bind_run).
 *  - Callbacks (messages, line, exception, context requests, host functions) run on the thread
 *    that made the call into the engine.
 *  - The exception to one thread at a time: while a context executes, another thread (or a
 *    signal handler) may call as_context_abort, as_context_suspend and
 *    as_context_set_line_callback / as_context_clear_line_callback on it (tests/api/threads_requests.c).
 * tests/api/threads.c checks this under ThreadSanitizer: `make tsan`.
 *
 * Failure. No call aborts the process. Running out of memory (or past as_engine_set_memory_limit)
 * makes a build, load, compile or registration fail with AS_OUT_OF_MEMORY and the message "out of
 * memory", and a script raise the exception "out of memory"; the engine stays usable. Hostile
 * scripts are refused or stopped: nesting past what the compiler handles is "Too deeply nested",
 * a function whose frame or jumps do not fit is "Function is too large"; every loop honours a
 * context's budget, line callback and abort, and so do the contexts the engine runs script code
 * in for the host (global initialisers: as_engine_set_context_callbacks; add-on callbacks run
 * nested in the calling context). Handles passed as NULL are AS_INVALID_ARG (or NULL/0). What a
 * host may trust of saved bytecode is said at as_module_load_bytecode. */
#ifndef ANGELC_H
#define ANGELC_H
#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* angelc's version: the one place it is written (CMake's project version, angelc.pc, the CMake
 * package, the man page and `angelc --version` take it from here; CHANGELOG.md says what changed). */
#define ANGELC_VERSION "0.2.0"
/* The AngelScript version angelc implements (ANGELSCRIPT_VERSION's form: 2.38.0 is 23800). */
#define ANGELC_AS_VERSION 23800
#define ANGELC_AS_VERSION_STRING "2.38.0"

/* asGetLibraryVersion: the AngelScript version angelc implements (ANGELC_AS_VERSION_STRING); asGetLibraryOptions:
 * the configuration, space separated in the reference's form (" AS_64BIT_PTR AS_LINUX ... "). */
const char *as_library_version(void);
const char *as_library_options(void);

/* The host's allocator (asSetGlobalMemoryFunctions): once set, every allocation angelc makes
 * goes through alloc and is given back through free. Set it before creating the first engine
 * and reset it only after the last one is destroyed. AS_INVALID_ARG if either is NULL. */
typedef void *(*as_alloc_fn)(size_t size);
typedef void (*as_free_fn)(void *ptr);
int as_set_global_memory_functions(as_alloc_fn alloc, as_free_fn free);
/* Back to the C library's malloc and free. */
int as_reset_global_memory_functions(void);
/* Memory from the allocator angelc uses (as the add-ons allocate); free it with as_free_mem. */
void *as_alloc_mem(size_t size);
void as_free_mem(void *ptr);

typedef struct as_engine   as_engine;
typedef struct as_module   as_module;
typedef struct as_context  as_context;
typedef struct as_function as_function;
typedef struct as_type     as_type;      /* type information (asITypeInfo) */
typedef struct as_generic  as_generic;   /* arguments of a generic-convention call */

/* ---- return codes (asERetCodes) ---- */
enum {
    AS_SUCCESS = 0, AS_ERROR = -1, AS_CONTEXT_ACTIVE = -2, AS_CONTEXT_NOT_FINISHED = -3,
    AS_CONTEXT_NOT_PREPARED = -4, AS_INVALID_ARG = -5, AS_NO_FUNCTION = -6, AS_NOT_SUPPORTED = -7,
    AS_INVALID_NAME = -8, AS_NAME_TAKEN = -9, AS_INVALID_DECLARATION = -10, AS_INVALID_OBJECT = -11,
    AS_INVALID_TYPE = -12, AS_ALREADY_REGISTERED = -13, AS_MULTIPLE_FUNCTIONS = -14,
    AS_NO_MODULE = -15, AS_NO_GLOBAL_VAR = -16, AS_INVALID_CONFIGURATION = -17,
    AS_INVALID_INTERFACE = -18, AS_CANT_BIND_ALL_FUNCTIONS = -19,
    AS_LOWER_ARRAY_DIMENSION_NOT_REGISTERED = -20, AS_WRONG_CONFIG_GROUP = -21,
    AS_CONFIG_GROUP_IS_IN_USE = -22, AS_ILLEGAL_BEHAVIOUR_FOR_TYPE = -23,
    AS_WRONG_CALLING_CONV = -24, AS_BUILD_IN_PROGRESS = -25, AS_INIT_GLOBAL_VARS_FAILED = -26,
    AS_OUT_OF_MEMORY = -27, AS_MODULE_IS_IN_USE = -28
};
/* A return code in words, for error reports: AS_SUCCESS "success", AS_INVALID_ARG "invalid
 * argument", ...; "unknown result code" for any other value (ids, counts, as_exec_state). A static
 * string, never NULL. */
const char *as_result_text(int code);

/* ---- engine properties (asEEngineProp) ---- */
typedef enum as_engine_prop {
    AS_EP_ALLOW_UNSAFE_REFERENCES = 1, AS_EP_OPTIMIZE_BYTECODE = 2, AS_EP_COPY_SCRIPT_SECTIONS = 3,
    AS_EP_MAX_STACK_SIZE = 4, AS_EP_USE_CHARACTER_LITERALS = 5, AS_EP_ALLOW_MULTILINE_STRINGS = 6,
    AS_EP_ALLOW_IMPLICIT_HANDLE_TYPES = 7, AS_EP_BUILD_WITHOUT_LINE_CUES = 8,
    AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD = 9, AS_EP_REQUIRE_ENUM_SCOPE = 10, AS_EP_SCRIPT_SCANNER = 11,
    AS_EP_INCLUDE_JIT_INSTRUCTIONS = 12, AS_EP_STRING_ENCODING = 13, AS_EP_PROPERTY_ACCESSOR_MODE = 14,
    AS_EP_EXPAND_DEF_ARRAY_TO_TMPL = 15, AS_EP_AUTO_GARBAGE_COLLECT = 16,
    AS_EP_DISALLOW_GLOBAL_VARS = 17, AS_EP_ALWAYS_IMPL_DEFAULT_CONSTRUCT = 18,
    AS_EP_COMPILER_WARNINGS = 19, AS_EP_DISALLOW_VALUE_ASSIGN_FOR_REF_TYPE = 20,
    AS_EP_ALTER_SYNTAX_NAMED_ARGS = 21, AS_EP_DISABLE_INTEGER_DIVISION = 22,
    AS_EP_DISALLOW_EMPTY_LIST_ELEMENTS = 23, AS_EP_PRIVATE_PROP_AS_PROTECTED = 24,
    AS_EP_ALLOW_UNICODE_IDENTIFIERS = 25, AS_EP_HEREDOC_TRIM_MODE = 26, AS_EP_MAX_NESTED_CALLS = 27,
    AS_EP_GENERIC_CALL_MODE = 28, AS_EP_INIT_STACK_SIZE = 29, AS_EP_INIT_CALL_STACK_SIZE = 30,
    AS_EP_MAX_CALL_STACK_SIZE = 31,
    /* 2.36-2.38 */
    AS_EP_IGNORE_DUPLICATE_SHARED_INTF = 32, /* 1: a shared interface may be declared twice in a script */
    AS_EP_NO_DEBUG_OUTPUT = 33,            /* accepted for compatibility; angelc prints no debug output */
    AS_EP_DISABLE_SCRIPT_CLASS_GC = 34,    /* 1: script objects are freed by reference counting only */
    AS_EP_JIT_INTERFACE_VERSION = 35,      /* 1 or 2; accepted for compatibility (angelc has no JIT) */
    AS_EP_ALWAYS_IMPL_DEFAULT_COPY = 36,   /* copy opAssign written: 0 no opAssign declared, 1 always, 2 never */
    AS_EP_ALWAYS_IMPL_DEFAULT_COPY_CONSTRUCT = 37, /* copy constructor: 0 only default ctors declared, 1 always, 2 never */
    AS_EP_MEMBER_INIT_MODE = 38,           /* 1 (default): 2.38's member initialisation; 0: before 2.38's */
    AS_EP_BOOL_CONVERSION_MODE = 39,       /* 1: conditions convert objects to bool (opImplConv) */
    AS_EP_FOREACH_SUPPORT = 40,            /* 1 (default): foreach loops; 0: `foreach` is a plain identifier */
    AS_EP_RELOAD_ROOM = 41,                /* bytes (default 0) each script object gets spare, so a full hot
                                            * reload can grow its class in place (as_module_reload) */
    AS_EP_LAST_PROPERTY
} as_engine_prop;

/* ---- calling conventions (asECallConvTypes; the C++-only THISCALL forms are not supported) ---- */
typedef enum as_callconv {
    AS_CALL_CDECL = 0,          /* plain C function */
    AS_CALL_CDECL_OBJLAST = 4,  /* method: the object pointer is the last argument */
    AS_CALL_CDECL_OBJFIRST = 5, /* method: the object pointer is the first argument */
    AS_CALL_GENERIC = 6         /* void f(as_generic *) */
} as_callconv;

/* ---- object type flags (asEObjTypeFlags) ---- */
#define AS_OBJ_REF                   (1u << 0)
#define AS_OBJ_VALUE                 (1u << 1)
#define AS_OBJ_GC                    (1u << 2)
#define AS_OBJ_POD                   (1u << 3)
#define AS_OBJ_NOHANDLE              (1u << 4)
#define AS_OBJ_SCOPED                (1u << 5)
#define AS_OBJ_TEMPLATE              (1u << 6)
#define AS_OBJ_ASHANDLE              (1u << 7)
#define AS_OBJ_APP_CLASS             (1u << 8)
#define AS_OBJ_APP_CLASS_CONSTRUCTOR (1u << 9)
#define AS_OBJ_APP_CLASS_DESTRUCTOR  (1u << 10)
#define AS_OBJ_APP_CLASS_ASSIGNMENT  (1u << 11)
#define AS_OBJ_APP_CLASS_COPY_CONSTRUCTOR (1u << 12)
/* The reference's named combinations: C constructor, D destructor, A assignment, K copy constructor. */
#define AS_OBJ_APP_CLASS_C    (AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_CONSTRUCTOR)
#define AS_OBJ_APP_CLASS_CD   (AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_CONSTRUCTOR | AS_OBJ_APP_CLASS_DESTRUCTOR)
#define AS_OBJ_APP_CLASS_CA   (AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_CONSTRUCTOR | AS_OBJ_APP_CLASS_ASSIGNMENT)
#define AS_OBJ_APP_CLASS_CK   (AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_CONSTRUCTOR | AS_OBJ_APP_CLASS_COPY_CONSTRUCTOR)
#define AS_OBJ_APP_CLASS_CDA  (AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_CONSTRUCTOR | AS_OBJ_APP_CLASS_DESTRUCTOR | AS_OBJ_APP_CLASS_ASSIGNMENT)
#define AS_OBJ_APP_CLASS_CDK  (AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_CONSTRUCTOR | AS_OBJ_APP_CLASS_DESTRUCTOR | AS_OBJ_APP_CLASS_COPY_CONSTRUCTOR)
#define AS_OBJ_APP_CLASS_CAK  (AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_CONSTRUCTOR | AS_OBJ_APP_CLASS_ASSIGNMENT | AS_OBJ_APP_CLASS_COPY_CONSTRUCTOR)
#define AS_OBJ_APP_CLASS_CDAK (AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_CONSTRUCTOR | AS_OBJ_APP_CLASS_DESTRUCTOR | AS_OBJ_APP_CLASS_ASSIGNMENT | AS_OBJ_APP_CLASS_COPY_CONSTRUCTOR)
#define AS_OBJ_APP_CLASS_D    (AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_DESTRUCTOR)
#define AS_OBJ_APP_CLASS_DA   (AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_DESTRUCTOR | AS_OBJ_APP_CLASS_ASSIGNMENT)
#define AS_OBJ_APP_CLASS_DK   (AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_DESTRUCTOR | AS_OBJ_APP_CLASS_COPY_CONSTRUCTOR)
#define AS_OBJ_APP_CLASS_DAK  (AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_DESTRUCTOR | AS_OBJ_APP_CLASS_ASSIGNMENT | AS_OBJ_APP_CLASS_COPY_CONSTRUCTOR)
#define AS_OBJ_APP_CLASS_A    (AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_ASSIGNMENT)
#define AS_OBJ_APP_CLASS_AK   (AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_ASSIGNMENT | AS_OBJ_APP_CLASS_COPY_CONSTRUCTOR)
#define AS_OBJ_APP_CLASS_K    (AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_COPY_CONSTRUCTOR)
#define AS_OBJ_APP_PRIMITIVE         (1u << 13)
#define AS_OBJ_APP_FLOAT             (1u << 14)
#define AS_OBJ_APP_ARRAY             (1u << 15)
#define AS_OBJ_APP_CLASS_ALLINTS     (1u << 16)
#define AS_OBJ_APP_CLASS_ALLFLOATS   (1u << 17)
#define AS_OBJ_NOCOUNT               (1u << 18)
#define AS_OBJ_APP_CLASS_ALIGN8      (1u << 19)
#define AS_OBJ_IMPLICIT_HANDLE       (1u << 20)
/* the C type has constructors besides the default and copy ones (native calls by value) */
#define AS_OBJ_APP_CLASS_MORE_CONSTRUCTORS (1u << 31)
/* 16-byte alignment: not supported (refused, as by the reference on this platform) */
#define AS_OBJ_APP_ALIGN16                 (1u << 30)
/* the flags as_register_object_type accepts; it also refuses inconsistent combinations, as the
 * reference does: APP_* or POD on a REF type, more than one of GC/NOHANDLE/SCOPED/NOCOUNT, ... */
#define AS_OBJ_MASK_VALID_FLAGS      0x801FFFFFu
/* flags angelc sets itself, readable through as_type_flags() */
#define AS_OBJ_SCRIPT_OBJECT         (1u << 21)
#define AS_OBJ_SHARED                (1u << 22)
#define AS_OBJ_NOINHERIT             (1u << 23)
#define AS_OBJ_FUNCDEF               (1u << 24)
#define AS_OBJ_LIST_PATTERN          (1u << 25)
#define AS_OBJ_ENUM                  (1u << 26)
#define AS_OBJ_TEMPLATE_SUBTYPE      (1u << 27)
#define AS_OBJ_TYPEDEF               (1u << 28)
#define AS_OBJ_ABSTRACT              (1u << 29)

/* ---- behaviours (asEBehaviours) ---- */
typedef enum as_behaviour {
    AS_BEHAVE_CONSTRUCT, AS_BEHAVE_LIST_CONSTRUCT, AS_BEHAVE_DESTRUCT,
    AS_BEHAVE_FACTORY, AS_BEHAVE_LIST_FACTORY, AS_BEHAVE_ADDREF, AS_BEHAVE_RELEASE,
    AS_BEHAVE_GET_WEAKREF_FLAG, AS_BEHAVE_TEMPLATE_CALLBACK,
    AS_BEHAVE_GETREFCOUNT, AS_BEHAVE_SETGCFLAG, AS_BEHAVE_GETGCFLAG, AS_BEHAVE_ENUMREFS,
    AS_BEHAVE_RELEASEREFS,
    AS_BEHAVE_MAX
} as_behaviour;

/* ---- type ids (asETypeIdFlags): primitives are 0..11 ---- */
enum {
    AS_TYPEID_VOID = 0, AS_TYPEID_BOOL = 1, AS_TYPEID_INT8 = 2, AS_TYPEID_INT16 = 3,
    AS_TYPEID_INT32 = 4, AS_TYPEID_INT64 = 5, AS_TYPEID_UINT8 = 6, AS_TYPEID_UINT16 = 7,
    AS_TYPEID_UINT32 = 8, AS_TYPEID_UINT64 = 9, AS_TYPEID_FLOAT = 10, AS_TYPEID_DOUBLE = 11,
    AS_TYPEID_OBJHANDLE = 0x40000000, AS_TYPEID_HANDLETOCONST = 0x20000000,
    AS_TYPEID_MASK_OBJECT = 0x1C000000, AS_TYPEID_APPOBJECT = 0x04000000,
    AS_TYPEID_SCRIPTOBJECT = 0x08000000, AS_TYPEID_TEMPLATE = 0x10000000,
    AS_TYPEID_MASK_SEQNBR = 0x03FFFFFF
};

/* ---- type modifiers of parameters (asETypeModifiers) ---- */
enum { AS_TM_NONE = 0, AS_TM_INREF = 1, AS_TM_OUTREF = 2, AS_TM_INOUTREF = 3, AS_TM_CONST = 4 };

/* ---- context states (asEContextState) ---- */
typedef enum as_exec_state {
    AS_EXECUTION_FINISHED = 0, AS_EXECUTION_SUSPENDED = 1, AS_EXECUTION_ABORTED = 2,
    AS_EXECUTION_EXCEPTION = 3, AS_EXECUTION_PREPARED = 4, AS_EXECUTION_UNINITIALIZED = 5,
    AS_EXECUTION_ACTIVE = 6, AS_EXECUTION_ERROR = 7
} as_exec_state;

/* ---- module lookup (asEGMFlags) ---- */
typedef enum as_getmodule {
    AS_GM_ONLY_IF_EXISTS = 0, AS_GM_CREATE_IF_NOT_EXISTS = 1, AS_GM_ALWAYS_CREATE = 2
} as_getmodule;

/* ---- messages from the compiler and from registration ---- */
typedef enum as_msgtype { AS_MSG_ERROR = 0, AS_MSG_WARNING = 1, AS_MSG_INFORMATION = 2 } as_msgtype;
typedef struct as_message {
    const char *section;   /* script section name, or "" for registration messages */
    int row, col;
    as_msgtype type;
    const char *message;
} as_message;
typedef void (*as_message_fn)(const as_message *msg, void *user);

/* Any C function pointer, cast with AS_FN(f) when registering; the declaration string says how to call it. */
typedef void (*as_fnptr)(void);
#define AS_FN(f) ((as_fnptr)(f))

/* String constants of the script are made by the host's string type (asIStringFactory). */
typedef struct as_string_factory {
    /* Returns an object of the registered string type holding data[0..len); kept until released. */
    const void *(*get_constant)(void *user, const char *data, unsigned len);
    int (*release_constant)(void *user, const void *str);
    /* Copies the bytes of str into data (if not NULL) and stores the length in *len. */
    int (*get_raw_data)(void *user, const void *str, char *data, unsigned *len);
    void *user;
} as_string_factory;

/* ======================================================================================= engine */

/* A new engine with nothing registered (no string type, no print). NULL if out of memory. */
as_engine *as_engine_create(void);
/* ShutDownAndRelease: discards all modules, collects the garbage and gives up the creator's
 * reference; the engine is freed with its last reference (normally this one). */
void as_engine_destroy(as_engine *e);
/* Engine references for whatever must keep it alive (an add-on, another subsystem): addref and
 * release return the new count; the last release frees the engine. */
int as_engine_addref(as_engine *e);
int as_engine_release(as_engine *e);
/* A limit on the memory an engine allocates while it works: what its calls allocate (builds,
 * loads, executions with their objects and strings, collections, registrations) is counted
 * against it; past the limit an allocation fails as when memory runs out (a build fails with "out
 * of memory", a script raises the exception "out of memory"). 0 (the default) is no limit.
 * as_engine_memory_usage gives the bytes counted now and the most there were. Memory the host
 * asks for outside the engine's calls is not counted. */
int as_engine_set_memory_limit(as_engine *e, size_t bytes);
int as_engine_memory_usage(as_engine *e, size_t *current, size_t *peak);
/* Where compiler and registration messages go. Without a callback (the default, or fn NULL) each
 * is written to stderr as `angelc check` prints it, `section:row:col: error: text` (`angelc:
 * error: text` for registration messages); as_message_discard silences them all (the reference
 * drops them). */
int as_engine_set_message_callback(as_engine *e, as_message_fn fn, void *user);
/* The callback that drops every message: as_engine_set_message_callback(e, as_message_discard, NULL). */
void as_message_discard(const as_message *msg, void *user);
/* The message callback now set (*fn NULL when none: the stderr default); outputs may be NULL. */
int as_engine_get_message_callback(as_engine *e, as_message_fn *fn, void **user);
/* Sends a message to the message callback, as the compiler would. */
int as_engine_write_message(as_engine *e, const char *section, int row, int col, as_msgtype type, const char *msg);
/* Sets an engine property (as SetEngineProperty); AS_INVALID_ARG for an unknown property or mode. */
int as_engine_set_property(as_engine *e, as_engine_prop prop, int64_t value);
/* The property's current value (0 for an unknown property). */
int64_t as_engine_get_property(as_engine *e, as_engine_prop prop);
/* The property's name as the reference spells it after asEP_ ("DISABLE_INTEGER_DIVISION"), or NULL. */
const char *as_engine_property_name(as_engine_prop prop);
/* The property named so (case-insensitive, with or without "AS_EP_"), or AS_INVALID_ARG. */
int as_engine_property_by_name(const char *name);

/* Token classes of as_engine_parse_token (asETokenClass). */
typedef enum as_token_class {
    AS_TC_UNKNOWN = 0, AS_TC_KEYWORD = 1, AS_TC_VALUE = 2, AS_TC_IDENTIFIER = 3,
    AS_TC_COMMENT = 4, AS_TC_WHITESPACE = 5
} as_token_class;
/* Classifies the script token at the start of s[0..len) (len 0: up to the NUL) as the compiler
 * would (operators are keywords; a literal is a value); *token_len (may be NULL) gets its length. */
as_token_class as_engine_parse_token(as_engine *e, const char *s, size_t len, int *token_len);

/* User data slots keyed by the caller's own key; set returns the previous value of the slot. */
void *as_engine_set_user_data(as_engine *e, void *data, uintptr_t key);
void *as_engine_get_user_data(as_engine *e, uintptr_t key);

/* Which kind of owner a user data cleanup callback is for. */
typedef enum as_userdata_owner {
    AS_UD_ENGINE, AS_UD_MODULE, AS_UD_CONTEXT, AS_UD_FUNCTION, AS_UD_TYPE,
    AS_UD_OBJECT   /* script objects, as_object_set_user_data */
} as_userdata_owner;
/* Called with the owner (as_engine*, as_module*, ...) and the non-NULL data stored under key. */
typedef void (*as_cleanup_fn)(void *owner, void *data, uintptr_t key);
/* Calls fn for the user data under key of each owner of this kind as it is destroyed (NULL: stop). */
int as_engine_set_user_data_cleanup(as_engine *e, as_userdata_owner kind, uintptr_t key, as_cleanup_fn fn);

/* ================================================================================ registration */

/* Namespace that following registrations go into ("" for the global one, "a::b" nested). */
int as_engine_set_default_namespace(as_engine *e, const char *ns);
const char *as_engine_get_default_namespace(as_engine *e);

/* An object type: a value type (AS_OBJ_VALUE, byte_size bytes) or reference type (AS_OBJ_REF). Returns the type id. */
int as_register_object_type(as_engine *e, const char *name, int byte_size, uint32_t flags);
/* A behaviour (constructor, factory, addref, ...) of an object type, e.g. AS_BEHAVE_CONSTRUCT "void f(int)". */
int as_register_object_behaviour(as_engine *e, const char *type, as_behaviour beh, const char *decl,
                                 as_fnptr fn, as_callconv cc, void *aux);
/* A method, e.g. "int length() const", called with the object as first/last arg or through as_generic.
 * Methods and global functions may be templates, "T get<T>(const T &in)" (2.38, generic calling
 * convention only; not on template types): scripts call them as `obj.get<int>(1)`. */
int as_register_object_method(as_engine *e, const char *type, const char *decl, as_fnptr fn,
                              as_callconv cc, void *aux);
/* A field at byte_offset in the object, e.g. "int x". */
int as_register_object_property(as_engine *e, const char *type, const char *decl, int byte_offset);
/* A global function, e.g. "void print(const string &in)". Returns the function id. A template
 * function, "T Identity<T>(const T &in)" (2.38, at most 16 subtypes), takes the generic calling
 * convention: scripts call its instances, `Identity<int>(3)`, and the C function learns their
 * subtypes from as_function_subtype_id(as_generic_function(g), i). */
int as_register_global_function(as_engine *e, const char *decl, as_fnptr fn, as_callconv cc, void *aux);
/* A global variable living at ptr in the host, e.g. "const int MAX". */
int as_register_global_property(as_engine *e, const char *decl, void *ptr);
/* The string type the script's string literals produce (e.g. "string"). */
int as_register_string_factory(as_engine *e, const char *type_decl, const as_string_factory *factory);
/* The string factory registered (asIScriptEngine::GetStringFactory) and its type id in *type_id
 * (may be NULL); NULL if none. The pointer stays valid while the engine lives. */
const as_string_factory *as_engine_get_string_factory(as_engine *e, int *type_id);
/* The template type `T[]` is sugar for, e.g. "array<T>". */
int as_register_default_array_type(as_engine *e, const char *type_decl);
/* Type id of the template registered as the default array (AS_INVALID_TYPE if none). */
int as_engine_default_array_type_id(as_engine *e);
int as_register_enum(as_engine *e, const char *name);
int as_register_enum_value(as_engine *e, const char *enum_name, const char *name, int value);
int as_register_funcdef(as_engine *e, const char *decl);
int as_register_typedef(as_engine *e, const char *name, const char *decl);
int as_register_interface(as_engine *e, const char *name);
int as_register_interface_method(as_engine *e, const char *intf, const char *decl);

/* ================================================================================ type info */

/* Type id of a declaration ("int", "string@", "array<int>"), or a negative error code. */
int as_engine_type_id_by_decl(as_engine *e, const char *decl);
/* Declaration text of a type id (in a buffer owned by the engine, valid until the next call). */
const char *as_engine_type_declaration(as_engine *e, int type_id, bool include_namespace);
/* Size in bytes of a primitive type id (0 for non-primitives). */
int as_engine_primitive_size(as_engine *e, int type_id);
as_type *as_engine_type_by_id(as_engine *e, int type_id);
as_type *as_engine_type_by_name(as_engine *e, const char *name);
as_type *as_engine_type_by_decl(as_engine *e, const char *decl);

const char *as_type_name(const as_type *t);
const char *as_type_namespace(const as_type *t);
int as_type_id(const as_type *t);
uint32_t as_type_flags(const as_type *t);
int as_type_size(const as_type *t);
as_engine *as_type_engine(const as_type *t);
/* References to a type (asITypeInfo::AddRef/Release): the type of a discarded or rebuilt module
 * is freed once no object of it lives and no reference to it is held. The objects of a registered
 * template type hold one to their instance (array<Node@> made for a script class Node), as the
 * add-ons do. Both return the count of such references (AS_INVALID_ARG for NULL). */
int as_type_addref(as_type *t);
int as_type_release(as_type *t);
/* Template instances: array<int> has one subtype, int. */
int as_type_subtype_count(const as_type *t);
int as_type_subtype_id(const as_type *t, int i);
as_type *as_type_subtype(const as_type *t, int i);
/* Access masks: what is registered from now on (types, functions, properties, methods,
 * behaviours) gets this mask, and is visible to a module only if the module's mask shares a bit
 * with it (the engine's is 0xFFFFFFFF by default, a module's 1). Each returns the previous mask. */
uint32_t as_engine_set_default_access_mask(as_engine *e, uint32_t mask);
uint32_t as_module_set_access_mask(as_module *m, uint32_t mask);
/* The mask a registered type, global property or typedef (by index) was registered with
 * (0xFFFFFFFF for script types; 0 for a bad index). Functions: as_function_access_mask; object
 * properties: as_type_property_traits. */
uint32_t as_type_access_mask(const as_type *t);
uint32_t as_engine_global_property_access_mask(as_engine *e, int index);
uint32_t as_engine_typedef_access_mask(as_engine *e, int index);
/* Configuration groups: what is registered between begin and end (not nested) can be removed
 * together, with methods, behaviours and properties of its types. Removal fails with
 * AS_CONFIG_GROUP_IS_IN_USE while a built module exists or something registered outside the
 * group uses one of its types. */
int as_engine_begin_config_group(as_engine *e, const char *name);
int as_engine_end_config_group(as_engine *e);
int as_engine_remove_config_group(as_engine *e, const char *name);
/* What the host registered, in registration order: object types, templates, enums, funcdefs
 * (not template instances nor script types). */
int as_engine_type_count(as_engine *e);
as_type *as_engine_type_by_index(as_engine *e, int index);
/* The same list by kind, as the reference keeps it (GetObjectTypeCount/ByIndex: object types and
 * templates; GetEnumCount/ByIndex; GetFuncdefCount/ByIndex); NULL if out of range. */
int as_engine_object_type_count(as_engine *e);
as_type *as_engine_object_type_by_index(as_engine *e, int index);
int as_engine_enum_count(as_engine *e);
as_type *as_engine_enum_by_index(as_engine *e, int index);
int as_engine_funcdef_count(as_engine *e);
as_type *as_engine_funcdef_by_index(as_engine *e, int index);
/* Registered global properties: name, namespace, type id, constness and address (outputs may be NULL). */
int as_engine_global_property_count(as_engine *e);
int as_engine_global_property(as_engine *e, int index, const char **name, const char **ns, int *type_id, bool *is_const, void **address);
/* Index of a registered global property by name ("x" or "ns::x") or by declaration
 * ("const int ns::x"); AS_NO_GLOBAL_VAR if none, AS_INVALID_DECLARATION for a malformed one. */
int as_engine_global_property_index_by_name(as_engine *e, const char *name);
int as_engine_global_property_index_by_decl(as_engine *e, const char *decl);
/* Registered typedefs (as_register_typedef) in registration order: name, namespace and the type
 * id of the primitive they stand for (outputs may be NULL). */
int as_engine_typedef_count(as_engine *e);
int as_engine_typedef(as_engine *e, int index, const char **name, const char **ns, int *type_id);
/* Constructors (value types) or factories (reference types) of a type. */
int as_type_factory_count(const as_type *t);
as_function *as_type_factory_by_index(const as_type *t, int index);
/* The base class of a script class (NULL for none). */
as_type *as_type_base(const as_type *t);
/* Whether t is base or derives from it (script classes; a type derives from itself). */
bool as_type_derives_from(const as_type *t, const as_type *base);
/* Interfaces of a script class or interface, inherited ones included; implements: t is intf or
 * has it among them. */
int as_type_interface_count(const as_type *t);
as_type *as_type_interface(const as_type *t, int i);
bool as_type_implements(const as_type *t, const as_type *intf);
int as_type_method_count(const as_type *t);
as_function *as_type_method_by_index(const as_type *t, int i);
/* The first method of that name (NULL if none). */
as_function *as_type_method_by_name(const as_type *t, const char *name);
/* The method matching a declaration such as "int opCmp(const T &in) const" (NULL if none). */
as_function *as_type_method_by_decl(const as_type *t, const char *decl);
/* Properties of script classes count inherited ones first, as the reference numbers them. */
int as_type_property_count(const as_type *t);
/* Name, type id and byte offset of property i. */
int as_type_property(const as_type *t, int i, const char **name, int *type_id, int *offset);
/* Declaration of property i, e.g. "private int secret" (engine-owned buffer, valid until the
 * next call; NULL if out of range). */
const char *as_type_property_declaration(const as_type *t, int i, bool include_namespace);
/* More of property i: private, protected, whether the object holds it through a reference
 * (script class members of reference types), its access mask (outputs may be NULL). */
int as_type_property_traits(const as_type *t, int i, bool *is_private, bool *is_protected, bool *is_reference,
                            uint32_t *access_mask);
/* The factory matching a declaration such as "D@ D(int)" (NULL if none). */
as_function *as_type_factory_by_decl(const as_type *t, const char *decl);
/* Behaviours of t (GetBehaviourCount/ByIndex): constructors of value types and script classes,
 * the list factory or constructor, destructor, reference counting, weak reference flag,
 * template callback and GC behaviours; *kind (may be NULL) says which. NULL if out of range. */
int as_type_behaviour_count(const as_type *t);
as_function *as_type_behaviour_by_index(const as_type *t, int i, as_behaviour *kind);
/* The module that declared a script type (NULL for registered types), its configuration group
 * (NULL: default), and the type owning a child funcdef (NULL for others). */
as_module *as_type_module(const as_type *t);
const char *as_type_config_group(const as_type *t);
as_type *as_type_parent_type(const as_type *t);
/* Child funcdefs, e.g. array<T>::less. */
int as_type_child_funcdef_count(const as_type *t);
as_type *as_type_child_funcdef(const as_type *t, int i);
/* For funcdef types: the signature. */
as_function *as_type_funcdef_signature(const as_type *t);
/* Enum types: the number of values, and value i (its name; *value gets the number). NULL if out of range. */
int as_type_enum_value_count(const as_type *t);
const char *as_type_enum_value(const as_type *t, int i, int *value);
/* From a template callback (AS_BEHAVE_TEMPLATE_CALLBACK) refusing an instance: the reason,
 * added to the compiler's error at the script position that asked for the instance. */
int as_engine_set_template_error(as_engine *e, const char *reason);
/* From the template callback of a value template: this instance's size in bytes, which its
 * subtypes decide. AS_INVALID_ARG for anything but a value template instance not yet in use. */
int as_type_set_size(as_type *t, int size);
/* Speed, for container and counted types the host registers (their template instances inherit
 * it). as_type_set_refcount_offset: every object of t keeps its reference count as an int at
 * offset, its ADDREF behaviour only adds one and its RELEASE only takes one off while others
 * remain; the VM then counts itself and calls RELEASE only for the last reference. */
int as_type_set_refcount_offset(as_type *t, size_t offset);
/* as_type_set_elements: every object of t points at its elements at data_offset (a pointer) and
 * counts them at length_offset (a uint32); primitives and enums are stored inline at their
 * size, objects and handles as one pointer each. Methods marked with as_function_set_intrinsic
 * then compile to direct, bounds-checked accesses. AS_INVALID_ARG unless t is an object type. */
int as_type_set_elements(as_type *t, size_t data_offset, size_t length_offset);
typedef enum as_intrinsic {
    AS_INTRINSIC_NONE,
    AS_INTRINSIC_INDEX,     /* `T &opIndex(uint)` (or const): element i, "Index out of bounds" past the end */
    AS_INTRINSIC_LENGTH     /* `uint length() const`: the element count */
} as_intrinsic;
/* Lets the compiler replace calls of method f by what `what` says it does, on types with
 * as_type_set_elements. AS_INVALID_ARG if f's declaration does not have that shape. */
int as_function_set_intrinsic(as_function *f, as_intrinsic what);
/* User data on a type (template instances each have their own). */
void *as_type_set_user_data(as_type *t, void *data, uintptr_t key);
void *as_type_get_user_data(const as_type *t, uintptr_t key);
/* What debuggers show for the values of a registered type (the reference CDebugger's
 * RegisterToStringCallback, here kept by the type so that every debugger of the engine uses it:
 * the debugger add-on and the debug adapter). The callback writes the text for the object obj
 * (never NULL; type_id is its type, a template instance for a template) into buf, NUL-terminated
 * and cut to size bytes, and returns the length of the whole text as snprintf does (negative:
 * none, the debugger's own text is shown). It runs on the stopped script's thread and must not
 * run scripts. */
typedef int (*as_type_text_fn)(const void *obj, int type_id, char *buf, size_t size, void *user);
/* Sets t's text callback (fn NULL removes it); a template's serves its instances that have none
 * of their own. AS_INVALID_ARG for NULL or a primitive type. */
int as_type_set_debug_text(as_type *t, as_type_text_fn fn, void *user);
/* Marks t, a registered reference template such as "Ref<class T>", covariant in its subtypes (an
 * angelc opt-in: AngelScript 2.38 has no such rule): a Ref<Dog@> then converts implicitly, as the
 * same object, to Ref<Animal@> (and Ref<const Animal@>) when Dog derives from or implements
 * Animal. Sound only for types that never store a T the script hands them (a read-only ref, a
 * future): never for a container such as array<T>, where an array<Dog@> seen as array<Animal@>
 * could be given a Cat. AS_INVALID_ARG unless t is a registered reference template, or for the
 * default array (as_register_array). */
int as_type_set_covariant(as_type *t, bool on);
/* Whether t (a template, or an instance of one) is covariant (as_type_set_covariant). */
bool as_type_is_covariant(const as_type *t);
/* The text t's callback gives for the object obj of type type_id (handle flags ignored) in buf
 * (size bytes, NUL-terminated): the length of the whole text, or AS_NO_FUNCTION when the type has
 * no callback (or it declined), AS_INVALID_ARG for a NULL engine or object. */
int as_engine_debug_text(as_engine *e, const void *obj, int type_id, char *buf, size_t size);

/* Script objects (instances of script classes, asIScriptObject): the class, and the properties
 * with inherited ones first. The address of a property of a reference type is the object itself,
 * of a handle the handle variable. Name NULL, type id AS_INVALID_ARG, address NULL if out of range. */
as_type *as_object_type(const void *obj);
/* Its class's type id and its engine (asIScriptObject::GetTypeId/GetEngine). */
int as_object_type_id(const void *obj);
as_engine *as_object_engine(const void *obj);
int as_object_property_count(const void *obj);
const char *as_object_property_name(const void *obj, int i);
int as_object_property_type_id(const void *obj, int i);
void *as_object_property_address(void *obj, int i);
/* User data on a script object (asIScriptObject::SetUserData); set returns the previous value.
 * A cleanup of kind AS_UD_OBJECT is called when the object is destroyed. */
void *as_object_set_user_data(void *obj, void *data, uintptr_t key);
void *as_object_get_user_data(const void *obj, uintptr_t key);

/* ======================================================================= garbage collection */

/* What as_engine_garbage_collect does (asEGCFlags). */
enum { AS_GC_FULL_CYCLE = 1, AS_GC_ONE_STEP = 2, AS_GC_DESTROY_GARBAGE = 4, AS_GC_DETECT_GARBAGE = 8 };
/* Finds and destroys objects that only reference cycles keep alive. A step collects only when
 * enough new objects have accumulated since the last collection. For testing, the environment
 * variable ANGELC_GC_STRESS=N (read when an engine is created) makes the automatic collector
 * (AS_EP_AUTO_GARBAGE_COLLECT) run a full cycle at every Nth new garbage-collected object. */
int as_engine_garbage_collect(as_engine *e, unsigned flags, unsigned iterations);
void as_engine_gc_statistics(as_engine *e, unsigned *current_size, unsigned *total_destroyed, unsigned *total_detected,
                             unsigned *new_objects, unsigned *total_new_destroyed);
/* A new object of an AS_OBJ_GC host type: the collector adds a reference of its own (through
 * the ADDREF behaviour) and asks GETREFCOUNT / ENUMREFS / RELEASEREFS when collecting.
 * AS_OUT_OF_MEMORY if the collector has no room for it (no reference taken): the host should
 * then destroy the object and fail its creation, or cycles through it would never be freed. */
int as_engine_notify_gc_new_object(as_engine *e, void *obj, as_type *type);
/* From an ENUMREFS behaviour (whose argument is the engine): one reference the object holds. */
void as_gc_enum_reference(as_engine *e, void *ref, as_type *type);
/* From an ENUMREFS / RELEASEREFS behaviour: pass the job on to a value the object holds whose
 * type (AS_OBJ_VALUE | AS_OBJ_GC) has the behaviours, e.g. a container's elements. */
void as_gc_forward_enum_references(as_engine *e, void *ref, as_type *type);
void as_gc_forward_release_references(as_engine *e, void *ref, as_type *type);
/* Objects the collector tracks (index from 0 until it fails): the object, its type and its
 * position in the collector's list (outputs may be NULL); AS_INVALID_ARG past the end. */
int as_engine_object_in_gc(as_engine *e, unsigned index, unsigned *seq, void **obj, as_type **type);
/* Called by the collector for each object of a garbage cycle it found, before destroying it. */
typedef void (*as_circular_ref_fn)(as_type *type, const void *obj, void *user);
int as_engine_set_circular_ref_callback(as_engine *e, as_circular_ref_fn fn, void *user);

/* ==================================================================== objects of any type */

/* A new object of an object type id: value types are allocated on the heap and default
 * constructed, reference types come from their default factory. NULL if that is impossible. */
void *as_engine_create_object(as_engine *e, int type_id);
/* A new object that is a copy of obj. */
void *as_engine_create_object_copy(as_engine *e, const void *obj, int type_id);
/* A script class object whose constructor has not run (for deserialisers): members are zero
 * and value members default constructed. One reference for the caller; NULL for other types. */
void *as_engine_create_uninitialized_object(as_engine *e, const as_type *t);
/* dst = src with the type's assignment (opAssign, or a byte copy for POD types). */
int as_engine_assign_object(as_engine *e, void *dst, const void *src, int type_id);
/* Gives up one object made by as_engine_create_object*: value types are destroyed and freed,
 * reference types lose one reference. */
void as_engine_release_object(as_engine *e, void *obj, int type_id);
/* Adds a reference to a reference type object (does nothing for value types). */
void as_engine_addref_object(as_engine *e, void *obj, int type_id);
/* asIScriptEngine::RefCastObject: casts handle obj of object type `from` to type `to` (types, not
 * ids): the same type, a funcdef of the same signature, a `to@ opImplCast()` method (or, unless
 * implicit_only, `to@ opCast()`; or a registered `void opCast(?&out)`), and for script objects a
 * base class or interface of `from` (or, unless implicit_only, of the object's own class). *out
 * gets the object with one reference for the caller, or NULL if the cast is impossible (still
 * AS_SUCCESS, as is a null obj); AS_INVALID_ARG for missing or non-object types. */
int as_engine_ref_cast_object(as_engine *e, void *obj, as_type *from, as_type *to, void **out, bool implicit_only);

/* =========================================================================== weak references */

/* asILockableSharedBool: the flag weak references to an object watch; it is set (true) once the
 * object is dead. Reference counted and thread safe; lock/unlock (recursive) make reading the
 * flag and adding a reference to the object one step against a thread releasing the object. */
typedef struct as_lockable_shared_bool as_lockable_shared_bool;
/* A new flag, false, with one reference (asCreateLockableSharedBool). NULL if out of memory. */
as_lockable_shared_bool *as_lockable_shared_bool_create(void);
/* Add or drop a reference; both return the new count (the last release frees the flag). */
int as_lockable_shared_bool_addref(as_lockable_shared_bool *b);
int as_lockable_shared_bool_release(as_lockable_shared_bool *b);
bool as_lockable_shared_bool_get(const as_lockable_shared_bool *b);
void as_lockable_shared_bool_set(as_lockable_shared_bool *b, bool v);
void as_lockable_shared_bool_lock(as_lockable_shared_bool *b);
void as_lockable_shared_bool_unlock(as_lockable_shared_bool *b);
/* Whether objects of type t have a weak reference flag: script classes (not interfaces), and
 * registered reference types with an AS_BEHAVE_GET_WEAKREF_FLAG behaviour ("int &f()", returning
 * the object's as_lockable_shared_bool, which the type sets when its object is destroyed). */
bool as_type_supports_weakref(const as_type *t);
/* asIScriptEngine::GetWeakRefFlagOfScriptObject: obj's flag (a script object's is created on
 * first use and set when its last reference goes); no reference is added for the caller. NULL if
 * obj is NULL or t has no weak reference flags. */
as_lockable_shared_bool *as_engine_weakref_flag(as_engine *e, void *obj, const as_type *t);

/* =================================================================================== modules */

as_module *as_engine_get_module(as_engine *e, const char *name, as_getmodule flag);
int as_engine_discard_module(as_engine *e, const char *name);
/* Modules in creation order (discarding one moves the later ones down); NULL if out of range. */
int as_engine_module_count(as_engine *e);
as_module *as_engine_module_by_index(as_engine *e, int index);
/* Adds source code; `code` is copied. line_offset is added to reported line numbers. */
int as_module_add_section(as_module *m, const char *name, const char *code, size_t len, int line_offset);
/* Compiles all sections; errors go to the message callback. Initialises globals unless disabled. */
int as_module_build(as_module *m);
/* Compiles one function into built module m, seeing its globals and functions (consoles, hot
 * reload). With AS_COMP_ADD_TO_MODULE it joins the module's functions; *out (may be NULL) gets
 * a reference to release. AS_ERROR after compile errors or unless the code is one function. */
#define AS_COMP_ADD_TO_MODULE 1
int as_module_compile_function(as_module *m, const char *section_name, const char *code, int line_offset,
                               uint32_t flags, as_function **out);
/* Declares and initialises the global variables of one declaration ("int x = y * 2;") in m. */
int as_module_compile_global_var(as_module *m, const char *section_name, const char *code, int line_offset);
/* Takes a global function out of m's interface (code calling it still works); AS_NO_FUNCTION if not there. */
int as_module_remove_function(as_module *m, as_function *fn);
/* Takes global variable index out of m (its storage lives until m is discarded or rebuilt); AS_INVALID_ARG for a bad index. */
int as_module_remove_global_var(as_module *m, int index);
void as_module_discard(as_module *m);

/* ---- hot reload (issue 28; src/runtime/reload.c) ----
 * as_module_reload compiles `count` new sections (the module's whole new source) beside built
 * module m first, in a scratch module: after any compile error m keeps its code untouched
 * (AS_ERROR; the message callback says why). Then:
 * - soft (only function bodies, member or global initialisers changed; every declaration the
 *   same): each as_function keeps its identity (host pointers, function handles, delegates,
 *   vtables stay valid) and gets its new body; globals and objects are untouched. A function
 *   running on a suspended context's stack finishes in its old code (freed once no frame uses it,
 *   at the next reload or when m goes); new calls run the new code.
 * - full (declarations changed): m takes the new code, globals and classes (the new globals'
 *   initialisers run first; one failing refuses). Every live object of m's classes (whoever
 *   holds it: globals, other objects, arrays, dictionaries, the host, suspended contexts) moves
 *   to the new class of the same name in place, at its own address, so every handle stays valid:
 *   the new class's default constructor gives members new to it their declared values, members
 *   of the same name are carried over (the same type kept, numbers converted, handles to m's
 *   objects kept), removed ones are released; each loss is an AS_MSG_WARNING line. An object's
 *   memory is its class's size plus AS_EP_RELOAD_ROOM (set before the objects are made): a new
 *   class bigger than that, or a class removed while objects live, refuses the reload
 *   (AS_MODULE_IS_IN_USE) unless AS_RELOAD_ORPHAN_OBJECTS lets those objects keep their old
 *   class (handles to them from migrated objects become null). Shared classes are kept. Globals
 *   are carried over by name the same way (enums by value; others initialised by their
 *   declaration, a warning). Arrays of m's types and dictionary values are re-typed.
 *   Functions: a funcdef handle in a global or member is re-bound to the new function of the
 *   same declaration (null, with a warning, when there is none); every old function forwards to
 *   its successor, so function handles elsewhere, delegates (their object migrated, their method
 *   followed), other modules' imports (re-bound) and the host's old as_function pointers call
 *   the new code (as_context_prepare and
 *   handle calls follow the forwarding; a function whose declaration is gone raises an
 *   exception, and as_context_prepare refuses it). Hosts should still look functions up again
 *   (as_module_function_by_decl) after a full reload: an old pointer costs a hop per prepare and
 *   keeps the old function's memory. Refused (AS_MODULE_IS_IN_USE) while a context has m's code
 *   on its stack unless opts allow it (suspended contexts are then unprepared, their run ended).
 * Never while a context is executing (AS_CONTEXT_ACTIVE): call it between executions. What
 * happened goes to *report (may be NULL) and, one AS_MSG_INFORMATION line per fact, to the
 * message callback. Returns AS_SUCCESS when reloaded. Sections and report are the caller's. */
typedef struct as_reload_source {
    const char *name;        /* section name (for messages and debug info) */
    const char *code;        /* copied */
    size_t length;
    int line_offset;
} as_reload_source;
enum {
    AS_RELOAD_SOFT_ONLY = 1,      /* refuse a reload that needs a full one */
    AS_RELOAD_STOP_CONTEXTS = 2,  /* full: unprepare contexts with m's code on their stack */
    AS_RELOAD_ORPHAN_OBJECTS = 4, /* full: go on when objects cannot migrate (class gone or grown past
                                   * their memory): they keep their old class */
};
typedef struct as_reload_options {
    uint32_t flags;               /* AS_RELOAD_* */
} as_reload_options;
typedef enum as_reload_kind { AS_RELOAD_REFUSED = 0, AS_RELOAD_SOFT = 1, AS_RELOAD_FULL = 2 } as_reload_kind;
typedef struct as_reload_report {
    as_reload_kind kind;
    int functions_changed;        /* bodies that compile to other code */
    int functions_added, functions_removed;   /* full: declarations new / gone */
    int classes_changed;          /* full: classes, interfaces, enums, funcdefs new, gone or different */
    int functions_running_old;    /* soft: frames left running old code */
    int globals_kept, globals_converted, globals_reinitialised, globals_added, globals_removed;
    int contexts_stopped;         /* full with AS_RELOAD_STOP_CONTEXTS */
    int objects_migrated;         /* full: objects re-created in the new classes */
    int objects_orphaned;         /* full: live objects left in their old class (AS_RELOAD_ORPHAN_OBJECTS:
                                   * a class gone or grown past their room; or out of memory) */
    int warnings;                 /* full: values lost or changed with loss (each an AS_MSG_WARNING line) */
    char summary[160];            /* one line, e.g. "soft: 2 functions changed" or the refusal's reason */
} as_reload_report;
int as_module_reload(as_module *m, const as_reload_source *sections, int count, const as_reload_options *opts,
                     as_reload_report *report);
/* The same with the new source in module `source`, its sections added and not built (by the
 * script builder, which resolves #include, under another name); source is discarded by the call
 * whatever happens (AS_INVALID_ARG for a NULL, built or foreign source, which is then kept). */
int as_module_reload_from(as_module *m, as_module *source, const as_reload_options *opts, as_reload_report *report);
/* Reload callbacks (any number; a debugger re-applies breakpoints, a host carries its own data):
 * AS_RELOAD_PHASE_BEFORE once the new code has compiled, m still as it was (report->kind says
 * soft or full; a full one may still be refused); AS_RELOAD_PHASE_AFTER when the reload is done
 * or refused (report->kind; AS_RELOAD_REFUSED after a compile error too). Called between
 * executions: the callback may call the API (look functions up, read globals), not reload. */
typedef enum as_reload_phase { AS_RELOAD_PHASE_BEFORE = 0, AS_RELOAD_PHASE_AFTER = 1 } as_reload_phase;
typedef void (*as_reload_callback)(as_module *m, as_reload_phase phase, const as_reload_report *report, void *user);
/* Adds fn (with user) to e's reload callbacks; AS_INVALID_ARG for a NULL e or fn. */
int as_engine_add_reload_callback(as_engine *e, as_reload_callback fn, void *user);
/* Removes the callback added with the same fn and user; AS_NO_FUNCTION if there is none. */
int as_engine_remove_reload_callback(as_engine *e, as_reload_callback fn, void *user);
const char *as_module_name(const as_module *m);
/* Renames the module (as_engine_get_module finds it by the new name); AS_INVALID_ARG for NULL. */
int as_module_set_name(as_module *m, const char *name);
void *as_module_set_user_data(as_module *m, void *data, uintptr_t key);
void *as_module_get_user_data(const as_module *m, uintptr_t key);
as_engine *as_module_engine(const as_module *m);
/* Runs the global variable initialisers again (AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD off, or reset). */
int as_module_reset_globals(as_module *m, as_context *ctx);

int as_module_function_count(const as_module *m);
as_function *as_module_function_by_index(const as_module *m, int index);
as_function *as_module_function_by_decl(as_module *m, const char *decl);
as_function *as_module_function_by_name(as_module *m, const char *name);

/* Writes the bytecode of every script function of a built module (for `angelc disasm`). */
int as_module_disassemble(as_module *m, FILE *out);

int as_module_global_count(const as_module *m);
int as_module_global_index_by_name(const as_module *m, const char *name);
void *as_module_global_address(as_module *m, int index);
/* Imported functions (`import void f() from "mod";`), bound by the host before they are called. */
int as_module_imported_function_count(const as_module *m);
int as_module_imported_function_index_by_decl(as_module *m, const char *decl);
/* Declaration of import index (engine-owned buffer, valid until the next call) and the module named after `from`. */
const char *as_module_imported_function_declaration(as_module *m, int index);
const char *as_module_imported_function_source(const as_module *m, int index);
/* Binds import index to fn, a global function with the same signature (AS_INVALID_INTERFACE if not). */
int as_module_bind_imported_function(as_module *m, int index, as_function *fn);
int as_module_unbind_imported_function(as_module *m, int index);
/* Binds each import to the function of the same declaration in its source module; AS_CANT_BIND_ALL_FUNCTIONS if some are missing. */
int as_module_bind_all_imported_functions(as_module *m);
int as_module_unbind_all_imported_functions(as_module *m);
/* Name, namespace, type id and constness of global variable index (outputs may be NULL). */
int as_module_global(const as_module *m, int index, const char **name, const char **ns, int *type_id, bool *is_const);
/* Declaration such as "const int ns::x" (engine-owned buffer, valid until the next call). */
const char *as_module_global_declaration(as_module *m, int index, bool include_namespace);
/* Index of the global variable a declaration names ("int ns::x"; const must match), or
 * AS_NO_GLOBAL_VAR / AS_INVALID_DECLARATION. */
int as_module_global_index_by_decl(as_module *m, const char *decl);
/* Namespace that lookups by name use ("" by default); returns an error for a malformed name. */
int as_module_set_default_namespace(as_module *m, const char *ns);
const char *as_module_get_default_namespace(const as_module *m);
/* Types the scripts declared: classes, interfaces, enums, funcdefs. By name: "T" or "ns::T". */
int as_module_type_count(const as_module *m);
as_type *as_module_type_by_index(const as_module *m, int index);
/* The same list by kind, as the reference's GetObjectTypeCount/ByIndex (classes and interfaces)
 * and GetEnumCount/ByIndex; NULL if out of range. */
int as_module_object_type_count(const as_module *m);
as_type *as_module_object_type_by_index(const as_module *m, int index);
int as_module_enum_count(const as_module *m);
as_type *as_module_enum_by_index(const as_module *m, int index);
as_type *as_module_type_by_name(as_module *m, const char *name);
/* Type id / type of a declaration as the module's scripts see it ("D@", "array<ns::C>", "int");
 * AS_INVALID_TYPE (NULL) if it names nothing. */
int as_module_type_id_by_decl(as_module *m, const char *decl);
as_type *as_module_type_by_decl(as_module *m, const char *decl);
/* The module's script typedefs in declaration order, as as_engine_typedef. */
int as_module_typedef_count(const as_module *m);
int as_module_typedef(const as_module *m, int index, const char **name, const char **ns, int *type_id);

/* ============================================================================ saved bytecode */

/* Where saved bytecode goes to and comes from (asIBinaryStream). write stores n bytes; read fills
 * exactly n bytes. Both return 0, or a negative value on failure (read: also when the data ends). */
typedef struct as_binary_stream {
    int (*write)(void *user, const void *data, size_t n);
    int (*read)(void *user, void *data, size_t n);
    void *user;
} as_binary_stream;
/* Writes a built module: its types, functions, globals and bytecode, with what it uses from the
 * host named by declaration. strip_debug_info leaves out line numbers, variable names and
 * section names (exceptions in the loaded module then report line 0). AS_NOT_SUPPORTED if the
 * module refers to another module's entities. */
int as_module_save_bytecode(as_module *m, as_binary_stream *out, bool strip_debug_info);
/* Replaces m's contents with a saved module, into an engine with the same registrations, and
 * initialises its globals as a build does (AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD). A damaged,
 * truncated or foreign stream is AS_ERROR, a registration that is missing or differs
 * AS_INVALID_CONFIGURATION, each with a message; m is then left empty, and everything the
 * refused load made is taken back (the engine is as it was before it).
 *
 * What a host may trust: a load never reads outside the stream, never allocates more than the
 * stream's size justifies, and refuses any stream whose checksum (FNV-1a of the payload, against
 * accidental damage: not a signature) or structure is wrong. The verifier then checks each
 * function's code: known instructions, slots inside the frame, constants of the kind each
 * instruction reads, jumps onto instructions, calls of the right kind of function with their
 * arguments inside the frame, no running off the end. Then it follows what each slot may hold
 * (a number, an address, null) and what each address points to (an object of a type, a handle
 * of a type, a function, bytes of numbers) through the code and try handlers, and refuses,
 * naming the function and instruction: a number where an address is followed; an object of
 * another type where a call's object or argument, a release, a count, a cast, a handle store or
 * a container is typed (a class may stand for its base); a load or store that hits no member
 * of the object's type, part of a handle, or bytes past what the address points to (a load from
 * an object reads its member's declared type, an element the container's subtype, a call
 * through a handle returns its funcdef's type); a `?` argument whose type id is not what it
 * points to; a null reference or object given to a registered function; a value object in the
 * frame used, destroyed or left to the unwinder where none of that type is built; a return
 * before the value returned is built. It also follows who owns each counted reference a slot
 * holds (one of its own: made, counted or returned to it, shared by its copies; or borrowed: a
 * parameter, a load from memory) and refuses a release (FREE, a handle assignment over it, a
 * registered function taking a handle, the unwinder) of a reference the slot does not own, a
 * use of a copy after its reference was released, a use of a reference loaded from memory after
 * anything was released, or passed as a call's handle argument or a script method's object.
 * A list factory's buffer is walked by the factory's pattern: counts and type ids stored as
 * known numbers, every value inside the buffer, pointers of the pattern's types.
 * Not proven: that reference counts balance (edited code may leak), that a reference borrowed
 * from memory outlives a call that releases it (the compiler keeps one across host calls that
 * release nothing, such as a copy constructor), and that no registered function keeps a
 * reference past its call; so edited bytecode that loads may yet crash the host there. Load
 * bytecode only from where you would take the scripts themselves, or authenticate it: with
 * as_engine_set_bytecode_key, an edited stream never loads. */
int as_module_load_bytecode(as_module *m, as_binary_stream *in, bool *was_debug_info_stripped);
/* Authenticated bytecode: with a 16-byte secret key set, saves carry a keyed hash of the payload
 * (SipHash-2-4) instead of the checksum, and loads refuse any stream that does not carry the
 * same key's hash (AS_ERROR): one edited by someone without the key, whatever checksum or hash
 * they wrote, one saved without a key or with another. The saving and the loading engine need
 * the same key; keep it out of what you ship to those you do not trust. key NULL and len 0:
 * back to the checksum. AS_INVALID_ARG for another length. The key is copied. */
int as_engine_set_bytecode_key(as_engine *e, const void *key, size_t len);
/* The same through memory: save gives a buffer (*data, *size) the caller frees with as_free_mem. */
int as_module_save_bytecode_to_memory(as_module *m, bool strip_debug_info, void **data, size_t *size);
int as_module_load_bytecode_from_memory(as_module *m, const void *data, size_t size, bool *was_debug_info_stripped);
/* Hot reload (as_module_reload, above) with the new code as saved bytecode (as_module_save_bytecode of the new source, built
 * with the same registrations): loaded into a scratch module (AS_ERROR, m untouched, if it does
 * not load), then always a full reload (saved bodies cannot be compiled into m's functions):
 * objects migrated, functions forwarded, refused while a context runs m's code unless
 * AS_RELOAD_STOP_CONTEXTS. The stream is read to its end; it stays the caller's. */
int as_module_reload_bytecode(as_module *m, as_binary_stream *in, const as_reload_options *opts, as_reload_report *report);

/* ================================================================================= functions */

int as_function_id(const as_function *f);
/* What kind of function f is (asEFuncType): script methods of classes are AS_FUNC_VIRTUAL; a
 * registered template function ("T Identity<T>(const T &in)") is AS_FUNC_TEMPLATE, its instances
 * (what a call `Identity<int>(3)` runs) AS_FUNC_SYSTEM. */
typedef enum as_func_type {
    AS_FUNC_DUMMY = -1, AS_FUNC_SYSTEM = 0, AS_FUNC_SCRIPT = 1, AS_FUNC_INTERFACE = 2,
    AS_FUNC_VIRTUAL = 3, AS_FUNC_FUNCDEF = 4, AS_FUNC_IMPORTED = 5, AS_FUNC_DELEGATE = 6,
    AS_FUNC_TEMPLATE = 7
} as_func_type;
as_func_type as_function_kind(const as_function *f);
/* Subtypes of a registered template function (its `T`s) or of an instance of one (int for
 * Identity<int>; the function a generic call runs is the instance, as_generic_function): how
 * many (0 for other functions), the type id of subtype i (AS_INVALID_ARG out of range, AS_ERROR
 * for other functions), its type (NULL for primitives, out of range and other functions; the
 * engine owns it). */
int as_function_subtype_count(const as_function *f);
int as_function_subtype_id(const as_function *f, int i);
as_type *as_function_subtype(const as_function *f, int i);
/* The type of a method (NULL for global functions and delegates); the declaring module (NULL for
 * registered functions and delegates). */
as_type *as_function_object_type(const as_function *f);
as_module *as_function_module(const as_function *f);
bool as_function_is_private(const as_function *f);
bool as_function_is_read_only(const as_function *f);   /* a const method */
bool as_function_is_final(const as_function *f);
bool as_function_is_override(const as_function *f);
bool as_function_is_shared(const as_function *f);
bool as_function_is_property(const as_function *f);    /* declared with `property` */
bool as_function_is_protected(const as_function *f);
bool as_function_is_explicit(const as_function *f);    /* an `explicit` constructor or factory */
/* Names of the declaring module and of the method's type (NULL when there is none). */
const char *as_function_module_name(const as_function *f);
const char *as_function_object_name(const as_function *f);
/* A delegate's bound object, its type and its method (NULL for other functions). */
void *as_function_delegate_object(const as_function *f);
as_type *as_function_delegate_object_type(const as_function *f);
as_function *as_function_delegate_function(const as_function *f);
/* Whether f could be stored in a handle of the funcdef type_id (same signature). */
bool as_function_is_compatible_with_type_id(const as_function *f, int type_id);
/* The configuration group that registered f (NULL: the default group, or a script function) and
 * the access mask it was registered with (0xFFFFFFFF for script functions). */
const char *as_function_config_group(const as_function *f);
uint32_t as_function_access_mask(const as_function *f);
/* Local variables of a script function, parameters first, in declaration order: name and type
 * id; the declaration as "const string& s" (engine-owned buffer). AS_INVALID_ARG / NULL if out
 * of range. */
int as_function_var_count(const as_function *f);
int as_function_var(const as_function *f, int i, const char **name, int *type_id);
const char *as_function_var_declaration(const as_function *f, int i);
/* The list pattern of a registered list factory or list constructor as the reference prints it,
 * e.g. "{ repeat { string, ? } }" (engine-owned buffer, valid until the next call; NULL for other
 * functions). */
const char *as_function_list_pattern(as_function *f);
/* The text of parameter i's default argument, e.g. "7" or "\"hi\"" (NULL if it has none). */
const char *as_function_param_default(const as_function *f, int i);
/* Handle type id of a funcdef with f's signature (one is made if none exists; 0 when the
 * signature uses script types and the module declares no such funcdef). */
int as_function_type_id(as_function *f);
/* For debuggers: the first line >= line of script function f that has code, or a negative
 * value if there is none (line before the declaration, after the last statement). */
int as_function_find_next_line_with_code(const as_function *f, int line);
const char *as_function_name(const as_function *f);
const char *as_function_namespace(const as_function *f);
/* Full declaration, e.g. "void ns::f(int a, const string&in)" (engine-owned buffer, valid until the next call). */
const char *as_function_declaration(as_function *f, bool include_object, bool include_namespace, bool include_param_names);
/* The declaration as a host registers it, for editor stubs: parameter names, auto handles as
 * `@+` and `property` on accessors (as_function_declaration leaves those out, as the reference). */
const char *as_function_stub_declaration(as_function *f, bool include_namespace);
int as_function_param_count(const as_function *f);
/* Type id and modifiers (AS_TM_*) of parameter i; name may be NULL. */
int as_function_param(const as_function *f, int i, int *type_id, uint32_t *flags, const char **name);
int as_function_return_type_id(const as_function *f, uint32_t *flags);
/* Section and line where a script function is declared (0 for registered functions). */
int as_function_declared_at(const as_function *f, const char **section, int *row, int *col);
/* The section a script function was declared in (GetScriptSectionName; NULL for registered ones). */
const char *as_function_script_section_name(const as_function *f);
/* Whether f takes a variable number of arguments (`int f(int ...)`). */
bool as_function_is_variadic(const as_function *f);
/* The engine f belongs to. */
as_engine *as_function_engine(const as_function *f);
void *as_function_auxiliary(const as_function *f);
void *as_function_set_user_data(as_function *f, void *data, uintptr_t key);
void *as_function_get_user_data(const as_function *f, uintptr_t key);
/* Function handles the host receives (a funcdef parameter, delegates) carry a reference: keep
 * it with addref, give it up with release (a delegate goes with its last one). Both return the new count. */
int as_function_addref(as_function *f);
int as_function_release(as_function *f);

/* angelc extensions for binding layers. Script code calling f gets the compiler warning
 * "'decl' is deprecated: message" (message NULL: no longer deprecated). */
int as_function_set_deprecated(as_function *f, const char *message);
/* Script code that ignores f's result gets the warning "The result of 'decl' should not be discarded". */
int as_function_set_no_discard(as_function *f, bool on);
/* A registered template function or method (`T pick<T>(bool, const T &in, const T &in)`) whose subtypes a
 * call may leave out: `pick(c, 'a', 'b')` takes T from the arguments of type T (the first such
 * argument for each subtype). AngelScript 2.38 itself requires `pick<string>(...)`: this is an
 * opt-in for the host's functions; AS_INVALID_ARG if f is no template function. */
int as_function_set_subtype_inference(as_function *f, bool on);

/* Any function by id (as_function_id; registered or script), NULL if there is none. */
as_function *as_engine_function_by_id(as_engine *e, int id);
/* Registered global functions, in registration order; by declaration such as "int ns::f(int)"
 * (unscoped: the engine's default namespace, then its parents). */
int as_engine_function_count(as_engine *e);
as_function *as_engine_function_by_index(as_engine *e, int index);
as_function *as_engine_function_by_decl(as_engine *e, const char *decl);
/* A delegate (a function handle binding method func to obj, asIScriptEngine::CreateDelegate)
 * holding a reference to obj, with one reference for the caller; NULL unless func is a method
 * and obj non-NULL. */
as_function *as_engine_create_delegate(as_engine *e, as_function *func, void *obj);

/* ================================================================================== contexts */

as_context *as_context_create(as_engine *e);
void as_context_destroy(as_context *ctx);
as_engine *as_context_engine(const as_context *ctx);
/* A context from the engine's pool (a new one if it is empty); return puts it back unprepared. */
as_context *as_engine_request_context(as_engine *e);
void as_engine_return_context(as_engine *e, as_context *ctx);
/* SetContextCallbacks: the host's own pool behind request/return (both or neither; NULL, NULL
 * goes back to the engine's pool). */
typedef as_context *(*as_request_context_fn)(as_engine *e, void *user);
typedef void (*as_return_context_fn)(as_engine *e, as_context *ctx, void *user);
int as_engine_set_context_callbacks(as_engine *e, as_request_context_fn request, as_return_context_fn ret, void *user);
/* Gets ready to call f (a delegate: its method on the bound object); arguments are then set with as_context_set_arg_*. */
int as_context_prepare(as_context *ctx, as_function *f);
int as_context_unprepare(as_context *ctx);
/* Runs until the function returns, throws, is suspended or aborted. Returns an as_exec_state or an error code. */
int as_context_execute(as_context *ctx);
as_exec_state as_context_state(const as_context *ctx);
/* Stops the execution at its next statement or loop iteration; execute returns AS_EXECUTION_ABORTED.
 * Abort, suspend and setting or clearing the line callback may also be called from another
 * thread, or a signal handler, while ctx executes (a watchdog, a debugger): never lost. */
int as_context_abort(as_context *ctx);
/* Pauses at the next statement (or after the current native call); execute again to resume. */
int as_context_suspend(as_context *ctx);
/* Limits each execution to `steps` loop iterations and calls (0: no limit); running out raises
 * the uncatchable exception "Script exceeded its execution budget". */
int as_context_set_budget(as_context *ctx, uint64_t steps);
/* A budget for all that runs on e: every context without its own budget (the host's, those of
 * global initialisers, co-routines and callbacks from native code) spends loop iterations and
 * calls from one pool of `steps`; when it is empty the running script gets the uncatchable
 * exception "Script exceeded its execution budget". Setting it again refills the pool; 0
 * removes it. as_engine_budget_left: the steps left (UINT64_MAX without a budget). */
int as_engine_set_budget(as_engine *e, uint64_t steps);
uint64_t as_engine_budget_left(const as_engine *e);
/* From a registered function running in ctx: sets the running call aside so ctx can prepare and
 * execute another one; pop_state brings it back (releasing the nested call's results). */
int as_context_push_state(as_context *ctx);
int as_context_pop_state(as_context *ctx);
/* True while a state is pushed; depth (optional) gets how many. */
bool as_context_is_nested(const as_context *ctx, unsigned *depth);
void *as_context_set_user_data(as_context *ctx, void *data, uintptr_t key);
void *as_context_get_user_data(const as_context *ctx, uintptr_t key);

/* Argument setters check the parameter as the reference does (byte/word/dword: a type of that size;
 * float: up to 4 bytes; qword/double: 8 bytes); a wrong index or kind returns AS_INVALID_ARG /
 * AS_INVALID_TYPE and leaves the context in AS_EXECUTION_ERROR until the next prepare. */
int as_context_set_object(as_context *ctx, void *obj);
int as_context_set_arg_byte(as_context *ctx, unsigned arg, uint8_t v);
int as_context_set_arg_word(as_context *ctx, unsigned arg, uint16_t v);
int as_context_set_arg_dword(as_context *ctx, unsigned arg, uint32_t v);
int as_context_set_arg_qword(as_context *ctx, unsigned arg, uint64_t v);
int as_context_set_arg_float(as_context *ctx, unsigned arg, float v);
int as_context_set_arg_double(as_context *ctx, unsigned arg, double v);
/* A reference or handle argument: the address of the value or the object. */
int as_context_set_arg_address(as_context *ctx, unsigned arg, void *addr);
/* An object argument: by value the script gets a copy (the context gives it up when the call ends);
 * handles and references are borrowed for the call, the host keeps its reference. */
int as_context_set_arg_object(as_context *ctx, unsigned arg, void *obj);
/* A `?` parameter: the address of the value and its type id. */
int as_context_set_arg_var_type(as_context *ctx, unsigned arg, void *ptr, int type_id);
void *as_context_address_of_arg(as_context *ctx, unsigned arg);

uint8_t  as_context_return_byte(as_context *ctx);
uint16_t as_context_return_word(as_context *ctx);
uint32_t as_context_return_dword(as_context *ctx);
uint64_t as_context_return_qword(as_context *ctx);
float    as_context_return_float(as_context *ctx);
double   as_context_return_double(as_context *ctx);
void    *as_context_return_address(as_context *ctx);
/* Returned object (value or handle); owned by the context until the next prepare/unprepare. */
void    *as_context_return_object(as_context *ctx);
void    *as_context_address_of_return_value(as_context *ctx);

/* Raises a script exception from a registered function called by this context. */
int as_context_set_exception(as_context *ctx, const char *message, bool allow_catch);
const char *as_context_exception_string(as_context *ctx);
as_function *as_context_exception_function(as_context *ctx);
/* Line of the exception; col and section are optional outputs. */
int as_context_exception_line(as_context *ctx, int *col, const char **section);

/* The script call stack when the last exception was raised; frame 0 is where it was raised. */
int as_context_exception_frame_count(as_context *ctx);
as_function *as_context_exception_frame(as_context *ctx, int i, int *line, int *col, const char **section);

/* Called at every new statement while set (for debuggers, timeouts and co-operative scheduling);
 * set or cleared from another thread too (see as_context_abort), the callback runs on ctx's. */
typedef void (*as_line_fn)(as_context *ctx, void *user);
int as_context_set_line_callback(as_context *ctx, as_line_fn fn, void *user);
void as_context_clear_line_callback(as_context *ctx);
/* Called when a script exception is raised, before the stack unwinds. */
int as_context_set_exception_callback(as_context *ctx, as_line_fn fn, void *user);
/* From the exception callback: whether a try block in the running script will catch it. */
bool as_context_will_exception_be_caught(as_context *ctx);

/* Call stack inspection: level 0 is the innermost script function. After an uncaught exception
 * the functions and lines where it was raised stay readable until the next prepare (as in the
 * reference); their variables do not (the frames have been released). */
unsigned as_context_callstack_size(as_context *ctx);
as_function *as_context_function(as_context *ctx, unsigned level);
int as_context_line_number(as_context *ctx, unsigned level, int *col, const char **section);
/* Local variables of the function at a level (parameters first, then in declaration order). */
int as_context_var_count(as_context *ctx, unsigned level);
/* Name and type id of variable var; returns 0 or an error code. */
int as_context_var(as_context *ctx, unsigned level, int var, const char **name, int *type_id);
/* The same one at a time (GetVarName, GetVarTypeId): NULL / an error code if out of range. */
const char *as_context_var_name(as_context *ctx, unsigned level, int var);
int as_context_var_type_id(as_context *ctx, unsigned level, int var);
/* Declaration such as "int x" or "string &s" (engine-owned buffer, valid until the next call). */
const char *as_context_var_declaration(as_context *ctx, unsigned level, int var);
/* Whether the variable is alive at the frame's current position (declared and not out of scope). */
bool as_context_is_var_in_scope(as_context *ctx, unsigned level, int var);
/* Address of the value: the object for object variables, the handle slot for handles; NULL when out of scope. */
void *as_context_address_of_var(as_context *ctx, unsigned level, int var);
/* GetAddressOfVar with its flags: dont_dereference gives the frame slot itself (the pointer
 * for objects and references); uninitialized_too answers also outside the variable's scope. */
void *as_context_address_of_var_ex(as_context *ctx, unsigned level, int var, bool dont_dereference, bool uninitialized_too);
/* The object of a method at that level (NULL for global functions) and its type id. */
void *as_context_this_pointer(as_context *ctx, unsigned level);
int as_context_this_type_id(as_context *ctx, unsigned level);
/* The variable name stands for in the frame at level, as the script's code at that line sees it:
 * a local or parameter (the innermost declaration in scope), `this` and its members, then globals
 * of the function's module and properties the host registered, in the function's namespace and
 * each enclosing one out to the global namespace; "ns::x", "::ns::x" and "::x" name a namespace's. *addr gets
 * the address as as_context_address_of_var gives it (the object for objects, the handle variable
 * for handles; NULL for an object not made yet) and *type_id its type id (either may be NULL).
 * AS_SUCCESS, AS_NO_GLOBAL_VAR when nothing has that name, AS_INVALID_ARG for a bad argument or
 * level. Use it while the context is stopped (a line or exception callback, or suspended). */
int as_context_find_variable(as_context *ctx, unsigned level, const char *name, void **addr, int *type_id);

/* The context running the calling thread's innermost script (for registered functions). */
as_context *as_active_context(void);
/* The registered function ctx is calling right now (any calling convention), NULL if none. */
as_function *as_context_system_function(as_context *ctx);

/* ================================================================== generic calling convention */

as_engine *as_generic_engine(as_generic *g);
as_function *as_generic_function(as_generic *g);
void *as_generic_auxiliary(as_generic *g);
/* The object of a method call. */
void *as_generic_object(as_generic *g);
int as_generic_object_type_id(as_generic *g);
int as_generic_arg_count(as_generic *g);
int as_generic_arg_type_id(as_generic *g, unsigned arg, uint32_t *flags);
uint8_t  as_generic_arg_byte(as_generic *g, unsigned arg);
uint16_t as_generic_arg_word(as_generic *g, unsigned arg);
uint32_t as_generic_arg_dword(as_generic *g, unsigned arg);
uint64_t as_generic_arg_qword(as_generic *g, unsigned arg);
float    as_generic_arg_float(as_generic *g, unsigned arg);
double   as_generic_arg_double(as_generic *g, unsigned arg);
/* Reference arguments (&in, &out, &inout): the address they refer to. Handles: the object pointer. */
void    *as_generic_arg_address(as_generic *g, unsigned arg);
/* Object arguments (by value, by reference or handle): the object pointer. */
void    *as_generic_arg_object(as_generic *g, unsigned arg);
/* Address of the argument's slot itself (e.g. for `?` the slot holds the address and the type id follows). */
void    *as_generic_address_of_arg(as_generic *g, unsigned arg);
int as_generic_return_type_id(as_generic *g, uint32_t *flags);
int as_generic_set_return_byte(as_generic *g, uint8_t v);
int as_generic_set_return_word(as_generic *g, uint16_t v);
int as_generic_set_return_dword(as_generic *g, uint32_t v);
int as_generic_set_return_qword(as_generic *g, uint64_t v);
int as_generic_set_return_float(as_generic *g, float v);
int as_generic_set_return_double(as_generic *g, double v);
/* A returned reference (`int &f()`) or handle (ownership of one reference passes to the engine). */
int as_generic_set_return_address(as_generic *g, void *addr);
/* A returned object: handles are added a reference; value types are copied into the return location. */
int as_generic_set_return_object(as_generic *g, void *obj);
/* Where a value type returned by value must be constructed, or the slot of a primitive return. */
void *as_generic_return_location(as_generic *g);

#ifdef __cplusplus
}
#endif
#endif
