/* Abstract syntax tree of an AngelScript script section.
 *
 * The parser builds it in an arena; the compiler reads it and never changes it. Every node carries
 * the position of its first token so diagnostics can say file:line:col. Identifiers are interned
 * (as_strtab) so the compiler compares them by pointer. The tree covers the whole 2.35 grammar;
 * meaning (types, overloads, code) is the compiler's business. */
#ifndef AS_AST_H
#define AS_AST_H
#include <stdbool.h>
#include <stdint.h>
#include "../util/arena.h"

typedef struct ast_node ast_node;

typedef struct ast_pos {
    int32_t line, col;   /* 1-based */
    int32_t section;     /* index of the script section (file) in the module */
} ast_pos;

typedef struct ast_list {
    ast_node **items;
    int32_t count, cap;
} ast_list;

/* A list of interned identifiers, e.g. a namespace path `A::B::`. */
typedef struct ast_names {
    const char **items;
    int32_t count, cap;
} ast_names;

/* A parse diagnostic held back for the compiler (as_parse_env.defer_body_errors): it belongs
 * to the body of an AST_FUNC / AST_ACCESSOR / AST_LAMBDA, the initializer of an
 * AST_DECLARATOR, the value of an AST_ENUMVAL or the default of an AST_PARAM. */
typedef struct ast_deferred_diag {
    const ast_node *owner;
    int32_t line, col;
    uint8_t type;           /* as_diag_type (error, warning, info) */
    const char *msg;        /* arena */
} ast_deferred_diag;

typedef enum ast_kind {
    /* ---- declarations ---- */
    AST_SCRIPT,      /* decls: list of declarations */
    AST_NAMESPACE,   /* names (A::B shorthand), decls */
    AST_CLASS,       /* class, also mixin class (is_mixin) */
    AST_INTERFACE,
    AST_ENUM,
    AST_TYPEDEF,
    AST_FUNCDEF,
    AST_FUNC,        /* global function, method, constructor, destructor, interface method */
    AST_VAR,         /* variable declaration with one or more declarators (global, member, local) */
    AST_VIRTPROP,    /* `T name { get {...} set {...} }` */
    AST_IMPORT,      /* `import void f(int) from "mod";` */

    /* ---- parts ---- */
    AST_TYPE,        /* a type expression */
    AST_PARAM,       /* one parameter of a function, funcdef or lambda */
    AST_DECLARATOR,  /* one `name [= init | (args)]` of an AST_VAR */
    AST_ENUMVAL,     /* one `NAME [= expr]` of an enum */
    AST_ACCESSOR,    /* one `get`/`set` of a virtual property */
    AST_ARG,         /* one call/index argument, optionally named */

    /* ---- statements ---- */
    AST_BLOCK,       /* stmts (AST_VAR or statements) */
    AST_IF,
    AST_WHILE,
    AST_DOWHILE,
    AST_FOR,
    AST_SWITCH,
    AST_CASE,        /* `case expr:` or `default:` (expr == NULL) followed by stmts */
    AST_BREAK,
    AST_CONTINUE,
    AST_RETURN,
    AST_EXPRSTMT,    /* expr may be NULL: the empty statement `;` */
    AST_TRY,
    AST_FOREACH,     /* 2.38: foreach (T1 a, T2 b : expr) body */
    AST_USING,       /* 2.38: using namespace [::]A::B; (a declaration or a statement) */

    /* ---- expressions ---- */
    AST_LITERAL,
    AST_IDENT,       /* scope::name; also `this`, `super` as plain names */
    AST_CALL,        /* [object.]scope::name(args): function, method, constructor-by-name, super(...) */
    AST_INVOKE,      /* callee(args): call the value of an expression (funcdef handle, opCall) */
    AST_CONSTRUCT,   /* TYPE(args) where the parser knows TYPE is a type (primitive, template, T[]) */
    AST_CAST,        /* cast<TYPE>(expr) */
    AST_UNARY,       /* prefix op */
    AST_POSTFIX,     /* postfix ++ / -- */
    AST_BINARY,
    AST_ASSIGN,
    AST_TERNARY,
    AST_MEMBER,      /* object.name */
    AST_INDEX,       /* object[args] */
    AST_INITLIST,    /* [TYPE =] { a, {..}, , b } */
    AST_LAMBDA,
    AST_VOIDEXPR,    /* `void` used as an argument (discard an &out) */

    AST_KIND_COUNT
} ast_kind;

