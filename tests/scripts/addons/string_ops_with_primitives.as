// opAdd_r and opAssign of string with double/float/int64/uint64/bool on either side.
void main() {
  double d = 0.5; float f = 0.25f; int64 i = -3; uint64 u = 7; bool b = true;
  print(d + "|" + f + "|" + i + "|" + u + "|" + b + "\n");
  string s;
  s = d; print(s + "\n");
  s = f; print(s + "\n");
  s = i; print(s + "\n");
  s = u; print(s + "\n");
  s = b; print(s + "\n");
  s += d; s += f; s += i; s += u; s += b;
  print(s + "\n");
}

// expect: 0.5|0.25|-3|7|true
// expect: 0.5
// expect: 0.25
// expect: -3
// expect: 7
// expect: true
// expect: true0.50.25-37true
