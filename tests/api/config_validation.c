/* Verifying the registered interface (checklist B2 asINVALID_CONFIGURATION / B6): as in
 * AngelScript 2.35.1, the registered types are checked before a module is built, and a type
 * without the behaviours its flags need fails the build with AS_INVALID_CONFIGURATION (-17),
 * the error "Type 'R' is missing behaviours", an information line saying what is needed, and
 * "Invalid configuration. Verify the registered application interface.":
 *   - a reference type without ADDREF and RELEASE ("A reference type must have the addref and
 *     release behaviours"), unless it is AS_OBJ_NOCOUNT / AS_OBJ_SCOPED / AS_OBJ_NOHANDLE;
 *   - an AS_OBJ_GC reference type without the GC behaviours ("A garbage collected ref type must
 *     have the addref, release, and all gc behaviours"; angelc requires GETREFCOUNT, ENUMREFS
 *     and RELEASEREFS, the ones its collector calls);
 *   - an AS_OBJ_SCOPED type without RELEASE;
 *   - a value type that is not AS_OBJ_POD without a constructor and the destructor.
 * Later builds fail too; complete types (and NOCOUNT or POD ones without behaviours) build.
 * (Not covered here, deliberately: the reference also fails every later build with
 * asINVALID_CONFIGURATION after any failed registration call; angelc keeps what did register,
 * which tests/api/bad_input.c asserts.) */
#include "angelc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

static int errors;
static bool said_missing;
static void on_message(const as_message *m, void *u)
{
    (void)u;
    if (m->type == AS_MSG_ERROR) {
        errors++;
        if (strcmp(m->message, "Type 'R' is missing behaviours") == 0) said_missing = true;
    }
}
static int dummy;
static void fac(as_generic *g) { as_generic_set_return_address(g, &dummy); }
static void nop(as_generic *g) { (void)g; }

static int build_with(int kind)
{
    as_engine *e = as_engine_create();
    as_engine_set_message_callback(e, on_message, NULL);
    if (kind == 0) {            /* reference type without addref/release */
        as_register_object_type(e, "R", 0, AS_OBJ_REF);
        as_register_object_behaviour(e, "R", AS_BEHAVE_FACTORY, "R@ f()", AS_FN(fac), AS_CALL_GENERIC, NULL);
    } else if (kind == 1) {     /* GC type without the GC behaviours */
        as_register_object_type(e, "R", 0, AS_OBJ_REF | AS_OBJ_GC);
        as_register_object_behaviour(e, "R", AS_BEHAVE_FACTORY, "R@ f()", AS_FN(fac), AS_CALL_GENERIC, NULL);
        as_register_object_behaviour(e, "R", AS_BEHAVE_ADDREF, "void f()", AS_FN(nop), AS_CALL_GENERIC, NULL);
        as_register_object_behaviour(e, "R", AS_BEHAVE_RELEASE, "void f()", AS_FN(nop), AS_CALL_GENERIC, NULL);
    } else if (kind == 2) {     /* scoped type without release */
        as_register_object_type(e, "R", 0, AS_OBJ_REF | AS_OBJ_SCOPED);
    } else if (kind == 3) {     /* non-POD value type without a destructor */
        as_register_object_type(e, "R", 4, AS_OBJ_VALUE);
        as_register_object_behaviour(e, "R", AS_BEHAVE_CONSTRUCT, "void f()", AS_FN(nop), AS_CALL_GENERIC, NULL);
    } else if (kind == 4) {     /* complete: builds */
        as_register_object_type(e, "R", 0, AS_OBJ_REF);
        as_register_object_behaviour(e, "R", AS_BEHAVE_ADDREF, "void f()", AS_FN(nop), AS_CALL_GENERIC, NULL);
        as_register_object_behaviour(e, "R", AS_BEHAVE_RELEASE, "void f()", AS_FN(nop), AS_CALL_GENERIC, NULL);
    } else {                    /* never counted, POD: nothing needed */
        as_register_object_type(e, "R", 0, AS_OBJ_REF | AS_OBJ_NOCOUNT);
        as_register_object_type(e, "P", 4, AS_OBJ_VALUE | AS_OBJ_POD);
    }
    as_module *m = as_engine_get_module(e, "m", AS_GM_ALWAYS_CREATE);
    const char *code = "void f() {}";
    as_module_add_section(m, "m.as", code, strlen(code), 0);
    errors = 0;
    said_missing = false;
    int r = as_module_build(m);
    /* once invalid, the configuration stays invalid: a second module fails too */
    as_module *m2 = as_engine_get_module(e, "m2", AS_GM_ALWAYS_CREATE);
    as_module_add_section(m2, "m2.as", code, strlen(code), 0);
    int r2 = as_module_build(m2);
    if ((r2 == AS_INVALID_CONFIGURATION) != (r == AS_INVALID_CONFIGURATION)) r = -1000;
    as_engine_destroy(e);
    return r;
}

int main(void)
{
    for (int kind = 0; kind < 4; kind++) {
        int r = build_with(kind);
        if (r != AS_INVALID_CONFIGURATION) fprintf(stderr, "  case %d: build returned %d\n", kind, r);
        CHECK(r == AS_INVALID_CONFIGURATION);
        CHECK(errors >= 1);
        CHECK(said_missing);
    }
    for (int kind = 4; kind < 6; kind++) {
        int r = build_with(kind);
        if (r != AS_SUCCESS) fprintf(stderr, "  case %d: build returned %d\n", kind, r);
        CHECK(r == AS_SUCCESS);
        CHECK(errors == 0);
    }
    return failures ? 1 : 0;
}
