/* The dispatcher: bound C functions whose values need converting (C strings, structs by value,
 * `?` arguments, the object's type, constructors returning the value) are registered with the
 * generic convention and called through one libffi call interface prepared per function. */
#include "bind_impl.h"
#include "angelc_addons.h"
#include "util/mem.h"
#include <ffi.h>
#include <stdio.h>
#include <string.h>

typedef struct bind_call {
    as_fnptr fn;
    as_engine *e;
    bool ready;                 /* cif prepared */
    bool failed;                /* could not be prepared: calls raise an exception */
    ffi_cif cif;
    ffi_type *rtype;
    ffi_type *atypes[BIND_MAX_PARAMS];
    int nc;
    struct { uint8_t cls; int8_t arg; bool self; as_bind_ctype ct; bind_type *bt; } a[BIND_MAX_PARAMS];
    uint8_t rcls;
    as_bind_ctype rct;
    bind_type *rbt;
    bool construct;
    bool templ;                 /* a template function returning as_var (bind_plan.templ) */
    const char *file;           /* the line that bound it */
    int line;
    const char *name;
} bind_call;

static ffi_type *scalar_ffi(as_bind_ctype ct)
{
    switch (ct.kind) {
    case AS_CK_BOOL: return &ffi_type_uint8;
    case AS_CK_CHAR: return &ffi_type_sint8;
    case AS_CK_SINT:
        return ct.size == 1 ? &ffi_type_sint8 : ct.size == 2 ? &ffi_type_sint16 : ct.size == 4 ? &ffi_type_sint32 : &ffi_type_sint64;
    case AS_CK_UINT:
        return ct.size == 1 ? &ffi_type_uint8 : ct.size == 2 ? &ffi_type_uint16 : ct.size == 4 ? &ffi_type_uint32 : &ffi_type_uint64;
    case AS_CK_FLOAT: return ct.size == 4 ? &ffi_type_float : &ffi_type_double;
    default: return &ffi_type_sint32;   /* enums */
    }
}

static ffi_type *kind_ffi(uint8_t kind, uint32_t size)
{
    as_bind_ctype ct = {size, kind};
    return scalar_ffi(ct);
}

