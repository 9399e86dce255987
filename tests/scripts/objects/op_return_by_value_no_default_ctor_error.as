// Returning a script object by value from a method needs a default constructor (for the
// temporary copy): "No default constructor for object of type 'C'."
class C {
  int v;
  C(int x) { v = x; }
  C opNeg() const { return C(-v); }
  C opPostInc() { C old(v); v++; return old; }
}
void main() {
  C c(5);
  print("" + (-c).v + "\n");
}

// expect-error: 7 No default constructor for object of type 'C'.
