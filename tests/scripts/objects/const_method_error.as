// Calling a non-const method through a const handle.
class C {
  int v = 3;
  void set(int x) { v = x; }
}
void main() {
  C c;
  const C@ h = c;
  h.set(1);
}

// expect-error: 9 No matching signatures to 'C::set(const int) const'
