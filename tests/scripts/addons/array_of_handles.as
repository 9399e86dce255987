// Arrays of handles: elements start null; handle assignment with @.
class C { int v; C(int x) { v = x; } }
void main() {
  array<C@> a(2);
  print("" + (a[0] is null) + "\n");
  @a[0] = C(1);
  @a[1] = a[0];
  a[1].v = 5;
  print("" + a[0].v + " " + (a[0] is a[1]) + "\n");
  a.insertLast(null);
  print("" + a.length() + " " + (a[2] is null) + "\n");
}

// expect: true
// expect: 5 true
// expect: 3 true
