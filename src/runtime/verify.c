/* Verifying the registered interface before the first build: a registered type that lacks the
 * behaviours its flags promise would crash or leak once a script used it, so the build fails
 * instead, with the reference's messages (asINVALID_CONFIGURATION). */
#include "engine.h"

/* The types as_register_object_type made: not script classes, interfaces, template subtypes
 * or template instances (which take their behaviours from the template). */
static bool is_registered_object_type(const as_type *t)
{
    return t && t->kind == TYPE_OBJECT && !(t->flags & (AS_OBJ_SCRIPT_OBJECT | AS_OBJ_INTERFACE)) &&
           !t->template_base && (t->flags & (AS_OBJ_REF | AS_OBJ_VALUE));
}

/* The reference also wants SETGCFLAG and GETGCFLAG; angelc's collector (gc.c) never calls
 * them, and the array add-on does not register them, so only what it uses is required. */
static bool has_gc_behaviours(const as_behaviours *b)
{
    return b->getrefcount && b->enumrefs && b->releaserefs;
}

/* What type t lacks, in the reference's words; NULL when it is complete. */
static const char *missing_behaviours(const as_type *t)
{
    const as_behaviours *b = &t->beh;
    uint32_t fl = t->flags;
    if (fl & AS_OBJ_REF) {
        /* NOCOUNT and NOHANDLE objects are never counted by the engine */
        if (fl & (AS_OBJ_NOCOUNT | AS_OBJ_NOHANDLE)) return NULL;
        if (fl & AS_OBJ_SCOPED) return b->release ? NULL : "A scoped reference type must have the release behaviour";
        if (!b->addref || !b->release) return "A reference type must have the addref and release behaviours";
        if ((fl & AS_OBJ_GC) && !has_gc_behaviours(b))
            return "A garbage collected ref type must have the addref, release, and all gc behaviours";
        return NULL;
    }
    if (!(fl & AS_OBJ_POD) && (!b->factories.count || !b->destruct))
        return "A non-pod value type must have at least one constructor and the destructor behaviours";
    /* the collector reaches through a value's references with ENUMREFS */
    if ((fl & AS_OBJ_GC) && !b->enumrefs) return "A garbage collected value type must have the gc enum references behaviour";
    return NULL;
}

/* Checks the types registered since the last call. Once something was missing the engine's
 * configuration stays invalid, as in the reference: each later build fails too. */
int engine_verify_config(as_engine *e)
{
    if (e->config_checked > e->types.count) e->config_checked = e->types.count;   /* a failed load took types back */
    for (; e->config_checked < e->types.count; e->config_checked++) {
        const as_type *t = e->types.data[e->config_checked];
        if (!is_registered_object_type(t)) continue;
        const char *why = missing_behaviours(t);
        if (!why) continue;
        engine_message(e, "", 0, 0, AS_MSG_ERROR, "Type '%s' is missing behaviours", t->name);
        engine_message(e, "", 0, 0, AS_MSG_INFORMATION, "%s", why);
        e->config_invalid = true;
    }
    if (!e->config_invalid) return AS_SUCCESS;
    engine_message(e, "", 0, 0, AS_MSG_ERROR, "Invalid configuration. Verify the registered application interface.");
    return AS_INVALID_CONFIGURATION;
}
