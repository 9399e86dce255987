/* Loading a saved module (as_module_load_bytecode): the header and checksum, the shells of the
 * module's types, functions and globals, and the tables that find what the host registered.
 * The details are read by bc_load_body.c and the bytecode checked by bc_verify.c. Anything
 * wrong is reported through the message callback and leaves the module empty. */
#include "bytecode.h"
#include "util/mem.h"
#include "../compiler/compiler.h"
#include "../compiler/tmplcall.h"
#include "../vm/vm.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../aot/aot.h"

void module_clear(as_module *m);
int module_run_global_inits(as_module *m, as_context *ctx);
void register_find_special_behaviours(as_type *t);

#define MAX_ITEMS (1u << 24)
#define MAX_PAYLOAD ((uint64_t)1 << 31)

bool bl_corrupt(bc_loader *L, const char *what)
{
    if (!L->err) {
        L->err = AS_ERROR;
        engine_message(L->e, "", 0, 0, AS_MSG_ERROR, "Loading bytecode into module '%s': the bytecode is invalid (%s)", L->m->name, what);
    }
    return false;
}

bool bl_mismatch(bc_loader *L, const char *fmt, const char *name)
{
    if (!L->err) {
        L->err = AS_INVALID_CONFIGURATION;
        char msg[700];
        snprintf(msg, sizeof msg, fmt, name);
        engine_message(L->e, "", 0, 0, AS_MSG_ERROR, "Loading bytecode into module '%s': %s", L->m->name, msg);
    }
    return false;
}

as_type *bl_type(bc_loader *L)
{
    uint32_t i = br_index(&L->r, L->ntt + 1);
    return i ? L->tt[i - 1] : NULL;
}

as_function *bl_func(bc_loader *L)
{
    uint32_t i = br_index(&L->r, L->nft + 1);
    return i ? L->ft[i - 1] : NULL;
}

as_global *bl_global(bc_loader *L)
{
    uint32_t i = br_index(&L->r, L->ngt + 1);
    return i ? L->gt[i - 1] : NULL;
}

bool bl_dtype(bc_loader *L, as_dtype *out)
{
    out->type = bl_type(L);
    unsigned fl = br_u8(&L->r);
    out->flags = (uint8_t)fl;
    if (L->r.failed || !out->type || fl > 0x7F) return bl_corrupt(L, "data type");
    return true;
}

/* A namespace named in the stream: created as a build would (NULL if the name is malformed). */
static as_namespace *read_ns(bc_loader *L, bool create)
{
    const char *name = br_str(&L->r, L->e);
    if (!name || !namespace_name_valid(name)) {
        bl_corrupt(L, "namespace");
        return NULL;
    }
    as_namespace *ns = create ? engine_namespace(L->e, name) : engine_find_namespace(L->e, name);
    if (!ns && !create) ns = name[0] ? NULL : L->e->global_ns;
    return ns;
}

static bool is_interned_name(const char *s) { return s && s[0]; }

/* ======================================================================= shells */

static bool read_sections(bc_loader *L)
{
    uint32_t n = br_count(&L->r, MAX_ITEMS);
    for (uint32_t i = 0; i < n && !L->r.failed; i++) {
        as_section sec;
        memset(&sec, 0, sizeof sec);
        sec.name = br_str(&L->r, L->e);
        if (!sec.name) break;
        VEC_PUSH(L->m->sections, sec);
    }
    return !L->r.failed || bl_corrupt(L, "sections");
}

static bool type_flags_valid(unsigned kind, uint32_t fl, int size)
{
    switch (kind) {
    case TYPE_ENUM: return (fl & ~AS_OBJ_SHARED) == AS_OBJ_ENUM && size == 4;
    case TYPE_FUNCDEF: return (fl & ~AS_OBJ_SHARED) == AS_OBJ_FUNCDEF && size == 8;
    case TYPE_OBJECT: {
        uint32_t need = AS_OBJ_REF | AS_OBJ_SCRIPT_OBJECT;
        uint32_t opt = AS_OBJ_INTERFACE | AS_OBJ_ABSTRACT | AS_OBJ_NOINHERIT | AS_OBJ_SHARED | AS_OBJ_IMPLICIT_HANDLE;
        return (fl & need) == need && !(fl & ~(need | opt)) && size >= (int)sizeof(void *) * 3 && size % 8 == 0 && size < (1 << 24);
    }
    default: return false;
    }
}

