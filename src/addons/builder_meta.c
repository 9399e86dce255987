/* Metadata of the script builder: `[text]` blocks before declarations.
 *
 * While loading, a metadata block is copied out and blanked, and the declaration after it is
 * classified the way CScriptBuilder does it, from its tokens alone: a type name, a function
 * signature (the text up to its body), a variable name, a virtual property name, or `T x(...);`
 * which may be either a variable or a prototype. After the build each is looked up in the module
 * in the namespace and class it was declared in, and its metadata filed under the type id,
 * function id, or variable/property index the host queries with. */
#include "builder_impl.h"
#include "util/mem.h"
#include "runtime/engine.h"
#include <string.h>

typedef VEC(char) char_buf;

static const as_token *tok(const builder_scan *s, int i) { return &s->toks.data[i]; }
static size_t tok_end(const builder_scan *s, int i) { return tok(s, i)->pos + tok(s, i)->len; }

static void buf_add(char_buf *b, const char *s, size_t n)
{
    VEC_RESERVE(*b, b->count + (int)n + 1);
    memcpy(b->data + b->count, s, n);
    b->count += (int)n;
    b->data[b->count] = 0;
}

/* ------------------------------------------------------------------------------- extraction */

/* Words CScriptBuilder skips in front of a declaration. */
static bool is_leading_decorator(const builder_scan *s, int i)
{
    static const char *const words[] = {"private", "protected", "shared", "external", "final", "abstract"};
    for (size_t k = 0; k < sizeof words / sizeof *words; k++)
        if (scan_tok_is(s, i, words[k])) return true;
    return false;
}

static bool is_literal(uint8_t kind)
{
    return kind == TK_INT || kind == TK_FLOAT || kind == TK_DOUBLE || kind == TK_STRING || kind == TK_MLSTRING ||
           kind == TK_HEREDOC || kind == TK_BADSTRING || kind == TK_BITS;
}

/* Classifies the declaration at token i into d (kind 0 if it is none the builder knows). */
static void classify_declaration(const builder_scan *s, int i, meta_decl *d)
{
    while (is_leading_decorator(s, i)) i++;
    uint8_t kind = tok(s, i)->kind;
    if (kind == TK_EOF || kind == TK_UNKNOWN || is_literal(kind)) return;
    if (kind == TK_CLASS || kind == TK_INTERFACE || kind == TK_ENUM) {
        if (tok(s, i + 1)->kind != TK_IDENT) return;
        d->kind = MD_TYPE;
        d->name = builder_strndup(s->text + tok(s, i + 1)->pos, tok(s, i + 1)->len);
        return;
    }
    /* A signature runs to its body; a variable ends at '=' or ';' and keeps only its name (the
     * last identifier before any parenthesis). `override` and `final` after the parameter list
     * are left out of the signature, which is looked up as a declaration. */
    char_buf sig = {0};
    buf_add(&sig, s->text + tok(s, i)->pos, tok(s, i)->len);
    int name = -1, depth = 0;
    bool has_params = false;
    for (int k = i + 1; tok(s, k)->kind != TK_EOF; k++) {
        kind = tok(s, k)->kind;
        if (kind == TK_LBRACE && depth == 0) {
            d->kind = has_params ? MD_FUNC : MD_VIRTPROP;
            break;
        }
        if ((kind == TK_ASSIGN && !has_params) || kind == TK_SEMI) {
            d->kind = has_params ? MD_FUNC_OR_VAR : MD_VAR;
            break;
        }
        if (kind == TK_LPAREN) depth++, has_params = true;
        else if (kind == TK_RPAREN) depth--;
        else if (kind == TK_IDENT && !has_params && depth == 0) name = k;
        bool trailing_decorator = has_params && depth == 0 && (scan_tok_is(s, k, "override") || scan_tok_is(s, k, "final"));
        buf_add(&sig, s->text + tok_end(s, k - 1), tok(s, k)->pos - tok_end(s, k - 1));
        if (!trailing_decorator) buf_add(&sig, s->text + tok(s, k)->pos, tok(s, k)->len);
    }
    if (d->kind && name >= 0) d->name = builder_strndup(s->text + tok(s, name)->pos, tok(s, name)->len);
    if (d->kind == MD_FUNC || d->kind == MD_FUNC_OR_VAR) d->decl = builder_strndup(sig.data, (size_t)sig.count);
    else if (d->kind && !d->name) d->kind = 0; /* a variable or property needs its name */
    VEC_FREE(sig);
}

