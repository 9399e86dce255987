/* Calls in loaded bytecode (issue 32, bc_flow.h): each argument checked against the callee's
 * declared parameter (an object of its type, a handle reference of its type, room for a
 * number, a `?` and its type id, a template factory's type), what the call leaves (its result's
 * type, a value built, handles written through references), and calls through a function
 * handle, by the funcdef's signature (a delegate moves its arguments along). */
#include "bc_flow.h"

/* The plain frame slot (not a handle variable or a value object) whose address s holds, with
 * room for 8 bytes, or UINT32_MAX. */
static uint32_t plain_frame_slot(const flow *F, const cell *st, uint32_t s)
{
    uint32_t fa = fl_get_fa(F, st, s);
    bc_term x = fl_get_term(F, st, s);
    return frame_fa(fa) && term_is(x, TT_RAW) && term_bytes(x) >= 8 ? fa - 1 : UINT32_MAX;
}

/* A reference in s to a handle of type t that the callee reads (in), writes (out) or both:
 * the address of a handle whose type fits that way, or of a plain slot (holding a handle of
 * t, unless written only; after the call it holds one: call_writes). */
static bool need_handle_ref(flow *F, const cell *st, uint32_t pc, uint32_t s, const as_type *t, unsigned inout)
{
    bc_term x = fl_get_term(F, st, s);
    if (term_is(x, TT_HREF)) {
        const as_type *h = term_type(x);
        bool ok = inout == INOUT_IN ? type_fits(h, t) : inout == INOUT_OUT ? type_fits(t, h) : h == t;
        return ok || fl_refuse(F, pc, "a reference to a handle of another type", s);
    }
    uint32_t slot = plain_frame_slot(F, st, s);
    if (slot != UINT32_MAX) {
        uint8_t v = fl_get(F, st, slot);
        if (inout == INOUT_OUT || (!(v & NUM) && (!(v & PTR) || term_fits(fl_get_term(F, st, slot), t)))) return true;
    }
    return fl_refuse(F, pc, "a reference to a handle of another type", s);
}

static bool need_ref_to(flow *F, const cell *st, uint32_t pc, uint32_t s, const as_dtype *d, unsigned inout)
{
    if (!(fl_get(F, st, s) & PTR)) return true;
    bc_term x = fl_get_term(F, st, s), want = term_of_dtype(&(as_dtype){d->type, (uint8_t)(d->flags | DT_REF)});
    if (term_is(want, TT_OBJ)) return term_fits(x, d->type) || fl_refuse(F, pc, "a reference to another type", s);
    if (term_is(want, TT_HREF)) return need_handle_ref(F, st, pc, s, d->type, inout);
    if (term_is(x, TT_RAW) && term_bytes(x) >= term_bytes(want)) return true;
    return fl_refuse(F, pc, "a reference to a number in memory of another kind", s);
}

/* The hidden first argument of a template factory: the type constant of its instance. */
static bool need_type_const(flow *F, const cell *st, uint32_t pc, uint32_t s, const as_function *callee)
{
    uint32_t k = st[s].kc;
    const as_type *inst = callee->objtype ? callee->objtype : callee->ret.type;
    if (!k || F->bc->kinds[k - 1] != K_TYPE || F->bc->consts[k - 1].cp != inst)
        return fl_refuse(F, pc, "not the type of the template instance made", s);
    return true;
}

/* The type id slot s holds, known: a type id constant or a small immediate (a primitive's). */
static bool type_id_in(const flow *F, const cell *st, uint32_t s, int *id)
{
    uint32_t k = s < F->bc->nslots ? st[s].kc : 0;
    if (k & KC_IMM) *id = (int)(k & ~KC_IMM);
    else if (k && F->bc->kinds[k - 1] == K_TYPEID) *id = F->bc->consts[k - 1].i32;
    else return false;
    return true;
}

/* The type a type id names (a handle's: its object type), or NULL. */
const as_type *fl_var_type(const flow *F, int id)
{
    int base = id & ~(AS_TYPEID_OBJHANDLE | AS_TYPEID_HANDLETOCONST);
    as_engine *e = F->f->module->engine;
    return base <= AS_TYPEID_DOUBLE ? engine_prim(e, base) : as_engine_type_by_id(e, base);
}

/* A `?` argument: an address, then the type id of what it points to (a constant), which must be
 * what the address is known to point to. */
