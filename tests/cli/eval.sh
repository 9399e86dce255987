# run/check/build/disasm with -e CODE and - (standard input).
. tests/cli/lib.sh

# statements without main() are main()'s body
t 0 run -e 'print("" + (6 * 7) + "\n");'
out_is "42"
err_empty
# a whole script
t 0 run -e 'int sq(int v) { return v * v; } void main() { println("" + sq(9)); }'
out_is "81"
# int main(): its value is the exit status
t 7 run -e 'int main() { return 7; }'
# arguments after the code are the script's
t 0 run -e 'array<string>@ a = getCommandLineArgs(); println(a.length() + ":" + a[0] + "," + a[1]);' one two
out_is "2:one,two"
# errors are placed in CODE as typed: line and column, with or without the main() wrapper
t 1 run -e 'int x = ;'
err_has "-e:1:9: error: Expected expression value"
t 1 run -e 'void main() {
  int x = ;
}'
err_has "-e:2:11: error: Expected expression value"
t 1 run -e 'int z = 0; print("" + 1 / z);'
err_has "-e:1:12: exception: Divide by zero"
err_has "in void main() at -e:1:12"
# lines are CODE's, not the hidden wrapper's: a missing `;` at the end of CODE is reported
# just after CODE's last character (the wrapper's `}` is on the line after CODE)
t 1 run -e 'int x = 3'
err_has "-e:1:10: error: Expected ',' or ';'"
err_lacks "-e:2:"
t 1 check -e 'int x = 3'
err_has "-e:1:10: error:"
t 1 run -e 'if (true) {'
err_has "-e:1:12: error: Unexpected end of file"
err_lacks "-e:2:"
# multi-line CODE: its own lines, and its end on its last line (trailing blank lines and
# white space are not CODE's end)
t 1 run -e 'int a = 1;
int b = 2
'
err_has "-e:2:10: error: Expected ',' or ';'"
err_lacks "-e:3:"
t 1 run -e 'int a = 1;
int b = 2 // two'
err_has "-e:2:17: error:"
t 1 run -e 'int a = 1;
int b = ;
println("" + a);'
err_has "-e:2:9: error: Expected expression value"
# warnings too
t 0 run -e 'int a = 1;
int b = 1.5; println("" + b);'
out_is "1"
err_has "-e:2:9: warning: Implicit conversion"
t 0 run -e 'int c = 2.5;'
err_has "-e:1:9: warning:"
# exceptions thrown from CODE: their line and column in CODE
t 1 run -e 'int z = 0;

int y = 1 / z;'
err_has "-e:3:1: exception: Divide by zero"
err_has "in void main() at -e:3:1"
t 1 run -e 'println("a");
throw("boom");'
out_is "a"
err_has "-e:2:1: exception: boom"
t 1 run -e 'array<int> v;
  v[3] = 1;'
err_has "-e:2:3: exception: Index out of bounds"
# a script with functions but no main()
t 1 run -e 'void helper() {}'
err_has "no 'void main()' or 'int main()' function"

# standard input
input='void main() { println("from stdin"); }'
t 0 run -
out_is "from stdin"
input='void main() { println(getCommandLineArgs()[0]); }'
t 0 run - arg1
out_is "arg1"
input='void main() { int = 1; }'
t 1 run -
err_has "<stdin>:1:"
err_has "error:"

# check
t 0 check -e 'println("fine");'
out_is ""
t 1 check -e 'undefined_function();'
err_has "No matching symbol 'undefined_function'"
input='void main() {}'
t 0 check -

# build and run the bytecode
t 0 build -e 'println("from bytecode");' -o "$tmp/e.asb"
t 0 run "$tmp/e.asb"
out_is "from bytecode"
t 0 run --roundtrip=strip -e 'println("round trip");'
out_is "round trip"
t 0 run --roundtrip -e 'println("round trip 2");'
out_is "round trip 2"
# --strip leaves out the debug information: the bytecode is smaller
printf 'void main() {\n  int x = 1;\n  println("from a file " + x);\n}\n' >"$tmp/f.as"
t 0 build "$tmp/f.as" -o "$tmp/full.asb"
t 0 build --strip "$tmp/f.as" -o "$tmp/stripped.asb"
checks=$((checks + 1))
[ "$(wc -c <"$tmp/stripped.asb")" -lt "$(wc -c <"$tmp/full.asb")" ] || fail "--strip did not make the bytecode smaller"
t 0 run "$tmp/stripped.asb"
out_is "from a file 1"
# -- ends the options: the next word is the script
t 0 run -- "$tmp/f.as"
out_is "from a file 1"

# disasm: constants by value and by name
t 0 disasm -e 'string g = "glob"; int twice(int x) { return x * 2; } void main() { double d = 3.25; g += "!\n"; print(g + twice(3) + d); }'
out_has 'K'
out_has '"!\n"'
out_has '(int twice(int))'
out_has '(global g)'
out_has '(3.25,'
out_has '(void print(const string&in))'
out_lacks '(0x55'
# a loop's backward jump lands after the loop's stop (SUSPEND), which the VM steps back onto only
# when the context is trapped or traced (the optimiser's skip_loop_stops)
t 0 disasm -e 'void main() { int s = 0; for (int i = 0; i < 10; i++) s += i * 3; print("" + s); }'
stop=$(awk '$2 == "SUSPEND" { print $1; exit }' "$tmp/out")
checks=$((checks + 1))
[ -n "$stop" ] || fail "no SUSPEND in the loop"
out_has "-> $((stop + 1))"
out_lacks "-> $stop"
t 0 disasm -p OPTIMIZE_BYTECODE=0 -e 'void main() { int s = 0; for (int i = 0; i < 10; i++) s += i * 3; print("" + s); }'
stop=$(awk '$2 == "SUSPEND" { print $1; exit }' "$tmp/out")
out_has "-> $stop"
input='void main() { println("x"); }'
t 0 disasm -
out_has 'void main()'
out_has '"x"'
# properties still work with -e
t 0 run -p DISABLE_INTEGER_DIVISION=1 -e 'int a = 7; int b = 2; print("" + a / b);'
out_is "3.5"
finish
