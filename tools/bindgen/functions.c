/* One C function of the header becomes a static wrapper whose parameters the toolkit can map,
 * and the AS_FUNCTION line binding it; or a refusal that says why. The wrapper converts: handles
 * to the C pointers they wrap, arrays to buffer and length, out-parameters through locals. The
 * compiler checks the wrapper's call against the header's prototype, and the bind line against
 * the wrapper's. */
#include "gen.h"
#include "angelc_bind.h"
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

typedef struct wparam {
    char wtype[256];            /* the wrapper's C parameter type; "" when hidden from the script */
    char name[64];
    char stype[256];            /* the script type when the name string must say it, else "" */
} wparam;

typedef struct wfunc {
    char cname[256], script[256];
    wparam p[32];
    int np;
    char args[32][300];         /* the C call's arguments */
    int nargs;
    char pre[4096], post[4096];
    char wret[160], sret[160];  /* the wrapper's result type and its script spelling ("" derived) */
    char ret_expr[400];         /* what the wrapper returns, from r */
    char why[300];              /* why it is refused, "" if not */
    int keep;                   /* the first handle parameter (index into p), -1 none */
    int cb_index, cb_user;      /* a synchronous callback parameter and its user-data parameter (C, from 0), -1 none */
} wfunc;

static void appendf(char *buf, size_t size, const char *fmt, ...)
{
    size_t n = strlen(buf);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + n, size - n, fmt, ap);
    va_end(ap);
}

/* the reason a function is refused (vsnprintf: messages are cut, never overflow) */
static void set_why(char *why, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, size, fmt, ap);
    va_end(ap);
}
#define REFUSE(...) do { set_why(w->why, sizeof w->why, __VA_ARGS__); return; } while (0)
#define REFUSE0(...) do { set_why(w->why, sizeof w->why, __VA_ARGS__); return 0; } while (0)

/* The script name of a wrapper's scalar type: the toolkit's own map, so the two never disagree. */
static const char *script_scalar(const char *c)
{
    const char *s = as_bind_scalar_by_c_name(c);
    return s ? s : c;
}

static bool is_char(CXType t)
{
    t = clang_getCanonicalType(t);
    return t.kind == CXType_Char_S || t.kind == CXType_Char_U;
}

static const char *fixed_expr(bg_gen *g, const char *fname, int index)
{
    for (int i = 0; i < g->cfg->n; i++) {
        const bg_directive *d = &g->cfg->d[i];
        if (strcmp(d->word, "fixed") == 0 && bg_glob(d->arg[0], fname) && atoi(d->arg[1]) == index) return d->arg[2];
    }
    return NULL;
}

static void param_name(CXCursor arg, int i, wfunc *w, char *out, size_t size)
{
    char n[64];
    bg_str(clang_getCursorSpelling(arg), n, sizeof n);
    if (!n[0]) snprintf(n, sizeof n, "a%d", i + 1);
    else if (bg_is_keyword(n) && strlen(n) + 2 < sizeof n) strcat(n, "_");   /* array -> array_ */
    for (int k = 0; k < w->np; k++)
        if (strcmp(w->p[k].name, n) == 0) snprintf(n, sizeof n, "a%d", i + 1);
    snprintf(out, size, "%s", n);
}

static wparam *add_param(wfunc *w, const char *wtype, const char *name, const char *stype)
{
    wparam *p = &w->p[w->np++];
    snprintf(p->wtype, sizeof p->wtype, "%s", wtype);
    snprintf(p->name, sizeof p->name, "%s", name);
    snprintf(p->stype, sizeof p->stype, "%s", stype);
    return p;
}

