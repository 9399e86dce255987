// abs, ceil, floor, fraction.
string f(double v) { return formatFloat(v, "", 0, 2); }
void main() {
  print(f(abs(-2.5f)) + " " + f(abs(3)) + "\n");
  print(f(ceil(1.2f)) + " " + f(ceil(-1.2f)) + " " + f(floor(1.8f)) + " " + f(floor(-1.8f)) + "\n");
  print(f(fraction(3.75f)) + " " + f(fraction(-3.75f)) + " " + f(fraction(2)) + "\n");
}

// expect: 2.50 3.00
// expect: 2.00 -1.00 1.00 -2.00
// expect: 0.75 -0.75 0.00
