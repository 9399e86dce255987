/* Function signatures: argument slot layout, declaration text, data type text and ids. */
#include "engine.h"
#include "util/mem.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int dtype_type_id(const as_dtype *dt)
{
    const as_type *t = dt->type;
    if (!t) return 0;
    if (t->kind == TYPE_PRIMITIVE) return t->prim;
    int id = t->type_id;
    if (t->kind == TYPE_OBJECT) {
        if (t->flags & AS_OBJ_SCRIPT_OBJECT) id |= AS_TYPEID_SCRIPTOBJECT;
        else if (t->template_base || (t->flags & AS_OBJ_TEMPLATE)) id |= AS_TYPEID_TEMPLATE;
        else id |= AS_TYPEID_APPOBJECT;
    } else if (t->kind == TYPE_FUNCDEF) {
        id |= AS_TYPEID_APPOBJECT;
    }
    if (dt->flags & DT_HANDLE) {
        id |= AS_TYPEID_OBJHANDLE;
        if (dt->flags & DT_CONST) id |= AS_TYPEID_HANDLETOCONST;
    }
    return id;
}

int dtype_slots(const as_dtype *dt)
{
    const as_type *t = dt->type;
    if ((dt->flags & (DT_HANDLE | DT_REF)) || t->kind != TYPE_OBJECT || (t->flags & AS_OBJ_REF)) return 1;
    int n = (t->size + 7) / 8;
    return n ? n : 1;
}

/* The commonest layouts, shared: parameters of one slot each from slot 0, 1 or 2 on (after the
 * return location and the object, when there are). Most functions have such a layout, and an
 * engine has hundreds of functions: their param_slot points here instead of an allocation
 * each. Read-only: nothing writes param_slot but function_layout_args, which makes its own. */
#define SHARED_MAX_PARAMS 16
#define SEQ(b) {b, b + 1, b + 2, b + 3, b + 4, b + 5, b + 6, b + 7, b + 8, b + 9, b + 10, b + 11, b + 12, \
                b + 13, b + 14, b + 15, b + 16}
static const uint16_t shared_slots[3][SHARED_MAX_PARAMS + 1] = {SEQ(0), SEQ(1), SEQ(2)};
#undef SEQ

void function_free_param_slot(uint16_t *slots)
{
    const uint16_t *p = slots;
    if (p >= &shared_slots[0][0] && p <= &shared_slots[2][SHARED_MAX_PARAMS]) return;
    mem_free(slots);
}

void function_layout_args(as_function *f)
{
    uint16_t slot = 0;
    f->has_retloc = !(f->ret.flags & (DT_HANDLE | DT_REF)) && type_is_value_type(f->ret.type);
    if (f->has_retloc) slot++;
    if (function_takes_object(f)) f->this_slot = slot++;
    function_free_param_slot(f->param_slot);
    f->param_slot = NULL;   /* not left dangling if the allocation below unwinds */
    bool one_each = f->params.count <= SHARED_MAX_PARAMS;
    for (int i = 0; i < f->params.count && one_each; i++)
        one_each = f->params.data[i].type.type->kind != TYPE_VARTYPE;
    if (one_each) {
        /* (a variadic last parameter takes one slot too: the number of its arguments) */
        f->param_slot = (uint16_t *)shared_slots[slot];
        f->nargslots = (uint16_t)(slot + f->params.count);
        return;
    }
    f->param_slot = mem_calloc_g((size_t)f->params.count + 1, sizeof *f->param_slot);
    if (!f->param_slot) {
        /* out of memory outside a guarded operation: a function nothing can call */
        f->params.count = 0;
        f->nargslots = slot;
        return;
    }
    for (int i = 0; i < f->params.count; i++) {
        f->param_slot[i] = slot;
        /* variadic: the last parameter's slot holds the number of its arguments, which follow
         * it (each as the parameter would be passed), so the area grows with the call */
        if ((f->attrs & FA_VARIADIC) && i == f->params.count - 1) slot += 1;
        else slot += f->params.data[i].type.type->kind == TYPE_VARTYPE ? 2 : 1;
    }
    f->nargslots = slot;
}

/* ---- text ---- */

typedef struct strbuf {
    char *p;
    size_t n, len;
} strbuf;

static void sb_put(strbuf *b, const char *s)
{
    size_t l = strlen(s);
    if (b->len + 1 >= b->n) return;
    size_t room = b->n - 1 - b->len;
    if (l > room) l = room;
    memcpy(b->p + b->len, s, l);
    b->len += l;
    b->p[b->len] = 0;
}

