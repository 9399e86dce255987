/* The cycle collector (gc.c). */
#ifndef AS_GC_H
#define AS_GC_H
#include "engine.h"

typedef struct as_object as_object;

void gc_init(as_engine *e);
void gc_shutdown(as_engine *e);
/* A script object of a class that can be part of a cycle. */
void gc_track_script(as_engine *e, as_object *o);
void gc_untrack_script(as_engine *e, as_object *o);
/* The collector already ran this object's destructors. */
bool gc_was_destructed(const as_object *o);
/* Its destructors have run (it was resurrected by one): they do not run again. */
void gc_set_destructed(as_object *o);
/* A full collection; returns the number of objects destroyed. */
int gc_collect(as_engine *e);

#endif