static bool need_var_arg(flow *F, const cell *st, uint32_t pc, uint32_t s, const as_param *p)
{
    int id;
    if (s + 1 < F->bc->nslots && fl_get(F, st, s + 1) == NUL) return true;   /* type id 0: null */
    if (!type_id_in(F, st, s + 1, &id)) return fl_refuse(F, pc, "a variable type argument without its type id", s);
    if (!(fl_get(F, st, s) & PTR)) return true;
    const as_type *t = fl_var_type(F, id);
    bc_term x = fl_get_term(F, st, s);
    bool ok;
    if (!t) ok = false;
    else if (t->kind != TYPE_OBJECT && t->kind != TYPE_FUNCDEF) ok = term_is(x, TT_RAW) && term_bytes(x) >= (t->kind == TYPE_ENUM ? 4u : (uint32_t)t->size);
    else if (id & AS_TYPEID_OBJHANDLE) return need_handle_ref(F, st, pc, s, t, p->inout);
    else ok = term_fits(x, t);
    return ok || fl_refuse(F, pc, "a variable type argument that is not of its type id", s);
}

/* A list factory or list constructor: its last argument is a list buffer (bc_flow_list.c). */
static bool is_list_factory(const as_function *f)
{
    return f->behaviour == AS_BEHAVE_LIST_FACTORY || f->behaviour == AS_BEHAVE_LIST_CONSTRUCT;
}

/* The argument slots of a call to callee laid out at slot a; *room gets where it builds a
 * value object (its return location, or the object of a constructor), UINT32_MAX if nowhere. */
static bool check_args(flow *F, const cell *st, uint32_t pc, uint32_t a, const as_function *callee, bool native, uint32_t *room)
{
    bool (*need)(flow *, const cell *, uint32_t, uint32_t) = native ? fl_need_ref : fl_need_ptr;
    *room = UINT32_MAX;
    if (callee->has_retloc) {
        if (!fl_need_ref(F, st, pc, a) || !fl_need_not_kbytes(F, st, pc, a)) return false;
        if (fl_get(F, st, a) & NUL) return fl_refuse(F, pc, "a return location that may be null", a);
        if (fl_tracked(callee->ret.type) && !fl_need_room(F, st, pc, a, callee->ret.type, room)) return false;
        if (!fl_tracked(callee->ret.type) && !fl_need_clear_room(F, st, pc, a, fl_span_of(callee->ret.type))) return false;
        if (!frame_fa(fl_get_fa(F, st, a)) && !term_is(fl_get_term(F, st, a), TT_RAW) && !term_fits(fl_get_term(F, st, a), callee->ret.type))
            return fl_refuse(F, pc, "a return location of another type", a);
    }
    if (function_takes_object(callee) && !F->bound) {
        uint32_t s = a + callee->this_slot;
        if (!(F->nullchk ? fl_need_ptr : need)(F, st, pc, s)) return false;
        if (fl_tracked(callee->objtype) && (callee->attrs & FA_CONSTRUCTOR)) {
            if (!fl_need_room(F, st, pc, s, callee->objtype, room)) return false;
        } else if (!fl_need_handle(F, st, pc, s, callee->objtype)) {
            return false;
        } else if (fl_tracked(callee->objtype) && !fl_need_object(F, st, pc, s, callee->objtype)) {
            return false;
        }
    }
    if (!callee->param_slot) return callee->params.count == 0 || fl_refuse(F, pc, "a call whose arguments are not laid out", a);
    for (int i = 0; i < callee->params.count; i++) {
        const as_param *p = &callee->params.data[i];
        uint32_t s = a + callee->param_slot[i] - F->bound;
        if ((callee->attrs & FA_VARIADIC) && i == callee->params.count - 1) break;
        bool list = i == callee->params.count - 1 && is_list_factory(callee);
        if (!list && !fl_need_not_kbytes(F, st, pc, s)) return false;
        if (i == 0 && (callee->attrs & FA_TEMPLATE_TYPE)) {
            if (!need_type_const(F, st, pc, s, callee)) return false;
        } else if (p->type.type->kind == TYPE_VARTYPE) {
            if (!fl_need_ptr(F, st, pc, s) || !need_var_arg(F, st, pc, s, p)) return false;
        } else if (p->inout != INOUT_NONE) {
            if (!need(F, st, pc, s) || !need_ref_to(F, st, pc, s, &p->type, p->inout)) return false;
            if (!fl_by_address_of_value(&p->type) && !fl_need_clear_room(F, st, pc, s, fl_span_of(p->type.type))) return false;
        } else if (fl_is_address_type(&p->type)) {
            if (!fl_need_handle(F, st, pc, s, p->type.type)) return false;
        }
        if ((p->inout != INOUT_NONE || native) && fl_by_address_of_value(&p->type) && !fl_need_object(F, st, pc, s, p->type.type))
            return false;
    }
    return true;
}

/* The type of what a call leaves in its slot a (a handle, an object, a reference). */
static bc_term result_term(const as_function *callee)
{
    if (callee->has_retloc) return term_obj(callee->ret.type);
    return term_of_dtype(&callee->ret);
}