static void type_name_into(strbuf *b, const as_type *t, bool include_ns)
{
    if (t->kind == TYPE_OBJECT && t->template_base && t->engine->default_array == t->template_base &&
        !t->engine->props[AS_EP_EXPAND_DEF_ARRAY_TO_TMPL] && t->subtypes.count == 1) {
        char sub[256];
        dtype_format(&t->subtypes.data[0], sub, sizeof sub, include_ns);
        sb_put(b, sub);
        sb_put(b, "[]");
        return;
    }
    if (include_ns && t->ns && t->ns->name[0]) {
        sb_put(b, t->ns->name);
        sb_put(b, "::");
    }
    if (t->parent_type) {
        sb_put(b, t->parent_type->name);
        sb_put(b, "::");
    }
    sb_put(b, t->name);
    if (t->subtypes.count) {
        sb_put(b, "<");
        for (int i = 0; i < t->subtypes.count; i++) {
            char sub[256];
            if (i) sb_put(b, ",");
            dtype_format(&t->subtypes.data[i], sub, sizeof sub, include_ns);
            sb_put(b, sub);
        }
        sb_put(b, ">");
    }
}

/* stub: as registered, auto handles with their `+` */
static void dtype_format_ex(const as_dtype *dt, char *buf, size_t n, bool include_ns, bool stub)
{
    strbuf b = {buf, n, 0};
    if (n) buf[0] = 0;
    if (!dt->type) {
        sb_put(&b, "<unknown>");
        return;
    }
    if (dt->flags & DT_CONST) sb_put(&b, "const ");
    type_name_into(&b, dt->type, include_ns);
    /* a funcdef named without @ is written so (`funcdef F G();` returns F, not F@) */
    if ((dt->flags & DT_HANDLE) && !(dt->flags & DT_IMPLIED_HANDLE)) {
        sb_put(&b, "@");
        if (stub && (dt->flags & DT_AUTO_HANDLE)) sb_put(&b, "+");
        if (dt->flags & DT_HANDLE_CONST) sb_put(&b, "const");
    }
    if (dt->flags & DT_REF) sb_put(&b, "&");
}

void dtype_format(const as_dtype *dt, char *buf, size_t n, bool include_ns)
{
    dtype_format_ex(dt, buf, n, include_ns, false);
}

static void format_decl(const as_function *f, char *buf, size_t n, bool include_obj, bool include_ns, bool names, bool stub)
{
    strbuf b = {buf, n, 0};
    char tmp[512];
    if (n) buf[0] = 0;
    if (!(f->attrs & (FA_CONSTRUCTOR | FA_DESTRUCTOR))) {
        dtype_format_ex(&f->ret, tmp, sizeof tmp, include_ns, stub);
        sb_put(&b, tmp);
        sb_put(&b, " ");
    }
    if (include_ns && f->ns && f->ns->name[0] && !(include_obj && f->objtype)) {
        sb_put(&b, f->ns->name);
        sb_put(&b, "::");
    }
    if (include_obj && function_takes_object(f)) {
        if (include_ns && f->objtype->ns && f->objtype->ns->name[0]) {
            sb_put(&b, f->objtype->ns->name);
            sb_put(&b, "::");
        }
        sb_put(&b, f->objtype->name);
        sb_put(&b, "::");
    }
    if (f->attrs & FA_DESTRUCTOR) sb_put(&b, "~");
    sb_put(&b, f->name);
    if (f->attrs & FA_TEMPLATE_FN) {
        /* a template function: "T Identity<T>(const T&in)", "void Pair<K,V>(...)" as the reference
         * writes it (its instances are plain: "int Identity(const int&in)") */
        sb_put(&b, "<");
        for (int i = 0; i < f->tf_subtypes.count; i++) {
            if (i) sb_put(&b, ",");
            sb_put(&b, f->tf_subtypes.data[i].type->name);
        }
        sb_put(&b, ">");
    }
    sb_put(&b, "(");
    for (int i = 0; i < f->params.count; i++) {
        const as_param *p = &f->params.data[i];
        if (i) sb_put(&b, ", ");
        dtype_format_ex(&p->type, tmp, sizeof tmp, include_ns, stub);
        sb_put(&b, tmp);
        if (p->inout == INOUT_IN) sb_put(&b, "&in");
        else if (p->inout == INOUT_OUT) sb_put(&b, "&out");
        else if (p->inout == INOUT_INOUT) sb_put(&b, "&inout");
        if ((f->attrs & FA_VARIADIC) && i == f->params.count - 1) sb_put(&b, "...");
        if (names && p->name) {
            sb_put(&b, " ");
            sb_put(&b, p->name);
        }
        if (p->defarg_text) {
            sb_put(&b, " = ");
            sb_put(&b, p->defarg_text);
        }
    }
    if ((f->attrs & FA_VARIADIC) && !f->params.count) sb_put(&b, "...");
    sb_put(&b, ")");
    if (f->attrs & FA_CONST) sb_put(&b, " const");
    if (stub && (f->attrs & FA_PROPERTY)) sb_put(&b, " property");
}

void function_format_decl(const as_function *f, char *buf, size_t n, bool include_obj, bool include_ns, bool names)
{
    format_decl(f, buf, n, include_obj, include_ns, names, false);
}

/* ---- reference counting of function handles ---- */

void function_copy_binding(as_function *f, const as_function *src)
{
    f->callconv = src->callconv;
    f->fnptr = src->fnptr;
    f->aux = src->aux;
    f->behaviour = src->behaviour;
    f->doc = src->doc;
    f->deprecated = src->deprecated ? mem_strdup(src->deprecated) : NULL;
    f->no_discard = src->no_discard;
}

