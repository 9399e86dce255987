# Messages the script tests' directives cannot pin down (they check what is there, not what is
# not): each exactly as the 2.38 reference prints it.
. tests/cli/lib.sh

# an integer literal too large for any type: the error only, no conversion warning after it
cat >"$tmp/big.as" <<'AS'
void main() {
  int x = "a";
  int y = 99999999999999999999;
}
AS
t 1 check "$tmp/big.as"
err_has "big.as:2:11: error: Can't implicitly convert from 'const string' to 'int'."
err_has "big.as:3:11: error: Value is too large for data type"
err_lacks "warning:"
err_lines_at_most 3

# a syntax error in a body: reported when its function is compiled, after the "Compiling ..."
# line and the errors of the functions compiled before it
cat >"$tmp/body.as" <<'AS'
void g() { int y = "a"; }
void f() {
  int x = ;
}
void main() {}
AS
t 1 check "$tmp/body.as"
out_is ""
checks=$((checks + 1))
[ "$(sed "s|$tmp/||" "$tmp/err")" = "body.as:1:1: info: Compiling void g()
body.as:1:20: error: Can't implicitly convert from 'const string' to 'int'.
body.as:2:1: info: Compiling void f()
body.as:3:11: error: Expected expression value
body.as:3:11: error: Instead found ';'" ] || fail "stderr is not the reference's five lines"
finish
