// For handles, == uses opEquals of the objects; is compares identity.
class P {
  int v;
  P(int x) { v = x; }
  bool opEquals(const P &in o) const { return v == o.v; }
}
void main() {
  P@ a = P(1);
  P@ b = P(1);
  print("" + (a == b) + " " + (a is b) + "\n");
  @b = a;
  print("" + (a == b) + " " + (a is b) + "\n");
}

// expect: true false
// expect: true true
