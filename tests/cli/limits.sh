# The limits for untrusted scripts: each ends the script with `angelc: stopped: ...` and its own
# exit status (3 timeout, 4 instructions, 5 memory, 6 depth); within the limit the script runs.
. tests/cli/lib.sh

# --timeout: a busy loop is aborted
t 3 run --timeout 0.5 -e 'int n = 0; while (true) { n++; }'
err_has "angelc: stopped: the script ran for more than --timeout 0.5 seconds"
# output before the stop is kept
t 3 run --timeout=0.5 -e 'println("before"); for (;;) {}'
out_is "before"
# a script blocked in a native call ends 2 s later all the same
t 3 run --timeout 0.3 -e 'sleep(20000);'
err_has "--timeout 0.3 seconds"
# an endless global initialiser (compiling) too
t 3 check --timeout 0.3 -e 'int f() { while (true) {} return 0; } int g = f(); void main() {}'
err_has "--timeout 0.3"
t 0 run --timeout 30 -e 'println("quick");'
out_is "quick"
err_empty

# --max-instructions: loop iterations and calls
t 4 run --max-instructions 1000 -e 'for (int i = 0; i < 100000; i++) {}'
err_has "angelc: stopped: the script exceeded --max-instructions 1000"
err_has "exception: Script exceeded its execution budget"
t 4 run --max-instructions 50 -e 'int f(int n) { return n == 0 ? 0 : f(n - 1); } void main() { f(100); }'
t 0 run --max-instructions 1000000 -e 'int s = 0; for (int i = 0; i < 1000; i++) s += i; println("" + s);'
out_is "499500"
# the budget is not catchable
t 4 run --max-instructions 100 -e 'try { for (;;) {} } catch { println("caught"); }'
out_lacks "caught"

# --max-memory
t 5 run --max-memory 64M -e 'array<int> a; for (;;) a.insertLast(1);'
err_has "angelc: stopped: the script exceeded --max-memory 67108864 bytes"
t 5 run --max-memory 32M -e 'string s = "x"; for (;;) s += s;'
t 0 run --max-memory 64M -e 'array<int> a; for (int i = 0; i < 1000; i++) a.insertLast(i); println("" + a.length());'
out_is "1000"
t 5 run --max-memory 1K -e 'void main() {}'

# --max-depth
t 6 run --max-depth 100 -e 'int f(int n) { return n == 0 ? 0 : 1 + f(n - 1); } void main() { println("" + f(50)); f(500); }'
out_is "50"
err_has "exception: Stack overflow"
err_has "angelc: stopped: the script exceeded --max-depth 100 nested calls"
err_lines_at_most 20
t 0 run --max-depth 1000 -e 'int f(int n) { return n == 0 ? 0 : 1 + f(n - 1); } void main() { println("" + f(500)); }'
out_is "500"

# limits together
t 4 run --timeout 30 --max-memory 256M --max-depth 1000 --max-instructions 10000 -e 'for (;;) {}'

