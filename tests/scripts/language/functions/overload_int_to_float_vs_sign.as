// Conversion cost order: a signed->unsigned conversion is cheaper than int->float.
void f(uint x) { print("uint\n"); }
void f(float x) { print("float\n"); }
void g(double x) { print("double\n"); }
void g(uint8 x) { print("uint8\n"); }
void main() {
  int i = -1;
  f(i);
  g(i);
}

// expect: uint
// expect: uint8
