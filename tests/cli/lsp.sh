# angelc lsp in a real editor: Neovim's built-in LSP client (tests/lsp/nvim_client.lua) on a
# two-file project (tests/lsp/project: main.as #includes lib/shapes.as): diagnostics, their
# clearing, hover, definition, completion, signature help, references, rename (applied by the
# editor; a registered function refused) and document symbols; then a project (tests/lsp/multi:
# angelc.json with two entry scripts, an API file and a define) where an included file is
# checked as part of the entries and an entry's errors show though it is not open.
. tests/cli/lib.sh

need_command nvim "(Debian's neovim) to drive the language server"
need_lsp
case "$ANGELC" in
/*) angelc=$ANGELC ;;
*) angelc=$(pwd)/$ANGELC ;;
esac
cp -R tests/lsp/project "$tmp/project"
cp -R tests/lsp/multi "$tmp/multi"
checks=$((checks + 1))
if ! ANGELC=$angelc LSP_PROJECT=$tmp/project LSP_MULTI=$tmp/multi HOME=$tmp XDG_CONFIG_HOME=$tmp XDG_DATA_HOME=$tmp XDG_STATE_HOME=$tmp \
    timeout 180 nvim --headless -u NONE -i NONE -n -c "luafile tests/lsp/nvim_client.lua" </dev/null >"$tmp/nvim.out" 2>&1; then
    failed=$((failed + 1))
    echo "FAIL: Neovim's LSP client test:"
    cat "$tmp/nvim.out"
fi
grep -h "checks, " "$tmp/nvim.out"
finish
