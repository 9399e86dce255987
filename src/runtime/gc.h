/* The cycle collector (gc.c). */
#ifndef AS_GC_H
#define AS_GC_H
#include "engine.h"

typedef struct as_object as_object;

void gc_init(as_engine *e);
void gc_shutdown(as_engine *e);
/* A script object of a class that can be part of a cycle. */
void gc_track_script(as_engine *e, as_object *o);
/* Untracks either kind (gc_track_script or gc_track_plain). */
void gc_untrack_script(as_engine *e, as_object *o);
/* A script object of a class that cannot be part of a cycle: listed, never collected; false if
 * out of memory. Every live script object is in e->gc.script or e->gc.plain. */
bool gc_track_plain(as_engine *e, as_object *o);
/* gc_untrack_script out of line (for rare callers). */
void gc_untrack_any(as_engine *e, as_object *o);
/* o moves to the list its class now needs (cyclic: the collector's); room reserved before. */
void gc_retrack(as_engine *e, as_object *o, bool cyclic);
/* The collection in progress, if any, finished (nothing may change types while one runs). */
void gc_finish_pass(as_engine *e);
/* The collector already ran this object's destructors. */
bool gc_was_destructed(const as_object *o);
/* Its destructors have run (it was resurrected by one): they do not run again. */
void gc_set_destructed(as_object *o);
/* A full collection; returns the number of objects destroyed. */
int gc_collect(as_engine *e);

#endif
