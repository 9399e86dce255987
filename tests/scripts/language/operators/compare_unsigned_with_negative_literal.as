// A constant operand is converted to the other operand's type: -1 compared with a uint becomes
// 4294967295, so -1 < b is false for b == 1.
void main() {
  uint b = 1;
  print("" + (-1 < b) + " " + (b > -1) + " " + (b == -1) + "\n");
  uint m = 4294967295;
  print("" + (m == -1) + "\n");
  int a = -1;
  print("" + (a < 0x1) + " " + (a == 0xFFFFFFFF) + "\n");
}

// expect: false false false
// expect: true
// expect: true true
