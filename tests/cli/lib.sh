# Helpers for the command line tests (tests/cli/*.sh; the runner runs each with sh and ANGELC
# set to the angelc binary, from the repository root). A test script calls
#   t EXPECTED_STATUS ARGS...     runs "$ANGELC" ARGS... with standard input from $input (empty
#                                 by default); its stdout, stderr and status are kept
#   out_is TEXT, out_has TEXT, out_lacks TEXT, err_has TEXT, err_lacks TEXT, err_empty,
#   err_lines_at_most N           checks on the last run
#   finish                        prints the count and exits 1 if any check failed
# Every failed check prints the command and what it gave.
: "${ANGELC:?ANGELC must name the angelc binary}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
checks=0
failed=0
input=
cmd=
status=0

fail() {
    failed=$((failed + 1))
    printf 'FAIL: %s\n  command: angelc %s\n  exit status: %s\n' "$1" "$cmd" "$status"
    printf '  stdout: '; head -c 600 "$tmp/out" | sed '2,$s/^/          /'; printf '\n'
    printf '  stderr: '; head -c 600 "$tmp/err" | sed '2,$s/^/          /'; printf '\n'
}

t() {
    want=$1
    shift
    cmd="$*"
    printf '%s' "$input" | "$ANGELC" "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
    input=
    checks=$((checks + 1))
    [ "$status" = "$want" ] || fail "exit status $status, expected $want"
}

out_is() { checks=$((checks + 1)); [ "$(cat "$tmp/out")" = "$1" ] || fail "stdout is not: $1"; }
out_has() { checks=$((checks + 1)); grep -qF -- "$1" "$tmp/out" || fail "stdout lacks: $1"; }
out_lacks() { checks=$((checks + 1)); ! grep -qF -- "$1" "$tmp/out" || fail "stdout has: $1"; }
err_has() { checks=$((checks + 1)); grep -qF -- "$1" "$tmp/err" || fail "stderr lacks: $1"; }
err_lacks() { checks=$((checks + 1)); ! grep -qF -- "$1" "$tmp/err" || fail "stderr has: $1"; }
err_empty() { checks=$((checks + 1)); [ ! -s "$tmp/err" ] || fail "stderr is not empty"; }
err_lines_at_most() {
    checks=$((checks + 1))
    [ "$(wc -l <"$tmp/err")" -le "$1" ] || fail "stderr has $(wc -l <"$tmp/err") lines, more than $1"
}

# Ends the test as skipped (exit 0, saying why) when a program it drives is missing, or when
# angelc was built without the language server.
need_command() { command -v "$1" >/dev/null 2>&1 || { echo "SKIP: no $1 $2"; exit 0; }; }
need_lsp() {
    "$ANGELC" help lsp >/dev/null 2>&1 || { echo "SKIP: angelc was built without the language server (no cJSON)"; exit 0; }
}

finish() {
    echo "$checks checks, $failed failed"
    [ "$failed" = 0 ]
}
