/* Function bodies: parameters in the frame, the body, the implicit return. */
#include "stmt.h"
#include "call.h"
#include "ctor.h"
#include <string.h>

/* Handle parameters are borrowed from the caller. If the body assigns one, the function takes its
 * own reference at entry and releases it on exit; placeholders keep room for that code. */
typedef struct param_own {
    uint16_t slot;
    as_type *type;
    uint32_t entry_pc;          /* NOP to become ADDREF */
    VEC(uint32_t) exits;        /* NOPs to become FREE */
} param_own;

typedef VEC(param_own) param_owns;
/* the params of the function being compiled: f->param_owns */
#define OWNS(f) ((param_owns *)(f)->param_owns)

void func_note_param_store(fc *f, int slot)
{
    param_owns *pl = OWNS(f);
    if (!pl || f->is_global_init) return;
    for (int i = 0; i < pl->count; i++)
        if (pl->data[i].slot == slot) pl->data[i].entry_pc |= 0x80000000u;  /* top bit: owned */
}

void func_emit_exit_placeholders(fc *f)
{
    param_owns *pl = OWNS(f);
    if (!pl) return;
    for (int i = 0; i < pl->count; i++) {
        uint32_t pc = emit(f, BC_NOP, pl->data[i].slot, 0, 0);
        VEC_PUSH(pl->data[i].exits, pc);
    }
}

static void add_params(fc *f, as_function *fn, ast_node *decl_params_owner)
{
    (void)decl_params_owner;
    param_owns *pl = OWNS(f);
    for (int i = 0; i < fn->params.count; i++) {
        as_param *p = &fn->params.data[i];
        int slot = fn->param_slot[i];
        bool is_ref = p->inout != INOUT_NONE || dt_is_value_obj(&p->type);
        if (p->inout == INOUT_INOUT && dt_is_pointer(&p->type) && !dt_is_handle(&p->type)) is_ref = false;
        if (p->inout != INOUT_NONE && dt_is_ref_obj(&p->type) && !dt_is_handle(&p->type)) is_ref = false;
        if (p->inout == INOUT_IN && (p->type.flags & DT_IMPLIED_HANDLE)) is_ref = false; /* the function itself */
        if (!p->name) continue;
        ast_pos pos = {fn->line, fn->col, fn->section};
        local_var *v = scope_add(f, p->name, p->type, slot, is_ref, pos);
        (void)v;
        if (!is_ref && dt_is_pointer(&p->type) && pl) {
            param_own po;
            memset(&po, 0, sizeof po);
            po.slot = (uint16_t)slot;
            po.type = p->type.type;
            po.entry_pc = emit(f, BC_NOP, slot, 0, 0);
            VEC_PUSH(*pl, po);
        }
    }
}

static void finish_param_owns(fc *f)
{
    param_owns *pl = OWNS(f);
    for (int i = 0; i < pl->count; i++) {
        param_own *po = &pl->data[i];
        if (po->entry_pc & 0x80000000u) {
            uint32_t pc = po->entry_pc & 0x7FFFFFFFu;
            f->code.data[pc].op = BC_ADDREF;
            f->code.data[pc].b = (uint16_t)k_type(f, po->type);
            for (int k = 0; k < po->exits.count; k++) {
                as_insn *x = &f->code.data[po->exits.data[k]];
                x->op = BC_FREE;
                x->b = (uint16_t)k_type(f, po->type);
            }
            as_objvar ov = {po->slot, OV_HANDLE, po->type, pc + 1, (uint32_t)f->code.count};
            VEC_PUSH(f->objvars, ov);
        }
        VEC_FREE(po->exits);
    }
}

/* A script class with no constructor at all (ALWAYS_IMPL_DEFAULT_CONSTRUCT=2, or deleted ones):
 * no object of it can be made, so it can't be a parameter or return type by value. Nor can a
 * funcdef named without @ (there are no function values, only handles). */
