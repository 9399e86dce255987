// ++ on a virtual property is not allowed.
class C {
  int _v = 0;
  int v { get { return _v; } set { _v = value; } }
}
void main() {
  C c;
  c.v++;
}

// expect-error: 8 Invalid reference. Property accessors cannot be used in combined read/write operations