int meta_scan(builder_scan *s, int i)
{
    meta_decl d = {0};
    do {
        int open = i, level = 1;
        for (i++; level > 0 && tok(s, i)->kind != TK_EOF; i++) {
            if (tok(s, i)->kind == TK_LBRACKET) level++;
            else if (tok(s, i)->kind == TK_RBRACKET) level--;
        }
        size_t from = tok(s, open)->pos + 1, to = level == 0 ? tok(s, i - 1)->pos : s->len;
        VEC_PUSH(d.meta, builder_strndup(s->text + from, to - from));
        builder_blank(s->text, tok(s, open)->pos, level == 0 ? tok_end(s, i - 1) : s->len);
    } while (tok(s, i)->kind == TK_LBRACKET);
    classify_declaration(s, i, &d);
    if (!d.kind) {
        str_list_free(&d.meta);
        return i;
    }
    d.parent_class = builder_strndup(s->cur_class, strlen(s->cur_class));
    d.ns = builder_strndup(s->cur_ns, strlen(s->cur_ns));
    VEC_PUSH(s->b->decls, d);
    return i;
}

/* ------------------------------------------------------------------------------ matching */

/* The first match wins, as with CScriptBuilder's maps. */
static void file_metadata(as_builder *b, meta_target target, int type_id, int key, int decl)
{
    for (int i = 0; i < b->entries.count; i++) {
        const meta_entry *e = &b->entries.data[i];
        if (e->target == target && e->type_id == type_id && e->key == key) return;
    }
    meta_entry e = {target, type_id, key, decl};
    VEC_PUSH(b->entries, e);
}

/* A type the module declared, by name and namespace. */
static as_type *module_type(as_module *m, const char *name, const char *ns)
{
    for (int i = 0; i < m->types.count; i++) {
        as_type *t = m->types.data[i];
        const char *tns = as_type_namespace(t);
        if (strcmp(as_type_name(t), name) == 0 && strcmp(tns ? tns : "", ns) == 0) return t;
    }
    return NULL;
}

static int property_index(const as_type *t, const char *name)
{
    for (int i = 0; i < as_type_property_count(t); i++) {
        const char *pname = NULL;
        as_type_property(t, i, &pname, NULL, NULL);
        if (pname && strcmp(pname, name) == 0) return i;
    }
    return -1;
}

/* Both accessors of virtual property `name`, through lookup (a module's or a type's). */
static void file_accessors(as_builder *b, int di, as_type *cls)
{
    const meta_decl *d = &b->decls.data[di];
    static const char *const prefixes[] = {"get_", "set_"};
    for (int k = 0; k < 2; k++) {
        char_buf accessor = {0};
        buf_add(&accessor, prefixes[k], 4);
        buf_add(&accessor, d->name, strlen(d->name));
        as_function *f = cls ? as_type_method_by_name(cls, accessor.data) : as_module_function_by_name(b->module, accessor.data);
        if (f && cls) file_metadata(b, MT_METHOD, as_type_id(cls), as_function_id(f), di);
        else if (f) file_metadata(b, MT_FUNC, 0, as_function_id(f), di);
        VEC_FREE(accessor);
    }
}

