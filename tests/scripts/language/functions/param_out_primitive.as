// &out parameters return values to the caller's variables.
void divmod(int a, int b, int &out q, int &out r) { q = a / b; r = a % b; }
void setTo(double &out d) { d = 2.5; }
void main() {
  int q, r;
  divmod(17, 5, q, r);
  print("" + q + " " + r + "\n");
  double d = 0;
  setTo(d);
  print("" + d + "\n");
  array<int> arr = {0, 0};
  divmod(7, 2, arr[0], arr[1]);
  print("" + arr[0] + " " + arr[1] + "\n");
}

// expect: 3 2
// expect: 2.5
// expect: 3 1
// angelc-only: reference bug: two &out arguments through opIndex (arr[0], arr[1]) both receive the last written value ("1 1")
