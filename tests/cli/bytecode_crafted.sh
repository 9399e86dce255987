# Crafted bytecode (issue 32): each file in tests/bytecode/crafted is a blob saved by `angelc build`
# and then edited on purpose, its checksum recomputed (tests/fuzz/bytecode_mutate.h made most of
# them: each made `angelc run` or the fuzz target crash before the verifier followed what the
# slots hold and what addresses point to, src/runtime/bc_flow*.c and bc_types.c; the files
# ending in a description were edited by hand: a member, an element or a handle's address used
# as another type). Now each is refused when loaded: exit 1, a message naming the function, the
# instruction and what is wrong, nothing run and no sanitizer report.
. tests/cli/lib.sh

n=0
for f in tests/bytecode/crafted/*.asb; do
    n=$((n + 1))
    t 1 run "$f"
    err_has "the bytecode is invalid (instruction "
    err_has ") in "
    err_lacks "runtime error"
    err_lacks "Sanitizer"
    t 1 check "$f"
    err_has "the bytecode is invalid (instruction "
done
checks=$((checks + 1))
[ "$n" -ge 20 ] || fail "only $n crafted files"
finish
