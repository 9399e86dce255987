# One version, written once (include/angelc.h's ANGELC_VERSION): `angelc --version`, the Debian
# changelog, CHANGELOG.md and the man page (configured by CMake) all say the same.
. tests/cli/lib.sh

version=$(sed -n 's/^#define ANGELC_VERSION "\([0-9.]*\)"$/\1/p' include/angelc.h)
as_version=$(sed -n 's/^#define ANGELC_AS_VERSION_STRING "\([0-9.]*\)"$/\1/p' include/angelc.h)
check() {  # check WHAT GOT WANT
    checks=$((checks + 1))
    [ "$2" = "$3" ] || { failed=$((failed + 1)); printf 'FAIL: %s is "%s", expected "%s"\n' "$1" "$2" "$3"; }
}
check "ANGELC_AS_VERSION_STRING" "$as_version" "2.38.0"
t 0 --version
out_is "angelc $version (AngelScript $as_version)"
check "debian/changelog's version" "$(sed -n '1s/^angelc (\([^)]*\)).*/\1/p' debian/changelog)" "$version"
check "CHANGELOG.md's newest entry" "$(sed -n 's/^## \([0-9][0-9.]*\).*/\1/p' CHANGELOG.md | head -n 1)" "$version"
check "docs/angelc.1's header" "$(sed -n '1p' docs/angelc.1)" '.TH ANGELC 1 "" "angelc @PROJECT_VERSION@" "User Commands"'
checks=$((checks + 1))
grep -q "Permission is granted to anyone to use this software" LICENSE || { failed=$((failed + 1)); echo "FAIL: LICENSE is not the zlib licence"; }
finish
