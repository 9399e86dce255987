/* The binding toolkit example (examples/bind/main.c) as an API test: the example checks its own
 * results and exits with 1 if any is wrong. Included, not copied, so there is one source. */
#include "../../examples/bind/main.c"
