// Boundaries of the integer ** overflow check. The reference uses per-exponent tables of the largest
// allowed base; for uint64 some results that would fit (10**19, 3**40) are still reported as overflow.
void pi(int64 b, int64 e) {
  try { int64 r = b ** e; print("int64 " + b + "**" + e + " = " + r + "\n"); }
  catch { print("int64 " + b + "**" + e + " : " + getExceptionInfo() + "\n"); }
}
void pu(uint64 b, uint64 e) {
  try { uint64 r = b ** e; print("uint64 " + b + "**" + e + " = " + r + "\n"); }
  catch { print("uint64 " + b + "**" + e + " : " + getExceptionInfo() + "\n"); }
}
void main() {
  pi(9, 19);
  pi(3, 39);
  pi(3, 40);
  pi(-3, 39);
  pi(-3, 40);
  pi(3037000499, 2);
  pi(3037000500, 2);
  pu(9, 19);
  pu(10, 19);
  pu(4, 31);
  pu(4, 32);
  pu(3, 40);
  pu(5, 27);
  pu(5, 28);
  pu(4294967295, 2);
  pu(4294967296, 2);
}

// expect: int64 9**19 = 1350851717672992089
// expect: int64 3**39 = 4052555153018976267
// expect: int64 3**40 : Overflow in exponent operation
// expect: int64 -3**39 = -4052555153018976267
// expect: int64 -3**40 : Overflow in exponent operation
// expect: int64 3037000499**2 : Overflow in exponent operation
// expect: int64 3037000500**2 : Overflow in exponent operation
// expect: uint64 9**19 = 1350851717672992089
// expect: uint64 10**19 : Overflow in exponent operation
// expect: uint64 4**31 = 4611686018427387904
// expect: uint64 4**32 : Overflow in exponent operation
// expect: uint64 3**40 : Overflow in exponent operation
// expect: uint64 5**27 = 7450580596923828125
// expect: uint64 5**28 : Overflow in exponent operation
// expect: uint64 4294967295**2 : Overflow in exponent operation
// expect: uint64 4294967296**2 : Overflow in exponent operation
