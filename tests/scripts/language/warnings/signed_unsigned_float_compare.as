// Comparing an unsigned integer variable with a float or double, a variable or a constant, is a
// "Signed/Unsigned mismatch" in the reference, as an unsigned against a signed variable is; an
// unsigned constant against a double is not, nor a signed integer against a double, nor
// arithmetic.
enum E { A, B }
void main() {
  uint64 s = 1; double d = 2; float fl = 3; uint u = 4; uint8 u8 = 5; int i = -1; E e = B;
  print("" + (s >= d) + "\n");
  print("" + (d > s) + "\n");
  print("" + (u == fl) + "\n");
  print("" + (u8 != 2.5) + "\n");
  print("" + (1.5f < u) + "\n");
  print("" + (uint(1) >= d) + "\n");
  print("" + (i >= d) + "\n");
  print("" + (s + d) + "\n");
  print("" + (u < e) + "\n");
  print("" + (u < B) + "\n");
}
// expect: false
// expect: true
// expect: false
// expect: true
// expect: true
// expect: false
// expect: false
// expect: 3
// expect: false
// expect: false
// expect-warning: 8 Signed/Unsigned mismatch
// expect-warning: 9 Signed/Unsigned mismatch
// expect-warning: 10 Signed/Unsigned mismatch
// expect-warning: 11 Signed/Unsigned mismatch
// expect-warning: 12 Signed/Unsigned mismatch
// expect-warning: 16 Signed/Unsigned mismatch
