/* The bytecode hash of a function (aot.h): FNV-1a over what compiled code depends on. */
#include "aot.h"
#include <string.h>

static uint64_t mix(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 1099511628211u;
    }
    return h;
}

static uint64_t mix_str(uint64_t h, const char *s) { return mix(h, s ? s : "", s ? strlen(s) + 1 : 1); }

void aot_decl(const as_function *f, char *buf, size_t n) { function_format_decl(f, buf, n, true, true, false); }

uint64_t aot_hash(const as_function *f)
{
    const as_bytecode *bc = &f->bc;
    uint64_t h = 14695981039346656037u;
    uint32_t head[4] = {AS_AOT_ABI, bc->nslots, f->nargslots, bc->ncode};
    h = mix(h, head, sizeof head);
    for (uint32_t i = 0; i < bc->ncode; i++) h = mix(h, &bc->code[i].raw, sizeof bc->code[i].raw);
    char decl[512];
    for (uint32_t i = 0; i < bc->nconsts; i++) {
        uint8_t kind = bc->kinds ? bc->kinds[i] : K_RAW;
        h = mix(h, &kind, 1);
        if (kind == K_RAW) {
            h = mix(h, &bc->consts[i].u64, sizeof bc->consts[i].u64);
        } else if (kind == K_FUNC && bc->consts[i].p) {
            aot_decl(bc->consts[i].p, decl, sizeof decl);
            h = mix_str(h, decl);
        } else if (kind == K_TYPE && bc->consts[i].p) {
            h = mix_str(h, ((const as_type *)bc->consts[i].p)->name);
        }
    }
    return h;
}
