/* Hot reload, full (declarations changed): the scratch module's contents are swapped in and the
 * globals carried over by name; objects of the module's classes the globals reach are re-created
 * in the new classes. The old contents are discarded as a module (their code stays while
 * objects or frames use it, runtime/reclaim.c). */
#include "reload.h"
#include "util/mem.h"
#include "../vm/vm.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "object.h"

void *object_script_create(as_engine *e, as_type *t);   /* scriptobj.c */
int module_run_global_inits(as_module *m, as_context *ctx);

/* ---------------------------------------------------------------- full reload */

static bool type_of_module(const as_type *t, const as_module *m, int depth)
{
    if (!t || depth > 16) return false;
    if (t->module == m) return true;
    for (int i = 0; i < t->subtypes.count; i++)
        if (type_of_module(t->subtypes.data[i].type, m, depth + 1)) return true;
    if (t->signature) {
        if (type_of_module(t->signature->ret.type, m, depth + 1)) return true;
        for (int i = 0; i < t->signature->params.count; i++)
            if (type_of_module(t->signature->params.data[i].type.type, m, depth + 1)) return true;
    }
    return false;
}

static bool read_number(const as_dtype *t, const void *p, double *d, int64_t *i, bool *is_float)
{
    *is_float = false;
    if (t->flags & DT_HANDLE) return false;
    if (t->type->kind == TYPE_ENUM) {
        *i = *(const int32_t *)p;
        *d = (double)*i;
        return true;
    }
    if (t->type->kind != TYPE_PRIMITIVE) return false;
    switch (t->type->prim) {
    case AS_TYPEID_BOOL: *i = *(const uint8_t *)p != 0; break;
    case AS_TYPEID_INT8: *i = *(const int8_t *)p; break;
    case AS_TYPEID_INT16: *i = *(const int16_t *)p; break;
    case AS_TYPEID_INT32: *i = *(const int32_t *)p; break;
    case AS_TYPEID_INT64: *i = *(const int64_t *)p; break;
    case AS_TYPEID_UINT8: *i = *(const uint8_t *)p; break;
    case AS_TYPEID_UINT16: *i = *(const uint16_t *)p; break;
    case AS_TYPEID_UINT32: *i = *(const uint32_t *)p; break;
    case AS_TYPEID_UINT64: *i = (int64_t)*(const uint64_t *)p; break;
    case AS_TYPEID_FLOAT: *d = *(const float *)p; *is_float = true; return true;
    case AS_TYPEID_DOUBLE: *d = *(const double *)p; *is_float = true; return true;
    default: return false;
    }
    *d = (double)*i;
    return true;
}

static bool write_number(const as_dtype *t, void *p, double d, int64_t i, bool is_float)
{
    if (t->flags & DT_HANDLE) return false;
    if (t->type->kind != TYPE_PRIMITIVE) return false;
    if (is_float && t->type->prim != AS_TYPEID_FLOAT && t->type->prim != AS_TYPEID_DOUBLE &&
        t->type->prim != AS_TYPEID_BOOL) {
        if (d != d || d > 9.2e18 || d < -9.2e18) return false;   /* no integer holds it */
        i = (int64_t)d;
    }
    switch (t->type->prim) {
    case AS_TYPEID_BOOL: *(uint8_t *)p = is_float ? d != 0 : i != 0; break;
    case AS_TYPEID_INT8: case AS_TYPEID_UINT8: *(uint8_t *)p = (uint8_t)i; break;
    case AS_TYPEID_INT16: case AS_TYPEID_UINT16: *(uint16_t *)p = (uint16_t)i; break;
    case AS_TYPEID_INT32: case AS_TYPEID_UINT32: *(uint32_t *)p = (uint32_t)i; break;
    case AS_TYPEID_INT64: case AS_TYPEID_UINT64: *(uint64_t *)p = (uint64_t)i; break;
    case AS_TYPEID_FLOAT: *(float *)p = is_float ? (float)d : (float)i; break;
    case AS_TYPEID_DOUBLE: *(double *)p = is_float ? d : (double)i; break;
    default: return false;
    }
    return true;
}

