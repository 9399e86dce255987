// auto from expressions and function results.
int8 small() { return 5; }
double dbl() { return 0.5; }
void f(int8 x) { print("int8\n"); }
void f(int x) { print("int\n"); }
void f(double x) { print("double\n"); }
void f(const string &in x) { print("string\n"); }
void main() {
  auto a = small();
  auto b = dbl();
  auto c = small() + small();
  auto d = "a" + 1;
  auto e = 7 / 2;
  f(a); f(b); f(c); f(d); f(e);
  print("" + e + "\n");
}

// expect: int8
// expect: double
// expect: int
// expect: string
// expect: int
// expect: 3
