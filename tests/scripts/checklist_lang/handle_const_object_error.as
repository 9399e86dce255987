// A2: a non-const method cannot be called through `const T@`.
class C { int v; void inc() { v++; } }
void main() {
  C a;
  const C@ h = a;
  h.inc();
}
// expect-error: 6 No matching signatures to 'C::inc() const'
