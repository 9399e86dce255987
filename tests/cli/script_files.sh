# Script files on the command line (issue 26): bytecode known by its magic for run, check and
# disasm; build's default output; `angelc FILE ARGS...` and the #!/usr/bin/env angelc line;
# unreadable scripts (missing, a directory) as usage errors.
. tests/cli/lib.sh

printf 'void main() {\n  array<string>@ a = getCommandLineArgs();\n  println("args " + a.length() + (a.length() > 0 ? " " + a[0] : ""));\n}\n' >"$tmp/s.as"

# build without -o: FILE.as is saved beside it as FILE.asb
t 0 build "$tmp/s.as"
checks=$((checks + 1))
[ -s "$tmp/s.asb" ] || fail "build FILE.as did not write FILE.asb"
t 0 run "$tmp/s.asb" one
out_is "args 1 one"
# a name without .as gets .asb added
cp "$tmp/s.as" "$tmp/noext"
t 0 build "$tmp/noext"
checks=$((checks + 1))
[ -s "$tmp/noext.asb" ] || fail "build FILE did not write FILE.asb"
# -o still chooses
t 0 build "$tmp/s.as" -o "$tmp/other.asb"
checks=$((checks + 1))
[ -s "$tmp/other.asb" ] || fail "build -o OUT did not write OUT"
# -e and standard input need -o, and say so
t 2 build -e 'println("x");'
err_has "build needs -o OUT.asb for -e CODE"
input='void main() {}'
t 2 build -
err_has "build needs -o OUT.asb"
# bytecode is not built again (and not overwritten by a default name)
t 2 build "$tmp/s.asb"
err_has "is bytecode already"

# disasm of bytecode lists its functions' code
t 0 disasm "$tmp/s.asb"
out_has "void main()"
out_has "CALLSYS"
out_has "getCommandLineArgs"
err_empty
# the magic decides, not the name
cp "$tmp/s.asb" "$tmp/bytecode.bin"
t 0 disasm "$tmp/bytecode.bin"
out_has "void main()"
t 0 run "$tmp/bytecode.bin"
out_is "args 0"
# check of bytecode: loaded and verified, and says so
t 0 check "$tmp/s.asb"
out_is "$tmp/s.asb: bytecode loads and verifies"
err_empty
t 0 check "$tmp/bytecode.bin"
out_has "bytecode loads and verifies"
# damaged bytecode: the loader refuses it, check fails
head -c 40 "$tmp/s.asb" >"$tmp/cut.asb"
t 1 check "$tmp/cut.asb"
out_lacks "loads and verifies"
err_has "the bytecode is invalid"
err_has "$tmp/cut.asb: error: not loaded"
t 1 disasm "$tmp/cut.asb"
# a *.asb that is not bytecode at all goes to the loader too, not the compiler
printf 'void main() {}\n' >"$tmp/text.asb"
t 1 check "$tmp/text.asb"
err_lacks "error: Expected"
# a script still compiles as before
t 0 check "$tmp/s.as"
out_is ""

# build and disasm read the code without running any of it: a global initialiser that prints
# (or, in edited bytecode, would crash) is not run; run still runs it
printf 'int noisy = say();\nint say() { println("initialised"); return 1; }\nvoid main() { println("main " + noisy); }\n' >"$tmp/init.as"
not_run() { checks=$((checks + 1)); ! grep -qx "initialised" "$tmp/out" || fail "the initialiser ran: $*"; }
t 0 build "$tmp/init.as" -o "$tmp/init.asb"
not_run build
t 0 disasm "$tmp/init.asb"
not_run disasm of bytecode
out_has "int say()"
t 0 disasm "$tmp/init.as"
not_run disasm of a script
t 0 run "$tmp/init.asb"
out_is "initialised
main 1"

# `angelc FILE ARGS...` runs FILE
t 0 "$tmp/s.as" a1 a2
out_is "args 2 a1"
t 0 "$tmp/s.asb" b1
out_is "args 1 b1"
# an unknown word that is no file stays a usage error listing the commands
t 2 nosuch
err_has "no command 'nosuch'"
err_has "run, check, build, disasm, repl, dump-api, help"
# a script run directly through #!/usr/bin/env angelc
# (PATH gets the built angelc's directory; a link named angelc when the binary is named otherwise)
angelc_dir=$(cd "$(dirname "$ANGELC")" && pwd)
if [ "$(basename "$ANGELC")" != angelc ]; then
    mkdir "$tmp/bin"
    ln -s "$angelc_dir/$(basename "$ANGELC")" "$tmp/bin/angelc"
    angelc_dir=$tmp/bin
fi
printf '#!/usr/bin/env angelc\nvoid main() {\n  array<string>@ a = getCommandLineArgs();\n  println("shebang " + a.length() + " " + a[0] + " " + a[1]);\n}\n' >"$tmp/tool.as"
chmod +x "$tmp/tool.as"
checks=$((checks + 1))
got=$(PATH="$angelc_dir:$PATH" "$tmp/tool.as" x "y z" 2>&1)
[ "$got" = "shebang 2 x y z" ] || { cmd="(#!) $tmp/tool.as x 'y z'"; fail "the #! script printed: $got"; }
printf '#!/usr/bin/env angelc\nint main() { return 3; }\n' >"$tmp/status.as"
chmod +x "$tmp/status.as"
checks=$((checks + 1))
PATH="$angelc_dir:$PATH" "$tmp/status.as" >/dev/null 2>&1
st=$?
[ "$st" = 3 ] || { cmd="(#!) $tmp/status.as"; fail "the #! script's int main() gave status $st, expected 3"; }

# unreadable scripts: usage errors (2) with the reason, missing or a directory alike
t 2 run "$tmp/missing.as"
err_has "angelc: cannot read '$tmp/missing.as': No such file or directory"
t 2 run "$tmp"
err_has "angelc: cannot read '$tmp': Is a directory"
t 2 check "$tmp"
err_has "Is a directory"
t 2 build "$tmp"
err_has "Is a directory"
t 2 disasm "$tmp/missing.as"
err_has "cannot read"
t 2 "$tmp/missing.as"
err_has "angelc: cannot read '$tmp/missing.as': No such file or directory"
t 2 "$tmp"
err_has "angelc: cannot read '$tmp': Is a directory"
finish
