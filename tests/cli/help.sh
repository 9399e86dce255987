# angelc --help / help COMMAND on stdout with exit 0; usage errors on stderr with exit 2.
. tests/cli/lib.sh

t 0 --help
out_has "usage: angelc COMMAND"
out_has "Exit status:"
out_has "3  --timeout ran out"
out_has "6  --max-depth exceeded"
err_empty
t 0 -h
out_has "usage: angelc COMMAND"
t 0 help
out_has "dump-api [--json]"
for c in run check build disasm repl dump-api help; do
    t 0 help "$c"
    out_has "usage: angelc $c"
    err_empty
done
t 0 run --help
out_has "usage: angelc run"
t 0 help run
out_has "--max-instructions N"
out_has "--max-memory BYTES"
out_has "hello world runs under --max-memory 600K"
out_lacks "2 MB"
# the shorthand for #! scripts is in the overview
t 0 help
out_has "angelc FILE.as [ARGS...]"
t 0 --version
out_has "(AngelScript 2.38.0)"

t 2 help nosuch
err_has "no command 'nosuch'"
t 2
err_has "usage: angelc"
t 2 nosuch
err_has "no command 'nosuch'"
err_has "angelc --help"
t 2 run --nosuch x.as
err_has "unknown option '--nosuch'"
t 2 run
err_has "run needs a script"
t 2 run tests/cli/no_such_file.as
err_has "no_such_file.as"
t 2 check -e 'void main() {}' extra
err_has "unexpected argument 'extra'"
t 2 build -e 'void main() {}'
err_has "build needs -o"
# an unknown property: the error lists the engine's property names
t 2 run -p NO_SUCH_PROPERTY=1 -e 'void main() {}'
err_has "bad engine property 'NO_SUCH_PROPERTY=1': no property 'NO_SUCH_PROPERTY'"
err_has "the properties are:"
err_has "ALLOW_UNSAFE_REFERENCES"
err_has "DISABLE_INTEGER_DIVISION"
err_has "MAX_CALL_STACK_SIZE"
err_has "FOREACH_SUPPORT"
t 2 check -p NOPE=1 -e 'void main() {}'
err_has "no property 'NOPE'"
err_has "COMPILER_WARNINGS"
t 2 dump-api -p NOPE=1
err_has "OPTIMIZE_BYTECODE"
# a known property with a bad value says so
t 2 run -p OPTIMIZE_BYTECODE=abc -e 'void main() {}'
err_has "bad value for engine property 'OPTIMIZE_BYTECODE=abc'"
t 2 run -p OPTIMIZE_BYTECODE -e 'void main() {}'
err_has "-p needs PROPERTY=VALUE"
t 2 run -p
err_has "-p needs PROPERTY=VALUE"
t 2 dump-api --timeout 1
err_has "unknown option '--timeout'"
finish
