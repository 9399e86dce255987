/* Engine lifetime, namespaces, type and function records, messages, properties. */
#include "engine.h"
#include "util/mem.h"
#include "../native/native.h"
#include "../compiler/compiler.h"
#include "gc.h"
#include "object.h"
#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void module_free(as_module *m);

/* Engine records: out of memory jumps back to the guarded operation (a build, a registration). */
static void *xcalloc(size_t n, size_t sz) { return mem_calloc_g(n, sz); }

const char *engine_intern(as_engine *e, const char *s, size_t len) { return strtab_intern(&e->names, s, len); }

static const char *const prim_names[12] = {
    "void", "bool", "int8", "int16", "int", "int64", "uint8", "uint16", "uint", "uint64", "float", "double"
};
static const int prim_sizes[12] = {0, 1, 1, 2, 4, 8, 1, 2, 4, 8, 4, 8};

static void engine_init(as_engine *e);

/* Out of memory while the engine is made: NULL, nothing kept. */
as_engine *as_engine_create(void)
{
    as_engine *e = mem_calloc(1, sizeof *e);
    if (!e) return NULL;
    e->account = mem_account_new();   /* none if out of memory: no limit then */
    mem_account *prev = mem_current_account;
    mem_current_account = e->account;
    mem_guard g;
    mem_guard_push(&g, NULL, NULL);
    if (setjmp(g.jb)) {
        mem_current_account = prev;
        for (int i = 0; i < e->namespaces.count; i++) mem_free(e->namespaces.data[i]);
        if (e->global_ns && !e->namespaces.count) mem_free(e->global_ns);
        VEC_FREE(e->namespaces);
        symtab_free(&e->symbols);
        arena_free(&e->arena);
        arena_free(&e->reg_scratch);
        strtab_free(&e->names);
        mem_account_release(e->account);
        mem_free(e);
        return NULL;
    }
    engine_init(e);
    mem_guard_end(&g);
    mem_current_account = prev;
    return e;
}

static void engine_init(as_engine *e)
{
    e->refcount = 1;
    strtab_init(&e->names);
    arena_init(&e->arena);
    arena_init(&e->reg_scratch);
    symtab_init(&e->symbols);
    /* what the host registers is visible to modules sharing a bit of its mask (all bits by
     * default, as the reference; modules have mask 1) */
    e->symbols.masked = true;
    e->symbols.access = e->default_access = 0xFFFFFFFFu;
    e->global_ns = xcalloc(1, sizeof *e->global_ns);
    e->global_ns->name = engine_intern(e, "", 0);
    e->global_ns->last = e->global_ns->name;
    VEC_PUSH(e->namespaces, e->global_ns);
    e->default_ns = e->global_ns;
    for (int i = 0; i < 12; i++) {
        as_type *t = &e->prim[i];
        t->kind = TYPE_PRIMITIVE;
        t->prim = (uint8_t)i;
        t->name = engine_intern(e, prim_names[i], strlen(prim_names[i]));
        t->ns = e->global_ns;
        t->size = prim_sizes[i];
        t->type_id = i;
        t->engine = e;
    }
    e->null_type.kind = TYPE_NULL;
    e->null_type.name = engine_intern(e, "<null handle>", 13);
    e->null_type.ns = e->global_ns;
    e->null_type.size = 8;
    e->null_type.engine = e;
    e->var_type.kind = TYPE_VARTYPE;
    e->var_type.name = engine_intern(e, "?", 1);
    e->var_type.ns = e->global_ns;
    e->var_type.engine = e;

    e->props[AS_EP_OPTIMIZE_BYTECODE] = 1;
    e->props[AS_EP_COPY_SCRIPT_SECTIONS] = 1;
    e->props[AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD] = 1;
    e->props[AS_EP_SCRIPT_SCANNER] = 1;
    e->props[AS_EP_PROPERTY_ACCESSOR_MODE] = 3;
    e->props[AS_EP_AUTO_GARBAGE_COLLECT] = 1;
    e->props[AS_EP_COMPILER_WARNINGS] = 1;
    e->props[AS_EP_HEREDOC_TRIM_MODE] = 1;
    e->props[AS_EP_MAX_NESTED_CALLS] = 100;
    e->props[AS_EP_GENERIC_CALL_MODE] = 1;
    e->props[AS_EP_INIT_STACK_SIZE] = 4096;
    e->props[AS_EP_INIT_CALL_STACK_SIZE] = 10;
    e->props[AS_EP_JIT_INTERFACE_VERSION] = 1;
    e->props[AS_EP_MEMBER_INIT_MODE] = 1;
    e->props[AS_EP_FOREACH_SUPPORT] = 1;
    gc_init(e);
}

