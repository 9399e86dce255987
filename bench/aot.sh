#!/bin/bash
# Instruction counts (valgrind, noise-free) of fib, loop, sieve and nbody: interpreted (angelc run),
# compiled to C (angelc aot --exe, docs/aot.md), hand-written C -O2 (bench/c/) and LuaJIT with its
# JIT on; the compiled program's output is checked against bench/expected/.
#   usage: bench/aot.sh [BENCH...]     (BUILD default build; INTERP=0 skips the interpreter's run)
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
BUILD=${BUILD:-$HERE/../build}
ANGELC=$BUILD/angelc
OUT=$BUILD/bench/aot
CC=${CC:-gcc}
mkdir -p "$OUT"
benches=("$@")
[ ${#benches[@]} -gt 0 ] || benches=(fib loop sieve nbody)
count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | sed -n 's/.*refs: *//p' | tr -d ,; }
millions() { [ -n "$1" ] && echo $(( ($1 + 500000) / 1000000 )) || echo -; }
ratio() { [ -n "$1" ] && [ -n "$2" ] && awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }' || echo -; }
printf '%-7s %12s %12s %12s %12s %10s %10s\n' bench "interp(M)" "compiled(M)" "C -O2(M)" "luajit(M)" "comp/C" "comp/jit"
for b in "${benches[@]}"; do
    "$ANGELC" aot --exe "$HERE/$b.as" -o "$OUT/$b" || { echo "$b: angelc aot failed"; continue; }
    if ! "$OUT/$b" | cmp -s - "$HERE/expected/$b.out"; then echo "$b: the compiled program's output differs"; continue; fi
    $CC -O2 -o "$OUT/$b.c_O2" "$HERE/c/$b.c" -lm
    interp=; [ "${INTERP:-1}" = 0 ] || interp=$(count "$ANGELC" run "$HERE/$b.as")
    comp=$(count "$OUT/$b")
    c=$(count "$OUT/$b.c_O2")
    jit=; command -v luajit >/dev/null && jit=$(count luajit "$HERE/$b.lua")
    printf '%-7s %12s %12s %12s %12s %10s %10s\n' "$b" "$(millions "$interp")" "$(millions "$comp")" "$(millions "$c")" \
        "$(millions "$jit")" "$(ratio "$comp" "$c")" "$(ratio "$comp" "$jit")"
done
