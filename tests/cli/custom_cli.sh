# A custom command line (include/angelc_cli.h, examples/custom_cli): the program's own binds plus
# a three-line main() make a whole angelc, its functions seen by run, check, repl, dump-api and
# the limits like the add-ons are.
. tests/cli/lib.sh

cli=$(dirname "$ANGELC")/example_custom_cli
if [ ! -x "$cli" ]; then
    echo "custom_cli.sh: $cli not built (examples off): skipped"
    exit 0
fi
ANGELC=$cli

t 0 run -e 'println("" + gcd(84, 36) + " " + shout("hi"));'
out_is "12 HI!"
t 0 check -e 'void main() { int g = gcd(1, 2); }'
t 1 check -e 'void main() { gcd("x", 2); }'
err_has "error: No matching signatures to 'gcd(const string, const int)'"
input='println(shout("from the repl"));
'
t 0 repl
out_has "FROM THE REPL!"
t 0 dump-api
out_has "int gcd(int a, int b);"
out_has "// the greatest common divisor of a and b"
out_has "void println(const string&in)"
t 4 run --max-instructions 100 -e 'for (;;) gcd(1, 2);'
t 0 --version
out_has "angelc"
t 2 nosuchcommand
finish
