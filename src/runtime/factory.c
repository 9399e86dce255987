/* The factories of script classes, as the host sees them (asITypeInfo::GetFactoryByIndex/ByDecl).
 * The compiler calls a script class's constructors directly on an object it allocates, so a
 * class has no factory functions of its own. A host following the manual prepares a context
 * with a factory ("Foo@ Foo(int)"), executes it and takes the object from the return value:
 * for that each constructor gets, the first time the host asks, a small script function that
 * allocates the object, runs the constructor on it with the arguments it was given and returns
 * the handle. It is a global function of the class's module and namespace, named after the
 * class, as the reference's factory stubs are; it has no line information (a debugger sees it
 * at line 0, as the reference's). */
#include "engine.h"
#include "util/mem.h"

/* Fills in the stub's code:
 *     NEWOBJ  o, K0          o: a new object of the class (one reference, the result's)
 *     MOV     base+this, o   the constructor's arguments, after o: the object, then the
 *     MOV     base+p.., p..  stub's own argument slots as they are (handles and references
 *     CALL    base, K1       stay borrowed from the stub's caller, as they would from a script)
 *     RETV    o
 * An exception in the constructor unwinds the stub's frame, which releases the object. */
static bool write_stub_code(as_function *stub, as_function *ctor, as_type *t)
{
    uint32_t nmov = 0;
    for (int i = 0; i < ctor->params.count; i++) nmov += ctor->params.data[i].type.type->kind == TYPE_VARTYPE ? 2 : 1;
    uint32_t ncode = 4 + nmov;
    as_bytecode *bc = &stub->bc;
    bc->code = mem_calloc(ncode, sizeof *bc->code);
    bc->consts = mem_calloc(2, sizeof *bc->consts);
    bc->kinds = mem_calloc(2, 1);
    bc->objvars = mem_calloc(1, sizeof *bc->objvars);
    bc->stmt_bits = mem_calloc((ncode + 7) / 8, 1);
    if (!bc->code || !bc->consts || !bc->kinds || !bc->objvars || !bc->stmt_bits) return false;
    uint16_t o = stub->nargslots, base = (uint16_t)(o + 1);
    bc->consts[0].p = t;
    bc->kinds[0] = K_TYPE;
    bc->consts[1].p = ctor;
    bc->kinds[1] = K_FUNC;
    uint32_t pc = 0;
    bc->code[pc++] = (as_insn){.op = BC_NEWOBJ, .a = o, .b = 0};
    bc->code[pc++] = (as_insn){.op = BC_MOV, .a = (uint16_t)(base + ctor->this_slot), .b = o};
    for (int i = 0; i < ctor->params.count; i++) {
        int width = ctor->params.data[i].type.type->kind == TYPE_VARTYPE ? 2 : 1;
        for (int k = 0; k < width; k++)
            bc->code[pc++] = (as_insn){.op = BC_MOV, .a = (uint16_t)(base + ctor->param_slot[i] + k),
                                       .b = (uint16_t)(stub->param_slot[i] + k)};
    }
    uint32_t call_pc = pc;
    bc->code[pc++] = (as_insn){.op = BC_CALL, .a = base, .b = 1};
    bc->code[pc++] = (as_insn){.op = BC_RETV, .a = o};
    bc->ncode = pc;
    bc->nconsts = 2;
    bc->objvars[0] = (as_objvar){o, OV_HANDLE, t, 1, call_pc + 1};
    bc->nobjvars = 1;
    bc->nslots = (uint32_t)base + ctor->nargslots;
    return true;
}

/* The factory stub of script constructor ctor of class t, made on first use; NULL if out of memory. */
static as_function *factory_of(as_type *t, as_function *ctor)
{
    if (ctor->factory) return ctor->factory;
    as_engine *e = t->engine;
    as_function *f = engine_new_function(e, FN_SCRIPT, t->name, t->ns);
    if (!f) return NULL;
    f->module = t->module;
    f->ret = (as_dtype){t, DT_HANDLE};
    f->attrs = ctor->attrs & (FA_PRIVATE | FA_PROTECTED | FA_EXPLICIT | FA_SHARED);
    f->section = ctor->section;   /* declared where the constructor is */
    f->line = ctor->line;
    f->col = ctor->col;
    for (int i = 0; i < ctor->params.count; i++) {
        as_param p = ctor->params.data[i];
        p.defarg = NULL;   /* the text stays; the expression belongs to the build */
        VEC_PUSH(f->params, p);
    }
    function_layout_args(f);
    if (f->params.count != ctor->params.count || !f->param_slot || !write_stub_code(f, ctor, t)) {
        engine_unmake_function(e, f);
        return NULL;
    }
    f->factory_for = ctor;
    ctor->factory = f;
    /* code of a module already gone: it goes with the constructor's remains */
    if (ctor->remains) remains_adopt(e, ctor->remains, f);
    return f;
}

static bool has_script_factories(const as_type *t)
{
    return t && type_is_script_object(t) && !(t->flags & AS_OBJ_INTERFACE);
}

int as_type_factory_count(const as_type *t)
{
    if (!t || (type_is_script_object(t) && !has_script_factories(t))) return 0;
    return t->beh.factories.count;
}

as_function *as_type_factory_by_index(const as_type *t, int index)
{
    if (!t || index < 0 || index >= as_type_factory_count(t)) return NULL;
    as_function *f = t->beh.factories.data[index];
    return has_script_factories(t) ? factory_of((as_type *)t, f) : f;
}

as_function *type_script_factory(as_type *t, as_function *ctor)
{
    return has_script_factories(t) ? factory_of(t, ctor) : NULL;
}
