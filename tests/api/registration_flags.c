/* Object type flags (checklist B5): as_register_object_type refuses, with AS_INVALID_ARG as
 * AngelScript 2.35.1's RegisterObjectType does (measured with the reference library), the flag
 * combinations that describe no consistent type, and registers nothing for them:
 *   - AS_OBJ_APP_CLASS_ALLINTS or _ALLFLOATS without AS_OBJ_APP_CLASS;
 *   - AS_OBJ_APP_PRIMITIVE together with AS_OBJ_APP_CLASS; AS_OBJ_APP_FLOAT with _PRIMITIVE;
 *     AS_OBJ_APP_ARRAY with AS_OBJ_APP_CLASS (the kinds are exclusive);
 *   - AS_OBJ_SCOPED with AS_OBJ_NOCOUNT, or with AS_OBJ_NOHANDLE;
 *   - AS_OBJ_ASHANDLE on a reference type (it is for value types);
 *   - AS_OBJ_IMPLICIT_HANDLE while AS_EP_ALLOW_IMPLICIT_HANDLE_TYPES is off (the default).
 * (Accepted by both: ALLINTS|ALLFLOATS with APP_CLASS, VALUE|GC, VALUE|APP_CLASS_ALIGN8. Every
 * pair, triple and quadruple of flags was compared with the reference when this was written.) */
#include "angelc.h"
#include <stdio.h>
#include "check.h"

static void quiet(const as_message *m, void *u) { (void)m; (void)u; }

int main(void)
{
    static const struct { const char *name; int size; uint32_t flags; } bad[] = {
        {"T0", 8, AS_OBJ_VALUE | AS_OBJ_POD | AS_OBJ_APP_CLASS_ALLINTS},
        {"T1", 8, AS_OBJ_VALUE | AS_OBJ_POD | AS_OBJ_APP_CLASS_ALLFLOATS},
        {"T2", 8, AS_OBJ_VALUE | AS_OBJ_APP_PRIMITIVE | AS_OBJ_APP_CLASS},
        {"T3", 8, AS_OBJ_VALUE | AS_OBJ_APP_FLOAT | AS_OBJ_APP_PRIMITIVE},
        {"T4", 8, AS_OBJ_VALUE | AS_OBJ_APP_CLASS | AS_OBJ_APP_ARRAY},
        {"T5", 0, AS_OBJ_REF | AS_OBJ_SCOPED | AS_OBJ_NOCOUNT},
        {"T6", 0, AS_OBJ_REF | AS_OBJ_NOHANDLE | AS_OBJ_SCOPED},
        {"T7", 0, AS_OBJ_REF | AS_OBJ_ASHANDLE},
        {"T8", 0, AS_OBJ_REF | AS_OBJ_IMPLICIT_HANDLE},
    };
    as_engine *e = as_engine_create();
    as_engine_set_message_callback(e, quiet, NULL);
    for (unsigned i = 0; i < sizeof bad / sizeof *bad; i++) {
        int r = as_register_object_type(e, bad[i].name, bad[i].size, bad[i].flags);
        if (r != AS_INVALID_ARG) fprintf(stderr, "  %s (flags 0x%x) returned %d\n", bad[i].name, (unsigned)bad[i].flags, r);
        CHECK(r == AS_INVALID_ARG);
        CHECK(as_engine_type_by_name(e, bad[i].name) == NULL);
    }
    /* accepted by the reference too */
    CHECK(as_register_object_type(e, "Ok0", 8, AS_OBJ_VALUE | AS_OBJ_POD | AS_OBJ_APP_CLASS | AS_OBJ_APP_CLASS_ALLINTS | AS_OBJ_APP_CLASS_ALLFLOATS) > 0);
    CHECK(as_register_object_type(e, "Ok1", 8, AS_OBJ_VALUE | AS_OBJ_GC) > 0);
    CHECK(as_register_object_type(e, "Ok2", 8, AS_OBJ_VALUE | AS_OBJ_APP_CLASS_ALIGN8) > 0);
    /* the named combinations are the reference's values, and register */
    CHECK(AS_OBJ_APP_CLASS_CK == 0x1300u && AS_OBJ_APP_CLASS_DAK == 0x1D00u && AS_OBJ_APP_CLASS_CDAK == 0x1F00u);
    CHECK(as_register_object_type(e, "Ok3", 8, AS_OBJ_VALUE | AS_OBJ_POD | AS_OBJ_APP_CLASS_CK) > 0);
    CHECK(as_register_object_type(e, "Ok4", 8, AS_OBJ_VALUE | AS_OBJ_APP_CLASS_DAK) > 0);
    /* 16-byte alignment is refused as the reference does on this platform */
    CHECK(as_register_object_type(e, "No0", 16, AS_OBJ_VALUE | AS_OBJ_POD | AS_OBJ_APP_ALIGN16) == AS_INVALID_ARG);
    as_engine_destroy(e);
    return failures ? 1 : 0;
}
