/* The `grid<T>` add-on: a garbage collected reference type template holding a two-dimensional
 * grid of values, with the script interface of the reference's scriptgrid add-on (AngelScript
 * 2.35.1). Registered with the generic convention through the public API.
 *
 * Storage as in the array add-on: primitives and enums inline, objects and handles as pointers
 * (value-type elements are heap objects, reference-type elements and handles hold a reference).
 * Cell (x, y) is element x + y * width. */
#include "angelc.h"
#include "util/mem.h"
#include "angelc_addons.h"
#include "addon_value.h"
#include <stdlib.h>
#include <string.h>

typedef enum elem_kind { EK_PRIM, EK_OBJ, EK_HANDLE } elem_kind;

typedef struct grid {
    int refcount;
    bool gcflag;
    as_type *type;          /* the template instance, e.g. grid<int> */
    as_engine *engine;
    int sub_id;
    elem_kind kind;
    uint32_t esize;
    uint32_t width, height;
    unsigned char *data;
} grid;

static elem_kind kind_of(int sub_id)
{
    if (sub_id & AS_TYPEID_OBJHANDLE) return EK_HANDLE;
    if (sub_id & AS_TYPEID_MASK_OBJECT) return EK_OBJ;
    return EK_PRIM;
}

static uint32_t elem_size(int sub_id)
{
    if (kind_of(sub_id) != EK_PRIM) return (uint32_t)sizeof(void *);
    int n = addon_prim_size(sub_id);
    return n ? (uint32_t)n : 4;
}

static unsigned char *cell(const grid *g, unsigned char *data, uint32_t w, uint32_t x, uint32_t y)
{
    (void)g;
    return data + ((size_t)y * w + x) * g->esize;
}

/* The reference's limit: the buffer (with its 12-byte header) must fit in 32 bits. */
static bool check_max(const grid *g, uint32_t w, uint32_t h)
{
    uint64_t n = (uint64_t)w * h;
    uint64_t max = (0xFFFFFFFFull - 12 + 1) / g->esize;
    if (n > max) {
        addon_raise("Too large grid size");
        return false;
    }
    return true;
}

/* A buffer of w x h fresh elements (default objects, null handles, zeros); NULL if out of memory. */
static unsigned char *make_buffer(grid *g, uint32_t w, uint32_t h)
{
    size_t n = (size_t)w * h;
    unsigned char *d = mem_calloc(n ? n : 1, g->esize);
    if (!d) {
        addon_raise("Out of memory");
        return NULL;
    }
    if (g->kind == EK_OBJ)
        for (size_t i = 0; i < n; i++) *(void **)(d + i * g->esize) = as_engine_create_object(g->engine, g->sub_id);
    return d;
}

static void free_buffer(grid *g, unsigned char *d, uint32_t w, uint32_t h)
{
    if (!d) return;
    if (g->kind != EK_PRIM) {
        size_t n = (size_t)w * h;
        for (size_t i = 0; i < n; i++) {
            void *o = *(void **)(d + i * g->esize);
            if (o) as_engine_release_object(g->engine, o, g->sub_id);
        }
    }
    mem_free(d);
}

/* The element at slot s = *value (value is the address of a T). */
static void set_value(grid *g, unsigned char *s, const void *value)
{
    if (!value) return;
    switch (g->kind) {
    case EK_OBJ:
        if (*(void **)s) as_engine_assign_object(g->engine, *(void **)s, value, g->sub_id);
        break;
    case EK_HANDLE: {
        void *old = *(void **)s, *nw = *(void *const *)value;
        *(void **)s = nw;
        if (nw) as_engine_addref_object(g->engine, nw, g->sub_id);
        if (old) as_engine_release_object(g->engine, old, g->sub_id);
        break;
    }
    case EK_PRIM:
        memcpy(s, value, g->esize);
        break;
    }
}

/* What a reference to the element at slot s means: the object, or the slot itself. */
static void *elem_ref(const grid *g, unsigned char *s) { return g->kind == EK_OBJ ? *(void **)s : (void *)s; }

