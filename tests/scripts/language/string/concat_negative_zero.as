// Negative zero prints as -0.
void main() {
  double z = 0;
  double nz = -z;
  print("" + nz + "\n");
  print("" + (-0.0) + "\n");
  print("" + (nz == 0) + "\n");
  float fz = 0;
  print("" + (-fz) + "\n");
}

// expect: -0
// expect: -0
// expect: true
// expect: -0
