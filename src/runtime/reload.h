/* Hot reload's parts (issue 28): the declarations of a module as comparable keys
 * (reload_decls.c), the soft reload (reload_soft.c), the full one (reload_full.c) and the entry
 * points (reload.c). */
#ifndef AS_RELOAD_H
#define AS_RELOAD_H
#include "engine.h"

/* One declaration: its text (type, name, signature, layout) and the entity. */
typedef struct keyed {
    char *key;
    void *ptr;
} keyed;
typedef VEC(keyed) keyed_list;

/* A module's declarations, each list sorted by key. */
typedef struct decls {
    keyed_list funcs, types, globals, global_names;
} decls;

void reload_decls_collect(decls *d, as_module *m);
/* Frees both[0] and both[1] (a mem_cleanup function). */
void reload_decls_free_both(void *both);
keyed *reload_key_find(const keyed_list *l, const char *key);
/* How many keys of a b lacks. */
int reload_missing_in(const keyed_list *a, const keyed_list *b);
/* Types new, gone or different: one per name. */
int reload_types_changed(const keyed_list *old_types, const keyed_list *new_types);
/* "NAMESPACE::NAME" of a global. */
void reload_global_name(const as_global *g, char *buf, size_t n);
/* The functions a declaration comparison sees: not lambdas, not global initialisers. */
bool reload_declared_function(const as_module *m, const as_function *f);
/* printf to the end of buf (n bytes in all), bounded. */
void reload_cat(char *buf, size_t n, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* An AS_MSG_INFORMATION line through the message callback. */
#define reload_message(e, section, ...) engine_message((e), (section), 0, 0, AS_MSG_INFORMATION, __VA_ARGS__)
/* The report says refused, and why. */
void reload_refuse(as_reload_report *r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* A warning line through the message callback (a value a reload lost). */
#define reload_warning(e, section, ...) engine_message((e), (section), 0, 0, AS_MSG_WARNING, __VA_ARGS__)

/* ---- full reload: what goes from the old contents (oldm) to the new (newm) ---- */
typedef struct as_object as_object;
typedef struct reload_class {
    as_type *old_t, *new_t;      /* new_t NULL: the class is gone */
    int live;                    /* its live objects */
    bool reported;
} reload_class;
typedef struct migration {
    as_engine *e;
    as_module *oldm, *newm;
    decls *od, *nd;
    as_reload_report *r;
    VEC(reload_class) classes;   /* the old module's script classes with live objects */
    VEC(as_object *) objects;    /* the live objects of those, one reference held each */
    VEC(reload_class) mapped;    /* old types (classes, enums, template instances) and their new ones */
    bool migrated;               /* objects done: one still of an old class was not migrated */
    int failed;                  /* objects that could not be (out of memory): left in their old class */
} migration;

/* Whether t is, or is made of (subtypes, a funcdef's signature), a type of module m. */
bool reload_type_of_module(const as_type *t, const as_module *m, int depth);
/* Whether converting a number of type `from` to `to` may change it. */
bool reload_conversion_lossy(const as_dtype *from, const as_dtype *to);
/* Handles, funcdefs and reference objects: a pointer in the slot. */
bool reload_in_pointer_slot(const as_dtype *t);
/* Carries the value at op (type ot, of the old module) to np (type nt, the new module's). move:
 * the old slot may give its reference up. 1 kept, 2 converted, 0 left as it was. */
int reload_carry(migration *mg, const as_dtype *ot, void *op, const as_dtype *nt, void *np, bool move);
/* The new class of the same name as old class t (NULL: gone); t itself for a shared class. */
as_type *reload_new_class(migration *mg, const as_type *t);
/* The class live object obj has once migrated (NULL: it will not be). */
as_type *reload_final_type(migration *mg, void *obj);
/* Collects the live objects of m's classes and checks each can be migrated; refuses (the report
 * says why, AS_MODULE_IS_IN_USE) unless allowed (AS_RELOAD_ORPHAN_OBJECTS). */
int reload_objects_check(migration *mg, uint32_t flags);
/* Every live object of the old classes moved in place to its new class. */
void reload_objects_migrate(migration *mg);
/* Lets go of the objects (their references) and the lists. */
void reload_objects_end(migration *mg);
/* Container obj (of type from, made of the old module's types) re-typed to `to`; false if it
 * cannot be. */
bool reload_container_retype(migration *mg, void *obj, as_type *from, as_type *to);
/* Every container tracked by the collector re-typed to the new module's types. */
void reload_containers_retype_all(migration *mg);
/* The function a handle to f names after the reload (f when f is not the old module's, NULL
 * when no function of the same declaration is in the new code). */
as_function *reload_function_rebound(migration *mg, as_function *f);
/* Whether f can be held by a handle of funcdef type fd. */
bool reload_function_fits(const as_function *f, const as_type *fd);
/* The old module's functions forward to the new ones of the same declaration (handles the host,
 * containers or suspended contexts hold); those gone raise an exception when called. */
void reload_functions_forward(migration *mg);

/* The reload callbacks told (reload_callbacks.c). */
void reload_tell(as_module *m, as_reload_phase phase, const as_reload_report *r);

/* Same declarations: s's bodies compiled into m's functions (reload_soft.c). AS_SUCCESS, else m
 * as it was. */
int reload_soft(as_module *m, as_module *s, decls *od, decls *nd, as_reload_report *r);
/* Other declarations: m takes s's contents, s m's (reload_full.c). AS_SUCCESS, else m as it was. */
int reload_full(as_module *m, as_module *s, decls *od, decls *nd, uint32_t flags, as_reload_report *r);
/* The copies of functions frames ran old code in: those no frame uses any more (all: every one). */
void reload_free_retired(as_module *m, bool all);

#endif
