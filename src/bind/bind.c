/* A bind in progress: its scope (namespace, what it bound last), and its errors. While a bind
 * runs, the engine's messages pass through it: a failed registration, made by a toolkit line or
 * by a direct call to the host API inside the bind, fails the bind and is reported with the
 * bind's name, the C file and line, the type and the declaration. */
#include "bind_impl.h"
#include "util/mem.h"
#include <stdio.h>
#include <string.h>

/* Writes a message to the host's callback (or the engine's default output). */
static void forward(as_bind *b, const char *section, int row, int col, as_msgtype type, const char *msg);

/* The host's line making a raw registration (the macros of angelc_bind.h set it around the call):
 * per thread, since engines on several threads may run binds at once. */
static _Thread_local struct { const char *file; int line; } call_site;

void as_bind__site(const char *file, int line)
{
    call_site.file = file;
    call_site.line = line;
}

int as_bind__site_end(int r)
{
    call_site.file = NULL;
    call_site.line = 0;
    return r;
}

static void intercept(const as_message *m, void *user)
{
    as_bind *b = user;
    if (b->quiet && m->type == AS_MSG_ERROR) {
        /* a toolkit line's registration: kept for the line's own report */
        size_t len = strlen(b->msg);
        snprintf(b->msg + len, sizeof b->msg - len, "%s%s", len ? "; " : "", m->message);
        return;
    }
    if (m->type == AS_MSG_ERROR && !b->quiet) {
        /* a direct host API call inside the bind: reported at the call's line when the header's
         * macros gave it, else at the bind's */
        b->errors++;
        char text[700];
        snprintf(text, sizeof text, "bind '%s': %s", b->name, m->message);
        if (call_site.file) forward(b, call_site.file, call_site.line, 0, m->type, text);
        else forward(b, b->file, b->line, 0, m->type, text);
        return;
    }
    forward(b, m->section, m->row, m->col, m->type, m->message);
}

static void forward(as_bind *b, const char *section, int row, int col, as_msgtype type, const char *msg)
{
    as_engine_set_message_callback(b->e, b->host_fn, b->host_user);
    as_engine_write_message(b->e, section, row, col, type, msg);
    as_engine_set_message_callback(b->e, intercept, b);
}

as_bind *as_bind_begin_at(as_engine *e, const char *name, const char *file, int line)
{
    bind_state *st = bind_state_of(e);
    if (!st) return NULL;
    as_bind *b = mem_calloc(1, sizeof *b);
    if (!b) return NULL;
    b->e = e;
    b->st = st;
    b->name = name ? name : "bind";
    b->file = file ? file : "";
    b->line = line;
    b->run_index = -1;
    b->standalone = true;
    as_engine_get_message_callback(e, &b->host_fn, &b->host_user);
    as_engine_set_message_callback(e, intercept, b);
    as_engine_set_default_namespace(e, "");
    b->access_mask = as_engine_set_default_access_mask(e, 1);
    as_engine_set_default_access_mask(e, b->access_mask);
    st->current = b;
    return b;
}

int as_bind_end(as_bind *b)
{
    if (!b) return AS_INVALID_ARG;
    /* binds of a run leave this to the end of the run */
    if (b->standalone) bind_finish_inheritance(b);
    /* a clean scope for whatever runs next */
    as_engine_set_default_namespace(b->e, "");
    as_engine_set_default_access_mask(b->e, b->access_mask);
    as_engine_set_message_callback(b->e, b->host_fn, b->host_user);
    if (b->st->current == b) b->st->current = NULL;
    int errors = b->errors;
    for (int i = 0; i < b->ncursors; i++) mem_free(b->cursors[i]);
    mem_free(b->cursors);
    mem_free(b);
    return errors ? -errors : 0;
}