static bool cannot_instantiate(const as_dtype *d)
{
    const as_type *t = d->type;
    if (t && t->kind == TYPE_FUNCDEF) return (d->flags & DT_IMPLIED_HANDLE) != 0;
    return t && t->kind == TYPE_OBJECT && (t->flags & AS_OBJ_SCRIPT_OBJECT) && !(t->flags & AS_OBJ_INTERFACE) &&
           !(d->flags & DT_HANDLE) && t->beh.factories.count == 0 && t->decl_state == 2;
}

/* The reference reports these when it compiles the function (so a declaration that is never
 * compiled, an interface method's or an import's, has none), and then leaves the body
 * uncompiled. False when it reported one. */
static bool check_instantiable_signature(as_compiler *c, const as_function *fn, ast_pos pos)
{
    bool ok = true;
    if (cannot_instantiate(&fn->ret) && !(fn->ret.flags & DT_REF)) {
        c_error_pos(c, pos, "Return type can't be '%s'", fn->ret.type->name);
        ok = false;
    }
    for (int i = 0; i < fn->params.count; i++) {
        const as_param *p = &fn->params.data[i];
        if (!cannot_instantiate(&p->type)) continue;
        c_error_pos(c, pos, "Parameter type can't be '%s%s', because the type cannot be instantiated.", p->type.type->name,
                    p->inout == INOUT_IN ? "&in" : p->inout == INOUT_OUT ? "&out" : p->inout == INOUT_INOUT ? "&inout" : "");
        ok = false;
    }
    return ok;
}

static void free_param_owns(void *owns)
{
    param_owns *pl = owns;
    for (int i = 0; i < pl->count; i++) VEC_FREE(pl->data[i].exits);
    VEC_FREE(*pl);
}

/* The declarations of a body that did not parse whose type is a name of no type, in source
 * order: the reference's parser reports "Identifier 'x' is not a data type" for each, among
 * its syntax errors. */
static void unknown_decl_types(as_compiler *c, as_namespace *ns, ast_node *n, const ast_node **out, int *count, int cap)
{
    if (!n || *count >= cap) return;
    switch (n->kind) {
    case AST_VAR: {
        const ast_node *t = n->u.var.type;
        if (t && t->kind == AST_TYPE && t->u.type.name && !t->u.type.scope.count && !t->u.type.global_scope &&
            !t->u.type.scope_type && !c_find_type(c, ns, t->u.type.name, true))
            out[(*count)++] = t;
        return;
    }
    case AST_BLOCK:
        for (int i = 0; i < n->u.block.stmts.count; i++) unknown_decl_types(c, ns, n->u.block.stmts.items[i], out, count, cap);
        return;
    case AST_IF:
        unknown_decl_types(c, ns, n->u.if_.then_, out, count, cap);
        unknown_decl_types(c, ns, n->u.if_.else_, out, count, cap);
        return;
    case AST_WHILE: case AST_DOWHILE: unknown_decl_types(c, ns, n->u.loop.body, out, count, cap); return;
    case AST_FOR:
        unknown_decl_types(c, ns, n->u.for_.init, out, count, cap);
        unknown_decl_types(c, ns, n->u.for_.body, out, count, cap);
        return;
    case AST_TRY:
        unknown_decl_types(c, ns, n->u.try_.body, out, count, cap);
        unknown_decl_types(c, ns, n->u.try_.handler, out, count, cap);
        return;
    default: return;
    }
}

/* The syntax messages of a body (c_report_body_diags), with the reference's "Identifier 'x' is
 * not a data type" for its declarations of unknown types in their place among them. Whether
 * the body had a syntax error. */
