// super(...) selects the base constructor; without it the default base constructor runs first.
class Base {
  int v;
  Base() { v = 1; print("Base()\n"); }
  Base(int x) { v = x; print("Base(int)\n"); }
}
class A : Base {
  A() { print("A() v=" + v + "\n"); }
}
class B : Base {
  B() { super(42); print("B() v=" + v + "\n"); }
}
void main() {
  A a;
  B b;
}

// expect: Base()
// expect: A() v=1
// expect: Base(int)
// expect: B() v=42
