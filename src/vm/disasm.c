/* Opcode names and layouts (from the X-macro table) and the disassembler. */
#include "vm.h"
#include <stdio.h>
#include <string.h>

const char *const as_opcode_names[BC__COUNT] = {
#define X(name, fmt) #name,
    AS_OPCODES(X)
#undef X
};

const uint8_t as_opcode_formats[BC__COUNT] = {
#define X(name, fmt) FMT_##fmt,
    AS_OPCODES(X)
#undef X
};

static void print_const(FILE *out, const as_function *f, unsigned k)
{
    if (k >= f->bc.nconsts) {
        fprintf(out, "K%u(?)", k);
        return;
    }
    fprintf(out, "K%u(0x%llx)", k, (unsigned long long)f->bc.consts[k].u64);
}

static void print_insn(FILE *out, const as_function *f, uint32_t pc)
{
    const as_insn *i = &f->bc.code[pc];
    fprintf(out, "  %5u  %-10s", pc, i->op < BC__COUNT ? as_opcode_names[i->op] : "???");
    switch (i->op < BC__COUNT ? as_opcode_formats[i->op] : FMT_NONE) {
    case FMT_NONE: break;
    case FMT_A: fprintf(out, " r%u", i->a); break;
    case FMT_AB: fprintf(out, " r%u, r%u", i->a, i->b); break;
    case FMT_ABC: fprintf(out, " r%u, r%u, r%u", i->a, i->b, i->c); break;
    case FMT_ABI: fprintf(out, " r%u, r%u, #%d", i->a, i->b, (int16_t)i->c); break;
    case FMT_AI: fprintf(out, " r%u, #%d", i->a_, i->sbx); break;
    case FMT_AK: fprintf(out, " r%u, ", i->a); print_const(out, f, i->b); break;
    case FMT_ABK: fprintf(out, " r%u, r%u, ", i->a, i->b); print_const(out, f, i->c); break;
    case FMT_J: fprintf(out, " -> %d", (int)pc + 1 + i->sbx); break;
    case FMT_AJ: fprintf(out, " r%u -> %d", i->a_, (int)pc + 1 + i->sbx); break;
    case FMT_ABJ: fprintf(out, " r%u, r%u -> %d", i->a, i->b, (int)pc + 1 + (int16_t)i->c); break;
    case FMT_AIJ: fprintf(out, " r%u, #%d -> %d", i->a, (int16_t)i->b, (int)pc + 1 + (int16_t)i->c); break;
    case FMT_ABO: fprintf(out, " r%u, [r%u+%u]", i->a, i->b, i->c); break;
    case FMT_AKB: fprintf(out, " r%u, ", i->a); print_const(out, f, i->b); fprintf(out, ", %u", i->c); break;
    case FMT_AKJ: fprintf(out, " r%u, ", i->a); print_const(out, f, i->b); fprintf(out, " -> %d", (int)pc + 1 + (int16_t)i->c); break;
    }
    fputc('\n', out);
}

void vm_disassemble(const as_function *f, FILE *out)
{
    char decl[512];
    function_format_decl(f, decl, sizeof decl, true, true, true);
    fprintf(out, "%s  (%u slots, %u args, %u instructions)\n", decl, f->bc.nslots, f->nargslots, f->bc.ncode);
    uint32_t line_i = 0;
    for (uint32_t pc = 0; pc < f->bc.ncode; pc++) {
        while (line_i < f->bc.nlines && f->bc.lines[line_i].pc == pc) {
            fprintf(out, "  ; line %d\n", f->bc.lines[line_i].line);
            line_i++;
        }
        print_insn(out, f, pc);
    }
    for (uint32_t i = 0; i < f->bc.nobjvars; i++) {
        const as_objvar *ov = &f->bc.objvars[i];
        fprintf(out, "  ; object r%u %s %s [%u, %u)\n", ov->slot, ov->kind == OV_HANDLE ? "handle" : "value",
                ov->type ? ov->type->name : "?", ov->start, ov->end);
    }
    for (uint32_t i = 0; i < f->bc.ntrys; i++)
        fprintf(out, "  ; try [%u, %u) catch %u\n", f->bc.trys[i].start, f->bc.trys[i].end, f->bc.trys[i].handler);
    fputc('\n', out);
}

int as_module_disassemble(as_module *m, FILE *out)
{
    if (!m || !out) return AS_INVALID_ARG;
    for (int i = 0; i < m->all_functions.count; i++) {
        as_function *f = m->all_functions.data[i];
        if (f->kind == FN_SCRIPT && f->bc.code) vm_disassemble(f, out);
    }
    return AS_SUCCESS;
}
