/* Collecting the main header's declarations and deciding what each struct becomes. */
#include "gen.h"
#include <ctype.h>
#include <string.h>

const char *bg_str(CXString s, char *buf, size_t size)
{
    const char *c = clang_getCString(s);
    snprintf(buf, size, "%s", c ? c : "");
    clang_disposeString(s);
    return buf;
}

static bool in_main_file(CXCursor c)
{
    return clang_Location_isFromMainFile(clang_getCursorLocation(c)) != 0;
}

/* The record a type names (through typedefs), added on first sight if declared in the main file. */
static bg_record *record_add(bg_gen *g, CXCursor decl)
{
    char usr[256];
    bg_str(clang_getCursorUSR(decl), usr, sizeof usr);
    for (int i = 0; i < g->nrec; i++)
        if (strcmp(g->rec[i].usr, usr) == 0) return &g->rec[i];
    if (!in_main_file(decl) || g->nrec == BG_MAX_RECORDS) return NULL;
    bg_record *r = &g->rec[g->nrec++];
    memset(r, 0, sizeof *r);
    snprintf(r->usr, sizeof r->usr, "%s", usr);
    r->decl = decl;
    char tag[128];
    bg_str(clang_getCursorSpelling(decl), tag, sizeof tag);
    if (tag[0] && !strchr(tag, ' ')) {
        snprintf(r->c_type, sizeof r->c_type, "struct %s", tag);
        snprintf(r->c_name, sizeof r->c_name, "%s", tag);
    }
    return r;
}

bg_record *bg_record_of(bg_gen *g, CXType t)
{
    t = clang_getCanonicalType(t);
    if (t.kind != CXType_Record) return NULL;
    CXCursor d = clang_getTypeDeclaration(t);
    if (clang_getCursorKind(d) != CXCursor_StructDecl) return NULL;
    bg_record *r = record_add(g, d);
    return r && r->bound ? r : NULL;
}

bg_enum *bg_enum_of(bg_gen *g, CXType t)
{
    t = clang_getCanonicalType(t);
    if (t.kind != CXType_Enum) return NULL;
    CXCursor d = clang_getTypeDeclaration(t);
    for (int i = 0; i < g->nen; i++)
        if (clang_equalCursors(g->en[i].decl, d)) return &g->en[i];
    return NULL;
}

static bg_enum *enum_add(bg_gen *g, CXCursor d)
{
    for (int i = 0; i < g->nen; i++)
        if (clang_equalCursors(g->en[i].decl, d)) return &g->en[i];
    if (g->nen == BG_MAX_ENUMS) return NULL;
    bg_enum *e = &g->en[g->nen++];
    memset(e, 0, sizeof *e);
    e->decl = d;
    char tag[128];
    bg_str(clang_getCursorSpelling(d), tag, sizeof tag);
    if (tag[0] && !strchr(tag, ' ')) snprintf(e->c_type, sizeof e->c_type, "enum %s", tag);
    return e;
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    bg_gen *g = data;
    if (!in_main_file(c)) return CXChildVisit_Continue;
    switch (clang_getCursorKind(c)) {
    case CXCursor_FunctionDecl: {
        char name[256];
        bg_str(clang_getCursorSpelling(c), name, sizeof name);
        for (int i = 0; i < g->nfn; i++) {   /* declared twice: once */
            char other[256];
            if (strcmp(bg_str(clang_getCursorSpelling(g->fn[i]), other, sizeof other), name) == 0) return CXChildVisit_Continue;
        }
        if (g->nfn < BG_MAX_FUNCS) g->fn[g->nfn++] = c;
        break;
    }
    case CXCursor_StructDecl:
        record_add(g, clang_getCanonicalCursor(c));
        break;
    case CXCursor_EnumDecl:
        if (clang_isCursorDefinition(c)) enum_add(g, c);
        break;
    case CXCursor_TypedefDecl: {
        /* typedef struct x X; typedef enum {...} E: the typedef names the type for C and configs */
        CXType u = clang_getCanonicalType(clang_getTypedefDeclUnderlyingType(c));
        char name[128];
        bg_str(clang_getCursorSpelling(c), name, sizeof name);
        if (u.kind == CXType_Record) {
            CXCursor d = clang_getTypeDeclaration(u);
            if (clang_getCursorKind(d) != CXCursor_StructDecl) break;
            bg_record *r = record_add(g, clang_getCanonicalCursor(d));
            if (r && (!r->c_type[0] || strcmp(r->c_name, name) != 0)) {
                if (!r->c_type[0]) snprintf(r->c_type, sizeof r->c_type, "%s", name);
                snprintf(r->c_name, sizeof r->c_name, "%s", name);   /* the typedef's name wins */
            }
        } else if (u.kind == CXType_Enum) {
            bg_enum *e = enum_add(g, clang_getTypeDeclaration(u));
            if (e && !e->c_type[0]) snprintf(e->c_type, sizeof e->c_type, "%s", name);
            if (e && !e->script[0]) snprintf(e->script, sizeof e->script, "%s", name);
        }
        break;
    }
    case CXCursor_VarDecl: {
        char name[256];
        bg_str(clang_getCursorSpelling(c), name, sizeof name);
        bg_refuse(g, name, "a global variable (not bound yet: bind it by hand with AS_GLOBAL)");
        break;
    }
    case CXCursor_UnionDecl:
        if (clang_isCursorDefinition(c)) {
            char name[256];
            bg_str(clang_getCursorSpelling(c), name, sizeof name);
            bg_refuse(g, name[0] ? name : "(anonymous union)", "a union");
        }
        break;
    case CXCursor_MacroDefinition:
        if (!clang_Cursor_isMacroFunctionLike(c) && !clang_Cursor_isMacroBuiltin(c) && g->nmacro < BG_MAX_FUNCS)
            g->macro[g->nmacro++] = c;
        break;
    default:
        break;
    }
    return CXChildVisit_Continue;
}

