/* One compile of a document with angelc's compiler: the engine the host configured, the
 * document (and what it #includes, open documents' unsaved text first) built through the
 * script builder, and the compiler's messages. A compile that succeeded is kept for the
 * features (hover, completion, ...) until the next one succeeds. */
#ifndef ANGELC_LSP_ANALYSIS_H
#define ANGELC_LSP_ANALYSIS_H
#include "documents.h"
#include "lsp.h"
#include "project.h"

typedef struct lsp_message {
    char *section;               /* "" for messages without a section */
    int row, col;                /* 1-based, bytes, as the compiler reports them */
    as_msgtype type;
    char *text;
} lsp_message;

typedef struct lsp_section {
    char *name;                  /* the path (or URI) it was loaded under */
    char *text;                  /* as compiled */
    size_t len;
} lsp_section;

typedef struct lsp_analysis {
    as_engine *engine;           /* NULL once released (a failed compile keeps only messages) */
    as_builder *builder;
    as_module *module;           /* the built module; NULL if the build failed */
    lsp_message *messages;
    int message_count;
    lsp_section *sections;
    int section_count;
    int refs;                    /* the documents holding it (a root and the files it includes) */
    bool host_setup;             /* the host's setup configured the engine (its teardown is due) */
} lsp_analysis;

/* Compiles doc (NULL only when out of memory) on an engine the host sets up, or, when the
 * project (may be NULL) names an API dump, that API; then the project's engine properties and
 * defines. The engine stays only if the build succeeded. The caller holds one reference. */
lsp_analysis *analysis_run(const lsp_host *host, const lsp_project *project, lsp_docs *docs, const lsp_doc *doc);
/* One more holder of a (a document that is included by a's root shares its compile); a. */
lsp_analysis *analysis_retain(lsp_analysis *a);
/* Gives up one reference; the last frees a (NULL: nothing). */
void analysis_free(lsp_analysis *a, const lsp_host *host);
/* The section of that name, NULL if none. */
const lsp_section *analysis_section(const lsp_analysis *a, const char *name);

#endif
