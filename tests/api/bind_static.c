/* Binding toolkit: binds that live in a static library run when the program names their unit
 * (tests/api/bind_static/library.c is linked as a static library). */
#include "bind_support.h"

AS_BIND_USE(physics);

int main(void)
{
    as_engine *e = test_engine();
    CHECK(as_bind_run(e) == 2);
    CHECK(run(e, "void main() { Body b; b.mass = 2; print('' + b.weight(9.5f)); }") == 0);
    EXPECT_OUTPUT("19\n");
    as_engine_destroy(e);
    return failures ? 1 : 0;
}
