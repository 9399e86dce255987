/* The variable a name stands for in a frame of a stopped context, as the script's own code at
 * that line would see it: what debuggers look up (the debugger add-on's `p`, the debug adapter's
 * paths, conditions and hovers). Built on the public debugging functions. */
#include "angelc.h"
#include <string.h>

/* A local alive at the frame's position: the innermost declaration (the highest index). */
static bool find_local(as_context *ctx, unsigned level, const char *name, void **addr, int *type_id)
{
    for (int i = as_context_var_count(ctx, level); i-- > 0;) {
        const char *vn;
        int tid;
        if (as_context_var(ctx, level, i, &vn, &tid) < 0 || !vn || strcmp(vn, name) != 0) continue;
        if (!as_context_is_var_in_scope(ctx, level, i)) continue;
        *addr = as_context_address_of_var(ctx, level, i);
        *type_id = tid;
        return true;
    }
    return false;
}

/* `this`, or a member of it (inherited ones included). */
static bool find_member(as_context *ctx, unsigned level, const char *name, void **addr, int *type_id)
{
    void *self = as_context_this_pointer(ctx, level);
    if (!self) return false;
    if (!strcmp(name, "this")) {
        *addr = self;
        *type_id = as_context_this_type_id(ctx, level);
        return true;
    }
    for (int i = as_object_property_count(self); i-- > 0;) {
        const char *pn = as_object_property_name(self, i);
        if (!pn || strcmp(pn, name) != 0) continue;
        *addr = as_object_property_address(self, i);
        *type_id = as_object_property_type_id(self, i);
        return true;
    }
    return false;
}

static bool same_ns(const char *a, const char *b) { return !strcmp(a ? a : "", b ? b : ""); }

/* A global of the module or a property the host registered, in namespace ns exactly. */
static bool find_global(as_context *ctx, as_module *m, const char *ns, const char *name, void **addr, int *type_id)
{
    for (int i = 0, n = m ? as_module_global_count(m) : 0; i < n; i++) {
        const char *gn, *gns;
        int tid;
        if (as_module_global(m, i, &gn, &gns, &tid, NULL) < 0 || !gn || strcmp(gn, name) != 0 || !same_ns(gns, ns)) continue;
        *addr = as_module_global_address(m, i);
        *type_id = tid;
        return true;
    }
    as_engine *e = as_context_engine(ctx);
    for (int i = 0, n = as_engine_global_property_count(e); i < n; i++) {
        const char *gn, *gns;
        int tid;
        void *a;
        if (as_engine_global_property(e, i, &gn, &gns, &tid, NULL, &a) < 0 || !gn || strcmp(gn, name) != 0 || !same_ns(gns, ns))
            continue;
        *addr = a;
        *type_id = tid;
        return true;
    }
    return false;
}

int as_context_find_variable(as_context *ctx, unsigned level, const char *name, void **addr, int *type_id)
{
    void *a_ignored;
    int t_ignored;
    if (!addr) addr = &a_ignored;
    if (!type_id) type_id = &t_ignored;
    *addr = NULL;
    *type_id = 0;
    if (!ctx || !name || !name[0] || level >= as_context_callstack_size(ctx)) return AS_INVALID_ARG;
    as_function *fn = as_context_function(ctx, level);
    if (!fn) return AS_INVALID_ARG;
    as_module *m = as_function_module(fn);
    const char *sep = NULL;
    for (const char *p = strstr(name, "::"); p; p = strstr(p + 2, "::")) sep = p;
    if (sep) {
        /* qualified: "ns::x", "a::b::x", "::ns::x", "::x" (the global namespace) */
        const char *from = strncmp(name, "::", 2) == 0 && sep != name ? name + 2 : name;   /* ::ns::x is ns::x */
        size_t nslen = (size_t)(sep - from);
        char ns[256];
        if (sep < from || nslen >= sizeof ns || !sep[2]) return AS_INVALID_ARG;
        memcpy(ns, from, nslen);
        ns[nslen] = 0;
        return find_global(ctx, m, ns, sep + 2, addr, type_id) ? AS_SUCCESS : AS_NO_GLOBAL_VAR;
    }
    if (find_local(ctx, level, name, addr, type_id) || find_member(ctx, level, name, addr, type_id)) return AS_SUCCESS;
    /* globals: the function's namespace, then each enclosing one out to the global namespace */
    char ns[256];
    const char *fns = as_function_namespace(fn);
    if (!fns || strlen(fns) >= sizeof ns) fns = "";
    strcpy(ns, fns);
    for (;;) {
        if (find_global(ctx, m, ns, name, addr, type_id)) return AS_SUCCESS;
        if (!ns[0]) break;
        char *last = NULL;
        for (char *p = strstr(ns, "::"); p; p = strstr(p + 2, "::")) last = p;
        if (last) *last = 0;
        else ns[0] = 0;
    }
    return AS_NO_GLOBAL_VAR;
}
