/* A list factory's buffer in loaded bytecode (issue 32, bc_flow.h). A list factory or list
 * constructor reads the buffer it is given by its pattern, as compiler/initlist.c lays it out: a
 * uint32 count before each `repeat`, values of 4 bytes or more and `?` type ids at the next
 * multiple of 4, 1- and 2-byte values right after what precedes them, a `?` as its type id then
 * the value, objects and handles as pointers. Nothing tells it where the buffer ends, so at the
 * call the pattern is walked over what the code stored in the frame (or over the constant bytes
 * KADDR gives): every count and type id a known number, every value inside the buffer, every
 * pointer a handle of its type or null, or a live value object of its type; the lists of a
 * `repeat_same` all as long as the first. */
#include "bc_flow.h"
#include "compiler/compiler.h"

#define MAX_ITEMS 32   /* pattern items whose types are kept resolved during one walk */

typedef struct list_walk {
    flow *F;
    cell *st;
    uint32_t pc, slot;      /* the call and the list argument's slot, for messages */
    uint32_t base;          /* the frame slot of the buffer's first byte, or UINT32_MAX */
    const uint8_t *k;       /* ... the constant bytes */
    uint32_t size;          /* the buffer's bytes */
    uint32_t off;           /* the next byte to read */
    as_type *owner;         /* the type the factory makes */
    struct { const ast_node *n; as_dtype t; int64_t same; } item[MAX_ITEMS];
    uint32_t nitems;
} list_walk;

void fl_set_known(cell *c, uint64_t v)
{
    c->hk = 3;
    memcpy(c->hv, &v, sizeof c->hv);   /* hv[0]: the value's first 4 bytes in memory */
}

static bool refuse(list_walk *w, const char *what) { return fl_refuse(w->F, w->pc, what, w->slot); }

/* Where the next value of `bytes` goes (the packing initlist.c's reserve follows). */
static bool reserve(list_walk *w, uint64_t bytes, uint32_t *at)
{
    *at = 0;
    if (bytes >= 4) w->off = (w->off + 3u) & ~3u;
    if (w->off + bytes > w->size) return refuse(w, "a list factory would read past its buffer");
    *at = w->off;
    w->off += (uint32_t)bytes;
    return true;
}

/* The known 32-bit number at byte `at` (a multiple of 4): a count or a type id. */
static bool known32(list_walk *w, uint32_t at, uint32_t *v)
{
    if (w->k) {
        memcpy(v, w->k + at, 4);
        return true;
    }
    const cell *c = &w->st[w->base + at / 8];
    unsigned half = (at % 8) / 4;
    if (!(c->hk & (1u << half))) return refuse(w, "a list's count or type id that is not a known number");
    *v = c->hv[half];
    return true;
}

/* The pointer at byte `at`: a handle of t or null (handle), or a live value object of t. */
static bool pointer(list_walk *w, uint32_t at, const as_type *t, bool handle)
{
    if (w->k) return refuse(w, "a pointer in a list's constant bytes");
    uint32_t x = w->base + at / 8;
    const cell *c = at % 8 ? fl_across(w->F, w->st, x) : &w->st[x];
    if (c->bits & DEAD) return refuse(w, "a list buffer holding a released reference");
    if (c->bits & NUM) return refuse(w, "a list buffer holding a number where an object belongs");
    if (!handle && (c->bits & NUL)) return refuse(w, "a list buffer holding a null value object");
    if (c->fa == MIXED) return refuse(w, "a list buffer holding an address of different slots on different paths");
    if (!(c->bits & PTR)) return true;
    bc_term term = frame_fa(c->fa) ? fl_frame_term(w->F, w->st, c->fa - 1) : c->ty;
    return term_fits(term, t) || refuse(w, "a list buffer holding an object of another type");
}

/* One value of type d. */
static bool value(list_walk *w, const as_dtype *d)
{
    const as_type *t = d->type;
    uint32_t at;
    bool object = t->kind == TYPE_OBJECT || t->kind == TYPE_FUNCDEF;
    if (object || t->kind == TYPE_NULL) {
        bool handle = (d->flags & DT_HANDLE) || t->kind != TYPE_OBJECT || !(t->flags & AS_OBJ_VALUE);
        return reserve(w, 8, &at) && (t->kind == TYPE_NULL || pointer(w, at, t, handle));
    }
    uint32_t bytes = t->kind == TYPE_ENUM ? 4 : t->size > 0 ? (uint32_t)t->size : 4;
    return reserve(w, bytes, &at);
}

