/* as_result_text: every return code of angelc.h has its own non-empty text; anything else is
 * "unknown result code"; the strings are static (the same pointer each time). */
#include "angelc.h"
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include "check.h"

static const int codes[] = {
    AS_SUCCESS, AS_ERROR, AS_CONTEXT_ACTIVE, AS_CONTEXT_NOT_FINISHED, AS_CONTEXT_NOT_PREPARED,
    AS_INVALID_ARG, AS_NO_FUNCTION, AS_NOT_SUPPORTED, AS_INVALID_NAME, AS_NAME_TAKEN,
    AS_INVALID_DECLARATION, AS_INVALID_OBJECT, AS_INVALID_TYPE, AS_ALREADY_REGISTERED,
    AS_MULTIPLE_FUNCTIONS, AS_NO_MODULE, AS_NO_GLOBAL_VAR, AS_INVALID_CONFIGURATION,
    AS_INVALID_INTERFACE, AS_CANT_BIND_ALL_FUNCTIONS, AS_LOWER_ARRAY_DIMENSION_NOT_REGISTERED,
    AS_WRONG_CONFIG_GROUP, AS_CONFIG_GROUP_IS_IN_USE, AS_ILLEGAL_BEHAVIOUR_FOR_TYPE,
    AS_WRONG_CALLING_CONV, AS_BUILD_IN_PROGRESS, AS_INIT_GLOBAL_VARS_FAILED, AS_OUT_OF_MEMORY,
    AS_MODULE_IS_IN_USE,
};
enum { NCODES = (int)(sizeof codes / sizeof codes[0]) };

static void every_code_named(void)
{
    /* the list above is every code: 0 down to the last, without gaps */
    CHECK(NCODES == 29);
    for (int i = 0; i < NCODES; i++) CHECK(codes[i] == -i);
    const char *unknown = as_result_text(1);
    REQUIRE(unknown);
    CHECK(STREQ(unknown, "unknown result code"));
    for (int i = 0; i < NCODES; i++) {
        const char *t = as_result_text(codes[i]);
        REQUIRE(t);
        CHECK(t[0] != 0);
        CHECK(strcmp(t, unknown) != 0);
        CHECK(as_result_text(codes[i]) == t);   /* static: the same string each time */
        for (int k = 0; k < i; k++)
            if (strcmp(t, as_result_text(codes[k])) == 0) {
                fprintf(stderr, "codes %d and %d are both '%s'\n", codes[k], codes[i], t);
                failures++;
            }
    }
    CHECK(STREQ(as_result_text(AS_SUCCESS), "success"));
    CHECK(STREQ(as_result_text(AS_INVALID_ARG), "invalid argument"));
    CHECK(STREQ(as_result_text(AS_OUT_OF_MEMORY), "out of memory"));
}

static void other_values_unknown(void)
{
    const int others[] = {1, 2, 100, -29, -30, -1000, INT_MIN, INT_MAX};
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) CHECK(STREQ(as_result_text(others[i]), "unknown result code"));
}

/* What a host does with it: the text of what a call returned. */
static void from_real_calls(void)
{
    as_engine *e = as_engine_create();
    REQUIRE(e);
    as_engine_set_message_callback(e, as_message_discard, NULL);
    CHECK(STREQ(as_result_text(as_engine_set_property(e, (as_engine_prop)9999, 1)), "invalid argument"));
    CHECK(as_register_object_type(e, "T", 0, AS_OBJ_REF) > 0);   /* a type id, not a result code */
    CHECK(STREQ(as_result_text(as_register_object_type(e, "T", 0, AS_OBJ_REF)), "already registered"));
    as_context *ctx = as_context_create(e);
    CHECK(STREQ(as_result_text(as_context_prepare(ctx, NULL)), "no such function"));
    CHECK(STREQ(as_result_text(as_context_execute(ctx)), "context is not prepared"));
    as_context_destroy(ctx);
    as_engine_destroy(e);
}

int main(void)
{
    group("every_code_named", every_code_named);
    group("other_values_unknown", other_values_unknown);
    group("from_real_calls", from_real_calls);
    if (failures) fprintf(stderr, "%d failure(s)\n", failures);
    return failures ? 1 : 0;
}
