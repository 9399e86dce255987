# angelc-bindgen (tools/bindgen, docs/bindgen.md): binds generated at build time from the
# installed headers of zlib, cJSON and SQLite, each linked into a custom command line (build/
# bindgen/bindgen_<lib>: angelc_cli_main with the binds) whose `run tests/bindgen/<lib>/test.as`
# must print test.expected. Under
# ASan (build-asan) a leak fails the host. Skips with a message where angelc-bindgen (libclang-dev)
# or a library was not built.
. tests/cli/lib.sh

dir=$(dirname "$ANGELC")
bindgen="$dir/angelc-bindgen"
if [ ! -x "$bindgen" ]; then
    echo "skip: $bindgen was not built (libclang-dev not installed)"
    exit 0
fi

# run EXPECTED_STATUS PROGRAM ARGS...: like t, for another program
run() {
    want=$1
    shift
    cmd="$*"
    "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
    checks=$((checks + 1))
    [ "$status" = "$want" ] || fail "exit status $status, expected $want"
}

for lib in zlib cjson sqlite3 mini; do
    host="$dir/bindgen/bindgen_$lib"
    if [ ! -x "$host" ]; then
        echo "skip: $host was not built (its -dev package is not installed)"
        continue
    fi
    for script in tests/bindgen/$lib/*.as; do
        run 0 "$host" run "$script"
        out_is "$(cat "${script%.as}.expected")"
        err_empty
    done
    # a whole angelc: the library's API in dump-api, the repl
    run 0 "$host" dump-api
    case $lib in
    zlib) out_has "uint64 compressBound(uint64 sourceLen);" ;;
    cjson) out_has "namespace json {" ;;
    sqlite3) out_has "namespace sqlite {"
             out_has "int step();" ;;
    mini) out_has "funcdef int each_callback(int, const string&in);" ;;
    esac
    printf 'println("repl " + (6 * 7));\n' | run 0 "$host" repl
    out_has "repl 42"
done

# what it cannot bind is listed on stderr and in the output, never bound wrongly
if [ -r /usr/include/zlib.h ]; then
    run 0 "$bindgen" -c tests/bindgen/zlib/zlib.cfg -o "$tmp/z.c" /usr/include/zlib.h
    err_has "not bound: deflate: parameter 1: a pointer to a mutable struct"
    err_has "not bound: gzprintf: variadic"
    err_has "functions,"
    checks=$((checks + 1))
    grep -q ' \*   gzprintf: variadic' "$tmp/z.c" || fail "the output does not list gzprintf"
    checks=$((checks + 1))
    grep -q 'AS_FUNCTION(b, "uncompress(array<uint8> &inout dest, const array<uint8> &in source)"' "$tmp/z.c" ||
        fail "uncompress is not bound with arrays"
    # `angelc bindgen` is angelc-bindgen
    run 0 "$ANGELC" bindgen -q -c tests/bindgen/zlib/zlib.cfg -o "$tmp/z2.c" /usr/include/zlib.h
    checks=$((checks + 1))
    cmp -s "$tmp/z.c" "$tmp/z2.c" || fail "angelc bindgen wrote another file than angelc-bindgen"
    # -q: only the summary on stderr
    run 0 "$bindgen" -q -c tests/bindgen/zlib/zlib.cfg -o "$tmp/z.c" /usr/include/zlib.h
    err_lacks "not bound:"
fi

# tests/bindgen/mini/mini.h: the refusals a small header shows
run 0 "$bindgen" -c tests/bindgen/mini/mini.cfg -o "$tmp/m.c" tests/bindgen/mini/mini.h
err_has "not bound: mini_named::label: a pointer field"
err_has "not bound: mini_named_make: result: a struct by value with fields not bound"
err_has "not bound: mini_log: variadic"
err_has "not bound: mini_bag_free: frees a mini_bag"
err_has "9 functions, 3 classes, 1 enums, 2 constants; 5 not bound"
err_has "not bound: mini_legacy: declared without a prototype"
# without 'callback', the callback is refused with the way out
grep -v '^callback' tests/bindgen/mini/mini.cfg >"$tmp/nocb.cfg"
run 0 "$bindgen" -c "$tmp/nocb.cfg" -o "$tmp/m.c" tests/bindgen/mini/mini.h
err_has "not bound: mini_each: parameter 2: a C callback: if it is called only during the call"
checks=$((checks + 1))
grep -q 'AS_FUNCDEF' "$tmp/m.c" && fail "a funcdef without 'callback'"

# a callback directive naming no parameter, or no callback: refused, nothing generated for it
printf 'prefix mini_\ncallback mini_each 7\ncallback mini_divmod 1\n' >"$tmp/badcb.cfg"
run 0 "$bindgen" -c "$tmp/badcb.cfg" -o "$tmp/m.c" tests/bindgen/mini/mini.h
err_has "not bound: mini_each: 'callback mini_each 7': it has no parameter 7"
err_has "not bound: mini_divmod: the callback has no prototype"
checks=$((checks + 1))
grep -q 'bg_f_mini_each\|bg_f_mini_divmod' "$tmp/m.c" && fail "a refused function was generated"

# bad usage and configuration: a message, status 2; a header that does not parse: status 1
run 2 "$bindgen"
err_has "usage: angelc-bindgen"
printf 'prefix\n' >"$tmp/bad.cfg"
run 2 "$bindgen" -c "$tmp/bad.cfg" /usr/include/zlib.h
err_has "bad.cfg:1: 'prefix' takes 1 argument"
printf 'frobnicate x\n' >"$tmp/bad.cfg"
run 2 "$bindgen" -c "$tmp/bad.cfg" /usr/include/zlib.h
err_has "unknown directive 'frobnicate'"
run 2 "$bindgen" -c "$tmp/missing.cfg" /usr/include/zlib.h
err_has "cannot read"
printf 'int f(;\n' >"$tmp/broken.h"
run 1 "$bindgen" "$tmp/broken.h"
err_has "broken.h:1"
run 1 "$bindgen" "$tmp/none.h"
finish
