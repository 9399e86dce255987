/* Functions: script functions with their bytecode and tables, registered (native) functions
 * with their prepared call, and the signature shared by both. */
#ifndef AS_FUNCTION_H
#define AS_FUNCTION_H
#include "typeinfo.h"
#include "../vm/opcodes.h"

typedef struct ast_node ast_node;

typedef union as_slot {
    int32_t i32;
    uint32_t u32;
    int64_t i64;
    uint64_t u64;
    float f32;
    double f64;
    void *p;
    const void *cp;
    int8_t i8;
    uint8_t u8;
    int16_t i16;
    uint16_t u16;
} as_slot;

typedef enum as_func_kind {
    FN_SCRIPT,
    FN_SYSTEM,       /* registered by the host */
    FN_INTERFACE,    /* interface method: no body, dispatched */
    FN_FUNCDEF,      /* signature of a funcdef type */
    FN_IMPORTED,     /* bound at run time to a function of another module */
    FN_DELEGATE,     /* object + method bound into a function handle */
} as_func_kind;

/* Function attributes. */
enum {
    FA_CONST     = 1 << 0,   /* const method */
    FA_PRIVATE   = 1 << 1,
    FA_PROTECTED = 1 << 2,
    FA_FINAL     = 1 << 3,
    FA_OVERRIDE  = 1 << 4,
    FA_EXPLICIT  = 1 << 5,
    FA_PROPERTY  = 1 << 6,
    FA_SHARED    = 1 << 7,
    FA_VARIADIC  = 1 << 8,
    FA_CONSTRUCTOR = 1 << 9,
    FA_DESTRUCTOR  = 1 << 10,
    FA_FACTORY     = 1 << 11, /* registered factory behaviour (returns a new handle) */
    FA_LIST        = 1 << 12, /* list factory/constructor */
    FA_DELETED     = 1 << 13,
    FA_TEMPLATE_TYPE = 1 << 14, /* registered template factory: first parameter is the hidden type info */
};

/* How a parameter is passed. */
typedef enum as_inout { INOUT_NONE, INOUT_IN, INOUT_OUT, INOUT_INOUT } as_inout;

typedef struct as_param {
    as_dtype type;          /* without DT_REF; `inout` says whether it is a reference */
    uint8_t inout;          /* as_inout */
    const char *name;       /* may be NULL */
    ast_node *defarg;       /* default argument expression, or NULL */
    const char *defarg_text;
} as_param;

/* Where an object lives in a frame during a range of instructions (for unwinding and debugging). */
typedef enum { OV_HANDLE, OV_VALUE } as_objvar_kind;
typedef struct as_objvar {
    uint16_t slot;
    uint8_t kind;           /* as_objvar_kind: OV_HANDLE: slot holds an owned reference or NULL;
                               OV_VALUE: an object is constructed in place at slot */
    as_type *type;
    uint32_t start, end;    /* live in [start, end) */
} as_objvar;

typedef struct as_lineinfo {
    uint32_t pc;            /* first instruction of the statement */
    int32_t line, col;
} as_lineinfo;

typedef struct as_tryinfo {
    uint32_t start, end;    /* protected range */
    uint32_t handler;       /* catch block */
} as_tryinfo;

typedef struct as_varinfo {
    const char *name;
    as_dtype type;
    uint16_t slot;
    bool is_ref;            /* slot holds the address of the value */
    uint32_t start, end;
} as_varinfo;

typedef struct as_bytecode {
    as_insn *code;
    uint32_t ncode;
    as_slot *consts;
    uint32_t nconsts;
    uint32_t nslots;        /* frame size in slots, arguments included */
    as_objvar *objvars;  uint32_t nobjvars;
    as_lineinfo *lines;  uint32_t nlines;
    as_tryinfo *trys;    uint32_t ntrys;
    as_varinfo *vars;    uint32_t nvars;
} as_bytecode;

typedef struct as_native as_native;   /* prepared native call (native/ffi_call.c) */

struct as_function {
    int id;
    uint8_t kind;           /* as_func_kind */
    uint32_t attrs;         /* FA_* */
    const char *name;
    as_namespace *ns;
    as_type *objtype;       /* methods and behaviours: the object type */
    as_dtype ret;           /* DT_REF set if returning a reference */
    VEC(as_param) params;
    as_engine *engine;
    as_module *module;      /* declaring module; NULL for registered functions */
    int refcount;           /* function handles hold references */

    /* Argument slots in the frame: [return location][this][param 0]...; a `?` parameter takes two
     * slots (address, type id). param_slot[i] is the first slot of parameter i. */
    uint16_t nargslots;
    uint16_t this_slot;     /* slot of the object for methods */
    bool has_retloc;        /* value type returned by value: slot 0 is the address to construct it at */
    uint16_t *param_slot;

    /* FN_SCRIPT */
    as_bytecode bc;
    int vtable_index;       /* virtual methods: index in the object type's vtable, else -1 */
    ast_node *decl;         /* declaration node while compiling */
    ast_node *list_pattern; /* list factories/constructors: the `{repeat T}` pattern (engine arena) */
    int section;            /* declaring section */
    int line, col;

    /* FN_SYSTEM */
    int callconv;           /* as_callconv */
    as_fnptr fnptr;
    void *aux;
    as_native *native;
    int behaviour;          /* AS_BEHAVE_* for behaviours, else -1 */

    /* FN_IMPORTED */
    const char *import_module;
    as_function *bound;

    /* FN_DELEGATE */
    void *delegate_obj;
    as_function *delegate_method;

    VEC(as_userdata) user_data;
    const char *doc;
};

#endif
