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
t 2 dump-api --xml
err_has "unknown option '--xml'"
finish
