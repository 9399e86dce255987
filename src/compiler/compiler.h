/* The compiler: declarations of a module, then function bodies to register bytecode.
 *
 * A build runs in passes over the ASTs of all sections: names of types first, then their
 * contents and the signatures of functions and globals, then global initialisers (in dependency
 * order) and function bodies. Bodies compile straight from the AST to bytecode: an expression
 * compiles to an `ev` (where its value is and what type it has), and consumers emit the loads,
 * conversions and stores they need. */
#ifndef AS_COMPILER_H
#define AS_COMPILER_H
#include "../runtime/engine.h"
#include "../parser/ast.h"
#include "../util/diag.h"

typedef struct as_compiler as_compiler;
typedef struct fc fc;

/* ---- module build state ---- */

typedef struct pending_func {
    as_function *fn;
    ast_node *node;         /* AST_FUNC (or accessor body / lambda) */
    as_namespace *ns;       /* namespace the body resolves names in */
    as_type *objtype;
    ast_node *body;
    ast_node *lambda;       /* AST_LAMBDA for anonymous functions */
} pending_func;

typedef struct decl_item {
    ast_node *node;
    as_namespace *ns;
    void *obj;              /* the type, function or global made for it */
    as_type *objtype;       /* members: the class */
} decl_item;

/* The access mask of the module being compiled (host declarations see everything). */
#define C_ACCESS(c) ((c)->module && !(c)->in_registration ? (c)->module->access_mask : 0xFFFFFFFFu)

struct as_compiler {
    as_engine *engine;
    as_module *module;
    as_arena *arena;
    as_diag diag;
    int section;                /* current section, for messages */
    as_function *reported_fn;   /* "Compiling ..." already printed for this function */
    bool no_compiling_info;     /* as_module_compile_function: errors come without "Compiling ..." */
    VEC(pending_func) pending;  /* bodies still to compile */
    VEC(as_type *) new_types;
    bool in_registration;       /* resolving a host declaration: engine scope only */
    bool scoped_handle_ok;      /* resolving a host function's return type: `S@` of a scoped type
                                 * S is allowed there, meaning a new object the engine releases */
    as_namespace *reg_ns;
    int lambda_count;
    fc *current;                /* function being compiled (global initialisers too) */
    as_type *reg_template;      /* registering a template's members: its subtypes are in scope */
    VEC(decl_item) enums, funcdefs, classes, mixins, funcs, vars, imports;
    /* IGNORE_DUPLICATE_SHARED_INTF: shared interfaces declared again (obj: the first one) */
    VEC(decl_item) dup_interfaces;
    /* base class / interface names that would close an inheritance cycle (reported, skipped) */
    VEC(const ast_node *) cyclic_bases;
    VEC(as_global *) init_order; /* globals in initialisation order */
    bool reading_uninit;        /* a global initialiser read a global not yet initialised */
    as_global *uninit_global;
    as_global *checking_init;    /* global whose initialiser is compiling */
    int expr_depth;             /* nesting of compile_expr (a guard against hostile input) */
    /* template instances of script classes still being declared: the host's template callback
     * is asked once the classes are complete (decl_resolve) */
    VEC(struct deferred_tmpl { as_type *inst; ast_pos pos; bool has_pos; }) deferred_tmpl;
    /* syntax messages of function bodies (the parser's second step), reported as the reference
     * reports them: when the function is compiled, after its "Compiling ..." line; done when
     * reported */
    VEC(struct body_diag { const ast_deferred_diag *d; int section; bool done; }) body_diags;
    /* `using namespace` (2.38): the directives of the module's declarations (consulted when a
     * lookup reaches the namespace they are in) and those of the blocks being compiled */
    VEC(struct using_dir { as_namespace *in; const ast_node *n; const void *scope; }) usings, block_usings;
    bool resolving_using;       /* c_using_at is resolving the directives' own names */
    bool in_defarg;             /* compiling a default argument: messages go to "default arg" */
    ast_pos defarg_base;        /* where its text starts */
    fc *live_fcs;               /* function compilations in progress (discarded if memory runs out) */
};

/* Out of memory in a guarded compilation: frees what the compiler holds (its lists, the
 * functions being compiled) so the caller can return AS_OUT_OF_MEMORY. */
void compiler_abandon(as_compiler *c);
/* The part that must run before the unwinding (the compilations live in the frames unwound):
 * a mem_guard's on_fail. */
void compiler_abandon_fcs(void *compiler);

/* The section index of messages about default arguments ("default arg", as the reference). */
#define C_SECTION_DEFARG (-2)