static bool read_type_shells(bc_loader *L)
{
    bc_reader *r = &L->r;
    L->ntypes = br_count(r, MAX_ITEMS);
    for (uint32_t i = 0; i < L->ntypes; i++) {
        unsigned kind = br_u8(r);
        const char *name = br_str(r, L->e);
        as_namespace *ns = read_ns(L, true);
        uint64_t flags = br_uv(r);
        int64_t size = br_sv(r);
        unsigned bits = br_u8(r);
        if (r->failed || !ns || !is_interned_name(name) || flags > UINT32_MAX || size < 0 || size > INT32_MAX ||
            bits > 3 || !type_flags_valid(kind, (uint32_t)flags, (int)size))
            return bl_corrupt(L, "type");
        as_type *t = engine_new_type(L->e, (as_type_kind)kind, name, ns);
        t->flags = (uint32_t)flags;
        t->size = (int)size;
        t->module = L->m;
        t->decl_ns = ns;
        t->decl_state = 1;    /* complete once its members are read (template callbacks wait) */
        t->gc_capable = bits & 1;
        t->has_script_members = (bits & 2) != 0;
        VEC_PUSH(L->m->types, t);
    }
    return !r->failed || bl_corrupt(L, "types");
}

static bool read_function_shells(bc_loader *L)
{
    bc_reader *r = &L->r;
    L->nfuncs = br_count(r, MAX_ITEMS);
    for (uint32_t i = 0; i < L->nfuncs; i++) {
        unsigned kind = br_u8(r);
        const char *name = br_str(r, L->e);
        as_namespace *ns = read_ns(L, true);
        bool kind_ok = kind == FN_SCRIPT || kind == FN_INTERFACE || kind == FN_FUNCDEF || kind == FN_IMPORTED;
        if (r->failed || !ns || !is_interned_name(name) || !kind_ok) return bl_corrupt(L, "function");
        as_function *f = engine_new_function(L->e, (as_func_kind)kind, name, ns);
        f->module = L->m;
        f->section = -1;
        function_layout_args(f);
        VEC_PUSH(L->m->all_functions, f);
    }
    return true;
}

static bool read_global_shells(bc_loader *L)
{
    bc_reader *r = &L->r;
    L->nglobals = br_count(r, MAX_ITEMS);
    for (uint32_t i = 0; i < L->nglobals; i++) {
        const char *name = br_str(r, L->e);
        as_namespace *ns = read_ns(L, true);
        if (r->failed || !ns || !is_interned_name(name)) return bl_corrupt(L, "global variable");
        VEC_RESERVE(L->m->globals, L->m->globals.count + 1);   /* before the record it will hold */
        as_global *g = mem_calloc(1, sizeof *g);
        void *addr = mem_calloc(1, 8);
        if (!g || !addr || L->m->globals.count >= L->m->globals.cap) {
            mem_free(g);
            mem_free(addr);
            L->err = AS_OUT_OF_MEMORY;
            return false;
        }
        g->name = name;
        g->ns = ns;
        g->type.type = &L->e->prim[AS_TYPEID_VOID];   /* until its details are read */
        g->addr = addr;
        g->module = L->m;
        g->index = (int)i;
        g->section = 0;
        VEC_PUSH(L->m->globals, g);
    }
    return true;
}

/* ======================================================================= tables */

static as_type *read_registered_type(bc_loader *L)
{
    bc_reader *r = &L->r;
    as_namespace *ns = read_ns(L, false);
    const char *name = br_str(r, L->e);
    unsigned kind = br_u8(r);
    uint64_t flags = br_uv(r);
    int64_t size = br_sv(r);
    if (r->failed || !name) {
        bl_corrupt(L, "registered type");
        return NULL;
    }
    as_symbol *sym = ns ? symtab_find_kind(&L->e->symbols, ns, name, SYM_TYPE) : NULL;
    as_type *t = sym ? sym->ptr : NULL;
    if (!t || t->name != name || t->ns != ns) {
        bl_mismatch(L, "the type '%s' is not registered", name);
        return NULL;
    }
    if (t->kind != kind || t->flags != flags || t->size != size) {
        bl_mismatch(L, "the registered type '%s' is not the same as when the bytecode was saved", name);
        return NULL;
    }
    return t;
}

