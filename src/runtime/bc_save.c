/* Saving a built module (as_module_save_bytecode): everything the module declares is written in
 * full; what it uses from the host (types, functions, global properties) by name and
 * declaration, to be looked up again on load. The format is described in bytecode.h. */
#include "bytecode.h"
#include "util/mem.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct saver {
    as_module *m;
    as_engine *e;
    bool strip;
    bc_buf tt, ft, gt, strs, body;      /* the tables and the details, joined at the end */
    uint32_t ntt, nft, ngt, nstr;
    bc_ptrmap types, funcs, globals, strings, gaddr;
    int err;                            /* first error (0 while all is well) */
} saver;

static void fail(saver *s, int code, const char *fmt, const char *arg)
{
    if (s->err) return;
    s->err = code;
    char msg[1400];
    snprintf(msg, sizeof msg, fmt, arg ? arg : "");
    engine_message(s->e, "", 0, 0, AS_MSG_ERROR, "Saving the bytecode of module '%s': %s", s->m->name, msg);
}

static const char *fn_text(const as_function *f, char *buf, size_t n)
{
    function_format_decl(f, buf, n, true, true, false);
    return buf;
}

/* ======================================================================= references */

static uint32_t type_ref(saver *s, const as_type *t);

static void put_dtype(saver *s, bc_buf *b, const as_dtype *d)
{
    bw_uv(b, type_ref(s, d->type));
    bw_u8(b, d->flags);
}

static uint32_t add_type(saver *s, const as_type *t)
{
    if (!ptrmap_put(&s->types, t, s->ntt)) s->err = AS_OUT_OF_MEMORY;
    return ++s->ntt;
}

static uint32_t type_ref(saver *s, const as_type *t)
{
    if (!t || s->err) return 0;
    int64_t known = ptrmap_get(&s->types, t);
    if (known >= 0) return (uint32_t)known + 1;
    as_engine *e = s->e;
    bc_buf *b = &s->tt;
    if (t == &e->null_type) {
        bw_u8(b, TT_NULL);
    } else if (t == &e->var_type) {
        bw_u8(b, TT_VAR);
    } else if (t->kind == TYPE_PRIMITIVE) {
        bw_u8(b, TT_PRIM);
        bw_u8(b, t->prim);
    } else if (t->template_base) {
        /* the template and the subtypes go first: an entry only refers to earlier ones */
        uint32_t base = type_ref(s, t->template_base);
        uint32_t *subs = mem_calloc((size_t)t->subtypes.count + 1, sizeof *subs);
        if (!subs) {
            s->err = AS_OUT_OF_MEMORY;
            return 0;
        }
        for (int i = 0; i < t->subtypes.count; i++) subs[i] = type_ref(s, t->subtypes.data[i].type);
        bw_u8(b, TT_INSTANCE);
        bw_uv(b, base);
        bw_uv(b, (uint64_t)t->subtypes.count);
        for (int i = 0; i < t->subtypes.count; i++) {
            bw_uv(b, subs[i]);
            bw_u8(b, t->subtypes.data[i].flags);
        }
        mem_free(subs);
    } else if (t->parent_type) {
        uint32_t parent = type_ref(s, t->parent_type);
        int index = -1;
        for (int i = 0; i < t->parent_type->child_funcdefs.count; i++)
            if (t->parent_type->child_funcdefs.data[i] == t) index = i;
        if (index < 0) {
            fail(s, AS_ERROR, "the funcdef '%s' is not found in its type", t->name);
            return 0;
        }
        bw_u8(b, TT_CHILD);
        bw_uv(b, parent);
        bw_uv(b, (uint64_t)index);
        bw_str(b, t->name);
    } else {
        as_symbol *sym = t->module ? NULL : symtab_find_kind(&e->symbols, t->ns, t->name, SYM_TYPE);
        if (!sym || sym->ptr != t) {
            fail(s, AS_NOT_SUPPORTED, "the type '%s' belongs to another module", t->name);
            return 0;
        }
        bw_u8(b, TT_REGISTERED);
        bw_str(b, t->ns->name);
        bw_str(b, t->name);
        bw_u8(b, t->kind);
        bw_uv(b, t->flags);
        bw_sv(b, t->size);
    }
    return add_type(s, t);
}