/* Is fname's returned (or out-parameter) object a new one the script owns? */
static bool owns_result(bg_gen *g, const char *fname, bool out_param)
{
    if (bg_config_match(g->cfg, "owned", fname)) return true;
    if (bg_config_match(g->cfg, "borrowed", fname)) return false;
    if (out_param) return true;
    static const char *const verbs[] = {"create", "new", "parse", "open", "dup", "detach", "copy", "alloc"};
    char low[256];
    size_t i = 0;
    for (; fname[i] && i + 1 < sizeof low; i++) low[i] = (char)tolower((unsigned char)fname[i]);
    low[i] = 0;
    for (size_t v = 0; v < sizeof verbs / sizeof verbs[0]; v++)
        if (strstr(low, verbs[v])) return true;
    return false;
}

/* ---- synchronous callbacks: a funcdef, and a C trampoline calling the script function through
 * the calling script's context (nested: push_state/pop_state) ---- */

/* How a callback's scalar crosses: the context's setter and getter by size. */
static const char *arg_setter(const char *st)
{
    return strcmp(st, "float") == 0 ? "float" : strcmp(st, "double") == 0 ? "double"
         : strstr(st, "64") ? "qword" : strstr(st, "32") ? "dword" : strstr(st, "16") ? "word" : "byte";
}
static const char *arg_cast(const char *st)
{
    return strcmp(st, "float") == 0 ? "float" : strcmp(st, "double") == 0 ? "double"
         : strstr(st, "64") ? "uint64_t" : strstr(st, "32") ? "uint32_t" : strstr(st, "16") ? "uint16_t" : "uint8_t";
}

