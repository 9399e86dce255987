// Locals in one scope are destroyed in reverse order of declaration.
class D {
  string name;
  D(string n) { name = n; }
  ~D() { print("dtor " + name + "\n"); }
}
void f() {
  D a("first");
  D b("second");
  D c("third");
  print("leaving f\n");
}
void main() {
  f();
  print("back in main\n");
}

// expect: leaving f
// expect: dtor third
// expect: dtor second
// expect: dtor first
// expect: back in main