static uint32_t func_ref(saver *s, const as_function *f)
{
    if (!f || s->err) return 0;
    int64_t known = ptrmap_get(&s->funcs, f);
    if (known >= 0) return (uint32_t)known + 1;
    char decl[1024];
    if (f->tf_template && !f->module) {
        /* an instance of a registered template function: made again on load from its template
         * and subtypes (which go first: an entry only refers to earlier ones) */
        uint32_t tmpl = func_ref(s, f->tf_template);
        uint32_t subs[16];
        int n = f->tf_subtypes.count < 16 ? f->tf_subtypes.count : 16;
        for (int i = 0; i < n; i++) subs[i] = type_ref(s, f->tf_subtypes.data[i].type);
        if (s->err) return 0;
        bw_u8(&s->ft, FT_INSTANCE);
        bw_uv(&s->ft, tmpl);
        bw_uv(&s->ft, (uint64_t)n);
        for (int i = 0; i < n; i++) {
            bw_uv(&s->ft, subs[i]);
            bw_u8(&s->ft, f->tf_subtypes.data[i].flags);
        }
        if (!ptrmap_put(&s->funcs, f, s->nft)) s->err = AS_OUT_OF_MEMORY;
        return ++s->nft;
    }
    if (f->module || (f->kind != FN_SYSTEM && f->kind != FN_INTERFACE && f->kind != FN_FUNCDEF)) {
        fail(s, AS_NOT_SUPPORTED, "the function '%s' belongs to another module", fn_text(f, decl, sizeof decl));
        return 0;
    }
    function_format_decl(f, decl, sizeof decl, false, true, false);
    if (f->objtype) {
        uint32_t t = type_ref(s, f->objtype);
        bw_u8(&s->ft, FT_MEMBER);
        bw_uv(&s->ft, t);
        bw_sv(&s->ft, f->behaviour);
    } else {
        bw_u8(&s->ft, FT_GLOBAL);
        bw_str(&s->ft, f->ns ? f->ns->name : "");
    }
    bw_str(&s->ft, f->name);
    bw_str(&s->ft, decl);
    if (!ptrmap_put(&s->funcs, f, s->nft)) s->err = AS_OUT_OF_MEMORY;
    return ++s->nft;
}

static uint32_t global_ref(saver *s, const as_global *g)
{
    if (!g || s->err) return 0;
    int64_t known = ptrmap_get(&s->globals, g);
    if (known >= 0) return (uint32_t)known + 1;
    if (!g->is_registered) {
        fail(s, AS_NOT_SUPPORTED, "the global variable '%s' belongs to another module", g->name);
        return 0;
    }
    bc_buf tmp = {0};
    put_dtype(s, &tmp, &g->type);      /* may add type table entries first */
    bw_u8(&s->gt, GT_REGISTERED);
    bw_str(&s->gt, g->ns->name);
    bw_str(&s->gt, g->name);
    bw_bytes(&s->gt, tmp.p, tmp.len);
    bw_u8(&s->gt, g->is_const);
    if (tmp.failed) s->err = AS_OUT_OF_MEMORY;
    mem_free(tmp.p);
    if (!ptrmap_put(&s->globals, g, s->ngt)) s->err = AS_OUT_OF_MEMORY;
    return ++s->ngt;
}

static uint32_t string_ref(saver *s, const void *str)
{
    int64_t known = ptrmap_get(&s->strings, str);
    if (known >= 0) return (uint32_t)known;
    as_string_factory *sf = &s->e->string_factory;
    unsigned len = 0;
    if (!s->e->has_string_factory || !sf->get_raw_data || sf->get_raw_data(sf->user, str, NULL, &len) < 0) {
        fail(s, AS_ERROR, "the string factory can't give the contents of a string constant%s", NULL);
        return 0;
    }
    char *data = mem_alloc(len ? len : 1);
    if (!data || sf->get_raw_data(sf->user, str, data, &len) < 0) {
        mem_free(data);
        fail(s, data ? AS_ERROR : AS_OUT_OF_MEMORY, "the string factory can't give the contents of a string constant%s", NULL);
        return 0;
    }
    bw_strn(&s->strs, data, len);
    mem_free(data);
    if (!ptrmap_put(&s->strings, str, s->nstr)) s->err = AS_OUT_OF_MEMORY;
    return s->nstr++;
}

/* ======================================================================= details */

