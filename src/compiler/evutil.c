/* Data type predicates and the basic moves of expression values: loading into slots, taking
 * addresses, storing, releasing what a value owns. */
#include "ev.h"
#include <stdio.h>
#include <string.h>

/* ---- data type predicates ---- */

static int prim_of(const as_dtype *d)
{
    if (!d->type) return -1;
    if (d->flags & DT_HANDLE) return -1;
    if (d->type->kind == TYPE_PRIMITIVE) return d->type->prim;
    if (d->type->kind == TYPE_ENUM) return AS_TYPEID_INT32;
    return -1;
}

int dt_prim_id(const as_dtype *d) { return prim_of(d); }
bool dt_is_void(const as_dtype *d) { return prim_of(d) == AS_TYPEID_VOID && d->type->kind == TYPE_PRIMITIVE; }
bool dt_is_bool(const as_dtype *d) { return prim_of(d) == AS_TYPEID_BOOL; }
bool dt_is_primitive(const as_dtype *d) { int p = prim_of(d); return p > AS_TYPEID_VOID; }
bool dt_is_integer(const as_dtype *d) { int p = prim_of(d); return p >= AS_TYPEID_INT8 && p <= AS_TYPEID_UINT64; }
bool dt_is_signed(const as_dtype *d) { int p = prim_of(d); return p >= AS_TYPEID_INT8 && p <= AS_TYPEID_INT64; }
bool dt_is_unsigned(const as_dtype *d) { int p = prim_of(d); return p >= AS_TYPEID_UINT8 && p <= AS_TYPEID_UINT64; }
bool dt_is_float(const as_dtype *d) { return prim_of(d) == AS_TYPEID_FLOAT; }
bool dt_is_double(const as_dtype *d) { return prim_of(d) == AS_TYPEID_DOUBLE; }
bool dt_is_real(const as_dtype *d) { int p = prim_of(d); return p == AS_TYPEID_FLOAT || p == AS_TYPEID_DOUBLE; }
bool dt_is_handle(const as_dtype *d) { return d->type && ((d->flags & DT_HANDLE) || d->type->kind == TYPE_FUNCDEF); }
bool dt_is_object(const as_dtype *d) { return d->type && (d->type->kind == TYPE_OBJECT || d->type->kind == TYPE_FUNCDEF); }
bool dt_is_value_obj(const as_dtype *d)
{
    return d->type && d->type->kind == TYPE_OBJECT && (d->type->flags & AS_OBJ_VALUE) && !(d->flags & DT_HANDLE);
}
bool dt_is_ref_obj(const as_dtype *d)
{
    return d->type && ((d->type->kind == TYPE_OBJECT && !(d->type->flags & AS_OBJ_VALUE)) || d->type->kind == TYPE_FUNCDEF);
}
bool dt_is_pointer(const as_dtype *d) { return dt_is_handle(d) || dt_is_ref_obj(d) || (d->type && d->type->kind == TYPE_NULL); }

int dt_size(const as_dtype *d)
{
    if (dt_is_pointer(d)) return 8;
    int p = prim_of(d);
    if (p >= 0) return d->type->kind == TYPE_ENUM ? 4 : d->type->size;
    return d->type ? d->type->size : 0;
}

bool dt_is_64(const as_dtype *d)
{
    int p = prim_of(d);
    return p == AS_TYPEID_INT64 || p == AS_TYPEID_UINT64 || p == AS_TYPEID_DOUBLE || dt_is_pointer(d);
}

bool dt_same_type(const as_dtype *a, const as_dtype *b)
{
    return a->type == b->type && ((a->flags ^ b->flags) & DT_HANDLE) == 0;
}

bool dt_equal(const as_dtype *a, const as_dtype *b)
{
    return a->type == b->type && ((a->flags ^ b->flags) & (DT_HANDLE | DT_CONST | DT_HANDLE_CONST)) == 0;
}

as_dtype dt_prim(fc *f, int type_id)
{
    as_dtype d = {&f->c->engine->prim[type_id], 0};
    return d;
}

as_dtype dt_of(as_type *t, uint8_t flags)
{
    as_dtype d = {t, flags};
    return d;
}

/* ---- ev basics ---- */

void ev_init(ev *e, ev_kind kind)
{
    memset(e, 0, sizeof *e);
    e->kind = (uint8_t)kind;
    e->objvar = -1;
}

