/* Makes a crafted bytecode file (issue 32): compiles a script, edits instructions of one of its
 * functions in memory as an attacker editing a saved blob would, and saves the module again
 * (valid sections and checksum, unverified: only loading verifies). The files it made are kept
 * in tests/bytecode/crafted (tests/cli/bytecode_crafted.sh loads each and expects a refusal);
 * this program is only needed to make more.
 *
 *   craft SCRIPT OUT FUNCDECL EDIT...
 *     EDIT: PC.op=NAME  PC.a=N  PC.b=N  PC.c=N  PC.sbx=N   (N decimal, may be negative)
 *           kK=N  (constant K's 64 bits)
 *
 * Build (from the repository, after make):
 *   cc -std=c11 -Iinclude -Isrc tests/bytecode/craft.c build/libangelc.a -lffi -lm -ldl -lpthread -o /tmp/craft-bc */
#include "angelc.h"
#include "angelc_addons.h"
#include "runtime/bytecode.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void show(const as_message *m, void *user)
{
    (void)user;
    fprintf(stderr, "%s:%d:%d: %s\n", m->section, m->row, m->col, m->message);
}

static void stub(as_generic *g) { (void)g; }

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    if (s && fread(s, 1, (size_t)n, f) != (size_t)n) n = 0;
    if (s) s[n] = 0;
    fclose(f);
    return s;
}

static int opcode(const char *name)
{
    for (int i = 0; i < BC__COUNT; i++)
        if (!strcmp(as_opcode_names[i], name)) return i;
    return -1;
}

static int edit(as_function *f, const char *e)
{
    char field[8];
    unsigned pc;
    char value[32];
    unsigned long long k;
    if (sscanf(e, "k%u=%llu", &pc, &k) == 2 && pc < f->bc.nconsts) {
        f->bc.consts[pc].u64 = k;
        return 0;
    }
    if (sscanf(e, "%u.%7[a-z]=%31s", &pc, field, value) != 3 || pc >= f->bc.ncode) return -1;
    as_insn *in = &f->bc.code[pc];
    long v = strtol(value, NULL, 10);
    if (!strcmp(field, "op")) {
        int op = opcode(value);
        if (op < 0) return -1;
        in->op = (uint16_t)op;
    } else if (!strcmp(field, "a")) in->a = (uint16_t)v;
    else if (!strcmp(field, "b")) in->b = (uint16_t)v;
    else if (!strcmp(field, "c")) in->c = (uint16_t)v;
    else if (!strcmp(field, "sbx")) in->sbx = (int32_t)v;
    else return -1;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: craft SCRIPT OUT FUNCDECL EDIT...\n");
        return 2;
    }
    as_engine *e = as_engine_create();
    as_engine_set_message_callback(e, show, NULL);
    static const char *const stubs[] = {"void print(const string &in)", "void println(const string &in)"};
    if (as_register_string(e) < 0 || as_register_array(e, true) < 0 || as_register_string_utils(e) < 0 ||
        as_register_dictionary(e) < 0 || as_register_math(e) < 0 || as_register_grid(e) < 0)
        return 1;
    for (size_t i = 0; i < sizeof stubs / sizeof stubs[0]; i++)
        if (as_register_global_function(e, stubs[i], AS_FN(stub), AS_CALL_GENERIC, NULL) < 0) return 1;
    char *src = slurp(argv[1]);
    as_module *m = as_engine_get_module(e, "main", AS_GM_ALWAYS_CREATE);
    if (!src || as_module_add_section(m, argv[1], src, strlen(src), 0) < 0 || as_module_build(m) < 0) return 1;
    as_function *f = as_module_function_by_decl(m, argv[3]);
    if (!f) {
        fprintf(stderr, "craft: no function %s\n", argv[3]);
        return 1;
    }
    for (int i = 4; i < argc; i++) {
        if (edit(f, argv[i]) < 0) {
            fprintf(stderr, "craft: bad edit %s\n", argv[i]);
            return 1;
        }
    }
    void *data;
    size_t size;
    if (as_module_save_bytecode_to_memory(m, false, &data, &size) < 0) return 1;
    FILE *out = fopen(argv[2], "wb");
    if (!out || fwrite(data, 1, size, out) != size) return 1;
    fclose(out);
    as_free_mem(data);
    free(src);
    as_engine_release(e);
    return 0;
}
