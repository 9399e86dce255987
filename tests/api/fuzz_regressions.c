/* Inputs with which a fuzz target (tests/fuzz) once found a fault, replayed through the same
 * target code at every make test: tests/fuzz/regressions/<target>/ holds them, one file each.
 * The allocator counts bytes, so an input that leaks fails here too; make asan sees the rest
 * (uses after free). Each file's name says what it found (tests/fuzz/README.md, "What they
 * found"). */
#define _POSIX_C_SOURCE 200809L
#define LLVMFuzzerTestOneInput fuzz_bytecode_one
#include "../fuzz/bytecode.c"
#undef LLVMFuzzerTestOneInput
#include <dirent.h>
#include <stdio.h>
#include "check.h"

#include "count_alloc.h"

/* Every file of dir through one(data, size); returns how many there were. */
static int replay(const char *dir, int (*one)(const uint8_t *, size_t))
{
    DIR *d = opendir(dir);
    REQUIRE(d != NULL);
    static uint8_t buf[1 << 20];
    int n = 0;
    for (struct dirent *de; (de = readdir(d));) {
        if (de->d_name[0] == '.') continue;
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        FILE *fp = fopen(path, "rb");
        REQUIRE(fp != NULL);
        size_t size = fread(buf, 1, sizeof buf, fp);
        fclose(fp);
        size_t before = live_bytes;
        one(buf, size);
        if (live_bytes != before) fprintf(stderr, "  %s: %zu bytes left\n", path, live_bytes - before);
        CHECK(live_bytes == before);
        n++;
    }
    closedir(d);
    return n;
}

static void bytecode_inputs(void) { CHECK(replay("tests/fuzz/regressions/bytecode", fuzz_bytecode_one) >= 1); }
/* blobs edited on purpose that crashed when run (issue 32): loaded and, if accepted, run by the
 * target's code; the verifier refuses each (tests/cli/bytecode_crafted.sh checks the message) */
static void crafted_bytecode(void) { CHECK(replay("tests/bytecode/crafted", fuzz_bytecode_one) >= 20); }

int main(void)
{
    REQUIRE(as_set_global_memory_functions(count_alloc, count_free) >= 0);
    group_alarm = 120;
    group("bytecode target inputs", bytecode_inputs);
    group("crafted bytecode", crafted_bytecode);
    return failures ? 1 : 0;
}
