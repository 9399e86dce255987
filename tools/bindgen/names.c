/* Script names: the configuration's prefixes stripped and renames applied, keywords refused,
 * each name used once. */
#include "gen.h"
#include <stdlib.h>
#include <string.h>

void bg_script_name(const bg_gen *g, const char *c_name, char *out, size_t size)
{
    const bg_directive *r = bg_config_match(g->cfg, "rename", c_name);
    if (r) {
        snprintf(out, size, "%s", r->arg[1]);
        return;
    }
    for (int i = 0; i < g->cfg->n; i++) {
        const bg_directive *d = &g->cfg->d[i];
        size_t n = strlen(d->arg[0]);
        /* a prefix is stripped when a name (not a digit) remains */
        if (strcmp(d->word, "prefix") == 0 && strncmp(c_name, d->arg[0], n) == 0 && c_name[n] &&
            !(c_name[n] >= '0' && c_name[n] <= '9')) {
            snprintf(out, size, "%s", c_name + n);
            return;
        }
    }
    snprintf(out, size, "%s", c_name);
}

bool bg_is_keyword(const char *s)
{
    static const char *const words[] = {
        "and", "auto", "bool", "break", "case", "cast", "catch", "class", "const", "continue", "default", "do",
        "double", "else", "enum", "false", "float", "for", "funcdef", "if", "import", "in", "inout", "int", "int8",
        "int16", "int32", "int64", "interface", "is", "mixin", "namespace", "not", "null", "or", "out", "private",
        "protected", "return", "switch", "true", "try", "typedef", "uint", "uint8", "uint16", "uint32", "uint64",
        "void", "while", "xor", "this", "super", "function", "string", "array", "abstract", "final", "override",
        "shared", "external", "explicit", "property", "get", "set", "from",
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcmp(words[i], s) == 0) return true;
    return false;
}

bool bg_claim_name(bg_gen *g, const char *script)
{
    for (int i = 0; i < g->nnames; i++)
        if (strcmp(g->names[i], script) == 0) return false;
    if (g->nnames == BG_MAX_NAMES) return false;
    g->names[g->nnames++] = strdup(script);
    return true;
}
