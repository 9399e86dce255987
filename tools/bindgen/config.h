/* angelc-bindgen's configuration file: one directive a line, words separated by blanks, '#'
 * starts a comment (the format is documented in docs/bindgen.md). */
#ifndef BINDGEN_CONFIG_H
#define BINDGEN_CONFIG_H
#include <stdbool.h>
#include <stdio.h>

/* One directive: its keyword and up to three arguments (the rest of the line joined into the last). */
typedef struct bg_directive {
    char *word;
    char *arg[3];
    int nargs;
    int line;
} bg_directive;

typedef struct bg_config {
    char *path;
    bg_directive *d;
    int n, cap;
} bg_config;

/* Reads path into cfg (NULL path: an empty configuration). False with a message on stderr for an
 * unreadable file, an unknown directive or a wrong number of arguments. Free with bg_config_free. */
bool bg_config_load(bg_config *cfg, const char *path);
void bg_config_free(bg_config *cfg);
/* The first argument of the first directive `word` (NULL if none). */
const char *bg_config_get(const bg_config *cfg, const char *word);
/* The directive `word` whose first argument matches name (a glob with '*'), NULL if none. */
const bg_directive *bg_config_match(const bg_config *cfg, const char *word, const char *name);
/* Does the glob pattern (only '*' is special) match s? */
bool bg_glob(const char *pattern, const char *s);
#endif
