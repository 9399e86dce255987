/* Which documents are compiled as programs of their own (roots) and which as part of the root
 * that #includes them (server.h, project.h). A root is a project's entry script (compiled from
 * its file when the client has not opened it) or an open document that no root's last compile
 * read. A document a root includes shares that root's last good compile for its features, and
 * its diagnostics are that compile's; it is never compiled alone, where the names its includer
 * declares would be errors. */
#define _POSIX_C_SOURCE 200809L
#include "server.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SCRIPT_FILE_MAX ((size_t)16 << 20)
#define SETTLE_ROUNDS 8

/* A root (other than doc) whose last compile read doc, one that compiled if there is one; NULL
 * if none. Two files that include each other are both roots. */
static lsp_doc *includer_of(lsp_server *s, const lsp_doc *doc)
{
    lsp_doc *found = NULL;
    for (lsp_doc *r = s->docs.first; r; r = r->next)
        if (r != doc && r->root && docs_includes(r, doc->path) && !docs_includes(doc, r->path)) {
            if (r->good) return r;
            if (!found) found = r;
        }
    return found;
}

static bool wants_root(lsp_server *s, const lsp_doc *doc)
{
    return doc->entry || (doc->client_open && !includer_of(s, doc));
}

/* Compiles doc as a program: its diagnostics, the files it read, its compile if good. */
static void compile_root(lsp_server *s, lsp_doc *doc)
{
    lsp_analysis *a = analysis_run(s->host, s->project, &s->docs, doc);
    if (!a) return;
    doc->root = true;
    docs_forget_includes(doc);
    for (int i = 0; i < a->section_count; i++) {
        const char *name = a->sections[i].name;
        if (!*name || strcmp(name, doc->path) == 0) continue;
        char **grown = realloc(doc->includes, (size_t)(doc->include_count + 1) * sizeof *grown);
        if (!grown) break;
        doc->includes = grown;
        if (!(grown[doc->include_count] = lsp_strdup_n(name, strlen(name)))) break;
        doc->include_count++;
    }
    diagnostics_replace(s, doc, diagnostics_of(s, doc, a));
    if (a->module) {
        analysis_free(doc->good, s->host);
        doc->good = a;
    } else analysis_free(a, s->host);
}

/* doc is now part of another root's program: what its own compile said goes. */
static void demote(lsp_server *s, lsp_doc *doc)
{
    doc->root = false;
    docs_forget_includes(doc);
    diagnostics_replace(s, doc, NULL);
    analysis_free(doc->good, s->host);
    doc->good = NULL;
}

/* Makes the roots what wants_root says (a compile can include a file that was a root, or stop
 * including one), then gives each included document its root's compile. */
static void settle(lsp_server *s)
{
    for (int round = 0; round < SETTLE_ROUNDS; round++) {
        bool changed = false;
        for (lsp_doc *d = s->docs.first; d; d = d->next) {
            bool want = wants_root(s, d);
            if (d->root && !want) demote(s, d);
            else if (!d->root && want) compile_root(s, d);
            else continue;
            changed = true;
        }
        if (!changed) break;
    }
    for (lsp_doc *d = s->docs.first; d; d = d->next) {
        if (d->root) continue;
        lsp_doc *r = includer_of(s, d);
        struct lsp_analysis *good = r ? r->good : NULL;
        if (d->good == good) continue;
        analysis_free(d->good, s->host);
        d->good = analysis_retain(good);
    }
}

/* doc's text changed (or it opened, or closed): it and every root that read it compile again. */
static void recompile_around(lsp_server *s, lsp_doc *doc)
{
    if (doc->root || wants_root(s, doc)) compile_root(s, doc);
    for (lsp_doc *r = s->docs.first; r; r = r->next)
        if (r != doc && r->root && docs_includes(r, doc->path)) compile_root(s, r);
    settle(s);
}

/* A project entry the client has not opened: its file, as it is on disk. */
static void load_entry(lsp_server *s, const char *path)
{
    lsp_doc *doc = docs_find_path(&s->docs, path);
    if (!doc) {
        size_t len = 0;
        char *text = lsp_read_file(path, SCRIPT_FILE_MAX, &len), *uri = path_to_uri(path);
        if (!text) {
            char msg[600];
            snprintf(msg, sizeof msg, "angelc.json: the entry script %.500s cannot be read", path);
            cJSON *p = cJSON_CreateObject();
            cJSON_AddNumberToObject(p, "type", 1);
            cJSON_AddStringToObject(p, "message", msg);
            lsp_send_notification(s, "window/showMessage", p);
        }
        doc = text && uri ? docs_open(&s->docs, uri, text, len, 0) : NULL;
        free(text);
        free(uri);
    }
    if (doc) doc->entry = true;
}

void workspace_start(lsp_server *s)
{
    if (s->project_started) return;
    s->project_started = true;
    if (s->project_error) {
        cJSON *p = cJSON_CreateObject();
        cJSON_AddNumberToObject(p, "type", s->project ? 2 : 1);
        cJSON_AddStringToObject(p, "message", s->project_error);
        lsp_send_notification(s, "window/showMessage", p);
    }
    for (int i = 0; s->project && i < s->project->entry_count; i++) load_entry(s, s->project->entries[i]);
    settle(s);
}

void workspace_open(lsp_server *s, const char *uri, const char *text, size_t len, int version)
{
    workspace_start(s);
    lsp_doc *doc = docs_find(&s->docs, uri);
    if (!doc) {
        /* a project entry read from disk, now opened under the client's spelling of its URI */
        char *path = uri_to_path(uri), *copy = lsp_strdup_n(uri, strlen(uri));
        doc = path && copy ? docs_find_path(&s->docs, path) : NULL;
        if (doc) {
            free(doc->uri);
            doc->uri = copy;
            copy = NULL;
        }
        free(path);
        free(copy);
    }
    doc = doc ? (docs_set_text(doc, text, len, version) < 0 ? NULL : doc) : docs_open(&s->docs, uri, text, len, version);
    if (!doc) return;
    doc->client_open = true;
    doc->entry = project_is_entry(s->project, doc->path);
    recompile_around(s, doc);
}

void workspace_changed(lsp_server *s, lsp_doc *doc)
{
    workspace_start(s);
    recompile_around(s, doc);
}

void workspace_close(lsp_server *s, lsp_doc *doc)
{
    if (doc->entry) {
        /* the entry stays in the project, as its file says */
        size_t len = 0;
        char *text = lsp_read_file(doc->path, SCRIPT_FILE_MAX, &len);
        doc->client_open = false;
        if (text) docs_set_text(doc, text, len, 0);
        free(text);
        recompile_around(s, doc);
        return;
    }
    docs_unlink(&s->docs, doc);
    /* what its own compile said is withdrawn; the roots that read it read its file now */
    cJSON *old = doc->diagnostics, *list;
    doc->diagnostics = NULL;
    cJSON_ArrayForEach(list, old) diagnostics_publish(s, list->string);
    cJSON_Delete(old);
    for (lsp_doc *r = s->docs.first; r; r = r->next)
        if (r->root && docs_includes(r, doc->path)) compile_root(s, r);
    analysis_free(doc->good, s->host);
    docs_free_one(doc);
    settle(s);
}

void workspace_free(lsp_server *s)
{
    while (s->docs.first) {
        lsp_doc *doc = s->docs.first;
        docs_unlink(&s->docs, doc);
        analysis_free(doc->good, s->host);
        docs_free_one(doc);
    }
    project_free(s->project);
    s->project = NULL;
    free(s->project_error);
    s->project_error = NULL;
}