/* Operators (unary, binary, assignment). Assignment ops are the binary op plus AST_ASSIGN. */
typedef enum ast_op {
    OP_NONE,
    /* arithmetic */
    OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD, OP_POW,
    /* bitwise: OP_SHR is `>>` (logical), OP_USHR is `>>>` (arithmetic), as in AngelScript */
    OP_BAND, OP_BOR, OP_BXOR, OP_SHL, OP_SHR, OP_USHR,
    /* comparison and identity */
    OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE, OP_IS, OP_NOTIS,
    /* logical: && || ^^ (and/or/xor map here) */
    OP_AND, OP_OR, OP_XOR,
    /* unary only */
    OP_NEG, OP_PLUS, OP_NOT, OP_BNOT, OP_PREINC, OP_PREDEC, OP_HANDLE, /* @expr */
    OP_POSTINC, OP_POSTDEC,
    /* plain assignment `=` (AST_ASSIGN with OP_ASSIGN); compound assignments use the arithmetic op */
    OP_ASSIGN,
    OP_COUNT
} ast_op;

typedef enum ast_lit_kind {
    LIT_INT,        /* decimal integer literal: u64 holds the value */
    LIT_BITS,       /* 0x 0b 0o 0d literal: u64 holds the value */
    LIT_DOUBLE,     /* real literal: f64 */
    LIT_FLOAT,      /* real literal with f suffix: f64 holds the value (rounded to float by compiler) */
    LIT_STRING,     /* "..." or heredoc; str/len hold the decoded bytes (escapes resolved) */
    LIT_CHAR,       /* '...' : str/len hold the bytes; the compiler decides string or char by engine property */
    LIT_TRUE, LIT_FALSE, LIT_NULL
} ast_lit_kind;

/* Primitive and special type keywords a TYPE may name. */
typedef enum ast_prim {
    PRIM_NONE,      /* a named type: see ast_type.name */
    PRIM_VOID, PRIM_BOOL,
    PRIM_INT8, PRIM_INT16, PRIM_INT, PRIM_INT64,      /* int32 maps to PRIM_INT */
    PRIM_UINT8, PRIM_UINT16, PRIM_UINT, PRIM_UINT64,  /* uint32 maps to PRIM_UINT */
    PRIM_FLOAT, PRIM_DOUBLE,
    PRIM_AUTO,      /* auto */
    PRIM_VARTYPE    /* ? (registration declarations only) */
} ast_prim;

/* `&`, `&in`, `&out`, `&inout` on parameters; `&` on return types and properties means REF_INOUT. */
typedef enum ast_ref {
    REF_NONE, REF_IN, REF_OUT, REF_INOUT
} ast_ref;

/* Suffix modifiers of a type, in source order: `int[]@[]` is ARRAY, HANDLE, ARRAY. */
typedef enum ast_typemod_kind { TYPEMOD_ARRAY, TYPEMOD_HANDLE } ast_typemod_kind;
typedef struct ast_typemod {
    uint8_t kind;           /* ast_typemod_kind */
    bool handle_const;      /* `@ const` */
    bool auto_handle;       /* `@+` (registration declarations only) */
    ast_pos pos;            /* of the `@`, where a handle the type cannot have is reported */
} ast_typemod;

/* Declaration modifiers (bit set). */
enum {
    MOD_SHARED    = 1 << 0,
    MOD_EXTERNAL  = 1 << 1,
    MOD_ABSTRACT  = 1 << 2,
    MOD_FINAL     = 1 << 3,
    MOD_PRIVATE   = 1 << 4,
    MOD_PROTECTED = 1 << 5,
};

/* Function attributes (bit set), after the parameter list. */
enum {
    FATTR_CONST    = 1 << 0,  /* const method */
    FATTR_OVERRIDE = 1 << 1,
    FATTR_FINAL    = 1 << 2,
    FATTR_EXPLICIT = 1 << 3,
    FATTR_PROPERTY = 1 << 4,
    FATTR_DELETE   = 1 << 5,  /* `delete` (2.37 syntax; the compiler may reject it) */
    FATTR_IF_HANDLE_THEN_CONST = 1 << 6, /* registration only */
};

struct ast_node {
    uint8_t kind;   /* ast_kind */
    ast_pos pos;
    union {
        /* AST_SCRIPT */
        struct {
            ast_list decls;
            /* added: with as_parse_env.defer_body_errors, the messages of the second parse
             * step, in the reference's order, grouped by owner */
            ast_deferred_diag *deferred;
            int32_t ndeferred;
        } script;

        /* AST_NAMESPACE */
        struct { ast_names names; ast_list decls; } ns;