static grid *grid_alloc(as_type *t)
{
    grid *g = mem_calloc(1, sizeof *g);
    if (!g) {
        addon_raise("Out of memory");
        return NULL;
    }
    g->refcount = 1;
    g->type = t;
    as_type_addref(t);   /* the instance lives as long as its grids */
    g->engine = as_type_engine(t);
    g->sub_id = as_type_subtype_id(t, 0);
    g->kind = kind_of(g->sub_id);
    g->esize = elem_size(g->sub_id);
    return g;
}

static void grid_free(grid *g)
{
    free_buffer(g, g->data, g->width, g->height);
    as_type *t = g->type;
    mem_free(g);
    as_type_release(t);
}

static void grid_release(grid *g)
{
    g->gcflag = false;
    if (--g->refcount == 0) grid_free(g);
}

/* A new grid with its elements made; the collector gets its reference. */
static grid *grid_new(as_type *t, uint32_t w, uint32_t h)
{
    grid *g = grid_alloc(t);
    if (!g) return NULL;
    if (!check_max(g, w, h) || !(g->data = make_buffer(g, w, h))) {
        as_type_release(g->type);
        mem_free(g);
        return NULL;
    }
    g->width = w;
    g->height = h;
    return g;
}

static grid *track(grid *g)
{
    if (g && (as_type_flags(g->type) & AS_OBJ_GC) && as_engine_notify_gc_new_object(g->engine, g, g->type) < 0) {
        grid_free(g);
        addon_raise("Out of memory");
        return NULL;
    }
    return g;
}

/* ======================================================================= behaviours */

static grid *self(as_generic *gen) { return as_generic_object(gen); }
static as_type *hidden_type(as_generic *gen) { return as_generic_arg_address(gen, 0); }

static void f_factory(as_generic *gen) { as_generic_set_return_address(gen, track(grid_new(hidden_type(gen), 0, 0))); }

static void f_factory_size(as_generic *gen)
{
    as_generic_set_return_address(gen, track(grid_new(hidden_type(gen), as_generic_arg_dword(gen, 1), as_generic_arg_dword(gen, 2))));
}

static void f_factory_value(as_generic *gen)
{
    grid *g = grid_new(hidden_type(gen), as_generic_arg_dword(gen, 1), as_generic_arg_dword(gen, 2));
    const void *value = as_generic_arg_address(gen, 3);
    if (g)
        for (uint32_t y = 0; y < g->height; y++)
            for (uint32_t x = 0; x < g->width; x++) set_value(g, cell(g, g->data, g->width, x, y), value);
    as_generic_set_return_address(gen, track(g));
}

/* {repeat {repeat_same T}}: a uint32 row count; each row a uint32 length at the next 4-byte
 * boundary, then its elements packed as the reference packs them (1- and 2-byte primitives back
 * to back, wider values and the pointers of objects and handles 4-aligned, which a row of equal
 * elements after its 4-aligned length already is). Read unaligned. */
static void f_list_factory(as_generic *gen)
{
    as_type *t = hidden_type(gen);
    const unsigned char *buf = as_generic_arg_address(gen, 1);
    uint32_t h, w = 0;
    memcpy(&h, buf, 4);
    if (h) memcpy(&w, buf + 4, 4);
    grid *g = grid_new(t, w, h);
    if (!g) {
        as_generic_set_return_address(gen, NULL);
        return;
    }
    size_t esize = g->kind == EK_PRIM ? g->esize : sizeof(void *);
    uint32_t flags = g->kind == EK_OBJ ? as_type_flags(as_type_subtype(t, 0)) : 0;
    size_t off = 4;
    for (uint32_t y = 0; y < h; y++) {
        off = (off + 3) & ~(size_t)3;
        uint32_t n;
        memcpy(&n, buf + off, 4);
        off += 4;
        for (uint32_t x = 0; x < n; x++) {
            const unsigned char *src = buf + off;
            off += esize;
            if (x >= w) continue;
            unsigned char *s = cell(g, g->data, w, x, y);
            if (g->kind == EK_PRIM) {
                memcpy(s, src, g->esize);
            } else if (g->kind == EK_HANDLE) {
                void *v;
                memcpy(&v, src, sizeof v);
                set_value(g, s, &v);
            } else {
                void *v;
                memcpy(&v, src, sizeof v);
                if (!v) continue;
                if (flags & AS_OBJ_REF) {
                    /* a reference type element: the grid keeps the list's object */
                    void *old = *(void **)s;
                    as_engine_addref_object(g->engine, v, g->sub_id);
                    *(void **)s = v;
                    if (old) as_engine_release_object(g->engine, old, g->sub_id);
                } else {
                    set_value(g, s, v);
                }
            }
        }
    }
    as_generic_set_return_address(gen, track(g));
}

