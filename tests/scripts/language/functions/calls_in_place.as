// Calls whose callee's frame starts at the arguments (BC_CALL_IN_PLACE, when no slot of the caller
// above them is read afterwards) leave the caller's values intact: temporaries and variables
// around the call, &out arguments, default arguments that build objects, calls nested
// in arguments, recursion deep enough to need a second stack chunk, a callee that throws into
// the caller's catch, handles and value objects passed and returned.
class Box { int v; Box(int v) { this.v = v; } }
int fib(int n) { if (n < 2) return n; return fib(n - 1) + fib(n - 2); }
int add3(int a, int b, int c) { int x = a * 100; int y = b * 10; return x + y + c; }
void split(int n, int &out hi, int &out lo) { int t = n / 10; hi = t; lo = n - t * 10; }
void bump(int v, int &out x) { int pad1 = 1, pad2 = 2, pad3 = 3; x = v + pad1 + pad2 + pad3; }
string label(int n, const string &in pre = "n=" + "") { string s = pre; return s + n; }
int depth(int n) { int a = n, b = n * 2, c = n * 3; if (n == 0) return 0; return depth(n - 1) + (c - b - a) + 1; }
int thrower(int n) { int big = n * 1000; if (n > 2) throw("too big " + big); return big; }
Box@ make(int v) { Box b(v); return b; }
int boxsum(Box@ a, Box@ b) { Box@ t = a; @a = b; @b = t; return a.v + b.v; }
double mix(int i, double d, int j) { double k = d * 2; return i + k + j; }
void main() {
  int keep = 7;
  int r = fib(15);
  print("fib " + r + " keep " + keep + "\n");
  print("add3 " + add3(1, 2, 3) + " " + add3(add3(0, 0, 1), fib(5), 9) + "\n");
  int hi, lo;
  split(47, hi, lo);
  print("split " + hi + " " + lo + "\n");
  int x = 10;
  bump(x, x);
  bump(x, x);
  print("bump " + x + "\n");
  print(label(3) + " " + label(4, "m=") + "\n");
  print("depth " + depth(20000) + "\n");
  int total = 0;
  for (int i = 0; i < 5; i++) {
    try {
      total += thrower(i);
    } catch {
      print("caught at " + i + " total " + total + " " + getExceptionInfo() + "\n");
    }
  }
  Box@ a = make(5);
  Box@ b = make(6);
  print("boxsum " + boxsum(a, b) + " " + a.v + " " + b.v + "\n");
  print("mix " + mix(1, 2.5, 3) + " keep " + keep + "\n");
  array<int> arr = {fib(3), fib(4), fib(5)};
  print("arr " + arr[0] + " " + arr[1] + " " + arr[2] + "\n");
}
// expect: fib 610 keep 7
// expect: add3 123 159
// expect: split 4 7
// expect: bump 22
// expect: n=3 m=4
// expect: depth 20000
// expect: caught at 3 total 3000 too big 3000
// expect: caught at 4 total 3000 too big 4000
// expect: boxsum 11 5 6
// expect: mix 9 keep 7
// expect: arr 2 3 5
