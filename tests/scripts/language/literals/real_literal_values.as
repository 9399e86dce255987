// Values of real literals (exactly representable ones, so rounding of the parser does not matter).
void main() {
  print("" + 1.5 + "\n");
  print("" + .25 + "\n");
  print("" + 1e3 + "\n");
  print("" + 1E3 + "\n");
  print("" + 2.5e2 + "\n");
  print("" + 2.5e+2 + "\n");
  print("" + 1e-3 + "\n");
  print("" + 0.5f + "\n");
  print("" + 3. + "\n");
  print("" + 1e10 + "\n");
  print("" + 123456.0 + "\n");
  print("" + 0.0 + "\n");
}

// expect: 1.5
// expect: 0.25
// expect: 1000
// expect: 1000
// expect: 250
// expect: 250
// expect: 0.001
// expect: 0.5
// expect: 3
// expect: 1e+10
// expect: 123456
// expect: 0
