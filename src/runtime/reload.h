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
void reload_message(as_engine *e, const char *section, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* The report says refused, and why. */
void reload_refuse(as_reload_report *r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Same declarations: s's bodies compiled into m's functions (reload_soft.c). AS_SUCCESS, else m
 * as it was. */
int reload_soft(as_module *m, as_module *s, decls *od, decls *nd, as_reload_report *r);
/* Other declarations: m takes s's contents, s m's (reload_full.c). AS_SUCCESS, else m as it was. */
int reload_full(as_module *m, as_module *s, decls *od, decls *nd, uint32_t flags, as_reload_report *r);
/* The copies of functions frames ran old code in: those no frame uses any more (all: every one). */
void reload_free_retired(as_module *m, bool all);

#endif
