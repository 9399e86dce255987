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
