// Construction runs base before derived; destruction derived before base.
class Base {
  Base() { print("Base ctor\n"); }
  ~Base() { print("Base dtor\n"); }
}
class Derived : Base {
  Derived() { print("Derived ctor\n"); }
  ~Derived() { print("Derived dtor\n"); }
}
void main() {
  {
    Derived d;
    print("alive\n");
  }
  print("end\n");
}

// expect: Base ctor
// expect: Derived ctor
// expect: alive
// expect: Derived dtor
// expect: Base dtor
// expect: end