static as_type *read_instance(bc_loader *L, uint32_t at)
{
    bc_reader *r = &L->r;
    uint32_t bi = br_index(r, at + 1);
    uint32_t n = br_count(r, 16);
    as_dtype subs[16];
    for (uint32_t i = 0; i < n; i++) {
        uint32_t si = br_index(r, at + 1);
        unsigned fl = br_u8(r);
        subs[i].type = si ? L->tt[si - 1] : NULL;
        subs[i].flags = (uint8_t)fl;
        if (r->failed || !subs[i].type || fl > 0x7F || subs[i].type->kind == TYPE_NULL || subs[i].type->kind == TYPE_VARTYPE ||
            subs[i].type->kind == TYPE_TEMPLATE_SUBTYPE) {
            bl_corrupt(L, "template subtype");
            return NULL;
        }
    }
    as_type *base = bi ? L->tt[bi - 1] : NULL;
    if (r->failed || !base || base->kind != TYPE_OBJECT || !(base->flags & AS_OBJ_TEMPLATE) || base->template_base ||
        (int)n != base->subtypes.count) {
        bl_corrupt(L, "template instance");
        return NULL;
    }
    as_compiler c;
    compiler_for_registration(L->e, &c);
    as_type *t = c_template_instance(&c, base, subs, (int)n, NULL);
    compiler_done(&c);
    if (!t) bl_mismatch(L, "the template '%s' can't be instantiated as when the bytecode was saved", base->name);
    return t;
}

static bool read_type_table(bc_loader *L)
{
    bc_reader *r = &L->r;
    L->ntt = br_count(r, MAX_ITEMS);
    L->tt = mem_calloc((size_t)L->ntt + 1, sizeof *L->tt);
    if (!L->tt) {
        L->err = AS_OUT_OF_MEMORY;
        return false;
    }
    as_engine *e = L->e;
    for (uint32_t i = 0; i < L->ntt; i++) {
        as_type *t = NULL;
        switch (br_u8(r)) {
        case TT_PRIM: {
            unsigned p = br_u8(r);
            if (p < 12) t = &e->prim[p];
            break;
        }
        case TT_NULL: t = &e->null_type; break;
        case TT_VAR: t = &e->var_type; break;
        case TT_MODULE: {
            uint32_t k = br_index(r, L->ntypes);
            if (!r->failed) t = L->m->types.data[k];
            break;
        }
        case TT_REGISTERED:
            if (!(t = read_registered_type(L))) return false;
            break;
        case TT_INSTANCE:
            if (!(t = read_instance(L, i))) return false;
            break;
        case TT_CHILD: {
            uint32_t pi = br_index(r, i + 1);
            uint32_t k = (uint32_t)br_uv(r);
            const char *name = br_str(r, e);
            as_type *parent = pi ? L->tt[pi - 1] : NULL;
            if (r->failed || !parent || !name) break;
            if (k >= (uint32_t)parent->child_funcdefs.count || parent->child_funcdefs.data[k]->name != name)
                return bl_mismatch(L, "the funcdef '%s' is not registered", name);
            t = parent->child_funcdefs.data[k];
            break;
        }
        default: break;
        }
        if (r->failed || !t) return bl_corrupt(L, "type table");
        L->tt[i] = t;
    }
    return true;
}

/* The registered function among candidates with this name, behaviour and declaration. */
static as_function *match_function(as_function **cands, int n, const char *name, int beh, const char *decl)
{
    char buf[1024];
    for (int i = 0; i < n; i++) {
        as_function *f = cands[i];
        if (!f || f->name != name || f->behaviour != beh) continue;
        function_format_decl(f, buf, sizeof buf, false, true, false);
        if (strcmp(buf, decl) == 0) return f;
    }
    return NULL;
}

