// ?: of an overloaded function name: which one is meant is ambiguous (2.38).
// reference: 2.38 (2.38 feature; 2.35.1 differs)
int f(int) { return 0; }
void f() {
  true ? f : f;
}
void main() {}
// expect-error: 5 Multiple matching signatures to '::f'
