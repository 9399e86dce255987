/* Property accessors declared as functions (`int get_x() property`, `void set_x(int) property`),
 * globally or in a class: their signature, the type they agree on with the property's other
 * accessor, and the name the property takes. */
#include "compiler.h"
#include "ev.h"
#include <stdio.h>
#include <string.h>

bool accessor_is_get(const as_function *f) { return !strncmp(f->name, "get_", 4); }

const char *accessor_property_name(as_compiler *c, const as_function *f)
{
    return engine_intern(c->engine, f->name + 4, strlen(f->name + 4));
}

const char *accessor_counterpart_name(as_compiler *c, const as_function *f)
{
    char name[300];
    snprintf(name, sizeof name, "%s_%s", accessor_is_get(f) ? "set" : "get", f->name + 4);
    return engine_intern(c->engine, name, strlen(name));
}

bool accessor_check_signature(as_compiler *c, as_function *f, const ast_node *at)
{
    bool get = accessor_is_get(f), set = !strncmp(f->name, "set_", 4);
    int np = f->params.count;
    bool ok = (get && !dt_is_void(&f->ret) && np <= 1) || (set && dt_is_void(&f->ret) && (np == 1 || np == 2));
    if (!ok) {
        c_error(c, at, "Invalid signature for virtual property");
        f->attrs &= ~(uint32_t)FA_PROPERTY;   /* not taken for an accessor afterwards */
    }
    return ok;
}

/* The type of the value accessor f gets or sets (a setter's last parameter; an index comes first). */
static const as_dtype *value_type(const as_function *f)
{
    return accessor_is_get(f) ? &f->ret : &f->params.data[f->params.count - 1].type;
}

void accessor_check_types(as_compiler *c, const as_function *f, const as_function *other, const ast_node *at)
{
    const as_dtype *a = value_type(f), *b = value_type(other);
    /* references and a value's constness don't count; a handle's object constness does */
    bool same = a->type == b->type &&
                (!(dt_is_handle(a) && dt_is_handle(b)) || ((a->flags ^ b->flags) & DT_CONST) == 0);
    if (!same) c_error(c, at, "The property '%s' has mismatching types for the get and set accessors", f->name + 4);
}
