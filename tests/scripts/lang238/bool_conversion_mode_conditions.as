// engine-property: BOOL_CONVERSION_MODE=1
// reference: 2.38 (asEP_BOOL_CONVERSION_MODE is 2.38's)
// Contextual conversion to bool: with BOOL_CONVERSION_MODE=1 an object whose opImplConv returns
// bool is a condition of if, while, do-while, for and ?:, and an operand of ! && || ^^ (one side
// of && and || may be an object, not both: bool_conversion_mode_two_objects_error.as). The
// operator runs each time the condition is evaluated. Off (0, the default) all of these are
// errors (bool_conversion_mode_off_error.as).
class B {
  bool v;
  B(bool x) { v = x; }
  bool opImplConv() const { print("conv " + v + "\n"); return v; }
}
void main() {
  B t(true), f(false);
  if (t) print("if t\n");
  if (!f) print("!f\n");
  if (t && true) print("t && true\n");
  if (false || t) print("false || t\n");
  bool x = t ^^ true;
  print("x " + x + "\n");
  int n = 0;
  while (B(n < 2)) n++;
  do { n--; } while (B(n > 0));
  for (; B(n < 1); n++) {}
  print("n " + n + "\n");
  print((f ? "yes" : "no") + "\n");
  B@ h = t;
  if (h) print("handle\n");
}
// expect: conv true
// expect: if t
// expect: conv false
// expect: !f
// expect: conv true
// expect: t && true
// expect: conv true
// expect: false || t
// expect: conv true
// expect: x false
// expect: conv true
// expect: conv true
// expect: conv false
// expect: conv true
// expect: conv false
// expect: conv true
// expect: conv false
// expect: n 1
// expect: conv false
// expect: no
// expect: conv true
// expect: handle