void function_addref(as_function *f) { f->refcount++; }

void function_release(as_function *f)
{
    if (f->refcount == 2 && f->remains) f->engine->reclaim_wanted = true;
    if (--f->refcount == 0 && f->kind == FN_DELEGATE) {
        /* a delegate owns its object */
        extern void vm_release_object(as_engine *, void *, as_type *);
        if (f->delegate_obj) vm_release_object(f->engine, f->delegate_obj, f->delegate_method->objtype);
        engine_free_function(f->engine, f);
    }
}

/* ---- public API ---- */

int as_function_addref(as_function *f)
{
    if (!f) return AS_INVALID_ARG;
    function_addref(f);
    return f->refcount;
}

int as_function_release(as_function *f)
{
    if (!f) return AS_INVALID_ARG;
    if (f->refcount <= 0) return 0;
    int left = f->refcount - 1;
    function_release(f);   /* a delegate is freed with its last reference */
    return left;
}

int as_function_id(const as_function *f) { return f ? f->id : AS_INVALID_ARG; }
const char *as_function_name(const as_function *f) { return f ? f->name : NULL; }
const char *as_function_namespace(const as_function *f) { return f && f->ns ? f->ns->name : NULL; }
void *as_function_auxiliary(const as_function *f) { return f ? f->aux : NULL; }
int as_function_param_count(const as_function *f) { return f ? f->params.count : AS_INVALID_ARG; }

const char *as_function_declaration(as_function *f, bool include_object, bool include_namespace, bool include_param_names)
{
    if (!f) return NULL;
    function_format_decl(f, f->engine->declbuf, sizeof f->engine->declbuf, include_object, include_namespace, include_param_names);
    return f->engine->declbuf;
}

const char *as_function_stub_declaration(as_function *f, bool include_namespace)
{
    if (!f) return NULL;
    format_decl(f, f->engine->declbuf, sizeof f->engine->declbuf, false, include_namespace, true, true);
    return f->engine->declbuf;
}

int as_function_param(const as_function *f, int i, int *type_id, uint32_t *flags, const char **name)
{
    if (!f || i < 0 || i >= f->params.count) return AS_INVALID_ARG;
    const as_param *p = &f->params.data[i];
    if (type_id) *type_id = dtype_type_id(&p->type);
    if (flags) {
        uint32_t fl = p->inout == INOUT_IN ? AS_TM_INREF : p->inout == INOUT_OUT ? AS_TM_OUTREF
                    : p->inout == INOUT_INOUT ? AS_TM_INOUTREF : AS_TM_NONE;
        if (p->type.flags & DT_CONST) fl |= AS_TM_CONST;
        *flags = fl;
    }
    if (name) *name = p->name;
    return AS_SUCCESS;
}

int as_function_return_type_id(const as_function *f, uint32_t *flags)
{
    if (!f) return AS_INVALID_ARG;
    if (flags) *flags = ((f->ret.flags & DT_REF) ? AS_TM_INOUTREF : 0) | ((f->ret.flags & DT_CONST) ? AS_TM_CONST : 0);
    as_dtype d = f->ret;
    return dtype_type_id(&d);
}

int as_function_declared_at(const as_function *f, const char **section, int *row, int *col)
{
    if (!f) return AS_INVALID_ARG;
    const char *sec = NULL;
    if (f->module && f->section >= 0 && f->section < f->module->sections.count) sec = f->module->sections.data[f->section].name;
    /* registered functions have no place in a script */
    bool scripted = f->module != NULL;
    if (section) *section = sec;
    if (row) *row = scripted ? f->line : 0;
    if (col) *col = scripted ? f->col : 0;
    return AS_SUCCESS;
}

as_function *function_new_delegate(as_engine *e, void *obj, as_function *method)
{
    extern void vm_addref_object(as_engine *, void *, as_type *);
    /* delegates come and go with the script: they are not entered in the engine's function table */
    as_function *d = mem_calloc(1, sizeof *d);
    if (!d) return NULL;
    d->kind = FN_DELEGATE;
    d->name = method->name;
    d->ns = method->ns;
    d->engine = e;
    d->id = -1;
    d->vtable_index = -1;
    d->behaviour = -1;
    d->refcount = 1;
    d->delegate_obj = obj;
    d->delegate_method = method;
    d->objtype = NULL;
    d->ret = method->ret;
    vm_addref_object(e, obj, method->objtype);
    return d;
}

as_function *as_engine_create_delegate(as_engine *e, as_function *func, void *obj)
{
    /* a method of a reference type: value objects can't be held by reference */
    if (!e || !func || !obj || !func->objtype || (func->attrs & FA_FACTORY) || !type_is_ref_type(func->objtype)) return NULL;
    if (func->kind != FN_SCRIPT && func->kind != FN_SYSTEM && func->kind != FN_INTERFACE) return NULL;
    return function_new_delegate(e, obj, func);
}