static bool bg_callback_param(bg_gen *g, wfunc *w, CXType t, const char *name)
{
    CXType proto = clang_getCanonicalType(clang_getPointeeType(t));
    if (proto.kind != CXType_FunctionProto || clang_isFunctionTypeVariadic(proto)) {
        set_why(w->why, sizeof w->why, "the callback has no prototype or is variadic");
        return false;
    }
    int n = clang_getNumArgTypes(proto), user = -1;
    char decl[600], params[400] = "", sig[400] = "", body[2048] = "", strings[600] = "", frees[400] = "";
    const char *rst = "void";
    CXType rt = clang_getCanonicalType(clang_getResultType(proto));
    if (rt.kind != CXType_Void && !(rst = bg_scalar_type(rt))) {
        set_why(w->why, sizeof w->why, "the callback's result has no script type");
        return false;
    }
    int sarg = 0;
    for (int j = 0; j < n; j++) {
        CXType a = clang_getCanonicalType(clang_getArgType(proto, (unsigned)j));
        CXType ap = clang_getCanonicalType(clang_getPointeeType(a));
        const char *st = bg_scalar_type(a);
        char ct[160];
        bg_str(clang_getTypeSpelling(a), ct, sizeof ct);
        appendf(sig, sizeof sig, "%s%s c%d", j ? ", " : "", ct, j);
        if (a.kind == CXType_Pointer && ap.kind == CXType_Void && !clang_isConstQualifiedType(ap) && user < 0) {
            user = j;
            continue;
        }
        if (a.kind == CXType_Pointer && is_char(ap) && clang_isConstQualifiedType(ap)) {
            appendf(params, sizeof params, "%sconst string &in", sarg ? ", " : "");
            appendf(strings, sizeof strings, "    as_string s%d = as_string_make(c%d ? c%d : \"\", c%d ? strlen(c%d) : 0);\n", j, j, j, j, j);
            appendf(body, sizeof body, "        as_context_set_arg_address(ctx, %d, &s%d);\n", sarg, j);
            appendf(frees, sizeof frees, "    as_string_free(&s%d);\n", j);
        } else if (st) {
            appendf(params, sizeof params, "%s%s", sarg ? ", " : "", script_scalar(st));
            appendf(body, sizeof body, "        as_context_set_arg_%s(ctx, %d, (%s)c%d);\n", arg_setter(st), sarg, arg_cast(st), j);
        } else {
            set_why(w->why, sizeof w->why, "the callback's parameter %d has no script type", j + 1);
            return false;
        }
        sarg++;
    }
    if (user < 0 || w->cb_user < 0) {
        set_why(w->why, sizeof w->why, "the callback, or the function, has no void * user-data parameter");
        return false;
    }
    char fd[300], script[256];
    bg_script_name(g, w->cname, script, sizeof script);
    snprintf(fd, sizeof fd, "%s_callback", script);
    snprintf(decl, sizeof decl, "%s %s(%s)", strcmp(rst, "void") ? script_scalar(rst) : "void", fd, params);
    fprintf(g->types, "        AS_FUNCDEF(b, \"%s\");\n", decl);
    FILE *o = g->wrappers;
    fprintf(o, "/* %s's callback: calls the script function in the calling script's context (nested) */\n", w->cname);
    fprintf(o, "typedef struct bg_cb_%s { as_function *fn; as_context *ctx; int failed; char msg[200]; } bg_cb_%s;\n", w->cname, w->cname);
    fprintf(o, "BG_UNUSED static %s bg_cbt_%s(%s)\n{\n", strcmp(rst, "void") ? rst : "void", w->cname, sig);
    fprintf(o, "    bg_cb_%s *cb = c%d;\n", w->cname, user);
    if (strcmp(rst, "void")) fprintf(o, "    %s r = 0;\n", rst);
    const char *ret = strcmp(rst, "void") ? "r" : "";
    fprintf(o, "    as_context *ctx = cb->ctx;\n");
    fprintf(o, "    if (cb->failed || !ctx || as_context_push_state(ctx) < 0) {\n        cb->failed = 1;\n        return %s;\n    }\n", ret);
    fputs(strings, o);
    fprintf(o, "    if (as_context_prepare(ctx, cb->fn) >= 0) {\n%s", body);
    fprintf(o, "        if (as_context_execute(ctx) != AS_EXECUTION_FINISHED) {\n"
               "            const char *m = as_context_exception_string(ctx);\n"
               "            snprintf(cb->msg, sizeof cb->msg, \"%%s\", m ? m : \"it did not finish\");\n"
               "            cb->failed = 1;\n        }\n");
    if (strcmp(rst, "void"))
        fprintf(o, "        else r = (%s)as_context_return_%s(ctx);\n", rst, arg_setter(rst));
    fprintf(o, "    } else {\n        cb->failed = 1;\n    }\n    as_context_pop_state(ctx);\n%s    return %s;\n}\n\n", frees, ret);
    char st[256] = "";
    appendf(st, sizeof st, "%s@", fd);
    add_param(w, "as_function *", name, st);
    appendf(w->pre, sizeof w->pre, "    bg_cb_%s cbs = {%s, as_active_context(), 0, \"it could not be called\"};\n", w->cname, name);
    w->args[w->nargs][0] = 0;
    appendf(w->args[w->nargs++], 300, "%s ? bg_cbt_%s : NULL", name, w->cname);
    appendf(w->post, sizeof w->post,
            "    if (cbs.failed && cbs.ctx) {\n"
            "        char m[260];\n"
            "        snprintf(m, sizeof m, \"%s: the callback failed: %%s\", cbs.msg);\n"
            "        as_context_set_exception(cbs.ctx, m, true);\n    }\n",
            script);
    return true;
}

