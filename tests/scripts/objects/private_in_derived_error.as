// private members of the base are not accessible in a derived class.
class Base {
  private int q = 6;
}
class Derived : Base {
  int getQ() { return q; }
}
void main() {
  Derived d;
  print("" + d.getQ() + "\n");
}

// expect-error: 6 Illegal access to inherited private property 'q'
