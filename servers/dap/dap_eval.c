/* Evaluating an expression with the real compiler, for what a path (dap_values.c) cannot say:
 * `a + b * 2`, `arr.length()`, `p.sum()`, `counter > 3`. The expression becomes the body of a
 * function compiled into the stopped frame's module, taking as parameters the frame's locals in
 * scope and, in a method, `this` (renamed in the expression; a bare call of one of its methods is
 * made through it) and its members, private ones too (`const T &in` values, `T &inout` objects,
 * handles by value), and storing its value in a
 * dictionary (the add-on's `set` keeps any type). It runs in a context of its own, nested on the stopped script's thread, with a budget:
 * an endless loop or an exception ends it with a message, never the script. The dictionary lives
 * until the script resumes, so the value can be expanded meanwhile. Needs the dictionary add-on;
 * without it only paths are evaluated. */
#define _POSIX_C_SOURCE 200809L
#include "dap_values.h"
#include "angelc_addons.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EVAL_BUDGET 1000000   /* loop iterations and calls an evaluation may take */

typedef struct text {
    char *p;
    size_t len, cap;
    bool failed;
} text;

static void add(text *t, const char *s)
{
    size_t n = strlen(s);
    if (t->failed) return;
    if (t->len + n + 1 > t->cap) {
        size_t cap = (t->len + n + 1) * 2;
        char *grown = realloc(t->p, cap);
        if (!grown) {
            t->failed = true;
            return;
        }
        t->p = grown;
        t->cap = cap;
    }
    memcpy(t->p + t->len, s, n + 1);
    t->len += n;
}

/* Compiler messages of the evaluation, kept for the reply. */
typedef struct messages {
    char text[300];
} messages;

static void keep_message(const as_message *msg, void *user)
{
    messages *m = user;
    if (msg->type == AS_MSG_ERROR && !m->text[0]) snprintf(m->text, sizeof m->text, "%s", msg->message);
}

/* A value of the frame handed to the evaluation as a parameter. */
typedef struct eval_param {
    const char *name;     /* the parameter's name: the variable's, or __dap_this */
    int type_id;
    void *addr;           /* as the debugging functions give it */
} eval_param;

#define MAX_PARAMS 128

static bool taken(const eval_param *ps, int n, const char *name)
{
    for (int k = 0; k < n; k++)
        if (!strcmp(ps[k].name, name)) return true;
    return false;
}

/* What the expression can see: the locals in scope (the innermost declaration of each name),
 * then `this` (as __dap_this) and its members that no local hides, as the method's own code
 * sees them. Values whose object is not made yet are left out. */
static int frame_params(as_context *ctx, unsigned level, eval_param *ps)
{
    int n = 0;
    for (int i = as_context_var_count(ctx, level); i-- > 0 && n < MAX_PARAMS;) {
        const char *name;
        int tid;
        if (as_context_var(ctx, level, i, &name, &tid) < 0 || !name || !name[0] || name[0] == '$') continue;
        if (!as_context_is_var_in_scope(ctx, level, i) || tid == AS_TYPEID_VOID || taken(ps, n, name)) continue;
        ps[n++] = (eval_param){name, tid, as_context_address_of_var(ctx, level, i)};
    }
    void *self = as_context_this_pointer(ctx, level);
    if (self && n < MAX_PARAMS) {
        ps[n++] = (eval_param){"__dap_this", as_context_this_type_id(ctx, level) | AS_TYPEID_OBJHANDLE, NULL};
        for (int i = 0, count = as_object_property_count(self); i < count && n < MAX_PARAMS; i++) {
            const char *name = as_object_property_name(self, i);
            if (!name || !name[0] || taken(ps, n, name)) continue;
            ps[n++] = (eval_param){name, as_object_property_type_id(self, i), as_object_property_address(self, i)};
        }
    }
    int kept = 0;
    for (int i = 0; i < n; i++)
        if (ps[i].addr || !strcmp(ps[i].name, "__dap_this")) ps[kept++] = ps[i];
    return kept;
}

