// ?: of an overloaded function name: which one is meant is ambiguous (2.38).
// angelc-only: 2.38 feature (checked against ashost-2.38)
int f(int) { return 0; }
void f() {
  true ? f : f;
}
void main() {}
// expect-error: 5 Multiple matching signatures to '::f'
