/* Expression values: where the result of a compiled expression is, and what it is.
 *
 * Compiling an expression emits the code that computes it and returns an ev describing the
 * result: a constant not yet loaded, a frame slot, memory behind a pointer, a global, or a name
 * (function, type, namespace, property accessor) that only its consumer can give meaning to.
 * An ev may own frame slots (`temp`) and an object (`objvar`); ev_free releases them. */
#ifndef AS_EV_H
#define AS_EV_H
#include "emit.h"

typedef enum ev_kind {
    EV_ERROR,       /* an error was reported; consumers stay quiet */
    EV_VOID,        /* no value */
    EV_CONST,       /* primitive constant in k */
    EV_SLOT,        /* value in frame slot(s) from `slot` (value objects are stored inline) */
    EV_MEM,         /* value in memory at fp[slot].p + offset */
    EV_GLOBAL,      /* value in the global g */
    EV_NULL,        /* the null literal */
    EV_STRING,      /* string constant: k.p is the string object made by the factory */
    EV_FUNC,        /* a function name: candidates in funcs (for @f and funcdef conversions) */
    EV_TYPE,        /* a type name */
    EV_NS,          /* a namespace name */
    EV_PROP,        /* virtual property: getter/setter, object in `obj` */
    EV_VOIDARG,     /* `void` argument */
} ev_kind;

typedef struct ev {
    uint8_t kind;
    as_dtype type;          /* DT_REF is never set here: location says whether it is a reference */
    uint16_t slot;
    int32_t offset;
    as_slot k;
    as_global *g;
    bool temp;              /* owns slots [slot, slot+ntemp) */
    uint16_t ntemp;
    int objvar;             /* owns an object (handle or inline value) while >= 0 */
    bool has_aux;           /* owns one more slot, aux (e.g. an address taken of the value) */
    uint16_t aux;
    bool lvalue;
    bool readonly;          /* const variable / const object member */
    bool is_this;           /* the `this` handle */
    bool implicit_this;     /* `this` not written: a member named alone (access rules differ) */
    bool from_local;        /* handle borrowed from a local variable (stays valid) */
    bool direct;            /* method calls on it skip virtual dispatch (Base::method()) */
    bool explicit_handle;   /* written `@expr` (or the value of a handle assignment): a `?`
                             * parameter gets the handle, not the object it points to */
    bool handle_store;      /* assigned to a handle as a handle (`@h = x`, &out handles, `T@ m = x`) */
    bool handle_of_object;  /* a handle taken of an object for `@h = obj`: messages show the object */
    /* names */
    as_symbol *funcs;       /* EV_FUNC candidates (a symbol list) */
    as_function *single;    /* EV_FUNC with one function (methods, resolved) */
    as_type *tname;         /* EV_TYPE */
    as_namespace *ns;       /* EV_NS */
    /* EV_PROP */
    as_function *getter, *setter;
    struct ev *obj;         /* arena-allocated object of a property accessor, or NULL */
    struct ev *index;       /* get_opIndex/set_opIndex: the compiled index, or NULL */
    bool needs_index;       /* `T get_x(int) property`: x[i] gives the index */
    struct ev *keep;        /* a temporary this value refers into (a reference into a temporary object) */
    ast_pos pos;
    /* for messages only (ev_type_text): the expression that gave the value (set by compile_expr),
     * and whether it is an object the expression constructed: 1 with one argument, 2 with none
     * or several (the reference shows those as a handle) */
    const ast_node *src;
    uint8_t made;
} ev;

/* basic type predicates on data types */
bool dt_is_void(const as_dtype *d);
bool dt_is_bool(const as_dtype *d);
bool dt_is_primitive(const as_dtype *d);    /* numbers, bool, enums */
bool dt_is_integer(const as_dtype *d);      /* signed or unsigned, incl. enums */
bool dt_is_signed(const as_dtype *d);       /* int8..int64 and enums */
bool dt_is_unsigned(const as_dtype *d);
bool dt_is_float(const as_dtype *d);
bool dt_is_double(const as_dtype *d);
bool dt_is_real(const as_dtype *d);
bool dt_is_handle(const as_dtype *d);       /* T@ (incl. funcdefs) */
bool dt_is_object(const as_dtype *d);       /* object type, handle or not */
bool dt_is_value_obj(const as_dtype *d);    /* value type held by value */
bool dt_is_ref_obj(const as_dtype *d);      /* ref type (held by pointer: handle or not) */
bool dt_is_pointer(const as_dtype *d);      /* held in a slot as a pointer */
int  dt_size(const as_dtype *d);            /* bytes in memory */
bool dt_is_64(const as_dtype *d);           /* uses 64 bits of a slot */
bool dt_same_type(const as_dtype *a, const as_dtype *b); /* ignoring const/ref */
bool dt_equal(const as_dtype *a, const as_dtype *b);     /* exact */
as_dtype dt_prim(fc *f, int type_id);
as_dtype dt_of(as_type *t, uint8_t flags);

/* ev helpers (expr.c) */
void ev_init(ev *e, ev_kind kind);
void ev_error(ev *e);
void ev_const(fc *f, ev *e, int type_id, as_slot v);
void ev_free(fc *f, ev *e);
/* A copy of e that owns nothing (no slots, object or kept temporary): for reading a value
 * through e while e itself stays responsible for what it holds. */
