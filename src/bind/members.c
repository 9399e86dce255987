/* Member lines and table rows: functions, methods, accessors, behaviours, fields, bit-fields,
 * reference counts and generic functions, each registered from its description and logged on
 * its class so derived classes get it too. */
#include "bind_impl.h"
#include "angelc_addons.h"
#include "util/mem.h"
#include <ctype.h>
#include <string.h>

static const char *what_name(const as_bind_member *m)
{
    switch (m->what) {
    case AS_BIND_M_FUNCTION: return "function";
    case AS_BIND_M_METHOD: return "method";
    case AS_BIND_M_GETTER: return "getter";
    case AS_BIND_M_SETTER: return "setter";
    case AS_BIND_M_BEHAVIOUR: return m->beh == AS__BEH_CTOR || m->beh == AS_BEHAVE_CONSTRUCT || m->beh == AS_BEHAVE_FACTORY ? "constructor" : "behaviour";
    case AS_BIND_M_PROPERTY: return "property";
    default: return "member";
    }
}

static void log_member(bind_type *t, int what, int beh, const char *decl, const char *name, as_fnptr fn, as_callconv cc,
                       void *aux, int offset, int func_id)
{
    if (!t) return;
    bind_member_log l = {what, beh, mem_strdup(decl), mem_strdup(name), fn, cc, aux, offset, NULL, func_id};
    if (!l.decl || !l.name || !bind_type_log(t, &l)) {
        mem_free(l.decl);
        mem_free(l.name);
    }
}

/* Registers a function-like row (its plan made) on t, or globally when t is NULL. */
static int register_function(as_bind *b, bind_type *t, const as_bind_member *m)
{
    bind_plan plan;
    if (!bind_plan_row(b, t, m, &plan)) return AS_INVALID_DECLARATION;
    as_fnptr fn = m->fn;
    as_callconv cc = plan.cc;
    void *aux = NULL;
    if (plan.dispatch) {
        aux = bind_call_prepare(b, &plan, m->fn, m->file, m->line);
        if (!aux) {
            bind_error_at(b, m->file, m->line, "out of memory");
            return AS_OUT_OF_MEMORY;
        }
        fn = AS_FN(bind_dispatch);
        cc = AS_CALL_GENERIC;
    }
    int beh = -1;
    if (m->what == AS_BIND_M_BEHAVIOUR) beh = m->beh == AS__BEH_CTOR ? (t->pub.is_ref ? AS_BEHAVE_FACTORY : AS_BEHAVE_CONSTRUCT) : m->beh;
    char what[300];
    snprintf(what, sizeof what, "%s%s%s", t ? t->pub.name : "", t ? ": " : "", what_name(m));
    bind_engine_begin(b);
    int r;
    if (!t) r = as_register_global_function(b->e, plan.decl, fn, cc, aux);
    else if (beh >= 0) r = as_register_object_behaviour(b->e, t->reg_name, (as_behaviour)beh, plan.decl, fn, cc, aux);
    else r = as_register_object_method(b->e, t->reg_name, plan.decl, fn, cc, aux);
    r = bind_engine_end(b, r, m->file, m->line, what, plan.decl);
    if (r < 0) return r;
    bind_set_prev_function(b, r);
    char name[128];
    const char *p = m->name ? m->name : "";
    size_t n = strcspn(p, "(");
    snprintf(name, sizeof name, "%.*s", (int)n, p);
    log_member(t, m->what, beh, plan.decl, name, fn, cc, aux, 0, r);
    return r;
}

/* ---- fields ---- */

static uint8_t kind_of_script(const char *s, uint32_t *size)
{
    static const struct { const char *n; uint8_t k; uint32_t s; } map[] = {
        {"bool", AS_CK_BOOL, 1}, {"int8", AS_CK_SINT, 1}, {"int16", AS_CK_SINT, 2}, {"int", AS_CK_SINT, 4},
        {"int64", AS_CK_SINT, 8}, {"uint8", AS_CK_UINT, 1}, {"uint16", AS_CK_UINT, 2}, {"uint", AS_CK_UINT, 4},
        {"uint64", AS_CK_UINT, 8}, {"float", AS_CK_FLOAT, 4}, {"double", AS_CK_FLOAT, 8},
    };
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (strcmp(map[i].n, s) == 0) {
            *size = map[i].s;
            return map[i].k;
        }
    return AS_CK_OTHER;
}

/* True if s is one identifier. */
static bool lone_ident(const char *s)
{
    if (!*s || !(isalpha((unsigned char)*s) || *s == '_')) return false;
    for (; *s; s++)
        if (!(isalnum((unsigned char)*s) || *s == '_')) return false;
    return true;
}

