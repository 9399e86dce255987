# angelc run --watch (issue 28): a script whose main() loops with sleep(50) printing a counter is
# rewritten while it runs: a body edit shows up with the counter going on (soft reload), a broken
# edit is reported and the old code keeps running, a new global makes a full reload that keeps
# the counter and restarts main(). Bounded: every wait gives up after a few seconds and the
# process is killed at the end. Also the usage errors of --watch.
. tests/cli/lib.sh

script="$tmp/w.as"
write() {
    # a new file then a rename: the watcher never reads half a script
    printf '%s\n' "$1" >"$script.new" && mv "$script.new" "$script"
}
# waits (up to 8 s) until FILE has TEXT; false if it never does
wait_for() {
    n=0
    while [ $n -lt 160 ]; do
        grep -qF -- "$2" "$1" 2>/dev/null && return 0
        sleep 0.05
        n=$((n + 1))
    done
    return 1
}
check() {
    checks=$((checks + 1))
    if ! "$@"; then
        failed=$((failed + 1))
        printf 'FAIL: %s\n  stdout: %s\n  stderr: %s\n' "$*" "$(tr '\n' ' ' <"$tmp/wout" | tail -c 400)" "$(cat "$tmp/werr")"
    fi
}
# the counters printed are consecutive from 1, whatever version printed them
consecutive() {
    awk '{ if ($2 != NR) { bad = 1 } } END { exit bad }' "$tmp/wout"
}

write 'int counter = 0;
void step() { counter++; print("v1 " + counter + "\n"); }
void main() { while (counter < 400) { step(); sleep(50); } }'
"$ANGELC" run --watch "$script" >"$tmp/wout" 2>"$tmp/werr" &
pid=$!

check wait_for "$tmp/wout" "v1 3"
write 'int counter = 0;
void step() { counter++; print("v2 " + counter + "\n"); }
void main() { while (counter < 400) { step(); sleep(50); } }'
check wait_for "$tmp/wout" "v2 "
check wait_for "$tmp/werr" "angelc: reloaded $script (soft: 1 function changed)"
check consecutive

write 'int counter = 0;
void step() { counter++; print("v3 " + counter + "\n") }
void main() { while (counter < 400) { step(); sleep(50); } }'
check wait_for "$tmp/werr" "angelc: $script not reloaded (the new code has compile errors; the old code keeps running)"
check wait_for "$tmp/werr" "$script:2:"
# still running, the old code: more v2 lines come
v2_before=$(grep -c '^v2 ' "$tmp/wout")
more_v2() {
    n=0
    while [ $n -lt 160 ]; do
        [ "$(grep -c '^v2 ' "$tmp/wout")" -gt $((v2_before + 2)) ] && return 0
        sleep 0.05
        n=$((n + 1))
    done
    return 1
}
check more_v2
check test "$(grep -c '^v3 ' "$tmp/wout")" = 0

write 'int counter = 0;
int offset = 1000;
void step() { counter++; print("v4 " + counter + " " + (counter + offset) + "\n"); }
void main() { while (counter < 400) { step(); sleep(50); } }'
check wait_for "$tmp/wout" "v4 "
check wait_for "$tmp/werr" "main() restarted"
check consecutive
check awk '$1 == "v4" && $3 != $2 + 1000 { bad = 1 } END { exit bad }' "$tmp/wout"

kill "$pid" 2>/dev/null
wait "$pid" 2>/dev/null

# an #included file is watched too
printf 'void step() { counter++; print("i1 " + counter + "\\n"); }\n' >"$tmp/inc.inc"
printf '#include "inc.inc"\nint counter = 0;\nvoid main() { while (counter < 400) { step(); sleep(50); } }\n' >"$tmp/m.as"
"$ANGELC" run --watch "$tmp/m.as" >"$tmp/wout" 2>"$tmp/werr" &
pid=$!
check wait_for "$tmp/wout" "i1 2"
printf 'void step() { counter++; print("i2 " + counter + "\\n"); }\n' >"$tmp/inc.new" && mv "$tmp/inc.new" "$tmp/inc.inc"
check wait_for "$tmp/wout" "i2 "
check wait_for "$tmp/werr" "angelc: reloaded $tmp/m.as (soft: 1 function changed)"
check consecutive
kill "$pid" 2>/dev/null
wait "$pid" 2>/dev/null

# usage: --watch needs a script file
t 2 run --watch -e 'print("x");'
err_has "--watch needs a script file"
t 2 run --watch --debug "$script"
err_has "--watch needs a script file"

# without changes the script runs as without --watch (sleep suspends it in between)
printf 'void main() { for (int i = 0; i < 3; i++) { print("n" + i + "\\n"); sleep(1); yield(); } }\n' >"$tmp/plain.as"
t 0 run --watch "$tmp/plain.as"
out_is "n0
n1
n2"
err_empty

finish
