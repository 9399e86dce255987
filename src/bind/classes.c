/* Classes: value, reference and template classes declared from C types, cursors on existing
 * classes, base classes, and what derived classes get from their bases once the binds have run
 * (members, behaviours, properties, handle casts). */
#include "bind_impl.h"
#include "util/mem.h"
#include <string.h>

static as_bind_class *cursor(as_bind *b, bind_type *t)
{
    as_bind_class *c = bind_cursor_new(b, sizeof *c);
    if (c) {
        c->b = b;
        c->t = t;
    }
    return c;
}

static as_bind_class *declare(as_bind *b, const char *c_name, const char *name, int size, size_t csize, size_t align,
                              uint32_t flags, bool is_ref, const char *file, int line)
{
    if (!b) return NULL;
    if (!name) {
        bind_error_at(b, file, line, "a class without a name");
        return cursor(b, NULL);
    }
    char what[200];
    snprintf(what, sizeof what, "%s class", is_ref ? "reference" : "value");
    if (!bind_type_unclaimed(b, name, what, file, line)) return cursor(b, NULL);
    bind_engine_begin(b);
    int r = as_register_object_type(b->e, name, size, flags);
    r = bind_engine_end(b, r, file, line, what, name);
    if (r < 0) return cursor(b, NULL);
    as_type *t = as_engine_type_by_id(b->e, r);
    bind_type *bt = t ? bind_type_new(b, c_name, t, csize, align, is_ref) : NULL;
    if (!bt) {
        bind_error_at(b, file, line, "%s: out of memory", name);
        return cursor(b, NULL);
    }
    bind_type_claim(b, bt, file, line);
    bind_set_prev_type(b, t);
    return cursor(b, bt);
}

as_bind_class *as_bind_value_class_at(as_bind *b, const char *c_name, const char *name, size_t size, size_t align,
                                      uint32_t flags, const char *file, int line)
{
    uint32_t f = flags | AS_OBJ_VALUE;
    if (!(f & (AS_OBJ_APP_PRIMITIVE | AS_OBJ_APP_FLOAT | AS_OBJ_APP_ARRAY))) f |= AS_OBJ_APP_CLASS;
    if (align >= 8 && (f & AS_OBJ_APP_CLASS)) f |= AS_OBJ_APP_CLASS_ALIGN8;
    return declare(b, c_name, name, (int)size, size, align, f, false, file, line);
}

as_bind_class *as_bind_ref_class_at(as_bind *b, const char *c_name, const char *name, size_t size, size_t align,
                                    uint32_t flags, const char *file, int line)
{
    return declare(b, c_name, name, 0, size, align, flags | AS_OBJ_REF, true, file, line);
}

/* A type by name as the bind sees it: in its namespace first, then as written. */
static bind_type *lookup(as_bind *b, const char *name)
{
    if (b->ns[0] && !strstr(name, "::")) {
        char q[400];
        bind_qualify(b, name, q, sizeof q);
        bind_type *t = bind_type_by_script(b->st, q);
        if (t) return t;
    }
    return bind_type_by_script(b->st, name);
}

static void note_missing(as_bind *b, const char *name, const char *file, int line)
{
    if (b->run_index < 0) return;
    bind_failure f = {b->run_index, mem_strdup(name), file, line};
    if (f.decl && !BIND_PUSH(b->st->failures, b->st->nfailures, b->st->capfailures, f)) mem_free(f.decl);
}

as_bind_class *as_bind_class_find_at(as_bind *b, const char *name, const char *file, int line)
{
    if (!b) return NULL;
    bind_type *t = name ? lookup(b, name) : NULL;
    if (!t || t->pub.is_enum) {
        bind_error_at(b, file, line,
                      "no class '%s' (declare it in an AS_BIND_TYPES bind that runs before this one; one a static library "
                      "declares needs AS_BIND_USE of its unit)", name ? name : "");
        note_missing(b, name ? name : "", file, line);
        return cursor(b, NULL);
    }
    bind_set_prev_type(b, t->pub.type);
    return cursor(b, t);
}