        /* AST_CLASS (also mixins) and AST_INTERFACE */
        struct {
            const char *name;
            uint32_t mods;          /* MOD_* */
            bool is_mixin;
            bool is_forward;        /* `external shared class X;` / `interface I;` with no body */
            bool implicit_handle;   /* `class @X`: X names a handle (AS_EP_ALLOW_IMPLICIT_HANDLE_TYPES) */
            ast_list bases;         /* AST_TYPE nodes (scoped names) after ':' */
            ast_list members;       /* AST_FUNC, AST_VAR, AST_VIRTPROP, AST_FUNCDEF */
        } cls;

        /* AST_ENUM */
        struct {
            const char *name;
            uint32_t mods;
            bool is_forward;
            ast_list values;        /* AST_ENUMVAL */
        } enm;

        /* AST_ENUMVAL */
        struct { const char *name; ast_node *value; } enumval;

        /* AST_TYPEDEF */
        struct { ast_node *type; const char *name; } tdef;

        /* AST_FUNC, AST_FUNCDEF, AST_IMPORT (import: module holds the source module name) */
        struct {
            const char *name;
            uint32_t mods;          /* MOD_* */
            uint32_t attrs;         /* FATTR_* */
            ast_node *ret;          /* AST_TYPE; NULL for constructors and destructors */
            bool ret_ref;           /* returns a reference: `int &f()` */
            bool is_destructor;     /* `~Name()` */
            bool is_variadic;       /* registration: `...` after the last parameter */
            ast_list params;        /* AST_PARAM */
            ast_node *body;         /* AST_BLOCK; NULL when declared with ';' */
            const char *module;     /* AST_IMPORT: module name */
            ast_node *list_pattern; /* registration: `{ repeat T }` after the declaration */
            /* added by the parser: registration/lookup declarations may qualify the name,
             * e.g. "void ns::f()"; empty for script declarations */
            bool global_scope;
            ast_names scope;
            ast_node *scope_type;   /* added: template owner, "bool array<T>::less(..)" */
            ast_names tparams;      /* added: registration, a template function's subtype names
                                     * ("T Identity<T>(const T &in)", 2.38) */
        } func;

        /* AST_PARAM */
        struct {
            ast_node *type;         /* AST_TYPE; NULL for lambda parameters without a type */
            uint8_t ref;            /* ast_ref */
            const char *name;       /* may be NULL */
            ast_node *def;          /* default argument expression or NULL */
            const char *def_text;   /* its source text as the reference shows it in declarations:
                                     * the tokens, one space where the source has any gap */
            bool if_handle_then_const; /* added: registration `T&in if_handle_then_const`
                                        * (the function also gets FATTR_IF_HANDLE_THEN_CONST) */
        } param;

        /* AST_VAR: `[private|protected] TYPE d1, d2, ...;` */
        struct {
            uint32_t mods;
            ast_node *type;
            ast_list decls;         /* AST_DECLARATOR */
            bool is_ref;            /* added: registration property `int &y` (stored by reference) */
        } var;

        /* AST_DECLARATOR */
        struct {
            const char *name;
            ast_node *init;         /* `= expr` or `= {..}` (AST_INITLIST); NULL if none */
            ast_list args;          /* `(args)` constructor arguments, AST_ARG */
            bool has_args;          /* distinguishes `T x();`-style empty arg lists */
            /* added: registration/lookup declarations may qualify the name, "int ns::x" */
            bool global_scope;
            ast_names scope;
        } decl;

        /* AST_VIRTPROP */
        struct {
            uint32_t mods;
            ast_node *type;
            bool is_ref;
            const char *name;
            ast_list accessors;     /* AST_ACCESSOR */
        } vprop;

        /* AST_ACCESSOR */
        struct {
            bool is_get;
            uint32_t attrs;         /* FATTR_CONST etc. */
            ast_node *body;         /* AST_BLOCK or NULL (interface / ';') */
        } accessor;

        /* AST_TYPE */
        struct {
            bool is_const;          /* leading const */
            bool global_scope;      /* leading `::` */
            ast_names scope;        /* namespace parts before the name */
            ast_node *scope_type;   /* `array<int>::` template scope for child funcdefs, else NULL */
            uint8_t prim;           /* ast_prim; PRIM_NONE for named types */
            const char *name;       /* named type; NULL for primitives */
            ast_pos name_pos;       /* added: where the name (or keyword) is, after any scope */
            bool template_decl;     /* registration: `array<class T>` */
            ast_list targs;         /* template arguments, AST_TYPE */
            ast_pos targs_pos;      /* added: the `<` opening them */
            int32_t nmods;
            ast_typemod *mods;      /* arena array of nmods */
        } type;

        /* AST_ARG: optional name, then the value expression */
        struct { const char *name; ast_node *value; } arg;

