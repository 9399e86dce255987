// The built-in exception messages, caught one by one.
void main() {
  int z = 0; int m = -1; int mn = -2147483648;
  array<int> a;
  array<int>@ nh;
  string s = "";
  try { int r = 1 / z; } catch { print(getExceptionInfo() + "\n"); }
  try { int r = mn / m; } catch { print(getExceptionInfo() + "\n"); }
  int two = 2; try { int r = two ** 40; } catch { print(getExceptionInfo() + "\n"); }
  try { int r = a[0]; } catch { print(getExceptionInfo() + "\n"); }
  try { nh.resize(1); } catch { print(getExceptionInfo() + "\n"); }
  try { uint8 c = s[0]; } catch { print(getExceptionInfo() + "\n"); }
  try { throw("user"); } catch { print(getExceptionInfo() + "\n"); }
}

// expect: Divide by zero
// expect: Overflow in integer division
// expect: Overflow in exponent operation
// expect: Index out of bounds
// expect: Null pointer access
// expect: Out of range
// expect: user
