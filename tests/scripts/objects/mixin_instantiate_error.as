// A mixin cannot be instantiated.
mixin class M { int x; }
void main() {
  M m;
}

// expect-error: 4 Identifier 'M' is not a data type
