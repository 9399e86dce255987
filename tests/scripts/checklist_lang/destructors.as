// A6: the derived destructor runs before the base one; a destructor that resurrects the object
// (stores `this` in a global) runs only once.
class B { ~B() { print("~B\n"); } }
class D : B { ~D() { print("~D\n"); } }
class R {
  ~R() { print("~R\n"); @keep = this; }
}
R@ keep;
void main() {
  { D d; }
  { R@ r = R(); }
  print("after " + (keep !is null) + "\n");
  @keep = null;
  print("end\n");
}
// expect: ~D
// expect: ~B
// expect: ~R
// expect: after true
// expect: end
