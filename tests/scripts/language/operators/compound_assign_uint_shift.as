// >>= is logical and >>>= arithmetic, on uint and int64 too.
void main() {
  uint u = 0x80000000;
  u >>= 4; print("" + u + "\n");
  u = 0x80000000;
  u >>>= 4; print("" + u + "\n");
  int64 l = -256;
  l >>= 4; print("" + l + "\n");
  l = -256;
  l >>>= 4; print("" + l + "\n");
}

// expect: 134217728
// expect: 4160749568
// expect: 1152921504606846960
// expect: -16
