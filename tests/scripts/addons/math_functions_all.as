// Every math function once, printed with 9 decimals (the float results widened to double),
// which overload each conversion function has, and NaN/inf results of domain errors.
string f(double v) { return formatFloat(v, "", 0, 9); }
void which(float) { print("float\n"); }
void which(double) { print("double\n"); }
void which(uint) { print("uint\n"); }
void which(uint64) { print("uint64\n"); }
void main() {
  which(cos(1.0)); which(fpFromIEEE(uint(1))); which(fpFromIEEE(uint64(1)));
  which(fpToIEEE(1.0f)); which(fpToIEEE(1.0));
  print(f(cos(1)) + " " + f(sin(1)) + " " + f(tan(1)) + "\n");
  print(f(acos(0.5)) + " " + f(asin(0.5)) + " " + f(atan(0.5)) + " " + f(atan2(1, 2)) + "\n");
  print(f(cosh(2)) + " " + f(sinh(2)) + " " + f(tanh(2)) + "\n");
  print(f(log(10)) + " " + f(log10(5)) + " " + f(pow(1.5, 2.5)) + " " + f(sqrt(3)) + "\n");
  print(f(ceil(2.1)) + " " + f(floor(-2.1)) + " " + f(abs(-0.0)) + " " + f(abs(-7.25)) + "\n");
  print(f(fraction(-2.25)) + " " + f(fraction(5.5)) + " " + f(fraction(-3)) + "\n");
  float s = sqrt(-1), l = log(-1), a = acos(2);
  print("" + (s != s) + " " + (l != l) + " " + (a != a) + " " + log(0) + " " + pow(10, 39) + "\n");
  print(f(1e39) + "\n");
}

// expect: float
// expect: float
// expect: double
// expect: uint
// expect: uint64
// expect: 0.540302277 0.841470957 1.557407737
// expect: 1.047197580 0.523598790 0.463647604 0.463647604
// expect: 3.762195826 3.626860380 0.964027584
// expect: 2.302585125 0.698970020 2.755676031 1.732050776
// expect: 3.000000000 -3.000000000 0.000000000 7.250000000
// expect: -0.250000000 0.500000000 -0.000000000
// expect: true true true -inf inf
// expect: 999999999999999939709166371603178586112.000000000
