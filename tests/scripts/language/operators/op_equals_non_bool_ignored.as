// An opEquals that does not return bool is not an == operator: the reference ignores it (no
// error) and takes the one returning bool, here converting 0.1f to int (0). Likewise an opCmp
// that does not return int is ignored, and an opEquals ignored leaves == to opCmp.
class A {
  bool opEquals(int o) { return o == 0; }
  int opEquals(float f) { return 5; }
}
class C {
  int opCmp(int o) { return o; }
  bool opCmp(float f) { return true; }
}
class Q {
  int opEquals(float f) { return 5; }
  int opCmp(float f) { return 1; }
}
void main() {
  A a;
  bool r = (a == 0.1f);
  print("" + r + "\n");
  print("" + (a != 0.1f) + "\n");
  print("" + (0.1f == a) + "\n");
  C c;
  print("" + (c < 0.5f) + " " + (c > 0.5f) + " " + (0.5f < c) + " " + (c >= 2.5f) + "\n");
  Q q;
  print("" + (q == 0.1f) + " " + (q != 0.1f) + "\n");
}
// expect: true
// expect: false
// expect: true
// expect: false false false true
// expect: false true
// expect-warning: 18 Implicit conversion of value is not exact
