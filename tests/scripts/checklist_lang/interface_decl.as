// A3/A6.2: an interface with a virtual property `{ get const; set; }` and a get-only one.
interface I { int p { get const; set; } int r { get const; } void m(); }
class C : I {
  int _p = 3;
  int p { get const { return _p; } set { _p = value; } }
  int r { get const { return 42; } }
  void m() { print("m\n"); }
}
void main() {
  C c;
  I@ i = c;
  i.m();
  i.p = 9;
  print("" + i.p + " " + i.r + " " + c.p + "\n");
}
// expect: m
// expect: 9 42 9
