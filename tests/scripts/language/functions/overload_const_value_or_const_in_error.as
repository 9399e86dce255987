// f(const int) and f(const int &in) for an int variable: ambiguous too.
void f(const int x) { print("const int\n"); }
void f(const int &in x) { print("const int &in\n"); }
void main() {
  int i = 1;
  f(i);
}
// expect-error: 6 Multiple matching signatures to 'f(int)'
// expect-info: 6 void f(const int x)
// expect-info: 6 void f(const int&in x)
