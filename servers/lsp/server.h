/* The server's state shared by the request handlers (server.c, features.c). */
#ifndef ANGELC_LSP_SERVER_H
#define ANGELC_LSP_SERVER_H
#include "analysis.h"
#include "documents.h"
#include "lsp.h"
#include "outline.h"
#include <cjson/cJSON.h>
#include <stdbool.h>

typedef struct lsp_server {
    int out_fd;
    const lsp_host *host;
    lsp_docs docs;
    lsp_project *project;        /* the workspace folder's angelc.json, NULL if none */
    char *project_error;         /* what was wrong with it, to show once initialized */
    bool project_started;        /* its entries were read and compiled */
    bool initialized;            /* the initialize request was answered */
    bool shutting_down;          /* shutdown was answered: only exit is left */
    bool utf16;                  /* positions count UTF-16 code units (else UTF-8 bytes) */
    bool defer_compile;          /* the message being handled is a didChange the next one (read
                                    already) changes again: its text is kept, not compiled */
} lsp_server;

/* JSON-RPC error codes (LSP 3.17). */
enum {
    RPC_PARSE_ERROR = -32700, RPC_INVALID_REQUEST = -32600, RPC_METHOD_NOT_FOUND = -32601,
    RPC_INVALID_PARAMS = -32602, RPC_INTERNAL_ERROR = -32603, RPC_SERVER_NOT_INITIALIZED = -32002,
};

/* A request handler: the result (owned by the caller; cJSON null for "no result"), or NULL
 * with *code and *message set for an error response. */
typedef cJSON *(*lsp_request_fn)(lsp_server *s, const cJSON *params, int *code, const char **message);

void lsp_send_notification(lsp_server *s, const char *method, cJSON *params);

/* diagnostics.c: the diagnostics of a compile of doc, {"uri": [Diagnostic, ...]} (for the
 * document itself always, then for each file with messages); doc's diagnostics replaced by map
 * (NULL: none) and every file either one mentions published again; a file's diagnostics from
 * every compile root, sent to the client. */
cJSON *diagnostics_of(lsp_server *s, const lsp_doc *doc, const lsp_analysis *a);
void diagnostics_replace(lsp_server *s, lsp_doc *doc, cJSON *map);
void diagnostics_publish(lsp_server *s, const char *uri);

/* workspace.c: which documents are compiled as programs (a project's entries; an open document
 * no other compile includes) and which as part of another, kept right as documents open,
 * change, are saved and close. */
void workspace_start(lsp_server *s);
void workspace_open(lsp_server *s, const char *uri, const char *text, size_t len, int version);
void workspace_changed(lsp_server *s, lsp_doc *doc);
void workspace_close(lsp_server *s, lsp_doc *doc);
void workspace_free(lsp_server *s);

/* Document features (features.c). */
cJSON *feature_document_symbol(lsp_server *s, const cJSON *params, int *code, const char **message);
cJSON *feature_hover(lsp_server *s, const cJSON *params, int *code, const char **message);
cJSON *feature_completion(lsp_server *s, const cJSON *params, int *code, const char **message);
cJSON *feature_definition(lsp_server *s, const cJSON *params, int *code, const char **message);
cJSON *feature_signature_help(lsp_server *s, const cJSON *params, int *code, const char **message);
/* references.c */
cJSON *feature_references(lsp_server *s, const cJSON *params, int *code, const char **message);
cJSON *feature_prepare_rename(lsp_server *s, const cJSON *params, int *code, const char **message);
cJSON *feature_rename(lsp_server *s, const cJSON *params, int *code, const char **message);
cJSON *feature_workspace_symbol(lsp_server *s, const cJSON *params, int *code, const char **message);
/* semantic_tokens.c: the legend initialize advertises, and the requests. */
cJSON *semantic_legend(void);
cJSON *feature_semantic_tokens_full(lsp_server *s, const cJSON *params, int *code, const char **message);
cJSON *feature_semantic_tokens_range(lsp_server *s, const cJSON *params, int *code, const char **message);
/* The LSP SymbolKind of an outline symbol (features.c). */
int outline_symbol_kind(const outline *o, const ol_symbol *s);
/* A word AngelScript reserves (or gives meaning in places): not a name to rename. */
bool lsp_is_keyword(const char *name);

/* params.textDocument.uri's open document, NULL (with an InvalidParams error when the uri is
 * missing) if there is none. */
lsp_doc *params_document(lsp_server *s, const cJSON *params, int *code, const char **message);
/* Both: 1 with the document and the offset, 0 if the document is not open, -1 (InvalidParams)
 * if the uri or the position is missing. */
int params_document_position(lsp_server *s, const cJSON *params, lsp_doc **doc, size_t *offset, int *code, const char **message);
/* An LSP Range object for byte offsets [start, end) of text. */
cJSON *json_range(const lsp_server *s, const char *text, size_t len, size_t start, size_t end);

#endif
