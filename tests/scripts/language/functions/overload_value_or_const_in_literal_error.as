// A literal is no better a match for f(int) than for f(const int &in).
void f(int x) { print("int\n"); }
void f(const int &in x) { print("const int &in\n"); }
void main() {
  f(1);
}
// expect-error: 5 Multiple matching signatures to 'f(const int)'