static void put_type(saver *s, const as_type *t)
{
    bc_buf *b = &s->body;
    bw_uv(b, type_ref(s, t->base));
    bw_uv(b, (uint64_t)t->interfaces.count);
    for (int i = 0; i < t->interfaces.count; i++) bw_uv(b, type_ref(s, t->interfaces.data[i]));
    bw_uv(b, (uint64_t)t->props.count);
    for (int i = 0; i < t->props.count; i++) {
        const as_property *p = &t->props.data[i];
        bw_str(b, p->name);
        put_dtype(s, b, &p->type);
        bw_sv(b, p->offset);
        bw_u8(b, (p->is_private ? 1u : 0) | (p->is_protected ? 2u : 0) | (p->is_indirect ? 4u : 0));
    }
    bw_uv(b, (uint64_t)t->methods.count);
    for (int i = 0; i < t->methods.count; i++) bw_uv(b, func_ref(s, t->methods.data[i]));
    bw_uv(b, (uint64_t)t->vtable.count);
    for (int i = 0; i < t->vtable.count; i++) bw_uv(b, func_ref(s, t->vtable.data[i]));
    bw_uv(b, (uint64_t)t->itable.count);
    for (int i = 0; i < t->itable.count; i++) {
        bw_uv(b, func_ref(s, t->itable.data[i].intf));
        bw_uv(b, func_ref(s, t->itable.data[i].impl));
    }
    bw_uv(b, (uint64_t)t->beh.factories.count);
    for (int i = 0; i < t->beh.factories.count; i++) bw_uv(b, func_ref(s, t->beh.factories.data[i]));
#define PUT_BEH(name) bw_uv(b, func_ref(s, t->beh.name));
    BC_BEHAVIOURS(PUT_BEH)
#undef PUT_BEH
    bw_uv(b, (uint64_t)t->enum_values.count);
    for (int i = 0; i < t->enum_values.count; i++) {
        bw_str(b, t->enum_values.data[i].name);
        bw_sv(b, t->enum_values.data[i].value);
    }
    bw_uv(b, func_ref(s, t->signature));
    bw_uv(b, type_ref(s, t->parent_type));
    bw_uv(b, (uint64_t)t->child_funcdefs.count);
    for (int i = 0; i < t->child_funcdefs.count; i++) bw_uv(b, type_ref(s, t->child_funcdefs.data[i]));
}

static void put_constant(saver *s, const as_function *f, uint32_t k)
{
    bc_buf *b = &s->body;
    as_slot v = f->bc.consts[k];
    uint8_t kind = f->bc.kinds ? f->bc.kinds[k] : K_PTR;
    char decl[1024];
    bw_u8(b, kind);
    switch (kind) {
    case K_RAW: bw_u64(b, v.u64); break;
    case K_TYPE: bw_uv(b, type_ref(s, v.p)); break;
    case K_FUNC: bw_uv(b, func_ref(s, v.p)); break;
    case K_STRING: bw_uv(b, string_ref(s, v.p)); break;
    case K_GLOBAL: {
        int64_t g = ptrmap_get(&s->gaddr, v.p);
        if (g < 0) {
            fail(s, AS_NOT_SUPPORTED, "a global variable used by '%s' is not found", fn_text(f, decl, sizeof decl));
            return;
        }
        const as_global *gl = g < s->m->globals.count ? s->m->globals.data[g] : s->e->globals.data[g - s->m->globals.count];
        bw_uv(b, global_ref(s, gl));
        break;
    }
    case K_TYPEID: {
        as_type *t = as_engine_type_by_id(s->e, v.i32);
        if (!t) {
            fail(s, AS_ERROR, "a type id in '%s' names no type", fn_text(f, decl, sizeof decl));
            return;
        }
        bw_uv(b, type_ref(s, t));
        bw_u8(b, (v.i32 & AS_TYPEID_OBJHANDLE ? DT_HANDLE : 0) | (v.i32 & AS_TYPEID_HANDLETOCONST ? DT_CONST : 0));
        break;
    }
    default:
        fail(s, AS_NOT_SUPPORTED, "'%s' holds a constant pointer of unknown kind", fn_text(f, decl, sizeof decl));
        break;
    }
}

static bool uses_sbx(unsigned op)
{
    unsigned fmt = as_opcode_formats[op];
    return fmt == FMT_AI || fmt == FMT_J || fmt == FMT_AJ;
}

