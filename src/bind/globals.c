/* Declarations outside classes: global variables checked against their C variable, enums
 * mapped from C enum types, funcdefs. */
#include "bind_impl.h"
#include "util/mem.h"
#include <ctype.h>
#include <limits.h>
#include <string.h>

static bool lone_ident(const char *s)
{
    if (!*s || !(isalpha((unsigned char)*s) || *s == '_')) return false;
    for (; *s; s++)
        if (!(isalnum((unsigned char)*s) || *s == '_')) return false;
    return true;
}

void as_bind_global_var_at(as_bind *b, const char *decl, const char *ctype, void *address, size_t size, int is_const,
                           const char *file, int line)
{
    if (!b || !decl || !address) return;
    char full[400], name[128], type[300];
    if (lone_ident(decl)) {
        if (ctype && strcmp(ctype, "enum") == 0) {
            bind_error_at(b, file, line, "global '%s' is a C enum: give its script enum with AS_GLOBAL_AS", decl);
            return;
        }
        if (!ctype) {
            bind_error_at(b, file, line, "global '%s' is not a scalar: give its script declaration with AS_GLOBAL_AS", decl);
            return;
        }
        snprintf(full, sizeof full, "%s%s %s", is_const ? "const " : "", ctype, decl);
    } else {
        snprintf(full, sizeof full, "%s", decl);
    }
    bind_decl_name(full, name, sizeof name);
    snprintf(type, sizeof type, "%.*s", (int)(strlen(full) - strlen(name)), full);
    int tid = as_engine_type_id_by_decl(b->e, type);
    if (tid < 0) {
        bind_error_at(b, file, line, "global '%s': no script type '%s'", full, type);
        return;
    }
    bool decl_const = strncmp(type, "const ", 6) == 0 || strstr(type, " const") != NULL;
    if (is_const && !decl_const) {
        bind_error_at(b, file, line, "global '%s': the C variable is const, so the script's must be too", full);
        return;
    }
    if (ctype) {
        as_type *et = as_engine_type_by_id(b->e, tid);
        bool is_enum = et && (as_type_flags(et) & AS_OBJ_ENUM) && size == 4;
        if (tid != as_engine_type_id_by_decl(b->e, ctype) && !is_enum) {
            bind_error_at(b, file, line, "global '%s': the C variable is '%s'", full, ctype);
            return;
        }
    } else if (tid & AS_TYPEID_OBJHANDLE) {
        if (size != sizeof(void *)) {
            bind_error_at(b, file, line, "global '%s': a handle is a pointer, the C variable is %u bytes", full, (unsigned)size);
            return;
        }
    } else {
        as_type *pt = as_engine_type_by_id(b->e, tid);
        int psize = pt ? ((as_type_flags(pt) & AS_OBJ_REF) ? -1 : as_type_size(pt)) : as_engine_primitive_size(b->e, tid);
        if (psize != (int)size) {
            bind_error_at(b, file, line, "global '%s': the script type is %d bytes, the C variable %u", full, psize, (unsigned)size);
            return;
        }
    }
    bind_engine_begin(b);
    int r = as_register_global_property(b->e, full, address);
    if (bind_engine_end(b, r, file, line, "global", full) < 0) return;
    char key[400];
    bind_qualify(b, name, key, sizeof key);
    bind_set_prev_key(b, key);
}

/* ---- enums ---- */

as_bind_enum *as_bind_enum_at(as_bind *b, const char *c_name, const char *name, size_t size, const char *file, int line)
{
    if (!b) return NULL;
    as_bind_enum *en = bind_cursor_new(b, sizeof *en);
    if (!en) return NULL;
    en->b = b;
    if (size != 4) {
        bind_error_at(b, file, line, "enum '%s': the C type '%s' is %u bytes, script enums 4", name ? name : "", c_name,
                      (unsigned)size);
        return en;
    }
    if (!bind_type_unclaimed(b, name, "enum", file, line)) return en;
    bind_engine_begin(b);
    int r = as_register_enum(b->e, name);
    if (bind_engine_end(b, r, file, line, "enum", name) < 0) return en;
    as_type *t = as_engine_type_by_id(b->e, r);
    en->t = t ? bind_type_new(b, c_name, t, size, size, false) : NULL;
    if (en->t) en->t->pub.is_enum = true;
    bind_type_claim(b, en->t, file, line);
    bind_set_prev_type(b, t);
    return en;
}

void as_bind_enum_value_at(as_bind_enum *en, const char *name, long long value, const char *file, int line)
{
    if (!en || !en->t) return;
    as_bind *b = en->b;
    if (value < INT_MIN || value > INT_MAX) {
        bind_error_at(b, file, line, "enum %s: value %s = %lld does not fit in an int", en->t->pub.name, name, value);
        return;
    }
    bind_engine_begin(b);
    int r = as_register_enum_value(b->e, en->t->pub.name, name, (int)value);
    char what[300];
    snprintf(what, sizeof what, "enum %s", en->t->pub.name);
    if (bind_engine_end(b, r, file, line, what, name) < 0) return;
    char key[400];
    snprintf(key, sizeof key, "%s::%s", en->t->pub.name, name);
    bind_set_prev_key(b, key);
}

void as_bind_funcdef_at(as_bind *b, const char *decl, const char *file, int line)
{
    if (!b) return;
    char head[300], name[128];
    snprintf(head, sizeof head, "%.*s", decl ? (int)strcspn(decl, "(") : 0, decl ? decl : "");
    if (!bind_type_unclaimed(b, bind_decl_name(head, name, sizeof name), "funcdef", file, line)) return;
    bind_engine_begin(b);
    int r = as_register_funcdef(b->e, decl);
    if (bind_engine_end(b, r, file, line, "funcdef", decl) < 0) return;
    as_type *t = as_engine_type_by_id(b->e, r);
    if (t) {
        bind_type_claim(b, bind_type_new(b, NULL, t, 0, 0, true), file, line);
        bind_set_prev_type(b, t);
    }
}
