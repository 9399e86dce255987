// Trigonometric functions (registered with float arguments in this build).
string f(double v) { return formatFloat(v, "", 0, 5); }
void main() {
  print(f(sin(0)) + " " + f(cos(0)) + " " + f(tan(0)) + "\n");
  print(f(sin(1.5707964f)) + " " + f(cos(3.1415927f)) + "\n");
  print(f(asin(1)) + " " + f(acos(0)) + " " + f(atan(1)) + "\n");
  print(f(atan2(1, 1)) + " " + f(atan2(-1, -1)) + " " + f(atan2(0, -1)) + "\n");
}

// expect: 0.00000 1.00000 0.00000
// expect: 1.00000 -1.00000
// expect: 1.57080 1.57080 0.78540
// expect: 0.78540 -2.35619 3.14159
