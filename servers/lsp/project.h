/* A project: the file `angelc.json` at the root of the client's workspace folder says which
 * scripts are the entry points (each compiled as one program, with what it #includes), and
 * optionally the API dump their host registers, engine properties and #if words:
 *
 *     { "entries": ["main.as", "tools/editor.as"],
 *       "api": "game.predefined",
 *       "properties": { "ALLOW_UNSAFE_REFERENCES": 1 },
 *       "defines": ["DEBUG"] }
 *
 * Paths are relative to the folder holding angelc.json. Every key is optional. A client may send
 * the same object as its initializationOptions instead (editor settings); the file wins. Without
 * either there is no project: each open document is compiled as a program of its own unless
 * another one includes it. */
#ifndef ANGELC_LSP_PROJECT_H
#define ANGELC_LSP_PROJECT_H
#include "angelc.h"
#include "api.h"

typedef struct lsp_property {
    int property;                /* an as_engine_prop */
    int64_t value;
} lsp_property;

typedef struct lsp_project {
    char *file;                  /* the project file's path */
    char **entries;              /* absolute, normalised */
    int entry_count;
    lsp_api *api;                /* NULL: the API of the program running the server */
    lsp_property *properties;
    int property_count;
    char **defines;
    int define_count;
} lsp_project;

/* The project of the folder root (a path), NULL if it has no angelc.json. A file that cannot be
 * read or is not what it should be gives NULL with *error set to a malloc'd message saying
 * what and where (the caller frees it); a part of it that is wrong (an unknown property) is left
 * out and said in *error too, the project still returned. */
lsp_project *project_load(const char *root, char **error);
/* The same from JSON the client sent (initializationOptions), paths relative to root; label
 * names it in messages. NULL (with *error) if json is no object. */
struct cJSON;
lsp_project *project_from_json(const struct cJSON *json, const char *root, const char *label, char **error);
void project_free(lsp_project *p);
/* Whether path is one of p's entry scripts. */
bool project_is_entry(const lsp_project *p, const char *path);

#endif
