// is / !is with object handles of related types.
class A {}
class B : A {}
void main() {
  B b;
  A@ a = b;
  B@ b2 = b;
  print("" + (a is b2) + " " + (a !is b2) + "\n");
  A other;
  print("" + (a is other) + "\n");
}

// expect: true false
// expect: false