const as_bind_type *as_bind_class_type(const as_bind_class *c)
{
    return c && c->t ? &c->t->pub : NULL;
}

/* ---- interfaces ---- */

as_bind_class *as_bind_interface_at(as_bind *b, const char *name, const char *file, int line)
{
    if (!b) return NULL;
    if (!name || !*name) {
        bind_error_at(b, file, line, "an interface without a name");
        return cursor(b, NULL);
    }
    if (!bind_type_unclaimed(b, name, "interface", file, line)) return cursor(b, NULL);
    bind_engine_begin(b);
    int r = as_register_interface(b->e, name);
    r = bind_engine_end(b, r, file, line, "interface", name);
    if (r < 0) return cursor(b, NULL);
    as_type *t = as_engine_type_by_id(b->e, r);
    bind_type *bt = t ? bind_type_new(b, NULL, t, 0, 0, true) : NULL;
    if (!bt) {
        bind_error_at(b, file, line, "%s: out of memory", name);
        return cursor(b, NULL);
    }
    bt->is_interface = true;
    bind_type_claim(b, bt, file, line);
    bind_set_prev_type(b, t);
    return cursor(b, bt);
}

void as_bind_interface_method_at(as_bind_class *c, const char *decl, const char *file, int line)
{
    if (!c || !c->t) return;
    as_bind *b = c->b;
    if (!c->t->is_interface) {
        bind_error_at(b, file, line, "%s: '%s': methods without a C function belong to interfaces (AS_INTERFACE)",
                      c->t->pub.name, decl ? decl : "");
        return;
    }
    bind_engine_begin(b);
    int r = as_register_interface_method(b->e, c->t->reg_name, decl ? decl : "");
    r = bind_engine_end(b, r, file, line, c->t->pub.name, decl);
    if (r >= 0) bind_set_prev_function(b, r);
}

/* ---- templates ---- */

static void template_callback(as_generic *g)
{
    bind_type *bt = as_generic_auxiliary(g);
    as_type *inst = as_generic_arg_address(g, 0);
    as_engine *e = as_type_engine(inst);
    if (bt->check) {
        const char *why = bt->check(inst, bt->tmpl_user);
        if (why) {
            as_engine_set_template_error(e, why);
            as_generic_set_return_byte(g, 0);
            return;
        }
    }
    if (bt->size_fn) {
        int size = bt->size_fn(inst, bt->tmpl_user);
        if (size <= 0 || as_type_set_size(inst, size) < 0) {
            as_engine_set_template_error(e, "the template's size function refused this subtype");
            as_generic_set_return_byte(g, 0);
            return;
        }
    }
    as_generic_set_return_byte(g, 1);
}

as_bind_class *as_bind_template_class_at(as_bind *b, const char *decl, uint32_t flags, as_bind_template_check check,
                                         as_bind_template_size size, void *user, const char *file, int line)
{
    if (!b) return NULL;
    bool is_ref = (flags & AS_OBJ_REF) != 0;
    if (!decl || !strchr(decl, '<') || is_ref == ((flags & AS_OBJ_VALUE) != 0)) {
        bind_error_at(b, file, line, "template '%s': a declaration such as \"optional<class T>\" and one of AS_OBJ_VALUE, AS_OBJ_REF",
                      decl ? decl : "");
        return cursor(b, NULL);
    }
    /* a value template needs a size to start with; its instances may change it */
    as_bind_class *c = declare(b, NULL, decl, is_ref ? 0 : 8, 0, 0, flags | AS_OBJ_TEMPLATE, is_ref, file, line);
    if (!c || !c->t) return c;
    bind_type *bt = c->t;
    /* members are registered on "optional<T>": the declaration without `class` */
    char reg[300];
    size_t n = 0;
    for (const char *p = decl; *p && n + 1 < sizeof reg; p++) {
        if (strncmp(p, "class ", 6) == 0 && (p == decl || p[-1] == '<' || p[-1] == ',' || p[-1] == ' ')) {
            p += 5;
            continue;
        }
        reg[n++] = *p;
    }
    reg[n] = 0;
    bt->reg_name = bind_keep(b->st, reg);
    bt->check = check;
    bt->size_fn = size;
    bt->tmpl_user = user;
    if (check || size) {
        bind_engine_begin(b);
        int r = as_register_object_behaviour(b->e, bt->reg_name, AS_BEHAVE_TEMPLATE_CALLBACK, "bool f(int&in, bool&out)",
                                             AS_FN(template_callback), AS_CALL_GENERIC, bt);
        bind_engine_end(b, r, file, line, decl, "template callback");
    }
    bind_set_prev_type(b, bt->pub.type);
    return c;
}

