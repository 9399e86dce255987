// Converting between signed and unsigned reinterprets the bits.
void main() {
  int a = -1;
  uint b = a;
  print("" + b + "\n");
  uint c = 4294967295;
  int d = c;
  print("" + d + "\n");
  int64 e = -1;
  uint64 f = e;
  print("" + f + "\n");
  uint64 g = 18446744073709551615;
  int64 h = g;
  print("" + h + "\n");
  uint u = 3000000000;
  int64 wide = u;
  print("" + wide + "\n");
  int neg = -5;
  int64 wneg = neg;
  print("" + wneg + "\n");
  uint64 wu = uint64(neg);
  print("" + wu + "\n");
}

// expect: 4294967295
// expect: -1
// expect: 18446744073709551615
// expect: -1
// expect: 3000000000
// expect: -5
// expect: 18446744073709551611
