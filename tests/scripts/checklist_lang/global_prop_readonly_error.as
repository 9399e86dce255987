// A3: a get-only global virtual property cannot be assigned.
int ro { get { return 1; } }
void main() {
  ro = 2;
}
// expect-error: 4 The property has no set accessor
