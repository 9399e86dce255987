// Float arithmetic stays in single precision: the halving loop stops after 24 steps.
void main() {
  float e = 1.0f;
  int n = 0;
  float one = 1.0f;
  while (one + e != one) { e /= 2.0f; n++; }
  print("" + n + "\n");
}

// expect: 24
