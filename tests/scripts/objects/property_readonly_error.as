// Assigning to a property with only a getter.
class C {
  int ro { get { return 1; } }
}
void main() {
  C c;
  c.ro = 5;
}

// expect-error: 7 The property has no set accessor
