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

/* The global variable at addr (the module's, then the host's), or NULL. */
static const as_global *global_at(const as_function *f, const void *addr)
{
    if (f->module)
        for (int i = 0; i < f->module->globals.count; i++)
            if (f->module->globals.data[i]->addr == addr) return f->module->globals.data[i];
    for (int i = 0; f->engine && i < f->engine->globals.count; i++)
        if (f->engine->globals.data[i]->addr == addr) return f->engine->globals.data[i];
    return NULL;
}

/* A constant by what it is: a number, a type, a function, a global variable or a string. */
static void print_const(FILE *out, const as_function *f, unsigned k)
{
    if (k >= f->bc.nconsts) {
        fprintf(out, "K%u(?)", k);
        return;
    }
    as_slot v = f->bc.consts[k];
    switch (f->bc.kinds ? f->bc.kinds[k] : K_PTR) {
    case K_RAW:
    {
        /* the bits of a number: integers (and jump offsets) up to 2^50 as such; a double's bits
         * make a larger integer, so those with a normal exponent are shown as the double too */
        unsigned exp = (unsigned)(v.u64 >> 52) & 0x7ff;
        if (v.i64 >= -(1LL << 50) && v.i64 <= (1LL << 50)) fprintf(out, "K%u(%lld)", k, (long long)v.i64);
        else if (exp != 0 && exp != 0x7ff) fprintf(out, "K%u(%.17g, 0x%llx)", k, v.f64, (unsigned long long)v.u64);
        else fprintf(out, "K%u(%lld, 0x%llx)", k, (long long)v.i64, (unsigned long long)v.u64);
        return;
    }
    case K_TYPE:
        fprintf(out, "K%u(type %s)", k, v.p ? ((const as_type *)v.p)->name : "null");
        return;
    case K_FUNC: {
        char decl[256];
        if (v.p) function_format_decl(v.p, decl, sizeof decl, true, true, false);
        fprintf(out, "K%u(%s)", k, v.p ? decl : "null");
        return;
    }
    case K_GLOBAL: {
        const as_global *g = global_at(f, v.p);
        if (g && g->ns && g->ns->name && *g->ns->name) fprintf(out, "K%u(global %s::%s)", k, g->ns->name, g->name);
        else if (g) fprintf(out, "K%u(global %s)", k, g->name);
        else fprintf(out, "K%u(global ?)", k);
        return;
    }
    case K_STRING: {
        as_engine *e = f->engine;
        const as_string_factory *sf = e ? &e->string_factory : NULL;
        unsigned len = 0;
        if (!sf || !e->has_string_factory || !sf->get_raw_data || sf->get_raw_data(sf->user, v.p, NULL, &len) < 0) break;
        char buf[64];
        unsigned n = len < sizeof buf ? len : (unsigned)sizeof buf;
        char *data = len <= sizeof buf ? buf : mem_alloc(len);
        if (!data || sf->get_raw_data(sf->user, v.p, data, &len) < 0) {
            if (data != buf) mem_free(data);
            break;
        }
        fprintf(out, "K%u(\"", k);
        for (unsigned i = 0; i < n; i++) {
            unsigned char c = (unsigned char)data[i];
            if (c == '"' || c == '\\') fprintf(out, "\\%c", c);
            else if (c == '\n') fputs("\\n", out);
            else if (c < 0x20 || c == 0x7f) fprintf(out, "\\x%02x", c);
            else fputc(c, out);
        }
        fprintf(out, "\"%s)", len > n ? "..." : "");
        if (data != buf) mem_free(data);
        return;
    }
    case K_TYPEID: {
        const char *d = f->engine ? as_engine_type_declaration(f->engine, v.i32, true) : NULL;
        fprintf(out, "K%u(typeid %s)", k, d ? d : "?");
        return;
    }
    default:
        break;
    }
    fprintf(out, "K%u(0x%llx)", k, (unsigned long long)v.u64);
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
    case FMT_ABCX: fprintf(out, " r%u, r%u[r%u]", i->a, i->b, i->c); break;
    case FMT_ABX: fprintf(out, " r%u, r%u", i->a, i->b); break;
    case FMT_ABJX: fprintf(out, " r%u, r%u -> %d", i->a, i->b, (int)pc + 1 + (int16_t)i->c); break;
    case FMT_X: fprintf(out, " data +%u, count +%u, ", i->a, i->b); print_const(out, f, i->c); break;
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
