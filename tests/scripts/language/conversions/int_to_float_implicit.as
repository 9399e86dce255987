// Implicit int -> float/double conversion on assignment and in mixed arithmetic.
void main() {
  int i = 7;
  float f = i;
  double d = i;
  print("" + f + " " + d + "\n");
  print("" + (i / 2) + " " + (i / 2.0) + " " + (i / 2.0f) + "\n");
  int64 big = 9007199254740993;
  double bd = big;
  print(formatFloat(bd, "", 0, 0) + "\n");
  int j = 16777217;
  float fj = j;
  print(formatFloat(fj, "", 0, 0) + "\n");
}

// expect: 7 7
// expect: 3 3.5 3.5
// expect: 9007199254740992
// expect: 16777216
