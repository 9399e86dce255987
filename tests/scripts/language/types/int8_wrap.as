// int8 holds -128..127 and wraps on overflow when stored.
void main() {
  int8 a = 127;
  a++;
  print("" + a + "\n");
  a = -128;
  a--;
  print("" + a + "\n");
  int8 b = 100;
  b += 100;
  print("" + b + "\n");
  int8 c = 64;
  c *= 2;
  print("" + c + "\n");
}

// expect: -128
// expect: 127
// expect: -56
// expect: -128
