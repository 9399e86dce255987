/* The requests a stopped script serves on its own thread: resuming (continue, next, stepIn,
 * stepOut), the call stack, scopes and variables, evaluate, setVariable and exceptionInfo.
 * Frame ids are threadId * 1000000 + level + 1; variablesReference numbers stand for what
 * dap_new_ref recorded while the thread is stopped. */
#define _XOPEN_SOURCE 700
#include "dap_values.h"
#include "angelc_addons.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FRAME_IDS 1000000

int dap_new_ref(as_dap_server *s, dap_ref ref)
{
    if (s->nrefs == s->capref) {
        int cap = s->capref ? s->capref * 2 : 64;
        dap_ref *grown = realloc(s->refs, (size_t)cap * sizeof *grown);
        if (!grown) return 0;
        s->refs = grown;
        s->capref = cap;
    }
    s->refs[s->nrefs++] = ref;
    return s->ref_base + s->nrefs;
}

static bool lookup_ref(as_dap_server *s, int id, dap_ref *out)
{
    pthread_mutex_lock(&s->lock);
    int idx = id - 1 - s->ref_base;
    bool ok = idx >= 0 && idx < s->nrefs;
    if (ok) *out = s->refs[idx];
    pthread_mutex_unlock(&s->lock);
    return ok;
}

static int int_arg(const cJSON *args, const char *name, int def)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(args, name);
    if (!cJSON_IsNumber(v) || v->valuedouble < -2147483648.0 || v->valuedouble > 2147483647.0) return def;
    return (int)v->valuedouble;
}

/* The stack level a frameId names in t, or -1. */
static int level_of_frame(dap_thread *t, int frame_id)
{
    if (frame_id <= 0) return 0;   /* no frame: the innermost */
    int level = frame_id % FRAME_IDS - 1;
    if (frame_id / FRAME_IDS != t->id || level < 0 || (unsigned)level >= as_context_callstack_size(t->ctx)) return -1;
    return level;
}

/* A variable for the client: name, value, type, and a reference when it expands. */
static cJSON *variable(as_dap_server *s, dap_thread *t, const char *name, void *addr, int type_id, const char *value_key)
{
    as_engine *e = as_context_engine(t->ctx);
    cJSON *v = cJSON_CreateObject();
    char *text = dap_value_text(e, addr, type_id);
    char *type = dap_type_text(e, type_id);
    if (name) cJSON_AddStringToObject(v, "name", name);
    cJSON_AddStringToObject(v, value_key, text ? text : "?");
    cJSON_AddStringToObject(v, "type", type ? type : "?");
    free(text);
    free(type);
    int children = addr ? dap_child_count(e, addr, type_id) : 0;
    int ref = 0;
    if (children > 0) {
        pthread_mutex_lock(&s->lock);
        ref = dap_new_ref(s, (dap_ref){REF_VALUE, t->id, 0, NULL, addr, type_id});
        pthread_mutex_unlock(&s->lock);
        if (dap_value_kind(e, type_id, NULL) == KIND_ARRAY) cJSON_AddNumberToObject(v, "indexedVariables", children);
    }
    cJSON_AddNumberToObject(v, "variablesReference", ref);
    return v;
}

