// In "auto a = 1, b = 2.5;" the type is resolved from the first initialiser: b is an int too.
void f(int x) { print("int " + x + "\n"); }
void f(double x) { print("double " + x + "\n"); }
void main() {
  auto a = 1, b = 2.5;
  f(a);
  f(b);
}

// expect: int 1
// expect: int 2
