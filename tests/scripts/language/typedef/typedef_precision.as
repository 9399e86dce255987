// typedef float keeps float precision.
typedef float real;
void main() {
  real third = 1.0f / 3.0f;
  print(formatFloat(third, "", 0, 10) + "\n");
  real big = 16777216;
  big += 1;
  print(formatFloat(big, "", 0, 1) + "\n");
}

// expect: 0.3333333433
// expect: 16777216.0
