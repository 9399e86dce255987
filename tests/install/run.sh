#!/usr/bin/env bash
# Installs angelc into a temporary prefix and builds tests/install/host.c against it, the three
# ways the README shows, running each host:
#   1. pkg-config  (shared library, then libangelc.a with pkg-config --static's libraries)
#   2. find_package(angelc CONFIG)  (angelc::angelc and angelc::angelc_static)
#   3. add_subdirectory(angelc) and FetchContent from a parent project
# plus the public headers compiled as C++ when a C++ compiler is there.
#
#   tests/install/run.sh            install from $BUILD (default build/; configured and built if
#                                   needed) with cmake --install --prefix
#   tests/install/run.sh --system   no install: use the angelc installed on the system (the
#                                   Debian packages), ways 1 and 2 only
# The last line is `N passed, N failed`.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
here=$root/tests/install
JOBS=${JOBS:-2}
CC=${CC:-gcc}
CXX=${CXX:-g++}
system=0
[ "${1:-}" = --system ] && system=1

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
say() { printf '\n==> %s\n' "$*"; }
# check NAME COMMAND...: runs COMMAND (output to a log, shown on failure) and counts the result.
check() {
    local name=$1; shift
    if "$@" >"$work/log" 2>&1; then
        passed=$((passed + 1))
        echo "PASS $name"
    else
        failed=$((failed + 1))
        echo "FAIL $name: $*"
        sed 's/^/    | /' "$work/log" | tail -n 30
    fi
}
version=$(sed -n 's/^#define ANGELC_VERSION "\(.*\)"$/\1/p' "$root/include/angelc.h")
run_host() { "$1" && [ "$("$1")" = "angelc $version: score 108" ]; }

if [ $system = 0 ]; then
    BUILD=${BUILD:-$root/build}
    case $BUILD in /*) ;; *) BUILD=$root/$BUILD ;; esac
    prefix=$work/prefix
    say "build and install to a temporary prefix"
    if [ ! -f "$BUILD/CMakeCache.txt" ]; then
        check "configure $BUILD" cmake -S "$root" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release
    fi
    check "build $BUILD" cmake --build "$BUILD" -j "$JOBS"
    check "cmake --install $BUILD --prefix $prefix" cmake --install "$BUILD" --prefix "$prefix"
    libdir=$(ls -d "$prefix"/lib* | head -n 1)
    for f in include/angelc.h include/angelc_addons.h include/angelc_builder.h include/angelc_bind.h \
             bin/angelc "$(basename "$libdir")"/libangelc.a "$(basename "$libdir")"/libangelc.so.0 \
             "$(basename "$libdir")"/pkgconfig/angelc.pc "$(basename "$libdir")"/cmake/angelc/angelcConfig.cmake; do
        check "installed $f" test -e "$prefix/$f"
    done
    if [ -x "$BUILD/angelc-bindgen" ]; then
        check "installed bin/angelc-bindgen and its man page" \
            test -x "$prefix/bin/angelc-bindgen" -a -e "$prefix/share/man/man1/angelc-bindgen.1"
        check "the installed angelc-bindgen runs" sh -c "'$prefix/bin/angelc-bindgen' 2>&1 | grep -q 'usage: angelc-bindgen'"
    fi
    check "libangelc.so has the SONAME libangelc.so.0" \
        sh -c "readelf -d '$libdir/libangelc.so' | grep -q 'SONAME.*libangelc.so.0'"
    check "the installed man page names angelc $version" \
        grep -qF "\"angelc $version\"" "$prefix/share/man/man1/angelc.1"
    check "libangelc.a carries no link-time optimiser data" \
        sh -c "! objdump -h '$libdir/libangelc.a' | grep -q '\.gnu\.lto_'"
    check "angelc.pc names the zlib licence" grep -q "^License: Zlib" "$libdir/pkgconfig/angelc.pc"
    check "the installed angelc runs a script" \
        sh -c "echo 'void main() { print(\"ok\"); }' > '$work/ok.as' && [ \"\$('$prefix/bin/angelc' run '$work/ok.as')\" = ok ]"
    export PKG_CONFIG_PATH="$libdir/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
    cmake_prefix=(-DCMAKE_PREFIX_PATH="$prefix")
    rpath=(-Wl,-rpath,"$libdir")
else
    cmake_prefix=()
    rpath=()
fi

say "1. pkg-config"
check "pkg-config --cflags --libs angelc" sh -c "pkg-config --cflags --libs angelc | grep -q -- -langelc"
check "pkg-config --static --libs angelc gives -lffi -lm" \
    sh -c "pkg-config --static --libs angelc | grep -q -- -lffi && pkg-config --static --libs angelc | grep -q -- -lm"
# shellcheck disable=SC2046
check "cc host.c \$(pkg-config --cflags --libs angelc)" \
    $CC -std=c11 -Wall -Wextra -Werror -o "$work/host_pc" "$here/host.c" $(pkg-config --cflags --libs angelc) "${rpath[@]}"
check "run the pkg-config host (shared)" run_host "$work/host_pc"
check "the pkg-config host uses libangelc.so.0" sh -c "ldd '$work/host_pc' | grep -q libangelc.so.0"
libdir_pc=$(pkg-config --variable=libdir angelc)
# shellcheck disable=SC2046
check "cc host.c libangelc.a \$(pkg-config --static --libs-only-l ...) (static)" \
    $CC -std=c11 -o "$work/host_pc_static" "$here/host.c" $(pkg-config --cflags angelc) "$libdir_pc/libangelc.a" \
        $(pkg-config --static --libs angelc | sed 's/-langelc//')
check "run the static pkg-config host" run_host "$work/host_pc_static"
check "the static host does not use libangelc.so" sh -c "! ldd '$work/host_pc_static' | grep -q libangelc"
if command -v "$CXX" >/dev/null 2>&1; then
    # shellcheck disable=SC2046
    check "the public headers compile as C++ ($CXX)" \
        $CXX -Wall -Wextra -Werror -o "$work/host_cxx" "$here/cxx_headers.cpp" $(pkg-config --cflags --libs angelc) "${rpath[@]}"
    check "run the C++ host" "$work/host_cxx"
fi

say "2. find_package(angelc CONFIG)"
check "configure (find_package)" cmake -S "$here/find_package" -B "$work/fp" "${cmake_prefix[@]}" -DCMAKE_C_COMPILER="$CC"
check "build (find_package)" cmake --build "$work/fp" -j "$JOBS"
check "run the find_package host (angelc::angelc)" run_host "$work/fp/host"
check "run the find_package host (angelc::angelc_static)" run_host "$work/fp/host_static"

if [ $system = 0 ]; then
    say "3. add_subdirectory and FetchContent"
    check "configure (add_subdirectory)" cmake -S "$here/add_subdirectory" -B "$work/sub" -DANGELC_DIR="$root" -DCMAKE_C_COMPILER="$CC"
    check "build (add_subdirectory)" cmake --build "$work/sub" -j "$JOBS"
    check "run the add_subdirectory host" run_host "$work/sub/host"
    check "add_subdirectory builds no test program or angelc" sh -c "! ls '$work/sub/angelc' | grep -q -e angelc_tests -e '^angelc\$' -e '^api\$'"
    check "configure (FetchContent)" cmake -S "$here/fetchcontent" -B "$work/fc" -DANGELC_DIR="$root" -DCMAKE_C_COMPILER="$CC"
    check "build (FetchContent)" cmake --build "$work/fc" -j "$JOBS"
    check "run the FetchContent host" run_host "$work/fc/host"
fi

echo
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
