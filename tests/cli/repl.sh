# angelc repl with its input from a pipe: no prompt; declarations are kept, expressions print
# their values, statements run, errors are reported and the session goes on.
. tests/cli/lib.sh

input='int x = 5;
x
x * 2 + 1
int sq(int v) {
    return v * v;
}
sq(x)
x = 7;
sq(x)
string s = "hi";
s + "!"
class P { int a = 3; }
x
s
P@ p = P();
p.a
for (int i = 0; i < 3; i++) print("" + i);
println("");
array<int> arr = {1, 2, 3};
arr
enum Color { Red, Green }
Green
1.5
true
print("void call\n")
nosuch + 1
x
:quit
x
'
t 0 repl
out_is '5
11
25
49
"hi!"
7
"hi"
3
012
{1, 2, 3}
Color::Green (1)
1.5
true
void call
7'
err_has "in[24]:1:1: error: No matching symbol 'nosuch'"

# exceptions and limits end the input, not the session
input='int f(int n) { return n == 0 ? 0 : f(n - 1); }
f(10)
f(1000)
int z = 0;
1 / z
for (;;) {}
"still here"'
t 0 repl --max-depth 100 --timeout 0.5
out_is '0
"still here"'
err_has "exception: Stack overflow"
err_has "stopped: the script exceeded --max-depth 100"
err_has "in[5]:1:1: exception: Divide by zero"
err_has "stopped: the script ran for more than --timeout 0.5 seconds"
# the hidden wrapper functions show as the input itself
err_has "  in <input> at in[5]:1:1"
err_has "  in <input> at in[3]:1:1"
err_has "  in int f(int) at in[1]:1:"
err_lacks "__repl"

# a statement's exception; a terminal escape sequence (an arrow key read raw) is dropped, not
# counted as an open bracket; :help names :reset, which forgets the declarations
esc=$(printf '\033')
input="int k = 3;
{ int q = k / 0; }
k + 1${esc}[A
(k + 2)${esc}[D${esc}OB${esc}
:help
:reset
k
int k = 10;
k"
t 0 repl
out_has "4
5
Type a declaration"
out_has ":reset forgets every declaration"
out_has "session goes on.
10"
err_has "in[2]:1:3: exception: Divide by zero"
err_has "  in <input> at in[2]:1:3"
err_has "in[5]:1:1: error: No matching symbol 'k'"
err_lacks "__repl"

t 0 help repl
out_has "usage: angelc repl"
finish
