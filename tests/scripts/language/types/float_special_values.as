// Infinity from overflow; printing of inf and -inf.
void main() {
  double big = 1e308;
  double inf = big * 10;
  print("" + inf + "\n");
  print("" + (-inf) + "\n");
  print("" + (inf > big) + "\n");
  float fbig = 3e38f;
  float finf = fbig * 10.0f;
  print("" + finf + "\n");
  print("" + (inf == inf) + "\n");
  double nan = inf - inf;
  print("" + (nan == nan) + " " + (nan != nan) + "\n");
}

// expect: inf
// expect: -inf
// expect: true
// expect: inf
// expect: true
// expect: false true
