/* libFuzzer target: registration declaration strings (issue 17). The input is lines, each an
 * operation letter and its text; every registration call gets the fuzzed text and must succeed
 * or fail with an error code and a message, never crash, hang or leak, whatever the text says:
 *   f / F   as_register_global_function (generic / cdecl)    g   as_register_global_property
 *   m / M   as_register_object_method on the ref type R (generic / cdecl, object first)
 *   v       as_register_object_method on the value type V    p   as_register_object_property on R
 *   bN      as_register_object_behaviour N (0-9: construct .. getrefcount) on R; BN on V
 *   d       as_register_funcdef            t   as_register_typedef ("name declaration")
 *   T / U / X   as_register_object_type: a ref type, a POD value type, a template ("name<class T>")
 *   i / I   as_register_interface / as_register_interface_method on "Intf"
 *   e / E   as_register_enum / as_register_enum_value ("enum name")
 *   n       as_engine_set_default_namespace    c   build a module from the text (never run)
 *   k       as_engine_type_id_by_decl / as_engine_type_by_decl / as_engine_function_by_decl
 * then the configuration is written out (as_write_config: every declaration printed again) and
 * the engine destroyed. Nothing registered is ever called, so a dummy function serves for all.
 * Seeds: declarations of the add-ons and the game example (make fuzz FUZZ_TARGET=decl). */
#include "angelc.h"
#include "angelc_addons.h"
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void quiet(const as_message *m, void *user)
{
    (void)m;
    (void)user;
}

static void dummy(void) {}

/* Storage for registered properties: zeroed, aligned, larger than any offset given. */
static _Alignas(16) unsigned char storage[4096];

/* "NAME REST": NAME (cut to fit) into name, and REST returned; NULL without a space. */
static const char *split_name(const char *text, char *name, size_t size)
{
    const char *sp = strchr(text, ' ');
    if (!sp) return NULL;
    size_t n = (size_t)(sp - text) < size - 1 ? (size_t)(sp - text) : size - 1;
    memcpy(name, text, n);
    name[n] = 0;
    return sp + 1;
}

static void run_line(as_engine *e, char op, char arg, const char *text, size_t len)
{
    static const as_behaviour behaviours[] = {
        AS_BEHAVE_CONSTRUCT, AS_BEHAVE_LIST_CONSTRUCT, AS_BEHAVE_DESTRUCT, AS_BEHAVE_FACTORY,
        AS_BEHAVE_LIST_FACTORY, AS_BEHAVE_ADDREF, AS_BEHAVE_RELEASE, AS_BEHAVE_GET_WEAKREF_FLAG,
        AS_BEHAVE_TEMPLATE_CALLBACK, AS_BEHAVE_GETREFCOUNT,
    };
    as_fnptr fn = AS_FN(dummy);
    switch (op) {
    case 'f': as_register_global_function(e, text, fn, AS_CALL_GENERIC, NULL); break;
    case 'F': as_register_global_function(e, text, fn, AS_CALL_CDECL, NULL); break;
    case 'g': as_register_global_property(e, text, storage); break;
    case 'm': as_register_object_method(e, "R", text, fn, AS_CALL_GENERIC, NULL); break;
    case 'M': as_register_object_method(e, "R", text, fn, AS_CALL_CDECL_OBJFIRST, NULL); break;
    case 'v': as_register_object_method(e, "V", text, fn, AS_CALL_GENERIC, NULL); break;
    case 'p': as_register_object_property(e, "R", text, (int)(len % 8) * 8); break;
    case 'b':
    case 'B':
        if (arg >= '0' && arg <= '9')
            as_register_object_behaviour(e, op == 'b' ? "R" : "V", behaviours[arg - '0'], text + 1, fn, AS_CALL_GENERIC, NULL);
        break;
    case 'd': as_register_funcdef(e, text); break;
    case 't': {
        char name[128];
        const char *rest = split_name(text, name, sizeof name);
        if (rest) as_register_typedef(e, name, rest);
        break;
    }
    case 'T': as_register_object_type(e, text, 0, AS_OBJ_REF | AS_OBJ_NOCOUNT); break;
    case 'U': as_register_object_type(e, text, 16, AS_OBJ_VALUE | AS_OBJ_POD); break;
    case 'X': as_register_object_type(e, text, 0, AS_OBJ_REF | AS_OBJ_GC | AS_OBJ_TEMPLATE); break;
    case 'i': as_register_interface(e, text); break;
    case 'I': as_register_interface_method(e, "Intf", text); break;
    case 'e': as_register_enum(e, text); break;
    case 'E': {
        char name[128];
        const char *rest = split_name(text, name, sizeof name);
        if (rest) as_register_enum_value(e, name, rest, (int)len);
        break;
    }
    case 'n': as_engine_set_default_namespace(e, text); break;
    case 'k':
        as_engine_type_id_by_decl(e, text);
        as_engine_type_by_decl(e, text);
        as_engine_function_by_decl(e, text);
        break;
    case 'c': {
        as_module *m = as_engine_get_module(e, "fuzz", AS_GM_ALWAYS_CREATE);
        if (m && as_module_add_section(m, "fuzz.as", text, len, 0) >= 0) as_module_build(m);
        as_engine_discard_module(e, "fuzz");
        break;
    }
    default: break;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 8192) return 0;
    as_engine *e = as_engine_create();
    if (!e) return 0;
    as_engine_set_message_callback(e, quiet, NULL);
    /* compiled scripts never run, global initialisers included */
    as_engine_set_property(e, AS_EP_INIT_GLOBAL_VARS_AFTER_BUILD, 0);
    as_register_string(e);
    as_register_array(e, true);
    as_register_object_type(e, "R", 0, AS_OBJ_REF | AS_OBJ_NOCOUNT);
    as_register_object_type(e, "V", 16, AS_OBJ_VALUE | AS_OBJ_POD);
    as_register_interface(e, "Intf");
    char *line = malloc(size + 1);
    if (!line) {
        as_engine_destroy(e);
        return 0;
    }
    size_t at = 0;
    while (at < size) {
        size_t end = at;
        while (end < size && data[end] != '\n') end++;
        size_t n = end - at;
        if (n >= 1) {
            /* the text after the operation letter, NUL-terminated (a NUL inside ends it early) */
            memcpy(line, data + at + 1, n - 1);
            line[n - 1] = 0;
            run_line(e, (char)data[at], n >= 2 ? (char)data[at + 1] : 0, line, n - 1);
        }
        at = end + 1;
    }
    free(line);
    FILE *out = fopen("/dev/null", "w");
    if (out) {
        as_write_config(e, out);
        fclose(out);
    }
    as_engine_destroy(e);
    return 0;
}
