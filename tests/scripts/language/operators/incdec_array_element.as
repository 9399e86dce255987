// ++/-- on array elements and in index expressions.
void main() {
  array<int> a = {10, 20, 30};
  int i = 0;
  a[i++]++;
  print("" + a[0] + " " + i + "\n");
  ++a[++i];
  print("" + a[2] + " " + i + "\n");
  print("" + a[1]-- + " " + a[1] + "\n");
}

// expect: 11 1
// expect: 31 2
// expect: 20 19