static void swap_bytes(void *a, void *b, size_t n)
{
    unsigned char *x = a, *y = b;
    for (size_t i = 0; i < n; i++) {
        unsigned char t = x[i];
        x[i] = y[i];
        y[i] = t;
    }
}

/* Objects of the old classes re-created in the new ones while globals are carried over: each
 * old object once (handles to it share the new one, cycles included). */
typedef struct migrated {
    void *old_obj, *new_obj;
    as_type *new_type;
} migrated;
typedef struct migration {
    as_engine *e;
    as_module *oldm, *newm;
    VEC(migrated) done;
} migration;

static int carry_value(migration *mg, const as_dtype *ot, void *op, const as_dtype *nt, void *np, bool move);

static as_type *new_class_of(migration *mg, const as_type *ot)
{
    for (int i = 0; i < mg->newm->types.count; i++) {
        as_type *t = mg->newm->types.data[i];
        if (t->name == ot->name && t->ns == ot->ns && type_is_script_object(t) && !(t->flags & AS_OBJ_INTERFACE)) return t;
    }
    return NULL;
}

static const as_property *find_member(const as_type *t, const char *name)
{
    for (; t; t = t->base)
        for (int i = 0; i < t->props.count; i++)
            if (t->props.data[i].name == name) return &t->props.data[i];
    return NULL;
}

/* A reference to the new object made for old object obj (of a class of the old module), or NULL:
 * made by the new class's default constructor (so members new to it are initialised by their
 * declarations), then every member of the same name carried over as a global is. */
static void *migrate_object(migration *mg, void *obj, as_type **new_type)
{
    as_object *o = obj;
    for (int i = 0; i < mg->done.count; i++) {
        if (mg->done.data[i].old_obj != obj) continue;
        *new_type = mg->done.data[i].new_type;
        vm_addref_object(mg->e, mg->done.data[i].new_obj, *new_type);
        return mg->done.data[i].new_obj;
    }
    as_type *ot = o->type, *nt = new_class_of(mg, ot);
    void *n = nt ? object_script_create(mg->e, nt) : NULL;
    if (!n) return NULL;
    migrated rec = {obj, n, nt};
    VEC_PUSH(mg->done, rec);
    for (as_type *c = nt; c; c = c->base) {
        for (int i = 0; i < c->props.count; i++) {
            const as_property *np = &c->props.data[i];
            const as_property *op = find_member(ot, np->name);
            if (op) carry_value(mg, &op->type, (char *)obj + op->offset, &np->type, (char *)n + np->offset, false);
        }
    }
    *new_type = nt;
    return n;
}

/* Whether a value of type t lives behind a pointer in its slot (handles, reference objects). */
static bool in_pointer_slot(const as_dtype *t)
{
    return (t->flags & DT_HANDLE) || t->type->kind == TYPE_FUNCDEF || (t->type->kind == TYPE_OBJECT && !(t->type->flags & AS_OBJ_VALUE));
}

/* Carries the value at op (type ot, of the old module) to np (type nt, the new module's).
 * move: the old slot may give its reference up (a global going with the old contents), else the
 * new one takes a reference of its own. 1 kept, 2 converted, 0 left as it was. */
