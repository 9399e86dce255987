// Writing through a handle to const.
class C { int v = 3; }
void main() {
  C c;
  const C@ h = c;
  h.v = 5;
}

// expect-error: 6 Reference is read-only
