// double -> float rounds to single precision.
void main() {
  double d = 1.0 / 3.0;
  float f = d;
  print(formatFloat(f, "", 0, 10) + "\n");
  float g = float(d);
  print("" + (f == g) + "\n");
  double back = f;
  print("" + (back == d) + "\n");
  float big = float(1e300);
  print("" + big + "\n");
}

// expect: 0.3333333433
// expect: true
// expect: false
// expect: inf
