/* How types relate: base classes and interfaces (asITypeInfo::DerivesFrom, Implements,
 * GetInterface). */
#include "engine.h"

bool as_type_derives_from(const as_type *t, const as_type *base)
{
    if (!base) return false;
    for (const as_type *c = t; c; c = c->base)
        if (c == base) return true;
    return false;
}

/* t->interfaces holds the inherited ones too: an interface's bases, a base class's interfaces */
int as_type_interface_count(const as_type *t) { return t ? t->interfaces.count : 0; }

as_type *as_type_interface(const as_type *t, int i)
{
    if (!t || i < 0 || i >= t->interfaces.count) return NULL;
    return t->interfaces.data[i];
}

bool as_type_implements(const as_type *t, const as_type *intf)
{
    if (!t || !intf || !(intf->flags & AS_OBJ_INTERFACE)) return false;
    if (t == intf) return true;
    for (int i = 0; i < t->interfaces.count; i++)
        if (t->interfaces.data[i] == intf) return true;
    return false;
}

/* Template covariance (as_type_set_covariant): kept on the registered template, read through
 * each instance's template_base. Only reference templates, never the default array: a conversion of handles and
 * references keeps the same object, where a value would need a copy of another type. */
int as_type_set_covariant(as_type *t, bool on)
{
    if (!t || t->kind != TYPE_OBJECT || !(t->flags & AS_OBJ_TEMPLATE) || t->template_base || !(t->flags & AS_OBJ_REF) ||
        (t->flags & AS_OBJ_SCRIPT_OBJECT))
        return AS_INVALID_ARG;
    /* the default array stores what scripts give it: an array<Dog@> seen as array<Animal@> could
     * be given a Cat */
    if (on && t->engine && t == t->engine->default_array) return AS_INVALID_ARG;
    t->covariant = on;
    return AS_SUCCESS;
}

bool as_type_is_covariant(const as_type *t)
{
    if (!t) return false;
    return t->template_base ? t->template_base->covariant : t->covariant;
}
