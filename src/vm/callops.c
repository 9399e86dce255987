/* Marking registered functions to run as instructions (callops.h). The instruction reads the
 * arguments from the slots CALLSYS would pass them in, so the shape is checked once here and the
 * VM reads the slots without looking at the function. */
#include "callops.h"
#include "../runtime/function.h"
#include "../runtime/engine.h"

/* The number of parameters op takes, and whether it is a method (the object in the first slot). */
static bool op_shape(as_opcode op, int *nparams, bool *method)
{
    *method = false;
    switch (op) {
    case BC_DGET_L: case BC_DGET_D: case BC_DSET_L: case BC_DSET_D: *method = true; *nparams = 2; return true;
    case BC_DEXISTS: *method = true; *nparams = 1; return true;
    case BC_SQRT_F: case BC_ABS_F: case BC_FLOOR_F: case BC_CEIL_F:
    case BC_SQRT_D: case BC_ABS_D: case BC_FLOOR_D: case BC_CEIL_D:
    case BC_CALLF1: case BC_CALLD1: *nparams = 1; return true;
    case BC_CALLF2: case BC_CALLD2: *nparams = 2; return true;
    default: return false;
    }
}

bool vm_set_call_op(as_engine *e, int func_id, as_opcode op)
{
    as_function *f = func_id >= 0 ? as_engine_function_by_id(e, func_id) : NULL;
    int nparams;
    bool method;
    if (!f || f->kind != FN_SYSTEM || f->has_retloc || !op_shape(op, &nparams, &method)) return false;
    if (method != (function_takes_object(f) && f->this_slot == 0) || f->params.count != nparams) return false;
    if (!method && (f->callconv != AS_CALL_CDECL || !f->fnptr)) return false;
    for (int i = 0; i < nparams; i++)
        if (f->param_slot[i] != i + (method ? 1 : 0)) return false;
    f->call_op = (uint16_t)op;
    return true;
}