static bool report_body_diags(as_compiler *c, const pending_func *pf)
{
    bool has_error = false;
    for (int i = 0; i < c->body_diags.count && !has_error; i++) {
        const struct body_diag *b = &c->body_diags.data[i];
        has_error = !b->done && b->d->owner == pf->node && b->d->type == DIAG_ERROR;
    }
    if (has_error && pf->body) {
        const ast_node *unknown[16];
        int n = 0;
        unknown_decl_types(c, pf->ns, pf->body, unknown, &n, 16);
        for (int k = 0; k < n; k++) {
            ast_pos at = unknown[k]->u.type.name_pos;
            /* the syntax errors before it first (errors only: a warning ends the interleaving) */
            for (int i = 0; i < c->body_diags.count; i++) {
                struct body_diag *b = &c->body_diags.data[i];
                if (b->done || b->d->owner != pf->node) continue;
                if (b->d->type != DIAG_ERROR || b->d->line > at.line || (b->d->line == at.line && b->d->col > at.col)) break;
                b->done = true;
                ast_pos pos = {b->d->line, b->d->col, b->section};
                c_error_pos(c, pos, "%s", b->d->msg);
            }
            c_error(c, unknown[k], "Identifier '%s' is not a data type", unknown[k]->u.type.name);
        }
    }
    return c_report_body_diags(c, pf->node) || has_error;
}

void compile_function(as_compiler *c, pending_func *pending)
{
    /* the pending list grows while bodies compile (lambdas): work on a copy */
    pending_func copy = *pending;
    pending_func *pf = &copy;
    as_function *fn = pf->fn;
    fc f;
    fc_init(&f, c, fn, pf->ns, pf->objtype);
    c->current = &f;
    c->section = fn->section;
    param_owns owns = {0};
    mem_cleanup owns_cleanup;   /* the list, when running out of memory unwinds the build */
    mem_cleanup_push(&owns_cleanup, free_param_owns, &owns);
    f.param_owns = &owns;
    scope fs;
    scope_push(&f, &fs);
    fs.is_function = true;
    slot_reserve_args(&f, fn->nargslots);
    ast_pos pos = {fn->line, fn->col, fn->section};
    /* the body's syntax errors first, as the reference parses a body when it compiles it; a
     * body that did not parse is not compiled (nor is anything else of the function checked).
     * (Functions the compiler makes itself, an implicit constructor for one, have no node.) */
    bool unparsed = pf->node && c->body_diags.count && report_body_diags(c, pf);
    /* the stop at function entry is the VM's (vm.c ENTRY_STOP), as in the reference */
    emit_pos(&f, pos);
    add_params(&f, fn, pf->node);
    bool bad_signature = !(fn->attrs & FA_AUTO) && !unparsed && !check_instantiable_signature(c, fn, pos);
    bool returns = false;
    ast_node *body = pf->body;
    if (unparsed || bad_signature) {
        returns = true;
    } else if ((fn->attrs & FA_AUTO) && !(fn->attrs & FA_CONSTRUCTOR)) {
        ctor_emit_auto_assign(&f);
        returns = true;
    } else if ((fn->attrs & FA_AUTO) && fn->params.count == 1) {
        if (!(fn->attrs & FA_DELETED)) ctor_emit_auto_copy(&f);   /* deleted: taken back, never called */
    } else {
        if (fn->attrs & FA_CONSTRUCTOR) ctor_emit_prologue(&f, body);
        if (body) returns = compile_block_here(&f, body);
    }
    f.unreachable = false;
    if (!returns) {
        if (!dt_is_void(&fn->ret) || (fn->ret.flags & DT_REF)) {
            ast_pos end = body ? body->pos : pos;
            c_error_pos(c, end, "Not all paths return a value");
        } else {
            /* falling off the end stops at the closing brace, as the reference does (its
             * column is the one after the brace there) */
            if (body && body->kind == AST_BLOCK && body->u.block.end.line) {
                ast_pos end = body->u.block.end;
                end.col++;
                emit_line(&f, end);
            }
            func_emit_exit_placeholders(&f);
            scope_cleanup_until(&f, NULL);
            emit(&f, BC_RET, 0, 0, 0);
        }
    }
    finish_param_owns(&f);
    mem_cleanup_pop(&owns_cleanup);
    VEC_FREE(owns);
    f.param_owns = NULL;
    f.unreachable = true;
    scope_pop(&f);
    fc_finish(&f);
    c->current = NULL;
}