static as_function *find_member(as_type *t, const char *name, int beh, const char *decl)
{
    as_function *f = match_function(t->methods.data, t->methods.count, name, beh, decl);
    if (!f) f = match_function(t->beh.factories.data, t->beh.factories.count, name, beh, decl);
    as_function *behs[] = {
#define BEH_ITEM(b) t->beh.b,
        BC_BEHAVIOURS(BEH_ITEM)
#undef BEH_ITEM
    };
    if (!f) f = match_function(behs, (int)(sizeof behs / sizeof behs[0]), name, beh, decl);
    if (!f && t->signature) f = match_function(&t->signature, 1, name, beh, decl);
    return f;
}

/* An instance of a registered template function: its template (an earlier entry) and subtypes. */
static as_function *read_function_instance(bc_loader *L, uint32_t at)
{
    bc_reader *r = &L->r;
    uint32_t ti = br_index(r, at + 1);
    uint32_t n = br_count(r, 16);
    as_dtype subs[16];
    for (uint32_t i = 0; i < n; i++) {
        uint32_t si = br_index(r, L->ntt + 1);
        unsigned fl = br_u8(r);
        subs[i].type = si ? L->tt[si - 1] : NULL;
        subs[i].flags = (uint8_t)fl;
        if (r->failed || !subs[i].type || fl > 0x7F || subs[i].type->kind == TYPE_NULL || subs[i].type->kind == TYPE_VARTYPE ||
            subs[i].type->kind == TYPE_TEMPLATE_SUBTYPE) {
            bl_corrupt(L, "template function subtype");
            return NULL;
        }
    }
    as_function *tmpl = ti ? L->ft[ti - 1] : NULL;
    if (r->failed || !tmpl || !(tmpl->attrs & FA_TEMPLATE_FN) || (int)n != tmpl->tf_subtypes.count) {
        bl_corrupt(L, "template function instance");
        return NULL;
    }
    as_compiler c;
    compiler_for_registration(L->e, &c);
    as_function *f = tmplfn_instance(&c, tmpl, subs, (int)n);
    compiler_done(&c);
    if (!f) L->err = AS_OUT_OF_MEMORY;
    return f;
}

static bool read_function_table(bc_loader *L)
{
    bc_reader *r = &L->r;
    L->nft = br_count(r, MAX_ITEMS);
    L->ft = mem_calloc((size_t)L->nft + 1, sizeof *L->ft);
    if (!L->ft) {
        L->err = AS_OUT_OF_MEMORY;
        return false;
    }
    for (uint32_t i = 0; i < L->nft; i++) {
        as_function *f = NULL;
        unsigned tag = br_u8(r);
        if (tag == FT_MODULE) {
            uint32_t k = br_index(r, L->nfuncs);
            if (!r->failed) f = L->m->all_functions.data[k];
        } else if (tag == FT_GLOBAL || tag == FT_MEMBER) {
            as_type *t = NULL;
            as_namespace *ns = NULL;
            int64_t beh = -1;
            if (tag == FT_MEMBER) {
                t = bl_type(L);
                beh = br_sv(r);
            } else {
                ns = read_ns(L, false);
            }
            const char *name = br_str(r, L->e);
            size_t n;
            const uint8_t *d = br_bytes(r, &n);
            if (r->failed || !name || (tag == FT_MEMBER && !t) || beh < -1 || beh >= AS_BEHAVE_MAX || n >= 1024 || memchr(d, 0, n))
                return bl_corrupt(L, "function table");
            char decl[1024];
            memcpy(decl, d, n);
            decl[n] = 0;
            if (t) f = find_member(t, name, (int)beh, decl);
            else if (ns) f = match_function(L->e->global_funcs.data, L->e->global_funcs.count, name, -1, decl);
            if (!f) return bl_mismatch(L, "the function '%s' is not registered", decl);
        } else if (tag == FT_INSTANCE) {
            if (!(f = read_function_instance(L, i))) return false;
        }
        if (r->failed || !f) return bl_corrupt(L, "function table");
        L->ft[i] = f;
    }
    return true;
}