/* What a bytecode load notes it made (e->creation_log) must not outlive it: a record freed
 * during the load (a template instance the host refused) leaves the log. */
static void unlog(void **list, int *count, const void *p)
{
    for (int i = *count; i-- > 0;)
        if (list[i] == p) {
            memmove(&list[i], &list[i + 1], sizeof *list * (size_t)(*count - i - 1));
            (*count)--;
            return;
        }
}

void engine_free_function(as_engine *e, as_function *f)
{
    if (!f) return;
    if (e->creation_log) unlog((void **)e->creation_log->funcs.data, &e->creation_log->funcs.count, f);
    if (f->id >= 0 && f->id < e->funcs.count && e->funcs.data[f->id] == f) e->funcs.data[f->id] = NULL;
    if (e->groups.count) config_group_forget(e, f);
    tmplfn_forget(f);
    native_release(f);
    if (f->reload_to) as_function_release(f->reload_to);
    VEC_FREE(f->params);
    function_free_param_slot(f->param_slot);
    mem_free(f->bc.code);
    mem_free(f->bc.consts);
    mem_free(f->bc.kinds);
    mem_free(f->bc.objvars);
    mem_free(f->bc.lines);
    mem_free(f->bc.stmt_bits);
    mem_free(f->bc.trys);
    mem_free(f->bc.vars);
    VEC_FREE(f->tf_subtypes);
    userdata_cleanup(e, AS_UD_FUNCTION, f, &f->user_data);
    mem_free(f->deprecated);
    mem_free(f);
}

void engine_free_type(as_engine *e, as_type *t)
{
    if (!t) return;
    if (e->creation_log) unlog((void **)e->creation_log->types.data, &e->creation_log->types.count, t);
    int idx = (t->type_id & AS_TYPEID_MASK_SEQNBR) - 12;
    if (idx >= 0 && idx < e->types.count && e->types.data[idx] == t) e->types.data[idx] = NULL;
    if (e->groups.count) config_group_forget(e, t);
    engine_unindex_instance(e, t);
    type_free_indexes(t);
    object_cache_drain(t);
    VEC_FREE(t->interfaces);
    VEC_FREE(t->props);
    VEC_FREE(t->methods);
    VEC_FREE(t->vtable);
    VEC_FREE(t->beh.factories);
    VEC_FREE(t->subtypes);
    VEC_FREE(t->enum_values);
    VEC_FREE(t->child_funcdefs);
    VEC_FREE(t->itable);
    userdata_cleanup(e, AS_UD_TYPE, t, &t->user_data);
    mem_free(t);
}

static void discard_modules(as_engine *e)
{
    while (e->modules.count) {
        as_module *m = e->modules.data[e->modules.count - 1];
        e->modules.count--;
        module_free(m);
    }
}

static void engine_free(as_engine *e);

int as_engine_addref(as_engine *e) { return e ? ++e->refcount : 0; }

int as_engine_release(as_engine *e)
{
    if (!e || e->refcount <= 0) return 0;
    int n = --e->refcount;
    if (n == 0 && !e->freeing) engine_free(e);
    return n;
}

void engine_idle(as_engine *e)
{
    while (e->zombie_modules.count) module_free(e->zombie_modules.data[--e->zombie_modules.count]);
    engine_reclaim(e);
    if (e->destroy_pending) {
        e->destroy_pending = false;
        as_engine_destroy(e);
    }
}

/* ShutDownAndRelease: the scripts go now even if others still hold the engine (its contexts:
 * they stay usable, unprepared). From inside a call of the engine's (a host function, a
 * callback), it happens when that call returns. */
