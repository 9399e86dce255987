// opCast / opImplCast for reference casts to other classes.
class B { int v; B(int x) { v = x; } }
class A {
  B@ b = B(7);
  B@ opCast() { print("opCast "); return b; }
}
class C {
  B@ b = B(9);
  B@ opImplCast() { print("opImplCast "); return b; }
}
void main() {
  A a;
  B@ x = cast<B>(a);
  print("" + x.v + "\n");
  C c;
  B@ y = c;
  print("" + y.v + "\n");
}

// expect: opCast 7
// expect: opImplCast 9