/* What a call leaves in its slot a (0: nothing, a void call). */
uint8_t fl_result_of(const as_function *callee)
{
    if (callee->has_retloc || fl_is_address_type(&callee->ret)) return PTR | NUL;
    if (callee->ret.type->kind == TYPE_PRIMITIVE && callee->ret.type->prim == AS_TYPEID_VOID) return 0;
    return NUM;
}

/* Whether a call may write through an address it is given other than its object's and its
 * return location (those are value objects, followed as such): an out or inout reference. */
static bool writes_through(const as_function *callee)
{
    for (int i = 0; i < callee->params.count; i++)
        if (callee->params.data[i].inout == INOUT_OUT || callee->params.data[i].inout == INOUT_INOUT) return true;
    return false;
}

/* What a call releases: a host function taking a handle by value takes over a reference (the
 * caller's own, counted for it); a handle a callee writes through an out or inout reference
 * releases what it held (in the frame: a reference of its own). Any call may release what
 * memory holds: a reference borrowed from there is not passed to it (a math instruction's
 * excepted); one kept past the call is trusted (the compiler keeps one: bc_flow.c). */
static bool call_releases(flow *F, cell *st, uint32_t pc, uint32_t a, const as_function *callee)
{
    if (F->pure) return true;
    /* a script method's object and any call's handle arguments are the caller's own or borrowed
     * for its whole call (the compiler counts one loaded from memory first): the callee may
     * release what memory holds (a host method's object is trusted to outlive its call) */
    uint32_t obj = a + callee->this_slot;
    if (callee->kind != FN_SYSTEM && function_takes_object(callee) && !F->bound && obj < F->bc->nslots && st[obj].ow == OW_MEM && (st[obj].bits & PTR))
        return fl_refuse(F, pc, "a reference borrowed from memory passed to a call", obj);
    for (int i = 0; callee->param_slot && i < callee->params.count; i++) {
        const as_param *p = &callee->params.data[i];
        uint32_t s = a + callee->param_slot[i] - F->bound;
        if ((callee->attrs & FA_VARIADIC) && i == callee->params.count - 1) break;
        if (s >= F->bc->nslots) continue;
        if ((p->inout == INOUT_OUT || p->inout == INOUT_INOUT) && (p->type.flags & DT_HANDLE) && !ow_need_owned_through(F, st, pc, s))
            return false;
        if (p->inout == INOUT_NONE && ow_counted(&p->type) && st[s].ow == OW_MEM && (st[s].bits & PTR))
            return fl_refuse(F, pc, "a reference borrowed from memory passed to a call", s);
        if (callee->kind != FN_SYSTEM || F->via_handle || p->inout != INOUT_NONE || !ow_counted(&p->type) || (p->type.flags & DT_AUTO_HANDLE))
            continue;
        if (!ow_need_owned(F, st, pc, s)) return false;
        if (st[s].bits & PTR) ow_release(F, st, st[s].ow, UINT32_MAX);
    }
    return true;
}

/* Who owns the result of a call: a counted handle it returns is the caller's (a host
 * function's `T@+` is counted by the caller after it), a reference returned is borrowed. */
static uint32_t result_owner(const flow *F, cell *st, uint32_t pc, const as_function *callee)
{
    if (callee->has_retloc) return 0;
    if (!ow_counted(&callee->ret)) return OW_MEM;
    if (callee->kind == FN_SYSTEM && (callee->ret.flags & DT_AUTO_HANDLE)) return OW_MEM;
    return ow_new(F, st, pc);
}

