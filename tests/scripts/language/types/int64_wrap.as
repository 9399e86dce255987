// int64 and uint64 wrap-around.
void main() {
  int64 a = 9223372036854775807;
  a++;
  print("" + a + "\n");
  a--;
  print("" + a + "\n");
  uint64 b = 18446744073709551615;
  b++;
  print("" + b + "\n");
  b--;
  print("" + b + "\n");
  int64 c = 4294967296;
  c = c * c;
  print("" + c + "\n");
  int64 d = 3037000500;
  d = d * d;
  print("" + d + "\n");
}

// expect: -9223372036854775808
// expect: 9223372036854775807
// expect: 0
// expect: 18446744073709551615
// expect: 0
// expect: -9223372036709301616
