// A const string &in parameter accepts literals and variables; an int overload is chosen for ints.
void f(const string &in s) { print("in " + s + "\n"); }
void f(int x) { print("int\n"); }
void main() {
  f("abc");
  string s = "var";
  f(s);
  f(5);
}

// expect: in abc
// expect: in var
// expect: int
