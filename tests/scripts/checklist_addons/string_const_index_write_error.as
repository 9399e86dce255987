// string: opIndex of a const string gives a read-only uint8 reference.
void main() {
  const string k = "x";
  k[0] = 65;
}

// expect-error: 4 Reference is read-only
