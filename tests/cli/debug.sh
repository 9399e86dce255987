# angelc run --debug: the debugger add-on (as the SDK's asrun -d) on main(), commands from
# standard input, its output on standard output after a "[dbg]> " prompt.
. tests/cli/lib.sh

cat >"$tmp/d.as" <<'AS'
int twice(int x)
{
  return x * 2;
}
void main()
{
  int a = 20;
  a = twice(a);
  println("" + a);
}
AS

# a breakpoint in a function, the call stack, a variable, continue to the end
input='b twice
c
w
p x
c
'
t 0 run --debug "$tmp/d.as"
out_has "d.as:7; void main()"
out_has "[dbg]> Adding deferred break point for function 'twice'"
out_has "Reached break point 0 in file 'd.as' at line 3"
out_has "[dbg]> d.as:3; int twice(int)
d.as:8; void main()"
out_has "[dbg]> 20"
checks=$((checks + 1)); grep -qx "40" "$tmp/out" || fail "the script's output line 40 is missing"
err_empty

# step over, print, abort: the script stops without finishing
input='n
n
n
p a
a
'
t 1 run --debug "$tmp/d.as"
out_has "[dbg]> d.as:9; void main()"
out_has "[dbg]> 40"
checks=$((checks + 1)); ! grep -qx "40" "$tmp/out" || fail "the script ran on after the abort"
err_has "the script did not finish"

# no more input: the script runs on
t 0 run --debug "$tmp/d.as"
checks=$((checks + 1)); grep -qx "40" "$tmp/out" || fail "the script did not run to its end"

# registered types print the text their add-on gives (as_type_set_debug_text); names in
# namespaces and qualified ones (as_context_find_variable)
cat >"$tmp/r.as" <<'AS'
namespace game { int level = 3; }
namespace game { void run()
{
  datetime when(2024, 2, 29, 13, 45, 10);
  println("" + when.year + " " + level);
} }
void main() { game::run(); }
AS
input='s
s
n
n
p when
p level
p game::level
p ::game::level
c
'
t 0 run --debug "$tmp/r.as"
out_has "[dbg]> 2024-02-29 13:45:10"
out_has "[dbg]> 3
[dbg]> 3"
out_has "2024 3"

# the commands come from standard input, so the script can't
input='void main() {}'
t 2 run --debug -
err_has "--debug reads its commands from standard input"

finish
