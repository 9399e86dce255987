# The debug adapter (Debug Adapter Protocol): `angelc dap` launched by a client and
# `angelc run --dap=PORT` attached to, driven by Microsoft's DAP test client under Node
# (tests/dap/dap_test.js), and a hostile client in Python (tests/dap/garbage.py). Skips (exit 0,
# saying why) without the servers in the build, node/npm or the npm packages; every step is
# bounded in time.
. tests/cli/lib.sh

if ! "$ANGELC" --help 2>&1 | grep -q '^  dap '; then
    echo "SKIP: angelc was built without the editor servers (no cJSON)"
    exit 0
fi

# the command line: usage errors
t 2 run --dap=0 "$tmp/x.as"
err_has "--dap=PORT needs a port from 1 to 65535"
t 2 run --dap=70000 "$tmp/x.as"
err_has "--dap=PORT needs a port"
t 2 dap extra
err_has "dap takes no arguments"
t 0 dap --help
out_has "usage: angelc dap"
t 0 help dap
out_has "Debug Adapter Protocol"
printf 'void main() {}\n' >"$tmp/x.as"
t 2 run --debug --dap=27979 "$tmp/x.as"
err_has "--debug and --dap are two debuggers"

if command -v python3 >/dev/null 2>&1; then
    checks=$((checks + 1))
    if ! timeout 120 python3 tests/dap/garbage.py "$ANGELC" >"$tmp/garbage" 2>&1; then
        failed=$((failed + 1))
        echo "FAIL: tests/dap/garbage.py"
        cat "$tmp/garbage"
    fi
    tail -1 "$tmp/garbage"
else
    echo "SKIP: the garbage-input test needs python3"
fi

if ! command -v node >/dev/null 2>&1; then
    echo "SKIP: the DAP client tests need node"
    finish
    exit
fi
if [ ! -d tests/dap/node_modules/@vscode/debugadapter-testsupport ]; then
    if ! command -v npm >/dev/null 2>&1; then
        echo "SKIP: the DAP client tests need npm to install tests/dap/node_modules"
        finish
        exit
    fi
    if ! (cd tests/dap && timeout 180 npm ci --no-audit --no-fund >"$tmp/npm" 2>&1); then
        echo "SKIP: npm ci in tests/dap failed (offline?):"
        tail -3 "$tmp/npm"
        finish
        exit
    fi
fi
checks=$((checks + 1))
if ! timeout 300 node tests/dap/dap_test.js "$ANGELC" >"$tmp/node" 2>&1; then
    failed=$((failed + 1))
    echo "FAIL: tests/dap/dap_test.js"
    grep -v '^ok' "$tmp/node" | head -60
fi
tail -1 "$tmp/node"
finish
