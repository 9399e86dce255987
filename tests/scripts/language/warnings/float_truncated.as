// A float or double value (not a constant) converted implicitly to an integer type: "Float value
// truncated in implicit conversion to integer" (a constant: 'Implicit conversion of value is not
// exact', errors/implicit_double_to_int_warning.as). Also as an argument and in i += d.
void take(int x) { print("take " + x + "\n"); }
void main() {
  double d = 2.75;
  int a = d;
  take(d);
  a += d;
  print("" + a + "\n");
}
// expect: take 2
// expect: 4
// expect-warning: 7 Float value truncated in implicit conversion to integer
// expect-warning: 8 Float value truncated in implicit conversion to integer
// expect-warning: 9 Float value truncated in implicit conversion to integer
