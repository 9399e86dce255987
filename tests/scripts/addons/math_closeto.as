// closeTo for float and double with default and explicit epsilon.
void main() {
  print("" + closeTo(1.0f, 1.000001f) + " " + closeTo(1.0f, 1.1f) + "\n");
  print("" + closeTo(1.0, 1.0 + 1e-12) + " " + closeTo(1.0, 1.0001) + "\n");
  print("" + closeTo(1.0, 1.05, 0.1) + " " + closeTo(1.0f, 1.5f, 0.1f) + "\n");
}

// expect: true false
// expect: true false
// expect: true false