static bool ident_char(char c) { return isalnum((unsigned char)c) || c == '_' || (unsigned char)c >= 0x80; }

/* Whether the name at p (n bytes) is called as a method of `this`, as the method's own code would
 * call it: followed by '(', not after '.' or '::', a method of self's class, and no local or
 * member of that name (a function handle) in the way. */
static bool this_method_call(const char *expr, const char *p, size_t n, as_type *self, const eval_param *ps, int nps)
{
    if (!self) return false;
    const char *after = p + n;
    while (isspace((unsigned char)*after)) after++;
    if (*after != '(') return false;
    const char *before = p;
    while (before > expr && isspace((unsigned char)before[-1])) before--;
    if (before > expr && (before[-1] == '.' || before[-1] == ':')) return false;
    char name[128];
    if (n >= sizeof name) return false;
    memcpy(name, p, n);
    name[n] = 0;
    for (int i = 0; i < nps; i++)
        if (!strcmp(ps[i].name, name)) return false;
    return as_type_method_by_name(self, name) != NULL;
}

/* The expression with each `this` keyword (outside string literals) spelt __dap_this, and calls of
 * this's methods by their bare name made through it. */
static void add_expression(text *code, const char *expr, as_type *self, const eval_param *ps, int nps)
{
    char quote = 0;
    for (const char *p = expr; *p;) {
        if (quote) {
            char piece[3] = {*p, 0, 0};
            if (*p == '\\' && p[1]) piece[1] = p[1];
            else if (*p == quote) quote = 0;
            add(code, piece);
            p += strlen(piece);
        } else if (*p == '"' || *p == '\'') {
            quote = *p;
            add(code, (char[]){*p++, 0});
        } else if ((isalpha((unsigned char)*p) || *p == '_' || (unsigned char)*p >= 0x80) && (p == expr || !ident_char(p[-1]))) {
            size_t n = 0;
            while (ident_char(p[n])) n++;
            bool member_of_this = p > expr && p[-1] == '.';
            if (n == 4 && !strncmp(p, "this", 4) && !member_of_this) {
                add(code, "__dap_this");
            } else {
                if (this_method_call(expr, p, n, self, ps, nps)) add(code, "__dap_this.");
                char word[256];
                size_t k = n < sizeof word ? n : sizeof word - 1;
                memcpy(word, p, k);
                word[k] = 0;
                add(code, word);
                if (k < n) code->failed = true;   /* a name that long: refused below */
            }
            p += n;
        } else {
            add(code, (char[]){*p++, 0});
        }
    }
}

/* Passes one parameter: handles by value (the object, borrowed for the call), everything else
 * by reference. */
static bool pass(as_context *run, unsigned arg, const eval_param *p, void *self)
{
    if (!strcmp(p->name, "__dap_this")) return as_context_set_arg_object(run, arg, self) >= 0;
    if (p->type_id & AS_TYPEID_OBJHANDLE) return as_context_set_arg_object(run, arg, *(void **)p->addr) >= 0;
    return as_context_set_arg_address(run, arg, p->addr) >= 0;
}