/* Parameters, from C index i; returns the number of C parameters used (0 after a refusal). */
static int map_param(bg_gen *g, wfunc *w, CXCursor fn, int i, int n)
{
    CXCursor arg = clang_Cursor_getArgument(fn, (unsigned)i);
    CXType t = clang_getCanonicalType(clang_getCursorType(arg));
    char name[64];
    param_name(arg, i, w, name, sizeof name);
    const char *fx = fixed_expr(g, w->cname, i + 1);
    if (fx) {
        snprintf(w->args[w->nargs++], 300, "%s", fx);
        return 1;
    }
    if (i == w->cb_user) {   /* the callback's user data: the call's state */
        snprintf(w->args[w->nargs++], 300, "&cbs");
        return 1;
    }
    if (i == w->cb_index) return bg_callback_param(g, w, t, name) ? 1 : 0;
    if (t.kind == CXType_Pointer) {
        CXType pt = clang_getCanonicalType(clang_getPointeeType(t));
        bool pconst = clang_isConstQualifiedType(pt) != 0;
        if (pt.kind == CXType_Pointer) {
            CXType ppt = clang_getCanonicalType(clang_getPointeeType(pt));
            bg_record *r = bg_record_of(g, ppt);
            if (!r || !r->is_ref || pconst)
                REFUSE0("parameter %d: a pointer to a pointer that is no object out-parameter", i + 1);
            char st[200];
            snprintf(st, sizeof st, "%s@ &out", r->script);
            add_param(w, "void *", name, st);
            appendf(w->pre, sizeof w->pre, "    %s *%s_v = NULL;\n", r->c_type, name);
            snprintf(w->args[w->nargs++], 300, "&%s_v", name);
            appendf(w->post, sizeof w->post, "    *(%s **)%s = %s_wrap(%s_v, %d, KEEP);\n", r->alias, name, r->alias, name,
                    owns_result(g, w->cname, true));
            return 1;
        }
        if (pt.kind == CXType_Record) {
            bg_record *r = bg_record_of(g, pt);
            if (!r) REFUSE0("parameter %d: a struct that is not bound", i + 1);
            char wt[200];
            if (r->is_ref) {
                snprintf(wt, sizeof wt, "%s%s *", pconst ? "const " : "", r->alias);
                add_param(w, wt, name, "");
                snprintf(w->args[w->nargs++], 300, "(%s ? %s->o.p : NULL)", name, name);
                if (w->keep < 0) w->keep = w->np - 1;
                return 1;
            }
            if (!pconst)
                REFUSE0("parameter %d: a pointer to a mutable struct (read and written: no safe script reference)", i + 1);
            snprintf(wt, sizeof wt, "const %s *", r->alias);
            add_param(w, wt, name, "");
            snprintf(w->args[w->nargs++], 300, "%s", name);
            return 1;
        }
        if (pt.kind == CXType_FunctionProto || pt.kind == CXType_FunctionNoProto)
            REFUSE0("parameter %d: a C callback: if it is called only during the call and has a void * user-data "
                    "parameter, say so with 'callback %s %d'; else fix it with 'fixed %s %d EXPR' or skip",
                    i + 1, w->cname, i + 1, w->cname, i + 1);
        if (bg_is_byte(pt)) {
            CXType next = {0};
            bool has_next = i + 1 < n && !fixed_expr(g, w->cname, i + 2);
            if (has_next) next = clang_getCanonicalType(clang_getCursorType(clang_Cursor_getArgument(fn, (unsigned)i + 1)));
            if (pconst && is_char(pt)) {
                add_param(w, "const char *", name, "");
                snprintf(w->args[w->nargs++], 300, "%s", name);
                if (has_next && bg_is_integer(next) && bg_scalar_type(next)) {
                    /* the string's length follows it */
                    snprintf(w->args[w->nargs++], 300, "strlen(%s)", name);
                    return 2;
                }
                return 1;
            }
            if (has_next && bg_is_integer(next) && bg_scalar_type(next)) {
                add_param(w, "void *", name, pconst ? "const array<uint8> &in" : "array<uint8> &inout");
                snprintf(w->args[w->nargs++], 300, "bg_array_data(%s)", name);
                snprintf(w->args[w->nargs++], 300, "as_array_size(%s)", name);
                return 2;
            }
            if (has_next && !pconst && next.kind == CXType_Pointer &&
                bg_is_integer(clang_getPointeeType(next)) && !clang_isConstQualifiedType(clang_getPointeeType(next))) {
                /* a buffer and its length in and out: the array's size is the capacity, resized to the length */
                char lt[160];
                bg_str(clang_getTypeSpelling(clang_getCanonicalType(clang_getPointeeType(next))), lt, sizeof lt);
                add_param(w, "void *", name, "array<uint8> &inout");
                appendf(w->pre, sizeof w->pre, "    %s %s_n = as_array_size(%s);\n", lt, name, name);
                snprintf(w->args[w->nargs++], 300, "bg_array_data(%s)", name);
                snprintf(w->args[w->nargs++], 300, "&%s_n", name);
                appendf(w->post, sizeof w->post, "    if (%s_n <= as_array_size(%s)) as_array_resize(%s, (uint32_t)%s_n);\n",
                        name, name, name, name);
                return 2;
            }
            REFUSE0("parameter %d: a %s byte pointer without a length after it (a buffer of unknown size)", i + 1,
                   pconst ? "const" : "mutable");
        }
        const char *st = bg_scalar_type(pt);
        if (st && !pconst) {
            char pts[160], wt[200];
            bg_str(clang_getTypeSpelling(pt), pts, sizeof pts);
            snprintf(wt, sizeof wt, "%s *", st);
            char sref[64];
            snprintf(sref, sizeof sref, "%s &out", script_scalar(st));
            add_param(w, wt, name, sref);
            appendf(w->pre, sizeof w->pre, "    %s %s_v = 0;\n", pts, name);
            snprintf(w->args[w->nargs++], 300, "&%s_v", name);
            appendf(w->post, sizeof w->post, "    *%s = (%s)%s_v;\n", name, st, name);
            return 1;
        }
        if (st) REFUSE0("parameter %d: a pointer to const scalars (one value or an array of unknown length?)", i + 1);
        REFUSE0("parameter %d: a pointer with no script mapping", i + 1);
    }
    if (t.kind == CXType_Record) {
        bg_record *r = bg_record_of(g, t);
        if (!r || r->is_ref) REFUSE0("parameter %d: a struct by value that is not a value class", i + 1);
        /* by `const T &in`: the same for the script, and no calling convention for the struct needed */
        char wt[200];
        snprintf(wt, sizeof wt, "const %s *", r->alias);
        add_param(w, wt, name, "");
        snprintf(w->args[w->nargs++], 300, "*%s", name);
        return 1;
    }
    if (t.kind == CXType_Enum) {
        bg_enum *e = bg_enum_of(g, t);
        if (clang_Type_getSizeOf(t) != 4) REFUSE0("parameter %d: an enum that is not 4 bytes", i + 1);
        add_param(w, "int32_t", name, e && e->alias[0] ? e->script : "");
        snprintf(w->args[w->nargs++], 300, "%s", name);
        return 1;
    }
    const char *st = bg_scalar_type(t);
    if (!st) REFUSE0("parameter %d: a C type with no script type", i + 1);
    add_param(w, st, name, "");
    snprintf(w->args[w->nargs++], 300, "%s", name);
    return 1;
}