static bool read_global_table(bc_loader *L)
{
    bc_reader *r = &L->r;
    L->ngt = br_count(r, MAX_ITEMS);
    L->gt = mem_calloc((size_t)L->ngt + 1, sizeof *L->gt);
    if (!L->gt) {
        L->err = AS_OUT_OF_MEMORY;
        return false;
    }
    for (uint32_t i = 0; i < L->ngt; i++) {
        as_global *g = NULL;
        unsigned tag = br_u8(r);
        if (tag == GT_MODULE) {
            uint32_t k = br_index(r, L->nglobals);
            if (!r->failed) g = L->m->globals.data[k];
        } else if (tag == GT_REGISTERED) {
            as_namespace *ns = read_ns(L, false);
            const char *name = br_str(r, L->e);
            as_dtype dt;
            if (!bl_dtype(L, &dt)) return false;
            unsigned is_const = br_u8(r);
            if (r->failed || !name) return bl_corrupt(L, "global table");
            for (int k = 0; k < L->e->globals.count && ns && !g; k++) {
                as_global *c = L->e->globals.data[k];
                if (c->name == name && c->ns == ns) g = c;
            }
            if (!g) return bl_mismatch(L, "the global property '%s' is not registered", name);
            if (g->type.type != dt.type || g->type.flags != dt.flags || g->is_const != (is_const != 0))
                return bl_mismatch(L, "the registered global property '%s' is not the same as when the bytecode was saved", name);
        }
        if (r->failed || !g) return bl_corrupt(L, "global table");
        L->gt[i] = g;
    }
    return true;
}

static bool read_strings(bc_loader *L)
{
    bc_reader *r = &L->r;
    as_engine *e = L->e;
    L->nstr = br_count(r, MAX_ITEMS);
    if (L->nstr && (!e->has_string_factory || !e->string_factory.get_constant))
        return bl_mismatch(L, "the bytecode has string constants but no string factory is registered%s", "");
    L->strs = mem_calloc((size_t)L->nstr + 1, sizeof *L->strs);
    if (!L->strs) {
        L->err = AS_OUT_OF_MEMORY;
        return false;
    }
    for (uint32_t i = 0; i < L->nstr; i++) {
        size_t n;
        const uint8_t *d = br_bytes(r, &n);
        if (!d || n > UINT32_MAX) return bl_corrupt(L, "string constant");
        /* room first: running out of memory after the factory made the constant would lose it */
        VEC_RESERVE(L->m->string_consts, L->m->string_consts.count + 1);
        mem_guard *held = mem_guard_suspend();   /* host code: never jumped over */
        const void *s = e->string_factory.get_constant(e->string_factory.user, (const char *)d, (unsigned)n);
        mem_guard_resume(held);
        if (!s) return bl_mismatch(L, "the string factory made no constant%s", "");
        VEC_PUSH(L->m->string_consts, s);   /* released with the module */
        L->strs[i] = s;
    }
    return true;
}

/* ======================================================================= the stream */

/* Reads the header and the payload (into a malloc'd buffer, *len bytes). */
static uint8_t *read_stream(bc_loader *L, as_binary_stream *in, size_t *len)
{
    uint8_t head[BC_HEADER_SIZE];
    if (in->read(in->user, head, sizeof head) < 0) {
        bl_corrupt(L, "the stream ended before the header");
        return NULL;
    }
    if (memcmp(head, BC_MAGIC, 8) != 0) {
        bl_corrupt(L, "not angelc bytecode");
        return NULL;
    }
    bc_reader hr = {head + 8, head + sizeof head, false};
    uint32_t version = 0, flags = 0;
    for (int i = 0; i < 4; i++) version |= (uint32_t)br_u8(&hr) << (8 * i);
    for (int i = 0; i < 4; i++) flags |= (uint32_t)br_u8(&hr) << (8 * i);
    uint64_t size = br_u64(&hr), sum = br_u64(&hr);
    if (version != BC_VERSION) {
        bl_corrupt(L, "saved by another version of angelc");
        return NULL;
    }
    if (flags & ~(BC_FLAG_STRIPPED | BC_FLAG_KEYED) || size > MAX_PAYLOAD) {
        bl_corrupt(L, "header");
        return NULL;
    }
    /* an engine with a key loads only bytecode saved with it */
    bool keyed = flags & BC_FLAG_KEYED;
    if (keyed != L->e->has_bc_key) {
        bl_corrupt(L, keyed ? "authenticated with a key, and no key is set" : "not authenticated with the key");
        return NULL;
    }
    L->strip = flags & BC_FLAG_STRIPPED;
    /* in chunks: a corrupt length costs no more memory than the stream really has */
    uint8_t *buf = NULL;
    size_t have = 0;
    while (have < size) {
        size_t chunk = size - have < 65536 ? (size_t)(size - have) : 65536;
        uint8_t *nb = mem_realloc(buf, have, have + chunk);
        if (!nb) {
            mem_free(buf);
            L->err = AS_OUT_OF_MEMORY;
            return NULL;
        }
        buf = nb;
        if (in->read(in->user, buf + have, chunk) < 0) {
            mem_free(buf);
            bl_corrupt(L, "the stream ended early");
            return NULL;
        }
        have += chunk;
    }
    /* (the tag is compared without an early exit: its time says nothing of where it differs) */
    uint64_t want = keyed ? bc_mac(L->e->bc_key, buf, have) : bc_checksum(buf, have);
    if ((want ^ sum) != 0) {
        mem_free(buf);
        bl_corrupt(L, keyed ? "the key does not match (edited or saved with another key)" : "checksum mismatch");
        return NULL;
    }
    *len = have;
    return buf ? buf : mem_alloc(1);
}

