/* Compiling a document for its diagnostics and symbols (analysis.h). */
#define _POSIX_C_SOURCE 200809L
#include "analysis.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MESSAGES_MAX 1000         /* a broken file can make many; an editor shows the first ones */
#define INCLUDE_FILE_MAX ((size_t)16 << 20)

typedef struct compile_state {
    lsp_analysis *a;
    lsp_docs *docs;
} compile_state;

static void on_message(const as_message *m, void *user)
{
    lsp_analysis *a = user;
    if (a->message_count >= MESSAGES_MAX) return;
    lsp_message *grown = realloc(a->messages, (size_t)(a->message_count + 1) * sizeof *grown);
    if (!grown) return;
    a->messages = grown;
    lsp_message *msg = &grown[a->message_count];
    const char *section = m->section ? m->section : "";
    msg->section = lsp_strdup_n(section, strlen(section));
    msg->text = lsp_strdup_n(m->message ? m->message : "", m->message ? strlen(m->message) : 0);
    if (!msg->section || !msg->text) {
        free(msg->section);
        free(msg->text);
        return;
    }
    msg->row = m->row;
    msg->col = m->col;
    msg->type = m->type;
    a->message_count++;
}

/* Keeps a copy of a section's text for positions and symbols. */
static int keep_section(lsp_analysis *a, const char *name, const char *text, size_t len)
{
    lsp_section *grown = realloc(a->sections, (size_t)(a->section_count + 1) * sizeof *grown);
    if (!grown) return -1;
    a->sections = grown;
    lsp_section *s = &grown[a->section_count];
    s->name = lsp_strdup_n(name, strlen(name));
    s->text = lsp_strdup_n(text, len);
    s->len = len;
    if (!s->name || !s->text) {
        free(s->name);
        free(s->text);
        return -1;
    }
    a->section_count++;
    return 0;
}

const lsp_section *analysis_section(const lsp_analysis *a, const char *name)
{
    for (int i = 0; i < a->section_count; i++)
        if (strcmp(a->sections[i].name, name) == 0) return &a->sections[i];
    return NULL;
}

/* The 1-based row and column of `#include "file"` in the including section (1,1 if not found). */
static void directive_position(const lsp_section *from, const char *file, int *row, int *col)
{
    *row = *col = 1;
    if (!from) return;
    size_t flen = strlen(file);
    int line = 1;
    const char *t = from->text, *end = t + from->len, *line_start = t;
    for (const char *p = t; p < end; p++) {
        if (*p == '\n') {
            line++;
            line_start = p + 1;
        } else if (*p == '#' && (size_t)(end - p) > 8 && strncmp(p, "#include", 8) == 0) {
            const char *q = memchr(p, '"', (size_t)(end - p));
            const char *eol = memchr(p, '\n', (size_t)(end - p));
            if (q && (!eol || q < eol) && (size_t)(end - q - 1) >= flen && memcmp(q + 1, file, flen) == 0 && q[1 + flen] == '"') {
                *row = line;
                *col = (int)(p - line_start) + 1;
                return;
            }
        }
    }
}

/* #include: the path next to the including section; an open document's unsaved text before
 * the file on disk. */
static int include_file(const char *include, const char *from, as_builder *b, void *user)
{
    compile_state *st = user;
    size_t dir = 0;
    const char *slash = strrchr(from, '/');
    if (include[0] != '/' && slash) dir = (size_t)(slash - from) + 1;
    size_t n = strlen(include);
    char *path = malloc(dir + n + 1);
    if (!path) return AS_ERROR;
    memcpy(path, from, dir);
    memcpy(path + dir, include, n + 1);
    path_normalise(path);
    int r;
    if (analysis_section(st->a, path)) r = 0;    /* included already */
    else {
        lsp_doc *open = docs_find_path(st->docs, path);
        size_t len = 0;
        char *disk = open ? NULL : lsp_read_file(path, INCLUDE_FILE_MAX, &len);
        const char *text = open ? open->text : disk;
        if (open) len = open->len;
        if (!text) {
            int row, col;
            directive_position(analysis_section(st->a, from), include, &row, &col);
            char msg[600];
            snprintf(msg, sizeof msg, "Failed to open script file '%.500s'", path);
            as_engine_write_message(as_builder_engine(b), from, row, col, AS_MSG_ERROR, msg);
            r = AS_ERROR;
        } else if (keep_section(st->a, path, text, len) < 0) r = AS_ERROR;
        else r = as_builder_add_memory(b, path, text, len, 0);
        free(disk);
    }
    free(path);
    return r;
}