static void put_bytecode(saver *s, const as_function *f)
{
    bc_buf *b = &s->body;
    const as_bytecode *bc = &f->bc;
    /* code that could run off its end gets the RET the loader would add: saving what was
     * loaded gives the same bytes */
    bool pad = bc_needs_sentinel(bc);
    bw_uv(b, bc->nslots);
    bw_uv(b, bc->ncode + pad);
    for (uint32_t i = 0; i < bc->ncode; i++) {
        const as_insn *in = &bc->code[i];
        bw_uv(b, in->op);
        bw_uv(b, in->a);
        if (in->op < BC__COUNT && uses_sbx(in->op)) {
            bw_sv(b, in->sbx);
        } else {
            bw_uv(b, in->b);
            /* a call's frame in place of its arguments (BC_CALL_IN_PLACE) is not saved: the
             * loader would clear it (the verifier does not follow it), and saving what was
             * loaded gives the same bytes */
            bool call = in->op == BC_CALL || in->op == BC_CALLN || in->op == BC_CALLV || in->op == BC_CALLPTR;
            bw_uv(b, call ? 0 : in->c);
        }
    }
    if (pad) {
        bw_uv(b, BC_RET);
        bw_bytes(b, "\0\0\0", 3);
    }
    bw_uv(b, bc->nconsts);
    for (uint32_t k = 0; k < bc->nconsts && !s->err; k++) put_constant(s, f, k);
    bw_uv(b, bc->nobjvars);
    for (uint32_t i = 0; i < bc->nobjvars; i++) {
        const as_objvar *o = &bc->objvars[i];
        bw_uv(b, o->slot);
        bw_u8(b, o->kind);
        bw_uv(b, type_ref(s, o->type));
        bw_uv(b, o->start);
        bw_uv(b, o->end);
    }
    /* statement starts stay (line callbacks fire there); their positions are debug info */
    bw_uv(b, bc->nlines);
    for (uint32_t i = 0; i < bc->nlines; i++) {
        bw_uv(b, (uint64_t)bc->lines[i].pc << 1 | bc->lines[i].cue);
        if (!s->strip) {
            bw_sv(b, bc->lines[i].line);
            bw_sv(b, bc->lines[i].col);
        }
    }
    bw_uv(b, bc->ntrys);
    for (uint32_t i = 0; i < bc->ntrys; i++) {
        bw_uv(b, bc->trys[i].start);
        bw_uv(b, bc->trys[i].end);
        bw_uv(b, bc->trys[i].handler);
    }
    if (s->strip) return;
    bw_uv(b, bc->nvars);
    for (uint32_t i = 0; i < bc->nvars; i++) {
        const as_varinfo *v = &bc->vars[i];
        bw_str(b, v->name);
        put_dtype(s, b, &v->type);
        bw_uv(b, v->slot);
        bw_u8(b, v->is_ref);
        bw_uv(b, v->start);
        bw_uv(b, v->end);
    }
}

static void put_function(saver *s, const as_function *f)
{
    bc_buf *b = &s->body;
    bw_uv(b, f->attrs);
    bw_uv(b, type_ref(s, f->objtype));
    put_dtype(s, b, &f->ret);
    bw_uv(b, (uint64_t)f->params.count);
    for (int i = 0; i < f->params.count; i++) {
        const as_param *p = &f->params.data[i];
        put_dtype(s, b, &p->type);
        bw_u8(b, p->inout);
        bw_u8(b, (p->name ? 1u : 0) | (p->defarg_text ? 2u : 0));
        if (p->name) bw_str(b, p->name);
        if (p->defarg_text) bw_str(b, p->defarg_text);
    }
    bw_sv(b, f->vtable_index);
    bw_u8(b, f->import_module ? 1 : 0);
    if (f->import_module) bw_str(b, f->import_module);
    if (!s->strip) {
        bw_sv(b, f->section);
        bw_sv(b, f->line);
        bw_sv(b, f->col);
    }
    bool has_code = f->kind == FN_SCRIPT && f->bc.code && f->bc.ncode;
    bw_u8(b, has_code);
    if (has_code) put_bytecode(s, f);
}

static void put_global(saver *s, const as_global *g)
{
    bc_buf *b = &s->body;
    put_dtype(s, b, &g->type);
    bw_u8(b, (g->is_const ? 1u : 0) | (g->has_value ? 2u : 0));
    if (g->has_value) bw_u64(b, g->value.u64);
    bw_uv(b, func_ref(s, g->init_func));
    if (!s->strip) {
        bw_sv(b, g->section);
        bw_sv(b, g->line);
        bw_sv(b, g->col);
    }
}

static int cmp_symbol(const void *a, const void *b)
{
    const as_symbol *x = *(as_symbol *const *)a, *y = *(as_symbol *const *)b;
    int c = strcmp(x->ns->name, y->ns->name);
    return c ? c : strcmp(x->name, y->name);
}