/* A `?`: its type id, then a value of that type (nothing followed for the null's 0). */
static bool any(list_walk *w)
{
    uint32_t at, id;
    if (!reserve(w, 4, &at) || !known32(w, at, &id)) return false;
    if (id == 0) return reserve(w, 8, &at);
    const as_type *t = fl_var_type(w->F, (int)id);
    bool object = t && (t->kind == TYPE_OBJECT || t->kind == TYPE_FUNCDEF);
    if (!t || (t->kind == TYPE_PRIMITIVE && t->size == 0) || ((id & (AS_TYPEID_OBJHANDLE | AS_TYPEID_HANDLETOCONST)) && !object))
        return refuse(w, "a list's type id that names no type a value can have");
    as_dtype d = {(as_type *)t, (uint8_t)((id & AS_TYPEID_OBJHANDLE) ? DT_HANDLE : 0)};
    return value(w, &d);
}

/* The resolved type of pattern item n (and its repeat_same count), kept for this walk. */
static int item_index(list_walk *w, const ast_node *n)
{
    for (uint32_t i = 0; i < w->nitems; i++)
        if (w->item[i].n == n) return (int)i;
    if (w->nitems == MAX_ITEMS) return -1;
    w->item[w->nitems].n = n;
    w->item[w->nitems].t.type = NULL;
    w->item[w->nitems].same = -1;
    return (int)w->nitems++;
}

static bool list(list_walk *w, const ast_node *pattern);

static bool item(list_walk *w, const ast_node *n)
{
    if (n->kind == AST_INITLIST) return list(w, n);
    if (n->u.type.prim == PRIM_VARTYPE) return any(w);
    int i = item_index(w, n);
    as_dtype d;
    if (i >= 0 && w->item[i].t.type) d = w->item[i].t;
    else if (!compiler_pattern_type(w->F->f->module->engine, w->owner, n, &d) || !d.type)
        return refuse(w, "a list pattern whose types do not resolve");
    else if (i >= 0) w->item[i].t = d;
    return value(w, &d);
}

static bool list(list_walk *w, const ast_node *pattern)
{
    const ast_list *items = &pattern->u.init.items;
    if (!pattern->u.init.repeat) {
        for (int i = 0; i < items->count; i++)
            if (!item(w, items->items[i])) return false;
        return true;
    }
    uint32_t at, count;
    if (items->count < 1) return refuse(w, "an empty list pattern");
    if (!reserve(w, 4, &at) || !known32(w, at, &count)) return false;
    if (pattern->u.init.repeat == 2) {
        int i = item_index(w, pattern);
        if (i < 0) return refuse(w, "a list pattern too large to follow");
        if (w->item[i].same < 0) w->item[i].same = count;
        else if (w->item[i].same != count) return refuse(w, "lists of a repeat_same pattern of different lengths");
    }
    const ast_node *one = items->items[0];
    /* a number repeated: its bytes at once (a list of a million numbers) */
    if (count && one->kind != AST_INITLIST && one->u.type.prim != PRIM_NONE && one->u.type.prim != PRIM_VARTYPE && !one->u.type.nmods) {
        uint32_t before = w->off;
        if (!item(w, one)) return false;
        return reserve(w, (uint64_t)(w->off - before) * (count - 1), &at);
    }
    for (uint32_t n = 0; n < count; n++) {
        uint32_t before = w->off;
        if (!item(w, one)) return false;
        if (w->off == before) break;   /* reads nothing: the rest read nothing either */
    }
    return true;
}

bool fl_check_list(flow *F, const cell *st, uint32_t pc, uint32_t s, const as_function *factory)
{
    list_walk w;
    memset(&w, 0, sizeof w);
    w.F = F;
    w.st = (cell *)st;
    w.pc = pc;
    w.slot = s;
    w.owner = factory->objtype ? factory->objtype : factory->ret.type;
    const ast_node *pattern = factory->list_pattern;
    if (!pattern || pattern->kind != AST_INITLIST || !w.owner) return refuse(&w, "a list factory without its pattern");
    if (s >= F->bc->nslots || st[s].bits != PTR) return refuse(&w, "a list buffer that may not be one");
    uint32_t fa = st[s].fa;
    if (frame_fa(fa)) {
        bc_term x = fl_frame_term(F, st, fa - 1);
        if (!term_is(x, TT_RAW)) return refuse(&w, "a list buffer over a value object or a handle");
        w.base = fa - 1;
        w.size = term_bytes(x);
    } else if (fa == FA_KBYTES && st[s].kc && F->bc->kinds[st[s].kc - 1] == K_RAW) {
        w.base = UINT32_MAX;
        w.k = (const uint8_t *)&F->bc->consts[st[s].kc];
        w.size = (uint32_t)F->bc->consts[st[s].kc - 1].u64;
    } else {
        return refuse(&w, "a list buffer that is neither the frame's nor constant bytes");
    }
    return list(&w, pattern);
}
