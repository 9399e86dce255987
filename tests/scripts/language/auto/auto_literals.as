// auto takes the type of its initialiser; revealed through overloads.
void f(int x) { print("int\n"); }
void f(uint x) { print("uint\n"); }
void f(int64 x) { print("int64\n"); }
void f(uint64 x) { print("uint64\n"); }
void f(float x) { print("float\n"); }
void f(double x) { print("double\n"); }
void f(bool x) { print("bool\n"); }
void f(const string &in x) { print("string\n"); }
void main() {
  auto a = 1;
  auto b = 0x1;
  auto c = 3000000000;
  auto d = 18446744073709551615;
  auto e = 1.5f;
  auto g = 1.5;
  auto h = true;
  auto i = "str";
  f(a); f(b); f(c); f(d); f(e); f(g); f(h); f(i);
}

// expect: int
// expect: uint
// expect: int64
// expect: uint64
// expect: float
// expect: double
// expect: bool
// expect: string