/* The module's names, sorted by namespace and name (the same bytes from every engine); the
 * overloads of a name in their order. */
static void put_symbols(saver *s)
{
    bc_buf *b = &s->body;
    const as_symtab *st = &s->m->symbols;
    uint64_t n = 0;
    size_t nkeys = 0;
    for (uint32_t i = 0; i < st->nbuckets; i++)
        for (as_symbol *key = st->buckets[i]; key; key = key->chain) {
            nkeys++;
            for (as_symbol *y = key; y; y = y->next) n++;
        }
    as_symbol **keys = mem_alloc((nkeys ? nkeys : 1) * sizeof *keys);
    if (!keys) {
        s->err = AS_OUT_OF_MEMORY;
        return;
    }
    nkeys = 0;
    for (uint32_t i = 0; i < st->nbuckets; i++)
        for (as_symbol *key = st->buckets[i]; key; key = key->chain) keys[nkeys++] = key;
    qsort(keys, nkeys, sizeof *keys, cmp_symbol);
    bw_uv(b, n);
    for (size_t i = 0; i < nkeys; i++) {
        for (as_symbol *y = keys[i]; y; y = y->next) {
            bw_str(b, y->ns->name);
            bw_str(b, y->name);
            bw_u8(b, y->kind);
            if (y->kind == SYM_FUNC) bw_uv(b, func_ref(s, y->ptr));
            else if (y->kind == SYM_GLOBAL) bw_uv(b, global_ref(s, y->ptr));
            else bw_uv(b, type_ref(s, y->ptr));
            if (y->kind == SYM_ENUMVAL) bw_sv(b, y->value);
        }
    }
    mem_free(keys);
}

/* ======================================================================= the stream */

static void put_payload(saver *s, bc_buf *out)
{
    as_module *m = s->m;
    bw_uv(out, s->strip ? 0 : (uint64_t)m->sections.count);
    for (int i = 0; !s->strip && i < m->sections.count; i++) bw_str(out, m->sections.data[i].name);
    bw_uv(out, (uint64_t)m->types.count);
    for (int i = 0; i < m->types.count; i++) {
        const as_type *t = m->types.data[i];
        bw_u8(out, t->kind);
        bw_str(out, t->name);
        bw_str(out, t->ns->name);
        bw_uv(out, t->flags);
        bw_sv(out, t->size);
        bw_u8(out, (t->gc_capable ? 1u : 0) | (t->has_script_members ? 2u : 0));
    }
    bw_uv(out, s->ntt);
    bw_bytes(out, s->tt.p, s->tt.len);
    bw_uv(out, (uint64_t)m->all_functions.count);
    for (int i = 0; i < m->all_functions.count; i++) {
        const as_function *f = m->all_functions.data[i];
        bw_u8(out, f->kind);
        bw_str(out, f->name);
        bw_str(out, f->ns ? f->ns->name : "");
    }
    bw_uv(out, (uint64_t)m->globals.count);
    for (int i = 0; i < m->globals.count; i++) {
        bw_str(out, m->globals.data[i]->name);
        bw_str(out, m->globals.data[i]->ns->name);
    }
    bw_uv(out, s->nft);
    bw_bytes(out, s->ft.p, s->ft.len);
    bw_uv(out, s->ngt);
    bw_bytes(out, s->gt.p, s->gt.len);
    bw_uv(out, s->nstr);
    bw_bytes(out, s->strs.p, s->strs.len);
    bw_bytes(out, s->body.p, s->body.len);
    bw_u8(out, BC_END_MARKER);
}