void as_engine_destroy(as_engine *e)
{
    if (!e) return;
    if (e->busy) {
        e->destroy_pending = true;
        return;
    }
    ctxpool_free(e);
    if (e->refcount > 1) {
        e->busy++;
        contexts_forget_module(e, NULL);
        discard_modules(e);
        gc_collect(e);
        e->busy--;
        while (e->zombie_modules.count) module_free(e->zombie_modules.data[--e->zombie_modules.count]);
    }
    as_engine_release(e);
}

static void engine_free(as_engine *e)
{
    e->freeing = true;
    ctxpool_free(e);
    discard_modules(e);
    while (e->zombie_modules.count) module_free(e->zombie_modules.data[--e->zombie_modules.count]);
    VEC_FREE(e->zombie_modules);
    /* objects that only cycles kept alive go now, with their destructors */
    gc_shutdown(e);
    remains_free_all(e);
    engine_free_instance_index(e);
    VEC_FREE(e->free_func_ids);
    VEC_FREE(e->free_type_slots);
    scoped_free(e);
    /* as the reference: after the scripts' objects are gone (their release and destructor calls
     * may still need the host's data) and before the registrations (the host can still look) */
    userdata_cleanup(e, AS_UD_ENGINE, e, &e->user_data);
    for (int i = 0; i < e->funcs.count; i++) engine_free_function(e, e->funcs.data[i]);
    for (int i = 0; i < e->types.count; i++) engine_free_type(e, e->types.data[i]);
    for (int i = 0; i < e->globals.count; i++) mem_free(e->globals.data[i]);
    for (int i = 0; i < e->namespaces.count; i++) mem_free(e->namespaces.data[i]);
    VEC_FREE(e->funcs);
    VEC_FREE(e->global_funcs);
    VEC_FREE(e->tmplfn_subtypes);
    VEC_FREE(e->types);
    VEC_FREE(e->globals);
    VEC_FREE(e->typedefs);
    VEC_FREE(e->namespaces);
    VEC_FREE(e->modules);
    VEC_FREE(e->cleanups);
    VEC_FREE(e->reload_listeners);
    for (int i = 0; i < e->groups.count; i++) config_group_free(e->groups.data[i]);
    VEC_FREE(e->groups);
    symtab_free(&e->symbols);
    arena_free(&e->arena);
    arena_free(&e->reg_scratch);
    strtab_free(&e->names);
    if (mem_current_account == e->account) mem_current_account = NULL;
    mem_account_release(e->account);
    mem_free(e);
}

int as_engine_set_memory_limit(as_engine *e, size_t bytes)
{
    if (!e) return AS_INVALID_ARG;
    if (!e->account) return AS_NOT_SUPPORTED;
    e->account->limit = bytes;
    return AS_SUCCESS;
}

int as_engine_memory_usage(as_engine *e, size_t *current, size_t *peak)
{
    if (!e) return AS_INVALID_ARG;
    if (current) *current = e->account ? e->account->used : 0;
    if (peak) *peak = e->account ? e->account->peak : 0;
    return e->account ? AS_SUCCESS : AS_NOT_SUPPORTED;
}

/* ---- namespaces ---- */

as_namespace *engine_find_namespace(as_engine *e, const char *full)
{
    const char *name = engine_intern(e, full, strlen(full));
    for (int i = 0; i < e->namespaces.count; i++)
        if (e->namespaces.data[i]->name == name) return e->namespaces.data[i];
    return NULL;
}

as_namespace *engine_child_namespace(as_engine *e, as_namespace *parent, const char *name)
{
    char buf[1024];
    if (parent == e->global_ns || !parent) snprintf(buf, sizeof buf, "%s", name);
    else snprintf(buf, sizeof buf, "%s::%s", parent->name, name);
    as_namespace *ns = engine_find_namespace(e, buf);
    if (ns) return ns;
    ns = xcalloc(1, sizeof *ns);
    if (!ns) return NULL;   /* out of memory outside a guarded operation */
    ns->name = engine_intern(e, buf, strlen(buf));
    ns->last = engine_intern(e, name, strlen(name));
    ns->parent = parent ? parent : e->global_ns;
    VEC_PUSH(e->namespaces, ns);
    return ns;
}