static void f_addref(as_generic *gen)
{
    grid *g = self(gen);
    g->gcflag = false;
    g->refcount++;
}
static void f_release(as_generic *gen) { grid_release(self(gen)); }
static void f_get_refcount(as_generic *gen) { as_generic_set_return_dword(gen, (uint32_t)self(gen)->refcount); }
static void f_set_gcflag(as_generic *gen) { self(gen)->gcflag = true; }
static void f_get_gcflag(as_generic *gen) { as_generic_set_return_byte(gen, self(gen)->gcflag); }

static void f_enum_refs(as_generic *gen)
{
    grid *g = self(gen);
    as_engine *e = as_generic_arg_address(gen, 0);
    if (g->kind == EK_PRIM || !g->data) return;
    as_type *sub = as_type_subtype(g->type, 0);
    size_t n = (size_t)g->width * g->height;
    for (size_t i = 0; i < n; i++) {
        void *o = *(void **)(g->data + i * g->esize);
        if (o) as_gc_enum_reference(e ? e : g->engine, o, sub);
    }
}

static void f_release_refs(as_generic *gen)
{
    grid *g = self(gen);
    unsigned char *d = g->data;
    uint32_t w = g->width, h = g->height;
    g->data = NULL;
    g->width = g->height = 0;
    free_buffer(g, d, w, h);
}

/* Accepts subtypes whose elements can be made, as the reference does (without messages): value
 * types need a default constructor, reference types (not handles) a default factory. The public
 * API cannot list a type's constructors, so registered types are probed by making one object. */
static bool can_make_default(as_engine *e, int tid, uint32_t flags)
{
    if (flags & (AS_OBJ_SCRIPT_OBJECT | AS_OBJ_TEMPLATE_SUBTYPE)) return true;
    void *o = as_engine_create_object(e, tid);
    if (!o) return false;
    as_engine_release_object(e, o, tid);
    return true;
}

static void f_template_callback(as_generic *gen)
{
    as_type *t = as_generic_arg_address(gen, 0);
    bool *dont_gc = as_generic_arg_address(gen, 1);
    as_engine *e = as_type_engine(t);
    int tid = as_type_subtype_id(t, 0);
    bool ok = true, no_gc = false;
    if (tid == AS_TYPEID_VOID) {
        ok = false;
    } else if ((tid & AS_TYPEID_MASK_OBJECT) && !(tid & AS_TYPEID_OBJHANDLE)) {
        uint32_t flags = as_type_flags(as_type_subtype(t, 0));
        if ((flags & AS_OBJ_VALUE) && !(flags & AS_OBJ_POD)) ok = can_make_default(e, tid, flags);
        else if (flags & AS_OBJ_REF)
            ok = !as_engine_get_property(e, AS_EP_DISALLOW_VALUE_ASSIGN_FOR_REF_TYPE) && can_make_default(e, tid, flags);
        if (!(flags & AS_OBJ_GC)) no_gc = true;
    } else if (!(tid & AS_TYPEID_OBJHANDLE)) {
        no_gc = true;
    }
    if (dont_gc) *dont_gc = no_gc;
    as_generic_set_return_byte(gen, ok);
}

/* ======================================================================= methods */

