// ref without handle syntax: construction from handles and objects, copies, comparisons.
class C {}
void main() {
  C a, b;
  ref r1(@a);
  ref r2(a);
  ref r3(@b);
  ref empty;
  ref copy(r1);
  print("" + (r1 == r2) + " " + (r1 == r3) + " " + (copy == r1) + " " + (empty == copy) + "\n");
  print("" + (r1 == @a) + " " + (r1 == @b) + " " + (empty == null) + " " + (r1 == null) + "\n");
  ref r4(r3);
  print("" + (r4 == r3) + " " + (r4 == @b) + "\n");
}

// expect: true false true false
// expect: true false true false
// expect: true true
