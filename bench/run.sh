#!/usr/bin/env bash
# bench/run.sh: the benchmark suite behind `make bench`.
#
# Runs every benchmark under angelc and its peers in the same run -- the reference engine
# (AngelScript 2.38 built from ../shared/reference/as-2.38 when that is there, else Debian's
# build/ashost-2.35; and the bench's own reference programs), Lua 5.4, LuaJIT with the JIT off
# (-joff) and on -- for ROUNDS rounds, the peers in a rotating order each time, and reports the
# median time and the peak memory (max RSS of the process) of each, checked against the expected
# output in bench/expected/. A peer that is not installed is skipped with a line saying so.
#
# Environment:
#   ROUNDS=N         rounds per benchmark (default 5)
#   BENCH_ONLY="a b" run only these benchmarks (names as in the table; bindcall and lsp for those tables)
#   BENCH_TIMEOUT=S  seconds before a run is killed (default 300)
#   STARTUP_RUNS=N   process launches averaged per sample in the start-up row (default 20)
#   BUILD=DIR        angelc's CMake build directory (default build/); helpers go to DIR/bench
#   CC, CXX          compilers for the helpers (default cc, g++)
#   LUA, LUAJIT      the Lua 5.4 and LuaJIT interpreters (default lua5.4, luajit)
#   REF238=DIR       the AngelScript 2.38 build (include/, lib/libangelscript.a) for the reference
#   INSTR=0          no instruction counts; INSTR_TIMEOUT=S caps one valgrind run (default 900),
#   INSTR_JOBS=N     valgrind runs side by side (default: the number of cores)
#   HEAP=0           no heap peaks (valgrind massif, after the instruction counts)
#
# Only needs bash, awk and a C compiler (GNU time is not used: bench/measure.c takes wall time
# and max RSS from wait4()). The Makefile builds build/angelc and, with angelscript-dev, build/ashost-2.35.
set -u
export LC_ALL=C

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BENCH=$ROOT/bench
BUILD=${BUILD:-$ROOT/build}
case $BUILD in /*) ;; *) BUILD=$ROOT/$BUILD ;; esac
OUT=$BUILD/bench
ROUNDS=${ROUNDS:-5}
ONLY=${BENCH_ONLY:-}
TIMEOUT=${BENCH_TIMEOUT:-300}
STARTUP_RUNS=${STARTUP_RUNS:-20}
SETUP_ENGINES=50
LUA=${LUA:-lua5.4}
LUAJIT=${LUAJIT:-luajit}
CC=${CC:-cc}
CXX=${CXX:-g++}
case $ROUNDS in '' | *[!0-9]* | 0) echo "bench: ROUNDS must be a positive integer" >&2; exit 2 ;; esac

mkdir -p "$OUT/runs"
rm -f "$OUT"/runs/* "$OUT/lsp.status"

say() { printf '%s\n' "$*"; }
note() { printf '%s\n' "$*" >>"$OUT/notes.txt"; }
: >"$OUT/notes.txt"

# ------------------------------------------------------------------------------------ helpers
# build OUTPUT SOURCES... -- COMMAND...: runs COMMAND when OUTPUT is missing or older than a source.
build() {
    local out=$1; shift
    local srcs=() stale=0
    while [ "$1" != -- ]; do srcs+=("$1"); shift; done
    shift
    [ -x "$out" ] || stale=1
    for s in "${srcs[@]}"; do [ "$s" -nt "$out" ] && stale=1; done
    [ $stale = 0 ] && return 0
    if ! "$@" >"$OUT/build.log" 2>&1; then
        say "bench: building $(basename "$out") failed:" >&2
        sed 's/^/  /' "$OUT/build.log" | head -20 >&2
        rm -f "$out"
        return 1
    fi
}

if [ ! -x "$BUILD/angelc" ] || [ ! -f "$BUILD/libangelc.a" ]; then
    say "bench: $BUILD/angelc or libangelc.a is missing; run make first (make bench does)" >&2
    exit 2
fi
CFLAGS="-O2 -std=c11 -w"
build "$OUT/measure" "$BENCH/measure.c" -- $CC -O2 -o "$OUT/measure" "$BENCH/measure.c" || exit 2
build "$OUT/hostcall" "$BENCH/hostcall.c" "$BUILD/libangelc.a" -- \
    $CC $CFLAGS -I"$ROOT/include" -o "$OUT/hostcall" "$BENCH/hostcall.c" "$BUILD/libangelc.a" -lffi -lm
# achost registers what `angelc run` does: it links the command line's sources but the two main()s.
TOOL_SRCS=()
for f in "$ROOT"/tools/angelc/*.c; do case $(basename "$f") in main.c | cli_main.c) ;; *) TOOL_SRCS+=("$f") ;; esac; done
build "$OUT/achost" "$BENCH/achost.c" "${TOOL_SRCS[@]}" "$ROOT/tools/angelc/host.h" "$BUILD/libangelc.a" -- \
    $CC $CFLAGS -I"$ROOT/include" -I"$ROOT/tools/angelc" -o "$OUT/achost" "$BENCH/achost.c" \
    "${TOOL_SRCS[@]}" "$BUILD/libangelc.a" -lffi -lm

# The reference engine: AngelScript 2.38.0 when its build is there (REF238, default
# ../shared/reference/as-2.38 beside the repository; tests/reference/ashost.cpp and the bench's
# reference programs are built against it, with suffix 238), else Debian's angelscript-dev
# (build/ashost-2.35, which the Makefile builds). REFHOST runs the scripts, REFSUF names the helpers.
HAVE_REF=0 HAVE_LUA=0 HAVE_LUAJIT=0
REF238=${REF238:-$ROOT/../shared/reference/as-2.38}
REFHOST= REFSUF= REFVER= REFLIBS=
if [ -f "$REF238/lib/libangelscript.a" ] && [ -f "$REF238/include/angelscript.h" ]; then
    REF238=$(cd "$REF238" && pwd)
    REFLIBS="-I$REF238/include $REF238/lib/libangelscript.a -lpthread"
    if build "$OUT/ashost238" "$ROOT/tests/reference/ashost.cpp" "$REF238/lib/libangelscript.a" -- \
        $CXX -O2 -DAS_USE_NAMESPACE -o "$OUT/ashost238" "$ROOT/tests/reference/ashost.cpp" $REFLIBS; then
        REFHOST=$OUT/ashost238 REFSUF=238 REFVER="2.38.0 ($REF238)"
    else
        say "reference: building tests/reference/ashost.cpp against $REF238 failed; trying Debian's"
    fi
fi
if [ -z "$REFHOST" ] && [ -x "$BUILD/ashost-2.35" ]; then
    REFHOST=$BUILD/ashost-2.35 REFSUF= REFLIBS="-langelscript -langelscript-addon -lpthread"
    REFVER="$(dpkg-query -W -f='${Version}' angelscript-dev 2>/dev/null || echo '?') (Debian's angelscript-dev)"
fi
if [ -n "$REFHOST" ]; then
    HAVE_REF=1
    say "reference: AngelScript $REFVER, host ${REFHOST#$ROOT/}"
    build "$OUT/hostcall_ref$REFSUF" "$BENCH/hostcall_ref.cpp" -- \
        $CXX -O2 -DAS_USE_NAMESPACE -o "$OUT/hostcall_ref$REFSUF" "$BENCH/hostcall_ref.cpp" $REFLIBS
    build "$OUT/refhost$REFSUF" "$BENCH/refhost.cpp" -- \
        $CXX -O2 -DAS_USE_NAMESPACE -o "$OUT/refhost$REFSUF" "$BENCH/refhost.cpp" $REFLIBS
else
    say "reference: neither $REF238 nor $BUILD/ashost available (needs g++ and angelscript-dev: apt-get install -y g++ angelscript-dev), skipped"
fi
command -v "$LUA" >/dev/null 2>&1 && HAVE_LUA=1 ||
    say "lua5.4: $LUA not installed (apt-get install -y lua5.4), skipped"
command -v "$LUAJIT" >/dev/null 2>&1 && HAVE_LUAJIT=1 ||
    say "luajit: $LUAJIT not installed (apt-get install -y luajit), skipped (luajit -joff and luajit)"

LUA_CFLAGS=$(pkg-config --cflags lua5.4 2>/dev/null) && LUA_LIBS=$(pkg-config --libs lua5.4 2>/dev/null) ||
    { LUA_CFLAGS=-I/usr/include/lua5.4 LUA_LIBS=-llua5.4; }
if printf '#include <lua.h>\n' | $CC $LUA_CFLAGS -E -x c - >/dev/null 2>&1; then
    build "$OUT/luahost" "$BENCH/luahost.c" -- $CC -O2 $LUA_CFLAGS -o "$OUT/luahost" "$BENCH/luahost.c" $LUA_LIBS
    build "$OUT/hostcall_lua" "$BENCH/hostcall_lua.c" -- \
        $CC $CFLAGS $LUA_CFLAGS -o "$OUT/hostcall_lua" "$BENCH/hostcall_lua.c" $LUA_LIBS
elif [ $HAVE_LUA = 1 ]; then
    say "liblua5.4-dev: not installed (apt-get install -y liblua5.4-dev): no Lua host, so no Lua 5.4 ncall/hostcall"
fi
if pkg-config --exists luajit 2>/dev/null; then
    JCF=$(pkg-config --cflags luajit) JLIBS=$(pkg-config --libs luajit)
    build "$OUT/hostcall_luajit" "$BENCH/hostcall_lua.c" -- \
        $CC $CFLAGS $JCF -o "$OUT/hostcall_luajit" "$BENCH/hostcall_lua.c" $JLIBS
    build "$OUT/hostcall_luajit_off" "$BENCH/hostcall_lua.c" -- \
        $CC $CFLAGS -DHOSTCALL_JIT_OFF $JCF -o "$OUT/hostcall_luajit_off" "$BENCH/hostcall_lua.c" $JLIBS
fi

COMPILE_FUNCS=3000
COMPILE_AS=$OUT/compile$COMPILE_FUNCS.as
awk -v N=$COMPILE_FUNCS -f "$BENCH/gen_compile.awk" >"$COMPILE_AS" || exit 2
COMPILE_LINES=$(wc -l <"$COMPILE_AS")

# ------------------------------------------------------------------------------ what to run
PEERS=(angelc ref lua54 joff jit)
SCRIPTS=(fib loop sieve nbody trees strings methods ncall method_call member_array handle_array string_nums dictionary float_calls)
EXTRAS=(hostcall compile setup startup)
ALL=("${SCRIPTS[@]}" "${EXTRAS[@]}")
if [ -n "$ONLY" ]; then
    sel=()
    for b in "${ALL[@]}"; do case " $ONLY " in *" $b "*) sel+=("$b") ;; esac; done
    ALL=("${sel[@]}")
    [ ${#ALL[@]} -gt 0 ] || case " $ONLY " in *" bindcall "* | *" lsp "* | *" reload "*) ;; *)
        say "bench: BENCH_ONLY matches none of: ${SCRIPTS[*]} ${EXTRAS[*]} bindcall lsp reload" >&2; exit 2 ;; esac
fi

declare -A CMD KEY NA NRUN
q() { local s; printf -v s '%q ' "$@"; printf '%s' "$s"; }

# Sets CMD[b,p] (a quoted command line) and KEY[b,p] (wall, or the BENCH key the program prints
# on stderr), or NA[b,p] (why it does not run).
plan() {
    local b=$1 p=$2 as="$BENCH/$1.as" lua="$BENCH/$1.lua"
    KEY[$b,$p]=wall NRUN[$b,$p]=1
    case $p in
    ref) [ $HAVE_REF = 1 ] || { NA[$b,$p]="reference engine not installed"; return; } ;;
    lua54) [ $HAVE_LUA = 1 ] || { NA[$b,$p]="lua5.4 not installed"; return; } ;;
    joff | jit) [ $HAVE_LUAJIT = 1 ] || { NA[$b,$p]="luajit not installed"; return; } ;;
    esac
    local joff=()
    [ $p = joff ] && joff=(-joff)
    case $b in
    hostcall)
        KEY[$b,$p]=calls
        case $p in
        angelc) CMD[$b,$p]=$(q "$OUT/hostcall") ;;
        ref) [ -x "$OUT/hostcall_ref$REFSUF" ] && CMD[$b,$p]=$(q "$OUT/hostcall_ref$REFSUF") ||
            NA[$b,$p]="bench/hostcall_ref.cpp did not build" ;;
        lua54) [ -x "$OUT/hostcall_lua" ] && CMD[$b,$p]=$(q "$OUT/hostcall_lua") ||
            NA[$b,$p]="bench/hostcall_lua.c needs liblua5.4-dev" ;;
        joff) [ -x "$OUT/hostcall_luajit_off" ] && CMD[$b,$p]=$(q "$OUT/hostcall_luajit_off") ||
            NA[$b,$p]="bench/hostcall_lua.c for LuaJIT needs libluajit-5.1-dev" ;;
        jit) [ -x "$OUT/hostcall_luajit" ] && CMD[$b,$p]=$(q "$OUT/hostcall_luajit") ||
            NA[$b,$p]="bench/hostcall_lua.c for LuaJIT needs libluajit-5.1-dev" ;;
        esac ;;
    compile | setup)
        local file=$COMPILE_AS n=()
        KEY[$b,$p]=$b
        [ $b = setup ] && { file=$BENCH/empty.as; n=(-n "$SETUP_ENGINES"); }
        case $p in
        angelc) CMD[$b,$p]=$(q "$OUT/achost" "${n[@]}" "$file") ;;
        ref) [ -x "$OUT/refhost$REFSUF" ] && CMD[$b,$p]=$(q "$OUT/refhost$REFSUF" "${n[@]}" "$file") ||
            NA[$b,$p]="bench/refhost.cpp did not build" ;;
        *) NA[$b,$p]="AngelScript engines only" ;;
        esac ;;
    startup)
        NRUN[$b,$p]=$STARTUP_RUNS
        case $p in
        angelc) CMD[$b,$p]=$(q "$BUILD/angelc" run "$BENCH/empty.as") ;;
        ref) CMD[$b,$p]=$(q "$REFHOST" "$BENCH/empty.as") ;;
        lua54) CMD[$b,$p]=$(q "$LUA" "$BENCH/empty.lua") ;;
        joff | jit) CMD[$b,$p]=$(q "$LUAJIT" "${joff[@]}" "$BENCH/empty.lua") ;;
        esac ;;
    *)
        case $p in
        angelc) CMD[$b,$p]=$(q "$BUILD/angelc" run "$as") ;;
        ref) CMD[$b,$p]=$(q "$REFHOST" "$as") ;;
        lua54)
            if [ $b = ncall ]; then # calls the host function native_add: needs the Lua host
                [ -x "$OUT/luahost" ] && CMD[$b,$p]=$(q "$OUT/luahost" "$lua") ||
                    NA[$b,$p]="ncall.lua needs bench/luahost.c built against liblua5.4-dev"
            else
                CMD[$b,$p]=$(q "$LUA" "$lua")
            fi ;;
        joff | jit)
            case $b in
            ncall) NA[$b,$p]="ncall.lua needs the host function native_add and Lua 5.3 '&' (LuaJIT is Lua 5.1)" ;;
            trees) NA[$b,$p]="trees.lua uses the Lua 5.3 operator '<<' (LuaJIT is Lua 5.1)" ;;
            *) CMD[$b,$p]=$(q "$LUAJIT" "${joff[@]}" "$lua") ;;
            esac ;;
        esac ;;
    esac
}
for b in "${ALL[@]}"; do for p in "${PEERS[@]}"; do plan "$b" "$p"; done; done

# Expected output of benchmark b for peer p: a known deviation (expected/b.p.out, or b.lua.out for
# the Lua peers, with its reason in the .why file) is accepted and marked; anything else must
# match expected/b.out exactly.
expected_alt() {
    local b=$1 p=$2
    [ -f "$BENCH/expected/$b.$p.out" ] && { echo "$b.$p"; return; }
    case $p in lua54 | joff | jit) [ -f "$BENCH/expected/$b.lua.out" ] && echo "$b.lua" ;; esac
}

# ------------------------------------------------------------------------------------ run
declare -A TIMES RSS STATE WHY
MEASURE=$OUT/measure
npeers=${#PEERS[@]}
echo "bench: $ROUNDS round(s) of ${#ALL[@]} benchmarks; peers alternate within each round (progress on stderr)"
for ((r = 1; r <= ROUNDS; r++)); do
    printf 'round %d/%d:' "$r" "$ROUNDS" >&2
    bi=0
    for b in "${ALL[@]}"; do
        printf ' %s' "$b" >&2
        for ((k = 0; k < npeers; k++)); do
            p=${PEERS[$(((k + r - 1 + bi) % npeers))]}
            [ -n "${CMD[$b,$p]:-}" ] || continue
            case ${STATE[$b,$p]:-} in fail) continue ;; esac
            run=$OUT/runs/$b.$p.$r
            eval "$(q "$MEASURE" -n "${NRUN[$b,$p]}" -t "$TIMEOUT" -o "$run.res" --) ${CMD[$b,$p]}" \
                </dev/null >"$run.out" 2>"$run.err"
            read -r wall rss status <"$run.res" || { wall=0 rss=0 status=noresult; }
            if [ "$status" != 0 ]; then
                STATE[$b,$p]=fail
                case $status in timeout) WHY[$b,$p]="timed out after ${TIMEOUT}s" ;;
                sig*) WHY[$b,$p]="killed by signal ${status#sig}" ;;
                *) WHY[$b,$p]="exit status $status" ;; esac
                [ -s "$run.err" ] && WHY[$b,$p]="${WHY[$b,$p]}; stderr: $(head -c 300 "$run.err" | tr '\n' ' ')"
                continue
            fi
            t=$wall
            if [ "${KEY[$b,$p]}" != wall ]; then
                t=$(awk -v k="${KEY[$b,$p]}" '$1 == "BENCH" && $2 == k { v = $3 } END { print v }' "$run.err")
                if [ -z "$t" ]; then
                    STATE[$b,$p]=fail WHY[$b,$p]="printed no 'BENCH ${KEY[$b,$p]}' time"
                    continue
                fi
            fi
            TIMES[$b,$p]="${TIMES[$b,$p]:-} $t"
            [ "$rss" -gt "${RSS[$b,$p]:-0}" ] && RSS[$b,$p]=$rss
            if cmp -s "$run.out" "$BENCH/expected/$b.out"; then
                : "${STATE[$b,$p]:=ok}"
            else
                alt=$(expected_alt "$b" "$p")
                if [ -n "$alt" ] && cmp -s "$run.out" "$BENCH/expected/$alt.out"; then
                    [ "${STATE[$b,$p]:-ok}" = ok ] && STATE[$b,$p]=dev &&
                        WHY[$b,$p]=$(cat "$BENCH/expected/$alt.why" 2>/dev/null || echo "known deviation")
                else
                    STATE[$b,$p]=bad
                    WHY[$b,$p]="printed '$(head -c 200 "$run.out" | tr '\n' '|')', expected '$(tr '\n' '|' <"$BENCH/expected/$b.out")'"
                fi
            fi
        done
        bi=$((bi + 1))
    done
    echo >&2
done

# -------------------------------------------------------------------------- instruction counts
# Wall time on a shared machine is noisy; instruction counts are not. Each script benchmark runs
# once more under valgrind for every peer that passed (INSTR=0 skips this, INSTR_TIMEOUT caps a
# run). cachegrind without its cache simulation counts the same instructions as callgrind at
# about half the cost, and the counts do not depend on load, so INSTR_JOBS of them (default: one
# per core) run side by side: the whole table, the reference's runs included, fits in one run.
# under_valgrind MEASURE RESULTS DIR "BENCHMARKS" PEER...: MEASURE "COMMAND" (printing one figure)
# for each of the benchmarks (names separated by spaces) that is in ALL and each peer whose run
# passed, INSTR_JOBS side by side, each into DIR/BENCH.PEER; then RESULTS[BENCH,PEER] (an
# associative array, by name) holds the figures.
under_valgrind() {
    local measure=$1 dir=$3 wanted=" $4 " b p
    local -n results=$2
    shift 4
    for b in "${ALL[@]}"; do
        case "$wanted" in *" $b "*) ;; *) continue ;; esac
        printf ' %s' "$b" >&2
        for p in "$@"; do
            [ -n "${CMD[$b,$p]:-}" ] && [ "${STATE[$b,$p]:-}" != fail ] && [ "${STATE[$b,$p]:-}" != bad ] || continue
            while [ "$(jobs -rp | wc -l)" -ge "$INSTR_JOBS" ]; do wait -n; done
            "$measure" "${CMD[$b,$p]}" >"$dir/$b.$p" &
        done
    done
    wait
    for b in "${ALL[@]}"; do
        for p in "$@"; do
            [ -s "$dir/$b.$p" ] && results[$b,$p]=$(cat "$dir/$b.$p")
        done
    done
    return 0
}
declare -A IR
# ir_count COMMAND: millions of instructions COMMAND (a string, as in CMD) runs, or nothing.
ir_count() {
    eval "timeout ${INSTR_TIMEOUT:-900} valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null $1" \
        2>&1 >/dev/null </dev/null | awk '/I +refs:/ { gsub(",", "", $NF); printf "%.0f", $NF / 1e6 }'
}
if [ "${INSTR:-1}" != 0 ] && command -v valgrind >/dev/null 2>&1; then
    INSTR_JOBS=${INSTR_JOBS:-$(nproc 2>/dev/null || echo 2)}
    mkdir -p "$OUT/ir"
    rm -f "$OUT"/ir/*
    printf 'instruction counts (valgrind --tool=cachegrind, %s at a time):' "$INSTR_JOBS" >&2
    ir_start=$SECONDS
    under_valgrind ir_count IR "$OUT/ir" "${SCRIPTS[*]}" "${PEERS[@]}"
    printf ' (%d s)\n' $((SECONDS - ir_start)) >&2
    note "instruction counts: valgrind --tool=cachegrind --cache-sim=no, $INSTR_JOBS at a time, $((SECONDS - ir_start)) s"
else
    note "instruction counts: skipped (INSTR=0 or no valgrind: apt-get install -y valgrind)"
fi

# ------------------------------------------------------------------------------ heap peaks
# Peak memory as the heap at its peak (valgrind massif: the bytes asked for plus the allocator's
# overhead), which max RSS (the main table) blurs with the binary, the shared libraries and pages
# the allocator keeps. Every row that runs as one process runs once more under massif for
# angelc, the reference and Lua 5.4, INSTR_JOBS side by side (HEAP=0 skips this). LuaJIT is left
# out: it takes its memory with mmap, which massif does not count as heap.
declare -A HEAPMB
# heap_peak COMMAND: the heap peak of COMMAND (a string, as in CMD) in MiB, or nothing.
heap_peak() {
    local f
    f=$(mktemp "$OUT/heap/massif.XXXXXX") || return 0
    eval "timeout ${INSTR_TIMEOUT:-900} valgrind --tool=massif --massif-out-file=$(q "$f") $1" >/dev/null 2>&1 </dev/null
    awk -F= '/^mem_heap_B=/ { h = $2 } /^mem_heap_extra_B=/ { t = h + $2; if (t > m) m = t }
        END { if (m > 0) printf "%.2f", m / 1048576 }' "$f"
    rm -f "$f"
}
if [ "${HEAP:-1}" != 0 ] && command -v valgrind >/dev/null 2>&1; then
    INSTR_JOBS=${INSTR_JOBS:-$(nproc 2>/dev/null || echo 2)}
    mkdir -p "$OUT/heap"
    rm -f "$OUT"/heap/*
    printf 'heap peaks (valgrind --tool=massif, %s at a time):' "$INSTR_JOBS" >&2
    heap_start=$SECONDS
    under_valgrind heap_peak HEAPMB "$OUT/heap" "${ALL[*]}" angelc ref lua54
    printf ' (%d s)\n' $((SECONDS - heap_start)) >&2
    note "heap peaks: valgrind --tool=massif, $INSTR_JOBS at a time, $((SECONDS - heap_start)) s"
else
    note "heap peaks: skipped (HEAP=0 or no valgrind: apt-get install -y valgrind)"
fi

# ------------------------------------------------------------------------ the binding toolkit
# bench/bindcall.c and its reference twin: script->C calls through the toolkit's lines (native
# and libffi-dispatched), through angelc.h, and the time to bind 1,000 classes of 10 methods.
BINDCALL_METRICS="direct dispatch raw string bind rawbind"
declare -A BC
# Millions of instructions a command runs (valgrind --tool=cachegrind), or nothing.
ir_of() {
    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
        awk '/I +refs:/ { gsub(",", "", $NF); printf "%.1f", $NF / 1e6 }'
}
bindcall_run() {
    case " $ONLY " in "  " | *" bindcall "*) ;; *) return 0 ;; esac
    build "$OUT/bindcall" "$BENCH/bindcall.c" "$BUILD/libangelc.a" -- \
        $CC $CFLAGS -I"$ROOT/include" -o "$OUT/bindcall" "$BENCH/bindcall.c" "$BUILD/libangelc.a" -lffi -lm || return 0
    [ $HAVE_REF = 1 ] && build "$OUT/bindcall_ref$REFSUF" "$BENCH/bindcall_ref.cpp" -- \
        $CXX -O2 -DAS_USE_NAMESPACE -o "$OUT/bindcall_ref$REFSUF" "$BENCH/bindcall_ref.cpp" $REFLIBS
    local r p exe mode
    for r in $(seq "$ROUNDS"); do
        for p in angelc ref; do
            exe=$OUT/bindcall; [ $p = ref ] && exe=$OUT/bindcall_ref$REFSUF
            [ -x "$exe" ] || continue
            # the calls, then each way of binding in a fresh process
            for mode in calls toolkit raw; do
                case $p,$mode in
                *,calls) "$exe" ;;
                angelc,*) "$exe" --bind $mode ;;
                ref,toolkit) "$exe" --bind ;;
                *) continue ;;
                esac >"$OUT/runs/bindcall.$p.out" 2>"$OUT/runs/bindcall.$p.err" || continue
                while read -r tag name secs; do
                    [ "$tag" = BENCH ] && BC[$p,$name]="${BC[$p,$name]:-} $secs"
                done <"$OUT/runs/bindcall.$p.err"
            done
        done
    done
}
instr_report() {
    local b p line any=0
    for b in "${ALL[@]}"; do for p in "${PEERS[@]}"; do [ -n "${IR[$b,$p]:-}" ] && any=1; done; done
    [ $any = 1 ] || return 0
    echo
    echo "instructions (millions, valgrind --tool=cachegrind; noise-free) and angelc/peer ratios:"
    printf '%-14s' benchmark
    for p in "${PEERS[@]}"; do printf ' | %-12s' "$p"; done
    for p in "${PEERS[@]:1}"; do printf ' | %-10s' "angelc/$p"; done
    echo
    for b in "${ALL[@]}"; do
        [ -n "${IR[$b,angelc]:-}" ] || continue
        printf '%-14s' "$b"
        for p in "${PEERS[@]}"; do printf ' | %-12s' "${IR[$b,$p]:--}"; done
        for p in "${PEERS[@]:1}"; do
            printf ' | %-10s' "$(awk -v a="${IR[$b,angelc]}" -v r="${IR[$b,$p]:-0}" 'BEGIN { print (r > 0) ? sprintf("%.2f", a / r) : "-" }')"
        done
        echo
    done
    # geometric means of the ratios, and the benchmarks where angelc runs more instructions
    for p in "${PEERS[@]:1}"; do
        for b in "${ALL[@]}"; do
            [ -n "${IR[$b,angelc]:-}" ] && [ -n "${IR[$b,$p]:-}" ] && printf '%s %s %s\n' "$b" "${IR[$b,angelc]}" "${IR[$b,$p]}"
        done | awk -v p="$p" '$2 > 0 && $3 > 0 { s += log($2 / $3); n++; if ($2 > $3) slower = slower " " $1 }
            END { if (n) printf("  vs %-16s geometric mean %.3f -> angelc %.2fx %s (%d benchmarks)%s\n", p ":", exp(s / n),
                  exp(s / n) <= 1 ? 1 / exp(s / n) : exp(s / n), exp(s / n) <= 1 ? "fewer" : "more", n,
                  slower == "" ? "; fewer on every one" : "; more on:" slower) }'
    done
}
heap_report() {
    local b p any=0 over=
    for b in "${ALL[@]}"; do [ -n "${HEAPMB[$b,angelc]:-}" ] && any=1; done
    [ $any = 1 ] || return 0
    echo
    echo "heap peak (MiB, valgrind --tool=massif: useful bytes plus the allocator's overhead) and angelc/peer ratios:"
    printf '%-14s | %-10s | %-10s | %-10s | %-10s | %-10s\n' benchmark angelc ref lua54 angelc/ref angelc/lua54
    for b in "${ALL[@]}"; do
        [ -n "${HEAPMB[$b,angelc]:-}" ] || continue
        printf '%-14s | %-10s | %-10s | %-10s' "$b" "${HEAPMB[$b,angelc]}" "${HEAPMB[$b,ref]:--}" "${HEAPMB[$b,lua54]:--}"
        for p in ref lua54; do
            printf ' | %-10s' "$(awk -v a="${HEAPMB[$b,angelc]}" -v r="${HEAPMB[$b,$p]:-0}" 'BEGIN { print (r > 0) ? sprintf("%.2f", a / r) : "-" }')"
        done
        echo
        [ -n "${HEAPMB[$b,ref]:-}" ] && awk -v a="${HEAPMB[$b,angelc]}" -v r="${HEAPMB[$b,ref]}" 'BEGIN { exit !(a > r) }' && over="$over $b"
    done
    if [ -n "$over" ]; then echo "  heap peak above the reference's on:$over"
    else echo "  heap peak at or below the reference's on every row both ran"; fi
    # the binary beside it: its code and data are not heap
    if command -v size >/dev/null 2>&1; then
        size "$BUILD/angelc" | awk -v f="$(wc -c <"$BUILD/angelc")" 'NR == 2 { printf "  angelc binary: %d bytes of text, %d of data, %d of bss (file %d bytes)\n", $1, $2, $3, f }'
    fi
}
# The language server on a 10,000-line project (bench/lsp.py, its own table): diagnostics after
# an edit, completion, hover, semantic tokens; 4 x ROUNDS requests each. Its exit status goes to
# lsp.status: 2 (a request not answered) fails make bench, 1 (slower than its targets) is reported.
lsp_report() {
    case " $ONLY " in "  " | *" lsp "*) ;; *) return 0 ;; esac
    echo
    if ! command -v python3 >/dev/null 2>&1 || ! "$BUILD/angelc" help lsp >/dev/null 2>&1; then
        echo "language server: not run (no python3, or angelc was built without cJSON)"
        return 0
    fi
    python3 "$BENCH/lsp.py" --angelc "$BUILD/angelc" --rounds $((ROUNDS * 4))
    echo $? >"$OUT/lsp.status"
}
bindcall_report() {
    [ -n "${BC[angelc,direct]:-}" ] || return 0
    echo
    echo "binding toolkit (bench/bindcall.c, bench/bindcall_ref.cpp): median of $ROUNDS round(s)"
    printf '%-48s | %-12s | %-12s | %s\n' "" angelc reference angelc/ref
    local name a r label unit
    for name in $BINDCALL_METRICS; do
        case $name in
        direct) label="script->C, toolkit line, engine's native call" ;;
        dispatch) label="script->C, toolkit line, Vec3 by value (libffi)" ;;
        raw) label="script->C, angelc.h AS_CALL_CDECL_OBJFIRST" ;;
        string) label="script->C, toolkit const char * <- string" ;;
        bind) label="bind 1,000 classes x 10 methods (toolkit)" ;;
        rawbind) label="bind 1,000 classes x 10 methods (angelc.h)" ;;
        esac
        a=$(median "${BC[angelc,$name]}")
        r=$(median "${BC[ref,$name]:-0}")
        awk -v l="$label" -v a="$a" -v r="$r" -v ms=$([ "$name" = bind ] || [ "$name" = rawbind ] && echo 1 || echo 0) 'BEGIN {
            if (ms) { x = sprintf("%.1f ms", a * 1e3); y = sprintf("%.1f ms", r * 1e3) }
            else { x = sprintf("%.1f ns", a * 1e9 / 2e6); y = sprintf("%.1f ns", r * 1e9 / 2e6) }
            if (r <= 0) y = "-"
            z = (r > 0) ? sprintf("%.2f", a / r) : "-"
            printf("%-48s | %-12s | %-12s | %s\n", l, x, y, z)
        }'
    done
    if command -v valgrind >/dev/null 2>&1; then
        local irt irr irf
        irt=$(ir_of "$OUT/bindcall" --bind toolkit); irr=$(ir_of "$OUT/bindcall" --bind raw)
        [ -x "$OUT/bindcall_ref$REFSUF" ] && irf=$(ir_of "$OUT/bindcall_ref$REFSUF" --bind) || irf=
        printf '%-48s | %-12s | %-12s | %s\n' "bind 1,000 x 10, instructions (toolkit)" "${irt:-?}M" "${irf:-?}M" \
            "$(awk -v a="${irt:-0}" -v r="${irf:-0}" 'BEGIN { print (a > 0 && r > 0) ? sprintf("%.2f", a / r) : "-" }')"
        printf '%-48s | %-12s | %-12s | %s\n' "bind 1,000 x 10, instructions (angelc.h)" "${irr:-?}M" "${irf:-?}M" \
            "$(awk -v a="${irr:-0}" -v r="${irf:-0}" 'BEGIN { print (a > 0 && r > 0) ? sprintf("%.2f", a / r) : "-" }')"
    fi
    echo "(per call: 2,000,000 calls from a script loop; the reference binds everything with its native"
    echo "conventions, its string function takes std::string; the reference's bind rows use RegisterObjectMethod)"
}
bindcall_run

# ------------------------------------------------------------------------------ hot reload
# bench/reload.c (angelc only: the reference has no hot reload): a soft reload of a 10,000-line
# module (gen_compile.awk, N=940) and full reloads migrating 25,000 to 100,000 live objects.
reload_run() {
    case " $ONLY " in "  " | *" reload "*) ;; *) return 0 ;; esac
    build "$OUT/reload" "$BENCH/reload.c" "$BUILD/libangelc.a" -- \
        $CC $CFLAGS -I"$ROOT/include" -o "$OUT/reload" "$BENCH/reload.c" "$BUILD/libangelc.a" -lffi -lm || return 0
    awk -v N=940 -f "$BENCH/gen_compile.awk" >"$OUT/reload10k.as" || return 0
    {
        "$OUT/reload" soft "$OUT/reload10k.as"
        for n in 25000 50000 100000; do "$OUT/reload" full $n; done
    } >"$OUT/runs/reload.out" 2>"$OUT/runs/reload.err" || echo "FAILED (see ${OUT#$ROOT/}/runs/reload.err)" >>"$OUT/runs/reload.out"
}
reload_report() {
    [ -s "$OUT/runs/reload.out" ] || return 0
    echo
    echo "hot reload (bench/reload.c; fastest of 5; wall time, and CPU time which a shared machine inflates less):"
    sed 's/^/  /' "$OUT/runs/reload.out"
}
reload_run

# ---------------------------------------------------------------------------------- report
median() { printf '%s\n' $1 | sort -g | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
DATA=$OUT/results.tsv
: >"$DATA"
for b in "${ALL[@]}"; do
    kind=script
    case " ${EXTRAS[*]} " in *" $b "*) kind=extra ;; esac
    for p in "${PEERS[@]}"; do
        if [ -n "${NA[$b,$p]:-}" ]; then
            printf '%s\t%s\t%s\tna\t0\t0\t%s\n' "$b" "$kind" "$p" "${NA[$b,$p]}" >>"$DATA"
        elif [ "${STATE[$b,$p]:-}" = fail ]; then
            printf '%s\t%s\t%s\tfail\t0\t0\t%s\n' "$b" "$kind" "$p" "${WHY[$b,$p]}" >>"$DATA"
        else
            m=$(median "${TIMES[$b,$p]:-0}")
            printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$b" "$kind" "$p" "${STATE[$b,$p]:-ok}" "$m" "${RSS[$b,$p]:-0}" \
                "${WHY[$b,$p]:-}" >>"$DATA"
        fi
    done
done

{
    echo
    echo "angelc benchmarks: median of $ROUNDS round(s), $(nproc 2>/dev/null || echo '?') CPU(s), load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
    printf 'angelc: %s' "$("$BUILD/angelc" --version 2>&1)"
    [ $HAVE_REF = 1 ] && printf ' | reference: AngelScript %s' "${REFVER%% *}"
    [ $HAVE_LUA = 1 ] && printf ' | %s' "$("$LUA" -v 2>&1 | cut -d' ' -f1-2)"
    [ $HAVE_LUAJIT = 1 ] && printf ' | %s' "$("$LUAJIT" -v 2>&1 | cut -d' ' -f1-2)"
    echo
    awk -F'\t' -v startup_runs="$STARTUP_RUNS" -v setup_n="$SETUP_ENGINES" -v lines="$COMPILE_LINES" \
        -v funcs="$COMPILE_FUNCS" -v rounds="$ROUNDS" -f - "$DATA" <<'AWK'
function fmt_t(t) {
    if (t >= 1) return sprintf("%.3fs", t)
    if (t >= 0.001) return sprintf("%.1fms", t * 1e3)
    return sprintf("%.1fus", t * 1e6)
}
function cell(b, p,   s) {
    s = st[b, p]
    if (s == "na") return "-"
    if (s == "fail") return "FAILED"
    return sprintf("%s%s %.1fM", fmt_t(tm[b, p]), s == "dev" ? "~" : s == "bad" ? "!" : "", rss[b, p] / 1024)
}
function usable(b, p) { return (st[b, p] == "ok" || st[b, p] == "dev") && tm[b, p] > 0 }
function ratio(b, p,   r) {
    if (st[b, p] == "na" || st[b, "angelc"] == "na") return "-"
    if (!usable(b, "angelc") || !usable(b, p)) return "invalid"
    r = tm[b, "angelc"] / tm[b, p]
    return sprintf(r > 1 ? "%.2f (%.2fx)" : "%.2f (%.1fx)", r, 1 / r)
}
BEGIN {
    np = split("angelc ref lua54 joff jit", P, " ")
    label["angelc"] = "angelc"; label["ref"] = "reference"; label["lua54"] = "lua5.4"
    label["joff"] = "luajit -joff"; label["jit"] = "luajit"
    title["fib"] = "fib"; title["loop"] = "loop"; title["sieve"] = "sieve"; title["nbody"] = "nbody"
    title["trees"] = "trees"; title["strings"] = "strings"; title["methods"] = "methods"
    title["ncall"] = "ncall"; title["method_call"] = "method_call"
    title["hostcall"] = "hostcall 1M"; title["compile"] = "compile " funcs
    title["setup"] = "engine setup"; title["startup"] = "startup (proc)"
}
{
    b = $1
    if (!(b in seen)) { seen[b] = 1; order[++nb] = b; kind[b] = $2 }
    st[b, $3] = $4; tm[b, $3] = $5 + 0; rss[b, $3] = $6 + 0; why[b, $3] = $7
}
END {
    W = 14; C = 15; R = 13
    printf "%-" W "s", "benchmark"
    for (i = 1; i <= np; i++) printf " | %-" C "s", label[P[i]]
    for (i = 2; i <= np; i++) printf " | %-" R "s", "angelc/" (P[i] == "ref" ? "ref" : P[i] == "lua54" ? "lua5.4" : P[i])
    printf "\n"
    line = sprintf("%" W "s", ""); gsub(/ /, "-", line); printf "%s", line
    for (i = 1; i <= np; i++) { line = sprintf("%" (C + 2) "s", ""); gsub(/ /, "-", line); printf "-|%s", substr(line, 2) }
    for (i = 2; i <= np; i++) { line = sprintf("%" (R + 2) "s", ""); gsub(/ /, "-", line); printf "-|%s", substr(line, 2) }
    printf "\n"
    for (j = 1; j <= nb; j++) {
        b = order[j]
        if (j > 1 && kind[b] != kind[order[j - 1]]) {
            line = sprintf("%" W "s", ""); gsub(/ /, "-", line); printf "%s", line
            for (i = 1; i <= np; i++) { line = sprintf("%" (C + 2) "s", ""); gsub(/ /, "-", line); printf "-|%s", substr(line, 2) }
            for (i = 2; i <= np; i++) { line = sprintf("%" (R + 2) "s", ""); gsub(/ /, "-", line); printf "-|%s", substr(line, 2) }
            printf "\n"
        }
        printf "%-" W "s", (b in title) ? title[b] : b
        for (i = 1; i <= np; i++) printf " | %-" C "s", cell(b, P[i])
        for (i = 2; i <= np; i++) printf " | %-" R "s", ratio(b, P[i])
        printf "\n"
    }
    print ""
    print "Cells: median time and peak memory (max RSS, MiB). Ratio columns: angelc time / peer time (below 1:"
    print "angelc is faster), and in brackets the speed-up peer time / angelc time. ~ = known deviation of the"
    print "peer's output (accepted, listed below); ! = wrong output (invalid, no ratio); FAILED = crashed or timed out."
    print "Rows: the scripts run as processes (angelc run X.as, ashost X.as, lua5.4/luajit X.lua; wall time)."
    print "hostcall 1M = 1,000,000 calls of a script function f(a, b) from the host C API (loop time only);"
    printf "compile = as_module_build / Build() of a generated %d-line, %d-function script (bench/gen_compile.awk);\n", lines, funcs
    printf "engine setup = engine creation + registration of all add-ons, mean of %d; startup (proc) = mean wall time\n", setup_n
    printf "of %d launches of an empty script (void main() {} / an empty .lua).\n", startup_runs
    print ""
    # per-row details
    if (("hostcall", "angelc") in st) {
        printf "host->script calls, ns per call:"
        for (i = 1; i <= np; i++) if (usable("hostcall", P[i])) printf "  %s %.1f", label[P[i]], tm["hostcall", P[i]] * 1e9 / 1e6
        printf "\n"
    }
    if (("compile", "angelc") in st) {
        printf "compile speed, lines per second:"
        for (i = 1; i <= np; i++) if (usable("compile", P[i])) printf "  %s %.0f", label[P[i]], lines / tm["compile", P[i]]
        printf "\n"
    }
    # notes: deviations, failures, not run
    nn = 0
    for (j = 1; j <= nb; j++) for (i = 1; i <= np; i++) {
        b = order[j]; p = P[i]; s = st[b, p]
        if (s == "dev") notes[++nn] = sprintf("~ %s / %s: known deviation: %s", b, label[p], why[b, p])
        else if (s == "bad") notes[++nn] = sprintf("! %s / %s: WRONG OUTPUT, result invalid: %s", b, label[p], why[b, p])
        else if (s == "fail") notes[++nn] = sprintf("FAILED %s / %s: %s", b, label[p], why[b, p])
    }
    for (j = 1; j <= nb; j++) for (i = 1; i <= np; i++) {
        b = order[j]; p = P[i]
        if (st[b, p] == "na" && why[b, p] != "AngelScript engines only" && why[b, p] !~ /not installed$/) notes[++nn] = sprintf("- %s / %s: not run: %s", b, label[p], why[b, p])
    }
    if (("ncall", "lua54") in st && st["ncall", "lua54"] != "na")
        notes[++nn] = "ncall / lua5.4 runs in bench/luahost.c (Lua 5.4 with native_add registered), not the lua5.4 binary"
    if (nn) { print ""; for (i = 1; i <= nn; i++) print notes[i] }
    # summary
    print ""
    print "Summary (geometric mean of angelc time / peer time over the benchmarks both ran validly):"
    nsum = 0
    for (i = 2; i <= np; i++) {
        p = P[i]
        for (g = 1; g <= 2; g++) {
            n = 0; sum = 0
            for (j = 1; j <= nb; j++) {
                b = order[j]
                if (g == 1 && kind[b] != "script") continue
                if (usable(b, "angelc") && usable(b, p)) { n++; sum += log(tm[b, "angelc"] / tm[b, p]) }
            }
            if (n == 0) continue
            gm = exp(sum / n); nsum++
            printf "  vs %-13s %-22s %5.2f  -> angelc %.2fx %s (%d benchmarks)\n", label[p] ":",
                g == 1 ? "scripts" : "all rows", gm, gm < 1 ? 1 / gm : gm, gm < 1 ? "faster" : "slower", n
        }
    }
    if (!nsum) print "  (no peer has a valid result to compare with)"
}
AWK
    instr_report
    heap_report
    bindcall_report
    lsp_report
    reload_report
} | tee "$OUT/results.txt"
echo "(also in ${OUT#$ROOT/}/results.txt; raw runs in ${OUT#$ROOT/}/runs/)"
# A wrong output or a crash of angelc itself makes `make bench` fail.
[ "$(cat "$OUT/lsp.status" 2>/dev/null)" != 2 ] || { echo "bench: the language server did not answer (bench/lsp.py)"; exit 1; }
awk -F'\t' '$3 == "angelc" && ($4 == "bad" || $4 == "fail") { bad = 1 } END { exit bad }' "$DATA"
