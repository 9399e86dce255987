# angelc dump-api [--json]: the API `angelc run` registers, as an as.predefined file or JSON.
. tests/cli/lib.sh

t 0 dump-api
out_has "class string {"
out_has "void print(const string&in);"
out_has "class array<T> {"
out_has "class dictionary {"
err_empty
t 0 dump-api --json
out_has '"kind": "class"'
out_has '"name": "string"'
err_empty
if command -v python3 >/dev/null 2>&1; then
    checks=$((checks + 1))
    python3 -c 'import json, sys; json.load(sys.stdin)' <"$tmp/out" || fail "dump-api --json is not valid JSON"
fi
# the standard add-ons and angelc's own functions are documented, one line each
t 0 dump-api
out_has "// text: a sequence of bytes (UTF-8 by convention), copied by value"
out_has "// the part from start, count bytes long (-1: to the end)"
out_has "// a resizable list of values of type T (also written T[]), indexed from 0"
out_has "// appends a value"
out_has "// a map from string keys to values of any type"
out_has "// the square root"
out_has "// raises a script exception with the message"
out_has "// opens a path with mode"
out_has "// the names of the files in the current directory"
out_has "// the day of the week, 0 (Sunday) to 6"
out_has "// a container for one value of any type"
out_has "// a handle to an object of any reference type"
out_has "// a reference to an object of type T that does not keep it alive"
out_has "// a two-dimensional array of values of type T"
out_has "// writes the text and a newline to standard output"
out_has "// the script's arguments"
out_has "// runs a command through the shell"
out_has "// the byte order of readInt"
# the comment is just above what it documents
checks=$((checks + 1))
grep -A1 -F "// the square root" "$tmp/out" | grep -qF "float sqrt(float);" || fail "sqrt's doc is not above sqrt"
checks=$((checks + 1))
grep -A1 -F "// writes the text to standard output" "$tmp/out" | grep -qF "void print(const string&in);" || fail "print's doc is not above print"
# every type, constructor, method, property and function has one (destructors aside)
checks=$((checks + 1))
undocumented=$(awk '/^ *\/\//{d=1; next} { if (!d && $0 !~ /^ *}$/ && $0 !~ /~/) print; d=0 }' "$tmp/out")
[ -z "$undocumented" ] || fail "undocumented: $(printf '%s' "$undocumented" | head -5)"
t 0 dump-api --json
out_has '"doc": "the square root"'
out_has '"doc": "text: a sequence of bytes (UTF-8 by convention), copied by value"'
t 2 dump-api --xml
err_has "unknown option '--xml'"
finish
