/* The language server's main loop: JSON-RPC over the base protocol, the lifecycle, document
 * synchronisation and diagnostics (the features are in features.c). What a client sends is
 * checked before use: a malformed message gets a JSON-RPC error, never a crash. */
#define _POSIX_C_SOURCE 200809L
#include "server.h"
#include "../common/framing.h"
#include "text.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_BODY ((size_t)32 << 20)

static void send_json(lsp_server *s, cJSON *msg)
{
    char *body = cJSON_PrintUnformatted(msg);
    if (body) frame_write(s->out_fd, body, strlen(body));
    free(body);
    cJSON_Delete(msg);
}

static void send_result(lsp_server *s, const cJSON *id, cJSON *result)
{
    cJSON *msg = cJSON_CreateObject();
    cJSON_AddStringToObject(msg, "jsonrpc", "2.0");
    cJSON_AddItemToObject(msg, "id", id ? cJSON_Duplicate(id, 1) : cJSON_CreateNull());
    cJSON_AddItemToObject(msg, "result", result ? result : cJSON_CreateNull());
    send_json(s, msg);
}

static void send_error(lsp_server *s, const cJSON *id, int code, const char *message)
{
    cJSON *msg = cJSON_CreateObject(), *err = cJSON_CreateObject();
    cJSON_AddStringToObject(msg, "jsonrpc", "2.0");
    cJSON_AddItemToObject(msg, "id", id ? cJSON_Duplicate(id, 1) : cJSON_CreateNull());
    cJSON_AddNumberToObject(err, "code", code);
    cJSON_AddStringToObject(err, "message", message);
    cJSON_AddItemToObject(msg, "error", err);
    send_json(s, msg);
}

void lsp_send_notification(lsp_server *s, const char *method, cJSON *params)
{
    cJSON *msg = cJSON_CreateObject();
    cJSON_AddStringToObject(msg, "jsonrpc", "2.0");
    cJSON_AddStringToObject(msg, "method", method);
    cJSON_AddItemToObject(msg, "params", params);
    send_json(s, msg);
}

cJSON *json_range(const lsp_server *s, const char *text, size_t len, size_t start, size_t end)
{
    int l, c;
    cJSON *range = cJSON_CreateObject(), *from = cJSON_CreateObject(), *to = cJSON_CreateObject();
    text_position(text, len, start, s->utf16, &l, &c);
    cJSON_AddNumberToObject(from, "line", l);
    cJSON_AddNumberToObject(from, "character", c);
    text_position(text, len, end, s->utf16, &l, &c);
    cJSON_AddNumberToObject(to, "line", l);
    cJSON_AddNumberToObject(to, "character", c);
    cJSON_AddItemToObject(range, "start", from);
    cJSON_AddItemToObject(range, "end", to);
    return range;
}

