/* Reading a project file, angelc.json (project.h). */
#define _POSIX_C_SOURCE 200809L
#include "project.h"
#include "documents.h"
#include <cjson/cJSON.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PROJECT_FILE_MAX ((size_t)1 << 20)

/* Appends a line to *error. */
static void say(char **error, const char *fmt, ...)
{
    char line[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    size_t old = *error ? strlen(*error) : 0, n = strlen(line);
    char *grown = realloc(*error, old + n + 2);
    if (!grown) return;
    if (old) grown[old++] = '\n';
    memcpy(grown + old, line, n + 1);
    *error = grown;
}

/* dir/rel (rel itself when absolute), normalised; malloc'd. */
static char *resolve(const char *dir, const char *rel)
{
    size_t d = rel[0] == '/' ? 0 : strlen(dir), n = strlen(rel);
    char *path = malloc(d + n + 2);
    if (!path) return NULL;
    memcpy(path, dir, d);
    if (d) path[d++] = '/';
    memcpy(path + d, rel, n + 1);
    path_normalise(path);
    return path;
}

static bool push_string(char ***list, int *count, char *s)
{
    char **grown = s ? realloc(*list, (size_t)(*count + 1) * sizeof *grown) : NULL;
    if (!grown) {
        free(s);
        return false;
    }
    *list = grown;
    grown[(*count)++] = s;
    return true;
}

/* The line of the place cJSON stopped parsing. */
static int error_line(const char *text, const char *at)
{
    int line = 1;
    for (const char *p = text; at && p < at && *p; p++) line += *p == '\n';
    return line;
}

lsp_project *project_load(const char *root, char **error)
{
    *error = NULL;
    char *file = resolve(root, "angelc.json");
    size_t len = 0;
    char *text = file ? lsp_read_file(file, PROJECT_FILE_MAX, &len) : NULL;
    if (!text) {
        free(file);
        return NULL;
    }
    cJSON *json = cJSON_ParseWithLength(text, len);
    lsp_project *p = NULL;
    if (!json) say(error, "%s:%d: not valid JSON", file, error_line(text, cJSON_GetErrorPtr()));
    else p = project_from_json(json, root, file, error);
    free(text);
    free(file);
    cJSON_Delete(json);
    return p;
}

lsp_project *project_from_json(const cJSON *json, const char *root, const char *label, char **error)
{
    if (!cJSON_IsObject(json)) {
        say(error, "%s: the project is not a JSON object", label);
        return NULL;
    }
    lsp_project *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->file = lsp_strdup_n(label, strlen(label));
    const char *file = label;
    const char *dir = root;
    const cJSON *entries = cJSON_GetObjectItemCaseSensitive(json, "entries"), *item;
    if (entries && !cJSON_IsArray(entries)) say(error, "%s: \"entries\" must be an array of script paths", file);
    const cJSON *entry_list = cJSON_IsArray(entries) ? entries : NULL;
    cJSON_ArrayForEach(item, entry_list) {
        if (cJSON_IsString(item) && *item->valuestring) push_string(&p->entries, &p->entry_count, resolve(dir, item->valuestring));
        else say(error, "%s: an entry that is not a path is left out", file);
    }
    const cJSON *api = cJSON_GetObjectItemCaseSensitive(json, "api");
    if (cJSON_IsString(api)) {
        char *api_path = resolve(dir, api->valuestring);
        const char *why = NULL;
        p->api = api_path ? lsp_api_load(api_path, &why) : NULL;
        if (!p->api) say(error, "%s: \"api\": %s: %s", file, api_path ? api_path : api->valuestring, why ? why : "out of memory");
        /* what of it does not register is said once, on standard error (the editor's server
         * log), as for --api */
        as_engine *trial = p->api ? as_engine_create() : NULL;
        if (trial) {
            lsp_api_register(p->api, trial, stderr);
            as_engine_destroy(trial);
        }
        free(api_path);
    } else if (api) say(error, "%s: \"api\" must be the path of an API dump", file);
    const cJSON *props = cJSON_GetObjectItemCaseSensitive(json, "properties");
    if (props && !cJSON_IsObject(props)) say(error, "%s: \"properties\" must be an object of NAME: value", file);
    const cJSON *prop_list = cJSON_IsObject(props) ? props : NULL;
    cJSON_ArrayForEach(item, prop_list) {
        int prop = as_engine_property_by_name(item->string);
        int64_t value = cJSON_IsBool(item) ? cJSON_IsTrue(item) : cJSON_IsNumber(item) ? (int64_t)item->valuedouble : 0;
        if (prop < 0) say(error, "%s: no engine property \"%s\"", file, item->string);
        else if (!cJSON_IsBool(item) && !cJSON_IsNumber(item)) say(error, "%s: property \"%s\" needs a number or true/false", file, item->string);
        else {
            lsp_property *grown = realloc(p->properties, (size_t)(p->property_count + 1) * sizeof *grown);
            if (grown) {
                p->properties = grown;
                grown[p->property_count++] = (lsp_property){prop, value};
            }
        }
    }
    const cJSON *defines = cJSON_GetObjectItemCaseSensitive(json, "defines");
    if (defines && !cJSON_IsArray(defines)) say(error, "%s: \"defines\" must be an array of words", file);
    const cJSON *define_list = cJSON_IsArray(defines) ? defines : NULL;
    cJSON_ArrayForEach(item, define_list) {
        if (cJSON_IsString(item)) push_string(&p->defines, &p->define_count, lsp_strdup_n(item->valuestring, strlen(item->valuestring)));
    }
    return p;
}

void project_free(lsp_project *p)
{
    if (!p) return;
    for (int i = 0; i < p->entry_count; i++) free(p->entries[i]);
    free(p->entries);
    for (int i = 0; i < p->define_count; i++) free(p->defines[i]);
    free(p->defines);
    free(p->properties);
    lsp_api_free(p->api);
    free(p->file);
    free(p);
}

bool project_is_entry(const lsp_project *p, const char *path)
{
    for (int i = 0; p && i < p->entry_count; i++)
        if (strcmp(p->entries[i], path) == 0) return true;
    return false;
}
