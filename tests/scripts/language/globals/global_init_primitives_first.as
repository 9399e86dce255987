// All primitive globals are initialised before object globals (string, array), whatever the
// declaration order.
int trace(string name, int v) { print("init " + name + "\n"); return v; }
string s = "s" + trace("s", 0);
int n = trace("n", 3);
array<int> arr = {trace("arr", 1)};
double d = trace("d", 2);
void main() {
  print(s + " " + n + " " + arr[0] + " " + d + "\n");
}

// expect: init n
// expect: init d
// expect: init s
// expect: init arr
// expect: s0 3 1 2
