# --key FILE (issue 32): bytecode saved with a secret key loads only with that key; an edit by
# someone without it (even with the checksum recomputed: there is none), bytecode saved without
# a key, or a key of the wrong size are refused with a message, never run.
. tests/cli/lib.sh

printf '0123456789abcdef' >"$tmp/key"                         # 16 raw bytes
printf '00112233445566778899aabbccddeeff\n' >"$tmp/hexkey"    # 32 hex digits
printf 'fedcba9876543210' >"$tmp/other"
printf 'short' >"$tmp/bad"
script='void main() { println("keyed " + (6 * 7)); }'

t 0 build --key "$tmp/key" -e "$script" -o "$tmp/k.asb"
t 0 run --key "$tmp/key" "$tmp/k.asb"
out_is "keyed 42"
t 0 check --key "$tmp/key" "$tmp/k.asb"
t 0 disasm --key "$tmp/key" "$tmp/k.asb"
out_has "main"
# the wrong key, or none: refused
t 1 run --key "$tmp/other" "$tmp/k.asb"
out_lacks "keyed"
err_has "not loaded"
t 1 run "$tmp/k.asb"
out_lacks "keyed"
# bytecode saved without a key is refused by a keyed run
t 0 build -e "$script" -o "$tmp/plain.asb"
t 1 run --key "$tmp/key" "$tmp/plain.asb"
out_lacks "keyed"
# one byte changed anywhere after the header: refused
size=$(wc -c <"$tmp/k.asb")
for at in 20 $((size / 2)) $((size - 3)); do
    cp "$tmp/k.asb" "$tmp/e.asb"
    printf '\377' | dd of="$tmp/e.asb" bs=1 seek="$at" conv=notrunc 2>/dev/null
    t 1 run --key "$tmp/key" "$tmp/e.asb"
    out_lacks "keyed"
done
# the hexadecimal form
t 0 build --key "$tmp/hexkey" -e "$script" -o "$tmp/h.asb"
t 0 run --key "$tmp/hexkey" "$tmp/h.asb"
out_is "keyed 42"
# usage errors
t 2 run --key "$tmp/bad" "$tmp/k.asb"
err_has "--key needs a file of 16 bytes"
t 2 run --key "$tmp/missing" "$tmp/k.asb"
err_has "--key needs a file"

finish