# each stop says where the script was: FILE:LINE:COL in the running function's declaration
t 3 run --timeout 0.3 -e 'int spin(int n) {
  while (true) { n++; }
  return n;
}
void main() { spin(1); }'
err_has "angelc: stopped: the script ran for more than --timeout 0.3 seconds at -e:2:"
err_has " in int spin(int)"
printf 'void main() {
  println("go");
  for (;;) {}
}
' >"$tmp/spin.as"
t 3 run --timeout 0.3 "$tmp/spin.as"
err_has "seconds at $tmp/spin.as:3:"
err_has "in void main()"
# blocked in a native call: ended 2 s later, at the call
t 3 run --timeout 0.2 -e 'println("x");
sleep(20000);'
err_has "(and did not stop) at -e:2:1 in void main()"
# an endless global initialiser
t 3 check --timeout 0.3 -e 'int f() { while (true) {} return 0; } int g = f(); void main() {}'
err_has "seconds at -e:1:"
err_has "in int f()"
# --max-memory counts what the allocator holds, not the bytes asked for: many small strings,
# a dictionary and objects in a chain stop with the process's memory within 10% of the cap
# (plus the few MB the program itself takes before the engine)
# (not under a sanitizer: its allocator keeps freed memory in quarantine, and shadow memory)
grep -q __asan_init "$ANGELC" && sanitized=1 || sanitized=0
[ "$sanitized" = 1 ] || for w in 'array<string> a; for (int i = 0;; i++) a.insertLast("x" + i);' \
         'dictionary d; for (int i = 0;; i++) d.set("k" + i, i);' \
         'class N { N@ n; array<int> v = {1, 2, 3}; } void main() { N@ h; for (;;) { N m; @m.n = h; @h = m; } }'; do
    rss=$(python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' "$ANGELC" run --max-memory 32M -e "$w")
    checks=$((checks + 1))
    [ "$rss" -le $((32 * 1024 * 11 / 10 + 8 * 1024)) ] || fail "max RSS ${rss} KB under --max-memory 32M: $w"
done

# the budget holds everywhere: an endless global initialiser, co-routine, callback from native
# code (array::sort's), and each input of the repl gets its own
t 4 run --max-instructions 100000 -e 'int f() { while (true) {} return 0; } int g = f(); void main() {}'
err_has "angelc: stopped: the script exceeded --max-instructions 100000"
t 4 check --max-instructions 100000 -e 'int f() { while (true) {} return 0; } int g = f(); void main() {}'
t 4 run --max-instructions 100000 -e 'void co(dictionary@ d) { while (true) {} } void main() { createCoRoutine(co, null); for (;;) yield(); }'
err_has "exceeded --max-instructions 100000"
t 4 run --max-instructions 100000 -e 'void main() { array<int> a = {3, 1, 2}; a.sort(function(a, b) { while (true) {} return a < b; }); }'
err_has "exception: Script exceeded its execution budget"
input='for (;;) {}
int s = 0; for (int i = 0; i < 100; i++) s += i; println("" + s);
'
t 0 repl --max-instructions 1000
out_has "4950"
err_has "exceeded --max-instructions 1000"
t 4 run --max-instructions 500 -e 'int count(int n) { int s = 0; for (int i = 0; i < n; i++) s += i; return s; }
void main() { count(100000); }'
err_has "angelc: stopped: the script exceeded --max-instructions 500 (loop iterations and calls) at -e:1:"
err_has "in int count(int)"
t 5 run --max-memory 16M -e 'array<int> a;
for (;;) a.insertLast(1);'
err_has "angelc: stopped: the script exceeded --max-memory 16777216 bytes at -e:2:"
err_has "in void main()"
t 6 run --max-depth 50 -e 'int deep(int n) {
  return 1 + deep(n + 1);
}'"
void main() { deep(0); }"
err_has "angelc: stopped: the script exceeded --max-depth 50 nested calls at -e:2:"
err_has "in int deep(int)"
# a stop while compiling has no script position: none is made up
t 5 run --max-memory 100K -e 'void main() {}'
err_has "angelc: stopped: the script exceeded --max-memory 102400 bytes"
err_lacks " at "

# the engine and add-ons take less than `angelc help run` says: hello world runs in 600K
t 0 run --max-memory 600K -e 'println("hello, world");'
out_is "hello, world"
printf 'void main() { println("hello, world"); }\n' >"$tmp/hello.as"
t 0 run --max-memory 600K "$tmp/hello.as"
out_is "hello, world"

# bad values are usage errors
t 2 run --timeout 0 -e 'void main() {}'
err_has "--timeout needs SECONDS > 0"
t 2 run --timeout abc -e 'void main() {}'
t 2 run --max-instructions -5 -e 'void main() {}'
t 2 run --max-memory 12Q -e 'void main() {}'
err_has "--max-memory needs BYTES"
t 2 run --max-depth 0 -e 'void main() {}'
t 2 run --max-depth
finish
