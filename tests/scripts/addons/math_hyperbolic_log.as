// cosh, sinh, tanh, log, log10, pow, sqrt.
string f(double v) { return formatFloat(v, "", 0, 4); }
void main() {
  print(f(cosh(0)) + " " + f(sinh(0)) + " " + f(tanh(0)) + " " + f(cosh(1)) + " " + f(sinh(1)) + " " + f(tanh(1)) + "\n");
  print(f(log(1)) + " " + f(log(2.7182818f)) + " " + f(log10(1000)) + " " + f(log10(2)) + "\n");
  print(f(pow(2, 10)) + " " + f(pow(9, 0.5f)) + " " + f(pow(2, -2)) + "\n");
  print(f(sqrt(16)) + " " + f(sqrt(2)) + "\n");
}

// expect: 1.0000 0.0000 0.0000 1.5431 1.1752 0.7616
// expect: 0.0000 1.0000 3.0000 0.3010
// expect: 1024.0000 3.0000 0.2500
// expect: 4.0000 1.4142
