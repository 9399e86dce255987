/* Reading the configuration file (docs/bindgen.md lists the directives). */
#include "config.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* keyword, least and most arguments */
static const struct { const char *word; int min, max; } directives[] = {
    {"name", 1, 1},      {"include", 1, 1},  {"namespace", 1, 1}, {"prefix", 1, 1},   {"skip", 1, 1},
    {"rename", 2, 2},    {"destroy", 2, 2},  {"ref", 1, 1},       {"owned", 1, 1},    {"borrowed", 1, 1},
    {"free-result", 2, 2}, {"string-result", 1, 1}, {"fixed", 3, 3}, {"gives", 2, 2}, {"clang-arg", 1, 1}, {"callback", 2, 2},
};

static char *dup_n(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (!d) { perror("angelc-bindgen"); exit(2); }
    memcpy(d, s, n);
    d[n] = 0;
    return d;
}

static bool add(bg_config *cfg, char *line, int lineno)
{
    char *p = line;
    char *words[4];
    int nw = 0;
    while (*p) {
        while (isspace((unsigned char)*p)) p++;
        if (!*p || *p == '#') break;
        if (nw == 3) {   /* the rest of the line is the last argument ("fixed f 5 SQLITE_TRANSIENT") */
            size_t n = strlen(p);
            while (n && isspace((unsigned char)p[n - 1])) n--;
            words[nw++] = dup_n(p, n);
            break;
        }
        char *w = p;
        while (*p && !isspace((unsigned char)*p)) p++;
        words[nw++] = dup_n(w, (size_t)(p - w));
    }
    if (nw == 0) return true;
    for (size_t i = 0; i < sizeof directives / sizeof directives[0]; i++) {
        if (strcmp(directives[i].word, words[0]) != 0) continue;
        if (nw - 1 < directives[i].min || nw - 1 > directives[i].max) {
            fprintf(stderr, "%s:%d: '%s' takes %d argument%s\n", cfg->path, lineno, words[0], directives[i].max,
                    directives[i].max == 1 ? "" : "s");
            for (int k = 0; k < nw; k++) free(words[k]);
            return false;
        }
        if (cfg->n == cfg->cap) {
            cfg->cap = cfg->cap ? cfg->cap * 2 : 16;
            cfg->d = realloc(cfg->d, (size_t)cfg->cap * sizeof *cfg->d);
            if (!cfg->d) { perror("angelc-bindgen"); exit(2); }
        }
        bg_directive *d = &cfg->d[cfg->n++];
        memset(d, 0, sizeof *d);
        d->word = words[0];
        d->nargs = nw - 1;
        for (int k = 1; k < nw; k++) d->arg[k - 1] = words[k];
        d->line = lineno;
        return true;
    }
    fprintf(stderr, "%s:%d: unknown directive '%s'\n", cfg->path, lineno, words[0]);
    for (int k = 0; k < nw; k++) free(words[k]);
    return false;
}

bool bg_config_load(bg_config *cfg, const char *path)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->path = dup_n(path ? path : "(none)", strlen(path ? path : "(none)"));
    if (!path) return true;
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "angelc-bindgen: cannot read %s\n", path);
        return false;
    }
    char line[1024];
    int lineno = 0;
    bool ok = true;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (!strchr(line, '\n') && !feof(f)) {
            fprintf(stderr, "%s:%d: line too long\n", path, lineno);
            ok = false;
            break;
        }
        if (!add(cfg, line, lineno)) ok = false;
    }
    fclose(f);
    return ok;
}

void bg_config_free(bg_config *cfg)
{
    for (int i = 0; i < cfg->n; i++) {
        free(cfg->d[i].word);
        for (int k = 0; k < cfg->d[i].nargs; k++) free(cfg->d[i].arg[k]);
    }
    free(cfg->d);
    free(cfg->path);
    memset(cfg, 0, sizeof *cfg);
}

const char *bg_config_get(const bg_config *cfg, const char *word)
{
    for (int i = 0; i < cfg->n; i++)
        if (strcmp(cfg->d[i].word, word) == 0) return cfg->d[i].arg[0];
    return NULL;
}

bool bg_glob(const char *pat, const char *s)
{
    if (!*pat) return !*s;
    if (*pat == '*') return bg_glob(pat + 1, s) || (*s && bg_glob(pat, s + 1));
    return *s == *pat && bg_glob(pat + 1, s + 1);
}

const bg_directive *bg_config_match(const bg_config *cfg, const char *word, const char *name)
{
    for (int i = 0; i < cfg->n; i++)
        if (strcmp(cfg->d[i].word, word) == 0 && bg_glob(cfg->d[i].arg[0], name)) return &cfg->d[i];
    return NULL;
}
