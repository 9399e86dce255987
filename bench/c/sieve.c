/* sieve.as in hand-written C (array<bool>: one byte per flag). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 10000000, count = 0;
    for (int rep = 0; rep < 3; rep++) {
        bool *comp = calloc((size_t)n + 1, 1);
        if (!comp) return 1;
        count = 0;
        for (int i = 2; i <= n; i++) {
            if (!comp[i]) {
                count++;
                for (int j = i * 2; j <= n; j += i) comp[j] = true;
            }
        }
        free(comp);
    }
    printf("%d\n", count);
    return 0;
}
