/* Structs, enums and constants: the generated C for each (wrapper structs for reference classes,
 * typedefs for value classes and enums) and the lines of the two binds. */
#include "gen.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- reference classes: a counted wrapper around the library's pointer ---- */

/* A field's script name: `rename TYPE::field name`, else the C name. */
static void field_name(bg_gen *g, const bg_record *r, const char *f, char *out, size_t size)
{
    char q[300];
    snprintf(q, sizeof q, "%s::%s", r->c_name, f);
    const bg_directive *d = bg_config_match(g->cfg, "rename", q);
    snprintf(out, size, "%s", d ? d->arg[1] : f);
}

static void field_refused(bg_gen *g, const bg_record *r, const char *f, const char *why)
{
    char what[300];
    snprintf(what, sizeof what, "%s::%s", r->c_name, f);
    bg_refuse(g, what, "%s", why);
}

typedef struct fctx { bg_gen *g; bg_record *r; } fctx;

/* A field of a reference class: read through a getter (never written: the library keeps its
 * invariants, e.g. cJSON's type and valuestring agree). */
static enum CXChildVisitResult ref_field(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    fctx *x = data;
    bg_gen *g = x->g;
    bg_record *r = x->r;
    if (clang_getCursorKind(c) != CXCursor_FieldDecl) return CXChildVisit_Continue;
    char f[128], sf[128];
    bg_str(clang_getCursorSpelling(c), f, sizeof f);
    field_name(g, r, f, sf, sizeof sf);
    if (bg_is_keyword(sf)) { field_refused(g, r, f, "its name is a script keyword (rename it)"); return CXChildVisit_Continue; }
    if (clang_Cursor_isBitField(c)) { field_refused(g, r, f, "a bit-field of a reference class"); return CXChildVisit_Continue; }
    CXType t = clang_getCanonicalType(clang_getCursorType(c));
    /* the accessor's name is the class's: no method of the same name (functions.c, emit_method) */
    char member[300];
    snprintf(member, sizeof member, "%s::%s", r->script, sf);
    bg_claim_name(g, member);
    const char *st = bg_scalar_type(t);
    if (t.kind == CXType_Enum && clang_Type_getSizeOf(t) == 4) st = "int32_t";
    if (st) {
        fprintf(g->wrappers, "static %s bg_get_%s_%s(const %s *w) { return ((%s *)w->o.p)->%s; }\n", st, r->c_name, f,
                r->alias, r->c_type, f);
        fprintf(g->members, "            AS_GETTER(c, \"%s\", bg_get_%s_%s, %s, const %s *);\n", sf, r->c_name, f, st, r->alias);
        return CXChildVisit_Continue;
    }
    if (t.kind == CXType_Pointer) {
        CXType pt = clang_getCanonicalType(clang_getPointeeType(t));
        if (pt.kind == CXType_Char_S || pt.kind == CXType_Char_U) {
            fprintf(g->wrappers,
                    "static const char *bg_get_%s_%s(const %s *w) { const char *s = ((%s *)w->o.p)->%s; return s ? s : \"\"; }\n",
                    r->c_name, f, r->alias, r->c_type, f);
            fprintf(g->members, "            AS_GETTER(c, \"%s\", bg_get_%s_%s, const char *, const %s *);\n", sf, r->c_name, f,
                    r->alias);
            return CXChildVisit_Continue;
        }
        bg_record *o = bg_record_of(g, pt);
        if (o && o->is_ref) {
            /* a borrowed object: its handle keeps this one (its owner) alive */
            fprintf(g->wrappers,
                    "static %s *bg_get_%s_%s(const %s *w) { return %s_wrap(((%s *)w->o.p)->%s, 0, (bg_obj *)&w->o); }\n",
                    o->alias, r->c_name, f, r->alias, o->alias, r->c_type, f);
            fprintf(g->members, "            AS_GETTER(c, \"%s@ %s()\", bg_get_%s_%s, %s *, const %s *);\n", o->script, sf,
                    r->c_name, f, o->alias, r->alias);
            return CXChildVisit_Continue;
        }
    }
    field_refused(g, r, f, "a field type with no script mapping");
    return CXChildVisit_Continue;
}

