// f(int) and f(const int &in) are equally good for an int (a variable, a constant, a literal):
// the reference finds them ambiguous, whatever the argument's constness.
void f(int x) { print("int\n"); }
void f(const int &in x) { print("const int &in\n"); }
void main() {
  int i = 1;
  f(i);
}
// expect-error: 7 Multiple matching signatures to 'f(int)'
// expect-info: 7 void f(int x)
// expect-info: 7 void f(const int&in x)