int bind_run_one(as_engine *e, const as_bind_entry *entry, int run_index)
{
    as_bind *b = as_bind_begin_at(e, entry->name, entry->file, entry->line);
    if (!b) return AS_OUT_OF_MEMORY;
    b->run_index = run_index;
    b->standalone = false;
    int before = as_engine_type_count(e);
    if (entry->fn) entry->fn(b);
    /* which bind declared which type, to explain failures of binds that ran before it */
    for (int i = before; i < as_engine_type_count(e); i++) {
        as_type *t = as_engine_type_by_index(e, i);
        if (!t) continue;
        char name[300];
        const char *ns = as_type_namespace(t);
        snprintf(name, sizeof name, "%s%s%s", ns && *ns ? ns : "", ns && *ns ? "::" : "", as_type_name(t));
        bind_map_put(&b->st->type_decl_by, name, (void *)(intptr_t)(run_index + 1));
        bind_map_put(&b->st->type_decl_by, as_type_name(t), (void *)(intptr_t)(run_index + 1));
    }
    return as_bind_end(b);
}

void *bind_cursor_new(as_bind *b, size_t size)
{
    void *c = mem_calloc(1, size);
    if (c && !BIND_PUSH(b->cursors, b->ncursors, b->capcursors, c)) {
        mem_free(c);
        return NULL;
    }
    return c;
}

as_engine *as_bind_engine(as_bind *b) { return b ? b->e : NULL; }
int as_bind_errors(as_bind *b) { return b ? b->errors : 0; }

void bind_verror_at(as_bind *b, const char *file, int line, const char *fmt, va_list ap)
{
    char text[900];
    int n = snprintf(text, sizeof text, "bind '%s': ", b->name);
    vsnprintf(text + n, sizeof text - (size_t)n, fmt, ap);
    b->errors++;
    forward(b, file ? file : b->file, file ? line : b->line, 0, AS_MSG_ERROR, text);
}

void bind_error_at(as_bind *b, const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bind_verror_at(b, file, line, fmt, ap);
    va_end(ap);
}

void as_bind_fail(as_bind *b, const char *fmt, ...)
{
    if (!b) return;
    va_list ap;
    va_start(ap, fmt);
    bind_verror_at(b, NULL, 0, fmt, ap);
    va_end(ap);
}

void bind_engine_begin(as_bind *b)
{
    b->quiet++;
    b->msg[0] = 0;
}

int bind_engine_end(as_bind *b, int r, const char *file, int line, const char *what, const char *decl)
{
    b->quiet--;
    if (r >= 0) return r;
    bind_error_at(b, file, line, "%s: '%s' failed: %s", what, decl ? decl : "", b->msg[0] ? b->msg : "error");
    if (b->run_index >= 0 && decl) {
        bind_failure f = {b->run_index, mem_strdup(decl), file, line};
        if (f.decl && !BIND_PUSH(b->st->failures, b->st->nfailures, b->st->capfailures, f)) mem_free(f.decl);
    }
    return r;
}

/* ---- namespaces ---- */

int as_bind_namespace_push(as_bind *b, const char *ns)
{
    if (!b) return 0;
    if (b->ns_depth >= 16) {
        bind_error_at(b, NULL, 0, "namespaces nested too deeply");
        return 1;
    }
    size_t len = strlen(b->ns);
    b->ns_len[b->ns_depth++] = len;
    if (ns && *ns) snprintf(b->ns + len, sizeof b->ns - len, "%s%s", len ? "::" : "", ns);
    if (as_engine_set_default_namespace(b->e, b->ns) < 0) bind_error_at(b, NULL, 0, "invalid namespace '%s'", ns ? ns : "");
    return 1;
}

int as_bind_namespace_pop(as_bind *b)
{
    if (!b || b->ns_depth == 0) return 0;
    b->ns[b->ns_len[--b->ns_depth]] = 0;
    as_engine_set_default_namespace(b->e, b->ns);
    return 0;
}

void bind_qualify(as_bind *b, const char *name, char *buf, size_t size)
{
    if (b->ns[0]) snprintf(buf, size, "%s::%s", b->ns, name);
    else snprintf(buf, size, "%s", name);
}

/* ---- the previous bind ---- */

