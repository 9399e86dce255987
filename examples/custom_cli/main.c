/* A custom command line: angelc with this program's own functions for scripts. Everything angelc
 * does (run, check, repl, dump-api, the debugger, the limits...) comes from angelc_cli_main; the
 * program adds its binds and a three-line main. Try:
 *     build/example_custom_cli run -e 'println("" + gcd(84, 36) + " " + shout("hi"));'
 *     build/example_custom_cli dump-api | grep gcd */
#include "angelc_bind.h"
#include "angelc_cli.h"
#include <ctype.h>
#include <stdio.h>

static int gcd(int a, int b)
{
    while (b) {
        int t = a % b;
        a = b;
        b = t;
    }
    return a < 0 ? -a : a;
}

static const char *shout(const char *text)
{
    static char buf[256];
    size_t i = 0;
    for (; text[i] && i < sizeof buf - 2; i++) buf[i] = (char)toupper((unsigned char)text[i]);
    buf[i++] = '!';
    buf[i] = 0;
    return buf;
}

AS_BIND(custom_functions, AS_BIND_NORMAL)
{
    AS_FUNCTION(b, "gcd(a, b)", gcd, int, int, int);
    AS_DOC(b, "the greatest common divisor of a and b");
    AS_FUNCTION(b, "shout(text)", shout, const char *, const char *);
    AS_DOC(b, "the text in capitals, with an exclamation mark");
}

static int setup(as_engine *e, void *user) { (void)user; return as_bind_run(e); }
int main(int argc, char **argv) { return angelc_cli_main(argc, argv, setup, NULL); }
