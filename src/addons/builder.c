/* The script builder (angelc_builder.h): files, includes, #if/#endif, #pragma.
 *
 * A section is preprocessed in two passes over its tokens, as the CScriptBuilder of 2.35.1 does
 * it: first the #if blocks whose word is not defined are blanked everywhere outside strings and
 * comments; then the top level (and class, interface and namespace bodies) is walked statement by
 * statement for #include, #pragma, `#!` lines and metadata, skipping function bodies whole.
 * The section goes to the module before its includes, which are loaded after it, each relative
 * to the file that names it. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "builder_impl.h"
#include "util/mem.h"
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An #include found in a section, loaded once the section itself has been added. */
typedef struct pending_include {
    char *file;
    int row, col;
} pending_include;
typedef VEC(pending_include) include_list;

static int add_file_from(as_builder *b, const char *path, const char *from, int row, int col);

/* ------------------------------------------------------------------------------ small helpers */

/* The builder's entry points are guarded: running out of memory here fails the call with
 * AS_OUT_OF_MEMORY (what was being scanned is lost). */
char *builder_strndup(const char *s, size_t n)
{
    char *r = mem_strndup(s, n);
    if (!r) mem_fail_jump();
    return r;
}

static char *builder_strdup(const char *s) { return builder_strndup(s, strlen(s)); }

void str_list_free(str_list *l)
{
    for (int i = 0; i < l->count; i++) mem_free(l->data[i]);
    VEC_FREE(*l);
}

static bool str_list_has(const str_list *l, const char *s)
{
    for (int i = 0; i < l->count; i++)
        if (strcmp(l->data[i], s) == 0) return true;
    return false;
}

void builder_blank(char *text, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++)
        if (text[i] != '\n') text[i] = ' ';
}

static const as_token *tok(const builder_scan *s, int i) { return &s->toks.data[i]; }
static size_t tok_end(const builder_scan *s, int i) { return tok(s, i)->pos + tok(s, i)->len; }

bool scan_tok_is(const builder_scan *s, int i, const char *word)
{
    const as_token *t = tok(s, i);
    size_t n = strlen(word);
    return t->kind != TK_EOF && t->len == n && memcmp(s->text + t->pos, word, n) == 0;
}

/* text[from..to) holds only whitespace: CScriptBuilder allows no comment inside a directive. */
static bool gap_is_space(const builder_scan *s, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++) {
        char c = s->text[i];
        if (c != ' ' && c != '\t' && c != '\r' && c != '\n' && c != '\v' && c != '\f') return false;
    }
    return true;
}

/* Token i is a '#' directly followed by the token after it (`#if`, not `# if`). */
static bool is_directive(const builder_scan *s, int i)
{
    return tok(s, i)->kind == TK_UNKNOWN && s->text[tok(s, i)->pos] == '#' && tok(s, i + 1)->kind != TK_EOF &&
           tok(s, i + 1)->pos == tok_end(s, i);
}

static bool relex(builder_scan *s)
{
    s->toks.count = 0;
    as_lex_options opt = {0};
    return lex_tokenize(s->text, s->len, &opt, &s->toks);
}

static void report(as_builder *b, const char *section, int row, int col, const char *fmt, const char *arg)
{
    char msg[PATH_MAX + 128];
    snprintf(msg, sizeof msg, fmt, arg);
    as_engine_write_message(b->engine, section, row, col, AS_MSG_ERROR, msg);
}

/* ------------------------------------------------------------------------------ #if / #endif */

/* From token i in blanked code: the index of the `endif` closing it, or of TK_EOF. */
static int matching_endif(const builder_scan *s, int i)
{
    int depth = 0;
    for (; tok(s, i)->kind != TK_EOF; i++) {
        if (!is_directive(s, i)) continue;
        if (scan_tok_is(s, i + 1, "if")) depth++;
        else if (scan_tok_is(s, i + 1, "endif") && depth-- == 0) return i + 1;
    }
    return i;
}

