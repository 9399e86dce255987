/* Registered functions the VM runs as instructions of their own (DGET_L .. CALLD2 in opcodes.h):
 * an add-on marks the functions it registered, and the compiler emits the instruction where it
 * would emit CALLSYS. A host's own registered functions keep the registered call. */
#ifndef AS_VM_CALLOPS_H
#define AS_VM_CALLOPS_H
#include "angelc.h"
#include "opcodes.h"
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Marks the registered function func_id (what its registration returned) to compile to the
 * instruction op. Returns false and marks nothing unless the function's arguments are laid out
 * as op reads them (in order from the first slot, no hidden return location). */
bool vm_set_call_op(as_engine *e, int func_id, as_opcode op);

/* The dictionary add-on's operations those instructions run (dictionary.c). d is a dictionary,
 * key a string (as_str). get writes the value as type tid (int64 or double) into *out and says
 * whether the key was there and convertible; set may release the value it replaces (which may
 * run script code) and raises "Out of memory" on the active context. */
bool dict_vm_get(const void *d, const void *key, void *out, int tid);
void dict_vm_set(void *d, const void *key, const void *value, int tid);
/* set's common case, a number stored over a number, over nothing or as a new key: done, and
 * true. False (nothing stored) when set needs dict_vm_set: out of memory (it raises), or an
 * object value, whose release may run script code. */
bool dict_vm_set_number(void *d, const void *key, const void *value, int tid);
bool dict_vm_exists(const void *d, const void *key);

#ifdef __cplusplus
}
#endif
#endif