static int carry_value(migration *mg, const as_dtype *ot, void *op, const as_dtype *nt, void *np, bool move)
{
    as_engine *e = mg->e;
    if (type_of_module(ot->type, mg->oldm, 0)) {
        /* enums of the module: the value, when both are enums of the same name */
        if (ot->type->kind == TYPE_ENUM && nt->type->kind == TYPE_ENUM && ot->type->name == nt->type->name) {
            *(int32_t *)np = *(int32_t *)op;
            return 1;
        }
        /* objects of the module's classes: re-created in the new class of the same name */
        if (type_is_script_object(ot->type) && type_is_script_object(nt->type) && ot->type->name == nt->type->name &&
            in_pointer_slot(ot) && in_pointer_slot(nt)) {
            void *old_obj = *(void **)op, *prev = *(void **)np;
            as_type *made_type = NULL;
            void *made = old_obj ? migrate_object(mg, old_obj, &made_type) : NULL;
            if (old_obj && !made) return 0;
            if (made && !object_is_a(made_type, nt->type)) {
                vm_release_object(e, made, made_type);
                return 0;
            }
            *(void **)np = made;
            if (prev) vm_release_object(e, prev, nt->type);
            return 1;
        }
        return 0;
    }
    if (ot->type == nt->type && !((ot->flags ^ nt->flags) & DT_HANDLE)) {
        as_type *t = ot->type;
        if (t->kind == TYPE_PRIMITIVE || t->kind == TYPE_ENUM) {
            memcpy(np, op, (size_t)(t->size > 0 ? t->size : 8));
            return 1;
        }
        if (in_pointer_slot(ot)) {
            if (move || (t->flags & AS_OBJ_SCOPED)) {
                swap_bytes(np, op, sizeof(void *));   /* the only reference moves */
            } else {
                void *obj = *(void **)op, *prev = *(void **)np;
                if (obj) vm_addref_object(e, obj, t);
                *(void **)np = obj;
                if (prev) vm_release_object(e, prev, t);
            }
            return 1;
        }
        /* a value in place: copied by its type's assignment */
        return as_engine_assign_object(e, np, op, as_type_id(t)) >= 0 ? 1 : 0;
    }
    double d = 0;
    int64_t i = 0;
    bool is_float = false;
    if (read_number(ot, op, &d, &i, &is_float)) {
        char tmp[8];
        memcpy(tmp, np, sizeof tmp);
        if (write_number(nt, np, d, i, is_float)) return 2;
        memcpy(np, tmp, sizeof tmp);
    }
    return 0;
}

static bool context_uses_module(const as_context *c, const as_module *m)
{
    if (c->prepared && c->prepared->module == m && c->state != AS_EXECUTION_FINISHED &&
        c->state != AS_EXECUTION_UNINITIALIZED)
        return true;
    for (uint32_t i = 0; i < c->ncalls; i++)
        if (c->calls[i].fn && c->calls[i].fn->module == m) return true;
    return false;
}

/* m gets s's contents and s m's; what points at either module follows its contents. */
static void swap_contents(as_module *m, as_module *s)
{
    as_module tmp = *m;
    as_engine *e = m->engine;
    const char *mname = m->name, *sname = s->name;
    VEC(as_userdata) mud, sud;
    memcpy(&mud, &m->user_data, sizeof mud);
    memcpy(&sud, &s->user_data, sizeof sud);
    uint32_t mmask = m->access_mask, smask = s->access_mask;
    as_namespace *mns = m->default_ns, *sns = s->default_ns;
    *m = *s;
    *s = tmp;
    m->name = mname;
    s->name = sname;
    memcpy(&m->user_data, &mud, sizeof mud);
    memcpy(&s->user_data, &sud, sizeof sud);
    m->access_mask = mmask;
    s->access_mask = smask;
    m->default_ns = mns;
    s->default_ns = sns;
    for (int i = 0; i < e->funcs.count; i++) {
        as_function *f = e->funcs.data[i];
        if (!f) continue;
        if (f->module == m) f->module = s;
        else if (f->module == s) f->module = m;
    }
    for (int i = 0; i < e->types.count; i++) {
        as_type *t = e->types.data[i];
        if (!t) continue;
        if (t->module == m) t->module = s;
        else if (t->module == s) t->module = m;
    }
    as_module *both[2] = {m, s};
    for (int k = 0; k < 2; k++) {
        as_module *x = both[k];
        for (int i = 0; i < x->globals.count; i++) x->globals.data[i]->module = x;
        for (int i = 0; i < x->removed_globals.count; i++) x->removed_globals.data[i]->module = x;
        for (int i = 0; i < x->retired.count; i++) x->retired.data[i]->module = x;
    }
}