static bool load_payload(bc_loader *L)
{
    if (!read_sections(L) || !read_type_shells(L) || !read_type_table(L) || !read_function_shells(L) ||
        !read_global_shells(L) || !read_function_table(L) || !read_global_table(L) || !read_strings(L))
        return false;
    if (!bl_types(L)) return false;
    for (int i = 0; i < L->m->types.count; i++) L->m->types.data[i]->decl_state = 2;
    /* the template callbacks that waited for the module's classes (see read_template_instance) */
    for (int i = 0; i < L->e->types.count; i++) {
        as_type *t = L->e->types.data[i];
        if (!t || !t->template_base || !t->template_base->beh.template_callback || !t->subtypes.count) continue;
        bool mine = false;
        for (int k = 0; k < t->subtypes.count; k++)
            mine = mine || (t->subtypes.data[k].type && t->subtypes.data[k].type->module == L->m &&
                            (t->subtypes.data[k].type->flags & AS_OBJ_SCRIPT_OBJECT) && !(t->subtypes.data[k].flags & DT_HANDLE));
        if (!mine) continue;
        extern bool native_template_callback(as_engine *, as_function *, as_type *, bool *);
        bool dont_gc = false;
        if (!native_template_callback(L->e, t->template_base->beh.template_callback, t, &dont_gc)) {
            bl_mismatch(L, "the template '%s' can't be instantiated as when the bytecode was saved", t->template_base->name);
            return false;
        }
        if (dont_gc) t->flags &= ~AS_OBJ_GC;
    }
    if (!bl_globals(L) || !bl_functions(L) || !bl_lists(L)) return false;
    if (br_u8(&L->r) != BC_END_MARKER || L->r.p != L->r.end) return bl_corrupt(L, "end of the data");
    return true;
}

static int load_bytecode(as_module *m, as_binary_stream *in, bool *was_debug_info_stripped);

int as_module_load_bytecode(as_module *m, as_binary_stream *in, bool *was_debug_info_stripped)
{
    if (!m || !in || !in->read) return AS_INVALID_ARG;
    as_engine *e = m->engine;
    if (e->building) return AS_BUILD_IN_PROGRESS;
    /* the load replaces the module's code: not while it runs */
    if (contexts_running_module(e, m)) return AS_MODULE_IS_IN_USE;
    void *entered = engine_enter(e);
    contexts_forget_module(e, m);
    int r = load_bytecode(m, in, was_debug_info_stripped);
    engine_leave(e, entered);
    return r;
}

/* After a refused load: frees what it made that nothing uses. The module's own types and
 * functions went to its remains (module_clear); what something holds stays with the engine (a
 * template instance objects were made of, and what it is made of, its methods and funcdefs). */
static int made_index(const as_creation_log *made, const as_type *t)
{
    for (int i = 0; t && i < made->types.count; i++)
        if (made->types.data[i] == t) return i;
    return -1;
}