static void bind_property(as_bind *b, bind_type *t, const as_bind_member *m)
{
    char decl[400], name[128], type[300];
    if (m->ctype && strncmp(m->ctype, "enum ", 5) == 0) {
        /* AS_ENUM_PROPERTY: a member of a C enum type, as its script enum */
        bind_type *et = bind_type_by_c(b->st, m->ctype + 5);
        if (!et || !et->pub.is_enum) {
            bind_error_at(b, m->file, m->line, "%s: property '%s': the C enum '%s' has no script type: bind it with AS_ENUM first",
                          t->pub.name, m->name, m->ctype + 5);
            return;
        }
        if (m->size != 4) {
            bind_error_at(b, m->file, m->line, "%s: property '%s': the C enum is %u bytes, script enums 4", t->pub.name, m->name,
                          (unsigned)m->size);
            return;
        }
        as_bind_member row = *m;
        char d[400];
        snprintf(d, sizeof d, "%s %s", et->pub.name, m->name);
        row.name = d;
        row.ctype = NULL;
        bind_property(b, t, &row);
        return;
    }
    if (m->ctype && strcmp(m->ctype, "enum") == 0) {
        /* C++ saw a C enum member: only its script enum may stand for it */
        as_type *dt = NULL;
        if (!lone_ident(m->name)) {
            bind_decl_name(m->name, name, sizeof name);
            snprintf(type, sizeof type, "%.*s", (int)(strlen(m->name) - strlen(name)), m->name);
            int tid = as_engine_type_id_by_decl(b->e, type);
            dt = tid > AS_TYPEID_DOUBLE ? as_engine_type_by_id(b->e, tid) : NULL;
        }
        if (!dt || !(as_type_flags(dt) & AS_OBJ_ENUM) || m->size != 4) {
            bind_error_at(b, m->file, m->line, "%s: property '%s': the C member is an enum: bind it with AS_ENUM_PROPERTY",
                          t->pub.name, m->name);
            return;
        }
        as_bind_member row = *m;
        row.ctype = NULL;
        bind_property(b, t, &row);
        return;
    }
    if (lone_ident(m->name)) {
        if (!m->ctype) {
            bind_error_at(b, m->file, m->line, "%s: member '%s' is not a scalar: give its script declaration with AS_PROPERTY_AS",
                          t->pub.name, m->name);
            return;
        }
        snprintf(decl, sizeof decl, "%s %s", m->ctype, m->name);
    } else {
        snprintf(decl, sizeof decl, "%s", m->name);
    }
    bind_decl_name(decl, name, sizeof name);
    size_t tl = strlen(decl) - strlen(name);
    snprintf(type, sizeof type, "%.*s", (int)tl, decl);
    /* the declared type against the C member */
    int tid = as_engine_type_id_by_decl(b->e, type);
    if (tid < 0) {
        bind_error_at(b, m->file, m->line, "%s: property '%s': no script type '%s'", t->pub.name, decl, type);
        return;
    }
    if (m->ctype) {
        int ctid = as_engine_type_id_by_decl(b->e, m->ctype);
        as_type *et = as_engine_type_by_id(b->e, tid);
        bool is_enum = et && (as_type_flags(et) & AS_OBJ_ENUM) && m->size == 4;
        if ((tid & ~AS_TYPEID_HANDLETOCONST) != ctid && !is_enum) {
            bind_error_at(b, m->file, m->line, "%s: property '%s': the C member is '%s'", t->pub.name, decl, m->ctype);
            return;
        }
    } else if (tid & AS_TYPEID_OBJHANDLE) {
        if (m->size != sizeof(void *)) {
            bind_error_at(b, m->file, m->line, "%s: property '%s': a handle is a pointer, the C member is %u bytes",
                          t->pub.name, decl, (unsigned)m->size);
            return;
        }
    } else {
        as_type *pt = as_engine_type_by_id(b->e, tid);
        int psize = pt ? as_type_size(pt) : as_engine_primitive_size(b->e, tid);
        if (pt && (as_type_flags(pt) & AS_OBJ_REF)) {
            bind_error_at(b, m->file, m->line, "%s: property '%s': a reference class member is a handle ('%s@')", t->pub.name,
                          decl, as_type_name(pt));
            return;
        }
        if (psize != (int)m->size) {
            bind_error_at(b, m->file, m->line, "%s: property '%s': the script type is %d bytes, the C member %u",
                          t->pub.name, decl, psize, (unsigned)m->size);
            return;
        }
    }
    bind_engine_begin(b);
    int r = as_register_object_property(b->e, t->reg_name, decl, (int)m->offset);
    r = bind_engine_end(b, r, m->file, m->line, t->pub.name, decl);
    if (r < 0) return;
    char key[400];
    snprintf(key, sizeof key, "%s::%s", t->pub.name, name);
    bind_set_prev_key(b, key);
    log_member(t, AS_BIND_M_PROPERTY, -1, decl, name, NULL, 0, NULL, (int)m->offset, 0);
    /* the C layout, for passing the class by value */
    uint32_t ksize = 0;
    const char *prim = m->ctype ? m->ctype : (tid <= AS_TYPEID_DOUBLE ? as_engine_type_declaration(b->e, tid, false) : NULL);
    uint8_t kind = prim ? kind_of_script(prim, &ksize) : AS_CK_OTHER;
    if (kind != AS_CK_OTHER && ksize == m->size) {
        bind_type_add_field(t, (uint32_t)m->offset, ksize, kind);
    } else if (!(tid & AS_TYPEID_OBJHANDLE) && tid > AS_TYPEID_DOUBLE) {
        as_type *et = as_engine_type_by_id(b->e, tid);
        bind_type *inner = et ? as_type_get_user_data(et, BIND_TYPE_KEY) : NULL;
        if (et && (as_type_flags(et) & AS_OBJ_ENUM)) bind_type_add_field(t, (uint32_t)m->offset, 4, AS_CK_SINT);
        for (int i = 0; inner && i < inner->nfields; i++)
            bind_type_add_field(t, (uint32_t)m->offset + inner->fields[i].offset, inner->fields[i].size, inner->fields[i].kind);
    } else if (tid & AS_TYPEID_OBJHANDLE) {
        bind_type_add_field(t, (uint32_t)m->offset, sizeof(void *), AS_CK_UINT);
    }
}

