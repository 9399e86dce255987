// Sizes whose buffer would not fit in 32 bits raise "Too large array size".
void main() {
  array<int> a;
  try { a.resize(0x40000000); } catch { print("resize: " + getExceptionInfo() + "\n"); }
  try { a.reserve(0x7FFFFFFF); } catch { print("reserve: " + getExceptionInfo() + "\n"); }
  print("" + a.length() + "\n");
  array<double> d(0x20000000);
}

// expect: resize: Too large array size
// expect: reserve: Too large array size
// expect: 0
// expect-exception: Too large array size