/* A field of a value class: a property at its offset. */
static enum CXChildVisitResult value_field(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    fctx *x = data;
    bg_gen *g = x->g;
    bg_record *r = x->r;
    if (clang_getCursorKind(c) != CXCursor_FieldDecl) return CXChildVisit_Continue;
    char f[128];
    bg_str(clang_getCursorSpelling(c), f, sizeof f);
    if (!f[0]) { r->partial = true; field_refused(g, r, "(anonymous)", "an anonymous member"); return CXChildVisit_Continue; }
    if (bg_is_keyword(f)) { r->partial = true; field_refused(g, r, f, "its name is a script keyword"); return CXChildVisit_Continue; }
    CXType t = clang_getCanonicalType(clang_getCursorType(c));
    if (clang_Cursor_isBitField(c)) {
        if (bg_scalar_type(t)) fprintf(g->members, "            AS_BITFIELD(c, %s, %s);\n", r->alias, f);
        else field_refused(g, r, f, "a bit-field of no integer type");
        return CXChildVisit_Continue;
    }
    if (bg_scalar_type(t) && t.kind != CXType_Bool) {
        fprintf(g->members, "            AS_PROPERTY(c, %s, %s);\n", r->alias, f);
        return CXChildVisit_Continue;
    }
    bg_enum *e = t.kind == CXType_Enum ? bg_enum_of(g, t) : NULL;
    bg_record *v = t.kind == CXType_Record ? bg_record_of(g, t) : NULL;
    if (e && e->alias[0]) {
        /* the compiler checks the member is of the enum's type; the script sees the enum */
        fprintf(g->members, "            AS_ENUM_PROPERTY(c, %s, %s, %s);\n", r->alias, f, e->alias);
        return CXChildVisit_Continue;
    }
    if ((v && !v->is_ref) || t.kind == CXType_Bool) {
        fprintf(g->members, "            AS_PROPERTY_AS(c, %s, %s, \"%s %s\");\n", r->alias, f,
                e ? e->script : v ? v->script : "bool", f);
        return CXChildVisit_Continue;
    }
    r->partial = true;
    field_refused(g, r, f, t.kind == CXType_Pointer ? "a pointer field (who owns what it points to?)"
                           : t.kind == CXType_ConstantArray ? "a fixed array field" : "a field type with no script mapping");
    return CXChildVisit_Continue;
}

void bg_emit_classes(bg_gen *g)
{
    /* first every type's C side, so wrappers may use any of them */
    for (int i = 0; i < g->nrec; i++) {
        bg_record *r = &g->rec[i];
        if (!r->bound) continue;
        FILE *h = g->helpers;
        if (!r->is_ref) {
            fprintf(h, "typedef %s %s;\n", r->c_type, r->alias);
            continue;
        }
        fprintf(h, "/* %s: a counted handle on the library's pointer, freed with %s when owned */\n", r->c_name, r->destroy);
        fprintf(h, "typedef struct %s { bg_obj o; } %s;\n", r->alias, r->alias);
        fprintf(h, "static void %s_destroy(void *p) { %s((%s *)p); }\n", r->alias, r->destroy, r->c_type);
        fprintf(h, "static void %s_free(%s *w) { bg_obj_free(&w->o); }\n", r->alias, r->alias);
        fprintf(h, "BG_UNUSED static %s *%s_wrap(void *p, int owned, bg_obj *keep)\n{\n", r->alias, r->alias);
        fprintf(h, "    return (%s *)bg_obj_new(p, owned ? %s_destroy : NULL, keep);\n}\n", r->alias, r->alias);
    }
    for (int i = 0; i < g->nrec; i++) {
        bg_record *r = &g->rec[i];
        if (!r->bound) continue;
        g->nclasses++;
        if (r->is_ref)
            fprintf(g->types, "        AS_REF_CLASS(b, %s, \"%s\", 0);\n", r->alias, r->script);
        else
            fprintf(g->types, "        AS_VALUE_CLASS(b, %s, \"%s\", AS_OBJ_POD);\n", r->alias, r->script);
        fprintf(g->members, "        {\n            as_bind_class *c = as_bind_class_find(b, \"%s\");\n", r->script);
        fctx x = {g, r};
        if (r->is_ref) {
            fprintf(g->members, "            AS_REFCOUNT(c, %s, o.refs, %s_free);\n", r->alias, r->alias);
            if (r->complete) clang_visitChildren(r->decl, ref_field, &x);
        } else {
            clang_visitChildren(r->decl, value_field, &x);
        }
        fprintf(g->members, "            (void)c;\n        }\n");
    }
}