/* A generic getter and setter pair for the member `name`, both with aux as their data (a
 * bit-field's or an array field's layout): each logged as a method of c, the setter last. */
static void register_accessors(as_bind *b, as_bind_class *c, const char *name, const char *get, const char *set,
                               as_fnptr get_fn, as_fnptr set_fn, void *aux, const char *file, int line)
{
    const char *decls[2] = {get, set};
    as_fnptr fns[2] = {get_fn, set_fn};
    for (int i = 0; i < 2; i++) {
        bind_engine_begin(b);
        int r = as_register_object_method(b->e, c->t->reg_name, decls[i], fns[i], AS_CALL_GENERIC, aux);
        r = bind_engine_end(b, r, file, line, c->t->pub.name, decls[i]);
        if (r < 0) return;
        log_member(c->t, AS_BIND_M_METHOD, -1, decls[i], name, fns[i], AS_CALL_GENERIC, aux, 0, r);
        bind_set_prev_function(b, r);
    }
}

/* ---- bit-fields: accessors reading and writing the bits the probe showed ---- */

typedef struct bitfield {
    uint32_t bit, width;
    bool is_signed;
} bitfield;

static uint64_t bits_read(const unsigned char *p, const bitfield *f)
{
    uint64_t v = 0;
    for (uint32_t i = 0; i < f->width; i++) {
        uint32_t b = f->bit + i;
        if (p[b / 8] & (1u << (b % 8))) v |= 1ull << i;
    }
    if (f->is_signed && f->width < 64 && (v >> (f->width - 1)) & 1) v |= ~0ull << f->width;
    return v;
}

static void bits_write(unsigned char *p, const bitfield *f, uint64_t v)
{
    for (uint32_t i = 0; i < f->width; i++) {
        uint32_t b = f->bit + i;
        if ((v >> i) & 1) p[b / 8] |= (unsigned char)(1u << (b % 8));
        else p[b / 8] &= (unsigned char)~(1u << (b % 8));
    }
}

static void bitfield_get(as_generic *g)
{
    const bitfield *f = as_generic_auxiliary(g);
    uint64_t v = bits_read(as_generic_object(g), f);
    if (f->width > 32) as_generic_set_return_qword(g, v);
    else as_generic_set_return_dword(g, (uint32_t)v);
}

static void bitfield_set(as_generic *g)
{
    const bitfield *f = as_generic_auxiliary(g);
    uint64_t v = f->width > 32 ? as_generic_arg_qword(g, 0) : as_generic_arg_dword(g, 0);
    bits_write(as_generic_object(g), f, v);
}

int as_bind__ones(void) { return -1; }
void as_bind__zero(void *p, size_t size) { memset(p, 0, size); }