/* Blanks the #if/#endif lines and the code of #if blocks whose word is not defined. An #if
 * without a word and an #endif without an #if are left for the compiler to reject. */
static void exclude_conditionals(builder_scan *s)
{
    int active = 0; /* open #if blocks whose word is defined */
    for (int i = 0; tok(s, i)->kind != TK_EOF; i++) {
        if (!is_directive(s, i)) continue;
        if (scan_tok_is(s, i + 1, "if")) {
            int w = i + 2;
            if (tok(s, w)->kind != TK_IDENT || !gap_is_space(s, tok_end(s, i + 1), tok(s, w)->pos)) continue;
            char *word = builder_strndup(s->text + tok(s, w)->pos, tok(s, w)->len);
            bool defined = str_list_has(&s->b->defines, word);
            mem_free(word);
            builder_blank(s->text, tok(s, i)->pos, tok_end(s, w));
            if (defined) {
                active++;
                i = w;
                continue;
            }
            int end = matching_endif(s, w + 1);
            builder_blank(s->text, tok_end(s, w), tok(s, end)->kind == TK_EOF ? s->len : tok_end(s, end));
            if (tok(s, end)->kind == TK_EOF) break;
            i = end;
        } else if (scan_tok_is(s, i + 1, "endif") && active > 0) {
            builder_blank(s->text, tok(s, i)->pos, tok_end(s, i + 1));
            active--;
            i++;
        }
    }
}

/* ------------------------------------------------------------------- declarations and directives */

/* Words before `class` and `interface` that the 2.35.1 builder steps over wherever they are. */
static bool is_type_decorator(const builder_scan *s, int i)
{
    return scan_tok_is(s, i, "shared") || scan_tok_is(s, i, "abstract") || scan_tok_is(s, i, "mixin") ||
           scan_tok_is(s, i, "external");
}

/* After `class` or `interface`: the body is scanned for member metadata until its '}'. */
static int enter_class(builder_scan *s, int i)
{
    if (tok(s, i)->kind != TK_IDENT) return i;
    mem_free(s->cur_class);
    s->cur_class = builder_strndup(s->text + tok(s, i)->pos, tok(s, i)->len);
    for (; tok(s, i)->kind != TK_EOF; i++) {
        if (tok(s, i)->kind == TK_LBRACE) return i + 1;
        if (tok(s, i)->kind == TK_SEMI) { /* a forward declaration has no body */
            s->cur_class[0] = 0;
            return i + 1;
        }
    }
    return i;
}

/* After `namespace`: its name is appended to the current one until the matching '}'. */
static int enter_namespace(builder_scan *s, int i)
{
    if (tok(s, i)->kind == TK_EOF) return i;
    size_t old = strlen(s->cur_ns), n = tok(s, i)->len;
    char *ns = mem_alloc(old + 2 + n + 1);
    if (!ns) mem_fail_jump();
    snprintf(ns, old + 2 + n + 1, "%s%s%.*s", s->cur_ns, old ? "::" : "", (int)n, s->text + tok(s, i)->pos);
    mem_free(s->cur_ns);
    s->cur_ns = ns;
    for (; tok(s, i)->kind != TK_EOF; i++)
        if (tok(s, i)->kind == TK_LBRACE) return i + 1;
    return i;
}

static void leave_namespace(builder_scan *s)
{
    char *sep = strstr(s->cur_ns, "::"), *last = NULL;
    while (sep) {
        last = sep;
        sep = strstr(sep + 2, "::");
    }
    if (last) *last = 0;
    else s->cur_ns[0] = 0;
}

/* Past a statement: up to its ';', or past the block that starts at its first '{'. */
static int skip_statement(const builder_scan *s, int i)
{
    while (tok(s, i)->kind != TK_EOF && tok(s, i)->kind != TK_SEMI && tok(s, i)->kind != TK_LBRACE) i++;
    if (tok(s, i)->kind == TK_SEMI) return i + 1;
    if (tok(s, i)->kind != TK_LBRACE) return i;
    int level = 1;
    for (i++; level > 0 && tok(s, i)->kind != TK_EOF; i++) {
        if (tok(s, i)->kind == TK_LBRACE) level++;
        else if (tok(s, i)->kind == TK_RBRACE) level--;
    }
    return i;
}