static int field_order(const void *a, const void *b)
{
    const struct bind_field *x = a, *y = b;
    return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/* The libffi description of a value class passed by value: from its scalar fields when they
 * cover it as C lays it out, from its ALLINTS/ALLFLOATS flags, or as bytes when it is too large
 * for registers (then its fields don't matter to the calling convention). NULL if unknown. */
static ffi_type *struct_ffi(bind_type *t)
{
    if (t->ffi_type) return t->ffi_type;
    size_t size = t->pub.size;
    int n = 0;
    ffi_type *elems[64];
    if (t->nfields && t->nfields < 63) {
        qsort(t->fields, (size_t)t->nfields, sizeof *t->fields, field_order);
        for (int i = 0; i < t->nfields; i++) elems[n++] = kind_ffi(t->fields[i].kind, t->fields[i].size);
    } else {
        uint32_t flags = as_type_flags(t->pub.type);
        ffi_type *e = NULL;
        size_t es = 0;
        if (flags & AS_OBJ_APP_CLASS_ALLFLOATS) {
            bool dbl = t->pub.align == 8;
            e = dbl ? &ffi_type_double : &ffi_type_float;
            es = dbl ? 8 : 4;
        } else if ((flags & AS_OBJ_APP_CLASS_ALLINTS) || size > 16) {
            e = t->pub.align >= 8 ? &ffi_type_uint64 : t->pub.align == 4 ? &ffi_type_uint32 : &ffi_type_uint8;
            es = e->size;
        }
        if (!e || size % es || size / es > 62) return NULL;
        for (size_t i = 0; i < size / es; i++) elems[n++] = e;
    }
    elems[n] = NULL;
    ffi_type *st = mem_calloc(1, sizeof *st + sizeof(ffi_type *) * (size_t)(n + 1));
    if (!st) return NULL;
    ffi_type **copy = (ffi_type **)(st + 1);
    memcpy(copy, elems, sizeof(ffi_type *) * (size_t)(n + 1));
    st->type = FFI_TYPE_STRUCT;
    st->elements = copy;
    /* libffi lays it out by natural alignment: it must be where the C compiler put it */
    size_t offsets[64];
    bool ok = ffi_get_struct_offsets(FFI_DEFAULT_ABI, st, offsets) == FFI_OK && st->size == size;
    for (int i = 0; ok && t->nfields && i < t->nfields; i++) ok = offsets[i] == t->fields[i].offset;
    if (!ok) {
        mem_free(st);
        return NULL;
    }
    t->ffi_type = st;
    return st;
}

static bool is_pointer_class(uint8_t c)
{
    return c == CT_CSTR || c == CT_VALUE_PTR || c == CT_REF_PTR || c == CT_SCALAR_PTR || c == CT_VAR_PTR || c == CT_ARRAY ||
           c == CT_TYPE_PTR || c == CT_FUNC_PTR || c == CT_ENGINE_PTR || c == CT_WEAKFLAG_PTR || c == CT_VOIDP;
}

/* The libffi type of one C value, or NULL with *why set. */
static ffi_type *value_ffi(uint8_t cls, as_bind_ctype ct, bind_type *bt, const char **why)
{
    if (is_pointer_class(cls)) return &ffi_type_pointer;
    if (cls == CT_VOID) return &ffi_type_void;
    if (cls == CT_SCALAR || cls == CT_ENUM || cls == CT_ARRAY_LEN) return scalar_ffi(ct);
    if (cls == CT_VAR) {
        /* size and alignment given, so libffi never writes them: engines prepare calls on threads */
        static ffi_type *var_elems[] = {&ffi_type_pointer, &ffi_type_sint32, &ffi_type_pointer, NULL};
        static ffi_type var_type = {sizeof(as_var), _Alignof(as_var), FFI_TYPE_STRUCT, var_elems};
        return &var_type;
    }
    if (cls == CT_VALUE) {
        ffi_type *t = struct_ffi(bt);
        if (!t) *why = "its C layout is unknown: bind its fields with AS_PROPERTY (or give it AS_OBJ_APP_CLASS_ALLINTS / ALLFLOATS), or pass it by pointer";
        return t;
    }
    *why = "it can't be passed";
    return NULL;
}

/* Prepares the call interface once the classes' layouts are known. */
static bool ready(bind_call *c, const char **why)
{
    if (c->ready) return true;
    if (c->failed) return false;
    *why = NULL;
    c->rtype = c->construct ? &ffi_type_void : value_ffi(c->rcls, c->rct, c->rbt, why);
    if (c->construct) c->rtype = value_ffi(CT_VALUE, c->rct, c->rbt, why);
    for (int i = 0; c->rtype && i < c->nc; i++)
        if (!(c->atypes[i] = value_ffi(c->a[i].cls, c->a[i].ct, c->a[i].bt, why))) return false;
    if (!c->rtype) return false;
    if (ffi_prep_cif(&c->cif, FFI_DEFAULT_ABI, (unsigned)c->nc, c->rtype, c->atypes) != FFI_OK) {
        *why = "libffi can't call it";
        return false;
    }
    c->ready = true;
    return true;
}

void *bind_call_prepare(as_bind *b, const bind_plan *p, as_fnptr fn, const char *file, int line)
{
    bind_call *c = mem_calloc(1, sizeof *c);
    if (!c) return NULL;
    if (!BIND_PUSH(b->st->calls, b->st->ncalls, b->st->capcalls, c)) {
        mem_free(c);
        return NULL;
    }
    c->fn = fn;
    c->e = b->e;
    c->nc = p->nc;
    c->construct = p->construct_by_value;
    c->templ = p->templ;
    c->rcls = (uint8_t)p->ret.cls;
    c->rct = p->ret.ct;
    c->rbt = p->ret.bt;
    c->file = bind_keep(b->st, file);
    c->line = line;
    c->name = bind_keep(b->st, p->decl);
    for (int i = 0; i < p->nc; i++) {
        c->a[i].cls = (uint8_t)p->params[i].cls;
        c->a[i].arg = (int8_t)p->script_arg[i];
        c->a[i].self = i == p->self_index;
        c->a[i].ct = p->params[i].ct;
        c->a[i].bt = p->params[i].bt;
    }
    return c;
}

void bind_call_free(void *call)
{
    mem_free(call);
}

/* Called once the binds have run: every call interface is prepared (or its line reported). */
void bind_calls_ready(as_bind *b)
{
    for (int i = 0; i < b->st->ncalls; i++) {
        bind_call *c = b->st->calls[i];
        const char *why = NULL;
        if (c->ready || c->failed || ready(c, &why)) continue;
        c->failed = true;
        bind_error_at(b, c->file, c->line, "'%s': a value passed by value can't be called: %s", c->name, why ? why : "?");
    }
}

/* ---- strings ---- */

const char *bind_cstring_of(as_engine *e, const void *str, char *buf, size_t size, char **heap)
{
    *heap = NULL;
    const as_string_factory *f = as_engine_get_string_factory(e, NULL);
    unsigned len = 0;
    if (!str || !f || !f->get_raw_data || f->get_raw_data(f->user, str, NULL, &len) < 0) return "";
    char *d = buf;
    if ((size_t)len + 1 > size) {
        d = *heap = mem_alloc((size_t)len + 1);
        if (!d) return NULL;
    }
    f->get_raw_data(f->user, str, d, &len);
    d[len] = 0;
    return d;
}

const void *bind_string_make(as_engine *e, const char *s)
{
    const as_string_factory *f = as_engine_get_string_factory(e, NULL);
    if (!f) return NULL;
    if (!s) s = "";
    return f->get_constant(f->user, s, (unsigned)strlen(s));
}

void bind_string_release(as_engine *e, const void *str)
{
    const as_string_factory *f = as_engine_get_string_factory(e, NULL);
    if (f && str && f->release_constant) f->release_constant(f->user, str);
}

/* ---- the call ---- */

/* The result of a template function returning as_var: the value at v.ptr, which must be of the
 * instance's subtype T, copied (primitives, value objects) or referenced (handles, reference
 * objects) into the result. */
static void return_var(as_generic *g, as_var v)
{
    as_engine *e = as_generic_engine(g);
    int tid = as_function_subtype_id(as_generic_function(g), 0);
    if (!v.ptr || v.type_id != tid) {
        char got[200], msg[500];   /* the declarations share the engine's buffer: one at a time */
        snprintf(got, sizeof got, "%s", v.ptr ? as_engine_type_declaration(e, v.type_id, true) : "");
        snprintf(msg, sizeof msg, "The bound function returned %s%s%s for T = '%s'", v.ptr ? "a '" : "no value", got,
                 v.ptr ? "'" : "", as_engine_type_declaration(e, tid, true));
        as_context_set_exception(as_active_context(), msg, false);
        return;
    }
    if (tid & AS_TYPEID_OBJHANDLE) as_generic_set_return_object(g, *(void **)v.ptr);
    else if (tid & AS_TYPEID_MASK_OBJECT) as_generic_set_return_object(g, v.ptr);
    else memcpy(as_generic_return_location(g), v.ptr, (size_t)(tid <= AS_TYPEID_DOUBLE ? as_engine_primitive_size(e, tid) : 4));
}

void bind_dispatch(as_generic *g)
{
    bind_call *c = as_generic_auxiliary(g);
    const char *why = NULL;
    if (!c || !ready(c, &why)) {
        as_context_set_exception(as_active_context(), "A bound function could not be called", false);
        return;
    }
    void *argv[BIND_MAX_PARAMS];
    union { void *p; as_var v; uint64_t n; } tmp[BIND_MAX_PARAMS];
    bool too_long = false;
    void *ptrs[BIND_MAX_PARAMS];
    char sbuf[BIND_MAX_PARAMS][128];
    char *heap[BIND_MAX_PARAMS];
    int nheap = 0;
    for (int i = 0; i < c->nc; i++) {
        int k = c->a[i].arg;
        if (c->a[i].self) {
            tmp[i].p = as_generic_object(g);
            argv[i] = &tmp[i].p;
            continue;
        }
        switch (c->a[i].cls) {
        case CT_TYPE_PTR:
            tmp[i].p = as_engine_type_by_id(c->e, as_generic_object_type_id(g));
            argv[i] = &tmp[i].p;
            break;
        case CT_CSTR: {
            char *h = NULL;
            tmp[i].p = (void *)bind_cstring_of(c->e, as_generic_arg_object(g, (unsigned)k), sbuf[i], sizeof sbuf[i], &h);
            if (h) heap[nheap++] = h;
            argv[i] = &tmp[i].p;
            break;
        }
        case CT_VALUE:
            argv[i] = as_generic_arg_object(g, (unsigned)k);
            break;
        case CT_ARRAY: {
            /* the elements of an array of scalars are contiguous: the first one's address */
            void *arr = as_generic_arg_object(g, (unsigned)k);
            tmp[i].p = arr && as_array_size(arr) ? as_array_at(arr, 0) : NULL;
            argv[i] = &tmp[i].p;
            break;
        }
        case CT_ARRAY_LEN: {
            /* little-endian: the low bytes of the count are the C integer's */
            void *arr = as_generic_arg_object(g, (unsigned)k);
            tmp[i].n = arr ? as_array_size(arr) : 0;
            argv[i] = &tmp[i].n;
            /* a count the C integer can't hold (or a negative one) would be a lie about the buffer */
            uint32_t bits = c->a[i].ct.size * 8 - (c->a[i].ct.kind == AS_CK_UINT ? 0 : 1);
            if (bits < 64 && tmp[i].n >> bits) too_long = true;
            break;
        }
        case CT_VAR: case CT_VAR_PTR: {
            if (c->templ && c->a[i].cls == CT_VAR) {
                /* `const T &in`: the address; the type is the instance's subtype */
                tmp[i].v.ptr = as_generic_arg_address(g, (unsigned)k);
                tmp[i].v.type_id = as_function_subtype_id(as_generic_function(g), 0);
                tmp[i].v.engine = c->e;
                argv[i] = &tmp[i].v;
                break;
            }
            /* the slot holds the address, the next one the type id */
            void **slot = as_generic_address_of_arg(g, (unsigned)k);
            tmp[i].v.ptr = slot[0];
            tmp[i].v.type_id = *(int *)(slot + 1);
            tmp[i].v.engine = c->e;   /* to read the type id: as_engine_type_by_id(v.engine, v.type_id) */
            ptrs[i] = &tmp[i].v;
            argv[i] = c->a[i].cls == CT_VAR ? (void *)&tmp[i].v : (void *)&ptrs[i];
            break;
        }
        default:
            /* scalars, references and handles: the slot holds the value (little-endian) */
            argv[i] = as_generic_address_of_arg(g, (unsigned)k);
            break;
        }
    }
    if (too_long) {
        for (int i = 0; i < nheap; i++) mem_free(heap[i]);
        as_context_set_exception(as_active_context(), "The array is longer than the C function's length parameter can say",
                                 false);
        return;
    }
    union { ffi_arg a; double d; float f; void *p; as_var v; char bytes[16]; } rv;
    memset(&rv, 0, sizeof rv);
    if (c->construct) {
        ffi_call(&c->cif, (void (*)(void))c->fn, as_generic_object(g), argv);
    } else if (c->rcls == CT_VALUE) {
        ffi_call(&c->cif, (void (*)(void))c->fn, as_generic_return_location(g), argv);
    } else {
        ffi_call(&c->cif, (void (*)(void))c->fn, &rv, argv);
        switch (c->rcls) {
        case CT_VOID: break;
        case CT_VAR:
            return_var(g, rv.v);
            break;
        case CT_CSTR: {
            const void *s = bind_string_make(c->e, rv.p);
            if (s) {
                as_generic_set_return_object(g, (void *)s);
                bind_string_release(c->e, s);
            }
            break;
        }
        case CT_SCALAR: case CT_ENUM:
            if (c->rct.kind == AS_CK_FLOAT) {
                if (c->rct.size == 4) as_generic_set_return_float(g, rv.f);
                else as_generic_set_return_double(g, rv.d);
            } else {
                uint64_t v = (uint64_t)rv.a;
                switch (c->rct.size) {
                case 1: as_generic_set_return_byte(g, (uint8_t)v); break;
                case 2: as_generic_set_return_word(g, (uint16_t)v); break;
                case 4: as_generic_set_return_dword(g, (uint32_t)v); break;
                default: as_generic_set_return_qword(g, v); break;
                }
            }
            break;
        default:
            as_generic_set_return_address(g, rv.p);
            break;
        }
    }
    for (int i = 0; i < nheap; i++) mem_free(heap[i]);
}
