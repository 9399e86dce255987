// int32 and uint32 are the same types as int and uint.
void f(int x) { print("int " + x + "\n"); }
void g(uint x) { print("uint " + x + "\n"); }
void main() {
  int32 a = -5;
  uint32 b = 7;
  f(a);
  g(b);
  int c = a;
  uint d = b;
  print("" + c + " " + d + "\n");
}

// expect: int -5
// expect: uint 7
// expect: -5 7
