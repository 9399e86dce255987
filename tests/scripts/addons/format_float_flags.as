// formatFloat: fixed notation unless e/E (e beats E); h is ignored; rounding is printf's on the
// binary value; inf/nan are never zero padded; float arguments widen to double; precisions from
// 2^31 up mean "no precision" (printf's 6).
void p(const string &in s) { print("[" + s + "]\n"); }
void main() {
  uint n;
  double inf = parseFloat("inf", n);
  double nan = parseFloat("nan", n);
  p(formatFloat(3.14159, "h", 0, 2));
  p(formatFloat(0.000123456, "e", 0, 3));
  p(formatFloat(0.000123456, "", 0, 10));
  p(formatFloat(2.5, "eE", 0, 1));
  p(formatFloat(2.5, "Ee", 0, 1));
  p(formatFloat(-2.5, "l", 8, 1));
  p(formatFloat(2.5, "l+", 8, 1));
  p(formatFloat(2.5, "0 ", 8, 1));
  p(formatFloat(123.456, "", 2, 0));
  p(formatFloat(0.125, "", 0, 2));
  p(formatFloat(0.375, "", 0, 2));
  p(formatFloat(1e-10, "", 0, 3));
  p(formatFloat(-1e-10, "", 0, 3));
  p(formatFloat(1e-10, "e", 0, 0));
  p(formatFloat(123456789.0, "", 0, 3));
  p(formatFloat(0, "e", 12, 2));
  p(formatFloat(3.5, "", 0, 20));
  p(formatFloat(1.0f / 3.0f, "", 0, 10));
  p(formatFloat(0.1, "", 0, 60));
  p(formatFloat(1e300, "e", 0, 3));
  p(formatFloat(inf, "", 8, 2));
  p(formatFloat(-inf, "0", 8, 2));
  p(formatFloat(inf, "E", 0, 2));
  p(formatFloat(inf, "+", 0, 2));
  p(formatFloat(nan, "", 6, 2));
  p(formatFloat(3.14159, "", 0, 4294967295));
  p(formatFloat(3.14159, "e", 0, 2147483648));
}

// expect: [3.14]
// expect: [1.235e-04]
// expect: [0.0001234560]
// expect: [2.5e+00]
// expect: [2.5e+00]
// expect: [-2.5    ]
// expect: [+2.5    ]
// expect: [ 00002.5]
// expect: [123]
// expect: [0.12]
// expect: [0.38]
// expect: [0.000]
// expect: [-0.000]
// expect: [1e-10]
// expect: [123456789.000]
// expect: [    0.00e+00]
// expect: [3.50000000000000000000]
// expect: [0.3333333433]
// expect: [0.100000000000000005551115123125782702118158340454101562500000]
// expect: [1.000e+300]
// expect: [     inf]
// expect: [    -inf]
// expect: [INF]
// expect: [+inf]
// expect: [   nan]
// expect: [3.141590]
// expect: [3.141590e+00]
