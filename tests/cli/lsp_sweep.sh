# angelc lsp typed at: a sample of tests/lsp/sweep.py's sweep (every 10th prefix of 40 of the
# test scripts, each prefix as a didChange followed by completion, hover, documentSymbol and
# semanticTokens at its end): every request answered, no crash. `make lsp-sweep` runs every
# prefix of every script and the 10,000-edit memory check (docs/editors.md has its result).
. tests/cli/lib.sh

need_command python3 "to drive the language server"
need_lsp
checks=$((checks + 1))
if ! python3 tests/lsp/sweep.py --angelc "$ANGELC" --stride 10 --scripts 40 >"$tmp/sweep.out" 2>&1; then
    failed=$((failed + 1))
    echo "FAIL: the language server sweep:"
fi
cat "$tmp/sweep.out"
finish
