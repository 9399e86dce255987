// Division and modulo by zero raise "Divide by zero" for every numeric type.
void main() {
  int i = 0; uint u = 0; int64 l = 0; uint64 ul = 0; float f = 0; double d = 0; int8 i8 = 0; uint16 u16 = 0;
  try { int r = 1 / i; } catch { print("int /: " + getExceptionInfo() + "\n"); }
  try { int r = 1 % i; } catch { print("int %: " + getExceptionInfo() + "\n"); }
  try { uint r = 1 / u; } catch { print("uint /: " + getExceptionInfo() + "\n"); }
  try { uint r = 1 % u; } catch { print("uint %: " + getExceptionInfo() + "\n"); }
  try { int64 r = 1 / l; } catch { print("int64 /: " + getExceptionInfo() + "\n"); }
  try { int64 r = 1 % l; } catch { print("int64 %: " + getExceptionInfo() + "\n"); }
  try { uint64 r = 1 / ul; } catch { print("uint64 /: " + getExceptionInfo() + "\n"); }
  try { uint64 r = 1 % ul; } catch { print("uint64 %: " + getExceptionInfo() + "\n"); }
  try { float r = 1 / f; } catch { print("float /: " + getExceptionInfo() + "\n"); }
  try { float r = 1 % f; } catch { print("float %: " + getExceptionInfo() + "\n"); }
  try { double r = 1 / d; } catch { print("double /: " + getExceptionInfo() + "\n"); }
  try { double r = 1 % d; } catch { print("double %: " + getExceptionInfo() + "\n"); }
  try { int r = 1 / i8; } catch { print("int8 /: " + getExceptionInfo() + "\n"); }
  try { int r = 1 % u16; } catch { print("uint16 %: " + getExceptionInfo() + "\n"); }
  int x = 5;
  try { x /= i; } catch { print("/=: " + getExceptionInfo() + "\n"); }
  try { x %= i; } catch { print("%=: " + getExceptionInfo() + "\n"); }
  print("x " + x + "\n");
}

// expect: int /: Divide by zero
// expect: int %: Divide by zero
// expect: uint /: Divide by zero
// expect: uint %: Divide by zero
// expect: int64 /: Divide by zero
// expect: int64 %: Divide by zero
// expect: uint64 /: Divide by zero
// expect: uint64 %: Divide by zero
// expect: float /: Divide by zero
// expect: float %: Divide by zero
// expect: double /: Divide by zero
// expect: double %: Divide by zero
// expect: int8 /: Divide by zero
// expect: uint16 %: Divide by zero
// expect: /=: Divide by zero
// expect: %=: Divide by zero
// expect: x 5