static void map_result(bg_gen *g, wfunc *w, CXType rt)
{
    CXType t = clang_getCanonicalType(rt);
    snprintf(w->ret_expr, sizeof w->ret_expr, "r");
    if (t.kind == CXType_Void) {
        snprintf(w->wret, sizeof w->wret, "void");
        return;
    }
    if (t.kind == CXType_Pointer) {
        CXType pt = clang_getCanonicalType(clang_getPointeeType(t));
        bool pconst = clang_isConstQualifiedType(pt) != 0;
        const bg_directive *fr = bg_config_match(g->cfg, "free-result", w->cname);
        if (bg_is_byte(pt) && pt.kind != CXType_Void && fr) {
            snprintf(w->wret, sizeof w->wret, "const char *");
            snprintf(w->ret_expr, sizeof w->ret_expr, "bg_keep_string((char *)r, %s)", fr->arg[1]);
            return;
        }
        /* a string the library keeps: const char *, or one the configuration says is borrowed */
        if (bg_is_byte(pt) && pt.kind != CXType_Void &&
            ((pconst && is_char(pt)) || bg_config_match(g->cfg, "string-result", w->cname))) {
            snprintf(w->wret, sizeof w->wret, "const char *");
            snprintf(w->ret_expr, sizeof w->ret_expr, "r ? (const char *)r : \"\"");
            return;
        }
        if (is_char(pt)) REFUSE("result: 'char *': who frees it? (say it with 'free-result %s FUNCTION')", w->cname);
        bg_record *r = bg_record_of(g, pt);
        if (r && r->is_ref) {
            snprintf(w->wret, sizeof w->wret, "%s *", r->alias);
            snprintf(w->sret, sizeof w->sret, "%s@", r->script);
            snprintf(w->ret_expr, sizeof w->ret_expr, "%s_wrap((void *)r, %d, KEEP)", r->alias,
                     owns_result(g, w->cname, false));
            return;
        }
        REFUSE("result: a pointer with no script mapping");
    }
    if (t.kind == CXType_Record) {
        bg_record *r = bg_record_of(g, t);
        if (!r || r->is_ref) REFUSE("result: a struct by value that is not a value class");
        if (r->partial) REFUSE("result: a struct by value with fields not bound (its C layout is unknown to the call)");
        snprintf(w->wret, sizeof w->wret, "%s", r->alias);
        return;
    }
    if (t.kind == CXType_Enum) {
        bg_enum *e = bg_enum_of(g, t);
        if (clang_Type_getSizeOf(t) != 4) REFUSE("result: an enum that is not 4 bytes");
        snprintf(w->wret, sizeof w->wret, "int32_t");
        if (e && e->alias[0]) snprintf(w->sret, sizeof w->sret, "%s", e->script);
        return;
    }
    const char *st = bg_scalar_type(t);
    if (!st) REFUSE("result: a C type with no script type");
    snprintf(w->wret, sizeof w->wret, "%s", st);
}

