// An &out parameter does not receive the caller's value: a string &out starts as an empty string.
// (The initial value of a primitive &out parameter is unspecified, so it is not printed.)
void f(int &out x) { x = 7; }
void g(string &out s) { print("in g: [" + s + "]\n"); s = "set"; }
void main() {
  int a = 42;
  f(a);
  print("" + a + "\n");
  string s = "old";
  g(s);
  print(s + "\n");
}

// expect: 7
// expect: in g: []
// expect: set
