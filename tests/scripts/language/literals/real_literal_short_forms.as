// Real literal edge cases: "1." and ".5" forms, exponent without sign.
void main() {
  double a = 1.;
  double b = .5;
  double c = 5e2;
  float d = .25f;
  print("" + a + " " + b + " " + c + " " + d + "\n");
}

// expect: 1 0.5 500 0.25
