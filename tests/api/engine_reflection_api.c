/* Reflection a host or an editor uses (checklist B1/B7/B8/B12): modules by index, delegates made
 * from C, the context pool, the circular-reference callback, ParseToken, the default array type,
 * function traits and the funcdef of a signature, type derivation and interfaces, property
 * declarations, the library version. Expected results are AngelScript 2.35.1's. */
#include "angelc.h"
#include "angelc_addons.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static int cycles_reported;
static void on_cycle(as_type *t, const void *obj, void *user) { (void)t; (void)obj; (void)user; cycles_reported++; }

int main(void)
{
    CHECK(as_library_version() != NULL);          /* the reference: "2.35.1" */
    CHECK(as_library_options() != NULL);          /* the reference: e.g. " AS_64BIT_PTR AS_LINUX AS_X64_GCC " */

    as_engine *e = as_engine_create();
    REQUIRE(as_register_array(e, true) >= 0);
    const char *code =
        "interface I { int v(); }\n"
        "class B { int id = 1; }\n"
        "final class C : B, I { private int secret = 2; int v() { return 3; } int get_p() const property { return 4; } }\n"
        "class Cyc { Cyc@ other; }\n"
        "void makeCycle() { Cyc a; @a.other = a; }\n";
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    REQUIRE(as_module_add_section(m, "m.as", code, strlen(code), 0) >= 0);
    REQUIRE(as_module_build(m) >= 0);
    REQUIRE(as_engine_get_module(e, "other", AS_GM_ALWAYS_CREATE) != NULL);

    /* modules */
    CHECK(as_engine_module_count(e) == 2);
    CHECK(as_engine_module_by_index(e, 0) == m);
    CHECK(as_engine_module_by_index(e, 2) == NULL);

    /* default array */
    as_type *arr = as_engine_type_by_name(e, "array");
    CHECK(arr != NULL && as_engine_default_array_type_id(e) == as_type_id(arr));

    /* reflection of script types and functions */
    as_type *c = as_module_type_by_name(m, "C"), *b = as_module_type_by_name(m, "B"), *i = as_module_type_by_name(m, "I");
    REQUIRE(c && b && i);
    CHECK(as_type_derives_from(c, b));
    CHECK(!as_type_derives_from(b, c));
    CHECK(as_type_implements(c, i));
    CHECK(as_type_interface_count(c) == 1 && as_type_interface(c, 0) == i);
    CHECK(STREQ(as_type_property_declaration(c, 1, false), "private int secret"));
    as_function *v = as_type_method_by_name(c, "v");
    REQUIRE(v != NULL);
    CHECK(as_function_kind(v) == AS_FUNC_SCRIPT || as_function_kind(v) == AS_FUNC_VIRTUAL);
    CHECK(as_function_object_type(v) == c);
    CHECK(as_function_module(v) == m);
    as_function *p = as_type_method_by_name(c, "get_p");
    CHECK(p && as_function_is_property(p) && as_function_is_read_only(p));
    CHECK(as_function_kind(as_type_method_by_name(i, "v")) == AS_FUNC_INTERFACE);

    /* delegates from C */
    void *obj = as_engine_create_object(e, as_type_id(c));
    REQUIRE(obj != NULL);
    as_function *d = as_engine_create_delegate(e, v, obj);
    CHECK(d != NULL && as_function_kind(d) == AS_FUNC_DELEGATE);
    as_context *ctx = as_engine_request_context(e);
    REQUIRE(ctx != NULL);
    if (d) {
        CHECK(as_context_prepare(ctx, d) == AS_SUCCESS);
        CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
        CHECK(as_context_return_dword(ctx) == 3);
        as_function_release(d);
    }
    as_engine_return_context(e, ctx);
    as_engine_release_object(e, obj, as_type_id(c));

    /* the collector reports the cycles it breaks */
    CHECK(as_engine_set_circular_ref_callback(e, on_cycle, NULL) >= 0);
    ctx = as_engine_request_context(e);
    REQUIRE(as_context_prepare(ctx, as_module_function_by_name(m, "makeCycle")) == AS_SUCCESS);
    CHECK(as_context_execute(ctx) == AS_EXECUTION_FINISHED);
    as_engine_return_context(e, ctx);
    as_engine_garbage_collect(e, AS_GC_FULL_CYCLE, 1);
    CHECK(cycles_reported >= 1);

    /* tokens */
    int len = 0;
    CHECK(as_engine_parse_token(e, "while (x)", 9, &len) == AS_TC_KEYWORD && len == 5);
    CHECK(as_engine_parse_token(e, "name2 = 1", 9, &len) == AS_TC_IDENTIFIER && len == 5);
    CHECK(as_engine_parse_token(e, "3.5f;", 5, &len) == AS_TC_VALUE && len == 4);
    CHECK(as_engine_parse_token(e, "// c\nx", 6, &len) == AS_TC_COMMENT);
    CHECK(as_engine_parse_token(e, "   x", 4, &len) == AS_TC_WHITESPACE && len == 3);

    as_engine_destroy(e);
    return failures ? 1 : 0;
}
