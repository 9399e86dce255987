// engine-property: DISALLOW_VALUE_ASSIGN_FOR_REF_TYPE=1
// Handle assignments, init lists and value types (string) are still allowed; a class whose
// members are reference types still compiles (its implicit opAssign is not a script assignment).
class A { int v = 1; }
class B { A a; array<int> arr = {1, 2}; }
void main() {
  A a;
  A@ h = a;
  @h = A();
  h.v = 5;
  array<int> x = {1, 2, 3};
  array<int>@ y = x;
  string s = "x", t;
  t = s;
  B b;
  print(h.v + " " + y.length() + " " + t + " " + b.arr.length() + "\n");
}
// expect: 5 3 x 2