/* Is fn one that frees an object handles may still point to? */
static const char *frees_object(bg_gen *g, CXCursor fn, const char *fname)
{
    for (int i = 0; i < g->nrec; i++)
        if (g->rec[i].bound && strcmp(g->rec[i].destroy, fname) == 0) return g->rec[i].c_name;
    if (clang_Cursor_getNumArguments(fn) != 1) return NULL;
    CXType p = clang_getCanonicalType(clang_getCursorType(clang_Cursor_getArgument(fn, 0)));
    if (p.kind != CXType_Pointer) return NULL;
    bg_record *r = bg_record_of(g, clang_getPointeeType(p));
    if (!r || !r->is_ref) return NULL;
    static const char *const verbs[] = {"close", "free", "delete", "destroy", "finalize", "release", "dispose"};
    char low[256];
    size_t i = 0;
    for (; fname[i] && i + 1 < sizeof low; i++) low[i] = (char)tolower((unsigned char)fname[i]);
    low[i] = 0;
    for (size_t v = 0; v < sizeof verbs / sizeof verbs[0]; v++)
        if (strstr(low, verbs[v])) return r->c_name;
    return NULL;
}

/* KEEP in a wrapper's text: the object results keep alive (the first handle argument) */
static void put_keep(FILE *out, const char *text, const char *keep)
{
    for (const char *p = text; *p;) {
        const char *k = strstr(p, "KEEP");
        if (!k) { fputs(p, out); break; }
        fwrite(p, 1, (size_t)(k - p), out);
        fputs(keep, out);
        p = k + 4;
    }
}

/* An object-first function (`int sqlite3_step(sqlite3_stmt *)`) is also a method of the object's
 * reference class, named like the function: `stmt.step()` beside `sqlite::step(stmt)`. Not when
 * the class has a member of that name already (a field's accessor, an earlier method). */
