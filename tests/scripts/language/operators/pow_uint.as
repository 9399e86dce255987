// ** on uint (exponent uint).
void p(uint b, uint e) {
  try {
    uint r = b ** e;
    print("" + b + "**" + e + " = " + r + "\n");
  } catch {
    print("" + b + "**" + e + " : " + getExceptionInfo() + "\n");
  }
}
void main() {
  p(2, 31);
  p(2, 32);
  p(3, 20);
  p(3, 21);
  p(0, 0);
  p(7, 0);
  p(1, 1000);
  p(0, 1000);
  p(65535, 2);
  p(65536, 2);
}

// expect: 2**31 = 2147483648
// expect: 2**32 : Overflow in exponent operation
// expect: 3**20 = 3486784401
// expect: 3**21 : Overflow in exponent operation
// expect: 0**0 : Overflow in exponent operation
// expect: 7**0 = 1
// expect: 1**1000 = 1
// expect: 0**1000 = 0
// expect: 65535**2 = 4294836225
// expect: 65536**2 : Overflow in exponent operation
