// Literals choose overloads by their own type: a small int literal still prefers int over int8.
void f(int8 x) { print("int8\n"); }
void f(int x) { print("int\n"); }
void g(uint8 x) { print("uint8\n"); }
void g(uint x) { print("uint\n"); }
void g(int x) { print("int\n"); }
void h(float x) { print("float\n"); }
void h(int64 x) { print("int64\n"); }
void main() {
  f(1);
  f(200);
  g(1);
  g(0x1);
  h(1);
  h(1.5);
}

// expect: int
// expect: int
// expect: int
// expect: uint
// expect: int64
// expect: float