void ev_error(ev *e)
{
    ev_init(e, EV_ERROR);
}

void ev_const(fc *f, ev *e, int type_id, as_slot v)
{
    ev_init(e, EV_CONST);
    e->type = dt_prim(f, type_id);
    e->k = v;
}

void ev_free(fc *f, ev *e)
{
    /* the kept temporaries form a chain as long as a chain of calls (`a.f().f()...`): a loop */
    while (e) {
        if (e->objvar >= 0) {
            as_objvar *ov = &f->objvars.data[e->objvar];
            if (ov->end == UINT32_MAX) {
                if (!f->unreachable) {
                    if (ov->kind == OV_HANDLE) emit(f, BC_FREE, ov->slot, k_type(f, ov->type), 0);
                    else emit(f, BC_DESTROY, ov->slot, k_type(f, ov->type), 0);
                }
                objvar_end(f, e->objvar);
            }
            e->objvar = -1;
        }
        if (e->temp) {
            slot_free(f, e->slot, e->ntemp ? e->ntemp : 1);
            e->temp = false;
        }
        if (e->has_aux) {
            slot_free(f, e->aux, 1);
            e->has_aux = false;
        }
        if (e->kind == EV_PROP && e->obj) {
            ev_free(f, e->obj);
            e->obj = NULL;
        }
        ev *k = e->keep;
        e->keep = NULL;
        e = k;
    }
}

ev ev_view(const ev *e)
{
    ev v = *e;
    v.temp = false;
    v.objvar = -1;
    v.has_aux = false;
    v.keep = NULL;
    return v;
}

static int temp_slot(fc *f, ev *e, int target)
{
    if (target >= 0) return target;
    return slot_alloc(f, 1);
}

static as_opcode load_op(const as_dtype *d, bool global)
{
    int p = prim_of(d);
    if (dt_is_pointer(d)) return global ? BC_LDG64 : BC_LD64;
    switch (p) {
    case AS_TYPEID_BOOL: case AS_TYPEID_UINT8: return global ? BC_LDGU8 : BC_LDU8;
    case AS_TYPEID_INT8: return global ? BC_LDG8 : BC_LD8;
    case AS_TYPEID_INT16: return global ? BC_LDG16 : BC_LD16;
    case AS_TYPEID_UINT16: return global ? BC_LDGU16 : BC_LDU16;
    case AS_TYPEID_INT32: case AS_TYPEID_UINT32: case AS_TYPEID_FLOAT: return global ? BC_LDG32 : BC_LD32;
    default: return global ? BC_LDG64 : BC_LD64;
    }
}

static as_opcode store_op(const as_dtype *d, bool global)
{
    int size = dt_size(d);
    switch (size) {
    case 1: return global ? BC_STG8 : BC_ST8;
    case 2: return global ? BC_STG16 : BC_ST16;
    case 4: return global ? BC_STG32 : BC_ST32;
    default: return global ? BC_STG64 : BC_ST64;
    }
}

/* Becomes a plain slot value; `owned_slot` says whether the slot is a temp of this ev. */
static void become_slot(ev *e, int slot, bool temp)
{
    e->kind = EV_SLOT;
    e->slot = (uint16_t)slot;
    e->offset = 0;
    e->temp = temp;
    e->ntemp = temp ? 1 : 0;
    e->lvalue = false;
}

void ev_resolve_prop(fc *f, ev *e, const ast_node *at);

