// Lambda parameters with explicit types.
funcdef double F(double);
void main() {
  F@ half = function(double x) { return x / 2; };
  print("" + half(5) + "\n");
}

// expect: 2.5