/* ---- enums ---- */

typedef struct ectx { bg_gen *g; bool named; } ectx;

static enum CXChildVisitResult enum_value(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    ectx *x = data;
    if (clang_getCursorKind(c) != CXCursor_EnumConstantDecl) return CXChildVisit_Continue;
    char n[128], s[128];
    bg_str(clang_getCursorSpelling(c), n, sizeof n);
    bg_script_name(x->g, n, s, sizeof s);
    if (x->named) {
        fprintf(x->g->types, "            AS_ENUM_VALUE(en, \"%s\", %s);\n", s, n);
    } else if (!bg_is_keyword(s) && bg_claim_name(x->g, s)) {
        /* a value of an anonymous enum: a constant */
        fprintf(x->g->helpers, "static const int32_t bg_k_%s = %s;\n", n, n);
        fprintf(x->g->members, "        AS_GLOBAL_AS(b, bg_k_%s, \"const int %s\");\n", n, s);
        x->g->nconstants++;
    } else {
        bg_refuse(x->g, n, "its script name '%s' is a keyword or already used", s);
    }
    return CXChildVisit_Continue;
}

void bg_emit_enums(bg_gen *g)
{
    for (int i = 0; i < g->nen; i++) {
        bg_enum *e = &g->en[i];
        ectx x = {g, e->alias[0] != 0};
        if (x.named && bg_config_match(g->cfg, "skip", e->c_type)) {
            bg_refuse(g, e->c_type, "skipped by the configuration");
            continue;
        }
        if (x.named && (clang_Type_getSizeOf(clang_getEnumDeclIntegerType(e->decl)) != 4 || !bg_claim_name(g, e->script))) {
            bg_refuse(g, e->c_type, "not 4 bytes, or its script name '%s' is already used", e->script);
            e->alias[0] = 0;
            continue;
        }
        if (x.named) {
            fprintf(g->helpers, "typedef %s %s;\n", e->c_type, e->alias);
            fprintf(g->types, "        {\n            as_bind_enum *en = AS_ENUM(b, %s, \"%s\");\n", e->alias, e->script);
            g->nenums++;
        }
        clang_visitChildren(e->decl, enum_value, &x);
        if (x.named) fprintf(g->types, "            (void)en;\n        }\n");
    }
}

/* ---- constants: object-like macros whose value is an integer constant expression ---- */

typedef struct ev { CXToken *t; unsigned n, i; CXTranslationUnit tu; bg_gen *g; bool ok; } ev;

static long long expr(ev *e);

static bool tok_is(ev *e, const char *s)
{
    if (e->i >= e->n) return false;
    CXString sp = clang_getTokenSpelling(e->tu, e->t[e->i]);
    bool r = strcmp(clang_getCString(sp), s) == 0;
    clang_disposeString(sp);
    return r;
}

static long long value_of_macro(bg_gen *g, const char *name, bool *ok);

static long long primary(ev *e)
{
    if (e->i >= e->n) { e->ok = false; return 0; }
    if (tok_is(e, "(")) {
        e->i++;
        long long v = expr(e);
        if (!tok_is(e, ")")) e->ok = false;
        e->i++;
        return v;
    }
    if (tok_is(e, "-")) { e->i++; return -primary(e); }
    if (tok_is(e, "~")) { e->i++; return ~primary(e); }
    if (tok_is(e, "+")) { e->i++; return primary(e); }
    char s[128];
    bg_str(clang_getTokenSpelling(e->tu, e->t[e->i]), s, sizeof s);
    CXTokenKind k = clang_getTokenKind(e->t[e->i]);
    e->i++;
    if (k == CXToken_Literal && s[0] >= '0' && s[0] <= '9') {
        char *end;
        unsigned long long v = strtoull(s, &end, 0);
        while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L') end++;
        if (*end) e->ok = false;
        return (long long)v;
    }
    if (k == CXToken_Identifier) return value_of_macro(e->g, s, &e->ok);
    e->ok = false;
    return 0;
}