static void stack_trace(as_dap_server *s, dap_thread *t, const cJSON *req)
{
    const cJSON *args = dap_arguments(req);
    int start = int_arg(args, "startFrame", 0), levels = int_arg(args, "levels", 0);
    unsigned n = as_context_callstack_size(t->ctx);
    if (start < 0) start = 0;
    unsigned end = levels > 0 && (unsigned)start + (unsigned)levels < n ? (unsigned)start + (unsigned)levels : n;
    if (end > FRAME_IDS - 1) end = FRAME_IDS - 1;
    cJSON *body = cJSON_CreateObject();
    cJSON *frames = cJSON_AddArrayToObject(body, "stackFrames");
    for (unsigned level = (unsigned)start; level < end; level++) {
        as_function *fn = as_context_function(t->ctx, level);
        cJSON *f = cJSON_CreateObject();
        cJSON_AddNumberToObject(f, "id", (double)t->id * FRAME_IDS + level + 1);
        const char *decl = fn ? as_function_declaration(fn, true, true, false) : NULL;
        cJSON_AddStringToObject(f, "name", decl ? decl : "(host code)");
        int col = 0;
        const char *section = NULL;
        int line = fn ? as_context_line_number(t->ctx, level, &col, &section) : 0;
        if (section && section[0]) {
            pthread_mutex_lock(&s->lock);
            cJSON_AddItemToObject(f, "source", dap_source_json(s, section));
            pthread_mutex_unlock(&s->lock);
        }
        cJSON_AddNumberToObject(f, "line", line > 0 ? line : 0);
        cJSON_AddNumberToObject(f, "column", col > 0 ? col : 1);
        cJSON_AddItemToArray(frames, f);
    }
    cJSON_AddNumberToObject(body, "totalFrames", n);
    dap_respond(s, req, true, NULL, body);
}

static cJSON *scope(const char *name, const char *hint, int ref, bool expensive)
{
    cJSON *sc = cJSON_CreateObject();
    cJSON_AddStringToObject(sc, "name", name);
    if (hint) cJSON_AddStringToObject(sc, "presentationHint", hint);
    cJSON_AddNumberToObject(sc, "variablesReference", ref);
    cJSON_AddBoolToObject(sc, "expensive", expensive);
    return sc;
}

static void scopes(as_dap_server *s, dap_thread *t, const cJSON *req)
{
    int level = level_of_frame(t, int_arg(dap_arguments(req), "frameId", 0));
    if (level < 0) {
        dap_respond(s, req, false, "no such frame", NULL);
        return;
    }
    as_function *fn = as_context_function(t->ctx, (unsigned)level);
    as_module *m = fn ? as_function_module(fn) : NULL;
    bool has_this = as_context_this_pointer(t->ctx, (unsigned)level) != NULL;
    cJSON *body = cJSON_CreateObject();
    cJSON *list = cJSON_AddArrayToObject(body, "scopes");
    pthread_mutex_lock(&s->lock);
    int locals = dap_new_ref(s, (dap_ref){REF_LOCALS, t->id, (unsigned)level, NULL, NULL, 0});
    int self = has_this ? dap_new_ref(s, (dap_ref){REF_THIS, t->id, (unsigned)level, NULL, NULL, 0}) : 0;
    int globals = m && as_module_global_count(m) > 0 ? dap_new_ref(s, (dap_ref){REF_GLOBALS, t->id, (unsigned)level, m, NULL, 0}) : 0;
    pthread_mutex_unlock(&s->lock);
    cJSON_AddItemToArray(list, scope("Locals", "locals", locals, false));
    if (self) cJSON_AddItemToArray(list, scope("this", NULL, self, false));
    if (globals) cJSON_AddItemToArray(list, scope("Globals", NULL, globals, false));
    dap_respond(s, req, true, NULL, body);
}

/* The children of a reference: calls each(name, addr, type_id) in order, from start, count of
 * them (count 0: all). Returns false if the reference cannot be expanded. */