void bind_set_prev_function(as_bind *b, int func_id)
{
    b->prev = PREV_FUNCTION;
    b->prev_func = func_id;
}

void bind_set_prev_type(as_bind *b, as_type *t)
{
    b->prev = PREV_TYPE;
    b->prev_type = t;
}

void bind_set_prev_key(as_bind *b, const char *key)
{
    b->prev = PREV_DOCKEY;
    snprintf(b->prev_key, sizeof b->prev_key, "%s", key);
}

static bool have_prev(as_bind *b, const char *what, const char *file, int line)
{
    if (b->prev != PREV_NONE) return true;
    bind_error_at(b, file, line, "%s: nothing was bound before it", what);
    return false;
}

void as_bind_doc_at(as_bind *b, const char *text, const char *file, int line)
{
    if (!b || !have_prev(b, "AS_DOC", file, line)) return;
    const char *doc = bind_keep(b->st, text);
    switch (b->prev) {
    case PREV_FUNCTION:
        as_function_set_user_data(as_engine_function_by_id(b->e, b->prev_func), (void *)doc, BIND_DOC_KEY);
        break;
    case PREV_TYPE: {
        bind_type *bt = bind_type_for(b->st, b->prev_type);
        if (bt) bt->pub.doc = doc;
        break;
    }
    case PREV_DOCKEY:
        bind_doc_put(b->st, b->prev_key, text);
        break;
    default:
        break;
    }
}

void as_bind_deprecated_at(as_bind *b, const char *text, const char *file, int line)
{
    if (!b || !have_prev(b, "AS_DEPRECATED", file, line)) return;
    if (b->prev != PREV_FUNCTION) {
        bind_error_at(b, file, line, "AS_DEPRECATED: only functions and methods can be deprecated");
        return;
    }
    as_function_set_deprecated(as_engine_function_by_id(b->e, b->prev_func), text ? text : "");
}

void as_bind_nodiscard_at(as_bind *b, const char *file, int line)
{
    if (!b || !have_prev(b, "AS_NODISCARD", file, line)) return;
    as_function *f = b->prev == PREV_FUNCTION ? as_engine_function_by_id(b->e, b->prev_func) : NULL;
    uint32_t flags = 0;
    if (!f || as_function_return_type_id(f, &flags) == AS_TYPEID_VOID) {
        bind_error_at(b, file, line, "AS_NODISCARD: the previous bind is not a function with a result");
        return;
    }
    as_function_set_no_discard(f, true);
}

void as_bind_infer_subtypes_at(as_bind *b, const char *file, int line)
{
    if (!b || !have_prev(b, "AS_INFER_SUBTYPES", file, line)) return;
    as_function *f = b->prev == PREV_FUNCTION ? as_engine_function_by_id(b->e, b->prev_func) : NULL;
    if (!f || as_function_set_subtype_inference(f, true) < 0)
        bind_error_at(b, file, line, "AS_INFER_SUBTYPES: the previous bind is not a template function or method");
}

void as_bind_covariant_at(as_bind *b, const char *file, int line)
{
    if (!b || !have_prev(b, "AS_COVARIANT", file, line)) return;
    if (b->prev != PREV_TYPE || as_type_set_covariant(b->prev_type, true) < 0)
        bind_error_at(b, file, line, "AS_COVARIANT: the previous bind is not a reference template class");
}

const char *bind_decl_name(const char *decl, char *buf, size_t size)
{
    size_t n = strcspn(decl, "=");
    while (n && (decl[n - 1] == ' ' || decl[n - 1] == '\t')) n--;
    size_t s = n;
    while (s && (decl[s - 1] == '_' || (decl[s - 1] >= '0' && decl[s - 1] <= '9') ||
                 ((decl[s - 1] | 32) >= 'a' && (decl[s - 1] | 32) <= 'z'))) s--;
    if (n - s >= size) n = s + size - 1;
    memcpy(buf, decl + s, n - s);
    buf[n - s] = 0;
    return buf;
}
