/* Binding toolkit: an interface bound with toolkit lines (no raw API): scripts implement it, the
 * host keeps an object and calls its method with a typed call; misuse fails with the line. */
#include "bind_support.h"

AS_SCRIPT_FUNC(score_fn, int, int);

/* adopt(IScorer@ s): the C function borrows the object; it keeps a reference of its own */
static void *kept;
static as_engine *engine_of_test;
static void adopt(void *scorer)
{
    if (!scorer) return;
    as_engine_addref_object(engine_of_test, scorer, as_type_id(as_object_type(scorer)));
    kept = scorer;
}

static void test_interface(void)
{
    as_engine *e = engine_of_test = test_engine();
    as_bind *b = as_bind_begin(e, "scoring");
    as_bind_class *i = AS_INTERFACE(b, "IScorer");
    AS_DOC(b, "scores a value");
    AS_INTERFACE_METHOD(i, "int score(int value)");
    AS_DOC(b, "the score of value");
    AS_FUNCTION(b, "adopt(IScorer@ s)", adopt, void, void *);
    REQUIRE(as_bind_end(b) == 0);
    as_type *t = as_engine_type_by_name(e, "IScorer");
    REQUIRE(t != NULL);
    CHECK(STREQ(as_bind_type_doc(t), "scores a value"));
    CHECK(STREQ(as_bind_function_doc(as_type_method_by_name(t, "score")), "the score of value"));
    CHECK(run(e, "class Double : IScorer { int score(int v) { return v * 2; } }\n"
                 "void main() { adopt(Double()); }\n") == AS_EXECUTION_FINISHED);
    REQUIRE(kept != NULL);
    score_fn f = {0};   /* find releases what a handle held: it starts zeroed */
    REQUIRE(score_fn_find_method(&f, as_object_type(kept), "score") == 0);
    as_context *ctx = as_context_create(e);
    int got = 0;
    CHECK(score_fn_call_on(&f, ctx, kept, &got, 21) == AS_EXECUTION_FINISHED);
    CHECK(got == 42);
    score_fn_release(&f);
    as_context_destroy(ctx);
    as_engine_release_object(e, kept, as_type_id(as_object_type(kept)));
    kept = NULL;

    /* misuse: a script method on a C class, an interface declared twice, a bad declaration */
    messages[0] = 0;
    b = as_bind_begin(e, "misuse");
    typedef struct Plain { int x; } Plain;
    as_bind_class *plain = AS_VALUE_CLASS(b, Plain, "Plain", AS_OBJ_POD);
    int line = __LINE__ + 1;
    AS_INTERFACE_METHOD(plain, "int score(int)");
    AS_INTERFACE(b, "IScorer");
    as_bind_class *other = AS_INTERFACE(b, "IOther");
    AS_INTERFACE_METHOD(other, "int score(Missing)");
    CHECK(as_bind_end(b) == -3);
    EXPECT_MESSAGE_AT(line, "error: bind 'misuse': Plain: 'int score(int)': methods without a C "
                      "function belong to interfaces (AS_INTERFACE)");
    EXPECT_MESSAGE("error: bind 'misuse': interface 'IScorer' is declared already, by bind 'scoring' at ");
    EXPECT_MESSAGE("error: bind 'misuse': IOther: 'int score(Missing)' failed");
    as_engine_destroy(e);
}

int main(void)
{
    group("interface", test_interface);
    return failures ? 1 : 0;
}
