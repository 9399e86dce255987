// Comparing a null handle (left side) with == on a type with opEquals: "Null pointer access".
class P {
  int v;
  bool opEquals(const P &in o) const { return v == o.v; }
}
void main() {
  P@ a;
  P b;
  print("before\n");
  print("" + (a == b) + "\n");
}

// expect: before
// expect-exception: Null pointer access
