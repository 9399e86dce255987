#!/bin/bash
# Instruction counts (valgrind, noise-free) of fib, loop, sieve and nbody: interpreted (angelc run),
# compiled to C (angelc aot --exe, docs/aot.md), hand-written C -O2 (bench/c/) and LuaJIT with its
# JIT on; the compiled program's output is checked against bench/expected/.
# Then the compile time of a generated 10,000-line script (below).
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

# Compile time of a 10,000-line script (bench/gen_compile.awk, N=940: 940 functions, classes, loops,
# strings, arrays): `angelc aot` and $CC -O2 -c of its C, in seconds of wall time (COMPILE=0 skips).
if [ "${COMPILE:-1}" != 0 ]; then
    awk -v N=940 -f "$HERE/gen_compile.awk" > "$OUT/big.as"
    now() { date +%s.%N; }
    t0=$(now); "$ANGELC" aot "$OUT/big.as" -o "$OUT/big.c" || echo "big: angelc aot failed"
    t1=$(now); $CC -O2 -I"$HERE/../include" -c "$OUT/big.c" -o "$OUT/big.o" || echo "big: $CC failed"
    t2=$(now)
    awk -v l="$(wc -l < "$OUT/big.as")" -v b="$(wc -c < "$OUT/big.c")" -v t0="$t0" -v t1="$t1" -v t2="$t2" -v cc="$CC" \
        'BEGIN { printf "compile: a %d-line script: angelc aot %.1f s, %s -O2 -c %.1f s (%.1f MB of C)\n", l, t1 - t0, cc, t2 - t1, b / 1e6 }'
fi
