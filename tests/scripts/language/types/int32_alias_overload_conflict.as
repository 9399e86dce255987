// Overloads that differ only by int vs int32 are the same function: redefinition error.
void f(int x) { print("a\n"); }
void f(int32 x) { print("b\n"); }
void main() {
  f(1);
}

// expect-error: 3 A function with the same name and parameters already exists