typedef bool (*child_fn)(void *user, const char *name, void *addr, int type_id);
static bool children(dap_thread *t, const dap_ref *r, int start, int count, child_fn each, void *user)
{
    as_context *ctx = t->ctx;
    as_engine *e = as_context_engine(ctx);
    int seen = 0;
    char name[48];
#define CHILD(NAME, ADDR, TID)                                                                  \
    do {                                                                                        \
        if (seen++ >= start && (count <= 0 || seen - start <= count) && !each(user, NAME, ADDR, TID)) \
            return true;                                                                        \
    } while (0)
    switch (r->kind) {
    case REF_LOCALS:
        for (int i = 0, n = as_context_var_count(ctx, r->level); i < n; i++) {
            const char *vn;
            int tid;
            if (as_context_var(ctx, r->level, i, &vn, &tid) < 0 || !vn || !vn[0] || vn[0] == '$') continue;
            if (!as_context_is_var_in_scope(ctx, r->level, i)) continue;
            CHILD(vn, as_context_address_of_var(ctx, r->level, i), tid);
        }
        return true;
    case REF_THIS: {
        void *obj = as_context_this_pointer(ctx, r->level);
        for (int i = 0, n = obj ? as_object_property_count(obj) : 0; i < n; i++)
            CHILD(as_object_property_name(obj, i), as_object_property_address(obj, i), as_object_property_type_id(obj, i));
        return true;
    }
    case REF_GLOBALS:
        for (int i = 0, n = as_module_global_count(r->module); i < n; i++) {
            const char *gn, *ns;
            int tid;
            if (as_module_global(r->module, i, &gn, &ns, &tid, NULL) < 0 || !gn) continue;
            char full[256];
            snprintf(full, sizeof full, "%s%s%s", ns && ns[0] ? ns : "", ns && ns[0] ? "::" : "", gn);
            CHILD(full, as_module_global_address(r->module, i), tid);
        }
        return true;
    case REF_VALUE: {
        void *obj = dap_object_of(r->addr, r->type_id);
        if (!obj) return true;
        switch (dap_value_kind(e, r->type_id, NULL)) {
        case KIND_SCRIPT_OBJECT:
            for (int i = 0, n = as_object_property_count(obj); i < n; i++)
                CHILD(as_object_property_name(obj, i), as_object_property_address(obj, i), as_object_property_type_id(obj, i));
            return true;
        case KIND_ARRAY: {
            int tid = as_array_element_type_id(obj);
            uint32_t n = as_array_size(obj);
            /* elements: jump to start rather than walk */
            for (uint32_t i = (uint32_t)(start > 0 ? start : 0); i < n; i++) {
                if (count > 0 && i - (uint32_t)start >= (uint32_t)count) break;
                snprintf(name, sizeof name, "[%u]", (unsigned)i);
                if (!each(user, name, as_array_at(obj, i), tid)) break;
            }
            return true;
        }
        case KIND_DICTIONARY:
            for (uint32_t i = 0, n = as_dictionary_size(obj); i < n; i++) {
                size_t len;
                const char *key = as_dictionary_key(obj, i, &len);
                int tid = 0;
                const void *v = key ? as_dictionary_value(obj, key, &tid) : NULL;
                if (!key) continue;
                char quoted_key[300];
                snprintf(quoted_key, sizeof quoted_key, "\"%.280s\"", key);
                CHILD(quoted_key, (void *)v, tid);
            }
            return true;
        default: return false;
        }
    }
    }
#undef CHILD
    return false;
}

typedef struct list_ctx {
    as_dap_server *s;
    dap_thread *t;
    cJSON *list;
} list_ctx;

static bool add_variable(void *user, const char *name, void *addr, int type_id)
{
    list_ctx *c = user;
    cJSON_AddItemToArray(c->list, variable(c->s, c->t, name, addr, type_id, "value"));
    return cJSON_GetArraySize(c->list) < 10000;   /* a client pages through more */
}

static void variables(as_dap_server *s, dap_thread *t, const cJSON *req)
{
    const cJSON *args = dap_arguments(req);
    dap_ref r;
    if (!lookup_ref(s, int_arg(args, "variablesReference", 0), &r) || r.thread_id != t->id) {
        dap_respond(s, req, false, "the reference is no longer valid", NULL);
        return;
    }
    cJSON *body = cJSON_CreateObject();
    list_ctx c = {s, t, cJSON_AddArrayToObject(body, "variables")};
    int start = int_arg(args, "start", 0);
    children(t, &r, start > 0 ? start : 0, int_arg(args, "count", 0), add_variable, &c);
    dap_respond(s, req, true, NULL, body);
}

typedef struct find_ctx {
    const char *name;
    void *addr;
    int type_id;
    bool found;
} find_ctx;

