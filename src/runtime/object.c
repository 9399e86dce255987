#include "object.h"
#include "../vm/vm.h"
#include <stdlib.h>

as_function *object_resolve_virtual(void *obj, as_function *f)
{
    as_object *o = obj;
    as_type *t = o->type;
    if (f->vtable_index >= 0 && f->objtype && f->kind != FN_INTERFACE) {
        if (f->vtable_index < t->vtable.count) return t->vtable.data[f->vtable_index];
        return f;
    }
    /* interface method: find the implementation by name and signature */
    for (as_type *c = t; c; c = c->base) {
        for (int i = 0; i < c->vtable.count; i++) {
            as_function *m = c->vtable.data[i];
            if (m->name != f->name || m->params.count != f->params.count) continue;
            bool same = true;
            for (int p = 0; p < m->params.count && same; p++) {
                const as_param *a = &m->params.data[p], *b = &f->params.data[p];
                same = a->type.type == b->type.type && a->type.flags == b->type.flags && a->inout == b->inout;
            }
            if (same && ((m->attrs ^ f->attrs) & FA_CONST) == 0) return m;
        }
    }
    return f;
}

void object_free(as_engine *e, as_object *obj)
{
    as_type *t = obj->type;
    for (int i = t->props.count; i-- > 0;) {
        as_property *p = &t->props.data[i];
        if (p->type.type->kind != TYPE_OBJECT && p->type.type->kind != TYPE_FUNCDEF) continue;
        void **slot = (void **)((char *)obj + p->offset);
        if ((p->type.flags & DT_HANDLE) || p->is_indirect || p->type.type->kind == TYPE_FUNCDEF) {
            void *ref = *slot;
            *slot = NULL;
            if (ref) vm_release_object(e, ref, p->type.type);
        } else {
            vm_destroy_value(e, (char *)obj + p->offset, p->type.type);
        }
    }
    free(obj);
}
