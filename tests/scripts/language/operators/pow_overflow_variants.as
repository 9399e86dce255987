// Overflow in ** for each type. For float/double the exception is raised when the result is
// infinite, +inf or -inf (2.38; 2.35.1 let -inf through).
// reference: 2.38
void main() {
  int i = 2; uint u = 2; int64 l = 2; uint64 ul = 2;
  try { int r = i ** 31; print("no\n"); } catch { print("int: " + getExceptionInfo() + "\n"); }
  try { uint r = u ** 32; print("no\n"); } catch { print("uint: " + getExceptionInfo() + "\n"); }
  try { int64 r = l ** 63; print("no\n"); } catch { print("int64: " + getExceptionInfo() + "\n"); }
  try { uint64 r = ul ** 64; print("no\n"); } catch { print("uint64: " + getExceptionInfo() + "\n"); }
  double d = 10;
  try { double r = d ** 400.0; print("no\n"); } catch { print("double: " + getExceptionInfo() + "\n"); }
  float f = 10;
  try { float r = f ** 40.0f; print("no\n"); } catch { print("float: " + getExceptionInfo() + "\n"); }
  double z = 0;
  try { double r = z ** -1.0; print("no\n"); } catch { print("0.0 ** -1: " + getExceptionInfo() + "\n"); }
  double m = -10;
  try { double r = m ** 401.0; print("no\n"); } catch { print("-10 ** 401: " + getExceptionInfo() + "\n"); }
  print("" + (d ** -400.0) + "\n");
  print("" + (z ** 0.0) + "\n");
  print("" + (d ** 308.0) + "\n");
  int ten = 10;
  try { int r = ten ** 10; print("no\n"); } catch { print("int 10**10: " + getExceptionInfo() + "\n"); }
  print("" + (ten ** 9) + "\n");
}

// expect: int: Overflow in exponent operation
// expect: uint: Overflow in exponent operation
// expect: int64: Overflow in exponent operation
// expect: uint64: Overflow in exponent operation
// expect: double: Overflow in exponent operation
// expect: float: Overflow in exponent operation
// expect: 0.0 ** -1: Overflow in exponent operation
// expect: -10 ** 401: Overflow in exponent operation
// expect: 0
// expect: 1
// expect: 1e+308
// expect: int 10**10: Overflow in exponent operation
// expect: 1000000000