static long long binary(ev *e, int level)
{
    static const char *const ops[][3] = {{"|", NULL, NULL}, {"^", NULL, NULL}, {"&", NULL, NULL}, {"<<", ">>", NULL},
                                         {"+", "-", NULL}, {"*", "/", "%"}};
    if (level == 6) return primary(e);
    long long v = binary(e, level + 1);
    for (;;) {
        int op = -1;
        for (int k = 0; k < 3 && ops[level][k]; k++)
            if (tok_is(e, ops[level][k])) op = k;
        if (op < 0 || !e->ok) return v;
        e->i++;
        long long r = binary(e, level + 1);
        const char *o = ops[level][op];
        if ((o[0] == '/' || o[0] == '%') && r == 0) { e->ok = false; return 0; }
        if (o[0] == '<' && (r < 0 || r > 62)) { e->ok = false; return 0; }
        v = o[0] == '|' ? (v | r) : o[0] == '^' ? (v ^ r) : o[0] == '&' ? (v & r) : o[0] == '<' ? (long long)((unsigned long long)v << r)
          : o[0] == '>' ? v >> r : o[0] == '+' ? v + r : o[0] == '-' ? v - r : o[0] == '*' ? v * r : o[0] == '/' ? v / r : v % r;
    }
}

static long long expr(ev *e) { return binary(e, 0); }

/* The value of macro `name` (tokens after the name), *ok false if it is no integer constant. */
static long long eval_macro(bg_gen *g, CXCursor m, bool *ok)
{
    CXToken *t;
    unsigned n;
    clang_tokenize(g->tu, clang_getCursorExtent(m), &t, &n);
    ev e = {t, n, 1, g->tu, g, n > 1};
    long long v = e.ok ? expr(&e) : 0;
    if (e.i != n) e.ok = false;
    clang_disposeTokens(g->tu, t, n);
    *ok = e.ok;
    return v;
}

static int depth;

static long long value_of_macro(bg_gen *g, const char *name, bool *ok)
{
    for (int i = 0; i < g->nmacro; i++) {
        char n[128];
        if (strcmp(bg_str(clang_getCursorSpelling(g->macro[i]), n, sizeof n), name) != 0) continue;
        if (depth > 20) break;
        depth++;
        bool mok;
        long long v = eval_macro(g, g->macro[i], &mok);
        depth--;
        if (!mok) *ok = false;
        return v;
    }
    *ok = false;
    return 0;
}

void bg_emit_constants(bg_gen *g)
{
    for (int i = 0; i < g->nmacro; i++) {
        char n[128], s[128];
        bg_str(clang_getCursorSpelling(g->macro[i]), n, sizeof n);
        CXToken *t;
        unsigned nt;
        clang_tokenize(g->tu, clang_getCursorExtent(g->macro[i]), &t, &nt);
        clang_disposeTokens(g->tu, t, nt);
        if (nt < 2) continue;   /* empty: an include guard or an attribute switch, no value */
        if (bg_config_match(g->cfg, "skip", n)) continue;
        bool ok;
        long long v = eval_macro(g, g->macro[i], &ok);
        if (!ok) {
            bg_refuse(g, n, "a macro that is no integer constant");
            continue;
        }
        bg_script_name(g, n, s, sizeof s);
        if (bg_is_keyword(s) || !bg_claim_name(g, s)) {
            bg_refuse(g, n, "its script name '%s' is a keyword or already used", s);
            continue;
        }
        bool small = v >= INT32_MIN && v <= INT32_MAX;
        /* #ifdef: a header may #undef its helper macros after use (math.h) */
        fprintf(g->helpers, "#ifdef %s\nstatic const %s bg_k_%s = %s;\n#endif\n", n, small ? "int32_t" : "int64_t", n, n);
        fprintf(g->members, "#ifdef %s\n        AS_GLOBAL_AS(b, bg_k_%s, \"const %s %s\");\n#endif\n", n, n, small ? "int" : "int64", s);
        g->nconstants++;
    }
}