static const char *string_at(const cJSON *obj, const char *key)
{
    const cJSON *v = cJSON_IsObject(obj) ? cJSON_GetObjectItemCaseSensitive(obj, key) : NULL;
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

static bool int_at(const cJSON *obj, const char *key, int *out)
{
    const cJSON *v = cJSON_IsObject(obj) ? cJSON_GetObjectItemCaseSensitive(obj, key) : NULL;
    if (!cJSON_IsNumber(v) || v->valuedouble < -2147483648.0 || v->valuedouble > 2147483647.0) return false;
    *out = (int)v->valuedouble;
    return true;
}

lsp_doc *params_document(lsp_server *s, const cJSON *params, int *code, const char **message)
{
    const char *uri = string_at(cJSON_GetObjectItemCaseSensitive(params, "textDocument"), "uri");
    if (!uri) {
        *code = RPC_INVALID_PARAMS;
        *message = "textDocument.uri is missing";
        return NULL;
    }
    return docs_find(&s->docs, uri);
}

int params_document_position(lsp_server *s, const cJSON *params, lsp_doc **doc, size_t *offset, int *code, const char **message)
{
    const cJSON *pos = cJSON_GetObjectItemCaseSensitive(params, "position");
    int line, character;
    *doc = params_document(s, params, code, message);
    if (*code) return -1;
    if (!int_at(pos, "line", &line) || !int_at(pos, "character", &character)) {
        *code = RPC_INVALID_PARAMS;
        *message = "position is missing";
        return -1;
    }
    if (!*doc) return 0;
    *offset = text_offset((*doc)->text, (*doc)->len, line, character, s->utf16);
    return 1;
}

/* ------------------------------------------------------------------------------- lifecycle */

/* The workspace folder's path: the first workspace folder, else rootUri, else rootPath. */
static char *workspace_root(const cJSON *params)
{
    const cJSON *folders = cJSON_GetObjectItemCaseSensitive(params, "workspaceFolders");
    const char *uri = string_at(cJSON_IsArray(folders) ? cJSON_GetArrayItem(folders, 0) : NULL, "uri");
    if (!uri) uri = string_at(params, "rootUri");
    if (uri) return strncmp(uri, "file://", 7) == 0 ? uri_to_path(uri) : NULL;
    const char *path = string_at(params, "rootPath");
    return path && path[0] == '/' ? strdup(path) : NULL;
}

static cJSON *initialize(lsp_server *s, const cJSON *params, int *code, const char **message)
{
    (void)code;
    (void)message;
    char *root = workspace_root(params);
    if (root) s->project = project_load(root, &s->project_error);
    const cJSON *options = cJSON_GetObjectItemCaseSensitive(params, "initializationOptions");
    if (!s->project && !s->project_error && cJSON_IsObject(options) && cJSON_GetArraySize(options) > 0)
        s->project = project_from_json(options, root ? root : "/", "initializationOptions", &s->project_error);
    if (s->project_error) fprintf(stderr, "angelc lsp: %s\n", s->project_error);
    free(root);
    /* UTF-8 positions when the client offers them, else the protocol's default UTF-16 */
    const cJSON *general = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(params, "capabilities"), "general");
    const cJSON *encodings = cJSON_GetObjectItemCaseSensitive(general, "positionEncodings");
    const cJSON *e;
    s->utf16 = true;
    cJSON_ArrayForEach(e, encodings) if (cJSON_IsString(e) && strcmp(e->valuestring, "utf-8") == 0) s->utf16 = false;

    cJSON *result = cJSON_CreateObject(), *caps = cJSON_CreateObject(), *sync = cJSON_CreateObject();
    cJSON_AddStringToObject(caps, "positionEncoding", s->utf16 ? "utf-16" : "utf-8");
    cJSON_AddBoolToObject(sync, "openClose", true);
    cJSON_AddNumberToObject(sync, "change", 1);   /* TextDocumentSyncKind.Full */
    cJSON_AddBoolToObject(sync, "save", true);
    cJSON_AddItemToObject(caps, "textDocumentSync", sync);
    cJSON_AddBoolToObject(caps, "documentSymbolProvider", true);
    cJSON_AddBoolToObject(caps, "hoverProvider", true);
    cJSON_AddBoolToObject(caps, "definitionProvider", true);
    cJSON_AddBoolToObject(caps, "referencesProvider", true);
    cJSON_AddBoolToObject(caps, "workspaceSymbolProvider", true);
    cJSON *rename = cJSON_CreateObject();
    cJSON_AddBoolToObject(rename, "prepareProvider", true);
    cJSON_AddItemToObject(caps, "renameProvider", rename);
    cJSON *completion = cJSON_CreateObject(), *triggers = cJSON_CreateArray();
    cJSON_AddItemToArray(triggers, cJSON_CreateString("."));
    cJSON_AddItemToArray(triggers, cJSON_CreateString(":"));
    cJSON_AddItemToObject(completion, "triggerCharacters", triggers);
    cJSON_AddItemToObject(caps, "completionProvider", completion);
    cJSON *signature = cJSON_CreateObject(), *sig_triggers = cJSON_CreateArray();
    cJSON_AddItemToArray(sig_triggers, cJSON_CreateString("("));
    cJSON_AddItemToArray(sig_triggers, cJSON_CreateString(","));
    cJSON_AddItemToObject(signature, "triggerCharacters", sig_triggers);
    cJSON_AddItemToObject(caps, "signatureHelpProvider", signature);
    cJSON *semantic = cJSON_CreateObject();
    cJSON_AddItemToObject(semantic, "legend", semantic_legend());
    cJSON_AddBoolToObject(semantic, "range", true);
    cJSON_AddBoolToObject(semantic, "full", true);
    cJSON_AddItemToObject(caps, "semanticTokensProvider", semantic);
    cJSON_AddItemToObject(result, "capabilities", caps);
    cJSON *info = cJSON_CreateObject();
    cJSON_AddStringToObject(info, "name", "angelc");
    cJSON_AddStringToObject(info, "version", ANGELC_VERSION);
    cJSON_AddItemToObject(result, "serverInfo", info);
    return result;
}

static cJSON *shutdown_request(lsp_server *s, const cJSON *params, int *code, const char **message)
{
    (void)params;
    (void)code;
    (void)message;
    s->shutting_down = true;
    return cJSON_CreateNull();
}

/* --------------------------------------------------------------------- document notifications */

