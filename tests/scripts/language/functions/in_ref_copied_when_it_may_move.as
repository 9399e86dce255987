// A value passed as `const T &in` from memory the callee may free or move is a copy: an element
// of an array the callee resizes, a member of an object only a global handle holds (the callee
// clears it), a global (the reference copies those too). `this`'s members are passed as they are.
// Each was a heap-use-after-free under ASan when passed by address.
array<string> arr = {"hello", "world"};
class H { string s = "member"; }
H@ gh = H();
string gs = "global";
class C {
  string m = "mine";
  void t() { show(m); }
}
C@ gc;
void f(const string &in s) { arr.resize(0); arr.resize(100000); print(s + "\n"); }
void g(const string &in s) { @gh = null; print(s + "\n"); }
void show(const string &in s) { gs = "G2"; if (gc !is null) gc.m = "M2"; print(s + "\n"); }
void k(string s, int x) { print(s + " " + x + "\n"); }
int clear() { arr.resize(0); arr.resize(3); return 1; }
void main() {
  f(arr[0]);
  g(gh.s);
  show(gs);
  @gc = C();
  gc.t();
  gc.m = "again";
  show(gc.m);
  arr[0] = "x";
  k(arr[0], clear());
}
// expect: hello
// expect: member
// expect: global
// expect: M2
// expect: again
// expect:  1