static void m_index(as_generic *gen)
{
    grid *g = self(gen);
    uint32_t x = as_generic_arg_dword(gen, 0), y = as_generic_arg_dword(gen, 1);
    if (!g->data || x >= g->width || y >= g->height) {
        addon_raise("Index out of bounds");
        as_generic_set_return_address(gen, NULL);
        return;
    }
    as_generic_set_return_address(gen, elem_ref(g, cell(g, g->data, g->width, x, y)));
}

/* New fresh cells, the old values copied where both sizes have them. */
static void m_resize(as_generic *gen)
{
    grid *g = self(gen);
    uint32_t w = as_generic_arg_dword(gen, 0), h = as_generic_arg_dword(gen, 1);
    if (!check_max(g, w, h)) return;
    unsigned char *d = make_buffer(g, w, h);
    if (!d) return;
    uint32_t cw = w < g->width ? w : g->width, ch = h < g->height ? h : g->height;
    for (uint32_t y = 0; y < ch; y++)
        for (uint32_t x = 0; x < cw; x++)
            set_value(g, cell(g, d, w, x, y), elem_ref(g, cell(g, g->data, g->width, x, y)));
    unsigned char *old = g->data;
    uint32_t ow = g->width, oh = g->height;
    g->data = d;
    g->width = w;
    g->height = h;
    free_buffer(g, old, ow, oh);
}

static void m_width(as_generic *gen) { as_generic_set_return_dword(gen, self(gen)->width); }
static void m_height(as_generic *gen) { as_generic_set_return_dword(gen, self(gen)->height); }

/* ======================================================================= registration */

int as_register_grid(as_engine *e)
{
    static const char *T = "grid<T>";
    int r = as_register_object_type(e, "grid<class T>", 0, AS_OBJ_REF | AS_OBJ_GC | AS_OBJ_TEMPLATE);
    if (r < 0) return r;
    static const struct {
        as_behaviour beh;
        const char *decl;
        void (*fn)(as_generic *);
    } behaviours[] = {
        {AS_BEHAVE_TEMPLATE_CALLBACK, "bool f(int&in, bool&out)", f_template_callback},
        {AS_BEHAVE_FACTORY, "grid<T>@ f(int&in)", f_factory},
        {AS_BEHAVE_FACTORY, "grid<T>@ f(int&in, uint, uint)", f_factory_size},
        {AS_BEHAVE_FACTORY, "grid<T>@ f(int&in, uint, uint, const T &in)", f_factory_value},
        {AS_BEHAVE_LIST_FACTORY, "grid<T>@ f(int&in type, int&in list) {repeat {repeat_same T}}", f_list_factory},
        {AS_BEHAVE_ADDREF, "void f()", f_addref},
        {AS_BEHAVE_RELEASE, "void f()", f_release},
        {AS_BEHAVE_GETREFCOUNT, "int f()", f_get_refcount},
        {AS_BEHAVE_SETGCFLAG, "void f()", f_set_gcflag},
        {AS_BEHAVE_GETGCFLAG, "bool f()", f_get_gcflag},
        {AS_BEHAVE_ENUMREFS, "void f(int&in)", f_enum_refs},
        {AS_BEHAVE_RELEASEREFS, "void f(int&in)", f_release_refs},
    };
    for (size_t i = 0; i < sizeof behaviours / sizeof behaviours[0]; i++)
        if ((r = as_register_object_behaviour(e, T, behaviours[i].beh, behaviours[i].decl, AS_FN(behaviours[i].fn), AS_CALL_GENERIC, NULL)) < 0) return r;
    static const struct {
        const char *decl;
        void (*fn)(as_generic *);
    } methods[] = {
        {"T &opIndex(uint, uint)", m_index},
        {"const T &opIndex(uint, uint) const", m_index},
        {"void resize(uint width, uint height)", m_resize},
        {"uint width() const", m_width},
        {"uint height() const", m_height},
    };
    for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
        if ((r = as_register_object_method(e, T, methods[i].decl, AS_FN(methods[i].fn), AS_CALL_GENERIC, NULL)) < 0) return r;
    return 0;
}