/* `#include "file"`: remembered for after the section, blanked. */
static int include_directive(builder_scan *s, int hash, include_list *includes)
{
    int w = hash + 2;
    const as_token *file = tok(s, w);
    if ((file->kind != TK_STRING && file->kind != TK_MLSTRING) || file->len <= 2 ||
        !gap_is_space(s, tok_end(s, hash + 1), file->pos))
        return w;
    pending_include inc = {builder_strndup(s->text + file->pos + 1, file->len - 2), tok(s, hash)->line + s->line_offset,
                           tok(s, hash)->col};
    VEC_PUSH(*includes, inc);
    builder_blank(s->text, tok(s, hash)->pos, tok_end(s, w));
    return w + 1;
}

/* Where the line holding text[pos] ends (its '\n' or the end of the text). */
static size_t line_end(const builder_scan *s, size_t pos)
{
    while (pos < s->len && s->text[pos] != '\n') pos++;
    return pos;
}

/* Blanks text[from..to) and returns the first token at or after `to`, searching from i. */
static int blank_to(builder_scan *s, int i, size_t from, size_t to)
{
    builder_blank(s->text, from, to);
    while (tok(s, i)->kind != TK_EOF && tok(s, i)->pos < to) i++;
    return i;
}

/* `#pragma TEXT`: the rest of the line goes to the host. Returns the next token index, or a
 * negative error (the callback refused it). */
static int pragma_directive(builder_scan *s, int hash)
{
    size_t text_from = tok_end(s, hash + 1), end = line_end(s, text_from);
    as_builder *b = s->b;
    char *text = builder_strndup(s->text + text_from, end - text_from);
    int r = b->pragma_fn ? b->pragma_fn(text, b, b->pragma_user) : -1;
    mem_free(text);
    if (r < 0) {
        report(b, s->section, tok(s, hash)->line + s->line_offset, tok(s, hash)->col, "%s", "Invalid #pragma directive");
        return r;
    }
    return blank_to(s, hash + 2, tok(s, hash)->pos, end);
}

/* Walks the declarations of a section for directives and metadata. Returns a negative error if a
 * #pragma was refused. */
static int scan_declarations(builder_scan *s, include_list *includes)
{
    int i = 0;
    while (tok(s, i)->kind != TK_EOF) {
        uint8_t kind = tok(s, i)->kind;
        if (is_type_decorator(s, i)) i++; /* `shared class X {`: the class body is scanned too */
        else if (!s->cur_class[0] && (kind == TK_CLASS || kind == TK_INTERFACE)) i = enter_class(s, i + 1);
        else if (s->cur_class[0] && kind == TK_RBRACE) s->cur_class[0] = 0, i++;
        else if (kind == TK_NAMESPACE) i = enter_namespace(s, i + 1);
        else if (s->cur_ns[0] && kind == TK_RBRACE) leave_namespace(s), i++;
        else if (kind == TK_LBRACKET) i = meta_scan(s, i);
        else if (tok(s, i)->kind == TK_UNKNOWN && s->text[tok(s, i)->pos] == '#') {
            /* `#!` starts a shebang line, which the reference builder of 2.35.1 ignores there too;
             * anything but a well-formed directive stays for the compiler to report */
            size_t hash = tok(s, i)->pos;
            if (hash + 1 < s->len && s->text[hash + 1] == '!') i = blank_to(s, i + 1, hash, line_end(s, hash));
            else if (!is_directive(s, i) || tok(s, i + 1)->kind != TK_IDENT) i++;
            else if (scan_tok_is(s, i + 1, "include")) i = include_directive(s, i, includes);
            else if (scan_tok_is(s, i + 1, "pragma")) {
                if ((i = pragma_directive(s, i)) < 0) return i;
            } else i++;
        } else i = skip_statement(s, i);
    }
    return 0;
}

