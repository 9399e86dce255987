/* The open documents (documents.h). */
#include "documents.h"
#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

char *lsp_strdup_n(const char *s, size_t n)
{
    char *p = malloc(n + 1);
    if (!p) return NULL;
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

char *lsp_read_file(const char *path, size_t max, size_t *len)
{
    /* regular files only: `#include "/dev/stdin"` typed in an editor must not read the
     * protocol's own input, nor a FIFO block the server */
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) return NULL;
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) break;
        if (n == cap) {
            if (cap >= max) {
                free(buf);
                buf = NULL;
                break;
            }
            char *grown = realloc(buf, cap * 2);
            if (!grown) free(buf);
            buf = grown;
            cap *= 2;
        }
    }
    bool failed = ferror(f);
    fclose(f);
    if (failed) {
        free(buf);
        return NULL;
    }
    if (!buf) return NULL;
    buf[n] = 0;   /* n < cap: a full buffer grew before the next read */
    *len = n;
    return buf;
}

lsp_doc *docs_find(lsp_docs *d, const char *uri)
{
    for (lsp_doc *doc = d->first; doc; doc = doc->next)
        if (strcmp(doc->uri, uri) == 0) return doc;
    return NULL;
}

lsp_doc *docs_find_path(lsp_docs *d, const char *path)
{
    for (lsp_doc *doc = d->first; doc; doc = doc->next)
        if (strcmp(doc->path, path) == 0) return doc;
    return NULL;
}

int docs_set_text(lsp_doc *doc, const char *text, size_t len, int version)
{
    char *t = lsp_strdup_n(text, len);
    if (!t) return -1;
    free(doc->text);
    doc->text = t;
    doc->len = len;
    doc->version = version;
    return 0;
}

lsp_doc *docs_open(lsp_docs *d, const char *uri, const char *text, size_t len, int version)
{
    lsp_doc *doc = docs_find(d, uri);
    if (doc) return docs_set_text(doc, text, len, version) < 0 ? NULL : doc;
    doc = calloc(1, sizeof *doc);
    if (!doc) return NULL;
    doc->uri = lsp_strdup_n(uri, strlen(uri));
    doc->path = uri_to_path(uri);
    if (!doc->uri || !doc->path || docs_set_text(doc, text, len, version) < 0) {
        docs_free_one(doc);
        return NULL;
    }
    doc->next = d->first;
    d->first = doc;
    return doc;
}

void docs_unlink(lsp_docs *d, lsp_doc *doc)
{
    for (lsp_doc **p = &d->first; *p; p = &(*p)->next)
        if (*p == doc) {
            *p = doc->next;
            return;
        }
}

void docs_forget_includes(lsp_doc *doc)
{
    for (int i = 0; i < doc->include_count; i++) free(doc->includes[i]);
    free(doc->includes);
    doc->includes = NULL;
    doc->include_count = 0;
}

bool docs_includes(const lsp_doc *doc, const char *path)
{
    for (int i = 0; i < doc->include_count; i++)
        if (strcmp(doc->includes[i], path) == 0) return true;
    return false;
}

void docs_free_one(lsp_doc *doc)
{
    if (!doc) return;
    docs_forget_includes(doc);
    cJSON_Delete(doc->diagnostics);
    free(doc->uri);
    free(doc->path);
    free(doc->text);
    free(doc);
}

static int hex_value(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

void path_normalise(char *path)
{
    if (path[0] != '/') return;
    /* components are copied one by one; ".." drops the last one kept */
    char *out = path + 1;
    const char *in = path + 1;
    while (*in) {
        const char *slash = strchr(in, '/');
        size_t n = slash ? (size_t)(slash - in) : strlen(in);
        const char *next = slash ? slash + 1 : in + n;   /* read before out overwrites it */
        if (n == 0 || (n == 1 && in[0] == '.')) {
        } else if (n == 2 && in[0] == '.' && in[1] == '.') {
            if (out > path + 1) {
                out--;
                while (out > path + 1 && out[-1] != '/') out--;
            }
        } else {
            memmove(out, in, n);
            out += n;
            *out++ = '/';
        }
        if (!slash) break;   /* the '/' just written may stand where the NUL was */
        in = next;
    }
    if (out > path + 1) out--;   /* no trailing slash */
    *out = 0;
}

char *uri_to_path(const char *uri)
{
    if (strncmp(uri, "file://", 7) != 0) return lsp_strdup_n(uri, strlen(uri));
    const char *p = uri + 7;
    if (strncmp(p, "localhost/", 10) == 0) p += 9;
    size_t n = strlen(p);
    char *path = malloc(n + 1), *w = path;
    if (!path) return NULL;
    for (; *p; p++) {
        int hi, lo;
        if (*p == '%' && (hi = hex_value(p[1])) >= 0 && (lo = hex_value(p[2])) >= 0 && (hi || lo)) {
            *w++ = (char)(hi * 16 + lo);
            p += 2;
        } else *w++ = *p;
    }
    *w = 0;
    path_normalise(path);
    return path;
}

char *path_to_uri(const char *path)
{
    size_t n = strlen(path);
    char *uri = malloc(7 + n * 3 + 1), *w = uri;
    if (!uri) return NULL;
    memcpy(w, "file://", 7);
    w += 7;
    static const char hex[] = "0123456789ABCDEF";
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || strchr("/-._~", *p))
            *w++ = (char)*p;
        else {
            *w++ = '%';
            *w++ = hex[*p >> 4];
            *w++ = hex[*p & 15];
        }
    }
    *w = 0;
    return uri;
}
