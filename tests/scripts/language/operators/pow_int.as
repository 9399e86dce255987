// ** on int: integer power; a negative exponent gives 0 (even for base 1 and -1), 0 ** negative
// and 0 ** 0 raise "Overflow in exponent operation"; exponents >= 31 only work for bases -1, 0, 1.
void p(int b, int e) {
  try {
    int r = b ** e;
    print("" + b + "**" + e + " = " + r + "\n");
  } catch {
    print("" + b + "**" + e + " : " + getExceptionInfo() + "\n");
  }
}
void main() {
  p(2, 10);
  p(3, 4);
  p(-3, 3);
  p(2, -1);
  p(1, -1);
  p(-1, -1);
  p(0, -1);
  p(0, 0);
  p(5, 0);
  p(0, 5);
  p(2, 30);
  p(-2, 31);
  p(-1, 31);
  p(-1, 32);
  p(1, 100);
  p(0, 100);
  p(2, 31);
  p(46340, 2);
  p(46341, 2);
  p(-46341, 2);
  p(1290, 3);
  p(1291, 3);
}

// expect: 2**10 = 1024
// expect: 3**4 = 81
// expect: -3**3 = -27
// expect: 2**-1 = 0
// expect: 1**-1 = 0
// expect: -1**-1 = 0
// expect: 0**-1 : Overflow in exponent operation
// expect: 0**0 : Overflow in exponent operation
// expect: 5**0 = 1
// expect: 0**5 = 0
// expect: 2**30 = 1073741824
// expect: -2**31 : Overflow in exponent operation
// expect: -1**31 = -1
// expect: -1**32 = 1
// expect: 1**100 = 1
// expect: 0**100 = 0
// expect: 2**31 : Overflow in exponent operation
// expect: 46340**2 = 2147395600
// expect: 46341**2 : Overflow in exponent operation
// expect: -46341**2 : Overflow in exponent operation
// expect: 1290**3 = 2146689000
// expect: 1291**3 : Overflow in exponent operation
