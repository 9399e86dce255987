// Accessing a member that does not exist.
class C { int a; }
void main() {
  C c;
  c.b = 1;
}

// expect-error: 5 'b' is not a member of 'C'