/* ---- base classes ---- */

void as_bind_base_at(as_bind_class *c, const char *base, size_t member_size, int first_member,
                     bool (*is_instance)(const void *obj), const char *file, int line)
{
    (void)first_member;
    if (!c || !c->t) return;
    as_bind *b = c->b;
    bind_type *bt = base ? lookup(b, base) : NULL;
    if (!bt) {
        bind_error_at(b, file, line, "%s: no base class '%s' (declare it before the bind that names it)", c->t->pub.name,
                      base ? base : "");
        note_missing(b, base ? base : "", file, line);
        return;
    }
    if (bt == c->t || bt->pub.is_ref != c->t->pub.is_ref) {
        bind_error_at(b, file, line, "%s: '%s' can't be its base class (both must be reference classes, or both value classes)",
                      c->t->pub.name, bt->pub.name);
        return;
    }
    if (bt->pub.size && bt->pub.size != member_size) {
        bind_error_at(b, file, line, "%s: its first member is %u bytes, but base class '%s' is the C type %s of %u bytes",
                      c->t->pub.name, (unsigned)member_size, bt->pub.name, bt->pub.c_name ? bt->pub.c_name : "?",
                      (unsigned)bt->pub.size);
        return;
    }
    for (const as_bind_type *x = &bt->pub; x; x = x->base)
        if (x == &c->t->pub) {
            bind_error_at(b, file, line, "%s: '%s' derives from it already", c->t->pub.name, bt->pub.name);
            return;
        }
    c->t->pub.base = &bt->pub;
    c->t->is_instance = is_instance;
}

/* ---- what derived classes get ---- */

static bool has_property(as_type *t, const char *name)
{
    for (int i = 0; i < as_type_property_count(t); i++) {
        const char *n = NULL;
        as_type_property(t, i, &n, NULL, NULL);
        if (n && strcmp(n, name) == 0) return true;
    }
    return false;
}

static bool has_behaviour(as_type *t, int beh)
{
    for (int i = 0; i < as_type_behaviour_count(t); i++) {
        as_behaviour k;
        if (as_type_behaviour_by_index(t, i, &k) && (int)k == beh) return true;
    }
    return false;
}

static void copy_member(as_bind *b, bind_type *t, const bind_member_log *m)
{
    as_type *ty = t->pub.type;
    int r = AS_ERROR - 1000;   /* not registered: the derived class has it */
    bind_engine_begin(b);
    switch (m->what) {
    case AS_BIND_M_PROPERTY:
        if (has_property(ty, m->name)) break;
        r = as_register_object_property(b->e, t->reg_name, m->decl, m->offset);
        break;
    case AS_BIND_M_BEHAVIOUR:
        if (m->beh == AS_BEHAVE_CONSTRUCT || m->beh == AS_BEHAVE_FACTORY || m->beh == AS_BEHAVE_LIST_FACTORY ||
            m->beh == AS_BEHAVE_LIST_CONSTRUCT || m->beh == AS_BEHAVE_TEMPLATE_CALLBACK || has_behaviour(ty, m->beh))
            break;
        r = as_register_object_behaviour(b->e, t->reg_name, (as_behaviour)m->beh, m->decl, m->fn, m->cc, m->aux);
        break;
    default:
        if (as_type_method_by_decl(ty, m->decl)) break;   /* overridden */
        r = as_register_object_method(b->e, t->reg_name, m->decl, m->fn, m->cc, m->aux);
        break;
    }
    char what[300];
    snprintf(what, sizeof what, "%s (from base class %s)", t->pub.name, t->pub.base->name);
    if (r == AS_ERROR - 1000) {
        b->quiet--;
        return;
    }
    r = bind_engine_end(b, r, NULL, 0, what, m->decl);
    if (r < 0) return;
    bind_member_log copy = *m;
    copy.decl = mem_strdup(m->decl);
    copy.name = mem_strdup(m->name);
    copy.func_id = m->what == AS_BIND_M_PROPERTY ? 0 : r;
    if (!copy.decl || !copy.name || !bind_type_log(t, &copy)) {
        mem_free(copy.decl);
        mem_free(copy.name);
    }
    if (m->what == AS_BIND_M_PROPERTY) {
        /* the property's documentation goes with it ("Base::x" -> "Derived::x") */
        char from[400], to[400];
        snprintf(from, sizeof from, "%s::%s", t->pub.base->name, m->name);
        snprintf(to, sizeof to, "%s::%s", t->pub.name, m->name);
        const char *doc = bind_map_get(&b->st->docs, from);
        if (doc && !bind_map_get(&b->st->docs, to)) bind_doc_put(b->st, to, doc);
    }
    if (m->func_id && copy.func_id) {
        const char *doc = as_bind_function_doc(as_engine_function_by_id(b->e, m->func_id));
        if (doc) as_function_set_user_data(as_engine_function_by_id(b->e, r), (void *)doc, BIND_DOC_KEY);
    }
}