as_namespace *engine_namespace(as_engine *e, const char *full)
{
    as_namespace *ns = e->global_ns;
    const char *p = full;
    while (*p) {
        const char *sep = strstr(p, "::");
        size_t len = sep ? (size_t)(sep - p) : strlen(p);
        char part[256];
        if (len >= sizeof part) len = sizeof part - 1;
        memcpy(part, p, len);
        part[len] = 0;
        if (len) ns = engine_child_namespace(e, ns, part);
        if (!ns) return NULL;
        if (!sep) break;
        p = sep + 2;
    }
    return ns;
}

bool namespace_name_valid(const char *ns)
{
    /* identifiers separated by :: ("" is the global namespace) */
    const char *p = ns;
    while (*p) {
        if (!(*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'))) return false;
        while (*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')) p++;
        if (*p == 0) break;
        if (p[0] != ':' || p[1] != ':') return false;
        p += 2;
        if (!*p) return false;
    }
    return true;
}

int as_engine_set_default_namespace(as_engine *e, const char *ns)
{
    if (!e || !ns || !namespace_name_valid(ns)) return AS_INVALID_ARG;
    as_namespace *n = engine_namespace(e, ns);
    if (!n) return AS_OUT_OF_MEMORY;
    e->default_ns = n;
    return AS_SUCCESS;
}

const char *as_engine_get_default_namespace(as_engine *e) { return e ? e->default_ns->name : NULL; }

/* ---- records ---- */

/* Room for one more item in a list, made before the record it will hold is allocated: inside a
 * guard a failure then jumps before there is a record to lose. False if there is none. */
#define ROOM_FOR_ONE(v) (VEC_RESERVE((v), (v).count + 1), (v).count < (v).cap)

as_type *engine_new_type(as_engine *e, as_type_kind kind, const char *name, as_namespace *ns)
{
    bool reuse = e->building && e->free_type_slots.count;
    if ((!reuse && !ROOM_FOR_ONE(e->types)) || (e->creation_log && !ROOM_FOR_ONE(e->creation_log->types))) return NULL;
    as_type *t = xcalloc(1, sizeof *t);
    if (!t) return NULL;   /* out of memory outside a guarded operation */
    t->kind = (uint8_t)kind;
    t->name = name;
    t->ns = ns;
    t->engine = e;
    if (reuse) {
        /* the slot of a type of freed code (reclaim.c), for script types and template
         * instances; registered types keep growing the list, which verify.c walks in order */
        int slot = e->free_type_slots.data[--e->free_type_slots.count];
        t->type_id = 12 + slot;
        e->types.data[slot] = t;
    } else {
        t->type_id = 12 + e->types.count;
        VEC_PUSH(e->types, t);
    }
    if (e->creation_log) VEC_PUSH(e->creation_log->types, t);
    config_group_note_type(e, t);
    return t;
}

as_type *engine_new_funcdef(as_engine *e, as_function *sig, as_namespace *ns)
{
    as_type *t = engine_new_type(e, TYPE_FUNCDEF, sig->name, ns);
    if (!t) return NULL;
    t->flags = AS_OBJ_FUNCDEF;
    t->size = 8;
    t->signature = sig;
    return t;
}

as_function *engine_new_function(as_engine *e, as_func_kind kind, const char *name, as_namespace *ns)
{
    if ((!e->free_func_ids.count && !ROOM_FOR_ONE(e->funcs)) || (e->creation_log && !ROOM_FOR_ONE(e->creation_log->funcs)))
        return NULL;
    as_function *f = xcalloc(1, sizeof *f);
    if (!f) return NULL;   /* out of memory outside a guarded operation */
    f->kind = (uint8_t)kind;
    f->name = name;
    f->ns = ns;
    f->engine = e;
    f->vtable_index = -1;
    f->behaviour = -1;
    f->refcount = 1;
    f->ret.type = &e->prim[AS_TYPEID_VOID];
    if (e->free_func_ids.count) {
        /* the id of a function of freed code (reclaim.c): the list stays as long as the code alive */
        f->id = e->free_func_ids.data[--e->free_func_ids.count];
        e->funcs.data[f->id] = f;
    } else {
        f->id = e->funcs.count;
        VEC_PUSH(e->funcs, f);
    }
    if (e->creation_log) VEC_PUSH(e->creation_log->funcs, f);
    return f;
}

void engine_unmake_function(as_engine *e, as_function *f)
{
    if (f->id >= 0 && f->id < e->funcs.count && e->funcs.data[f->id] == f) VEC_PUSH(e->free_func_ids, f->id);
    engine_free_function(e, f);
}

void engine_unmake_type(as_engine *e, as_type *t)
{
    int slot = (t->type_id & AS_TYPEID_MASK_SEQNBR) - 12;
    if (slot >= 0 && slot < e->types.count && e->types.data[slot] == t) VEC_PUSH(e->free_type_slots, slot);
    engine_free_type(e, t);
}

as_type *engine_prim(as_engine *e, int type_id) { return &e->prim[type_id]; }

/* ---- functions ---- */

as_function *as_engine_function_by_id(as_engine *e, int id)
{
    if (!e || id < 0 || id >= e->funcs.count) return NULL;
    return e->funcs.data[id];
}

int as_engine_function_count(as_engine *e) { return e ? e->global_funcs.count : 0; }

as_function *as_engine_function_by_index(as_engine *e, int index)
{
    if (!e || index < 0 || index >= e->global_funcs.count) return NULL;
    return e->global_funcs.data[index];
}

as_function *as_engine_function_by_decl(as_engine *e, const char *decl)
{
    if (!e || !decl) return NULL;
    as_function sig;
    memset(&sig, 0, sizeof sig);
    if (!register_parse_signature(e, NULL, decl, &sig)) return NULL;
    as_function *found = NULL;
    /* the declaration's namespace, then its parents */
    for (as_namespace *ns = sig.ns; ns && !found; ns = ns->parent) {
        for (int i = 0; i < e->global_funcs.count && !found; i++) {
            as_function *f = e->global_funcs.data[i];
            if (f->ns != ns || f->name != sig.name || f->params.count != sig.params.count || !dt_equal_ex(&f->ret, &sig.ret) ||
                ((f->attrs ^ sig.attrs) & FA_TEMPLATE_FN))
                continue;
            bool same = true;
            for (int k = 0; k < f->params.count && same; k++)
                same = dt_equal_ex(&f->params.data[k].type, &sig.params.data[k].type) && f->params.data[k].inout == sig.params.data[k].inout;
            if (same) found = f;
        }
        if (ns == e->global_ns) break;
    }
    VEC_FREE(sig.params);
    function_free_param_slot(sig.param_slot);
    return found;
}

/* ---- messages ---- */

int as_engine_write_message(as_engine *e, const char *section, int row, int col, as_msgtype type, const char *msg)
{
    if (!e || !msg) return AS_INVALID_ARG;
    as_message m = {section ? section : "", row, col, type, msg};
    if (e->msg.fn) {
        mem_guard *g = mem_guard_suspend();   /* host code: never jumped over */
        e->msg.fn(&m, e->msg.user);
        mem_guard_resume(g);
    } else {
        /* without a callback the host still sees why a build or registration failed (the
         * reference drops such messages; as_message_discard does that on request) */
        message_print_default(&m);
    }
    return AS_SUCCESS;
}

void engine_message(as_engine *e, const char *section, int row, int col, as_msgtype type, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    as_engine_write_message(e, section, row, col, type, buf);
}

int as_engine_set_message_callback(as_engine *e, as_message_fn fn, void *user)
{
    if (!e) return AS_INVALID_ARG;
    e->msg.fn = fn;
    e->msg.user = user;
    return AS_SUCCESS;
}

int as_engine_get_message_callback(as_engine *e, as_message_fn *fn, void **user)
{
    if (!e) return AS_INVALID_ARG;
    if (fn) *fn = e->msg.fn;
    if (user) *user = e->msg.user;
    return AS_SUCCESS;
}

/* The largest value of the properties that choose among modes (0 for the other ones). */
static int property_max_mode(as_engine_prop prop)
{
    switch (prop) {
    case AS_EP_SCRIPT_SCANNER: case AS_EP_STRING_ENCODING: return 1;
    case AS_EP_COMPILER_WARNINGS: case AS_EP_ALTER_SYNTAX_NAMED_ARGS: case AS_EP_HEREDOC_TRIM_MODE: return 2;
    case AS_EP_PROPERTY_ACCESSOR_MODE: return 3;
    case AS_EP_ALWAYS_IMPL_DEFAULT_CONSTRUCT: case AS_EP_ALWAYS_IMPL_DEFAULT_COPY:
    case AS_EP_ALWAYS_IMPL_DEFAULT_COPY_CONSTRUCT: return 2;
    case AS_EP_MEMBER_INIT_MODE: case AS_EP_BOOL_CONVERSION_MODE: case AS_EP_FOREACH_SUPPORT: return 1;
    default: return 0;
    }
}

/* The value the reference stores for a property (its SetEngineProperty takes an unsigned
 * pointer-sized value): sizes are 32-bit (stack sizes in whole dwords), flags are 0 or 1. */
static int64_t property_value(as_engine_prop prop, uint64_t v)
{
    switch (prop) {
    case AS_EP_MAX_STACK_SIZE: return (uint32_t)((uint32_t)(v / 4) * 4u);
    case AS_EP_INIT_STACK_SIZE: {
        uint32_t dwords = (uint32_t)(v / 4);
        return (uint32_t)((dwords ? dwords : 1) * 4u);
    }
    case AS_EP_MAX_NESTED_CALLS: return v > UINT32_MAX ? UINT32_MAX : (int64_t)v;
    case AS_EP_INIT_CALL_STACK_SIZE: case AS_EP_MAX_CALL_STACK_SIZE: return (uint32_t)v;
    case AS_EP_RELOAD_ROOM: return v > (1u << 20) ? (1 << 20) : (int64_t)v;
    default: return v != 0;
    }
}

int as_engine_set_property(as_engine *e, as_engine_prop prop, int64_t value)
{
    if (!e || prop <= 0 || prop >= AS_EP_LAST_PROPERTY) return AS_INVALID_ARG;
    int modes = property_max_mode(prop);
    if (prop == AS_EP_JIT_INTERFACE_VERSION) {
        if (value != 1 && value != 2) return AS_INVALID_ARG;
        e->props[prop] = value;
    } else if (modes) {
        /* an unknown mode is refused and the old one kept */
        if (value < 0 || value > modes) return AS_INVALID_ARG;
        e->props[prop] = value;
    } else {
        e->props[prop] = property_value(prop, (uint64_t)value);
    }
    return AS_SUCCESS;
}

int64_t as_engine_get_property(as_engine *e, as_engine_prop prop)
{
    if (!e || prop <= 0 || prop >= AS_EP_LAST_PROPERTY) return 0;
    return e->props[prop];
}

/* Names as the reference spells them after asEP_, indexed by property. */
static const char *const property_names[AS_EP_LAST_PROPERTY] = {
    [AS_EP_ALLOW_UNSAFE_REFERENCES] = "ALLOW_UNSAFE_REFERENCES", [AS_EP_OPTIMIZE_BYTECODE] = "OPTIMIZE_BYTECODE",
    [AS_EP_COPY_SCRIPT_SECTIONS] = "COPY_SCRIPT_SECTIONS", [AS_EP_MAX_STACK_SIZE] = "MAX_STACK_SIZE",
    [AS_EP_USE_CHARACTER_LITERALS] = "USE_CHARACTER_LITERALS", [AS_EP_ALLOW_MULTILINE_STRINGS] = "ALLOW_MULTILINE_STRINGS",
    [AS_EP_ALLOW_IMPLICIT_HANDLE_TYPES] = "ALLOW_IMPLICIT_HANDLE_TYPES", [AS_EP_BUILD_WITHOUT_LINE_CUES] = "BUILD_WITHOUT_LINE_CUES",
    [AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD] = "INIT_GLOBAL_VARS_AFTER_BUILD", [AS_EP_REQUIRE_ENUM_SCOPE] = "REQUIRE_ENUM_SCOPE",
    [AS_EP_SCRIPT_SCANNER] = "SCRIPT_SCANNER", [AS_EP_INCLUDE_JIT_INSTRUCTIONS] = "INCLUDE_JIT_INSTRUCTIONS",
    [AS_EP_STRING_ENCODING] = "STRING_ENCODING", [AS_EP_PROPERTY_ACCESSOR_MODE] = "PROPERTY_ACCESSOR_MODE",
    [AS_EP_EXPAND_DEF_ARRAY_TO_TMPL] = "EXPAND_DEF_ARRAY_TO_TMPL", [AS_EP_AUTO_GARBAGE_COLLECT] = "AUTO_GARBAGE_COLLECT",
    [AS_EP_DISALLOW_GLOBAL_VARS] = "DISALLOW_GLOBAL_VARS", [AS_EP_ALWAYS_IMPL_DEFAULT_CONSTRUCT] = "ALWAYS_IMPL_DEFAULT_CONSTRUCT",
    [AS_EP_COMPILER_WARNINGS] = "COMPILER_WARNINGS", [AS_EP_DISALLOW_VALUE_ASSIGN_FOR_REF_TYPE] = "DISALLOW_VALUE_ASSIGN_FOR_REF_TYPE",
    [AS_EP_ALTER_SYNTAX_NAMED_ARGS] = "ALTER_SYNTAX_NAMED_ARGS", [AS_EP_DISABLE_INTEGER_DIVISION] = "DISABLE_INTEGER_DIVISION",
    [AS_EP_DISALLOW_EMPTY_LIST_ELEMENTS] = "DISALLOW_EMPTY_LIST_ELEMENTS", [AS_EP_PRIVATE_PROP_AS_PROTECTED] = "PRIVATE_PROP_AS_PROTECTED",
    [AS_EP_ALLOW_UNICODE_IDENTIFIERS] = "ALLOW_UNICODE_IDENTIFIERS", [AS_EP_HEREDOC_TRIM_MODE] = "HEREDOC_TRIM_MODE",
    [AS_EP_MAX_NESTED_CALLS] = "MAX_NESTED_CALLS", [AS_EP_GENERIC_CALL_MODE] = "GENERIC_CALL_MODE",
    [AS_EP_INIT_STACK_SIZE] = "INIT_STACK_SIZE", [AS_EP_INIT_CALL_STACK_SIZE] = "INIT_CALL_STACK_SIZE",
    [AS_EP_MAX_CALL_STACK_SIZE] = "MAX_CALL_STACK_SIZE",
    [AS_EP_IGNORE_DUPLICATE_SHARED_INTF] = "IGNORE_DUPLICATE_SHARED_INTF", [AS_EP_NO_DEBUG_OUTPUT] = "NO_DEBUG_OUTPUT",
    [AS_EP_DISABLE_SCRIPT_CLASS_GC] = "DISABLE_SCRIPT_CLASS_GC", [AS_EP_JIT_INTERFACE_VERSION] = "JIT_INTERFACE_VERSION",
    [AS_EP_ALWAYS_IMPL_DEFAULT_COPY] = "ALWAYS_IMPL_DEFAULT_COPY",
    [AS_EP_ALWAYS_IMPL_DEFAULT_COPY_CONSTRUCT] = "ALWAYS_IMPL_DEFAULT_COPY_CONSTRUCT",
    [AS_EP_MEMBER_INIT_MODE] = "MEMBER_INIT_MODE", [AS_EP_BOOL_CONVERSION_MODE] = "BOOL_CONVERSION_MODE",
    [AS_EP_FOREACH_SUPPORT] = "FOREACH_SUPPORT", [AS_EP_RELOAD_ROOM] = "RELOAD_ROOM",
};

const char *as_engine_property_name(as_engine_prop prop)
{
    return prop > 0 && prop < AS_EP_LAST_PROPERTY ? property_names[prop] : NULL;
}

static bool same_name_nocase(const char *a, const char *b)
{
    while (*a && toupper((unsigned char)*a) == toupper((unsigned char)*b)) a++, b++;
    return *a == 0 && *b == 0;
}

int as_engine_property_by_name(const char *name)
{
    if (!name) return AS_INVALID_ARG;
    if (strncmp(name, "AS_EP_", 6) == 0) name += 6;
    for (int p = 1; p < AS_EP_LAST_PROPERTY; p++)
        if (same_name_nocase(property_names[p], name)) return p;
    return AS_INVALID_ARG;
}

/* ---- access masks ---- */

uint32_t as_engine_set_default_access_mask(as_engine *e, uint32_t mask)
{
    if (!e) return 0;
    uint32_t old = e->default_access;
    e->default_access = mask;
    e->symbols.access = mask;
    return old;
}
