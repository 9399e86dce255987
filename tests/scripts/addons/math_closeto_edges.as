// closeTo: exact equality first (so inf == inf), an absolute check when one side is 0, else the
// difference relative to |a| + |b|; NaN is close to nothing. Float and double versions.
void main() {
  double inf = parseFloat("inf", dummy), nan = parseFloat("nan", dummy);
  print("" + closeTo(100.0, 105.0, 0.1) + " " + closeTo(0.0, 0.05, 0.1) + " " + closeTo(0.0, 0.5, 0.1) + " " + closeTo(1e-20, 2e-20) + "\n");
  print("" + closeTo(100.0f, 105.0f, 0.1f) + " " + closeTo(0.0f, 0.05f, 0.1f) + " " + closeTo(0.0f, 0.5f, 0.1f) + " " + closeTo(1e-20f, 2e-20f) + "\n");
  print("" + closeTo(inf, inf) + " " + closeTo(nan, nan) + " " + closeTo(inf, 1.0) + " " + closeTo(-inf, inf) + " " + closeTo(0.0, -0.0) + "\n");
  print("" + closeTo(float(inf), float(inf)) + " " + closeTo(float(nan), 1.0f) + "\n");
  print("" + closeTo(0.0, 1e-11) + " " + closeTo(0.0, 1e-9) + " " + closeTo(1e-11, 0.0) + "\n");
  print("" + closeTo(-1.0, 1.0, 3.0) + " " + closeTo(-1.0, 1.0, 1.1) + " " + closeTo(-1.0, 1.0, 0.9) + "\n");
  print("" + closeTo(1.0, 1.00000000015) + " " + closeTo(1.0, 1.00000000019) + " " + closeTo(1.0, 1.00000000021) + " " + closeTo(1.0, 1.0000000004) + "\n");
  print("" + closeTo(1.0f, 1.000015f) + " " + closeTo(1.0f, 1.000019f) + " " + closeTo(1.0f, 1.000021f) + " " + closeTo(1.0f, 1.00004f) + "\n");
  print("" + closeTo(2.0, 2.0000000003) + " " + closeTo(2.0, 2.0000000005) + " " + closeTo(10.0, 10.0000000015) + " " + closeTo(10.0, 10.0000000025) + "\n");
}
uint dummy;

// expect: true true false false
// expect: true true false false
// expect: true false false false true
// expect: true false
// expect: true false true
// expect: true true false
// expect: true true false false
// expect: true true false false
// expect: true false true false