        /* AST_BLOCK */
        struct { ast_list stmts; ast_pos end; } block;   /* end: the closing brace */

        /* AST_IF */
        struct { ast_node *cond, *then_, *else_; } if_;

        /* AST_WHILE, AST_DOWHILE */
        struct { ast_node *cond, *body; } loop;

        /* AST_FOR: init is AST_VAR or AST_EXPRSTMT; cond is AST_EXPRSTMT (expr may be NULL) */
        struct { ast_node *init, *cond; ast_list incs; ast_node *body; } for_;

        /* AST_SWITCH */
        struct { ast_node *expr; ast_list cases; } switch_;

        /* AST_CASE: value NULL means default */
        struct { ast_node *value; ast_list stmts; } case_;

        /* AST_RETURN, AST_EXPRSTMT */
        struct { ast_node *expr; } ret;

        /* AST_TRY */
        struct { ast_node *body, *handler; } try_;

        /* AST_FOREACH: vars are AST_VAR nodes of one declarator each (no initialiser) */
        struct { ast_list vars; ast_node *expr, *body; } foreach_;

        /* AST_USING */
        struct { bool global_scope; ast_names names; } using_;

        /* AST_LITERAL */
        struct {
            uint8_t kind;           /* ast_lit_kind */
            uint64_t u64;
            double f64;
            const char *str;        /* arena, decoded, NUL-terminated */
            uint32_t len;
            bool overflow;          /* integer literal too large for 64 bits */
        } lit;

        /* AST_IDENT: scope::name */
        struct {
            bool global_scope;
            ast_names scope;
            ast_node *scope_type;   /* `Type<...>::name` scope, else NULL */
            const char *name;
        } ident;

        /* AST_CALL: object (may be NULL) . scope::name (args) */
        struct {
            ast_node *object;
            bool global_scope;
            ast_names scope;
            ast_node *scope_type;
            const char *name;
            ast_list args;          /* AST_ARG */
            ast_pos args_pos;       /* added: the `(` opening them */
            ast_list targs;         /* added: `name<T1, T2>(args)`, a template function's
                                     * subtypes (AST_TYPE, 2.38); empty for other calls */
        } call;

        /* AST_INVOKE */
        struct { ast_node *callee; ast_list args; } invoke;

        /* AST_CONSTRUCT */
        struct { ast_node *type; ast_list args; } construct;

        /* AST_CAST */
        struct { ast_node *type; ast_node *expr; } cast;

        /* AST_UNARY, AST_POSTFIX */
        struct { uint8_t op; ast_node *operand; } unary;

        /* AST_BINARY, AST_ASSIGN (op == OP_ASSIGN for `=`) */
        struct { uint8_t op; ast_node *lhs, *rhs; } binary;

        /* AST_TERNARY */
        struct { ast_node *cond, *a, *b; } ternary;

        /* AST_MEMBER */
        struct { ast_node *object; const char *name; } member;

        /* AST_INDEX */
        struct { ast_node *object; ast_list args; } index;

        /* AST_INITLIST: items are expressions, nested AST_INITLIST, or NULL for empty elements.
         * In registration list patterns the items are AST_TYPE nodes and the repeat keywords. */
        struct {
            ast_node *type;         /* `T = {..}` anonymous typed list, else NULL */
            ast_list items;
            uint8_t repeat;         /* list patterns: 0, 1 = repeat, 2 = repeat_same */
            /* where the k-th empty element ends (its `,` or `}`), for diagnostics about it */
            ast_pos *empty_pos;
            int32_t nempty, empty_cap;
        } init;

        /* AST_LAMBDA */
        struct { ast_list params; ast_node *body; } lambda;
    } u;
};

/* A zeroed node of this kind in the arena. Only the header and the kind's own union member are
 * allocated: never read another member, nor copy a node by value (use ast_node_size). */
ast_node *ast_new(as_arena *a, ast_kind kind, ast_pos pos);
size_t ast_node_size(ast_kind kind);
void ast_list_push(as_arena *a, ast_list *l, ast_node *n);
void ast_names_push(as_arena *a, ast_names *l, const char *name);
/* Appends an empty element to an AST_INITLIST, remembering where it ends. */
void ast_init_push_empty(as_arena *a, ast_node *list, ast_pos end);
/* Where item i (NULL: an empty element) of an AST_INITLIST is, for diagnostics. */
ast_pos ast_init_item_pos(const ast_node *list, int i);
const char *ast_kind_name(ast_kind k);
const char *ast_op_text(ast_op op);   /* "+", "==", ">>>", ... */

#endif