/* ---------------------------------------------------------------------------------- sections */

/* The file an #include names: as written if absolute, else next to the including section. */
static char *include_path(const char *from, const char *file)
{
    if (file[0] == '/' || file[0] == '\\' || strchr(file, ':')) return builder_strdup(file);
    const char *slash = strrchr(from, '/'), *bslash = strrchr(from, '\\');
    if (bslash && (!slash || bslash > slash)) slash = bslash;
    size_t dir = slash ? (size_t)(slash - from) + 1 : 0, n = strlen(file);
    char *p = mem_alloc(dir + n + 1);
    if (!p) mem_fail_jump();
    memcpy(p, from, dir);
    memcpy(p + dir, file, n + 1);
    return p;
}

static int load_includes(as_builder *b, const char *from, const include_list *includes)
{
    for (int k = 0; k < includes->count; k++) {
        const pending_include *inc = &includes->data[k];
        int r;
        if (b->include_fn) {
            mem_guard *held = mem_guard_suspend();   /* host code: never jumped over */
            r = b->include_fn(inc->file, from, b, b->include_user);
            mem_guard_resume(held);
        } else {
            char *path = include_path(from, inc->file);
            r = add_file_from(b, path, from, inc->row, inc->col);
            mem_free(path);
        }
        if (r < 0) return r;
    }
    return 0;
}

/* Preprocesses code[0..len) as section `name`, adds it to the module, then loads its includes. */
static int process_section(as_builder *b, const char *name, const char *code, size_t len, int line_offset)
{
    builder_scan s = {b, name, line_offset, builder_strndup(code, len), len, {0}, builder_strdup(""), builder_strdup("")};
    include_list includes = {0};
    int r = AS_ERROR;
    if (relex(&s)) {
        exclude_conditionals(&s);
        if (relex(&s) && (r = scan_declarations(&s, &includes)) >= 0 &&
            (r = as_module_add_section(b->module, name, s.text, len, line_offset)) >= 0)
            VEC_PUSH(b->sections, builder_strdup(name));
    }
    mem_free(s.text);
    mem_free(s.toks.data);
    mem_free(s.cur_class);
    mem_free(s.cur_ns);
    if (r >= 0) r = load_includes(b, name, &includes);
    for (int k = 0; k < includes.count; k++) mem_free(includes.data[k].file);
    VEC_FREE(includes);
    return r < 0 ? r : 0;
}

/* The whole file, NULL if it cannot be read. */
static char *read_whole_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    /* a file of known size in one block of that size (plus one byte, so that the read finds
     * the end without growing it); a pipe or a file that grows meanwhile grows the block */
    size_t cap = 65536, n = 0, got;
    if (fseek(f, 0, SEEK_END) == 0) {
        long size = ftell(f);
        if (size >= 0 && (unsigned long)size < ((size_t)1 << 40)) cap = (size_t)size + 1;
        rewind(f);
    }
    char *buf = mem_alloc(cap);
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n < cap) continue;
        char *bigger = mem_realloc(buf, cap, cap * 2);
        cap *= 2;
        if (!bigger) mem_free(buf);
        buf = bigger;
    }
    bool failed = ferror(f);
    fclose(f);
    if (failed) {
        mem_free(buf);
        return NULL;
    }
    *len = n;
    return buf;
}

/* Loads path unless it was loaded before (by any name: duplicates are found by resolved path).
 * A file that cannot be read is reported where it was included from (from/row/col), or at the
 * file itself for the first one. */
static int add_file_from(as_builder *b, const char *path, const char *from, int row, int col)
{
    char resolved[PATH_MAX];
    const char *key = realpath(path, resolved) ? resolved : path;
    if (str_list_has(&b->included, key)) return 0;
    size_t len = 0;
    char *code = read_whole_file(path, &len);
    if (!code) {
        report(b, from ? from : path, row, col, "Failed to open script file '%s'", path);
        return AS_ERROR;
    }
    VEC_PUSH(b->included, builder_strdup(key));
    int r = process_section(b, path, code, len, 0);
    mem_free(code);
    return r < 0 ? r : 1;
}

