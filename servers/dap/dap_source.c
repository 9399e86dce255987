/* Script sections that are no file (code from a host's memory, `angelc run -e`, standard input):
 * the host gives their text (as_dap_add_source), stack frames name them by a sourceReference,
 * and the client reads them with the `source` request. Sections that are files keep their path:
 * the client opens the file itself. */
#define _XOPEN_SOURCE 700
#include "dap_internal.h"
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static bool is_file(const char *path)
{
    struct stat st;
    return path && path[0] == '/' && stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int as_dap_add_source(as_dap_server *s, const char *section, const char *text, size_t len)
{
    if (!s || !section || !section[0] || (!text && len)) return AS_INVALID_ARG;
    char *copy = malloc(len + 1);
    if (!copy) return AS_OUT_OF_MEMORY;
    if (len) memcpy(copy, text, len);
    copy[len] = 0;
    pthread_mutex_lock(&s->lock);
    dap_section *sec = dap_add_section(s, section);
    if (sec) {
        free(sec->text);
        sec->text = copy;
        sec->text_len = len;
        if (!sec->ref) sec->ref = ++s->next_source_ref;
    }
    pthread_mutex_unlock(&s->lock);
    if (!sec) {
        free(copy);
        return AS_OUT_OF_MEMORY;
    }
    return AS_SUCCESS;
}

static const dap_section *section_of_ref(as_dap_server *s, int ref)
{
    for (int i = 0; ref > 0 && i < s->nsections; i++)
        if (s->sections[i].ref == ref) return &s->sections[i];
    return NULL;
}

cJSON *dap_source_json(as_dap_server *s, const char *section)
{
    const dap_section *sec = dap_find_section(s, section);
    cJSON *src = cJSON_CreateObject();
    if (sec && sec->text && !is_file(sec->path)) {
        /* the client has no file to open: it asks us (a name with no '/' is not taken for a path) */
        cJSON_AddStringToObject(src, "name", section);
        cJSON_AddNumberToObject(src, "sourceReference", sec->ref);
        cJSON_AddStringToObject(src, "presentationHint", "emphasize");
        return src;
    }
    char *path = sec ? NULL : dap_resolve_path(section);
    cJSON_AddStringToObject(src, "name", dap_base_name(section));
    cJSON_AddStringToObject(src, "path", sec ? sec->path : path ? path : section);
    free(path);
    return src;
}

char *dap_source_path(as_dap_server *s, const cJSON *source)
{
    const cJSON *ref = cJSON_GetObjectItemCaseSensitive(source, "sourceReference");
    if (cJSON_IsNumber(ref) && ref->valuedouble >= 1 && ref->valuedouble <= 1e9) {
        pthread_mutex_lock(&s->lock);
        const dap_section *sec = section_of_ref(s, (int)ref->valuedouble);
        char *path = sec ? dap_strdup(sec->path) : NULL;
        pthread_mutex_unlock(&s->lock);
        if (path) return path;
    }
    const cJSON *path = cJSON_GetObjectItemCaseSensitive(source, "path");
    if (!cJSON_IsString(path) || !path->valuestring[0]) path = cJSON_GetObjectItemCaseSensitive(source, "name");
    return cJSON_IsString(path) && path->valuestring[0] ? dap_resolve_path(path->valuestring) : NULL;
}

void dap_source_request(as_dap_server *s, const cJSON *req)
{
    const cJSON *args = dap_arguments(req);
    const cJSON *ref = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(args, "source"), "sourceReference");
    if (!cJSON_IsNumber(ref)) ref = cJSON_GetObjectItemCaseSensitive(args, "sourceReference");
    if (!cJSON_IsNumber(ref) || ref->valuedouble < 1 || ref->valuedouble > 1e9) {
        dap_respond(s, req, false, "source needs a sourceReference", NULL);
        return;
    }
    pthread_mutex_lock(&s->lock);
    const dap_section *sec = section_of_ref(s, (int)ref->valuedouble);
    cJSON *body = NULL;
    if (sec) {
        body = cJSON_CreateObject();
        cJSON_AddStringToObject(body, "content", sec->text);
        cJSON_AddStringToObject(body, "mimeType", "text/x-angelscript");
    }
    pthread_mutex_unlock(&s->lock);
    if (!body) dap_respond(s, req, false, "no source has that sourceReference", NULL);
    else dap_respond(s, req, true, NULL, body);
}
