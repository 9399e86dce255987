// ** on int64 and uint64.
void p(int64 b, int64 e) {
  try {
    int64 r = b ** e;
    print("" + b + "**" + e + " = " + r + "\n");
  } catch {
    print("" + b + "**" + e + " : " + getExceptionInfo() + "\n");
  }
}
void pu(uint64 b, uint64 e) {
  try {
    uint64 r = b ** e;
    print("" + b + "**" + e + " = " + r + "\n");
  } catch {
    print("" + b + "**" + e + " : " + getExceptionInfo() + "\n");
  }
}
void main() {
  p(2, 62);
  p(2, 63);
  p(-2, 63);
  p(-1, 63);
  p(10, 18);
  p(10, 19);
  p(3, -2);
  p(0, 0);
  pu(2, 63);
  pu(2, 64);
  pu(10, 19);
  pu(10, 20);
  pu(0, 0);
}

// expect: 2**62 = 4611686018427387904
// expect: 2**63 : Overflow in exponent operation
// expect: -2**63 : Overflow in exponent operation
// expect: -1**63 = -1
// expect: 10**18 = 1000000000000000000
// expect: 10**19 : Overflow in exponent operation
// expect: 3**-2 = 0
// expect: 0**0 : Overflow in exponent operation
// expect: 2**63 = 9223372036854775808
// expect: 2**64 : Overflow in exponent operation
// expect: 10**19 : Overflow in exponent operation
// expect: 10**20 : Overflow in exponent operation
// expect: 0**0 : Overflow in exponent operation