static bool find_child(void *user, const char *name, void *addr, int type_id)
{
    find_ctx *f = user;
    if (strcmp(name, f->name) != 0) return true;
    f->addr = addr;
    f->type_id = type_id;
    f->found = true;
    return false;
}

static void set_variable(as_dap_server *s, dap_thread *t, const cJSON *req)
{
    const cJSON *args = dap_arguments(req);
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(args, "name");
    const cJSON *value = cJSON_GetObjectItemCaseSensitive(args, "value");
    dap_ref r;
    if (!cJSON_IsString(name) || !cJSON_IsString(value)) {
        dap_respond(s, req, false, "setVariable needs a name and a value", NULL);
        return;
    }
    if (!lookup_ref(s, int_arg(args, "variablesReference", 0), &r) || r.thread_id != t->id) {
        dap_respond(s, req, false, "the reference is no longer valid", NULL);
        return;
    }
    find_ctx f = {name->valuestring, NULL, 0, false};
    children(t, &r, 0, 0, find_child, &f);
    char err[200];
    as_engine *e = as_context_engine(t->ctx);
    if (!f.found || !f.addr) {
        dap_respond(s, req, false, "no such variable", NULL);
        return;
    }
    if (!dap_assign(e, f.addr, f.type_id, value->valuestring, err, sizeof err)) {
        dap_respond(s, req, false, err, NULL);
        return;
    }
    cJSON *v = variable(s, t, NULL, f.addr, f.type_id, "value");
    dap_respond(s, req, true, NULL, v);
}

static void evaluate(as_dap_server *s, dap_thread *t, const cJSON *req)
{
    const cJSON *args = dap_arguments(req);
    const cJSON *expr = cJSON_GetObjectItemCaseSensitive(args, "expression");
    int level = level_of_frame(t, int_arg(args, "frameId", 0));
    if (!cJSON_IsString(expr) || level < 0) {
        dap_respond(s, req, false, level < 0 ? "no such frame" : "evaluate needs an expression", NULL);
        return;
    }
    void *addr;
    int type_id;
    char err[200];
    /* hovering only reads: a path, never code that could change the script's state */
    const cJSON *context = cJSON_GetObjectItemCaseSensitive(args, "context");
    bool hover = cJSON_IsString(context) && !strcmp(context->valuestring, "hover");
    if (hover ? !dap_path_value(t->ctx, (unsigned)level, expr->valuestring, &addr, &type_id, err, sizeof err)
              : !dap_evaluate(t, (unsigned)level, expr->valuestring, &addr, &type_id, err, sizeof err)) {
        dap_respond(s, req, false, err, NULL);
        return;
    }
    dap_respond(s, req, true, NULL, variable(s, t, NULL, addr, type_id, "result"));
}

static void exception_info(as_dap_server *s, dap_thread *t, const cJSON *req)
{
    if (!t->in_exception_stop) {
        dap_respond(s, req, false, "the thread did not stop on an exception", NULL);
        return;
    }
    cJSON *body = cJSON_CreateObject();
    cJSON_AddStringToObject(body, "exceptionId", "script exception");
    cJSON_AddStringToObject(body, "description", t->exception_text ? t->exception_text : "");
    cJSON_AddStringToObject(body, "breakMode", t->exception_caught ? "always" : "unhandled");
    dap_respond(s, req, true, NULL, body);
}

