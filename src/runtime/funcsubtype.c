/* Registered template functions (2.38): `T Identity<T>(const T &in)` registered with the generic
 * calling convention, called as `Identity<int>(3)`. The template itself is never called: each
 * call site names its subtypes and the compiler makes (or finds) the instance for them
 * (compiler/tmplcall.c), a registered function of its own with the subtypes substituted, which
 * every module shares and the host's function learns its subtypes from. Here: the subtype types
 * (`T` is one type wherever a template function names it, as in the reference), the link between
 * a template and its instances, and the host's view (asIScriptFunction::GetSubType*). */
#include "engine.h"

as_type *tmplfn_subtype(as_engine *e, const char *iname, bool create)
{
    for (int i = 0; i < e->tmplfn_subtypes.count; i++)
        if (e->tmplfn_subtypes.data[i]->name == iname) return e->tmplfn_subtypes.data[i];
    if (!create) return NULL;
    as_type *t = engine_new_type(e, TYPE_TEMPLATE_SUBTYPE, iname, e->global_ns);
    if (!t) return NULL;
    t->flags = AS_OBJ_TEMPLATE_SUBTYPE;
    t->size = 8;
    VEC_PUSH(e->tmplfn_subtypes, t);
    return t;
}

/* A template's instances outlive it only while the engine goes (its functions are freed in id
 * order); an instance freed first (its module's types went, a load was refused) leaves the chain. */
void tmplfn_forget(as_function *f)
{
    if (f->tf_template) {
        for (as_function **p = &f->tf_template->tf_instances; *p; p = &(*p)->tf_next)
            if (*p == f) {
                *p = f->tf_next;
                break;
            }
        f->tf_template = NULL;
    }
    for (as_function *i = f->tf_instances, *next; i; i = next) {
        next = i->tf_next;
        i->tf_template = NULL;
        i->tf_next = NULL;
    }
    f->tf_instances = NULL;
}

/* ---- the host's view ---- */

/* templates and their instances (an instance has at least one subtype) */
static bool has_subtypes(const as_function *f) { return f && ((f->attrs & FA_TEMPLATE_FN) || f->tf_subtypes.count); }

int as_function_subtype_count(const as_function *f) { return has_subtypes(f) ? f->tf_subtypes.count : 0; }

int as_function_subtype_id(const as_function *f, int i)
{
    if (!has_subtypes(f)) return AS_ERROR;
    if (i < 0 || i >= f->tf_subtypes.count) return AS_INVALID_ARG;
    return dtype_type_id(&f->tf_subtypes.data[i]);
}

as_type *as_function_subtype(const as_function *f, int i)
{
    if (!has_subtypes(f) || i < 0 || i >= f->tf_subtypes.count) return NULL;
    as_type *t = f->tf_subtypes.data[i].type;
    return t->kind == TYPE_PRIMITIVE ? NULL : t;
}