int ev_to_slot(fc *f, ev *e, int target)
{
    switch (e->kind) {
    case EV_CONST: {
        int dst = temp_slot(f, e, target);
        emit_load_const(f, dst, e->k, dt_is_64(&e->type));
        become_slot(e, dst, target < 0);
        return dst;
    }
    case EV_NULL: {
        int dst = temp_slot(f, e, target);
        emit_sbx(f, BC_LI, dst, 0);
        become_slot(e, dst, target < 0);
        return dst;
    }
    case EV_STRING: {
        int dst = temp_slot(f, e, target);
        emit(f, BC_LK, dst, k_string(f, e->k.p), 0);
        become_slot(e, dst, target < 0);
        return dst;
    }
    case EV_SLOT:
        if (target >= 0 && target != e->slot) emit(f, BC_MOV, target, e->slot, 0);
        return target >= 0 ? target : e->slot;
    case EV_MEM: {
        bool handle = dt_is_pointer(&e->type);
        if (e->objvar >= 0 && handle) {
            /* the base object is a temporary: the loaded handle must hold its own reference */
            int dst = slot_alloc(f, 1);
            emit(f, BC_LD64, dst, e->slot, e->offset);
            emit(f, BC_ADDREF, dst, k_type(f, e->type.type), 0);
            ev base = *e;
            int ov = objvar_begin(f, dst, OV_HANDLE, e->type.type);
            ev_free(f, &base);
            e->keep = NULL;
            e->kind = EV_SLOT;
            e->slot = (uint16_t)dst;
            e->temp = true;
            e->ntemp = 1;
            e->objvar = ov;
            e->lvalue = false;
            if (target >= 0) emit(f, BC_MOV, target, dst, 0);
            return target >= 0 ? target : dst;
        }
        int dst;
        if (target >= 0) dst = target;
        else if (e->temp && e->objvar < 0 && e->ntemp <= 1) dst = e->slot;
        else dst = slot_alloc(f, 1);
        emit(f, load_op(&e->type, false), dst, e->slot, e->offset);
        if (dst != e->slot || !e->temp) {
            ev base = *e;
            ev_free(f, &base);
        } else if (e->keep) {
            /* the value is loaded: the object it was read from may go */
            ev *k = e->keep;
            ev_free(f, k);
        }
        e->keep = NULL;
        bool keep_temp = target < 0;
        e->objvar = -1;
        become_slot(e, dst, keep_temp);
        return dst;
    }
    case EV_GLOBAL: {
        int dst = temp_slot(f, e, target);
        if (e->g->has_value && e->g->is_const && !dt_is_pointer(&e->type)) {
            emit_load_const(f, dst, e->g->value, dt_is_64(&e->type));
        } else {
            emit(f, load_op(&e->type, true), dst, k_global(f, e->g), 0);
        }
        become_slot(e, dst, target < 0);
        return dst;
    }
    case EV_PROP:
        ev_resolve_prop(f, e, NULL);
        if (e->kind == EV_ERROR) return target >= 0 ? target : 0;
        return ev_to_slot(f, e, target);
    default: {
        int dst = temp_slot(f, e, target);
        become_slot(e, dst, target < 0);
        return dst;
    }
    }
}

/* An extra slot owned by e (freed with it), e.g. to hold an address. */
static int aux_slot(fc *f, ev *e)
{
    if (!e->has_aux) {
        e->aux = (uint16_t)slot_alloc(f, 1);
        e->has_aux = true;
    }
    return e->aux;
}

int ev_address(fc *f, ev *e, int target)
{
    if (dt_is_ref_obj(&e->type) || dt_is_handle(&e->type) || e->kind == EV_NULL) {
        if (e->kind == EV_STRING) {
            int dst = temp_slot(f, e, target);
            emit(f, BC_LK, dst, k_string(f, e->k.p), 0);
            if (target < 0) become_slot(e, dst, true);
            return dst;
        }
        return ev_to_slot(f, e, target);
    }
    switch (e->kind) {
    case EV_STRING: {
        int dst = temp_slot(f, e, target);
        emit(f, BC_LK, dst, k_string(f, e->k.p), 0);
        if (target < 0) {
            /* the constant lives in the factory: the ev is now its address, held as a pointer */
            e->kind = EV_MEM;
            e->slot = (uint16_t)dst;
            e->offset = 0;
            e->temp = true;
            e->ntemp = 1;
        }
        return dst;
    }
    case EV_SLOT: {
        int dst = target >= 0 ? target : aux_slot(f, e);
        emit(f, BC_ADDR, dst, e->slot, 0);
        return dst;
    }
    case EV_MEM: {
        if (e->offset == 0 && target < 0) return e->slot;
        int dst = target >= 0 ? target : aux_slot(f, e);
        if (e->offset == 0) emit(f, BC_MOV, dst, e->slot, 0);
        else emit(f, BC_PADD, dst, e->slot, e->offset);
        return dst;
    }
    case EV_GLOBAL: {
        int dst = target >= 0 ? target : aux_slot(f, e);
        emit(f, BC_LK, dst, k_global(f, e->g), 0);
        return dst;
    }
    default:
        return target >= 0 ? target : 0;
    }
}