/* A call at slot a of callee: arguments checked, the result (and a value built) written. */
bool fl_do_call(flow *F, cell *st, uint32_t pc, uint32_t a, const as_function *callee, bool native)
{
    uint32_t room, built_at = 0;
    if (!check_args(F, st, pc, a, callee, native, &room)) return false;
    /* a list factory reads its buffer by its pattern (bc_flow_list.c) */
    if (is_list_factory(callee) && callee->param_slot &&
        callee->params.count && !fl_check_list(F, st, pc, a + callee->param_slot[callee->params.count - 1] - F->bound, callee))
        return false;
    if (!call_releases(F, st, pc, a, callee)) return false;
    /* the function's own return location built by this call */
    if (callee->has_retloc) built_at = fl_get_fa(F, st, a);
    else if ((callee->attrs & FA_CONSTRUCTOR) && function_takes_object(callee) && !F->bound) built_at = fl_get_fa(F, st, a + callee->this_slot);
    if (writes_through(callee)) {
        /* a handle written through a reference to a plain slot: it holds one of the type now */
        uint32_t wslot[8], n = 0;
        const as_type *wtype[8];
        for (int i = 0; i < callee->params.count && callee->param_slot && n < 8; i++) {
            const as_param *p = &callee->params.data[i];
            uint32_t s = a + callee->param_slot[i] - F->bound, slot;
            if (p->inout == INOUT_IN || p->inout == INOUT_NONE || (slot = plain_frame_slot(F, st, s)) == UINT32_MAX) continue;
            const as_type *t = NULL;
            if (p->type.type->kind == TYPE_VARTYPE) {
                int id;
                if (type_id_in(F, st, s + 1, &id) && (id & AS_TYPEID_OBJHANDLE)) t = fl_var_type(F, id);
            } else if (p->type.flags & DT_HANDLE) {
                t = p->type.type;
            }
            if (t) { wslot[n] = slot; wtype[n++] = t; }
        }
        for (int i = 0; i < callee->params.count && callee->param_slot; i++)
            if (callee->params.data[i].inout == INOUT_OUT || callee->params.data[i].inout == INOUT_INOUT)
                fl_written_through(F, st, a + callee->param_slot[i] - F->bound);
        for (uint32_t i = 0; i < n; i++) {
            st[wslot[i]] = (cell){PTR | NUL, 0, 0, term_obj(wtype[i]), 0, 0, 0, {0, 0}};
            fl_clear_across(F, st, wslot[i]);
            ow_set(F, st, wslot[i], ow_new(F, st, pc));   /* the callee counted what it wrote */
        }
    }
    /* the value it builds or returns in the frame covers its slots */
    uint32_t into = UINT32_MAX;
    if (callee->has_retloc && frame_fa(fl_get_fa(F, st, a))) into = fl_get_fa(F, st, a) - 1;
    else if (room != UINT32_MAX) into = room;
    if (into != UINT32_MAX)
        fl_overwritten(F, st, into, fl_span_of((callee->attrs & FA_CONSTRUCTOR) ? callee->objtype : callee->ret.type));
    uint8_t r = fl_result_of(callee);
    /* a value built in the frame is followed through its slot: the address left in slot a is
     * that slot's, an object only while one lives there (not after it is destroyed) */
    if (r && callee->has_retloc && into != UINT32_MAX) {
        if (!fl_put(F, st, pc, a, PTR, into + 1)) return false;
    } else if (r) set_t(F, st, a, r, result_term(callee));
    if (r) ow_set(F, st, a, result_owner(F, st, pc, callee));
    /* a host function returning nothing may leave 0 in slot a or not (native.c: the generic
     * invokers write their result slot, the direct ones do not): not followed after */
    if (!r && (callee->kind == FN_SYSTEM || F->via_handle) && a < F->bc->nslots) {
        st[a].bits |= NUM | NUL;
        st[a].kc = 0;
        st[a].hk = 0;
    }
    if (room != UINT32_MAX) st[room].ct = fl_type_index(F, (callee->attrs & FA_CONSTRUCTOR) ? callee->objtype : callee->ret.type);
    if (built_at == FA_RETLOC) fl_built(F, st)->bits = PTR;
    return true;
}

/* CALLPTR: the handle in b is of a funcdef (or a known function): its signature says the
 * arguments and the result. A delegate moves the arguments along for its object. */
bool fl_call_handle(flow *F, cell *st, uint32_t pc, uint32_t a, uint32_t b)
{
    if (!fl_need_ptr(F, st, pc, b)) return false;
    if (!(fl_get(F, st, b) & PTR)) return true;   /* null: the VM raises "Unbound function called" */
    bc_term x = fl_get_term(F, st, b);
    const as_function *sig = term_is(x, TT_OBJ) && term_type(x)->kind == TYPE_FUNCDEF ? term_type(x)->signature
                           : term_is(x, TT_FN) ? term_func(x) : NULL;
    if (!sig) return fl_refuse(F, pc, "a call through something not known to be a function handle", b);
    /* a delegate (known here, or maybe behind a funcdef) moves its arguments one slot along for
     * its object: slots up to a + the arguments of the funcdef change */
    uint32_t bound = term_is(x, TT_FN) && function_takes_object(sig) ? 1 : 0;
    uint32_t nargs = sig->nargslots - bound, end = a + nargs + 1;
    if ((uint64_t)end > F->bc->nslots) return fl_refuse(F, pc, "arguments outside the frame", a);
    for (uint32_t s = a + 1; s < end; s++)
        if (fl_object_at(F, st, s) != UINT32_MAX || fl_decl_at(F, s)) return fl_refuse(F, pc, "a value object or a handle variable among the arguments", s);
    F->bound = bound;
    F->via_handle = true;
    bool ok = fl_do_call(F, st, pc, a, sig, true);
    F->bound = 0;
    F->via_handle = false;
    if (!ok) return false;
    for (uint32_t s = a + 1; s < end; s++) {
        st[s] = (cell){ANY, 0, 0, TERM_NONE, 0, 0, 0, {0, 0}};
        fl_clear_across(F, st, s);
    }
    return true;
}