void as_bind_bitfield_at(as_bind_class *c, const char *name, const void *probe, size_t size, long long value,
                         const char *file, int line)
{
    if (!c || !c->t) return;
    as_bind *b = c->b;
    const unsigned char *p = probe;
    int first = -1, width = 0;
    for (size_t i = 0; i < size * 8; i++) {
        bool set = (p[i / 8] >> (i % 8)) & 1;
        if (set && first < 0) first = (int)i;
        if (set) width++;
        if (!set && first >= 0 && (int)i < first + width) break;
    }
    if (first < 0 || width == 0 || width > 64) {
        bind_error_at(b, file, line, "%s: '%s' is not a bit-field this can locate", c->t->pub.name, name);
        return;
    }
    bitfield *f = bind_keep_bytes(b->st, &(bitfield){(uint32_t)first, (uint32_t)width, value < 0}, sizeof(bitfield));
    if (!f) return;
    const char *type = width > 32 ? (value < 0 ? "int64" : "uint64") : (value < 0 ? "int" : "uint");
    char get[200], set[200];
    snprintf(get, sizeof get, "%s get_%s() const property", type, name);
    snprintf(set, sizeof set, "void set_%s(%s) property", name, type);
    register_accessors(b, c, name, get, set, AS_FN(bitfield_get), AS_FN(bitfield_set), f, file, line);
}

/* ---- fixed-size array fields: a copy out as array<T>@, a whole array in ---- */

typedef struct array_field {
    size_t offset, esize;
    uint32_t count;
    as_type *type;              /* array<T> */
} array_field;

static void array_field_get(as_generic *g)
{
    const array_field *f = as_generic_auxiliary(g);
    void *arr = as_array_create(f->type, f->count);
    if (!arr) {
        as_context_set_exception(as_active_context(), "Out of memory", false);
        return;
    }
    if (f->count) memcpy(as_array_at(arr, 0), (char *)as_generic_object(g) + f->offset, f->count * f->esize);
    as_generic_set_return_object(g, arr);   /* adds the handle's reference: ours goes */
    as_engine_release_object(as_generic_engine(g), arr, as_type_id(f->type));
}

static void array_field_set(as_generic *g)
{
    const array_field *f = as_generic_auxiliary(g);
    void *arr = as_generic_arg_object(g, 0);
    if (!arr || as_array_size(arr) != f->count) {
        char msg[120];
        snprintf(msg, sizeof msg, "The array has %u elements, the C field %u", arr ? as_array_size(arr) : 0, f->count);
        as_context_set_exception(as_active_context(), msg, false);
        return;
    }
    if (f->count) memcpy((char *)as_generic_object(g) + f->offset, as_array_at(arr, 0), f->count * f->esize);
}

void as_bind_array_field_at(as_bind_class *c, const char *name, size_t offset, size_t size, size_t esize,
                            const char *etype, int is_array, const char *file, int line)
{
    if (!c || !c->t) return;
    as_bind *b = c->b;
    if (!is_array || !esize || size % esize) {
        bind_error_at(b, file, line, "%s: '%s' is not a C array: AS_ARRAY_PROPERTY binds `T m[N]` fields", c->t->pub.name, name);
        return;
    }
    if (!etype || strcmp(etype, "enum") == 0) {
        bind_error_at(b, file, line, "%s: '%s': only arrays of scalars bind as array<T>", c->t->pub.name, name);
        return;
    }
    char decl[200];
    snprintf(decl, sizeof decl, "array<%s>", etype);
    as_type *at = as_engine_type_by_decl(b->e, decl);
    int etid = as_engine_type_id_by_decl(b->e, etype);
    if (!at || etid < 0 || as_engine_primitive_size(b->e, etid) != (int)esize) {
        bind_error_at(b, file, line, "%s: '%s': no script type '%s' (register the array add-on first)", c->t->pub.name, name,
                      decl);
        return;
    }
    array_field af = {offset, esize, (uint32_t)(size / esize), at};
    array_field *f = bind_keep_bytes(b->st, &af, sizeof af);
    if (!f) return;
    char get[300], set[300];
    snprintf(get, sizeof get, "%s@ get_%s() const property", decl, name);
    snprintf(set, sizeof set, "void set_%s(const %s &in) property", name, decl);
    register_accessors(b, c, name, get, set, AS_FN(array_field_get), AS_FN(array_field_set), f, file, line);
}

/* ---- reference counts on an int member ---- */

typedef struct refcount {
    size_t offset;
    void (*free_fn)(void *obj);
} refcount;

