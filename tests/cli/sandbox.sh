# --sandbox, --allow-read, --allow-write, --max-write (issue 32): every escape attempt a script
# can make through exec, file and filesystem is refused with a script exception naming the rule,
# and what is allowed still works.
. tests/cli/lib.sh

box=$tmp/box; ro=$tmp/ro; out=$tmp/outside
mkdir -p "$box/sub" "$ro" "$out"
echo secret >"$out/secret.txt"
echo data >"$ro/in.txt"
ln -s "$out" "$box/escape"              # a link inside the box that leaves it
ln -s "$out/secret.txt" "$box/alias.txt"
ln -s "$ro/in.txt" "$box/ro_alias.txt"   # a link to a read-only directory
allow="--allow-write $box --allow-read $ro"

# reads a file, printing its first line or the exception
read_script() { printf 'void main() { file f; try { if (f.open("%s", "r") == 0) print("read: " + f.readLine()); else print("no file\\n"); } catch { print("refused: " + getExceptionInfo() + "\\n"); } }' "$1"; }
write_script() { printf 'void main() { file f; try { if (f.open("%s", "w") == 0) { f.writeString("w"); f.close(); print("wrote\\n"); } else print("no file\\n"); } catch { print("refused: " + getExceptionInfo() + "\\n"); } }' "$1"; }

# allowed: write and read back in the writable box, read the read-only directory
t 0 run $allow -e "$(write_script "$box/new.txt")"
out_is "wrote"
t 0 run $allow -e "$(read_script "$box/new.txt")"
out_is "read: w"
t 0 run $allow -e "$(read_script "$ro/in.txt")"
out_is "read: data"
# a missing file inside is an ordinary failure, not a refusal
t 0 run $allow -e "$(read_script "$box/missing.txt")"
out_is "no file"

# absolute paths outside, /proc, /etc
t 0 run $allow -e "$(read_script /etc/passwd)"
out_has "refused: sandbox: outside the directories this script may use: '/etc/passwd'"
t 0 run $allow -e "$(read_script /proc/self/environ)"
out_has "refused: sandbox: outside"
# .. out of the box, also through a directory that does not exist
t 0 run $allow -e "$(read_script "$box/../outside/secret.txt")"
out_has "refused: sandbox: outside"
t 0 run $allow -e "$(write_script "$box/nope/../../outside/x.txt")"
out_has "refused: sandbox:"
[ ! -e "$out/x.txt" ] || fail "a file was written outside through .."
# symbolic links that leave the box: to a directory, to a file
t 0 run $allow -e "$(read_script "$box/escape/secret.txt")"
out_has "refused: sandbox: outside"
t 0 run $allow -e "$(read_script "$box/alias.txt")"
out_has "refused: sandbox: outside"
t 0 run $allow -e "$(write_script "$box/escape/new.txt")"
out_has "refused: sandbox: outside"
[ ! -e "$out/new.txt" ] || fail "a file was written outside through a link"
# read-only: writing there, also through a link from the writable box
t 0 run $allow -e "$(write_script "$ro/in.txt")"
out_has "refused: sandbox: in a directory this script may only read"
t 0 run $allow -e "$(write_script "$box/ro_alias.txt")"
out_has "refused: sandbox: in a directory this script may only read"
[ "$(cat "$ro/in.txt")" = data ] || fail "the read-only file changed"
# a name that only starts like the box
mkdir -p "${box}2"
t 0 run $allow -e "$(write_script "${box}2/x.txt")"
out_has "refused: sandbox: outside"

# --sandbox alone: no file at all, and no exec
t 0 run --sandbox -e "$(read_script tests/cli/lib.sh)"
out_has "refused: sandbox: outside"
t 1 run --sandbox -e "exec(\"touch $out/pwned\");"
err_has "exception: sandbox: exec is not allowed (--sandbox)"
[ ! -e "$out/pwned" ] || fail "exec ran a command under --sandbox"
t 1 run --sandbox -e "string o; exec(\"echo hi\", o);"
err_has "sandbox: exec is not allowed"

# huge writes: --max-write caps the bytes written in all
t 1 run --allow-write "$box" --max-write 1K -e "file f; f.open(\"$box/big\", \"w\"); string s = \"0123456789\"; for (int i = 0; i < 1000; i++) f.writeString(s);"
err_has "exception: sandbox: the scripts may write 1024 bytes in all"
[ "$(wc -c <"$box/big")" -le 1024 ] || fail "more than --max-write was written"
t 1 run --allow-write "$box" --max-write 16 -e "file f; f.open(\"$box/n\", \"w\"); for (int i = 0; i < 10; i++) f.writeUInt(1, 8);"
err_has "may write 16 bytes"

# the filesystem add-on: listing, inspecting, removing, moving, copying, changing directory
fs_try() { printf 'void main() { filesystem fs; try { %s print("done\\n"); } catch { print("refused: " + getExceptionInfo() + "\\n"); } }' "$1"; }
t 0 run $allow -e "$(fs_try "fs.changeCurrentPath(\"$box\"); fs.makeDir(\"made\"); print(\"\" + fs.getDirs().length() + \" \");")"
out_is "3 done"
t 0 run $allow -e "$(fs_try "fs.deleteFile(\"$out/secret.txt\");")"
out_has "refused: sandbox: outside"
t 0 run $allow -e "$(fs_try "fs.move(\"$out/secret.txt\", \"$box/stolen.txt\");")"
out_has "refused: sandbox:"
t 0 run $allow -e "$(fs_try "fs.copyFile(\"$out/secret.txt\", \"$box/stolen.txt\");")"
out_has "refused: sandbox: outside"
t 0 run $allow -e "$(fs_try "fs.copyFile(\"$ro/in.txt\", \"$box/copied.txt\");")"
out_is "done"
t 0 run $allow -e "$(fs_try "fs.removeDir(\"$ro\");")"
out_has "refused: sandbox: in a directory this script may only read"
t 0 run $allow -e "$(fs_try "fs.changeCurrentPath(\"/etc\"); fs.getFiles();")"
out_has "refused: sandbox: outside"
t 0 run $allow -e "$(fs_try "fs.getSize(\"/etc/passwd\");")"
out_has "refused: sandbox: outside"
[ -e "$out/secret.txt" ] || fail "a file outside was removed"
[ ! -e "$box/stolen.txt" ] || fail "a file outside was copied in"

# usage errors
t 2 run --allow-read "$tmp/none" -e 'int x;'
err_has "--allow-read needs a directory that exists"
t 2 run --max-write 0 -e 'int x;'
err_has "--max-write needs BYTES > 0"
# without --sandbox nothing changes
t 0 run -e "$(read_script "$out/secret.txt")"
out_is "read: secret"

finish
