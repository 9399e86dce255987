/* fib.as in hand-written C (the -O2 yardstick of docs/aot.md and bench/README.md). */
#include <stdio.h>

static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

int main(void)
{
    printf("%d\n", fib(32));
    return 0;
}