static void put_module(saver *s)
{
    as_module *m = s->m;
    /* the module's own entities take the first indices of their tables */
    for (int i = 0; i < m->types.count; i++) {
        bw_u8(&s->tt, TT_MODULE);
        bw_uv(&s->tt, (uint64_t)i);
        add_type(s, m->types.data[i]);
    }
    for (int i = 0; i < m->all_functions.count; i++) {
        bw_u8(&s->ft, FT_MODULE);
        bw_uv(&s->ft, (uint64_t)i);
        if (!ptrmap_put(&s->funcs, m->all_functions.data[i], s->nft++)) s->err = AS_OUT_OF_MEMORY;
    }
    for (int i = 0; i < m->globals.count; i++) {
        bw_u8(&s->gt, GT_MODULE);
        bw_uv(&s->gt, (uint64_t)i);
        if (!ptrmap_put(&s->globals, m->globals.data[i], s->ngt++)) s->err = AS_OUT_OF_MEMORY;
    }
    /* global addresses in the bytecode: the module's, then the host's */
    for (int i = 0; i < m->globals.count; i++) ptrmap_put(&s->gaddr, m->globals.data[i]->addr, (uint32_t)i);
    for (int i = 0; i < s->e->globals.count; i++)
        if (ptrmap_get(&s->gaddr, s->e->globals.data[i]->addr) < 0)
            ptrmap_put(&s->gaddr, s->e->globals.data[i]->addr, (uint32_t)(m->globals.count + i));

    for (int i = 0; i < m->types.count && !s->err; i++) put_type(s, m->types.data[i]);
    /* globals before functions: the loader gives them their storage before the bytecode refers to it */
    for (int i = 0; i < m->globals.count && !s->err; i++) put_global(s, m->globals.data[i]);
    for (int i = 0; i < m->all_functions.count && !s->err; i++) put_function(s, m->all_functions.data[i]);
    bc_buf *b = &s->body;
    bw_uv(b, (uint64_t)m->functions.count);
    for (int i = 0; i < m->functions.count; i++) bw_uv(b, func_ref(s, m->functions.data[i]));
    bw_uv(b, (uint64_t)m->imports.count);
    for (int i = 0; i < m->imports.count; i++) bw_uv(b, func_ref(s, m->imports.data[i]));
    bw_uv(b, (uint64_t)m->init_order.count);
    for (int i = 0; i < m->init_order.count; i++) bw_uv(b, global_ref(s, m->init_order.data[i]));
    put_symbols(s);
    /* the typedefs, for as_module_typedef (the symbols above already resolve their names) */
    bw_uv(b, (uint64_t)m->typedefs.count);
    for (int i = 0; i < m->typedefs.count; i++) {
        bw_str(b, m->typedefs.data[i].ns->name);
        bw_str(b, m->typedefs.data[i].name);
        bw_uv(b, type_ref(s, m->typedefs.data[i].type));
    }
}

int as_module_save_bytecode(as_module *m, as_binary_stream *out, bool strip_debug_info)
{
    if (!m || !out || !out->write) return AS_INVALID_ARG;
    if (!m->built) {
        engine_message(m->engine, "", 0, 0, AS_MSG_ERROR, "Saving the bytecode of module '%s': the module is not built", m->name);
        return AS_ERROR;
    }
    saver s;
    memset(&s, 0, sizeof s);
    s.m = m;
    s.e = m->engine;
    s.strip = strip_debug_info;
    put_module(&s);
    bc_buf payload = {0};
    if (!s.err) put_payload(&s, &payload);
    bool oom = s.tt.failed || s.ft.failed || s.gt.failed || s.strs.failed || s.body.failed || payload.failed;
    if (!s.err && oom) fail(&s, AS_OUT_OF_MEMORY, "out of memory%s", NULL);
    int rc = s.err;
    if (!rc) {
        bc_buf head = {0};
        bw_bytes(&head, BC_MAGIC, 8);
        uint8_t w[4];
        for (int i = 0; i < 4; i++) w[i] = (uint8_t)(BC_VERSION >> (8 * i));
        bw_bytes(&head, w, 4);
        uint32_t flags = (strip_debug_info ? BC_FLAG_STRIPPED : 0) | (s.e->has_bc_key ? BC_FLAG_KEYED : 0);
        for (int i = 0; i < 4; i++) w[i] = (uint8_t)(flags >> (8 * i));
        bw_bytes(&head, w, 4);
        bw_u64(&head, payload.len);
        bw_u64(&head, s.e->has_bc_key ? bc_mac(s.e->bc_key, payload.p, payload.len) : bc_checksum(payload.p, payload.len));
        if (head.failed) {
            rc = AS_OUT_OF_MEMORY;
        } else if (out->write(out->user, head.p, head.len) < 0 || (payload.len && out->write(out->user, payload.p, payload.len) < 0)) {
            fail(&s, AS_ERROR, "the stream refused the data%s", NULL);
            rc = AS_ERROR;
        }
        mem_free(head.p);
    }
    mem_free(payload.p);
    mem_free(s.tt.p);
    mem_free(s.ft.p);
    mem_free(s.gt.p);
    mem_free(s.strs.p);
    mem_free(s.body.p);
    ptrmap_free(&s.types);
    ptrmap_free(&s.funcs);
    ptrmap_free(&s.globals);
    ptrmap_free(&s.strings);
    ptrmap_free(&s.gaddr);
    return rc < 0 ? rc : AS_SUCCESS;
}