static void emit_method(bg_gen *g, const wfunc *w)
{
    if (w->np < 1 || w->p[0].stype[0]) return;
    const bg_record *r = NULL;
    for (int i = 0; i < g->nrec && !r; i++) {
        char self[160];
        snprintf(self, sizeof self, "%s *", g->rec[i].alias);
        if (g->rec[i].bound && g->rec[i].is_ref && strcmp(w->p[0].wtype, self) == 0) r = &g->rec[i];
    }
    if (!r) return;
    char member[420];
    snprintf(member, sizeof member, "%s::%s", r->script, w->script);
    if (!bg_claim_name(g, member)) return;
    FILE *m = g->members;
    fprintf(m, "        AS_METHOD(as_bind_class_find(b, \"%s\"), \"%s%s%s(", r->script, w->sret, w->sret[0] ? " " : "", w->script);
    for (int k = 1; k < w->np; k++)
        fprintf(m, "%s%s%s%s", k > 1 ? ", " : "", w->p[k].stype, w->p[k].stype[0] ? " " : "", w->p[k].name);
    fprintf(m, ")\", bg_f_%s, %s", w->cname, w->wret);
    for (int k = 0; k < w->np; k++) fprintf(m, ", %s", w->p[k].wtype);
    fputs(");\n", m);
    g->nmethods++;
}

