// Overload resolution picks the exact match for each argument type.
void f(int x) { print("int\n"); }
void f(double x) { print("double\n"); }
void f(string x) { print("string\n"); }
void f(bool x) { print("bool\n"); }
void main() {
  f(1);
  f(1.0);
  f("s");
  f(true);
  int i = 2; double d = 2; string s; bool b = false;
  f(i); f(d); f(s); f(b);
}

// expect: int
// expect: double
// expect: string
// expect: bool
// expect: int
// expect: double
// expect: string
// expect: bool
