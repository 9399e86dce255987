/* Hot reload, full: one value carried from an old declaration to the new one of the same name
 * (a global, an object's member): kept when the type is the same, converted between numbers,
 * handles to objects of the module's classes kept (the objects are migrated in place,
 * reload_objects.c), function handles re-bound (reload_funcs.c), arrays of the module's types
 * re-typed. */
#include "reload.h"
#include "object.h"
#include "../vm/vm.h"
#include <string.h>

bool reload_type_of_module(const as_type *t, const as_module *m, int depth)
{
    if (!t || depth > 16) return false;
    if (t->module == m) return true;
    for (int i = 0; i < t->subtypes.count; i++)
        if (reload_type_of_module(t->subtypes.data[i].type, m, depth + 1)) return true;
    if (t->signature) {
        if (reload_type_of_module(t->signature->ret.type, m, depth + 1)) return true;
        for (int i = 0; i < t->signature->params.count; i++)
            if (reload_type_of_module(t->signature->params.data[i].type.type, m, depth + 1)) return true;
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

/* Bits of an integer primitive (0: not one), and whether it is signed. */
static int int_bits(const as_type *t, bool *is_signed)
{
    *is_signed = false;
    if (t->kind == TYPE_ENUM) {
        *is_signed = true;
        return 32;
    }
    if (t->kind != TYPE_PRIMITIVE) return 0;
    switch (t->prim) {
    case AS_TYPEID_BOOL: return 1;
    case AS_TYPEID_INT8: *is_signed = true; return 8;
    case AS_TYPEID_INT16: *is_signed = true; return 16;
    case AS_TYPEID_INT32: *is_signed = true; return 32;
    case AS_TYPEID_INT64: *is_signed = true; return 64;
    case AS_TYPEID_UINT8: return 8;
    case AS_TYPEID_UINT16: return 16;
    case AS_TYPEID_UINT32: return 32;
    case AS_TYPEID_UINT64: return 64;
    default: return 0;
    }
}

bool reload_conversion_lossy(const as_dtype *from, const as_dtype *to)
{
    bool fs, ts;
    int fb = int_bits(from->type, &fs), tb = int_bits(to->type, &ts);
    bool ffloat = from->type->kind == TYPE_PRIMITIVE && (from->type->prim == AS_TYPEID_FLOAT || from->type->prim == AS_TYPEID_DOUBLE);
    bool tfloat = to->type->kind == TYPE_PRIMITIVE && (to->type->prim == AS_TYPEID_FLOAT || to->type->prim == AS_TYPEID_DOUBLE);
    int tmant = tfloat ? (to->type->prim == AS_TYPEID_FLOAT ? 24 : 53) : 0;
    if (fb && tb) return fb == 1 ? false : tb == 1 || (fs == ts ? tb < fb : (ts ? tb <= fb : true));
    if (fb && tfloat) return fb > tmant;
    if (ffloat && tfloat) return from->type->prim == AS_TYPEID_DOUBLE && to->type->prim == AS_TYPEID_FLOAT;
    return true;   /* a float to an integer: the fraction goes */
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

bool reload_in_pointer_slot(const as_dtype *t)
{
    return (t->flags & DT_HANDLE) || t->type->kind == TYPE_FUNCDEF || (t->type->kind == TYPE_OBJECT && !(t->type->flags & AS_OBJ_VALUE));
}

/* The reference at op goes to np: moved (the old slot gives its reference up) or shared. */
static void carry_pointer(as_engine *e, void *op, void *np, void *obj, as_type *t, bool move, bool is_function)
{
    void *prev = *(void **)np;
    if (move && obj == *(void **)op) {
        *(void **)op = NULL;
    } else if (obj) {
        if (is_function) as_function_addref(obj);
        else vm_addref_object(e, obj, t);
    }
    *(void **)np = obj;
    if (prev) {
        if (is_function) as_function_release(prev);
        else vm_release_object(e, prev, t);
    }
}

int reload_carry(migration *mg, const as_dtype *ot, void *op, const as_dtype *nt, void *np, bool move)
{
    as_engine *e = mg->e;
    /* function handles: to the function of the same declaration in the new code */
    if (ot->type->kind == TYPE_FUNCDEF && nt->type->kind == TYPE_FUNCDEF) {
        as_function *f = *(as_function **)op;
        if (!f) return 1;
        as_function *to = reload_function_rebound(mg, f);
        if (!to || !reload_function_fits(to, nt->type)) return 0;
        carry_pointer(e, op, np, to, nt->type, move && to == f, true);
        return 1;
    }
    if (reload_type_of_module(ot->type, mg->oldm, 0)) {
        /* enums of the module: the value, when both are enums of the same name */
        if (ot->type->kind == TYPE_ENUM && nt->type->kind == TYPE_ENUM && ot->type->name == nt->type->name) {
            *(int32_t *)np = *(int32_t *)op;
            return 1;
        }
        if (!reload_in_pointer_slot(ot) || !reload_in_pointer_slot(nt)) return 0;
        void *obj = *(void **)op;
        /* objects of the module's classes: migrated in place, the handle stays */
        if (type_is_script_object(ot->type) && type_is_script_object(nt->type)) {
            as_type *final = obj ? reload_final_type(mg, obj) : NULL;
            if (obj && (!final || !object_is_a(final, nt->type))) return 0;
            carry_pointer(e, op, np, obj, nt->type, move, false);
            return 1;
        }
        /* containers of them (array<T@>): the same container, re-typed */
        if (obj && !reload_container_retype(mg, obj, ot->type, nt->type)) return 0;
        carry_pointer(e, op, np, obj, nt->type, move, false);
        return 1;
    }
    if (ot->type == nt->type && !((ot->flags ^ nt->flags) & DT_HANDLE)) {
        as_type *t = ot->type;
        if (t->kind == TYPE_PRIMITIVE || t->kind == TYPE_ENUM) {
            memcpy(np, op, (size_t)(t->size > 0 ? t->size : 8));
            return 1;
        }
        if (reload_in_pointer_slot(ot)) {
            if (move || (t->flags & AS_OBJ_SCOPED)) swap_bytes(np, op, sizeof(void *));   /* the only reference moves */
            else carry_pointer(e, op, np, *(void **)op, t, false, false);
            return 1;
        }
        /* a value in place: copied by its type's assignment */
        return as_engine_assign_object(e, np, op, as_type_id(t)) >= 0 ? 1 : 0;
    }
    double d = 0;
    int64_t i = 0;
    bool is_float = false;
    /* write_number writes nothing when it fails */
    if (read_number(ot, op, &d, &i, &is_float) && write_number(nt, np, d, i, is_float)) return 2;
    return 0;
}