static void match_global(as_builder *b, int di)
{
    const meta_decl *d = &b->decls.data[di];
    as_module *m = b->module;
    if (d->kind == MD_TYPE) {
        as_type *t = module_type(m, d->name, d->ns);
        if (t) file_metadata(b, MT_TYPE, as_type_id(t), 0, di);
        return;
    }
    if (d->kind == MD_VIRTPROP) {
        file_accessors(b, di, NULL);
        return;
    }
    if (d->kind == MD_VAR || d->kind == MD_FUNC_OR_VAR) {
        int var = as_module_global_index_by_name(m, d->name);
        if (var >= 0) file_metadata(b, MT_VAR, 0, var, di);
        if (var >= 0 || d->kind == MD_VAR) return;
    }
    /* a function, or a `T x(...);` that is no variable: a prototype */
    as_function *f = as_module_function_by_decl(m, d->decl);
    if (f) file_metadata(b, MT_FUNC, 0, as_function_id(f), di);
}

static void match_member(as_builder *b, int di)
{
    const meta_decl *d = &b->decls.data[di];
    as_type *cls = module_type(b->module, d->parent_class, d->ns);
    if (!cls || d->kind == MD_TYPE) return; /* there are no nested types */
    int type_id = as_type_id(cls);
    if (d->kind == MD_VIRTPROP) {
        file_accessors(b, di, cls);
        return;
    }
    if (d->kind == MD_VAR || d->kind == MD_FUNC_OR_VAR) {
        int prop = property_index(cls, d->name);
        if (prop >= 0) file_metadata(b, MT_PROP, type_id, prop, di);
        if (prop >= 0 || d->kind == MD_VAR) return;
    }
    as_function *f = as_type_method_by_decl(cls, d->decl);
    if (f) file_metadata(b, MT_METHOD, type_id, as_function_id(f), di);
}

void meta_resolve(as_builder *b)
{
    as_module *m = b->module;
    as_namespace *saved = m->default_ns;
    b->entries.count = 0; /* a rebuild matches again */
    for (int i = 0; i < b->decls.count; i++) {
        const meta_decl *d = &b->decls.data[i];
        /* functions and variables are looked up in the module's default namespace */
        as_namespace *ns = engine_find_namespace(b->engine, d->ns);
        if (!ns) continue;
        m->default_ns = ns;
        if (d->parent_class[0]) match_member(b, i);
        else match_global(b, i);
    }
    m->default_ns = saved;
}

void meta_clear(as_builder *b)
{
    for (int i = 0; i < b->decls.count; i++) {
        meta_decl *d = &b->decls.data[i];
        mem_free(d->name);
        mem_free(d->decl);
        mem_free(d->parent_class);
        mem_free(d->ns);
        str_list_free(&d->meta);
    }
    VEC_FREE(b->decls);
    VEC_FREE(b->entries);
}

/* ------------------------------------------------------------------------------- queries */

static int lookup(const as_builder *b, meta_target target, int type_id, int key, const char *const **list)
{
    if (list) *list = NULL;
    if (!b) return 0;
    for (int i = 0; i < b->entries.count; i++) {
        const meta_entry *e = &b->entries.data[i];
        if (e->target != target || e->type_id != type_id || e->key != key) continue;
        const str_list *meta = &b->decls.data[e->decl].meta;
        if (list) *list = (const char *const *)meta->data;
        return meta->count;
    }
    return 0;
}

int as_builder_metadata_for_type(const as_builder *b, int type_id, const char *const **list)
{
    return lookup(b, MT_TYPE, type_id, 0, list);
}

int as_builder_metadata_for_func(const as_builder *b, const as_function *f, const char *const **list)
{
    return f ? lookup(b, MT_FUNC, 0, as_function_id(f), list) : lookup(NULL, MT_FUNC, 0, 0, list);
}

int as_builder_metadata_for_var(const as_builder *b, int var_index, const char *const **list)
{
    return lookup(b, MT_VAR, 0, var_index, list);
}

int as_builder_metadata_for_type_property(const as_builder *b, int type_id, int prop_index, const char *const **list)
{
    return lookup(b, MT_PROP, type_id, prop_index, list);
}

int as_builder_metadata_for_type_method(const as_builder *b, int type_id, const as_function *method,
                                        const char *const **list)
{
    return method ? lookup(b, MT_METHOD, type_id, as_function_id(method), list) : lookup(NULL, MT_METHOD, 0, 0, list);
}
