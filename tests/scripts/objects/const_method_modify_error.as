// A const method cannot modify members.
class C {
  int v = 3;
  void bump() const { v++; }
}
void main() {}

// expect-error: 4 Reference is read-only
