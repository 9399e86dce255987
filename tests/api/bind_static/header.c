/* Binding toolkit: a program with binds of its own that includes the static library's header
 * (which names the unit with AS_BIND_USE) runs the library's binds too, although the program
 * itself never names the unit. */
#include "../bind_support.h"
#include "physics.h"

static int twice(int x) { return 2 * x; }
AS_BIND(program_binds, AS_BIND_NORMAL) { AS_FUNCTION(b, "twice", twice, int, int); }

int main(void)
{
    as_engine *e = test_engine();
    CHECK(as_bind_count() == 3);
    CHECK(as_bind_run(e) == 3);
    CHECK(run(e, "void main() { Body b; b.mass = 2; print('' + twice(int(b.weight(9.5f)))); }") == 0);
    EXPECT_OUTPUT("38\n");
    as_engine_destroy(e);
    return failures ? 1 : 0;
}