static bool ieq(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b)) return false;
    return *a == *b;
}

/* A destroy function by convention: NAME_free, NAMEFree, NAME_Delete, NAME_close, ... taking
 * only a NAME *. */
static void find_destroy(bg_gen *g, bg_record *r)
{
    static const char *const verbs[] = {"free", "delete", "destroy", "close", "release", "dispose"};
    for (int i = 0; i < g->nfn; i++) {
        CXCursor f = g->fn[i];
        if (clang_Cursor_getNumArguments(f) != 1) continue;
        CXType p = clang_getCanonicalType(clang_getCursorType(clang_Cursor_getArgument(f, 0)));
        if (p.kind != CXType_Pointer) continue;
        CXType pt = clang_getCanonicalType(clang_getPointeeType(p));
        if (pt.kind != CXType_Record) continue;
        char usr[256], name[256];
        bg_str(clang_getCursorUSR(clang_getCanonicalCursor(clang_getTypeDeclaration(pt))), usr, sizeof usr);
        if (strcmp(usr, r->usr) != 0) continue;
        bg_str(clang_getCursorSpelling(f), name, sizeof name);
        size_t n = strlen(r->c_name);
        if (strncmp(name, r->c_name, n) != 0) continue;
        const char *verb = name + n + (name[n] == '_');
        for (size_t v = 0; v < sizeof verbs / sizeof verbs[0]; v++)
            if (ieq(verb, verbs[v])) {
                snprintf(r->destroy, sizeof r->destroy, "%s", name);
                return;
            }
    }
}

void bg_scan(bg_gen *g)
{
    clang_visitChildren(clang_getTranslationUnitCursor(g->tu), visit, g);
    for (int i = 0; i < g->nrec; i++) {
        bg_record *r = &g->rec[i];
        if (!r->c_type[0]) continue;   /* anonymous and never named by a typedef */
        if (bg_config_match(g->cfg, "skip", r->c_name)) {
            bg_refuse(g, r->c_name, "skipped by the configuration");
            continue;
        }
        CXCursor def = clang_getCursorDefinition(r->decl);
        r->complete = !clang_Cursor_isNull(def);
        if (r->complete) r->decl = def;
        const bg_directive *d = bg_config_match(g->cfg, "destroy", r->c_name);
        if (d) snprintf(r->destroy, sizeof r->destroy, "%s", d->arg[1]);
        else find_destroy(g, r);
        r->is_ref = !r->complete || r->destroy[0] || bg_config_match(g->cfg, "ref", r->c_name);
        if (r->is_ref && !r->destroy[0]) {
            bg_refuse(g, r->c_name, "a reference class needs a destroy function (none by convention: name one with 'destroy %s FUNCTION')",
                      r->c_name);
            continue;
        }
        bg_script_name(g, r->c_name, r->script, sizeof r->script);
        if (bg_is_keyword(r->script) || !bg_claim_name(g, r->script)) {
            bg_refuse(g, r->c_name, "its script name '%s' is a keyword or already used (rename it)", r->script);
            continue;
        }
        snprintf(r->alias, sizeof r->alias, "%s%s", r->is_ref ? "bg_" : "bg_v_", r->c_name);
        r->bound = true;
    }
    for (int i = 0; i < g->nen; i++) {
        bg_enum *e = &g->en[i];
        char c[128];
        snprintf(c, sizeof c, "%s", e->script[0] ? e->script : e->c_type);
        if (!e->c_type[0]) continue;   /* anonymous: its values become constants */
        const char *cn = strncmp(c, "enum ", 5) == 0 ? c + 5 : c;
        bg_script_name(g, cn, e->script, sizeof e->script);
        snprintf(e->alias, sizeof e->alias, "bg_e_%s", cn);
    }
}
