// int and uint wrap-around (two's complement, no exception).
void main() {
  int a = 2147483647;
  a++;
  print("" + a + "\n");
  a--;
  print("" + a + "\n");
  int b = 2147483647;
  b = b + 1;
  print("" + b + "\n");
  uint c = 4294967295;
  c++;
  print("" + c + "\n");
  uint d = 0;
  d--;
  print("" + d + "\n");
  int e = 65536;
  e = e * e;
  print("" + e + "\n");
  int f = 100000;
  f = f * f;
  print("" + f + "\n");
}

// expect: -2147483648
// expect: 2147483647
// expect: -2147483648
// expect: 0
// expect: 4294967295
// expect: 0
// expect: 1410065408
