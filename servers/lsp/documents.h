/* The documents the client has open: their URI, the path they stand for, their unsaved text,
 * and what the server last worked out for them. */
#ifndef ANGELC_LSP_DOCUMENTS_H
#define ANGELC_LSP_DOCUMENTS_H
#include <stdbool.h>
#include <stddef.h>

struct lsp_analysis;
struct cJSON;

typedef struct lsp_doc {
    char *uri;
    char *path;                  /* the file path of a file: URI (normalised), else the URI itself */
    char *text;
    size_t len;
    int version;
    struct lsp_analysis *good;   /* the last analysis that compiled, for the features (a root's own,
                                    else its includer's, shared); NULL: none */
    bool client_open;            /* the client opened it (else: a project entry read from disk) */
    bool entry;                  /* a project's entry script */
    bool root;                   /* compiled as a program of its own, not as part of an includer */
    struct cJSON *diagnostics;   /* a root's last compile's diagnostics: {"uri": [Diagnostic, ...]} */
    char **includes;             /* the other files a root's last compile read, by path */
    int include_count;
    struct lsp_doc *next;
} lsp_doc;

typedef struct lsp_docs {
    lsp_doc *first;
} lsp_docs;

lsp_doc *docs_find(lsp_docs *d, const char *uri);
lsp_doc *docs_find_path(lsp_docs *d, const char *path);
/* Opens (or replaces the text of) uri; NULL when out of memory. */
lsp_doc *docs_open(lsp_docs *d, const char *uri, const char *text, size_t len, int version);
int docs_set_text(lsp_doc *doc, const char *text, size_t len, int version);
/* Unlinks doc; the caller frees what it holds with docs_free_one. */
void docs_unlink(lsp_docs *d, lsp_doc *doc);
void docs_free_one(lsp_doc *doc);
/* Whether doc's includes list path; forgetting them frees the list. */
bool docs_includes(const lsp_doc *doc, const char *path);
void docs_forget_includes(lsp_doc *doc);

/* A file: URI's path, percent-decoded and normalised ("." and ".." resolved); for other URIs
 * a copy of the URI. malloc'd; NULL when out of memory. */
/* n bytes of s (NUL bytes included) as a NUL-terminated string to free(); NULL when out of memory. */
char *lsp_strdup_n(const char *s, size_t n);
char *uri_to_path(const char *uri);
/* The contents of the regular file at path (malloc'd, *len bytes, NUL-terminated); NULL if it is
 * no regular file, cannot be read or is larger than about max bytes. */
char *lsp_read_file(const char *path, size_t max, size_t *len);
/* The file: URI of an absolute path (percent-encoded). malloc'd. */
char *path_to_uri(const char *path);
/* Resolves "." and ".." components of path in place. */
void path_normalise(char *path);

#endif