void bg_function(bg_gen *g, CXCursor fn)
{
    static wfunc wf;
    wfunc *w = &wf;
    memset(w, 0, sizeof *w);
    w->keep = -1;
    bg_str(clang_getCursorSpelling(fn), w->cname, sizeof w->cname);
    if (bg_config_match(g->cfg, "skip", w->cname)) {
        bg_refuse(g, w->cname, "skipped by the configuration");
        return;
    }
    const char *freed = frees_object(g, fn, w->cname);
    if (freed) {
        bg_refuse(g, w->cname, "frees a %s: objects are freed when their last handle goes (the destructor)", freed);
        return;
    }
    CXType ft = clang_getCursorType(fn);
    if (ft.kind == CXType_FunctionNoProto) {   /* `int f();`: its parameters are unknown */
        bg_refuse(g, w->cname, "declared without a prototype");
        return;
    }
    if (clang_isFunctionTypeVariadic(ft)) {
        bg_refuse(g, w->cname, "variadic");
        return;
    }
    int n = clang_Cursor_getNumArguments(fn);
    /* a callback named by the configuration, and the function's one void * parameter left */
    w->cb_index = w->cb_user = -1;
    const bg_directive *cb = bg_config_match(g->cfg, "callback", w->cname);
    if (cb) {
        w->cb_index = atoi(cb->arg[1]) - 1;
        for (int i = 0; i < n; i++) {
            CXType t = clang_getCanonicalType(clang_getCursorType(clang_Cursor_getArgument(fn, (unsigned)i)));
            CXType pt = clang_getCanonicalType(clang_getPointeeType(t));
            if (t.kind == CXType_Pointer && pt.kind == CXType_Void && !clang_isConstQualifiedType(pt) && i != w->cb_index &&
                !fixed_expr(g, w->cname, i + 1))
                w->cb_user = w->cb_user == -1 ? i : -2;   /* -2: more than one */
        }
        if (w->cb_user < 0) w->cb_user = -1;
        if (w->cb_index < 0 || w->cb_index >= n) {
            bg_refuse(g, w->cname, "'callback %s %s': it has no parameter %s", cb->arg[0], cb->arg[1], cb->arg[1]);
            return;
        }
    }
    for (int i = 0; i < n && !w->why[0];) {
        if (w->np >= 12 || w->nargs >= 30) {
            set_why(w->why, sizeof w->why, "more than 12 parameters");
            break;
        }
        int used = map_param(g, w, fn, i, n);
        if (!used) break;
        i += used;
    }
    if (!w->why[0]) map_result(g, w, clang_getResultType(ft));
    bg_script_name(g, w->cname, w->script, sizeof w->script);
    if (!w->why[0] && bg_is_keyword(w->script)) set_why(w->why, sizeof w->why, "'%s' is a script keyword (rename it)", w->script);
    if (!w->why[0] && !bg_claim_name(g, w->script))
        set_why(w->why, sizeof w->why, "the script name '%s' is already used (rename it)", w->script);
    if (w->why[0]) {
        bg_refuse(g, w->cname, "%s", w->why);
        return;
    }
    /* ownership handed to the first argument's object ('gives') */
    const bg_directive *gv = bg_config_match(g->cfg, "gives", w->cname);
    if (gv) {
        int k = atoi(gv->arg[1]) - 1;
        if (k <= 0 || k >= w->np || w->keep != 0 || !strchr(w->p[k].wtype, '*') || strncmp(w->p[k].wtype, "bg_", 3) != 0) {
            bg_refuse(g, w->cname, "'gives %s %s': parameter %s is no object after the owner", gv->arg[0], gv->arg[1], gv->arg[1]);
            return;
        }
        /* an object can be given once, and only by its owner: a second parent would corrupt both */
        const char *zero = strcmp(w->wret, "void") == 0 ? "" : strchr(w->wret, '*') ? "NULL" : "0";
        appendf(w->pre, sizeof w->pre,
                "    if (%s && !%s->o.destroy) {\n"
                "        as_context *ctx = as_active_context();\n"
                "        if (ctx) as_context_set_exception(ctx, \"%s: '%s' belongs to another object already\", true);\n"
                "        return %s;\n    }\n",
                w->p[k].name, w->p[k].name, w->script, w->p[k].name, zero);
        appendf(w->post, sizeof w->post, "    if (%s && %s) bg_obj_give(&%s->o, (bg_obj *)&%s->o);\n", w->p[k].name,
                w->p[0].name, w->p[k].name, w->p[0].name);
    }
    char keep[100];
    if (w->keep >= 0) snprintf(keep, sizeof keep, "(%s ? (bg_obj *)&%s->o : NULL)", w->p[w->keep].name, w->p[w->keep].name);
    else snprintf(keep, sizeof keep, "NULL");

    /* the wrapper */
    char rtype[200];
    bg_str(clang_getTypeSpelling(clang_getResultType(ft)), rtype, sizeof rtype);
    FILE *o = g->wrappers;
    fprintf(o, "static %s%sbg_f_%s(", w->wret, strchr(w->wret, '*') ? "" : " ", w->cname);
    if (w->np == 0) fputs("void", o);
    for (int k = 0; k < w->np; k++)
        fprintf(o, "%s%s%s%s", k ? ", " : "", w->p[k].wtype, strchr(w->p[k].wtype, '*') ? "" : " ", w->p[k].name);
    fputs(")\n{\n", o);
    put_keep(o, w->pre, keep);
    bool is_void = clang_getCanonicalType(clang_getResultType(ft)).kind == CXType_Void;
    /* (f)(...): a function-like macro of the same name (zlib's gzgetc) is not expanded */
    fprintf(o, "    %s%s(%s)(", is_void ? "" : rtype, is_void ? "" : " r = ", w->cname);
    for (int k = 0; k < w->nargs; k++) fprintf(o, "%s%s", k ? ", " : "", w->args[k]);
    fputs(");\n", o);
    put_keep(o, w->post, keep);
    if (!is_void) {
        fputs("    return ", o);
        put_keep(o, w->ret_expr, keep);
        fputs(";\n", o);
    }
    fputs("}\n\n", o);

    /* the bind line: script names and the types C cannot say */
    FILE *m = g->members;
    fprintf(m, "        AS_FUNCTION(b, \"%s%s%s(", w->sret, w->sret[0] ? " " : "", w->script);
    for (int k = 0; k < w->np; k++)
        fprintf(m, "%s%s%s%s", k ? ", " : "", w->p[k].stype, w->p[k].stype[0] ? " " : "", w->p[k].name);
    fprintf(m, ")\", bg_f_%s, %s", w->cname, w->wret);
    if (w->np == 0) fputs(", void", m);
    for (int k = 0; k < w->np; k++) fprintf(m, ", %s", w->p[k].wtype);
    fputs(");\n", m);
    g->nfunctions++;
    emit_method(g, w);
}
