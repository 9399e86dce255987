/* Diagnostics: a compile's messages as LSP Diagnostics per file (every open file it read gets
 * its list, empty or not), and what the client is sent for
 * a file: the diagnostics every compile root's last compile gave it, each once (two entry
 * scripts that include one file both report its error; the editor shows it once). */
#define _POSIX_C_SOURCE 200809L
#include "server.h"
#include "text.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *section_uri(lsp_server *s, const lsp_doc *doc, const char *section)
{
    if (!*section || strcmp(section, doc->path) == 0) return strdup(doc->uri);
    lsp_doc *open = docs_find_path(&s->docs, section);
    if (open) return strdup(open->uri);
    if (section[0] == '/') return path_to_uri(section);
    return strdup(section);
}

/* The list of uri in map, made if missing. Takes uri. */
static cJSON *list_for(cJSON *map, char *uri)
{
    if (!uri) return NULL;
    cJSON *list = cJSON_GetObjectItemCaseSensitive(map, uri);
    if (!list) {
        list = cJSON_CreateArray();
        cJSON_AddItemToObject(map, uri, list);
    }
    free(uri);
    return list;
}

/* The range of a message: from its position to the end of the token there (or of the line). */
static cJSON *message_range(const lsp_server *s, const lsp_analysis *a, const lsp_doc *doc, const lsp_message *m)
{
    const lsp_section *sec = analysis_section(a, *m->section ? m->section : doc->path);
    if (!sec) {
        cJSON *range = cJSON_CreateObject(), *from = cJSON_CreateObject(), *to = cJSON_CreateObject();
        int line = m->row > 0 ? m->row - 1 : 0, col = m->col > 0 ? m->col - 1 : 0;
        cJSON_AddNumberToObject(from, "line", line);
        cJSON_AddNumberToObject(from, "character", col);
        cJSON_AddNumberToObject(to, "line", line);
        cJSON_AddNumberToObject(to, "character", col);
        cJSON_AddItemToObject(range, "start", from);
        cJSON_AddItemToObject(range, "end", to);
        return range;
    }
    size_t start = text_offset_of_row_col(sec->text, sec->len, m->row, m->col);
    size_t end = text_token_end(sec->text, sec->len, start);
    if (end == start) {
        /* at the end of a line (a missing ';'): the line's last character */
        size_t line_start = text_row_start(sec->text, sec->len, m->row);
        if (start > line_start) start--;
    }
    return json_range(s, sec->text, sec->len, start, end);
}

cJSON *diagnostics_of(lsp_server *s, const lsp_doc *doc, const lsp_analysis *a)
{
    cJSON *map = cJSON_CreateObject();
    list_for(map, strdup(doc->uri));   /* the document itself always gets its list */
    /* so do the open files it read: the editor sees them checked again, with their version */
    for (int i = 0; i < a->section_count; i++) {
        const lsp_doc *open = docs_find_path(&s->docs, a->sections[i].name);
        if (open && open != doc && open->client_open) list_for(map, strdup(open->uri));
    }
    cJSON *related = NULL;   /* info messages waiting for the error or warning they explain */
    for (int i = 0; i < a->message_count; i++) {
        const lsp_message *m = &a->messages[i];
        /* a message about code of no file (a default argument's "default arg" section) is
         * shown where the next message about a file points: the call it was compiled for */
        lsp_message placed;
        if (*m->section && !analysis_section(a, m->section)) {
            placed = *m;
            placed.section = "";
            placed.row = placed.col = 1;
            for (int j = i + 1; j < a->message_count; j++)
                if (!*a->messages[j].section || analysis_section(a, a->messages[j].section)) {
                    placed.section = a->messages[j].section;
                    placed.row = a->messages[j].row;
                    placed.col = a->messages[j].col;
                    break;
                }
            m = &placed;
        }
        char *uri = section_uri(s, doc, m->section);
        if (!uri) continue;
        if (m->type == AS_MSG_INFORMATION && i + 1 < a->message_count && a->messages[i + 1].type != AS_MSG_INFORMATION) {
            if (!related) related = cJSON_CreateArray();
            cJSON *info = cJSON_CreateObject(), *loc = cJSON_CreateObject();
            cJSON_AddStringToObject(loc, "uri", uri);
            cJSON_AddItemToObject(loc, "range", message_range(s, a, doc, m));
            cJSON_AddItemToObject(info, "location", loc);
            cJSON_AddStringToObject(info, "message", m->text);
            cJSON_AddItemToArray(related, info);
            free(uri);
            continue;
        }
        cJSON *list = list_for(map, uri);
        if (!list) continue;
        cJSON *d = cJSON_CreateObject();
        cJSON_AddItemToObject(d, "range", message_range(s, a, doc, m));
        cJSON_AddNumberToObject(d, "severity", m->type == AS_MSG_ERROR ? 1 : m->type == AS_MSG_WARNING ? 2 : 3);
        cJSON_AddStringToObject(d, "source", "angelc");
        cJSON_AddStringToObject(d, "message", m->text);
        if (related && m->type != AS_MSG_INFORMATION) {
            cJSON_AddItemToObject(d, "relatedInformation", related);
            related = NULL;
        }
        cJSON_AddItemToArray(list, d);
    }
    cJSON_Delete(related);
    return map;
}

void diagnostics_publish(lsp_server *s, const char *uri)
{
    cJSON *all = cJSON_CreateArray(), *d;
    for (const lsp_doc *root = s->docs.first; root; root = root->next) {
        const cJSON *list = root->root ? cJSON_GetObjectItemCaseSensitive(root->diagnostics, uri) : NULL;
        cJSON_ArrayForEach(d, list) {
            bool seen = false;
            const cJSON *have;
            cJSON_ArrayForEach(have, all) if (cJSON_Compare(have, d, true)) seen = true;
            if (!seen) cJSON_AddItemToArray(all, cJSON_Duplicate(d, true));
        }
    }
    cJSON *params = cJSON_CreateObject();
    cJSON_AddStringToObject(params, "uri", uri);
    const lsp_doc *doc = docs_find(&s->docs, uri);
    if (doc && doc->client_open) cJSON_AddNumberToObject(params, "version", doc->version);
    cJSON_AddItemToObject(params, "diagnostics", all);
    lsp_send_notification(s, "textDocument/publishDiagnostics", params);
}

void diagnostics_replace(lsp_server *s, lsp_doc *doc, cJSON *map)
{
    cJSON *old = doc->diagnostics;
    doc->diagnostics = map;
    const cJSON *list;
    cJSON_ArrayForEach(list, map) diagnostics_publish(s, list->string);
    /* files the old compile reported on and the new one does not: cleared (or what others say) */
    cJSON_ArrayForEach(list, old) if (!cJSON_GetObjectItemCaseSensitive(map, list->string)) diagnostics_publish(s, list->string);
    cJSON_Delete(old);
}