void ev_own_handle(fc *f, ev *e)
{
    if (!dt_is_pointer(&e->type) || e->kind == EV_NULL) return;
    if (e->objvar >= 0) return;
    if (e->kind == EV_SLOT && (e->from_local || e->is_this)) return;
    if (e->kind != EV_MEM && e->kind != EV_GLOBAL && e->kind != EV_SLOT) return;
    int dst = slot_alloc(f, 1);
    ev_to_slot(f, e, dst);
    if (e->objvar >= 0) {
        /* loading already made an owned copy */
        return;
    }
    ev_free(f, e);
    emit(f, BC_ADDREF, dst, k_type(f, e->type.type), 0);
    e->kind = EV_SLOT;
    e->slot = (uint16_t)dst;
    e->temp = true;
    e->ntemp = 1;
    e->objvar = objvar_begin(f, dst, OV_HANDLE, e->type.type);
    e->lvalue = false;
}

void ev_store(fc *f, ev *lv, int src, const ast_node *at)
{
    (void)at;
    bool handle = dt_is_pointer(&lv->type);
    switch (lv->kind) {
    case EV_SLOT:
        if (handle && lv->slot < f->fn->nargslots) func_note_param_store(f, lv->slot);
        if (handle) emit(f, BC_HSET, lv->slot, src, k_type(f, lv->type.type));
        else if (src != lv->slot) emit(f, BC_MOV, lv->slot, src, 0);
        break;
    case EV_MEM:
        if (handle) {
            int a = slot_alloc(f, 1);
            emit(f, BC_PADD, a, lv->slot, lv->offset);
            emit(f, BC_HSETM, a, src, k_type(f, lv->type.type));
            slot_free(f, a, 1);
        } else {
            emit(f, store_op(&lv->type, false), src, lv->slot, lv->offset);
        }
        break;
    case EV_GLOBAL:
        if (handle) {
            int a = slot_alloc(f, 1);
            emit(f, BC_LK, a, k_global(f, lv->g), 0);
            emit(f, BC_HSETM, a, src, k_type(f, lv->type.type));
            slot_free(f, a, 1);
        } else {
            emit(f, store_op(&lv->type, true), src, k_global(f, lv->g), 0);
        }
        break;
    default:
        break;
    }
}

/* The type of a value as the reference shows it in messages: variables of reference types are
 * references ('C&', 'Base@&'). */
/* Whether e names a parameter the function gets by reference (&in, &out, &inout, or an object
 * of a value type passed by value). */
static bool names_ref_param(fc *f, const ev *e)
{
    const ast_node *n = e->src;
    if (!n || n->kind != AST_IDENT || e->kind != EV_MEM) return false;
    if (n->u.ident.global_scope || n->u.ident.scope.count || n->u.ident.scope_type) return false;
    local_var *v = scope_find(f, n->u.ident.name);
    return v && v->is_ref;
}

/* The reference's rule, as its messages show it (tests/scripts/language/errors/type_text/):
 * constants are `const T` (but not the folded result of an arithmetic operator or ?:), the
 * result of a comparison (== != < <= > >= is !is ^^) `const bool`; `this` is `C&`; a handle is
 * `C@&` (a cast's or a handle assignment's result `C@`); an object of a reference type is `C&`
 * when held in a variable, parameter or temporary, `C` as a member or global, `C@&` when made by
 * a constructor call with no or several arguments; an object of a value type is `T&` only as a
 * global or a reference parameter; a primitive is `T&` as a member, global, reference
 * parameter or element returned by reference, and after ++x / --x. */