/* --------------------------------------------------------------------------------- interface */

as_builder *as_builder_create(void) { return mem_calloc(1, sizeof(as_builder)); }

static void forget_module(as_builder *b)
{
    str_list_free(&b->sections);
    str_list_free(&b->included);
    meta_clear(b);
}

void as_builder_destroy(as_builder *b)
{
    if (!b) return;
    forget_module(b);
    str_list_free(&b->defines);
    mem_free(b);
}

int as_builder_start_module(as_builder *b, as_engine *e, const char *name)
{
    if (!b || !e) return AS_INVALID_ARG;
    /* no name is the module "" (CScriptBuilder::StartNewModule(engine, 0) works so) */
    as_module *m = as_engine_get_module(e, name ? name : "", AS_GM_ALWAYS_CREATE);
    if (!m) return AS_ERROR;
    forget_module(b);
    b->engine = e;
    b->module = m;
    return 0;
}

#define BUILDER_GUARDED(call) do { \
        mem_guard g_; \
        mem_guard_push(&g_, NULL, NULL); \
        if (setjmp(g_.jb)) { \
            report(b, "", 0, 0, "out of memory%s", ""); \
            return AS_OUT_OF_MEMORY; \
        } \
        int r_ = (call); \
        mem_guard_end(&g_); \
        return r_; \
    } while (0)

static int add_memory(as_builder *b, const char *name, const char *code, size_t len, int line_offset)
{
    if (str_list_has(&b->included, name)) return 0;
    VEC_PUSH(b->included, builder_strdup(name));
    int r = process_section(b, name, code, len, line_offset);
    return r < 0 ? r : 1;
}

int as_builder_add_file(as_builder *b, const char *path)
{
    if (!b || !b->module || !path) return AS_INVALID_ARG;
    BUILDER_GUARDED(add_file_from(b, path, NULL, 0, 0));
}

int as_builder_add_memory(as_builder *b, const char *name, const char *code, size_t len, int line_offset)
{
    if (!b || !b->module || !name || !code) return AS_INVALID_ARG;
    BUILDER_GUARDED(add_memory(b, name, code, len, line_offset));
}

static int meta_resolve_in(as_builder *b)
{
    meta_resolve(b);
    return 0;
}

static int resolve_metadata(as_builder *b) { BUILDER_GUARDED(meta_resolve_in(b)); }

int as_builder_build(as_builder *b)
{
    if (!b || !b->module) return AS_INVALID_ARG;
    int r = as_module_build(b->module);
    if (r < 0) return r;
    int mr = resolve_metadata(b);
    return mr < 0 ? mr : r;
}

as_engine *as_builder_engine(const as_builder *b) { return b ? b->engine : NULL; }
as_module *as_builder_module(const as_builder *b) { return b ? b->module : NULL; }

void as_builder_set_include_callback(as_builder *b, as_builder_include_fn fn, void *user)
{
    if (!b) return;
    b->include_fn = fn;
    b->include_user = user;
}

void as_builder_set_pragma_callback(as_builder *b, as_builder_pragma_fn fn, void *user)
{
    if (!b) return;
    b->pragma_fn = fn;
    b->pragma_user = user;
}

static int define_word(as_builder *b, const char *word)
{
    if (!str_list_has(&b->defines, word)) VEC_PUSH(b->defines, builder_strdup(word));
    return 0;
}

int as_builder_define(as_builder *b, const char *word)
{
    if (!b || !word) return AS_INVALID_ARG;
    BUILDER_GUARDED(define_word(b, word));
}

unsigned as_builder_section_count(const as_builder *b) { return b ? (unsigned)b->sections.count : 0; }

const char *as_builder_section_name(const as_builder *b, unsigned i)
{
    return b && i < (unsigned)b->sections.count ? b->sections.data[i] : NULL;
}
