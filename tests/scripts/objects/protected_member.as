// protected members are accessible in derived classes but not outside.
class Base {
  protected int p = 5;
  private int q = 6;
}
class Derived : Base {
  int getP() { return p; }
}
void main() {
  Derived d;
  print("" + d.getP() + "\n");
}

// expect: 5