const char *ev_type_text(fc *f, const ev *e)
{
    static _Thread_local char bufs[4][300];
    static _Thread_local int next;
    char *b = bufs[next++ & 3];
    if (e->kind == EV_NULL) return strcpy(b, "<null handle>");
    if (e->kind == EV_VOID) return strcpy(b, "void");
    const ast_node *n = e->src;
    int nk = n ? (int)n->kind : -1;
    int op = nk == AST_BINARY || nk == AST_ASSIGN ? n->u.binary.op : nk == AST_UNARY ? n->u.unary.op : OP_NONE;
    as_dtype d = e->type;
    d.flags &= (uint8_t)~DT_REF;
    bool amp = false;
    bool folded = e->kind == EV_CONST || e->kind == EV_STRING;
    if (nk == AST_BINARY && ((op >= OP_EQ && op <= OP_NOTIS) || op == OP_XOR)) {
        d.flags |= DT_CONST;
    } else if (folded) {
        if (nk != AST_TERNARY && (nk != AST_BINARY || op == OP_AND || op == OP_OR)) d.flags |= DT_CONST;
    } else if (e->is_this) {
        d.flags &= (uint8_t)~DT_HANDLE;
        amp = true;
    } else if (dt_is_handle(&d)) {
        amp = nk != AST_CAST && nk != AST_ASSIGN;
        if (e->readonly && !e->lvalue && e->kind == EV_MEM && !(d.flags & DT_CONST)) d.flags |= DT_HANDLE_CONST;
    } else if (dt_is_ref_obj(&d)) {
        if (e->made || nk == AST_TERNARY) {
            amp = true;
            if (e->made != 1) d.flags |= DT_HANDLE;
        } else {
            amp = e->kind == EV_SLOT && nk != AST_ASSIGN;
        }
    } else if (dt_is_value_obj(&d)) {
        amp = nk != AST_ASSIGN && (e->kind == EV_GLOBAL || names_ref_param(f, e));
    } else {
        amp = e->kind == EV_MEM || e->kind == EV_GLOBAL || (nk == AST_UNARY && (op == OP_PREINC || op == OP_PREDEC));
    }
    if (amp) d.flags |= DT_REF;
    dtype_format(&d, b, 256, false);
    return b;
}

/* The value a conversion to `to` can't be made from, as the reference shows it: as
 * ev_type_text, but a global or member object or a cast's handle is a reference there too, a
 * handle a function returned is not when converted to a handle, and a primitive converted to a
 * primitive loses its const. */
const char *ev_conv_text(fc *f, const ev *e, const as_dtype *to)
{
    int nk = e->src ? (int)e->src->kind : -1;
    bool temp_handle = dt_is_handle(&e->type) && e->temp && e->objvar >= 0 && nk != AST_CAST && !e->made;
    if (dt_is_primitive(&e->type) && to && dt_is_primitive(to) && (e->kind == EV_CONST || (e->type.flags & DT_CONST))) {
        ev v = ev_view(e);
        v.type.flags &= (uint8_t)~DT_CONST;
        v.kind = EV_SLOT;
        v.src = NULL;
        return ev_type_text(f, &v);
    }
    if (to && dt_is_handle(to) && temp_handle) return c_type_text(f->c, &e->type);
    if (((e->kind == EV_GLOBAL || e->kind == EV_MEM) && dt_is_ref_obj(&e->type) && !dt_is_handle(&e->type)) || (nk == AST_CAST && dt_is_handle(&e->type))) {
        static _Thread_local char buf[300];
        snprintf(buf, sizeof buf, "%s&", c_type_text(f->c, &e->type));
        return buf;
    }
    return ev_type_text(f, e);
}

/* A target type in messages, as the reference shows it where a conversion to it fails: a
 * handle or an object of a reference type as a reference (`B@&`, `B&`); after `return` the
 * plain type; the variable a global or member declaration initialises, or an object assignment
 * writes, as a reference whatever its type (`int&`, `string&`). */
const char *dt_target_text_in(fc *f, const as_dtype *d, int site)
{
    static _Thread_local char bufs[2][300];
    static _Thread_local int next;
    char *b = bufs[next++ & 1];
    as_dtype t = *d;
    t.flags &= (uint8_t)~DT_REF;
    bool handle = dt_is_handle(&t) && (t.type->kind == TYPE_OBJECT || t.type->kind == TYPE_FUNCDEF);
    if (site != MT_RETURN) {
        if (!handle) t.flags &= (uint8_t)~DT_CONST;
        t.flags &= (uint8_t)~DT_HANDLE_CONST;
        if (handle || dt_is_ref_obj(&t) || site == MT_GLOBAL_INIT || site == MT_ASSIGN) t.flags |= DT_REF;
    }
    dtype_format(&t, b, 256, false);
    (void)f;
    return b;
}

const char *dt_target_text(fc *f, const as_dtype *d) { return dt_target_text_in(f, d, MT_NONE); }
