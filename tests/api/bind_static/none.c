/* Binding toolkit: the same static library without AS_BIND_USE: its binds are not linked in,
 * and the run says so instead of succeeding silently. */
#include "../bind_support.h"

int main(void)
{
    as_engine *e = test_engine();
    CHECK(as_bind_count() == 0);
    CHECK(as_bind_run(e) == 0);
    EXPECT_MESSAGE("warning: as_bind_run: no binds registered (binds in a static library need AS_BIND_UNIT in it and AS_BIND_USE in the program, best in the library's header)");
    as_engine_destroy(e);
    return failures ? 1 : 0;
}