void dap_run_job(as_dap_server *s, dap_thread *t, cJSON *req)
{
    const char *cmd = dap_command(req);
    if (!strcmp(cmd, "continue")) {
        cJSON *body = cJSON_CreateObject();
        cJSON_AddBoolToObject(body, "allThreadsContinued", false);
        dap_resume(s, t, STEP_NONE);
        dap_respond(s, req, true, NULL, body);
    } else if (!strcmp(cmd, "next") || !strcmp(cmd, "stepIn") || !strcmp(cmd, "stepOut")) {
        dap_resume(s, t, !strcmp(cmd, "next") ? STEP_OVER : !strcmp(cmd, "stepIn") ? STEP_INTO : STEP_OUT);
        dap_respond(s, req, true, NULL, NULL);
    } else if (!strcmp(cmd, "stackTrace")) {
        stack_trace(s, t, req);
    } else if (!strcmp(cmd, "scopes")) {
        scopes(s, t, req);
    } else if (!strcmp(cmd, "variables")) {
        variables(s, t, req);
    } else if (!strcmp(cmd, "setVariable")) {
        set_variable(s, t, req);
    } else if (!strcmp(cmd, "evaluate")) {
        evaluate(s, t, req);
    } else if (!strcmp(cmd, "exceptionInfo")) {
        exception_info(s, t, req);
    } else {
        dap_respond(s, req, false, "not a request for a stopped thread", NULL);
    }
}

bool dap_evaluate(dap_thread *t, unsigned level, const char *expr, void **addr, int *type_id, char *err, size_t err_size)
{
    bool is_path = false;
    if (dap_path_value_ex(t->ctx, level, expr, addr, type_id, err, err_size, &is_path)) return true;
    if (is_path) return false;   /* a path that names nothing, or a null on the way: said so */
    return dap_eval_compiled(t, level, expr, addr, type_id, err, err_size);
}

bool dap_condition_true(as_dap_server *s, dap_thread *t, const char *condition)
{
    char err[200];
    int r = dap_condition(t->ctx, 0, condition, err, sizeof err);
    if (r < 0) {
        /* beyond PATH OP VALUE: the compiler decides */
        size_t n = strlen(condition) + 16;
        char *expr = malloc(n);
        void *addr;
        int tid;
        if (expr) {
            snprintf(expr, n, "(%s) ? 1 : 0", condition);
            if (dap_eval_compiled(t, 0, expr, &addr, &tid, err, sizeof err)) {
                as_engine *e = as_context_engine(t->ctx);
                char *v = dap_value_text(e, addr, tid);
                r = v && strcmp(v, "0") != 0;
                free(v);
            }
            free(expr);
            dap_release_eval_results(t);
        }
    }
    if (r >= 0) return r == 1;
    /* a condition that cannot be evaluated stops, and says why */
    char msg[512];
    int n = snprintf(msg, sizeof msg, "breakpoint condition '%.200s': %s\n", condition, err);
    as_dap_output(s, "console", msg, n > 0 && (size_t)n < sizeof msg ? (size_t)n : strlen(msg));
    return true;
}

char *dap_interpolate(as_dap_server *s, dap_thread *t, const char *message)
{
    (void)s;
    size_t cap = strlen(message) + 64, len = 0;
    char *out = malloc(cap);
    if (!out) return NULL;
    as_engine *e = as_context_engine(t->ctx);
    for (const char *p = message; *p;) {
        const char *piece = p;
        size_t n = 1;
        char *value = NULL;
        const char *close = *p == '{' ? strchr(p, '}') : NULL;
        if (close && close - p - 1 < 256) {
            char expr[256];
            memcpy(expr, p + 1, (size_t)(close - p - 1));
            expr[close - p - 1] = 0;
            void *addr;
            int tid;
            char err[200];
            value = dap_evaluate(t, 0, expr, &addr, &tid, err, sizeof err) ? dap_value_text(e, addr, tid) : NULL;
            if (!value) {
                size_t m = strlen(err) + 3;
                value = malloc(m);
                if (value) snprintf(value, m, "<%s>", err);
            }
            p = close + 1;
        } else {
            p++;
        }
        if (value) {
            piece = value;
            n = strlen(value);
        }
        if (len + n + 1 > cap) {
            cap = (len + n + 1) * 2;
            char *grown = realloc(out, cap);
            if (!grown) {
                free(value);
                free(out);
                return NULL;
            }
            out = grown;
        }
        memcpy(out + len, piece, n);
        len += n;
        free(value);
    }
    out[len] = 0;
    dap_release_eval_results(t);
    return out;
}
