// For an &out parameter a literal 0 (or null for a handle) discards the output, as `void` does.
class A {}
void f(float &out d) { d = 2; print("f\n"); }
void g(A@ &out a) { @a = A(); print("g\n"); }
void main() {
  f(0);
  g(null);
  f(void);
}
// expect: f
// expect: g
// expect: f