static void did_open(lsp_server *s, const cJSON *params)
{
    const cJSON *td = cJSON_GetObjectItemCaseSensitive(params, "textDocument");
    const char *uri = string_at(td, "uri");
    const cJSON *text = cJSON_GetObjectItemCaseSensitive(td, "text");
    int version = 0;
    int_at(td, "version", &version);
    if (!uri || !cJSON_IsString(text)) return;
    workspace_open(s, uri, text->valuestring, strlen(text->valuestring), version);
}

/* Applies one change: the whole text, or (should a client send one) a range's replacement. */
static void apply_change(lsp_server *s, lsp_doc *doc, const cJSON *change, int version)
{
    const cJSON *text = cJSON_GetObjectItemCaseSensitive(change, "text");
    if (!cJSON_IsString(text)) return;
    size_t n = strlen(text->valuestring);
    const cJSON *range = cJSON_GetObjectItemCaseSensitive(change, "range");
    if (!cJSON_IsObject(range)) {
        docs_set_text(doc, text->valuestring, n, version);
        return;
    }
    const cJSON *from = cJSON_GetObjectItemCaseSensitive(range, "start"), *to = cJSON_GetObjectItemCaseSensitive(range, "end");
    int l1, c1, l2, c2;
    if (!int_at(from, "line", &l1) || !int_at(from, "character", &c1) || !int_at(to, "line", &l2) || !int_at(to, "character", &c2))
        return;
    size_t a = text_offset(doc->text, doc->len, l1, c1, s->utf16), b = text_offset(doc->text, doc->len, l2, c2, s->utf16);
    if (b < a) b = a;
    char *joined = malloc(doc->len - (b - a) + n + 1);
    if (!joined) return;
    memcpy(joined, doc->text, a);
    memcpy(joined + a, text->valuestring, n);
    memcpy(joined + a + n, doc->text + b, doc->len - b);
    docs_set_text(doc, joined, doc->len - (b - a) + n, version);
    free(joined);
}

static void did_change(lsp_server *s, const cJSON *params)
{
    const cJSON *td = cJSON_GetObjectItemCaseSensitive(params, "textDocument");
    const char *uri = string_at(td, "uri");
    lsp_doc *doc = uri ? docs_find(&s->docs, uri) : NULL;
    if (!doc) return;
    int version = doc->version;
    int_at(td, "version", &version);
    const cJSON *change;
    cJSON_ArrayForEach(change, cJSON_GetObjectItemCaseSensitive(params, "contentChanges")) apply_change(s, doc, change, version);
    if (!s->defer_compile) workspace_changed(s, doc);
}

static void did_save(lsp_server *s, const cJSON *params)
{
    const char *uri = string_at(cJSON_GetObjectItemCaseSensitive(params, "textDocument"), "uri");
    lsp_doc *doc = uri ? docs_find(&s->docs, uri) : NULL;
    if (doc && doc->client_open) workspace_changed(s, doc);
}

static void did_close(lsp_server *s, const cJSON *params)
{
    const char *uri = string_at(cJSON_GetObjectItemCaseSensitive(params, "textDocument"), "uri");
    lsp_doc *doc = uri ? docs_find(&s->docs, uri) : NULL;
    if (doc && doc->client_open) workspace_close(s, doc);
}

static void initialized(lsp_server *s, const cJSON *params)
{
    (void)params;
    workspace_start(s);
}

/* -------------------------------------------------------------------------------- dispatch */

static const struct {
    const char *method;
    lsp_request_fn fn;
} requests[] = {
    {"initialize", initialize},
    {"shutdown", shutdown_request},
    {"textDocument/documentSymbol", feature_document_symbol},
    {"textDocument/hover", feature_hover},
    {"textDocument/completion", feature_completion},
    {"textDocument/definition", feature_definition},
    {"textDocument/signatureHelp", feature_signature_help},
    {"textDocument/references", feature_references},
    {"textDocument/prepareRename", feature_prepare_rename},
    {"textDocument/rename", feature_rename},
    {"workspace/symbol", feature_workspace_symbol},
    {"textDocument/semanticTokens/full", feature_semantic_tokens_full},
    {"textDocument/semanticTokens/range", feature_semantic_tokens_range},
};

static const struct {
    const char *method;
    void (*fn)(lsp_server *s, const cJSON *params);
} notifications[] = {
    {"textDocument/didOpen", did_open},
    {"textDocument/didChange", did_change},
    {"textDocument/didSave", did_save},
    {"textDocument/didClose", did_close},
    {"initialized", initialized},
};

