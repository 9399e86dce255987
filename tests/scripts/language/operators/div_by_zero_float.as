// Floating-point division by zero also raises "Divide by zero" (no infinity).
void main() {
  double a = 1.0;
  double z = 0.0;
  print("before\n");
  double c = a / z;
  print("after " + c + "\n");
}

// expect: before
// expect-exception: Divide by zero
