/* User data slots on engines, modules, contexts, functions and types, and the cleanup callbacks
 * the host registers per owner kind and key (called when the owner goes away). */
#include "engine.h"
#include "../vm/vm.h"
#include <stdlib.h>

typedef VEC(as_userdata) userdata_vec;

void *userdata_set(void *vec, void *data, uintptr_t key)
{
    userdata_vec *v = vec;
    for (int i = 0; i < v->count; i++) {
        if (v->data[i].key == key) {
            void *old = v->data[i].data;
            v->data[i].data = data;
            return old;
        }
    }
    as_userdata u = {key, data};
    VEC_PUSH(*v, u);
    return NULL;
}

void *userdata_get(const void *vec, uintptr_t key)
{
    const userdata_vec *v = vec;
    for (int i = 0; i < v->count; i++)
        if (v->data[i].key == key) return v->data[i].data;
    return NULL;
}

void userdata_cleanup(as_engine *e, as_userdata_owner kind, void *owner, void *vec)
{
    userdata_vec *v = vec;
    for (int i = 0; i < e->cleanups.count; i++) {
        as_cleanup_entry *c = &e->cleanups.data[i];
        if (c->kind != kind) continue;
        for (int j = 0; j < v->count; j++)
            if (v->data[j].key == c->key && v->data[j].data) c->fn(owner, v->data[j].data, c->key);
    }
    VEC_FREE(*v);
}

int as_engine_set_user_data_cleanup(as_engine *e, as_userdata_owner kind, uintptr_t key, as_cleanup_fn fn)
{
    if (!e || (unsigned)kind > AS_UD_OBJECT) return AS_INVALID_ARG;
    for (int i = 0; i < e->cleanups.count; i++) {
        as_cleanup_entry *c = &e->cleanups.data[i];
        if (c->kind == kind && c->key == key) {
            c->fn = fn;
            return AS_SUCCESS;
        }
    }
    if (!fn) return AS_SUCCESS;
    as_cleanup_entry c = {kind, key, fn};
    VEC_PUSH(e->cleanups, c);
    return AS_SUCCESS;
}

void *as_engine_set_user_data(as_engine *e, void *data, uintptr_t key) { return e ? userdata_set(&e->user_data, data, key) : NULL; }
void *as_engine_get_user_data(as_engine *e, uintptr_t key) { return e ? userdata_get(&e->user_data, key) : NULL; }
void *as_module_set_user_data(as_module *m, void *data, uintptr_t key) { return m ? userdata_set(&m->user_data, data, key) : NULL; }
void *as_module_get_user_data(const as_module *m, uintptr_t key) { return m ? userdata_get(&m->user_data, key) : NULL; }
void *as_function_set_user_data(as_function *f, void *data, uintptr_t key) { return f ? userdata_set(&f->user_data, data, key) : NULL; }
void *as_function_get_user_data(const as_function *f, uintptr_t key) { return f ? userdata_get(&f->user_data, key) : NULL; }
void *as_context_set_user_data(as_context *c, void *data, uintptr_t key) { return c ? userdata_set(&c->user_data, data, key) : NULL; }
void *as_context_get_user_data(const as_context *c, uintptr_t key) { return c ? userdata_get(&c->user_data, key) : NULL; }
void *as_type_set_user_data(as_type *t, void *data, uintptr_t key) { return t ? userdata_set(&t->user_data, data, key) : NULL; }
void *as_type_get_user_data(const as_type *t, uintptr_t key) { return t ? userdata_get(&t->user_data, key) : NULL; }
