/* FNV-1a over n bytes: the checksum an unkeyed bytecode header carries over its body (the
 * loader's bc_checksum). tests/api/robust_bytecode.c and tests/fuzz/bytecode.c set it after
 * changing bytes, so the damage reaches the loader past the checksum test. */
#ifndef ANGELC_TEST_FNV1A_H
#define ANGELC_TEST_FNV1A_H

#include <stddef.h>
#include <stdint.h>

static uint64_t fnv1a(const uint8_t *p, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

#endif