/* Reports an error at a node; prints the "Compiling <decl>" line first like the reference. */
void c_error(as_compiler *c, const ast_node *at, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
void c_warning(as_compiler *c, const ast_node *at, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
void c_error_pos(as_compiler *c, ast_pos pos, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* The syntax messages of the body of owner (an AST_FUNC, accessor or lambda), after the
 * "Compiling ..." line of the function being compiled; NULL: all not reported yet, as they are.
 * Whether there was an error among them (the body is then not compiled). */
bool c_report_body_diags(as_compiler *c, const ast_node *owner);

/* "Name conflict. 'name' is a class." and the like, for a name symbol s already uses (decl.c). */
void c_name_conflict(as_compiler *c, const ast_node *at, const char *name, const as_symbol *s);

/* ---- name lookup and type resolution (resolve.c) ---- */

as_namespace *c_scope_namespace(as_compiler *c, as_namespace *from, bool global_scope, const ast_names *scope,
                                const ast_node *at, bool report);
as_type *c_find_type(as_compiler *c, as_namespace *ns, const char *name, bool search_parents);
/* Resolves an AST_TYPE to a data type; reports errors and returns false on failure. */
bool c_resolve_type(as_compiler *c, const ast_node *type, as_namespace *ns, as_type *objtype, as_dtype *out);
/* `auto[]`: reports "Data type can't be '<auto>'" (an array of auto) and returns true. */
bool c_auto_array_error(as_compiler *c, const ast_node *type);
as_symbol *c_lookup(as_compiler *c, as_namespace *ns, const char *name, as_sym_kind kind);
/* The namespaces `using namespace` makes visible when a lookup reaches namespace `level` (with
 * the block directives of the function being compiled when innermost); how many, at most max. */
int c_using_at(as_compiler *c, as_namespace *level, bool innermost, as_namespace **out, int max);
/* Runs the template callbacks c_template_instance deferred (see deferred_tmpl). */
void c_run_deferred_template_checks(as_compiler *c);
/* Instantiates template `tmpl` with the given subtypes (registered templates). */
as_type *c_template_instance(as_compiler *c, as_type *tmpl, const as_dtype *subs, int nsubs, const ast_node *at);
/* d with the subtypes of template tmpl replaced by those of instance inst (their positions in
 * tmpl->subtypes and inst->subtypes), other templates of them by their instances. */
as_dtype c_substitute_subtypes(as_compiler *c, as_type *tmpl, as_type *inst, as_dtype d);
const char *c_type_text(as_compiler *c, const as_dtype *dt);
/* Whether get_/set_ function fn is a property accessor under AS_EP_PROPERTY_ACCESSOR_MODE. */
bool c_is_accessor(as_compiler *c, const as_function *fn);
/* May the script declare `T p { get; set; }`? (not in accessor modes 0 and 1); else reports it */
bool c_virtprop_allowed(as_compiler *c, const ast_node *decl);
bool dt_equal_ex(const as_dtype *a, const as_dtype *b);

/* ---- accessors declared as functions: `int get_x() property` (accessors.c) ---- */
bool accessor_is_get(const as_function *f);
/* "x" for get_x / set_x, and "set_x" / "get_x", interned. */
const char *accessor_property_name(as_compiler *c, const as_function *f);
const char *accessor_counterpart_name(as_compiler *c, const as_function *f);
/* get_ returns a value and takes 0 or 1 (index) parameters, set_ returns void and takes 1 or 2;
 * else reports "Invalid signature for virtual property", drops FA_PROPERTY and returns false. */
bool accessor_check_signature(as_compiler *c, as_function *f, const ast_node *at);
/* Reports when f's value type is not that of other, the property's first accessor of the other kind. */
void accessor_check_types(as_compiler *c, const as_function *f, const as_function *other, const ast_node *at);

/* ---- declarations (decl.c) ---- */

void decl_collect(as_compiler *c, ast_node *script, as_namespace *ns);
/* call.c: where the text of an expression starts (its leftmost token) */
ast_pos c_expr_start(const ast_node *n);

/* classes.c */
void classes_collect(as_compiler *c, ast_node *n, as_namespace *ns);
void decl_classes_resolve(as_compiler *c);
void decl_resolve(as_compiler *c);
bool decl_signature(as_compiler *c, as_function *f, ast_node *node, as_namespace *ns, as_type *objtype);

/* ---- bodies (func.c, stmt.c, expr.c, call.c, convert.c) ---- */

void compile_function(as_compiler *c, pending_func *pf);
void compile_globals(as_compiler *c);
void build_note_global_read(as_compiler *c, as_global *g, const ast_node *at);

/* ---- builds driven from module.c ---- */
int compiler_build(as_module *m);
/* The pieces of a build incremental.c reuses to compile single functions and globals into a
 * built module: the compiler's setup and teardown, parsing one section with the engine's
 * syntax options, compiling the globals declared from index `from` on and running their
 * initialisers. */
void compiler_init(as_compiler *c, as_module *m);
void compiler_free_lists(as_compiler *c);
/* Errors so far, after turning warnings into a failed build under AS_EP_COMPILER_WARNINGS 2. */
int compiler_error_count(as_compiler *c);
/* Parses a section of the module. defer_body_errors: syntax errors in function bodies wait for
 * the functions' compilation (a build, as the reference's); else they are reported at once. */
ast_node *compiler_parse_section(as_compiler *c, int section, bool defer_body_errors);
void compile_new_globals(as_compiler *c, int from);
int module_run_global_inits_from(as_module *m, int from);

/* registration helpers (register.c uses the same resolver) */
as_compiler *compiler_for_registration(as_engine *e, as_compiler *storage);
void compiler_done(as_compiler *c);

/* The type item tn of a list pattern names for owner, an instance of its template if it is one
 * (T replaced by the instance's subtype): c_pattern_type reports through c, compiler_pattern_type
 * reports nothing (the bytecode verifier's: false if it does not resolve or memory runs out). */
bool c_pattern_type(as_compiler *c, as_type *owner, const ast_node *tn, as_dtype *out);
bool compiler_pattern_type(as_engine *e, as_type *owner, const ast_node *tn, as_dtype *out);

#endif