int reload_full(as_module *m, as_module *s, decls *od, decls *nd, uint32_t flags, as_reload_report *r)
{
    as_engine *e = m->engine;
    r->functions_added = reload_missing_in(&nd->funcs, &od->funcs);
    r->functions_removed = reload_missing_in(&od->funcs, &nd->funcs);
    r->classes_changed = reload_types_changed(&od->types, &nd->types);
    if (flags & AS_RELOAD_SOFT_ONLY) {
        reload_refuse(r, "refused: declarations changed (%d added, %d removed functions, %d types) and only a soft reload is allowed",
               r->functions_added, r->functions_removed, r->classes_changed);
        return AS_NOT_SUPPORTED;
    }
    int using = 0;
    for (as_context *c = e->contexts; c; c = c->live_next)
        if (context_uses_module(c, m)) using++;
    if (using && !(flags & AS_RELOAD_STOP_CONTEXTS)) {
        reload_refuse(r, "refused: declarations changed while %d context%s run%s the module's code (a full reload needs it idle)",
               using, using == 1 ? "" : "s", using == 1 ? "s" : "");
        return AS_MODULE_IS_IN_USE;
    }
    uint32_t live = 0;
    for (int i = 0; i < m->types.count; i++)
        if (type_is_script_object(m->types.data[i])) live += m->types.data[i]->live;
    if (live && !(flags & AS_RELOAD_ORPHAN_OBJECTS)) {
        reload_refuse(r, "refused: declarations changed while %u object%s of the module's classes live (only those the globals reach are re-created)",
               live, live == 1 ? "" : "s");
        return AS_MODULE_IS_IN_USE;
    }
    /* script and host code from here on: never jumped over (allocations that fail give NULL) */
    mem_guard *held = mem_guard_suspend();
    /* the new globals' initialisers run before anything of m changes: one that fails refuses */
    int rc = module_run_global_inits(s, NULL);
    if (rc < 0) {
        mem_guard_resume(held);
        reload_refuse(r, "refused: a global variable's initialiser of the new code failed");
        return rc;
    }
    if (using) {
        contexts_forget_module(e, m);
        r->contexts_stopped = using;
    }
    /* globals by name */
    migration mg = {e, m, s, {0}};
    for (int i = 0; i < s->globals.count; i++) {
        as_global *ng = s->globals.data[i];
        char name[600];
        reload_global_name(ng, name, sizeof name);
        keyed *k = reload_key_find(&od->global_names, name);
        if (!k) {
            r->globals_added++;
            continue;
        }
        as_global *og = k->ptr;
        char tn[256];
        dtype_format(&og->type, tn, sizeof tn, true);
        switch (carry_value(&mg, &og->type, og->addr, &ng->type, ng->addr, true)) {
        case 1: r->globals_kept++; break;
        case 2:
            r->globals_converted++;
            reload_message(e, m->name, "reload: global '%s' converted from %s", ng->name, tn);
            break;
        default:
            r->globals_reinitialised++;
            reload_message(e, m->name, "reload: global '%s' (%s) initialised again by its declaration", ng->name, tn);
            break;
        }
    }
    r->objects_migrated = mg.done.count;
    r->objects_orphaned = live > (uint32_t)mg.done.count ? (int)(live - (uint32_t)mg.done.count) : 0;
    VEC_FREE(mg.done);
    r->globals_removed = reload_missing_in(&od->global_names, &nd->global_names);
    swap_contents(m, s);
    mem_guard_resume(held);
    r->kind = AS_RELOAD_FULL;
    /* the summary names what happened, nothing that is 0 */
    char *sum = r->summary;
    size_t room = sizeof r->summary;
    snprintf(sum, room, "full:");
    const struct { int n; const char *one, *many; } parts[] = {
        {r->classes_changed, "type changed", "types changed"},
        {r->functions_added, "function added", "functions added"},
        {r->functions_removed, "function removed", "functions removed"},
        {r->globals_kept, "global kept", "globals kept"},
        {r->globals_converted, "global converted", "globals converted"},
        {r->globals_reinitialised, "global reinitialised", "globals reinitialised"},
        {r->globals_added, "global new", "globals new"},
        {r->globals_removed, "global removed", "globals removed"},
        {r->objects_migrated, "object migrated", "objects migrated"},
        {r->objects_orphaned, "object left in its old class", "objects left in their old class"},
    };
    bool first = true;
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        if (!parts[i].n) continue;
        reload_cat(sum, room, "%s %d %s", first ? "" : ",", parts[i].n, parts[i].n == 1 ? parts[i].one : parts[i].many);
        first = false;
    }
    if (first) reload_cat(sum, room, " the declarations changed");
    return AS_SUCCESS;
}