ev ev_view(const ev *e);
/* Loads a primitive or handle value into a slot; `target` < 0 picks one. Returns the slot. */
int  ev_to_slot(fc *f, ev *e, int target);
/* The address of an object value (value type or ref type object) into a slot (target < 0: any). */
int  ev_address(fc *f, ev *e, int target);
/* Makes the value an owned handle temp if it is borrowed from memory that a call could change. */
void ev_own_handle(fc *f, ev *e);
/* Stores slot src into the lvalue e (primitives and handles with reference counting). */
void ev_store(fc *f, ev *lv, int src, const ast_node *at);

/* message texts (evutil.c) */
/* The type of an expression as the reference shows it in messages: with `&` where its
 * expression is a reference (a variable of a reference type, a handle, a global or member
 * primitive, ...), `const` for constants (see the rule in evutil.c). */
const char *ev_type_text(fc *f, const ev *e);
const char *dt_target_text(fc *f, const as_dtype *d);
/* The type of the value e as a message about converting it to `to` shows it. */
const char *ev_conv_text(fc *f, const ev *e, const as_dtype *to);
/* The same in the context `site` (fc.msg_target: MT_*). */
const char *dt_target_text_in(fc *f, const as_dtype *d, int site);

/* compiling (expr.c, call.c) */
void compile_expr(fc *f, ast_node *n, ev *out);
/* Compiles n and converts it implicitly to `want`; reports an error when it cannot. */
void compile_expr_as(fc *f, ast_node *n, const as_dtype *want, ev *out);
/* Compiles a condition: jumps to the patch list when the condition equals jump_if. */
void compile_cond(fc *f, ast_node *n, bool jump_if, patch_list *pl);
void compile_discard(fc *f, ast_node *n);
/* Constant value of an expression if it folds, without emitting code. */
bool compile_const_value(fc *f, ast_node *n, ev *out);
/* Compiles n only to learn its type (and value if constant); the code is thrown away. */
bool compile_probe(fc *f, ast_node *n, ev *out, bool need_const);
void compile_call(fc *f, ast_node *n, ev *out);
/* An AST_IDENT's name as written, scope included ('::N::A'), in buf. */
const char *scoped_name_text(const ast_node *n, char *buf, size_t size);
/* Nodes compiled after the operand they evaluate first (see compile_expr): the operand's value
 * is given, already compiled, and consumed. */
void compile_invoke_with(fc *f, ast_node *n, ev *callee, ev *out);
void compile_member_with(fc *f, ast_node *n, ev *object, ev *out);
void compile_index_with(fc *f, ast_node *n, ev *object, ev *out);
void compile_construct(fc *f, ast_node *n, ev *out);
/* Calls a known function with already-compiled arguments. */
void emit_call(fc *f, as_function *fn, ev *obj, ev *args, int nargs, ast_node *at, ev *out);
/* A field or property accessor of an object (or an enum value of a type name). */
bool compile_member_of(fc *f, ev *obj, const char *name, const ast_node *at, ev *out, bool report);
/* The same, but a member variable itself even where accessors of its name take precedence
 * (initialising and copying members). */
bool compile_field_of(fc *f, ev *obj, const char *name, const ast_node *at, ev *out, bool report);
/* Resolves the property getter on read. */
void ev_resolve_prop(fc *f, ev *e, const ast_node *at);
/* Creates a value/ref object of type t with constructor args. */
void compile_new_object(fc *f, as_dtype type, ast_node **args, int nargs, ast_node *at, ev *out, int target_storage);
/* Copies an object value into fresh storage (value types) or gets a handle (ref types). */
void ev_copy_value(fc *f, ev *src, int storage, ev *out, const ast_node *at);
/* Assignment helpers used by declarations too. */
void assign_to(fc *f, ev *lv, ev *rv, const ast_node *at, ev *out);

/* func.c: a handle parameter is assigned (it must then hold its own reference) */
void func_note_param_store(fc *f, int slot);
/* func.c: before every return, room for releasing assigned handle parameters */
void func_emit_exit_placeholders(fc *f);

/* conversions (convert.c) */
enum {
    COST_EXACT = 0, COST_CONST = 1, COST_ENUM_SAME = 2, COST_ENUM_DIFF = 3, COST_SIZE = 4,
    COST_NARROW = 5, COST_SIGN = 6, COST_INT_TO_FLOAT = 7, COST_FLOAT_TO_INT = 8, COST_REF_CAST = 9,
    COST_OBJ_TO_PRIM = 10, COST_TO_OBJECT = 11, COST_VARTYPE = 12, COST_IMPOSSIBLE = 1000
};
/* Cost to convert e to `to` implicitly (COST_IMPOSSIBLE when it can't). */
int conv_cost(fc *f, const ev *e, const as_dtype *to, bool explicit_);
/* Converts e in place; reports errors; false when impossible. */
bool conv_implicit(fc *f, ev *e, const as_dtype *to, const ast_node *at, bool explicit_);
/* Whether class or interface t derives from / implements base (not t == base). */
bool derives_from(const as_type *t, const as_type *base);
/* Numeric conversion of a constant (used by folding). */
as_slot conv_const(as_slot v, int from, int to);
/* Emits the primitive conversion from type id `from` to `to`: dst = conv(src). */
void conv_emit_prim(fc *f, int dst, int src, int from, int to);
/* Primitive type id of a data type (enums are int). */
int dt_prim_id(const as_dtype *d);

#endif
