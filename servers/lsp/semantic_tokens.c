/* textDocument/semanticTokens/full and /range: semantic.h's tokens in the protocol's encoding,
 * five integers a token (line delta, start delta, length, type, modifiers), each relative to
 * the previous token. A token that spans lines (a block comment, a heredoc string) is sent one
 * piece a line, since the server does not ask for the client's multilineTokenSupport. */
#define _POSIX_C_SOURCE 200809L
#include "semantic.h"
#include "server.h"
#include "text.h"
#include <stdlib.h>
#include <string.h>

cJSON *semantic_legend(void)
{
    cJSON *legend = cJSON_CreateObject(), *types = cJSON_CreateArray(), *mods = cJSON_CreateArray();
    for (int i = 0; i < SEM_TYPE_COUNT; i++) cJSON_AddItemToArray(types, cJSON_CreateString(semantic_type_names[i]));
    for (int i = 0; i < SEM_MODIFIER_COUNT; i++) cJSON_AddItemToArray(mods, cJSON_CreateString(semantic_modifier_names[i]));
    cJSON_AddItemToObject(legend, "tokenTypes", types);
    cJSON_AddItemToObject(legend, "tokenModifiers", mods);
    return legend;
}

/* A position walked forward through the text: the offsets asked for only grow. */
typedef struct cursor {
    const char *t;
    size_t len, at;
    int line, character;
    bool utf16;
} cursor;

static void advance(cursor *c, size_t to)
{
    while (c->at < to && c->at < c->len) {
        unsigned char ch = (unsigned char)c->t[c->at];
        if (ch == '\n' || (ch == '\r' && !(c->at + 1 < c->len && c->t[c->at + 1] == '\n'))) {
            c->line++;
            c->character = 0;
        } else if (ch != '\r') {
            /* UTF-16 counts a code point once (twice above U+FFFF); continuation bytes nothing */
            if (!c->utf16) c->character++;
            else if ((ch & 0xC0) != 0x80) c->character += ch >= 0xF0 ? 2 : 1;
        }
        c->at++;
    }
}

typedef struct encoder {
    int *data;
    size_t count, cap;
    int line, character;         /* of the previous token sent */
} encoder;

static bool emit(encoder *e, int line, int character, int length, int type, int mods)
{
    if (length <= 0) return true;
    if (e->count + 5 > e->cap) {
        size_t cap = e->cap ? e->cap * 2 : 4096;
        int *grown = realloc(e->data, cap * sizeof *grown);
        if (!grown) return false;
        e->data = grown;
        e->cap = cap;
    }
    int *d = e->data + e->count;
    d[0] = line - e->line;
    d[1] = line == e->line ? character - e->character : character;
    d[2] = length;
    d[3] = type;
    d[4] = mods;
    e->count += 5;
    e->line = line;
    e->character = character;
    return true;
}

/* Sends [start, end) as one piece per line it touches, if it ends on or after from_line and
 * starts before to_line. */
static bool emit_token(encoder *e, cursor *c, const sem_token *tk, int from_line, int to_line)
{
    size_t at = tk->start;
    while (at < tk->end) {
        size_t line_end = text_line_end(c->t, c->len, at);
        size_t piece_end = line_end < tk->end ? line_end : tk->end;
        advance(c, at);
        int line = c->line, character = c->character;
        if (line >= to_line) return true;
        advance(c, piece_end);
        if (line >= from_line && !emit(e, line, character, c->character - character, (int)tk->type, (int)tk->modifiers)) return false;
        /* past the line break */
        at = piece_end;
        if (at < c->len && c->t[at] == '\r') at++;
        if (at < c->len && c->t[at] == '\n') at++;
        if (at == piece_end) break;
    }
    return true;
}

/* The integers as a JSON array. Written here and handed to cJSON as raw JSON: cJSON prints
 * each number through printf("%1.15g") and reads it back to check, a third of a large
 * answer's time. NULL data or no memory: an empty array. */
static cJSON *int_array(const int *data, size_t count)
{
    char *text = malloc(count * 12 + 3), *w = text;
    if (!text) return cJSON_CreateArray();
    *w++ = '[';
    for (size_t i = 0; i < count; i++) {
        if (i) *w++ = ',';
        unsigned v = data[i] < 0 ? (unsigned)-(long)data[i] : (unsigned)data[i];
        if (data[i] < 0) *w++ = '-';
        char digits[12];
        int n = 0;
        do digits[n++] = (char)('0' + v % 10);
        while ((v /= 10) != 0);
        while (n) *w++ = digits[--n];
    }
    *w++ = ']';
    *w = 0;
    cJSON *raw = cJSON_CreateRaw(text);
    free(text);
    return raw ? raw : cJSON_CreateArray();
}

static cJSON *tokens_result(lsp_server *s, const lsp_doc *doc, int from_line, int to_line)
{
    int count = 0;
    sem_token *tokens = semantic_classify(doc, &count);
    encoder e = {0};
    cursor c = {doc->text, doc->len, 0, 0, 0, s->utf16};
    for (int i = 0; i < count; i++)
        if (!emit_token(&e, &c, &tokens[i], from_line, to_line)) break;
    free(tokens);
    cJSON *result = cJSON_CreateObject();
    cJSON_AddItemToObject(result, "data", int_array(e.data, e.count));
    free(e.data);
    return result;
}

cJSON *feature_semantic_tokens_full(lsp_server *s, const cJSON *params, int *code, const char **message)
{
    lsp_doc *doc = params_document(s, params, code, message);
    if (!doc) return *code ? NULL : cJSON_CreateNull();
    return tokens_result(s, doc, 0, 0x7fffffff);
}

cJSON *feature_semantic_tokens_range(lsp_server *s, const cJSON *params, int *code, const char **message)
{
    const cJSON *range = cJSON_GetObjectItemCaseSensitive(params, "range");
    const cJSON *from = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(range, "start"), "line");
    const cJSON *to = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(range, "end"), "line");
    const cJSON *to_char = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(range, "end"), "character");
    lsp_doc *doc = params_document(s, params, code, message);
    if (*code) return NULL;
    if (!cJSON_IsNumber(from) || !cJSON_IsNumber(to)) {
        *code = RPC_INVALID_PARAMS;
        *message = "range is missing";
        return NULL;
    }
    if (!doc) return cJSON_CreateNull();
    /* whole lines: a range that ends at character 0 leaves its last line out */
    double last = to->valuedouble + (cJSON_IsNumber(to_char) && to_char->valuedouble > 0 ? 1 : 0);
    int from_line = from->valuedouble < 0 ? 0 : from->valuedouble > 2e9 ? 2000000000 : (int)from->valuedouble;
    int to_line = last < 0 ? 0 : last > 2e9 ? 2000000000 : (int)last;
    return tokens_result(s, doc, from_line, to_line);
}