bool dap_eval_compiled(dap_thread *t, unsigned level, const char *expr, void **addr, int *type_id, char *err, size_t err_size)
{
    as_context *ctx = t->ctx;
    as_engine *e = as_context_engine(ctx);
    as_function *frame_fn = as_context_function(ctx, level);
    as_module *m = frame_fn ? as_function_module(frame_fn) : NULL;
    as_type *dict_type = as_engine_type_by_name(e, "dictionary");
    if (!m || !dict_type) {
        snprintf(err, err_size, "only paths such as a.b[2] are evaluated here");
        return false;
    }
    if (strlen(expr) > 4000 || strchr(expr, ';') || strchr(expr, '{') || strchr(expr, '}')) {
        snprintf(err, err_size, "an expression, please (no statements)");
        return false;
    }
    eval_param ps[MAX_PARAMS];
    int nps = frame_params(ctx, level, ps);
    text code = {0};
    add(&code, "void __dap_evaluate(dictionary@ __dap_result");
    for (int i = 0; i < nps; i++) {
        const char *decl = as_engine_type_declaration(e, ps[i].type_id, true);
        if (!decl) {
            ps[i--] = ps[--nps];   /* a type without a name to declare it by: left out */
            continue;
        }
        /* objects of reference types by &inout and handles by a copy of the handle, so their
         * non-const methods can be called; values by const &in */
        as_type *type = (ps[i].type_id & AS_TYPEID_MASK_OBJECT) ? as_engine_type_by_id(e, ps[i].type_id) : NULL;
        bool handle = ps[i].type_id & AS_TYPEID_OBJHANDLE;
        bool ref_object = type && (as_type_flags(type) & AS_OBJ_REF) && !handle;
        add(&code, handle || ref_object ? ", " : ", const ");
        add(&code, decl);
        add(&code, ref_object ? " &inout " : handle ? " " : " &in ");
        add(&code, ps[i].name);
    }
    add(&code, ") { __dap_result.set(\"v\", ");
    void *self = as_context_this_pointer(ctx, level);
    add_expression(&code, expr, self ? as_engine_type_by_id(e, as_context_this_type_id(ctx, level)) : NULL, ps, nps);
    add(&code, "\n); }");
    if (code.failed) {
        free(code.p);
        snprintf(err, err_size, "out of memory");
        return false;
    }
    /* the compiler's messages come to us for the while, then go back where the host sent them */
    as_message_fn old_fn = NULL;
    void *old_user = NULL;
    as_engine_get_message_callback(e, &old_fn, &old_user);
    messages msgs = {{0}};
    as_engine_set_message_callback(e, keep_message, &msgs);
    as_function *fn = NULL;
    int r = as_module_compile_function(m, "evaluate", code.p, 0, 0, &fn);
    as_engine_set_message_callback(e, old_fn, old_user);
    free(code.p);
    if (r < 0 || !fn) {
        snprintf(err, err_size, "%s", msgs.text[0] ? msgs.text : "the expression does not compile");
        if (fn) as_function_release(fn);
        return false;
    }
    void *dict = as_dictionary_create(e);
    as_context *run = dict ? as_context_create(e) : NULL;
    bool ok = run && as_context_prepare(run, fn) >= 0 && as_context_set_arg_address(run, 0, dict) >= 0;
    for (int i = 0; ok && i < nps; i++) ok = pass(run, (unsigned)i + 1, &ps[i], self);
    if (ok) as_context_set_budget(run, EVAL_BUDGET);
    int state = ok ? as_context_execute(run) : AS_ERROR;
    if (state != AS_EXECUTION_FINISHED) {
        const char *why = state == AS_EXECUTION_EXCEPTION ? as_context_exception_string(run) : NULL;
        snprintf(err, err_size, "%s", why ? why : "the expression could not be run");
        ok = false;
    }
    if (run) as_context_destroy(run);
    as_function_release(fn);
    const void *value = ok ? as_dictionary_value(dict, "v", type_id) : NULL;
    if (!value) {
        if (ok) snprintf(err, err_size, "the expression has no value");
        if (dict) as_engine_release_object(e, dict, as_type_id(dict_type));
        return false;
    }
    /* kept until the script resumes: the value lives in it */
    void **grown = realloc(t->eval_results, (size_t)(t->neval_results + 1) * sizeof *grown);
    if (!grown) {
        as_engine_release_object(e, dict, as_type_id(dict_type));
        snprintf(err, err_size, "out of memory");
        return false;
    }
    t->eval_results = grown;
    t->eval_results[t->neval_results++] = dict;
    *addr = (void *)value;
    return true;
}

void dap_release_eval_results(dap_thread *t)
{
    if (!t->neval_results) return;
    as_engine *e = as_context_engine(t->ctx);
    as_type *dict_type = as_engine_type_by_name(e, "dictionary");
    for (int i = 0; i < t->neval_results; i++)
        if (dict_type) as_engine_release_object(e, t->eval_results[i], as_type_id(dict_type));
    free(t->eval_results);
    t->eval_results = NULL;
    t->neval_results = 0;
}
