// Doubles in string concatenation use 6 significant digits, %g style.
void main() {
  print("" + (1.0 / 3) + "\n");
  print("" + (2.0 / 3) + "\n");
  print("" + 1e20 + "\n");
  print("" + 1e-5 + "\n");
  print("" + 0.0001 + "\n");
  print("" + 100000000.0 + "\n");
  print("" + 123456.0 + "\n");
  print("" + 1234567.0 + "\n");
  print("" + 999999.0 + "\n");
  print("" + 9999995.0 + "\n");
  print("" + 0.5 + "\n");
  print("" + 3.0 + "\n");
  print("" + 1.25e-10 + "\n");
  print("" + 1e100 + "\n");
  print("" + 123.456 + "\n");
  print("" + 1e6 + " " + 1e5 + "\n");
}

// expect: 0.333333
// expect: 0.666667
// expect: 1e+20
// expect: 1e-05
// expect: 0.0001
// expect: 1e+08
// expect: 123456
// expect: 1.23457e+06
// expect: 999999
// expect: 1e+07
// expect: 0.5
// expect: 3
// expect: 1.25e-10
// expect: 1e+100
// expect: 123.456
// expect: 1e+06 100000
