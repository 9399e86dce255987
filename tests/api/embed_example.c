/* The embedding example (examples/embed/main.c) as an API test: the example checks its own
 * results and exits with 1 if any is wrong. Included, not copied, so there is one source. */
#include "../../examples/embed/main.c"
