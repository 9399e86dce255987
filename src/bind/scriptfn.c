/* Typed calls from C into script functions: the C signature (declared with AS_SCRIPT_FUNC) is
 * checked once against the script function's parameters and result, as the bind lines map C
 * types; each call then passes the C values the way the check decided. */
#include "bind_impl.h"
#include "util/mem.h"
#include <string.h>

enum {
    PASS_NONE, PASS_BYTE, PASS_WORD, PASS_DWORD, PASS_QWORD, PASS_FLOAT, PASS_DOUBLE,
    PASS_ADDR_OF_VALUE,         /* a C value (struct) by address to a reference parameter */
    PASS_OBJ_OF_VALUE,          /* a C struct value to a by-value object parameter */
    PASS_PTR_ADDR,              /* a C pointer to a reference parameter */
    PASS_PTR_OBJ,               /* a C pointer to an object/handle parameter */
    PASS_STRING_OBJ, PASS_STRING_ADDR,
    /* results */
    RET_SCALAR, RET_SCALAR_REF, RET_STRING, RET_VALUE, RET_HANDLE, RET_ADDRESS
};

static int mismatch(as_engine *e, as_function *f, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static int mismatch(as_engine *e, as_function *f, const char *fmt, ...)
{
    char why[400], msg[900];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    snprintf(msg, sizeof msg, "typed call to '%s': %s", f ? as_function_declaration(f, true, true, true) : "?", why);
    as_engine_write_message(e, "as_script_fn", 0, 0, AS_MSG_ERROR, msg);
    return AS_INVALID_TYPE;
}

static int scalar_pass(as_bind_ctype ct)
{
    if (ct.kind == AS_CK_FLOAT) return ct.size == 4 ? PASS_FLOAT : PASS_DOUBLE;
    return ct.size == 1 ? PASS_BYTE : ct.size == 2 ? PASS_WORD : ct.size == 4 ? PASS_DWORD : PASS_QWORD;
}

static bool derives(const as_bind_type *t, const as_bind_type *base)
{
    for (; t; t = t->base)
        if (t == base) return true;
    return false;
}

/* How C value c goes to a script parameter (tid, flags); 0 if it can't. */
static int param_pass(as_engine *e, const ctinfo *c, int tid, uint32_t flags)
{
    bool ref = (flags & AS_TM_INOUTREF) != 0;
    int base = tid & ~(AS_TYPEID_OBJHANDLE | AS_TYPEID_HANDLETOCONST);
    bool handle = (tid & AS_TYPEID_OBJHANDLE) != 0;
    as_type *t = base > AS_TYPEID_DOUBLE ? as_engine_type_by_id(e, base) : NULL;
    switch (c->cls) {
    case CT_SCALAR: {
        int want = as_engine_type_id_by_decl(e, c->script);
        bool enum_ok = t && (as_type_flags(t) & AS_OBJ_ENUM) && c->ct.size == 4 && c->ct.kind != AS_CK_FLOAT;
        if ((tid == want || enum_ok) && !ref) return scalar_pass(c->ct);
        if (tid == want && (flags & AS_TM_INOUTREF) == AS_TM_INREF) return PASS_ADDR_OF_VALUE;
        return 0;
    }
    case CT_ENUM:
        if (tid == c->bt->pub.type_id && !ref) return PASS_DWORD;
        return 0;
    case CT_CSTR: {
        int st;
        as_engine_get_string_factory(e, &st);
        if (tid != st || handle) return 0;
        if (!ref) return PASS_STRING_OBJ;
        return (flags & AS_TM_INOUTREF) == AS_TM_INREF ? PASS_STRING_ADDR : 0;
    }
    case CT_VALUE:
        if (base != c->bt->pub.type_id || handle) return 0;
        if (!ref) return PASS_OBJ_OF_VALUE;
        return (flags & AS_TM_INOUTREF) == AS_TM_INREF ? PASS_ADDR_OF_VALUE : 0;
    case CT_VALUE_PTR: case CT_SCALAR_PTR: {
        int want = c->bt ? c->bt->pub.type_id : as_engine_type_id_by_decl(e, c->script);
        if (tid != want) return 0;
        if (!ref) return c->cls == CT_VALUE_PTR ? PASS_PTR_OBJ : 0;
        if (c->is_const && (flags & AS_TM_INOUTREF) != AS_TM_INREF) return 0;
        return PASS_PTR_ADDR;
    }
    case CT_REF_PTR: {
        const as_bind_type *script_t = as_bind_type_by_id(e, base);
        if (!t || !script_t || !derives(&c->bt->pub, script_t)) return 0;
        if (handle && !ref) return PASS_PTR_OBJ;
        return ref ? PASS_PTR_ADDR : 0;
    }
    case CT_FUNC_PTR:
        return t && (as_type_flags(t) & AS_OBJ_FUNCDEF) && handle && !ref ? PASS_PTR_OBJ : 0;
    default:
        return 0;
    }
}

static int result_pass(as_engine *e, const ctinfo *c, int tid, uint32_t flags)
{
    bool ref = (flags & AS_TM_INOUTREF) != 0;
    int base = tid & ~(AS_TYPEID_OBJHANDLE | AS_TYPEID_HANDLETOCONST);
    bool handle = (tid & AS_TYPEID_OBJHANDLE) != 0;
    as_type *t = base > AS_TYPEID_DOUBLE ? as_engine_type_by_id(e, base) : NULL;
    switch (c->cls) {
    case CT_VOID:
        return RET_SCALAR;   /* the result, if any, is ignored */
    case CT_SCALAR: {
        int want = as_engine_type_id_by_decl(e, c->script);
        bool enum_ok = t && (as_type_flags(t) & AS_OBJ_ENUM) && c->ct.size == 4 && c->ct.kind != AS_CK_FLOAT;
        if (tid == want || enum_ok) return ref ? RET_SCALAR_REF : RET_SCALAR;
        return 0;
    }
    case CT_ENUM:
        return tid == c->bt->pub.type_id ? (ref ? RET_SCALAR_REF : RET_SCALAR) : 0;
    case CT_CSTR: {
        int st;
        as_engine_get_string_factory(e, &st);
        return tid == st ? RET_STRING : 0;
    }
    case CT_VALUE:
        return base == c->bt->pub.type_id && !handle ? RET_VALUE : 0;
    case CT_VALUE_PTR:
        return tid == c->bt->pub.type_id && ref ? RET_ADDRESS : 0;
    case CT_REF_PTR: {
        const as_bind_type *script_t = as_bind_type_by_id(e, base);
        return script_t && derives(script_t, &c->bt->pub) && (handle || ref) ? RET_HANDLE : 0;
    }
    default:
        return 0;
    }
}

static const char *param_text(as_function *f, int i, char *buf, size_t size)
{
    const char *d = as_function_var_declaration(f, i);
    snprintf(buf, size, "%s", d ? d : "?");
    return buf;
}

int as_script_fn_set_(as_script_fn *h, as_function *f, const as_bind_sig *sig)
{
    if (!h || !sig) return AS_INVALID_ARG;
    as_engine *e = h->engine;
    as_script_fn_release(h);
    if (!f) return AS_NO_FUNCTION;
    as_module *m = as_function_module(f);
    if (!e) e = m ? as_module_engine(m) : NULL;
    if (!e) {
        as_type *ot = as_function_object_type(f);
        e = ot ? as_type_engine(ot) : NULL;
    }
    if (!e) e = as_context_engine(as_active_context());
    if (!e) return AS_INVALID_ARG;
    bind_state *st = bind_state_of(e);
    if (!st) return AS_OUT_OF_MEMORY;
    char texts[BIND_MAX_PARAMS + 1][96];
    int nc = ct_split_params(sig->params ? sig->params : "", texts, BIND_MAX_PARAMS + 1);
    if (nc == 1 && sig->types[1].kind == AS_CK_VOID && strcmp(texts[0], "void") == 0) nc = 0;
    if (nc < 0 || nc != sig->ntypes - 1 - (sig->ntypes == 2 && sig->types[1].kind == AS_CK_VOID ? 1 : 0) || nc >= 15)
        return mismatch(e, f, "too many C parameters");
    int np = as_function_param_count(f);
    if (np != nc) return mismatch(e, f, "the C signature has %d parameters, the script function %d", nc, np);
    char err[300], pt[200];
    for (int i = 0; i < nc; i++) {
        ctinfo c;
        ct_classify(st, texts[i], sig->types[1 + i], &c, err, sizeof err);
        if (c.cls == CT_BAD) return mismatch(e, f, "parameter %d: %s", i + 1, err);
        int tid;
        uint32_t flags;
        as_function_param(f, i, &tid, &flags, NULL);
        int pass = param_pass(e, &c, tid, flags);
        if (!pass)
            return mismatch(e, f, "parameter %d: the C type '%s' can't pass to the script's '%s'", i + 1, c.text,
                            param_text(f, i, pt, sizeof pt));
        h->map[i] = (uint8_t)pass;
    }
    ctinfo rc;
    ct_classify(st, sig->ret, sig->types[0], &rc, err, sizeof err);
    if (rc.cls == CT_BAD) return mismatch(e, f, "result: %s", err);
    uint32_t rflags;
    int rtid = as_function_return_type_id(f, &rflags);
    int rpass = result_pass(e, &rc, rtid, rflags);
    if (!rpass)
        return mismatch(e, f, "the script's result '%s' can't be read as the C type '%s'",
                        as_engine_type_declaration(e, rtid, true), rc.text);
    h->map[15] = (uint8_t)rpass;
    h->fn = f;
    h->engine = e;
    h->sig = *sig;
    as_function_addref(f);
    return AS_SUCCESS;
}

/* A looked-up function checked, or the message that owner has none called name. */
static int found(as_script_fn *h, as_function *f, const as_bind_sig *sig, const char *owner, const char *kind, const char *name)
{
    if (f) return as_script_fn_set_(h, f, sig);
    char msg[400];
    snprintf(msg, sizeof msg, "typed call: %s has no %s '%s'", owner, kind, name);
    as_engine_write_message(h->engine, "as_script_fn", 0, 0, AS_MSG_ERROR, msg);
    return AS_NO_FUNCTION;
}

int as_script_fn_find_(as_script_fn *h, as_module *m, const char *name, const as_bind_sig *sig)
{
    if (!h || !m || !name) return AS_INVALID_ARG;
    h->engine = as_module_engine(m);
    char owner[300];
    snprintf(owner, sizeof owner, "module '%s'", as_module_name(m));
    as_function *f = strchr(name, '(') ? as_module_function_by_decl(m, name) : as_module_function_by_name(m, name);
    return found(h, f, sig, owner, "function", name);
}

int as_script_fn_find_method_(as_script_fn *h, as_type *t, const char *name, const as_bind_sig *sig)
{
    if (!h || !t || !name) return AS_INVALID_ARG;
    h->engine = as_type_engine(t);
    char owner[300];
    snprintf(owner, sizeof owner, "'%s'", as_type_name(t));
    as_function *f = strchr(name, '(') ? as_type_method_by_decl(t, name) : as_type_method_by_name(t, name);
    return found(h, f, sig, owner, "method", name);
}

void as_script_fn_release(as_script_fn *h)
{
    if (!h) return;
    if (h->fn) as_function_release(h->fn);
    h->fn = NULL;
    mem_free(h->text);
    h->text = NULL;
    h->text_cap = 0;
}

static void report_exception(as_engine *e, as_context *ctx, as_function *f)
{
    const char *section = NULL;
    int col = 0;
    int line = as_context_exception_line(ctx, &col, &section);
    as_function *where = as_context_exception_function(ctx);
    char msg[900];
    snprintf(msg, sizeof msg, "script exception in '%s': %s (in '%s')", as_function_declaration(f, true, true, false),
             as_context_exception_string(ctx) ? as_context_exception_string(ctx) : "?",
             where ? as_function_declaration(where, true, true, false) : "?");
    as_engine_write_message(e, section ? section : "", line, col, AS_MSG_ERROR, msg);
}

int as_script_fn_call_(as_script_fn *h, as_context *ctx, void *object, void *ret, const void *const *args, int nargs)
{
    if (!h || !ctx) return AS_INVALID_ARG;
    if (!h->fn) return AS_NO_FUNCTION;
    as_engine *e = h->engine;
    if (as_context_engine(ctx) != e) return AS_INVALID_ARG;
    /* a method runs on an object of its class, a function on none */
    as_type *owner = as_function_object_type(h->fn);
    if (!owner != !object) {
        as_engine_write_message(e, "as_script_fn", 0, 0, AS_MSG_ERROR,
                                owner ? "typed call: a method needs its object (use _call_on)" : "typed call: a function has no object (use _call)");
        return AS_INVALID_ARG;
    }
    if (owner && as_function_module(h->fn)) {
        as_type *ot = as_object_type(object);
        if (!ot || !(as_type_derives_from(ot, owner) || as_type_implements(ot, owner))) {
            char msg[400];
            snprintf(msg, sizeof msg, "typed call: the object is a '%s', not a '%s'", ot ? as_type_name(ot) : "?", as_type_name(owner));
            as_engine_write_message(e, "as_script_fn", 0, 0, AS_MSG_ERROR, msg);
            return AS_INVALID_TYPE;
        }
    }
    int r = as_context_prepare(ctx, h->fn);
    if (r < 0) return r;
    if (object && (r = as_context_set_object(ctx, object)) < 0) return r;
    const void *strings[16];
    int nstrings = 0;
    for (int i = 0; i < nargs && r >= 0; i++) {
        const void *a = args[i];
        unsigned k = (unsigned)i;
        switch (h->map[i]) {
        case PASS_BYTE: r = as_context_set_arg_byte(ctx, k, *(const uint8_t *)a); break;
        case PASS_WORD: r = as_context_set_arg_word(ctx, k, *(const uint16_t *)a); break;
        case PASS_DWORD: r = as_context_set_arg_dword(ctx, k, *(const uint32_t *)a); break;
        case PASS_QWORD: r = as_context_set_arg_qword(ctx, k, *(const uint64_t *)a); break;
        case PASS_FLOAT: r = as_context_set_arg_float(ctx, k, *(const float *)a); break;
        case PASS_DOUBLE: r = as_context_set_arg_double(ctx, k, *(const double *)a); break;
        case PASS_ADDR_OF_VALUE: r = as_context_set_arg_address(ctx, k, (void *)a); break;
        case PASS_OBJ_OF_VALUE: r = as_context_set_arg_object(ctx, k, (void *)a); break;
        case PASS_PTR_OBJ: r = as_context_set_arg_object(ctx, k, *(void *const *)a); break;
        case PASS_PTR_ADDR:
            if (!*(void *const *)a) {
                as_engine_write_message(e, "as_script_fn", 0, 0, AS_MSG_ERROR, "typed call: a NULL pointer for a reference parameter");
                r = AS_INVALID_ARG;
                break;
            }
            r = as_context_set_arg_address(ctx, k, *(void *const *)a);
            break;
        case PASS_STRING_OBJ: case PASS_STRING_ADDR: {
            const void *s = bind_string_make(e, *(const char *const *)a);
            if (!s) {
                r = AS_OUT_OF_MEMORY;
                break;
            }
            strings[nstrings++] = s;
            r = h->map[i] == PASS_STRING_OBJ ? as_context_set_arg_object(ctx, k, (void *)s) : as_context_set_arg_address(ctx, k, (void *)s);
            break;
        }
        default: r = AS_INVALID_ARG; break;
        }
    }
    if (r >= 0) r = as_context_execute(ctx);
    for (int i = 0; i < nstrings; i++) bind_string_release(e, strings[i]);
    if (r == AS_EXECUTION_EXCEPTION) report_exception(e, ctx, h->fn);
    if (r != AS_EXECUTION_FINISHED || !ret) return r;
    const as_bind_ctype rt = h->sig.types[0];
    switch (h->map[15]) {
    case RET_SCALAR: case RET_SCALAR_REF: {
        if (rt.kind == AS_CK_VOID) break;
        const void *src = h->map[15] == RET_SCALAR_REF ? as_context_return_address(ctx) : as_context_address_of_return_value(ctx);
        if (src) memcpy(ret, src, rt.size);
        break;
    }
    case RET_STRING: {
        void *s = as_context_return_object(ctx);
        if (!s) s = as_context_return_address(ctx);
        char *heap = NULL;
        char small[1];
        const char *txt = bind_cstring_of(e, s, small, 0, &heap);
        size_t len = strlen(txt ? txt : "");
        if (len + 1 > h->text_cap) {
            char *n = mem_alloc(len + 1);
            if (!n) {
                mem_free(heap);
                return AS_OUT_OF_MEMORY;
            }
            mem_free(h->text);
            h->text = n;
            h->text_cap = len + 1;
        }
        memcpy(h->text, txt ? txt : "", len + 1);
        mem_free(heap);
        *(const char **)ret = h->text;
        break;
    }
    case RET_VALUE: {
        void *obj = as_context_return_object(ctx);
        if (obj) memcpy(ret, obj, rt.size);
        break;
    }
    case RET_HANDLE: {
        void *obj = as_context_return_object(ctx);
        uint32_t fl;
        int tid = as_function_return_type_id(h->fn, &fl);
        if (obj) as_engine_addref_object(e, obj, tid);
        *(void **)ret = obj;
        break;
    }
    case RET_ADDRESS:
        *(void **)ret = as_context_return_address(ctx);
        break;
    default:
        break;
    }
    return r;
}