/* Handles one message; returns 0 to go on, or the exit status after `exit`. */
static int handle(lsp_server *s, const char *body, size_t len)
{
    cJSON *msg = cJSON_ParseWithLength(body, len);
    if (!msg) {
        send_error(s, NULL, RPC_PARSE_ERROR, "the message is not valid JSON");
        return -1;
    }
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(msg, "id");
    if (id && !cJSON_IsNumber(id) && !cJSON_IsString(id)) id = NULL;
    const char *method = string_at(msg, "method");
    const cJSON *params = cJSON_GetObjectItemCaseSensitive(msg, "params");
    int status = -1;
    if (!method) {
        /* a response to a request of ours (the server sends none) is ignored */
        if (!cJSON_IsObject(msg) || !(cJSON_GetObjectItemCaseSensitive(msg, "result") || cJSON_GetObjectItemCaseSensitive(msg, "error")))
            send_error(s, id, RPC_INVALID_REQUEST, "a request needs a method");
    } else if (strcmp(method, "exit") == 0) {
        status = s->shutting_down ? 0 : 1;
    } else if (id) {
        lsp_request_fn fn = NULL;
        for (size_t i = 0; i < sizeof requests / sizeof *requests; i++)
            if (strcmp(method, requests[i].method) == 0) fn = requests[i].fn;
        int code = 0;
        const char *message = NULL;
        if (!fn) send_error(s, id, RPC_METHOD_NOT_FOUND, "unknown method");
        else if (s->shutting_down) send_error(s, id, RPC_INVALID_REQUEST, "the server is shutting down");
        else if (!s->initialized && fn != initialize) send_error(s, id, RPC_SERVER_NOT_INITIALIZED, "initialize first");
        else if (s->initialized && fn == initialize) send_error(s, id, RPC_INVALID_REQUEST, "initialized already");
        else {
            cJSON *result = fn(s, params, &code, &message);
            if (result) send_result(s, id, result);
            else send_error(s, id, code ? code : RPC_INTERNAL_ERROR, message ? message : "the request failed");
            if (fn == initialize) s->initialized = true;
        }
    } else if (s->initialized && !s->shutting_down && cJSON_IsObject(params)) {
        /* notifications: unknown ones (and any before initialize) are ignored */
        for (size_t i = 0; i < sizeof notifications / sizeof *notifications; i++)
            if (strcmp(method, notifications[i].method) == 0) notifications[i].fn(s, params);
    }
    cJSON_Delete(msg);
    return status;
}

/* Whether a and b are both didChange notifications of one document: the client has sent b
 * already, so compiling a's text would only delay b's diagnostics (a user typing faster than a
 * compile takes). */
static bool changes_of_one_document(const char *a, size_t alen, const char *b, size_t blen)
{
    cJSON *x = cJSON_ParseWithLength(a, alen), *y = x ? cJSON_ParseWithLength(b, blen) : NULL;
    const char *mx = string_at(x, "method"), *my = string_at(y, "method");
    const char *ux = string_at(cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(x, "params"), "textDocument"), "uri");
    const char *uy = string_at(cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(y, "params"), "textDocument"), "uri");
    bool same = mx && my && strcmp(mx, "textDocument/didChange") == 0 && strcmp(my, mx) == 0 && ux && uy && strcmp(ux, uy) == 0;
    cJSON_Delete(x);
    cJSON_Delete(y);
    return same;
}

int lsp_serve(int in_fd, int out_fd, const lsp_host *host)
{
    lsp_server s;
    memset(&s, 0, sizeof s);
    s.out_fd = out_fd;
    s.host = host;
    s.utf16 = true;
    frame_reader *r = frame_reader_new(in_fd, MAX_BODY);
    if (!r) return 1;
    int status = 1;
    char *body = NULL, *next = NULL;
    size_t len = 0, next_len = 0;
    frame_status fs = frame_read(r, &body, &len), next_fs = FRAME_OK;
    while (fs == FRAME_OK) {
        /* one message of look-ahead, when the client has sent it already */
        next = NULL;
        next_fs = frame_reader_ready(r) ? frame_read(r, &next, &next_len) : FRAME_OK;
        s.defer_compile = next_fs == FRAME_OK && next && changes_of_one_document(body, len, next, next_len);
        int st = handle(&s, body, len);
        free(body);
        body = NULL;
        if (st >= 0) {
            status = st;
            break;
        }
        if (next_fs != FRAME_OK) {
            fs = next_fs;
            break;
        }
        if (next) {
            body = next;
            len = next_len;
            next = NULL;
        } else fs = frame_read(r, &body, &len);
    }
    if (fs == FRAME_ERROR) fprintf(stderr, "angelc lsp: %s\n", frame_reader_error(r));
    free(body);
    free(next);
    frame_reader_free(r);
    workspace_free(&s);
    return status;
}