static void upcast(as_generic *g)
{
    void *obj = as_generic_object(g);
    if (obj) as_engine_addref_object(as_generic_engine(g), obj, as_generic_object_type_id(g));
    as_generic_set_return_address(g, obj);
}

static void downcast(as_generic *g)
{
    bind_type *t = as_generic_auxiliary(g);
    void *obj = as_generic_object(g);
    if (obj && t->is_instance && t->is_instance(obj)) {
        as_engine_addref_object(as_generic_engine(g), obj, t->pub.type_id);
        as_generic_set_return_address(g, obj);
    } else {
        as_generic_set_return_address(g, NULL);
    }
}

/* One cast method on type `on`: form names the target type. */
static void cast_method(as_bind *b, const bind_type *on, const char *form, const char *target, as_fnptr fn, void *aux)
{
    char decl[600];
    snprintf(decl, sizeof decl, form, target);
    bind_engine_begin(b);
    int r = as_register_object_method(b->e, on->reg_name, decl, fn, AS_CALL_GENERIC, aux);
    bind_engine_end(b, r, NULL, 0, on->pub.name, decl);
}

static void register_casts(as_bind *b, bind_type *t)
{
    if (t->casts_done || !t->pub.is_ref) return;
    t->casts_done = true;
    for (const as_bind_type *a = t->pub.base; a; a = a->base) {
        const bind_type *base = (const bind_type *)a;
        cast_method(b, t, "%s@ opImplCast()", base->pub.name, AS_FN(upcast), NULL);
        cast_method(b, t, "const %s@ opImplCast() const", base->pub.name, AS_FN(upcast), NULL);
        if (!t->is_instance) continue;
        cast_method(b, base, "%s@ opCast()", t->pub.name, AS_FN(downcast), t);
        cast_method(b, base, "const %s@ opCast() const", t->pub.name, AS_FN(downcast), t);
    }
}

void bind_finish_inheritance(as_bind *b)
{
    bind_state *st = b->st;
    int maxdepth = 0;
    for (int i = 0; i < st->ntypes; i++) {
        int d = 0;
        for (const as_bind_type *x = st->types[i]->pub.base; x && d < 64; x = x->base) d++;
        st->types[i]->depth = d;
        if (d > maxdepth) maxdepth = d;
    }
    /* bases first, so what a class got from its base passes on to its own derived classes */
    for (int d = 1; d <= maxdepth; d++)
        for (int i = 0; i < st->ntypes; i++) {
            bind_type *t = st->types[i];
            if (t->depth != d) continue;
            bind_type *base = (bind_type *)t->pub.base;
            int end = base->nlog;
            for (int k = t->copied; k < end; k++) copy_member(b, t, &base->log[k]);
            t->copied = end;
            register_casts(b, t);
        }
    bind_calls_ready(b);
}
