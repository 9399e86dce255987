// INT_MIN % -1 and the int64 versions raise "Overflow in integer division" too.
// For int8/int16 the operation is done in 32 bits, so no overflow.
void main() {
  int a = -2147483648; int b = -1;
  try { int r = a % b; print("no\n"); } catch { print("int %: " + getExceptionInfo() + "\n"); }
  int64 c = -9223372036854775807 - 1; int64 d = -1;
  try { int64 r = c / d; print("no\n"); } catch { print("int64 /: " + getExceptionInfo() + "\n"); }
  try { int64 r = c % d; print("no\n"); } catch { print("int64 %: " + getExceptionInfo() + "\n"); }
  int8 e = -128; int8 f = -1;
  print("int8: " + (e / f) + "\n");
  int16 g = -32768; int16 h = -1;
  print("int16: " + (g / h) + "\n");
  uint u = 2147483648; int m = -1;
  print("uint/int: " + (u / uint(m)) + "\n");
}

// expect: int %: Overflow in integer division
// expect: int64 /: Overflow in integer division
// expect: int64 %: Overflow in integer division
// expect: int8: 128
// expect: int16: 32768
// expect: uint/int: 0
