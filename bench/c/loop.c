/* loop.as in hand-written C. */
#include <stdint.h>
#include <stdio.h>

int main(void)
{
    int64_t s = 0;
    for (int i = 0; i < 100000000; i++) s += (i * 7) % 13;
    printf("%lld\n", (long long)s);
    return 0;
}
