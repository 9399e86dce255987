// A6.2: block accessors with implicit `value`, set-only property, compound assignment on a
// property of a script object.
class C {
  int _p = 3;
  int p { get const { return _p; } set { _p = value; } }
  int w { set { print("w=" + value + "\n"); } }
}
void main() {
  C c;
  c.p = 9;
  c.w = 4;
  c.p += 5;
  print("" + c.p + "\n");
}
// expect: w=4
// expect: 14