static void release_engine(lsp_analysis *a, const lsp_host *host)
{
    if (a->builder) as_builder_destroy(a->builder);
    a->builder = NULL;
    if (a->engine) {
        if (a->host_setup && host->teardown) host->teardown(a->engine, host->user);
        as_engine_destroy(a->engine);
    }
    a->engine = NULL;
    a->module = NULL;
}

/* A project's API is another host's, whose #pragmas the server does not know: all are accepted. */
static int any_pragma(const char *text, as_builder *b, void *user)
{
    (void)text;
    (void)b;
    (void)user;
    return 0;
}

/* The engine as the project (or else the host) configures it. */
static int set_up(lsp_analysis *a, const lsp_host *host, const lsp_project *project)
{
    int r = 0;
    if (project && project->api) {
        lsp_api_register(project->api, a->engine, NULL);
        as_builder_set_pragma_callback(a->builder, any_pragma, NULL);
    } else {
        a->host_setup = true;
        r = host->setup(a->engine, a->builder, host->user);
    }
    for (int i = 0; r >= 0 && project && i < project->property_count; i++)
        as_engine_set_property(a->engine, (as_engine_prop)project->properties[i].property, project->properties[i].value);
    for (int i = 0; r >= 0 && project && i < project->define_count; i++) as_builder_define(a->builder, project->defines[i]);
    return r;
}

lsp_analysis *analysis_run(const lsp_host *host, const lsp_project *project, lsp_docs *docs, const lsp_doc *doc)
{
    lsp_analysis *a = calloc(1, sizeof *a);
    if (!a) return NULL;
    a->refs = 1;
    a->engine = as_engine_create();
    a->builder = as_builder_create();
    if (!a->engine || !a->builder || set_up(a, host, project) < 0) {
        release_engine(a, host);
        as_message m = {"", 0, 0, AS_MSG_ERROR, "the language server could not set up the engine"};
        on_message(&m, a);
        return a;
    }
    as_engine_set_message_callback(a->engine, on_message, a);
    /* the document is compiled, never run: global initialisers would run the edited code
     * (exec, print to the protocol's stdout, endless loops) */
    as_engine_set_property(a->engine, AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD, 0);
    compile_state st = {a, docs};
    as_builder_set_include_callback(a->builder, include_file, &st);
    int r = keep_section(a, doc->path, doc->text, doc->len);
    if (r >= 0) r = as_builder_start_module(a->builder, a->engine, "main");
    if (r >= 0) r = as_builder_add_memory(a->builder, doc->path, doc->text, doc->len, 0);
    if (r >= 0) r = as_builder_build(a->builder);
    as_builder_set_include_callback(a->builder, NULL, NULL);
    if (r >= 0) a->module = as_builder_module(a->builder);
    else release_engine(a, host);
    return a;
}

lsp_analysis *analysis_retain(lsp_analysis *a)
{
    if (a) a->refs++;
    return a;
}

void analysis_free(lsp_analysis *a, const lsp_host *host)
{
    if (!a || --a->refs > 0) return;
    release_engine(a, host);
    for (int i = 0; i < a->message_count; i++) {
        free(a->messages[i].section);
        free(a->messages[i].text);
    }
    free(a->messages);
    for (int i = 0; i < a->section_count; i++) {
        free(a->sections[i].name);
        free(a->sections[i].text);
    }
    free(a->sections);
    free(a);
}