static void refcount_addref(as_generic *g)
{
    const refcount *rc = as_generic_auxiliary(g);
    (*(int *)((char *)as_generic_object(g) + rc->offset))++;
}

static void refcount_release(as_generic *g)
{
    const refcount *rc = as_generic_auxiliary(g);
    void *obj = as_generic_object(g);
    if (--*(int *)((char *)obj + rc->offset) == 0 && rc->free_fn) rc->free_fn(obj);
}

static void bind_refcount(as_bind *b, bind_type *t, const as_bind_member *m)
{
    if (!t->pub.is_ref) {
        bind_error_at(b, m->file, m->line, "%s: only reference classes are counted", t->pub.name);
        return;
    }
    refcount rc = {m->offset, (void (*)(void *))m->fn};
    refcount *kept = bind_keep_bytes(b->st, &rc, sizeof rc);
    if (!kept) return;
    static const struct { as_behaviour beh; void (*fn)(as_generic *); } behs[] = {
        {AS_BEHAVE_ADDREF, refcount_addref}, {AS_BEHAVE_RELEASE, refcount_release}};
    for (int i = 0; i < 2; i++) {
        bind_engine_begin(b);
        int r = as_register_object_behaviour(b->e, t->reg_name, behs[i].beh, "void f()", AS_FN(behs[i].fn), AS_CALL_GENERIC, kept);
        r = bind_engine_end(b, r, m->file, m->line, t->pub.name, i ? "RELEASE void f()" : "ADDREF void f()");
        if (r < 0) return;
        log_member(t, AS_BIND_M_BEHAVIOUR, behs[i].beh, "void f()", "", AS_FN(behs[i].fn), AS_CALL_GENERIC, kept, 0, r);
    }
}

/* ---- generic functions ---- */

static void bind_generic(as_bind *b, bind_type *t, const as_bind_member *m)
{
    bind_engine_begin(b);
    int r = t ? as_register_object_method(b->e, t->reg_name, m->name, m->fn, AS_CALL_GENERIC, m->user)
              : as_register_global_function(b->e, m->name, m->fn, AS_CALL_GENERIC, m->user);
    r = bind_engine_end(b, r, m->file, m->line, t ? t->pub.name : "function", m->name);
    if (r < 0) return;
    bind_set_prev_function(b, r);
    log_member(t, AS_BIND_M_METHOD, -1, m->name, "", m->fn, AS_CALL_GENERIC, m->user, 0, r);
}

/* ---- entry points ---- */

void as_bind_member_(as_bind_class *c, const as_bind_member *m)
{
    if (!c || !m) return;
    as_bind *b = c->b;
    if (!c->t) return;   /* the class failed: reported already */
    switch (m->what) {
    case AS_BIND_M_METHOD: case AS_BIND_M_GETTER: case AS_BIND_M_SETTER: case AS_BIND_M_BEHAVIOUR:
        register_function(b, c->t, m);
        break;
    case AS_BIND_M_PROPERTY: bind_property(b, c->t, m); break;
    case AS_BIND_M_REFCOUNT: bind_refcount(b, c->t, m); break;
    case AS_BIND_M_GENERIC: bind_generic(b, c->t, m); break;
    case AS_BIND_M_DOC: as_bind_doc_at(b, m->name, m->file, m->line); break;
    case AS_BIND_M_FUNCTION:
        bind_error_at(b, m->file, m->line, "%s: a global function line on a class (bind it on the bind, not the class)", c->t->pub.name);
        break;
    default:
        bind_error_at(b, m->file, m->line, "%s: not a member row", c->t->pub.name);
        break;
    }
}

void as_bind_global_(as_bind *b, const as_bind_member *m)
{
    if (!b || !m) return;
    switch (m->what) {
    case AS_BIND_M_FUNCTION: register_function(b, NULL, m); break;
    case AS_BIND_M_GENERIC: bind_generic(b, NULL, m); break;
    case AS_BIND_M_DOC: as_bind_doc_at(b, m->name, m->file, m->line); break;
    default: bind_error_at(b, m->file, m->line, "'%s': only functions are bound outside a class", m->name ? m->name : "");
    }
}

void as_bind_members(as_bind_class *c, const as_bind_member *rows)
{
    for (int i = 0; c && rows && rows[i].what != AS_BIND_M_END; i++) as_bind_member_(c, &rows[i]);
}

void as_bind_globals(as_bind *b, const as_bind_member *rows)
{
    for (int i = 0; b && rows && rows[i].what != AS_BIND_M_END; i++) as_bind_global_(b, &rows[i]);
}
