// A member variable with only a set accessor of its name: reading it goes to the (missing) get
// accessor.
class T {
  string a = "";
  void set_a(const string &in v) property {}
}
void main() {
  T t;
  string s = t.a;
}
// expect-error: 9 The property has no get accessor
