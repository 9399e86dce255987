// Parameters are passed by value: modifying them does not change the caller's variable.
void f(int x, string s) { x = 100; s = "changed"; print("in f " + x + " " + s + "\n"); }
void main() {
  int a = 1;
  string t = "orig";
  f(a, t);
  print("" + a + " " + t + "\n");
}

// expect: in f 100 changed
// expect: 1 orig