static void unmake_unused(as_engine *e, as_creation_log *made)
{
    int n = made->types.count;
    bool *keep = mem_calloc((size_t)(n ? n : 1), 1);
    if (!keep) return;   /* out of memory: what it made stays with the engine */
    for (int i = 0; i < n; i++) {
        as_type *t = made->types.data[i];
        keep[i] = t->remains || t->live;
        for (int k = 0; k < e->types.count && !keep[i]; k++) {
            as_type *o = e->types.data[k];
            if (!o || made_index(made, o) >= 0) continue;
            keep[i] = o->base == t || o->parent_type == t;
            for (int j = 0; j < o->subtypes.count && !keep[i]; j++) keep[i] = o->subtypes.data[j].type == t;
        }
    }
    /* what a kept type is made of is kept too */
    for (bool more = true; more;) {
        more = false;
        for (int i = 0; i < n; i++) {
            as_type *t = made->types.data[i];
            if (keep[i]) {
                int k = made_index(made, t->base);
                if (k >= 0 && !keep[k]) keep[k] = more = true;
                for (int j = 0; j < t->subtypes.count; j++)
                    if ((k = made_index(made, t->subtypes.data[j].type)) >= 0 && !keep[k]) keep[k] = more = true;
            } else {
                int k = made_index(made, t->parent_type);
                if (k >= 0 && keep[k]) keep[i] = more = true;
            }
        }
    }
    for (int i = made->funcs.count; i-- > 0;) {
        as_function *f = made->funcs.data[i];
        int k = made_index(made, f->objtype);
        bool kept = f->remains || f->refcount > 1 || (k >= 0 && keep[k]);
        for (int j = 0; j < n && !kept; j++) kept = keep[j] && made->types.data[j]->signature == f;
        if (!kept) engine_unmake_function(e, f);
    }
    for (int i = n; i-- > 0;)
        if (!keep[i]) engine_unmake_type(e, made->types.data[i]);
    mem_free(keep);
}

/* Running out of memory while loading refuses the load (the caller takes back what it made). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static bool load_payload_guarded(bc_loader *L)
{
    mem_guard g;
    mem_guard_push(&g, NULL, NULL);
    if (setjmp(g.jb)) {
        L->err = AS_OUT_OF_MEMORY;
        engine_message(L->e, "", 0, 0, AS_MSG_ERROR, "Loading bytecode into module '%s': out of memory", L->m->name);
        return false;
    }
    bool ok = load_payload(L);
    mem_guard_end(&g);
    return ok;
}

static int load_bytecode(as_module *m, as_binary_stream *in, bool *was_debug_info_stripped)
{
    as_engine *e = m->engine;
    int vr = engine_verify_config(e);
    if (vr < 0) return vr;
    bc_loader L;
    memset(&L, 0, sizeof L);
    L.m = m;
    L.e = e;
    size_t len = 0;
    uint8_t *buf = read_stream(&L, in, &len);
    if (!buf) return L.err ? L.err : AS_OUT_OF_MEMORY;
    module_clear(m);
    for (int i = 0; i < m->sections.count; i++) mem_free(m->sections.data[i].code);
    m->sections.count = 0;
    L.r.p = buf;
    L.r.end = buf + len;
    as_creation_log made = {0};
    e->creation_log = &made;
    int building = e->building;
    e->building++;
    bool ok = load_payload_guarded(&L);
    e->building = building;
    e->creation_log = NULL;
    mem_free(buf);
    mem_free(L.tt);
    mem_free(L.ft);
    mem_free(L.gt);
    mem_free(L.strs);
    if (!ok) {
        /* nothing ran: what this load made (the module's types and functions, template
         * instances) goes again, and the engine is as it was */
        module_clear(m);
        m->sections.count = 0;
        unmake_unused(e, &made);
        VEC_FREE(made.funcs);
        VEC_FREE(made.types);
        return L.err ? L.err : AS_ERROR;
    }
    VEC_FREE(made.funcs);
    VEC_FREE(made.types);
    for (int i = 0; i < m->types.count; i++)
        if (m->types.data[i]->kind == TYPE_OBJECT) register_find_special_behaviours(m->types.data[i]);
    for (int i = 0; i < m->globals.count; i++) m->globals.data[i]->init_state = 2;
    m->built = true;
    aot_attach_module(m);   /* registered compiled functions (src/aot) */
    if (was_debug_info_stripped) *was_debug_info_stripped = L.strip;
    if (e->props[AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD]) {
        int r = module_run_global_inits(m, NULL);
        if (r < 0) return r;
    }
    return AS_SUCCESS;
}
